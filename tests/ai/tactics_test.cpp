// The engine's tactics suite: positions from games pbrain-gomoku lost to Pela (Piskvork's
// engine) at 1 s a move, where the game's move lost by force and another move holds. Found with
// tests/bench/find_tactics (a deep search walking back from the end of each lost game); the
// diagrams are ours, drawn from those games. Each case is solved within its node limit on one
// thread, so the answer is the same on every machine and under any load; the limits are what
// the engine needs today (3 M nodes, 3-5 s), where the game's 1 s was not enough. A change
// that needs more nodes for a case is weaker at it (the first case needed 2 M nodes with
// late-move pruning, which lost more games than it won back: see levelParams).

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "ai/engine.h"
#include "common/diagram.h"
#include "core/notation.h"

using namespace gomoku;
using namespace gomoku::ai;

namespace {

struct Tactic {
  const char* name;
  Rule rule;
  Stone toMove;
  std::vector<std::string> diagram;  // X Black, O White, . empty; the top row (y = 0) first
  const char* losing;   // the game's move, which loses by force (as pointName writes it)
  const char* holding;  // the move the deep search found to hold (for the message)
  std::uint64_t nodes;  // the node limit it is solved within today
};

const std::vector<Tactic>& tactics() {
  static const std::vector<Tactic> t = {
      // Pela won as White with threes and fours after E9 (the deep search, 6 M nodes, finds
      // White's forced win: 29972); after C9 it finds none (290 for White).
      {"pela-2026-12-03-opening-01-black-move-55",
       Rule::Freestyle,
       Stone::Black,
       {
           "...............",  // 15
           "...............",  // 14
           "...............",  // 13
           "...............",  // 12
           "...............",  // 11
           ".......O.......",  // 10
           "...O.OO.XXXO...",  // 9
           "...XX..XOO.....",  // 8
           ".....XXOXXO....",  // 7
           "....OOXOOXXOO..",  // 6
           "....O.X.XXOXXX.",  // 5
           "......OXOOXXXO.",  // 4
           "......O.XXOX.O.",  // 3
           "........XOO....",  // 2
           ".......O.......",  // 1
       },
       "E9",
       "C9",
       3000000},
      // Pela won as White after F4 (White's score after it 29978); after K7 and White's forced
      // block, 78 for White.
      {"pela-2026-12-03-opening-08-black-move-61",
       Rule::Freestyle,
       Stone::Black,
       {
           ".........O.....",  // 15
           "......O.XOX....",  // 14
           "......OXXXXO...",  // 13
           "......XOX.O....",  // 12
           "...X.XOO.XOX.O.",  // 11
           "....O.XOOXOOX..",  // 10
           "....OOXXXOXX...",  // 9
           ".....X.XO.XXOX.",  // 8
           "......OXOO..O..",  // 7
           ".......OX.X....",  // 6
           "......OOOX.....",  // 5
           ".........XO....",  // 4
           "...............",  // 3
           "...............",  // 2
           "...............",  // 1
       },
       "F4",
       "K7",
       3000000},
      // Pela won as White after K13 (29978); after J12, 656 for White. From a game of the
      // selective search (2026-12-04).
      {"pela-2026-12-04-opening-01-black-move-57",
       Rule::Freestyle,
       Stone::Black,
       {
           "...............",  // 15
           "...............",  // 14
           ".....O.........",  // 13
           "......XX..O....",  // 12
           ".......XOOO....",  // 11
           ".......OXXO....",  // 10
           "....O.OXOXX....",  // 9
           "....O.XXOXO....",  // 8
           "....XXXO..X.O..",  // 7
           "....OOXOOOOX...",  // 6
           "......XXXOX.X..",  // 5
           "......OOXXXO.O.",  // 4
           "........XO.....",  // 3
           ".......O.X.....",  // 2
           "..........X....",  // 1
       },
       "K13",
       "J12",
       3000000},
  };
  return t;
}

}  // namespace

TEST(Tactics, AvoidsTheMoveThatLostWithinItsNodeLimit) {
  for (const Tactic& t : tactics()) {
    Limits l;
    l.maxNodes = t.nodes;
    l.memoryBytes = 64u << 20;
    const SearchResult r = think(test::fromDiagram(t.diagram), t.toMove, t.rule, l);
    ASSERT_TRUE(r.move) << t.name;
    const std::string move = pointName(*r.move, static_cast<int>(t.diagram.size()));
    EXPECT_NE(move, t.losing) << t.name << ": played the losing move (score " << r.score
                              << ", depth " << r.depth << "); the deep search plays " << t.holding;
  }
}
