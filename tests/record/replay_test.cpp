// replay(): how a record ends when its moves are played through our Game.
#include <gtest/gtest.h>

#include <vector>

#include "record/psq.h"
#include "record/replay.h"

using namespace gomoku;

namespace {

Record withMoves(std::vector<Point> moves, int size = 15) {
  Record r;
  r.size = size;
  r.moves = std::move(moves);
  return r;
}

// Black builds a row on y = 7 from x = 3; White answers on y = 0.
std::vector<Point> blackFive() {
  return {{3, 7}, {0, 0}, {4, 7}, {1, 0}, {5, 7}, {2, 0}, {6, 7}, {3, 0}, {7, 7}};
}

// Renju: Black's double-three at h8 (7,7) with black stones at h9 h10 (7,6 7,5) and f8 g8
// (5,7 6,7); White plays far away.
std::vector<Point> doubleThree() {
  return {{7, 6}, {0, 0}, {7, 5}, {14, 0}, {5, 7}, {0, 14}, {6, 7}, {14, 14}, {7, 7}};
}

}  // namespace

TEST(Replay, FiveAtTheLastMove) {
  const ReplayReport r = replay(withMoves(blackFive()), Rule::Freestyle);
  EXPECT_EQ(r.end, ReplayEnd::Five);
  EXPECT_EQ(r.move, 9);
  EXPECT_EQ(r.winner, Stone::Black);
  EXPECT_EQ(r.line.size(), 5u);
  EXPECT_EQ(r.unplayed, 0);
  EXPECT_EQ(r.game.ply(), 9);
  EXPECT_EQ(r.text, "move 9: Black makes five and wins");
}

TEST(Replay, OverlineWinsInFreestyleOnly) {
  // Black: d8 e8 f8 _ h8 i8, then g8 joins six.
  std::vector<Point> moves = {{3, 7}, {0, 0}, {4, 7}, {1, 0}, {5, 7}, {2, 0},
                              {7, 7}, {0, 2}, {8, 7}, {1, 2}, {6, 7}};
  const ReplayReport free = replay(withMoves(moves), Rule::Freestyle);
  EXPECT_EQ(free.end, ReplayEnd::Five);
  EXPECT_EQ(free.line.size(), 6u);
  const ReplayReport standard = replay(withMoves(moves), Rule::Standard);
  EXPECT_EQ(standard.end, ReplayEnd::NoFive);
  const ReplayReport renju = replay(withMoves(moves), Rule::Renju);
  EXPECT_EQ(renju.end, ReplayEnd::Foul);
  EXPECT_EQ(renju.forbidden, Forbidden::Overline);
  EXPECT_EQ(renju.move, 11);
}

TEST(Replay, MoveAfterTheEnd) {
  std::vector<Point> moves = blackFive();
  moves.push_back({10, 10});
  moves.push_back({11, 11});
  const ReplayReport r = replay(withMoves(moves), Rule::Freestyle);
  EXPECT_EQ(r.end, ReplayEnd::AfterEnd);
  EXPECT_EQ(r.move, 10);
  EXPECT_EQ(r.endedAt, 9);
  EXPECT_EQ(r.endedBy, ReplayEnd::Five);
  EXPECT_EQ(r.winner, Stone::Black);
  EXPECT_EQ(r.unplayed, 2);
}

TEST(Replay, RenjuFoulAtTheLastMove) {
  for (FoulPolicy policy : {FoulPolicy::Lose, FoulPolicy::Refuse}) {
    const ReplayReport r = replay(withMoves(doubleThree()), Rule::Renju, policy);
    EXPECT_EQ(r.end, ReplayEnd::Foul);
    EXPECT_EQ(r.move, 9);
    EXPECT_EQ(r.foulMove, 9);
    EXPECT_EQ(r.forbidden, Forbidden::DoubleThree);
    EXPECT_EQ(r.winner, Stone::White);
    EXPECT_EQ(r.text, "move 9 (Black H8): double-three is forbidden for Black; White wins");
  }
  // Freestyle has no forbidden points.
  EXPECT_EQ(replay(withMoves(doubleThree()), Rule::Freestyle).end, ReplayEnd::NoFive);
}

