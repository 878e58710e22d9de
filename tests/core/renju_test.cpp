// Renju forbidden points (RIF rules): diagrams, cases C03 (renju part), C04 and C19(a) of
// ../shared/cases/bug-reports-1.md, the 71 positions of ../shared/data/renju_forbidden_cases.txt,
// RIF's definition of a three (no five at the same time) and a comparison with a slow reference
// written from the RIF definitions over random dense positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <utility>

#include "common/diagram.h"
#include "core/game.h"
#include "core/notation.h"
#include "core/renju.h"

using namespace gomoku;
using gomoku::test::fromDiagram;
using gomoku::test::markIn;

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
    const char* diagram;  // '*' marks the point to judge (empty on the board)
    Forbidden expected;
  };
  // clang-format off
  const std::vector<Case> cases = {
      {"double-three", R"(
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . X X * . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
       )", Forbidden::DoubleThree},
      {"four-three is allowed", R"(
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . X X X * . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
       )", Forbidden::None},
      {"double-four on two lines", R"(
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . X X X * . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
       )", Forbidden::DoubleFour},
      {"overline", R"(
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . X X X * X X . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
       )", Forbidden::Overline},
      {"exactly five wins even with a double-three elsewhere", R"(
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . X X X * X . . . . . . .
         . . . . . . X . . . . . . . .
         . . . . . X . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
       )", Forbidden::None},
      {"a three blocked by White is no three", R"(
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . O . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . X X * . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
       )", Forbidden::None},
  };
  // clang-format on
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    const Board b = fromDiagram(c.diagram);
    const Point star = markIn(c.diagram, '*');
    EXPECT_EQ(renjuForbidden(b, star), c.expected)
        << forbiddenName(renjuForbidden(b, star)) << " at " << testing::PrintToString(star)
        << " on " << testing::PrintToString(b);
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
    // clang-format off
    const char* diagram = R"(
      . . . . . . . . . . . . . . .
      . . . . . . . . . . . . . . .
      . . . . . . . . . . . . . . .
      . . . . . . . . . . . . . . .
      . . . . . . . . . . . . . . .
      . . . . . . . . . . . . . . .
      . . . . . . . . . . . . . . .
      . . . X X . X * . X X . . . .
      . . . . . . . . . . . . . . .
      . . . . . . . . . . . . . . .
      . . . . . . . . . . . . . . .
      . . . . . . . . . . . . . . .
      . . . . . . . . . . . . . . .
      . . . . . . . . . . . . . . .
      . . . . . . . . . . . . . . .
    )";
    // clang-format on
    ASSERT_EQ(markIn(diagram, '*'), (Point{7, 7}));
    EXPECT_EQ(renjuForbidden(fromDiagram(diagram), {7, 7}), Forbidden::DoubleFour) << "C04(a2)";
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
            "double-three at G9 is forbidden for Black");
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
      "White wins: Black played a forbidden point (double-three at H8 is forbidden for Black).");
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

// A slow reference for the renju forbidden points, written straight from the RIF definitions
// and sharing no code with src/core/renju.cpp (no prefilter, no bit masks, no offsets tables):
// - five: exactly five black stones in a row; overline: six or more;
// - four: four black stones that one more stone turns into a five; two fours are different
//   when their stones differ (so _XXXX_ is one four, X.XXX.X two);
// - straight four: four in a row that a stone at either end turns into a five;
// - three: three stones that one more stone turns into a straight four, "without at the same
//   time a five in a row is made" (the clause can be switched off, to show that the tests
//   reach it), where that stone must itself be allowed (RIF 9.3; checked recursively);
// - a move is forbidden when it makes an overline, two fours or two threes, unless it makes a
//   five.
namespace {

class ReferenceRenju {
 public:
  explicit ReferenceRenju(const Board& b, bool fiveClause = true)
      : b_(b), fiveClause_(fiveClause) {}

