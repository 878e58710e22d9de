// MainFrame: game records (open, save, automatic saves, recent games, position strings) and the
// opening of a record for its replay (replaycontroller.cpp replays it).
#include <algorithm>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include <wx/clipbrd.h>
#include <wx/dataobj.h>
#include <wx/datetime.h>
#include <wx/file.h>
#include <wx/filedlg.h>
#include <wx/filename.h>
#include <wx/log.h>
#include <wx/menu.h>
#include <wx/msgdlg.h>
#include <wx/textctrl.h>

#include "app/boardpanel.h"
#include "app/gamerecords.h"
#include "app/localcontroller.h"
#include "app/mainframe.h"
#include "app/networkcontroller.h"
#include "app/replaybar.h"
#include "app/replaycontroller.h"
#include "app/reportobserver.h"
#include "app/sidepanel.h"
#include "app/texts.h"
#include "app/watchcontroller.h"
#include "core/notation.h"
#include "record/position.h"
#include "record/recordio.h"

namespace gomoku::app {

namespace {

enum {
  ID_CopyPosition = wxID_HIGHEST + 200,
  ID_PastePosition,
  ID_RecentNone,
  ID_RecentFirst,  // ... ID_RecentFirst + kRecentCount - 1
};
constexpr std::size_t kRecentCount = 10;

std::filesystem::path ToPath(const wxString& s) {
#ifdef _WIN32
  return std::filesystem::path(s.ToStdWstring());
#else
  return std::filesystem::path(std::string(s.fn_str()));
#endif
}

// The open dialog's filters: every format the program reads, first all of them together (the
// default: no readable file is hidden), then each. GTK matches patterns case-sensitively: each
// extension is given in both cases. Built when used: a namespace-scope constant would be
// translated before the catalog is loaded, and stay English.
wxString OpenWildcard() {
  const std::vector<std::pair<wxString, std::vector<const char*>>> kinds = {
      {"Piskvork", {"psq"}},
      {"SGF", {"sgf"}},
      {"Yixin", {"sav"}},
      {"RenLib", {"lib"}},
      // TRANSLATORS: the Open dialog's filter for .ban, .dt5, .kif, .lws, .nrf and .rnj files.
      {_("Japanese renju programs"), {"ban", "dt5", "kif", "lws", "nrf", "rnj"}},
  };
  auto filter = [](const wxString& label, const std::vector<const char*>& extensions) {
    wxString shown, patterns;
    for (const char* e : extensions) {
      const wxString lower = wxString("*.") + e;
      shown << (shown.empty() ? "" : ";") << lower;
      patterns << (patterns.empty() ? "" : ";") << lower << ";" << lower.Upper();
    }
    return label + " (" + shown + ")|" + patterns;
  };
  std::vector<const char*> every;
  for (const auto& kind : kinds) every.insert(every.end(), kind.second.begin(), kind.second.end());
  wxString wildcard = filter(_("Game records"), every);
  for (const auto& kind : kinds) wildcard << "|" << filter(kind.first, kind.second);
  return wildcard + "|" + _("All files") + "|*";
}
// The save dialog's filters, in the order of kSaveExtensions (built when used, as above).
wxString SaveWildcard() {
  return _(
      "SGF, with names, rule, result and times (*.sgf)|*.sgf|Piskvork (*.psq)|*.psq|"
      "Yixin, moves only (*.sav)|*.sav|RenLib, moves only (*.lib)|*.lib");
}
const char* const kSaveExtensions[] = {".sgf", ".psq", ".sav", ".lib"};

std::string Today() {
  return wxDateTime::Now().FormatISODate().utf8_string();
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Menus and keys

void MainFrame::BuildFileMenu(wxMenuBar* bar) {
  auto* file = new wxMenu();
  file->Append(wxID_OPEN, _(L"&Open\u2026\tCtrl+O"),
               _("Open a game record (.psq, .sgf, .sav, .lib) and replay it"));
  recentMenu_ = new wxMenu();
  file->AppendSubMenu(recentMenu_, _("&Recent games"),
                      _("The games saved automatically, newest first"));
  file->AppendSeparator();
  file->Append(wxID_SAVE, _("&Save\tCtrl+S"), _("Save the game shown"));
  file->Append(wxID_SAVEAS, _(L"Save &as\u2026\tCtrl+Shift+S"),
               _("Save the game shown under a new name; the format follows the extension"));
  file->AppendSeparator();
  file->Append(ID_CopyPosition, _("&Copy position\tCtrl+Shift+C"),
               _("Copy the moves as a position string such as h8i9j10"));
  file->Append(ID_PastePosition, _("&Paste position\tCtrl+Shift+V"),
               _("Start a local game from a position string such as h8i9j10"));
  bar->Append(file, _("&File"));
  UpdateRecentMenu();
}

void MainFrame::BindRecordCommands() {
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { OnOpen(); }, wxID_OPEN);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { OnSave(false); }, wxID_SAVE);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { OnSave(true); }, wxID_SAVEAS);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { CopyPosition(); }, ID_CopyPosition);
  Bind(
      wxEVT_MENU, [this](wxCommandEvent&) { PastePosition(); }, ID_PastePosition);
  Bind(
      wxEVT_MENU,
      [this](wxCommandEvent& e) {
        const std::size_t i = static_cast<std::size_t>(e.GetId() - ID_RecentFirst);
        if (i < recentFiles_.size()) OpenRecord(recentFiles_[i]);
      },
      ID_RecentFirst, ID_RecentFirst + static_cast<int>(kRecentCount) - 1);
  // Save stays enabled without moves: Ctrl+S then says why nothing was saved (a disabled
  // shortcut would do nothing, silently).
  Bind(
      wxEVT_UPDATE_UI, [this](wxUpdateUIEvent& e) { e.Enable(active_ != nullptr); }, wxID_SAVE);
  Bind(
      wxEVT_UPDATE_UI, [this](wxUpdateUIEvent& e) { e.Enable(active_ != nullptr); }, wxID_SAVEAS);
  Bind(wxEVT_MENU_OPEN, [this](wxMenuEvent& e) {
    e.Skip();
    UpdateRecentMenu();
  });
  Bind(wxEVT_CHAR_HOOK, &MainFrame::OnCharHook, this);
}

