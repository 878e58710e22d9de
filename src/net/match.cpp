#include "net/match.h"

#include <algorithm>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/notation.h"
#include "core/utf8.h"
#include "gomoku/version.h"

namespace gomoku::net {

Match::Match(MatchSettings settings, SendFn send, DisconnectFn disconnect, NotifyFn notify)
    : settings_(std::move(settings)),
      send_(std::move(send)),
      disconnect_(std::move(disconnect)),
      notify_(std::move(notify)) {
  settings_.nickname = trimNickname(settings_.nickname);
  if (auto e = nicknameError(settings_.nickname)) throw std::invalid_argument(*e);
  if (settings_.role == Role::Host) {
    Game(settings_.boardSize, settings_.rule, settings_.foul);        // validates
    Opening(settings_.opening, settings_.boardSize, settings_.rule);  // idem
  }
}

namespace {

// Why a game ends when the opponent says BYE during it (Result::detail).
constexpr std::string_view kOpponentLeft = "the opponent left the game";
constexpr std::string_view kNotStartedForWatchers =
    "the game has not started yet: watch it once it runs";

// A SETUP (or the setup in a SYNC) this program cannot play: why, else nullopt.
std::optional<std::string> setupError(const Setup& s) {
  if (s.boardSize < Board::kMinSize || s.boardSize > Board::kMaxSize)
    return "board size " + std::to_string(s.boardSize) + " is not supported";
  if (!ruleSupported(s.rule))
    return std::string("the ") + ruleName(s.rule) + " rule is not supported by this version";
  if (s.rule == Rule::Renju && s.boardSize != 15)
    return "renju is played on 15x15, not " + std::to_string(s.boardSize);
  if (s.opening != OpeningRule::None &&
      (s.opening == OpeningRule::Soosorv8 || s.opening == OpeningRule::Taraguchi10) &&
      s.boardSize % 2 == 0)
    return std::string("the ") + openingRuleName(s.opening) + " opening needs an odd board size";
  return std::nullopt;
}

// A new game's notice count (Notice::count): 0 without an opening rule, 1 when we are its first
// player (the host is when it is the tentative Black), 2 when the opponent is.
int openingNoticeCount(const Setup& s, Role role) {
  if (s.opening == OpeningRule::None) return 0;
  return (role == Role::Host) == s.hostIsBlack ? 1 : 2;
}

// The stones of opening `o` as a game of setup `s`, judged by the game's own rules (the opening
// checked them already).
Game stonesOf(const Opening& o, const Setup& s) {
  Game g(s.boardSize, s.rule, s.foul);
  for (Point p : o.game().moves()) g.play(p);
  return g;
}

// Results decided by the moves themselves (both sides find them by replaying the list).
bool decidedByMoves(EndReason r) {
  return r == EndReason::Five || r == EndReason::FullBoard || r == EndReason::Foul;
}

// The English phrase of an opening refusal, for the ERROR text (the front ends phrase their own).
const char* openingErrorPhrase(OpeningError e) {
  switch (e) {
    case OpeningError::None:
      return "none";
    case OpeningError::Finished:
      return "the opening is over";
    case OpeningError::NotYourDecision:
      return "it is not that side's decision";
    case OpeningError::WrongStep:
      return "not what the step asks for";
    case OpeningError::BadChoice:
      return "a choice the step does not offer";
    case OpeningError::OffBoard:
      return "a point off the board";
    case OpeningError::Occupied:
      return "an occupied point";
    case OpeningError::OutsideArea:
      return "a stone outside the central square allowed";
    case OpeningError::Forbidden:
      return "a forbidden point for Black";
    case OpeningError::BadCount:
      return "a wrong number of stones or alternatives";
    case OpeningError::Duplicate:
      return "the same point twice";
    case OpeningError::Symmetric:
      return "two symmetric alternatives";
    case OpeningError::NotAnAlternative:
      return "not one of the alternatives";
  }
  return "?";
}

std::vector<SyncPoint> syncPoints(const std::vector<Point>& moves) {
  std::vector<SyncPoint> out;
  out.reserve(moves.size());
  for (Point p : moves)
    out.push_back({static_cast<std::uint8_t>(p.x), static_cast<std::uint8_t>(p.y)});
  return out;
}

}  // namespace

void Match::connected() {
  if (helloSent_ || phase_ != MatchPhase::Handshake) return;
  helloSent_ = true;
  if (settings_.role == Role::Joiner && settings_.resumeToken != 0) {
    send_(Resume{settings_.resumeToken, 0, {}});  // a restarted joiner takes up its match again
    return;
  }
  send_(Hello{kProtocolMajor, kProtocolMinor, kProgramVersion, settings_.nickname});
}

bool Match::myTurn() const {
  return phase_ == MatchPhase::Playing && !game_.over() && game_.toMove() == localColor_ &&
         !ourTakeback_ && !opening_;
}

MoveError Match::playLocal(Point p) {
  ClockGuard guard{*this};
  if (phase_ == MatchPhase::Handshake || phase_ == MatchPhase::Suspended)
    return MoveError::NotYourTurn;
  if (phase_ != MatchPhase::Playing || game_.over()) return MoveError::GameOver;
  if (ourTakeback_ || opening_) return MoveError::NotYourTurn;  // an answer, the opening first
  const std::uint16_t ply = static_cast<std::uint16_t>(game_.ply());
  if (game_.toMove() != localColor_) return MoveError::NotYourTurn;
  const std::int64_t now = nowMs();
  // Too late: the move loses on time instead (a server's proxy moved in time on the other
  // link, which charged it there).
  if (relayThinkMs_ < 0 && gameClock_.flagged(localColor_, now)) {
    timeUp(localColor_);
    return MoveError::GameOver;
  }
  MoveError check = game_.check(p);
  if (check == MoveError::Forbidden && game_.foulPolicy() == FoulPolicy::Lose)
    check = MoveError::None;
  if (check != MoveError::None) return check;
  beforeOurMove();  // a pending request of the opponent's is declined by our move
  if (MoveError e = game_.play(p, localColor_); e != MoveError::None) return e;
  Move m{ply, static_cast<std::uint8_t>(p.x), static_cast<std::uint8_t>(p.y)};
  if (gameClock_.enabled()) {
    if (relayThinkMs_ >= 0) {
      // The time the server charged on the other link: the same here.
      GameClock stopped = gameClock_;
      stopped.start(opponent(localColor_), now);  // our clock stopped, nothing charged
      ownLeftAtLastMove_ = stopped.reading(localColor_, now).decidingMs - relayThinkMs_;
      gameClock_.charge(localColor_, relayThinkMs_);
      gameClock_.start(opponent(localColor_), now);
      m.thinkMs = relayThinkMs_;
    } else {
      ownLeftAtLastMove_ = gameClock_.reading(localColor_, now).decidingMs;
      m.thinkMs = std::max<std::int64_t>(0, gameClock_.punch(now));  // starts the peer's clock
    }
    lastThinkMs_ = m.thinkMs;
    turnStartMs_ = now;
    peerTurnMeasured_ = true;
  }
  send_(m);
  afterMove();
  return MoveError::None;
}

void Match::beforeOurMove() {
  if (theirTakeback_) {
    send_(TakebackReply{theirTakeback_->atPly, false});
    theirTakeback_.reset();
  }
  theirDrawAt_.reset();  // the offer lapses when we move
}

void Match::afterMove() {
  notify_(MatchEvent::Moved);
  if (game_.over() && phase_ != MatchPhase::Closed) {
    phase_ = MatchPhase::Finished;
    clearRequests();
    notify_(MatchEvent::GameOver);
  }
}

void Match::endedByUs() {
  // On the peer's turn, its move may be on the way: it crosses our message and is kept (once).
  crossingPly_.reset();
  if (game_.toMove() != localColor_) crossingPly_ = game_.ply();
}

bool Match::crossedTheEnd(int ply) const {
  const EndReason r = game_.result().reason;
  return game_.over() &&
         (r == EndReason::Resignation || r == EndReason::Agreement || r == EndReason::Time) &&
         crossingPly_ && *crossingPly_ == ply && game_.ply() == ply &&
         game_.toMove() != localColor_;
}

MoveError Match::crossingError(Point p) const {
  if (!game_.board().inside(p)) return MoveError::OffBoard;
  if (game_.board().at(p) != Stone::Empty) return MoveError::Occupied;
  // Under renju with the refuse policy the peer's program never sends a forbidden move (with
  // the lose policy it is its foul, which the resignation or the draw outweighs).
  if (game_.rule() == Rule::Renju && game_.toMove() == Stone::Black &&
      game_.foulPolicy() == FoulPolicy::Refuse &&
      renjuForbidden(game_.board(), p) != Forbidden::None)
    return MoveError::Forbidden;
  return MoveError::None;
}

std::string Match::crossingErrorText(Point p, MoveError e) const {
  // The game is over: refusalText cannot name the forbidden kind any more.
  return e == MoveError::Forbidden ? moveErrorText(e) : game_.refusalText(p, e);
}

void Match::recordCrossing(Point p) {
  game_.recordAfterEnd(p);
  crossingPly_.reset();  // at most one
}

Withdrawn Match::drawOfferWithdrawn() const {
  return ourDrawAt_ || theirDrawAt_ ? Withdrawn::DrawOffer : Withdrawn::None;
}

Withdrawn Match::takebackWithdrawn() const {
  return ourTakeback_ || theirTakeback_ ? Withdrawn::Takeback : Withdrawn::None;
}

void Match::clearRequests() {
  ourTakeback_.reset();
  theirTakeback_.reset();
  ourDrawAt_.reset();
  theirDrawAt_.reset();
}

std::string Match::peerName() const {
  return peerNickname_.empty() ? "The opponent" : singleLine(peerNickname_);
}

void Match::takeBackTo(int ply) {
  lastTakenBack_.clear();
  while (game_.ply() > ply) {
    const Point p = game_.moves().back();
    if (!game_.undo()) break;
    lastTakenBack_.insert(lastTakenBack_.begin(), p);
  }
  takenBackTo_ = game_.ply();
  ++takebacks_;
  notify_(MatchEvent::TakenBack);
}

RequestError Match::requestTakeback() {
  if (phase_ == MatchPhase::Suspended) return {RequestRefusal::Suspended, {}};
  if (!running()) return {RequestRefusal::NoGameRunning, {}};
  if (ourTakeback_) return {RequestRefusal::TakebackPending, {}};
  if (theirTakeback_) return {RequestRefusal::AnswerTakebackFirst, {}};
  const int ply = game_.ply();
  // Our last move, and the opponent's reply to it when it is our turn again.
  const int returnTo = game_.toMove() == localColor_ ? ply - 2 : ply - 1;
  if (returnTo < openingStones_ || opening_)  // the opening's stones stay
    return {RequestRefusal::NoMoveToTakeBack, {}};
  ourTakeback_ =
      TakebackRequest{static_cast<std::uint16_t>(ply), static_cast<std::uint16_t>(returnTo)};
  send_(*ourTakeback_);
  say({NoticeKind::TakebackRequested, {}, 0, {}});
  return {};
}

RequestError Match::answerTakeback(bool accept) {
  ClockGuard guard{*this};
  if (phase_ == MatchPhase::Closed) return {RequestRefusal::ConnectionClosed, {}};
  if (!theirTakeback_) return {RequestRefusal::NoTakebackToAnswer, {}};
  const TakebackRequest r = *theirTakeback_;
  theirTakeback_.reset();
  send_(TakebackReply{r.atPly, accept});
  if (accept) {
    const Withdrawn lapsed = drawOfferWithdrawn();
    theirDrawAt_.reset();
    ourDrawAt_.reset();
    say({NoticeKind::YouAcceptedTakeback, {}, 0, {}, lapsed});
    takeBackTo(r.returnTo);
    startTurnClock();  // the requester moves again; the interrupted move's time is dropped
    peerTurnMeasured_ = true;
  } else {
    say({NoticeKind::YouDeclinedTakeback, {}, 0, {}});
  }
  return {};
}

void Match::onTakebackRequest(const TakebackRequest& r) {
  if (theirTakeback_)
    return fail(ErrorCode::Protocol, "a second takeback request before the answer");
  if (!running() || r.atPly != game_.ply() || ourTakeback_ || opening_ ||
      r.returnTo < openingStones_) {
    // Stale: a move (or the end of the game) crossed it; or both asked at once, and each side
    // refuses the other's request. Refused on both sides.
    send_(TakebackReply{r.atPly, false});
    return;
  }
  // The stones to remove must start with the requester's own last move.
  const Stone requester = opponent(localColor_);
  const Stone lastMover = game_.ply() % 2 == 1 ? Stone::Black : Stone::White;
  const bool valid = (r.atPly - r.returnTo == 1 && lastMover == requester) ||
                     (r.atPly - r.returnTo == 2 && lastMover == localColor_);
  if (!valid)
    return fail(ErrorCode::Protocol, "a takeback request that is not the requester's move");
  theirTakeback_ = r;
  say({NoticeKind::PeerAsksTakeback, peerNickname_, r.atPly - r.returnTo, {}});
  notify_(MatchEvent::Request);
}

void Match::onTakebackReply(const TakebackReply& r) {
  // Replies come in the order of our requests: the refusals of crossed ones come first.
  if (staleTakebackReplies_ > 0) {
    --staleTakebackReplies_;
    return;
  }
  if (!ourTakeback_ || ourTakeback_->atPly != r.atPly) return;  // stale: already cleared
  const TakebackRequest ours = *ourTakeback_;
  ourTakeback_.reset();
  if (r.accept && running() && game_.ply() == ours.atPly) {
    const Withdrawn lapsed = drawOfferWithdrawn();
    ourDrawAt_.reset();
    theirDrawAt_.reset();
    say({NoticeKind::PeerAcceptedTakeback, peerNickname_, 0, {}, lapsed});
    takeBackTo(ours.returnTo);
    startTurnClock();
  } else {
    say({NoticeKind::PeerDeclinedTakeback, peerNickname_, 0, {}});
    notify_(MatchEvent::Request);
  }
}

RequestError Match::offerDraw() {
  ClockGuard guard{*this};
  if (phase_ == MatchPhase::Suspended) return {RequestRefusal::Suspended, {}};
  if (!running()) return {RequestRefusal::NoGameRunning, {}};
  if (opening_) return {RequestRefusal::DuringOpening, {}};
  if (ourTakeback_) return {RequestRefusal::WaitForTakebackAnswer, {}};
  if (theirDrawAt_) return answerDraw(true);  // offering while they offer is agreeing
  if (ourDrawAt_) return {RequestRefusal::DrawOfferStands, {}};
  ourDrawAt_ = static_cast<std::uint16_t>(game_.ply());
  send_(DrawOffer{*ourDrawAt_});
  say({NoticeKind::DrawOffered, {}, 0, {}});
  return {};
}

RequestError Match::answerDraw(bool accept) {
  ClockGuard guard{*this};
  if (phase_ == MatchPhase::Closed) return {RequestRefusal::ConnectionClosed, {}};
  if (!theirDrawAt_) return {RequestRefusal::NoDrawOfferToAnswer, {}};
  if (ourTakeback_) return {RequestRefusal::WaitForTakebackAnswer, {}};
  const std::uint16_t at = *theirDrawAt_;
  theirDrawAt_.reset();
  send_(DrawReply{at, accept});
  if (accept) {
    game_.end(Outcome::Draw, EndReason::Agreement);
    endedByUs();
    say({NoticeKind::DrawAgreed, {}, 0, {}, takebackWithdrawn()});
    afterMove();
  } else {
    say({NoticeKind::YouDeclinedDraw, {}, 0, {}});
  }
  return {};
}

void Match::onDrawOffer(const DrawOffer& d) {
  if (!running()) {
    // We resigned while our offer stood, and their offer from the same position crossed both:
    // the offers agree, and the draw stands over the resignation (as on the peer's side).
    if (weResigned_ && resignedWithOfferAt_ && *resignedWithOfferAt_ == d.atPly &&
        game_.result().reason == EndReason::Resignation) {
      game_.setResult(Outcome::Draw, EndReason::Agreement);
      say({NoticeKind::BothOfferedDraw, {}, 0, {}});
      notify_(MatchEvent::GameOver);
    }
    return;  // crossed the end of the game
  }
  // From a position we no longer have (a takeback we accepted crossed it): stale.
  if (d.atPly > game_.ply()) return;
  // No draw is offered during an opening (PROTOCOL.md, "Opening rules"): the offer of a program
  // of 1.3, which allowed it, is declined. (One of ours made after the opening ends cannot
  // arrive before the decision that ended it, which went first on the same connection.)
  if (opening_) return send_(DrawReply{d.atPly, false});
  if (theirDrawAt_) return fail(ErrorCode::Protocol, "a second draw offer before the answer");
  // Offers made at the same position crossed: nobody moved in between, so both stand.
  bool agreed = ourDrawAt_ && *ourDrawAt_ == d.atPly;
  if (!agreed) {
    // It lapsed if we moved after it was made (a move of ours at index >= atPly).
    for (int i = d.atPly; i < game_.ply(); ++i)
      if ((i % 2 == 0 ? Stone::Black : Stone::White) == localColor_) return;
    agreed = ourDrawAt_.has_value();
  }
  if (agreed) {  // both offered: agreed
    ourDrawAt_.reset();
    game_.end(Outcome::Draw, EndReason::Agreement);
    endedByUs();  // the peer made its offer before it knew of ours, and may have moved on
    say({NoticeKind::BothOfferedDraw, {}, 0, {}, takebackWithdrawn()});
    afterMove();
    return;
  }
  theirDrawAt_ = d.atPly;
  say({NoticeKind::PeerOffersDraw, peerNickname_, 0, {}});
  notify_(MatchEvent::Request);
}

void Match::onDrawReply(const DrawReply& d) {
  if (!d.accept && resignedWithOfferAt_ && *resignedWithOfferAt_ == d.atPly)
    resignedWithOfferAt_.reset();  // the offer we resigned with was declined: it no longer stands
  if (d.accept && weResigned_ && resignedWithOfferAt_ && *resignedWithOfferAt_ == d.atPly &&
      game_.result().reason == EndReason::Resignation) {
    // We resigned while our draw offer stood and it was accepted meanwhile: the draw stands
    // (the peer, which drew first, ignores our resignation). It accepted instead of moving.
    game_.setResult(Outcome::Draw, EndReason::Agreement);
    crossingPly_.reset();
    say({NoticeKind::PeerAcceptedDraw, peerNickname_, 0, {}});
    notify_(MatchEvent::GameOver);
    return;
  }
  if (!ourDrawAt_ || *ourDrawAt_ != d.atPly) return;  // lapsed or answered already
  ourDrawAt_.reset();
  if (d.accept && running()) {
    game_.end(Outcome::Draw, EndReason::Agreement);
    say({NoticeKind::PeerAcceptedDraw, peerNickname_, 0, {}, takebackWithdrawn()});
    afterMove();
  } else {
    say({NoticeKind::PeerDeclinedDraw, peerNickname_, 0, {}});
    notify_(MatchEvent::Request);
  }
}

RequestError Match::resign() {
  ClockGuard guard{*this};
  if (phase_ == MatchPhase::Suspended) return {RequestRefusal::Suspended, {}};
  if (!running()) return {RequestRefusal::NoGameRunning, {}};
  if (ourTakeback_) return {RequestRefusal::WaitForTakebackAnswer, {}};
  resignedWithOfferAt_ = ourDrawAt_;
  beforeOurMove();
  send_(Resign{static_cast<std::uint16_t>(game_.ply())});
  weResigned_ = true;
  game_.end(localColor_ == Stone::Black ? Outcome::WhiteWins : Outcome::BlackWins,
            EndReason::Resignation);
  endedByUs();
  say({NoticeKind::YouResigned, {}, 0, {}});
  afterMove();
  return {};
}

void Match::onResign(const Resign& r) {
  if (r.atPly > game_.ply()) {
    // Our FLAG in a timed opening took back the peer's decisions that crossed it (their stones
    // are not on our board); a resignation sent after them is stale as they are.
    if (openingFlagAt_ >= 0 && game_.over() && game_.result().reason == EndReason::Time) return;
    return fail(ErrorCode::Protocol, "a resignation from a later position");
  }
  crossingPly_.reset();  // the peer resigned: no move of its own follows
  const Outcome weWin = localColor_ == Stone::Black ? Outcome::BlackWins : Outcome::WhiteWins;
  // A draw agreed by crossing offers stands over resignations that crossed it, on both sides.
  if (game_.over() && game_.result().reason == EndReason::Agreement) return;
  if (weResigned_) {
    // Both resigned at once: the host's resignation stands, on both sides.
    if (settings_.role == Role::Joiner) game_.setResult(weWin, EndReason::Resignation);
    notify_(MatchEvent::GameOver);
    return;
  }
  if (phase_ != MatchPhase::Playing && phase_ != MatchPhase::Finished) return;
  if (resignationStandsOverFlag(!ownRun_.empty())) {
    // Our decisions since the peer's last act crossed its resignation, and the FLAG that ended
    // the game came after them: the peer's program drops it as stale (onOpeningFlag), and the
    // resignation stands on both sides (PROTOCOL.md, "A timed opening").
    game_.setResult(weWin, EndReason::Resignation);
    say({NoticeKind::PeerResigned, peerNickname_, 0, {}});
    notify_(MatchEvent::GameOver);
    return;
  }
  // A move of ours that crossed the resignation stays on both boards (the peer records it);
  // the result is the resignation, even over a five (full board, foul) that crossed it.
  if (game_.over()) {
    if (!decidedByMoves(game_.result().reason)) return;  // e.g. its second resignation
    // Crossed: the peer resigned before our last move reached it. A resignation sent after
    // the peer saw the end cannot apply.
    const bool crossed = game_.ply() > 0 && r.atPly == game_.ply() - 1 &&
                         (game_.ply() % 2 == 1 ? Stone::Black : Stone::White) == localColor_;
    if (!crossed) return fail(ErrorCode::Protocol, "a resignation after the game ended");
    game_.setResult(weWin, EndReason::Resignation);
  } else {
    game_.end(weWin, EndReason::Resignation);
  }
  say({NoticeKind::PeerResigned, peerNickname_, 0, {}});
  phase_ = MatchPhase::Finished;
  clearRequests();
  notify_(MatchEvent::GameOver);
}

RequestError Match::playAgain(bool want) {
  if (phase_ == MatchPhase::Suspended) return {RequestRefusal::Suspended, {}};
  if (phase_ != MatchPhase::Finished) return {RequestRefusal::GameNotOver, {}};
  if (!want) {
    if (!peerWantsAgain_) return {RequestRefusal::NoPlayAgainToAnswer, {}};
    peerWantsAgain_ = false;
    send_(PlayAgain{static_cast<std::uint16_t>(gameNumber_ + 1), false});
    say({NoticeKind::YouDeclinedAgain, {}, 0, {}});
    return {};
  }
  if (weWantAgain_) return {RequestRefusal::WaitingForOpponent, {}};
  weWantAgain_ = true;
  send_(PlayAgain{static_cast<std::uint16_t>(gameNumber_ + 1), true});
  if (peerWantsAgain_) {
    Setup next = setup_;
    next.hostIsBlack = !setup_.hostIsBlack;  // colours swap
    startGame(next);
  } else {
    say({NoticeKind::AskedAgain, {}, 0, {}});
  }
  return {};
}

void Match::onPlayAgain(const PlayAgain& p) {
  if (p.game != gameNumber_ + 1) return;  // about another game: stale
  crossingPly_.reset();                   // the peer knows the game ended: no move follows
  if (phase_ != MatchPhase::Finished) {
    if (phase_ == MatchPhase::Playing && !game_.over())
      return fail(ErrorCode::Protocol, "PLAY_AGAIN while the game runs");
    return;
  }
  if (!p.want) {
    weWantAgain_ = false;
    say({NoticeKind::PeerDeclinedAgain, peerNickname_, 0, {}});
    notify_(MatchEvent::PlayAgain);
    return;
  }
  peerWantsAgain_ = true;
  if (weWantAgain_) {
    Setup next = setup_;
    next.hostIsBlack = !setup_.hostIsBlack;
    startGame(next);
    return;
  }
  say({NoticeKind::PeerWantsAgain, peerNickname_, 0, {}});
  notify_(MatchEvent::PlayAgain);
}

RequestError Match::changeNickname(const std::string& nick) {
  const std::string trimmed = trimNickname(nick);
  if (auto e = nicknameError(trimmed)) return {RequestRefusal::BadNickname, *e};
  if (phase_ == MatchPhase::Closed) return {RequestRefusal::ConnectionClosed, {}};
  if (phase_ == MatchPhase::Suspended) return {RequestRefusal::Suspended, {}};
  settings_.nickname = trimmed;
  if (helloSent_) send_(Nickname{trimmed});
  return {};
}

RequestError Match::sendChat(const std::string& text) {
  if (phase_ == MatchPhase::Suspended) return {RequestRefusal::Suspended, {}};
  if (phase_ == MatchPhase::Closed || phase_ == MatchPhase::Handshake)
    return {RequestRefusal::NotConnected, {}};
  if (text.empty()) return {RequestRefusal::ChatEmpty, {}};
  if (!validUtf8(text)) return {RequestRefusal::ChatNotUtf8, {}};
  if (text.size() > kMaxChatBytes) return {RequestRefusal::ChatTooLong, {}};
  const auto now = clock_();
  auto& times = ourChatTimes_;
  while (!times.empty() && now - times.front() >= kChatWindow) times.erase(times.begin());
  if (static_cast<int>(times.size()) >= kChatBurst) return {RequestRefusal::ChatTooFast, {}};
  times.push_back(now);
  send_(Chat{text});
  chat_.push_back({true, text});
  return {};
}

void Match::onChat(const Chat& c) {
  const auto now = clock_();
  auto& times = theirChatTimes_;
  while (!times.empty() && now - times.front() >= kChatWindow) times.erase(times.begin());
  if (static_cast<int>(times.size()) >= 2 * kChatBurst)
    return fail(ErrorCode::Protocol, "chat flood");
  times.push_back(now);
  chat_.push_back({false, c.text});
  notify_(MatchEvent::ChatReceived);
}

void Match::receive(const Message& m) {
  if (phase_ == MatchPhase::Closed) return;  // late bytes after we closed: ignore
  ClockGuard guard{*this};
  if (isServerType(typeOf(m))) return onServerMessage(typeOf(m));
  if (phase_ == MatchPhase::Suspended &&
      !(std::holds_alternative<Resume>(m) || std::holds_alternative<Sync>(m) ||
        std::holds_alternative<Error>(m) || std::holds_alternative<Bye>(m) ||
        std::holds_alternative<Heartbeat>(m)))
    return fail(ErrorCode::Protocol,
                std::string(typeName(typeOf(m))) + " before the match was resumed");
  std::visit(
      [this](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, Hello>)
          onHello(v);
        else if constexpr (std::is_same_v<T, Setup>)
          onSetup(v);
        else if constexpr (std::is_same_v<T, Move>)
          onMove(v);
        else if constexpr (std::is_same_v<T, Bye>)
          disconnect_(),
              close(v.text.empty() ? std::string(kOpponentLeft)
                                   : std::string(kOpponentLeft) + " (" + singleLine(v.text) + ")");
        else if constexpr (std::is_same_v<T, Error>)
          onError(v);
        else if constexpr (std::is_same_v<T, Heartbeat>)
          return;
        else if constexpr (std::is_same_v<T, Resume>)
          onResume(v);
        else if constexpr (std::is_same_v<T, Sync>)
          onSync(v);
        else if constexpr (std::is_same_v<T, Nickname>)
          onNickname(v);
        else if constexpr (std::is_same_v<T, Watch>)
          onWatch();
        else if constexpr (std::is_same_v<T, WatchChat>)
          onWatchChat(v);
        else if constexpr (std::is_same_v<T, View>)
          fail(ErrorCode::Protocol, std::string("unexpected ") + typeName(typeOf(Message{v})));
        else if (phase_ == MatchPhase::Handshake)
          fail(ErrorCode::Protocol,
               std::string(typeName(typeOf(Message{v}))) + " before the game started");
        else if constexpr (std::is_same_v<T, TakebackRequest>)
          onTakebackRequest(v);
        else if constexpr (std::is_same_v<T, TakebackReply>)
          onTakebackReply(v);
        else if constexpr (std::is_same_v<T, DrawOffer>)
          onDrawOffer(v);
        else if constexpr (std::is_same_v<T, DrawReply>)
          onDrawReply(v);
        else if constexpr (std::is_same_v<T, Resign>)
          onResign(v);
        else if constexpr (std::is_same_v<T, PlayAgain>)
          onPlayAgain(v);
        else if constexpr (std::is_same_v<T, Chat>)
          onChat(v);
        else if constexpr (std::is_same_v<T, Flag>)
          onFlag(v);
        else if constexpr (std::is_same_v<T, OpeningAct>)
          onOpening(v);
        else if constexpr (std::is_same_v<T, Watchers>)
          onWatchers(v);
      },
      m);
}