  Forbidden verdict(Point p) {
    b_.set(p, Stone::Black);
    Forbidden f = Forbidden::None;
    if (!makesFive(p)) {
      int fours = 0, threes = 0;
      bool overline = false;
      for (Point d : kDirs) {
        overline = overline || runLength(p, d) >= 6;
        fours += foursAlong(p, d);
      }
      if (overline) {
        f = Forbidden::Overline;
      } else if (fours >= 2) {
        f = Forbidden::DoubleFour;
      } else {
        for (Point d : kDirs) threes += isThreeAlong(p, d) ? 1 : 0;
        if (threes >= 2) f = Forbidden::DoubleThree;
      }
    }
    b_.set(p, Stone::Empty);
    return f;
  }

 private:
  static constexpr Point kDirs[4] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  static Point at(Point p, Point d, int k) { return {p.x + k * d.x, p.y + k * d.y}; }
  bool isBlack(Point q) const { return b_.inside(q) && b_.at(q) == Stone::Black; }
  bool isEmpty(Point q) const { return b_.inside(q) && b_.at(q) == Stone::Empty; }

  // Black stones in an unbroken row through the black stone p along d.
  int runLength(Point p, Point d) const {
    int n = 1;
    for (int k = 1; isBlack(at(p, d, k)); ++k) ++n;
    for (int k = -1; isBlack(at(p, d, k)); --k) ++n;
    return n;
  }
  bool makesFive(Point p) const {
    for (Point d : kDirs)
      if (runLength(p, d) == 5) return true;
    return false;
  }

  // The fours through the black stone p along d: each stretch of five points holding p, four
  // black stones and one empty point that turns them into exactly five; counted by their sets
  // of four stones (bit i = offset i - 4 from p).
  int foursAlong(Point p, Point d) {
    std::set<unsigned> stoneSets;
    for (int start = -4; start <= 0; ++start) {
      int blacks = 0, empties = 0;
      Point gap{};
      unsigned stones = 0;
      for (int k = start; k < start + 5; ++k) {
        const Point q = at(p, d, k);
        if (isBlack(q)) {
          ++blacks;
          stones |= 1u << (k + 4);
        } else if (isEmpty(q)) {
          ++empties;
          gap = q;
        }
      }
      if (blacks != 4 || empties != 1) continue;
      b_.set(gap, Stone::Black);
      if (runLength(gap, d) == 5) stoneSets.insert(stones);
      b_.set(gap, Stone::Empty);
    }
    return static_cast<int>(stoneSets.size());
  }

  // Is the row through p along d, with q just added, a straight four holding p and q?
  bool straightFourWith(Point p, Point d, Point q) {
    int lo = 0, hi = 0;
    while (isBlack(at(p, d, lo - 1))) --lo;
    while (isBlack(at(p, d, hi + 1))) ++hi;
    if (hi - lo + 1 != 4) return false;
    bool holdsQ = false;
    for (int k = lo; k <= hi; ++k) holdsQ = holdsQ || at(p, d, k) == q;
    if (!holdsQ) return false;
    for (Point end : {at(p, d, lo - 1), at(p, d, hi + 1)}) {
      if (!isEmpty(end)) return false;
      b_.set(end, Stone::Black);
      const bool five = runLength(end, d) == 5;
      b_.set(end, Stone::Empty);
      if (!five) return false;
    }
    return true;
  }

  // Is there a three through the black stone p along d?
  bool isThreeAlong(Point p, Point d) {
    for (int k = -5; k <= 5; ++k) {
      const Point q = at(p, d, k);
      if (k == 0 || !isEmpty(q)) continue;
      b_.set(q, Stone::Black);
      const bool straight = straightFourWith(p, d, q);
      const bool five = makesFive(q);
      b_.set(q, Stone::Empty);
      if (!straight || (fiveClause_ && five)) continue;
      if (verdict(q) == Forbidden::None) return true;
    }
    return false;
  }

