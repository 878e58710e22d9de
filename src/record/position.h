#pragma once
/// @file Position strings: the moves of a game written as RIF points one after another, e.g.
/// "h8i9j10" (Black h8, White i9, Black j10). Column letter a.. from the left, row number 1..
/// from the BOTTOM (core/notation.h). Used for the clipboard and the command line.

#include <string>
#include <string_view>
#include <vector>

#include "core/types.h"

namespace gomoku {

/// The moves as a position string, e.g. {{7,7},{8,6},{9,5}} on 15x15 gives "h8i9j10". Every
/// move must be on the board of `size`.
std::string formatPositionString(const std::vector<Point>& moves, int size);

/// Parses a position string for a board of `size`: letter (either case) then row number, one
/// point after another, blanks, commas, semicolons and dashes allowed between points. Throws
/// RecordError (line 0; the message names the character position, 1-based) for: empty text, a
/// character that does not belong, a letter without a number, a point off the board, and a
/// point given twice.
std::vector<Point> parsePositionString(std::string_view text, int size);

}  // namespace gomoku
