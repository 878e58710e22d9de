#include "server/hall.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <unordered_set>

#include <sodium.h>
#include <utility>

#include "core/utf8.h"
#include "gomoku/version.h"
#include "net/watcher.h"
#include "server/journal.h"
#include "server/textfields.h"

namespace gomoku::server {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// DENIED's detail for settings checkRoomSettings (lobby.h) refused.
std::string badSettings(SettingsProblem p) {
  std::string s = "bad settings: ";
  s += describe(p);
  return s;
}

// A program of protocol 1.2 cannot read the time control or opening rule of an invitation or a
// room.
// Why a login is refused while a store is away (for the log).
constexpr const char* kPresenceAway = "the presence store did not answer the last renewal";
constexpr const char* kDatabaseAway = "the database does not answer";
// The denial of a request that needs the database while it is away (the client knows it).
constexpr const char* kTrouble = "the server is having trouble; try again in a minute";
constexpr const char* kTooOldForClocks = "needs a newer program to play with a clock";
constexpr const char* kTooOldForOpenings = "needs a newer program to play an opening rule";
// A match or hall message as the body of a message between nodes (relay.h).
std::string bytesOf(const net::Message& m) {
  auto bytes = net::encode(m);
  return std::string(bytes.begin(), bytes.end());
}
// The message whose bytes (header and body) are `bytes`; nothing when they are garbled.
std::optional<net::Message> messageOf(const std::string& bytes) {
  net::DecodeError error = net::DecodeError::None;
  const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
  if (bytes.size() < net::kHeaderSize) return std::nullopt;
  net::Header h = net::decodeHeader(data, error);
  if (error != net::DecodeError::None || h.length != bytes.size() - net::kHeaderSize)
    return std::nullopt;
  net::Message m = net::decodeBody(h, data + net::kHeaderSize, h.length, error);
  if (error != net::DecodeError::None) return std::nullopt;
  return m;
}

}  // namespace

struct Hall::TableEntry {
  std::unique_ptr<GameTable> table;
  std::int64_t account[2] = {0, 0};  // Side::A, Side::B
  bool aIsBlack = true;              // of the game now running
  bool rated = false;
  std::optional<std::uint64_t> clockTimer;  // the HallEnv timer of GameTable::checkClocks
  bool left[2] = {false, false};            // that side's match is over (back in the hall)
  // The database id of each game of this table (1 = its first), shared with the storage jobs
  // that fill it in: jobs run in order, so a later job always sees an earlier job's id.
  std::map<int, std::shared_ptr<std::int64_t>> ids;
  std::map<int, Clock::time_point> started;
  std::set<int> reported;  // the games whose result was written (or is being written)
  TableSetup setup;        // the table's setup (a journal's header holds it)
  // The account name of that side's player (Side::A: 0).
  const std::string& name(int side) const { return side == 0 ? setup.nameA : setup.nameB; }
  std::set<ConnId> watchers;           // connections watching this table
  std::vector<std::uint8_t> lastView;  // the last VIEW relayed, its move time left out
  std::size_t chatRelayed = 0;         // the players' chat lines relayed to the watchers
  bool relayPending = false;           // a relay is gathered (kViewCoalesce)
  // In a cluster the table's journal (journal.h) goes to the shared store ahead of what the
  // table sends, so that another node can take the game over exactly when this one dies.
  std::string key;                         // the game's key in the store ("": not journaled)
  std::vector<std::string> journal;        // every entry so far (0: the header)
  std::size_t stored = 0;                  // how many of them the store holds for sure
  bool opened = false;                     // the store has the game (openGame answered)
  bool behind = false;                     // the store did not answer: the game goes on unjournaled
                                           // until the next good renewal, which writes what is due
  Clock::time_point epoch;                 // the table's time 0
  std::int64_t lastUs = 0;                 // the last entry's time
  std::optional<Clock::time_point> opNow;  // inside a journaled call: the table's time
  // What the table did, waiting for its journal to be stored: (entries needed, the act).
  std::deque<std::pair<std::size_t, std::function<void()>>> held;
  bool reopen = false;  // write the journal whole at the next write (the store may have lost it)
  // Game numbers (after 1) whose database id the journal holds; a game's result is written only
  // after that, so that a node taking the game over never makes a second row for it.
  std::set<int> idJournaled;
  std::map<int, std::vector<GameEnd>> endsAwaitingId;
  bool replaying = false;             // adopt() replays the journal into the table
  std::vector<GameEnd> replayedEnds;  // the game ends the replay met
};

// The env the hall uses: the world's, except that a message for a guest's link (a player of
// another node in a game here) goes to that player's node, and closing a link asks it to close
// the player's connection.
class Hall::Routing final : public HallEnv {
 public:
  Routing(Hall& hall, HallEnv& env) : hall_(hall), env_(env) {}
  void send(ConnId c, const net::Message& m) override {
    if (c >= kFirstLink) return hall_.toGuest(c, m);
    env_.send(c, m);
  }
  void close(ConnId c) override {
    if (c >= kFirstLink) return hall_.closeGuest(c);
    env_.close(c);
  }
  Clock::time_point now() override { return env_.now(); }
  std::int64_t unixTime() override { return env_.unixTime(); }
  std::uint64_t after(std::chrono::milliseconds delay, std::function<void()> fn) override {
    return env_.after(delay, std::move(fn));
  }
  void cancel(std::uint64_t timer) override { env_.cancel(timer); }
  void aside(Lane lane, std::function<std::function<void()>()> job) override {
    env_.aside(lane, std::move(job));
  }
  void log(const std::string& line) override { env_.log(line); }

 private:
  Hall& hall_;
  HallEnv& env_;
};

Hall::Hall(HallEnv& env, Storage& storage, HallConfig config, std::uint32_t seed,
           Presence* presence)
    : routing_(std::make_unique<Routing>(*this, env)),
      env_(*routing_),
      storage_(storage),
      config_(std::move(config)),
      presence_(presence),
      rng_(seed ? seed : std::random_device{}()),
      matchmaker_([this] { return static_cast<std::uint32_t>(rng_()); }),
      // Room codes must not be guessable: the system's random numbers unless a test seeds it.
      rooms_(seed ? RandomSource([this] { return static_cast<std::uint32_t>(rng_()); })
                  : RandomSource([] { return randombytes_random(); })) {
  // Games left running by a crash or a kill are interrupted; then the ladder's top. In a
  // cluster the database's unfinished games may be other nodes' running ones: left alone.
  bool single = !presence_;
  env_.aside(Lane::Storage, [this, single, now = env_.unixTime()]() -> std::function<void()> {
    int n = single ? storage_.interruptUnfinished(now) : 0;
    auto top = storage_.top(static_cast<int>(net::kMaxTopEntries));
    return [this, n, top = std::move(top)] {
      if (n) env_.log("interrupted " + std::to_string(n) + " game(s) left running before");
      setTop(top);
    };
  });
  if (presence_) renewPresence();
  if (config_.storageCheck.count() > 0)
    storageTimer_ = env_.after(config_.storageCheck, [this] { checkStorage(); });
}

Hall::~Hall() {
  if (waveTimer_) env_.cancel(*waveTimer_);
  if (renewTimer_) env_.cancel(*renewTimer_);
  if (storageTimer_) env_.cancel(*storageTimer_);
}

void Hall::checkStorage() {
  storageTimer_ = env_.after(config_.storageCheck, [this] { checkStorage(); });
  if (std::exchange(storageChecking_, true)) return;  // the last one waits for the database
  env_.aside(Lane::Storage, [this]() -> std::function<void()> {
    storage_.schemaVersion();  // a round trip; an outage is the env's to report
    return [this] { storageChecking_ = false; };
  });
}

void Hall::storageAway(bool away, const std::string& why) {
  if (away == storageDown_) return;
  storageDown_ = away;
  if (away)
    env_.log("the database does not answer (" + why +
             "): games go on, new logins and games are refused");
  else
    env_.log("the database answers again");
  if (!away && (!seeks_.empty() || matchmaker_.size() > 0)) scheduleWave();  // held meanwhile
}

// ---------------------------------------------------------------------------------------------
// Connections

void Hall::connected(ConnId c, const std::string& address) {
  Conn conn;
  conn.address = address;
  conn.lastHeard = conn.rateStart = env_.now();
  conns_[c] = conn;
  net::Welcome w;
  w.programVersion = kProgramVersion;
  w.serverName = config_.serverName.substr(0, 64);
  env_.send(c, w);
  if (stopping_ || ++perAddress_[address] > config_.maxConnectionsPerAddress) {
    env_.send(
        c, net::Error{net::ErrorCode::Limit, stopping_ ? "the server is shutting down"
                                                       : "too many connections from your address"});
    env_.close(c);
  }
}

bool Hall::overRate(Conn& conn) {
  auto now = env_.now();
  if (now - conn.rateStart > std::chrono::seconds(5)) {
    conn.rateStart = now;
    conn.rateCount = 0;
  }
  return ++conn.rateCount > config_.maxMessagesPerSecond * 5;
}

void Hall::received(ConnId c, const net::Message& m) {
  auto it = conns_.find(c);
  if (it == conns_.end() || handingOver_) return;
  Conn& conn = it->second;
  conn.lastHeard = env_.now();
  if (overRate(conn)) {
    env_.log(conn.address + ": too many messages, cut off");
    env_.send(c, net::Error{net::ErrorCode::Limit, "too many messages per second"});
    env_.close(c);
    return;
  }
  if (std::holds_alternative<net::Heartbeat>(m)) return;
  if (std::exchange(conn.byeMayTrail, false) && conn.state == State::Hall &&
      std::holds_alternative<net::Bye>(m)) {
    // The player left its game as the game ended without it (the opponent left first): that
    // BYE was for the game, not a sign-out.
    return;
  }
  if (conn.first) {
    conn.first = false;
    if (std::holds_alternative<net::Hello>(m) || std::holds_alternative<net::Resume>(m)) {
      env_.send(c, net::Error{net::ErrorCode::ServerOnly,
                              "this is a Gomoku server, not a game host: use Play online"});
      env_.close(c);
      return;
    }
    if (std::holds_alternative<net::Watch>(m)) {  // a P2P watcher (PROTOCOL.md, Watchers)
      env_.send(c, net::Error{net::ErrorCode::ServerOnly,
                              "this is a Gomoku server, not a game host: watch its games from the "
                              "hall of Play online"});
      env_.close(c);
      return;
    }
  }
  if (auto* e = std::get_if<net::Error>(&m)) {
    env_.log(conn.address + ": the client sent ERROR: " + e->text);
    env_.close(c);
    return;
  }
  switch (conn.state) {
    case State::AwaitLogin:
      if (auto* r = std::get_if<net::Register>(&m)) return onRegister(c, *r);
      if (auto* l = std::get_if<net::Login>(&m)) return onLogin(c, *l);
      if (std::holds_alternative<net::Bye>(m)) return env_.close(c);
      if (static_cast<int>(net::typeOf(m)) >= 64)
        return deny(c, net::typeOf(m), net::DenyCode::NotLoggedIn, "log in first");
      env_.send(c, net::Error{net::ErrorCode::Protocol, "log in first"});
      return env_.close(c);
    case State::LoggingIn:
      // A second REGISTER/LOGIN while the first is being checked.
      return deny(c, net::typeOf(m), net::DenyCode::TooMany, "a login is being checked");
    case State::Playing: {
      if (std::holds_alternative<net::Bye>(m)) conn.sentBye = true;
      Player* p = playerOf(c);
      if (p && !p->table && playingAt_.count(p->id)) {  // its game runs on another node
        if (std::holds_alternative<net::HallRequest>(m)) return sendHall(c);
        if (static_cast<int>(net::typeOf(m)) >= 64)
          return deny(c, net::typeOf(m), net::DenyCode::Busy, "you are in a game");
        post(playingAt_[p->id], NodeKind::FromPlayer, p->id, bytesOf(m));
        if (std::holds_alternative<net::Bye>(m)) {
          // It left its game: in the hall at once, as on one server (its program may ask
          // for the next game before the owner's word that the game is over comes back).
          playingAt_.erase(p->id);
          joined_.erase(p->id);
          backInHall(c);
        }
        return;
      }
      if (!p || !p->table) return;
      if (std::holds_alternative<net::HallRequest>(m)) return sendHall(c);
      if (static_cast<int>(net::typeOf(m)) >= 64)
        return deny(c, net::typeOf(m), net::DenyCode::Busy, "you are in a game");
      act(p->table, TableOp::Receive, p->side, &m);
      return;
    }
    default:
      return onHallMessage(c, conn, m);
  }
}

void Hall::closed(ConnId c, const std::string& reason) {
  auto it = conns_.find(c);
  if (it == conns_.end()) return;
  if (handingOver_) return (void)conns_.erase(it);  // its game, if any, goes on elsewhere
  unwatch(c);
  Conn conn = it->second;
  conns_.erase(it);
  if (--perAddress_[conn.address] <= 0) perAddress_.erase(conn.address);
  Player* p = conn.account ? player(conn.account) : nullptr;
  if (!p || p->conn != c) return;
  env_.log(p->name + " disconnected (" + reason + ")");
  p->conn = 0;
  if (auto at = playingAt_.find(p->id); at != playingAt_.end()) {
    // Its game runs on another node, which suspends it and ends it (Done) by the end of the
    // resume window. Should it never say so (it died), the player goes offline a little later.
    post(at->second, NodeKind::Lost, p->id, reason);
    std::int64_t account = p->id;
    p->awayTimer = env_.after(config_.resumeWindow + 2 * config_.nodeLease, [this, account] {
      Player* q = player(account);
      if (!q || q->conn) return;
      q->awayTimer.reset();
      goOffline(account);
    });
    return;
  }
  if (p->table) {
    auto t = tables_.find(p->table);
    if (t != tables_.end() && !t->second->left[static_cast<int>(p->side)]) {
      // A dropped connection suspends the game; the player may log in again within the window.
      // A game that had not started yet ends instead: the table's leaveGame then returns the
      // player to the hall at once, which drops it from online_ (it has no connection).
      std::int64_t account = p->id;
      std::uint64_t tid = p->table;
      act(tid, TableOp::Lost, p->side, nullptr, reason);
      p = player(account);
      if (!p || p->table != tid) {
        matchmaker_.remove(account);
        unseek(account);
        rooms_.forget(account);
        if (p && !p->conn) goOffline(account);
        return;
      }
      awaitResume(account);
      return;
    }
  }
  matchmaker_.remove(p->id);
  unseek(p->id);
  rooms_.forget(p->id);
  goOffline(p->id);
}

