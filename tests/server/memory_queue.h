#pragma once
/// @file The cluster's FIND queue and running games in memory, by the rules of
/// presence_redis.cpp's scripts, for the in-memory Presence of the hall's tests and of
/// fuzz_hall: the callers check that the store is up.

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "server/presence.h"

namespace gomoku::server::test_support {

/// The queue: each waiting account's seek, as the text Redis would hold.
struct MemoryQueue {
  std::map<std::int64_t, std::string> seeking;  ///< account -> encodeSeek text

  /// Puts a seek in, replacing the account's.
  void seek(const Seek& s) { seeking[s.account] = encodeSeek(s); }
  /// Takes the account out if `node` put it in.
  void unseek(std::int64_t account, const std::string& node) {
    auto it = seeking.find(account);
    if (it != seeking.end() && decodeSeek(account, it->second)->node == node) seeking.erase(it);
  }
  /// The seeks of the `alive` nodes; the others' are dropped.
  std::vector<Seek> seekers(const std::set<std::string>& alive) {
    std::vector<Seek> out;
    for (auto it = seeking.begin(); it != seeking.end();) {
      Seek s = *decodeSeek(it->first, it->second);
      if (!alive.count(s.node)) {
        it = seeking.erase(it);
        continue;
      }
      out.push_back(s);
      ++it;
    }
    return out;
  }
  /// Takes both out if both are still exactly `a` and `b` (never one account twice).
  bool takePair(const Seek& a, const Seek& b) {
    auto ia = seeking.find(a.account), ib = seeking.find(b.account);
    if (a.account == b.account || ia == seeking.end() || ib == seeking.end() ||
        ia->second != encodeSeek(a) || ib->second != encodeSeek(b))
      return false;
    seeking.erase(ia);
    seeking.erase(ib);
    return true;
  }
};

/// The running games (Presence::openGame ... closeGame) as the Redis scripts keep them.
struct MemoryGames {
  struct Game {
    std::string owner;                 ///< the incarnation that runs it
    std::vector<std::string> journal;  ///< its journal
  };
  std::map<std::string, Game> games;            ///< by key
  std::map<std::int64_t, std::string> playing;  ///< account -> game key

  /// Opens `key` for `self`.
  void open(const std::string& self, const std::string& key,
            const std::vector<std::int64_t>& accounts, const std::vector<std::string>& journal) {
    games[key] = {self, journal};
    for (std::int64_t a : accounts) playing[a] = key;
  }
  /// Writes entries from `at` on, as kWriteJournalScript.
  JournalWrite write(const std::string& self, const std::string& key, std::size_t at,
                     const std::vector<std::string>& entries) {
    auto g = games.find(key);
    if (g == games.end() || at < 1 || g->second.journal.size() < at) return JournalWrite::Missing;
    if (g->second.owner != self) return JournalWrite::Taken;
    g->second.journal.resize(at);
    g->second.journal.insert(g->second.journal.end(), entries.begin(), entries.end());
    return JournalWrite::Written;
  }
  /// The game of `account`, taken over for `self` when its owner is not `alive`.
  StoredGame gameOf(const std::string& self, const std::set<std::string>& alive,
                    std::int64_t account) {
    auto p = playing.find(account);
    if (p == playing.end()) return {};
    auto g = games.find(p->second);
    if (g == games.end()) {
      playing.erase(p);
      return {};
    }
    if (g->second.owner == self || alive.count(g->second.owner))
      return {g->first, g->second.owner, {}};
    g->second.owner = self;
    return {g->first, self, g->second.journal};
  }
  /// Closes `key` if it is `self`'s.
  void close(const std::string& self, const std::string& key,
             const std::vector<std::int64_t>& accounts) {
    auto g = games.find(key);
    if (g == games.end() || g->second.owner != self) return;
    games.erase(g);
    for (std::int64_t a : accounts)
      if (auto p = playing.find(a); p != playing.end() && p->second == key) playing.erase(p);
  }
};

}  // namespace gomoku::server::test_support