void Match::onWatch() {
  // A watcher that came before the game began (NetGame routes the later ones beside the
  // match): it is turned away, and the host listens on for its joiner.
  if (phase_ != MatchPhase::Handshake || settings_.role != Role::Host || helloReceived_)
    return fail(ErrorCode::Protocol, "unexpected WATCH");
  sentError_ = ErrorCode::Busy;
  send_(Error{ErrorCode::Busy, std::string(kNotStartedForWatchers)});
  disconnect_();
  close("a watcher came before the game began");
}

void Match::onWatchers(const Watchers& w) {
  if (settings_.role != Role::Joiner) return fail(ErrorCode::Protocol, "unexpected WATCHERS");
  watchers_ = w.count;
}

void Match::onWatchChat(const WatchChat& line) {
  // Only a host relays watchers' lines (never as a player's, never empty), and only once the
  // game is on (PROTOCOL.md, Watchers).
  if (settings_.role != Role::Joiner || phase_ == MatchPhase::Handshake || line.player ||
      line.text.empty())
    return fail(ErrorCode::Protocol, "unexpected WATCH_CHAT");
  watcherChat_.push_back(line);
  if (watcherChat_.size() > kMaxWatcherChatKept) watcherChat_.erase(watcherChat_.begin());
  ++watcherChatLines_;
}