void Hall::stop(std::function<void()> done) {
  stopping_ = true;
  stopped_ = std::move(done);
  if (waveTimer_) env_.cancel(*waveTimer_);
  waveTimer_.reset();
  // A single server ends its games (interrupted). A node of a cluster hands them over: they
  // stay in the shared store as they are, as if the node were killed, but with every journal
  // written and the lease ended first, so that another node takes each up as soon as its
  // players log in there; their connections are dropped once the lease has ended (no goodbye:
  // their programs reconnect and resume). Nothing here changes those games from now on.
  // A game ends here instead when the store does not hold it whole: its journal behind after
  // an outage, or a game after the first whose database row the journal does not name yet (the
  // node taking it over would make a second row, and the ladder could move twice).
  std::vector<std::uint64_t> ending;
  for (auto& [id, entry] : tables_) {
    const TableEntry& e = *entry;
    const bool idsKnown = std::all_of(e.ids.begin(), e.ids.end(), [&e](const auto& game) {
      return game.first <= 1 || e.idJournaled.count(game.first);
    });
    if (presence_ && !e.key.empty() && e.opened && !e.behind && !e.reopen && idsKnown)
      handedOver_.insert(id);
    else
      ending.push_back(id);
  }
  for (std::uint64_t id : ending) act(id, TableOp::Interrupt, Side::A);
  if (presence_) {
    handingOver_ = true;
    if (!handedOver_.empty())
      env_.log("stopping: " + std::to_string(handedOver_.size()) +
               " games go on wherever their players log in again");
    // This node's players leave the shared queue now, not when the lease ends.
    std::vector<std::int64_t> seeking;
    for (const auto& [account, seek] : seeks_) seeking.push_back(account);
    for (std::int64_t account : seeking) unseek(account);
  }
  std::vector<ConnId> idle, playing;
  for (auto& [c, conn] : conns_) {
    const Player* p = conn.account ? player(conn.account) : nullptr;
    if (p && p->conn == c && (handedOver_.count(p->table) || playingAt_.count(p->id)))
      playing.push_back(c);
    else
      idle.push_back(c);
  }
  for (ConnId c : idle) {
    env_.send(c, net::Bye{net::ByeReason::Closing, "the server is shutting down"});
    env_.close(c);
  }
  if (renewTimer_) env_.cancel(*renewTimer_);
  renewTimer_.reset();
  if (storageTimer_) env_.cancel(*storageTimer_);
  storageTimer_.reset();
  // The interrupted games' writes were queued on the storage lane before this job.
  auto last = [this] {
    env_.aside(Lane::Storage, [this]() -> std::function<void()> {
      return [this] {
        if (stopped_) std::exchange(stopped_, {})();
      };
    });
  };
  if (!presence_) return last();
  // In a cluster, the node's lease ends first: its players may log in on another node at once.
  // Not before the interrupted games' journals are stored: another node taking one over meanwhile
  // would find it running.
  whenJournalsStored([this, last, playing] {
    // On the lease's lane: behind a renewal under way, which would otherwise bring it back.
    env_.aside(Lane::Lease, [this, last, playing]() -> std::function<void()> {
      presence_->leave();
      return [this, last, playing] {
        // Their accounts are free: the players in games are dropped (no goodbye), so that
        // their programs reconnect and resume elsewhere now, not when the server ends.
        for (ConnId c : playing)
          if (conns_.count(c)) env_.close(c);
        last();
      };
    });
  });
}

Hall::Player* Hall::player(std::int64_t account) {
  auto it = online_.find(account);
  return it == online_.end() ? nullptr : &it->second;
}

Hall::Player* Hall::playerOf(ConnId c) {
  auto it = conns_.find(c);
  if (it == conns_.end() || !it->second.account) return nullptr;
  Player* p = player(it->second.account);
  return p && p->conn == c ? p : nullptr;
}

void Hall::setState(ConnId c, State s) {
  auto it = conns_.find(c);
  if (it == conns_.end()) return;
  it->second.state = s;
  if (s != State::Hall) unwatch(c);  // playing (or back to a login): not watching
}

void Hall::deny(ConnId c, net::MsgType request, net::DenyCode code, const std::string& detail) {
  env_.send(c, net::Denied{request, code, detail.substr(0, 200)});
}

// ---------------------------------------------------------------------------------------------
// Registration and login

void Hall::onRegister(ConnId c, const net::Register& r) {
  conns_[c].minor = r.clientMinor;
  if (NameProblem np = checkName(r.name); np != NameProblem::None)
    return loginFailed(c, net::LoginStatus::BadName, describe(np));
  if (PasswordProblem pp = checkPassword(r.password); pp != PasswordProblem::None)
    return loginFailed(c, net::LoginStatus::BadPassword, describe(pp));
  // In a cluster whose store is away the login would be refused: make no account either.
  if (presence_ && presenceDown_) return refuseWhileStoreAway(c, r.name, kPresenceAway);
  if (storageDown_) return refuseWhileStoreAway(c, r.name, kDatabaseAway);
  setState(c, State::LoggingIn);
  std::string name = r.name, key = nameKey(r.name), password = r.password;
  std::int32_t score = config_.initialScore;
  std::int64_t now = env_.unixTime(), expires = now + config_.tokenLifetime;
  env_.aside(Lane::Hash, [this, c, name, key, password, score, expires]() -> std::function<void()> {
    std::string hash = hashPassword(password);
    return [this, c, name, key, hash, score, expires] {
      if (!conns_.count(c)) return;
      // The job may run again after the database went away (server.cpp): an account it made
      // already is kept, not asked for again (which would answer "taken").
      auto made = std::make_shared<std::optional<Account>>();
      env_.aside(Lane::Storage,
                 [this, c, name, key, hash, score, expires, made,
                  token = newToken()]() -> std::function<void()> {
                   if (!*made) *made = storage_.createAccount(name, key, hash, score);
                   std::optional<Account> account = *made;
                   if (account) storage_.addToken(account->id, tokenDigest(token), expires);
                   return [this, c, account, token] {
                     if (!conns_.count(c)) return;
                     if (!account)
                       return loginFailed(c, net::LoginStatus::NameTaken, "that name is taken");
                     env_.log(account->name + " registered");
                     loggedIn(c, *account, token, true);
                   };
                 });
    };
  });
}

void Hall::onLogin(ConnId c, const net::Login& l) {
  Conn& conn = conns_[c];
  conn.minor = l.clientMinor;
  if (storageDown_) return refuseWhileStoreAway(c, l.name, kDatabaseAway);
  std::string key = nameKey(l.name);
  auto delay = throttle_.delayFor(key, conn.address, env_.now());
  setState(c, State::LoggingIn);
  std::string address = conn.address, secret = l.secret;
  net::LoginMethod method = l.method;
  std::int64_t now = env_.unixTime(), expires = now + config_.tokenLifetime;
  auto check = [this, c, key, address, secret, method, now, expires] {
    if (!conns_.count(c)) return;
    auto failed = [this, c, key, address] {
      if (!conns_.count(c)) return;
      throttle_.failed(key, address, env_.now());
      loginFailed(c, net::LoginStatus::BadCredentials, "wrong name or password");
    };
    if (method == net::LoginMethod::Token) {
      env_.aside(Lane::Storage, [this, c, key, secret, now, failed]() -> std::function<void()> {
        auto account = storage_.accountByToken(tokenDigest(secret), now);
        if (!account || account->key != key) return failed;
        return [this, c, account, secret, key] {
          if (!conns_.count(c)) return;
          throttle_.succeeded(key, env_.now());
          loggedIn(c, *account, secret);
        };
      });
      return;
    }
    env_.aside(Lane::Storage, [this, c, key, secret, expires, failed]() -> std::function<void()> {
      auto found = storage_.accountByKey(key);
      return [this, c, found, secret, expires, failed, key] {
        if (!conns_.count(c)) return;
        // Unknown names are hashed too, so both answers take the same time.
        std::string hash = found ? found->second : std::string{};
        env_.aside(Lane::Hash,
                   [this, c, found, hash, secret, expires, failed, key]() -> std::function<void()> {
                     // An unknown name is checked against a dummy hash: both answers take as long.
                     bool ok = verifyPassword(found ? hash : dummyPasswordHash(), secret) && found;
                     if (!ok) return failed;
                     return [this, c, account = found->first, expires, key] {
                       if (!conns_.count(c)) return;
                       throttle_.succeeded(key, env_.now());
                       std::string token = newToken();
                       std::int64_t id = account.id;
                       std::string digest = tokenDigest(token);
                       env_.aside(Lane::Storage,
                                  [this, id, digest, expires]() -> std::function<void()> {
                                    storage_.addToken(id, digest, expires);
                                    return [] {};
                                  });
                       loggedIn(c, account, token);
                     };
                   });
      };
    });
  };
  if (delay.count() > 0)
    env_.after(delay, check);
  else
    check();
}

void Hall::loginFailed(ConnId c, net::LoginStatus status, const std::string& detail) {
  setState(c, State::AwaitLogin);
  net::LoginResult r;
  r.status = status;
  r.detail = detail;
  env_.send(c, r);
}

// What a login that waits for a holder's lease waits beyond the lease's end (clocks differ).
constexpr std::chrono::milliseconds kLeaseWaitSlack{100};

void Hall::loggedIn(ConnId c, const Account& a, const std::string& token, bool registered,
                    bool waited) {
  if (stopping_) return;
  if (!presence_) return admit(c, a, token);
  // In a cluster every login claims the account, also one of a player this node has online:
  // the claim is ordered after any release of it queued before, and finds out whether another
  // node took the account while this node's lease had lapsed.
  if (!leaseAnswered_) {  // a claim before the node's first lease would be refused (NOLEASE)
    afterFirstLease_.push_back([this, c, a, token, registered, waited] {
      if (conns_.count(c)) loggedIn(c, a, token, registered, waited);
    });
    return;
  }
  if (presenceDown_) return refuseWhileStoreAway(c, a.name, kPresenceAway, registered);
  env_.aside(Lane::Cluster, [this, c, a, token, registered, waited]() -> std::function<void()> {
    Claim claim = presence_->claim(a.id);
    std::optional<std::chrono::milliseconds> leaseLeft;
    if (claim == Claim::HeldElsewhere && !waited) {
      leaseLeft = presence_->holderLeaseLeft(a.id);
      // No lease to wait for: the holder's ended (or it let the account go) between the two
      // questions, so the account is free now: claimed again, once.
      if (!leaseLeft) claim = presence_->claim(a.id);
    }
    // The game it plays, if any, is found (and taken over from a dead node) for the player
    // that holds the account.
    std::optional<StoredGame> game;
    if (claim == Claim::Claimed) {
      game = presence_->gameOf(a.id);
      if (!game) claim = Claim::Unavailable;
    }
    std::string error = claim == Claim::Unavailable ? presence_->lastError() : std::string{};
    return [this, c, a, token, registered, claim, error, leaseLeft, found = game]() mutable {
      if (stopping_) return;
      // A game taken over from a dead node is this node's now, whatever becomes of this login.
      if (found && !found->journal.empty()) {
        adopt(*found);
        found->journal.clear();
      }
      const StoredGame* game = found ? &*found : nullptr;
      Player* held = player(a.id);
      bool here = held && held->home.empty();  // a guest's claim is its node's
      if (claim == Claim::Unavailable && !here) unreleased_.insert(a.id);  // it may have landed
      if (!conns_.count(c)) {
        // Gone while the claim ran: give it back unless a login here holds it now.
        if (claim == Claim::Claimed && !here) releaseClaim(a.id);
        return;
      }
      switch (claim) {
        case Claim::Claimed:
          // A release of this account queued before our claim's answer came may run after
          // the claim in the lane: claim again behind it.
          if (releasing_.count(a.id)) return loggedIn(c, a, token);
          return admit(c, a, token, game);
        case Claim::HeldElsewhere:
          if (leaseLeft && *leaseLeft < config_.nodeLease / 2) {
            // The holder missed a renewal (a live node renews every third of its lease): it is
            // likely dead (a program reconnecting after its node was killed). Wait for its lease
            // here, rather than refuse and have the program connect again and again meanwhile;
            // refused if it renews after all.
            env_.log(a.name + ": held by a node that stopped renewing its lease; the login waits " +
                     std::to_string(leaseLeft->count()) + " ms for it");
            env_.after(*leaseLeft + kLeaseWaitSlack, [this, c, a, token, registered] {
              auto it = conns_.find(c);
              if (it != conns_.end() && it->second.state == State::LoggingIn && !stopping_)
                loggedIn(c, a, token, registered, true);
            });
            return;
          }
          env_.log(a.name + ": a second login refused (signed in on another node)");
          return loginFailed(c, net::LoginStatus::AlreadySignedIn,
                             "This account is already signed in on another computer");
        case Claim::Unavailable:
          return refuseWhileStoreAway(c, a.name, error, registered);
      }
    };
  });
}

void Hall::refuseWhileStoreAway(ConnId c, const std::string& name, const std::string& why,
                                bool registered) {
  env_.log(name + ": login refused (" + why + ")");
  loginFailed(c, net::LoginStatus::ServerBusy,
              registered ? "Your account was made, but the server is having trouble: log in "
                           "(without registering) in a minute"
                         : "The server is having trouble; try again in a minute");
}

void Hall::goOffline(std::int64_t account) {
  Player* p = player(account);
  if (p && !p->home.empty()) return dropGuest(account);  // its node holds its claim
  playingAt_.erase(account);
  online_.erase(account);
  if (presence_) releaseClaim(account);
}

void Hall::releaseClaim(std::int64_t account) {
  ++releasing_[account];
  env_.aside(Lane::Cluster, [this, account]() -> std::function<void()> {
    bool ok = presence_->release(account);
    return [this, account, ok, error = ok ? std::string{} : presence_->lastError()] {
      if (--releasing_[account] == 0) releasing_.erase(account);
      if (ok || online_.count(account)) {
        unreleased_.erase(account);
        return;
      }
      // Still held by this node in the store: retried after the next good renewal.
      unreleased_.insert(account);
      env_.log("account " + std::to_string(account) + " not released in the presence store (" +
               error + "); trying again later");
    };
  });
}

