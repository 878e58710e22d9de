#pragma once
/// @file The main window: the board on the left, players / turn / connection / buttons on the
/// right. Runs a hot-seat game or one against the computer through a LocalController
/// (localcontroller.h: undo and redo without limit, restart, hints), a network match through a
/// NetworkController (networkcontroller.h), or the replay of an opened record; in a network
/// match the side panel also has the match actions (take back, draw, resign, play again), a card
/// for the opponent's requests and ours that wait, and the chat; in a replay the replay
/// controls. Every hot-seat and network game is saved automatically when it ends or is
/// interrupted (File > Recent games). The side panel is a SidePanel (sidepanel.h) showing a
/// SideView; the test report a ReportObserver fed typed updates (gameupdates.h). The functions
/// are spread over mainframe.cpp (window, local games, display), mainframe_menu.cpp (menus,
/// preferences), mainframe_net.cpp (the connect dialogs), mainframe_records.cpp (records; the
/// replay runs in a ReplayController, replaycontroller.h) and mainframe_ai.cpp (the menu of the
/// computer opponent).

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <wx/frame.h>
#include <wx/timer.h>

#include "app/app.h"
#include "app/gamecontroller.h"
#include "app/gameupdates.h"
#include "app/langamelist.h"
#include "app/replaycontroller.h"
#include "app/settings.h"
#include "app/sideview.h"
#include "core/game.h"
#include "net/netgame.h"
#include "record/record.h"

class wxMenu;
class wxMenuBar;
class wxSizer;

namespace gomoku::app {

class BoardPanel;
struct ComputerGameOptions;
class LocalController;
class ConnectDialog;
class OpeningBar;
class ReplayBar;
class SidePanel;
class StatusLine;
class ReportObserver;
class NetworkController;
class OnlineController;
class HallPanel;
class WatchController;
class WatchSource;

/// The main window.
class MainFrame : public wxFrame, public FrameServices {
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
  void BuildMenu();
  void OnNickname();  // Game > Nickname...: asks, validates and saves the nickname
  // Uses and saves `nick` (valid); in a connected match the peer is told (NICKNAME). False,
  // after a message, when the match refuses it.
  bool ChangeNickname(const std::string& nick);
  void OnPreferences();  // Settings > Preferences...: edits, saves and applies the settings
  void ApplyView();      // the view settings of session_ to the board and the View menu
  void BuildLayout();
  wxSize DefaultClientSize() const;  // a big square board and the side panel on this display

  // Game > New local game...: asks for the rule, size and foul policy, then starts the game.
  void OnNewLocalGame();
  // Hot-seat game with session_.localGame; `announce` writes its LOCAL line to the test report
  // and plays the opening rule and clock (not announced: a network game is about to replace it).
  void NewLocalGame(bool announce = true);
  // Hot-seat game from `game` (its moves so far stay, reported as MOVE lines after LOCAL).
  void StartLocalGame(const Game& game, bool announce = true);
  // The hot-seat or computer game shown; nullptr when another kind of game is shown.
  // The game shown, when it is of that kind (else nullptr): for what only that kind has (the
  // computer and hints, the replay bar and keys, the match actions and chat).
  LocalController* Local() const;
  ReplayController* Replay() const;
  void LeaveLocal();  // the local game is replaced: its engine stops, its automatic save

