// Point classes and the evaluation weights (src/ai/eval.h).

#include <gtest/gtest.h>

#include <random>
#include <set>

#include "ai/eval.h"
#include "ai/position.h"
#include "ai/search.h"

using namespace gomoku::ai;

TEST(Eval, APointsClassIsTheMultisetOfItsFourPatterns) {
  std::set<int> seen;
  for (int a = 0; a < 9; ++a)
    for (int b = 0; b < 9; ++b)
      for (int c = 0; c < 9; ++c)
        for (int d = 0; d < 9; ++d) {
          const int cls = pointClass(a, b, c, d);
          ASSERT_GE(cls, 0);
          ASSERT_LT(cls, kPointClasses);
          EXPECT_EQ(cls, pointClass(d, c, b, a));
          EXPECT_EQ(cls, pointClass(b, d, a, c));
          seen.insert(cls);
          const ClassInfo& ci = classInfo(cls);
          int n[9] = {};
          ++n[a], ++n[b], ++n[c], ++n[d];
          for (int p = 0; p < 9; ++p) ASSERT_EQ(ci.count[p], n[p]);
        }
  EXPECT_EQ(seen.size(), static_cast<std::size_t>(kPointClasses));
}

TEST(Eval, ClassFlagsNameTheThreats) {
  auto flags = [](int a, int b, int c, int d) { return classInfo(pointClass(a, b, c, d)).flags; };
  EXPECT_TRUE(flags(kFive, kNone, kNone, kNone) & Searcher::kFlagFive);
  EXPECT_TRUE(flags(kF4, kNone, kNone, kNone) & Searcher::kFlagWin4);
  EXPECT_TRUE(flags(kB4, kB4, kNone, kNone) & Searcher::kFlagWin4);
  EXPECT_FALSE(flags(kB4, kNone, kNone, kNone) & Searcher::kFlagWin4);
  EXPECT_TRUE(flags(kB4, kNone, kNone, kNone) & Searcher::kFlagFour);
  EXPECT_TRUE(flags(kB4, kF3, kNone, kNone) & Searcher::kFlagFourThree);
  EXPECT_TRUE(flags(kF3, kNone, kNone, kNone) & Searcher::kFlagThree);
  // Renju Black must check double threes, double fours and overlines.
  EXPECT_TRUE(flags(kF3, kF3, kNone, kNone) & Searcher::kFlagMaybeForbidden);
  EXPECT_TRUE(flags(kOverline, kNone, kNone, kNone) & Searcher::kFlagMaybeForbidden);
  EXPECT_FALSE(flags(kF3, kB3, kF2, kNone) & Searcher::kFlagMaybeForbidden);
}

TEST(Eval, WeightsRankThreatsAboveQuietPoints) {
  // Whatever the fit, a four-three is worth more than a lone open three, which is worth more
  // than a point that makes nothing, for either side.
  const EvalWeights& w = evalWeights();
  const int nothing = pointClass(kNone, kNone, kNone, kNone);
  const int three = pointClass(kF3, kNone, kNone, kNone);
  const int fourThree = pointClass(kB4, kF3, kNone, kNone);
  EXPECT_GT(w.self[fourThree], w.self[three]);
  EXPECT_GT(w.self[three], w.self[nothing]);
  EXPECT_GT(w.opp[fourThree], w.opp[three]);
  EXPECT_GT(w.opp[three], w.opp[nothing]);
  const EvalWeights h = handWeights();
  EXPECT_EQ(h.self[fourThree], std::min(classInfo(fourThree).value, 300) * 6 / 8);
}

TEST(Eval, RunningSumsMatchARecountAfterEveryPlayAndUndo) {
  // The position's incremental classes and sums against a count from scratch, through random
  // games played forward and taken back (and quick moves that must leave them alone).
  std::mt19937 rng(2024);
  for (gomoku::Rule rule : {gomoku::Rule::Freestyle, gomoku::Rule::Standard, gomoku::Rule::Renju}) {
    Position pos(15, rule);
    auto check = [&] {
      const ClassEval* t = classEvalTable();
      int self[2] = {}, opp[2] = {}, fives[2] = {}, win4s[2] = {}, fours[2] = {};
      for (int y = 0; y < 15; ++y)
        for (int x = 0; x < 15; ++x) {
          const int i = cellIndex(x, y);
          if (!pos.empty(i)) continue;
          for (int c = 1; c <= 2; ++c) {
            const int cls =
                pointClass(pos.pat(i, 0, c), pos.pat(i, 1, c), pos.pat(i, 2, c), pos.pat(i, 3, c));
            ASSERT_EQ(pos.pointClassAt(i, c), cls) << x << "," << y;
            if (!pos.nearby(i)) continue;
            self[c - 1] += t[cls].self;
            opp[c - 1] += t[cls].opp;
            fives[c - 1] += (t[cls].flags & Searcher::kFlagFive) != 0;
            win4s[c - 1] += (t[cls].flags & Searcher::kFlagWin4) != 0;
            fours[c - 1] += (t[cls].flags & Searcher::kFlagFour) != 0;
          }
        }
      for (int c = 1; c <= 2; ++c) {
        ASSERT_EQ(pos.evalSelf(c), self[c - 1]);
        ASSERT_EQ(pos.evalOpp(c), opp[c - 1]);
        ASSERT_EQ(pos.fivePoints(c), fives[c - 1]);
        ASSERT_EQ(pos.win4Points(c), win4s[c - 1]);
        ASSERT_EQ(pos.fourPoints(c), fours[c - 1]);
      }
    };
    for (int step = 0; step < 300; ++step) {
      const bool back = pos.count() > 0 && (rng() % 3 == 0 || pos.count() > 120);
      if (back) {
        pos.undo();
      } else {
        int i;
        do i = cellIndex(static_cast<int>(rng() % 15), static_cast<int>(rng() % 15));
        while (!pos.empty(i));
        pos.play(i, pos.count() % 2 == 0 ? kBlack : kWhite);
      }
      if (step % 7 == 0) {
        // Quick moves in between change nothing once taken back.
        int a = cellIndex(static_cast<int>(rng() % 15), static_cast<int>(rng() % 15));
        if (pos.empty(a)) {
          pos.playQuick(a, kWhite);
          pos.undoQuick();
        }
      }
      check();
      if (HasFatalFailure()) return;
    }
  }
}
