// Our engine's part in the opening rules (ai/opening_player.h): it carries every rule through to
// normal play on either seat, and its choices follow its judgement. Node limits keep the
// answers the same on every run.
#include "ai/opening_player.h"

#include <gtest/gtest.h>

namespace gomoku::ai {
namespace {

constexpr std::uint64_t kNodes = 3000;

// The engine takes every decision of both seats until the opening is done.
Opening engineOnly(OpeningRule rule, Rule gameRule) {
  Opening o(rule, 15, gameRule);
  for (int step = 0; step < 30 && !o.done(); ++step) {
    const OpeningDecision d = decideOpening(o, kNodes);
    const OpeningError e = applyOpening(o, d);
    EXPECT_EQ(e, OpeningError::None)
        << openingRuleName(rule) << " step " << static_cast<int>(d.step);
    if (e != OpeningError::None) break;
  }
  EXPECT_TRUE(o.done()) << openingRuleName(rule);
  return o;
}

TEST(OpeningPlayer, CarriesEachRuleThroughToNormalPlay) {
  EXPECT_GE(engineOnly(OpeningRule::Swap, Rule::Freestyle).game().ply(), 3);
  EXPECT_GE(engineOnly(OpeningRule::Swap2, Rule::Freestyle).game().ply(), 3);
  EXPECT_EQ(engineOnly(OpeningRule::Soosorv8, Rule::Renju).game().ply(), 5);
  EXPECT_EQ(engineOnly(OpeningRule::Taraguchi10, Rule::Renju).game().ply(), 5);
}

// Soosõrv-8 up to Black's offer of `n` 5th moves: B (7,7) (8,8), W (7,6) (0,14).
Opening soosorvOffer(int n) {
  Opening o(OpeningRule::Soosorv8, 15, Rule::Renju);
  EXPECT_EQ(o.place(Seat::First, {7, 7}), OpeningError::None);
  EXPECT_EQ(o.place(Seat::First, {7, 6}), OpeningError::None);
  EXPECT_EQ(o.place(Seat::First, {8, 8}), OpeningError::None);
  EXPECT_EQ(o.choose(Seat::Second, OpeningChoice::Keep), OpeningError::None);
  EXPECT_EQ(o.place(Seat::Second, {0, 14}), OpeningError::None);
  EXPECT_EQ(o.declare(Seat::Second, n), OpeningError::None);
  EXPECT_EQ(o.choose(Seat::First, OpeningChoice::Keep), OpeningError::None);
  return o;
}

TEST(OpeningPlayer, OffersDistinctAlternativesAndPicksTheWorstForBlack) {
  Opening offered = soosorvOffer(8);
  const OpeningDecision d = decideOpening(offered, kNodes);
  ASSERT_EQ(d.points.size(), 8u);
  EXPECT_EQ(applyOpening(offered, d), OpeningError::None);  // distinct, none symmetric

  // Black's open three on the diagonal (9,9) against a stone far from everything: White takes
  // the far one.
  Opening o = soosorvOffer(2);
  ASSERT_EQ(o.offer(Seat::First, {{9, 9}, {1, 13}}), OpeningError::None);
  const OpeningDecision pick = decideOpening(o, kNodes);
  ASSERT_TRUE(pick.point);
  EXPECT_EQ(*pick.point, (Point{1, 13}));
}

TEST(OpeningPlayer, TakesTheColourOfAClearAdvantage) {
  // Swap: Black's three stones in a row with White's far away: the second player takes Black.
  Opening o(OpeningRule::Swap);
  ASSERT_EQ(o.place(Seat::First, {7, 7}), OpeningError::None);
  ASSERT_EQ(o.place(Seat::First, {0, 0}), OpeningError::None);
  ASSERT_EQ(o.place(Seat::First, {8, 7}), OpeningError::None);
  const OpeningDecision d = decideOpening(o, kNodes);
  ASSERT_TRUE(d.choice);
  EXPECT_EQ(*d.choice, OpeningChoice::TakeBlack);
}

}  // namespace
}  // namespace gomoku::ai
