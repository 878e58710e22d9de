// Win check after a move (goal: < 50 ns per check on a mid-game 15x15 board) and the renju
// forbidden-point check (microseconds per query over the 71 shared positions and every empty
// point of each; reads ../shared/data/renju_forbidden_cases.txt).
#include <benchmark/benchmark.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/notation.h"
#include "core/renju.h"

using namespace gomoku;

namespace {

// A mid-game position of about 60 stones with no five, and the points it was played on.
struct Position {
  Board board{15};
  std::vector<Point> stones;
};

Position midGame() {
  Position pos;
  std::mt19937 rng(12345);
  Game g(15, Rule::Freestyle);
  while (g.ply() < 60) {
    Point p{static_cast<int>(rng() % 15), static_cast<int>(rng() % 15)};
    Game copy = g;
    if (copy.play(p) != MoveError::None || copy.over()) continue;
    g = copy;
  }
  pos.board = g.board();
  pos.stones = g.moves();
  return pos;
}

void BM_WinningLineNoWin(benchmark::State& state) {
  const Position pos = midGame();
  const Rule rule = static_cast<Rule>(state.range(0));
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(winningLine(pos.board, pos.stones[i], rule));
    i = (i + 1) % pos.stones.size();
  }
  state.SetLabel(ruleName(rule));
}
BENCHMARK(BM_WinningLineNoWin)->Arg(0)->Arg(1);

void BM_WinningLineFive(benchmark::State& state) {
  Board b(15);
  for (int x = 5; x < 10; ++x) b.set({x, 7}, Stone::Black);
  for (auto _ : state) benchmark::DoNotOptimize(winningLine(b, {7, 7}, Rule::Freestyle));
}
BENCHMARK(BM_WinningLineFive);

void BM_GamePlay(benchmark::State& state) {
  const Position pos = midGame();
  for (auto _ : state) {
    Game g(15, Rule::Freestyle);
    for (const Point& p : pos.stones) g.play(p);
    benchmark::DoNotOptimize(g.result());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(pos.stones.size()));
}
BENCHMARK(BM_GamePlay);

// Every position of the shared renju cases.
std::vector<Board> renjuPositions() {
  std::vector<Board> out;
  std::ifstream in(std::string(GOMOKU_SHARED_DIR) + "/data/renju_forbidden_cases.txt");
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f;
    std::istringstream ls(line);
    for (std::string part; std::getline(ls, part, '|');) f.push_back(part);
    if (f.size() < 4) continue;
    Board b(15);
    for (int side = 0; side < 2; ++side) {
      std::istringstream is(f[static_cast<std::size_t>(2 + side)]);
      for (std::string t; is >> t;)
        if (auto p = parsePoint(t, 15)) b.set(*p, side == 0 ? Stone::Black : Stone::White);
    }
    out.push_back(b);
  }
  return out;
}

void BM_RenjuForbiddenQuery(benchmark::State& state) {
  const std::vector<Board> boards = renjuPositions();
  if (boards.empty()) {
    state.SkipWithError("../shared/data/renju_forbidden_cases.txt not found");
    return;
  }
  std::int64_t queries = 0;
  for (auto _ : state) {
    for (const Board& b : boards)
      for (int y = 0; y < 15; ++y)
        for (int x = 0; x < 15; ++x)
          if (b.at({x, y}) == Stone::Empty) {
            benchmark::DoNotOptimize(renjuForbidden(b, {x, y}));
            ++queries;
          }
  }
  state.SetItemsProcessed(queries);
  // Seconds per million queries = microseconds per query.
  state.counters["us_per_query"] =
      benchmark::Counter(static_cast<double>(queries) / 1e6,
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_RenjuForbiddenQuery)->Unit(benchmark::kMillisecond);

// The same queries answered a position at a time (renjuForbiddenPoints, as the GUI and the CLI
// use it): what a board costs to set up is shared by all of its points.
void BM_RenjuForbiddenPointsPerPosition(benchmark::State& state) {
  const std::vector<Board> boards = renjuPositions();
  if (boards.empty()) {
    state.SkipWithError("../shared/data/renju_forbidden_cases.txt not found");
    return;
  }
  std::int64_t queries = 0;
  for (const Board& b : boards) queries += 15 * 15 - b.stoneCount();
  for (auto _ : state)
    for (const Board& b : boards) benchmark::DoNotOptimize(renjuForbiddenPoints(b));
  state.SetItemsProcessed(queries * static_cast<std::int64_t>(state.iterations()));
  state.counters["us_per_query"] = benchmark::Counter(
      static_cast<double>(queries) * static_cast<double>(state.iterations()) / 1e6,
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_RenjuForbiddenPointsPerPosition)->Unit(benchmark::kMillisecond);

}  // namespace
