#pragma once
// A scripted Gomoku server for tests: a real listener on 127.0.0.1 (port chosen by the system)
// on the test's own io_context, speaking the wire messages by hand, and for games a host
// net::Match on the same connection (as gomoku-server runs one per client). Like gomoku-server
// it speaks TLS: every accepted connection gets the TLS handshake with a self-signed
// certificate made once per test process (tls::ensureSelfSigned in a temporary folder); a
// Transport::Plain server plays a peer without TLS (a P2P game host, an old server, garbage).
// Every read runs the io_context for at most a deadline, so a silent client gives a failure,
// not a hang. Used by tests/net/online_test.cpp (OnlineClient) and
// tests/cli/online_cli_test.cpp (gomoku-cli).

#include <gtest/gtest.h>
#include <stdlib.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/write.hpp>

#include "net/match.h"
#include "net/tls.h"
#include "net/wire.h"

namespace gomoku::testing {

using namespace std::chrono_literals;

/// The session token the scripted server hands out.
inline const std::string kScriptedToken(64, 'a');

/// A folder of this test process under the system's temporary folder (certificates, pin
/// files), made at the first call and removed when the process ends.
inline const std::filesystem::path& processFolder() {
  struct Folder {
    std::filesystem::path path;
    Folder() {
      std::string tmpl =
          (std::filesystem::temp_directory_path() / "gomoku-scripted-XXXXXX").string();
      if (::mkdtemp(tmpl.data()) == nullptr)
        throw std::runtime_error("cannot make a temporary folder " + tmpl);
      path = tmpl;
    }
    ~Folder() {
      std::error_code ignored;
      std::filesystem::remove_all(path, ignored);
    }
  };
  static const Folder folder;
  return folder.path;
}

/// The scripted server's certificate: 0 the usual one, 1 another (a server whose certificate
/// changed). Each is made once per process with tls::ensureSelfSigned.
inline const net::tls::CertPaths& testCertificate(int n = 0) {
  static const net::tls::CertPaths first =
      net::tls::ensureSelfSigned((processFolder() / "cert-0").string());
  if (n == 0) return first;
  static const net::tls::CertPaths second =
      net::tls::ensureSelfSigned((processFolder() / "cert-1").string());
  return second;
}

/// A path for a known-servers file of its own (the file does not exist yet).
inline std::string freshKnownServersPath() {
  static std::atomic<int> count{0};
  return (processFolder() / ("known_servers-" + std::to_string(++count))).string();
}

// The scripted server: a listener and one connection at a time, on the test's own io_context.
// Every read runs the io_context for at most a deadline.
class Server {
 public:
  using Clock = std::chrono::steady_clock;
  using Bytes = std::vector<std::uint8_t>;
  using tcp = boost::asio::ip::tcp;
  using error_code = boost::system::error_code;
  using Message = net::Message;
  using Stream = net::tls::Stream;
  static constexpr std::chrono::milliseconds kWait = 10s;

  /// Tls: as gomoku-server. Plain: no TLS at all (a peer that is not an encrypted server).
  enum class Transport { Tls, Plain };
  /// What accept() expects of the TLS handshake.
  enum class Expect {
    Handshake,  ///< it must succeed (the client trusts this server)
    Refusal,    ///< the client refuses the server (pin check) during or right after it: its
                ///< outcome on this side does not count
  };

  explicit Server(Transport transport = Transport::Tls,
                  const net::tls::CertPaths& cert = testCertificate())
      : tls_(transport == Transport::Tls),
        acceptor_(io_, tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), 0)) {
    useCertificate(cert);
  }
  std::uint16_t port() const { return acceptor_.local_endpoint().port(); }
  /// The fingerprint of the certificate the server presents now.
  const std::string& fingerprint() const { return fingerprint_; }

  // Accepts the next connection (the previous one stays open, unread, until drop()) and, with
  // TLS, runs the server's handshake on it.
  ::testing::AssertionResult accept(Expect expect = Expect::Handshake) {
    if (conn_) old_.push_back(std::move(conn_));
    conn_ = std::make_unique<Stream>(tcp::socket(io_), *contexts_.back());
    bool done = false;
    error_code result;
    acceptor_.async_accept(conn_->next_layer(), [&](error_code ec) {
      result = ec;
      done = true;
    });
    if (!run(done)) return ::testing::AssertionFailure() << "no connection came";
    if (result) return ::testing::AssertionFailure() << "accept: " << result.message();
    if (!tls_) return ::testing::AssertionSuccess();
    done = false;
    conn_->async_handshake(boost::asio::ssl::stream_base::server, [&](error_code ec) {
      result = ec;
      done = true;
    });
    const bool finished = run(done);
    if (expect == Expect::Refusal) return ::testing::AssertionSuccess();
    if (!finished) return ::testing::AssertionFailure() << "no TLS handshake came";
    if (result) return ::testing::AssertionFailure() << "TLS handshake: " << result.message();
    return ::testing::AssertionSuccess();
  }
  // Drops the connection without a word (no TLS close either).
  void drop() {
    if (!conn_) return;
    error_code ignored;
    conn_->next_layer().shutdown(tcp::socket::shutdown_both, ignored);
    conn_->next_layer().close(ignored);
  }
  // As a restart of the server with another certificate: the connection is dropped and the
  // next ones get `cert`. The listener stays, so the port is the same (and no other program
  // can take it meanwhile).
  void restart(const net::tls::CertPaths& cert) {
    drop();
    useCertificate(cert);
  }

  void send(const Message& m) { write(net::encode(m)); }
  void write(const Bytes& b) {
    error_code ec;
    if (tls_)
      boost::asio::write(*conn_, boost::asio::buffer(b), ec);
    else
      boost::asio::write(conn_->next_layer(), boost::asio::buffer(b), ec);
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
  // True when the client closes the connection within the deadline, whatever it sent before
  // (skipped unread: for a client that does not speak to this server, e.g. TLS to a plaintext
  // peer).
  bool hungUpByClient() {
    for (;;) {
      std::uint8_t skipped[512];
      bool done = false;
      error_code result;
      const auto read = [&](auto& stream) {
        stream.async_read_some(boost::asio::buffer(skipped), [&](error_code ec, std::size_t) {
          result = ec;
          done = true;
        });
      };
      if (tls_)
        read(*conn_);
      else
        read(conn_->next_layer());
      if (!run(done)) return false;
      if (result) return true;
    }
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
    const auto read = [&](auto& stream) {
      boost::asio::async_read(stream, boost::asio::buffer(data, n),
                              [&](error_code ec, std::size_t) {
                                result = ec;
                                done = true;
                              });
    };
    if (tls_)
      read(*conn_);
    else
      read(conn_->next_layer());
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
      if (conn_) conn_->next_layer().cancel(ignored);
      acceptor_.cancel(ignored);
      io_.restart();
      io_.run_for(1s);
    }
    return done;
  }

  void useCertificate(const net::tls::CertPaths& cert) {
    contexts_.push_back(
        std::make_unique<boost::asio::ssl::context>(net::tls::serverContext(cert.cert, cert.key)));
    fingerprint_ = net::tls::fingerprintOfFile(cert.cert);
  }

  const bool tls_;
  boost::asio::io_context io_;
  // Every certificate's context so far (earlier connections still use theirs); before the
  // connections, which must go first.
  std::vector<std::unique_ptr<boost::asio::ssl::context>> contexts_;
  std::string fingerprint_;
  tcp::acceptor acceptor_;
  std::unique_ptr<Stream> conn_;
  std::vector<std::unique_ptr<Stream>> old_;  // earlier connections, still open
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
