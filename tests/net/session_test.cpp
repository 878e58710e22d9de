// Tests of the network layer over real sockets (src/net/session.h, netgame.h): a NetGame on its
// own io_context thread against a scripted peer that speaks the wire format by hand, or two
// NetGames against each other. Loopback only (127.0.0.1, ::1, localhost); every port is chosen
// by the system (port 0, read back). No sleep is used to synchronise: the test waits on the
// NetGame listener (a condition variable) or on its own socket operations, each with a generous
// deadline that only turns a hang into a failure.
// Cases: C02, C06 (illegal moves over the wire), C12 (framing), C13 (dropped, refused and
// cancelled joins, busy port, cancel frees the port), C14a (peer gone), C15 (nicknames).

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>

#include "gomoku/version.h"
#include "net/netgame.h"
#include "net/session.h"
#include "net/watcher.h"
#include "net/wire.h"
#include "print.h"

using namespace gomoku;
using namespace gomoku::net;
// gtest's Test has a member named Setup (a misspelling guard): name the message unambiguously.
using SetupMsg = gomoku::net::Setup;
namespace asio = boost::asio;
using asio::ip::tcp;
using boost::system::error_code;
using namespace std::chrono_literals;

namespace {

using Bytes = std::vector<std::uint8_t>;
using Clock = std::chrono::steady_clock;

// Upper bound of every wait: only reached when something hangs.
constexpr std::chrono::milliseconds kWait = 10s;

std::string describe(const NetSnapshot& s) {
  std::ostringstream o;
  o << "phase=" << netPhaseName(s.phase) << " match=" << matchPhaseName(s.match)
    << " ply=" << s.game.ply() << " outcome=" << outcomeName(s.game.result().outcome)
    << " failure=" << netFailureName(s.failure) << " message=\"" << s.message << "\""
    << " peer=\"" << s.peerNickname << "\"";
  return o.str();
}

// Wakes a waiting test at each call of a listener (notify()).
class Woken {
 public:
  // Waits until pred(get()) holds, re-checking after each notify(); `show` describes the last
  // state when the wait times out.
  template <class Get, class Pred, class Show>
  ::testing::AssertionResult waitFor(Get get, Pred pred, Show show, const std::string& what,
                                     std::chrono::milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      const std::uint64_t seen = version_;
      lock.unlock();
      if (pred(get())) return ::testing::AssertionSuccess();
      lock.lock();
      if (!cv_.wait_until(lock, deadline, [&] { return version_ != seen; }))
        return ::testing::AssertionFailure()
               << "timed out waiting for " << what << "; last state: " << show(get());
    }
  }

 protected:
  void notify() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      ++version_;
    }
    cv_.notify_all();
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::uint64_t version_ = 0;
};

// A NetGame whose listener wakes the test.
class Net : public Woken {
 public:
  explicit Net(NetOptions options = {}) : game([this] { notify(); }, options) {}

  // Waits until pred(snapshot) holds, re-checking after each listener call.
  template <class Pred>
  ::testing::AssertionResult waitUntil(Pred pred, const std::string& what,
                                       std::chrono::milliseconds timeout = kWait) {
    return waitFor([this] { return game.snapshot(); }, pred,
                   [](const NetSnapshot& s) { return describe(s); }, what, timeout);
  }

  NetSnapshot snap() const { return game.snapshot(); }

  NetGame game;  // destroyed before the base's members, which its listener uses
};

MatchSettings settings(std::string nick, ColorChoice color = ColorChoice::Black) {
  MatchSettings s;
  s.nickname = std::move(nick);
  s.color = color;
  return s;
}

// Hosts on a port chosen by the system; returns it (0 on failure, with a test failure).
std::uint16_t hostAnyPort(Net& net, MatchSettings s) {
  const auto error = net.game.host(0, std::move(s));
  EXPECT_FALSE(error.has_value()) << *error;
  const NetSnapshot snap = net.snap();
  EXPECT_EQ(snap.phase, NetPhase::Listening) << describe(snap);
  EXPECT_NE(snap.port, 0);
  return snap.port;
}

Bytes concat(std::initializer_list<Bytes> parts) {
  Bytes out;
  for (const Bytes& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

Bytes helloBytes(const std::string& nick) {
  return encode(Hello{kProtocolMajor, kProtocolMinor, "0.1.0", nick});
}

Bytes moveBytes(int ply, int x, int y) {
  return encode(Move{static_cast<std::uint16_t>(ply), static_cast<std::uint8_t>(x),
                     static_cast<std::uint8_t>(y)});
}

// ---------------------------------------------------------------------------------------------
// The scripted peer: a plain socket on the test's own io_context. Every read runs the
// io_context for at most `timeout`, so a silent NetGame gives a failure, not a hang.

enum class ReadStatus { Ok, Closed, Timeout, Error };

const char* statusName(ReadStatus s) {
  switch (s) {
    case ReadStatus::Ok:
      return "ok";
    case ReadStatus::Closed:
      return "closed";
    case ReadStatus::Timeout:
      return "timeout";
    case ReadStatus::Error:
      return "error";
  }
  return "?";
}

struct Incoming {
  ReadStatus status = ReadStatus::Error;
  DecodeError error = DecodeError::None;
  Message message;
};

class RawConn {
 public:
  RawConn() : socket_(io_) {}
  RawConn(const RawConn&) = delete;
  RawConn& operator=(const RawConn&) = delete;

  tcp::socket& socket() { return socket_; }
  asio::io_context& io() { return io_; }

  // Writes all bytes (blocking).
  void write(const Bytes& bytes) {
    error_code ec;
    asio::write(socket_, asio::buffer(bytes), ec);
    EXPECT_FALSE(ec) << "write failed: " << ec.message();
  }
  // Writes the bytes one write() call at a time, `chunk` bytes each.
  void writeInChunks(const Bytes& bytes, std::size_t chunk) {
    for (std::size_t i = 0; i < bytes.size(); i += chunk) {
      const std::size_t n = std::min(chunk, bytes.size() - i);
      write(Bytes(bytes.begin() + static_cast<std::ptrdiff_t>(i),
                  bytes.begin() + static_cast<std::ptrdiff_t>(i + n)));
    }
  }

  ReadStatus readExactly(std::uint8_t* data, std::size_t n,
                         std::chrono::milliseconds timeout = kWait) {
    bool done = false;
    error_code result;
    asio::async_read(socket_, asio::buffer(data, n), [&](error_code ec, std::size_t) {
      result = ec;
      done = true;
    });
    return finish(done, result, timeout);
  }

  // Reads one whole message.
  // Reads one message; HEARTBEATs (sent every 2 s by a live peer) are skipped unless asked for.
  Incoming readMessage(std::chrono::milliseconds timeout = kWait, bool heartbeats = false) {
    for (;;) {
      Incoming in;
      std::uint8_t header[kHeaderSize];
      in.status = readExactly(header, kHeaderSize, timeout);
      if (in.status != ReadStatus::Ok) return in;
      const Header h = decodeHeader(header, in.error);
      if (in.error != DecodeError::None) return in;
      Bytes body(h.length);
      in.status = readExactly(body.data(), body.size(), timeout);
      if (in.status != ReadStatus::Ok) return in;
      in.message = decodeBody(h, body.data(), body.size(), in.error);
      if (heartbeats || in.error != DecodeError::None ||
          !std::holds_alternative<Heartbeat>(in.message))
        return in;
    }
  }

  // Reads one message that must be a T.
  template <class T>
  std::optional<T> expect(std::chrono::milliseconds timeout = kWait) {
    const Incoming in = readMessage(timeout, std::is_same_v<T, Heartbeat>);
    if (in.status != ReadStatus::Ok || in.error != DecodeError::None) {
      ADD_FAILURE() << "expected a message, got status " << statusName(in.status)
                    << ", decode error " << decodeErrorText(in.error);
      return std::nullopt;
    }
    if (!std::holds_alternative<T>(in.message)) {
      ADD_FAILURE() << "expected another message than " << typeName(typeOf(in.message));
      return std::nullopt;
    }
    return std::get<T>(in.message);
  }

  // Reads messages until the other side closes. Returns them; `closed` tells whether the end
  // of stream (or a reset) came before the deadline.
  std::vector<Message> readUntilClosed(bool& closed, std::chrono::milliseconds timeout = kWait) {
    std::vector<Message> out;
    const auto deadline = Clock::now() + timeout;
    closed = false;
    for (;;) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
      if (left <= 0ms) return out;
      const Incoming in = readMessage(left);
      if (in.status == ReadStatus::Closed) {
        closed = true;
        return out;
      }
      if (in.status != ReadStatus::Ok || in.error != DecodeError::None) return out;
      out.push_back(in.message);
    }
  }

  // Reads and discards bytes until the other side closes; true when it did before the deadline.
  bool drainUntilClosed(std::chrono::milliseconds timeout = kWait) {
    const auto deadline = Clock::now() + timeout;
    std::uint8_t buf[512];
    for (;;) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
      if (left <= 0ms) return false;
      bool done = false;
      error_code result;
      socket_.async_read_some(asio::buffer(buf), [&](error_code ec, std::size_t) {
        result = ec;
        done = true;
      });
      const ReadStatus s = finish(done, result, left);
      if (s == ReadStatus::Closed) return true;
      if (s != ReadStatus::Ok) return false;
    }
  }

  void close() {
    error_code ignored;
    socket_.close(ignored);
  }

 protected:
  ReadStatus finish(bool& done, error_code& result, std::chrono::milliseconds timeout) {
    io_.restart();
    io_.run_for(timeout);
    if (!done) {
      error_code ignored;
      socket_.cancel(ignored);
      io_.restart();
      io_.run();  // the handler runs with operation_aborted
      return ReadStatus::Timeout;
    }
    if (!result) return ReadStatus::Ok;
    if (result == asio::error::eof || result == asio::error::connection_reset)
      return ReadStatus::Closed;
    ADD_FAILURE() << "read failed: " << result.message();
    return ReadStatus::Error;
  }

  asio::io_context io_;
  tcp::socket socket_;
};

// A scripted joiner.
class RawClient : public RawConn {
 public:
  explicit RawClient(std::uint16_t port) {
    error_code ec;
    socket_.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port), ec);
    EXPECT_FALSE(ec) << "connect to 127.0.0.1:" << port << " failed: " << ec.message();
    socket_.set_option(tcp::no_delay(true), ec);
  }

  // HELLO from us, then the host's HELLO and SETUP. Returns the SETUP.
  std::optional<SetupMsg> handshake(const std::string& nick = "raw") {
    write(helloBytes(nick));
    return readHelloAndSetup();
  }
  std::optional<SetupMsg> readHelloAndSetup() {
    const auto hello = expect<Hello>();
    if (!hello) return std::nullopt;
    EXPECT_EQ(hello->protocolMajor, kProtocolMajor);
    EXPECT_EQ(hello->programVersion, kProgramVersion);
    return expect<SetupMsg>();
  }
};

// A scripted host (or something else that listens): one acceptor on 127.0.0.1.
class RawServer : public RawConn {
 public:
  RawServer() : acceptor_(io_, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)) {}
  std::uint16_t port() const { return acceptor_.local_endpoint().port(); }

  bool accept(std::chrono::milliseconds timeout = kWait) {
    bool done = false;
    error_code result;
    acceptor_.async_accept(socket_, [&](error_code ec) {
      result = ec;
      done = true;
    });
    io_.restart();
    io_.run_for(timeout);
    if (!done) {
      error_code ignored;
      acceptor_.cancel(ignored);
      io_.restart();
      io_.run();
      return false;
    }
    return !result;
  }

 private:
  tcp::acceptor acceptor_;
};

// A listener on 127.0.0.1 that never completes a new connection, like a host whose firewall
// drops every packet (C13a) but without leaving the machine: its accept queue (backlog 0) is
// filled by one connection that is never accepted, so Linux drops every further SYN
// (net.ipv4.tcp_abort_on_overflow = 0, the default).
class BlackHole {
 public:
  BlackHole() : acceptor_(io_), filler_(io_) {
    acceptor_.open(tcp::v4());
    acceptor_.bind(tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
    acceptor_.listen(0);
    filler_.connect(acceptor_.local_endpoint());
  }
  std::uint16_t port() const { return acceptor_.local_endpoint().port(); }

 private:
  asio::io_context io_;
  tcp::acceptor acceptor_;
  tcp::socket filler_;
};

// A port on 127.0.0.1 where surely nothing listens: bound by the system, then released.
std::uint16_t closedPort() {
  asio::io_context io;
  tcp::acceptor a(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  const std::uint16_t port = a.local_endpoint().port();
  a.close();
  return port;
}

bool playing(const NetSnapshot& s) {
  return s.phase == NetPhase::InMatch && s.match == MatchPhase::Playing;
}

// C02: B(3,7) W(0,0) B(4,7) W(2,0) B(6,7) W(4,0) B(7,7) W(6,0) B(5,7).
const std::vector<Point> kC02 = {{3, 7}, {0, 0}, {4, 7}, {2, 0}, {6, 7},
                                 {4, 0}, {7, 7}, {6, 0}, {5, 7}};
const std::vector<Point> kC02Line = {{3, 7}, {4, 7}, {5, 7}, {6, 7}, {7, 7}};

}  // namespace

// =============================================================================================
// C12: framing, against a host NetGame. The host plays White so that the scripted peer (Black)
// can send its moves.

TEST(Session, C12a_TwoMessagesInOneWriteAreBothHandled) {
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("Host", ColorChoice::White));
  RawClient peer(port);
  peer.write(concat({helloBytes("raw"), moveBytes(0, 7, 7)}));  // HELLO and MOVE in one write
  const auto setup = peer.readHelloAndSetup();
  ASSERT_TRUE(setup);
  EXPECT_FALSE(setup->hostIsBlack);
  ASSERT_TRUE(
      host.waitUntil([](const NetSnapshot& s) { return s.game.ply() == 1; }, "the first move"));
  NetSnapshot s = host.snap();
  EXPECT_TRUE(playing(s)) << describe(s);
  EXPECT_EQ(s.peerNickname, "raw");
  EXPECT_EQ(s.game.board().at({7, 7}), Stone::Black);
  EXPECT_TRUE(s.myTurn);
  EXPECT_EQ(s.peerAddress, "127.0.0.1:" + std::to_string(peer.socket().local_endpoint().port()));