TEST(Replay, RenjuFoulInMidGame) {
  std::vector<Point> moves = doubleThree();
  moves.push_back({10, 10});
  moves.push_back({11, 11});
  const ReplayReport lose = replay(withMoves(moves), Rule::Renju, FoulPolicy::Lose);
  EXPECT_EQ(lose.end, ReplayEnd::AfterEnd);
  EXPECT_EQ(lose.endedBy, ReplayEnd::Foul);
  EXPECT_EQ(lose.endedAt, 9);
  EXPECT_EQ(lose.foulMove, 9);
  EXPECT_EQ(lose.forbidden, Forbidden::DoubleThree);
  EXPECT_EQ(lose.move, 10);
  EXPECT_EQ(lose.winner, Stone::White);

  const ReplayReport refuse = replay(withMoves(moves), Rule::Renju, FoulPolicy::Refuse);
  EXPECT_EQ(refuse.end, ReplayEnd::Foul);
  EXPECT_EQ(refuse.move, 9);
  EXPECT_EQ(refuse.unplayed, 3);
  EXPECT_EQ(refuse.game.ply(), 8);
}

TEST(Replay, IllegalMoves) {
  ReadOptions keep;
  keep.keepIllegalMoves = true;
  const Record occupied = readPsq("8,8\n9,9\n10,10\n9,9\n", keep);
  const ReplayReport r = replay(occupied, Rule::Freestyle);
  EXPECT_EQ(r.end, ReplayEnd::Illegal);
  EXPECT_EQ(r.move, 4);
  EXPECT_EQ(r.error, MoveError::Occupied);
  EXPECT_EQ(r.winner, Stone::Black) << "White played the illegal move";
  EXPECT_EQ(r.text, "move 4 (White I7): the point is occupied; Black wins");

  const ReplayReport off = replay(withMoves({{7, 7}, {15, 2}, {8, 8}}), Rule::Renju);
  EXPECT_EQ(off.end, ReplayEnd::Illegal);
  EXPECT_EQ(off.move, 2);
  EXPECT_EQ(off.error, MoveError::OffBoard);
  EXPECT_EQ(off.unplayed, 2);
}

TEST(Replay, NoFiveAndEmpty) {
  const ReplayReport r = replay(withMoves({{7, 7}, {8, 8}, {9, 9}}), Rule::Renju);
  EXPECT_EQ(r.end, ReplayEnd::NoFive);
  EXPECT_EQ(r.move, 3);
  EXPECT_EQ(r.winner, Stone::Empty);
  EXPECT_EQ(r.text, "the record ends after move 3 with no five (White to move)");
  const ReplayReport none = replay(withMoves({}), Rule::Freestyle);
  EXPECT_EQ(none.end, ReplayEnd::NoFive);
  EXPECT_EQ(none.move, 0);
}

TEST(Replay, FullBoardIsADraw) {
  // 5x5, no five anywhere: rows XXOOX / OOXXO / XXOOX / OOXXO / XXOOX (13 black, 12 white).
  const char* rows[] = {"XXOOX", "OOXXO", "XXOOX", "OOXXO", "XXOOX"};
  std::vector<Point> black, white, moves;
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 5; ++x) (rows[y][x] == 'X' ? black : white).push_back({x, y});
  for (std::size_t k = 0; k < black.size(); ++k) {
    moves.push_back(black[k]);
    if (k < white.size()) moves.push_back(white[k]);
  }
  const ReplayReport r = replay(withMoves(moves, 5), Rule::Freestyle);
  EXPECT_EQ(r.end, ReplayEnd::FullBoard);
  EXPECT_EQ(r.move, 25);
}

TEST(Replay, RefusesASetupGameCannotPlay) {
  EXPECT_THROW(replay(withMoves({{7, 7}}, 20), Rule::Renju), RecordError);
  EXPECT_THROW(replay(withMoves({}, 3), Rule::Freestyle), RecordError);
  EXPECT_STREQ(replayEndName(ReplayEnd::AfterEnd), "after-end");
}
