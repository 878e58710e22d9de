#pragma once
/// @file Typed updates of the game the main window shows, for its observers (the sounds, the test
/// report, the status bar): GameWatcher compares each state of the game shown with the last
/// one seen (moves played, taken back, the end) and keeps the "already seen" bookkeeping in one
/// place; std types only (no wx). What changed in a network match comes from net's
/// MatchTracker (net/matchtracker.h).

#include <vector>

#include "core/game.h"

namespace gomoku::app {

/// One change of the game shown.
struct GameUpdate {
  enum class Kind {
    TakenBack,      ///< stones were taken back: `ply` stones remain
    Moved,          ///< the move of ply `ply` (from 1) was played
    Ended,          ///< the game ended (once per game, until a takeback reopens it)
    ResultChanged,  ///< the ended game's outcome or reason changed (a resignation that crossed
                    ///< the five replaces the five)
  };
  Kind kind = Kind::Moved;
  int ply = 0;
};

/// Follows the game shown from one state to the next.
class GameWatcher {
 public:
  /// Another game is shown: its moves so far are new, its end not yet seen.
  void Reset();
  /// The changes from the state last seen to `game`: a takeback first (the moves differ from
  /// some ply on: also when a move was replaced before this update), then each new move in
  /// order, then the end.
  std::vector<GameUpdate> Update(const Game& game);
  /// The number of moves seen so far.
  int Ply() const { return ply_; }
  /// The end of the game shown was seen.
  bool EndSeen() const { return ended_; }
  /// How many Ended and ResultChanged updates were given so far (a change since an earlier
  /// call means a new result to show).
  int ResultsSeen() const { return results_; }

 private:
  int ply_ = 0;
  std::vector<Point> moves_;  // the moves seen (ply_ of them count)
  bool ended_ = false;
  Outcome endOutcome_ = Outcome::Ongoing;  // the result seen when ended_
  EndReason endReason_ = EndReason::None;
  int results_ = 0;
};

}  // namespace gomoku::app
