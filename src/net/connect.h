#pragma once
/// @file One outgoing TCP connection attempt with a deadline: resolve the name, connect to the
/// first address that answers (IPv6 and IPv4 as the resolver lists them). Shared by NetGame (a
/// joiner, and its reconnections) and OnlineClient, so the socket handling stays in one place.

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>

#include "net/netgame.h"

namespace gomoku::net {

/// How a connection attempt ended.
struct ConnectResult {
  /// None: connected. UnknownHost, Refused, TimedOut, Cancelled or Other (see error).
  NetFailure failure = NetFailure::None;
  boost::system::error_code error;       ///< the system's error (Other, UnknownHost), else empty
  bool lookupFailed = false;             ///< Other: the name lookup failed (not the connection)
  std::string host;                      ///< the name or address asked for
  std::uint16_t port = 0;                ///< the port asked for
  std::chrono::milliseconds timeout{0};  ///< the deadline that applied
};

/// The English sentence for a failed attempt, e.g. "unknown host \"nowhere\"", "no answer from
/// h:1 within 10 s (timed out)". `refusedText` ends the Refused sentence ("connection refused: "
/// + refusedText + " h:1"), e.g. "no game is hosted at". "" for None.
std::string describeConnect(const ConnectResult& r, const std::string& refusedText);

/// One attempt. Create with std::make_shared; every member runs on the io_context's thread
/// except cancel(), which may be called from any thread.
class TcpConnector : public std::enable_shared_from_this<TcpConnector> {
 public:
  /// Called once on the io thread: the outcome and, when connected, the socket.
  using Done = std::function<void(const ConnectResult&, boost::asio::ip::tcp::socket)>;

  /// An attempt on `io`; nothing starts before start().
  explicit TcpConnector(boost::asio::io_context& io);
  /// Resolves `host` and connects to `port`, both within `timeout` together. Call once.
  void start(const std::string& host, std::uint16_t port, std::chrono::milliseconds timeout,
             Done done);
  /// Ends the attempt: `done` is called with Cancelled unless it was called already.
  /// Thread-safe; the call happens on the io thread.
  void cancel();

 private:
  void finish(NetFailure f, boost::system::error_code ec);

  boost::asio::io_context& io_;
  boost::asio::ip::tcp::resolver resolver_;
  boost::asio::ip::tcp::socket socket_;
  boost::asio::steady_timer deadline_;
  ConnectResult result_;
  Done done_;
  bool finished_ = false;
};

}  // namespace gomoku::net
