// Tests of the lobby (src/server/lobby.h): matchmaking waves (widening windows, best overall
// pairing, rules, colours), private rooms and their codes, invitations (limits, expiry).
// The clock and the random source are injected: no sleeps, no real randomness.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <deque>
#include <functional>
#include <limits>
#include <memory>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "server/lobby.h"

using namespace gomoku;
using namespace gomoku::server;
using namespace std::chrono_literals;

namespace {

const time_point t0 = time_point{} + 1h;

/// A random source that always returns v.
RandomSource constant(std::uint32_t v) {
  return [v] { return v; };
}

/// A random source that returns the given values in turn, then 0.
RandomSource scripted(std::vector<std::uint32_t> values) {
  auto q = std::make_shared<std::deque<std::uint32_t>>(values.begin(), values.end());
  return [q] {
    if (q->empty()) return std::uint32_t{0};
    const std::uint32_t v = q->front();
    q->pop_front();
    return v;
  };
}

RandomSource seeded(std::uint32_t seed) {
  auto gen = std::make_shared<std::mt19937>(seed);
  return [gen] { return static_cast<std::uint32_t>((*gen)()); };
}

using Pair = Matchmaker::Pair;

/// The pair {a, b} in either colour order.
bool samePlayers(const Pair& p, PlayerId a, PlayerId b) {
  return (p.black == a && p.white == b) || (p.black == b && p.white == a);
}

}  // namespace

// --- windows ---------------------------------------------------------------------------------

TEST(Matchmaker, AllowedDifferenceWidens) {
  const MatchmakerConfig c;
  EXPECT_EQ(allowedDifference(c, 0s), 100);
  EXPECT_EQ(allowedDifference(c, -3s), 100);
  EXPECT_EQ(allowedDifference(c, 4999ms), 100);
  EXPECT_EQ(allowedDifference(c, 5s), 150);
  EXPECT_EQ(allowedDifference(c, 10s), 200);
  EXPECT_EQ(allowedDifference(c, 29999ms), 350);
  EXPECT_EQ(allowedDifference(c, 30s), std::nullopt);
  EXPECT_EQ(allowedDifference(c, 1h), std::nullopt);
}

TEST(Matchmaker, WindowAtZeroFiveAndThirtySeconds) {
  Matchmaker mm(constant(0));
  mm.add(1, 1000, Rule::Freestyle, t0);
  mm.add(2, 1100, Rule::Freestyle, t0);  // 100 apart: within the first window
  mm.add(3, 1500, Rule::Freestyle, t0);
  mm.add(4, 1640, Rule::Freestyle, t0);  // 140 apart: needs 5 s
  mm.add(5, 3000, Rule::Freestyle, t0);
  mm.add(6, 3900, Rule::Freestyle, t0);  // 900 apart: needs 30 s
  auto w = mm.wave(t0);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_TRUE(samePlayers(w[0], 1, 2));
  EXPECT_TRUE(mm.wave(t0 + 4s).empty());
  w = mm.wave(t0 + 5s);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_TRUE(samePlayers(w[0], 3, 4));
  EXPECT_TRUE(mm.wave(t0 + 29s).empty());
  w = mm.wave(t0 + 30s);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_TRUE(samePlayers(w[0], 5, 6));
  EXPECT_EQ(mm.size(), 0u);
}

TEST(Matchmaker, DifferenceWithinBothWindows) {
  Matchmaker mm(constant(0));
  mm.add(1, 1000, Rule::Freestyle, t0);        // anyone from t0 + 30 s
  mm.add(2, 1180, Rule::Freestyle, t0 + 30s);  // 100 at t0 + 30 s, 200 at t0 + 40 s
  EXPECT_TRUE(mm.wave(t0 + 30s).empty());
  EXPECT_TRUE(mm.wave(t0 + 35s).empty());  // 150 < 180
  const auto w = mm.wave(t0 + 40s);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_TRUE(samePlayers(w[0], 1, 2));
}

// --- best overall ----------------------------------------------------------------------------

TEST(Matchmaker, BestOverallPairing) {
  // Greedy by smallest difference would take (1040, 1090) and leave two waiting.
  Matchmaker mm(constant(0));
  mm.add(1, 1000, Rule::Freestyle, t0);
  mm.add(2, 1040, Rule::Freestyle, t0);
  mm.add(3, 1090, Rule::Freestyle, t0);
  mm.add(4, 1130, Rule::Freestyle, t0);
  const auto w = mm.wave(t0);
  ASSERT_EQ(w.size(), 2u);
  EXPECT_TRUE(samePlayers(w[0], 1, 2));
  EXPECT_TRUE(samePlayers(w[1], 3, 4));
}

