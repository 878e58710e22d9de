// A game stored on a server as a record (session/storedgame.h).
#include "session/storedgame.h"

#include <gtest/gtest.h>

using namespace gomoku;

TEST(StoredGame, BecomesARecordWithMovesTimesAndResult) {
  net::GameRecord g;
  g.summary.id = 7;
  g.summary.endedAt = 1764633600;  // 2025-12-02T00:00Z
  g.summary.black = "alice";
  g.summary.white = "\xE7\x8E\x8B";  // a Chinese name
  g.summary.rule = Rule::Renju;
  g.summary.boardSize = 15;
  g.summary.outcome = Outcome::WhiteWins;
  g.moves = {{7, 7}, {8, 8}, {6, 6}};
  g.moveMillis = {1000, 2500, 300};
  const Record r = session::recordOfStoredGame(g);
  EXPECT_EQ(r.size, 15);
  EXPECT_EQ(r.rule, Rule::Renju);
  EXPECT_EQ(r.black, "alice");
  EXPECT_EQ(r.white, "\xE7\x8E\x8B");
  ASSERT_EQ(r.moves.size(), 3u);
  EXPECT_EQ(r.moves[1], (Point{8, 8}));
  EXPECT_EQ(r.timesMs, (std::vector<int>{1000, 2500, 300}));
  EXPECT_EQ(r.result, RecordResult::White);
  EXPECT_EQ(r.date, "2025-12-02");
  EXPECT_EQ(session::utcDateTime(1764633600 + 3660), "2025-12-02T01:01Z");
}

TEST(StoredGame, AnInterruptedGameHasNoResultAndUnevenTimesAreDropped) {
  net::GameRecord g;
  g.summary.boardSize = 19;
  g.summary.outcome = Outcome::Ongoing;
  g.moves = {{0, 0}};
  g.moveMillis = {};
  const Record r = session::recordOfStoredGame(g);
  EXPECT_EQ(r.size, 19);
  EXPECT_FALSE(r.result.has_value());
  EXPECT_TRUE(r.timesMs.empty());
  EXPECT_TRUE(r.date.empty());
}

TEST(WatchedGame, BecomesARecordWithNamesByColourAndTheResultInSgfWords) {
  net::WatchSnapshot s;
  s.hostNickname = "Alice";
  s.joinerNickname = "\xE5\xB0\x8F\xE6\x98\x8E";  // 小明
  s.hostPlaysBlack = false;                       // the joiner plays Black (play again)
  s.openingRule = OpeningRule::Swap;
  s.game = Game(15, Rule::Freestyle);
  for (Point p : {Point{7, 7}, Point{8, 8}, Point{7, 8}})
    ASSERT_EQ(s.game.play(p), MoveError::None);
  Record r = session::recordOfWatchedGame(s);
  EXPECT_EQ(r.black, "\xE5\xB0\x8F\xE6\x98\x8E");
  EXPECT_EQ(r.white, "Alice");
  EXPECT_EQ(r.moves, s.game.moves());
  EXPECT_EQ(r.openingRule, OpeningRule::Swap);
  EXPECT_FALSE(r.result.has_value()) << "a running game states no result";
  s.game.end(Outcome::WhiteWins, EndReason::Resignation);
  r = session::recordOfWatchedGame(s);
  EXPECT_EQ(r.result, RecordResult::White);
  EXPECT_EQ(r.resultText, "W+R");
  s.game.setResult(Outcome::BlackWins, EndReason::Time);
  EXPECT_EQ(session::recordOfWatchedGame(s).resultText, "B+T");
  s.game.setResult(Outcome::Draw, EndReason::Agreement);
  EXPECT_EQ(session::recordOfWatchedGame(s).resultText, "Draw");
}
