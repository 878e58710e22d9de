// The cluster's sign-in register (presence_redis.h) against a real Redis server that
// with-redis.sh starts for the test binary (GOMOKU_TEST_REDIS); skipped when none is given.

#include "server/presence_redis.h"

#include <gtest/gtest.h>
#include <hiredis/hiredis.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <barrier>
#include <cstdlib>
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
  ListedPlayer alice{1, {"alice", 1030, net::PlayerState::Playing}};
  ListedPlayer bob{2, {"Bob", 970, net::PlayerState::Finding}};
  ASSERT_TRUE(n1->exchangePlayers({alice}));
  auto seen = n2->exchangePlayers({bob});
  ASSERT_TRUE(seen);
  EXPECT_EQ(*seen, std::vector<ListedPlayer>{alice});
  seen = n1->exchangePlayers({alice});
  ASSERT_TRUE(seen);
  EXPECT_EQ(*seen, std::vector<ListedPlayer>{bob});
  // A list is replaced whole; an empty one lists nobody.
  ASSERT_TRUE(n2->exchangePlayers({}));
  seen = n3->exchangePlayers({});
  ASSERT_TRUE(seen);
  EXPECT_EQ(*seen, std::vector<ListedPlayer>{alice});
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
  EXPECT_EQ(*seen, std::vector<ListedPlayer>{alice});
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

TEST_F(RedisPresenceTest, TwoNodesClaimingTheSameAccountsAtOnceNeverBothWin) {
  // Two nodes' lanes claim the same 1 000 accounts, meeting at a barrier before each claim so
  // that both claims of an account are in flight together. Whoever wins, one does.
  auto n1 = node("n1"), n2 = node("n2");
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

}  // namespace
}  // namespace gomoku::server
