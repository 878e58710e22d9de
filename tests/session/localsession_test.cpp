// LocalSession: takebacks, redo, move times and the computer's turn, without a window or an
// engine (the computer's answers are made up). Cases C08 and C09 come from
// ../shared/cases/bug-reports-1.md (points are (x,y), 0-based, y from the top).
#include <gtest/gtest.h>

#include "session/localsession.h"

using namespace gomoku;
using session::ComputerMove;
using session::LocalSession;
using session::TakebackError;

namespace {

// A clock the test moves by hand.
struct FakeClock {
  std::chrono::steady_clock::time_point t{};
  session::Clock clock() {
    return [this] { return t; };
  }
  void advance(int ms) { t += std::chrono::milliseconds(ms); }
};

void playAll(LocalSession& s, const std::vector<Point>& moves) {
  for (const Point& p : moves) ASSERT_EQ(s.play(p), MoveError::None) << p.x << "," << p.y;
}

// The computer's answer `p` to the current request.
ComputerMove reply(LocalSession& s, std::optional<Point> p) {
  const auto request = s.computerRequest();
  EXPECT_TRUE(request.has_value());
  if (!request) return ComputerMove::Stale;
  ai::SearchResult r;
  r.move = p;
  return s.applyComputerMove(request->id, r);
}

}  // namespace

TEST(LocalSession, C08_HotSeatUndoLeavesNoPhantomStones) {
  LocalSession s;
  playAll(s, {{3, 7}, {0, 0}, {4, 7}, {2, 0}, {5, 7}, {4, 0}, {6, 7}, {6, 0}});
  const auto t = s.undo();
  EXPECT_EQ(t.error, TakebackError::None);
  ASSERT_EQ(t.moves.size(), 1u);
  EXPECT_EQ(t.moves[0], (Point{6, 0}));
  EXPECT_EQ(s.undo().moves, (std::vector<Point>{{6, 7}}));
  EXPECT_EQ(s.game().board().at({6, 7}), Stone::Empty);
  EXPECT_EQ(s.game().toMove(), Stone::Black);
  playAll(s, {{10, 10}, {8, 0}, {7, 7}});
  EXPECT_FALSE(s.game().over());
  EXPECT_EQ(s.game().board().at({6, 7}), Stone::Empty);
  EXPECT_EQ(s.game().check({6, 7}), MoveError::None);  // playable
  EXPECT_EQ(s.game().board().stoneCount(), 9);
  EXPECT_TRUE(s.redoList().empty());  // new moves dropped the moves taken back
}

TEST(LocalSession, C09_UndoAfterTheWinReopensTheGame) {
  LocalSession s;
  playAll(s, {{3, 7}, {0, 0}, {4, 7}, {2, 0}, {6, 7}, {4, 0}, {7, 7}, {6, 0}, {5, 7}});
  ASSERT_EQ(s.game().result().outcome, Outcome::BlackWins);
  EXPECT_TRUE(s.canUndo());
  EXPECT_FALSE(s.canRedo());
  const auto t = s.undo();
  EXPECT_EQ(t.error, TakebackError::None);
  EXPECT_TRUE(t.reopened);
  EXPECT_FALSE(s.game().over());
  EXPECT_TRUE(s.game().result().line.empty());
  EXPECT_EQ(s.game().toMove(), Stone::Black);
  EXPECT_EQ(s.play({10, 10}), MoveError::None);
  EXPECT_FALSE(s.game().over());
  // Undo down to move 0, then once more does nothing; so does undo after a restart.
  while (s.canUndo()) ASSERT_EQ(s.undo().error, TakebackError::None);
  EXPECT_EQ(s.game().ply(), 0);
  EXPECT_EQ(s.game().board().stoneCount(), 0);
  EXPECT_EQ(s.undo().error, TakebackError::NothingToDo);
  s.restart();
  EXPECT_EQ(s.undo().error, TakebackError::NothingToDo);
  EXPECT_FALSE(s.canRedo());
}

