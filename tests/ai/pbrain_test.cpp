// The Gomocup protocol both ways: the brain class driven by string streams, the pbrain-gomoku
// executable through real pipes, and the external-engine client against our own executable.

#include <gtest/gtest.h>

#include <chrono>
#include <sstream>
#include <string>
#include <vector>

#include "ai/pbrain.h"
#include "ai/pbrain_client.h"
#include "core/game.h"

using namespace gomoku;
using namespace gomoku::ai;

namespace {

std::vector<std::string> lines(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  std::string l;
  while (std::getline(in, l))
    if (l.rfind("MESSAGE", 0) != 0 && l.rfind("DEBUG", 0) != 0) out.push_back(l);
  return out;
}

Point parse(const std::string& s) {
  Point p{-1, -1};
  EXPECT_EQ(std::sscanf(s.c_str(), "%d,%d", &p.x, &p.y), 2) << s;
  return p;
}

}  // namespace

TEST(Pbrain, Conversation) {
  std::ostringstream out;
  PbrainBrain brain(out, 3);
  std::istringstream in(
      "START 15\r\nINFO timeout_turn 300\r\nINFO timeout_match 100000\r\nINFO time_left 100000\r\n"
      "INFO max_memory 83886080\r\nINFO rule 0\r\nINFO thread_num 2\r\nBEGIN\r\nTURN "
      "7,8\r\nTAKEBACK 7,8\r\nABOUT\r\n"
      "RESTART\r\nBOARD\r\n7,7,2\r\n8,8,1\r\n6,6,2\r\nDONE\r\nFOO\r\nEND\r\nTURN 1,1\r\n");
  EXPECT_EQ(brain.run(in), 0);
  auto r = lines(out.str());
  ASSERT_EQ(r.size(), 8u) << out.str();
  EXPECT_EQ(r[0], "OK");
  EXPECT_EQ(parse(r[1]), (Point{7, 7}));
  const Point second = parse(r[2]);
  EXPECT_TRUE(second != (Point{7, 7}) && second != (Point{7, 8}));
  EXPECT_EQ(r[3], "OK");
  EXPECT_NE(r[4].find("name="), std::string::npos);
  EXPECT_EQ(r[5], "OK");
  // Black (7,7) and (6,6) with (8,8) ours: we are White and must stop (5,5)/(8,8)-line threats;
  // any empty point is legal.
  const Point m = parse(r[6]);
  EXPECT_EQ(brain.board().at(m), Stone::White);
  EXPECT_EQ(r[7], "UNKNOWN FOO");
  EXPECT_EQ(brain.turnTimeMs(), 300);
  // The search gets the turn's time less a margin for the process and the pipes.
  EXPECT_GT(brain.limits().turnTimeMs, 0);
  EXPECT_LE(brain.limits().turnTimeMs, 300 - 25);
  EXPECT_GE(brain.limits().turnTimeMs, 300 - 60);
  EXPECT_EQ(brain.limits().threads, 2);
}

TEST(Pbrain, RenjuRuleAndBadInput) {
  std::ostringstream out;
  PbrainBrain brain(out, 2);
  for (const char* l :
       {"TURN 1,1", "START 3", "START 15", "INFO rule 4", "TURN 99,1", "TURN 7,7", "TURN 7,7"})
    brain.handleLine(l);
  EXPECT_EQ(brain.rule(), Rule::Renju);
  auto r = lines(out.str());
  ASSERT_GE(r.size(), 6u) << out.str();
  EXPECT_EQ(r[0].rfind("ERROR", 0), 0u);
  EXPECT_EQ(r[1].rfind("ERROR", 0), 0u);
  EXPECT_EQ(r[2], "OK");
  EXPECT_EQ(r[3].rfind("ERROR", 0), 0u);
  parse(r[4]);
  EXPECT_EQ(r[5].rfind("ERROR", 0), 0u);  // occupied
  EXPECT_EQ(ruleFromGomocup(0), Rule::Freestyle);
  EXPECT_EQ(ruleFromGomocup(1), Rule::Standard);
  EXPECT_EQ(ruleFromGomocup(4), Rule::Renju);
  EXPECT_EQ(ruleFromGomocup(5), Rule::Renju);
}

