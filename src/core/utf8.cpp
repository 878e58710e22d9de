#include "core/utf8.h"

namespace gomoku {

bool validUtf8(std::string_view s) {
  std::size_t i = 0;
  const std::size_t n = s.size();
  while (i < n) {
    const auto c = static_cast<unsigned char>(s[i]);
    int extra;
    char32_t cp;
    if (c < 0x80) { ++i; continue; }
    if (c >= 0xC2 && c <= 0xDF) { extra = 1; cp = c & 0x1F; }
    else if (c >= 0xE0 && c <= 0xEF) { extra = 2; cp = c & 0x0F; }
    else if (c >= 0xF0 && c <= 0xF4) { extra = 3; cp = c & 0x07; }
    else return false;
    if (i + static_cast<std::size_t>(extra) >= n) return false;  // truncated sequence
    for (int k = 1; k <= extra; ++k) {
      const auto cc = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
      if ((cc & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (cc & 0x3F);
    }
    if ((extra == 2 && cp < 0x800) || (extra == 3 && cp < 0x10000) || cp > 0x10FFFF ||
        (cp >= 0xD800 && cp <= 0xDFFF))
      return false;
    i += static_cast<std::size_t>(extra) + 1;
  }
  return true;
}

std::size_t utf8Length(std::string_view s) {
  std::size_t n = 0;
  for (char c : s)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
  return n;
}

std::string trimNickname(std::string_view nick) {
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!nick.empty() && blank(nick.front())) nick.remove_prefix(1);
  while (!nick.empty() && blank(nick.back())) nick.remove_suffix(1);
  return std::string(nick);
}

std::optional<std::string> nicknameError(std::string_view nick) {
  if (!validUtf8(nick)) return "the nickname is not valid UTF-8 text";
  if (trimNickname(nick).empty()) return "the nickname is empty";
  if (nick.find('\0') != std::string_view::npos) return "the nickname contains a NUL character";
  if (utf8Length(nick) > kMaxNicknameChars)
    return "the nickname is longer than " + std::to_string(kMaxNicknameChars) + " characters";
  return std::nullopt;
}

std::string singleLine(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';
  return out;
}

}  // namespace gomoku
