#include "app/mainframe.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <stdexcept>

#include <wx/aboutdlg.h>
#include <wx/button.h>
#include <wx/config.h>
#include <wx/dcclient.h>
#include <wx/dcgraph.h>
#include <wx/dcmemory.h>
#include <wx/display.h>
#include <wx/filename.h>
#include <wx/graphics.h>
#include <wx/menu.h>
#include <wx/msgdlg.h>
#include <wx/panel.h>
#include <wx/scrolwin.h>
#include <wx/settings.h>
#include <wx/sizer.h>
#include <wx/statbmp.h>
#include <wx/statline.h>
#include <wx/stattext.h>
#include <wx/statusbr.h>
#include <wx/textctrl.h>

#include "app/boardpanel.h"
#include "app/commands.h"
#include "app/connectdialogs.h"
#include "app/enginecontroller.h"
#include "app/i18n.h"
#include "app/newgamedialog.h"
#include "app/nicknamedialog.h"
#include "app/preferencesdialog.h"
#include "app/replaybar.h"
#include "app/reportobserver.h"
#include "app/resources.h"
#include "app/rulesdialog.h"
#include "app/sidepanel.h"
#include "app/sounds.h"
#include "app/texts.h"
#include "app/wraptext.h"
#include "core/notation.h"
#include "core/utf8.h"
#include "gomoku/version.h"
#include "net/wire.h"