void MainFrame::OnCharHook(wxKeyEvent& event) {
  // Keyboard play: arrow keys move the board's cursor, Enter or Space plays there.
  if (!Replay() && board_->HandleKey(event)) return;
  // Replay: Home, Left, Right, End and Space step through the record, unless a text field has
  // the keyboard.
  if (!Replay() || event.HasAnyModifiers() || dynamic_cast<wxTextCtrl*>(wxWindow::FindFocus())) {
    event.Skip();
    return;
  }
  const std::optional<ReplayStep> step = ReplayController::KeyStep(event.GetKeyCode());
  if (!step) {
    event.Skip();
    return;
  }
  ReplayBar* bar = side_->GetReplayBar();
  switch (*step) {
    case ReplayStep::First:
      bar->First();
      break;
    case ReplayStep::Prev:
      bar->Prev();
      break;
    case ReplayStep::Next:
      bar->Next();
      break;
    case ReplayStep::Last:
      bar->Last();
      break;
    case ReplayStep::TogglePlay:
      bar->TogglePlay();
      break;
  }
}

void MainFrame::UpdateRecentMenu() {
  if (!recentMenu_) return;
  recentFiles_ = RecentGames(AutoSaveFolder(), kRecentCount);
  while (recentMenu_->GetMenuItemCount() > 0)
    recentMenu_->Destroy(recentMenu_->FindItemByPosition(0));
  if (recentFiles_.empty()) {
    recentMenu_->Append(ID_RecentNone, _("(no saved games yet)"))->Enable(false);
    return;
  }
  for (std::size_t i = 0; i < recentFiles_.size(); ++i) {
    wxString label = wxFileName(recentFiles_[i]).GetName();
    label.Replace("&", "&&");
    recentMenu_->Append(ID_RecentFirst + static_cast<int>(i), label, recentFiles_[i]);
  }
}

// ---------------------------------------------------------------------------------------------
// Opening and replaying

void MainFrame::OnOpen() {
  wxString folder = FromUtf8(session_.lastRecordFolder);
  if (folder.empty() || !wxFileName::DirExists(folder)) folder = AutoSaveFolder();
  wxFileDialog dialog(this, _("Open a game record"), folder, {}, OpenWildcard(),
                      wxFD_OPEN | wxFD_FILE_MUST_EXIST);
  if (dialog.ShowModal() != wxID_OK) return;
  OpenRecord(dialog.GetPath());
}

