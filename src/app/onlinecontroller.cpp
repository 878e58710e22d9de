#include "app/onlinecontroller.h"

#include <wx/app.h>
#include <wx/msgdlg.h>

#include "app/gamecontroller.h"
#include "app/hallpanel.h"
#include "app/networkcontroller.h"
#include "app/reportobserver.h"
#include "app/sounds.h"
#include "app/texts.h"
#include "app/watchcontroller.h"
#include "core/clock.h"
#include "core/opening.h"
#include "core/utf8.h"

namespace gomoku::app {

namespace {

// " clock 5m+5s opening swap2": the time control and opening rule of a game for the report
// lines, each only when the game has one.
std::string TimingWords(const TimeControl& clock, OpeningRule opening) {
  std::string words;
  if (clock.kind != ClockKind::None) words += " clock " + formatTimeControl(clock);
  if (opening != OpeningRule::None) words += std::string(" opening ") + openingRuleName(opening);
  return words;
}

}  // namespace

// The current game of an OnlineClient, as the NetworkController plays it.
class OnlineLink : public MatchLink {
 public:
  OnlineLink(OnlineController& owner, std::uint64_t gameId) : owner_(owner), gameId_(gameId) {}
  net::NetSnapshot snapshot() const override { return client().snapshot().game; }
  MoveError play(Point p) override { return client().play(p); }
  void leave() override {
    // On a server, leaving a running game loses it: resign first, so that this side shows the
    // game as the server ends it (not as interrupted).
    const net::OnlineSnapshot s = client().snapshot();
    if (s.game.match == net::MatchPhase::Playing && !s.game.game.over()) client().resign();
    client().leaveGame();
  }
  net::RequestError requestTakeback() override { return client().requestTakeback(); }
  net::RequestError answerTakeback(bool accept) override { return client().answerTakeback(accept); }
  net::RequestError offerDraw() override { return client().offerDraw(); }
  net::RequestError answerDraw(bool accept) override { return client().answerDraw(accept); }
  net::RequestError resign() override { return client().resign(); }
  net::RequestError playAgain(bool want) override { return client().playAgain(want); }
  net::RequestError sendChat(const std::string& text) override { return client().sendChat(text); }
  net::RequestError changeNickname(const std::string&) override {
    return {net::RequestRefusal::NotConnected, {}};
  }
  OpeningError openingAct(const net::OpeningAct& act) override { return client().openingAct(act); }
  bool online() const override { return true; }
  void fillOnline(SideInput& in) const override {
    const net::OnlineSnapshot s = client().snapshot();
    OnlineInput o;
    o.server = s.serverName.empty() ? s.serverAddress : s.serverName;
    o.elo = s.elo;
    if (s.matched && s.matched->gameId == gameId_) {
      o.rated = s.matched->rated;
      if (s.game.gameNumber <= 1) o.opponentScore = s.matched->opponentScore;
      if (s.opponentAway && s.phase == net::OnlinePhase::InGame)
        o.opponentAwayUntil = s.opponentDeadline;
    }
    // The ladder change of the game shown: the result the server sent after it started (each
    // game of the match, also after Play again), once it is over.
    if (s.game.gameNumber != gameNumber_) {
      gameNumber_ = s.game.gameNumber;
      resultsBefore_ = s.results.size();
    }
    if (s.game.game.over() && s.results.size() > resultsBefore_ && s.results.back().rated)
      o.ladder = std::make_pair(s.results.back().oldScore, s.results.back().newScore);
    in.online = o;
  }
  void backToHall() override { owner_.BackToHall(); }

