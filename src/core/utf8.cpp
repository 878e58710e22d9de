#include "core/utf8.h"

namespace gomoku {

bool validUtf8(std::string_view s) {
  std::size_t i = 0;
  const std::size_t n = s.size();
  while (i < n) {
    const auto c = static_cast<unsigned char>(s[i]);
    int extra;
    char32_t cp;
    if (c < 0x80) {
      ++i;
      continue;
    }
    if (c >= 0xC2 && c <= 0xDF) {
      extra = 1;
      cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
      extra = 2;
      cp = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      extra = 3;
      cp = c & 0x07;
    } else
      return false;
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

namespace {

// Decodes the code point at s[i] (s is valid UTF-8) and advances i.
char32_t next(std::string_view s, std::size_t& i) {
  const auto c = static_cast<unsigned char>(s[i]);
  const int extra = c < 0x80 ? 0 : c < 0xE0 ? 1 : c < 0xF0 ? 2 : 3;
  char32_t cp = extra == 0 ? c : c & (0x3F >> extra);
  for (int k = 1; k <= extra && i + static_cast<std::size_t>(k) < s.size(); ++k)
    cp = (cp << 6) | (static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]) & 0x3F);
  i += static_cast<std::size_t>(extra) + 1;
  return cp;
}

// Control characters (C0, DEL, C1) and line or paragraph separators.
bool isControl(char32_t c) {
  return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028 || c == 0x2029;
}

// Characters that change the direction of the text around them (bidi embeddings, overrides,
// isolates and marks): shown to nobody, used to disguise text.
bool isBidiControl(char32_t c) {
  return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0x200E ||
         c == 0x200F || c == 0x061C;
}

// Characters that show as nothing or as blank space.
bool isInvisible(char32_t c) {
  return c == 0x20 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200D) || c == 0x202F ||
         c == 0x205F || c == 0x2060 || c == 0x3000 || c == 0xFEFF || c == 0x180E || c == 0x3164 ||
         c == 0x115F || c == 0x1160 || isControl(c) || isBidiControl(c);
}

}  // namespace

std::string trimNickname(std::string_view nick) {
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!nick.empty() && blank(nick.front())) nick.remove_prefix(1);
  while (!nick.empty() && blank(nick.back())) nick.remove_suffix(1);
  return std::string(nick);
}

std::optional<std::string> nicknameError(std::string_view nick) {
  if (!validUtf8(nick)) return "the nickname is not valid UTF-8 text";
  bool visible = false;
  for (std::size_t i = 0; i < nick.size() && !visible;) visible = !isInvisible(next(nick, i));
  if (!visible) return "the nickname is empty";
  if (nick.find('\0') != std::string_view::npos) return "the nickname contains a NUL character";
  if (utf8Length(nick) > kMaxNicknameChars)
    return "the nickname is longer than " + std::to_string(kMaxNicknameChars) + " characters";
  return std::nullopt;
}

std::string singleLine(std::string_view s) {
  if (!validUtf8(s)) {  // keep what is ASCII and printable
    std::string out;
    for (char c : s)
      out +=
          (static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7F) ? c : '?';
    return out;
  }
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t start = i;
    const char32_t c = next(s, i);
    if (isControl(c))
      out += ' ';
    else if (!isBidiControl(c))
      out.append(s.substr(start, i - start));
  }
  return out;
}

}  // namespace gomoku
