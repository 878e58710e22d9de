// Tests of OnlineClient (src/net/online.h) against a scripted server: a real listener on the
// loopback in the test, speaking TLS and the wire messages by hand and, for the games, running
// a net::Match as the host on the same connection (as gomoku-server does per client). Each
// client pins fingerprints in a known-servers file of its own. Ports are chosen by the system. No
// sleep synchronises anything: the test waits on the client's listener (a condition variable) or on
// its own socket reads, each with a deadline that only turns a hang into a failure.

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>

#include "common/scripted_server.h"
#include "net/match.h"
#include "net/matchtracker.h"
#include "net/online.h"
#include "net/tls.h"
#include "net/wire.h"

using namespace gomoku;
using namespace gomoku::net;
namespace asio = boost::asio;
using asio::ip::tcp;
using boost::system::error_code;
using namespace std::chrono_literals;

namespace {

using Clock = std::chrono::steady_clock;
using Bytes = std::vector<std::uint8_t>;

// Upper bound of every wait: only reached when something hangs.
constexpr std::chrono::milliseconds kWait = 10s;

using gomoku::testing::Server;
namespace tls = gomoku::net::tls;
const std::string& kToken = gomoku::testing::kScriptedToken;

std::string describe(const OnlineSnapshot& s) {
  std::ostringstream o;
  o << "phase=" << onlinePhaseName(s.phase) << " failure=" << onlineFailureName(s.failure)
    << " message=\"" << s.message << "\" match=" << matchPhaseName(s.game.match)
    << " ply=" << s.game.game.ply();
  return o.str();
}

// An OnlineClient whose listener wakes the test.
class Client {
 public:
  explicit Client(OnlineOptions o = fastOptions())
      : pins(o.knownServersPath), client([this] { notify(); }, o) {}

  // Quick reconnections; a known-servers file of its own; an unknown server is trusted (and
  // pinned) at once.
  static OnlineOptions fastOptions() {
    OnlineOptions o;
    o.connectTimeout = 5s;
    o.reconnectInterval = 50ms;
    o.trustNewServer = true;
    o.knownServersPath = gomoku::testing::freshKnownServersPath();
    return o;
  }

  template <class Pred>
  ::testing::AssertionResult waitUntil(Pred pred, const std::string& what,
                                       std::chrono::milliseconds timeout = kWait) {
    const auto deadline = Clock::now() + timeout;
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      const std::uint64_t seen = version_;
      lock.unlock();
      if (pred(client.snapshot())) return ::testing::AssertionSuccess();
      lock.lock();
      if (!cv_.wait_until(lock, deadline, [&] { return version_ != seen; }))
        return ::testing::AssertionFailure() << "timed out waiting for " << what
                                             << "; last state: " << describe(client.snapshot());
    }
  }
  ::testing::AssertionResult waitPhase(OnlinePhase p) {
    return waitUntil([p](const OnlineSnapshot& s) { return s.phase == p; },
                     std::string("phase ") + onlinePhaseName(p));
  }
  OnlineSnapshot snap() const { return client.snapshot(); }

 private:
  void notify() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      ++version_;
    }
    cv_.notify_all();
  }
  std::mutex mu_;
  std::condition_variable cv_;
  std::uint64_t version_ = 0;

 public:
  const std::string pins;  // the known-servers file
  OnlineClient client;     // declared last: destroyed first
};

Matched matched(std::uint64_t id, bool youAreBlack, std::uint64_t resumeToken = 0) {
  Matched m;
  m.gameId = id;
  m.youAreBlack = youAreBlack;
  m.opponent = "bob";
  m.opponentScore = 1100;
  m.rated = true;
  m.resumeToken = resumeToken;
  return m;
}

// Connects and logs in as alice.
::testing::AssertionResult loggedIn(Client& c, Server& server) {
  c.client.connect("127.0.0.1", server.port());
  if (auto r = server.accept(); !r) return r;
  server.send(Welcome{kProtocolMajor, kProtocolMinor, "9.9.9", "Test server"});
  if (auto r = c.waitPhase(OnlinePhase::Connected); !r) return r;
  if (c.client.login("alice", "password1") != OnlineRefusal::None)
    return ::testing::AssertionFailure() << "login refused";
  const auto login = server.expect<Login>();
  if (!login) return ::testing::AssertionFailure() << "no LOGIN";
  server.loginOk("alice");
  return c.waitUntil(
      [](const OnlineSnapshot& s) { return s.phase == OnlinePhase::Hall && s.topUpdates == 1; },
      "the hall");
}

bool playing(const OnlineSnapshot& s) {
  return s.phase == OnlinePhase::InGame && s.game.match == MatchPhase::Playing;
}

