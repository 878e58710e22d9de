#pragma once
/// @file The match protocol as a plain state machine: no sockets, no threads, no GUI.
/// It owns the authoritative Game of one network match, decides whether a local move may be
/// sent, and validates every message from the peer against the Game. Whatever is at the other
/// end (a direct TCP peer today, a lobby relay later) only has to deliver Messages.
/// Not thread-safe: the owner serialises calls (NetGame does it with a mutex).

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.h"
#include "core/game.h"
#include "net/wire.h"

namespace gomoku::net {

/// Which end of the connection we are.
enum class Role { Host, Joiner };

/// The host's colour choice.
enum class ColorChoice { Black, White, Random };

/// Settings of our side. The host's boardSize/rule/color decide the game; a joiner's are unused.
struct MatchSettings {
  Role role = Role::Host;                  ///< host or joiner
  std::string nickname = "Player";         ///< our nickname, UTF-8 (see nicknameError)
  int boardSize = Board::kDefaultSize;     ///< host: intersections per side
  Rule rule = Rule::Freestyle;             ///< host: rule set
  ColorChoice color = ColorChoice::Black;  ///< host: our colour
  FoulPolicy foul = FoulPolicy::Refuse;    ///< host, renju: what a forbidden move by Black does
  /// Host: the game clock (kind None: none). A clock needs a joiner of protocol 1.3 or newer;
  /// an older one is refused with VersionMismatch.
  TimeControl clock;
  /// Host: the opening rule of each game (core/opening.h; None: normal play from the first
  /// move). `color` then chooses the host's seat: Black is the first player. Needs a joiner of
  /// protocol 1.3, as a clock does; Soosõrv-8 and Taraguchi-10 need an odd board size.
  OpeningRule opening = OpeningRule::None;
  /// Host, with both a clock and an opening rule: the opening's decisions run on the clock
  /// (PROTOCOL.md, "Opening rules") when the joiner speaks protocol 1.6; with an older joiner,
  /// or when false, the clocks start with normal play.
  bool timesOpenings = true;
  /// Joiner: the front end can make opening decisions (Match::openingAct). When false, a
  /// SETUP with an opening rule is refused with BadSetup, saying this program cannot play it.
  bool playsOpenings = true;
  /// Host in gomoku-server (src/server/table.h), which keeps the authoritative clocks: the lag
  /// allowance in milliseconds (-1: a P2P host, PROTOCOL.md "Clocks"). With it a peer's move is
  /// charged at least our measure of its turn minus this (more than it claims when it lags or
  /// lies; a move beyond its time then loses on time), our checkClock() flags the peer once its
  /// time is out by this much and never our own (proxy) player, and a peer's claim against our
  /// player's time stands only when our own clock shows it out (PROTOCOL.md, "Server clocks").
  std::int64_t lagAllowanceMs = -1;
  /// Joiner of a gomoku-server game (the online client): the server keeps the authoritative
  /// clocks, so its FLAG against our time stands whatever our own clock shows (the server may
  /// have started our turn before its MOVE reached us; PROTOCOL.md, "Server clocks"). It must
  /// still match the position. False: a P2P joiner, which judges a claim by its own clock.
  bool serverKeepsTime = false;
  std::uint32_t randomSeed = 0;   ///< host with Random colour: 0 = from the clock
  bool resumable = true;          ///< a connection lost mid-match suspends it (else closes)
  std::uint64_t resumeToken = 0;  ///< joiner: rejoin the match with this token (RESUME
                                  ///< instead of HELLO); 0 = a new match
  /// Host with resumable: the resume token its SETUP gives (0: a random one). A server that
  /// rebuilds a match elsewhere from its history gives the same token again.
  std::uint64_t hostToken = 0;
};

/// Where the match stands.
enum class MatchPhase {
  Handshake,  ///< connected; HELLO/SETUP not yet complete
  Playing,    ///< game running
  Finished,   ///< game over (five, draw); connection still open
  Suspended,  ///< the connection dropped mid-match; waiting for the joiner to resume (RESUME)
  Closed,     ///< connection closed or failed; see closeReason()
};

/// The phase's name as in the declaration ("Handshake", "Playing", ...), for logs and tests.
const char* matchPhaseName(MatchPhase phase);

/// What just happened, for front ends. The state itself is read from the Match; notice()
/// says what the last event was for the user.
enum class MatchEvent {
  Started,          ///< a game started (after the handshake, or again after play again)
  Moved,            ///< a stone was played (either side)
  GameOver,         ///< the game ended with a result (five, full board, resignation, draw)
  Closed,           ///< the connection is closed; closeReason() says why
  TakenBack,        ///< stones were taken back (both boards)
  Request,          ///< a takeback request or draw offer arrived, or ours was answered
  PlayAgain,        ///< the peer wants to play again, or declined
  NicknameChanged,  ///< the peer's nickname changed
  ChatReceived,     ///< a chat line arrived (see chat())
  Suspended,        ///< the connection dropped mid-match; the match waits for a resume
  Resumed,          ///< a new connection took the match up again (boards synchronised)
};

/// One line of the chat.
struct ChatLine {
  bool fromUs = false;  ///< true: we wrote it
  std::string text;     ///< the line, UTF-8
};

/// Why a request of ours (takeback, draw, resign, play again, nickname, chat) was refused.
/// describe() gives the English phrase of each (shown after the value).
enum class RequestRefusal {
  None,                   ///< not refused: the request was sent or done
  Suspended,              ///< "the connection to the opponent is lost; wait for the reconnection"
  NoGameRunning,          ///< "there is no game running"
  TakebackPending,        ///< "your takeback request is waiting for an answer"
  AnswerTakebackFirst,    ///< "answer the opponent's takeback request first"
  NoMoveToTakeBack,       ///< "you have no move to take back"
  ConnectionClosed,       ///< "the connection is closed"
  NoTakebackToAnswer,     ///< "there is no takeback request to answer"
  WaitForTakebackAnswer,  ///< "wait for the answer to your takeback request"
  DrawOfferStands,        ///< "your draw offer stands"
  NoDrawOfferToAnswer,    ///< "there is no draw offer to answer"
  GameNotOver,            ///< "the game is not over"
  NoPlayAgainToAnswer,    ///< "the opponent has not asked to play again"
  WaitingForOpponent,     ///< "waiting for the opponent" (we asked to play again already)
  NotConnected,           ///< "not connected"
  ChatEmpty,              ///< "the line is empty"
  ChatNotUtf8,            ///< "the line is not valid UTF-8 text"
  ChatTooLong,            ///< "the line is longer than 500 bytes" (kMaxChatBytes)
  ChatTooFast,            ///< "too many lines at once; wait a moment" (kChatBurst, kChatWindow)
  BadNickname,            ///< the nickname is refused; RequestError::detail says why
  DuringOpening,          ///< "a draw can be offered once the opening is over"
  WatchersMayNotChat,     ///< "the host does not let watchers chat" (net/watcher.h)
};

/// The answer to a request of ours: refusal None when it was sent (or done).
struct RequestError {
  RequestRefusal refusal = RequestRefusal::None;  ///< why not; None: done
  /// BadNickname: nicknameError's phrase (core/utf8.h), e.g. "the nickname is empty"; else "".
  std::string detail;
  /// True when the request was refused.
  explicit operator bool() const { return refusal != RequestRefusal::None; }
  /// Equal refusal and detail.
  friend bool operator==(const RequestError&, const RequestError&) = default;
  /// Compares the refusal only (e.g. `EXPECT_EQ(m.resign(), RequestRefusal::None)`).
  friend bool operator==(const RequestError& e, RequestRefusal r) { return e.refusal == r; }
};

/// The English phrase of a refusal, lower case without a final period, e.g. "there is no game
/// running"; for BadNickname the detail. "" for None. For logs and the command line; the app
/// translates by value (src/app/coretexts.h).
std::string describe(const RequestError& e);

/// What the match last told the user about (requests, answers, resignation, reconnection).
/// describe() gives the English sentence of each (shown after the value).
enum class NoticeKind {
  None,                    ///< nothing to say
  TakebackRequested,       ///< "Takeback requested; waiting for the answer."
  YouAcceptedTakeback,     ///< "You accepted the takeback."
  YouDeclinedTakeback,     ///< "You declined the takeback."
  PeerAsksTakeback,        ///< "PEER asks to take back a move." / "... two moves." (count 1 or 2)
  PeerAcceptedTakeback,    ///< "PEER accepted the takeback."
  PeerDeclinedTakeback,    ///< "PEER declined the takeback."
  DrawOffered,             ///< "Draw offered; it stands until the opponent moves."
  DrawAgreed,              ///< "Draw agreed." (we accepted the opponent's offer)
  YouDeclinedDraw,         ///< "You declined the draw."
  BothOfferedDraw,         ///< "Both offered a draw: draw agreed."
  PeerOffersDraw,          ///< "PEER offers a draw."
  PeerAcceptedDraw,        ///< "PEER accepted the draw."
  PeerDeclinedDraw,        ///< "PEER declined the draw."
  YouResigned,             ///< "You resigned."
  PeerResigned,            ///< "PEER resigned."
  YouDeclinedAgain,        ///< "You declined to play again."
  AskedAgain,              ///< "Asked to play again; waiting for the opponent."
  PeerDeclinedAgain,       ///< "PEER does not want to play again."
  PeerWantsAgain,          ///< "PEER wants to play again."
  PeerRenamed,             ///< "The opponent is now called PEER." (peer: the new nickname)
  NewGame,                 ///< "A new game starts; colours are swapped." (after play again)
  WaitingForReconnect,     ///< host: "Connection lost (REASON). Waiting for PEER to reconnect."
  Reconnecting,            ///< joiner: "Connection lost (REASON). Reconnecting to the host."
  ResumeRefused,           ///< host: "A reconnection was refused: REASON."
  PeerReconnected,         ///< host: "PEER reconnected; the game goes on."
  Rejoined,                ///< restarted joiner: "Rejoined the game at move COUNT."
  ReconnectedNewGame,      ///< joiner: "Reconnected; a new game starts; colours are swapped."
  Reconnected,             ///< joiner: "Reconnected; the game goes on."
  ReconnectedMoveArrived,  ///< joiner: "Reconnected; the game goes on (the host's move in
                           ///< flight arrived)."
  ReconnectedTakenBack,    ///< joiner: "Reconnected; the game goes on (the host's board has COUNT
                           ///< fewer moves; taken back here too)."
};

/// The other request that an accepted one ended without an answer of its own: it is withdrawn,
/// and the notice of the accepted request says so after its own sentence.
enum class Withdrawn {
  None,       ///< nothing else stood
  DrawOffer,  ///< "The draw offer no longer stands: moves were taken back." (takeback accepted)
  Takeback,   ///< "The takeback request no longer stands: the game is over." (draw agreed)
};

/// A notice with its parameters.
struct Notice {
  NoticeKind kind = NoticeKind::None;  ///< what happened
  /// The opponent's nickname where the sentence names them, as received (describe() puts it
  /// on one line; "" reads "The opponent"); PeerRenamed: the new nickname.
  std::string peer;
  /// PeerAsksTakeback: moves to take back (1 or 2); Rejoined: the moves played (the ply);
  /// ReconnectedTakenBack: how many moves fewer; NewGame, ReconnectedNewGame: with an opening
  /// rule (the other player is now the first player; the opening decides the colours) 1 when
  /// we begin the opening, 2 when the opponent does; 0 without one.
  int count = 0;
  /// WaitingForReconnect, Reconnecting: why the connection dropped; ResumeRefused: why the
  /// attempt was refused. English net phrases (session.cpp, netgame.cpp, match.cpp). "" else.
  std::string reason;
  /// YouAcceptedTakeback, PeerAcceptedTakeback: a draw offer that stood is withdrawn with it;
  /// DrawAgreed, BothOfferedDraw, PeerAcceptedDraw: a takeback request. None otherwise.
  Withdrawn withdrawn = Withdrawn::None;
  /// Same kind and parameters.
  friend bool operator==(const Notice&, const Notice&) = default;
};

/// The English sentence of a notice, e.g. "Alice accepted the takeback."; "" for None. For
/// logs, test reports and the command line; the app translates by value.
std::string describe(const Notice& n);
/// The English sentence of a withdrawn request, e.g. "The draw offer no longer stands: moves
/// were taken back."; "" for None.
std::string describe(Withdrawn w);

/// Applies the opening decision `a` (as OPENING carries it) for `who` to `o`: None when the
/// rule allows it; a refusal changes nothing. Shared by the match and front ends that play an
/// opening locally.
OpeningError applyOpeningAct(Opening& o, Seat who, const OpeningAct& a);

/// The opening decisions `acts` (Match::openingActs, NetSnapshot::openingActs) as core's
/// history (Opening::history, what records keep): replayed through Opening(rule, size,
/// gameRule), each for the seat that decides at that point; it stops before the first one the
/// rule refuses (none for a match's own list). Empty for OpeningRule::None or a board the rule
/// cannot have.
std::vector<OpeningEntry> openingHistory(OpeningRule rule, int size, Rule gameRule,
                                         const std::vector<OpeningAct>& acts);

/// Whether `r` is a game interrupted because the opponent left it (its BYE, e.g. the window
/// was closed): Outcome::Interrupted, EndReason::Disconnected, the detail "the opponent left
/// the game" with or without the reason it gave. Between two programs nobody awards the win.
bool opponentLeft(const Result& r);

/// One network match. Outputs go through the callbacks given at construction:
/// send (a message for the peer), disconnect (close the connection after the queued sends),
/// and notify (an event for the front end). Callbacks are invoked synchronously.
class Match {
 public:
  /// Sends a message to the peer.
  using SendFn = std::function<void(const Message&)>;
  /// Closes the connection once queued messages are written.
  using DisconnectFn = std::function<void()>;
  /// Reports an event to the front end.
  using NotifyFn = std::function<void(MatchEvent)>;

