#pragma once
/// @file The board: a square grid of intersections holding stones. No rules here.

#include <array>
#include <cstdint>

#include "core/types.h"

namespace gomoku {

/// A square board of size x size intersections (5..25; 15 is the gomoku standard).
/// Coordinates: x = column from the left, y = row from the top, 0-based.
class Board {
 public:
  /// Smallest supported board size (intersections per side).
  static constexpr int kMinSize = 5;
  /// Largest supported board size (intersections per side).
  static constexpr int kMaxSize = 25;
  /// Default and standard board size.
  static constexpr int kDefaultSize = 15;

  /// An empty board. Throws std::invalid_argument when size is outside kMinSize..kMaxSize.
  explicit Board(int size = kDefaultSize);

  /// Intersections per side.
  int size() const { return size_; }
  /// True when p lies on the board.
  bool inside(Point p) const { return p.x >= 0 && p.y >= 0 && p.x < size_ && p.y < size_; }
  /// The stone at p; Stone::Empty for an empty point. p must be inside().
  Stone at(Point p) const { return cells_[index(p)]; }
  /// The stone at p, or Stone::Empty when p is off the board.
  Stone atOrEmpty(Point p) const { return inside(p) ? at(p) : Stone::Empty; }
  /// Puts s (or Stone::Empty to clear) at p; p must be inside(). Keeps the stone count right.
  void set(Point p, Stone s);
  /// Distance in the cell array between (x, y) and (x, y + 1); see cells().
  static constexpr int kStride = kMaxSize;
  /// The cells, row by row: (x, y) is cells()[y * kStride + x]. For tight loops (renju checks)
  /// that do their own bounds checking.
  const Stone* cells() const { return cells_.data(); }
  /// Number of stones on the board.
  int stoneCount() const { return stones_; }
  /// True when every intersection holds a stone.
  bool full() const { return stones_ == size_ * size_; }
  /// Boards are equal when size and every intersection are equal.
  friend bool operator==(const Board& a, const Board& b);

 private:
  int index(Point p) const { return p.y * kMaxSize + p.x; }
  int size_;
  int stones_ = 0;
  std::array<Stone, kMaxSize * kMaxSize> cells_{};
};

}  // namespace gomoku
