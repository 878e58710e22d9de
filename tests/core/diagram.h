#pragma once
// Boards written as ASCII diagrams for tests: one string per row, top row first;
// 'X' Black, 'O' White, '.' empty; spaces are ignored.

#include <string>
#include <vector>

#include "core/board.h"

namespace gomoku::test {

/// Builds a board from rows of 'X', 'O', '.', one row per string, top first (spaces ignored).
inline Board fromDiagram(const std::vector<std::string>& rows) {
  Board b(static_cast<int>(rows.size()));
  for (int y = 0; y < static_cast<int>(rows.size()); ++y) {
    int x = 0;
    for (char c : rows[static_cast<std::size_t>(y)]) {
      if (c == ' ') continue;
      if (c == 'X') b.set({x, y}, Stone::Black);
      if (c == 'O') b.set({x, y}, Stone::White);
      ++x;
    }
  }
  return b;
}

}  // namespace gomoku::test
