#pragma once
/// @file Move notation. Two conventions:
/// - RIF (Renju International Federation) notation, e.g. "h8": column letter a, b, c, ...
///   (i included) from the left, then row number 1..size counted from the BOTTOM.
/// - Zero-based "x,y", e.g. "7,7": x = column from the left, y = row from the TOP.
/// On a 15x15 board "h8" and "7,7" are the centre; "a1" is (0,14) and "a15" is (0,0).
/// What people read (status lines, messages, gomoku-cli output, comments) names points with
/// pointName(): the same RIF point with a capital letter, "H8", as the boards label their
/// columns A, B, C, ...; in lowercase "l10" reads as "110". Records and position strings keep
/// the lowercase RIF form of toRif().

#include <optional>
#include <string>
#include <string_view>

#include "core/types.h"

namespace gomoku {

/// RIF text for p on a board of `size`, e.g. toRif({7,7},15) == "h8". p must be on the board.
std::string toRif(Point p, int size);
/// RIF text with the column letter in capitals, for people, e.g. pointName({11,5},15) == "L10".
/// A point off the board (a peer's or a file's bad coordinates) is named by its 0-based "x,y".
std::string pointName(Point p, int size);
/// Capital column letter for x as the boards label it: 'A' for 0 ... 'O' for 14 (i included).
char columnLetter(int x);
/// Zero-based "x,y" text for p, e.g. "7,7".
std::string toXY(Point p);
/// Parses "h8" / "H8" (RIF) or "7,7" / "7, 7" (0-based x,y), surrounding blanks allowed.
/// Returns nullopt for text that is neither. The point may still be off the board (a letter or
/// number beyond `size`): Board::inside() tells; "p16" on 15x15 gives y = -1.
std::optional<Point> parsePoint(std::string_view text, int size);

}  // namespace gomoku
