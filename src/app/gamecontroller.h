#pragma once
/// @file One controller per kind of game shown in the main window, behind one small interface:
/// LocalController (hot seat and against the computer, on session::LocalSession),
/// NetworkController (a network match, on net::NetGame and net::MatchTracker; it keeps showing
/// the match's last game once the match is over), ReplayController (an opened record), and
/// next the online game. The main window holds exactly one controller and asks it instead of
/// branching on a mode; a controller reaches the window only through FrameServices. A new kind
/// of game is a new GameController: nothing in MainFrame changes but the command that starts
/// it.

#include <string>
#include <vector>

#include <wx/string.h>

#include "app/sideview.h"
#include "core/game.h"
#include "core/opening.h"
#include "record/record.h"

class wxWindow;

namespace gomoku::session {
class OpeningSession;
}

namespace gomoku::app {

class GameController;
class ReportObserver;
struct GameOpening;
class SidePanel;

/// What a controller may ask of the main window. Implemented by MainFrame; everything runs on
/// the GUI thread.
class FrameServices {
 public:
  virtual ~FrameServices() = default;
  /// The window, as the parent of dialogs and message boxes.
  virtual wxWindow* Window() = 0;
  /// Shows the controller's game again: board, side panel, sounds and test-report lines
  /// (moves, takebacks, the result) for what changed since the last call.
  virtual void ShowState() = 0;
  /// Shows `sentence` in the status bar.
  virtual void SetStatus(const wxString& sentence) = 0;
  /// A refused move at `p`: the status bar and the test report's REFUSED line.
  virtual void RefuseMove(Point p, const wxString& sentence) = 0;
  /// The test report, or nullptr when none was asked for (--test-report).
  virtual ReportObserver* Report() = 0;
  /// The game shown was replaced: the next ShowState reports its moves from the start.
  /// `announced`: its LOCAL or STARTED line was written.
  virtual void GameReplaced(bool announced) = 0;
  /// Asks the user whether to leave a running game (`question`); true to go on.
  virtual bool ConfirmLeave(const wxString& question) = 0;
  /// Marks `p` on the board as the hint (until the board shows another position).
  virtual void ShowHint(Point /*p*/) {}
  /// Saves `game` automatically (File > Recent games) to `path`, choosing a new file in the
  /// automatic-save folder when `path` is empty (then set to it); `black` / `white`: the
  /// players' names ("" = none), `timesMs`: each move's thinking time, `clock`: the game's time
  /// control (kind None: none), `opening`: its opening rule and decisions (rule None: none). A
  /// failure is reported in the status bar and the test report; nothing is thrown.
  virtual void AutoSave(const Game& /*game*/, const wxString& /*black*/, const wxString& /*white*/,
                        const std::vector<int>& /*timesMs*/, const TimeControl& /*clock*/,
                        const GameOpening& /*opening*/, wxString& /*path*/) {}
  /// `controller`'s game began on its own (a network game started): from now on it is the
  /// game shown (File > Save asks for a file name again).
  virtual void Activate(GameController& /*controller*/) {}
  /// Sounds and test-report lines (moves, takebacks, the result) for what changed in the game
  /// shown since the last call, without showing it again (a game cut short as it is left).
  virtual void ReportState() {}
  /// The computer's search so far (after each iteration of the built-in engine): shown under
  /// the turn line when View > Show the computer's analysis is on. `score`: the engine's
  /// evaluation for the computer (ai::kWinScore and beyond: a forced win).
  virtual void ShowAnalysis(int /*depth*/, int /*score*/) {}
  /// The side panel (the chat's input, lines and errors); nullptr when there is none.
  virtual SidePanel* Side() { return nullptr; }
  /// True while `controller`'s game is the one shown (a controller left in the background, such
  /// as a watch, stays silent).
  virtual bool Shows(const GameController& /*controller*/) const { return true; }
};

/// One kind of game as the main window shows it. The defaults fit a game nobody plays on.
class GameController {
 public:
  virtual ~GameController() = default;

  /// The kind of game (side panel, menus).
  virtual GameKind Kind() const = 0;
  /// The game on the board.
  virtual const Game& ShownGame() const = 0;
  /// True when a click on the board may play now.
  virtual bool BoardInteractive() const { return false; }
  /// The user clicked `p` (on the board): play it, or refuse it through FrameServices.
  virtual void OnBoardClick(Point p) = 0;
  /// Fills the kind's part of the side panel's input (names, colours, match, replay).
  virtual void FillSideInput(SideInput& in) const = 0;
  /// The nickname of the player of `s`; empty where the colour names the player.
  virtual wxString PlayerName([[maybe_unused]] Stone s) const { return {}; }
  /// The status-bar sentence for the situation, when no event has one (after a cancel).
  virtual wxString SituationStatus() const = 0;

  /// Edit > Undo / Redo / Restart.
  virtual bool CanUndo() const { return false; }
  virtual bool CanRedo() const { return false; }
  virtual void Undo() {}
  virtual void Redo() {}
  virtual bool CanRestart() const { return false; }
  virtual void Restart() {}

  /// The game as a record for File > Save (a replay: its whole record).
  virtual Record ShownRecord() const = 0;
  /// True while leaving would end a game someone still plays (asks first).
  virtual bool Running() const { return false; }
  /// The controller is replaced or the window closes: stop searches, leave the match, write the
  /// last test-report lines (a game cut short gets its RESULT) and the automatic save.
  virtual void Leave() {}

  /// True when Edit > Undo asks the opponent (a network takeback request): the menu then says
  /// "Take back" instead of "Undo".
  virtual bool UndoAsks() const { return false; }
  /// True when the stones of `mover` are the opponent's (the network peer, the computer): their
  /// moves get the opponent's sound.
  virtual bool IsOpponent([[maybe_unused]] Stone mover) const { return false; }
  /// False when the controller writes the test-report lines of the positions it shows itself
  /// (a replay); else the window reports moves, takebacks and results after each ShowState.
  virtual bool FrameReports() const { return true; }
  /// The window's title; empty: the program's name.
  virtual wxString Title() const { return {}; }
  /// Whether File > Save has something to save.
  virtual bool CanSave() const { return ShownGame().ply() > 0; }
  /// The file name File > Save proposes; empty: the name of an automatic save.
  virtual wxString SaveName() const { return {}; }
  /// True while a game clock runs: the window then calls OnClockTick() ten times a second and
  /// shows the clocks.
  virtual bool ClockRunning() const { return false; }
  /// A tick of the running clock: ends the game when the side to move has run out of time
  /// (and shows it); returns false when it did not.
  virtual bool OnClockTick() { return false; }

  /// The opening rule being played before normal play (core/opening.h), or nullptr when none
  /// runs: the window shows its banner over the board and its marks on the board.
  virtual const session::OpeningSession* RunningOpening() const { return nullptr; }
  /// The banner's sentence while RunningOpening() runs: who decides and what the choices are.
  virtual wxString OpeningBanner() const { return {}; }
  /// The user decided at the opening's step with a button of the banner (Keep, Swap, ...).
  virtual void OnOpeningChoice([[maybe_unused]] OpeningChoice choice) {}
  /// The user declared how many 5th moves Black is to offer (Soosõrv-8).
  virtual void OnOpeningDeclare([[maybe_unused]] int count) {}
  /// The user offers the 5th moves picked out on the board.
  virtual void OnOpeningOffer() {}
  /// When no opening runs: points to show on the board as numbered translucent Black stones
  /// (a replay at the 5th move: the alternatives offered), in their order; none by default.
  virtual std::vector<Point> NumberedMarks() const { return {}; }
};

}  // namespace gomoku::app