TEST(Online, LogsInAndKeepsTheHall) {
  Client c;
  Server server;
  EXPECT_EQ(c.client.login("alice", "password1"), OnlineRefusal::NotConnected);
  c.client.connect("127.0.0.1", server.port());
  ASSERT_TRUE(server.accept());
  server.send(Welcome{kProtocolMajor, kProtocolMinor, "9.9.9", "Test server"});
  ASSERT_TRUE(c.waitPhase(OnlinePhase::Connected));
  OnlineSnapshot s = c.snap();
  EXPECT_EQ(s.serverName, "Test server");
  EXPECT_EQ(s.serverVersion, "9.9.9");
  EXPECT_EQ(c.client.find(Rule::Freestyle), OnlineRefusal::NotLoggedIn);
  EXPECT_EQ(c.client.login(std::string(81, 'a'), "password1"), OnlineRefusal::TooLong);
  EXPECT_EQ(c.client.login("alice", "bad\xff"), OnlineRefusal::NotUtf8);

  ASSERT_EQ(c.client.login("alice", "password1"), OnlineRefusal::None);
  EXPECT_EQ(c.client.login("alice", "password1"), OnlineRefusal::LoginPending);
  const auto login = server.expect<Login>();
  ASSERT_TRUE(login);
  EXPECT_EQ(login->method, LoginMethod::Password);
  EXPECT_EQ(login->name, "alice");
  EXPECT_EQ(login->secret, "password1");
  server.loginOk("Alice");
  ASSERT_TRUE(c.waitUntil([](const OnlineSnapshot& x) { return x.topUpdates == 1; }, "TOP"));
  s = c.snap();
  EXPECT_EQ(s.phase, OnlinePhase::Hall);
  EXPECT_TRUE(s.loggedIn);
  EXPECT_EQ(s.name, "Alice");  // as registered
  EXPECT_EQ(s.lastLogin.status, LoginStatus::Ok);
  EXPECT_TRUE(s.lastLogin.token.empty());  // the token is not handed out in snapshots
  EXPECT_EQ(s.stats.score, 1000);
  EXPECT_EQ(s.statsUpdates, 1);
  EXPECT_EQ(s.players.total, 2u);
  ASSERT_EQ(s.players.players.size(), 2u);
  EXPECT_EQ(s.players.players[1].state, PlayerState::Finding);
  ASSERT_EQ(s.top.entries.size(), 2u);
  EXPECT_EQ(s.top.entries[0].name, "bob");
  EXPECT_EQ(c.client.login("alice", "password1"), OnlineRefusal::LoggedIn);

  // Requests and their answers.
  ASSERT_EQ(c.client.refreshHall(), OnlineRefusal::None);
  EXPECT_TRUE(server.expect<HallRequest>());
  ASSERT_EQ(c.client.find(Rule::Renju), OnlineRefusal::None);
  const auto find = server.expect<Find>();
  ASSERT_TRUE(find);
  EXPECT_EQ(find->rule, Rule::Renju);
  s = c.snap();
  EXPECT_TRUE(s.finding);
  EXPECT_EQ(s.findRule, Rule::Renju);
  server.send(Denied{MsgType::Find, DenyCode::Busy, "already finding"});
  ASSERT_TRUE(c.waitUntil([](const OnlineSnapshot& x) { return x.denials.size() == 1; }, "DENIED"));
  s = c.snap();
  EXPECT_FALSE(s.finding);
  EXPECT_EQ(s.denials[0].code, DenyCode::Busy);

  RoomSettings rs;
  rs.boardSize = 19;
  rs.color = SeatColor::Random;
  rs.rated = true;
  RoomSettings renju19 = rs;
  renju19.rule = Rule::Renju;
  EXPECT_EQ(c.client.createRoom(renju19), OnlineRefusal::BadSettings);
  ASSERT_EQ(c.client.createRoom(rs), OnlineRefusal::None);
  const auto create = server.expect<RoomCreate>();
  ASSERT_TRUE(create);
  EXPECT_EQ(create->settings, rs);
  server.send(RoomCreated{"ABC234", rs});
  ASSERT_TRUE(
      c.waitUntil([](const OnlineSnapshot& x) { return x.roomsCreated == 1; }, "ROOM_CREATED"));
  ASSERT_TRUE(c.snap().room);
  EXPECT_EQ(c.snap().room->code, "ABC234");

  ASSERT_EQ(c.client.joinRoom("xyz789", true), OnlineRefusal::None);
  const auto join = server.expect<RoomJoin>();
  ASSERT_TRUE(join);
  EXPECT_EQ(join->code, "xyz789");
  EXPECT_TRUE(join->rated);
  ASSERT_EQ(c.client.invite("bob", rs), OnlineRefusal::None);
  const auto inv = server.expect<Invite>();
  ASSERT_TRUE(inv);
  EXPECT_EQ(inv->name, "bob");

  server.send(Invited{42, "carol", 1200, rs});
  ASSERT_TRUE(
      c.waitUntil([](const OnlineSnapshot& x) { return x.invitations.size() == 1; }, "INVITED"));
  EXPECT_EQ(c.client.answerInvitation(41, true, false), OnlineRefusal::NoInvitation);
  ASSERT_EQ(c.client.answerInvitation(42, false, false), OnlineRefusal::None);
  const auto reply = server.expect<InviteReply>();
  ASSERT_TRUE(reply);
  EXPECT_EQ(reply->inviteId, 42u);
  EXPECT_FALSE(reply->accept);
  s = c.snap();
  EXPECT_TRUE(s.invitations.empty());
  EXPECT_EQ(s.invitationsReceived, 1);

  // My games come in parts; the list is complete with the last one.
  ASSERT_EQ(c.client.requestGames(), OnlineRefusal::None);
  EXPECT_TRUE(server.expect<GamesRequest>());
  GameSummary g;
  g.id = 7;
  g.black = "Alice";
  g.white = "bob";
  g.outcome = Outcome::BlackWins;
  g.reason = EndReason::Five;
  g.moves = 9;
  server.send(GameList{false, {g, g}});
  server.send(GameList{true, {g}});
  ASSERT_TRUE(c.waitUntil([](const OnlineSnapshot& x) { return x.gameLists == 1; }, "GAME_LIST"));
  EXPECT_EQ(c.snap().games.size(), 3u);
  ASSERT_EQ(c.client.requestGames(), OnlineRefusal::None);  // a new answer replaces the list
  EXPECT_TRUE(server.expect<GamesRequest>());
  server.send(GameList{true, {g}});
  ASSERT_TRUE(c.waitUntil([](const OnlineSnapshot& x) { return x.gameLists == 2; }, "GAME_LIST"));
  EXPECT_EQ(c.snap().games.size(), 1u);

  ASSERT_EQ(c.client.requestGame(7), OnlineRefusal::None);
  const auto get = server.expect<GetGame>();
  ASSERT_TRUE(get);
  EXPECT_EQ(get->id, 7u);
  server.send(GameRecord{g, {{7, 7}, {0, 0}}, {1500, 2500}});
  ASSERT_TRUE(
      c.waitUntil([](const OnlineSnapshot& x) { return x.records.size() == 1; }, "GAME_RECORD"));
  EXPECT_EQ(c.snap().records[0].moveMillis[1], 2500u);

  // Signing out: BYE, then the client closes.
  c.client.close();
  std::vector<Message> last;
  EXPECT_TRUE(server.closedByClient(&last));
  ASSERT_EQ(last.size(), 1u);
  EXPECT_TRUE(std::holds_alternative<Bye>(last[0]));
  s = c.snap();
  EXPECT_EQ(s.phase, OnlinePhase::Closed);
  EXPECT_EQ(s.failure, OnlineFailure::None);
}

