// Tests of the match state machine (src/net/match.h) without sockets: two Match objects (host
// and joiner) wired through explicit message queues, or one Match facing a scripted, hostile
// peer. Messages are delivered one at a time, in the order the test chooses, so that messages
// in flight in both directions ("crossing") can be simulated.
// Cases: C02 (win by filling a gap, nothing accepted afterwards), C06 (bad moves from a peer),
// C15 (nicknames).

#include <gtest/gtest.h>

#include <deque>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/game.h"
#include "gomoku/version.h"
#include "net/match.h"
#include "print.h"

using namespace gomoku;
using namespace gomoku::net;
// gtest's Test has a member named Setup (a misspelling guard): name the message unambiguously.
using SetupMsg = gomoku::net::Setup;

namespace {

// One Match with everything it does recorded.
struct Endpoint {
  explicit Endpoint(MatchSettings s)
      : match(
            std::move(s),
            [this](const Message& m) {
              outbox.push_back(m);
              sent.push_back(m);
            },
            [this] { ++disconnects; }, [this](MatchEvent e) { events.push_back(e); }) {}
  Endpoint(const Endpoint&) = delete;
  Endpoint& operator=(const Endpoint&) = delete;

  std::deque<Message> outbox;      // sent, not yet delivered to the peer
  std::vector<Message> sent;       // everything ever sent
  int disconnects = 0;             // calls of the disconnect callback
  std::vector<MatchEvent> events;  // notifications, in order
  Match match;