TEST(Matchmaker, OddOneOutIsTheFarthest) {
  Matchmaker mm(constant(0));
  mm.add(1, 1000, Rule::Freestyle, t0);
  mm.add(2, 1050, Rule::Freestyle, t0);
  mm.add(3, 1060, Rule::Freestyle, t0);
  const auto w = mm.wave(t0);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_TRUE(samePlayers(w[0], 2, 3));
  EXPECT_TRUE(mm.waiting(1));
}

TEST(Matchmaker, EqualScoresLeaveTheNewestWaiting) {
  Matchmaker mm(constant(0));
  mm.add(7, 1000, Rule::Freestyle, t0 + 2s);
  mm.add(8, 1000, Rule::Freestyle, t0);
  mm.add(9, 1000, Rule::Freestyle, t0 + 1s);
  const auto w = mm.wave(t0 + 3s);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_TRUE(samePlayers(w[0], 8, 9));
  EXPECT_TRUE(mm.waiting(7));
}

TEST(Matchmaker, CrossingPairsWhenWindowsDiffer) {
  // 1000 and 1100 fresh (window 100), 1090 and 1250 waited 10 s (window 200). The only way to
  // pair all four is (1000, 1100) and (1090, 1250): the pairs cross on the score line.
  Matchmaker mm(constant(0));
  mm.add(1, 1000, Rule::Freestyle, t0 + 10s);
  mm.add(2, 1090, Rule::Freestyle, t0);
  mm.add(3, 1100, Rule::Freestyle, t0 + 10s);
  mm.add(4, 1250, Rule::Freestyle, t0);
  const auto w = mm.wave(t0 + 10s);
  ASSERT_EQ(w.size(), 2u);
  EXPECT_TRUE(samePlayers(w[0], 1, 3));
  EXPECT_TRUE(samePlayers(w[1], 2, 4));
}

TEST(Matchmaker, RulesArePairedSeparately) {
  Matchmaker mm(constant(0));
  mm.add(1, 1000, Rule::Freestyle, t0);
  mm.add(2, 1000, Rule::Renju, t0);
  mm.add(3, 1000, Rule::Standard, t0);
  EXPECT_TRUE(mm.wave(t0 + 1h).empty());  // anyone by score, but never across rules
  mm.add(4, 1010, Rule::Renju, t0 + 1h);
  const auto w = mm.wave(t0 + 1h);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_TRUE(samePlayers(w[0], 2, 4));
  EXPECT_EQ(w[0].rule, Rule::Renju);
  EXPECT_EQ(mm.size(), 2u);
}

TEST(Matchmaker, NeverWithItself) {
  Matchmaker mm(constant(0));
  mm.add(1, 1000, Rule::Freestyle, t0);
  mm.add(1, 1000, Rule::Freestyle, t0);
  EXPECT_EQ(mm.size(), 1u);
  EXPECT_TRUE(mm.wave(t0 + 1h).empty());
  EXPECT_TRUE(mm.waiting(1));
}

TEST(Matchmaker, ReAddUpdates) {
  Matchmaker mm(constant(0));
  mm.add(1, 1000, Rule::Freestyle, t0);
  mm.add(1, 1020, Rule::Freestyle, t0 + 10s);  // same rule: keeps its waiting time
  EXPECT_EQ(mm.waitingSince(1), t0);
  mm.add(1, 1020, Rule::Renju, t0 + 20s);  // another rule: waits anew
  EXPECT_EQ(mm.waitingSince(1), t0 + 20s);
  mm.add(2, 1130, Rule::Renju, t0 + 20s);
  EXPECT_TRUE(mm.wave(t0 + 24s).empty());  // 110 apart, window still 100
  EXPECT_EQ(mm.wave(t0 + 25s).size(), 1u);
}

TEST(Matchmaker, RemoveAndWaiting) {
  Matchmaker mm(constant(0));
  EXPECT_FALSE(mm.remove(1));
  mm.add(1, 1000, Rule::Freestyle, t0);
  mm.add(2, 1000, Rule::Freestyle, t0);
  EXPECT_TRUE(mm.waiting(1));
  EXPECT_TRUE(mm.remove(1));
  EXPECT_FALSE(mm.waiting(1));
  EXPECT_EQ(mm.waitingSince(1), std::nullopt);
  EXPECT_TRUE(mm.wave(t0 + 1h).empty());
  EXPECT_EQ(mm.size(), 1u);
}

// --- colours ---------------------------------------------------------------------------------

TEST(Matchmaker, FirstGameColoursAreRandom) {
  {
    Matchmaker mm(constant(0));  // even: the lower score gets Black
    mm.add(1, 1000, Rule::Freestyle, t0);
    mm.add(2, 1010, Rule::Freestyle, t0);
    EXPECT_EQ(mm.wave(t0), (std::vector<Pair>{{1, 2, Rule::Freestyle}}));
  }
  {
    Matchmaker mm(constant(1));  // odd: the higher score gets Black
    mm.add(1, 1000, Rule::Freestyle, t0);
    mm.add(2, 1010, Rule::Freestyle, t0);
    EXPECT_EQ(mm.wave(t0), (std::vector<Pair>{{2, 1, Rule::Freestyle}}));
  }
}

