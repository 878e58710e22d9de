#pragma once
/// @file A game stored on a gomoku-server (net::GameRecord, PROTOCOL.md "Server") or watched
/// (net::WatchSnapshot) as a game record, for the replay and for saving it: what the app's "My
/// games" and `gomoku-cli online ... get ID FILE` share, and the app's watch window.

#include <cstdint>
#include <string>

#include "net/watcher.h"
#include "net/wire.h"
#include "record/record.h"

namespace gomoku::session {

/// `unixSeconds` as a UTC date and time, "YYYY-MM-DDTHH:MMZ".
std::string utcDateTime(std::int64_t unixSeconds);

/// The stored game `g` as a record: board size, rule, players, moves with their thinking times
/// (when the server sent one per move), the result (a win or a draw; none for an interrupted
/// game) and the date it ended (UTC, "YYYY-MM-DD").
Record recordOfStoredGame(const net::GameRecord& g);

/// The game a watcher follows (net/watcher.h) as a record, for the live replay and for saving
/// it: board size, rule, foul policy, players, moves, opening rule, and once it is over the
/// result with its reason in SGF's words ("B+R" resignation, "W+T" time, "B+F" abandoned or
/// left, "Draw"); none while it runs.
Record recordOfWatchedGame(const net::WatchSnapshot& s);

}  // namespace gomoku::session
