#include "net/session.h"

#include <boost/asio/post.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>

namespace gomoku::net {

namespace asio = boost::asio;
using boost::system::error_code;

namespace {
std::string describe(const error_code& ec) {
  if (ec == asio::error::eof) return "the opponent closed the connection";
  if (ec == asio::error::connection_reset) return "the connection was reset by the opponent";
  if (ec == asio::error::connection_aborted) return "the connection was aborted";
  if (ec == asio::error::timed_out) return "the connection timed out";
  return "connection lost: " + ec.message();
}

// Plain TCP: the P2P games.
class TcpTransport final : public Transport {
 public:
  explicit TcpTransport(asio::ip::tcp::socket socket) : socket_(std::move(socket)) {}
  asio::ip::tcp::socket& socket() override { return socket_; }
  void read(asio::mutable_buffer b, IoFn done) override {
    asio::async_read(socket_, b, std::move(done));
  }
  void readSome(asio::mutable_buffer b, IoFn done) override {
    socket_.async_read_some(b, std::move(done));
  }
  void write(asio::const_buffer b, IoFn done) override {
    asio::async_write(socket_, b, std::move(done));
  }
  bool shutdownNeedsQuietReads() const override { return false; }
  void shutdownSend(DoneFn done) override {
    error_code ec;
    socket_.shutdown(asio::ip::tcp::socket::shutdown_send, ec);
    done(ec);
  }
  bool encrypted() const override { return false; }

