#include "app/mainframe.h"

#include <algorithm>
#include <stdexcept>

#include <wx/aboutdlg.h>
#include <wx/button.h>
#include <wx/config.h>
#include <wx/dcgraph.h>
#include <wx/dcmemory.h>
#include <wx/display.h>
#include <wx/graphics.h>
#include <wx/menu.h>
#include <wx/msgdlg.h>
#include <wx/panel.h>
#include <wx/settings.h>
#include <wx/sizer.h>
#include <wx/statbmp.h>
#include <wx/statline.h>
#include <wx/stattext.h>
#include <wx/statusbr.h>

#include "app/boardpanel.h"
#include "app/connectdialogs.h"
#include "app/newgamedialog.h"
#include "app/nicknamedialog.h"
#include "app/resources.h"
#include "app/testreport.h"
#include "app/texts.h"
#include "core/notation.h"
#include "core/utf8.h"
#include "gomoku/version.h"

namespace gomoku::app {

namespace {

enum {
  ID_NewLocal = wxID_HIGHEST + 1,
  ID_Host,
  ID_Join,
  ID_Leave,
  ID_Nickname,
  ID_ShowCoordinates,
  ID_ShowForbidden,
};

// A stone icon of `dip` device-independent pixels for the side panel, crisp at 1x and 2x.
wxBitmapBundle StoneIcon(Stone s, const wxWindow* w, int dip) {
  wxVector<wxBitmap> bitmaps;
  const wxImage& image = Resources::Get().StoneImage(s);
  for (int factor : {1, 2}) {
    const int px = w->FromDIP(dip) * factor;
    if (image.IsOk()) {
      bitmaps.push_back(wxBitmap(image.Scale(px, px, wxIMAGE_QUALITY_HIGH)));
      continue;
    }
    wxImage transparent(px, px);
    transparent.InitAlpha();
    std::fill_n(transparent.GetAlpha(), px * px, static_cast<unsigned char>(0));
    wxBitmap bitmap(transparent);
    {
      wxMemoryDC memoryDC(bitmap);
      wxGCDC dc(memoryDC);
      const bool black = s == Stone::Black;
      dc.SetPen(wxPen(black ? wxColour(0, 0, 0) : wxColour(150, 146, 136)));
      dc.SetBrush(wxBrush(black ? wxColour(24, 24, 24) : wxColour(246, 244, 238)));
      dc.DrawEllipse(1, 1, px - 2, px - 2);
    }
    bitmaps.push_back(bitmap);
  }
  return wxBitmapBundle::FromBitmaps(bitmaps);
}

}  // namespace

MainFrame::MainFrame(const Settings& settings, const LaunchOptions& options)
    : wxFrame(nullptr, wxID_ANY, _("Gomoku")),
      saved_(settings),
      session_(settings),
      options_(options),
      exitTimer_(this) {
  if (options_.nickname) session_.nickname = *options_.nickname;
  if (options_.color) session_.hostColor = *options_.color;
  for (GameOptions* g : {&session_.hostGame, &session_.localGame}) {
    if (options_.rule) g->rule = *options_.rule;
    if (options_.boardSize) g->boardSize = *options_.boardSize;
    if (options_.foul) g->foul = *options_.foul;
  }
  if (!options_.testReport.empty()) report_ = std::make_unique<TestReport>(options_.testReport);

  if (!Resources::Get().Icons().IsEmpty()) SetIcons(Resources::Get().Icons());
  BuildMenu();
  BuildLayout();
  CreateStatusBar();
  // Room for the side panel and a board that is still comfortable to play on.
  wxSize minimum = GetSizer()->GetMinSize();
  minimum.IncTo(FromDIP(wxSize(640, 500)));
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
  const wxSize chrome = GetSize() - GetClientSize();  // menu bar, status bar, frame
  const int roomY = area.height * 9 / 10 - chrome.y - FromDIP(40);  // window frame, margins
  const int roomX = area.width * 9 / 10 - chrome.x - sidePanel.x;
  int side = std::min({roomY, roomX, FromDIP(780)});
  side = std::max(side, FromDIP(480));
  wxSize size(side + sidePanel.x, side);
  size.IncTo(GetMinClientSize());
  return size;
}

MainFrame::~MainFrame() {
  *alive_ = false;
  net_.reset();  // BYE, then the network thread ends
}

// ---------------------------------------------------------------------------------------------
// Window contents

void MainFrame::BuildMenu() {
  auto* game = new wxMenu();
  game->Append(ID_NewLocal, _(L"&New local game\u2026\tCtrl+N"),
               _("Start a game for two players at this computer"));
  game->Append(ID_Host, _(L"&Create game\u2026\tCtrl+H"), _("Host a network game"));
  game->Append(ID_Join, _(L"&Join game\u2026\tCtrl+J"), _("Join a network game"));
  game->Append(ID_Leave, _("&Leave game"), _("Leave the network game"));
  game->AppendSeparator();
  game->Append(ID_Nickname, _(L"&Nickname\u2026"), _("Change the nickname you play under"));
  game->AppendSeparator();
  game->Append(wxID_EXIT, _("&Quit\tCtrl+Q"), _("Quit Gomoku"));

  auto* view = new wxMenu();
  view->AppendCheckItem(ID_ShowCoordinates, _("Show &coordinates"),
                        _("Show the column letters and row numbers around the board"));
  view->Check(ID_ShowCoordinates, session_.showCoordinates);
  view->AppendCheckItem(ID_ShowForbidden, _("Show &forbidden points"),
                        _("Renju: mark the points where Black may not play with a red cross"));
  view->Check(ID_ShowForbidden, session_.showForbidden);

  auto* help = new wxMenu();
  help->Append(wxID_ABOUT, _("&About Gomoku"));

  auto* bar = new wxMenuBar();
  bar->Append(game, _("&Game"));
  bar->Append(view, _("&View"));
  bar->Append(help, _("&Help"));
  SetMenuBar(bar);

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
        e.Enable(net_ && netStarted_ && snap_.phase == net::NetPhase::InMatch &&
                 snap_.match != net::MatchPhase::Closed);
      },
      ID_Leave);
}