namespace gomoku::app {

MainFrame::MainFrame(const Settings& settings, const LaunchOptions& options)
    : wxFrame(nullptr, wxID_ANY, _("Gomoku")),
      saved_(settings),
      session_(settings),
      options_(options),
      exitTimer_(this),
      suspendTimer_(this) {
  if (options_.nickname) session_.nickname = *options_.nickname;
  if (options_.color) session_.hostColor = *options_.color;
  for (GameOptions* g : {&session_.hostGame, &session_.localGame}) {
    if (options_.rule) g->rule = *options_.rule;
    if (options_.boardSize) g->boardSize = *options_.boardSize;
    if (options_.foul) g->foul = *options_.foul;
  }
  if (!options_.testReport.empty()) {
    ReportObserver::Sources sources;
    sources.geometry = [this](wxPoint& origin, int& cell) {
      if (!IsShown()) return false;
      board_->ScreenGeometry(&origin, &cell);
      return true;
    };
    sources.picture = [this](const wxString& path) { SaveBoardPicture(path); };
    report_ = std::make_unique<ReportObserver>(options_.testReport, std::move(sources));
  }
  if (report_) {
    report_->Line(LanguageReportLine());
    report_->Line(StockLabelReportLine());
  }

  if (!Resources::Get().Icons().IsEmpty()) SetIcons(Resources::Get().Icons());
  BuildMenu();
  BuildLayout();
  CreateStatusBar();
  // Room for the side panel (it scrolls when lower than its contents) and a board that is still
  // comfortable to play on; low enough for a 1366x768 or 1024x600 screen.
  wxSize minimum = GetSizer()->GetMinSize();
  minimum.IncTo(FromDIP(wxSize(640, 440)));
  SetMinClientSize(minimum);

  Bind(wxEVT_CLOSE_WINDOW, &MainFrame::OnClose, this);
  Bind(
      wxEVT_TIMER,
      [this](wxTimerEvent&) {
        exitRequested_ = true;
        if (connectDialog_)
          connectDialog_->EndModal(wxID_CANCEL);  // RunConnectDialog closes the window after it
        else
          Close(true);
      },
      exitTimer_.GetId());
  Bind(
      wxEVT_TIMER, [this](wxTimerEvent&) { ShowState(); }, suspendTimer_.GetId());

  SetClientSize(DefaultClientSize());
  Centre();
  NewLocalGame(/*announce=*/!options_.hostPort && !options_.join);
  SetStatusText(_("Click an intersection to play, or create or join a network game."));
}

wxSize MainFrame::DefaultClientSize() const {
  // The board is square: the window is as wide as the board's side plus the compact side
  // panel, and about as tall as most of the screen allows (the board gets the room, not grey
  // margins).
  const wxSize sidePanel = GetSizer()->GetMinSize() - board_->GetMinSize();
  const wxRect area = wxDisplay(this).GetClientArea();
  const wxSize chrome = GetSize() - GetClientSize();                // menu bar, status bar, frame
  const int roomY = area.height * 9 / 10 - chrome.y - FromDIP(40);  // window frame, margins
  const int roomX = area.width * 9 / 10 - chrome.x - sidePanel.x;
  int side = std::min({roomY, roomX, FromDIP(780)});
  side = std::max(side, FromDIP(480));
  // As high as the side panel's contents when the screen has room for them: no scrolling then.
  wxSize size(side + sidePanel.x, std::max(side, side_->ContentHeight()));
  // Never beyond the display's work area (the frame's decorations may not be known yet).
  size.DecTo(area.GetSize() - chrome - wxSize(0, FromDIP(32)));
  size.IncTo(GetMinClientSize());
  return size;
}

MainFrame::~MainFrame() {
  StopComputer();
  *alive_ = false;
  net_.reset();  // BYE, then the network thread ends
}

// ---------------------------------------------------------------------------------------------
// Window contents

void MainFrame::BuildMenu() {
  auto* game = new wxMenu();
  game->Append(ID_NewLocal, _(L"&New local game\u2026\tCtrl+N"),
               _("Start a game for two players at this computer"));
  BuildComputerMenu(game);
  game->Append(ID_Host, _(L"&Create game\u2026\tCtrl+H"), _("Host a network game"));
  game->Append(ID_Join, _(L"&Join game\u2026\tCtrl+J"), _("Join a network game"));
  game->Append(ID_Leave, _("&Leave game"), _("Leave the network game"));
  game->AppendSeparator();
  // Ctrl+Z: Undo in a hot-seat game, Take back (a request) in a network game.
  game->Append(ID_Takeback, _("&Undo\tCtrl+Z"),
               _("Take back the last move (network game: ask your opponent to)"));
  game->Append(ID_Redo, _("Re&do\tCtrl+Y"), _("Play again the move last taken back"));
  game->Append(ID_Restart, _("Re&start"), _("Start this hot-seat game again from the empty board"));
  game->Append(ID_Draw, _("Offer dra&w\tCtrl+D"), _("Offer your opponent a draw"));
  game->Append(ID_Resign, _(L"&Resign\u2026"), _("Give up the running game"));
  game->Append(ID_Again, _("Play &again\tCtrl+G"),
               _("Ask your opponent for another game, with the colours swapped"));
  game->AppendSeparator();
  game->Append(ID_Nickname, _(L"Nic&kname\u2026"), _("Change the nickname you play under"));
  game->AppendSeparator();
  game->Append(wxID_EXIT, _("&Quit\tCtrl+Q"), _("Quit Gomoku"));

  auto* view = new wxMenu();
  view->AppendCheckItem(ID_ShowCoordinates, _("Show &coordinates"),
                        _("Show the column letters and row numbers around the board"));
  view->Check(ID_ShowCoordinates, session_.showCoordinates);
  view->AppendCheckItem(ID_ShowForbidden, _("Show &forbidden points"),
                        _("Renju: mark the points where Black may not play with a red cross"));
  view->Check(ID_ShowForbidden, session_.showForbidden);
  auto* numbers = new wxMenu();
  numbers->AppendRadioItem(ID_NumbersOff, _("&Off"), _("No numbers on the stones"));
  numbers->AppendRadioItem(ID_NumbersLast, _("&Last 10 moves"),
                           _("Number the stones of the last 10 moves"));
  numbers->AppendRadioItem(ID_NumbersAll, _("&All moves"), _("Number every stone"));
  numbers->Check(ID_NumbersOff + std::clamp(session_.moveNumbers, 0, 2), true);
  view->AppendSubMenu(numbers, _("Move &numbers"), _("Show the move number on the stones"));
  AppendSoundMenuItem(view, this);

  auto* help = new wxMenu();
  AppendRulesMenuItem(help, this);
  help->Append(wxID_ABOUT, _("&About Gomoku"));

  auto* bar = new wxMenuBar();
  BuildFileMenu(bar);
  bar->Append(game, _("&Game"));
  bar->Append(view, _("&View"));
  bar->Append(help, _("&Help"));
  BuildSettingsMenu(bar);
  SetMenuBar(bar);
  if (report_) ReportMenuKeys(bar);

  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { OnNewLocalGame(); }, ID_NewLocal);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { OpenHostDialog(std::nullopt); }, ID_Host);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { OpenJoinDialog(std::nullopt); }, ID_Join);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { LeaveGame(); }, ID_Leave);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { OnNickname(); }, ID_Nickname);
  Bind(
      wxEVT_MENU,
      [this](wxCommandEvent&) {
        if (mode_ == Mode::Network)
          RequestTakeback();
        else
          Undo();
      },
      ID_Takeback);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { OfferDraw(); }, ID_Draw);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { Resign(); }, ID_Resign);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { PlayAgain(); }, ID_Again);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { AnswerRequest(true); }, ID_Accept);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { AnswerRequest(false); }, ID_Decline);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { SendChat(); }, ID_Send);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { Close(); }, wxID_EXIT);
  Bind(
      wxEVT_MENU,
      [this](wxCommandEvent& e) {
        session_.showCoordinates = saved_.showCoordinates = e.IsChecked();
        board_->SetShowCoordinates(e.IsChecked());
        SaveSettings();
      },
      ID_ShowCoordinates);
  Bind(
      wxEVT_MENU,
      [this](wxCommandEvent& e) {
        session_.showForbidden = saved_.showForbidden = e.IsChecked();
        board_->SetShowForbidden(e.IsChecked());
        SaveSettings();
      },
      ID_ShowForbidden);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { OnAbout(); }, wxID_ABOUT);
  Bind(
      wxEVT_UPDATE_UI,
      [this](wxUpdateUIEvent& e) {
        e.Enable(net_ && match_.Started() && snap_.phase == net::NetPhase::InMatch &&
                 snap_.match != net::MatchPhase::Closed);
      },
      ID_Leave);
  Bind(
      wxEVT_UPDATE_UI,
      [this](wxUpdateUIEvent& e) {
        const bool network = mode_ == Mode::Network;
        if (dynamic_cast<wxMenu*>(e.GetEventObject()))  // not the side panel's buttons
          e.SetText(network ? _("&Take back\tCtrl+Z") : _("&Undo\tCtrl+Z"));
        e.Enable(network ? CanTakeback() : CanUndo());
      },
      ID_Takeback);
  for (int id : {ID_NumbersOff, ID_NumbersLast, ID_NumbersAll})
    Bind(
        wxEVT_MENU,
        [this, id](wxCommandEvent&) {
          session_.moveNumbers = saved_.moveNumbers = id - ID_NumbersOff;
          board_->SetMoveNumbers(static_cast<MoveNumbers>(session_.moveNumbers));
          SaveSettings();
        },
        id);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { Redo(); }, ID_Redo);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { Restart(); }, ID_Restart);
  Bind(
      wxEVT_UPDATE_UI, [this](wxUpdateUIEvent& e) { e.Enable(CanRedo()); }, ID_Redo);
  Bind(
      wxEVT_UPDATE_UI,
      [this](wxUpdateUIEvent& e) {
        e.Enable(mode_ == Mode::Local && hotSeat_ && local_.ply() > 0);
      },
      ID_Restart);
  BindRecordCommands();
  Bind(
      wxEVT_UPDATE_UI, [this](wxUpdateUIEvent& e) { e.Enable(CanOfferDraw()); }, ID_Draw);
  Bind(
      wxEVT_UPDATE_UI, [this](wxUpdateUIEvent& e) { e.Enable(CanResign()); }, ID_Resign);
  Bind(
      wxEVT_UPDATE_UI, [this](wxUpdateUIEvent& e) { e.Enable(CanPlayAgain()); }, ID_Again);
}

