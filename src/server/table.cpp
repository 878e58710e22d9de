#include "server/table.h"

#include <algorithm>
#include <stdexcept>
#include <type_traits>
#include <variant>

namespace gomoku::server {

using net::Match;
using net::MatchEvent;
using net::MatchPhase;

const char* sideName(Side s) {
  return s == Side::A ? "A" : "B";
}

// What the relay compares before and after a match handled a message.
struct GameTable::Snapshot {
  MatchPhase phase = MatchPhase::Handshake;
  int game = 0;
  std::size_t moves = 0;
  bool over = false;
  Outcome outcome = Outcome::Ongoing;
  EndReason reason = EndReason::None;
  bool takebackPending = false, takebackRequested = false;
  bool drawOffered = false, drawRequested = false;
  bool wantAgain = false, peerWantsAgain = false;
  int takebacks = 0;
  std::size_t chat = 0;
  std::size_t openingActs = 0;

  explicit Snapshot(const Match& m)
      : phase(m.phase()),
        game(m.gameNumber()),
        moves(m.game().moves().size()),
        over(m.game().over()),
        outcome(m.game().result().outcome),
        reason(m.game().result().reason),
        takebackPending(m.takebackPending()),
        takebackRequested(m.takebackRequested()),
        drawOffered(m.drawOffered()),
        drawRequested(m.drawRequested()),
        wantAgain(m.wantAgain()),
        peerWantsAgain(m.peerWantsAgain()),
        takebacks(m.takebacks()),
        chat(m.chat().size()),
        openingActs(m.openingActs().size()) {}
};

namespace {

// The result changed in this event (the game ended, or a crossing replaced its result).
bool resultChanged(const Match& m, int game, bool over, Outcome o, EndReason r) {
  if (m.gameNumber() != game || !m.game().over()) return false;
  return !over || m.game().result().outcome != o || m.game().result().reason != r;
}

// Two ended games whose move lists may differ only by stones recorded after the end on one
// side: one move that crossed the end, or (`opening`: the game has an opening rule) opening
// stones that crossed it, which the side that received them late recorded and the other never
// sees (stale decisions are not relayed; an opening places at most five stones).
bool sameUpToCrossings(const Game& a, const Game& b, bool opening) {
  const auto& x = a.moves().size() <= b.moves().size() ? a.moves() : b.moves();
  const auto& y = a.moves().size() <= b.moves().size() ? b.moves() : a.moves();
  return (y.size() == x.size() + 1 || (opening && y.size() <= 5)) &&
         std::equal(x.begin(), x.end(), y.begin());
}

// For a fault: the request answered may be one that a drop of the requester voided on its
// side, or a SYNC settled the end there before a crossing arrived (protocol 1.x cannot
// withdraw either on the other side; a known limit).
std::string voided(const Match& requesterSide) {
  return requesterSide.suspensions() > 0 ? " (voided by a drop?)" : "";
}

// Nothing but chat lines wait (their order against the acts does not matter).
bool onlyChat(const std::deque<net::Message>& held) {
  return std::all_of(held.begin(), held.end(),
                     [](const net::Message& m) { return std::holds_alternative<net::Chat>(m); });
}

Outcome winOf(Stone s) {
  return s == Stone::Black ? Outcome::BlackWins : Outcome::WhiteWins;
}

std::string pointText(Point p) {
  return std::to_string(p.x) + "," + std::to_string(p.y);
}

}  // namespace

GameTable::GameTable(TableSetup setup, TableCallbacks callbacks,
                     std::function<Clock::time_point()> clock)
    : setup_(std::move(setup)), cb_(std::move(callbacks)), clock_(std::move(clock)) {
  if (!clock_) clock_ = [] { return Clock::now(); };
  for (Side s : {Side::A, Side::B}) {
    net::MatchSettings ms;
    ms.role = net::Role::Host;
    // The local player of the match facing s is the proxy of the other client.
    ms.nickname = s == Side::A ? setup_.nameB : setup_.nameA;
    ms.boardSize = setup_.boardSize;
    ms.rule = setup_.rule;
    ms.foul = setup_.foul;
    ms.clock = setup_.clock;
    ms.opening = setup_.opening;
    // The opening runs on the clocks when both clients speak protocol 1.6 (set once both
    // HELLOs are in: receive()).
    ms.timesOpenings = false;
    ms.lagAllowanceMs = setup_.lagAllowanceMs < 0 ? 0 : setup_.lagAllowanceMs;
    const bool proxyBlack = (s == Side::A) != setup_.aIsBlack;
    ms.color = proxyBlack ? net::ColorChoice::Black : net::ColorChoice::White;
    ms.resumable = true;
    ms.hostToken = setup_.tokens[index(s)];
    seat(s).match = std::make_unique<Match>(
        std::move(ms),
        [this, s](const net::Message& m) {
          if (!seat(s).disconnected && cb_.send) cb_.send(s, m);
        },
        [this, s] { seat(s).disconnected = true; },
        [this, s](MatchEvent e) {
          if (e == MatchEvent::GameOver && !firstOver_) firstOver_ = s;
        });
    seat(s).match->setClock(clock_);
  }
}

GameTable::~GameTable() = default;

bool GameTable::running() const {
  return started() && reportedGame_ < startedGame_;
}

void GameTable::start() {
  ++depth_;
  seat(Side::A).match->connected();
  seat(Side::B).match->connected();
  --depth_;
  if (depth_ == 0) settle();
}

void GameTable::receive(Side from, const net::Message& m) {
  Seat& me = seat(from);
  if (me.gone) return;
  if (std::holds_alternative<net::Heartbeat>(m) || std::holds_alternative<net::Nickname>(m))
    return;  // liveness is the connection's business; the names are the account names
  ++depth_;
  const bool leaving = std::holds_alternative<net::Bye>(m) || std::holds_alternative<net::Error>(m);
  // Moves, opening decisions (which the clocks must not wait for) and FLAGs about them (which
  // may have to take back the away client's decisions before its resume), resignations and
  // answers to requests of an away client's opponent are taken at once (unless something other
  // than chat waits before them): the away client's suspended match applies them, and the
  // resume's SYNC tells that client, as of a host's act in flight at a drop (relayMove, ...). A
  // draw offer that meets the away client's own offer agrees with it (relayDrawOffer).
  const bool answer =
      std::holds_alternative<net::TakebackReply>(m) || std::holds_alternative<net::DrawReply>(m) ||
      std::holds_alternative<net::Move>(m) || std::holds_alternative<net::OpeningAct>(m) ||
      std::holds_alternative<net::Resign>(m) ||
      (std::holds_alternative<net::Flag>(m) && std::get<net::Flag>(m).decision >= 0) ||
      (std::holds_alternative<net::DrawOffer>(m) && me.match->drawOffered());
  if (!started() && !(me.helloIn && seat(otherSide(from)).helloIn)) {
    // Both games start together: hold everything until both HELLOs are in.
    if (const auto* h = std::get_if<net::Hello>(&m)) {
      me.helloIn = true;
      me.minor = h->protocolMinor;
    }
    if (leaving) {
      feed(from, m);
    } else {
      hold(from, m);
      if (seat(Side::A).helloIn && seat(Side::B).helloIn) {
        // Both matches time the opening, or neither: both clients' clocks must agree.
        const bool timed = seat(Side::A).minor >= 6 && seat(Side::B).minor >= 6;
        for (Side s : {Side::A, Side::B}) seat(s).match->setTimesOpenings(timed);
        flushHeld(Side::A);
        flushHeld(Side::B);
      }
    }
  } else if (!me.away && waiting(otherSide(from)) && !leaving &&
             !(answer && seat(otherSide(from)).away && onlyChat(me.held) &&
               seat(otherSide(from)).match->gameNumber() == me.match->gameNumber())) {
    hold(from, m);  // delivered after the opponent's resume, or once it started the next game
  } else {
    const bool wasAway = me.away;
    const Snapshot before(*me.match);
    feed(from, m);
    if (wasAway && me.match->phase() != MatchPhase::Suspended &&
        me.match->phase() != MatchPhase::Closed) {
      me.away = false;
      const Side other = otherSide(from);
      bool otherCameBack = false;
      for (const auto& r : resumes_) otherCameBack = otherCameBack || r.first == other;
      // What the resume changed reaches the other match in order, once that can take it (it is
      // back too, and no voided takeback request of this client's waits there).
      resumes_.emplace_back(from, resumeEffects(from, before));
      if (seat(other).away) {
        // Its program has forgotten its takeback request: the other's resume must not apply it.
        seat(other).match->relayVoidTakeback();
        if (cb_.opponentAway) cb_.opponentAway(from, true, left(other));
      } else {
        if (otherCameBack && cb_.opponentAway)
          cb_.opponentAway(from, false, std::chrono::seconds{0});
        if (cb_.opponentAway) cb_.opponentAway(other, false, std::chrono::seconds{0});
      }
      applyResumes();
      flushHeld(other);
      flushHeld(from);
    }
  }
  --depth_;
  if (depth_ == 0) settle();
}

void GameTable::hold(Side from, const net::Message& m) {
  Seat& me = seat(from);
  if (me.held.size() < setup_.holdLimit) {
    me.held.push_back(m);
    return;
  }
  // A flooder: cut off. A running game is its loss.
  me.held.clear();
  if (cb_.send && !me.disconnected)
    cb_.send(from, net::Error{net::ErrorCode::Limit, "too many messages"});
  me.disconnected = true;
  if (running()) forfeit(from, EndReason::Resignation, "cut off for flooding the table");
  closing_ = true;
  me.match->connectionLost("cut off for flooding the table", false);
  if (cb_.kick) cb_.kick(from);
}

void GameTable::applyResumes() {
  while (!resumes_.empty() && !closing_) {
    const auto [s, e] = resumes_.front();
    const Side other = otherSide(s);
    if (seat(other).away || voidedTakebackWaits(other)) return;
    resumes_.pop_front();
    afterResume(s, e);
  }
}

bool GameTable::voidedTakebackWaits(Side s) const {
  // The opponent's takeback request, which its own drop voided, still waits for this client's
  // answer (nothing can withdraw it): the opponent's acts wait for that answer.
  const Match& ms = *seat(s).match;
  const Match& mo = *seat(otherSide(s)).match;
  return ms.takebackPending() && !mo.takebackRequested() && mo.phase() != MatchPhase::Closed &&
         ms.gameNumber() == mo.gameNumber();
}

bool GameTable::waiting(Side s) const {
  const Match& ms = *seat(s).match;
  const Match& mo = *seat(otherSide(s)).match;
  if (seat(s).away) return true;
  if (mo.phase() == MatchPhase::Closed) return false;
  // The opponent started the next game (both had asked) while this client's wish to play again,
  // voided by a drop, is still to come again: the opponent's acts wait for that start.
  if (ms.phase() == MatchPhase::Finished && ms.gameNumber() < mo.gameNumber()) return true;
  if (voidedTakebackWaits(s)) return true;
  // What a resume of the opponent changed has still to reach this match.
  for (const auto& r : resumes_)
    if (r.first == otherSide(s)) return true;
  return false;
}

void GameTable::flushHeld(Side from) {
  Seat& me = seat(from);
  while (!me.held.empty() && !me.gone && me.match->phase() != MatchPhase::Closed &&
         !waiting(otherSide(from))) {
    const net::Message m = std::move(me.held.front());
    me.held.pop_front();
    feed(from, m);
  }
}

void GameTable::feed(Side from, const net::Message& m) {
  Match& mx = *seat(from).match;
  const Snapshot before(mx);
  mx.receive(m);
  if (const auto* e = std::get_if<net::Error>(&m); e && cb_.fault)
    cb_.fault(std::string("client ") + sideName(from) + " reported an error: " + e->text);
  if (started() && !closing_) relay(from, m, before);
}

void GameTable::relay(Side from, const net::Message& m, const Snapshot& before) {
  Match& mx = *seat(from).match;
  Match& my = *seat(otherSide(from)).match;
  if (mx.phase() == MatchPhase::Closed || my.phase() == MatchPhase::Closed ||
      my.phase() == MatchPhase::Handshake)
    return;
  const bool sameGame = mx.gameNumber() == before.game;
  const bool changed = resultChanged(mx, before.game, before.over, before.outcome, before.reason);
  // A loss on time (the client's FLAG, a claim that stood, or its move charged beyond its time)
  // goes first: a move recorded after it is then refused as after the end on the other side.
  // A claim at an earlier opening decision that stood over a later loss on time took decisions
  // back: the same result, moved to the earlier decision (relayFlag takes them back there too).
  const bool timeMovedBack = sameGame && before.over && before.reason == EndReason::Time &&
                             mx.game().result().reason == EndReason::Time &&
                             mx.openingActs().size() < before.openingActs;
  if ((changed || timeMovedBack) && mx.game().result().reason == EndReason::Time) relayTime(from);
  std::visit(
      [&](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, net::Move>) {
          if (!sameGame || mx.game().moves().size() != before.moves + 1) return;
          const Point p = mx.game().moves().back();
          if (MoveError e = my.relayMove(p, mx.lastThinkMs());
              e != MoveError::None && !afterEnd(mx, my, e))
            divergence(std::string("the move ") + pointText(p) + " of " + sideName(from) +
                       " was refused on the other side: " + moveErrorText(e));
        } else if constexpr (std::is_same_v<T, net::TakebackRequest>) {
          if (before.takebackRequested || !mx.takebackRequested()) return;
          if (my.requestTakeback()) mx.answerTakeback(false);  // cannot be asked there: declined
        } else if constexpr (std::is_same_v<T, net::TakebackReply>) {
          if (!before.takebackPending || mx.takebackPending()) return;
          const bool accepted = mx.takebacks() > before.takebacks;
          if (my.relayTakebackReply(accepted) && accepted)
            divergence(std::string("the takeback accepted by ") + sideName(from) +
                       " is not pending on the other side" + voided(my));
        } else if constexpr (std::is_same_v<T, net::DrawOffer>) {
          if (changed) {
            // (When the other side had no offer standing any more, it is only offered there.)
            if (my.relayDrawOffer(v.atPly) || !my.game().over())
              divergence(std::string("the draw agreed with ") + sideName(from) +
                         "'s offer was refused on the other side" + voided(my));
          } else if (!before.drawRequested && mx.drawRequested()) {
            if (my.relayDrawOffer(v.atPly)) mx.answerDraw(false);  // cannot be offered there
          }
        } else if constexpr (std::is_same_v<T, net::DrawReply>) {
          if (changed) {
            if (my.relayDrawReply(v.atPly, true))
              divergence(std::string("the draw accepted by ") + sideName(from) +
                         " was refused on the other side" + voided(my));
          } else if (before.drawOffered && !mx.drawOffered()) {
            my.relayDrawReply(v.atPly, false);
          }
        } else if constexpr (std::is_same_v<T, net::Resign>) {
          if (!changed || mx.game().result().reason != EndReason::Resignation) return;
          if (my.relayResign(v.atPly))
            divergence(std::string("the resignation of ") + sideName(from) +
                       " was refused on the other side");
        } else if constexpr (std::is_same_v<T, net::PlayAgain>) {
          if (mx.gameNumber() > before.game ||
              (v.want && mx.peerWantsAgain() && !before.peerWantsAgain))
            my.playAgain(true);
          else if (!v.want && before.wantAgain && !mx.wantAgain())
            my.playAgain(false);
          if (!v.want && my.gameNumber() > mx.gameNumber())
            divergence(std::string(sideName(from)) +
                       " declined the game the other side has started (after a drop)");
        } else if constexpr (std::is_same_v<T, net::OpeningAct>) {
          if (!sameGame || mx.openingActs().size() != before.openingActs + 1) return;
          if (my.relayOpeningAct(mx.openingActs().back(), mx.lastThinkMs()) != OpeningError::None)
            divergence(std::string("the opening decision ") +
                       std::to_string(mx.openingActs().size() - 1) + " of " + sideName(from) +
                       " was refused on the other side");
        } else if constexpr (std::is_same_v<T, net::Chat>) {
          // A line over the relay's own rate limit (bunched in transit) is dropped.
          if (mx.chat().size() > before.chat) my.sendChat(v.text);
        }
      },
      m);
}

