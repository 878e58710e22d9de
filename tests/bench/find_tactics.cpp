// Finds the move a lost game turned on, for the engine's tactics suite
// (tests/ai/tactics_test.cpp). In each game record (.psq; bench_ai_match --save writes the
// engine names in colour order) that the engine whose name contains `--ours NAME` lost, it walks
// back over our moves from the end with a deep search (--nodes a position, one thread: the same
// answer every run) until the first position the deep search does not see as lost. There it
// prints the game's move, the deep search's move, the opponent's score after each (a forced win
// at or above 20000), and the position as a diagram (X Black, O White, the top row first).
// "a tactic" marks a position where the game's move loses by force and the deep one does not.
// Usage: find_tactics --ours NAME [--nodes N] [--back K] [--rule R] [--verbose] FILE.psq...
#include <cstdio>
#include <string>
#include <vector>

#include "ai/engine.h"
#include "core/game.h"
#include "core/notation.h"
#include "record/recordio.h"

using namespace gomoku;

namespace {

struct Settings {
  std::uint64_t nodes = 8000000;
  int back = 10;
  bool verbose = false;
  Rule rule = Rule::Freestyle;
};

ai::Limits limits(std::uint64_t nodes) {
  ai::Limits l;
  l.maxNodes = nodes;
  l.memoryBytes = 64u << 20;
  return l;
}

// The deep search's score for `side` to move. A forced block is scored 0 by the search without
// looking further: the block is played and the position after it searched instead (a few times
// at most, as long as the replies stay forced).
int score(Board b, Stone side, const Settings& s) {
  int sign = 1;
  for (int k = 0; k < 8; ++k) {
    const ai::SearchResult r = ai::think(b, side, s.rule, limits(s.nodes));
    if (r.reason != "block" || r.score != 0 || !r.move) return sign * r.score;
    b.set(*r.move, side);
    side = opponent(side);
    sign = -sign;
  }
  return 0;
}

Board boardAfter(const std::vector<Point>& moves, std::size_t n, int size) {
  Board b(size);
  for (std::size_t i = 0; i < n; ++i) b.set(moves[i], i % 2 ? Stone::White : Stone::Black);
  return b;
}

// True when the position holds no five (a finished game is not a position to judge).
bool open(const Board& b, Rule rule) {
  for (int y = 0; y < b.size(); ++y)
    for (int x = 0; x < b.size(); ++x)
      if (b.at({x, y}) != Stone::Empty && !winningLine(b, {x, y}, rule).empty()) return false;
  return true;
}

void printDiagram(const Board& b) {
  for (int y = 0; y < b.size(); ++y) {
    std::printf("      \"");
    for (int x = 0; x < b.size(); ++x) {
      const Stone s = b.at({x, y});
      std::printf("%c", s == Stone::Black ? 'X' : s == Stone::White ? 'O' : '.');
    }
    std::printf("\",\n");
  }
}

void analyse(const std::string& file, const std::string& ours, const Settings& s) {
  Record rec;
  try {
    rec = readRecordFile(file);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return;
  }
  if (rec.engines.size() != 2 || rec.moves.empty()) return;
  int us = -1;
  for (int k = 0; k < 2; ++k)
    if (rec.engines[k].find(ours) != std::string::npos) us = k;
  if (us < 0) return;
  const Stone side = us == 0 ? Stone::Black : Stone::White;
  const Stone them = opponent(side);
  const auto& mv = rec.moves;
  // .psq keeps no result: the game was lost when its last move, the opponent's, made five.
  const bool lost = (mv.size() % 2 == 1) == (them == Stone::Black) &&
                    !open(boardAfter(mv, mv.size(), rec.size), s.rule);
  if (!lost) return;
  int looked = 0;
  for (std::size_t i = mv.size(); i-- > 0 && looked < s.back;) {
    if ((i % 2 == 0) != (side == Stone::Black)) continue;
    ++looked;
    const Board before = boardAfter(mv, i, rec.size);
    const ai::SearchResult deep = ai::think(before, side, s.rule, limits(s.nodes));
    if (s.verbose)
      std::printf("  move %zu %s: deep search %s, score %d (%s)\n", i + 1,
                  pointName(mv[i], rec.size).c_str(),
                  deep.move ? pointName(*deep.move, rec.size).c_str() : "-", deep.score,
                  deep.reason.c_str());
    // Still lost here by the deep search, or a forced block: look further back.
    if (deep.score <= -ai::kWinScore || deep.reason == "block") continue;
    if (!deep.move || *deep.move == mv[i]) return;  // the game's move was the deep one
    Board after = before, alt = before;
    after.set(mv[i], side);
    alt.set(*deep.move, side);
    const int played = score(after, them, s);
    const int held = score(alt, them, s);
    std::printf(
        "%s, move %zu (%s to move): played %s, after it the opponent scores %d; the deep "
        "search plays %s, after it the opponent scores %d%s\n",
        file.c_str(), i + 1, side == Stone::Black ? "Black" : "White",
        pointName(mv[i], rec.size).c_str(), played, pointName(*deep.move, rec.size).c_str(), held,
        played >= ai::kWinScore && held < ai::kWinScore ? " (a tactic)" : "");
    printDiagram(before);
    std::fflush(stdout);
    return;
  }
}

}  // namespace

int main(int argc, char** argv) {
  Settings s;
  std::string ours;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (a == "--ours")
      ours = next();
    else if (a == "--nodes")
      s.nodes = std::stoull(next());
    else if (a == "--verbose")
      s.verbose = true;
    else if (a == "--back")
      s.back = std::stoi(next());
    else if (a == "--rule") {
      auto r = parseRule(next());
      if (!r) {
        std::fprintf(stderr, "unknown rule\n");
        return 2;
      }
      s.rule = *r;
    } else
      files.push_back(a);
  }
  if (ours.empty() || files.empty()) {
    std::fprintf(stderr,
                 "usage: find_tactics --ours NAME [--nodes N] [--back K] "
                 "[--rule R] [--verbose] FILE.psq...\n");
    return 2;
  }
  for (const std::string& f : files) analyse(f, ours, s);
  return 0;
}