TEST(Online, ARefusedLoginMayBeTriedAgain) {
  Client c;
  Server server;
  c.client.connect("127.0.0.1", server.port());
  ASSERT_TRUE(server.accept());
  server.send(Welcome{kProtocolMajor, kProtocolMinor, "9.9.9", "Test server"});
  ASSERT_TRUE(c.waitPhase(OnlinePhase::Connected));
  ASSERT_EQ(c.client.registerAccount("alice", "short"), OnlineRefusal::None);
  const auto reg = server.expect<Register>();
  ASSERT_TRUE(reg);
  EXPECT_EQ(reg->password, "short");
  server.send(LoginResult{LoginStatus::BadPassword, "at least 8 characters", "", "", {}, false});
  ASSERT_TRUE(
      c.waitUntil([](const OnlineSnapshot& x) { return x.loginAnswers == 1; }, "LOGIN_RESULT"));
  OnlineSnapshot s = c.snap();
  EXPECT_EQ(s.phase, OnlinePhase::Connected);
  EXPECT_FALSE(s.loggedIn);
  EXPECT_EQ(s.lastLogin.status, LoginStatus::BadPassword);
  EXPECT_EQ(s.lastLogin.detail, "at least 8 characters");
  ASSERT_EQ(c.client.login("alice", "password1"), OnlineRefusal::None);
  ASSERT_TRUE(server.expect<Login>());
  server.loginOk("alice");
  ASSERT_TRUE(c.waitPhase(OnlinePhase::Hall));
}

TEST(Online, ARememberedTokenLogsInWithoutThePassword) {
  std::string token;
  {
    Client c;
    Server server;
    c.client.connect("127.0.0.1", server.port());
    ASSERT_TRUE(server.accept());
    server.send(Welcome{kProtocolMajor, kProtocolMinor, "9.9.9", "Test server"});
    ASSERT_TRUE(c.waitPhase(OnlinePhase::Connected));
    EXPECT_EQ(c.client.sessionToken(), "");  // no login yet
    ASSERT_EQ(c.client.login("alice", "password1"), OnlineRefusal::None);
    ASSERT_TRUE(server.expect<Login>());
    server.loginOk("alice");
    ASSERT_TRUE(c.waitPhase(OnlinePhase::Hall));
    token = c.client.sessionToken();
    EXPECT_EQ(token, gomoku::testing::kScriptedToken);
    c.client.close();
    EXPECT_EQ(c.client.sessionToken(), "");  // signed out
  }
  // A restarted front end logs in with the remembered token.
  Client c;
  Server server;
  c.client.connect("127.0.0.1", server.port());
  ASSERT_TRUE(server.accept());
  server.send(Welcome{kProtocolMajor, kProtocolMinor, "9.9.9", "Test server"});
  ASSERT_TRUE(c.waitPhase(OnlinePhase::Connected));
  EXPECT_EQ(c.client.loginWithToken("alice", std::string(2000, 'f')), OnlineRefusal::TooLong);
  ASSERT_EQ(c.client.loginWithToken("alice", token), OnlineRefusal::None);
  const auto login = server.expect<Login>();
  ASSERT_TRUE(login);
  EXPECT_EQ(login->method, LoginMethod::Token);
  EXPECT_EQ(login->secret, token);
  server.loginOk("alice");
  ASSERT_TRUE(c.waitPhase(OnlinePhase::Hall));
}

