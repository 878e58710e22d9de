// Storage (src/server/storage.h): one suite run against SQLite (a temporary file) and against a
// real PostgreSQL. The PostgreSQL half needs GOMOKU_TEST_PG (a postgresql:// URL of a server
// where the user may create databases); tests/server/with-postgres.sh starts a throw-away
// server and sets it, and CTest runs these tests under it. Without it they are skipped.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <pqxx/pqxx>
#include <string>

#include "server/storage.h"

namespace gomoku::server {
namespace {

namespace fs = std::filesystem;

enum class Backend { SQLite, PostgreSQL };

std::string uniqueSuffix() {
  static std::atomic<int> counter{0};
  return std::to_string(getpid()) + "_" + std::to_string(++counter);
}

// base with its database (the URL's path) replaced by `db`.
std::string withDatabase(const std::string& base, const std::string& db) {
  std::size_t hostStart = base.find("://");
  hostStart = hostStart == std::string::npos ? 0 : hostStart + 3;
  std::size_t query = base.find('?', hostStart);
  std::size_t slash = base.find('/', hostStart);
  if (slash == std::string::npos || (query != std::string::npos && slash > query)) slash = query;
  std::string out = base.substr(0, slash == std::string::npos ? base.size() : slash) + "/" + db;
  if (query != std::string::npos) out += base.substr(query);
  return out;
}

// The suite's fixture; StorageSQLite and StoragePostgreSQL choose the back end, STORAGE_TEST
// runs one body with both.
class StorageTest : public ::testing::Test {
 public:
  explicit StorageTest(Backend b) : backend_(b) {}

  void SetUp() override {
    if (backend_ == Backend::SQLite) {
      dir_ = fs::temp_directory_path() / ("gomoku-storage-test-" + uniqueSuffix());
      url_ = (dir_ / "a folder" / "server.db").string();  // openStorage creates the folders
      return;
    }
    const char* base = std::getenv("GOMOKU_TEST_PG");
    if (!base || !*base)
      GTEST_SKIP() << "GOMOKU_TEST_PG is not set: run under tests/server/with-postgres.sh "
                      "(CTest does) to test PostgreSQL";
    pgBase_ = base;
    const std::string name = "gomoku_test_" + uniqueSuffix();
    pqxx::connection c(pgBase_);
    pqxx::nontransaction n(c);
    n.exec("CREATE DATABASE " + n.quote_name(name));
    dbName_ = name;
    url_ = withDatabase(pgBase_, dbName_);
  }

  void TearDown() override {
    storage_.reset();
    if (!dir_.empty()) {
      std::error_code ec;
      fs::remove_all(dir_, ec);
    }
    if (!dbName_.empty()) {
      pqxx::connection c(pgBase_);
      pqxx::nontransaction n(c);
      n.exec("DROP DATABASE IF EXISTS " + n.quote_name(dbName_) + " WITH (FORCE)");
    }
  }

  bool pg() const { return backend_ == Backend::PostgreSQL; }

  Storage& open() {
    storage_.reset();
    storage_ = openStorage(url_);
    return *storage_;
  }

  // Runs SQL on a connection of its own (fixtures: old schemas, failure triggers).
  void raw(const std::string& sql) {
    if (pg()) {
      pqxx::connection c(url_);
      pqxx::nontransaction n(c);
      n.exec(sql);
      return;
    }
    fs::create_directories(fs::path(url_).parent_path());
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(url_.c_str(), &db), SQLITE_OK);
    char* err = nullptr;
    int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err);
    std::string msg = err ? err : "";
    sqlite3_free(err);
    sqlite3_close(db);
    ASSERT_EQ(rc, SQLITE_OK) << msg;
  }

  // Two accounts and a started game between them (Black a, White b).
  struct Setup {
    Account a, b;
    GameRow game;
  };
  Setup twoPlayersAndAGame(Storage& s, bool rated) {
    Setup r;
    r.a = *s.createAccount("Alice", "alice", "hash-a", 1000);
    r.b = *s.createAccount("Bob", "bob", "hash-b", 1100);
    r.game.blackId = r.a.id;
    r.game.whiteId = r.b.id;
    r.game.rule = Rule::Renju;
    r.game.boardSize = 15;
    r.game.rated = rated;
    r.game.blackBefore = r.game.blackAfter = 1000;
    r.game.whiteBefore = r.game.whiteAfter = 1100;
    r.game.startedAt = 1'700'000'000;
    r.game.id = s.startGame(r.game);
    return r;
  }

  // A black win by five on a 15x15 board, with times.
  static void blackFive(GameRow& g) {
    g.moves = {{7, 7}, {7, 8}, {8, 7}, {8, 8}, {9, 7}, {9, 8}, {10, 7}, {10, 8}, {11, 7}};
    g.moveMillis = {1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000};
    g.outcome = Outcome::BlackWins;
    g.reason = EndReason::Five;
    g.endedAt = 1'700'000'600;
  }