void MainFrame::OnNickname() {
  NicknameDialog dialog(this, session_.nickname);
  if (dialog.ShowModal() != wxID_OK) return;
  const std::string nick = dialog.GetNickname();
  if (auto error = nicknameError(nick)) {  // the dialog only closes with a valid one
    wxMessageBox(AsSentence(*error), _("Nickname"), wxOK | wxICON_WARNING, this);
    return;
  }
  ChangeNickname(nick);
}

bool MainFrame::ChangeNickname(const std::string& nick) {
  if (MatchConnected()) {
    // The peer sees the new name at once (NICKNAME); it is also the default from now on.
    if (const std::string error = net_->changeNickname(nick); !error.empty()) {
      wxMessageBox(AsSentence(error), _("Nickname"), wxOK | wxICON_WARNING, this);
      return false;
    }
    session_.nickname = saved_.nickname = nick;
    SaveSettings();
    OnNetChanged();
    SetStatusText(wxString::Format(_("Nickname changed to %s; %s sees it at once."), FromUtf8(nick),
                                   FromUtf8(snap_.peerNickname)));
    return true;
  }
  session_.nickname = saved_.nickname = nick;
  SaveSettings();
  SetStatusText(MatchRunning()
                    ? wxString::Format(_("Nickname set to %s; it is used from the next game on."),
                                       FromUtf8(nick))
                    : wxString::Format(_("Nickname set to %s."), FromUtf8(nick)));
  return true;
}

void MainFrame::OnPreferences() {
  wxConfigBase* config = wxConfigBase::Get();
  Preferences current;
  current.settings = session_;
  current.language = ConfiguredLanguage(*config);
  current.sounds = SoundsOn();
  PreferencesDialog dialog(this, current);
  if (report_) {
    dialog.SetReporters(
        [this](const std::string& name, std::optional<wxPoint> centre) {
          report_->Button(name, centre);
        },
        [this](const wxString& problem) { report_->Line("INVALID " + problem.utf8_string()); });
  }
  if (dialog.ShowModal() != wxID_OK) return;
  const Preferences& p = dialog.GetPreferences();
  const Settings& edited = p.settings;
  for (Settings* s : {&session_, &saved_}) {
    s->hostPort = edited.hostPort;
    s->connectTimeoutSeconds = edited.connectTimeoutSeconds;
    s->showCoordinates = edited.showCoordinates;
    s->moveNumbers = edited.moveNumbers;
    s->showForbidden = edited.showForbidden;
    s->showGhost = edited.showGhost;
    s->boardTheme = edited.boardTheme;
    s->boardColour = edited.boardColour;
    s->gridColour = edited.gridColour;
  }
  const bool newLanguage = p.language != current.language;
  config->Write(kLanguageKey, p.language);
  config->Write(kSoundsKey, p.sounds);
  SaveSettings();  // flushes the two above too
  ApplyView();
  SetStatusText(newLanguage ? _("Preferences saved. The new language is used when Gomoku is "
                                "started again.")
                            : _("Preferences saved."));
  // Last: a nickname change in a match goes through NICKNAME (and may show its own message).
  if (edited.nickname != session_.nickname) ChangeNickname(edited.nickname);
  if (report_) {
    report_->Line(wxString::Format("PREFERENCES port=%d timeout=%d language=%s sounds=%d "
                                   "coordinates=%d numbers=%d forbidden=%d ghost=%d theme=%s "
                                   "board=%s grid=%s nickname=%s",
                                   session_.hostPort, session_.connectTimeoutSeconds,
                                   p.language.empty() ? wxString("-") : p.language,
                                   SoundsOn() ? 1 : 0, board_->GetShowCoordinates() ? 1 : 0,
                                   static_cast<int>(board_->GetMoveNumbers()),
                                   board_->GetShowForbidden() ? 1 : 0,
                                   board_->GetShowGhost() ? 1 : 0,
                                   BoardThemeName(session_.boardTheme), session_.boardColour,
                                   session_.gridColour, FromUtf8(session_.nickname))
                      .utf8_string());
  }
}

void MainFrame::ApplyView() {
  board_->SetShowCoordinates(session_.showCoordinates);
  board_->SetShowForbidden(session_.showForbidden);
  board_->SetMoveNumbers(static_cast<MoveNumbers>(std::clamp(session_.moveNumbers, 0, 2)));
  board_->SetShowGhost(session_.showGhost);
  const auto colour = [](const std::string& hex) {
    const auto rgb = ParseHexColour(hex);
    return rgb ? wxColour(static_cast<unsigned char>(*rgb >> 16),
                          static_cast<unsigned char>(*rgb >> 8), static_cast<unsigned char>(*rgb))
               : wxColour();
  };
  board_->SetLook(session_.boardTheme == BoardTheme::Plain, colour(session_.boardColour),
                  colour(session_.gridColour));
  if (wxMenuBar* bar = GetMenuBar()) {
    bar->Check(ID_ShowCoordinates, session_.showCoordinates);
    bar->Check(ID_ShowForbidden, session_.showForbidden);
    bar->Check(ID_NumbersOff + std::clamp(session_.moveNumbers, 0, 2), true);
  }
}