TEST(Online, AGameHostIsNotAServer) {
  {
    // A P2P game host speaks plaintext: refused at the TLS layer, before any wire message.
    Client c;
    Server host(Server::Transport::Plain);
    c.client.connect("127.0.0.1", host.port());
    ASSERT_TRUE(host.accept());
    host.send(Hello{kProtocolMajor, kProtocolMinor, "0.1.0", "Host"});
    ASSERT_TRUE(c.waitPhase(OnlinePhase::Closed));
    const OnlineSnapshot s = c.snap();
    EXPECT_EQ(s.failure, OnlineFailure::NotEncrypted) << s.message;
    EXPECT_NE(s.message.find("does not speak an encrypted connection"), std::string::npos)
        << s.message;
    EXPECT_NE(s.message.find("a game host? use join"), std::string::npos) << s.message;
    EXPECT_TRUE(s.fingerprint.empty());
    EXPECT_TRUE(host.hungUpByClient());
  }
  {
    // A game host hangs up on bytes that are not a Gomoku header (the TLS ClientHello).
    Client c;
    Server host(Server::Transport::Plain);
    c.client.connect("127.0.0.1", host.port());
    ASSERT_TRUE(host.accept());
    host.drop();
    ASSERT_TRUE(c.waitPhase(OnlinePhase::Closed));
    const OnlineSnapshot s = c.snap();
    EXPECT_EQ(s.failure, OnlineFailure::NotEncrypted) << s.message;
    EXPECT_NE(s.message.find("a game host? use join"), std::string::npos) << s.message;
  }
  {
    // Over TLS, a HELLO instead of WELCOME is still told apart.
    Client c;
    Server server;
    c.client.connect("127.0.0.1", server.port());
    ASSERT_TRUE(server.accept());
    server.send(Hello{kProtocolMajor, kProtocolMinor, "0.1.0", "Host"});
    ASSERT_TRUE(c.waitPhase(OnlinePhase::Closed));
    const OnlineSnapshot s = c.snap();
    EXPECT_EQ(s.failure, OnlineFailure::GameHost);
    EXPECT_NE(s.message.find("game host, not a Gomoku server"), std::string::npos) << s.message;
    EXPECT_TRUE(server.closedByClient());
  }
}

TEST(Online, GarbageIsNotAServer) {
  {
    // Plaintext garbage: not TLS.
    Client c;
    Server server(Server::Transport::Plain);
    c.client.connect("127.0.0.1", server.port());
    ASSERT_TRUE(server.accept());
    server.write({'S', 'S', 'H', '-', '2', '.', '0', '-', 'x', '\r', '\n'});
    ASSERT_TRUE(c.waitPhase(OnlinePhase::Closed));
    EXPECT_EQ(c.snap().failure, OnlineFailure::NotEncrypted) << c.snap().message;
    EXPECT_TRUE(server.hungUpByClient());
  }
  {
    // Garbage over TLS: not a Gomoku server.
    Client c;
    Server server;
    c.client.connect("127.0.0.1", server.port());
    ASSERT_TRUE(server.accept());
    server.write({'S', 'S', 'H', '-', '2', '.', '0', '-', 'x', '\r', '\n'});
    ASSERT_TRUE(c.waitPhase(OnlinePhase::Closed));
    EXPECT_EQ(c.snap().failure, OnlineFailure::NotAServer) << c.snap().message;
    EXPECT_TRUE(server.hungUpByClient());
  }
}

TEST(Online, NoWelcomeInTimeIsNotAServer) {
  // The TLS handshake succeeds, then nothing comes.
  OnlineOptions o = Client::fastOptions();
  o.connectTimeout = 1s;
  Client c(o);
  Server server;
  c.client.connect("127.0.0.1", server.port());
  ASSERT_TRUE(server.accept());
  ASSERT_TRUE(c.waitPhase(OnlinePhase::Closed));
  const OnlineSnapshot s = c.snap();
  EXPECT_EQ(s.failure, OnlineFailure::NotAServer) << s.message;
  EXPECT_NE(s.message.find("no WELCOME"), std::string::npos) << s.message;
  EXPECT_EQ(s.fingerprint, server.fingerprint());
  std::vector<Message> seen;
  EXPECT_TRUE(server.closedByClient(&seen));
  EXPECT_TRUE(seen.empty());
}

TEST(Online, UnknownServerIsNotTrustedWithoutTheOption) {
  OnlineOptions o = Client::fastOptions();
  o.trustNewServer = false;
  Server server;
  {
    Client c(o);
    c.client.connect("127.0.0.1", server.port());
    ASSERT_TRUE(server.accept(Server::Expect::Refusal));
    ASSERT_TRUE(c.waitPhase(OnlinePhase::Closed));
    const OnlineSnapshot s = c.snap();
    EXPECT_EQ(s.failure, OnlineFailure::UnknownServer) << s.message;
    EXPECT_EQ(s.fingerprint, server.fingerprint());
    EXPECT_EQ(s.fingerprint.size(), 95u);
    EXPECT_FALSE(s.firstUse);
    EXPECT_TRUE(s.pinnedFingerprint.empty());
    EXPECT_NE(s.message.find(server.fingerprint()), std::string::npos) << s.message;
    // Nothing was pinned and nothing was sent (no LOGIN, no password).
    EXPECT_FALSE(tls::KnownServers(c.pins).pinned(tls::hostPortKey("127.0.0.1", server.port())));
    std::vector<Message> seen;
    EXPECT_TRUE(server.closedByClient(&seen));
    EXPECT_TRUE(seen.empty());
  }
  // The user compared the fingerprint and agreed: the next connection goes through, known.
  OnlineClient::trustServer("127.0.0.1", server.port(), server.fingerprint(), o.knownServersPath);
  EXPECT_EQ(tls::KnownServers(o.knownServersPath)
                .pinned(tls::hostPortKey("127.0.0.1", server.port()))
                .value_or(""),
            server.fingerprint());
  Client c(o);
  c.client.connect("127.0.0.1", server.port());
  ASSERT_TRUE(server.accept());
  server.send(Welcome{kProtocolMajor, kProtocolMinor, "9.9.9", "Test server"});
  ASSERT_TRUE(c.waitPhase(OnlinePhase::Connected));
  const OnlineSnapshot s = c.snap();
  EXPECT_EQ(s.fingerprint, server.fingerprint());
  EXPECT_FALSE(s.firstUse);
}