  Backend backend_;
  std::string url_;
  fs::path dir_;
  std::string pgBase_, dbName_;
  std::unique_ptr<Storage> storage_;
};

class StorageSQLite : public StorageTest {
 public:
  StorageSQLite() : StorageTest(Backend::SQLite) {}
};
class StoragePostgreSQL : public StorageTest {
 public:
  StoragePostgreSQL() : StorageTest(Backend::PostgreSQL) {}
};

// STORAGE_TEST(Name) { body using t (a StorageTest&) }: the test StorageSQLite.Name and
// StoragePostgreSQL.Name (skipped without GOMOKU_TEST_PG).
#define STORAGE_TEST(Name)          \
  void Name(StorageTest& t);        \
  TEST_F(StorageSQLite, Name) {     \
    Name(*this);                    \
  }                                 \
  TEST_F(StoragePostgreSQL, Name) { \
    Name(*this);                    \
  }                                 \
  void Name(StorageTest& t)

// The schema as version 1 wrote it (a database from the first release), with one finished
// rated draw, one rated win and one game still running.
std::string v1Database(bool pg) {
  std::string sql;
  if (pg) {
    sql = R"sql(
CREATE TABLE schema_version (version INTEGER NOT NULL);
INSERT INTO schema_version (version) VALUES (1);
CREATE TABLE accounts (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL,
  score INTEGER NOT NULL, games INTEGER NOT NULL DEFAULT 0, wins INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL);
CREATE INDEX accounts_ladder ON accounts (score DESC, wins DESC, id);
CREATE TABLE tokens (digest TEXT PRIMARY KEY,
  account_id BIGINT NOT NULL REFERENCES accounts (id), expires_at BIGINT NOT NULL);
CREATE INDEX tokens_expiry ON tokens (expires_at);
CREATE TABLE games (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  black_id BIGINT NOT NULL REFERENCES accounts (id),
  white_id BIGINT NOT NULL REFERENCES accounts (id),
  rule SMALLINT NOT NULL, board_size SMALLINT NOT NULL, rated BOOLEAN NOT NULL,
  outcome SMALLINT NOT NULL DEFAULT 0, reason SMALLINT NOT NULL DEFAULT 0,
  black_before INTEGER NOT NULL, black_after INTEGER NOT NULL,
  white_before INTEGER NOT NULL, white_after INTEGER NOT NULL,
  started_at BIGINT NOT NULL, ended_at BIGINT NOT NULL DEFAULT 0,
  move_count INTEGER NOT NULL DEFAULT 0, moves TEXT NOT NULL DEFAULT '');
CREATE INDEX games_black ON games (black_id, ended_at);
CREATE INDEX games_white ON games (white_id, ended_at);
CREATE INDEX games_ongoing ON games (outcome) WHERE outcome = 0;
)sql";
  } else {
    sql = R"sql(
CREATE TABLE schema_version (version INTEGER NOT NULL);
INSERT INTO schema_version (version) VALUES (1);
CREATE TABLE accounts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL,
  score INTEGER NOT NULL, games INTEGER NOT NULL DEFAULT 0, wins INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL);
CREATE INDEX accounts_ladder ON accounts (score DESC, wins DESC, id);
CREATE TABLE tokens (digest TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id), expires_at INTEGER NOT NULL);
CREATE INDEX tokens_expiry ON tokens (expires_at);
CREATE TABLE games (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  black_id INTEGER NOT NULL REFERENCES accounts (id),
  white_id INTEGER NOT NULL REFERENCES accounts (id),
  rule INTEGER NOT NULL, board_size INTEGER NOT NULL, rated INTEGER NOT NULL,
  outcome INTEGER NOT NULL DEFAULT 0, reason INTEGER NOT NULL DEFAULT 0,
  black_before INTEGER NOT NULL, black_after INTEGER NOT NULL,
  white_before INTEGER NOT NULL, white_after INTEGER NOT NULL,
  started_at INTEGER NOT NULL, ended_at INTEGER NOT NULL DEFAULT 0,
  move_count INTEGER NOT NULL DEFAULT 0, moves TEXT NOT NULL DEFAULT '');
CREATE INDEX games_black ON games (black_id, ended_at);
CREATE INDEX games_white ON games (white_id, ended_at);
CREATE INDEX games_ongoing ON games (outcome) WHERE outcome = 0;
)sql";
  }
  const std::string t = pg ? "true" : "1";
  sql += R"sql(
INSERT INTO accounts (id, name, name_key, password_hash, score, games, wins, created_at) VALUES
  (1, 'Alice', 'alice', 'h1', 1030, 2, 1, 1600000000),
  (2, 'Bob', 'bob', 'h2', 970, 2, 0, 1600000001),
  (3, 'Carol', 'carol', 'h3', 1000, 0, 0, 1600000002);
