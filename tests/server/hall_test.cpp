// The hall without sockets: a HallEnv that runs jobs and timers when the test says so, over a
// real SQLite database in a temp folder, with real net::Match joiners as the clients' games.

#include "server/hall.h"

#include <gtest/gtest.h>

#include <deque>
#include <filesystem>
#include <map>
#include <memory>

#include "net/watcher.h"
#include "server/memory_queue.h"

namespace gomoku::server {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

class FakeEnv : public HallEnv {
 public:
  std::map<ConnId, std::deque<net::Message>> inbox;  // what the hall sent to each connection
  std::set<ConnId> closedByHall;
  Clock::time_point clock = Clock::time_point{} + 1000h;
  std::int64_t unix = 1'800'000'000;
  std::multimap<Clock::time_point, std::pair<std::uint64_t, std::function<void()>>> timers;
  std::uint64_t nextTimer = 1;
  std::deque<std::function<std::function<void()>()>> jobs;
  std::vector<std::string> lines;

  void send(ConnId c, const net::Message& m) override { inbox[c].push_back(m); }
  void close(ConnId c) override { closedByHall.insert(c); }
  Clock::time_point now() override { return clock; }
  std::int64_t unixTime() override { return unix; }
  std::uint64_t after(std::chrono::milliseconds d, std::function<void()> fn) override {
    timers.emplace(clock + d, std::make_pair(nextTimer, std::move(fn)));
    return nextTimer++;
  }
  void cancel(std::uint64_t id) override {
    for (auto it = timers.begin(); it != timers.end(); ++it)
      if (it->second.first == id) {
        timers.erase(it);
        return;
      }
  }
  void aside(Lane lane, std::function<std::function<void()>()> job) override {
    if (holdStorage && lane == Lane::Storage)
      heldStorage.push_back(std::move(job));
    else
      jobs.push_back(std::move(job));
  }
  void log(const std::string& line) override { lines.push_back(line); }
  // The database away: storage jobs wait (as the server's storage lane retries them) until
  // releaseStorage() runs them, in order.
  bool holdStorage = false;
  std::deque<std::function<std::function<void()>()>> heldStorage;
  void releaseStorage() {
    holdStorage = false;
    while (!heldStorage.empty()) {
      jobs.push_back(std::move(heldStorage.front()));
      heldStorage.pop_front();
    }
  }

  // Runs jobs (and what they return) and timers due now until nothing is left to do.
  void settle() {
    for (;;) {
      if (!jobs.empty()) {
        auto job = std::move(jobs.front());
        jobs.pop_front();
        if (auto then = job()) then();
        continue;
      }
      auto it = timers.begin();
      if (it != timers.end() && it->first <= clock) {
        auto fn = std::move(it->second.second);
        timers.erase(it);
        fn();
        continue;
      }
      return;
    }
  }
  // Moves the clock on by `d`, firing the timers on the way.
  void advance(Clock::duration d) {
    Clock::time_point end = clock + d;
    while (!timers.empty() && timers.begin()->first <= end) {
      clock = std::max(clock, timers.begin()->first);
      settle();
    }
    clock = end;
    settle();
  }
  template <class T>
  std::optional<T> take(ConnId c) {  // the first message of type T for c (dropped from inbox)
    auto& q = inbox[c];
    for (auto it = q.begin(); it != q.end(); ++it)
      if (auto* v = std::get_if<T>(&*it)) {
        T copy = *v;
        q.erase(it);
        return copy;
      }
    return std::nullopt;
  }
};

// One client: its connection and, once matched, its Match as the joiner.
struct Client {
  ConnId id = 0;
  std::unique_ptr<net::Match> match;
  std::deque<net::Message> out;  // what its Match sends to the server
};

class HallTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = std::filesystem::temp_directory_path() /
          ("gomoku-hall-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
           "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    storage = openStorage((dir / "server.db").string());
    config.waveInterval = 1000ms;
    config.resumeWindow = 60s;
    hall = std::make_unique<Hall>(env, *storage, config, 7);
    env.settle();
  }
  void TearDown() override {
    hall.reset();
    storage.reset();
    std::filesystem::remove_all(dir);
  }

  Client connect(const std::string& address = "127.0.0.1") {
    Client c;
    c.id = nextConn++;
    hall->connected(c.id, address);
    EXPECT_TRUE(env.take<net::Welcome>(c.id));
    return c;
  }
  // minor: the protocol minor the program says (0: a program of 1.2, which says none).
  net::LoginResult registerAs(Client& c, const std::string& name,
                              const std::string& pw = "password1", std::uint8_t minor = 0) {
    hall->received(c.id, net::Register{name, pw, minor});
    env.settle();
    auto r = env.take<net::LoginResult>(c.id);
    EXPECT_TRUE(r);
    return r.value_or(net::LoginResult{});
  }
  // Starts c's Match as the joiner after MATCHED, as the online client does; on the test's
  // clock with onEnvClock (games with a clock).
  void startMatch(Client& c, const net::Matched& m, bool onEnvClock = false) {
    net::MatchSettings s;
    s.role = net::Role::Joiner;
    s.nickname = "me";
    s.serverKeepsTime = true;  // as the online client
    s.resumeToken = m.resumeToken;
    Client* self = &c;
    c.match = std::make_unique<net::Match>(
        s, [self](const net::Message& msg) { self->out.push_back(msg); }, [] {},
        [](net::MatchEvent) {});
    if (onEnvClock) c.match->setClock([this] { return env.clock; });
    c.match->connected();
  }
  // a and b find a freestyle game, are MATCHED at the next wave and start their matches:
  // {black, white}, or nulls (a failure recorded) when they were not matched.
  std::pair<Client*, Client*> matchedAndStarted(Client& a, Client& b) {
    hall->received(a.id, net::Find{Rule::Freestyle});
    hall->received(b.id, net::Find{Rule::Freestyle});
    env.advance(1s);
    auto ma = env.take<net::Matched>(a.id);
    auto mb = env.take<net::Matched>(b.id);
    EXPECT_TRUE(ma && mb);
    if (!ma || !mb) return {nullptr, nullptr};
    startMatch(a, *ma);
    startMatch(b, *mb);
    pump({&a, &b});
    return ma->youAreBlack ? std::pair{&a, &b} : std::pair{&b, &a};
  }
  // Delivers messages both ways until nothing moves.
  void pump(std::vector<Client*> clients) {
    for (bool moved = true; moved;) {
      moved = false;
      env.settle();
      for (Client* c : clients) {
        while (!c->out.empty()) {
          net::Message m = c->out.front();
          c->out.pop_front();
          hall->received(c->id, m);
          moved = true;
        }
        env.settle();
        auto& q = env.inbox[c->id];
        for (auto it = q.begin(); it != q.end();) {
          int type = static_cast<int>(net::typeOf(*it));
          if (c->match && (type < 64) && !std::holds_alternative<net::Heartbeat>(*it)) {
            net::Message m = *it;
            it = q.erase(it);
            c->match->receive(m);
            moved = true;
          } else {
            ++it;
          }
        }
      }
    }
  }

  FakeEnv env;
  std::filesystem::path dir;
  std::unique_ptr<Storage> storage;
  HallConfig config;
  std::unique_ptr<Hall> hall;
  ConnId nextConn = 1;
};

TEST_F(HallTest, RegisterFindPlayToFiveAndTheLadderMoves) {
  Client a = connect(), b = connect();
  ASSERT_EQ(registerAs(a, "alice").status, net::LoginStatus::Ok);
  ASSERT_EQ(registerAs(b, "bob").status, net::LoginStatus::Ok);
  EXPECT_TRUE(env.take<net::Stats>(a.id));
  hall->received(a.id, net::Find{Rule::Freestyle});
  hall->received(b.id, net::Find{Rule::Freestyle});
  env.advance(1s);
  auto ma = env.take<net::Matched>(a.id);
  auto mb = env.take<net::Matched>(b.id);
  ASSERT_TRUE(ma && mb);
  EXPECT_NE(ma->youAreBlack, mb->youAreBlack);
  EXPECT_TRUE(ma->rated);
  EXPECT_EQ(ma->gameId, mb->gameId);
  startMatch(a, *ma);
  startMatch(b, *mb);
  pump({&a, &b});
  ASSERT_EQ(a.match->phase(), net::MatchPhase::Playing);
  ASSERT_EQ(b.match->phase(), net::MatchPhase::Playing);
  Client& black = ma->youAreBlack ? a : b;
  Client& white = ma->youAreBlack ? b : a;
  for (int i = 0; i < 5; ++i) {
    ASSERT_EQ(black.match->playLocal({i, 7}), MoveError::None);
    pump({&a, &b});
    if (i < 4) {
      ASSERT_EQ(white.match->playLocal({i, 9}), MoveError::None);
      pump({&a, &b});
    }
  }
  EXPECT_EQ(black.match->game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(white.match->game().result().outcome, Outcome::BlackWins);
  auto rb = env.take<net::GameResult>(black.id);
  auto rw = env.take<net::GameResult>(white.id);
  ASSERT_TRUE(rb && rw);
  EXPECT_EQ(rb->oldScore, 1000);
  EXPECT_EQ(rb->newScore, 1030);
  EXPECT_EQ(rw->newScore, 970);
  EXPECT_EQ(rb->reason, EndReason::Five);
  // Written: the game and both accounts.
  auto row = storage->game(static_cast<std::int64_t>(rb->gameId));
  ASSERT_TRUE(row);
  EXPECT_EQ(row->outcome, Outcome::BlackWins);
  EXPECT_EQ(row->moves.size(), 9u);
  auto acc = storage->accountByKey(nameKey(black.id == a.id ? "alice" : "bob"));
  ASSERT_TRUE(acc);
  EXPECT_EQ(acc->first.score, 1030);
  EXPECT_EQ(acc->first.wins, 1u);
}

TEST_F(HallTest, DatabaseAwayGamesGoOnNewLoginsAndGamesWaitForIt) {
  // Issue 22: the database stops answering mid-play. The running game goes on to five; its
  // result waits for the database; logins, registrations and new games meanwhile get the
  // clear refusal; once it answers the result is written once and logins work again.
  Client a = connect(), b = connect(), d = connect();
  ASSERT_EQ(registerAs(a, "alice").status, net::LoginStatus::Ok);
  ASSERT_EQ(registerAs(b, "bob").status, net::LoginStatus::Ok);
  ASSERT_EQ(registerAs(d, "dave").status, net::LoginStatus::Ok);
  auto [blackP, whiteP] = matchedAndStarted(a, b);
  ASSERT_TRUE(blackP);
  Client& black = *blackP;
  Client& white = *whiteP;
  ASSERT_EQ(black.match->playLocal({0, 7}), MoveError::None);
  pump({&a, &b});

  env.holdStorage = true;
  hall->storageAway(true, "connection refused");
  Client c = connect();
  auto refused = registerAs(c, "carol");
  EXPECT_EQ(refused.status, net::LoginStatus::ServerBusy);
  EXPECT_EQ(refused.detail, "The server is having trouble; try again in a minute");
  hall->received(c.id, net::Login{net::LoginMethod::Password, "alice", "password1"});
  env.settle();
  auto login = env.take<net::LoginResult>(c.id);
  ASSERT_TRUE(login);
  EXPECT_EQ(login->status, net::LoginStatus::ServerBusy);
  for (const net::Message& m :
       {net::Message{net::Find{Rule::Freestyle}}, net::Message{net::GamesRequest{}},
        net::Message{net::RoomCreate{}}}) {
    hall->received(d.id, m);
    auto denied = env.take<net::Denied>(d.id);
    ASSERT_TRUE(denied);
    EXPECT_EQ(denied->code, net::DenyCode::TooMany);
    EXPECT_EQ(denied->detail, "the server is having trouble; try again in a minute");
  }
  for (int i = 0; i < 4; ++i) {
    ASSERT_EQ(white.match->playLocal({i, 9}), MoveError::None);
    pump({&a, &b});
    ASSERT_EQ(black.match->playLocal({i + 1, 7}), MoveError::None);
    pump({&a, &b});
  }
  EXPECT_EQ(white.match->game().result().outcome, Outcome::BlackWins);
  EXPECT_FALSE(env.take<net::GameResult>(black.id));  // the ladder waits for the database
  env.advance(6s);  // the hall's own check of the database waits in the lane too

  env.releaseStorage();
  hall->storageAway(false, "");
  env.settle();
  auto rb = env.take<net::GameResult>(black.id);
  ASSERT_TRUE(rb);
  EXPECT_EQ(rb->newScore, 1030);
  EXPECT_EQ(storage->gamesOf(storage->accountByKey(nameKey("alice"))->first.id, 10).size(), 1u);
  Client e = connect();
  EXPECT_EQ(registerAs(e, "carol").status, net::LoginStatus::Ok);
  EXPECT_TRUE(std::any_of(env.lines.begin(), env.lines.end(), [](const std::string& l) {
    return l.find("the database does not answer (connection refused)") != std::string::npos;
  }));
}

TEST_F(HallTest, BothPlayersLeavingAtOnceStayInTheHall) {
  // After the game both programs leave it at the same moment: one BYE reaches the server
  // first and ends the other's match too, so the other's BYE arrives in the hall. It was for
  // the game: nobody is signed out.
  Client a = connect(), b = connect();
  ASSERT_EQ(registerAs(a, "alice").status, net::LoginStatus::Ok);
  ASSERT_EQ(registerAs(b, "bob").status, net::LoginStatus::Ok);
  hall->received(a.id, net::Find{Rule::Freestyle});
  hall->received(b.id, net::Find{Rule::Freestyle});
  env.advance(1s);
  auto ma = env.take<net::Matched>(a.id);
  auto mb = env.take<net::Matched>(b.id);
  ASSERT_TRUE(ma && mb);
  startMatch(a, *ma);
  startMatch(b, *mb);
  pump({&a, &b});
  Client& black = ma->youAreBlack ? a : b;
  ASSERT_EQ(black.match->playLocal({7, 7}), MoveError::None);
  pump({&a, &b});
  a.match->leave();
  b.match->leave();
  pump({&a, &b});
  EXPECT_FALSE(env.closedByHall.count(a.id));
  EXPECT_FALSE(env.closedByHall.count(b.id));
  EXPECT_EQ(hall->playersOnline(), 2u);
  // A BYE in the hall after that signs out as ever.
  hall->received(b.id, net::HallRequest{});
  hall->received(b.id, net::Bye{});
  EXPECT_TRUE(env.closedByHall.count(b.id));
}

TEST_F(HallTest, WrongPasswordAndUnknownNameGetTheSameAnswer) {
  Client a = connect();
  ASSERT_EQ(registerAs(a, "alice").status, net::LoginStatus::Ok);
  Client b = connect();
  hall->received(b.id, net::Login{net::LoginMethod::Password, "alice", "wrongpass"});
  env.settle();
  auto wrong = env.take<net::LoginResult>(b.id);
  hall->received(b.id, net::Login{net::LoginMethod::Password, "nobody", "password1"});
  env.settle();
  auto unknown = env.take<net::LoginResult>(b.id);
  ASSERT_TRUE(wrong && unknown);
  EXPECT_EQ(wrong->status, net::LoginStatus::BadCredentials);
  EXPECT_EQ(*wrong, *unknown);
}

TEST_F(HallTest, SecondLoginRefusedWhileTheFirstIsLive) {
  Client a = connect();
  auto r = registerAs(a, "alice");
  ASSERT_EQ(r.status, net::LoginStatus::Ok);
  Client b = connect();
  hall->received(b.id, net::Login{net::LoginMethod::Password, "ALICE", "password1"});
  env.settle();
  auto second = env.take<net::LoginResult>(b.id);
  ASSERT_TRUE(second);
  EXPECT_EQ(second->status, net::LoginStatus::AlreadySignedIn);
  EXPECT_EQ(second->detail, "This account is already signed in on another computer");
  EXPECT_FALSE(env.closedByHall.count(a.id));
  // Once the first connection went quiet, a login with the token takes over.
  env.advance(config.takeOverSilence + 1s);
  hall->received(b.id, net::Login{net::LoginMethod::Token, "alice", r.token});
  env.settle();
  auto third = env.take<net::LoginResult>(b.id);
  ASSERT_TRUE(third);
  EXPECT_EQ(third->status, net::LoginStatus::Ok);
  auto replaced = env.take<net::Error>(a.id);
  ASSERT_TRUE(replaced);
  EXPECT_EQ(replaced->code, net::ErrorCode::Replaced);
  EXPECT_TRUE(env.closedByHall.count(a.id));
}

TEST_F(HallTest, DuplicateNamesDifferingInCaseOrWidthAreRefused) {
  Client a = connect();
  ASSERT_EQ(registerAs(a, "Alice").status, net::LoginStatus::Ok);
  Client b = connect();
  EXPECT_EQ(registerAs(b, "alice").status, net::LoginStatus::NameTaken);
  EXPECT_EQ(registerAs(b, "\xEF\xBC\xA1lice").status, net::LoginStatus::NameTaken);  // fullwidth A
  EXPECT_EQ(registerAs(b, "a'; DROP TABLE accounts; --").status, net::LoginStatus::BadName);
  EXPECT_EQ(registerAs(b, "bob\xE2\x80\xAE").status, net::LoginStatus::BadName);  // bidi override
  EXPECT_EQ(registerAs(b, "bob", "short").status, net::LoginStatus::BadPassword);
}

TEST_F(HallTest, APeerToPeerClientIsToldThisIsAServer) {
  Client a = connect();
  hall->received(a.id, net::Hello{net::kProtocolMajor, net::kProtocolMinor, "0.1.0", "bob"});
  auto e = env.take<net::Error>(a.id);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, net::ErrorCode::ServerOnly);
  EXPECT_TRUE(env.closedByHall.count(a.id));
}

