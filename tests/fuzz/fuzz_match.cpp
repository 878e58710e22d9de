// libFuzzer target: the match state machine (src/net/match.h). Two Match objects, a host and a
// joiner, are wired to each other through message queues (as in tests/net/match_test.cpp); the
// input is a program of operations on them:
//   - local actions of either side: play a point, request / answer a takeback, offer / answer a
//     draw, resign, play again (or decline), chat, change the nickname, leave, lose the connection;
//   - deliveries of the oldest queued message in either direction, in the order the input
//     chooses (so messages cross), or of everything in flight;
//   - advancing the (fake) clock of the chat rate limit and the game clocks, after which that
//     side judges its clocks (Match::checkClock: a flag, a claim on time);
//   - decisions in the game's opening rule (a stone, a choice, a count, alternatives, a pick),
//     legal or not;
//   - injection of a message from a hostile peer into either side: decoded from raw input bytes
//     (decodeHeader / decodeBody), or built field by field near the receiver's position.
// A side that called disconnect() still has its queued messages delivered; after them its peer
// gets connectionLost() (end of stream), as the Session does. Messages sent after disconnect()
// are dropped.
//
// The first four bytes are the host's settings: rule, board size - 5, colour (and, divided by
// 3, the game clock: none, Fischer 10 s + 1 s, 5 s a move, 5 s then 2 s byo-yomi; divided by
// 12, the opening rule: none, swap, swap2, Soosõrv-8, Taraguchi-10, the last two on odd boards
// only), foul policy.
//
// Checked after every operation (a failure aborts with a description of the state):
//   1. A Match that sent ERROR is Closed, and sentError() is set exactly when it sent one.
//   2. Closed is final: a Closed match never reopens.
//   3. Board sanity: the stones on the board are exactly the move list.
//   4. While no hostile message was injected (two honest peers):
//      a. neither sends ERROR (except a "chat flood" or a claim on time against time still left,
//         which a long delivery delay can cause);
//      b. when both are Playing or Finished and no message is in flight, both have the same game
//         number, opposite colours, identical boards, move lists and results (outcome, reason,
//         winning line), and the same view of pending requests (takeback, draw, play again);
//      c. after any interleaving, a game both sides have left for a later one ended the same on
//         both: the outcome and the reason each side last held for it while connected (e.g. a
//         resignation that crossed a five: the resignation on both sides).
// Nothing may crash, throw or hang (libFuzzer -timeout).
//
// While a known fault awaits its fix, FUZZ_MATCH_IGNORE="text1|text2" (substrings of the
// failure line, or of the ERROR text the honest peers exchanged) lets the fuzzer go on looking
// for other faults: an input that runs into one of them is dropped from that point on.

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "net/match.h"
#include "net/wire.h"

using namespace gomoku;
using namespace gomoku::net;

namespace {

// The fuzzer's bytes, read front to back; zeros once they run out.
class Input {
 public:
  Input(const std::uint8_t* d, std::size_t n) : d_(d), n_(n) {}
  bool empty() const { return pos_ >= n_; }
  std::uint8_t byte() { return pos_ < n_ ? d_[pos_++] : 0; }
  std::uint16_t u16() {
    const std::uint16_t hi = byte();
    return static_cast<std::uint16_t>((hi << 8) | byte());
  }
  std::string text(std::size_t maxLen) {
    const std::size_t len = byte() % (maxLen + 1);
    std::string s;
    for (std::size_t i = 0; i < len && !empty(); ++i) s.push_back(static_cast<char>(byte()));
    return s;
  }
  std::vector<std::uint8_t> bytes(std::size_t len) {
    std::vector<std::uint8_t> v;
    for (std::size_t i = 0; i < len && !empty(); ++i) v.push_back(byte());
    return v;
  }

 private:
  const std::uint8_t* d_;
  std::size_t n_;
  std::size_t pos_ = 0;
};

using Clock = std::chrono::steady_clock;

struct Side {
  const char* name = "";
  std::deque<Message> outbox;  // sent, not yet delivered
  bool disconnected = false;   // called disconnect()
  bool eofDelivered = false;   // the peer has been told the connection closed
  bool cut = false;            // this side lost the connection abruptly: nothing more gets through
  int errorsSent = 0;
  int refusals = 0;  // ERRORs that refused a RESUME (the match stays Suspended)
  std::string lastErrorText;
  int droppedAfterDisconnect = 0;
  bool wasClosed = false;
  std::map<int, std::pair<Outcome, EndReason>> results;  // game number -> last result seen
  std::unique_ptr<Match> match;

