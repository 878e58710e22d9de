#pragma once
// A scripted Gomoku server for tests: a real listener on 127.0.0.1 (port chosen by the system)
// on the test's own io_context, speaking the wire messages by hand, and for games a host
// net::Match on the same connection (as gomoku-server runs one per client). Every read runs the
// io_context for at most a deadline, so a silent client gives a failure, not a hang. Used by
// tests/net/online_test.cpp (OnlineClient) and tests/cli/online_cli_test.cpp (gomoku-cli).

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>

#include "net/match.h"
#include "net/wire.h"

namespace gomoku::testing {

using namespace std::chrono_literals;

/// The session token the scripted server hands out.
inline const std::string kScriptedToken(64, 'a');

// The scripted server: a listener and one connection at a time, on the test's own io_context.
// Every read runs the io_context for at most a deadline.
class Server {
 public:
  using Clock = std::chrono::steady_clock;
  using Bytes = std::vector<std::uint8_t>;
  using tcp = boost::asio::ip::tcp;
  using error_code = boost::system::error_code;
  using Message = net::Message;
  static constexpr std::chrono::milliseconds kWait = 10s;
  Server()
      : acceptor_(io_, tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), 0)), sock_(io_) {}
  std::uint16_t port() const { return acceptor_.local_endpoint().port(); }

  // Accepts the next connection (the previous one stays open, unread, until drop()).
  ::testing::AssertionResult accept() {
    if (sock_.is_open()) old_.push_back(std::move(sock_));
    sock_ = tcp::socket(io_);
    bool done = false;
    error_code result;
    acceptor_.async_accept(sock_, [&](error_code ec) {
      result = ec;
      done = true;
    });
    if (!run(done)) return ::testing::AssertionFailure() << "no connection came";
    if (result) return ::testing::AssertionFailure() << "accept: " << result.message();
    return ::testing::AssertionSuccess();
  }
  // Drops the connection without a word.
  void drop() {
    error_code ignored;
    sock_.shutdown(tcp::socket::shutdown_both, ignored);
    sock_.close(ignored);
  }

  void send(const Message& m) { write(net::encode(m)); }
  void write(const Bytes& b) {
    error_code ec;
    boost::asio::write(sock_, boost::asio::buffer(b), ec);
    EXPECT_FALSE(ec) << "write: " << ec.message();
  }
  // Sends WELCOME and answers the password (or token) login of `name` with Ok, then STATS,
  // PLAYERS and TOP, as the server does.
  ::testing::AssertionResult welcomeAndLogin(const std::string& name, net::LoginMethod method,
                                             const std::string& secret) {
    send(net::Welcome{net::kProtocolMajor, net::kProtocolMinor, "9.9.9", "Test server"});
    const auto login = expect<net::Login>();
    if (!login) return ::testing::AssertionFailure() << "no LOGIN";
    if (login->method != method || login->name != name || login->secret != secret)
      return ::testing::AssertionFailure()
             << "unexpected LOGIN " << login->name << " / " << login->secret;
    loginOk(name);
    return ::testing::AssertionSuccess();
  }
  void loginOk(const std::string& name) {
    send(net::LoginResult{net::LoginStatus::Ok, "", name, kScriptedToken,
                          net::PlayerStats{1000, 0, 0, 0}, false});
    hall(name);
  }
  // STATS, PLAYERS and TOP, as after a login or a HALL_REQUEST.
  void hall(const std::string& name) {
    send(net::Stats{name, net::PlayerStats{1000, 0, 0, 0}, false});
    send(net::Players{2,
                      {net::PlayerEntry{name, 1000, net::PlayerState::Hall},
                       net::PlayerEntry{"bob", 1100, net::PlayerState::Finding}}});
    send(net::Top{{net::TopEntry{1, "bob", 1100, 3, 3}, net::TopEntry{2, name, 1000, 0, 0}}});
  }

  // The next message but HEARTBEATs; nullopt when the connection ended or nothing came.
  std::optional<Message> read(std::chrono::milliseconds timeout = kWait) {
    for (;;) {
      std::uint8_t header[net::kHeaderSize];
      if (!readExactly(header, net::kHeaderSize, timeout)) return std::nullopt;
      net::DecodeError e = net::DecodeError::None;
      const net::Header h = net::decodeHeader(header, e);
      if (e != net::DecodeError::None) {
        ADD_FAILURE() << "bad header from the client: " << net::decodeErrorText(e);
        return std::nullopt;
      }
      Bytes body(h.length);
      if (!readExactly(body.data(), body.size(), timeout)) return std::nullopt;
      Message m = net::decodeBody(h, body.data(), body.size(), e);
      if (e != net::DecodeError::None) {
        ADD_FAILURE() << "bad body from the client: " << net::decodeErrorText(e);
        return std::nullopt;
      }
      if (!std::holds_alternative<net::Heartbeat>(m)) return m;
    }
  }
  template <class T>
  std::optional<T> expect() {
    const auto m = read();
    if (!m) {
      ADD_FAILURE() << "expected a message, the connection ended";
      return std::nullopt;
    }
    if (!std::holds_alternative<T>(*m)) {
      ADD_FAILURE() << "expected another message than " << net::typeName(net::typeOf(*m));
      return std::nullopt;
    }
    return std::get<T>(*m);
  }
  // True when the client closes the connection (after any messages) within the deadline.
  bool closedByClient(std::vector<Message>* seen = nullptr) {
    for (;;) {
      auto m = read();
      if (!m) return lastEnded_;
      if (seen) seen->push_back(*m);
    }
  }

 private:
  bool readExactly(std::uint8_t* data, std::size_t n, std::chrono::milliseconds timeout) {
    bool done = false;
    error_code result;
    boost::asio::async_read(sock_, boost::asio::buffer(data, n), [&](error_code ec, std::size_t) {
      result = ec;
      done = true;
    });
    lastEnded_ = false;
    if (!run(done, timeout)) return false;
    lastEnded_ = static_cast<bool>(result);
    return !result;
  }
  bool run(bool& done, std::chrono::milliseconds timeout = kWait) {
    io_.restart();
    const auto deadline = Clock::now() + timeout;
    while (!done && Clock::now() < deadline) io_.run_one_for(100ms);
    if (!done) {
      error_code ignored;
      sock_.cancel(ignored);
      acceptor_.cancel(ignored);
      io_.restart();
      io_.run_for(1s);
    }
    return done;
  }

  boost::asio::io_context io_;
  tcp::acceptor acceptor_;
  tcp::socket sock_;
  std::vector<tcp::socket> old_;  // earlier connections, still open
  bool lastEnded_ = false;

 public:
  // The server's side of a game on the current connection: a host net::Match whose messages go
  // straight to the socket (the opponent is played by the test).
  std::optional<net::Match> host;
  void startHost(const std::string& opponent, bool clientIsBlack, int size = 15,
                 gomoku::Rule rule = gomoku::Rule::Freestyle) {
    net::MatchSettings s;
    s.role = net::Role::Host;
    s.nickname = opponent;
    s.color = clientIsBlack ? net::ColorChoice::White : net::ColorChoice::Black;
    s.boardSize = size;
    s.rule = rule;
    host.emplace(
        s, [this](const Message& m) { send(m); }, [] {}, [](net::MatchEvent) {});
    host->connected();
  }
  // Feeds the client's messages to the host net::Match until `done` holds.
  template <class Pred>
  ::testing::AssertionResult pump(Pred done, const std::string& what) {
    while (!done(*host)) {
      const auto m = read();
      if (!m) return ::testing::AssertionFailure() << "connection ended waiting for " << what;
      host->receive(*m);
    }
    return ::testing::AssertionSuccess();
  }
};

}  // namespace gomoku::testing
