// MainFrame: the menu commands of games against the computer and hints (LocalController plays
// them).

#include <wx/filename.h>
#include <wx/intl.h>
#include <wx/menu.h>

#include "app/computerdialog.h"
#include "app/enginesdialog.h"
#include "app/i18n.h"
#include "app/localcontroller.h"
#include "app/mainframe.h"
#include "app/texts.h"

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
      wxEVT_MENU,
      [this](wxCommandEvent&) {
        if (LocalController* local = Local()) local->Hint();
      },
      ID_Hint);
  Bind(
      wxEVT_UPDATE_UI, [this](wxUpdateUIEvent& e) { e.Enable(Local() && Local()->CanHint()); },
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
  o.threads = ComputerGameOptions::Load(session_.localGame).threads;
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
  NewLocalGame();  // stops any search; a hot-seat game until the computer joins it
  session_.localGame = previous;
  local_->StartComputer(o, session_.nickname);
}

}  // namespace gomoku::app
