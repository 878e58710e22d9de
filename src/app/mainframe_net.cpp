// MainFrame: network games: hosting and joining, the match's updates (net's MatchTracker), its
// actions (take back, draw, resign, play again, answers) and the chat.
#include <algorithm>
#include <functional>

#include <wx/app.h>
#include <wx/msgdlg.h>

#include "app/connectdialogs.h"
#include "app/localcontroller.h"
#include "app/mainframe.h"
#include "app/reportobserver.h"
#include "app/sidepanel.h"
#include "app/sounds.h"
#include "app/texts.h"
#include "core/notation.h"
#include "core/utf8.h"
#include "net/wire.h"

namespace gomoku::app {

// ---------------------------------------------------------------------------------------------
// Connecting and the match's updates

net::NetGame& MainFrame::NewNetGame() {
  if (local_) local_->StopEngine();
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
  match_.reset();
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
    kept_ = last.game;
    local_.reset();
    mode_ = Mode::Local;
  }
  snap_ = net::NetSnapshot();
  match_.reset();
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
  if (match_.gameNumber() > 0 && snap_.role == net::Role::Joiner &&
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
  if (result != wxID_OK && match_.gameNumber() == 0) DropNetGame();
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
  // What changed since the last snapshot, in MatchTracker's order.
  const std::vector<net::MatchUpdate> updates = match_.update(snap_);
  const bool started = match_.gameNumber() > 0;
  if (started) {
    // Nicknames follow NICKNAME messages (and our own changes) while the match lasts.
    if (!snap_.peerNickname.empty()) {
      const wxString local = FromUtf8(snap_.localNickname);
      const wxString peer = FromUtf8(snap_.peerNickname);
      blackNick_ = snap_.localColor == Stone::Black ? local : peer;
      whiteNick_ = snap_.localColor == Stone::White ? local : peer;
    }
  }
  // Board, side panel and the MOVE / TAKEBACK / RESULT lines before the chat and the notice
  // that came in the same batch of network events (and before the end's sentence).
  bool shown = false;
  const auto show = [&] {
    if (shown) return;
    shown = true;
    if (started) NoteNetworkTimes();
    ShowState();
  };
  bool ended = false;
  for (const net::MatchUpdate& u : updates) {
    switch (u.kind) {
      case net::MatchUpdateKind::Listening:
        if (report_) report_->OnMatch(u, snap_);
        break;
      case net::MatchUpdateKind::Failed:
        break;  // the connect dialog shows it (and its failure handler reports it)
      case net::MatchUpdateKind::GameStarted:
        // The first game, and each one after "Play again" (colours swapped).
        netTimes_.clear();
        lastMoveAt_ = std::chrono::steady_clock::now();
        mode_ = Mode::Network;
        you_ = u.color;
        shown_.Reset();
        if (report_) report_->GameShown(true);
        savePath_.clear();
        if (report_) report_->OnMatch(u, snap_);
        SetStatusText(GameStartedSentence(u.gameNumber, u.color, FromUtf8(snap_.peerNickname)));
        if (snap_.role == net::Role::Joiner) SaveResumeToken();
        break;
      case net::MatchUpdateKind::TokenChanged:
        if (snap_.role == net::Role::Joiner) SaveResumeToken();
        break;
      case net::MatchUpdateKind::Suspended:
        // Count the resume window down once a second.
        if (!suspendTimer_.IsRunning()) suspendTimer_.Start(1000);
        if (report_) report_->OnMatch(u, snap_);
        break;
      case net::MatchUpdateKind::Resumed:
        suspendTimer_.Stop();
        if (report_) report_->OnMatch(u, snap_);
        break;
      case net::MatchUpdateKind::PeerRenamed:
      case net::MatchUpdateKind::TakenBack:
      case net::MatchUpdateKind::RequestsChanged:
        break;  // the board and the side panel show them
      case net::MatchUpdateKind::MovesAdded: {
        const Game& game = snap_.game;
        const Stone mover = u.ply % 2 == 1 ? Stone::Black : Stone::White;
        if (mover != snap_.localColor && !game.over() && game.lastMove())
          SetStatusText(wxString::Format(_("%s played %s."), FromUtf8(snap_.peerNickname),
                                         toRif(*game.lastMove(), game.size())));
        break;
      }
      case net::MatchUpdateKind::Chat:
        show();
        AppendChat(u.chat);
        if (!u.chat.fromUs) PlaySound(Sound::Message);
        if (report_) report_->OnMatch(u, snap_);
        break;
      case net::MatchUpdateKind::Notice:
        // The match's sentence about its last event (requests, answers, nicknames) goes to
        // the status bar after a move of the same batch; a new result replaces it.
        show();
        if (report_) report_->OnMatch(u, snap_);
        SetStatusText(NoticeSentence(u.notice));
        break;
      case net::MatchUpdateKind::GameEnded:
        show();
        ended = true;
        SetStatusText(ResultSentence(u.result, PlayerName(Stone::Black), PlayerName(Stone::White)));
        break;
      case net::MatchUpdateKind::Closed:
        show();
        suspendTimer_.Stop();
        // The match closed (e.g. the dropped peer's time to reconnect ran out): the status bar
        // says so like the side panel, instead of the notice that we are still waiting.
        if (u.gameNumber > 0 && !ended)
          SetStatusText(wxString::Format(_("Connection closed: %s"), AsSentence(u.text)));
        break;
    }
  }
  show();
  if (started) AutoSaveNetwork(snap_.game);  // when it ended, and again when the ended game changed
}

void MainFrame::SaveResumeToken() {
  // The token that rejoins this match, kept for a restarted program (until the match closes).
  std::string token;
  if (snap_.resumeToken != 0 && snap_.match != net::MatchPhase::Closed)
    token =
        wxString::Format("%llx", static_cast<unsigned long long>(snap_.resumeToken)).utf8_string();
  if (token != saved_.resumeToken) {
    saved_.resumeToken = session_.resumeToken = token;
    SaveSettings();
  }
}

wxString MainFrame::GameStartedSentence(int gameNumber, Stone color, const wxString& peer) {
  if (gameNumber == 1)
    return color == Stone::Black
               ? wxString::Format(_("Game started: you play Black against %s."), peer)
               : wxString::Format(_("Game started: you play White against %s."), peer);
  return color == Stone::Black
             ? wxString::Format(_("Game %d started: you play Black against %s."), gameNumber, peer)
             : wxString::Format(_("Game %d started: you play White against %s."), gameNumber, peer);
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
  return matchActions(net_ ? &snap_ : nullptr, match_.gameNumber() > 0);
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
  if (!error && match_.gameNumber() < std::max(net_->snapshot().gameNumber, 1)) {
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
  if (const net::RequestError error = net_->sendChat(text)) {
    side_->ShowChatError(RefusalSentence(error), /*wrap=*/true);  // e.g. too long, too fast
    return;
  }
  side_->ChatSent();
  OnNetChanged();
}

void MainFrame::AppendChat(const net::ChatLine& line) {
  const wxString who = line.fromUs ? wxString(_("You")) : FromUtf8(singleLine(snap_.peerNickname));
  side_->AppendChat(line.fromUs, who, line.text);
}

}  // namespace gomoku::app
