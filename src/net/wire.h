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

#include "core/rules.h"

namespace gomoku::net {

/// First magic byte ('G').
inline constexpr std::uint8_t kMagic0 = 0x47;
/// Second magic byte ('K').
inline constexpr std::uint8_t kMagic1 = 0x4B;
/// Protocol major version: peers with another major cannot talk (header byte 2 and HELLO).
inline constexpr std::uint8_t kProtocolMajor = 1;
/// Protocol minor version: additions that older peers of the same major can ignore.
inline constexpr std::uint8_t kProtocolMinor = 0;
/// Header size in bytes.
inline constexpr std::size_t kHeaderSize = 8;
/// Largest payload accepted, in bytes.
inline constexpr std::uint32_t kMaxPayload = 4096;
/// Default TCP port a host listens on.
inline constexpr std::uint16_t kDefaultPort = 6515;

/// Message type numbers (header byte 3). Numbers 16..24 are reserved for the full match
/// protocol (takeback, draw, resign, nickname, play again, chat, heartbeat) and are refused
/// as unknown until implemented.
enum class MsgType : std::uint8_t {
  Hello = 1,
  Setup = 2,
  Move = 3,
  Bye = 4,
  Error = 5,
  TakebackRequest = 16,  ///< reserved
  TakebackReply = 17,    ///< reserved
  DrawOffer = 18,        ///< reserved
  DrawReply = 19,        ///< reserved
  Resign = 20,           ///< reserved
  Nickname = 21,         ///< reserved
  PlayAgain = 22,        ///< reserved
  Chat = 23,             ///< reserved
  Heartbeat = 24,        ///< reserved
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
  std::uint8_t boardSize = 15;  ///< intersections per side, 5..25
  Rule rule = Rule::Freestyle;  ///< rule set (wire value: Rule's number)
  bool hostIsBlack = true;      ///< true: host plays Black (moves first)
  FoulPolicy foul = FoulPolicy::Refuse;  ///< renju: a forbidden move is refused, or loses
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
  std::string text;                        ///< optional free text, UTF-8, <= 200 bytes
  friend bool operator==(const Bye&, const Bye&) = default;
};

/// Error codes carried by ERROR.
enum class ErrorCode : std::uint16_t {
  Protocol = 1,         ///< malformed or unexpected message
  VersionMismatch = 2,  ///< another protocol major version
  Busy = 3,             ///< host already has a game
  IllegalMove = 4,      ///< a MOVE that the rules refuse (occupied, off board, out of turn)
  BadSetup = 5,         ///< a SETUP this program cannot play
};

/// ERROR: the sender found a fault; it closes the connection after sending.
struct Error {
  ErrorCode code = ErrorCode::Protocol;  ///< what kind of fault
  std::string text;                      ///< explanation for the user, UTF-8, <= 200 bytes
  friend bool operator==(const Error&, const Error&) = default;
};

/// Any message we can send or receive.
using Message = std::variant<Hello, Setup, Move, Bye, Error>;

/// The type number of a message.
MsgType typeOf(const Message& m);
/// Name of a message type for logs, e.g. "MOVE".
const char* typeName(MsgType t);

/// Why bytes could not be decoded.
enum class DecodeError {
  None,
  BadMagic,       ///< first two bytes are not 'G' 'K': not a Gomoku peer
  BadVersion,     ///< another protocol major version
  UnknownType,    ///< a type number we do not know (or reserved)
  TooLong,        ///< length field above kMaxPayload
  Truncated,      ///< payload ends inside a field
  TrailingBytes,  ///< payload longer than its fields
  BadValue,       ///< a field out of range (bad rule, bad UTF-8, nickname too long ...)
};

/// Sentence for a DecodeError, e.g. "not a Gomoku peer (bad magic)".
const char* decodeErrorText(DecodeError e);

/// A decoded header.
struct Header {
  std::uint8_t version = 0;    ///< protocol major version of the sender
  std::uint8_t type = 0;       ///< raw message type
  std::uint32_t length = 0;    ///< payload bytes that follow
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