TEST(Matchmaker, LastWhiteGetsBlack) {
  Matchmaker mm(constant(0));
  mm.add(1, 1000, Rule::Freestyle, t0);
  mm.add(2, 1010, Rule::Freestyle, t0);
  ASSERT_EQ(mm.wave(t0), (std::vector<Pair>{{1, 2, Rule::Freestyle}}));
  EXPECT_EQ(mm.lastColor(1), Stone::Black);
  EXPECT_EQ(mm.lastColor(2), Stone::White);
  // Again: 2 had White, so 2 gets Black although the random source favours the lower score.
  mm.add(1, 1000, Rule::Freestyle, t0 + 1min);
  mm.add(2, 1010, Rule::Freestyle, t0 + 1min);
  EXPECT_EQ(mm.wave(t0 + 1min), (std::vector<Pair>{{2, 1, Rule::Freestyle}}));
  // A player with no game yet against one who had Black: the newcomer gets Black.
  mm.add(2, 1010, Rule::Freestyle, t0 + 2min);
  mm.add(3, 1020, Rule::Freestyle, t0 + 2min);
  EXPECT_EQ(mm.wave(t0 + 2min), (std::vector<Pair>{{3, 2, Rule::Freestyle}}));
}

TEST(Matchmaker, SetLastColorFromRoomGames) {
  Matchmaker mm(constant(0));
  mm.setLastColor(2, Stone::White);  // 2 had White in a room game
  mm.add(1, 1000, Rule::Freestyle, t0);
  mm.add(2, 1010, Rule::Freestyle, t0);
  EXPECT_EQ(mm.wave(t0), (std::vector<Pair>{{2, 1, Rule::Freestyle}}));

  // Both had White: the random source decides (odd: the higher score).
  Matchmaker other(constant(1));
  other.setLastColor(1, Stone::White);
  other.setLastColor(2, Stone::White);
  other.add(1, 1000, Rule::Freestyle, t0);
  other.add(2, 1010, Rule::Freestyle, t0);
  EXPECT_EQ(other.wave(t0), (std::vector<Pair>{{2, 1, Rule::Freestyle}}));
  other.setLastColor(2, Stone::Empty);
  EXPECT_EQ(other.lastColor(2), Stone::Empty);
}

TEST(Matchmaker, DeterministicWithTheSameSeed) {
  auto run = [](std::uint32_t seed) {
    Matchmaker mm(seeded(seed));
    std::mt19937 gen(seed + 1);
    std::vector<Pair> all;
    for (int second = 0; second < 60; ++second) {
      for (int k = 0; k < 3; ++k) {
        const PlayerId id = second * 3 + k;
        mm.add(id, 900 + static_cast<std::int32_t>(gen() % 400), static_cast<Rule>(gen() % 3),
               t0 + std::chrono::seconds(second));
      }
      const auto w = mm.wave(t0 + std::chrono::seconds(second));
      all.insert(all.end(), w.begin(), w.end());
    }
    return all;
  };
  const auto a = run(7);
  EXPECT_EQ(a, run(7));
  EXPECT_GT(a.size(), 50u);
  std::set<PlayerId> seen;
  for (const auto& p : a) {
    EXPECT_NE(p.black, p.white);
    EXPECT_TRUE(seen.insert(p.black).second);
    EXPECT_TRUE(seen.insert(p.white).second);
  }
}

// --- the pairing algorithms ------------------------------------------------------------------

