// End-to-end tests of `gomoku-cli online` against the scripted server of
// tests/common/scripted_server.h (TLS with a self-signed certificate, as gomoku-server): the
// program runs as a child process with its commands in a file (a script: each command waits
// until it can apply; not a terminal, so an unknown server is trusted only with
// --trust-new-server), the test plays the server on its own thread, then checks the program's
// output lines (documented in `gomoku-cli online --help`). Each test has its own
// XDG_CONFIG_HOME, so the pinned fingerprints start empty. Linux only (the child is started
// through the shell, bounded by `timeout`).

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "common/scripted_server.h"
#include "net/tls.h"
#include "record/recordio.h"

using namespace gomoku;
using namespace gomoku::net;
using gomoku::testing::Server;

namespace {

namespace fs = std::filesystem;

struct CliRun {
  int status = -1;
  std::string out, err;
  bool has(const std::string& line) const {
    std::istringstream in(out);
    for (std::string l; std::getline(in, l);)
      if (l == line) return true;
    return false;
  }
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream o;
  o << in.rdbuf();
  return o.str();
}

// Runs gomoku-cli with `args`, the password in GOMOKU_PASSWORD, XDG_CONFIG_HOME `dir`/config
// and `script` as its input, on a thread of its own; `serve` plays the server meanwhile.
template <class Serve>
CliRun runCli(const fs::path& dir, const std::string& args, const std::string& script,
              Serve serve) {
  std::ofstream(dir / "in") << script;
  const std::string cmd = "GOMOKU_PASSWORD=password1 XDG_CONFIG_HOME='" +
                          (dir / "config").string() + "' timeout 60 '" GOMOKU_CLI "' " + args +
                          " < '" + (dir / "in").string() + "' > '" + (dir / "out").string() +
                          "' 2> '" + (dir / "err").string() + "'";
  CliRun r;
  std::thread child([&] { r.status = std::system(cmd.c_str()); });
  serve();
  child.join();
  r.out = slurp(dir / "out");
  r.err = slurp(dir / "err");
  return r;
}

class OnlineCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        fs::temp_directory_path() /
        ("gomoku-online-cli-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
         "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    if (!std::getenv("GOMOKU_KEEP")) fs::remove_all(dir_);
  }
  // The file of pinned server fingerprints of the program run by this test.
  fs::path knownServers() const { return dir_ / "config" / "gomoku" / "known_servers"; }
  fs::path dir_;
};

// `gomoku-cli online` to the scripted server, trusting it at the first connection.
std::string online(const Server& server) {
  return "online 127.0.0.1:" + std::to_string(server.port()) + " --trust-new-server";
}