TEST_F(HallTest, HallRequestsNeedALogin) {
  Client a = connect();
  hall->received(a.id, net::Find{Rule::Freestyle});
  auto d = env.take<net::Denied>(a.id);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->code, net::DenyCode::NotLoggedIn);
}

TEST_F(HallTest, PrivateRoomByCodeIsUnratedUnlessBothTickRated) {
  Client a = connect(), b = connect();
  registerAs(a, "alice");
  registerAs(b, "bob");
  net::RoomSettings s;
  s.color = net::SeatColor::White;
  s.rated = true;
  hall->received(a.id, net::RoomCreate{s});
  auto room = env.take<net::RoomCreated>(a.id);
  ASSERT_TRUE(room);
  EXPECT_EQ(room->code.size(), 6u);
  hall->received(b.id, net::RoomJoin{room->code, false});
  env.settle();
  auto ma = env.take<net::Matched>(a.id);
  auto mb = env.take<net::Matched>(b.id);
  ASSERT_TRUE(ma && mb);
  EXPECT_FALSE(ma->youAreBlack);  // the creator chose White
  EXPECT_TRUE(mb->youAreBlack);
  EXPECT_FALSE(ma->rated);
}

TEST_F(HallTest, DroppedPlayerWhoDoesNotComeBackLosesRated) {
  Client a = connect(), b = connect();
  registerAs(a, "alice");
  registerAs(b, "bob");
  hall->received(a.id, net::Find{Rule::Freestyle});
  hall->received(b.id, net::Find{Rule::Freestyle});
  env.advance(1s);
  auto ma = env.take<net::Matched>(a.id);
  auto mb = env.take<net::Matched>(b.id);
  ASSERT_TRUE(ma && mb);
  startMatch(a, *ma);
  startMatch(b, *mb);
  pump({&a, &b});
  Client& black = ma->youAreBlack ? a : b;
  ASSERT_EQ(black.match->playLocal({7, 7}), MoveError::None);
  pump({&a, &b});
  hall->closed(a.id, "connection reset");
  env.settle();
  auto away = env.take<net::OpponentAway>(b.id);
  ASSERT_TRUE(away);
  EXPECT_TRUE(away->away);
  env.advance(config.resumeWindow + 1s);
  pump({&b});
  auto rb = env.take<net::GameResult>(b.id);
  ASSERT_TRUE(rb);
  EXPECT_EQ(rb->reason, EndReason::Abandoned);
  EXPECT_EQ(rb->newScore, 1030);
}

TEST_F(HallTest, InvitationDeclinedReachesTheInviterAndAcceptedStartsAGame) {
  Client a = connect(), b = connect();
  registerAs(a, "alice");
  registerAs(b, "bob");
  net::RoomSettings s;
  s.color = net::SeatColor::Black;
  hall->received(a.id, net::Invite{"BOB", s});
  auto inv = env.take<net::Invited>(b.id);
  ASSERT_TRUE(inv);
  EXPECT_EQ(inv->from, "alice");
  hall->received(b.id, net::InviteReply{inv->inviteId, false, false});
  auto declined = env.take<net::Denied>(a.id);
  ASSERT_TRUE(declined);
  EXPECT_EQ(declined->code, net::DenyCode::InviteDeclined);
  // The same id again: gone.
  hall->received(b.id, net::InviteReply{inv->inviteId, true, false});
  auto gone = env.take<net::Denied>(b.id);
  ASSERT_TRUE(gone);
  EXPECT_EQ(gone->code, net::DenyCode::InviteGone);
  hall->received(a.id, net::Invite{"bob", s});
  inv = env.take<net::Invited>(b.id);
  ASSERT_TRUE(inv);
  hall->received(b.id, net::InviteReply{inv->inviteId, true, false});
  env.settle();
  auto ma = env.take<net::Matched>(a.id);
  ASSERT_TRUE(ma);
  EXPECT_TRUE(ma->youAreBlack);
  // Inviting oneself or nobody online is refused with its reason.
  Client c = connect();
  registerAs(c, "carol");
  hall->received(c.id, net::Invite{"Carol", s});
  auto self = env.take<net::Denied>(c.id);
  ASSERT_TRUE(self);
  EXPECT_EQ(self->code, net::DenyCode::Yourself);
  hall->received(c.id, net::Invite{"nobody", s});
  auto nobody = env.take<net::Denied>(c.id);
  ASSERT_TRUE(nobody);
  EXPECT_EQ(nobody->code, net::DenyCode::NoSuchPlayer);
}

TEST_F(HallTest, AForgedResultOrAStrayMoveChangesNothing) {
  Client a = connect(), b = connect();
  registerAs(a, "alice");
  registerAs(b, "bob");
  // A client cannot report a result: the server's message is refused, nothing is written.
  hall->received(a.id, net::GameResult{1, Outcome::BlackWins, EndReason::Five, true, 1000, 2000});
  auto d = env.take<net::Denied>(a.id);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->code, net::DenyCode::BadRequest);
  // A MOVE outside any game of its own goes nowhere.
  hall->received(a.id, net::Move{0, 7, 7});
  env.settle();
  EXPECT_TRUE(storage->gamesOf(storage->accountByKey(nameKey("alice"))->first.id, 50).empty());
  EXPECT_EQ(storage->accountByKey(nameKey("alice"))->first.score, 1000);
  // In a game, a forged five is judged by the server: a MOVE out of turn ends in ERROR for the
  // sender and the opponent's board stays as it was.
  hall->received(a.id, net::Find{Rule::Freestyle});
  hall->received(b.id, net::Find{Rule::Freestyle});
  env.advance(1s);
  auto ma = env.take<net::Matched>(a.id);
  auto mb = env.take<net::Matched>(b.id);
  ASSERT_TRUE(ma && mb);
  startMatch(a, *ma);
  startMatch(b, *mb);
  pump({&a, &b});
  Client& white = ma->youAreBlack ? b : a;
  Client& black = ma->youAreBlack ? a : b;
  hall->received(white.id, net::Move{0, 7, 7});  // White to move first: refused
  env.settle();
  auto e = env.take<net::Error>(white.id);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, net::ErrorCode::IllegalMove);
  pump({&black});
  EXPECT_EQ(black.match->game().ply(), 0);
}

// Found by fuzz_hall: a player whose connection closed after MATCHED but before its HELLO was
// used after the table's leaveGame had dropped it (Hall::closed), and the game's row stayed
// Ongoing for ever (no result from a table whose game never started).
TEST_F(HallTest, ClosedBeforeTheGameStartsLeavesNoOngoingGame) {
  Client a = connect(), b = connect();
  registerAs(a, "alice");
  registerAs(b, "bob");
  hall->received(a.id, net::Find{Rule::Freestyle});
  hall->received(b.id, net::Find{Rule::Freestyle});
  env.advance(1s);
  auto ma = env.take<net::Matched>(a.id);
  auto mb = env.take<net::Matched>(b.id);
  ASSERT_TRUE(ma && mb);
  hall->closed(a.id, "connection reset");  // before its HELLO
  env.advance(1s);
  EXPECT_EQ(hall->playersOnline(), 1u);
  EXPECT_EQ(hall->tablesOpen(), 0u);
  auto row = storage->game(static_cast<std::int64_t>(ma->gameId));
  ASSERT_TRUE(row);
  EXPECT_EQ(row->outcome, Outcome::Interrupted);
  EXPECT_EQ(storage->interruptUnfinished(env.unix), 0);
  // Bob is back in the hall and may look for a game again.
  env.inbox[b.id].clear();
  hall->received(b.id, net::Find{Rule::Freestyle});
  EXPECT_FALSE(env.take<net::Denied>(b.id));
}

// Found by fuzz_hall: a login taking over a silent connection whose game had not started yet
// used the player after the table had dropped it.
TEST_F(HallTest, TakeOverBeforeTheGameStartsLogsInAfresh) {
  Client a = connect(), b = connect();
  auto ra = registerAs(a, "alice");
  registerAs(b, "bob");
  hall->received(a.id, net::Find{Rule::Freestyle});
  hall->received(b.id, net::Find{Rule::Freestyle});
  env.advance(1s);
  ASSERT_TRUE(env.take<net::Matched>(a.id));
  env.advance(config.takeOverSilence + 1s);
  Client c = connect();
  hall->received(c.id, net::Login{net::LoginMethod::Token, "alice", ra.token});
  env.settle();
  auto r = env.take<net::LoginResult>(c.id);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, net::LoginStatus::Ok);
  EXPECT_TRUE(env.closedByHall.count(a.id));
  EXPECT_FALSE(env.take<net::Matched>(c.id));  // the game never started: nothing to resume
  EXPECT_EQ(hall->playersOnline(), 2u);
  hall->received(c.id, net::HallRequest{});
  EXPECT_TRUE(env.take<net::Stats>(c.id));
}

// ---- clocks ----------------------------------------------------------------------------------

TEST_F(HallTest, FindWithAClockPairsOnlyThatClockAndTheServerFlagsOnTime) {
  Client a = connect(), b = connect(), c = connect();
  registerAs(a, "alice", "password1", 3);
  registerAs(b, "bob", "password1", 3);
  registerAs(c, "carol", "password1", 3);
  const TimeControl perMove{ClockKind::PerMove, 0, 0, 2'000};
  hall->received(a.id, net::Find{Rule::Freestyle, perMove});
  hall->received(c.id, net::Find{Rule::Freestyle});  // no clock: another pool
  hall->received(b.id, net::Find{Rule::Freestyle, perMove});
  env.advance(1s);
  auto ma = env.take<net::Matched>(a.id);
  auto mb = env.take<net::Matched>(b.id);
  ASSERT_TRUE(ma && mb);
  EXPECT_FALSE(env.take<net::Matched>(c.id));
  EXPECT_EQ(ma->clock, perMove);
  EXPECT_EQ(mb->clock, perMove);
  startMatch(a, *ma, true);
  startMatch(b, *mb, true);
  pump({&a, &b});
  ASSERT_EQ(a.match->phase(), net::MatchPhase::Playing);
  EXPECT_EQ(a.match->gameClock().control(), perMove) << "SETUP carries the clock";
  Client& black = ma->youAreBlack ? a : b;
  Client& white = ma->youAreBlack ? b : a;
  env.advance(500ms);
  ASSERT_EQ(black.match->playLocal({7, 7}), MoveError::None);
  pump({&a, &b});
  // White does not move: the server flags it 1 s after its 2 s ran out.
  env.advance(2'999ms);
  pump({&a, &b});
  EXPECT_FALSE(env.take<net::GameResult>(white.id));
  env.advance(2ms);
  pump({&a, &b});
  EXPECT_EQ(white.match->game().result().reason, EndReason::Time);
  EXPECT_EQ(black.match->game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(white.match->sentError(), std::nullopt);
  auto rw = env.take<net::GameResult>(white.id);
  ASSERT_TRUE(rw);
  EXPECT_EQ(rw->reason, EndReason::Time);
  EXPECT_EQ(rw->outcome, Outcome::BlackWins);
  EXPECT_TRUE(rw->rated);
  EXPECT_LT(rw->newScore, rw->oldScore) << "a loss on time counts as any loss";
  auto row = storage->game(static_cast<std::int64_t>(rw->gameId));
  ASSERT_TRUE(row);
  EXPECT_EQ(row->reason, EndReason::Time);
  EXPECT_EQ(row->moves.size(), 1u);
}

TEST_F(HallTest, ClockedRoomsAndInvitationsNeedAProgramThatKnowsClocks) {
  Client a = connect(), old = connect(), b = connect();
  registerAs(a, "alice", "password1", 3);
  registerAs(old, "olaf");  // a 1.2 program: no minor in REGISTER
  registerAs(b, "bob", "password1", 3);
  net::RoomSettings s;
  s.clock = TimeControl{ClockKind::Fischer, 300'000, 5'000, 0};
  // A bad clock or an opening rule is refused with a typed reason.
  net::RoomSettings bad = s;
  bad.clock.moveMs = 1'000;
  hall->received(a.id, net::RoomCreate{bad});
  auto d = env.take<net::Denied>(a.id);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->code, net::DenyCode::BadRequest);
  EXPECT_EQ(d->detail, std::string("bad settings: ") + describe(SettingsProblem::Clock));
  hall->received(a.id, net::Find{Rule::Renju, {}, OpeningRule::Swap});
  d = env.take<net::Denied>(a.id);
  ASSERT_TRUE(d) << "swap is not a renju opening";
  EXPECT_EQ(d->request, net::MsgType::Find);
  EXPECT_EQ(d->detail, std::string("bad settings: ") + describe(SettingsProblem::Opening));
  // Nor to a room with an opening rule.
  net::RoomSettings swap2;
  swap2.opening = OpeningRule::Swap2;
  hall->received(a.id, net::RoomCreate{swap2});
  auto swapRoom = env.take<net::RoomCreated>(a.id);
  ASSERT_TRUE(swapRoom);
  hall->received(old.id, net::RoomJoin{swapRoom->code, false});
  d = env.take<net::Denied>(old.id);
  ASSERT_TRUE(d);
  EXPECT_NE(d->detail.find("opening rule"), std::string::npos) << d->detail;
  hall->received(a.id, net::CancelFind{});
  // An old program cannot be invited to a clocked game, nor join a clocked room.
  hall->received(a.id, net::Invite{"olaf", s});
  d = env.take<net::Denied>(a.id);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->code, net::DenyCode::BadRequest);
  EXPECT_FALSE(env.take<net::Invited>(old.id));
  hall->received(a.id, net::RoomCreate{s});
  auto room = env.take<net::RoomCreated>(a.id);
  ASSERT_TRUE(room);
  EXPECT_EQ(room->settings.clock, s.clock);
  hall->received(old.id, net::RoomJoin{room->code, false});
  d = env.take<net::Denied>(old.id);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->code, net::DenyCode::BadRequest);
  // A 1.3 program joins; both learn the clock.
  hall->received(b.id, net::RoomJoin{room->code, false});
  env.settle();
  auto ma = env.take<net::Matched>(a.id);
  auto mb = env.take<net::Matched>(b.id);
  ASSERT_TRUE(ma && mb);
  EXPECT_EQ(mb->clock, s.clock);
}