namespace {

struct Quality {
  int pairs = 0;
  std::int64_t diff = 0;
  std::int64_t waited = 0;
  friend bool operator==(const Quality&, const Quality&) = default;
};

bool compatible(const Candidate& a, const Candidate& b) {
  const std::int64_t d = std::abs(std::int64_t{a.score} - b.score);
  return d <= std::min(a.range, b.range);
}

/// Checks that `p` is a valid pairing of `c` and returns its quality.
Quality check(const std::vector<Candidate>& c,
              const std::vector<std::pair<std::size_t, std::size_t>>& p) {
  Quality q;
  std::set<std::size_t> used;
  for (const auto& [i, j] : p) {
    EXPECT_LT(i, c.size());
    EXPECT_LT(j, c.size());
    EXPECT_NE(i, j);
    EXPECT_TRUE(used.insert(i).second);
    EXPECT_TRUE(used.insert(j).second);
    EXPECT_TRUE(compatible(c[i], c[j]));
    EXPECT_LE(c[i].score, c[j].score);
    ++q.pairs;
    q.diff += std::abs(std::int64_t{c[i].score} - c[j].score);
    q.waited += c[i].waitedMs + c[j].waitedMs;
  }
  return q;
}

bool better(const Quality& a, const Quality& b) {
  if (a.pairs != b.pairs) return a.pairs > b.pairs;
  if (a.diff != b.diff) return a.diff < b.diff;
  return a.waited > b.waited;
}

/// Every matching, tried: the reference for small inputs.
Quality bruteForce(const std::vector<Candidate>& c, std::vector<bool>& used, Quality sofar) {
  std::size_t i = 0;
  while (i < c.size() && used[i]) ++i;
  if (i == c.size()) return sofar;
  used[i] = true;
  Quality best = bruteForce(c, used, sofar);  // i waits
  for (std::size_t j = i + 1; j < c.size(); ++j) {
    if (used[j] || !compatible(c[i], c[j])) continue;
    used[j] = true;
    Quality q = sofar;
    ++q.pairs;
    q.diff += std::abs(std::int64_t{c[i].score} - c[j].score);
    q.waited += c[i].waitedMs + c[j].waitedMs;
    q = bruteForce(c, used, q);
    if (better(q, best)) best = q;
    used[j] = false;
  }
  used[i] = false;
  return best;
}

std::vector<Candidate> randomCandidates(std::mt19937& gen, std::size_t n, bool sameRange) {
  const std::int64_t ranges[] = {100, 150, 200, 250, 350, std::numeric_limits<std::int64_t>::max()};
  const std::int64_t shared = ranges[gen() % 6];
  std::vector<Candidate> c;
  for (std::size_t i = 0; i < n; ++i) {
    c.push_back(Candidate{static_cast<PlayerId>(i), 800 + static_cast<std::int32_t>(gen() % 600),
                          sameRange ? shared : ranges[gen() % 6],
                          static_cast<std::int64_t>(gen() % 40000)});
  }
  return c;
}

}  // namespace

TEST(Pairing, ExactMatchesBruteForce) {
  std::mt19937 gen(12345);
  for (int round = 0; round < 300; ++round) {
    const auto c = randomCandidates(gen, 1 + gen() % 9, false);
    std::vector<bool> used(c.size(), false);
    EXPECT_EQ(check(c, bestPairing(c, PairingMethod::Exact)), bruteForce(c, used, {}))
        << "round " << round;
  }
}

TEST(Pairing, IntervalIsOptimalWithEqualWindows) {
  // With one window for everyone, some best pairing never crosses: the DP finds its quality.
  std::mt19937 gen(777);
  for (int round = 0; round < 200; ++round) {
    const auto c = randomCandidates(gen, 2 + gen() % 15, true);
    EXPECT_EQ(check(c, bestPairing(c, PairingMethod::Interval)),
              check(c, bestPairing(c, PairingMethod::Exact)))
        << "round " << round;
  }
}

TEST(Pairing, HeuristicsAreValidAndNeverBetterThanExact) {
  std::mt19937 gen(4242);
  for (int round = 0; round < 200; ++round) {
    const auto c = randomCandidates(gen, 2 + gen() % 15, false);
    const Quality exact = check(c, bestPairing(c, PairingMethod::Exact));
    const Quality interval = check(c, bestPairing(c, PairingMethod::Interval));
    const Quality greedy = check(c, bestPairing(c, PairingMethod::Greedy));
    EXPECT_FALSE(better(interval, exact)) << "round " << round;
    EXPECT_FALSE(better(greedy, exact)) << "round " << round;
    EXPECT_EQ(check(c, bestPairing(c)), exact) << "round " << round;
  }
}

TEST(Pairing, LargeQueueStaysValid) {
  // Big groups take the Interval (and beyond kIntervalPairingLimit the Greedy) method.
  std::mt19937 gen(99);
  for (std::size_t n : {40u, 320u}) {
    const auto c = randomCandidates(gen, n, false);
    const Quality q = check(c, bestPairing(c));
    EXPECT_GT(q.pairs, static_cast<int>(n) / 4);
  }
}

TEST(Pairing, LargestIntervalGroupIsQuick) {
  // One group of kIntervalPairingLimit players who all accept anyone: the O(n^3) DP at its
  // largest (a few tens of milliseconds). Everyone is paired, neighbours on the score line.
  std::vector<Candidate> c;
  for (std::size_t i = 0; i < kIntervalPairingLimit; ++i) {
    c.push_back(Candidate{static_cast<PlayerId>(i), static_cast<std::int32_t>(1000 + 3 * i),
                          std::numeric_limits<std::int64_t>::max(), 30000});
  }
  const Quality q = check(c, bestPairing(c));
  EXPECT_EQ(q.pairs, static_cast<int>(kIntervalPairingLimit / 2));
  EXPECT_EQ(q.diff, static_cast<std::int64_t>(3 * kIntervalPairingLimit / 2));
}

TEST(Pairing, ExactRefusesHugeGroups) {
  std::vector<Candidate> c;
  for (int i = 0; i < 21; ++i) c.push_back(Candidate{i, 1000, 100, 0});
  EXPECT_THROW(bestPairing(c, PairingMethod::Exact), std::invalid_argument);
  EXPECT_EQ(bestPairing(c).size(), 10u);
}

