#include "server/relay.h"

#include <stdexcept>

namespace gomoku::server {

std::string encodeNodeMessage(const NodeMessage& m) {
  if (m.from.size() > 255) throw std::length_error("a node's incarnation over 255 bytes");
  std::string out;
  out.reserve(2 + m.from.size() + 8 + m.body.size());
  out += static_cast<char>(m.kind);
  out += static_cast<char>(m.from.size());
  out += m.from;
  auto account = static_cast<std::uint64_t>(m.account);
  for (int shift = 56; shift >= 0; shift -= 8) out += static_cast<char>((account >> shift) & 0xFF);
  out += m.body;
  return out;
}

std::optional<NodeMessage> decodeNodeMessage(const std::string& bytes) {
  if (bytes.size() < 2) return std::nullopt;
  auto kind = static_cast<std::uint8_t>(bytes[0]);
  std::size_t fromLen = static_cast<std::uint8_t>(bytes[1]);
  if (kind < static_cast<std::uint8_t>(NodeKind::Join) ||
      kind > static_cast<std::uint8_t>(NodeKind::InviteGone) || fromLen == 0 ||
      bytes.size() < 2 + fromLen + 8)
    return std::nullopt;
  NodeMessage m;
  m.kind = static_cast<NodeKind>(kind);
  m.from = bytes.substr(2, fromLen);
  std::uint64_t account = 0;
  for (std::size_t i = 0; i < 8; ++i)
    account = (account << 8) | static_cast<std::uint8_t>(bytes[2 + fromLen + i]);
  m.account = static_cast<std::int64_t>(account);
  if (m.account <= 0) return std::nullopt;
  m.body = bytes.substr(2 + fromLen + 8);
  return m;
}

}  // namespace gomoku::server
