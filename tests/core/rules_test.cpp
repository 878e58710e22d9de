// Rule tables written as diagrams (X Black, O White, . empty; row 0 on top; see common/diagram.h).
#include <gtest/gtest.h>

#include "common/diagram.h"
#include "core/rules.h"

using namespace gomoku;
using gomoku::test::fromDiagram;

namespace {

struct WinCase {
  const char* name;
  const char* diagram;
  Point last;
  int freestyle;  // expected winning-line length under freestyle (0 = no win)
  int standard;   // under standard
};

// clang-format off
const std::vector<WinCase> kWinCases = {
    {"open five horizontal", R"(
       . . . . . . .
       . X X X X X .
       . . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .
     )",
     {3, 1}, 5, 5},
    {"four is not a win", R"(
       . . . . . . .
       . X X X X . .
       . . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .
     )",
     {1, 1}, 0, 0},
    {"overline of six", R"(
       . . . . . . .
       X X X X X X .
       . . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .
     )",
     {2, 1}, 6, 0},
    {"overline of seven", R"(
       . . . . . . .
       . . . . . . .
       X X X X X X X
       . . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .
     )",
     {6, 2}, 7, 0},
    {"vertical five", R"(
       . . . O . . .
       . . . O . . .
       . . . O . . .
       . . . O . . .
       . . . O . . .
       . . . . . . .
       . . . . . . .
     )",
     {3, 4}, 5, 5},
    {"diagonal five", R"(
       X . . . . . .
       . X . . . . .
       . . X . . . .
       . . . X . . .
       . . . . X . .
       . . . . . . .
       . . . . . . .
     )",
     {2, 2}, 5, 5},
    {"anti-diagonal five", R"(
       . . . . . . O
       . . . . . O .
       . . . . O . .
       . . . O . . .
       . . O . . . .
       . . . . . . .
       . . . . . . .
     )",
     {2, 4}, 5, 5},
    {"broken line is not five", R"(
       . . . . . . .
       X X . X X X .
       . . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .
     )",
     {5, 1}, 0, 0},
    {"mixed colours do not join", R"(
       . . . . . . .
       X X X X O X .
       . . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .
     )",
     {3, 1}, 0, 0},
    {"overline in one line, exact five in another: standard wins on the five", R"(
       X . . . . . .
       X . . . . . .
       X . . . . . .
       X . . . . . .
       X X X X X X .
       . . . . . . .
       . . . . . . .
     )",
     {0, 4}, 6, 5},
};
// clang-format on

}  // namespace

TEST(Rules, DiagramTable) {
  for (const auto& c : kWinCases) {
    SCOPED_TRACE(c.name);
    const Board b = fromDiagram(c.diagram);
    EXPECT_EQ(static_cast<int>(winningLine(b, c.last, Rule::Freestyle).size()), c.freestyle)
        << testing::PrintToString(b);
    EXPECT_EQ(static_cast<int>(winningLine(b, c.last, Rule::Standard).size()), c.standard)
        << testing::PrintToString(b);
  }
}

TEST(Rules, WinningLineListsTheStonesInBoardOrder) {
  const Board b = fromDiagram(R"(
      . . . . .
      . . . . .
      X X X X X
      . . . . .
      . . . . .
    )");
  const auto line = winningLine(b, {4, 2}, Rule::Freestyle);
  ASSERT_EQ(line.size(), 5u);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(line[static_cast<std::size_t>(i)], (Point{i, 2}));
}

TEST(Rules, EmptyOrOffBoardPointIsNoWin) {
  const Board b(15);
  EXPECT_TRUE(winningLine(b, {7, 7}, Rule::Freestyle).empty());
  EXPECT_TRUE(winningLine(b, {-1, 7}, Rule::Freestyle).empty());
  EXPECT_EQ(runLength(b, {7, 7}, {1, 0}), 0);
}

TEST(Rules, RenjuWinConditionIsExactFiveForBlackAndFivePlusForWhite) {
  const Board black6 = fromDiagram(R"(
      . . . . . .
      X X X X X X
      . . . . . .
      . . . . . .
      . . . . . .
      . . . . . .
    )");
  EXPECT_TRUE(winningLine(black6, {0, 1}, Rule::Renju).empty());
  const Board white6 = fromDiagram(R"(
      . . . . . .
      O O O O O O
      . . . . . .
      . . . . . .
      . . . . . .
      . . . . . .
    )");
  EXPECT_EQ(winningLine(white6, {0, 1}, Rule::Renju).size(), 6u);
}

TEST(Rules, NamesParseBothWays) {
  for (Rule r : {Rule::Freestyle, Rule::Standard, Rule::Renju})
    EXPECT_EQ(parseRule(ruleName(r)), r);
  EXPECT_EQ(parseRule("FreeStyle"), Rule::Freestyle);
  EXPECT_FALSE(parseRule("caro").has_value());
  EXPECT_TRUE(ruleSupported(Rule::Freestyle));
  EXPECT_TRUE(ruleSupported(Rule::Standard));
  EXPECT_TRUE(ruleSupported(Rule::Renju));
}