 private:
  asio::ip::tcp::socket socket_;
};
}  // namespace

std::string naming(std::string reason, const std::string& who) {
  static const std::string kOpponent = "the opponent";
  for (std::size_t at = 0; (at = reason.find(kOpponent, at)) != std::string::npos; at += who.size())
    reason.replace(at, kOpponent.size(), who);
  return reason;
}

Session::Session(asio::ip::tcp::socket socket)
    : Session(std::make_unique<TcpTransport>(std::move(socket))) {}

Session::Session(std::unique_ptr<Transport> transport)
    : transport_(std::move(transport)), lingerTimer_(transport_->socket().get_executor()) {
  auto& socket = transport_->socket();
  error_code ec;
  auto ep = socket.remote_endpoint(ec);
  if (!ec) {
    const auto addr = ep.address();
    const std::string a =
        addr.is_v6() && addr.to_v6().is_v4_mapped()
            ? asio::ip::make_address_v4(asio::ip::v4_mapped, addr.to_v6()).to_string()
            : addr.to_string();
    peer_ = (addr.is_v6() && !addr.to_v6().is_v4_mapped() ? "[" + a + "]" : a) + ":" +
            std::to_string(ep.port());
  }
  socket.set_option(asio::ip::tcp::no_delay(true), ec);
}

void Session::start(MessageFn onMessage, ClosedFn onClosed) {
  onMessage_ = std::move(onMessage);
  onClosed_ = std::move(onClosed);
  readHeader();
}

void Session::readHeader() {
  reading_ = true;
  transport_->read(asio::buffer(header_),
                   [self = shared_from_this()](const error_code& ec, std::size_t) {
                     if (self->readStopped()) return;
                     if (ec) return self->readEnded(ec);
                     DecodeError e;
                     self->current_ = decodeHeader(self->header_, e);
                     if (e != DecodeError::None)
                       return self->protocolError(e);  // length refused before the body
                     self->readBody();
                   });
}

void Session::readBody() {
  body_.resize(current_.length);
  reading_ = true;
  transport_->read(
      asio::buffer(body_), [self = shared_from_this()](const error_code& ec, std::size_t) {
        if (self->readStopped()) return;
        if (ec) return self->readEnded(ec);
        DecodeError e;
        Message m = decodeBody(self->current_, self->body_.data(), self->body_.size(), e);
        if (e != DecodeError::None) return self->protocolError(e);
        if (!self->reported_ && self->onMessage_) self->onMessage_(std::move(m));
        self->readHeader();
      });
}

void Session::readEnded(const error_code& ec) {
  report(describe(ec));
  closeSocket();
}

void Session::drain() {
  // After a protocol error the stream cannot be parsed any more: discard what still arrives
  // until the peer's end of stream, so that closing does not reset the connection before the
  // peer has read our ERROR.
  body_.resize(512);
  reading_ = true;
  transport_->readSome(asio::buffer(body_),
                       [self = shared_from_this()](const error_code& ec, std::size_t) {
                         if (self->readStopped()) return;
                         if (ec) return self->closeSocket();
                         self->drain();
                       });
}

bool Session::readStopped() {
  reading_ = false;
  if (!stopReading_) return false;
  // The read loop ended for the TLS close (shutdownSend): the stream is ours alone now.
  shutdownTls();
  return true;
}

void Session::protocolError(DecodeError e) {
  const std::string text = e == DecodeError::BadVersion
                               ? "version mismatch: the other program speaks protocol " +
                                     std::to_string(current_.version) + ".x, this one " +
                                     std::to_string(kProtocolMajor) + ".x"
                               : std::string(decodeErrorText(e));
  report(e == DecodeError::BadMagic     ? std::string("the other side is not a Gomoku program")
         : e == DecodeError::BadVersion ? text
                                        : "the opponent's program sent bad data: " + text,
         e);
  if (!closing_ && e != DecodeError::BadMagic) {
    const ErrorCode code =
        e == DecodeError::BadVersion ? ErrorCode::VersionMismatch : ErrorCode::Protocol;
    queue_.push_back(encode(Error{code, text}));
    if (queue_.size() == 1) writeNext();
  }
  startClosing();
  drain();
}

void Session::send(const Message& m) {
  sendBytes(encode(m));
}

void Session::sendBytes(std::vector<std::uint8_t> bytes) {
  asio::post(lingerTimer_.get_executor(),
             [self = shared_from_this(), b = std::move(bytes)]() mutable {
               if (self->closing_ || !self->transport_->socket().is_open()) return;
               self->queue_.push_back(std::move(b));
               if (self->queueLimit_ != 0 && self->queue_.size() > self->queueLimit_) {
                 // A write is in flight (the queue was not empty): its buffer stays until the
                 // closed socket cancels it, and its handler clears the queue.
                 self->closing_ = true;
                 self->report("the peer does not read what it is sent");
                 return self->closeSocket();
               }
               if (self->queue_.size() == 1) self->writeNext();
             });
}

void Session::writeNext() {
  transport_->write(asio::buffer(queue_.front()),
                    [self = shared_from_this()](const error_code& ec, std::size_t) {
                      if (ec) {
                        self->queue_.clear();
                        self->report(describe(ec));
                        return self->closeSocket();
                      }
                      self->queue_.pop_front();
                      if (!self->transport_->socket().is_open()) return self->queue_.clear();
                      if (!self->queue_.empty())
                        self->writeNext();
                      else if (self->closing_)
                        self->shutdownSend();
                    });
}

void Session::closeAfterWrites() {
  asio::post(lingerTimer_.get_executor(), [self = shared_from_this()] {
    self->report("closed by us");
    self->startClosing();
  });
}

void Session::abort() {
  asio::post(lingerTimer_.get_executor(), [self = shared_from_this()] {
    self->report("closed by us");
    self->closing_ = true;
    // Keep the message being written (its buffer is in use until the write completes).
    if (self->queue_.size() > 1) self->queue_.erase(self->queue_.begin() + 1, self->queue_.end());
    self->closeSocket();
  });
}

void Session::startClosing() {
  if (closing_) return;
  closing_ = true;
  if (queue_.empty()) return shutdownSend();
  // The queued messages go first, but a peer that stopped reading is not waited for long.
  lingerTimer_.expires_after(std::chrono::seconds(3));
  lingerTimer_.async_wait([self = shared_from_this()](error_code ec) {
    if (!ec) self->closeSocket();
  });
}

void Session::shutdownSend() {
  if (sendShutdown_ || !transport_->socket().is_open()) return;
  sendShutdown_ = true;
  // The read loop goes on until the peer's end of stream (TLS: the close_notify exchange
  // waits for the peer's); but not for long.
  lingerTimer_.expires_after(std::chrono::seconds(1));
  lingerTimer_.async_wait([self = shared_from_this()](error_code ec) {
    if (!ec) self->closeSocket();
  });
  if (!transport_->shutdownNeedsQuietReads())
    return transport_->shutdownSend([](const error_code&) {});
  if (!reading_) return shutdownTls();
  // A TLS close_notify exchange may not overlap a read: end the read loop first (its handler
  // goes on in readStopped). Nothing of the peer is wanted any more (we are closing).
  stopReading_ = true;
  error_code ignored;
  transport_->socket().cancel(ignored);
}

void Session::shutdownTls() {
  stopReading_ = false;
  if (!transport_->socket().is_open()) return;
  transport_->shutdownSend([self = shared_from_this()](const error_code&) {
    self->closeSocket();  // the peer's close_notify (or an error): done
  });
}

void Session::closeSocket() {
  lingerTimer_.cancel();
  error_code ignored;
  transport_->socket().close(ignored);
}

void Session::report(const std::string& reason, DecodeError e) {
  if (reported_) return;
  reported_ = true;
  auto cb = std::move(onClosed_);
  onClosed_ = nullptr;
  onMessage_ = nullptr;
  if (cb) cb(reason, e);
}

}  // namespace gomoku::net