  Board b_;
  bool fiveClause_;
};

// A random position: 9x9 to 15x15, 20-44 % black and 5-24 % white stones at random points,
// dense enough for fours, threes and forbidden points everywhere. mt19937's output is fixed by
// the standard, so the positions are the same on every platform.
Board randomDensePosition(std::mt19937& rng) {
  Board b(9 + static_cast<int>(rng() % 7));
  const unsigned black = 20 + rng() % 25, white = 5 + rng() % 20;
  for (int y = 0; y < b.size(); ++y)
    for (int x = 0; x < b.size(); ++x) {
      const unsigned r = rng() % 100;
      if (r < black)
        b.set({x, y}, Stone::Black);
      else if (r < black + white)
        b.set({x, y}, Stone::White);
    }
  return b;
}

std::vector<Point> emptyPoints(const Board& b) {
  std::vector<Point> out;
  for (int y = 0; y < b.size(); ++y)
    for (int x = 0; x < b.size(); ++x)
      if (b.at({x, y}) == Stone::Empty) out.push_back({x, y});
  return out;
}

// renjuForbidden at every empty point agrees with renjuForbiddenPoints; returns the number of
// points that disagree (each reported).
int entryPointMismatches(const Board& b) {
  const std::vector<Point> whole = renjuForbiddenPoints(b);
  std::set<std::pair<int, int>> set;
  for (Point p : whole) set.insert({p.x, p.y});
  EXPECT_EQ(set.size(), whole.size()) << "a point listed twice";
  int mismatches = 0;
  for (Point p : emptyPoints(b)) {
    const Forbidden single = renjuForbidden(b, p);
    if ((single != Forbidden::None) != set.count({p.x, p.y})) {
      ++mismatches;
      ADD_FAILURE() << "renjuForbidden says " << forbiddenName(single) << " at "
                    << testing::PrintToString(p) << ", renjuForbiddenPoints "
                    << (set.count({p.x, p.y}) ? "lists it" : "does not") << " on "
                    << testing::PrintToString(b);
    }
  }
  return mismatches;
}

// renjuForbidden agrees with the reference at every empty point; returns the disagreements.
int referenceMismatches(const Board& b) {
  int mismatches = 0;
  for (Point p : emptyPoints(b)) {
    const Forbidden fast = renjuForbidden(b, p), slow = ReferenceRenju(b).verdict(p);
    if (fast != slow) {
      ++mismatches;
      ADD_FAILURE() << "renjuForbidden says " << forbiddenName(fast) << ", the reference "
                    << forbiddenName(slow) << " at " << testing::PrintToString(p) << " on "
                    << testing::PrintToString(b);
    }
  }
  return mismatches;
}

}  // namespace
// ---------------------------------------------------------------------------------------------
// RIF's three: "A row with three stones to which you, without at the same time a five in a row
// is made, can add one more stone to attain a straight four." A three whose only straight-four
// points make a five (the completion point of a four Black already has) is no three.
//
// Where the five comes from: the straight-four point q lies on the three's line through the
// move p; a five made by q on that same line would be the straight four itself, which is a run
// of exactly four, so the five is on another line through q, which does not pass through p.
// At the top level it is therefore always a four that was on the board before p. One level
// down (is q allowed, with p on the board?) it can be a four that p made (case "p's own four").
// In the diagrams '*' is the move judged; lowercase letters name other points (all empty).

