#pragma once
/// @file The client side of online play (gomoku-server): connect, register or log in, the hall
/// (stats, players, top, my games, invitations, finding, rooms), and the games, each a
/// net::Match run as Joiner over the same connection (PROTOCOL.md, "Server"). GUI-free and
/// thread-safe like NetGame: one background io_context thread; front ends read a snapshot when
/// the listener says something changed. The in-game part is a NetSnapshot, so MatchTracker reads
/// it as it reads a NetGame's.

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "net/match.h"
#include "net/netgame.h"
#include "net/watcher.h"
#include "net/wire.h"

namespace gomoku::net {

/// What the connection to the server is doing.
enum class OnlinePhase {
  Idle,          ///< nothing started
  Connecting,    ///< resolving, connecting, waiting for WELCOME
  Connected,     ///< WELCOME read: register or log in (again after a refused login)
  LoggingIn,     ///< REGISTER or LOGIN sent; waiting for LOGIN_RESULT
  Hall,          ///< logged in, no game: find, rooms, invitations, lists
  InGame,        ///< a match runs over the connection (OnlineSnapshot::game)
  Reconnecting,  ///< the connection dropped after login: reconnecting and logging in with the
                 ///< session token every reconnectInterval, until resumeWindow has passed
  Closed,        ///< over: OnlineSnapshot::failure and message say why
};

/// The phase's name as in the declaration ("Hall", ...), for logs and tests.
const char* onlinePhaseName(OnlinePhase p);

/// Why the connection ended (phase Closed), or None.
enum class OnlineFailure {
  None,                ///< not failed (or signed out: message "signed out")
  UnknownHost,         ///< the host name does not resolve
  Refused,             ///< nothing listens on that port
  TimedOut,            ///< no connection or no WELCOME within the connect timeout
  NotAServer,          ///< something answered, but not a Gomoku server (bad bytes, no WELCOME)
  GameHost,            ///< a P2P game host answered (HELLO), not a server: use `join`
  VersionMismatch,     ///< a Gomoku server with another protocol major version
  ServerRefused,       ///< the server said ERROR (e.g. a connection limit) or BYE and closed
  Replaced,            ///< another login of this account took over (ERROR Replaced)
  LoginLost,           ///< reconnecting: the session token was refused (log in again)
  ConnectionLost,      ///< the connection dropped and could not be made again in time
  Cancelled,           ///< the user cancelled the connection attempt
  UnknownServer,       ///< no fingerprint pinned for this server and trustNewServer is off:
                       ///< show OnlineSnapshot::fingerprint, then trustServer() and connect again
  CertificateChanged,  ///< the server's certificate is not the one pinned: refused (message
                       ///< names both fingerprints); never accepted automatically
  NotEncrypted,        ///< the server does not speak TLS (an old or fake server, a P2P game
                       ///< host; also one that hangs up on the first handshake): refused
  Other,               ///< anything else; see message
};

/// The failure's name as in the declaration ("GameHost", ...), for logs and tests.
const char* onlineFailureName(OnlineFailure f);

/// Why a request to the OnlineClient was not sent. describe() gives the English phrase.
enum class OnlineRefusal {
  None,          ///< sent
  NotConnected,  ///< "not connected to a server"
  NotLoggedIn,   ///< "log in first"
  LoggedIn,      ///< "already logged in"
  LoginPending,  ///< "the server has not answered the login yet"
  InGame,        ///< "a game is running: leave it first"
  Reconnecting,  ///< "the connection to the server is lost; reconnecting"
  TooLong,       ///< "the text is too long" (a name, password or code over the wire's limit)
  NotUtf8,       ///< "the text is not valid UTF-8"
  NoInvitation,  ///< "there is no such invitation"
  BadSettings,   ///< "bad game settings" (board size, renju on a board other than 15x15)
};

/// The English phrase of a refusal, lower case without a final period; "" for None.
std::string describe(OnlineRefusal r);
/// The English phrase of a hall refusal from the server (DENIED), e.g. "no such room".
std::string describe(DenyCode c);
/// The English phrase of a login answer, e.g. "wrong name or password"; "" for Ok.
std::string describe(LoginStatus s);

/// Timing of the connection.
struct OnlineOptions {
  std::chrono::milliseconds connectTimeout{10000};    ///< lookup + connect + WELCOME
  std::chrono::milliseconds heartbeatInterval{2000};  ///< a HEARTBEAT at least this often
  std::chrono::milliseconds silenceTimeout{10000};    ///< a server silent this long is gone
  std::chrono::milliseconds reconnectInterval{2000};  ///< pause between reconnect attempts
  std::chrono::milliseconds resumeWindow{180000};     ///< give up reconnecting after this
  /// Pin an unknown server's certificate without asking (trust on first use; the fingerprint
  /// is in OnlineSnapshot::fingerprint). False: an unknown server ends the attempt with
  /// OnlineFailure::UnknownServer so that the user can be asked first (then trustServer()).
  bool trustNewServer = false;
  /// The file of pinned server fingerprints ("" = tls::KnownServers::defaultPath(),
  /// $XDG_CONFIG_HOME/gomoku/known_servers).
  std::string knownServersPath;
};

/// A consistent copy of the client's state. Lists and logs grow; a front end remembers how much
/// of each it has shown (the counters only ever count up within one OnlineClient).
struct OnlineSnapshot {
  OnlinePhase phase = OnlinePhase::Idle;        ///< what the connection does
  OnlineFailure failure = OnlineFailure::None;  ///< Closed: why
  std::string message;           ///< Closed: the reason for the user; Reconnecting: why it dropped
  std::string serverAddress;     ///< "ip:port" of the server once connected
  std::string serverHost;        ///< the entry of connect()'s list tried last (or connected to)
  std::uint16_t serverPort = 0;  ///< its port
  std::string serverName;        ///< from WELCOME
  std::string serverVersion;     ///< the server's program version, from WELCOME
  /// The server's TLS certificate fingerprint (SHA-256, "AB:CD:..."), once the handshake got it
  /// (also with UnknownServer and CertificateChanged).
  std::string fingerprint;
  /// CertificateChanged: the fingerprint pinned before, which the server no longer has.
  std::string pinnedFingerprint;
  bool firstUse = false;  ///< the certificate was pinned on this connection (first use)
  // Login
  int loginAnswers = 0;   ///< LOGIN_RESULTs received so far
  LoginResult lastLogin;  ///< the last LOGIN_RESULT (its token blanked)
  bool loggedIn = false;  ///< a login succeeded on this client (stays during Reconnecting)
  std::string name;       ///< our account name as registered
  PlayerStats stats;      ///< our ladder line (LOGIN_RESULT, then STATS)
  bool elo = false;       ///< the server's ladder is Elo
  int statsUpdates = 0;   ///< STATS received
  // Hall
  Players players;                   ///< the last PLAYERS
  int playersUpdates = 0;            ///< PLAYERS received
  Top top;                           ///< the last TOP
  int topUpdates = 0;                ///< TOP received
  std::vector<GameSummary> games;    ///< our last games (GAME_LIST parts since the last request)
  int gameLists = 0;                 ///< complete answers to requestGames() (a GAME_LIST with last)
  std::vector<GameRecord> records;   ///< GAME_RECORDs received, oldest first
  std::vector<Invited> invitations;  ///< invitations not answered yet, oldest first
  int invitationsReceived = 0;       ///< INVITEDs received in all
  bool finding = false;              ///< FIND sent and not matched, cancelled or refused
  Rule findRule = Rule::Freestyle;   ///< finding: the rule
  TimeControl findClock{};           ///< finding: the time control (kind None: no clock)
  OpeningRule findOpening = OpeningRule::None;         ///< finding: the opening rule (None: none)
  std::chrono::steady_clock::time_point findingSince;  ///< finding: since when
  std::optional<RoomCreated> room;  ///< our open room, until a game starts or it is refused
  int roomsCreated = 0;             ///< ROOM_CREATEDs received
  std::vector<Denied> denials;      ///< every DENIED received, oldest first
  // Games
  int matches = 0;                 ///< MATCHEDs received (a new one: a new match in `game`)
  std::optional<Matched> matched;  ///< the last MATCHED (the current or last match)
  NetSnapshot game;  ///< the current or last match (phase Idle before the first MATCHED; the
                     ///< last match stays, Closed, until the next MATCHED)
  std::vector<GameResult> results;  ///< every GAME_RESULT received, oldest first
  bool opponentAway = false;        ///< OPPONENT_AWAY: the opponent's connection dropped
  std::chrono::steady_clock::time_point opponentDeadline;  ///< away: the opponent loses then
  int awayChanges = 0;                                     ///< OPPONENT_AWAY messages received
  int reconnects = 0;  ///< times the connection was made again after a drop
  std::chrono::steady_clock::time_point reconnectDeadline;  ///< Reconnecting: give up then
  // Watching (protocol 1.5)
  LiveGames live;                ///< the last LIVE_GAMES: games in progress
  int liveUpdates = 0;           ///< LIVE_GAMES received
  int watches = 0;               ///< watchGame() calls so far (a new one: a new `watch`)
  std::uint64_t watchingId = 0;  ///< the game we watch (0: none)
  /// The game we watch or watched last, as a P2P watcher holds it (net/watcher.h): phase
  /// Connecting until the first VIEW, Watching, then Ended (the game closed at the server, or
  /// unwatch()) or Failed (DENIED: message says why). hostAddress is the server's address.
  WatchSnapshot watch;
};

/// One connection to a gomoku-server. Destroying it leaves a running game (BYE), signs out and
/// joins the network thread.
class OnlineClient {
 public:
  /// Called on the network thread, with no lock held, after every change of the snapshot. It
  /// must not block and must not destroy the client; GUIs forward it with CallAfter.
  using Listener = std::function<void()>;