  // The host answers; then two more of our moves, each with a host move in between.
  ASSERT_EQ(host.game.play({0, 0}), MoveError::None);
  const auto reply = peer.expect<Move>();
  ASSERT_TRUE(reply);
  EXPECT_TRUE(*reply == (Move{1, 0, 0}));
  peer.write(moveBytes(2, 7, 8));
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.game.ply() == 3; }, "move 3"));
  s = host.snap();
  EXPECT_EQ(s.game.moves(), (std::vector<Point>{{7, 7}, {0, 0}, {7, 8}}));
  EXPECT_TRUE(playing(s)) << describe(s);
}

TEST(Session, C12b_OneMessageSplitAcrossTwoWrites) {
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("Host", ColorChoice::White));
  RawClient peer(port);

  // HELLO plus the first 5 bytes of a MOVE (inside its header) in one write. Once the host has
  // handled the HELLO, it surely holds the partial MOVE and waits for the rest.
  const Bytes first = moveBytes(0, 0, 14);
  peer.write(concat({helloBytes("raw"), Bytes(first.begin(), first.begin() + 5)}));
  ASSERT_TRUE(peer.readHelloAndSetup());
  ASSERT_TRUE(host.waitUntil(playing, "the game to start"));
  EXPECT_EQ(host.snap().game.ply(), 0) << "half a message is not a move";
  peer.write(Bytes(first.begin() + 5, first.end()));
  ASSERT_TRUE(
      host.waitUntil([](const NetSnapshot& s) { return s.game.ply() == 1; }, "the split move"));

  // More moves, split at every kind of place: inside the header, at the header/body boundary,
  // inside the body, before the last byte.
  const std::vector<Point> ours = {{2, 14}, {4, 14}, {6, 14}, {8, 14}};
  const std::vector<Point> theirs = {{0, 0}, {2, 0}, {4, 0}, {6, 0}};
  const std::size_t splits[] = {1, 8, 10, 11};
  for (std::size_t i = 0; i < ours.size(); ++i) {
    SCOPED_TRACE("split at byte " + std::to_string(splits[i]));
    const int ply = static_cast<int>(2 * i + 1);
    ASSERT_EQ(host.game.play(theirs[i]), MoveError::None);
    const auto reply = peer.expect<Move>();
    ASSERT_TRUE(reply);
    EXPECT_EQ(reply->ply, ply);
    const Bytes m = moveBytes(ply + 1, ours[i].x, ours[i].y);
    const auto cut = static_cast<std::ptrdiff_t>(splits[i]);
    peer.write(Bytes(m.begin(), m.begin() + cut));
    peer.write(Bytes(m.begin() + cut, m.end()));
    ASSERT_TRUE(host.waitUntil([&](const NetSnapshot& s) { return s.game.ply() == ply + 2; },
                               "move " + std::to_string(ply + 2)));
  }
  const NetSnapshot s = host.snap();
  EXPECT_TRUE(playing(s)) << describe(s);
  EXPECT_EQ(s.game.moves(),
            (std::vector<Point>{
                {0, 14}, {0, 0}, {2, 14}, {2, 0}, {4, 14}, {4, 0}, {6, 14}, {6, 0}, {8, 14}}));
}

TEST(Session, C12c_OneBytePerWrite) {
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("Host", ColorChoice::White));
  RawClient peer(port);
  peer.writeInChunks(helloBytes("byte by byte"), 1);
  ASSERT_TRUE(peer.readHelloAndSetup());
  peer.writeInChunks(moveBytes(0, 7, 7), 1);
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.game.ply() == 1; }, "the move"));
  ASSERT_EQ(host.game.play({8, 8}), MoveError::None);
  ASSERT_TRUE(peer.expect<Move>());
  peer.writeInChunks(moveBytes(2, 9, 9), 1);
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.game.ply() == 3; }, "move 3"));
  const NetSnapshot s = host.snap();
  EXPECT_EQ(s.peerNickname, "byte by byte");
  EXPECT_EQ(s.game.moves(), (std::vector<Point>{{7, 7}, {8, 8}, {9, 9}}));
  EXPECT_TRUE(playing(s)) << describe(s);
}

TEST(Session, C12d_ThreeMessagesBackToBackAreHandledInOrder) {
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("Host", ColorChoice::White));
  RawClient peer(port);
  // HELLO, MOVE and BYE in one write: only in this order do they start a game, play a stone
  // and then leave.
  peer.write(
      concat({helloBytes("quick"), moveBytes(0, 7, 7), encode(Bye{ByeReason::Leaving, "gone"})}));
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.match == MatchPhase::Closed; },
                             "the BYE"));
  const NetSnapshot s = host.snap();
  EXPECT_EQ(s.peerNickname, "quick");
  EXPECT_EQ(s.game.moves(), (std::vector<Point>{{7, 7}}));
  EXPECT_EQ(s.game.result().outcome, Outcome::Interrupted);
  EXPECT_NE(s.message.find("left"), std::string::npos) << describe(s);
  ASSERT_TRUE(peer.readHelloAndSetup());
}

TEST(Session, C12d_ManyMovesInOneSegmentStream) {
  // Several full rounds: each of our moves is written together with nothing else, but the
  // host's replies pile up unread on our side, and we read them all at the end in order.
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("Host", ColorChoice::White));
  RawClient peer(port);
  ASSERT_TRUE(peer.handshake());
  const std::vector<Point> ours = {{0, 14}, {2, 14}, {4, 14}, {6, 14}, {8, 14}, {10, 14}};
  const std::vector<Point> theirs = {{0, 0}, {2, 0}, {4, 0}, {6, 0}, {8, 0}, {10, 0}};
  for (std::size_t i = 0; i < ours.size(); ++i) {
    const int ply = static_cast<int>(2 * i);
    peer.write(moveBytes(ply, ours[i].x, ours[i].y));
    ASSERT_TRUE(
        host.waitUntil([&](const NetSnapshot& s) { return s.myTurn && s.game.ply() == ply + 1; },
                       "our move " + std::to_string(ply)));
    ASSERT_EQ(host.game.play(theirs[i]), MoveError::None);
  }
  for (std::size_t i = 0; i < theirs.size(); ++i) {
    const auto m = peer.expect<Move>();
    ASSERT_TRUE(m);
    EXPECT_TRUE(*m ==
                (Move{static_cast<std::uint16_t>(2 * i + 1), static_cast<std::uint8_t>(theirs[i].x),
                      static_cast<std::uint8_t>(theirs[i].y)}));
  }
  EXPECT_EQ(host.snap().game.ply(), 12);
}

TEST(Session, C12e_GarbageBytesCloseTheConnection) {
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("Host", ColorChoice::White));
  RawClient peer(port);
  ASSERT_TRUE(peer.handshake());
  peer.write(moveBytes(0, 7, 7));
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.game.ply() == 1; }, "the move"));

  const std::string garbage = "\xDE\xAD\xBE\xEFGET / HTTP/1.1\r\n\r\n";
  peer.write(Bytes(garbage.begin(), garbage.end()));
  bool closed = false;
  const std::vector<Message> rest = peer.readUntilClosed(closed);
  EXPECT_TRUE(closed) << "the host closes the connection";
  for (const Message& m : rest)
    EXPECT_TRUE(std::holds_alternative<Error>(m)) << typeName(typeOf(m));

  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.match == MatchPhase::Closed; },
                             "the match to close"));
  const NetSnapshot s = host.snap();
  EXPECT_FALSE(s.message.empty());
  EXPECT_NE(s.message.find("not a Gomoku"), std::string::npos) << describe(s);
  EXPECT_EQ(s.game.result().outcome, Outcome::Interrupted);
  EXPECT_EQ(s.game.moves(), (std::vector<Point>{{7, 7}})) << "the board is kept";
  EXPECT_EQ(host.game.play({8, 8}), MoveError::GameOver);
}

TEST(Session, C12e_OversizedLengthClosesTheConnectionWithAnError) {
  for (std::uint32_t length : {kMaxPayload + 1, 0xFFFFFFFFu}) {
    SCOPED_TRACE(length);
    Net host;
    const std::uint16_t port = hostAnyPort(host, settings("Host", ColorChoice::White));
    RawClient peer(port);
    ASSERT_TRUE(peer.handshake());
    // A MOVE header announcing a payload above the limit, and nothing after it: the host must
    // refuse from the header alone rather than wait for the body.
    peer.write(Bytes{kMagic0, kMagic1, kProtocolMajor, static_cast<std::uint8_t>(MsgType::Move),
                     static_cast<std::uint8_t>(length >> 24),
                     static_cast<std::uint8_t>(length >> 16),
                     static_cast<std::uint8_t>(length >> 8), static_cast<std::uint8_t>(length)});
    bool closed = false;
    const std::vector<Message> rest = peer.readUntilClosed(closed);
    EXPECT_TRUE(closed) << "the host closes the connection";
    ASSERT_EQ(rest.size(), 1u);
    ASSERT_TRUE(std::holds_alternative<Error>(rest[0]));
    EXPECT_EQ(std::get<Error>(rest[0]).code, ErrorCode::Protocol);

    ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.match == MatchPhase::Closed; },
                               "the match to close"));
    const NetSnapshot s = host.snap();
    EXPECT_NE(s.message.find("bad data"), std::string::npos) << describe(s);
    EXPECT_EQ(s.game.result().outcome, Outcome::Interrupted);
  }
}

TEST(Session, C12e_GarbageInsteadOfHelloClosesTheConnection) {
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("Host"));
  RawClient peer(port);
  const std::string garbage = "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n";
  peer.write(Bytes(garbage.begin(), garbage.end()));
  bool closed = false;
  const std::vector<Message> got = peer.readUntilClosed(closed);
  EXPECT_TRUE(closed);
  // The host's HELLO may or may not go out before the garbage is read; nothing else does (no
  // ERROR to something that is not a Gomoku program).
  EXPECT_LE(got.size(), 1u);
  for (const Message& m : got) EXPECT_TRUE(std::holds_alternative<Hello>(m)) << typeName(typeOf(m));
  // The caller never became a game: the host says why and goes on listening.
  ASSERT_TRUE(host.waitUntil(
      [](const NetSnapshot& s) {
        return s.phase == NetPhase::Listening &&
               s.message.find("not a Gomoku program") != std::string::npos;
      },
      "the host to drop the caller and listen again"));
}

TEST(Session, C12e_BadBodyClosesTheConnectionWithAnError) {
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("Host", ColorChoice::White));
  RawClient peer(port);
  ASSERT_TRUE(peer.handshake());
  // A SETUP-sized MOVE: the body has one byte too many.
  peer.write(Bytes{kMagic0, kMagic1, kProtocolMajor, 3, 0, 0, 0, 5, 0, 0, 7, 7, 0});
  bool closed = false;
  const std::vector<Message> rest = peer.readUntilClosed(closed);
  EXPECT_TRUE(closed);
  ASSERT_EQ(rest.size(), 1u);
  ASSERT_TRUE(std::holds_alternative<Error>(rest[0]));
  EXPECT_EQ(std::get<Error>(rest[0]).code, ErrorCode::Protocol);
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.match == MatchPhase::Closed; },
                             "the match to close"));
  EXPECT_EQ(host.snap().game.ply(), 0);
}

