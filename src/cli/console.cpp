#include "cli/console.h"

namespace gomoku::cli {

std::string renderBoard(const Game& game) {
  const Board& b = game.board();
  const int n = b.size();
  const Point* last = game.lastMove();
  std::string letters = "   ";
  for (int x = 0; x < n; ++x) letters += std::string(" ") + static_cast<char>('a' + x);
  letters += "\n";
  std::string out = letters;
  for (int y = 0; y < n; ++y) {
    const std::string row = std::to_string(n - y);
    std::string line = std::string(3 - row.size(), ' ') + row;
    for (int x = 0; x < n; ++x) {
      const Point p{x, y};
      const bool isLast = last && *last == p;
      const bool afterLast = last && x > 0 && *last == Point{x - 1, y};
      line += isLast ? '(' : afterLast ? ')' : ' ';
      const Stone s = b.at(p);
      line += s == Stone::Black ? 'X' : s == Stone::White ? 'O' : '.';
    }
    line += (last && *last == Point{n - 1, y}) ? ')' : ' ';
    out += line + row + "\n";
  }
  return out + letters;
}

std::string resultLine(const Result& r) {
  std::string reason;
  switch (r.reason) {
    case EndReason::Five: reason = "five in a row"; break;
    case EndReason::FullBoard: reason = "board full"; break;
    case EndReason::Resignation: reason = "resignation"; break;
    default: reason = r.detail.empty() ? "unknown" : r.detail; break;
  }
  return std::string("RESULT ") + outcomeName(r.outcome) + " " + reason;
}

}  // namespace gomoku::cli
