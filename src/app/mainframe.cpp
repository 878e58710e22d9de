#include "app/mainframe.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <stdexcept>

#include <wx/config.h>
#include <wx/display.h>
#include <wx/menu.h>
#include <wx/msgdlg.h>
#include <wx/panel.h>
#include <wx/sizer.h>
#include <wx/statline.h>
#include <wx/statusbr.h>

#include "ai/engine.h"
#include "app/boardpanel.h"
#include "app/commands.h"
#include "app/connectdialogs.h"
#include "app/hallpanel.h"
#include "app/i18n.h"
#include "app/localcontroller.h"
#include "app/networkcontroller.h"
#include "app/newgamedialog.h"
#include "app/onlinecontroller.h"
#include "app/openingbar.h"
#include "app/openingtexts.h"
#include "app/reportobserver.h"
#include "app/resources.h"
#include "app/sidepanel.h"
#include "app/sounds.h"
#include "app/statusline.h"
#include "app/texts.h"
#include "core/notation.h"
#include "core/utf8.h"
#include "session/openingsession.h"

namespace gomoku::app {

MainFrame::MainFrame(const Settings& settings, const LaunchOptions& options)
    : wxFrame(nullptr, wxID_ANY, _("Gomoku")),
      saved_(settings),
      session_(settings),
      options_(options),
      exitTimer_(this) {
  NetworkController::Hooks hooks;
  hooks.resumeTokenChanged = [this](const std::string& token) {
    if (token == saved_.resumeToken) return;
    saved_.resumeToken = session_.resumeToken = token;
    SaveSettings();
  };
  network_ = std::make_unique<NetworkController>(*this, std::move(hooks));
  if (options_.nickname) session_.nickname = *options_.nickname;
  if (options_.color) session_.hostColor = *options_.color;
  if (options_.opening) session_.localGame.opening = session_.hostGame.opening = *options_.opening;
  for (GameOptions* g : {&session_.hostGame, &session_.localGame}) {
    if (options_.rule) g->rule = *options_.rule;
    if (options_.boardSize) g->boardSize = *options_.boardSize;
    if (options_.foul) g->foul = *options_.foul;
  }
  if (options_.clock) session_.localGame.clock = session_.hostGame.clock = *options_.clock;
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
  status_ = new StatusLine(this);
  SetStatusBar(status_);
  if (report_)
    status_->SetPaintedHook([this](const wxRect& text, const wxString& sentence) {
      // The status bar's rectangle and the text's right end, in physical screen pixels.
      const double scale = status_->GetContentScaleFactor();
      const wxRect bar(status_->ClientToScreen(wxPoint(0, 0)), status_->GetClientSize());
      auto px = [scale](int v) { return static_cast<int>(std::lround(v * scale)); };
      const int right = text.IsEmpty() ? bar.x : bar.x + text.GetRight() + 1;
      report_->Line(wxString::Format("STATUS %d %d %d %d %d ", px(bar.x), px(bar.y), px(bar.width),
                                     px(bar.height), px(right))
                        .utf8_string() +
                    sentence.utf8_string());
    });
  // Room for the side panel (it scrolls when lower than its contents; compact, it is narrower)
  // and a board that is still comfortable to play on; low enough for a 1366x768 or 1024x600
  // screen, and for 200 % on 1920x1080.
  side_->SetCompact(true);
  wxSize minimum = GetSizer()->GetMinSize();
  side_->SetCompact(false);
  minimum.IncTo(FromDIP(wxSize(640, 440)));
  SetMinClientSize(minimum);

  // In a narrow window the board keeps the room: the side panel turns compact when its usual
  // width would leave the board less than the window's height (up to a comfortable size).
  Bind(wxEVT_SIZE, [this](wxSizeEvent& e) {
    e.Skip();
    const wxSize client = GetClientSize();
    const bool compact = client.x - side_->NaturalWidth() < std::min(client.y, FromDIP(600));
    if (compact == side_->IsCompact()) return;
    side_->SetCompact(compact);
    CallAfter([this] {
      Layout();
      UpdateSidePanel();  // the texts wrap to the new width
    });
  });
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
  clockTimer_.SetOwner(this);
  Bind(
      wxEVT_TIMER,
      [this](wxTimerEvent&) {
        if (!active_ || !active_->ClockRunning()) {
          clockTimer_.Stop();
          return;
        }
        if (active_->OnClockTick()) return;  // the game ended on time and was shown
        SideInput in;
        in.kind = Kind();
        active_->FillSideInput(in);
        const ClocksView clocks = sideView(ShownGame(), in).clocks;
        side_->RenderClocks(clocks);
        // A short sound once a turn when the running clock falls under 10 s.
        for (const std::optional<ClockView>& c : {clocks.black, clocks.white})
          if (c && c->running && c->low && clockWarnedPly_ != ShownGame().ply()) {
            clockWarnedPly_ = ShownGame().ply();
            PlaySound(Sound::ClockLow);
          }
      },
      clockTimer_.GetId());

  SetClientSize(DefaultClientSize());
  Centre();
  NewLocalGame(/*announce=*/!options_.hostPort && !options_.join && !options_.online);
  if (!active_->RunningOpening())  // else the opening's first step stays said
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
  if (local_) local_->StopEngine();
  *alive_ = false;
  online_.reset();   // leaves an online game, signs out
  network_.reset();  // BYE, then the network thread ends
}

void MainFrame::ShowAnalysis(int depth, int score) {
  if (!session_.showAnalysis) return;
  wxString judgement;
  if (score >= ai::kWinScore / 2)
    judgement = _("it sees a forced win");
  else if (score <= -ai::kWinScore / 2)
    judgement = _("it sees a forced loss");
  else  // TRANSLATORS: the engine's evaluation for the computer, e.g. "evaluation +120".
    judgement = wxString::Format(_("evaluation %+d"), score);
  // TRANSLATORS: under "The computer is thinking…", e.g. "Depth 6, evaluation +120".
  side_->SetAnalysis(wxString::Format(_("Depth %d, %s"), depth, judgement));
  if (report_) report_->Line("ANALYSIS " + std::to_string(depth) + " " + std::to_string(score));
}

void MainFrame::AnnounceCursor(Point p) {
  const Game& game = board_->GetGame();
  const std::string point = pointName(p, game.size());
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

  // The opening's banner over the board (hidden unless an opening rule runs); its buttons go
  // to the game shown.
  OpeningBar::Handlers opening;
  opening.choose = [this](OpeningChoice c) {
    if (active_) active_->OnOpeningChoice(c);
  };
  opening.declare = [this](int n) {
    if (active_) active_->OnOpeningDeclare(n);
  };
  opening.offer = [this] {
    if (active_) active_->OnOpeningOffer();
  };
  openingBar_ = new OpeningBar(root, std::move(opening));
  auto* boardColumn = new wxBoxSizer(wxVERTICAL);
  boardColumn->Add(openingBar_, wxSizerFlags().Expand());
  boardColumn->Add(board_, wxSizerFlags(1).Expand());

  auto* sizer = new wxBoxSizer(wxHORIZONTAL);
  sizer->Add(boardColumn, wxSizerFlags(1).Expand());
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
  gameRoot_ = root;
  BuildOnline(*frameSizer);  // the hall panel, hidden until a login
  SetSizer(frameSizer);
}

// ---------------------------------------------------------------------------------------------
// Local games

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
  // Not announced: the board waits behind a network game about to start; no opening runs on
  // it, and no clock.
  if (announce) local_->StartOpening(options.opening);  // the clocks then time it too
  if (announce && options.clock.kind != ClockKind::None) local_->SetTimeControl(options.clock);
}

