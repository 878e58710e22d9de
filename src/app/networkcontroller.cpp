#include "app/networkcontroller.h"

#include <algorithm>

#include <wx/app.h>
#include <wx/datetime.h>
#include <wx/msgdlg.h>

#include "app/connectdialogs.h"
#include "app/gamerecords.h"
#include "app/openingtexts.h"
#include "app/reportobserver.h"
#include "app/sidepanel.h"
#include "app/sounds.h"
#include "app/texts.h"
#include "core/notation.h"
#include "core/utf8.h"
#include "net/match.h"
#include "net/wire.h"

namespace gomoku::app {

namespace {

wxString GameStartedSentence(int gameNumber, Stone color, const wxString& peer) {
  if (gameNumber == 1)
    return color == Stone::Black
               ? wxString::Format(_("Game started: you play Black against %s."), peer)
               : wxString::Format(_("Game started: you play White against %s."), peer);
  return color == Stone::Black
             ? wxString::Format(_("Game %d started: you play Black against %s."), gameNumber, peer)
             : wxString::Format(_("Game %d started: you play White against %s."), gameNumber, peer);
}

}  // namespace

NetworkController::NetworkController(FrameServices& frame, Hooks hooks)
    : frame_(frame), hooks_(std::move(hooks)) {
  suspendTimer_.Bind(wxEVT_TIMER, [this](wxTimerEvent&) { frame_.ShowState(); });
}

NetworkController::~NetworkController() {
  suspendTimer_.Stop();
  *alive_ = false;
  link_.reset();  // BYE, then the network thread ends
}

// ---------------------------------------------------------------------------------------------
// The game shown

GameKind NetworkController::Kind() const {
  return Started() ? GameKind::Network : GameKind::Kept;
}

const Game& NetworkController::ShownGame() const {
  return Started() ? snap_.game : kept_;
}

bool NetworkController::BoardInteractive() const {
  if (link_ && opening_) {
    const OpeningStep step = opening_->opening().step();
    return !opening_->computerToDecide() &&
           (step == OpeningStep::Place || step == OpeningStep::PlaceAlternatives ||
            step == OpeningStep::ChooseAlternative);
  }
  return link_ && snap_.myTurn;
}

void NetworkController::OnBoardClick(Point p) {
  if (!Started()) {
    // The last game of a dropped match: nobody plays on.
    MoveError e = kept_.check(p);
    if (e == MoveError::None) e = MoveError::GameOver;
    frame_.RefuseMove(p, AsSentence(kept_.refusalText(p, e)));
    return;
  }
  if (opening_) {
    OpeningClick(p);
    return;
  }
  const MoveError e = link_->play(p);
  if (e != MoveError::None) {
    // Refused here: nothing was sent. The position is the one the refusal was judged on.
    frame_.RefuseMove(p, AsSentence(link_->snapshot().game.refusalText(p, e)));
    return;
  }
  frame_.SetStatus(wxString::Format(_("You played %s."), pointName(p, snap_.game.size())));
  OnNetChanged();  // show the stone at once; the listener's call will find nothing new
}

void NetworkController::FillSideInput(SideInput& in) const {
  in.kind = Kind();
  in.blackName = blackNick_.utf8_string();
  in.whiteName = whiteNick_.utf8_string();
  in.you = you_;
  in.opening = link_ && opening_;
  in.openingComputer = in.opening && opening_->computerToDecide();
  if (in.opening) in.openingDecider = opening_->opening().colourOf(opening_->opening().decider());
  FillMatchInput(in);
}

void NetworkController::FillMatchInput(SideInput& in) const {
  in.net = link_ ? &snap_ : nullptr;
  in.netStarted = tracker_.gameNumber() > 0;
  in.gameNumber = tracker_.gameNumber();
  if (link_ && snap_.clock.enabled()) {  // the match's clocks run on between snapshots
    in.blackClock = snap_.clockNow(Stone::Black);
    in.whiteClock = snap_.clockNow(Stone::White);
  }
  if (link_) link_->fillOnline(in);
}

wxString NetworkController::PlayerName(Stone s) const {
  return s == Stone::Black ? blackNick_ : s == Stone::White ? whiteNick_ : wxString();
}

wxString NetworkController::PeerName() const {
  return FromUtf8(snap_.peerNickname);
}

wxString NetworkController::SituationStatus() const {
  const Game& game = ShownGame();
  if (link_ && opening_) return OpeningBanner();
  if (!game.over() && Started())
    return snap_.myTurn ? _("Your turn.")
                        : wxString::Format(_("Waiting for %s to move."), PeerName());
  return SituationSentence(game, PlayerName(Stone::Black), PlayerName(Stone::White));
}

Record NetworkController::ShownRecord() const {
  return RecordFromGame(ShownGame(), blackNick_.utf8_string(), whiteNick_.utf8_string(), {},
                        wxDateTime::Now().FormatISODate().utf8_string(), snap_.clock.control(),
                        recordOpening_);
}

bool NetworkController::Running() const {
  return Actions().running;
}

void NetworkController::Leave() {
  Drop();
}

// ---------------------------------------------------------------------------------------------
// The NetGame and its updates

namespace {

// A P2P match: the NetGame it runs on.
class NetGameLink : public MatchLink {
 public:
  // `options`: e.g. a game hosted from the app is announced on the local network (net/lan.h).
  NetGameLink(net::NetGame::Listener listener, const net::NetOptions& options)
      : net_(std::move(listener), options) {}
  net::NetGame& game() { return net_; }
  net::NetSnapshot snapshot() const override { return net_.snapshot(); }
  MoveError play(Point p) override { return net_.play(p); }
  void leave() override { net_.leave(); }
  net::RequestError requestTakeback() override { return net_.requestTakeback(); }
  net::RequestError answerTakeback(bool accept) override { return net_.answerTakeback(accept); }
  net::RequestError offerDraw() override { return net_.offerDraw(); }
  net::RequestError answerDraw(bool accept) override { return net_.answerDraw(accept); }
  net::RequestError resign() override { return net_.resign(); }
  net::RequestError playAgain(bool want) override { return net_.playAgain(want); }
  net::RequestError sendChat(const std::string& text) override { return net_.sendChat(text); }
  net::RequestError changeNickname(const std::string& nick) override {
    return net_.changeNickname(nick);
  }
  OpeningError openingAct(const net::OpeningAct& act) override { return net_.openingAct(act); }