TEST(Session, C06_IllegalMoveFromThePeerIsAnsweredWithErrorAndClose) {
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("Host", ColorChoice::White));
  RawClient peer(port);
  ASSERT_TRUE(peer.handshake());
  peer.write(moveBytes(0, 7, 7));
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.myTurn; }, "our turn"));
  ASSERT_EQ(host.game.play({8, 8}), MoveError::None);
  ASSERT_TRUE(peer.expect<Move>());
  peer.write(moveBytes(2, 8, 8));  // onto White's stone
  bool closed = false;
  const std::vector<Message> rest = peer.readUntilClosed(closed);
  EXPECT_TRUE(closed);
  ASSERT_EQ(rest.size(), 1u);
  ASSERT_TRUE(std::holds_alternative<Error>(rest[0]));
  EXPECT_EQ(std::get<Error>(rest[0]).code, ErrorCode::IllegalMove);
  EXPECT_NE(std::get<Error>(rest[0]).text.find("occupied"), std::string::npos);
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.match == MatchPhase::Closed; },
                             "the match to close"));
  const NetSnapshot s = host.snap();
  EXPECT_EQ(s.game.board().at({8, 8}), Stone::White);
  EXPECT_EQ(s.game.ply(), 2);
  EXPECT_EQ(s.game.result().outcome, Outcome::Interrupted);
  EXPECT_EQ(s.game.result().reason, EndReason::ProtocolError);
}

TEST(Session, C12f_NicknameWithNewlinePipeAndCommaArrivesIntact) {
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("Host"));
  RawClient peer(port);
  const std::string nick = "a\nb|c,d";
  ASSERT_TRUE(peer.handshake(nick));
  ASSERT_TRUE(host.waitUntil(playing, "the game to start"));
  EXPECT_EQ(host.snap().peerNickname, nick);
}

TEST(Session, C15_NonAsciiNicknamesArriveIntact) {
  std::string chinese32;
  for (int i = 0; i < 32; ++i) chinese32 += "龍";
  for (const std::string& nick :
       {std::string("张伟"), std::string("Zoë😀"), std::string("欧阳司马诸葛东方慕容"), chinese32}) {
    SCOPED_TRACE(nick);
    Net host;
    const std::uint16_t port = hostAnyPort(host, settings("主机"));
    RawClient peer(port);
    peer.write(helloBytes(nick));
    const auto hello = peer.expect<Hello>();
    ASSERT_TRUE(hello);
    EXPECT_EQ(hello->nickname, "主机");
    ASSERT_TRUE(peer.expect<SetupMsg>());
    ASSERT_TRUE(host.waitUntil(playing, "the game to start"));
    EXPECT_EQ(host.snap().peerNickname, nick);
  }
}

// =============================================================================================
// Refusals

TEST(Session, SecondCallerWhileAGameRunsGetsBusy) {
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("Host", ColorChoice::White));
  RawClient first(port);
  ASSERT_TRUE(first.handshake("first"));
  ASSERT_TRUE(host.waitUntil(playing, "the game to start"));

  RawClient second(port);
  second.write(helloBytes("second"));
  bool closed = false;
  const std::vector<Message> got = second.readUntilClosed(closed);
  EXPECT_TRUE(closed) << "the second caller is closed";
  ASSERT_EQ(got.size(), 1u);
  ASSERT_TRUE(std::holds_alternative<Error>(got[0]));
  EXPECT_EQ(std::get<Error>(got[0]).code, ErrorCode::Busy);

  // The running game is not disturbed.
  first.write(moveBytes(0, 7, 7));
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.game.ply() == 1; }, "the move"));
  const NetSnapshot s = host.snap();
  EXPECT_TRUE(playing(s)) << describe(s);
  EXPECT_EQ(s.peerNickname, "first");
}

TEST(Session, HelloWithAnotherProtocolMajorGetsVersionMismatch) {
  // (1) The version inside HELLO differs; (2) the header's version byte differs as well, as a
  // real protocol-2 program would send it.
  for (int variant = 1; variant <= 2; ++variant) {
    SCOPED_TRACE(variant);
    Net host;
    const std::uint16_t port = hostAnyPort(host, settings("Host"));
    RawClient peer(port);
    Bytes hello = encode(Hello{2, 0, "9.0.0", "future"});
    if (variant == 2) hello[2] = 2;
    peer.write(hello);
    bool closed = false;
    const std::vector<Message> got = peer.readUntilClosed(closed);
    EXPECT_TRUE(closed);
    // The host's own HELLO may come first (it is sent on connection; with a bad header the
    // session may close before it is queued); then the ERROR, and nothing else.
    ASSERT_GE(got.size(), 1u);
    ASSERT_LE(got.size(), 2u);
    if (got.size() == 2) {
      EXPECT_TRUE(std::holds_alternative<Hello>(got[0]));
    }
    ASSERT_TRUE(std::holds_alternative<Error>(got.back()));
    EXPECT_EQ(std::get<Error>(got.back()).code, ErrorCode::VersionMismatch);
    // The caller never became a game: the host says why and goes on listening.
    ASSERT_TRUE(host.waitUntil(
        [](const NetSnapshot& s) {
          return s.phase == NetPhase::Listening &&
                 s.message.find("version mismatch") != std::string::npos;
        },
        "the host to refuse the caller and listen again"));
  }
}

// =============================================================================================
// C13: joining and hosting failures

TEST(Session, C13c_JoinWhereNothingListensIsRefusedAtOnce) {
  const std::uint16_t port = closedPort();
  Net joiner;
  const auto start = Clock::now();
  joiner.game.join("127.0.0.1", port, settings("Joiner"), 10s);
  ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& s) { return s.phase == NetPhase::Failed; },
                               "the join to fail"));
  const auto elapsed = Clock::now() - start;
  const NetSnapshot s = joiner.snap();
  EXPECT_EQ(s.failure, NetFailure::Refused) << describe(s);
  EXPECT_NE(s.message.find("refused"), std::string::npos) << describe(s);
  EXPECT_LT(elapsed, 5s) << "a refused connection fails at once, not at the 10 s timeout";
}

// C13(a) with a real silently dropping host and C13(b) with a name that does not resolve run in
// a network namespace of their own: tests/cli/cli_test.sh, cases timed_out and unknown_host.

TEST(Session, C13_HostOnAPortInUseSaysAddressInUseAndStaysUsable) {
  Net first;
  const std::uint16_t port = hostAnyPort(first, settings("First"));

  Net second;
  const auto error = second.game.host(port, settings("Second"));
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("address in use"), std::string::npos) << *error;
  NetSnapshot s = second.snap();
  EXPECT_EQ(s.phase, NetPhase::Idle) << describe(s);

  // Another program (not a NetGame) holding the port on 127.0.0.1.
  RawServer other;
  const auto error2 = second.game.host(other.port(), settings("Second"));
  ASSERT_TRUE(error2.has_value());
  EXPECT_NE(error2->find("address in use"), std::string::npos) << *error2;

  // Still usable: hosting on a free port works and a joiner can play.
  const std::uint16_t port2 = hostAnyPort(second, settings("Second"));
  ASSERT_NE(port2, port);
  RawClient peer(port2);
  const auto hello = [&] {
    peer.write(helloBytes("raw"));
    return peer.expect<Hello>();
  }();
  ASSERT_TRUE(hello);
  EXPECT_EQ(hello->nickname, "Second");
  ASSERT_TRUE(peer.expect<SetupMsg>());
  ASSERT_TRUE(second.waitUntil(playing, "the game to start"));
  EXPECT_EQ(first.snap().phase, NetPhase::Listening) << "the first host is not disturbed";
}

// C13: once cancel() has returned, the port is free for another host at once.
TEST(Session, C13_CancelWhileListeningFreesThePort) {
  Net first;
  const std::uint16_t port = hostAnyPort(first, settings("First"));
  first.game.cancel();
  NetSnapshot s = first.snap();
  EXPECT_EQ(s.phase, NetPhase::Failed) << describe(s);
  EXPECT_EQ(s.failure, NetFailure::Cancelled) << describe(s);

  Net second;
  const auto error = second.game.host(port, settings("Second"));
  ASSERT_FALSE(error.has_value()) << *error;
  EXPECT_EQ(second.snap().port, port);

  // The port now leads to the second host.
  RawClient peer(port);
  peer.write(helloBytes("raw"));
  const auto hello = peer.expect<Hello>();
  ASSERT_TRUE(hello);
  EXPECT_EQ(hello->nickname, "Second");
}

TEST(Session, C13_CancelWhileConnectingEndsTheJoinAtOnce) {
#ifndef __linux__
  GTEST_SKIP() << "BlackHole relies on Linux dropping SYNs to a full accept queue";
#endif
  BlackHole hole;
  Net joiner;
  joiner.game.join("127.0.0.1", hole.port(), settings("Joiner"), 10s);
  ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& s) { return s.phase == NetPhase::Connecting; },
                               "connecting"));
  const auto start = Clock::now();
  joiner.game.cancel();
  NetSnapshot s = joiner.snap();  // at once, not through the network thread
  EXPECT_EQ(s.phase, NetPhase::Failed) << describe(s);
  EXPECT_EQ(s.failure, NetFailure::Cancelled) << describe(s);
  EXPECT_LT(Clock::now() - start, 1s);
  // A second cancel changes nothing.
  joiner.game.cancel();
  s = joiner.snap();
  EXPECT_EQ(s.failure, NetFailure::Cancelled) << describe(s);
}

TEST(Session, C13a_JoinAHostThatDropsEveryPacketTimesOut) {
#ifndef __linux__
  GTEST_SKIP() << "BlackHole relies on Linux dropping SYNs to a full accept queue";
#endif
  BlackHole hole;
  Net joiner;
  const auto start = Clock::now();
  joiner.game.join("127.0.0.1", hole.port(), settings("Joiner"), 500ms);
  ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& s) { return s.phase != NetPhase::Connecting; },
                               "the join to end"));
  const auto elapsed = Clock::now() - start;
  const NetSnapshot s = joiner.snap();
  if (s.failure == NetFailure::Refused || s.phase == NetPhase::InMatch)
    GTEST_SKIP() << "this system does not drop SYNs to a full accept queue: " << describe(s);
  EXPECT_EQ(s.phase, NetPhase::Failed) << describe(s);
  EXPECT_EQ(s.failure, NetFailure::TimedOut) << describe(s);
  EXPECT_NE(s.message.find("timed out"), std::string::npos) << describe(s);
  EXPECT_GE(elapsed, 450ms) << "gave up before the timeout";
  EXPECT_LT(elapsed, 5s) << "the 500 ms timeout was not kept";
  // The UI stays responsive meanwhile: snapshot() never blocks on the network (it just did).
}

// =============================================================================================
// Two NetGames

TEST(Session, C02_TwoNetGamesPlayTheGameAndAgree) {
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("张伟", ColorChoice::Black));
  Net joiner;
  joiner.game.join("localhost", port, settings("Zoë😀"), 10s);
  ASSERT_TRUE(host.waitUntil(playing, "the host's game to start"));
  ASSERT_TRUE(joiner.waitUntil(playing, "the joiner's game to start"));
  EXPECT_EQ(host.snap().localColor, Stone::Black);
  EXPECT_EQ(joiner.snap().localColor, Stone::White);
  EXPECT_EQ(host.snap().peerNickname, "Zoë😀");  // C15
  EXPECT_EQ(joiner.snap().peerNickname, "张伟");
  EXPECT_FALSE(host.snap().peerAddress.empty());
  EXPECT_EQ(joiner.snap().role, Role::Joiner);

  for (std::size_t i = 0; i < kC02.size(); ++i) {
    SCOPED_TRACE("move " + std::to_string(i + 1));
    Net& mover = i % 2 == 0 ? host : joiner;
    Net& other = i % 2 == 0 ? joiner : host;
    ASSERT_TRUE(mover.waitUntil([](const NetSnapshot& s) { return s.myTurn; }, "the mover's turn"));
    EXPECT_FALSE(other.snap().myTurn);
    ASSERT_EQ(mover.game.play(kC02[i]), MoveError::None);
    const int ply = static_cast<int>(i + 1);
    ASSERT_TRUE(other.waitUntil([&](const NetSnapshot& s) { return s.game.ply() == ply; },
                                "the move to arrive"));
  }
  auto over = [](const NetSnapshot& s) { return s.match == MatchPhase::Finished; };
  ASSERT_TRUE(host.waitUntil(over, "the host's game to finish"));
  ASSERT_TRUE(joiner.waitUntil(over, "the joiner's game to finish"));
  const NetSnapshot h = host.snap();
  const NetSnapshot j = joiner.snap();
  for (const NetSnapshot* s : {&h, &j}) {
    EXPECT_EQ(s->game.moves(), kC02);
    EXPECT_EQ(s->game.result().outcome, Outcome::BlackWins);
    EXPECT_EQ(s->game.result().reason, EndReason::Five);
    EXPECT_EQ(s->game.result().line, kC02Line);
    EXPECT_FALSE(s->myTurn);
  }
  EXPECT_TRUE(h.game.board() == j.game.board());

  // C02: after the win, local moves are refused on both sides.
  EXPECT_EQ(host.game.play({10, 10}), MoveError::GameOver);
  EXPECT_EQ(joiner.game.play({10, 10}), MoveError::GameOver);
  EXPECT_EQ(host.snap().game.ply(), 9);
  EXPECT_EQ(joiner.snap().game.ply(), 9);
}