  // Records, replay, auto-save (mainframe_records.cpp).
  void BuildFileMenu(wxMenuBar* bar);
  void BindRecordCommands();
  void OnOpen();
  void OpenRecord(const wxString& path);
  void OnSave(bool askName);
  bool SaveShownTo(const wxString& path);
  // Writes `record` to `path` (format by extension); a failure is shown. True when saved.
  bool SaveRecordTo(const Record& record, const wxString& path);
  // Asks where to save a record, proposing `name`; "" when cancelled.
  wxString AskSavePath(const wxString& name);
  Record ShownRecord() const;  // the game shown as a record (a replay: the whole record)
  void AutoSave(const Game& game, const wxString& black, const wxString& white,
                const std::vector<int>& timesMs, const TimeControl& clock,
                const GameOpening& opening, wxString& path) override;
  void CopyPosition();
  void PastePosition();
  void ShowReplay(int ply);  // the replay bar's seek, to the replay controller
  void ContinueFromHere();   // a hot-seat game from the replay's position
  void UpdateRecentMenu();
  void OnCharHook(wxKeyEvent& event);
  // Network game (its match: network_).
  // For a connect dialog: no computer opponent any more.
  net::NetGame& NewNetGame(const net::NetOptions& options);
  bool MatchRunning() const;  // a network game is being played (leaving asks first)
  bool ConfirmLeave(const wxString& question) override;
  void OpenHostDialog(std::optional<std::uint16_t> listenPort);
  void OpenJoinDialog(std::optional<std::pair<std::string, std::uint16_t>> target);
  // Game > Watch game…: asks for the game (WatchDialog), then StartWatching.
  void OpenWatchDialog();
  // The test report's LANGAMES and LANGAME lines: the rows of a list of games on the network.
  void ReportLanRows(const std::vector<LanGameList::Row>& rows);
  // Watches the game hosted at host:port in the replay view (WatchController).
  void StartWatching(const std::string& host, std::uint16_t port);
  // Shows the game `source` follows in the replay view (a P2P host's, or a hall's).
  void ShowWatch(std::unique_ptr<WatchSource> source);
  // The watch shown, if the game shown is one.
  WatchController* ShownWatch() const;
  // Game > Leave game (the side panel's Leave): the network match, or the watch shown.
  bool CanLeave() const;
  void LeaveShown();
  // The side panel's chat line: to the network match, or to the host of the game watched.
  void SendChat();
  // Shows `dialog` modally after calling `start` (which may begin listening or connecting).
  int RunConnectDialog(ConnectDialog& dialog, const std::function<void()>& start);

  // Online play on a gomoku-server (mainframe_online.cpp): the login dialog, the hall panel
  // and the games, through online_.
  void BuildOnline(wxSizer& frameSizer);
  // Game > Play online…: the hall when signed in, else the login dialog (`error`: why the last
  // attempt failed).
  void OnPlayOnline();
  void OpenLoginDialog(const wxString& error);
  void StartOnlineFromCommandLine();  // --online HOST --user NAME [--register]
  void ShowHallPanel(bool show);      // the hall instead of the board and side panel, or back
  // The settings of a private game from the room dialog (saved for the next time); nullopt
  // when cancelled.
  std::optional<net::RoomSettings> AskRoomSettings(const wxString& title, const wxString& intro);
  void CreateRoom();  // Private room…
  void InviteToRoom(const std::string& name);
  void OpenStoredGame(const net::GameRecord& record, bool save);  // My games: replay or save

  // Games against the computer and hints (mainframe_ai.cpp).
  void BuildComputerMenu(wxMenu* game);
  void BuildSettingsMenu(wxMenuBar* bar);  // Settings > Engines
  void OnNewComputerGame();
  void StartComputerFromCommandLine();  // --computer LEVEL (--color: the user's colour)
  void StartComputerGame(const ComputerGameOptions& options);

  void OnBoardClick(Point p);
  // Says in the status bar (and the test report) what is at the keyboard cursor's point.
  void AnnounceCursor(Point p);
  void RefuseMove(Point p, const std::string& reason);          // a core/net reason, translated
  void RefuseMove(Point p, const wxString& sentence) override;  // status bar and REFUSED line
  void ShowState() override;               // board and side panel from the current game
  GameKind Kind() const;                   // the kind of game shown
  void UpdateSidePanel();                  // the side panel from sideView()
  void UpdateOpening();                    // the opening's banner and board marks (OPENING)
  void ShowSituationStatus();              // status bar: what the user can do now (after a cancel)
  void ReportGame(const Game& game);       // test report: MOVE / RESULT / BOARD lines, picture
  void ReportForbidden(const Game& game);  // test report: FORBIDDEN line (renju, Black to move)
  void SaveBoardPicture(const wxString& path);
  void ReportGeometry(bool force);  // test report: GEOMETRY line (when changed, or `force`)
  void ReportButtons();             // test report: BUTTON lines for the controls that changed
  void ScheduleExit();
  void SaveSettings();
  void OnClose(wxCloseEvent& event);
  void OnAbout();

