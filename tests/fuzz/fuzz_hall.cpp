// libFuzzer target: the hall of gomoku-server (src/server/hall.h), the per-connection state
// machine of the server without sockets or threads. A fake HallEnv (like the one of
// tests/server/hall_test.cpp) runs jobs and timers when the input says so, over a real SQLite
// database; up to four connection slots come and go and send hall and match messages. A slot
// that is told MATCHED also runs a real net::Match joiner (as `gomoku-cli online` does), so that
// games really start, are played and end; raw match messages may be sent besides it.
//
// The input is a program of operations, one byte each (low 5 bits: the operation, top 3 bits:
// the slot, modulo 4), some followed by argument bytes:
//    0 connect (from one of two addresses; on a connected slot: deliver its Match's next message)
//    1 the client closes the connection (the hall is told closed())
//    2 N P REGISTER name N, password P       3 N P LOGIN by password
//    4 N T LOGIN by token (the account's pre-made token, the last one the hall gave, garbage)
//    5 R FIND rule R       6 CANCEL_FIND       7 S.. ROOM_CREATE      8 K ROOM_JOIN a seen code
//    9 N S.. INVITE name N  10 A INVITE_REPLY to the last INVITED    11 GAMES   12 I GET_GAME
//   13 HALL_REQUEST   14 BYE   15 HELLO (raw)   16 D X Y MOVE (raw, ply near the client's)
//   17 K D TAKEBACK_REQUEST/REPLY, DRAW_OFFER/REPLY, RESIGN, PLAY_AGAIN (raw, near the ply)
//   18 K CHAT, RESUME, HEARTBEAT or ERROR (raw)
//   19 K the slot's Match plays the K-th empty point   20 K its Match: takeback, draw, resign,
//        play again, answers, chat, leave
//   21 deliver the slot's Match's next message   22 deliver all Match messages of all slots
//   23 T the clock advances T x 100 ms (timers fire)   24 run one storage job or continuation
//   25 run one Lane::Hash job (see the hash budget)     26 settle: all jobs, continuations,
//        due timers and close notifications            27 tell the hall about closes it asked
//   28 K K%8==0: stop() the server; K%8==1: the database goes away / comes back (storageAway)
// An input whose first byte is 0xC5 runs the hall as a node of a cluster (presence.h) over an
// in-memory presence store shared with one other, scripted node; then also:
//   29 K the store: K%4 = 0 goes away or comes back, 1 this node's lease lapses, 2 the other
//        node claims account K/4%3+1 (by the store's rules), 3 it releases that account;
//        K >= 240: the other node ran a game of account K%3+1 and the next one, journaled
//        (journal.h) with N%16 entries E T [B] (E: the call, its side, or garbage; T: the
//        time since the last, x 100 ms; B: a Receive's message, as op 31's), and died: a
//        login of either takes the game over
//   30 run one job of a cluster lane: the slot's number % 3 picks Lane::Cluster, Lane::Journal
//      or Lane::Lease (settle runs them all too)
//   31 K [N B] the other node: K%4 = 0 puts account K/4%3+1 in the queue if it holds it (a
//        player of its own, who may be paired with one here and play here as a guest); else a
//        message from it about that account (relay.h): kind N%16 (some garbled), with B's
//        choice of body (a move, resign, BYE, HELLO, STATS, garbage)
// At the end: stop() (if not yet), then everything settles.
//
// Checked after every operation (a failure aborts with the trace):
//   1. The hall never throws.
//   2. No message is sent to a connection that is not open (never connected, or the hall was
//      told closed()); the hall closes only open connections.
//   3. An account is logged in (LOGIN_RESULT Ok) on at most one live connection (open and not
//      being closed by the hall).
//   4. After stop() and all jobs: stop's callback ran, and no game in the database is still
//      Ongoing (Storage::interruptUnfinished finds none), but for a cluster's node the games
//      it handed over (running in the store, this node's).
//   5. In a cluster, as long as the store never went away and this node's lease never lapsed:
//      whenever no job is pending, every account logged in on a live connection is held by
//      this node in the store.
//
// The database: once per process, a template SQLite file in a temp folder (removed at exit)
// with three accounts, alice, bob and carol (password "password1", one argon2id hash made once
// and shared) and a session token each; each input starts on a fresh copy of it, so that an
// input replays the same. Password hashing (Lane::Hash: REGISTER, LOGIN by password) is slow on
// purpose (argon2id, a tenth of a second): each input may run at most FUZZ_HALL_HASHES (default
// 1) hash jobs; the others are dropped, as if the hash thread were busy, and their connections
// stay in the login check. Logins by token take the storage lane only and are never dropped.
// FUZZ_HALL_TRACE=1 prints each input's operations and the messages (to check a seed).

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "../server/memory_queue.h"
#include "core/game.h"
#include "net/match.h"
#include "net/wire.h"
#include "server/accounts.h"
#include "server/hall.h"
#include "server/journal.h"
#include "server/storage.h"

using namespace gomoku;
using namespace gomoku::net;
using namespace gomoku::server;
namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;
constexpr int kSlots = 4;