void Hall::renewPresence() {
  renewTimer_.reset();
  if (stopping_) return;
  env_.aside(Lane::Lease, [this]() -> std::function<void()> {
    Renewal r = presence_->renew();
    std::string error = r == Renewal::Unavailable ? presence_->leaseError() : std::string{};
    return [this, r, error] { renewed(r, error); };
  });
}

void Hall::renewed(Renewal r, const std::string& error) {
  if (stopping_) return;
  renewTimer_ = env_.after(config_.nodeLease / 3, [this] { renewPresence(); });
  // The logins that came before the first answer: claimed now (or refused, if the store did
  // not answer), once the hall knows which.
  auto firstLease = [this] {
    if (!std::exchange(leaseAnswered_, true))
      for (auto& fn : std::exchange(afterFirstLease_, {})) fn();
  };
  if (r == Renewal::Unavailable) {
    if (!presenceDown_)
      env_.log("the presence store does not answer (" + error +
               "): games go on, new logins are refused");
    presenceDown_ = true;
    remote_.clear();  // other nodes' players cannot be known meanwhile
    // The lease may lapse meanwhile, or this renewal's answer was what got lost: claim the
    // players again once the store answers.
    reclaim_ = true;
    return firstLease();
  }
  const bool wasDown = presenceDown_;
  if (presenceDown_) env_.log("the presence store answers again");
  presenceDown_ = false;
  firstLease();
  flushOutbox();
  // Journals: after an outage or a lapse the store may have lost any of them (a Redis that
  // restarted empty), so all are written whole again; else those the store did not take.
  for (auto& [tid, e] : tables_) {
    if (e->key.empty()) continue;
    e->reopen = e->reopen || wasDown || r == Renewal::Lapsed;
    if (std::exchange(e->behind, false) || e->reopen) journalDirty_.insert(tid);
  }
  flushJournals();  // in one batch
  if (r == Renewal::Lapsed) {
    env_.log("this node's lease had run out: claiming its players again");
    reclaim_ = true;
  }
  exchangePlayers();
  if (!topRefreshing_) {  // other nodes' games move the ladder too (one query at a time)
    topRefreshing_ = true;
    env_.aside(Lane::Storage, [this]() -> std::function<void()> {
      auto top = storage_.top(static_cast<int>(net::kMaxTopEntries));
      return [this, top = std::move(top)] {
        topRefreshing_ = false;
        setTop(top);
      };
    });
  }
  std::vector<std::int64_t> retry(unreleased_.begin(), unreleased_.end());
  for (std::int64_t a : retry)
    if (online_.count(a))
      unreleased_.erase(a);
    else if (!releasing_.count(a))
      releaseClaim(a);
  if (!reclaim_) return;
  reclaim_ = false;
  // The queue may have lost our players' searches meanwhile (dropped as a dead node's, or a
  // Redis restarted empty): in again, as they are.
  for (const auto& [account, seek] : seeks_) queueSeek(seek);
  // Other nodes may have admitted our players while the store was away. Claim them all again;
  // one that another node holds now is signed in there and is signed out here.
  std::vector<std::int64_t> ids;
  for (const auto& [id, p] : online_)
    if (p.home.empty() && p.conn) ids.push_back(id);  // one away from a game is not held
  if (ids.empty()) return;
  env_.aside(Lane::Cluster, [this, ids]() -> std::function<void()> {
    auto claims = presence_->claimAll(ids);
    return [this, ids, claims] {
      for (std::size_t i = 0; i < ids.size(); ++i) {
        if (claims[i] == Claim::Unavailable) reclaim_ = true;  // again after the next renewal
        if (claims[i] != Claim::HeldElsewhere) continue;
        Player* p = player(ids[i]);
        // One away from a game here cannot come back here (its login's claim is refused); the
        // game is abandoned when the resume window ends.
        if (!p || !p->conn) continue;
        env_.log(p->name + " signed in on another node while the presence store was away");
        env_.send(p->conn, net::Error{net::ErrorCode::Replaced,
                                      "this account signed in on another computer"});
        env_.close(p->conn);
      }
    };
  });
}

void Hall::exchangePlayers() {
  // With games across nodes: which nodes live, to let go of the games of dead ones.
  bool across = !playingAt_.empty() ||
                std::any_of(online_.begin(), online_.end(),
                            [](const auto& entry) { return !entry.second.home.empty(); });
  env_.aside(Lane::Cluster, [this, mine = listedHere(), across]() -> std::function<void()> {
    auto theirs = presence_->exchangePlayers(mine);
    auto live = across && theirs ? presence_->liveNodes() : std::nullopt;
    // One entry an account (a player moving between nodes may be on two lists a moment): the
    // first, as listed. Done here, off the hall's thread: the lists have thousands.
    std::vector<ListedPlayer> once;
    if (theirs) {
      std::unordered_set<std::int64_t> seen(theirs->size() * 2);
      once.reserve(theirs->size());
      for (ListedPlayer& r : *theirs)
        if (seen.insert(r.account).second) once.push_back(std::move(r));
    }
    // The store did not answer: the other nodes' players cannot be known until it does.
    return [this, once = std::move(once), live = std::move(live)]() mutable {
      remote_ = std::move(once);
      if (live) nodesGone(std::set<std::string>(live->begin(), live->end()));
    };
  });
}

void Hall::nodesGone(const std::set<std::string>& live) {
  // Our players in games on nodes that died: the game goes on wherever its players log in
  // again (its journal is in the shared store). Their connections are closed so that their
  // programs reconnect and resume it; they are signed out here meanwhile.
  std::vector<std::int64_t> lost;
  for (const auto& [account, owner] : playingAt_)
    if (!live.count(owner)) lost.push_back(account);
  for (std::int64_t account : lost) letGo(account);
  // Guests from nodes that died: their connections are gone with them. Their games wait for
  // them as for any dropped player (they may log in here, or lose when the window ends).
  std::vector<ConnId> links;
  for (const auto& [account, p] : online_)
    if (!p.home.empty() && p.conn && !live.count(p.home)) links.push_back(p.conn);
  for (ConnId link : links) closed(link, "its node is gone");
}

void Hall::letGo(std::int64_t account) {
  playingAt_.erase(account);
  Player* p = player(account);
  if (!p) return;
  env_.log(p->name + ": the game was on a node that is gone");
  if (p->awayTimer) {
    env_.cancel(*p->awayTimer);
    p->awayTimer.reset();
  }
  if (!p->conn) return goOffline(account);
  ConnId c = p->conn;
  env_.close(c);
  closed(c, "its game's node is gone");  // signed out here: it may log in on any node
}

void Hall::admit(ConnId c, const Account& a, const std::string& token, const StoredGame* game) {
  Conn& conn = conns_[c];
  Player* p = player(a.id);
  if (p && !p->home.empty()) {
    // A guest of a game here logs in here: its node is gone (its claim was free). The player
    // is this node's now, and its game goes on here.
    env_.log(a.name + " was a guest from " + p->home + ", whose node is gone");
    p->home.clear();
    if (p->conn) {
      ConnId link = p->conn;
      conns_.erase(link);
      p->conn = 0;
      if (p->table) {
        act(p->table, TableOp::Lost, p->side, nullptr, "its node is gone");
        p = player(a.id);
        // A game that had not started ended there, which released the account: claim again.
        if (!p && releasing_.count(a.id)) return loggedIn(c, a, token);
      }
    }
  }
  if (p && p->conn) {
    auto old = conns_.find(p->conn);
    bool silent =
        old == conns_.end() || env_.now() - old->second.lastHeard >= config_.takeOverSilence;
    if (!silent) {
      env_.log(a.name + ": a second login refused");
      return loginFailed(c, net::LoginStatus::AlreadySignedIn,
                         "This account is already signed in on another computer");
    }
    // The old connection went quiet: the new login takes over (in the hall: what the old one
    // waited for ends with it).
    ConnId oldId = p->conn;
    if (!p->table && !playingAt_.count(a.id)) {
      matchmaker_.remove(a.id);
      unseek(a.id);
      rooms_.forget(a.id);
    }
    env_.send(oldId,
              net::Error{net::ErrorCode::Replaced, "this account signed in on another computer"});
    env_.close(oldId);
    if (old != conns_.end()) old->second.account = 0;
    p->conn = 0;
    if (p->table) {
      act(p->table, TableOp::Lost, p->side, nullptr, "replaced by a new login");
      // A game that had not started ends there, and the table's leaveGame drops the player
      // (without a connection now) from online_: look it up again.
      p = player(a.id);
      // In a cluster that queued a release of the account: claim it again, behind it.
      if (!p && presence_ && releasing_.count(a.id)) return loggedIn(c, a, token);
    } else if (auto at = playingAt_.find(a.id); at != playingAt_.end()) {
      post(at->second, NodeKind::Lost, a.id, "replaced by a new login");
    }
  }
  conn.account = a.id;
  conn.state = State::Hall;
  unreleased_.erase(a.id);  // held for this login
  if (!p) {
    Player np;
    np.id = a.id;
    np.name = a.name;
    np.key = a.key;
    p = &online_.emplace(a.id, std::move(np)).first->second;
  }
  // As the database has them now (a player taken over with its game knew only its score).
  p->stats = {a.score, a.games, a.wins, a.draws};
  p->conn = c;
  env_.log(a.name + " logged in from " + conn.address);
  net::LoginResult r;
  r.status = net::LoginStatus::Ok;
  r.name = p->name;
  r.token = token;
  r.stats = p->stats;
  r.elo = config_.ladder.elo;
  env_.send(c, r);
  sendHall(c);
  if (p->awayTimer) {
    env_.cancel(*p->awayTimer);
    p->awayTimer.reset();
  }
  if (game && !game->key.empty() && !p->table && game->owner != presence_->self())
    playingAt_[a.id] = game->owner;  // its game runs there (maybe not where it began)
  if (auto at = playingAt_.find(a.id); at != playingAt_.end()) {
    // Its game runs on another node: that node resumes it on this connection.
    conn.state = State::Playing;
    return post(at->second, NodeKind::Back, a.id, std::string(1, static_cast<char>(conn.minor)));
  }
  resumeAt(c, *p);
}

