// Tests of opening rules in the match protocol (PROTOCOL.md, Opening rules; protocol 1.3): two
// Match objects wired through explicit queues play swap2 and Soosõrv-8 to the end of the
// opening and on; illegal proposals of either side are refused.

#include <gtest/gtest.h>

#include <deque>
#include <string>
#include <vector>

#include "core/opening.h"
#include "net/match.h"

using namespace gomoku;
using namespace gomoku::net;

namespace {

struct Endpoint {
  explicit Endpoint(MatchSettings s)
      : match(
            std::move(s), [this](const Message& m) { outbox.push_back(m); },
            [this] { ++disconnects; }, [](MatchEvent) {}) {}
  std::deque<Message> outbox;
  int disconnects = 0;
  Match match;
};

void deliverAll(Endpoint& a, Endpoint& b) {
  for (bool any = true; any;) {
    any = false;
    for (auto [from, to] : {std::pair{&a, &b}, std::pair{&b, &a}})
      if (!from->outbox.empty()) {
        const Message m = from->outbox.front();
        from->outbox.pop_front();
        to->match.receive(m);
        any = true;
      }
  }
}

MatchSettings hostSettings(OpeningRule opening, Rule rule, TimeControl clock = {}) {
  MatchSettings s;
  s.role = Role::Host;
  s.nickname = "Ann";
  s.rule = rule;
  s.opening = opening;
  s.clock = clock;
  return s;
}

MatchSettings joinerSettings() {
  MatchSettings s;
  s.role = Role::Joiner;
  s.nickname = "Bob";
  return s;
}

// Host (the first player) and joiner, the handshake done.
struct Pair {
  Pair(OpeningRule opening, Rule rule, TimeControl clock = {})
      : host(hostSettings(opening, rule, clock)), joiner(joinerSettings()) {
    host.match.connected();
    joiner.match.connected();
    deliverAll(host, joiner);
  }
  Endpoint host;
  Endpoint joiner;
};

OpeningAct place(int x, int y) {
  OpeningAct a;
  a.action = OpeningAction::Place;
  a.points = {{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)}};
  return a;
}
OpeningAct choose(OpeningChoice c) {
  OpeningAct a;
  a.action = OpeningAction::Choose;
  a.choice = c;
  return a;
}

// `who` decides `a`; it must be accepted on both sides.
void act(Pair& p, Endpoint& who, const OpeningAct& a) {
  ASSERT_EQ(who.match.openingAct(a), OpeningError::None);
  deliverAll(p.host, p.joiner);
  ASSERT_EQ(p.host.match.sentError(), std::nullopt);
  ASSERT_EQ(p.joiner.match.sentError(), std::nullopt);
}

}  // namespace

