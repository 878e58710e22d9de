#include "server/presence.h"

#include <string_view>

#include "server/textfields.h"

namespace gomoku::server {
namespace {

using textfields::inRange;
using textfields::whole;

// The fields of a seek's text, in order: node, since, score, games, wins, draws, rule, clock
// kind, base, increment, move, opening, last colour, minor, name (last: it may hold any
// character but a tab or a control character).
constexpr std::size_t kSeekFields = 15;

}  // namespace

std::vector<JournalWrite> Presence::storeJournals(const std::vector<JournalJob>& jobs) {
  std::vector<JournalWrite> out;
  out.reserve(jobs.size());
  for (const JournalJob& j : jobs)
    out.push_back(j.open ? (openGame(j.key, j.accounts, j.entries) ? JournalWrite::Written
                                                                   : JournalWrite::Unavailable)
                         : writeJournal(j.key, j.at, j.entries));
  return out;
}

std::string encodeSeek(const Seek& s) {
  std::string out = s.node;
  for (std::int64_t v :
       {s.sinceMs, static_cast<std::int64_t>(s.stats.score),
        static_cast<std::int64_t>(s.stats.games), static_cast<std::int64_t>(s.stats.wins),
        static_cast<std::int64_t>(s.stats.draws), static_cast<std::int64_t>(s.rule),
        static_cast<std::int64_t>(s.clock.kind), s.clock.baseMs, s.clock.incrementMs,
        s.clock.moveMs, static_cast<std::int64_t>(s.opening),
        static_cast<std::int64_t>(s.lastColor), static_cast<std::int64_t>(s.minor)}) {
    out += '\t';
    out += std::to_string(v);
  }
  out += '\t';
  out += s.name;
  return out;
}

std::optional<Seek> decodeSeek(std::int64_t account, const std::string& text) {
  std::vector<std::string_view> f;
  std::string_view rest(text);
  while (f.size() + 1 < kSeekFields) {
    auto tab = rest.find('\t');
    if (tab == std::string_view::npos) return std::nullopt;
    f.push_back(rest.substr(0, tab));
    rest.remove_prefix(tab + 1);
  }
  f.push_back(rest);
  Seek s;
  s.account = account;
  std::int64_t v[13];
  for (int i = 0; i < 13; ++i)
    if (!whole(f[1 + i], v[i])) return std::nullopt;
  if (account <= 0 || f[0].empty() || f[0].size() > 200 || v[0] < 0 ||
      !inRange(v[1], INT32_MIN, INT32_MAX) || !inRange(v[2], 0, UINT32_MAX) ||
      !inRange(v[3], 0, UINT32_MAX) || !inRange(v[4], 0, UINT32_MAX) || !inRange(v[5], 0, 2) ||
      !inRange(v[6], 0, 3) || !inRange(v[7], 0, kMaxClockMs) || !inRange(v[8], 0, kMaxClockMs) ||
      !inRange(v[9], 0, kMaxClockMs) || !inRange(v[10], 0, 4) || !inRange(v[11], 0, 2) ||
      !inRange(v[12], 0, 255))
    return std::nullopt;
  for (unsigned char ch : f[0])
    if (ch <= 0x20 || ch == 0x7F) return std::nullopt;
  std::string_view name = f[kSeekFields - 1];
  if (!textfields::plainName(name)) return std::nullopt;
  s.node = std::string(f[0]);
  s.sinceMs = v[0];
  s.stats = {static_cast<std::int32_t>(v[1]), static_cast<std::uint32_t>(v[2]),
             static_cast<std::uint32_t>(v[3]), static_cast<std::uint32_t>(v[4])};
  s.rule = static_cast<Rule>(v[5]);
  s.clock = {static_cast<ClockKind>(v[6]), v[7], v[8], v[9]};
  s.opening = static_cast<OpeningRule>(v[10]);
  s.lastColor = static_cast<Stone>(v[11]);
  s.minor = static_cast<std::uint8_t>(v[12]);
  s.name = std::string(name);
  // Only the text encodeSeek gives ("7", not "007"): takePair compares texts.
  if (encodeSeek(s) != text) return std::nullopt;
  return s;
}

}  // namespace gomoku::server