  const Game& ShownGame() const;
  // The nickname of the player of `s` in the game shown; empty in a hot-seat game.
  wxString PlayerName(Stone s) const;
  // Test report: a MENUKEYS line per menu (access keys, one per item, '-' for none; title).
  void ReportMenuKeys(wxMenuBar* bar);
  // FrameServices (gamecontroller.h) for the controllers.
  wxWindow* Window() override { return this; }
  void SetStatus(const wxString& sentence) override { SetStatusText(sentence); }
  ReportObserver* Report() override { return report_.get(); }
  void GameReplaced(bool announced) override;
  void ShowHint(Point p) override;
  void ShowAnalysis(int depth, int score) override;
  void Activate(GameController& controller) override;
  void ReportState() override;
  SidePanel* Side() override { return side_; }
  bool Shows(const GameController& controller) const override { return active_ == &controller; }

  Settings saved_;    // what is written to the config
  Settings session_;  // what this run uses (saved_ + command-line overrides)
  LaunchOptions options_;
  std::unique_ptr<ReportObserver> report_;  // the --test-report file, when asked for

  // The controller of the game shown: one of the three below. The window asks it instead of
  // branching on the kind of game (gamecontroller.h).
  GameController* active_ = nullptr;
  // The hot-seat or computer game (nullptr once another kind of game is shown).
  std::unique_ptr<LocalController> local_;
  // The replay of an opened record (kept until the next one is opened).
  std::unique_ptr<ReplayController> replay_;
  wxString savePath_;  // where File > Save writes without asking ("" = ask)
  // The network match (listening, connecting or playing, also while another game is shown),
  // or its last game kept on show.
  std::unique_ptr<NetworkController> network_;
  // Online play: the connection to a server, its hall and its games (shown by network_).
  std::unique_ptr<OnlineController> online_;
  // A room asked for and not yet answered: the counts of ROOM_CREATED and DENIED before it.
  struct RoomAsked {
    int created = 0;
    std::size_t denials = 0;
  };
  std::optional<RoomAsked> roomAsked_;
  HallPanel* hall_ = nullptr;
  wxWindow* gameRoot_ = nullptr;  // the board and the side panel (hidden while the hall shows)
  bool hallShown_ = false;
  bool loginDialogOpen_ = false;  // the login dialog is shown
  bool lastRegistering_ = false;  // the last login attempt created an account
  GameWatcher shown_;             // what of the game shown was seen (sounds, test report)
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);  // false once closing
  ConnectDialog* connectDialog_ = nullptr;  // the host/join dialog while it runs

  bool exitRequested_ = false;
  wxTimer exitTimer_;
  wxTimer clockTimer_;       // ten ticks a second while the active game's clock runs
  int clockWarnedPly_ = -1;  // the ply whose low clock has sounded

  BoardPanel* board_ = nullptr;
  OpeningBar* openingBar_ = nullptr;  // over the board while an opening rule runs
  std::string openingReported_;       // the last OPENING line of the test report
  std::string clocksReported_;        // which clocks the last CLOCKS line said were shown
  StatusLine* status_ = nullptr;      // the status bar
  SidePanel* side_ = nullptr;
  wxMenu* recentMenu_ = nullptr;
  std::vector<wxString> recentFiles_;
};

}  // namespace gomoku::app