void MainFrame::OnNickname() {
  NicknameDialog dialog(this, session_.nickname);
  if (dialog.ShowModal() != wxID_OK) return;
  const std::string nick = dialog.GetNickname();
  if (auto error = nicknameError(nick)) {  // the dialog only closes with a valid one
    wxMessageBox(AsSentence(*error), _("Nickname"), wxOK | wxICON_WARNING, this);
    return;
  }
  session_.nickname = saved_.nickname = nick;
  SaveSettings();
  SetStatusText(MatchRunning()
                    ? wxString::Format(_("Nickname set to %s; it is used from the next game on."),
                                       FromUtf8(nick))
                    : wxString::Format(_("Nickname set to %s."), FromUtf8(nick)));
}

void MainFrame::BuildLayout() {
  auto* root = new wxPanel(this);
  board_ = new BoardPanel(root);
  board_->SetShowCoordinates(session_.showCoordinates);
  board_->SetShowForbidden(session_.showForbidden);
  board_->SetMoveHandler([this](Point p) { OnBoardClick(p); });
  side_ = BuildSidePanel(root);

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
    CallAfter([this] { ReportGeometry(false); });
  });

  auto* frameSizer = new wxBoxSizer(wxVERTICAL);
  frameSizer->Add(root, wxSizerFlags(1).Expand());
  SetSizer(frameSizer);
}

