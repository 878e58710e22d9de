#pragma once
/// @file A network match end to end: listen or connect, then run the Match over a Session on
/// one background io_context thread. This is the one object front ends (GUI, CLI) talk to.
/// Thread-safe: every public member may be called from any thread.

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "net/lan.h"
#include "net/match.h"

namespace gomoku::net {

/// What the connection is doing.
enum class NetPhase {
  Idle,        ///< nothing started
  Listening,   ///< host: waiting for a joiner
  Connecting,  ///< joiner: resolving the name and connecting
  InMatch,     ///< connected: see NetSnapshot::match for the match phase
  Failed,      ///< listening or connecting failed or was cancelled; see message
};

/// Why a join (or a host's listen) failed.
enum class NetFailure {
  None,
  UnknownHost,      ///< the host name does not resolve
  Refused,          ///< nothing listens on that port (connection refused)
  TimedOut,         ///< no connection within the deadline (name lookup included)
  NotGomokuHost,    ///< something answered, but not the Gomoku protocol
  VersionMismatch,  ///< a Gomoku host with another protocol major version
  Busy,             ///< the host already has a game
  NoGameToResume,   ///< joiner with a resume token: the host has no such game (any more)
  IsServer,         ///< joiner: the address is a Gomoku server (online play), not a game host
  AddressInUse,     ///< host: the port is taken by another program
  Cancelled,        ///< the user cancelled
  Other,            ///< anything else; see message
};

/// A consistent copy of the state for a front end to display.
struct NetSnapshot {
  NetPhase phase = NetPhase::Idle;           ///< connection phase
  MatchPhase match = MatchPhase::Handshake;  ///< match phase (meaningful in InMatch)
  Role role = Role::Host;                    ///< our role
  Game game;                                 ///< the game (meaningful from MatchPhase::Playing)
  Stone localColor = Stone::Empty;           ///< our colour once the game started
  std::string localNickname;                 ///< our nickname
  std::string peerNickname;                  ///< the peer's nickname ("" before its HELLO)
  std::string peerAddress;                   ///< the peer's address "ip:port" once connected
  bool myTurn = false;                       ///< the game runs and we are to move
  std::uint16_t port = 0;                    ///< host: the port we listen on
  /// Host listening with NetOptions::announce: the announcement on the local network
  /// (Unavailable also when nothing is announced).
  LanStatus lanStatus = LanStatus::Unavailable;
  NetFailure failure = NetFailure::None;  ///< why the phase is Failed, or why a match closed
  std::string message;                    ///< failure or close reason for the user
  int gameNumber = 0;                     ///< number of the current game (1 for the first)
  bool takebackPending = false;           ///< our takeback request waits for an answer
  bool takebackRequested = false;         ///< the opponent's takeback request waits for ours
  bool drawOffered = false;               ///< our draw offer stands
  bool drawRequested = false;             ///< the opponent's draw offer waits for our answer
  bool wantAgain = false;                 ///< after a game: we asked to play again
  bool peerWantsAgain = false;            ///< after a game: the opponent asked to play again
  std::vector<ChatLine> chat;             ///< the chat so far
  Notice notice;                          ///< what the last match event was (see Match)
  int notices = 0;                        ///< notices given so far (a new one counts up)
  /// The last notices, oldest first (Match::recentNotices): all of those given since the last
  /// snapshot, when several came at once.
  std::vector<Notice> recentNotices;
  std::string suspendReason;  ///< MatchPhase::Suspended: why the connection dropped
  int suspensions = 0;        ///< times the match was suspended so far
  std::chrono::steady_clock::time_point resumeDeadline;  ///< Suspended: the game is abandoned then
  std::uint64_t resumeToken = 0;  ///< joiner: the token that rejoins this match (0: none)
  Game previousGame;              ///< the game before gameNumber, as it ended (see Match)
  int previousRevisions = 0;      ///< times previousGame's result changed after it (Match)
  int takebacks = 0;              ///< takebacks applied so far in this match (see Match::takebacks)
  int takenBackTo = -1;  ///< moves on the board after the last of them (-1 before the first)
  /// The game's clocks (Match::gameClock; disabled without a clock), on the steady clock's
  /// milliseconds.
  GameClock clock;
  /// A side's clock at this moment (it runs on between snapshots), for the display.
  ClockReading clockNow(Stone side) const;
  /// The game's opening rule (None: none).
  OpeningRule openingRule = OpeningRule::None;
  /// The opening while it runs (Match::opening); unset before and after it.
  std::optional<Opening> opening;
  /// Our seat in the opening rule (First: the tentative Black).
  Seat localSeat = Seat::First;
  /// The opening decisions of the current game so far (Match::openingActs).
  std::vector<OpeningAct> openingActs;
  /// The stones the opening placed, once it is over (Match::openingStones): no takeback below.
  int openingStones = 0;
  /// Programs watching the game (Match::watchers): the host counts its own, a joiner of
  /// protocol 1.5 hears the host's count.
  int watchers = 0;
  /// The lines watchers wrote (the host lets them chat: NetOptions::watcherChat), oldest first,
  /// at most kMaxWatcherChatLines; `from` is the watcher's nickname. Host: as they came;
  /// joiner of protocol 1.5: as the host relayed them (WATCH_CHAT).
  std::vector<WatchChat> watcherChat;
  int watcherChatLines = 0;  ///< watchers' lines so far (a new one counts up)
};

/// Most watchers' chat lines a host keeps (NetSnapshot::watcherChat) and sends a new watcher.
inline constexpr std::size_t kMaxWatcherChatLines = 100;

/// Copies what `m` holds into the match fields of `s`: match phase, game, colour, nicknames, turn,
/// game number, requests, chat, notices, suspensions, previous game, takebacks, and (joiner)
/// resumeToken. The connection fields (phase, role, port, failure, message, peerAddress,
/// resumeDeadline) are left alone. Shared by NetGame and OnlineClient, so that MatchTracker reads
/// both alike.
void copyMatchState(const Match& m, NetSnapshot& s);

/// Timing of the connection's liveness checks.
struct NetOptions {
  std::chrono::milliseconds heartbeatInterval{2000};  ///< a HEARTBEAT at least this often
  std::chrono::milliseconds silenceTimeout{10000};    ///< a peer silent this long is gone
  std::chrono::milliseconds resumeWindow{180000};     ///< a dropped match may resume this long
  std::chrono::milliseconds reconnectInterval{2000};  ///< joiner: pause between reconnect attempts
  /// Host: announce the waiting game on the local network (net/lan.h) until a joiner comes.
  bool announce = false;
  /// Host: most programs that may watch the game at once (PROTOCOL.md, Watchers); 0 refuses
  /// watchers. A watcher is told "busy" beyond it.
  int maxWatchers = 50;
  /// Host: watchers may chat; their lines reach the other watchers and the host
  /// (NetSnapshot::watcherChat) and a joiner of protocol 1.5. Off: their lines are dropped.
  bool watcherChat = false;
};

/// This machine's host name and its non-loopback addresses (IPv4 first), for the host dialog.
struct LocalAddresses {
  std::string hostName;                ///< e.g. "alice-pc"
  std::vector<std::string> addresses;  ///< e.g. {"192.168.1.20", "fe80::1%eth0"}; may be empty
};
/// Reads the host name and interface addresses. Never throws.
LocalAddresses localAddresses();

/// "HOST", "HOST:PORT", "[v6]:PORT" or a bare IPv6 address -> host and port
/// (defaultPort when absent). Returns nullopt for an empty host or a bad port.
std::optional<std::pair<std::string, std::uint16_t>> parseHostPort(const std::string& text,
                                                                   std::uint16_t defaultPort);
/// At most this many servers in a list (parseServerList).
inline constexpr std::size_t kMaxServers = 16;
/// "HOST[:PORT], HOST[:PORT], ..." (the nodes of one cluster, tried in order; each as
/// parseHostPort reads it, defaultPort when absent) -> the list; nullopt when an entry is
/// empty or bad, or there are more than kMaxServers.
std::optional<std::vector<std::pair<std::string, std::uint16_t>>> parseServerList(
    const std::string& text, std::uint16_t defaultPort);
/// The key of a server: "host:port", the host in lower case, an IPv6 literal in brackets
/// ("[::1]:7531"); the pinned certificates (tls::KnownServers) and the app's remembered logins
/// are kept under it.
std::string hostPortKey(std::string_view host, std::uint16_t port);

/// Listens or connects, then runs one match. Destroying it leaves the match (BYE) and stops
/// the network thread. When the connection drops mid-match (no BYE), the match is Suspended:
/// the joiner reconnects to the same host every reconnectInterval and resumes (RESUME/SYNC);
/// the host keeps listening for it. After resumeWindow the game ends as abandoned, won by the
/// side that stayed.
class NetGame {
 public:
  /// Called on the network thread, with no lock held, after every change of the snapshot
  /// (possibly more often), until the destructor returns. It must not block and must not
  /// destroy the NetGame; GUIs forward it with CallAfter.
  using Listener = std::function<void()>;

