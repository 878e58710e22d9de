#pragma once
/// @file RenLib opening libraries (.lib, the format of Frank Arkbo's RenLib 3.x; layout as read
/// by RenLib itself, Figrid and renlib-rs). 15x15 only. A 20-byte header
///   FF 'R' 'e' 'n' 'L' 'i' 'b' FF <major 3> <minor 0 or 4> FF x 10
/// then the nodes of a move tree in preorder, 2 bytes each:
///   byte 0: the point: low nibble = column + 1 (1..15, a..o), high nibble = row from the TOP
///           (0..14); 0x00 = no point (the root);
///   byte 1: flags 0x80 the node has a next sibling ("down"), 0x40 the node has no child
///           ("right"), 0x20 old-style comment, 0x10 mark, 0x08 comment, 0x04 start mark,
///           0x02 no move (a board-text mark, not a stone), 0x01 extension: two more bytes
///           follow, whose second has 0x01 for "board text";
///   then, with a comment flag, NUL-terminated text (padding NULs after it skipped), and with
///   board text another NUL-terminated text.
/// Only the main line is read: from the root, the first child that is a move, at every level.

#include <string>
#include <string_view>

#include "record/record.h"

namespace gomoku {

/// Reads a RenLib library (the whole file, raw bytes) and returns its main line as a 15x15
/// record (rule not stated; comments on main-line nodes kept when they are UTF-8 or ASCII,
/// other bytes replaced by '?'). Throws RecordError (line 0; the message names the byte
/// offset) for: an empty file, a header that is not RenLib's, a major version other than 3, a
/// file that ends inside a node or text (truncated), a node without a point below the root, and
/// (unless options.keepIllegalMoves) a move off the board or on an occupied point.
Record readRenLib(std::string_view bytes, const ReadOptions& options = {});

/// Writes the record's moves as a RenLib 3.0 library holding one line (a root without a point,
/// then one node per move; no comments). Throws RecordError (line 0) for a board other than
/// 15x15 or a move off the board.
std::string writeRenLib(const Record& record);

}  // namespace gomoku