TEST_F(HallTest, FindWithSwapStoresAndRatesTheColoursTheOpeningGave) {
  Client a = connect(), b = connect(), c = connect();
  registerAs(a, "alice", "password1", 3);
  registerAs(b, "bob", "password1", 3);
  registerAs(c, "carol", "password1", 3);
  hall->received(a.id, net::Find{Rule::Freestyle, {}, OpeningRule::Swap});
  hall->received(c.id, net::Find{Rule::Freestyle});  // no opening rule: another pool
  hall->received(b.id, net::Find{Rule::Freestyle, {}, OpeningRule::Swap});
  env.advance(1s);
  auto ma = env.take<net::Matched>(a.id);
  auto mb = env.take<net::Matched>(b.id);
  ASSERT_TRUE(ma && mb);
  EXPECT_FALSE(env.take<net::Matched>(c.id));
  EXPECT_EQ(ma->opening, OpeningRule::Swap);
  EXPECT_EQ(mb->opening, OpeningRule::Swap);
  startMatch(a, *ma);
  startMatch(b, *mb);
  pump({&a, &b});
  Client& first = ma->youAreBlack ? a : b;  // the tentative Black places three stones
  Client& second = ma->youAreBlack ? b : a;
  ASSERT_NE(first.match->opening(), nullptr);
  const auto place = [](int x, int y) {
    net::OpeningAct act;
    act.action = net::OpeningAction::Place;
    act.points = {{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)}};
    return act;
  };
  for (const auto& [x, y] : {std::pair{7, 7}, std::pair{0, 0}, std::pair{7, 8}}) {
    ASSERT_EQ(first.match->openingAct(place(x, y)), OpeningError::None);
    pump({&a, &b});
  }
  net::OpeningAct take;
  take.action = net::OpeningAction::Choose;
  take.choice = OpeningChoice::TakeBlack;  // the second player takes Black: colours swap
  ASSERT_EQ(second.match->openingAct(take), OpeningError::None);
  pump({&a, &b});
  ASSERT_EQ(second.match->localColor(), Stone::Black);
  // White (the first player) moves 4th; Black (the second) makes five on column 7.
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(first.match->playLocal({0, i + 1}), MoveError::None);
    pump({&a, &b});
    ASSERT_EQ(second.match->playLocal({7, 9 + i}), MoveError::None);
    pump({&a, &b});
  }
  EXPECT_EQ(second.match->game().result().outcome, Outcome::BlackWins);
  auto rs = env.take<net::GameResult>(second.id);
  auto rf = env.take<net::GameResult>(first.id);
  ASSERT_TRUE(rs && rf);
  EXPECT_TRUE(rs->rated);
  EXPECT_GT(rs->newScore, rs->oldScore) << "the winner is who played Black after the swap";
  EXPECT_LT(rf->newScore, rf->oldScore);
  auto row = storage->game(static_cast<std::int64_t>(rs->gameId));
  ASSERT_TRUE(row);
  const std::string secondName = &second == &a ? "alice" : "bob";
  EXPECT_EQ(row->blackName, secondName) << "stored with the colours after the opening";
  EXPECT_EQ(row->outcome, Outcome::BlackWins);
  EXPECT_EQ(row->moves.size(), 9u);
  auto acc = storage->accountById(row->blackId);
  ASSERT_TRUE(acc);
  EXPECT_EQ(acc->name, secondName);
  EXPECT_EQ(acc->wins, 1u);
}

// Watching (protocol 1.5): the hall lists the game in progress; a logged-in player in the hall
// watches it and gets it as a P2P host's watcher does, config.watchDelay late; the players learn
// the count; a watcher who looks for a game of its own stops watching; the end says UNWATCH.
TEST_F(HallTest, WatchersFollowAGameFromTheHallWithTheDelay) {
  hall.reset();
  config.watchDelay = 10s;
  hall = std::make_unique<Hall>(env, *storage, config, 7);
  env.settle();
  Client a = connect(), b = connect(), w = connect(), v = connect();
  ASSERT_EQ(registerAs(a, "alice", "password1", net::kProtocolMinor).status, net::LoginStatus::Ok);
  ASSERT_EQ(registerAs(b, "bob", "password1", net::kProtocolMinor).status, net::LoginStatus::Ok);
  ASSERT_EQ(registerAs(w, "watcher", "password1", net::kProtocolMinor).status,
            net::LoginStatus::Ok);
  ASSERT_EQ(registerAs(v, "viewer", "password1", net::kProtocolMinor).status, net::LoginStatus::Ok);
  auto [blackP, whiteP] = matchedAndStarted(a, b);
  ASSERT_TRUE(blackP);
  Client& black = *blackP;
  Client& white = *whiteP;
  const std::string blackName = blackP == &a ? "alice" : "bob";
  ASSERT_EQ(black.match->playLocal({7, 7}), MoveError::None);
  pump({&a, &b});

  hall->received(w.id, net::LiveRequest{});
  auto live = env.take<net::LiveGames>(w.id);
  ASSERT_TRUE(live);
  ASSERT_EQ(live->total, 1u);
  ASSERT_EQ(live->games.size(), 1u);
  const net::LiveGame g = live->games[0];
  EXPECT_EQ(g.black, blackName);
  EXPECT_EQ(g.blackScore, 1000);
  EXPECT_EQ(g.moves, 1);
  EXPECT_EQ(g.watchers, 0);

  hall->received(w.id, net::WatchGame{g.id});
  pump({&a, &b});
  EXPECT_EQ(a.match->watchers(), 1) << "the players learn the count at once";
  EXPECT_EQ(b.match->watchers(), 1);
  EXPECT_FALSE(env.take<net::View>(w.id)) << "the watcher sees the game 10 s late";
  // The last VIEW that reached `c` by now, if any (a new watcher's count may follow its first).
  const auto lastView = [this](ConnId c) {
    std::optional<net::View> last;
    while (auto next = env.take<net::View>(c)) last = next;
    return last;
  };
  env.advance(10s + 100ms);
  auto view = lastView(w.id);
  ASSERT_TRUE(view);
  EXPECT_EQ(view->game.moves.size(), 1u);
  EXPECT_EQ(view->watchers, 1);
  EXPECT_EQ(view->game.setup.token, 0u);
  net::WatchSnapshot shown;
  ASSERT_FALSE(applyView(*view, 0, shown));
  EXPECT_EQ(shown.blackNickname(), blackName);

  // A move and a chat line: gathered, then 10 s late.
  ASSERT_EQ(white.match->playLocal({8, 8}), MoveError::None);
  ASSERT_FALSE(white.match->sendChat("你好"));
  pump({&a, &b});
  env.advance(1s);
  EXPECT_FALSE(env.take<net::View>(w.id));
  env.advance(10s);
  view = lastView(w.id);
  ASSERT_TRUE(view);
  EXPECT_EQ(view->game.moves.size(), 2u);
  auto line = env.take<net::WatchChat>(w.id);
  ASSERT_TRUE(line);
  EXPECT_TRUE(line->player);
  EXPECT_EQ(line->text, "你好");

  // Refusals: an unknown game; a watcher looking for a game of its own.
  hall->received(v.id, net::WatchGame{g.id + 100});
  auto denied = env.take<net::Denied>(v.id);
  ASSERT_TRUE(denied);
  EXPECT_EQ(denied->code, net::DenyCode::NoSuchGame);
  hall->received(v.id, net::WatchGame{g.id});
  env.advance(10s);
  ASSERT_TRUE(env.take<net::View>(v.id));
  hall->received(v.id, net::Find{Rule::Renju});  // stops watching
  pump({&a, &b});
  EXPECT_EQ(a.match->watchers(), 1);
  hall->received(v.id, net::WatchGame{g.id});
  denied = env.take<net::Denied>(v.id);
  ASSERT_TRUE(denied);
  EXPECT_EQ(denied->code, net::DenyCode::Busy);

  // The game ends and both leave: a last VIEW with the result, then UNWATCH.
  ASSERT_FALSE(white.match->resign());
  pump({&a, &b});
  a.match->leave();
  b.match->leave();
  pump({&a, &b});
  env.advance(11s);
  const std::optional<net::View> last = lastView(w.id);
  ASSERT_TRUE(last);
  EXPECT_EQ(last->state, net::ViewState::Finished);
  EXPECT_EQ(last->game.reason, EndReason::Resignation);
  auto un = env.take<net::Unwatch>(w.id);
  ASSERT_TRUE(un);
  EXPECT_EQ(un->id, g.id);
  hall->received(w.id, net::LiveRequest{});
  live = env.take<net::LiveGames>(w.id);
  ASSERT_TRUE(live);
  EXPECT_EQ(live->total, 0u);
}

// --- A cluster: two halls (nodes) over one database and one presence store ---

// The presence store that the nodes share, in memory: who holds each account, whose lease is
// alive, and whether the store answers at all.
struct PresenceStore {
  std::map<std::int64_t, std::string> holder;
  std::set<std::string> alive;
  bool up = true;
  std::map<std::string, std::vector<ListedPlayer>> published;  // by node
  test_support::MemoryQueue queue;                             // the FIND queue
  test_support::MemoryGames games;                             // running games
  std::map<std::string, std::deque<std::string>> inbox;        // by node
  // What is left of a live node's lease, for holderLeaseLeft (a node not in it: unknown).
  std::map<std::string, std::chrono::milliseconds> leaseLeft;
  // Nodes whose lease ends when a login asks how much of it is left: they die between a
  // claim that found them holding an account and that question.
  std::set<std::string> lapseWhenAsked;
};

class MemoryPresence : public Presence {
 public:
  MemoryPresence(PresenceStore& store, std::string self) : store_(store), self_(std::move(self)) {}
  Claim claim(std::int64_t account) override {
    if (!store_.up || !store_.alive.count(self_)) return Claim::Unavailable;  // no lease: none
    auto it = store_.holder.find(account);
    if (it != store_.holder.end() && it->second != self_ && store_.alive.count(it->second))
      return Claim::HeldElsewhere;
    store_.holder[account] = self_;
    return Claim::Claimed;
  }
  std::vector<Claim> claimAll(const std::vector<std::int64_t>& accounts) override {
    std::vector<Claim> out;
    for (std::int64_t a : accounts) out.push_back(claim(a));
    return out;
  }
  std::optional<std::chrono::milliseconds> holderLeaseLeft(std::int64_t account) override {
    auto h = store_.holder.find(account);
    if (store_.up && h != store_.holder.end() && store_.lapseWhenAsked.erase(h->second))
      store_.alive.erase(h->second);
    if (!store_.up || h == store_.holder.end() || !store_.alive.count(h->second)) return {};
    auto left = store_.leaseLeft.find(h->second);
    if (left == store_.leaseLeft.end()) return {};
    return left->second;
  }
  bool release(std::int64_t account) override {
    if (!store_.up) return false;
    auto it = store_.holder.find(account);
    if (it != store_.holder.end() && it->second == self_) store_.holder.erase(it);
    return true;
  }
  Renewal renew() override {
    if (!store_.up) return Renewal::Unavailable;
    bool lapsed = started_ && !store_.alive.count(self_);
    started_ = true;
    store_.alive.insert(self_);
    return lapsed ? Renewal::Lapsed : Renewal::Renewed;
  }
  void leave() override { store_.alive.erase(self_); }
  std::optional<std::vector<ListedPlayer>> exchangePlayers(
      const std::vector<ListedPlayer>& mine) override {
    if (!store_.up) return std::nullopt;
    store_.published[self_] = mine;
    std::vector<ListedPlayer> theirs;
    for (const auto& [node, list] : store_.published)
      if (node != self_ && store_.alive.count(node))
        for (ListedPlayer p : list) {
          p.node = node;
          theirs.push_back(std::move(p));
        }
    return theirs;
  }
  bool seek(const Seek& s) override {
    if (!store_.up) return false;
    store_.queue.seek(s);
    return true;
  }
  bool unseek(std::int64_t account) override {
    if (!store_.up) return false;
    store_.queue.unseek(account, self_);
    return true;
  }
  std::optional<std::vector<Seek>> seekers() override {
    if (!store_.up) return std::nullopt;
    return store_.queue.seekers(store_.alive);
  }
  std::optional<bool> takePair(const Seek& a, const Seek& b) override {
    if (!store_.up) return std::nullopt;
    return store_.queue.takePair(a, b);
  }
  bool post(const std::string& node, const std::string& message) override {
    if (!store_.up) return false;
    store_.inbox[node].push_back(message);
    return true;
  }
  std::optional<std::vector<std::string>> receive(std::chrono::milliseconds) override {
    if (!store_.up) return std::nullopt;
    auto& q = store_.inbox[self_];
    std::vector<std::string> out(q.begin(), q.end());
    q.clear();
    return out;
  }
  bool openGame(const std::string& key, const std::vector<std::int64_t>& accounts,
                const std::vector<std::string>& journal) override {
    if (!store_.up) return false;
    store_.games.open(self_, key, accounts, journal);
    return true;
  }
  JournalWrite writeJournal(const std::string& key, std::size_t at,
                            const std::vector<std::string>& entries) override {
    if (!store_.up) return JournalWrite::Unavailable;
    return store_.games.write(self_, key, at, entries);
  }
  std::optional<StoredGame> gameOf(std::int64_t account) override {
    if (!store_.up) return std::nullopt;
    return store_.games.gameOf(self_, store_.alive, account);
  }
  bool closeGame(const std::string& key, const std::vector<std::int64_t>& accounts) override {
    if (!store_.up) return false;
    store_.games.close(self_, key, accounts);
    return true;
  }
  std::optional<std::vector<std::string>> liveNodes() override {
    if (!store_.up) return std::nullopt;
    return std::vector<std::string>(store_.alive.begin(), store_.alive.end());
  }
  std::vector<JournalWrite> storeJournals(const std::vector<JournalJob>& jobs) override {
    batches.push_back(jobs.size());
    return Presence::storeJournals(jobs);
  }
  std::string receiveError() const override { return lastError(); }
  std::string self() const override { return self_; }
  std::vector<std::size_t> batches;  // the games of each storeJournals call
  std::string lastError() const override { return store_.up ? "" : "connection refused"; }

