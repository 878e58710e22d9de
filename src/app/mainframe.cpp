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
#include "app/connectdialogs.h"
#include "app/enginecontroller.h"
#include "app/i18n.h"
#include "app/newgamedialog.h"
#include "app/nicknamedialog.h"
#include "app/preferencesdialog.h"
#include "app/replaybar.h"
#include "app/resources.h"
#include "app/rulesdialog.h"
#include "app/sounds.h"
#include "app/testreport.h"
#include "app/texts.h"
#include "app/wraptext.h"
#include "core/notation.h"
#include "core/utf8.h"
#include "gomoku/version.h"
#include "net/wire.h"

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
  ID_Takeback,
  ID_Draw,
  ID_Resign,
  ID_Again,
  ID_Accept,
  ID_Decline,
  ID_Send,
  ID_Redo,
  ID_Restart,
  ID_NumbersOff,
  ID_NumbersLast,
  ID_NumbersAll,
};

// Colours of the request card: warm for a question to answer, cool for a wait. Fixed light
// colours with dark text, so the card reads the same in light and dark themes.
const wxColour kIncomingCard(255, 240, 200);
const wxColour kIncomingBorder(226, 178, 74);
const wxColour kWaitingCard(226, 236, 248);
const wxColour kWaitingBorder(140, 170, 210);
const wxColour kCardText(38, 38, 38);

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
      exitTimer_(this),
      suspendTimer_(this) {
  if (options_.nickname) session_.nickname = *options_.nickname;
  if (options_.color) session_.hostColor = *options_.color;
  for (GameOptions* g : {&session_.hostGame, &session_.localGame}) {
    if (options_.rule) g->rule = *options_.rule;
    if (options_.boardSize) g->boardSize = *options_.boardSize;
    if (options_.foul) g->foul = *options_.foul;
  }
  if (!options_.testReport.empty()) report_ = std::make_unique<TestReport>(options_.testReport);
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
  wxSize size(side + sidePanel.x, std::max(side, sideContentHeight_));
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
        e.Enable(net_ && netStarted_ && snap_.phase == net::NetPhase::InMatch &&
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
    if (const net::RequestError error = net_->changeNickname(nick)) {
      wxMessageBox(RefusalSentence(error), _("Nickname"), wxOK | wxICON_WARNING, this);
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
    CallAfter([this] {
      ReportGeometry(false);
      ReportButtons();
    });
  });
  side_->Bind(wxEVT_SIZE, [this](wxSizeEvent& e) {
    e.Skip();
    CallAfter([this] {
      // The texts wrap to the panel's width: again when it changed (e.g. a scroll bar came).
      if (SideTextWidth() != sideWrapWidth_) UpdateSidePanel();
      ReportButtons();
    });
  });

  auto* frameSizer = new wxBoxSizer(wxVERTICAL);
  frameSizer->Add(root, wxSizerFlags(1).Expand());
  SetSizer(frameSizer);
}

