// The server's database: accounts, session tokens, games and the ladder. One interface with two
// back ends: SQLite (an embedded file, the default) and PostgreSQL. Every statement is
// parameterised; the schema is created or migrated when a database is opened.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/rules.h"
#include "core/types.h"

namespace gomoku::server {

/// The schema version this program writes. Older databases are migrated when opened; a newer
/// one is refused (StorageError). v1: accounts without `draws`, games without per-move times;
/// v2: adds both (draws of existing accounts are counted from their rated drawn games).
inline constexpr int kSchemaVersion = 2;

/// Any database failure: cannot open or create, a schema newer than kSchemaVersion, a lost
/// connection, a failed statement (the transaction it belonged to is rolled back). The
/// message is English, for the server's log.
struct StorageError : std::runtime_error {
  using runtime_error::runtime_error;
};

/// The database cannot be reached now (PostgreSQL: the connection is lost or refused, the
/// server is shutting down or starting up, or a commit's fate is unknown). Nothing of the call
/// is written, except for a commit in doubt; calling again later may succeed, and every write
/// here may be repeated: a game's result is kept once (finishGame), an account already made is
/// "taken". SQLite never throws it.
struct StorageUnavailable : StorageError {
  using StorageError::StorageError;
};

/// A player's account as stored.
struct Account {
  std::int64_t id = 0;        ///< database id, > 0, never reused
  std::string name;           ///< the name as registered (UTF-8)
  std::string key;            ///< the uniqueness key of the name (accounts.h nameKey)
  std::int32_t score = 1000;  ///< ladder score
  std::uint32_t games = 0;    ///< rated games finished
  std::uint32_t wins = 0;     ///< rated games won
  std::uint32_t draws = 0;    ///< rated games drawn
};

/// What a finished game does to one player's ladder line.
struct LadderChange {
  std::int32_t before = 0;  ///< score before the game (stored in the game row)
  std::int32_t after = 0;   ///< score after the game (rated: the account moves by after - before)
  bool win = false;         ///< rated: counts a win
  bool draw = false;        ///< rated: counts a draw
};

/// One game between two accounts, as stored.
struct GameRow {
  std::int64_t id = 0;                    ///< database id (startGame assigns it)
  std::int64_t blackId = 0, whiteId = 0;  ///< the players' account ids
  std::string blackName, whiteName;    ///< filled when read (from the accounts); ignored on write
  Rule rule = Rule::Freestyle;         ///< the game's rule
  int boardSize = 15;                  ///< lines per side
  bool rated = false;                  ///< fixed by startGame: moves the ladder when finished
  Outcome outcome = Outcome::Ongoing;  ///< Ongoing until finished
  EndReason reason = EndReason::None;  ///< why it ended
  std::int32_t blackBefore = 0, blackAfter = 0, whiteBefore = 0, whiteAfter = 0;  ///< scores
  std::int64_t startedAt = 0, endedAt = 0;  ///< unix seconds; endedAt 0 while playing
  std::vector<Point> moves;                 ///< in order, Black first; x = column, y = row, 0-based
  std::vector<std::uint32_t> moveMillis;    ///< thinking time of each move in ms; empty when
                                            ///< unknown (games stored by schema v1)
  int moveCount = 0;  ///< number of moves: filled when read (also by gamesOf, without `moves`)
};

/// The database. Not thread-safe: one Storage is used from one thread. Every method throws
/// StorageError on a database failure; nothing is half-written then. PostgreSQL: a database that
/// cannot be reached throws StorageUnavailable, and the next call connects again.
class Storage {
 public:
  virtual ~Storage() = default;
  /// The database's schema version (kSchemaVersion once opened).
  virtual int schemaVersion() = 0;
  /// A new account with score `initialScore` and no games; nullopt when `key` is taken.
  /// name, key and hash are stored verbatim (checking them is accounts.h's job; PostgreSQL
  /// refuses text that is not UTF-8 or holds a NUL: StorageError).
  virtual std::optional<Account> createAccount(const std::string& name, const std::string& key,
                                               const std::string& passwordHash,
                                               std::int32_t initialScore) = 0;
  /// The account and its password hash, by name key; nullopt when there is none.
  virtual std::optional<std::pair<Account, std::string>> accountByKey(const std::string& key) = 0;
  /// The account with this id; nullopt when there is none.
  virtual std::optional<Account> accountById(std::int64_t id) = 0;
  /// Stores a session token's digest (never the token), valid until `expiresAt` (unix s);
  /// an account may have several. Unknown account or another account's digest: StorageError;
  /// the same digest for the same account again changes nothing (a retried write).
  virtual void addToken(std::int64_t accountId, const std::string& digest,
                        std::int64_t expiresAt) = 0;
  /// The account of a token digest still valid at `now` (unix s: valid while now <
  /// expiresAt); nullopt otherwise. Also deletes every token expired at `now`.
  virtual std::optional<Account> accountByToken(const std::string& digest, std::int64_t now) = 0;
  /// The best n accounts: higher score first; ties: more wins, then the older account first.
  /// n <= 0: none.
  virtual std::vector<Account> top(int n) = 0;
  /// A game starts: inserts the row with outcome Ongoing, no moves, endedAt 0 (those fields
  /// of g are ignored, as are id and the names) and returns its id. Unknown account:
  /// StorageError.
  virtual std::int64_t startGame(const GameRow& g) = 0;
  /// A game ended. In ONE transaction: sets the row's outcome, reason, moves, moveMillis,
  /// endedAt (from g; g.id names the game) and the four scores (from black and white:
  /// before/after); when the game is rated (as given to startGame), each account's score
  /// moves by after - before and its games, wins (win) and draws (draw) grow. Unrated games
  /// change nothing on the accounts. All or nothing: on any failure nothing is changed and
  /// StorageError is thrown. Idempotent: a game finished already is left alone and false is
  /// returned. The colours: g.blackId and g.whiteId name the two players given to startGame,
  /// either way round (an opening rule may have swapped them: the row and the ladder changes
  /// follow g), or are both 0 (as started). g.outcome Ongoing, moveMillis neither empty nor as
  /// long as moves, other players, or an unknown game id: StorageError.
  virtual bool finishGame(const GameRow& g, const LadderChange& black,
                          const LadderChange& white) = 0;
  /// At start: rows still Ongoing (the server stopped without finishing them) become
  /// Interrupted (reason Disconnected, endedAt = now, nobody's ladder moves); returns how many.
  virtual int interruptUnfinished(std::int64_t now) = 0;
  /// The last `limit` finished games of an account (as Black or White), newest (endedAt)
  /// first, without moves and moveMillis (moveCount is set). limit <= 0: none.
  virtual std::vector<GameRow> gamesOf(std::int64_t accountId, int limit) = 0;
  /// One game with its moves (finished or not); nullopt if there is none.
  virtual std::optional<GameRow> game(std::int64_t id) = 0;
};

/// Opens (and creates or migrates) a database. "" -> SQLite at defaultDatabasePath(); a path
/// -> SQLite at that path (the file and its folder are created; WAL journal; foreign keys on);
/// "postgresql://..." or "postgres://..." -> PostgreSQL (a libpq connection URI).
/// Throws StorageError (cannot open or connect, schema newer than kSchemaVersion, ...).
std::unique_ptr<Storage> openStorage(const std::string& url);

/// The default SQLite path: $XDG_DATA_HOME/gomoku-server/server.db when XDG_DATA_HOME is an
/// absolute path, else ~/.local/share/gomoku-server/server.db (home from $HOME, else the
/// password database).
std::string defaultDatabasePath();

}  // namespace gomoku::server
