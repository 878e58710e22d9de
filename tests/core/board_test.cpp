#include <gtest/gtest.h>

#include <stdexcept>

#include "core/board.h"

using namespace gomoku;

TEST(Board, SizesOutsideFiveToTwentyFiveAreRefused) {
  EXPECT_THROW(Board(4), std::invalid_argument);
  EXPECT_THROW(Board(26), std::invalid_argument);
  EXPECT_NO_THROW(Board(5));
  EXPECT_NO_THROW(Board(25));
  EXPECT_EQ(Board().size(), 15);
}

TEST(Board, InsideCoversExactlyTheGrid) {
  Board b(15);
  EXPECT_TRUE(b.inside({0, 0}));
  EXPECT_TRUE(b.inside({14, 14}));
  EXPECT_FALSE(b.inside({15, 0}));
  EXPECT_FALSE(b.inside({0, 15}));
  EXPECT_FALSE(b.inside({-1, 0}));
  EXPECT_FALSE(b.inside({0, -1}));
  EXPECT_EQ(b.atOrEmpty({-1, -1}), Stone::Empty);
}

TEST(Board, StoneCountFollowsSetAndClear) {
  Board b(5);
  b.set({1, 1}, Stone::Black);
  b.set({1, 1}, Stone::White);  // replacing keeps the count
  b.set({2, 2}, Stone::Black);
  EXPECT_EQ(b.stoneCount(), 2);
  b.set({1, 1}, Stone::Empty);
  EXPECT_EQ(b.stoneCount(), 1);
  EXPECT_FALSE(b.full());
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 5; ++x) b.set({x, y}, Stone::Black);
  EXPECT_TRUE(b.full());
}

TEST(Board, EqualityComparesEveryPoint) {
  Board a(15), b(15);
  EXPECT_EQ(a, b);
  a.set({3, 4}, Stone::White);
  EXPECT_FALSE(a == b);
  b.set({3, 4}, Stone::White);
  EXPECT_EQ(a, b);
  EXPECT_FALSE(Board(15) == Board(16));
}
