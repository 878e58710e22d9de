#include "record/position.h"

#include "core/board.h"
#include "core/notation.h"
#include "record/record.h"

namespace gomoku {

std::string formatPositionString(const std::vector<Point>& moves, int size) {
  std::string out;
  for (const Point& p : moves) out += toRif(p, size);
  return out;
}

std::vector<Point> parsePositionString(std::string_view text, int size) {
  const Board board(size);
  std::vector<Point> moves;
  std::vector<bool> used(static_cast<std::size_t>(size * size), false);
  auto fail = [](std::size_t at, const std::string& why) -> RecordError {
    return RecordError(0, "position string, character " + std::to_string(at + 1) + ": " + why);
  };
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == ',' || c == ';' || c == '-' || c == '\n' || c == '\r') {
      ++i;
      continue;
    }
    const char letter = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    if (letter < 'a' || letter > 'z') {
      const auto b = static_cast<unsigned char>(c);
      static const char hex[] = "0123456789ABCDEF";
      // Built piece by piece: GCC 12 warns falsely (-Wrestrict) about the concatenation chain.
      std::string shown;
      if (b >= 0x20 && b < 0x7F) {
        shown = "'";
        shown += c;
        shown += '\'';
      } else {
        shown = "byte 0x";
        shown += hex[b >> 4];
        shown += hex[b & 15];
      }
      throw fail(i, shown + " is not a column letter");
    }
    const std::size_t start = i++;
    int row = 0;
    std::size_t digits = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9' && digits < 3) {
      row = row * 10 + (text[i] - '0');
      ++i;
      ++digits;
    }
    if (digits == 0) throw fail(start, std::string("'") + c + "' has no row number after it");
    const Point p{letter - 'a', size - row};
    const std::string written(text.substr(start, i - start));
    if (row == 0 || !board.inside(p))
      throw fail(start, written + " is off the " + std::to_string(size) + "x" +
                            std::to_string(size) + " board");
    auto u = used[static_cast<std::size_t>(p.y * size + p.x)];
    if (u)
      throw fail(start, written + " (move " + std::to_string(moves.size() + 1) +
                            ") repeats a point already played");
    u = true;
    moves.push_back(p);
  }
  if (moves.empty()) throw RecordError(0, "empty position string: no moves");
  return moves;
}

}  // namespace gomoku