  /// A match in the Handshake phase. Throws std::invalid_argument for a bad nickname, board
  /// size or rule in `settings`.
  Match(MatchSettings settings, SendFn send, DisconnectFn disconnect, NotifyFn notify);

  /// The connection is up: sends our HELLO.
  void connected();
  /// Plays a local move: on success sends MOVE and returns MoveError::None; otherwise sends
  /// nothing. NotYourTurn also when the game has not started.
  MoveError playLocal(Point p);
  /// Handles a decoded message from the peer. A message that is invalid in the current phase
  /// or refused by the rules makes us send ERROR and disconnect; our Game stays exactly as it
  /// was (only its result becomes Interrupted if the game was running).
  void receive(const Message& m);
  /// The transport failed or closed (EOF, reset, heartbeat timeout, bad bytes). `reason` is shown
  /// to the user. After the game started (Playing or Finished) and with settings.resumable, the
  /// match is Suspended: the game stays as it is and waits for resume; otherwise it closes and
  /// a running game is interrupted. `mayResume` false (the peer sent bad bytes): always closes.
  /// Idempotent once Suspended or Closed.
  void connectionLost(const std::string& reason, bool mayResume = true);
  /// Joiner, Suspended: a new connection to the host is up; sends RESUME with our move list.
  void reconnected();
  /// Host, Suspended: whether `first`, the first message on a new connection, resumes this
  /// match (a RESUME with our token, for our game or for none).
  bool acceptsResume(const Message& first) const;
  /// The time to resume ran out (Suspended only): a running game ends, won by us as the player
  /// who stayed (EndReason::Abandoned); the match closes.
  void abandon();
  /// Suspended only: the other side will never resume: the match closes, `reason` saying why.
  /// A running game ends as `outcome` for `why` when the other side told how it ended (a server
  /// that ended it while we were away), else interrupted (a server that no longer holds it,
  /// e.g. after its restart).
  void giveUp(const std::string& reason, Outcome outcome = Outcome::Interrupted,
              EndReason why = EndReason::Disconnected);
  /// The token a joiner quotes to resume this match (0 before the game started).
  std::uint64_t token() const { return setup_.token; }
  /// How many times the match was suspended so far (a front end may see a short suspension
  /// only after it ended).
  int suspensions() const { return suspensions_; }
  /// Why the match is Suspended (empty otherwise).
  const std::string& suspendReason() const { return suspendReason_; }
  /// The game before the current one as it ended (an empty Game before the second game).
  const Game& previousGame() const { return previousGame_; }
  /// How many times previousGame()'s result was changed after the next game started: the host
  /// takes the joiner's result of a game whose last messages were lost in a drop (PROTOCOL.md,
  /// Reconnect). A front end that saved that game saves it again.
  int previousRevisions() const { return previousRevisions_; }
  /// How many takebacks were applied so far in this match, every game (a front end that looks
  /// only after the stones were played again sees the same moves).
  int takebacks() const { return takebacks_; }
  /// The number of moves the last takeback left on the board (-1 before the first).
  int takenBackTo() const { return takenBackTo_; }
  /// Programs watching the game (protocol 1.5): the host's own count (setWatchers), or the
  /// joiner's from the host's WATCHERS; 0 before any.
  int watchers() const { return watchers_; }
  /// Host: `count` programs watch the game now; tells a joiner of protocol 1.5 (WATCHERS) while
  /// the game is on. Negative counts are taken as 0, counts above 65535 as 65535.
  void setWatchers(int count);
  /// Host: a watcher's chat line (the host lets watchers chat) for the joiner: sent as
  /// WATCH_CHAT to a joiner of protocol 1.5 while the game is on, else dropped.
  void relayWatcherChat(const WatchChat& line);
  /// Joiner: the watchers' chat lines the host relayed, oldest first, at most
  /// kMaxWatcherChatKept.
  const std::vector<WatchChat>& watcherChat() const { return watcherChat_; }
  /// Joiner: the watchers' chat lines received so far (a new one counts up).
  int watcherChatLines() const { return watcherChatLines_; }
  /// Most watchers' chat lines a joiner keeps (watcherChat()).
  static constexpr std::size_t kMaxWatcherChatKept = 100;
  /// The game as SYNC carries it, token 0, all opening decisions and no previous result: what a
  /// watcher is sent (VIEW). Meaningful from MatchPhase::Playing.
  Sync watchedGame() const;
  /// We leave: sends BYE (not while Suspended: no link) and disconnects. Interrupts a running
  /// game.
  void leave();

