#pragma once
/// @file Replaying a record through gomoku::Game to tell how it ends, by our own rules (a five,
/// a renju foul by our checker in core/renju.h, an illegal move, ...), to compare with what the
/// record states.

#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"
#include "record/record.h"

namespace gomoku {

/// How a replayed record ends.
enum class ReplayEnd : std::uint8_t {
  Five = 0,       ///< the last move makes a winning line for `winner` (`line`)
  Foul = 1,       ///< renju: Black's move `move` is forbidden (`forbidden`); White wins. Under
                  ///< FoulPolicy::Refuse the moves from `move` on are not played (`unplayed`)
  AfterEnd = 2,   ///< move `move` comes after the game ended at move `endedAt` (`endedBy`)
  Illegal = 3,    ///< move `move` is off the board or on an occupied point (`error`); later
                  ///< moves are not played; `winner` is the other side (as a judge rules)
  FullBoard = 4,  ///< the last move fills the board with no winner: a draw
  NoFive = 5,     ///< all moves played and the game still open: the record ends by resignation,
                  ///< time, agreement, a draw offer, or (renju) a foul that is not written
};

/// "five", "foul", "after-end", "illegal", "full-board" or "no-five".
const char* replayEndName(ReplayEnd e);

/// What replay() found.
struct ReplayReport {
  ReplayEnd end = ReplayEnd::NoFive;  ///< how the record ends
  /// 1-based number of the move concerned: the winning move (Five), the forbidden move (Foul),
  /// the first move after the end (AfterEnd), the illegal move (Illegal), the last move
  /// (FullBoard, NoFive; 0 for a record without moves).
  int move = 0;
  /// The winner: Five: the colour that made it; Foul: White; AfterEnd: the winner of the game
  /// that ended (Empty for a full board); Illegal: the colour that did not play the move; else
  /// Empty.
  Stone winner = Stone::Empty;
  /// AfterEnd: what ended the game: Five, Foul or FullBoard (NoFive otherwise).
  ReplayEnd endedBy = ReplayEnd::NoFive;
  int endedAt = 0;                        ///< AfterEnd: the 1-based move that ended the game
  Forbidden forbidden = Forbidden::None;  ///< Foul, or AfterEnd by a foul: which kind
  int foulMove = 0;                       ///< Foul, or AfterEnd by a foul: the forbidden move
  MoveError error = MoveError::None;      ///< Illegal: OffBoard or Occupied
  std::vector<Point> line;                ///< the winning line (Five, AfterEnd by a five)
  int unplayed = 0;                       ///< record moves not played (from the stop on)
  Game game;                              ///< the game as replayed (the position at the end)
  std::string text;                       ///< a sentence, e.g. "move 31 (h8): Black's
                                          ///< double-three is forbidden; White wins"
};

/// Plays record.moves through a Game(record.size, rule, foul), Black first, and reports how the
/// record ends (see ReplayEnd). Moves are judged by Game: the five check of `rule`, and under
/// renju the forbidden points of core/renju.h. Throws RecordError (line 0) when Game refuses the
/// setup (renju on a board other than 15x15, a size outside 5..25).
ReplayReport replay(const Record& record, Rule rule, FoulPolicy foul = FoulPolicy::Lose);

}  // namespace gomoku
