#pragma once
/// @file Text rendering for gomoku-cli: the board with RIF coordinates, and the RESULT line.

#include <string>

#include "core/game.h"

namespace gomoku::cli {

/// The board as text: column letters on top and bottom, row numbers 1..size from the bottom on
/// both sides, 'X' Black, 'O' White, '.' empty, the last move in parentheses.
std::string renderBoard(const Game& game);

/// "RESULT <black|white|draw|interrupted> <reason>" (no newline) for a finished game.
std::string resultLine(const Result& r);

}  // namespace gomoku::cli
