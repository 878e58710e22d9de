// Game: turn order, move errors, results. Cases C01, C02, C03, C06, C07, C08, C09 come from
// ../shared/cases/bug-reports-1.md (points are (x,y), 0-based, y from the top).
#include <gtest/gtest.h>

#include <algorithm>

#include "common/print.h"
#include "core/game.h"

using namespace gomoku;

namespace {

// White's filler moves "Wf" of the cases file: they never form a line.
const std::vector<Point> kFillers = {{0, 0}, {2, 0}, {4, 0}, {6, 0}, {8, 0}, {10, 0}};

// Plays Black's points with the fillers in between (B, Wf, B, Wf, ...).
void playWithFillers(Game& g, const std::vector<Point>& black) {
  for (std::size_t i = 0; i < black.size(); ++i) {
    ASSERT_EQ(g.play(black[i]), MoveError::None) << "black move " << i;
    if (i + 1 < black.size()) {
      ASSERT_EQ(g.play(kFillers[i]), MoveError::None) << "filler " << i;
    }
  }
}

// Plays the moves alternately, Black first; stops at the first refusal.
void playAll(Game& g, const std::vector<Point>& moves) {
  for (const Point& p : moves) ASSERT_EQ(g.play(p), MoveError::None) << p.x << "," << p.y;
}

}  // namespace

TEST(Game, BlackMovesFirstAndColoursAlternate) {
  Game g;
  EXPECT_EQ(g.toMove(), Stone::Black);
  EXPECT_EQ(g.play({7, 7}), MoveError::None);
  EXPECT_EQ(g.toMove(), Stone::White);
  EXPECT_EQ(g.board().at({7, 7}), Stone::Black);
  EXPECT_EQ(g.play({8, 8}, Stone::Black), MoveError::NotYourTurn);
  EXPECT_EQ(g.play({8, 8}, Stone::White), MoveError::None);
  EXPECT_EQ(g.ply(), 2);
  ASSERT_NE(g.lastMove(), nullptr);
  EXPECT_EQ(*g.lastMove(), (Point{8, 8}));
}

TEST(Game, UnsupportedRuleAndBadSizeAreRefused) {
  EXPECT_THROW(Game(19, Rule::Renju), std::invalid_argument);  // renju is played on 15x15
  EXPECT_NO_THROW(Game(15, Rule::Renju));
  EXPECT_THROW(Game(3, Rule::Freestyle), std::invalid_argument);
}

TEST(Game, C01_WinAtTheEdgeOfTheBoard) {
  const std::vector<std::vector<Point>> lines = {
      {{0, 14}, {1, 14}, {2, 14}, {3, 14}, {4, 14}},       // (a) last row
      {{14, 10}, {14, 11}, {14, 12}, {14, 13}, {14, 14}},  // (b) last column
      {{14, 0}, {13, 1}, {12, 2}, {11, 3}, {10, 4}},       // (c) anti-diagonal from the last column
      {{0, 14}, {1, 13}, {2, 12}, {3, 11}, {4, 10}},       // (d) anti-diagonal from the last row
      {{10, 10}, {11, 11}, {12, 12}, {13, 13}, {14, 14}},  // (e) diagonal into the corner
  };
  for (Rule rule : {Rule::Freestyle, Rule::Standard}) {
    for (std::size_t i = 0; i < lines.size(); ++i) {
      for (bool middleLast : {false, true}) {
        SCOPED_TRACE("C01 line " + std::to_string(i) +
                     (middleLast ? " middle last " : " in order ") + ruleName(rule));
        std::vector<Point> order = lines[i];
        if (middleLast) order = {order[0], order[1], order[3], order[4], order[2]};
        Game g(15, rule);
        playWithFillers(g, order);
        EXPECT_EQ(g.ply(), 9);
        EXPECT_EQ(g.result().outcome, Outcome::BlackWins);
        EXPECT_EQ(g.result().reason, EndReason::Five);
        auto line = g.result().line;
        auto expected = lines[i];
        auto byXY = [](Point a, Point b) { return a.x != b.x ? a.x < b.x : a.y < b.y; };
        std::sort(line.begin(), line.end(), byXY);
        std::sort(expected.begin(), expected.end(), byXY);
        EXPECT_EQ(line, expected);
      }
    }
  }
}