class Input {
 public:
  Input(const std::uint8_t* d, std::size_t n) : d_(d), n_(n) {}
  bool empty() const { return pos_ >= n_; }
  std::uint8_t byte() { return pos_ < n_ ? d_[pos_++] : 0; }

 private:
  const std::uint8_t* d_;
  std::size_t n_;
  std::size_t pos_ = 0;
};

const char* const kNames[] = {"alice",
                              "Alice",
                              "bob",
                              "carol",
                              "dave",
                              "x",
                              "\xEF\xBD\x82\xEF\xBD\x8F\xEF\xBD\x82" /* fullwidth bob */,
                              "eve"};
const char* const kPasswords[] = {"password1", "wrongpass1", "short"};
const char* const kAccounts[] = {"alice", "bob", "carol"};  // made in the template

std::string premadeToken(const std::string& key) {
  // 64 hex digits, fixed per name: the token the template database knows for that account.
  std::string t(kTokenChars, '0');
  for (std::size_t i = 0; i < key.size() && i < t.size(); ++i)
    t[i] = "0123456789abcdef"[static_cast<unsigned char>(key[i]) % 16];
  return t;
}

// The template database, made once per process.
struct Template {
  fs::path dir;
  fs::path file;
  fs::path work;
  Template() {
    std::string pattern = (fs::temp_directory_path() / "gomoku-fuzz-hall.XXXXXX").string();
    if (!mkdtemp(pattern.data())) {
      std::perror("fuzz_hall: mkdtemp");
      std::abort();
    }
    dir = pattern;
    file = dir / "template.db";
    work = dir / "work.db";
    auto st = openStorage(file.string());
    const std::string hash = hashPassword("password1");
    for (const char* name : kAccounts) {
      auto a = st->createAccount(name, nameKey(name), hash, 1000);
      if (!a) std::abort();
      st->addToken(a->id, tokenDigest(premadeToken(nameKey(name))), 4'000'000'000LL);
    }
    (void)dummyPasswordHash();  // made once here, not inside an input
  }
  ~Template() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  std::unique_ptr<Storage> fresh() const {
    std::error_code ec;
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(work.string() + suffix, ec);
    fs::copy_file(file, work, fs::copy_options::overwrite_existing);
    return openStorage(work.string());
  }
};

const Template& templ() {
  static Template t;
  return t;
}

int hashBudget() {
  static const int n = [] {
    const char* e = std::getenv("FUZZ_HALL_HASHES");
    return e ? std::atoi(e) : 1;
  }();
  return n;
}

struct World;
[[noreturn]] void fail(World& w, const std::string& what);

// The cluster's presence store in memory, as presence_redis.cpp keeps it in Redis: who holds
// each account, whose lease is alive, and whether the store answers.
struct PresenceStore {
  std::map<std::int64_t, std::string> holder;
  std::set<std::string> alive;
  bool up = true;
  test_support::MemoryQueue queue;  // the FIND queue
  test_support::MemoryGames games;  // running games
  // The claim script's rule: a node without a live lease claims nothing; an account held by
  // another live node is refused.
  Claim claim(const std::string& who, std::int64_t account) {
    if (!up || !alive.count(who)) return Claim::Unavailable;
    auto it = holder.find(account);
    if (it != holder.end() && it->second != who && alive.count(it->second))
      return Claim::HeldElsewhere;
    holder[account] = who;
    return Claim::Claimed;
  }
};

class FuzzPresence : public Presence {
 public:
  explicit FuzzPresence(PresenceStore& store) : store_(store) {}
  Claim claim(std::int64_t account) override { return store_.claim("self", account); }
  std::vector<Claim> claimAll(const std::vector<std::int64_t>& accounts) override {
    std::vector<Claim> out;
    for (std::int64_t a : accounts) out.push_back(claim(a));
    return out;
  }
  // The other node's lease as it would stand: for alice and carol 3 s of the 10 s left (it
  // missed renewals: their logins here wait for it), for bob 9 s (refused at once).
  std::optional<std::chrono::milliseconds> holderLeaseLeft(std::int64_t account) override {
    auto it = store_.holder.find(account);
    if (!store_.up || it == store_.holder.end() || it->second == "self" ||
        !store_.alive.count(it->second))
      return std::nullopt;
    return std::chrono::milliseconds(account == 2 ? 9000 : 3000);
  }
  bool release(std::int64_t account) override {
    if (!store_.up) return false;
    auto it = store_.holder.find(account);
    if (it != store_.holder.end() && it->second == "self") store_.holder.erase(it);
    return true;
  }
  Renewal renew() override {
    if (!store_.up) return Renewal::Unavailable;
    bool lapsed = started_ && !store_.alive.count("self");
    started_ = true;
    store_.alive.insert("self");
    return lapsed ? Renewal::Lapsed : Renewal::Renewed;
  }
  void leave() override {
    if (store_.up) store_.alive.erase("self");
  }
  std::optional<std::vector<ListedPlayer>> exchangePlayers(
      const std::vector<ListedPlayer>&) override {
    if (!store_.up) return std::nullopt;
    // The other node lists whom it holds.
    std::vector<ListedPlayer> theirs;
    for (const auto& [account, node] : store_.holder)
      if (node == "other")
        theirs.push_back(
            {account, {"x" + std::to_string(account), 1000, PlayerState::Hall}, "other"});
    return theirs;
  }
  // The queue as the Redis scripts keep it; messages to the other node are dropped (it is
  // scripted: op 31 makes up what it says).
  bool seek(const Seek& s) override {
    if (!store_.up) return false;
    store_.queue.seek(s);
    return true;
  }
  bool unseek(std::int64_t account) override {
    if (!store_.up) return false;
    store_.queue.unseek(account, "self");
    return true;
  }
  std::optional<std::vector<Seek>> seekers() override {
    if (!store_.up) return std::nullopt;
    return store_.queue.seekers(store_.alive);
  }
  std::optional<bool> takePair(const Seek& a, const Seek& b) override {
    if (!store_.up) return std::nullopt;
    return store_.queue.takePair(a, b);
  }
  bool post(const std::string&, const std::string&) override { return store_.up; }
  std::optional<std::vector<std::string>> receive(std::chrono::milliseconds) override {
    if (!store_.up) return std::nullopt;
    return std::vector<std::string>{};
  }
  bool openGame(const std::string& key, const std::vector<std::int64_t>& accounts,
                const std::vector<std::string>& journal) override {
    if (!store_.up) return false;
    store_.games.open("self", key, accounts, journal);
    return true;
  }
  JournalWrite writeJournal(const std::string& key, std::size_t at,
                            const std::vector<std::string>& entries) override {
    if (!store_.up) return JournalWrite::Unavailable;
    return store_.games.write("self", key, at, entries);
  }
  std::optional<StoredGame> gameOf(std::int64_t account) override {
    if (!store_.up) return std::nullopt;
    return store_.games.gameOf("self", store_.alive, account);
  }
  bool closeGame(const std::string& key, const std::vector<std::int64_t>& accounts) override {
    if (!store_.up) return false;
    store_.games.close("self", key, accounts);
    return true;
  }
  std::optional<std::vector<std::string>> liveNodes() override {
    if (!store_.up) return std::nullopt;
    return std::vector<std::string>(store_.alive.begin(), store_.alive.end());
  }
  std::string receiveError() const override { return lastError(); }
  std::string self() const override { return "self"; }
  std::string lastError() const override { return store_.up ? "" : "connection refused"; }