void GameTable::relayTime(Side from) {
  Match& mx = *seat(from).match;
  Match& my = *seat(otherSide(from)).match;
  if (!mx.game().over() || mx.game().result().reason != EndReason::Time || mx.timeLossPly() < 0)
    return;
  if (my.phase() == MatchPhase::Closed || my.phase() == MatchPhase::Handshake ||
      my.gameNumber() != mx.gameNumber())
    return;
  const Stone loser =
      mx.game().result().outcome == Outcome::BlackWins ? Stone::White : Stone::Black;
  if (!my.relayFlag(loser, mx.timeLossPly(), mx.timeLossDecision()))
    divergence(std::string("the loss on time in ") + sideName(from) +
               "'s match was refused on the other side");
}

void GameTable::checkClocks() {
  ++depth_;
  for (Side s : {Side::A, Side::B}) {
    Seat& me = seat(s);
    if (me.gone || me.away || closing_ || !running()) continue;
    const Snapshot before(*me.match);
    me.match->checkClock();
    if (resultChanged(*me.match, before.game, before.over, before.outcome, before.reason))
      relayTime(s);
  }
  --depth_;
  if (depth_ == 0) settle();
}

std::int64_t GameTable::msUntilClockCheck() const {
  std::int64_t best = -1;
  for (Side s : {Side::A, Side::B}) {
    const Seat& me = seat(s);
    if (me.gone || me.away) continue;
    const std::int64_t ms = me.match->msUntilClockCheck();
    if (ms >= 0 && (best < 0 || ms < best)) best = ms;
  }
  return best;
}