TEST(Online, AListOfServersGoesToTheFirstThatAnswersAndKnowsTheirSharedCertificate) {
  // Three nodes of a cluster (issue 22): the first does not answer (port 1: refused), the
  // second has not been seen yet but shows the certificate pinned for the third, so it is the
  // same cluster's and is pinned too; nothing is asked of the user.
  OnlineOptions o = Client::fastOptions();
  o.trustNewServer = false;
  Server second, third;
  OnlineClient::trustServer("127.0.0.1", third.port(), third.fingerprint(), o.knownServersPath);
  Client c(o);
  c.client.connect({{"127.0.0.1", 1}, {"127.0.0.1", second.port()}, {"127.0.0.1", third.port()}});
  ASSERT_TRUE(second.accept(Server::Expect::Refusal));  // unknown yet: this attempt ends
  ASSERT_TRUE(second.accept());                         // pinned now: again, and through
  second.send(Welcome{kProtocolMajor, kProtocolMinor, "9.9.9", "Test server"});
  ASSERT_TRUE(c.waitPhase(OnlinePhase::Connected));
  const OnlineSnapshot s = c.snap();
  EXPECT_EQ(s.serverPort, second.port());
  EXPECT_EQ(tls::KnownServers(o.knownServersPath)
                .pinned(tls::hostPortKey("127.0.0.1", second.port()))
                .value_or(""),
            third.fingerprint());
}

TEST(Online, AListOfServersWithNoneAnsweringEndsWithTheLastFailure) {
  Client c;
  c.client.connect({{"127.0.0.1", 1}, {"127.0.0.1", 1}});
  ASSERT_TRUE(c.waitPhase(OnlinePhase::Closed));
  EXPECT_EQ(c.snap().failure, OnlineFailure::Refused) << c.snap().message;
}

TEST(Online, ReconnectingGoesRoundTheListOfServers) {
  // The node the client played on dies: the client logs in again on the next node of its list
  // with its session token.
  Client c;
  auto first = std::make_unique<Server>();
  Server second;
  c.client.connect({{"127.0.0.1", first->port()}, {"127.0.0.1", second.port()}});
  ASSERT_TRUE(first->accept());
  first->send(Welcome{kProtocolMajor, kProtocolMinor, "9.9.9", "Test server"});
  ASSERT_TRUE(c.waitPhase(OnlinePhase::Connected));
  ASSERT_EQ(c.client.login("alice", "password1"), OnlineRefusal::None);
  ASSERT_TRUE(first->expect<Login>());
  first->loginOk("alice");
  ASSERT_TRUE(c.waitPhase(OnlinePhase::Hall));
  first.reset();  // killed: its connection and its port are gone
  ASSERT_TRUE(second.accept());
  ASSERT_TRUE(second.welcomeAndLogin("alice", LoginMethod::Token, kToken));
  ASSERT_TRUE(c.waitUntil([](const OnlineSnapshot& s) { return s.reconnects == 1; }, "back"));
  EXPECT_EQ(c.snap().serverPort, second.port());
}

TEST(Online, ChangedCertificateIsRefusedAlsoOnReconnect) {
  Client c;  // trusts a new server: pins its certificate at the first connection
  Server server;
  const std::string first = server.fingerprint();
  const std::string key = tls::hostPortKey("127.0.0.1", server.port());
  ASSERT_TRUE(loggedIn(c, server));
  OnlineSnapshot s = c.snap();
  EXPECT_TRUE(s.firstUse);
  EXPECT_EQ(s.fingerprint, first);
  EXPECT_EQ(tls::KnownServers(c.pins).pinned(key).value_or(""), first);

  // The server comes back with another certificate: the reconnection is refused for good.
  server.restart(gomoku::testing::testCertificate(1));
  const std::string second = server.fingerprint();
  ASSERT_NE(second, first);
  ASSERT_TRUE(server.accept(Server::Expect::Refusal));
  ASSERT_TRUE(c.waitPhase(OnlinePhase::Closed));
  s = c.snap();
  EXPECT_EQ(s.failure, OnlineFailure::CertificateChanged) << s.message;
  EXPECT_EQ(s.fingerprint, second);
  EXPECT_EQ(s.pinnedFingerprint, first);
  EXPECT_NE(s.message.find(first), std::string::npos) << s.message;
  EXPECT_NE(s.message.find(second), std::string::npos) << s.message;
  EXPECT_NE(s.message.find(c.pins), std::string::npos) << s.message;
  EXPECT_EQ(s.reconnects, 0);
  std::vector<Message> seen;
  EXPECT_TRUE(server.closedByClient(&seen));
  EXPECT_TRUE(seen.empty()) << "the session token went to the changed server";
  EXPECT_EQ(tls::KnownServers(c.pins).pinned(key).value_or(""), first);

  // A fresh connection, even trusting new servers, does not pin the new certificate either.
  OnlineOptions o = Client::fastOptions();
  o.knownServersPath = c.pins;
  Client again(o);
  again.client.connect("127.0.0.1", server.port());
  ASSERT_TRUE(server.accept(Server::Expect::Refusal));
  ASSERT_TRUE(again.waitPhase(OnlinePhase::Closed));
  EXPECT_EQ(again.snap().failure, OnlineFailure::CertificateChanged) << again.snap().message;
  EXPECT_EQ(tls::KnownServers(c.pins).pinned(key).value_or(""), first);
}

