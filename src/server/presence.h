#pragma once
/// @file Who is signed in where, across the nodes of a cluster (several gomoku-server processes
/// sharing one database and one Redis). Each node holds a lease that it renews; an account is
/// held by the node that logged it in for as long as that node's lease lives, so a second login
/// on another node is refused (禁止多开 across the cluster) and a login after the holding node
/// died takes the account over. The nodes also share their lists of players, so that every
/// hall lists everyone online. The hall calls it only from its lanes' jobs (blocking calls,
/// each bounded by the store's timeout): the journal's calls from Lane::Journal, renew() from
/// Lane::Lease, receive() from a thread of its own and the rest from Lane::Cluster, so that a
/// burst of logins never waits behind the games' journals and the lease is renewed in time
/// whatever the other lanes carry. presence_redis.h is the real one.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.h"
#include "core/opening.h"
#include "core/rules.h"
#include "core/types.h"
#include "net/wire.h"

namespace gomoku::server {

/// What a claim of an account found.
enum class Claim {
  Claimed,        ///< the account is this node's now (also when it was already)
  HeldElsewhere,  ///< a live node holds it: a second login, to be refused
  Unavailable,    ///< the store did not answer: neither refuse nor admit as a second login
};

/// What a renewal of the node's lease found.
enum class Renewal {
  Renewed,      ///< the lease was alive and is extended
  Lapsed,       ///< the lease had run out (the store was away longer than a lease): it is
                ///< taken again, but other nodes may have taken this node's accounts meanwhile
  Unavailable,  ///< the store did not answer
};

/// A player online on a node, as the hall lists it.
struct ListedPlayer {
  std::int64_t account = 0;  ///< the account's id
  net::PlayerEntry entry;    ///< name, ladder score, what they are doing
  std::string node;          ///< its node (Presence::self() there); empty for this node's own
  friend bool operator==(const ListedPlayer&, const ListedPlayer&) = default;
};

/// A player waiting in the cluster's FIND queue (one queue for all nodes).
struct Seek {
  std::int64_t account = 0;                 ///< the account's id
  std::string node;                         ///< the incarnation of its node (Presence::self())
  std::string name;                         ///< its account name
  net::PlayerStats stats;                   ///< its ladder figures (the score pairs it)
  Rule rule = Rule::Freestyle;              ///< the rule it asked for
  TimeControl clock{};                      ///< the time control it asked for (None: none)
  OpeningRule opening = OpeningRule::None;  ///< the opening rule it asked for
  std::int64_t sinceMs = 0;                 ///< Unix ms when it began to wait for these
  Stone lastColor = Stone::Empty;           ///< its colour in its last game (Empty: none)
  std::uint8_t minor = 0;                   ///< the protocol minor its program speaks
  friend bool operator==(const Seek&, const Seek&) = default;
};

/// A Seek as one line of text ("node\tsince\t...\tname"; the account is not in it), as the
/// queue stores it: the same seek gives the same text.
std::string encodeSeek(const Seek& s);
/// The seek of `account` stored as `text`; nothing when the text is garbled, out of range, or
/// not as encodeSeek writes it (another node's data is checked as a peer's message would be).
std::optional<Seek> decodeSeek(std::int64_t account, const std::string& text);

/// A running game in the shared store, as one of its players finds it at login.
struct StoredGame {
  std::string key;    ///< the game's key ("" when the account plays no game)
  std::string owner;  ///< the incarnation of the node that runs it (after a take-over: this one)
  /// Its journal (journal.h) when this call took the game over from a dead owner; else empty.
  std::vector<std::string> journal;
};

/// What a write of a game's journal found.
enum class JournalWrite {
  Written,      ///< the entries are stored
  Unavailable,  ///< the store did not answer
  Missing,      ///< the store lacks the game or its earlier entries (restarted empty): open it
                ///< again whole
  Taken,        ///< another node took the game over (this node's lease had lapsed)
};

/// One game's write of a batch (Presence::storeJournals).
struct JournalJob {
  std::string key;                     ///< the game's key
  bool open = false;                   ///< openGame (entries: the whole journal), else writeJournal
  std::size_t at = 0;                  ///< writeJournal's index of the first entry
  std::vector<std::int64_t> accounts;  ///< openGame's players
  std::vector<std::string> entries;    ///< the entries
};

/// The cluster's sign-in register, as one node sees it. Not thread-safe as a whole: each group
/// of calls (the file's comment) comes from one lane, and each group has its own connection.
class Presence {
 public:
  virtual ~Presence() = default;
  /// Claims `account` for this node; the account stays this node's until release() or until
  /// this node's lease runs out.
  virtual Claim claim(std::int64_t account) = 0;
  /// Claims each account of `accounts` (after a lapse); the result for each, in order.
  virtual std::vector<Claim> claimAll(const std::vector<std::int64_t>& accounts) = 0;
  /// How long the lease of the node that holds `account` still runs; nothing when no node
  /// holds it, its lease is gone, or the store did not answer. A live node renews its lease
  /// every third of it, so less than two thirds left means its renewals stopped (it may be
  /// dead): a login can wait for the lease rather than be refused.
  virtual std::optional<std::chrono::milliseconds> holderLeaseLeft(std::int64_t account) {
    (void)account;
    return std::nullopt;
  }
  /// Gives `account` up if this node holds it; false when the store did not answer (the
  /// account is then held until this node's lease runs out, as after a crash).
  virtual bool release(std::int64_t account) = 0;
  /// Extends this node's lease by its full length; call it at least three times a lease. The
  /// only call of Lane::Lease (a connection of its own).
  virtual Renewal renew() = 0;
  /// What went wrong at renew()'s last failure (call it from renew()'s lane).
  virtual std::string leaseError() const { return lastError(); }
  /// Ends this node's lease at once (a clean shutdown): every account it holds is free.
  /// Lane::Lease's call too (after any renewal under way).
  virtual void leave() = 0;
  /// Publishes this node's players for the other nodes' halls (the whole list, replacing the
  /// last; it goes with the node's lease). Returns the players the other live nodes published,
  /// or nothing when the store did not answer.
  virtual std::optional<std::vector<ListedPlayer>> exchangePlayers(
      const std::vector<ListedPlayer>& mine) = 0;