  /// The game's clocks (disabled in a game without a clock), on the time of nowMs(): both run
  /// the same numbers on both ends (PROTOCOL.md, Clocks). The side to move's clock runs while
  /// the game does; paused while Suspended; stopped at the end.
  const GameClock& gameClock() const { return gameClock_; }
  /// The time of gameClock(), milliseconds: the steady clock, or the clock of setClock().
  std::int64_t nowMs() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(clock_().time_since_epoch())
        .count();
  }
  /// Judges the clocks now (the owner calls it when msUntilClockCheck() has passed): when our
  /// own time has run out, we lose on time and send FLAG; when the opponent's has run out by our
  /// measure plus kFlagGraceMs, we win on time and send FLAG. Not while our takeback request
  /// waits: its acceptance restarts the move, and the opponent's program judges meanwhile.
  void checkClock();
  /// Milliseconds until checkClock() may have something to do; -1 when no clock runs.
  std::int64_t msUntilClockCheck() const;

  /// The opening of the current game while it runs (nullptr without an opening rule, before the
  /// game, and once normal play began). Its game() holds the stones; game() shows the same.
  const Opening* opening() const { return opening_ && running() ? &*opening_ : nullptr; }
  /// The opening rule of the current game (None: none).
  OpeningRule openingRule() const { return setup_.opening; }
  /// Protocol 1.6: the current game's opening decisions run on the clock (Setup::openingTimed).
  bool openingTimed() const { return setup_.openingTimed; }
  /// Our seat in the opening rule: First is the tentative Black (also when there is none).
  Seat localSeat() const { return localSeat_; }
  /// The opening decisions of the current game so far, both sides', in order (seq 0, 1, ...).
  const std::vector<OpeningAct>& openingActs() const { return openingActs_; }
  /// The stones the current game's opening placed once it is over (0 before, and without an
  /// opening rule): they are never taken back.
  int openingStones() const { return openingStones_; }
  /// Our decision in the opening (`act.seq` is filled in): when the rule allows it, applied and
  /// sent as OPENING; otherwise nothing changes and the error says why (Finished: no opening
  /// runs; NotYourDecision: the opponent decides now). While an opening runs, playLocal()
  /// refuses (NotYourTurn) and takebacks have no move to take back; the clocks start when
  /// normal play begins.
  OpeningError openingAct(OpeningAct act);

