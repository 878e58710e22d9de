// Tests of game clocks in the match protocol (PROTOCOL.md, Clocks; protocol 1.3): two Match
// objects wired through explicit queues on one fake clock that the test moves, so that every
// thinking time, flag and crossing is exact.

#include <gtest/gtest.h>

#include <deque>
#include <string>
#include <vector>

#include "core/clock.h"
#include "net/match.h"

using namespace gomoku;
using namespace gomoku::net;
using SetupMsg = gomoku::net::Setup;

namespace {

// The time of both ends, in milliseconds; the test moves it.
struct FakeTime {
  std::int64_t ms = 1'000'000;
  std::chrono::steady_clock::time_point now() const {
    return std::chrono::steady_clock::time_point(std::chrono::milliseconds(ms));
  }
};

struct Endpoint {
  Endpoint(MatchSettings s, FakeTime& t)
      : match(
            std::move(s), [this](const Message& m) { outbox.push_back(m); },
            [this] { ++disconnects; }, [this](MatchEvent e) { events.push_back(e); }) {
    match.setClock([&t] { return t.now(); });
  }
  std::deque<Message> outbox;
  int disconnects = 0;
  std::vector<MatchEvent> events;
  Match match;
};

bool deliverOne(Endpoint& from, Endpoint& to) {
  if (from.outbox.empty()) return false;
  Message m = from.outbox.front();
  from.outbox.pop_front();
  to.match.receive(m);
  return true;
}

void deliverAll(Endpoint& a, Endpoint& b) {
  while (deliverOne(a, b) || deliverOne(b, a)) {
  }
}

template <class T>
const T* lastOf(const Endpoint& e) {
  for (auto it = e.outbox.rbegin(); it != e.outbox.rend(); ++it)
    if (const T* v = std::get_if<T>(&*it)) return v;
  return nullptr;
}

const TimeControl kFischer{ClockKind::Fischer, 60'000, 2'000, 0};  // 1 min + 2 s

// A host (Black) and a joiner (White) with the clock `tc`, the handshake done.
struct Pair {
  explicit Pair(TimeControl tc = kFischer, OpeningRule opening = OpeningRule::None)
      : host(hostSettings(tc, opening), t), joiner(joiner0(), t) {
    host.match.connected();
    joiner.match.connected();
    deliverAll(host, joiner);
  }
  static MatchSettings hostSettings(TimeControl tc, OpeningRule opening = OpeningRule::None) {
    MatchSettings s;
    s.role = Role::Host;
    s.nickname = "Ann";
    s.clock = tc;
    s.opening = opening;
    return s;
  }
  static MatchSettings joiner0() {
    MatchSettings s;
    s.role = Role::Joiner;
    s.nickname = "Bob";
    return s;
  }
  // `who` plays p after thinking `thinkMs`; the MOVE is not delivered yet.
  void play(Endpoint& who, Point p, std::int64_t thinkMs) {
    t.ms += thinkMs;
    ASSERT_EQ(who.match.playLocal(p), MoveError::None);
  }
  FakeTime t;
  Endpoint host;
  Endpoint joiner;
};

std::int64_t mainLeft(const Match& m, Stone s) {
  return m.gameClock().reading(s, m.nowMs()).mainMs;
}

// Both sides hold the same result, `winner` on time, and neither found a fault.
void expectWinOnTime(const Pair& p, Outcome winner) {
  for (const Endpoint* e : {&p.host, &p.joiner}) {
    SCOPED_TRACE(e == &p.host ? "host" : "joiner");
    EXPECT_EQ(e->match.sentError(), std::nullopt);
    EXPECT_EQ(e->match.game().result().outcome, winner);
    EXPECT_EQ(e->match.game().result().reason, EndReason::Time);
  }
}

}  // namespace

