// OpeningSession: an opening rule at one computer, hot seat or against our engine, and the
// hand-over to a LocalSession. Points are (x, y), 0-based, y from the top; the centre of 15x15
// is (7, 7).
#include <gtest/gtest.h>

#include "session/openingsession.h"

using namespace gomoku;
using session::LocalSession;
using session::OpeningSession;

namespace {

void clickAll(OpeningSession& o, const std::vector<Point>& points) {
  for (Point p : points) ASSERT_EQ(o.click(p), OpeningError::None) << p.x << "," << p.y;
}

// Soosõrv-8 up to Black's 5th moves: all stones on row 7 (the position is symmetric about
// it), White declares `n`, nobody swaps.
OpeningSession soosorvToAlternatives(int n) {
  OpeningSession o(OpeningRule::Soosorv8, 15, Rule::Renju);
  for (Point p : {Point{7, 7}, Point{8, 7}, Point{6, 7}}) EXPECT_EQ(o.click(p), OpeningError::None);
  EXPECT_EQ(o.choose(OpeningChoice::Keep), OpeningError::None);
  EXPECT_EQ(o.click({3, 7}), OpeningError::None);  // the 4th, anywhere
  EXPECT_EQ(o.declare(n), OpeningError::None);
  EXPECT_EQ(o.choose(OpeningChoice::Keep), OpeningError::None);
  EXPECT_EQ(o.opening().step(), OpeningStep::PlaceAlternatives);
  return o;
}

}  // namespace

TEST(OpeningSession, RulesFitTheGame) {
  using R = std::vector<OpeningRule>;
  EXPECT_EQ(session::openingRulesFor(Rule::Freestyle, 15),
            (R{OpeningRule::None, OpeningRule::Swap, OpeningRule::Swap2}));
  EXPECT_EQ(session::openingRulesFor(Rule::Standard, 20),
            (R{OpeningRule::None, OpeningRule::Swap, OpeningRule::Swap2}));
  EXPECT_EQ(session::openingRulesFor(Rule::Renju, 15),
            (R{OpeningRule::None, OpeningRule::Soosorv8, OpeningRule::Taraguchi10}));
  EXPECT_EQ(session::openingRulesFor(Rule::Renju, 16), (R{OpeningRule::None}));
  EXPECT_EQ(session::fitOpeningRule(OpeningRule::Swap2, Rule::Renju, 15), OpeningRule::None);
  EXPECT_EQ(session::fitOpeningRule(OpeningRule::Soosorv8, Rule::Renju, 15), OpeningRule::Soosorv8);
  EXPECT_EQ(session::fitOpeningRule(OpeningRule::Taraguchi10, Rule::Freestyle, 15),
            OpeningRule::None);
}

TEST(OpeningSession, HotSeatSwap2ThenNormalPlayFromTheOpeningsStones) {
  OpeningSession o(OpeningRule::Swap2, 15, Rule::Freestyle);
  EXPECT_FALSE(o.computerToDecide());
  EXPECT_FALSE(o.computerRequest());
  clickAll(o, {{7, 7}, {8, 7}, {7, 8}});
  EXPECT_EQ(o.opening().step(), OpeningStep::Swap2Choice);
  EXPECT_EQ(o.click({0, 0}), OpeningError::WrongStep);  // a choice, not a stone
  EXPECT_EQ(o.choose(OpeningChoice::Swap), OpeningError::BadChoice);
  const std::uint64_t before = o.version();
  ASSERT_EQ(o.choose(OpeningChoice::PlaceTwo), OpeningError::None);
  EXPECT_GT(o.version(), before);
  EXPECT_EQ(o.click({8, 7}), OpeningError::Occupied);
  clickAll(o, {{9, 9}, {6, 6}});
  EXPECT_EQ(o.opening().step(), OpeningStep::ColourChoice);
  EXPECT_EQ(o.opening().decider(), Seat::First);
  ASSERT_EQ(o.choose(OpeningChoice::TakeWhite), OpeningError::None);
  ASSERT_TRUE(o.done());
  EXPECT_EQ(o.opening().colourOf(Seat::Second), Stone::Black);

  LocalSession s(Game(15, Rule::Freestyle));
  o.finishInto(s);
  EXPECT_EQ(s.game().ply(), 5);
  EXPECT_EQ(s.game().toMove(), Stone::White);
  EXPECT_EQ(s.computer(), Stone::Empty);
  EXPECT_FALSE(s.canUndo());  // the opening's stones stay
  ASSERT_EQ(s.play({10, 10}), MoveError::None);
  EXPECT_TRUE(s.canUndo());
  s.undo();
  EXPECT_FALSE(s.canUndo());
  EXPECT_EQ(s.game().ply(), 5);
}