  int count(MatchEvent e) const {
    int n = 0;
    for (MatchEvent x : events) n += x == e;
    return n;
  }
};

MatchSettings hostSettings(ColorChoice color = ColorChoice::Black, std::string nick = "张伟",
                           int size = 15, Rule rule = Rule::Freestyle) {
  MatchSettings s;
  s.role = Role::Host;
  s.nickname = std::move(nick);
  s.boardSize = size;
  s.rule = rule;
  s.color = color;
  return s;
}

MatchSettings joinerSettings(std::string nick = "Zoë😀") {
  MatchSettings s;
  s.role = Role::Joiner;
  s.nickname = std::move(nick);
  return s;
}

// Delivers the oldest message of `from` to `to`. Returns false when there was none.
bool deliverOne(Endpoint& from, Endpoint& to) {
  if (from.outbox.empty()) return false;
  Message m = from.outbox.front();
  from.outbox.pop_front();
  to.match.receive(m);
  return true;
}

// Delivers everything in flight, one message at a time in each direction, until both queues
// are empty.
void deliverAll(Endpoint& a, Endpoint& b) {
  for (int guard = 0; guard < 1000; ++guard) {
    const bool ab = deliverOne(a, b);
    const bool ba = deliverOne(b, a);
    if (!ab && !ba) return;
  }
  FAIL() << "messages kept flowing";
}

// Connects host and joiner and completes the handshake. Both send HELLO at once (they
// cross); the host answers the joiner's HELLO with SETUP.
void handshake(Endpoint& host, Endpoint& joiner) {
  host.match.connected();
  joiner.match.connected();
  deliverAll(host, joiner);
}

template <class T>
const T* lastSent(const Endpoint& e) {
  if (e.sent.empty()) return nullptr;
  return std::get_if<T>(&e.sent.back());
}

// A host whose peer is scripted by the test: HELLO exchanged, game running.
// The host plays `hostColor`.
std::unique_ptr<Endpoint> runningHost(ColorChoice hostColor = ColorChoice::Black) {
  auto host = std::make_unique<Endpoint>(hostSettings(hostColor));
  host->match.connected();
  host->match.receive(Hello{kProtocolMajor, kProtocolMinor, "0.1.0", "peer"});
  EXPECT_EQ(host->match.phase(), MatchPhase::Playing);
  return host;
}

// A joiner whose host is scripted: the host's HELLO arrived, SETUP not yet.
std::unique_ptr<Endpoint> joinerAwaitingSetup() {
  auto joiner = std::make_unique<Endpoint>(joinerSettings());
  joiner->match.connected();
  joiner->match.receive(Hello{kProtocolMajor, kProtocolMinor, "0.1.0", "host"});
  EXPECT_EQ(joiner->match.phase(), MatchPhase::Handshake);
  return joiner;
}

// Checks that `bad` from the peer is refused: exactly one ERROR with `code` is sent, the
// connection is closed, the board and the move count are as before, and the reason names the
// fault (`fault` appears in it).
void expectRefused(Endpoint& e, const Message& bad, ErrorCode code, const std::string& fault) {
  const MatchPhase phaseBefore = e.match.phase();
  const Board boardBefore = e.match.game().board();
  const int plyBefore = e.match.game().ply();
  const std::vector<Point> movesBefore = e.match.game().moves();
  const Stone toMoveBefore = e.match.game().toMove();
  const Result resultBefore = e.match.game().result();
  const std::size_t sentBefore = e.sent.size();
  const int disconnectsBefore = e.disconnects;

  e.match.receive(bad);

  ASSERT_EQ(e.sent.size(), sentBefore + 1) << "exactly one message (ERROR) is sent";
  const Error* err = lastSent<Error>(e);
  ASSERT_NE(err, nullptr) << "the answer is an ERROR";
  EXPECT_EQ(err->code, code);
  EXPECT_NE(err->text.find(fault), std::string::npos) << err->text;
  EXPECT_EQ(e.disconnects, disconnectsBefore + 1);
  EXPECT_EQ(e.match.phase(), MatchPhase::Closed);
  ASSERT_FALSE(e.events.empty());
  EXPECT_EQ(e.events.back(), MatchEvent::Closed);
  EXPECT_NE(e.match.closeReason().find(fault), std::string::npos) << e.match.closeReason();
  EXPECT_FALSE(e.match.myTurn());

  // The game is exactly as it was (C06): no stone overwritten, no ply used up.
  EXPECT_TRUE(e.match.game().board() == boardBefore);
  EXPECT_EQ(e.match.game().ply(), plyBefore);
  EXPECT_EQ(e.match.game().moves(), movesBefore);
  EXPECT_EQ(e.match.game().toMove(), toMoveBefore);
  const Result& r = e.match.game().result();
  if (phaseBefore == MatchPhase::Playing) {
    EXPECT_EQ(r.outcome, Outcome::Interrupted);
    EXPECT_EQ(r.reason, EndReason::ProtocolError);
    EXPECT_NE(r.detail.find(fault), std::string::npos) << r.detail;
  } else {
    EXPECT_EQ(r.outcome, resultBefore.outcome);
    EXPECT_EQ(r.reason, resultBefore.reason);
  }

  // Whatever the peer sends afterwards is ignored: no answer, no change.
  const std::size_t sentAfter = e.sent.size();
  e.match.receive(Move{static_cast<std::uint16_t>(plyBefore), 1, 1});
  e.match.receive(Hello{kProtocolMajor, kProtocolMinor, "0.1.0", "again"});
  EXPECT_EQ(e.sent.size(), sentAfter);
  EXPECT_TRUE(e.match.game().board() == boardBefore);
  EXPECT_EQ(e.disconnects, disconnectsBefore + 1);
}

// C02: B(3,7) W(0,0) B(4,7) W(2,0) B(6,7) W(4,0) B(7,7) W(6,0) B(5,7).
const std::vector<Point> kC02 = {{3, 7}, {0, 0}, {4, 7}, {2, 0}, {6, 7},
                                 {4, 0}, {7, 7}, {6, 0}, {5, 7}};
const std::vector<Point> kC02Line = {{3, 7}, {4, 7}, {5, 7}, {6, 7}, {7, 7}};

// Plays `moves` alternately through the two matches: whoever is to move plays locally, and the
// MOVE is delivered to the other at once.
void playThrough(Endpoint& a, Endpoint& b, const std::vector<Point>& moves) {
  for (const Point p : moves) {
    Endpoint& mover = a.match.myTurn() ? a : b;
    Endpoint& other = &mover == &a ? b : a;
    ASSERT_TRUE(mover.match.myTurn()) << "nobody is to move before " << p.x << "," << p.y;
    ASSERT_EQ(mover.match.playLocal(p), MoveError::None) << p.x << "," << p.y;
    ASSERT_TRUE(deliverOne(mover, other));
    ASSERT_TRUE(mover.outbox.empty());
    ASSERT_EQ(other.match.phase(), mover.match.phase());
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Construction

TEST(Match, BadSettingsAreRefusedAtConstruction) {
  auto noop = [](const Message&) {};
  auto noDisconnect = [] {};
  auto noNotify = [](MatchEvent) {};
  EXPECT_THROW(Match(hostSettings(ColorChoice::Black, ""), noop, noDisconnect, noNotify),
               std::invalid_argument);
  EXPECT_THROW(Match(hostSettings(ColorChoice::Black, "   "), noop, noDisconnect, noNotify),
               std::invalid_argument);
  EXPECT_THROW(
      Match(hostSettings(ColorChoice::Black, std::string(33, 'a')), noop, noDisconnect, noNotify),
      std::invalid_argument);
  EXPECT_THROW(Match(hostSettings(ColorChoice::Black, "bad\xFF"), noop, noDisconnect, noNotify),
               std::invalid_argument);
  EXPECT_THROW(Match(hostSettings(ColorChoice::Black, "Ann", 4), noop, noDisconnect, noNotify),
               std::invalid_argument);
  EXPECT_THROW(Match(hostSettings(ColorChoice::Black, "Ann", 26), noop, noDisconnect, noNotify),
               std::invalid_argument);
  EXPECT_THROW(
      Match(hostSettings(ColorChoice::Black, "Ann", 19, Rule::Renju), noop, noDisconnect, noNotify),
      std::invalid_argument);  // renju is played on 15x15
  Match trimmed(hostSettings(ColorChoice::Black, "  Ann \t"), noop, noDisconnect, noNotify);
  EXPECT_EQ(trimmed.localNickname(), "Ann");
  EXPECT_EQ(trimmed.phase(), MatchPhase::Handshake);
  EXPECT_EQ(trimmed.localColor(), Stone::Empty);
  EXPECT_FALSE(trimmed.myTurn());
}

// ---------------------------------------------------------------------------------------------
// Handshake

TEST(Match, HandshakeStartsTheSameGameOnBothSides) {
  Endpoint host(hostSettings(ColorChoice::Black, "张伟", 19, Rule::Standard));
  Endpoint joiner(joinerSettings("Zoë😀"));
  host.match.connected();
  joiner.match.connected();

  // Both HELLOs are in flight at once.
  ASSERT_EQ(host.outbox.size(), 1u);
  ASSERT_EQ(joiner.outbox.size(), 1u);
  ASSERT_TRUE(std::holds_alternative<Hello>(host.outbox.front()));
  ASSERT_TRUE(std::holds_alternative<Hello>(joiner.outbox.front()));
  EXPECT_EQ(std::get<Hello>(host.outbox.front()).nickname, "张伟");
  EXPECT_EQ(std::get<Hello>(host.outbox.front()).programVersion, kProgramVersion);
  EXPECT_EQ(std::get<Hello>(host.outbox.front()).protocolMajor, kProtocolMajor);

  // connected() twice sends one HELLO.
  host.match.connected();
  EXPECT_EQ(host.outbox.size(), 1u);

  // The host answers the joiner's HELLO with SETUP and starts.
  ASSERT_TRUE(deliverOne(joiner, host));
  EXPECT_EQ(host.match.phase(), MatchPhase::Playing);
  ASSERT_EQ(host.outbox.size(), 2u);
  ASSERT_TRUE(std::holds_alternative<SetupMsg>(host.outbox.back()));
  const SetupMsg sent = std::get<SetupMsg>(host.outbox.back());
  EXPECT_NE(sent.token, 0u) << "a resume token for the joiner";
  EXPECT_TRUE(sent == (SetupMsg{19, Rule::Standard, true, FoulPolicy::Refuse, sent.token}));

  // The joiner starts on SETUP, after the host's HELLO.
  ASSERT_TRUE(deliverOne(host, joiner));
  EXPECT_EQ(joiner.match.phase(), MatchPhase::Handshake);
  ASSERT_TRUE(deliverOne(host, joiner));
  EXPECT_EQ(joiner.match.phase(), MatchPhase::Playing);

  for (Endpoint* e : {&host, &joiner}) {
    EXPECT_EQ(e->count(MatchEvent::Started), 1);
    EXPECT_EQ(e->match.game().size(), 19);
    EXPECT_EQ(e->match.game().rule(), Rule::Standard);
    EXPECT_EQ(e->match.game().ply(), 0);
    EXPECT_EQ(e->disconnects, 0);
    EXPECT_EQ(e->match.peerVersion(), kProgramVersion);
  }
  EXPECT_EQ(host.match.localColor(), Stone::Black);
  EXPECT_EQ(joiner.match.localColor(), Stone::White);
  EXPECT_TRUE(host.match.myTurn());
  EXPECT_FALSE(joiner.match.myTurn());
  // C15: nicknames arrive as typed.
  EXPECT_EQ(host.match.peerNickname(), "Zoë😀");
  EXPECT_EQ(joiner.match.peerNickname(), "张伟");
  EXPECT_EQ(host.match.localNickname(), "张伟");
  EXPECT_EQ(joiner.match.localNickname(), "Zoë😀");
  EXPECT_EQ(host.match.role(), Role::Host);
  EXPECT_EQ(joiner.match.role(), Role::Joiner);
}

TEST(Match, HostChoosingWhiteMakesTheJoinerBlack) {
  Endpoint host(hostSettings(ColorChoice::White));
  Endpoint joiner(joinerSettings());
  handshake(host, joiner);
  ASSERT_EQ(host.match.phase(), MatchPhase::Playing);
  ASSERT_EQ(joiner.match.phase(), MatchPhase::Playing);
  EXPECT_EQ(host.match.localColor(), Stone::White);
  EXPECT_EQ(joiner.match.localColor(), Stone::Black);
  EXPECT_TRUE(joiner.match.myTurn());
  EXPECT_FALSE(host.match.myTurn());
  const SetupMsg* setup = nullptr;
  for (const Message& m : host.sent)
    if (auto s = std::get_if<SetupMsg>(&m)) setup = s;
  ASSERT_NE(setup, nullptr);
  EXPECT_FALSE(setup->hostIsBlack);
}

TEST(Match, RandomColourWithAFixedSeedIsReproducibleAndBothSidesAgree) {
  std::set<Stone> hostColours;
  for (std::uint32_t seed = 1; seed <= 32; ++seed) {
    SCOPED_TRACE(seed);
    Stone first = Stone::Empty;
    for (int round = 0; round < 2; ++round) {
      MatchSettings hs = hostSettings(ColorChoice::Random);
      hs.randomSeed = seed;
      Endpoint host(hs);
      Endpoint joiner(joinerSettings());
      handshake(host, joiner);
      ASSERT_EQ(host.match.phase(), MatchPhase::Playing);
      ASSERT_EQ(joiner.match.phase(), MatchPhase::Playing);
      ASSERT_NE(host.match.localColor(), Stone::Empty);
      EXPECT_EQ(joiner.match.localColor(), opponent(host.match.localColor()));
      EXPECT_NE(host.match.myTurn(), joiner.match.myTurn());
      if (round == 0)
        first = host.match.localColor();
      else
        EXPECT_EQ(host.match.localColor(), first) << "the same seed gives the same colours";
    }
    hostColours.insert(first);
  }
  EXPECT_EQ(hostColours.size(), 2u) << "32 seeds should give the host each colour at least once";
}

TEST(Match, JoinerIgnoresItsOwnBoardSettings) {
  MatchSettings js = joinerSettings();
  js.boardSize = 4;       // unused by a joiner: no throw
  js.rule = Rule::Renju;  // unused by a joiner
  js.color = ColorChoice::White;
  Endpoint host(hostSettings(ColorChoice::White, "Host", 9, Rule::Freestyle));
  Endpoint joiner(js);
  handshake(host, joiner);
  ASSERT_EQ(joiner.match.phase(), MatchPhase::Playing);
  EXPECT_EQ(joiner.match.game().size(), 9);
  EXPECT_EQ(joiner.match.game().rule(), Rule::Freestyle);
  EXPECT_EQ(joiner.match.localColor(), Stone::Black);
}

// ---------------------------------------------------------------------------------------------
// A whole game

TEST(Match, C02_GameToFiveFinishesOnBothSidesWithTheSameLine) {
  Endpoint host(hostSettings(ColorChoice::Black));
  Endpoint joiner(joinerSettings());
  handshake(host, joiner);
  playThrough(host, joiner, kC02);

  for (Endpoint* e : {&host, &joiner}) {
    SCOPED_TRACE(e == &host ? "host" : "joiner");
    const Game& g = e->match.game();
    EXPECT_EQ(e->match.phase(), MatchPhase::Finished);
    EXPECT_EQ(g.ply(), 9) << "the win is seen at once, on move 9";
    EXPECT_EQ(g.moves(), kC02);
    EXPECT_EQ(g.result().outcome, Outcome::BlackWins);
    EXPECT_EQ(g.result().reason, EndReason::Five);
    EXPECT_EQ(g.result().line, kC02Line);
    EXPECT_EQ(e->count(MatchEvent::Moved), 9);
    EXPECT_EQ(e->count(MatchEvent::GameOver), 1);
    EXPECT_EQ(e->count(MatchEvent::Closed), 0) << "the connection stays open after the game";
    EXPECT_EQ(e->disconnects, 0);
    EXPECT_FALSE(e->match.myTurn());
  }
  EXPECT_TRUE(host.match.game().board() == joiner.match.game().board());

  // Every MOVE carried the right ply number.
  std::vector<Move> moves;
  for (const Endpoint* e : {&host, &joiner})
    for (const Message& m : e->sent)
      if (auto mv = std::get_if<Move>(&m)) moves.push_back(*mv);
  ASSERT_EQ(moves.size(), 9u);
  std::set<int> plies;
  for (const Move& m : moves) {
    plies.insert(m.ply);
    EXPECT_TRUE((Point{m.x, m.y} == kC02[m.ply]));
  }
  EXPECT_EQ(plies.size(), 9u);
}

TEST(Match, C02_AfterTheWinLocalMovesAndIncomingMovesAreRefused) {
  Endpoint host(hostSettings(ColorChoice::Black));
  Endpoint joiner(joinerSettings());
  handshake(host, joiner);
  playThrough(host, joiner, kC02);
  ASSERT_EQ(host.match.phase(), MatchPhase::Finished);
  ASSERT_EQ(joiner.match.phase(), MatchPhase::Finished);

  // Local clicks on both sides: refused, nothing sent.
  const std::size_t hostSent = host.sent.size();
  const std::size_t joinerSent = joiner.sent.size();
  EXPECT_EQ(host.match.playLocal({10, 10}), MoveError::GameOver);
  EXPECT_EQ(joiner.match.playLocal({10, 10}), MoveError::GameOver);
  EXPECT_EQ(joiner.match.playLocal({8, 0}), MoveError::GameOver);
  EXPECT_EQ(host.sent.size(), hostSent);
  EXPECT_EQ(joiner.sent.size(), joinerSent);
  EXPECT_EQ(host.match.game().ply(), 9);

  // An incoming MOVE (White's, correctly numbered 9) after the win: refused with an ERROR; the
  // result stays Black's win (it is not turned into an interruption).
  expectRefused(host, Move{9, 10, 10}, ErrorCode::IllegalMove, "after the game ended");
  EXPECT_EQ(host.match.game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(host.match.game().result().reason, EndReason::Five);
  EXPECT_EQ(host.match.game().result().line, kC02Line);
  EXPECT_EQ(host.match.playLocal({10, 10}), MoveError::GameOver);
}

TEST(Match, C02_WonByTheJoinerAsBlack) {
  Endpoint host(hostSettings(ColorChoice::White));
  Endpoint joiner(joinerSettings());
  handshake(host, joiner);
  playThrough(host, joiner, kC02);
  EXPECT_EQ(host.match.game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(joiner.match.game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(host.match.game().result().line, joiner.match.game().result().line);
  // The host receives a MOVE from the joiner after the win: refused.
  expectRefused(host, Move{9, 12, 12}, ErrorCode::IllegalMove, "after the game ended");
  EXPECT_EQ(host.match.game().result().outcome, Outcome::BlackWins);
}

// ---------------------------------------------------------------------------------------------
// C06: a hostile peer. Each fault: ERROR, disconnect, Closed, board and ply unchanged, the
// running game Interrupted with a reason naming the fault.

TEST(Match, C06_MoveOntoAnOccupiedPointIsRefused) {
  auto host = runningHost(ColorChoice::Black);
  ASSERT_EQ(host->match.playLocal({7, 7}), MoveError::None);
  expectRefused(*host, Move{1, 7, 7}, ErrorCode::IllegalMove, "occupied");
  EXPECT_EQ(host->match.game().board().at({7, 7}), Stone::Black) << "the stone keeps its colour";
  EXPECT_EQ(host->match.game().toMove(), Stone::White) << "still White's move";
}

TEST(Match, C06_MoveOffTheBoardIsRefused_X15) {
  auto host = runningHost(ColorChoice::Black);
  ASSERT_EQ(host->match.playLocal({7, 7}), MoveError::None);
  expectRefused(*host, Move{1, 15, 3}, ErrorCode::IllegalMove, "off the board");
  EXPECT_NE(host->match.closeReason().find("15,3"), std::string::npos) << host->match.closeReason();
}

TEST(Match, C06_MoveOffTheBoardIsRefused_Y15) {
  auto host = runningHost(ColorChoice::Black);
  ASSERT_EQ(host->match.playLocal({7, 7}), MoveError::None);
  expectRefused(*host, Move{1, 3, 15}, ErrorCode::IllegalMove, "off the board");
}

TEST(Match, C06_MoveAtX255TheWireFormOfMinusOneIsRefused) {
  auto host = runningHost(ColorChoice::Black);
  ASSERT_EQ(host->match.playLocal({7, 7}), MoveError::None);
  expectRefused(*host, Move{1, 255, 0}, ErrorCode::IllegalMove, "off the board");
}

TEST(Match, C06_MoveOffTheBoardAsBlacksFirstMoveIsRefused) {
  auto host = runningHost(ColorChoice::White);  // the peer is Black and moves first
  expectRefused(*host, Move{0, 0, 255}, ErrorCode::IllegalMove, "off the board");
  EXPECT_EQ(host->match.game().ply(), 0);
  EXPECT_EQ(host->match.game().board().stoneCount(), 0);
}

TEST(Match, C06_TwoMovesInARowAreRefused) {
  auto host = runningHost(ColorChoice::Black);
  ASSERT_EQ(host->match.playLocal({7, 7}), MoveError::None);
  host->match.receive(Move{1, 8, 8});  // White's move: fine
  ASSERT_EQ(host->match.phase(), MatchPhase::Playing);
  ASSERT_EQ(host->match.game().ply(), 2);
  ASSERT_TRUE(host->match.myTurn());
  // A second White move, numbered as the next ply: it is Black's turn.
  expectRefused(*host, Move{2, 9, 9}, ErrorCode::IllegalMove, "not your turn");
  EXPECT_EQ(host->match.game().board().at({9, 9}), Stone::Empty);
  EXPECT_EQ(host->match.game().board().at({8, 8}), Stone::White);
}

TEST(Match, C06_TwoMovesInARowWithTheSamePlyNumberAreRefused) {
  auto host = runningHost(ColorChoice::Black);
  ASSERT_EQ(host->match.playLocal({7, 7}), MoveError::None);
  host->match.receive(Move{1, 8, 8});
  ASSERT_EQ(host->match.phase(), MatchPhase::Playing);
  expectRefused(*host, Move{1, 9, 9}, ErrorCode::IllegalMove, "numbered 1");
}

TEST(Match, C06_MoveBeforeOurFirstMoveIsOutOfTurn) {
  auto host = runningHost(ColorChoice::Black);  // Black (we) move first
  expectRefused(*host, Move{0, 7, 7}, ErrorCode::IllegalMove, "not your turn");
  EXPECT_EQ(host->match.game().board().stoneCount(), 0);
}

TEST(Match, C06_MoveWithAWrongPlyNumberIsRefused) {
  auto host = runningHost(ColorChoice::Black);
  ASSERT_EQ(host->match.playLocal({7, 7}), MoveError::None);
  expectRefused(*host, Move{5, 8, 8}, ErrorCode::IllegalMove, "numbered 5");
  EXPECT_EQ(host->match.game().board().at({8, 8}), Stone::Empty);
}

TEST(Match, C06_MoveNumberedFromTheFutureOrThePastIsRefused) {
  auto host = runningHost(ColorChoice::Black);
  ASSERT_EQ(host->match.playLocal({7, 7}), MoveError::None);
  expectRefused(*host, Move{0, 8, 8}, ErrorCode::IllegalMove, "numbered 0");

  auto other = runningHost(ColorChoice::Black);
  ASSERT_EQ(other->match.playLocal({7, 7}), MoveError::None);
  expectRefused(*other, Move{65535, 8, 8}, ErrorCode::IllegalMove, "numbered 65535");
}

TEST(Match, C06_MoveBeforeSetupIsRefused) {
  auto joiner = joinerAwaitingSetup();
  expectRefused(*joiner, Move{0, 7, 7}, ErrorCode::Protocol, "MOVE before the game started");
  EXPECT_EQ(joiner->match.game().board().stoneCount(), 0);
  EXPECT_FALSE(joiner->match.refusal().has_value());

  // A host that has not even received HELLO.
  Endpoint host(hostSettings());
  host.match.connected();
  expectRefused(host, Move{0, 7, 7}, ErrorCode::Protocol, "MOVE before the game started");
}

TEST(Match, WatchersChatReachesAJoinerOnlyFromItsHostWhileTheGameIsOn) {
  // A host relays a watcher's line to its joiner of 1.5 once the game is on.
  Endpoint host(hostSettings());
  host.match.connected();
  host.match.relayWatcherChat(WatchChat{"甲", false, "before"});  // handshake: dropped
  host.match.receive(Hello{kProtocolMajor, kProtocolMinor, "0.1.0", "peer"});
  const std::size_t before = host.sent.size();
  host.match.relayWatcherChat(WatchChat{"甲", false, "加油"});
  ASSERT_EQ(host.sent.size(), before + 1);
  EXPECT_EQ(*lastSent<WatchChat>(host), (WatchChat{"甲", false, "加油"}));
  // A joiner keeps the lines beside the players' chat.
  Endpoint h(hostSettings()), joiner(joinerSettings());
  handshake(h, joiner);
  joiner.match.receive(WatchChat{"甲", false, "加油"});
  EXPECT_EQ(joiner.match.phase(), MatchPhase::Playing);
  EXPECT_EQ(joiner.match.watcherChatLines(), 1);
  EXPECT_EQ(joiner.match.watcherChat().at(0).text, "加油");
  EXPECT_TRUE(joiner.match.chat().empty());
  // Refused: from a joiner (to a host), before the game, or posing as a player.
  auto running = runningHost();
  expectRefused(*running, WatchChat{"甲", false, "x"}, ErrorCode::Protocol,
                "unexpected WATCH_CHAT");
  auto early = joinerAwaitingSetup();
  expectRefused(*early, WatchChat{"甲", false, "x"}, ErrorCode::Protocol, "unexpected WATCH_CHAT");
  expectRefused(joiner, WatchChat{"甲", true, "x"}, ErrorCode::Protocol, "unexpected WATCH_CHAT");
}

TEST(Match, C06_SecondHelloIsRefused) {
  auto host = runningHost(ColorChoice::Black);
  ASSERT_EQ(host->match.playLocal({7, 7}), MoveError::None);
  expectRefused(*host, Hello{kProtocolMajor, kProtocolMinor, "0.1.0", "again"}, ErrorCode::Protocol,
                "unexpected HELLO");
  EXPECT_EQ(host->match.peerNickname(), "peer") << "the first nickname stays";

  auto joiner = joinerAwaitingSetup();
  expectRefused(*joiner, Hello{kProtocolMajor, kProtocolMinor, "0.1.0", "again"},
                ErrorCode::Protocol, "unexpected HELLO");
}

TEST(Match, C06_SetupSentToTheHostIsRefused) {
  // During the handshake ...
  Endpoint host(hostSettings());
  host.match.connected();
  expectRefused(host, SetupMsg{15, Rule::Freestyle, true}, ErrorCode::Protocol, "unexpected SETUP");

  // ... and during the game.
  auto running = runningHost(ColorChoice::Black);
  ASSERT_EQ(running->match.playLocal({7, 7}), MoveError::None);
  expectRefused(*running, SetupMsg{15, Rule::Freestyle, false}, ErrorCode::Protocol,
                "unexpected SETUP");
  EXPECT_EQ(running->match.localColor(), Stone::Black) << "colours are not swapped";
}

TEST(Match, C06_SetupBeforeTheHostsHelloIsRefused) {
  Endpoint joiner(joinerSettings());
  joiner.match.connected();
  expectRefused(joiner, SetupMsg{15, Rule::Freestyle, true}, ErrorCode::Protocol,
                "unexpected SETUP");
}

TEST(Match, C06_SecondSetupIsRefused) {
  Endpoint host(hostSettings(ColorChoice::Black));
  Endpoint joiner(joinerSettings());
  handshake(host, joiner);
  ASSERT_EQ(joiner.match.phase(), MatchPhase::Playing);
  playThrough(host, joiner, {{7, 7}});
  expectRefused(joiner, SetupMsg{9, Rule::Freestyle, false}, ErrorCode::Protocol,
                "unexpected SETUP");
  EXPECT_EQ(joiner.match.game().size(), 15);
  EXPECT_EQ(joiner.match.localColor(), Stone::White);
}

TEST(Match, C06_SetupWithAnUnsupportedBoardSizeIsRefused) {
  for (int size : {0, 4, 26, 255}) {
    SCOPED_TRACE(size);
    auto joiner = joinerAwaitingSetup();
    expectRefused(*joiner, SetupMsg{static_cast<std::uint8_t>(size), Rule::Freestyle, true},
                  ErrorCode::BadSetup, "board size " + std::to_string(size));
    EXPECT_EQ(joiner->match.localColor(), Stone::Empty);
  }
  for (int size : {5, 25}) {
    auto joiner = joinerAwaitingSetup();
    joiner->match.receive(SetupMsg{static_cast<std::uint8_t>(size), Rule::Freestyle, true});
    EXPECT_EQ(joiner->match.phase(), MatchPhase::Playing);
    EXPECT_EQ(joiner->match.game().size(), size);
  }
}

TEST(Match, C06_SetupWithRenjuOnABoardOtherThan15IsRefused) {
  auto joiner = joinerAwaitingSetup();
  expectRefused(*joiner, SetupMsg{19, Rule::Renju, true}, ErrorCode::BadSetup, "renju");
  EXPECT_EQ(joiner->match.localColor(), Stone::Empty);

  auto standard = joinerAwaitingSetup();
  standard->match.receive(SetupMsg{15, Rule::Standard, false});
  EXPECT_EQ(standard->match.phase(), MatchPhase::Playing);
  EXPECT_EQ(standard->match.game().rule(), Rule::Standard);
  EXPECT_EQ(standard->match.localColor(), Stone::Black);
}

TEST(Match, HelloWithAnotherProtocolVersionIsRefused_Host) {
  Endpoint host(hostSettings());
  host.match.connected();
  expectRefused(host, Hello{2, 0, "9.0.0", "Future"}, ErrorCode::VersionMismatch, "version");
  EXPECT_EQ(host.match.refusal(), ErrorCode::VersionMismatch);
  EXPECT_NE(host.match.closeReason().find("2.0"), std::string::npos) << host.match.closeReason();
  EXPECT_EQ(host.match.localColor(), Stone::Empty) << "no game started";
  for (const Message& m : host.sent) EXPECT_FALSE(std::holds_alternative<SetupMsg>(m));
}

TEST(Match, HelloWithAnotherProtocolVersionIsRefused_Joiner) {
  Endpoint joiner(joinerSettings());
  joiner.match.connected();
  expectRefused(joiner, Hello{0, 9, "0.0.1", "Past"}, ErrorCode::VersionMismatch, "version");
  EXPECT_EQ(joiner.match.refusal(), ErrorCode::VersionMismatch);
}

// ---------------------------------------------------------------------------------------------
// Local moves

TEST(Match, C06_LocalMoveOutOfTurnOrOnAnOccupiedPointSendsNothing) {
  Endpoint host(hostSettings(ColorChoice::Black));
  Endpoint joiner(joinerSettings());
  handshake(host, joiner);

  const std::size_t hostSent = host.sent.size();
  const std::size_t joinerSent = joiner.sent.size();
  EXPECT_EQ(joiner.match.playLocal({7, 7}), MoveError::NotYourTurn);  // Black first
  EXPECT_EQ(joiner.sent.size(), joinerSent);

  playThrough(host, joiner, {{7, 7}});
  const std::size_t afterFirst = host.sent.size();
  EXPECT_EQ(afterFirst, hostSent + 1);
  const Board board = host.match.game().board();

  // White clicks (7,7) (C06), a double click of Black, and off-board clicks.
  EXPECT_EQ(joiner.match.playLocal({7, 7}), MoveError::Occupied);
  EXPECT_EQ(host.match.playLocal({8, 8}), MoveError::NotYourTurn);
  EXPECT_EQ(host.match.playLocal({7, 7}), MoveError::NotYourTurn);
  EXPECT_EQ(joiner.match.playLocal({15, 0}), MoveError::OffBoard);
  EXPECT_EQ(joiner.match.playLocal({-1, 0}), MoveError::OffBoard);
  EXPECT_EQ(host.sent.size(), afterFirst);
  EXPECT_EQ(joiner.sent.size(), joinerSent);
  for (const Endpoint* e : {&host, &joiner}) {
    EXPECT_TRUE(e->match.game().board() == board);
    EXPECT_EQ(e->match.game().ply(), 1);
    EXPECT_EQ(e->match.game().toMove(), Stone::White);
    EXPECT_EQ(e->match.phase(), MatchPhase::Playing);
  }
  EXPECT_TRUE(joiner.match.myTurn());
}

TEST(Match, LocalMoveDuringTheHandshakeSendsNothing) {
  Endpoint host(hostSettings(ColorChoice::Black));
  host.match.connected();
  const std::size_t sent = host.sent.size();
  EXPECT_EQ(host.match.playLocal({7, 7}), MoveError::NotYourTurn);
  EXPECT_EQ(host.sent.size(), sent);
  EXPECT_EQ(host.match.game().ply(), 0);
}

TEST(Match, LocalMoveSendsAMoveWithItsPlyNumber) {
  Endpoint host(hostSettings(ColorChoice::Black));
  Endpoint joiner(joinerSettings());
  handshake(host, joiner);
  ASSERT_EQ(host.match.playLocal({3, 4}), MoveError::None);
  ASSERT_EQ(host.outbox.size(), 1u);
  ASSERT_TRUE(std::holds_alternative<Move>(host.outbox.front()));
  EXPECT_TRUE(std::get<Move>(host.outbox.front()) == (Move{0, 3, 4}));
  ASSERT_TRUE(deliverOne(host, joiner));
  ASSERT_EQ(joiner.match.playLocal({14, 0}), MoveError::None);
  ASSERT_EQ(joiner.outbox.size(), 1u);
  EXPECT_TRUE(std::get<Move>(joiner.outbox.front()) == (Move{1, 14, 0}));
  EXPECT_EQ(host.count(MatchEvent::Moved), 1);
  ASSERT_TRUE(deliverOne(joiner, host));
  EXPECT_EQ(host.count(MatchEvent::Moved), 2);
  EXPECT_EQ(host.match.game().board().at({14, 0}), Stone::White);
}

// ---------------------------------------------------------------------------------------------
// Leaving, closing, errors from the peer

TEST(Match, LeaveSendsByeAndInterruptsTheGame) {
  Endpoint host(hostSettings(ColorChoice::Black));
  Endpoint joiner(joinerSettings());
  handshake(host, joiner);
  playThrough(host, joiner, {{7, 7}, {8, 8}});

  joiner.match.leave();
  ASSERT_NE(lastSent<Bye>(joiner), nullptr);
  EXPECT_EQ(joiner.disconnects, 1);
  EXPECT_EQ(joiner.match.phase(), MatchPhase::Closed);
  EXPECT_NE(joiner.match.closeReason().find("left"), std::string::npos);
  EXPECT_EQ(joiner.match.game().result().outcome, Outcome::Interrupted);
  EXPECT_EQ(joiner.match.game().result().reason, EndReason::Disconnected);
  EXPECT_EQ(joiner.match.game().ply(), 2);

  // Leaving twice sends one BYE.
  const std::size_t sent = joiner.sent.size();
  joiner.match.leave();
  EXPECT_EQ(joiner.sent.size(), sent);
  EXPECT_EQ(joiner.disconnects, 1);

  // The host receives the BYE: closed, "left", interrupted; it answers nothing.
  const std::size_t hostSent = host.sent.size();
  ASSERT_TRUE(deliverOne(joiner, host));
  EXPECT_EQ(host.match.phase(), MatchPhase::Closed);
  EXPECT_NE(host.match.closeReason().find("left"), std::string::npos) << host.match.closeReason();
  EXPECT_EQ(host.match.game().result().outcome, Outcome::Interrupted);
  EXPECT_EQ(host.match.game().result().reason, EndReason::Disconnected);
  EXPECT_EQ(host.match.game().ply(), 2);
  EXPECT_EQ(host.sent.size(), hostSent);
  EXPECT_EQ(host.events.back(), MatchEvent::Closed);
  EXPECT_EQ(host.match.playLocal({9, 9}), MoveError::GameOver);
  EXPECT_TRUE(opponentLeft(host.match.game().result())) << "the front ends say who left";
}

TEST(Match, ByeWithTextShowsTheTextOnOneLine) {
  auto host = runningHost();
  host->match.receive(Bye{ByeReason::Closing, "window\nclosed"});
  EXPECT_TRUE(opponentLeft(host->match.game().result()));
  EXPECT_EQ(host->match.phase(), MatchPhase::Closed);
  EXPECT_NE(host->match.closeReason().find("left"), std::string::npos);
  EXPECT_NE(host->match.closeReason().find("window closed"), std::string::npos)
      << host->match.closeReason();
}

// wire.h: "BYE: the sender is leaving; the receiver closes the connection." Match::receive(Bye)
// only marks the match Closed and never calls the disconnect callback, so a peer that sends BYE
// and keeps its socket open keeps the connection (and NetGame's session) alive.
TEST(Match, OnlyTheOpponentsByeIsALeaving) {
  Result r;
  r.outcome = Outcome::Interrupted;
  r.reason = EndReason::Disconnected;
  for (const char* detail : {"the opponent left the game", "the opponent left the game (bye)"}) {
    r.detail = detail;
    EXPECT_TRUE(opponentLeft(r)) << detail;
  }
  for (const char* detail : {"", "the connection dropped", "you left the game",
                             "the opponent left the gameX", "the opponent left the game!"}) {
    r.detail = detail;
    EXPECT_FALSE(opponentLeft(r)) << detail;
  }
  r.detail = "the opponent left the game";
  r.outcome = Outcome::BlackWins;
  EXPECT_FALSE(opponentLeft(r));
}

TEST(Match, ReceivingByeClosesTheConnection) {
  auto host = runningHost();
  host->match.receive(Bye{ByeReason::Leaving, ""});
  EXPECT_EQ(host->match.phase(), MatchPhase::Closed);
  EXPECT_EQ(host->disconnects, 1);
}

TEST(Match, LeaveDuringTheHandshakeSendsBye) {
  Endpoint joiner(joinerSettings());
  joiner.match.connected();
  joiner.match.leave();
  ASSERT_NE(lastSent<Bye>(joiner), nullptr);
  EXPECT_EQ(joiner.disconnects, 1);
  EXPECT_EQ(joiner.match.phase(), MatchPhase::Closed);
  EXPECT_EQ(joiner.match.game().result().outcome, Outcome::Ongoing) << "no game to interrupt";
}

TEST(Match, C14_ConnectionLostInterruptsARunningGameWhenResumeIsOff) {
  MatchSettings noResume = hostSettings(ColorChoice::Black);
  noResume.resumable = false;
  Endpoint host(noResume);
  Endpoint joiner(joinerSettings());
  handshake(host, joiner);
  playThrough(host, joiner, {{7, 7}, {8, 8}, {9, 9}});
  const Board board = host.match.game().board();

  host.match.connectionLost("the connection was reset by the opponent");
  EXPECT_EQ(host.match.phase(), MatchPhase::Closed);
  EXPECT_EQ(host.match.closeReason(), "the connection was reset by the opponent");
  EXPECT_EQ(host.match.game().result().outcome, Outcome::Interrupted);
  EXPECT_EQ(host.match.game().result().reason, EndReason::Disconnected);
  EXPECT_EQ(host.match.game().result().detail, "the connection was reset by the opponent");
  EXPECT_TRUE(host.match.game().board() == board) << "the interrupted game is kept (saveable)";
  EXPECT_EQ(host.match.game().ply(), 3);
  EXPECT_EQ(host.count(MatchEvent::Closed), 1);

  // Idempotent.
  host.match.connectionLost("again");
  EXPECT_EQ(host.match.closeReason(), "the connection was reset by the opponent");
  EXPECT_EQ(host.count(MatchEvent::Closed), 1);
  EXPECT_EQ(host.disconnects, 0) << "nothing to disconnect: the transport is gone";
}

TEST(Match, ConnectionLostAfterTheGameKeepsTheResult) {
  Endpoint host(hostSettings(ColorChoice::Black));
  Endpoint joiner(joinerSettings());
  handshake(host, joiner);
  playThrough(host, joiner, kC02);
  joiner.match.connectionLost("the opponent closed the connection");
  EXPECT_EQ(joiner.match.phase(), MatchPhase::Suspended) << "play again and chat may resume";
  EXPECT_EQ(joiner.match.game().result().outcome, Outcome::BlackWins);
  joiner.match.abandon();
  EXPECT_EQ(joiner.match.phase(), MatchPhase::Closed);
  EXPECT_EQ(joiner.match.game().result().outcome, Outcome::BlackWins)
      << "abandoning changes no result";
  EXPECT_EQ(joiner.match.game().result().reason, EndReason::Five);
  EXPECT_EQ(joiner.match.game().result().reason, EndReason::Five);
  EXPECT_EQ(joiner.match.game().result().line, kC02Line);
}

TEST(Match, ConnectionLostDuringTheHandshake) {
  Endpoint joiner(joinerSettings());
  joiner.match.connected();
  joiner.match.connectionLost("no Gomoku handshake within the time limit");
  EXPECT_EQ(joiner.match.phase(), MatchPhase::Closed);
  EXPECT_EQ(joiner.match.closeReason(), "no Gomoku handshake within the time limit");
  EXPECT_FALSE(joiner.match.refusal().has_value());
  EXPECT_EQ(joiner.match.game().result().outcome, Outcome::Ongoing);
}

TEST(Match, ErrorBusyDuringTheHandshakeIsARefusal) {
  Endpoint joiner(joinerSettings());
  joiner.match.connected();
  joiner.match.receive(Error{ErrorCode::Busy, "this host is busy with another game"});
  EXPECT_EQ(joiner.match.phase(), MatchPhase::Closed);
  EXPECT_EQ(joiner.match.refusal(), ErrorCode::Busy);
  EXPECT_NE(joiner.match.closeReason().find("busy"), std::string::npos);
  EXPECT_EQ(joiner.sent.size(), 1u) << "only our HELLO: an ERROR is not answered";
  EXPECT_EQ(joiner.events.back(), MatchEvent::Closed);
}

TEST(Match, ErrorVersionMismatchDuringTheHandshakeIsARefusal) {
  Endpoint joiner(joinerSettings());
  joiner.match.connected();
  joiner.match.receive(Error{ErrorCode::VersionMismatch, "speaks protocol 2.0"});
  EXPECT_EQ(joiner.match.refusal(), ErrorCode::VersionMismatch);
  EXPECT_EQ(joiner.match.closeReason(), "speaks protocol 2.0");
}

TEST(Match, ErrorDuringTheGameInterruptsItWithoutARefusal) {
  auto host = runningHost(ColorChoice::Black);
  ASSERT_EQ(host->match.playLocal({7, 7}), MoveError::None);
  const std::size_t sent = host->sent.size();
  host->match.receive(Error{ErrorCode::IllegalMove, "illegal move h8:\nthat point is occupied"});
  EXPECT_EQ(host->match.phase(), MatchPhase::Closed);
  EXPECT_FALSE(host->match.refusal().has_value());
  EXPECT_NE(host->match.closeReason().find("illegal move h8: that point is occupied"),
            std::string::npos)
      << host->match.closeReason();
  EXPECT_EQ(host->match.game().result().outcome, Outcome::Interrupted);
  EXPECT_EQ(host->match.game().ply(), 1);
  EXPECT_EQ(host->sent.size(), sent);

  // Busy during a game is no refusal either.
  auto other = runningHost();
  other->match.receive(Error{ErrorCode::Busy, ""});
  EXPECT_FALSE(other->match.refusal().has_value());
  EXPECT_EQ(other->match.phase(), MatchPhase::Closed);
}

// ---------------------------------------------------------------------------------------------
// Crossing messages

TEST(Match, MoveAndByeCrossing) {
  Endpoint host(hostSettings(ColorChoice::Black));
  Endpoint joiner(joinerSettings());
  handshake(host, joiner);
  playThrough(host, joiner, {{7, 7}, {8, 8}});

  // The host plays while the joiner leaves: the MOVE and the BYE are in flight at once.
  ASSERT_EQ(host.match.playLocal({9, 9}), MoveError::None);
  joiner.match.leave();
  ASSERT_TRUE(deliverOne(joiner, host));  // BYE reaches the host
  ASSERT_TRUE(deliverOne(host, joiner));  // the MOVE reaches a joiner that has left: ignored
  EXPECT_EQ(host.match.phase(), MatchPhase::Closed);
  EXPECT_EQ(joiner.match.phase(), MatchPhase::Closed);
  EXPECT_EQ(joiner.match.game().ply(), 2);
  EXPECT_EQ(host.match.game().ply(), 3);
  EXPECT_EQ(host.match.game().result().outcome, Outcome::Interrupted);
  EXPECT_EQ(joiner.match.game().result().outcome, Outcome::Interrupted);
  EXPECT_TRUE(host.outbox.empty());
  EXPECT_TRUE(joiner.outbox.empty()) << "a closed match answers nothing";
}

TEST(Match, WinningMoveAndLeaveCrossing) {
  Endpoint host(hostSettings(ColorChoice::Black));
  Endpoint joiner(joinerSettings());
  handshake(host, joiner);
  playThrough(host, joiner, std::vector<Point>(kC02.begin(), kC02.end() - 1));
  // Black's winning move and White's BYE cross.
  ASSERT_EQ(host.match.playLocal(kC02.back()), MoveError::None);
  ASSERT_EQ(host.match.phase(), MatchPhase::Finished);
  joiner.match.leave();
  ASSERT_TRUE(deliverOne(joiner, host));
  ASSERT_TRUE(deliverOne(host, joiner));
  // The host saw its win before the BYE: the result stands.
  EXPECT_EQ(host.match.game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(host.match.phase(), MatchPhase::Closed);
  // The joiner had left first: its game is interrupted at move 8 and stays so.
  EXPECT_EQ(joiner.match.game().result().outcome, Outcome::Interrupted);
  EXPECT_EQ(joiner.match.game().ply(), 8);
}

// ---------------------------------------------------------------------------------------------
// Renju (issue 4): both ends enforce forbidden points.

namespace {
// Black stones that make (7,7) a double-three for Black: (5,7),(6,7) and (7,5),(7,6); White's
// replies are far away on the top row.
const std::vector<Point> kDoubleThreeSetup = {{5, 7}, {0, 0}, {6, 7}, {2, 0},
                                              {7, 5}, {4, 0}, {7, 6}, {6, 0}};

// A host (Black) and a joiner (White) under renju with the double-three set up, Black to move.
std::pair<std::unique_ptr<Endpoint>, std::unique_ptr<Endpoint>> renjuPair(FoulPolicy foul) {
  MatchSettings hs = hostSettings(ColorChoice::Black, "Host", 15, Rule::Renju);
  hs.foul = foul;
  auto host = std::make_unique<Endpoint>(hs);
  auto joiner = std::make_unique<Endpoint>(joinerSettings());
  handshake(*host, *joiner);
  playThrough(*host, *joiner, kDoubleThreeSetup);
  return {std::move(host), std::move(joiner)};
}
}  // namespace

TEST(Match, RenjuTravelsInSetupWithItsFoulPolicy) {
  auto [host, joiner] = renjuPair(FoulPolicy::Lose);
  EXPECT_EQ(joiner->match.game().rule(), Rule::Renju);
  EXPECT_EQ(joiner->match.game().foulPolicy(), FoulPolicy::Lose);
  EXPECT_EQ(host->match.game().forbiddenAt({7, 7}), Forbidden::DoubleThree);
  EXPECT_EQ(joiner->match.game().forbiddenPoints(), host->match.game().forbiddenPoints());
}

TEST(Match, RenjuForbiddenLocalMoveIsRefusedAndNothingIsSent) {
  auto [host, joiner] = renjuPair(FoulPolicy::Refuse);
  const std::size_t sent = host->sent.size();
  EXPECT_EQ(host->match.playLocal({7, 7}), MoveError::Forbidden);
  EXPECT_EQ(host->sent.size(), sent);
  EXPECT_TRUE(host->match.myTurn());
  EXPECT_EQ(host->match.game().refusalText({7, 7}, MoveError::Forbidden),
            "double-three at H8 is forbidden for Black");
}

TEST(Match, RenjuForbiddenMoveFromAHostilePeerIsRefused) {
  // The joiner plays Black here: the host (White) receives the forbidden MOVE.
  MatchSettings hs = hostSettings(ColorChoice::White, "Host", 15, Rule::Renju);
  Endpoint host(hs);
  Endpoint joiner(joinerSettings());
  handshake(host, joiner);
  playThrough(joiner, host, kDoubleThreeSetup);
  expectRefused(host, Move{8, 7, 7}, ErrorCode::IllegalMove, "double-three at H8");
}

TEST(Match, RenjuForbiddenMoveLosesUnderStrictRules) {
  auto [host, joiner] = renjuPair(FoulPolicy::Lose);
  ASSERT_EQ(host->match.playLocal({7, 7}), MoveError::None);
  ASSERT_TRUE(deliverOne(*host, *joiner));
  for (Endpoint* e : {host.get(), joiner.get()}) {
    const Result& r = e->match.game().result();
    EXPECT_EQ(r.outcome, Outcome::WhiteWins);
    EXPECT_EQ(r.reason, EndReason::Foul);
    EXPECT_NE(r.detail.find("double-three at H8"), std::string::npos) << r.detail;
    EXPECT_EQ(e->match.phase(), MatchPhase::Finished);
  }
}

// ---------------------------------------------------------------------------------------------
// Issue 3: takeback, draw, resign, play again, nickname, chat — including crossing messages.

namespace {
// Host (Black) and joiner (White) after the handshake.
std::pair<std::unique_ptr<Endpoint>, std::unique_ptr<Endpoint>> pair() {
  auto host = std::make_unique<Endpoint>(hostSettings(ColorChoice::Black, "Alice"));
  auto joiner = std::make_unique<Endpoint>(joinerSettings("Bob"));
  handshake(*host, *joiner);
  return {std::move(host), std::move(joiner)};
}

void expectSameGame(const Endpoint& a, const Endpoint& b) {
  EXPECT_TRUE(a.match.game().board() == b.match.game().board());
  EXPECT_EQ(a.match.game().moves(), b.match.game().moves());
  EXPECT_EQ(a.match.game().toMove(), b.match.game().toMove());
  EXPECT_EQ(a.match.game().result().outcome, b.match.game().result().outcome);
  EXPECT_EQ(a.match.game().result().reason, b.match.game().result().reason);
}
}  // namespace

TEST(Match, TakebackAcceptedRemovesTheSameStonesOnBothSides) {
  auto [a, b] = pair();
  playThrough(*a, *b, {{7, 7}, {8, 8}, {9, 9}});
  EXPECT_EQ(a->match.requestTakeback(), RequestRefusal::None);
  EXPECT_EQ(a->match.playLocal({1, 1}), MoveError::NotYourTurn)
      << "no move while the request waits";
  deliverAll(*a, *b);
  ASSERT_TRUE(b->match.takebackRequested());
  EXPECT_EQ(b->match.answerTakeback(true), RequestRefusal::None);
  deliverAll(*a, *b);
  EXPECT_EQ(a->match.game().ply(), 2);
  EXPECT_EQ(a->match.game().toMove(), Stone::Black);
  expectSameGame(*a, *b);
  EXPECT_FALSE(a->match.takebackPending());
  EXPECT_EQ(a->match.playLocal({10, 10}), MoveError::None) << "Black plays again";
}

TEST(Match, TakebackOnOurTurnTakesBackTwoPlies) {
  auto [a, b] = pair();
  playThrough(*a, *b, {{7, 7}, {8, 8}});
  ASSERT_EQ(a->match.requestTakeback(),
            RequestRefusal::None);  // Black's turn: Black's move and White's reply
  deliverAll(*a, *b);
  ASSERT_EQ(b->match.answerTakeback(true), RequestRefusal::None);
  deliverAll(*a, *b);
  EXPECT_EQ(a->match.game().ply(), 0);
  expectSameGame(*a, *b);
}

TEST(Match, TakebackDeclinedChangesNothing) {
  auto [a, b] = pair();
  playThrough(*a, *b, {{7, 7}});
  ASSERT_EQ(a->match.requestTakeback(), RequestRefusal::None);
  deliverAll(*a, *b);
  ASSERT_EQ(b->match.answerTakeback(false), RequestRefusal::None);
  deliverAll(*a, *b);
  EXPECT_EQ(a->match.game().ply(), 1);
  EXPECT_FALSE(a->match.takebackPending());
  EXPECT_NE(describe(a->match.notice()).find("declined"), std::string::npos);
  expectSameGame(*a, *b);
}

// Case C10 of ../shared/cases/bug-reports-1.md: a takeback request crossing a move in flight.
TEST(Match, C10_TakebackRequestCrossingAMoveIsRefusedOnBothSides) {
  // A (Black) plays (7,7), B (White) (8,8), A (9,9). A asks for a takeback while B sends (10,10).
  auto [a, b] = pair();
  playThrough(*a, *b, {{7, 7}, {8, 8}, {9, 9}});
  ASSERT_EQ(a->match.requestTakeback(), RequestRefusal::None);
  ASSERT_EQ(b->match.playLocal({10, 10}), MoveError::None);  // crosses the request
  deliverAll(*a, *b);
  // The stale request was refused; nothing was taken back; both agree.
  EXPECT_EQ(a->match.game().ply(), 4);
  EXPECT_FALSE(a->match.takebackPending());
  EXPECT_FALSE(b->match.takebackRequested());
  expectSameGame(*a, *b);
  EXPECT_EQ(a->match.game().toMove(), Stone::Black);
  EXPECT_EQ(a->match.playLocal({11, 11}), MoveError::None);
  deliverAll(*a, *b);
  expectSameGame(*a, *b);
  EXPECT_EQ(b->match.game().board().at({11, 11}), Stone::Black)
      << "the next stone has the right colour";
}

TEST(Match, C10_MovingInsteadOfAnsweringDeclinesTheTakeback) {
  auto [a, b] = pair();
  playThrough(*a, *b, {{7, 7}, {8, 8}, {9, 9}});
  ASSERT_EQ(a->match.requestTakeback(), RequestRefusal::None);
  deliverAll(*a, *b);
  ASSERT_TRUE(b->match.takebackRequested());
  ASSERT_EQ(b->match.playLocal({10, 10}), MoveError::None);
  deliverAll(*a, *b);
  EXPECT_EQ(a->match.game().ply(), 4);
  EXPECT_FALSE(a->match.takebackPending());
  expectSameGame(*a, *b);
}

TEST(Match, DrawOfferAcceptedDrawsBothGames) {
  auto [a, b] = pair();
  playThrough(*a, *b, {{7, 7}, {8, 8}});
  ASSERT_EQ(a->match.offerDraw(), RequestRefusal::None);
  EXPECT_NE(a->match.answerDraw(true), RequestRefusal::None) << "you cannot accept your own offer";
  deliverAll(*a, *b);
  ASSERT_TRUE(b->match.drawRequested());
  ASSERT_EQ(b->match.answerDraw(true), RequestRefusal::None);
  deliverAll(*a, *b);
  for (Endpoint* e : {a.get(), b.get()}) {
    EXPECT_EQ(e->match.game().result().outcome, Outcome::Draw);
    EXPECT_EQ(e->match.game().result().reason, EndReason::Agreement);
    EXPECT_EQ(e->match.phase(), MatchPhase::Finished);
  }
}

TEST(Match, DrawOfferLapsesWhenTheOpponentMoves) {
  auto [a, b] = pair();
  playThrough(*a, *b, {{7, 7}});
  ASSERT_EQ(b->match.offerDraw(),
            RequestRefusal::None);  // White offers on its turn... then Black moves
  deliverAll(*a, *b);
  ASSERT_TRUE(a->match.drawRequested());
  ASSERT_EQ(b->match.playLocal({8, 8}), MoveError::None);  // the offerer's own move keeps it
  deliverAll(*a, *b);
  ASSERT_TRUE(a->match.drawRequested());
  ASSERT_EQ(a->match.playLocal({9, 9}), MoveError::None);  // the offerer's opponent moves: lapsed
  deliverAll(*a, *b);
  EXPECT_FALSE(a->match.drawRequested());
  EXPECT_FALSE(b->match.drawOffered());
  EXPECT_NE(a->match.answerDraw(true), RequestRefusal::None);
}

// Two requests at once: each stands on both sides with its own answer.
TEST(Match, ADrawOfferAndATakebackRequestStandTogether) {
  auto [a, b] = pair();
  playThrough(*a, *b, {{7, 7}, {8, 8}, {9, 9}});
  ASSERT_EQ(a->match.offerDraw(), RequestRefusal::None);
  ASSERT_EQ(a->match.requestTakeback(), RequestRefusal::None);
  deliverAll(*a, *b);
  EXPECT_TRUE(b->match.drawRequested());
  EXPECT_TRUE(b->match.takebackRequested());
  ASSERT_EQ(b->match.answerTakeback(false), RequestRefusal::None);
  deliverAll(*a, *b);
  EXPECT_EQ(a->match.notice().withdrawn, Withdrawn::None);
  EXPECT_TRUE(a->match.drawOffered()) << "declining the takeback keeps the draw offer";
  EXPECT_TRUE(b->match.drawRequested());
  ASSERT_EQ(b->match.answerDraw(false), RequestRefusal::None);
  deliverAll(*a, *b);
  EXPECT_FALSE(a->match.drawOffered());
  EXPECT_EQ(a->match.game().ply(), 3);
  expectSameGame(*a, *b);
}

TEST(Match, AnAcceptedTakebackWithdrawsTheDrawOfferAndSaysSo) {
  // Either side's offer: the offerer asked for the takeback too, or the other side did.
  for (const bool offererAsks : {true, false}) {
    auto [a, b] = pair();
    playThrough(*a, *b, {{7, 7}, {8, 8}, {9, 9}});
    Endpoint& asker = offererAsks ? *a : *b;
    Endpoint& answerer = offererAsks ? *b : *a;
    ASSERT_EQ(a->match.offerDraw(), RequestRefusal::None);
    deliverAll(*a, *b);
    ASSERT_EQ(asker.match.requestTakeback(), RequestRefusal::None);
    deliverAll(*a, *b);
    ASSERT_TRUE(answerer.match.takebackRequested());
    ASSERT_EQ(answerer.match.answerTakeback(true), RequestRefusal::None);
    deliverAll(*a, *b);
    for (Endpoint* e : {a.get(), b.get()}) {
      EXPECT_FALSE(e->match.drawOffered());
      EXPECT_FALSE(e->match.drawRequested());
      EXPECT_EQ(e->match.notice().withdrawn, Withdrawn::DrawOffer);
      EXPECT_NE(describe(e->match.notice()).find("The draw offer no longer stands"),
                std::string::npos)
          << describe(e->match.notice());
    }
    EXPECT_EQ(answerer.match.notice().kind, NoticeKind::YouAcceptedTakeback);
    EXPECT_EQ(asker.match.notice().kind, NoticeKind::PeerAcceptedTakeback);
    expectSameGame(*a, *b);
  }
}

TEST(Match, AnAgreedDrawWithdrawsTheTakebackRequestAndSaysSo) {
  auto [a, b] = pair();
  playThrough(*a, *b, {{7, 7}, {8, 8}, {9, 9}});
  ASSERT_EQ(a->match.offerDraw(), RequestRefusal::None);
  ASSERT_EQ(a->match.requestTakeback(), RequestRefusal::None);
  deliverAll(*a, *b);
  ASSERT_EQ(b->match.answerDraw(true), RequestRefusal::None);  // the draw, not the takeback
  deliverAll(*a, *b);
  EXPECT_FALSE(a->match.takebackPending());
  EXPECT_FALSE(b->match.takebackRequested());
  EXPECT_EQ(a->match.notice().kind, NoticeKind::PeerAcceptedDraw);
  EXPECT_EQ(b->match.notice().kind, NoticeKind::DrawAgreed);
  for (Endpoint* e : {a.get(), b.get()}) {
    EXPECT_EQ(e->match.game().result().reason, EndReason::Agreement);
    EXPECT_EQ(e->match.notice().withdrawn, Withdrawn::Takeback);
    EXPECT_NE(describe(e->match.notice()).find("The takeback request no longer stands"),
              std::string::npos)
        << describe(e->match.notice());
  }
  expectSameGame(*a, *b);
}

TEST(Match, BothOfferingADrawAtOnceIsAnAgreedDraw) {
  auto [a, b] = pair();
  playThrough(*a, *b, {{7, 7}, {8, 8}});
  ASSERT_EQ(a->match.offerDraw(), RequestRefusal::None);
  ASSERT_EQ(b->match.offerDraw(), RequestRefusal::None);  // crossing
  deliverAll(*a, *b);
  for (Endpoint* e : {a.get(), b.get()})
    EXPECT_EQ(e->match.game().result().reason, EndReason::Agreement);
  expectSameGame(*a, *b);
}

TEST(Match, ResignOnEitherTurnAndAcrossACrossingMove) {
  {
    auto [a, b] = pair();
    playThrough(*a, *b, {{7, 7}});
    ASSERT_EQ(a->match.resign(), RequestRefusal::None);  // Black resigns on White's turn
    deliverAll(*a, *b);
    for (Endpoint* e : {a.get(), b.get()}) {
      EXPECT_EQ(e->match.game().result().outcome, Outcome::WhiteWins);
      EXPECT_EQ(e->match.game().result().reason, EndReason::Resignation);
    }
  }
  {
    auto [a, b] = pair();
    playThrough(*a, *b, {{7, 7}});
    ASSERT_EQ(a->match.resign(), RequestRefusal::None);
    ASSERT_EQ(b->match.playLocal({8, 8}), MoveError::None);  // crosses the resignation
    deliverAll(*a, *b);
    expectSameGame(*a, *b);
    EXPECT_EQ(a->match.game().ply(), 2) << "the crossing move is kept on both boards";
    EXPECT_EQ(b->match.game().result().reason, EndReason::Resignation);
    EXPECT_EQ(a->disconnects + b->disconnects, 0) << "no protocol error";
  }
}

TEST(Match, ResignCrossingTheWinningMoveIsAResignationOnBothSides) {
  auto [a, b] = pair();
  // White threatens five on row 0; Black resigns just as White completes it.
  playThrough(*a, *b, {{7, 7}, {0, 0}, {7, 8}, {1, 0}, {8, 9}, {2, 0}, {12, 12}, {3, 0}, {13, 13}});
  ASSERT_EQ(a->match.resign(), RequestRefusal::None);
  ASSERT_EQ(b->match.playLocal({4, 0}), MoveError::None);  // five, crossing
  deliverAll(*a, *b);
  expectSameGame(*a, *b);
  EXPECT_EQ(a->match.game().result().outcome, Outcome::WhiteWins);
  EXPECT_EQ(a->match.game().result().reason, EndReason::Resignation);
}

TEST(Match, PlayAgainPressedByBothAtOnceStartsExactlyOneGameWithColoursSwapped) {
  auto [a, b] = pair();
  ASSERT_EQ(a->match.resign(), RequestRefusal::None);
  deliverAll(*a, *b);
  ASSERT_EQ(a->match.playAgain(true), RequestRefusal::None);
  ASSERT_EQ(b->match.playAgain(true), RequestRefusal::None);  // crossing
  deliverAll(*a, *b);
  for (Endpoint* e : {a.get(), b.get()}) {
    EXPECT_EQ(e->match.gameNumber(), 2);
    EXPECT_EQ(e->match.phase(), MatchPhase::Playing);
    EXPECT_EQ(e->match.game().ply(), 0);
    EXPECT_EQ(e->count(MatchEvent::Started), 2);
  }
  EXPECT_EQ(a->match.localColor(), Stone::White);
  EXPECT_EQ(b->match.localColor(), Stone::Black);
  EXPECT_TRUE(b->match.myTurn());
}

TEST(Match, PlayAgainNeedsBothAndCanBeDeclined) {
  auto [a, b] = pair();
  EXPECT_NE(a->match.playAgain(true), RequestRefusal::None) << "not during a game";
  ASSERT_EQ(b->match.resign(), RequestRefusal::None);
  deliverAll(*a, *b);
  ASSERT_EQ(a->match.playAgain(true), RequestRefusal::None);
  deliverAll(*a, *b);
  EXPECT_TRUE(b->match.peerWantsAgain());
  EXPECT_EQ(b->match.gameNumber(), 1);
  ASSERT_EQ(b->match.playAgain(false), RequestRefusal::None);
  deliverAll(*a, *b);
  EXPECT_FALSE(a->match.wantAgain());
  EXPECT_EQ(a->match.gameNumber(), 1);
}

TEST(Match, C15_NicknameChangeReachesThePeer) {
  auto [a, b] = pair();
  EXPECT_EQ(a->match.changeNickname("欧阳司马诸葛东方慕容"), RequestRefusal::None);
  deliverAll(*a, *b);
  EXPECT_EQ(b->match.peerNickname(), "欧阳司马诸葛东方慕容");
  EXPECT_EQ(a->match.localNickname(), "欧阳司马诸葛东方慕容");
  EXPECT_NE(a->match.changeNickname("   "), RequestRefusal::None);
  EXPECT_NE(a->match.changeNickname(std::string(33, 'x')), RequestRefusal::None);
  EXPECT_EQ(b->count(MatchEvent::NicknameChanged), 1);
}

TEST(Match, ChatIsDeliveredAndRateLimited) {
  auto [a, b] = pair();
  std::chrono::steady_clock::time_point now{};
  a->match.setClock([&] { return now; });
  b->match.setClock([&] { return now; });
  for (int i = 0; i < Match::kChatBurst; ++i)
    EXPECT_EQ(a->match.sendChat("line " + std::to_string(i)), RequestRefusal::None);
  EXPECT_NE(a->match.sendChat("one too many"), RequestRefusal::None) << "refused with a message";
  now += Match::kChatWindow;
  EXPECT_EQ(a->match.sendChat("later"), RequestRefusal::None);
  EXPECT_NE(a->match.sendChat(std::string(501, 'x')), RequestRefusal::None);
  EXPECT_NE(a->match.sendChat(""), RequestRefusal::None);
  deliverAll(*a, *b);
  ASSERT_EQ(b->match.chat().size(), static_cast<std::size_t>(Match::kChatBurst + 1));
  EXPECT_EQ(b->match.chat().back().text, "later");
  EXPECT_FALSE(b->match.chat().back().fromUs);
}

TEST(Match, ChatFloodFromAHostilePeerClosesTheConnection) {
  auto [a, b] = pair();
  std::chrono::steady_clock::time_point now{};
  b->match.setClock([&] { return now; });
  for (int i = 0; i < 2 * Match::kChatBurst; ++i) b->match.receive(Chat{"spam"});
  expectRefused(*b, Chat{"spam"}, ErrorCode::Protocol, "flood");
}

TEST(Match, HostileTakebackAndDrawMessagesAreRefused) {
  {
    auto [a, b] = pair();
    playThrough(*a, *b, {{7, 7}, {8, 8}});
    // White, having just moved, asks to take back two plies: that would take Black's move too.
    expectRefused(*a, TakebackRequest{2, 0}, ErrorCode::Protocol, "takeback");
  }
  {
    // A draw offer from a position we do not have is stale (a takeback we accepted can cross
    // it): ignored, not an offer to answer.
    auto [a, b] = pair();
    playThrough(*a, *b, {{7, 7}});
    a->match.receive(DrawOffer{5});
    EXPECT_FALSE(a->match.drawRequested());
    EXPECT_EQ(a->match.phase(), MatchPhase::Playing);
  }
  {
    auto [a, b] = pair();
    playThrough(*a, *b, {{7, 7}});
    expectRefused(*a, Resign{9}, ErrorCode::Protocol, "resignation");
  }
}

// Faults found by fuzz_match (tests/fuzz), kept as regression tests.
TEST(Match, FuzzNicknameDuringTheHandshakeIsAccepted) {
  auto host = std::make_unique<Endpoint>(hostSettings(ColorChoice::Black, "Alice"));
  auto joiner = std::make_unique<Endpoint>(joinerSettings("Bob"));
  host->match.connected();
  joiner->match.connected();
  ASSERT_TRUE(deliverOne(*host, *joiner));  // the host's HELLO
  ASSERT_EQ(host->match.changeNickname("Alicia"), RequestRefusal::None);
  deliverAll(*host, *joiner);
  EXPECT_EQ(joiner->match.phase(), MatchPhase::Playing);
  EXPECT_EQ(joiner->match.peerNickname(), "Alicia");
}

TEST(Match, FuzzCrossingDrawOffersWithAMoveAgreeOnBothSides) {
  auto [a, b] = pair();
  playThrough(*a, *b, {{7, 7}, {8, 8}});
  ASSERT_EQ(a->match.offerDraw(), RequestRefusal::None);
  ASSERT_EQ(a->match.playLocal({9, 9}), MoveError::None);  // the offerer moves on
  ASSERT_EQ(b->match.offerDraw(), RequestRefusal::None);   // crossing
  deliverAll(*a, *b);
  expectSameGame(*a, *b);
  EXPECT_EQ(a->match.game().result().reason, EndReason::Agreement);
}

TEST(Match, FuzzResignationCrossingADrawAcceptanceEndsInTheDraw) {
  auto [a, b] = pair();
  playThrough(*a, *b, {{7, 7}, {8, 8}});
  ASSERT_EQ(a->match.offerDraw(), RequestRefusal::None);
  ASSERT_TRUE(deliverOne(*a, *b));
  ASSERT_EQ(a->match.resign(), RequestRefusal::None);  // resigns while its offer stands...
  ASSERT_EQ(b->match.answerDraw(true),
            RequestRefusal::None);  // ...and the offer is accepted meanwhile
  deliverAll(*a, *b);
  expectSameGame(*a, *b);
  EXPECT_EQ(a->match.game().result().outcome, Outcome::Draw);
}

TEST(Match, FuzzAnswersAfterTheConnectionClosedDoNothing) {
  auto [a, b] = pair();
  playThrough(*a, *b, {{7, 7}});
  ASSERT_EQ(a->match.offerDraw(), RequestRefusal::None);
  deliverAll(*a, *b);
  b->match.leave();
  EXPECT_NE(b->match.answerDraw(true), RequestRefusal::None);
  EXPECT_EQ(b->match.phase(), MatchPhase::Closed);
}

TEST(Match, FuzzNoDrawOrResignationWhileOurTakebackWaits) {
  auto [a, b] = pair();
  playThrough(*a, *b, {{7, 7}});
  ASSERT_EQ(a->match.requestTakeback(), RequestRefusal::None);
  EXPECT_NE(a->match.offerDraw(), RequestRefusal::None);
  EXPECT_NE(a->match.resign(), RequestRefusal::None);
  deliverAll(*a, *b);
  ASSERT_EQ(b->match.answerTakeback(true), RequestRefusal::None);
  deliverAll(*a, *b);
  expectSameGame(*a, *b);
}

TEST(Match, FuzzCrossingOffersAndAResignationEndInTheDraw) {
  auto [a, b] = pair();
  ASSERT_EQ(a->match.offerDraw(), RequestRefusal::None);
  ASSERT_EQ(b->match.offerDraw(), RequestRefusal::None);
  ASSERT_EQ(a->match.resign(), RequestRefusal::None);  // resigns while both offers are in flight
  deliverAll(*a, *b);
  expectSameGame(*a, *b);
  EXPECT_EQ(a->match.game().result().outcome, Outcome::Draw);
}

TEST(Match, FuzzCrossingTakebackRequestsAreBothRefused) {
  auto [a, b] = pair();
  playThrough(*a, *b, {{7, 7}, {8, 8}});
  ASSERT_EQ(a->match.requestTakeback(), RequestRefusal::None);
  ASSERT_EQ(b->match.requestTakeback(), RequestRefusal::None);  // crossing
  deliverAll(*a, *b);
  EXPECT_FALSE(a->match.takebackPending());
  EXPECT_FALSE(b->match.takebackPending());
  EXPECT_FALSE(a->match.takebackRequested());
  expectSameGame(*a, *b);
  EXPECT_EQ(a->match.game().ply(), 2);
}

TEST(Match, FuzzARefusalOfACrossedRequestIsNotTheAnswerToTheNextOne) {
  // Found by fuzz_match: A's request at ply 1 is crossed by B's move; B asks to take that move
  // back and A agrees, so the game is at ply 1 again when A asks once more. B's refusal of the
  // first request (it names ply 1 too) must not be read as the answer to the second.
  auto [a, b] = pair();
  playThrough(*a, *b, {{7, 7}});
  ASSERT_EQ(b->match.playLocal({8, 8}), MoveError::None);       // B (White) moves ...
  ASSERT_EQ(a->match.requestTakeback(), RequestRefusal::None);  // ... while A asks, at ply 1
  ASSERT_TRUE(deliverOne(*b, *a));  // A gets the move: its request is stale
  EXPECT_FALSE(a->match.takebackPending());
  ASSERT_EQ(b->match.requestTakeback(), RequestRefusal::None);  // B asks to take back (8,8)
  ASSERT_TRUE(deliverOne(*b, *a));
  ASSERT_EQ(a->match.answerTakeback(true), RequestRefusal::None);  // A agrees: ply 1 again
  ASSERT_EQ(a->match.requestTakeback(), RequestRefusal::None);     // and asks again, at ply 1
  deliverAll(*a, *b);
  // B refused the first request, took its move back with A's consent, and has A's second
  // request waiting: A must still be waiting for that answer.
  EXPECT_TRUE(b->match.takebackRequested());
  EXPECT_TRUE(a->match.takebackPending());
  expectSameGame(*a, *b);
  ASSERT_EQ(b->match.answerTakeback(true), RequestRefusal::None);
  deliverAll(*a, *b);
  EXPECT_EQ(a->match.game().ply(), 0);
  EXPECT_FALSE(a->match.takebackPending());
  expectSameGame(*a, *b);
}

// ---------------------------------------------------------------------------------------------
// Reconnect (case C14): a connection lost mid-match suspends it; the joiner resumes on a new
// connection with RESUME (its move list), the host answers with SYNC (the whole game as it holds
// it), and a move that was in flight is applied exactly once.

namespace {

// Both sides lose the connection: whatever is still in flight is lost with it.
void dropConnection(Endpoint& host, Endpoint& joiner) {
  host.outbox.clear();
  joiner.outbox.clear();
  host.match.connectionLost("the connection was reset");
  joiner.match.connectionLost("the connection was reset");
  ASSERT_EQ(host.match.phase(), MatchPhase::Suspended);
  ASSERT_EQ(joiner.match.phase(), MatchPhase::Suspended);
}

// The joiner reconnects: its RESUME is the first message of the new connection; the host
// checks it as NetGame does (acceptsResume) and then takes it.
void resume(Endpoint& host, Endpoint& joiner) {
  joiner.match.reconnected();
  ASSERT_EQ(joiner.outbox.size(), 1u);
  ASSERT_TRUE(std::holds_alternative<Resume>(joiner.outbox.front()));
  ASSERT_TRUE(host.match.acceptsResume(joiner.outbox.front()));
  deliverAll(host, joiner);
}

}  // namespace

TEST(Match, C14_ConnectionLostSuspendsARunningGame) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {{7, 7}, {8, 8}, {9, 9}});
  dropConnection(*host, *joiner);
  EXPECT_EQ(host->match.game().result().outcome, Outcome::Ongoing)
      << "not interrupted while suspended";
  EXPECT_EQ(host->match.game().ply(), 3);
  EXPECT_EQ(host->count(MatchEvent::Suspended), 1);
  EXPECT_EQ(host->match.suspendReason(), "the connection was reset");
  EXPECT_NE(describe(host->match.notice()).find("Waiting for Bob to reconnect"), std::string::npos)
      << describe(host->match.notice());
  EXPECT_NE(describe(joiner->match.notice()).find("Reconnecting"), std::string::npos)
      << describe(joiner->match.notice());
  // Nothing can be played or asked meanwhile.
  EXPECT_FALSE(joiner->match.myTurn());
  EXPECT_EQ(joiner->match.playLocal({10, 10}), MoveError::NotYourTurn);
  EXPECT_NE(joiner->match.offerDraw(), RequestRefusal::None);
  EXPECT_NE(joiner->match.resign(), RequestRefusal::None);
  EXPECT_NE(joiner->match.sendChat("hi"), RequestRefusal::None);
  EXPECT_NE(joiner->match.changeNickname("Robert"), RequestRefusal::None);
  EXPECT_TRUE(joiner->outbox.empty());
  // Idempotent.
  host->match.connectionLost("again");
  EXPECT_EQ(host->count(MatchEvent::Suspended), 1);
}

TEST(Match, C14_ResumeWithTheSameMovesContinuesTheGame) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {{3, 7}, {0, 0}, {4, 7}});
  dropConnection(*host, *joiner);
  resume(*host, *joiner);
  EXPECT_EQ(host->match.phase(), MatchPhase::Playing);
  EXPECT_EQ(joiner->match.phase(), MatchPhase::Playing);
  EXPECT_EQ(host->count(MatchEvent::Resumed), 1);
  EXPECT_EQ(joiner->count(MatchEvent::Resumed), 1);
  expectSameGame(*host, *joiner);
  EXPECT_EQ(host->match.game().ply(), 3);
  EXPECT_TRUE(joiner->match.myTurn());
  // The game goes on to its end, and the same token serves a second resume.
  playThrough(*host, *joiner, {{2, 0}, {6, 7}});
  dropConnection(*host, *joiner);
  resume(*host, *joiner);
  playThrough(*host, *joiner, {{4, 0}, {7, 7}, {6, 0}, {5, 7}});
  EXPECT_EQ(host->match.game().result().outcome, Outcome::BlackWins);
  expectSameGame(*host, *joiner);
}

TEST(Match, C14c_TheJoinersMoveInFlightIsAppliedOnce) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {{7, 7}});
  ASSERT_EQ(joiner->match.playLocal({8, 8}), MoveError::None);  // White's MOVE is lost
  dropConnection(*host, *joiner);
  EXPECT_EQ(host->match.game().ply(), 1);
  EXPECT_EQ(joiner->match.game().ply(), 2);
  resume(*host, *joiner);
  expectSameGame(*host, *joiner);
  EXPECT_EQ(host->match.game().ply(), 2) << "the host applied the move from RESUME";
  EXPECT_TRUE(host->match.myTurn());
  EXPECT_EQ(host->count(MatchEvent::Moved), 2);
}

TEST(Match, C14c_AMoveDeliveredBeforeTheDropIsNotAppliedTwice) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {{7, 7}});
  ASSERT_EQ(joiner->match.playLocal({8, 8}), MoveError::None);
  ASSERT_TRUE(deliverOne(*joiner, *host));  // it arrived; the connection drops after
  dropConnection(*host, *joiner);
  resume(*host, *joiner);
  expectSameGame(*host, *joiner);
  EXPECT_EQ(host->match.game().ply(), 2);
  EXPECT_EQ(host->count(MatchEvent::Moved), 2) << "one MOVE, no second application";
}

