// Engine tactics, renju legality, stopping, determinism; cases C19a, C19b, C19c.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <fstream>
#include <map>
#include <mutex>
#include <random>
#include <sstream>

#include "ai/engine.h"
#include "core/game.h"
#include "core/renju.h"

using namespace gomoku;
using namespace gomoku::ai;

namespace {

Board setup(std::initializer_list<Point> moves, int size = 15) {
  Board b(size);
  Stone s = Stone::Black;
  for (Point p : moves) {
    b.set(p, s);
    s = opponent(s);
  }
  return b;
}

// True when `s` has a point that makes five (renju rule).
bool hasFivePoint(const Board& b, Stone s) {
  Board t = b;
  for (int y = 0; y < b.size(); ++y)
    for (int x = 0; x < b.size(); ++x) {
      if (b.at({x, y}) != Stone::Empty) continue;
      t.set({x, y}, s);
      const bool five = !winningLine(t, {x, y}, Rule::Renju).empty();
      t.set({x, y}, Stone::Empty);
      if (five) return true;
    }
  return false;
}

Limits quick(int level = kMaxLevel) {
  Limits l;
  l.maxNodes = 200000;
  l.level = level;
  l.memoryBytes = 8u << 20;
  return l;
}

}  // namespace

TEST(Engine, EmptyBoardPlaysCentre) {
  Board b;
  auto r = think(b, Stone::Black, Rule::Freestyle, quick());
  ASSERT_TRUE(r.move);
  EXPECT_EQ(*r.move, (Point{7, 7}));
}

TEST(Engine, TakesFiveAtEveryLevel) {
  // Black has four in a row 3..6 on row 7 (open at 2 and 7); White also has a four elsewhere.
  Board b = setup({{3, 7}, {3, 1}, {4, 7}, {4, 1}, {5, 7}, {5, 1}, {6, 7}, {6, 1}, {10, 10}});
  // White to move has a four (3..6, row 1) too: White must take its five.
  for (int level = kMinLevel; level <= kMaxLevel; ++level) {
    auto r = think(b, Stone::White, Rule::Freestyle, quick(level));
    ASSERT_TRUE(r.move);
    EXPECT_TRUE(*r.move == (Point{2, 1}) || *r.move == (Point{7, 1})) << "level " << level;
  }
}

TEST(Engine, BlocksFourAtEveryLevel) {
  Board b = setup({{3, 7}, {3, 1}, {4, 7}, {8, 1}, {5, 7}, {10, 10}, {6, 7}});
  // White to move; Black threatens (2,7) and (7,7): an open four is lost anyway, so close one
  // side only. Use a closed four instead: White already at (2,7).
  b.set({2, 7}, Stone::White);
  b.set({12, 12}, Stone::Black);
  for (int level = kMinLevel; level <= kMaxLevel; ++level) {
    auto r = think(b, Stone::White, Rule::Freestyle, quick(level));
    ASSERT_TRUE(r.move);
    EXPECT_EQ(*r.move, (Point{7, 7})) << "level " << level;
  }
}

TEST(Engine, BlocksOpenThree) {
  // Black open three (5,7) (6,7) (7,7); White to move must stop it at (4,7) or (8,7)
  // (or the far points (3,7) / (9,7) which also prevent a straight four).
  Board b = setup({{5, 7}, {5, 9}, {6, 7}, {10, 3}, {7, 7}});
  auto r = think(b, Stone::White, Rule::Freestyle, quick());
  ASSERT_TRUE(r.move);
  const Point m = *r.move;
  EXPECT_TRUE(m.y == 7 && (m.x == 4 || m.x == 8 || m.x == 3 || m.x == 9)) << m.x << "," << m.y;
}

TEST(Engine, FindsSmallVcf) {
  // Black: (5,5) (6,5) (7,5) closed by White (4,5); and (8,6) (8,7) (8,8) closed by (8,9).
  // Black (8,5) makes a four on row 5 ((9,5) is the five point) and a four on column 8:
  // a double four: a VCF of one move.
  Board b = setup({{5, 5},
                   {4, 5},
                   {6, 5},
                   {8, 9},
                   {7, 5},
                   {0, 0},
                   {8, 6},
                   {0, 14},
                   {8, 7},
                   {14, 0},
                   {8, 8},
                   {14, 14}});
  auto line = findVcf(b, Stone::Black, Rule::Freestyle, 100000);
  ASSERT_FALSE(line.empty());
  auto r = think(b, Stone::Black, Rule::Freestyle, quick());
  ASSERT_TRUE(r.move);
  EXPECT_TRUE(r.forcedWin);
}