void Match::relayWatcherChat(const WatchChat& line) {
  if (settings_.role == Role::Host && peerMinor_ >= 5 &&
      (phase_ == MatchPhase::Playing || phase_ == MatchPhase::Finished))
    send_(line);
}

void Match::setWatchers(int count) {
  watchers_ = std::clamp(count, 0, 65535);
  if (settings_.role == Role::Host && peerMinor_ >= 5 &&
      (phase_ == MatchPhase::Playing || phase_ == MatchPhase::Finished))
    send_(Watchers{static_cast<std::uint16_t>(watchers_)});
}

Sync Match::watchedGame() const {
  Sync s = syncMessage();
  s.setup.token = 0;
  s.openingActs = setup_.opening != OpeningRule::None ? openingActs_ : std::vector<OpeningAct>{};
  return s;
}

void Match::onServerMessage(MsgType type) {
  // A message of the server conversation (PROTOCOL.md, Server): the peer is not a P2P program.
  if (phase_ == MatchPhase::Handshake && settings_.role == Role::Host) {
    // An online-play client called a game host.
    sentError_ = ErrorCode::NotAServer;
    send_(Error{ErrorCode::NotAServer, "this is a game host, not a Gomoku server"});
    disconnect_();
    return close("the caller is looking for a Gomoku server, not a game host");
  }
  if (phase_ == MatchPhase::Handshake) return closeAtServer();
  // In a game: a peer that switches conversations misbehaves.
  fail(ErrorCode::Protocol, std::string("unexpected ") + typeName(type));
}

void Match::closeAtServer() {
  // Nothing to answer: the server has spoken first (WELCOME) and refuses our HELLO itself.
  refusal_ = ErrorCode::ServerOnly;
  disconnect_();
  close("that address is a Gomoku server, not a game host: use Play online");
}

void Match::onNickname(const Nickname& n) {
  // Valid any time after the peer's HELLO (also while the handshake finishes).
  if (!helloReceived_) return fail(ErrorCode::Protocol, "NICKNAME before the game started");
  peerNickname_ = n.nickname;
  if (phase_ == MatchPhase::Handshake) return;
  say({NoticeKind::PeerRenamed, n.nickname, 0, {}});
  notify_(MatchEvent::NicknameChanged);
}

void Match::onHello(const Hello& h) {
  if (phase_ != MatchPhase::Handshake || helloReceived_)
    return fail(ErrorCode::Protocol, "unexpected HELLO");
  if (h.protocolMajor != kProtocolMajor) {
    refusal_ = ErrorCode::VersionMismatch;
    return fail(ErrorCode::VersionMismatch, "version mismatch: the other program speaks protocol " +
                                                std::to_string(h.protocolMajor) + "." +
                                                std::to_string(h.protocolMinor) + ", this one " +
                                                std::to_string(kProtocolMajor) + "." +
                                                std::to_string(kProtocolMinor));
  }
  helloReceived_ = true;
  peerNickname_ = h.nickname;
  peerVersion_ = h.programVersion;
  peerMinor_ = h.protocolMinor;
  if (settings_.role != Role::Host) return;  // the joiner waits for SETUP
  if ((settings_.clock.kind != ClockKind::None || settings_.opening != OpeningRule::None) &&
      h.protocolMinor < 3) {
    refusal_ = ErrorCode::VersionMismatch;
    return fail(ErrorCode::VersionMismatch,
                std::string("the other program is too old to play with ") +
                    (settings_.clock.kind != ClockKind::None ? "a clock" : "an opening rule") +
                    " (protocol " + std::to_string(h.protocolMajor) + "." +
                    std::to_string(h.protocolMinor) + "; they need 1.3): it should be updated");
  }
  bool hostBlack = settings_.color == ColorChoice::Black;
  if (settings_.color == ColorChoice::Random) {
    std::mt19937 rng(settings_.randomSeed ? settings_.randomSeed : std::random_device{}());
    hostBlack = (rng() & 1u) != 0;
  }
  std::uint64_t token = 0;
  if (settings_.resumable) {
    token = settings_.hostToken;
    std::random_device rd;
    while (token == 0) token = (std::uint64_t{rd()} << 32) ^ rd();
  }
  // Protocol 1.6: the opening on the clock, for a joiner that knows it.
  const bool timedOpening = settings_.timesOpenings && settings_.clock.kind != ClockKind::None &&
                            settings_.opening != OpeningRule::None && h.protocolMinor >= 6;
  const Setup s{static_cast<std::uint8_t>(settings_.boardSize),
                settings_.rule,
                hostBlack,
                settings_.foul,
                token,
                settings_.clock,
                settings_.opening,
                timedOpening};
  send_(s);
  startGame(s);
}

void Match::onSetup(const Setup& s) {
  if (settings_.role != Role::Joiner || phase_ != MatchPhase::Handshake || !helloReceived_ ||
      settings_.resumeToken != 0)
    return fail(ErrorCode::Protocol, "unexpected SETUP");
  if (auto e = setupError(s)) return fail(ErrorCode::BadSetup, *e);
  if (s.opening != OpeningRule::None && !settings_.playsOpenings) {
    // Not the peer's fault: this front end cannot play it. Said as it is, on both sides.
    const std::string why = std::string("this program cannot play the ") +
                            openingRuleName(s.opening) +
                            " opening over the network yet (gomoku-cli can)";
    sentError_ = ErrorCode::BadSetup;
    send_(Error{ErrorCode::BadSetup, why});
    disconnect_();
    return close(why);
  }
  startGame(s);
}

void Match::startGame(const Setup& s) {
  if (gameNumber_ > 0) previousGame_ = game_;
  setup_ = s;
  ++gameNumber_;
  clearRequests();
  weResigned_ = false;
  resignedWithOfferAt_.reset();
  crossingPly_.reset();
  relayedCrossing_ = false;
  syncedSinceEnd_ = false;
  weWantAgain_ = false;
  peerWantsAgain_ = false;
  if (gameNumber_ > 1)
    say({NoticeKind::NewGame, {}, openingNoticeCount(s, settings_.role), {}});
  else
    notice_ = {};
  game_ = Game(s.boardSize, s.rule, s.foul);
  const bool weAreBlack = (settings_.role == Role::Host) == s.hostIsBlack;
  localColor_ = weAreBlack ? Stone::Black : Stone::White;
  localSeat_ = weAreBlack ? Seat::First : Seat::Second;
  openingActs_.clear();
  opening_.reset();
  openingStones_ = 0;
  ownRun_.clear();
  peerRun_.clear();
  openingFlagAt_ = -1;
  staleActs_ = 0;
  if (s.opening != OpeningRule::None) opening_.emplace(s.opening, s.boardSize, s.rule);
  phase_ = MatchPhase::Playing;
  gameClock_ = GameClock(s.clock);
  ownLeftAtLastMove_ = -1;
  lastThinkMs_ = -1;
  timeLossPly_ = -1;
  startTurnClock();
  notify_(MatchEvent::Started);
}

OpeningError Match::openingAct(OpeningAct act) {
  ClockGuard guard{*this};
  if (!opening_ || !running()) return OpeningError::Finished;
  act.seq = static_cast<std::uint16_t>(openingActs_.size());
  if (opening_->decider() != localSeat_) return OpeningError::NotYourDecision;
  act.thinkMs = -1;
  if (openingOnClock() && relayThinkMs_ >= 0) {
    act.thinkMs = relayThinkMs_;  // a server's proxy: the time charged on the other link
  } else if (openingOnClock()) {
    // Too late: the decision loses on time instead (as a move does).
    const std::int64_t now = nowMs();
    if (gameClock_.flagged(localColor_, now)) {
      timeUp(localColor_);
      return OpeningError::Finished;
    }
    act.thinkMs = std::max<std::int64_t>(0, gameClock_.timedMoveMs(now));
  }
  // Sent before it is applied: applying may start normal play, and nothing of ours may reach
  // the peer before the decision that started it. A refusal changes nothing and sends nothing.
  Opening trial = *opening_;
  if (const OpeningError e = applyOpeningAct(trial, localSeat_, act); e != OpeningError::None)
    return e;
  send_(act);
  applyOpening(localSeat_, act);
  return OpeningError::None;
}

