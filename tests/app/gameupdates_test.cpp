// Typed updates of the game shown and of a network match (src/app/gameupdates.h).
#include "app/gameupdates.h"

#include <gtest/gtest.h>

namespace gomoku::app {
namespace {

using Kind = GameUpdate::Kind;

std::string Str(const std::vector<GameUpdate>& updates) {
  std::string s;
  for (const GameUpdate& u : updates) {
    s += u.kind == Kind::TakenBack ? "T"
         : u.kind == Kind::Moved   ? "M"
         : u.kind == Kind::Ended   ? "E"
                                   : "R";
    s += std::to_string(u.ply) + " ";
  }
  return s;
}

TEST(GameWatcher, MovesThenTakebackThenReplacedMove) {
  GameWatcher w;
  Game game;
  EXPECT_EQ(Str(w.Update(game)), "");
  game.play({7, 7});
  game.play({8, 8});
  EXPECT_EQ(Str(w.Update(game)), "M1 M2 ");
  EXPECT_EQ(Str(w.Update(game)), "");
  game.undo();
  EXPECT_EQ(Str(w.Update(game)), "T1 ");
  // Another move in place of the one taken back, seen in one update: a takeback, then it.
  game.play({9, 9});
  EXPECT_EQ(Str(w.Update(game)), "M2 ");
  Game other(15);
  other.play({7, 7});
  other.play({1, 1});
  EXPECT_EQ(Str(w.Update(other)), "T1 M2 ");
  EXPECT_EQ(w.Ply(), 2);
}

TEST(GameWatcher, EndOnceUntilUndoReopensIt_C09) {
  GameWatcher w;
  Game game;
  for (const Point p : {Point{0, 0}, Point{0, 1}, Point{1, 0}, Point{1, 1}, Point{2, 0},
                        Point{2, 1}, Point{3, 0}, Point{3, 1}, Point{4, 0}})
    game.play(p);
  ASSERT_TRUE(game.over());
  EXPECT_EQ(Str(w.Update(game)), "M1 M2 M3 M4 M5 M6 M7 M8 M9 E9 ");
  EXPECT_TRUE(w.EndSeen());
  EXPECT_EQ(Str(w.Update(game)), "");
  ASSERT_TRUE(game.undo());
  EXPECT_EQ(Str(w.Update(game)), "T8 ");
  EXPECT_FALSE(w.EndSeen());
  game.play({4, 0});
  EXPECT_EQ(Str(w.Update(game)), "M9 E9 ");
}

TEST(GameWatcher, AResignationThatCrossedTheFiveIsANewResult) {
  // Black's five was seen; then White's resignation that crossed it replaces the result
  // (PROTOCOL.md: the resignation stands), and the report says RESULT again.
  GameWatcher w;
  Game game;
  for (const Point p : {Point{0, 0}, Point{0, 1}, Point{1, 0}, Point{1, 1}, Point{2, 0},
                        Point{2, 1}, Point{3, 0}, Point{3, 1}, Point{4, 0}})
    game.play(p);
  EXPECT_EQ(Str(w.Update(game)), "M1 M2 M3 M4 M5 M6 M7 M8 M9 E9 ");
  const int seen = w.ResultsSeen();
  game.setResult(Outcome::BlackWins, EndReason::Resignation);
  EXPECT_EQ(Str(w.Update(game)), "R9 ");
  EXPECT_EQ(w.ResultsSeen(), seen + 1);
  EXPECT_EQ(Str(w.Update(game)), "");
}

TEST(GameWatcher, ResetShowsAnotherGameFromItsStart) {
  GameWatcher w;
  Game game;
  game.play({7, 7});
  w.Update(game);
  w.Reset();
  EXPECT_EQ(Str(w.Update(game)), "M1 ");
}

net::NetSnapshot InMatch(int gameNumber) {
  net::NetSnapshot s;
  s.phase = net::NetPhase::InMatch;
  s.match = net::MatchPhase::Playing;
  s.localColor = Stone::Black;
  s.gameNumber = gameNumber;
  return s;
}

TEST(MatchWatcher, ListeningThenStartedOnce) {
  MatchWatcher w;
  net::NetSnapshot s;
  s.phase = net::NetPhase::Listening;
  EXPECT_TRUE(w.Update(s).listening);
  EXPECT_FALSE(w.Update(s).listening);
  EXPECT_FALSE(w.Started());
  s = InMatch(1);
  MatchUpdate u = w.Update(s);
  EXPECT_TRUE(u.started);
  EXPECT_EQ(u.gameNumber, 1);
  EXPECT_TRUE(w.Started());
  EXPECT_FALSE(w.Update(s).started);
  s.gameNumber = 2;
  u = w.Update(s);
  EXPECT_TRUE(u.started);
  EXPECT_EQ(w.GameNumber(), 2);
  w.Reset();
  EXPECT_FALSE(w.Started());
  EXPECT_EQ(w.GameNumber(), 0);
}

TEST(MatchWatcher, NoStartDuringTheHandshake) {
  MatchWatcher w;
  net::NetSnapshot s = InMatch(1);
  s.match = net::MatchPhase::Handshake;
  EXPECT_FALSE(w.Update(s).started);
}

TEST(MatchWatcher, SuspendedThenResumed) {
  MatchWatcher w;
  net::NetSnapshot s = InMatch(1);
  w.Update(s);
  s.match = net::MatchPhase::Suspended;
  s.suspensions = 1;
  MatchUpdate u = w.Update(s);
  EXPECT_EQ(u.suspended, 1);
  EXPECT_FALSE(u.resumed);
  EXPECT_EQ(w.Update(s).suspended, 0);
  s.match = net::MatchPhase::Playing;
  EXPECT_TRUE(w.Update(s).resumed);
  EXPECT_FALSE(w.Update(s).resumed);
}

TEST(MatchWatcher, ChatNoticeAndCloseOnce) {
  MatchWatcher w;
  net::NetSnapshot s = InMatch(1);
  s.chat.push_back({false, "hi"});
  s.notice = {net::NoticeKind::PeerOffersDraw, "Bob", 0, {}};
  MatchUpdate u = w.Update(s);
  ASSERT_EQ(u.chat.size(), 1u);
  EXPECT_EQ(u.chat[0].text, "hi");
  ASSERT_TRUE(u.notice);
  EXPECT_EQ(net::describe(*u.notice), "Bob offers a draw.");
  u = w.Update(s);
  EXPECT_TRUE(u.chat.empty());
  EXPECT_FALSE(u.notice);
  s.match = net::MatchPhase::Closed;
  EXPECT_TRUE(w.Update(s).closed);
  EXPECT_FALSE(w.Update(s).closed);
}

TEST(MatchWatcher, ChatWaitsForTheFirstGame) {
  MatchWatcher w;
  net::NetSnapshot s = InMatch(1);
  s.match = net::MatchPhase::Handshake;
  s.chat.push_back({true, "early"});
  EXPECT_TRUE(w.Update(s).chat.empty());
  s.match = net::MatchPhase::Playing;
  EXPECT_EQ(w.Update(s).chat.size(), 1u);
}

}  // namespace
}  // namespace gomoku::app
