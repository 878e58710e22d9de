#pragma once
/// @file Internal fast board for the engine: padded cell array, incremental line keys per cell
/// and direction, pattern tables (Rapfi-style: 4 cells on each side of a point, 2 bits each),
/// Zobrist hash, and a core Board kept in step for the renju forbidden-point check.

#include <array>
#include <cstdint>
#include <vector>

#include "ai/eval.h"
#include "core/board.h"
#include "core/rules.h"

namespace gomoku::ai {

/// Line pattern that a stone of one colour makes at a point in one direction.
enum Pat : std::uint8_t {
  kNone = 0,      ///< nothing useful
  kB2 = 1,        ///< one move from a closed three
  kF2 = 2,        ///< one move from an open three
  kB3 = 3,        ///< closed three: one move from a four
  kF3 = 4,        ///< open three: one move from an open four
  kB4 = 5,        ///< four: one point makes five
  kF4 = 6,        ///< open four (two or more five points on the line)
  kFive = 7,      ///< five (five or more where the rule allows)
  kOverline = 8,  ///< six or more where only exactly five wins
};

/// Padding around the board in the cell array (cells), stride of the padded rows.
inline constexpr int kPad = 4;
/// Row stride of the padded cell array.
inline constexpr int kStride = Board::kMaxSize + 2 * kPad;
/// Number of cells in the padded array.
inline constexpr int kCells = kStride * kStride;
/// Index offsets of the four line directions: horizontal, vertical, diagonal, anti-diagonal.
inline constexpr int kDir[4] = {1, kStride, kStride + 1, kStride - 1};

/// Cell content codes: 0 empty, 1 black, 2 white, 3 off the board.
inline constexpr std::uint8_t kEmpty = 0, kBlack = 1, kWhite = 2, kWall = 3;

/// Index of (x, y) in the padded array.
constexpr int cellIndex(int x, int y) {
  return (y + kPad) * kStride + (x + kPad);
}
/// Column of a padded index.
constexpr int cellX(int i) {
  return i % kStride - kPad;
}
/// Row of a padded index.
constexpr int cellY(int i) {
  return i / kStride - kPad;
}

/// The pattern table for one colour under "exact five" (exact = true) or "five or more".
/// Indexed by the 16-bit key of the 8 neighbours (2 bits each, see Position::key).
const std::uint8_t* patternTable(bool exact, int color);

/// The engine's board.
class Position {
 public:
  /// An empty board of size n (5..25) under rule r.
  Position(int n, Rule r);

  /// Board size.
  int size() const { return n_; }
  /// The rule.
  Rule rule() const { return rule_; }
  /// Content code of cell i.
  std::uint8_t at(int i) const { return cell_[i]; }
  /// True when cell i is on the board and empty.
  bool empty(int i) const { return cell_[i] == kEmpty; }
  /// Pattern colour `color` would make at empty cell i in direction d.
  std::uint8_t pat(int i, int d, int color) const { return table_[color][key_[d][i]]; }
  /// Number of stones within the 5x5 square around i.
  std::uint8_t nearby(int i) const { return near_[i]; }
  /// Puts a stone of `color` (1 or 2) at empty cell i.
  void play(int i, int color);
  /// Removes the last stone played.
  void undo();
  /// play() without updating the point classes and sums (pointClassAt, evalSelf, fivePoints..):
  /// for threat searches that read only the patterns. Until the matching undoQuick(), those
  /// stay as they were before this move, and only playQuick/undoQuick may be called.
  void playQuick(int i, int color);
  /// Undoes the last playQuick().
  void undoQuick();
  /// Stones on the board.
  int count() const { return static_cast<int>(history_.size()); }
  /// Zobrist hash of the stones.
  std::uint64_t hash() const { return hash_; }
  /// The moves played, oldest first.
  const std::vector<int>& history() const { return history_; }
  /// The core board in step with this one.
  const Board& board() const { return board_; }
  /// True when Black playing at empty cell i is a renju forbidden point (always false under
  /// other rules). Uses a quick pattern filter before the exact core check.
  bool forbidden(int i) const;
  /// True when cell i is on the board.
  bool inside(int i) const { return cell_[i] != kWall; }
  /// Point class (eval.h) that `color` (1 or 2) makes at empty cell i, kept up to date on every
  /// play and undo (meaningless for occupied cells).
  int pointClassAt(int i, int color) const { return cls_[color - 1][i]; }
  /// Sum of the evaluation weights (eval.h: evalWeights) over the empty points near stones
  /// (nearby() > 0): `color`'s classes weighted as the side to move's.
  int evalSelf(int color) const { return sumSelf_[color - 1]; }
  /// The same with the weights of the other side.
  int evalOpp(int color) const { return sumOpp_[color - 1]; }
  /// Empty points near stones where `color` makes a five (kFlagFive), an open or double four
  /// (kFlagWin4), or any four (kFlagFour): counts by the class flags (eval.h).
  int fivePoints(int color) const { return fives_[color - 1]; }
  /// See fivePoints.
  int win4Points(int color) const { return win4s_[color - 1]; }
  /// See fivePoints.
  int fourPoints(int color) const { return fours_[color - 1]; }

 private:
  int n_;
  Rule rule_;
  std::array<std::uint8_t, kCells> cell_{};
  std::array<std::array<std::uint16_t, kCells>, 4> key_{};
  std::array<std::uint8_t, kCells> near_{};
  const std::uint8_t* table_[3]{};
  std::uint64_t hash_ = 0;
  // Incremental point classes and the sums over counted cells (empty and near a stone).
  std::array<std::array<std::uint16_t, kCells>, 2> cls_{};
  int sumSelf_[2] = {0, 0}, sumOpp_[2] = {0, 0};
  int fives_[2] = {0, 0}, win4s_[2] = {0, 0}, fours_[2] = {0, 0};
  const ClassEval* classEval_ = nullptr;
  void count(int i, int sign);
  void uncount(int i);
  void recount(int i);
  void reclassify(int i);
  std::vector<int> history_;
  Board board_;
};

/// Zobrist key of a stone of `color` at cell i.
std::uint64_t zobrist(int i, int color);

}  // namespace gomoku::ai
