#include "ai/search.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <mutex>

#include "ai/eval.h"
#include "core/renju.h"

namespace gomoku::ai {

namespace {

constexpr int kMate = 30000;
constexpr int kInf = 32000;
constexpr int kMaxPly = 60;

// Late-move reductions of the selective search, by depth and move number (both below 64):
// ln(depth) * ln(move number + 1) / 2, rounded down.
const std::array<std::array<std::uint8_t, 64>, 64>& reductions() {
  static const auto table = [] {
    std::array<std::array<std::uint8_t, 64>, 64> t{};
    for (int d = 1; d < 64; ++d)
      for (int k = 1; k < 64; ++k)
        t[d][k] = static_cast<std::uint8_t>(std::log(d) * std::log(k + 1.0) / 2.0);
    return t;
  }();
  return table;
}

int other(int c) {
  return 3 - c;
}

std::uint64_t mix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace

Searcher::TableCache& Searcher::cache() {
  static TableCache c;
  return c;
}

std::mutex& Searcher::cacheMutex() {
  static std::mutex m;
  return m;
}

LevelParams levelParams(int level) {
  switch (std::clamp(level, kMinLevel, kMaxLevel)) {
    case 1:
      return {2, 300, false, 300, 12, false};
    case 2:
      return {3, 120, true, 600, 14, false};
    case 3:
      return {5, 40, true, 1500, 16, false};
    case 4:
      return {6, 0, true, 3000, 16, false};
    default:
      return {kMaxPly - 4, 0, true, 0, 18, true};
  }
}

Searcher::Searcher(const Board& board, Stone toMove, Rule rule, const Limits& limits,
                   const std::atomic<bool>* stop, const Searcher* shareWith)
    : pos_(board.size(), rule),
      root_(toMove == Stone::White ? kWhite : kBlack),
      limits_(limits),
      lp_(levelParams(limits.level)),
      extStop_(stop) {
  // Replay the stones; the order does not matter for the position itself.
  for (int y = 0; y < board.size(); ++y)
    for (int x = 0; x < board.size(); ++x) {
      const Stone s = board.at({x, y});
      if (s != Stone::Empty) pos_.play(cellIndex(x, y), s == Stone::Black ? kBlack : kWhite);
    }
  candStack_.resize(kMaxPly + 8);
  nodeLimit_ = limits.maxNodes;
  // Time budget for this move: the whole turn, less a margin for stopping (the clock is read
  // every 128 nodes) and for returning the move; with a game clock, a twelfth of what is left at
  // most.
  std::int64_t budget = 0, turnBudget = 0;
  if (limits.turnTimeMs > 0)
    budget = turnBudget = std::max<std::int64_t>(
        1, limits.turnTimeMs - std::clamp<std::int64_t>(limits.turnTimeMs / 40, 5, 50));
  if (limits.timeLeftMs >= 0) {
    const std::int64_t share = std::max<std::int64_t>(1, limits.timeLeftMs / 12 - 10);
    budget = budget > 0 ? std::min(budget, share) : share;
  }
  if (lp_.capMs > 0) budget = budget > 0 ? std::min(budget, lp_.capMs) : lp_.capMs;
  // The turn's own limit binds (not the game clock's share or a level's cap): what is not used
  // now is lost, so iterative deepening goes on until the deadline (a stopped iteration still
  // counts: see run()).
  turnBinds_ = turnBudget > 0 && budget == turnBudget;
  if (budget == 0 && limits.maxNodes == 0 && limits.maxDepth == 0) budget = 2000;
  budgetMs_ = budget;
  // Tables: no bigger than the search can fill (about 2 entries per node at ~1M nodes/s), and
  // no bigger than the memory limit. Allocations are reused from the previous search.
  std::size_t mem = std::max<std::size_t>(limits.memoryBytes, 1u << 20);
  std::uint64_t expectNodes = 0;
  if (budget > 0) expectNodes = static_cast<std::uint64_t>(budget) * 1000;
  if (limits.maxNodes)
    expectNodes = expectNodes ? std::min(expectNodes, limits.maxNodes) : limits.maxNodes;
  if (expectNodes)
    mem = std::min<std::size_t>(mem,
                                std::max<std::size_t>(expectNodes * 2 * sizeof(TTEntry), 1u << 20));
  const std::size_t vcfBytes = std::min<std::size_t>(mem / 4, 4u << 20);
  std::size_t vcfEntries = 1;
  while (vcfEntries * 2 * sizeof(std::uint64_t) <= vcfBytes) vcfEntries *= 2;
  std::size_t ttEntries = 1;
  while (ttEntries * 2 * sizeof(TTEntry) <= mem - vcfBytes) ttEntries *= 2;
  if (shareWith) {
    // A helper thread: the main searcher's tables.
    tt_ = shareWith->tt_;
    ttMask_ = shareWith->ttMask_;
    vcf_ = shareWith->vcf_;
    vcfMask_ = shareWith->vcfMask_;
    t0_ = shareWith->t0_;
    return;
  }
  {
    std::lock_guard<std::mutex> lock(cacheMutex());
    auto& c = cache();
    if (c.tt.size() == ttEntries) ttOwned_.swap(c.tt);
    if (c.vcf.size() == vcfEntries) vcfOwned_.swap(c.vcf);
  }
  if (ttOwned_.size() == ttEntries)
    std::fill(ttOwned_.begin(), ttOwned_.end(), TTEntry{});
  else
    ttOwned_.assign(ttEntries, TTEntry{});
  if (vcfOwned_.size() == vcfEntries)
    std::fill(vcfOwned_.begin(), vcfOwned_.end(), 0);
  else
    vcfOwned_.assign(vcfEntries, 0);
  tt_ = ttOwned_.data();
  ttMask_ = ttEntries - 1;
  vcf_ = vcfOwned_.data();
  vcfMask_ = vcfEntries - 1;
  t0_ = std::chrono::steady_clock::now();
}

Searcher::~Searcher() {
  if (ttOwned_.empty()) return;  // a helper's tables are the main searcher's
  std::lock_guard<std::mutex> lock(cacheMutex());
  auto& c = cache();
  if (c.tt.empty() || c.tt.size() < ttOwned_.size()) c.tt.swap(ttOwned_);
  if (c.vcf.empty() || c.vcf.size() < vcfOwned_.size()) c.vcf.swap(vcfOwned_);
}

std::int64_t Searcher::elapsedMs() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                               t0_)
      .count();
}