namespace {

struct ClauseCase {
  const char* name;
  const char* diagram;
  // Verdicts on the marked points of the diagram, with everything else as drawn.
  std::vector<std::pair<char, Forbidden>> expected;
  // The verdict on '*' if the clause is ignored (what the checker said before it applied it),
  // computed by the reference with the clause off: shows what each case is about.
  Forbidden withoutClause;
};

// clang-format off
const std::vector<ClauseCase> kClauseCases = {
    // 1. Black has a four in column h (h10-h13, blocked by White at h14); its five point is a.
    //    '*' makes two "threes": the row a* with f9 g9 (X X a * : only straight-four point a,
    //    which also makes the five in column h: no three) and the diagonal * j10 k11 (an open
    //    three, its points h8 and l12 are allowed: a real three). One three: allowed. a is a five.
    {"a four on the board: its five point is no straight-four point", R"(
         . . . . . . . . . . . . . . .
         . . . . . . . O . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . X . . . .
         . . . . . . . X . X . . . . .
         . . . . . X X a * . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
       )",
     {{'*', Forbidden::None}, {'a', Forbidden::None}}, Forbidden::DoubleThree},
    // 2. As 1 with j8 added: '*' also makes the diagonal h10 * j8, an open three (points g11
    //    and k7, both allowed). Two real threes besides the false one: double-three.
    {"two real threes besides the false one", R"(
         . . . . . . . . . . . . . . .
         . . . . . . . O . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . X . . . .
         . . . . . . . X . X . . . . .
         . . . . . X X a * . . . . . .
         . . . . . . . . . X . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
       )",
     {{'*', Forbidden::DoubleThree}}, Forbidden::DoubleThree},
    // 3. The row three * j9 k9 is open: straight-four points a (makes the five in column h: does
    //    not count) and b (allowed: a straight four and nothing else). b keeps the three real;
    //    with the diagonal three * j10 k11: double-three.
    {"an open three keeps its other straight-four point", R"(
         . . . . . . . . . . . . . . .
         . . . . . . . O . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . X . . . .
         . . . . . . . X . X . . . . .
         . . . . . . . a * X X b . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
       )",
     {{'*', Forbidden::DoubleThree}, {'b', Forbidden::None}}, Forbidden::DoubleThree},
    // 4. As 1, and '*' also makes a four in column i (i8 i7 i6, White at i5; five point
    //    b). A four, the false three and one real three: four-three, allowed. Without the
    //    clause it was judged a double-three (four-three-three).
    {"the move's four, a false three and a real three", R"(
         . . . . . . . . . . . . . . .
         . . . . . . . O . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . X . . . .
         . . . . . . . X b X . . . . .
         . . . . . X X a * . . . . . .
         . . . . . . . . X . . . . . .
         . . . . . . . . X . . . . . .
         . . . . . . . . X . . . . . .
         . . . . . . . . O . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
       )",
     {{'*', Forbidden::None}, {'a', Forbidden::None}}, Forbidden::DoubleThree},
    // 5. As 4 with the diagonal made a four (j10 k11 l12, White at m13): two fours, the false
    //    three does not matter: double-four either way.
    {"double-four beside a false three", R"(
         . . . . . . . . . . . . . . .
         . . . . . . . O . . . . . . .
         . . . . . . . X . . . . O . .
         . . . . . . . X . . . X . . .
         . . . . . . . X . . X . . . .
         . . . . . . . X . X . . . . .
         . . . . . X X a * . . . . . .
         . . . . . . . . X . . . . . .
         . . . . . . . . X . . . . . .
         . . . . . . . . X . . . . . .
         . . . . . . . . O . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
       )",
     {{'*', Forbidden::DoubleFour}}, Forbidden::DoubleFour},
    // 6. a makes the five in column h and at the same time six on the diagonal e12-j7. A five
    //    (a five beside an overline still wins), so a is no straight-four point of the row a*:
    //    one three (the diagonal * j10 k11), allowed. Without the clause a counted, as a five
    //    is never forbidden: double-three.
    {"the straight-four point makes a five and an overline", R"(
         . . . . . . . . . . . . . . .
         . . . . . . . O . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . X . . X . . . . . . .
         . . . . . X . X . . X . . . .
         . . . . . . X X . X . . . . .
         . . . . . X X a * . . . . . .
         . . . . . . . . X . . . . . .
         . . . . . . . . . X . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
       )",
     {{'*', Forbidden::None}, {'a', Forbidden::None}}, Forbidden::DoubleThree},
    // 7. No four on the board; a makes six on the diagonal e12-j7 and no five. An overline is
    //    no five, so the clause does not apply, but a is forbidden (overline), so the row a* is
    //    no three either: allowed, with or without the clause.
    {"the straight-four point makes only an overline", R"(
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . X . . . . . . . . . .
         . . . . . X . . . . X . . . .
         . . . . . . X . . X . . . . .
         . . . . . X X a * . . . . . .
         . . . . . . . . X . . . . . .
         . . . . . . . . . X . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
       )",
     {{'*', Forbidden::None}, {'a', Forbidden::Overline}}, Forbidden::None},
    // 8. Two false threes: the row a* (a completes the four h10-h13) and the column * i8 b i6
    //    (b completes the four j7-m7, White at n7). No three at all: allowed. Both a and b are
    //    fives.
    {"two false threes, two different fours", R"(
         . . . . . . . . . . . . . . .
         . . . . . . . O . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . X X a * . . . . . .
         . . . . . . . . X . . . . . .
         . . . . . . . . b X X X X O .
         . . . . . . . . X . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
       )",
     {{'*', Forbidden::None}, {'a', Forbidden::None}, {'b', Forbidden::None}},
     Forbidden::DoubleThree},
    // 9. The four on the board is split: f11 g10 _ i8 j7 on the diagonal, five point a. Row a*:
    //    false three; diagonal * j10 k11: real. Allowed.
    {"a split four's gap is no straight-four point", R"(
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . X . . . . X . . . .
         . . . . . . X . . X . . . . .
         . . . . . X X a * . . . . . .
         . . . . . . . . X . . . . . .
         . . . . . . . . . X . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
       )",
     {{'*', Forbidden::None}, {'a', Forbidden::None}}, Forbidden::DoubleThree},
    // 10. As 1 with the column i made six by '*' (i4-i8 black): overline, whatever the threes.
    {"overline beside a false three", R"(
         . . . . . . . . . . . . . . .
         . . . . . . . O . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . X . . . .
         . . . . . . . X . X . . . . .
         . . . . . X X a * . . . . . .
         . . . . . . . . X . . . . . .
         . . . . . . . . X . . . . . .
         . . . . . . . . X . . . . . .
         . . . . . . . . X . . . . . .
         . . . . . . . . X . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
       )",
     {{'*', Forbidden::Overline}}, Forbidden::Overline},
    // 11. One level down. '*' makes the row * q j8 k8 (only straight-four point q) and the open
    //     three h9 h10 * in column h (point h7 is a four plus the three h7 i7 j7: allowed).
    //     Is q allowed, with '*' on the board? q makes the straight four of the row, the open
    //     three h9 q j7 on the diagonal (real: its point k6 is allowed) and the column q i7 r
    //     i5, whose only straight-four point r completes the four j5 k4 l3 m2 (White at n1):
    //     no three. So q is a four-three, allowed, the row is a real three, and '*' is a
    //     double-three. Without the clause q was a double-three itself and '*' was allowed.
    {"one level down: the false three makes a straight-four point allowed", R"(
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . * q X X . . . .
         . . . . . . . . X X . . . . .
         . . . . . . . . r . . . . . .
         . . . . . . . . X X . . . . .
         . . . . . . . . . . X . . . .
         . . . . . . . . . . . X . . .
         . . . . . . . . . . . . X . .
         . . . . . . . . . . . . . O .
       )",
     {{'*', Forbidden::DoubleThree}}, Forbidden::None},
    // 12. As 11, and '*' also makes the four f10 g9 * i7 on the diagonal (White at e11; five
    //     point j6): four-three-three, forbidden. Without the clause: four-three, allowed.
    {"one level down: a four-three-three that was missed", R"(
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . O . . . . . . . . . .
         . . . . . X . X . . . . . . .
         . . . . . . X X . . . . . . .
         . . . . . . . * q X X . . . .
         . . . . . . . . X X . . . . .
         . . . . . . . . r . . . . . .
         . . . . . . . . X X . . . . .
         . . . . . . . . . . X . . . .
         . . . . . . . . . . . X . . .
         . . . . . . . . . . . . X . .
         . . . . . . . . . . . . . O .
       )",
     {{'*', Forbidden::DoubleThree}}, Forbidden::None},
    // 13. The move's own four, one level down. '*' makes the four e11 f10 g9 * (White at d12;
    //     five point r), the row * q j8 k8 (only point q) and the open three h9 h10 * (its
    //     point h11 is allowed). With '*' on the board, q makes the straight four of the row,
    //     the open three q j9 k10 on the anti-diagonal (point l11 allowed) and the column q r
    //     i6 i5, whose only straight-four point r completes the four of '*': no three. q is a
    //     four-three, allowed; '*' is four-three-three: forbidden.
    {"one level down: the move's own four makes a three false", R"(
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . O . . . . . . . . . . .
         . . . . X . . . . . . . . . .
         . . . . . X . X . . X . . . .
         . . . . . . X X . X . . . . .
         . . . . . . . * q X X . . . .
         . . . . . . . . r . . . . . .
         . . . . . . . . X . . . . . .
         . . . . . . . . X . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
       )",
     {{'*', Forbidden::DoubleThree}}, Forbidden::None},
};
// clang-format on

}  // namespace

