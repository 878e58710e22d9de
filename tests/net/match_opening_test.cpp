// Tests of opening rules in the match protocol (PROTOCOL.md, Opening rules; protocol 1.3): two
// Match objects wired through explicit queues play swap2 and Soosõrv-8 to the end of the
// opening and on; illegal proposals of either side are refused. A connection lost during the
// opening suspends the match, and RESUME and SYNC bring both sides to the same opening
// (protocol 1.4), whatever was in flight.

#include <gtest/gtest.h>

#include <deque>
#include <functional>
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
  // Protocol 1.6: the opening runs on the clock, the first player's (Black's) first.
  EXPECT_EQ(p.host.match.gameClock().running(), Stone::Black) << "the opening is timed";
  EXPECT_EQ(p.joiner.match.gameClock().running(), Stone::Black);
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

TEST(MatchOpening, NoDrawIsOfferedDuringTheOpening) {
  // A draw offer's ply cannot say which decision at that number of stones it followed: none is
  // made until the opening ends, and one from a 1.3 program (which allowed it) is declined.
  Pair p(OpeningRule::Swap, Rule::Freestyle);
  EXPECT_EQ(p.host.match.offerDraw(), RequestRefusal::DuringOpening);
  act(p, p.host, place(7, 7));
  EXPECT_EQ(p.joiner.match.offerDraw(), RequestRefusal::DuringOpening);
  EXPECT_TRUE(p.joiner.outbox.empty());
  p.joiner.match.receive(DrawOffer{1});
  ASSERT_EQ(p.joiner.outbox.size(), 1u);
  const auto* reply = std::get_if<DrawReply>(&p.joiner.outbox.front());
  ASSERT_NE(reply, nullptr);
  EXPECT_EQ(reply->atPly, 1);
  EXPECT_FALSE(reply->accept);
  p.joiner.outbox.clear();
  EXPECT_FALSE(p.joiner.match.drawRequested());
  EXPECT_EQ(p.joiner.match.sentError(), std::nullopt);
  // Once the opening is over, offers work as usual.
  act(p, p.host, place(8, 8));
  act(p, p.host, place(9, 7));
  act(p, p.joiner, choose(OpeningChoice::TakeWhite));
  ASSERT_EQ(p.host.match.opening(), nullptr);
  EXPECT_EQ(p.host.match.offerDraw(), RequestRefusal::None);
  deliverAll(p.host, p.joiner);
  EXPECT_TRUE(p.joiner.match.drawRequested());
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

TEST(MatchOpening, AnOlderJoinerIsRefusedAndADropWithA13PeerEndsTheOpening) {
  Endpoint host(hostSettings(OpeningRule::Swap2, Rule::Freestyle));
  host.match.connected();
  host.match.receive(Hello{kProtocolMajor, 2, "0.9.0", "Old"});
  EXPECT_EQ(host.match.refusal(), ErrorCode::VersionMismatch);
  const auto* e = std::get_if<Error>(&host.outbox.back());
  ASSERT_NE(e, nullptr);
  EXPECT_NE(e->text.find("too old to play with an opening rule"), std::string::npos) << e->text;

  // A joiner of protocol 1.3 plays the opening, but cannot resume it: a drop closes the match.
  Endpoint old(hostSettings(OpeningRule::Swap2, Rule::Freestyle));
  old.match.connected();
  old.match.receive(Hello{kProtocolMajor, 3, "0.9.0", "Old"});
  ASSERT_EQ(old.match.phase(), MatchPhase::Playing);
  ASSERT_EQ(old.match.openingAct(place(7, 7)), OpeningError::None);
  old.match.connectionLost("reset");
  EXPECT_EQ(old.match.phase(), MatchPhase::Closed) << "a 1.3 peer does not resume an opening";
  EXPECT_EQ(old.match.game().result().outcome, Outcome::Interrupted);
  // Its RESUME and SYNC carry no decisions once the opening is over (as 1.3 reads them).
  Endpoint old2(hostSettings(OpeningRule::Swap, Rule::Freestyle));
  old2.match.connected();
  old2.match.receive(Hello{kProtocolMajor, 3, "0.9.0", "Old"});
  ASSERT_EQ(old2.match.openingAct(place(7, 7)), OpeningError::None);
  ASSERT_EQ(old2.match.openingAct(place(8, 8)), OpeningError::None);
  ASSERT_EQ(old2.match.openingAct(place(9, 7)), OpeningError::None);
  OpeningAct white = choose(OpeningChoice::TakeWhite);
  white.seq = 3;
  old2.match.receive(white);
  ASSERT_EQ(old2.match.opening(), nullptr);
  old2.match.connectionLost("reset");
  ASSERT_EQ(old2.match.phase(), MatchPhase::Suspended);
  old2.outbox.clear();
  old2.match.receive(Resume{old2.match.token(), 1, {{7, 7}, {8, 8}, {9, 7}}});
  ASSERT_EQ(old2.outbox.size(), 1u);
  const auto* sync = std::get_if<Sync>(&old2.outbox.front());
  ASSERT_NE(sync, nullptr);
  EXPECT_TRUE(sync->openingActs.empty());
  EXPECT_EQ(old2.match.phase(), MatchPhase::Playing);
}

TEST(MatchOpening, PlayAgainGivesTheFirstSeatToTheOtherPlayer) {
  Pair p(OpeningRule::Swap, Rule::Freestyle);
  ASSERT_EQ(p.host.match.resign(), RequestRefusal::None);
  deliverAll(p.host, p.joiner);
  ASSERT_EQ(p.host.match.playAgain(true), RequestRefusal::None);
  ASSERT_EQ(p.joiner.match.playAgain(true), RequestRefusal::None);
  deliverAll(p.host, p.joiner);
  EXPECT_EQ(p.joiner.match.localSeat(), Seat::First);
  // Each is told who begins: the joiner now, not the host.
  EXPECT_EQ(describe(p.joiner.match.notice()), "A new game starts; you begin the opening.");
  EXPECT_EQ(describe(p.host.match.notice()), "A new game starts; the opponent begins the opening.");
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

// ---------------------------------------------------------------------------------------------
// Drop and resume during the opening (protocol 1.4).

namespace {

// The side that decides now, as the host's opening says.
Endpoint& decider(Endpoint& host, Endpoint& joiner) {
  const Opening* o = host.match.opening();
  return o && o->decider() == joiner.match.localSeat() ? joiner : host;
}
Endpoint& decider(Pair& p) {
  return decider(p.host, p.joiner);
}

// `who` decides `a`, accepted on both sides.
void decide(Endpoint& host, Endpoint& joiner, Endpoint& who, const OpeningAct& a) {
  ASSERT_EQ(who.match.openingAct(a), OpeningError::None);
  deliverAll(host, joiner);
  ASSERT_EQ(host.match.sentError(), std::nullopt);
  ASSERT_EQ(joiner.match.sentError(), std::nullopt);
}

// Both lose the connection; whatever is still in flight is lost with it.
void drop(Pair& p) {
  p.host.outbox.clear();
  p.joiner.outbox.clear();
  p.host.match.connectionLost("the connection was reset");
  p.joiner.match.connectionLost("the connection was reset");
  ASSERT_EQ(p.host.match.phase(), MatchPhase::Suspended);
  ASSERT_EQ(p.joiner.match.phase(), MatchPhase::Suspended);
}

// The joiner comes back: RESUME, checked as NetGame does, then SYNC.
void resume(Pair& p) {
  p.joiner.match.reconnected();
  ASSERT_EQ(p.joiner.outbox.size(), 1u);
  ASSERT_TRUE(std::holds_alternative<Resume>(p.joiner.outbox.front()));
  ASSERT_TRUE(p.host.match.acceptsResume(p.joiner.outbox.front()));
  deliverAll(p.host, p.joiner);
  ASSERT_EQ(p.host.match.sentError(), std::nullopt);
  ASSERT_EQ(p.joiner.match.sentError(), std::nullopt);
  ASSERT_EQ(p.host.match.phase(), MatchPhase::Playing);
  ASSERT_EQ(p.joiner.match.phase(), MatchPhase::Playing);
}

// Both sides hold the same game, opening and colours.
void expectSame(const Endpoint& host, const Endpoint& joiner) {
  const Match& h = host.match;
  const Match& j = joiner.match;
  EXPECT_EQ(h.game().moves(), j.game().moves());
  EXPECT_EQ(h.openingActs(), j.openingActs());
  EXPECT_EQ(h.openingStones(), j.openingStones());
  EXPECT_EQ(h.localSeat(), otherSeat(j.localSeat()));
  EXPECT_EQ(h.localColor(), opponent(j.localColor()));
  ASSERT_EQ(h.opening() == nullptr, j.opening() == nullptr);
  if (h.opening()) {
    EXPECT_EQ(h.opening()->step(), j.opening()->step());
    EXPECT_EQ(h.opening()->decider(), j.opening()->decider());
    EXPECT_EQ(h.opening()->history(), j.opening()->history());
    EXPECT_EQ(h.localColor(), h.opening()->colourOf(h.localSeat()));
  }
  EXPECT_EQ(h.gameClock().running(), j.gameClock().running());
}
void expectSame(const Pair& p) {
  expectSame(p.host, p.joiner);
}

// A whole opening of each rule, decision by decision (the decider follows from the rule).
struct Script {
  const char* name;
  OpeningRule rule;
  Rule gameRule;
  std::vector<OpeningAct> acts;
};

OpeningAct declareCount(int n) {
  OpeningAct a;
  a.action = OpeningAction::Declare;
  a.count = static_cast<std::uint8_t>(n);
  return a;
}
OpeningAct offerOf(std::vector<SyncPoint> points) {
  OpeningAct a;
  a.action = OpeningAction::Offer;
  a.points = std::move(points);
  return a;
}
OpeningAct pickOf(int x, int y) {
  OpeningAct a = place(x, y);
  a.action = OpeningAction::Pick;
  return a;
}

std::vector<Script> scripts() {
  return {
      {"swap",
       OpeningRule::Swap,
       Rule::Freestyle,
       {place(7, 7), place(8, 8), place(9, 7), choose(OpeningChoice::TakeWhite)}},
      {"swap2",
       OpeningRule::Swap2,
       Rule::Freestyle,
       {place(7, 7), place(8, 8), place(9, 7), choose(OpeningChoice::PlaceTwo), place(6, 6),
        place(10, 10), choose(OpeningChoice::TakeWhite)}},
      {"soosorv8",
       OpeningRule::Soosorv8,
       Rule::Renju,
       {place(7, 7), place(8, 7), place(7, 9), choose(OpeningChoice::Swap), place(10, 10),
        declareCount(2), choose(OpeningChoice::Keep), offerOf({{0, 0}, {14, 7}}), pickOf(14, 7)}},
      {"taraguchi10",
       OpeningRule::Taraguchi10,
       Rule::Renju,
       {place(7, 7), choose(OpeningChoice::Keep), place(8, 7), choose(OpeningChoice::Keep),
        place(7, 9), choose(OpeningChoice::Swap), place(10, 10), choose(OpeningChoice::Keep),
        choose(OpeningChoice::OneFifth), place(4, 4), choose(OpeningChoice::Keep)}},
  };
}

// The decisions of `s` from where both are to the end of the opening, then a move of the side
// to move; both sides agree all the way.
void finish(Endpoint& host, Endpoint& joiner, const Script& s) {
  for (std::size_t i = host.match.openingActs().size(); i < s.acts.size(); ++i) {
    SCOPED_TRACE("decision " + std::to_string(i));
    ASSERT_NE(host.match.opening(), nullptr);
    decide(host, joiner, decider(host, joiner), s.acts[i]);
  }
  ASSERT_EQ(host.match.opening(), nullptr);
  Endpoint& mover = host.match.myTurn() ? host : joiner;
  ASSERT_TRUE(mover.match.myTurn());
  ASSERT_EQ(mover.match.playLocal({1, 13}), MoveError::None);
  deliverAll(host, joiner);
  ASSERT_EQ(host.match.sentError(), std::nullopt);
  ASSERT_EQ(joiner.match.sentError(), std::nullopt);
  expectSame(host, joiner);
  EXPECT_EQ(host.match.game().ply(), host.match.openingStones() + 1);
}

}  // namespace

TEST(MatchOpening, ADropAtAnyPointOfEachRuleIsResumed) {
  for (const Script& s : scripts()) {
    for (std::size_t k = 0; k <= s.acts.size(); ++k) {
      for (const bool inFlight : {false, true}) {
        if (inFlight && k == s.acts.size()) continue;
        SCOPED_TRACE(std::string(s.name) + ": after " + std::to_string(k) + " decisions" +
                     (inFlight ? ", the next in flight" : ""));
        Pair p(s.rule, s.gameRule, TimeControl{ClockKind::PerMove, 0, 0, 60'000});
        for (std::size_t i = 0; i < k; ++i) act(p, decider(p), s.acts[i]);
        if (inFlight) {
          ASSERT_EQ(decider(p).match.openingAct(s.acts[k]), OpeningError::None);
        }
        drop(p);  // the decision in flight, if any, is lost with the connection
        EXPECT_EQ(p.host.match.game().result().outcome, Outcome::Ongoing);
        resume(p);
        expectSame(p);
        // A decision in flight is applied exactly once: the sender's copy came through.
        EXPECT_EQ(p.host.match.openingActs().size(), k + (inFlight ? 1 : 0));
        if (k == s.acts.size() || (inFlight && k + 1 == s.acts.size())) {
          EXPECT_EQ(p.host.match.opening(), nullptr) << "normal play";
          EXPECT_NE(p.host.match.gameClock().running(), Stone::Empty);
        } else {
          ASSERT_NE(p.joiner.match.opening(), nullptr) << "the opening goes on";
          // Timed (protocol 1.6): the decider's clock runs again on both sides.
          const Stone side = openingClockSide(*p.joiner.match.opening());
          EXPECT_EQ(p.host.match.gameClock().running(), side);
          EXPECT_EQ(p.joiner.match.gameClock().running(), side);
        }
        finish(p.host, p.joiner, s);
      }
    }
  }
}

TEST(MatchOpening, TheLastDecisionAndAMoveInFlightAcrossTheEndOfTheOpening) {
  // The decider of the last decision moves first after it (swap, Soosõrv-8: the joiner; swap2,
  // Taraguchi-10: the host): both are in flight when the connection drops.
  for (const Script& s : scripts()) {
    SCOPED_TRACE(s.name);
    Pair p(s.rule, s.gameRule);
    for (std::size_t i = 0; i + 1 < s.acts.size(); ++i) act(p, decider(p), s.acts[i]);
    Endpoint& last = decider(p);
    ASSERT_EQ(last.match.openingAct(s.acts.back()), OpeningError::None);
    ASSERT_TRUE(last.match.myTurn());
    ASSERT_EQ(last.match.playLocal({1, 13}), MoveError::None);
    drop(p);
    resume(p);
    expectSame(p);
    EXPECT_EQ(p.host.match.opening(), nullptr);
    EXPECT_EQ(p.joiner.match.game().ply(), p.joiner.match.openingStones() + 1)
        << "the move came through once";
    Endpoint& mover = p.host.match.myTurn() ? p.host : p.joiner;
    ASSERT_NE(&mover, &last);
    ASSERT_EQ(mover.match.playLocal({13, 1}), MoveError::None);
    deliverAll(p.host, p.joiner);
    ASSERT_EQ(p.host.match.sentError(), std::nullopt);
    ASSERT_EQ(p.joiner.match.sentError(), std::nullopt);
    expectSame(p);
  }
}

TEST(MatchOpening, AResumeWithOtherDecisionsIsRefused) {
  const Script s = scripts()[1];  // swap2: the host places three stones, then the joiner chooses
  struct Case {
    const char* what;
    std::size_t before;  // decisions both took before the drop
    std::function<void(Resume&)> change;
    ErrorCode code;
  };
  const auto with = [](OpeningAct a, std::uint16_t seq) {
    a.seq = seq;
    return a;
  };
  const std::vector<Case> cases = {
      {"another stone", 3,
       [](Resume& r) {
         r.openingActs[1].points = {{2, 2}};
       },
       ErrorCode::Desync},
      // (Fewer decisions than its stones is no fault when the stones are the host's: a joiner
      // that resigned records them after its end without their decisions; see
      // AResignationLostInADropStandsOverTheStonesThatCrossedIt.)
      {"fewer decisions than its stones, one not the host's", 3,
       [](Resume& r) {
         r.openingActs.pop_back();
         r.moves.back() = {2, 2};
       },
       ErrorCode::Desync},
      {"a decision of its own the rule refuses", 3,
       [&](Resume& r) { r.openingActs.push_back(with(place(3, 3), 3)); },  // a choice is due
       ErrorCode::IllegalMove},
      // (Several decisions more are its own in flight, one after the other, as long as each is
      // its own: TwoDecisionsInFlightAtADropAreBothTakenAtTheResume in tests/server.)
      {"decisions more, the last the host's", 3,
       [&](Resume& r) {
         r.openingActs.push_back(with(choose(OpeningChoice::PlaceTwo), 3));
         r.openingActs.push_back(with(place(6, 6), 4));
         r.openingActs.push_back(with(place(10, 10), 5));
         r.openingActs.push_back(with(choose(OpeningChoice::TakeWhite), 6));
         r.moves.push_back({6, 6});
         r.moves.push_back({10, 10});
       },
       ErrorCode::Desync},
      {"moves while the opening runs", 3,
       [](Resume& r) {
         r.moves.push_back({0, 0});
       },
       ErrorCode::Desync},
      {"a decision that is the host's", 2,
       [&](Resume& r) {
         r.openingActs.push_back(with(place(9, 7), 2));
         r.moves.push_back({9, 7});
       },
       ErrorCode::Desync},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    Pair p(s.rule, s.gameRule);
    for (std::size_t i = 0; i < c.before; ++i) act(p, decider(p), s.acts[i]);
    drop(p);
    p.joiner.match.reconnected();
    ASSERT_EQ(p.joiner.outbox.size(), 1u);
    Resume r = std::get<Resume>(p.joiner.outbox.front());
    p.joiner.outbox.clear();
    ASSERT_EQ(r.openingActs.size(), c.before);
    c.change(r);
    const Game before = p.host.match.game();
    p.host.match.receive(r);
    ASSERT_FALSE(p.host.outbox.empty());
    const auto* e = std::get_if<Error>(&p.host.outbox.back());
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->code, c.code) << e->text;
    EXPECT_EQ(p.host.match.phase(), MatchPhase::Suspended) << "kept for a better attempt";
    EXPECT_EQ(p.host.match.game().moves(), before.moves());
    EXPECT_EQ(p.host.match.openingActs().size(), c.before);
    // The real joiner resumes afterwards on a new connection, as if nothing happened.
    p.host.outbox.clear();
    resume(p);
    expectSame(p);
  }
}

TEST(MatchOpening, ASyncWhoseDecisionsDoNotFollowIsRefused) {
  const auto sync = [](std::uint64_t token, std::vector<SyncPoint> moves,
                       std::vector<OpeningAct> acts) {
    Sync v;
    v.game = 1;
    v.setup = gomoku::net::Setup{
        15, Rule::Freestyle, true, FoulPolicy::Refuse, token, TimeControl{}, OpeningRule::Swap2};
    v.hostNickname = "Ann";
    v.moves = std::move(moves);
    v.openingActs = std::move(acts);
    for (std::size_t i = 0; i < v.openingActs.size(); ++i)
      v.openingActs[i].seq = static_cast<std::uint16_t>(i);
    return v;
  };
  struct Case {
    const char* what;
    std::vector<SyncPoint> moves;
    std::vector<OpeningAct> acts;
    ErrorCode code;
  };
  const std::vector<Case> cases = {
      {"moves that are not the stones",
       {{7, 7}, {8, 8}, {9, 10}},
       {place(7, 7), place(8, 8), place(9, 9)},
       ErrorCode::Desync},
      {"a stone where a choice is due",
       {{7, 7}, {8, 8}, {9, 9}, {1, 1}},
       {place(7, 7), place(8, 8), place(9, 9), place(1, 1)},
       ErrorCode::IllegalMove},
      {"other decisions than ours",
       {{7, 7}, {8, 9}},
       {place(7, 7), place(8, 9)},
       ErrorCode::Desync},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    Pair p(OpeningRule::Swap2, Rule::Freestyle);
    act(p, p.host, place(7, 7));
    act(p, p.host, place(8, 8));
    drop(p);
    p.joiner.match.reconnected();
    p.joiner.outbox.clear();
    p.joiner.match.receive(sync(p.joiner.match.token(), c.moves, c.acts));
    ASSERT_FALSE(p.joiner.outbox.empty());
    const auto* e = std::get_if<Error>(&p.joiner.outbox.back());
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->code, c.code) << e->text;
    EXPECT_EQ(p.joiner.match.game().ply(), 2) << "the board as it was";
  }
}

TEST(MatchOpening, ARestartedJoinerRejoinsMidOpening) {
  for (const Script& s : scripts()) {
    SCOPED_TRACE(s.name);
    Pair p(s.rule, s.gameRule);
    const std::size_t half = s.acts.size() / 2;
    for (std::size_t i = 0; i < half; ++i) act(p, decider(p), s.acts[i]);
    drop(p);
    // The joiner's program restarts with only the token: RESUME game 0, no moves.
    MatchSettings js = joinerSettings();
    js.resumeToken = p.host.match.token();
    Endpoint fresh(js);
    fresh.match.connected();
    ASSERT_EQ(fresh.outbox.size(), 1u);
    const auto* r = std::get_if<Resume>(&fresh.outbox.front());
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->game, 0);
    EXPECT_TRUE(r->openingActs.empty());
    ASSERT_TRUE(p.host.match.acceptsResume(fresh.outbox.front()));
    deliverAll(p.host, fresh);
    ASSERT_EQ(p.host.match.sentError(), std::nullopt);
    ASSERT_EQ(fresh.match.sentError(), std::nullopt);
    ASSERT_EQ(fresh.match.phase(), MatchPhase::Playing);
    ASSERT_NE(fresh.match.opening(), nullptr) << "the opening goes on";
    EXPECT_EQ(fresh.match.openingActs().size(), half);
    expectSame(p.host, fresh);
    // It can drop and resume again mid-opening (it learned the host resumes openings).
    decide(p.host, fresh, decider(p.host, fresh), s.acts[half]);
    p.host.outbox.clear();
    p.host.match.connectionLost("reset");
    fresh.match.connectionLost("reset");
    ASSERT_EQ(fresh.match.phase(), MatchPhase::Suspended);
    fresh.match.reconnected();
    ASSERT_EQ(std::get<Resume>(fresh.outbox.front()).openingActs.size(), half + 1);
    deliverAll(p.host, fresh);
    ASSERT_EQ(fresh.match.phase(), MatchPhase::Playing);
    finish(p.host, fresh, s);
  }
}

TEST(MatchOpening, AGameThatEndedDuringTheOpeningIsResumedWithItsCrossingStones) {
  // The host's two stones crossed the joiner's resignation (recorded after the end there, no
  // decision applied); the connection then drops, and the resume agrees on the finished game.
  Pair p(OpeningRule::Swap, Rule::Freestyle);
  ASSERT_EQ(p.host.match.openingAct(place(7, 7)), OpeningError::None);
  ASSERT_EQ(p.joiner.match.resign(), RequestRefusal::None);
  deliverAll(p.host, p.joiner);
  ASSERT_EQ(p.joiner.match.game().ply(), 1);
  ASSERT_TRUE(p.joiner.match.openingActs().empty());
  drop(p);
  p.joiner.match.reconnected();
  deliverAll(p.host, p.joiner);
  EXPECT_EQ(p.host.match.sentError(), std::nullopt);
  EXPECT_EQ(p.joiner.match.sentError(), std::nullopt);
  EXPECT_EQ(p.host.match.phase(), MatchPhase::Finished);
  EXPECT_EQ(p.joiner.match.phase(), MatchPhase::Finished);
  EXPECT_EQ(p.host.match.game().moves(), p.joiner.match.game().moves());
  EXPECT_EQ(p.joiner.match.game().result().outcome, Outcome::BlackWins);
  EXPECT_EQ(p.host.match.openingActs(), p.joiner.match.openingActs());
}

TEST(MatchOpening, SeveralDecisionsThatCrossedTheEndAreDroppedOnResume) {
  // The joiner places swap2's two more stones while the host's resignation is on its way; both
  // stones reach the host (recorded after the end, no decision applied), the resignation is
  // lost with the connection. The joiner resumes holding two decisions more than the host:
  // they crossed the end, and the resume agrees on the finished game with both stones.
  Pair p(OpeningRule::Swap2, Rule::Freestyle);
  act(p, p.host, place(7, 7));
  act(p, p.host, place(8, 8));
  act(p, p.host, place(9, 7));
  act(p, p.joiner, choose(OpeningChoice::PlaceTwo));
  ASSERT_EQ(p.joiner.match.openingAct(place(6, 6)), OpeningError::None);
  ASSERT_EQ(p.joiner.match.openingAct(place(10, 10)), OpeningError::None);
  ASSERT_EQ(p.host.match.resign(), RequestRefusal::None);
  while (!p.joiner.outbox.empty()) {
    p.host.match.receive(p.joiner.outbox.front());
    p.joiner.outbox.pop_front();
  }
  ASSERT_EQ(p.host.match.sentError(), std::nullopt);
  ASSERT_EQ(p.host.match.game().ply(), 5);
  ASSERT_EQ(p.host.match.openingActs().size(), 4u);
  drop(p);  // the RESIGN is lost
  p.joiner.match.reconnected();
  deliverAll(p.host, p.joiner);
  EXPECT_EQ(p.host.match.sentError(), std::nullopt);
  EXPECT_EQ(p.joiner.match.sentError(), std::nullopt);
  EXPECT_EQ(p.host.match.phase(), MatchPhase::Finished);
  EXPECT_EQ(p.joiner.match.phase(), MatchPhase::Finished);
  EXPECT_EQ(p.host.match.game().moves(), p.joiner.match.game().moves());
  EXPECT_EQ(p.joiner.match.game().result().outcome, Outcome::WhiteWins);
  EXPECT_EQ(p.joiner.match.game().result().reason, EndReason::Resignation);
  EXPECT_EQ(p.host.match.openingActs(), p.joiner.match.openingActs());
}

TEST(MatchOpening, AResignationLostInADropStandsOverTheStonesThatCrossedIt) {
  // The joiner resigns while the host's first stone is on its way; the stone arrives (recorded
  // after the end, without its decision), the resignation is lost with the connection. The
  // joiner resumes holding a stone it has no decision for: the host's own, so it is accepted,
  // and the joiner's resignation is sent again.
  Pair p(OpeningRule::Swap, Rule::Freestyle);
  ASSERT_EQ(p.host.match.openingAct(place(7, 7)), OpeningError::None);
  ASSERT_EQ(p.joiner.match.resign(), RequestRefusal::None);
  while (!p.host.outbox.empty()) {
    p.joiner.match.receive(p.host.outbox.front());
    p.host.outbox.pop_front();
  }
  ASSERT_EQ(p.joiner.match.game().ply(), 1);
  ASSERT_TRUE(p.joiner.match.openingActs().empty());
  drop(p);  // the RESIGN is lost
  p.joiner.match.reconnected();
  deliverAll(p.host, p.joiner);
  EXPECT_EQ(p.host.match.sentError(), std::nullopt);
  EXPECT_EQ(p.joiner.match.sentError(), std::nullopt);
  for (const Endpoint* e : {&p.host, &p.joiner}) {
    EXPECT_EQ(e->match.phase(), MatchPhase::Finished);
    EXPECT_EQ(e->match.game().result().outcome, Outcome::BlackWins);
    EXPECT_EQ(e->match.game().result().reason, EndReason::Resignation);
  }
  EXPECT_EQ(p.host.match.game().moves(), p.joiner.match.game().moves());
  EXPECT_EQ(p.host.match.openingActs(), p.joiner.match.openingActs());
}