TEST(Engine, NoVcfWhereNoneExists) {
  Board b = setup({{7, 7}, {7, 8}, {8, 8}});
  EXPECT_TRUE(findVcf(b, Stone::White, Rule::Freestyle, 100000).empty());
}

TEST(Engine, C19a_RenjuBlackWithForbiddenDefencePlaysLegalOrResigns) {
  Board b = setup({{7, 7}, {6, 5}, {5, 5}, {6, 4}, {5, 6}, {6, 3}, {7, 6}, {6, 2}, {6, 1}, {0, 0}});
  ASSERT_NE(renjuForbidden(b, {6, 6}), Forbidden::None);
  Limits l;
  l.turnTimeMs = 1000;
  const auto t0 = std::chrono::steady_clock::now();
  auto r = think(b, Stone::Black, Rule::Renju, l);
  const auto ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0)
          .count();
  EXPECT_LT(ms, 1500);
  if (r.move) {
    EXPECT_EQ(b.at(*r.move), Stone::Empty);
    EXPECT_EQ(renjuForbidden(b, *r.move), Forbidden::None);
    EXPECT_NE(*r.move, (Point{6, 6}));
  }
}

TEST(Engine, UsesTheWholeTurnWhenTheTurnLimitBinds) {
  // Issue 19: a turn limit (Gomocup's timeout_turn) is time the engine may use, and time it does
  // not use is lost, so with no game clock (or a game clock that leaves more than the turn) the
  // search goes on until the turn's deadline. A lower bound only: the search cannot end sooner
  // (a quiet opening, no forced result, far from the deepest iteration), whatever the load.
  const Board b = setup({{7, 7}, {7, 8}, {8, 8}});
  for (std::int64_t timeLeft : {std::int64_t{-1}, std::int64_t{60000}}) {
    Limits l;
    l.turnTimeMs = 400;
    l.timeLeftMs = timeLeft;
    const auto r = think(b, Stone::White, Rule::Freestyle, l);
    ASSERT_TRUE(r.move);
    EXPECT_GE(r.elapsedMs, 350) << "time left " << timeLeft;
    EXPECT_EQ(r.reason, "search");
  }
}

TEST(Engine, C19b_BlocksFourAsBlack) {
  Board b = setup({{2, 3}, {3, 3}, {10, 10}, {4, 3}, {10, 12}, {5, 3}, {12, 10}, {6, 3}});
  for (int level = kMinLevel; level <= kMaxLevel; ++level) {
    auto r = think(b, Stone::Black, Rule::Freestyle, quick(level));
    ASSERT_TRUE(r.move);
    EXPECT_EQ(*r.move, (Point{7, 3})) << "level " << level;
  }
}

TEST(Engine, C19c_StopWhileThinkingReturnsQuickly) {
  Board b = setup({{7, 7}, {7, 8}, {8, 8}, {6, 6}, {8, 6}, {9, 7}});
  std::mutex mu;
  std::condition_variable cv;
  bool done = false, started = false;
  SearchResult result;
  {
    Engine e;
    Limits l;
    l.turnTimeMs = 60000;
    l.maxDepth = 40;
    Callbacks cb;
    cb.onInfo = [&](const SearchInfo&) {
      std::lock_guard<std::mutex> lock(mu);
      started = true;
      cv.notify_all();
    };
    cb.onDone = [&](const SearchResult& r) {
      std::lock_guard<std::mutex> lock(mu);
      result = r;
      done = true;
      cv.notify_all();
    };
    e.start(b, Stone::Black, Rule::Freestyle, l, cb);
    {
      std::unique_lock<std::mutex> lock(mu);
      cv.wait_for(lock, std::chrono::seconds(10), [&] { return started; });
    }
    EXPECT_TRUE(e.running());
    const auto t0 = std::chrono::steady_clock::now();
    e.stop();
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0)
            .count();
    EXPECT_LT(ms, 50);
    EXPECT_FALSE(e.running());
  }
  EXPECT_TRUE(done);
  ASSERT_TRUE(result.move);
  EXPECT_EQ(b.at(*result.move), Stone::Empty);
}

TEST(Engine, StopBeforeAnythingAndDestroyWhileThinking) {
  Board b = setup({{7, 7}, {7, 8}});
  for (int i = 0; i < 5; ++i) {
    Engine e;
    Limits l;
    l.turnTimeMs = 60000;
    e.start(b, Stone::Black, Rule::Renju, l, {});
    // destructor stops and joins
  }
  SUCCEED();
}