// --- random helpers and codes ----------------------------------------------------------------

TEST(Rooms, UniformBelowRejectsTheBiasedTail) {
  // 2^32 mod 31 = 4: the four largest values are drawn again.
  EXPECT_EQ(uniformBelow(scripted({0xFFFFFFFFu, 0xFFFFFFFCu, 36}), 31), 5u);
  EXPECT_EQ(uniformBelow(constant(12345), 1), 0u);
}

TEST(Rooms, CodesUseTheAlphabetWithoutLookAlikes) {
  EXPECT_EQ(kRoomCodeAlphabet.size(), 31u);
  for (char bad : std::string("0O1IL")) {
    EXPECT_EQ(kRoomCodeAlphabet.find(bad), std::string_view::npos) << bad;
  }
  const auto random = seeded(1);
  std::set<char> seen;
  std::set<std::string> codes;
  for (int i = 0; i < 2000; ++i) {
    const std::string code = makeRoomCode(random);
    ASSERT_EQ(code.size(), kRoomCodeLength);
    for (char ch : code) {
      ASSERT_NE(kRoomCodeAlphabet.find(ch), std::string_view::npos) << code;
      seen.insert(ch);
    }
    codes.insert(code);
  }
  EXPECT_EQ(seen.size(), kRoomCodeAlphabet.size());
  EXPECT_EQ(codes.size(), 2000u);
  EXPECT_EQ(makeRoomCode(constant(0)), "222222");
}

TEST(Rooms, NormalizeRoomCode) {
  EXPECT_EQ(normalizeRoomCode("abc234"), "ABC234");
  EXPECT_EQ(normalizeRoomCode("  XyZ789\n"), "XYZ789");
  EXPECT_EQ(normalizeRoomCode("ABC23"), std::nullopt);
  EXPECT_EQ(normalizeRoomCode("ABC2345"), std::nullopt);
  EXPECT_EQ(normalizeRoomCode("ABC10O"), std::nullopt);  // look-alikes are never in a code
  EXPECT_EQ(normalizeRoomCode("AB C23"), std::nullopt);
  EXPECT_EQ(normalizeRoomCode("ABC\xC3\xA9"), std::nullopt);
  EXPECT_EQ(normalizeRoomCode(""), std::nullopt);
}

TEST(Rooms, ValidSettings) {
  net::RoomSettings s;
  EXPECT_TRUE(validRoomSettings(s));
  s.boardSize = 4;
  EXPECT_FALSE(validRoomSettings(s));
  s.boardSize = 26;
  EXPECT_FALSE(validRoomSettings(s));
  s.boardSize = 19;
  EXPECT_TRUE(validRoomSettings(s));
  s.rule = Rule::Renju;
  EXPECT_FALSE(validRoomSettings(s));  // renju is 15x15
  s.boardSize = 15;
  EXPECT_EQ(validRoomSettings(s), ruleSupported(Rule::Renju));
  s.rule = static_cast<Rule>(7);
  EXPECT_FALSE(validRoomSettings(s));
  s = {};
  s.color = static_cast<net::SeatColor>(3);
  EXPECT_FALSE(validRoomSettings(s));
  s = {};
  s.foul = static_cast<FoulPolicy>(2);
  EXPECT_FALSE(validRoomSettings(s));
}

// --- rooms -----------------------------------------------------------------------------------

TEST(Rooms, CreateAndJoin) {
  Rooms rooms(seeded(3));
  net::RoomSettings s;
  s.boardSize = 19;
  s.color = net::SeatColor::White;
  s.rated = true;
  const std::string code = rooms.create(10, s);
  EXPECT_EQ(rooms.roomOf(10), code);
  EXPECT_EQ(rooms.roomOwner(code), 10);
  std::string lower = code;
  for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  EXPECT_EQ(rooms.roomOwner(lower), 10);

  EXPECT_EQ(rooms.join(code, 10, true), std::nullopt);  // own room
  EXPECT_EQ(rooms.roomOwner(code), 10);                 // still open
  const auto joined = rooms.join(" " + lower + " ", 11, true);
  ASSERT_TRUE(joined);
  EXPECT_EQ(joined->owner, 10);
  EXPECT_EQ(joined->settings, s);
  EXPECT_TRUE(joined->rated);
  EXPECT_FALSE(joined->ownerIsBlack);
  // One game per room: the code is gone.
  EXPECT_EQ(rooms.join(code, 12, true), std::nullopt);
  EXPECT_EQ(rooms.roomOwner(code), std::nullopt);
  EXPECT_EQ(rooms.roomOf(10), std::nullopt);
}

