// Renju forbidden points (RIF rules): diagrams, cases C03 (renju part), C04 and C19(a) of
// ../shared/cases/bug-reports-1.md, and the 71 positions of
// ../shared/data/renju_forbidden_cases.txt.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "core/game.h"
#include "core/notation.h"
#include "core/renju.h"
#include "diagram.h"

using namespace gomoku;
using gomoku::test::fromDiagram;

namespace {

// Plays the moves alternately, Black first; fails at the first refusal.
void playAll(Game& g, const std::vector<Point>& moves) {
  for (const Point& p : moves) ASSERT_EQ(g.play(p), MoveError::None) << toXY(p);
}

// A 15x15 board with black stones `black` and white stones `white`.
Board position(const std::vector<Point>& black, const std::vector<Point>& white = {}) {
  Board b(15);
  for (Point p : black) b.set(p, Stone::Black);
  for (Point p : white) b.set(p, Stone::White);
  return b;
}

}  // namespace

TEST(Renju, DiagramTable) {
  struct Case {
    const char* name;
    std::vector<std::string> rows;  // '*' marks the point to judge (empty on the board)
    Forbidden expected;
  };
  const std::vector<Case> cases = {
      {"double-three",
       {"...............", "...............", "...............", "...............",
        "...............", ".......X.......", ".......X.......", ".....XX*.......",
        "...............", "...............", "...............", "...............",
        "...............", "...............", "..............."},
       Forbidden::DoubleThree},
      {"four-three is allowed",
       {"...............", "...............", "...............", "...............",
        "...............", ".......X.......", ".......X.......", "....XXX*.......",
        "...............", "...............", "...............", "...............",
        "...............", "...............", "..............."},
       Forbidden::None},
      {"double-four on two lines",
       {"...............", "...............", "...............", "...............",
        ".......X.......", ".......X.......", ".......X.......", "....XXX*.......",
        "...............", "...............", "...............", "...............",
        "...............", "...............", "..............."},
       Forbidden::DoubleFour},
      {"overline",
       {"...............", "...............", "...............", "...............",
        "...............", "...............", "...............", "..XXX*XX.......",
        "...............", "...............", "...............", "...............",
        "...............", "...............", "..............."},
       Forbidden::Overline},
      {"exactly five wins even with a double-three elsewhere",
       {"...............", "...............", "...............", "...............",
        "...............", ".......X.......", ".......X.......", "...XXX*X.......",
        "......X........", ".....X.........", "...............", "...............",
        "...............", "...............", "..............."},
       Forbidden::None},
      {"a three blocked by White is no three",
       {"...............", "...............", "...............", "...............",
        ".......O.......", ".......X.......", ".......X.......", ".....XX*.......",
        "...............", "...............", "...............", "...............",
        "...............", "...............", "..............."},
       Forbidden::None},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    Point star{-1, -1};
    std::vector<std::string> rows = c.rows;
    for (int y = 0; y < 15; ++y)
      for (int x = 0; x < 15; ++x)
        if (rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] == '*') {
          star = {x, y};
          rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] = '.';
        }
    ASSERT_NE(star.x, -1);
    EXPECT_EQ(renjuForbidden(fromDiagram(rows), star), c.expected)
        << forbiddenName(renjuForbidden(fromDiagram(rows), star));
  }
}

TEST(Renju, C03_BlackOverlineIsForbiddenAndWhiteOverlineWins) {
  const std::vector<Point> blackLine = {{3, 7}, {4, 7}, {5, 7}, {7, 7}, {8, 7}};
  const std::vector<Point> fillers = {{0, 0}, {2, 0}, {4, 0}, {6, 0}, {8, 0}, {10, 0}};
  Game g(15, Rule::Renju);
  for (std::size_t i = 0; i < blackLine.size(); ++i) {
    ASSERT_EQ(g.play(blackLine[i]), MoveError::None);
    ASSERT_EQ(g.play(fillers[i]), MoveError::None);
  }
  EXPECT_EQ(g.forbiddenAt({6, 7}), Forbidden::Overline);
  EXPECT_EQ(g.play({6, 7}), MoveError::Forbidden) << "C03 renju: six is forbidden for Black";
  EXPECT_EQ(g.toMove(), Stone::Black);
  EXPECT_EQ(g.board().at({6, 7}), Stone::Empty);
  // Colours swapped: White's six wins under renju.
  Game w(15, Rule::Renju);
  for (std::size_t i = 0; i < blackLine.size(); ++i) {
    ASSERT_EQ(w.play(fillers[i]), MoveError::None);
    ASSERT_EQ(w.play(blackLine[i]), MoveError::None);
  }
  ASSERT_EQ(w.play(fillers[5]), MoveError::None);
  ASSERT_EQ(w.play({6, 7}), MoveError::None);
  EXPECT_EQ(w.result().outcome, Outcome::WhiteWins) << "C03 swapped, renju";
  EXPECT_EQ(w.result().line.size(), 6u);
}