wxPanel* MainFrame::BuildSidePanel(wxWindow* parent) {
  auto* panel = new wxPanel(parent);
  const int width = FromDIP(250);
  panel->SetMinSize(wxSize(width, -1));

  auto heading = [panel](const wxString& text) {
    auto* label = new wxStaticText(panel, wxID_ANY, text.Upper());
    wxFont font = label->GetFont().Bold();
    font.SetFractionalPointSize(font.GetFractionalPointSize() * 0.85);
    label->SetFont(font);
    label->SetForegroundColour(wxSystemSettings::GetColour(wxSYS_COLOUR_GRAYTEXT));
    return label;
  };
  // Icon, name (ellipsized when too long; the full name in its tooltip) and "(you)", which
  // stays visible whatever the name's length.
  auto playerRow = [&](Stone s, wxStaticBitmap*& icon, wxStaticText*& name, wxStaticText*& you) {
    auto* row = new wxBoxSizer(wxHORIZONTAL);
    icon = new wxStaticBitmap(panel, wxID_ANY, StoneIcon(s, panel, 22));
    name = new wxStaticText(panel, wxID_ANY, ColorLabel(s), wxDefaultPosition, wxDefaultSize,
                            wxST_ELLIPSIZE_END);
    name->SetFont(name->GetFont().Larger());
    // TRANSLATORS: after the user's own nickname in the side panel.
    you = new wxStaticText(panel, wxID_ANY, _("(you)"));
    you->SetFont(name->GetFont());
    you->SetForegroundColour(wxSystemSettings::GetColour(wxSYS_COLOUR_GRAYTEXT));
    you->Hide();
    row->Add(icon, wxSizerFlags().CentreVertical());
    row->Add(name, wxSizerFlags().CentreVertical().Border(wxLEFT, FromDIP(10)));
    row->Add(you, wxSizerFlags().CentreVertical().Border(wxLEFT, FromDIP(6)));
    return row;
  };

  // One column with a margin all around; vertical gaps come from spacers.
  auto* sizer = new wxBoxSizer(wxVERTICAL);
  const auto expand = wxSizerFlags().Expand();
  sizer->Add(heading(_("Players")));
  sizer->AddSpacer(FromDIP(10));
  sizer->Add(playerRow(Stone::Black, blackIcon_, blackName_, blackYou_), expand);
  sizer->AddSpacer(FromDIP(8));
  sizer->Add(playerRow(Stone::White, whiteIcon_, whiteName_, whiteYou_), expand);

  sizer->AddSpacer(FromDIP(26));
  sizer->Add(heading(_("Game")));
  sizer->AddSpacer(FromDIP(8));
  turn_ = new wxStaticText(panel, wxID_ANY, {});
  turn_->SetFont(turn_->GetFont().Bold().Larger());
  sizer->Add(turn_, expand);
  sizer->AddSpacer(FromDIP(6));
  moves_ = new wxStaticText(panel, wxID_ANY, {});
  sizer->Add(moves_, expand);
  sizer->AddSpacer(FromDIP(2));
  rule_ = new wxStaticText(panel, wxID_ANY, {});
  rule_->SetForegroundColour(wxSystemSettings::GetColour(wxSYS_COLOUR_GRAYTEXT));
  sizer->Add(rule_, expand);
  sizer->AddSpacer(FromDIP(2));
  foul_ = new wxStaticText(panel, wxID_ANY, {});
  foul_->SetForegroundColour(wxSystemSettings::GetColour(wxSYS_COLOUR_GRAYTEXT));
  sizer->Add(foul_, expand);

  sizer->AddSpacer(FromDIP(26));
  sizer->Add(heading(_("Connection")));
  sizer->AddSpacer(FromDIP(8));
  connection_ = new wxStaticText(panel, wxID_ANY, {});
  sizer->Add(connection_, expand);

  sizer->AddStretchSpacer();
  hostButton_ = new wxButton(panel, ID_Host, _(L"&Create game\u2026"));
  joinButton_ = new wxButton(panel, ID_Join, _(L"&Join game\u2026"));
  leaveButton_ = new wxButton(panel, ID_Leave, _("&Leave game"));
  for (wxButton* b : {hostButton_, joinButton_, leaveButton_}) {
    sizer->AddSpacer(FromDIP(6));
    sizer->Add(b, expand);
  }
  auto* outer = new wxBoxSizer(wxVERTICAL);
  outer->Add(sizer, wxSizerFlags(1).Expand().Border(wxALL, FromDIP(16)));
  panel->SetSizer(outer);

  // The buttons share the menu commands' ids: forward them to the frame's handlers.
  panel->Bind(wxEVT_BUTTON, [this](wxCommandEvent& e) {
    wxCommandEvent menu(wxEVT_MENU, e.GetId());
    ProcessWindowEvent(menu);
  });
  return panel;
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
  DropNetGame();
  mode_ = Mode::Local;
  blackNick_.clear();
  whiteNick_.clear();
  you_ = Stone::Empty;
  const GameOptions& options = session_.localGame;
  try {
    local_ = Game(options.EffectiveSize(), options.rule, options.foul);
  } catch (const std::invalid_argument&) {
    local_ = Game();  // an option this build cannot play: a standard 15x15 freestyle game
  }
  reportedPly_ = 0;
  reportedResult_ = false;
  announced_ = announce;
  reportedForbiddenPly_ = -1;
  if (report_ && announce) {
    report_->LocalGame(local_);
    if (IsShown())
      ReportGeometry(true);
    else
      CallAfter([this] { ReportGeometry(true); });  // once the window is on the screen
  }
  if (local_.rule() == Rule::Renju && session_.showForbidden)
    SetStatusText(_("New renju game: Black moves first. Red crosses mark the points forbidden "
                    "for Black."));
  else
    SetStatusText(_("New local game: Black moves first."));
  ShowState();
}