bool GameTable::afterEnd(const Match& mx, const Match& my, MoveError e) {
  // A move that crossed the end of the game on one link, which the other client cannot take
  // any more (a SYNC told it the game since): the result stands on both; the boards differ by
  // that one stone after the end.
  return e == MoveError::GameOver && mx.game().over() && my.game().over() &&
         mx.game().result().outcome == my.game().result().outcome &&
         mx.game().result().reason == my.game().result().reason;
}

GameTable::ResumeEffects GameTable::resumeEffects(Side s, const Snapshot& before) const {
  const Match& mx = *seat(s).match;
  ResumeEffects e;
  e.game = mx.gameNumber();
  e.nextGame = mx.gameNumber() > before.game;
  // Its opening decisions in flight (protocol 1.4), taken before its move in flight: such a
  // move follows the decision that ended the opening, after the stones they placed.
  const std::size_t acts = mx.openingActs().size();
  const std::size_t had = e.nextGame ? 0 : before.openingActs;
  std::size_t stones = 0;
  for (std::size_t i = had; i < acts; ++i) {
    e.acts.push_back(mx.openingActs()[i]);
    const net::OpeningAction a = e.acts.back().action;
    stones += a == net::OpeningAction::Place || a == net::OpeningAction::Pick ? 1 : 0;
  }
  const std::size_t moves = mx.game().moves().size();
  if (moves == (e.nextGame ? 0 : before.moves) + stones + 1) e.move = mx.game().moves().back();
  e.tookBack = !e.nextGame && mx.takebacks() > before.takebacks;
  return e;
}

