// MainFrame: games against the computer and hints (the engine part of the main window).

#include <random>

#include <wx/filename.h>
#include <wx/intl.h>
#include <wx/menu.h>

#include "app/boardpanel.h"
#include "app/computerdialog.h"
#include "app/enginecontroller.h"
#include "app/enginesdialog.h"
#include "app/i18n.h"
#include "app/mainframe.h"
#include "app/reportobserver.h"
#include "app/texts.h"
#include "core/notation.h"

namespace gomoku::app {

namespace {
// Menu ids of the computer opponent (mainframe.cpp uses +1.., mainframe_records.cpp +200..).
enum { ID_NewComputer = wxID_HIGHEST + 300, ID_Hint, ID_Engines };
}  // namespace

void MainFrame::BuildComputerMenu(wxMenu* game) {
  game->Append(ID_NewComputer, _(L"New game against the co&mputer\u2026\tCtrl+K"),
               _("Play against the computer: choose your colour, its level and the rule"));
  game->Append(ID_Hint, _("&Hint\tCtrl+I"),
               _("Ask the computer for a move suggestion (local games)"));
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { OnNewComputerGame(); }, ID_NewComputer);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { OnHint(); }, ID_Hint);
  Bind(
      wxEVT_UPDATE_UI,
      [this](wxUpdateUIEvent& e) {
        e.Enable(mode_ == Mode::Local && !local_.over() && !ComputerToMove() &&
                 !(engine_ && engine_->Busy()));
      },
      ID_Hint);
}

void MainFrame::BuildSettingsMenu(wxMenuBar* bar) {
  auto* settings = new wxMenu();
  settings->Append(wxID_PREFERENCES, _(L"&Preferences\u2026\tCtrl+,"),
                   _("Nickname, language, sounds, network defaults and the look of the board"));
  settings->Append(ID_Engines, _(L"&Engines\u2026"),
                   _("Add or remove external Gomocup engines (pbrain-*)"));
  AppendLanguageMenu(settings, this);
  const int help = bar->FindMenu(_("&Help"));
  if (help == wxNOT_FOUND)
    bar->Append(settings, _("&Settings"));
  else
    bar->Insert(static_cast<size_t>(help), settings, _("&Settings"));
  Bind(
      wxEVT_MENU,
      [this](wxCommandEvent&) {
        EnginesDialog dialog(this);
        dialog.ShowModal();
      },
      ID_Engines);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { OnPreferences(); }, wxID_PREFERENCES);
}

bool MainFrame::ComputerToMove() const {
  return mode_ == Mode::Local && computer_ != Stone::Empty && !local_.over() &&
         local_.toMove() == computer_;
}

void MainFrame::StopComputer() {
  if (engine_) engine_->Stop();
  hinting_ = false;
}

void MainFrame::OnNewComputerGame() {
  ComputerGameDialog dialog(this, ComputerGameOptions::Load(session_.localGame));
  if (dialog.ShowModal() != wxID_OK) return;
  if (MatchRunning() && !ConfirmLeave(_("Leave the network game and play against the computer?")))
    return;
  const ComputerGameOptions o = dialog.GetOptions();
  o.Save();
  StartComputerGame(o);
}

void MainFrame::StartComputerFromCommandLine() {
  ComputerGameOptions o;
  o.game = session_.localGame;
  o.level = options_.computerLevel.value_or(3);
  o.engine = options_.engine;
  o.engineName = wxFileName(FromUtf8(o.engine)).GetFullName().utf8_string();
  o.colorChoice = session_.hostColor == net::ColorChoice::White    ? 1
                  : session_.hostColor == net::ColorChoice::Random ? 2
                                                                   : 0;
  StartComputerGame(o);
}

void MainFrame::StartComputerGame(const ComputerGameOptions& o) {
  const GameOptions previous = session_.localGame;
  session_.localGame = o.game;
  NewLocalGame();  // stops any search, clears computer_
  session_.localGame = previous;
  Stone human = o.colorChoice == 1 ? Stone::White : Stone::Black;
  if (o.colorChoice == 2) human = (std::random_device{}() & 1) ? Stone::White : Stone::Black;
  computer_ = opponent(human);
  computerLevel_ = o.level;
  computerEngine_ = o.engine;
  const wxString name = o.engine.empty() ? wxString::Format(_("Computer (%s)"), LevelName(o.level))
                                         : FromUtf8(o.engineName.empty() ? o.engine : o.engineName);
  (computer_ == Stone::Black ? blackNick_ : whiteNick_) = name;
  (human == Stone::Black ? blackNick_ : whiteNick_) =
      session_.nickname.empty() ? _("You") : FromUtf8(session_.nickname);
  you_ = human;
  if (report_)
    report_->Line(std::string("COMPUTER ") + stoneName(computer_) + " " + std::to_string(o.level) +
                  " " + name.utf8_string());
  SetStatusText(human == Stone::Black
                    ? _("New game against the computer: you play Black and move first.")
                    : _("New game against the computer: you play White."));
  ShowState();
  MaybeComputerMove();
}

