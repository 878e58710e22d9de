#pragma once
/// @file The server's logic without sockets or threads: connections, registration and login,
/// the hall (players online, the ladder's top), matchmaking, private rooms and invitations, and
/// the games (each a GameTable). Everything it does to the outside world goes through HallEnv:
/// messages to connections, closing them, timers, and jobs that must not run on the hall's
/// thread (password hashing, the database). The Asio server (server.h) is one HallEnv; the
/// tests and the fuzz target are others. Not thread-safe: one strand calls it.

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "net/wire.h"
#include "server/accounts.h"
#include "server/journal.h"
#include "server/ladder.h"
#include "server/lobby.h"
#include "server/presence.h"
#include "server/relay.h"
#include "server/storage.h"
#include "server/table.h"

namespace gomoku::server {

/// A connection's number, given by the HallEnv; never reused while the server runs.
using ConnId = std::uint64_t;

/// Where a job runs off the hall's thread.
enum class Lane {
  Storage,  ///< the database, one job at a time in the order given
  Hash,     ///< password hashing (argon2id is slow on purpose)
  Cluster,  ///< the cluster's shared stores (presence.h), one job at a time in the order given
  Journal,  ///< the running games' journals in the shared store (presence.h), likewise
  Lease,    ///< the renewal of the node's lease (presence.h), likewise
};

/// What the hall needs from the world around it.
class HallEnv {
 public:
  virtual ~HallEnv() = default;
  /// Queues a message for connection `c` (ignored when it is closed).
  virtual void send(ConnId c, const net::Message& m) = 0;
  /// Closes connection `c` after its queued messages; the hall is told by closed() later.
  virtual void close(ConnId c) = 0;
  /// Now, for timers, throttles and the games' move times.
  virtual std::chrono::steady_clock::time_point now() = 0;
  /// Unix seconds, for the database.
  virtual std::int64_t unixTime() = 0;
  /// Calls `fn` on the hall's thread after `delay`; returns an id for cancel().
  virtual std::uint64_t after(std::chrono::milliseconds delay, std::function<void()> fn) = 0;
  /// Cancels a timer of after(); nothing when it ran already.
  virtual void cancel(std::uint64_t timer) = 0;
  /// Runs `job` on `lane` (off the hall's thread); the function it returns then runs on the
  /// hall's thread. StorageUnavailable from a Lane::Storage job: the env tries the job again
  /// about every second, in place (the lane's later jobs wait), calls Hall::storageAway, and
  /// gives the job up at shutdown. Any other exception is the server's fault: the env logs it
  /// and stops.
  virtual void aside(Lane lane, std::function<std::function<void()>()> job) = 0;
  /// One line for the log (an event, not for users).
  virtual void log(const std::string& line) = 0;
};

/// The server's settings that the hall applies.
struct HallConfig {
  std::string serverName = "Gomoku server";         ///< WELCOME's name
  LadderConfig ladder;                              ///< points or Elo
  std::int32_t initialScore = 1000;                 ///< a new account's score
  std::chrono::milliseconds resumeWindow{180000};   ///< a dropped player may come back so long
  int maxConnectionsPerAddress = 20;                ///< more are refused (ERROR Limit)
  int maxMessagesPerSecond = 40;                    ///< averaged over 5 s; more: cut off
  std::chrono::milliseconds takeOverSilence{5000};  ///< a connection silent so long may be
                                                    ///< taken over by a new login
  std::int64_t tokenLifetime = 30LL * 24 * 3600;    ///< session tokens, seconds
  std::chrono::milliseconds waveInterval{1000};     ///< matchmaking wave period
  /// Watchers see a game this much later than its players (0: as soon as it changes, within
  /// kViewCoalesce), so that a player cannot be helped by someone relaying it.
  std::chrono::milliseconds watchDelay{0};
  int maxWatchersPerGame = 5000;  ///< more are refused (DENIED TooMany)
  /// In a cluster: the node's lease in the presence store (renewed every third of it).
  std::chrono::milliseconds nodeLease{10000};
  /// How often an idle hall asks the database whether it answers (0: never), so that an
  /// outage is found, and logins refused, before a login has to wait for it.
  std::chrono::milliseconds storageCheck{5000};
};

/// How long after a change of a watched game the hall gathers it into one VIEW for its
/// watchers: the players' messages go first, and a burst of changes costs one VIEW.
inline constexpr std::chrono::milliseconds kViewCoalesce{30};

/// The hall: call connected(), received() and closed() for each connection, and stop() once.
class Hall {
 public:
  /// A hall over `storage` (used only inside Lane::Storage jobs). With `presence` (used only
  /// inside Lane::Cluster jobs) it is one node of a cluster: a login is admitted only once the
  /// account is claimed for this node, and the node's lease is renewed from now on.
  Hall(HallEnv& env, Storage& storage, HallConfig config, std::uint32_t seed = 0,
       Presence* presence = nullptr);
  ~Hall();
  Hall(const Hall&) = delete;
  Hall& operator=(const Hall&) = delete;

