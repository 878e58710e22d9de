#pragma once
// Boards written as diagrams for tests, top row first: 'X' Black, 'O' White, '.' empty.
// Spaces are ignored. '*' and the lowercase letters other than 'x' and 'o' are empty points
// that a test names (see markIn). Any other character, or a board that is not square, is a
// mistake in the test and throws std::invalid_argument.
//
//   // clang-format off
//   const char* kDiagram = R"(
//     . . . . .
//     . X X * .
//     . . O . .
//     . . . . .
//     . . . . .
//   )";
//   // clang-format on
//   const Board b = fromDiagram(kDiagram);   // 5x5
//   const Point star = markIn(kDiagram, '*');  // (3,1)

#include <stdexcept>
#include <string>
#include <vector>

#include "common/print.h"
#include "core/board.h"

namespace gomoku::test {

/// The rows of a diagram: split at newlines, spaces and carriage returns removed, blank lines
/// before the first and after the last row dropped. A blank line between rows throws.
inline std::vector<std::string> diagramRows(const std::string& text) {
  std::vector<std::string> rows;
  std::string row;
  auto endRow = [&] {
    rows.push_back(row);
    row.clear();
  };
  for (char c : text) {
    if (c == '\n')
      endRow();
    else if (c != ' ' && c != '\r' && c != '\t')
      row.push_back(c);
  }
  endRow();
  while (!rows.empty() && rows.front().empty()) rows.erase(rows.begin());
  while (!rows.empty() && rows.back().empty()) rows.pop_back();
  for (const std::string& r : rows)
    if (r.empty()) throw std::invalid_argument("diagram: blank line between rows");
  return rows;
}

/// True for the characters that mark a named empty point: '*' and a..z except x and o.
inline bool isMark(char c) {
  return c == '*' || (c >= 'a' && c <= 'z' && c != 'x' && c != 'o');
}

/// Builds a board from rows of 'X', 'O', '.' (or marks), one string per row, top first.
/// The board is rows.size() points wide; every row must be as long (spaces not counted).
inline Board fromDiagram(const std::vector<std::string>& rows) {
  std::string text;
  for (const std::string& r : rows) text += r + "\n";
  const std::vector<std::string> cleaned = diagramRows(text);
  const int n = static_cast<int>(cleaned.size());
  Board b(n);  // throws for sizes outside 5..25
  for (int y = 0; y < n; ++y) {
    const std::string& r = cleaned[static_cast<std::size_t>(y)];
    if (static_cast<int>(r.size()) != n)
      throw std::invalid_argument("diagram: row " + std::to_string(y) + " has " +
                                  std::to_string(r.size()) + " points, not " + std::to_string(n));
    for (int x = 0; x < n; ++x) {
      const char c = r[static_cast<std::size_t>(x)];
      if (c == 'X')
        b.set({x, y}, Stone::Black);
      else if (c == 'O')
        b.set({x, y}, Stone::White);
      else if (c != '.' && !isMark(c))
        throw std::invalid_argument(std::string("diagram: unexpected character '") + c + "'");
    }
  }
  return b;
}

/// Builds a board from a diagram written as one (raw) string, rows separated by newlines;
/// blank lines before and after it are ignored: fromDiagram(R"( ... )").
inline Board fromDiagram(const char* text) {
  return fromDiagram(diagramRows(text));
}

/// Every point of the diagram marked with `mark`, in row-major order (y, then x).
inline std::vector<Point> marksIn(const char* text, char mark) {
  std::vector<Point> out;
  const std::vector<std::string> rows = diagramRows(text);
  for (std::size_t y = 0; y < rows.size(); ++y)
    for (std::size_t x = 0; x < rows[y].size(); ++x)
      if (rows[y][x] == mark) out.push_back({static_cast<int>(x), static_cast<int>(y)});
  return out;
}

/// The one point of the diagram marked with `mark`; throws unless there is exactly one.
inline Point markIn(const char* text, char mark) {
  const std::vector<Point> all = marksIn(text, mark);
  if (all.size() != 1)
    throw std::invalid_argument(std::string("diagram: expected one '") + mark + "', found " +
                                std::to_string(all.size()));
  return all.front();
}

}  // namespace gomoku::test
