#pragma once
/// @file What the nodes of a cluster tell each other about a game that spans two of them
/// (Presence::post and receive carry the bytes). A game runs on one node, its owner, which
/// judges it; a player of the game connected to another node (its home) is a guest at the
/// owner: the home passes the player's match messages and connection events to the owner, and
/// the owner's messages for the player back. Every message names the account it is about.

#include <cstdint>
#include <optional>
#include <string>

namespace gomoku::server {

/// What a message between nodes says.
enum class NodeKind : std::uint8_t {
  Join = 1,        ///< owner -> home: may the account play here? `body`: its seek as taken
                   ///< from the queue (encodeSeek): it must still wait for just that
  Gone = 2,        ///< home -> owner: the account cannot join (no longer waiting, or offline)
  ToPlayer = 3,    ///< owner -> home: a message for the player (`body`: net::encode bytes)
  FromPlayer = 4,  ///< home -> owner: a message of the player (`body`: net::encode bytes)
  Lost = 5,        ///< home -> owner: the player's connection dropped (`body`: the reason)
  Back = 6,        ///< home -> owner: the player logged in again (`body`: its protocol minor)
  Close = 7,       ///< owner -> home: close the player's connection
  Done = 8,        ///< owner -> home: the player's game is over: it is back in the hall
  Unpaired = 9,    ///< owner -> home: the pairing fell through: the player waits on
  Accepted = 10,   ///< home -> owner: the account joins (after Join): start the game
  // Invitations across nodes; `account` is always the invited player's.
  Invite = 11,          ///< inviter's node -> invitee's: `body`: the inviter's account id, a
                        ///< blank, and the INVITED (net::encode bytes, the inviter's id in it)
  InviteRefused = 12,   ///< invitee's node -> inviter's: "ID CODE DETAIL" (net::DenyCode)
  InviteAccepted = 13,  ///< invitee's node -> inviter's: "ID RATED MINOR SCORE GAMES WINS
                        ///< DRAWS NAME": it joins a game there (as after Accepted)
  InviteGone = 14,      ///< inviter's node -> invitee's: no game after all: back to the hall
};

/// One message between nodes.
struct NodeMessage {
  NodeKind kind = NodeKind::Join;  ///< what it says
  std::string from;                ///< the sender's incarnation (Presence::self())
  std::int64_t account = 0;        ///< the player it is about (an account id, > 0)
  std::string body;                ///< see NodeKind
  friend bool operator==(const NodeMessage&, const NodeMessage&) = default;
};

/// The bytes of a message: kind, sender (length byte and text), account (8 bytes, big
/// endian), body. Throws std::length_error for a sender over 255 bytes.
std::string encodeNodeMessage(const NodeMessage& m);
/// A message from its bytes; nothing when they are garbled (an unknown kind, a short or empty
/// sender, an account <= 0).
std::optional<NodeMessage> decodeNodeMessage(const std::string& bytes);

}  // namespace gomoku::server