 private:
  net::NetGame net_;
};

}  // namespace

net::NetGame& NetworkController::NewGame(const net::NetOptions& options) {
  Drop();
  // The listener runs on the network thread: it only queues a call to the GUI thread, which
  // checks that the controller still exists before touching it.
  std::shared_ptr<bool> alive = alive_;
  auto link = std::make_unique<NetGameLink>(
      [alive, this] {
        if (wxTheApp)
          wxTheApp->CallAfter([alive, this] {
            if (*alive) OnNetChanged();
          });
      },
      options);
  net::NetGame& game = link->game();
  Attach(std::move(link));
  return game;
}

void NetworkController::Attach(std::unique_ptr<MatchLink> link) {
  Drop();
  link_ = std::move(link);
  snap_ = link_->snapshot();
  tracker_.reset();
  watcherChatShown_ = 0;
  savedGame_ = 0;  // a new match: its games are numbered from 1 again
  if (SidePanel* side = frame_.Side()) side->ClearChat();
}

void NetworkController::Drop() {
  if (!link_) return;
  link_->leave();  // BYE if a match runs: its game ends as interrupted
  const net::NetSnapshot last = link_->snapshot();
  const bool shown = Started();
  link_.reset();
  suspendTimer_.Stop();
  if (shown) {
    // Keep the ended game visible as a position nobody can play on.
    kept_ = last.game;
    frame_.ReportState();  // RESULT for a game cut short here
    AutoSaveGame(kept_);
  }
  snap_ = net::NetSnapshot();
  tracker_.reset();
  opening_.reset();
  openingSeen_ = {0, 0};
}

void NetworkController::OnNetChanged() {
  if (!link_) return;
  snap_ = link_->snapshot();
  if (dialog_) dialog_->OnNetUpdate(snap_);
  // What changed since the last snapshot, in MatchTracker's order.
  const std::vector<net::MatchUpdate> updates = tracker_.update(snap_);
  const bool started = tracker_.gameNumber() > 0;
  // Nicknames follow NICKNAME messages (and our own changes) while the match lasts.
  if (started && !snap_.peerNickname.empty()) {
    const wxString local = FromUtf8(snap_.localNickname);
    const wxString peer = PeerName();
    blackNick_ = snap_.localColor == Stone::Black ? local : peer;
    whiteNick_ = snap_.localColor == Stone::White ? local : peer;
    if (snap_.localColor != Stone::Empty) you_ = snap_.localColor;  // an opening's swap
  }
  ReportObserver* report = frame_.Report();
  // Board, side panel and the MOVE / TAKEBACK / RESULT lines come before the chat and the
  // notice that came in the same batch of network events (and before the end's sentence).
  bool shown = false;
  const auto show = [&] {
    if (shown) return;
    shown = true;
    if (started) NoteTimes();
    frame_.ShowState();
  };
  bool ended = false;
  net::Withdrawn withdrawn = net::Withdrawn::None;  // told by a notice of this batch
  wxString notices;                                 // the sentences of this batch's notices
  for (const net::MatchUpdate& u : updates) {
    switch (u.kind) {
      case net::MatchUpdateKind::Listening:
        frame_.ShowState();  // the side panel: waiting, not the game shown meanwhile
        frame_.SetStatus(
            wxString::Format(_(L"Waiting for an opponent on port %d\u2026"), snap_.port));
        if (report) report->OnMatch(u, snap_);
        break;
      case net::MatchUpdateKind::Failed:
        break;  // the connect dialog shows it (and its failure handler reports it)
      case net::MatchUpdateKind::PreviousGameRevised:
        // The game before ended otherwise after all (the other side's last word about it was
        // lost in a drop: PROTOCOL.md). It is no longer shown, but its automatic save is
        // rewritten with the result both sides now hold. This comes before GameStarted: the
        // times and file are still that game's; the colours were the other way round (play
        // again swaps them).
        if (savedGame_ == u.gameNumber && snap_.previousGame.over()) {
          const Game& game = snap_.previousGame;
          savedPly_ = game.ply();
          savedResult_ = {game.result().outcome, game.result().reason};
          frame_.AutoSave(
              game, whiteNick_, blackNick_,
              static_cast<int>(times_.size()) == game.ply() ? times_ : std::vector<int>(),
              snap_.clock.control(), savedOpening_, autoSave_);
        }
        break;
      case net::MatchUpdateKind::GameStarted:
        OnGameStarted(u);
        break;
      case net::MatchUpdateKind::TokenChanged:
        SaveResumeToken();
        break;
      case net::MatchUpdateKind::Suspended:
        // Count the resume window down once a second.
        if (!suspendTimer_.IsRunning()) suspendTimer_.Start(1000);
        if (report) report->OnMatch(u, snap_);
        break;
      case net::MatchUpdateKind::Resumed:
        suspendTimer_.Stop();
        if (report) report->OnMatch(u, snap_);
        break;
      case net::MatchUpdateKind::PeerRenamed:
      case net::MatchUpdateKind::TakenBack:
      case net::MatchUpdateKind::RequestsChanged:
        break;  // the board and the side panel show them
      case net::MatchUpdateKind::MovesAdded: {
        const Game& game = snap_.game;
        const Stone mover = u.ply % 2 == 1 ? Stone::Black : Stone::White;
        // In an opening either player places stones of both colours: SyncOpening tells them.
        const bool opening = opening_ || snap_.opening;
        if (mover != snap_.localColor && !game.over() && game.lastMove() && !opening)
          frame_.SetStatus(wxString::Format(_("%s played %s."), PeerName(),
                                            pointName(*game.lastMove(), game.size())));
        break;
      }
      case net::MatchUpdateKind::Chat:
        show();
        AppendChat(u.chat);
        if (!u.chat.fromUs) PlaySound(Sound::Message);
        if (report) report->OnMatch(u, snap_);
        break;
      case net::MatchUpdateKind::Notice:
        // The match's sentences about its events (requests, answers, nicknames) go to the
        // status bar after a move of the same batch, all of them (a draw offer and a takeback
        // request can come together); a new result replaces them.
        show();
        if (report) report->OnMatch(u, snap_);
        notices = notices.empty() ? NoticeSentence(u.notice)
                                  : wxString::Format(_("%s %s"), notices, NoticeSentence(u.notice));
        frame_.SetStatus(notices);
        if (u.notice.withdrawn != net::Withdrawn::None) withdrawn = u.notice.withdrawn;
        break;
      case net::MatchUpdateKind::GameEnded: {
        show();
        ended = true;
        const wxString result =
            ResultSentence(u.result, PlayerName(Stone::Black), PlayerName(Stone::White));
        if (net::opponentLeft(u.result) && opening_)
          // The window closed during the opening (nobody was "to move").
          frame_.SetStatus(wxString::Format(
              _("%s left the game during the opening. The game is interrupted: between two "
                "programs there is no referee to award the win."),
              PeerName().empty() ? _("The opponent") : PeerName()));
        else if (net::opponentLeft(u.result))
          // The window closed mid-game: who left, and who was to move; nobody wins it.
          frame_.SetStatus(wxString::Format(
              _("%s left the game with %s to move. The game is interrupted: between two "
                "programs there is no referee to award the win."),
              PeerName().empty() ? _("The opponent") : PeerName(),
              ColorLabel(snap_.game.toMove())));
        else if (withdrawn != net::Withdrawn::None)
          // An agreed draw with a takeback request standing: the result, and that the
          // request is withdrawn (the notice's sentence would be replaced at once).
          frame_.SetStatus(wxString::Format(_("%s %s"), result, WithdrawnSentence(withdrawn)));
        else
          frame_.SetStatus(result);
        break;
      }
      case net::MatchUpdateKind::Closed:
        show();
        suspendTimer_.Stop();
        // The match closed (e.g. the dropped peer's time to reconnect ran out): the status bar
        // says so like the side panel, instead of the notice that we are still waiting.
        if (u.gameNumber > 0 && !ended)
          frame_.SetStatus(wxString::Format(_("Connection closed: %s"), AsSentence(u.text)));
        break;
    }
  }
  // The watchers' chat (a host that lets them chat), the lines not shown yet.
  const int fresh = std::min<int>(snap_.watcherChatLines - watcherChatShown_,
                                  static_cast<int>(snap_.watcherChat.size()));
  for (auto i = snap_.watcherChat.size() - static_cast<std::size_t>(std::max(fresh, 0));
       i < snap_.watcherChat.size(); ++i) {
    const net::WatchChat& line = snap_.watcherChat[i];
    show();
    if (SidePanel* side = frame_.Side())
      side->AppendChat(false, wxString::Format(_("%s (watching)"), FromUtf8(line.from)), line.text);
    if (report) report->Line("WCHAT " + line.from + ": " + line.text);
  }
  watcherChatShown_ = snap_.watcherChatLines;
  // The opening's banner, what the opponent decided (after the stones it placed) and the
  // decisions for the game's record.
  if (started) SyncOpening();
  show();
  if (started) AutoSaveGame(snap_.game);  // when it ended, and again when the ended game changed
}

void NetworkController::OnGameStarted(const net::MatchUpdate& u) {
  // The first game, and each one after "Play again" (colours swapped).
  times_.clear();
  lastMoveAt_ = std::chrono::steady_clock::now();
  you_ = u.color;
  opening_.reset();
  openingSeen_ = {u.gameNumber, 0};
  recordOpening_ = {snap_.openingRule, {}};  // SyncOpening fills in its decisions
  frame_.Activate(*this);
  frame_.GameReplaced(true);
  if (ReportObserver* report = frame_.Report()) report->OnMatch(u, snap_);  // STARTED
  frame_.SetStatus(GameStartedSentence(u.gameNumber, u.color, PeerName()));
  SaveResumeToken();
}

void NetworkController::SaveResumeToken() {
  if (snap_.role != net::Role::Joiner || !hooks_.resumeTokenChanged || Online()) return;
  // The token that rejoins this match, kept for a restarted program (until the match closes).
  std::string token;
  if (snap_.resumeToken != 0 && snap_.match != net::MatchPhase::Closed)
    token =
        wxString::Format("%llx", static_cast<unsigned long long>(snap_.resumeToken)).utf8_string();
  hooks_.resumeTokenChanged(token);
}

void NetworkController::NoteTimes() {
  const int ply = snap_.game.ply();
  const auto now = std::chrono::steady_clock::now();
  if (ply < static_cast<int>(times_.size())) {
    times_.resize(static_cast<std::size_t>(ply));  // a takeback
    lastMoveAt_ = now;
  }
  while (static_cast<int>(times_.size()) < ply) {
    times_.push_back(static_cast<int>(
        std::chrono::duration_cast<std::chrono::milliseconds>(now - lastMoveAt_).count()));
    lastMoveAt_ = now;
  }
}

void NetworkController::AutoSaveGame(const Game& game) {
  // Once per network game: when it ends, or when it is cut short; the same file again when the
  // ended game changes (the opponent's move that crossed our resignation, a resignation that
  // crossed the five).
  const int number = tracker_.gameNumber();
  if (number == 0 || game.ply() == 0 || !game.over()) return;
  const std::pair<Outcome, EndReason> result{game.result().outcome, game.result().reason};
  if (savedGame_ == number && savedPly_ == game.ply() && savedResult_ == result) return;
  if (savedGame_ != number) autoSave_.clear();
  savedGame_ = number;
  savedPly_ = game.ply();
  savedResult_ = result;
  savedOpening_ = recordOpening_;
  frame_.AutoSave(game, blackNick_, whiteNick_,
                  static_cast<int>(times_.size()) == game.ply() ? times_ : std::vector<int>(),
                  snap_.clock.control(), savedOpening_, autoSave_);
}

// ---------------------------------------------------------------------------------------------
// The opening rule

const session::OpeningSession* NetworkController::RunningOpening() const {
  return link_ && opening_ ? &*opening_ : nullptr;
}

wxString NetworkController::OpeningBanner() const {
  if (!opening_) return {};
  return OpeningStepSentence(opening_->opening(), opening_->computer(),
                             static_cast<int>(opening_->picked().size()), PeerName());
}

void NetworkController::SyncOpening() {
  const std::pair<int, std::size_t> seen{tracker_.gameNumber(), snap_.openingActs.size()};
  const bool running = snap_.opening.has_value() && snap_.phase == net::NetPhase::InMatch &&
                       snap_.match != net::MatchPhase::Closed;
  if (seen == openingSeen_ && running == opening_.has_value()) return;
  const Seat peer = otherSeat(snap_.localSeat);
  // The decisions with the seats that took them, for the game's record; the opponent's since
  // the last look are told in the status bar (replayed to phrase each in its position).
  const Game& game = snap_.game;
  std::vector<OpeningEntry> history =
      net::openingHistory(snap_.openingRule, game.size(), game.rule(), snap_.openingActs);
  wxString said;
  if (!history.empty() && seen.first == openingSeen_.first) {
    Opening o(snap_.openingRule, game.size(), game.rule());  // fits: the history is not empty
    for (std::size_t i = 0; i < history.size(); ++i) {
      o.apply(history[i]);
      if (i >= openingSeen_.second && history[i].seat == peer)
        said = OtherOpeningSentence(history[i], o, PeerName());
    }
    if (o.done() && opening_) {
      const wxString done = OpeningDoneSentence(o, peer);
      said = said.empty() ? done : wxString::Format(_("%s %s"), said, done);
    }
  }
  recordOpening_ = {snap_.openingRule, std::move(history)};
  openingSeen_ = seen;
  if (running)
    opening_.emplace(*snap_.opening, peer);
  else
    opening_.reset();
  if (opening_ && (said.empty() || !opening_->computerToDecide()))
    said = said.empty() ? OpeningBanner() : wxString::Format(_("%s %s"), said, OpeningBanner());
  if (!said.empty()) frame_.SetStatus(said);
}

void NetworkController::OpeningClick(Point p) {
  if (opening_->computerToDecide()) {
    frame_.RefuseMove(p, OpeningErrorSentence(OpeningError::NotYourDecision, opening_->opening()));
    return;
  }
  const OpeningStep step = opening_->opening().step();
  if (step == OpeningStep::PlaceAlternatives) {
    // Picked out here; offered with the banner's button.
    if (const OpeningError e = opening_->pick(p); e != OpeningError::None) {
      frame_.RefuseMove(p, OpeningErrorSentence(e, opening_->opening()));
      return;
    }
    frame_.ShowState();
    frame_.SetStatus(OpeningBanner());
    return;
  }
  net::OpeningAct act;
  act.action =
      step == OpeningStep::ChooseAlternative ? net::OpeningAction::Pick : net::OpeningAction::Place;
  act.points.push_back(
      net::SyncPoint{static_cast<std::uint8_t>(p.x), static_cast<std::uint8_t>(p.y)});
  SendOpening(act, p);
}

void NetworkController::OnOpeningChoice(OpeningChoice choice) {
  net::OpeningAct act;
  act.action = net::OpeningAction::Choose;
  act.choice = choice;
  SendOpening(act);
}

void NetworkController::OnOpeningDeclare(int count) {
  net::OpeningAct act;
  act.action = net::OpeningAction::Declare;
  act.count = static_cast<std::uint8_t>(std::clamp(count, 0, 255));
  SendOpening(act);
}

void NetworkController::OnOpeningOffer() {
  if (!opening_) return;
  net::OpeningAct act;
  act.action = net::OpeningAction::Offer;
  for (Point p : opening_->picked())
    act.points.push_back(
        net::SyncPoint{static_cast<std::uint8_t>(p.x), static_cast<std::uint8_t>(p.y)});
  SendOpening(act);
}

void NetworkController::SendOpening(const net::OpeningAct& act, std::optional<Point> p) {
  if (!link_ || !opening_) return;
  const Opening before = opening_->opening();
  const OpeningError e = link_->openingAct(act);
  if (e != OpeningError::None) {
    const wxString why = OpeningErrorSentence(e, before);
    if (p)
      frame_.RefuseMove(*p, why);
    else
      frame_.SetStatus(why);
    return;
  }
  OnNetChanged();  // the decision shown at once; the banner says what comes next
}

// ---------------------------------------------------------------------------------------------
// Match actions

MatchActions NetworkController::Actions() const {
  MatchActions a = matchActions(link_ ? &snap_ : nullptr, tracker_.gameNumber() > 0);
  if (Online() && Started()) a.leave = true;  // back to the hall, also after the match closed
  return a;
}

bool NetworkController::CanLeaveMatch() const {
  if (Online() && Started()) return true;
  return Started() && snap_.phase == net::NetPhase::InMatch &&
         snap_.match != net::MatchPhase::Closed;
}

void NetworkController::LeaveMatch() {
  if (!link_) return;
  const bool open = snap_.phase == net::NetPhase::InMatch && snap_.match != net::MatchPhase::Closed;
  if (!open && !Online()) return;
  if (open) {
    if (Running() && !frame_.ConfirmLeave(
                         Online() ? wxString::Format(_("Leave the game against %s? Leaving "
                                                       "a running game loses it."),
                                                     PeerName())
                                  : wxString::Format(_("Leave the game against %s?"), PeerName())))
      return;
    link_->leave();
    OnNetChanged();
  }
  if (link_ && link_->online()) link_->backToHall();
}

void NetworkController::ShowActionResult(const net::RequestError& error, const wxString& done) {
  OnNetChanged();  // the new state (and the match's notice) at once
  frame_.SetStatus(error ? RefusalSentence(error) : done);
}

void NetworkController::RequestTakeback() {
  if (!Actions().takeback) return;
  const net::RequestError error = link_->requestTakeback();
  ShowActionResult(
      error,
      wxString::Format(_(L"Takeback requested. Waiting for %s\u2019s answer\u2026"), PeerName()));
}

void NetworkController::OfferDraw() {
  if (!Actions().draw) return;
  const bool accepting = snap_.drawRequested;
  const net::RequestError error = link_->offerDraw();
  if (accepting && !error) {
    OnNetChanged();  // the result is in the status bar
    return;
  }
  ShowActionResult(
      error,
      wxString::Format(_("Draw offered to %s. The offer stands until they move."), PeerName()));
}

void NetworkController::Resign() {
  if (!Actions().resign) return;
  wxMessageDialog dialog(frame_.Window(),
                         wxString::Format(_("Resign the game against %s?"), PeerName()),
                         _("Resign"), wxYES_NO | wxNO_DEFAULT | wxICON_QUESTION);
  dialog.SetExtendedMessage(_("Your opponent wins this game. You can still play again after it."));
  dialog.SetYesNoLabels(_("&Resign"), _("&Keep playing"));
  // The game may have ended meanwhile.
  if (dialog.ShowModal() != wxID_YES || !Actions().resign) return;
  const net::RequestError error = link_->resign();
  if (!error) {
    OnNetChanged();  // the result is in the status bar
    return;
  }
  ShowActionResult(error, {});
}

void NetworkController::PlayAgain() {
  if (!Actions().again) return;
  const net::RequestError error = link_->playAgain(true);
  if (!error && tracker_.gameNumber() < std::max(link_->snapshot().gameNumber, 1)) {
    OnNetChanged();  // the opponent had asked already: the next game has started
    return;
  }
  ShowActionResult(error, wxString::Format(_(L"Waiting for %s\u2026"), PeerName()));
}

void NetworkController::AnswerRequest(RequestKind request, bool accept) {
  if (!Actions().answer) return;
  net::RequestError error;
  switch (request) {
    case RequestKind::PeerTakeback:
      error = link_->answerTakeback(accept);
      break;
    case RequestKind::PeerDraw:
      error = link_->answerDraw(accept);
      break;
    case RequestKind::PeerAgain:
      error = link_->playAgain(accept);
      break;
    default:
      return;  // ours, waiting: nothing to answer
  }
  OnNetChanged();                                       // the match's notice says what was done
  if (error) frame_.SetStatus(RefusalSentence(error));  // e.g. the request lapsed meanwhile
}

void NetworkController::SendChat() {
  if (!Actions().connected) return;
  SidePanel* side = frame_.Side();
  if (!side) return;
  const std::string text = side->ChatText().utf8_string();
  if (text.empty()) return;
  if (text.size() > net::kMaxChatBytes) {
    // The limit in bytes of UTF-8 means little to a player: say what fits (a Chinese character
    // takes 3 bytes).
    side->ShowChatError(
        wxString::Format(
            _("The message is too long (at most %d bytes, about %d Chinese characters)."),
            static_cast<int>(net::kMaxChatBytes), static_cast<int>(net::kMaxChatBytes / 3)),
        /*wrap=*/false);
    return;
  }
  if (const net::RequestError error = link_->sendChat(text)) {
    side->ShowChatError(RefusalSentence(error), /*wrap=*/true);  // e.g. too long, too fast
    return;
  }
  side->ChatSent();
  OnNetChanged();
}

net::RequestError NetworkController::ChangeNickname(const std::string& nick) {
  if (!Actions().connected) return net::RequestError{net::RequestRefusal::NotConnected, {}};
  const net::RequestError error = link_->changeNickname(nick);
  if (error) return error;
  OnNetChanged();
  frame_.SetStatus(wxString::Format(_("Nickname changed to %s; %s sees it at once."),
                                    FromUtf8(nick), PeerName()));
  return error;
}

void NetworkController::AppendChat(const net::ChatLine& line) {
  const wxString who = line.fromUs ? wxString(_("You")) : FromUtf8(singleLine(snap_.peerNickname));
  if (SidePanel* side = frame_.Side()) side->AppendChat(line.fromUs, who, line.text);
}

}  // namespace gomoku::app
