// Win check after a move. Goal: < 50 ns per check on a mid-game 15x15 board.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "core/game.h"

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

}  // namespace
