// MainFrame: online play on a gomoku-server. The login dialog and the hall panel are here; the
// connection, the hall's state and the hand-over of each game to the NetworkController are the
// OnlineController's (onlinecontroller.h).
#include <cstdlib>

#include <wx/filedlg.h>
#include <wx/filename.h>
#include <wx/msgdlg.h>
#include <wx/sizer.h>

#include "app/boardpanel.h"
#include "app/hallpanel.h"
#include "app/localcontroller.h"
#include "app/mainframe.h"
#include "app/networkcontroller.h"
#include "app/onlinecontroller.h"
#include "app/onlinedialogs.h"
#include "app/replaycontroller.h"
#include "app/reportobserver.h"
#include "app/sidepanel.h"
#include "app/texts.h"
#include "app/watchcontroller.h"
#include "session/storedgame.h"

namespace gomoku::app {

void MainFrame::BuildOnline(wxSizer& frameSizer) {
  HallPanel::Handlers h;
  h.find = [this](Rule rule, const TimeControl& clock, OpeningRule opening) {
    session_.onlineRule = saved_.onlineRule = rule;
    session_.onlineClock = saved_.onlineClock = clock;
    session_.onlineOpening = saved_.onlineOpening = opening;
    SaveSettings();
    if (net::OnlineClient* c = online_->Client();
        c && online_->Check(c->find(rule, clock, opening)))
      online_->OnChanged();
  };
  h.cancel = [this] {
    if (net::OnlineClient* c = online_->Client(); c && online_->Check(c->cancelFind()))
      online_->OnChanged();
  };
  h.createRoom = [this] { CreateRoom(); };
  h.joinRoom = [this](const std::string& code, bool rated) {
    if (net::OnlineClient* c = online_->Client(); c && online_->Check(c->joinRoom(code, rated)))
      SetStatusText(wxString::Format(_(L"Entering room %s\u2026"), FromUtf8(code)));
  };
  h.invite = [this](const std::string& name) { InviteToRoom(name); };
  h.answer = [this](std::uint32_t id, bool accept, bool rated) {
    if (net::OnlineClient* c = online_->Client();
        c && online_->Check(c->answerInvitation(id, accept, rated))) {
      SetStatusText(accept ? _(L"Invitation accepted; the game starts\u2026")
                           : _("Invitation declined."));
      online_->OnChanged();
    }
  };
  h.refresh = [this] {
    if (net::OnlineClient* c = online_->Client(); c && online_->Check(c->refreshHall())) {
      online_->Check(c->requestGames());
      online_->Check(c->requestLive());
    }
  };
  h.openGame = [this](std::uint64_t id, bool save) { online_->RequestGame(id, save); };
  h.signOut = [this] { online_->SignOut(); };
  h.watch = [this](std::uint64_t id) {
    if (std::unique_ptr<WatchSource> source = online_->Watch(id)) ShowWatch(std::move(source));
  };
  hall_ = new HallPanel(this, std::move(h));
  hall_->SetFind(session_.onlineRule, session_.onlineClock, session_.onlineOpening);
  hall_->Hide();
  hall_->Bind(wxEVT_SIZE, [this](wxSizeEvent& e) {
    e.Skip();
    CallAfter([this] { ReportButtons(); });  // the buttons' places once the layout settled
  });
  frameSizer.Add(hall_, wxSizerFlags(1).Expand());

  OnlineController::Hooks hooks;
  hooks.showHall = [this](bool show) { ShowHallPanel(show); };
  hooks.loginFailed = [this](const wxString& error) {
    // After the event that told it: the login dialog again, with the reason.
    CallAfter([this, error] {
      SetStatusText(error);
      if (options_.exitWhenDone) {  // tests: no dialog to answer
        ScheduleExit();
        return;
      }
      OpenLoginDialog(error);
    });
  };
  hooks.rememberLogin = [this](const std::string& server, const std::string& name,
                               const std::string& token) {
    if (token.empty()) {
      auto it = saved_.onlineLogins.find(server);
      if (it == saved_.onlineLogins.end() || it->second.first != name) return;
      saved_.onlineLogins.erase(it);
    } else {
      saved_.onlineLogins[server] = {name, token};
    }
    // Logged in (also from the command line): the dialog proposes this server and name next;
    // a list of nodes typed in the dialog stays a list (`server` is its first node's key).
    std::string shown = server;
    if (auto list = net::parseServerList(session_.onlineServer, net::kDefaultServerPort);
        list && list->size() > 1 &&
        net::hostPortKey(list->front().first, list->front().second) == server)
      shown = session_.onlineServer;
    session_.onlineServer = saved_.onlineServer = shown;
    session_.onlineName = saved_.onlineName = name;
    session_.onlineLogins = saved_.onlineLogins;
    SaveSettings();
  };
  hooks.gameRecord = [this](const net::GameRecord& record, bool save) {
    OpenStoredGame(record, save);
  };
  hooks.hallUpdated = [this] {
    if (roomAsked_) {
      // The room opened (the hall says so with its code) or was refused (the hall's error line):
      // the status bar stops saying it is being opened.
      const net::OnlineSnapshot s = online_->Snapshot();
      if (s.roomsCreated > roomAsked_->created || s.denials.size() > roomAsked_->denials) {
        roomAsked_.reset();
        SetStatusText({});
      }
    }
    // The test report places the hall's buttons as they are now: a list that arrives after the
    // hall was shown enables Replay without any change of the hall's size.
    if (report_) CallAfter([this] { ReportButtons(); });
  };
  online_ = std::make_unique<OnlineController>(*this, *network_, *hall_, std::move(hooks));
}

void MainFrame::OnPlayOnline() {
  if (online_->Active() && !online_->LoggedIn()) {
    // Still connecting or logging in (a server that does not answer takes up to 10 s).
    wxMessageDialog ask(this, _("Still connecting to the server. Stop trying?"), _("Play online"),
                        wxYES_NO | wxNO_DEFAULT | wxICON_QUESTION);
    ask.SetYesNoLabels(_("&Stop"), _("&Wait"));
    if (ask.ShowModal() == wxID_YES) online_->CancelConnect();  // the login dialog comes back
    return;
  }
  if (online_->LoggedIn()) {
    if (online_->GameShown() && MatchRunning()) return;  // the game is on the board already
    online_->ShowHall();
    return;
  }
  OpenLoginDialog({});
}

void MainFrame::OpenLoginDialog(const wxString& error) {
  if (loginDialogOpen_) return;  // one at a time (a failure told twice, Ctrl+L meanwhile)
  loginDialogOpen_ = true;
  struct Closing {
    bool& open;
    ~Closing() { open = false; }
  } closing{loginDialogOpen_};
  const std::string server = session_.onlineServer;
  std::string key;
  if (auto list = net::parseServerList(server, net::kDefaultServerPort))  // by its first node
    key = net::hostPortKey(list->front().first, list->front().second);
  auto it = session_.onlineLogins.find(key);
  const bool remembered = it != session_.onlineLogins.end() &&
                          (session_.onlineName.empty() || it->second.first == session_.onlineName);
  const std::string name = remembered ? it->second.first : session_.onlineName;
  LoginDialog dialog(this, server, name, remembered, error, !error.empty() && lastRegistering_);
  if (dialog.ShowModal() != wxID_OK) return;
  if (MatchRunning() && !ConfirmLeave(_("Leave the running game and play online?"))) return;
  OnlineLogin login = dialog.GetLogin();
  lastRegistering_ = login.registering;
  session_.onlineServer = saved_.onlineServer = dialog.GetServer();
  session_.onlineName = saved_.onlineName = login.name;
  SaveSettings();
  if (login.password.empty() && !login.registering) {
    auto found = session_.onlineLogins.find(net::hostPortKey(login.host, login.port));
    if (found != session_.onlineLogins.end() && found->second.first == login.name)
      login.token = found->second.second;
  }
  online_->Start(login);
}

void MainFrame::StartOnlineFromCommandLine() {
  OnlineLogin login;
  login.host = options_.online->first;
  login.port = options_.online->second;
  login.name = options_.user.empty() ? session_.onlineName : options_.user;
  login.registering = options_.registering;
  login.remember = true;
  if (const char* p = std::getenv("GOMOKU_PASSWORD"); p && *p) login.password = p;
  if (login.password.empty()) {
    auto found = session_.onlineLogins.find(net::hostPortKey(login.host, login.port));
    if (found != session_.onlineLogins.end() &&
        (login.name.empty() || found->second.first == login.name)) {
      login.name = found->second.first;
      login.token = found->second.second;
    }
  }
  // A failure brings the login dialog back with this server and name.
  session_.onlineServer = net::hostPortKey(login.host, login.port);
  if (!login.name.empty()) session_.onlineName = login.name;
  lastRegistering_ = login.registering;
  if (login.name.empty() || (login.password.empty() && login.token.empty())) {
    // Nothing to log in with: the dialog asks.
    OpenLoginDialog({});
    return;
  }
  online_->Start(login);
}

void MainFrame::ShowHallPanel(bool show) {
  if (show == hallShown_) return;
  hallShown_ = show;
  Freeze();
  gameRoot_->Show(!show);
  hall_->Show(show);
  Layout();
  Thaw();
  if (report_) report_->Line(show ? "HALL shown" : "HALL hidden");
  if (show) {
    SetTitle(_("Gomoku - Game hall"));
  } else {
    ShowState();
    ReportGeometry(true);
    // The keys go to the board, not to a hidden list of the hall (and another window keeps
    // the keyboard when it has it).
    if (IsActive()) board_->SetFocus();
  }
  CallAfter([this] { ReportButtons(); });
}

std::optional<net::RoomSettings> MainFrame::AskRoomSettings(const wxString& title,
                                                            const wxString& intro) {
  RoomDialog dialog(this, title, intro, session_.roomGame, session_.roomColor);
  if (dialog.ShowModal() != wxID_OK) return std::nullopt;
  session_.roomGame = saved_.roomGame = dialog.GetOptions();
  session_.roomColor = saved_.roomColor = dialog.GetColor();
  SaveSettings();
  return dialog.GetSettings();
}

void MainFrame::CreateRoom() {
  const auto settings = AskRoomSettings(
      _("Private room"), _("Open a room with these settings and give its code to a friend; the "
                           "game starts when they enter it."));
  if (!settings) return;
  // Counted before asking: the answer may be in the next snapshot already.
  const net::OnlineSnapshot before = online_->Snapshot();
  if (net::OnlineClient* c = online_->Client(); c && online_->Check(c->createRoom(*settings))) {
    SetStatusText(_(L"Opening a room\u2026"));
    roomAsked_ = RoomAsked{before.roomsCreated, before.denials.size()};
  }
}

void MainFrame::InviteToRoom(const std::string& name) {
  const auto settings = AskRoomSettings(
      wxString::Format(_("Invite %s"), FromUtf8(name)),
      wxString::Format(_("Invite %s to a private game with these settings."), FromUtf8(name)));
  if (!settings) return;
  if (net::OnlineClient* c = online_->Client(); c && online_->Check(c->invite(name, *settings)))
    SetStatusText(wxString::Format(_(L"Invitation sent to %s. Waiting for the answer\u2026"),
                                   FromUtf8(name)));
}

void MainFrame::OpenStoredGame(const net::GameRecord& stored, bool save) {
  Record record = session::recordOfStoredGame(stored);
  // The name File > Save proposes, e.g. "alice-bob-42.sgf" (no file exists yet).
  wxString name = FromUtf8(stored.summary.black + "-" + stored.summary.white + "-" +
                           std::to_string(stored.summary.id) + ".sgf");
  for (const wxChar bad : wxFileName::GetForbiddenChars()) name.Replace(wxString(bad), "_");
  if (save) {  // written where the user says; the hall stays
    const wxString path = AskSavePath(name);
    if (!path.empty()) SaveRecordTo(record, path);
    return;
  }
  std::optional<ReplayModel> model;
  try {
    const Rule rule = record.rule.value_or(Rule::Freestyle);
    model.emplace(std::move(record), rule);
  } catch (const std::exception& e) {
    const wxString sentence = AsSentence(e.what());
    if (report_) report_->Error(sentence.utf8_string());
    wxMessageBox(sentence, _("My games"), wxOK | wxICON_WARNING, this);
    return;
  }
  if (MatchRunning() && !ConfirmLeave(_("Leave the running game and replay this one?"))) return;
  LeaveLocal();
  network_->Drop();
  ShowHallPanel(false);
  replay_ = std::make_unique<ReplayController>(*this, std::move(*model), name);
  active_ = replay_.get();
  savePath_.clear();
  replay_->Start();
}

}  // namespace gomoku::app