TEST(OpeningSession, FinishIntoKeepsTheFoulPolicyAndWaitsForTheEnd) {
  OpeningSession o(OpeningRule::Swap, 15, Rule::Renju);
  LocalSession s(Game(15, Rule::Renju, FoulPolicy::Lose));
  clickAll(o, {{7, 7}, {8, 7}, {7, 8}});
  o.finishInto(s);  // not done: nothing
  EXPECT_EQ(s.game().ply(), 0);
  ASSERT_EQ(o.choose(OpeningChoice::TakeBlack), OpeningError::None);
  o.finishInto(s);
  EXPECT_EQ(s.game().ply(), 3);
  EXPECT_EQ(s.game().foulPolicy(), FoulPolicy::Lose);
}

TEST(OpeningSession, Soosorv8AlternativesArePickedOutThenOffered) {
  OpeningSession o = soosorvToAlternatives(2);
  EXPECT_EQ(o.opening().alternativesWanted(), 2);
  EXPECT_EQ(o.choose(OpeningChoice::Keep), OpeningError::WrongStep);
  EXPECT_EQ(o.click({7, 7}), OpeningError::Occupied);
  EXPECT_EQ(o.click({20, 3}), OpeningError::OffBoard);
  ASSERT_EQ(o.click({5, 6}), OpeningError::None);
  EXPECT_EQ(o.picked(), (std::vector<Point>{{5, 6}}));
  EXPECT_EQ(o.offerPicked(), OpeningError::BadCount);   // one of two
  EXPECT_EQ(o.click({5, 8}), OpeningError::Symmetric);  // its mirror image about row 7
  ASSERT_EQ(o.click({10, 10}), OpeningError::None);
  EXPECT_EQ(o.click({11, 3}), OpeningError::BadCount);  // a third
  ASSERT_EQ(o.click({5, 6}), OpeningError::None);       // dropped again
  EXPECT_EQ(o.picked(), (std::vector<Point>{{10, 10}}));
  ASSERT_EQ(o.click({5, 8}), OpeningError::None);  // no longer symmetric to one picked out
  ASSERT_EQ(o.offerPicked(), OpeningError::None);
  EXPECT_TRUE(o.picked().empty());
  EXPECT_EQ(o.opening().step(), OpeningStep::ChooseAlternative);
  EXPECT_EQ(o.opening().alternatives(), (std::vector<Point>{{10, 10}, {5, 8}}));
  EXPECT_EQ(o.click({5, 6}), OpeningError::NotAnAlternative);
  ASSERT_EQ(o.click({5, 8}), OpeningError::None);
  ASSERT_TRUE(o.done());
  EXPECT_EQ(o.opening().game().ply(), 5);
  EXPECT_EQ(o.opening().game().board().at({5, 8}), Stone::Black);
  EXPECT_EQ(o.opening().game().board().at({10, 10}), Stone::Empty);
}

TEST(OpeningSession, TheComputersSeatWaitsForItsDecision) {
  // The computer is the second player of swap: it picks a colour after our three stones.
  OpeningSession o(OpeningRule::Swap, 15, Rule::Freestyle, Seat::Second);
  EXPECT_FALSE(o.computerToDecide());
  clickAll(o, {{7, 7}, {8, 7}, {7, 8}});
  ASSERT_TRUE(o.computerToDecide());
  EXPECT_EQ(o.choose(OpeningChoice::TakeBlack), OpeningError::NotYourDecision);
  EXPECT_EQ(o.click({0, 0}), OpeningError::NotYourDecision);
  const auto request = o.computerRequest();
  ASSERT_TRUE(request);
  EXPECT_EQ(request->opening.step(), OpeningStep::ColourChoice);
  const ai::OpeningDecision d = ai::decideOpening(request->opening, 2000);
  ASSERT_EQ(d.step, OpeningStep::ColourChoice);
  EXPECT_EQ(o.applyComputer(request->id + 1, d), OpeningError::Finished);  // stale
  EXPECT_FALSE(o.done());
  ASSERT_EQ(o.applyComputer(request->id, d), OpeningError::None);
  ASSERT_TRUE(o.done());
  EXPECT_EQ(o.applyComputer(request->id, d), OpeningError::Finished);

  LocalSession s(Game(15, Rule::Freestyle));
  s.setComputer(Stone::White, 2);
  o.finishInto(s);
  EXPECT_EQ(s.computer(), o.opening().colourOf(Seat::Second));
  EXPECT_EQ(s.computerLevel(), 2);
  EXPECT_EQ(s.game().ply(), 3);
  // White (4th move) is to move: the computer when it took White.
  EXPECT_EQ(s.computerToMove(), s.computer() == Stone::White);
}

