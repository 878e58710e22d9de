#pragma once
/// @file Turns the successive snapshots of a NetGame into what happened in between, as typed
/// updates a front end handles one by one (a `switch` over MatchUpdate::kind), instead of each
/// front end diffing snapshots with counters of its own. No GUI, no threads: a GUI calls
/// update() in its CallAfter handler, the command line in its loop; both read what they show
/// from the same snapshot.
///
/// The updates of one call come in this order (the order the command line prints them):
/// Listening, Failed, PreviousGameRevised, GameStarted, TokenChanged, Suspended..., Resumed,
/// PeerRenamed, TakenBack, MovesAdded, RequestsChanged, Chat..., Notice, GameEnded, Closed.

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "net/netgame.h"

namespace gomoku::net {

/// What happened between two snapshots.
enum class MatchUpdateKind {
  Listening,            ///< host: listening on `port` (once per NetGame)
  Failed,               ///< listening or connecting failed: `failure`, `text` (the message)
  PreviousGameRevised,  ///< the result of game `gameNumber`, which ended before the current
                        ///< one, is now `result` (the host learnt on resume how the other side
                        ///< ended it: PROTOCOL.md, Reconnect); snapshot.previousGame holds it
  GameStarted,          ///< game `gameNumber` started (1 first; later ones after play again or a
                        ///< resume into the next game); we play `color`; its moves follow as
                        ///< MovesAdded (a rejoined game may start with moves)
  TokenChanged,         ///< joiner: the token that rejoins this match is now `token` (0: none any
                        ///< more, the match closed)
  Suspended,            ///< the connection dropped mid-match: `text` the reason ("" if unknown),
              ///< `resumeDeadline` when the game is abandoned; always followed, maybe in a
              ///< later call, by Resumed or Closed
  Resumed,          ///< the suspended match goes on; `ply` moves on the board now
  PeerRenamed,      ///< the opponent's nickname is now `text`
  TakenBack,        ///< moves were taken back: the game now has `ply` moves
  MovesAdded,       ///< moves `from` .. `ply`-1 (0-based plies of snapshot.game) were played
  RequestsChanged,  ///< a request was asked or answered: the snapshot's takebackPending,
                    ///< takebackRequested, drawOffered, drawRequested, wantAgain or
                    ///< peerWantsAgain changed
  Chat,             ///< a chat line: `chat` (ours or the opponent's)
  Notice,           ///< the match has something to tell the user: `notice`
  GameEnded,        ///< game `gameNumber` ended with `result` (once per game, and again when
                    ///< its outcome or reason changes: a resignation that crossed the five)
  Closed,           ///< the match closed: `text` why (snapshot.message), `failure`; `gameNumber`
                    ///< is 0 when it closed before a game started (a refused handshake)
};

/// One update; only the fields its kind names are set.
struct MatchUpdate {
  MatchUpdateKind kind = MatchUpdateKind::Notice;  ///< what happened
  int gameNumber =
      0;  ///< GameStarted, GameEnded, PreviousGameRevised, Closed: the game (1 for the first)
  Stone color = Stone::Empty;  ///< GameStarted: our colour
  int from = 0;                ///< MovesAdded: first new ply (0-based index into game.moves())
  int ply = 0;                 ///< MovesAdded, TakenBack, Resumed: moves on the board now
  std::uint16_t port = 0;      ///< Listening: the port
  std::uint64_t token = 0;     ///< TokenChanged: the new token (0: none)
  std::string text;  ///< Failed, Closed: the message; Suspended: the reason; PeerRenamed: name
  NetFailure failure = NetFailure::None;  ///< Failed, Closed: the failure (None for a normal close)
  std::chrono::steady_clock::time_point resumeDeadline;  ///< Suspended: abandoned at this time
  ChatLine chat;                                         ///< Chat: the line
  net::Notice notice;                                    ///< Notice: what to tell
  Result result;  ///< GameEnded, PreviousGameRevised: the result
};

/// The name of an update kind as in the declaration ("GameStarted", ...), for logs and tests.
const char* matchUpdateName(MatchUpdateKind kind);

/// Remembers what a front end has been told about one NetGame and reports what is new. A front
/// end that starts a new NetGame calls reset() (or makes a new tracker).
class MatchTracker {
 public:
  /// The updates since the last call (all of them on the first), in the order of the file
  /// comment. A suspension that is already over when we look still gives Suspended then
  /// Resumed (snapshot.suspensions counts them); moves taken back and played again between two
  /// looks give TakenBack then MovesAdded, also when the same stones were played again
  /// (snapshot.takebacks counts takebacks). Nothing about a game is reported before its
  /// GameStarted (chat and notices wait for it).
  std::vector<MatchUpdate> update(const NetSnapshot& snapshot);

  /// Forgets everything (a new NetGame).
  void reset() { *this = MatchTracker(); }

  /// The number of the last game reported with GameStarted (0 before the first).
  int gameNumber() const { return game_; }

 private:
  bool listening_ = false;  // Listening reported
  bool failed_ = false;     // the snapshot was Failed last time (Failed is an edge)
  bool closed_ = false;     // Closed reported
  int game_ = 0;            // last game reported with GameStarted
  int ended_ = 0;           // last game reported with GameEnded
  int revisions_ = 0;       // snapshot.previousRevisions seen
  Outcome endedOutcome_ = Outcome::Ongoing;  // and its result as reported
  EndReason endedReason_ = EndReason::None;
  std::vector<Point> moves_;    // the moves of the current game reported so far
  std::uint64_t token_ = 0;     // last token reported
  int suspensions_ = 0;         // Suspended updates given
  int takebacks_ = 0;           // takebacks seen (snapshot.takebacks)
  bool resumePending_ = false;  // a Suspended without its Resumed yet
  std::string peer_;            // the opponent's nickname last seen (after GameStarted)
  std::size_t chat_ = 0;        // chat lines reported
  int notices_ = 0;             // notices reported (snapshot.notices)
  unsigned requests_ = 0;       // the request flags last seen, as bits
};

}  // namespace gomoku::net