  /// A new connection from `address` (an IP address, no port): sends WELCOME, or ERROR Limit
  /// and close when that address has too many connections.
  void connected(ConnId c, const std::string& address);
  /// A decoded message from connection `c`.
  void received(ConnId c, const net::Message& m);
  /// Connection `c` is gone (closed by either side, failed, or silent); `reason` for the log.
  void closed(ConnId c, const std::string& reason);
  /// In a cluster: messages from the other nodes (Presence::receive, relay.h), in the order
  /// received. Garbled ones are logged and dropped.
  void fromNodes(const std::vector<std::string>& messages);
  /// The database stopped answering (`away`, `why` for the log) or answers again; the env
  /// says so from the storage lane, where the jobs wait meanwhile. While it is away games go
  /// on, and logins, registrations, new games and game lists are refused ("the server is
  /// having trouble"); seekers wait unpaired.
  void storageAway(bool away, const std::string& why);
  /// Shutting down. A single server ends its running games as interrupted and writes them;
  /// every connection is told and closed. A node of a cluster hands its games over instead:
  /// they stay in the shared store, journals written, its lease ends, and the players in games
  /// are left connected (the server drops them at its end, and their programs resume on another
  /// node); from then on the hall changes nothing. `done` runs once the last write is done.
  void stop(std::function<void()> done);

  /// Players online now (logged in).
  std::size_t playersOnline() const { return online_.size(); }
  /// Games running now.
  std::size_t tablesOpen() const { return tables_.size(); }

 private:
  enum class State { AwaitLogin, LoggingIn, Hall, Finding, InRoom, Matching, Playing };
  struct Player;
  struct Conn {
    std::string address;
    State state = State::AwaitLogin;
    std::int64_t account = 0;  // 0 until logged in
    std::chrono::steady_clock::time_point lastHeard;
    std::chrono::steady_clock::time_point rateStart;
    int rateCount = 0;
    bool first = true;             // no message received yet
    std::uint8_t minor = 0;        // the protocol minor its login said (0: 1.2 or older)
    std::uint64_t watching = 0;    // the table it watches (0: none)
    std::uint64_t watchingAs = 0;  // the game id its WATCH_GAME named (UNWATCH says it)
    bool sentBye = false;          // it left its game itself (BYE in State::Playing)
    // Its game ended without its BYE (the opponent left): a BYE of its own may have crossed
    // that; the first message after is taken for the game's, not for signing out.
    bool byeMayTrail = false;
  };
  struct Player {
    std::int64_t id = 0;
    // A guest: a player of another node (this incarnation) in a game here; its connection is
    // a link (kFirstLink and up) that the node messages carry (relay.h). "": this node's.
    std::string home;
    std::string name;
    std::string key;
    net::PlayerStats stats;
    ConnId conn = 0;                         // 0: no connection (a suspended game waits for it)
    std::uint64_t table = 0;                 // the table of its game (0: none)
    Side side = Side::A;                     // its side at that table
    std::optional<std::uint64_t> awayTimer;  // the HallEnv timer that abandons its game
  };
  struct TableEntry;
  struct RemoteInvite;
  class Routing;  // the HallEnv the hall uses: sends to links go to their nodes

