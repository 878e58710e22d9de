#pragma once
/// @file The hot-seat game and the game against the computer in the main window, on
/// session::LocalSession (the rules of takebacks, redo and move times live there; this class
/// phrases them for the status bar, runs the computer through an EngineController, gives hints
/// and saves the game automatically). An opening rule is played first on a
/// session::OpeningSession (the computer's decisions by our engine on a worker thread); its
/// stones then go into the LocalSession, where they cannot be taken back, and the clocks start.
/// One controller per game: a new local game is a new controller.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ai/engine.h"
#include "app/gamecontroller.h"
#include "app/gamerecords.h"
#include "session/localsession.h"
#include "session/openingsession.h"

namespace gomoku::ai {
struct SearchResult;
}

namespace gomoku::app {

class EngineController;
struct ComputerGameOptions;

/// A hot-seat game, or one against the computer (after StartComputer). GUI thread only.
class LocalController : public GameController {
 public:
  /// A hot-seat game on `game` (its moves so far, e.g. continued from a replay, have time 0).
  /// `alive`: the window's flag, false once it closes (engine results are then dropped).
  LocalController(FrameServices& frame, std::shared_ptr<bool> alive, const Game& game);
  /// Stops the engine (its late result is dropped).
  ~LocalController() override;
  LocalController(const LocalController&) = delete;
  LocalController& operator=(const LocalController&) = delete;

  /// The status-bar sentence for the game just started (hot seat): from a position, a renju
  /// game (`forbiddenShown`: the red crosses are on) or a plain new game.
  wxString StartSentence(bool forbiddenShown) const;
  /// Makes it a game against the computer (`o`: colour choice, level, engine) and lets the
  /// computer open when it plays Black: the COMPUTER test-report line, the status bar.
  /// `nickname`: the user's (UTF-8), "" = "You".
  void StartComputer(const ComputerGameOptions& o, const std::string& nickname);
  /// Plays with clocks (`tc`; kind None: without). Call before StartComputer. While an opening
  /// runs the clocks wait: they start when normal play begins.
  void SetTimeControl(const TimeControl& tc);
  /// Plays the opening `rule` first (a new game only; a rule that does not fit the game's rule
  /// and size, session::openingRulesFor, is None: nothing). Call before SetTimeControl and
  /// StartComputer (which gives the computer the seat opposite the user's).
  void StartOpening(OpeningRule rule);
  /// The computer's colour; Stone::Empty in a hot-seat game.
  Stone Computer() const { return session_.computer(); }
  /// The computer is to move (and thinks).
  bool ComputerToMove() const { return session_.computerToMove(); }
  /// Game > Hint is possible now: the game runs, the user is to move, the engine is idle.
  bool CanHint() const;
  /// Asks the engine for a move suggestion; shows it on the board (FrameServices::ShowHint).
  void Hint();
  /// The window closes: a running game ends as interrupted ("the window was closed").
  void EndForClose();
  /// Ends a search of the computer or for a hint at once (its result is dropped).
  void StopEngine();