TEST(Pbrain, Swap2Board) {
  std::ostringstream out;
  PbrainBrain brain(out, 2);
  for (const char* l : {"START 15", "INFO timeout_turn 200", "SWAP2BOARD", "DONE"})
    brain.handleLine(l);
  auto r = lines(out.str());
  ASSERT_EQ(r.size(), 2u);
  int a, b, c, d, e, f;
  EXPECT_EQ(std::sscanf(r[1].c_str(), "%d,%d %d,%d %d,%d", &a, &b, &c, &d, &e, &f), 6) << r[1];
  for (const char* l : {"SWAP2BOARD", "7,7", "8,7", "7,9", "DONE"}) brain.handleLine(l);
  r = lines(out.str());
  ASSERT_EQ(r.size(), 3u);
  EXPECT_TRUE(r[2] == "SWAP" || std::sscanf(r[2].c_str(), "%d,%d", &a, &b) == 2) << r[2];
  // Five stones: SWAP (take Black) or the 6th move as White, one point.
  for (const char* l : {"SWAP2BOARD", "7,7", "8,7", "7,9", "8,8", "6,6", "DONE"})
    brain.handleLine(l);
  r = lines(out.str());
  ASSERT_EQ(r.size(), 4u);
  char extra = 0;
  EXPECT_TRUE(r[3] == "SWAP" || std::sscanf(r[3].c_str(), "%d,%d%c", &a, &b, &extra) == 2) << r[3];
}

TEST(Pbrain, Swap2BoardRefusesOtherCountsAndBadLinesWithOneReply) {
  std::ostringstream out;
  PbrainBrain brain(out, 1);
  for (const char* l : {"START 15", "SWAP2BOARD", "7,7", "8,7", "DONE"}) brain.handleLine(l);
  auto r = lines(out.str());
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[1].rfind("ERROR SWAP2BOARD takes 0, 3 or 5 stones", 0), 0u) << r[1];
  for (const char* l : {"SWAP2BOARD", "7,7", "seven", "9,9", "DONE"}) brain.handleLine(l);
  r = lines(out.str());
  ASSERT_EQ(r.size(), 3u);  // one reply, at DONE
  EXPECT_EQ(r[2], "ERROR bad stone line: seven");
  for (const char* l : {"SWAP2BOARD", "7,7", "7,7", "9,9", "DONE"}) brain.handleLine(l);
  r = lines(out.str());
  ASSERT_EQ(r.size(), 4u);
  EXPECT_EQ(r[3].rfind("ERROR", 0), 0u) << r[3];  // a stone twice
}

TEST(PbrainClient, PlaysOurEngineThroughPipes) {
  PbrainClient c;
  std::string err;
  ASSERT_TRUE(c.launch(PBRAIN_GOMOKU_PATH, {"--level", "2"}, err)) << err;
  ASSERT_TRUE(c.start(15, 5000, err)) << err;
  c.info("timeout_turn", "200");
  c.info("rule", "4");
  EXPECT_NE(c.about(5000).find("gomoku"), std::string::npos);
  Game g(15, Rule::Renju);
  // The engine plays Black from an empty board, we answer with simple moves; 12 plies.
  auto m = c.begin(5000, err);
  ASSERT_TRUE(m) << err;
  ASSERT_EQ(g.play(*m), MoveError::None);
  for (int k = 0; k < 6 && !g.over(); ++k) {
    Point mine{-1, -1};
    for (int y = 0; y < 15 && mine.x < 0; ++y)
      for (int x = 0; x < 15; ++x)
        if (g.check({x, y}) == MoveError::None) {
          mine = {x, y};
          break;
        }
    ASSERT_EQ(g.play(mine), MoveError::None);
    if (g.over()) break;
    m = c.turn(mine, 5000, err);
    ASSERT_TRUE(m) << err;
    ASSERT_EQ(g.play(*m), MoveError::None) << m->x << "," << m->y;
  }
  // BOARD with the moves so far.
  if (!g.over()) {
    auto b = c.board(g.moves(), 5000, err);
    ASSERT_TRUE(b) << err;
    EXPECT_EQ(g.check(*b), MoveError::None);
  }
  const long pid = c.pid();
  EXPECT_GT(pid, 0);
  c.end();
  EXPECT_FALSE(c.alive());
  EXPECT_EQ(c.pid(), 0);
}

