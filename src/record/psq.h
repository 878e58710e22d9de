#pragma once
/// @file Piskvork .psq game records, as written by Piskvork and the Gomocup manager:
///   Piskvorky 15x15, 11:11, 0   header: board W x H (square only here), two view numbers, a flag
///   8,8,0                       moves "x,y,ms": 1-based, x = column from the left, y = row from
///   8,6,1032                    the top, ms = thinking time; colours alternate, Black first
///   EMBRYO22.zip                optional trailer, in this order: two engine names (not in colour
///   YIXIN16.zip                 order; Piskvork writes them in tournaments), an end code (a bare
///   -1                          number -2..15, Piskvork's errCode: 0 normal end, 1..14 a brain's
///   2,Renju                     error, 15 time-out, -1 unknown, -2 other error) and a Gomocup
///                               judge line "<k>,<rule>" (k = 0: draw; 1 or 2: the first or second
///                               engine won). Sources: Piskvork game.cpp savePsq, GomocupJudge
///                               server.py, the Gomocup renju records.
/// Also the "stripped" variant with only "x,y" lines and no header (board size not stated).
/// CRLF or LF line ends, a UTF-8 byte-order mark and blank lines are accepted.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "record/record.h"

namespace gomoku {

/// Reads .psq text (the whole file). Without a header the board size is options.boardSize and
/// Record::sizeKnown is false. Fills moves, timesMs (when the header variant gives times),
/// engines, rule (judge line), result (judge code 0: draw) and properties. Throws RecordError
/// naming the line for: an empty file, binary data (NUL or control bytes, text that is not
/// UTF-8), a first line that is neither a header nor a move, a bad header, a non-square board or
/// a size outside 5..25, a move off the board or on an occupied point (unless
/// options.keepIllegalMoves), or a line after the moves that is not a trailer item in its place
/// (a move fragment such as "10," or "-1,2", a number that is not an end code, a malformed judge
/// line, an item out of order, or a move after the trailer: the error names the first trailer
/// line).
Record readPsq(std::string_view text, const ReadOptions& options = {});

/// Reads a .psq file (see readPsq). A Gomocup file name "<round>_<i>_<j>_<X>.psq" also gives the
/// result when the content does not: X = 1 Black won, 2 White won, 0 draw (resultText
/// "file name: X = <X>"). Throws RecordError for a file that cannot be read or parsed; the
/// message starts with the file name.
Record readPsqFile(const std::filesystem::path& path, const ReadOptions& options = {});

/// The result a Gomocup .psq file name states: "<round>_<i>_<j>_<X>.psq" with X = 1 (Black
/// won), 2 (White won) or 0 (draw); nullopt for any other name. Only the final path component
/// is looked at.
std::optional<RecordResult> gomocupResultFromName(const std::filesystem::path& path);

/// Writes .psq text: the header "Piskvorky NxN, 11:11, 0", one "x,y,ms" line per move (1-based;
/// ms from timesMs, else 0), then the engine names if any, else Black's and White's names (each
/// only if both are set), LF line ends, nothing else. Throws RecordError (line 0) for a board
/// size outside 5..25, a move off the board, or a name that would not read back as a name (a
/// line break or control character, blanks around it, not UTF-8, or a move / number line).
std::string writePsq(const Record& record);

}  // namespace gomoku