bool Searcher::timeUp() {
  if (stopped_) return true;
  if (extStop_ && extStop_->load(std::memory_order_relaxed)) return stopped_ = true;
  if (nodeLimit_ && nodes_ >= nodeLimit_) return stopped_ = true;
  if (budgetMs_ > 0 && (nodes_ & 127) == 0 && elapsedMs() >= budgetMs_) return stopped_ = true;
  return false;
}

int Searcher::cellValue(int idx, int color, unsigned& flags, int& cls) const {
  cls = pos_.pointClassAt(idx, color);
  const ClassInfo& ci = classInfo(cls);
  flags = ci.flags;
  if (color != kBlack || pos_.rule() != Rule::Renju) flags &= ~kFlagMaybeForbidden;
  return ci.value;
}

bool Searcher::legal(int idx, int color) const {
  return !(color == kBlack && pos_.rule() == Rule::Renju && pos_.forbidden(idx));
}

void Searcher::scan(int stm, std::vector<Cand>& out) {
  out.clear();
  const int n = pos_.size();
  const int opp = other(stm);
  for (int y = 0; y < n; ++y) {
    int i = cellIndex(0, y);
    for (int x = 0; x < n; ++x, ++i) {
      if (!pos_.empty(i) || !pos_.nearby(i)) continue;
      Cand c;
      c.idx = i;
      c.self = cellValue(i, stm, c.sf, c.sc);
      c.opp = cellValue(i, opp, c.of, c.oc);
      c.order = 0;
      out.push_back(c);
    }
  }
}

int Searcher::evaluate(int stm) const {
  // The weights of each empty point's class near stones, for the side to move and against it
  // for the other side (eval.h), summed as the position plays and undoes moves.
  const int v = evalWeights().tempo + pos_.evalSelf(stm) - pos_.evalOpp(other(stm));
  return std::clamp(v, -kWinScore + 1, kWinScore - 1);
}

int Searcher::fivePointsAround(int m, int color, int dirMask, int* out) {
  int count = 0;
  for (int d = 0; d < 4; ++d) {
    if (!(dirMask & (1 << d))) continue;
    for (int k = -4; k <= 4; ++k) {
      if (!k) continue;
      const int q = m + k * kDir[d];
      if (q < 0 || q >= kCells || !pos_.empty(q)) continue;
      if (pos_.pat(q, d, color) == kFive) {
        bool dup = false;
        for (int j = 0; j < count; ++j) dup |= out[j] == q;
        if (!dup && count < 8) out[count++] = q;
      }
    }
  }
  return count;
}

