// MainFrame: the menu bar and its dialogs (nickname, preferences, about), the view settings,
// and the menus' access keys for the test report.
#include <algorithm>
#include <functional>
#include <tuple>

#include <wx/aboutdlg.h>
#include <wx/config.h>
#include <wx/menu.h>
#include <wx/msgdlg.h>

#include "app/boardpanel.h"
#include "app/commands.h"
#include "app/i18n.h"
#include "app/localcontroller.h"
#include "app/mainframe.h"
#include "app/networkcontroller.h"
#include "app/nicknamedialog.h"
#include "app/preferencesdialog.h"
#include "app/reportobserver.h"
#include "app/resources.h"
#include "app/rulesdialog.h"
#include "app/sidepanel.h"
#include "app/sounds.h"
#include "app/texts.h"
#include "app/watchcontroller.h"
#include "core/utf8.h"
#include "gomoku/version.h"
#include "net/wire.h"

namespace gomoku::app {

// ---------------------------------------------------------------------------------------------
// Window contents

void MainFrame::BuildMenu() {
  auto* game = new wxMenu();
  game->Append(ID_NewLocal, _(L"&New local game\u2026\tCtrl+N"),
               _("Start a game for two players at this computer"));
  BuildComputerMenu(game);
  game->Append(ID_Host, _(L"&Create game\u2026\tCtrl+H"), _("Host a network game"));
  game->Append(ID_Join, _(L"&Join game\u2026\tCtrl+J"), _("Join a network game"));
  game->Append(ID_Watch, _(L"Wa&tch game\u2026"), _("Watch a network game in progress"));
  game->Append(ID_Online, _(L"Play &online…\tCtrl+L"),
               _("Log in on a Gomoku server: find a match, private rooms, the ladder"));
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
  view->AppendCheckItem(ID_ShowAnalysis, _("Show the computer's &analysis"),
                        _("While the computer thinks: how deep it has searched and how it judges "
                          "the position"));
  view->Check(ID_ShowAnalysis, session_.showAnalysis);
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
      wxEVT_MENU, [this](wxCommandEvent&) { OpenWatchDialog(); }, ID_Watch);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { OnPlayOnline(); }, ID_Online);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { LeaveShown(); }, ID_Leave);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { OnNickname(); }, ID_Nickname);
  Bind(
      wxEVT_MENU,
      [this](wxCommandEvent&) {
        if (active_) active_->Undo();  // a network game: the takeback request
      },
      ID_Takeback);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { network_->OfferDraw(); }, ID_Draw);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { network_->Resign(); }, ID_Resign);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { network_->PlayAgain(); }, ID_Again);
  // The request cards' buttons: each answers the request its card shows.
  for (const auto& [id, card, accept] :
       {std::tuple{ID_Accept, 0, true}, std::tuple{ID_Decline, 0, false},
        std::tuple{ID_Accept2, 1, true}, std::tuple{ID_Decline2, 1, false}})
    Bind(
        wxEVT_MENU,
        [this, card, accept](wxCommandEvent&) {
          if (side_) network_->AnswerRequest(side_->ShownRequest(card), accept);
        },
        id);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { network_->SendChat(); }, ID_Send);
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
        session_.showAnalysis = saved_.showAnalysis = e.IsChecked();
        if (!e.IsChecked()) side_->SetAnalysis({});
        SaveSettings();
      },
      ID_ShowAnalysis);
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
        e.Enable(CanLeave());
        if (dynamic_cast<wxMenu*>(e.GetEventObject())) {  // the side panel's button says its own
          const WatchController* watch = ShownWatch();
          e.SetText(!watch            ? _("&Leave game")
                    : watch->Online() ? _("&Back to the hall")
                                      : _("Stop watch&ing"));
        }
      },
      ID_Leave);
  Bind(
      wxEVT_UPDATE_UI,
      [this](wxUpdateUIEvent& e) {
        const bool asks = active_ && active_->UndoAsks();
        if (dynamic_cast<wxMenu*>(e.GetEventObject()))  // not the side panel's buttons
          e.SetText(asks ? _("&Take back\tCtrl+Z") : _("&Undo\tCtrl+Z"));
        e.Enable(active_ && active_->CanUndo());
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
      wxEVT_MENU,
      [this](wxCommandEvent&) {
        if (active_) active_->Redo();
      },
      ID_Redo);
  Bind(
      wxEVT_MENU,
      [this](wxCommandEvent&) {
        if (active_) active_->Restart();
      },
      ID_Restart);
  Bind(
      wxEVT_UPDATE_UI, [this](wxUpdateUIEvent& e) { e.Enable(active_ && active_->CanRedo()); },
      ID_Redo);
  Bind(
      wxEVT_UPDATE_UI, [this](wxUpdateUIEvent& e) { e.Enable(active_ && active_->CanRestart()); },
      ID_Restart);
  BindRecordCommands();
  Bind(
      wxEVT_UPDATE_UI, [this](wxUpdateUIEvent& e) { e.Enable(network_->Actions().draw); }, ID_Draw);
  Bind(
      wxEVT_UPDATE_UI, [this](wxUpdateUIEvent& e) { e.Enable(network_->Actions().resign); },
      ID_Resign);
  Bind(
      wxEVT_UPDATE_UI, [this](wxUpdateUIEvent& e) { e.Enable(network_->Actions().again); },
      ID_Again);
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
  if (network_->Actions().connected && !network_->Online()) {
    // The peer sees the new name at once (NICKNAME); it is also the default from now on.
    if (const net::RequestError error = network_->ChangeNickname(nick)) {
      wxMessageBox(RefusalSentence(error), _("Nickname"), wxOK | wxICON_WARNING, this);
      return false;
    }
    session_.nickname = saved_.nickname = nick;
    SaveSettings();
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
