// openStorage, the default path and the value encodings shared by the back ends.
#include <pwd.h>
#include <unistd.h>

#include <charconv>
#include <cstdlib>
#include <utility>

#include "server/storage.h"
#include "server/storage_impl.h"

namespace gomoku::server {

namespace detail {

namespace {

[[noreturn]] void malformed(const char* what, std::int64_t gameId) {
  throw StorageError("game " + std::to_string(gameId) + ": malformed " + what + " in the database");
}

// Reads an unsigned decimal number at the front of `s` and removes it; false when there is none.
template <typename T>
bool takeNumber(std::string_view& s, T& out) {
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  if (ec != std::errc() || end == s.data()) return false;
  s.remove_prefix(static_cast<std::size_t>(end - s.data()));
  return true;
}

}  // namespace

std::string encodeMoves(const std::vector<Point>& moves) {
  std::string out;
  for (const Point& p : moves) {
    if (!out.empty()) out += ' ';
    out += std::to_string(p.x);
    out += ',';
    out += std::to_string(p.y);
  }
  return out;
}

std::vector<Point> decodeMoves(std::string_view text, std::int64_t gameId) {
  std::vector<Point> moves;
  while (!text.empty()) {
    if (!moves.empty()) {
      if (text.front() != ' ') malformed("moves", gameId);
      text.remove_prefix(1);
    }
    unsigned x = 0, y = 0;
    if (!takeNumber(text, x) || text.empty() || text.front() != ',') malformed("moves", gameId);
    text.remove_prefix(1);
    if (!takeNumber(text, y) || x > 255 || y > 255) malformed("moves", gameId);
    moves.push_back(Point{static_cast<int>(x), static_cast<int>(y)});
  }
  return moves;
}

std::string encodeMillis(const std::vector<std::uint32_t>& millis) {
  std::string out;
  for (std::uint32_t ms : millis) {
    if (!out.empty()) out += ' ';
    out += std::to_string(ms);
  }
  return out;
}

std::vector<std::uint32_t> decodeMillis(std::string_view text, std::int64_t gameId) {
  std::vector<std::uint32_t> millis;
  while (!text.empty()) {
    if (!millis.empty()) {
      if (text.front() != ' ') malformed("move times", gameId);
      text.remove_prefix(1);
    }
    std::uint32_t ms = 0;
    if (!takeNumber(text, ms)) malformed("move times", gameId);
    millis.push_back(ms);
  }
  return millis;
}

Rule ruleFromDb(std::int64_t v, std::int64_t gameId) {
  if (v < 0 || v > static_cast<int>(Rule::Renju)) malformed("rule", gameId);
  return static_cast<Rule>(v);
}

Outcome outcomeFromDb(std::int64_t v, std::int64_t gameId) {
  if (v < 0 || v > static_cast<int>(Outcome::Interrupted)) malformed("outcome", gameId);
  return static_cast<Outcome>(v);
}

EndReason reasonFromDb(std::int64_t v, std::int64_t gameId) {
  if (v < 0 || v > static_cast<int>(kLastEndReason)) malformed("end reason", gameId);
  return static_cast<EndReason>(v);
}

void checkFinish(const GameRow& g) {
  const std::string game = "game " + std::to_string(g.id);
  if (g.outcome == Outcome::Ongoing) throw StorageError(game + ": finished without an outcome");
  if (!g.moveMillis.empty() && g.moveMillis.size() != g.moves.size())
    throw StorageError(game + ": " + std::to_string(g.moveMillis.size()) + " move times for " +
                       std::to_string(g.moves.size()) + " moves");
  for (const Point& p : g.moves)
    if (p.x < 0 || p.y < 0 || p.x > 255 || p.y > 255)
      throw StorageError(game + ": a move off any board");
}

void finalColours(const GameRow& g, std::int64_t (&ids)[2]) {
  if (g.blackId == 0 && g.whiteId == 0) return;
  if (g.blackId == ids[0] && g.whiteId == ids[1]) return;
  if (g.blackId == ids[1] && g.whiteId == ids[0]) {
    std::swap(ids[0], ids[1]);
    return;
  }
  throw StorageError("game " + std::to_string(g.id) +
                     ": finished by other players than it started with");
}

}  // namespace detail

std::unique_ptr<Storage> openStorage(const std::string& url) {
  auto startsWith = [&](std::string_view prefix) { return url.rfind(prefix, 0) == 0; };
  if (startsWith("postgresql://") || startsWith("postgres://")) return detail::openPostgres(url);
  return detail::openSqlite(url.empty() ? defaultDatabasePath() : url);
}

std::string defaultDatabasePath() {
  const char* xdg = std::getenv("XDG_DATA_HOME");
  std::string base;
  if (xdg && xdg[0] == '/') {
    base = xdg;
  } else {
    const char* home = std::getenv("HOME");
    if (home && home[0]) {
      base = home;
    } else if (const passwd* pw = getpwuid(getuid()); pw && pw->pw_dir) {
      base = pw->pw_dir;
    } else {
      base = ".";
    }
    base += "/.local/share";
  }
  return base + "/gomoku-server/server.db";
}

}  // namespace gomoku::server