  /// Starts the network thread. `listener` may be empty.
  explicit NetGame(Listener listener, NetOptions options = {});
  /// Leaves the match if any (BYE), closes everything and joins the network thread.
  ~NetGame();
  NetGame(const NetGame&) = delete;
  NetGame& operator=(const NetGame&) = delete;

  /// Host: listens on `port` (0 = any free port) on all interfaces, IPv6 dual-stack with an
  /// IPv4 fallback, and waits for one joiner. Returns an error sentence at once (e.g. "port
  /// 6515 is already in use by another program (address in use)") or nullopt when listening.
  /// Throws std::invalid_argument for bad settings. Callers beyond the first get BUSY.
  std::optional<std::string> host(std::uint16_t port, MatchSettings settings);
  /// Joiner: resolves `hostName` and connects to `port`, both within `timeout`, then runs the
  /// handshake (again within `timeout`). Returns at once; progress comes through the listener.
  /// Throws std::invalid_argument for bad settings.
  void join(const std::string& hostName, std::uint16_t port, MatchSettings settings,
            std::chrono::milliseconds timeout);
  /// Stops listening or connecting (phase Failed, failure Cancelled), or leaves a match.
  void cancel();
  /// Tests: drops the connection at once without a word (as a pulled cable noticed by both
  /// ends): the match is suspended and resumes as after a real drop. Nothing when not connected.
  void dropConnectionForTest();
  /// Tests: the program ends at once without a word (a killed process): nothing listens any
  /// more, the connection drops and the match closes here without reconnecting, so the peer
  /// sees only the drop and its resume window.
  void vanishForTest();
  /// Plays a local move (see Match::playLocal).
  MoveError play(Point p);
  /// Leaves the match: sends BYE and closes.
  void leave();
  /// Match requests (see Match): each returns no refusal when done, else why not.
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
  /// Changes our nickname, also for the peer.
  RequestError changeNickname(const std::string& nick);
  /// Sends a chat line.
  RequestError sendChat(const std::string& text);
  /// Our decision in the game's opening rule (see Match::openingAct).
  OpeningError openingAct(const OpeningAct& act);
  /// A copy of the current state.
  NetSnapshot snapshot() const;

 private:
  RequestError withMatch(const std::function<RequestError(Match&)>& request);
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gomoku::net
