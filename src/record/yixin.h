#pragma once
/// @file Yixin .sav game records (the save format of the Yixin gomoku/renju program):
///   15          board width
///   15          board height (square only here)
///   29          number of moves n
///   7 7         n lines "x y": 0-based, x = column from the left, y = row from the top;
///   8 6         colours alternate, Black first
/// No names, rule, result or times. LF or CRLF line ends; blank lines and a UTF-8 byte-order mark
/// are accepted; text after the n moves is refused.

#include <string>
#include <string_view>

#include "record/record.h"

namespace gomoku {

/// Reads Yixin .sav text (the whole file). Fills size and moves (with moveLines). Throws
/// RecordError naming the line for: an empty file, binary data (NUL or control bytes), a size
/// line that is not a number or a size outside 5..25, a non-square board, a move count that is
/// not a number or larger than the board, a file that ends before n moves (truncated), a move
/// line that is not two numbers, a move off the board or on an occupied point (unless
/// options.keepIllegalMoves), and text after the moves.
Record readYixinSav(std::string_view text, const ReadOptions& options = {});

/// Writes Yixin .sav text: "N\nN\n<n>\n" then "x y" per move (LF line ends). Names, rule,
/// result and times are not kept (the format has no field for them). Throws RecordError
/// (line 0) for a size outside 5..25 or a move off the board.
std::string writeYixinSav(const Record& record);

}  // namespace gomoku
