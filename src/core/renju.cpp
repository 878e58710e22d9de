#include "core/renju.h"

#include "core/rules.h"

namespace gomoku {

const char* forbiddenName(Forbidden f) {
  switch (f) {
    case Forbidden::None: return "none";
    case Forbidden::Overline: return "overline";
    case Forbidden::DoubleFour: return "double-four";
    case Forbidden::DoubleThree: return "double-three";
  }
  return "none";
}

namespace {

// The check works on a private copy of the board that it changes and restores as it looks
// ahead. Cells off the board read as a wall.
class Checker {
 public:
  explicit Checker(const Board& b) : board_(b) {}

  Forbidden check(Point p) {
    board_.set(p, Stone::Black);
    Forbidden result = classify(p);
    board_.set(p, Stone::Empty);
    return result;
  }

 private:
  bool black(Point q) const { return board_.inside(q) && board_.at(q) == Stone::Black; }
  bool empty(Point q) const { return board_.inside(q) && board_.at(q) == Stone::Empty; }
  static Point step(Point p, Point d, int k) { return {p.x + k * d.x, p.y + k * d.y}; }

  // Extent of the black run through q along d: offsets lo <= 0 <= hi from q.
  void run(Point q, Point d, int& lo, int& hi) const {
    lo = 0;
    while (black(step(q, d, lo - 1))) --lo;
    hi = 0;
    while (black(step(q, d, hi + 1))) ++hi;
  }

  // With p black: would Black at the empty point p + k*d make exactly five that includes p
  // and the point p + also*d?
  bool fivePoint(Point p, Point d, int k, int also) {
    const Point q = step(p, d, k);
    if (!empty(q)) return false;
    board_.set(q, Stone::Black);
    int lo, hi;
    run(q, d, lo, hi);
    board_.set(q, Stone::Empty);
    auto inFive = [&](int offset) { return lo <= offset - k && offset - k <= hi; };
    return hi - lo + 1 == 5 && inFive(0) && inFive(also);
  }

  // With p black: the points along d where Black makes exactly five including p and p + also*d,
  // as offsets from p; returns how many there are and the first and last offset.
  int fivePoints(Point p, Point d, int also, int& first, int& last) {
    int count = 0;
    for (int k = -4; k <= 4; ++k) {
      if (k == 0 || !fivePoint(p, d, k, also)) continue;
      if (count++ == 0) first = k;
      last = k;
    }
    return count;
  }

  // Number of fours through p along d (p black). An open four (_XXXX_: two five points five
  // apart) is one four; two five points at another distance are two fours on one line.
  int fours(Point p, Point d) {
    int first = 0, last = 0;
    const int count = fivePoints(p, d, 0, first, last);
    return count == 2 && last - first == 5 ? 1 : count;
  }

  // With p and p + k*d black: is there a straight four (an open four, _XXXX_) along d that
  // holds both?
  bool straightFour(Point p, Point d, int k) {
    int first = 0, last = 0;
    return fivePoints(p, d, k, first, last) == 2 && last - first == 5;
  }

  // With p black: is there a real three through p along d, i.e. an empty point q on the line
  // such that Black at q makes a straight four through p, and q is not itself forbidden?
  bool three(Point p, Point d) {
    for (int k = -4; k <= 4; ++k) {
      const Point q = step(p, d, k);
      if (k == 0 || !empty(q)) continue;
      board_.set(q, Stone::Black);
      const bool straight = straightFour(p, d, k);
      board_.set(q, Stone::Empty);
      if (straight && check(q) == Forbidden::None) return true;
    }
    return false;
  }

  Forbidden classify(Point p) {
    // A five wins even where the move would otherwise be forbidden.
    bool overline = false;
    for (Point d : kDirections) {
      int lo, hi;
      run(p, d, lo, hi);
      const int len = hi - lo + 1;
      if (len == 5) return Forbidden::None;
      if (len > 5) overline = true;
    }
    if (overline) return Forbidden::Overline;
    // A four needs three more black stones within four points of p on its line, a three two:
    // count them first so that lines without them are not searched.
    int near[4];
    for (int i = 0; i < 4; ++i) {
      near[i] = 0;
      for (int k = -4; k <= 4; ++k) near[i] += k != 0 && black(step(p, kDirections[i], k));
    }
    int fourCount = 0;
    for (int i = 0; i < 4; ++i)
      if (near[i] >= 3) fourCount += fours(p, kDirections[i]);
    if (fourCount >= 2) return Forbidden::DoubleFour;
    int threeCount = 0;
    int candidates = 0;
    for (int i = 0; i < 4; ++i) candidates += near[i] >= 2;
    if (candidates < 2) return Forbidden::None;
    for (int i = 0; i < 4; ++i)
      if (near[i] >= 2 && three(p, kDirections[i]) && ++threeCount >= 2) return Forbidden::DoubleThree;
    return Forbidden::None;
  }

  Board board_;
};

}  // namespace

Forbidden renjuForbidden(const Board& board, Point p) {
  if (!board.inside(p) || board.at(p) != Stone::Empty) return Forbidden::None;
  return Checker(board).check(p);
}

std::vector<Point> renjuForbiddenPoints(const Board& board) {
  std::vector<Point> out;
  Checker checker(board);
  for (int y = 0; y < board.size(); ++y)
    for (int x = 0; x < board.size(); ++x)
      if (board.at({x, y}) == Stone::Empty && checker.check({x, y}) != Forbidden::None)
        out.push_back({x, y});
  return out;
}

}  // namespace gomoku