void GameTable::afterResume(Side s, const ResumeEffects& e) {
  Match& my = *seat(otherSide(s)).match;
  if (my.phase() == MatchPhase::Closed || seat(s).match->phase() == MatchPhase::Closed) return;
  if (e.nextGame) {
    // The client had started the next game that both asked for (its PLAY_AGAIN was lost), and
    // may have played its first move in it: that move follows once the other match started it.
    my.playAgain(true);
    if (!e.acts.empty()) pendingActs_[index(s)] = std::make_pair(e.game, e.acts);
    if (e.move) pendingMove_[index(s)] = std::make_pair(e.game, *e.move);
  } else {
    // The client's opening decisions that were in flight when the connection dropped.
    for (const net::OpeningAct& a : e.acts)
      if (my.relayOpeningAct(a, 0) != OpeningError::None)
        return divergence(std::string("the opening decision in flight of ") + sideName(s) +
                          " was refused on the other side");
  }
  if (!e.nextGame && e.move) {
    // The client's move that was in flight when the connection dropped.
    if (MoveError err = my.relayMove(*e.move, 0);
        err != MoveError::None && !afterEnd(*seat(s).match, my, err))
      return divergence(std::string("the move in flight ") + pointText(*e.move) + " of " +
                        sideName(s) + " was refused on the other side: " + moveErrorText(err));
  }
  if (e.tookBack) {
    // The client had accepted the opponent's takeback request; its answer was lost.
    if (my.relayTakebackReply(true))
      return divergence(std::string("the takeback ") + sideName(s) +
                        " accepted before the drop is not pending on the other side");
  }
  if (my.takebackRequested()) my.answerTakeback(false);  // void since the drop
}