void MainFrame::AnnounceCursor(Point p) {
  const Game& game = board_->GetGame();
  const std::string point = toRif(p, game.size());
  const wxString where = FromUtf8(point);
  const Stone stone = game.board().at(p);
  wxString text;
  std::string what;
  if (stone != Stone::Empty) {
    int move = 0;  // the move that placed the stone there
    for (int k = game.ply(); k > 0 && move == 0; --k)
      if (game.moves()[static_cast<std::size_t>(k - 1)] == p) move = k;
    text = stone == Stone::Black
               // TRANSLATORS: the keyboard cursor's point, e.g. "h8: Black stone (move 5)".
               ? wxString::Format(_("%s: Black stone (move %d)"), where, move)
               // TRANSLATORS: the keyboard cursor's point, e.g. "h8: White stone (move 6)".
               : wxString::Format(_("%s: White stone (move %d)"), where, move);
    what = std::string(stone == Stone::Black ? "black " : "white ") + std::to_string(move);
  } else if (const auto& fp = board_->ForbiddenPoints();
             std::find(fp.begin(), fp.end(), p) != fp.end()) {
    const char* kind = forbiddenName(game.forbiddenAt(p));
    // TRANSLATORS: the keyboard cursor's point under renju; %2$s: "double-three", "double-four"
    // or "overline" (translated), e.g. "h8: forbidden for Black (double-three)".
    text = wxString::Format(_("%s: forbidden for Black (%s)"), where, CoreText(kind));
    what = std::string("forbidden ") + kind;
  } else {
    // TRANSLATORS: the keyboard cursor's point, e.g. "h8: empty".
    text = wxString::Format(_("%s: empty"), where);
    what = "empty";
  }
  SetStatusText(text);
  if (report_) report_->Cursor(point, what);
}

void MainFrame::BuildLayout() {
  auto* root = new wxPanel(this);
  board_ = new BoardPanel(root);
  ApplyView();
  board_->SetMoveHandler([this](Point p) { OnBoardClick(p); });
  board_->SetCursorHandler([this](Point p) { AnnounceCursor(p); });
  SidePanel::Handlers handlers;
  handlers.replay.seek = [this](int ply) { ShowReplay(ply); };
  handlers.replay.continueHere = [this] { ContinueFromHere(); };
  handlers.replay.speedChanged = [this](int ms) {
    session_.replaySpeedMs = saved_.replaySpeedMs = ms;
    SaveSettings();
  };
  // The buttons share the menu commands' ids: forward them to the frame's handlers.
  handlers.command = [this](int id) {
    wxCommandEvent menu(wxEVT_MENU, id);
    ProcessWindowEvent(menu);
  };
  handlers.sendChat = [this] { SendChat(); };
  side_ = new SidePanel(root, std::move(handlers), session_.replaySpeedMs);

  auto* sizer = new wxBoxSizer(wxHORIZONTAL);
  sizer->Add(board_, wxSizerFlags(1).Expand());
  sizer->Add(new wxStaticLine(root, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxLI_VERTICAL),
             wxSizerFlags().Expand());
  sizer->Add(side_, wxSizerFlags().Expand());
  root->SetSizer(sizer);
  board_->SetBackgroundColour(root->GetBackgroundColour());
  board_->Bind(wxEVT_SIZE, [this](wxSizeEvent& e) {
    e.Skip();
    CallAfter([this] { ReportGeometry(false); });  // after the layout settled
  });
  Bind(wxEVT_MOVE, [this](wxMoveEvent& e) {
    e.Skip();
    CallAfter([this] {
      ReportGeometry(false);
      ReportButtons();
    });
  });
  side_->Bind(wxEVT_SIZE, [this](wxSizeEvent& e) {
    e.Skip();
    CallAfter([this] {
      // The texts wrap to the panel's width: again when it changed (e.g. a scroll bar came).
      if (side_->NeedsRewrap()) UpdateSidePanel();
      ReportButtons();
    });
  });

  auto* frameSizer = new wxBoxSizer(wxVERTICAL);
  frameSizer->Add(root, wxSizerFlags(1).Expand());
  SetSizer(frameSizer);
}

// ---------------------------------------------------------------------------------------------
// Games

void MainFrame::OnNewLocalGame() {
  NewGameDialog dialog(this, session_.localGame);
  if (dialog.ShowModal() != wxID_OK) return;
  if (MatchRunning() && !ConfirmLeave(_("Leave the network game and start a local game?"))) return;
  session_.localGame = saved_.localGame = dialog.GetOptions();
  SaveSettings();
  NewLocalGame();
}

void MainFrame::NewLocalGame(bool announce) {
  const GameOptions& options = session_.localGame;
  Game game;
  try {
    game = Game(options.EffectiveSize(), options.rule, options.foul);
  } catch (const std::invalid_argument&) {
    game = Game();  // an option this build cannot play: a standard 15x15 freestyle game
  }
  StartLocalGame(game, announce);
}

void MainFrame::StartLocalGame(const Game& game, bool announce) {
  AutoSaveLocal();  // the hot-seat game this one replaces, when it has unsaved moves
  StopComputer();
  computer_ = Stone::Empty;
  DropNetGame();
  mode_ = Mode::Local;
  blackNick_.clear();
  whiteNick_.clear();
  you_ = Stone::Empty;
  local_ = game;
  hotSeat_ = true;
  redo_.clear();
  redoTimes_.clear();
  localTimes_.assign(static_cast<std::size_t>(local_.ply()), 0);
  lastMoveAt_ = std::chrono::steady_clock::now();
  localDirty_ = false;
  localAutoSave_.clear();
  savePath_.clear();
  shown_.Reset();
  if (report_) report_->GameShown(announce);
  if (report_ && announce) {
    report_->LocalGame(local_);
    if (IsShown())
      ReportGeometry(true);
    else
      CallAfter([this] { ReportGeometry(true); });  // once the window is on the screen
  }
  if (local_.ply() > 0)
    SetStatusText(wxString::Format(_("Local game from move %d: %s to move."), local_.ply(),
                                   ColorLabel(local_.toMove())));
  else if (local_.rule() == Rule::Renju && session_.showForbidden)
    SetStatusText(
        _("New renju game: Black moves first. Red crosses mark the points forbidden "
          "for Black."));
  else
    SetStatusText(_("New local game: Black moves first."));
  ShowState();
}

net::NetGame& MainFrame::NewNetGame() {
  StopComputer();
  computer_ = Stone::Empty;
  DropNetGame();
  // The listener runs on the network thread: it only queues a call to the GUI thread, which
  // checks that the window still exists before touching it.
  std::shared_ptr<bool> alive = alive_;
  net_ = std::make_unique<net::NetGame>([alive, this] {
    if (wxTheApp)
      wxTheApp->CallAfter([alive, this] {
        if (*alive) OnNetChanged();
      });
  });
  snap_ = net_->snapshot();
  match_.Reset();
  netSavedGame_ = 0;  // a new match: its games are numbered from 1 again
  side_->ClearChat();
  return *net_;
}

