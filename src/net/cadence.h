#pragma once
/// @file Timing of periodic beats (heartbeats) on many connections at once: each connection
/// beats at a phase of its own and keeps its cadence. A thread that runs many connections'
/// timers and was busy for a while would otherwise fire all the timers that came due meanwhile
/// at one instant and, rescheduling each from then, keep them together for good: the beats of
/// thousands of connections then come in bursts, and whatever waits behind a burst (a move)
/// waits for all of it.

#include <algorithm>
#include <chrono>
#include <cstdint>

namespace gomoku::net {

/// The first beat's delay for the connection `key` (any number that differs between
/// connections: an id, a counter), in [0, period): spread evenly over the period by a
/// multiplicative hash, so that consecutive keys land far apart (at least 0.38 of the period).
/// 0 when period <= 0; periods over 2^31 ms count as 2^31 ms.
inline std::chrono::milliseconds beatPhase(std::uint64_t key, std::chrono::milliseconds period) {
  if (period.count() <= 0) return std::chrono::milliseconds(0);
  // Fibonacci hashing: the top 32 bits of key·2^64/φ, a fraction of the period that moves by
  // 0.618 of it from one key to the next.
  const std::uint64_t fraction = (key * 0x9E3779B97F4A7C15ull) >> 32;
  const auto ms = static_cast<std::uint64_t>(std::min<std::int64_t>(period.count(), 1ll << 31));
  return std::chrono::milliseconds(static_cast<std::int64_t>((fraction * ms) >> 32));
}

/// The beat after `last` (the one that just fired): last + k·period for the smallest k >= 1
/// that is later than `now`, so the cadence holds and beats missed while the thread was busy
/// are skipped rather than fired in a row. `now` + period when period <= 0 (no cadence).
template <class TimePoint, class Duration>
TimePoint nextBeat(TimePoint last, Duration period, TimePoint now) {
  if (period <= Duration::zero()) return now + period;
  TimePoint next = last + period;
  if (next <= now) next += ((now - next) / period + 1) * period;
  return next;
}

}  // namespace gomoku::net