 private:
  PresenceStore& store_;
  std::string self_;
  bool started_ = false;
};

// A FakeEnv that can hold the cluster lane's jobs, to run them and their answers in an order
// the test chooses (the lane runs ahead of the hall's thread).
class ClusterEnv : public FakeEnv {
 public:
  bool holdCluster = false;
  std::deque<std::function<std::function<void()>()>> clusterJobs;
  bool holdJournal = false;  // Lane::Journal's jobs likewise
  std::deque<std::function<std::function<void()>()>> journalJobs;
  bool holdLease = false;  // Lane::Lease's jobs likewise
  std::deque<std::function<std::function<void()>()>> leaseJobs;
  void aside(Lane lane, std::function<std::function<void()>()> job) override {
    if (holdCluster && lane == Lane::Cluster)
      clusterJobs.push_back(std::move(job));
    else if (holdJournal && lane == Lane::Journal)
      journalJobs.push_back(std::move(job));
    else if (holdLease && lane == Lane::Lease)
      leaseJobs.push_back(std::move(job));
    else
      FakeEnv::aside(lane, std::move(job));
  }
  // Runs the held journal jobs (or lease jobs), and their answers on the hall's thread.
  void releaseJournal() { runHeld(holdJournal, journalJobs); }
  void releaseLease() { runHeld(holdLease, leaseJobs); }
  static void runHeld(bool& hold, std::deque<std::function<std::function<void()>()>>& jobs) {
    hold = false;
    while (!jobs.empty()) {
      auto job = std::move(jobs.front());
      jobs.pop_front();
      if (auto then = job()) then();
    }
  }
  // Runs the first held cluster job; returns its answer (to run on the hall's thread).
  std::function<void()> runClusterJob() {
    auto job = std::move(clusterJobs.front());
    clusterJobs.pop_front();
    auto then = job();
    return then ? then : [] {};
  }
};

