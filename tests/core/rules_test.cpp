// Rule tables written as ASCII diagrams (X Black, O White, . empty; row 0 on top).
#include <gtest/gtest.h>

#include "core/rules.h"
#include "diagram.h"

using namespace gomoku;
using gomoku::test::fromDiagram;

namespace {

struct WinCase {
  const char* name;
  std::vector<std::string> rows;
  Point last;
  int freestyle;  // expected winning-line length under freestyle (0 = no win)
  int standard;   // under standard
};

const std::vector<WinCase> kWinCases = {
    {"open five horizontal",
     {".......", ".XXXXX.", ".......", ".......", ".......", ".......", "......."},
     {3, 1},
     5,
     5},
    {"four is not a win",
     {".......", ".XXXX..", ".......", ".......", ".......", ".......", "......."},
     {1, 1},
     0,
     0},
    {"overline of six",
     {".......", "XXXXXX.", ".......", ".......", ".......", ".......", "......."},
     {2, 1},
     6,
     0},
    {"overline of seven",
     {".......", ".......", "XXXXXXX", ".......", ".......", ".......", "......."},
     {6, 2},
     7,
     0},
    {"vertical five",
     {"...O...", "...O...", "...O...", "...O...", "...O...", ".......", "......."},
     {3, 4},
     5,
     5},
    {"diagonal five",
     {"X......", ".X.....", "..X....", "...X...", "....X..", ".......", "......."},
     {2, 2},
     5,
     5},
    {"anti-diagonal five",
     {"......O", ".....O.", "....O..", "...O...", "..O....", ".......", "......."},
     {2, 4},
     5,
     5},
    {"broken line is not five",
     {".......", "XX.XXX.", ".......", ".......", ".......", ".......", "......."},
     {5, 1},
     0,
     0},
    {"mixed colours do not join",
     {".......", "XXXXOX.", ".......", ".......", ".......", ".......", "......."},
     {3, 1},
     0,
     0},
    {"overline in one line, exact five in another: standard wins on the five",
     {"X......", "X......", "X......", "X......", "XXXXXX.", ".......", "......."},
     {0, 4},
     6,
     5},
};

}  // namespace

TEST(Rules, DiagramTable) {
  for (const auto& c : kWinCases) {
    SCOPED_TRACE(c.name);
    const Board b = fromDiagram(c.rows);
    EXPECT_EQ(static_cast<int>(winningLine(b, c.last, Rule::Freestyle).size()), c.freestyle);
    EXPECT_EQ(static_cast<int>(winningLine(b, c.last, Rule::Standard).size()), c.standard);
  }
}

TEST(Rules, WinningLineListsTheStonesInBoardOrder) {
  const Board b = fromDiagram({".....", ".....", "XXXXX", ".....", "....."});
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
  const Board black6 = fromDiagram({"......", "XXXXXX", "......", "......", "......", "......"});
  EXPECT_TRUE(winningLine(black6, {0, 1}, Rule::Renju).empty());
  const Board white6 = fromDiagram({"......", "OOOOOO", "......", "......", "......", "......"});
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