void GameTable::connectionLost(Side s, const std::string& reason) {
  Seat& me = seat(s);
  if (me.gone || me.away) return;
  ++depth_;
  me.disconnected = true;
  // What it sent that is still held is lost with the connection, as in a P2P drop: its program
  // sends its move in flight again in RESUME, and its requests are void.
  me.held.clear();
  me.match->connectionLost(reason);
  if (me.match->phase() == MatchPhase::Suspended) {
    me.away = true;
    me.awaySince = clock_();
    // The dropped client's program voided the requests in flight; so does its match here. An
    // offer of the opponent's waiting for its answer is declined.
    Match& my = *seat(otherSide(s)).match;
    if (my.drawRequested()) my.answerDraw(false);
    if (cb_.opponentAway) cb_.opponentAway(otherSide(s), true, setup_.resumeWindow);
  }
  --depth_;
  if (depth_ == 0) settle();
}

bool GameTable::acceptsResume(Side s, const net::Message& first) const {
  const Seat& me = seat(s);
  return !me.gone && me.match->phase() != MatchPhase::Closed && me.match->acceptsResume(first);
}

void GameTable::resumed(Side s) {
  Seat& me = seat(s);
  if (me.gone) return;
  ++depth_;
  if (!me.away) connectionLost(s, "replaced by a new connection");
  me.disconnected = false;
  --depth_;
  if (depth_ == 0) settle();
}

