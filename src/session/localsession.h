#pragma once
/// @file A game at one computer, without a window: hot seat (two people) or against the
/// computer. Holds the game, the redo list, each move's thinking time, the "not yet saved" flag,
/// the computer's colour and level, and the takeback rules against the computer (a takeback
/// returns to the human's turn, so it also takes the computer's reply). The computer itself
/// runs elsewhere: the session says when it must move (computerRequest) and takes its answer
/// (applyComputerMove), resigning for it when it has no legal move. No threads, no I/O, no
/// text for the user (results are typed; Game::result() holds the end). Coordinates: x = column,
/// y = row, 0-based. With a time control (setTimeControl) it keeps both players' clocks: each
/// move charges its mover, a front end asks msUntilFlag() when to call checkTime(), and a side
/// whose time runs out loses (EndReason::Time); a takeback restores the clocks as they were at
/// that turn. Cases: C08 (a takeback leaves no phantom stone), C09 (a takeback after a
/// five reopens the game).

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ai/engine.h"
#include "core/clock.h"
#include "core/game.h"

namespace gomoku::session {

/// The session's clock: any monotonic time (tests pass a fake one to get exact move times).
using Clock = std::function<std::chrono::steady_clock::time_point()>;

/// Why a takeback or a redo did nothing.
enum class TakebackError {
  None,         ///< done
  NothingToDo,  ///< no move to take back (against the computer: none of the human's), or the
                ///< redo list is empty
  Ended,        ///< the game was ended from outside (resignation, interruption, an engine's
                ///< illegal move): Game::undo cannot reopen it; start again instead
  Refused,      ///< redo: the move is no longer legal (cannot happen after a plain takeback)
};

/// What undo() or redo() did.
struct Takeback {
  TakebackError error = TakebackError::None;  ///< None when at least one ply changed
  std::vector<Point> moves;  ///< the plies taken back (last first) or played again (in order)
  bool reopened = false;     ///< undo: the game had ended with a five or a full board (C09)
};

/// The computer is to move: what to think about. The position is LocalSession::game().
struct ComputerRequest {
  std::uint64_t id = 0;         ///< pass back to applyComputerMove; stale once the session changes
  int ply = 0;                  ///< moves on the board
  Stone toMove = Stone::Empty;  ///< the computer's colour
  int level = 3;                ///< ai::kMinLevel..ai::kMaxLevel
  /// With a clock: the time the computer may still use in the game (Gomocup time_left), in
  /// milliseconds; -1 when the clock sets no such limit (none, a per-move limit, byo-yomi's
  /// period running).
  std::int64_t timeLeftMs = -1;
  /// With a clock: this move's own limit in milliseconds (a per-move limit, byo-yomi's period
  /// once the main time is gone); 0 when none.
  std::int64_t turnMs = 0;
};

/// Puts a request's clock into an engine's limits: time_left, and the move's limit less a
/// safety margin (ai::turnWithMargin) when shorter than the one `limits` already has
/// (turnTimeMs 0 counts as none). No change without a clock.
void applyClock(const ComputerRequest& request, ai::Limits& limits);

/// What applyComputerMove() did with the engine's answer.
enum class ComputerMove {
  Played,     ///< the move stands (the game may now be over: see game().result())
  Resigned,   ///< no move (no legal move left): the computer resigns, the human wins
              ///< (EndReason::Resignation, detail "the computer has no legal move")
  Illegal,    ///< the move is refused (an external engine's bad move): the computer loses
              ///< (EndReason::ProtocolError, detail "illegal move by the engine: <refusal>")
  Stale,      ///< the request is not the current one (takeback, restart...): nothing changed
  OutOfTime,  ///< the computer's clock ran out before its move: the human wins on time
              ///< (EndReason::Time); the move is not played
};

/// One local game and its history. Copyable; not thread-safe (use it from one thread).
class LocalSession {
 public:
  /// A hot-seat session on `game` (which may already hold moves, e.g. continued from a replay:
  /// their times are 0). `clock` defaults to std::chrono::steady_clock::now.
  explicit LocalSession(Game game = Game(), Clock clock = {});

  /// Replaces the game (redo list and times cleared, times of its moves 0, not dirty); keeps
  /// the computer's colour and level.
  void reset(Game game);
  /// A new game with the same size, rule and foul policy (same computer); not dirty.
  void restart();

  /// The game.
  const Game& game() const { return game_; }
  /// Thinking time of each move in milliseconds, parallel to game().moves().
  const std::vector<int>& times() const { return times_; }
  /// Moves taken back that redo() can play again; the next one is back().
  const std::vector<Point>& redoList() const { return redo_; }
  /// True after a change that is not yet saved (see markSaved()).
  bool dirty() const { return dirty_; }
  /// The front end saved the game: clears dirty().
  void markSaved() { dirty_ = false; }
  /// Counts changes (moves, takebacks, redos, resets); a front end can compare it to notice
  /// any change.
  std::uint64_t version() const { return version_; }

