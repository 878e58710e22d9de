#pragma once
/// @file Text rendering for gomoku-cli: the board with RIF coordinates, and the RESULT line.

#include <iosfwd>
#include <optional>
#include <string>

#include "core/clock.h"
#include "core/game.h"
#include "core/opening.h"

namespace gomoku::cli {

/// The board as text: column letters on top and bottom, row numbers 1..size from the bottom on
/// both sides, 'X' Black, 'O' White, '.' empty, the last move in parentheses, and under renju
/// with Black to move '*' on every forbidden point (with a legend line below).
std::string renderBoard(const Game& game);

/// "RESULT <black|white|draw|interrupted> <reason>" (no newline) for a finished game.
std::string resultLine(const Result& r);

/// "CLOCK black 4:52 white 5:00" (no newline): what decides for each side, with "*" after the
/// running one, "byo-yomi" before a period that runs and "flag" for a side out of time.
std::string clockLine(const ClockReading& black, const ClockReading& white);

/// Why an opening action was refused, e.g. "the stone must lie within the central 5x5".
std::string openingErrorText(OpeningError e, const Opening& o);

/// What the opening waits for, as the OPENING line says it: "first places move 2 (white)
/// within the central 3x3", "second: keep or swap", "done: first plays white, second black".
std::string openingStepText(const Opening& o);

/// The message for a --clock value parseTimeControl refused with `e`, naming the accepted forms.
std::string timeControlError(const std::string& text, TimeControlError e);

/// `gomoku-cli forbidden`: reads positions, one per line, "<black x,y list>|<white x,y list>"
/// (0-based x,y separated by blanks; Black to move; 15x15), and writes for each the forbidden
/// points for Black as sorted "x,y" pairs separated by blanks (an empty line when none), or
/// "error: line N: ..." for a bad line. Returns the exit code: 0, or 1 when a line was bad.
int forbiddenTool(std::istream& in, std::ostream& out);

/// Asks for a secret (a password) at the terminal: writes `prompt` to standard error and reads a
/// line from standard input with the echo turned off (restored afterwards, and a newline
/// written). nullopt at the end of input.
std::optional<std::string> readSecret(const std::string& prompt);

}  // namespace gomoku::cli