 private:
  net::OnlineClient& client() const { return *owner_.client_; }
  OnlineController& owner_;
  std::uint64_t gameId_;
  mutable int gameNumber_ = 0;             // the match's game last shown
  mutable std::size_t resultsBefore_ = 0;  // GAME_RESULTs received before it started
};

// A game of the hall's Games in progress, as a WatchController shows it. It may outlive the
// controller (the window's members go in their order): `alive` says whether it is still there.
class OnlineWatchSource : public WatchSource {
 public:
  OnlineWatchSource(OnlineController& owner, std::uint64_t id)
      : owner_(owner), alive_(owner.alive_), client_(owner.client_.get()), id_(id) {
    const net::OnlineSnapshot s = owner.client_->snapshot();
    watches_ = s.watches;
    where_ = s.serverName.empty() ? s.serverAddress : s.serverName;
    last_ = s.watch;
  }
  ~OnlineWatchSource() override {
    if (!Mine()) return;
    owner_.watchChanged_ = nullptr;
    Stop();
  }
  void Begin(std::function<void()> changed) override {
    if (Mine()) owner_.watchChanged_ = std::move(changed);
  }
  net::WatchSnapshot Snapshot() const override {
    if (Mine()) {
      const net::OnlineSnapshot s = client_->snapshot();
      // Ours while the client watches this game, or once it stopped (no later watch).
      if (s.watches == watches_) last_ = s.watch;
    }
    return last_;
  }
  void Stop() override {
    if (!Mine()) return;
    const net::OnlineSnapshot s = client_->snapshot();
    if (s.watches == watches_ && s.watchingId == id_) client_->unwatch();
  }
  net::RequestError SendChat(const std::string&) override {
    return {net::RequestRefusal::WatchersMayNotChat, {}};  // a server's watchers only read
  }
  std::string Where() const override { return where_; }
  bool Online() const override { return true; }

 private:
  // The controller is there, with the client this watch was asked of (not a later login's).
  bool Mine() const { return *alive_ && owner_.client_.get() == client_; }