TEST(Online, NothingListeningIsRefused) {
  std::uint16_t port = 0;
  {
    Server gone;
    port = gone.port();
  }
  Client c;
  c.client.connect("127.0.0.1", port);
  ASSERT_TRUE(c.waitPhase(OnlinePhase::Closed));
  const OnlineSnapshot s = c.snap();
  EXPECT_EQ(s.failure, OnlineFailure::Refused);
  EXPECT_NE(s.message.find("no Gomoku server at 127.0.0.1:"), std::string::npos) << s.message;
}

TEST(Online, PlaysAMatchOverTheSameConnectionAndReturnsToTheHall) {
  Client c;
  Server server;
  ASSERT_TRUE(loggedIn(c, server));
  EXPECT_EQ(c.client.play({7, 7}), MoveError::NotYourTurn);  // no game yet

  server.send(matched(5, true));
  server.startHost("bob", true);
  ASSERT_TRUE(server.pump([](const Match& m) { return m.phase() == MatchPhase::Playing; },
                          "the client's HELLO"));
  ASSERT_TRUE(c.waitUntil(playing, "the game"));
  OnlineSnapshot s = c.snap();
  EXPECT_EQ(s.matches, 1);
  ASSERT_TRUE(s.matched);
  EXPECT_EQ(s.matched->gameId, 5u);
  EXPECT_EQ(s.game.phase, NetPhase::InMatch);
  EXPECT_EQ(s.game.localColor, Stone::Black);
  EXPECT_EQ(s.game.localNickname, "alice");
  EXPECT_EQ(s.game.peerNickname, "bob");
  EXPECT_TRUE(s.game.myTurn);
  EXPECT_EQ(c.client.find(Rule::Freestyle), OnlineRefusal::InGame);

  // MatchTracker reads the in-game snapshot as it reads a NetGame's.
  MatchTracker tracker;
  auto updates = tracker.update(s.game);
  ASSERT_FALSE(updates.empty());
  EXPECT_EQ(updates[0].kind, MatchUpdateKind::GameStarted);
  EXPECT_EQ(updates[0].color, Stone::Black);

  // Black makes five on row 7; White plays on row 0.
  for (int i = 0; i < 5; ++i) {
    ASSERT_TRUE(c.waitUntil([](const OnlineSnapshot& x) { return x.game.myTurn; }, "our turn"));
    ASSERT_EQ(c.client.play({3 + i, 7}), MoveError::None);
    ASSERT_TRUE(
        server.pump([i](const Match& m) { return m.game().ply() == 2 * i + 1; }, "black's move"));
    if (i < 4) {
      ASSERT_EQ(server.host->playLocal({i, 0}), MoveError::None);
    }
  }
  ASSERT_TRUE(c.waitUntil([](const OnlineSnapshot& x) { return x.game.game.over(); }, "five"));
  EXPECT_EQ(server.host->game().result().outcome, Outcome::BlackWins);
  s = c.snap();
  EXPECT_EQ(s.game.game.result().outcome, Outcome::BlackWins);
  EXPECT_EQ(s.game.game.result().reason, EndReason::Five);
  bool ended = false;
  for (const MatchUpdate& u : tracker.update(s.game))
    if (u.kind == MatchUpdateKind::GameEnded) ended = true;
  EXPECT_TRUE(ended);

  server.send(GameResult{5, Outcome::BlackWins, EndReason::Five, true, 1000, 1030});
  ASSERT_TRUE(
      c.waitUntil([](const OnlineSnapshot& x) { return x.results.size() == 1; }, "GAME_RESULT"));
  EXPECT_EQ(c.snap().results[0].newScore, 1030);

  // Leaving the match returns to the hall; the connection stays.
  ASSERT_EQ(c.client.leaveGame(), RequestRefusal::None);
  ASSERT_TRUE(server.pump([](const Match& m) { return m.phase() == MatchPhase::Closed; }, "BYE"));
  ASSERT_TRUE(c.waitPhase(OnlinePhase::Hall));
  s = c.snap();
  EXPECT_EQ(s.game.match, MatchPhase::Closed);  // the last match stays to be read
  bool closed = false;
  for (const MatchUpdate& u : tracker.update(s.game))
    if (u.kind == MatchUpdateKind::Closed) closed = true;
  EXPECT_TRUE(closed);
  ASSERT_EQ(c.client.refreshHall(), OnlineRefusal::None);
  EXPECT_TRUE(server.expect<HallRequest>());
  EXPECT_EQ(c.client.leaveGame(), RequestRefusal::NoGameRunning);
}

