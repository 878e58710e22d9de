#include "net/connect.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/post.hpp>

namespace gomoku::net {

namespace asio = boost::asio;
using asio::ip::tcp;
using boost::system::error_code;

std::string describeConnect(const ConnectResult& r, const std::string& refusedText) {
  const std::string target = r.host + ":" + std::to_string(r.port);
  switch (r.failure) {
    case NetFailure::None:
      return "";
    case NetFailure::UnknownHost:
      return "unknown host \"" + r.host + "\"";
    case NetFailure::Refused:
      return "connection refused: " + refusedText + " " + target;
    case NetFailure::TimedOut:
      return "no answer from " + target + " within " +
             std::to_string((r.timeout.count() + 999) / 1000) + " s (timed out)";
    case NetFailure::Cancelled:
      return "cancelled";
    default:
      if (r.lookupFailed) return "cannot look up " + r.host + ": " + r.error.message();
      return r.error ? "cannot connect to " + target + ": " + r.error.message()
                     : "cannot connect to " + target;
  }
}

TcpConnector::TcpConnector(asio::io_context& io)
    : io_(io), resolver_(io), socket_(io), deadline_(io) {}

void TcpConnector::start(const std::string& host, std::uint16_t port,
                         std::chrono::milliseconds timeout, Done done) {
  result_.host = host;
  result_.port = port;
  result_.timeout = timeout;
  done_ = std::move(done);
  auto self = shared_from_this();
  deadline_.expires_after(timeout);
  deadline_.async_wait([self](error_code ec) {
    if (!ec) self->finish(NetFailure::TimedOut, {});
  });
  resolver_.async_resolve(
      host, std::to_string(port), [self](error_code ec, tcp::resolver::results_type results) {
        if (self->finished_) return;
        if (ec) {
          if (ec == asio::error::operation_aborted) return self->finish(NetFailure::Cancelled, {});
          const bool unknown = ec == asio::error::host_not_found ||
                               ec == asio::error::host_not_found_try_again ||
                               ec == asio::error::no_data || ec == asio::error::no_recovery;
          if (!unknown) {
            self->result_.lookupFailed = true;  // "cannot look up NAME: why"
            return self->finish(NetFailure::Other, ec);
          }
          return self->finish(NetFailure::UnknownHost, ec);
        }
        asio::async_connect(self->socket_, results, [self](error_code ec2, const tcp::endpoint&) {
          if (self->finished_) return;
          if (ec2 == asio::error::operation_aborted) return self->finish(NetFailure::Cancelled, {});
          if (ec2 == asio::error::connection_refused) return self->finish(NetFailure::Refused, ec2);
          if (ec2) return self->finish(NetFailure::Other, ec2);
          self->finish(NetFailure::None, {});
        });
      });
}

void TcpConnector::cancel() {
  asio::post(io_, [self = shared_from_this()] { self->finish(NetFailure::Cancelled, {}); });
}

void TcpConnector::finish(NetFailure f, error_code ec) {
  if (finished_) return;
  finished_ = true;
  result_.failure = f;
  result_.error = ec;
  deadline_.cancel();
  resolver_.cancel();
  error_code ignored;
  if (f != NetFailure::None) socket_.close(ignored);
  Done done = std::move(done_);
  done_ = nullptr;
  if (done) done(result_, std::move(socket_));
}

}  // namespace gomoku::net
