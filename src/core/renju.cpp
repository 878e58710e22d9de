#include "core/renju.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>

#include "core/rules.h"

namespace gomoku {

const char* forbiddenName(Forbidden f) {
  switch (f) {
    case Forbidden::None:
      return "none";
    case Forbidden::Overline:
      return "overline";
    case Forbidden::DoubleFour:
      return "double-four";
    case Forbidden::DoubleThree:
      return "double-three";
  }
  return "none";
}

namespace {

// A cheap look at the lines through the empty point p, on the board as it is: can Black at p
// be forbidden at all? A four through p needs three more black stones within four points on
// its line, a three two, and neither can use a stone beyond a white stone or the edge. Most
// points of a real position fail this test and need no deeper check.
bool mayBeForbidden(const Board& b, Point p) {
  const Stone* cells = b.cells();
  const int here = p.y * Board::kStride + p.x;
  const int n = b.size();
  int linesWithTwo = 0;
  for (Point d : kDirections) {
    const int step = d.y * Board::kStride + d.x;
    int near = 0;
    bool longRun = false;
    for (int sign : {-1, 1}) {
      // How far the board goes from p in this direction (at most four points are looked at).
      const int dx = sign * d.x, dy = sign * d.y;
      int room = 4;
      if (dx > 0) room = std::min(room, n - 1 - p.x);
      if (dx < 0) room = std::min(room, p.x);
      if (dy > 0) room = std::min(room, n - 1 - p.y);
      if (dy < 0) room = std::min(room, p.y);
      int run = 0;
      bool adjacent = true;
      for (int k = 1, i = here + sign * step; k <= room; ++k, i += sign * step) {
        const Stone s = cells[i];
        if (s == Stone::White) break;
        if (s == Stone::Black) {
          ++near;
          run += adjacent;
        } else {
          adjacent = false;
        }
      }
      longRun = longRun || run >= 4;  // five or overline: let the full check decide
    }
    if (near >= 3 || longRun) return true;
    linesWithTwo += near >= 2;
  }
  return linesWithTwo >= 2;
}

// The check works on a private copy of the board that it changes and restores as it looks
// ahead. Cells off the board read as a wall.
class Checker {
 public:
  explicit Checker(const Board& b) : board_(b) {}