void MainFrame::MaybeComputerMove() {
  if (!ComputerToMove()) return;
  if (!engine_) engine_ = std::make_unique<EngineController>(alive_);
  hinting_ = false;
  // The thinking indicator: how deep the search is so far.
  engine_->SetProgress([this](const ai::SearchInfo& info) {
    if (!ComputerToMove()) return;
    SetStatusText(wxString::Format(_(L"The computer is thinking\u2026 (depth %d, %.1f s)"),
                                   info.depth, info.elapsedMs / 1000.0));
  });
  SetStatusText(_(L"The computer is thinking\u2026"));
  if (report_) report_->Line("THINKING");
  engine_->Think(
      local_, computerLevel_,
      [this](const ai::SearchResult& r, const std::string& error) {
        if (!error.empty()) {
          // An external engine crashed, stayed silent or answered nonsense: the game stops.
          local_.end(Outcome::Interrupted, EndReason::ProtocolError, error);
          SetStatusText(wxString::Format(_("The engine %s failed: %s. The game is interrupted."),
                                         PlayerName(computer_), CoreText(error)));
          ShowState();
          return;
        }
        OnComputerMove(r);
      },
      computerEngine_);
  ShowState();  // the board refuses clicks while it thinks
}

void MainFrame::OnComputerMove(const ai::SearchResult& r) {
  if (!ComputerToMove()) return;
  if (r.move && !computerEngine_.empty() && local_.check(*r.move) != MoveError::None) {
    // An external engine's illegal move loses the game.
    const std::string refusal = local_.refusalText(*r.move, local_.check(*r.move));
    local_.end(computer_ == Stone::Black ? Outcome::WhiteWins : Outcome::BlackWins,
               EndReason::ProtocolError, "illegal move by the engine: " + refusal);
    // TRANSLATORS: %s: why, e.g. "The point h8 is occupied."
    SetStatusText(wxString::Format(_("Illegal move by the engine: %s"), EndWithPeriod(refusal)));
    ShowState();
    return;
  }
  if (!r.move || local_.play(*r.move) != MoveError::None) {
    local_.end(computer_ == Stone::Black ? Outcome::WhiteWins : Outcome::BlackWins,
               EndReason::Resignation, "the computer has no legal move");
    SetStatusText(_("The computer resigns: it has no legal move left. You win."));
    ShowState();
    return;
  }
  if (local_.over())
    SetStatusText(
        ResultSentence(local_.result(), PlayerName(Stone::Black), PlayerName(Stone::White)));
  else if (r.forcedWin)
    SetStatusText(wxString::Format(_("The computer played %s and sees a forced win."),
                                   toRif(*r.move, local_.size())));
  else
    SetStatusText(
        wxString::Format(_("The computer played %s. Your turn."), toRif(*r.move, local_.size())));
  ShowState();
}

void MainFrame::OnHint() {
  if (mode_ != Mode::Local || local_.over() || ComputerToMove()) return;
  if (!engine_) engine_ = std::make_unique<EngineController>(alive_);
  if (engine_->Busy()) return;
  hinting_ = true;
  engine_->SetProgress({});
  SetStatusText(_(L"Looking for a good move\u2026"));
  const int ply = local_.ply();
  engine_->Think(
      local_, ai::kMaxLevel - 1, [this, ply](const ai::SearchResult& r, const std::string&) {
        hinting_ = false;
        if (mode_ != Mode::Local || local_.ply() != ply || local_.over()) return;
        if (!r.move) {
          SetStatusText(_("No hint: there is no legal move."));
          return;
        }
        board_->SetHint(*r.move);
        if (report_) report_->Line("HINT " + toXY(*r.move));
        SetStatusText(wxString::Format(_("Hint: %s for %s."), toRif(*r.move, local_.size()),
                                       ColorLabel(local_.toMove())));
      });
}

}  // namespace gomoku::app