TEST(Renju, RifThreeMakesNoFiveAtTheSameTime) {
  for (const ClauseCase& c : kClauseCases) {
    SCOPED_TRACE(c.name);
    const Board b = fromDiagram(c.diagram);
    for (const auto& [mark, verdict] : c.expected) {
      const Point p = markIn(c.diagram, mark);
      EXPECT_EQ(renjuForbidden(b, p), verdict)
          << "at '" << mark << "' " << testing::PrintToString(p) << ": "
          << forbiddenName(renjuForbidden(b, p));
      EXPECT_EQ(ReferenceRenju(b).verdict(p), verdict) << "reference, at '" << mark << "'";
    }
    const Point star = markIn(c.diagram, '*');
    EXPECT_EQ(ReferenceRenju(b, /*fiveClause=*/false).verdict(star), c.withoutClause);
    // Every other point of the diagram: both entry points and the reference agree.
    EXPECT_EQ(entryPointMismatches(b), 0);
    EXPECT_EQ(referenceMismatches(b), 0);
  }
}

TEST(Renju, SinglePointAndWholePositionAgreeOnRandomDensePositions) {
  std::mt19937 rng(20260);
  int forbidden = 0, mismatches = 0;
  for (int i = 0; i < 4000 && mismatches < 5; ++i) {
    const Board b = randomDensePosition(rng);
    forbidden += static_cast<int>(renjuForbiddenPoints(b).size());
    mismatches += entryPointMismatches(b);
  }
  EXPECT_EQ(mismatches, 0);
  EXPECT_GT(forbidden, 10000) << "the positions should be full of forbidden points";
  RecordProperty("forbidden", forbidden);
}