TEST(Match, C14c_TheHostsMoveInFlightArrivesWithSync) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {{7, 7}, {8, 8}});
  ASSERT_EQ(host->match.playLocal({9, 9}), MoveError::None);  // lost
  dropConnection(*host, *joiner);
  resume(*host, *joiner);
  expectSameGame(*host, *joiner);
  EXPECT_EQ(joiner->match.game().ply(), 3);
  EXPECT_TRUE(joiner->match.myTurn());
  EXPECT_NE(describe(joiner->match.notice()).find("move in flight"), std::string::npos)
      << describe(joiner->match.notice());
}

TEST(Match, C14c_AWinningMoveInFlightEndsTheGameOnBothSides) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {{3, 7}, {0, 0}, {4, 7}, {2, 0}, {6, 7}, {4, 0}, {7, 7}, {6, 0}});
  ASSERT_EQ(host->match.playLocal({5, 7}), MoveError::None);  // the five; lost in flight
  EXPECT_EQ(host->match.phase(), MatchPhase::Finished);
  dropConnection(*host, *joiner);
  resume(*host, *joiner);
  expectSameGame(*host, *joiner);
  EXPECT_EQ(joiner->match.phase(), MatchPhase::Finished);
  EXPECT_EQ(joiner->match.game().result().reason, EndReason::Five);
  EXPECT_EQ(joiner->count(MatchEvent::GameOver), 1);
}