TEST(Session, C14a_DestroyingTheJoinerMidGameIsNoticedAtOnce) {
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("Host", ColorChoice::Black));
  auto joiner = std::make_unique<Net>();
  joiner->game.join("127.0.0.1", port, settings("Joiner"), 10s);
  ASSERT_TRUE(joiner->waitUntil(playing, "the joiner's game to start"));
  ASSERT_TRUE(host.waitUntil(playing, "the host's game to start"));
  ASSERT_EQ(host.game.play({7, 7}), MoveError::None);
  ASSERT_TRUE(
      joiner->waitUntil([](const NetSnapshot& s) { return s.myTurn; }, "the joiner's turn"));
  ASSERT_EQ(joiner->game.play({8, 8}), MoveError::None);
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.myTurn; }, "the host's turn"));

  // The joiner's window closes: its NetGame is destroyed (on another thread, so that the host
  // is watched while the destructor runs).
  const auto start = Clock::now();
  Clock::duration destroyTime{};
  std::thread closer([&] {
    joiner.reset();
    destroyTime = Clock::now() - start;
  });
  const auto noticed = host.waitUntil(
      [](const NetSnapshot& s) { return s.match == MatchPhase::Closed; }, "the host to notice");
  const auto elapsed = Clock::now() - start;
  closer.join();
  ASSERT_TRUE(noticed);
  EXPECT_LT(elapsed, 2s) << "noticed within about 1 s";
  EXPECT_LT(destroyTime, 3s) << "closing the window does not hang";
  const NetSnapshot s = host.snap();
  EXPECT_EQ(s.game.result().outcome, Outcome::Interrupted);
  EXPECT_EQ(s.game.ply(), 2) << "the interrupted game is kept";
  EXPECT_NE(s.message.find("left"), std::string::npos) << describe(s);
  EXPECT_EQ(host.game.play({9, 9}), MoveError::GameOver);
}

// A host whose game has ended stops listening: the port is free again (a later caller is
// refused by the system instead of being told BUSY by a game that no longer runs).
TEST(Session, HostStopsListeningWhenItsGameEnds) {
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("Host", ColorChoice::Black));
  {
    Net joiner;
    joiner.game.join("127.0.0.1", port, settings("Joiner"), 10s);
    ASSERT_TRUE(host.waitUntil(playing, "the host's game to start"));
  }  // the joiner leaves
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.match == MatchPhase::Closed; },
                             "the host to notice"));
  Net late;
  late.game.join("127.0.0.1", port, settings("Late"), 10s);
  ASSERT_TRUE(late.waitUntil([](const NetSnapshot& s) { return s.phase == NetPhase::Failed; },
                             "the late join to fail"));
  EXPECT_EQ(late.snap().failure, NetFailure::Refused) << describe(late.snap());
  Net again;  // and the port can be hosted on at once
  EXPECT_FALSE(again.game.host(port, settings("Again")).has_value());
}

TEST(Session, C14a_PeerSocketClosedWithoutByeIsNoticed) {
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("Host", ColorChoice::White));
  {
    RawClient peer(port);
    ASSERT_TRUE(peer.handshake());
    peer.write(moveBytes(0, 7, 7));
    ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.game.ply() == 1; }, "the move"));
    peer.close();  // the program is killed: no BYE
  }
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.match == MatchPhase::Suspended; },
                             "the host to notice"));
  const NetSnapshot s = host.snap();
  EXPECT_EQ(s.game.result().outcome, Outcome::Ongoing) << "the joiner may come back";
  EXPECT_FALSE(s.suspendReason.empty());
  EXPECT_NE(describe(s.notice).find("Waiting for raw to reconnect"), std::string::npos)
      << describe(s.notice);
  EXPECT_GT(s.resumeDeadline, Clock::now() + 170s) << "three minutes to come back";
  EXPECT_EQ(s.game.ply(), 1);
}

TEST(Session, LeaveSendsByeToThePeer) {
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("Host", ColorChoice::White));
  RawClient peer(port);
  ASSERT_TRUE(peer.handshake());
  ASSERT_TRUE(host.waitUntil(playing, "the game to start"));
  host.game.leave();
  bool closed = false;
  const std::vector<Message> got = peer.readUntilClosed(closed);
  EXPECT_TRUE(closed);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_TRUE(std::holds_alternative<Bye>(got[0]));
  const NetSnapshot s = host.snap();
  EXPECT_EQ(s.match, MatchPhase::Closed);
  EXPECT_EQ(s.game.result().outcome, Outcome::Interrupted);
}

// =============================================================================================
// Joining something that is not a Gomoku host

TEST(Session, JoinAnSshServerGivesNotGomokuHost) {
  Net joiner;
  RawServer ssh;  // destroyed first: the joiner then sees our end of stream at once
  joiner.game.join("127.0.0.1", ssh.port(), settings("Joiner"), 10s);
  ASSERT_TRUE(ssh.accept());
  const std::string banner = "SSH-2.0-OpenSSH\r\n";
  ssh.write(Bytes(banner.begin(), banner.end()));
  ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& s) { return s.match == MatchPhase::Closed; },
                               "the joiner to give up"));
  const NetSnapshot s = joiner.snap();
  EXPECT_EQ(s.failure, NetFailure::NotGomokuHost) << describe(s);
  EXPECT_NE(s.message.find("not a Gomoku host"), std::string::npos) << describe(s);
  EXPECT_TRUE(ssh.drainUntilClosed()) << "the joiner closes its end";
}

TEST(Session, JoinAServerThatNeverAnswersGivesNotGomokuHostAfterTheTimeout) {
  Net joiner;
  RawServer silent;  // destroyed first: the joiner then sees our end of stream at once
  const auto start = Clock::now();
  joiner.game.join("127.0.0.1", silent.port(), settings("Joiner"), 300ms);
  ASSERT_TRUE(silent.accept());
  ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& s) { return s.match == MatchPhase::Closed; },
                               "the handshake timeout"));
  const auto elapsed = Clock::now() - start;
  const NetSnapshot s = joiner.snap();
  EXPECT_EQ(s.failure, NetFailure::NotGomokuHost) << describe(s);
  EXPECT_NE(s.message.find("not a Gomoku host"), std::string::npos) << describe(s);
  EXPECT_GE(elapsed, 250ms) << "gave up before the handshake timeout";
  EXPECT_TRUE(silent.drainUntilClosed()) << "the joiner closes its end";
}

TEST(Session, JoinABusyHostGivesBusy) {
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("Host"));
  RawClient first(port);
  ASSERT_TRUE(first.handshake());
  ASSERT_TRUE(host.waitUntil(playing, "the first game to start"));

  Net late;
  late.game.join("127.0.0.1", port, settings("Late"), 10s);
  ASSERT_TRUE(late.waitUntil([](const NetSnapshot& s) { return s.match == MatchPhase::Closed; },
                             "the refusal"));
  const NetSnapshot s = late.snap();
  EXPECT_EQ(s.failure, NetFailure::Busy) << describe(s);
  EXPECT_NE(s.message.find("busy"), std::string::npos) << describe(s);
}

// =============================================================================================
// Robustness of NetGame and Session

// join() on a NetGame that is already hosting must not touch the listening host. (A complete
// handshake afterwards gives the network thread time to act on anything join() queued.)
TEST(Session, JoinWhileHostingIsIgnored) {
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("Host", ColorChoice::White));
  host.game.join("127.0.0.1", closedPort(), settings("Joiner"), 10s);
  NetSnapshot s = host.snap();
  EXPECT_EQ(s.phase, NetPhase::Listening) << describe(s);
  EXPECT_EQ(s.role, Role::Host);

  RawClient peer(port);
  ASSERT_TRUE(peer.handshake());
  peer.write(moveBytes(0, 7, 7));
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& x) { return x.game.ply() == 1; }, "the move"));
  s = host.snap();
  EXPECT_EQ(s.phase, NetPhase::InMatch) << describe(s);
  EXPECT_EQ(s.failure, NetFailure::None) << describe(s);
  EXPECT_TRUE(playing(s)) << describe(s);
}

// A connection that fails the handshake (a port scanner, a browser, another protocol version)
// should not use up the hosted game: the next joiner should be welcome, not told BUSY.
TEST(Session, HostAcceptsAJoinerAfterAStrayConnection) {
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("Host", ColorChoice::White));
  {
    RawClient stray(port);
    const std::string garbage = "GET / HTTP/1.1\r\n\r\n";
    stray.write(Bytes(garbage.begin(), garbage.end()));
    EXPECT_TRUE(stray.drainUntilClosed());
  }
  RawClient peer(port);
  const auto setup = peer.handshake("real");
  ASSERT_TRUE(setup) << "the real joiner is refused; last state: " << describe(host.snap());
  ASSERT_TRUE(host.waitUntil(playing, "the game to start"));
  EXPECT_EQ(host.snap().peerNickname, "real");
}

// wire.h: "BYE: the sender is leaving; the receiver closes the connection." A peer that sends
// BYE and keeps its socket open must still find it closed by the host.
TEST(Session, ReceivingByeClosesTheConnection) {
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("Host", ColorChoice::White));
  RawClient peer(port);
  ASSERT_TRUE(peer.handshake());
  peer.write(encode(Bye{ByeReason::Leaving, ""}));
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.match == MatchPhase::Closed; },
                             "the BYE"));
  EXPECT_TRUE(peer.drainUntilClosed(3s)) << "the host keeps the connection open after BYE";
}

// Session::abort() drops queued messages at once, also while one of them is being written.
// The test runs the io_context itself, so the order of the handlers is fixed: the first MOVE is
// written (its completion is queued) before abort() runs.
TEST(Session, AbortWithAWriteInFlight) {
  asio::io_context io;
  tcp::acceptor acceptor(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  tcp::socket client(io), server(io);
  client.connect(acceptor.local_endpoint());
  acceptor.accept(server);
  auto session = std::make_shared<Session>(std::move(server));
  int closedCalls = 0;
  session->start([](Message) {}, [&](const std::string&, DecodeError) { ++closedCalls; });
  session->send(Move{0, 7, 7});
  session->send(Move{1, 8, 8});
  session->abort();
  io.run_for(kWait);
  EXPECT_TRUE(io.stopped()) << "the session still has work after abort()";
  EXPECT_EQ(closedCalls, 1);
}

TEST(Session, CloseAfterWritesDeliversEveryQueuedMessage) {
  asio::io_context io;
  tcp::acceptor acceptor(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  RawConn peer;
  peer.socket().connect(acceptor.local_endpoint());
  tcp::socket server(io);
  acceptor.accept(server);
  auto session = std::make_shared<Session>(std::move(server));
  std::string reason;
  session->start([](Message) {}, [&](const std::string& r, DecodeError) { reason = r; });
  for (int i = 0; i < 50; ++i) session->send(Move{static_cast<std::uint16_t>(i), 1, 2});
  session->send(Bye{ByeReason::Closing, "done"});
  session->closeAfterWrites();
  session->send(Move{99, 0, 0});  // after closing: dropped
  std::thread runner([&] { io.run_for(kWait); });
  bool closed = false;
  const std::vector<Message> got = peer.readUntilClosed(closed);
  peer.close();  // our end of stream ends the session's linger at once
  runner.join();
  EXPECT_TRUE(closed);
  ASSERT_EQ(got.size(), 51u);
  for (int i = 0; i < 50; ++i) {
    const Message expected = Move{static_cast<std::uint16_t>(i), 1, 2};
    EXPECT_TRUE(got[static_cast<std::size_t>(i)] == expected) << i;
  }
  EXPECT_TRUE(std::holds_alternative<Bye>(got.back()));
  EXPECT_EQ(reason, "closed by us");
  EXPECT_TRUE(io.stopped());
}

// =============================================================================================
// NetGame: more joiner paths against a scripted host

namespace {

// Reads the joiner's HELLO on a scripted host's accepted connection.
::testing::AssertionResult readJoinerHello(RawServer& server, const std::string& nick) {
  const auto hello = server.expect<Hello>();
  if (!hello) return ::testing::AssertionFailure() << "no HELLO from the joiner";
  if (hello->nickname != nick)
    return ::testing::AssertionFailure() << "nickname " << hello->nickname;
  if (hello->protocolMajor != kProtocolMajor) return ::testing::AssertionFailure() << "bad major";
  return ::testing::AssertionSuccess();
}

}  // namespace

TEST(Session, JoinerPlaysAgainstAScriptedHost) {
  Net joiner;
  RawServer server;  // destroyed first: the joiner then sees our end of stream at once
  joiner.game.join("127.0.0.1", server.port(), settings("Joiner"), 10s);
  ASSERT_TRUE(server.accept());
  ASSERT_TRUE(readJoinerHello(server, "Joiner"));
  server.write(concat({helloBytes("Scripted"), encode(SetupMsg{9, Rule::Standard, false})}));
  ASSERT_TRUE(joiner.waitUntil(playing, "the game to start"));
  NetSnapshot s = joiner.snap();
  EXPECT_EQ(s.localColor, Stone::Black);
  EXPECT_EQ(s.game.size(), 9);
  EXPECT_EQ(s.game.rule(), Rule::Standard);
  EXPECT_EQ(s.peerNickname, "Scripted");
  EXPECT_TRUE(s.myTurn);

  ASSERT_EQ(joiner.game.play({4, 4}), MoveError::None);
  const auto move = server.expect<Move>();
  ASSERT_TRUE(move);
  EXPECT_TRUE(*move == (Move{0, 4, 4}));
  server.write(moveBytes(1, 8, 8));
  ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& x) { return x.game.ply() == 2 && x.myTurn; },
                               "move 2"));
  // Off a 9x9 board: refused by the joiner with an ERROR.
  ASSERT_EQ(joiner.game.play({0, 0}), MoveError::None);
  ASSERT_TRUE(server.expect<Move>());
  server.write(moveBytes(3, 9, 0));
  bool closed = false;
  const std::vector<Message> rest = server.readUntilClosed(closed);
  EXPECT_TRUE(closed);
  ASSERT_EQ(rest.size(), 1u);
  ASSERT_TRUE(std::holds_alternative<Error>(rest[0]));
  EXPECT_EQ(std::get<Error>(rest[0]).code, ErrorCode::IllegalMove);
  ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& x) { return x.match == MatchPhase::Closed; },
                               "the close"));
  s = joiner.snap();
  EXPECT_EQ(s.game.ply(), 3);
  EXPECT_EQ(s.game.result().outcome, Outcome::Interrupted);
  EXPECT_EQ(s.game.result().reason, EndReason::ProtocolError);
}

