#pragma once
/// @file Small text helpers shared by the record readers (internal to src/record).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace gomoku::recordtext {

/// `s` without leading blanks (space, tab) and trailing blanks or a CR (of a CRLF line end).
inline std::string_view trimBlanks(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

/// A non-negative decimal of at most 6 digits (no sign, no blanks); nullopt otherwise.
inline std::optional<int> smallNumber(std::string_view s) {
  if (s.empty() || s.size() > 6) return std::nullopt;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}

/// At most `max` bytes of `s` for an error message, "..." appended when it was longer.
inline std::string shortened(std::string_view s, std::size_t max) {
  std::string out(s.substr(0, max));
  if (s.size() > max) out += "...";
  return out;
}

}  // namespace gomoku::recordtext
