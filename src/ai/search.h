#pragma once
/// @file Internal: the single-threaded searcher behind ai::think (see engine.h).

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <vector>

#include "ai/engine.h"
#include "ai/eval.h"
#include "ai/position.h"

namespace gomoku::ai {

/// Level settings derived from Limits::level.
struct LevelParams {
  int maxDepth;        ///< deepest iteration
  int noise;           ///< random score spread at the root (0 = none)
  bool vcf;            ///< search for VCF before alpha-beta
  std::int64_t capMs;  ///< upper bound on thinking time (0 = none)
  int width;           ///< moves tried per node (after ordering)
  /// Logarithmic late-move reductions away from threats (see Searcher::search).
  bool selective;
};

/// Parameters for a level 1..5.
LevelParams levelParams(int level);

/// One search: alpha-beta with VCF on a Position.
class Searcher {
 public:
  /// Copies the board into a Position.
  /// With `shareWith`, a helper thread's searcher: it uses that searcher's transposition and
  /// VCF tables (which must outlive it) and its start time.
  Searcher(const Board& board, Stone toMove, Rule rule, const Limits& limits,
           const std::atomic<bool>* stop, const Searcher* shareWith = nullptr);
  /// Returns the tables for reuse by the next search.
  ~Searcher();
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;
  /// Runs the search.
  SearchResult run(const std::function<void(const SearchInfo&)>& onInfo);
  /// A helper thread's search (lazy SMP): iterative deepening from depth 1 + `id` % 2 that only
  /// fills the shared tables, until stopped or out of time.
  void runHelper(int id);
  /// After runHelper: the deepest iteration it completed with a legal first move (0 = none),
  /// its score and its principal variation (cells, first move first).
  int helperDepth() const { return helperDepth_; }
  /// See helperDepth.
  int helperScore() const { return helperScore_; }
  /// See helperDepth.
  const std::vector<int>& helperPv() const { return helperPv_; }
  /// Nodes searched so far.
  std::uint64_t nodes() const { return nodes_; }
  /// VCF for `attacker` from the current position; the sequence of cells or empty.
  std::vector<int> vcfRoot(int attacker, std::uint64_t nodeBudget);

  /// Flags of a cell for one colour (eval.h: ClassFlag), also as Searcher::kFlag*.
  using enum ClassFlag;
  /// One candidate cell with its values for the side to move and the opponent.
  struct Cand {
    int idx;
    int self, opp;
    unsigned sf, of;
    int sc, oc;  // point classes (eval.h) for the side to move and the opponent
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
  int evaluate(int stm) const;
  int cellValue(int idx, int color, unsigned& flags, int& cls) const;
  bool legal(int idx, int color) const;
  bool timeUp();
  int fivePointsAround(int m, int color, int dirMask, int* out);
  std::int64_t elapsedMs() const;

  /// One transposition table entry as its fields.
  struct TTData {
    std::int16_t score = 0;
    std::int16_t move = -1;
    std::int8_t depth = -1;
    std::uint8_t flag = 0;  // 0 exact, 1 lower bound, 2 upper bound
  };
  /// A transposition table entry that threads share without locks: the data in one word, the
  /// key xor the data in the other, each read and written whole; an entry torn by two writers
  /// fails the key check and is a miss.
  struct TTEntry {
    std::uint64_t check = 0, data = 0;
    bool load(std::uint64_t key, TTData& out) {
      const std::uint64_t d = std::atomic_ref<std::uint64_t>(data).load(std::memory_order_relaxed);
      const std::uint64_t c = std::atomic_ref<std::uint64_t>(check).load(std::memory_order_relaxed);
      if ((c ^ d) != key || !(d >> 48)) return false;
      out.score = static_cast<std::int16_t>(d & 0xFFFF);
      out.move = static_cast<std::int16_t>((d >> 16) & 0xFFFF);
      out.depth = static_cast<std::int8_t>((d >> 32) & 0xFF);
      out.flag = static_cast<std::uint8_t>((d >> 40) & 0xFF);
      return true;
    }
    void store(std::uint64_t key, const TTData& in) {
      const std::uint64_t d =
          static_cast<std::uint16_t>(in.score) |
          static_cast<std::uint64_t>(static_cast<std::uint16_t>(in.move)) << 16 |
          static_cast<std::uint64_t>(static_cast<std::uint8_t>(in.depth)) << 32 |
          static_cast<std::uint64_t>(in.flag) << 40 | 1ull << 48;
      std::atomic_ref<std::uint64_t>(data).store(d, std::memory_order_relaxed);
      std::atomic_ref<std::uint64_t>(check).store(key ^ d, std::memory_order_relaxed);
    }
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
  bool turnBinds_ = false;  // budgetMs_ is the turn's own limit: search until it runs out
  std::chrono::steady_clock::time_point t0_;
  std::vector<TTEntry> ttOwned_;         // empty in a helper
  std::vector<std::uint64_t> vcfOwned_;  // empty in a helper
  TTEntry* tt_ = nullptr;
  std::uint64_t ttMask_ = 0;
  std::uint64_t* vcf_ = nullptr;
  std::uint64_t vcfMask_ = 0;
  std::vector<std::vector<Cand>> candStack_;
  std::vector<int> vcfLine_;
  std::vector<int> pv_[64];
  int history_[2][kCells]{};
  int helperDepth_ = 0, helperScore_ = 0;
  std::vector<int> helperPv_;
};

}  // namespace gomoku::ai