void GameTable::forfeit(Side loser, EndReason reason, const std::string& detail) {
  if (!running()) return;
  Match& my = *seat(otherSide(loser)).match;
  const Side winner = otherSide(loser);
  // The winner's match: its local player is the loser's proxy.
  const Stone winnerColor = my.localColor() == Stone::Black ? Stone::White : Stone::Black;
  const std::string who =
      std::string(sideName(loser)) + " (" + (loser == Side::A ? setup_.nameA : setup_.nameB) + ")";
  report(winOf(winnerColor), reason, who + ": " + detail);
  closing_ = true;
  if (my.phase() == MatchPhase::Playing && !my.game().over()) my.resign();
  (void)winner;
}

void GameTable::leave(Side s) {
  Seat& me = seat(s);
  if (me.gone) return;
  ++depth_;
  if (me.match->phase() != MatchPhase::Closed) {
    forfeit(s, EndReason::Resignation, "left the game");
    closing_ = true;
    me.match->leave();
  }
  --depth_;
  if (depth_ == 0) settle();
}

void GameTable::abandon(Side s) {
  Seat& me = seat(s);
  if (me.gone || !me.away) return;
  ++depth_;
  forfeit(s, EndReason::Abandoned, "did not come back in time");
  closing_ = true;
  me.match->abandon();
  --depth_;
  if (depth_ == 0) settle();
}

void GameTable::setWatchers(int count) {
  for (Seat& seat : seats_)
    if (seat.match && !seat.gone) seat.match->setWatchers(count);
}

void GameTable::interrupt() {
  ++depth_;
  if (running()) report(Outcome::Interrupted, EndReason::Disconnected, "the server shut down");
  closeBoth();
  --depth_;
  if (depth_ == 0) settle();
}

void GameTable::closeBoth() {
  closing_ = true;
  for (Side s : {Side::A, Side::B})
    if (seat(s).match->phase() != MatchPhase::Closed) seat(s).match->leave();
}

void GameTable::divergence(const std::string& what) {
  if (closing_) return;
  if (cb_.fault) cb_.fault("game table: " + what);
  if (running()) report(Outcome::Interrupted, EndReason::Disconnected, "internal fault: " + what);
  closeBoth();
}

std::uint64_t GameTable::resumeToken(Side s) const {
  return seat(s).match->token();
}

std::optional<GameTable::Clock::time_point> GameTable::awayDeadline(Side s) const {
  if (!seat(s).away) return std::nullopt;
  return seat(s).awaySince + setup_.resumeWindow;
}

