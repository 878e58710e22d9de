#pragma once
/// @file The main window: the board on the left, players / turn / connection / buttons on the
/// right. Runs a hot-seat game with gomoku::Game (undo and redo without limit, restart), a
/// network match through one NetGame, or the replay of an opened record; in a network match the
/// side panel also has the match actions (take back, draw, resign, play again), a card for the
/// opponent's requests and ours that wait, and the chat; in a replay the replay controls. Every
/// hot-seat and network game is saved automatically when it ends or is interrupted (File >
/// Recent games). The record functions are in mainframe_records.cpp.

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <wx/frame.h>
#include <wx/timer.h>

#include "app/app.h"
#include "app/settings.h"
#include "core/game.h"
#include "net/netgame.h"
#include "record/record.h"

class wxBoxSizer;
class wxMenu;
class wxMenuBar;
class wxButton;
class wxMenu;
class wxMenuBar;
class wxPanel;
class wxScrolledWindow;
class wxSizer;
class wxSizerItem;
class wxStaticBitmap;
class wxStaticText;
class wxTextCtrl;

namespace gomoku::ai {
struct SearchResult;
}

namespace gomoku::app {

class BoardPanel;
class EngineController;
struct ComputerGameOptions;
class ConnectDialog;
class ReplayBar;
class TestReport;

/// The main window.
class MainFrame : public wxFrame {
 public:
  /// The window with a fresh hot-seat game. `settings` are the saved settings; `options` the
  /// command line (its nickname/colour/rule apply to this run without being saved).
  MainFrame(const Settings& settings, const LaunchOptions& options);
  /// Leaves a running match (NetGame's destructor says BYE).
  ~MainFrame() override;

  /// Acts on --host / --join: opens the dialog already listening or connecting; opens the
  /// record given on the command line in the replay.
  void StartFromCommandLine();

 private:
  enum class Mode { Local, Network, Replay };

  void BuildMenu();
  void OnNickname();  // Game > Nickname...: asks, validates and saves the nickname
  // Uses and saves `nick` (valid); in a connected match the peer is told (NICKNAME). False,
  // after a message, when the match refuses it.
  bool ChangeNickname(const std::string& nick);
  void OnPreferences();  // Settings > Preferences...: edits, saves and applies the settings
  void ApplyView();      // the view settings of session_ to the board and the View menu
  void BuildLayout();
  wxSize DefaultClientSize() const;  // a big square board and the side panel on this display
  wxScrolledWindow* BuildSidePanel(wxWindow* parent);
  // Width in pixels for the side panel's texts (the panel's inside less its margins).
  int SideTextWidth() const;
  // Lays out the side panel again and updates its scrolling range to its contents.
  void RelayoutSide();

  // Game > New local game...: asks for the rule, size and foul policy, then starts the game.
  void OnNewLocalGame();
  // Hot-seat game with session_.localGame; `announce` writes its LOCAL line to the test report.
  void NewLocalGame(bool announce = true);
  // Hot-seat game from `game` (its moves so far stay, reported as MOVE lines after LOCAL).
  void StartLocalGame(const Game& game, bool announce = true);

  // Records, replay, undo/redo, auto-save (mainframe_records.cpp).
  void BuildFileMenu(wxMenuBar* bar);
  void BindRecordCommands();
  bool CanUndo() const;  // a hot-seat game with a move to take back
  bool CanRedo() const;
  void Undo();
  bool UndoOne();  // one ply; false when the game cannot be undone
  void Redo();
  void RedoOne();  // one ply
  void Restart();
  void NoteLocalMove(bool fromRedo);  // after a hot-seat move: times, redo list, auto-save
  void OnOpen();
  void OpenRecord(const wxString& path);
  void OnSave(bool askName);
  bool SaveShownTo(const wxString& path);
  Record ShownRecord() const;  // the game shown as a record (a replay: the whole record)
  void AutoSaveLocal();        // the hot-seat game, when it has unsaved moves
  void AutoSaveNetwork(const Game& game);  // a network game that ended or was cut short
  void NoteNetworkTimes();  // the time each move of the network game took (as seen here)
  void AutoSave(const Game& game, const wxString& black, const wxString& white,
                const std::vector<int>& timesMs, wxString& path);
  void CopyPosition();
  void PastePosition();
  void ShowReplay(int ply);
  void ContinueFromHere();
  void UpdateRecentMenu();
  void OnCharHook(wxKeyEvent& event);
  // Network game.
  net::NetGame& NewNetGame();
  void DropNetGame();
  bool MatchRunning() const;
  bool ConfirmLeave(const wxString& question);
  void OpenHostDialog(std::optional<std::uint16_t> listenPort);
  void OpenJoinDialog(std::optional<std::pair<std::string, std::uint16_t>> target);
  // Shows `dialog` modally after calling `start` (which may begin listening or connecting).
  int RunConnectDialog(ConnectDialog& dialog, const std::function<void()>& start);
  void OnNetChanged();
  void LeaveGame();
  // Network match actions; each reports a refusal in the status bar.
  bool MatchConnected() const;  // in a match whose connection is open, past the handshake
  bool CanTakeback() const;
  bool CanOfferDraw() const;
  bool CanResign() const;
  bool CanPlayAgain() const;
  bool CanAnswer() const;  // an opponent's request waits for Accept / Decline
  void RequestTakeback();
  void OfferDraw();
  void Resign();
  void PlayAgain();
  void AnswerRequest(bool accept);
  void SendChat();
  void ShowActionResult(const net::RequestError& error, const wxString& done);
  void AppendChat(const net::ChatLine& line);
  void UpdateRequestCard();