void MainFrame::DropNetGame() {
  if (!net_) return;
  net_->leave();  // BYE if a match runs: its game ends as interrupted
  const net::NetSnapshot last = net_->snapshot();
  net_.reset();
  if (mode_ == Mode::Network) {
    ReportGame(last.game);  // RESULT for a game cut short here
    AutoSaveNetwork(last.game);
    // Keep the ended game visible as a position nobody can play on.
    local_ = last.game;
    hotSeat_ = false;
    localDirty_ = false;
    mode_ = Mode::Local;
  }
  snap_ = net::NetSnapshot();
  match_.Reset();
}

bool MainFrame::MatchRunning() const {
  return Actions().running;
}

bool MainFrame::ConfirmLeave(const wxString& question) {
  wxMessageDialog dialog(this, question, _("Leave game"),
                         wxYES_NO | wxNO_DEFAULT | wxICON_QUESTION);
  dialog.SetExtendedMessage(_("The game is still running. Your opponent will see that you left."));
  dialog.SetYesNoLabels(_("&Leave game"), _("&Stay"));
  return dialog.ShowModal() == wxID_YES;
}

void MainFrame::StartFromCommandLine() {
  if (!options_.openFile.empty()) {
    OpenRecord(options_.openFile);
    return;
  }
  if (options_.hostPort)
    OpenHostDialog(options_.hostPort);
  else if (options_.join)
    OpenJoinDialog(options_.join);
  else if (options_.computerLevel)
    StartComputerFromCommandLine();
}

void MainFrame::OpenHostDialog(std::optional<std::uint16_t> listenPort) {
  if (connectDialog_) return;
  if (MatchRunning() && !ConfirmLeave(_("Leave the running game and create a new one?"))) return;
  if (net_ && !MatchRunning()) DropNetGame();
  HostDialog dialog(this, session_, [this]() -> net::NetGame& { return NewNetGame(); });
  RunConnectDialog(dialog, [&] {
    if (listenPort) dialog.Listen(*listenPort);
  });
}

void MainFrame::OpenJoinDialog(std::optional<std::pair<std::string, std::uint16_t>> target) {
  if (connectDialog_) return;
  if (MatchRunning() && !ConfirmLeave(_("Leave the running game and join another one?"))) return;
  if (net_ && !MatchRunning()) DropNetGame();
  JoinDialog dialog(this, session_, [this]() -> net::NetGame& { return NewNetGame(); });
  RunConnectDialog(dialog, [&] {
    if (target) dialog.Connect(target->first, target->second);
  });
}

int MainFrame::RunConnectDialog(ConnectDialog& dialog, const std::function<void()>& start) {
  dialog.SetFailureHandler([this](net::NetFailure failure, const std::string& message) {
    if (report_) report_->Failed(failure, message);
    SetStatusText(AsSentence(message));
    ScheduleExit();
  });
  connectDialog_ = &dialog;
  start();
  const int result = exitRequested_ ? wxID_CANCEL : dialog.ShowModal();
  connectDialog_ = nullptr;

  // A joined game (also one joined from the command line): where its resume token belongs.
  if (match_.Started() && snap_.role == net::Role::Joiner &&
      !dialog.GetSettings().resumeTarget.empty()) {
    saved_.resumeTarget = session_.resumeTarget = dialog.GetSettings().resumeTarget;
    SaveSettings();
  }
  if (dialog.UserSubmitted()) {
    const Settings& edited = dialog.GetSettings();
    session_ = edited;
    saved_.nickname = edited.nickname;
    saved_.lastHost = edited.lastHost;
    saved_.lastPort = edited.lastPort;
    saved_.hostPort = edited.hostPort;
    saved_.hostColor = edited.hostColor;
    saved_.hostGame = edited.hostGame;
    SaveSettings();
  }
  if (result != wxID_OK && !match_.Started()) DropNetGame();
  ShowState();
  // Cancelled or closed: a failure shown in the dialog is no news for the status bar anymore.
  if (result != wxID_OK) ShowSituationStatus();
  if (exitRequested_) Close(true);
  return result;
}