// VCF: `attacker` to move; `forced` is the defender's five point the attacker must block (-1
// when none). Returns true when a win by continuous fours exists within `depth` attacker moves;
// vcfLine_ then holds the moves (from this node on, in reverse order).
bool Searcher::vcf(int attacker, int depth, int forced, int ply) {
  ++nodes_;
  if (timeUp()) return false;
  if (depth <= 0) return false;
  const std::uint64_t h = pos_.hash() ^ (attacker == kWhite ? 0x5555ull << 40 : 0);
  const std::uint64_t slot = h & vcfMask_;
  {
    const std::uint64_t e =
        std::atomic_ref<std::uint64_t>(vcf_[slot]).load(std::memory_order_relaxed);
    if ((e & ~0xFFull) == (h & ~0xFFull) && static_cast<int>(e & 0xFF) >= depth) return false;
  }
  const int defender = other(attacker);
  struct M {
    int idx, prio, dirs;
  };
  M moves[128];
  int nm = 0;
  const int last = pos_.count() >= 2 ? pos_.history()[pos_.count() - 2] : -1;
  auto consider = [&](int i) {
    int dirs = 0, threes = 0, win = 0;
    for (int d = 0; d < 4; ++d) {
      const int p = pos_.pat(i, d, attacker);
      if (p == kFive)
        win = 2;
      else if (p == kF4)
        win = std::max(win, 1), dirs |= 1 << d;
      else if (p == kB4)
        dirs |= 1 << d;
      else if (p == kF3)
        ++threes;
    }
    if (!dirs && !win) return;
    int prio = 0;
    if (win == 2)
      prio = 1000;
    else if (win == 1 || __builtin_popcount(dirs) >= 2)
      prio = 900;
    else
      prio = threes ? 500 : 100;
    if (last >= 0) {
      const int dx = std::abs(cellX(i) - cellX(last)), dy = std::abs(cellY(i) - cellY(last));
      prio -= std::max(dx, dy);
    }
    if (nm < 128) moves[nm++] = {i, prio, dirs};
  };
  if (forced >= 0) {
    consider(forced);
  } else {
    const int n = pos_.size();
    for (int y = 0; y < n; ++y) {
      int i = cellIndex(0, y);
      for (int x = 0; x < n; ++x, ++i)
        if (pos_.empty(i) && pos_.nearby(i)) consider(i);
    }
  }
  std::sort(moves, moves + nm, [](const M& a, const M& b) { return a.prio > b.prio; });
  for (int k = 0; k < nm; ++k) {
    const M& mv = moves[k];
    if (!legal(mv.idx, attacker)) continue;
    if (mv.prio >= 1000 - 30) {  // five
      vcfLine_.clear();
      vcfLine_.push_back(mv.idx);
      return true;
    }
    pos_.playQuick(mv.idx, attacker);
    int fives[8];
    const int nf = fivePointsAround(mv.idx, attacker, mv.dirs ? mv.dirs : 15, fives);
    bool win = false;
    if (nf >= 2) {
      // Two five points: a win unless the defender makes five first (it has none: forced
      // handling blocks its fours) -- but a renju Black five point may be an overline; the
      // table already excludes those.
      win = true;
      vcfLine_.clear();
      vcfLine_.push_back(mv.idx);
    } else if (nf == 1) {
      const int b = fives[0];
      if (defender == kBlack && pos_.rule() == Rule::Renju && pos_.forbidden(b)) {
        win = true;  // Black cannot block on a forbidden point
        vcfLine_.clear();
        vcfLine_.push_back(mv.idx);
      } else {
        // The defender blocks at b; if that makes its own five, this four fails.
        bool defFive = false;
        for (int d = 0; d < 4; ++d) defFive |= pos_.pat(b, d, defender) == kFive;
        if (!defFive) {
          pos_.playQuick(b, defender);
          int dfives[8];
          const int ndf = fivePointsAround(b, defender, 15, dfives);
          if (ndf <= 1 && vcf(attacker, depth - 1, ndf ? dfives[0] : -1, ply + 2)) {
            vcfLine_.push_back(b);
            vcfLine_.push_back(mv.idx);
            win = true;
          }
          pos_.undoQuick();
        }
      }
    }
    pos_.undoQuick();
    if (win) return true;
    if (stopped_) return false;
  }
  if (!stopped_)
    std::atomic_ref<std::uint64_t>(vcf_[slot])
        .store((h & ~0xFFull) | static_cast<std::uint64_t>(std::min(depth, 255)),
               std::memory_order_relaxed);
  return false;
}

std::vector<int> Searcher::vcfRoot(int attacker, std::uint64_t nodeBudget) {
  const std::uint64_t savedLimit = nodeLimit_;
  if (nodeBudget)
    nodeLimit_ = nodeLimit_ ? std::min(nodeLimit_, nodes_ + nodeBudget) : nodes_ + nodeBudget;
  std::vector<int> result;
  // The defender's existing five points.
  const int defender = other(attacker);
  int forced = -1, nforced = 0;
  const int n = pos_.size();
  for (int y = 0; y < n; ++y) {
    int i = cellIndex(0, y);
    for (int x = 0; x < n; ++x, ++i) {
      if (!pos_.empty(i)) continue;
      for (int d = 0; d < 4; ++d)
        if (pos_.pat(i, d, defender) == kFive) {
          forced = i;
          ++nforced;
          break;
        }
    }
  }
  if (nforced <= 1) {
    static constexpr int kDepths[] = {2, 4, 7, 11, 16, 24, 36, 60, 100};
    for (int depth : kDepths) {
      vcfLine_.clear();
      if (vcf(attacker, depth, forced, 0)) {
        result.assign(vcfLine_.rbegin(), vcfLine_.rend());
        break;
      }
      if (stopped_) break;
    }
  }
  // A stop caused by the VCF's own node budget does not end the whole search.
  if (stopped_ && nodeBudget && !(extStop_ && extStop_->load()) &&
      !(savedLimit && nodes_ >= savedLimit) && !(budgetMs_ > 0 && elapsedMs() >= budgetMs_))
    stopped_ = false;
  nodeLimit_ = savedLimit;
  return result;
}

