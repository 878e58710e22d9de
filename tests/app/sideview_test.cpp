// The side panel's contents as plain values (src/app/sideview.h): whose turn, names, the
// connection line, the request card, the buttons and the replay bar, for each kind of game.
#include "app/sideview.h"

#include <gtest/gtest.h>

namespace gomoku::app {
namespace {

Game Played(std::initializer_list<Point> moves, Rule rule = Rule::Freestyle) {
  Game game(15, rule);
  for (const Point& p : moves) EXPECT_EQ(game.play(p), MoveError::None);
  return game;
}

// A network match in its first game: we play `local`, `ply` moves played.
net::NetSnapshot Match(Stone local, const Game& game) {
  net::NetSnapshot s;
  s.phase = net::NetPhase::InMatch;
  s.match = net::MatchPhase::Playing;
  s.game = game;
  s.localColor = local;
  s.localNickname = "Alice";
  s.peerNickname = "Bob";
  s.peerAddress = "127.0.0.1:6515";
  s.myTurn = !game.over() && game.toMove() == local;
  s.gameNumber = 1;
  return s;
}

SideInput NetworkInput(const net::NetSnapshot& snap) {
  SideInput in;
  in.kind = GameKind::Network;
  in.net = &snap;
  in.netStarted = true;
  in.gameNumber = snap.gameNumber;
  in.you = snap.localColor;
  in.blackName = snap.localColor == Stone::Black ? snap.localNickname : snap.peerNickname;
  in.whiteName = snap.localColor == Stone::White ? snap.localNickname : snap.peerNickname;
  return in;
}

TEST(SideView, HotSeatNamesColoursAndSideToMove) {
  const Game game = Played({{7, 7}});
  SideInput in;
  const SideView v = sideView(game, in);
  EXPECT_EQ(v.black.name, "");
  EXPECT_EQ(v.white.name, "");
  EXPECT_FALSE(v.black.toMove);
  EXPECT_TRUE(v.white.toMove);
  EXPECT_FALSE(v.black.you || v.white.you);
  EXPECT_EQ(v.turn.kind, TurnKind::ToMove);
  EXPECT_EQ(v.turn.side, Stone::White);
  EXPECT_EQ(v.ply, 1);
  ASSERT_TRUE(v.lastMove);
  EXPECT_EQ(*v.lastMove, (Point{7, 7}));
  EXPECT_EQ(v.connection.kind, ConnectionKind::LocalGame);
  EXPECT_TRUE(v.sections.local);
  EXPECT_FALSE(v.sections.network || v.sections.replay);
  EXPECT_TRUE(v.controls.undo && v.controls.restart);
  EXPECT_FALSE(v.controls.redo);
  EXPECT_FALSE(v.controls.takeback || v.controls.chat || v.controls.leave);
  EXPECT_EQ(v.request.kind, RequestKind::None);
  EXPECT_FALSE(v.replay);
  EXPECT_FALSE(v.foul);
  EXPECT_FALSE(v.clocks.black || v.clocks.white);
}

TEST(SideView, EmptyBoardHasNothingToUndoButRedoFollowsTheList) {
  SideInput in;
  in.redoable = true;
  const SideView v = sideView(Game(), in);
  EXPECT_FALSE(v.controls.undo || v.controls.restart);
  EXPECT_TRUE(v.controls.redo);
  EXPECT_FALSE(v.lastMove);
}

TEST(SideView, RenjuShowsTheFoulPolicy) {
  const SideView v = sideView(Game(15, Rule::Renju, FoulPolicy::Lose), SideInput{});
  EXPECT_EQ(v.rule, Rule::Renju);
  ASSERT_TRUE(v.foul);
  EXPECT_EQ(*v.foul, FoulPolicy::Lose);
}

TEST(SideView, ComputerThinksOnItsTurn) {
  SideInput in;
  in.kind = GameKind::Computer;
  in.computer = Stone::White;
  in.you = Stone::Black;
  in.blackName = "Alice";
  in.whiteName = "Computer (Beginner)";
  const Game game = Played({{7, 7}});
  SideView v = sideView(game, in);
  EXPECT_EQ(v.turn.kind, TurnKind::ComputerThinking);
  EXPECT_TRUE(v.black.you);
  EXPECT_EQ(v.white.name, "Computer (Beginner)");
  EXPECT_TRUE(v.sections.local);
  v = sideView(Played({{7, 7}, {8, 8}}), in);
  EXPECT_EQ(v.turn.kind, TurnKind::YourTurn);
}

TEST(SideView, AnOpeningRuleSaysWhoDecidesNotWhoMoves) {
  SideInput in;
  in.kind = GameKind::Computer;
  in.computer = Stone::White;
  in.you = Stone::Black;
  in.opening = true;
  const Game game = Played({{7, 7}, {8, 7}, {7, 8}});  // White to move, but a choice first
  EXPECT_EQ(sideView(game, in).turn.kind, TurnKind::Opening);
  in.openingComputer = true;
  EXPECT_EQ(sideView(game, in).turn.kind, TurnKind::ComputerThinking);
  in.kind = GameKind::HotSeat;
  in.computer = in.you = Stone::Empty;
  in.openingComputer = false;
  EXPECT_EQ(sideView(game, in).turn.kind, TurnKind::Opening);
  in.undoable = false;  // the opening's stones stay
  EXPECT_FALSE(sideView(game, in).controls.undo);
  EXPECT_TRUE(sideView(game, in).controls.restart);
}

TEST(SideView, FinishedGameShowsItsResultAndNobodyToMove) {
  const Game game =
      Played({{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}, {2, 1}, {3, 0}, {3, 1}, {4, 0}});
  ASSERT_TRUE(game.over());
  SideInput in;
  const SideView v = sideView(game, in);
  EXPECT_EQ(v.turn.kind, TurnKind::Result);
  EXPECT_EQ(v.turn.result.outcome, Outcome::BlackWins);
  EXPECT_FALSE(v.black.toMove || v.white.toMove);
  // A local game over: "Not connected" alone.
  EXPECT_EQ(v.connection.kind, ConnectionKind::NotConnected);
}

TEST(SideView, KeptNetworkGameCannotBeUndone) {
  SideInput in;
  in.kind = GameKind::Kept;
  in.blackName = "Alice";
  in.whiteName = "Bob";
  Game game = Played({{7, 7}, {8, 8}});
  game.end(Outcome::Interrupted, EndReason::Disconnected, "left");
  const SideView v = sideView(game, in);
  EXPECT_FALSE(v.sections.local || v.sections.network || v.sections.replay);
  EXPECT_FALSE(v.controls.undo || v.controls.restart);
  EXPECT_EQ(v.turn.kind, TurnKind::Result);
  EXPECT_EQ(v.black.name, "Alice");
}

TEST(SideView, NetworkTurnsAndActions) {
  // We play Black and moved; Bob (White) is to move.
  const net::NetSnapshot snap = Match(Stone::Black, Played({{7, 7}}));
  const SideView v = sideView(snap.game, NetworkInput(snap));
  EXPECT_EQ(v.turn.kind, TurnKind::OpponentTurn);
  EXPECT_EQ(v.peer, "Bob");
  EXPECT_TRUE(v.black.you);
  EXPECT_TRUE(v.white.toMove);
  EXPECT_EQ(v.connection.kind, ConnectionKind::Connected);
  EXPECT_EQ(v.connection.text, "127.0.0.1:6515");
  EXPECT_TRUE(v.sections.network);
  EXPECT_FALSE(v.sections.local);
  EXPECT_TRUE(v.controls.takeback);  // our move
  EXPECT_TRUE(v.controls.draw && v.controls.resign && v.controls.chat && v.controls.leave);
  EXPECT_FALSE(v.controls.again || v.controls.againWaiting);
  EXPECT_EQ(v.gameNumber, 1);
}

TEST(SideView, NoTakebackBeforeOurFirstMove) {
  // We play White, Black played: nothing of ours to take back.
  const net::NetSnapshot snap = Match(Stone::White, Played({{7, 7}}));
  const SideView v = sideView(snap.game, NetworkInput(snap));
  EXPECT_EQ(v.turn.kind, TurnKind::YourTurn);
  EXPECT_FALSE(v.controls.takeback);
  const MatchActions a = matchActions(&snap, true);
  EXPECT_TRUE(a.running && a.connected && a.draw && a.resign);
  EXPECT_FALSE(a.takeback || a.again || a.answer);
}

TEST(SideView, NoTakebackDuringOrIntoAnOpening) {
  // Swap2's three stones placed, the opponent decides: nothing to take back, the banner says
  // whose decision it is (the side panel: the opponent's turn).
  net::NetSnapshot snap = Match(Stone::Black, Played({{7, 7}, {8, 8}, {9, 9}}));
  snap.openingRule = OpeningRule::Swap2;
  snap.opening.emplace(OpeningRule::Swap2);
  EXPECT_FALSE(matchActions(&snap, true).takeback);
  SideInput in = NetworkInput(snap);
  in.opening = true;
  in.openingComputer = true;
  EXPECT_EQ(sideView(snap.game, in).turn.kind, TurnKind::OpponentTurn);
  in.openingComputer = false;
  EXPECT_EQ(sideView(snap.game, in).turn.kind, TurnKind::Opening);
  // The player who decides is shown in bold, not the colour of the next stone.
  in.openingDecider = Stone::Black;
  const SideView v = sideView(snap.game, in);
  EXPECT_TRUE(v.black.toMove);
  EXPECT_FALSE(v.white.toMove);
  // Over after five stones; White replied: Black may take back only its own moves after them.
  snap = Match(Stone::Black, Played({{7, 7}, {8, 8}, {9, 9}, {6, 6}, {5, 5}, {4, 4}}));
  snap.openingRule = OpeningRule::Swap2;
  snap.openingStones = 5;
  EXPECT_FALSE(matchActions(&snap, true).takeback);  // would take back the 5th stone
  snap = Match(Stone::Black, Played({{7, 7}, {8, 8}, {9, 9}, {6, 6}, {5, 5}, {4, 4}, {3, 3}}));
  snap.openingRule = OpeningRule::Swap2;
  snap.openingStones = 5;
  EXPECT_TRUE(matchActions(&snap, true).takeback);  // Black's 7th and nothing below
}

TEST(SideView, RequestCardForTheOpponentsTakeback) {
  net::NetSnapshot snap = Match(Stone::Black, Played({{7, 7}, {8, 8}}));
  snap.takebackRequested = true;
  // Our turn: Bob asks for his move only.
  SideView v = sideView(snap.game, NetworkInput(snap));
  EXPECT_EQ(v.request.kind, RequestKind::PeerTakeback);
  EXPECT_EQ(v.request.plies, 1);
  EXPECT_TRUE(v.request.Incoming());
  EXPECT_FALSE(v.controls.takeback);
  EXPECT_TRUE(matchActions(&snap, true).answer);
  // Bob's turn: his move and our reply.
  snap = Match(Stone::Black, Played({{7, 7}, {8, 8}, {9, 9}}));
  snap.takebackRequested = true;
  v = sideView(snap.game, NetworkInput(snap));
  EXPECT_EQ(v.request.plies, 2);
}

TEST(SideView, RequestCardForOurWaitingRequests) {
  net::NetSnapshot snap = Match(Stone::Black, Played({{7, 7}}));
  snap.drawOffered = true;
  SideView v = sideView(snap.game, NetworkInput(snap));
  EXPECT_EQ(v.request.kind, RequestKind::OwnDraw);
  EXPECT_FALSE(v.request.Incoming());
  EXPECT_FALSE(v.controls.draw);
  snap.drawOffered = false;
  snap.takebackPending = true;
  v = sideView(snap.game, NetworkInput(snap));
  EXPECT_EQ(v.request.kind, RequestKind::OwnTakeback);
}

TEST(SideView, TwoRequestsAtOnceShowTwoCardsTheOpponentsFirst) {
  net::NetSnapshot snap = Match(Stone::Black, Played({{7, 7}, {8, 8}, {9, 9}}));
  // Bob offered a draw, then asked for a takeback: both wait for our answer.
  snap.drawRequested = true;
  snap.takebackRequested = true;
  SideView v = sideView(snap.game, NetworkInput(snap));
  EXPECT_EQ(v.request.kind, RequestKind::PeerTakeback);
  EXPECT_EQ(v.request2.kind, RequestKind::PeerDraw);
  EXPECT_TRUE(v.request2.Incoming());
  EXPECT_FALSE(v.request2.later);
  // Our draw offer stands while Bob asks for a takeback: his request first, ours waiting.
  snap.drawRequested = false;
  snap.drawOffered = true;
  v = sideView(snap.game, NetworkInput(snap));
  EXPECT_EQ(v.request.kind, RequestKind::PeerTakeback);
  EXPECT_EQ(v.request2.kind, RequestKind::OwnDraw);
  EXPECT_FALSE(v.request2.Incoming());
  // Bob's draw offer while our takeback request waits: answered after it.
  snap.drawOffered = false;
  snap.takebackRequested = false;
  snap.drawRequested = true;
  snap.takebackPending = true;
  v = sideView(snap.game, NetworkInput(snap));
  EXPECT_EQ(v.request.kind, RequestKind::PeerDraw);
  EXPECT_TRUE(v.request.later);
  EXPECT_EQ(v.request2.kind, RequestKind::OwnTakeback);
  // One request: one card.
  snap.drawRequested = false;
  v = sideView(snap.game, NetworkInput(snap));
  EXPECT_EQ(v.request.kind, RequestKind::OwnTakeback);
  EXPECT_EQ(v.request2.kind, RequestKind::None);
}

TEST(SideView, PlayAgainAfterTheGame) {
  net::NetSnapshot snap = Match(Stone::Black, Played({{7, 7}}));
  snap.game.end(Outcome::WhiteWins, EndReason::Resignation);
  snap.match = net::MatchPhase::Finished;
  snap.myTurn = false;
  SideView v = sideView(snap.game, NetworkInput(snap));
  EXPECT_TRUE(v.controls.again);
  EXPECT_FALSE(v.controls.resign || v.controls.draw || v.controls.takeback);
  EXPECT_EQ(v.request.kind, RequestKind::None);
  snap.peerWantsAgain = true;
  v = sideView(snap.game, NetworkInput(snap));
  EXPECT_EQ(v.request.kind, RequestKind::PeerAgain);
  snap.peerWantsAgain = false;
  snap.wantAgain = true;
  v = sideView(snap.game, NetworkInput(snap));
  EXPECT_EQ(v.request.kind, RequestKind::OwnAgain);
  EXPECT_FALSE(v.controls.again);
  EXPECT_TRUE(v.controls.againWaiting);
}

TEST(SideView, SecondGameNumbersTheHeading) {
  net::NetSnapshot snap = Match(Stone::White, Game());
  snap.gameNumber = 2;
  EXPECT_EQ(sideView(snap.game, NetworkInput(snap)).gameNumber, 2);
  // Not in a network game: no number.
  SideInput in;
  in.gameNumber = 2;
  EXPECT_EQ(sideView(Game(), in).gameNumber, 0);
}

TEST(SideView, SuspendedMatchCountsDown) {
  net::NetSnapshot snap = Match(Stone::Black, Played({{7, 7}}));
  snap.match = net::MatchPhase::Suspended;
  snap.role = net::Role::Host;
  SideInput in = NetworkInput(snap);
  in.now = std::chrono::steady_clock::now();
  snap.resumeDeadline = in.now + std::chrono::seconds(125);
  SideView v = sideView(snap.game, in);
  EXPECT_EQ(v.turn.kind, TurnKind::Paused);
  EXPECT_EQ(v.connection.kind, ConnectionKind::Suspended);
  EXPECT_TRUE(v.connection.host);
  EXPECT_EQ(v.connection.secondsLeft, 125);
  EXPECT_FALSE(v.controls.chat || v.controls.takeback);
  EXPECT_TRUE(v.controls.leave);
  // Past the deadline: never negative.
  snap.resumeDeadline = in.now - std::chrono::seconds(3);
  EXPECT_EQ(sideView(snap.game, in).connection.secondsLeft, 0);
}

TEST(SideView, ClosedMatchKeepsItsReason) {
  net::NetSnapshot snap = Match(Stone::Black, Played({{7, 7}}));
  snap.match = net::MatchPhase::Closed;
  snap.message = "the peer left";
  const SideView v = sideView(snap.game, NetworkInput(snap));
  EXPECT_EQ(v.connection.kind, ConnectionKind::Closed);
  EXPECT_EQ(v.connection.text, "the peer left");
  EXPECT_FALSE(v.controls.leave || v.controls.chat);
}

TEST(SideView, ListeningAndFailingBeforeTheMatch) {
  net::NetSnapshot snap;
  snap.phase = net::NetPhase::Listening;
  snap.port = 6515;
  SideInput in;  // the local game stays shown meanwhile
  in.net = &snap;
  SideView v = sideView(Game(), in);
  EXPECT_EQ(v.connection.kind, ConnectionKind::Listening);
  EXPECT_EQ(v.connection.port, 6515);
  EXPECT_EQ(v.turn.kind, TurnKind::Waiting);  // not the turn of the game shown meanwhile
  EXPECT_TRUE(v.sections.local);
  EXPECT_FALSE(v.controls.leave);
  snap.phase = net::NetPhase::Failed;
  snap.failure = net::NetFailure::Refused;
  snap.message = "connection refused";
  v = sideView(Game(), in);
  EXPECT_EQ(v.connection.kind, ConnectionKind::Failed);
  EXPECT_EQ(v.connection.text, "connection refused");
  // Cancelled by the user: nothing to say.
  snap.failure = net::NetFailure::Cancelled;
  EXPECT_EQ(sideView(Game(), in).connection.kind, ConnectionKind::NotConnected);
  EXPECT_FALSE(matchActions(nullptr, false).running);
}

TEST(SideView, ReplayStepsAndStatesTheRecordsResult) {
  SideInput in;
  in.kind = GameKind::Replay;
  in.replayTotal = 2;
  in.replayPly = 1;
  in.stated = StatedResult{RecordResult::Black, "B+R", false};
  SideView v = sideView(Played({{7, 7}}), in);
  EXPECT_EQ(v.turn.kind, TurnKind::ReplayToMove);
  EXPECT_EQ(v.turn.side, Stone::White);
  ASSERT_TRUE(v.replay);
  EXPECT_EQ(v.replay->ply, 1);
  EXPECT_EQ(v.replay->total, 2);
  EXPECT_EQ(v.replay->opening, "");
  EXPECT_TRUE(v.sections.replay);
  EXPECT_FALSE(v.sections.local || v.controls.undo);
  EXPECT_EQ(v.connection.kind, ConnectionKind::Replaying);
  // A watched game (app/watchcontroller.h) says where it is watched and by how many.
  in.watchHost = "alice-pc:6515";
  in.watchers = 3;
  v = sideView(Played({{7, 7}}), in);
  EXPECT_EQ(v.connection.kind, ConnectionKind::Watching);
  EXPECT_EQ(v.connection.text, "alice-pc:6515");
  EXPECT_EQ(v.connection.watchers, 3);
  EXPECT_TRUE(v.sections.replay);
  // Followed, it shows the chat (its input only when the host lets watchers chat) and Leave
  // reads Stop watching; watched in a server's hall, Back to the hall.
  EXPECT_FALSE(v.sections.chat || v.controls.leave);
  in.watchFollowing = true;
  v = sideView(Played({{7, 7}}), in);
  EXPECT_TRUE(v.sections.chat && v.controls.leave);
  EXPECT_FALSE(v.sections.network || v.controls.chat);
  EXPECT_EQ(v.controls.leaveKind, LeaveKind::StopWatching);
  in.watchChat = true;
  in.watchOnline = true;
  v = sideView(Played({{7, 7}}), in);
  EXPECT_TRUE(v.controls.chat);
  EXPECT_EQ(v.controls.leaveKind, LeaveKind::BackToHall);
  in.watchFollowing = in.watchChat = in.watchOnline = false;
  in.watchHost.reset();
  in.replayPly = 2;
  v = sideView(Played({{7, 7}, {8, 8}}), in);
  EXPECT_EQ(v.turn.kind, TurnKind::RecordResult);
  EXPECT_EQ(v.turn.stated.text, "B+R");
  // A record without a stated result ends on the side to move.
  in.stated.reset();
  EXPECT_EQ(sideView(Played({{7, 7}, {8, 8}}), in).turn.kind, TurnKind::ReplayToMove);
  // The record's opening goes to the replay bar as the controller phrased it.
  in.replayOpening = "Opening rule: Swap.";
  EXPECT_EQ(sideView(Played({{7, 7}}), in).replay->opening, "Opening rule: Swap.");
}

TEST(SideView, OnlineGameNamesTheServerAndTheLadderChange) {
  net::NetSnapshot snap = Match(Stone::Black, Played({{7, 7}}));
  SideInput in = NetworkInput(snap);
  OnlineInput online;
  online.server = "Gomoku hall";
  online.rated = true;
  online.opponentScore = 1100;
  in.online = online;
  SideView v = sideView(snap.game, in);
  EXPECT_EQ(v.connection.kind, ConnectionKind::Online);
  EXPECT_EQ(v.connection.text, "Gomoku hall");
  ASSERT_TRUE(v.connection.online);
  EXPECT_EQ(v.connection.online->opponentScore, std::optional<int>(1100));
  EXPECT_EQ(v.connection.awaySecondsLeft, -1);
  EXPECT_TRUE(v.controls.leave);
  // The opponent dropped: the seconds until they lose.
  in.now = std::chrono::steady_clock::now();
  in.online->opponentAwayUntil = in.now + std::chrono::seconds(90);
  v = sideView(snap.game, in);
  EXPECT_EQ(v.connection.awaySecondsLeft, 90);
  // Over and closed (the opponent left): the ladder change, and back to the hall still offered.
  snap.game = Played({{0, 7}, {0, 9}, {1, 7}, {1, 9}, {2, 7}, {2, 9}, {3, 7}, {3, 9}, {4, 7}});
  snap.match = net::MatchPhase::Closed;
  snap.myTurn = false;
  in.online->ladder = std::make_pair(1000, 1030);
  v = sideView(snap.game, in);
  EXPECT_EQ(v.connection.kind, ConnectionKind::Closed);
  ASSERT_TRUE(v.connection.online && v.connection.online->ladder);
  EXPECT_EQ(v.connection.online->ladder->second, 1030);
  EXPECT_EQ(v.connection.awaySecondsLeft, -1);  // nobody is waited for any more
  EXPECT_TRUE(v.controls.leave);
}

// Issue 18: a name shortened inside the result line keeps whole words ("Computer (M..." read
// as a cut name); one code point is one unit of width here.
TEST(SideView, NamesAreShortenedByWholeWords) {
  auto width = [](const std::string& s) {
    int n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
  };
  EXPECT_EQ(shortenByWords("Alice", width, 5), "Alice");
  EXPECT_EQ(shortenByWords("Computer (Master)", width, 12), "Computer\u2026");
  EXPECT_EQ(shortenByWords("Anna Maria Smith", width, 12), "Anna Maria\u2026");
  EXPECT_EQ(shortenByWords("Anna Maria Smith", width, 6), "Anna\u2026");
  EXPECT_EQ(shortenByWords("\u7535\u8111\uFF08\u5927\u5E08\uFF09", width, 4), "\u7535\u8111\u2026");
  EXPECT_EQ(shortenByWords("Computer (Master)", width, 5), std::nullopt);  // one long word
  EXPECT_EQ(shortenByWords("Bartholomew", width, 6), std::nullopt);
}

TEST(SideView, ClocksShowTheDecidingTimeAndWarnUnderTenSeconds) {
  SideInput in;
  ClockReading black;
  black.mainMs = 292000;
  black.periodMs = 30000;
  black.decidingMs = 322000;
  black.running = true;
  ClockReading white;
  white.inByoYomi = true;
  white.periodMs = 9400;
  white.decidingMs = 9400;
  in.blackClock = black;
  in.whiteClock = white;
  const SideView v = sideView(Game(), in);
  ASSERT_TRUE(v.clocks.black && v.clocks.white);
  EXPECT_EQ(v.clocks.black->face, "4:52");
  EXPECT_TRUE(v.clocks.black->running);
  EXPECT_FALSE(v.clocks.black->low || v.clocks.black->byoYomi);
  EXPECT_EQ(v.clocks.white->face, "0:09.4");  // the period, in tenths
  EXPECT_TRUE(v.clocks.white->byoYomi && v.clocks.white->low);
  ClockReading out;
  out.flagged = true;
  EXPECT_TRUE(clockView(out).flagged && clockView(out).low);
}

}  // namespace
}  // namespace gomoku::app