TEST(Match, C14_ATakebackAcceptedInFlightIsKeptByTheHostsList) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {{7, 7}, {8, 8}});
  ASSERT_EQ(joiner->match.requestTakeback(), RequestRefusal::None);
  ASSERT_TRUE(deliverOne(*joiner, *host));
  ASSERT_EQ(host->match.answerTakeback(true), RequestRefusal::None);  // the reply is lost
  dropConnection(*host, *joiner);
  resume(*host, *joiner);
  expectSameGame(*host, *joiner);
  EXPECT_EQ(joiner->match.game().ply(), 1);
  EXPECT_FALSE(joiner->match.takebackPending());
  EXPECT_TRUE(joiner->match.myTurn());
}

TEST(Match, C14_ATakebackTheJoinerAcceptedInFlightStandsOnTheHost) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {{7, 7}, {8, 8}, {9, 9}});
  ASSERT_EQ(host->match.requestTakeback(), RequestRefusal::None);
  ASSERT_TRUE(deliverOne(*host, *joiner));
  ASSERT_EQ(joiner->match.answerTakeback(true), RequestRefusal::None);  // the reply is lost
  EXPECT_EQ(joiner->match.game().ply(), 2);
  dropConnection(*host, *joiner);
  resume(*host, *joiner);
  expectSameGame(*host, *joiner);
  EXPECT_EQ(host->match.game().ply(), 2);
  EXPECT_TRUE(host->match.myTurn());
}

