#include "server/journal.h"

#include <string_view>
#include <vector>

#include "core/board.h"
#include "net/wire.h"
#include "server/textfields.h"

namespace gomoku::server {
namespace {

using textfields::inRange;
using textfields::plainName;
using textfields::whole;

// The header's fields: the version, kInts numbers (in encodeHeader's order), the two tokens,
// then the two names (each may hold any character but a tab or a control character).
constexpr std::size_t kInts = 18;
constexpr std::size_t kFields = 1 + kInts + 2 + 2;
constexpr const char* kHeaderVersion = "1";

}  // namespace

std::string encodeHeader(const TableHeader& h) {
  std::string out = kHeaderVersion;
  for (std::int64_t v :
       {h.accounts[0], h.accounts[1], static_cast<std::int64_t>(h.scores[0]),
        static_cast<std::int64_t>(h.scores[1]), std::int64_t{h.aIsBlack}, std::int64_t{h.boardSize},
        static_cast<std::int64_t>(h.rule), static_cast<std::int64_t>(h.foul), std::int64_t{h.rated},
        static_cast<std::int64_t>(h.clock.kind), h.clock.baseMs, h.clock.incrementMs,
        h.clock.moveMs, static_cast<std::int64_t>(h.opening), h.lagAllowanceMs, h.resumeWindowS,
        h.holdLimit, h.firstGameId}) {
    out += '\t';
    out += std::to_string(v);
  }
  for (std::uint64_t t : h.tokens) {
    out += '\t';
    out += std::to_string(t);
  }
  for (const std::string& name : h.names) {
    out += '\t';
    out += name;
  }
  return out;
}

std::optional<TableHeader> decodeHeader(const std::string& text) {
  std::vector<std::string_view> f;
  std::string_view rest(text);
  while (f.size() + 1 < kFields) {
    auto tab = rest.find('\t');
    if (tab == std::string_view::npos) return std::nullopt;
    f.push_back(rest.substr(0, tab));
    rest.remove_prefix(tab + 1);
  }
  f.push_back(rest);  // the second name
  if (f[0] != kHeaderVersion) return std::nullopt;
  std::int64_t v[kInts];
  for (std::size_t i = 0; i < kInts; ++i)
    if (!whole(f[1 + i], v[i])) return std::nullopt;
  std::uint64_t tokens[2];
  for (std::size_t i = 0; i < 2; ++i)
    if (!whole(f[1 + kInts + i], tokens[i]) || tokens[i] == 0) return std::nullopt;
  if (v[0] <= 0 || v[1] <= 0 || v[0] == v[1] || !inRange(v[2], INT32_MIN, INT32_MAX) ||
      !inRange(v[3], INT32_MIN, INT32_MAX) || !inRange(v[4], 0, 1) ||
      !inRange(v[5], Board::kMinSize, Board::kMaxSize) || !inRange(v[6], 0, 2) ||
      !inRange(v[7], 0, 1) || !inRange(v[8], 0, 1) || !inRange(v[9], 0, 3) ||
      !inRange(v[10], 0, kMaxClockMs) || !inRange(v[11], 0, kMaxClockMs) ||
      !inRange(v[12], 0, kMaxClockMs) || !inRange(v[13], 0, 4) || !inRange(v[14], 0, 600000) ||
      !inRange(v[15], 1, 24 * 3600) || !inRange(v[16], 1, 100000) || v[17] <= 0)
    return std::nullopt;
  if (!plainName(f[kFields - 2]) || !plainName(f[kFields - 1])) return std::nullopt;
  TableHeader h;
  h.accounts = {v[0], v[1]};
  h.scores = {static_cast<std::int32_t>(v[2]), static_cast<std::int32_t>(v[3])};
  h.aIsBlack = v[4] != 0;
  h.boardSize = static_cast<int>(v[5]);
  h.rule = static_cast<Rule>(v[6]);
  h.foul = static_cast<FoulPolicy>(v[7]);
  h.rated = v[8] != 0;
  h.clock = {static_cast<ClockKind>(v[9]), v[10], v[11], v[12]};
  h.opening = static_cast<OpeningRule>(v[13]);
  h.lagAllowanceMs = v[14];
  h.resumeWindowS = v[15];
  h.holdLimit = v[16];
  h.firstGameId = v[17];
  h.tokens = {tokens[0], tokens[1]};
  h.names = {std::string(f[kFields - 2]), std::string(f[kFields - 1])};
  if (encodeHeader(h) != text) return std::nullopt;  // only the canonical text
  return h;
}

std::string encodeEntry(const JournalEntry& e) {
  std::string out = std::to_string(e.atUs);
  out += '\t';
  out += static_cast<char>(e.op);
  out += e.side == Side::A ? 'A' : 'B';
  out += '\t';
  out += e.data;
  return out;
}

std::optional<JournalEntry> decodeEntry(const std::string& text) {
  auto tab = text.find('\t');
  if (tab == std::string::npos || text.size() < tab + 4 || text[tab + 3] != '\t')
    return std::nullopt;
  JournalEntry e;
  std::string_view at(text.data(), tab);
  if (!whole(at, e.atUs) || e.atUs < 0 || std::to_string(e.atUs) != at) return std::nullopt;
  switch (text[tab + 1]) {
    case 'S':
    case 'R':
    case 'L':
    case 'U':
    case 'A':
    case 'V':
    case 'I':
    case 'C':
    case 'G':
      e.op = static_cast<TableOp>(text[tab + 1]);
      break;
    default:
      return std::nullopt;
  }
  if (text[tab + 2] != 'A' && text[tab + 2] != 'B') return std::nullopt;
  e.side = text[tab + 2] == 'A' ? Side::A : Side::B;
  e.data = text.substr(tab + 4);
  return e;
}

}  // namespace gomoku::server