void MainFrame::OnNetChanged() {
  if (!net_) return;
  snap_ = net_->snapshot();
  if (connectDialog_) connectDialog_->OnNetUpdate(snap_);
  // What changed since the last snapshot (MatchWatcher keeps what was seen).
  const MatchUpdate update = match_.Update(snap_);
  const bool started = match_.Started();
  if (update.started) {
    // The first game, and each one after "Play again" (colours swapped).
    netTimes_.clear();
    lastMoveAt_ = std::chrono::steady_clock::now();
    mode_ = Mode::Network;
    you_ = snap_.localColor;
    shown_.Reset();
    if (report_) report_->GameShown(true);
    savePath_.clear();
  }
  // LISTENING, STARTED, SUSPENDED, RESUMED.
  if (report_) report_->OnMatch(update, snap_);
  if (update.started) {
    const int gameNumber = update.gameNumber;
    const wxString peer = FromUtf8(snap_.peerNickname);
    if (gameNumber == 1)
      SetStatusText(snap_.localColor == Stone::Black
                        ? wxString::Format(_("Game started: you play Black against %s."), peer)
                        : wxString::Format(_("Game started: you play White against %s."), peer));
    else
      SetStatusText(
          snap_.localColor == Stone::Black
              ? wxString::Format(_("Game %d started: you play Black against %s."), gameNumber, peer)
              : wxString::Format(_("Game %d started: you play White against %s."), gameNumber,
                                 peer));
  }
  if (mode_ == Mode::Network && started) {
    // Nicknames follow NICKNAME messages (and our own changes) while the match lasts.
    if (!snap_.peerNickname.empty()) {
      const wxString local = FromUtf8(snap_.localNickname);
      const wxString peer = FromUtf8(snap_.peerNickname);
      blackNick_ = you_ == Stone::Black ? local : peer;
      whiteNick_ = you_ == Stone::White ? local : peer;
    }
  }
  if (snap_.role == net::Role::Joiner && started) {
    // The token that rejoins this match, kept for a restarted program (until the match closes).
    std::string token;
    if (snap_.resumeToken != 0 && snap_.match != net::MatchPhase::Closed)
      token = wxString::Format("%llx", static_cast<unsigned long long>(snap_.resumeToken))
                  .utf8_string();
    if (token != saved_.resumeToken) {
      saved_.resumeToken = session_.resumeToken = token;
      SaveSettings();
    }
  }
  // Suspended: count the resume window down once a second.
  const bool suspended =
      started && snap_.phase == net::NetPhase::InMatch && snap_.match == net::MatchPhase::Suspended;
  if (suspended && !suspendTimer_.IsRunning()) suspendTimer_.Start(1000);
  if (!suspended && suspendTimer_.IsRunning()) suspendTimer_.Stop();
  // Board, side panel and the MOVE / TAKEBACK / RESULT lines first: the chat and the notice
  // that came in the same batch of network events are reported after them.
  if (mode_ == Mode::Network && started) NoteNetworkTimes();
  const int plyBefore = shown_.Ply();
  const bool resultBefore = shown_.EndSeen();
  ShowState();
  if (mode_ == Mode::Network && started) {
    for (const net::ChatLine& line : update.chat) {
      AppendChat(line);
      if (!line.fromUs) PlaySound(Sound::Message);
    }
  }
  if (report_) report_->OnMatchMessages(update, started);  // CHAT, NOTICE
  if (mode_ == Mode::Network && started) {
    const Game& game = snap_.game;
    if (game.ply() > plyBefore && game.lastMove()) {
      const Stone mover = game.ply() % 2 == 1 ? Stone::Black : Stone::White;
      if (mover != snap_.localColor && !game.over())
        SetStatusText(wxString::Format(_("%s played %s."), FromUtf8(snap_.peerNickname),
                                       toRif(*game.lastMove(), game.size())));
    }
  }
  // The match's sentence about its last event (requests, answers, nicknames) goes to the
  // status bar after a move of the same batch; a new result replaces it.
  if (update.notice && !update.notice->empty()) SetStatusText(AsSentence(*update.notice));
  if (mode_ == Mode::Network && started) {
    const Game& game = snap_.game;
    if (game.over() && !resultBefore) {
      SetStatusText(
          ResultSentence(game.result(), PlayerName(Stone::Black), PlayerName(Stone::White)));
      AutoSaveNetwork(game);
    } else if (update.closed) {
      // The match closed (e.g. the dropped peer's time to reconnect ran out): the status bar
      // says so like the side panel, instead of the notice that we are still waiting.
      SetStatusText(wxString::Format(_("Connection closed: %s"), AsSentence(snap_.message)));
    }
  }
}

void MainFrame::LeaveGame() {
  if (!net_ || snap_.phase != net::NetPhase::InMatch || snap_.match == net::MatchPhase::Closed)
    return;
  if (MatchRunning() && !ConfirmLeave(wxString::Format(_("Leave the game against %s?"),
                                                       FromUtf8(snap_.peerNickname))))
    return;
  net_->leave();
  OnNetChanged();
}

// ---------------------------------------------------------------------------------------------
// Network match actions

MatchActions MainFrame::Actions() const {
  return matchActions(net_ ? &snap_ : nullptr, match_.Started());
}

bool MainFrame::MatchConnected() const {
  return Actions().connected;
}

bool MainFrame::CanTakeback() const {
  return Actions().takeback;
}

bool MainFrame::CanOfferDraw() const {
  return Actions().draw;
}

bool MainFrame::CanResign() const {
  return Actions().resign;
}

bool MainFrame::CanPlayAgain() const {
  return Actions().again;
}

bool MainFrame::CanAnswer() const {
  return Actions().answer;
}

void MainFrame::ShowActionResult(const std::string& error, const wxString& done) {
  OnNetChanged();  // the new state (and the match's notice) at once
  SetStatusText(error.empty() ? done : AsSentence(error));
}

void MainFrame::RequestTakeback() {
  if (!CanTakeback()) return;
  const std::string error = net_->requestTakeback();
  ShowActionResult(error,
                   wxString::Format(_(L"Takeback requested. Waiting for %s\u2019s answer\u2026"),
                                    FromUtf8(snap_.peerNickname)));
}

void MainFrame::OfferDraw() {
  if (!CanOfferDraw()) return;
  const bool accepting = snap_.drawRequested;
  const std::string error = net_->offerDraw();
  if (accepting && error.empty()) {
    OnNetChanged();  // the result is in the status bar
    return;
  }
  ShowActionResult(error,
                   wxString::Format(_("Draw offered to %s. The offer stands until they move."),
                                    FromUtf8(snap_.peerNickname)));
}

void MainFrame::Resign() {
  if (!CanResign()) return;
  wxMessageDialog dialog(
      this, wxString::Format(_("Resign the game against %s?"), FromUtf8(snap_.peerNickname)),
      _("Resign"), wxYES_NO | wxNO_DEFAULT | wxICON_QUESTION);
  dialog.SetExtendedMessage(_("Your opponent wins this game. You can still play again after it."));
  dialog.SetYesNoLabels(_("&Resign"), _("&Keep playing"));
  if (dialog.ShowModal() != wxID_YES || !CanResign()) return;  // the game may have ended meanwhile
  const std::string error = net_->resign();
  if (error.empty()) {
    OnNetChanged();  // the result is in the status bar
    return;
  }
  ShowActionResult(error, {});
}

void MainFrame::PlayAgain() {
  if (!CanPlayAgain()) return;
  const std::string error = net_->playAgain(true);
  if (error.empty() && match_.GameNumber() < std::max(net_->snapshot().gameNumber, 1)) {
    OnNetChanged();  // the opponent had asked already: the next game has started
    return;
  }
  ShowActionResult(error,
                   wxString::Format(_(L"Waiting for %s\u2026"), FromUtf8(snap_.peerNickname)));
}

