#pragma once
/// @file UTF-8 checks for text that crosses the network or reaches the screen (nicknames).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace gomoku {

/// True when s is well-formed UTF-8 (no overlongs, no surrogates, nothing above U+10FFFF).
bool validUtf8(std::string_view s);
/// Number of code points in well-formed UTF-8 s.
std::size_t utf8Length(std::string_view s);

/// Longest nickname, in Unicode code points (the wire and the dialogs enforce it).
inline constexpr std::size_t kMaxNicknameChars = 32;

/// Checks a nickname typed by a user or received from a peer: valid UTF-8, at least one visible
/// character (not only spaces of any kind, zero-width, direction or control characters), at
/// most kMaxNicknameChars code points, no NUL. Returns an error sentence, or nullopt when
/// acceptable. Surrounding blanks are not removed here (see trimNickname).
std::optional<std::string> nicknameError(std::string_view nick);
/// The nickname with ASCII blanks removed from both ends.
std::string trimNickname(std::string_view nick);
/// The text for one-line display: control characters (newline, tab, C1 controls, line and
/// paragraph separators) become spaces and text-direction controls (e.g. U+202E) are dropped,
/// so that a peer's text cannot break lines or disguise itself. Invalid UTF-8: only printable
/// ASCII is kept, the rest shown as '?'.
std::string singleLine(std::string_view s);

}  // namespace gomoku