TEST(OpeningSession, TheComputerPlaysAWholeTaraguchiOpeningAgainstItself) {
  // Both seats by the engine, one decision at a time, as a front end would ask it.
  OpeningSession o(OpeningRule::Taraguchi10, 15, Rule::Renju, Seat::First);
  int decisions = 0;
  while (!o.done() && decisions < 40) {
    if (const auto request = o.computerRequest()) {
      ASSERT_EQ(o.applyComputer(request->id, ai::decideOpening(request->opening, 500)),
                OpeningError::None);
    } else {
      // Our seat: the engine's decision, applied as clicks and choices.
      const ai::OpeningDecision d = ai::decideOpening(o.opening(), 500);
      if (d.choice) {
        ASSERT_EQ(o.choose(*d.choice), OpeningError::None);
      } else if (d.count) {
        ASSERT_EQ(o.declare(d.count), OpeningError::None);
      } else if (!d.points.empty()) {
        for (Point p : d.points) ASSERT_EQ(o.click(p), OpeningError::None);
        ASSERT_EQ(o.offerPicked(), OpeningError::None);
      } else {
        ASSERT_TRUE(d.point);
        ASSERT_EQ(o.click(*d.point), OpeningError::None);
      }
    }
    ++decisions;
  }
  ASSERT_TRUE(o.done());
  EXPECT_EQ(o.opening().game().ply(), 5);
}

TEST(OpeningSession, MirrorsAnOpeningDecidedElsewhere) {
  // A network game's opening as the match holds it: Black's 5th moves are picked out here
  // before they are offered; the opponent's seat decides elsewhere.
  OpeningSession played = soosorvToAlternatives(2);
  OpeningSession mirror(played.opening(), Seat::Second);
  EXPECT_EQ(mirror.opening().step(), OpeningStep::PlaceAlternatives);
  EXPECT_FALSE(mirror.computerToDecide());  // the first seat (ours) offers
  EXPECT_EQ(mirror.click({0, 0}), OpeningError::None);
  EXPECT_EQ(mirror.click({0, 14}), OpeningError::Symmetric);  // mirrored about row 7
  EXPECT_EQ(mirror.picked(), (std::vector<Point>{{0, 0}}));
  // The same opening seen by the other seat: not its decision.
  OpeningSession other(played.opening(), Seat::First);
  EXPECT_TRUE(other.computerToDecide());
  EXPECT_EQ(other.click({0, 0}), OpeningError::NotYourDecision);
}

namespace {
// A clock the test moves by hand.
struct ManualClock {
  std::chrono::steady_clock::time_point t{};
  session::Clock clock() {
    return [this] { return t; };
  }
  void advance(int ms) { t += std::chrono::milliseconds(ms); }
};
}  // namespace

TEST(OpeningSession, TheOpeningIsTimedAndEachPlayerKeepsTheirClockInNormalPlay) {
  ManualClock c;
  OpeningSession o(OpeningRule::Swap2, 15, Rule::Freestyle);
  o.setTimeControl(TimeControl{ClockKind::Fischer, 60000, 2000, 0}, c.clock());
  EXPECT_TRUE(o.clockReading(Stone::Black).running);
  for (Point p : {Point{7, 7}, Point{8, 7}, Point{7, 8}}) {
    c.advance(3000);
    ASSERT_EQ(o.click(p), OpeningError::None);
  }
  EXPECT_EQ(o.clockReading(Stone::Black).mainMs, 57000);  // 3 × (3 s − 2 s increment)
  EXPECT_TRUE(o.clockReading(Stone::White).running);
  c.advance(10000);
  ASSERT_EQ(o.choose(OpeningChoice::TakeBlack), OpeningError::None);  // the second player
  ASSERT_TRUE(o.done());
  // The second player now plays Black with its own clock; the first plays White and moves.
  EXPECT_EQ(o.clockReading(Stone::Black).mainMs, 52000);
  EXPECT_EQ(o.clockReading(Stone::White).mainMs, 57000);
  EXPECT_TRUE(o.clockReading(Stone::White).running);

  ManualClock sc;
  LocalSession s(Game(15, Rule::Freestyle), sc.clock());
  o.finishInto(s);
  EXPECT_EQ(s.clockReading(Stone::Black).mainMs, 52000);
  EXPECT_TRUE(s.clockReading(Stone::White).running);
  sc.advance(5000);
  EXPECT_EQ(s.clockReading(Stone::White).mainMs, 52000);
  ASSERT_EQ(s.play({10, 10}), MoveError::None);
  EXPECT_EQ(s.clockReading(Stone::White).mainMs, 54000);
  EXPECT_TRUE(s.clockReading(Stone::Black).running);
}