 private:
  PresenceStore& store_;
  bool started_ = false;
};

struct Slot {
  ConnId id = 0;  // 0: no connection
  std::unique_ptr<Match> match;
  bool matchDone = false;  // its disconnect callback ran: drop it before the next operation
  std::deque<Message> up;  // what its Match sent, not yet delivered
  std::uint64_t resumeToken = 0;
  std::uint32_t invite = 0;
};

class FuzzEnv : public HallEnv {
 public:
  explicit FuzzEnv(World& w) : w_(w) {}
  void send(ConnId c, const Message& m) override;
  void close(ConnId c) override;
  Clock::time_point now() override { return clock; }
  std::int64_t unixTime() override {
    return 1'800'000'000 +
           std::chrono::duration_cast<std::chrono::seconds>(clock - Clock::time_point{}).count();
  }
  std::uint64_t after(std::chrono::milliseconds d, std::function<void()> fn) override {
    timers.emplace(clock + d, std::make_pair(nextTimer, std::move(fn)));
    return nextTimer++;
  }
  void cancel(std::uint64_t id) override {
    for (auto it = timers.begin(); it != timers.end(); ++it)
      if (it->second.first == id) {
        timers.erase(it);
        return;
      }
  }
  void aside(Lane lane, std::function<std::function<void()>()> job) override {
    (lane == Lane::Hash      ? hashJobs
     : lane == Lane::Cluster ? clusterJobs[0]
     : lane == Lane::Journal ? clusterJobs[1]
     : lane == Lane::Lease   ? clusterJobs[2]
                             : storageJobs)
        .push_back(std::move(job));
  }
  void log(const std::string&) override {}

  Clock::time_point clock{};
  std::multimap<Clock::time_point, std::pair<std::uint64_t, std::function<void()>>> timers;
  std::uint64_t nextTimer = 1;
  std::deque<std::function<std::function<void()>()>> storageJobs, hashJobs;
  // The cluster's lanes: Lane::Cluster, Lane::Journal, Lane::Lease (each runs in order, the
  // three in any order between them).
  std::deque<std::function<std::function<void()>()>> clusterJobs[3];
  bool clusterIdle() const {
    return clusterJobs[0].empty() && clusterJobs[1].empty() && clusterJobs[2].empty();
  }
  std::deque<std::function<void()>> posted;  // continuations of jobs, for the hall's thread
  int hashesRun = 0;