  /// Asks to take back our last move (or our last two plies when the opponent has replied).
  /// While it is pending we cannot move. Returns no refusal when sent, else why not.
  RequestError requestTakeback();
  /// Answers the opponent's pending takeback request. No refusal when answered.
  RequestError answerTakeback(bool accept);
  /// Offers a draw; accepts the opponent's pending offer if there is one. No refusal when sent.
  RequestError offerDraw();
  /// Answers the opponent's pending draw offer. No refusal when answered.
  RequestError answerDraw(bool accept);
  /// Resigns the running game (on either player's turn). No refusal when done.
  RequestError resign();
  /// After a game: asks to play again (colours swap), or declines the opponent's wish.
  RequestError playAgain(bool want);
  /// Changes our nickname (see nicknameError) and tells the peer. No refusal when done.
  RequestError changeNickname(const std::string& nick);
  /// Sends a chat line (1..500 bytes of UTF-8; at most kChatBurst lines in kChatWindow).
  RequestError sendChat(const std::string& text);

  // Relay (gomoku-server, src/server/table.h): the server runs one Match as host per client,
  // whose local player stands for the other client. These pass an act of that other client,
  // already judged by the server's Match facing it, on to our peer. Its act was made before it
  // saw what our peer sent meanwhile, so it may cross our peer's messages: each applies the
  // crossing rules of PROTOCOL.md as the peer's program does when the message arrives.

