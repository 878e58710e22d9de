// The SQLite back end: one database file (WAL journal, foreign keys on), every statement
// prepared with bound parameters.
#include <sqlite3.h>

#include <ctime>
#include <filesystem>
#include <iterator>
#include <string_view>
#include <system_error>

#include "server/storage.h"
#include "server/storage_impl.h"

namespace gomoku::server::detail {

namespace {

// Schema steps: kSteps[v - 1] takes a database from version v - 1 to v (0: empty). A fresh
// database runs them all, so the migrations are the schema's only definition.
constexpr const char* kSteps[] = {
    // v1
    R"sql(
CREATE TABLE schema_version (version INTEGER NOT NULL);
INSERT INTO schema_version (version) VALUES (0);
CREATE TABLE accounts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  score INTEGER NOT NULL,
  games INTEGER NOT NULL DEFAULT 0,
  wins INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE INDEX accounts_ladder ON accounts (score DESC, wins DESC, id);
CREATE TABLE tokens (
  digest TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  expires_at INTEGER NOT NULL
);
CREATE INDEX tokens_expiry ON tokens (expires_at);
CREATE TABLE games (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  black_id INTEGER NOT NULL REFERENCES accounts (id),
  white_id INTEGER NOT NULL REFERENCES accounts (id),
  rule INTEGER NOT NULL,
  board_size INTEGER NOT NULL,
  rated INTEGER NOT NULL,
  outcome INTEGER NOT NULL DEFAULT 0,
  reason INTEGER NOT NULL DEFAULT 0,
  black_before INTEGER NOT NULL,
  black_after INTEGER NOT NULL,
  white_before INTEGER NOT NULL,
  white_after INTEGER NOT NULL,
  started_at INTEGER NOT NULL,
  ended_at INTEGER NOT NULL DEFAULT 0,
  move_count INTEGER NOT NULL DEFAULT 0,
  moves TEXT NOT NULL DEFAULT ''
);
CREATE INDEX games_black ON games (black_id, ended_at);
CREATE INDEX games_white ON games (white_id, ended_at);
CREATE INDEX games_ongoing ON games (outcome) WHERE outcome = 0;
)sql",
    // v2: draws on the ladder (counted from the rated drawn games so far); per-move times.
    R"sql(
ALTER TABLE accounts ADD COLUMN draws INTEGER NOT NULL DEFAULT 0;
UPDATE accounts SET draws = (SELECT count(*) FROM games g
  WHERE g.rated <> 0 AND g.outcome = 3 AND (g.black_id = accounts.id OR g.white_id = accounts.id));
ALTER TABLE games ADD COLUMN move_millis TEXT NOT NULL DEFAULT '';
)sql",
};
static_assert(std::size(kSteps) == kSchemaVersion);

constexpr const char* kAccountColumns = "id, name, name_key, score, games, wins, draws";
constexpr const char* kGameSelect =
    "SELECT g.id, g.black_id, g.white_id, b.name, w.name, g.rule, g.board_size, g.rated, "
    "g.outcome, g.reason, g.black_before, g.black_after, g.white_before, g.white_after, "
    "g.started_at, g.ended_at, g.move_count, g.moves, g.move_millis "
    "FROM games g JOIN accounts b ON b.id = g.black_id JOIN accounts w ON w.id = g.white_id ";

class SqliteStorage;

// A prepared statement: bind() the parameters (1-based, in order), step() through the rows.
class Statement {
 public:
  Statement(sqlite3* db, std::string_view sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr) !=
        SQLITE_OK)
      fail("preparing a statement");
  }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  ~Statement() { sqlite3_finalize(stmt_); }

  // Binds the parameters in order.
  template <typename... Args>
  Statement& bind(const Args&... args) {
    int i = 0;
    (bindOne(++i, args), ...);
    return *this;
  }
  // Runs the statement to the next row; false when done.
  bool step() {
    int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    fail("running a statement");
  }
  // Runs a statement that returns no rows.
  void run() {
    while (step()) {
    }
  }
  std::int64_t integer(int col) const { return sqlite3_column_int64(stmt_, col); }
  std::string text(int col) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
    return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col)))
             : std::string();
  }

 private:
  void bindOne(int i, std::int64_t v) { check(sqlite3_bind_int64(stmt_, i, v)); }
  void bindOne(int i, int v) { check(sqlite3_bind_int64(stmt_, i, v)); }
  void bindOne(int i, bool v) { check(sqlite3_bind_int64(stmt_, i, v ? 1 : 0)); }
  void bindOne(int i, const std::string& v) {
    check(sqlite3_bind_text64(stmt_, i, v.data(), v.size(), SQLITE_TRANSIENT, SQLITE_UTF8));
  }
  void check(int rc) {
    if (rc != SQLITE_OK) fail("binding a parameter");
  }
  [[noreturn]] void fail(const char* what) const {
    throw StorageError(std::string("SQLite: ") + what + ": " + sqlite3_errmsg(db_));
  }

  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