 private:
  World& w_;
};

struct World {
  FuzzEnv env{*this};
  std::unique_ptr<Storage> storage;
  std::unique_ptr<Hall> hall;
  Slot slots[kSlots];
  ConnId nextConn = 1;
  std::set<ConnId> open;                   // connected() and not yet closed()
  std::set<ConnId> closing;                // the hall asked to close it; closed() not yet called
  std::map<ConnId, std::string> loggedIn;  // name key of the account (LOGIN_RESULT Ok)
  std::map<std::string, std::string> lastToken;  // name key -> last token the hall gave
  std::vector<std::string> codes;                // room codes seen
  bool stopped = false;
  int stopDone = 0;
  bool databaseAway = false;  // storage jobs wait (the server's lane retries them in place)
  std::vector<std::string> trace;
  // A cluster's node (the input's first byte 0xC5).
  bool cluster = false;
  bool clean = true;     // the store never went away and the lease never lapsed
  int plantedGames = 0;  // games the other node ran and left behind (op 29)
  PresenceStore store;
  std::unique_ptr<FuzzPresence> presence;

  Slot* slotOf(ConnId c) {
    for (Slot& s : slots)
      if (s.id == c) return &s;
    return nullptr;
  }
};

[[noreturn]] void fail(World& w, const std::string& what) {
  std::fprintf(stderr, "fuzz_hall: invariant violated: %s\n  operations (%zu):\n", what.c_str(),
               w.trace.size());
  for (const auto& t : w.trace) std::fprintf(stderr, "    %s\n", t.c_str());
  std::abort();
}

void FuzzEnv::send(ConnId c, const Message& m) {
  if (!w_.open.count(c))
    fail(w_, std::string("sent ") + typeName(typeOf(m)) + " to connection " + std::to_string(c) +
                 ", which is not open");
  w_.trace.push_back("  " + std::to_string(c) + " <- " + typeName(typeOf(m)));
  Slot* s = w_.slotOf(c);
  if (!s) return;  // a connection the client closed meanwhile
  if (auto* r = std::get_if<LoginResult>(&m); r && r->status == LoginStatus::Ok) {
    w_.loggedIn[c] = nameKey(r->name);
    w_.lastToken[nameKey(r->name)] = r->token;
  }
  if (auto* e = std::get_if<Error>(&m); e && e->code == ErrorCode::Replaced) w_.loggedIn.erase(c);
  if (auto* rc = std::get_if<RoomCreated>(&m)) w_.codes.push_back(rc->code);
  if (auto* inv = std::get_if<Invited>(&m)) s->invite = inv->inviteId;
  if (auto* mt = std::get_if<Matched>(&m)) {
    // As the online client: a Match as the joiner, resuming when the game exists already.
    s->resumeToken = mt->resumeToken;
    MatchSettings ms;
    ms.role = Role::Joiner;
    ms.nickname = "me";
    ms.resumeToken = mt->resumeToken;
    Slot* self = s;
    s->up.clear();
    s->match = std::make_unique<Match>(
        ms, [self](const Message& out) { self->up.push_back(out); },
        [self] { self->matchDone = true; }, [](MatchEvent) {});
    s->matchDone = false;
    s->match->setClock([this] { return clock; });
    s->match->connected();
    return;
  }
  if (s->match && !s->matchDone && static_cast<int>(typeOf(m)) < 64 &&
      !std::holds_alternative<Heartbeat>(m)) {
    if (auto* st = std::get_if<Setup>(&m)) s->resumeToken = st->token;
    s->match->receive(m);
  }
}

void FuzzEnv::close(ConnId c) {
  if (!w_.open.count(c))
    fail(w_, "the hall closed connection " + std::to_string(c) + ", which is not open");
  w_.closing.insert(c);
}

// A message between nodes' body, or a Receive's message in a journal: byte b chooses (a move,
// resign, BYE, HELLO, STATS, garbage).
std::string bodyOf(std::uint8_t b) {
  Message body;
  switch (b % 6) {
    case 0:
      body = Move{static_cast<std::uint16_t>(b % 4), static_cast<std::uint8_t>(b % 15),
                  static_cast<std::uint8_t>((b / 16) % 15)};
      break;
    case 1:
      body = Resign{};
      break;
    case 2:
      body = Bye{ByeReason::Leaving, "bye"};
      break;
    case 3:
      body = Hello{kProtocolMajor, kProtocolMinor, "0.1.0", "x"};
      break;
    case 4:
      body = Stats{"x", {}, false};
      break;
    default:
      return std::string(b % 11, static_cast<char>(b));
  }
  auto bytes = encode(body);
  return std::string(bytes.begin(), bytes.end());
}

// Calls into the hall; an exception is a fault.
template <class F>
void guarded(World& w, const char* what, F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    fail(w, std::string(what) + " threw: " + e.what());
  } catch (...) {
    fail(w, std::string(what) + " threw");
  }
}

