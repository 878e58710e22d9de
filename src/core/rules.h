#pragma once
/// @file Rule sets and the five-in-a-row check.
/// Sources: freestyle and standard gomoku as played in Gomocup (gomocup.org, "Rules");
/// renju per the Renju International Federation rules (renju.net, RIF rules of renju).

#include <optional>
#include <string_view>
#include <vector>

#include "core/board.h"

namespace gomoku {

/// Which rule set decides a win. The numeric values travel on the wire (SETUP).
enum class Rule : std::uint8_t {
  Freestyle = 0,  ///< five or more in a row wins, for both colours
  Standard = 1,   ///< exactly five wins; six or more (overline) does not, for both colours
  Renju = 2,      ///< RIF renju: Black exactly five and forbidden points (core/renju.h); 15x15
};

/// Lower-case name: "freestyle", "standard", "renju".
const char* ruleName(Rule r);
/// Parses a rule name (case-insensitive); nullopt when unknown.
std::optional<Rule> parseRule(std::string_view name);
/// True when this build can play games under r.
bool ruleSupported(Rule r);

/// What happens when Black plays a forbidden point under renju. Travels in SETUP.
enum class FoulPolicy : std::uint8_t {
  Refuse = 0,  ///< the move is refused and Black plays again (the friendly default)
  Lose = 1,    ///< strict RIF: the stone is placed and Black loses the game
};

/// The four line directions: (1,0) horizontal, (0,1) vertical, (1,1) diagonal, (1,-1)
/// anti-diagonal.
inline constexpr Point kDirections[4] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};

/// Number of consecutive stones of the colour at p on the line through p in direction d,
/// p included (0 when p is empty or off the board).
int runLength(const Board& b, Point p, Point d);

/// The winning line made by the stone at `last` under `rule`, or an empty vector when that
/// stone makes no win. The line lists every stone of the run in board order (five, or more
/// under freestyle). Only lines through `last` are examined: call it after each move.
/// Freestyle: a run of 5+ wins. Standard: a run of exactly 5 wins. Renju: Black exactly 5,
/// White 5+ (forbidden points are not judged here).
std::vector<Point> winningLine(const Board& b, Point last, Rule rule);

}  // namespace gomoku