TEST(Rooms, RatedOnlyWhenBothTick) {
  Rooms rooms(seeded(4));
  net::RoomSettings s;
  s.rated = true;
  EXPECT_FALSE(rooms.join(rooms.create(1, s), 2, false)->rated);
  s.rated = false;
  EXPECT_FALSE(rooms.join(rooms.create(1, s), 2, true)->rated);
  s.rated = true;
  EXPECT_TRUE(rooms.join(rooms.create(1, s), 2, true)->rated);
}

TEST(Rooms, OwnerColour) {
  net::RoomSettings s;
  s.color = net::SeatColor::Black;
  Rooms a(constant(1));
  EXPECT_TRUE(a.join(a.create(1, s), 2, false)->ownerIsBlack);
  s.color = net::SeatColor::Random;
  Rooms even(scripted({0, 0, 0, 0, 0, 0, 0}));  // code 222222, then 0: even -> owner Black
  EXPECT_TRUE(even.join(even.create(1, s), 2, false)->ownerIsBlack);
  Rooms odd(scripted({0, 0, 0, 0, 0, 0, 1}));  // code 222222, then 1: odd -> owner White
  EXPECT_FALSE(odd.join(odd.create(1, s), 2, false)->ownerIsBlack);
  EXPECT_TRUE(ownerPlaysBlack(net::SeatColor::Black, constant(1)));
  EXPECT_FALSE(ownerPlaysBlack(net::SeatColor::White, constant(0)));
}

TEST(Rooms, OneRoomPerPlayer) {
  Rooms rooms(seeded(5));
  const std::string first = rooms.create(1, {});
  const std::string second = rooms.create(1, {});
  EXPECT_NE(first, second);
  EXPECT_EQ(rooms.roomOwner(first), std::nullopt);
  EXPECT_EQ(rooms.roomOwner(second), 1);
  EXPECT_EQ(rooms.roomOf(1), second);
  rooms.close(1);
  EXPECT_EQ(rooms.roomOwner(second), std::nullopt);
  rooms.close(1);  // nothing open: nothing happens
}

TEST(Rooms, CodeCollisionDrawsAgain) {
  // First room 222222; the second draws 222222 again (in use), then 333333.
  Rooms rooms(scripted({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1}));
  EXPECT_EQ(rooms.create(1, {}), "222222");
  EXPECT_EQ(rooms.create(2, {}), "333333");
  EXPECT_EQ(rooms.roomOwner("222222"), 1);
  // A broken random source cannot loop for ever.
  Rooms stuck(constant(0));
  EXPECT_EQ(stuck.create(1, {}), "222222");
  EXPECT_THROW(stuck.create(2, {}), std::runtime_error);
  EXPECT_EQ(stuck.roomOwner("222222"), 1);
}

TEST(Rooms, BadSettingsThrowAndLoseNothing) {
  Rooms rooms(seeded(6));
  const std::string code = rooms.create(1, {});
  net::RoomSettings bad;
  bad.boardSize = 99;
  EXPECT_THROW(rooms.create(1, bad), std::invalid_argument);
  EXPECT_EQ(rooms.roomOf(1), code);
  EXPECT_THROW(rooms.invite(1, 2, bad, t0), std::invalid_argument);
  EXPECT_THROW(rooms.invite(1, 1, {}, t0), std::invalid_argument);
  EXPECT_EQ(rooms.invitesFrom(1, t0), 0u);
}

TEST(Rooms, JoinUnknownOrMalformedCode) {
  Rooms rooms(seeded(7));
  EXPECT_EQ(rooms.join("ABCDEF", 1, false), std::nullopt);
  EXPECT_EQ(rooms.join("", 1, false), std::nullopt);
  EXPECT_EQ(rooms.join("'; DROP TABLE rooms; --", 1, false), std::nullopt);
}

// --- invitations -----------------------------------------------------------------------------

TEST(Rooms, InviteAccept) {
  Rooms rooms(constant(0));
  net::RoomSettings s;
  s.rule = Rule::Standard;
  s.color = net::SeatColor::White;
  s.rated = true;
  const auto id = rooms.invite(1, 2, s, t0);
  ASSERT_TRUE(id);
  EXPECT_NE(*id, 0u);
  const auto inv = rooms.invitation(*id, t0 + 1s);
  ASSERT_TRUE(inv);
  EXPECT_EQ(inv->from, 1);
  EXPECT_EQ(inv->to, 2);
  EXPECT_EQ(inv->settings, s);
  EXPECT_EQ(rooms.answer(*id, 3, true, true, t0 + 1s), std::nullopt);  // not addressed to 3
  EXPECT_TRUE(rooms.invitation(*id, t0 + 1s));
  const auto acc = rooms.answer(*id, 2, true, true, t0 + 2s);
  ASSERT_TRUE(acc);
  EXPECT_EQ(acc->from, 1);
  EXPECT_EQ(acc->to, 2);
  EXPECT_EQ(acc->settings, s);
  EXPECT_TRUE(acc->rated);
  EXPECT_FALSE(acc->fromIsBlack);
  EXPECT_EQ(rooms.invitation(*id, t0 + 2s), std::nullopt);  // answered: gone
  EXPECT_EQ(rooms.answer(*id, 2, true, true, t0 + 2s), std::nullopt);
}