TEST(Match, C14_ResumeAfterTheGameEndedAllowsPlayAgain) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, kC02);
  dropConnection(*host, *joiner);
  resume(*host, *joiner);
  EXPECT_EQ(host->match.phase(), MatchPhase::Finished);
  EXPECT_EQ(joiner->match.phase(), MatchPhase::Finished);
  expectSameGame(*host, *joiner);
  ASSERT_EQ(host->match.playAgain(true), RequestRefusal::None);
  ASSERT_EQ(joiner->match.playAgain(true), RequestRefusal::None);
  deliverAll(*host, *joiner);
  EXPECT_EQ(host->match.gameNumber(), 2);
  EXPECT_EQ(joiner->match.gameNumber(), 2);
  EXPECT_EQ(joiner->match.localColor(), Stone::Black);
}

TEST(Match, C14_AResumeWithAnotherTokenOrGameIsNotAccepted) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {{7, 7}});
  dropConnection(*host, *joiner);
  const std::uint64_t token = host->match.token();
  ASSERT_NE(token, 0u);
  EXPECT_EQ(joiner->match.token(), token);
  EXPECT_FALSE(host->match.acceptsResume(Resume{token + 1, 1, {{7, 7}}}));
  EXPECT_FALSE(host->match.acceptsResume(Resume{token, 2, {{7, 7}}}));
  EXPECT_FALSE(host->match.acceptsResume(Hello{kProtocolMajor, kProtocolMinor, "0.1.0", "Bob"}));
  EXPECT_TRUE(host->match.acceptsResume(Resume{token, 0, {}}))
      << "a restarted joiner holds no game";
  EXPECT_FALSE(joiner->match.acceptsResume(Resume{token, 1, {}})) << "only the host takes RESUME";
}