void MainFrame::AnswerRequest(bool accept) {
  if (!CanAnswer()) return;
  std::string error;
  if (snap_.takebackRequested)
    error = net_->answerTakeback(accept);
  else if (snap_.drawRequested)
    error = net_->answerDraw(accept);
  else
    error = net_->playAgain(accept);
  OnNetChanged();                                        // the match's notice says what was done
  if (!error.empty()) SetStatusText(AsSentence(error));  // e.g. the request lapsed meanwhile
}

void MainFrame::SendChat() {
  if (!MatchConnected()) return;
  const std::string text = side_->ChatText().utf8_string();
  if (text.empty()) return;
  if (text.size() > net::kMaxChatBytes) {
    // The limit in bytes of UTF-8 means little to a player: say what fits (a Chinese character
    // takes 3 bytes).
    side_->ShowChatError(
        wxString::Format(
            _("The message is too long (at most %d bytes, about %d Chinese characters)."),
            static_cast<int>(net::kMaxChatBytes), static_cast<int>(net::kMaxChatBytes / 3)),
        /*wrap=*/false);
    return;
  }
  if (const std::string error = net_->sendChat(text); !error.empty()) {
    side_->ShowChatError(AsSentence(error), /*wrap=*/true);  // e.g. too long, too fast
    return;
  }
  side_->ChatSent();
  OnNetChanged();
}

void MainFrame::AppendChat(const net::ChatLine& line) {
  const wxString who = line.fromUs ? wxString(_("You")) : FromUtf8(singleLine(snap_.peerNickname));
  side_->AppendChat(line.fromUs, who, line.text);
}

void MainFrame::OnBoardClick(Point p) {
  if (mode_ == Mode::Replay) {
    RefuseMove(p, _("This is a replay: use Continue from here to play from this position."));
    return;
  }
  if (mode_ == Mode::Local) {
    const Stone mover = local_.toMove();
    if (ComputerToMove()) {
      RefuseMove(p, _("The computer is thinking; wait for its move."));
      return;
    }
    // Under renju with FoulPolicy::Lose a forbidden point is played and ends the game.
    if (const MoveError e = local_.play(p); e != MoveError::None) {
      RefuseMove(p, local_.refusalText(p, e));
      return;
    }
    if (hotSeat_) NoteLocalMove(false);
    if (local_.over())
      SetStatusText(ResultSentence(local_.result(), {}, {}));
    else
      SetStatusText(
          wxString::Format(_("%s played %s."), ColorLabel(mover), toRif(p, local_.size())));
    ShowState();
    if (hotSeat_ && local_.over()) AutoSaveLocal();  // after the RESULT line
    MaybeComputerMove();
    return;
  }
  if (!net_) return;
  const MoveError e = net_->play(p);
  if (e != MoveError::None) {
    // Refused here: nothing was sent. The position is the one the refusal was judged on.
    RefuseMove(p, net_->snapshot().game.refusalText(p, e));
    return;
  }
  SetStatusText(wxString::Format(_("You played %s."), toRif(p, snap_.game.size())));
  OnNetChanged();  // show the stone at once; the listener's call will find nothing new
}

void MainFrame::RefuseMove(Point p, const std::string& reason) {
  // e.g. "double-three at h8 is forbidden for Black" -> "Double-three at h8 is forbidden ...".
  RefuseMove(p, AsSentence(reason));
}

void MainFrame::RefuseMove(Point p, const wxString& sentence) {
  SetStatusText(sentence);
  if (report_) report_->Refused(p, sentence.utf8_string());
}

void MainFrame::ReportMenuKeys(wxMenuBar* bar) {
  // The access key of a label: the character after a single '&', lower-case; '-' when none.
  auto key = [](const wxString& label) {
    for (std::size_t i = 0; i + 1 < label.size(); ++i) {
      if (label[i] != '&') continue;
      if (label[i + 1] == '&') {
        ++i;
        continue;
      }
      return wxString(label[i + 1]).Lower();
    }
    return wxString("-");
  };
  std::function<void(wxMenu*, const wxString&)> report = [&](wxMenu* menu, const wxString& title) {
    wxString keys;
    for (wxMenuItem* item : menu->GetMenuItems()) {
      if (item->IsSeparator()) continue;
      keys += key(item->GetItemLabel());
      if (wxMenu* sub = item->GetSubMenu())
        report(sub, wxMenuItem::GetLabelText(item->GetItemLabel()));
    }
    report_->Line(("MENUKEYS " + keys + " " + title).utf8_string());
  };
  wxString titles;
  for (std::size_t i = 0; i < bar->GetMenuCount(); ++i) {
    titles += key(bar->GetMenuLabel(i));
    report(bar->GetMenu(i), bar->GetMenuLabelText(i));
  }
  report_->Line(("MENUKEYS " + titles + " -").utf8_string());
}

wxString MainFrame::PlayerName(Stone s) const {
  return s == Stone::Black ? blackNick_ : s == Stone::White ? whiteNick_ : wxString();
}

// ---------------------------------------------------------------------------------------------
// Display

void MainFrame::ShowState() {
  const Game& game = ShownGame();
  board_->SetGame(game);
  board_->SetInteractive(mode_ == Mode::Local    ? !game.over() && !ComputerToMove()
                         : mode_ == Mode::Replay ? false
                                                 : (net_ && snap_.myTurn));
  UpdateSidePanel();
  if (mode_ == Mode::Replay) return;  // ShowReplay reports the position shown
  ReportGame(game);
  ReportForbidden(game);
}

GameKind MainFrame::Kind() const {
  switch (mode_) {
    case Mode::Network:
      return GameKind::Network;
    case Mode::Replay:
      return GameKind::Replay;
    case Mode::Local:
      break;
  }
  if (!hotSeat_) return GameKind::Kept;
  return computer_ != Stone::Empty ? GameKind::Computer : GameKind::HotSeat;
}

