#pragma once
/// @file The byte stream under a net::Session: plain TCP (session.cpp) or TLS (tls.cpp).
/// Internal to src/net: users make Sessions from a socket, or through net/tls.h.

#include <cstddef>
#include <functional>

#include <boost/asio/buffer.hpp>
#include <boost/asio/ip/tcp.hpp>

namespace gomoku::net {

/// An established connection's byte stream. All calls on the socket's io_context thread; at
/// most one read and one write outstanding (as Asio's streams require).
class Transport {
 public:
  /// Completion of a read or write: error and bytes transferred.
  using IoFn = std::function<void(const boost::system::error_code&, std::size_t)>;
  /// Completion of a shutdown.
  using DoneFn = std::function<void(const boost::system::error_code&)>;

  virtual ~Transport() = default;
  /// The TCP socket underneath (address, options, cancel, close).
  virtual boost::asio::ip::tcp::socket& socket() = 0;
  /// Reads until `b` is full.
  virtual void read(boost::asio::mutable_buffer b, IoFn done) = 0;
  /// Reads what is there (at least 1 byte).
  virtual void readSome(boost::asio::mutable_buffer b, IoFn done) = 0;
  /// Writes all of `b`.
  virtual void write(boost::asio::const_buffer b, IoFn done) = 0;
  /// True when ending our side needs the read loop stopped first (TLS: its close_notify
  /// exchange reads from the stream itself); false for TCP (a FIN, reads go on).
  virtual bool shutdownNeedsQuietReads() const = 0;
  /// Ends our sending side: TCP: a FIN, `done` at once; TLS: sends close_notify and waits for
  /// the peer's, then `done`. The caller bounds the wait with a timer and closes the socket.
  virtual void shutdownSend(DoneFn done) = 0;
  /// True for an encrypted stream.
  virtual bool encrypted() const = 0;
};

}  // namespace gomoku::net