void MainFrame::StartLocalGame(const Game& game, bool announce) {
  LeaveLocal();  // the game this one replaces: saved when it has unsaved moves
  network_->Drop();
  if (hall_) ShowHallPanel(false);
  local_ = std::make_unique<LocalController>(*this, alive_, game);
  active_ = local_.get();
  GameReplaced(announce);
  if (report_ && announce) {
    report_->LocalGame(game);
    if (IsShown())
      ReportGeometry(true);
    else
      CallAfter([this] { ReportGeometry(true); });  // once the window is on the screen
  }
  SetStatusText(local_->StartSentence(session_.showForbidden));
  ShowState();
}

void MainFrame::LeaveLocal() {
  if (!local_) return;
  local_->Leave();
  if (active_ == local_.get()) active_ = nullptr;
  local_.reset();
}

LocalController* MainFrame::Local() const {
  return local_ && active_ == local_.get() ? local_.get() : nullptr;
}

ReplayController* MainFrame::Replay() const {
  return replay_ && active_ == replay_.get() ? replay_.get() : nullptr;
}

void MainFrame::GameReplaced(bool announced) {
  savePath_.clear();
  clockWarnedPly_ = -1;
  shown_.Reset();
  if (report_) report_->GameShown(announced);
}

void MainFrame::ShowHint(Point p) {
  board_->SetHint(p);
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
  else if (options_.watch)
    StartWatching(options_.watch->first, options_.watch->second);
  else if (options_.computerLevel)
    StartComputerFromCommandLine();
  else if (options_.online)
    StartOnlineFromCommandLine();
}

