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

#include "core/game.h"
#include "core/rules.h"

namespace gomoku::net {

/// First magic byte ('G').
inline constexpr std::uint8_t kMagic0 = 0x47;
/// Second magic byte ('K').
inline constexpr std::uint8_t kMagic1 = 0x4B;
/// Protocol major version: peers with another major cannot talk (header byte 2 and HELLO).
inline constexpr std::uint8_t kProtocolMajor = 1;
/// Protocol minor version: additions that older peers of the same major can ignore.
inline constexpr std::uint8_t kProtocolMinor = 1;
/// Header size in bytes.
inline constexpr std::size_t kHeaderSize = 8;
/// Largest payload accepted, in bytes.
inline constexpr std::uint32_t kMaxPayload = 4096;
/// Default TCP port a host listens on.
inline constexpr std::uint16_t kDefaultPort = 6515;

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
  friend bool operator==(const Setup&, const Setup&) = default;
};

/// MOVE: a stone. ply = number of stones on the board before this one (0 for Black's first).
/// x = column, y = row from the top, 0-based.
struct Move {
  std::uint16_t ply = 0;  ///< 0-based move index
  std::uint8_t x = 0;     ///< column from the left, 0-based
  std::uint8_t y = 0;     ///< row from the top, 0-based
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

/// Most moves a RESUME or SYNC carries (a full 25x25 board).
inline constexpr std::size_t kMaxSyncMoves = 625;

/// A stone in a RESUME or SYNC move list: x = column, y = row from the top, 0-based.
struct SyncPoint {
  std::uint8_t x = 0;  ///< column from the left, 0-based
  std::uint8_t y = 0;  ///< row from the top, 0-based
  friend bool operator==(const SyncPoint&, const SyncPoint&) = default;
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
  friend bool operator==(const Sync&, const Sync&) = default;
};

/// Any message we can send or receive.
using Message =
    std::variant<Hello, Setup, Move, Bye, Error, TakebackRequest, TakebackReply, DrawOffer,
                 DrawReply, Resign, Nickname, PlayAgain, Chat, Heartbeat, Resume, Sync>;

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

/// Encodes a whole message (header + payload). Throws std::length_error if a string field is
/// longer than the wire allows (the caller validates user input first).
std::vector<std::uint8_t> encode(const Message& m);

/// Decodes the kHeaderSize bytes at `data`. Checks magic, version, type and the length limit,
/// in that order; on error `error` is set and the header must not be trusted.
Header decodeHeader(const std::uint8_t* data, DecodeError& error);

/// Decodes the payload of a message whose header was accepted. `size` must equal h.length.
/// On error returns an Error{} placeholder and sets `error`.
Message decodeBody(const Header& h, const std::uint8_t* data, std::size_t size, DecodeError& error);

}  // namespace gomoku::net
