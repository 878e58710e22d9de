#pragma once
/// @file A game record as read from or written to a file (Piskvork .psq: record/psq.h; SGF:
/// record/sgf.h): the common form the readers fill and the writers take, the options of the
/// readers and the error they throw. Coordinates everywhere: x = column from the left, y = row
/// from the top, both 0-based (the files' own conventions are converted by the readers).

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/board.h"
#include "core/opening.h"
#include "core/rules.h"
#include "core/types.h"

namespace gomoku {

/// A file that cannot be read as a record. what() names the line, e.g.
/// "line 7: move 13,16 is off the 15x15 board"; line() is that number (1-based, counted in the
/// file as stored), or 0 when the error concerns the whole file (e.g. "empty file").
class RecordError : public std::runtime_error {
 public:
  /// An error at `line` (1-based; 0 for the whole file). what() is message with a "line N: "
  /// prefix when line > 0.
  RecordError(int line, const std::string& message);
  /// The same, about the file `file`: what() is "<file>: line N: <message>".
  RecordError(const std::string& file, int line, const std::string& message);
  /// The 1-based line the error is on; 0 for the whole file.
  int line() const { return line_; }
  /// The message without the file and line prefix.
  const std::string& message() const { return message_; }
  /// The file the error is about, as given to the constructor; empty when none was given.
  const std::string& file() const { return file_; }

 private:
  int line_;
  std::string file_;
  std::string message_;
};

/// The result a record states (what the file says, not what the moves show: see replay()).
enum class RecordResult : std::uint8_t {
  Black = 0,    ///< Black won
  White = 1,    ///< White won (also by Black's foul: see Record::foulResult)
  Draw = 2,     ///< a draw
  Unknown = 3,  ///< the file states a result we cannot read as one of the above (e.g. "?", 其他)
};

/// "black", "white", "draw" or "unknown".
const char* recordResultName(RecordResult r);

/// A comment in a record, attached to a moment of the game.
struct RecordComment {
  int afterMove = 0;  ///< moves played when it applies: 0 = the game as a whole / before move 1
  std::string text;   ///< the comment, UTF-8 (unless Record::textConverted is false)
};

/// One game as a file records it. Text fields are UTF-8 unless textConverted is false.
struct Record {
  /// Intersections per side (square boards only). Readers refuse sizes outside
  /// Board::kMinSize..Board::kMaxSize.
  int size = Board::kDefaultSize;
  /// False when the file does not state the size (stripped .psq) and `size` is the caller's
  /// ReadOptions::boardSize.
  bool sizeKnown = true;
  /// The rule when the file states it (Gomocup judge line "1,Renju", SGF RU[]); else nullopt.
  std::optional<Rule> rule;
  /// The moves in order, Black first, colours alternating; x = column from the left, y = row
  /// from the top, 0-based. Every move is on the board and on an empty point, unless the record
  /// was read with ReadOptions::keepIllegalMoves (then replay() judges them).
  std::vector<Point> moves;
  /// Thinking time of each move in milliseconds as the file gives it (.psq third field); empty
  /// when the file gives none, otherwise as long as `moves`.
  std::vector<int> timesMs;
  /// The 1-based line of the file each move is written on (for error messages); empty when the
  /// reader does not know it (binary formats, records built in memory), else as long as `moves`.
  std::vector<int> moveLines;
  /// Black's name (SGF PB), UTF-8; nullopt when the file does not give it.
  std::optional<std::string> black;
  /// White's name (SGF PW), UTF-8; nullopt when the file does not give it.
  std::optional<std::string> white;
  /// .psq trailer: the engine names in file order. In Gomocup files this is NOT colour order.
  std::vector<std::string> engines;
  /// The result the file states; nullopt when it states none.
  std::optional<RecordResult> result;
  /// The result as written, e.g. "B+R", "黑胜", "0,Renju", or "file name: X = 2" when it comes
  /// from a Gomocup file name (see readPsqFile); empty when none.
  std::string resultText;
  /// True when the stated result is White winning by Black's foul (SGF RE[抓禁]).
  bool foulResult = false;
  /// Renju: what a forbidden move by Black did in the game recorded, refused or lost (SGF XF[],
  /// our own property); nullopt when the file does not say.
  std::optional<FoulPolicy> foul;
  /// The opening rule the game was played under (SGF XO[], our own property, e.g.
  /// XO[soosorv8]); nullopt when the file does not say.
  std::optional<OpeningRule> openingRule;
  /// The opening's decisions in the order taken (SGF XD[], our own property), as
  /// Opening::history() gives them: replayed through core's Opening (replayOpening) under
  /// openingRule they place the first moves of `moves` (Place and Pick entries in order), and
  /// further moves follow only once the opening is done. Empty when the file gives none. The
  /// players of the seats: the seat that plays Black when the opening is done is `black`'s.
  std::vector<OpeningEntry> openingLog;
  /// The date as written (SGF DT), e.g. "2008-6-24"; empty when absent.
  std::string date;
  /// Comments in file order (SGF C and GC).
  std::vector<RecordComment> comments;
  /// What else the file holds, as (name, value) in file order: SGF root properties this struct
  /// has no field for (e.g. {"CP", "..."}, {"5A", "I9"}); .psq trailer items {"psq error", "-1"},
  /// {"psq judge", "1,Renju"}.
  std::vector<std::pair<std::string, std::string>> properties;
  /// What the reader let through or repaired, one sentence each, naming its line: illegal moves
  /// kept (ReadOptions::keepIllegalMoves), an unescaped ']' in an SGF value read as text.
  std::vector<std::string> warnings;
  /// The encoding the text was read in: "UTF-8", "GB18030", ...
  std::string encoding = "UTF-8";
  /// False when text fields hold the file's bytes in `encoding`, not converted to UTF-8
  /// (Windows: conversion is not implemented there yet).
  bool textConverted = true;
};

/// How the readers treat what the file leaves open or gets wrong.
struct ReadOptions {
  /// Board size for files that do not state it (the stripped .psq variant): 5..25.
  int boardSize = Board::kDefaultSize;
  /// When true, a move off the board or on an occupied point (and, in SGF, a move value that is
  /// not a point, read as off the board) is kept in Record::moves and noted in
  /// Record::warnings, for replay() to judge; when false (the default) it is a RecordError.
  bool keepIllegalMoves = false;
  /// SGF: the encoding of the text ("GB18030", "UTF-8", any iconv name), overriding CA[] and
  /// detection; empty to detect (see readSgf).
  std::string encoding;
};

/// A path as UTF-8 text, for messages and extensions (on Windows `path.string()` would use the
/// ANSI code page and lose or refuse Chinese names).
std::string utf8Path(const std::filesystem::path& path);

/// Reads a whole file into memory (at most 16 MiB). Throws RecordError (line 0) naming the path
/// when it cannot be opened or read, or is larger.
std::string readFileBytes(const std::filesystem::path& path);

/// Reads a record file by its extension (case-insensitive): ".psq" with readPsqFile, ".sgf" with
/// readSgfFile, ".sav" with readYixinSav (record/yixin.h), ".lib" with readRenLib
/// (record/renlib.h), and the Japanese ".ban", ".dt5", ".kif", ".lws", ".nrf", ".rnj" with
/// readJapanese (record/jpformats.h). Throws RecordError for another extension or a bad file; the
/// message starts with the file name. See record/recordio.h for saving and for checking the moves.
Record readRecordFile(const std::filesystem::path& path, const ReadOptions& options = {});

}  // namespace gomoku
