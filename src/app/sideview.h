#pragma once
/// @file What the main window's side panel shows, as plain values (std types only, no wx):
/// whose turn it is, the players' names, the game's lines, the connection, the request card,
/// which buttons can be clicked and the replay bar's state. sideView() computes it from the
/// game shown and, in a network match, the match's snapshot; SidePanel (sidepanel.h) phrases it
/// in the user's language and lays it out. The match actions' conditions (matchActions) are
/// here too, so that the menus and the panel's buttons agree.

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <utility>

#include "core/clock.h"
#include "core/game.h"
#include "net/netgame.h"
#include "record/record.h"

namespace gomoku::app {

/// The kind of game the main window shows.
enum class GameKind {
  HotSeat,   ///< two players at this computer (undo, redo, restart)
  Computer,  ///< the user against the computer at this computer (undo, redo, restart too)
  Kept,      ///< a network game that ended or was cut short, kept on show: nobody plays on
  Network,   ///< a network match, from the start of its first game
  Replay,    ///< the replay of an opened record
};

/// The network match actions that can be taken now (menus, buttons, keys).
struct MatchActions {
  bool running = false;    ///< a game of the match is being played (InMatch, Playing)
  bool connected = false;  ///< the match's connection is open, past the handshake, not closed
  bool takeback = false;   ///< ask to take back our last move (and the reply after it)
  bool draw = false;       ///< offer a draw
  bool resign = false;     ///< give up the game
  bool again = false;      ///< after a game: ask for another one
  bool answer = false;     ///< an opponent's request waits for Accept / Decline
  bool leave = false;      ///< leave the match (it has started and is not closed)
};

/// What can be done in the match of `snap`; `started`: its first game has started (all false
/// for a missing snapshot).
MatchActions matchActions(const net::NetSnapshot* snap, bool started);

/// The result a record states (its RE), for the end of its replay.
struct StatedResult {
  RecordResult result = RecordResult::Unknown;  ///< what it says
  std::string text;                             ///< as written, e.g. "B+R"
  bool foul = false;                            ///< White won by Black's foul
};

/// A game on a server: what the side panel shows of the server and the ladder.
struct OnlineInput {
  std::string server;  ///< the server's name (from WELCOME; "" = use the address)
  bool rated = false;  ///< the game counts for the ladder
  bool elo = false;    ///< the ladder is Elo (else points)
  /// The opponent's ladder score when the match was set up; nullopt from the match's second
  /// game on (the first game changed it).
  std::optional<int> opponentScore;
  /// Once the server wrote the result of a rated game: our ladder score before and after.
  std::optional<std::pair<int, int>> ladder;
  /// The opponent's connection dropped: when they lose unless they come back.
  std::optional<std::chrono::steady_clock::time_point> opponentAwayUntil;
};

/// Everything sideView() reads besides the game shown.
struct SideInput {
  GameKind kind = GameKind::HotSeat;
  std::string blackName;          ///< the Black player's name (UTF-8); "" = name the colour
  std::string whiteName;          ///< the White player's name (UTF-8); "" = name the colour
  Stone you = Stone::Empty;       ///< the user's colour (network, computer); Empty in hot seat
  Stone computer = Stone::Empty;  ///< the computer's colour in a game against it
  bool redoable = false;          ///< hot seat / computer: a move taken back can be played again
  /// Hot seat / computer: Edit > Undo may take something back (not an opening's stones).
  bool undoable = true;
  /// An opening rule runs (the banner over the board says who decides).
  bool opening = false;
  /// The opening waits for the computer's decision (network: the opponent's).
  bool openingComputer = false;
  /// The colour of the player who decides the opening's step now (the side panel shows that
  /// player in bold); Empty: the colour to move.
  Stone openingDecider = Stone::Empty;
  int replayPly = 0;                   ///< replay: the move shown (0 = the empty board)
  int replayTotal = 0;                 ///< replay: the record's number of moves
  std::optional<StatedResult> stated;  ///< replay: the result the record states, if any
  /// Replay: the record's opening as the replay bar tells it (UTF-8, translated by the
  /// controller), e.g. "Opening rule: Soosõrv-8. Bob (second player) swapped the colours."; ""
  /// for a record without one.
  std::string replayOpening;
  /// Replay of a watched game (app/watchcontroller.h): the host ("host:port"), while the game
  /// is followed; nullopt otherwise (an ended watch reads as a replay).
  std::optional<std::string> watchHost;
  int watchers = 0;             ///< watched game: programs watching it, this one included
  bool watchChat = false;       ///< watched game: the host lets watchers chat
  bool watchFollowing = false;  ///< watched game: still followed (Stop watching can be chosen)
  bool watchOnline = false;     ///< watched game: in a server's hall (leaving: back to the hall)
  /// The match's last snapshot while a network game object exists (listening, connecting, in
  /// a match); nullptr otherwise.
  const net::NetSnapshot* net = nullptr;
  bool netStarted = false;  ///< the match's first game has started
  int gameNumber = 0;       ///< the number of the network game shown (0 before the first)
  /// A game on a server (with `net` its match); nullopt for a P2P match.
  std::optional<OnlineInput> online;
  /// The clocks' readings in a game played with clocks; nullopt otherwise.
  std::optional<ClockReading> blackClock;
  std::optional<ClockReading> whiteClock;  ///< see blackClock
  /// The time now, for the countdown of a suspended match.
  std::chrono::steady_clock::time_point now{};
};

/// A player's row.
struct PlayerView {
  std::string name;     ///< the nickname (UTF-8); "" = show the colour's name
  bool toMove = false;  ///< the game runs and this side is to move (in bold)
  bool you = false;     ///< "(you)" after the name
};

/// The line under the players: whose turn it is or the result.
enum class TurnKind {
  Result,            ///< the game is over: its result
  Paused,            ///< a network match lost its connection
  RecordResult,      ///< replay at the record's end: the result the record states
  ReplayToMove,      ///< replay: `side` to move
  YourTurn,          ///< the user is to move (network, computer)
  OpponentTurn,      ///< network: the opponent (SideView::peer) is to move
  ComputerThinking,  ///< the computer is to move
  ToMove,            ///< hot seat: `side` to move
  Opening,           ///< an opening rule runs and the user (hot seat: a player) decides
  Waiting,           ///< network: listening for an opponent, or connecting to one
};

/// The turn line.
struct TurnView {
  TurnKind kind = TurnKind::ToMove;
  Stone side = Stone::Black;  ///< ToMove, ReplayToMove: the side to move
  Result result;              ///< Result: the game's result
  StatedResult stated;        ///< RecordResult: what the record states
};

/// The connection line.
enum class ConnectionKind {
  NotConnected,  ///< no network game (also a finished local game, or a failure cancelled)
  LocalGame,     ///< not connected, a local game running on this computer
  Replaying,     ///< not connected, a record replayed
  Listening,     ///< the host listens on `port`
  Connecting,    ///< the joiner connects; `text`: the net layer's sentence ("" = none yet)
  Suspended,     ///< the match lost its connection; `secondsLeft` of the resume window
  Closed,        ///< the match closed; `text`: why (net layer's sentence)
  Connected,     ///< in a match with the peer at `text` ("ip:port"); `watchers` watch it
  Watching,      ///< watching the game hosted at `text` ("host:port") with `watchers` in all
  Online,        ///< in a game on the server named `text` (ConnectionView::online)
  Failed,        ///< listening or joining failed; `text`: why (net layer's sentence)
};

/// The connection line's values.
struct ConnectionView {
  ConnectionKind kind = ConnectionKind::NotConnected;
  int port = 0;               ///< Listening: the port
  std::string text;           ///< see ConnectionKind
  bool host = false;          ///< Suspended: we are the host (waiting for the peer)
  long long secondsLeft = 0;  ///< Suspended: seconds left to resume (never negative)
  int watchers = 0;           ///< Connected, Watching: programs watching the game
  /// A game on a server (also Suspended: we reconnect to the server; Closed: the game is over
  /// there): its values.
  std::optional<OnlineInput> online;
  /// Online, the opponent away: seconds until they lose (never negative); -1 when not away.
  long long awaySecondsLeft = -1;
};

/// The request card in a network match: the opponent's request to answer, or ours waiting.
enum class RequestKind {
  None,          ///< no card
  PeerTakeback,  ///< the opponent asks to take back `plies` moves (1 or 2)
  PeerDraw,      ///< the opponent offers a draw
  PeerAgain,     ///< the opponent wants to play again
  OwnTakeback,   ///< our takeback request waits
  OwnDraw,       ///< our draw offer stands
  OwnAgain,      ///< we asked to play again
};

/// The request card's values.
struct RequestView {
  RequestKind kind = RequestKind::None;
  int plies = 0;  ///< PeerTakeback: 1 or 2
  /// PeerDraw while our takeback request waits: the offer is answered after it (Accept and
  /// Decline shown, disabled). False otherwise.
  bool later = false;
  /// An opponent's request (Accept / Decline shown), not ours waiting.
  bool Incoming() const {
    return kind == RequestKind::PeerTakeback || kind == RequestKind::PeerDraw ||
           kind == RequestKind::PeerAgain;
  }
};

/// Which block sits under the game's lines.
struct SectionsView {
  bool local = false;    ///< Undo / Redo / Restart (hot seat, computer)
  bool replay = false;   ///< the replay bar
  bool network = false;  ///< the match actions, the request card and the chat
  bool chat = false;     ///< the chat (a network match, or a watched game)
};

/// What the Leave button does.
enum class LeaveKind {
  Leave,         ///< "Leave game"
  BackToHall,    ///< "Back to the hall" (online, no game of ours running, or a watch there)
  StopWatching,  ///< "Stop watching" (a P2P game watched)
};

/// Which controls can be clicked.
struct ControlsView {
  bool undo = false;
  bool redo = false;
  bool restart = false;
  bool takeback = false;
  bool draw = false;
  bool resign = false;
  bool again = false;
  bool againWaiting = false;  ///< "Play again" reads "Waiting…" (we asked already)
  bool chat = false;          ///< the chat input and Send
  bool leave = false;
  /// What Leave reads: Leave game, Back to the hall (online, no game running) or Stop watching.
  LeaveKind leaveKind = LeaveKind::Leave;
};

/// The replay bar's state.
struct ReplayView {
  int ply = 0;          ///< the move shown
  int total = 0;        ///< the record's moves
  std::string opening;  ///< the record's opening (SideInput::replayOpening); "" for none
};

/// One player's clock as the panel shows it.
struct ClockView {
  std::string face;      ///< clockFace of the time shown: "4:52", "0:09.4"
  bool byoYomi = false;  ///< the face shows the byo-yomi period (the main time is gone)
  bool running = false;  ///< this clock runs now (highlighted)
  bool low = false;      ///< under 10 s of deciding time: the warning colour
  bool flagged = false;  ///< out of time
};

/// Time under which a clock shows in the warning colour (and the running one sounds once).
inline constexpr std::int64_t kLowClockMs = 10000;

/// The players' clocks: set in a game played with clocks (hot seat and against the computer);
/// the panel shows a clock only when it has a value.
struct ClocksView {
  std::optional<ClockView> black;  ///< Black's clock
  std::optional<ClockView> white;  ///< White's clock
};

/// What the panel shows of a clock reading.
ClockView clockView(const ClockReading& r);

/// The side panel's contents.
struct SideView {
  PlayerView black;
  PlayerView white;
  TurnView turn;
  int gameNumber = 0;  ///< network: the game's number; the heading says "Game n" from 2 on
  int ply = 0;         ///< moves played
  std::optional<Point> lastMove;
  int size = 15;  ///< the board's side
  Rule rule = Rule::Freestyle;
  std::optional<FoulPolicy> foul;  ///< renju only: what a forbidden move does
  ConnectionView connection;
  RequestView request;
  /// A second request standing at once: a draw offer beside a takeback request (the first
  /// card), ours or the opponent's. None otherwise. Incoming requests come first.
  RequestView request2;
  SectionsView sections;
  ControlsView controls;
  std::optional<ReplayView> replay;  ///< in a replay
  ClocksView clocks;
  /// The opponent's nickname (UTF-8) while a network game object exists: for the opponent's
  /// turn, the countdown, the request card and the chat input's hint.
  std::string peer;
};

/// The side panel's contents for `game`, the game shown.
SideView sideView(const Game& game, const SideInput& in);

/// `name` (UTF-8) shortened by whole words to fit `maxWidth`: the longest prefix that ends
/// before a space or an opening parenthesis ("(" or "（"), followed by "…", whose width
/// (`width`, e.g. pixels in a font) is at most maxWidth; `name` itself when it fits. Nothing
/// when no such prefix fits (one long word): the caller then cuts inside the word.
std::optional<std::string> shortenByWords(const std::string& name,
                                          const std::function<int(const std::string&)>& width,
                                          int maxWidth);

}  // namespace gomoku::app