void Match::recordStaleOpening(const OpeningAct& a) {
  if ((a.action != OpeningAction::Place && a.action != OpeningAction::Pick) ||
      a.points.size() != 1 || game_.ply() >= 5 || !game_.over())
    return;
  game_.recordAfterEnd({a.points[0].x, a.points[0].y});  // refused (no change) when not free
}

void Match::onOpening(const OpeningAct& a) {
  // A decision that crossed a FLAG in a timed opening: its program takes it back.
  if (openingFlagAt_ >= 0 && game_.over()) return;
  if (!opening_) {
    // The opening ended here by our resignation or an agreed draw that crossed it: stale.
    if (game_.over() && setup_.opening != OpeningRule::None) {
      ++staleActs_;
      return recordStaleOpening(a);
    }
    return fail(ErrorCode::Protocol, "OPENING without an opening rule running");
  }
  if (!running()) {  // crossed the end of the game
    ++staleActs_;
    return recordStaleOpening(a);
  }
  if (a.seq != openingActs_.size())
    return fail(ErrorCode::Protocol, std::string("OPENING decision ") + std::to_string(a.seq) +
                                         " when both are at " +
                                         std::to_string(openingActs_.size()));
  if (opening_->decider() == localSeat_)
    return fail(ErrorCode::Protocol, "an OPENING decision when it is ours to make");
  // Protocol 1.6: a timed opening's decision carries its thinking time, judged as MOVE's.
  if (openingOnClock() != (a.thinkMs >= 0))
    return fail(ErrorCode::Protocol, openingOnClock()
                                         ? "an opening decision without its thinking time"
                                         : "a thinking time in an opening that is not timed");
  OpeningAct charged = a;
  if (openingOnClock()) {
    const std::int64_t now = nowMs();
    if (peerTurnMeasured_ && a.thinkMs > now - turnStartMs_ + kThinkToleranceMs)
      return fail(ErrorCode::Protocol, "an opening decision says it took " +
                                           formatClockTime(a.thinkMs) + " but only " +
                                           formatClockTime(now - turnStartMs_) + " passed here");
    // A server charges at least its own measure less the lag allowance, as for MOVE; a decision
    // beyond the time so charged loses on time (its program takes it back at our FLAG).
    if (settings_.lagAllowanceMs >= 0)
      charged.thinkMs = std::max(a.thinkMs, now - turnStartMs_ - settings_.lagAllowanceMs);
    GameClock trial = gameClock_;
    if (!trial.charge(opponent(localColor_), charged.thinkMs)) {
      if (settings_.lagAllowanceMs < 0)
        return fail(ErrorCode::Protocol, "an opening decision came after its clock ran out");
      return timeUp(opponent(localColor_));
    }
  }
  if (const OpeningError e = applyOpening(otherSeat(localSeat_), charged); e != OpeningError::None)
    return fail(ErrorCode::IllegalMove,
                std::string("an opening decision the rule refuses: ") + openingErrorPhrase(e));
}

OpeningError Match::applyOpening(Seat who, const OpeningAct& a) {
  Opening& o = *opening_;
  const bool timed = openingOnClock();
  const Opening before = o;
  const bool ours = who == localSeat_;
  std::optional<OwnStep> step;
  if (timed) step = OwnStep{static_cast<int>(openingActs_.size()), o, gameClock_, nowMs()};
  if (const OpeningError e = applyOpeningAct(o, who, a); e != OpeningError::None) return e;
  // Whoever acts after the other's decisions shows that none of them crossed a claim.
  (ours ? peerRun_ : ownRun_).clear();
  if (step) (ours ? ownRun_ : peerRun_).push_back(std::move(*step));
  openingActs_.push_back(a);
  openingActs_.back().seq = static_cast<std::uint16_t>(openingActs_.size() - 1);
  openingActs_.back().thinkMs = -1;  // the lists of RESUME and SYNC carry no times
  game_ = stonesOf(o, setup_);
  localColor_ = o.colourOf(localSeat_);
  if (timed) {
    // Protocol 1.6: the decider is charged the time its decision said (a decision that was in
    // flight at a drop says none: the host's clocks in SYNC stand); each player keeps their own
    // clock through a swap, and the next decider's runs.
    const std::int64_t now = nowMs();
    if (a.thinkMs >= 0) {
      timeOpeningDecision(gameClock_, before, o, now, a.thinkMs);
      lastThinkMs_ = a.thinkMs;
    } else if (before.colourOf(Seat::First) != o.colourOf(Seat::First)) {
      gameClock_.swapSides();
    }
    turnStartMs_ = now;
    // The peer's next decision is measured from our sending of this one (not from its own
    // decision before: the same player may decide again, and only a round trip bounds it).
    peerTurnMeasured_ = ours;
  }
  if (o.done()) {
    openingStones_ = game_.ply();
    opening_.reset();
    startTurnClock();  // normal play begins: the side to move's clock runs
    if (timed) peerTurnMeasured_ = ours;
  }
  afterMove();  // reports the change (an opening stone never ends the game)
  return OpeningError::None;
}

OpeningError applyOpeningAct(Opening& o, Seat who, const OpeningAct& a) {
  const auto point = [&a] {
    return a.points.empty() ? Point{-1, -1} : Point{a.points[0].x, a.points[0].y};
  };
  OpeningError e = OpeningError::WrongStep;
  switch (a.action) {
    case OpeningAction::Place:
      e = a.points.size() == 1 ? o.place(who, point()) : OpeningError::BadCount;
      break;
    case OpeningAction::Pick:
      e = a.points.size() == 1 ? o.pick(who, point()) : OpeningError::BadCount;
      break;
    case OpeningAction::Choose:
      e = o.choose(who, a.choice);
      break;
    case OpeningAction::Declare:
      e = o.declare(who, a.count);
      break;
    case OpeningAction::Offer: {
      std::vector<Point> points;
      for (const SyncPoint& q : a.points) points.push_back({q.x, q.y});
      e = o.offer(who, points);
      break;
    }
  }
  return e;
}

std::vector<OpeningEntry> openingHistory(OpeningRule rule, int size, Rule gameRule,
                                         const std::vector<OpeningAct>& acts) {
  if (rule == OpeningRule::None) return {};
  std::optional<Opening> o;
  try {
    o.emplace(rule, size, gameRule);
  } catch (const std::invalid_argument&) {
    return {};
  }
  for (const OpeningAct& a : acts)
    if (o->done() || applyOpeningAct(*o, o->decider(), a) != OpeningError::None) break;
  return o->history();
}

void Match::startTurnClock() {
  turnStartMs_ = nowMs();
  peerTurnMeasured_ = false;
  if (running() && (!opening_ || openingOnClock())) gameClock_.start(timedColour(), turnStartMs_);
}

Stone Match::timedColour() const {
  return opening_ ? openingClockSide(*opening_) : game_.toMove();
}

void Match::settleClock() {
  if (gameClock_.running() == Stone::Empty) return;
  if (phase_ == MatchPhase::Suspended)
    gameClock_.pause(nowMs());
  else if (!running())
    gameClock_.stop(nowMs());
}

void Match::checkClock() {
  ClockGuard guard{*this};
  if (!running() || gameClock_.running() == Stone::Empty) return;
  const std::int64_t now = nowMs();
  const Stone toMove = timedColour();
  // While our takeback request waits, nothing is judged: an acceptance (perhaps on its way)
  // restarts the move, and the opponent's program judges the clocks meanwhile.
  if (ourTakeback_) return;
  const bool server = settings_.lagAllowanceMs >= 0;
  if (toMove == localColor_) {
    // A server's proxy is judged by the match facing its own client (relayFlag).
    if (!server && gameClock_.flagged(localColor_, now)) timeUp(localColor_);
  } else if (gameClock_.flagged(toMove, now - (server ? settings_.lagAllowanceMs : kFlagGraceMs))) {
    timeUp(toMove);
  }
}

std::int64_t Match::msUntilClockCheck() const {
  if (!running()) return -1;
  const std::int64_t left = gameClock_.msUntilFlag(nowMs());
  if (left < 0) return -1;
  if (ourTakeback_) return -1;          // the answer comes first (see checkClock)
  if (settings_.lagAllowanceMs >= 0) {  // a server: only the peer is judged here
    if (timedColour() == localColor_) return -1;
    return left > 0 ? left + settings_.lagAllowanceMs
                    : gameClock_.msUntilFlag(nowMs() - settings_.lagAllowanceMs);
  }
  return timedColour() == localColor_ ? left : left + kFlagGraceMs;
}

void Match::timeUp(Stone loser) {
  timeLossPly_ = game_.ply();
  Flag f{static_cast<std::uint16_t>(game_.ply())};
  if (openingOnClock()) f.decision = static_cast<int>(openingActs_.size());  // protocol 1.6
  send_(f);
  game_.end(loser == Stone::Black ? Outcome::WhiteWins : Outcome::BlackWins, EndReason::Time);
  if (f.decision >= 0) {
    // In a timed opening whatever of the peer's crossed the FLAG is dropped (onOpening, onMove):
    // its program takes it back. The runs stay: a claim at an earlier decision of ours, which
    // crossed this FLAG, takes ours back (onOpeningFlag).
    openingFlagAt_ = f.decision;
    crossingPly_.reset();
  } else if (loser == localColor_) {
    crossingPly_.reset();
  } else {
    endedByUs();  // its move may be on the way: recorded after the end, as the peer does
  }
  phase_ = MatchPhase::Finished;
  clearRequests();
  notify_(MatchEvent::GameOver);
}

void Match::onFlag(const Flag& f) {
  if (!gameClock_.enabled()) return fail(ErrorCode::Protocol, "FLAG in a game without a clock");
  if (phase_ != MatchPhase::Playing && phase_ != MatchPhase::Finished) return;
  if (f.decision >= 0) return onOpeningFlag(f);
  if (opening_ && setup_.openingTimed && running())
    return fail(ErrorCode::Protocol, "a FLAG without its decision during a timed opening");
  const int ply = game_.ply();
  if (f.atPly > ply) return fail(ErrorCode::Protocol, "a FLAG from a later position");
  const Stone loser = f.atPly % 2 == 0 ? Stone::Black : Stone::White;
  const Outcome loses = loser == Stone::Black ? Outcome::WhiteWins : Outcome::BlackWins;
  const Result& r = game_.result();
  if (game_.over() && r.reason == EndReason::Time && r.outcome == loses) return;  // agreed
  const bool decided = game_.over() && decidedByMoves(r.reason);
  if (loser != localColor_) {
    // The peer's program says its own time ran out, on its turn. It stands over an end that we
    // made meanwhile (our resignation, a draw we agreed): the FLAG was sent first.
    if (f.atPly != ply || decided)
      return fail(ErrorCode::Protocol, "a FLAG that does not match the position");
  } else {
    // The peer claims our time ran out at atPly: on our turn now, or before our last move
    // (which crossed the claim and stays on the board). It stands only when our own clock had
    // at most kFlagGraceMs left then (the network delay); a claim against time we had is a
    // fault.
    std::int64_t left = -1;
    const bool lastIsOurs =
        ply > 0 && ((ply - 1) % 2 == 0 ? Stone::Black : Stone::White) == localColor_;
    // A server judges a claim about the time running now by its own clock: out, not nearly.
    std::int64_t grace = kFlagGraceMs;
    if (f.atPly == ply && game_.toMove() == localColor_ && !decided) {
      left = gameClock_.reading(localColor_, nowMs()).decidingMs;
      if (settings_.lagAllowanceMs >= 0) grace = 0;
    } else if (f.atPly + 1 == ply && lastIsOurs) {
      left = ownLeftAtLastMove_;
    }
    if (left < 0) return fail(ErrorCode::Protocol, "a FLAG that does not match the position");
    if (left > grace && !settings_.serverKeepsTime)
      return fail(ErrorCode::Protocol,
                  std::string("a win on time claimed while this side's clock had ") +
                      clockFace(left) + " left");
  }
  endOnTime(loses, f.atPly);
}

