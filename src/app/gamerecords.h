#pragma once
/// @file The application's side of game records: a Game as a Record (what our saves carry),
/// the rule a record is replayed by (the position at a move: replaymodel.h), and the folder,
/// names and list of automatic saves.

#include <string>
#include <vector>

#include <wx/datetime.h>
#include <wx/string.h>

#include "core/clock.h"
#include "core/game.h"
#include "core/opening.h"
#include "record/record.h"

namespace gomoku::app {

/// The opening rule a game was played with, as its record keeps it: the rule (None: none) and
/// the decisions taken, in order (Opening::history; for a network game net::openingHistory).
struct GameOpening {
  OpeningRule rule = OpeningRule::None;  ///< the rule; None: the game had no opening rule
  std::vector<OpeningEntry> log;         ///< the decisions, in order (may stop short of Done)
};

/// The record of `game` as we save it: board size, rule, moves, per-move thinking times in
/// milliseconds (`timesMs`, used when as long as the moves), the players' names (UTF-8; empty:
/// not written), the result (none while running or when interrupted; an interruption is noted
/// in a comment), the date `date` ("YYYY-MM-DD") and the clock: SGF TM[] (the main time in
/// seconds, 0 under a per-move limit) and OT[] (formatTimeControl's form: "5m+5s", "30s/move",
/// "10m,30s"); none for ClockKind::None; and the opening `opening` (SGF XO[] and XD[]; none
/// for OpeningRule::None), whose stones are the first moves of `game`. `black` and `white`
/// name the players of the colours the opening left them.
Record RecordFromGame(const Game& game, const std::string& black, const std::string& white,
                      const std::vector<int>& timesMs, const std::string& date,
                      const TimeControl& clock, const GameOpening& opening);

/// The rule to replay `record` by: the one it states, else `preferred` when the board allows
/// it (renju needs 15x15), else freestyle.
Rule ReplayRule(const Record& record, Rule preferred);

/// The folder of the automatic saves: "<user data folder>/games", where the user data folder is
/// on Linux and other Unix (XDG) $XDG_DATA_HOME/gomoku, by default ~/.local/share/gomoku; on
/// Windows and macOS wxStandardPaths' GetUserDataDir(). Created when missing.
wxString AutoSaveFolder();

/// The file name of an automatic save: "2026-11-30 00-35-12 Alice vs Bob.sgf", with characters
/// that file systems refuse (/ \ : * ? " < > | and controls) replaced by '_'; empty names read
/// "Black" / "White".
wxString AutoSaveName(const wxDateTime& when, const wxString& black, const wxString& white);

/// The record files (.psq .sgf .sav .lib) in `folder`, newest first (by modification time),
/// at most `limit`, as full paths.
std::vector<wxString> RecentGames(const wxString& folder, std::size_t limit);

}  // namespace gomoku::app