  /// Plays with clocks: `tc` for both sides (ClockKind::None: no clock, the default). Both
  /// clocks start afresh; the side to move's clock runs at once when the game is running. Kept
  /// by reset() and restart().
  void setTimeControl(const TimeControl& tc);
  /// Goes on with clocks that ran elsewhere (an opening rule's, session/openingsession.h):
  /// their control and times, stopped; the side to move's clock then runs from now when the
  /// game is running. Moves on the board (the opening's stones) keep these clocks: they are
  /// never taken back. reset() and restart() start fresh clocks of the same control.
  void continueClocks(const GameClock& clocks);
  /// The time control.
  const TimeControl& timeControl() const { return gameClock_.control(); }
  /// A side's clock now.
  ClockReading clockReading(Stone side) const;
  /// Milliseconds until the side to move runs out of time (then call checkTime()); -1 when no
  /// clock runs (none set, game over).
  std::int64_t msUntilFlag() const;
  /// Ends the running game when the side to move has run out of time: the other side wins
  /// (EndReason::Time). True when it ended the game. play() and applyComputerMove() call it
  /// first, so a move that comes too late loses.
  bool checkTime();

  /// The computer plays `colour` at `level` (clamped to ai::kMinLevel..ai::kMaxLevel);
  /// Stone::Empty: a hot-seat game. Takes effect for the next move.
  void setComputer(Stone colour, int level = 3);
  /// The computer's colour; Stone::Empty in a hot-seat game.
  Stone computer() const { return computer_; }
  /// The computer's level.
  int computerLevel() const { return level_; }
  /// True when the computer is to move in a running game.
  bool computerToMove() const;

  /// Plays p for the human (or in a hot-seat game for the side to move) and notes its time.
  /// MoveError::NotYourTurn while the computer is to move; otherwise as Game::play (under
  /// renju with FoulPolicy::Lose a forbidden point is played and loses). Changes nothing when
  /// refused.
  MoveError play(Point p);
  /// Whether undo() would take something back.
  bool canUndo() const;
  /// Why undo() would take nothing back: TakebackError::None when it would take something,
  /// Ended for a game ended from outside, NothingToDo otherwise.
  TakebackError undoRefusal() const;
  /// Takes back one ply in a hot-seat game. Against the computer: back to the human's turn,
  /// i.e. the human's last move and the computer's reply after it (also its winning five);
  /// while the computer is to move, only the human's last move. The plies go to the redo list.
  Takeback undo();
  /// Against the computer, whether a takeback may take the computer's opening stone when it
  /// is the only one on the board (the computer then plays its opening again). Off by default
  /// (gomoku-cli: "nothing to take back"); the app turns it on. Hot seat: no effect.
  void setOpeningTakeback(bool allowed) { openingTakeback_ = allowed; }
  /// The first `ply` moves cannot be taken back (an opening rule's stones and choices: see
  /// core/opening.h); reset() and restart() clear it. undo() then stops there.
  void setUndoFloor(int ply) { undoFloor_ = ply; }
  /// Whether redo() would play something.
  bool canRedo() const;
  /// Plays the last ply taken back again, with its old time. Against the computer: the human's
  /// move and, when it is next in the redo list, the computer's reply (else the computer is to
  /// move and thinks again).
  Takeback redo();
  /// Ends a running game from outside (quit, window closed, the engine failed). Ignored when
  /// the game is over. A game ended this way cannot be undone.
  void end(Outcome outcome, EndReason reason, std::string detail = {});

  /// The computer is to move: what to ask it. nullopt when it is not its turn or the game is
  /// over. The id changes with every change to the session.
  std::optional<ComputerRequest> computerRequest() const;
  /// The engine's answer to request `id`: plays result.move for the computer (timed like any
  /// move), or resigns for it when there is none, or ends the game when the move is refused.
  ComputerMove applyComputerMove(std::uint64_t id, const ai::SearchResult& result);
  /// The engine failed for request `id` (an external engine crashed or stayed silent): the game
  /// ends as interrupted (EndReason::ProtocolError, detail = `error`). False when stale.
  bool computerFailed(std::uint64_t id, const std::string& error);

 private:
  void noteMove(bool fromRedo);
  bool undoOne(Takeback& t);
  bool redoOne(Takeback& t);
  void changed();
  std::chrono::steady_clock::time_point now() const;
  std::int64_t nowMs() const;
  void clockMoved(bool fromRedo, int ms);

  Game game_;
  Clock clock_;
  std::vector<Point> redo_;
  std::vector<int> redoTimes_;
  std::vector<int> times_;
  std::chrono::steady_clock::time_point lastMoveAt_{};
  std::chrono::steady_clock::time_point epoch_{};  // origin of the clocks' milliseconds
  GameClock gameClock_;
  GameClock turnStart_;                 // the clocks when the current turn began
  std::vector<GameClock> clockBefore_;  // the clocks when each move's turn began
  bool dirty_ = false;
  std::uint64_t version_ = 1;
  Stone computer_ = Stone::Empty;
  int level_ = 3;
  bool openingTakeback_ = false;
  int undoFloor_ = 0;  // moves below it are the opening's: never taken back
};

}  // namespace gomoku::session
