// Heartbeat timing on many connections (net/cadence.h): phases spread, cadence kept.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <vector>

#include <gtest/gtest.h>

#include "net/cadence.h"

namespace gomoku::net {
namespace {

using std::chrono::milliseconds;
using Clock = std::chrono::steady_clock;

TEST(CadenceTest, ConsecutiveConnectionsBeatAtPhasesSpreadOverThePeriod) {
  const milliseconds period(2000);
  // 10 000 connections in a row (a burst of logins): every 100 ms slice of the period gets its
  // share, within a quarter of the even 500.
  std::vector<int> slices(20, 0);
  for (std::uint64_t id = 1; id <= 10000; ++id) {
    milliseconds phase = beatPhase(id, period);
    ASSERT_GE(phase.count(), 0);
    ASSERT_LT(phase.count(), 2000);
    ++slices[static_cast<std::size_t>(phase.count() / 100)];
  }
  for (int n : slices) {
    EXPECT_GT(n, 375);
    EXPECT_LT(n, 625);
  }
  // Two neighbours are never in the same 100 ms.
  for (std::uint64_t id = 1; id < 1000; ++id)
    EXPECT_GE(std::abs((beatPhase(id, period) - beatPhase(id + 1, period)).count()), 100) << id;
  EXPECT_EQ(beatPhase(7, milliseconds(0)), milliseconds(0));
}

TEST(CadenceTest, TheNextBeatKeepsTheCadenceAndSkipsMissedBeats) {
  const Clock::time_point t0{};
  const milliseconds period(2000);
  // On time or a little late: the next is one period after the last, not after now.
  EXPECT_EQ(nextBeat(t0, period, t0), t0 + period);
  EXPECT_EQ(nextBeat(t0, period, t0 + milliseconds(30)), t0 + period);
  // Late by more than a period: the beats missed are skipped, the phase stays.
  EXPECT_EQ(nextBeat(t0, period, t0 + milliseconds(2000)), t0 + milliseconds(4000));
  EXPECT_EQ(nextBeat(t0, period, t0 + milliseconds(4500)), t0 + milliseconds(6000));
  // Timers that came due at different instants and fired together stay apart.
  const Clock::time_point busyUntil = t0 + milliseconds(50);
  EXPECT_NE(nextBeat(t0 + milliseconds(10), period, busyUntil),
            nextBeat(t0 + milliseconds(40), period, busyUntil));
  EXPECT_EQ(nextBeat(t0, milliseconds(0), t0 + milliseconds(5)), t0 + milliseconds(5));
}

}  // namespace
}  // namespace gomoku::net