void MainFrame::UpdateSidePanel() {
  const Game& game = ShownGame();
  SideInput in;
  in.kind = Kind();
  in.blackName = blackNick_.utf8_string();
  in.whiteName = whiteNick_.utf8_string();
  in.you = you_;
  in.computer = computer_;
  in.redoable = !redo_.empty();
  if (mode_ == Mode::Replay) {
    in.replayPly = game.ply();
    in.replayTotal = static_cast<int>(replayRecord_.moves.size());
    if (replayRecord_.result)
      in.stated =
          StatedResult{*replayRecord_.result, replayRecord_.resultText, replayRecord_.foulResult};
  }
  if (net_) in.net = &snap_;
  in.netStarted = match_.Started();
  in.gameNumber = match_.GameNumber();
  in.now = std::chrono::steady_clock::now();
  const wxString turn = side_->Render(sideView(game, in));
  if (report_) report_->OnTurn(turn);
  // The title names the record replayed.
  const wxString title =
      mode_ == Mode::Replay
          ? wxString::Format(_("%s - Gomoku"), wxFileName(replayPath_).GetFullName())
          : wxString(_("Gomoku"));
  if (GetTitle() != title) SetTitle(title);
  CallAfter([this] { ReportButtons(); });  // once the layout settled
}

void MainFrame::ShowSituationStatus() {
  const Game& game = ShownGame();
  if (game.over()) {
    SetStatusText(
        ResultSentence(game.result(), PlayerName(Stone::Black), PlayerName(Stone::White)));
  } else if (mode_ == Mode::Network && match_.Started()) {
    SetStatusText(snap_.myTurn ? _("Your turn.")
                               : wxString::Format(_("Waiting for %s to move."),
                                                  FromUtf8(snap_.peerNickname)));
  } else if (game.ply() == 0) {
    SetStatusText(_("Click an intersection to play, or create or join a network game."));
  } else {
    SetStatusText(wxString::Format(_("%s to move."), ColorLabel(game.toMove())));
  }
}

// ---------------------------------------------------------------------------------------------
// Test report and exit

void MainFrame::ReportGame(const Game& game) {
  if (mode_ == Mode::Network && !match_.Started()) return;
  // What changed since the game was last shown: a takeback, moves, the end (GameWatcher).
  const std::vector<GameUpdate> updates = shown_.Update(game);
  bool ended = false;
  bool moved = false;
  for (const GameUpdate& u : updates) {
    ended = ended || u.kind == GameUpdate::Kind::Ended;
    moved = moved || u.kind == GameUpdate::Kind::Moved;
  }
  if (moved) {
    const Stone mover = game.ply() % 2 == 1 ? Stone::Black : Stone::White;
    const bool theirs = mode_ == Mode::Network ? mover != snap_.localColor : mover == computer_;
    PlaySound(theirs ? Sound::Opponent : Sound::Stone);
  }
  if (ended) PlaySound(Sound::GameOver);
  if (!report_) return;
  report_->OnGame(updates, game);  // TAKEBACK, MOVE; the board's picture, RESULT
  if (ended) ScheduleExit();
}

void MainFrame::ReportForbidden(const Game& game) {
  if (!report_ || (mode_ == Mode::Network && !match_.Started())) return;
  // The board's cached list: what the red crosses show (ShowState has just set the game).
  report_->OnPosition(game, board_->ForbiddenPoints());
}

void MainFrame::SaveBoardPicture(const wxString& path) {
  wxSize size = board_->GetClientSize();
  if (size.x < 200 || size.y < 200) size = FromDIP(wxSize(640, 640));
  const wxBitmap picture = board_->RenderToBitmap(size);
  if (!picture.ConvertToImage().SaveFile(path, wxBITMAP_TYPE_PNG))
    SetStatusText(_("Cannot save the picture of the board."));
}

void MainFrame::ReportGeometry(bool force) {
  if (report_) report_->OnGeometry(force);
}

void MainFrame::ReportButtons() {
  if (!report_ || !IsShown()) return;
  report_->OnControls(side_->ReportedControls(), side_, GetContentScaleFactor());
}

void MainFrame::ScheduleExit() {
  if (options_.exitWhenDone && !exitTimer_.IsRunning()) exitTimer_.StartOnce(1000);
}

void MainFrame::SaveSettings() {
  if (wxConfigBase* config = wxConfigBase::Get()) saved_.Save(*config);
}

void MainFrame::OnClose(wxCloseEvent& event) {
  if (event.CanVeto() && !exitRequested_ && MatchRunning() &&
      !ConfirmLeave(_("Quit Gomoku and leave the running game?"))) {
    event.Veto();
    return;
  }
  // A game cut short by closing still gets its RESULT line.
  if (net_) {
    DropNetGame();  // BYE
  } else if (mode_ == Mode::Local && local_.ply() > 0 && !local_.over()) {
    local_.end(Outcome::Interrupted, EndReason::Disconnected, "the window was closed");
    ReportGame(local_);
  }
  AutoSaveLocal();
  exitTimer_.Stop();
  suspendTimer_.Stop();
  StopComputer();   // joins the engine thread (C19c)
  *alive_ = false;  // queued network notifications find the window gone
  SaveSettings();
  Destroy();
}

void MainFrame::OnAbout() {
  wxAboutDialogInfo info;
  info.SetName(_("Gomoku"));
  info.SetVersion(kProgramVersion);
  info.SetDescription(
      _("Five in a row: two players on one computer or over the network, or you against the "
        "computer.") +
      "\n\n" + _("Libraries used:") + "\n" + LibraryLicences() + "\n\n" +
      _("Sounds: made for Gomoku."));
  // Without a translator of its own, GTK's dialog would show the placeholder
  // "translator-credits" (as its catalog translates it) under Credits.
  info.AddTranslator(_("The Gomoku project"));
  if (Resources::Get().Logo().IsOk())
    info.SetIcon(Resources::Get().Logo().GetIcon(FromDIP(wxSize(64, 64))));
  wxAboutBox(info, this);
}

}  // namespace gomoku::app
