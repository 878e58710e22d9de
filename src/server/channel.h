#pragma once
/// @file How the server reaches one client, whatever carries the bytes: a TLS connection
/// (net::Session) or a WebSocket (web.h). The hall sees only connection numbers; server.cpp
/// keeps one Channel per number. Also the listening-socket helpers both listeners share.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include "net/session.h"
#include "net/wire.h"

namespace gomoku::server {

/// One client's message connection. start() once; the other calls are thread-safe.
class Channel {
 public:
  /// A complete, decoded message arrived (on the channel's io_context thread).
  using MessageFn = net::Session::MessageFn;
  /// The connection ended: a reason for the log, and the decode error when bad bytes ended it.
  using ClosedFn = net::Session::ClosedFn;

  virtual ~Channel() = default;
  /// Starts reading. Call once, on the channel's io_context thread.
  virtual void start(MessageFn onMessage, ClosedFn onClosed) = 0;
  /// Queues a message. Ignored once closing.
  virtual void send(const net::Message& m) = 0;
  /// Closes after the queued messages are written.
  virtual void closeAfterWrites() = 0;
  /// Closes at once, dropping queued messages.
  virtual void abort() = 0;
};

/// A Channel over a framed TLS (or TCP) session.
std::shared_ptr<Channel> channelOf(std::shared_ptr<net::Session> session);

/// Opens a listening socket on `listen` ("" = all addresses: IPv6 dual stack, else IPv4) and
/// `port` (0 = any free port). Throws ServerError (server.h) with a sentence naming `what`
/// ("port", "web port") when the port is in use or the address is not an IP address.
std::unique_ptr<boost::asio::ip::tcp::acceptor> openAcceptor(boost::asio::io_context& io,
                                                             const std::string& listen,
                                                             std::uint16_t port,
                                                             const std::string& what);

/// The peer's IP address without the port (IPv4-mapped IPv6 shown as IPv4); "?" when unknown.
std::string addressOf(const boost::asio::ip::tcp::socket& s);

/// True for a loopback peer address as addressOf() gives it (127.0.0.0/8, ::1).
bool isLoopbackAddress(const std::string& address);

}  // namespace gomoku::server
