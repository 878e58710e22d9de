#pragma once
/// @file Internal: the single-threaded searcher behind ai::think (see engine.h).

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <vector>

#include "ai/engine.h"
#include "ai/position.h"

namespace gomoku::ai {

/// Level settings derived from Limits::level.
struct LevelParams {
  int maxDepth;        ///< deepest iteration
  int noise;           ///< random score spread at the root (0 = none)
  bool vcf;            ///< search for VCF before alpha-beta
  std::int64_t capMs;  ///< upper bound on thinking time (0 = none)
  int width;           ///< moves tried per node (after ordering)
};

/// Parameters for a level 1..5.
LevelParams levelParams(int level);

/// One search: alpha-beta with VCF on a Position.
class Searcher {
 public:
  /// Copies the board into a Position.
  Searcher(const Board& board, Stone toMove, Rule rule, const Limits& limits,
           const std::atomic<bool>* stop);
  /// Returns the tables for reuse by the next search.
  ~Searcher();
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;
  /// Runs the search.
  SearchResult run(const std::function<void(const SearchInfo&)>& onInfo);
  /// VCF for `attacker` from the current position; the sequence of cells or empty.
  std::vector<int> vcfRoot(int attacker, std::uint64_t nodeBudget);

  /// Flags of a cell for one colour.
  enum : unsigned {
    kFlagFive = 1,
    kFlagWin4 = 2,
    kFlagFour = 4,
    kFlagThree = 8,
    kFlagFourThree = 16,
    kFlagMaybeForbidden = 32
  };
  /// One candidate cell with its values for the side to move and the opponent.
  struct Cand {
    int idx;
    int self, opp;
    unsigned sf, of;
    int order;
  };

 private:
  int search(int depth, int alpha, int beta, int ply, bool pvNode);
  bool vcf(int attacker, int depth, int forced, int ply);
  bool vct(int attacker, int depth, int ply);
  bool vctDefended(int attacker, int depth, int ply);
  int defenderFivePoints(int defender, int* out);
  std::vector<int> vctRoot(int attacker, std::uint64_t nodeBudget);
  void scan(int stm, std::vector<Cand>& out);
  int evalFrom(const std::vector<Cand>& c) const;
  int cellValue(int idx, int color, unsigned& flags) const;
  bool legal(int idx, int color) const;
  bool timeUp();
  int fivePointsAround(int m, int color, int dirMask, int* out);
  std::int64_t elapsedMs() const;

  struct TTEntry {
    std::uint64_t key = 0;
    std::int16_t score = 0;
    std::int16_t move = -1;
    std::int8_t depth = -1;
    std::uint8_t flag = 0;
  };
  struct TableCache {
    std::vector<TTEntry> tt;
    std::vector<std::uint64_t> vcf;
  };
  static TableCache& cache();
  static std::mutex& cacheMutex();

  Position pos_;
  int root_;  // colour to move at the root
  Limits limits_;
  LevelParams lp_;
  const std::atomic<bool>* extStop_;
  bool stopped_ = false;
  int rootScore_ = 0;  // score of pv_[0]'s move in the running iteration
  std::uint64_t nodes_ = 0;
  std::uint64_t nodeLimit_ = 0;
  std::int64_t budgetMs_ = 0;
  std::chrono::steady_clock::time_point t0_;
  std::vector<TTEntry> tt_;
  std::uint64_t ttMask_ = 0;
  std::vector<std::uint64_t> vcfTable_;
  std::vector<std::vector<Cand>> candStack_;
  std::vector<int> vcfLine_;
  std::vector<int> pv_[64];
  int history_[2][kCells]{};
};

}  // namespace gomoku::ai