TEST(Game, C02_FiveByFillingAGapWinsAtOnceAndEndsTheGame) {
  Game g;
  playAll(g, {{3, 7}, {0, 0}, {4, 7}, {2, 0}, {6, 7}, {4, 0}, {7, 7}, {6, 0}, {5, 7}});
  EXPECT_EQ(g.ply(), 9);
  EXPECT_EQ(g.result().outcome, Outcome::BlackWins);
  EXPECT_EQ(g.result().line.size(), 5u);
  // Nothing more is accepted, for either colour.
  EXPECT_EQ(g.play({10, 10}), MoveError::GameOver);
  EXPECT_EQ(g.play({10, 10}, Stone::White), MoveError::GameOver);
  EXPECT_EQ(g.ply(), 9);
  EXPECT_EQ(g.board().at({10, 10}), Stone::Empty);
}

TEST(Game, C03_OverlineUnderEachRuleSet) {
  const std::vector<Point> blackLine = {{3, 7}, {4, 7}, {5, 7}, {7, 7}, {8, 7}, {6, 7}};
  {
    Game g(15, Rule::Freestyle);
    playWithFillers(g, blackLine);
    EXPECT_EQ(g.result().outcome, Outcome::BlackWins) << "C03 freestyle: six wins";
    EXPECT_EQ(g.result().line.size(), 6u);
  }
  {
    Game g(15, Rule::Standard);
    playWithFillers(g, blackLine);
    EXPECT_EQ(g.result().outcome, Outcome::Ongoing) << "C03 standard: six is no win";
    EXPECT_EQ(g.toMove(), Stone::White);
  }
  // Colours swapped: Black plays the fillers, White the line.
  std::vector<Point> swapped;
  for (std::size_t i = 0; i < blackLine.size(); ++i) {
    swapped.push_back(kFillers[i]);
    swapped.push_back(blackLine[i]);
  }
  {
    Game g(15, Rule::Freestyle);
    playAll(g, swapped);
    EXPECT_EQ(g.result().outcome, Outcome::WhiteWins) << "C03 swapped, freestyle";
  }
  {
    Game g(15, Rule::Standard);
    playAll(g, swapped);
    EXPECT_EQ(g.result().outcome, Outcome::Ongoing) << "C03 swapped, standard";
    EXPECT_EQ(g.toMove(), Stone::Black);
  }
}

TEST(Game, C06_OccupiedAndOffBoardMovesChangeNothing) {
  Game g;
  ASSERT_EQ(g.play({7, 7}), MoveError::None);
  const Board before = g.board();
  EXPECT_EQ(g.play({7, 7}), MoveError::Occupied);  // White clicks Black's stone
  EXPECT_EQ(g.play({15, 3}), MoveError::OffBoard);
  EXPECT_EQ(g.play({-1, 0}), MoveError::OffBoard);
  EXPECT_EQ(g.play({3, 15}), MoveError::OffBoard);
  EXPECT_EQ(g.board(), before);
  EXPECT_EQ(g.board().at({7, 7}), Stone::Black);
  EXPECT_EQ(g.toMove(), Stone::White);
  EXPECT_EQ(g.ply(), 1);
  // A double click: the second click on the same point is refused and the turn stays.
  ASSERT_EQ(g.play({8, 8}), MoveError::None);
  EXPECT_EQ(g.play({8, 8}), MoveError::Occupied);
  EXPECT_EQ(g.board().at({8, 8}), Stone::White);
  EXPECT_EQ(g.toMove(), Stone::Black);
  EXPECT_EQ(g.ply(), 2);
}

