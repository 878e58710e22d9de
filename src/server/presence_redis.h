#pragma once
/// @file The cluster's sign-in register (presence.h) kept in Redis through hiredis.
///
/// Keys (one Redis database, shared by the cluster's nodes):
///   gomoku:node:<incarnation>   the node's lease: its name, expiring after the lease (PX)
///   gomoku:presence:<account>   the incarnation that holds the account (no expiry: an entry
///                               whose node's lease is gone counts as free)
///   gomoku:playerlist:<incarnation> the node's players for the other halls: a string, a line
///                               "account\tscore\tstate\tname\n" each, replaced whole, expiring
///                               with the lease (one string, not a hash: Redis copies it in one
///                               go, where thousands of fields would hold up every other command)
///   gomoku:nodes                the incarnations that published players (the dead are dropped)
///   gomoku:seeking              the FIND queue: a hash, account id -> encodeSeek() text (which
///                               starts with the node); a dead node's entries are dropped
///   gomoku:inbox:<incarnation>  messages to the node: a stream (one field "m"), about 100 000
///                               long at most, deleted 10 minutes after the last post
///   gomoku:owner:<game>         the incarnation that runs a game (a game's key is
///                               "<owner's incarnation>#<table>" as it opened)
///   gomoku:journal:<game>       the game's journal (journal.h): a list, entry 0 the header
///   gomoku:playing:<account>    the game the account plays; the three expire a day after
///                               the game opened (the owner and the journal: a day after its
///                               journal last passed a multiple of 64 entries)
/// An incarnation is "<node name>/<16 hex digits>", new at each start, so a node restarted
/// under the same name does not inherit what its previous run held. A claim is one Lua script
/// (atomic on the Redis server): two nodes claiming one account at once cannot both win; so is
/// taking a pair out of the queue.
///
/// Why a stream per node for the messages between nodes, not pub/sub: a message published while
/// the receiving node's connection is down (a timeout, a blip) is lost without a trace under
/// pub/sub, and a game whose moves go missing cannot go on; a stream keeps the messages, and the
/// reader continues after the last one it saw, so nothing is lost or read twice across a
/// reconnect. One stream per node (not per game) keeps it to one blocking read per node.

#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>

#include "server/presence.h"

namespace gomoku::server {

/// Where Redis is, as parsed from redis://[[user]:password@]host[:port][/db] (%XX escapes in
/// the user and password). Redis 6.2 or newer.
struct RedisAddress {
  std::string host;      ///< a host name or an IP address (IPv6 in brackets in the URL)
  int port = 6379;       ///< TCP port
  std::string password;  ///< AUTH's password; "" = none
  int db = 0;            ///< SELECT's database number
  std::string user;      ///< an ACL user for AUTH; "" = the default user
};

/// Parses a redis:// URL; throws std::invalid_argument saying what is wrong with it.
RedisAddress parseRedisUrl(const std::string& url);

/// A Presence over Redis for the node `name` (letters, digits, '-', '_', '.'; at most 64).
/// `lease`: how long the node's accounts stay held after its last renewal (a killed node's
/// players can log in elsewhere that much later). `timeout`: the limit of a connection attempt
/// and of each command; a store that does not answer within it is Unavailable. Connects on the
/// first call, and again on the next call after any failure. Throws std::invalid_argument for
/// a bad name.
std::unique_ptr<Presence> redisPresence(const RedisAddress& address, const std::string& name,
                                        std::chrono::milliseconds lease,
                                        std::chrono::milliseconds timeout);

}  // namespace gomoku::server
