#pragma once
/// @file The replay of an opened record in the main window (a GameController): it shows the
/// position the replay bar asks for, says in the status bar which move that is (and at the end
/// the result the record states), writes the OPENED and REPLAY lines of the test report, and
/// refuses clicks on the board. The frame keeps the ReplayBar widget and applies the steps this
/// controller reads from the keys; "Continue from here" hands the frame the game to start.

#include <optional>

#include <wx/string.h>

#include "app/gamecontroller.h"
#include "app/replaymodel.h"

namespace gomoku::app {

/// A step of the replay bar that a key stands for.
enum class ReplayStep {
  First,       ///< the empty board (Home)
  Prev,        ///< one move back (Left)
  Next,        ///< one move on (Right)
  Last,        ///< the record's last move (End)
  TogglePlay,  ///< start or pause the autoplay (Space)
};

/// An opened record, replayed.
class ReplayController : public GameController {
 public:
  /// The replay of `model`'s record, read from the file `path`; nothing is shown before Start.
  ReplayController(FrameServices& frame, ReplayModel model, wxString path);

  GameKind Kind() const override { return GameKind::Replay; }
  const Game& ShownGame() const override { return model_.shown(); }
  /// Refused: a replay is not played on (use Continue from here).
  void OnBoardClick(Point p) override;
  /// The 5th-move alternatives of the record's opening, at the moves that show them
  /// (ReplayModel::alternativesShown).
  std::vector<Point> NumberedMarks() const override { return model_.alternativesShown(); }
  /// Kind, the record's player names, the move shown, the number of moves, the stated result,
  /// the record's opening (ReplayOpeningSummary).
  void FillSideInput(SideInput& in) const override;
  /// The name the record gives the player of `s` (PB / PW), empty when none.
  wxString PlayerName(Stone s) const override;
  wxString SituationStatus() const override;
  /// The whole record, as it was read.
  Record ShownRecord() const override { return model_.record(); }

  /// Shows the record's first position: the OPENED line, the empty board and a status naming
  /// the file and its number of moves (or that it has none, also as a NOTICE line).
  void Start();
  /// Shows the position after `ply` moves (the replay bar's seek): board, status bar ("Move 3
  /// of 9: Black h8.", then what the opening decided at that move) and the REPLAY line (with
  /// a NUMBERED line of the 5th-move alternatives shown, if any).
  void Show(int ply);
  /// The game "Continue from here" starts from the move shown (local games' foul policy
  /// `foul`); nullopt, with a status saying why when there is one, when none can start there.
  std::optional<Game> ContinueGame(FoulPolicy foul);
  /// The replay bar's step for the key `keyCode` (a wxKeyCode, pressed without modifiers):
  /// Home, Left, Right, End and Space; nullopt for any other key.
  static std::optional<ReplayStep> KeyStep(int keyCode);
  /// The window's title: the file's name, e.g. "c02.psq - Gomoku".
  wxString Title() const override;
  /// Show() writes the REPLAY lines itself.
  bool FrameReports() const override { return false; }
  /// A record can be saved (converted) even without moves.
  bool CanSave() const override { return true; }
  /// The record's file name with the extension .sgf.
  wxString SaveName() const override;
  /// The file the record was read from.
  const wxString& Path() const { return path_; }

 protected:
  /// Replays `model` instead (a live game's record that changed): the move shown stays, or
  /// follows to the new last move when the last one was shown; then shown as Show() does.
  void Reload(ReplayModel model);

  FrameServices& frame_;
  ReplayModel model_;
  wxString path_;
  wxString blackName_;  // the record's PB / PW, "" when it names none
  wxString whiteName_;
  wxString opening_;  // ReplayOpeningSummary of the record ("" without an opening rule)

 private:
  void ReadNames();  // blackName_, whiteName_ and opening_ from the record
};

}  // namespace gomoku::app
