// The TXT record of a waiting game (lan.h), the same on every platform.

#include "net/lan.h"

#include <charconv>
#include <map>
#include <string_view>

#include "core/board.h"
#include "core/clock.h"
#include "core/opening.h"
#include "core/utf8.h"
#include "net/wire.h"

namespace gomoku::net {

namespace {

std::optional<int> number(std::string_view s, int lo, int hi) {
  int v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || v < lo || v > hi) return std::nullopt;
  return v;
}

}  // namespace

std::string lanInstanceName(const std::string& nickname, bool inProgress) {
  // A dot would read as a label boundary to APIs that take the full service name (Windows'
  // DnsServiceRegister documents no escaping), a backslash as an escape: both become '_'.
  // The TXT record keeps the nickname exact.
  std::string base = nickname;
  for (char& c : base)
    if (c == '.' || c == '\\') c = '_';
  const std::string suffix = inProgress ? "'s game (in progress)" : "'s game";
  while (!base.empty() && base.size() + suffix.size() > 63) {
    // Drop the last code point: its continuation bytes, then its lead byte.
    while (!base.empty() && (static_cast<unsigned char>(base.back()) & 0xC0) == 0x80)
      base.pop_back();
    if (!base.empty()) base.pop_back();
  }
  return base + suffix;
}

std::vector<std::string> lanTxt(const LanAnnouncement& a) {
  std::vector<std::string> txt{
      "nick=" + a.nickname,
      std::string("rule=") + ruleName(a.rule),
      "size=" + std::to_string(a.boardSize),
      "colour=" + a.colour,
      "proto=" + std::to_string(kProtocolMajor) + "." + std::to_string(kProtocolMinor),
      std::string("full=") + (a.full ? "1" : "0"),
  };
  if (!a.clock.empty()) txt.push_back("clock=" + a.clock);
  if (!a.opening.empty() && a.opening != "none") txt.push_back("opening=" + a.opening);
  return txt;
}

std::optional<std::string> parseLanTxt(const std::vector<std::string>& txt, LanGame& g) {
  std::map<std::string, std::string, std::less<>> kv;
  for (const std::string& s : txt) {
    const auto eq = s.find('=');
    // RFC 6763 section 6.4: keys are case-insensitive; the first occurrence counts.
    std::string key = s.substr(0, eq);
    for (char& c : key)
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (eq != std::string::npos && !kv.count(key)) kv.emplace(key, s.substr(eq + 1));
  }
  const auto get = [&kv](std::string_view k) -> const std::string* {
    auto it = kv.find(k);
    return it == kv.end() ? nullptr : &it->second;
  };
  const std::string* nick = get("nick");
  if (!nick) return "no nickname";
  if (auto e = nicknameError(*nick)) return "the nickname: " + *e;
  const std::string* rule = get("rule");
  const std::optional<Rule> r = rule ? parseRule(*rule) : std::nullopt;
  if (!r) return "no rule or an unknown one";
  const std::string* size = get("size");
  const std::optional<int> n =
      size ? number(*size, Board::kMinSize, Board::kMaxSize) : std::nullopt;
  if (!n) return "no board size or one out of range";
  const std::string* proto = get("proto");
  const auto dot = proto ? proto->find('.') : std::string::npos;
  const std::optional<int> major = dot != std::string::npos
                                       ? number(std::string_view(*proto).substr(0, dot), 0, 255)
                                       : std::nullopt;
  const std::optional<int> minor =
      major ? number(std::string_view(*proto).substr(dot + 1), 0, 255) : std::nullopt;
  if (!minor) return "no protocol version";
  g.game.nickname = *nick;
  g.game.rule = *r;
  g.game.boardSize = *n;
  const std::string* colour = get("colour");
  g.game.colour =
      colour && (*colour == "black" || *colour == "white") ? *colour : std::string("random");
  g.game.full = get("full") && *get("full") == "1";
  // A clock or opening rule this program cannot read is shown as none: the SETUP decides.
  // Kept in canonical form, never as received: the parsers forgive blanks and dashes that
  // must not reach a list or a tab-separated line (a newline, a tab, a carriage return).
  const std::string* clock = get("clock");
  const auto control = clock ? parseTimeControl(*clock).control : std::nullopt;
  g.game.clock =
      control && control->kind != ClockKind::None ? formatTimeControl(*control) : std::string();
  const std::string* opening = get("opening");
  const auto o = opening ? parseOpeningRule(*opening) : std::nullopt;
  g.game.opening = o && *o != OpeningRule::None ? std::string(openingRuleName(*o)) : std::string();
  g.protocolMajor = *major;
  g.protocolMinor = *minor;
  return std::nullopt;
}

}  // namespace gomoku::net