int Searcher::defenderFivePoints(int defender, int* out) {
  int count = 0;
  const int n = pos_.size();
  for (int y = 0; y < n; ++y) {
    int i = cellIndex(0, y);
    for (int x = 0; x < n; ++x, ++i) {
      if (!pos_.empty(i) || !pos_.nearby(i)) continue;
      for (int d = 0; d < 4; ++d)
        if (pos_.pat(i, d, defender) == kFive) {
          if (count < 8) out[count] = i;
          ++count;
          break;
        }
    }
  }
  return count;
}

// VCT (victory by continuous threats: fours and open threes), attacker to move. Sound but not
// complete: the defender may answer a three on any point where the attacker would get a four
// (anywhere) or with any four of its own, and a four of the defender must be answered by a move
// that is itself a threat. vcfLine_ gets the first move on success.
bool Searcher::vct(int attacker, int depth, int ply) {
  ++nodes_;
  if (timeUp()) return false;
  const int defender = other(attacker);
  int dfives[8];
  const int ndf = defenderFivePoints(defender, dfives);
  if (ndf >= 2) return false;
  const int forced = ndf == 1 ? dfives[0] : -1;
  vcfLine_.clear();
  if (vcf(attacker, 8, forced, ply)) {
    const int first = vcfLine_.back();
    vcfLine_.assign(1, first);
    return true;
  }
  if (stopped_ || depth <= 0) return false;
  const std::uint64_t h = pos_.hash() ^ (attacker == kWhite ? 0x3333ull << 44 : 0x7777ull << 36);
  const std::uint64_t slot = h & vcfMask_;
  {
    const std::uint64_t e =
        std::atomic_ref<std::uint64_t>(vcf_[slot]).load(std::memory_order_relaxed);
    if ((e & ~0xFFull) == (h & ~0xFFull) && static_cast<int>(e & 0xFF) >= depth) return false;
  }
  // Attacker moves: fours and threes, strongest first.
  struct M {
    int idx, prio;
  };
  M moves[64];
  int nm = 0;
  auto consider = [&](int i) {
    int fours = 0, threes = 0;
    for (int d = 0; d < 4; ++d) {
      const int p = pos_.pat(i, d, attacker);
      if (p == kB4 || p == kF4)
        ++fours;
      else if (p == kF3)
        ++threes;
    }
    if (!fours && !threes) return;
    int prio = fours * 100 + threes * 60;
    for (int d = 0; d < 4; ++d) {
      const int p = pos_.pat(i, d, defender);
      if (p >= kB3 && p <= kF4) prio += 10;  // also blocks the defender
    }
    if (nm < 64) moves[nm++] = {i, prio};
  };
  if (forced >= 0) {
    consider(forced);
  } else {
    const int n = pos_.size();
    for (int y = 0; y < n; ++y) {
      int i = cellIndex(0, y);
      for (int x = 0; x < n; ++x, ++i)
        if (pos_.empty(i) && pos_.nearby(i)) consider(i);
    }
  }
  std::sort(moves, moves + nm, [](const M& a, const M& b) { return a.prio > b.prio; });
  nm = std::min(nm, 12);
  for (int k = 0; k < nm; ++k) {
    const int m = moves[k].idx;
    if (!legal(m, attacker)) continue;
    pos_.playQuick(m, attacker);
    bool win = false;
    int fives[8];
    const int nf = fivePointsAround(m, attacker, 15, fives);
    if (nf >= 1) {
      // A four: the defender's reply is forced (the VCF above found no win after it, but a
      // three may follow).
      const int b = fives[0];
      bool defFive = false;
      for (int d = 0; d < 4; ++d) defFive |= pos_.pat(b, d, defender) == kFive;
      if (nf == 1 && !defFive &&
          !(defender == kBlack && pos_.rule() == Rule::Renju && pos_.forbidden(b))) {
        pos_.playQuick(b, defender);
        win = vct(attacker, depth - 1, ply + 2);
        pos_.undoQuick();
      }
    } else {
      // A three: real only when the attacker now has a legal open four to make.
      bool real = false;
      const int n = pos_.size();
      for (int d = 0; d < 4 && !real; ++d)
        for (int j = -4; j <= 4 && !real; ++j) {
          const int q = m + j * kDir[d];
          if (j && q >= 0 && q < kCells && pos_.empty(q) && pos_.pat(q, d, attacker) == kF4 &&
              legal(q, attacker))
            real = true;
        }
      (void)n;
      if (real) win = vctDefended(attacker, depth - 1, ply + 1);
    }
    pos_.undoQuick();
    if (win) {
      vcfLine_.assign(1, m);
      return true;
    }
    if (stopped_) return false;
  }
  if (!stopped_)
    std::atomic_ref<std::uint64_t>(vcf_[slot])
        .store((h & ~0xFFull) | static_cast<std::uint64_t>(std::min(depth, 255)),
               std::memory_order_relaxed);
  return false;
}

