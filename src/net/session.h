#pragma once
/// @file One TCP connection carrying Gomoku messages: an async read loop (header, then body),
/// a write queue, and an orderly close. All handlers run on the socket's io_context thread.
/// The bytes go over plain TCP (P2P games) or TLS (net/tls.h makes such Sessions).

#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>

#include "net/transport.h"
#include "net/wire.h"

namespace gomoku::net {

/// A Session's close reason (which names the other end "the opponent") with `who` (e.g. "the
/// server", "the host") in its place, for a connection whose other end is not an opponent.
std::string naming(std::string reason, const std::string& who);

/// A framed message connection. Create with std::make_shared, then start().
class Session : public std::enable_shared_from_this<Session> {
 public:
  /// A complete, decoded message arrived.
  using MessageFn = std::function<void(Message)>;
  /// The connection ended. `reason` is a sentence for the user; `error` is the decode error
  /// when bad bytes ended it (DecodeError::None otherwise). Called at most once.
  using ClosedFn = std::function<void(const std::string& reason, DecodeError error)>;

  /// Takes over a connected socket.
  explicit Session(boost::asio::ip::tcp::socket socket);
  /// Takes over an established stream (net/tls.h: a TLS stream after its handshake).
  explicit Session(std::unique_ptr<Transport> transport);

  /// Starts the read loop. Call once, from the io_context thread or before it runs.
  void start(MessageFn onMessage, ClosedFn onClosed);
  /// Queues a message. Thread-safe. Ignored once closing.
  void send(const Message& m);
  /// Bounds the write queue: once more than `messages` wait to be written (a peer that does not
  /// read, e.g. a watcher's stalled program), the connection is closed with "the peer does not
  /// read what it is sent". 0: no bound (the default). Call before start().
  void setQueueLimit(std::size_t messages) { queueLimit_ = messages; }
  /// Queues raw bytes (tests of hostile peers). Thread-safe.
  void sendBytes(std::vector<std::uint8_t> bytes);
  /// Closes after the queued messages are written (within 3 s: a peer that stopped reading is
  /// not waited for longer): shuts down our sending side, waits briefly for the peer's end of
  /// stream, then closes. Thread-safe.
  void closeAfterWrites();
  /// Closes at once, dropping queued messages. Thread-safe.
  void abort();
  /// The peer's address as text ("127.0.0.1:1234"), or "" when unknown.
  std::string peerAddress() const { return peer_; }
  /// True when the connection is encrypted (TLS).
  bool encrypted() const { return transport_->encrypted(); }

 private:
  void readHeader();
  void readBody();
  void readEnded(const boost::system::error_code& ec);
  bool readStopped();
  void drain();
  void writeNext();
  void protocolError(DecodeError e);
  void startClosing();
  void shutdownSend();
  void shutdownTls();
  void closeSocket();
  void report(const std::string& reason, DecodeError e = DecodeError::None);

  std::unique_ptr<Transport> transport_;
  boost::asio::steady_timer lingerTimer_;
  std::string peer_;
  MessageFn onMessage_;
  ClosedFn onClosed_;
  std::uint8_t header_[kHeaderSize] = {};
  Header current_;
  std::vector<std::uint8_t> body_;
  std::deque<std::vector<std::uint8_t>> queue_;
  std::size_t queueLimit_ = 0;  // setQueueLimit
  bool closing_ = false;        // no more sends; shut down our side once the queue is written
  bool sendShutdown_ = false;   // our FIN is sent
  bool reported_ = false;       // onClosed_ was called; later messages are dropped
  bool reading_ = false;        // a read is outstanding
  bool stopReading_ = false;    // TLS: end the read loop, then send close_notify
};

}  // namespace gomoku::net
