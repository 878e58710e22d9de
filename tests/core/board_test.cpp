#include <gtest/gtest.h>

#include <stdexcept>

#include "common/diagram.h"
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

// The test diagrams (common/diagram.h) and the Board printer (common/print.h) the rule tests rely
// on.
TEST(Diagram, RawStringRowsTopFirstSpacesAndBlankEdgesIgnored) {
  // clang-format off
  const char* text = R"(

      X . . . O
      . . . . .
      . . * a .
      .....
      O . . . X

  )";
  // clang-format on
  const Board b = gomoku::test::fromDiagram(text);
  ASSERT_EQ(b.size(), 5);
  EXPECT_EQ(b.stoneCount(), 4);
  EXPECT_EQ(b.at({0, 0}), Stone::Black);
  EXPECT_EQ(b.at({4, 0}), Stone::White);
  EXPECT_EQ(b.at({0, 4}), Stone::White);
  EXPECT_EQ(b.at({4, 4}), Stone::Black);
  EXPECT_EQ(b.at({2, 2}), Stone::Empty) << "a mark is an empty point";
  EXPECT_EQ(gomoku::test::markIn(text, '*'), (Point{2, 2}));
  EXPECT_EQ(gomoku::test::markIn(text, 'a'), (Point{3, 2}));
  EXPECT_THROW(gomoku::test::markIn(text, 'b'), std::invalid_argument);
  // The vector form reads the same board.
  EXPECT_EQ(gomoku::test::fromDiagram({"X...O", ".....", "..*a.", ".....", "O...X"}), b);
}

TEST(Diagram, MistakesInADiagramThrow) {
  using gomoku::test::fromDiagram;
  EXPECT_THROW(fromDiagram(". . . . .\n. . . . .\n. . . .\n. . . . .\n. . . . ."),
               std::invalid_argument)
      << "short row";
  EXPECT_THROW(fromDiagram(". . . . .\n. . . . .\n\n. . . . .\n. . . . ."), std::invalid_argument)
      << "blank line inside";
  EXPECT_THROW(fromDiagram(". . . . .\n. . x . .\n. . . . .\n. . . . .\n. . . . ."),
               std::invalid_argument)
      << "lowercase x is no stone";
  EXPECT_THROW(fromDiagram(". . . .\n. . . .\n. . . .\n. . . ."), std::invalid_argument)
      << "4x4 is smaller than any board";
}

TEST(Diagram, PrintToWritesABoardThatReadsBack) {
  Board b(6);
  b.set({0, 0}, Stone::Black);
  b.set({5, 1}, Stone::White);
  b.set({2, 4}, Stone::Black);
  const std::string printed = testing::PrintToString(b);
  EXPECT_EQ(printed,
            "6x6 board:\n"
            "    X . . . . .\n"
            "    . . . . . O\n"
            "    . . . . . .\n"
            "    . . . . . .\n"
            "    . . X . . .\n"
            "    . . . . . .\n");
  EXPECT_EQ(gomoku::test::fromDiagram(printed.substr(printed.find('\n')).c_str()), b);
  EXPECT_EQ(testing::PrintToString(Point{3, 4}), "(3,4)");
}