TEST(MatchClock, TheJoinerLearnsTheClockAndBothChargeTheSameTimes) {
  Pair p;
  ASSERT_EQ(p.joiner.match.phase(), MatchPhase::Playing);
  EXPECT_EQ(p.joiner.match.gameClock().control(), kFischer);
  EXPECT_EQ(p.host.match.gameClock().running(), Stone::Black);
  EXPECT_EQ(p.joiner.match.gameClock().running(), Stone::Black);

  p.play(p.host, {7, 7}, 3'000);
  const Move* m = lastOf<Move>(p.host);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->thinkMs, 3'000);
  p.t.ms += 40;  // on the way
  deliverAll(p.host, p.joiner);
  EXPECT_EQ(mainLeft(p.host.match, Stone::Black), 59'000);  // 60 - 3 + 2
  EXPECT_EQ(mainLeft(p.joiner.match, Stone::Black), 59'000);
  EXPECT_EQ(p.joiner.match.gameClock().running(), Stone::White);

  p.play(p.joiner, {8, 8}, 10'000);
  p.t.ms += 40;
  deliverAll(p.host, p.joiner);
  // The host measured 10.08 s, but charges what the joiner's clock said: 10 s.
  EXPECT_EQ(mainLeft(p.host.match, Stone::White), 52'000);
  EXPECT_EQ(mainLeft(p.joiner.match, Stone::White), 52'000);
  EXPECT_EQ(p.host.match.gameClock().running(), Stone::Black);
}

TEST(MatchClock, AnOlderJoinerIsRefusedForAClockGame) {
  FakeTime t;
  Endpoint host(Pair::hostSettings(kFischer), t);
  host.match.connected();
  host.match.receive(Hello{kProtocolMajor, 2, "0.9.0", "Old"});
  EXPECT_EQ(host.match.phase(), MatchPhase::Closed);
  EXPECT_EQ(host.match.refusal(), ErrorCode::VersionMismatch);
  const Error* e = lastOf<Error>(host);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->code, ErrorCode::VersionMismatch);
  EXPECT_NE(e->text.find("too old to play with a clock"), std::string::npos) << e->text;
}

TEST(MatchClock, AGameWithoutAClockSendsNoTimes) {
  Pair p(TimeControl{});
  EXPECT_FALSE(p.host.match.gameClock().enabled());
  p.play(p.host, {7, 7}, 500);
  EXPECT_EQ(lastOf<Move>(p.host)->thinkMs, -1);
  deliverAll(p.host, p.joiner);
  EXPECT_EQ(p.joiner.match.game().ply(), 1);
  // A time where none belongs is refused.
  p.host.match.receive(Move{1, 3, 3, 100});
  EXPECT_EQ(p.host.match.sentError(), ErrorCode::Protocol);
  EXPECT_EQ(p.host.match.game().ply(), 1);
}

TEST(MatchClock, APeerThatLiesAboutItsTimeIsRefused) {
  Pair p;
  p.play(p.host, {7, 7}, 1'000);
  deliverAll(p.host, p.joiner);
  // White thought for 5 s here; its MOVE claims 7 s (more than 5 s + the 1 s tolerance).
  p.t.ms += 5'000;
  const Game before = p.host.match.game();
  p.host.match.receive(Move{1, 8, 8, 7'000});
  EXPECT_EQ(p.host.match.sentError(), ErrorCode::Protocol);
  EXPECT_EQ(p.host.match.game().moves(), before.moves()) << "the board stays as it was";
  const Error* e = lastOf<Error>(p.host);
  ASSERT_NE(e, nullptr);
  EXPECT_NE(e->text.find("says it took 7s but only 5s passed"), std::string::npos) << e->text;
}

TEST(MatchClock, TheFirstMoveIsNotCheckedAgainstTheReceiversMeasure) {
  // The host's clock started when it sent SETUP, which took 3 s to arrive: the joiner cannot
  // know when Black's turn began, and takes the time as it is.
  FakeTime t;
  Endpoint host(Pair::hostSettings(kFischer), t);
  Endpoint joiner(Pair::joiner0(), t);
  host.match.connected();
  joiner.match.connected();
  deliverAll(joiner, host);  // the joiner's HELLO; the host sends HELLO and SETUP
  t.ms += 3'000;
  deliverAll(host, joiner);
  t.ms += 1'000;
  ASSERT_EQ(host.match.playLocal({7, 7}), MoveError::None);
  EXPECT_EQ(lastOf<Move>(host)->thinkMs, 4'000);
  deliverAll(host, joiner);
  EXPECT_EQ(joiner.match.sentError(), std::nullopt);
  EXPECT_EQ(mainLeft(joiner.match, Stone::Black), 58'000);
}

TEST(MatchClock, AMoveWithoutItsTimeInAClockGameIsRefused) {
  Pair p;
  p.play(p.host, {7, 7}, 1'000);
  deliverAll(p.host, p.joiner);
  p.t.ms += 1'000;
  p.host.match.receive(Move{1, 8, 8});
  EXPECT_EQ(p.host.match.sentError(), ErrorCode::Protocol);
}

TEST(MatchClock, AMoveBeyondItsClockIsRefused) {
  Pair p(TimeControl{ClockKind::PerMove, 0, 0, 5'000});
  p.play(p.host, {7, 7}, 1'000);
  deliverAll(p.host, p.joiner);
  p.t.ms += 5'500;  // within the tolerance of what passed, but past the 5 s limit
  p.host.match.receive(Move{1, 8, 8, 5'500});
  EXPECT_EQ(p.host.match.sentError(), ErrorCode::Protocol);
}

TEST(MatchClock, TheFlaggedSideEndsTheGameItselfAndSaysSo) {
  Pair p(TimeControl{ClockKind::PerMove, 0, 0, 5'000});
  p.play(p.host, {7, 7}, 1'000);
  deliverAll(p.host, p.joiner);
  // White's 5 s: the joiner's own check ends the game at 5.001 s.
  p.t.ms += 5'000;
  p.joiner.match.checkClock();
  EXPECT_FALSE(p.joiner.match.game().over());
  EXPECT_EQ(p.joiner.match.msUntilClockCheck(), 1);
  p.t.ms += 1;
  p.joiner.match.checkClock();
  ASSERT_TRUE(p.joiner.match.game().over());
  EXPECT_EQ(p.joiner.match.game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(p.joiner.match.game().result().reason, EndReason::Time);
  ASSERT_NE(lastOf<Flag>(p.joiner), nullptr);
  EXPECT_EQ(lastOf<Flag>(p.joiner)->atPly, 1);
  // A move after its flag is refused locally.
  EXPECT_EQ(p.joiner.match.playLocal({8, 8}), MoveError::GameOver);
  deliverAll(p.host, p.joiner);
  EXPECT_EQ(p.host.match.game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(p.host.match.game().result().reason, EndReason::Time);
  EXPECT_EQ(p.host.match.phase(), MatchPhase::Finished);
  EXPECT_EQ(p.joiner.match.phase(), MatchPhase::Finished);
  EXPECT_FALSE(p.host.match.gameClock().running() != Stone::Empty) << "clocks stop at the end";
}

TEST(MatchClock, APlayerMovingTooLateLosesOnTime) {
  Pair p(TimeControl{ClockKind::PerMove, 0, 0, 5'000});
  p.t.ms += 5'001;
  EXPECT_EQ(p.host.match.playLocal({7, 7}), MoveError::GameOver);
  EXPECT_EQ(p.host.match.game().result().reason, EndReason::Time);
  EXPECT_EQ(p.host.match.game().ply(), 0);
  deliverAll(p.host, p.joiner);
  EXPECT_EQ(p.joiner.match.game().result().outcome, Outcome::WhiteWins);
}

TEST(MatchClock, TheOpponentClaimsWhenTheFlaggedProgramIsSilent) {
  Pair p(TimeControl{ClockKind::PerMove, 0, 0, 5'000});
  p.play(p.host, {7, 7}, 1'000);
  deliverAll(p.host, p.joiner);
  // The joiner's program hangs: the host waits for its 5 s and the 1 s grace.
  EXPECT_EQ(p.host.match.msUntilClockCheck(), 5'001 + kFlagGraceMs);
  p.t.ms += 6'000;
  p.host.match.checkClock();
  EXPECT_FALSE(p.host.match.game().over());
  p.t.ms += 1;
  p.host.match.checkClock();
  ASSERT_TRUE(p.host.match.game().over());
  EXPECT_EQ(p.host.match.game().result().reason, EndReason::Time);
  ASSERT_NE(lastOf<Flag>(p.host), nullptr);
  // The joiner (its clock out too) takes the claim.
  deliverAll(p.host, p.joiner);
  EXPECT_EQ(p.joiner.match.game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(p.joiner.match.game().result().reason, EndReason::Time);
  EXPECT_EQ(p.joiner.match.sentError(), std::nullopt);
}

TEST(MatchClock, AClaimAgainstTimeStillLeftIsRefused) {
  Pair p(TimeControl{ClockKind::PerMove, 0, 0, 30'000});
  p.play(p.host, {7, 7}, 1'000);
  deliverAll(p.host, p.joiner);
  p.t.ms += 3'000;  // White has 27 s left
  p.joiner.match.receive(Flag{1});
  EXPECT_EQ(p.joiner.match.sentError(), ErrorCode::Protocol);
  EXPECT_EQ(p.joiner.match.game().result().reason, EndReason::ProtocolError);
}

TEST(MatchClock, AServersClaimStandsWhateverTheJoinersClockShows) {
  // Online the server keeps the time and may have started White's turn before its MOVE
  // arrived: its FLAG stands; only one that does not match the position is a fault.
  MatchSettings s = Pair::joiner0();
  s.serverKeepsTime = true;
  FakeTime t;
  Endpoint host(Pair::hostSettings(TimeControl{ClockKind::PerMove, 0, 0, 30'000}), t);
  Endpoint joiner(s, t);
  host.match.connected();
  joiner.match.connected();
  deliverAll(host, joiner);
  t.ms += 1'000;
  ASSERT_EQ(host.match.playLocal({7, 7}), MoveError::None);
  deliverAll(host, joiner);
  t.ms += 3'000;  // White has 27 s left by its own clock
  joiner.match.receive(Flag{1});
  EXPECT_EQ(joiner.match.sentError(), std::nullopt);
  EXPECT_EQ(joiner.match.game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(joiner.match.game().result().reason, EndReason::Time);
  Endpoint other(s, t);
  Endpoint host2(Pair::hostSettings(TimeControl{ClockKind::PerMove, 0, 0, 30'000}), t);
  host2.match.connected();
  other.match.connected();
  deliverAll(host2, other);
  other.match.receive(Flag{1});  // a later position than the joiner's
  EXPECT_EQ(other.match.sentError(), ErrorCode::Protocol);
}

TEST(MatchClock, AMoveThatCrossedTheClaimStaysAfterTheEndOnBothSides) {
  Pair p(TimeControl{ClockKind::PerMove, 0, 0, 5'000});
  p.play(p.host, {7, 7}, 1'000);
  deliverAll(p.host, p.joiner);
  // White moves at 4.9 s; its MOVE takes 1.2 s to arrive, and the host claims meanwhile.
  p.play(p.joiner, {8, 8}, 4'900);
  p.t.ms += 1'102;
  p.host.match.checkClock();
  ASSERT_TRUE(p.host.match.game().over());
  deliverAll(p.host, p.joiner);
  expectWinOnTime(p, Outcome::BlackWins);
  for (const Endpoint* e : {&p.host, &p.joiner})
    EXPECT_EQ(e->match.game().moves().size(), 2u) << "the crossing move is recorded";
}

TEST(MatchClock, AClaimStandsOverAFiveThatCrossedIt) {
  Pair p(TimeControl{ClockKind::PerMove, 0, 0, 5'000});
  // Black: a row of four; White far away.
  for (int i = 0; i < 4; ++i) {
    p.play(p.host, {3 + i, 7}, 100);
    deliverAll(p.host, p.joiner);
    p.play(p.joiner, {3 + i, 0}, 100);
    deliverAll(p.host, p.joiner);
  }
  // Black makes five at 4.95 s, but its move is slow and White claims.
  p.play(p.host, {7, 7}, 4'950);
  EXPECT_EQ(p.host.match.game().result().reason, EndReason::Five);
  p.t.ms += 1'100;
  p.joiner.match.checkClock();
  ASSERT_EQ(p.joiner.match.game().result().reason, EndReason::Time);
  deliverAll(p.host, p.joiner);
  expectWinOnTime(p, Outcome::WhiteWins);
}

TEST(MatchClock, AResignationThatCrossedTheFlagGivesWayToIt) {
  Pair p(TimeControl{ClockKind::PerMove, 0, 0, 5'000});
  p.play(p.host, {7, 7}, 1'000);
  deliverAll(p.host, p.joiner);
  // White's clock runs out and its program says so, while Black resigns.
  p.t.ms += 5'001;
  p.joiner.match.checkClock();
  ASSERT_EQ(p.host.match.resign(), RequestRefusal::None);
  deliverAll(p.host, p.joiner);
  expectWinOnTime(p, Outcome::BlackWins);
}

TEST(MatchClock, AnAcceptedTakebackRestartsTheRequestersMove) {
  Pair p;
  p.play(p.host, {7, 7}, 1'000);
  deliverAll(p.host, p.joiner);
  p.t.ms += 3'000;  // White thinks; Black asks for its move back
  ASSERT_EQ(p.host.match.requestTakeback(), RequestRefusal::None);
  deliverAll(p.host, p.joiner);
  ASSERT_EQ(p.joiner.match.answerTakeback(true), RequestRefusal::None);
  deliverAll(p.host, p.joiner);
  ASSERT_EQ(p.host.match.game().ply(), 0);
  // White's 3 s are not charged; Black's clock runs again from now on both sides.
  for (const Endpoint* e : {&p.host, &p.joiner}) {
    EXPECT_EQ(e->match.gameClock().running(), Stone::Black);
    EXPECT_EQ(mainLeft(e->match, Stone::White), 60'000);
    EXPECT_EQ(mainLeft(e->match, Stone::Black), 61'000);  // its move was charged: 60 - 1 + 2
  }
  p.play(p.host, {8, 8}, 2'000);
  EXPECT_EQ(lastOf<Move>(p.host)->thinkMs, 2'000);
  deliverAll(p.host, p.joiner);
  EXPECT_EQ(p.joiner.match.sentError(), std::nullopt);
}

TEST(MatchClock, ADroppedConnectionPausesTheClocksAndTheResumeAgrees) {
  Pair p;
  p.play(p.host, {7, 7}, 4'000);
  deliverAll(p.host, p.joiner);
  p.play(p.joiner, {8, 8}, 6'000);
  deliverAll(p.host, p.joiner);
  p.t.ms += 2'000;  // Black thinks 2 s; the cable is pulled
  p.host.match.connectionLost("reset");
  p.t.ms += 500;
  p.joiner.match.connectionLost("reset");
  EXPECT_EQ(p.host.match.gameClock().running(), Stone::Empty);
  p.t.ms += 60'000;  // a minute away changes no clock
  EXPECT_EQ(mainLeft(p.host.match, Stone::Black), 56'000);
  p.joiner.outbox.clear();
  p.host.outbox.clear();
  p.joiner.match.reconnected();
  deliverAll(p.joiner, p.host);
  ASSERT_EQ(p.host.match.phase(), MatchPhase::Playing);
  ASSERT_EQ(p.joiner.match.phase(), MatchPhase::Playing);
  for (const Endpoint* e : {&p.host, &p.joiner}) {
    SCOPED_TRACE(e == &p.host ? "host" : "joiner");
    EXPECT_EQ(mainLeft(e->match, Stone::Black), 58'000);  // 60 - 4 + 2; the 2 s dropped
    EXPECT_EQ(mainLeft(e->match, Stone::White), 56'000);  // 60 - 6 + 2
    EXPECT_EQ(e->match.gameClock().running(), Stone::Black);
  }
  p.play(p.host, {9, 9}, 1'000);
  deliverAll(p.host, p.joiner);
  EXPECT_EQ(p.joiner.match.sentError(), std::nullopt);
  EXPECT_EQ(mainLeft(p.joiner.match, Stone::Black), 59'000);
}

TEST(MatchClock, PlayAgainStartsFreshClocks) {
  Pair p(TimeControl{ClockKind::PerMove, 0, 0, 5'000});
  p.t.ms += 5'001;
  p.host.match.checkClock();
  deliverAll(p.host, p.joiner);
  ASSERT_EQ(p.host.match.playAgain(true), RequestRefusal::None);
  ASSERT_EQ(p.joiner.match.playAgain(true), RequestRefusal::None);
  deliverAll(p.host, p.joiner);
  ASSERT_EQ(p.host.match.gameNumber(), 2);
  EXPECT_EQ(p.joiner.match.gameClock().running(), Stone::Black);  // the joiner is Black now
  p.play(p.joiner, {7, 7}, 4'000);
  deliverAll(p.host, p.joiner);
  EXPECT_EQ(p.host.match.sentError(), std::nullopt);
  EXPECT_EQ(p.host.match.game().ply(), 1);
}

// ---- a timed opening (protocol 1.6) ---------------------------------------------------------

namespace {

OpeningAct placeAct(int x, int y) {
  OpeningAct a;
  a.action = OpeningAction::Place;
  a.points = {{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)}};
  return a;
}
OpeningAct chooseAct(OpeningChoice c) {
  OpeningAct a;
  a.action = OpeningAction::Choose;
  a.choice = c;
  return a;
}

// Both sides hold the same stones and opening decisions.
void expectSameGame(const Pair& p) {
  EXPECT_EQ(p.host.match.game().moves(), p.joiner.match.game().moves());
  EXPECT_EQ(p.host.match.openingActs(), p.joiner.match.openingActs());
}

// `who` decides `a` after thinking `thinkMs`; the OPENING is not delivered yet.
void decide(Pair& p, Endpoint& who, const OpeningAct& a, std::int64_t thinkMs) {
  p.t.ms += thinkMs;
  ASSERT_EQ(who.match.openingAct(a), OpeningError::None);
}

// Swap (the first player, the host, places three stones; the joiner takes a colour).
void threeStones(Pair& p) {
  for (const Point q : {Point{7, 7}, Point{8, 8}, Point{9, 7}}) {
    decide(p, p.host, placeAct(q.x, q.y), 1'000);
    p.t.ms += 20;
    deliverAll(p.host, p.joiner);
  }
}

// Swap: `first` (the first player) places three stones at 0.1 s each; the third takes 1.5 s
// to reach `other`, whose clock starts only then.
void lateThirdStone(FakeTime& t, Endpoint& first, Endpoint& other) {
  for (const Point q : {Point{7, 7}, Point{8, 8}, Point{9, 7}}) {
    t.ms += 100;
    ASSERT_EQ(first.match.openingAct(placeAct(q.x, q.y)), OpeningError::None);
    if (q.x == 9) t.ms += 1'500;
    deliverAll(first, other);
  }
}

}  // namespace

TEST(MatchClock, TheOpeningRunsOnTheClockAndBothChargeTheSameTimes) {
  Pair p(kFischer, OpeningRule::Swap);
  ASSERT_TRUE(p.host.match.openingTimed());
  ASSERT_TRUE(p.joiner.match.openingTimed()) << "the joiner learned it from SETUP";
  EXPECT_EQ(p.host.match.gameClock().running(), Stone::Black);  // the first player decides
  EXPECT_EQ(p.joiner.match.gameClock().running(), Stone::Black);
  decide(p, p.host, placeAct(7, 7), 3'000);
  ASSERT_NE(lastOf<OpeningAct>(p.host), nullptr);
  EXPECT_EQ(lastOf<OpeningAct>(p.host)->thinkMs, 3'000);
  p.t.ms += 40;
  deliverAll(p.host, p.joiner);
  for (const Endpoint* e : {&p.host, &p.joiner}) {
    SCOPED_TRACE(e == &p.host ? "host" : "joiner");
    EXPECT_EQ(e->match.gameClock().mainMs(Stone::Black), 59'000);  // 60 - 3 + 2, as a move
    EXPECT_EQ(e->match.gameClock().running(), Stone::Black) << "the same player goes on";
  }
  decide(p, p.host, placeAct(8, 8), 1'000);  // 1.04 s: its clock ran on while the stone went
  decide(p, p.host, placeAct(9, 7), 1'000);
  p.t.ms += 40;
  deliverAll(p.host, p.joiner);
  EXPECT_EQ(p.joiner.match.gameClock().running(), Stone::White);  // the second player chooses
  // The joiner (White) takes Black after 10 s: the colours swap, each keeps its own clock.
  decide(p, p.joiner, chooseAct(OpeningChoice::TakeBlack), 10'000);
  p.t.ms += 40;
  deliverAll(p.host, p.joiner);
  for (const Endpoint* e : {&p.host, &p.joiner}) {
    SCOPED_TRACE(e == &p.host ? "host" : "joiner");
    EXPECT_EQ(e->match.sentError(), std::nullopt);
    EXPECT_EQ(e->match.opening(), nullptr) << "normal play";
    EXPECT_EQ(e->match.gameClock().mainMs(Stone::Black), 52'000);  // the joiner's: 60 - 10 + 2
    EXPECT_EQ(e->match.gameClock().mainMs(Stone::White),
              60'960);                                        // the host's: 60 - 3 - 1.04 - 1 + 6
    EXPECT_EQ(e->match.gameClock().running(), Stone::White);  // move 4
  }
  EXPECT_EQ(p.joiner.match.localColor(), Stone::Black);
  p.play(p.host, {6, 6}, 2'000);
  deliverAll(p.host, p.joiner);
  EXPECT_EQ(p.joiner.match.sentError(), std::nullopt);
  EXPECT_EQ(p.joiner.match.gameClock().mainMs(Stone::White), 60'960);
}

TEST(MatchClock, AnOlderJoinerPlaysTheOpeningUntimed) {
  FakeTime t;
  Endpoint host(Pair::hostSettings(kFischer, OpeningRule::Swap2), t);
  host.match.connected();
  host.match.receive(Hello{kProtocolMajor, 5, "0.9.0", "Old"});
  ASSERT_EQ(host.match.phase(), MatchPhase::Playing);
  const SetupMsg* s = lastOf<SetupMsg>(host);
  ASSERT_NE(s, nullptr);
  EXPECT_FALSE(s->openingTimed);
  EXPECT_EQ(host.match.gameClock().running(), Stone::Empty) << "clocks start with normal play";
  ASSERT_EQ(host.match.openingAct(placeAct(7, 7)), OpeningError::None);
  EXPECT_EQ(lastOf<OpeningAct>(host)->thinkMs, -1) << "a 1.5 joiner gets no time";
}

TEST(MatchClock, TheDeciderWhoseTimeRunsOutLosesAndBothSaySo) {
  Pair p(TimeControl{ClockKind::PerMove, 0, 0, 5'000}, OpeningRule::Swap);
  threeStones(p);
  // The joiner's 5 s to take a colour: its own program ends the game at 5.001 s.
  p.t.ms += 5'000;
  EXPECT_EQ(p.joiner.match.msUntilClockCheck(), 1);
  p.joiner.match.checkClock();
  EXPECT_FALSE(p.joiner.match.game().over());
  p.t.ms += 1;
  p.joiner.match.checkClock();
  ASSERT_TRUE(p.joiner.match.game().over());
  const Flag* f = lastOf<Flag>(p.joiner);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->decision, 3);
  EXPECT_EQ(p.joiner.match.openingAct(chooseAct(OpeningChoice::TakeBlack)), OpeningError::Finished);
  deliverAll(p.host, p.joiner);
  expectWinOnTime(p, Outcome::BlackWins);
}

TEST(MatchClock, AFlagFromTheFlaggedSideShowsOnBothClocks) {
  // The first player's second stone reaches the joiner 30 ms late, so the joiner's copy of
  // Black's clock starts 30 ms after the host's. When the host's own program says its time ran
  // out, the joiner's copy still has 29 ms left; both clocks read "flag" all the same.
  Pair p(TimeControl{ClockKind::PerMove, 0, 0, 5'000}, OpeningRule::Swap);
  decide(p, p.host, placeAct(7, 7), 100);
  deliverAll(p.host, p.joiner);
  decide(p, p.host, placeAct(8, 8), 100);
  p.t.ms += 30;
  deliverAll(p.host, p.joiner);
  p.t.ms += 5'001 - 30;
  p.host.match.checkClock();
  ASSERT_TRUE(p.host.match.game().over());
  EXPECT_EQ(p.joiner.match.gameClock().reading(Stone::Black, p.joiner.match.nowMs()).mainMs, 29);
  deliverAll(p.host, p.joiner);
  expectWinOnTime(p, Outcome::WhiteWins);
  for (const Endpoint* e : {&p.host, &p.joiner}) {
    SCOPED_TRACE(e == &p.host ? "host" : "joiner");
    EXPECT_TRUE(e->match.gameClock().reading(Stone::Black, e->match.nowMs()).flagged);
    EXPECT_FALSE(e->match.gameClock().reading(Stone::White, e->match.nowMs()).flagged);
    EXPECT_EQ(e->match.gameClock().running(), Stone::Empty);
  }
}

TEST(MatchClock, ADecisionTooLateLosesOnTime) {
  Pair p(TimeControl{ClockKind::PerMove, 0, 0, 5'000}, OpeningRule::Swap);
  p.t.ms += 5'001;
  EXPECT_EQ(p.host.match.openingAct(placeAct(7, 7)), OpeningError::Finished);
  EXPECT_EQ(p.host.match.game().ply(), 0);
  deliverAll(p.host, p.joiner);
  expectWinOnTime(p, Outcome::WhiteWins);
}

TEST(MatchClock, TheOpponentClaimsWhenTheDeciderIsSilent) {
  Pair p(TimeControl{ClockKind::PerMove, 0, 0, 5'000}, OpeningRule::Swap);
  threeStones(p);
  EXPECT_EQ(p.host.match.msUntilClockCheck(), 5'001 + kFlagGraceMs - 20);
  p.t.ms += 5'981;
  p.host.match.checkClock();
  ASSERT_TRUE(p.host.match.game().over());
  EXPECT_EQ(lastOf<Flag>(p.host)->decision, 3);
  deliverAll(p.host, p.joiner);
  expectWinOnTime(p, Outcome::BlackWins);
}

TEST(MatchClock, ADecisionThatCrossedTheClaimIsTakenBack) {
  // The joiner's choice of Black leaves late by the host's measure (the host's last stone took
  // 1.5 s to arrive) but in time by its own: the claim crossed it, and stands, against White -
  // the joiner's colour when its time ran out. The joiner takes its choice back, the host drops
  // it: both hold the opening as it was at the claim, and the joiner's clock shows the flag.
  Pair p(TimeControl{ClockKind::PerMove, 0, 0, 5'000}, OpeningRule::Swap);
  lateThirdStone(p.t, p.host, p.joiner);
  decide(p, p.joiner, chooseAct(OpeningChoice::TakeBlack), 4'600);  // in flight
  p.host.match.checkClock();                                        // 6.1 s by the host's measure
  ASSERT_TRUE(p.host.match.game().over());
  EXPECT_EQ(lastOf<Flag>(p.host)->decision, 3);
  deliverAll(p.host, p.joiner);
  expectWinOnTime(p, Outcome::BlackWins);
  EXPECT_EQ(p.joiner.match.localColor(), Stone::White);
  expectSameGame(p);
  EXPECT_EQ(p.joiner.match.openingActs().size(), 3u);
  EXPECT_TRUE(p.joiner.match.gameClock().reading(Stone::White, p.joiner.match.nowMs()).flagged);
  EXPECT_TRUE(p.host.match.gameClock().reading(Stone::White, p.host.match.nowMs()).flagged);
}

TEST(MatchClock, ADecisionAndAMoveThatCrossedTheClaimAreTakenBack) {
  // As above, but the joiner's choice (White) ends the opening and it moves at once: both are
  // taken back.
  Pair p(TimeControl{ClockKind::PerMove, 0, 0, 5'000}, OpeningRule::Swap);
  lateThirdStone(p.t, p.host, p.joiner);
  decide(p, p.joiner, chooseAct(OpeningChoice::TakeWhite), 4'600);
  p.play(p.joiner, {6, 6}, 100);
  p.host.match.checkClock();
  ASSERT_TRUE(p.host.match.game().over());
  deliverAll(p.host, p.joiner);
  expectWinOnTime(p, Outcome::BlackWins);
  expectSameGame(p);
  EXPECT_EQ(p.joiner.match.game().ply(), 3);
}

TEST(MatchClock, TwoDecisionsThatCrossedTheClaimAreTakenBack) {
  // The same player decides again at once (the host's 2nd and 3rd stones), both late to arrive.
  Pair p(TimeControl{ClockKind::PerMove, 0, 0, 5'000}, OpeningRule::Swap);
  decide(p, p.host, placeAct(7, 7), 100);
  deliverAll(p.host, p.joiner);
  decide(p, p.host, placeAct(8, 8), 4'900);  // 0.1 s left
  decide(p, p.host, placeAct(9, 7), 100);
  p.t.ms += 1'100;  // both on the way
  p.joiner.match.checkClock();
  ASSERT_TRUE(p.joiner.match.game().over());
  EXPECT_EQ(lastOf<Flag>(p.joiner)->decision, 1);
  deliverAll(p.host, p.joiner);
  expectWinOnTime(p, Outcome::WhiteWins);
  expectSameGame(p);
  EXPECT_EQ(p.host.match.game().ply(), 1);
}

TEST(MatchClock, ASwap2ChoiceAndMoveThatCrossedTheClaimAreTakenBack) {
  // Swap2: the joiner places two more; the host (Black) takes White late, and moves as White.
  Pair p(TimeControl{ClockKind::PerMove, 0, 0, 5'000}, OpeningRule::Swap2);
  threeStones(p);
  decide(p, p.joiner, chooseAct(OpeningChoice::PlaceTwo), 100);
  deliverAll(p.host, p.joiner);
  decide(p, p.joiner, placeAct(3, 3), 100);
  deliverAll(p.host, p.joiner);
  decide(p, p.joiner, placeAct(11, 11), 100);
  p.t.ms += 1'500;
  deliverAll(p.host, p.joiner);
  decide(p, p.host, chooseAct(OpeningChoice::TakeWhite), 4'600);
  ASSERT_EQ(p.host.match.localColor(), Stone::White);
  p.play(p.host, {5, 5}, 100);
  p.joiner.match.checkClock();
  ASSERT_TRUE(p.joiner.match.game().over());
  deliverAll(p.host, p.joiner);
  expectWinOnTime(p, Outcome::WhiteWins);  // the host was Black when its time ran out
  expectSameGame(p);
  EXPECT_EQ(p.host.match.localColor(), Stone::Black);
}

TEST(MatchClock, ACrossedSwapTakenBackResumesAlike) {
  // The host is the second player; its choice of Black crosses the joiner's claim; the
  // connection drops after the end and the match is resumed: both hold the same game.
  FakeTime t;
  MatchSettings hs =
      Pair::hostSettings(TimeControl{ClockKind::PerMove, 0, 0, 5'000}, OpeningRule::Swap);
  hs.color = ColorChoice::White;
  Endpoint host(hs, t), joiner(Pair::joiner0(), t);
  host.match.connected();
  joiner.match.connected();
  deliverAll(host, joiner);
  lateThirdStone(t, joiner, host);
  t.ms += 4'600;
  ASSERT_EQ(host.match.openingAct(chooseAct(OpeningChoice::TakeBlack)), OpeningError::None);
  joiner.match.checkClock();
  ASSERT_TRUE(joiner.match.game().over());
  deliverAll(host, joiner);
  host.match.connectionLost("reset");
  joiner.match.connectionLost("reset");
  host.outbox.clear();
  joiner.outbox.clear();
  joiner.match.reconnected();
  deliverAll(joiner, host);
  for (const Endpoint* e : {&host, &joiner}) {
    SCOPED_TRACE(e == &host ? "host" : "joiner");
    EXPECT_EQ(e->match.sentError(), std::nullopt);
    EXPECT_EQ(e->match.phase(), MatchPhase::Finished);
    EXPECT_EQ(e->match.game().result().outcome, Outcome::BlackWins);  // the host, White, lost
    EXPECT_EQ(e->match.openingActs().size(), 3u);
  }
  EXPECT_EQ(host.match.localColor(), Stone::White);
}

TEST(MatchClock, AClaimAboutADecisionBeforeTheLastMovesIsRefused) {
  // A hostile host claims, three moves into normal play, that the joiner's last decision came
  // too late: the moves since show that it crossed nothing.
  Pair p(TimeControl{ClockKind::PerMove, 0, 0, 5'000}, OpeningRule::Swap);
  threeStones(p);
  decide(p, p.joiner, chooseAct(OpeningChoice::TakeBlack), 1'000);
  deliverAll(p.host, p.joiner);
  p.play(p.host, {6, 6}, 1'000);
  deliverAll(p.host, p.joiner);
  p.play(p.joiner, {5, 5}, 4'500);  // 0.5 s left, in time
  deliverAll(p.host, p.joiner);
  p.play(p.host, {4, 4}, 1'000);
  deliverAll(p.host, p.joiner);
  Flag f{3};
  f.decision = 3;
  p.joiner.match.receive(f);
  EXPECT_EQ(p.joiner.match.sentError(), ErrorCode::Protocol);
  EXPECT_EQ(p.joiner.match.localColor(), Stone::Black);
}

TEST(MatchClock, APeerLyingAboutItsDecisionTimeIsRefused) {
  Pair p(kFischer, OpeningRule::Swap);
  decide(p, p.host, placeAct(7, 7), 100);
  deliverAll(p.host, p.joiner);
  decide(p, p.host, placeAct(8, 8), 100);
  decide(p, p.host, placeAct(9, 7), 100);
  deliverAll(p.host, p.joiner);
  p.t.ms += 1'000;
  OpeningAct lie = chooseAct(OpeningChoice::TakeWhite);
  lie.seq = 3;
  lie.thinkMs = 2'000;  // 1 s passed at the host since its last stone
  p.host.match.receive(lie);
  EXPECT_EQ(p.host.match.sentError(), ErrorCode::Protocol);
}

TEST(MatchClock, ATimedOpeningDecisionWithoutItsTimeIsRefused) {
  Pair p(kFischer, OpeningRule::Swap);
  OpeningAct a = placeAct(7, 7);
  p.joiner.match.receive(a);  // seq 0, no time
  EXPECT_EQ(p.joiner.match.sentError(), ErrorCode::Protocol);
}

TEST(MatchClock, AFlagWithoutItsDecisionDuringATimedOpeningIsRefused) {
  Pair p(TimeControl{ClockKind::PerMove, 0, 0, 5'000}, OpeningRule::Swap);
  p.t.ms += 7'000;
  p.joiner.match.receive(Flag{0});
  EXPECT_EQ(p.joiner.match.sentError(), ErrorCode::Protocol);
}

TEST(MatchClock, AFlagLostInADropStandsOverTheResignationItCrossed) {
  // The joiner's own flag crosses the host's resignation; both want another game, the host's
  // wish reaches the joiner (which starts game 2), then the connection drops with the joiner's
  // FLAG and wish. The RESUME says how game 1 ended there: the flag stands on both sides.
  Pair p(TimeControl{ClockKind::PerMove, 0, 0, 5'000});
  p.play(p.host, {7, 7}, 1'000);
  deliverAll(p.host, p.joiner);
  p.t.ms += 5'001;
  p.joiner.match.checkClock();  // White's time is out: its FLAG waits in its outbox
  ASSERT_EQ(p.joiner.match.game().result().reason, EndReason::Time);
  ASSERT_EQ(p.host.match.resign(), RequestRefusal::None);
  ASSERT_EQ(p.host.match.playAgain(true), RequestRefusal::None);
  ASSERT_EQ(p.joiner.match.playAgain(true), RequestRefusal::None);
  while (deliverOne(p.host, p.joiner)) {
  }
  ASSERT_EQ(p.joiner.match.gameNumber(), 2);
  ASSERT_EQ(p.host.match.gameNumber(), 1);
  p.host.match.connectionLost("reset");
  p.joiner.match.connectionLost("reset");
  p.joiner.outbox.clear();  // the FLAG and the wish are lost
  p.host.outbox.clear();
  p.joiner.match.reconnected();
  deliverAll(p.joiner, p.host);
  for (const Endpoint* e : {&p.host, &p.joiner}) {
    SCOPED_TRACE(e == &p.host ? "host" : "joiner");
    EXPECT_EQ(e->match.sentError(), std::nullopt);
    EXPECT_EQ(e->match.gameNumber(), 2);
    EXPECT_EQ(e->match.previousGame().result().outcome, Outcome::BlackWins);
    EXPECT_EQ(e->match.previousGame().result().reason, EndReason::Time);
  }
}
