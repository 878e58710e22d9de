#pragma once
/// @file The replay of an opened record as plain values (std only, no wx): the record, the rule
/// it is replayed by and the position shown; the position at any move, the result the record
/// states, and the game that "Continue from here" starts. ReplayController (replaycontroller.h)
/// shows it in the main window.

#include <optional>
#include <vector>

#include "app/sideview.h"
#include "core/game.h"
#include "core/opening.h"
#include "record/record.h"

namespace gomoku::app {

/// The position after the first `ply` moves of `record` (clamped to 0..moves), played under
/// `rule` with the foul policy the record states (Record::foul), else FoulPolicy::Lose; moves
/// after the game ended are still placed (so the board shows every stone of the record). A
/// move the rule refuses ends the position there. Throws std::invalid_argument when Game
/// refuses the size or rule (renju on a board other than 15x15).
Game PositionAt(const Record& record, int ply, Rule rule);

/// One decision of a record's opening (Record::openingLog), as the replay tells it.
struct ReplayDecision {
  OpeningEntry entry;  ///< the decision as the record keeps it
  /// The move it is told at: the moves on the board when it was taken, but for a Pick the move
  /// it placed (the 5th).
  int atMove = 0;
  /// The colour the deciding seat plays once the opening is over (or where it stopped): which
  /// of the record's players (PB / PW) took it.
  Stone colour = Stone::Empty;
  int chosen = 0;   ///< Pick: the number (from 1) of the alternative chosen, in the order offered
  int offered = 0;  ///< Pick: how many alternatives were offered
};

/// A record replayed: which move is shown, and what can be started from it.
class ReplayModel {
 public:
  /// The replay of `record` by `rule` (the rule its moves were judged by when it was read),
  /// showing the empty board. Throws std::invalid_argument as PositionAt.
  ReplayModel(Record record, Rule rule);

  /// The record replayed.
  const Record& record() const { return record_; }
  /// The rule it is replayed by.
  Rule rule() const { return rule_; }
  /// The record's number of moves.
  int total() const { return static_cast<int>(record_.moves.size()); }
  /// The position shown (its ply is the move shown, 0 = the empty board).
  const Game& shown() const { return shown_; }

  /// Shows the position after `ply` moves (clamped to 0..total()); false, the position shown
  /// unchanged, when it cannot be set up (not after the constructor succeeded).
  bool seek(int ply);

  /// The opening rule the record states (SGF XO[]), if any.
  std::optional<OpeningRule> openingRule() const { return record_.openingRule; }
  /// The record's opening decisions other than its stones (Place), in order; those that the
  /// rule refuses when replayed, and any after them, are left out.
  const std::vector<ReplayDecision>& decisions() const { return decisions_; }
  /// The decisions told at move `ply` (ReplayDecision::atMove), in order.
  std::vector<ReplayDecision> decisionsAt(int ply) const;
  /// The 5th-move alternatives offered, in their order, when the position shown is the one they
  /// were offered in or the one with the alternative chosen; else none.
  std::vector<Point> alternativesShown() const;
  /// Who placed move `ply` (1-based) in the record's opening, by the colour that player plays
  /// once the opening is over (so that PB / PW name them: after a swap the first player's
  /// Black stones were placed by White); Stone::Empty for a move of normal play.
  Stone placedBy(int ply) const;

  /// The result the record states (its RE), if any.
  std::optional<StatedResult> stated() const;
  /// True at the record's last move when the record states a result the moves do not show
  /// (e.g. a resignation): the status names it.
  bool showsStatedResult() const;

  /// The game "Continue from here" starts: the moves shown, played again under the replay's
  /// rule and the foul policy the record states, else `foul` (local games' foul policy); it
  /// stops at a move that rule refuses. Over
  /// when the position shown is the end of the game. Nullopt when Game refuses the size.
  std::optional<Game> continueGame(FoulPolicy foul) const;

 private:
  Record record_;
  Rule rule_;
  Game shown_;
  std::vector<ReplayDecision> decisions_;
  std::vector<Stone> placers_;       // placedBy of the opening's stones, in order
  std::vector<Point> alternatives_;  // the 5th moves offered (none: none were)
  int alternativesAt_ = -1;          // the moves on the board when they were offered
};

}  // namespace gomoku::app
