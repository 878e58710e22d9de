// The opening rules (core/opening.h): each rule's whole sequence, and tables of proposals each
// rule refuses, with the reason. Points are (x, y), 0-based, y from the top; the centre of
// 15x15 is (7, 7).
#include "core/opening.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace gomoku {
namespace {

constexpr Seat F = Seat::First;
constexpr Seat S = Seat::Second;

TEST(Opening, NamesReadBack) {
  for (OpeningRule r : {OpeningRule::None, OpeningRule::Swap, OpeningRule::Swap2,
                        OpeningRule::Soosorv8, OpeningRule::Taraguchi10})
    EXPECT_EQ(parseOpeningRule(openingRuleName(r)), r);
  EXPECT_EQ(parseOpeningRule("Soosorv-8"), OpeningRule::Soosorv8);
  EXPECT_EQ(parseOpeningRule("TARAGUCHI-10"), OpeningRule::Taraguchi10);
  EXPECT_FALSE(parseOpeningRule("yamaguchi"));
  EXPECT_TRUE(Opening(OpeningRule::None).done());
  EXPECT_THROW(Opening(OpeningRule::Soosorv8, 16), std::invalid_argument);
}

TEST(Opening, FitsTheRulesItIsPlayedWith) {
  for (Rule r : {Rule::Freestyle, Rule::Standard, Rule::Renju})
    EXPECT_TRUE(openingFitsRule(OpeningRule::None, r, 15));
  EXPECT_TRUE(openingFitsRule(OpeningRule::Swap, Rule::Freestyle, 14));
  EXPECT_TRUE(openingFitsRule(OpeningRule::Swap2, Rule::Standard, 15));
  EXPECT_FALSE(openingFitsRule(OpeningRule::Swap2, Rule::Renju, 15));
  EXPECT_TRUE(openingFitsRule(OpeningRule::Soosorv8, Rule::Renju, 15));
  EXPECT_TRUE(openingFitsRule(OpeningRule::Taraguchi10, Rule::Renju, 15));
  EXPECT_FALSE(openingFitsRule(OpeningRule::Taraguchi10, Rule::Freestyle, 15));
  EXPECT_FALSE(openingFitsRule(OpeningRule::Soosorv8, Rule::Renju, 16));
  EXPECT_FALSE(openingFitsRule(static_cast<OpeningRule>(9), Rule::Freestyle, 15));
}

TEST(Opening, SwapLetsTheSecondPlayerPickAColour) {
  Opening o(OpeningRule::Swap);
  EXPECT_EQ(o.place(S, {0, 0}), OpeningError::NotYourDecision);
  EXPECT_EQ(o.choose(F, OpeningChoice::TakeBlack), OpeningError::WrongStep);
  ASSERT_EQ(o.place(F, {7, 7}), OpeningError::None);
  EXPECT_EQ(o.place(F, {7, 7}), OpeningError::Occupied);
  EXPECT_EQ(o.place(F, {15, 3}), OpeningError::OffBoard);
  ASSERT_EQ(o.place(F, {0, 0}), OpeningError::None);  // anywhere
  ASSERT_EQ(o.place(F, {8, 8}), OpeningError::None);
  EXPECT_EQ(o.step(), OpeningStep::ColourChoice);
  EXPECT_EQ(o.decider(), S);
  EXPECT_EQ(o.choose(S, OpeningChoice::Swap), OpeningError::BadChoice);
  EXPECT_EQ(o.choose(S, OpeningChoice::PlaceTwo), OpeningError::BadChoice);
  EXPECT_EQ(o.choose(F, OpeningChoice::TakeBlack), OpeningError::NotYourDecision);
  ASSERT_EQ(o.choose(S, OpeningChoice::TakeBlack), OpeningError::None);
  EXPECT_TRUE(o.done());
  EXPECT_EQ(o.seatOf(Stone::Black), S);
  EXPECT_EQ(o.colourOf(F), Stone::White);
  EXPECT_EQ(o.game().ply(), 3);
  EXPECT_EQ(o.game().toMove(), Stone::White);  // the first player, now White, plays the 4th
  EXPECT_EQ(o.place(F, {1, 1}), OpeningError::Finished);
}

TEST(Opening, Swap2OffersBlackWhiteOrTwoMoreStones) {
  auto three = [] {
    Opening o(OpeningRule::Swap2);
    for (Point p : {Point{7, 7}, Point{8, 7}, Point{7, 8}})
      EXPECT_EQ(o.place(F, p), OpeningError::None);
    EXPECT_EQ(o.step(), OpeningStep::Swap2Choice);
    EXPECT_EQ(o.decider(), S);
    return o;
  };
  Opening black = three();
  ASSERT_EQ(black.choose(S, OpeningChoice::TakeBlack), OpeningError::None);
  EXPECT_EQ(black.seatOf(Stone::Black), S);
  EXPECT_TRUE(black.done());
  Opening white = three();
  ASSERT_EQ(white.choose(S, OpeningChoice::TakeWhite), OpeningError::None);
  EXPECT_EQ(white.seatOf(Stone::White), S);  // and it plays the 4th move
  EXPECT_EQ(white.game().toMove(), Stone::White);
  Opening two = three();
  EXPECT_EQ(two.choose(S, OpeningChoice::Keep), OpeningError::BadChoice);
  ASSERT_EQ(two.choose(S, OpeningChoice::PlaceTwo), OpeningError::None);
  EXPECT_EQ(two.place(F, {6, 6}), OpeningError::NotYourDecision);
  ASSERT_EQ(two.place(S, {6, 6}), OpeningError::None);  // White's stone
  EXPECT_EQ(two.choose(F, OpeningChoice::TakeWhite), OpeningError::WrongStep);
  ASSERT_EQ(two.place(S, {9, 9}), OpeningError::None);  // Black's stone
  EXPECT_EQ(two.step(), OpeningStep::ColourChoice);
  EXPECT_EQ(two.decider(), F);
  ASSERT_EQ(two.choose(F, OpeningChoice::TakeWhite), OpeningError::None);
  EXPECT_EQ(two.seatOf(Stone::Black), S);
  EXPECT_EQ(two.game().ply(), 5);
  EXPECT_EQ(two.game().board().at({9, 9}), Stone::Black);
}

TEST(Opening, TheDecidersClockRunsAndEachPlayerKeepsTheirClockOverAChoice) {
  GameClock c(TimeControl{ClockKind::Fischer, 60000, 0, 0});
  Opening o(OpeningRule::Swap2);
  EXPECT_EQ(openingClockSide(o), Stone::Black);
  c.start(openingClockSide(o), 0);
  std::int64_t t = 0;
  for (Point p : {Point{7, 7}, Point{8, 7}, Point{7, 8}}) {
    const Opening before = o;
    ASSERT_EQ(o.place(F, p), OpeningError::None);
    t += 1000;
    EXPECT_EQ(timeOpeningDecision(c, before, o, t), 1000);
  }
  EXPECT_EQ(c.running(), Stone::White);  // the second player decides
  const Opening before = o;
  ASSERT_EQ(o.choose(S, OpeningChoice::TakeBlack), OpeningError::None);
  EXPECT_EQ(timeOpeningDecision(c, before, o, 10000), 7000);
  // The second player now plays Black with its 53 s; the first plays White with its 57 s and
  // moves (the 4th stone).
  EXPECT_EQ(c.reading(Stone::Black, 10000).mainMs, 53000);
  EXPECT_EQ(c.reading(Stone::White, 10000).mainMs, 57000);
  EXPECT_EQ(c.running(), Stone::White);
  EXPECT_EQ(openingClockSide(o), Stone::White);
}

// Soosõrv-8 to the offer of the 5th moves: the opening h8 h9 h10 (all on the centre column),
// a swap, White's 4th move on that column and `n` declared, no swap.
Opening soosorvToOffer(int n) {
  Opening o(OpeningRule::Soosorv8, 15, Rule::Renju);
  EXPECT_EQ(o.place(F, {7, 7}), OpeningError::None);
  EXPECT_EQ(o.place(F, {7, 6}), OpeningError::None);
  EXPECT_EQ(o.place(F, {7, 5}), OpeningError::None);
  EXPECT_EQ(o.choose(S, OpeningChoice::Swap), OpeningError::None);  // Second takes Black
  EXPECT_EQ(o.decider(), F);                                        // White: the 4th move
  EXPECT_EQ(o.area(), -1);
  EXPECT_EQ(o.place(F, {7, 11}), OpeningError::None);
  EXPECT_EQ(o.step(), OpeningStep::DeclareCount);
  EXPECT_EQ(o.declare(F, n), OpeningError::None);
  EXPECT_EQ(o.choose(S, OpeningChoice::Keep), OpeningError::None);
  EXPECT_EQ(o.step(), OpeningStep::PlaceAlternatives);
  EXPECT_EQ(o.decider(), S);
  return o;
}

TEST(Opening, SoosorvEightRefusesWhatRifRefuses) {
  Opening o(OpeningRule::Soosorv8, 15, Rule::Renju);
  EXPECT_EQ(o.place(F, {7, 8}), OpeningError::OutsideArea);  // move 1 at the centre only
  ASSERT_EQ(o.place(F, {7, 7}), OpeningError::None);
  EXPECT_EQ(o.place(F, {7, 5}), OpeningError::OutsideArea);  // move 2 within the 3x3
  ASSERT_EQ(o.place(F, {8, 6}), OpeningError::None);
  EXPECT_EQ(o.place(F, {10, 7}), OpeningError::OutsideArea);  // move 3 within the 5x5
  ASSERT_EQ(o.place(F, {9, 9}), OpeningError::None);
  EXPECT_EQ(o.choose(S, OpeningChoice::TakeBlack), OpeningError::BadChoice);
  ASSERT_EQ(o.choose(S, OpeningChoice::Keep), OpeningError::None);
  ASSERT_EQ(o.place(S, {0, 14}), OpeningError::None);  // the 4th anywhere, by White
  EXPECT_EQ(o.declare(F, 3), OpeningError::NotYourDecision);
  EXPECT_EQ(o.declare(S, 0), OpeningError::BadCount);
  EXPECT_EQ(o.declare(S, 9), OpeningError::BadCount);
  ASSERT_EQ(o.declare(S, 8), OpeningError::None);
  EXPECT_EQ(o.alternativesWanted(), 8);

  Opening a = soosorvToOffer(2);
  EXPECT_EQ(a.offer(S, {{5, 8}}), OpeningError::BadCount);
  EXPECT_EQ(a.offer(S, {{5, 8}, {5, 8}}), OpeningError::Duplicate);
  EXPECT_EQ(a.offer(S, {{5, 8}, {7, 6}}), OpeningError::Occupied);
  EXPECT_EQ(a.offer(S, {{5, 8}, {-1, 8}}), OpeningError::OffBoard);
  // The stones stand on the centre column: mirrored left-right the position is the same, so
  // (5,8) and (9,8) are the same 5th move.
  EXPECT_TRUE(a.symmetric({5, 8}, {9, 8}));
  EXPECT_EQ(a.offer(S, {{5, 8}, {9, 8}}), OpeningError::Symmetric);
  EXPECT_FALSE(a.symmetric({5, 8}, {9, 9}));
  ASSERT_EQ(a.offer(S, {{5, 8}, {9, 9}}), OpeningError::None);
  EXPECT_EQ(a.step(), OpeningStep::ChooseAlternative);
  EXPECT_EQ(a.decider(), F);  // White
  EXPECT_EQ(a.pick(F, {9, 8}), OpeningError::NotAnAlternative);
  EXPECT_EQ(a.pick(S, {9, 9}), OpeningError::NotYourDecision);
  ASSERT_EQ(a.pick(F, {9, 9}), OpeningError::None);
  EXPECT_TRUE(a.done());
  EXPECT_EQ(a.game().ply(), 5);
  EXPECT_EQ(a.game().board().at({9, 9}), Stone::Black);
  EXPECT_EQ(a.game().toMove(), Stone::White);
  EXPECT_EQ(a.seatOf(Stone::White), F);
}

TEST(Opening, SymmetryTakesEveryTurnAndMirrorThatKeepsThePosition) {
  // Only the centre stone and White's diagonal neighbour: the mirror in that diagonal keeps the
  // position, so (5,7) and (7,5) are one point; a quarter turn does not.
  Opening o(OpeningRule::Taraguchi10);
  ASSERT_EQ(o.place(F, {7, 7}), OpeningError::None);
  ASSERT_EQ(o.choose(S, OpeningChoice::Keep), OpeningError::None);
  ASSERT_EQ(o.place(S, {8, 8}), OpeningError::None);
  EXPECT_TRUE(o.symmetric({5, 7}, {7, 5}));
  EXPECT_TRUE(o.symmetric({9, 6}, {6, 9}));
  EXPECT_FALSE(o.symmetric({5, 7}, {9, 7}));
  EXPECT_FALSE(o.symmetric({5, 7}, {5, 7}));
}

TEST(Opening, TaraguchiTenGrowsTheSquareAndOffersASwapAfterEachMove) {
  Opening o(OpeningRule::Taraguchi10, 15, Rule::Renju);
  EXPECT_EQ(o.place(F, {6, 6}), OpeningError::OutsideArea);
  ASSERT_EQ(o.place(F, {7, 7}), OpeningError::None);
  EXPECT_EQ(o.step(), OpeningStep::SwapOffer);
  EXPECT_EQ(o.decider(), S);
  ASSERT_EQ(o.choose(S, OpeningChoice::Swap), OpeningError::None);  // Second is Black now
  EXPECT_EQ(o.decider(), F);                                        // White's 2nd move
  EXPECT_EQ(o.place(F, {9, 7}), OpeningError::OutsideArea);         // 3x3
  ASSERT_EQ(o.place(F, {8, 7}), OpeningError::None);
  ASSERT_EQ(o.choose(S, OpeningChoice::Keep), OpeningError::None);
  EXPECT_EQ(o.decider(), S);                                  // Black's 3rd move
  EXPECT_EQ(o.place(S, {10, 7}), OpeningError::OutsideArea);  // 5x5
  ASSERT_EQ(o.place(S, {9, 9}), OpeningError::None);
  ASSERT_EQ(o.choose(F, OpeningChoice::Keep), OpeningError::None);
  EXPECT_EQ(o.place(F, {11, 7}), OpeningError::OutsideArea);  // 7x7
  ASSERT_EQ(o.place(F, {10, 4}), OpeningError::None);
  ASSERT_EQ(o.choose(S, OpeningChoice::Keep), OpeningError::None);
  EXPECT_EQ(o.step(), OpeningStep::FifthChoice);
  EXPECT_EQ(o.decider(), S);
  Opening one = o;
  ASSERT_EQ(one.choose(S, OpeningChoice::OneFifth), OpeningError::None);
  EXPECT_EQ(one.place(S, {12, 7}), OpeningError::OutsideArea);  // 9x9
  ASSERT_EQ(one.place(S, {11, 7}), OpeningError::None);
  ASSERT_EQ(one.choose(F, OpeningChoice::Swap), OpeningError::None);
  EXPECT_TRUE(one.done());
  EXPECT_EQ(one.seatOf(Stone::White), S);  // swapped back: Second plays the 6th as White

  ASSERT_EQ(o.choose(S, OpeningChoice::TenFifths), OpeningError::None);
  EXPECT_EQ(o.alternativesWanted(), 10);
  std::vector<Point> ten;
  for (int i = 0; i < 10; ++i) ten.push_back({i, 14});
  ten.pop_back();
  EXPECT_EQ(o.offer(S, ten), OpeningError::BadCount);
  ten.push_back({14, 0});  // anywhere on the board
  ASSERT_EQ(o.offer(S, ten), OpeningError::None);
  ASSERT_EQ(o.pick(F, {14, 0}), OpeningError::None);
  EXPECT_TRUE(o.done());
  EXPECT_EQ(o.game().ply(), 5);
}

TEST(Opening, HistoryKeepsEachDecisionAndReplaysIt) {
  Opening o(OpeningRule::Soosorv8, 15, Rule::Renju);
  ASSERT_EQ(o.place(F, {7, 7}), OpeningError::None);
  EXPECT_EQ(o.place(F, {7, 5}), OpeningError::OutsideArea);  // refused: no trace
  ASSERT_EQ(o.place(F, {8, 6}), OpeningError::None);
  ASSERT_EQ(o.place(F, {9, 9}), OpeningError::None);
  ASSERT_EQ(o.choose(S, OpeningChoice::Swap), OpeningError::None);  // Second is Black now
  ASSERT_EQ(o.place(F, {0, 14}), OpeningError::None);
  ASSERT_EQ(o.declare(F, 2), OpeningError::None);
  ASSERT_EQ(o.choose(S, OpeningChoice::Keep), OpeningError::None);
  ASSERT_EQ(o.offer(S, {{5, 8}, {9, 4}}), OpeningError::None);
  EXPECT_EQ(o.pick(F, {1, 1}), OpeningError::NotAnAlternative);
  ASSERT_EQ(o.pick(F, {9, 4}), OpeningError::None);
  const std::vector<OpeningEntry> expected = {
      {F, OpeningEntryKind::Place, {{7, 7}}, OpeningChoice::Keep, 0},
      {F, OpeningEntryKind::Place, {{8, 6}}, OpeningChoice::Keep, 0},
      {F, OpeningEntryKind::Place, {{9, 9}}, OpeningChoice::Keep, 0},
      {S, OpeningEntryKind::Choose, {}, OpeningChoice::Swap, 0},
      {F, OpeningEntryKind::Place, {{0, 14}}, OpeningChoice::Keep, 0},
      {F, OpeningEntryKind::Declare, {}, OpeningChoice::Keep, 2},
      {S, OpeningEntryKind::Choose, {}, OpeningChoice::Keep, 0},
      {S, OpeningEntryKind::Offer, {{5, 8}, {9, 4}}, OpeningChoice::Keep, 0},
      {F, OpeningEntryKind::Pick, {{9, 4}}, OpeningChoice::Keep, 0},
  };
  EXPECT_EQ(o.history(), expected);

  const OpeningReplay r = replayOpening(OpeningRule::Soosorv8, 15, Rule::Renju, o.history());
  EXPECT_EQ(r.error, OpeningError::None);
  EXPECT_EQ(r.applied, expected.size());
  EXPECT_TRUE(r.opening.done());
  EXPECT_EQ(r.opening.game().moves(), o.game().moves());
  EXPECT_EQ(r.opening.seatOf(Stone::Black), S);
  EXPECT_EQ(r.opening.history(), expected);

  // A history that does not fit: replayed up to the entry refused, which is named.
  std::vector<OpeningEntry> bad = expected;
  bad[3].seat = F;  // the first player cannot answer its own swap offer
  const OpeningReplay b = replayOpening(OpeningRule::Soosorv8, 15, Rule::Renju, bad);
  EXPECT_EQ(b.applied, 3u);
  EXPECT_EQ(b.error, OpeningError::NotYourDecision);
  EXPECT_EQ(b.opening.game().ply(), 3);
  Opening p(OpeningRule::Swap);
  EXPECT_EQ(p.apply({F, OpeningEntryKind::Place, {}, OpeningChoice::Keep, 0}),
            OpeningError::BadCount);
  EXPECT_TRUE(p.history().empty());
}

TEST(Opening, ChoiceNamesReadBack) {
  for (OpeningChoice c : {OpeningChoice::Keep, OpeningChoice::Swap, OpeningChoice::TakeBlack,
                          OpeningChoice::TakeWhite, OpeningChoice::PlaceTwo,
                          OpeningChoice::OneFifth, OpeningChoice::TenFifths})
    EXPECT_EQ(parseOpeningChoice(openingChoiceName(c)), c);
  EXPECT_EQ(std::string(openingChoiceName(OpeningChoice::TakeBlack)), "black");
  EXPECT_FALSE(parseOpeningChoice("Swap"));
}

}  // namespace
}  // namespace gomoku