// Op 29, K >= 240: the other node ran a game of `account` and the next account, journaled
// with the entries the input says, and died (its lease is gone).
void plantGame(World& w, Input& in, std::int64_t account) {
  if (!w.store.up) return;
  const char* names[] = {"alice", "bob", "carol"};
  TableHeader h;
  h.accounts = {account, account % 3 + 1};
  h.names = {names[h.accounts[0] - 1], names[h.accounts[1] - 1]};
  h.tokens = {1, 2};
  h.rated = true;
  h.firstGameId = 1;  // the first game's row, if any: a missing one is written nowhere
  std::vector<std::string> journal{encodeHeader(h)};
  std::int64_t atUs = 0;
  const int n = in.byte() % 16;
  for (int i = 0; i < n; ++i) {
    const std::uint8_t e = in.byte();
    atUs += std::int64_t{in.byte()} * 100'000;
    if (e >= 252) {  // garbage
      journal.push_back(std::string(e % 7, static_cast<char>(e)));
      continue;
    }
    static constexpr TableOp kOps[] = {TableOp::Start,     TableOp::Receive,     TableOp::Lost,
                                       TableOp::Resumed,   TableOp::Abandon,     TableOp::Leave,
                                       TableOp::Interrupt, TableOp::CheckClocks, TableOp::GameId};
    JournalEntry j{atUs, kOps[e % 9], (e / 9) % 2 ? Side::B : Side::A, {}};
    if (j.op == TableOp::Receive) j.data = bodyOf(in.byte());
    if (j.op == TableOp::Lost) j.data = "gone";
    if (j.op == TableOp::GameId) j.data = std::to_string(e % 4) + " " + std::to_string(e % 5);
    journal.push_back(encodeEntry(j));
  }
  const std::string key = "other#" + std::to_string(++w.plantedGames);
  w.store.games.open("other", key, {h.accounts[0], h.accounts[1]}, journal);
  w.store.alive.erase("other");
  w.trace.push_back("the other node ran game " + key + " of accounts " +
                    std::to_string(h.accounts[0]) + " and " + std::to_string(h.accounts[1]) + " (" +
                    std::to_string(n) + " entries) and died");
}

bool runStorageJob(World& w) {
  FuzzEnv& env = w.env;
  if (!env.posted.empty()) {
    auto fn = std::move(env.posted.front());
    env.posted.pop_front();
    guarded(w, "a job's continuation", [&] { fn(); });
    return true;
  }
  if (env.storageJobs.empty() || w.databaseAway) return false;
  auto job = std::move(env.storageJobs.front());
  env.storageJobs.pop_front();
  guarded(w, "a storage job", [&] {
    if (auto then = job()) env.posted.push_back(std::move(then));
  });
  return true;
}

// Runs the first job of cluster lane `lane` (0..2), or of the first lane that has one.
bool runClusterJob(World& w, int lane = -1) {
  FuzzEnv& env = w.env;
  if (lane < 0)
    for (int l = 0; l < 3 && lane < 0; ++l)
      if (!env.clusterJobs[l].empty()) lane = l;
  if (lane < 0 || env.clusterJobs[lane].empty()) return false;
  auto job = std::move(env.clusterJobs[lane].front());
  env.clusterJobs[lane].pop_front();
  guarded(w, "a cluster job", [&] {
    if (auto then = job()) env.posted.push_back(std::move(then));
  });
  return true;
}

bool runHashJob(World& w) {
  FuzzEnv& env = w.env;
  if (env.hashJobs.empty()) return false;
  auto job = std::move(env.hashJobs.front());
  env.hashJobs.pop_front();
  if (env.hashesRun >= hashBudget()) {
    w.trace.push_back("  (a hash job dropped: budget spent)");
    return true;
  }
  ++env.hashesRun;
  guarded(w, "a hash job", [&] {
    if (auto then = job()) env.posted.push_back(std::move(then));
  });
  return true;
}

void clientClosed(World& w, ConnId c, const std::string& reason) {
  w.open.erase(c);
  w.closing.erase(c);
  w.loggedIn.erase(c);
  if (Slot* s = w.slotOf(c)) {
    s->id = 0;
    s->up.clear();
    s->match.reset();
    s->matchDone = false;
  }
  guarded(w, "closed()", [&] { w.hall->closed(c, reason); });
}

bool deliverCloses(World& w) {
  if (w.closing.empty()) return false;
  std::vector<ConnId> ids(w.closing.begin(), w.closing.end());
  for (ConnId c : ids)
    if (w.closing.count(c)) clientClosed(w, c, "closed by the server");
  return true;
}

bool fireTimer(World& w) {
  FuzzEnv& env = w.env;
  auto it = env.timers.begin();
  if (it == env.timers.end() || it->first > env.clock) return false;
  auto fn = std::move(it->second.second);
  env.timers.erase(it);
  guarded(w, "a timer", [&] { fn(); });
  return true;
}

void settle(World& w) {
  for (int guard = 0; guard < 100000; ++guard) {
    if (runStorageJob(w) || runHashJob(w) || runClusterJob(w) || fireTimer(w) || deliverCloses(w))
      continue;
    return;
  }
  fail(w, "the hall never settles");
}

void advanceClock(World& w, Clock::duration d) {
  FuzzEnv& env = w.env;
  const Clock::time_point end = env.clock + d;
  while (!env.timers.empty() && env.timers.begin()->first <= end) {
    env.clock = std::max(env.clock, env.timers.begin()->first);
    while (fireTimer(w)) {
    }
  }
  env.clock = end;
}

// A message from the client of slot s to the hall (nothing when it has no live connection).
void sendUp(World& w, Slot& s, const Message& m) {
  if (!s.id || w.closing.count(s.id)) return;
  w.trace.push_back("  conn " + std::to_string(s.id) + " -> " + typeName(typeOf(m)));
  guarded(w, "received()", [&] { w.hall->received(s.id, m); });
}

