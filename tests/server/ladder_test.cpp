// Tests of the ladder arithmetic (src/server/ladder.h): the fixed-step ladder and Elo.

#include <gtest/gtest.h>

#include <utility>

#include "server/ladder.h"

using namespace gomoku;
using namespace gomoku::server;

using Scores = std::pair<std::int32_t, std::int32_t>;

TEST(Ladder, FixedStepWinLossDraw) {
  const LadderConfig c;
  EXPECT_EQ(ladderAfter(c, 1000, 0, 1000, 0, Outcome::BlackWins), Scores(1030, 970));
  EXPECT_EQ(ladderAfter(c, 1000, 0, 1000, 0, Outcome::WhiteWins), Scores(970, 1030));
  EXPECT_EQ(ladderAfter(c, 1200, 5, 900, 7, Outcome::Draw), Scores(1200, 900));
  // The step does not depend on the scores or the games played.
  EXPECT_EQ(ladderAfter(c, 1500, 99, 800, 0, Outcome::BlackWins), Scores(1530, 770));
}

TEST(Ladder, NoResultChangesNothing) {
  for (bool elo : {false, true}) {
    LadderConfig c;
    c.elo = elo;
    EXPECT_EQ(ladderAfter(c, 1100, 3, 1000, 3, Outcome::Interrupted), Scores(1100, 1000));
    EXPECT_EQ(ladderAfter(c, 1100, 3, 1000, 3, Outcome::Ongoing), Scores(1100, 1000));
  }
}

TEST(Ladder, FixedStepConfigured) {
  LadderConfig c;
  c.win = 20;
  c.loss = 10;
  EXPECT_EQ(ladderAfter(c, 1000, 0, 1000, 0, Outcome::BlackWins), Scores(1020, 990));
  EXPECT_EQ(ladderAfter(c, 1000, 0, 1000, 0, Outcome::WhiteWins), Scores(990, 1020));
}

TEST(Ladder, FixedStepMayGoBelowZero) {
  EXPECT_EQ(ladderAfter(LadderConfig{}, 10, 0, 0, 0, Outcome::WhiteWins), Scores(-20, 30));
}

TEST(Ladder, EloExpectedScore) {
  EXPECT_DOUBLE_EQ(eloExpected(1000, 1000), 0.5);
  EXPECT_NEAR(eloExpected(1400, 1000), 1.0 / 1.1, 1e-12);
  EXPECT_NEAR(eloExpected(1000, 1400), 1.0 - 1.0 / 1.1, 1e-12);
  EXPECT_NEAR(eloExpected(1200, 1000), 0.759747, 1e-6);
}

TEST(Ladder, EloKFactorAfterThirtyGames) {
  const LadderConfig c;
  EXPECT_EQ(eloK(c, 0), 32);
  EXPECT_EQ(eloK(c, 29), 32);
  EXPECT_EQ(eloK(c, 30), 16);
  EXPECT_EQ(eloK(c, 1000), 16);
}

TEST(Ladder, EloEqualPlayers) {
  LadderConfig c;
  c.elo = true;
  EXPECT_EQ(ladderAfter(c, 1000, 0, 1000, 0, Outcome::BlackWins), Scores(1016, 984));
  EXPECT_EQ(ladderAfter(c, 1000, 0, 1000, 0, Outcome::WhiteWins), Scores(984, 1016));
  EXPECT_EQ(ladderAfter(c, 1000, 0, 1000, 0, Outcome::Draw), Scores(1000, 1000));
  // Black experienced (K 16), White new (K 32).
  EXPECT_EQ(ladderAfter(c, 1000, 30, 1000, 0, Outcome::BlackWins), Scores(1008, 984));
}

TEST(Ladder, EloFavouriteAndUpset) {
  LadderConfig c;
  c.elo = true;
  // E(1200 vs 1000) = 0.7597: the favourite wins 32 * 0.2403 = 7.69 -> 8.
  EXPECT_EQ(ladderAfter(c, 1200, 0, 1000, 0, Outcome::BlackWins), Scores(1208, 992));
  // The upset: 32 * 0.7597 = 24.31 -> 24.
  EXPECT_EQ(ladderAfter(c, 1200, 0, 1000, 0, Outcome::WhiteWins), Scores(1176, 1024));
  // A draw costs the favourite 32 * 0.2597 = 8.31 -> 8.
  EXPECT_EQ(ladderAfter(c, 1200, 0, 1000, 0, Outcome::Draw), Scores(1192, 1008));
  // K 16 on both sides after 30 games: 16 * 0.2403 = 3.84 -> 4.
  EXPECT_EQ(ladderAfter(c, 1200, 30, 1000, 45, Outcome::BlackWins), Scores(1204, 996));
  // White favourite: the same numbers mirrored.
  EXPECT_EQ(ladderAfter(c, 1000, 0, 1200, 0, Outcome::BlackWins), Scores(1024, 1176));
}

TEST(Ladder, EloRoundsHalvesAwayFromZero) {
  LadderConfig c;
  c.elo = true;
  c.eloK = 1;  // K 1 between equal players: +-0.5 -> +-1
  EXPECT_EQ(ladderAfter(c, 1000, 0, 1000, 0, Outcome::BlackWins), Scores(1001, 999));
}
