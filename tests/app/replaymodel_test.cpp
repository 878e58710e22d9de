// The replay of an opened record as plain values (src/app/replaymodel.h): the position at each
// move, what the end of a record shows, and the game "Continue from here" starts.
#include "app/replaymodel.h"

#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

namespace gomoku::app {
namespace {

// C02: Black wins with a five on move 9 (the gui.replay_record case's record), 15x15.
Record C02() {
  Record r;
  r.size = 15;
  r.moves = {{3, 7}, {0, 0}, {4, 7}, {2, 0}, {6, 7}, {4, 0}, {7, 7}, {6, 0}, {5, 7}};
  return r;
}

TEST(ReplayModel, StartsAtTheEmptyBoard) {
  const ReplayModel m(C02(), Rule::Freestyle);
  EXPECT_EQ(m.total(), 9);
  EXPECT_EQ(m.shown().ply(), 0);
  EXPECT_EQ(m.shown().size(), 15);
  EXPECT_EQ(m.rule(), Rule::Freestyle);
}

TEST(ReplayModel, SeekShowsExactlyTheMovesUpToThePly) {
  const Record record = C02();
  ReplayModel m(record, Rule::Freestyle);
  for (int ply : {3, 1, 9, 0, 4}) {
    ASSERT_TRUE(m.seek(ply));
    ASSERT_EQ(m.shown().ply(), ply);
    const std::vector<Point> expected(record.moves.begin(), record.moves.begin() + ply);
    EXPECT_EQ(m.shown().moves(), expected) << "ply " << ply;
  }
}

TEST(ReplayModel, SeekClampsToTheRecord) {
  ReplayModel m(C02(), Rule::Freestyle);
  ASSERT_TRUE(m.seek(-3));
  EXPECT_EQ(m.shown().ply(), 0);
  ASSERT_TRUE(m.seek(42));
  EXPECT_EQ(m.shown().ply(), 9);
  EXPECT_TRUE(m.shown().over());  // the five
}

TEST(ReplayModel, MovesAfterTheEndAreStillShown) {
  Record r = C02();
  r.moves.push_back({8, 0});  // White's stone after Black's five (a record that goes on)
  ReplayModel m(std::move(r), Rule::Freestyle);
  ASSERT_TRUE(m.seek(10));
  EXPECT_EQ(m.shown().ply(), 10);
  EXPECT_EQ(m.shown().board().at({8, 0}), Stone::White);
}

TEST(ReplayModel, StatedResultAtTheEndOnlyWhenTheMovesDoNotShowIt) {
  Record r = C02();
  r.moves.resize(6);  // no five: White resigned
  r.result = RecordResult::Black;
  r.resultText = "B+R";
  ReplayModel m(std::move(r), Rule::Freestyle);
  ASSERT_TRUE(m.stated());
  EXPECT_EQ(m.stated()->result, RecordResult::Black);
  EXPECT_EQ(m.stated()->text, "B+R");
  EXPECT_FALSE(m.stated()->foul);
  EXPECT_FALSE(m.showsStatedResult());  // the empty board
  m.seek(5);
  EXPECT_FALSE(m.showsStatedResult());
  m.seek(6);
  EXPECT_TRUE(m.showsStatedResult());

  Record five = C02();
  five.result = RecordResult::Black;  // as the five shows
  ReplayModel withFive(std::move(five), Rule::Freestyle);
  withFive.seek(9);
  EXPECT_FALSE(withFive.showsStatedResult());
  EXPECT_FALSE(ReplayModel(C02(), Rule::Freestyle).stated());
}

TEST(ReplayModel, ContinueFromHereStartsAtTheMoveShown) {
  ReplayModel m(C02(), Rule::Freestyle);
  m.seek(4);
  const std::optional<Game> g = m.continueGame(FoulPolicy::Refuse);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->ply(), 4);
  EXPECT_EQ(g->moves(), m.shown().moves());
  EXPECT_EQ(g->toMove(), Stone::Black);
  EXPECT_FALSE(g->over());
  m.seek(0);
  ASSERT_TRUE(m.continueGame(FoulPolicy::Refuse));
  EXPECT_EQ(m.continueGame(FoulPolicy::Refuse)->ply(), 0);
}

TEST(ReplayModel, ContinueFromTheFiveIsAGameOver) {
  ReplayModel m(C02(), Rule::Freestyle);
  m.seek(9);
  const std::optional<Game> g = m.continueGame(FoulPolicy::Refuse);
  ASSERT_TRUE(g);
  EXPECT_TRUE(g->over());  // the controller says "go back a move"
}

TEST(ReplayModel, ContinueUnderRenjuUsesTheFoulPolicyGiven) {
  Record r = C02();
  r.moves.resize(2);
  ReplayModel m(std::move(r), Rule::Renju);
  m.seek(2);
  const std::optional<Game> g = m.continueGame(FoulPolicy::Refuse);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->rule(), Rule::Renju);
  EXPECT_EQ(g->foulPolicy(), FoulPolicy::Refuse);
  EXPECT_EQ(m.shown().foulPolicy(), FoulPolicy::Lose);  // the replay shows fouls as losses
}