// The defender to move against an open three: every point where the attacker would make a four
// and every four of the defender. True when the attacker wins after each of them.
bool Searcher::vctDefended(int attacker, int depth, int ply) {
  ++nodes_;
  if (timeUp()) return false;
  const int defender = other(attacker);
  int defs[96];
  int nd = 0;
  const int n = pos_.size();
  for (int y = 0; y < n; ++y) {
    int i = cellIndex(0, y);
    for (int x = 0; x < n; ++x, ++i) {
      if (!pos_.empty(i) || !pos_.nearby(i)) continue;
      bool add = false;
      for (int d = 0; d < 4 && !add; ++d) {
        const int pa = pos_.pat(i, d, attacker), pd = pos_.pat(i, d, defender);
        if (pd == kFive) return false;  // the defender wins first
        add = (pa >= kB4 && pa <= kFive) || pd == kB4 || pd == kF4;
      }
      if (add) {
        if (nd >= 96) return false;
        defs[nd++] = i;
      }
    }
  }
  if (nd == 0) return false;
  for (int k = 0; k < nd; ++k) {
    const int dm = defs[k];
    if (!legal(dm, defender)) continue;
    pos_.playQuick(dm, defender);
    const bool win = vct(attacker, depth, ply + 1);
    pos_.undoQuick();
    if (!win) return false;
  }
  return true;
}

std::vector<int> Searcher::vctRoot(int attacker, std::uint64_t nodeBudget) {
  const std::uint64_t savedLimit = nodeLimit_;
  if (nodeBudget)
    nodeLimit_ = nodeLimit_ ? std::min(nodeLimit_, nodes_ + nodeBudget) : nodes_ + nodeBudget;
  std::vector<int> result;
  for (int depth = 1; depth <= 5; ++depth) {
    if (vct(attacker, depth, 0)) {
      result = vcfLine_;
      break;
    }
    if (stopped_) break;
  }
  if (stopped_ && nodeBudget && !(extStop_ && extStop_->load()) &&
      !(savedLimit && nodes_ >= savedLimit) && !(budgetMs_ > 0 && elapsedMs() >= budgetMs_))
    stopped_ = false;
  nodeLimit_ = savedLimit;
  return result;
}