  /// Relay: the proxy's move. While the game runs, as playLocal; with a clock and `thinkMs` >= 0
  /// (the time the server charged it on the other link), charges exactly that and sends it
  /// (also while Suspended), instead of our own measure. After the end, the one move
  /// that crossed the peer's resignation or its ending of the game by a draw (on our turn,
  /// nothing recorded since, no SYNC sent since) is recorded after the end and sent
  /// (PROTOCOL.md, End of game). While Suspended both are kept without sending, as a host's
  /// move in flight: the resume's SYNC brings them to the peer. GameOver when none applies;
  /// NotYourTurn, OffBoard/Occupied/Forbidden for a move the peer would refuse.
  MoveError relayMove(Point p, std::int64_t thinkMs = -1);
  /// Relay: the game ended on time on the other link, `loser` having run out at `atPly` stones
  /// (timeLossPly() there). Our proxy (loser = our colour, on its turn at atPly): FLAG about its
  /// own time, as checkClock() does. The peer: FLAG claiming its time, at its turn at atPly or
  /// before its last move (which stays on the board, as a move that crossed the claim). While
  /// Suspended the game ends without a message (the resume's SYNC tells the peer). After the
  /// peer's resignation or a draw agreed at that position (which crossed our proxy's own flag on
  /// the other link) the flag stands over it, as in P2P: FLAG goes out and the result becomes
  /// the loss on time.
  /// True when done, or when the game already ended so; false when the position does not fit.
  /// In a timed opening (protocol 1.6) `decision` >= 0 names the decision of that FLAG: at the
  /// current decision, as above (FLAG with the decision); at an earlier one, which the peer's
  /// decisions since (and a move after them) crossed on the other link, those are taken back
  /// here, as the peer's program takes them back, and FLAG claims the peer's time at it.
  bool relayFlag(Stone loser, int atPly, int decision = -1);
  /// Relay: the proxy's opening decision. As openingAct(); in a timed opening `thinkMs` >= 0 (the
  /// time the server charged the decision on the other link) is charged and sent instead of
  /// our own measure, which never flags it here. While Suspended it is applied (and charged)
  /// without sending, as a host's decision in flight: the resume's SYNC brings it to the peer.
  OpeningError relayOpeningAct(OpeningAct act, std::int64_t thinkMs);
  /// The decision at which the current game was lost on time in a timed opening (the FLAG's
  /// decision, as relayFlag() takes it); -1 when it was not lost so.
  int timeLossDecision() const;
  /// Host, before the joiner's HELLO: sets MatchSettings::timesOpenings (gomoku-server times an
  /// opening only when both of its clients speak protocol 1.6).
  void setTimesOpenings(bool on) { settings_.timesOpenings = on; }
  /// The thinking time charged for the last move played (either side's), milliseconds; -1
  /// without a clock or before the first move. A server relays it with relayMove().
  std::int64_t lastThinkMs() const { return lastThinkMs_; }
  /// The stones on the board when the current game was lost on time (the position of the
  /// FLAG); -1 when it was not.
  int timeLossPly() const { return timeLossPly_; }
  /// Relay: the proxy resigns, `atPly` = the stones on its board. While the game runs, as
  /// resign() (while Suspended without sending: the resume's SYNC carries the result). When the
  /// peer's move ended the game by the moves (five, full board, foul) at atPly + 1 stones, the
  /// resignation crossed it and replaces that result on both sides. NoGameRunning otherwise.
  RequestError relayResign(std::uint16_t atPly);
  /// Relay: the proxy offers a draw, made at `atPly` stones. As offerDraw(), except that an
  /// offer of the peer's standing meanwhile crossed it: DRAW_OFFER is sent and both agree (the
  /// peer's program finds the offers crossed). When the peer has resigned meanwhile (while its
  /// own offer stood), the offers agree over the resignation: DRAW_OFFER is sent and the game
  /// is drawn (not once a SYNC told the peer the end). While Suspended, when the peer's offer stood
  /// at the drop, the offers crossed: the game is drawn and the resume's SYNC tells the peer.
  /// NoGameRunning (Suspended) otherwise.
  RequestError relayDrawOffer(std::uint16_t atPly);
  /// Relay: the proxy answers the peer's draw offer made at `atPly`. As answerDraw(); when the
  /// peer has resigned meanwhile while that offer stood, an acceptance is sent and the draw
  /// stands over the resignation (as the peer's program decides; not once a SYNC told the peer
  /// the end). While Suspended, an
  /// acceptance of the offer that stood when the connection dropped ends the game drawn; the
  /// resume's SYNC tells the peer. NoDrawOfferToAnswer (Suspended) otherwise.
  RequestError relayDrawReply(std::uint16_t atPly, bool accept);
  /// Relay: the proxy answers the peer's takeback request. As answerTakeback(); while
  /// Suspended, an acceptance of the request that was waiting when the connection dropped
  /// takes the moves back now, and the resume settles it with the peer as a takeback whose
  /// answer was lost (the host's shorter list stands). Suspended otherwise.
  RequestError relayTakebackReply(bool accept);
  /// Relay, Suspended: our takeback request that was waiting when the connection dropped is
  /// void (the proxy's own client dropped too and has forgotten it): the resume no longer takes
  /// a peer's list without our last moves for its acceptance (the host's list stands).
  void relayVoidTakeback() {
    if (phase_ == MatchPhase::Suspended) takebackAtSuspend_.reset();
  }