// Issue 18: a renju record that states its foul policy (SGF XF[]) is replayed and continued
// with it, whatever the local games' setting.
TEST(ReplayModel, ARecordsFoulPolicyWinsOverTheLocalOne) {
  Record r = C02();
  r.moves.resize(2);
  r.foul = FoulPolicy::Refuse;
  ReplayModel m(std::move(r), Rule::Renju);
  m.seek(2);
  EXPECT_EQ(m.shown().foulPolicy(), FoulPolicy::Refuse);
  const std::optional<Game> g = m.continueGame(FoulPolicy::Lose);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->foulPolicy(), FoulPolicy::Refuse);
}

TEST(ReplayModel, ARuleTheBoardCannotTakeIsRefused) {
  Record r = C02();
  r.size = 19;
  EXPECT_THROW(ReplayModel(r, Rule::Renju), std::invalid_argument);  // renju needs 15x15
  EXPECT_NO_THROW(ReplayModel(r, Rule::Freestyle));
}

// Soosõrv-8: the second player swaps after move 3 (and so plays Black), eight 5th moves are
// offered and White (the first player) picks the third; then two more moves.
Record SoosorvRecord() {
  Opening o(OpeningRule::Soosorv8, 15, Rule::Renju);
  for (Point p : {Point{7, 7}, Point{8, 6}, Point{9, 9}})
    EXPECT_EQ(o.place(Seat::First, p), OpeningError::None);
  EXPECT_EQ(o.choose(Seat::Second, OpeningChoice::Swap), OpeningError::None);
  EXPECT_EQ(o.place(Seat::First, {0, 14}), OpeningError::None);
  EXPECT_EQ(o.declare(Seat::First, 8), OpeningError::None);
  EXPECT_EQ(o.choose(Seat::Second, OpeningChoice::Keep), OpeningError::None);
  EXPECT_EQ(
      o.offer(Seat::Second, {{5, 8}, {9, 4}, {6, 10}, {10, 6}, {11, 11}, {3, 3}, {12, 2}, {4, 12}}),
      OpeningError::None);
  EXPECT_EQ(o.pick(Seat::First, {6, 10}), OpeningError::None);
  Record r;
  r.rule = Rule::Renju;
  r.openingRule = OpeningRule::Soosorv8;
  r.openingLog = o.history();
  r.moves = o.game().moves();
  r.moves.push_back({1, 1});
  r.moves.push_back({2, 2});
  r.black = "Bob";  // the second player, Black after the swap
  r.white = "Alice";
  return r;
}

TEST(ReplayModel, TellsTheOpeningsDecisionsAtTheirMoves) {
  ReplayModel m(SoosorvRecord(), Rule::Renju);
  EXPECT_EQ(m.openingRule(), OpeningRule::Soosorv8);
  ASSERT_EQ(m.decisions().size(), 5u);  // swap, declare, keep, offer, pick
  EXPECT_TRUE(m.decisionsAt(2).empty());
  const std::vector<ReplayDecision> swap = m.decisionsAt(3);
  ASSERT_EQ(swap.size(), 1u);
  EXPECT_EQ(swap[0].entry.choice, OpeningChoice::Swap);
  EXPECT_EQ(swap[0].entry.seat, Seat::Second);
  EXPECT_EQ(swap[0].colour, Stone::Black);  // Bob, PB
  const std::vector<ReplayDecision> four = m.decisionsAt(4);
  ASSERT_EQ(four.size(), 3u);
  EXPECT_EQ(four[0].entry.kind, OpeningEntryKind::Declare);
  EXPECT_EQ(four[0].entry.count, 8);
  EXPECT_EQ(four[0].colour, Stone::White);  // Alice declared
  EXPECT_EQ(four[2].entry.kind, OpeningEntryKind::Offer);
  const std::vector<ReplayDecision> five = m.decisionsAt(5);
  ASSERT_EQ(five.size(), 1u);
  EXPECT_EQ(five[0].entry.kind, OpeningEntryKind::Pick);
  EXPECT_EQ(five[0].chosen, 3);
  EXPECT_EQ(five[0].offered, 8);
  EXPECT_EQ(five[0].colour, Stone::White);
  // The alternatives on the board: as they are offered (move 4) and with the one chosen (5).
  for (int ply : {0, 3, 6, 7}) {
    ASSERT_TRUE(m.seek(ply));
    EXPECT_TRUE(m.alternativesShown().empty()) << ply;
  }
  for (int ply : {4, 5}) {
    ASSERT_TRUE(m.seek(ply));
    EXPECT_EQ(m.alternativesShown().size(), 8u) << ply;
  }
  // Moves 1-4 were placed by the first player, White once the second swapped; the 5th is the
  // one Black offered that White chose; 6 is normal play.
  EXPECT_EQ(m.placedBy(1), Stone::White);
  EXPECT_EQ(m.placedBy(3), Stone::White);
  EXPECT_EQ(m.placedBy(4), Stone::White);
  EXPECT_EQ(m.placedBy(5), Stone::Black);
  EXPECT_EQ(m.placedBy(6), Stone::Empty);
  EXPECT_EQ(m.placedBy(0), Stone::Empty);
  // A record without an opening, or one whose log the rule refuses from some point on.
  EXPECT_TRUE(ReplayModel(C02(), Rule::Freestyle).decisions().empty());
  Record bad = SoosorvRecord();
  bad.openingLog[3].seat = Seat::First;  // the swap by the wrong seat: nothing from there on
  EXPECT_TRUE(ReplayModel(std::move(bad), Rule::Renju).decisions().empty());
}

}  // namespace
}  // namespace gomoku::app
