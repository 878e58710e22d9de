#include "ai/position.h"

#include <mutex>

#include "ai/eval.h"
#include "core/renju.h"

namespace gomoku::ai {

namespace {

// Slot of line position j (0..8, centre 4) in a key.
constexpr int slotOf(int j) {
  return j < 4 ? j : j - 1;
}

struct Tables {
  std::uint8_t t[2][3][65536];  // [exact][color]
};

// Pattern of a line of 9 cells (centre = color) given by `key`; memoised in `memo`.
struct Classifier {
  bool exact;
  int color;
  std::int16_t memo[65536];

  int cellOf(unsigned key, int j) const {
    if (j == 4) return color;
    return (key >> (2 * slotOf(j))) & 3;
  }
  // Length of the run of `color` through the centre.
  int run(unsigned key) const {
    int len = 1;
    for (int j = 3; j >= 0 && cellOf(key, j) == color; --j) ++len;
    for (int j = 5; j <= 8 && cellOf(key, j) == color; ++j) ++len;
    return len;
  }
  int classify(unsigned key) {
    if (memo[key] >= 0) return memo[key];
    int result = kNone;
    const int r = run(key);
    if (r >= 5) {
      result = (r == 5 || !exact) ? kFive : kOverline;
    } else {
      int fives = 0, best = kNone;
      for (int j = 0; j < 9; ++j) {
        if (j == 4 || cellOf(key, j) != kEmpty) continue;
        const unsigned k2 = key | (static_cast<unsigned>(color) << (2 * slotOf(j)));
        const int p = classify(k2);
        if (p == kFive)
          ++fives;
        else if (p != kOverline && p > best)
          best = p;
      }
      if (fives >= 2)
        result = kF4;
      else if (fives == 1)
        result = kB4;
      else if (best == kF4)
        result = kF3;
      else if (best == kB4)
        result = kB3;
      else if (best == kF3)
        result = kF2;
      else if (best == kB3)
        result = kB2;
    }
    memo[key] = static_cast<std::int16_t>(result);
    return result;
  }
};

const Tables& tables() {
  static const Tables* t = [] {
    auto* tb = new Tables;
    auto* c = new Classifier;
    for (int exact = 0; exact < 2; ++exact)
      for (int color = 1; color <= 2; ++color) {
        c->exact = exact != 0;
        c->color = color;
        for (auto& m : c->memo) m = -1;
        for (unsigned key = 0; key < 65536; ++key) {
          // Keys whose slots hold a wall followed (outwards) by a non-wall are impossible;
          // classify them anyway (harmless).
          tb->t[exact][color][key] = static_cast<std::uint8_t>(c->classify(key));
        }
        for (unsigned key = 0; key < 65536; ++key) tb->t[exact][0][key] = kNone;
      }
    delete c;
    return tb;
  }();
  return *t;
}

struct Zobrist {
  std::uint64_t z[3][kCells];
  Zobrist() {
    std::uint64_t s = 0x9E3779B97F4A7C15ull;
    for (auto& row : z)
      for (auto& v : row) {
        s += 0x9E3779B97F4A7C15ull;  // splitmix64
        std::uint64_t x = s;
        x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
        x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
        v = x ^ (x >> 31);
      }
  }
};
const Zobrist& zob() {
  static const Zobrist z;
  return z;
}

// Cells whose class or nearness a stone at the origin can change: the 4 lines out to 4 cells
// (their patterns change) first, then the rest of the 5x5 square (only their nearness does).
struct Affected {
  int offset[64];
  int n = 0, lines = 0;
  Affected() {
    auto add = [&](int o) {
      for (int k = 0; k < n; ++k)
        if (offset[k] == o) return;
      offset[n++] = o;
    };
    for (int d = 0; d < 4; ++d)
      for (int k = -4; k <= 4; ++k) add(k * kDir[d]);
    lines = n;
    for (int dy = -2; dy <= 2; ++dy)
      for (int dx = -2; dx <= 2; ++dx) add(dy * kStride + dx);
  }
};
const Affected& affected() {
  static const Affected a;
  return a;
}

}  // namespace

const std::uint8_t* patternTable(bool exact, int color) {
  return tables().t[exact ? 1 : 0][color];
}

std::uint64_t zobrist(int i, int color) {
  return zob().z[color][i];
}

Position::Position(int n, Rule r) : n_(n), rule_(r), board_(n) {
  cell_.fill(kWall);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) cell_[cellIndex(x, y)] = kEmpty;
  for (int d = 0; d < 4; ++d)
    for (int i = 0; i < kCells; ++i) {
      unsigned key = 0;
      for (int j = 0; j < 9; ++j) {
        if (j == 4) continue;
        const int q = i + (j - 4) * kDir[d];
        const unsigned v = (q < 0 || q >= kCells) ? kWall : cell_[q];
        key |= v << (2 * slotOf(j));
      }
      key_[d][i] = static_cast<std::uint16_t>(key);
    }
  const bool exactBlack = r != Rule::Freestyle;
  const bool exactWhite = r == Rule::Standard;
  table_[0] = patternTable(false, 1);
  table_[1] = patternTable(exactBlack, 1);
  table_[2] = patternTable(exactWhite, 2);
  classEval_ = classEvalTable();
  for (int i = 0; i < kCells; ++i)
    if (cell_[i] == kEmpty) reclassify(i);
  history_.reserve(static_cast<std::size_t>(n * n));
}