  /// Lines a player may send in kChatWindow; the peer is cut off at twice as many.
  static constexpr int kChatBurst = 5;
  /// The window of the chat rate limit.
  static constexpr std::chrono::milliseconds kChatWindow{2000};

  /// Current phase.
  MatchPhase phase() const { return phase_; }
  /// The game; meaningful from the Playing phase on (a 15x15 freestyle placeholder before).
  const Game& game() const { return game_; }
  /// Our colour; Stone::Empty during the handshake.
  Stone localColor() const { return localColor_; }
  /// Our nickname.
  const std::string& localNickname() const { return settings_.nickname; }
  /// The peer's nickname; empty until its HELLO arrived.
  const std::string& peerNickname() const { return peerNickname_; }
  /// The peer's program version; empty until its HELLO arrived.
  const std::string& peerVersion() const { return peerVersion_; }
  /// Our role.
  Role role() const { return settings_.role; }
  /// Number of the current game on this connection (1 for the first).
  int gameNumber() const { return gameNumber_; }
  /// True while our takeback request waits for an answer (we cannot move meanwhile).
  bool takebackPending() const { return ourTakeback_.has_value(); }
  /// True while the opponent's takeback request waits for our answer.
  bool takebackRequested() const { return theirTakeback_.has_value(); }
  /// True while our draw offer stands.
  bool drawOffered() const { return ourDrawAt_.has_value(); }
  /// True while the opponent's draw offer waits for our answer.
  bool drawRequested() const { return theirDrawAt_.has_value(); }
  /// After a game: we asked to play again / the opponent asked.
  bool wantAgain() const { return weWantAgain_; }
  /// After a game: the opponent asked to play again.
  bool peerWantsAgain() const { return peerWantsAgain_; }
  /// The chat so far, oldest first.
  const std::vector<ChatLine>& chat() const { return chat_; }
  /// What the last notice said (kind None when none yet in this game).
  const Notice& notice() const { return notice_; }
  /// How many notices the match gave so far (each new one counts, even when equal to the last).
  int notices() const { return notices_; }
  /// The last notices, oldest first, at most kRecentNotices; the newest is notice(). Several
  /// come from one batch of messages (a draw offer, then a takeback request).
  const std::vector<Notice>& recentNotices() const { return recent_; }
  /// How many notices recentNotices() keeps.
  static constexpr std::size_t kRecentNotices = 8;
  /// Replaces the clock used by the chat rate limit (tests).
  void setClock(std::function<std::chrono::steady_clock::time_point()> clock) {
    clock_ = std::move(clock);
  }
  /// True when the game runs, it is our turn, and no takeback request of ours is waiting.
  bool myTurn() const;
  /// Why the connection closed (empty until Closed).
  const std::string& closeReason() const { return closeReason_; }
  /// Set when the match was refused during the handshake: Busy (the host has a game),
  /// VersionMismatch (either side found another protocol major version), NoSuchGame (no game to
  /// resume), or ServerOnly (joiner: the address is a Gomoku server, which sent WELCOME or any
  /// server message, or refused our HELLO with ERROR ServerOnly: use online play).
  /// A host that receives a server message answers ERROR NotAServer (see sentError()).
  std::optional<ErrorCode> refusal() const { return refusal_; }
  /// Set when we closed the match by sending ERROR (the peer broke the protocol or the rules).
  std::optional<ErrorCode> sentError() const { return sentError_; }

