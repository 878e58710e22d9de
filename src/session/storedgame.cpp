#include "session/storedgame.h"

#include <ctime>

namespace gomoku::session {

std::string utcDateTime(std::int64_t unixSeconds) {
  const std::time_t t = static_cast<std::time_t>(unixSeconds);
  std::tm tm{};
#ifdef _WIN32
  gmtime_s(&tm, &t);
#else
  gmtime_r(&t, &tm);
#endif
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%MZ", &tm);
  return buf;
}

Record recordOfStoredGame(const net::GameRecord& g) {
  Record r;
  r.size = g.summary.boardSize;
  r.rule = g.summary.rule;
  for (const net::SyncPoint& p : g.moves) r.moves.push_back(Point{p.x, p.y});
  if (g.moveMillis.size() == g.moves.size())
    for (std::uint32_t ms : g.moveMillis) r.timesMs.push_back(static_cast<int>(ms));
  r.black = g.summary.black;
  r.white = g.summary.white;
  switch (g.summary.outcome) {
    case Outcome::BlackWins:
      r.result = RecordResult::Black;
      break;
    case Outcome::WhiteWins:
      r.result = RecordResult::White;
      break;
    case Outcome::Draw:
      r.result = RecordResult::Draw;
      break;
    default:
      break;
  }
  if (g.summary.endedAt > 0) r.date = utcDateTime(g.summary.endedAt).substr(0, 10);
  return r;
}

Record recordOfWatchedGame(const net::WatchSnapshot& s) {
  Record r;
  const Game& g = s.game;
  r.size = g.size();
  r.rule = g.rule();
  r.foul = g.foulPolicy();
  r.moves = g.moves();
  r.black = s.blackNickname();
  r.white = s.whiteNickname();
  if (s.openingRule != OpeningRule::None) r.openingRule = s.openingRule;
  if (!g.over()) return r;
  const Result& res = g.result();
  const char* winner = res.outcome == Outcome::BlackWins   ? "B"
                       : res.outcome == Outcome::WhiteWins ? "W"
                                                           : nullptr;
  if (res.outcome == Outcome::Draw) {
    r.result = RecordResult::Draw;
    r.resultText = "Draw";
  } else if (winner) {
    r.result = res.outcome == Outcome::BlackWins ? RecordResult::Black : RecordResult::White;
    const char* how = res.reason == EndReason::Resignation ? "R"
                      : res.reason == EndReason::Time      ? "T"
                      : res.reason == EndReason::Abandoned || res.reason == EndReason::Disconnected
                          ? "F"
                          : "";
    r.resultText = std::string(winner) + "+" + how;
    r.foulResult = res.reason == EndReason::Foul;
  }
  return r;
}

}  // namespace gomoku::session
