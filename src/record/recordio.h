#pragma once
/// @file Opening and saving records by file name: the format follows the extension (.psq, .sgf,
/// .sav, .lib), saves are atomic (a temporary file beside the target, flushed, then renamed over
/// it), and opened records are checked move by move so that a record that goes on after a five
/// is refused with the line it is on.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "core/rules.h"
#include "record/record.h"

namespace gomoku {

/// The record formats we read (all) and write (all; .sav and .lib keep the moves only).
enum class RecordFormat : std::uint8_t {
  Psq = 0,     ///< Piskvork .psq (record/psq.h)
  Sgf = 1,     ///< SGF FF[4] GM[4] (record/sgf.h)
  Yixin = 2,   ///< Yixin .sav (record/yixin.h)
  RenLib = 3,  ///< RenLib .lib, main line (record/renlib.h)
};

/// The format an extension names (".psq", ".sgf", ".sav", ".lib", case-insensitive); nullopt
/// for any other.
std::optional<RecordFormat> recordFormatFromPath(const std::filesystem::path& path);

/// The usual extension of a format, with its dot: ".psq", ".sgf", ".sav" or ".lib".
const char* recordFormatExtension(RecordFormat format);

/// Reads a whole file's bytes as `format`. Throws RecordError as the reader does.
Record readRecord(std::string_view bytes, RecordFormat format, const ReadOptions& options = {});

/// The bytes of `record` written as `format`. Throws RecordError as the writer does.
std::string writeRecord(const Record& record, RecordFormat format);

/// Writes `data` to `path` atomically: into a new temporary file in the same folder, flushed
/// to the disk (fsync outside Windows), then renamed over `path`. On any failure the temporary
/// file is removed, an existing `path` is left as it was, and RecordError (line 0, naming the
/// path and the reason) is thrown.
void writeFileAtomic(const std::filesystem::path& path, std::string_view data);

/// Saves `record` to `path` in the format of its extension, atomically (writeFileAtomic).
/// Throws RecordError for an unknown extension, a record the format cannot hold, or a write
/// failure; `path` is then unchanged.
void saveRecordFile(const std::filesystem::path& path, const Record& record);

/// Checks that the moves of `record` can be played in order under `rule` (renju fouls are
/// judged by the replay, not refused here): throws RecordError naming the line of the move
/// (Record::moveLines; else the move number only) for a move off the board, on an occupied
/// point, or after the game ended with a five or a full board.
void checkRecordMoves(const Record& record, Rule rule);

/// The rule a record is judged by: the one it states, else `preferred` (freestyle instead of
/// renju on a board other than 15x15, where renju is not played).
Rule recordRule(const Record& record, Rule preferred);

/// Opens a record, the one decision every front end (the app's Open, gomoku-cli replay and
/// convert) takes on a file: readRecordFile, then checkRecordMoves under `ruleOverride` when
/// given, else recordRule(record, ruleIfUnstated). A file is accepted or refused the same way
/// wherever it is opened under the same rule. Throws RecordError whose message starts with the
/// file name.
Record openRecordFile(const std::filesystem::path& path, Rule ruleIfUnstated,
                      const ReadOptions& options = {},
                      std::optional<Rule> ruleOverride = std::nullopt);

}  // namespace gomoku
