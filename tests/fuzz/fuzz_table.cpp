// libFuzzer target: the game table of gomoku-server (src/server/table.h). Two client Match
// objects (joiners, as `gomoku-cli online` runs them), A and B, are wired to one GameTable
// through message queues, one queue per direction and client; the input is a program of
// operations:
//   - deliveries of the oldest queued message on either link in either direction, in the order
//     the input chooses (so messages cross on each link and between the links), or of all;
//   - local actions of either client: play a point, request / answer a takeback, offer / answer
//     a draw, resign, play again (or decline), chat, leave;
//   - advancing the injected clock (per-move times, the chat rate limits);
//   - a client's connection dropping (what is in flight on it is lost; the client and the table
//     are told) and coming back (the client sends RESUME on a new connection), the resume window
//     running out (abandon), a client leaving for good, the server shutting down (interrupt).
// The first four bytes are the table's settings: rule (low 2 bits; bits 2-4 the opening rule,
// made to fit the rule or none; bits 5-7 the time control: none, or one of four short ones),
// board size - 5, A is Black, foul policy. A client may take a decision of the opening (one
// made to suit the step: a point within the allowed area, a choice, a count, alternatives).
//
// Checked after every operation (a failure aborts with a description of the state):
//   1. The table reports no fault (its two matches never disagree) and never sends ERROR to an
//      honest client; no client sends ERROR (but "chat flood" both ways, see check()).
//   2. Board sanity on every Match: the stones are exactly the move list.
//   3. When nothing is in flight (nor held at the table) and both clients are connected and in a
//      game: both hold the same game number, opposite colours, the same moves (after the end
//      up to one move that crossed it) and result, and so do the table's two matches; a
//      finished game's result is the one the table reported last for it.
//   4. A game both clients have left for a later one ended the same on both, as reported.
//   5. The table reports each game at most once, plus revisions (revised = true) only.
// Nothing may crash, throw or hang.
//
// Known limits: opening decisions that crossed the end of the game (a resignation, an agreed
// draw, a flag) are dropped as stale where they arrive, so the sender's board may hold up to
// five opening stones more than the other side's (the result is the same on both).
// Protocol 1.x has no way to withdraw a request: a client whose takeback
// request or draw offer was waiting when its connection dropped has forgotten it after its
// resume; if the opponent accepts it only then, the table cannot apply it to that client and
// ends the game as interrupted, with a fault ending "(voided by a drop?)" (likewise a draw
// that crosses a resignation after the resigner's resume).
// FUZZ_TABLE_IGNORE="text1|text2" (substrings of the failure line
// or of a fault) drops an input that runs into one of them, so that the fuzzer goes on looking
// for other faults.

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "net/match.h"
#include "net/wire.h"
#include "server/table.h"

using namespace gomoku;
using namespace gomoku::net;
using namespace gomoku::server;

namespace {

class Input {
 public:
  Input(const std::uint8_t* d, std::size_t n) : d_(d), n_(n) {}
  bool empty() const { return pos_ >= n_; }
  std::uint8_t byte() { return pos_ < n_ ? d_[pos_++] : 0; }
  std::string text(std::size_t maxLen) {
    const std::size_t len = 1 + byte() % maxLen;
    std::string s;
    for (std::size_t i = 0; i < len; ++i) s.push_back(static_cast<char>('a' + byte() % 26));
    return s;
  }

 private:
  const std::uint8_t* d_;
  std::size_t n_;
  std::size_t pos_ = 0;
};

using Clock = std::chrono::steady_clock;
using ResultPair = std::pair<Outcome, EndReason>;

struct Client {
  const char* name = "";
  Side side = Side::A;
  std::deque<Message> up;    // sent to the table, not yet delivered
  std::deque<Message> down;  // sent by the table, not yet delivered
  bool linked = true;        // the connection is up
  int errorsSent = 0;
  int errorsGot = 0;
  std::string lastError;
  std::map<int, ResultPair> results;  // game number -> last result seen while in the game
  std::unique_ptr<Match> match;
};

struct World {
  Clock::time_point now{};
  Client a, b;
  std::unique_ptr<GameTable> table;
  std::vector<std::string> faults;
  std::map<int, std::vector<GameEnd>> reports;  // game -> reports in order
  std::vector<std::string> trace;
  std::optional<Clock::time_point> clockDue;  // when the table asked for checkClocks()
  OpeningRule opening = OpeningRule::None;    // the table's opening rule