  Side(const char* n, MatchSettings s, const Clock::time_point* now) : name(n) {
    match = std::make_unique<Match>(
        std::move(s),
        [this](const Message& m) {
          if (const Error* e = std::get_if<Error>(&m)) {
            ++errorsSent;
            lastErrorText = e->text;
          }
          if (disconnected || cut) {
            ++droppedAfterDisconnect;
            return;
          }
          outbox.push_back(m);
        },
        [this] { disconnected = true; }, [](MatchEvent) {});
    match->setClock([now] { return *now; });
  }
};

struct World {
  Clock::time_point now{};
  bool tainted = false;  // a hostile message was injected
  std::unique_ptr<Side> host, joiner;
  std::vector<std::string> trace;  // the operations, for the failure report

  Side& side(bool j) { return j ? *joiner : *host; }
};

std::string movesText(const Game& g) {
  std::string s;
  for (const Point& p : g.moves()) s += std::to_string(p.x) + "," + std::to_string(p.y) + " ";
  return s;
}

void describe(const Side& s) {
  const Match& m = *s.match;
  const Game& g = m.game();
  std::fprintf(stderr,
               "  %s: phase %s, game %d, colour %s, ply %d, result %s/%d, takeback pending %d "
               "requested %d, draw offered %d requested %d, again %d/%d, outbox %zu, "
               "disconnected %d, errors sent %d (%s), close reason \"%s\"\n    moves: %s\n",
               s.name, matchPhaseName(m.phase()), m.gameNumber(), stoneName(m.localColor()),
               g.ply(), outcomeName(g.result().outcome), static_cast<int>(g.result().reason),
               m.takebackPending(), m.takebackRequested(), m.drawOffered(), m.drawRequested(),
               m.wantAgain(), m.peerWantsAgain(), s.outbox.size(), s.disconnected, s.errorsSent,
               s.lastErrorText.c_str(), m.closeReason().c_str(), movesText(g).c_str());
}

// Thrown to abandon an input that hit a fault listed in FUZZ_MATCH_IGNORE.
struct Ignored {};

bool ignored(const std::string& what) {
  static const std::vector<std::string> patterns = [] {
    std::vector<std::string> v;
    const char* env = std::getenv("FUZZ_MATCH_IGNORE");
    std::string all = env ? env : "";
    for (std::size_t start = 0; start <= all.size();) {
      const std::size_t bar = std::min(all.find('|', start), all.size());
      if (bar > start) v.push_back(all.substr(start, bar - start));
      start = bar + 1;
    }
    return v;
  }();
  for (const auto& p : patterns)
    if (what.find(p) != std::string::npos) return true;
  return false;
}

[[noreturn]] void fail(World& w, const std::string& what) {
  if (ignored(what)) throw Ignored{};
  std::fprintf(stderr, "fuzz_match: invariant violated: %s\n", what.c_str());
  std::fprintf(stderr, "  hostile messages injected: %s\n", w.tainted ? "yes" : "no");
  describe(*w.host);
  describe(*w.joiner);
  std::fprintf(stderr, "  operations (%zu):\n", w.trace.size());
  for (const auto& t : w.trace) std::fprintf(stderr, "    %s\n", t.c_str());
  std::abort();
}

void checkSide(World& w, Side& s) {
  const Match& m = *s.match;
  const std::string who = s.name;
  // A host that refused a reconnection attempt (ERROR to that connection only) stays Suspended.
  if (m.phase() == MatchPhase::Suspended && !m.sentError().has_value()) s.refusals = s.errorsSent;
  const int errors = s.errorsSent - s.refusals;
  if (errors > 0 && m.phase() != MatchPhase::Closed) fail(w, who + " sent ERROR but is not Closed");
  if (m.sentError().has_value() != (errors > 0))
    fail(w, who + ": sentError() does not match the ERRORs sent");
  if (s.wasClosed && m.phase() != MatchPhase::Closed)
    fail(w, who + " was Closed and is now " + matchPhaseName(m.phase()));
  if (m.phase() == MatchPhase::Closed) s.wasClosed = true;
  const Game& g = m.game();
  if (g.board().stoneCount() != g.ply())
    fail(w, who + ": stones on the board differ from the move count");
  for (std::size_t i = 0; i < g.moves().size(); ++i) {
    const Stone expected = i % 2 == 0 ? Stone::Black : Stone::White;
    if (!g.board().inside(g.moves()[i]) || g.board().at(g.moves()[i]) != expected)
      fail(w, who + ": move " + std::to_string(i + 1) + " is not on the board in its colour");
  }
  if (m.phase() == MatchPhase::Playing && g.over())
    fail(w, who + " is Playing a game that is over");
}

bool active(const Match& m) {
  return m.phase() == MatchPhase::Playing || m.phase() == MatchPhase::Finished;
}

void check(World& w) {
  checkSide(w, *w.host);
  checkSide(w, *w.joiner);
  if (w.tainted) return;
  for (Side* s : {w.host.get(), w.joiner.get()})
    if (s->errorsSent > 0 && s->lastErrorText.find("chat flood") == std::string::npos &&
        s->lastErrorText.find("a win on time claimed while") == std::string::npos)
      fail(w, std::string("honest peers: ") + s->name + " sent ERROR \"" + s->lastErrorText + "\"");
  const Match& a = *w.host->match;
  const Match& b = *w.joiner->match;
  for (Side* s : {w.host.get(), w.joiner.get()}) {
    // The game before the current one as it ended: a resume may still change its result.
    const Game& prev = s->match->previousGame();
    if (s->match->gameNumber() >= 2 && prev.over())
      s->results[s->match->gameNumber() - 1] = {prev.result().outcome, prev.result().reason};
  }
  for (Side* s : {w.host.get(), w.joiner.get()})
    if (active(*s->match) && s->match->game().over())
      s->results[s->match->gameNumber()] = {s->match->game().result().outcome,
                                            s->match->game().result().reason};
  for (const auto& [game, ra] : w.host->results) {
    const auto rb = w.joiner->results.find(game);
    if (game >= a.gameNumber() || game >= b.gameNumber() || rb == w.joiner->results.end()) continue;
    if (ra != rb->second)
      fail(w, "game " + std::to_string(game) + " ended differently: host " + outcomeName(ra.first) +
                  "/" + std::to_string(static_cast<int>(ra.second)) + ", joiner " +
                  outcomeName(rb->second.first) + "/" +
                  std::to_string(static_cast<int>(rb->second.second)));
  }
  if (!active(a) || !active(b) || !w.host->outbox.empty() || !w.joiner->outbox.empty()) return;
  const Game& ga = a.game();
  const Game& gb = b.game();
  if (a.gameNumber() != b.gameNumber()) fail(w, "quiescent: different game numbers");
  if (a.localColor() == b.localColor()) fail(w, "quiescent: both play the same colour");
  if (ga.size() != gb.size() || ga.rule() != gb.rule() || ga.foulPolicy() != gb.foulPolicy())
    fail(w, "quiescent: different board size, rule or foul policy");
  if (ga.moves() != gb.moves()) fail(w, "quiescent: different move lists");
  for (int y = 0; y < ga.size(); ++y)
    for (int x = 0; x < ga.size(); ++x)
      if (ga.board().at({x, y}) != gb.board().at({x, y})) fail(w, "quiescent: different boards");
  if (ga.result().outcome != gb.result().outcome || ga.result().reason != gb.result().reason ||
      ga.result().line != gb.result().line)
    fail(w, "quiescent: different results");
  if (a.phase() != b.phase()) fail(w, "quiescent: one is Playing, the other Finished");
  if (a.takebackPending() != b.takebackRequested() || b.takebackPending() != a.takebackRequested())
    fail(w, "quiescent: the two sides disagree on a pending takeback request");
  if (a.drawOffered() != b.drawRequested() || b.drawOffered() != a.drawRequested())
    fail(w, "quiescent: the two sides disagree on a standing draw offer");
  if (a.wantAgain() != b.peerWantsAgain() || b.wantAgain() != a.peerWantsAgain())
    fail(w, "quiescent: the two sides disagree on play again");
}

// Delivers the oldest message of `from` to its peer; when none is queued and `from` has
// disconnected, tells the peer the connection closed. False when nothing happened.
bool deliverOne(World& w, bool fromJoiner) {
  Side& from = w.side(fromJoiner);
  Side& to = w.side(!fromJoiner);
  if (from.cut ||
      to.cut) {  // a dead link: what is in flight is lost; the peer of the cut side sees the end
    from.outbox.clear();
    if (from.cut && !from.eofDelivered) {
      from.eofDelivered = true;
      w.trace.push_back(std::string("connection lost ") + from.name + " -> " + to.name);
      to.match->connectionLost("the connection was reset");
      return true;
    }
    return false;
  }
  if (!from.outbox.empty()) {
    Message m = std::move(from.outbox.front());
    from.outbox.pop_front();
    w.trace.push_back(std::string("deliver ") + typeName(typeOf(m)) + " " + from.name + " -> " +
                      to.name);
    to.match->receive(m);
    return true;
  }
  if (from.disconnected && !from.eofDelivered) {
    from.eofDelivered = true;
    w.trace.push_back(std::string("end of stream ") + from.name + " -> " + to.name);
    to.match->connectionLost("the connection was closed");
    return true;
  }
  return false;
}

void deliverAll(World& w) {
  for (int guard = 0; guard < 100000; ++guard) {
    const bool a = deliverOne(w, false);
    check(w);
    const bool b = deliverOne(w, true);
    check(w);
    if (!a && !b) return;
  }
  fail(w, "messages kept flowing (more than 200000 deliveries)");
}

// The index-th empty point of the board (row-major, wrapping), or an off-board point when full.
Point emptyPoint(const Game& g, unsigned index) {
  const int n = g.size();
  const int free = n * n - g.board().stoneCount();
  if (free <= 0) return {n, n};
  unsigned k = index % static_cast<unsigned>(free);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x)
      if (g.board().at({x, y}) == Stone::Empty && k-- == 0) return {x, y};
  return {n, n};
}

