#pragma once
/// @file A game's journal in a cluster: what the node that owns a running game writes to the
/// shared store (Presence::writeJournal), so that another node can rebuild the game exactly when
/// the owner dies. Entry 0 is the table's header (who plays what); each later entry is one call
/// the hall made to the GameTable (a client's message, a drop, a resume, a clock check, ...) at
/// its time, or a fact of the hall's (a game's database id). A GameTable is deterministic given
/// its setup, its calls and their times, so replaying the entries into a new table gives the
/// same matches: the same moves, clocks, requests and resume tokens. Entries are texts; a
/// decoder checks another node's data as it would a peer's message.

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "core/clock.h"
#include "core/opening.h"
#include "core/rules.h"
#include "server/table.h"

namespace gomoku::server {

/// A table as its journal's first entry keeps it: the GameTable's setup and the hall's part.
struct TableHeader {
  std::array<std::int64_t, 2> accounts{};   ///< account ids of side A and side B
  std::array<std::string, 2> names;         ///< their account names (A, B)
  std::array<std::int32_t, 2> scores{};     ///< their ladder scores when the table opened
  bool aIsBlack = true;                     ///< A plays Black in game 1
  int boardSize = 15;                       ///< intersections per side
  Rule rule = Rule::Freestyle;              ///< rule set
  FoulPolicy foul = FoulPolicy::Refuse;     ///< renju fouls
  bool rated = false;                       ///< the games move the ladder
  TimeControl clock{};                      ///< the time control
  OpeningRule opening = OpeningRule::None;  ///< the opening rule
  std::array<std::uint64_t, 2> tokens{};    ///< resume tokens of A's and B's matches (non-zero)
  std::int64_t lagAllowanceMs = 0;          ///< TableSetup::lagAllowanceMs
  std::int64_t resumeWindowS = 180;         ///< TableSetup::resumeWindow, seconds
  std::int64_t holdLimit = 64;              ///< TableSetup::holdLimit
  std::int64_t firstGameId = 0;             ///< the database id of game 1
  friend bool operator==(const TableHeader&, const TableHeader&) = default;
};

/// The header as text ("1\t..." fields separated by tabs, the names last).
std::string encodeHeader(const TableHeader& h);
/// The header of `text`; nothing when it is garbled, out of range, or not as encodeHeader
/// writes it.
std::optional<TableHeader> decodeHeader(const std::string& text);

/// What a journal entry after the header records.
enum class TableOp : char {
  Start = 'S',        ///< GameTable::start
  Receive = 'R',      ///< GameTable::receive(side, the message: data holds its bytes)
  Lost = 'L',         ///< GameTable::connectionLost(side, data: the reason)
  Resumed = 'U',      ///< GameTable::resumed(side)
  Abandon = 'A',      ///< GameTable::abandon(side)
  Leave = 'V',        ///< GameTable::leave(side)
  Interrupt = 'I',    ///< GameTable::interrupt
  CheckClocks = 'C',  ///< GameTable::checkClocks
  GameId = 'G',       ///< a fact: game `number` has database id `id` (data: "number id")
};

/// One entry after the header.
struct JournalEntry {
  std::int64_t atUs = 0;        ///< microseconds since the table opened, on the table's clock
  TableOp op = TableOp::Start;  ///< what it records
  Side side = Side::A;          ///< the side it concerns (A for the table-wide ops)
  std::string data;             ///< per op (see TableOp): message bytes, a reason, or an id
  friend bool operator==(const JournalEntry&, const JournalEntry&) = default;
};

/// The entry as text: "<atUs>\t<op><side>\t<data>".
std::string encodeEntry(const JournalEntry& e);
/// The entry of `text`; nothing when it is garbled (an unknown op, a side not A or B, a time
/// not a canonical non-negative number).
std::optional<JournalEntry> decodeEntry(const std::string& text);

}  // namespace gomoku::server
