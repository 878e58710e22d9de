#pragma once
/// @file Renju forbidden points for Black, as the Renju International Federation rules define
/// them (RIF rules of renju, articles 9.2-9.4; renju.net): overline, double-four (including two
/// fours on one line) and double-three, where a three counts only if it can become a straight
/// four by a move that makes no five at the same time (RIF's definition of a three) and is
/// itself not forbidden (checked recursively). A move that makes exactly five is never
/// forbidden. White has no forbidden points.

#include <vector>

#include "core/board.h"

namespace gomoku {

/// Why a point is forbidden for Black under renju.
enum class Forbidden : std::uint8_t {
  None = 0,         ///< the move is allowed (it may also win with exactly five)
  Overline = 1,     ///< six or more black stones in a row
  DoubleFour = 2,   ///< two or more fours at once (on two lines or on one)
  DoubleThree = 3,  ///< two or more (real) threes at once
};

/// "overline", "double-four", "double-three" or "none".
const char* forbiddenName(Forbidden f);

/// What Black playing at p would be under renju. p must be an empty point on the board; the
/// board itself is not changed. Board sizes 5..25 (renju is played on 15x15).
Forbidden renjuForbidden(const Board& board, Point p);

/// Every empty point that is forbidden for Black, in row-major order (y, then x).
std::vector<Point> renjuForbiddenPoints(const Board& board);

}  // namespace gomoku
