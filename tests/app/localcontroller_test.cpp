// LocalController with a fake window (FrameServices): what a hot-seat game says in the status
// bar, what it shows and saves, through moves, undo, redo and restart. Cases C08 (a takeback
// leaves no phantom stone) and C09 (a takeback after a five reopens the game).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/computerdialog.h"
#include "app/gamerecords.h"
#include "app/localcontroller.h"
#include "record/sgf.h"

namespace gomoku::app {

// The dialog's level names are not under test (computerdialog.cpp needs a display).
wxString LevelName(int level) {
  return wxString::Format("Level %d", level);
}

namespace {

// The window, as a record of what the controller asked of it.
struct FakeFrame : FrameServices {
  GameController* controller = nullptr;
  std::vector<std::string> statuses;
  std::vector<std::string> refused;
  std::vector<int> shownPlies;  // ShownGame().ply() at each ShowState
  std::vector<int> savedPlies;  // the game's moves at each automatic save
  TimeControl savedClock;       // the clock of the last automatic save
  GameOpening savedOpening;     // the opening of the last automatic save
  int replaced = 0;

  wxWindow* Window() override { return nullptr; }
  void ShowState() override { shownPlies.push_back(controller->ShownGame().ply()); }
  void SetStatus(const wxString& sentence) override { statuses.push_back(sentence.utf8_string()); }
  void RefuseMove(Point, const wxString& sentence) override {
    refused.push_back(sentence.utf8_string());
  }
  ReportObserver* Report() override { return nullptr; }
  void GameReplaced(bool) override { ++replaced; }
  bool ConfirmLeave(const wxString&) override { return true; }
  void AutoSave(const Game& game, const wxString&, const wxString&, const std::vector<int>&,
                const TimeControl& clock, const GameOpening& opening, wxString& path) override {
    savedPlies.push_back(game.ply());
    savedClock = clock;
    savedOpening = opening;
    path = "saved.sgf";
  }
  std::string Status() const { return statuses.empty() ? "" : statuses.back(); }
};

struct Fixture {
  FakeFrame frame;
  LocalController local{frame, std::make_shared<bool>(true), Game()};
  Fixture() { frame.controller = &local; }
  void Play(std::initializer_list<Point> moves) {
    for (const Point& p : moves) local.OnBoardClick(p);
  }
};

}  // namespace

TEST(LocalController, MovesAndRefusalsAreSaid) {
  Fixture f;
  EXPECT_EQ(f.local.Kind(), GameKind::HotSeat);
  EXPECT_EQ(f.local.StartSentence(false).utf8_string(), "New local game: Black moves first.");
  EXPECT_FALSE(f.local.CanUndo());
  EXPECT_FALSE(f.local.CanRestart());
  f.Play({{7, 7}});
  EXPECT_EQ(f.frame.Status(), "Black played H8.");
  EXPECT_TRUE(f.local.BoardInteractive());
  f.Play({{7, 7}});
  ASSERT_EQ(f.frame.refused.size(), 1u);
  EXPECT_EQ(f.local.ShownGame().ply(), 1);
  EXPECT_EQ(f.local.SituationStatus().utf8_string(), "White to move.");
}

TEST(LocalController, C08_UndoAndRedoOnePlyEach) {
  Fixture f;
  f.Play({{3, 7}, {0, 0}, {4, 7}, {2, 0}});
  f.local.Undo();
  EXPECT_EQ(f.frame.Status(), "Took back White's C15.");
  EXPECT_EQ(f.local.ShownGame().ply(), 3);
  EXPECT_TRUE(f.local.CanRedo());
  f.local.Redo();
  EXPECT_EQ(f.frame.Status(), "White played C15 again.");
  EXPECT_EQ(f.local.ShownGame().ply(), 4);
  EXPECT_FALSE(f.local.CanRedo());
  SideInput in;
  f.local.FillSideInput(in);
  EXPECT_FALSE(in.redoable);
  EXPECT_EQ(in.computer, Stone::Empty);
  EXPECT_TRUE(f.frame.savedPlies.empty());  // nothing ended yet
}

TEST(LocalController, C09_TheFiveIsSavedAndItsTakebackReopensTheGame) {
  Fixture f;
  f.Play({{3, 7}, {0, 0}, {4, 7}, {1, 0}, {5, 7}, {2, 0}, {6, 7}, {3, 0}, {7, 7}});
  ASSERT_TRUE(f.local.ShownGame().over());
  EXPECT_EQ(f.frame.savedPlies, std::vector<int>{9});
  EXPECT_FALSE(f.local.BoardInteractive());
  f.local.Undo();
  EXPECT_EQ(f.frame.Status(), "Took back Black's H8: the game goes on.");
  EXPECT_FALSE(f.local.ShownGame().over());
  // The takeback is a change: leaving saves the game again, into the same file.
  f.local.Leave();
  EXPECT_EQ(f.frame.savedPlies, (std::vector<int>{9, 8}));
  f.local.Leave();  // nothing new
  EXPECT_EQ(f.frame.savedPlies.size(), 2u);
}

TEST(LocalController, AGameEndedByClosingCannotBeUndone) {
  Fixture f;
  f.Play({{7, 7}, {8, 8}});
  f.local.EndForClose();
  ASSERT_TRUE(f.local.ShownGame().over());
  EXPECT_TRUE(f.local.CanUndo());  // enabled, to say why not
  f.local.Undo();
  EXPECT_EQ(f.frame.Status(), "This game ended; it cannot be undone. Start a new game or restart.");
  EXPECT_EQ(f.local.ShownGame().ply(), 2);
}

TEST(LocalController, HotSeatSwap2OpeningThenNormalPlayWithItsStonesAndClocks) {
  Fixture f;
  f.local.StartOpening(OpeningRule::Swap2);
  TimeControl tc;
  tc.kind = ClockKind::Fischer;
  tc.baseMs = 60000;
  f.local.SetTimeControl(tc);
  ASSERT_NE(f.local.RunningOpening(), nullptr);
  EXPECT_TRUE(f.local.ClockRunning());  // the opening is timed
  SideInput start;
  f.local.FillSideInput(start);
  ASSERT_TRUE(start.blackClock);
  EXPECT_TRUE(start.blackClock->running);
  EXPECT_EQ(f.frame.Status(), "Swap2 \u2014 First player: place move 1 (Black) anywhere");
  EXPECT_FALSE(f.local.CanRestart());
  f.Play({{7, 7}, {8, 7}, {7, 8}});
  EXPECT_EQ(f.local.ShownGame().ply(), 3);
  EXPECT_FALSE(f.local.BoardInteractive());  // a choice now, with the banner's buttons
  EXPECT_FALSE(f.local.CanUndo());
  EXPECT_TRUE(f.local.CanRestart());
  EXPECT_EQ(f.frame.Status(),
            "Swap2 \u2014 Second player: take Black, take White, or place two more stones");
  SideInput in;
  f.local.FillSideInput(in);
  EXPECT_TRUE(in.opening);
  f.Play({{0, 0}});
  EXPECT_EQ(f.frame.refused.back(),
            "The opening does not ask for that now: see the banner over the board.");
  f.local.OnOpeningChoice(OpeningChoice::Swap);
  EXPECT_EQ(f.frame.Status(), "That choice is not offered now.");
  EXPECT_EQ(f.local.ShownGame().ply(), 3);
  f.local.OnOpeningChoice(OpeningChoice::TakeWhite);
  EXPECT_EQ(f.local.RunningOpening(), nullptr);
  EXPECT_EQ(f.frame.Status(),
            "The opening is over: the first player plays Black, the second White.");
  EXPECT_EQ(f.local.ShownGame().ply(), 3);
  EXPECT_TRUE(f.local.ClockRunning());
  EXPECT_FALSE(f.local.CanUndo());  // the opening's stones stay
  f.Play({{9, 9}});
  EXPECT_EQ(f.frame.Status(), "White played J6.");
  f.local.Undo();
  EXPECT_EQ(f.local.ShownGame().ply(), 3);
  EXPECT_FALSE(f.local.CanUndo());
  // Restart plays the opening again.
  f.local.Restart();
  ASSERT_NE(f.local.RunningOpening(), nullptr);
  EXPECT_EQ(f.local.ShownGame().ply(), 0);
  EXPECT_TRUE(f.local.ClockRunning());  // afresh
}

TEST(LocalController, TheOpeningAndItsSwapAreSavedWithTheGame) {
  Fixture f;
  f.local.StartOpening(OpeningRule::Swap);
  f.Play({{7, 7}, {8, 7}, {7, 8}});
  // While it runs, File > Save has its stones and decisions so far.
  Record during = f.local.ShownRecord();
  EXPECT_EQ(during.moves.size(), 3u);
  EXPECT_EQ(during.openingRule, OpeningRule::Swap);
  EXPECT_EQ(during.openingLog.size(), 3u);
  EXPECT_EQ(readSgf(writeSgf(during)).openingLog, during.openingLog);
  f.local.OnOpeningChoice(OpeningChoice::TakeBlack);  // the second player takes Black
  ASSERT_EQ(f.local.RunningOpening(), nullptr);
  f.Play({{9, 9}});
  const Record r = f.local.ShownRecord();
  EXPECT_EQ(r.moves.size(), 4u);
  EXPECT_EQ(r.openingRule, OpeningRule::Swap);
  ASSERT_EQ(r.openingLog.size(), 4u);
  EXPECT_EQ(
      r.openingLog.back(),
      (OpeningEntry{Seat::Second, OpeningEntryKind::Choose, {}, OpeningChoice::TakeBlack, 0}));
  const Record back = readSgf(writeSgf(r));
  EXPECT_EQ(back.openingLog, r.openingLog);
  EXPECT_EQ(back.moves, r.moves);
  // The automatic save as the game is left for a new one: the same opening.
  f.local.Restart();
  EXPECT_EQ(f.frame.savedPlies, std::vector<int>{4});
  EXPECT_EQ(f.frame.savedOpening.rule, OpeningRule::Swap);
  EXPECT_EQ(f.frame.savedOpening.log, r.openingLog);
  EXPECT_TRUE(f.local.ShownRecord().openingLog.empty());  // the new game's opening
}

TEST(LocalController, AnOpeningThatDoesNotFitTheRuleIsNone) {
  Fixture f;
  f.local.StartOpening(OpeningRule::Soosorv8);  // a renju rule, the game is freestyle
  EXPECT_EQ(f.local.RunningOpening(), nullptr);
  f.Play({{7, 7}});
  EXPECT_EQ(f.frame.Status(), "Black played H8.");
}

TEST(LocalController, RestartSavesTheOldGameAndStartsAnew) {
  Fixture f;
  f.Play({{7, 7}, {8, 8}});
  ASSERT_TRUE(f.local.CanRestart());
  f.local.Restart();
  EXPECT_EQ(f.frame.savedPlies, std::vector<int>{2});
  EXPECT_EQ(f.frame.replaced, 1);
  EXPECT_EQ(f.local.ShownGame().ply(), 0);
  EXPECT_FALSE(f.local.CanRedo());
  EXPECT_EQ(f.frame.Status(), "The game starts again: Black moves first.");
}

TEST(LocalController, AgainstTheComputerOurMoveWaitsForItsReply) {
  Fixture f;
  ComputerGameOptions o;
  o.colorChoice = 0;  // we play Black
  o.level = 1;
  f.local.StartComputer(o, "Alice");
  EXPECT_EQ(f.local.Kind(), GameKind::Computer);
  EXPECT_EQ(f.local.Computer(), Stone::White);
  EXPECT_EQ(f.local.PlayerName(Stone::Black).utf8_string(), "Alice");
  EXPECT_EQ(f.local.PlayerName(Stone::White).utf8_string(), "Computer (Level 1)");
  f.Play({{7, 7}});
  // The computer is to move (its answer never comes here): clicks are refused.
  EXPECT_TRUE(f.local.ComputerToMove());
  EXPECT_FALSE(f.local.BoardInteractive());
  EXPECT_FALSE(f.local.CanHint());
  f.Play({{8, 8}});
  ASSERT_EQ(f.frame.refused.size(), 1u);
  EXPECT_EQ(f.frame.refused[0], "The computer is thinking; wait for its move.");
  EXPECT_EQ(f.local.ShownGame().ply(), 1);
  // Undo while it thinks takes back our move only.
  f.local.Undo();
  EXPECT_EQ(f.frame.Status(), "Took back Black's H8.");
  EXPECT_EQ(f.local.ShownGame().ply(), 0);
  EXPECT_FALSE(f.local.ComputerToMove());
  // The user has no move on the board: nothing to save.
  f.local.Leave();
  EXPECT_TRUE(f.frame.savedPlies.empty());
}

TEST(LocalController, AGameOnClocksIsSavedWithItsClock) {
  Fixture f;
  f.local.SetTimeControl(parseTimeControl("5m+5s").control.value());
  f.Play({{7, 7}, {8, 8}});
  const Record r = f.local.ShownRecord();
  EXPECT_NE(std::find(r.properties.begin(), r.properties.end(),
                      std::pair<std::string, std::string>{"TM", "300"}),
            r.properties.end());
  EXPECT_NE(std::find(r.properties.begin(), r.properties.end(),
                      std::pair<std::string, std::string>{"OT", "5m+5s"}),
            r.properties.end());
  f.local.Restart();
  EXPECT_EQ(f.frame.savedClock, parseTimeControl("5m+5s").control.value());
}

}  // namespace gomoku::app
