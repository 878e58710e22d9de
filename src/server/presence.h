#pragma once
/// @file Who is signed in where, across the nodes of a cluster (several gomoku-server processes
/// sharing one database and one Redis). Each node holds a lease that it renews; an account is
/// held by the node that logged it in for as long as that node's lease lives, so a second login
/// on another node is refused (禁止多开 across the cluster) and a login after the holding node
/// died takes the account over. The nodes also share their lists of players, so that every
/// hall lists everyone online. The hall calls it only from Lane::Cluster jobs (blocking
/// calls, each bounded by the store's timeout); presence_redis.h is the real one.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

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
  friend bool operator==(const ListedPlayer&, const ListedPlayer&) = default;
};

/// The cluster's sign-in register, as one node sees it. Not thread-safe: one lane calls it.
class Presence {
 public:
  virtual ~Presence() = default;
  /// Claims `account` for this node; the account stays this node's until release() or until
  /// this node's lease runs out.
  virtual Claim claim(std::int64_t account) = 0;
  /// Claims each account of `accounts` (after a lapse); the result for each, in order.
  virtual std::vector<Claim> claimAll(const std::vector<std::int64_t>& accounts) = 0;
  /// Gives `account` up if this node holds it; false when the store did not answer (the
  /// account is then held until this node's lease runs out, as after a crash).
  virtual bool release(std::int64_t account) = 0;
  /// Extends this node's lease by its full length; call it at least three times a lease.
  virtual Renewal renew() = 0;
  /// Ends this node's lease at once (a clean shutdown): every account it holds is free.
  virtual void leave() = 0;
  /// Publishes this node's players for the other nodes' halls (the whole list, replacing the
  /// last; it goes with the node's lease). Returns the players the other live nodes published,
  /// or nothing when the store did not answer.
  virtual std::optional<std::vector<ListedPlayer>> exchangePlayers(
      const std::vector<ListedPlayer>& mine) = 0;
  /// This node's name and incarnation, for the log ("node-1/3fa9…").
  virtual std::string self() const = 0;
  /// What went wrong at the last failed call (for the log); "" when nothing did.
  virtual std::string lastError() const = 0;
};

}  // namespace gomoku::server
