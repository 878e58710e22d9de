// Opening rules in SGF records (our XO[] and XD[] properties, the 5th-move alternatives as
// variations): round trips of each rule, files of other programs unchanged, and a bad or
// inconsistent opening log refused with its line. Points are (x, y), 0-based, y from the top.
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

#include "core/opening.h"
#include "record/sgf.h"

using namespace gomoku;

namespace {

constexpr Seat F = Seat::First;
constexpr Seat S = Seat::Second;

std::string errorOf(const std::string& text) {
  try {
    readSgf(text);
  } catch (const RecordError& e) {
    return e.what();
  }
  return "";
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// A record of the opening `o` (done) and then `more` moves, Black and White named.
Record recordOf(const Opening& o, const std::vector<Point>& more, const std::string& black,
                const std::string& white) {
  Record r;
  r.rule = o.game().rule();
  r.openingRule = o.rule();
  r.openingLog = o.history();
  r.moves = o.game().moves();
  r.moves.insert(r.moves.end(), more.begin(), more.end());
  r.black = black;
  r.white = white;
  r.result = RecordResult::Black;
  r.resultText = "B+T";
  return r;
}

void expectRoundTrip(const Record& r) {
  const std::string text = writeSgf(r);
  const Record back = readSgf(text);
  EXPECT_EQ(back.openingRule, r.openingRule) << text;
  EXPECT_EQ(back.openingLog, r.openingLog) << text;
  EXPECT_EQ(back.moves, r.moves) << text;
  EXPECT_EQ(back.black, r.black);
  EXPECT_EQ(back.white, r.white);
  EXPECT_EQ(back.resultText, "B+T");
  for (const auto& [name, value] : back.properties)  // XO and XD are not left over as unknown
    EXPECT_TRUE(name != "XO" && name != "XD") << name;
  EXPECT_EQ(writeSgf(back), text);
}

// Soosõrv-8 up to the alternatives: 1-3 by the first player, kept, White's 4th at (0,14).
Opening soosorvToOffer(int n) {
  Opening o(OpeningRule::Soosorv8, 15, Rule::Renju);
  for (Point p : {Point{7, 7}, Point{8, 6}, Point{9, 9}})
    EXPECT_EQ(o.place(F, p), OpeningError::None);
  EXPECT_EQ(o.choose(S, OpeningChoice::Keep), OpeningError::None);
  EXPECT_EQ(o.place(S, {0, 14}), OpeningError::None);
  EXPECT_EQ(o.declare(S, n), OpeningError::None);
  EXPECT_EQ(o.choose(F, OpeningChoice::Keep), OpeningError::None);
  return o;
}

const std::vector<Point> kEight = {{5, 8},   {9, 4}, {6, 10}, {10, 6},
                                   {11, 11}, {3, 3}, {12, 2}, {4, 12}};

}  // namespace

TEST(SgfOpening, SwapTheSecondPlayerTookBlack) {
  Opening o(OpeningRule::Swap);
  for (Point p : {Point{7, 7}, Point{8, 7}, Point{7, 8}})
    ASSERT_EQ(o.place(F, p), OpeningError::None);
  ASSERT_EQ(o.choose(S, OpeningChoice::TakeBlack), OpeningError::None);
  ASSERT_TRUE(o.done());
  // The second player, Bob, took Black: PB names him, the player who played Black.
  const Record r = recordOf(o, {{6, 6}, {9, 9}}, "Bob", "Alice");
  const std::string text = writeSgf(r);
  EXPECT_NE(text.find("XO[swap]"), std::string::npos) << text;
  EXPECT_NE(text.find("XD[1:place:hh][1:place:ih][1:place:hi][2:black]"), std::string::npos)
      << text;
  EXPECT_NE(text.find("PB[Bob]PW[Alice]"), std::string::npos) << text;
  EXPECT_EQ(count(text, "("), 1) << text;  // no variations without alternatives
  expectRoundTrip(r);
  const Record back = readSgf(text);
  const OpeningReplay again =
      replayOpening(*back.openingRule, back.size, Rule::Freestyle, back.openingLog);
  EXPECT_EQ(again.opening.seatOf(Stone::Black), S);
}

TEST(SgfOpening, Swap2PlaceTwoThenTheFirstTakesWhite) {
  Opening o(OpeningRule::Swap2);
  for (Point p : {Point{7, 7}, Point{8, 7}, Point{7, 8}})
    ASSERT_EQ(o.place(F, p), OpeningError::None);
  ASSERT_EQ(o.choose(S, OpeningChoice::PlaceTwo), OpeningError::None);
  ASSERT_EQ(o.place(S, {6, 6}), OpeningError::None);
  ASSERT_EQ(o.place(S, {9, 9}), OpeningError::None);
  ASSERT_EQ(o.choose(F, OpeningChoice::TakeWhite), OpeningError::None);
  const Record r = recordOf(o, {{10, 10}}, "Bob", "Alice");
  const std::string text = writeSgf(r);
  EXPECT_NE(text.find("[2:two][2:place:gg][2:place:jj][1:white]"), std::string::npos) << text;
  expectRoundTrip(r);
}

TEST(SgfOpening, SoosorvEightWithEightAlternativesAndTheOthersAsVariations) {
  Opening o = soosorvToOffer(8);
  ASSERT_EQ(o.offer(F, kEight), OpeningError::None);
  ASSERT_EQ(o.pick(S, {10, 6}), OpeningError::None);
  Record r = recordOf(o, {{1, 1}, {2, 2}}, "Alice", "Bob");
  r.foul = FoulPolicy::Lose;
  r.comments = {{5, "the 5th"}, {7, "last"}};
  const std::string text = writeSgf(r);
  EXPECT_NE(text.find("XO[soosorv8]"), std::string::npos) << text;
  EXPECT_NE(text.find("[2:declare:8][1:keep][1:offer:fi,je,gk,kg,ll,dd,mc,em][2:pick:kg]"),
            std::string::npos)
      << text;
  // Move 5 branches: the move chosen goes on with the game, the seven others stand alone.
  EXPECT_NE(text.find("(;B[kg]C[the 5th];W[bb];B[cc]C[last])"), std::string::npos) << text;
  EXPECT_EQ(count(text, "\n(;B["), 8) << text;
  for (const char* alt :
       {"(;B[fi])", "(;B[je])", "(;B[gk])", "(;B[ll])", "(;B[dd])", "(;B[mc])", "(;B[em])"})
    EXPECT_NE(text.find(alt), std::string::npos) << alt << " in " << text;
  EXPECT_EQ(text.find("(;B[kg])"), std::string::npos) << text;
  expectRoundTrip(r);
  const Record back = readSgf(text);
  EXPECT_EQ(back.comments.size(), 2u);
  EXPECT_EQ(back.foul, FoulPolicy::Lose);
}

TEST(SgfOpening, TaraguchiTenSwapsThenTenAlternatives) {
  Opening o(OpeningRule::Taraguchi10, 15, Rule::Renju);
  ASSERT_EQ(o.place(F, {7, 7}), OpeningError::None);
  ASSERT_EQ(o.choose(S, OpeningChoice::Swap), OpeningError::None);  // the second is Black
  ASSERT_EQ(o.place(F, {8, 7}), OpeningError::None);
  ASSERT_EQ(o.choose(S, OpeningChoice::Keep), OpeningError::None);
  ASSERT_EQ(o.place(S, {9, 9}), OpeningError::None);
  ASSERT_EQ(o.choose(F, OpeningChoice::Keep), OpeningError::None);
  ASSERT_EQ(o.place(F, {10, 4}), OpeningError::None);
  ASSERT_EQ(o.choose(S, OpeningChoice::Keep), OpeningError::None);
  ASSERT_EQ(o.choose(S, OpeningChoice::TenFifths), OpeningError::None);
  std::vector<Point> ten;
  for (int i = 0; i < 10; ++i) ten.push_back({i, 14});
  ASSERT_EQ(o.offer(S, ten), OpeningError::None);
  ASSERT_EQ(o.pick(F, {3, 14}), OpeningError::None);
  const Record r = recordOf(o, {{2, 2}}, "Bob", "Alice");
  const std::string text = writeSgf(r);
  EXPECT_NE(text.find("XO[taraguchi10]"), std::string::npos) << text;
  EXPECT_NE(text.find("[1:place:hh][2:swap][1:place:ih]"), std::string::npos) << text;
  EXPECT_EQ(count(text, "\n(;B["), 10) << text;
  expectRoundTrip(r);

  // The single 5th move within the 9x9 instead, swapped back after it: no variations.
  Opening one(OpeningRule::Taraguchi10, 15, Rule::Renju);
  for (const OpeningEntry& e : o.history()) {
    if (e.kind == OpeningEntryKind::Choose && e.choice == OpeningChoice::TenFifths) break;
    ASSERT_EQ(one.apply(e), OpeningError::None);
  }
  ASSERT_EQ(one.choose(S, OpeningChoice::OneFifth), OpeningError::None);
  ASSERT_EQ(one.place(S, {11, 7}), OpeningError::None);
  ASSERT_EQ(one.choose(F, OpeningChoice::Swap), OpeningError::None);
  const Record single = recordOf(one, {}, "Alice", "Bob");
  EXPECT_EQ(count(writeSgf(single), "("), 1);
  expectRoundTrip(single);
}

TEST(SgfOpening, AnOpeningCutShortKeepsItsStonesAndNothingMore) {
  Opening o = soosorvToOffer(2);  // the alternatives not offered yet
  Record r = recordOf(o, {}, "Alice", "Bob");
  r.result.reset();
  r.resultText.clear();
  const Record back = readSgf(writeSgf(r));
  EXPECT_EQ(back.openingLog, r.openingLog);
  EXPECT_EQ(back.moves.size(), 4u);
}

TEST(SgfOpening, FilesWithoutOurPropertiesReadAsBefore) {
  const std::string plain =
      "(;GM[4]FF[4]SZ[15]RU[renju]PB[A]PW[B]5A[I9]\n;B[hh];W[ig];B[jj];W[ao]\n(;B[kg];W[bb])(;B[fi]"
      "))";
  const Record r = readSgf(plain);
  EXPECT_FALSE(r.openingRule);
  EXPECT_TRUE(r.openingLog.empty());
  EXPECT_EQ(r.moves.size(), 6u);  // the main line: the first variation
  ASSERT_EQ(r.properties.size(), 2u);
  EXPECT_EQ(r.properties[1].first, "5A");
  // XO and XD on a node other than the root are not ours to judge: ignored, as any such.
  const Record inner = readSgf("(;GM[4];B[hh]XO[nonsense]XD[x];W[ig])");
  EXPECT_FALSE(inner.openingRule);
  EXPECT_TRUE(inner.properties.empty());
}

TEST(SgfOpening, ABadOrInconsistentLogNamesItsLine) {
  const std::string head = "(;GM[4]FF[4]SZ[15]RU[renju]XO[soosorv8]\n";
  const std::string moves = "\n;B[hh];W[ig];B[jj];W[ao];B[kg];W[bb])";  // moves on line 3
  const std::string good =
      "XD[1:place:hh][1:place:ig][1:place:jj][2:keep][2:place:ao][2:declare:2]"
      "[1:keep][1:offer:fi,kg][2:pick:kg]";
  EXPECT_EQ(errorOf(head + good + moves), "");
  EXPECT_EQ(errorOf("(;GM[4]XO[yamaguchi];B[hh])"), "line 1: XO[yamaguchi] is not an opening rule");
  EXPECT_EQ(errorOf("(;GM[4]\nXD[1:place:hh];B[hh])"),
            "line 2: XD[] without XO[]: no opening rule is stated");
  EXPECT_EQ(errorOf("(;GM[4]SZ[16]\nXO[soosorv8]XD[1:place:hh];B[hh])"),
            "line 2: the opening rule soosorv8 cannot be played on a 16x16 board");
  // One value a line: the error names the line of the value at fault.
  std::string split = good;
  for (std::size_t at = split.find("]["); at != std::string::npos; at = split.find("][", at + 3))
    split.replace(at, 2, "]\n[");
  EXPECT_EQ(errorOf(head + split + moves), "");
  for (const auto& [from, to, message] :
       std::vector<std::tuple<std::string, std::string, std::string>>{
           {"[1:place:jj]", "[1:put:jj]", "line 4: XD[1:put:jj] is not an opening decision"},
           {"[1:place:jj]", "[3:place:jj]", "line 4: XD[3:place:jj] is not an opening decision"},
           {"[2:declare:2]", "[2:declare:x]", "line 7: XD[2:declare:x] is not an opening decision"},
           {"[1:offer:fi,kg]", "[1:offer:fi,zz]",
            "line 9: XD[1:offer:fi,zz] is not an opening decision"},
           {"[2:keep]", "[1:keep]",
            "line 5: opening decision 4, XD[1:keep], does not follow the soosorv8 opening rule"},
           {"[2:declare:2]", "[2:declare:3]",
            "line 9: opening decision 8, XD[1:offer:fi,kg], does not follow the soosorv8 "
            "opening rule"},
           {"[2:pick:kg]", "[2:pick:fi]",
            "line 10: opening decision 9, XD[2:pick:fi], is not move 5 of the record"},
           {"[1:place:ig]", "[1:place:hg]",
            "line 3: opening decision 2, XD[1:place:hg], is not move 2 of the record"},
       }) {
    std::string text = head + split + moves;  // the head is line 1, the values lines 2..10
    text.replace(text.find(from), from.size(), to);
    EXPECT_EQ(errorOf(text), message) << text;
  }
  // Moves after an unfinished opening; fewer moves than the opening's stones.
  EXPECT_EQ(errorOf(head + "XD[1:place:hh][1:place:ig]\n;B[hh];W[ig];B[jj])"),
            "line 3: moves follow an opening that is not finished");
  EXPECT_EQ(errorOf(head + "XD[1:place:hh][1:place:ig][1:place:jj]\n;B[hh];W[ig])"),
            "line 2: the opening places 3 stones but the record has 2 moves");
}