TEST(Session, JoinAHostOfAnotherVersionGivesVersionMismatch) {
  Net joiner;
  RawServer server;  // destroyed first: the joiner then sees our end of stream at once
  joiner.game.join("127.0.0.1", server.port(), settings("Joiner"), 10s);
  ASSERT_TRUE(server.accept());
  ASSERT_TRUE(readJoinerHello(server, "Joiner"));
  server.write(encode(Hello{2, 1, "9.0.0", "Future"}));
  bool closed = false;
  const std::vector<Message> rest = server.readUntilClosed(closed);
  EXPECT_TRUE(closed);
  ASSERT_EQ(rest.size(), 1u);
  ASSERT_TRUE(std::holds_alternative<Error>(rest[0]));
  EXPECT_EQ(std::get<Error>(rest[0]).code, ErrorCode::VersionMismatch);
  ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& x) { return x.match == MatchPhase::Closed; },
                               "the close"));
  const NetSnapshot s = joiner.snap();
  EXPECT_EQ(s.failure, NetFailure::VersionMismatch) << describe(s);
  EXPECT_NE(s.message.find("2.1"), std::string::npos) << describe(s);
}

// Protocol 1.2: a P2P joiner that reaches a Gomoku server (it speaks first, WELCOME) reports that,
// not "not a Gomoku host"; the server then refuses the joiner's HELLO with ERROR ServerOnly.
TEST(Session, JoinAGomokuServerGivesIsServer) {
  Net joiner;
  RawServer server;  // destroyed first: the joiner then sees our end of stream at once
  joiner.game.join("127.0.0.1", server.port(), settings("Joiner"), 10s);
  ASSERT_TRUE(server.accept());
  server.write(encode(Welcome{kProtocolMajor, kProtocolMinor, "0.1.0", "ladder"}));
  ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& x) { return x.match == MatchPhase::Closed; },
                               "the close"));
  const NetSnapshot s = joiner.snap();
  EXPECT_EQ(s.failure, NetFailure::IsServer) << describe(s);
  EXPECT_NE(s.message.find("Gomoku server"), std::string::npos) << describe(s);
  EXPECT_NE(s.message.find("Play online"), std::string::npos) << describe(s);
  ASSERT_TRUE(readJoinerHello(server, "Joiner"));
  EXPECT_TRUE(server.drainUntilClosed()) << "the joiner closes its end without a word more";
}

// The same when the server's ERROR ServerOnly is what the joiner reads.
TEST(Session, JoinAGomokuServerThatRefusesHelloGivesIsServer) {
  Net joiner;
  RawServer server;
  joiner.game.join("127.0.0.1", server.port(), settings("Joiner"), 10s);
  ASSERT_TRUE(server.accept());
  ASSERT_TRUE(readJoinerHello(server, "Joiner"));
  server.write(encode(Error{ErrorCode::ServerOnly, "this is a Gomoku server"}));
  ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& x) { return x.match == MatchPhase::Closed; },
                               "the close"));
  const NetSnapshot s = joiner.snap();
  EXPECT_EQ(s.failure, NetFailure::IsServer) << describe(s);
  EXPECT_NE(s.message.find("use Play online"), std::string::npos) << describe(s);
  EXPECT_TRUE(server.drainUntilClosed());
}

// An online client that calls a P2P host gets ERROR NotAServer, and the host goes on listening.
TEST(Session, AServerMessageToAHostIsAnsweredWithNotAServer) {
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("Host"));
  {
    RawClient client(port);
    client.write(encode(Login{LoginMethod::Password, "Ann", "password1"}));
    bool closed = false;
    const std::vector<Message> got = client.readUntilClosed(closed);
    EXPECT_TRUE(closed);
    ASSERT_FALSE(got.empty());
    ASSERT_TRUE(std::holds_alternative<Error>(got.back())) << typeName(typeOf(got.back()));
    EXPECT_EQ(std::get<Error>(got.back()).code, ErrorCode::NotAServer);
  }
  RawClient player(port);
  ASSERT_TRUE(player.handshake()) << "the host still takes a game";
  ASSERT_TRUE(host.waitUntil(playing, "the game to start"));
}

TEST(Session, C06_JoinAHostWithAnUnsupportedSetupAnswersBadSetup) {
  for (const SetupMsg& setup :
       {SetupMsg{4, Rule::Freestyle, true}, SetupMsg{26, Rule::Freestyle, true},
        SetupMsg{19, Rule::Renju, true}}) {
    SCOPED_TRACE(static_cast<int>(setup.boardSize));
    Net joiner;
    RawServer server;  // destroyed first
    joiner.game.join("127.0.0.1", server.port(), settings("Joiner"), 10s);
    ASSERT_TRUE(server.accept());
    ASSERT_TRUE(readJoinerHello(server, "Joiner"));
    server.write(concat({helloBytes("Scripted"), encode(setup)}));
    bool closed = false;
    const std::vector<Message> rest = server.readUntilClosed(closed);
    EXPECT_TRUE(closed);
    ASSERT_EQ(rest.size(), 1u);
    ASSERT_TRUE(std::holds_alternative<Error>(rest[0]));
    EXPECT_EQ(std::get<Error>(rest[0]).code, ErrorCode::BadSetup);
    ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& x) { return x.match == MatchPhase::Closed; },
                                 "the close"));
    const NetSnapshot s = joiner.snap();
    EXPECT_TRUE(s.message.find("board size") != std::string::npos ||
                s.message.find("renju") != std::string::npos)
        << describe(s);
  }
}

// A Gomoku host whose SETUP this version cannot play is a Gomoku host all the same.
TEST(Session, JoinAHostWithAnUnsupportedSetupIsNotCalledNotGomoku) {
  Net joiner;
  RawServer server;  // destroyed first: the joiner then sees our end of stream at once
  joiner.game.join("127.0.0.1", server.port(), settings("Joiner"), 10s);
  ASSERT_TRUE(server.accept());
  ASSERT_TRUE(readJoinerHello(server, "Joiner"));
  server.write(concat({helloBytes("Scripted"), encode(SetupMsg{4, Rule::Freestyle, true})}));
  EXPECT_TRUE(server.drainUntilClosed());
  ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& x) { return x.match == MatchPhase::Closed; },
                               "the close"));
  const NetSnapshot s = joiner.snap();
  EXPECT_NE(s.failure, NetFailure::NotGomokuHost) << describe(s);
  EXPECT_EQ(s.message.find("not a Gomoku host"), std::string::npos) << describe(s);
}

TEST(Session, JoinOverIpv6Loopback) {
  {
    asio::io_context io;
    tcp::acceptor probe(io);
    error_code ec;
    probe.open(tcp::v6(), ec);
    if (!ec) probe.bind(tcp::endpoint(asio::ip::address_v6::loopback(), 0), ec);
    if (ec) GTEST_SKIP() << "no IPv6 loopback here: " << ec.message();
  }
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("Host"));
  Net joiner;
  joiner.game.join("::1", port, settings("Joiner"), 10s);
  ASSERT_TRUE(host.waitUntil(playing, "the host's game"));
  ASSERT_TRUE(joiner.waitUntil(playing, "the joiner's game"));
  EXPECT_EQ(host.snap().peerAddress.rfind("[::1]:", 0), 0u) << host.snap().peerAddress;
  EXPECT_EQ(joiner.snap().peerAddress, "[::1]:" + std::to_string(port));
}

TEST(Session, PeerAddressOfAnIpv4PeerIsPlain) {
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("Host"));
  RawClient peer(port);
  ASSERT_TRUE(peer.handshake());
  ASSERT_TRUE(host.waitUntil(playing, "the game"));
  const std::string expected = "127.0.0.1:" + std::to_string(peer.socket().local_endpoint().port());
  EXPECT_EQ(host.snap().peerAddress, expected) << "an IPv4-mapped address is shown as IPv4";
}

// =============================================================================================
// NetGame API edges

TEST(Session, BadSettingsThrowAndNothingStarts) {
  Net net;
  EXPECT_THROW(net.game.host(0, settings("")), std::invalid_argument);
  EXPECT_THROW(net.game.host(0, settings("   ")), std::invalid_argument);
  MatchSettings big = settings("Host");
  big.boardSize = 26;
  EXPECT_THROW(net.game.host(0, big), std::invalid_argument);
  MatchSettings renju = settings("Host");
  renju.rule = Rule::Renju;
  renju.boardSize = 19;
  EXPECT_THROW(net.game.host(0, renju), std::invalid_argument);  // renju is played on 15x15
  EXPECT_THROW(net.game.join("127.0.0.1", 1, settings(std::string(33, 'x')), 1s),
               std::invalid_argument);
  const NetSnapshot s = net.snap();
  EXPECT_EQ(s.phase, NetPhase::Idle) << describe(s);
  EXPECT_EQ(net.game.play({7, 7}), MoveError::NotYourTurn);
  net.game.leave();  // nothing to leave: harmless
  net.game.cancel();
  EXPECT_EQ(net.snap().phase, NetPhase::Idle);
}

TEST(Session, HostTwiceOnOneNetGameIsRefused) {
  Net net;
  const std::uint16_t port = hostAnyPort(net, settings("Host"));
  const auto error = net.game.host(0, settings("Host"));
  ASSERT_TRUE(error.has_value());
  const NetSnapshot s = net.snap();
  EXPECT_EQ(s.phase, NetPhase::Listening) << describe(s);
  EXPECT_EQ(s.port, port);
}

TEST(Session, CancelDuringAGameSendsBye) {
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("Host"));
  RawClient peer(port);
  ASSERT_TRUE(peer.handshake());
  ASSERT_TRUE(host.waitUntil(playing, "the game"));
  host.game.cancel();
  bool closed = false;
  const std::vector<Message> got = peer.readUntilClosed(closed);
  EXPECT_TRUE(closed);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_TRUE(std::holds_alternative<Bye>(got[0]));
  EXPECT_EQ(host.snap().match, MatchPhase::Closed);
}

TEST(Session, DestroyingAListeningHostReturnsPromptlyAndFreesThePort) {
  auto net = std::make_unique<Net>();
  const std::uint16_t port = hostAnyPort(*net, settings("Host"));
  const auto start = Clock::now();
  net.reset();
  EXPECT_LT(Clock::now() - start, 3s);
  Net again;
  EXPECT_FALSE(again.game.host(port, settings("Again")).has_value()) << "the port is free again";
}

TEST(Session, DestroyingAJoinerDuringTheHandshakeReturnsPromptly) {
  RawServer silent;
  auto joiner = std::make_unique<Net>();
  joiner->game.join("127.0.0.1", silent.port(), settings("Joiner"), 10s);
  ASSERT_TRUE(silent.accept());
  ASSERT_TRUE(readJoinerHello(silent, "Joiner"));
  // The handshake deadline (10 s) is pending; the destructor must not wait for it.
  Clock::duration destroyTime{};
  std::thread closer([&] {
    const auto start = Clock::now();
    joiner.reset();
    destroyTime = Clock::now() - start;
  });
  const bool closed = silent.drainUntilClosed();  // BYE, then the joiner's end of stream
  silent.close();
  closer.join();
  EXPECT_TRUE(closed);
  EXPECT_LT(destroyTime, 5s);
}

// =============================================================================================
// Helpers of netgame.h

