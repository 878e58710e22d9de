#pragma once
/// @file The Gomoku wire format: pure encode/decode, no I/O. Specification: src/net/PROTOCOL.md.
///
/// Every message is an 8-byte header followed by a payload:
///   offset 0  2 bytes  magic 'G' 'K' (0x47 0x4B)
///   offset 2  1 byte   protocol major version (kProtocolMajor)
///   offset 3  1 byte   message type (MsgType)
///   offset 4  4 bytes  payload length in bytes, unsigned, network byte order (big-endian)
/// Payload fields are written one by one in network byte order (never a memcpy of a struct):
/// u8, u16, u32 integers; strings as u16 byte length + UTF-8 bytes. A payload longer than
/// kMaxPayload is refused from the header alone, before any body byte is read.

#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "core/clock.h"
#include "core/game.h"
#include "core/opening.h"
#include "core/rules.h"

namespace gomoku::net {

/// First magic byte ('G').
inline constexpr std::uint8_t kMagic0 = 0x47;
/// Second magic byte ('K').
inline constexpr std::uint8_t kMagic1 = 0x4B;
/// Protocol major version: peers with another major cannot talk (header byte 2 and HELLO).
inline constexpr std::uint8_t kProtocolMajor = 1;
/// Protocol minor version: additions that older peers of the same major can ignore
/// (1: the result of the game before in RESUME/SYNC; 2: the server messages, types 64..87;
/// 3: game clocks and opening rules: SETUP's and SYNC's tail, thinking time in MOVE, FLAG,
/// OPENING; 4: the opening decisions in RESUME and SYNC, so that an opening is resumed;
/// 5: watchers: WATCH, VIEW, WATCH_CHAT and WATCHERS; 6: timed openings: SETUP's flag, the
/// thinking time in OPENING, the decision in FLAG).
inline constexpr std::uint8_t kProtocolMinor = 6;
/// Header size in bytes.
inline constexpr std::size_t kHeaderSize = 8;
/// Largest payload accepted, in bytes.
inline constexpr std::uint32_t kMaxPayload = 4096;
/// Default TCP port a host listens on.
inline constexpr std::uint16_t kDefaultPort = 6515;
/// Default TCP port of a gomoku-server (online play).
inline constexpr std::uint16_t kDefaultServerPort = 6516;

/// Message type numbers (header byte 3).
enum class MsgType : std::uint8_t {
  Hello = 1,
  Setup = 2,
  Move = 3,
  Bye = 4,
  Error = 5,
  TakebackRequest = 16,
  TakebackReply = 17,
  DrawOffer = 18,
  DrawReply = 19,
  Resign = 20,
  Nickname = 21,
  PlayAgain = 22,
  Chat = 23,
  Heartbeat = 24,
  Resume = 25,
  Sync = 26,
  Flag = 27,
  Opening = 28,
  // Watchers (protocol 1.5; PROTOCOL.md, Watchers).
  Watch = 29,
  View = 30,
  WatchChat = 31,
  Watchers = 32,
  // Server messages (PROTOCOL.md, Server).
  Welcome = 64,
  Register = 65,
  Login = 66,
  LoginResult = 67,
  Stats = 68,
  Players = 69,
  Top = 70,
  HallRequest = 71,
  Find = 72,
  CancelFind = 73,
  RoomCreate = 74,
  RoomCreated = 75,
  RoomJoin = 76,
  Invite = 77,
  Invited = 78,
  InviteReply = 79,
  Matched = 80,
  GameResult = 81,
  GamesRequest = 82,
  GameList = 83,
  GetGame = 84,
  GameRecord = 85,
  Denied = 86,
  OpponentAway = 87,
  // Watching games on a server (protocol 1.5).
  LiveRequest = 88,
  LiveGames = 89,
  WatchGame = 90,
  Unwatch = 91,
};

/// HELLO: first message of each side. Nickname: UTF-8, 1..32 code points, not blank.
struct Hello {
  std::uint8_t protocolMajor = kProtocolMajor;  ///< must equal ours
  std::uint8_t protocolMinor = kProtocolMinor;  ///< informative
  std::string programVersion;                   ///< e.g. "0.1.0", at most 32 bytes
  std::string nickname;                         ///< UTF-8, 1..32 code points
  friend bool operator==(const Hello&, const Hello&) = default;
};

/// SETUP: host -> joiner after the joiner's HELLO; fixes the game. Both sides then start.
struct Setup {
  std::uint8_t boardSize = 15;           ///< intersections per side, 5..25
  Rule rule = Rule::Freestyle;           ///< rule set (wire value: Rule's number)
  bool hostIsBlack = true;               ///< true: host plays Black (moves first)
  FoulPolicy foul = FoulPolicy::Refuse;  ///< renju: a forbidden move is refused, or loses
  std::uint64_t token = 0;  ///< secret the joiner quotes in RESUME (0: the host allows no resume)
  /// Protocol 1.3: the game clock (kind None: none). On the wire (with `opening`) only when
  /// either is set, and then only to a joiner that said minor >= 3.
  TimeControl clock{};
  /// Protocol 1.3: the opening rule (core/opening.h). With one, hostIsBlack says whether the
  /// host is the first player (the tentative Black); the opening may swap the colours.
  OpeningRule opening = OpeningRule::None;
  /// Protocol 1.6: the opening's decisions run on the clock (bit 1 of the colour byte), set
  /// only with both a clock and an opening rule, and only for a joiner that said minor >= 6.
  bool openingTimed = false;
  friend bool operator==(const Setup&, const Setup&) = default;
};

/// MOVE: a stone. ply = number of stones on the board before this one (0 for Black's first).
/// x = column, y = row from the top, 0-based.
struct Move {
  std::uint16_t ply = 0;  ///< 0-based move index
  std::uint8_t x = 0;     ///< column from the left, 0-based
  std::uint8_t y = 0;     ///< row from the top, 0-based
  /// Protocol 1.3, in a game with a clock (and only then): the mover's thinking time for this
  /// move in milliseconds, from the moment its turn began at its end (0..kMaxClockMs); -1 absent.
  std::int64_t thinkMs = -1;
  friend bool operator==(const Move&, const Move&) = default;
};

/// Why a peer says goodbye.
enum class ByeReason : std::uint8_t { Leaving = 0, Closing = 1 };

/// BYE: the sender is leaving; the receiver closes the connection.
struct Bye {
  ByeReason reason = ByeReason::Leaving;  ///< why
  std::string text;                       ///< optional free text, UTF-8, <= 200 bytes
  friend bool operator==(const Bye&, const Bye&) = default;
};

/// Error codes carried by ERROR.
enum class ErrorCode : std::uint16_t {
  Protocol = 1,         ///< malformed or unexpected message
  VersionMismatch = 2,  ///< another protocol major version
  Busy = 3,             ///< host already has a game
  IllegalMove = 4,      ///< a MOVE that the rules refuse (occupied, off board, out of turn)
  BadSetup = 5,         ///< a SETUP this program cannot play
  NoSuchGame = 6,       ///< a RESUME the host cannot match: no suspended game, wrong token or game
  Desync = 7,           ///< RESUME/SYNC move lists that differ before their ends
  ServerOnly = 8,       ///< a P2P HELLO or RESUME sent to a server as the first message
  NotAServer = 9,       ///< a server message sent to a P2P game host
  Replaced = 10,        ///< another login of this account took over this connection
  Limit = 11,           ///< a connection or rate limit of the server
};

/// ERROR: the sender found a fault; it closes the connection after sending.
struct Error {
  ErrorCode code = ErrorCode::Protocol;  ///< what kind of fault
  std::string text;                      ///< explanation for the user, UTF-8, <= 200 bytes
  friend bool operator==(const Error&, const Error&) = default;
};

/// Longest CHAT text, in bytes of UTF-8.
inline constexpr std::size_t kMaxChatBytes = 500;

/// TAKEBACK_REQUEST: the sender asks to take back moves. atPly = stones on the board when asked
/// (the request is stale once that changes); returnTo = stones left after the takeback
/// (atPly - 1: the sender's last move; atPly - 2: the opponent's reply too).
struct TakebackRequest {
  std::uint16_t atPly = 0;     ///< stones on the board when asked
  std::uint16_t returnTo = 0;  ///< stones left after the takeback
  friend bool operator==(const TakebackRequest&, const TakebackRequest&) = default;
};

/// TAKEBACK_REPLY: the answer to the request made at atPly. accept: both sides remove the same
/// stones, down to the request's returnTo.
struct TakebackReply {
  std::uint16_t atPly = 0;  ///< the request's atPly
  bool accept = false;      ///< true: taken back
  friend bool operator==(const TakebackReply&, const TakebackReply&) = default;
};

/// DRAW_OFFER: the sender offers a draw, made when atPly stones were on the board. It lapses
/// when the offerer's opponent moves.
struct DrawOffer {
  std::uint16_t atPly = 0;  ///< stones on the board when offered
  friend bool operator==(const DrawOffer&, const DrawOffer&) = default;
};

/// DRAW_REPLY: the answer to the offer made at atPly. accept: the game is drawn.
struct DrawReply {
  std::uint16_t atPly = 0;  ///< the offer's atPly
  bool accept = false;      ///< true: agreed draw
  friend bool operator==(const DrawReply&, const DrawReply&) = default;
};

/// RESIGN: the sender resigns, with atPly stones on the board as it sees it. A move of the
/// receiver's that crossed it is taken back, so both keep the same atPly stones.
struct Resign {
  std::uint16_t atPly = 0;  ///< stones on the sender's board
  friend bool operator==(const Resign&, const Resign&) = default;
};

/// NICKNAME: the sender's new nickname (UTF-8, 1..32 code points, not blank).
struct Nickname {
  std::string nickname;  ///< the new nickname
  friend bool operator==(const Nickname&, const Nickname&) = default;
};

/// PLAY_AGAIN: after a game, the sender wants (or declines) game number `game` (1 = the first
/// game of the connection). When both want the same next game it starts, colours swapped.
struct PlayAgain {
  std::uint16_t game = 0;  ///< number of the game wanted
  bool want = true;        ///< false: declines
  friend bool operator==(const PlayAgain&, const PlayAgain&) = default;
};

/// CHAT: a line of text for the opponent, UTF-8, at most kMaxChatBytes bytes.
struct Chat {
  std::string text;  ///< the line
  friend bool operator==(const Chat&, const Chat&) = default;
};

/// HEARTBEAT: no payload; shows the sender is alive (sent when nothing else was sent lately).
struct Heartbeat {
  friend bool operator==(const Heartbeat&, const Heartbeat&) = default;
};

/// FLAG (protocol 1.3, games with a clock): the side to move at atPly stones has run out of
/// time. Sent by that side's own program when its clock reaches zero, or by its opponent when
/// it measured that side's time out by more than kFlagGraceMs; the claim decides the game.
struct Flag {
  std::uint16_t atPly = 0;  ///< stones on the sender's board when the time ran out
  /// Protocol 1.6, in a timed opening (Setup::openingTimed): the number of opening decisions
  /// both sides applied when the decider's time ran out (the decider's clock is the one that
  /// ran); -1 absent (normal play, where atPly names the side).
  int decision = -1;
  friend bool operator==(const Flag&, const Flag&) = default;
};

/// How far a receiver's measure of the peer's clock may run past zero before it claims the
/// win with FLAG (network latency), in milliseconds; also how much time a FLAG about the
/// receiver may leave on its own clock and still stand.
inline constexpr std::int64_t kFlagGraceMs = 1000;
/// How much longer than the receiver measured (from sending its own move, or accepting a
/// takeback, to receiving the reply) a MOVE's thinking time may be, in milliseconds: timer
/// granularity and clock drift. The first move of a game or after a reconnection is not checked
/// (each side starts that turn when it can).
inline constexpr std::int64_t kThinkToleranceMs = 250;

/// Most moves a RESUME or SYNC carries (a full 25x25 board).
inline constexpr std::size_t kMaxSyncMoves = 625;

/// A stone in a RESUME or SYNC move list: x = column, y = row from the top, 0-based.
struct SyncPoint {
  std::uint8_t x = 0;  ///< column from the left, 0-based
  std::uint8_t y = 0;  ///< row from the top, 0-based
  friend bool operator==(const SyncPoint&, const SyncPoint&) = default;
};

/// What an OPENING message does (core/opening.h's actions), on the wire.
enum class OpeningAction : std::uint8_t {
  Place = 0,    ///< Opening::place: points[0]
  Choose = 1,   ///< Opening::choose: choice
  Declare = 2,  ///< Opening::declare: count
  Offer = 3,    ///< Opening::offer: points (1..kMaxOpeningPoints)
  Pick = 4,     ///< Opening::pick: points[0]
};

/// Most points an OPENING offer (and count a declaration) may carry: Taraguchi-10's ten.
inline constexpr std::uint8_t kMaxOpeningPoints = 10;
/// Most opening decisions in RESUME and SYNC (protocol 1.4; Taraguchi-10 takes at most 11).
inline constexpr std::size_t kMaxOpeningActs = 32;

/// OPENING (protocol 1.3): the sender's decision in the game's opening rule. seq = the number
/// of opening decisions both sides applied before this one (a check that both are at the same
/// step). Points: x = column, y = row from the top, 0-based.
struct OpeningAct {
  std::uint16_t seq = 0;                        ///< decisions before this one
  OpeningAction action = OpeningAction::Place;  ///< what it does
  std::vector<SyncPoint> points;                ///< Place, Pick: one; Offer: the alternatives
  OpeningChoice choice = OpeningChoice::Keep;   ///< Choose
  std::uint8_t count = 0;                       ///< Declare: 1..8
  /// Protocol 1.6, OPENING of a timed opening (Setup::openingTimed) only, not in the lists of
  /// RESUME and SYNC: the decider's thinking time in milliseconds (0..kMaxClockMs), as MOVE's;
  /// -1 absent.
  std::int64_t thinkMs = -1;
  friend bool operator==(const OpeningAct&, const OpeningAct&) = default;
};

/// RESUME: joiner -> host, the first message on a new connection after the old one dropped
/// mid-match (instead of HELLO). game = the game number the joiner holds (0: it holds no copy,
/// e.g. a restarted program); moves = its move list, Black's first move first.
struct Resume {
  std::uint64_t token = 0;       ///< the token from SETUP or SYNC
  std::uint16_t game = 0;        ///< the joiner's game number, 0 = none held
  std::vector<SyncPoint> moves;  ///< the joiner's moves, at most kMaxSyncMoves
  /// Protocol 1.1: the joiner's result of game `game` - 1 when the joiner has started `game`
  /// after it (play again) and that game ended; Ongoing/None when absent (an older joiner, or
  /// nothing to say). Sent only to a host that said minor >= 1 in its HELLO.
  Outcome previousOutcome = Outcome::Ongoing;
  EndReason previousReason = EndReason::None;  ///< with previousOutcome: why it ended
  /// Protocol 1.4, in a game with an opening rule, to a host that said minor >= 4: the opening
  /// decisions of game `game` the joiner holds, both sides', in order (seq 0, 1, ...; at most
  /// kMaxOpeningActs). Empty when absent (none yet, or an older joiner).
  std::vector<OpeningAct> openingActs = {};
  friend bool operator==(const Resume&, const Resume&) = default;
};

/// SYNC: host -> joiner, the answer to RESUME: the game as the host holds it, which both sides
/// then play on from. The joiner checks it ply by ply against its own list.
struct Sync {
  std::uint16_t game = 0;              ///< game number on this match (>= 1)
  Setup setup;                         ///< the game's setup, token included
  std::string hostNickname;            ///< the host's nickname (a restarted joiner has no HELLO)
  Outcome outcome = Outcome::Ongoing;  ///< the result, when the game ended other than by a move
  EndReason reason = EndReason::None;  ///< why it ended (None: running, or decided by the moves)
  std::vector<SyncPoint> moves;        ///< the whole move list, at most kMaxSyncMoves
  /// Protocol 1.1: the host's result of game `game` - 1 when the host started `game` after it
  /// (play again) and that game ended; Ongoing/None when absent. Sent only to a joiner that
  /// said minor >= 1 in its HELLO.
  Outcome previousOutcome = Outcome::Ongoing;
  EndReason previousReason = EndReason::None;  ///< with previousOutcome: why it ended
  /// Protocol 1.3, in a game with a clock (setup.clock): each side's main time left after its
  /// last move, milliseconds (GameClock::mainMs); the side to move starts its move afresh.
  std::int64_t blackMainMs = 0;
  std::int64_t whiteMainMs = 0;  ///< see blackMainMs
  /// Protocol 1.3: the colour the host plays now (setup.hostIsBlack names the first player of
  /// an opening rule; the opening may have swapped them). Equal to setup.hostIsBlack when absent.
  bool hostPlaysBlack = true;
  /// Protocol 1.4, in a game with an opening rule, to a joiner that said minor >= 4: the
  /// opening decisions of the game, both sides', in order (seq 0, 1, ...; at most
  /// kMaxOpeningActs); the joiner replays them. Empty when absent (none yet, or an older host).
  std::vector<OpeningAct> openingActs = {};
  friend bool operator==(const Sync&, const Sync&) = default;
};

// ---------------------------------------------------------------------------------------------
// Watchers (protocol 1.5; PROTOCOL.md, "Watchers"): a third program watches a P2P game. It never
// takes part in the players' Match: the host answers it beside the match.
// ---------------------------------------------------------------------------------------------

/// WATCH: watcher -> host, the first message of a connection that wants to watch the game (in
/// place of HELLO). The host answers with VIEW, or ERROR (Busy: no game to watch, watchers not
/// allowed or too many).
struct Watch {
  std::uint8_t protocolMajor = kProtocolMajor;  ///< must equal ours
  std::uint8_t protocolMinor = kProtocolMinor;  ///< informative
  std::string programVersion;                   ///< e.g. "0.1.0", at most 32 bytes
  std::string nickname;                         ///< UTF-8, 1..32 code points (shown in chat)
  friend bool operator==(const Watch&, const Watch&) = default;
};

/// What the watched game is doing (VIEW).
enum class ViewState : std::uint8_t {
  Playing = 0,    ///< a game runs (its opening too)
  Finished = 1,   ///< the game is over; the players may play again
  Suspended = 2,  ///< the joiner's connection dropped; the host waits for it to resume
};

/// VIEW: host -> watcher, the whole game as the host holds it: after WATCH and again whenever
/// anything but the running clock changes (a move, a takeback, a result, a nickname, the next
/// game, the number of watchers). The watcher replaces what it showed.
struct View {
  ViewState state = ViewState::Playing;  ///< what the game is doing
  bool chatAllowed = false;              ///< the host lets watchers chat (WATCH_CHAT)
  std::uint16_t watchers = 0;            ///< watchers connected, this one included
  std::string joinerNickname;            ///< the joiner's nickname (the host's is in `game`)
  /// The side whose move is being timed (or was when the clocks stopped): Empty when none.
  Stone clockSide = Stone::Empty;
  bool clockRunning = false;  ///< clockSide's clock runs now (false: stopped, game over)
  /// Milliseconds clockSide's current move has taken when the host sent this (0..kMaxClockMs).
  std::int64_t clockUsedMs = 0;
  /// The game as SYNC carries it (token 0): number, setup, the host's nickname, result, moves,
  /// main times after the last moves, the host's colour and the opening decisions. The
  /// previous game's result is absent.
  Sync game;
  friend bool operator==(const View&, const View&) = default;
};

/// WATCH_CHAT: a chat line watchers see. Host -> watcher: a player's line (`from` = the
/// player's nickname, player = true) or a watcher's (player = false). Watcher -> host: the
/// watcher's own line (`from` empty, player false), relayed only when VIEW says chatAllowed.
struct WatchChat {
  std::string from;     ///< the writer's nickname ("" from a watcher)
  bool player = false;  ///< the writer plays the game
  std::string text;     ///< the line, UTF-8, at most kMaxChatBytes bytes
  friend bool operator==(const WatchChat&, const WatchChat&) = default;
};

/// WATCHERS: host -> joiner (a joiner that said minor >= 5), during the match: how many
/// programs watch the game now.
struct Watchers {
  std::uint16_t count = 0;  ///< watchers connected
  friend bool operator==(const Watchers&, const Watchers&) = default;
};

// ---------------------------------------------------------------------------------------------
// Server messages (PROTOCOL.md, "Server"): between `gomoku-cli online` or the app and
// gomoku-server. Inside a game the match messages above flow unchanged.
// ---------------------------------------------------------------------------------------------

/// Longest account name on the wire, in bytes of UTF-8 (20 code points of up to 4 bytes; the
/// server checks the name rules themselves).
inline constexpr std::size_t kMaxNameBytes = 80;
/// Longest password or session token in REGISTER and LOGIN, in bytes of UTF-8.
inline constexpr std::size_t kMaxSecretBytes = 1024;
/// Longest session token in LOGIN_RESULT, in bytes (the server sends 64 hex digits).
inline constexpr std::size_t kMaxTokenBytes = 128;
/// Longest server name in WELCOME, in bytes of UTF-8.
inline constexpr std::size_t kMaxServerNameBytes = 64;
/// Longest room code in ROOM_CREATED and ROOM_JOIN, in bytes (the server's codes have 6).
inline constexpr std::size_t kMaxRoomCodeBytes = 16;
/// Longest English detail in LOGIN_RESULT and DENIED, in bytes of UTF-8.
inline constexpr std::size_t kMaxDetailBytes = 200;

/// The colour a room's creator chose (ColorChoice of match.h, on the wire).
enum class SeatColor : std::uint8_t { Black = 0, White = 1, Random = 2 };
/// The state of a player in the hall.
enum class PlayerState : std::uint8_t { Gone = 0, Hall = 1, Finding = 2, Playing = 3 };
/// Why a login or registration failed (Ok: it did not).
enum class LoginStatus : std::uint8_t {
  Ok = 0,               ///< logged in (or registered and logged in)
  BadCredentials = 1,   ///< wrong password or unknown name: one answer for both
  NameTaken = 2,        ///< register: the name (compared after NFKC and case folding) is taken
  BadName = 3,          ///< register: the name breaks the rules; detail says how
  BadPassword = 4,      ///< register: the password breaks the rules; detail says how
  AlreadySignedIn = 5,  ///< the account is signed in on another computer, which is still live
  ServerBusy = 6,       ///< the server cannot take logins now (e.g. a store it needs is away)
};
/// Why a hall request was refused (DENIED).
enum class DenyCode : std::uint16_t {
  NotLoggedIn = 1,      ///< the request needs a login first
  AlreadyLoggedIn = 2,  ///< REGISTER/LOGIN after a successful login
  Busy = 3,             ///< we are in a game, finding, or waiting in a room
  NoSuchRoom = 4,       ///< no open room has that code
  NoSuchPlayer = 5,     ///< nobody of that name is online
  PlayerBusy = 6,       ///< the invited player is in a game
  TooMany = 7,          ///< a rate or open-request limit
  BadRequest = 8,       ///< settings the server cannot play (board size, rule)
  NoSuchGame = 9,       ///< GET_GAME of a game that does not exist
  InviteDeclined = 10,  ///< the invited player declined
  InviteGone = 11,      ///< the invitation expired or was withdrawn
  Yourself = 12,        ///< inviting or joining oneself
};

/// A player's ladder line.
struct PlayerStats {
  std::int32_t score = 1000;  ///< ladder score (or Elo rating)
  std::uint32_t games = 0;    ///< rated games played
  std::uint32_t wins = 0;     ///< rated games won
  std::uint32_t draws = 0;    ///< rated games drawn
  friend bool operator==(const PlayerStats&, const PlayerStats&) = default;
};
/// WELCOME: server -> client, the first message on a connection.
struct Welcome {
  std::uint8_t protocolMajor = kProtocolMajor;  ///< must equal ours
  std::uint8_t protocolMinor = kProtocolMinor;  ///< informative
  std::string programVersion;                   ///< e.g. "0.1.0", at most 32 bytes
  std::string serverName;                       ///< shown to users, at most 64 bytes
  friend bool operator==(const Welcome&, const Welcome&) = default;
};
/// REGISTER: client -> server, a new account (then logged in).
struct Register {
  std::string name;      ///< UTF-8, at most 80 bytes on the wire (the server checks the rules)
  std::string password;  ///< UTF-8, at most 1024 bytes
  /// Protocol 1.3: the client's protocol minor version (kProtocolMinor), sent when not 0; 0 on
  /// receipt when absent (a client of 1.2, which cannot read the 1.3 fields of the hall).
  std::uint8_t clientMinor = 0;
  friend bool operator==(const Register&, const Register&) = default;
};
/// How LOGIN proves who we are.
enum class LoginMethod : std::uint8_t { Password = 0, Token = 1 };
/// LOGIN: client -> server.
struct Login {
  LoginMethod method = LoginMethod::Password;  ///< what `secret` is
  std::string name;                            ///< the account name, at most 80 bytes
  std::string secret;  ///< the password, or a session token from LOGIN_RESULT; <= 1024 bytes
  std::uint8_t clientMinor = 0;  ///< protocol 1.3: as Register::clientMinor
  friend bool operator==(const Login&, const Login&) = default;
};
/// LOGIN_RESULT: server -> client, the answer to REGISTER or LOGIN.
struct LoginResult {
  LoginStatus status = LoginStatus::Ok;  ///< Ok or why not
  std::string detail;  ///< BadName/BadPassword: English phrase of the rule broken; <= 200 bytes
  std::string name;    ///< Ok: the account's name as registered
  std::string token;   ///< Ok: a session token (64 hex digits) for LOGIN by Token; else ""
  PlayerStats stats;   ///< Ok: our ladder line
  bool elo = false;    ///< the server's ladder is Elo (else +-points)
  friend bool operator==(const LoginResult&, const LoginResult&) = default;
};
/// STATS: server -> client, our own ladder line (after login and after each game).
struct Stats {
  std::string name;   ///< our account name
  PlayerStats stats;  ///< our line
  bool elo = false;   ///< the ladder is Elo
  friend bool operator==(const Stats&, const Stats&) = default;
};
/// A player online.
struct PlayerEntry {
  std::string name;                       ///< account name
  std::int32_t score = 0;                 ///< ladder score
  PlayerState state = PlayerState::Hall;  ///< what they are doing
  friend bool operator==(const PlayerEntry&, const PlayerEntry&) = default;
};
/// Most entries in one PLAYERS message.
inline constexpr std::size_t kMaxPlayersListed = 30;
/// PLAYERS: server -> client, players online (at most kMaxPlayersListed) and their number.
struct Players {
  std::uint32_t total = 0;           ///< players online in all
  std::vector<PlayerEntry> players;  ///< some of them, at most kMaxPlayersListed
  friend bool operator==(const Players&, const Players&) = default;
};
/// A line of the ladder's top list.
struct TopEntry {
  std::uint16_t rank = 0;   ///< 1 for the first
  std::string name;         ///< account name
  std::int32_t score = 0;   ///< ladder score
  std::uint32_t games = 0;  ///< rated games
  std::uint32_t wins = 0;   ///< rated wins
  friend bool operator==(const TopEntry&, const TopEntry&) = default;
};
/// Most entries in TOP.
inline constexpr std::size_t kMaxTopEntries = 20;
/// TOP: server -> client, the top of the ladder.
struct Top {
  std::vector<TopEntry> entries;  ///< best first, at most kMaxTopEntries
  friend bool operator==(const Top&, const Top&) = default;
};
/// HALL_REQUEST: client -> server, send STATS, PLAYERS and TOP again.
struct HallRequest {
  friend bool operator==(const HallRequest&, const HallRequest&) = default;
};
/// FIND: client -> server, look for an opponent (15x15, same rule, time control and opening
/// rule only).
struct Find {
  Rule rule = Rule::Freestyle;  ///< the rule we want
  /// Protocol 1.3: the time control (kind None: no clock). On the wire with `opening` only when
  /// either is set.
  TimeControl clock{};
  OpeningRule opening = OpeningRule::None;  ///< protocol 1.3: the opening rule (None: none)
  friend bool operator==(const Find&, const Find&) = default;
};
/// CANCEL_FIND: client -> server, stop looking.
struct CancelFind {
  friend bool operator==(const CancelFind&, const CancelFind&) = default;
};
/// A private game's settings (as the P2P host dialog).
struct RoomSettings {
  std::uint8_t boardSize = 15;           ///< intersections per side, 5..25 (renju: 15)
  Rule rule = Rule::Freestyle;           ///< rule set
  SeatColor color = SeatColor::Black;    ///< the creator's colour
  FoulPolicy foul = FoulPolicy::Refuse;  ///< renju: what a forbidden move does
  bool rated = false;                    ///< the creator ticked Rated
  /// Protocol 1.3: the time control (kind None: no clock). On the wire with `opening` only when
  /// either is set (and then only to a client that said minor >= 3 at its login).
  TimeControl clock{};
  OpeningRule opening = OpeningRule::None;  ///< protocol 1.3: the opening rule (None: none)
  friend bool operator==(const RoomSettings&, const RoomSettings&) = default;
};
/// ROOM_CREATE: client -> server, open a private room.
struct RoomCreate {
  RoomSettings settings;  ///< the game's settings
  friend bool operator==(const RoomCreate&, const RoomCreate&) = default;
};
/// ROOM_CREATED: server -> client, the room is open under `code`.
struct RoomCreated {
  std::string code;       ///< 6 characters to give to a friend
  RoomSettings settings;  ///< the settings
  friend bool operator==(const RoomCreated&, const RoomCreated&) = default;
};
/// ROOM_JOIN: client -> server, enter a friend's room.
struct RoomJoin {
  std::string code;    ///< the room's code (case does not matter)
  bool rated = false;  ///< we ticked Rated (rated only when both did)
  friend bool operator==(const RoomJoin&, const RoomJoin&) = default;
};
/// INVITE: client -> server, invite a player online to a private game.
struct Invite {
  std::string name;       ///< the player's name
  RoomSettings settings;  ///< the game's settings
  friend bool operator==(const Invite&, const Invite&) = default;
};
/// INVITED: server -> client, someone invites us.
struct Invited {
  std::uint32_t inviteId = 0;  ///< quote it in INVITE_REPLY
  std::string from;            ///< who invites
  std::int32_t score = 0;      ///< their ladder score
  RoomSettings settings;       ///< the settings they chose (color: theirs)
  friend bool operator==(const Invited&, const Invited&) = default;
};
/// INVITE_REPLY: client -> server, the answer to INVITED.
struct InviteReply {
  std::uint32_t inviteId = 0;  ///< from INVITED
  bool accept = false;         ///< true: play
  bool rated = false;          ///< we ticked Rated
  friend bool operator==(const InviteReply&, const InviteReply&) = default;
};
/// MATCHED: server -> client, a game is set up; the match protocol (HELLO, or RESUME when
/// resumeToken is set) starts on this connection with us as the joiner.
struct Matched {
  std::uint64_t gameId = 0;              ///< the server's id of the game
  std::uint8_t boardSize = 15;           ///< as SETUP
  Rule rule = Rule::Freestyle;           ///< as SETUP
  FoulPolicy foul = FoulPolicy::Refuse;  ///< as SETUP
  bool youAreBlack = true;               ///< our colour
  std::string opponent;                  ///< the opponent's name
  std::int32_t opponentScore = 0;        ///< the opponent's ladder score
  bool rated = false;                    ///< the game counts for the ladder
  std::uint64_t resumeToken = 0;  ///< nonzero: our suspended game; resume it (RESUME) with this
  /// Protocol 1.3: the game's time control, as SETUP will say (kind None: no clock). On the
  /// wire with `opening` only when either is set.
  TimeControl clock{};
  OpeningRule opening = OpeningRule::None;  ///< protocol 1.3: the opening rule, as SETUP
  friend bool operator==(const Matched&, const Matched&) = default;
};
/// GAME_RESULT: server -> client, a game of ours ended and was written.
struct GameResult {
  std::uint64_t gameId = 0;            ///< the game
  Outcome outcome = Outcome::Ongoing;  ///< the server's result
  EndReason reason = EndReason::None;  ///< why it ended
  bool rated = false;                  ///< the ladder changed
  std::int32_t oldScore = 0;           ///< our score before
  std::int32_t newScore = 0;           ///< our score after
  friend bool operator==(const GameResult&, const GameResult&) = default;
};
/// GAMES_REQUEST: client -> server, our last 50 games (answered by GAME_LIST messages).
struct GamesRequest {
  friend bool operator==(const GamesRequest&, const GamesRequest&) = default;
};
/// One stored game, without its moves.
struct GameSummary {
  std::uint64_t id = 0;                ///< the server's id
  std::int64_t endedAt = 0;            ///< when it ended, Unix seconds
  std::string black;                   ///< Black's name
  std::string white;                   ///< White's name
  Rule rule = Rule::Freestyle;         ///< rule set
  std::uint8_t boardSize = 15;         ///< intersections per side
  Outcome outcome = Outcome::Ongoing;  ///< result
  EndReason reason = EndReason::None;  ///< why it ended
  bool rated = false;                  ///< counted for the ladder
  std::int32_t blackDelta = 0;         ///< Black's ladder change
  std::int32_t whiteDelta = 0;         ///< White's ladder change
  std::uint16_t moves = 0;             ///< stones played
  friend bool operator==(const GameSummary&, const GameSummary&) = default;
};
/// Most games in one GAME_LIST message.
inline constexpr std::size_t kMaxGamesListed = 20;
/// GAME_LIST: server -> client, part of the answer to GAMES_REQUEST (newest first).
struct GameList {
  bool last = true;                ///< the final part of the answer
  std::vector<GameSummary> games;  ///< at most kMaxGamesListed
  friend bool operator==(const GameList&, const GameList&) = default;
};
/// GET_GAME: client -> server, one stored game with its moves.
struct GetGame {
  std::uint64_t id = 0;  ///< from GAME_LIST
  friend bool operator==(const GetGame&, const GetGame&) = default;
};
/// GAME_RECORD: server -> client, the answer to GET_GAME.
struct GameRecord {
  GameSummary summary;                    ///< the game
  std::vector<SyncPoint> moves;           ///< its moves, Black's first first, <= kMaxSyncMoves
  std::vector<std::uint32_t> moveMillis;  ///< the same count: milliseconds each move took
  friend bool operator==(const GameRecord&, const GameRecord&) = default;
};
/// DENIED: server -> client, a hall request was refused.
struct Denied {
  MsgType request = MsgType::Find;       ///< the refused request's type
  DenyCode code = DenyCode::BadRequest;  ///< why
  std::string detail;                    ///< English detail, at most 200 bytes
  friend bool operator==(const Denied&, const Denied&) = default;
};
/// OPPONENT_AWAY: server -> client during a game: the opponent's connection dropped (away) or
/// came back.
struct OpponentAway {
  bool away = true;               ///< true: dropped; false: back
  std::uint32_t secondsLeft = 0;  ///< away: seconds until the game is lost by the opponent
  friend bool operator==(const OpponentAway&, const OpponentAway&) = default;
};

/// LIVE_REQUEST (protocol 1.5): client -> server, the games in progress (answered by
/// LIVE_GAMES). Logged in.
struct LiveRequest {
  friend bool operator==(const LiveRequest&, const LiveRequest&) = default;
};
/// A game in progress on the server.
struct LiveGame {
  std::uint64_t id = 0;         ///< the table's id: quote it in WATCH_GAME
  std::string black;            ///< Black's name (of the game now running at the table)
  std::int32_t blackScore = 0;  ///< Black's ladder score
  std::string white;            ///< White's name
  std::int32_t whiteScore = 0;  ///< White's ladder score
  Rule rule = Rule::Freestyle;  ///< rule set
  std::uint8_t boardSize = 15;  ///< intersections per side
  std::uint16_t moves = 0;      ///< stones on the board
  std::uint16_t watchers = 0;   ///< watching it now
  friend bool operator==(const LiveGame&, const LiveGame&) = default;
};
/// Most games in LIVE_GAMES.
inline constexpr std::size_t kMaxLiveListed = 20;
/// LIVE_GAMES (protocol 1.5): server -> client, the answer to LIVE_REQUEST: the games in
/// progress, most watched first (at most kMaxLiveListed), and how many there are in all.
struct LiveGames {
  std::uint32_t total = 0;      ///< games in progress in all
  std::vector<LiveGame> games;  ///< some of them, at most kMaxLiveListed
  friend bool operator==(const LiveGames&, const LiveGames&) = default;
};
/// WATCH_GAME (protocol 1.5): client -> server, watch game `id` (from LIVE_GAMES, or a game id a
/// player was told in MATCHED; a later game of the same players after play again follows). In the
/// hall only (not while finding, in a room or playing). The server answers with VIEW and WATCH_CHAT
/// as a P2P host does (PROTOCOL.md, Watchers), delayed by its watch delay, or DENIED
/// (NoSuchGame, Busy). Watching another game stops watching the first.
struct WatchGame {
  std::uint64_t id = 0;  ///< the game's id
  friend bool operator==(const WatchGame&, const WatchGame&) = default;
};
/// UNWATCH (protocol 1.5): client -> server, stop watching game `id`; server -> client, game
/// `id` is over at the server (its players left): no more VIEWs come.
struct Unwatch {
  std::uint64_t id = 0;  ///< the game id of the WATCH_GAME
  friend bool operator==(const Unwatch&, const Unwatch&) = default;
};

/// Any message we can send or receive.
using Message = std::variant<
    Hello, Setup, Move, Bye, Error, TakebackRequest, TakebackReply, DrawOffer, DrawReply, Resign,
    Nickname, PlayAgain, Chat, Heartbeat, Resume, Sync, Flag, OpeningAct,
    // watchers (protocol 1.5)
    Watch, View, WatchChat, Watchers,
    // server messages (types >= kFirstServerType)
    Welcome, Register, Login, LoginResult, Stats, Players, Top, HallRequest, Find, CancelFind,
    RoomCreate, RoomCreated, RoomJoin, Invite, Invited, InviteReply, Matched, GameResult,
    GamesRequest, GameList, GetGame, GameRecord, Denied, OpponentAway,
    // watching on a server (protocol 1.5)
    LiveRequest, LiveGames, WatchGame, Unwatch>;

/// The first server message type: types from here on belong to the server conversation
/// (PROTOCOL.md, "Server"), never to a P2P match.
inline constexpr std::uint8_t kFirstServerType = 64;
/// Whether `t` is a server message type (WELCOME ... UNWATCH).
bool isServerType(MsgType t);

/// The type number of a message.
MsgType typeOf(const Message& m);
/// Name of a message type for logs, e.g. "MOVE".
const char* typeName(MsgType t);

/// Why bytes could not be decoded.
enum class DecodeError {
  None,
  BadMagic,       ///< first two bytes are not 'G' 'K': not a Gomoku peer
  BadVersion,     ///< another protocol major version
  UnknownType,    ///< a type number we do not know
  TooLong,        ///< length field above kMaxPayload
  Truncated,      ///< payload ends inside a field
  TrailingBytes,  ///< payload longer than its fields
  BadValue,       ///< a field out of range (bad rule, bad UTF-8, nickname too long ...)
};

/// Sentence for a DecodeError, e.g. "not a Gomoku peer (bad magic)".
const char* decodeErrorText(DecodeError e);

/// A decoded header.
struct Header {
  std::uint8_t version = 0;  ///< protocol major version of the sender
  std::uint8_t type = 0;     ///< raw message type
  std::uint32_t length = 0;  ///< payload bytes that follow
};

/// Encodes a whole message (header + payload). Throws std::length_error if a string field or a
/// list is longer than the wire allows, or the payload exceeds kMaxPayload (the caller validates
/// user input first). Does not check enum values: the caller's are its own enums.
std::vector<std::uint8_t> encode(const Message& m);

/// Decodes the kHeaderSize bytes at `data`. Checks magic, version, type and the length limit,
/// in that order; on error `error` is set and the header must not be trusted.
Header decodeHeader(const std::uint8_t* data, DecodeError& error);

/// Decodes the payload of a message whose header was accepted. `size` must equal h.length.
/// On error returns an Error{} placeholder and sets `error`.
Message decodeBody(const Header& h, const std::uint8_t* data, std::size_t size, DecodeError& error);

}  // namespace gomoku::net