// The exit code of a std::system() status; -1 when the program did not exit normally.
int exitCode(int status) {
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

Matched matchedBlack() {
  Matched m;
  m.gameId = 5;
  m.youAreBlack = true;
  m.opponent = "bob";
  m.opponentScore = 1100;
  m.rated = true;
  return m;
}

TEST_F(OnlineCli, LogsInListsPlaysAGameAndSavesARecord) {
  Server server;
  const fs::path record = dir_ / "game7.sgf";
  const std::string script = "who\ntop\nfind\n7,7\n8,7\n9,7\n10,7\n11,7\nleave\ngames\nget 7 " +
                             record.string() + "\nquit\n";
  const CliRun r = runCli(dir_, online(server) + " --user alice", script, [&] {
    ASSERT_TRUE(server.accept());
    ASSERT_TRUE(server.welcomeAndLogin("alice", LoginMethod::Password, "password1"));
    for (int i = 0; i < 2; ++i) {  // who, top
      ASSERT_TRUE(server.expect<HallRequest>());
      server.hall("alice");
    }
    const auto find = server.expect<Find>();
    ASSERT_TRUE(find);
    EXPECT_EQ(find->rule, Rule::Freestyle);
    server.send(matchedBlack());
    server.startHost("bob", true);
    for (int i = 0; i < 5; ++i) {
      ASSERT_TRUE(
          server.pump([i](const Match& m) { return m.game().ply() == 2 * i + 1; }, "black's move"));
      if (i < 4) {
        ASSERT_EQ(server.host->playLocal({i, 0}), MoveError::None);
      }
    }
    EXPECT_EQ(server.host->game().result().outcome, Outcome::BlackWins);
    server.send(GameResult{5, Outcome::BlackWins, EndReason::Five, true, 1000, 1030});
    ASSERT_TRUE(
        server.pump([](const Match& m) { return m.phase() == MatchPhase::Closed; }, "leave"));
    ASSERT_TRUE(server.expect<GamesRequest>());
    GameSummary g;
    g.id = 7;
    g.endedAt = 1767225600;  // 2026-01-01 00:00 UTC
    g.black = "alice";
    g.white = "bob b";
    g.outcome = Outcome::BlackWins;
    g.reason = EndReason::Five;
    g.rated = true;
    g.blackDelta = 30;
    g.whiteDelta = -30;
    g.moves = 2;
    server.send(GameList{true, {g}});
    const auto get = server.expect<GetGame>();
    ASSERT_TRUE(get);
    EXPECT_EQ(get->id, 7u);
    server.send(GameRecord{g, {{7, 7}, {0, 0}}, {1000, 2000}});
    std::vector<Message> last;
    EXPECT_TRUE(server.closedByClient(&last));
    ASSERT_FALSE(last.empty());
    EXPECT_TRUE(std::holds_alternative<Bye>(last.back()));
  });
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(r.has("FINGERPRINT " + server.fingerprint() + " new")) << r.out;
  EXPECT_NE(slurp(knownServers())
                .find("127.0.0.1:" + std::to_string(server.port()) + " " + server.fingerprint()),
            std::string::npos)
      << "not pinned";
  EXPECT_TRUE(r.has("LOGGED IN alice 1000")) << r.out;
  EXPECT_TRUE(r.has("STATS alice 1000 0 0 0")) << r.out;
  EXPECT_TRUE(r.has("PLAYERS 2")) << r.out;
  EXPECT_TRUE(r.has("PLAYER bob 1100 finding")) << r.out;
  EXPECT_TRUE(r.has("TOP 2")) << r.out;
  EXPECT_TRUE(r.has("RANK 1 bob 1100 3 3")) << r.out;
  EXPECT_TRUE(r.has("FINDING freestyle")) << r.out;
  EXPECT_TRUE(r.has("MATCHED 5 black vs bob 1100 freestyle 15x15 rated")) << r.out;
  EXPECT_TRUE(r.has("MOVE 9 black L8 (11,7)")) << r.out;
  EXPECT_TRUE(r.has("RESULT black five in a row")) << r.out;
  EXPECT_TRUE(r.has("LADDER 1000 1030")) << r.out;
  EXPECT_TRUE(r.has("HALL you left the game")) << r.out;
  EXPECT_TRUE(
      r.has("GAME 7 2026-01-01T00:00Z alice bob_b freestyle 15x15 black five rated 30 -30 2"))
      << r.out;
  EXPECT_TRUE(r.has("GAMES 1")) << r.out;
  EXPECT_TRUE(r.has("SAVED 7 " + record.string() + " 2 moves")) << r.out;
  EXPECT_TRUE(r.has("SIGNED OUT")) << r.out;
  EXPECT_EQ(r.out.find("password1"), std::string::npos);
  ASSERT_TRUE(fs::exists(record));
  const Record rec = openRecordFile(record, Rule::Freestyle, ReadOptions{});
  EXPECT_EQ(rec.moves.size(), 2u);
  EXPECT_EQ(rec.black.value_or(""), "alice");
}

TEST_F(OnlineCli, InvitationsRoomsAndRefusals) {
  Server server;
  const std::string script =
      "room --size 19 --color random --rated\njoin abc234\ninvite bob --rule renju\naccept\n"
      "resign\nleave\nquit\n";
  const CliRun r = runCli(dir_, online(server) + " --user alice", script, [&] {
    ASSERT_TRUE(server.accept());
    ASSERT_TRUE(server.welcomeAndLogin("alice", LoginMethod::Password, "password1"));
    const auto room = server.expect<RoomCreate>();
    ASSERT_TRUE(room);
    EXPECT_EQ(room->settings.boardSize, 19);
    EXPECT_EQ(room->settings.color, SeatColor::Random);
    EXPECT_TRUE(room->settings.rated);
    server.send(RoomCreated{"ABC234", room->settings});
    const auto join = server.expect<RoomJoin>();
    ASSERT_TRUE(join);
    EXPECT_EQ(join->code, "abc234");
    server.send(Denied{MsgType::RoomJoin, DenyCode::Yourself, ""});
    const auto invite = server.expect<Invite>();
    ASSERT_TRUE(invite);
    EXPECT_EQ(invite->settings.rule, Rule::Renju);
    server.send(Denied{MsgType::Invite, DenyCode::InviteDeclined, "bob said no"});
    server.send(Invited{42, "carol", 1200, RoomSettings{}});
    const auto reply = server.expect<InviteReply>();
    ASSERT_TRUE(reply);
    EXPECT_EQ(reply->inviteId, 42u);
    EXPECT_TRUE(reply->accept);
    Matched m = matchedBlack();
    m.opponent = "carol";
    m.rated = false;
    server.send(m);
    server.startHost("carol", true);
    ASSERT_TRUE(server.pump([](const Match& x) { return x.game().over(); }, "resign"));
    ASSERT_TRUE(
        server.pump([](const Match& x) { return x.phase() == MatchPhase::Closed; }, "leave"));
    EXPECT_TRUE(server.closedByClient());
  });
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(r.has("ROOM ABC234 freestyle 19x19 random rated")) << r.out;
  EXPECT_TRUE(r.has("JOINING abc234")) << r.out;
  EXPECT_TRUE(r.has("DENIED ROOM_JOIN that is yourself")) << r.out;
  EXPECT_TRUE(r.has("INVITING bob")) << r.out;
  EXPECT_TRUE(r.has("DENIED INVITE the invitation was declined: bob said no")) << r.out;
  EXPECT_TRUE(r.has("INVITED 42 carol 1200 freestyle 15x15 black unrated")) << r.out;
  EXPECT_TRUE(r.has("ACCEPTED 42")) << r.out;
  EXPECT_TRUE(r.has("MATCHED 5 black vs carol 1100 freestyle 15x15 unrated")) << r.out;
  EXPECT_TRUE(r.has("RESULT white resignation")) << r.out;
  EXPECT_EQ(r.out.find("LADDER"), std::string::npos) << r.out;
  EXPECT_TRUE(r.has("SIGNED OUT")) << r.out;
}

TEST_F(OnlineCli, ADroppedConnectionIsMadeAgainAndTheGameGoesOn) {
  Server server;
  const CliRun r = runCli(
      dir_, online(server) + " --user alice --reconnect-ms 50", "find\n7,7\n8,7\nquit\n", [&] {
        ASSERT_TRUE(server.accept());
        ASSERT_TRUE(server.welcomeAndLogin("alice", LoginMethod::Password, "password1"));
        ASSERT_TRUE(server.expect<Find>());
        server.send(matchedBlack());
        server.startHost("bob", true);
        ASSERT_TRUE(server.pump([](const Match& m) { return m.game().ply() == 1; }, "7,7"));
        server.drop();  // while the client waits for White's move
        server.host->connectionLost("dropped");
        // Back with the session token; the suspended game is offered with its token.
        ASSERT_TRUE(server.accept());
        ASSERT_TRUE(
            server.welcomeAndLogin("alice", LoginMethod::Token, gomoku::testing::kScriptedToken));
        Matched m = matchedBlack();
        m.resumeToken = server.host->token();
        server.send(m);
        const auto resume = server.read();
        ASSERT_TRUE(resume);
        ASSERT_TRUE(server.host->acceptsResume(*resume));
        server.host->receive(*resume);
        ASSERT_EQ(server.host->playLocal({0, 0}), MoveError::None);
        ASSERT_TRUE(server.pump([](const Match& x) { return x.game().ply() == 3; }, "8,7"));
        EXPECT_TRUE(server.closedByClient());
      });
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(r.has("FINGERPRINT " + server.fingerprint() + " new")) << r.out;
  EXPECT_TRUE(r.has("RECONNECTED")) << r.out;
  EXPECT_TRUE(r.has("RESUMED at move 1")) << r.out;
  EXPECT_TRUE(r.has("MOVE 3 black I8 (8,7)")) << r.out;
  EXPECT_TRUE(r.has("SIGNED OUT")) << r.out;
  EXPECT_TRUE(r.has("RECONNECTING the server closed the connection")) << r.out;
  EXPECT_NE(r.out.find("SUSPENDED "), std::string::npos) << r.out;
}

TEST_F(OnlineCli, AServerWithoutAPortIsLookedForOnTheServersPort) {
  // The server's default port (6516), not the P2P host's (6515).
  const CliRun r = runCli(dir_, "online 127.0.0.1 --user alice", "", [] {});
  EXPECT_NE(r.out.find("Connecting to 127.0.0.1 port 6516"), std::string::npos) << r.out;
}

TEST_F(OnlineCli, AWrongPasswordEndsWithAClearError) {
  Server server;
  const CliRun r = runCli(dir_, online(server) + " --user alice", "find\n", [&] {
    ASSERT_TRUE(server.accept());
    server.send(Welcome{kProtocolMajor, kProtocolMinor, "9.9.9", "Test server"});
    ASSERT_TRUE(server.expect<Login>());
    server.send(LoginResult{LoginStatus::BadCredentials, "", "", "", {}, false});
    EXPECT_TRUE(server.closedByClient());
  });
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("error: login: wrong name or password"), std::string::npos) << r.err;
  EXPECT_TRUE(r.has("WELCOME Test server (9.9.9) at 127.0.0.1:" + std::to_string(server.port())))
      << r.out;
}