TEST(Session, ParseHostPort) {
  using HP = std::optional<std::pair<std::string, std::uint16_t>>;
  EXPECT_EQ(parseHostPort("alice-pc", 6515), (HP{{"alice-pc", 6515}}));
  EXPECT_EQ(parseHostPort("  alice-pc  ", 6515), (HP{{"alice-pc", 6515}}));
  EXPECT_EQ(parseHostPort("alice-pc:7000", 6515), (HP{{"alice-pc", 7000}}));
  EXPECT_EQ(parseHostPort("127.0.0.1:1", 6515), (HP{{"127.0.0.1", 1}}));
  EXPECT_EQ(parseHostPort("localhost:65535", 6515), (HP{{"localhost", 65535}}));
  EXPECT_EQ(parseHostPort("[::1]:7000", 6515), (HP{{"::1", 7000}}));
  EXPECT_EQ(parseHostPort("[::1]", 6515), (HP{{"::1", 6515}}));
  EXPECT_EQ(parseHostPort("::1", 6515), (HP{{"::1", 6515}}));
  EXPECT_EQ(parseHostPort("fe80::1%eth0", 6515), (HP{{"fe80::1%eth0", 6515}}));
  EXPECT_EQ(parseHostPort("", 6515), HP{});
  EXPECT_EQ(parseHostPort("   ", 6515), HP{});
  EXPECT_EQ(parseHostPort(":7000", 6515), HP{});
  EXPECT_EQ(parseHostPort("host:0", 6515), HP{});
  EXPECT_EQ(parseHostPort("host:65536", 6515), HP{});
  EXPECT_EQ(parseHostPort("host:99999", 6515), HP{});
  EXPECT_EQ(parseHostPort("host:123456", 6515), HP{});
  EXPECT_EQ(parseHostPort("host:-1", 6515), HP{});
  EXPECT_EQ(parseHostPort("host:80a", 6515), HP{});
  EXPECT_EQ(parseHostPort("[::1", 6515), HP{});
  EXPECT_EQ(parseHostPort("[::1]x", 6515), HP{});
  EXPECT_EQ(parseHostPort("[]:80", 6515), HP{});
}

TEST(Session, ParseServerList) {
  using List = std::optional<std::vector<std::pair<std::string, std::uint16_t>>>;
  EXPECT_EQ(parseServerList("a", 6516), (List{{{"a", 6516}}}));
  EXPECT_EQ(parseServerList("a:1, b , [::1]:3", 6516), (List{{{"a", 1}, {"b", 6516}, {"::1", 3}}}));
  EXPECT_EQ(parseServerList("", 6516), List{});
  EXPECT_EQ(parseServerList("a,", 6516), List{});
  EXPECT_EQ(parseServerList(",a", 6516), List{});
  EXPECT_EQ(parseServerList("a,,b", 6516), List{});
  EXPECT_EQ(parseServerList("a,b:0", 6516), List{});
  std::string many = "h";
  for (std::size_t i = 1; i < kMaxServers; ++i) many += ",h";
  EXPECT_EQ(parseServerList(many, 6516)->size(), kMaxServers);
  EXPECT_EQ(parseServerList(many + ",h", 6516), List{});
}

TEST(Session, LocalAddressesListNoLoopback) {
  const LocalAddresses local = localAddresses();  // reads this machine's interfaces only
  for (const std::string& a : local.addresses) {
    EXPECT_NE(a.rfind("127.", 0), 0u) << a;
    EXPECT_NE(a, "::1");
  }
}

// ---------------------------------------------------------------------------------------------
// Found by hostile-peer testing (issue 2 follow-up).

// A caller that sends ERROR during the handshake and keeps its socket open is closed by the
// host at once (it does not hold a connection, nor the host's exit), and the host listens again.
TEST(Session, CallerSendingErrorDuringTheHandshakeIsClosedAndTheHostListensAgain) {
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("Host"));
  RawClient stray(port);
  stray.write(encode(Error{ErrorCode::Protocol, "nonsense"}));
  bool closed = false;
  stray.readUntilClosed(closed);
  EXPECT_TRUE(closed) << "the host closed the caller's connection";
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.phase == NetPhase::Listening; },
                             "the host to listen again"));
  Net joiner;
  joiner.game.join("127.0.0.1", port, settings("Joiner"), 10s);
  ASSERT_TRUE(joiner.waitUntil(playing, "a real joiner's game to start"));
}

// A real Gomoku host that says BYE during the handshake is not "not a Gomoku host".
TEST(Session, JoinerToldByeDuringTheHandshakeIsNotCalledNotGomoku) {
  Net joiner;
  RawServer server;
  joiner.game.join("127.0.0.1", server.port(), settings("Joiner"), 10s);
  ASSERT_TRUE(server.accept());
  ASSERT_TRUE(readJoinerHello(server, "Joiner"));
  server.write(
      concat({helloBytes("Scripted"), encode(Bye{ByeReason::Closing, "host shutting down"})}));
  ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& x) { return x.match == MatchPhase::Closed; },
                               "the close"));
  const NetSnapshot s = joiner.snap();
  EXPECT_EQ(s.failure, NetFailure::Other) << describe(s);
  EXPECT_EQ(s.message.find("not a Gomoku host"), std::string::npos) << describe(s);
  EXPECT_NE(s.message.find("left"), std::string::npos) << describe(s);
}

// Cancelling while the handshake is under way is a cancel, and frees the port.
TEST(Session, CancelDuringTheHandshakeIsACancel) {
  Net host;
  const std::uint16_t port = hostAnyPort(host, settings("Host"));
  RawClient silent(port);  // connects and says nothing: the host waits in the handshake
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.phase == NetPhase::InMatch; },
                             "the caller"));
  host.game.cancel();
  const NetSnapshot s = host.snap();
  EXPECT_EQ(s.phase, NetPhase::Failed) << describe(s);
  EXPECT_EQ(s.failure, NetFailure::Cancelled) << describe(s);
  Net again;
  EXPECT_FALSE(again.game.host(port, settings("Again")).has_value());
}

// Issue 4: a networked renju game refuses a forbidden move sent by a hostile peer (raw bytes
// over loopback): ERROR IllegalMove naming the double-three, the connection closed, the board
// as it was.
TEST(Session, RenjuHostRefusesAForbiddenMoveFromAHostilePeer) {
  Net host;
  MatchSettings hs = settings("Host", ColorChoice::White);
  hs.rule = Rule::Renju;
  const std::uint16_t port = hostAnyPort(host, hs);
  RawClient peer(port);  // plays Black
  ASSERT_TRUE(peer.handshake());
  // Black (5,7),(6,7),(7,5),(7,6); White answers far away; then Black's (7,7) is a double-three.
  const std::vector<Point> black = {{5, 7}, {6, 7}, {7, 5}, {7, 6}};
  const std::vector<Point> white = {{0, 0}, {2, 0}, {4, 0}, {6, 0}};
  for (std::size_t i = 0; i < black.size(); ++i) {
    peer.write(moveBytes(static_cast<std::uint16_t>(2 * i), static_cast<std::uint8_t>(black[i].x),
                         static_cast<std::uint8_t>(black[i].y)));
    ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.myTurn; }, "our turn"));
    ASSERT_EQ(host.game.play(white[i]), MoveError::None);
    ASSERT_TRUE(peer.expect<Move>());
  }
  const Board before = host.snap().game.board();
  peer.write(moveBytes(8, 7, 7));
  bool closed = false;
  const std::vector<Message> rest = peer.readUntilClosed(closed);
  EXPECT_TRUE(closed);
  ASSERT_EQ(rest.size(), 1u);
  ASSERT_TRUE(std::holds_alternative<Error>(rest[0]));
  EXPECT_EQ(std::get<Error>(rest[0]).code, ErrorCode::IllegalMove);
  EXPECT_NE(std::get<Error>(rest[0]).text.find("double-three at H8"), std::string::npos)
      << std::get<Error>(rest[0]).text;
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.match == MatchPhase::Closed; },
                             "the close"));
  const NetSnapshot s = host.snap();
  EXPECT_TRUE(s.game.board() == before);
  EXPECT_EQ(s.game.ply(), 8);
  EXPECT_EQ(s.game.result().reason, EndReason::ProtocolError);
}

// Issue 3, C14(b): a peer that goes silent (cable pulled, traffic dropped: no end of stream) is
// noticed by the heartbeat; short intervals here, 2 s / 10 s by default.
TEST(Session, C14b_SilentPeerIsNoticedByTheHeartbeat) {
  NetOptions fast;
  fast.heartbeatInterval = std::chrono::milliseconds(100);
  fast.silenceTimeout = std::chrono::milliseconds(600);
  Net host(fast);
  const std::uint16_t port = hostAnyPort(host, settings("Host"));
  RawClient peer(port);
  ASSERT_TRUE(peer.handshake());
  ASSERT_TRUE(host.waitUntil(playing, "the game to start"));
  ASSERT_TRUE(peer.expect<Heartbeat>()) << "the host says it is alive";
  const auto start = Clock::now();
  // The raw peer now says nothing more (it never answers the heartbeats).
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.match == MatchPhase::Suspended; },
                             "the silent peer to be noticed"));
  EXPECT_LT(Clock::now() - start, 3s);
  const NetSnapshot s = host.snap();
  EXPECT_EQ(s.game.result().outcome, Outcome::Ongoing);
  EXPECT_NE(s.suspendReason.find("heartbeat"), std::string::npos) << describe(s);
}

// Issue 3 across two real NetGames: takeback, draw, chat, nickname and play again.
TEST(Session, MatchRequestsTravelBetweenTwoNetGames) {
  Net host, joiner;
  const std::uint16_t port = hostAnyPort(host, settings("Alice", ColorChoice::Black));
  joiner.game.join("localhost", port, settings("Bob"), 10s);
  ASSERT_TRUE(joiner.waitUntil(playing, "the game"));
  ASSERT_EQ(host.game.play({7, 7}), MoveError::None);
  ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& s) { return s.myTurn; }, "White's turn"));
  ASSERT_EQ(host.game.requestTakeback(), RequestRefusal::None);
  ASSERT_TRUE(
      joiner.waitUntil([](const NetSnapshot& s) { return s.takebackRequested; }, "the request"));
  ASSERT_EQ(joiner.game.answerTakeback(true), RequestRefusal::None);
  ASSERT_TRUE(
      host.waitUntil([](const NetSnapshot& s) { return s.game.ply() == 0 && !s.takebackPending; },
                     "the takeback"));
  EXPECT_EQ(joiner.snap().game.ply(), 0);
  ASSERT_EQ(host.game.changeNickname("张伟"), RequestRefusal::None);
  ASSERT_EQ(host.game.sendChat("你好"), RequestRefusal::None);
  ASSERT_TRUE(joiner.waitUntil(
      [](const NetSnapshot& s) { return !s.chat.empty() && s.peerNickname == "张伟"; }, "chat"));
  EXPECT_EQ(joiner.snap().chat.back().text, "你好");
  ASSERT_EQ(host.game.offerDraw(), RequestRefusal::None);
  ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& s) { return s.drawRequested; }, "the offer"));
  ASSERT_EQ(joiner.game.answerDraw(true), RequestRefusal::None);
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.match == MatchPhase::Finished; },
                             "the draw"));
  EXPECT_EQ(host.snap().game.result().reason, EndReason::Agreement);
  ASSERT_EQ(host.game.playAgain(true), RequestRefusal::None);
  ASSERT_EQ(joiner.game.playAgain(true), RequestRefusal::None);
  ASSERT_TRUE(host.waitUntil(
      [](const NetSnapshot& s) { return s.gameNumber == 2 && s.match == MatchPhase::Playing; },
      "game 2"));
  ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& s) { return s.gameNumber == 2; }, "game 2"));
  EXPECT_EQ(host.snap().localColor, Stone::White);
  EXPECT_EQ(joiner.snap().localColor, Stone::Black);
  ASSERT_EQ(joiner.game.resign(), RequestRefusal::None);
  ASSERT_TRUE(host.waitUntil(
      [](const NetSnapshot& s) { return s.game.result().reason == EndReason::Resignation; },
      "resign"));
  EXPECT_EQ(host.snap().game.result().outcome, Outcome::WhiteWins);
}

// =============================================================================================
// Reconnect (case C14): the connection drops mid-match, the joiner comes back on a new
// connection within the resume window, and both boards continue from the same move list.

namespace {

NetOptions fastResume(std::chrono::milliseconds window = 20s) {
  NetOptions o;
  o.heartbeatInterval = 100ms;
  o.silenceTimeout = 2s;
  o.reconnectInterval = 20ms;
  o.resumeWindow = window;
  return o;
}

bool suspended(const NetSnapshot& s) {
  return s.match == MatchPhase::Suspended;
}

::testing::AssertionResult sameMoves(Net& a, Net& b, int ply) {
  const NetSnapshot x = a.snap(), y = b.snap();
  if (x.game.moves() != y.game.moves() || x.game.ply() != ply)
    return ::testing::AssertionFailure()
           << "boards differ: " << describe(x) << " / " << describe(y);
  return ::testing::AssertionSuccess();
}

}  // namespace

