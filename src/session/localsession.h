#pragma once
/// @file A game at one computer, without a window: hot seat (two people) or against the
/// computer. Holds the game, the redo list, each move's thinking time, the "not yet saved" flag,
/// the computer's colour and level, and the takeback rules against the computer (a takeback
/// returns to the human's turn, so it also takes the computer's reply). The computer itself
/// runs elsewhere: the session says when it must move (computerRequest) and takes its answer
/// (applyComputerMove), resigning for it when it has no legal move. No threads, no I/O, no
/// text for the user (results are typed; Game::result() holds the end). Coordinates: x = column,
/// y = row, 0-based. Cases: C08 (a takeback leaves no phantom stone), C09 (a takeback after a
/// five reopens the game).

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ai/engine.h"
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
};

/// What applyComputerMove() did with the engine's answer.
enum class ComputerMove {
  Played,    ///< the move stands (the game may now be over: see game().result())
  Resigned,  ///< no move (no legal move left): the computer resigns, the human wins
             ///< (EndReason::Resignation, detail "the computer has no legal move")
  Illegal,   ///< the move is refused (an external engine's bad move): the computer loses
             ///< (EndReason::ProtocolError, detail "illegal move by the engine: <refusal>")
  Stale,     ///< the request is not the current one (takeback, restart...): nothing changed
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

  Game game_;
  Clock clock_;
  std::vector<Point> redo_;
  std::vector<int> redoTimes_;
  std::vector<int> times_;
  std::chrono::steady_clock::time_point lastMoveAt_{};
  bool dirty_ = false;
  std::uint64_t version_ = 1;
  Stone computer_ = Stone::Empty;
  int level_ = 3;
  bool openingTakeback_ = false;
};

}  // namespace gomoku::session