TEST(LocalSession, RedoPlaysTheMovesAgainWithTheirTimes) {
  FakeClock c;
  LocalSession s(Game(), c.clock());
  c.advance(1000);
  ASSERT_EQ(s.play({7, 7}), MoveError::None);
  c.advance(2500);
  ASSERT_EQ(s.play({8, 8}), MoveError::None);
  EXPECT_EQ(s.times(), (std::vector<int>{1000, 2500}));
  EXPECT_TRUE(s.dirty());
  s.markSaved();
  s.undo();
  s.undo();
  EXPECT_TRUE(s.dirty());
  EXPECT_TRUE(s.times().empty());
  EXPECT_EQ(s.redoList().size(), 2u);
  c.advance(7000);
  const auto t = s.redo();
  EXPECT_EQ(t.moves, (std::vector<Point>{{7, 7}}));
  EXPECT_EQ(s.times(), (std::vector<int>{1000}));  // the old time, not the 7 s since
  // Playing the next move of the list keeps the list; another move drops it.
  c.advance(300);
  ASSERT_EQ(s.play({8, 8}), MoveError::None);
  EXPECT_EQ(s.times(), (std::vector<int>{1000, 300}));
  EXPECT_TRUE(s.redoList().empty());
  s.undo();
  ASSERT_EQ(s.play({9, 9}), MoveError::None);
  EXPECT_TRUE(s.redoList().empty());
  EXPECT_EQ(s.redo().error, TakebackError::NothingToDo);
}