  /// GameKind::HotSeat or GameKind::Computer.
  GameKind Kind() const override;
  /// The session's game (between the plies of a two-ply takeback or redo, the ply between).
  const Game& ShownGame() const override;
  /// The game runs and the computer is not to move.
  bool BoardInteractive() const override;
  /// Plays `p` for the side to move (refused while the computer thinks), then lets the
  /// computer answer; a game that ends is saved automatically.
  void OnBoardClick(Point p) override;
  /// The players' names, the user's and the computer's colours, whether redo can play.
  void FillSideInput(SideInput& in) const override;
  /// Against the computer: the user's nickname or the computer's name; "" in hot seat.
  wxString PlayerName(Stone s) const override;
  /// The result, or "Click an intersection..." on the empty board, or who is to move.
  wxString SituationStatus() const override;
  /// Also while the game ended from outside: Undo then says why it cannot be undone.
  bool CanUndo() const override;
  /// The computer's stones.
  bool IsOpponent(Stone mover) const override { return mover == Computer(); }
  /// A ply taken back can be played again.
  bool CanRedo() const override;
  /// One ply in hot seat; against the computer back to the user's turn (the session's rule),
  /// then the computer thinks again when it is to move.
  void Undo() override;
  /// The ply taken back last (against the computer also its reply after it).
  void Redo() override;
  /// The board has a stone.
  bool CanRestart() const override;
  /// The same size, rule and foul policy from the empty board (against the same computer).
  void Restart() override;
  /// The game with the players' names, each move's thinking time, the clock and the opening
  /// (while it runs: its stones and the decisions so far).
  Record ShownRecord() const override;
  /// Stops the engine and saves the game automatically when it has unsaved moves.
  void Leave() override;
  /// A clock runs (a game with clocks that goes on; the opening is timed too).
  bool ClockRunning() const override;
  /// Ends the game on time when the side to move (or the opening's decider) has none left.
  bool OnClockTick() override;
  /// The opening while it runs.
  const session::OpeningSession* RunningOpening() const override;
  /// The opening's step as the banner says it.
  wxString OpeningBanner() const override;
  /// A choice at the opening's step for the user; a refusal is shown and changes nothing.
  void OnOpeningChoice(OpeningChoice choice) override;
  /// Soosõrv-8: the user declares `count` 5th moves.
  void OnOpeningDeclare(int count) override;
  /// The user offers the 5th moves picked out.
  void OnOpeningOffer() override;

 private:
  void MaybeComputerMove();  // starts the engine when it is the computer's turn
  void OnComputerMove(std::uint64_t request, const ai::SearchResult& r, const std::string& error);
  // Shows the plies of a takeback (`undo`) or redo one by one from `before`, as the board
  // changed ply by ply; the last one is the session's game.
  void ShowSteps(Game before, const session::Takeback& t, bool undo);
  void AutoSave();          // when the game has unsaved changes and the user has moved
  void AnnounceComputer();  // test report: the COMPUTER line (a game against the computer)
  // The opening: a click on the board, an action's outcome (`e`; `p` for a click), the
  // computer's decision, the hand-over to normal play.
  void OpeningClick(Point p);
  void OpeningActed(OpeningError e, std::optional<Point> p = std::nullopt);
  void MaybeOpeningDecision();
  void OnComputerOpening(std::uint64_t request, const ai::OpeningDecision& d);
  void FinishOpening(const wxString& said);
  bool OpeningFlagged();    // the decider ran out of time: the game ended on time (shown)
  void ShowLossOnTime();    // the game just ended on time: stop the engine, say it, save
  void NewOpening();        // opening_ afresh from openingRule_, timed by clock_
  void SyncOpeningSeats();  // the computer's colour and the names from the opening's seats
  GameOpening RecordedOpening() const;  // the opening's rule and decisions, for the record

  FrameServices& frame_;
  std::shared_ptr<bool> alive_;
  session::LocalSession session_;
  std::unique_ptr<EngineController> engine_;  // made on first use
  std::string enginePath_;                    // external engine's path, "" = built-in
  int threads_ = ai::defaultThreads();        // search threads (computer dialog)
  wxString blackName_;  // against the computer: the user's nickname and the computer's name
  wxString whiteName_;
  wxString autoSavePath_;                        // this game's automatic save ("" before the first)
  const Game* stepping_ = nullptr;               // ShowSteps: the position shown between two plies
  OpeningRule openingRule_ = OpeningRule::None;  // the game's opening rule (None: none)
  std::optional<session::OpeningSession> opening_;  // while the opening runs
  std::vector<OpeningEntry> openingLog_;            // the decisions of the opening, once it is over
  std::optional<Seat> computerSeat_;  // against the computer with an opening: its seat
  TimeControl clock_;                 // the clocks (the opening is timed too)
  wxString userName_;                 // against the computer: the user's and its names
  wxString computerName_;
};

}  // namespace gomoku::app