TEST(Online, TheOpponentLeavingEndsTheGameNotTheConnection) {
  Client c;
  Server server;
  ASSERT_TRUE(loggedIn(c, server));
  server.send(matched(6, false));
  server.startHost("bob", false);
  ASSERT_TRUE(server.pump([](const Match& m) { return m.phase() == MatchPhase::Playing; },
                          "the client's HELLO"));
  ASSERT_TRUE(c.waitUntil(playing, "the game"));
  EXPECT_EQ(c.snap().game.localColor, Stone::White);
  ASSERT_EQ(server.host->playLocal({7, 7}), MoveError::None);
  ASSERT_TRUE(c.waitUntil([](const OnlineSnapshot& x) { return x.game.myTurn; }, "our turn"));
  server.send(OpponentAway{true, 180});
  ASSERT_TRUE(c.waitUntil([](const OnlineSnapshot& x) { return x.opponentAway; }, "AWAY"));
  server.host->leave();  // the server's BYE: the opponent resigned by leaving
  ASSERT_TRUE(c.waitPhase(OnlinePhase::Hall));
  const OnlineSnapshot s = c.snap();
  EXPECT_EQ(s.game.match, MatchPhase::Closed);
  EXPECT_FALSE(s.opponentAway);
  // A second match over the same connection.
  server.send(matched(7, true));
  server.startHost("bob", true);
  ASSERT_TRUE(server.pump([](const Match& m) { return m.phase() == MatchPhase::Playing; },
                          "the second HELLO"));
  ASSERT_TRUE(c.waitUntil(playing, "the second game"));
  EXPECT_EQ(c.snap().matches, 2);
  EXPECT_EQ(c.snap().game.game.ply(), 0);
}

TEST(Online, ADropMidGameReconnectsWithTheTokenAndResumes) {
  Client c;
  Server server;
  ASSERT_TRUE(loggedIn(c, server));
  server.send(matched(8, true));
  server.startHost("bob", true);
  ASSERT_TRUE(server.pump([](const Match& m) { return m.phase() == MatchPhase::Playing; },
                          "the client's HELLO"));
  ASSERT_TRUE(c.waitUntil(playing, "the game"));
  ASSERT_EQ(c.client.play({7, 7}), MoveError::None);
  ASSERT_TRUE(server.pump([](const Match& m) { return m.game().ply() == 1; }, "the move"));
  ASSERT_EQ(server.host->playLocal({8, 8}), MoveError::None);
  ASSERT_TRUE(c.waitUntil([](const OnlineSnapshot& x) { return x.game.game.ply() == 2; }, "2"));

  server.drop();
  server.host->connectionLost("dropped");
  ASSERT_TRUE(c.waitPhase(OnlinePhase::Reconnecting));
  OnlineSnapshot s = c.snap();
  EXPECT_EQ(s.game.match, MatchPhase::Suspended);
  EXPECT_EQ(c.client.find(Rule::Freestyle), OnlineRefusal::Reconnecting);

  // The client comes back and logs in with its session token, never the password.
  ASSERT_TRUE(server.accept());
  ASSERT_TRUE(server.welcomeAndLogin("alice", LoginMethod::Token, kToken));
  server.send(matched(8, true, server.host->token()));
  const auto resume = server.read();
  ASSERT_TRUE(resume);
  ASSERT_TRUE(server.host->acceptsResume(*resume)) << typeName(typeOf(*resume));
  server.host->receive(*resume);  // SYNC
  ASSERT_TRUE(c.waitUntil(playing, "the resumed game"));
  s = c.snap();
  EXPECT_EQ(s.reconnects, 1);
  EXPECT_EQ(s.matches, 1);  // the same match
  EXPECT_EQ(s.game.game.ply(), 2);
  EXPECT_EQ(s.game.suspensions, 1);
  ASSERT_EQ(c.client.play({7, 8}), MoveError::None);
  ASSERT_TRUE(server.pump([](const Match& m) { return m.game().ply() == 3; }, "the next move"));
}

TEST(Online, AGameTheServerNoLongerHoldsEndsInterruptedWithTheReason) {
  // The server restarted after a crash: the client logs in again, but no MATCHED resumes the
  // game. It ends interrupted, saying so (not "you left the game"); back in the hall. (The
  // client waits for that MATCHED as long as for a connection: shorter here.)
  OnlineOptions options = Client::fastOptions();
  options.connectTimeout = 2s;
  Client c(options);
  Server server;
  ASSERT_TRUE(loggedIn(c, server));
  server.send(matched(8, true));
  server.startHost("bob", true);
  ASSERT_TRUE(server.pump([](const Match& m) { return m.phase() == MatchPhase::Playing; },
                          "the client's HELLO"));
  ASSERT_TRUE(c.waitUntil(playing, "the game"));
  ASSERT_EQ(c.client.play({7, 7}), MoveError::None);
  ASSERT_TRUE(server.pump([](const Match& m) { return m.game().ply() == 1; }, "the move"));
  server.drop();
  ASSERT_TRUE(c.waitPhase(OnlinePhase::Reconnecting));
  ASSERT_TRUE(server.accept());
  ASSERT_TRUE(server.welcomeAndLogin("alice", LoginMethod::Token, kToken));
  ASSERT_TRUE(c.waitPhase(OnlinePhase::Hall));
  const OnlineSnapshot s = c.snap();
  EXPECT_EQ(s.game.match, MatchPhase::Closed);
  EXPECT_EQ(s.game.game.result().outcome, Outcome::Interrupted);
  EXPECT_EQ(s.game.game.ply(), 1);  // the moves stay
  EXPECT_NE(s.game.message.find("could not resume"), std::string::npos) << describe(s);
}

