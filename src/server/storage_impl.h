// Shared by the storage back ends (not a public header): how values are written into the
// database and read back, and the back ends' constructors.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "server/storage.h"

namespace gomoku::server::detail {

/// Moves as text: "x,y" per move (0-based column, row), separated by single spaces; "" for none.
std::string encodeMoves(const std::vector<Point>& moves);
/// The inverse of encodeMoves; malformed text: StorageError naming `gameId`.
std::vector<Point> decodeMoves(std::string_view text, std::int64_t gameId);
/// Per-move times as text: decimal milliseconds separated by single spaces; "" for none.
std::string encodeMillis(const std::vector<std::uint32_t>& millis);
/// The inverse of encodeMillis; malformed text: StorageError naming `gameId`.
std::vector<std::uint32_t> decodeMillis(std::string_view text, std::int64_t gameId);

/// Stored enum numbers back to enums; an unknown number: StorageError naming `gameId`.
Rule ruleFromDb(std::int64_t v, std::int64_t gameId);
/// See ruleFromDb.
Outcome outcomeFromDb(std::int64_t v, std::int64_t gameId);
/// See ruleFromDb.
EndReason reasonFromDb(std::int64_t v, std::int64_t gameId);

/// Checks what finishGame needs of its arguments (StorageError otherwise).
void checkFinish(const GameRow& g);
/// finishGame's colours: `ids` holds the stored {black, white} of game g; g's blackId and
/// whiteId (both 0: as stored) may name the same two accounts the other way round (an opening
/// swapped them), and then `ids` is swapped. Any other pair: StorageError.
void finalColours(const GameRow& g, std::int64_t (&ids)[2]);

/// The SQLite back end on a file (created with its folder when missing).
std::unique_ptr<Storage> openSqlite(const std::string& path);
/// The PostgreSQL back end on a libpq connection URI.
std::unique_ptr<Storage> openPostgres(const std::string& url);

}  // namespace gomoku::server::detail