 private:
  void onHello(const Hello& h);
  void onSetup(const Setup& s);
  void onMove(const Move& m);
  void onError(const Error& e);
  void onTakebackRequest(const TakebackRequest& r);
  void onTakebackReply(const TakebackReply& r);
  void onDrawOffer(const DrawOffer& d);
  void onDrawReply(const DrawReply& d);
  void onResign(const Resign& r);
  void onPlayAgain(const PlayAgain& p);
  void onChat(const Chat& c);
  void onNickname(const Nickname& n);
  void onWatch();
  void onWatchers(const Watchers& w);
  void onWatchChat(const WatchChat& line);
  void onServerMessage(MsgType type);
  void closeAtServer();
  void onResume(const Resume& r);
  void onSync(const Sync& s);
  void onFlag(const Flag& f);
  // A FLAG during a timed opening (protocol 1.6): f.decision names the decider.
  void onOpeningFlag(const Flag& f);
  // Ends the game on time (a FLAG that stands), `loses` at atPly stones, over any other end.
  void endOnTime(Outcome loses, int atPly);
  bool relayOpeningFlag(Stone loser, int atPly, int decision);
  // While Suspended: the game ends on time at atPly without a message (the resume's SYNC
  // tells the peer).
  void endOnTimeSuspended(Outcome loses, int atPly);
  // The game ended on time in a timed opening and a resignation arrives: it stands over the
  // FLAG when the player who did not resign had decided since the resigner's last act
  // (`decidedSince`), as those decisions and the FLAG after them crossed it.
  bool resignationStandsOverFlag(bool decidedSince) const;
  // Finished, or suspended after the game ended (the peer dropped then).
  bool finishedHereOrAway() const;
  void onOpening(const OpeningAct& a);
  // Applies `a` for `who` to opening_; on success mirrors the stones into game_ and, when the
  // opening is done, fixes our colour and starts normal play (and the clocks).
  OpeningError applyOpening(Seat who, const OpeningAct& a);
  // The side to move starts its move now (a new game, a takeback, a resumed game): its clock
  // runs from now, the time of an interrupted move is dropped.
  void startTurnClock();
  // Stops the clocks once the game is over or the match closed, pauses them while Suspended.
  void settleClock();
  // Ends the running game, `loser` having run out of time, and tells the peer with FLAG.
  void timeUp(Stone loser);
  // Calls settleClock() when a public entry point returns.
  struct ClockGuard {
    Match& m;
    ~ClockGuard() { m.settleClock(); }
  };
  void rejectResume(ErrorCode code, const std::string& why);
  Sync syncMessage() const;
  void startGame(const Setup& s);
  void beforeOurMove();
  void afterMove();
  void clearRequests();
  // What an accepted takeback (a draw) withdraws with it: a draw offer (a takeback request)
  // that stands on either side, or None.
  Withdrawn drawOfferWithdrawn() const;
  Withdrawn takebackWithdrawn() const;
  // The game just ended by our act (resignation, accepted draw, agreement on the peer's offer):
  // on the peer's turn, remembers the ply at which its move may cross it.
  void endedByUs();
  // The one rule for a move after the end: a MOVE of the peer's numbered `ply` may still be
  // recorded when the game ended by our resignation or an agreed draw that we completed at that
  // ply, on the peer's turn, and nothing was recorded since (at most one). Used by onMove and,
  // for the move in flight in a RESUME, by onResume.
  bool crossedTheEnd(int ply) const;
  // Why the crossing move p cannot be recorded (None when it can): off the board, occupied, or
  // under renju with FoulPolicy::Refuse a forbidden point for Black.
  MoveError crossingError(Point p) const;
  std::string crossingErrorText(Point p, MoveError e) const;
  // Records the crossing move (checked with crossingError) after the end.
  void recordCrossing(Point p);
  // An opening decision that crossed the end of the game: its stone (Place, Pick), if any, is
  // recorded after the end as a crossing move, so that both boards agree and the peer's later
  // positions (RESIGN, FLAG at its ply) match ours. At most an opening's five stones.
  void recordStaleOpening(const OpeningAct& a);
  void takeBackTo(int ply);
  std::string peerName() const;
  void say(Notice n) {  // a new notice for the user
    if (recent_.size() == kRecentNotices) recent_.erase(recent_.begin());
    recent_.push_back(n);
    notice_ = std::move(n);
    ++notices_;
  }
  bool running() const { return phase_ == MatchPhase::Playing && !game_.over(); }
  // Protocol 1.6: the opening runs now and its decisions are timed.
  bool openingOnClock() const { return opening_ && setup_.openingTimed && gameClock_.enabled(); }
  // The colour whose time runs now: the opening's decider (a timed opening) or the side to move.
  Stone timedColour() const;
  // Protocol 1.4: the current game has an opening rule and the peer resumes it (RESUME and
  // SYNC carry the opening decisions).
  bool resumesOpenings() const { return setup_.opening != OpeningRule::None && peerMinor_ >= 4; }
  void fail(ErrorCode code, const std::string& why);
  void close(const std::string& reason);