TEST(Engine, DeterministicWithNodeLimit) {
  Board b = setup({{7, 7}, {7, 8}, {8, 8}, {6, 6}, {8, 6}});
  for (int level : {2, 5}) {
    Limits l = quick(level);
    l.maxNodes = 30000;
    auto a = think(b, Stone::White, Rule::Standard, l);
    auto c = think(b, Stone::White, Rule::Standard, l);
    ASSERT_TRUE(a.move && c.move);
    EXPECT_EQ(*a.move, *c.move);
    EXPECT_EQ(a.nodes, c.nodes);
    EXPECT_EQ(a.score, c.score);
  }
}

TEST(Engine, NeverIllegalOrForbiddenInRandomPositions) {
  std::mt19937 rng(12345);
  for (int game = 0; game < 40; ++game) {
    const Rule rule = game % 3 == 0   ? Rule::Freestyle
                      : game % 3 == 1 ? Rule::Standard
                                      : Rule::Renju;
    Game g(15, rule);
    // Random stones, then one engine move per position, for a few plies.
    const int randomPlies = 6 + static_cast<int>(rng() % 40);
    while (!g.over() && g.ply() < randomPlies) {
      Point p{static_cast<int>(rng() % 15), static_cast<int>(rng() % 15)};
      g.play(p);
    }
    for (int k = 0; k < 4 && !g.over(); ++k) {
      Limits l = quick(1 + static_cast<int>(rng() % 5));
      l.maxNodes = 3000;
      auto r = think(g.board(), g.toMove(), rule, l);
      if (!r.move) {
        ADD_FAILURE() << "no move in a position with free points";
        break;
      }
      ASSERT_EQ(g.check(*r.move), MoveError::None)
          << "game " << game << " move " << r.move->x << "," << r.move->y;
      g.play(*r.move);
    }
  }
}

TEST(Engine, HelperThreadsShareTheSearchAndPlayLegalMoves) {
  // Lazy SMP: the same tactics with helper threads, legal moves in random renju positions, and a
  // search with helpers that stops at once.
  Board four = setup({{7, 7}, {0, 0}, {8, 7}, {0, 2}, {9, 7}, {0, 4}, {10, 7}});
  Limits l = quick(5);
  l.threads = 3;
  l.maxNodes = 20000;
  auto r = think(four, Stone::White, Rule::Freestyle, l);
  ASSERT_TRUE(r.move);
  EXPECT_TRUE(*r.move == (Point{6, 7}) || *r.move == (Point{11, 7}));
  std::mt19937 rng(777);
  for (int game = 0; game < 12; ++game) {
    Game g(15, Rule::Renju);
    const int randomPlies = 8 + static_cast<int>(rng() % 30);
    while (!g.over() && g.ply() < randomPlies)
      g.play({static_cast<int>(rng() % 15), static_cast<int>(rng() % 15)});
    for (int k = 0; k < 3 && !g.over(); ++k) {
      Limits m = quick(5);
      m.threads = 2;
      m.maxNodes = 4000;
      auto mv = think(g.board(), g.toMove(), Rule::Renju, m);
      ASSERT_TRUE(mv.move);
      ASSERT_EQ(g.check(*mv.move), MoveError::None);
      g.play(*mv.move);
    }
  }
  Engine e;
  Limits slow;
  slow.turnTimeMs = 60000;
  slow.threads = 2;
  std::atomic<bool> done{false};
  Callbacks cb;
  cb.onDone = [&](const SearchResult&) { done = true; };
  e.start(setup({{7, 7}, {7, 8}, {8, 8}}), Stone::White, Rule::Freestyle, slow, cb);
  e.stop();
  EXPECT_TRUE(done);
  EXPECT_FALSE(e.running());
}