  /// Starts the network thread. `listener` may be empty.
  explicit OnlineClient(Listener listener, OnlineOptions options = {});
  /// Leaves a game, signs out (BYE) and joins the network thread.
  ~OnlineClient();
  OnlineClient(const OnlineClient&) = delete;
  OnlineClient& operator=(const OnlineClient&) = delete;

  /// Connects to `host` (a name, an IPv4 or IPv6 address) and `port`; returns at once. Phase
  /// Connecting, then Connected once WELCOME arrived, or Closed (failure says why). Only from
  /// Idle or Closed (else nothing happens).
  void connect(const std::string& host, std::uint16_t port);
  /// Connects to the first of `servers` (host and port each; several nodes of one cluster) that
  /// answers, trying them in order; Closed with the last one's failure when none does, or at
  /// once on a certificate that changed or an unknown one (serverHost, serverPort say which).
  /// A node whose certificate is the one pinned for another entry is pinned too (the nodes of
  /// a cluster share one). Reconnecting after a drop starts with the server it was on and goes
  /// round the list. An empty list: nothing happens.
  void connect(const std::vector<std::pair<std::string, std::uint16_t>>& servers);
  /// Pins `fingerprint` for host:port in the known-servers file (after the user agreed to an
  /// UnknownServer). Throws std::runtime_error when the file cannot be written.
  static void trustServer(const std::string& host, std::uint16_t port,
                          const std::string& fingerprint, const std::string& knownServersPath = {});
  /// Stops connecting (failure Cancelled) or signs out (BYE, phase Closed, message "signed out").
  void close();
  /// Creates an account and logs in with it (REGISTER). Phase Connected only. The password is
  /// sent and forgotten (reconnections use the session token). Answer: loginAnswers, lastLogin.
  OnlineRefusal registerAccount(const std::string& name, const std::string& password);
  /// Logs in with a password (LOGIN). Phase Connected only, as registerAccount.
  OnlineRefusal login(const std::string& name, const std::string& password);
  /// Logs in with a session token that an earlier login gave (sessionToken()), as a front end
  /// that remembers the login does instead of keeping the password. Phase Connected only, as
  /// login(); a token the server no longer knows is answered BadCredentials.
  OnlineRefusal loginWithToken(const std::string& name, const std::string& token);
  /// The session token of the current login (64 hexadecimal digits; "" before a login or after
  /// close()): kept by a front end to log in again later without the password. Never in the
  /// snapshot, which is copied around freely.
  std::string sessionToken() const;