void Hall::resumeAt(ConnId c, Player& who) {
  Player* p = &who;
  Conn& conn = conns_[c];
  if (p->table) {
    auto t = tables_.find(p->table);
    if (t != tables_.end() && !t->second->left[static_cast<int>(p->side)]) {
      TableEntry& e = *t->second;
      int me = static_cast<int>(p->side);
      Player* opp = player(e.account[1 - me]);
      bool black = (p->side == Side::A) == e.aIsBlack;
      auto& ids = e.ids.rbegin()->second;
      net::Matched again{static_cast<std::uint64_t>(*ids),
                         static_cast<std::uint8_t>(e.setup.boardSize),
                         e.setup.rule,
                         e.setup.foul,
                         black,
                         opp ? opp->name : std::string{},
                         opp ? opp->stats.score : 0,
                         e.rated,
                         e.table->resumeToken(p->side)};
      again.clock = e.setup.clock;
      again.opening = e.setup.opening;
      env_.send(c, again);
      conn.state = State::Playing;
      act(p->table, TableOp::Resumed, p->side);
    } else {
      p->table = 0;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The hall

void Hall::sendHall(ConnId c) {
  if (Player* p = playerOf(c)) sendStats(c, *p);
  sendPlayers(c);
  env_.send(c, net::Top{top_});
}

void Hall::sendStats(ConnId c, const Player& p) {
  env_.send(c, net::Stats{p.name, p.stats, config_.ladder.elo});
}

net::PlayerState Hall::stateOf(const Player& p) const {
  if (p.table || playingAt_.count(p.id)) return net::PlayerState::Playing;
  if (matchmaker_.waiting(p.id)) return net::PlayerState::Finding;
  return net::PlayerState::Hall;
}

std::vector<ListedPlayer> Hall::listedHere() const {
  std::vector<ListedPlayer> out;
  for (const auto& [id, p] : online_) {
    if (!p.home.empty()) continue;  // a guest: its own node lists it
    out.push_back({id, {p.name, p.stats.score, stateOf(p)}, {}});
  }
  return out;
}

void Hall::sendPlayers(ConnId c) {
  // This node's players and, in a cluster, the other nodes' (as of the last renewal): the
  // best-scored few, picked in one pass (every login asks, and a cluster lists thousands).
  struct Candidate {
    std::int32_t score;
    std::int64_t account;
    const Player* here;          // one of this node's players, or
    const ListedPlayer* remote;  // one of another node's
  };
  auto before = [](const Candidate& a, const Candidate& b) {
    return a.score != b.score ? a.score > b.score : a.account < b.account;
  };
  std::vector<Candidate> best;  // a heap whose front is the last of the best
  best.reserve(net::kMaxPlayersListed + 1);
  std::uint32_t total = 0;
  auto offer = [&](const Candidate& k) {
    ++total;
    if (best.size() < net::kMaxPlayersListed) {
      best.push_back(k);
      std::push_heap(best.begin(), best.end(), before);
    } else if (before(k, best.front())) {
      std::pop_heap(best.begin(), best.end(), before);
      best.back() = k;
      std::push_heap(best.begin(), best.end(), before);
    }
  };
  for (const auto& [id, p] : online_)
    if (p.home.empty()) offer({p.stats.score, id, &p, nullptr});  // a guest: its node lists it
  for (const ListedPlayer& r : remote_) {
    auto here = online_.find(r.account);
    if (here == online_.end() || !here->second.home.empty())
      offer({r.entry.score, r.account, nullptr, &r});
  }
  std::sort_heap(best.begin(), best.end(), before);
  net::Players list;
  list.total = total;
  for (const Candidate& k : best)
    list.players.push_back(
        k.here ? net::PlayerEntry{k.here->name, k.here->stats.score, stateOf(*k.here)}
               : k.remote->entry);
  env_.send(c, list);
}

void Hall::refreshTop() {
  env_.aside(Lane::Storage, [this]() -> std::function<void()> {
    auto top = storage_.top(static_cast<int>(net::kMaxTopEntries));
    return [this, top = std::move(top)] { setTop(top); };
  });
}

void Hall::setTop(const std::vector<Account>& top) {
  top_.clear();
  std::uint16_t rank = 0;
  for (const Account& a : top) top_.push_back({++rank, a.name, a.score, a.games, a.wins});
}

void Hall::onHallMessage(ConnId c, Conn& conn, const net::Message& m) {
  Player* p = playerOf(c);
  if (!p) return env_.close(c);
  net::MsgType type = net::typeOf(m);
  bool idle = conn.state == State::Hall;
  if (std::holds_alternative<net::HallRequest>(m)) return sendHall(c);
  if (std::holds_alternative<net::LiveRequest>(m)) return sendLiveGames(c);
  if (auto* w = std::get_if<net::WatchGame>(&m)) return onWatchGame(c, conn, *w);
  if (std::holds_alternative<net::Unwatch>(m)) return unwatch(c);
  // Looking for a game of one's own ends watching.
  if (std::holds_alternative<net::Find>(m) || std::holds_alternative<net::RoomCreate>(m) ||
      std::holds_alternative<net::RoomJoin>(m) || std::holds_alternative<net::Invite>(m) ||
      std::holds_alternative<net::InviteReply>(m))
    unwatch(c);
  if (std::holds_alternative<net::Bye>(m)) return env_.close(c);
  if (std::holds_alternative<net::Register>(m) || std::holds_alternative<net::Login>(m))
    return deny(c, type, net::DenyCode::AlreadyLoggedIn, "you are logged in");
  // New games and stored games need the database; a game found while it is away could
  // not start. (Leaving a search or a room needs nothing.)
  if (storageDown_ &&
      (std::holds_alternative<net::Find>(m) || std::holds_alternative<net::RoomCreate>(m) ||
       std::holds_alternative<net::RoomJoin>(m) || std::holds_alternative<net::Invite>(m) ||
       std::holds_alternative<net::InviteReply>(m) ||
       std::holds_alternative<net::GamesRequest>(m) || std::holds_alternative<net::GetGame>(m)))
    return deny(c, type, net::DenyCode::TooMany, kTrouble);
  if (auto* f = std::get_if<net::Find>(&m)) {
    if (!idle) return deny(c, type, net::DenyCode::Busy, "you are busy");
    if (SettingsProblem sp = checkClockAndOpening(f->clock, f->opening, f->rule, 15);
        sp != SettingsProblem::None)
      return deny(c, type, net::DenyCode::BadRequest, badSettings(sp));
    matchmaker_.add(p->id, p->stats.score, f->rule, env_.now(), f->clock, f->opening);
    conn.state = State::Finding;
    if (presence_) publishSeek(*p, *f);
    return scheduleWave();
  }
  if (std::holds_alternative<net::CancelFind>(m)) {
    if (conn.state == State::Finding) {
      matchmaker_.remove(p->id);
      unseek(p->id);
    }
    if (conn.state == State::InRoom) rooms_.close(p->id);
    if (conn.state == State::Finding || conn.state == State::InRoom) conn.state = State::Hall;
    return;
  }
  if (auto* rc = std::get_if<net::RoomCreate>(&m)) {
    if (!idle) return deny(c, type, net::DenyCode::Busy, "you are busy");
    if (SettingsProblem sp = checkRoomSettings(rc->settings); sp != SettingsProblem::None)
      return deny(c, type, net::DenyCode::BadRequest, badSettings(sp));
    std::string code = rooms_.create(p->id, rc->settings);
    conn.state = State::InRoom;
    return env_.send(c, net::RoomCreated{code, rc->settings});
  }
  if (auto* rj = std::get_if<net::RoomJoin>(&m)) {
    if (!idle) return deny(c, type, net::DenyCode::Busy, "you are busy");
    if (auto rs = rooms_.roomSettings(rj->code);
        rs && rs->clock.kind != ClockKind::None && !knowsClocks(p->id))
      return deny(c, type, net::DenyCode::BadRequest,
                  std::string("this room's game has a clock: it ") + kTooOldForClocks);
    if (auto rs = rooms_.roomSettings(rj->code);
        rs && rs->opening != OpeningRule::None && !knowsClocks(p->id))
      return deny(c, type, net::DenyCode::BadRequest,
                  std::string("this room's game has an opening rule: it ") + kTooOldForOpenings);
    auto joined = rooms_.join(rj->code, p->id, rj->rated);
    if (!joined) return deny(c, type, net::DenyCode::NoSuchRoom, "no room has that code");
    Player* owner = player(joined->owner);
    if (!owner || !owner->conn) return deny(c, type, net::DenyCode::NoSuchRoom, "the room closed");
    rooms_.close(joined->owner);
    bool ownerBlack = joined->ownerIsBlack;
    std::int64_t black = ownerBlack ? owner->id : p->id, white = ownerBlack ? p->id : owner->id;
    return startTable(black, white, joined->settings.boardSize, joined->settings.rule,
                      joined->settings.foul, joined->rated, joined->settings.clock,
                      joined->settings.opening);
  }
  if (auto* inv = std::get_if<net::Invite>(&m)) {
    if (!idle) return deny(c, type, net::DenyCode::Busy, "you are busy");
    if (SettingsProblem sp = checkRoomSettings(inv->settings); sp != SettingsProblem::None)
      return deny(c, type, net::DenyCode::BadRequest, badSettings(sp));
    std::string key = nameKey(inv->name);
    if (key == p->key) return deny(c, type, net::DenyCode::Yourself, "you cannot invite yourself");
    Player* to = nullptr;
    for (auto& [id, q] : online_)
      if (q.key == key && q.conn) to = &q;
    if (to && !to->home.empty() && !to->table) {
      // A guest of another node (its game here is over): its own node shows the invitation.
      ListedPlayer r{to->id, {to->name, to->stats.score, net::PlayerState::Hall}, to->home};
      return inviteElsewhere(c, *p, r, *inv);
    }
    if (!to) {
      for (const ListedPlayer& r : remote_)
        if (nameKey(r.entry.name) == key && !r.node.empty()) return inviteElsewhere(c, *p, r, *inv);
      return deny(c, type, net::DenyCode::NoSuchPlayer, inv->name + " is not online");
    }
    if (to->table || playingAt_.count(to->id))  // at a table here or on another node
      return deny(c, type, net::DenyCode::PlayerBusy, to->name + " is playing");
    if (inv->settings.clock.kind != ClockKind::None && !knowsClocks(to->id))
      return deny(c, type, net::DenyCode::BadRequest, to->name + " " + kTooOldForClocks);
    if (inv->settings.opening != OpeningRule::None && !knowsClocks(to->id))
      return deny(c, type, net::DenyCode::BadRequest, to->name + " " + kTooOldForOpenings);
    auto id = rooms_.invite(p->id, to->id, inv->settings, env_.now());
    if (!id) return deny(c, type, net::DenyCode::TooMany, "too many open invitations");
    return env_.send(to->conn, net::Invited{*id, p->name, p->stats.score, inv->settings});
  }
  if (auto* rep = std::get_if<net::InviteReply>(&m)) {
    if (auto r = remoteInvites_.find(rep->inviteId); r != remoteInvites_.end()) {
      auto inv = rooms_.invitation(rep->inviteId, env_.now());
      if (!inv || inv->to != p->id)  // not the player's: another's stays as it is
        return deny(c, type, net::DenyCode::InviteGone, "the invitation is gone");
      RemoteInvite remote = r->second;
      remoteInvites_.erase(r);
      return replyElsewhere(c, *p, remote, *rep);
    }
    auto inv = rooms_.invitation(rep->inviteId, env_.now());
    if (!inv || inv->to != p->id)
      return deny(c, type, net::DenyCode::InviteGone, "the invitation is gone");
    auto acc = rooms_.answer(rep->inviteId, p->id, rep->accept, rep->rated, env_.now());
    if (!rep->accept) {
      Player* inviter = player(inv->from);
      if (inviter && inviter->conn)
        deny(inviter->conn, net::MsgType::Invite, net::DenyCode::InviteDeclined,
             p->name + " declined");
      return;
    }
    if (!acc) return deny(c, type, net::DenyCode::InviteGone, "the invitation is gone");
    Player* from = player(acc->from);
    auto fromConn = from ? conns_.find(from->conn) : conns_.end();
    if (!from || fromConn == conns_.end() || fromConn->second.state != State::Hall)
      return deny(c, type, net::DenyCode::InviteGone, "the inviter is busy or gone");
    if (!idle) return deny(c, type, net::DenyCode::Busy, "you are busy");
    bool fromBlack = acc->fromIsBlack;
    std::int64_t black = fromBlack ? from->id : p->id, white = fromBlack ? p->id : from->id;
    return startTable(black, white, acc->settings.boardSize, acc->settings.rule, acc->settings.foul,
                      acc->rated, acc->settings.clock, acc->settings.opening);
  }
  if (std::holds_alternative<net::GamesRequest>(m)) {
    std::int64_t id = p->id;
    env_.aside(Lane::Storage, [this, c, id]() -> std::function<void()> {
      auto games = storage_.gamesOf(id, 50);
      return [this, c, games = std::move(games)] {
        if (!conns_.count(c)) return;
        net::GameList part;
        part.last = false;
        for (std::size_t i = 0; i < games.size(); ++i) {
          part.games.push_back(summaryOf(games[i]));
          if (part.games.size() == net::kMaxGamesListed && i + 1 < games.size()) {
            env_.send(c, part);
            part.games.clear();
          }
        }
        part.last = true;
        env_.send(c, part);
      };
    });
    return;
  }
  if (auto* g = std::get_if<net::GetGame>(&m)) {
    std::int64_t id = static_cast<std::int64_t>(g->id);
    env_.aside(Lane::Storage, [this, c, id]() -> std::function<void()> {
      auto game = id > 0 ? storage_.game(id) : std::nullopt;
      return [this, c, game = std::move(game)] {
        if (!conns_.count(c)) return;
        if (!game || game->outcome == Outcome::Ongoing)
          return deny(c, net::MsgType::GetGame, net::DenyCode::NoSuchGame, "no such game");
        net::GameRecord r;
        r.summary = summaryOf(*game);
        for (Point q : game->moves)
          r.moves.push_back({static_cast<std::uint8_t>(q.x), static_cast<std::uint8_t>(q.y)});
        r.moveMillis = game->moveMillis;
        r.moveMillis.resize(r.moves.size());
        env_.send(c, r);
      };
    });
    return;
  }
  if (static_cast<int>(type) >= 64)
    return deny(c, type, net::DenyCode::BadRequest, "not a request of the hall");
  // A match message outside a game (a late one after the game closed): ignored.
}

net::GameSummary Hall::summaryOf(const GameRow& g) {
  net::GameSummary s;
  s.id = static_cast<std::uint64_t>(g.id);
  s.endedAt = g.endedAt;
  s.black = g.blackName;
  s.white = g.whiteName;
  s.rule = g.rule;
  s.boardSize = static_cast<std::uint8_t>(g.boardSize);
  s.outcome = g.outcome;
  s.reason = g.reason;
  s.rated = g.rated;
  s.blackDelta = g.blackAfter - g.blackBefore;
  s.whiteDelta = g.whiteAfter - g.whiteBefore;
  // A list reads the count only; a whole game has the moves.
  s.moves =
      static_cast<std::uint16_t>(g.moves.empty() ? g.moveCount : static_cast<int>(g.moves.size()));
  return s;
}

// ---------------------------------------------------------------------------------------------
// Matchmaking and games

void Hall::scheduleWave() {
  if (waveTimer_ || stopping_) return;
  waveTimer_ = env_.after(config_.waveInterval, [this] {
    waveTimer_.reset();
    if (storageDown_) return;  // a pair could not start its game: again once it answers
    if (presence_)
      clusterWave();
    else
      wave();
  });
}

void Hall::wave() {
  for (const Matchmaker::Pair& pair : matchmaker_.wave(env_.now()))
    startTable(pair.black, pair.white, 15, pair.rule, FoulPolicy::Refuse, true, pair.clock,
               pair.opening);
  if (matchmaker_.size() > 0) scheduleWave();
}

bool Hall::knowsClocks(std::int64_t id) const {
  auto it = online_.find(id);
  if (it == online_.end() || !it->second.conn) return false;
  auto c = conns_.find(it->second.conn);
  return c != conns_.end() && c->second.minor >= 3;
}

void Hall::startTable(std::int64_t black, std::int64_t white, int boardSize, Rule rule,
                      FoulPolicy foul, bool rated, const TimeControl& clock, OpeningRule opening) {
  Player* b = player(black);
  Player* w = player(white);
  if (!b || !w || !b->conn || !w->conn) return;
  std::uint64_t tid = nextTable_++;
  auto entry = std::make_unique<TableEntry>();
  TableEntry& e = *entry;
  e.account[0] = black;  // side A plays Black in the first game
  e.account[1] = white;
  e.rated = rated;
  for (Player* p : {b, w}) {
    p->table = tid;
    p->side = p == b ? Side::A : Side::B;
    setState(p->conn, State::Playing);
  }
  matchmaker_.setLastColor(black, Stone::Black);
  matchmaker_.setLastColor(white, Stone::White);
  TableSetup setup;
  setup.nameA = b->name;
  setup.nameB = w->name;
  setup.aIsBlack = true;
  setup.boardSize = boardSize;
  setup.rule = rule;
  setup.foul = foul;
  setup.clock = clock;
  setup.opening = opening;
  setup.resumeWindow = std::chrono::duration_cast<std::chrono::seconds>(config_.resumeWindow);
  if (presence_)  // the tokens the journal gives a node that takes the game over
    for (auto& token : setup.tokens)
      while (token == 0) randombytes_buf(&token, sizeof token);
  makeTable(tid, e, setup);
  tables_[tid] = std::move(entry);
  gameStarted(tid, 1, true);
  // MATCHED goes out once the first game's row exists (its id), then the match starts.
  env_.aside(Lane::Storage, [this, tid]() -> std::function<void()> {
    return [this, tid] {
      auto t = tables_.find(tid);
      if (t == tables_.end()) return;
      TableEntry& e = *t->second;
      for (int s = 0; s < 2; ++s) {
        Player* me = player(e.account[s]);
        Player* opp = player(e.account[1 - s]);
        if (!me || !me->conn || !opp) continue;
        net::Matched m{static_cast<std::uint64_t>(*e.ids[1]),
                       static_cast<std::uint8_t>(e.setup.boardSize),
                       e.setup.rule,
                       e.setup.foul,
                       s == 0,
                       opp->name,
                       opp->stats.score,
                       e.rated,
                       0};
        m.clock = e.setup.clock;
        m.opening = e.setup.opening;
        env_.send(me->conn, m);
      }
      env_.log("game " + std::to_string(*e.ids[1]) + ": " + std::to_string(e.account[0]) + " vs " +
               std::to_string(e.account[1]));
      if (presence_) {  // from now on the game is journaled in the shared store
        e.key = presence_->self() + "#" + std::to_string(tid);
        e.epoch = env_.now();
        e.journal = {encodeHeader(headerOf(e))};
        e.behind = presenceDown_;
      }
      act(tid, TableOp::Start, Side::A);
    };
  });
}

namespace {

// One call of a table, as act() makes it and adopt() replays it.
void apply(GameTable& g, TableOp op, Side side, const net::Message* m, const std::string& reason) {
  switch (op) {
    case TableOp::Start:
      return g.start();
    case TableOp::Receive:
      if (m) g.receive(side, *m);
      return;
    case TableOp::Lost:
      return g.connectionLost(side, reason);
    case TableOp::Resumed:
      return g.resumed(side);
    case TableOp::Abandon:
      return g.abandon(side);
    case TableOp::Leave:
      return g.leave(side);
    case TableOp::Interrupt:
      return g.interrupt();
    case TableOp::CheckClocks:
      return g.checkClocks();
    case TableOp::GameId:
      return;  // a fact of the hall's, not a call
  }
}

}  // namespace

void Hall::act(std::uint64_t tid, TableOp op, Side side, const net::Message* m,
               const std::string& reason) {
  if (handedOver_.count(tid)) return;  // the game goes on on another node, from its journal
  auto t = tables_.find(tid);
  if (t == tables_.end()) return;
  TableEntry& e = *t->second;
  const bool journaled = !e.key.empty() && !e.replaying;
  auto outer = e.opNow;
  if (journaled) {
    auto us = std::chrono::duration_cast<std::chrono::microseconds>(env_.now() - e.epoch).count();
    e.lastUs = std::max(e.lastUs, us);
    e.opNow = e.epoch + std::chrono::microseconds(e.lastUs);
    e.journal.push_back(encodeEntry({e.lastUs, op, side, m ? bytesOf(*m) : reason}));
  }
  apply(*e.table, op, side, m, reason);
  if (!journaled) return;
  e.opNow = outer;  // the entry outlives the call: the table is dropped later (dropTable)
  storeJournal(tid);
}

void Hall::whenStored(TableEntry& e, std::function<void()> fn) {
  if (e.key.empty() || e.behind || (e.held.empty() && e.stored >= e.journal.size())) return fn();
  e.held.emplace_back(e.journal.size(), std::move(fn));
}

void Hall::releaseHeld(std::uint64_t tid, bool all) {
  for (;;) {  // an act may drop the table (dropTable): looked up again each time
    auto t = tables_.find(tid);
    if (t == tables_.end()) return;
    TableEntry& e = *t->second;
    if (e.held.empty() || (!all && e.held.front().first > e.stored)) return;
    auto fn = std::move(e.held.front().second);
    e.held.pop_front();
    fn();
  }
}

void Hall::storeJournal(std::uint64_t tid) {
  journalDirty_.insert(tid);
  flushJournals();
}

void Hall::flushJournals() {
  if (journalFlushing_) return;  // what comes meanwhile goes in the next batch
  std::vector<JournalJob> jobs;
  std::vector<std::pair<std::uint64_t, std::size_t>> sent;  // each job's table and its upTo
  for (std::uint64_t tid : std::exchange(journalDirty_, {})) {
    auto t = tables_.find(tid);
    if (t == tables_.end()) continue;
    TableEntry& e = *t->second;
    if (e.key.empty() || e.behind) continue;  // (none is in a batch: one at a time)
    if (std::exchange(e.reopen, false)) {     // the store may have lost it: written whole again
      e.opened = false;
      e.stored = 0;
    }
    if (e.opened && e.stored >= e.journal.size()) continue;
    JournalJob job;
    job.key = e.key;
    job.open = !e.opened;
    job.at = job.open ? 0 : e.stored;
    if (job.open) job.accounts = {e.account[0], e.account[1]};
    job.entries.assign(e.journal.begin() + static_cast<std::ptrdiff_t>(job.at), e.journal.end());
    jobs.push_back(std::move(job));
    sent.emplace_back(tid, e.journal.size());
  }
  if (jobs.empty()) {
    for (auto& fn : std::exchange(journalDrained_, {})) fn();
    return;
  }
  journalFlushing_ = true;
  env_.aside(Lane::Journal,
             [this, jobs = std::move(jobs), sent = std::move(sent)]() -> std::function<void()> {
               std::vector<JournalWrite> w = presence_->storeJournals(jobs);
               w.resize(jobs.size(), JournalWrite::Unavailable);
               std::string error;
               if (std::count(w.begin(), w.end(), JournalWrite::Unavailable))
                 error = presence_->journalError();
               return [this, sent, w = std::move(w), error] {
                 for (std::size_t i = 0; i < sent.size(); ++i)
                   journalWritten(sent[i].first, w[i], sent[i].second, error);
                 journalFlushing_ = false;  // only now: what the answers caused goes together
                 flushJournals();
               };
             });
}

void Hall::whenJournalsStored(std::function<void()> fn) {
  journalDrained_.push_back(std::move(fn));
  flushJournals();
}

void Hall::journalWritten(std::uint64_t tid, JournalWrite w, std::size_t upTo,
                          const std::string& error) {
  auto t = tables_.find(tid);
  if (t == tables_.end()) return;
  TableEntry& e = *t->second;
  switch (w) {
    case JournalWrite::Written:
      e.opened = true;
      e.stored = std::max(e.stored, upTo);
      releaseHeld(tid, false);
      return storeJournal(tid);  // what came meanwhile
    case JournalWrite::Missing:  // the store lost it (restarted empty): whole again
      env_.log("table " + std::to_string(tid) + ": the store lost its journal, written again");
      e.opened = false;
      e.stored = 0;
      return storeJournal(tid);
    case JournalWrite::Taken: {
      // Another node took the game over while this node's lease had lapsed (a login of one of
      // its players went there): it runs the game now. What this copy did since it last wrote
      // is void and never sent; its players are sent there (their programs reconnect).
      env_.log("table " + std::to_string(tid) + ": another node took the game over");
      e.held.clear();
      for (std::int64_t account : e.account) {
        Player* p = player(account);
        if (!p || p->table != tid) continue;
        p->table = 0;
        if (p->awayTimer) {
          env_.cancel(*p->awayTimer);
          p->awayTimer.reset();
        }
        if (p->conn)
          env_.close(p->conn);  // closed() signs it out here
        else
          goOffline(account);
      }
      if (e.clockTimer) env_.cancel(*e.clockTimer);
      endWatching(tid);
      tables_.erase(t);  // no result and no closeGame: the game is the other node's
      return;
    }
    case JournalWrite::Unavailable:
      // The game goes on without its copy in the store until the store answers again.
      env_.log("table " + std::to_string(tid) + ": the journal was not stored (" + error + ")");
      e.behind = true;
      // Handed over, it goes on from what the store holds: nothing beyond that is told or
      // written here (as after a kill).
      if (handedOver_.count(tid)) {
        e.held.clear();
        return;
      }
      return releaseHeld(tid, true);
  }
}

void Hall::dropTable(std::uint64_t tid) {
  auto t = tables_.find(tid);
  if (t == tables_.end()) return;
  TableEntry& e = *t->second;
  if (!e.held.empty() || (!e.key.empty() && !e.behind && e.stored < e.journal.size())) {
    // What the table sent last goes first, once its journal holds why.
    e.held.emplace_back(e.journal.size(), [this, tid] { dropTable(tid); });
    return;
  }
  endWatching(tid);
  if (!e.key.empty()) forgetGame(e.key, {e.account[0], e.account[1]});
  tables_.erase(t);
}

void Hall::forgetGame(const std::string& key, const std::vector<std::int64_t>& accounts) {
  env_.aside(Lane::Journal, [this, key, accounts]() -> std::function<void()> {
    presence_->closeGame(key, accounts);
    return {};
  });
}

TableHeader Hall::headerOf(const TableEntry& e) const {
  TableHeader h;
  for (int s = 0; s < 2; ++s) {
    h.accounts[s] = e.account[s];
    h.names[s] = e.name(s);
    auto p = online_.find(e.account[s]);
    h.scores[s] = p == online_.end() ? 0 : p->second.stats.score;
    h.tokens[s] = e.setup.tokens[s];
  }
  h.aIsBlack = e.setup.aIsBlack;
  h.boardSize = e.setup.boardSize;
  h.rule = e.setup.rule;
  h.foul = e.setup.foul;
  h.rated = e.rated;
  h.clock = e.setup.clock;
  h.opening = e.setup.opening;
  h.lagAllowanceMs = e.setup.lagAllowanceMs;
  h.resumeWindowS = e.setup.resumeWindow.count();
  h.holdLimit = static_cast<std::int64_t>(e.setup.holdLimit);
  h.firstGameId = *e.ids.at(1);
  return h;
}

bool Hall::adopt(const StoredGame& g) {
  std::optional<TableHeader> h = decodeHeader(g.journal.front());
  std::vector<JournalEntry> entries;
  std::vector<std::optional<net::Message>> messages;
  for (std::size_t i = 1; h && i < g.journal.size(); ++i) {
    auto j = decodeEntry(g.journal[i]);
    std::optional<net::Message> m;
    if (j && j->op == TableOp::Receive) m = messageOf(j->data);
    if (!j || (j->op == TableOp::Receive && !m))
      h.reset();
    else {
      entries.push_back(std::move(*j));
      messages.push_back(std::move(m));
    }
  }
  if (!h) {
    env_.log("game " + g.key + ": its journal is garbled; not taken over");
    forgetGame(g.key, {});
    return false;
  }
  std::uint64_t tid = nextTable_++;
  auto entry = std::make_unique<TableEntry>();
  TableEntry& e = *entry;
  e.account[0] = h->accounts[0];
  e.account[1] = h->accounts[1];
  e.rated = h->rated;
  e.ids[1] = std::make_shared<std::int64_t>(h->firstGameId);
  e.key = g.key;
  e.journal = g.journal;
  e.stored = g.journal.size();
  e.opened = true;
  e.lastUs = entries.empty() ? 0 : entries.back().atUs;
  e.epoch = env_.now() - std::chrono::microseconds(e.lastUs);
  TableSetup setup;
  setup.nameA = h->names[0];
  setup.nameB = h->names[1];
  setup.aIsBlack = h->aIsBlack;
  setup.boardSize = h->boardSize;
  setup.rule = h->rule;
  setup.foul = h->foul;
  setup.clock = h->clock;
  setup.opening = h->opening;
  setup.lagAllowanceMs = h->lagAllowanceMs;
  setup.resumeWindow = std::chrono::seconds(h->resumeWindowS);
  setup.holdLimit = static_cast<std::size_t>(h->holdLimit);
  setup.tokens = h->tokens;
  try {
    makeTable(tid, e, setup);
  } catch (const std::invalid_argument& bad) {
    env_.log("game " + g.key + ": its journal's setup is refused (" + bad.what() + ")");
    forgetGame(g.key, {h->accounts[0], h->accounts[1]});
    return false;
  }
  tables_[tid] = std::move(entry);
  // The table as the dead node left it: the same calls at the same times (journal.h).
  e.replaying = true;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const JournalEntry& j = entries[i];
    if (j.op == TableOp::GameId) {
      int number = 0;
      std::int64_t id = 0;
      if (std::sscanf(j.data.c_str(), "%d %" SCNd64, &number, &id) == 2 && number > 1 && id > 0) {
        e.ids[number] = std::make_shared<std::int64_t>(id);
        e.idJournaled.insert(number);
      }
      continue;
    }
    e.opNow = e.epoch + std::chrono::microseconds(j.atUs);
    apply(*e.table, j.op, j.side, messages[i] ? &*messages[i] : nullptr, j.data);
  }
  e.opNow.reset();
  e.replaying = false;
  env_.log("game " + g.key + " taken over from its node, which is gone (" +
           std::to_string(entries.size()) + " entries)");
  // Rows the dead node had not said it made, and results it may not have written (a result
  // is written once: finishGame keeps the first).
  for (const auto& [number, id] : e.ids)
    if (*id == 0) insertRow(tid, number);
  for (const GameEnd& end : std::exchange(e.replayedEnds, {}))
    if (!end.revised) tableEnded(tid, end);
  if (e.left[0] && e.left[1]) {  // over before its node died
    env_.after(milliseconds(0), [this, tid] { dropTable(tid); });
    return false;
  }
  for (int s = 0; s < 2; ++s) {
    if (e.left[s]) continue;
    const Side side = static_cast<Side>(s);
    // A player of this node whose game this was, on a connection that relayed it to the dead
    // node: let go, as when the node's death is seen (its program reconnects and resumes).
    if (playingAt_.count(e.account[s])) letGo(e.account[s]);
    Player* p = player(e.account[s]);
    if (!p) {  // its player is away (and may come back on any node)
      Player np;
      np.id = e.account[s];
      np.name = h->names[s];
      np.key = nameKey(np.name);
      np.stats.score = h->scores[s];
      p = &online_.emplace(np.id, std::move(np)).first->second;
    }
    p->table = tid;
    p->side = side;
    // Both connections went with the dead node.
    if (!e.table->away(side)) act(tid, TableOp::Lost, side, nullptr, "its node is gone");
    p = player(e.account[s]);
    if (p && p->table == tid && !p->conn) awaitResume(p->id);
  }
  return true;
}

void Hall::awaitResume(std::int64_t account) {
  Player* p = player(account);
  if (!p) return;
  if (p->awayTimer) env_.cancel(*p->awayTimer);
  p->awayTimer = env_.after(config_.resumeWindow, [this, account] {
    Player* q = player(account);
    if (!q || q->conn || !q->table) return;
    q->awayTimer.reset();
    act(q->table, TableOp::Abandon, q->side);
    returnToHall(account);
  });
  // In a cluster the player may come back on any node: that node claims it and relays its
  // game here (Back). Not before the store holds the game (its journal may be on its way on
  // the journal's lane): a login elsewhere must find it.
  if (!presence_ || !p->home.empty()) return;
  auto t = tables_.find(p->table);
  if (t == tables_.end()) return releaseClaim(account);
  whenStored(*t->second, [this, account, tid = p->table] {
    Player* q = player(account);
    if (q && !q->conn && q->table == tid) releaseClaim(account);  // still away
  });
}

void Hall::makeTable(std::uint64_t tid, TableEntry& e, const TableSetup& setup) {
  // While a rebuilt table replays its journal (adopt()), the callbacks only note what the hall
  // must know: the games' starts and ends and who left. Nothing goes out.
  TableCallbacks cb;
  cb.send = [this, tid](Side s, const net::Message& m) {
    auto t = tables_.find(tid);
    if (t == tables_.end() || t->second->replaying) return;
    Player* p = player(t->second->account[static_cast<int>(s)]);
    if (p && p->conn && p->table == tid)
      whenStored(*t->second, [this, c = p->conn, m] {
        if (conns_.count(c)) env_.send(c, m);  // not to one that closed meanwhile
      });
    tableChanged(tid);  // what a player is told may change what the watchers see
  };
  cb.leaveGame = [this, tid](Side s) {
    auto t = tables_.find(tid);
    if (t == tables_.end()) return;
    t->second->left[static_cast<int>(s)] = true;
    if (t->second->replaying) return;
    returnToHall(t->second->account[static_cast<int>(s)]);
    if (t->second->left[0] && t->second->left[1]) {
      // A game that ended before it started (a client gone before its HELLO) has no result
      // from the table; its row must not stay Ongoing.
      std::vector<int> unreported;
      for (const auto& [number, id] : t->second->ids)
        if (!t->second->reported.count(number)) unreported.push_back(number);
      for (int number : unreported) {
        GameEnd end;
        end.game = number;
        end.aIsBlack = number % 2 == 1;  // A plays Black in the first game; colours swap
        end.outcome = Outcome::Interrupted;
        end.reason = EndReason::Disconnected;
        end.detail = "the game did not start";
        tableEnded(tid, end);
      }
      // Destroyed later, not inside its own callback.
      env_.after(milliseconds(0), [this, tid] { dropTable(tid); });
    }
  };
  cb.kick = [this, tid](Side s) {
    auto t = tables_.find(tid);
    if (t == tables_.end() || t->second->replaying) return;
    Player* p = player(t->second->account[static_cast<int>(s)]);
    if (p && p->conn)
      whenStored(*t->second, [this, c = p->conn] {
        if (conns_.count(c)) env_.close(c);
      });
  };
  cb.gameStarted = [this, tid](int number, bool aIsBlack) { gameStarted(tid, number, aIsBlack); };
  cb.gameEnded = [this, tid](const GameEnd& end) {
    auto t = tables_.find(tid);
    if (t == tables_.end()) return;
    TableEntry& e = *t->second;
    if (e.replaying) return e.replayedEnds.push_back(end);
    if (!e.key.empty() && end.game > 1 && !e.idJournaled.count(end.game))
      return e.endsAwaitingId[end.game].push_back(end);
    whenStored(e, [this, tid, end] { tableEnded(tid, end); });
  };
  cb.opponentAway = [this, tid](Side s, bool away, std::chrono::seconds left) {
    auto t = tables_.find(tid);
    if (t == tables_.end() || t->second->replaying) return;
    Player* p = player(t->second->account[static_cast<int>(s)]);
    if (p && p->conn)
      whenStored(*t->second, [this, c = p->conn, away, left] {
        if (conns_.count(c))
          env_.send(c, net::OpponentAway{away, static_cast<std::uint32_t>(left.count())});
      });
  };
  cb.clockCheck = [this, tid](milliseconds delay) {
    auto t = tables_.find(tid);
    if (t == tables_.end() || t->second->replaying) return;
    TableEntry& te = *t->second;
    if (te.clockTimer) env_.cancel(*te.clockTimer);
    te.clockTimer.reset();
    if (delay.count() < 0) return;
    te.clockTimer = env_.after(delay, [this, tid] {
      auto t = tables_.find(tid);
      if (t == tables_.end()) return;
      t->second->clockTimer.reset();
      act(tid, TableOp::CheckClocks, Side::A);
    });
  };
  cb.fault = [this, tid](const std::string& what) {
    auto t = tables_.find(tid);
    if (t != tables_.end() && t->second->replaying) return;
    env_.log("table " + std::to_string(tid) + ": " + what);
  };
  e.setup = setup;
  e.aIsBlack = setup.aIsBlack;
  TableEntry* ep = &e;
  // A journaled table's time stands still inside each call (its journal gives that time again
  // when the table is rebuilt elsewhere).
  e.table = std::make_unique<GameTable>(setup, std::move(cb),
                                        [this, ep] { return ep->opNow ? *ep->opNow : env_.now(); });
}

void Hall::gameStarted(std::uint64_t tid, int number, bool aIsBlack) {
  auto t = tables_.find(tid);
  if (t == tables_.end()) return;
  TableEntry& e = *t->second;
  e.aIsBlack = aIsBlack;
  if (e.ids.count(number)) return;  // game 1's row is made before MATCHED
  e.ids[number] = std::make_shared<std::int64_t>(0);
  // Replaying, the id is the journal's (TableOp::GameId), or the row is made after the replay.
  if (!e.replaying) insertRow(tid, number);
}

void Hall::insertRow(std::uint64_t tid, int number) {
  TableEntry& e = *tables_.at(tid);
  std::shared_ptr<std::int64_t> id = e.ids.at(number);
  const bool aIsBlack = e.aIsBlack;
  GameRow row;
  row.blackId = aIsBlack ? e.account[0] : e.account[1];
  row.whiteId = aIsBlack ? e.account[1] : e.account[0];
  Player* b = player(row.blackId);
  Player* w = player(row.whiteId);
  row.blackName = b ? b->name : std::string{};
  row.whiteName = w ? w->name : std::string{};
  row.rule = e.setup.rule;
  row.boardSize = e.setup.boardSize;
  row.rated = e.rated;
  row.startedAt = env_.unixTime();
  env_.aside(Lane::Storage, [this, row, id, tid, number]() -> std::function<void()> {
    *id = storage_.startGame(row);
    return [this, id, tid, number] {
      // A journaled game's row: a node that takes the game over must know it.
      auto t = tables_.find(tid);
      if (t == tables_.end() || t->second->key.empty() || number <= 1) return;
      act(tid, TableOp::GameId, Side::A, nullptr,
          std::to_string(number) + " " + std::to_string(*id));
      TableEntry& e = *t->second;
      e.idJournaled.insert(number);
      auto waiting = e.endsAwaitingId.extract(number);
      if (!waiting.empty())
        for (const GameEnd& end : waiting.mapped())
          whenStored(e, [this, tid, end] { tableEnded(tid, end); });
    };
  });
}

void Hall::tableEnded(std::uint64_t tid, const GameEnd& end) {
  auto t = tables_.find(tid);
  if (t == tables_.end()) return;
  TableEntry& e = *t->second;
  auto idIt = e.ids.find(end.game);
  if (idIt == e.ids.end()) return;
  if (end.revised) {
    // A crossing changed a result already written; the ladder keeps the first one.
    env_.log("game " + std::to_string(*idIt->second) + ": result revised by a crossing to " +
             outcomeName(end.outcome) + " (kept as first written)");
    return;
  }
  e.reported.insert(end.game);
  e.aIsBlack = end.aIsBlack;
  std::shared_ptr<std::int64_t> id = idIt->second;
  std::int64_t blackId = end.aIsBlack ? e.account[0] : e.account[1];
  std::int64_t whiteId = end.aIsBlack ? e.account[1] : e.account[0];
  bool rated = e.rated && (end.outcome == Outcome::BlackWins || end.outcome == Outcome::WhiteWins ||
                           end.outcome == Outcome::Draw);
  LadderConfig ladder = config_.ladder;
  std::int64_t now = env_.unixTime();
  GameEnd copy = end;
  // The nodes of guests, for the result of one that went home meanwhile.
  std::map<std::int64_t, std::string> homes;
  for (std::int64_t acc : e.account)
    if (Player* g = player(acc); g && !g->home.empty()) homes[acc] = g->home;
  env_.aside(
      Lane::Storage,
      [this, id, blackId, whiteId, rated, ladder, now, copy, homes]() -> std::function<void()> {
        auto b = storage_.accountById(blackId);
        auto w = storage_.accountById(whiteId);
        auto started = storage_.game(*id);
        if (!started)  // only a garbled journal of a game taken over names no row
          return [this, id] {
            env_.log("game " + std::to_string(*id) + ": no such row; its result is not written");
          };
        GameRow row = *started;
        row.blackId = blackId;  // after the opening (it may have swapped the colours)
        row.whiteId = whiteId;
        row.outcome = copy.outcome;
        row.reason = copy.reason;
        row.moves = copy.moves;
        row.moveMillis = copy.moveMillis;
        row.endedAt = now;
        row.rated = rated;
        LadderChange lb, lw;
        if (b && w) {
          lb.before = lb.after = b->score;
          lw.before = lw.after = w->score;
          if (rated) {
            auto [nb, nw] =
                ladderAfter(ladder, b->score, b->games, w->score, w->games, copy.outcome);
            lb.after = nb;
            lw.after = nw;
            lb.win = copy.outcome == Outcome::BlackWins;
            lw.win = copy.outcome == Outcome::WhiteWins;
            lb.draw = lw.draw = copy.outcome == Outcome::Draw;
          }
        }
        row.blackBefore = lb.before;
        row.blackAfter = lb.after;
        row.whiteBefore = lw.before;
        row.whiteAfter = lw.after;
        const bool fresh = storage_.finishGame(row, lb, lw);
        if (!fresh)      // written before, by the node that ran the game before this one: its
          return [] {};  // result stands, and its players were told
        auto nb = storage_.accountById(blackId);
        auto nw = storage_.accountById(whiteId);
        return [this, id, row, rated, nb, nw, homes] {
          env_.log("game " + std::to_string(*id) + " ended: " + outcomeName(row.outcome) + " (" +
                   std::to_string(static_cast<int>(row.reason)) + ")" + (rated ? ", rated" : ""));
          for (const auto& acc : {nb, nw}) {
            if (!acc) continue;
            Player* p = player(acc->id);
            bool black = acc->id == row.blackId;
            if (p) p->stats = {acc->score, acc->games, acc->wins, acc->draws};
            net::GameResult result{static_cast<std::uint64_t>(*id),
                                   row.outcome,
                                   row.reason,
                                   rated,
                                   black ? row.blackBefore : row.whiteBefore,
                                   black ? row.blackAfter : row.whiteAfter};
            if (p && p->conn) {
              env_.send(p->conn, result);
              sendStats(p->conn, *p);
            } else if (auto h = homes.find(acc->id); h != homes.end() && !p) {
              for (net::Message m :
                   {net::Message(result),
                    net::Message(net::Stats{acc->name,
                                            {acc->score, acc->games, acc->wins, acc->draws},
                                            config_.ladder.elo})}) {
                post(h->second, NodeKind::ToPlayer, acc->id, bytesOf(m));
              }
            }
          }
          if (rated) refreshTop();
        };
      });
}

void Hall::returnToHall(std::int64_t account) {
  Player* p = player(account);
  if (!p) return;
  if (!p->home.empty()) {
    // Its home hears that the game is over only after what the table sent it last.
    auto t = tables_.find(p->table);
    if (t != tables_.end()) return whenStored(*t->second, [this, account] { dropGuest(account); });
    return dropGuest(account);
  }
  p->table = 0;
  if (p->awayTimer) {
    env_.cancel(*p->awayTimer);
    p->awayTimer.reset();
  }
  if (!p->conn) {
    goOffline(account);  // away and the game is over: offline
    return;
  }
  backInHall(p->conn);
}

void Hall::backInHall(ConnId c) {
  auto it = conns_.find(c);
  if (it == conns_.end()) return;
  it->second.byeMayTrail = !std::exchange(it->second.sentBye, false);
  setState(c, State::Hall);
}

// ---------------------------------------------------------------------------------------------
// Watching (protocol 1.5; PROTOCOL.md, Watchers): the hall lists the games in progress and
// relays each to its watchers as a P2P host does, from the server's match facing side A (whose
// "local" player is B's proxy: it holds the whole game, both names and the clocks).

void Hall::sendLiveGames(ConnId c) {
  std::vector<std::pair<std::uint64_t, const TableEntry*>> live;
  for (const auto& [tid, e] : tables_)
    if (e->table->gameNumber() > 0 && !(e->left[0] && e->left[1])) live.emplace_back(tid, e.get());
  std::stable_sort(live.begin(), live.end(), [](const auto& x, const auto& y) {
    return x.second->watchers.size() > y.second->watchers.size();
  });
  net::LiveGames out;
  out.total = static_cast<std::uint32_t>(live.size());
  for (const auto& [tid, e] : live) {
    if (out.games.size() == net::kMaxLiveListed) break;
    const Player* a = player(e->account[0]);
    const Player* b = player(e->account[1]);
    net::LiveGame g;
    g.id = gameIdOf(*e);
    if (g.id == 0) continue;  // its first row is being written
    const net::Match& m = e->table->match(Side::A);
    const bool aBlack = m.localColor() == Stone::White;  // B's proxy is "local" in A's match
    const Player* black = aBlack ? a : b;
    const Player* white = aBlack ? b : a;
    g.black = e->name(aBlack ? 0 : 1);
    g.white = e->name(aBlack ? 1 : 0);
    g.blackScore = black ? black->stats.score : 0;
    g.whiteScore = white ? white->stats.score : 0;
    g.rule = e->setup.rule;
    g.boardSize = static_cast<std::uint8_t>(e->setup.boardSize);
    g.moves = static_cast<std::uint16_t>(m.game().ply());
    g.watchers = static_cast<std::uint16_t>(std::min<std::size_t>(e->watchers.size(), 65535));
    out.games.push_back(std::move(g));
  }
  env_.send(c, out);
}

std::uint64_t Hall::gameIdOf(const TableEntry& e) {
  // The game now running; while its row is being written, the one before it.
  for (auto it = e.ids.rbegin(); it != e.ids.rend(); ++it)
    if (*it->second > 0) return static_cast<std::uint64_t>(*it->second);
  return 0;
}

void Hall::onWatchGame(ConnId c, Conn& conn, const net::WatchGame& w) {
  if (conn.state != State::Hall)
    return deny(c, net::MsgType::WatchGame, net::DenyCode::Busy, "you are busy");
  // The game ids of MATCHED, GAME_LIST and LIVE_GAMES; any game of a table (play again gives
  // each game its own) leads to the table.
  auto t = std::find_if(tables_.begin(), tables_.end(), [&w](const auto& entry) {
    for (const auto& [number, id] : entry.second->ids)
      if (*id > 0 && static_cast<std::uint64_t>(*id) == w.id) return true;
    return false;
  });
  if (t == tables_.end() || t->second->table->gameNumber() == 0 ||
      (t->second->left[0] && t->second->left[1]))
    return deny(c, net::MsgType::WatchGame, net::DenyCode::NoSuchGame, "no such game is running");
  const std::uint64_t tid = t->first;
  if (conn.watching == tid) return;
  TableEntry& e = *t->second;
  if (e.watchers.size() >= static_cast<std::size_t>(config_.maxWatchersPerGame))
    return deny(c, net::MsgType::WatchGame, net::DenyCode::TooMany,
                "this game has as many watchers as the server allows");
  unwatch(c);
  conn.watching = tid;
  conn.watchingAs = w.id;
  // The first watcher: the chat so far is history, not news (relayView's fresh part sends it).
  if (e.watchers.empty()) e.chatRelayed = e.table->match(Side::A).chat().size();
  e.watchers.insert(c);
  e.table->setWatchers(static_cast<int>(e.watchers.size()));
  relayView(tid, c);
  tableChanged(tid);  // the others see the new count
}

void Hall::unwatch(ConnId c) {
  auto it = conns_.find(c);
  if (it == conns_.end() || it->second.watching == 0) return;
  const std::uint64_t tid = std::exchange(it->second.watching, 0);
  auto t = tables_.find(tid);
  if (t == tables_.end()) return;
  t->second->watchers.erase(c);
  t->second->table->setWatchers(static_cast<int>(t->second->watchers.size()));
  tableChanged(tid);
}

void Hall::tableChanged(std::uint64_t tid) {
  auto t = tables_.find(tid);
  if (t == tables_.end() || t->second->watchers.empty() || t->second->relayPending) return;
  t->second->relayPending = true;
  env_.after(kViewCoalesce, [this, tid] {
    auto t2 = tables_.find(tid);
    if (t2 == tables_.end()) return;
    t2->second->relayPending = false;
    relayView(tid);
  });
}

void Hall::relayView(std::uint64_t tid, ConnId fresh) {
  auto t = tables_.find(tid);
  if (t == tables_.end() || t->second->table->gameNumber() == 0) return;
  TableEntry& e = *t->second;
  const net::Match& m = e.table->match(Side::A);
  // The account names (a client's HELLO may say anything): A is the "joiner" of A's match.
  const net::View v = net::viewOfMatch(m, e.name(1), e.name(0), e.watchers.size(), false,
                                       e.table->away(Side::A) || e.table->away(Side::B));
  const std::vector<std::uint8_t> key = net::viewKey(v);
  // The players' chat: lines from B's proxy are "ours" in A's match.
  const auto lineOf = [&e](const net::ChatLine& l) {
    return net::WatchChat{e.name(l.fromUs ? 1 : 0), true, l.text};
  };
  const auto& chat = m.chat();
  std::vector<net::Message> out;
  std::vector<ConnId> to;
  if (fresh) {
    // The lines the others already had; the newer ones come with the next relay to all.
    out.push_back(v);
    const std::size_t had = std::min(e.chatRelayed, chat.size());
    const std::size_t first = had > 100 ? had - 100 : 0;
    for (std::size_t i = first; i < had; ++i) out.push_back(lineOf(chat[i]));
    to.push_back(fresh);
  } else {
    if (key != e.lastView) out.push_back(v);
    e.lastView = key;
    if (chat.size() < e.chatRelayed) e.chatRelayed = 0;  // a new game's match
    for (; e.chatRelayed < chat.size(); ++e.chatRelayed) out.push_back(lineOf(chat[e.chatRelayed]));
    to.assign(e.watchers.begin(), e.watchers.end());
  }
  if (out.empty() || to.empty()) return;
  auto deliver = [this, tid, out = std::move(out), to = std::move(to)] {
    for (ConnId c : to) {
      auto it = conns_.find(c);
      if (it == conns_.end() || it->second.watching != tid) continue;  // gone meanwhile
      for (const net::Message& msg : out) env_.send(c, msg);
    }
  };
  if (config_.watchDelay.count() > 0)
    env_.after(config_.watchDelay, std::move(deliver));
  else
    deliver();
}

void Hall::endWatching(std::uint64_t tid) {
  auto t = tables_.find(tid);
  if (t == tables_.end() || t->second->watchers.empty()) return;
  relayView(tid);  // the end, as the players saw it
  const std::vector<ConnId> watchers(t->second->watchers.begin(), t->second->watchers.end());
  t->second->watchers.clear();
  auto tell = [this, tid, watchers] {
    for (ConnId c : watchers) {
      auto it = conns_.find(c);
      if (it == conns_.end() || it->second.watching != tid) continue;
      it->second.watching = 0;
      env_.send(c, net::Unwatch{it->second.watchingAs});
    }
  };
  if (config_.watchDelay.count() > 0)
    env_.after(config_.watchDelay, std::move(tell));
  else
    tell();
}

// ---------------------------------------------------------------------------------------------
// Games across the nodes of a cluster (relay.h). The node that pairs two players owns their
// game; a player of another node is a guest there, on a link (a ConnId from kFirstLink up)
// whose messages its own node relays through the nodes' inboxes.

void Hall::post(const std::string& node, NodeKind kind, std::int64_t account, std::string body) {
  if (!presence_) return;
  if (outbox_.size() >= kOutboxLimit) {
    env_.log("a message to node " + outbox_.front().first + " was lost (too many waiting)");
    outbox_.pop_front();
  }
  outbox_.emplace_back(node,
                       encodeNodeMessage({kind, presence_->self(), account, std::move(body)}));
  flushOutbox();
}

void Hall::flushOutbox() {
  if (posting_ || outbox_.empty() || stopping_) return;
  posting_ = true;
  std::vector<std::pair<std::string, std::string>> batch(outbox_.begin(), outbox_.end());
  env_.aside(Lane::Cluster, [this, batch = std::move(batch)]() -> std::function<void()> {
    std::size_t done = 0;
    while (done < batch.size() && presence_->post(batch[done].first, batch[done].second)) ++done;
    std::string error = done < batch.size() ? presence_->lastError() : std::string{};
    return [this, done, error] {
      posting_ = false;
      outbox_.erase(outbox_.begin(), outbox_.begin() + static_cast<std::ptrdiff_t>(done));
      if (error.empty()) return flushOutbox();
      // In order, once the store answers again (after the next good renewal).
      env_.log(std::to_string(outbox_.size()) + " message(s) to other nodes wait (" + error + ")");
    };
  });
}

void Hall::toGuest(ConnId link, const net::Message& m) {
  auto c = conns_.find(link);
  if (c == conns_.end()) return;
  Player* p = player(c->second.account);
  if (!p || p->conn != link) return;
  post(p->home, NodeKind::ToPlayer, p->id, bytesOf(m));
}

ConnId Hall::openLink(const std::string& home, std::int64_t account, std::uint8_t minor,
                      State state) {
  ConnId link = nextLink_++;
  Conn conn;
  conn.address = "node " + home;
  conn.state = state;
  conn.account = account;
  conn.first = false;  // its first message is a game's, not a connection's first
  conn.minor = minor;
  conn.lastHeard = conn.rateStart = env_.now();
  conns_[link] = conn;
  return link;
}

void Hall::closeGuest(ConnId link) {
  auto c = conns_.find(link);
  if (c == conns_.end()) return;
  if (Player* p = player(c->second.account); p && p->conn == link)
    post(p->home, NodeKind::Close, p->id);
  // As a connection's closing is reported later, so is a link's.
  env_.after(milliseconds(0), [this, link] { closed(link, "closed by the server"); });
}

void Hall::dropGuest(std::int64_t account) {
  Player* p = player(account);
  if (!p) return;
  if (p->awayTimer) env_.cancel(*p->awayTimer);
  std::string home = p->home;
  if (p->conn) conns_.erase(p->conn);
  online_.erase(account);
  post(home, NodeKind::Done, account);
}

void Hall::fromNodes(const std::vector<std::string>& messages) {
  for (const std::string& bytes : messages) {
    if (stopping_ || !presence_) return;
    auto m = decodeNodeMessage(bytes);
    if (!m) {
      env_.log("a garbled message from another node, dropped");
      continue;
    }
    fromNode(*m);
  }
}

void Hall::fromNode(const NodeMessage& m) {
  std::optional<net::Message> decoded;
  if (m.kind == NodeKind::ToPlayer || m.kind == NodeKind::FromPlayer) {
    decoded = messageOf(m.body);
    if (!decoded) {
      env_.log("a garbled game message from node " + m.from + ", dropped");
      return;
    }
  }
  switch (m.kind) {
    case NodeKind::Invite:
    case NodeKind::InviteGone:
      return invitedFromNode(m);
    case NodeKind::InviteRefused:
    case NodeKind::InviteAccepted:
      return inviteAnswered(m);
    case NodeKind::Gone:
    case NodeKind::Accepted:
    case NodeKind::FromPlayer:
    case NodeKind::Lost:
    case NodeKind::Back:
      return atOwner(m, decoded ? &*decoded : nullptr);
    default:
      return atHome(m, decoded ? &*decoded : nullptr);
  }
}

void Hall::atOwner(const NodeMessage& m, const net::Message* decoded) {
  if (auto pend = pending_.find(m.account);
      pend != pending_.end() && (m.kind == NodeKind::Gone || m.kind == NodeKind::Accepted)) {
    const Seek& g =
        pend->second.black.account == m.account ? pend->second.black : pend->second.white;
    if (g.node != m.from) return;
    if (m.kind == NodeKind::Accepted) return accepted(m.account);
    Seek mine = pend->second.black.account == m.account ? pend->second.white : pend->second.black;
    pending_.erase(pend);
    return waitAgain(mine);  // the guest does not come: ours waits on
  }
  if (m.kind == NodeKind::Accepted) return post(m.from, NodeKind::Unpaired, m.account);
  Player* p = player(m.account);
  if (p && p->home != m.from && m.kind == NodeKind::Back && p->table) {
    // The player of a game here logged in on that node (which holds its account now): that
    // node is its home from now on.
    env_.log(p->name + " is back through node " + m.from);
    if (p->conn && p->conn < kFirstLink) env_.close(p->conn);
    if (p->conn) closed(p->conn, "signed in on another node");
    p = player(m.account);
    if (p) p->home = m.from;
  }
  if (!p || p->home != m.from) {
    // Not a guest of ours (its game ended meanwhile): its node should let it go.
    if (m.kind == NodeKind::Back || m.kind == NodeKind::FromPlayer)
      post(m.from, NodeKind::Done, m.account);
    return;
  }
  switch (m.kind) {
    case NodeKind::FromPlayer:
      if (p->conn) received(p->conn, *decoded);
      return;
    case NodeKind::Gone:
    case NodeKind::Lost:
      if (p->conn)
        closed(p->conn, m.kind == NodeKind::Gone ? "left before the game" : m.body.substr(0, 200));
      return;
    case NodeKind::Back: {
      if (p->conn) closed(p->conn, "back on a new connection");
      p = player(m.account);
      if (!p) return post(m.from, NodeKind::Done, m.account);  // the game ended there
      p->conn = openLink(m.from, m.account,
                         m.body.empty() ? 0 : static_cast<std::uint8_t>(m.body[0]), State::Playing);
      if (p->awayTimer) {
        env_.cancel(*p->awayTimer);
        p->awayTimer.reset();
      }
      resumeAt(p->conn, *p);
      if (!p->table) dropGuest(m.account);
      return;
    }
    default:
      return;
  }
}

void Hall::atHome(const NodeMessage& m, const net::Message* decoded) {
  Player* p = player(m.account);
  auto at = playingAt_.find(m.account);
  bool ours = at != playingAt_.end() && at->second == m.from;
  switch (m.kind) {
    case NodeKind::Join: {
      // Only for the very search that was taken from the queue (not a new one since).
      auto s = seeks_.find(m.account);
      if (s == seeks_.end() || encodeSeek(s->second) != m.body || !waitsFor(s->second) ||
          at != playingAt_.end())
        return post(m.from, NodeKind::Gone, m.account);
      joined_[m.account] = s->second;
      matchmaker_.remove(m.account);
      seeks_.erase(s);  // taken out of the queue by the pairing
      playingAt_[m.account] = m.from;
      setState(p->conn, State::Playing);
      return post(m.from, NodeKind::Accepted, m.account);
    }
    case NodeKind::ToPlayer: {
      if (!p || !p->home.empty()) return;
      bool game = static_cast<int>(net::typeOf(*decoded)) < 64;
      // Of a game no longer the player's: only its result and the player's figures pass.
      if (!ours && !std::holds_alternative<net::GameResult>(*decoded) &&
          !std::holds_alternative<net::Stats>(*decoded))
        return;
      if (game && ours) joined_.erase(m.account);  // the game runs
      if (ours && std::holds_alternative<net::Bye>(*decoded)) {
        // The owner ended the player's match (its Done follows): the player is in the hall
        // now, before its program can ask anything there.
        playingAt_.erase(at);
        if (p->conn) {
          env_.send(p->conn, *decoded);
          backInHall(p->conn);
        }
        return;
      }
      if (auto* st = std::get_if<net::Stats>(decoded)) p->stats = st->stats;
      if (p->conn) env_.send(p->conn, *decoded);
      return;
    }
    case NodeKind::Close:
      if (ours && p && p->conn) env_.close(p->conn);
      return;
    case NodeKind::Done:
      if (!ours) return;
      playingAt_.erase(at);
      joined_.erase(m.account);
      if (!p) return;
      if (p->awayTimer) {
        env_.cancel(*p->awayTimer);
        p->awayTimer.reset();
      }
      if (!p->conn) return goOffline(m.account);
      backInHall(p->conn);
      return;
    case NodeKind::Unpaired: {
      // The pairing took the player out of the queue and fell through: it waits on.
      if (auto j = joined_.find(m.account); ours && j != joined_.end()) {
        Seek seek = j->second;  // it had joined: back to waiting for that
        joined_.erase(j);
        playingAt_.erase(at);
        if (!p || p->awayTimer) {
          if (p && !p->conn) goOffline(m.account);
          return;
        }
        seeks_[m.account] = seek;
        matchmaker_.add(m.account, seek.stats.score, seek.rule, env_.now(), seek.clock,
                        seek.opening);
        setState(p->conn, State::Finding);
      }
      if (auto s = seeks_.find(m.account); s != seeks_.end()) waitAgain(s->second);
      return;
    }
    default:
      return;
  }
}

void Hall::publishSeek(Player& p, const net::Find& f) {
  Seek s;
  s.account = p.id;
  s.node = presence_->self();
  s.name = p.name;
  s.stats = p.stats;
  s.rule = f.rule;
  s.clock = f.clock;
  s.opening = f.opening;
  // The waiting time of a player already waiting for the same is kept (as the Matchmaker).
  auto old = seeks_.find(p.id);
  bool same = old != seeks_.end() && old->second.rule == s.rule && old->second.clock == s.clock &&
              old->second.opening == s.opening;
  s.sinceMs = same ? old->second.sinceMs : env_.unixTime() * 1000;
  s.lastColor = matchmaker_.lastColor(p.id);
  auto c = conns_.find(p.conn);
  s.minor = c == conns_.end() ? 0 : c->second.minor;
  seeks_[p.id] = s;
  queueSeek(s);
}

void Hall::queueSeek(const Seek& s) {
  env_.aside(Lane::Cluster, [this, s]() -> std::function<void()> {
    if (presence_->seek(s)) return {};
    return [this, error = presence_->lastError()] {
      env_.log("a search could not be put in the cluster's queue (" + error + ")");
    };
  });
}

void Hall::unseek(std::int64_t account) {
  if (!presence_ || !seeks_.erase(account)) return;
  env_.aside(Lane::Cluster, [this, account]() -> std::function<void()> {
    presence_->unseek(account);
    return {};
  });
}

void Hall::clusterWave() {
  if (seeks_.empty() || stopping_) return;
  // Any node may pair the shared queue; takePair settles two nodes pairing at once. A node
  // takes only pairs with a player of its own, and owns their game.
  std::uint32_t seed = static_cast<std::uint32_t>(rng_());
  auto now = env_.now();
  std::int64_t nowMs = env_.unixTime() * 1000;
  struct Taken {
    Matchmaker::Pair pair;
    Seek black, white;
    bool unsure = false;  // the store did not answer the take: both go back
  };
  env_.aside(Lane::Cluster, [this, seed, now, nowMs]() -> std::function<void()> {
    auto queue = presence_->seekers();
    std::vector<Taken> taken;
    if (queue) {
      std::mt19937 rng(seed);
      Matchmaker mm([&rng] { return static_cast<std::uint32_t>(rng()); });
      std::map<std::int64_t, Seek> byId;
      for (const Seek& s : *queue) {
        byId[s.account] = s;
        mm.add(s.account, s.stats.score, s.rule,
               now - milliseconds(std::max<std::int64_t>(0, nowMs - s.sinceMs)), s.clock,
               s.opening);
        mm.setLastColor(s.account, s.lastColor);
      }
      std::string self = presence_->self();
      for (const Matchmaker::Pair& pair : mm.wave(now)) {
        const Seek& b = byId[pair.black];
        const Seek& w = byId[pair.white];
        if (b.node != self && w.node != self) continue;  // theirs to pair
        auto took = presence_->takePair(b, w);
        // Unanswered, it may have run: both are given back (a second seek of the same is
        // harmless).
        if (took.value_or(true)) taken.push_back({pair, b, w, !took.has_value()});
      }
    }
    return [this, taken = std::move(taken)] {
      for (const Taken& t : taken) {
        if (!t.unsure) {
          startAcrossNodes(t.pair, t.black, t.white);
          continue;
        }
        giveBack(t.black);
        giveBack(t.white);
      }
      scheduleWave();
    };
  });
}

bool Hall::waitsFor(const Seek& s) {
  Player* p = player(s.account);
  auto c = p && p->conn && p->home.empty() ? conns_.find(p->conn) : conns_.end();
  auto mine = seeks_.find(s.account);
  return c != conns_.end() && c->second.state == State::Finding && mine != seeks_.end() &&
         mine->second == s;
}

void Hall::waitAgain(const Seek& s) {
  if (!waitsFor(s)) return;
  queueSeek(s);
  scheduleWave();
}

void Hall::giveBack(const Seek& s) {
  if (s.node == presence_->self())
    waitAgain(s);
  else
    post(s.node, NodeKind::Unpaired, s.account);
}

void Hall::startAcrossNodes(const Matchmaker::Pair& pair, const Seek& black, const Seek& white) {
  std::string self = presence_->self();
  // Our players must still be waiting for just this (the queue's entries were taken); a guest
  // must not be at a table or asked here already.
  bool ready = !stopping_;
  for (const Seek* s : {&black, &white}) {
    if (s->node == self)
      ready = ready && waitsFor(*s);
    else
      ready = ready && !player(s->account) && !pending_.count(s->account);
  }
  if (!ready) {
    giveBack(black);
    giveBack(white);
    return;
  }
  const Seek* guest = black.node != self ? &black : white.node != self ? &white : nullptr;
  if (!guest) {
    for (const Seek* s : {&black, &white}) {
      matchmaker_.remove(s->account);
      seeks_.erase(s->account);
    }
    return startTable(pair.black, pair.white, 15, pair.rule, FoulPolicy::Refuse, true, pair.clock,
                      pair.opening);
  }
  // The guest's node is asked first: the game starts once it says the player joins. Our
  // player waits on meanwhile (it may still cancel).
  pending_[guest->account] = {pair, black, white};
  post(guest->node, NodeKind::Join, guest->account, encodeSeek(*guest));
}

void Hall::accepted(std::int64_t account) {
  auto it = pending_.find(account);
  if (it == pending_.end()) return;
  PendingPair pp = it->second;
  pending_.erase(it);
  const Seek& g = pp.black.account == account ? pp.black : pp.white;
  const Seek& mine = pp.black.account == account ? pp.white : pp.black;
  if (stopping_ || !waitsFor(mine) || player(account)) {
    post(g.node, NodeKind::Unpaired, account);  // it waits on there
    return waitAgain(mine);
  }
  matchmaker_.remove(mine.account);
  seeks_.erase(mine.account);
  env_.log(g.name + " plays here, a guest from node " + g.node);
  ConnId link = openLink(g.node, account, g.minor, State::Finding);
  Player guest;
  guest.id = account;
  guest.name = g.name;
  guest.stats = g.stats;
  guest.home = g.node;
  guest.conn = link;
  online_.emplace(account, std::move(guest));
  startTable(pp.pair.black, pp.pair.white, 15, pp.pair.rule, FoulPolicy::Refuse, true,
             pp.pair.clock, pp.pair.opening);
}

// ---------------------------------------------------------------------------------------------
// Invitations across nodes

// At the inviter's node: the invitation is kept here (its expiry, the inviter's limit) and
// shown by the invitee's node, which answers with InviteRefused or InviteAccepted.
void Hall::inviteElsewhere(ConnId c, Player& p, const ListedPlayer& to, const net::Invite& inv) {
  if (to.account == p.id)  // only a garbled list says so
    return deny(c, net::MsgType::Invite, net::DenyCode::Yourself, "you cannot invite yourself");
  if (to.entry.state == net::PlayerState::Playing)
    return deny(c, net::MsgType::Invite, net::DenyCode::PlayerBusy, to.entry.name + " is playing");
  auto id = rooms_.invite(p.id, to.account, inv.settings, env_.now());
  if (!id)
    return deny(c, net::MsgType::Invite, net::DenyCode::TooMany, "too many open invitations");
  post(
      to.node, NodeKind::Invite, to.account,
      std::to_string(p.id) + " " + bytesOf(net::Invited{*id, p.name, p.stats.score, inv.settings}));
}

// At the invitee's node.
void Hall::invitedFromNode(const NodeMessage& m) {
  Player* p = player(m.account);
  if (m.kind == NodeKind::InviteGone) {  // its game will not start: back in the hall
    auto at = playingAt_.find(m.account);
    if (at == playingAt_.end() || at->second != m.from || !p || !p->home.empty()) return;
    playingAt_.erase(at);
    if (p->awayTimer) {  // dropped while it waited: no game to come back to (as Done)
      env_.cancel(*p->awayTimer);
      p->awayTimer.reset();
    }
    if (!p->conn) return goOffline(m.account);
    setState(p->conn, State::Hall);
    return deny(p->conn, net::MsgType::InviteReply, net::DenyCode::InviteGone,
                "the inviter is busy or gone");
  }
  const auto blank = m.body.find(' ');
  std::optional<net::Message> msg =
      blank == std::string::npos ? std::nullopt : messageOf(m.body.substr(blank + 1));
  const auto* inv = msg ? std::get_if<net::Invited>(&*msg) : nullptr;
  std::int64_t inviter = 0;
  if (inv) inviter = std::strtoll(m.body.substr(0, blank).c_str(), nullptr, 10);
  if (!inv || inviter <= 0 || inviter == m.account || !validRoomSettings(inv->settings)) {
    env_.log("a garbled invitation from node " + m.from + ", dropped");
    return;
  }
  auto refuse = [&](net::DenyCode code, const std::string& detail) {
    post(m.from, NodeKind::InviteRefused, m.account,
         std::to_string(inv->inviteId) + " " + std::to_string(static_cast<int>(code)) + " " +
             detail);
  };
  auto conn = p && p->conn && p->home.empty() ? conns_.find(p->conn) : conns_.end();
  if (conn == conns_.end()) return refuse(net::DenyCode::NoSuchPlayer, "the player is not online");
  if (conn->second.state != State::Hall || p->table || playingAt_.count(p->id))
    return refuse(net::DenyCode::PlayerBusy, p->name + " is playing");
  if (inv->settings.clock.kind != ClockKind::None && !knowsClocks(p->id))
    return refuse(net::DenyCode::BadRequest, p->name + " " + kTooOldForClocks);
  if (inv->settings.opening != OpeningRule::None && !knowsClocks(p->id))
    return refuse(net::DenyCode::BadRequest, p->name + " " + kTooOldForOpenings);
  auto id = rooms_.invite(inviter, p->id, inv->settings, env_.now());
  if (!id) return refuse(net::DenyCode::TooMany, "too many open invitations");
  std::erase_if(remoteInvites_, [this](const auto& entry) {  // those that lapsed unanswered
    return !rooms_.invitation(entry.first, env_.now());
  });
  remoteInvites_[*id] = {m.from, inv->inviteId, inviter};
  env_.send(p->conn, net::Invited{*id, inv->from, inv->score, inv->settings});
}

// At the invitee's node: its player answered another node's invitation.
void Hall::replyElsewhere(ConnId c, Player& p, const RemoteInvite& r, const net::InviteReply& rep) {
  auto inv = rooms_.invitation(rep.inviteId, env_.now());
  if (!inv || inv->to != p.id)
    return deny(c, net::MsgType::InviteReply, net::DenyCode::InviteGone, "the invitation is gone");
  auto acc = rooms_.answer(rep.inviteId, p.id, rep.accept, rep.rated, env_.now());
  const std::string id = std::to_string(r.id) + " ";
  if (!rep.accept)
    return post(r.node, NodeKind::InviteRefused, p.id,
                id + std::to_string(static_cast<int>(net::DenyCode::InviteDeclined)) + " " +
                    p.name + " declined");
  if (!acc)
    return deny(c, net::MsgType::InviteReply, net::DenyCode::InviteGone, "the invitation is gone");
  auto conn = conns_.find(c);
  if (conn == conns_.end() || conn->second.state != State::Hall || playingAt_.count(p.id)) {
    post(r.node, NodeKind::InviteRefused, p.id,
         id + std::to_string(static_cast<int>(net::DenyCode::PlayerBusy)) + " " + p.name +
             " is playing");
    return deny(c, net::MsgType::InviteReply, net::DenyCode::Busy, "you are busy");
  }
  // As after Join: the player's game is on the inviter's node once it starts there.
  playingAt_[p.id] = r.node;
  setState(c, State::Playing);
  post(r.node, NodeKind::InviteAccepted, p.id,
       id + (rep.rated ? "1 " : "0 ") + std::to_string(conn->second.minor) + " " +
           std::to_string(p.stats.score) + " " + std::to_string(p.stats.games) + " " +
           std::to_string(p.stats.wins) + " " + std::to_string(p.stats.draws) + " " + p.name);
}

// At the inviter's node: the invitee's node answered.
void Hall::inviteAnswered(const NodeMessage& m) {
  std::istringstream in(m.body);
  std::uint32_t id = 0;
  in >> id;
  auto inv = rooms_.invitation(id, env_.now());
  if (!in || !inv || inv->to != m.account) {
    if (m.kind == NodeKind::InviteAccepted) post(m.from, NodeKind::InviteGone, m.account);
    return;
  }
  Player* from = player(inv->from);
  auto fromConn = from && from->conn ? conns_.find(from->conn) : conns_.end();
  if (m.kind == NodeKind::InviteRefused) {
    int code = 0;
    std::string detail;
    in >> code;
    std::getline(in >> std::ws, detail);
    rooms_.answer(id, m.account, false, false, env_.now());
    if (fromConn == conns_.end()) return;
    if (code < static_cast<int>(net::DenyCode::NotLoggedIn) ||
        code > static_cast<int>(net::DenyCode::Yourself))
      code = static_cast<int>(net::DenyCode::InviteGone);
    return deny(from->conn, net::MsgType::Invite, static_cast<net::DenyCode>(code), detail);
  }
  int rated = 0, minor = 0;
  Player guest;
  in >> rated >> minor >> guest.stats.score >> guest.stats.games >> guest.stats.wins >>
      guest.stats.draws;
  std::getline(in >> std::ws, guest.name);
  auto acc =
      in || in.eof() ? rooms_.answer(id, m.account, true, rated == 1, env_.now()) : std::nullopt;
  if (!acc || !textfields::plainName(guest.name) || minor < 0 || minor > 255 || stopping_ ||
      storageDown_ || fromConn == conns_.end() || fromConn->second.state != State::Hall ||
      player(m.account)) {
    post(m.from, NodeKind::InviteGone, m.account);
    if (fromConn != conns_.end() && acc)
      deny(from->conn, net::MsgType::Invite, net::DenyCode::InviteGone, "the invitation is gone");
    return;
  }
  env_.log(guest.name + " plays here, a guest from node " + m.from);
  guest.id = m.account;
  guest.home = m.from;
  guest.conn = openLink(m.from, m.account, static_cast<std::uint8_t>(minor), State::Hall);
  online_.emplace(m.account, std::move(guest));
  std::int64_t black = acc->fromIsBlack ? acc->from : m.account;
  std::int64_t white = acc->fromIsBlack ? m.account : acc->from;
  startTable(black, white, acc->settings.boardSize, acc->settings.rule, acc->settings.foul,
             acc->rated, acc->settings.clock, acc->settings.opening);
}

}  // namespace gomoku::server