TEST(Renju, C04_SingleLineForbiddenMoves) {
  // (a) B(4,7) B(6,7) B(8,7) B(10,7), then (7,7): X.XXX.X, two fours on one line.
  {
    Game g(15, Rule::Renju);
    playAll(g, {{4, 7}, {0, 0}, {6, 7}, {2, 0}, {8, 7}, {4, 0}, {10, 7}, {6, 0}});
    EXPECT_EQ(g.forbiddenAt({7, 7}), Forbidden::DoubleFour) << "C04(a)";
    EXPECT_EQ(g.play({7, 7}), MoveError::Forbidden);
    Game free(15, Rule::Freestyle);
    playAll(free, {{4, 7}, {0, 0}, {6, 7}, {2, 0}, {8, 7}, {4, 0}, {10, 7}, {6, 0}, {7, 7}});
    EXPECT_EQ(free.result().outcome, Outcome::Ongoing) << "C04(a) is legal with renju off";
  }
  // (a2) XX.XX.XX: black (3,7),(4,7),(6,7),(9,7),(10,7), then (7,7).
  {
    const Board b = position({{3, 7}, {4, 7}, {6, 7}, {9, 7}, {10, 7}});
    EXPECT_EQ(renjuForbidden(b, {7, 7}), Forbidden::DoubleFour) << "C04(a2)";
  }
  // (b) a four plus a three is legal.
  {
    Game g(15, Rule::Renju);
    playAll(g, {{5, 7}, {0, 0}, {6, 7}, {2, 0}, {9, 7}, {4, 0}, {7, 8}, {6, 0}, {7, 9}, {8, 0}});
    EXPECT_EQ(g.forbiddenAt({7, 7}), Forbidden::None) << "C04(b)";
    EXPECT_EQ(g.play({7, 7}), MoveError::None);
  }
}

TEST(Renju, C19a_HumanClickOnADoubleThreeIsRefused) {
  Game g(15, Rule::Renju);
  playAll(g, {{7, 7}, {6, 5}, {5, 5}, {6, 4}, {5, 6}, {6, 3}, {7, 6}, {6, 2}, {6, 1}, {0, 0}});
  ASSERT_EQ(g.toMove(), Stone::Black);
  EXPECT_EQ(g.forbiddenAt({6, 6}), Forbidden::DoubleThree);
  const Board before = g.board();
  EXPECT_EQ(g.play({6, 6}), MoveError::Forbidden);
  EXPECT_EQ(g.board(), before);
  EXPECT_EQ(g.ply(), 10);
  EXPECT_EQ(g.refusalText({6, 6}, MoveError::Forbidden),
            "double-three at g9 is forbidden for Black");
  const auto all = g.forbiddenPoints();
  EXPECT_NE(std::find(all.begin(), all.end(), Point{6, 6}), all.end());
}

TEST(Renju, ForbiddenPointsOnlyForBlackToMove) {
  Game g(15, Rule::Renju);
  playAll(g, {{5, 7}, {0, 0}, {6, 7}, {2, 0}, {7, 5}, {4, 0}, {7, 6}});
  EXPECT_TRUE(g.forbiddenPoints().empty()) << "White to move: no forbidden points";
  EXPECT_EQ(g.forbiddenAt({7, 7}), Forbidden::None);
  EXPECT_EQ(g.play({7, 7}), MoveError::None) << "White may play Black's forbidden point";
  Game free(15, Rule::Freestyle);
  EXPECT_TRUE(free.forbiddenPoints().empty());
}

TEST(Renju, StrictPolicyMakesAForbiddenMoveLoseAndUndoReopens) {
  Game g(15, Rule::Renju, FoulPolicy::Lose);
  playAll(g, {{5, 7}, {0, 0}, {6, 7}, {2, 0}, {7, 5}, {4, 0}, {7, 6}, {6, 0}});
  ASSERT_EQ(g.play({7, 7}), MoveError::None);
  EXPECT_EQ(g.result().outcome, Outcome::WhiteWins);
  EXPECT_EQ(g.result().reason, EndReason::Foul);
  EXPECT_EQ(
      describeResult(g.result()),
      "White wins: Black played a forbidden point (double-three at h8 is forbidden for Black).");
  ASSERT_TRUE(g.undo());
  EXPECT_FALSE(g.over());
  EXPECT_EQ(g.toMove(), Stone::Black);
}

// The 71 positions gathered from other engines' unit tests (mintaka, realcore, alphagomoku,
// qpiskvork ...). Format in the file's header.
TEST(Renju, SharedForbiddenCases) {
  const std::string path = std::string(GOMOKU_SHARED_DIR) + "/data/renju_forbidden_cases.txt";
  std::ifstream in(path);
  if (!in) GTEST_SKIP() << "shared data not found at " << path << " (../shared is absent)";
  auto points = [](const std::string& text) {
    std::vector<Point> out;
    std::istringstream is(text);
    std::string t;
    while (is >> t) {
      auto p = parsePoint(t, 15);
      EXPECT_TRUE(p) << t;
      if (p) out.push_back(*p);
    }
    return out;
  };
  int cases = 0, checks = 0;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f;
    std::istringstream ls(line);
    for (std::string part; std::getline(ls, part, '|');) f.push_back(part);
    ASSERT_GE(f.size(), 6u) << line;
    SCOPED_TRACE(f[0]);
    ++cases;
    const Board b = position(points(f[2]), points(f[3]));
    std::set<std::pair<int, int>> expectedForbidden;
    std::istringstream cs(f[4]);
    for (std::string check; cs >> check;) {
      const auto eq = check.find('=');
      ASSERT_NE(eq, std::string::npos) << check;
      const auto p = parsePoint(check.substr(0, eq), 15);
      ASSERT_TRUE(p) << check;
      const bool forbidden = check.substr(eq + 1) == "F";
      if (forbidden) expectedForbidden.insert({p->x, p->y});
      EXPECT_EQ(renjuForbidden(b, *p) != Forbidden::None, forbidden)
          << check << " judged " << forbiddenName(renjuForbidden(b, *p));
      ++checks;
    }
    if (f[5] == "1") {  // the F list is the whole forbidden set of the position
      std::set<std::pair<int, int>> all;
      for (Point p : renjuForbiddenPoints(b)) all.insert({p.x, p.y});
      EXPECT_EQ(all, expectedForbidden);
    }
  }
  EXPECT_EQ(cases, 71);
  RecordProperty("checks", checks);
}