void Match::onOpeningFlag(const Flag& f) {
  if (!setup_.openingTimed) return fail(ErrorCode::Protocol, "a FLAG about an untimed opening");
  // After our resignation, a FLAG that followed decisions of the peer's since our last act is
  // stale as they are: the resignation stands here, and the peer's program gives way to it
  // (onResign).
  if (game_.over() && game_.result().reason == EndReason::Resignation && weResigned_ &&
      (!peerRun_.empty() || staleActs_ > 0))
    return;
  // The peer's FLAG at a later decision than ours crossed ours: its decisions since are taken
  // back there, and ours stands.
  if (openingFlagAt_ >= 0 && game_.over() && f.decision > openingFlagAt_) return;
  // Whose time ran out: the decider at f.decision decisions, as both see it now; or ours, when
  // our decisions since that one (and a move after the last) crossed the claim.
  const bool current = f.decision == static_cast<int>(openingActs_.size()) && opening_;
  const auto crossed = std::find_if(ownRun_.begin(), ownRun_.end(),
                                    [&](const OwnStep& st) { return st.act == f.decision; });
  const bool crossing = !current && crossed != ownRun_.end();
  if ((!current && !crossing) || f.atPly != (current ? game_.ply() : crossed->opening.game().ply()))
    return fail(ErrorCode::Protocol, "a FLAG that does not match the opening");
  Stone loser = opponent(localColor_);  // the peer says its own time ran out, on its decision
  if (crossing || opening_->decider() == localSeat_) {
    // The peer claims our time ran out: it stands when our own clock had at most kFlagGraceMs
    // left then (now, or before our decision that crossed the claim).
    loser = crossing ? crossed->opening.colourOf(localSeat_) : localColor_;
    const std::int64_t left =
        crossing ? crossed->leftMs(loser) : gameClock_.reading(localColor_, nowMs()).decidingMs;
    // A server judges a claim about the time running now by its own clock: out, not nearly; a
    // client of a server takes the server's claim (see onFlag).
    const std::int64_t grace = !crossing && settings_.lagAllowanceMs >= 0 ? 0 : kFlagGraceMs;
    if (left > grace && !settings_.serverKeepsTime)
      return fail(ErrorCode::Protocol,
                  std::string("a win on time claimed while this side's clock had ") +
                      clockFace(left) + " left");
  }
  const Outcome loses = loser == Stone::Black ? Outcome::WhiteWins : Outcome::BlackWins;
  const Result& r = game_.result();
  if (!crossing && game_.over() && r.reason == EndReason::Time && r.outcome == loses)
    return;  // agreed
  // The claim stands where it was made: our decisions since (and a move after them) are
  // taken back, as the claimant drops them (PROTOCOL.md, "A timed opening").
  if (crossing) rollBackTo(*crossed, loser);
  openingFlagAt_ = f.decision;
  endOnTime(loses, f.atPly);
}

void Match::rollBackTo(const OwnStep& step, Stone loser) {
  const OwnStep st = step;  // `step` may be an element of the runs cut below
  const auto from = [&st](const OwnStep& o) { return o.act >= st.act; };
  std::erase_if(ownRun_, from);
  std::erase_if(peerRun_, from);
  opening_ = st.opening;
  game_ = stonesOf(st.opening, setup_);
  localColor_ = st.opening.colourOf(localSeat_);
  openingActs_.resize(static_cast<std::size_t>(st.act));
  openingStones_ = 0;
  gameClock_ = st.clock;
  gameClock_.runOut(loser, st.atMs);  // as the claimant's clock shows it
}

void Match::endOnTime(Outcome loses, int atPly) {
  crossingPly_.reset();  // the claim ended the game before anything of the peer's could cross
  timeLossPly_ = atPly;
  // The loser's clock says flag here too, though our copy may have had a few milliseconds left
  // (the grace of the network's delay).
  gameClock_.runOut(loses == Outcome::WhiteWins ? Stone::Black : Stone::White, nowMs());
  if (game_.over())
    game_.setResult(loses, EndReason::Time);
  else
    game_.end(loses, EndReason::Time);
  phase_ = MatchPhase::Finished;
  clearRequests();
  notify_(MatchEvent::GameOver);
}

void Match::onMove(const Move& m) {
  if (phase_ == MatchPhase::Handshake)
    return fail(ErrorCode::Protocol, "MOVE before the game started");
  // A move after the peer's decisions that crossed a FLAG in a timed opening: taken back there.
  if (openingFlagAt_ >= 0 && game_.over()) return;
  const Point p{m.x, m.y};
  const std::string where = pointName(p, game_.size());
  if (phase_ == MatchPhase::Finished && crossedTheEnd(m.ply)) {
    // The move crossed our resignation or an agreed draw: keep it, as the peer does. Any other
    // move after the end is refused below, and the board stays as it is.
    if (MoveError e = crossingError(p); e != MoveError::None)
      return fail(ErrorCode::IllegalMove, "illegal move " + where + ": " + crossingErrorText(p, e));
    recordCrossing(p);
    notify_(MatchEvent::Moved);
    return;
  }
  if (game_.over()) return fail(ErrorCode::IllegalMove, "move " + where + " after the game ended");
  if (m.ply != game_.ply())
    return fail(ErrorCode::IllegalMove, "move " + where + " is numbered " + std::to_string(m.ply) +
                                            " but the game is at move " +
                                            std::to_string(game_.ply()));
  if (theirTakeback_)
    return fail(ErrorCode::Protocol, "a move while its own takeback request waits");
  if (opening_) return fail(ErrorCode::Protocol, "a MOVE while the opening runs");
  // The clock: the mover's thinking time, at most what passed here since our move (plus a
  // tolerance), charged to its clock as it charged it; a move beyond its time is a fault (its
  // own program flags instead of moving).
  if (gameClock_.enabled() != (m.thinkMs >= 0))
    return fail(ErrorCode::Protocol, gameClock_.enabled()
                                         ? "a move without its thinking time in a game with a clock"
                                         : "a thinking time in a game without a clock");
  const std::int64_t now = nowMs();
  GameClock clock = gameClock_;
  std::int64_t charged = m.thinkMs;
  bool late = false;
  if (gameClock_.enabled()) {
    if (peerTurnMeasured_ && m.thinkMs > now - turnStartMs_ + kThinkToleranceMs)
      return fail(ErrorCode::Protocol, "move " + where + " says it took " +
                                           formatClockTime(m.thinkMs) + " but only " +
                                           formatClockTime(now - turnStartMs_) + " passed here");
    // A server charges at least its own measure less the lag allowance (PROTOCOL.md, Server
    // clocks), and a move beyond the time so charged loses on time rather than breaking rules.
    if (settings_.lagAllowanceMs >= 0)
      charged = std::max(charged, now - turnStartMs_ - settings_.lagAllowanceMs);
    if (!clock.charge(opponent(localColor_), charged)) {
      if (settings_.lagAllowanceMs < 0)
        return fail(ErrorCode::Protocol, "move " + where + " came after its clock ran out");
      late = true;
    }
  }
  if (late) {
    // Its flag fell first: the move crossed our FLAG and is recorded after the end when it may.
    timeUp(opponent(localColor_));
    if (crossedTheEnd(m.ply) && crossingError(p) == MoveError::None) {
      recordCrossing(p);
      notify_(MatchEvent::Moved);
    }
    return;
  }
  if (MoveError e = game_.play(p, opponent(localColor_)); e != MoveError::None)
    return fail(ErrorCode::IllegalMove,
                "illegal move " + where + ": " +
                    (e == MoveError::Forbidden ? game_.refusalText(p, e) : moveErrorText(e)));
  gameClock_ = clock;
  if (gameClock_.enabled()) lastThinkMs_ = charged;
  startTurnClock();
  ownRun_.clear();  // the peer moved after our decisions: none of them crossed a claim
  // A move crossed our request: it is stale on both sides, and the peer's refusal is still to
  // come. That refusal must not be taken for the answer to a later request of ours that
  // happens to name the same ply (after a takeback brought the game back to it).
  if (ourTakeback_) ++staleTakebackReplies_;
  ourTakeback_.reset();
  ourDrawAt_.reset();  // our offer lapses when the opponent moves
  afterMove();
}

void Match::onError(const Error& e) {
  disconnect_();  // the peer closes after ERROR; so do we, whatever it does
  const std::string text = singleLine(e.text);
  if (phase_ == MatchPhase::Handshake &&
      (e.code == ErrorCode::Busy || e.code == ErrorCode::VersionMismatch ||
       e.code == ErrorCode::NoSuchGame))
    refusal_ = e.code;
  if (e.code == ErrorCode::ServerOnly && phase_ == MatchPhase::Handshake &&
      settings_.role == Role::Joiner)
    return closeAtServer();  // a server refused our HELLO or RESUME
  switch (e.code) {
    case ErrorCode::Busy:
      return close("the host is busy with another game");
    case ErrorCode::NoSuchGame:
      return close("the host has no game to resume");
    case ErrorCode::Desync:
      return close("the boards could not be synchronised: " + text);
    case ErrorCode::VersionMismatch:
      return close(text.empty() ? "version mismatch" : text);
    default:
      return close("the other program reported an error: " + text);
  }
}

void Match::fail(ErrorCode code, const std::string& why) {
  if (phase_ == MatchPhase::Closed) return;
  sentError_ = code;
  send_(Error{code, why.substr(0, 200)});
  disconnect_();
  const std::string reason =
      code == ErrorCode::VersionMismatch ? why : "the opponent's program misbehaved: " + why;
  if (gameNumber_ > 0 && !game_.over())
    game_.end(Outcome::Interrupted, EndReason::ProtocolError, reason);
  close(reason);
}

void Match::connectionLost(const std::string& reason, bool mayResume) {
  ClockGuard guard{*this};
  if (phase_ == MatchPhase::Closed || phase_ == MatchPhase::Suspended) return;
  // A peer of protocol 1.3 or older cannot resume an opening (RESUME and SYNC carry no
  // decisions to it): it closes the match, and so do we.
  if (!mayResume || !settings_.resumable || setup_.token == 0 ||
      (phase_ != MatchPhase::Playing && phase_ != MatchPhase::Finished) ||
      (opening_ && running() && !resumesOpenings()))
    return close(reason);
  suspendedFrom_ = phase_;
  phase_ = MatchPhase::Suspended;
  ++suspensions_;
  takebackAtSuspend_ = ourTakeback_;         // the peer may have accepted it, with the answer lost
  theirTakebackAtSuspend_ = theirTakeback_;  // a relay may still accept these (relay*Reply)
  theirDrawAtSuspend_ = theirDrawAt_;
  wantedAgainAtSuspend_ = weWantAgain_;  // the peer may have started the next game
  clearRequests();  // requests in flight are void; the boards are synchronised on resume
  staleTakebackReplies_ = 0;
  weWantAgain_ = peerWantsAgain_ = false;
  suspendReason_ = reason;
  say({settings_.role == Role::Host ? NoticeKind::WaitingForReconnect : NoticeKind::Reconnecting,
       peerNickname_, 0, reason});
  notify_(MatchEvent::Suspended);
}

void Match::reconnected() {
  if (phase_ != MatchPhase::Suspended || settings_.role != Role::Joiner) return;
  Resume r{setup_.token, static_cast<std::uint16_t>(gameNumber_), syncPoints(game_.moves())};
  if (resumesOpenings()) r.openingActs = openingActs_;  // protocol 1.4
  // The host may not have started this game yet (our PLAY_AGAIN was lost in the drop), and
  // then it also missed what we sent before it about the game before: tell it how that ended.
  if (peerMinor_ >= 1 && gameNumber_ >= 2 && previousGame_.over()) {
    r.previousOutcome = previousGame_.result().outcome;
    r.previousReason = previousGame_.result().reason;
  }
  send_(r);
}

bool Match::acceptsResume(const Message& first) const {
  const auto* r = std::get_if<Resume>(&first);
  if (!r || settings_.role != Role::Host || setup_.token == 0 || r->token != setup_.token)
    return false;
  if (phase_ != MatchPhase::Playing && phase_ != MatchPhase::Finished &&
      phase_ != MatchPhase::Suspended)
    return false;
  // Play again may have crossed the drop: the joiner may not know the game we started, or may
  // have started the one we asked for (when our PLAY_AGAIN reached it and its answer was lost).
  return r->game == 0 || r->game == gameNumber_ || r->game + 1 == gameNumber_ ||
         (r->game == gameNumber_ + 1 && game_.over() && (weWantAgain_ || wantedAgainAtSuspend_));
}

void Match::abandon() {
  ClockGuard guard{*this};
  if (phase_ != MatchPhase::Suspended) return;
  const std::string why = settings_.role == Role::Host
                              ? peerName() + " did not reconnect in time"
                              : "the host could not be reached again in time";
  if (!game_.over())
    game_.end(localColor_ == Stone::Black ? Outcome::BlackWins : Outcome::WhiteWins,
              EndReason::Abandoned, why);
  close(why);
}

void Match::giveUp(const std::string& reason, Outcome outcome, EndReason why) {
  ClockGuard guard{*this};
  if (phase_ != MatchPhase::Suspended) return;
  if (gameNumber_ > 0 && !game_.over() && outcome != Outcome::Ongoing &&
      outcome != Outcome::Interrupted)
    game_.end(outcome, why, reason);
  close(reason);
}