TEST(Engine, RenjuBlackNeverForbiddenInDensePositions) {
  // Dense random renju positions (many forbidden points), Black to move, every level.
  std::mt19937 rng(777);
  int withForbidden = 0;
  std::map<std::string, int> reasons;
  for (int n = 0; n < 120; ++n) {
    Game g(15, Rule::Renju);
    const int plies = 20 + static_cast<int>(rng() % 40);
    int guard = 0;
    while (!g.over() && g.ply() < plies && ++guard < 5000) {
      Point p{static_cast<int>(rng() % 9) + 3, static_cast<int>(rng() % 9) + 3};
      if (guard > 2000) p = {static_cast<int>(rng() % 15), static_cast<int>(rng() % 15)};
      Game copy = g;
      if (copy.play(p) != MoveError::None || copy.over()) continue;
      if (hasFivePoint(copy.board(), Stone::Black) || hasFivePoint(copy.board(), Stone::White))
        continue;  // keep the position quiet: no fours
      g = copy;
    }
    if (g.over()) continue;
    if (g.toMove() != Stone::Black) {
      for (int y = 0; y < 15 && g.toMove() != Stone::Black; ++y)
        for (int x = 0; x < 15; ++x) {
          Game copy = g;
          if (copy.play({x, y}) == MoveError::None && !copy.over()) {
            g = copy;
            break;
          }
        }
    }
    if (g.toMove() != Stone::Black) continue;
    if (!g.forbiddenPoints().empty()) ++withForbidden;
    Limits l = quick(1 + n % 5);
    l.maxNodes = 4000;
    auto r = think(g.board(), Stone::Black, Rule::Renju, l);
    ++reasons[r.reason];
    if (!r.move) continue;  // no legal move at all
    EXPECT_EQ(g.check(*r.move), MoveError::None)
        << "position " << n << " move " << r.move->x << "," << r.move->y << " "
        << forbiddenName(g.forbiddenAt(*r.move));
  }
  EXPECT_GT(withForbidden, 10);
  EXPECT_GT(reasons["search"], 10);  // not only forced moves
}

TEST(Engine, FullBoardGivesNoMove) {
  Board b(5);
  // Fill 5x5 without five in a row: pattern by (x + 2y) mod 4 < 2 gives no five.
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 5; ++x) b.set({x, y}, ((x + 2 * y) % 4) < 2 ? Stone::Black : Stone::White);
  auto r = think(b, Stone::Black, Rule::Freestyle, quick());
  EXPECT_FALSE(r.move);
  EXPECT_EQ(r.reason, "no legal move");
}

TEST(Engine, OnlyForbiddenPointsLeftGivesNoMove) {
  // Renju: a board where Black's only free point is an overline point.
  Board b(15);
  for (int y = 0; y < 15; ++y)
    for (int x = 0; x < 15; ++x) b.set({x, y}, ((x + 2 * y) % 4) < 2 ? Stone::Black : Stone::White);
  // Row 14: make x=0..2 and 4..6 black, then free (3,14): black there is an overline.
  for (int x = 0; x <= 6; ++x) b.set({x, 14}, Stone::Black);
  b.set({3, 14}, Stone::Empty);
  ASSERT_EQ(renjuForbidden(b, {3, 14}), Forbidden::Overline);
  auto r = think(b, Stone::Black, Rule::Renju, quick());
  EXPECT_FALSE(r.move);
}

TEST(Engine, VcfPuzzleSubset) {
  const std::string path = std::string(GOMOKU_SHARED_DIR) + "/data/vcf_puzzles.txt";
  std::ifstream in(path);
  if (!in) GTEST_SKIP() << "shared VCF puzzles not found at " << path;
  std::string line;
  int tried = 0, solved = 0;
  while (std::getline(in, line) && tried < 40) {
    if (line.empty() || line[0] == '#') continue;
    if (line.rfind("lfz_", 0) != 0) continue;
    std::vector<std::string> f;
    std::stringstream ss(line);
    std::string part;
    while (std::getline(ss, part, '|')) f.push_back(part);
    if (f.size() < 8 || f[6] != "VCF") continue;
    Board b(15);
    for (int k : {4, 5}) {
      std::stringstream st(f[static_cast<std::size_t>(k)]);
      std::string xy;
      while (st >> xy) {
        int x = 0, y = 0;
        if (std::sscanf(xy.c_str(), "%d,%d", &x, &y) == 2)
          b.set({x, y}, k == 4 ? Stone::Black : Stone::White);
      }
    }
    const Stone attacker = f[3] == "W" ? Stone::White : Stone::Black;
    ++tried;
    auto seq = findVcf(b, attacker, Rule::Renju, 2000000);
    if (!seq.empty()) ++solved;
    if (!seq.empty() && attacker == Stone::Black) {
      EXPECT_EQ(renjuForbidden(b, seq.front()), Forbidden::None);
    }
  }
  EXPECT_GE(solved, tried * 9 / 10) << solved << " of " << tried;
}