INSERT INTO games (id, black_id, white_id, rule, board_size, rated, outcome, reason,
  black_before, black_after, white_before, white_after, started_at, ended_at, move_count, moves)
VALUES
  (1, 1, 2, 0, 15, )sql" +
         t + R"sql(, 3, 7, 1000, 1000, 1000, 1000, 1600000100, 1600000200, 2, '7,7 8,8'),
  (2, 2, 1, 0, 15, )sql" +
         t + R"sql(, 2, 1, 1000, 970, 1000, 1030, 1600000300, 1600000400, 9,
   '7,7 0,0 7,8 0,1 7,9 0,2 7,10 0,3 7,11'),
  (3, 1, 3, 2, 15, )sql" +
         t + R"sql(, 0, 0, 1030, 1030, 1000, 1000, 1600000500, 0, 0, '');
)sql";
  if (pg)
    sql +=
        "SELECT setval(pg_get_serial_sequence('accounts', 'id'), 3);"
        "SELECT setval(pg_get_serial_sequence('games', 'id'), 3);";
  return sql;
}

STORAGE_TEST(FreshDatabaseHasTheCurrentSchema) {
  Storage& s = t.open();
  EXPECT_EQ(s.schemaVersion(), kSchemaVersion);
  EXPECT_TRUE(s.top(20).empty());
  EXPECT_EQ(s.interruptUnfinished(1), 0);
  if (!t.pg()) {
    EXPECT_TRUE(fs::exists(t.url_));
    EXPECT_TRUE(fs::exists(t.url_ + "-wal"));  // WAL journal
  }
}

STORAGE_TEST(ReopeningKeepsEverything) {
  {
    Storage& s = t.open();
    ASSERT_TRUE(s.createAccount("Alice", "alice", "hash", 1000));
  }
  Storage& s = t.open();
  EXPECT_EQ(s.schemaVersion(), kSchemaVersion);
  auto a = s.accountByKey("alice");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->first.name, "Alice");
  EXPECT_EQ(a->second, "hash");
}

STORAGE_TEST(AccountsByKeyAndId) {
  Storage& s = t.open();
  auto a = s.createAccount("Ａｌｉｃｅ", "alice", "$argon2id$v=19$m=65536,t=2,p=1$x$y", 1000);
  ASSERT_TRUE(a);
  EXPECT_GT(a->id, 0);
  EXPECT_EQ(a->name, "Ａｌｉｃｅ");
  EXPECT_EQ(a->score, 1000);
  EXPECT_EQ(a->games, 0u);
  auto b = s.createAccount("棋手", "棋手", "h2", 1200);
  ASSERT_TRUE(b);
  EXPECT_NE(a->id, b->id);

  // The key is unique: a second account with it is refused, the first one is unchanged.
  EXPECT_FALSE(s.createAccount("alice", "alice", "other", 1500));
  auto byKey = s.accountByKey("alice");
  ASSERT_TRUE(byKey);
  EXPECT_EQ(byKey->first.id, a->id);
  EXPECT_EQ(byKey->first.name, "Ａｌｉｃｅ");
  EXPECT_EQ(byKey->first.score, 1000);
  EXPECT_EQ(byKey->second, "$argon2id$v=19$m=65536,t=2,p=1$x$y");

  auto byId = s.accountById(b->id);
  ASSERT_TRUE(byId);
  EXPECT_EQ(byId->name, "棋手");
  EXPECT_EQ(byId->key, "棋手");
  EXPECT_EQ(byId->score, 1200);

  EXPECT_FALSE(s.accountByKey("nobody"));
  EXPECT_FALSE(s.accountById(b->id + 100));
}

STORAGE_TEST(QuotesAndSqlAreStoredVerbatim) {
  Storage& s = t.open();
  const std::string name = "x'; DROP TABLE accounts; --";
  const std::string key = "o'brien\"); DELETE FROM games; --";
  auto a = s.createAccount(name, key, "h'ash\\", 1000);
  ASSERT_TRUE(a);
  auto back = s.accountByKey(key);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->first.name, name);
  EXPECT_EQ(back->first.key, key);
  EXPECT_EQ(back->second, "h'ash\\");
  EXPECT_FALSE(s.accountByKey("x'; DROP TABLE accounts; --' OR '1'='1"));
  EXPECT_EQ(s.top(10).size(), 1u);  // the table is still there
  s.addToken(a->id, "' OR 1=1 --", 100);
  EXPECT_FALSE(s.accountByToken("anything' OR '1'='1", 1));
  EXPECT_TRUE(s.accountByToken("' OR 1=1 --", 1));
}