int Searcher::search(int depth, int alpha, int beta, int ply, bool pvNode) {
  ++nodes_;
  pv_[ply].clear();
  if (timeUp()) return 0;
  const int n = pos_.size();
  if (pos_.count() >= n * n) return 0;
  const int stm = (ply % 2 == 0) ? root_ : other(root_);
  const int opp = other(stm);

  // Transposition table (shared with the helper threads: see TTEntry).
  TTEntry& te = tt_[pos_.hash() & ttMask_];
  const std::uint64_t key = pos_.hash() ^ static_cast<std::uint64_t>(stm);
  int ttMove = -1;
  TTData hit;
  if (te.load(key, hit)) {
    ttMove = hit.move;
    if (!pvNode && hit.depth >= depth) {
      int s = hit.score;
      if (s > kWinScore)
        s -= ply;
      else if (s < -kWinScore)
        s += ply;
      if (hit.flag == 0 || (hit.flag == 1 && s >= beta) || (hit.flag == 2 && s <= alpha)) return s;
    }
  }

  // A quiet horizon (no five to make or to stop, and a win by an open four needs no renju check)
  // is judged from the position's running counts without a scan.
  if (pos_.fivePoints(stm)) return kMate - ply;
  if ((depth <= 0 || ply >= kMaxPly) && !pos_.fivePoints(opp) &&
      !(pos_.win4Points(stm) && stm == kBlack && pos_.rule() == Rule::Renju)) {
    if (pos_.win4Points(stm)) return kMate - ply - 2;
    if (pos_.fourPoints(stm) && ply < kMaxPly) {
      const bool saved = stopped_;
      if (vcf(stm, 4, -1, ply)) return kMate - ply - 8;
      if (stopped_ && !saved) return 0;
    }
    return evaluate(stm);
  }

  std::vector<Cand>& cands = candStack_[ply];
  scan(stm, cands);
  if (cands.empty()) return 0;
  int oppFive = -1, oppFives = 0;
  bool oppWin4 = false;
  for (const Cand& c : cands) {
    if (c.sf & kFlagFive) return kMate - ply;
    if (c.of & kFlagFive) {
      oppFive = c.idx;
      ++oppFives;
    }
  }
  int newDepth = depth - 1;
  bool threatened = false;  // the list holds only the answers to a threat of the opponent
  std::vector<int> list;
  std::vector<char> quiet;  // per move in list: may be searched with reduced depth
  list.reserve(32);
  if (oppFives >= 2) return -(kMate - ply - 1);
  if (oppFives == 1) {
    if (!legal(oppFive, stm)) return -(kMate - ply - 1);
    threatened = true;
    list.push_back(oppFive);
    newDepth = depth;  // forced reply: no depth spent
  } else {
    for (const Cand& c : cands)
      if ((c.sf & kFlagWin4) && legal(c.idx, stm)) return kMate - ply - 2;
    // Near the root, a deeper VCF for the side to move (the opponent's threats after our
    // candidate move at ply 1, ours at ply 2).
    if (ply >= 1 && ply <= 2 && depth > 0) {
      bool anyFour = false;
      for (const Cand& c : cands) anyFour |= (c.sf & kFlagFour) != 0;
      if (anyFour) {
        const bool saved = stopped_;
        if (vcf(stm, 12, -1, ply)) return kMate - ply - 20;
        if (stopped_ && !saved) return 0;
      }
    }
    if (depth <= 0 || ply >= kMaxPly) {
      // Horizon: a short VCF for the side to move when it has a four to start with.
      bool anyFour = false;
      for (const Cand& c : cands) anyFour |= (c.sf & kFlagFour) != 0;
      if (anyFour && ply < kMaxPly) {
        const bool saved = stopped_;
        if (vcf(stm, 4, -1, ply)) return kMate - ply - 8;
        if (stopped_ && !saved) return 0;
      }
      return evaluate(stm);
    }
    for (const Cand& c : cands)
      if ((c.of & kFlagWin4) && legal(c.idx, opp)) oppWin4 = true;
    threatened = oppWin4;
    for (Cand& c : cands) {
      c.order = c.self + c.opp + history_[stm - 1][c.idx];
      if (c.idx == ttMove) c.order += 1000000;
    }
    std::sort(cands.begin(), cands.end(),
              [](const Cand& a, const Cand& b) { return a.order > b.order; });
    const int width = ply == 0 ? 40 : lp_.width;
    for (const Cand& c : cands) {
      if (oppWin4 && !(c.sf & kFlagFour) && !(c.of & (kFlagFour | kFlagWin4))) continue;
      if (!oppWin4 && static_cast<int>(list.size()) >= width) break;
      list.push_back(c.idx);
      // Quiet: makes no four or three and stops none of the opponent's.
      quiet.push_back(!(c.sf & (kFlagFour | kFlagThree)) && !(c.of & (kFlagFour | kFlagThree)) &&
                      !oppWin4);
    }
    if (list.empty()) {
      // No sensible move (renju Black with only forbidden points nearby): any legal cell.
      for (const Cand& c : cands)
        if (legal(c.idx, stm)) {
          list.push_back(c.idx);
          break;
        }
      if (list.empty()) return oppWin4 ? -(kMate - ply - 3) : 0;
    }
  }

  // Selective search (level 5): away from threats, late moves are searched less deep (below).
  // No move is pruned outright: late-move pruning (only the 6 + depth best-ordered moves off the
  // principal variation) lost to the full-width level 4 at 1 s a move (26 % over 40 games) and
  // missed defences the tactics suite holds.
  const bool selective = lp_.selective && !threatened;
  const int alpha0 = alpha;
  int best = -kInf, bestMove = list.front();
  for (std::size_t k = 0; k < list.size(); ++k) {
    const int m = list[k];
    pos_.play(m, stm);
    int s;
    if (k == 0) {
      s = -search(newDepth, -beta, -alpha, ply + 1, pvNode);
    } else {
      // Late moves first get a reduced null-window search: quiet ones by one or two plies; in
      // the selective search every move from the third on, by the reduction table (one more
      // for a quiet move off the principal variation).
      bool reduce = k >= 3 && depth >= 3 && k < quiet.size() && quiet[k];
      int reduction = k >= 8 ? 2 : 1;
      if (selective && depth >= 2 && k >= 2) {
        reduction = reductions()[std::min(depth, 63)][std::min<std::size_t>(k, 63)] +
                    (k < quiet.size() && quiet[k] && !pvNode ? 1 : 0);
        reduce = reduction > 0;
      }
      s = -search(reduce ? newDepth - reduction : newDepth, -alpha - 1, -alpha, ply + 1, false);
      if (reduce && s > alpha && !stopped_)
        s = -search(newDepth, -alpha - 1, -alpha, ply + 1, false);
      if (s > alpha && s < beta && !stopped_) s = -search(newDepth, -beta, -alpha, ply + 1, true);
    }
    pos_.undo();
    if (stopped_) return 0;
    if (s > best) {
      best = s;
      bestMove = m;
      if (s > alpha) {
        alpha = s;
        pv_[ply].assign(1, m);
        pv_[ply].insert(pv_[ply].end(), pv_[ply + 1].begin(), pv_[ply + 1].end());
        if (ply == 0) rootScore_ = s;
        if (s >= beta) {
          history_[stm - 1][m] += depth * depth;
          break;
        }
      }
    }
  }
  int store = best;
  if (store > kWinScore)
    store += ply;
  else if (store < -kWinScore)
    store -= ply;
  TTData d;
  d.score = static_cast<std::int16_t>(store);
  d.move = static_cast<std::int16_t>(bestMove);
  d.depth = static_cast<std::int8_t>(std::clamp(depth, -1, 120));
  d.flag = best >= beta ? 1 : best <= alpha0 ? 2 : 0;
  te.store(key, d);
  return best;
}