void execScript(sqlite3* db, const char* sql, const char* what) {
  char* err = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : sqlite3_errmsg(db);
    sqlite3_free(err);
    throw StorageError(std::string("SQLite: ") + what + ": " + msg);
  }
}

// BEGIN IMMEDIATE ... COMMIT; rolled back when left without commit() (an exception).
class Transaction {
 public:
  explicit Transaction(sqlite3* db) : db_(db) { execScript(db, "BEGIN IMMEDIATE", "begin"); }
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  ~Transaction() {
    if (!done_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  }
  void commit() {
    execScript(db_, "COMMIT", "commit");
    done_ = true;
  }

 private:
  sqlite3* db_;
  bool done_ = false;
};

Account readAccount(const Statement& s, int first = 0) {
  Account a;
  a.id = s.integer(first);
  a.name = s.text(first + 1);
  a.key = s.text(first + 2);
  a.score = static_cast<std::int32_t>(s.integer(first + 3));
  a.games = static_cast<std::uint32_t>(s.integer(first + 4));
  a.wins = static_cast<std::uint32_t>(s.integer(first + 5));
  a.draws = static_cast<std::uint32_t>(s.integer(first + 6));
  return a;
}

GameRow readGame(const Statement& s, bool withMoves) {
  GameRow g;
  g.id = s.integer(0);
  g.blackId = s.integer(1);
  g.whiteId = s.integer(2);
  g.blackName = s.text(3);
  g.whiteName = s.text(4);
  g.rule = ruleFromDb(s.integer(5), g.id);
  g.boardSize = static_cast<int>(s.integer(6));
  g.rated = s.integer(7) != 0;
  g.outcome = outcomeFromDb(s.integer(8), g.id);
  g.reason = reasonFromDb(s.integer(9), g.id);
  g.blackBefore = static_cast<std::int32_t>(s.integer(10));
  g.blackAfter = static_cast<std::int32_t>(s.integer(11));
  g.whiteBefore = static_cast<std::int32_t>(s.integer(12));
  g.whiteAfter = static_cast<std::int32_t>(s.integer(13));
  g.startedAt = s.integer(14);
  g.endedAt = s.integer(15);
  g.moveCount = static_cast<int>(s.integer(16));
  if (withMoves) {
    g.moves = decodeMoves(s.text(17), g.id);
    g.moveMillis = decodeMillis(s.text(18), g.id);
  }
  return g;
}

class SqliteStorage final : public Storage {
 public:
  explicit SqliteStorage(const std::string& path) {
    std::filesystem::path p(path);
    if (p.has_parent_path()) {
      std::error_code ec;
      std::filesystem::create_directories(p.parent_path(), ec);
      if (ec)
        throw StorageError("SQLite: cannot create the folder " + p.parent_path().string() + ": " +
                           ec.message());
    }
    int rc =
        sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    if (rc != SQLITE_OK) {
      std::string msg = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
      sqlite3_close(db_);
      throw StorageError("SQLite: cannot open " + path + ": " + msg);
    }
    try {
      sqlite3_extended_result_codes(db_, 1);
      sqlite3_busy_timeout(db_, 5000);
      execScript(db_, "PRAGMA foreign_keys = ON", "enabling foreign keys");
      {
        Statement wal(db_, "PRAGMA journal_mode = WAL");
        if (!wal.step() || wal.text(0) != "wal")
          throw StorageError("SQLite: cannot use the WAL journal for " + path);
      }
      migrate();
    } catch (...) {
      sqlite3_close(db_);
      throw;
    }
  }
  ~SqliteStorage() override { sqlite3_close(db_); }