TEST(Match, C14_AResumeWithDifferentMovesIsADesync) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {{7, 7}, {8, 8}});
  dropConnection(*host, *joiner);
  const Board before = host->match.game().board();
  host->match.receive(Resume{host->match.token(), 1, {{7, 7}, {9, 9}}});
  ASSERT_TRUE(lastSent<Error>(*host));
  EXPECT_EQ(lastSent<Error>(*host)->code, ErrorCode::Desync);
  EXPECT_NE(lastSent<Error>(*host)->text.find("move 2"), std::string::npos);
  EXPECT_EQ(host->disconnects, 1) << "that connection is closed";
  EXPECT_EQ(host->match.phase(), MatchPhase::Suspended) << "the game waits for a good resume";
  EXPECT_TRUE(host->match.game().board() == before);
  EXPECT_EQ(host->match.game().result().outcome, Outcome::Ongoing);
  host->outbox.clear();    // the ERROR went to the refused connection
  resume(*host, *joiner);  // the real joiner still comes back
  expectSameGame(*host, *joiner);
  EXPECT_EQ(host->match.phase(), MatchPhase::Playing);
}

TEST(Match, C14_AResumeHoldingTwoUnknownMovesIsADesync) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {{7, 7}});
  dropConnection(*host, *joiner);
  host->match.receive(Resume{host->match.token(), 1, {{7, 7}, {8, 8}, {9, 9}}});
  ASSERT_TRUE(lastSent<Error>(*host));
  EXPECT_EQ(lastSent<Error>(*host)->code, ErrorCode::Desync);
  EXPECT_EQ(host->match.game().ply(), 1);
  EXPECT_EQ(host->match.phase(), MatchPhase::Suspended);
  // Nor a move on an occupied point.
  host->match.receive(Resume{host->match.token(), 1, {{7, 7}, {7, 7}}});
  EXPECT_EQ(lastSent<Error>(*host)->code, ErrorCode::IllegalMove);
  EXPECT_EQ(host->match.phase(), MatchPhase::Suspended);
  EXPECT_EQ(host->match.game().ply(), 1);
}

TEST(Match, C14_AResumedMoveOnAnOccupiedPointIsRefused) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {{7, 7}});
  dropConnection(*host, *joiner);
  host->match.receive(Resume{host->match.token(), 1, {{7, 7}, {7, 7}}});
  ASSERT_TRUE(lastSent<Error>(*host));
  EXPECT_EQ(lastSent<Error>(*host)->code, ErrorCode::IllegalMove);
  EXPECT_EQ(host->match.game().ply(), 1);
  EXPECT_EQ(host->match.phase(), MatchPhase::Suspended);
}

TEST(Match, C14_APlayAgainWishLostInTheDropIsRepeated) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, kC02);
  ASSERT_EQ(host->match.playAgain(true), RequestRefusal::None);  // lost
  dropConnection(*host, *joiner);
  resume(*host, *joiner);
  EXPECT_TRUE(joiner->match.peerWantsAgain()) << "the host asked again after the resume";
  ASSERT_EQ(joiner->match.playAgain(true), RequestRefusal::None);
  deliverAll(*host, *joiner);
  EXPECT_EQ(host->match.gameNumber(), 2);
  EXPECT_EQ(joiner->match.gameNumber(), 2);
  // Both had asked: both ask again, and exactly one game starts.
  auto [h2, j2] = pair();
  playThrough(*h2, *j2, kC02);
  ASSERT_EQ(h2->match.playAgain(true), RequestRefusal::None);
  ASSERT_EQ(j2->match.playAgain(true), RequestRefusal::None);
  dropConnection(*h2, *j2);
  resume(*h2, *j2);
  deliverAll(*h2, *j2);
  EXPECT_EQ(h2->match.gameNumber(), 2);
  EXPECT_EQ(j2->match.gameNumber(), 2);
  expectSameGame(*h2, *j2);
}

TEST(Match, C14_AHostWithoutAGameAnswersResumeWithNoSuchGame) {
  Endpoint host(hostSettings());
  host.match.connected();
  host.match.receive(Resume{12345, 1, {{7, 7}}});
  ASSERT_TRUE(lastSent<Error>(host));
  EXPECT_EQ(lastSent<Error>(host)->code, ErrorCode::NoSuchGame);
  EXPECT_EQ(host.match.phase(), MatchPhase::Closed);
}

