// Tests of MatchTracker (src/net/matchtracker.h): successive NetSnapshots in, typed updates out.
// The snapshots are made by hand, or from two real Matches wired together (as NetGame::snapshot
// fills them), so that no socket or thread is involved.

#include <gtest/gtest.h>

#include <deque>
#include <string>
#include <vector>

#include "core/game.h"
#include "net/match.h"
#include "net/matchtracker.h"
#include "print.h"

using namespace gomoku;
using namespace gomoku::net;
using Kind = MatchUpdateKind;

namespace {

std::vector<Kind> kinds(const std::vector<MatchUpdate>& updates) {
  std::vector<Kind> out;
  for (const MatchUpdate& u : updates) out.push_back(u.kind);
  return out;
}

// A connected match in its first game: we are Black against Bob.
NetSnapshot playing() {
  NetSnapshot s;
  s.phase = NetPhase::InMatch;
  s.match = MatchPhase::Playing;
  s.role = Role::Joiner;
  s.localColor = Stone::Black;
  s.localNickname = "Alice";
  s.peerNickname = "Bob";
  s.gameNumber = 1;
  return s;
}

TEST(MatchTracker, ListeningFailedAndNothingBeforeTheMatch) {
  MatchTracker t;
  NetSnapshot s;
  EXPECT_TRUE(t.update(s).empty()) << "idle";
  s.phase = NetPhase::Listening;
  s.port = 6515;
  auto u = t.update(s);
  ASSERT_EQ(kinds(u), std::vector<Kind>{Kind::Listening});
  EXPECT_EQ(u[0].port, 6515);
  EXPECT_TRUE(t.update(s).empty()) << "reported once";
  // A stale closed handshake while the host listens again reports nothing.
  s.match = MatchPhase::Closed;
  EXPECT_TRUE(t.update(s).empty());

  MatchTracker j;
  NetSnapshot f;
  f.phase = NetPhase::Failed;
  f.failure = NetFailure::Refused;
  f.message = "connection refused: no game is hosted at x:1";
  u = j.update(f);
  ASSERT_EQ(kinds(u), std::vector<Kind>{Kind::Failed});
  EXPECT_EQ(u[0].failure, NetFailure::Refused);
  EXPECT_EQ(u[0].text, f.message);
  EXPECT_TRUE(j.update(f).empty()) << "once per failure";
}

TEST(MatchTracker, ClosedBeforeAGameStarted) {
  MatchTracker t;
  NetSnapshot s;
  s.phase = NetPhase::InMatch;
  s.match = MatchPhase::Handshake;
  EXPECT_TRUE(t.update(s).empty());
  s.match = MatchPhase::Closed;
  s.failure = NetFailure::Busy;
  s.message = "the host is busy with another game";
  const auto u = t.update(s);
  ASSERT_EQ(kinds(u), std::vector<Kind>{Kind::Closed});
  EXPECT_EQ(u[0].gameNumber, 0);
  EXPECT_EQ(u[0].failure, NetFailure::Busy);
  EXPECT_EQ(u[0].text, s.message);
  EXPECT_TRUE(t.update(s).empty()) << "closed once";
}

TEST(MatchTracker, GameStartsMovesComeAndTheGameEnds) {
  MatchTracker t;
  NetSnapshot s = playing();
  auto u = t.update(s);
  ASSERT_EQ(kinds(u), std::vector<Kind>{Kind::GameStarted});
  EXPECT_EQ(u[0].gameNumber, 1);
  EXPECT_EQ(u[0].color, Stone::Black);
  EXPECT_EQ(t.gameNumber(), 1);
  EXPECT_TRUE(t.update(s).empty()) << "nothing new";

  s.game.play({7, 7});
  s.game.play({0, 0});
  u = t.update(s);
  ASSERT_EQ(kinds(u), std::vector<Kind>{Kind::MovesAdded});
  EXPECT_EQ(u[0].from, 0);
  EXPECT_EQ(u[0].ply, 2);
  s.game.play({8, 7});
  u = t.update(s);
  ASSERT_EQ(kinds(u), std::vector<Kind>{Kind::MovesAdded});
  EXPECT_EQ(u[0].from, 2);
  EXPECT_EQ(u[0].ply, 3);

  for (int i = 1; i <= 3; ++i) {
    s.game.play({0, i});
    s.game.play({8 + i, 7});
  }
  ASSERT_TRUE(s.game.over());
  s.match = MatchPhase::Finished;
  u = t.update(s);
  ASSERT_EQ(kinds(u), (std::vector<Kind>{Kind::MovesAdded, Kind::GameEnded}));
  EXPECT_EQ(u[1].gameNumber, 1);
  EXPECT_EQ(u[1].result.outcome, Outcome::BlackWins);
  EXPECT_EQ(u[1].result.reason, EndReason::Five);
  EXPECT_TRUE(t.update(s).empty()) << "the result once";
  // The opponent's resignation had crossed the five: it stands (PROTOCOL.md), and the new
  // result is given again, once.
  s.game.setResult(Outcome::BlackWins, EndReason::Resignation);
  u = t.update(s);
  ASSERT_EQ(kinds(u), std::vector<Kind>{Kind::GameEnded});
  EXPECT_EQ(u[0].result.reason, EndReason::Resignation);
  EXPECT_TRUE(t.update(s).empty()) << "the changed result once";

  // Play again: game 2 starts empty, colours swapped.
  s.gameNumber = 2;
  s.localColor = Stone::White;
  s.match = MatchPhase::Playing;
  s.game = Game();
  u = t.update(s);
  ASSERT_EQ(kinds(u), std::vector<Kind>{Kind::GameStarted});
  EXPECT_EQ(u[0].gameNumber, 2);
  EXPECT_EQ(u[0].color, Stone::White);
  s.game.play({7, 7});
  u = t.update(s);
  ASSERT_EQ(kinds(u), std::vector<Kind>{Kind::MovesAdded});
  EXPECT_EQ(u[0].from, 0);
}

// The app draws the board (MOVE, RESULT lines) before the chat and the notice of the same
// look, and lets the result's sentence replace the notice's: it relies on this order within one
// update() (the moves first, the chat, the notice, then the end and the close).
TEST(MatchTracker, OneLookGivesMovesChatNoticeEndAndCloseInThisOrder) {
  MatchTracker t;
  NetSnapshot s = playing();
  t.update(s);
  for (int i = 0; i < 4; ++i) {
    s.game.play({7 + i, 7});
    s.game.play({0, i});
  }
  s.game.play({11, 7});  // Black's five
  ASSERT_TRUE(s.game.over());
  s.chat = {{false, "gg"}};
  s.notices = 1;
  s.notice = {NoticeKind::PeerRenamed, "Bobby", 0, {}};
  s.match = MatchPhase::Closed;
  s.message = "the opponent left";
  const auto u = t.update(s);
  ASSERT_EQ(kinds(u), (std::vector<Kind>{Kind::MovesAdded, Kind::Chat, Kind::Notice,
                                         Kind::GameEnded, Kind::Closed}));
  EXPECT_EQ(u[0].ply, 9);
  EXPECT_EQ(u[3].result.reason, EndReason::Five);
  EXPECT_EQ(u[4].gameNumber, 1);
  EXPECT_EQ(u[4].text, "the opponent left");
  EXPECT_TRUE(t.update(s).empty()) << "nothing after the close";
}

TEST(MatchTracker, RejoinedGameStartsWithItsMoves) {
  MatchTracker t;
  NetSnapshot s = playing();
  s.game.play({7, 7});
  s.game.play({0, 0});
  s.game.play({8, 8});
  const auto u = t.update(s);
  ASSERT_EQ(kinds(u), (std::vector<Kind>{Kind::GameStarted, Kind::MovesAdded}));
  EXPECT_EQ(u[1].from, 0);
  EXPECT_EQ(u[1].ply, 3);
}

TEST(MatchTracker, TakebackAndNewMovesBetweenTwoLooks) {
  MatchTracker t;
  NetSnapshot s = playing();
  for (Point p : {Point{7, 7}, Point{0, 0}, Point{8, 8}, Point{1, 1}}) s.game.play(p);
  t.update(s);
  s.game.undo();
  s.game.undo();
  auto u = t.update(s);
  ASSERT_EQ(kinds(u), std::vector<Kind>{Kind::TakenBack});
  EXPECT_EQ(u[0].ply, 2);
  // Taken back and played again before the front end looks: the same ply count, other stones.
  s.game.undo();
  s.game.play({9, 9});
  s.game.play({2, 2});
  u = t.update(s);
  ASSERT_EQ(kinds(u), (std::vector<Kind>{Kind::TakenBack, Kind::MovesAdded}));
  EXPECT_EQ(u[0].ply, 1);
  EXPECT_EQ(u[1].from, 1);
  EXPECT_EQ(u[1].ply, 3);
}

// The same stone taken back and played again before the front end looks: the move list is the
// same, the snapshot's count of takebacks tells (gomoku-cli missed "TAKEBACK to 0 moves" in
// cli.match_exchanges when the host's replayed h8 came before the joiner's next look).
TEST(MatchTracker, TakebackOfStonesPlayedAgainBetweenTwoLooks) {
  MatchTracker t;
  NetSnapshot s = playing();
  s.game.play({7, 7});
  t.update(s);
  s.game.undo();
  s.game.play({7, 7});
  s.takebacks = 1;
  s.takenBackTo = 0;
  auto u = t.update(s);
  ASSERT_EQ(kinds(u), (std::vector<Kind>{Kind::TakenBack, Kind::MovesAdded}));
  EXPECT_EQ(u[0].ply, 0);
  EXPECT_EQ(u[1].from, 0);
  EXPECT_EQ(u[1].ply, 1);
  EXPECT_TRUE(t.update(s).empty());  // counted once
  // Two moves on: a takeback of one ply seen at once is reported as before.
  s.game.play({0, 0});
  s.game.play({8, 8});
  t.update(s);
  s.game.undo();
  s.takebacks = 2;
  s.takenBackTo = 2;
  u = t.update(s);
  ASSERT_EQ(kinds(u), std::vector<Kind>{Kind::TakenBack});
  EXPECT_EQ(u[0].ply, 2);
}

TEST(MatchTracker, SuspensionAlreadyOverWhenTheFrontEndLooks) {
  MatchTracker t;
  NetSnapshot s = playing();
  s.role = Role::Host;
  t.update(s);
  // Dropped and resumed between two looks: the snapshot only counts the suspension.
  s.suspensions = 1;
  s.game.play({7, 7});
  auto u = t.update(s);
  ASSERT_EQ(kinds(u), (std::vector<Kind>{Kind::Suspended, Kind::Resumed, Kind::MovesAdded}));
  EXPECT_EQ(u[0].text, "") << "the reason is gone with the suspension";
  EXPECT_EQ(u[1].ply, 1);
  EXPECT_TRUE(t.update(s).empty());

  // Seen while suspended, then resumed.
  s.suspensions = 2;
  s.match = MatchPhase::Suspended;
  s.suspendReason = "the opponent closed the connection";
  s.resumeDeadline = std::chrono::steady_clock::time_point(std::chrono::seconds(100));
  u = t.update(s);
  ASSERT_EQ(kinds(u), std::vector<Kind>{Kind::Suspended});
  EXPECT_EQ(u[0].text, s.suspendReason);
  EXPECT_EQ(u[0].resumeDeadline, s.resumeDeadline);
  EXPECT_TRUE(t.update(s).empty()) << "still suspended";
  s.match = MatchPhase::Playing;
  s.suspendReason.clear();
  u = t.update(s);
  ASSERT_EQ(kinds(u), std::vector<Kind>{Kind::Resumed});

  // Two more, both over: each one is reported, and one Resumed.
  s.suspensions = 4;
  u = t.update(s);
  ASSERT_EQ(kinds(u), (std::vector<Kind>{Kind::Suspended, Kind::Suspended, Kind::Resumed}));

  // Suspended, then the time to come back ran out: Closed, no Resumed.
  s.suspensions = 5;
  s.match = MatchPhase::Suspended;
  t.update(s);
  s.match = MatchPhase::Closed;
  s.message = "Bob did not reconnect in time";
  s.game.end(Outcome::BlackWins, EndReason::Abandoned, s.message);
  u = t.update(s);
  ASSERT_EQ(kinds(u), (std::vector<Kind>{Kind::GameEnded, Kind::Closed}));
  EXPECT_EQ(u[1].gameNumber, 1);
  EXPECT_EQ(u[1].text, s.message);
}

TEST(MatchTracker, ResultOfTheGameBeforeRevisedOnResumeIntoTheNextGame) {
  // The host learns on resume how the joiner ended game 1 (its last messages were lost in the
  // drop) and starts game 2 in the same step: the revision comes before the new game.
  MatchTracker t;
  NetSnapshot s = playing();
  s.game.end(Outcome::WhiteWins, EndReason::Resignation);
  t.update(s);
  s.gameNumber = 2;
  s.localColor = Stone::White;
  s.previousGame = s.game;
  s.previousGame.setResult(Outcome::Draw, EndReason::Agreement);
  s.previousRevisions = 1;
  s.game = Game();
  const auto u = t.update(s);
  ASSERT_EQ(kinds(u), (std::vector<Kind>{Kind::PreviousGameRevised, Kind::GameStarted}));
  EXPECT_EQ(u[0].gameNumber, 1);
  EXPECT_EQ(u[0].result.outcome, Outcome::Draw);
  EXPECT_EQ(u[0].result.reason, EndReason::Agreement);
  EXPECT_TRUE(t.update(s).empty()) << "reported once";
}

TEST(MatchTracker, SeveralNoticesAtOnceAreEachReported) {
  MatchTracker t;
  NetSnapshot s = playing();
  t.update(s);
  // A draw offer and a takeback request came in one batch: both are told, oldest first.
  const Notice draw{NoticeKind::PeerOffersDraw, "Bob", 0, {}};
  const Notice takeback{NoticeKind::PeerAsksTakeback, "Bob", 1, {}};
  s.notices = 2;
  s.recentNotices = {draw, takeback};
  s.notice = takeback;
  auto u = t.update(s);
  ASSERT_EQ(kinds(u), (std::vector<Kind>{Kind::Notice, Kind::Notice}));
  EXPECT_EQ(u[0].notice, draw);
  EXPECT_EQ(u[1].notice, takeback);
  // One more: only the new one.
  const Notice declined{NoticeKind::YouDeclinedTakeback, {}, 0, {}};
  s.notices = 3;
  s.recentNotices.push_back(declined);
  s.notice = declined;
  u = t.update(s);
  ASSERT_EQ(kinds(u), std::vector<Kind>{Kind::Notice});
  EXPECT_EQ(u[0].notice, declined);
}

TEST(MatchTracker, ChatAndNoticesWaitForTheGameAndEachNoticeCounts) {
  MatchTracker t;
  NetSnapshot s = playing();
  s.match = MatchPhase::Handshake;
  s.localColor = Stone::Empty;
  s.gameNumber = 0;
  s.notices = 1;
  s.notice = {NoticeKind::Rejoined, {}, 0, {}};
  EXPECT_TRUE(t.update(s).empty()) << "no game yet";
  s = playing();
  s.notices = 1;
  s.notice = {NoticeKind::Rejoined, {}, 0, {}};
  s.chat = {{false, "hi"}, {true, "hello"}};
  auto u = t.update(s);
  ASSERT_EQ(kinds(u), (std::vector<Kind>{Kind::GameStarted, Kind::Chat, Kind::Chat, Kind::Notice}));
  EXPECT_EQ(u[1].chat.text, "hi");
  EXPECT_FALSE(u[1].chat.fromUs);
  EXPECT_TRUE(u[2].chat.fromUs);
  EXPECT_EQ(u[3].notice.kind, NoticeKind::Rejoined);

  // The same notice again (a second declined takeback) is news; an unchanged count is not.
  s.notices = 2;
  s.notice = {NoticeKind::PeerDeclinedTakeback, "Bob", 0, {}};
  u = t.update(s);
  ASSERT_EQ(kinds(u), std::vector<Kind>{Kind::Notice});
  EXPECT_EQ(describe(u[0].notice), "Bob declined the takeback.");
  EXPECT_TRUE(t.update(s).empty());
  s.notices = 3;
  ASSERT_EQ(kinds(t.update(s)), std::vector<Kind>{Kind::Notice});
  // A cleared notice (kind None) says nothing.
  s.notices = 4;
  s.notice = {};
  EXPECT_TRUE(t.update(s).empty());
}

TEST(MatchTracker, RequestsTokenAndRenames) {
  MatchTracker t;
  NetSnapshot s = playing();
  s.resumeToken = 0xabc;
  auto u = t.update(s);
  ASSERT_EQ(kinds(u), (std::vector<Kind>{Kind::GameStarted, Kind::TokenChanged}));
  EXPECT_EQ(u[1].token, 0xabcu);
  s.drawRequested = true;
  ASSERT_EQ(kinds(t.update(s)), std::vector<Kind>{Kind::RequestsChanged});
  s.drawRequested = false;
  ASSERT_EQ(kinds(t.update(s)), std::vector<Kind>{Kind::RequestsChanged}) << "answered";
  s.peerNickname = "Robert";
  u = t.update(s);
  ASSERT_EQ(kinds(u), std::vector<Kind>{Kind::PeerRenamed});
  EXPECT_EQ(u[0].text, "Robert");
  // The match closes: the token is withdrawn.
  s.match = MatchPhase::Closed;
  s.message = "the opponent left the game";
  u = t.update(s);
  ASSERT_EQ(kinds(u), (std::vector<Kind>{Kind::TokenChanged, Kind::Closed}));
  EXPECT_EQ(u[0].token, 0u);
  EXPECT_TRUE(t.update(s).empty());
  t.reset();
  EXPECT_EQ(t.gameNumber(), 0);
}

// ---------------------------------------------------------------------------------------------
// Two real Matches.

struct Endpoint {
  explicit Endpoint(MatchSettings s)
      : match(
            std::move(s), [this](const Message& m) { outbox.push_back(m); }, [] {},
            [](MatchEvent) {}) {}
  std::deque<Message> outbox;
  Match match;
};

void deliverAll(Endpoint& a, Endpoint& b) {
  for (int guard = 0; guard < 1000 && !(a.outbox.empty() && b.outbox.empty()); ++guard)
    for (auto [from, to] : {std::pair{&a, &b}, std::pair{&b, &a}}) {
      if (from->outbox.empty()) continue;
      const Message m = from->outbox.front();
      from->outbox.pop_front();
      to->match.receive(m);
    }
}

// The snapshot NetGame::snapshot makes of a connected match.
NetSnapshot snapshotOf(const Match& m) {
  NetSnapshot s;
  s.phase = NetPhase::InMatch;
  s.match = m.phase();
  s.role = m.role();
  s.game = m.game();
  s.localColor = m.localColor();
  s.localNickname = m.localNickname();
  s.peerNickname = m.peerNickname();
  s.myTurn = m.myTurn();
  s.gameNumber = m.gameNumber();
  s.takebackPending = m.takebackPending();
  s.takebackRequested = m.takebackRequested();
  s.drawOffered = m.drawOffered();
  s.drawRequested = m.drawRequested();
  s.wantAgain = m.wantAgain();
  s.peerWantsAgain = m.peerWantsAgain();
  s.chat = m.chat();
  s.notice = m.notice();
  s.notices = m.notices();
  s.suspendReason = m.suspendReason();
  s.suspensions = m.suspensions();
  s.takebacks = m.takebacks();
  s.takenBackTo = m.takenBackTo();
  return s;
}

MatchSettings settings(Role role, std::string nick) {
  MatchSettings s;
  s.role = role;
  s.nickname = std::move(nick);
  return s;
}

TEST(MatchTracker, ARealMatchTakebackDrawAndPlayAgain) {
  Endpoint host(settings(Role::Host, "Alice")), joiner(settings(Role::Joiner, "Bob"));
  MatchTracker t;
  host.match.connected();
  joiner.match.connected();
  deliverAll(host, joiner);
  ASSERT_EQ(kinds(t.update(snapshotOf(joiner.match))), std::vector<Kind>{Kind::GameStarted});

  ASSERT_EQ(host.match.playLocal({7, 7}), MoveError::None);
  deliverAll(host, joiner);
  ASSERT_EQ(joiner.match.playLocal({0, 0}), MoveError::None);
  ASSERT_EQ(joiner.match.requestTakeback(), RequestRefusal::None);
  auto u = t.update(snapshotOf(joiner.match));
  ASSERT_EQ(kinds(u), (std::vector<Kind>{Kind::MovesAdded, Kind::RequestsChanged, Kind::Notice}));
  EXPECT_EQ(u[2].notice.kind, NoticeKind::TakebackRequested);
  deliverAll(host, joiner);
  ASSERT_EQ(host.match.answerTakeback(true), RequestRefusal::None);
  deliverAll(host, joiner);
  u = t.update(snapshotOf(joiner.match));
  ASSERT_EQ(kinds(u), (std::vector<Kind>{Kind::TakenBack, Kind::RequestsChanged, Kind::Notice}));
  EXPECT_EQ(u[0].ply, 1);
  EXPECT_EQ(describe(u[2].notice), "Alice accepted the takeback.");

  ASSERT_EQ(host.match.offerDraw(), RequestRefusal::None);
  deliverAll(host, joiner);
  ASSERT_EQ(joiner.match.answerDraw(true), RequestRefusal::None);
  deliverAll(host, joiner);
  u = t.update(snapshotOf(joiner.match));
  ASSERT_EQ(kinds(u), (std::vector<Kind>{Kind::Notice, Kind::GameEnded}));
  EXPECT_EQ(u[0].notice.kind, NoticeKind::DrawAgreed);
  EXPECT_EQ(u[1].result.reason, EndReason::Agreement);

  ASSERT_EQ(joiner.match.playAgain(true), RequestRefusal::None);
  deliverAll(host, joiner);
  ASSERT_EQ(host.match.playAgain(true), RequestRefusal::None);
  deliverAll(host, joiner);
  u = t.update(snapshotOf(joiner.match));
  ASSERT_EQ(kinds(u), (std::vector<Kind>{Kind::GameStarted, Kind::Notice}));
  EXPECT_EQ(u[0].gameNumber, 2);
  EXPECT_EQ(u[0].color, Stone::Black) << "colours swapped";
  EXPECT_EQ(u[1].notice.kind, NoticeKind::NewGame);

  // The link drops and comes back before the front end looks.
  host.outbox.clear();
  joiner.outbox.clear();
  host.match.connectionLost("the connection dropped");
  joiner.match.connectionLost("the connection dropped");
  joiner.match.reconnected();
  ASSERT_TRUE(host.match.acceptsResume(joiner.outbox.front()));
  deliverAll(host, joiner);
  ASSERT_EQ(joiner.match.phase(), MatchPhase::Playing);
  u = t.update(snapshotOf(joiner.match));
  ASSERT_EQ(kinds(u), (std::vector<Kind>{Kind::Suspended, Kind::Resumed, Kind::Notice}));
  EXPECT_EQ(u[2].notice.kind, NoticeKind::Reconnected);

  host.match.leave();
  deliverAll(host, joiner);
  u = t.update(snapshotOf(joiner.match));
  ASSERT_EQ(kinds(u), (std::vector<Kind>{Kind::GameEnded, Kind::Closed}));
  EXPECT_EQ(u[0].result.outcome, Outcome::Interrupted);
}

}  // namespace