  Forbidden check(Point p) {
    if (!mayBeForbidden(board_, p)) return Forbidden::None;
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

  // With p black: would Black at the empty point p + k*d make exactly five that includes p?
  bool fivePoint(Point p, Point d, int k) {
    const Point q = step(p, d, k);
    if (!empty(q)) return false;
    board_.set(q, Stone::Black);
    int lo, hi;
    run(q, d, lo, hi);
    board_.set(q, Stone::Empty);
    return hi - lo + 1 == 5 && lo <= -k && -k <= hi;
  }

  // With p black: the points along d where Black makes exactly five including p, as offsets
  // from p; returns how many there are and the first and last offset.
  int fivePoints(Point p, Point d, int& first, int& last) {
    int count = 0;
    for (int k = -4; k <= 4; ++k) {
      if (k == 0 || !fivePoint(p, d, k)) continue;
      if (count++ == 0) first = k;
      last = k;
    }
    return count;
  }

  // Number of fours through p along d (p black). An open four (_XXXX_: two five points five
  // apart) is one four; two five points at another distance are two fours on one line.
  int fours(Point p, Point d) {
    int first = 0, last = 0;
    const int count = fivePoints(p, d, first, last);
    return count == 2 && last - first == 5 ? 1 : count;
  }

  // With p and p + k*d black: is there a straight four (an open four, _XXXX_) along d that
  // holds both? That is: exactly four black stones in a row through p holding p + k*d, and
  // Black makes exactly five at each end.
  bool straightFour(Point p, Point d, int k) {
    int lo, hi;
    run(p, d, lo, hi);
    if (hi - lo + 1 != 4 || k < lo || k > hi) return false;
    // Each end must be empty and must not join a further black stone (that would be six).
    const Point before = step(p, d, lo - 1), after = step(p, d, hi + 1);
    return empty(before) && empty(after) && !black(step(p, d, lo - 2)) &&
           !black(step(p, d, hi + 2));
  }

  // With p black: the empty points q on the line through p along d where Black makes a
  // straight four holding p and q (at most 8, as offsets; returns how many). Each is a way for
  // the line to be a three; whether q is itself allowed is checked later.
  int threeMakers(Point p, Point d, int (&out)[8]) {
    int n = 0;
    for (int k = -4; k <= 4; ++k) {
      const Point q = step(p, d, k);
      if (k == 0 || !empty(q)) continue;
      board_.set(q, Stone::Black);
      if (straightFour(p, d, k)) out[n++] = k;
      board_.set(q, Stone::Empty);
    }
    return n;
  }

  // Would Black at the empty point q make exactly five, on any line through q?
  bool makesFive(Point q) {
    board_.set(q, Stone::Black);
    bool five = false;
    for (Point d : kDirections) {
      int lo, hi;
      run(q, d, lo, hi);
      five = five || hi - lo + 1 == 5;
    }
    board_.set(q, Stone::Empty);
    return five;
  }

  // With p black: is the line along d a real three? RIF defines it: "THREE: A row with three
  // stones to which you, without at the same time a five in a row is made, can add one more
  // stone to attain a straight four." and lets a double-three stand only when both threes can
  // become straight fours by moves that are themselves allowed (RIF 9.3). So a straight-four
  // point q counts when
  // - Black at q does not make a five: exactly five black stones in a row through q, in any
  //   direction. (Not along d itself: there q makes the straight four, a run of exactly four.)
  //   Such a q wins at once instead of making a straight four, so the row is no three even
  //   though a five is never forbidden. The four that q completes does not pass through p
  //   (q and p share only line d): it is a four Black had before the move judged, or, deeper
  //   in the recursion, one made by a stone placed on a level above.
  // - and q is not forbidden itself (checked recursively, with p on the board).
  // An overline at q makes no five, so it does not fall under the first clause; it makes q
  // forbidden (overline) and the second clause rejects q. Either way such a q never counts.
  // The prefilters (mayBeForbidden, LineMasks) stay valid: they only ask whether the lines
  // through a point hold enough black stones for two fours or threes at all.
  bool realThree(Point p, Point d, const int (&makers)[8], int n) {
    for (int i = 0; i < n; ++i) {
      const Point q = step(p, d, makers[i]);
      if (!makesFive(q) && check(q) == Forbidden::None) return true;
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
    // Lines that look like threes; only when two or more do, check them for real (recursively).
    int makers[4][8];
    int counts[4] = {0, 0, 0, 0};
    int candidates = 0;
    for (int i = 0; i < 4; ++i)
      if (near[i] >= 2) candidates += (counts[i] = threeMakers(p, kDirections[i], makers[i])) > 0;
    if (candidates < 2) return Forbidden::None;
    int threeCount = 0;
    for (int i = 0; i < 4; ++i) {
      if (counts[i] == 0) continue;
      if (realThree(p, kDirections[i], makers[i], counts[i]) && ++threeCount >= 2)
        return Forbidden::DoubleThree;
      if (threeCount + --candidates < 2) break;  // too few lines left to make two threes
    }
    return Forbidden::None;
  }

  Board board_;
};

}  // namespace

Forbidden renjuForbidden(const Board& board, Point p) {
  if (!board.inside(p) || board.at(p) != Stone::Empty || !mayBeForbidden(board, p))
    return Forbidden::None;
  return Checker(board).check(p);
}

namespace {

// The lines of a board as bit masks, for the prefilter of renjuForbiddenPoints: for each
// direction and line, which positions hold black and which block (white, or off the board).
// Position k on a line is bit k + 4, so the four points before the line's start are bits 0..3.
class LineMasks {
 public:
  explicit LineMasks(const Board& b) : n_(b.size()) {
    for (auto& dir : black_) dir.fill(0);
    for (int d = 0; d < 4; ++d)
      for (int line = 0; line < 2 * Board::kMaxSize - 1; ++line) {
        const int len = length(d, line);
        // Everything outside 4..len+3 blocks.
        blockers_[d][line] = len <= 0 ? ~std::uint64_t{0} : ~(((std::uint64_t{1} << len) - 1) << 4);
      }
    for (int y = 0; y < n_; ++y)
      for (int x = 0; x < n_; ++x) {
        const Stone s = b.at({x, y});
        if (s == Stone::Empty) continue;
        for (int d = 0; d < 4; ++d) {
          int line, pos;
          locate(d, x, y, line, pos);
          const std::uint64_t bit = std::uint64_t{1} << (pos + 4);
          if (s == Stone::Black)
            black_[d][line] |= bit;
          else
            blockers_[d][line] |= bit;
        }
      }
  }