std::chrono::seconds GameTable::left(Side s) const {
  const auto deadline = awayDeadline(s);
  if (!deadline) return std::chrono::seconds{0};
  const auto rest = std::chrono::duration_cast<std::chrono::seconds>(*deadline - clock_());
  return rest.count() < 0 ? std::chrono::seconds{0} : rest;
}

std::size_t GameTable::held(Side s) const {
  std::size_t n = seat(s).held.size();
  for (const auto& r : resumes_)
    n += r.first == s &&
         (r.second.nextGame || r.second.move || r.second.tookBack || !r.second.acts.empty());
  return n;
}

bool GameTable::away(Side s) const {
  return seat(s).away;
}

void GameTable::recordMoves() {
  if (!started()) return;
  const Match& a = *seat(Side::A).match;
  const Match& b = *seat(Side::B).match;
  const Match* m = a.phase() != MatchPhase::Closed && a.gameNumber() == startedGame_ ? &a : &b;
  if (m->gameNumber() != startedGame_) return;
  const std::vector<Point>& now = m->game().moves();
  std::size_t common = 0;
  while (common < now.size() && common < moves_.size() && now[common] == moves_[common]) ++common;
  if (common == now.size() && common == moves_.size()) return;
  const auto t = clock_();
  moves_.resize(common);
  millis_.resize(common);
  for (std::size_t i = common; i < now.size(); ++i) {
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(t - lastEvent_).count();
    moves_.push_back(now[i]);
    millis_.push_back(static_cast<std::uint32_t>(ms < 0 ? 0 : ms));
    lastEvent_ = t;
  }
  lastEvent_ = t;
}

void GameTable::report(Outcome o, EndReason r, const std::string& detail) {
  recordMoves();
  const bool revised = reportedGame_ == startedGame_;
  reportedGame_ = startedGame_;
  reported_.outcome = o;
  reported_.reason = r;
  if (!cb_.gameEnded) return;
  // The colours as the game ended (an opening may have swapped them).
  const Match& a = *seat(Side::A).match;
  if (a.gameNumber() == startedGame_ && a.localColor() != Stone::Empty)
    gameAIsBlack_ = a.localColor() == Stone::White;  // A's match plays B's proxy
  GameEnd e;
  e.game = startedGame_;
  e.aIsBlack = gameAIsBlack_;
  e.outcome = o;
  e.reason = r;
  e.detail = detail;
  e.moves = moves_;
  e.moveMillis = millis_;
  e.revised = revised;
  cb_.gameEnded(e);
}