bool deliverMatch(World& w, Slot& s) {
  if (s.up.empty()) return false;
  Message m = std::move(s.up.front());
  s.up.pop_front();
  sendUp(w, s, m);
  return true;
}

Point emptyPoint(const Game& g, unsigned index) {
  const int n = g.size();
  const int free = n * n - g.board().stoneCount();
  if (free <= 0) return {n, n};
  unsigned k = index % static_cast<unsigned>(free);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x)
      if (g.board().at({x, y}) == Stone::Empty && k-- == 0) return {x, y};
  return {n, n};
}

RoomSettings settingsFrom(Input& in) {
  RoomSettings s;
  const std::uint8_t a = in.byte();
  s.boardSize = static_cast<std::uint8_t>(a % 8 == 0 ? 4 + a % 24 : 15);
  s.rule = static_cast<Rule>((a >> 3) % 3);
  s.color = static_cast<SeatColor>((a >> 5) % 3);
  s.foul = (a & 0x80) ? FoulPolicy::Lose : FoulPolicy::Refuse;
  s.rated = (a & 0x40) != 0;
  return s;
}

void check(World& w) {
  std::map<std::string, int> live;
  for (const auto& [c, key] : w.loggedIn)
    if (w.open.count(c) && !w.closing.count(c) && ++live[key] > 1)
      fail(w, "account " + key + " is logged in on two live connections");
  const FuzzEnv& env = w.env;
  if (!w.cluster || !w.clean || w.stopped || !env.storageJobs.empty() || !env.hashJobs.empty() ||
      !env.clusterIdle() || !env.posted.empty())
    return;
  for (const auto& entry : live) {
    const std::string key = entry.first;  // a copy: lambdas do not take structured bindings
    std::optional<std::pair<Account, std::string>> a;
    guarded(w, "accountByKey", [&] { a = w.storage->accountByKey(key); });
    if (!a) fail(w, "account " + key + " is logged in but not in the database");
    auto it = w.store.holder.find(a->first.id);
    if (it == w.store.holder.end() || it->second != "self")
      fail(w, "account " + key + " is logged in here but the presence store says " +
                  (it == w.store.holder.end() ? std::string("nobody") : it->second) + " holds it");
  }
}

// The database goes away or comes back, as the server's storage lane tells the hall.
void toggleDatabase(World& w) {
  w.databaseAway = !w.databaseAway;
  w.trace.push_back(w.databaseAway ? "the database goes away" : "the database comes back");
  guarded(w, "storageAway()", [&] { w.hall->storageAway(w.databaseAway, "fuzz"); });
}

void finish(World& w) {
  if (w.databaseAway) toggleDatabase(w);
  if (!w.stopped) {
    w.trace.push_back("stop (end)");
    w.stopped = true;
    guarded(w, "stop()", [&] { w.hall->stop([&w] { ++w.stopDone; }); });
  }
  // Every job runs now (the hash jobs within the budget).
  settle(w);
  if (w.stopDone != 1) fail(w, "stop's callback ran " + std::to_string(w.stopDone) + " times");
  int ongoing = 0;
  guarded(w, "interruptUnfinished", [&] { ongoing = w.storage->interruptUnfinished(0); });
  // A node of a cluster hands its games over: each still running is in the store, this
  // node's, for another node to take up.
  int handed = 0;
  if (w.cluster)
    for (const auto& [key, g] : w.store.games.games) handed += g.owner == "self";
  if (ongoing > handed)
    fail(w, std::to_string(ongoing) + " game(s) still Ongoing after stop(), " +
                std::to_string(handed) + " of them handed over");
}