TEST(Rooms, InviteDecline) {
  Rooms rooms(constant(0));
  net::RoomSettings s;
  s.rated = true;
  const auto id = rooms.invite(1, 2, s, t0);
  ASSERT_TRUE(id);
  EXPECT_EQ(rooms.answer(*id, 2, false, true, t0), std::nullopt);
  EXPECT_EQ(rooms.invitation(*id, t0), std::nullopt);
  EXPECT_EQ(rooms.invitesFrom(1, t0), 0u);
  // Accepted without the invitee's tick: unrated.
  const auto again = rooms.invite(1, 2, s, t0);
  ASSERT_TRUE(again);
  EXPECT_NE(*again, *id);
  EXPECT_FALSE(rooms.answer(*again, 2, true, false, t0)->rated);
}

TEST(Rooms, AtMostFiveOpenInvitations) {
  Rooms rooms(constant(0));
  std::set<std::uint32_t> ids;
  for (PlayerId to = 2; to <= 6; ++to) {
    const auto id = rooms.invite(1, to, {}, t0);
    ASSERT_TRUE(id);
    ids.insert(*id);
  }
  EXPECT_EQ(ids.size(), 5u);
  EXPECT_EQ(rooms.invitesFrom(1, t0), 5u);
  EXPECT_EQ(rooms.invite(1, 7, {}, t0), std::nullopt);
  EXPECT_TRUE(rooms.invite(2, 7, {}, t0));  // another inviter has its own limit
  // An answer frees a place.
  EXPECT_EQ(rooms.answer(*ids.begin(), 2, false, false, t0), std::nullopt);
  EXPECT_TRUE(rooms.invite(1, 7, {}, t0));
}

TEST(Rooms, InvitationsExpireAfterSixtySeconds) {
  Rooms rooms(constant(0));
  const auto id = rooms.invite(1, 2, {}, t0);
  ASSERT_TRUE(id);
  for (PlayerId to = 3; to <= 6; ++to) ASSERT_TRUE(rooms.invite(1, to, {}, t0 + 1s));
  EXPECT_TRUE(rooms.invitation(*id, t0 + 59s));
  EXPECT_TRUE(rooms.expire(t0 + 59s).empty());
  EXPECT_EQ(rooms.invitation(*id, t0 + 60s), std::nullopt);
  EXPECT_EQ(rooms.answer(*id, 2, true, false, t0 + 60s), std::nullopt);
  // Expired invitations do not count against the limit.
  EXPECT_EQ(rooms.invitesFrom(1, t0 + 60s), 4u);
  EXPECT_TRUE(rooms.invite(1, 7, {}, t0 + 60s));
  const auto gone = rooms.expire(t0 + 60s);
  ASSERT_EQ(gone.size(), 1u);
  EXPECT_EQ(gone[0].id, *id);
  EXPECT_EQ(gone[0].from, 1);
  EXPECT_EQ(gone[0].to, 2);
  EXPECT_TRUE(rooms.expire(t0 + 60s).empty());
  EXPECT_EQ(rooms.expire(t0 + 61s).size(), 4u);
}

TEST(Rooms, ForgetDropsRoomsAndInvitations) {
  Rooms rooms(seeded(8));
  const std::string code = rooms.create(1, {});
  const std::string other = rooms.create(5, {});
  const auto fromOne = rooms.invite(1, 2, {}, t0);
  const auto toOne = rooms.invite(3, 1, {}, t0);
  const auto unrelated = rooms.invite(3, 4, {}, t0);
  ASSERT_TRUE(fromOne && toOne && unrelated);
  const auto gone = rooms.forget(1);
  ASSERT_EQ(gone.size(), 2u);
  std::set<std::uint32_t> ids{gone[0].id, gone[1].id};
  EXPECT_EQ(ids, (std::set<std::uint32_t>{*fromOne, *toOne}));
  EXPECT_EQ(rooms.roomOwner(code), std::nullopt);
  EXPECT_EQ(rooms.roomOwner(other), 5);
  EXPECT_TRUE(rooms.invitation(*unrelated, t0));
  EXPECT_EQ(rooms.answer(*toOne, 1, true, false, t0), std::nullopt);
  EXPECT_TRUE(rooms.forget(1).empty());
}

TEST(Pairing, IntervalAugmentsWhatCrossingPairsAdd) {
  // The best non-crossing pairing has one pair (1090, 1100); a path of length 3 makes two.
  const std::vector<Candidate> c{
      {1, 1000, 100, 0}, {2, 1090, 200, 10000}, {3, 1100, 100, 0}, {4, 1250, 200, 10000}};
  const auto p = bestPairing(c, PairingMethod::Interval);
  EXPECT_EQ(p, (std::vector<std::pair<std::size_t, std::size_t>>{{0, 2}, {1, 3}}));
  EXPECT_EQ(bestPairing(c, PairingMethod::Exact), p);
}

