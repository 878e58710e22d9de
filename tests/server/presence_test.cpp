// The cluster's sign-in register (presence_redis.h) against a real Redis server that
// with-redis.sh starts for the test binary (GOMOKU_TEST_REDIS); skipped when none is given.

#include "server/presence_redis.h"

#include <gtest/gtest.h>
#include <hiredis/hiredis.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <barrier>
#include <cstdlib>
#include <map>
#include <set>
#include <thread>

namespace gomoku::server {
namespace {

using namespace std::chrono_literals;

TEST(RedisUrl, ParsesTheUsualForms) {
  RedisAddress a = parseRedisUrl("redis://127.0.0.1:7000");
  EXPECT_EQ(a.host, "127.0.0.1");
  EXPECT_EQ(a.port, 7000);
  EXPECT_EQ(a.password, "");
  EXPECT_EQ(a.db, 0);
  a = parseRedisUrl("redis://:s3cret@cache.example/2");
  EXPECT_EQ(a.host, "cache.example");
  EXPECT_EQ(a.port, 6379);
  EXPECT_EQ(a.password, "s3cret");
  EXPECT_EQ(a.db, 2);
  a = parseRedisUrl("redis://gomoku:p%40ss%3Aword@[::1]:6380/");
  EXPECT_EQ(a.host, "::1");
  EXPECT_EQ(a.port, 6380);
  EXPECT_EQ(a.user, "gomoku");
  EXPECT_EQ(a.password, "p@ss:word");
}

TEST(RedisUrl, RefusesBadOnesSayingWhy) {
  for (const char* bad :
       {"127.0.0.1:6379", "redis://", "redis://host:0", "redis://host:x", "redis://host:70000",
        "redis://[::1", "redis://host/db", "redis://:50%@host"}) {
    EXPECT_THROW(parseRedisUrl(bad), std::invalid_argument) << bad;
  }
  EXPECT_THROW(redisPresence(RedisAddress{"h", 6379, "", 0, ""}, "bad name", 1s, 1s),
               std::invalid_argument);
  EXPECT_THROW(redisPresence(RedisAddress{"h", 6379, "", 0, ""}, "", 1s, 1s),
               std::invalid_argument);
}

Seek seekOf(std::int64_t account, const std::string& node, std::int32_t score = 1000) {
  Seek s;
  s.account = account;
  s.node = node;
  s.name = "player" + std::to_string(account);
  s.stats = {score, 3, 2, 1};
  s.sinceMs = 1'700'000'000'000 + account;
  return s;
}

TEST(SeekText, RoundTripsEveryField) {
  Seek s = seekOf(42, "node-1/00ff00ff00ff00ff", -5);
  s.name = "Li Wei 李";
  s.rule = Rule::Renju;
  s.clock = {ClockKind::ByoYomi, 600000, 0, 30000};
  s.opening = OpeningRule::Taraguchi10;
  s.lastColor = Stone::White;
  s.minor = 6;
  auto back = decodeSeek(42, encodeSeek(s));
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, s);
}

TEST(SeekText, RefusesGarbledText) {
  std::string good = encodeSeek(seekOf(1, "n1/1"));
  EXPECT_TRUE(decodeSeek(1, good));
  EXPECT_FALSE(decodeSeek(0, good));  // no account
  for (const std::string& bad :
       {std::string{}, std::string("n1/1"), good.substr(0, good.rfind('\t')), good + "\x01",
        "\t" + good.substr(good.find('\t')),
        good.substr(0, good.find('\t')) + "\tx" + good.substr(good.find('\t'))}) {
    EXPECT_FALSE(decodeSeek(1, bad)) << bad;
  }
  Seek s = seekOf(1, "n1/1");
  s.name.clear();
  EXPECT_FALSE(decodeSeek(1, encodeSeek(s)));
  s = seekOf(1, "n1/1");
  s.rule = static_cast<Rule>(3);
  EXPECT_FALSE(decodeSeek(1, encodeSeek(s)));
}

TEST(RedisPresence, AStoreThatDoesNotAnswerIsUnavailable) {
  // A bound socket that does not listen: connections to it are refused.
  int s = ::socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_GE(s, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::bind(s, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  socklen_t len = sizeof addr;
  ::getsockname(s, reinterpret_cast<sockaddr*>(&addr), &len);
  auto p = redisPresence(RedisAddress{"127.0.0.1", ntohs(addr.sin_port), "", 0, ""}, "n1", 10s, 1s);
  EXPECT_EQ(p->claim(1), Claim::Unavailable);
  EXPECT_EQ(p->renew(), Renewal::Unavailable);
  EXPECT_FALSE(p->release(1));
  EXPECT_NE(p->lastError().find("cannot reach Redis"), std::string::npos) << p->lastError();
  EXPECT_FALSE(p->seek(seekOf(1, p->self())));
  EXPECT_FALSE(p->seekers());
  EXPECT_FALSE(p->takePair(seekOf(1, p->self()), seekOf(2, p->self())));
  EXPECT_FALSE(p->post(p->self(), "x"));
  EXPECT_FALSE(p->receive(10ms));
  EXPECT_FALSE(p->liveNodes());
  EXPECT_NE(p->receiveError().find("cannot reach Redis"), std::string::npos) << p->receiveError();
  EXPECT_NE(p->leaseError().find("cannot reach Redis"), std::string::npos) << p->leaseError();
  EXPECT_EQ(p->storeJournals({JournalJob{"g#1", true, 0, {1, 2}, {"h"}},
                              JournalJob{"g#1", false, 1, {}, {"e"}}}),
            (std::vector<JournalWrite>{JournalWrite::Unavailable, JournalWrite::Unavailable}));
  EXPECT_NE(p->journalError().find("cannot reach Redis"), std::string::npos) << p->journalError();
  ::close(s);
}

class RedisPresenceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* url = std::getenv("GOMOKU_TEST_REDIS");
    if (!url) GTEST_SKIP() << "GOMOKU_TEST_REDIS is not set (run through with-redis.sh)";
    address = parseRedisUrl(url);
    // Each test its own database number: the tests of one binary share the server.
    static int db = 0;
    address.db = ++db;
  }
  std::unique_ptr<Presence> node(const std::string& name, std::chrono::milliseconds lease = 10s) {
    auto p = redisPresence(address, name, lease, 2s);
    EXPECT_EQ(p->renew(), Renewal::Renewed) << p->lastError();
    return p;
  }
  RedisAddress address;
};

TEST_F(RedisPresenceTest, AnAccountIsHeldByOneLiveNodeUntilItIsReleased) {
  auto n1 = node("n1"), n2 = node("n2");
  EXPECT_EQ(n1->claim(5), Claim::Claimed);
  EXPECT_EQ(n2->claim(5), Claim::HeldElsewhere);
  EXPECT_EQ(n1->claim(5), Claim::Claimed);  // again: it is ours
  EXPECT_TRUE(n2->release(5));              // not n2's: nothing happens
  EXPECT_EQ(n2->claim(5), Claim::HeldElsewhere);
  EXPECT_TRUE(n1->release(5));
  EXPECT_EQ(n2->claim(5), Claim::Claimed);
  EXPECT_EQ(n1->claim(5), Claim::HeldElsewhere);
}

TEST_F(RedisPresenceTest, AHoldersLeaseLeftIsKnown) {
  auto n1 = node("n1"), n2 = node("n2");
  ASSERT_EQ(n1->claim(1), Claim::Claimed);
  auto left = n2->holderLeaseLeft(1);
  ASSERT_TRUE(left) << n2->lastError();
  EXPECT_GT(*left, 0ms);
  EXPECT_LE(*left, 10s);
  EXPECT_FALSE(n2->holderLeaseLeft(2));  // nobody holds it
  n1->leave();
  EXPECT_FALSE(n2->holderLeaseLeft(1));  // its holder's lease is gone
}

TEST_F(RedisPresenceTest, ANodeThatLeavesFreesItsAccounts) {
  auto n1 = node("n1"), n2 = node("n2");
  EXPECT_EQ(n1->claim(7), Claim::Claimed);
  n1->leave();
  EXPECT_EQ(n2->claim(7), Claim::Claimed);
}

TEST_F(RedisPresenceTest, ARestartedNodeDoesNotInheritItsFormerAccounts) {
  auto before = node("n1");
  EXPECT_EQ(before->claim(8), Claim::Claimed);
  auto after = node("n1");  // the same name, a new incarnation; the old one still live
  EXPECT_NE(before->self(), after->self());
  EXPECT_EQ(after->claim(8), Claim::HeldElsewhere);
}

TEST_F(RedisPresenceTest, WhenANodesLeaseRunsOutItsAccountsAreTakenOver) {
  // The lease is made to run out at once (PEXPIRE 1), as when a killed node stops renewing;
  // the test waits for Redis to announce the expiry (keyspace notifications), not for a time.
  redisContext* sub = redisConnect(address.host.c_str(), address.port);
  ASSERT_TRUE(sub && !sub->err);
  auto* r = static_cast<redisReply*>(redisCommand(sub, "CONFIG SET notify-keyspace-events Ex"));
  ASSERT_TRUE(r);
  freeReplyObject(r);
  r = static_cast<redisReply*>(redisCommand(sub, "SUBSCRIBE __keyevent@%d__:expired", address.db));
  ASSERT_TRUE(r);
  freeReplyObject(r);

  auto n1 = node("n1"), n2 = node("n2");
  EXPECT_EQ(n1->claim(9), Claim::Claimed);
  EXPECT_EQ(n2->claim(9), Claim::HeldElsewhere);
  redisContext* cmd = redisConnect(address.host.c_str(), address.port);
  ASSERT_TRUE(cmd && !cmd->err);
  std::string key = "gomoku:node:" + n1->self();
  r = static_cast<redisReply*>(redisCommand(cmd, "SELECT %d", address.db));
  freeReplyObject(r);
  r = static_cast<redisReply*>(redisCommand(cmd, "PEXPIRE %s 1", key.c_str()));
  ASSERT_TRUE(r && r->type == REDIS_REPLY_INTEGER && r->integer == 1);
  freeReplyObject(r);
  redisFree(cmd);
  timeval tv{30, 0};
  redisSetTimeout(sub, tv);
  for (bool expired = false; !expired;) {
    void* raw = nullptr;
    ASSERT_EQ(redisGetReply(sub, &raw), REDIS_OK) << "no expiry announced within 30 s";
    auto* m = static_cast<redisReply*>(raw);
    expired = m->type == REDIS_REPLY_ARRAY && m->elements == 3 && m->element[2]->str == key;
    freeReplyObject(m);
  }
  redisFree(sub);
  EXPECT_EQ(n2->claim(9), Claim::Claimed);
  // Without a lease n1 claims nothing, not even what is free.
  EXPECT_EQ(n1->claim(10), Claim::Unavailable);
  EXPECT_NE(n1->lastError().find("NOLEASE"), std::string::npos) << n1->lastError();
  // n1 comes back: its lease had lapsed; claiming its accounts again finds 9 taken.
  EXPECT_EQ(n1->renew(), Renewal::Lapsed);
  auto again = n1->claimAll({9, 10});
  ASSERT_EQ(again.size(), 2u);
  EXPECT_EQ(again[0], Claim::HeldElsewhere);
  EXPECT_EQ(again[1], Claim::Claimed);
  EXPECT_EQ(n1->renew(), Renewal::Renewed);
}

TEST_F(RedisPresenceTest, ANodeThatNeverRenewedClaimsNothing) {
  auto n1 = redisPresence(address, "n1", 10s, 2s);
  EXPECT_EQ(n1->claim(11), Claim::Unavailable);
  EXPECT_EQ(n1->renew(), Renewal::Renewed);  // the first: nothing to have lapsed
  EXPECT_EQ(n1->claim(11), Claim::Claimed);
}

TEST_F(RedisPresenceTest, NodesSeeEachOthersPlayersWhileTheirLeasesLive) {
  auto n1 = node("n1"), n2 = node("n2"), n3 = node("n3");
  ListedPlayer alice{1, {"alice", 1030, net::PlayerState::Playing}, {}};
  ListedPlayer bob{2, {"Bob", 970, net::PlayerState::Finding}, {}};
  // Another node's players come with the node (to send them invitations).
  ListedPlayer aliceOnN1 = alice, bobOnN2 = bob;
  aliceOnN1.node = n1->self();
  bobOnN2.node = n2->self();
  ASSERT_TRUE(n1->exchangePlayers({alice}));
  auto seen = n2->exchangePlayers({bob});
  ASSERT_TRUE(seen);
  EXPECT_EQ(*seen, std::vector<ListedPlayer>{aliceOnN1});
  seen = n1->exchangePlayers({alice});
  ASSERT_TRUE(seen);
  EXPECT_EQ(*seen, std::vector<ListedPlayer>{bobOnN2});
  // A list is replaced whole; an empty one lists nobody.
  ASSERT_TRUE(n2->exchangePlayers({}));
  seen = n3->exchangePlayers({});
  ASSERT_TRUE(seen);
  EXPECT_EQ(*seen, std::vector<ListedPlayer>{aliceOnN1});
  // A node whose lease ran out (deleted here, as an expiry would) is not listed, and is dropped
  // from the set of nodes.
  ASSERT_TRUE(n2->exchangePlayers({bob}));
  redisContext* cmd = redisConnect(address.host.c_str(), address.port);
  ASSERT_TRUE(cmd && !cmd->err);
  auto* r = static_cast<redisReply*>(redisCommand(cmd, "SELECT %d", address.db));
  freeReplyObject(r);
  std::string key = "gomoku:node:" + n2->self();
  r = static_cast<redisReply*>(redisCommand(cmd, "DEL %s", key.c_str()));
  freeReplyObject(r);
  seen = n3->exchangePlayers({});
  ASSERT_TRUE(seen);
  EXPECT_EQ(*seen, std::vector<ListedPlayer>{aliceOnN1});
  r = static_cast<redisReply*>(redisCommand(cmd, "SISMEMBER gomoku:nodes %s", n2->self().c_str()));
  ASSERT_TRUE(r && r->type == REDIS_REPLY_INTEGER);
  EXPECT_EQ(r->integer, 0);
  freeReplyObject(r);
  redisFree(cmd);
  // A node that left is not listed any more.
  n1->leave();
  seen = n3->exchangePlayers({});
  ASSERT_TRUE(seen);
  EXPECT_TRUE(seen->empty());
}

TEST_F(RedisPresenceTest, AnotherNodesGarbledListEntriesAreSkipped) {
  // Another node's list is checked as a peer's message would be: a line that is not
  // "account<TAB>score<TAB>state<TAB>name" with sane values is left out, the rest is kept.
  auto n1 = node("n1"), n2 = node("n2");
  ListedPlayer alice{1, {"alice", 1030, net::PlayerState::Playing}, {}};
  ASSERT_TRUE(n1->exchangePlayers({alice}));
  redisContext* cmd = redisConnect(address.host.c_str(), address.port);
  ASSERT_TRUE(cmd && !cmd->err);
  auto* r = static_cast<redisReply*>(redisCommand(cmd, "SELECT %d", address.db));
  freeReplyObject(r);
  const std::string key = "gomoku:playerlist:" + n1->self();
  const std::string list =
      "1\t1030\t3\talice\n"   // kept
      "0\t1000\t1\tnobody\n"  // no account 0
      "3\t1000\t9\tcarol\n"   // no such state
      "4\tmany\t1\tdave\n"    // a score that is no number
      "5\t1000\t1\t\n"        // no name
      "6\t1000\t1\tev\x01"
      "e\n"                      // a control character
      "7\t1000\n"                // too few fields
      "8\t990\t1\tBob\tsmith\n"  // a tab is no part of a name: dropped
      "\n"                       // empty
      "9\t1010\t1\tzoe";         // the last line without its newline: kept
  r = static_cast<redisReply*>(
      redisCommand(cmd, "SET %s %b", key.c_str(), list.data(), list.size()));
  ASSERT_TRUE(r && r->type == REDIS_REPLY_STATUS);
  freeReplyObject(r);
  redisFree(cmd);
  auto seen = n2->exchangePlayers({});
  ASSERT_TRUE(seen);
  ListedPlayer zoe{9, {"zoe", 1010, net::PlayerState::Hall}, n1->self()};
  alice.node = n1->self();
  EXPECT_EQ(*seen, (std::vector<ListedPlayer>{alice, zoe}));
}

TEST_F(RedisPresenceTest, OneNodesBadListLeavesTheOthersListed) {
  auto n1 = node("n1"), n2 = node("n2"), n3 = node("n3");
  ListedPlayer alice{1, {"alice", 1030, net::PlayerState::Playing}, {}};
  // A name that would break a line in two is not published (no account has one).
  ListedPlayer forged{2, {"x\n3\t3000\t1\tforged", 900, net::PlayerState::Hall}, {}};
  ListedPlayer bob{4, {"Bob", 970, net::PlayerState::Hall}, {}};
  ASSERT_TRUE(n1->exchangePlayers({alice}));
  ASSERT_TRUE(n3->exchangePlayers({forged, bob}));
  // n1's list replaced by a key of another kind: n1's players are unknown, n3's still listed.
  redisContext* cmd = redisConnect(address.host.c_str(), address.port);
  ASSERT_TRUE(cmd && !cmd->err);
  auto* r = static_cast<redisReply*>(redisCommand(cmd, "SELECT %d", address.db));
  freeReplyObject(r);
  const std::string key = "gomoku:playerlist:" + n1->self();
  r = static_cast<redisReply*>(redisCommand(cmd, "DEL %s", key.c_str()));
  freeReplyObject(r);
  r = static_cast<redisReply*>(redisCommand(cmd, "HSET %s 1 alice", key.c_str()));
  ASSERT_TRUE(r && r->type == REDIS_REPLY_INTEGER);
  freeReplyObject(r);
  redisFree(cmd);
  auto seen = n2->exchangePlayers({});
  ASSERT_TRUE(seen);
  bob.node = n3->self();
  EXPECT_EQ(*seen, std::vector<ListedPlayer>{bob});
}

TEST_F(RedisPresenceTest, TwoNodesClaimingTheSameAccountsAtOnceNeverBothWin) {
  // Two nodes' lanes claim the same 1 000 accounts, meeting at a barrier before each claim so
  // that both claims of an account are in flight together. Whoever wins, one does.
  // Leases longer than the test, however slowly a loaded machine runs it.
  auto n1 = node("n1", 1h), n2 = node("n2", 1h);
  constexpr int kAccounts = 1000;
  std::vector<Claim> c1(kAccounts), c2(kAccounts);
  std::barrier step(2);
  auto run = [&](Presence& p, std::vector<Claim>& out) {
    for (int i = 0; i < kAccounts; ++i) {
      step.arrive_and_wait();
      out[i] = p.claim(1000 + i);
    }
  };
  std::thread t1([&] { run(*n1, c1); });
  std::thread t2([&] { run(*n2, c2); });
  t1.join();
  t2.join();
  for (int i = 0; i < kAccounts; ++i) {
    ASSERT_NE(c1[i], Claim::Unavailable);
    ASSERT_NE(c2[i], Claim::Unavailable);
    ASSERT_NE(c1[i] == Claim::Claimed, c2[i] == Claim::Claimed) << "account " << 1000 + i;
  }
  // And the store agrees: each account's holder is the node that was told Claimed.
  for (int i = 0; i < kAccounts; ++i) {
    Presence& winner = c1[i] == Claim::Claimed ? *n1 : *n2;
    Presence& loser = c1[i] == Claim::Claimed ? *n2 : *n1;
    ASSERT_EQ(winner.claim(1000 + i), Claim::Claimed);
    ASSERT_EQ(loser.claim(1000 + i), Claim::HeldElsewhere);
  }
}

TEST_F(RedisPresenceTest, AStoreThatWentAwayIsReachedAgain) {
  const char* ctl = std::getenv("GOMOKU_TEST_REDIS_CTL");
  if (!ctl) GTEST_SKIP() << "GOMOKU_TEST_REDIS_CTL is not set";
  auto n1 = node("n1");
  EXPECT_EQ(n1->claim(3), Claim::Claimed);
  ASSERT_EQ(std::system((std::string(ctl) + " stop").c_str()), 0);
  EXPECT_EQ(n1->claim(4), Claim::Unavailable);
  EXPECT_EQ(n1->renew(), Renewal::Unavailable);
  ASSERT_EQ(std::system((std::string(ctl) + " start " + std::to_string(address.port)).c_str()), 0);
  // An empty store (nothing was saved): the lease is gone, and claims work again.
  EXPECT_EQ(n1->renew(), Renewal::Lapsed);
  EXPECT_EQ(n1->claim(4), Claim::Claimed);
}

TEST_F(RedisPresenceTest, TheQueueListsLiveNodesSeekersOnly) {
  auto n1 = node("n1"), n2 = node("n2");
  Seek a = seekOf(1, n1->self(), 1000), b = seekOf(2, n2->self(), 1100);
  ASSERT_TRUE(n1->seek(a));
  ASSERT_TRUE(n2->seek(b));
  auto all = n1->seekers();
  ASSERT_TRUE(all);
  std::sort(all->begin(), all->end(), [](auto& x, auto& y) { return x.account < y.account; });
  EXPECT_EQ(*all, (std::vector<Seek>{a, b}));
  // A node takes out only its own players.
  ASSERT_TRUE(n1->unseek(2));
  EXPECT_EQ(n1->seekers()->size(), 2u);
  ASSERT_TRUE(n2->unseek(2));
  EXPECT_EQ(*n1->seekers(), std::vector<Seek>{a});
  // A seek replaced (a new rule) is a new entry: a pair read before it cannot be taken.
  ASSERT_TRUE(n2->seek(b));
  Seek b2 = b;
  b2.rule = Rule::Standard;
  ASSERT_TRUE(n2->seek(b2));
  EXPECT_EQ(n1->takePair(a, b), std::optional<bool>(false));
  EXPECT_EQ(n1->takePair(a, a), std::optional<bool>(false));  // never a player with itself
  EXPECT_EQ(n1->takePair(a, b2), std::optional<bool>(true));
  EXPECT_EQ(n1->takePair(a, b2), std::optional<bool>(false));  // taken already
  EXPECT_TRUE(n1->seekers()->empty());
  // The players of a node whose lease is gone are dropped.
  ASSERT_TRUE(n2->seek(b));
  n2->leave();
  EXPECT_TRUE(n1->seekers()->empty());
}

TEST_F(RedisPresenceTest, LiveNodesAreThoseWhoseLeaseLives) {
  auto n1 = node("n1"), n2 = node("n2");
  ASSERT_TRUE(n1->exchangePlayers({}));  // a node is known once it published its players
  ASSERT_TRUE(n2->exchangePlayers({}));
  auto live = n1->liveNodes();
  ASSERT_TRUE(live);
  std::sort(live->begin(), live->end());
  auto both = std::vector<std::string>{n1->self(), n2->self()};
  std::sort(both.begin(), both.end());
  EXPECT_EQ(*live, both);
  n2->leave();
  EXPECT_EQ(*n1->liveNodes(), std::vector<std::string>{n1->self()});
}

TEST_F(RedisPresenceTest, TwoNodesPairingTheSameQueueNeverPairAPlayerTwice) {
  // 1 000 rounds. In each, six players wait (three on each node); both nodes read the queue at
  // once and each takes the pairs it chose, at once: n1 pairs them as (0,1) (2,3) (4,5), n2 as
  // (1,2) (3,4) (5,0), so every pair of one conflicts with two of the other. Whatever the
  // interleaving, no player is taken twice, and what is left waiting is exactly who was not.
  // Leases longer than the test, however slowly a loaded machine runs it.
  auto n1 = node("n1", 1h), n2 = node("n2", 1h);
  constexpr int kRounds = 1000;
  std::barrier step(2);
  using Taken = std::vector<std::vector<std::pair<std::int64_t, std::int64_t>>>;
  Taken took1(kRounds), took2(kRounds);
  std::atomic<int> storeFailures{0};  // counted, not asserted: both threads must reach each step
  auto run = [&](Presence& p, int shift, Taken& took) {
    for (int round = 0; round < kRounds; ++round) {
      for (int i = shift; i < 6; i += 2)  // n1 puts in players 1, 3, 5; n2 players 2, 4, 6
        storeFailures += !p.seek(seekOf(round * 6 + i + 1, p.self()));
      step.arrive_and_wait();
      auto queue = p.seekers();
      storeFailures += !queue;
      std::map<std::int64_t, Seek> byId;
      for (const Seek& s : queue.value_or(std::vector<Seek>{})) byId[s.account] = s;
      step.arrive_and_wait();
      for (int i = 0; i < 6; i += 2) {
        std::int64_t x = round * 6 + (i + shift) % 6 + 1, y = round * 6 + (i + 1 + shift) % 6 + 1;
        if (!byId.count(x) || !byId.count(y)) continue;
        auto ok = p.takePair(byId[x], byId[y]);
        storeFailures += !ok;
        if (ok.value_or(false)) took[round].push_back({x, y});
      }
      step.arrive_and_wait();
    }
  };
  std::thread t1([&] { run(*n1, 0, took1); });
  std::thread t2([&] { run(*n2, 1, took2); });
  t1.join();
  t2.join();
  ASSERT_EQ(storeFailures, 0);
  int pairs = 0;
  for (int round = 0; round < kRounds; ++round) {
    std::set<std::int64_t> taken;
    for (const auto* took : {&took1[round], &took2[round]})
      for (auto [x, y] : *took) {
        ASSERT_TRUE(taken.insert(x).second) << "player " << x << " paired twice";
        ASSERT_TRUE(taken.insert(y).second) << "player " << y << " paired twice";
        ++pairs;
      }
    ASSERT_GE(taken.size(), 2u) << "round " << round << ": nobody paired";
  }
  auto left = n1->seekers();
  ASSERT_TRUE(left);
  std::set<std::int64_t> waiting;
  for (const Seek& s : *left) waiting.insert(s.account);
  std::size_t untaken = 0;
  for (int round = 0; round < kRounds; ++round) {
    std::set<std::int64_t> taken;
    for (const auto* took : {&took1[round], &took2[round]})
      for (auto [x, y] : *took) taken.insert({x, y});
    for (int i = 1; i <= 6; ++i) {
      std::int64_t id = round * 6 + i;
      ASSERT_EQ(waiting.count(id) == 1, taken.count(id) == 0) << "player " << id;
      untaken += taken.count(id) == 0;
    }
  }
  EXPECT_EQ(untaken, waiting.size());
  EXPECT_GT(pairs, kRounds);
}

TEST_F(RedisPresenceTest, MessagesBetweenNodesArriveOnceInTheOrderPosted) {
  auto n1 = node("n1"), n2 = node("n2"), n3 = node("n3");
  auto none = n3->receive(1ms);
  ASSERT_TRUE(none) << n3->receiveError();
  EXPECT_TRUE(none->empty());
  // A receive waiting in its own thread wakes for a message posted meanwhile.
  std::optional<std::vector<std::string>> got;
  std::thread reader([&] { got = n3->receive(30s); });
  std::string binary("a\0b\xff", 4);
  ASSERT_TRUE(n1->post(n3->self(), binary));
  reader.join();
  ASSERT_TRUE(got) << n3->receiveError();
  EXPECT_EQ(*got, std::vector<std::string>{binary});
  // Two senders, interleaved: each one's messages in order, none twice, none lost.
  for (int i = 0; i < 500; ++i) {
    ASSERT_TRUE(n1->post(n3->self(), "1:" + std::to_string(i)));
    ASSERT_TRUE(n2->post(n3->self(), "2:" + std::to_string(i)));
  }
  std::vector<std::string> all;
  while (all.size() < 1000) {
    auto more = n3->receive(30s);
    ASSERT_TRUE(more) << n3->receiveError();
    ASSERT_FALSE(more->empty()) << "only " << all.size() << " of 1000 arrived";
    all.insert(all.end(), more->begin(), more->end());
  }
  int next1 = 0, next2 = 0;
  for (const std::string& m : all) {
    if (m.rfind("1:", 0) == 0) {
      EXPECT_EQ(m, "1:" + std::to_string(next1++));
    } else {
      EXPECT_EQ(m, "2:" + std::to_string(next2++));
    }
  }
  EXPECT_EQ(next1, 500);
  EXPECT_EQ(next2, 500);
  EXPECT_TRUE(n3->receive(0ms)->empty());  // no wait at all (not Redis's BLOCK 0: for ever)
  EXPECT_TRUE(n1->receive(1ms)->empty());  // nothing was posted to n1
}

TEST_F(RedisPresenceTest, ARunningGameIsTakenOverOnlyFromADeadOwner) {
  auto n1 = node("n1"), n2 = node("n2");
  const std::string key = n1->self() + "#1";
  ASSERT_TRUE(n1->openGame(key, {1, 2}, {"header", "e1"})) << n1->lastError();
  // While its owner lives, the game is found but stays its owner's.
  auto found = n2->gameOf(1);
  ASSERT_TRUE(found) << n2->lastError();
  EXPECT_EQ(found->key, key);
  EXPECT_EQ(found->owner, n1->self());
  EXPECT_TRUE(found->journal.empty());
  auto none = n2->gameOf(3);
  ASSERT_TRUE(none);
  EXPECT_TRUE(none->key.empty());
  // Writes go on from an index: a write retried from the same index replaces, not doubles.
  EXPECT_EQ(n1->writeJournal(key, 2, {"e2", "e3"}), JournalWrite::Written);
  EXPECT_EQ(n1->writeJournal(key, 3, {"e3", "e4"}), JournalWrite::Written);
  EXPECT_EQ(n1->writeJournal(key, 9, {"e9"}), JournalWrite::Missing);
  EXPECT_EQ(n2->writeJournal(key, 5, {"e5"}), JournalWrite::Taken);
  EXPECT_EQ(n1->writeJournal("nothing#1", 1, {"e"}), JournalWrite::Missing);
  // The owner dies: the first of its players to log in elsewhere brings the game there.
  n1->leave();
  auto taken = n2->gameOf(2);
  ASSERT_TRUE(taken);
  EXPECT_EQ(taken->key, key);
  EXPECT_EQ(taken->owner, n2->self());
  EXPECT_EQ(taken->journal, (std::vector<std::string>{"header", "e1", "e2", "e3", "e4"}));
  auto again = n2->gameOf(1);  // the other player: the game is n2's now
  ASSERT_TRUE(again);
  EXPECT_EQ(again->owner, n2->self());
  EXPECT_TRUE(again->journal.empty());
  EXPECT_EQ(n1->writeJournal(key, 5, {"late"}), JournalWrite::Taken);  // n1 was not dead after all
  EXPECT_EQ(n2->writeJournal(key, 5, {"e5"}), JournalWrite::Written);
  // Over: the game and its players' entries are gone.
  ASSERT_TRUE(n2->closeGame(key, {1, 2}));
  for (std::int64_t a : {1, 2}) {
    auto after = n2->gameOf(a);
    ASSERT_TRUE(after);
    EXPECT_TRUE(after->key.empty()) << a;
  }
}

TEST_F(RedisPresenceTest, ABatchOfJournalWritesAnswersEachGameInOrder) {
  auto n1 = node("n1"), n2 = node("n2");
  const std::string a = n1->self() + "#1", b = n1->self() + "#2", theirs = n2->self() + "#1";
  ASSERT_TRUE(n2->openGame(theirs, {7, 8}, {"h"})) << n2->lastError();
  std::vector<std::string> longOne{"h"};  // more entries than one RPUSH of the scripts takes
  for (int i = 1; i < 2500; ++i) longOne.push_back("e" + std::to_string(i));
  std::vector<JournalJob> jobs{
      {a, true, 0, {1, 2}, {"h", "a1"}},  // opened, then written on in the same batch
      {a, false, 2, {}, {"a2", "a3"}},    //
      {b, false, 1, {}, {"b1"}},          // never opened: missing
      {theirs, false, 1, {}, {"x"}},      // another live node's: taken
      {b, true, 0, {3, 4}, longOne},      // a long journal, whole
      {a, false, 9, {}, {"a9"}},          // a gap: missing
  };
  EXPECT_EQ(n1->storeJournals(jobs),
            (std::vector<JournalWrite>{JournalWrite::Written, JournalWrite::Written,
                                       JournalWrite::Missing, JournalWrite::Taken,
                                       JournalWrite::Written, JournalWrite::Missing}))
      << n1->journalError();
  EXPECT_TRUE(n1->storeJournals({}).empty());
  // The keys' life starts again only when the journal passes a multiple of 64 entries.
  redisContext* r = redisConnect(address.host.c_str(), address.port);
  ASSERT_TRUE(r && !r->err);
  freeReplyObject(redisCommand(r, "SELECT %d", address.db));
  auto pttl = [&](const std::string& key) {
    redisReply* t = static_cast<redisReply*>(redisCommand(r, "PTTL %s", key.c_str()));
    long long v = t && t->type == REDIS_REPLY_INTEGER ? t->integer : -3;
    freeReplyObject(t);
    return v;
  };
  redisReply* shortened = static_cast<redisReply*>(
      redisCommand(r, "PEXPIRE %s 100000", ("gomoku:journal:" + a).c_str()));
  freeReplyObject(shortened);
  ASSERT_EQ(n1->writeJournal(a, 4, {"a4"}), JournalWrite::Written);
  EXPECT_LE(pttl("gomoku:journal:" + a), 100000);  // 5 entries: not renewed
  std::vector<std::string> more;
  for (int i = 5; i <= 64; ++i) more.push_back("a" + std::to_string(i));
  ASSERT_EQ(n1->writeJournal(a, 5, more), JournalWrite::Written);
  EXPECT_GT(pttl("gomoku:journal:" + a), 100000);  // passed entry 64: a day again
  redisFree(r);
  n1->leave();  // the journals as stored, through a take-over
  auto gotA = n2->gameOf(1);
  ASSERT_TRUE(gotA);
  std::vector<std::string> wantA{"h", "a1", "a2", "a3", "a4"};
  wantA.insert(wantA.end(), more.begin(), more.end());
  EXPECT_EQ(gotA->journal, wantA);
  auto gotB = n2->gameOf(4);
  ASSERT_TRUE(gotB);
  EXPECT_EQ(gotB->journal, longOne);
}

TEST_F(RedisPresenceTest, EachLaneHasAConnectionOfItsOwn) {
  // The lease, the journals and the other calls come from three threads at once (the server's
  // lanes): none waits for or garbles another's answers.
  auto n1 = node("n1");
  constexpr int kRounds = 300;
  std::atomic<int> failures{0};
  std::thread lease([&] {
    for (int i = 0; i < kRounds; ++i)
      if (n1->renew() != Renewal::Renewed) ++failures;
  });
  std::thread journal([&] {
    const std::string key = n1->self() + "#1";
    if (!n1->openGame(key, {1, 2}, {"h"})) ++failures;
    for (int i = 0; i < kRounds; ++i)
      if (n1->writeJournal(key, static_cast<std::size_t>(i + 1), {std::to_string(i)}) !=
          JournalWrite::Written)
        ++failures;
  });
  for (int i = 0; i < kRounds; ++i)
    if (n1->claim(100 + i) != Claim::Claimed) ++failures;
  lease.join();
  journal.join();
  EXPECT_EQ(failures, 0) << n1->lastError() << " / " << n1->journalError() << " / "
                         << n1->leaseError();
  auto n2 = node("n2");
  n1->leave();
  auto got = n2->gameOf(2);
  ASSERT_TRUE(got);
  EXPECT_EQ(got->journal.size(), static_cast<std::size_t>(kRounds + 1));
}

TEST_F(RedisPresenceTest, TwoNodesTakingOverTheSameGameAtOnceNeverBothWin) {
  // 200 rounds: a node opens a game and dies; two nodes each log in one of its players at
  // once. Exactly one takes the game over (with its journal); the other finds it that one's.
  auto n1 = node("n1", 1h), n2 = node("n2", 1h);
  constexpr int kRounds = 200;
  std::barrier step(2);
  std::vector<std::optional<StoredGame>> got1(kRounds), got2(kRounds);
  std::vector<std::string> keys(kRounds);
  auto run = [&](Presence& p, int player, std::vector<std::optional<StoredGame>>& got) {
    for (int round = 0; round < kRounds; ++round) {
      if (player == 1) {
        auto owner = node("owner");
        keys[round] = owner->self() + "#" + std::to_string(round);
        EXPECT_TRUE(owner->openGame(keys[round], {round * 2 + 1, round * 2 + 2}, {"h"}));
        owner->leave();
      }
      step.arrive_and_wait();
      got[round] = p.gameOf(round * 2 + player);
      step.arrive_and_wait();
    }
  };
  std::thread t1([&] { run(*n1, 1, got1); });
  std::thread t2([&] { run(*n2, 2, got2); });
  t1.join();
  t2.join();
  for (int round = 0; round < kRounds; ++round) {
    ASSERT_TRUE(got1[round] && got2[round]) << round;
    EXPECT_EQ(got1[round]->key, keys[round]);
    EXPECT_EQ(got2[round]->key, keys[round]);
    const bool oneTook = !got1[round]->journal.empty();
    const bool twoTook = !got2[round]->journal.empty();
    ASSERT_NE(oneTook, twoTook) << "round " << round;
    const std::string winner = oneTook ? n1->self() : n2->self();
    EXPECT_EQ(got1[round]->owner, winner);
    EXPECT_EQ(got2[round]->owner, winner);
  }
}

}  // namespace
}  // namespace gomoku::server