TEST_F(OnlineCli, RegisteringATakenNameSaysSo) {
  Server server;
  const CliRun r = runCli(dir_, online(server) + " --user alice --register", "", [&] {
    ASSERT_TRUE(server.accept());
    server.send(Welcome{kProtocolMajor, kProtocolMinor, "9.9.9", "Test server"});
    const auto reg = server.expect<Register>();
    ASSERT_TRUE(reg);
    EXPECT_EQ(reg->name, "alice");
    EXPECT_EQ(reg->password, "password1");
    server.send(LoginResult{LoginStatus::NameTaken, "", "", "", {}, false});
    EXPECT_TRUE(server.closedByClient());
  });
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("error: register: the name is taken"), std::string::npos) << r.err;
}

TEST_F(OnlineCli, AnUnknownServerIsRefusedWithoutTheOptionAndATerminal) {
  Server server;
  // Not a terminal (the script comes from a file) and no --trust-new-server: nobody can be
  // asked, so the program stops before anything is sent and tells how to go on.
  const CliRun r =
      runCli(dir_, "online 127.0.0.1:" + std::to_string(server.port()) + " --user alice",
             "find\nquit\n", [&] {
               ASSERT_TRUE(server.accept(Server::Expect::Refusal));
               std::vector<Message> seen;
               EXPECT_TRUE(server.closedByClient(&seen));
               EXPECT_TRUE(seen.empty()) << "something was sent to an untrusted server";
             });
  EXPECT_EQ(exitCode(r.status), 2) << r.out << r.err;
  EXPECT_NE(r.err.find("is not known yet; its certificate fingerprint is " + server.fingerprint()),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("run again with --trust-new-server"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("WELCOME"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(knownServers())) << slurp(knownServers());
  EXPECT_EQ(r.err.find("password1"), std::string::npos);
}

}  // namespace
