// The engine's tactics suite: positions from games pbrain-gomoku lost to Pela (Piskvork's
// engine) at 1 s a move, where the game's move lost by force and another move holds. Found with
// tests/bench/find_tactics (a deep search walking back from the end of each lost game); the
// diagrams are ours, drawn from those games. Each case is solved within a node limit on one
// thread, so the answer is the same on every machine and under any load.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ai/engine.h"
#include "core/notation.h"

using namespace gomoku;
using namespace gomoku::ai;

namespace {

struct Tactic {
  const char* name;
  Rule rule;
  Stone toMove;
  std::vector<std::string> diagram;  // X Black, O White, . empty; the top row (y = 0) first
  std::vector<std::string> losing;   // moves that lose by force (as pointName writes them)
  std::vector<std::string> holding;  // moves the deep search found to hold (for the message)
};

Board fromDiagram(const std::vector<std::string>& rows) {
  Board b(static_cast<int>(rows.size()));
  for (int y = 0; y < b.size(); ++y)
    for (int x = 0; x < b.size(); ++x) {
      const char c = rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
      if (c == 'X') b.set({x, y}, Stone::Black);
      if (c == 'O') b.set({x, y}, Stone::White);
    }
  return b;
}

const std::vector<Tactic>& tactics() {
  static const std::vector<Tactic> t = {
      // Pela won as White with threes and fours after E9 (found at 6 M nodes: White wins by
      // force, score 29972); after C9 the deep search finds no win for White (+476).
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
       {"E9"},
       {"C9"}},
  };
  return t;
}

}  // namespace

TEST(Tactics, AvoidsTheMoveThatLostAtTwoMillionNodes) {
  for (const Tactic& t : tactics()) {
    Limits l;
    l.maxNodes = 2000000;
    l.memoryBytes = 64u << 20;
    const SearchResult r = think(fromDiagram(t.diagram), t.toMove, t.rule, l);
    ASSERT_TRUE(r.move) << t.name;
    const std::string move = pointName(*r.move, static_cast<int>(t.diagram.size()));
    for (const std::string& bad : t.losing)
      EXPECT_NE(move, bad) << t.name << ": played the losing move (score " << r.score << ", depth "
                           << r.depth << "); the deep search plays " << t.holding.front();
  }
}