wxScrolledWindow* MainFrame::BuildSidePanel(wxWindow* parent) {
  // Scrolls vertically, so that the window fits a low screen; as wide as its contents plus the
  // scroll bar, so that a scroll bar never hides or squeezes them.
  auto* panel = new wxScrolledWindow(parent, wxID_ANY, wxDefaultPosition, wxDefaultSize,
                                     wxVSCROLL | wxTAB_TRAVERSAL);
  panel->SetScrollRate(0, FromDIP(10));
  const int scrollBar = std::max(0, wxSystemSettings::GetMetric(wxSYS_VSCROLL_X, panel));
  int width = FromDIP(270);  // of the contents with their margins; more if a row needs it

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

  sizer->AddSpacer(FromDIP(22));
  gameHeading_ = heading(_("Game"));
  sizer->Add(gameHeading_);
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

  // Hot-seat game: undo, redo, restart.
  localSizer_ = new wxBoxSizer(wxVERTICAL);
  localSizer_->AddSpacer(FromDIP(14));
  // Each button at least its best size (its label clear of its edges), the room left shared.
  auto* localRow = new wxFlexGridSizer(3, FromDIP(6), FromDIP(6));
  for (int column = 0; column < 3; ++column) localRow->AddGrowableCol(column, 1);
  undoButton_ = new wxButton(panel, ID_Takeback, _("&Undo"));
  undoButton_->SetToolTip(_("Take back the last move (Ctrl+Z)"));
  redoButton_ = new wxButton(panel, ID_Redo, _("Re&do"));
  redoButton_->SetToolTip(_("Play again the move last taken back (Ctrl+Y)"));
  restartButton_ = new wxButton(panel, ID_Restart, _("Re&start"));
  restartButton_->SetToolTip(_("Start this game again from the empty board"));
  for (wxButton* b : {undoButton_, redoButton_, restartButton_}) localRow->Add(b, expand);
  localSizer_->Add(localRow, expand);
  width = std::max(width, localRow->CalcMin().x + FromDIP(32));  // measured while shown
  sizer->Add(localSizer_, expand);

  // Replay of an opened record.
  replaySizer_ = new wxBoxSizer(wxVERTICAL);
  replaySizer_->AddSpacer(FromDIP(18));
  replaySizer_->Add(heading(_("Replay")));
  replaySizer_->AddSpacer(FromDIP(8));
  ReplayBar::Handlers handlers;
  handlers.seek = [this](int ply) { ShowReplay(ply); };
  handlers.continueHere = [this] { ContinueFromHere(); };
  handlers.speedChanged = [this](int ms) {
    session_.replaySpeedMs = saved_.replaySpeedMs = ms;
    SaveSettings();
  };
  replayBar_ = new ReplayBar(panel, handlers, session_.replaySpeedMs);
  replaySizer_->Add(replayBar_, expand);
  width = std::max(width, replayBar_->GetBestSize().x + FromDIP(32));
  sizer->Add(replaySizer_, expand);
  // Hidden until needed: they take the place of the chat, so the window's minimum size (set
  // from the panel as built) does not count them.
  sizer->Show(localSizer_, false, /*recursive=*/true);
  sizer->Show(replaySizer_, false, /*recursive=*/true);

  // Network match: the actions, two by two.
  actionsSizer_ = new wxBoxSizer(wxVERTICAL);
  actionsSizer_->AddSpacer(FromDIP(14));
  auto* actions = new wxGridSizer(2, FromDIP(6), FromDIP(6));
  takebackButton_ = new wxButton(panel, ID_Takeback, _("&Take back"));
  takebackButton_->SetToolTip(_("Ask your opponent to take back your last move (Ctrl+Z)"));
  drawButton_ = new wxButton(panel, ID_Draw, _("Offer &draw"));
  drawButton_->SetToolTip(_("Offer your opponent a draw (Ctrl+D)"));
  resignButton_ = new wxButton(panel, ID_Resign, _(L"&Resign\u2026"));
  resignButton_->SetToolTip(_("Give up the running game"));
  againButton_ = new wxButton(panel, ID_Again, _("Play &again"));
  againButton_->SetToolTip(_("Ask for another game, with the colours swapped (Ctrl+G)"));
  for (wxButton* b : {takebackButton_, drawButton_, resignButton_, againButton_})
    actions->Add(b, expand);
  actionsSizer_->Add(actions, expand);
  sizer->Add(actionsSizer_, expand);

  // The opponent's request with Accept / Decline, or our request waiting for an answer. A
  // card in the side panel, so the board never moves and the game goes on meanwhile.
  requestCard_ = new wxPanel(panel);
  requestCard_->SetBackgroundColour(kIncomingCard);
  requestCard_->Bind(wxEVT_PAINT, [this](wxPaintEvent&) {
    wxPaintDC dc(requestCard_);
    const bool incoming = requestCard_->GetBackgroundColour() == kIncomingCard;
    dc.SetPen(wxPen(incoming ? kIncomingBorder : kWaitingBorder, FromDIP(1)));
    dc.SetBrush(*wxTRANSPARENT_BRUSH);
    dc.DrawRectangle(wxPoint(0, 0), requestCard_->GetClientSize());
    // An accent stripe on the left edge.
    dc.SetBrush(wxBrush(incoming ? kIncomingBorder : kWaitingBorder));
    dc.DrawRectangle(0, 0, FromDIP(4), requestCard_->GetClientSize().y);
  });
  requestTitle_ = new wxStaticText(requestCard_, wxID_ANY, {});
  requestTitle_->SetFont(requestTitle_->GetFont().Bold());
  requestText_ = new wxStaticText(requestCard_, wxID_ANY, {});
  for (wxStaticText* t : {requestTitle_, requestText_}) t->SetForegroundColour(kCardText);
  acceptButton_ = new wxButton(requestCard_, ID_Accept, _("&Accept"));
  declineButton_ = new wxButton(requestCard_, ID_Decline, _("Decli&ne"));
  auto* cardButtons = new wxBoxSizer(wxHORIZONTAL);
  cardButtons->AddStretchSpacer();
  cardButtons->Add(declineButton_);
  cardButtons->Add(acceptButton_, wxSizerFlags().Border(wxLEFT, FromDIP(6)));
  auto* card = new wxBoxSizer(wxVERTICAL);
  const int pad = FromDIP(12);
  card->Add(requestTitle_, wxSizerFlags().Expand().Border(wxLEFT | wxRIGHT | wxTOP, pad));
  card->AddSpacer(FromDIP(4));
  card->Add(requestText_, wxSizerFlags().Expand().Border(wxLEFT | wxRIGHT, pad));
  card->Add(cardButtons, wxSizerFlags().Expand().Border(wxALL, pad));
  requestCard_->SetSizer(card);
  requestCard_->Hide();
  sizer->Add(requestCard_, wxSizerFlags().Expand().Border(wxTOP, FromDIP(14)));

  // Chat: the log (newest at the bottom), a line to type in and Send, a note for refusals.
  chatSizer_ = new wxBoxSizer(wxVERTICAL);
  chatSizer_->AddSpacer(FromDIP(18));
  chatSizer_->Add(heading(_("Chat")));
  chatSizer_->AddSpacer(FromDIP(8));
  chatLog_ = new wxTextCtrl(panel, wxID_ANY, {}, wxDefaultPosition, wxDefaultSize,
                            wxTE_MULTILINE | wxTE_READONLY | wxTE_RICH2 | wxTE_WORDWRAP);
  chatLog_->SetMinSize(wxSize(-1, FromDIP(60)));
  chatLog_->SetMargins(FromDIP(4));
  chatSizer_->Add(chatLog_, wxSizerFlags(1).Expand());
  chatSizer_->AddSpacer(FromDIP(6));
  auto* chatRow = new wxBoxSizer(wxHORIZONTAL);
  chatInput_ =
      new wxTextCtrl(panel, wxID_ANY, {}, wxDefaultPosition, wxDefaultSize, wxTE_PROCESS_ENTER);
  chatInput_->SetHint(_("Type a message"));
  sendButton_ =
      new wxButton(panel, ID_Send, _("Send"), wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
  sendButton_->SetMinSize(wxSize(FromDIP(64), -1));
  chatRow->Add(chatInput_, wxSizerFlags(1).CentreVertical());
  chatRow->Add(sendButton_, wxSizerFlags().CentreVertical().Border(wxLEFT, FromDIP(6)));
  chatSizer_->Add(chatRow, expand);
  chatError_ = new wxStaticText(panel, wxID_ANY, {});
  wxFont small = chatError_->GetFont();
  small.SetFractionalPointSize(small.GetFractionalPointSize() * 0.9);
  chatError_->SetFont(small);
  chatError_->SetForegroundColour(wxColour(192, 28, 40));
  chatSizer_->AddSpacer(FromDIP(2));
  chatSizer_->Add(chatError_, expand);
  sizer->Add(chatSizer_, wxSizerFlags(1).Expand());
  chatInput_->Bind(wxEVT_TEXT_ENTER, [this](wxCommandEvent&) { SendChat(); });
  chatInput_->Bind(wxEVT_TEXT, [this](wxCommandEvent& e) {
    e.Skip();
    if (!chatError_->GetLabel().empty()) chatError_->SetLabelText({});
  });
  // In a hot-seat game (no chat) the buttons still sit at the bottom.
  filler_ = sizer->AddStretchSpacer();

  sizer->AddSpacer(FromDIP(22));
  sizer->Add(heading(_("Connection")));
  sizer->AddSpacer(FromDIP(8));
  connection_ = new wxStaticText(panel, wxID_ANY, {});
  sizer->Add(connection_, expand);

  sizer->AddSpacer(FromDIP(8));
  hostButton_ = new wxButton(panel, ID_Host, _(L"&Create game\u2026"));
  joinButton_ = new wxButton(panel, ID_Join, _(L"&Join game\u2026"));
  leaveButton_ = new wxButton(panel, ID_Leave, _("&Leave game"));
  // Create and Join side by side, Leave under them: room for the chat in a network match.
  auto* connect = new wxGridSizer(2, FromDIP(6), FromDIP(6));
  connect->Add(hostButton_, expand);
  connect->Add(joinButton_, expand);
  sizer->AddSpacer(FromDIP(6));
  sizer->Add(connect, expand);
  sizer->AddSpacer(FromDIP(6));
  sizer->Add(leaveButton_, expand);
  auto* outer = new wxBoxSizer(wxVERTICAL);
  outer->Add(sizer, wxSizerFlags(1).Expand().Border(wxALL, FromDIP(16)));
  panel->SetSizer(outer);
  sideContentHeight_ = outer->GetMinSize().y;  // as built: a network match with its chat
  sideWidth_ = std::max(width, outer->GetMinSize().x);
  panel->SetMinSize(wxSize(sideWidth_ + scrollBar, FromDIP(200)));
  panel->FitInside();

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
  netStarted_ = false;
  startedGame_ = 0;
  netSavedGame_ = 0;  // a new match: its games are numbered from 1 again
  chatShown_ = 0;
  suspensionsShown_ = 0;
  closedShown_ = false;
  resumedShown_ = true;
  noticeShown_ = {};
  chatLog_->Clear();
  chatInput_->Clear();
  chatError_->SetLabelText({});
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
    AutoSaveNetwork(last.game);
    // Keep the ended game visible as a position nobody can play on.
    local_ = last.game;
    hotSeat_ = false;
    localDirty_ = false;
    mode_ = Mode::Local;
  }
  snap_ = net::NetSnapshot();
  netStarted_ = false;
  startedGame_ = 0;
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
  if (netStarted_ && snap_.role == net::Role::Joiner &&
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
  // The first game, and each one after "Play again" (colours swapped).
  const int gameNumber = std::max(snap_.gameNumber, 1);
  if (snap_.phase == net::NetPhase::InMatch && snap_.localColor != Stone::Empty &&
      snap_.match != net::MatchPhase::Handshake && gameNumber > startedGame_) {
    netStarted_ = true;
    startedGame_ = gameNumber;
    netTimes_.clear();
    lastMoveAt_ = std::chrono::steady_clock::now();
    mode_ = Mode::Network;
    you_ = snap_.localColor;
    reportedPly_ = 0;
    reportedResult_ = false;
    announced_ = true;
    reportedForbiddenPly_ = -1;
    savePath_.clear();
    const wxString peer = FromUtf8(snap_.peerNickname);
    if (report_) {
      report_->Started(snap_.localColor, snap_.peerNickname, gameNumber);
      ReportGeometry(true);
    }
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
  if (mode_ == Mode::Network && netStarted_) {
    // Nicknames follow NICKNAME messages (and our own changes) while the match lasts.
    if (!snap_.peerNickname.empty()) {
      const wxString local = FromUtf8(snap_.localNickname);
      const wxString peer = FromUtf8(snap_.peerNickname);
      blackNick_ = you_ == Stone::Black ? local : peer;
      whiteNick_ = you_ == Stone::White ? local : peer;
    }
  }
  if (snap_.role == net::Role::Joiner && netStarted_) {
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
  // Suspended: say so (test report), and count the resume window down once a second.
  const bool suspended = netStarted_ && snap_.phase == net::NetPhase::InMatch &&
                         snap_.match == net::MatchPhase::Suspended;
  for (; netStarted_ && suspensionsShown_ < snap_.suspensions; ++suspensionsShown_) {
    if (report_) report_->Line("SUSPENDED " + singleLine(snap_.suspendReason));
    resumedShown_ = false;
  }
  if (!resumedShown_ && !suspended && snap_.match != net::MatchPhase::Closed) {
    resumedShown_ = true;
    if (report_) report_->Line("RESUMED " + std::to_string(snap_.game.ply()));
  }
  if (suspended && !suspendTimer_.IsRunning()) suspendTimer_.Start(1000);
  if (!suspended && suspendTimer_.IsRunning()) suspendTimer_.Stop();
  // Board, side panel and the MOVE / TAKEBACK / RESULT lines first: the chat and the notice
  // that came in the same batch of network events are reported after them.
  if (mode_ == Mode::Network && netStarted_) NoteNetworkTimes();
  const int plyBefore = reportedPly_;
  const bool resultBefore = reportedResult_;
  ShowState();
  if (mode_ == Mode::Network && netStarted_) {
    for (; chatShown_ < snap_.chat.size(); ++chatShown_) {
      AppendChat(snap_.chat[chatShown_]);
      if (report_) report_->Chat(snap_.chat[chatShown_].fromUs, snap_.chat[chatShown_].text);
      if (!snap_.chat[chatShown_].fromUs) PlaySound(Sound::Message);
    }
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
  if (snap_.notice != noticeShown_) {
    noticeShown_ = snap_.notice;
    if (snap_.notice.kind != net::NoticeKind::None) {
      if (report_ && netStarted_) report_->Notice(net::describe(snap_.notice));
      SetStatusText(NoticeSentence(snap_.notice));
    }
  }
  if (mode_ == Mode::Network && netStarted_) {
    const Game& game = snap_.game;
    if (game.over() && !resultBefore) {
      SetStatusText(
          ResultSentence(game.result(), PlayerName(Stone::Black), PlayerName(Stone::White)));
      AutoSaveNetwork(game);
    } else if (snap_.match == net::MatchPhase::Closed && !closedShown_) {
      // The match closed (e.g. the dropped peer's time to reconnect ran out): the status bar
      // says so like the side panel, instead of the notice that we are still waiting.
      SetStatusText(wxString::Format(_("Connection closed: %s"), AsSentence(snap_.message)));
    }
    if (snap_.match == net::MatchPhase::Closed) closedShown_ = true;
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

bool MainFrame::MatchConnected() const {
  return net_ && netStarted_ && snap_.phase == net::NetPhase::InMatch &&
         snap_.match != net::MatchPhase::Handshake && snap_.match != net::MatchPhase::Closed &&
         snap_.match != net::MatchPhase::Suspended;
}

bool MainFrame::CanTakeback() const {
  if (!MatchRunning() || snap_.game.over() || snap_.takebackPending || snap_.takebackRequested)
    return false;
  // Our last move, and the opponent's reply when it is our turn again.
  const int left = snap_.game.ply() - (snap_.game.toMove() == snap_.localColor ? 2 : 1);
  return left >= 0;
}

bool MainFrame::CanOfferDraw() const {
  return MatchRunning() && !snap_.game.over() && !snap_.drawOffered;
}

bool MainFrame::CanResign() const {
  return MatchRunning() && !snap_.game.over();
}

bool MainFrame::CanPlayAgain() const {
  return MatchConnected() && snap_.match == net::MatchPhase::Finished && !snap_.wantAgain;
}

bool MainFrame::CanAnswer() const {
  if (!MatchConnected()) return false;
  return snap_.takebackRequested || snap_.drawRequested ||
         (snap_.match == net::MatchPhase::Finished && snap_.peerWantsAgain && !snap_.wantAgain);
}

void MainFrame::ShowActionResult(const net::RequestError& error, const wxString& done) {
  OnNetChanged();  // the new state (and the match's notice) at once
  SetStatusText(error ? RefusalSentence(error) : done);
}

void MainFrame::RequestTakeback() {
  if (!CanTakeback()) return;
  const net::RequestError error = net_->requestTakeback();
  ShowActionResult(error,
                   wxString::Format(_(L"Takeback requested. Waiting for %s\u2019s answer\u2026"),
                                    FromUtf8(snap_.peerNickname)));
}

void MainFrame::OfferDraw() {
  if (!CanOfferDraw()) return;
  const bool accepting = snap_.drawRequested;
  const net::RequestError error = net_->offerDraw();
  if (accepting && !error) {
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
  const net::RequestError error = net_->resign();
  if (!error) {
    OnNetChanged();  // the result is in the status bar
    return;
  }
  ShowActionResult(error, {});
}

void MainFrame::PlayAgain() {
  if (!CanPlayAgain()) return;
  const net::RequestError error = net_->playAgain(true);
  if (!error && startedGame_ < std::max(net_->snapshot().gameNumber, 1)) {
    OnNetChanged();  // the opponent had asked already: the next game has started
    return;
  }
  ShowActionResult(error,
                   wxString::Format(_(L"Waiting for %s\u2026"), FromUtf8(snap_.peerNickname)));
}

void MainFrame::AnswerRequest(bool accept) {
  if (!CanAnswer()) return;
  net::RequestError error;
  if (snap_.takebackRequested)
    error = net_->answerTakeback(accept);
  else if (snap_.drawRequested)
    error = net_->answerDraw(accept);
  else
    error = net_->playAgain(accept);
  OnNetChanged();                                    // the match's notice says what was done
  if (error) SetStatusText(RefusalSentence(error));  // e.g. the request lapsed meanwhile
}

void MainFrame::SendChat() {
  if (!MatchConnected()) return;
  const std::string text = chatInput_->GetValue().Trim().Trim(false).utf8_string();
  if (text.empty()) return;
  if (text.size() > net::kMaxChatBytes) {
    // The limit in bytes of UTF-8 means little to a player: say what fits (a Chinese character
    // takes 3 bytes).
    chatError_->SetLabelText(wxString::Format(
        _("The message is too long (at most %d bytes, about %d Chinese characters)."),
        static_cast<int>(net::kMaxChatBytes), static_cast<int>(net::kMaxChatBytes / 3)));
    side_->Layout();
    return;
  }
  if (const net::RequestError error = net_->sendChat(text)) {
    SetWrappedLabel(chatError_, RefusalSentence(error),
                    SideTextWidth());  // e.g. too long, too fast
    RelayoutSide();
    return;
  }
  chatInput_->Clear();
  chatError_->SetLabelText({});
  OnNetChanged();
}

void MainFrame::AppendChat(const net::ChatLine& line) {
  // "Bob: hello" / "You: hi"; the name in bold (and coloured for the opponent). singleLine
  // keeps a peer's text on its line.
  const wxString who = line.fromUs ? wxString(_("You")) : FromUtf8(singleLine(snap_.peerNickname));
  if (!chatLog_->IsEmpty()) chatLog_->AppendText("\n");
  wxTextAttr name;
  name.SetFontWeight(wxFONTWEIGHT_BOLD);
  name.SetTextColour(line.fromUs ? wxSystemSettings::GetColour(wxSYS_COLOUR_WINDOWTEXT)
                                 : wxColour(28, 100, 180));
  chatLog_->SetDefaultStyle(name);
  // TRANSLATORS: the speaker in the chat log, e.g. "Bob: ".
  chatLog_->AppendText(wxString::Format(_("%s: "), who));
  wxTextAttr body;
  body.SetFontWeight(wxFONTWEIGHT_NORMAL);
  body.SetTextColour(wxSystemSettings::GetColour(wxSYS_COLOUR_WINDOWTEXT));
  chatLog_->SetDefaultStyle(body);
  chatLog_->AppendText(FromUtf8(singleLine(line.text)));
  chatLog_->ShowPosition(chatLog_->GetLastPosition());  // newest at the bottom, in view
}

void MainFrame::UpdateRequestCard() {
  const int wrap = SideTextWidth() - FromDIP(24);
  // A long nickname is shortened, so that the sentence around it stays short.
  const wxString peer = EllipsizeName(requestText_, FromUtf8(snap_.peerNickname), wrap * 3 / 5);
  wxString title, text;
  bool incoming = false;
  if (MatchConnected()) {
    incoming = true;
    if (snap_.takebackRequested) {
      title = _("Takeback request");
      // The opponent asks for two plies when it is its turn (its move and our reply).
      text = snap_.game.toMove() == snap_.localColor
                 ? wxString::Format(_("%s asks to take back a move."), peer)
                 : wxString::Format(_("%s asks to take back two moves."), peer);
    } else if (snap_.drawRequested) {
      title = _("Draw offer");
      text = wxString::Format(_("%s offers a draw."), peer);
    } else if (snap_.match == net::MatchPhase::Finished && snap_.peerWantsAgain &&
               !snap_.wantAgain) {
      title = _("Play again");
      text = wxString::Format(_("%s wants to play again, with the colours swapped."), peer);
    } else {
      incoming = false;
      if (snap_.takebackPending) {
        title = _("Takeback requested");
        text = wxString::Format(_(L"Waiting for %s\u2019s answer\u2026"), peer);
      } else if (snap_.drawOffered) {
        title = _("Draw offered");
        text = wxString::Format(_(L"Waiting for %s\u2019s answer\u2026"), peer);
      } else if (snap_.match == net::MatchPhase::Finished && snap_.wantAgain) {
        title = _("Play again");
        text = wxString::Format(_(L"Waiting for %s\u2026"), peer);
      }
    }
  }
  if (title.empty()) {
    requestCard_->Hide();
    return;
  }
  requestCard_->SetBackgroundColour(incoming ? kIncomingCard : kWaitingCard);
  SetWrappedLabel(requestTitle_, title, wrap);
  SetWrappedLabel(requestText_, text, wrap);
  acceptButton_->Show(incoming);
  declineButton_->Show(incoming);
  requestCard_->Show();
  requestCard_->Layout();
  requestCard_->Refresh();
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

void MainFrame::UpdateSidePanel() {
  const Game& game = ShownGame();
  const bool network = mode_ == Mode::Network && netStarted_;
  const int wrap = SideTextWidth();
  sideWrapWidth_ = wrap;
  // Nicknames inside sentences are shortened (with an ellipsis) to about half a line, so that
  // what the sentence says (whose turn, the countdown) always shows.
  auto shortName = [&](const wxWindow* label, const wxString& nick) {
    return EllipsizeName(label, nick, wrap / 2);
  };

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
    turn = ResultSentence(game.result(), shortName(turn_, PlayerName(Stone::Black)),
                          shortName(turn_, PlayerName(Stone::White)));
  } else if (network && snap_.match == net::MatchPhase::Suspended) {
    turn = _("Game paused: connection lost");
  } else if (mode_ == Mode::Replay && game.ply() == static_cast<int>(replayRecord_.moves.size()) &&
             replayRecord_.result) {
    // The end of a record that states its result (e.g. a resignation, RE[B+R]).
    turn = RecordResultSentence(replayRecord_, PlayerName(Stone::Black), PlayerName(Stone::White));
  } else if (mode_ == Mode::Replay) {
    turn = wxString::Format(_("Replay: %s to move"), ColorLabel(game.toMove()));
  } else if (network) {
    if (snap_.myTurn) {
      turn = _("Your turn");
    } else {
      // On one line when the name, shortened, fits there.
      const wxString format = _("Opponent's turn: %s");
      wxClientDC dc(turn_);
      dc.SetFont(turn_->GetFont());
      const int room = wrap - dc.GetTextExtent(wxString::Format(format, wxString())).x;
      turn = wxString::Format(
          format, EllipsizeName(turn_, FromUtf8(snap_.peerNickname), std::max(room, wrap / 2)));
    }
  } else if (mode_ == Mode::Local && computer_ != Stone::Empty) {
    turn = game.toMove() == computer_ ? _(L"The computer is thinking\u2026") : _("Your turn");
  } else {
    turn = wxString::Format(_("%s to move"), ColorLabel(game.toMove()));
  }
  SetWrappedLabel(turn_, turn, wrap);
  if (report_ && turn != reportedTurn_) report_->Line("TURN " + singleLine(turn.utf8_string()));
  reportedTurn_ = turn;
  // In a replay the controls below keep their place whether the result (two lines) or the side
  // to move (one line) is shown.
  turn_->SetMinSize(wxSize(-1, mode_ == Mode::Replay ? 2 * turn_->GetCharHeight() : -1));
  gameHeading_->SetLabelText(network && startedGame_ >= 2
                                 ? wxString::Format(_("Game %d"), startedGame_).Upper()
                                 : wxString(_("Game")).Upper());

  wxString moves = wxString::Format(wxPLURAL("%d move", "%d moves", game.ply()), game.ply());
  if (const Point* last = game.lastMove())
    moves += wxString::Format(_(", last %s"), toRif(*last, game.size()));
  SetWrappedLabel(moves_, moves, wrap);
  SetWrappedLabel(rule_, RuleLabel(game.rule(), game.size()), wrap);
  const bool renju = game.rule() == Rule::Renju;
  SetWrappedLabel(foul_, renju ? FoulPolicyLabel(game.foulPolicy()) : wxString(), wrap);
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
        if (snap_.match == net::MatchPhase::Suspended) {
          const auto left =
              std::max<long long>(0, std::chrono::duration_cast<std::chrono::seconds>(
                                         snap_.resumeDeadline - std::chrono::steady_clock::now())
                                         .count());
          const wxString clock = wxString::Format("%lld:%02lld", left / 60, left % 60);
          connection =
              snap_.role == net::Role::Host
                  ? wxString::Format(_(L"Connection lost — waiting for %s to reconnect (%s left)."),
                                     shortName(connection_, FromUtf8(snap_.peerNickname)), clock)
                  : wxString::Format(_(L"Connection lost — reconnecting to the host (%s left)."),
                                     clock);
        } else if (snap_.match == net::MatchPhase::Closed)
          connection = wxString::Format(_("Connection closed: %s"), CoreText(snap_.message));
        else
          connection = wxString::Format(_("Connected to %s"), FromUtf8(snap_.peerAddress));
        break;
      case net::NetPhase::Failed:
        if (snap_.failure != net::NetFailure::Cancelled)
          connection = wxString::Format(_("Connection failed: %s"), CoreText(snap_.message));
        break;
    }
  } else if (mode_ == Mode::Local && !game.over()) {
    connection = _(L"Not connected \u2014 local game on this computer");
  } else if (mode_ == Mode::Replay) {
    connection = _(L"Not connected \u2014 replaying a record");
  }
  SetWrappedLabel(connection_, connection, wrap);
  RewrapLabel(chatError_, wrap);

  leaveButton_->Enable(net_ && netStarted_ && snap_.phase == net::NetPhase::InMatch &&
                       snap_.match != net::MatchPhase::Closed);

  // Network match: actions, request card and chat; in a hot-seat game none of them.
  side_->GetSizer()->Show(actionsSizer_, network, /*recursive=*/true);
  side_->GetSizer()->Show(chatSizer_, network, /*recursive=*/true);
  filler_->Show(!network);
  side_->GetSizer()->Show(localSizer_, mode_ == Mode::Local && hotSeat_, /*recursive=*/true);
  side_->GetSizer()->Show(replaySizer_, mode_ == Mode::Replay, /*recursive=*/true);
  undoButton_->Enable(CanUndo());
  redoButton_->Enable(CanRedo());
  restartButton_->Enable(mode_ == Mode::Local && hotSeat_ && local_.ply() > 0);
  takebackButton_->Enable(CanTakeback());
  drawButton_->Enable(CanOfferDraw());
  resignButton_->Enable(CanResign());
  againButton_->Enable(CanPlayAgain());
  againButton_->SetLabel(snap_.wantAgain && MatchConnected() ? _(L"Waiting\u2026")
                                                             : _("Play &again"));
  const bool canChat = MatchConnected();
  chatInput_->Enable(canChat);
  sendButton_->Enable(canChat);
  if (network)
    chatInput_->SetHint(canChat
                            ? wxString::Format(_(L"Message to %s\u2026"),
                                               shortName(chatInput_, FromUtf8(snap_.peerNickname)))
                            : wxString(_("Not connected")));
  UpdateRequestCard();
  if (!network) requestCard_->Hide();
  // The title names the record replayed.
  const wxString title =
      mode_ == Mode::Replay
          ? wxString::Format(_("%s - Gomoku"), wxFileName(replayPath_).GetFullName())
          : wxString(_("Gomoku"));
  if (GetTitle() != title) SetTitle(title);
  RelayoutSide();
  CallAfter([this] { ReportButtons(); });  // once the layout settled
}

int MainFrame::SideTextWidth() const {
  // The panel's inside less its margins; never less than the panel was built for.
  return std::max(side_->GetClientSize().x, sideWidth_) - FromDIP(32);
}

void MainFrame::RelayoutSide() {
  side_->FitInside();  // the scrolling range follows the contents shown
  side_->Layout();
}

void MainFrame::ShowSituationStatus() {
  const Game& game = ShownGame();
  if (game.over()) {
    SetStatusText(
        ResultSentence(game.result(), PlayerName(Stone::Black), PlayerName(Stone::White)));
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
  // A takeback removed stones: the moves reported before differ from the game's from some
  // ply on (also when a move was replayed before this update: same count, other stones).
  const std::vector<Point>& moves = game.moves();
  int common = 0;
  const int shared = std::min({reportedPly_, game.ply(), static_cast<int>(reportedMoves_.size())});
  while (common < shared && moves[common] == reportedMoves_[common]) ++common;
  if (common < reportedPly_) {
    reportedPly_ = common;
    if (report_) report_->Takeback(common);
  }
  if (game.ply() > reportedPly_) {
    const Stone mover = game.ply() % 2 == 1 ? Stone::Black : Stone::White;
    const bool theirs = mode_ == Mode::Network ? mover != snap_.localColor : mover == computer_;
    PlaySound(theirs ? Sound::Opponent : Sound::Stone);
  }
  if (report_)
    for (; reportedPly_ < game.ply(); ++reportedPly_) report_->Move(game, reportedPly_ + 1);
  reportedPly_ = game.ply();
  reportedMoves_ = moves;
  if (!game.over()) reportedResult_ = false;  // undo reopened a finished game (C09)
  if (!game.over() || reportedResult_) return;
  reportedResult_ = true;
  PlaySound(Sound::GameOver);
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

void MainFrame::ReportButtons() {
  if (!report_ || !IsShown()) return;
  const std::pair<const char*, wxWindow*> controls[] = {
      {"takeback", takebackButton_},
      {"draw", drawButton_},
      {"resign", resignButton_},
      {"again", againButton_},
      {"accept", acceptButton_},
      {"decline", declineButton_},
      {"chat", chatInput_},
      {"send", sendButton_},
      {"undo", undoButton_},
      {"redo", redoButton_},
      {"restart", restartButton_},
      {"first", replayBar_->FirstButton()},
      {"prev", replayBar_->PrevButton()},
      {"play", replayBar_->PlayButton()},
      {"next", replayBar_->NextButton()},
      {"last", replayBar_->LastButton()},
      {"continue", replayBar_->ContinueButton()},
  };
  const double scale = GetContentScaleFactor();
  for (const auto& [name, control] : controls) {
    std::optional<wxPoint> centre;
    if (control->IsShownOnScreen() && control->IsEnabled()) {
      // From the positions the sizers set (GTK allocates the widgets a little later): up the
      // parents to the side panel, whose place on the screen is settled.
      wxPoint pos = control->GetPosition() + control->GetSize() / 2;
      for (wxWindow* w = control->GetParent(); w && w != side_; w = w->GetParent())
        pos += w->GetPosition();
      const wxPoint screen = side_->ClientToScreen(pos);
      centre = wxPoint(static_cast<int>(std::lround(screen.x * scale)),
                       static_cast<int>(std::lround(screen.y * scale)));
    }
    const std::string key =
        centre ? std::to_string(centre->x) + " " + std::to_string(centre->y) : std::string("-");
    auto [it, added] = reportedButtons_.try_emplace(name, key);
    if (!added && it->second == key) continue;
    if (added && !centre) continue;  // never shown yet: nothing to say
    it->second = key;
    report_->Button(name, centre);
  }
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