  int schemaVersion() override {
    Statement s(db_, "SELECT version FROM schema_version");
    if (!s.step()) throw StorageError("SQLite: the schema version is missing");
    return static_cast<int>(s.integer(0));
  }

  std::optional<Account> createAccount(const std::string& name, const std::string& key,
                                       const std::string& passwordHash,
                                       std::int32_t initialScore) override {
    Statement s(db_,
                "INSERT INTO accounts (name, name_key, password_hash, score, created_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (name_key) DO NOTHING");
    s.bind(name, key, passwordHash, static_cast<std::int64_t>(initialScore),
           static_cast<std::int64_t>(std::time(nullptr)))
        .run();
    if (sqlite3_changes(db_) == 0) return std::nullopt;
    Account a;
    a.id = sqlite3_last_insert_rowid(db_);
    a.name = name;
    a.key = key;
    a.score = initialScore;
    return a;
  }

  std::optional<std::pair<Account, std::string>> accountByKey(const std::string& key) override {
    Statement s(db_, std::string("SELECT ") + kAccountColumns +
                         ", password_hash FROM accounts WHERE name_key = ?");
    if (!s.bind(key).step()) return std::nullopt;
    return std::make_pair(readAccount(s), s.text(7));
  }

  std::optional<Account> accountById(std::int64_t id) override {
    Statement s(db_, std::string("SELECT ") + kAccountColumns + " FROM accounts WHERE id = ?");
    if (!s.bind(id).step()) return std::nullopt;
    return readAccount(s);
  }

  void addToken(std::int64_t accountId, const std::string& digest,
                std::int64_t expiresAt) override {
    Statement(db_, "INSERT OR IGNORE INTO tokens (digest, account_id, expires_at) VALUES (?, ?, ?)")
        .bind(digest, accountId, expiresAt)
        .run();
    if (sqlite3_changes(db_) == 1) return;
    // There already: the same write again is kept once; another account's is an error.
    Statement owner(db_, "SELECT account_id FROM tokens WHERE digest = ?");
    if (!owner.bind(digest).step() || owner.integer(0) != accountId)
      throw StorageError("SQLite: storing a session token: the digest is another account's");
  }

  std::optional<Account> accountByToken(const std::string& digest, std::int64_t now) override {
    Statement(db_, "DELETE FROM tokens WHERE expires_at <= ?").bind(now).run();
    Statement s(db_,
                "SELECT a.id, a.name, a.name_key, a.score, a.games, a.wins, a.draws "
                "FROM tokens t JOIN accounts a ON a.id = t.account_id "
                "WHERE t.digest = ? AND t.expires_at > ?");
    if (!s.bind(digest, now).step()) return std::nullopt;
    return readAccount(s);
  }

  std::vector<Account> top(int n) override {
    std::vector<Account> out;
    if (n <= 0) return out;
    Statement s(db_, std::string("SELECT ") + kAccountColumns +
                         " FROM accounts ORDER BY score DESC, wins DESC, id ASC LIMIT ?");
    s.bind(n);
    while (s.step()) out.push_back(readAccount(s));
    return out;
  }

  std::int64_t startGame(const GameRow& g) override {
    Statement(db_,
              "INSERT INTO games (black_id, white_id, rule, board_size, rated, black_before, "
              "black_after, white_before, white_after, started_at) "
              "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        .bind(g.blackId, g.whiteId, static_cast<int>(g.rule), g.boardSize, g.rated,
              static_cast<std::int64_t>(g.blackBefore), static_cast<std::int64_t>(g.blackAfter),
              static_cast<std::int64_t>(g.whiteBefore), static_cast<std::int64_t>(g.whiteAfter),
              g.startedAt)
        .run();
    return sqlite3_last_insert_rowid(db_);
  }

