// MainFrame: the connect dialogs (host, join) and their settings. The network match itself,
// its updates and actions are the NetworkController's (networkcontroller.h).
#include <functional>

#include <wx/msgdlg.h>

#include "app/connectdialogs.h"
#include "app/localcontroller.h"
#include "app/mainframe.h"
#include "app/networkcontroller.h"
#include "app/onlinecontroller.h"
#include "app/reportobserver.h"
#include "app/texts.h"
#include "app/watchcontroller.h"
#include "app/watchdialog.h"

namespace gomoku::app {

net::NetGame& MainFrame::NewNetGame(const net::NetOptions& options) {
  if (local_) local_->StopEngine();
  return network_->NewGame(options);
}

bool MainFrame::MatchRunning() const {
  return network_->Running();
}

bool MainFrame::ConfirmLeave(const wxString& question) {
  wxMessageDialog dialog(this, question, _("Leave game"),
                         wxYES_NO | wxNO_DEFAULT | wxICON_QUESTION);
  dialog.SetExtendedMessage(_("The game is still running. Your opponent will see that you left."));
  dialog.SetYesNoLabels(_("&Leave game"), _("&Stay"));
  return dialog.ShowModal() == wxID_YES;
}

void MainFrame::OpenHostDialog(std::optional<std::uint16_t> listenPort) {
  if (connectDialog_) return;
  if (MatchRunning() && !ConfirmLeave(_("Leave the running game and create a new one?"))) return;
  if (network_->HasNetGame() && !MatchRunning()) network_->Drop();
  HostDialog dialog(this, session_,
                    [this](const net::NetOptions& o) -> net::NetGame& { return NewNetGame(o); });
  RunConnectDialog(dialog, [&] {
    if (listenPort) dialog.Listen(*listenPort);
  });
}

void MainFrame::OpenJoinDialog(std::optional<std::pair<std::string, std::uint16_t>> target) {
  if (connectDialog_) return;
  if (MatchRunning() && !ConfirmLeave(_("Leave the running game and join another one?"))) return;
  if (network_->HasNetGame() && !MatchRunning()) network_->Drop();
  JoinDialog dialog(this, session_,
                    [this](const net::NetOptions& o) -> net::NetGame& { return NewNetGame(o); });
  if (report_)
    dialog.SetLanRowsReporter(
        [this](const std::vector<LanGameList::Row>& rows) { ReportLanRows(rows); });
  RunConnectDialog(dialog, [&] {
    if (target) dialog.Connect(target->first, target->second);
  });
}

void MainFrame::OpenWatchDialog() {
  if (connectDialog_) return;
  const std::string last =
      net::hostPortKey(session_.lastHost, static_cast<std::uint16_t>(session_.lastPort));
  WatchDialog dialog(this,
                     FromUtf8(session_.lastPort == net::kDefaultPort ? session_.lastHost : last));
  if (report_)
    dialog.SetLanRowsReporter(
        [this](const std::vector<LanGameList::Row>& rows) { ReportLanRows(rows); });
  if (dialog.ShowModal() != wxID_OK) return;
  const auto target = dialog.Target();
  if (!target) return;
  // Proposed again next time (and by Join game: the same host, often).
  saved_.lastHost = session_.lastHost = target->first;
  saved_.lastPort = session_.lastPort = target->second;
  SaveSettings();
  StartWatching(target->first, target->second);
}

void MainFrame::ReportLanRows(const std::vector<LanGameList::Row>& rows) {
  report_->Line("LANGAMES " + std::to_string(rows.size()));
  for (const LanGameList::Row& r : rows)
    report_->Line("LANGAME " + std::to_string(r.point.x) + " " + std::to_string(r.point.y) + " " +
                  r.nickname);
}

void MainFrame::StartWatching(const std::string& host, std::uint16_t port) {
  if (MatchRunning() && !ConfirmLeave(_("Leave the running game and watch another one?"))) return;
  ShowWatch(hostWatchSource(host, port, session_.nickname,
                            std::chrono::seconds(session_.connectTimeoutSeconds)));
}

void MainFrame::ShowWatch(std::unique_ptr<WatchSource> source) {
  LeaveLocal();
  network_->Drop();
  ShowHallPanel(false);
  auto watch = std::make_unique<WatchController>(*this, std::move(source));
  WatchController& started = *watch;
  if (replay_) replay_->Leave();
  replay_ = std::move(watch);
  active_ = replay_.get();
  savePath_.clear();
  started.Begin();
}

WatchController* MainFrame::ShownWatch() const {
  return active_ && active_ == replay_.get() ? dynamic_cast<WatchController*>(replay_.get())
                                             : nullptr;
}

bool MainFrame::CanLeave() const {
  if (const WatchController* watch = ShownWatch())
    return !hallShown_ && (watch->Following() || (watch->Online() && online_->LoggedIn()));
  return network_->CanLeaveMatch();
}

void MainFrame::LeaveShown() {
  WatchController* watch = ShownWatch();
  if (!watch) return network_->LeaveMatch();
  if (hallShown_) return;
  watch->Leave();
  watch->OnUpdate();  // the end shown now, not over the hall later
  if (watch->Online()) {
    online_->ShowHall();  // the hall, where the game was chosen
  } else {
    ShowState();
    ShowSituationStatus();
  }
}

void MainFrame::SendChat() {
  if (WatchController* watch = ShownWatch()) return watch->SendChat();
  network_->SendChat();
}

int MainFrame::RunConnectDialog(ConnectDialog& dialog, const std::function<void()>& start) {
  dialog.SetFailureHandler([this](net::NetFailure failure, const std::string& message) {
    if (report_) report_->Failed(failure, message);
    SetStatusText(AsSentence(message));
    ScheduleExit();
  });
  ShowHallPanel(false);  // a P2P game is shown on the board
  connectDialog_ = &dialog;
  network_->SetConnectDialog(&dialog);
  start();
  const int result = exitRequested_ ? wxID_CANCEL : dialog.ShowModal();
  network_->SetConnectDialog(nullptr);
  connectDialog_ = nullptr;

  // A joined game (also one joined from the command line): where its resume token belongs.
  if (network_->Started() && network_->Role() == net::Role::Joiner &&
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
  if (result != wxID_OK && !network_->Started()) network_->Drop();
  ShowState();
  // Cancelled or closed: a failure shown in the dialog is no news for the status bar anymore.
  if (result != wxID_OK) ShowSituationStatus();
  if (exitRequested_) Close(true);
  return result;
}

}  // namespace gomoku::app