Sync Match::syncMessage() const {
  Sync s;
  s.game = static_cast<std::uint16_t>(gameNumber_);
  s.setup = setup_;
  s.hostNickname = settings_.nickname;
  if (game_.over()) {
    s.outcome = game_.result().outcome;
    s.reason = game_.result().reason;
  }
  s.moves = syncPoints(game_.moves());
  s.blackMainMs = gameClock_.mainMs(Stone::Black);
  s.whiteMainMs = gameClock_.mainMs(Stone::White);
  s.hostPlaysBlack = localColor_ == Stone::Black;
  if (resumesOpenings()) s.openingActs = openingActs_;  // protocol 1.4
  return s;
}

void Match::rejectResume(ErrorCode code, const std::string& why) {
  // Only this connection is refused: the suspended game stays as it is for a better attempt
  // (a stale or broken client with the right token must not end the game).
  send_(Error{code, why.substr(0, 200)});
  disconnect_();
  say({NoticeKind::ResumeRefused, {}, 0, why});
}

void Match::onResume(const Resume& r) {
  if (settings_.role == Role::Host && phase_ == MatchPhase::Handshake && !helloReceived_)
    return fail(ErrorCode::NoSuchGame, "this host has no game to resume");
  if (phase_ != MatchPhase::Suspended || !acceptsResume(Message{r}))
    return fail(ErrorCode::Protocol, "unexpected RESUME");
  // The joiner may have started the next game we both asked for (our PLAY_AGAIN reached it and
  // its answer was lost): then its moves are of that game, colours swapped.
  const bool nextGame = r.game == gameNumber_ + 1;
  const bool sameGame =
      r.game == gameNumber_ || nextGame;  // else 0 (no copy) or the game before ours
  Setup nextSetup = setup_;
  nextSetup.hostIsBlack = !setup_.hostIsBlack;
  Game base = nextGame ? Game(setup_.boardSize, setup_.rule, setup_.foul) : game_;
  Stone ourColor = nextGame ? (nextSetup.hostIsBlack ? Stone::Black : Stone::White) : localColor_;
  std::vector<Point> theirs;
  for (const SyncPoint& q : r.moves) theirs.push_back({q.x, q.y});

  // The opening decisions (protocol 1.4), checked as the moves are: the joiner's list agrees
  // with ours on the common part; ours may hold more (ours in flight: SYNC brings them), the
  // joiner's exactly one more of its own (its decision in flight: applied once, below). Its
  // stones and colours then count for the moves.
  std::vector<OpeningAct> actsInFlight;
  if (sameGame && resumesOpenings()) {
    const std::vector<OpeningAct> none;
    const std::vector<OpeningAct>& acts = nextGame ? none : openingActs_;
    const std::vector<OpeningAct>& theirActs = r.openingActs;
    const Seat ourSeat =
        nextGame ? (nextSetup.hostIsBlack ? Seat::First : Seat::Second) : localSeat_;
    std::optional<Opening> trial;
    if (nextGame)
      trial.emplace(setup_.opening, setup_.boardSize, setup_.rule);
    else if (opening_)
      trial = *opening_;
    const std::size_t common = std::min(acts.size(), theirActs.size());
    for (std::size_t i = 0; i < common; ++i)
      if (acts[i] != theirActs[i])
        return rejectResume(ErrorCode::Desync,
                            "the opening decisions differ at decision " + std::to_string(i + 1));
    std::size_t held = theirActs.size();  // the joiner's decisions that count
    if (theirActs.size() > acts.size()) {
      if (base.over()) {
        // They crossed the end of the game (our resignation, an agreed draw): dropped, as
        // onOpening drops them, with the stones they placed that we did not record after the
        // end (the one in flight; the ones that arrived are on our board, compared below).
        held = acts.size();
        if (theirs.size() > base.moves().size()) theirs.resize(base.moves().size());
      } else {
        // Its decisions in flight: all its own, one after the other (swap2's first stones).
        for (std::size_t i = acts.size(); i < theirActs.size(); ++i) {
          if (!trial || trial->done() || trial->decider() == ourSeat)
            return rejectResume(ErrorCode::Desync,
                                "the joiner holds opening decisions the host never received");
          if (const OpeningError e = applyOpeningAct(*trial, otherSeat(ourSeat), theirActs[i]);
              e != OpeningError::None)
            return rejectResume(
                ErrorCode::IllegalMove,
                std::string("an opening decision the rule refuses: ") + openingErrorPhrase(e));
          actsInFlight.push_back(theirActs[i]);
        }
        base = stonesOf(*trial, setup_);
        ourColor = trial->colourOf(ourSeat);
      }
    }
    // The joiner's stones are those of its decisions; moves follow them once they ended the
    // opening (its decisions are ours so far: the replay takes them all).
    const std::vector<OpeningAct> counted(theirActs.begin(),
                                          theirActs.begin() + static_cast<std::ptrdiff_t>(held));
    const OpeningReplay mine =
        replayOpening(setup_.opening, setup_.boardSize, setup_.rule,
                      openingHistory(setup_.opening, setup_.boardSize, setup_.rule, counted));
    // (After the end of the game, stones that crossed it may follow, recorded without their
    // decisions: the move rules below judge those.)
    // A joiner whose resignation we never received may hold more: our opening stones that
    // crossed its end, recorded without their decisions (compared with ours below).
    const std::size_t stones = mine.opening.game().moves().size();
    const bool follow = mine.opening.done() || base.over()
                            ? theirs.size() >= stones
                            : theirs.size() >= stones &&
                                  (theirs.size() == stones || theirs.size() <= base.moves().size());
    if (!follow)
      return rejectResume(ErrorCode::Desync, "the moves do not follow from the opening decisions");
  }
  const std::vector<Point> ours = base.moves();

  // Check everything before changing anything.
  enum class Fix { None, OurTakeback, InFlight } fix = Fix::None;
  Point inFlight{};
  bool afterEnd = false;
  if (sameGame) {
    const std::size_t common = std::min(ours.size(), theirs.size());
    for (std::size_t i = 0; i < common; ++i)
      if (ours[i] != theirs[i])
        return rejectResume(ErrorCode::Desync,
                            "the boards differ at move " + std::to_string(i + 1));
    const bool theirTakeback =
        !nextGame && !lastTakenBack_.empty() && game_.ply() == takenBackTo_ &&
        std::vector<Point>(theirs.begin() + static_cast<std::ptrdiff_t>(common), theirs.end()) ==
            lastTakenBack_ &&
        theirs.size() > ours.size();
    if (!nextGame && takebackAtSuspend_ && takebackAtSuspend_->atPly == ours.size() &&
        theirs.size() == takebackAtSuspend_->returnTo && suspendedFrom_ == MatchPhase::Playing &&
        !game_.over()) {
      fix = Fix::OurTakeback;  // the joiner accepted our takeback request; its answer was lost
    } else if (theirTakeback) {
      // We accepted the joiner's takeback; our answer was lost: the takeback stands (SYNC).
    } else if (theirs.size() > ours.size()) {
      // The joiner's move that was in flight when the connection dropped: applied once, here.
      if (theirs.size() != ours.size() + 1 || base.toMove() == ourColor)
        return rejectResume(ErrorCode::Desync, "the joiner holds moves the host never received");
      // A move that crossed our resignation or an agreed draw is kept after the end, by the
      // same rule as in onMove (base is our game here: a finished game is never the next one).
      afterEnd = base.over();
      if (afterEnd && !crossedTheEnd(static_cast<int>(ours.size())))
        return rejectResume(ErrorCode::Desync, "the joiner holds moves the host never received");
      inFlight = theirs.back();
      Game trial = base;
      const std::string where = pointName(inFlight, trial.size());
      if (MoveError e =
              afterEnd ? crossingError(inFlight) : trial.play(inFlight, opponent(ourColor));
          e != MoveError::None)
        return rejectResume(ErrorCode::IllegalMove,
                            "illegal move " + where + ": " +
                                (afterEnd                    ? crossingErrorText(inFlight, e)
                                 : e == MoveError::Forbidden ? trial.refusalText(inFlight, e)
                                                             : moveErrorText(e)));
      fix = Fix::InFlight;
    }
  }

  // Protocol 1.1: the joiner started the next game, so it saw all we sent about ours; we may
  // have missed its last messages about ours, lost with its PLAY_AGAIN in the drop: a draw
  // offer that crossed our resignation while our offer stood (the offers agree: a draw), or a
  // resignation that crossed our move that ended the game (the resignation stands), or a FLAG
  // that crossed our resignation or agreement. Its result is then the one both sides would
  // have reached; take it. Any other difference is not one
  // the rules can produce: ours stands.
  bool revise = false;
  if (nextGame && r.previousOutcome != Outcome::Ongoing && game_.over()) {
    const Result& mine = game_.result();
    const Outcome weWin = localColor_ == Stone::Black ? Outcome::BlackWins : Outcome::WhiteWins;
    const bool offersCrossed = r.previousOutcome == Outcome::Draw &&
                               r.previousReason == EndReason::Agreement && weResigned_ &&
                               resignedWithOfferAt_ && mine.reason == EndReason::Resignation;
    const bool resignCrossed = r.previousOutcome == weWin &&
                               r.previousReason == EndReason::Resignation &&
                               decidedByMoves(mine.reason) && game_.ply() > 0 &&
                               (game_.ply() % 2 == 1 ? Stone::Black : Stone::White) == localColor_;
    // A FLAG that crossed our resignation or our agreement to a draw stands over it ("A FLAG
    // stands"); it was lost in the drop.
    const bool flagCrossed = r.previousReason == EndReason::Time &&
                             r.previousOutcome != Outcome::Draw &&
                             ((mine.reason == EndReason::Resignation && weResigned_) ||
                              mine.reason == EndReason::Agreement);
    revise = (r.previousOutcome != mine.outcome || r.previousReason != mine.reason) &&
             (offersCrossed || resignCrossed || flagCrossed);
  }

  // Accepted.
  const bool againWanted = wantedAgainAtSuspend_ && !nextGame;
  if (revise) {
    game_.setResult(r.previousOutcome, r.previousReason);
    notify_(MatchEvent::GameOver);
  }
  if (nextGame) startGame(nextSetup);
  if (revise) ++previousRevisions_;
  phase_ = nextGame ? MatchPhase::Playing : suspendedFrom_;
  suspendReason_.clear();
  if (fix == Fix::OurTakeback) takeBackTo(takebackAtSuspend_->returnTo);
  // A move or decision in flight is charged 0 (Fischer's increment, as after any move): its own
  // program's measure is unknown here, and a server relays it to the opponent with time 0.
  for (const OpeningAct& a : actsInFlight) {
    if (openingOnClock()) gameClock_.charge(opponent(localColor_), 0);
    applyOpening(otherSeat(localSeat_), a);  // the last may start normal play
  }
  if (fix == Fix::InFlight) {
    if (afterEnd) {
      recordCrossing(inFlight);
    } else {
      gameClock_.charge(opponent(localColor_), 0);
      game_.play(inFlight, opponent(localColor_));
    }
  }
  crossingPly_.reset();            // the joiner's list held all its moves: nothing more can cross
  syncedSinceEnd_ = game_.over();  // and the SYNC below holds all of ours
  takebackAtSuspend_.reset();
  theirTakebackAtSuspend_.reset();
  theirDrawAtSuspend_.reset();
  wantedAgainAtSuspend_ = false;
  ownRun_.clear();  // the SYNC below holds the game as it stands on both sides
  peerRun_.clear();
  startTurnClock();  // the side to move starts its move afresh, on both sides
  Sync sync = syncMessage();
  // Protocol 1.1: the joiner still holds the game before ours (our PLAY_AGAIN was lost in the
  // drop, its own reached us): it may have missed our last messages about that game, while we
  // saw all of its own. Tell it how the game ended here.
  if (peerMinor_ >= 1 && r.game != 0 && r.game + 1 == gameNumber_ && previousGame_.over()) {
    sync.previousOutcome = previousGame_.result().outcome;
    sync.previousReason = previousGame_.result().reason;
  }
  send_(sync);
  if (watchers_ > 0 && peerMinor_ >= 5) send_(Watchers{static_cast<std::uint16_t>(watchers_)});
  say({NoticeKind::PeerReconnected, peerNickname_, 0, {}});
  notify_(MatchEvent::Resumed);
  if (fix == Fix::InFlight) afterMove();
  if (againWanted && phase_ == MatchPhase::Finished) playAgain(true);  // our wish, lost in the drop
}

