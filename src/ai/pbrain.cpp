#include "ai/pbrain.h"

#include <algorithm>
#include <cctype>
#include <istream>
#include <ostream>
#include <sstream>

#include "core/renju.h"
#include "gomoku/version.h"

namespace gomoku::ai {

namespace {

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

std::string trim(const std::string& s) {
  std::size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return s.substr(a, b - a);
}

bool parseInt(const std::string& s, long long& v) {
  try {
    std::size_t used = 0;
    v = std::stoll(s, &used);
    return used == s.size();
  } catch (...) {
    return false;
  }
}

}  // namespace

Rule ruleFromGomocup(int bits) {
  if (bits & 4) return Rule::Renju;
  if (bits & 1) return Rule::Standard;
  if (bits & 8) return Rule::Standard;
  return Rule::Freestyle;
}

PbrainBrain::PbrainBrain(std::ostream& out, int level) : out_(out), level_(level) {}

void PbrainBrain::reply(const std::string& s) {
  out_ << s << std::endl;
}

int PbrainBrain::run(std::istream& in) {
  std::string line;
  while (std::getline(in, line)) {
    if (!handleLine(line)) break;
  }
  return 0;
}

bool PbrainBrain::parseXY(const std::string& s, Point& p) const {
  const auto comma = s.find(',');
  if (comma == std::string::npos) return false;
  long long x = 0, y = 0;
  if (!parseInt(trim(s.substr(0, comma)), x) || !parseInt(trim(s.substr(comma + 1)), y))
    return false;
  p = {static_cast<int>(x), static_cast<int>(y)};
  return board_.inside(p);
}

Stone PbrainBrain::toMove() const {
  return board_.stoneCount() % 2 == 0 ? Stone::Black : Stone::White;
}

Limits PbrainBrain::limits() const {
  Limits l;
  l.level = level_;
  // Keep a margin for process and pipe latency: 25 ms at 0.1 s per move, 60 ms from 0.5 s.
  l.turnTimeMs = timeoutTurn_ > 0 ? turnWithMargin(timeoutTurn_) : 100;
  if (timeLeft_ >= 0 && timeoutMatch_ > 0)
    l.timeLeftMs = std::max<std::int64_t>(0, timeLeft_ - 100);
  if (maxMemory_ > 0) {
    l.memoryBytes =
        static_cast<std::size_t>(std::clamp<std::uint64_t>(maxMemory_ / 3, 1u << 20, 512ull << 20));
  } else {
    l.memoryBytes = 64u << 20;
  }
  l.seed = seed_;
  l.threads = threads_;
  return l;
}

void PbrainBrain::think() {
  const Stone me = toMove();
  SearchResult r = ai::think(board_, me, rule_, limits());
  ++seed_;
  if (!r.move) {
    reply("ERROR no legal move");
    return;
  }
  board_.set(*r.move, me);
  std::ostringstream m;
  m << "MESSAGE depth " << r.depth << " score " << r.score << " nodes " << r.nodes << " ("
    << r.reason << ")";
  reply(m.str());
  reply(std::to_string(r.move->x) + "," + std::to_string(r.move->y));
}

void PbrainBrain::handleInfo(const std::string& key, const std::string& value) {
  long long v = 0;
  const std::string k = upper(key);
  if (!parseInt(value, v)) return;  // e.g. INFO folder PATH: not needed
  if (k == "TIMEOUT_TURN")
    timeoutTurn_ = v;
  else if (k == "TIMEOUT_MATCH")
    timeoutMatch_ = v;
  else if (k == "TIME_LEFT")
    timeLeft_ = v;
  else if (k == "MAX_MEMORY")
    maxMemory_ = static_cast<std::uint64_t>(std::max(0LL, v));
  else if (k == "THREAD_NUM")
    setThreads(static_cast<int>(std::clamp<long long>(v, 1, kMaxThreads)));
  else if (k == "RULE")
    rule_ = ruleFromGomocup(static_cast<int>(v));
}

void PbrainBrain::swap2() {
  // Gomocup's SWAP2BOARD (gomocup.org, the swap2 tournaments' protocol): after no stones, the
  // three opening stones; after three or five, "SWAP" (we take Black, White moves next) or our
  // move as White (the 4th or the 6th: we keep White). Placing two more stones is not used.
  // One reply per command, so a bad stone line is answered here, at DONE.
  if (!swapBadLine_.empty()) {
    reply("ERROR bad stone line: " + swapBadLine_);
    return;
  }
  if (swapMoves_.size() != 0 && swapMoves_.size() != 3 && swapMoves_.size() != 5) {
    reply("ERROR SWAP2BOARD takes 0, 3 or 5 stones, not " + std::to_string(swapMoves_.size()));
    return;
  }
  // Our colour choice is made with a short search; the opening stones are a balanced pattern.
  const int n = board_.size();
  const int c = n / 2;
  if (swapMoves_.empty()) {
    reply(std::to_string(c) + "," + std::to_string(c) + " " + std::to_string(c + 1) + "," +
          std::to_string(c) + " " + std::to_string(c + 2) + "," + std::to_string(c + 1));
    return;
  }
  Board b(n);
  Stone s = Stone::Black;
  for (Point p : swapMoves_) {
    if (!b.inside(p) || b.at(p) != Stone::Empty) {
      reply("ERROR bad SWAP2BOARD stones");
      return;
    }
    b.set(p, s);
    s = opponent(s);
  }
  Limits l = limits();
  l.turnTimeMs = std::max<std::int64_t>(20, l.turnTimeMs / 2);
  SearchResult r = ai::think(b, s, rule_, l);
  // 3 stones: White to move. Play White when it is not worse; otherwise swap (take Black).
  // 5 stones: White to move again; same choice.
  if (r.move && r.score >= -30) {
    board_ = b;
    board_.set(*r.move, s);
    reply(std::to_string(r.move->x) + "," + std::to_string(r.move->y));
  } else {
    board_ = b;
    reply("SWAP");
  }
}

bool PbrainBrain::handleLine(const std::string& raw) {
  const std::string line = trim(raw);
  if (line.empty()) return true;
  if (mode_ == Mode::Board || mode_ == Mode::Swap2) {
    if (upper(line) == "DONE") {
      if (mode_ == Mode::Swap2) {
        mode_ = Mode::Commands;
        swap2();
        return true;
      }
      mode_ = Mode::Commands;
      // The stones arrive in playing order; colours alternate from Black only when the counts
      // agree with "own" and "opponent": we are to move, so our colour is toMove().
      board_ = Board(board_.size());
      int own = 0, opp = 0;
      for (auto& [p, f] : boardLines_) (f == 1 ? own : opp)++;
      // We are to move: equal counts mean we are Black, one stone fewer means White.
      const Stone me = own == opp  ? Stone::Black
                       : own < opp ? Stone::White
                                   : ((own + opp) % 2 == 0 ? Stone::Black : Stone::White);
      for (auto& [p, f] : boardLines_) {
        if (board_.at(p) != Stone::Empty) continue;
        board_.set(p, f == 1 ? me : opponent(me));
      }
      boardLines_.clear();
      think();
      return true;
    }
    if (mode_ == Mode::Swap2) {
      Point p;
      if (parseXY(line, p))
        swapMoves_.push_back(p);
      else if (swapBadLine_.empty())
        swapBadLine_ = line.substr(0, 100);
      return true;
    }
    // x,y,field
    const auto last = line.rfind(',');
    Point p;
    long long f = 0;
    if (last == std::string::npos || !parseXY(line.substr(0, last), p) ||
        !parseInt(trim(line.substr(last + 1)), f) || f < 1 || f > 3) {
      reply("ERROR bad BOARD line: " + line);
      return true;
    }
    boardLines_.push_back({p, f == 1 ? 1 : 2});
    return true;
  }

  std::istringstream ss(line);
  std::string cmd;
  ss >> cmd;
  cmd = upper(cmd);
  std::string rest;
  std::getline(ss, rest);
  rest = trim(rest);

  if (cmd == "START") {
    long long n = 0;
    if (!parseInt(rest, n) || n < Board::kMinSize || n > Board::kMaxSize) {
      reply("ERROR unsupported size (" + rest + "); sizes " + std::to_string(Board::kMinSize) +
            ".." + std::to_string(Board::kMaxSize));
      return true;
    }
    board_ = Board(static_cast<int>(n));
    started_ = true;
    reply("OK");
  } else if (cmd == "RECTSTART") {
    const auto comma = rest.find(',');
    long long w = 0, h = 0;
    if (comma == std::string::npos || !parseInt(trim(rest.substr(0, comma)), w) ||
        !parseInt(trim(rest.substr(comma + 1)), h) || w != h || w < Board::kMinSize ||
        w > Board::kMaxSize) {
      reply("ERROR only square boards of 5..25 are supported");
      return true;
    }
    board_ = Board(static_cast<int>(w));
    started_ = true;
    reply("OK");
  } else if (cmd == "RESTART") {
    board_ = Board(board_.size());
    reply("OK");
  } else if (!started_ && (cmd == "TURN" || cmd == "BEGIN" || cmd == "BOARD" || cmd == "TAKEBACK" ||
                           cmd == "SWAP2BOARD")) {
    reply("ERROR START first");
  } else if (cmd == "TURN") {
    Point p;
    if (!parseXY(rest, p) || board_.at(p) != Stone::Empty) {
      reply("ERROR bad or occupied point: " + rest);
      return true;
    }
    board_.set(p, toMove());
    think();
  } else if (cmd == "BEGIN") {
    think();
  } else if (cmd == "BOARD") {
    mode_ = Mode::Board;
    boardLines_.clear();
  } else if (cmd == "SWAP2BOARD") {
    mode_ = Mode::Swap2;
    swapMoves_.clear();
    swapBadLine_.clear();
  } else if (cmd == "TAKEBACK") {
    Point p;
    if (!parseXY(rest, p) || board_.at(p) == Stone::Empty) {
      reply("ERROR nothing to take back at " + rest);
      return true;
    }
    board_.set(p, Stone::Empty);
    reply("OK");
  } else if (cmd == "INFO") {
    std::istringstream is(rest);
    std::string key, value;
    is >> key;
    std::getline(is, value);
    handleInfo(key, trim(value));
  } else if (cmd == "END") {
    return false;
  } else if (cmd == "ABOUT") {
    reply(std::string("name=\"gomoku\", version=\"") + kProgramVersion +
          "\", author=\"Gomoku project\", country=\"-\"");
  } else {
    reply("UNKNOWN " + cmd);
  }
  return true;
}

}  // namespace gomoku::ai