TEST(PbrainClient, RepliesWithinTimeoutTurn) {
  // Through real pipes: a level-5 brain told INFO timeout_turn 300 answers every turn. Its
  // budget (the turn less a margin) is checked in Pbrain.Conversation; the wall time of a
  // reply depends on the machine's load, so the client waits with a safety net only, and the
  // time a reply takes on a quiet machine is a benchmark figure (tests/bench), not a test.
  PbrainClient c;
  std::string err;
  ASSERT_TRUE(c.launch(PBRAIN_GOMOKU_PATH, {}, err)) << err;
  ASSERT_TRUE(c.start(15, 5000, err)) << err;
  c.info("timeout_turn", "300");
  c.info("timeout_match", "100000");
  c.info("time_left", "100000");
  c.info("max_memory", "83886080");
  Game g(15, Rule::Freestyle);
  for (Point p : {Point{7, 7}, Point{8, 8}, Point{6, 8}}) g.play(p);
  for (int k = 0; k < 6 && !g.over(); ++k) {
    auto m = k == 0 ? c.board(g.moves(), 30000, err) : c.turn(g.moves().back(), 30000, err);
    ASSERT_TRUE(m) << err;
    ASSERT_EQ(g.play(*m), MoveError::None);
    if (g.over()) break;
    // Our reply: the first free point next to the engine's stone.
    for (Point d : {Point{1, 0}, Point{0, 1}, Point{-1, 0}, Point{0, -1}, Point{1, 1},
                    Point{-1, -1}, Point{1, -1}, Point{-1, 1}, Point{2, 0}, Point{0, 2}}) {
      const Point q{m->x + d.x, m->y + d.y};
      if (g.check(q) == MoveError::None) {
        g.play(q);
        break;
      }
    }
  }
  c.end();
}

TEST(PbrainClient, ReportsSilentAndCrashedEngines) {
  std::string err;
  {
    PbrainClient c;
    ASSERT_TRUE(c.launch("/bin/sh", {"-c", "sleep 30"}, err)) << err;
    EXPECT_FALSE(c.start(15, 200, err));
    EXPECT_NE(err.find("did not answer within 200 ms"), std::string::npos) << err;
    c.end(100);
    EXPECT_FALSE(c.alive());
  }
  {
    PbrainClient c;
    ASSERT_TRUE(c.launch("/bin/sh", {"-c", "read x; echo OK; read y; kill -SEGV $$"}, err)) << err;
    ASSERT_TRUE(c.start(15, 2000, err)) << err;
    EXPECT_FALSE(c.begin(2000, err));
    EXPECT_NE(err.find("crashed (signal 11)"), std::string::npos) << err;
  }
  {
    PbrainClient c;
    ASSERT_TRUE(c.launch("/bin/sh", {"-c", "read x; echo OK; read y; echo hello"}, err)) << err;
    ASSERT_TRUE(c.start(15, 2000, err)) << err;
    EXPECT_FALSE(c.begin(2000, err));
    EXPECT_NE(err.find("invalid reply"), std::string::npos) << err;
  }
  {
    PbrainClient c;
    EXPECT_FALSE(c.launch("/nonexistent/pbrain-x", {}, err));
    EXPECT_NE(err.find("cannot start"), std::string::npos) << err;
  }
}