TEST(MatchOpening, Swap2ToTheEndAndOn) {
  Pair p(OpeningRule::Swap2, Rule::Freestyle, TimeControl{ClockKind::PerMove, 0, 0, 60'000});
  ASSERT_NE(p.joiner.match.opening(), nullptr) << "the joiner learned the rule from SETUP";
  EXPECT_EQ(p.host.match.localSeat(), Seat::First);
  EXPECT_EQ(p.joiner.match.localSeat(), Seat::Second);
  EXPECT_EQ(p.host.match.gameClock().running(), Stone::Empty) << "no clock in the opening";
  // Moves and takebacks wait for the end of the opening.
  EXPECT_EQ(p.host.match.playLocal({7, 7}), MoveError::NotYourTurn);
  EXPECT_FALSE(p.host.match.myTurn());
  // The first player places three stones; a decision out of turn is refused here.
  EXPECT_EQ(p.joiner.match.openingAct(place(0, 0)), OpeningError::NotYourDecision);
  act(p, p.host, place(7, 7));
  act(p, p.host, place(8, 8));
  act(p, p.host, place(9, 7));
  EXPECT_EQ(p.joiner.match.game().ply(), 3);
  EXPECT_EQ(p.host.match.requestTakeback(), RequestRefusal::NoMoveToTakeBack);
  // The second player places two more; the first then takes White.
  act(p, p.joiner, choose(OpeningChoice::PlaceTwo));
  act(p, p.joiner, place(6, 6));
  act(p, p.joiner, place(10, 10));
  act(p, p.host, choose(OpeningChoice::TakeWhite));
  for (const Endpoint* e : {&p.host, &p.joiner}) {
    EXPECT_EQ(e->match.opening(), nullptr);
    EXPECT_EQ(e->match.game().ply(), 5);
    EXPECT_EQ(e->match.openingActs().size(), 7u);
    EXPECT_EQ(e->match.gameClock().running(), Stone::White) << "the clocks start now";
  }
  EXPECT_EQ(p.host.match.localColor(), Stone::White);
  EXPECT_EQ(p.joiner.match.localColor(), Stone::Black);
  // The decisions as a record keeps them, each with the seat that took it.
  const std::vector<OpeningEntry> h =
      openingHistory(OpeningRule::Swap2, 15, Rule::Freestyle, p.joiner.match.openingActs());
  ASSERT_EQ(h.size(), 7u);
  EXPECT_EQ(h[0], (OpeningEntry{Seat::First, OpeningEntryKind::Place, {{7, 7}}, {}, 0}));
  EXPECT_EQ(h[3],
            (OpeningEntry{Seat::Second, OpeningEntryKind::Choose, {}, OpeningChoice::PlaceTwo, 0}));
  EXPECT_EQ(h[5], (OpeningEntry{Seat::Second, OpeningEntryKind::Place, {{10, 10}}, {}, 0}));
  EXPECT_EQ(h[6],
            (OpeningEntry{Seat::First, OpeningEntryKind::Choose, {}, OpeningChoice::TakeWhite, 0}));
  EXPECT_TRUE(openingHistory(OpeningRule::None, 15, Rule::Freestyle, {}).empty());
  // Normal play: White (the host) moves 6th; the opening's stones cannot be taken back.
  EXPECT_TRUE(p.host.match.myTurn());
  ASSERT_EQ(p.host.match.playLocal({3, 3}), MoveError::None);
  deliverAll(p.host, p.joiner);
  EXPECT_EQ(p.joiner.match.game().ply(), 6);
  EXPECT_EQ(p.joiner.match.sentError(), std::nullopt);
  EXPECT_EQ(p.joiner.match.requestTakeback(), RequestRefusal::NoMoveToTakeBack);
}

TEST(MatchOpening, Soosorv8WithEightFifthMoves) {
  Pair p(OpeningRule::Soosorv8, Rule::Renju);
  act(p, p.host, place(7, 7));
  act(p, p.host, place(8, 7));
  act(p, p.host, place(7, 9));
  act(p, p.joiner, choose(OpeningChoice::Keep));  // the second player stays White
  act(p, p.joiner, place(10, 10));                // the 4th move
  OpeningAct declare;
  declare.action = OpeningAction::Declare;
  declare.count = 8;
  act(p, p.joiner, declare);
  act(p, p.host, choose(OpeningChoice::Keep));  // Black keeps Black
  // Black offers eight 5th moves; a ninth or a duplicate is refused here, nothing sent.
  OpeningAct offer;
  offer.action = OpeningAction::Offer;
  offer.points = {{0, 0}, {14, 0}, {0, 14}, {14, 14}, {0, 7}, {7, 0}, {14, 7}, {7, 14}};
  OpeningAct twice = offer;
  twice.points.back() = {0, 0};
  EXPECT_EQ(p.host.match.openingAct(twice), OpeningError::Duplicate);
  EXPECT_TRUE(p.host.outbox.empty());
  act(p, p.host, offer);
  ASSERT_NE(p.joiner.match.opening(), nullptr);
  EXPECT_EQ(p.joiner.match.opening()->alternatives().size(), 8u);
  OpeningAct pick;
  pick.action = OpeningAction::Pick;
  pick.points = {{14, 7}};
  act(p, p.joiner, pick);
  for (const Endpoint* e : {&p.host, &p.joiner}) {
    EXPECT_EQ(e->match.opening(), nullptr);
    ASSERT_EQ(e->match.game().ply(), 5);
    EXPECT_EQ(e->match.game().moves().back(), (Point{14, 7}));
  }
  EXPECT_EQ(p.joiner.match.localColor(), Stone::White);
  EXPECT_TRUE(p.joiner.match.myTurn()) << "White plays the 6th move";
  const std::vector<OpeningEntry> h =
      openingHistory(OpeningRule::Soosorv8, 15, Rule::Renju, p.host.match.openingActs());
  ASSERT_EQ(h.size(), 9u);
  EXPECT_EQ(h[7].kind, OpeningEntryKind::Offer);
  EXPECT_EQ(h[7].seat, Seat::First);
  EXPECT_EQ(h[7].points.size(), 8u);
  EXPECT_EQ(h[8], (OpeningEntry{Seat::Second, OpeningEntryKind::Pick, {{14, 7}}, {}, 0}));
}

TEST(MatchOpening, AProposalTheRuleRefusesIsAFault) {
  Pair p(OpeningRule::Soosorv8, Rule::Renju);
  act(p, p.host, place(7, 7));
  // The 2nd move must lie in the central 3x3: a peer that sends one outside is refused.
  const OpeningAct far = [] {
    OpeningAct a = place(0, 0);
    a.seq = 1;
    return a;
  }();
  const Game before = p.joiner.match.game();
  p.joiner.match.receive(far);
  EXPECT_EQ(p.joiner.match.sentError(), ErrorCode::IllegalMove);
  EXPECT_EQ(p.joiner.match.game().moves(), before.moves());
  // Locally the same stone is refused without a word.
  Pair q(OpeningRule::Soosorv8, Rule::Renju);
  act(q, q.host, place(7, 7));
  EXPECT_EQ(q.host.match.openingAct(place(0, 0)), OpeningError::OutsideArea);
  EXPECT_TRUE(q.host.outbox.empty());
}

TEST(MatchOpening, MessagesOutOfTheOpeningsOrderAreFaults) {
  {
    Pair p(OpeningRule::Swap, Rule::Freestyle);
    p.host.match.receive(Move{0, 7, 7});  // a MOVE while the opening runs
    EXPECT_EQ(p.host.match.sentError(), ErrorCode::Protocol);
  }
  {
    Pair p(OpeningRule::Swap, Rule::Freestyle);
    OpeningAct a = place(7, 7);
    a.seq = 3;  // not where both are
    p.joiner.match.receive(a);
    EXPECT_EQ(p.joiner.match.sentError(), ErrorCode::Protocol);
  }
  {
    Pair p(OpeningRule::Swap, Rule::Freestyle);
    p.host.match.receive(place(7, 7));  // the first player is the host: not the joiner's turn
    EXPECT_EQ(p.host.match.sentError(), ErrorCode::Protocol);
  }
  {
    Pair p(OpeningRule::None, Rule::Freestyle);
    p.host.match.receive(place(7, 7));  // no opening rule at all
    EXPECT_EQ(p.host.match.sentError(), ErrorCode::Protocol);
  }
}

TEST(MatchOpening, StonesThatCrossedAResignationStayOnBothBoards) {
  // The first player places two stones while the second's resignation is on its way: the
  // resigner records them after the end, so both boards agree and a later message about that
  // position (here the first player's own resignation, crossing too) is no fault.
  Pair p(OpeningRule::Swap, Rule::Freestyle);
  ASSERT_EQ(p.host.match.openingAct(place(7, 7)), OpeningError::None);
  ASSERT_EQ(p.host.match.openingAct(place(8, 8)), OpeningError::None);
  ASSERT_EQ(p.joiner.match.resign(), RequestRefusal::None);
  deliverAll(p.host, p.joiner);
  for (const Endpoint* e : {&p.host, &p.joiner}) {
    EXPECT_EQ(e->match.sentError(), std::nullopt);
    EXPECT_EQ(e->match.game().ply(), 2);
    EXPECT_EQ(e->match.game().result().outcome, Outcome::BlackWins);
  }
  EXPECT_EQ(p.host.match.game().moves(), p.joiner.match.game().moves());
}

TEST(MatchOpening, AnOlderJoinerIsRefusedAndADropEndsTheOpening) {
  Endpoint host(hostSettings(OpeningRule::Swap2, Rule::Freestyle));
  host.match.connected();
  host.match.receive(Hello{kProtocolMajor, 2, "0.9.0", "Old"});
  EXPECT_EQ(host.match.refusal(), ErrorCode::VersionMismatch);
  const auto* e = std::get_if<Error>(&host.outbox.back());
  ASSERT_NE(e, nullptr);
  EXPECT_NE(e->text.find("too old to play with an opening rule"), std::string::npos) << e->text;

  Pair p(OpeningRule::Swap2, Rule::Freestyle);
  act(p, p.host, place(7, 7));
  p.host.match.connectionLost("reset");
  EXPECT_EQ(p.host.match.phase(), MatchPhase::Closed) << "an opening is not resumed";
  EXPECT_EQ(p.host.match.game().result().outcome, Outcome::Interrupted);
}

TEST(MatchOpening, PlayAgainGivesTheFirstSeatToTheOtherPlayer) {
  Pair p(OpeningRule::Swap, Rule::Freestyle);
  ASSERT_EQ(p.host.match.resign(), RequestRefusal::None);
  deliverAll(p.host, p.joiner);
  ASSERT_EQ(p.host.match.playAgain(true), RequestRefusal::None);
  ASSERT_EQ(p.joiner.match.playAgain(true), RequestRefusal::None);
  deliverAll(p.host, p.joiner);
  EXPECT_EQ(p.joiner.match.localSeat(), Seat::First);
  ASSERT_NE(p.joiner.match.opening(), nullptr);
  act(p, p.joiner, place(7, 7));
  EXPECT_EQ(p.host.match.game().ply(), 1);
}

TEST(MatchOpening, AJoinerThatPlaysNoOpeningsRefusesTheSetup) {
  Endpoint host(hostSettings(OpeningRule::Swap2, Rule::Freestyle));
  MatchSettings js = joinerSettings();
  js.playsOpenings = false;
  Endpoint joiner(js);
  host.match.connected();
  joiner.match.connected();
  deliverAll(host, joiner);
  EXPECT_EQ(joiner.match.sentError(), ErrorCode::BadSetup);
  EXPECT_EQ(joiner.match.phase(), MatchPhase::Closed);
  EXPECT_NE(joiner.match.closeReason().find("cannot play the swap2 opening"), std::string::npos)
      << joiner.match.closeReason();
  EXPECT_EQ(host.match.phase(), MatchPhase::Closed);
}
