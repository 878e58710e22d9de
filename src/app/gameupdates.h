#pragma once
/// @file Typed updates of what the main window shows, for its observers (the sounds, the test
/// report, the status bar): GameWatcher compares each state of the game shown with the last
/// one seen (moves played, taken back, the end), MatchWatcher each snapshot of a network match
/// with the last one (listening, a game started, suspended, resumed, chat lines, notices,
/// closed). Both keep the "already seen" bookkeeping in one place; std types only (no wx).

#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "net/netgame.h"

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

/// The changes of a network match from one snapshot to the next.
struct MatchUpdate {
  bool listening = false;             ///< the host started listening (snapshot's port)
  bool started = false;               ///< a game started (the first, or one after "play again")
  int gameNumber = 0;                 ///< started: its number, from 1
  int suspended = 0;                  ///< times the match was suspended since the last snapshot
  bool resumed = false;               ///< the match resumed after a suspension
  std::vector<net::ChatLine> chat;    ///< new chat lines (once the first game started)
  std::optional<net::Notice> notice;  ///< the match's notice changed (may be empty)
  bool closed = false;                ///< the match closed (once the first game started)
};

/// Follows a network match from one snapshot to the next.
class MatchWatcher {
 public:
  /// A new match (or none): nothing seen yet.
  void Reset();
  /// The changes from the snapshot last seen to `snap`.
  MatchUpdate Update(const net::NetSnapshot& snap);
  /// The match's first game has started (its game is the one shown).
  bool Started() const { return started_; }
  /// The number of the game shown (0 before the first).
  int GameNumber() const { return gameNumber_; }

 private:
  bool listening_ = false;
  bool started_ = false;
  int gameNumber_ = 0;
  int suspensions_ = 0;
  bool resumed_ = true;  // the last suspension's resumption was seen
  bool closed_ = false;
  std::size_t chat_ = 0;
  net::Notice notice_;
};

}  // namespace gomoku::app