TEST(Match, C14_HostileSyncIsRefusedAndTheBoardKept) {
  struct Case {
    const char* what;
    std::function<void(Sync&)> change;
    ErrorCode code;
  };
  const std::vector<Case> cases = {
      {"another game", [](Sync& s) { s.game = 5; }, ErrorCode::Desync},
      {"another board size", [](Sync& s) { s.setup.boardSize = 19; }, ErrorCode::Desync},
      {"a different first move",
       [](Sync& s) {
         s.moves[0] = {1, 1};
       },
       ErrorCode::Desync},
      {"an occupied point", [](Sync& s) { s.moves.push_back(s.moves[0]); }, ErrorCode::IllegalMove},
      {"a point off the board",
       [](Sync& s) {
         s.moves.push_back({15, 3});
       },
       ErrorCode::IllegalMove},
      {"a five that does not follow",
       [](Sync& s) {
         s.outcome = Outcome::BlackWins;
         s.reason = EndReason::Five;
       },
       ErrorCode::Desync},
      {"an unsupported size", [](Sync& s) { s.setup.boardSize = 40; }, ErrorCode::BadSetup},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    auto [host, joiner] = pair();
    playThrough(*host, *joiner, {{7, 7}, {8, 8}});
    dropConnection(*host, *joiner);
    joiner->match.reconnected();
    Sync bad{1,
             SetupMsg{15, Rule::Freestyle, true, FoulPolicy::Refuse, joiner->match.token()},
             "Alice",
             Outcome::Ongoing,
             EndReason::None,
             {{7, 7}, {8, 8}}};
    c.change(bad);
    const Board before = joiner->match.game().board();
    joiner->match.receive(bad);
    ASSERT_TRUE(lastSent<Error>(*joiner));
    EXPECT_EQ(lastSent<Error>(*joiner)->code, c.code);
    EXPECT_EQ(joiner->match.phase(), MatchPhase::Closed);
    EXPECT_TRUE(joiner->match.game().board() == before);
  }
}

TEST(Match, C14_OtherMessagesBeforeTheResumeAreRefused) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {{7, 7}});
  dropConnection(*host, *joiner);
  joiner->match.reconnected();
  joiner->match.receive(Move{1, 8, 8});
  ASSERT_TRUE(lastSent<Error>(*joiner));
  EXPECT_EQ(lastSent<Error>(*joiner)->code, ErrorCode::Protocol);
  EXPECT_EQ(joiner->match.game().ply(), 1);
  // A SYNC to the host, or to a joiner that is not resuming, is refused too.
  auto [h2, j2] = pair();
  h2->match.receive(Sync{});
  EXPECT_EQ(lastSent<Error>(*h2)->code, ErrorCode::Protocol);
  j2->match.receive(Sync{1, SetupMsg{}, "Alice", Outcome::Ongoing, EndReason::None, {}});
  EXPECT_EQ(lastSent<Error>(*j2)->code, ErrorCode::Protocol);
}

TEST(Match, C14_NotComingBackWithinTheWindowIsAWinForWhoStayed) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {{7, 7}, {8, 8}});
  dropConnection(*host, *joiner);
  host->match.abandon();
  EXPECT_EQ(host->match.phase(), MatchPhase::Closed);
  EXPECT_EQ(host->match.game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(host->match.game().result().reason, EndReason::Abandoned);
  EXPECT_EQ(host->match.game().ply(), 2);
  EXPECT_EQ(describeResult(host->match.game().result()),
            "Black wins: the opponent abandoned the game (Bob did not reconnect in time).");
  joiner->match.abandon();  // the host could not be reached: the joiner stayed too
  EXPECT_EQ(joiner->match.game().result().outcome, Outcome::WhiteWins);
  EXPECT_EQ(joiner->match.game().result().reason, EndReason::Abandoned);
  // abandon() only acts on a suspended match.
  auto [h2, j2] = pair();
  h2->match.abandon();
  EXPECT_EQ(h2->match.phase(), MatchPhase::Playing);
}

TEST(Match, C14_LeavingWhileSuspendedInterruptsTheGame) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {{7, 7}});
  dropConnection(*host, *joiner);
  joiner->match.leave();
  EXPECT_EQ(joiner->match.phase(), MatchPhase::Closed);
  EXPECT_EQ(joiner->match.game().result().outcome, Outcome::Interrupted);
}

TEST(Match, C14_ARestartedJoinerRejoinsWithItsToken) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {{7, 7}, {8, 8}, {9, 9}});
  dropConnection(*host, *joiner);
  MatchSettings again = joinerSettings("Bob");
  again.resumeToken = joiner->match.token();
  Endpoint fresh(again);
  fresh.match.connected();
  ASSERT_EQ(fresh.outbox.size(), 1u);
  ASSERT_TRUE(std::holds_alternative<Resume>(fresh.outbox.front())) << "RESUME instead of HELLO";
  ASSERT_TRUE(host->match.acceptsResume(fresh.outbox.front()));
  deliverAll(*host, fresh);
  EXPECT_EQ(fresh.match.phase(), MatchPhase::Playing);
  EXPECT_EQ(fresh.count(MatchEvent::Started), 1);
  EXPECT_EQ(fresh.match.peerNickname(), "Alice");
  EXPECT_EQ(fresh.match.localColor(), Stone::White);
  expectSameGame(*host, fresh);
  EXPECT_TRUE(fresh.match.myTurn());
  playThrough(*host, fresh, {{10, 10}});
  expectSameGame(*host, fresh);
}

TEST(Match, C14_ResumeIsOffWithoutAToken) {
  MatchSettings noResume = hostSettings();
  noResume.resumable = false;
  Endpoint host(noResume);
  Endpoint joiner(joinerSettings());
  handshake(host, joiner);
  EXPECT_EQ(host.match.token(), 0u);
  joiner.match.connectionLost("reset");
  EXPECT_EQ(joiner.match.phase(), MatchPhase::Closed) << "the host offered no token";
}

TEST(Match, C14_PlayAgainCrossingTheDropStartsTheSameNextGame) {
  // The host's PLAY_AGAIN is lost: the host started game 2, the joiner still holds game 1.
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, kC02);
  ASSERT_EQ(host->match.playAgain(true), RequestRefusal::None);
  ASSERT_EQ(joiner->match.playAgain(true), RequestRefusal::None);
  ASSERT_TRUE(deliverOne(*joiner, *host));
  ASSERT_EQ(host->match.gameNumber(), 2);
  dropConnection(*host, *joiner);
  EXPECT_EQ(joiner->match.gameNumber(), 1);
  resume(*host, *joiner);
  EXPECT_EQ(joiner->match.gameNumber(), 2);
  EXPECT_EQ(joiner->match.localColor(), Stone::Black) << "colours swapped";
  expectSameGame(*host, *joiner);
  EXPECT_TRUE(joiner->match.myTurn());

  // The joiner's answer is lost instead: the joiner started game 2 (and played in it), the host
  // still holds game 1 after asking to play again.
  auto [h2, j2] = pair();
  playThrough(*h2, *j2, kC02);
  ASSERT_EQ(h2->match.playAgain(true), RequestRefusal::None);
  ASSERT_EQ(j2->match.playAgain(true), RequestRefusal::None);
  ASSERT_TRUE(deliverOne(*h2, *j2));
  ASSERT_EQ(j2->match.gameNumber(), 2);
  ASSERT_EQ(j2->match.playLocal({7, 7}), MoveError::None) << "the joiner is Black in game 2";
  dropConnection(*h2, *j2);
  EXPECT_EQ(h2->match.gameNumber(), 1);
  resume(*h2, *j2);
  EXPECT_EQ(h2->match.gameNumber(), 2);
  EXPECT_EQ(h2->match.localColor(), Stone::White);
  expectSameGame(*h2, *j2);
  EXPECT_EQ(h2->match.game().ply(), 1) << "the joiner's first move of game 2 arrived once";
  EXPECT_TRUE(h2->match.myTurn());
}

TEST(Match, FuzzResultOfTheGameBeforeLostWithPlayAgainInTheDropIsTheSameOnBothSides) {
  // Found by the match fuzzer: both offer a draw at once, the host's offer reaches the joiner
  // (offers crossed: a draw there), then the host resigns while its offer stands. The joiner's
  // offer would make it a draw at the host too, but it is lost in a drop with the joiner's
  // PLAY_AGAIN; the joiner had started game 2 on the host's PLAY_AGAIN. On resume the host
  // learns the joiner's result of game 1 (RESUME, protocol 1.1) and takes it.
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {{7, 7}});
  ASSERT_EQ(joiner->match.offerDraw(), RequestRefusal::None);
  ASSERT_EQ(host->match.offerDraw(), RequestRefusal::None);
  ASSERT_TRUE(deliverOne(*host, *joiner));  // DRAW_OFFER: crossing offers agree at the joiner
  ASSERT_EQ(joiner->match.game().result().reason, EndReason::Agreement);
  ASSERT_EQ(host->match.resign(), RequestRefusal::None);
  ASSERT_EQ(host->match.playAgain(true), RequestRefusal::None);
  ASSERT_EQ(joiner->match.playAgain(true), RequestRefusal::None);
  deliverOne(*host, *joiner);  // RESIGN: the draw stands at the joiner
  deliverOne(*host, *joiner);  // PLAY_AGAIN: the joiner starts game 2
  ASSERT_EQ(joiner->match.gameNumber(), 2);
  ASSERT_EQ(host->match.gameNumber(), 1);
  ASSERT_EQ(host->match.game().result().reason, EndReason::Resignation);
  dropConnection(*host, *joiner);  // the joiner's DRAW_OFFER and PLAY_AGAIN are lost
  resume(*host, *joiner);
  ASSERT_EQ(host->match.gameNumber(), 2);
  expectSameGame(*host, *joiner);
  for (const Endpoint* e : {host.get(), joiner.get()}) {
    EXPECT_EQ(e->match.previousGame().result().outcome, Outcome::Draw);
    EXPECT_EQ(e->match.previousGame().result().reason, EndReason::Agreement);
  }
  EXPECT_EQ(host->match.previousRevisions(), 1);
  EXPECT_EQ(joiner->match.previousRevisions(), 0);
}

TEST(Match, ResultOfTheGameBeforeComesWithSyncWhenTheHostsPlayAgainWasLost) {
  // Both resign at once: the host's resignation stands on both sides, the joiner learns it from
  // the host's RESIGN. Here that RESIGN is lost with the host's PLAY_AGAIN: the host started
  // game 2 on the joiner's PLAY_AGAIN, the joiner still holds game 1 with its own resignation.
  // The SYNC into game 2 carries the host's result of game 1 (protocol 1.1).
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {{7, 7}});
  ASSERT_EQ(joiner->match.resign(), RequestRefusal::None);
  ASSERT_EQ(host->match.resign(), RequestRefusal::None);
  ASSERT_EQ(joiner->match.playAgain(true), RequestRefusal::None);
  ASSERT_EQ(host->match.playAgain(true), RequestRefusal::None);
  deliverOne(*joiner, *host);  // RESIGN: both resigned, the host's stands
  deliverOne(*joiner, *host);  // PLAY_AGAIN: the host starts game 2
  ASSERT_EQ(host->match.gameNumber(), 2);
  ASSERT_EQ(joiner->match.gameNumber(), 1);
  dropConnection(*host, *joiner);  // the host's RESIGN and PLAY_AGAIN are lost
  ASSERT_EQ(joiner->match.game().result().outcome, Outcome::BlackWins) << "its own resignation";
  resume(*host, *joiner);
  ASSERT_EQ(joiner->match.gameNumber(), 2);
  expectSameGame(*host, *joiner);
  for (const Endpoint* e : {host.get(), joiner.get()}) {
    EXPECT_EQ(e->match.previousGame().result().outcome, Outcome::WhiteWins) << "host resigned";
    EXPECT_EQ(e->match.previousGame().result().reason, EndReason::Resignation);
  }
  EXPECT_EQ(joiner->match.previousRevisions(), 1);
}

TEST(Match, C14_AResignationLostInFlightStillStands) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {{7, 7}});
  ASSERT_EQ(joiner->match.resign(), RequestRefusal::None);  // lost with the connection
  dropConnection(*host, *joiner);
  resume(*host, *joiner);
  deliverAll(*host, *joiner);
  expectSameGame(*host, *joiner);
  EXPECT_EQ(host->match.game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(host->match.game().result().reason, EndReason::Resignation);
  EXPECT_EQ(joiner->match.phase(), MatchPhase::Finished);
}

// ---------------------------------------------------------------------------------------------
// After the end of a game no stone is added, except the one move that crossed our resignation or
// our completion of a draw: sent on the sender's turn at the expected ply before it could know,
// and at most one. A resignation that crosses a result found by the moves (five, foul) stands
// on both sides.

namespace {
// A running host (Black) after its first move h8 (7,7): White, the scripted peer, is to move.
std::unique_ptr<Endpoint> hostAfterFirstMove() {
  auto host = runningHost();
  EXPECT_EQ(host->match.playLocal({7, 7}), MoveError::None);
  return host;
}
}  // namespace