void Position::reclassify(int i) {
  for (int c = 1; c <= 2; ++c)
    cls_[c - 1][i] = static_cast<std::uint16_t>(
        pointClass(pat(i, 0, c), pat(i, 1, c), pat(i, 2, c), pat(i, 3, c)));
}

void Position::count(int i, int sign) {
  for (int c = 0; c < 2; ++c) {
    const ClassEval& e = classEval_[cls_[c][i]];
    sumSelf_[c] += sign * e.self;
    sumOpp_[c] += sign * e.opp;
    if (e.flags & kFlagFive) fives_[c] += sign;
    if (e.flags & kFlagWin4) win4s_[c] += sign;
    if (e.flags & kFlagFour) fours_[c] += sign;
  }
}

void Position::uncount(int i) {
  const Affected& a = affected();
  for (int k = 0; k < a.n; ++k) {
    const int q = i + a.offset[k];
    if (cell_[q] == kEmpty && near_[q]) count(q, -1);
  }
}

void Position::recount(int i) {
  const Affected& a = affected();
  for (int k = 0; k < a.n; ++k) {
    const int q = i + a.offset[k];
    if (cell_[q] != kEmpty) continue;
    if (k < a.lines) reclassify(q);
    if (near_[q]) count(q, +1);
  }
}

void Position::play(int i, int color) {
  uncount(i);
  playQuick(i, color);
  recount(i);
}

void Position::undo() {
  const int i = history_.back();
  uncount(i);
  undoQuick();
  recount(i);
}

void Position::playQuick(int i, int color) {
  cell_[i] = static_cast<std::uint8_t>(color);
  hash_ ^= zobrist(i, color);
  history_.push_back(i);
  board_.set({cellX(i), cellY(i)}, color == kBlack ? Stone::Black : Stone::White);
  for (int d = 0; d < 4; ++d) {
    const int s = kDir[d];
    for (int k = 1; k <= 4; ++k) {
      // Cell i - k*s sees i at offset +k (line position 4 + k); cell i + k*s at offset -k.
      key_[d][i - k * s] |= static_cast<std::uint16_t>(color << (2 * slotOf(4 + k)));
      key_[d][i + k * s] |= static_cast<std::uint16_t>(color << (2 * slotOf(4 - k)));
    }
  }
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx) ++near_[i + dy * kStride + dx];
}

void Position::undoQuick() {
  const int i = history_.back();
  history_.pop_back();
  const int color = cell_[i];
  cell_[i] = kEmpty;
  hash_ ^= zobrist(i, color);
  board_.set({cellX(i), cellY(i)}, Stone::Empty);
  for (int d = 0; d < 4; ++d) {
    const int s = kDir[d];
    for (int k = 1; k <= 4; ++k) {
      key_[d][i - k * s] &= static_cast<std::uint16_t>(~(3u << (2 * slotOf(4 + k))));
      key_[d][i + k * s] &= static_cast<std::uint16_t>(~(3u << (2 * slotOf(4 - k))));
    }
  }
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx) --near_[i + dy * kStride + dx];
}

bool Position::forbidden(int i) const {
  if (rule_ != Rule::Renju) return false;
  int threes = 0, fours = 0;
  for (int d = 0; d < 4; ++d) {
    const int p = pat(i, d, kBlack);
    if (p == kFive) return false;
    if (p == kOverline) return renjuForbidden(board_, {cellX(i), cellY(i)}) != Forbidden::None;
    if (p == kF4)
      ++fours, ++fours;  // may be two fours on one line
    else if (p == kB4)
      ++fours;
    else if (p == kF3)
      ++threes;
  }
  if (fours < 2 && threes < 2) return false;
  return renjuForbidden(board_, {cellX(i), cellY(i)}) != Forbidden::None;
}

}  // namespace gomoku::ai