class ClusterHallTest : public ::testing::Test {
 protected:
  struct Node {
    ClusterEnv env;
    std::unique_ptr<MemoryPresence> presence;
    std::unique_ptr<Hall> hall;
    bool dead = false;  // killed (kill -9): nothing of it runs any more
  };
  void SetUp() override {
    dir = std::filesystem::temp_directory_path() /
          ("gomoku-cluster-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
           "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    storage = openStorage((dir / "server.db").string());
    for (int i = 0; i < 2; ++i) {
      nodes[i].presence = std::make_unique<MemoryPresence>(store, "node-" + std::to_string(i));
      nodes[i].hall =
          std::make_unique<Hall>(nodes[i].env, *storage, config, 7, nodes[i].presence.get());
      nodes[i].env.settle();
    }
  }
  void TearDown() override {
    for (auto& n : nodes) n.hall.reset();
    storage.reset();
    std::filesystem::remove_all(dir);
  }
  ConnId connect(int node) {
    ConnId c = nextConn++;
    nodes[node].hall->connected(c, "127.0.0.1");
    EXPECT_TRUE(nodes[node].env.take<net::Welcome>(c));
    return c;
  }
  net::LoginResult answer(int node, ConnId c) {
    nodes[node].env.settle();
    auto r = nodes[node].env.take<net::LoginResult>(c);
    EXPECT_TRUE(r);
    return r.value_or(net::LoginResult{});
  }
  net::LoginResult registerOn(int node, ConnId c, const std::string& name) {
    nodes[node].hall->received(c, net::Register{name, "password1", 0});
    return answer(node, c);
  }
  // The PLAYERS answer to a HALL_REQUEST of connection c on `node`.
  std::optional<net::Players> playersSeen(int node, ConnId c) {
    nodes[node].hall->received(c, net::HallRequest{});
    nodes[node].env.settle();
    return nodes[node].env.take<net::Players>(c);
  }
  net::LoginResult loginOn(int node, ConnId c, const std::string& name, std::uint8_t minor = 0) {
    nodes[node].hall->received(c, net::Login{net::LoginMethod::Password, name, "password1", minor});
    return answer(node, c);
  }
  // A client on a node, with its Match as the joiner once matched.
  struct Member {
    int node = 0;
    ConnId id = 0;
    std::unique_ptr<net::Match> match;
    std::deque<net::Message> out;  // what its Match sends to the server
  };
  void startMatch(Member& c, const net::Matched& m) {
    net::MatchSettings s;
    s.role = net::Role::Joiner;
    s.nickname = "me";
    s.serverKeepsTime = true;
    s.resumeToken = m.resumeToken;
    Member* self = &c;
    c.match = std::make_unique<net::Match>(
        s, [self](const net::Message& msg) { self->out.push_back(msg); }, [] {},
        [](net::MatchEvent) {});
    c.match->setClock([this] { return clientClock; });
    c.match->connected();
  }
  // alice (node 0) and bob (node 1) register and look for a game; node 0 pairs them and owns
  // the game; both Matches start. ma, mb: what each was told (MATCHED).
  void gameAcrossNodes(Member& a, Member& b, std::optional<net::Matched>& ma,
                       std::optional<net::Matched>& mb) {
    ASSERT_EQ(registerOn(0, a.id, "alice").status, net::LoginStatus::Ok);
    ASSERT_EQ(registerOn(1, b.id, "bob").status, net::LoginStatus::Ok);
    nodes[0].hall->received(a.id, net::Find{Rule::Freestyle});
    nodes[1].hall->received(b.id, net::Find{Rule::Freestyle});
    pump({&a, &b});
    nodes[0].env.advance(config.waveInterval);
    pump({&a, &b});
    ma = nodes[0].env.take<net::Matched>(a.id);
    mb = nodes[1].env.take<net::Matched>(b.id);
    ASSERT_TRUE(ma && mb);
    startMatch(a, *ma);
    startMatch(b, *mb);
    pump({&a, &b});
  }
  // alice and bob both on node 0 (registered with protocol minor `minor`) look for `find`;
  // node 0 pairs them and runs the game; both Matches start.
  void gameOnNode0(Member& a, Member& b, std::optional<net::Matched>& ma,
                   std::optional<net::Matched>& mb, const net::Find& find = {},
                   std::uint8_t minor = 0,
                   std::pair<std::string, std::string> names = {"alice", "bob"}) {
    for (Member* m : {&a, &b}) {
      nodes[0].hall->received(
          m->id, net::Register{m == &a ? names.first : names.second, "password1", minor});
      ASSERT_EQ(answer(0, m->id).status, net::LoginStatus::Ok);
      nodes[0].hall->received(m->id, find);
    }
    pump({&a, &b});
    nodes[0].env.advance(config.waveInterval);
    pump({&a, &b});
    ma = nodes[0].env.take<net::Matched>(a.id);
    mb = nodes[0].env.take<net::Matched>(b.id);
    ASSERT_TRUE(ma && mb);
    startMatch(a, *ma);
    startMatch(b, *mb);
    pump({&a, &b});
  }
  // Node `n` is killed (kill -9): nothing of it runs any more, its lease is gone, and the
  // connections of its clients in `lost` drop.
  void kill(int n, std::vector<Member*> lost) {
    nodes[n].dead = true;
    store.alive.erase("node-" + std::to_string(n));
    for (Member* m : lost) m->match->connectionLost("the node was killed");
  }
  // Client m logs in again on `node` and resumes its game there; `matched`, if given, gets
  // what the node answered (MATCHED).
  void resumeOn(int node, Member& m, const std::string& name, std::uint8_t minor = 0,
                std::optional<net::Matched>* matched = nullptr) {
    m.node = node;
    m.id = connect(node);
    ASSERT_EQ(loginOn(node, m.id, name, minor).status, net::LoginStatus::Ok);
    auto again = nodes[node].env.take<net::Matched>(m.id);
    ASSERT_TRUE(again);
    if (matched) *matched = again;
    m.match->reconnected();
  }
  // Runs both nodes, the messages between them and the clients' until nothing moves.
  void pump(std::vector<Member*> clients) {
    for (bool moved = true; moved;) {
      moved = false;
      for (auto& n : nodes) {
        if (n.dead) continue;
        n.env.settle();
        auto got = n.presence->receive(0ms);
        if (got && !got->empty()) {
          n.hall->fromNodes(*got);
          moved = true;
        }
        n.env.settle();
      }
      for (const auto& [node, q] : store.inbox) moved = moved || !q.empty();  // posted just now
      for (Member* c : clients) {
        Node& n = nodes[c->node];
        if (n.dead) continue;
        while (!c->out.empty()) {
          net::Message m = c->out.front();
          c->out.pop_front();
          n.hall->received(c->id, m);
          moved = true;
        }
        n.env.settle();
        auto& q = n.env.inbox[c->id];
        for (auto it = q.begin(); it != q.end();) {
          int type = static_cast<int>(net::typeOf(*it));
          if (c->match && type < 64 && !std::holds_alternative<net::Heartbeat>(*it)) {
            net::Message m = *it;
            it = q.erase(it);
            c->match->receive(m);
            moved = true;
          } else {
            ++it;
          }
        }
      }
    }
  }

  std::filesystem::path dir;
  std::unique_ptr<Storage> storage;
  HallConfig config;
  PresenceStore store;
  Node nodes[2];
  Clock::time_point clientClock = Clock::time_point{} + 1000h;  // the clients' clocks
  ConnId nextConn = 1;
};

TEST_F(ClusterHallTest, ASecondLoginOnAnotherNodeIsRefused) {
  ConnId a = connect(0);
  ASSERT_EQ(registerOn(0, a, "alice").status, net::LoginStatus::Ok);
  ConnId b = connect(1);
  auto second = loginOn(1, b, "alice");
  EXPECT_EQ(second.status, net::LoginStatus::AlreadySignedIn);
  EXPECT_EQ(second.detail, "This account is already signed in on another computer");
  EXPECT_FALSE(nodes[0].env.closedByHall.count(a));
  EXPECT_EQ(nodes[1].hall->playersOnline(), 0u);
}

TEST_F(ClusterHallTest, ALoginWaitsForTheLeaseOfANodeThatStoppedRenewing) {
  ConnId a = connect(0);
  ASSERT_EQ(registerOn(0, a, "alice").status, net::LoginStatus::Ok);
  // Node 0's lease is nearly full (it renews on time): a second login is refused at once.
  store.leaseLeft["node-0"] = config.nodeLease * 9 / 10;
  ConnId b = connect(1);
  EXPECT_EQ(loginOn(1, b, "alice").status, net::LoginStatus::AlreadySignedIn);
  // Its renewals stopped (a third of its lease is left): the login waits for the lease.
  store.leaseLeft["node-0"] = config.nodeLease / 3;
  nodes[1].hall->received(b, net::Login{net::LoginMethod::Password, "alice", "password1", 0});
  nodes[1].env.settle();
  EXPECT_FALSE(nodes[1].env.take<net::LoginResult>(b));
  // It was alive after all, renewing late: refused when the lease would have run out.
  nodes[1].env.advance(config.nodeLease / 3 + 100ms);
  auto late = nodes[1].env.take<net::LoginResult>(b);
  ASSERT_TRUE(late);
  EXPECT_EQ(late->status, net::LoginStatus::AlreadySignedIn);
  // Now it is dead (killed): the login that waited is admitted once its lease is gone; one
  // whose connection closed while it waited is forgotten.
  ConnId d = connect(1);
  for (ConnId x : {b, d})
    nodes[1].hall->received(x, net::Login{net::LoginMethod::Password, "alice", "password1", 0});
  nodes[1].env.settle();
  EXPECT_FALSE(nodes[1].env.take<net::LoginResult>(b));
  nodes[1].hall->closed(d, "gone");
  store.alive.erase("node-0");
  nodes[1].env.advance(config.nodeLease / 3 + 100ms);
  auto taken = nodes[1].env.take<net::LoginResult>(b);
  ASSERT_TRUE(taken);
  EXPECT_EQ(taken->status, net::LoginStatus::Ok);
  EXPECT_FALSE(nodes[1].env.take<net::LoginResult>(d));
  EXPECT_EQ(store.holder.at(1), "node-1");
  EXPECT_EQ(nodes[1].hall->playersOnline(), 1u);
}

TEST_F(ClusterHallTest, ALoginClaimsAgainWhenTheHoldersLeaseEndsMeanwhile) {
  ConnId a = connect(0);
  ASSERT_EQ(registerOn(0, a, "alice").status, net::LoginStatus::Ok);
  // Node 0 holds alice when node 1's claim asks, and its lease is gone when node 1 then asks
  // how much of it is left: the account is free, and the login takes it at once.
  store.leaseLeft["node-0"] = config.nodeLease * 9 / 10;
  store.lapseWhenAsked.insert("node-0");
  ConnId b = connect(1);
  EXPECT_EQ(loginOn(1, b, "alice").status, net::LoginStatus::Ok);
  EXPECT_EQ(store.holder.at(1), "node-1");
  EXPECT_EQ(nodes[1].hall->playersOnline(), 1u);
}

TEST_F(ClusterHallTest, TheHallListsThePlayersOfEveryNode) {
  ConnId a = connect(0), b = connect(1);
  ASSERT_EQ(registerOn(0, a, "alice").status, net::LoginStatus::Ok);
  ASSERT_EQ(registerOn(1, b, "bob").status, net::LoginStatus::Ok);
  nodes[1].env.advance(config.nodeLease / 3);  // bob's node publishes its players
  nodes[0].env.advance(config.nodeLease / 3);  // alice's node publishes, and reads bob's
  nodes[0].env.inbox[a].clear();
  auto list = playersSeen(0, a);
  ASSERT_TRUE(list);
  EXPECT_EQ(list->total, 2u);
  std::set<std::string> names;
  for (const auto& e : list->players) names.insert(e.name);
  EXPECT_EQ(names, (std::set<std::string>{"alice", "bob"}));
  // While the store is away the other nodes' players cannot be known: not listed.
  store.up = false;
  nodes[0].env.advance(config.nodeLease / 3);
  list = playersSeen(0, a);
  ASSERT_TRUE(list);
  EXPECT_EQ(list->total, 1u);
  store.up = true;
  nodes[0].env.advance(config.nodeLease / 3);
  list = playersSeen(0, a);
  ASSERT_TRUE(list);
  EXPECT_EQ(list->total, 2u);
  // Bob's node is killed: once its lease is gone, he is no longer listed.
  store.alive.erase("node-1");
  nodes[0].env.advance(config.nodeLease / 3);
  list = playersSeen(0, a);
  ASSERT_TRUE(list);
  EXPECT_EQ(list->total, 1u);
}

TEST_F(ClusterHallTest, TheHallListsTheBestScoredOfThousandsOnceEach) {
  ConnId a = connect(0);
  ASSERT_EQ(registerOn(0, a, "alice").status, net::LoginStatus::Ok);  // account 1
  // Two other nodes list 2 000 players; some are on both lists (moving between nodes), and
  // one of them claims alice, who is here.
  std::vector<ListedPlayer> two, three;
  for (std::int64_t id = 100; id < 2100; ++id) {
    ListedPlayer p{id, {"p" + std::to_string(id), static_cast<std::int32_t>(id % 97), {}}, {}};
    (id % 2 ? two : three).push_back(p);
    if (id % 10 == 0) (id % 2 ? three : two).push_back(p);
  }
  two.push_back({1, {"alice", 5000, net::PlayerState::Hall}, {}});
  store.published["node-2"] = two;
  store.published["node-3"] = three;
  store.alive.insert({"node-2", "node-3"});
  nodes[0].env.advance(config.nodeLease / 3);
  nodes[0].env.inbox[a].clear();  // the list of the login
  auto list = playersSeen(0, a);
  ASSERT_TRUE(list);
  EXPECT_EQ(list->total, 2001u);
  ASSERT_EQ(list->players.size(), net::kMaxPlayersListed);
  // Best score first, then the older account: alice as this node knows her (1 000, not the
  // other list's 5 000), then scores 96 (ids 193, 290, ...), and so on.
  EXPECT_EQ(list->players[0].name, "alice");
  EXPECT_EQ(list->players[0].score, config.initialScore);
  std::vector<std::pair<std::int32_t, std::int64_t>> want;
  for (std::int64_t id = 100; id < 2100; ++id)
    want.push_back({-static_cast<std::int32_t>(id % 97), id});
  std::sort(want.begin(), want.end());
  want.insert(want.begin(), {0, 0});  // alice's place
  for (std::size_t i = 1; i < list->players.size(); ++i) {
    EXPECT_EQ(list->players[i].name, "p" + std::to_string(want[i].second)) << i;
    EXPECT_EQ(list->players[i].score, -want[i].first) << i;
  }
}

TEST_F(ClusterHallTest, APlayerWhoLeftMayLogInOnAnotherNode) {
  ConnId a = connect(0);
  ASSERT_EQ(registerOn(0, a, "alice").status, net::LoginStatus::Ok);
  nodes[0].hall->closed(a, "gone");
  nodes[0].env.settle();
  EXPECT_FALSE(store.holder.count(1));
  ConnId b = connect(1);
  EXPECT_EQ(loginOn(1, b, "alice").status, net::LoginStatus::Ok);
  EXPECT_EQ(store.holder.at(1), "node-1");
}

TEST_F(ClusterHallTest, APlayerOfANodeWhoseLeaseRanOutIsTakenOver) {
  ConnId a = connect(0);
  ASSERT_EQ(registerOn(0, a, "alice").status, net::LoginStatus::Ok);
  store.alive.erase("node-0");  // node 0 was killed: its lease ran out
  ConnId b = connect(1);
  EXPECT_EQ(loginOn(1, b, "alice").status, net::LoginStatus::Ok);
  EXPECT_EQ(store.holder.at(1), "node-1");
}

TEST_F(ClusterHallTest, AStoppedNodeFreesItsPlayersAtOnce) {
  ConnId a = connect(0);
  ASSERT_EQ(registerOn(0, a, "alice").status, net::LoginStatus::Ok);
  bool stopped = false;
  nodes[0].hall->stop([&] { stopped = true; });
  nodes[0].env.settle();
  EXPECT_TRUE(stopped);
  ConnId b = connect(1);
  EXPECT_EQ(loginOn(1, b, "alice").status, net::LoginStatus::Ok);
}

TEST_F(ClusterHallTest, WithTheStoreDownNewLoginsGetAClearMessageAndPlayersStay) {
  ConnId a = connect(0);
  ASSERT_EQ(registerOn(0, a, "alice").status, net::LoginStatus::Ok);
  ConnId bob = connect(0);
  ASSERT_EQ(registerOn(0, bob, "bob").status, net::LoginStatus::Ok);
  nodes[0].hall->closed(bob, "gone");
  store.up = false;
  nodes[0].env.advance(config.nodeLease);  // renewals fail meanwhile
  ConnId b = connect(0);
  auto busy = loginOn(0, b, "bob");
  EXPECT_EQ(busy.status, net::LoginStatus::ServerBusy);
  EXPECT_EQ(busy.detail, "The server is having trouble; try again in a minute");
  EXPECT_EQ(nodes[0].hall->playersOnline(), 1u);  // alice stays
  EXPECT_FALSE(nodes[0].env.closedByHall.count(a));
  bool logged = false;
  for (const auto& l : nodes[0].env.lines) logged |= l.find("does not answer") != std::string::npos;
  EXPECT_TRUE(logged);
  // A registration is refused before an account is made: the name stays free.
  ConnId c = connect(0);
  EXPECT_EQ(registerOn(0, c, "carol").status, net::LoginStatus::ServerBusy);
  // The store is back: after the next renewal a login goes through, with nothing to do by hand.
  store.up = true;
  nodes[0].env.advance(config.nodeLease / 3);
  EXPECT_EQ(loginOn(0, b, "bob").status, net::LoginStatus::Ok);
  EXPECT_EQ(registerOn(0, c, "carol").status, net::LoginStatus::Ok);
}

TEST_F(ClusterHallTest, ATakeOverOnTheSameNodeKeepsTheAccountHeld) {
  // Alice is matched (the game not started yet) and goes quiet; her new login on the same node
  // takes over, which ends the unstarted game and drops her old self, releasing the account.
  // The new login must hold it again afterwards.
  ConnId a = connect(0), b = connect(0);
  ASSERT_EQ(registerOn(0, a, "alice").status, net::LoginStatus::Ok);
  ASSERT_EQ(registerOn(0, b, "bob").status, net::LoginStatus::Ok);
  nodes[0].hall->received(a, net::Find{Rule::Freestyle});
  nodes[0].hall->received(b, net::Find{Rule::Freestyle});
  nodes[0].env.advance(config.waveInterval);
  ASSERT_TRUE(nodes[0].env.take<net::Matched>(a));
  nodes[0].env.clock += config.takeOverSilence + 1s;
  ConnId a2 = connect(0);
  EXPECT_EQ(loginOn(0, a2, "alice").status, net::LoginStatus::Ok);
  EXPECT_TRUE(nodes[0].env.closedByHall.count(a));
  ASSERT_EQ(store.holder.count(1), 1u);
  EXPECT_EQ(store.holder.at(1), "node-0");
  ConnId other = connect(1);
  EXPECT_EQ(loginOn(1, other, "alice").status, net::LoginStatus::AlreadySignedIn);
}

TEST_F(ClusterHallTest, AFailedReleaseIsTriedAgainOnceTheStoreAnswers) {
  ConnId a = connect(0);
  ASSERT_EQ(registerOn(0, a, "alice").status, net::LoginStatus::Ok);
  store.up = false;
  nodes[0].hall->closed(a, "gone");
  nodes[0].env.settle();
  EXPECT_EQ(store.holder.count(1), 1u);  // still held: the release did not get through
  store.up = true;
  nodes[0].env.advance(config.nodeLease / 3);  // a good renewal: the release again
  EXPECT_EQ(store.holder.count(1), 0u);
  ConnId b = connect(1);
  EXPECT_EQ(loginOn(1, b, "alice").status, net::LoginStatus::Ok);
}

TEST_F(ClusterHallTest, AfterTheStoreWasAwayEveryPlayerIsClaimedAgain) {
  // The store comes back without the account (it restarted empty, or the answer that would
  // have said the lease lapsed got lost); the node's lease is renewed without a lapse, but
  // its players are claimed again all the same.
  ConnId a = connect(0);
  ASSERT_EQ(registerOn(0, a, "alice").status, net::LoginStatus::Ok);
  store.up = false;
  nodes[0].env.advance(config.nodeLease / 3);  // a failed renewal
  store.holder.clear();
  store.up = true;
  nodes[0].env.advance(config.nodeLease / 3);
  ASSERT_EQ(store.holder.count(1), 1u);
  EXPECT_EQ(store.holder.at(1), "node-0");
  ConnId b = connect(1);
  EXPECT_EQ(loginOn(1, b, "alice").status, net::LoginStatus::AlreadySignedIn);
}

TEST_F(ClusterHallTest, AfterALapsedLeaseAPlayerSignedInElsewhereIsReplacedHere) {
  ConnId a = connect(0);
  ASSERT_EQ(registerOn(0, a, "alice").status, net::LoginStatus::Ok);
  ConnId c = connect(0);
  ASSERT_EQ(registerOn(0, c, "carol").status, net::LoginStatus::Ok);
  // Node 0 loses the store for longer than its lease; alice logs in on node 1 meanwhile.
  store.alive.erase("node-0");
  ConnId b = connect(1);
  ASSERT_EQ(loginOn(1, b, "alice").status, net::LoginStatus::Ok);
  // Node 0's next renewal finds its lease lapsed and claims its players again.
  nodes[0].env.advance(config.nodeLease / 3);
  auto replaced = nodes[0].env.take<net::Error>(a);
  ASSERT_TRUE(replaced);
  EXPECT_EQ(replaced->code, net::ErrorCode::Replaced);
  EXPECT_TRUE(nodes[0].env.closedByHall.count(a));
  EXPECT_FALSE(nodes[0].env.closedByHall.count(c));  // carol stays, held by node 0 again
  EXPECT_EQ(store.holder.at(2), "node-0");
  EXPECT_EQ(store.holder.at(1), "node-1");
}

TEST_F(ClusterHallTest, AClaimAnsweredAfterAReleaseIsMadeAgain) {
  // Two logins of alice on node 0 queue their claims; the first is admitted and leaves, which
  // queues a release behind the second claim. The second claim then succeeds in the store but
  // the release removes it: its answer must not admit alice unheld.
  auto& env = nodes[0].env;
  ConnId a = connect(0);
  ASSERT_EQ(registerOn(0, a, "alice").status, net::LoginStatus::Ok);
  nodes[0].hall->closed(a, "gone");
  env.settle();
  env.holdCluster = true;
  ConnId b = connect(0), c = connect(0);
  nodes[0].hall->received(b, net::Login{net::LoginMethod::Password, "alice", "password1"});
  nodes[0].hall->received(c, net::Login{net::LoginMethod::Password, "alice", "password1"});
  env.settle();
  ASSERT_EQ(env.clusterJobs.size(), 2u);  // the two claims
  env.runClusterJob()();                  // b's claim, answered: b is admitted
  ASSERT_EQ(env.take<net::LoginResult>(b)->status, net::LoginStatus::Ok);
  nodes[0].hall->closed(b, "gone");  // its release is queued behind c's claim
  auto claimed = env.runClusterJob();
  auto released = env.runClusterJob();
  EXPECT_FALSE(store.holder.count(1));
  claimed();
  released();
  while (!env.clusterJobs.empty()) env.runClusterJob()();
  env.settle();
  auto r = env.take<net::LoginResult>(c);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, net::LoginStatus::Ok);
  ASSERT_EQ(store.holder.count(1), 1u);
  EXPECT_EQ(store.holder.at(1), "node-0");
}