  // The FIND queue shared by the nodes. Any node may pair it; takePair() is atomic, so two
  // nodes pairing at once never pair one player twice.

  /// Puts this node's player in the queue, or replaces its entry; false when the store did not
  /// answer. s.node must be self().
  virtual bool seek(const Seek& s) = 0;
  /// Takes `account` out of the queue if this node put it there; false when the store did not
  /// answer.
  virtual bool unseek(std::int64_t account) = 0;
  /// Everyone waiting on a live node (the entries of dead nodes are dropped); nothing when the
  /// store did not answer.
  virtual std::optional<std::vector<Seek>> seekers() = 0;
  /// Takes both players out of the queue, only if both entries are still exactly `a` and `b`
  /// (nobody took, cancelled or changed them since seekers()): true when this call took them,
  /// false when not, nothing when the store did not answer.
  virtual std::optional<bool> takePair(const Seek& a, const Seek& b) = 0;

  // Messages between nodes (a game's moves between the node that owns it and the node of a
  // player). Each node has one inbox; messages from one node arrive in the order posted.

  /// Appends `message` (any bytes) to the inbox of the node with incarnation `node`; false
  /// when the store did not answer (the message is lost).
  virtual bool post(const std::string& node, const std::string& message) = 0;
  /// The messages come to this node's inbox since the last call, waiting up to `wait` for the
  /// first; nothing when the store did not answer. Called from one thread of its own, not the
  /// lane of the other calls (it has its own connection to the store).
  virtual std::optional<std::vector<std::string>> receive(std::chrono::milliseconds wait) = 0;
  /// What went wrong at receive()'s last failure (call it from receive()'s thread).
  virtual std::string receiveError() const = 0;

  // Running games, so that a game outlives the node that runs it (journal.h). The node that
  // owns a game writes its journal ahead of what it sends; a player's login on any node finds
  // the game, and takes it over when its owner's lease is gone (one Lua script: two nodes
  // taking one game at once cannot both win). openGame, writeJournal, storeJournals and
  // closeGame are Lane::Journal's calls (a connection of their own); gameOf is Lane::Cluster's.

  /// Opens game `key` as this node's, its players `accounts`, its journal `journal` (entry 0:
  /// the header), replacing what the store held under that key; false when the store did not
  /// answer.
  virtual bool openGame(const std::string& key, const std::vector<std::int64_t>& accounts,
                        const std::vector<std::string>& journal) = 0;
  /// Stores `entries` as the journal's entries from index `at` on (what the store held from
  /// `at` on is replaced: a write retried after a lost answer is not doubled), only while the
  /// game is this node's.
  virtual JournalWrite writeJournal(const std::string& key, std::size_t at,
                                    const std::vector<std::string>& entries) = 0;
  /// openGame or writeJournal for each job, in one round trip to the store where it can; the
  /// result of each, in order (openGame's false is Unavailable).
  virtual std::vector<JournalWrite> storeJournals(const std::vector<JournalJob>& jobs);
  /// What went wrong at the last failed call of Lane::Journal (call it from that lane).
  virtual std::string journalError() const { return lastError(); }
  /// The game `account` plays, if any; a game whose owner's lease is gone becomes this node's
  /// and comes with its journal. Nothing when the store did not answer.
  virtual std::optional<StoredGame> gameOf(std::int64_t account) = 0;
  /// Game `key` of this node is over: its journal goes, and so do the entries of `accounts`
  /// that name it. False when the store did not answer.
  virtual bool closeGame(const std::string& key, const std::vector<std::int64_t>& accounts) = 0;

  /// The incarnations of the nodes whose lease lives (this one too, while its lease does);
  /// nothing when the store did not answer.
  virtual std::optional<std::vector<std::string>> liveNodes() = 0;

  /// This node's name and incarnation, for the log ("node-1/3fa9…").
  virtual std::string self() const = 0;
  /// What went wrong at the last failed call (for the log); "" when nothing did.
  virtual std::string lastError() const = 0;
};

}  // namespace gomoku::server