void GameTable::settle() {
  ++depth_;  // callbacks of the matches below do not settle again
  for (int round = 0; round < 16; ++round) {
    bool changed = false;
    Match& a = *seat(Side::A).match;
    Match& b = *seat(Side::B).match;
    // A game started on both.
    if (!closing_ && a.phase() != MatchPhase::Handshake && b.phase() != MatchPhase::Handshake &&
        a.phase() != MatchPhase::Closed && b.phase() != MatchPhase::Closed &&
        a.gameNumber() == b.gameNumber() && a.gameNumber() > startedGame_) {
      // (it may have ended already: held acts of one side were fed in one go)
      startedGame_ = a.gameNumber();
      firstOver_.reset();
      moves_.clear();
      millis_.clear();
      lastEvent_ = clock_();
      gameAIsBlack_ = a.localColor() == Stone::White;  // A's match plays B's proxy
      if (cb_.gameStarted) cb_.gameStarted(startedGame_, gameAIsBlack_);
      changed = true;
    }
    if (!resumes_.empty()) {
      const std::size_t before = resumes_.size();
      applyResumes();
      changed = changed || resumes_.size() != before;
    }
    for (Side s : {Side::A, Side::B})
      if (!seat(s).held.empty() && started() && !closing_ && !waiting(otherSide(s)) &&
          !waiting(s)) {
        flushHeld(s);
        changed = true;
      }
    for (Side s : {Side::A, Side::B}) {
      auto& pending = pendingActs_[index(s)];
      Match& my = *seat(otherSide(s)).match;
      if (!pending || waiting(otherSide(s)) || my.gameNumber() < pending->first) continue;
      const auto [game, acts] = *pending;
      pending.reset();
      changed = true;
      if (my.gameNumber() != game || !my.openingActs().empty()) continue;
      for (const net::OpeningAct& act : acts)
        if (!closing_ && my.relayOpeningAct(act, 0) != OpeningError::None) {
          divergence(std::string("the first opening decisions of ") + sideName(s) +
                     " in the next game were refused on the other side");
          break;
        }
    }
    for (Side s : {Side::A, Side::B}) {
      auto& pending = pendingMove_[index(s)];
      Match& my = *seat(otherSide(s)).match;
      if (!pending || waiting(otherSide(s)) || my.gameNumber() < pending->first) continue;
      const auto [game, p] = *pending;
      pending.reset();
      changed = true;
      if (my.gameNumber() == game && my.game().ply() == 0 && !closing_)
        if (MoveError e = my.relayMove(p, 0); e != MoveError::None)
          divergence(std::string("the first move ") + pointText(p) + " of " + sideName(s) +
                     " in the next game was refused on the other side: " + moveErrorText(e));
    }
    recordMoves();
    // The two server matches must hold the same game.
    if (!closing_ && started() && a.phase() != MatchPhase::Closed &&
        b.phase() != MatchPhase::Closed) {
      const Game& ga = a.game();
      const Game& gb = b.game();
      if (waiting(Side::A) || waiting(Side::B)) {
        // One side is away or has still to start the next game: compared once it caught up.
      } else if (a.gameNumber() != b.gameNumber())
        divergence("the two sides are at games " + std::to_string(a.gameNumber()) + " and " +
                   std::to_string(b.gameNumber()));
      else if (ga.moves() != gb.moves() &&
               !(ga.over() && gb.over() &&
                 sameUpToCrossings(ga, gb, setup_.opening != OpeningRule::None)))
        divergence("the two sides hold different moves (" + std::to_string(ga.ply()) + " and " +
                   std::to_string(gb.ply()) + ")");
      else if (ga.over() != gb.over() || ga.result().outcome != gb.result().outcome ||
               ga.result().reason != gb.result().reason)
        divergence("the two sides hold different results");
      else if (a.localColor() == b.localColor())
        divergence("both proxies play the same colour");
      if (closing_) changed = true;
    }
    // The result: taken from the match that reported the end first (server order).
    if (running()) {
      const Match* first = firstOver_ ? seat(*firstOver_).match.get() : nullptr;
      if (!first || first->gameNumber() != startedGame_ || !first->game().over() ||
          first->phase() == MatchPhase::Closed)
        first = nullptr;
      for (const Match* m : {&a, &b})
        if (!first && m->phase() != MatchPhase::Closed && m->gameNumber() == startedGame_ &&
            m->game().over())
          first = m;
      if (first) {
        const Result& r = first->game().result();
        report(r.outcome, r.reason, r.detail);
        changed = true;
      }
    } else if (started() && !closing_ && a.phase() != MatchPhase::Closed &&
               b.phase() != MatchPhase::Closed && a.gameNumber() == startedGame_) {
      // A crossing changed the reported result (both sides agree: checked above).
      const Result& r = a.game().result();
      if (r.outcome != reported_.outcome || r.reason != reported_.reason) {
        report(r.outcome, r.reason, r.detail);
        changed = true;
      }
    }
    // Matches that closed: a running game is the leaver's loss; the other leaves too.
    for (Side s : {Side::A, Side::B}) {
      Seat& me = seat(s);
      if (me.gone || me.match->phase() != MatchPhase::Closed) continue;
      if (running())
        forfeit(s, EndReason::Resignation,
                me.match->sentError() ? "broke the rules: " + me.match->closeReason()
                                      : "left the game");
      closing_ = true;
      me.gone = true;
      me.held.clear();
      Match& other = *seat(otherSide(s)).match;
      if (other.phase() != MatchPhase::Closed) other.leave();
      if (cb_.leaveGame) cb_.leaveGame(s);
      changed = true;
    }
    if (!changed) break;
  }
  --depth_;
  if (setup_.clock.kind != ClockKind::None && cb_.clockCheck && depth_ == 0) {
    const std::int64_t ms = closing_ ? -1 : msUntilClockCheck();
    if (ms != clockAsked_ || ms >= 0) cb_.clockCheck(std::chrono::milliseconds(ms));
    clockAsked_ = ms;
  }
}

}  // namespace gomoku::server