void MainFrame::OpenRecord(const wxString& path) {
  if (MatchRunning() && !ConfirmLeave(_("Leave the network game and open a record?"))) return;
  std::optional<ReplayModel> model;
  try {
    // The rule for files that do not state it: the one of local games, when the board allows.
    Record record = openRecordFile(ToPath(path), ReplayRule(Record{}, session_.localGame.rule));
    const Rule rule = ReplayRule(record, session_.localGame.rule);
    model.emplace(std::move(record), rule);  // the first position: throws when it cannot be set
  } catch (const RecordError& e) {
    const wxString sentence = RecordErrorSentence(e);
    if (report_) report_->Error(sentence.utf8_string());
    SetStatusText(_("The record could not be opened; the game shown is unchanged."));
    wxMessageBox(sentence, _("Open a game record"), wxOK | wxICON_WARNING, this);
    return;
  } catch (const std::invalid_argument& e) {
    const wxString sentence = AsSentence(e.what());
    if (report_) report_->Error(sentence.utf8_string());
    wxMessageBox(sentence, _("Open a game record"), wxOK | wxICON_WARNING, this);
    return;
  }
  LeaveLocal();
  network_->Drop();
  ShowHallPanel(false);
  session_.lastRecordFolder = saved_.lastRecordFolder = wxFileName(path).GetPath().utf8_string();
  SaveSettings();
  replay_ = std::make_unique<ReplayController>(*this, std::move(*model), path);
  active_ = replay_.get();
  savePath_.clear();
  replay_->Start();
}

void MainFrame::ShowReplay(int ply) {
  if (ReplayController* replay = Replay()) replay->Show(ply);
}

void MainFrame::ContinueFromHere() {
  ReplayController* replay = Replay();
  if (!replay) return;
  // The local game replaces the replay: started here, not by the controller it ends.
  WatchController* watch = ShownWatch();
  if (const std::optional<Game> game = replay->ContinueGame(session_.localGame.foul)) {
    StartLocalGame(*game);
    if (watch) watch->Leave();  // a live game played on here is not watched any more
  }
}

// ---------------------------------------------------------------------------------------------
// Saving

Record MainFrame::ShownRecord() const {
  return active_ ? active_->ShownRecord() : Record();
}

void MainFrame::OnSave(bool askName) {
  if (!active_) return;
  if (!active_->CanSave()) {
    SetStatusText(_("Nothing to save: no moves have been played yet."));
    return;
  }
  wxString path = askName ? wxString() : savePath_;
  if (path.empty()) {
    wxString name = active_->SaveName();
    if (name.empty())
      name = AutoSaveName(wxDateTime::Now(), PlayerName(Stone::Black), PlayerName(Stone::White));
    path = AskSavePath(name);
    if (path.empty()) return;
  }
  if (SaveShownTo(path)) savePath_ = path;
}

