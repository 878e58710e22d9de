#include "core/board.h"

#include <stdexcept>
#include <string>

namespace gomoku {

const char* stoneName(Stone s) {
  switch (s) {
    case Stone::Black:
      return "black";
    case Stone::White:
      return "white";
    case Stone::Empty:
      break;
  }
  return "empty";
}

Board::Board(int size) : size_(size) {
  if (size < kMinSize || size > kMaxSize)
    throw std::invalid_argument("board size " + std::to_string(size) + " is outside " +
                                std::to_string(kMinSize) + ".." + std::to_string(kMaxSize));
}

void Board::set(Point p, Stone s) {
  Stone& cell = cells_[index(p)];
  stones_ += (s != Stone::Empty) - (cell != Stone::Empty);
  cell = s;
}

bool operator==(const Board& a, const Board& b) {
  if (a.size_ != b.size_) return false;
  return a.cells_ == b.cells_;
}

}  // namespace gomoku