  // Games against the computer and hints (mainframe_ai.cpp).
  void BuildComputerMenu(wxMenu* game);
  void BuildSettingsMenu(wxMenuBar* bar);  // Settings > Engines
  void OnNewComputerGame();
  void StartComputerFromCommandLine();  // --computer LEVEL (--color: the user's colour)
  void StartComputerGame(const ComputerGameOptions& options);
  void MaybeComputerMove();  // starts the engine when it is the computer's turn
  void OnComputerMove(const ai::SearchResult& result);
  void OnHint();
  void StopComputer();  // ends a search at once (new game, network game, window closed)
  bool ComputerToMove() const;

  void OnBoardClick(Point p);
  // Says in the status bar (and the test report) what is at the keyboard cursor's point.
  void AnnounceCursor(Point p);
  void RefuseMove(Point p, const std::string& reason);  // a core/net reason, translated
  void RefuseMove(Point p, const wxString& sentence);   // status bar and REFUSED line
  void ShowState();  // board and side panel from the current game
  void UpdateSidePanel();
  void ShowSituationStatus();              // status bar: what the user can do now (after a cancel)
  void ReportGame(const Game& game);       // test report: MOVE / RESULT / BOARD lines, picture
  void ReportForbidden(const Game& game);  // test report: FORBIDDEN line (renju, Black to move)
  void SaveBoardPicture();
  void ReportGeometry(bool force);  // test report: GEOMETRY line (when changed, or `force`)
  void ReportButtons();             // test report: BUTTON lines for the controls that changed
  void ScheduleExit();
  void SaveSettings();
  void OnClose(wxCloseEvent& event);
  void OnAbout();

  const Game& ShownGame() const {
    return mode_ == Mode::Local ? local_ : mode_ == Mode::Replay ? replayGame_ : snap_.game;
  }
  // The nickname of the player of `s` in the game shown; empty in a hot-seat game.
  wxString PlayerName(Stone s) const;
  // Test report: a MENUKEYS line per menu (access keys, one per item, '-' for none; title).
  void ReportMenuKeys(wxMenuBar* bar);

  Settings saved_;    // what is written to the config
  Settings session_;  // what this run uses (saved_ + command-line overrides)
  LaunchOptions options_;
  std::unique_ptr<TestReport> report_;

  Mode mode_ = Mode::Local;
  Game local_;
  std::unique_ptr<net::NetGame> net_;
  // Hot-seat game: local_ is one (not a finished network game kept on show); moves undone, last
  // first, with their times; thinking time of each move (ms); when the last move was played.
  bool hotSeat_ = false;
  std::vector<Point> redo_;
  std::vector<int> redoTimes_;
  std::vector<int> localTimes_;
  std::chrono::steady_clock::time_point lastMoveAt_{};
  bool localDirty_ = false;    // moves not yet in an automatic save
  wxString localAutoSave_;     // this hot-seat game's automatic save ("" before the first)
  int netSavedGame_ = 0;       // number of the last network game saved automatically
  wxString netAutoSave_;       // that game's file
  std::vector<int> netTimes_;  // thinking time of each move of the network game (ms, as seen here)
  // Replay of an opened record.
  Record replayRecord_;
  Rule replayRule_ = Rule::Freestyle;
  Game replayGame_;
  wxString replayPath_;
  wxString savePath_;          // where File > Save writes without asking ("" = ask)
  net::NetSnapshot snap_;      // the last snapshot of net_
  bool netStarted_ = false;    // snap_'s match has started (its game is the one shown)
  int startedGame_ = 0;        // number of the network game shown (0 before the first)
  std::size_t chatShown_ = 0;  // lines of snap_.chat already in the chat log
  net::Notice noticeShown_;    // snap_.notice last shown
  // The players of the game shown: nicknames and our colour in a network game (kept after the
  // match ended, until another game starts); empty and Stone::Empty in a hot-seat game.
  wxString blackNick_;
  wxString whiteNick_;
  Stone you_ = Stone::Empty;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);  // false once closing
  std::unique_ptr<EngineController> engine_;  // the computer player / hints, made on first use
  Stone computer_ = Stone::Empty;             // the computer's colour in a local game against it
  int computerLevel_ = 3;
  std::string computerEngine_;  // external engine's path, "" = built-in
  bool hinting_ = false;
  ConnectDialog* connectDialog_ = nullptr;  // the host/join dialog while it runs

