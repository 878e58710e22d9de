// Tests of the game table (src/server/table.h): two client net::Match objects (joiners, as
// `gomoku-cli online` and the app run them) connected to one GameTable through in-memory
// queues. Messages are delivered one at a time in the order the test chooses, so that messages
// in flight on both links (crossings) can be staged. The clock is a variable.

#include <gtest/gtest.h>

#include <chrono>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "common/print.h"
#include "core/game.h"
#include "net/match.h"
#include "server/journal.h"
#include "server/table.h"

using namespace gomoku;
using namespace gomoku::net;
using namespace gomoku::server;
using namespace std::chrono_literals;

namespace {

using Clock = std::chrono::steady_clock;

// One client: a joiner Match, what it sent (not yet at the table) and what the table sent it
// (not yet received).
struct Client {
  explicit Client(const std::string& nick)
      : match(
            [&] {
              MatchSettings s;
              s.role = Role::Joiner;
              s.nickname = nick;
              s.serverKeepsTime = true;  // as the online client
              return s;
            }(),
            [this](const Message& m) { outbox.push_back(m); }, [this] { ++disconnects; },
            [this](MatchEvent e) { events.push_back(e); }) {}
  std::deque<Message> outbox;  // to the table
  std::deque<Message> inbox;   // from the table
  std::vector<Message> got;    // everything received from the table
  std::vector<MatchEvent> events;
  int disconnects = 0;
  bool linked = true;  // the connection is up (else the table's messages are lost)
  Match match;

  template <class T>
  int received() const {
    int n = 0;
    for (const Message& m : got) n += std::holds_alternative<T>(m);
    return n;
  }
};

struct Harness {
  explicit Harness(TableSetup setup = defaultSetup()) {
    TableCallbacks cb;
    cb.send = [this](Side s, const Message& m) {
      Client& c = client(s);
      if (c.linked) c.inbox.push_back(m);
    };
    cb.leaveGame = [this](Side s) { left.push_back(s); };
    cb.gameStarted = [this](int game, bool aIsBlack) { starts.push_back({game, aIsBlack}); };
    cb.gameEnded = [this](const GameEnd& e) { ends.push_back(e); };
    cb.opponentAway = [this](Side s, bool away, std::chrono::seconds left) {
      aways.push_back({s, away, left});
    };
    cb.fault = [this](const std::string& f) { faults.push_back(f); };
    cb.kick = [this](Side s) { kicked.push_back(s); };
    table = std::make_unique<GameTable>(std::move(setup), std::move(cb), [this] { return now; });
  }

  static TableSetup defaultSetup() {
    TableSetup s;
    s.nameA = "Alice";
    s.nameB = "Bob";
    s.aIsBlack = true;
    return s;
  }

  Client& client(Side s) { return s == Side::A ? a : b; }

  // One message from the client to the table. False when none was waiting.
  bool up(Side s) {
    Client& c = client(s);
    if (c.outbox.empty()) return false;
    Message m = c.outbox.front();
    c.outbox.pop_front();
    if (c.linked) table->receive(s, m);
    return true;
  }
  // One message from the table to the client.
  bool down(Side s) {
    Client& c = client(s);
    if (c.inbox.empty()) return false;
    Message m = c.inbox.front();
    c.inbox.pop_front();
    c.got.push_back(m);
    c.match.receive(m);
    return true;
  }
  void flush() {
    for (int guard = 0; guard < 10000; ++guard) {
      bool any = false;
      for (Side s : {Side::A, Side::B}) any = up(s) || any;
      for (Side s : {Side::A, Side::B}) any = down(s) || any;
      if (!any) return;
    }
    FAIL() << "messages kept flowing";
  }
  void begin() {
    table->start();
    a.match.connected();
    b.match.connected();
    flush();
    ASSERT_EQ(a.match.phase(), MatchPhase::Playing);
    ASSERT_EQ(b.match.phase(), MatchPhase::Playing);
  }
  // Whoever is to move plays p; everything is delivered; the clock runs 1 s per move.
  void play(const std::vector<Point>& moves) {
    for (Point p : moves) {
      now += 1s;
      Client& c = a.match.myTurn() ? a : b;
      ASSERT_TRUE(c.match.myTurn()) << "nobody is to move before " << p.x << "," << p.y;
      ASSERT_EQ(c.match.playLocal(p), MoveError::None) << p.x << "," << p.y;
      flush();
    }
  }
  // That client's connection drops (what it had not sent is lost); the table is told.
  void drop(Side s) {
    Client& c = client(s);
    c.linked = false;
    c.outbox.clear();
    c.match.connectionLost("reset");
    table->connectionLost(s, "reset");
  }
  // It connects again and resumes; everything is delivered.
  void comeBack(Side s) {
    Client& c = client(s);
    c.linked = true;
    table->resumed(s);
    c.match.reconnected();
    flush();
  }
  // Both clients and both server matches hold the same game.
  void expectSameGame() {
    const Game& ga = a.match.game();
    const Game& gb = b.match.game();
    EXPECT_EQ(ga.moves(), gb.moves());
    EXPECT_EQ(ga.moves(), table->match(Side::A).game().moves());
    EXPECT_EQ(ga.moves(), table->match(Side::B).game().moves());
    EXPECT_EQ(ga.result().outcome, gb.result().outcome);
    EXPECT_EQ(ga.result().reason, gb.result().reason);
    EXPECT_EQ(a.match.gameNumber(), b.match.gameNumber());
    EXPECT_NE(a.match.localColor(), b.match.localColor());
  }

  struct Away {
    Side side;
    bool away;
    std::chrono::seconds left;
  };
  Clock::time_point now{};
  Client a{"Alice"}, b{"Bob"};
  std::unique_ptr<GameTable> table;
  std::vector<Side> left;
  std::vector<std::pair<int, bool>> starts;
  std::vector<GameEnd> ends;
  std::vector<Away> aways;
  std::vector<std::string> faults;
  std::vector<Side> kicked;
};

// Black (Alice) makes five on row 7; White plays on row 0.
const std::vector<Point> kFive = {{3, 7}, {0, 0}, {4, 7}, {2, 0}, {6, 7},
                                  {4, 0}, {7, 7}, {6, 0}, {5, 7}};

}  // namespace

TEST(GameTable, HandshakeStartsBothGamesWithTheAccountNamesAndColours) {
  Harness h;
  h.table->start();
  h.a.match.connected();
  h.b.match.connected();
  // A's HELLO alone starts nothing: both games start together.
  ASSERT_TRUE(h.up(Side::A));
  EXPECT_EQ(h.table->match(Side::A).phase(), MatchPhase::Handshake);
  EXPECT_TRUE(h.starts.empty());
  h.flush();
  ASSERT_EQ(h.starts.size(), 1u);
  EXPECT_EQ(h.starts[0], (std::pair<int, bool>{1, true}));
  EXPECT_EQ(h.a.match.peerNickname(), "Bob");
  EXPECT_EQ(h.b.match.peerNickname(), "Alice");
  EXPECT_EQ(h.a.match.localColor(), Stone::Black);
  EXPECT_EQ(h.b.match.localColor(), Stone::White);
  EXPECT_NE(h.table->resumeToken(Side::A), 0u);
  EXPECT_NE(h.table->resumeToken(Side::A), h.table->resumeToken(Side::B));
  EXPECT_EQ(h.table->gameNumber(), 1);
}