TEST(Game, C07_FullBoardWithoutFiveIsADraw) {
  std::vector<Point> black, white;
  for (int y = 0; y < 15; ++y)
    for (int x = 0; x < 15; ++x) {
      const bool isBlack = (x + y / 3) % 2 == 0 && !(x == 0 && y == 0);
      (isBlack ? black : white).push_back({x, y});
    }
  ASSERT_EQ(black.size(), 113u);
  ASSERT_EQ(white.size(), 112u);
  Game g(15, Rule::Freestyle);
  for (std::size_t i = 0; i < black.size(); ++i) {
    ASSERT_EQ(g.play(black[i]), MoveError::None);
    ASSERT_FALSE(g.over() && i + 1 < black.size()) << "ended early at black move " << i;
    if (i < white.size()) {
      ASSERT_EQ(g.play(white[i]), MoveError::None);
    }
  }
  EXPECT_EQ(g.ply(), 225);
  EXPECT_EQ(g.result().outcome, Outcome::Draw);
  EXPECT_EQ(g.result().reason, EndReason::FullBoard);
  EXPECT_EQ(g.play({0, 0}), MoveError::GameOver);
}

TEST(Game, C08_UndoneStonesNeverCountAgain) {
  Game g;
  playAll(g, {{3, 7}, {0, 0}, {4, 7}, {2, 0}, {5, 7}, {4, 0}, {6, 7}, {6, 0}});
  ASSERT_TRUE(g.undo());  // W(6,0)
  ASSERT_TRUE(g.undo());  // B(6,7)
  EXPECT_EQ(g.toMove(), Stone::Black);
  EXPECT_EQ(g.board().at({6, 7}), Stone::Empty);
  playAll(g, {{10, 10}, {8, 0}, {7, 7}});
  EXPECT_EQ(g.result().outcome, Outcome::Ongoing);
  EXPECT_EQ(g.play({6, 7}), MoveError::None);  // (6,7) is playable (by White now)
  EXPECT_EQ(g.board().at({6, 7}), Stone::White);
}

TEST(Game, C09_UndoAfterTheWinReopensTheGameCleanly) {
  Game g;
  playAll(g, {{3, 7}, {0, 0}, {4, 7}, {2, 0}, {6, 7}, {4, 0}, {7, 7}, {6, 0}, {5, 7}});
  ASSERT_EQ(g.result().outcome, Outcome::BlackWins);
  ASSERT_TRUE(g.undo());
  EXPECT_EQ(g.result().outcome, Outcome::Ongoing);
  EXPECT_TRUE(g.result().line.empty());
  EXPECT_EQ(g.toMove(), Stone::Black);  // the stones left: 4 black, 4 white
  EXPECT_EQ(g.play({10, 10}), MoveError::None);
  EXPECT_EQ(g.result().outcome, Outcome::Ongoing);
  // Undo down to move 0, then once more does nothing.
  while (g.undo()) {
  }
  EXPECT_EQ(g.ply(), 0);
  EXPECT_EQ(g.board().stoneCount(), 0);
  EXPECT_FALSE(g.undo());
}

TEST(Game, EndFromOutsideKeepsTheBoardAndCannotBeUndone) {
  Game g;
  playAll(g, {{7, 7}, {8, 8}});
  g.end(Outcome::Interrupted, EndReason::Disconnected, "the opponent closed the connection");
  EXPECT_TRUE(g.over());
  EXPECT_EQ(g.board().stoneCount(), 2);
  EXPECT_EQ(g.play({1, 1}), MoveError::GameOver);
  EXPECT_FALSE(g.undo());
  g.end(Outcome::BlackWins, EndReason::Resignation);  // ignored: already over
  EXPECT_EQ(g.result().outcome, Outcome::Interrupted);
  EXPECT_EQ(describeResult(g.result()), "Game interrupted: the opponent closed the connection.");
}
