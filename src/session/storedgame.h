#pragma once
/// @file A game stored on a gomoku-server (net::GameRecord, PROTOCOL.md "Server") as a game
/// record, for the replay and for saving it: what the app's "My games" and `gomoku-cli online
/// ... get ID FILE` share.

#include <cstdint>
#include <string>

#include "net/wire.h"
#include "record/record.h"

namespace gomoku::session {

/// `unixSeconds` as a UTC date and time, "YYYY-MM-DDTHH:MMZ".
std::string utcDateTime(std::int64_t unixSeconds);

/// The stored game `g` as a record: board size, rule, players, moves with their thinking times
/// (when the server sent one per move), the result (a win or a draw; none for an interrupted
/// game) and the date it ended (UTC, "YYYY-MM-DD").
Record recordOfStoredGame(const net::GameRecord& g);

}  // namespace gomoku::session
