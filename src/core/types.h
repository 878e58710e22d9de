#pragma once
/// @file Basic value types shared by every layer: points and stone colours.

#include <cstdint>

namespace gomoku {

/// An intersection of the board. x = column from the left, y = row from the top, both 0-based.
/// A Point may lie off the board (negative or >= size); Board::inside() tells.
struct Point {
  int x = 0;  ///< column, 0-based from the left
  int y = 0;  ///< row, 0-based from the top
  /// Points compare equal when both coordinates are equal.
  friend bool operator==(Point a, Point b) { return a.x == b.x && a.y == b.y; }
  /// Inequality of points.
  friend bool operator!=(Point a, Point b) { return !(a == b); }
};

/// The content of an intersection, or a player's colour (Black moves first).
enum class Stone : std::uint8_t { Empty = 0, Black = 1, White = 2 };

/// The other colour: Black <-> White; Empty stays Empty.
constexpr Stone opponent(Stone s) {
  return s == Stone::Black ? Stone::White : s == Stone::White ? Stone::Black : Stone::Empty;
}

/// "black", "white" or "empty".
const char* stoneName(Stone s);

}  // namespace gomoku