  Client& client(Side s) { return s == Side::A ? a : b; }
};

std::string movesText(const Game& g) {
  std::string s;
  for (const Point& p : g.moves()) s += std::to_string(p.x) + "," + std::to_string(p.y) + " ";
  return s;
}

void describeMatch(const char* who, const Match& m) {
  const Game& g = m.game();
  std::fprintf(stderr,
               "  %s: phase %s, game %d, colour %s, ply %d, result %s/%d, takeback pending %d "
               "requested %d, draw offered %d requested %d, again %d/%d, close \"%s\"\n"
               "    moves: %s\n",
               who, matchPhaseName(m.phase()), m.gameNumber(), stoneName(m.localColor()), g.ply(),
               outcomeName(g.result().outcome), static_cast<int>(g.result().reason),
               m.takebackPending(), m.takebackRequested(), m.drawOffered(), m.drawRequested(),
               m.wantAgain(), m.peerWantsAgain(), m.closeReason().c_str(), movesText(g).c_str());
}

// Thrown to abandon an input that hit a fault listed in FUZZ_TABLE_IGNORE.
struct Ignored {};

bool ignored(const std::string& what) {
  static const std::vector<std::string> patterns = [] {
    std::vector<std::string> v;
    const char* env = std::getenv("FUZZ_TABLE_IGNORE");
    const std::string all = env ? env : "";
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
  for (const auto& f : w.faults)
    if (ignored(f)) throw Ignored{};
  std::fprintf(stderr, "fuzz_table: invariant violated: %s\n", what.c_str());
  for (const auto& f : w.faults) std::fprintf(stderr, "  fault: %s\n", f.c_str());
  for (Client* c : {&w.a, &w.b}) {
    std::fprintf(stderr, "  client %s: linked %d, up %zu, down %zu, errors sent %d got %d (%s)\n",
                 c->name, c->linked, c->up.size(), c->down.size(), c->errorsSent, c->errorsGot,
                 c->lastError.c_str());
    describeMatch(c->name, *c->match);
  }
  describeMatch("table A", w.table->match(Side::A));
  describeMatch("table B", w.table->match(Side::B));
  for (const auto& [game, list] : w.reports)
    for (const GameEnd& e : list)
      std::fprintf(stderr, "  report game %d: %s/%d revised %d moves %zu (%s)\n", game,
                   outcomeName(e.outcome), static_cast<int>(e.reason), e.revised, e.moves.size(),
                   e.detail.c_str());
  std::fprintf(stderr, "  operations (%zu):\n", w.trace.size());
  for (const auto& t : w.trace) std::fprintf(stderr, "    %s\n", t.c_str());
  std::abort();
}

bool active(const Match& m) {
  return m.phase() == MatchPhase::Playing || m.phase() == MatchPhase::Finished;
}

void checkBoard(World& w, const std::string& who, const Match& m) {
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

void check(World& w) {
  if (!w.faults.empty()) fail(w, "the table reported a fault");
  for (Client* c : {&w.a, &w.b}) {
    // (Except a "chat flood": lines sent within the rate limit but bunched by a long delivery
    // delay, as between two P2P programs; the flooder loses a running game.)
    if (c->errorsGot > 0 && c->lastError.find("chat flood") == std::string::npos)
      fail(w, std::string("client ") + c->name + " got ERROR");
    if (c->errorsSent > 0 && c->lastError.find("chat flood") == std::string::npos)
      fail(w, std::string("client ") + c->name + " sent ERROR");
    checkBoard(w, c->name, *c->match);
    // Results seen in a game (also the game before, which a resume may still revise).
    const Match& m = *c->match;
    if (m.gameNumber() >= 2 && m.previousGame().over())
      c->results[m.gameNumber() - 1] = {m.previousGame().result().outcome,
                                        m.previousGame().result().reason};
    if (active(m) && m.game().over())
      c->results[m.gameNumber()] = {m.game().result().outcome, m.game().result().reason};
  }
  checkBoard(w, "table A", w.table->match(Side::A));
  checkBoard(w, "table B", w.table->match(Side::B));
  for (const auto& [game, list] : w.reports)
    for (std::size_t i = 0; i < list.size(); ++i)
      if (list[i].revised != (i > 0)) fail(w, "a game was reported twice without revised");

  // Games both clients have left for a later one: the same result on both, as reported last.
  for (const auto& [game, ra] : w.a.results) {
    const auto rb = w.b.results.find(game);
    if (game >= w.a.match->gameNumber() || game >= w.b.match->gameNumber() ||
        rb == w.b.results.end())
      continue;
    if (ra != rb->second) fail(w, "game " + std::to_string(game) + " ended differently");
    const auto rep = w.reports.find(game);
    if (rep == w.reports.end()) fail(w, "game " + std::to_string(game) + " was never reported");
    const GameEnd& last = rep->second.back();
    if (ResultPair{last.outcome, last.reason} != ra)
      fail(w, "game " + std::to_string(game) + " ended otherwise than reported");
  }

  const Match& a = *w.a.match;
  const Match& b = *w.b.match;
  if (!active(a) || !active(b) || !w.a.linked || !w.b.linked || !w.a.up.empty() ||
      !w.a.down.empty() || !w.b.up.empty() || !w.b.down.empty() || w.table->held(Side::A) > 0 ||
      w.table->held(Side::B) > 0)
    return;
  const Game& ga = a.game();
  const Game& gb = b.game();
  if (a.gameNumber() != b.gameNumber()) fail(w, "quiescent: different game numbers");
  if (a.localColor() == b.localColor()) fail(w, "quiescent: both play the same colour");
  // After the end, a move that crossed it may be missing on the side whose resume's SYNC came
  // before it (the result stands on both).
  const auto shorter = std::min(ga.moves().size(), gb.moves().size());
  const bool afterEndOnly =
      ga.over() && gb.over() && (ga.moves().size() + gb.moves().size() == 2 * shorter + 1) &&
      std::equal(ga.moves().begin(), ga.moves().begin() + shorter, gb.moves().begin());
  // Opening decisions that crossed the end (a resignation, a draw, a flag) are stale where they
  // arrive: their stones stay on the sender's board only (an opening places at most five).
  const bool openingCrossed =
      ga.over() && gb.over() && w.opening != OpeningRule::None &&
      std::max(ga.moves().size(), gb.moves().size()) <= 5 &&
      std::equal(ga.moves().begin(), ga.moves().begin() + shorter, gb.moves().begin());
  if (ga.moves() != gb.moves() && !afterEndOnly && !openingCrossed)
    fail(w, "quiescent: different move lists");
  if (ga.result().outcome != gb.result().outcome || ga.result().reason != gb.result().reason)
    fail(w, "quiescent: different results");
  for (Side s : {Side::A, Side::B}) {
    const Match& t = w.table->match(s);
    if (!active(t)) continue;
    if (t.gameNumber() != a.gameNumber() ||
        (t.game().moves() != ga.moves() && !afterEndOnly && !openingCrossed))
      fail(w, std::string("quiescent: the table's match for ") + sideName(s) + " differs");
  }
  if (ga.over()) {
    const auto rep = w.reports.find(a.gameNumber());
    if (rep == w.reports.end()) fail(w, "quiescent: a finished game was not reported");
    const GameEnd& last = rep->second.back();
    if (last.outcome != ga.result().outcome || last.reason != ga.result().reason)
      fail(w, "quiescent: the clients' result differs from the reported one");
  }
}

// Delivers the oldest message on one link in one direction. False when none was waiting.
bool deliver(World& w, Side s, bool up) {
  Client& c = w.client(s);
  std::deque<Message>& q = up ? c.up : c.down;
  if (q.empty()) return false;
  Message m = std::move(q.front());
  q.pop_front();
  w.trace.push_back(std::string("deliver ") + typeName(typeOf(m)) + (up ? " " : " table -> ") +
                    (up ? std::string(c.name) + " -> table" : std::string(c.name)));
  if (up) {
    w.table->receive(s, m);
  } else {
    if (const Error* e = std::get_if<Error>(&m)) {
      ++c.errorsGot;
      c.lastError = e->text;
    }
    c.match->receive(m);
  }
  return true;
}

void deliverAll(World& w) {
  for (int guard = 0; guard < 100000; ++guard) {
    bool any = false;
    for (Side s : {Side::A, Side::B})
      for (bool up : {true, false}) {
        any = deliver(w, s, up) || any;
        check(w);
      }
    if (!any) return;
  }
  fail(w, "messages kept flowing");
}

// A decision for `o`'s step, shaped by the input so that most are legal.
OpeningAct openingDecision(const Opening& o, Input& in) {
  OpeningAct a;
  const Game& g = o.game();
  const int n = g.size();
  const auto near = [&](int area) {
    const int c = n / 2, r = area < 0 ? n / 2 : area;
    const int side = 2 * r + 1;
    const int x = std::clamp(c - r + in.byte() % side, 0, n - 1);
    const int y = std::clamp(c - r + in.byte() % side, 0, n - 1);
    return SyncPoint{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)};
  };
  switch (o.step()) {
    case OpeningStep::Place:
      a.action = OpeningAction::Place;
      a.points = {near(o.area())};
      break;
    case OpeningStep::DeclareCount:
      a.action = OpeningAction::Declare;
      a.count = static_cast<std::uint8_t>(in.byte() % 10);  // 0 and 9 are refused
      break;
    case OpeningStep::PlaceAlternatives:
      a.action = OpeningAction::Offer;
      for (int i = 0; i < o.alternativesWanted() + (in.byte() % 8 == 0 ? 1 : 0); ++i)
        a.points.push_back(near(4 + in.byte() % 3));
      break;
    case OpeningStep::ChooseAlternative: {
      a.action = OpeningAction::Pick;
      const auto& alt = o.alternatives();
      const Point p = alt.empty() ? Point{0, 0} : alt[in.byte() % alt.size()];
      a.points = {{static_cast<std::uint8_t>(p.x), static_cast<std::uint8_t>(p.y)}};
      break;
    }
    default:
      a.action = OpeningAction::Choose;
      a.choice = static_cast<OpeningChoice>(in.byte() % 7);
      break;
  }
  return a;
}

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

void makeClient(World& w, Client& c, const char* name, Side side) {
  c.name = name;
  c.side = side;
  MatchSettings s;
  s.role = Role::Joiner;
  s.nickname = name;
  s.serverKeepsTime = true;  // as the online client
  c.match = std::make_unique<Match>(
      s,
      [&c](const Message& m) {
        if (const Error* e = std::get_if<Error>(&m)) {
          ++c.errorsSent;
          c.lastError = e->text;
        }
        if (c.linked) c.up.push_back(m);
      },
      [] {}, [](MatchEvent) {});
  c.match->setClock([&w] { return w.now; });
}

void run(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  World w;
  TableSetup setup;
  setup.nameA = "Alice";
  setup.nameB = "Bob";
  const std::uint8_t ruleByte = in.byte();
  setup.rule = static_cast<Rule>(ruleByte % 3);
  const std::uint8_t sizeByte = in.byte();
  setup.boardSize = setup.rule == Rule::Renju
                        ? 15
                        : Board::kMinSize + sizeByte % (Board::kMaxSize - Board::kMinSize + 1);
  const auto opening = static_cast<OpeningRule>((ruleByte >> 2) % 5);
  if (openingFitsRule(opening, setup.rule, setup.boardSize)) setup.opening = opening;
  w.opening = setup.opening;
  switch (ruleByte >> 5) {
    case 1:
      setup.clock = TimeControl{ClockKind::Fischer, 2'000, 500, 0};
      break;
    case 2:
      setup.clock = TimeControl{ClockKind::PerMove, 0, 0, 1'000};
      break;
    case 3:
      setup.clock = TimeControl{ClockKind::ByoYomi, 1'000, 0, 500};
      break;
    default:
      break;
  }
  setup.aIsBlack = (in.byte() & 1) != 0;
  setup.foul = (in.byte() & 1) ? FoulPolicy::Lose : FoulPolicy::Refuse;
  makeClient(w, w.a, "Alice", Side::A);
  makeClient(w, w.b, "Bob", Side::B);
  TableCallbacks cb;
  cb.send = [&w](Side s, const Message& m) {
    Client& c = w.client(s);
    if (c.linked) c.down.push_back(m);
  };
  cb.leaveGame = [](Side) {};
  cb.gameStarted = [](int, bool) {};
  cb.gameEnded = [&w](const GameEnd& e) { w.reports[e.game].push_back(e); };
  cb.opponentAway = [](Side, bool, std::chrono::seconds) {};
  cb.fault = [&w](const std::string& f) {
    if (f.find("chat flood") == std::string::npos) w.faults.push_back(f);  // see check()
  };
  cb.kick = [](Side) {};
  cb.clockCheck = [&w](std::chrono::milliseconds d) {
    if (d.count() < 0)
      w.clockDue.reset();
    else
      w.clockDue = w.now + d;
  };
  w.table = std::make_unique<GameTable>(setup, cb, [&w] { return w.now; });
  w.table->start();
  w.a.match->connected();
  w.b.match->connected();
  check(w);

  for (int step = 0; step < 5000 && !in.empty(); ++step) {
    const std::uint8_t op = in.byte();
    const Side side = (op & 0x80) ? Side::B : Side::A;
    Client& c = w.client(side);
    Match& m = *c.match;
    const std::string who = c.name;
    switch (op & 0x1F) {
      case 0:
      case 1:
      case 2:
        deliver(w, side, true);
        break;
      case 3:
      case 4:
      case 5:
        deliver(w, side, false);
        break;
      case 6:
        w.trace.push_back("deliver all");
        deliverAll(w);
        break;
      case 7:
      case 8:
      case 9: {
        const Point p = emptyPoint(m.game(), in.byte());
        const MoveError e = m.playLocal(p);
        w.trace.push_back(who + " plays " + std::to_string(p.x) + "," + std::to_string(p.y) + ": " +
                          moveErrorText(e));
        break;
      }
      case 10:
        w.trace.push_back(who + " requests a takeback: " + describe(m.requestTakeback()));
        break;
      case 11: {
        const bool yes = in.byte() & 1;
        w.trace.push_back(who + (yes ? " accepts" : " declines") +
                          " the takeback: " + describe(m.answerTakeback(yes)));
        break;
      }
      case 12:
        w.trace.push_back(who + " offers a draw: " + describe(m.offerDraw()));
        break;
      case 13: {
        const bool yes = in.byte() & 1;
        w.trace.push_back(who + (yes ? " accepts" : " declines") +
                          " the draw: " + describe(m.answerDraw(yes)));
        break;
      }
      case 14:
        w.trace.push_back(who + " resigns: " + describe(m.resign()));
        break;
      case 15:
      case 16: {
        const bool yes = (op & 0x1F) == 15 || (in.byte() & 1);
        w.trace.push_back(who + " play again " + (yes ? "yes" : "no") + ": " +
                          describe(m.playAgain(yes)));
        break;
      }
      case 17: {
        const std::string t = in.text(12);
        w.trace.push_back(who + " chats: " + describe(m.sendChat(t)));
        break;
      }
      case 18: {
        const int ms = in.byte() * 20;
        w.now += std::chrono::milliseconds(ms);
        w.trace.push_back("clock +" + std::to_string(ms) + " ms");
        if (w.clockDue && *w.clockDue <= w.now) {
          w.clockDue.reset();
          w.trace.push_back("the server judges the clocks");
          w.table->checkClocks();
        }
        break;
      }
      case 19:
        if ((in.byte() & 3) == 0 && c.linked) {
          w.trace.push_back(who + "'s connection drops (in flight: " + std::to_string(c.up.size()) +
                            " up, " + std::to_string(c.down.size()) + " down)");
          c.linked = false;
          c.up.clear();
          c.down.clear();
          m.connectionLost("the connection was reset");
          w.table->connectionLost(side, "the connection was reset");
        } else {
          deliver(w, side, true);
        }
        break;
      case 20:
        if (!c.linked) {
          w.trace.push_back(who + " connects again");
          c.linked = true;
          if (m.phase() != MatchPhase::Suspended) break;
          w.table->resumed(side);
          m.reconnected();
          if (c.up.empty()) fail(w, who + " sent no RESUME");
          if (!w.table->acceptsResume(side, c.up.front())) {
            // The table has closed the game meanwhile (the hall answers: no game to resume).
            w.trace.push_back("the table does not take the RESUME");
            c.up.clear();
            m.connectionLost("no game to resume", false);
          }
        } else {
          deliver(w, side, false);
        }
        break;
      case 21:
        if ((in.byte() & 7) == 0 && w.table->away(side)) {
          w.trace.push_back(who + "'s resume window runs out");
          w.table->abandon(side);
        } else {
          deliver(w, side, false);
        }
        break;
      case 22:
        if ((in.byte() & 7) == 0) {
          w.trace.push_back(who + " leaves");
          m.leave();
        }
        break;
      case 23:
        if ((in.byte() & 15) == 0) {
          w.trace.push_back(who + " leaves the table for good (hall)");
          w.table->leave(side);
        }
        break;
      case 24:
        if ((in.byte() & 31) == 0) {
          w.trace.push_back("the server shuts down");
          w.table->interrupt();
        }
        break;
      case 25:
      case 26:
        if (const Opening* o = m.opening()) {
          const OpeningAct a = openingDecision(*o, in);
          const OpeningError e = m.openingAct(a);
          w.trace.push_back(who + " decides " + std::to_string(static_cast<int>(a.action)) +
                            " in the opening: " + std::to_string(static_cast<int>(e)));
        }
        break;
      default:
        deliver(w, side, (op & 0x40) != 0);
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