// A message of a hostile peer, built from the input near the receiver's position.
Message hostileMessage(Input& in, const Match& to) {
  const int ply = to.game().ply();
  auto nearPly = [&] {
    return static_cast<std::uint16_t>(ply + static_cast<int>(in.byte() % 7) - 3);
  };
  const int size = to.game().size();
  switch (in.byte() % 17) {
    case 0: {  // raw bytes through the decoder
      std::uint8_t header[kHeaderSize] = {kMagic0, kMagic1, kProtocolMajor, in.byte(), 0, 0, 0, 0};
      const std::vector<std::uint8_t> body = in.bytes(in.byte() % 48);
      header[7] = static_cast<std::uint8_t>(body.size());
      DecodeError e = DecodeError::None;
      const Header h = decodeHeader(header, e);
      if (e != DecodeError::None) return Heartbeat{};
      Message m = decodeBody(h, body.data(), body.size(), e);
      if (e != DecodeError::None) return Heartbeat{};  // the Session would refuse it
      return m;
    }
    case 1:
      return Hello{static_cast<std::uint8_t>(in.byte() % 3), in.byte(), "0.1.0", "hostile"};
    case 2: {
      Setup s;
      s.boardSize = static_cast<std::uint8_t>(in.byte() % 30);
      s.rule = static_cast<Rule>(in.byte() % 3);
      s.hostIsBlack = in.byte() & 1;
      s.foul = static_cast<FoulPolicy>(in.byte() & 1);
      return s;
    }
    case 3:
    case 4: {
      const std::uint16_t p = nearPly();
      const std::uint8_t x = static_cast<std::uint8_t>(in.byte() % (size + 2));
      const std::uint8_t y = static_cast<std::uint8_t>(in.byte() % (size + 2));
      return Move{p, x, y};
    }
    case 5:
      return Bye{ByeReason::Leaving, "bye"};
    case 6:
      return Error{static_cast<ErrorCode>(in.byte() % 7), "hostile error"};
    case 7: {
      const std::uint16_t at = nearPly();
      return TakebackRequest{at, static_cast<std::uint16_t>(at - 1 - (in.byte() & 1))};
    }
    case 8:
      return TakebackReply{nearPly(), (in.byte() & 1) != 0};
    case 9:
      return DrawOffer{nearPly()};
    case 10:
      return DrawReply{nearPly(), (in.byte() & 1) != 0};
    case 11:
      return Resign{nearPly()};
    case 12:
      return Nickname{"hostile" + std::to_string(in.byte())};
    case 13:
      return PlayAgain{
          static_cast<std::uint16_t>(to.gameNumber() + static_cast<int>(in.byte() % 3)),
          (in.byte() & 1) != 0};
    case 14:
      return Chat{"spam " + std::to_string(in.byte())};
    case 15: {
      Resume r{
          in.byte() & 1 ? to.token() : in.u16(), static_cast<std::uint16_t>(in.byte() % 3), {}};
      for (const Point p : to.game().moves())
        r.moves.push_back({static_cast<std::uint8_t>(p.x), static_cast<std::uint8_t>(p.y)});
      if (in.byte() & 1)
        r.moves.push_back({static_cast<std::uint8_t>(in.byte() % (size + 2)),
                           static_cast<std::uint8_t>(in.byte() % (size + 2))});
      if ((in.byte() & 3) == 0 && !r.moves.empty()) r.moves.pop_back();
      return r;
    }
    default: {
      Sync y{static_cast<std::uint16_t>(1 + in.byte() % 3),
             {},
             "hostile",
             Outcome::Ongoing,
             EndReason::None,
             {}};
      y.setup.boardSize = static_cast<std::uint8_t>(size);
      y.setup.hostIsBlack = to.localColor() == Stone::White;
      y.setup.token = to.token();
      for (const Point p : to.game().moves())
        y.moves.push_back({static_cast<std::uint8_t>(p.x), static_cast<std::uint8_t>(p.y)});
      if (in.byte() & 1)
        y.moves.push_back({static_cast<std::uint8_t>(in.byte() % (size + 2)),
                           static_cast<std::uint8_t>(in.byte() % (size + 2))});
      if (in.byte() & 1) {
        y.outcome = static_cast<Outcome>(1 + in.byte() % 3);
        y.reason = static_cast<EndReason>(1 + in.byte() % 8);
      }
      return y;
    }
  }
}

