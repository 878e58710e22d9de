#pragma once
/// @file The cluster's FIND queue in memory, by the rules of presence_redis.cpp's scripts, for
/// the in-memory Presence of the hall's tests and of fuzz_hall: the callers check that the
/// store is up.

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

}  // namespace gomoku::server::test_support