  bool finishGame(const GameRow& g, const LadderChange& black, const LadderChange& white) override {
    checkFinish(g);
    Transaction tx(db_);
    bool rated = false;
    std::int64_t ids[2] = {0, 0};
    {
      Statement row(db_, "SELECT outcome, rated, black_id, white_id FROM games WHERE id = ?");
      if (!row.bind(g.id).step())
        throw StorageError("game " + std::to_string(g.id) + " does not exist");
      if (row.integer(0) != static_cast<int>(Outcome::Ongoing)) return false;  // rolled back
      rated = row.integer(1) != 0;
      ids[0] = row.integer(2);
      ids[1] = row.integer(3);
    }  // the statement is finalised before the commit
    finalColours(g, ids);

    Statement(db_,
              "UPDATE games SET black_id = ?, white_id = ?, outcome = ?, reason = ?, "
              "black_before = ?, black_after = ?, white_before = ?, white_after = ?, "
              "ended_at = ?, move_count = ?, moves = ?, move_millis = ? WHERE id = ? AND "
              "outcome = 0")
        .bind(ids[0], ids[1], static_cast<int>(g.outcome), static_cast<int>(g.reason),
              static_cast<std::int64_t>(black.before), static_cast<std::int64_t>(black.after),
              static_cast<std::int64_t>(white.before), static_cast<std::int64_t>(white.after),
              g.endedAt, static_cast<std::int64_t>(g.moves.size()), encodeMoves(g.moves),
              encodeMillis(g.moveMillis), g.id)
        .run();
    if (rated) {
      const LadderChange* changes[2] = {&black, &white};
      for (int i = 0; i < 2; ++i) {
        const LadderChange& c = *changes[i];
        Statement(db_,
                  "UPDATE accounts SET score = score + ?, games = games + 1, wins = wins + ?, "
                  "draws = draws + ? WHERE id = ?")
            .bind(static_cast<std::int64_t>(c.after) - c.before, c.win ? 1 : 0, c.draw ? 1 : 0,
                  ids[i])
            .run();
        if (sqlite3_changes(db_) != 1)
          throw StorageError("game " + std::to_string(g.id) + ": account " +
                             std::to_string(ids[i]) + " is missing");
      }
    }
    tx.commit();
    return true;
  }

  int interruptUnfinished(std::int64_t now) override {
    Statement(db_, "UPDATE games SET outcome = ?, reason = ?, ended_at = ? WHERE outcome = 0")
        .bind(static_cast<int>(Outcome::Interrupted), static_cast<int>(EndReason::Disconnected),
              now)
        .run();
    return sqlite3_changes(db_);
  }

  std::vector<GameRow> gamesOf(std::int64_t accountId, int limit) override {
    std::vector<GameRow> out;
    if (limit <= 0) return out;
    Statement s(db_, std::string(kGameSelect) +
                         "WHERE (g.black_id = ? OR g.white_id = ?) AND g.outcome <> 0 "
                         "ORDER BY g.ended_at DESC, g.id DESC LIMIT ?");
    s.bind(accountId, accountId, limit);
    while (s.step()) out.push_back(readGame(s, false));
    return out;
  }

  std::optional<GameRow> game(std::int64_t id) override {
    Statement s(db_, std::string(kGameSelect) + "WHERE g.id = ?");
    if (!s.bind(id).step()) return std::nullopt;
    return readGame(s, true);
  }

 private:
  // Creates the schema or brings it to kSchemaVersion, in one transaction.
  void migrate() {
    Transaction tx(db_);
    int version = 0;
    {
      Statement s(db_, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?");
      s.bind(std::string("schema_version")).step();
      if (s.integer(0) != 0) version = schemaVersion();
    }
    if (version > kSchemaVersion)
      throw StorageError("the database has schema version " + std::to_string(version) +
                         ", newer than this program's " + std::to_string(kSchemaVersion));
    if (version == kSchemaVersion) return;
    for (int v = version + 1; v <= kSchemaVersion; ++v) {
      execScript(db_, kSteps[v - 1], "creating or migrating the schema");
      Statement(db_, "UPDATE schema_version SET version = ?").bind(v).run();
    }
    tx.commit();
  }

  sqlite3* db_ = nullptr;
};

}  // namespace

std::unique_ptr<Storage> openSqlite(const std::string& path) {
  return std::make_unique<SqliteStorage>(path);
}

}  // namespace gomoku::server::detail