  MatchSettings settings_;
  SendFn send_;
  DisconnectFn disconnect_;
  NotifyFn notify_;
  MatchPhase phase_ = MatchPhase::Handshake;
  Game game_;
  Stone localColor_ = Stone::Empty;
  std::string peerNickname_;
  std::string peerVersion_;
  int peerMinor_ = 0;  // the protocol minor version of the peer's HELLO
  bool helloSent_ = false;
  bool helloReceived_ = false;
  std::string closeReason_;
  std::optional<ErrorCode> refusal_;
  std::optional<ErrorCode> sentError_;
  Setup setup_;  // the current game's setup
  int gameNumber_ = 0;
  std::optional<TakebackRequest> ourTakeback_;  // our pending request
  int staleTakebackReplies_ = 0;  // refusals still to come for our requests a move crossed
  std::optional<TakebackRequest> theirTakeback_;  // the opponent's, waiting for our answer
  std::optional<std::uint16_t> ourDrawAt_;        // ply of our standing offer
  std::optional<std::uint16_t> theirDrawAt_;      // ply of the opponent's offer to answer
  bool weResigned_ = false;
  std::optional<std::uint16_t> resignedWithOfferAt_;  // our offer that stood when we resigned
  std::optional<int> crossingPly_;  // see endedByUs / crossedTheEnd; empty: no move may cross
  bool relayedCrossing_ = false;    // relayMove recorded the proxy's move after the end
  bool syncedSinceEnd_ = false;     // a SYNC sent after the end: no move may cross it any more
  bool weWantAgain_ = false;
  bool peerWantsAgain_ = false;
  std::vector<ChatLine> chat_;
  std::vector<std::chrono::steady_clock::time_point> ourChatTimes_, theirChatTimes_;
  std::function<std::chrono::steady_clock::time_point()> clock_ = [] {
    return std::chrono::steady_clock::now();
  };
  Notice notice_;
  int notices_ = 0;
  std::vector<Notice> recent_;  // the last notices, oldest first
  std::string suspendReason_;
  int suspensions_ = 0;
  MatchPhase suspendedFrom_ = MatchPhase::Playing;  // Playing or Finished
  bool wantedAgainAtSuspend_ = false;  // we had asked to play again when the link dropped
  std::optional<TakebackRequest> takebackAtSuspend_;  // our request pending when the link dropped
  std::optional<TakebackRequest> theirTakebackAtSuspend_;  // the peer's, then (relay)
  std::optional<std::uint16_t> theirDrawAtSuspend_;        // the peer's offer, then (relay)
  std::vector<Point> lastTakenBack_;                       // stones removed by the last takeback
  int takenBackTo_ = -1;                // the ply that takeback returned to (valid while unchanged)
  Game previousGame_;                   // the game before gameNumber_, as it ended
  int previousRevisions_ = 0;           // see previousRevisions()
  int takebacks_ = 0;                   // takebacks applied in this match
  int watchers_ = 0;                    // programs watching (watchers())
  std::vector<WatchChat> watcherChat_;  // joiner: the watchers' lines relayed (watcherChat())
  int watcherChatLines_ = 0;            // joiner: watcherChatLines()
  GameClock gameClock_;                 // the current game's clocks (see gameClock())
  std::int64_t turnStartMs_ = 0;        // when the side to move's turn began here (nowMs())
  std::int64_t ownLeftAtLastMove_ = -1;  // our deciding time left just before our last move
  // A timed opening (protocol 1.6): the state before each of our decisions since the peer's
  // last act (decision or move), which a claim about our time may have crossed: the claim then
  // stands at that decision and everything of ours after it is taken back (onOpeningFlag).
  struct OwnStep {
    int act = 0;            // the decision's number
    Opening opening;        // the opening before it (its stones, our colour then)
    GameClock clock;        // the clocks before it, ours running
    std::int64_t atMs = 0;  // when we decided (nowMs())
    // Our deciding time left when we decided (`colour`: ours then).
    std::int64_t leftMs(Stone colour) const { return clock.reading(colour, atMs).decidingMs; }
  };
  std::vector<OwnStep> ownRun_;
  // A server's proxy: the state before each of the peer's decisions since our last one (the
  // same fields, the peer's colour and clock), which relayFlag takes back when a claim on the
  // other link crossed them.
  std::vector<OwnStep> peerRun_;
  // Puts the opening back as it stood before the decision `st` and flags `loser`'s clock at the
  // time of that decision (a claim crossed it and what followed).
  void rollBackTo(const OwnStep& st, Stone loser);
  int openingFlagAt_ = -1;  // the decision of a FLAG that ended the game in a timed opening
  int staleActs_ = 0;       // the peer's opening decisions dropped as stale since the end
  // The peer's current turn began when we sent it our move (or accepted its takeback): only then
  // did its turn begin after ours in time, so its thinking time can be checked against ours
  // (not at the start of a game or after a resume, which each side starts when it can).
  bool peerTurnMeasured_ = false;
  std::int64_t relayThinkMs_ = -1;       // relayMove's thinking time for playLocal (-1: measure)
  std::int64_t lastThinkMs_ = -1;        // see lastThinkMs()
  int timeLossPly_ = -1;                 // see timeLossPly()
  std::optional<Opening> opening_;       // the running opening of the current game
  Seat localSeat_ = Seat::First;         // our seat (First: the tentative Black)
  std::vector<OpeningAct> openingActs_;  // the current game's opening decisions
  int openingStones_ = 0;                // stones the opening placed (no takeback below)
};

}  // namespace gomoku::net
