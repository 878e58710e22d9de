#include <gtest/gtest.h>

#include "core/notation.h"

using namespace gomoku;

TEST(Notation, RifCountsRowsFromTheBottomAndIncludesI) {
  EXPECT_EQ(toRif({7, 7}, 15), "h8");
  EXPECT_EQ(toRif({0, 14}, 15), "a1");
  EXPECT_EQ(toRif({0, 0}, 15), "a15");
  EXPECT_EQ(toRif({8, 0}, 15), "i15");  // i is a column letter in RIF notation
  EXPECT_EQ(toRif({14, 14}, 15), "o1");
  EXPECT_EQ(toRif({19, 0}, 20), "t20");
}

// Issue 18: people read "l10" as "110". What people read names a point with a capital letter,
// as the boards label their columns; records keep toRif()'s lowercase.
TEST(Notation, PointNamesForPeopleUseCapitalLetters) {
  EXPECT_EQ(pointName({11, 5}, 15), "L10");
  EXPECT_EQ(pointName({7, 7}, 15), "H8");
  EXPECT_EQ(pointName({8, 0}, 15), "I15");
  EXPECT_EQ(pointName({14, 14}, 15), "O1");
  EXPECT_EQ(columnLetter(0), 'A');
  EXPECT_EQ(columnLetter(14), 'O');
  for (int size : {15, 20})
    for (int y = 0; y < size; ++y)
      for (int x = 0; x < size; ++x)
        EXPECT_EQ(parsePoint(pointName({x, y}, size), size), (Point{x, y}));
}

TEST(Notation, ParsesBothConventions) {
  EXPECT_EQ(parsePoint("h8", 15), (Point{7, 7}));
  EXPECT_EQ(parsePoint("H8", 15), (Point{7, 7}));
  EXPECT_EQ(parsePoint(" i9 ", 15), (Point{8, 6}));
  EXPECT_EQ(parsePoint("a1", 15), (Point{0, 14}));
  EXPECT_EQ(parsePoint("o15", 15), (Point{14, 0}));
  EXPECT_EQ(parsePoint("7,7", 15), (Point{7, 7}));
  EXPECT_EQ(parsePoint("3, 12", 15), (Point{3, 12}));
}

TEST(Notation, RoundTripsEveryPoint) {
  for (int size : {5, 15, 20, 25})
    for (int y = 0; y < size; ++y)
      for (int x = 0; x < size; ++x) {
        EXPECT_EQ(parsePoint(toRif({x, y}, size), size), (Point{x, y}));
        EXPECT_EQ(parsePoint(toXY({x, y}), size), (Point{x, y}));
      }
}

TEST(Notation, RefusesWhatIsNotAPoint) {
  for (const char* bad :
       {"", "  ", "h", "8", "h0", "hh", "7,", ",7", "7;7", "7,7,7", "-1,0", "h8x", "1234,1", "+"})
    EXPECT_FALSE(parsePoint(bad, 15).has_value()) << bad;
}

TEST(Notation, OffBoardTextParsesButLiesOutside) {
  auto p = parsePoint("p16", 15);
  ASSERT_TRUE(p);
  EXPECT_EQ(*p, (Point{15, -1}));
  EXPECT_EQ(parsePoint("15,3", 15), (Point{15, 3}));
}