net::NetGame& MainFrame::NewNetGame() {
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
  netStarted_ = false;
  reportedListening_ = false;
  return *net_;
}

void MainFrame::DropNetGame() {
  if (!net_) return;
  net_->leave();  // BYE if a match runs: its game ends as interrupted
  const net::NetSnapshot last = net_->snapshot();
  net_.reset();
  if (mode_ == Mode::Network) {
    ReportGame(last.game);  // RESULT for a game cut short here
    // Keep the ended game visible as a position nobody can play on.
    local_ = last.game;
    mode_ = Mode::Local;
  }
  snap_ = net::NetSnapshot();
  netStarted_ = false;
}

bool MainFrame::MatchRunning() const {
  return net_ && snap_.phase == net::NetPhase::InMatch && snap_.match == net::MatchPhase::Playing;
}

bool MainFrame::ConfirmLeave(const wxString& question) {
  wxMessageDialog dialog(this, question, _("Leave game"),
                         wxYES_NO | wxNO_DEFAULT | wxICON_QUESTION);
  dialog.SetExtendedMessage(_("The game is still running. Your opponent will see that you left."));
  dialog.SetYesNoLabels(_("&Leave game"), _("&Stay"));
  return dialog.ShowModal() == wxID_YES;
}

void MainFrame::StartFromCommandLine() {
  if (options_.hostPort)
    OpenHostDialog(options_.hostPort);
  else if (options_.join)
    OpenJoinDialog(options_.join);
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
  if (result != wxID_OK && !netStarted_) DropNetGame();
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

  if (snap_.phase == net::NetPhase::Listening && !reportedListening_) {
    reportedListening_ = true;
    if (report_) report_->Listening(snap_.port);
  }
  if (!netStarted_ && snap_.phase == net::NetPhase::InMatch && snap_.localColor != Stone::Empty) {
    netStarted_ = true;
    mode_ = Mode::Network;
    you_ = snap_.localColor;
    const wxString local = FromUtf8(snap_.localNickname);
    const wxString peer = FromUtf8(snap_.peerNickname);
    blackNick_ = you_ == Stone::Black ? local : peer;
    whiteNick_ = you_ == Stone::White ? local : peer;
    reportedPly_ = 0;
    reportedResult_ = false;
    announced_ = true;
    reportedForbiddenPly_ = -1;
    if (report_) {
      report_->Started(snap_.localColor, snap_.peerNickname);
      ReportGeometry(true);
    }
    SetStatusText(snap_.localColor == Stone::Black
                      ? wxString::Format(_("Game started: you play Black against %s."), peer)
                      : wxString::Format(_("Game started: you play White against %s."), peer));
  }
  if (mode_ == Mode::Network && netStarted_) {
    const Game& game = snap_.game;
    if (game.ply() > reportedPly_ && game.lastMove()) {
      const Stone mover = game.ply() % 2 == 1 ? Stone::Black : Stone::White;
      if (mover != snap_.localColor && !game.over())
        SetStatusText(wxString::Format(_("%s played %s."), FromUtf8(snap_.peerNickname),
                                       toRif(*game.lastMove(), game.size())));
    }
    if (game.over())
      SetStatusText(
          ResultSentence(game.result(), PlayerName(Stone::Black), PlayerName(Stone::White)));
  }
  ShowState();
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

void MainFrame::OnBoardClick(Point p) {
  if (mode_ == Mode::Local) {
    const Stone mover = local_.toMove();
    // Under renju with FoulPolicy::Lose a forbidden point is played and ends the game.
    if (const MoveError e = local_.play(p); e != MoveError::None) {
      RefuseMove(p, local_.refusalText(p, e));
      return;
    }
    if (local_.over())
      SetStatusText(ResultSentence(local_.result(), {}, {}));
    else
      SetStatusText(
          wxString::Format(_("%s played %s."), ColorLabel(mover), toRif(p, local_.size())));
    ShowState();
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
  const wxString sentence = AsSentence(reason);
  SetStatusText(sentence);
  if (report_) report_->Refused(p, sentence.utf8_string());
}

wxString MainFrame::PlayerName(Stone s) const {
  return s == Stone::Black ? blackNick_ : s == Stone::White ? whiteNick_ : wxString();
}

// ---------------------------------------------------------------------------------------------
// Display

void MainFrame::ShowState() {
  const Game& game = ShownGame();
  board_->SetGame(game);
  board_->SetInteractive(mode_ == Mode::Local ? !game.over() : (net_ && snap_.myTurn));
  UpdateSidePanel();
  ReportGame(game);
  ReportForbidden(game);
}

void MainFrame::UpdateSidePanel() {
  const Game& game = ShownGame();
  const bool network = mode_ == Mode::Network && netStarted_;
  const int wrap = std::max(side_->GetClientSize().x, side_->GetMinSize().x) - FromDIP(32);

  // Players: nicknames in a network game, "(you)" after ours; the side to move in bold. A long
  // nickname is ellipsized, never the "(you)" after it; the tooltip has it in full.
  const int iconWidth = blackIcon_->GetBestSize().x + FromDIP(10);
  for (Stone s : {Stone::Black, Stone::White}) {
    wxStaticText* label = s == Stone::Black ? blackName_ : whiteName_;
    wxStaticText* you = s == Stone::Black ? blackYou_ : whiteYou_;
    const wxString nick = PlayerName(s);
    const wxString text = nick.empty() ? ColorLabel(s) : nick;
    wxFont font = label->GetFont();
    font.SetWeight(!game.over() && game.toMove() == s ? wxFONTWEIGHT_BOLD : wxFONTWEIGHT_NORMAL);
    label->SetFont(font);
    label->SetLabelText(text);
    you->Show(you_ == s);
    // Measured from the text: GTK reports a stale best size for a label that was hidden.
    const int youWidth = you->GetTextExtent(you->GetLabelText()).x + FromDIP(2);
    you->SetMinSize(wxSize(youWidth, -1));
    int room = wrap - iconWidth;
    if (you_ == s) room -= youWidth + FromDIP(6);
    const int needed = label->GetTextExtent(text).x + FromDIP(2);
    label->SetMinSize(wxSize(std::max(FromDIP(24), std::min(needed, room)), -1));
    if (nick.empty())
      label->UnsetToolTip();
    else  // TRANSLATORS: tooltip of a player's name, e.g. "Alice (Black)".
      label->SetToolTip(wxString::Format(_("%s (%s)"), nick, ColorLabel(s)));
  }

  // Turn or result.
  wxString turn;
  if (game.over()) {
    turn = ResultSentence(game.result(), PlayerName(Stone::Black), PlayerName(Stone::White));
  } else if (network) {
    turn = snap_.myTurn ? _("Your turn")
                        : wxString::Format(_("Opponent's turn: %s"), FromUtf8(snap_.peerNickname));
  } else {
    turn = wxString::Format(_("%s to move"), ColorLabel(game.toMove()));
  }
  turn_->SetLabelText(turn);
  turn_->Wrap(wrap);

  wxString moves = wxString::Format(wxPLURAL("%d move", "%d moves", game.ply()), game.ply());
  if (const Point* last = game.lastMove())
    moves += wxString::Format(_(", last %s"), toRif(*last, game.size()));
  moves_->SetLabelText(moves);
  rule_->SetLabelText(RuleLabel(game.rule(), game.size()));
  const bool renju = game.rule() == Rule::Renju;
  foul_->SetLabelText(renju ? FoulPolicyLabel(game.foulPolicy()) : wxString());
  foul_->Wrap(wrap);
  foul_->Show(renju);

  // Connection.
  wxString connection = _("Not connected");
  if (net_) {
    switch (snap_.phase) {
      case net::NetPhase::Idle:
        break;
      case net::NetPhase::Listening:
        connection = wxString::Format(_("Listening on port %d"), snap_.port);
        break;
      case net::NetPhase::Connecting:
        // NetGame says e.g. "connecting to example.org:6515".
        connection = snap_.message.empty() ? wxString(_(L"Connecting\u2026"))
                                           : AsSentence(snap_.message).RemoveLast() + L"\u2026";
        break;
      case net::NetPhase::InMatch:
        if (snap_.match == net::MatchPhase::Closed)
          connection = wxString::Format(_("Connection closed: %s"), FromUtf8(snap_.message));
        else
          connection = wxString::Format(_("Connected to %s"), FromUtf8(snap_.peerAddress));
        break;
      case net::NetPhase::Failed:
        if (snap_.failure != net::NetFailure::Cancelled)
          connection = wxString::Format(_("Connection failed: %s"), FromUtf8(snap_.message));
        break;
    }
  } else if (mode_ == Mode::Local && !game.over()) {
    connection = _(L"Not connected \u2014 local game on this computer");
  }
  connection_->SetLabelText(connection);
  connection_->Wrap(wrap);

  leaveButton_->Enable(net_ && netStarted_ && snap_.phase == net::NetPhase::InMatch &&
                       snap_.match != net::MatchPhase::Closed);
  side_->Layout();
}

void MainFrame::ShowSituationStatus() {
  const Game& game = ShownGame();
  if (game.over()) {
    SetStatusText(ResultSentence(game.result(), PlayerName(Stone::Black), PlayerName(Stone::White)));
  } else if (mode_ == Mode::Network && netStarted_) {
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
  if (mode_ == Mode::Network && !netStarted_) return;
  if (report_)
    for (; reportedPly_ < game.ply(); ++reportedPly_) report_->Move(game, reportedPly_ + 1);
  reportedPly_ = game.ply();
  if (!game.over() || reportedResult_) return;
  reportedResult_ = true;
  if (!report_) return;
  SaveBoardPicture();  // before RESULT: a test that read RESULT finds the picture complete
  report_->Result(game);
  ScheduleExit();
}

void MainFrame::ReportForbidden(const Game& game) {
  if (!report_ || !announced_ || (mode_ == Mode::Network && !netStarted_)) return;
  if (game.rule() != Rule::Renju || game.over() || game.toMove() != Stone::Black) return;
  if (game.ply() == reportedForbiddenPly_) return;
  reportedForbiddenPly_ = game.ply();
  // The board's cached list: what the red crosses show (ShowState has just set the game).
  report_->Forbidden(board_->ForbiddenPoints());
}

void MainFrame::SaveBoardPicture() {
  wxSize size = board_->GetClientSize();
  if (size.x < 200 || size.y < 200) size = FromDIP(wxSize(640, 640));
  const wxBitmap picture = board_->RenderToBitmap(size);
  if (!picture.ConvertToImage().SaveFile(report_->Path() + ".png", wxBITMAP_TYPE_PNG))
    SetStatusText(_("Cannot save the picture of the board."));
}

void MainFrame::ReportGeometry(bool force) {
  if (!report_ || !IsShown()) return;
  wxPoint origin;
  int cell = 0;
  board_->ScreenGeometry(&origin, &cell);
  if (!force && origin == reportedOrigin_ && cell == reportedCell_) return;
  reportedOrigin_ = origin;
  reportedCell_ = cell;
  report_->Geometry(origin, cell);
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
  exitTimer_.Stop();
  *alive_ = false;  // queued network notifications find the window gone
  SaveSettings();
  Destroy();
}

void MainFrame::OnAbout() {
  wxAboutDialogInfo info;
  info.SetName(_("Gomoku"));
  info.SetVersion(kProgramVersion);
  info.SetDescription(_("Five in a row for two players, on one computer or over the network."));
  if (Resources::Get().Logo().IsOk())
    info.SetIcon(Resources::Get().Logo().GetIcon(FromDIP(wxSize(64, 64))));
  wxAboutBox(info, this);
}

}  // namespace gomoku::app