  OnlineController& owner_;
  std::shared_ptr<bool> alive_;
  net::OnlineClient* client_;  // the client this watch was asked of (used while Mine())
  int watches_ = 0;            // the client's watches count of this watch
  std::uint64_t id_;
  std::string where_;
  mutable net::WatchSnapshot last_;
};

OnlineController::OnlineController(FrameServices& frame, NetworkController& network,
                                   HallPanel& hall, Hooks hooks)
    : frame_(frame), network_(network), hall_(hall), hooks_(std::move(hooks)) {
  tick_.Bind(wxEVT_TIMER, [this](wxTimerEvent&) {
    if (!client_) return;
    const net::OnlineSnapshot s = client_->snapshot();
    if (inHall_) hall_.Update(s);
    if (Linked() && s.opponentAway) frame_.ShowState();  // the opponent's countdown
    // The server sends the lists when asked: ask again now and then while the hall is shown.
    if (inHall_ && s.phase == net::OnlinePhase::Hall && ++ticks_ % kRefreshTicks == 0)
      RefreshLists();
  });
}

OnlineController::~OnlineController() {
  tick_.Stop();
  *alive_ = false;
  if (Linked()) network_.Drop();  // the link refers to client_
  client_.reset();                // BYE, then the network thread ends
}

void OnlineController::Start(const OnlineLogin& login, bool trustNew) {
  if (Linked()) network_.Drop();
  watchChanged_ = nullptr;  // a watch of the last connection is over
  linked_ = false;
  client_.reset();
  login_ = login;
  loginSent_ = false;
  loginAnswers_ = matches_ = invitations_ = statsUpdates_ = roomsCreated_ = 0;
  results_ = denials_ = records_ = 0;
  finding_ = inHall_ = false;
  phase_ = net::OnlinePhase::Idle;
  net::OnlineOptions options;
  options.trustNewServer = trustNew;
  std::shared_ptr<bool> alive = alive_;
  client_ = std::make_unique<net::OnlineClient>(
      [alive, this] {
        if (wxTheApp)
          wxTheApp->CallAfter([alive, this] {
            if (*alive) OnChanged();
          });
      },
      options);
  hall_.Clear();
  frame_.SetStatus(wxString::Format(_(L"Connecting to %s\u2026"),
                                    FromUtf8(net::hostPortKey(login.host, login.port))));
  if (login.servers.empty())
    client_->connect(login.host, login.port);
  else
    client_->connect(login.servers);
  tick_.Start(1000);
}

void OnlineController::SignOut() {
  if (!client_) return;
  if (Linked()) network_.Drop();
  linked_ = false;
  client_->close();
  hooks_.rememberLogin(net::hostPortKey(login_.host, login_.port), login_.name, {});
  OnChanged();
}

void OnlineController::CancelConnect() {
  if (!client_ || LoggedIn()) return;
  client_->close();  // Cancelled: the login dialog comes back (OnClosed)
  OnChanged();
}

bool OnlineController::LoggedIn() const {
  return client_ && client_->snapshot().loggedIn && phase_ != net::OnlinePhase::Closed;
}

bool OnlineController::Active() const {
  return client_ && phase_ != net::OnlinePhase::Idle && phase_ != net::OnlinePhase::Closed;
}

bool OnlineController::Linked() const {
  return linked_ && network_.Online();
}

bool OnlineController::GameShown() const {
  return Linked();
}

net::OnlineSnapshot OnlineController::Snapshot() const {
  return client_ ? client_->snapshot() : net::OnlineSnapshot();
}

void OnlineController::ShowHall() {
  if (!client_) return;
  const net::OnlineSnapshot s = client_->snapshot();
  if (!s.loggedIn || (s.phase != net::OnlinePhase::Hall &&
                      !(s.phase == net::OnlinePhase::Reconnecting && !Linked())))
    return;
  if (Linked()) {
    network_.Drop();  // the last game stays on show behind the hall as a kept game
    linked_ = false;
  }
  if (s.watchingId != 0) client_->unwatch();  // back from a game watched
  const bool was = inHall_;
  inHall_ = true;
  hall_.Update(s);
  hooks_.showHall(true);
  if (!was) {
    frame_.SetStatus(wxString::Format(_("In the game hall as %s."), FromUtf8(s.name)));
    RefreshLists();  // who is online now, the ladder after the game, the games in progress
  }
}

void OnlineController::BackToHall() {
  // Called from the network controller's LeaveMatch: finish after it returned.
  std::shared_ptr<bool> alive = alive_;
  wxTheApp->CallAfter([alive, this] {
    if (!*alive) return;
    ShowHall();
    if (inHall_) hall_.ShowMyGames();  // the game just played is there
  });
}

bool OnlineController::Check(net::OnlineRefusal r) {
  if (r == net::OnlineRefusal::None) return true;
  frame_.SetStatus(OnlineRefusalSentence(r));
  return false;
}

void OnlineController::RequestGame(std::uint64_t id, bool save) {
  if (!client_ || !Check(client_->requestGame(id))) return;
  wantedGame_ = id;
  saveWanted_ = save;
  frame_.SetStatus(_(L"Fetching the game from the server\u2026"));
}

void OnlineController::RefreshLists() {
  client_->refreshHall();
  client_->requestLive();
}

std::unique_ptr<WatchSource> OnlineController::Watch(std::uint64_t id) {
  if (!client_) return nullptr;
  const net::OnlineSnapshot s = client_->snapshot();
  if (s.finding || s.room) return nullptr;  // the hall's Watch is disabled meanwhile
  if (!Check(client_->watchGame(id))) return nullptr;
  Report("WATCH_GAME " + std::to_string(id));
  inHall_ = false;
  return std::make_unique<OnlineWatchSource>(*this, id);
}

void OnlineController::Report(const std::string& line) {
  if (ReportObserver* report = frame_.Report()) report->Line(line);
}

void OnlineController::OnChanged() {
  if (!client_) return;
  const net::OnlineSnapshot s = client_->snapshot();
  const net::OnlinePhase was = phase_;
  phase_ = s.phase;

  if (s.phase == net::OnlinePhase::Connected && !loginSent_) {
    loginSent_ = true;
    net::OnlineRefusal r;
    if (login_.registering)
      r = client_->registerAccount(login_.name, login_.password);
    else if (!login_.token.empty())
      r = client_->loginWithToken(login_.name, login_.token);
    else
      r = client_->login(login_.name, login_.password);
    login_.password.clear();  // sent: not kept
    if (r != net::OnlineRefusal::None) {
      const wxString error = OnlineRefusalSentence(r);
      client_->close();
      hooks_.loginFailed(error);
      return;
    }
    frame_.SetStatus(login_.registering ? _(L"Creating the account\u2026")
                                        : _(L"Logging in\u2026"));
  }

  // The answer to the login.
  if (s.loginAnswers > loginAnswers_) {
    loginAnswers_ = s.loginAnswers;
    if (s.lastLogin.status != net::LoginStatus::Ok && !s.loggedIn) {
      Report("LOGIN refused " + singleLine(net::describe(s.lastLogin.status)));
      const wxString error = LoginSentence(s.lastLogin);
      if (!login_.token.empty())  // a remembered login the server no longer knows
        hooks_.rememberLogin(net::hostPortKey(login_.host, login_.port), login_.name, {});
      client_->close();
      phase_ = net::OnlinePhase::Closed;
      hooks_.loginFailed(error);
      return;
    }
    if (s.loggedIn && was != net::OnlinePhase::Reconnecting) {
      Report("LOGIN " + s.name + " " + std::to_string(s.stats.score));
      hooks_.rememberLogin(net::hostPortKey(login_.host, login_.port), s.name,
                           login_.remember ? client_->sessionToken() : std::string());
      frame_.SetStatus(wxString::Format(_("Signed in as %s."), FromUtf8(s.name)));
      client_->requestGames();
    }
  }

  if (s.phase == net::OnlinePhase::Closed) {
    // Once per connection: later notifications of the closed client change nothing.
    if (was != net::OnlinePhase::Closed) {
      if (watchChanged_) watchChanged_();  // the game watched ended with the connection
      OnClosed(s);
    }
    return;
  }

  if (s.phase == net::OnlinePhase::Reconnecting && was != net::OnlinePhase::Reconnecting) {
    Report("RECONNECTING");
    frame_.SetStatus(_(L"The connection to the server was lost; reconnecting\u2026"));
  }
  if (was == net::OnlinePhase::Reconnecting && s.phase != net::OnlinePhase::Reconnecting &&
      s.phase != net::OnlinePhase::Closed) {
    Report("RECONNECTED");
    frame_.SetStatus(_("Connected to the server again."));
  }

  // A new game (MATCHED): shown on the board through the network controller.
  if (s.matches > matches_ && s.matched) {
    matches_ = s.matches;
    const net::Matched& m = *s.matched;
    Report("MATCHED " + std::to_string(m.gameId) + " " + (m.youAreBlack ? "black" : "white") + " " +
           m.opponent + " " + std::to_string(m.opponentScore) + (m.rated ? " rated" : " unrated") +
           (m.resumeToken ? " resume" : "") + TimingWords(m.clock, m.opening));
    // A resumed game (after a drop) goes on in the link that shows it.
    if (!(Linked() && m.resumeToken != 0)) {
      network_.Attach(std::make_unique<OnlineLink>(*this, m.gameId));
      linked_ = true;
    }
    finding_ = false;
    inHall_ = false;
    hooks_.showHall(false);
  }

  if (Linked()) network_.OnNetChanged();

  // Game results: the ladder change.
  for (; results_ < s.results.size(); ++results_) {
    const net::GameResult& r = s.results[results_];
    if (r.rated) Report("LADDER " + std::to_string(r.oldScore) + " " + std::to_string(r.newScore));
    if (Linked()) frame_.ShowState();  // the side panel shows the ladder change
    if (inHall_ || !Linked()) client_->requestGames();
  }
  if (!s.results.empty() && results_ == s.results.size() && s.phase == net::OnlinePhase::Hall &&
      was == net::OnlinePhase::InGame)
    client_->requestGames();  // "My games" has the game just ended

  // Refusals of hall requests.
  for (; denials_ < s.denials.size(); ++denials_) {
    const net::Denied& d = s.denials[denials_];
    Report("DENIED " + std::string(net::typeName(d.request)) + " " + singleLine(d.detail));
    // The list of games asked for by the controller itself (after a login, a game) is no news.
    if (d.request != net::MsgType::GamesRequest) {
      frame_.SetStatus(DeniedSentence(d));
      hall_.ShowError(DeniedSentence(d));
    }
    if (d.request == net::MsgType::GetGame && wantedGame_ != 0) wantedGame_ = 0;
  }

  // Invitations.
  if (s.invitationsReceived > invitations_) {
    invitations_ = s.invitationsReceived;
    if (!s.invitations.empty()) {
      const net::Invited& i = s.invitations.back();
      Report("INVITED " + std::to_string(i.inviteId) + " " + i.from);
      frame_.SetStatus(wxString::Format(_("%s invites you to a game."), FromUtf8(i.from)));
      PlaySound(Sound::Message);
    }
  }

  // Finding.
  if (s.finding != finding_) {
    finding_ = s.finding;
    if (finding_)
      Report(std::string("FINDING ") + ruleName(s.findRule) +
             TimingWords(s.findClock, s.findOpening));
  }

  // Our room is open: its code and game.
  if (s.roomsCreated > roomsCreated_) {
    roomsCreated_ = s.roomsCreated;
    if (s.room) {
      const net::RoomSettings& rs = s.room->settings;
      Report("ROOM " + s.room->code + " " + ruleName(rs.rule) + " " + std::to_string(rs.boardSize) +
             TimingWords(rs.clock, rs.opening));
    }
  }

  // A stored game asked for.
  for (; records_ < s.records.size(); ++records_) {
    const net::GameRecord& g = s.records[records_];
    if (g.summary.id != wantedGame_) continue;
    wantedGame_ = 0;
    if (hooks_.gameRecord) hooks_.gameRecord(g, saveWanted_);
  }

  // Back in the hall after a game: the hall when the game was left; else the board keeps
  // showing the ended game (its ladder change) until the user goes back.
  if (s.phase == net::OnlinePhase::Hall &&
      (was == net::OnlinePhase::LoggingIn || was == net::OnlinePhase::Connected ||
       (was == net::OnlinePhase::Reconnecting && !Linked())))
    ShowHall();
  if (inHall_) {
    hall_.Update(s);
    if (hooks_.hallUpdated) hooks_.hallUpdated();
  }
  if (watchChanged_) watchChanged_();  // the game watched, if one is
}

void OnlineController::OnClosed(const net::OnlineSnapshot& s) {
  tick_.Stop();
  const bool wasIn = inHall_ || Linked();
  inHall_ = false;
  if (Linked()) network_.OnNetChanged();  // the game's last state (interrupted)
  hooks_.showHall(false);
  if (s.failure == net::OnlineFailure::None) {
    Report("SIGNED_OUT");
    frame_.SetStatus(_("Signed out."));
    return;
  }
  Report(std::string("ONLINE_FAILED ") + net::onlineFailureName(s.failure) + " " +
         singleLine(s.message));
  if (s.failure == net::OnlineFailure::UnknownServer) {
    // Trust on first use, as SSH does: show the fingerprint and ask.
    wxMessageDialog ask(
        frame_.Window(),
        wxString::Format(_("This is the first connection to %s. Do you trust this server?"),
                         FromUtf8(net::hostPortKey(s.serverHost, s.serverPort))),
        _("New server"), wxYES_NO | wxNO_DEFAULT | wxICON_QUESTION);
    ask.SetExtendedMessage(
        wxString::Format(_("Its certificate's fingerprint (SHA-256) is:\n%s\n\nIf you can, "
                           "compare it with the one the server's owner gives. Gomoku remembers "
                           "it and warns you if the server's certificate ever changes."),
                         FromUtf8(s.fingerprint)));
    ask.SetYesNoLabels(_("&Trust and connect"), _("&Cancel"));
    if (ask.ShowModal() == wxID_YES) {
      // Just the certificate shown, for the server that showed it (of a list, one node: the
      // others that show the same are pinned by the client itself).
      try {
        net::OnlineClient::trustServer(s.serverHost, s.serverPort, s.fingerprint);
      } catch (const std::exception& e) {
        frame_.SetStatus(FromUtf8(e.what()));
        return;
      }
      OnlineLogin again = login_;
      Start(again, /*trustNew=*/false);
    } else {
      frame_.SetStatus(_("Not connected: the server was not trusted."));
    }
    return;
  }
  const wxString sentence = OnlineFailureSentence(s);
  if (!wasIn && !s.loggedIn) {
    hooks_.loginFailed(sentence);  // the login dialog again, with the reason
    return;
  }
  frame_.SetStatus(sentence);
  wxMessageBox(sentence, OnlineFailureTitle(s.failure), wxOK | wxICON_WARNING, frame_.Window());
}

}  // namespace gomoku::app