TEST(GameTable, C02_GameToFiveIsRelayedAndReportedOnce) {
  Harness h;
  h.begin();
  h.play(kFive);
  h.expectSameGame();
  EXPECT_EQ(h.a.match.game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(h.a.match.game().result().reason, EndReason::Five);
  EXPECT_EQ(h.a.match.phase(), MatchPhase::Finished);
  ASSERT_EQ(h.ends.size(), 1u);
  const GameEnd& e = h.ends[0];
  EXPECT_EQ(e.game, 1);
  EXPECT_TRUE(e.aIsBlack);
  EXPECT_EQ(e.outcome, Outcome::BlackWins);
  EXPECT_EQ(e.reason, EndReason::Five);
  EXPECT_FALSE(e.revised);
  EXPECT_EQ(e.moves, kFive);
  ASSERT_EQ(e.moveMillis.size(), kFive.size());
  for (std::uint32_t ms : e.moveMillis) EXPECT_EQ(ms, 1000u);
  EXPECT_TRUE(h.faults.empty());
  EXPECT_TRUE(h.left.empty());
  EXPECT_FALSE(h.table->over());
}

TEST(GameTable, C06_IllegalMoveOfAIsRefusedAndLosesTheGame) {
  Harness h;
  h.begin();
  h.play({{7, 7}, {8, 8}});
  // A hostile client A plays onto B's stone.
  h.table->receive(Side::A, Move{2, 8, 8});
  h.flush();
  ASSERT_GE(h.a.received<Error>(), 1);
  EXPECT_EQ(h.table->match(Side::A).phase(), MatchPhase::Closed);
  EXPECT_EQ(h.table->match(Side::A).sentError(), ErrorCode::IllegalMove);
  // B's board is untouched; B won by A's forfeit and returns to the hall.
  EXPECT_EQ(h.b.match.game().ply(), 2);
  EXPECT_EQ(h.b.match.game().result().outcome, Outcome::WhiteWins);
  EXPECT_EQ(h.b.match.game().result().reason, EndReason::Resignation);
  EXPECT_EQ(h.b.match.phase(), MatchPhase::Closed);
  ASSERT_EQ(h.ends.size(), 1u);
  EXPECT_EQ(h.ends[0].outcome, Outcome::WhiteWins);
  EXPECT_EQ(h.ends[0].reason, EndReason::Resignation);
  EXPECT_NE(h.ends[0].detail.find("broke the rules"), std::string::npos) << h.ends[0].detail;
  EXPECT_EQ(h.left.size(), 2u);
  EXPECT_TRUE(h.table->over());
}

TEST(GameTable, C06_AForgedFiveIsImpossible) {
  Harness h;
  h.begin();
  h.play({{3, 7}, {0, 0}, {4, 7}, {2, 0}, {5, 7}, {4, 0}, {6, 7}, {6, 0}});
  // A "completes" a five out of turn and under a wrong number: refused, nothing on B's board.
  h.table->receive(Side::A, Move{9, 7, 7});
  h.flush();
  EXPECT_EQ(h.b.match.game().ply(), 8);
  EXPECT_EQ(h.table->match(Side::B).game().ply(), 8);
  ASSERT_EQ(h.ends.size(), 1u);
  EXPECT_EQ(h.ends[0].outcome, Outcome::WhiteWins);
  EXPECT_EQ(h.ends[0].moves.size(), 8u);
}

TEST(GameTable, TakebackAcceptedAndDeclined) {
  Harness h;
  h.begin();
  h.play({{7, 7}, {8, 8}, {7, 8}});
  // B (White, to move) asks to take back its move and A's reply: two plies.
  ASSERT_EQ(h.b.match.requestTakeback(), RequestRefusal::None);
  h.flush();
  ASSERT_TRUE(h.a.match.takebackRequested());
  ASSERT_EQ(h.a.match.answerTakeback(true), RequestRefusal::None);
  h.flush();
  h.expectSameGame();
  EXPECT_EQ(h.a.match.game().ply(), 1);
  // Declined: nothing changes.
  ASSERT_EQ(h.a.match.requestTakeback(), RequestRefusal::None);
  h.flush();
  ASSERT_TRUE(h.b.match.takebackRequested());
  ASSERT_EQ(h.b.match.answerTakeback(false), RequestRefusal::None);
  h.flush();
  EXPECT_FALSE(h.a.match.takebackPending());
  EXPECT_EQ(h.a.match.game().ply(), 1);
  h.play({{9, 9}});
  h.expectSameGame();
  EXPECT_TRUE(h.faults.empty());
}

TEST(GameTable, DrawOfferAcceptedAndDeclined) {
  Harness h;
  h.begin();
  h.play({{7, 7}, {8, 8}});
  ASSERT_EQ(h.a.match.offerDraw(), RequestRefusal::None);
  h.flush();
  ASSERT_TRUE(h.b.match.drawRequested());
  ASSERT_EQ(h.b.match.answerDraw(false), RequestRefusal::None);
  h.flush();
  EXPECT_FALSE(h.a.match.drawOffered());
  ASSERT_EQ(h.b.match.offerDraw(), RequestRefusal::None);
  h.flush();
  ASSERT_EQ(h.a.match.answerDraw(true), RequestRefusal::None);
  h.flush();
  h.expectSameGame();
  EXPECT_EQ(h.b.match.game().result().outcome, Outcome::Draw);
  ASSERT_EQ(h.ends.size(), 1u);
  EXPECT_EQ(h.ends[0].outcome, Outcome::Draw);
  EXPECT_EQ(h.ends[0].reason, EndReason::Agreement);
}

TEST(GameTable, ResignationIsRelayed) {
  Harness h;
  h.begin();
  h.play({{7, 7}});
  ASSERT_EQ(h.a.match.resign(), RequestRefusal::None);
  h.flush();
  h.expectSameGame();
  EXPECT_EQ(h.b.match.game().result().outcome, Outcome::WhiteWins);
  ASSERT_EQ(h.ends.size(), 1u);
  EXPECT_EQ(h.ends[0].outcome, Outcome::WhiteWins);
  EXPECT_EQ(h.ends[0].reason, EndReason::Resignation);
}

TEST(GameTable, ChatIsRelayedAndNicknamesAreIgnored) {
  Harness h;
  h.begin();
  ASSERT_EQ(h.a.match.sendChat("你好, Bob"), RequestRefusal::None);
  h.flush();
  ASSERT_EQ(h.b.match.chat().size(), 1u);
  EXPECT_EQ(h.b.match.chat()[0].text, "你好, Bob");
  EXPECT_FALSE(h.b.match.chat()[0].fromUs);
  ASSERT_EQ(h.a.match.changeNickname("Mallory"), RequestRefusal::None);
  h.flush();
  EXPECT_EQ(h.b.match.peerNickname(), "Alice");
}

TEST(GameTable, PlayAgainSwapsColoursAndReportsTheNewGame) {
  Harness h;
  h.begin();
  h.play(kFive);
  ASSERT_EQ(h.b.match.playAgain(true), RequestRefusal::None);
  h.flush();
  EXPECT_TRUE(h.a.match.peerWantsAgain());
  ASSERT_EQ(h.a.match.playAgain(true), RequestRefusal::None);
  h.flush();
  ASSERT_EQ(h.starts.size(), 2u);
  EXPECT_EQ(h.starts[1], (std::pair<int, bool>{2, false}));
  EXPECT_EQ(h.a.match.gameNumber(), 2);
  EXPECT_EQ(h.a.match.localColor(), Stone::White);
  EXPECT_EQ(h.b.match.localColor(), Stone::Black);
  h.play(kFive);  // now Bob makes the five
  h.expectSameGame();
  ASSERT_EQ(h.ends.size(), 2u);
  EXPECT_EQ(h.ends[1].game, 2);
  EXPECT_FALSE(h.ends[1].aIsBlack);
  EXPECT_EQ(h.ends[1].outcome, Outcome::BlackWins);
  EXPECT_EQ(h.ends[1].moves, kFive);
}

TEST(GameTable, PlayAgainPressedByBothAtOnceStartsOneGame) {
  Harness h;
  h.begin();
  h.play(kFive);
  ASSERT_EQ(h.a.match.playAgain(true), RequestRefusal::None);
  ASSERT_EQ(h.b.match.playAgain(true), RequestRefusal::None);
  h.flush();
  ASSERT_EQ(h.starts.size(), 2u);
  EXPECT_EQ(h.a.match.gameNumber(), 2);
  h.expectSameGame();
  EXPECT_TRUE(h.faults.empty());
}

TEST(GameTable, C10_TakebackRequestCrossingTheOpponentsMove) {
  Harness h;
  h.begin();
  h.play({{7, 7}});
  // B's move is in flight when A asks to take back its first stone.
  ASSERT_EQ(h.b.match.playLocal({8, 8}), MoveError::None);
  ASSERT_EQ(h.a.match.requestTakeback(), RequestRefusal::None);
  ASSERT_TRUE(h.up(Side::A));  // the request reaches the table first
  ASSERT_TRUE(h.up(Side::B));  // then B's move
  h.flush();
  h.expectSameGame();
  EXPECT_EQ(h.a.match.game().ply(), 2);
  EXPECT_FALSE(h.a.match.takebackPending());
  EXPECT_FALSE(h.b.match.takebackRequested());
  EXPECT_TRUE(h.a.match.myTurn());
  EXPECT_TRUE(h.faults.empty());
}

TEST(GameTable, ResignationCrossingTheWinningMoveIsAResignationEverywhere) {
  Harness h;
  h.begin();
  h.play({{3, 7}, {0, 0}, {4, 7}, {2, 0}, {6, 7}, {4, 0}, {7, 7}, {6, 0}});
  // A makes five while B resigns; the five reaches the table first.
  ASSERT_EQ(h.a.match.playLocal({5, 7}), MoveError::None);
  ASSERT_EQ(h.b.match.resign(), RequestRefusal::None);
  ASSERT_TRUE(h.up(Side::A));
  ASSERT_TRUE(h.up(Side::B));
  h.flush();
  h.expectSameGame();
  EXPECT_EQ(h.a.match.game().result().reason, EndReason::Resignation);
  EXPECT_EQ(h.b.match.game().result().reason, EndReason::Resignation);
  ASSERT_EQ(h.ends.size(), 2u);
  EXPECT_EQ(h.ends[0].reason, EndReason::Five);  // server order first
  EXPECT_TRUE(h.ends[1].revised);
  EXPECT_EQ(h.ends[1].outcome, Outcome::BlackWins);
  EXPECT_EQ(h.ends[1].reason, EndReason::Resignation);
  EXPECT_TRUE(h.faults.empty());
}

TEST(GameTable, MoveCrossingTheResignationIsKeptOnBothBoards) {
  Harness h;
  h.begin();
  h.play({{7, 7}});
  // A resigns while B's move is in flight; the resignation reaches the table first.
  ASSERT_EQ(h.b.match.playLocal({8, 8}), MoveError::None);
  ASSERT_EQ(h.a.match.resign(), RequestRefusal::None);
  ASSERT_TRUE(h.up(Side::A));
  ASSERT_TRUE(h.up(Side::B));
  h.flush();
  h.expectSameGame();
  EXPECT_EQ(h.a.match.game().ply(), 2);
  EXPECT_EQ(h.a.match.game().result().outcome, Outcome::WhiteWins);
  ASSERT_EQ(h.ends.size(), 1u);
  EXPECT_EQ(h.ends[0].reason, EndReason::Resignation);
  EXPECT_TRUE(h.faults.empty());
}

TEST(GameTable, CrossingDrawOffersAgreeOnBothSides) {
  Harness h;
  h.begin();
  h.play({{7, 7}, {8, 8}});
  ASSERT_EQ(h.a.match.offerDraw(), RequestRefusal::None);
  ASSERT_EQ(h.b.match.offerDraw(), RequestRefusal::None);
  ASSERT_EQ(h.a.match.playLocal({9, 9}), MoveError::None);  // A moves on after its offer
  h.flush();
  h.expectSameGame();
  EXPECT_EQ(h.a.match.game().result().outcome, Outcome::Draw);
  EXPECT_TRUE(h.faults.empty());
  EXPECT_EQ(h.a.received<Error>() + h.b.received<Error>(), 0);
}

TEST(GameTable, C14_SuspendAndResumeWithTheOpponentsMoveAndChatKept) {
  Harness h;
  h.begin();
  h.play({{7, 7}});
  // A's connection drops.
  h.a.linked = false;
  h.a.match.connectionLost("reset");
  h.table->connectionLost(Side::A, "reset");
  EXPECT_TRUE(h.table->away(Side::A));
  ASSERT_EQ(h.aways.size(), 1u);
  EXPECT_EQ(h.aways[0].side, Side::B);
  EXPECT_TRUE(h.aways[0].away);
  EXPECT_EQ(h.aways[0].left, 180s);
  EXPECT_EQ(h.table->awayDeadline(Side::A), h.now + 180s);
  // B moves meanwhile: kept by A's suspended match, as a host's move in flight. B's chat line
  // waits at the table.
  h.now += 5s;
  ASSERT_EQ(h.b.match.playLocal({8, 8}), MoveError::None);
  ASSERT_EQ(h.b.match.sendChat("still there?"), RequestRefusal::None);
  h.flush();
  EXPECT_EQ(h.table->match(Side::B).game().ply(), 2);
  EXPECT_EQ(h.table->match(Side::A).game().ply(), 2);
  EXPECT_EQ(h.table->match(Side::A).phase(), MatchPhase::Suspended);
  EXPECT_TRUE(h.table->match(Side::A).chat().empty());
  // A comes back on a new connection.
  h.a.linked = true;
  h.a.inbox.clear();
  h.table->resumed(Side::A);
  h.a.match.reconnected();
  ASSERT_FALSE(h.a.outbox.empty());
  EXPECT_TRUE(h.table->acceptsResume(Side::A, h.a.outbox.front()));
  h.flush();
  EXPECT_FALSE(h.table->away(Side::A));
  ASSERT_EQ(h.aways.size(), 2u);
  EXPECT_FALSE(h.aways[1].away);
  EXPECT_EQ(h.a.match.phase(), MatchPhase::Playing);
  h.expectSameGame();
  EXPECT_EQ(h.a.match.game().ply(), 2);  // B's move came with the SYNC
  ASSERT_EQ(h.a.match.chat().size(), 1u);
  EXPECT_EQ(h.a.match.chat()[0].text, "still there?");
  h.play({{7, 8}});
  h.expectSameGame();
  EXPECT_TRUE(h.faults.empty());
}

TEST(GameTable, C14_ARestartedClientResumesWithTheToken) {
  Harness h;
  h.begin();
  h.play({{7, 7}, {8, 8}});
  h.a.linked = false;
  h.table->connectionLost(Side::A, "reset");
  // A new program: a joiner with the token from MATCHED.
  MatchSettings s;
  s.role = Role::Joiner;
  s.nickname = "Alice";
  s.resumeToken = h.table->resumeToken(Side::A);
  std::deque<Message> out;
  Match fresh(
      s, [&](const Message& m) { out.push_back(m); }, [] {}, [](MatchEvent) {});
  h.table->resumed(Side::A);
  h.a.linked = true;
  fresh.connected();
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(h.table->acceptsResume(Side::A, out.front()));
  h.a.inbox.clear();
  h.table->receive(Side::A, out.front());
  ASSERT_FALSE(h.a.inbox.empty());
  ASSERT_TRUE(std::holds_alternative<Sync>(h.a.inbox.back()));
  fresh.receive(h.a.inbox.back());
  EXPECT_EQ(fresh.phase(), MatchPhase::Playing);
  EXPECT_EQ(fresh.game().moves(), h.b.match.game().moves());
  EXPECT_EQ(fresh.localColor(), Stone::Black);
  EXPECT_FALSE(h.table->away(Side::A));
}

TEST(GameTable, C14_AbandonedWhenTheWindowRunsOut) {
  Harness h;
  h.begin();
  h.play({{7, 7}, {8, 8}});
  h.a.linked = false;
  h.table->connectionLost(Side::A, "reset");
  h.now += 181s;
  h.table->abandon(Side::A);
  h.flush();
  ASSERT_EQ(h.ends.size(), 1u);
  EXPECT_EQ(h.ends[0].outcome, Outcome::WhiteWins);
  EXPECT_EQ(h.ends[0].reason, EndReason::Abandoned);
  EXPECT_EQ(h.b.match.game().result().outcome, Outcome::WhiteWins);
  EXPECT_EQ(h.b.match.phase(), MatchPhase::Closed);
  EXPECT_EQ(h.left.size(), 2u);
  EXPECT_TRUE(h.table->over());
}

TEST(GameTable, LeavingMidGameIsAResignation) {
  Harness h;
  h.begin();
  h.play({{7, 7}, {8, 8}});
  h.b.match.leave();  // B's client sends BYE
  h.flush();
  ASSERT_EQ(h.ends.size(), 1u);
  EXPECT_EQ(h.ends[0].outcome, Outcome::BlackWins);
  EXPECT_EQ(h.ends[0].reason, EndReason::Resignation);
  EXPECT_NE(h.ends[0].detail.find("left the game"), std::string::npos);
  EXPECT_EQ(h.a.match.game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(h.a.match.phase(), MatchPhase::Closed);  // BYE from the server's side
  EXPECT_EQ(h.left.size(), 2u);
  EXPECT_TRUE(h.table->over());
}

TEST(GameTable, LeavingAfterTheGameChangesNothing) {
  Harness h;
  h.begin();
  h.play(kFive);
  h.table->leave(Side::B);
  h.flush();
  ASSERT_EQ(h.ends.size(), 1u);
  EXPECT_EQ(h.ends[0].reason, EndReason::Five);
  EXPECT_TRUE(h.table->over());
}

TEST(GameTable, InterruptEndsARunningGame) {
  Harness h;
  h.begin();
  h.play({{7, 7}});
  h.table->interrupt();
  h.flush();
  ASSERT_EQ(h.ends.size(), 1u);
  EXPECT_EQ(h.ends[0].outcome, Outcome::Interrupted);
  EXPECT_EQ(h.a.match.phase(), MatchPhase::Closed);
  EXPECT_EQ(h.b.match.phase(), MatchPhase::Closed);
  EXPECT_TRUE(h.table->over());
}

TEST(GameTable, AFlooderIsCutOffWhileTheOpponentIsAway) {
  TableSetup s = Harness::defaultSetup();
  s.holdLimit = 4;
  Harness h(s);
  h.begin();
  h.play({{7, 7}});
  h.a.linked = false;
  h.table->connectionLost(Side::A, "reset");
  for (int i = 0; i < 5; ++i) h.table->receive(Side::B, Chat{"spam"});
  ASSERT_EQ(h.kicked.size(), 1u);
  EXPECT_EQ(h.kicked[0], Side::B);
  ASSERT_EQ(h.ends.size(), 1u);
  EXPECT_EQ(h.ends[0].outcome, Outcome::BlackWins);
  EXPECT_TRUE(h.table->over());
}

TEST(GameTable, LeavingDuringTheHandshakeClosesTheTableWithoutAGame) {
  Harness h;
  h.table->start();
  h.a.match.connected();
  ASSERT_TRUE(h.up(Side::A));  // A's HELLO waits for B's
  h.b.match.leave();           // B changes its mind: BYE instead of HELLO
  h.flush();
  EXPECT_TRUE(h.starts.empty());
  EXPECT_TRUE(h.ends.empty());
  EXPECT_EQ(h.a.match.phase(), MatchPhase::Closed);
  EXPECT_EQ(h.left.size(), 2u);
  EXPECT_TRUE(h.table->over());
}

TEST(GameTable, AHelloOfAnotherProtocolVersionEndsTheTable) {
  Harness h;
  h.table->start();
  h.a.match.connected();
  h.flush();
  h.table->receive(Side::B, Hello{kProtocolMajor + 1, 0, "9.0", "Bob"});
  h.flush();
  EXPECT_EQ(h.table->match(Side::B).sentError(), ErrorCode::VersionMismatch);
  EXPECT_TRUE(h.starts.empty());
  EXPECT_TRUE(h.ends.empty());
  EXPECT_EQ(h.a.match.phase(), MatchPhase::Closed);
  EXPECT_TRUE(h.table->over());
}

TEST(GameTable, ADrawOfferOfTheDroppedClientAcceptedMeanwhileDrawsOnBothSides) {
  Harness h;
  h.begin();
  h.play({{7, 7}, {8, 8}});
  ASSERT_EQ(h.a.match.offerDraw(), RequestRefusal::None);
  h.flush();
  ASSERT_TRUE(h.b.match.drawRequested());
  h.a.linked = false;
  h.a.match.connectionLost("reset");
  h.table->connectionLost(Side::A, "reset");
  ASSERT_EQ(h.b.match.answerDraw(true), RequestRefusal::None);
  h.flush();
  ASSERT_EQ(h.ends.size(), 1u);
  EXPECT_EQ(h.ends[0].outcome, Outcome::Draw);
  h.a.linked = true;
  h.table->resumed(Side::A);
  h.a.match.reconnected();
  h.flush();
  h.expectSameGame();
  EXPECT_EQ(h.a.match.game().result().outcome, Outcome::Draw);
  EXPECT_EQ(h.a.match.phase(), MatchPhase::Finished);
  EXPECT_TRUE(h.faults.empty());
}

TEST(GameTable, C14_ActsWaitWhileAVoidedTakebackRequestIsUnanswered) {
  Harness h;
  h.begin();
  h.play({{7, 7}, {8, 8}});
  ASSERT_EQ(h.a.match.requestTakeback(), RequestRefusal::None);
  h.flush();
  ASSERT_TRUE(h.b.match.takebackRequested());
  // A drops and comes back: its program has forgotten the request; B still has it to answer.
  h.a.linked = false;
  h.a.match.connectionLost("reset");
  h.table->connectionLost(Side::A, "reset");
  h.a.linked = true;
  h.table->resumed(Side::A);
  h.a.match.reconnected();
  h.flush();
  ASSERT_EQ(h.a.match.phase(), MatchPhase::Playing);
  EXPECT_FALSE(h.a.match.takebackPending());
  // A moves on: the move waits at the table until B has answered.
  ASSERT_EQ(h.a.match.playLocal({9, 9}), MoveError::None);
  h.flush();
  EXPECT_EQ(h.table->held(Side::A), 1u);
  EXPECT_EQ(h.b.match.game().ply(), 2);
  ASSERT_EQ(h.b.match.answerTakeback(false), RequestRefusal::None);
  h.flush();
  EXPECT_EQ(h.table->held(Side::A), 0u);
  h.expectSameGame();
  EXPECT_EQ(h.b.match.game().ply(), 3);
  EXPECT_TRUE(h.faults.empty());
  EXPECT_EQ(h.a.received<Error>() + h.b.received<Error>(), 0);
}

// ---- clocks (PROTOCOL.md, "Server clocks") ---------------------------------------------------

namespace {

const TimeControl kTenSeconds{ClockKind::Fischer, 10'000, 0, 0};  // 10 s, no increment

// A table with a clock; both clients run on the test's clock (each may be frozen to lie).
struct ClockHarness : Harness {
  explicit ClockHarness(TimeControl tc = kTenSeconds, OpeningRule opening = OpeningRule::None)
      : Harness(withClock(tc, opening)) {
    for (Client* c : {&a, &b})
      c->match.setClock([this, c] { return c == frozen ? frozenAt : now; });
  }
  static TableSetup withClock(TimeControl tc, OpeningRule opening) {
    TableSetup s = defaultSetup();
    s.clock = tc;
    s.opening = opening;
    return s;
  }
  // The table asked for a clock check: run it when it is due (as the hall's timer does).
  void checkIfDue() {
    const std::int64_t ms = table->msUntilClockCheck();
    if (ms == 0) table->checkClocks();
  }
  std::int64_t mainMs(const Match& m, Stone s) const { return m.gameClock().mainMs(s); }
  // Every copy of the game's clocks holds `black` and `white` (main time after the last move).
  void expectClocks(std::int64_t black, std::int64_t white) {
    for (const Match* m : std::initializer_list<const Match*>{
             &a.match, &b.match, &table->match(Side::A), &table->match(Side::B)}) {
      EXPECT_EQ(mainMs(*m, Stone::Black), black);
      EXPECT_EQ(mainMs(*m, Stone::White), white);
    }
  }
  Client* frozen = nullptr;  // this client's clock stands still at frozenAt (it lies)
  Clock::time_point frozenAt{};
};

template <class T>
const T* lastGot(const Client& c) {
  for (auto it = c.got.rbegin(); it != c.got.rend(); ++it)
    if (const T* v = std::get_if<T>(&*it)) return v;
  return nullptr;
}

}  // namespace

TEST(GameTableClock, TheServerFlagsBlackWhenItsTimeIsOutByTheAllowance) {
  ClockHarness h;
  h.begin();
  // Black (A) thinks: nothing happens until its 10 s are out by the 1 s allowance.
  EXPECT_EQ(h.table->msUntilClockCheck(), 11'001);
  h.now += 11'000ms;
  h.table->checkClocks();
  h.flush();
  EXPECT_TRUE(h.ends.empty());
  EXPECT_EQ(h.table->msUntilClockCheck(), 1);
  h.now += 1ms;
  ASSERT_EQ(h.table->msUntilClockCheck(), 0);
  h.table->checkClocks();
  h.flush();
  ASSERT_EQ(h.ends.size(), 1u);
  EXPECT_EQ(h.ends[0].outcome, Outcome::WhiteWins);
  EXPECT_EQ(h.ends[0].reason, EndReason::Time);
  EXPECT_TRUE(h.ends[0].aIsBlack);
  EXPECT_EQ(h.a.received<Flag>(), 1) << "the loser's program is told";
  EXPECT_EQ(h.b.received<Flag>(), 1) << "and the winner's";
  h.expectSameGame();
  EXPECT_EQ(h.a.match.game().result().reason, EndReason::Time);
  EXPECT_EQ(h.b.match.game().result().outcome, Outcome::WhiteWins);
  EXPECT_EQ(h.a.match.sentError(), std::nullopt);
  EXPECT_EQ(h.b.match.sentError(), std::nullopt);
  EXPECT_TRUE(h.faults.empty());
  EXPECT_EQ(h.table->msUntilClockCheck(), -1);
}

TEST(GameTableClock, TheServerFlagsWhiteAfterItsMovesUsedItsTime) {
  ClockHarness h;
  h.begin();
  h.play({{7, 7}, {8, 8}, {9, 9}});  // 1 s each
  h.expectClocks(8'000, 9'000);
  // White (B) to move with 9 s: flagged at 10 s on the server's clock.
  EXPECT_EQ(h.table->msUntilClockCheck(), 10'001);
  h.now += 10'001ms;
  h.checkIfDue();
  h.flush();
  ASSERT_EQ(h.ends.size(), 1u);
  EXPECT_EQ(h.ends[0].outcome, Outcome::BlackWins);
  EXPECT_EQ(h.ends[0].reason, EndReason::Time);
  EXPECT_EQ(h.ends[0].moves.size(), 3u);
  h.expectSameGame();
  EXPECT_EQ(h.b.match.game().result().reason, EndReason::Time);
  EXPECT_TRUE(h.faults.empty());
}

TEST(GameTableClock, AClientThatFlagsItselfEndsTheGameForBoth) {
  ClockHarness h(TimeControl{ClockKind::PerMove, 0, 0, 2'000});
  h.begin();
  h.now += 2'001ms;
  h.a.match.checkClock();  // A's program sees its own 2 s gone and says so
  h.flush();
  ASSERT_EQ(h.ends.size(), 1u);
  EXPECT_EQ(h.ends[0].reason, EndReason::Time);
  EXPECT_EQ(h.ends[0].outcome, Outcome::WhiteWins);
  EXPECT_EQ(h.b.received<Flag>(), 1);
  h.expectSameGame();
  EXPECT_TRUE(h.faults.empty());
}

TEST(GameTableClock, AFlagStandsOverAResignationThatCrossedIt) {
  // A's program flags itself while B's resignation is on its way; the resignation reaches the
  // server first. As between two P2P programs the flag stands, on both links and both clients.
  ClockHarness h(TimeControl{ClockKind::PerMove, 0, 0, 2'000});
  h.begin();
  h.now += 2'001ms;
  ASSERT_EQ(h.b.match.resign(), RequestRefusal::None);
  h.a.match.checkClock();
  h.up(Side::B);  // the RESIGN first
  h.flush();
  EXPECT_TRUE(h.faults.empty()) << h.faults.front();
  ASSERT_FALSE(h.ends.empty());
  EXPECT_EQ(h.ends.back().reason, EndReason::Time);
  EXPECT_EQ(h.ends.back().outcome, Outcome::WhiteWins);
  h.expectSameGame();
  EXPECT_EQ(h.a.match.sentError(), std::nullopt);
  EXPECT_EQ(h.b.match.sentError(), std::nullopt);
}

TEST(GameTableClock, AFlagStandsOverADrawAgreedAcrossIt) {
  // Both offer a draw at once; A's program then flags itself while its offer is on the way, and
  // B's offer reaches the server first: the offers meet at the table (a draw there), then A's
  // FLAG arrives. As between two P2P programs the flag stands, on both links and both clients.
  ClockHarness h(TimeControl{ClockKind::PerMove, 0, 0, 2'000});
  h.begin();
  ASSERT_EQ(h.b.match.offerDraw(), RequestRefusal::None);
  ASSERT_EQ(h.a.match.offerDraw(), RequestRefusal::None);
  h.up(Side::B);  // B's offer reaches the table and is relayed towards A
  h.now += 2'001ms;
  h.a.match.checkClock();  // A's program ends the game on its own time: FLAG after its offer
  h.flush();
  EXPECT_TRUE(h.faults.empty()) << h.faults.front();
  ASSERT_FALSE(h.ends.empty());
  EXPECT_EQ(h.ends.back().reason, EndReason::Time);
  EXPECT_EQ(h.ends.back().outcome, Outcome::WhiteWins);
  h.expectSameGame();
  EXPECT_EQ(h.a.match.sentError(), std::nullopt);
  EXPECT_EQ(h.b.match.sentError(), std::nullopt);
}

TEST(GameTableClock, LagUpToTheAllowanceIsForgivenAndTheRestIsCharged) {
  ClockHarness h;
  h.begin();
  // A thinks 1 s, but its move takes 0.8 s to reach the server: the server measures 1.8 s and
  // charges A's own 1 s (the allowance covers the lag); B's program gets that time.
  h.now += 1'000ms;
  ASSERT_EQ(h.a.match.playLocal({7, 7}), MoveError::None);
  h.now += 800ms;
  h.flush();
  h.expectClocks(9'000, 10'000);
  EXPECT_EQ(std::get<Move>(
                *std::find_if(h.b.got.begin(), h.b.got.end(),
                              [](const Message& m) { return std::holds_alternative<Move>(m); }))
                .thinkMs,
            1'000);
  // B's move is 1.5 s late on its way to the server after 1 s of thought: the server charges
  // 2.5 s less the 1 s allowance, 1.5 s. B's own program charged its 1 s.
  h.now += 1'000ms;
  ASSERT_EQ(h.b.match.playLocal({8, 8}), MoveError::None);
  h.now += 1'500ms;
  h.flush();
  for (const Match* m : std::initializer_list<const Match*>{&h.a.match, &h.table->match(Side::A),
                                                            &h.table->match(Side::B)})
    EXPECT_EQ(h.mainMs(*m, Stone::White), 8'500);
  EXPECT_EQ(h.mainMs(h.b.match, Stone::White), 9'000) << "nothing tells B's program";
  h.expectSameGame();
  EXPECT_TRUE(h.ends.empty());
  EXPECT_TRUE(h.faults.empty());
}

TEST(GameTableClock, AClientLyingAboutItsTimeIsChargedTheServersMeasureAndFlagged) {
  ClockHarness h;
  h.begin();
  // A's program claims no time at all: its clock stands still.
  h.frozen = &h.a;
  h.frozenAt = h.now;
  h.now += 4'000ms;
  ASSERT_EQ(h.a.match.playLocal({7, 7}), MoveError::None);
  h.flush();
  // The server charged 4 s less the allowance; B's program holds the server's time.
  for (const Match* m : std::initializer_list<const Match*>{&h.b.match, &h.table->match(Side::A),
                                                            &h.table->match(Side::B)})
    EXPECT_EQ(h.mainMs(*m, Stone::Black), 7'000);
  EXPECT_EQ(h.mainMs(h.a.match, Stone::Black), 10'000);
  h.frozen = nullptr;  // (its clock runs on the opponent's turn: it takes B's move)
  h.play({{8, 8}});
  h.frozen = &h.a;
  h.frozenAt = h.now;
  // A thinks on, claiming nothing again: the server flags it on its own clock (7 s + 1 s).
  EXPECT_EQ(h.table->msUntilClockCheck(), 8'001);
  h.now += 8'001ms;
  h.checkIfDue();
  h.flush();
  ASSERT_EQ(h.ends.size(), 1u);
  EXPECT_EQ(h.ends[0].outcome, Outcome::WhiteWins);
  EXPECT_EQ(h.ends[0].reason, EndReason::Time);
  EXPECT_EQ(h.b.match.game().result().reason, EndReason::Time);
  // A's program believes it has time left, but the server keeps the time: it takes the FLAG.
  EXPECT_EQ(h.a.match.sentError(), std::nullopt);
  EXPECT_EQ(h.a.match.game().result().reason, EndReason::Time);
  EXPECT_EQ(h.a.match.game().result().outcome, Outcome::WhiteWins);
  EXPECT_EQ(h.ends.size(), 1u);
}

TEST(GameTableClock, AMoveBeyondTheTimeTheServerChargesLosesOnTime) {
  ClockHarness h;
  h.begin();
  h.frozen = &h.a;
  h.frozenAt = h.now;
  // 11.5 s on the server's clock before the check ran: 10.5 s charged, beyond A's 10 s.
  h.now += 11'500ms;
  ASSERT_EQ(h.a.match.playLocal({7, 7}), MoveError::None);
  h.flush();
  ASSERT_EQ(h.ends.size(), 1u);
  EXPECT_EQ(h.ends[0].outcome, Outcome::WhiteWins);
  EXPECT_EQ(h.ends[0].reason, EndReason::Time);
  EXPECT_EQ(h.b.match.game().result().reason, EndReason::Time);
  EXPECT_EQ(h.b.match.game().moves().size(), 0u) << "the late move is not B's to answer";
  EXPECT_EQ(h.table->match(Side::A).game().moves().size(), 1u) << "recorded after the end";
  // A's program, whose clock stood still, takes the server's FLAG all the same.
  EXPECT_EQ(h.a.match.sentError(), std::nullopt);
  EXPECT_EQ(h.a.match.game().result().reason, EndReason::Time);
}

TEST(GameTableClock, AClaimBeyondTheServersMeasureBreaksTheRules) {
  ClockHarness h;
  h.begin();
  h.play({{7, 7}});
  // B's clock runs fast: it claims 3 s for a move the server saw take 1 s.
  h.frozen = &h.b;
  h.frozenAt = h.now + 2'000ms;
  h.now += 1'000ms;
  ASSERT_EQ(h.b.match.playLocal({8, 8}), MoveError::None);
  h.flush();
  ASSERT_EQ(h.ends.size(), 1u);
  EXPECT_EQ(h.ends[0].outcome, Outcome::BlackWins);
  EXPECT_EQ(h.ends[0].reason, EndReason::Resignation);
  EXPECT_NE(h.ends[0].detail.find("broke the rules"), std::string::npos) << h.ends[0].detail;
  EXPECT_EQ(h.a.match.game().moves().size(), 1u);
}

TEST(GameTableClock, AClaimOnTheOpponentsTimeStandsOnlyWhenTheServersClockShowsItOut) {
  ClockHarness h(TimeControl{ClockKind::PerMove, 0, 0, 2'000});
  h.begin();
  h.play({{7, 7}});
  // B to move. A claims B's time at 1.5 s: the server's clock shows 0.5 s left: refused.
  ClockHarness h2(TimeControl{ClockKind::PerMove, 0, 0, 2'000});
  h2.begin();
  h2.play({{7, 7}});
  h2.now += 1'500ms;
  h2.table->receive(Side::A, Flag{1});
  h2.flush();
  ASSERT_EQ(h2.ends.size(), 1u);
  EXPECT_EQ(h2.ends[0].outcome, Outcome::WhiteWins) << "the false claim loses";
  // In the first game A claims at 2 s: it stands.
  h.now += 2'000ms;
  h.table->receive(Side::A, Flag{1});
  h.flush();
  ASSERT_EQ(h.ends.size(), 1u);
  EXPECT_EQ(h.ends[0].outcome, Outcome::BlackWins);
  EXPECT_EQ(h.ends[0].reason, EndReason::Time);
  EXPECT_EQ(h.b.match.game().result().reason, EndReason::Time);
  EXPECT_EQ(h.b.match.sentError(), std::nullopt);
}

TEST(GameTableClock, C14_ADroppedClientIsNotFlaggedAndResumesWithTheSameClocks) {
  ClockHarness h;
  h.begin();
  h.play({{7, 7}, {8, 8}});  // 1 s each
  h.now += 3'000ms;          // A thinks 3 s, then its connection drops
  h.a.linked = false;
  h.a.match.connectionLost("reset");
  h.table->connectionLost(Side::A, "reset");
  EXPECT_EQ(h.table->msUntilClockCheck(), -1) << "an away side is not judged";
  h.now += 60'000ms;
  h.table->checkClocks();
  EXPECT_TRUE(h.ends.empty());
  h.a.linked = true;
  h.table->resumed(Side::A);
  h.a.match.reconnected();
  h.flush();
  ASSERT_EQ(h.a.match.phase(), MatchPhase::Playing);
  // The interrupted move starts afresh on both sides with the time after A's last move.
  h.expectClocks(9'000, 9'000);
  EXPECT_EQ(h.table->msUntilClockCheck(), 10'001);
  h.play({{9, 9}, {10, 10}});
  h.expectClocks(8'000, 8'000);
  h.expectSameGame();
  EXPECT_TRUE(h.ends.empty());
  EXPECT_TRUE(h.faults.empty());
}

TEST(GameTableClock, C14_TheStayingSideIsFlaggedWhileTheOtherIsAway) {
  ClockHarness h;
  h.begin();
  h.play({{7, 7}});
  // B to move; A's connection drops. B's time still runs on the server.
  h.a.linked = false;
  h.a.match.connectionLost("reset");
  h.table->connectionLost(Side::A, "reset");
  EXPECT_EQ(h.table->msUntilClockCheck(), 11'001);
  h.now += 11'001ms;
  h.checkIfDue();
  h.flush();
  ASSERT_EQ(h.ends.size(), 1u);
  EXPECT_EQ(h.ends[0].outcome, Outcome::BlackWins);
  EXPECT_EQ(h.ends[0].reason, EndReason::Time);
  // A comes back and learns the result from SYNC.
  h.a.linked = true;
  h.table->resumed(Side::A);
  h.a.match.reconnected();
  h.flush();
  EXPECT_EQ(h.a.match.game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(h.a.match.game().result().reason, EndReason::Time);
  EXPECT_TRUE(h.faults.empty());
}

// ---- openings --------------------------------------------------------------------------------

namespace {

OpeningAct placeAt(int x, int y) {
  OpeningAct a;
  a.action = OpeningAction::Place;
  a.points = {{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)}};
  return a;
}
OpeningAct chooseAct(OpeningChoice c) {
  OpeningAct a;
  a.action = OpeningAction::Choose;
  a.choice = c;
  return a;
}

}  // namespace

TEST(GameTableOpening, Swap2IsRelayedAndTheColoursItGivesAreReported) {
  ClockHarness h(TimeControl{ClockKind::PerMove, 0, 0, 30'000}, OpeningRule::Swap2);
  h.begin();
  ASSERT_NE(h.a.match.opening(), nullptr);
  EXPECT_EQ(h.a.match.localSeat(), Seat::First);
  const auto act = [&h](Client& c, const OpeningAct& a) {
    ASSERT_EQ(c.match.openingAct(a), OpeningError::None);
    h.flush();
    ASSERT_EQ(h.a.match.sentError(), std::nullopt);
    ASSERT_EQ(h.b.match.sentError(), std::nullopt);
  };
  act(h.a, placeAt(7, 7));
  act(h.a, placeAt(8, 8));
  act(h.a, placeAt(9, 7));
  act(h.b, chooseAct(OpeningChoice::PlaceTwo));
  act(h.b, placeAt(6, 6));
  act(h.b, placeAt(10, 10));
  act(h.a, chooseAct(OpeningChoice::TakeWhite));  // A, the first player, takes White
  EXPECT_EQ(h.a.match.opening(), nullptr);
  EXPECT_EQ(h.a.match.localColor(), Stone::White);
  EXPECT_EQ(h.b.match.localColor(), Stone::Black);
  h.expectSameGame();
  EXPECT_EQ(h.table->match(Side::A).openingActs().size(), 7u);
  // Normal play: White (A) moves 6th; then B resigns.
  h.play({{3, 3}});
  ASSERT_EQ(h.b.match.resign(), RequestRefusal::None);
  h.flush();
  ASSERT_EQ(h.ends.size(), 1u);
  EXPECT_FALSE(h.ends[0].aIsBlack) << "A played White after the opening";
  EXPECT_EQ(h.ends[0].outcome, Outcome::WhiteWins);
  EXPECT_EQ(h.ends[0].moves.size(), 6u);
  EXPECT_TRUE(h.faults.empty());
}

TEST(GameTableOpening, AnIllegalProposalIsRefusedAndLosesTheGame) {
  ClockHarness h(TimeControl{}, OpeningRule::Swap2);
  h.begin();
  ASSERT_EQ(h.a.match.openingAct(placeAt(7, 7)), OpeningError::None);
  h.flush();
  // A's program sends a second stone on the same point (a client the server cannot trust).
  OpeningAct bad = placeAt(7, 7);
  bad.seq = 1;
  h.table->receive(Side::A, bad);
  h.flush();
  EXPECT_EQ(h.table->match(Side::A).sentError(), ErrorCode::IllegalMove);
  ASSERT_EQ(h.ends.size(), 1u);
  EXPECT_EQ(h.ends[0].outcome, Outcome::WhiteWins);
  EXPECT_EQ(h.b.match.game().ply(), 1) << "B's board is unchanged";
  EXPECT_TRUE(h.faults.empty());
}

TEST(GameTableOpening, AClientThatDropsDuringSwap2ComesBackAndFinishesTheGame) {
  ClockHarness h(TimeControl{ClockKind::PerMove, 0, 0, 30'000}, OpeningRule::Swap2);
  h.begin();
  const auto act = [&h](Client& c, const OpeningAct& a) {
    ASSERT_EQ(c.match.openingAct(a), OpeningError::None);
    h.flush();
    ASSERT_EQ(h.a.match.sentError(), std::nullopt);
    ASSERT_EQ(h.b.match.sentError(), std::nullopt);
  };
  // A's connection drops; what it had not sent yet is lost with it.
  const auto dropA = [&h] {
    h.a.linked = false;
    h.a.outbox.clear();
    h.a.match.connectionLost("reset");
    h.table->connectionLost(Side::A, "reset");
  };
  const auto backA = [&h] {
    h.a.linked = true;
    h.table->resumed(Side::A);
    h.a.match.reconnected();
    h.flush();
  };
  act(h.a, placeAt(7, 7));
  act(h.a, placeAt(8, 8));
  act(h.a, placeAt(9, 7));
  act(h.b, chooseAct(OpeningChoice::PlaceTwo));
  act(h.b, placeAt(6, 6));
  dropA();
  EXPECT_EQ(h.a.match.phase(), MatchPhase::Suspended);
  EXPECT_EQ(h.table->match(Side::A).phase(), MatchPhase::Suspended) << "not ended";
  EXPECT_TRUE(h.ends.empty());
  // B's second stone is taken at once while A is away (A learns it from the resume's SYNC).
  ASSERT_EQ(h.b.match.openingAct(placeAt(10, 10)), OpeningError::None);
  h.flush();
  EXPECT_EQ(h.table->held(Side::B), 0u);
  EXPECT_EQ(h.table->match(Side::A).openingActs().size(), 6u);
  backA();
  ASSERT_EQ(h.a.match.phase(), MatchPhase::Playing);
  h.expectSameGame();
  EXPECT_EQ(h.a.match.game().ply(), 5) << "B's stone followed the resume";
  ASSERT_NE(h.a.match.opening(), nullptr);
  EXPECT_EQ(h.a.match.opening()->step(), OpeningStep::ColourChoice);
  // A's choice is in flight when the connection drops again: its RESUME brings it.
  ASSERT_EQ(h.a.match.openingAct(chooseAct(OpeningChoice::TakeWhite)), OpeningError::None);
  dropA();
  EXPECT_NE(h.b.match.opening(), nullptr) << "B does not know it yet";
  backA();
  ASSERT_EQ(h.a.match.phase(), MatchPhase::Playing);
  EXPECT_EQ(h.a.match.opening(), nullptr);
  EXPECT_EQ(h.b.match.opening(), nullptr);
  EXPECT_EQ(h.a.match.localColor(), Stone::White);
  EXPECT_EQ(h.b.match.localColor(), Stone::Black);
  EXPECT_EQ(h.table->match(Side::A).openingActs().size(), 7u);
  EXPECT_EQ(h.table->match(Side::B).openingActs().size(), 7u);
  h.expectSameGame();
  // Normal play: White (A) moves 6th; then B resigns.
  h.play({{3, 3}, {11, 11}});
  ASSERT_EQ(h.b.match.resign(), RequestRefusal::None);
  h.flush();
  ASSERT_EQ(h.ends.size(), 1u);
  EXPECT_FALSE(h.ends[0].aIsBlack) << "A played White after the opening";
  EXPECT_EQ(h.ends[0].outcome, Outcome::WhiteWins);
  EXPECT_EQ(h.ends[0].reason, EndReason::Resignation);
  EXPECT_EQ(h.ends[0].moves.size(), 7u);
  EXPECT_TRUE(h.faults.empty());
  EXPECT_EQ(h.a.received<Error>() + h.b.received<Error>(), 0);
}

namespace {

// Swap2 on a clock of 5 s a decision: A, the first player, places its three stones at 1 s each.
struct TimedOpening : ClockHarness {
  TimedOpening() : ClockHarness(TimeControl{ClockKind::PerMove, 0, 0, 5'000}, OpeningRule::Swap2) {}
  void decide(Client& c, const OpeningAct& act, std::chrono::milliseconds think) {
    now += think;
    ASSERT_EQ(c.match.openingAct(act), OpeningError::None);
    flush();
  }
  void threeStones() {
    for (const OpeningAct& act : {placeAt(7, 7), placeAt(8, 8), placeAt(9, 7)}) decide(a, act, 1s);
  }
  // A's third stone reaches B 0.6 s late; B chooses to place two more 4.9 s later by its
  // clock (5.5 s on the server's and A's, within the allowance). The server has relayed the
  // choice towards A, which has not received it yet.
  void lateChoiceOnItsWay() {
    decide(a, placeAt(7, 7), 1s);
    decide(a, placeAt(8, 8), 1s);
    now += 1s;
    ASSERT_EQ(a.match.openingAct(placeAt(9, 7)), OpeningError::None);
    while (up(Side::A)) {
    }
    now += 600ms;
    while (down(Side::B)) {
    }
    now += 4'900ms;
    ASSERT_EQ(b.match.openingAct(chooseAct(OpeningChoice::PlaceTwo)), OpeningError::None);
    while (up(Side::B)) {
    }
  }
  // B chooses to place two more after `said` by its own program's clock, `measured` by the
  // server's (and A's): the third stone reached B late.
  void lateChoice(std::chrono::milliseconds said, std::chrono::milliseconds measured) {
    frozen = &b;
    frozenAt = now + said;
    now += measured;
    ASSERT_EQ(b.match.openingAct(chooseAct(OpeningChoice::PlaceTwo)), OpeningError::None);
    flush();
    frozen = nullptr;
  }
  // Every match (both clients', both of the server's) holds the same opening, the result given
  // and no fault.
  void expectAgreed(std::size_t acts, Outcome outcome, EndReason reason) {
    for (const Match* m : std::initializer_list<const Match*>{
             &a.match, &b.match, &table->match(Side::A), &table->match(Side::B)}) {
      SCOPED_TRACE(m == &a.match                 ? "A's program"
                   : m == &b.match               ? "B's program"
                   : m == &table->match(Side::A) ? "the server's match facing A"
                                                 : "the server's match facing B");
      EXPECT_EQ(m->openingActs().size(), acts);
      EXPECT_EQ(m->game().ply(), a.match.game().ply());
      EXPECT_EQ(m->game().result().outcome, outcome);
      EXPECT_EQ(m->game().result().reason, reason);
      EXPECT_EQ(m->sentError(), std::nullopt);
    }
    EXPECT_TRUE(faults.empty());
  }
};

}  // namespace

TEST(GameTableOpening, TheOpeningRunsOnTheServersClocksWhenBothClientsSpeak16) {
  TimedOpening h;
  h.begin();
  EXPECT_TRUE(h.a.match.openingTimed());
  EXPECT_TRUE(h.b.match.openingTimed());
  h.threeStones();
  h.decide(h.b, chooseAct(OpeningChoice::PlaceTwo), 2'500ms);
  ASSERT_NE(lastGot<OpeningAct>(h.a), nullptr);
  EXPECT_EQ(lastGot<OpeningAct>(h.a)->thinkMs, 2'500) << "A is told B's time";
  h.decide(h.b, placeAt(6, 6), 1s);
  h.decide(h.b, placeAt(10, 10), 1s);
  h.decide(h.a, chooseAct(OpeningChoice::TakeWhite), 4s);
  EXPECT_EQ(lastGot<OpeningAct>(h.b)->thinkMs, 4'000);
  h.expectAgreed(7, Outcome::Ongoing, EndReason::None);
  // Normal play: White (A) to move, on a fresh 5 s.
  EXPECT_EQ(h.table->msUntilClockCheck(), 5'000 + net::kFlagGraceMs + 1);
}

TEST(GameTableOpening, AnOlderClientKeepsTheOpeningOffTheClocksForBoth) {
  TimedOpening h;
  h.table->start();
  h.a.match.connected();
  h.b.match.connected();
  ASSERT_TRUE(std::holds_alternative<Hello>(h.b.outbox.front()));
  std::get<Hello>(h.b.outbox.front()).protocolMinor = 5;  // B's program speaks 1.5
  h.flush();
  ASSERT_EQ(h.a.match.phase(), MatchPhase::Playing);
  EXPECT_FALSE(h.a.match.openingTimed());
  EXPECT_FALSE(h.b.match.openingTimed());
  EXPECT_EQ(h.table->msUntilClockCheck(), -1) << "no clock runs in the opening";
  h.threeStones();
  EXPECT_EQ(lastGot<OpeningAct>(h.b)->thinkMs, -1);
}

TEST(GameTableOpening, TheServerFlagsASilentDeciderAndBothProgramsAgree) {
  TimedOpening h;
  h.begin();
  h.threeStones();
  // B's 5 s to answer are out by the allowance.
  EXPECT_EQ(h.table->msUntilClockCheck(), 5'000 + net::kFlagGraceMs + 1);
  h.now += std::chrono::milliseconds(5'000 + net::kFlagGraceMs + 1);
  h.checkIfDue();
  h.flush();
  ASSERT_EQ(h.ends.size(), 1u);
  EXPECT_EQ(h.ends[0].reason, EndReason::Time);
  EXPECT_EQ(h.ends[0].outcome, Outcome::BlackWins) << "B, the tentative White, lost";
  ASSERT_NE(lastGot<Flag>(h.a), nullptr);
  EXPECT_EQ(lastGot<Flag>(h.a)->decision, 3);
  EXPECT_EQ(lastGot<Flag>(h.b)->decision, 3);
  h.expectAgreed(3, Outcome::BlackWins, EndReason::Time);
  EXPECT_TRUE(h.b.match.gameClock().reading(Stone::White, h.b.match.nowMs()).flagged);
}

TEST(GameTableOpening, LagUpToTheAllowanceIsForgivenInTheOpening) {
  TimedOpening h;
  h.begin();
  h.threeStones();
  // B's program says 4.9 s; the server measured 5.5 s (its stone reached B late): charged
  // 4.9 s, in time.
  h.lateChoice(4'900ms, 5'500ms);
  EXPECT_EQ(lastGot<OpeningAct>(h.a)->thinkMs, 4'900);
  h.expectAgreed(4, Outcome::Ongoing, EndReason::None);
}

TEST(GameTableOpening, ADecisionBeyondTheAllowanceLosesOnTimeAndIsTakenBack) {
  TimedOpening h;
  h.begin();
  h.threeStones();
  // B's program says 4.9 s, the server measured 6.5 s: charged 5.5 s, more than B had. The
  // server's FLAG tells B's program, which takes its choice back; A never sees it.
  h.lateChoice(4'900ms, 6'500ms);
  EXPECT_EQ(h.a.received<OpeningAct>(), 0) << "A got none of B's decisions";
  ASSERT_EQ(h.ends.size(), 1u);
  EXPECT_EQ(h.ends[0].reason, EndReason::Time);
  h.expectAgreed(3, Outcome::BlackWins, EndReason::Time);
  EXPECT_EQ(h.b.match.openingActs().size(), 3u) << "B's choice taken back";
}

TEST(GameTableOpening, AClaimThatCrossedTheOpponentsDecisionTakesItBackEverywhere) {
  TimedOpening h;
  h.begin();
  // A's third stone reaches B 0.6 s late; B answers 4.9 s later by its clock (5.5 s on the
  // server's and A's, within the allowance). A's program claims at 6.001 s, before B's answer
  // reaches it: the claim stands (B's time was out by A's clock and the server's), and B's
  // answer is taken back by the server's matches and by B's program.
  h.lateChoiceOnItsWay();
  EXPECT_EQ(h.table->match(Side::A).openingActs().size(), 4u) << "relayed towards A";
  h.now += 501ms;
  h.a.match.checkClock();  // B's 5 s are out by A's 1 s grace: A claims
  ASSERT_TRUE(h.a.match.game().over());
  h.flush();
  ASSERT_EQ(h.ends.size(), 1u);
  EXPECT_EQ(h.ends[0].reason, EndReason::Time);
  h.expectAgreed(3, Outcome::BlackWins, EndReason::Time);
  EXPECT_EQ(h.b.match.openingActs().size(), 3u) << "B's choice taken back";
  EXPECT_EQ(h.a.received<Error>() + h.b.received<Error>(), 0);
}

TEST(GameTableOpening, AClientThatFlagsItselfInTheOpeningEndsTheGameForBoth) {
  TimedOpening h;
  h.begin();
  h.decide(h.a, placeAt(7, 7), 1s);
  h.now += 5'001ms;
  h.a.match.checkClock();  // A's own program sees its 5 s gone
  h.flush();
  ASSERT_EQ(h.ends.size(), 1u);
  h.expectAgreed(1, Outcome::WhiteWins, EndReason::Time);
  EXPECT_EQ(lastGot<Flag>(h.b)->decision, 1);
}

TEST(GameTableOpening, AllFourCopiesOfTheClocksAgreeThroughASwap) {
  ClockHarness h(TimeControl{ClockKind::Fischer, 60'000, 2'000, 0}, OpeningRule::Swap);
  h.begin();
  for (const OpeningAct& act : {placeAt(7, 7), placeAt(8, 8), placeAt(9, 7)}) {
    h.now += 1s;
    ASSERT_EQ(h.a.match.openingAct(act), OpeningError::None);
    h.flush();
  }
  h.expectClocks(63'000, 60'000);  // A (tentative Black): three decisions of 1 s, +2 s each
  // B thinks 4 s, takes Black: each player keeps their own clock, now under the other colour.
  h.now += 4s;
  ASSERT_EQ(h.b.match.openingAct(chooseAct(OpeningChoice::TakeBlack)), OpeningError::None);
  h.flush();
  EXPECT_EQ(h.b.match.localColor(), Stone::Black);
  h.expectClocks(58'000, 63'000);
  EXPECT_TRUE(h.faults.empty());
}

TEST(GameTableOpening, DecisionsWhileTheOpponentIsAwayAreChargedAtOnceAndResumed) {
  ClockHarness h(TimeControl{ClockKind::Fischer, 60'000, 2'000, 0}, OpeningRule::Swap2);
  h.begin();
  // B's connection drops; A places its three stones meanwhile, 1 s each, and is not flagged
  // for B's absence: each decision is charged when it arrives.
  h.drop(Side::B);
  for (const OpeningAct& act : {placeAt(7, 7), placeAt(8, 8), placeAt(9, 7)}) {
    h.now += 1s;
    ASSERT_EQ(h.a.match.openingAct(act), OpeningError::None);
    h.flush();
  }
  EXPECT_EQ(h.table->held(Side::A), 0u);
  EXPECT_EQ(h.table->match(Side::B).openingActs().size(), 3u) << "kept for B's resume";
  h.now += 100s;  // B is away: its decision is not judged
  h.table->checkClocks();
  h.flush();
  EXPECT_TRUE(h.ends.empty());
  // B comes back: its SYNC holds the three stones and the clocks; its choice starts afresh.
  h.comeBack(Side::B);
  ASSERT_EQ(h.b.match.phase(), MatchPhase::Playing);
  EXPECT_EQ(h.b.match.openingActs().size(), 3u);
  h.expectClocks(63'000, 60'000);
  h.now += 2s;
  ASSERT_EQ(h.b.match.openingAct(chooseAct(OpeningChoice::TakeBlack)), OpeningError::None);
  h.flush();
  h.expectClocks(60'000, 63'000);  // B (60 s) took Black: each player keeps their own clock
  h.expectSameGame();
  EXPECT_TRUE(h.faults.empty());
  EXPECT_EQ(h.a.received<Error>() + h.b.received<Error>(), 0);
}

TEST(GameTableOpening, AClaimArrivingAfterTheDecidersOwnLaterFlagStillTakesItsDecisionsBack) {
  TimedOpening h;
  h.begin();
  // As in AClaimThatCrossedTheOpponentsDecision...: B's late choice crosses A's claim. Here A's
  // claim is slow to reach the server, and B then runs out on its next decision: B's own FLAG
  // (decision 4) is in first. A's claim about decision 3 still stands on every side, and B's
  // choice is taken back everywhere.
  h.lateChoiceOnItsWay();
  h.now += 501ms;
  h.a.match.checkClock();  // A claims at decision 3; the FLAG waits in A's outbox
  ASSERT_TRUE(h.a.match.game().over());
  h.now += 5'000ms;
  h.b.match.checkClock();  // B's own 5 s for its next stone are gone
  ASSERT_TRUE(h.b.match.game().over());
  while (h.up(Side::B)) {
  }
  EXPECT_EQ(h.table->match(Side::A).timeLossDecision(), 4);
  h.flush();
  h.expectAgreed(3, Outcome::BlackWins, EndReason::Time);
  EXPECT_EQ(h.a.received<Error>() + h.b.received<Error>(), 0);
}

TEST(GameTableOpening, AClaimWhileTheOpponentIsAwayStandsAtItsResume) {
  TimedOpening h;
  h.begin();
  // B's late choice crosses A's claim (as above), but B's connection drops before the claim
  // reaches the server: the server takes the claim at once, B's resume brings B the result.
  h.lateChoiceOnItsWay();
  h.b.inbox.clear();  // what the server sent is lost too
  h.drop(Side::B);
  h.now += 501ms;
  h.a.match.checkClock();
  ASSERT_TRUE(h.a.match.game().over());
  h.flush();
  EXPECT_EQ(h.table->held(Side::A), 0u) << "the claim is taken while B is away";
  h.comeBack(Side::B);
  h.expectAgreed(3, Outcome::BlackWins, EndReason::Time);
  EXPECT_EQ(h.a.received<Error>() + h.b.received<Error>(), 0);
}

TEST(GameTableOpening, ADecisionInFlightAtADropIsChargedAlikeOnEverySide) {
  ClockHarness h(TimeControl{ClockKind::Fischer, 60'000, 2'000, 0}, OpeningRule::Swap2);
  h.begin();
  h.now += 1s;
  ASSERT_EQ(h.a.match.openingAct(placeAt(7, 7)), OpeningError::None);
  h.flush();
  // A's second stone is lost with its connection; its RESUME brings it: charged 0 and the
  // increment on A's side of the server and, relayed with time 0, on B's.
  h.now += 1s;
  ASSERT_EQ(h.a.match.openingAct(placeAt(8, 8)), OpeningError::None);
  h.drop(Side::A);
  h.now += 3s;
  h.comeBack(Side::A);
  ASSERT_EQ(h.a.match.phase(), MatchPhase::Playing);
  EXPECT_EQ(h.b.match.openingActs().size(), 2u);
  h.expectClocks(60'000 - 1'000 + 2'000 + 2'000, 60'000);
  EXPECT_TRUE(h.faults.empty());
}

namespace {

// B (the second player) resigns while A places its stones; A's program, not knowing, places
// two and then runs out of time on the third. A's two stones and its FLAG crossed B's
// resignation: the resignation stands everywhere, whichever reaches the server first.
void resignationCrossedByDecisionsAndAFlag(bool resignationFirst) {
  TimedOpening h;
  h.begin();
  ASSERT_EQ(h.b.match.resign(), RequestRefusal::None);
  if (resignationFirst) h.up(Side::B);
  for (const OpeningAct& act : {placeAt(7, 7), placeAt(8, 8)}) {
    h.now += 1s;
    ASSERT_EQ(h.a.match.openingAct(act), OpeningError::None);
    h.up(Side::A);  // on time at the server
  }
  h.now += 5'001ms;
  h.a.match.checkClock();  // A's own 5 s for its third stone are gone
  ASSERT_EQ(h.a.match.game().result().reason, EndReason::Time);
  while (h.up(Side::A)) {
  }
  h.flush();
  for (const Match* m : std::initializer_list<const Match*>{
           &h.a.match, &h.b.match, &h.table->match(Side::A), &h.table->match(Side::B)}) {
    EXPECT_EQ(m->game().result().outcome, Outcome::BlackWins);
    EXPECT_EQ(m->game().result().reason, EndReason::Resignation);
    EXPECT_EQ(m->sentError(), std::nullopt);
  }
  ASSERT_FALSE(h.ends.empty());
  EXPECT_EQ(h.ends.back().reason, EndReason::Resignation);
  EXPECT_TRUE(h.faults.empty());
  EXPECT_EQ(h.a.received<Error>() + h.b.received<Error>(), 0);
}

}  // namespace

TEST(GameTableOpening, AResignationCrossedByDecisionsAndTheirFlagStands) {
  resignationCrossedByDecisionsAndAFlag(true);
}

TEST(GameTableOpening, AResignationArrivingAfterTheDecidersFlagStandsAllTheSame) {
  resignationCrossedByDecisionsAndAFlag(false);
}

TEST(GameTableOpening, AFlagStandsOverTheResignationOfAPlayerWhoLeftThenComesBack) {
  // Found by fuzz_table: A's program flags itself at its first decision while B's resignation
  // is on its way; the resignation reaches the server first, then B's connection drops. A's
  // flag stands on both links (B's resume tells B), as when B stays.
  TimedOpening h;
  h.begin();
  h.now += 5'001ms;
  ASSERT_EQ(h.b.match.resign(), RequestRefusal::None);
  h.a.match.checkClock();      // A's own program sees its 5 s gone
  ASSERT_TRUE(h.up(Side::B));  // the RESIGN first
  h.drop(Side::B);
  h.flush();
  EXPECT_TRUE(h.faults.empty()) << h.faults.front();
  ASSERT_FALSE(h.ends.empty());
  EXPECT_EQ(h.ends.back().reason, EndReason::Time);
  EXPECT_EQ(h.ends.back().outcome, Outcome::WhiteWins);
  h.comeBack(Side::B);
  EXPECT_TRUE(h.faults.empty()) << h.faults.front();
  h.expectAgreed(0, Outcome::WhiteWins, EndReason::Time);
}

TEST(GameTableOpening, TwoDecisionsInFlightAtADropAreBothTakenAtTheResume) {
  ClockHarness h(TimeControl{ClockKind::Fischer, 60'000, 2'000, 0}, OpeningRule::Swap2);
  h.begin();
  // A places its first stone; its second and third are lost with its connection, and its
  // RESUME brings both: each is charged 0 (and the increment) on every side.
  h.now += 1s;
  ASSERT_EQ(h.a.match.openingAct(placeAt(7, 7)), OpeningError::None);
  h.flush();
  for (const OpeningAct& act : {placeAt(8, 8), placeAt(9, 7)}) {
    h.now += 1s;
    ASSERT_EQ(h.a.match.openingAct(act), OpeningError::None);
  }
  h.drop(Side::A);
  h.comeBack(Side::A);
  ASSERT_EQ(h.a.match.phase(), MatchPhase::Playing);
  EXPECT_EQ(h.a.received<Error>() + h.b.received<Error>(), 0);
  for (const Match* m : std::initializer_list<const Match*>{
           &h.a.match, &h.b.match, &h.table->match(Side::A), &h.table->match(Side::B)})
    EXPECT_EQ(m->openingActs().size(), 3u);
  h.expectClocks(60'000 - 1'000 + 3 * 2'000, 60'000);
  h.expectSameGame();
  EXPECT_TRUE(h.faults.empty());
}

TEST(GameTableOpening, AResignationAfterDecisionsTheServersFlagTookBackIsStale) {
  TimedOpening h;
  h.begin();
  // A's first two stones are slow to reach the server, which flags A at its first decision;
  // A, not knowing, resigns after them. Its stones and its resignation crossed the FLAG: the
  // loss on time stands everywhere, and nobody is told of a fault.
  for (const OpeningAct& act : {placeAt(7, 7), placeAt(8, 8)}) {
    h.now += 1s;
    ASSERT_EQ(h.a.match.openingAct(act), OpeningError::None);
  }
  h.now += std::chrono::milliseconds(5'000 + net::kFlagGraceMs);
  h.table->checkClocks();
  ASSERT_EQ(h.a.match.resign(), RequestRefusal::None);
  h.flush();
  for (const Match* m : std::initializer_list<const Match*>{
           &h.a.match, &h.b.match, &h.table->match(Side::A), &h.table->match(Side::B)}) {
    EXPECT_EQ(m->game().result().outcome, Outcome::WhiteWins);
    EXPECT_EQ(m->game().result().reason, EndReason::Time);
    EXPECT_EQ(m->sentError(), std::nullopt);
  }
  EXPECT_EQ(h.a.received<Error>() + h.b.received<Error>(), 0);
  EXPECT_TRUE(h.faults.empty());
}

// --- A table's journal (journal.h): what a node that takes a game over reads ---

TEST(JournalText, TheHeaderRoundTripsEveryField) {
  TableHeader h;
  h.accounts = {17, 4};
  h.names = {"alice", "李白-2"};
  h.scores = {-12, 1530};
  h.aIsBlack = false;
  h.boardSize = 19;
  h.rule = Rule::Renju;
  h.foul = FoulPolicy::Lose;
  h.rated = true;
  h.clock = {ClockKind::Fischer, 300000, 5000, 0};
  h.opening = OpeningRule::Swap2;
  h.tokens = {0xFFFFFFFFFFFFFFFFull, 1};
  h.lagAllowanceMs = 2500;
  h.resumeWindowS = 180;
  h.holdLimit = 64;
  h.firstGameId = 991;
  auto back = decodeHeader(encodeHeader(h));
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, h);
}

TEST(JournalText, AGarbledHeaderIsRefused) {
  TableHeader h;
  h.accounts = {1, 2};
  h.names = {"a1", "b2"};
  h.tokens = {5, 6};
  h.firstGameId = 3;
  const std::string good = encodeHeader(h);
  ASSERT_TRUE(decodeHeader(good));
  auto with = [&](const std::string& from, const std::string& to) {
    std::string s = good;
    auto at = s.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return s.replace(at, from.size(), to);
  };
  for (const std::string& bad :
       {std::string{}, std::string("2") + good.substr(1), good.substr(0, good.size() - 3),
        good + "\tx", with("\t15\t", "\t26\t"), with("1\t2\t", "1\t1\t"),
        with("\t5\t6\t", "\t0\t6\t"), with("\t3\t5\t", "\t03\t5\t"), with("\tb2", "\tb\x01")})
    EXPECT_FALSE(decodeHeader(bad)) << bad;
}

TEST(JournalText, EntriesRoundTripAndGarbledOnesAreRefused) {
  for (const JournalEntry& e :
       {JournalEntry{0, TableOp::Start, Side::A, ""},
        JournalEntry{123456789, TableOp::Receive, Side::B, std::string("\x00\x01\t\n\xff", 5)},
        JournalEntry{7, TableOp::Lost, Side::A, "network: reset"},
        JournalEntry{8, TableOp::GameId, Side::A, "2 77"}}) {
    auto back = decodeEntry(encodeEntry(e));
    ASSERT_TRUE(back) << encodeEntry(e);
    EXPECT_EQ(*back, e);
  }
  for (const char* bad : {"", "12", "12\tRA", "x\tRA\t", "12\tXA\t", "12\tRC\t", "012\tRA\t",
                          "-1\tRA\t", "12\tR\t", "12 \tRA\t"})
    EXPECT_FALSE(decodeEntry(bad)) << bad;
}