// The fast checker against the reference. The counts show that the positions reach every
// verdict, and that the clause "without at the same time a five" decides some of them (the
// reference with the clause off disagrees there).
TEST(Renju, MatchesTheRifReferenceOnRandomDensePositions) {
  std::mt19937 rng(1996);
  int counts[4] = {0, 0, 0, 0};
  int clauseDecides = 0, mismatches = 0;
  for (int i = 0; i < 2000 && mismatches < 5; ++i) {
    const Board b = randomDensePosition(rng);
    for (Point p : emptyPoints(b)) {
      const Forbidden fast = renjuForbidden(b, p), slow = ReferenceRenju(b).verdict(p);
      ++counts[static_cast<int>(slow)];
      clauseDecides += ReferenceRenju(b, /*fiveClause=*/false).verdict(p) != slow;
      if (fast != slow) {
        ++mismatches;
        ADD_FAILURE() << "renjuForbidden says " << forbiddenName(fast) << ", the reference "
                      << forbiddenName(slow) << " at " << testing::PrintToString(p) << " on "
                      << testing::PrintToString(b);
      }
    }
  }
  EXPECT_EQ(mismatches, 0);
  EXPECT_GT(counts[static_cast<int>(Forbidden::Overline)], 0);
  EXPECT_GT(counts[static_cast<int>(Forbidden::DoubleFour)], 0);
  EXPECT_GT(counts[static_cast<int>(Forbidden::DoubleThree)], 0);
  EXPECT_GT(clauseDecides, 0);
  RecordProperty("overline", counts[1]);
  RecordProperty("double_four", counts[2]);
  RecordProperty("double_three", counts[3]);
  RecordProperty("decided_by_the_five_clause", clauseDecides);
}