TEST(Session, C14_TheJoinerReconnectsAndTheGameGoesOn) {
  Net host(fastResume()), joiner(fastResume());
  const std::uint16_t port = hostAnyPort(host, settings("Alice", ColorChoice::Black));
  joiner.game.join("localhost", port, settings("Bob"), 10s);
  ASSERT_TRUE(joiner.waitUntil(playing, "the game"));
  ASSERT_EQ(host.game.play({7, 7}), MoveError::None);
  ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& s) { return s.myTurn; }, "White's turn"));
  ASSERT_EQ(joiner.game.play({8, 8}), MoveError::None);
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.myTurn; }, "Black's turn"));

  joiner.game.dropConnectionForTest();
  // The host notices the drop (end of stream), the joiner reconnects and resumes.
  ASSERT_TRUE(host.waitUntil(
      [](const NetSnapshot& s) {
        return s.suspensions == 1 && s.myTurn && s.match == MatchPhase::Playing;
      },
      "the host to see the joiner back"));
  ASSERT_TRUE(joiner.waitUntil(playing, "the joiner to resume"));
  EXPECT_TRUE(sameMoves(host, joiner, 2));
  EXPECT_NE(host.snap().peerAddress, "");
  ASSERT_EQ(host.game.play({9, 9}), MoveError::None);
  ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& s) { return s.game.ply() == 3 && s.myTurn; },
                               "the next move"));
  EXPECT_TRUE(sameMoves(host, joiner, 3));
  // A second drop, from the host's side this time.
  host.game.dropConnectionForTest();
  // The second suspension counted, and over (the notice alone still reads as the first resume).
  ASSERT_TRUE(joiner.waitUntil(
      [](const NetSnapshot& s) {
        return s.suspensions == 2 && s.myTurn && s.match == MatchPhase::Playing;
      },
      "the second resume"));
  ASSERT_EQ(joiner.game.play({10, 10}), MoveError::None);
  ASSERT_TRUE(
      host.waitUntil([](const NetSnapshot& s) { return s.game.ply() == 4; }, "the move after"));
  EXPECT_TRUE(sameMoves(host, joiner, 4));
}

TEST(Session, C14c_AMoveSentAsTheConnectionDropsIsAppliedExactlyOnce) {
  Net host(fastResume()), joiner(fastResume());
  const std::uint16_t port = hostAnyPort(host, settings("Alice", ColorChoice::White));
  joiner.game.join("localhost", port, settings("Bob"), 10s);
  ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& s) { return s.myTurn; }, "Black's turn"));
  // Whether the MOVE leaves before the connection is cut or not, it must count once.
  ASSERT_EQ(joiner.game.play({7, 7}), MoveError::None);
  joiner.game.dropConnectionForTest();
  ASSERT_TRUE(host.waitUntil(
      [](const NetSnapshot& s) { return s.match == MatchPhase::Playing && s.myTurn; },
      "White's turn"));
  ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& s) { return s.match == MatchPhase::Playing; },
                               "the resume"));
  EXPECT_TRUE(sameMoves(host, joiner, 1));
  ASSERT_EQ(host.game.play({8, 8}), MoveError::None);
  ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& s) { return s.game.ply() == 2 && s.myTurn; },
                               "the reply"));
  EXPECT_TRUE(sameMoves(host, joiner, 2));
}

TEST(Session, C14_AKilledJoinerThatNeverComesBackLosesByAbandonment) {
  Net host(fastResume(300ms));
  const std::uint16_t port = hostAnyPort(host, settings("Host", ColorChoice::White));
  {
    RawClient peer(port);
    ASSERT_TRUE(peer.handshake());
    peer.write(moveBytes(0, 7, 7));
    ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.game.ply() == 1; }, "the move"));
    peer.close();  // killed
  }
  ASSERT_TRUE(host.waitUntil(suspended, "the drop"));
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.match == MatchPhase::Closed; },
                             "the window to end"));
  const NetSnapshot s = host.snap();
  EXPECT_EQ(s.game.result().outcome, Outcome::WhiteWins) << "the host stayed";
  EXPECT_EQ(s.game.result().reason, EndReason::Abandoned);
  EXPECT_EQ(s.game.ply(), 1);
  // The port is closed once the game is over.
  RawConn probe;
  error_code ec;
  probe.socket().connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port), ec);
  EXPECT_TRUE(ec) << "still listening after the game ended";
}

TEST(Session, C14_AJoinerWhoseHostIsGoneWinsByAbandonment) {
  Net host(fastResume()), joiner(fastResume(400ms));
  const std::uint16_t port = hostAnyPort(host, settings("Alice", ColorChoice::Black));
  joiner.game.join("localhost", port, settings("Bob"), 10s);
  ASSERT_TRUE(joiner.waitUntil(playing, "the game"));
  ASSERT_EQ(host.game.play({7, 7}), MoveError::None);
  ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& s) { return s.game.ply() == 1; }, "the move"));
  host.game.vanishForTest();  // the host's program is gone: nothing listens any more
  ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& s) { return s.match == MatchPhase::Closed; },
                               "the window to end"));
  const NetSnapshot s = joiner.snap();
  EXPECT_EQ(s.game.result().outcome, Outcome::WhiteWins);
  EXPECT_EQ(s.game.result().reason, EndReason::Abandoned);
  EXPECT_NE(s.message.find("could not be reached"), std::string::npos) << s.message;
}

TEST(Session, C14_AStrangerCannotTakeOverASuspendedGame) {
  Net host(fastResume());
  const std::uint16_t port = hostAnyPort(host, settings("Host", ColorChoice::White));
  std::optional<SetupMsg> setup;
  {
    RawClient peer(port);
    setup = peer.handshake();
    ASSERT_TRUE(setup);
    peer.write(moveBytes(0, 7, 7));
    ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.game.ply() == 1; }, "the move"));
  }
  ASSERT_TRUE(host.waitUntil(suspended, "the drop"));
  {
    RawClient wrongToken(port);
    wrongToken.write(encode(Resume{setup->token + 1, 1, {{7, 7}}}));
    const auto e = wrongToken.expect<Error>();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->code, ErrorCode::NoSuchGame);
  }
  {
    RawClient stranger(port);
    stranger.write(helloBytes("Mallory"));
    const auto e = stranger.expect<Error>();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->code, ErrorCode::Busy);
  }
  {
    RawClient garbage(port);
    garbage.write(Bytes{'G', 'E', 'T', ' ', '/', 0, 0, 0});
    EXPECT_TRUE(garbage.drainUntilClosed());
  }
  {
    // The right token with a move list that cannot be: only that connection is refused.
    RawClient broken(port);
    broken.write(encode(Resume{setup->token, 1, {{7, 7}, {7, 7}}}));  // White is the host
    const auto e = broken.expect<Error>();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->code, ErrorCode::Desync);
    EXPECT_TRUE(broken.drainUntilClosed());
  }
  NetSnapshot s = host.snap();
  EXPECT_EQ(s.match, MatchPhase::Suspended) << describe(s);
  EXPECT_EQ(s.game.ply(), 1);
  // The real joiner, with the token, still gets the game back.
  RawClient back(port);
  back.write(encode(Resume{setup->token, 1, {{7, 7}}}));
  const auto sync = back.expect<Sync>();
  ASSERT_TRUE(sync);
  EXPECT_EQ(sync->moves.size(), 1u);
  EXPECT_EQ(sync->hostNickname, "Host");
  ASSERT_TRUE(host.waitUntil(
      [](const NetSnapshot& s) { return s.match == MatchPhase::Playing && s.myTurn; },
      "the resume"));
  ASSERT_EQ(host.game.play({8, 8}), MoveError::None);
  const auto reply = back.expect<Move>();
  ASSERT_TRUE(reply);
  EXPECT_EQ(reply->ply, 1);
  // A second copy of the joiner with the same token, while this connection is alive, is
  // refused (else the two would take the game from each other in turn).
  RawClient twin(port);
  twin.write(encode(Resume{setup->token, 1, {{7, 7}, {8, 8}}}));
  const auto busy = twin.expect<Error>();
  ASSERT_TRUE(busy);
  EXPECT_EQ(busy->code, ErrorCode::Busy);
  s = host.snap();
  EXPECT_EQ(s.match, MatchPhase::Playing) << describe(s);
  EXPECT_EQ(s.game.ply(), 2);
}

TEST(Session, C14_ARestartedJoinerRejoinsWithItsToken) {
  Net host(fastResume());
  const std::uint16_t port = hostAnyPort(host, settings("Alice", ColorChoice::Black));
  std::uint64_t token = 0;
  {
    Net joiner(fastResume());
    joiner.game.join("localhost", port, settings("Bob"), 10s);
    ASSERT_TRUE(joiner.waitUntil(playing, "the game"));
    ASSERT_EQ(host.game.play({7, 7}), MoveError::None);
    ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& s) { return s.myTurn; }, "White's turn"));
    token = joiner.snap().resumeToken;
    ASSERT_NE(token, 0u);
    joiner.game.vanishForTest();  // the program ends without a word to the host
  }
  ASSERT_TRUE(host.waitUntil(suspended, "the drop"));
  Net again(fastResume());
  MatchSettings s = settings("Bob");
  s.resumeToken = token;
  again.game.join("localhost", port, s, 10s);
  ASSERT_TRUE(again.waitUntil([](const NetSnapshot& x) { return x.myTurn; }, "the rejoined game"));
  EXPECT_EQ(again.snap().peerNickname, "Alice");
  EXPECT_EQ(again.snap().localColor, Stone::White);
  EXPECT_TRUE(sameMoves(host, again, 1));
  // A token for a game the host does not have is refused clearly.
  Net late(fastResume());
  Net other;
  const std::uint16_t otherPort = hostAnyPort(other, settings("Carol"));
  late.game.join("localhost", otherPort, s, 10s);
  ASSERT_TRUE(late.waitUntil(
      [](const NetSnapshot& x) {
        return x.phase == NetPhase::Failed || x.match == MatchPhase::Closed;
      },
      "the refusal"));
  EXPECT_EQ(late.snap().failure, NetFailure::NoGameToResume) << describe(late.snap());
}

// ---------------------------------------------------------------------------------------------
// Watchers (protocol 1.5, PROTOCOL.md "Watchers"): a NetWatcher, or a scripted watcher, beside
// two NetGames.

namespace {

std::string describe(const WatchSnapshot& s) {
  std::ostringstream o;
  o << "phase=" << static_cast<int>(s.phase) << " failure=" << netFailureName(s.failure)
    << " message=\"" << s.message << "\" views=" << s.views << " ply=" << s.game.ply()
    << " outcome=" << outcomeName(s.game.result().outcome) << " watchers=" << s.watchers
    << " chat=" << s.chat.size();
  return o.str();
}

// A NetWatcher whose listener wakes the test.
class Watcher : public Woken {
 public:
  explicit Watcher(NetOptions options = {}) : watcher([this] { notify(); }, options) {}

  template <class Pred>
  ::testing::AssertionResult waitUntil(Pred pred, const std::string& what) {
    return waitFor([this] { return watcher.snapshot(); }, pred,
                   [](const WatchSnapshot& s) { return describe(s); }, what, kWait);
  }
  void watch(std::uint16_t port, const std::string& nick = "Kibitzer") {
    watcher.watch("127.0.0.1", port, nick, 10s);
  }
  WatchSnapshot snap() const { return watcher.snapshot(); }

  NetWatcher watcher;  // destroyed before the base's members, which its listener uses
};

auto watching = [](const WatchSnapshot& s) { return s.phase == WatchPhase::Watching; };
auto plyIs = [](int n) { return [n](const WatchSnapshot& s) { return s.game.ply() == n; }; };

// Host Alice (Black) and joiner Bob, their game started.
std::uint16_t startWatchedGame(Net& host, Net& joiner,
                               MatchSettings hostSettings = settings("Alice", ColorChoice::Black)) {
  const std::uint16_t port = hostAnyPort(host, hostSettings);
  joiner.game.join("127.0.0.1", port, settings("Bob"), 10s);
  EXPECT_TRUE(joiner.waitUntil(playing, "the game"));
  EXPECT_TRUE(host.waitUntil(playing, "the game"));
  return port;
}

}  // namespace

