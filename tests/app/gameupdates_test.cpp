// Typed updates of the game shown (src/app/gameupdates.h); those of a network match are net's
// MatchTracker's (tests/net/matchtracker_test.cpp).
#include "app/gameupdates.h"

#include <gtest/gtest.h>

namespace gomoku::app {
namespace {

using Kind = GameUpdate::Kind;

std::string Str(const std::vector<GameUpdate>& updates) {
  std::string s;
  for (const GameUpdate& u : updates) {
    s += u.kind == Kind::TakenBack ? "T"
         : u.kind == Kind::Moved   ? "M"
         : u.kind == Kind::Ended   ? "E"
                                   : "R";
    s += std::to_string(u.ply) + " ";
  }
  return s;
}

TEST(GameWatcher, MovesThenTakebackThenReplacedMove) {
  GameWatcher w;
  Game game;
  EXPECT_EQ(Str(w.Update(game)), "");
  game.play({7, 7});
  game.play({8, 8});
  EXPECT_EQ(Str(w.Update(game)), "M1 M2 ");
  EXPECT_EQ(Str(w.Update(game)), "");
  game.undo();
  EXPECT_EQ(Str(w.Update(game)), "T1 ");
  // Another move in place of the one taken back, seen in one update: a takeback, then it.
  game.play({9, 9});
  EXPECT_EQ(Str(w.Update(game)), "M2 ");
  Game other(15);
  other.play({7, 7});
  other.play({1, 1});
  EXPECT_EQ(Str(w.Update(other)), "T1 M2 ");
  EXPECT_EQ(w.Ply(), 2);
}

TEST(GameWatcher, EndOnceUntilUndoReopensIt_C09) {
  GameWatcher w;
  Game game;
  for (const Point p : {Point{0, 0}, Point{0, 1}, Point{1, 0}, Point{1, 1}, Point{2, 0},
                        Point{2, 1}, Point{3, 0}, Point{3, 1}, Point{4, 0}})
    game.play(p);
  ASSERT_TRUE(game.over());
  EXPECT_EQ(Str(w.Update(game)), "M1 M2 M3 M4 M5 M6 M7 M8 M9 E9 ");
  EXPECT_TRUE(w.EndSeen());
  EXPECT_EQ(Str(w.Update(game)), "");
  ASSERT_TRUE(game.undo());
  EXPECT_EQ(Str(w.Update(game)), "T8 ");
  EXPECT_FALSE(w.EndSeen());
  game.play({4, 0});
  EXPECT_EQ(Str(w.Update(game)), "M9 E9 ");
}

TEST(GameWatcher, AResignationThatCrossedTheFiveIsANewResult) {
  // Black's five was seen; then White's resignation that crossed it replaces the result
  // (PROTOCOL.md: the resignation stands), and the report says RESULT again.
  GameWatcher w;
  Game game;
  for (const Point p : {Point{0, 0}, Point{0, 1}, Point{1, 0}, Point{1, 1}, Point{2, 0},
                        Point{2, 1}, Point{3, 0}, Point{3, 1}, Point{4, 0}})
    game.play(p);
  EXPECT_EQ(Str(w.Update(game)), "M1 M2 M3 M4 M5 M6 M7 M8 M9 E9 ");
  const int seen = w.ResultsSeen();
  game.setResult(Outcome::BlackWins, EndReason::Resignation);
  EXPECT_EQ(Str(w.Update(game)), "R9 ");
  EXPECT_EQ(w.ResultsSeen(), seen + 1);
  EXPECT_EQ(Str(w.Update(game)), "");
}

TEST(GameWatcher, ResetShowsAnotherGameFromItsStart) {
  GameWatcher w;
  Game game;
  game.play({7, 7});
  w.Update(game);
  w.Reset();
  EXPECT_EQ(Str(w.Update(game)), "M1 ");
}

}  // namespace
}  // namespace gomoku::app
