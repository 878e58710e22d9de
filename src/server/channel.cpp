#include "server/channel.h"

#include <boost/asio/ip/v6_only.hpp>

#include "server/server.h"

namespace gomoku::server {

namespace asio = boost::asio;
using asio::ip::tcp;
using boost::system::error_code;

namespace {

class SessionChannel final : public Channel {
 public:
  explicit SessionChannel(std::shared_ptr<net::Session> s) : session_(std::move(s)) {}
  void start(MessageFn onMessage, ClosedFn onClosed) override {
    session_->start(std::move(onMessage), std::move(onClosed));
  }
  void send(const net::Message& m) override { session_->send(m); }
  void closeAfterWrites() override { session_->closeAfterWrites(); }
  void abort() override { session_->abort(); }

 private:
  std::shared_ptr<net::Session> session_;
};

}  // namespace

std::shared_ptr<Channel> channelOf(std::shared_ptr<net::Session> session) {
  return std::make_shared<SessionChannel>(std::move(session));
}

std::unique_ptr<tcp::acceptor> openAcceptor(asio::io_context& io, const std::string& listen,
                                            std::uint16_t port, const std::string& what) {
  auto acc = std::make_unique<tcp::acceptor>(io);
  error_code ec;
  tcp::endpoint ep;
  if (listen.empty()) {
    acc->open(tcp::v6(), ec);
    if (!ec) {
      acc->set_option(asio::ip::v6_only(false), ec);  // dual stack where the system allows it
      ec = {};
      ep = tcp::endpoint(tcp::v6(), port);
    } else {
      ec = {};
      acc->open(tcp::v4(), ec);  // no IPv6 here
      ep = tcp::endpoint(tcp::v4(), port);
    }
  } else {
    auto addr = asio::ip::make_address(listen, ec);
    if (ec) throw ServerError("--listen: not an IP address: " + listen);
    ep = tcp::endpoint(addr, port);
    acc->open(ep.protocol(), ec);
  }
  acc->set_option(tcp::acceptor::reuse_address(true), ec);
  if (!ec) acc->bind(ep, ec);
  if (!ec) acc->listen(asio::socket_base::max_listen_connections, ec);
  if (ec)
    throw ServerError(
        ec == asio::error::address_in_use
            ? what + " " + std::to_string(port) + " is already in use by another program"
            : "cannot listen on " + what + " " + std::to_string(port) + ": " + ec.message());
  return acc;
}

std::string addressOf(const tcp::socket& s) {
  error_code ec;
  auto ep = s.remote_endpoint(ec);
  if (ec) return "?";
  auto a = ep.address();
  if (a.is_v6() && a.to_v6().is_v4_mapped())
    return asio::ip::make_address_v4(asio::ip::v4_mapped, a.to_v6()).to_string();
  return a.to_string();
}

bool isLoopbackAddress(const std::string& address) {
  error_code ec;
  auto a = asio::ip::make_address(address, ec);
  return !ec && a.is_loopback();
}

}  // namespace gomoku::server