void Match::onSync(const Sync& s) {
  const bool fresh = settings_.role == Role::Joiner && phase_ == MatchPhase::Handshake &&
                     settings_.resumeToken != 0;
  if (settings_.role != Role::Joiner || !(fresh || phase_ == MatchPhase::Suspended))
    return fail(ErrorCode::Protocol, "unexpected SYNC");
  if (auto e = setupError(s.setup)) return fail(ErrorCode::BadSetup, *e);
  const auto& ours = game_.moves();
  // The host may have started the next game (play again crossed the drop) once ours was over.
  const bool nextGame = !fresh && s.game == gameNumber_ + 1 && game_.over();
  if (!fresh && !nextGame) {
    if (s.game != gameNumber_ || s.setup.boardSize != setup_.boardSize ||
        s.setup.rule != setup_.rule || s.setup.hostIsBlack != setup_.hostIsBlack)
      return fail(ErrorCode::Desync, "the host resumed another game");
    const std::size_t common = std::min(ours.size(), s.moves.size());
    for (std::size_t i = 0; i < common; ++i)
      if (ours[i].x != s.moves[i].x || ours[i].y != s.moves[i].y)
        return fail(ErrorCode::Desync, "the boards differ at move " + std::to_string(i + 1));
    const std::size_t commonActs = std::min(openingActs_.size(), s.openingActs.size());
    for (std::size_t i = 0; i < commonActs; ++i)
      if (openingActs_[i] != s.openingActs[i])
        return fail(ErrorCode::Desync,
                    "the opening decisions differ at decision " + std::to_string(i + 1));
  }
  // The opening (protocol 1.4): the host's decisions replayed under the rule, from the start.
  // Without them (a host of 1.3, which resumes only once the opening is over) the game is in
  // normal play, as its moves say.
  std::optional<Opening> opening;
  const Seat seat = s.setup.hostIsBlack ? Seat::Second : Seat::First;
  const bool withActs = fresh ? !s.openingActs.empty() || s.moves.empty() : peerMinor_ >= 4;
  if (s.setup.opening != OpeningRule::None && withActs) {
    const OpeningReplay replay = replayOpening(
        s.setup.opening, s.setup.boardSize, s.setup.rule,
        openingHistory(s.setup.opening, s.setup.boardSize, s.setup.rule, s.openingActs));
    opening = replay.opening;
    if (replay.applied != s.openingActs.size()) {
      // Why the first decision left out was refused (after the end of the opening: Finished).
      const OpeningError e =
          applyOpeningAct(*opening, opening->decider(), s.openingActs[replay.applied]);
      return fail(ErrorCode::IllegalMove,
                  std::string("an opening decision the rule refuses: ") +
                      openingErrorPhrase(e == OpeningError::None ? OpeningError::Finished : e));
    }
    const std::vector<Point>& stones = opening->game().moves();
    const bool follow =
        s.moves.size() >= stones.size() &&
        std::equal(stones.begin(), stones.end(), s.moves.begin(),
                   [](Point p, const SyncPoint& q) { return p.x == q.x && p.y == q.y; }) &&
        // (once the game ended, stones that crossed the end may follow, without their
        // decisions: recordStaleOpening)
        (opening->done() || s.moves.size() == stones.size() || s.outcome != Outcome::Ongoing) &&
        (opening->colourOf(seat) == Stone::White) == s.hostPlaysBlack;
    if (!follow)
      return fail(ErrorCode::Desync, "the moves do not follow from the opening decisions");
  }
  // Replay the host's list under our own rules, move by move.
  Game g(s.setup.boardSize, s.setup.rule, s.setup.foul);
  for (std::size_t i = 0; i < s.moves.size(); ++i) {
    const Point p{s.moves[i].x, s.moves[i].y};
    // Nothing follows a result decided by the moves: a move that crossed the host's resignation
    // or an agreed draw comes last, and the game ran until it.
    if (g.over())
      return fail(ErrorCode::IllegalMove,
                  "SYNC move " + std::to_string(i + 1) + " comes after the end of the game");
    const MoveError e = g.play(p);
    if (e != MoveError::None)
      return fail(ErrorCode::IllegalMove,
                  "SYNC move " + std::to_string(i + 1) + " is illegal: " +
                      (e == MoveError::Forbidden ? g.refusalText(p, e) : moveErrorText(e)));
  }
  if (s.reason == EndReason::None) {
    if (g.over())
      return fail(ErrorCode::Desync, "the moves end the game, but the host's game runs");
  } else if (g.over() && g.result().outcome == s.outcome && g.result().reason == s.reason) {
    // the same result, found by the moves
  } else if (decidedByMoves(s.reason) || s.outcome == Outcome::Interrupted) {
    return fail(ErrorCode::Desync, "the host's result does not follow from its moves");
  } else if (g.over()) {
    g.setResult(s.outcome, s.reason);
  } else {
    g.end(s.outcome, s.reason);
  }
  const int before = nextGame ? 0 : static_cast<int>(ours.size());
  const int after = static_cast<int>(s.moves.size());
  const bool wasRunning = !game_.over() || nextGame;
  // Our resignation of this game that the host never received: it still stands (sent again).
  const bool resignAgain = !fresh && !nextGame && weResigned_ && game_.over() &&
                           game_.result().reason == EndReason::Resignation && !g.over();
  weResigned_ = false;
  resignedWithOfferAt_.reset();
  crossingPly_.reset();  // the host's list holds every move that crossed
  if (nextGame) {
    // The game we held ended, and the host saw all we sent about it: its result stands.
    previousGame_ = game_;
    const Result& mine = previousGame_.result();
    if (s.previousOutcome != Outcome::Ongoing &&
        (s.previousOutcome != mine.outcome || s.previousReason != mine.reason)) {
      previousGame_.setResult(s.previousOutcome, s.previousReason);
      ++previousRevisions_;
    }
  }
  setup_ = s.setup;
  settings_.resumeToken = 0;
  gameNumber_ = s.game;
  game_ = std::move(g);
  gameClock_ = GameClock(s.setup.clock);  // the host's clocks stand
  gameClock_.restore(s.blackMainMs, s.whiteMainMs);
  localColor_ = s.hostPlaysBlack ? Stone::White : Stone::Black;
  localSeat_ = seat;
  opening_.reset();
  openingStones_ = 0;
  openingActs_ = s.openingActs;
  for (std::size_t i = 0; i < openingActs_.size(); ++i)
    openingActs_[i].seq = static_cast<std::uint16_t>(i);
  if (opening && !opening->done())
    opening_ = std::move(opening);  // the opening goes on (its stones are game_'s)
  else if (opening)
    openingStones_ = opening->game().ply();
  // A restarted joiner learns here that the host resumes openings (protocol 1.4).
  if (fresh && (opening_ || !openingActs_.empty())) peerMinor_ = std::max(peerMinor_, 4);
  helloReceived_ = true;
  if (fresh) peerNickname_ = s.hostNickname;
  phase_ = game_.over() ? MatchPhase::Finished : MatchPhase::Playing;
  suspendReason_.clear();
  ownRun_.clear();  // the host's game stands on both sides
  peerRun_.clear();
  startTurnClock();
  if (fresh) {
    say({NoticeKind::Rejoined, {}, after, {}});
    notify_(MatchEvent::Started);
  } else if (nextGame) {
    clearRequests();
    weResigned_ = false;
    resignedWithOfferAt_.reset();
    say({NoticeKind::ReconnectedNewGame, {}, openingNoticeCount(s.setup, settings_.role), {}});
    notify_(MatchEvent::Resumed);
  } else {
    if (after > before)
      say({NoticeKind::ReconnectedMoveArrived, {}, 0, {}});
    else if (after < before)
      say({NoticeKind::ReconnectedTakenBack, {}, before - after, {}});
    else
      say({NoticeKind::Reconnected, {}, 0, {}});
    notify_(MatchEvent::Resumed);
  }
  if (resignAgain) {
    resign();
    return;
  }
  const bool againWanted = wantedAgainAtSuspend_ && !nextGame && !fresh;
  wantedAgainAtSuspend_ = false;
  if (againWanted && phase_ == MatchPhase::Finished) playAgain(true);  // our wish, lost in the drop
  if (wasRunning && game_.over()) notify_(MatchEvent::GameOver);
}

RequestError Match::relayTakebackReply(bool accept) {
  if (phase_ == MatchPhase::Suspended) {
    // The peer's request, voided here by the drop, was accepted: taken back now; the resume
    // finds the peer's longer list to be that takeback and sends it the shorter one (SYNC).
    if (!accept || !theirTakebackAtSuspend_ || game_.over() ||
        theirTakebackAtSuspend_->atPly != game_.ply() || suspendedFrom_ != MatchPhase::Playing)
      return {RequestRefusal::Suspended, {}};
    const TakebackRequest r = *theirTakebackAtSuspend_;
    theirTakebackAtSuspend_.reset();
    theirDrawAtSuspend_.reset();
    say({NoticeKind::YouAcceptedTakeback, {}, 0, {}});
    takeBackTo(r.returnTo);
    return {};
  }
  return answerTakeback(accept);
}

MoveError Match::relayMove(Point p, std::int64_t thinkMs) {
  const bool suspended = phase_ == MatchPhase::Suspended;
  if (suspended && !game_.over()) {
    // Kept like the host's move in flight at a drop: the resume's SYNC brings it to the peer.
    if (game_.toMove() != localColor_ || opening_) return MoveError::NotYourTurn;
    MoveError check = game_.check(p);
    if (check == MoveError::Forbidden && game_.foulPolicy() == FoulPolicy::Lose)
      check = MoveError::None;
    if (check != MoveError::None) return check;
    if (MoveError e = game_.play(p, localColor_); e != MoveError::None) return e;
    if (gameClock_.enabled() && thinkMs >= 0) {  // charged on the other link; SYNC carries it
      gameClock_.charge(localColor_, thinkMs);
      lastThinkMs_ = thinkMs;
    }
    notify_(MatchEvent::Moved);
    if (game_.over()) {
      suspendedFrom_ = MatchPhase::Finished;
      notify_(MatchEvent::GameOver);
    }
    return MoveError::None;
  }
  if (!suspended && (phase_ != MatchPhase::Finished || !game_.over())) {
    relayThinkMs_ = gameClock_.enabled() ? thinkMs : -1;
    const MoveError e = playLocal(p);
    relayThinkMs_ = -1;
    return e;
  }
  const EndReason r = game_.result().reason;
  // The peer ended the game (resigned, or its acceptance or crossing offer drew it) on our turn:
  // its program keeps the one move of ours that crossed that, unless a SYNC told it the game
  // since (a SYNC holds every move that crossed).
  if ((r != EndReason::Resignation && r != EndReason::Agreement) || weResigned_ ||
      relayedCrossing_ || syncedSinceEnd_ || game_.toMove() != localColor_)
    return MoveError::GameOver;
  if (MoveError e = crossingError(p); e != MoveError::None) return e;
  const std::uint16_t ply = static_cast<std::uint16_t>(game_.ply());
  game_.recordAfterEnd(p);
  relayedCrossing_ = true;
  if (!suspended) send_(Move{ply, static_cast<std::uint8_t>(p.x), static_cast<std::uint8_t>(p.y)});
  notify_(MatchEvent::Moved);
  return MoveError::None;
}

bool Match::finishedHereOrAway() const {
  return phase_ == MatchPhase::Finished ||
         (phase_ == MatchPhase::Suspended && suspendedFrom_ == MatchPhase::Finished);
}

bool Match::relayFlag(Stone loser, int atPly, int decision) {
  ClockGuard guard{*this};
  if (!gameClock_.enabled() || loser == Stone::Empty) return false;
  if (decision >= 0) return relayOpeningFlag(loser, atPly, decision);
  const Outcome loses = loser == Stone::Black ? Outcome::WhiteWins : Outcome::BlackWins;
  const EndReason why = game_.result().reason;
  if (game_.over() && loser == localColor_ && atPly == game_.ply() && finishedHereOrAway() &&
      ((why == EndReason::Resignation && game_.result().outcome != loses && !weResigned_) ||
       why == EndReason::Agreement)) {
    // Our proxy's own time ran out while the peer's resignation, or an acceptance of a draw, was
    // on its way: as in P2P, the flag stands over the end that crossed it (PROTOCOL.md, "A FLAG
    // stands"). Also when the peer dropped after that end: the resume's SYNC tells it.
    timeLossPly_ = atPly;
    game_.setResult(loses, EndReason::Time);
    if (phase_ == MatchPhase::Finished) send_(Flag{static_cast<std::uint16_t>(atPly)});
    notify_(MatchEvent::GameOver);
    return true;
  }
  if (game_.over())
    return game_.result().reason == EndReason::Time && game_.result().outcome == loses;
  const bool suspended = phase_ == MatchPhase::Suspended;
  if (phase_ != MatchPhase::Playing && !suspended) return false;
  if (opening_) return false;
  const int ply = game_.ply();
  const Stone lastMover =
      ply == 0 ? Stone::Empty : ((ply - 1) % 2 == 0 ? Stone::Black : Stone::White);
  const bool onTurn = atPly == ply && game_.toMove() == loser;
  const bool beforeLast = atPly + 1 == ply && lastMover == loser && loser != localColor_;
  if (!onTurn && !beforeLast) return false;
  if (suspended) {
    // The resume's SYNC tells the peer (its move in flight then crosses the end).
    endOnTimeSuspended(loses, atPly);
    return true;
  }
  if (onTurn) {
    timeUp(loser);  // FLAG at this position: our proxy's own time, or a claim on the peer's
    return true;
  }
  // A claim on the peer's time before its last move, which crossed it and stays.
  timeLossPly_ = atPly;
  send_(Flag{static_cast<std::uint16_t>(atPly)});
  crossingPly_.reset();
  game_.end(loses, EndReason::Time);
  phase_ = MatchPhase::Finished;
  clearRequests();
  notify_(MatchEvent::GameOver);
  return true;
}