TEST_F(ClusterHallTest, PlayersOnTwoNodesArePairedPlayToFiveAndTheLadderMovesOnce) {
  Member a{0, connect(0), nullptr, {}}, b{1, connect(1), nullptr, {}};
  ASSERT_EQ(registerOn(0, a.id, "alice").status, net::LoginStatus::Ok);
  ASSERT_EQ(registerOn(1, b.id, "bob").status, net::LoginStatus::Ok);
  nodes[0].hall->received(a.id, net::Find{Rule::Freestyle});
  nodes[1].hall->received(b.id, net::Find{Rule::Freestyle});
  pump({&a, &b});
  // Node 0 waves first and takes the pair: it owns the game, bob is its guest. Node 1's wave
  // then finds nobody left to pair.
  nodes[0].env.advance(config.waveInterval);
  nodes[1].env.advance(config.waveInterval);
  pump({&a, &b});
  EXPECT_TRUE(store.queue.seeking.empty());
  auto ma = nodes[0].env.take<net::Matched>(a.id);
  auto mb = nodes[1].env.take<net::Matched>(b.id);
  ASSERT_TRUE(ma && mb);
  EXPECT_EQ(ma->gameId, mb->gameId);
  EXPECT_NE(ma->youAreBlack, mb->youAreBlack);
  EXPECT_EQ(ma->opponent, "bob");
  EXPECT_EQ(mb->opponent, "alice");
  EXPECT_EQ(nodes[0].hall->tablesOpen(), 1u);
  EXPECT_EQ(nodes[1].hall->tablesOpen(), 0u);
  startMatch(a, *ma);
  startMatch(b, *mb);
  pump({&a, &b});
  ASSERT_EQ(a.match->phase(), net::MatchPhase::Playing);
  ASSERT_EQ(b.match->phase(), net::MatchPhase::Playing);
  Member& black = ma->youAreBlack ? a : b;
  Member& white = ma->youAreBlack ? b : a;
  // Bob plays on node 0's table; on his own node he is busy: carol cannot invite him.
  ConnId carol = connect(1);
  ASSERT_EQ(registerOn(1, carol, "carol").status, net::LoginStatus::Ok);
  nodes[1].hall->received(carol, net::Invite{"bob", {}});
  nodes[1].env.settle();
  auto busy = nodes[1].env.take<net::Denied>(carol);
  ASSERT_TRUE(busy);
  EXPECT_EQ(busy->code, net::DenyCode::PlayerBusy);
  for (int i = 0; i < 5; ++i) {
    ASSERT_EQ(black.match->playLocal({i, 7}), MoveError::None);
    pump({&a, &b});
    if (i < 4) {
      ASSERT_EQ(white.match->playLocal({i, 9}), MoveError::None);
      pump({&a, &b});
    }
  }
  EXPECT_EQ(a.match->game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(b.match->game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(a.match->game().moves(), b.match->game().moves());
  auto rb = nodes[black.node].env.take<net::GameResult>(black.id);
  auto rw = nodes[white.node].env.take<net::GameResult>(white.id);
  ASSERT_TRUE(rb && rw);
  EXPECT_EQ(rb->newScore, 1030);
  EXPECT_EQ(rw->newScore, 970);
  auto row = storage->game(static_cast<std::int64_t>(rb->gameId));
  ASSERT_TRUE(row);
  EXPECT_EQ(row->outcome, Outcome::BlackWins);
  EXPECT_EQ(row->moves.size(), 9u);
  for (const char* name : {"alice", "bob"}) {
    auto acc = storage->accountByKey(nameKey(name));
    ASSERT_TRUE(acc);
    EXPECT_EQ(acc->first.games, 1u) << name;  // rated once
  }
  // Both leave the game: back in their halls, each listed once, as in the hall.
  black.match->leave();
  white.match->leave();
  pump({&a, &b});
  EXPECT_FALSE(nodes[0].env.closedByHall.count(a.id));  // nobody signed out by the crossing
  EXPECT_FALSE(nodes[1].env.closedByHall.count(b.id));
  EXPECT_EQ(nodes[0].hall->tablesOpen(), 0u);
  EXPECT_EQ(nodes[0].hall->playersOnline(), 1u);  // the guest went home
  nodes[1].env.advance(config.nodeLease / 3);
  nodes[0].env.advance(config.nodeLease / 3);
  nodes[0].env.inbox[a.id].clear();
  auto list = playersSeen(0, a.id);
  ASSERT_TRUE(list);
  ASSERT_EQ(list->total, 3u);  // with carol
  for (const auto& e : list->players) EXPECT_EQ(e.state, net::PlayerState::Hall) << e.name;
  // Bob's stats on his node follow the game.
  nodes[1].env.inbox[b.id].clear();
  nodes[1].hall->received(b.id, net::HallRequest{});
  nodes[1].env.settle();
  auto stats = nodes[1].env.take<net::Stats>(b.id);
  ASSERT_TRUE(stats);
  EXPECT_EQ(stats->stats.games, 1u);
}

TEST_F(ClusterHallTest, AnInvitationReachesAPlayerOnAnotherNodeAndItsGameRunsThere) {
  // Issue 22: invitations across nodes. alice (node 0) invites bob (node 1): bob's node shows
  // it; a decline reaches alice; an acceptance starts the game on alice's node, bob its guest.
  Member a{0, connect(0), nullptr, {}}, b{1, connect(1), nullptr, {}};
  ASSERT_EQ(registerOn(0, a.id, "alice").status, net::LoginStatus::Ok);
  ASSERT_EQ(registerOn(1, b.id, "bob").status, net::LoginStatus::Ok);
  nodes[1].env.advance(config.nodeLease / 3);  // the nodes learn each other's players
  nodes[0].env.advance(config.nodeLease / 3);
  pump({&a, &b});
  net::RoomSettings settings;
  settings.color = net::SeatColor::Black;
  nodes[0].hall->received(a.id, net::Invite{"Bob", settings});
  pump({&a, &b});
  auto invited = nodes[1].env.take<net::Invited>(b.id);
  ASSERT_TRUE(invited);
  EXPECT_EQ(invited->from, "alice");
  EXPECT_EQ(invited->settings, settings);
  nodes[1].hall->received(b.id, net::InviteReply{invited->inviteId, false, false});
  pump({&a, &b});
  auto declined = nodes[0].env.take<net::Denied>(a.id);
  ASSERT_TRUE(declined);
  EXPECT_EQ(declined->code, net::DenyCode::InviteDeclined);
  EXPECT_EQ(declined->detail, "bob declined");
  // A second invitation, accepted (both tick Rated).
  nodes[0].hall->received(a.id, net::Invite{"bob", settings});
  pump({&a, &b});
  invited = nodes[1].env.take<net::Invited>(b.id);
  ASSERT_TRUE(invited);
  // An answer to an invitation that is not (or no longer) there changes nothing.
  nodes[1].hall->received(b.id, net::InviteReply{invited->inviteId + 1000, true, true});
  pump({&a, &b});
  EXPECT_TRUE(nodes[1].env.take<net::Denied>(b.id));
  nodes[1].hall->received(b.id, net::InviteReply{invited->inviteId, true, false});
  pump({&a, &b});
  auto ma = nodes[0].env.take<net::Matched>(a.id);
  auto mb = nodes[1].env.take<net::Matched>(b.id);
  ASSERT_TRUE(ma && mb);
  EXPECT_EQ(ma->gameId, mb->gameId);
  EXPECT_TRUE(ma->youAreBlack);  // alice chose Black
  EXPECT_FALSE(ma->rated);       // bob did not tick Rated
  EXPECT_EQ(nodes[0].hall->tablesOpen(), 1u);
  EXPECT_EQ(nodes[1].hall->tablesOpen(), 0u);
  startMatch(a, *ma);
  startMatch(b, *mb);
  pump({&a, &b});
  for (int i = 0; i < 5; ++i) {
    ASSERT_EQ(a.match->playLocal({i, 7}), MoveError::None);
    pump({&a, &b});
    if (i < 4) {
      ASSERT_EQ(b.match->playLocal({i, 9}), MoveError::None);
      pump({&a, &b});
    }
  }
  EXPECT_EQ(b.match->game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(a.match->game().moves(), b.match->game().moves());
  // While bob plays there, his node refuses him a third invitation as busy.
  ConnId carol = connect(0);
  ASSERT_EQ(registerOn(0, carol, "carol").status, net::LoginStatus::Ok);
  nodes[1].env.advance(config.nodeLease / 3);
  nodes[0].env.advance(config.nodeLease / 3);
  pump({&a, &b});
  nodes[0].hall->received(carol, net::Invite{"bob", {}});
  pump({&a, &b});
  auto busy = nodes[0].env.take<net::Denied>(carol);
  ASSERT_TRUE(busy);
  EXPECT_EQ(busy->code, net::DenyCode::PlayerBusy);
}

TEST_F(ClusterHallTest, AGuestWhoDroppedResumesItsGameThroughItsNode) {
  Member a{0, connect(0), nullptr, {}}, b{1, connect(1), nullptr, {}};
  std::optional<net::Matched> ma, mb;
  ASSERT_NO_FATAL_FAILURE(gameAcrossNodes(a, b, ma, mb));
  Member& black = ma->youAreBlack ? a : b;
  Member& white = ma->youAreBlack ? b : a;
  ASSERT_EQ(black.match->playLocal({7, 7}), MoveError::None);
  pump({&a, &b});
  // Bob's connection drops; alice is told; bob logs in again on his node and resumes.
  nodes[1].hall->closed(b.id, "network");
  b.match->connectionLost("network");
  pump({&a, &b});
  auto away = nodes[0].env.take<net::OpponentAway>(a.id);
  ASSERT_TRUE(away);
  EXPECT_TRUE(away->away);
  b.id = connect(1);
  ASSERT_EQ(loginOn(1, b.id, "bob").status, net::LoginStatus::Ok);
  pump({&a, &b});
  auto again = nodes[1].env.take<net::Matched>(b.id);
  ASSERT_TRUE(again);
  EXPECT_NE(again->resumeToken, 0u);
  b.match->reconnected();
  pump({&a, &b});
  ASSERT_EQ(b.match->phase(), net::MatchPhase::Playing);
  auto back = nodes[0].env.take<net::OpponentAway>(a.id);
  ASSERT_TRUE(back);
  EXPECT_FALSE(back->away);
  ASSERT_EQ(white.match->playLocal({8, 8}), MoveError::None);
  pump({&a, &b});
  EXPECT_EQ(a.match->game().moves(), b.match->game().moves());
  EXPECT_EQ(black.match->game().moves().size(), 2u);
}

TEST_F(ClusterHallTest, AGameWhoseNodeIsKilledGoesOnOnAnotherNodeAndTheLadderMovesOnce) {
  Member a{0, connect(0), nullptr, {}}, b{1, connect(1), nullptr, {}};
  std::optional<net::Matched> ma, mb;
  ASSERT_NO_FATAL_FAILURE(gameAcrossNodes(a, b, ma, mb));
  Member& black = ma->youAreBlack ? a : b;
  Member& white = ma->youAreBlack ? b : a;
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(black.match->playLocal({i, 7}), MoveError::None);
    pump({&a, &b});
    ASSERT_EQ(white.match->playLocal({i, 9}), MoveError::None);
    pump({&a, &b});
  }
  ASSERT_EQ(white.match->offerDraw(), net::RequestRefusal::None);  // a request in the air
  pump({&a, &b});
  ASSERT_TRUE(black.match->drawRequested());
  // Node 0, which owns the game, is killed: alice's connection goes with it. Bob's node sees
  // its lease gone at its next renewal and closes bob's connection, so that his program
  // reconnects and resumes.
  nodes[0].dead = true;
  store.alive.erase("node-0");
  a.match->connectionLost("the node was killed");
  nodes[1].env.advance(config.nodeLease / 3);
  pump({&b});
  EXPECT_TRUE(nodes[1].env.closedByHall.count(b.id));
  nodes[1].hall->closed(b.id, "closed by the server");
  b.match->connectionLost("closed by the server");
  // Bob logs in again (on his node): it takes the game over from the store and resumes him.
  b.id = connect(1);
  ASSERT_EQ(loginOn(1, b.id, "bob").status, net::LoginStatus::Ok);
  auto againB = nodes[1].env.take<net::Matched>(b.id);
  ASSERT_TRUE(againB);
  EXPECT_EQ(againB->gameId, mb->gameId);
  EXPECT_EQ(nodes[1].hall->tablesOpen(), 1u);
  b.match->reconnected();
  pump({&b});
  ASSERT_EQ(b.match->phase(), net::MatchPhase::Playing);
  // Alice's account is free (its node's lease is gone): she lands on node 1 too.
  a.node = 1;
  a.id = connect(1);
  ASSERT_EQ(loginOn(1, a.id, "alice").status, net::LoginStatus::Ok);
  auto againA = nodes[1].env.take<net::Matched>(a.id);
  ASSERT_TRUE(againA);
  EXPECT_EQ(againA->youAreBlack, ma->youAreBlack);
  a.match->reconnected();
  pump({&a, &b});
  ASSERT_EQ(a.match->phase(), net::MatchPhase::Playing);
  // Nothing lost or doubled: the same six moves on both. The draw offer went with its
  // maker's connection, as after any drop (PROTOCOL.md, Resume), on both sides alike.
  EXPECT_EQ(a.match->game().moves(), b.match->game().moves());
  EXPECT_EQ(a.match->game().moves().size(), 6u);
  EXPECT_FALSE(black.match->drawRequested());
  EXPECT_FALSE(white.match->drawOffered());
  ASSERT_EQ(black.match->playLocal({3, 7}), MoveError::None);
  pump({&a, &b});
  ASSERT_EQ(white.match->playLocal({3, 9}), MoveError::None);
  pump({&a, &b});
  ASSERT_EQ(black.match->playLocal({4, 7}), MoveError::None);
  pump({&a, &b});
  EXPECT_EQ(a.match->game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(b.match->game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(a.match->game().moves(), b.match->game().moves());
  auto rb = nodes[1].env.take<net::GameResult>(black.id);
  ASSERT_TRUE(rb);
  EXPECT_EQ(rb->newScore, 1030);
  auto row = storage->game(static_cast<std::int64_t>(rb->gameId));
  ASSERT_TRUE(row);
  EXPECT_EQ(row->outcome, Outcome::BlackWins);
  EXPECT_EQ(row->moves, a.match->game().moves());
  for (const char* name : {"alice", "bob"}) {
    auto acc = storage->accountByKey(nameKey(name));
    ASSERT_TRUE(acc);
    EXPECT_EQ(acc->first.games, 1u) << name;  // rated once
  }
  // Both leave: the game is gone from the store too.
  black.match->leave();
  white.match->leave();
  pump({&a, &b});
  EXPECT_EQ(nodes[1].hall->tablesOpen(), 0u);
  EXPECT_TRUE(store.games.games.empty());
  EXPECT_TRUE(store.games.playing.empty());
}

TEST_F(ClusterHallTest, AClockedGameOfAKilledNodeResumesWithItsClocksAndItsSecondGame) {
  // Both players on node 0, a clock, a first game played out and a second one under way when
  // node 0 is killed; both land on node 1.
  Member a{0, connect(0), nullptr, {}}, b{0, connect(0), nullptr, {}};
  std::optional<net::Matched> ma, mb;
  const TimeControl clock{ClockKind::Fischer, 300'000, 5'000, 0};
  ASSERT_NO_FATAL_FAILURE(gameOnNode0(a, b, ma, mb, net::Find{Rule::Freestyle, clock}, 6));
  EXPECT_EQ(ma->clock, clock);
  Member* black = ma->youAreBlack ? &a : &b;
  Member* white = ma->youAreBlack ? &b : &a;
  auto move = [&](Member* m, int x, int y) {
    nodes[0].env.advance(2s);
    clientClock += 2s;
    ASSERT_EQ(m->match->playLocal({x, y}), MoveError::None) << m->match->game().result().detail;
    pump({&a, &b});
  };
  for (int i = 0; i < 5; ++i) {
    ASSERT_NO_FATAL_FAILURE(move(black, i, 7));
    if (i < 4) {
      ASSERT_NO_FATAL_FAILURE(move(white, i, 9));
    }
  }
  ASSERT_EQ(a.match->game().result().outcome, Outcome::BlackWins);
  ASSERT_EQ(a.match->playAgain(true), net::RequestRefusal::None);
  ASSERT_EQ(b.match->playAgain(true), net::RequestRefusal::None);
  pump({&a, &b});
  ASSERT_EQ(a.match->gameNumber(), 2);
  ASSERT_EQ(b.match->phase(), net::MatchPhase::Playing);
  std::swap(black, white);  // colours swap each game
  ASSERT_NO_FATAL_FAILURE(move(black, 7, 7));
  ASSERT_NO_FATAL_FAILURE(move(white, 8, 8));
  ASSERT_NO_FATAL_FAILURE(move(black, 7, 8));
  const std::int64_t blackLeft = a.match->gameClock().mainMs(Stone::Black);
  const std::int64_t whiteLeft = a.match->gameClock().mainMs(Stone::White);
  ASSERT_LT(blackLeft, 300'000 + 3 * 5'000);
  nodes[0].env.advance(3s);  // white thinks; then node 0 is killed
  clientClock += 3s;
  kill(0, {&a, &b});
  for (Member* m : {&a, &b}) {
    ASSERT_NO_FATAL_FAILURE(resumeOn(1, *m, m == &a ? "alice" : "bob", 6));
    auto stats = nodes[1].env.take<net::Stats>(m->id);  // the first game counts
    ASSERT_TRUE(stats);
    EXPECT_EQ(stats->stats.games, 1u);
    pump({&a, &b});
  }
  for (Member* m : {&a, &b}) {
    ASSERT_EQ(m->match->phase(), net::MatchPhase::Playing);
    EXPECT_EQ(m->match->gameNumber(), 2);
    EXPECT_EQ(m->match->game().moves().size(), 3u);
    // The clocks as they stood (the interrupted move's time is dropped, as after any drop).
    EXPECT_EQ(m->match->gameClock().mainMs(Stone::Black), blackLeft);
    EXPECT_EQ(m->match->gameClock().mainMs(Stone::White), whiteLeft);
  }
  auto moveOn1 = [&](Member* m, int x, int y) {
    nodes[1].env.advance(1s);
    clientClock += 1s;
    ASSERT_EQ(m->match->playLocal({x, y}), MoveError::None);
    pump({&a, &b});
  };
  ASSERT_NO_FATAL_FAILURE(moveOn1(white, 8, 9));
  ASSERT_EQ(black->match->resign(), net::RequestRefusal::None);
  pump({&a, &b});
  EXPECT_EQ(a.match->game().result().outcome, b.match->game().result().outcome);
  EXPECT_EQ(a.match->game().moves(), b.match->game().moves());
  auto result = nodes[1].env.take<net::GameResult>(white->id);
  ASSERT_TRUE(result);
  EXPECT_NE(result->gameId, ma->gameId);  // the second game's own row
  auto row = storage->game(static_cast<std::int64_t>(result->gameId));
  ASSERT_TRUE(row);
  EXPECT_EQ(row->reason, EndReason::Resignation);
  EXPECT_EQ(row->moves, a.match->game().moves());
  for (const char* name : {"alice", "bob"}) {
    auto acc = storage->accountByKey(nameKey(name));
    ASSERT_TRUE(acc);
    EXPECT_EQ(acc->first.games, 2u) << name;  // each game rated once
  }
}

TEST_F(ClusterHallTest, APlayerWhoDroppedMayComeBackOnAnotherNode) {
  // Behind one front address a reconnecting program may land on any node. Alice and bob play
  // on node 0; alice's connection drops and she logs in again on node 1, which relays her
  // game from node 0.
  Member a{0, connect(0), nullptr, {}}, b{0, connect(0), nullptr, {}};
  std::optional<net::Matched> ma, mb;
  ASSERT_NO_FATAL_FAILURE(gameOnNode0(a, b, ma, mb));
  Member& black = ma->youAreBlack ? a : b;
  Member& white = ma->youAreBlack ? b : a;
  ASSERT_EQ(black.match->playLocal({7, 7}), MoveError::None);
  pump({&a, &b});
  nodes[0].hall->closed(a.id, "network");
  a.match->connectionLost("network");
  pump({&a, &b});
  a.node = 1;
  a.id = connect(1);
  ASSERT_EQ(loginOn(1, a.id, "alice").status, net::LoginStatus::Ok);
  pump({&a, &b});
  auto again = nodes[1].env.take<net::Matched>(a.id);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->gameId, ma->gameId);
  a.match->reconnected();
  pump({&a, &b});
  ASSERT_EQ(a.match->phase(), net::MatchPhase::Playing);
  EXPECT_EQ(nodes[0].hall->tablesOpen(), 1u);  // the game stays where it runs
  EXPECT_EQ(nodes[1].hall->tablesOpen(), 0u);
  ASSERT_EQ(white.match->playLocal({8, 8}), MoveError::None);
  pump({&a, &b});
  ASSERT_EQ(black.match->playLocal({7, 8}), MoveError::None);
  pump({&a, &b});
  EXPECT_EQ(a.match->game().moves(), b.match->game().moves());
  EXPECT_EQ(a.match->game().moves().size(), 3u);
  // A second login of alice on node 0 is refused now: node 1 holds her account.
  ConnId second = connect(0);
  EXPECT_EQ(loginOn(0, second, "alice").status, net::LoginStatus::AlreadySignedIn);
}

TEST_F(ClusterHallTest, WhenTheNodeOfAGuestDiesItsGameWaitsForItAsForADroppedPlayer) {
  Member a{0, connect(0), nullptr, {}}, b{1, connect(1), nullptr, {}};
  std::optional<net::Matched> ma, mb;
  ASSERT_NO_FATAL_FAILURE(gameAcrossNodes(a, b, ma, mb));
  // Bob's node is killed: alice's node sees it at its next renewal, and alice is told that
  // her opponent is away. Bob logs in on alice's node (his account is free once his node's
  // lease is gone) and resumes the game there.
  store.alive.erase("node-1");
  nodes[0].env.advance(config.nodeLease / 3);
  pump({&a});
  auto away = nodes[0].env.take<net::OpponentAway>(a.id);
  ASSERT_TRUE(away);
  EXPECT_TRUE(away->away);
  b.node = 0;
  b.id = connect(0);
  ASSERT_EQ(loginOn(0, b.id, "bob").status, net::LoginStatus::Ok);
  auto again = nodes[0].env.take<net::Matched>(b.id);
  ASSERT_TRUE(again);
  b.match->connectionLost("its node is gone");
  b.match->reconnected();
  pump({&a, &b});
  ASSERT_EQ(b.match->phase(), net::MatchPhase::Playing);
  Member& black = ma->youAreBlack ? a : b;
  ASSERT_EQ(black.match->playLocal({7, 7}), MoveError::None);
  pump({&a, &b});
  EXPECT_EQ(a.match->game().moves(), b.match->game().moves());
  EXPECT_EQ(a.match->game().moves().size(), 1u);
}

TEST_F(ClusterHallTest, APlayerWhoCancelledBeforeItsNodeWasAskedIsNotPaired) {
  Member a{0, connect(0), nullptr, {}}, b{1, connect(1), nullptr, {}};
  ASSERT_EQ(registerOn(0, a.id, "alice").status, net::LoginStatus::Ok);
  ASSERT_EQ(registerOn(1, b.id, "bob").status, net::LoginStatus::Ok);
  nodes[0].hall->received(a.id, net::Find{Rule::Freestyle});
  nodes[1].hall->received(b.id, net::Find{Rule::Freestyle});
  pump({&a, &b});
  // Node 0 takes the pair and asks bob's node; bob cancels before the question arrives, then
  // looks again for another rule: neither search is the one taken.
  nodes[0].env.advance(config.waveInterval);
  ASSERT_TRUE(store.queue.seeking.empty());
  nodes[1].hall->received(b.id, net::CancelFind{});
  nodes[1].hall->received(b.id, net::Find{Rule::Standard});
  pump({&a, &b});
  EXPECT_FALSE(nodes[0].env.take<net::Matched>(a.id));
  EXPECT_FALSE(nodes[1].env.take<net::Matched>(b.id));
  EXPECT_EQ(nodes[0].hall->tablesOpen(), 0u);
  EXPECT_EQ(nodes[0].hall->playersOnline(), 1u);  // no guest
  // Alice waits on, in the queue again; bob waits for his new search.
  ASSERT_EQ(store.queue.seeking.size(), 2u);
  EXPECT_EQ(decodeSeek(1, store.queue.seeking.at(1))->rule, Rule::Freestyle);
  EXPECT_EQ(decodeSeek(2, store.queue.seeking.at(2))->rule, Rule::Standard);
}

TEST_F(ClusterHallTest, ATakeOverWhileLookingForAGameEndsTheSearch) {
  ConnId a = connect(0);
  auto r = registerOn(0, a, "alice");
  ASSERT_EQ(r.status, net::LoginStatus::Ok);
  nodes[0].hall->received(a, net::Find{Rule::Freestyle});
  nodes[0].env.settle();
  ASSERT_EQ(store.queue.seeking.count(1), 1u);
  nodes[0].env.advance(config.takeOverSilence + 1s);
  ConnId a2 = connect(0);
  nodes[0].hall->received(a2, net::Login{net::LoginMethod::Token, "alice", r.token});
  ASSERT_EQ(answer(0, a2).status, net::LoginStatus::Ok);
  EXPECT_EQ(store.queue.seeking.count(1), 0u);  // the new connection is in the hall, not searching
}

TEST_F(ClusterHallTest, AMoveTheStoreDidNotTakeIsRelayedOnceItAnswers) {
  Member a{0, connect(0), nullptr, {}}, b{1, connect(1), nullptr, {}};
  std::optional<net::Matched> ma, mb;
  ASSERT_NO_FATAL_FAILURE(gameAcrossNodes(a, b, ma, mb));
  Member& black = ma->youAreBlack ? a : b;
  Member& white = ma->youAreBlack ? b : a;
  // Redis goes away: the moves wait in their nodes' outboxes, in order, and go once it is back.
  store.up = false;
  ASSERT_EQ(black.match->playLocal({7, 7}), MoveError::None);
  pump({&a, &b});
  EXPECT_TRUE(white.match->game().moves().empty());
  store.up = true;
  for (auto& n : nodes) n.env.advance(config.nodeLease / 3);  // a good renewal: posted
  pump({&a, &b});
  ASSERT_EQ(white.match->game().moves().size(), 1u);
  ASSERT_EQ(white.match->playLocal({8, 8}), MoveError::None);
  pump({&a, &b});
  EXPECT_EQ(a.match->game().moves(), b.match->game().moves());
  EXPECT_EQ(black.match->game().moves().size(), 2u);
}

TEST_F(ClusterHallTest, JournalWritesWaitingForTheStoreGoTogetherInOneBatch) {
  Member a{0, connect(0), nullptr, {}}, b{0, connect(0), nullptr, {}};
  Member c{0, connect(0), nullptr, {}}, d{0, connect(0), nullptr, {}};
  std::optional<net::Matched> ma, mb, mc, md;
  ASSERT_NO_FATAL_FAILURE(gameOnNode0(a, b, ma, mb));
  ASSERT_NO_FATAL_FAILURE(gameOnNode0(c, d, mc, md, {}, 0, {"carol", "dave"}));
  Member& black1 = ma->youAreBlack ? a : b;
  Member& white1 = ma->youAreBlack ? b : a;
  Member& black2 = mc->youAreBlack ? c : d;
  Member& white2 = mc->youAreBlack ? d : c;
  auto& env = nodes[0].env;
  auto& batches = nodes[0].presence->batches;
  batches.clear();
  // The first game's move goes at once, alone; while the store has not answered, the first
  // game's chat and the second game's move wait, and then go in one batch.
  env.holdJournal = true;
  ASSERT_EQ(black1.match->playLocal({7, 7}), MoveError::None);
  pump({&a, &b, &c, &d});
  ASSERT_EQ(env.journalJobs.size(), 1u);
  black1.match->sendChat("hello");
  ASSERT_EQ(black2.match->playLocal({7, 7}), MoveError::None);
  pump({&a, &b, &c, &d});
  EXPECT_EQ(env.journalJobs.size(), 1u);              // one batch at a time
  EXPECT_TRUE(white1.match->game().moves().empty());  // nothing goes before its journal
  EXPECT_TRUE(white2.match->game().moves().empty());
  env.releaseJournal();
  pump({&a, &b, &c, &d});
  EXPECT_EQ(batches, (std::vector<std::size_t>{1, 2}));
  EXPECT_EQ(white1.match->game().moves().size(), 1u);
  EXPECT_EQ(white2.match->game().moves().size(), 1u);
  // The journals hold it all: both games outlive their node.
  kill(0, {&a, &b, &c, &d});
  ASSERT_NO_FATAL_FAILURE(resumeOn(1, a, "alice"));
  ASSERT_NO_FATAL_FAILURE(resumeOn(1, b, "bob"));
  ASSERT_NO_FATAL_FAILURE(resumeOn(1, c, "carol"));
  ASSERT_NO_FATAL_FAILURE(resumeOn(1, d, "dave"));
  pump({&a, &b, &c, &d});
  EXPECT_EQ(a.match->game().moves().size(), 1u);
  EXPECT_EQ(c.match->game().moves().size(), 1u);
  ASSERT_EQ(white2.match->playLocal({8, 8}), MoveError::None);
  pump({&a, &b, &c, &d});
  EXPECT_EQ(black2.match->game().moves().size(), 2u);
}

TEST_F(ClusterHallTest, AStoppingNodeHandsItsGamesOverOnceTheirJournalsAreStored) {
  Member a{0, connect(0), nullptr, {}}, b{0, connect(0), nullptr, {}};
  std::optional<net::Matched> ma, mb;
  ASSERT_NO_FATAL_FAILURE(gameOnNode0(a, b, ma, mb));
  Member& black = ma->youAreBlack ? a : b;
  Member& white = ma->youAreBlack ? b : a;
  auto& env = nodes[0].env;
  ConnId idle = connect(0);  // a third player, in the hall
  ASSERT_EQ(registerOn(0, idle, "carol").status, net::LoginStatus::Ok);
  env.holdJournal = true;
  ASSERT_EQ(black.match->playLocal({7, 7}), MoveError::None);
  pump({&a, &b});
  ASSERT_EQ(env.journalJobs.size(), 1u);
  bool stopped = false;
  nodes[0].hall->stop([&] { stopped = true; });
  env.settle();
  // The move's write is under way and the handover waits for it: the lease still lives, so
  // no other node takes the game over from a journal that lacks the move.
  EXPECT_TRUE(store.alive.count("node-0"));
  EXPECT_FALSE(stopped);
  // The player in the hall is told and let go; the players in the game are not yet (they are
  // dropped once the lease has ended, and their programs resume elsewhere).
  EXPECT_TRUE(env.closedByHall.count(idle));
  EXPECT_FALSE(env.closedByHall.count(a.id));
  EXPECT_FALSE(env.closedByHall.count(b.id));
  // Nothing changes here any more: a resignation that comes now is not taken.
  nodes[0].hall->received(white.id, net::Resign{1});
  env.settle();
  env.releaseJournal();
  env.settle();
  EXPECT_TRUE(stopped);
  EXPECT_FALSE(store.alive.count("node-0"));
  ASSERT_EQ(store.games.games.size(), 1u);  // the game is still in the store, running
  // The server ends; both programs log in again on node 1, which takes the game up.
  kill(0, {&a, &b});
  for (Member* m : {&a, &b}) {
    std::optional<net::Matched> again;
    ASSERT_NO_FATAL_FAILURE(resumeOn(1, *m, m == &a ? "alice" : "bob", 0, &again));
    EXPECT_EQ(again->gameId, ma->gameId);
  }
  pump({&a, &b});
  ASSERT_EQ(a.match->phase(), net::MatchPhase::Playing);
  ASSERT_EQ(b.match->phase(), net::MatchPhase::Playing);
  EXPECT_EQ(a.match->game().moves(), b.match->game().moves());
  EXPECT_EQ(a.match->game().moves().size(), 1u);
  ASSERT_EQ(white.match->playLocal({8, 8}), MoveError::None);
  pump({&a, &b});
  EXPECT_EQ(black.match->game().moves().size(), 2u);
}

TEST_F(ClusterHallTest, AHandedOverGameWhoseLastWriteFailedGoesOnFromWhatTheStoreHolds) {
  Member a{0, connect(0), nullptr, {}}, b{0, connect(0), nullptr, {}};
  std::optional<net::Matched> ma, mb;
  ASSERT_NO_FATAL_FAILURE(gameOnNode0(a, b, ma, mb));
  Member& black = ma->youAreBlack ? a : b;
  Member& white = ma->youAreBlack ? b : a;
  auto& env = nodes[0].env;
  env.holdJournal = true;
  ASSERT_EQ(black.match->playLocal({7, 7}), MoveError::None);
  pump({&a, &b});
  nodes[0].hall->stop([] {});
  env.settle();
  // The move's write fails (the store went away a moment): it is not relayed, since the game
  // goes on elsewhere from the store, which lacks it.
  store.up = false;
  env.releaseJournal();
  env.settle();
  store.up = true;
  env.settle();
  EXPECT_FALSE(env.take<net::Move>(white.id));
  EXPECT_FALSE(store.alive.count("node-0"));
  kill(0, {&a, &b});
  ASSERT_NO_FATAL_FAILURE(resumeOn(1, a, "alice"));
  ASSERT_NO_FATAL_FAILURE(resumeOn(1, b, "bob"));
  pump({&a, &b});
  ASSERT_EQ(black.match->phase(), net::MatchPhase::Playing);
  // Black's program sends again the move the store never had: one move on both, once.
  EXPECT_EQ(white.match->game().moves(), black.match->game().moves());
  EXPECT_EQ(white.match->game().moves().size(), 1u);
}

TEST_F(ClusterHallTest, AStoppingNodesLeaseIsNotBroughtBackByARenewalUnderWay) {
  auto& env = nodes[0].env;
  env.holdLease = true;
  env.advance(config.nodeLease / 3);  // a renewal, under way
  ASSERT_EQ(env.leaseJobs.size(), 1u);
  bool stopped = false;
  nodes[0].hall->stop([&] { stopped = true; });
  env.settle();
  env.releaseLease();  // the renewal, then the leave
  env.settle();
  EXPECT_TRUE(stopped);
  EXPECT_FALSE(store.alive.count("node-0"));
}

TEST_F(ClusterHallTest, ALoginBeforeTheNodesFirstLeaseWaitsForIt) {
  ConnId a = connect(0);
  ASSERT_EQ(registerOn(0, a, "alice").status, net::LoginStatus::Ok);
  nodes[0].hall->closed(a, "gone");
  nodes[0].env.settle();
  // A node starting: its first renewal has not been answered when alice logs in.
  ClusterEnv env;
  env.holdLease = true;
  MemoryPresence presence(store, "node-9");
  Hall hall(env, *storage, config, 7, &presence);
  env.settle();
  ConnId c = nextConn++;
  hall.connected(c, "127.0.0.1");
  hall.received(c, net::Login{net::LoginMethod::Password, "alice", "password1", 0});
  env.settle();
  EXPECT_FALSE(env.take<net::LoginResult>(c));
  EXPECT_FALSE(store.holder.count(1));
  env.releaseLease();
  env.settle();
  auto r = env.take<net::LoginResult>(c);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, net::LoginStatus::Ok);
  EXPECT_EQ(store.holder.at(1), "node-9");
}

TEST_F(ClusterHallTest, ADroppedPlayerIsReleasedOnlyOnceTheStoreHoldsItsGame) {
  Member a{0, connect(0), nullptr, {}}, b{0, connect(0), nullptr, {}};
  std::optional<net::Matched> ma, mb;
  ASSERT_NO_FATAL_FAILURE(gameOnNode0(a, b, ma, mb));
  Member& black = ma->youAreBlack ? a : b;
  const std::int64_t blackId = &black == &a ? 1 : 2;
  auto& env = nodes[0].env;
  env.holdJournal = true;
  ASSERT_EQ(black.match->playLocal({7, 7}), MoveError::None);
  pump({&a, &b});
  ASSERT_EQ(env.journalJobs.size(), 1u);
  // Black drops while its move's journal is on its way: still held here, so that a login
  // elsewhere cannot come before the store knows the game.
  nodes[0].hall->closed(black.id, "dropped");
  env.settle();
  EXPECT_EQ(store.holder.at(blackId), "node-0");
  env.releaseJournal();
  env.settle();
  EXPECT_FALSE(store.holder.count(blackId));
  // It comes back on the other node and finds its game there (relayed from node 0).
  black.match->connectionLost("dropped");
  black.node = 1;
  black.id = connect(1);
  ASSERT_EQ(loginOn(1, black.id, &black == &a ? "alice" : "bob").status, net::LoginStatus::Ok);
  pump({&a, &b});
  auto again = nodes[1].env.take<net::Matched>(black.id);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->gameId, ma->gameId);
  black.match->reconnected();
  pump({&a, &b});
  EXPECT_EQ(black.match->phase(), net::MatchPhase::Playing);
  EXPECT_EQ(black.match->game().moves().size(), 1u);
}

TEST_F(ClusterHallTest, AGameGoesOnWhileTheStoreIsAwayAndItsJournalIsWrittenOnceItIsBack) {
  Member a{0, connect(0), nullptr, {}}, b{0, connect(0), nullptr, {}};
  std::optional<net::Matched> ma, mb;
  ASSERT_NO_FATAL_FAILURE(gameOnNode0(a, b, ma, mb));
  Member& black = ma->youAreBlack ? a : b;
  Member& white = ma->youAreBlack ? b : a;
  ASSERT_EQ(black.match->playLocal({7, 7}), MoveError::None);
  pump({&a, &b});
  // Redis goes away and comes back empty: the game goes on meanwhile, unjournaled.
  store.up = false;
  ASSERT_EQ(white.match->playLocal({8, 8}), MoveError::None);
  pump({&a, &b});
  ASSERT_EQ(black.match->playLocal({7, 8}), MoveError::None);
  pump({&a, &b});
  EXPECT_EQ(white.match->game().moves().size(), 3u);
  store.games = {};
  store.up = true;
  nodes[0].env.advance(config.nodeLease / 3);  // a good renewal: the journal is written whole
  pump({&a, &b});
  ASSERT_EQ(store.games.games.size(), 1u);
  // So the game outlives its node with every move.
  kill(0, {&a, &b});
  ASSERT_NO_FATAL_FAILURE(resumeOn(1, a, "alice"));
  ASSERT_NO_FATAL_FAILURE(resumeOn(1, b, "bob"));
  pump({&a, &b});
  ASSERT_EQ(a.match->phase(), net::MatchPhase::Playing);
  ASSERT_EQ(b.match->phase(), net::MatchPhase::Playing);
  EXPECT_EQ(a.match->game().moves(), b.match->game().moves());
  EXPECT_EQ(a.match->game().moves().size(), 3u);
  ASSERT_EQ(white.match->playLocal({8, 9}), MoveError::None);
  pump({&a, &b});
  EXPECT_EQ(black.match->game().moves().size(), 4u);
}

TEST_F(ClusterHallTest, AGameTakenOverForALoginThatGaveUpMeanwhileIsNotLost) {
  // The owner dies; bob's program logs in on node 1 but closes its connection before the
  // answer. The game was taken over by that claim: it runs on node 1, and both resume there.
  Member a{0, connect(0), nullptr, {}}, b{1, connect(1), nullptr, {}};
  std::optional<net::Matched> ma, mb;
  ASSERT_NO_FATAL_FAILURE(gameAcrossNodes(a, b, ma, mb));
  Member& black = ma->youAreBlack ? a : b;
  ASSERT_EQ(black.match->playLocal({0, 7}), MoveError::None);
  pump({&a, &b});
  kill(0, {&a});
  nodes[1].env.advance(config.nodeLease / 3);
  pump({&b});
  nodes[1].hall->closed(b.id, "closed by the server");
  b.match->connectionLost("closed by the server");
  nodes[1].env.holdCluster = true;
  ConnId quitter = connect(1);
  nodes[1].hall->received(quitter, net::Login{net::LoginMethod::Password, "bob", "password1"});
  nodes[1].env.settle();
  ASSERT_FALSE(nodes[1].env.clusterJobs.empty());
  nodes[1].hall->closed(quitter, "gone");  // gave up before the answer
  while (!nodes[1].env.clusterJobs.empty()) {
    nodes[1].env.runClusterJob()();
    nodes[1].env.settle();
  }
  nodes[1].env.holdCluster = false;
  EXPECT_EQ(nodes[1].hall->tablesOpen(), 1u);
  ASSERT_NO_FATAL_FAILURE(resumeOn(1, b, "bob"));
  ASSERT_NO_FATAL_FAILURE(resumeOn(1, a, "alice"));
  pump({&a, &b});
  ASSERT_EQ(a.match->phase(), net::MatchPhase::Playing);
  ASSERT_EQ(b.match->phase(), net::MatchPhase::Playing);
  EXPECT_EQ(a.match->game().moves(), b.match->game().moves());
  EXPECT_EQ(a.match->game().moves().size(), 1u);
}

TEST_F(ClusterHallTest, ATakeOverOnTheGuestsNodeBeforeItSawTheOwnerDieLetsTheGuestResume) {
  // The owner dies and its player lands on the guest's node before that node's renewal saw
  // the death: the node takes the game over and lets its guest go (closing its connection,
  // whose program reconnects) rather than feeding the guest's moves to a suspended seat.
  Member a{0, connect(0), nullptr, {}}, b{1, connect(1), nullptr, {}};
  std::optional<net::Matched> ma, mb;
  ASSERT_NO_FATAL_FAILURE(gameAcrossNodes(a, b, ma, mb));
  Member& black = ma->youAreBlack ? a : b;
  Member& white = ma->youAreBlack ? b : a;
  ASSERT_EQ(black.match->playLocal({0, 7}), MoveError::None);
  pump({&a, &b});
  ASSERT_EQ(white.match->playLocal({0, 9}), MoveError::None);
  pump({&a, &b});
  kill(0, {&a});
  ASSERT_NO_FATAL_FAILURE(resumeOn(1, a, "alice"));
  pump({&a, &b});
  ASSERT_TRUE(nodes[1].env.closedByHall.count(b.id));
  nodes[1].hall->closed(b.id, "closed by the server");
  b.match->connectionLost("closed by the server");
  ASSERT_NO_FATAL_FAILURE(resumeOn(1, b, "bob"));
  pump({&a, &b});
  ASSERT_EQ(a.match->phase(), net::MatchPhase::Playing);
  ASSERT_EQ(b.match->phase(), net::MatchPhase::Playing);
  ASSERT_EQ(black.match->playLocal({1, 7}), MoveError::None);
  pump({&a, &b});
  EXPECT_EQ(a.match->game().moves(), b.match->game().moves());
  EXPECT_EQ(a.match->game().moves().size(), 3u);
  for (const auto& line : nodes[1].env.lines)
    EXPECT_EQ(line.find(" ended: "), std::string::npos) << line;
}

TEST_F(ClusterHallTest, AGuestWhoLeftItsGameMayLookForTheNextAtOnce) {
  // Bob plays on node 0's table from node 1. He resigns and leaves, and his program asks for
  // the next game at once, before node 0's word that the game is over reaches node 1.
  Member a{0, connect(0), nullptr, {}}, b{1, connect(1), nullptr, {}};
  std::optional<net::Matched> ma, mb;
  ASSERT_NO_FATAL_FAILURE(gameAcrossNodes(a, b, ma, mb));
  ASSERT_EQ(b.match->resign(), net::RequestRefusal::None);
  pump({&a, &b});
  b.match->leave();
  ASSERT_FALSE(b.out.empty());
  for (; !b.out.empty(); b.out.pop_front()) nodes[1].hall->received(b.id, b.out.front());
  nodes[1].hall->received(b.id, net::Find{Rule::Freestyle});
  nodes[1].env.settle();
  EXPECT_FALSE(nodes[1].env.take<net::Denied>(b.id));
  EXPECT_EQ(store.queue.seeking.count(2), 1u);
  pump({&a, &b});  // the owner's word comes after: bob stays in the queue
  EXPECT_EQ(store.queue.seeking.count(2), 1u);
  EXPECT_FALSE(nodes[1].env.closedByHall.count(b.id));
}

TEST(NodeMessageBytes, RoundTripAndGarbledOnesAreRefused) {
  NodeMessage m{NodeKind::FromPlayer, "n2/00ff00ff00ff00ff", 42, std::string("\0\x01body", 6)};
  std::string bytes = encodeNodeMessage(m);
  auto back = decodeNodeMessage(bytes);
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, m);
  EXPECT_FALSE(decodeNodeMessage(""));
  EXPECT_FALSE(decodeNodeMessage(bytes.substr(0, 2 + m.from.size() + 7)));  // short account
  std::string bad = bytes;
  bad[0] = 0;  // no such kind
  EXPECT_FALSE(decodeNodeMessage(bad));
  bad[0] = static_cast<char>(NodeKind::InviteGone);  // the last kind
  EXPECT_TRUE(decodeNodeMessage(bad));
  bad[0] = static_cast<char>(static_cast<int>(NodeKind::InviteGone) + 1);
  EXPECT_FALSE(decodeNodeMessage(bad));
  bad = bytes;
  bad[1] = 0;  // no sender
  EXPECT_FALSE(decodeNodeMessage(bad));
  m.account = 0;
  EXPECT_FALSE(decodeNodeMessage(encodeNodeMessage(m)));
  m.account = -5;
  EXPECT_FALSE(decodeNodeMessage(encodeNodeMessage(m)));
  m.from = std::string(256, 'x');
  EXPECT_THROW(encodeNodeMessage(m), std::length_error);
}

}  // namespace
}  // namespace gomoku::server