  void onFirst(ConnId c, Conn& conn, const net::Message& m);
  void onRegister(ConnId c, const net::Register& r);
  void onLogin(ConnId c, const net::Login& l);
  // The credentials were right: claims the account in the cluster (if any), then admits it.
  // `registered`: the account was made for this login (a refusal then says so).
  // waited: it waited once already for the lease of the node that held the account.
  void loggedIn(ConnId c, const Account& a, const std::string& token, bool registered = false,
                bool waited = false);
  // `game`: what the store says of the account's running game (nothing: a single node).
  void admit(ConnId c, const Account& a, const std::string& token,
             const StoredGame* game = nullptr);
  // Drops the account from online_ and gives up its claim in the cluster.
  void goOffline(std::int64_t account);
  // Games across nodes (relay.h).
  // Queues a message to another node; the outbox is posted in order, and what the store did
  // not take is posted again after the next good renewal.
  void post(const std::string& node, NodeKind kind, std::int64_t account, std::string body = {});
  void flushOutbox();
  void toGuest(ConnId link, const net::Message& m);  // a message for a guest, to its home
  void closeGuest(ConnId link);                      // the owner closes a guest's connection
  // A new link for a guest from `home` (its program speaks protocol 1.`minor`), in `state`.
  ConnId openLink(const std::string& home, std::int64_t account, std::uint8_t minor, State state);
  void dropGuest(std::int64_t account);  // its game is over here: home it goes
  void fromNode(const NodeMessage& m);
  void atOwner(const NodeMessage& m, const net::Message* decoded);
  void atHome(const NodeMessage& m, const net::Message* decoded);
  void publishSeek(Player& p, const net::Find& f);  // FIND: into the cluster's queue
  void unseek(std::int64_t account);                // out of it (if there)
  void queueSeek(const Seek& s);                    // (again) into the queue, in the lane
  void clusterWave();
  void startAcrossNodes(const Matchmaker::Pair& pair, const Seek& black, const Seek& white);
  bool waitsFor(const Seek& s);       // our player still waits for just that seek
  void waitAgain(const Seek& s);      // our player's taken seek: into the queue again
  void accepted(std::int64_t guest);  // the guest's node said yes: start the game
  // Invitations across nodes (relay.h Invite...): an invitation for a player of `node`; at
  // the invitee's node, a reply to one of another node's; the other node's answers.
  void inviteElsewhere(ConnId c, Player& p, const ListedPlayer& to, const net::Invite& inv);
  void replyElsewhere(ConnId c, Player& p, const RemoteInvite& r, const net::InviteReply& rep);
  void invitedFromNode(const NodeMessage& m);
  void inviteAnswered(const NodeMessage& m);
  void giveBack(const Seek& s);             // a seek taken for a pairing that fell through
  void resumeAt(ConnId c, Player& p);       // a player back on a connection, in its running game
  void releaseClaim(std::int64_t account);  // gives up the claim (retried until it is done)
  void refuseWhileStoreAway(ConnId c, const std::string& name, const std::string& why,
                            bool registered = false);
  void checkStorage();   // asks the database whether it answers (config_.storageCheck)
  void renewPresence();  // the node's lease: now, and again every third of a lease
  void renewed(Renewal r, const std::string& error);
  void exchangePlayers();  // ours to the other nodes, theirs into remote_
  void nodesGone(const std::set<std::string>& live);  // games across nodes that died
  std::vector<ListedPlayer> listedHere() const;       // this node's players, as PLAYERS lists them
  net::PlayerState stateOf(const Player& p) const;    // what PLAYERS says the player does
  void loginFailed(ConnId c, net::LoginStatus status, const std::string& detail);
  void onHallMessage(ConnId c, Conn& conn, const net::Message& m);
  void deny(ConnId c, net::MsgType request, net::DenyCode code, const std::string& detail);
  void sendHall(ConnId c);
  void sendStats(ConnId c, const Player& p);
  void sendPlayers(ConnId c);
  void refreshTop();
  void setTop(const std::vector<Account>& top);
  void scheduleWave();
  void wave();
  // With an opening rule, `black` is the first player (tentative Black).
  void startTable(std::int64_t black, std::int64_t white, int boardSize, Rule rule, FoulPolicy foul,
                  bool rated, const TimeControl& clock, OpeningRule opening);
  // Whether player p's program reads the 1.3 fields of the hall (a clock or an opening rule in
  // its settings).
  bool knowsClocks(std::int64_t p) const;
  void gameStarted(std::uint64_t table, int number, bool aIsBlack);
  void tableEnded(std::uint64_t table, const GameEnd& end);
  static net::GameSummary summaryOf(const GameRow& g);
  void returnToHall(std::int64_t account);
  void backInHall(ConnId c);  // a connection whose game ended: State::Hall (see byeMayTrail)
  void insertRow(std::uint64_t table, int number);  // the database row of a game of the table
  void dropTable(std::uint64_t table);  // the table is over: gone, here and from the store
  void makeTable(std::uint64_t tid, TableEntry& e, const TableSetup& setup);
  // Calls table `tid` (TableOp; `m` for Receive, `reason` for Lost); in a cluster the call is
  // journaled first.
  void act(std::uint64_t tid, TableOp op, Side side, const net::Message* m = nullptr,
           const std::string& reason = {});
  // Runs `fn` (something the table sends or does) once its journal is stored, in order.
  void whenStored(TableEntry& e, std::function<void()> fn);
  void releaseHeld(std::uint64_t tid, bool all);  // what waited for the journal (all: everything)
  void storeJournal(std::uint64_t tid);           // the table's entries due go in the next batch
  // Writes the batch: every table with entries due, in one Lane::Journal job (one job at a
  // time; what comes meanwhile waits for its answer and goes in the next).
  void flushJournals();
  // Runs `fn` once no journal write is due or under way (those of tables `behind` aside).
  void whenJournalsStored(std::function<void()> fn);
  void journalWritten(std::uint64_t tid, JournalWrite w, std::size_t upTo,
                      const std::string& error);
  TableHeader headerOf(const TableEntry& e) const;
  // Takes over a game whose node died (its journal came with the login of one of its
  // players): rebuilds its table here, both players away. False when the journal is garbled
  // or the game was over.
  bool adopt(const StoredGame& g);
  // Game `key` of this node is over or unusable: out of the store (and `accounts`' entries).
  void forgetGame(const std::string& key, const std::vector<std::int64_t>& accounts);
  // Our player whose game ran on a node that is gone: signed out here (its connection
  // closed), so that its program reconnects and resumes wherever the game runs now.
  void letGo(std::int64_t account);
  // The player's connection dropped from its game: it may come back within the resume window
  // (in a cluster, on any node).
  void awaitResume(std::int64_t account);
  Player* player(std::int64_t account);
  Player* playerOf(ConnId c);
  void setState(ConnId c, State s);
  bool overRate(Conn& conn);
  // Watching (protocol 1.5).
  void sendLiveGames(ConnId c);
  void onWatchGame(ConnId c, Conn& conn, const net::WatchGame& w);
  void unwatch(ConnId c);                // c stops watching its table, if any
  void tableChanged(std::uint64_t tid);  // gathers the change for the watchers (kViewCoalesce)
  // Sends the watchers of `tid` what changed (after config_.watchDelay); `fresh`: only the
  // game so far to that new watcher.
  void relayView(std::uint64_t tid, ConnId fresh = 0);
  void endWatching(std::uint64_t tid);                 // the table closes: a last VIEW and UNWATCH
  static std::uint64_t gameIdOf(const TableEntry& e);  // its game's id, as MATCHED says it