STORAGE_TEST(TokensExpireAndSeveralPerAccount) {
  Storage& s = t.open();
  auto a = *s.createAccount("Alice", "alice", "h", 1000);
  auto b = *s.createAccount("Bob", "bob", "h", 1000);
  s.addToken(a.id, "d1", 1000);
  s.addToken(a.id, "d2", 2000);
  s.addToken(b.id, "d3", 2000);
  EXPECT_EQ(s.accountByToken("d1", 999)->id, a.id);
  EXPECT_EQ(s.accountByToken("d2", 999)->id, a.id);
  EXPECT_EQ(s.accountByToken("d3", 999)->id, b.id);
  EXPECT_FALSE(s.accountByToken("d1", 1000));  // valid while now < expiresAt
  EXPECT_FALSE(s.accountByToken("d1", 999));   // and deleted when found expired
  EXPECT_EQ(s.accountByToken("d2", 1999)->name, "Alice");
  EXPECT_FALSE(s.accountByToken("nope", 0));
  EXPECT_THROW(s.addToken(a.id + b.id + 100, "d4", 3000), StorageError);  // no such account
  EXPECT_THROW(s.addToken(b.id, "d2", 3000), StorageError);               // another's digest
  s.addToken(a.id, "d2", 2000);  // the same write again (a retry): kept once
  EXPECT_EQ(s.accountByToken("d2", 1999)->id, a.id);
}

STORAGE_TEST(TopOrdersByScoreThenWinsThenAge) {
  Storage& s = t.open();
  std::vector<Account> acc;
  for (const char* n : {"a1", "a2", "a3", "a4", "a5"})
    acc.push_back(*s.createAccount(n, n, "h", 1000));
  // Rated games: a3 beats a4 twice (+30 each), a2 beats a5, a1 plays none.
  auto play = [&](const Account& w, const Account& l, std::int32_t wb, std::int32_t lb) {
    GameRow g;
    g.blackId = w.id;
    g.whiteId = l.id;
    g.rated = true;
    g.startedAt = 1;
    g.id = s.startGame(g);
    g.outcome = Outcome::BlackWins;
    g.reason = EndReason::Resignation;
    g.endedAt = 2;
    ASSERT_TRUE(s.finishGame(g, {wb, wb + 30, true, false}, {lb, lb - 30, false, false}));
  };
  play(acc[2], acc[3], 1000, 1000);
  play(acc[2], acc[3], 1030, 970);
  play(acc[1], acc[4], 1000, 1000);
  // a5 wins one back, losing 30 first so that it has 1000 again with one win.
  play(acc[4], acc[1], 970, 1030);
  // Scores: a1 1000 (0 wins), a2 1000 (1 win), a3 1060, a4 940, a5 1000 (1 win).
  auto top = s.top(20);
  ASSERT_EQ(top.size(), 5u);
  std::vector<std::string> order;
  for (const auto& a : top) order.push_back(a.name);
  EXPECT_EQ(order, (std::vector<std::string>{"a3", "a2", "a5", "a1", "a4"}));
  EXPECT_EQ(top[0].score, 1060);
  EXPECT_EQ(top[0].wins, 2u);
  EXPECT_EQ(top[0].games, 2u);
  EXPECT_EQ(s.top(2).size(), 2u);
  EXPECT_TRUE(s.top(0).empty());
}