TEST(Match, NoMoveIsRecordedAfterThePeersResignation) {
  auto host = hostAfterFirstMove();
  host->match.receive(Resign{1});
  ASSERT_EQ(host->match.game().result().reason, EndReason::Resignation);
  // The peer knew the game was over: its move cannot have crossed anything (its turn and its
  // ply notwithstanding). Refused; the move after it is not even read.
  expectRefused(*host, Move{1, 8, 8}, ErrorCode::IllegalMove, "after the game ended");
  EXPECT_EQ(host->match.game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(host->match.game().ply(), 1);
}

TEST(Match, NoMoveIsRecordedAfterThePeerAcceptedOurDraw) {
  auto host = hostAfterFirstMove();
  ASSERT_EQ(host->match.offerDraw(), RequestRefusal::None);
  host->match.receive(DrawReply{1, true});
  ASSERT_EQ(host->match.game().result().reason, EndReason::Agreement);
  expectRefused(*host, Move{1, 8, 8}, ErrorCode::IllegalMove, "after the game ended");
  EXPECT_EQ(host->match.game().result().outcome, Outcome::Draw);
}

TEST(Match, OnlyOneMoveCrossesOurAcceptanceOfADraw) {
  auto host = hostAfterFirstMove();
  host->match.receive(DrawOffer{1});  // White offers on its turn, and may move on at once
  ASSERT_EQ(host->match.answerDraw(true), RequestRefusal::None);
  host->match.receive(Move{1, 8, 8});  // crossed the acceptance: kept, as White's stone
  EXPECT_EQ(host->match.phase(), MatchPhase::Finished);
  EXPECT_EQ(host->match.game().ply(), 2);
  EXPECT_EQ(host->match.game().board().at({8, 8}), Stone::White);
  EXPECT_EQ(host->match.game().result().reason, EndReason::Agreement);
  // Three more MOVEs: the first is refused (not the sender's turn, and one has crossed already).
  expectRefused(*host, Move{2, 9, 9}, ErrorCode::IllegalMove, "after the game ended");
  host->match.receive(Move{3, 10, 10});
  host->match.receive(Move{4, 11, 11});
  EXPECT_EQ(host->match.game().ply(), 2);
  EXPECT_EQ(host->match.game().result().outcome, Outcome::Draw);
}

TEST(Match, OnlyOneMoveCrossesOurResignation) {
  {
    auto host = hostAfterFirstMove();
    ASSERT_EQ(host->match.resign(), RequestRefusal::None);  // on White's turn
    const int moved = host->count(MatchEvent::Moved);
    host->match.receive(Move{1, 8, 8});
    EXPECT_EQ(host->match.game().board().at({8, 8}), Stone::White);
    EXPECT_EQ(host->count(MatchEvent::Moved), moved + 1);
    // The same ply again (a second crossing move) or the next one: refused.
    expectRefused(*host, Move{2, 9, 9}, ErrorCode::IllegalMove, "after the game ended");
    EXPECT_EQ(host->match.game().result().outcome, Outcome::WhiteWins);
    EXPECT_EQ(host->match.game().result().reason, EndReason::Resignation);
  }
  {
    auto host = hostAfterFirstMove();
    ASSERT_EQ(host->match.resign(), RequestRefusal::None);
    expectRefused(*host, Move{0, 8, 8}, ErrorCode::IllegalMove, "after the game ended");
  }
  {
    // Resigning on our own turn: the peer cannot have a move in flight.
    auto host = hostAfterFirstMove();
    host->match.receive(Move{1, 8, 8});
    ASSERT_EQ(host->match.resign(), RequestRefusal::None);
    expectRefused(*host, Move{2, 9, 9}, ErrorCode::IllegalMove, "after the game ended");
    EXPECT_EQ(host->match.game().ply(), 2);
  }
  {
    // A resignation of the peer's that crossed ours: no move of its own follows it.
    auto host = hostAfterFirstMove();
    ASSERT_EQ(host->match.resign(), RequestRefusal::None);
    host->match.receive(Resign{1});
    expectRefused(*host, Move{1, 8, 8}, ErrorCode::IllegalMove, "after the game ended");
  }
}

TEST(Match, TheCrossingMoveLostInADropIsRecordedOnceOnResume) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {{7, 7}});
  ASSERT_EQ(host->match.resign(), RequestRefusal::None);
  ASSERT_EQ(joiner->match.playLocal({8, 8}), MoveError::None);  // crosses; lost in the drop
  ASSERT_TRUE(deliverOne(*host, *joiner));                      // the RESIGN arrived
  dropConnection(*host, *joiner);
  resume(*host, *joiner);
  deliverAll(*host, *joiner);
  expectSameGame(*host, *joiner);
  EXPECT_EQ(host->match.game().ply(), 2);
  EXPECT_EQ(host->match.game().result().reason, EndReason::Resignation);
  EXPECT_EQ(host->disconnects, 0);
}

TEST(Match, AResumeWithAMoveAfterThePeersResignationIsADesync) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {{7, 7}});
  ASSERT_EQ(joiner->match.resign(), RequestRefusal::None);
  deliverAll(*host, *joiner);
  dropConnection(*host, *joiner);
  // A joiner that adds a stone after its own resignation.
  const Resume r{host->match.token(), 1, {{7, 7}, {8, 8}}};
  ASSERT_TRUE(host->match.acceptsResume(r));
  host->match.receive(r);
  ASSERT_TRUE(lastSent<Error>(*host));
  EXPECT_EQ(lastSent<Error>(*host)->code, ErrorCode::Desync);
  EXPECT_EQ(host->match.phase(), MatchPhase::Suspended) << "the suspended game is untouched";
  EXPECT_EQ(host->match.game().ply(), 1);
}

TEST(Match, ASyncWithAMoveAfterTheFiveIsRefused) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {kC02.front()});
  dropConnection(*host, *joiner);
  joiner->match.reconnected();
  Sync bad{1,
           SetupMsg{15, Rule::Freestyle, true, FoulPolicy::Refuse, joiner->match.token()},
           "Alice",
           Outcome::BlackWins,
           EndReason::Five,
           {}};
  for (const Point p : kC02)
    bad.moves.push_back({static_cast<std::uint8_t>(p.x), static_cast<std::uint8_t>(p.y)});
  bad.moves.push_back({10, 10});  // a White stone after Black's five
  joiner->match.receive(bad);
  ASSERT_TRUE(lastSent<Error>(*joiner));
  EXPECT_EQ(lastSent<Error>(*joiner)->code, ErrorCode::IllegalMove);
  EXPECT_NE(lastSent<Error>(*joiner)->text.find("after the end"), std::string::npos);
  EXPECT_EQ(joiner->match.phase(), MatchPhase::Closed);
  EXPECT_EQ(joiner->match.game().ply(), 1);
}

TEST(Match, AResignationAfterTheFiveIsRefusedAndTheFiveStands) {
  auto [a, b] = pair();
  playThrough(*a, *b, kC02);
  ASSERT_EQ(a->match.game().result().reason, EndReason::Five);
  // The peer saw the five (its resignation names the position with it): it cannot apply.
  expectRefused(*a, Resign{9}, ErrorCode::Protocol, "after the game ended");
  EXPECT_EQ(a->match.game().result().reason, EndReason::Five);
  EXPECT_EQ(a->match.game().result().outcome, Outcome::BlackWins);
}

TEST(Match, AResignationCrossingAFoulStandsOnBothSides) {
  // Renju, a forbidden move loses: Black's double-three at (9,7) crosses White's resignation.
  MatchSettings hs = hostSettings(ColorChoice::Black, "Alice", 15, Rule::Renju);
  hs.foul = FoulPolicy::Lose;
  Endpoint a(hs), b(joinerSettings("Bob"));
  handshake(a, b);
  playThrough(a, b, {{7, 7}, {0, 0}, {8, 7}, {0, 2}, {9, 8}, {0, 4}, {9, 9}, {0, 6}});
  ASSERT_EQ(b.match.resign(), RequestRefusal::None);      // on Black's turn
  ASSERT_EQ(a.match.playLocal({9, 7}), MoveError::None);  // the foul, crossing
  ASSERT_EQ(a.match.game().result().reason, EndReason::Foul);
  deliverAll(a, b);
  expectSameGame(a, b);
  EXPECT_EQ(a.match.game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(a.match.game().result().reason, EndReason::Resignation);
  EXPECT_EQ(a.match.game().ply(), 9);
  EXPECT_EQ(a.count(MatchEvent::GameOver), 2) << "the result changed: told again";
  EXPECT_EQ(a.disconnects + b.disconnects, 0);
}

// ---------------------------------------------------------------------------------------------
// Server messages (protocol 1.2) reaching a P2P match: a clear refusal, never a game.

TEST(MatchServer, AJoinerThatReachesAServerClosesWithAClearReason) {
  for (const Message& first :
       std::vector<Message>{Welcome{1, 2, "0.1.0", "ladder"}, Denied{}, Players{}}) {
    SCOPED_TRACE(typeName(typeOf(first)));
    Endpoint joiner(joinerSettings());
    joiner.match.connected();
    ASSERT_EQ(joiner.sent.size(), 1u);  // our HELLO
    joiner.match.receive(first);
    EXPECT_EQ(joiner.sent.size(), 1u) << "nothing is answered: the server refuses HELLO itself";
    EXPECT_EQ(joiner.disconnects, 1);
    EXPECT_EQ(joiner.match.phase(), MatchPhase::Closed);
    ASSERT_TRUE(joiner.match.refusal().has_value());
    EXPECT_EQ(*joiner.match.refusal(), ErrorCode::ServerOnly);
    EXPECT_NE(joiner.match.closeReason().find("Gomoku server"), std::string::npos)
        << joiner.match.closeReason();
    EXPECT_NE(joiner.match.closeReason().find("Play online"), std::string::npos);
    EXPECT_EQ(joiner.match.localColor(), Stone::Empty);
  }
}

TEST(MatchServer, AJoinerRefusedWithServerOnlyGivesTheSameReason) {
  Endpoint joiner(joinerSettings());
  joiner.match.connected();
  joiner.match.receive(Error{ErrorCode::ServerOnly, "this is a Gomoku server"});
  EXPECT_EQ(joiner.match.phase(), MatchPhase::Closed);
  ASSERT_TRUE(joiner.match.refusal().has_value());
  EXPECT_EQ(*joiner.match.refusal(), ErrorCode::ServerOnly);
  EXPECT_NE(joiner.match.closeReason().find("use Play online"), std::string::npos);
}

TEST(MatchServer, AHostAnswersAServerMessageWithNotAServer) {
  for (const Message& first :
       std::vector<Message>{Login{LoginMethod::Password, "Ann", "password1"},
                            Register{"Ann", "password1"}, HallRequest{}, Welcome{}}) {
    SCOPED_TRACE(typeName(typeOf(first)));
    Endpoint host(hostSettings());
    host.match.connected();
    ASSERT_EQ(host.sent.size(), 1u);  // our HELLO
    host.match.receive(first);
    ASSERT_EQ(host.sent.size(), 2u);
    const Error* err = lastSent<Error>(host);
    ASSERT_NE(err, nullptr);
    EXPECT_EQ(err->code, ErrorCode::NotAServer);
    EXPECT_NE(err->text.find("not a Gomoku server"), std::string::npos) << err->text;
    EXPECT_EQ(host.disconnects, 1);
    EXPECT_EQ(host.match.phase(), MatchPhase::Closed);
    ASSERT_TRUE(host.match.sentError().has_value());
    EXPECT_EQ(*host.match.sentError(), ErrorCode::NotAServer);
    EXPECT_EQ(host.match.localColor(), Stone::Empty) << "no game was started";
  }
}

TEST(MatchServer, AServerMessageInARunningGameIsAProtocolFault) {
  auto host = runningHost();
  ASSERT_EQ(host->match.playLocal({7, 7}), MoveError::None);
  expectRefused(*host, OpponentAway{true, 180}, ErrorCode::Protocol, "OPPONENT_AWAY");

  Endpoint h(hostSettings());
  Endpoint j(joinerSettings());
  handshake(h, j);
  ASSERT_EQ(j.match.phase(), MatchPhase::Playing);
  expectRefused(j, Matched{}, ErrorCode::Protocol, "MATCHED");
}

// ---------------------------------------------------------------------------------------------
// Relay (gomoku-server): the host's local player stands for another client whose acts were made
// before it saw what our peer sent meanwhile. The peer (a plain joiner) must accept each relayed
// act by the crossing rules.

TEST(Match, RelayMoveCrossingThePeersResignationIsRecordedOnBothSides) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {{7, 7}, {8, 8}});
  ASSERT_EQ(joiner->match.resign(), RequestRefusal::None);  // on the host's turn
  ASSERT_TRUE(deliverOne(*joiner, *host));
  ASSERT_TRUE(host->match.game().over());
  EXPECT_EQ(host->match.relayMove({9, 9}), MoveError::None);  // the proxy had moved meanwhile
  EXPECT_EQ(host->match.relayMove({10, 10}), MoveError::GameOver) << "one move at most";
  deliverAll(*host, *joiner);
  expectSameGame(*host, *joiner);
  EXPECT_EQ(joiner->match.game().ply(), 3);
  EXPECT_EQ(joiner->match.game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(joiner->match.sentError(), std::nullopt);
}

TEST(Match, RelayResignCrossingThePeersFiveIsAResignationOnBothSides) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner,
              {{0, 0}, {5, 5}, {0, 2}, {6, 5}, {0, 4}, {7, 5}, {0, 6}, {8, 5}, {0, 8}});
  ASSERT_EQ(joiner->match.playLocal({9, 5}), MoveError::None);  // White's five
  ASSERT_TRUE(deliverOne(*joiner, *host));
  ASSERT_EQ(host->match.game().result().reason, EndReason::Five);
  EXPECT_EQ(host->match.relayResign(10), RequestRefusal::NoGameRunning) << "not one ply before";
  EXPECT_EQ(host->match.relayResign(9), RequestRefusal::None);
  deliverAll(*host, *joiner);
  expectSameGame(*host, *joiner);
  EXPECT_EQ(joiner->match.game().result().outcome, Outcome::WhiteWins);
  EXPECT_EQ(joiner->match.game().result().reason, EndReason::Resignation);
}

TEST(Match, RelayDrawOfferCrossingThePeersOfferAgrees) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {{7, 7}, {8, 8}});
  ASSERT_EQ(joiner->match.offerDraw(), RequestRefusal::None);
  ASSERT_TRUE(deliverOne(*joiner, *host));
  EXPECT_EQ(host->match.relayDrawOffer(2), RequestRefusal::None);
  ASSERT_TRUE(std::holds_alternative<DrawOffer>(host->sent.back()));
  deliverAll(*host, *joiner);
  expectSameGame(*host, *joiner);
  EXPECT_EQ(joiner->match.game().result().outcome, Outcome::Draw);
  EXPECT_EQ(joiner->match.game().result().reason, EndReason::Agreement);
}

TEST(Match, RelayDrawReplyCrossingThePeersResignationDraws) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {{7, 7}, {8, 8}});
  ASSERT_EQ(joiner->match.offerDraw(), RequestRefusal::None);
  ASSERT_EQ(joiner->match.resign(), RequestRefusal::None);  // while its offer stands
  deliverAll(*host, *joiner);
  ASSERT_EQ(host->match.game().result().reason, EndReason::Resignation);
  EXPECT_EQ(host->match.relayDrawReply(2, true), RequestRefusal::None);  // accepted meanwhile
  deliverAll(*host, *joiner);
  expectSameGame(*host, *joiner);
  EXPECT_EQ(joiner->match.game().result().outcome, Outcome::Draw);
  EXPECT_EQ(host->match.game().result().outcome, Outcome::Draw);
}

TEST(Match, C14_RelayedActsWhileSuspendedReachThePeerWithSync) {
  auto [host, joiner] = pair();
  playThrough(*host, *joiner, {{7, 7}, {8, 8}});
  dropConnection(*host, *joiner);
  const std::size_t sent = host->sent.size();
  EXPECT_EQ(host->match.relayMove({9, 9}), MoveError::None);
  EXPECT_EQ(host->sent.size(), sent) << "nothing is sent while suspended";
  resume(*host, *joiner);
  expectSameGame(*host, *joiner);
  EXPECT_EQ(joiner->match.game().ply(), 3);
  // The peer's takeback request voided by a drop, accepted while suspended.
  ASSERT_EQ(joiner->match.requestTakeback(), RequestRefusal::None);
  ASSERT_TRUE(deliverOne(*joiner, *host));
  dropConnection(*host, *joiner);
  EXPECT_EQ(host->match.relayTakebackReply(true), RequestRefusal::None);
  EXPECT_EQ(host->match.game().ply(), 1);
  resume(*host, *joiner);
  expectSameGame(*host, *joiner);
  EXPECT_EQ(joiner->match.game().ply(), 1);
  // A resignation while suspended: the SYNC carries the result.
  dropConnection(*host, *joiner);
  EXPECT_EQ(host->match.relayResign(1), RequestRefusal::None);
  resume(*host, *joiner);
  EXPECT_EQ(joiner->match.game().result().outcome, Outcome::WhiteWins);
  EXPECT_EQ(joiner->match.game().result().reason, EndReason::Resignation);
  EXPECT_EQ(joiner->match.phase(), MatchPhase::Finished);
  EXPECT_EQ(host->match.phase(), MatchPhase::Finished);
}