  std::unique_ptr<Routing> routing_;
  HallEnv& env_;  // *routing_
  Storage& storage_;
  HallConfig config_;
  Presence* presence_;                         // nullptr: a single node
  bool presenceDown_ = false;                  // the last renewal found the store unreachable
  bool storageDown_ = false;                   // the database does not answer (storageAway)
  bool storageChecking_ = false;               // checkStorage's question is under way
  std::optional<std::uint64_t> storageTimer_;  // the next checkStorage
  std::optional<std::uint64_t> renewTimer_;
  std::unordered_map<std::int64_t, int> releasing_;  // releases queued, not yet answered
  // Accounts not online here that the store may still say are ours (a release or a claim
  // whose answer was lost): released after the next good renewal.
  std::set<std::int64_t> unreleased_;
  bool leaseAnswered_ = false;                          // the first renewal was answered
  std::vector<std::function<void()>> afterFirstLease_;  // logins that came before it
  std::set<std::uint64_t> journalDirty_;  // tables with journal entries for the next batch
  bool journalFlushing_ = false;          // a batch is under way (Lane::Journal)
  std::vector<std::function<void()>> journalDrained_;  // whenJournalsStored's
  bool reclaim_ = false;                // claim every player again after the next good renewal
  std::vector<ListedPlayer> remote_;    // the other nodes' players, as of the last renewal
  bool topRefreshing_ = false;          // the renewal's reading of the top is under way
  std::map<std::int64_t, Seek> seeks_;  // this node's players in the cluster's queue
  // Pairs taken whose guest's node was asked (Join), by the guest's account.
  struct PendingPair {
    Matchmaker::Pair pair;
    Seek black, white;
  };
  std::map<std::int64_t, PendingPair> pending_;
  // Invitations from players of other nodes to ours, by this node's invitation id (rooms_
  // holds them as from the inviter's account): where to answer.
  struct RemoteInvite {
    std::string node;          // the inviter's node
    std::uint32_t id = 0;      // the invitation's id there
    std::int64_t inviter = 0;  // its account
  };
  std::map<std::uint32_t, RemoteInvite> remoteInvites_;
  // This node's players who joined a game on another node (Accepted), until it starts or
  // falls through: their seek, to wait on when it falls through (Unpaired).
  std::map<std::int64_t, Seek> joined_;
  // This node's players whose game runs on another node: its incarnation.
  std::map<std::int64_t, std::string> playingAt_;
  static constexpr ConnId kFirstLink = ConnId{1} << 62;     // guests' links: never a connection's
  std::deque<std::pair<std::string, std::string>> outbox_;  // (node, message) not yet posted
  bool posting_ = false;                                    // a batch of the outbox is posting
  static constexpr std::size_t kOutboxLimit = 100000;       // more: the oldest is dropped
  ConnId nextLink_ = kFirstLink;
  std::mt19937 rng_;  // colours of first games and rooms, room codes
  LoginThrottle throttle_;
  Matchmaker matchmaker_;
  Rooms rooms_;
  std::unordered_map<ConnId, Conn> conns_;
  std::unordered_map<std::string, int> perAddress_;
  std::map<std::int64_t, Player> online_;  // by account id (also players away from a game)
  std::map<std::uint64_t, std::unique_ptr<TableEntry>> tables_;
  std::uint64_t nextTable_ = 1;
  std::vector<net::TopEntry> top_;
  std::optional<std::uint64_t> waveTimer_;
  bool handingOver_ = false;  // a cluster's node stopping: its games go on elsewhere (stop())
  std::set<std::uint64_t> handedOver_;  // those tables: nothing changes them any more
  bool stopping_ = false;
  int writesInFlight_ = 0;
  std::function<void()> stopped_;
};

}  // namespace gomoku::server
