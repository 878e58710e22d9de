// ai::ExternalEngine: a pbrain engine behind the contract of ai::Engine (start, stop, wait,
// callbacks), driven here with the project's own pbrain-gomoku and with shell scripts that
// misbehave. POSIX only (the scripts need /bin/sh).

#include <gtest/gtest.h>

#include <condition_variable>
#include <mutex>

#include "ai/external_engine.h"
#include "ai/pbrain.h"
#include "core/game.h"

using namespace gomoku;
using namespace gomoku::ai;

namespace {

// One search, synchronously: start, then wait for onDone.
SearchResult ask(ExternalEngine& e, const Game& g, std::int64_t turnMs = 300) {
  Limits limits;
  limits.turnTimeMs = turnMs;
  SearchResult out;
  int calls = 0;
  Callbacks cb;
  cb.onDone = [&](const SearchResult& r) {
    out = r;
    ++calls;
  };
  e.start(g.moves(), g.size(), g.rule(), limits, std::move(cb));
  e.wait();
  EXPECT_EQ(calls, 1);
  EXPECT_FALSE(e.running());
  return out;
}

}  // namespace

TEST(ExternalEngine, GomocupRuleIsTheInverseOfRuleFromGomocup) {
  for (Rule r : {Rule::Freestyle, Rule::Standard, Rule::Renju})
    EXPECT_EQ(ruleFromGomocup(gomocupRule(r)), r);
  EXPECT_EQ(gomocupRule(Rule::Renju), 4);
  EXPECT_EQ(gomocupRule(Rule::Standard), 1);
  EXPECT_EQ(gomocupRule(Rule::Freestyle), 0);
}

#ifndef _WIN32

TEST(ExternalEngine, PlaysLegalMovesAndKeepsRunningBetweenThem) {
  ExternalEngine e(PBRAIN_GOMOKU_PATH, {"--level", "2"});
  Game g;
  ASSERT_EQ(g.play({7, 7}), MoveError::None);
  SearchResult r = ask(e, g);
  ASSERT_TRUE(r.move) << r.error;
  EXPECT_TRUE(r.error.empty());
  ASSERT_EQ(g.play(*r.move), MoveError::None);
  ASSERT_EQ(g.play({0, 0}), MoveError::None);
  r = ask(e, g);  // the same process, asked again with BOARD
  ASSERT_TRUE(r.move) << r.error;
  EXPECT_EQ(g.play(*r.move), MoveError::None);
  // The Board form of start(), as ai::Engine's.
  Limits limits;
  limits.turnTimeMs = 300;
  SearchResult viaBoard;
  Callbacks cb;
  cb.onDone = [&](const SearchResult& res) { viaBoard = res; };
  e.start(g.board(), g.toMove(), g.rule(), limits, std::move(cb));
  e.wait();
  ASSERT_TRUE(viaBoard.move) << viaBoard.error;
  EXPECT_EQ(g.check(*viaBoard.move), MoveError::None);
}

TEST(ExternalEngine, RenjuReachesTheEngine) {
  // A renju game with Black to move: the engine, told INFO rule 4, answers with a move the
  // renju judge accepts.
  ExternalEngine e(PBRAIN_GOMOKU_PATH);
  Game g(15, Rule::Renju);
  for (Point p : std::vector<Point>{
           {7, 7}, {0, 0}, {8, 7}, {0, 14}, {7, 8}, {14, 0}, {8, 9}, {14, 14}, {9, 8}, {1, 0}}) {
    ASSERT_EQ(g.play(p), MoveError::None);
  }
  const SearchResult r = ask(e, g);
  ASSERT_TRUE(r.move) << r.error;
  EXPECT_EQ(g.check(*r.move), MoveError::None) << r.move->x << "," << r.move->y;
}

TEST(ExternalEngine, StopCancelsAThinkingEngine) {
  ExternalEngine e("/bin/sh", {"-c", "read x; echo OK; exec sleep 30"});
  Game g;
  ASSERT_EQ(g.play({7, 7}), MoveError::None);
  std::mutex mu;
  std::condition_variable cv;
  SearchResult out;
  bool done = false;
  Limits limits;
  limits.turnTimeMs = 20000;
  Callbacks cb;
  cb.onDone = [&](const SearchResult& r) {
    std::lock_guard<std::mutex> lock(mu);
    out = r;
    done = true;
    cv.notify_all();
  };
  e.start(g.moves(), g.size(), g.rule(), limits, std::move(cb));
  EXPECT_TRUE(e.running());
  const auto t0 = std::chrono::steady_clock::now();
  e.stop();
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
  std::unique_lock<std::mutex> lock(mu);
  ASSERT_TRUE(done);  // onDone ran before stop() returned
  EXPECT_FALSE(out.move);
  EXPECT_EQ(out.error, "cancelled");
  EXPECT_FALSE(e.running());
}

TEST(ExternalEngine, ReportsBrokenEngines) {
  Game g;
  {
    ExternalEngine e("/nonexistent/pbrain-x");
    std::string error;
    EXPECT_FALSE(e.open(15, Rule::Freestyle, Limits{}, error));
    EXPECT_NE(error.find("cannot start /nonexistent/pbrain-x"), std::string::npos) << error;
    const SearchResult r = ask(e, g);
    EXPECT_FALSE(r.move);
    EXPECT_EQ(r.reason, "external engine failed");
    EXPECT_NE(r.error.find("cannot start"), std::string::npos) << r.error;
  }
  {
    ExternalEngine e("/bin/sh", {"-c", "read x; echo OK; exit 3"});
    std::string error;
    ASSERT_TRUE(e.open(15, Rule::Freestyle, Limits{}, error)) << error;
    const SearchResult r = ask(e, g);
    EXPECT_FALSE(r.move);
    EXPECT_NE(r.error.find("exited with code 3"), std::string::npos) << r.error;
  }
}

#endif