void MainFrame::OnBoardClick(Point p) {
  if (active_) active_->OnBoardClick(p);
}

void MainFrame::RefuseMove(Point p, const std::string& reason) {
  // e.g. "double-three at h8 is forbidden for Black" -> "Double-three at h8 is forbidden ...".
  RefuseMove(p, AsSentence(reason));
}

void MainFrame::RefuseMove(Point p, const wxString& sentence) {
  SetStatusText(sentence);
  if (report_) report_->Refused(p, sentence.utf8_string());
}

wxString MainFrame::PlayerName(Stone s) const {
  return active_ ? active_->PlayerName(s) : wxString();
}

// ---------------------------------------------------------------------------------------------
// Display

const Game& MainFrame::ShownGame() const {
  static const Game none;  // before the first game (the window is being built)
  return active_ ? active_->ShownGame() : none;
}

void MainFrame::ShowState() {
  const Game& game = ShownGame();
  board_->SetGame(game);
  board_->SetInteractive(active_ && active_->BoardInteractive());
  UpdateSidePanel();
  if (!active_ || active_->FrameReports()) {  // e.g. the replay reports its positions
    ReportGame(game);
    ReportForbidden(game);
  }
  UpdateOpening();  // its OPENING line after the MOVE line of the stone that led to it
}

GameKind MainFrame::Kind() const {
  return active_ ? active_->Kind() : GameKind::HotSeat;
}

void MainFrame::UpdateSidePanel() {
  const Game& game = ShownGame();
  SideInput in;
  in.kind = Kind();
  network_->FillMatchInput(in);  // also while a connect dialog runs over another game
  if (active_) active_->FillSideInput(in);
  in.now = std::chrono::steady_clock::now();
  const SideView view = sideView(game, in);
  const wxString turn = side_->Render(view);
  if (report_) {
    report_->OnTurn(turn);
    // CLOCKS black 5:00 white 5:00 when the panel's clocks appear (their faces then), CLOCKS -
    // when they go; not at every tick.
    const std::string shown =
        std::string(view.clocks.black ? "b" : "") + (view.clocks.white ? "w" : "");
    if (shown != clocksReported_) {
      clocksReported_ = shown;
      std::string line = "CLOCKS";
      if (view.clocks.black) line += " black " + view.clocks.black->face;
      if (view.clocks.white) line += " white " + view.clocks.white->face;
      report_->Line(shown.empty() ? "CLOCKS -" : line);
    }
  }
  // The clocks tick while one runs; a tick that ends the game on time shows it again.
  if (active_ && active_->ClockRunning()) {
    if (!clockTimer_.IsRunning()) clockTimer_.Start(100);
  } else if (clockTimer_.IsRunning()) {
    clockTimer_.Stop();
  }
  // The title names the record replayed.
  wxString title = active_ ? active_->Title() : wxString();
  if (title.empty()) title = _("Gomoku");
  if (GetTitle() != title) SetTitle(title);
  CallAfter([this] { ReportButtons(); });  // once the layout settled
}