TEST(Matchmaker, OnlyPlayersWhoAskedForTheSameTimeControlArePaired) {
  Matchmaker mm(constant(0));
  const TimeControl blitz{ClockKind::Fischer, 180'000, 2'000, 0};
  const TimeControl perMove{ClockKind::PerMove, 0, 0, 30'000};
  mm.add(1, 1000, Rule::Freestyle, t0, blitz);
  mm.add(2, 1000, Rule::Freestyle, t0, perMove);
  mm.add(3, 1000, Rule::Freestyle, t0);  // no clock
  EXPECT_TRUE(mm.wave(t0).empty()) << "three pools of one";
  mm.add(4, 1050, Rule::Freestyle, t0, perMove);
  mm.add(5, 1020, Rule::Freestyle, t0, blitz);
  auto w = mm.wave(t0);
  ASSERT_EQ(w.size(), 2u);
  // By rule, then by time control (Fischer before a limit per move).
  EXPECT_TRUE(samePlayers(w[0], 1, 5));
  EXPECT_EQ(w[0].clock, blitz);
  EXPECT_TRUE(samePlayers(w[1], 2, 4));
  EXPECT_EQ(w[1].clock, perMove);
  EXPECT_TRUE(mm.waiting(3));
  // Asking again with another clock restarts the waiting time.
  mm.add(3, 1000, Rule::Freestyle, t0 + 10s, blitz);
  EXPECT_EQ(mm.waitingSince(3), t0 + 10s);
  // The opening rule is a pool of its own too.
  mm.add(6, 1000, Rule::Freestyle, t0 + 10s, blitz, OpeningRule::Swap2);
  EXPECT_TRUE(mm.wave(t0 + 10s).empty());
  mm.add(7, 1010, Rule::Freestyle, t0 + 10s, blitz, OpeningRule::Swap2);
  w = mm.wave(t0 + 10s);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_TRUE(samePlayers(w[0], 6, 7));
  EXPECT_EQ(w[0].opening, OpeningRule::Swap2);
  EXPECT_TRUE(mm.waiting(3));
}

TEST(Rooms, SettingsProblemsAreTyped) {
  net::RoomSettings s;
  EXPECT_EQ(checkRoomSettings(s), SettingsProblem::None);
  s.boardSize = 4;
  EXPECT_EQ(checkRoomSettings(s), SettingsProblem::BoardSize);
  s.boardSize = 19;
  s.rule = Rule::Renju;
  EXPECT_EQ(checkRoomSettings(s), SettingsProblem::RenjuSize);
  s.rule = Rule::Freestyle;
  s.clock = TimeControl{ClockKind::PerMove, 0, 0, 2'000};
  EXPECT_EQ(checkRoomSettings(s), SettingsProblem::None);
  s.clock = TimeControl{ClockKind::PerMove, 0, 0, 50};  // under kMinClockMs
  EXPECT_EQ(checkRoomSettings(s), SettingsProblem::Clock);
  s.clock = TimeControl{ClockKind::Fischer, 60'000, 0, 5'000};  // a move time in Fischer
  EXPECT_EQ(checkRoomSettings(s), SettingsProblem::Clock);
  EXPECT_FALSE(validRoomSettings(s));
  s.clock = {};
  s.opening = OpeningRule::Swap2;
  EXPECT_EQ(checkRoomSettings(s), SettingsProblem::None);
  s.opening = OpeningRule::Soosorv8;  // a renju opening under freestyle
  EXPECT_EQ(checkRoomSettings(s), SettingsProblem::Opening);
  s.rule = Rule::Renju;
  s.boardSize = 15;
  EXPECT_EQ(checkRoomSettings(s),
            ruleSupported(Rule::Renju) ? SettingsProblem::None : SettingsProblem::Rule);
  s.opening = static_cast<OpeningRule>(7);
  EXPECT_NE(checkRoomSettings(s), SettingsProblem::None);
  EXPECT_STREQ(describe(SettingsProblem::None), "");
  EXPECT_STRNE(describe(SettingsProblem::Clock), "");
  EXPECT_EQ(checkClockAndOpening(TimeControl{ClockKind::ByoYomi, 0, 0, 1'000}, OpeningRule::None,
                                 Rule::Freestyle, 15),
            SettingsProblem::None);
}

TEST(Rooms, TheSettingsOfARoomCanBeLookedUpByItsCode) {
  Rooms rooms(seeded(9));
  net::RoomSettings s;
  s.clock = TimeControl{ClockKind::Fischer, 300'000, 5'000, 0};
  const std::string code = rooms.create(1, s);
  auto found = rooms.roomSettings(code);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->clock, s.clock);
  EXPECT_FALSE(rooms.roomSettings("ZZZZZZ"));
}