TEST(Online, ARestartedClientRejoinsItsGameFromMatched) {
  Server server;
  {
    // The game starts with a client that is then gone for good (its process ended).
    Client c;
    ASSERT_TRUE(loggedIn(c, server));
    server.send(matched(9, true));
    server.startHost("bob", true);
    ASSERT_TRUE(server.pump([](const Match& m) { return m.phase() == MatchPhase::Playing; },
                            "the client's HELLO"));
    ASSERT_TRUE(c.waitUntil(playing, "the game"));
    ASSERT_EQ(c.client.play({7, 7}), MoveError::None);
    ASSERT_TRUE(server.pump([](const Match& m) { return m.game().ply() == 1; }, "the move"));
  }
  server.drop();
  server.host->connectionLost("the client went away");

  Client again;  // a fresh client logs in and is told about its suspended game
  Server& s2 = server;
  again.client.connect("127.0.0.1", s2.port());
  ASSERT_TRUE(s2.accept());
  s2.send(Welcome{kProtocolMajor, kProtocolMinor, "9.9.9", "Test server"});
  ASSERT_TRUE(again.waitPhase(OnlinePhase::Connected));
  ASSERT_EQ(again.client.login("alice", "password1"), OnlineRefusal::None);
  ASSERT_TRUE(s2.expect<Login>());
  s2.loginOk("alice");
  s2.send(matched(9, true, s2.host->token()));
  const auto resume = s2.read();
  ASSERT_TRUE(resume);
  ASSERT_TRUE(std::holds_alternative<Resume>(*resume)) << typeName(typeOf(*resume));
  ASSERT_TRUE(s2.host->acceptsResume(*resume));
  s2.host->receive(*resume);
  ASSERT_TRUE(again.waitUntil([](const OnlineSnapshot& x) { return x.game.game.ply() == 1; },
                              "the rejoined game"));
  EXPECT_EQ(again.snap().game.localColor, Stone::Black);
}

TEST(Online, AnotherLoginTakingOverEndsWithoutReconnecting) {
  Client c;
  Server server;
  ASSERT_TRUE(loggedIn(c, server));
  server.send(Error{ErrorCode::Replaced, "signed in elsewhere"});
  ASSERT_TRUE(c.waitPhase(OnlinePhase::Closed));
  const OnlineSnapshot s = c.snap();
  EXPECT_EQ(s.failure, OnlineFailure::Replaced);
  EXPECT_NE(s.message.find("signed in on another computer"), std::string::npos) << s.message;
}

TEST(Online, AnExpiredTokenEndsTheReconnection) {
  Client c;
  Server server;
  ASSERT_TRUE(loggedIn(c, server));
  server.drop();
  ASSERT_TRUE(server.accept());
  server.send(Welcome{kProtocolMajor, kProtocolMinor, "9.9.9", "Test server"});
  ASSERT_TRUE(server.expect<Login>());
  server.send(LoginResult{LoginStatus::BadCredentials, "", "", "", {}, false});
  ASSERT_TRUE(c.waitPhase(OnlinePhase::Closed));
  EXPECT_EQ(c.snap().failure, OnlineFailure::LoginLost) << c.snap().message;
}

TEST(Online, ASilentServerIsLeftAndReconnectedTo) {
  OnlineOptions o = Client::fastOptions();
  o.heartbeatInterval = 50ms;
  o.silenceTimeout = 300ms;
  Client c(o);
  Server server;
  ASSERT_TRUE(loggedIn(c, server));
  // The server says nothing more: the client gives up on this connection and comes again.
  ASSERT_TRUE(server.accept());
  ASSERT_TRUE(server.welcomeAndLogin("alice", LoginMethod::Token, kToken));
  ASSERT_TRUE(c.waitUntil([](const OnlineSnapshot& x) { return x.reconnects == 1; }, "again"));
}

TEST(Online, AServerThatStaysAwayEndsTheSessionAfterTheWindow) {
  OnlineOptions o = Client::fastOptions();
  o.resumeWindow = 400ms;
  Client c(o);
  auto server = std::make_unique<Server>();
  ASSERT_TRUE(loggedIn(c, *server));
  server->send(matched(10, true));
  server->startHost("bob", true);
  ASSERT_TRUE(server->pump([](const Match& m) { return m.phase() == MatchPhase::Playing; },
                           "the client's HELLO"));
  ASSERT_TRUE(c.waitUntil(playing, "the game"));
  server.reset();  // gone, listener and all: every reconnection is refused
  ASSERT_TRUE(c.waitPhase(OnlinePhase::Closed));
  const OnlineSnapshot s = c.snap();
  EXPECT_EQ(s.failure, OnlineFailure::ConnectionLost) << s.message;
  EXPECT_NE(s.message.find("could not be made again"), std::string::npos) << s.message;
  EXPECT_EQ(s.game.match, MatchPhase::Closed);
  EXPECT_EQ(s.game.game.result().outcome, Outcome::Interrupted);
}

}  // namespace
