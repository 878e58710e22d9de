#pragma once
/// @file Reading numbers and names out of the texts the nodes of a cluster share in Redis (a
/// seek, presence.h; a game's journal, journal.h): another node's data is checked as a peer's
/// message would be.

#include <charconv>
#include <cstdint>
#include <string_view>
#include <system_error>

#include "net/wire.h"

namespace gomoku::server::textfields {

/// True when all of `text` is one number of T (no sign '+', no blanks), stored in `out`.
template <typename T>
bool whole(std::string_view text, T& out) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc{} && end == text.data() + text.size();
}

/// lo <= v <= hi.
inline bool inRange(std::int64_t v, std::int64_t lo, std::int64_t hi) {
  return v >= lo && v <= hi;
}

/// An account name as the nodes store it: 1 to net::kMaxNameBytes bytes, no control character.
inline bool plainName(std::string_view name) {
  if (name.empty() || name.size() > net::kMaxNameBytes) return false;
  for (unsigned char ch : name)
    if (ch < 0x20 || ch == 0x7F) return false;
  return true;
}

}  // namespace gomoku::server::textfields