TEST(OpeningSession, ADeciderOutOfTimeLosesAndALateDecisionIsRefused) {
  ManualClock c;
  OpeningSession o(OpeningRule::Soosorv8, 15, Rule::Renju, Seat::First);  // computer: first
  o.setTimeControl(TimeControl{ClockKind::PerMove, 0, 0, 1000}, c.clock());
  const auto request = o.computerRequest();
  ASSERT_TRUE(request);
  EXPECT_EQ(request->budgetMs, 440);  // half the move's limit less ai::turnWithMargin's margin
  EXPECT_EQ(o.msUntilFlag(), 1001);
  c.advance(1001);
  EXPECT_EQ(o.msUntilFlag(), 0);
  // The computer's decision arrives too late: refused, and the first seat has lost.
  EXPECT_EQ(o.applyComputer(request->id, ai::decideOpening(request->opening)),
            OpeningError::Finished);
  EXPECT_EQ(o.flagged(), Seat::First);
  EXPECT_FALSE(o.checkTime());  // once
  EXPECT_FALSE(o.computerRequest());
  EXPECT_EQ(o.msUntilFlag(), -1);
  EXPECT_TRUE(o.clockReading(Stone::Black).flagged);
  EXPECT_EQ(o.clockReading(Stone::Black).mainMs, 0);  // not a fresh move limit
  EXPECT_EQ(o.click({7, 7}), OpeningError::Finished);

  LocalSession s(Game(15, Rule::Renju));
  o.flagInto(s);
  EXPECT_TRUE(s.game().over());
  EXPECT_EQ(s.game().result().outcome, Outcome::WhiteWins);
  EXPECT_EQ(s.game().result().reason, EndReason::Time);
  EXPECT_TRUE(s.clockReading(Stone::Black).flagged);
  EXPECT_EQ(s.clockReading(Stone::Black).mainMs, 0);
  EXPECT_EQ(s.msUntilFlag(), -1);
}

TEST(OpeningSession, TheComputersBudgetForADecisionComesFromItsClock) {
  GameClock fischer(TimeControl{ClockKind::Fischer, 60000, 5000, 0});
  fischer.start(Stone::White, 0);
  EXPECT_EQ(session::openingDecisionBudgetMs(fischer, Stone::White, 10000), 4940);  // 50 s / 10
  GameClock byo(TimeControl{ClockKind::ByoYomi, 0, 0, 0});
  EXPECT_EQ(session::openingDecisionBudgetMs(byo, Stone::Black, 0), 0);  // no clock
  GameClock period(TimeControl{ClockKind::ByoYomi, 1000, 0, 2000});
  period.start(Stone::Black, 0);
  EXPECT_EQ(session::openingDecisionBudgetMs(period, Stone::Black, 1500), 690);  // the period
}

TEST(OpeningSession, HotSeatDecisionInTimeStandsAfterAWait) {
  ManualClock c;
  OpeningSession o(OpeningRule::Swap, 15, Rule::Freestyle);
  o.setTimeControl(TimeControl{ClockKind::ByoYomi, 1000, 0, 500}, c.clock());
  c.advance(1500);  // all of the main time and the whole period: still in time
  EXPECT_FALSE(o.checkTime());
  ASSERT_EQ(o.click({7, 7}), OpeningError::None);
  EXPECT_EQ(o.clockReading(Stone::Black).mainMs, 0);
  c.advance(501);
  EXPECT_TRUE(o.checkTime());  // the first player is in byo-yomi: 0.5 s a decision
  EXPECT_EQ(o.flagged(), Seat::First);
}