STORAGE_TEST(RatedGameMovesBothAccountsAndKeepsTheRecord) {
  Storage& s = t.open();
  auto [a, b, g] = t.twoPlayersAndAGame(s, true);
  auto running = s.game(g.id);
  ASSERT_TRUE(running);
  EXPECT_EQ(running->outcome, Outcome::Ongoing);
  EXPECT_EQ(running->endedAt, 0);
  EXPECT_EQ(running->blackName, "Alice");
  EXPECT_EQ(running->whiteName, "Bob");
  EXPECT_TRUE(running->moves.empty());
  EXPECT_TRUE(s.gamesOf(a.id, 50).empty());  // not finished yet

  StorageTest::blackFive(g);
  ASSERT_TRUE(s.finishGame(g, {1000, 1030, true, false}, {1100, 1070, false, false}));

  auto ra = *s.accountById(a.id);
  auto rb = *s.accountById(b.id);
  EXPECT_EQ(ra.score, 1030);
  EXPECT_EQ(ra.games, 1u);
  EXPECT_EQ(ra.wins, 1u);
  EXPECT_EQ(ra.draws, 0u);
  EXPECT_EQ(rb.score, 1070);
  EXPECT_EQ(rb.games, 1u);
  EXPECT_EQ(rb.wins, 0u);

  auto r = s.game(g.id);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->blackId, a.id);
  EXPECT_EQ(r->whiteId, b.id);
  EXPECT_EQ(r->blackName, "Alice");
  EXPECT_EQ(r->whiteName, "Bob");
  EXPECT_EQ(r->rule, Rule::Renju);
  EXPECT_EQ(r->boardSize, 15);
  EXPECT_TRUE(r->rated);
  EXPECT_EQ(r->outcome, Outcome::BlackWins);
  EXPECT_EQ(r->reason, EndReason::Five);
  EXPECT_EQ(r->blackBefore, 1000);
  EXPECT_EQ(r->blackAfter, 1030);
  EXPECT_EQ(r->whiteBefore, 1100);
  EXPECT_EQ(r->whiteAfter, 1070);
  EXPECT_EQ(r->startedAt, 1'700'000'000);
  EXPECT_EQ(r->endedAt, 1'700'000'600);
  EXPECT_EQ(r->moves, g.moves);
  EXPECT_EQ(r->moveMillis, g.moveMillis);
  EXPECT_EQ(r->moveCount, 9);
  EXPECT_FALSE(s.game(g.id + 1000));
}

STORAGE_TEST(AnOpeningThatSwappedTheColoursIsStoredAsPlayed) {
  Storage& s = t.open();
  auto [a, b, g] = t.twoPlayersAndAGame(s, true);  // started with Alice as (tentative) Black
  StorageTest::blackFive(g);
  g.blackId = b.id;  // the opening gave Bob Black
  g.whiteId = a.id;
  ASSERT_TRUE(s.finishGame(g, {1100, 1120, true, false}, {1000, 980, false, false}));
  auto r = *s.game(g.id);
  EXPECT_EQ(r.blackName, "Bob");
  EXPECT_EQ(r.whiteName, "Alice");
  EXPECT_EQ(r.blackBefore, 1100);
  EXPECT_EQ(s.accountById(b.id)->score, 1120);
  EXPECT_EQ(s.accountById(b.id)->wins, 1u);
  EXPECT_EQ(s.accountById(a.id)->score, 980);
  EXPECT_EQ(s.gamesOf(b.id, 50).size(), 1u);
  // Other players than the game started with: refused, nothing changes.
  const Account c = *s.createAccount("Carol", "carol", "hash-c", 1000);
  GameRow h;
  h.blackId = a.id;
  h.whiteId = b.id;
  h.rated = true;
  h.id = s.startGame(h);
  StorageTest::blackFive(h);
  h.blackId = c.id;
  EXPECT_THROW(s.finishGame(h, {}, {}), StorageError);
  EXPECT_EQ(s.game(h.id)->outcome, Outcome::Ongoing);
}

STORAGE_TEST(UnratedGameChangesNoAccount) {
  Storage& s = t.open();
  auto [a, b, g] = t.twoPlayersAndAGame(s, false);
  StorageTest::blackFive(g);
  ASSERT_TRUE(s.finishGame(g, {1000, 1000, true, false}, {1100, 1100, false, false}));
  auto ra = *s.accountById(a.id);
  EXPECT_EQ(ra.score, 1000);
  EXPECT_EQ(ra.games, 0u);
  EXPECT_EQ(ra.wins, 0u);
  EXPECT_EQ(s.accountById(b.id)->games, 0u);
  auto r = *s.game(g.id);
  EXPECT_FALSE(r.rated);
  EXPECT_EQ(r.outcome, Outcome::BlackWins);
  EXPECT_EQ(s.gamesOf(a.id, 50).size(), 1u);  // still in the history
}

STORAGE_TEST(RatedDrawCountsADraw) {
  Storage& s = t.open();
  auto [a, b, g] = t.twoPlayersAndAGame(s, true);
  g.outcome = Outcome::Draw;
  g.reason = EndReason::Agreement;
  g.moves = {{7, 7}, {8, 8}};
  g.endedAt = 1'700'000'100;
  ASSERT_TRUE(s.finishGame(g, {1000, 1000, false, true}, {1100, 1100, false, true}));
  for (auto id : {a.id, b.id}) {
    auto r = *s.accountById(id);
    EXPECT_EQ(r.games, 1u);
    EXPECT_EQ(r.wins, 0u);
    EXPECT_EQ(r.draws, 1u);
  }
  EXPECT_TRUE(s.game(g.id)->moveMillis.empty());  // no times given: none stored
}

STORAGE_TEST(FinishingTwiceChangesNothing) {
  Storage& s = t.open();
  auto [a, b, g] = t.twoPlayersAndAGame(s, true);
  StorageTest::blackFive(g);
  ASSERT_TRUE(s.finishGame(g, {1000, 1030, true, false}, {1100, 1070, false, false}));
  GameRow again = g;
  again.outcome = Outcome::WhiteWins;
  again.reason = EndReason::Resignation;
  again.moves.pop_back();
  again.moveMillis.pop_back();
  EXPECT_FALSE(s.finishGame(again, {1030, 1000, false, false}, {1070, 1100, true, false}));
  EXPECT_FALSE(s.finishGame(g, {1000, 1030, true, false}, {1100, 1070, false, false}));
  // Another connection to the same database (a second server process) sees it finished too.
  auto other = openStorage(t.url_);
  EXPECT_FALSE(other->finishGame(g, {1000, 1030, true, false}, {1100, 1070, false, false}));
  other.reset();
  EXPECT_EQ(s.accountById(a.id)->score, 1030);
  EXPECT_EQ(s.accountById(a.id)->games, 1u);
  EXPECT_EQ(s.accountById(b.id)->score, 1070);
  EXPECT_EQ(s.accountById(b.id)->wins, 0u);
  auto r = *s.game(g.id);
  EXPECT_EQ(r.outcome, Outcome::BlackWins);
  EXPECT_EQ(r.moves.size(), 9u);
}

// A failure after the game row and Black's account were written (a trigger refuses White's
// update) leaves nothing behind: the game is still running, Black's line unchanged.
STORAGE_TEST(FinishIsAllOrNothing) {
  Storage& s = t.open();
  auto [a, b, g] = t.twoPlayersAndAGame(s, true);
  const std::string white = std::to_string(b.id);
  if (t.pg())
    t.raw(
        "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS "
        "$$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$;"
        "CREATE TRIGGER refuse_white BEFORE UPDATE ON accounts FOR EACH ROW WHEN (NEW.id = " +
        white + ") EXECUTE FUNCTION refuse();");
  else
    t.raw("CREATE TRIGGER refuse_white BEFORE UPDATE ON accounts WHEN NEW.id = " + white +
          " BEGIN SELECT RAISE(ABORT, 'refused by the test'); END;");
  StorageTest::blackFive(g);
  EXPECT_THROW(s.finishGame(g, {1000, 1030, true, false}, {1100, 1070, false, false}),
               StorageError);
  auto r = *s.game(g.id);
  EXPECT_EQ(r.outcome, Outcome::Ongoing);
  EXPECT_EQ(r.endedAt, 0);
  EXPECT_TRUE(r.moves.empty());
  EXPECT_EQ(s.accountById(a.id)->score, 1000);
  EXPECT_EQ(s.accountById(a.id)->games, 0u);
  EXPECT_EQ(s.accountById(b.id)->score, 1100);

  // Once the obstacle is gone the same call goes through (the connection is still usable).
  t.raw("DROP TRIGGER refuse_white" + std::string(t.pg() ? " ON accounts" : ""));
  EXPECT_TRUE(s.finishGame(g, {1000, 1030, true, false}, {1100, 1070, false, false}));
  EXPECT_EQ(s.accountById(a.id)->score, 1030);
  EXPECT_EQ(s.accountById(b.id)->score, 1070);
}

STORAGE_TEST(BadFinishIsRefused) {
  Storage& s = t.open();
  auto [a, b, g] = t.twoPlayersAndAGame(s, true);
  GameRow bad = g;
  EXPECT_THROW(s.finishGame(bad, {}, {}), StorageError);  // outcome still Ongoing
  StorageTest::blackFive(bad);
  bad.moveMillis.pop_back();
  EXPECT_THROW(s.finishGame(bad, {}, {}), StorageError);  // times do not match the moves
  StorageTest::blackFive(bad);
  bad.id = g.id + 1000;
  EXPECT_THROW(s.finishGame(bad, {}, {}), StorageError);  // no such game
  EXPECT_EQ(s.game(g.id)->outcome, Outcome::Ongoing);
  EXPECT_THROW(s.startGame(GameRow{}), StorageError);  // no such accounts
}

STORAGE_TEST(UnfinishedGamesBecomeInterrupted) {
  Storage& s = t.open();
  auto [a, b, g] = t.twoPlayersAndAGame(s, true);
  GameRow second = g;
  second.id = s.startGame(second);
  GameRow done = g;
  done.id = s.startGame(done);
  StorageTest::blackFive(done);
  ASSERT_TRUE(s.finishGame(done, {1000, 1030, true, false}, {1100, 1070, false, false}));

  EXPECT_EQ(s.interruptUnfinished(1'700'000'999), 2);
  EXPECT_EQ(s.interruptUnfinished(1'700'001'000), 0);
  auto r = *s.game(g.id);
  EXPECT_EQ(r.outcome, Outcome::Interrupted);
  EXPECT_EQ(r.reason, EndReason::Disconnected);
  EXPECT_EQ(r.endedAt, 1'700'000'999);
  EXPECT_EQ(s.game(done.id)->outcome, Outcome::BlackWins);
  EXPECT_EQ(s.accountById(a.id)->games, 1u);  // only the finished game counted
  // An interrupted game cannot be finished any more.
  StorageTest::blackFive(g);
  EXPECT_FALSE(s.finishGame(g, {1030, 1060, true, false}, {1070, 1040, false, false}));
}

STORAGE_TEST(GamesOfListsNewestFirstWithoutMoves) {
  Storage& s = t.open();
  auto [a, b, g] = t.twoPlayersAndAGame(s, false);
  auto c = *s.createAccount("Carol", "carol", "h", 1000);
  std::vector<std::int64_t> ids;
  for (int i = 0; i < 5; ++i) {
    GameRow x = g;
    if (i % 2) std::swap(x.blackId, x.whiteId);  // a plays both colours
    x.id = s.startGame(x);
    StorageTest::blackFive(x);
    x.endedAt = 1'700'000'000 + 100 * i;
    ASSERT_TRUE(s.finishGame(x, {}, {}));
    ids.push_back(x.id);
  }
  GameRow other = g;  // b against c: not a's
  other.blackId = b.id;
  other.whiteId = c.id;
  other.id = s.startGame(other);
  StorageTest::blackFive(other);
  ASSERT_TRUE(s.finishGame(other, {}, {}));

  auto list = s.gamesOf(a.id, 50);  // g itself is still running: not listed
  ASSERT_EQ(list.size(), 5u);
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(list[static_cast<std::size_t>(i)].id, ids[static_cast<std::size_t>(4 - i)]);
    EXPECT_TRUE(list[static_cast<std::size_t>(i)].moves.empty());
    EXPECT_TRUE(list[static_cast<std::size_t>(i)].moveMillis.empty());
    EXPECT_EQ(list[static_cast<std::size_t>(i)].moveCount, 9);
  }
  EXPECT_EQ(list[0].blackName, "Alice");
  EXPECT_EQ(list[1].blackName, "Bob");
  EXPECT_EQ(list[1].whiteName, "Alice");
  EXPECT_EQ(s.gamesOf(a.id, 2).size(), 2u);
  EXPECT_TRUE(s.gamesOf(a.id, 0).empty());
  EXPECT_EQ(s.gamesOf(c.id, 50).size(), 1u);
  EXPECT_EQ(s.gamesOf(b.id, 50).size(), 6u);
}

STORAGE_TEST(MigratesAVersion1Database) {
  t.raw(v1Database(t.pg()));
  Storage& s = t.open();
  EXPECT_EQ(s.schemaVersion(), kSchemaVersion);
  // Draws are counted from the rated drawn games: game 1 was one for Alice and Bob.
  auto alice = *s.accountById(1);
  EXPECT_EQ(alice.name, "Alice");
  EXPECT_EQ(alice.score, 1030);
  EXPECT_EQ(alice.games, 2u);
  EXPECT_EQ(alice.wins, 1u);
  EXPECT_EQ(alice.draws, 1u);
  EXPECT_EQ(s.accountById(2)->draws, 1u);
  EXPECT_EQ(s.accountById(3)->draws, 0u);
  // Old games have no per-move times.
  auto g2 = *s.game(2);
  EXPECT_EQ(g2.outcome, Outcome::WhiteWins);
  EXPECT_EQ(g2.moves.size(), 9u);
  EXPECT_TRUE(g2.moveMillis.empty());
  EXPECT_EQ(s.gamesOf(1, 50).size(), 2u);
  // The running game is still there and finishes normally; new rows get fresh ids.
  EXPECT_EQ(s.interruptUnfinished(1'600'000'900), 1);
  auto d = s.createAccount("Dave", "dave", "h", 1000);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->id, 4);
  GameRow g;
  g.blackId = d->id;
  g.whiteId = 3;
  g.rated = true;
  g.id = s.startGame(g);
  EXPECT_EQ(g.id, 4);
  StorageTest::blackFive(g);
  ASSERT_TRUE(s.finishGame(g, {1000, 1030, true, false}, {1000, 970, false, false}));
  EXPECT_EQ(s.game(g.id)->moveMillis.size(), 9u);
  // Opening again does not migrate twice.
  Storage& again = t.open();
  EXPECT_EQ(again.schemaVersion(), kSchemaVersion);
  EXPECT_EQ(again.accountById(1)->draws, 1u);
}

STORAGE_TEST(NewerSchemaIsRefused) {
  t.open();
  t.storage_.reset();
  t.raw("UPDATE schema_version SET version = 99");
  try {
    t.open();
    FAIL() << "a newer schema was opened";
  } catch (const StorageError& e) {
    EXPECT_NE(std::string(e.what()).find("99"), std::string::npos) << e.what();
  }
}

// The server drops the connection (a restart, an administrator): the call that meets it fails
// with StorageError or is retried by libpqxx; the Storage stays usable.
TEST_F(StoragePostgreSQL, LostConnectionIsMadeAgain) {
  Storage& s = open();
  ASSERT_TRUE(s.createAccount("Alice", "alice", "h", 1000));
  raw("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
      "WHERE datname = current_database() AND pid <> pg_backend_pid()");
  try {
    s.top(1);
  } catch (const StorageError& e) {
    EXPECT_NE(std::string(e.what()).find("PostgreSQL"), std::string::npos) << e.what();
  }
  EXPECT_EQ(s.top(5).size(), 1u);
  EXPECT_EQ(s.schemaVersion(), kSchemaVersion);
}

// The server stops (issue 22: PostgreSQL down mid-play): every call fails with
// StorageUnavailable, the one whose connection was cut and those that cannot connect; once the
// server is back the same Storage works again, with nothing lost.
TEST_F(StoragePostgreSQL, StoppedServerIsUnavailableUntilItStartsAgain) {
  const char* ctl = std::getenv("GOMOKU_TEST_PG_CTL");
  if (!ctl || !*ctl)
    GTEST_SKIP() << "GOMOKU_TEST_PG_CTL is not set: run under tests/server/with-postgres.sh";
  Storage& s = open();
  ASSERT_TRUE(s.createAccount("Alice", "alice", "h", 1000));
  ASSERT_EQ(std::system(("'" + std::string(ctl) + "' stop").c_str()), 0);
  EXPECT_THROW(s.top(1), StorageUnavailable);
  EXPECT_THROW(s.createAccount("Bob", "bob", "h", 1000), StorageUnavailable);
  ASSERT_EQ(std::system(("'" + std::string(ctl) + "' start").c_str()), 0);
  EXPECT_EQ(s.top(5).size(), 1u);
  EXPECT_TRUE(s.createAccount("Bob", "bob", "h", 1000));
}

// --- openStorage without a database server ---

TEST(OpenStorage, DefaultPathFollowsXdg) {
  const char* oldXdg = std::getenv("XDG_DATA_HOME");
  const char* oldHome = std::getenv("HOME");
  std::string savedXdg = oldXdg ? oldXdg : "", savedHome = oldHome ? oldHome : "";
  setenv("XDG_DATA_HOME", "/data/x", 1);
  EXPECT_EQ(defaultDatabasePath(), "/data/x/gomoku-server/server.db");
  setenv("XDG_DATA_HOME", "relative", 1);  // not absolute: ignored (XDG spec)
  setenv("HOME", "/home/me", 1);
  EXPECT_EQ(defaultDatabasePath(), "/home/me/.local/share/gomoku-server/server.db");
  unsetenv("XDG_DATA_HOME");
  EXPECT_EQ(defaultDatabasePath(), "/home/me/.local/share/gomoku-server/server.db");
  if (oldXdg) setenv("XDG_DATA_HOME", savedXdg.c_str(), 1);
  if (oldHome) setenv("HOME", savedHome.c_str(), 1);
}

TEST(OpenStorage, EmptyUrlUsesTheDefaultPath) {
  const fs::path dir = fs::temp_directory_path() / ("gomoku-storage-xdg-" + uniqueSuffix());
  const char* oldXdg = std::getenv("XDG_DATA_HOME");
  std::string saved = oldXdg ? oldXdg : "";
  setenv("XDG_DATA_HOME", dir.c_str(), 1);
  {
    auto s = openStorage("");
    EXPECT_TRUE(fs::exists(dir / "gomoku-server" / "server.db"));
  }
  if (oldXdg)
    setenv("XDG_DATA_HOME", saved.c_str(), 1);
  else
    unsetenv("XDG_DATA_HOME");
  fs::remove_all(dir);
}

TEST(OpenStorage, UnusableSqliteFileIsAnError) {
  const fs::path dir = fs::temp_directory_path() / ("gomoku-storage-bad-" + uniqueSuffix());
  fs::create_directories(dir);
  const std::string junk(200, 'x');  // longer than an SQLite header, and not one
  {
    std::ofstream f(dir / "not-a-db");
    f << junk;
  }
  EXPECT_THROW(openStorage((dir / "not-a-db").string()), StorageError);
  // A folder cannot be created below a regular file.
  EXPECT_THROW(openStorage((dir / "not-a-db" / "x" / "server.db").string()), StorageError);
  // The bad file is left as it was.
  EXPECT_EQ(fs::file_size(dir / "not-a-db"), junk.size());
  fs::remove_all(dir);
}

TEST(OpenStorage, UnreachablePostgresIsAnError) {
  // Port 1 on the loopback: nothing listens there, the connection is refused at once.
  EXPECT_THROW(openStorage("postgresql://nobody@127.0.0.1:1/gomoku?connect_timeout=5"),
               StorageError);
  EXPECT_THROW(openStorage("postgres://127.0.0.1:1/gomoku?connect_timeout=5"), StorageError);
}

}  // namespace
}  // namespace gomoku::server