void Searcher::runHelper(int id) {
  const int maxDepth =
      limits_.maxDepth > 0 ? std::min(limits_.maxDepth, kMaxPly - 4) : lp_.maxDepth;
  for (int depth = 1 + id % 2; depth <= maxDepth && !stopped_; ++depth) {
    const int score = search(depth, -kInf, kInf, 0, true);
    if (stopped_ || pv_[0].empty()) break;
    if (!pos_.empty(pv_[0].front()) || !legal(pv_[0].front(), root_)) continue;
    helperDepth_ = depth;
    helperScore_ = score;
    helperPv_ = pv_[0];
    if (std::abs(score) >= kWinScore) break;
  }
}

SearchResult Searcher::run(const std::function<void(const SearchInfo&)>& onInfo) {
  SearchResult r;
  auto toPoint = [](int i) { return Point{cellX(i), cellY(i)}; };
  auto finish = [&](int move, const char* reason) {
    if (move >= 0) r.move = toPoint(move);
    r.reason = reason;
    r.nodes = nodes_;
    r.elapsedMs = elapsedMs();
    return r;
  };
  const int stm = root_, opp = other(root_);
  const int n = pos_.size();
  // Every legal move (also far ones) for the fallback.
  std::vector<int> legalMoves;
  int center = cellIndex(n / 2, n / 2);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      const int i = cellIndex(x, y);
      if (pos_.empty(i) && legal(i, stm)) legalMoves.push_back(i);
    }
  if (legalMoves.empty()) return finish(-1, "no legal move");
  if (pos_.count() == 0) {
    if (pos_.empty(center) && legal(center, stm)) return finish(center, "opening");
  }
  std::vector<Cand> cands;
  scan(stm, cands);
  if (cands.empty()) return finish(legalMoves.front(), "only move");
  std::sort(cands.begin(), cands.end(), [](const Cand& a, const Cand& b) {
    return a.self + a.opp != b.self + b.opp ? a.self + a.opp > b.self + b.opp : a.idx < b.idx;
  });
  auto firstLegal = [&]() {
    for (const Cand& c : cands)
      if (legal(c.idx, stm)) return c.idx;
    return legalMoves.front();
  };
  // 1. Our five.
  for (const Cand& c : cands)
    if (c.sf & kFlagFive) {
      r.forcedWin = true;
      r.score = kMate;
      return finish(c.idx, "five");
    }
  // 2. The opponent's five points: block (one of them).
  std::vector<int> oppFives;
  for (const Cand& c : cands)
    if (c.of & kFlagFive) oppFives.push_back(c.idx);
  if (!oppFives.empty()) {
    for (int b : oppFives)
      if (legal(b, stm)) {
        r.score = oppFives.size() > 1 ? -kMate : 0;
        return finish(b, "block");
      }
    r.score = -kMate;
    return finish(firstLegal(), "lost");  // renju: the block is forbidden for Black
  }
  // 3. Our open four / double four.
  for (const Cand& c : cands)
    if ((c.sf & kFlagWin4) && legal(c.idx, stm)) {
      r.forcedWin = true;
      r.score = kMate - 2;
      return finish(c.idx, "four");
    }
  // 4. VCF.
  if (lp_.vcf) {
    std::uint64_t budget = limits_.level >= 4 ? 0 : 20000;
    if (limits_.maxNodes) budget = std::max<std::uint64_t>(1, limits_.maxNodes / 3);
    const std::int64_t savedBudget = budgetMs_;
    if (budgetMs_ > 0) budgetMs_ = std::max<std::int64_t>(1, budgetMs_ * 2 / 5);
    std::vector<int> line = vcfRoot(stm, budget);
    budgetMs_ = savedBudget;
    if (!(extStop_ && extStop_->load()) && !(budgetMs_ > 0 && elapsedMs() >= budgetMs_))
      stopped_ = false;
    if (!line.empty() && legal(line.front(), stm)) {
      r.forcedWin = true;
      r.score = kMate - static_cast<int>(line.size());
      for (int i : line) r.pv.push_back(toPoint(i));
      return finish(line.front(), "vcf");
    }
    if (stopped_) return finish(firstLegal(), "stopped");
  }
  // 4b. VCT (levels 4 and 5).
  if (lp_.vcf && limits_.level >= 4) {
    std::uint64_t budget = limits_.maxNodes ? std::max<std::uint64_t>(1, limits_.maxNodes / 4) : 0;
    const std::int64_t savedBudget = budgetMs_;
    if (budgetMs_ > 0) budgetMs_ = std::max<std::int64_t>(1, elapsedMs() + budgetMs_ / 4);
    std::vector<int> line = vctRoot(stm, budget);
    budgetMs_ = savedBudget;
    if (!(extStop_ && extStop_->load()) && !(budgetMs_ > 0 && elapsedMs() >= budgetMs_))
      stopped_ = false;
    if (!line.empty() && pos_.empty(line.front()) && legal(line.front(), stm)) {
      r.forcedWin = true;
      r.score = kMate - 40;
      r.pv.assign(1, toPoint(line.front()));
      return finish(line.front(), "vct");
    }
    if (stopped_) return finish(firstLegal(), "stopped");
  }
  // 5. Iterative deepening.
  const int maxDepth =
      limits_.maxDepth > 0 ? std::min(limits_.maxDepth, kMaxPly - 4) : lp_.maxDepth;
  int bestMove = -1, bestScore = 0;
  std::uint64_t rng = mix(limits_.seed ^ pos_.hash());
  for (int depth = 1; depth <= maxDepth; ++depth) {
    int score;
    int moveThisIter = -1;
    if (lp_.noise > 0) {
      // Every root move gets an exact score; noise picks among the good ones.
      std::vector<Cand>& rc = candStack_[kMaxPly + 1];
      scan(stm, rc);
      std::sort(rc.begin(), rc.end(), [](const Cand& a, const Cand& b) {
        return a.self + a.opp != b.self + b.opp ? a.self + a.opp > b.self + b.opp : a.idx < b.idx;
      });
      bool oppThreat = false;
      for (const Cand& c : rc) oppThreat |= (c.of & kFlagWin4) && legal(c.idx, opp);
      int bestNoisy = -kInf * 2;
      score = -kInf;
      int tried = 0;
      std::uint64_t rs = rng;
      for (const Cand& c : rc) {
        if (tried >= lp_.width) break;
        if (oppThreat && !(c.sf & kFlagFour) && !(c.of & (kFlagFour | kFlagWin4))) continue;
        if (!legal(c.idx, stm)) continue;
        ++tried;
        pos_.play(c.idx, stm);
        const int s = -search(depth - 1, -kInf, kInf, 1, true);
        pos_.undo();
        if (stopped_) break;
        rs = mix(rs);
        const int noisy =
            s + (std::abs(s) >= kWinScore ? 0 : static_cast<int>(rs % (lp_.noise + 1)));
        if (noisy > bestNoisy) {
          bestNoisy = noisy;
          moveThisIter = c.idx;
          score = s;
        }
      }
      if (stopped_ && moveThisIter >= 0 && bestMove >= 0) moveThisIter = -1;
    } else {
      rootScore_ = -kInf;
      score = search(depth, -kInf, kInf, 0, true);
      // pv_[0] holds the best root move whose search ended: a stopped iteration's too.
      if (!pv_[0].empty()) moveThisIter = pv_[0].front();
      if (stopped_) score = rootScore_;
    }
    // A completed iteration replaces the result, and so does a stopped one that searched its
    // first move (at least) to the end (at the root every move gets a full window).
    const int previousMove = bestMove, previousScore = bestScore;
    if (moveThisIter >= 0 && (!stopped_ || bestMove < 0 || lp_.noise == 0)) {
      bestMove = moveThisIter;
      bestScore = score;
      r.depth = depth;
      r.pv.clear();
      if (lp_.noise > 0)
        r.pv.push_back(toPoint(bestMove));
      else
        for (int i : pv_[0]) r.pv.push_back(toPoint(i));
    }
    if (stopped_) break;
    if (onInfo) {
      SearchInfo info;
      info.depth = depth;
      info.score = bestScore;
      info.nodes = nodes_;
      info.elapsedMs = elapsedMs();
      info.pv = r.pv;
      onInfo(info);
    }
    if (std::abs(bestScore) >= kWinScore) break;
    // With the game clock's share, a new iteration (about twice as long as the last) is started
    // while it can at least search its first moves; longer when the best move changed or the
    // score fell. With the turn's own limit, until the deadline.
    if (budgetMs_ > 0 && !turnBinds_) {
      const bool unstable =
          depth >= 4 && (bestMove != previousMove || bestScore < previousScore - 30);
      if (elapsedMs() * 100 >= budgetMs_ * (unstable ? 85 : 55)) break;
    }
  }
  if (bestMove < 0 || !pos_.empty(bestMove) || !legal(bestMove, stm)) bestMove = firstLegal();
  r.score = bestScore;
  r.forcedWin = bestScore >= kWinScore;
  return finish(bestMove, "search");
}

}  // namespace gomoku::ai