  /// Asks for STATS, PLAYERS and TOP again. Logged in, any phase but Reconnecting.
  OnlineRefusal refreshHall();
  /// Looks for an opponent with `rule`, the time control `clock` (kind None: no clock) and the
  /// opening rule `opening` (None: normal play) (FIND; 15x15). Hall only. BadSettings for an
  /// opening rule that does not fit `rule` (openingFitsRule).
  OnlineRefusal find(Rule rule, const TimeControl& clock = {},
                     OpeningRule opening = OpeningRule::None);
  /// Stops looking, or closes our open room (CANCEL_FIND). Hall only.
  OnlineRefusal cancelFind();
  /// Opens a private room (ROOM_CREATE); the code comes in `room`. Hall only. BadSettings for a
  /// board size outside 5..25, renju not on 15x15, or an opening rule that does not fit the
  /// rule (openingFitsRule; also for invite).
  OnlineRefusal createRoom(const RoomSettings& settings);
  /// Enters a friend's room by its code (ROOM_JOIN). Hall only.
  OnlineRefusal joinRoom(const std::string& code, bool rated);
  /// Invites a player online (INVITE). Hall only.
  OnlineRefusal invite(const std::string& name, const RoomSettings& settings);
  /// Answers invitation `inviteId` (INVITE_REPLY) and forgets it. Hall only (a decline also in a
  /// game). NoInvitation when it is not pending.
  OnlineRefusal answerInvitation(std::uint32_t inviteId, bool accept, bool rated);
  /// Asks for our last games (GAMES_REQUEST); `games` is emptied and refilled, then gameLists
  /// counts up. Logged in.
  OnlineRefusal requestGames();
  /// Asks for one stored game (GET_GAME); it arrives in `records` (or a DENIED). Logged in.
  OnlineRefusal requestGame(std::uint64_t id);