void Match::endOnTimeSuspended(Outcome loses, int atPly) {
  timeLossPly_ = atPly;
  game_.end(loses, EndReason::Time);
  suspendedFrom_ = MatchPhase::Finished;
  notify_(MatchEvent::GameOver);
}

bool Match::relayOpeningFlag(Stone loser, int atPly, int decision) {
  if (!setup_.openingTimed || setup_.opening == OpeningRule::None) return false;
  const Outcome loses = loser == Stone::Black ? Outcome::WhiteWins : Outcome::BlackWins;
  const bool onTime = game_.over() && game_.result().reason == EndReason::Time;
  if (onTime && game_.result().outcome == loses && timeLossDecision() == decision) return true;
  if (finishedHereOrAway() && game_.over() && game_.result().reason == EndReason::Resignation &&
      !weResigned_ && opening_ && decision == static_cast<int>(openingActs_.size()) &&
      atPly == game_.ply()) {
    // The peer's resignation crossed a FLAG at its decision that came after no decision of our
    // proxy's since the peer's last act: the FLAG stands over it, as in P2P (onOpeningFlag).
    // Also when the peer dropped after resigning: the resume's SYNC tells it.
    if (!ownRun_.empty()) return false;
    openingFlagAt_ = decision;
    timeLossPly_ = atPly;
    gameClock_.runOut(loser, nowMs());
    game_.setResult(loses, EndReason::Time);
    if (phase_ == MatchPhase::Finished) {
      Flag f{static_cast<std::uint16_t>(atPly)};
      f.decision = decision;
      send_(f);
    }
    notify_(MatchEvent::GameOver);
    return true;
  }
  // Over on time at a later decision: the claim on the other link crossed the peer's decisions
  // since (and its FLAG after them): taken back below. Any other end does not fit.
  if (game_.over() && !(onTime && timeLossDecision() > decision)) return false;
  const bool suspended = phase_ == MatchPhase::Suspended;
  if (phase_ != MatchPhase::Playing && phase_ != MatchPhase::Finished && !suspended) return false;
  const int acts = static_cast<int>(openingActs_.size());
  if (decision == acts && !game_.over()) {
    if (!opening_ || atPly != game_.ply() || openingClockSide(*opening_) != loser) return false;
    if (!suspended) {
      timeUp(loser);  // FLAG at this decision: our proxy's own time, or a claim on the peer's
      return true;
    }
    // The resume's SYNC tells the peer (its decision in flight then crosses the end).
    openingFlagAt_ = decision;
    gameClock_.runOut(loser, nowMs());
    endOnTimeSuspended(loses, atPly);
    return true;
  }
  // A claim on the peer's time at an earlier decision of its own, which (with its decisions
  // since, and a move after them) crossed the claim on the other link: taken back here, as the
  // peer's program takes them back at the FLAG.
  const auto crossed = std::find_if(peerRun_.begin(), peerRun_.end(),
                                    [&](const OwnStep& st) { return st.act == decision; });
  if (crossed == peerRun_.end() || atPly != crossed->opening.game().ply() ||
      openingClockSide(crossed->opening) != loser)
    return false;
  rollBackTo(*crossed, loser);
  openingFlagAt_ = decision;
  if (suspended) {
    // The resume's SYNC tells the peer: its decisions since are not ours any more.
    endOnTimeSuspended(loses, atPly);
    return true;
  }
  Flag f{static_cast<std::uint16_t>(atPly)};
  f.decision = decision;
  send_(f);
  endOnTime(loses, atPly);
  return true;
}

OpeningError Match::relayOpeningAct(OpeningAct act, std::int64_t thinkMs) {
  if (phase_ == MatchPhase::Suspended && opening_ && !game_.over()) {
    // Kept like the host's decision in flight at a drop: the resume's SYNC brings it to the
    // peer (its clocks too), and the peer's next decision starts afresh there.
    if (opening_->decider() != localSeat_) return OpeningError::NotYourDecision;
    act.seq = static_cast<std::uint16_t>(openingActs_.size());
    act.thinkMs = -1;
    Opening trial = *opening_;
    if (const OpeningError e = applyOpeningAct(trial, localSeat_, act); e != OpeningError::None)
      return e;
    if (openingOnClock() && thinkMs >= 0) {  // charged on the other link
      gameClock_.charge(localColor_, thinkMs);
      lastThinkMs_ = thinkMs;
    }
    return applyOpening(localSeat_, act);  // no time: the exchange of clocks only
  }
  relayThinkMs_ = openingOnClock() ? thinkMs : -1;
  const OpeningError e = openingAct(std::move(act));
  relayThinkMs_ = -1;
  return e;
}

bool Match::resignationStandsOverFlag(bool decidedSince) const {
  return decidedSince && phase_ == MatchPhase::Finished && game_.over() &&
         game_.result().reason == EndReason::Time && timeLossDecision() >= 0;
}

int Match::timeLossDecision() const {
  if (!opening_ || !setup_.openingTimed || !game_.over() ||
      game_.result().reason != EndReason::Time)
    return -1;
  return static_cast<int>(openingActs_.size());
}

RequestError Match::relayResign(std::uint16_t atPly) {
  if (running()) return resign();
  if (phase_ == MatchPhase::Suspended && !game_.over()) {
    // The resume's SYNC tells the peer (a move of its own in flight then crosses it).
    weResigned_ = true;
    game_.end(localColor_ == Stone::Black ? Outcome::WhiteWins : Outcome::BlackWins,
              EndReason::Resignation);
    endedByUs();
    suspendedFrom_ = MatchPhase::Finished;
    say({NoticeKind::YouResigned, {}, 0, {}});
    notify_(MatchEvent::GameOver);
    return {};
  }
  // The game ended on time in a timed opening after the peer's decisions since our proxy's last
  // act: the proxy's resignation crossed them on the other link and stands (onResign).
  if (!resignationStandsOverFlag(!peerRun_.empty())) {
    if (phase_ != MatchPhase::Finished || !game_.over() || !decidedByMoves(game_.result().reason))
      return {RequestRefusal::NoGameRunning, {}};
    // The peer's last move ended the game; our resignation was made one ply before it.
    const int ply = game_.ply();
    const Stone lastMover = ply % 2 == 1 ? Stone::Black : Stone::White;
    if (ply == 0 || atPly + 1 != ply || lastMover == localColor_)
      return {RequestRefusal::NoGameRunning, {}};
  }
  send_(Resign{atPly});
  weResigned_ = true;
  game_.setResult(localColor_ == Stone::Black ? Outcome::WhiteWins : Outcome::BlackWins,
                  EndReason::Resignation);
  say({NoticeKind::YouResigned, {}, 0, {}});
  notify_(MatchEvent::GameOver);
  return {};
}

namespace {
// The game ended by the peer's resignation (we, the proxy, won it).
bool peerResigned(const Game& g, Stone local, bool weResigned) {
  const Outcome weWin = local == Stone::Black ? Outcome::BlackWins : Outcome::WhiteWins;
  return g.over() && g.result().reason == EndReason::Resignation && g.result().outcome == weWin &&
         !weResigned;
}
}  // namespace

RequestError Match::relayDrawOffer(std::uint16_t atPly) {
  if (phase_ == MatchPhase::Suspended) {
    // The peer's offer, voided here by the drop, and ours crossed: the offers agree; the
    // resume's SYNC tells the peer.
    if (!theirDrawAtSuspend_ || game_.over() || suspendedFrom_ != MatchPhase::Playing)
      return {RequestRefusal::Suspended, {}};
    theirDrawAtSuspend_.reset();
    theirTakebackAtSuspend_.reset();
    game_.end(Outcome::Draw, EndReason::Agreement);
    endedByUs();
    suspendedFrom_ = MatchPhase::Finished;
    say({NoticeKind::BothOfferedDraw, {}, 0, {}});
    notify_(MatchEvent::GameOver);
    return {};
  }
  if (phase_ == MatchPhase::Finished && peerResigned(game_, localColor_, weResigned_) &&
      !syncedSinceEnd_) {
    // The peer resigned while its offer stood; ours crossed both: the offers agree.
    send_(DrawOffer{atPly});
    game_.setResult(Outcome::Draw, EndReason::Agreement);
    say({NoticeKind::BothOfferedDraw, {}, 0, {}});
    notify_(MatchEvent::GameOver);
    return {};
  }
  if (running() && theirDrawAt_ && !ourTakeback_) {
    // The peer's offer and ours crossed: agreed on both sides, as between two programs.
    theirDrawAt_.reset();
    ourDrawAt_.reset();
    send_(DrawOffer{atPly});  // as made: the peer finds the offers crossed by the same rule
    game_.end(Outcome::Draw, EndReason::Agreement);
    endedByUs();
    say({NoticeKind::BothOfferedDraw, {}, 0, {}, takebackWithdrawn()});
    afterMove();
    return {};
  }
  return offerDraw();
}

RequestError Match::relayDrawReply(std::uint16_t atPly, bool accept) {
  if (phase_ == MatchPhase::Suspended) {
    // The peer's offer, voided here by the drop, was accepted: the game ends drawn, and the
    // resume tells the peer (SYNC carries the result).
    if (!accept || !theirDrawAtSuspend_ || *theirDrawAtSuspend_ != atPly || game_.over() ||
        suspendedFrom_ != MatchPhase::Playing)
      return {RequestRefusal::Suspended, {}};
    theirDrawAtSuspend_.reset();
    theirTakebackAtSuspend_.reset();
    game_.end(Outcome::Draw, EndReason::Agreement);
    endedByUs();
    suspendedFrom_ = MatchPhase::Finished;
    say({NoticeKind::DrawAgreed, {}, 0, {}});
    notify_(MatchEvent::GameOver);
    return {};
  }
  if (accept && phase_ == MatchPhase::Finished && peerResigned(game_, localColor_, weResigned_) &&
      !syncedSinceEnd_) {
    // The peer resigned while its offer stood, and our acceptance crossed the resignation.
    send_(DrawReply{atPly, true});
    game_.setResult(Outcome::Draw, EndReason::Agreement);
    say({NoticeKind::DrawAgreed, {}, 0, {}});
    notify_(MatchEvent::GameOver);
    return {};
  }
  return answerDraw(accept);
}

void Match::leave() {
  ClockGuard guard{*this};
  if (phase_ == MatchPhase::Closed) return;
  // Suspended: no link to say it on (the old connection is gone, a new one must open with
  // RESUME); the peer's resume window runs out.
  if (phase_ != MatchPhase::Suspended) send_(Bye{ByeReason::Leaving, {}});
  disconnect_();
  close("you left the game");
}

bool opponentLeft(const Result& r) {
  // The detail is kOpponentLeft, alone or with the peer's reason in parentheses (receive).
  return r.outcome == Outcome::Interrupted && r.reason == EndReason::Disconnected &&
         (r.detail == kOpponentLeft || r.detail.starts_with(std::string(kOpponentLeft) + " ("));
}

void Match::close(const std::string& reason) {
  if (phase_ == MatchPhase::Closed) return;
  ClockGuard guard{*this};
  clearRequests();
  weWantAgain_ = peerWantsAgain_ = false;
  if (gameNumber_ > 0 && !game_.over())
    game_.end(Outcome::Interrupted, EndReason::Disconnected, reason);
  phase_ = MatchPhase::Closed;
  suspendReason_.clear();
  closeReason_ = reason;
  notify_(MatchEvent::Closed);
}

const char* matchPhaseName(MatchPhase phase) {
  switch (phase) {
    case MatchPhase::Handshake:
      return "Handshake";
    case MatchPhase::Playing:
      return "Playing";
    case MatchPhase::Finished:
      return "Finished";
    case MatchPhase::Suspended:
      return "Suspended";
    case MatchPhase::Closed:
      return "Closed";
  }
  return "?";
}

}  // namespace gomoku::net