TEST(LocalSession, RedoAfterUndoingAFiveWinsAgain) {
  LocalSession s;
  playAll(s, {{3, 7}, {0, 0}, {4, 7}, {2, 0}, {6, 7}, {4, 0}, {7, 7}, {6, 0}, {5, 7}});
  s.undo();
  EXPECT_TRUE(s.canRedo());
  s.redo();
  EXPECT_EQ(s.game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(s.game().result().reason, EndReason::Five);
}

TEST(LocalSession, AGameEndedFromOutsideCannotBeUndone) {
  LocalSession s;
  playAll(s, {{7, 7}, {8, 8}});
  s.end(Outcome::Interrupted, EndReason::Disconnected, "quit");
  EXPECT_FALSE(s.canUndo());
  EXPECT_EQ(s.undoRefusal(), TakebackError::Ended);
  EXPECT_EQ(s.undo().error, TakebackError::Ended);
  EXPECT_EQ(s.game().ply(), 2);
}

TEST(LocalSession, UndoRefusalSaysWhyNothingIsTakenBack) {
  LocalSession s;
  EXPECT_EQ(s.undoRefusal(), TakebackError::NothingToDo);
  ASSERT_EQ(s.play({7, 7}), MoveError::None);
  EXPECT_EQ(s.undoRefusal(), TakebackError::None);
  EXPECT_TRUE(s.canUndo());
}

TEST(LocalSession, ComputerUndoTakesTheReplyToo) {
  LocalSession s;
  s.setComputer(Stone::White, 2);
  EXPECT_FALSE(s.computerRequest());
  EXPECT_FALSE(s.canUndo());
  ASSERT_EQ(s.play({7, 7}), MoveError::None);
  const auto request = s.computerRequest();
  ASSERT_TRUE(request);
  EXPECT_EQ(request->toMove, Stone::White);
  EXPECT_EQ(request->level, 2);
  EXPECT_EQ(request->ply, 1);
  EXPECT_EQ(s.play({9, 9}), MoveError::NotYourTurn);  // the computer is to move
  EXPECT_EQ(reply(s, Point{8, 8}), ComputerMove::Played);
  ASSERT_EQ(s.play({7, 8}), MoveError::None);
  EXPECT_EQ(reply(s, Point{8, 7}), ComputerMove::Played);
  const auto t = s.undo();
  EXPECT_EQ(t.moves, (std::vector<Point>{{8, 7}, {7, 8}}));
  EXPECT_EQ(s.game().ply(), 2);
  EXPECT_EQ(s.game().toMove(), Stone::Black);
  EXPECT_FALSE(s.computerToMove());
  // Redo: our move and the computer's reply.
  const auto r = s.redo();
  EXPECT_EQ(r.moves, (std::vector<Point>{{7, 8}, {8, 7}}));
  EXPECT_EQ(s.game().ply(), 4);
  // Undo twice: back to the start; nothing of ours left to take.
  s.undo();
  s.undo();
  EXPECT_EQ(s.game().ply(), 0);
  EXPECT_FALSE(s.canUndo());
}

TEST(LocalSession, ComputerUndoWhileItThinksTakesOnlyOurMove) {
  LocalSession s;
  s.setComputer(Stone::White);
  ASSERT_EQ(s.play({7, 7}), MoveError::None);
  const auto stale = s.computerRequest();
  ASSERT_TRUE(stale);
  EXPECT_EQ(s.undo().moves, (std::vector<Point>{{7, 7}}));
  ai::SearchResult late;
  late.move = Point{8, 8};
  EXPECT_EQ(s.applyComputerMove(stale->id, late), ComputerMove::Stale);  // a dropped answer
  EXPECT_EQ(s.game().ply(), 0);
  // Redo our move: the computer's turn again, with a new request.
  EXPECT_EQ(s.redo().moves.size(), 1u);
  const auto again = s.computerRequest();
  ASSERT_TRUE(again);
  EXPECT_NE(again->id, stale->id);
}

TEST(LocalSession, ComputerOpeningIsNotOursToTakeBack) {
  LocalSession s;
  s.setComputer(Stone::Black);
  EXPECT_EQ(s.play({7, 7}), MoveError::NotYourTurn);
  EXPECT_EQ(reply(s, Point{7, 7}), ComputerMove::Played);
  EXPECT_FALSE(s.canUndo());
  EXPECT_EQ(s.undoRefusal(), TakebackError::NothingToDo);
  EXPECT_EQ(s.undo().error, TakebackError::NothingToDo);
  ASSERT_EQ(s.play({8, 8}), MoveError::None);
  EXPECT_EQ(reply(s, Point{6, 6}), ComputerMove::Played);
  EXPECT_EQ(s.undo().moves.size(), 2u);
  EXPECT_EQ(s.game().ply(), 1);
  EXPECT_EQ(s.game().toMove(), Stone::White);
}

TEST(LocalSession, OpeningTakebackTakesTheComputersOpeningStone) {
  LocalSession s;
  s.setComputer(Stone::Black);
  s.setOpeningTakeback(true);
  ASSERT_EQ(reply(s, Point{7, 7}), ComputerMove::Played);
  EXPECT_TRUE(s.canUndo());
  const auto t = s.undo();
  EXPECT_EQ(t.error, TakebackError::None);
  ASSERT_EQ(t.moves.size(), 1u);
  EXPECT_EQ(t.moves[0], (Point{7, 7}));
  EXPECT_EQ(s.game().ply(), 0);
  // The computer is to move again and plays its opening anew; the redo list still has it.
  EXPECT_TRUE(s.computerToMove());
  EXPECT_TRUE(s.computerRequest());
  EXPECT_EQ(s.redoList().size(), 1u);
  ASSERT_EQ(reply(s, Point{6, 6}), ComputerMove::Played);
  EXPECT_TRUE(s.redoList().empty());  // another opening: the old one cannot come back
  // With more stones the takeback is the usual one: our move and the computer's reply.
  ASSERT_EQ(s.play({8, 8}), MoveError::None);
  ASSERT_EQ(reply(s, Point{9, 9}), ComputerMove::Played);
  EXPECT_EQ(s.undo().moves.size(), 2u);
  EXPECT_EQ(s.game().ply(), 1);
  EXPECT_EQ(s.game().toMove(), Stone::White);
  // Hot seat: no effect.
  LocalSession h;
  h.setOpeningTakeback(true);
  EXPECT_FALSE(h.canUndo());
}

TEST(LocalSession, ComputerFiveIsTakenBackWithOurMove) {
  LocalSession s;
  s.setComputer(Stone::White);
  // White (the computer) makes five on row 0 while Black plays elsewhere.
  const std::vector<Point> black = {{3, 7}, {3, 9}, {3, 11}, {11, 3}, {13, 13}};
  for (int i = 0; i < 5; ++i) {
    ASSERT_EQ(s.play(black[static_cast<std::size_t>(i)]), MoveError::None);
    ASSERT_EQ(reply(s, Point{i, 0}), ComputerMove::Played);
  }
  ASSERT_EQ(s.game().result().outcome, Outcome::WhiteWins);
  const auto t = s.undo();
  EXPECT_TRUE(t.reopened);
  EXPECT_EQ(t.moves, (std::vector<Point>{{4, 0}, {13, 13}}));
  EXPECT_EQ(s.game().toMove(), Stone::Black);
  EXPECT_FALSE(s.game().over());
}

TEST(LocalSession, ComputerResignsWithoutAMove) {
  LocalSession s;
  s.setComputer(Stone::White);
  ASSERT_EQ(s.play({7, 7}), MoveError::None);
  EXPECT_EQ(reply(s, std::nullopt), ComputerMove::Resigned);
  EXPECT_EQ(s.game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(s.game().result().reason, EndReason::Resignation);
  EXPECT_FALSE(s.canUndo());  // a resignation is not taken back
  EXPECT_FALSE(s.computerRequest());
}

TEST(LocalSession, EngineIllegalMoveOrFailureEndsTheGame) {
  LocalSession s;
  s.setComputer(Stone::White);
  ASSERT_EQ(s.play({7, 7}), MoveError::None);
  EXPECT_EQ(reply(s, Point{7, 7}), ComputerMove::Illegal);
  EXPECT_EQ(s.game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(s.game().result().reason, EndReason::ProtocolError);
  EXPECT_NE(s.game().result().detail.find("illegal move by the engine"), std::string::npos);

  LocalSession f;
  f.setComputer(Stone::White);
  ASSERT_EQ(f.play({7, 7}), MoveError::None);
  const auto request = f.computerRequest();
  ASSERT_TRUE(request);
  EXPECT_FALSE(f.computerFailed(request->id + 1, "stale"));
  EXPECT_TRUE(f.computerFailed(request->id, "the engine exited with code 3"));
  EXPECT_EQ(f.game().result().outcome, Outcome::Interrupted);
  EXPECT_EQ(f.game().result().detail, "the engine exited with code 3");
}

TEST(LocalSession, ComputerMovesAreTimed) {
  FakeClock c;
  LocalSession s(Game(), c.clock());
  s.setComputer(Stone::White);
  c.advance(4000);
  ASSERT_EQ(s.play({7, 7}), MoveError::None);
  c.advance(1200);
  ASSERT_EQ(reply(s, Point{8, 8}), ComputerMove::Played);
  EXPECT_EQ(s.times(), (std::vector<int>{4000, 1200}));
}

TEST(LocalSession, ResetKeepsTheComputerAndZeroesOldTimes) {
  Game g;
  ASSERT_EQ(g.play({7, 7}), MoveError::None);
  LocalSession s;
  s.setComputer(Stone::Black, 9);
  EXPECT_EQ(s.computerLevel(), ai::kMaxLevel);
  s.reset(g);
  EXPECT_EQ(s.times(), (std::vector<int>{0}));
  EXPECT_FALSE(s.dirty());
  EXPECT_EQ(s.computer(), Stone::Black);
  EXPECT_FALSE(s.computerToMove());
}

TimeControl control(const char* text) {
  return parseTimeControl(text).control.value_or(TimeControl{});
}

TEST(LocalSessionClock, HotSeatSideWhoseTimeRunsOutLoses) {
  FakeClock c;
  LocalSession s(Game(), c.clock());
  s.setTimeControl(control("1m+2s"));
  EXPECT_EQ(s.clockReading(Stone::Black).mainMs, 60000);
  EXPECT_TRUE(s.clockReading(Stone::Black).running);
  c.advance(10000);
  ASSERT_EQ(s.play({7, 7}), MoveError::None);
  EXPECT_EQ(s.clockReading(Stone::Black).mainMs, 52000);
  EXPECT_TRUE(s.clockReading(Stone::White).running);
  EXPECT_EQ(s.msUntilFlag(), 60001);
  c.advance(60000);
  EXPECT_FALSE(s.checkTime());  // exactly all of its time: still in time
  c.advance(1);
  const std::uint64_t before = s.version();
  EXPECT_TRUE(s.checkTime());
  EXPECT_GT(s.version(), before);
  EXPECT_EQ(s.game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(s.game().result().reason, EndReason::Time);
  EXPECT_EQ(describeResult(s.game().result()), "Black wins on time.");
  EXPECT_EQ(s.msUntilFlag(), -1);
  EXPECT_EQ(s.undoRefusal(), TakebackError::Ended);  // a loss on time is final
}

TEST(LocalSessionClock, AMoveThatComesTooLateLosesAndIsNotPlayed) {
  FakeClock c;
  LocalSession s(Game(), c.clock());
  s.setTimeControl(control("5s/move"));
  c.advance(5001);
  EXPECT_EQ(s.play({7, 7}), MoveError::GameOver);
  EXPECT_EQ(s.game().ply(), 0);
  EXPECT_EQ(s.game().result().outcome, Outcome::WhiteWins);
  EXPECT_EQ(s.game().result().reason, EndReason::Time);
}

TEST(LocalSessionClock, TakebackRestoresTheClocksOfThatTurn) {
  FakeClock c;
  LocalSession s(Game(), c.clock());
  s.setTimeControl(control("1m+0s"));
  c.advance(5000);
  ASSERT_EQ(s.play({7, 7}), MoveError::None);
  c.advance(20000);
  ASSERT_EQ(s.play({8, 8}), MoveError::None);
  c.advance(1000);
  ASSERT_EQ(s.undo().error, TakebackError::None);  // White's move: its turn again, 60 s
  EXPECT_EQ(s.clockReading(Stone::White).mainMs, 60000);
  EXPECT_EQ(s.clockReading(Stone::Black).mainMs, 55000);
  EXPECT_TRUE(s.clockReading(Stone::White).running);
  c.advance(3000);
  ASSERT_EQ(s.redo().error, TakebackError::None);  // the old 20 s, not the 3 s since
  EXPECT_EQ(s.clockReading(Stone::White).mainMs, 40000);
  EXPECT_TRUE(s.clockReading(Stone::Black).running);
}

TEST(LocalSessionClock, TheComputerGetsItsTimeAndLosesWhenItIsLate) {
  FakeClock c;
  LocalSession s(Game(), c.clock());
  s.setComputer(Stone::White, 3);
  s.setTimeControl(control("1m+1s"));
  ASSERT_EQ(s.play({7, 7}), MoveError::None);
  auto request = s.computerRequest();
  ASSERT_TRUE(request);
  EXPECT_EQ(request->timeLeftMs, 60000);
  EXPECT_EQ(request->turnMs, 0);
  c.advance(60001);
  ai::SearchResult r;
  r.move = Point{8, 8};
  EXPECT_EQ(s.applyComputerMove(request->id, r), ComputerMove::OutOfTime);
  EXPECT_EQ(s.game().ply(), 1);
  EXPECT_EQ(s.game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(s.game().result().reason, EndReason::Time);

  LocalSession p(Game(), c.clock());
  p.setComputer(Stone::Black, 3);
  p.setTimeControl(control("10m,30s"));
  request = p.computerRequest();
  ASSERT_TRUE(request);
  EXPECT_EQ(request->timeLeftMs, 630000);  // main time and the period
  p.setTimeControl(control("30s/move"));
  request = p.computerRequest();
  ASSERT_TRUE(request);
  EXPECT_EQ(request->timeLeftMs, -1);
  EXPECT_EQ(request->turnMs, 30000);
}

TEST(LocalSessionClock, NoClockByDefaultAndRestartKeepsTheControl) {
  FakeClock c;
  LocalSession s(Game(), c.clock());
  EXPECT_EQ(s.msUntilFlag(), -1);
  c.advance(100000000);
  EXPECT_FALSE(s.checkTime());
  s.setTimeControl(control("5m+5s"));
  ASSERT_EQ(s.play({7, 7}), MoveError::None);
  s.restart();
  EXPECT_EQ(s.timeControl(), control("5m+5s"));
  EXPECT_EQ(s.clockReading(Stone::Black).mainMs, 300000);
  EXPECT_TRUE(s.clockReading(Stone::Black).running);
}

TEST(LocalSession, TheOpeningsMovesAreNotTakenBack) {
  Game g;
  for (Point p : {Point{7, 7}, Point{8, 7}, Point{7, 8}}) ASSERT_EQ(g.play(p), MoveError::None);
  LocalSession s(g);
  s.setUndoFloor(3);
  EXPECT_EQ(s.undoRefusal(), TakebackError::NothingToDo);
  ASSERT_EQ(s.play({9, 9}), MoveError::None);
  EXPECT_EQ(s.undo().moves, (std::vector<Point>{Point{9, 9}}));
  EXPECT_EQ(s.undo().error, TakebackError::NothingToDo);
  EXPECT_EQ(s.game().ply(), 3);

  // Against the computer (White, the opening's 4th move to play): its reply alone above the
  // opening cannot be taken back without a move of ours.
  LocalSession c(g);
  c.setUndoFloor(3);
  c.setComputer(Stone::White, 1);
  EXPECT_EQ(reply(c, Point{9, 9}), ComputerMove::Played);
  EXPECT_EQ(c.undoRefusal(), TakebackError::NothingToDo);
  ASSERT_EQ(c.play({6, 6}), MoveError::None);
  EXPECT_EQ(reply(c, Point{10, 10}), ComputerMove::Played);
  EXPECT_EQ(c.undo().moves.size(), 2u);  // our move and its reply
  EXPECT_EQ(c.game().ply(), 4);
  EXPECT_EQ(c.undo().error, TakebackError::NothingToDo);
}