  /// Asks for the games in progress (LIVE_REQUEST); they arrive in `live`. Logged in.
  OnlineRefusal requestLive();
  /// Watches game `id` (from `live`) in the hall (WATCH_GAME): `watch` follows it. Hall only.
  OnlineRefusal watchGame(std::uint64_t id);
  /// Stops watching (UNWATCH; while reconnecting only here, the reconnection does not ask for
  /// the game again): `watch` ends ("you stopped watching"). Never refused.
  OnlineRefusal unwatch();
  /// Plays a local move in the current game (Match::playLocal).
  MoveError play(Point p);
  /// Our decision in the current game's opening (Match::openingAct); Finished when no opening
  /// runs (or no game).
  OpeningError openingAct(const OpeningAct& act);
  /// Leaves the current game (BYE: a resignation if it runs); back to the hall.
  RequestError leaveGame();
  /// Match requests of the current game (see Match): no refusal when done, else why not.
  RequestError requestTakeback();
  /// Answers the opponent's takeback request.
  RequestError answerTakeback(bool accept);
  /// Offers a draw (accepts the opponent's standing offer).
  RequestError offerDraw();
  /// Answers the opponent's draw offer.
  RequestError answerDraw(bool accept);
  /// Resigns the running game.
  RequestError resign();
  /// After a game: asks to play again (true) or declines the opponent's wish (false).
  RequestError playAgain(bool want);
  /// Sends a chat line to the opponent.
  RequestError sendChat(const std::string& text);

  /// Tests: drops the connection at once without a word; the client reconnects as after a real
  /// drop.
  void dropConnectionForTest();
  /// A copy of the current state.
  OnlineSnapshot snapshot() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gomoku::net