  // The same test as mayBeForbidden(b, {x, y}), with a few bit operations per direction.
  bool mayBeForbidden(int x, int y) const {
    int linesWithTwo = 0;
    for (int d = 0; d < 4; ++d) {
      int line, pos;
      locate(d, x, y, line, pos);
      const int q = pos + 4;  // bit of the point itself
      const std::uint64_t black = black_[d][line], block = blockers_[d][line];
      // The reachable stretch: up to four points each way, stopping before a blocker.
      const std::uint64_t below = block & (std::uint64_t{0xF} << (q - 4));
      const int lo = below ? 64 - __builtin_clzll(below) : q - 4;  // first reachable bit
      const std::uint64_t above = block & (std::uint64_t{0xF} << (q + 1));
      const int hi = above ? __builtin_ctzll(above) - 1 : q + 4;  // last reachable bit
      const std::uint64_t reach = ((std::uint64_t{1} << (hi - lo + 1)) - 1) << lo;
      const int near = __builtin_popcountll(black & reach & ~(std::uint64_t{1} << q));
      const bool longRun = ((black >> (q - 4)) & 0xF) == 0xF || ((black >> (q + 1)) & 0xF) == 0xF;
      if (near >= 3 || longRun) return true;
      linesWithTwo += near >= 2;
    }
    return linesWithTwo >= 2;
  }

 private:
  // Direction d: 0 rows, 1 columns, 2 diagonals (1,1), 3 anti-diagonals (1,-1).
  void locate(int d, int x, int y, int& line, int& pos) const {
    switch (d) {
      case 0:
        line = y;
        pos = x;
        break;
      case 1:
        line = x;
        pos = y;
        break;
      case 2:
        line = x - y + n_ - 1;
        pos = std::min(x, y);
        break;
      default:
        line = x + y;
        pos = std::min(x, n_ - 1 - y);
        break;
    }
  }
  int length(int d, int line) const {
    if (d < 2) return line < n_ ? n_ : 0;
    if (line > 2 * n_ - 2) return 0;
    return n_ - std::abs(line - (n_ - 1));
  }

  int n_;
  std::array<std::array<std::uint64_t, 2 * Board::kMaxSize - 1>, 4> black_{}, blockers_{};
};

}  // namespace

std::vector<Point> renjuForbiddenPoints(const Board& board) {
  std::vector<Point> out;
  const LineMasks masks(board);
  Checker checker(board);
  for (int y = 0; y < board.size(); ++y)
    for (int x = 0; x < board.size(); ++x)
      if (board.at({x, y}) == Stone::Empty && masks.mayBeForbidden(x, y) &&
          checker.check({x, y}) != Forbidden::None)
        out.push_back({x, y});
  return out;
}

}  // namespace gomoku