void MainFrame::UpdateOpening() {
  const session::OpeningSession* o = active_ ? active_->RunningOpening() : nullptr;
  if (!o) {
    // A replay shows the 5th moves offered in the record's opening.
    board_->SetOpeningMarks(-1, active_ ? active_->NumberedMarks() : std::vector<Point>(),
                            Stone::Black);
    if (openingBar_->IsShown()) {
      openingBar_->Hide();
      openingBar_->GetParent()->Layout();
    }
    if (report_ && !openingReported_.empty()) {
      report_->Line("OPENING done");
      openingReported_.clear();
    }
    return;
  }
  const Opening& opening = o->opening();
  const OpeningStep step = opening.step();
  // The central square where the next stone may go; the 5th moves picked out or offered.
  const int area = step == OpeningStep::Place ? opening.area() : -1;
  const std::vector<Point>& numbered =
      step == OpeningStep::ChooseAlternative ? opening.alternatives() : o->picked();
  board_->SetOpeningMarks(area, numbered, Stone::Black);
  const bool yours = !o->computerToDecide();
  const int picked = static_cast<int>(o->picked().size());
  const wxString sentence = active_->OpeningBanner();
  openingBar_->SetStep(sentence, step, yours, picked == opening.alternativesWanted());
  if (!openingBar_->IsShown()) {
    openingBar_->Show();
    openingBar_->GetParent()->Layout();
  }
  if (report_) {
    static const char* const kSteps[] = {
        "place",         "swap-offer",         "colour-choice",      "swap2-choice", "fifth-choice",
        "declare-count", "place-alternatives", "choose-alternative", "done"};
    const std::string line = std::string("OPENING ") + kSteps[static_cast<int>(step)] + " " +
                             (opening.decider() == Seat::First ? "first " : "second ") +
                             sentence.utf8_string();
    if (line != openingReported_) report_->Line(line);
    openingReported_ = line;
  }
}

void MainFrame::ShowSituationStatus() {
  if (active_) SetStatusText(active_->SituationStatus());
}

// ---------------------------------------------------------------------------------------------
// Test report and exit

void MainFrame::ReportGame(const Game& game) {
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
    PlaySound(active_ && active_->IsOpponent(mover) ? Sound::Opponent : Sound::Stone);
  }
  if (ended) PlaySound(Sound::GameOver);
  if (!report_) return;
  report_->OnGame(updates, game);  // TAKEBACK, MOVE; the board's picture, RESULT
  if (ended) ScheduleExit();
}

void MainFrame::ReportForbidden(const Game& game) {
  if (!report_) return;
  // The board's cached list: what the red crosses show (ShowState has just set the game).
  report_->OnPosition(game, board_->ForbiddenPoints());
}

void MainFrame::Activate(GameController& controller) {
  // The hot-seat game the network game replaces keeps its unsaved moves (as in
  // StartLocalGame); it is not saved again later, when the network game is dropped.
  if (Local()) LeaveLocal();
  active_ = &controller;
}

void MainFrame::ReportState() {
  ReportGame(ShownGame());
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
  if (hallShown_) {
    report_->OnControls(hall_->ReportedControls(), hall_, GetContentScaleFactor());
  } else {
    report_->OnControls(side_->ReportedControls(), side_, GetContentScaleFactor());
    report_->OnControls(openingBar_->ReportedControls(), openingBar_, GetContentScaleFactor());
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
      !ConfirmLeave(network_->Online()
                        ? _("Quit Gomoku and leave the running game? Leaving it loses it.")
                        : _("Quit Gomoku and leave the running game?"))) {
    event.Veto();
    return;
  }
  // A game cut short by closing still gets its RESULT line.
  if (network_->HasNetGame()) {
    network_->Leave();  // BYE
  } else if (LocalController* local = Local()) {
    local->EndForClose();
    ReportGame(local->ShownGame());
  }
  exitTimer_.Stop();
  if (local_) local_->Leave();  // the automatic save; joins the engine thread (C19c)
  *alive_ = false;              // queued network notifications find the window gone
  SaveSettings();
  Destroy();
}

}  // namespace gomoku::app