void run(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  World w;
  w.storage = templ().fresh();
  HallConfig config;
  config.maxConnectionsPerAddress = 3;
  config.resumeWindow = std::chrono::seconds(60);
  config.takeOverSilence = std::chrono::seconds(5);
  config.waveInterval = std::chrono::seconds(1);
  w.env.clock = Clock::time_point{} + std::chrono::hours(1000);
  if (size > 0 && data[0] == 0xC5) {
    in.byte();
    w.cluster = true;
    w.presence = std::make_unique<FuzzPresence>(w.store);
    w.store.alive.insert("other");
    w.trace.push_back("a node of a cluster");
  }
  guarded(w, "Hall()",
          [&] { w.hall = std::make_unique<Hall>(w.env, *w.storage, config, 7, w.presence.get()); });
  settle(w);

  for (int step = 0; step < 3000 && !in.empty(); ++step) {
    const std::uint8_t op = in.byte();
    Slot& s = w.slots[(op >> 5) % kSlots];
    if (s.matchDone) {
      s.match.reset();
      s.matchDone = false;
    }
    const std::string who = "slot " + std::to_string((op >> 5) % kSlots);
    switch (op & 0x1F) {
      case 0:
        if (!s.id) {
          s = Slot{};
          s.id = w.nextConn++;
          const std::string address = (in.byte() & 1) ? "10.0.0.2" : "10.0.0.1";
          w.trace.push_back(who + " connects as " + std::to_string(s.id) + " from " + address);
          w.open.insert(s.id);
          guarded(w, "connected()", [&] { w.hall->connected(s.id, address); });
        } else {
          deliverMatch(w, s);
        }
        break;
      case 1:
        if (s.id) {
          w.trace.push_back(who + " closes " + std::to_string(s.id));
          if (s.match) s.match->connectionLost("reset");
          clientClosed(w, s.id, "connection reset");
        }
        break;
      case 2: {
        const char* name = kNames[in.byte() % 8];
        const char* pw = kPasswords[in.byte() % 3];
        sendUp(w, s, Register{name, pw});
        break;
      }
      case 3: {
        const char* name = kNames[in.byte() % 8];
        const char* pw = kPasswords[in.byte() % 3];
        sendUp(w, s, Login{LoginMethod::Password, name, pw});
        break;
      }
      case 4: {
        const std::string name = kNames[in.byte() % 8];
        const std::uint8_t t = in.byte() % 3;
        const std::string key = nameKey(name);
        std::string token = t == 0 ? premadeToken(key) : t == 1 ? w.lastToken[key] : "garbage";
        sendUp(w, s, Login{LoginMethod::Token, name, token});
        break;
      }
      case 5:
        sendUp(w, s, Find{static_cast<Rule>(in.byte() % 3)});
        break;
      case 6:
        sendUp(w, s, CancelFind{});
        break;
      case 7:
        sendUp(w, s, RoomCreate{settingsFrom(in)});
        break;
      case 8: {
        const std::uint8_t k = in.byte();
        std::string code = w.codes.empty() || k == 255 ? "ABCDEF" : w.codes[k % w.codes.size()];
        if (k & 0x40) std::transform(code.begin(), code.end(), code.begin(), ::tolower);
        sendUp(w, s, RoomJoin{code, (k & 0x80) != 0});
        break;
      }
      case 9: {
        const char* name = kNames[in.byte() % 8];
        sendUp(w, s, Invite{name, settingsFrom(in)});
        break;
      }
      case 10: {
        const std::uint8_t a = in.byte();
        sendUp(w, s, InviteReply{(a & 4) ? s.invite + 1 : s.invite, (a & 1) != 0, (a & 2) != 0});
        break;
      }
      case 11:
        sendUp(w, s, GamesRequest{});
        break;
      case 12:
        sendUp(w, s, GetGame{in.byte() % 8u});
        break;
      case 13:
        sendUp(w, s, HallRequest{});
        break;
      case 14:
        sendUp(w, s, Bye{ByeReason::Leaving, "bye"});
        break;
      case 15:
        sendUp(w, s, Hello{kProtocolMajor, kProtocolMinor, "0.1.0", "raw"});
        break;
      case 16: {
        const int ply = s.match ? s.match->game().ply() : 0;
        const std::uint8_t d = in.byte();
        const std::uint8_t x = in.byte(), y = in.byte();
        sendUp(w, s,
               Move{static_cast<std::uint16_t>(std::max(0, ply + d % 4 - 1)),
                    static_cast<std::uint8_t>(x % 16), static_cast<std::uint8_t>(y % 16)});
        break;
      }
      case 17: {
        const std::uint8_t k = in.byte(), d = in.byte();
        const int ply = s.match ? s.match->game().ply() : 0;
        const auto at = static_cast<std::uint16_t>(std::max(0, ply + d % 4 - 1));
        const int game = s.match ? s.match->gameNumber() : 1;
        switch (k % 7) {
          case 0:
            sendUp(w, s,
                   TakebackRequest{at, static_cast<std::uint16_t>(std::max(0, at - 1 - (d >> 7)))});
            break;
          case 1:
            sendUp(w, s, TakebackReply{at, (d & 0x80) != 0});
            break;
          case 2:
            sendUp(w, s, DrawOffer{at});
            break;
          case 3:
            sendUp(w, s, DrawReply{at, (d & 0x80) != 0});
            break;
          case 4:
            sendUp(w, s, Resign{at});
            break;
          case 5:
            sendUp(w, s, PlayAgain{static_cast<std::uint16_t>(game + (d >> 7)), (d & 0x40) != 0});
            break;
          default:
            sendUp(w, s, Nickname{"nick"});
            break;
        }
        break;
      }
      case 18: {
        const std::uint8_t k = in.byte();
        switch (k % 4) {
          case 0:
            sendUp(w, s, Chat{"hello"});
            break;
          case 1: {
            Resume r;
            r.token = (k & 0x80) ? s.resumeToken : k;
            r.game = static_cast<std::uint16_t>(s.match ? s.match->gameNumber() : 1);
            if (s.match)
              for (const Point& p : s.match->game().moves())
                r.moves.push_back({static_cast<std::uint8_t>(p.x), static_cast<std::uint8_t>(p.y)});
            sendUp(w, s, r);
            break;
          }
          case 2:
            sendUp(w, s, Heartbeat{});
            break;
          default:
            if ((k & 0x70) == 0) sendUp(w, s, Error{ErrorCode::Protocol, "raw error"});
            break;
        }
        break;
      }
      case 19:
        if (s.match && !s.matchDone) {
          const Point p = emptyPoint(s.match->game(), in.byte());
          const MoveError e = s.match->playLocal(p);
          w.trace.push_back(who + " plays " + std::to_string(p.x) + "," + std::to_string(p.y) +
                            ": " + moveErrorText(e));
        }
        break;
      case 20:
        if (s.match && !s.matchDone) {
          Match& m = *s.match;
          const std::uint8_t k = in.byte();
          const bool yes = (k & 0x80) != 0;
          switch (k % 9) {
            case 0:
              w.trace.push_back(who + " takeback: " + describe(m.requestTakeback()));
              break;
            case 1:
              w.trace.push_back(who + " answers takeback: " + describe(m.answerTakeback(yes)));
              break;
            case 2:
              w.trace.push_back(who + " offers draw: " + describe(m.offerDraw()));
              break;
            case 3:
              w.trace.push_back(who + " answers draw: " + describe(m.answerDraw(yes)));
              break;
            case 4:
              w.trace.push_back(who + " resigns: " + describe(m.resign()));
              break;
            case 5:
              w.trace.push_back(who + " play again: " + describe(m.playAgain(yes)));
              break;
            case 6:
              w.trace.push_back(who + " chats: " + describe(m.sendChat("hi")));
              break;
            case 7:
              if ((k & 0x70) == 0) {
                w.trace.push_back(who + " leaves the game");
                m.leave();
              }
              break;
            default:
              break;
          }
        }
        break;
      case 22:
        for (bool any = true; any;) {
          any = false;
          for (Slot& t : w.slots) any = deliverMatch(w, t) || any;
        }
        break;
      case 23: {
        const int ms = in.byte() * 100;
        w.trace.push_back("clock +" + std::to_string(ms) + " ms");
        advanceClock(w, std::chrono::milliseconds(ms));
        break;
      }
      case 24:
        runStorageJob(w);
        break;
      case 25:
        runHashJob(w);
        break;
      case 26:
        w.trace.push_back("settle");
        settle(w);
        break;
      case 27:
        deliverCloses(w);
        break;
      case 28:
        if (const std::uint8_t k = in.byte() & 7; k == 0 && !w.stopped) {
          w.trace.push_back("stop");
          w.stopped = true;
          guarded(w, "stop()", [&] { w.hall->stop([&w] { ++w.stopDone; }); });
        } else if (k == 1) {
          toggleDatabase(w);
        }
        break;
      case 29:
        if (!w.cluster) {
          deliverMatch(w, s);
          break;
        }
        {
          const std::uint8_t k = in.byte();
          if (k >= 240) {
            plantGame(w, in, k % 3 + 1);
            break;
          }
          const std::int64_t account = (k / 4) % 3 + 1;
          switch (k % 4) {
            case 0:
              w.store.up = !w.store.up;
              w.clean = false;
              w.trace.push_back(w.store.up ? "the store comes back" : "the store goes away");
              break;
            case 1:
              w.store.alive.erase("self");
              w.clean = false;
              w.trace.push_back("this node's lease lapses");
              break;
            case 2:
              w.trace.push_back("the other node claims account " + std::to_string(account) + ": " +
                                std::to_string(static_cast<int>(w.store.claim("other", account))));
              break;
            case 3:
              if (w.store.up && w.store.holder.count(account) &&
                  w.store.holder[account] == "other") {
                w.store.holder.erase(account);
                w.trace.push_back("the other node releases account " + std::to_string(account));
              }
              break;
          }
        }
        break;
      case 30:
        if (w.cluster)
          runClusterJob(w, static_cast<int>((op >> 5) % 3));
        else
          deliverMatch(w, s);
        break;
      case 31: {
        if (!w.cluster) {
          deliverMatch(w, s);
          break;
        }
        const std::uint8_t k = in.byte();
        const std::int64_t account = (k / 4) % 3 + 1;
        if (k % 4 == 0) {
          if (w.store.up && w.store.holder.count(account) && w.store.holder[account] == "other") {
            Seek seek;
            seek.account = account;
            seek.node = "other";
            seek.name = account == 1 ? "alice" : account == 2 ? "bob" : "carol";
            seek.minor = net::kProtocolMinor;
            w.store.queue.seek(seek);
            w.trace.push_back("the other node's " + seek.name + " finds a game");
          }
          break;
        }
        NodeMessage m;
        const std::uint8_t n = in.byte();
        m.kind = static_cast<NodeKind>(n % 16);  // some out of range: garbled
        m.from = "other";
        m.account = account;
        m.body = bodyOf(in.byte());
        w.trace.push_back("the other node says " + std::to_string(n % 16) + " of account " +
                          std::to_string(account));
        guarded(w, "fromNodes()", [&] { w.hall->fromNodes({encodeNodeMessage(m)}); });
        break;
      }
      default:
        deliverMatch(w, s);
        break;
    }
    check(w);
  }
  finish(w);
  check(w);
  if (std::getenv("FUZZ_HALL_TRACE"))
    for (const auto& t : w.trace) std::fprintf(stderr, "%s\n", t.c_str());
  // The hall goes before the env and the storage it uses; jobs still queued are dropped.
  w.hall.reset();
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  (void)templ();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  run(data, size);
  return 0;
}