TEST(Watchers, AWatcherFollowsMovesTakebackChatAndResultLive) {
  Net host, joiner;
  const std::uint16_t port = startWatchedGame(host, joiner);
  ASSERT_EQ(host.game.play({7, 7}), MoveError::None);
  ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& s) { return s.myTurn; }, "White's turn"));

  Watcher w;
  w.watch(port, "看客");
  ASSERT_TRUE(w.waitUntil([](const WatchSnapshot& s) { return s.phase == WatchPhase::Watching; },
                          "watching"));
  WatchSnapshot s = w.snap();
  EXPECT_EQ(s.game.ply(), 1) << "the game so far";
  EXPECT_EQ(s.blackNickname(), "Alice");
  EXPECT_EQ(s.whiteNickname(), "Bob");
  EXPECT_EQ(s.state, ViewState::Playing);
  EXPECT_EQ(s.gameNumber, 1);
  EXPECT_EQ(s.watchers, 1);
  // Both players see the watcher (the joiner through WATCHERS).
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& n) { return n.watchers == 1; }, "1 watcher"));
  ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& n) { return n.watchers == 1; }, "1 watcher"));

  ASSERT_EQ(joiner.game.play({8, 8}), MoveError::None);
  ASSERT_TRUE(w.waitUntil(plyIs(2), "White's move"));
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& n) { return n.myTurn; }, "Black's turn"));
  EXPECT_EQ(joiner.snap().watchers, 1) << "the joiner's own changes keep the host's count";
  ASSERT_EQ(host.game.play({7, 8}), MoveError::None);
  ASSERT_TRUE(w.waitUntil(plyIs(3), "Black's second move"));
  EXPECT_EQ(w.snap().game.moves(), host.snap().game.moves());

  // A takeback the players agree on.
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& n) { return !n.myTurn; }, "White's turn"));
  ASSERT_FALSE(host.game.requestTakeback());
  ASSERT_TRUE(
      joiner.waitUntil([](const NetSnapshot& n) { return n.takebackRequested; }, "the request"));
  ASSERT_FALSE(joiner.game.answerTakeback(true));
  ASSERT_TRUE(w.waitUntil(plyIs(2), "the takeback"));

  // The players' chat, with who wrote it.
  ASSERT_FALSE(joiner.game.sendChat("好棋"));
  ASSERT_TRUE(w.waitUntil([](const WatchSnapshot& x) { return x.chatLines == 1; }, "the chat"));
  s = w.snap();
  ASSERT_EQ(s.chat.size(), 1u);
  EXPECT_EQ(s.chat[0].from, "Bob");
  EXPECT_TRUE(s.chat[0].player);
  EXPECT_EQ(s.chat[0].text, "好棋");
  // Watchers may not chat unless the host allows it.
  EXPECT_EQ(w.watcher.sendChat("hello").refusal, RequestRefusal::WatchersMayNotChat);

  // The result, then the players leave: the watcher is told.
  ASSERT_FALSE(joiner.game.resign());
  ASSERT_TRUE(w.waitUntil([](const WatchSnapshot& x) { return x.game.over(); }, "the result"));
  s = w.snap();
  EXPECT_EQ(s.game.result().outcome, Outcome::BlackWins);
  EXPECT_EQ(s.game.result().reason, EndReason::Resignation);
  EXPECT_EQ(s.state, ViewState::Finished);
  host.game.leave();
  ASSERT_TRUE(
      w.waitUntil([](const WatchSnapshot& x) { return x.phase == WatchPhase::Ended; }, "the end"));
  EXPECT_EQ(w.snap().message, "the players have left the game");
}

TEST(Watchers, AWatcherBeforeTheGameIsTurnedAwayAndTheHostWaitsOn) {
  Net host, joiner;
  const std::uint16_t port = hostAnyPort(host, settings("Alice"));
  Watcher w;
  w.watch(port);
  ASSERT_TRUE(w.waitUntil([](const WatchSnapshot& s) { return s.phase == WatchPhase::Failed; },
                          "the refusal"));
  EXPECT_EQ(w.snap().failure, NetFailure::Busy);
  EXPECT_EQ(w.snap().message, "the game has not started yet: watch it once it runs");
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.phase == NetPhase::Listening; },
                             "listening again"));
  joiner.game.join("127.0.0.1", port, settings("Bob"), 10s);
  ASSERT_TRUE(joiner.waitUntil(playing, "the game"));
  // Now it can be watched.
  w.watch(port);
  ASSERT_TRUE(w.waitUntil(watching, "watching"));
}

TEST(Watchers, TheHostBoundsItsWatchers) {
  NetOptions none;
  none.maxWatchers = 0;
  {
    Net host(none), joiner;
    const std::uint16_t port = startWatchedGame(host, joiner);
    Watcher w;
    w.watch(port);
    ASSERT_TRUE(w.waitUntil([](const WatchSnapshot& s) { return s.phase == WatchPhase::Failed; },
                            "the refusal"));
    EXPECT_EQ(w.snap().failure, NetFailure::Busy);
    EXPECT_EQ(w.snap().message, "this host allows no watchers");
  }
  NetOptions one;
  one.maxWatchers = 1;
  Net host(one), joiner;
  const std::uint16_t port = startWatchedGame(host, joiner);
  Watcher first, second;
  first.watch(port);
  ASSERT_TRUE(first.waitUntil(watching, "the first watcher"));
  second.watch(port);
  ASSERT_TRUE(second.waitUntil([](const WatchSnapshot& s) { return s.phase == WatchPhase::Failed; },
                               "the refusal"));
  EXPECT_EQ(second.snap().message, "this game has as many watchers as the host allows");
  // The first one leaves: there is room again.
  first.watcher.cancel();
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.watchers == 0; }, "no watcher"));
  second.watch(port);
  ASSERT_TRUE(second.waitUntil(watching, "the second watcher"));
}

TEST(Watchers, AWatcherThatMisbehavesIsCutOffAndTheGameGoesOn) {
  Net host, joiner;
  const std::uint16_t port = startWatchedGame(host, joiner);
  RawClient raw(port);
  raw.write(encode(Watch{kProtocolMajor, kProtocolMinor, "0.1.0", "Mallory"}));
  const auto view = raw.expect<View>();
  ASSERT_TRUE(view.has_value());
  EXPECT_EQ(view->game.setup.token, 0u) << "a watcher never learns the resume token";
  EXPECT_EQ(view->joinerNickname, "Bob");
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.watchers == 1; }, "1 watcher"));
  // It tries to move for Black: refused, and only it is closed.
  raw.write(moveBytes(0, 7, 7));
  bool closed = false;
  const std::vector<Message> got = raw.readUntilClosed(closed);
  ASSERT_TRUE(closed);
  ASSERT_FALSE(got.empty());
  const auto* e = std::get_if<Error>(&got.back());
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->code, ErrorCode::Protocol);
  EXPECT_EQ(e->text, "a watcher may not send MOVE");
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.watchers == 0; }, "no watcher"));
  NetSnapshot h = host.snap();
  EXPECT_EQ(h.game.ply(), 0);
  EXPECT_EQ(h.match, MatchPhase::Playing);

  // Bad bytes from another watcher: the same.
  RawClient garbage(port);
  garbage.write(encode(Watch{kProtocolMajor, kProtocolMinor, "0.1.0", "Eve"}));
  ASSERT_TRUE(garbage.expect<View>().has_value());
  garbage.write(Bytes{'G', 'K', kProtocolMajor, 3, 0xFF, 0xFF, 0xFF, 0xFF});
  EXPECT_TRUE(garbage.drainUntilClosed());

  // The players go on as if nothing happened.
  ASSERT_EQ(host.game.play({7, 7}), MoveError::None);
  ASSERT_TRUE(
      joiner.waitUntil([](const NetSnapshot& s) { return s.game.ply() == 1; }, "Black's move"));
  EXPECT_EQ(joiner.snap().match, MatchPhase::Playing);
}

TEST(Watchers, WatchersChatWhenTheHostAllows) {
  NetOptions chatty;
  chatty.watcherChat = true;
  Net host(chatty), joiner;
  const std::uint16_t port = startWatchedGame(host, joiner);
  Watcher a, b;
  a.watch(port, "甲");
  ASSERT_TRUE(a.waitUntil(watching, "watcher a"));
  b.watch(port, "乙");
  ASSERT_TRUE(b.waitUntil(watching, "watcher b"));
  EXPECT_TRUE(a.snap().chatAllowed);
  ASSERT_FALSE(a.watcher.sendChat("黑棋要赢"));
  const auto oneLine = [](const WatchSnapshot& s) { return s.chatLines == 1; };
  ASSERT_TRUE(b.waitUntil(oneLine, "the line at b"));
  ASSERT_TRUE(a.waitUntil(oneLine, "the line back at a"));
  const WatchChat line = b.snap().chat.at(0);
  EXPECT_EQ(line.from, "甲");
  EXPECT_FALSE(line.player);
  EXPECT_EQ(line.text, "黑棋要赢");
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.watcherChatLines == 1; },
                             "the line at the host"));
  EXPECT_EQ(host.snap().watcherChat.at(0).from, "甲");
  // The joiner (protocol 1.5) gets it too, beside its players' chat, not in it.
  ASSERT_TRUE(joiner.waitUntil([](const NetSnapshot& s) { return s.watcherChatLines == 1; },
                               "the line at the joiner"));
  EXPECT_EQ(joiner.snap().watcherChat.at(0), (WatchChat{"甲", false, "黑棋要赢"}));
  EXPECT_TRUE(joiner.snap().chat.empty());
  EXPECT_EQ(joiner.snap().match, MatchPhase::Playing);
  // A later watcher gets the chat so far.
  Watcher c;
  c.watch(port, "丙");
  ASSERT_TRUE(c.waitUntil(oneLine, "the chat so far"));
}

TEST(Watchers, TheWatchersClockFollowsTheHosts) {
  Net host, joiner;
  MatchSettings timed = settings("Alice", ColorChoice::Black);
  timed.clock = TimeControl{ClockKind::Fischer, 300000, 5000};
  const std::uint16_t port = startWatchedGame(host, joiner, timed);
  ASSERT_EQ(host.game.play({7, 7}), MoveError::None);
  Watcher w;
  w.watch(port);
  ASSERT_TRUE(w.waitUntil(plyIs(1), "the move"));
  const WatchSnapshot s = w.snap();
  EXPECT_EQ(s.clock.control(), timed.clock);
  EXPECT_EQ(s.clock.running(), Stone::White);
  EXPECT_EQ(s.clock.mainMs(Stone::Black), host.snap().clock.mainMs(Stone::Black));
  EXPECT_EQ(s.clock.mainMs(Stone::White), 300000);
  EXPECT_LE(s.clockNow(Stone::White).mainMs, 300000);
}

TEST(Watchers, AWatcherOfAnotherMajorVersionOrDuringTheHandshakeIsTurnedAway) {
  Net host, joiner;
  const std::uint16_t port = hostAnyPort(host, settings("Alice"));
  // A caller holds the handshake open (it said nothing yet); a watcher comes meanwhile.
  RawClient silent(port);
  ASSERT_TRUE(silent.expect<Hello>().has_value());
  RawClient early(port);
  early.write(encode(Watch{kProtocolMajor, kProtocolMinor, "0.1.0", "Early"}));
  bool closed = false;
  std::vector<Message> got = early.readUntilClosed(closed);
  ASSERT_TRUE(closed);
  ASSERT_FALSE(got.empty());
  auto* e = std::get_if<Error>(&got.back());
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->text, "the game has not started yet: watch it once it runs");
  silent.close();
  ASSERT_TRUE(host.waitUntil([](const NetSnapshot& s) { return s.phase == NetPhase::Listening; },
                             "listening again"));
  joiner.game.join("127.0.0.1", port, settings("Bob"), 10s);
  ASSERT_TRUE(joiner.waitUntil(playing, "the game"));
  // Another major version inside WATCH (the header's is ours).
  RawClient other(port);
  other.write(encode(Watch{2, 0, "9.0.0", "Future"}));
  got = other.readUntilClosed(closed);
  ASSERT_TRUE(closed);
  ASSERT_FALSE(got.empty());
  e = std::get_if<Error>(&got.back());
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->code, ErrorCode::VersionMismatch);
  EXPECT_EQ(host.snap().watchers, 0);
}

TEST(Watchers, ASilentCallerDoesNotHoldTheHostsEnd) {
  auto host = std::make_unique<Net>();
  Net joiner;
  const std::uint16_t port = startWatchedGame(*host, joiner);
  RawClient silent(port);  // connected during the match, never says a word
  // A watcher after it: once the host counts the watcher, it has taken the silent caller too
  // (callers are accepted in turn).
  RawClient watcher(port);
  watcher.write(encode(Watch{kProtocolMajor, kProtocolMinor, "0.1.0", "W"}));
  ASSERT_TRUE(host->waitUntil([](const NetSnapshot& s) { return s.watchers == 1; }, "a watcher"));
  // The host's program ends: its NetGame must not wait for the caller's 10 s deadline.
  auto done = std::async(std::launch::async, [&host] { host.reset(); });
  EXPECT_EQ(done.wait_for(5s), std::future_status::ready)
      << "the host's end waited for a silent caller";
  done.wait();
}

TEST(Watchers, AWatcherRefusesAResultTheMovesDoNotShow) {
  View v;
  v.game =
      Sync{1, SetupMsg{}, "Ann", Outcome::BlackWins, EndReason::Five, {{7, 7}, {8, 8}, {7, 8}}};
  WatchSnapshot s;
  const auto fault = applyView(v, 0, s);
  ASSERT_TRUE(fault.has_value());
  EXPECT_EQ(*fault, "the host's result does not follow from its moves");
  EXPECT_EQ(s.views, 0) << "nothing shown";
  v.game.reason = EndReason::Resignation;  // the host's word: taken
  EXPECT_FALSE(applyView(v, 0, s));
  EXPECT_EQ(s.game.result().reason, EndReason::Resignation);
}