wxString MainFrame::AskSavePath(const wxString& name) {
  wxString folder = FromUtf8(session_.lastRecordFolder);
  if (folder.empty() || !wxFileName::DirExists(folder)) folder = wxGetHomeDir();
  wxFileDialog dialog(this, _("Save the game"), folder, name, SaveWildcard(),
                      wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
  if (dialog.ShowModal() != wxID_OK) return {};
  wxString path = dialog.GetPath();
  // No known extension typed: the one of the filter chosen.
  if (!recordFormatFromPath(ToPath(path))) {
    const int filter = std::clamp(dialog.GetFilterIndex(), 0, 3);
    path += kSaveExtensions[filter];
  }
  return path;
}

bool MainFrame::SaveShownTo(const wxString& path) {
  return SaveRecordTo(ShownRecord(), path);
}

bool MainFrame::SaveRecordTo(const Record& record, const wxString& path) {
  try {
    saveRecordFile(ToPath(path), record);
  } catch (const RecordError& e) {
    const wxString sentence = RecordErrorSentence(e);
    if (report_) report_->Error(sentence.utf8_string());
    SetStatusText(_("The game was not saved."));
    wxMessageBox(sentence, _("Save the game"), wxOK | wxICON_WARNING, this);
    return false;
  }
  session_.lastRecordFolder = saved_.lastRecordFolder = wxFileName(path).GetPath().utf8_string();
  SaveSettings();
  if (report_) report_->Saved(false, path.utf8_string());
  SetStatusText(wxString::Format(_("Saved to %s."), path));
  return true;
}

void MainFrame::AutoSave(const Game& game, const wxString& black, const wxString& white,
                         const std::vector<int>& timesMs, const TimeControl& clock,
                         const GameOpening& opening, wxString& path) {
  if (game.ply() == 0) return;
  bool reserved = false;  // the file was created empty here, to be replaced by the save
  if (path.empty()) {
    // A new file for each game: " (2)", " (3)", ... when two games share the second and players.
    // The name is taken by creating the file (it fails when it exists): two copies of the app
    // saving the same network game at the same second get a file each, never the same one.
    const wxFileName base(AutoSaveFolder(), AutoSaveName(wxDateTime::Now(), black, white));
    for (int n = 1; n < 1000 && !reserved; ++n) {
      const wxString candidate =
          n == 1 ? base.GetFullPath()
                 : wxFileName(base.GetPath(),
                              wxString::Format("%s (%d).%s", base.GetName(), n, base.GetExt()))
                       .GetFullPath();
      wxFile file;
      bool created = false;
      {
        wxLogNull quiet;  // "exists" is an answer here, not an error to show
        created = file.Create(candidate, /*overwrite=*/false, wxS_IRUSR | wxS_IWUSR);
      }
      if (created) {
        file.Close();
        path = candidate;
        reserved = true;
      } else if (!wxFileName::FileExists(candidate)) {
        path = candidate;  // cannot be created (e.g. the folder is missing): the save says why
        break;
      }
    }
  }
  try {
    saveRecordFile(ToPath(path), RecordFromGame(game, black.utf8_string(), white.utf8_string(),
                                                timesMs, Today(), clock, opening));
  } catch (const RecordError& e) {
    if (reserved) wxRemoveFile(path);  // not an empty record left behind
    path.clear();
    // Not worth a dialog: the game itself is unharmed. Say it in the status bar.
    const wxString sentence = RecordErrorSentence(e);
    if (report_) report_->Error(sentence.utf8_string());
    SetStatusText(wxString::Format(_("Automatic save failed: %s"), sentence));
    return;
  }
  if (report_) report_->Saved(true, path.utf8_string());
}

// ---------------------------------------------------------------------------------------------
// Position strings

void MainFrame::CopyPosition() {
  const Game& game = ShownGame();
  const std::string text = formatPositionString(game.moves(), game.size());
  if (text.empty()) {
    SetStatusText(_("No moves to copy."));
    return;
  }
  if (wxTheClipboard->Open()) {
    wxTheClipboard->SetData(new wxTextDataObject(FromUtf8(text)));
    wxTheClipboard->Close();
    if (report_) report_->Clipboard(text);
    SetStatusText(wxString::Format(_("Copied the position %s."), FromUtf8(text)));
  } else {
    SetStatusText(_("The clipboard cannot be opened."));
  }
}

void MainFrame::PastePosition() {
  wxString text;
  if (wxTheClipboard->Open()) {
    if (wxTheClipboard->IsSupported(wxDF_UNICODETEXT) || wxTheClipboard->IsSupported(wxDF_TEXT)) {
      wxTextDataObject data;
      wxTheClipboard->GetData(data);
      text = data.GetText();
    }
    wxTheClipboard->Close();
  }
  if (MatchRunning() && !ConfirmLeave(_("Leave the network game and set up the pasted position?")))
    return;
  const GameOptions& options = session_.localGame;
  Game game;
  try {
    game = Game(options.EffectiveSize(), options.rule, options.foul);
    const std::vector<Point> moves = parsePositionString(text.utf8_string(), game.size());
    for (const Point& p : moves)
      if (const MoveError e = game.play(p); e != MoveError::None)
        throw RecordError(0, "position string: " + game.refusalText(p, e));
    if (game.over()) throw RecordError(0, "position string: the game is already over");
  } catch (const RecordError& e) {
    const wxString sentence = RecordErrorSentence(e);
    if (report_) report_->Error(sentence.utf8_string());
    SetStatusText(wxString::Format(_("Cannot paste the position: %s"), sentence));
    return;
  } catch (const std::exception& e) {
    const wxString sentence = AsSentence(e.what());
    if (report_) report_->Error(sentence.utf8_string());
    SetStatusText(wxString::Format(_("Cannot paste the position: %s"), sentence));
    return;
  }
  StartLocalGame(game);
}

}  // namespace gomoku::app