  // Test report bookkeeping for the game shown.
  bool reportedListening_ = false;
  int reportedPly_ = 0;
  std::vector<Point> reportedMoves_;  // the moves reported (reportedPly_ of them count)
  bool reportedResult_ = false;
  bool announced_ = false;         // the game shown had its LOCAL or STARTED line
  int reportedForbiddenPly_ = -1;  // ply of the last FORBIDDEN line
  bool exitRequested_ = false;
  wxPoint reportedOrigin_{-1, -1};  // last GEOMETRY line
  int reportedCell_ = 0;
  std::map<std::string, std::string> reportedButtons_;  // last BUTTON line per control
  wxTimer exitTimer_;
  wxTimer suspendTimer_;      // refreshes the resume countdown while a match is suspended
  int suspensionsShown_ = 0;  // SUSPENDED lines reported for this match
  wxString reportedTurn_;     // the side panel's turn or result line as last reported (TURN)
  bool closedShown_ = false;  // the status bar said that this match's connection closed
  bool resumedShown_ = true;  // the RESUMED line for the last suspension was reported

  BoardPanel* board_ = nullptr;
  ReplayBar* replayBar_ = nullptr;
  wxSizer* replaySizer_ = nullptr;  // the replay heading and bar (shown in a replay)
  wxSizer* localSizer_ = nullptr;   // Undo / Redo / Restart (shown in a hot-seat game)
  wxButton* undoButton_ = nullptr;
  wxButton* redoButton_ = nullptr;
  wxButton* restartButton_ = nullptr;
  wxMenu* recentMenu_ = nullptr;
  std::vector<wxString> recentFiles_;
  // The side panel; it scrolls vertically when the window is lower than its contents.
  wxScrolledWindow* side_ = nullptr;
  int sideWidth_ = 0;          // pixels the side panel's contents need across, margins included
  int sideContentHeight_ = 0;  // pixels the side panel's contents need in a network match
  int sideWrapWidth_ = 0;      // the SideTextWidth its labels were last wrapped to
  wxStaticBitmap* blackIcon_ = nullptr;
  wxStaticBitmap* whiteIcon_ = nullptr;
  wxStaticText* blackName_ = nullptr;
  wxStaticText* whiteName_ = nullptr;
  wxStaticText* blackYou_ = nullptr;  // "(you)" after our name, never ellipsized
  wxStaticText* whiteYou_ = nullptr;
  wxStaticText* gameHeading_ = nullptr;
  wxStaticText* turn_ = nullptr;
  wxStaticText* moves_ = nullptr;
  wxStaticText* rule_ = nullptr;
  wxStaticText* foul_ = nullptr;
  wxStaticText* connection_ = nullptr;
  wxButton* hostButton_ = nullptr;
  wxButton* joinButton_ = nullptr;
  wxButton* leaveButton_ = nullptr;
  // Network match: actions, the request card, the chat (hidden in a hot-seat game).
  wxSizer* actionsSizer_ = nullptr;
  wxButton* takebackButton_ = nullptr;
  wxButton* drawButton_ = nullptr;
  wxButton* resignButton_ = nullptr;
  wxButton* againButton_ = nullptr;
  wxPanel* requestCard_ = nullptr;
  wxStaticText* requestTitle_ = nullptr;
  wxStaticText* requestText_ = nullptr;
  wxButton* acceptButton_ = nullptr;
  wxButton* declineButton_ = nullptr;
  wxSizer* chatSizer_ = nullptr;
  wxSizerItem* filler_ = nullptr;  // stretches in place of the chat in a hot-seat game
  wxTextCtrl* chatLog_ = nullptr;
  wxTextCtrl* chatInput_ = nullptr;
  wxButton* sendButton_ = nullptr;
  wxStaticText* chatError_ = nullptr;
};

}  // namespace gomoku::app