void run(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  World w;
  MatchSettings hs;
  hs.role = Role::Host;
  hs.nickname = "Host";
  hs.rule = static_cast<Rule>(in.byte() % 3);
  const std::uint8_t sizeByte = in.byte();
  hs.boardSize = hs.rule == Rule::Renju
                     ? 15
                     : Board::kMinSize + sizeByte % (Board::kMaxSize - Board::kMinSize + 1);
  const std::uint8_t colourByte = in.byte();
  hs.color = static_cast<ColorChoice>(colourByte % 3);
  switch (colourByte / 3 % 4) {
    case 1:
      hs.clock = {ClockKind::Fischer, 10'000, 1'000, 0};
      break;
    case 2:
      hs.clock = {ClockKind::PerMove, 0, 0, 5'000};
      break;
    case 3:
      hs.clock = {ClockKind::ByoYomi, 5'000, 0, 2'000};
      break;
    default:
      break;
  }
  hs.randomSeed = 1;  // deterministic Random colour
  hs.foul = (in.byte() & 1) ? FoulPolicy::Lose : FoulPolicy::Refuse;
  MatchSettings js;
  js.role = Role::Joiner;
  js.nickname = "Joiner";
  w.host = std::make_unique<Side>("host", hs, &w.now);
  w.joiner = std::make_unique<Side>("joiner", js, &w.now);
  w.host->match->connected();
  w.joiner->match->connected();
  check(w);

  for (int step = 0; step < 5000 && !in.empty(); ++step) {
    const std::uint8_t op = in.byte();
    const bool j = (op & 0x80) != 0;
    Side& s = w.side(j);
    Match& m = *s.match;
    const std::string who = s.name;
    switch (op & 0x1F) {
      case 0:
      case 1:
      case 2:
      case 3:
      case 4:
      case 5:  // deliveries are the most common step
        deliverOne(w, j);
        break;
      case 6:
        w.trace.push_back("deliver all");
        deliverAll(w);
        break;
      case 7:
      case 8:
      case 9: {  // a legal-looking move: the k-th empty point
        const Point p = emptyPoint(m.game(), in.byte());
        const MoveError e = m.playLocal(p);
        w.trace.push_back(who + " plays " + std::to_string(p.x) + "," + std::to_string(p.y) + ": " +
                          moveErrorText(e));
        break;
      }
      case 10: {  // any point, also occupied or off the board
        const Point p{in.byte() % (m.game().size() + 2), in.byte() % (m.game().size() + 2)};
        const MoveError e = m.playLocal(p);
        w.trace.push_back(who + " plays " + std::to_string(p.x) + "," + std::to_string(p.y) + ": " +
                          moveErrorText(e));
        break;
      }
      case 11:
        w.trace.push_back(who + " requests a takeback: " + describe(m.requestTakeback()));
        break;
      case 12: {
        const bool yes = in.byte() & 1;
        w.trace.push_back(who + (yes ? " accepts" : " declines") +
                          " the takeback: " + describe(m.answerTakeback(yes)));
        break;
      }
      case 13:
        w.trace.push_back(who + " offers a draw: " + describe(m.offerDraw()));
        break;
      case 14: {
        const bool yes = in.byte() & 1;
        w.trace.push_back(who + (yes ? " accepts" : " declines") +
                          " the draw: " + describe(m.answerDraw(yes)));
        break;
      }
      case 15:
        w.trace.push_back(who + " resigns: " + describe(m.resign()));
        break;
      case 16:
      case 17: {
        const bool yes = (op & 0x1F) == 16 || (in.byte() & 1);
        w.trace.push_back(who + " play again " + (yes ? "yes" : "no") + ": " +
                          describe(m.playAgain(yes)));
        break;
      }
      case 18: {
        const std::string t = in.text(12);
        w.trace.push_back(who + " chats (" + std::to_string(t.size()) +
                          " bytes): " + describe(m.sendChat(t)));
        break;
      }
      case 19: {
        const std::string t = in.text(12);
        w.trace.push_back(who + " changes nickname (" + std::to_string(t.size()) +
                          " bytes): " + describe(m.changeNickname(t)));
        break;
      }
      case 20: {
        const int ms = in.byte() * 20;
        w.now += std::chrono::milliseconds(ms);
        w.trace.push_back("clock +" + std::to_string(ms) + " ms; " + who + " judges its clocks");
        m.checkClock();
        break;
      }
      case 21:
      case 22: {  // a hostile peer speaks to this side
        const Message msg = hostileMessage(in, m);
        w.tainted = true;
        w.trace.push_back(std::string("inject ") + typeName(typeOf(msg)) + " -> " + who);
        m.receive(msg);
        break;
      }
      case 23:
        if ((in.byte() & 7) == 0) {  // rarely: it ends the match
          w.trace.push_back(who + " leaves");
          m.leave();
        }
        break;
      case 24:
        if ((in.byte() & 7) == 0) {
          w.trace.push_back(who + " loses the connection");
          m.connectionLost("network failure");
          s.cut =
              true;  // the transport is gone: in-flight messages are lost, the peer sees the end
          w.host->outbox.clear();
          w.joiner->outbox.clear();
        }
        break;
      case 25:
        if ((in.byte() & 3) == 0) {  // the connection drops; the joiner reconnects and resumes
          Side& h = *w.host;
          Side& jo = *w.joiner;
          w.trace.push_back("the connection drops (in flight: " + std::to_string(h.outbox.size()) +
                            " from the host, " + std::to_string(jo.outbox.size()) +
                            " from the joiner); the joiner reconnects");
          h.outbox.clear();
          jo.outbox.clear();
          h.match->connectionLost("dropped");
          jo.match->connectionLost("dropped");
          h.disconnected = jo.disconnected = false;  // a new connection
          h.cut = jo.cut = false;
          h.eofDelivered = jo.eofDelivered = false;
          if (h.match->phase() != MatchPhase::Suspended ||
              jo.match->phase() != MatchPhase::Suspended)
            break;
          jo.match->reconnected();
          if (!w.tainted && (jo.outbox.empty() || !h.match->acceptsResume(jo.outbox.front())))
            fail(w, "the host does not accept the joiner's RESUME");
          if (!jo.outbox.empty() && !h.match->acceptsResume(jo.outbox.front()))
            jo.outbox.clear();  // BUSY
        } else {
          deliverOne(w, j);
        }
        break;
      case 26:
        if ((in.byte() & 15) == 0 && m.phase() == MatchPhase::Suspended) {
          w.trace.push_back(who + ": the resume window ends");
          m.abandon();
        } else {
          deliverOne(w, j);
        }
        break;
      case 27:
      case 28: {  // an opening decision, legal or not
        OpeningAct a;
        a.action = static_cast<OpeningAction>(in.byte() % 5);
        a.choice = static_cast<OpeningChoice>(in.byte() % 7);
        a.count = static_cast<std::uint8_t>(in.byte() % 10);
        const int n = a.action == OpeningAction::Offer ? 1 + in.byte() % 10 : 1;
        for (int i = 0; i < n; ++i) {
          const Point p = (in.byte() & 3) ? emptyPoint(m.game(), in.byte())
                                          : Point{in.byte() % 26, in.byte() % 26};
          a.points.push_back({static_cast<std::uint8_t>(p.x), static_cast<std::uint8_t>(p.y)});
        }
        const OpeningError e = m.openingAct(a);
        w.trace.push_back(who + " opening act " + std::to_string(static_cast<int>(a.action)) +
                          ": error " + std::to_string(static_cast<int>(e)));
        break;
      }
      default:  // 29..31: more deliveries
        deliverOne(w, j);
        break;
    }
    check(w);
  }
  w.trace.push_back("deliver all (end)");
  deliverAll(w);
  check(w);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    run(data, size);
  } catch (const Ignored&) {
  }
  return 0;
}
