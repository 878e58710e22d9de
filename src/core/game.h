#pragma once
/// @file A game in progress: board, rule, move history, side to move and result.

#include <string>
#include <vector>

#include "core/board.h"
#include "core/renju.h"
#include "core/rules.h"

namespace gomoku {

/// Why a move was not played. None means it was played.
enum class MoveError {
  None,         ///< the move was played
  OffBoard,     ///< the point lies outside the board
  Occupied,     ///< a stone already stands there
  NotYourTurn,  ///< the other colour is to move
  GameOver,     ///< the game has ended (won, drawn or interrupted)
  Forbidden,    ///< renju: a forbidden point for Black (see Game::forbiddenAt for which kind)
};

/// Human-readable text for a MoveError, e.g. "that point is occupied".
const char* moveErrorText(MoveError e);

/// How a game stands.
enum class Outcome : std::uint8_t {
  Ongoing = 0,
  BlackWins = 1,
  WhiteWins = 2,
  Draw = 3,
  Interrupted = 4,  ///< ended without a result: connection lost, a player left, a peer misbehaved
};

/// Why the game ended.
enum class EndReason : std::uint8_t {
  None = 0,           ///< not ended
  Five = 1,           ///< a winning line was made (see Result::line)
  FullBoard = 2,      ///< every intersection is filled with no winner: a draw
  Resignation = 3,    ///< a player resigned
  Disconnected = 4,   ///< the connection was lost or a player left (see Result::detail)
  ProtocolError = 5,  ///< the peer sent something invalid (see Result::detail)
  Foul = 6,           ///< renju with FoulPolicy::Lose: Black played a forbidden point (see detail)
  Agreement = 7,      ///< both players agreed to a draw
  Abandoned = 8,      ///< the opponent lost the connection and did not come back in time
  Time = 9,           ///< the loser's clock ran out (core/clock.h)
};

/// The highest EndReason value (decoders of stored and received values check against it).
inline constexpr EndReason kLastEndReason = EndReason::Time;

/// The result of a game. line holds the winning stones when reason is Five.
struct Result {
  Outcome outcome = Outcome::Ongoing;  ///< who won, draw, or interrupted
  EndReason reason = EndReason::None;  ///< why it ended
  std::vector<Point> line;             ///< winning stones, board order (reason Five only)
  std::string detail;                  ///< free text for Disconnected / ProtocolError
};

/// "black", "white", "draw", "interrupted" or "ongoing" (the words of gomoku-cli's RESULT line).
const char* outcomeName(Outcome o);
/// A sentence for the user, e.g. "Black wins with five in a row." or "Interrupted: <detail>".
std::string describeResult(const Result& r);

/// One game: Black moves first, colours alternate. Judges every move with the Rule and
/// ends the game on a winning line or a full board. Copyable (a snapshot is a copy).
class Game {
 public:
  /// A new game. Throws std::invalid_argument for a bad size (see Board), an unsupported rule,
  /// or renju on a board other than 15x15.
  explicit Game(int size = Board::kDefaultSize, Rule rule = Rule::Freestyle,
                FoulPolicy foul = FoulPolicy::Refuse);

  /// Plays p for the side to move. Returns MoveError::None when played; otherwise changes nothing.
  MoveError play(Point p);
  /// Plays p for `who`; MoveError::NotYourTurn when `who` is not to move. Otherwise as play(p).
  MoveError play(Point p, Stone who);
  /// Checks a move for the side to move without playing it (Forbidden under renju whatever the
  /// FoulPolicy).
  MoveError check(Point p) const;
  /// Renju, Black to move, game running, p empty: which forbidden kind p is (None when allowed).
  /// Forbidden::None in every other case.
  Forbidden forbiddenAt(Point p) const;
  /// Every forbidden point for the side to move (renju, Black to move, game running), in
  /// row-major order; empty otherwise.
  std::vector<Point> forbiddenPoints() const;
  /// A sentence for a refused move, e.g. "double-three at h8 is forbidden for Black" or
  /// "the point h8 is occupied".
  std::string refusalText(Point p, MoveError e) const;
  /// Takes back the last move: removes its stone, gives the turn back and clears a result made
  /// by that move (five or full board). Returns false when there is no move, or when the game
  /// was ended from outside (resignation, interruption), which undo cannot reopen.
  bool undo();
  /// Ends an ongoing game from outside (resignation, agreed draw, disconnection, protocol
  /// error). Ignored when the game is already over.
  void end(Outcome outcome, EndReason reason, std::string detail = {});
  /// Replaces the result of an ended game (a resignation that crossed the winning move).
  void setResult(Outcome outcome, EndReason reason, std::string detail = {});
  /// Puts p on the board for the side to move although the game has ended, keeping the result:
  /// for a move that crossed a resignation or an agreed draw on the network, so that both
  /// boards keep the same stones. Returns OffBoard / Occupied without change when p is not
  /// free; GameOver when the game is still running (use play()).
  MoveError recordAfterEnd(Point p);

  /// The board.
  const Board& board() const { return board_; }
  /// The rule set.
  Rule rule() const { return rule_; }
  /// What a forbidden move by Black does under renju.
  FoulPolicy foulPolicy() const { return foul_; }
  /// Board size (intersections per side).
  int size() const { return board_.size(); }
  /// The moves played so far, in order; moves()[0] is Black's first.
  const std::vector<Point>& moves() const { return moves_; }
  /// Number of moves played (plies).
  int ply() const { return static_cast<int>(moves_.size()); }
  /// The last move, or nullptr when none.
  const Point* lastMove() const { return moves_.empty() ? nullptr : &moves_.back(); }
  /// Colour to move next (Black on even plies).
  Stone toMove() const { return ply() % 2 == 0 ? Stone::Black : Stone::White; }
  /// Current result; outcome Ongoing while the game goes on.
  const Result& result() const { return result_; }
  /// True when the game has ended for any reason.
  bool over() const { return result_.outcome != Outcome::Ongoing; }

 private:
  Board board_;
  Rule rule_;
  FoulPolicy foul_;
  std::vector<Point> moves_;
  Result result_;
};

}  // namespace gomoku
