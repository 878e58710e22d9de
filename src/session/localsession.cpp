#include "session/localsession.h"

#include <algorithm>

namespace gomoku::session {

namespace {

// A game ended by a resignation, an interruption or a protocol error: Game::undo cannot
// reopen it (a five, a full board or a renju foul can be taken back).
bool endedFromOutside(const Game& g) {
  return g.over() && g.result().reason != EndReason::Five &&
         g.result().reason != EndReason::FullBoard && g.result().reason != EndReason::Foul;
}

Stone moverOf(int index) {
  return index % 2 == 0 ? Stone::Black : Stone::White;
}

}  // namespace

void applyClock(const ComputerRequest& request, ai::Limits& limits) {
  ai::applyEngineTime(EngineTime{request.timeLeftMs, request.turnMs}, limits);
}

LocalSession::LocalSession(Game game, Clock clock)
    : game_(std::move(game)), clock_(std::move(clock)) {
  times_.assign(static_cast<std::size_t>(game_.ply()), 0);
  lastMoveAt_ = epoch_ = now();
}

std::chrono::steady_clock::time_point LocalSession::now() const {
  return clock_ ? clock_() : std::chrono::steady_clock::now();
}

std::int64_t LocalSession::nowMs() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(now() - epoch_).count();
}

void LocalSession::setTimeControl(const TimeControl& tc) {
  gameClock_ = GameClock(tc);
  clockBefore_.assign(static_cast<std::size_t>(game_.ply()), gameClock_);
  if (!game_.over()) gameClock_.start(game_.toMove(), nowMs());
  turnStart_ = gameClock_;
  ++version_;  // a request made before carries other times
}

void LocalSession::continueClocks(const GameClock& clocks) {
  const std::int64_t t = nowMs();
  gameClock_ = clocks;
  gameClock_.stop(t);  // stopped on the other time base; restarted on ours
  clockBefore_.assign(static_cast<std::size_t>(game_.ply()), gameClock_);
  if (!game_.over()) gameClock_.start(game_.toMove(), t);
  turnStart_ = gameClock_;
  ++version_;
}

ClockReading LocalSession::clockReading(Stone side) const {
  return gameClock_.reading(side, nowMs());
}

std::int64_t LocalSession::msUntilFlag() const {
  return game_.over() ? -1 : gameClock_.msUntilFlag(nowMs());
}

bool LocalSession::checkTime() {
  if (game_.over() || !gameClock_.enabled()) return false;
  const std::int64_t t = nowMs();
  const Stone mover = game_.toMove();
  if (!gameClock_.flagged(mover, t)) return false;
  gameClock_.stop(t);
  game_.end(mover == Stone::Black ? Outcome::WhiteWins : Outcome::BlackWins, EndReason::Time);
  changed();
  return true;
}

// The clocks after a move was played: a new move charges its mover the time its clock ran; a
// redone move charges its old time `ms` from the clocks of its turn.
void LocalSession::clockMoved(bool fromRedo, int ms) {
  const std::int64_t t = nowMs();
  clockBefore_.resize(static_cast<std::size_t>(game_.ply() - 1), turnStart_);
  clockBefore_.push_back(turnStart_);
  if (fromRedo) {
    gameClock_ = turnStart_;
    gameClock_.charge(opponent(game_.toMove()), ms);
    gameClock_.start(game_.toMove(), t);
  } else {
    gameClock_.punch(t);
  }
  if (game_.over()) gameClock_.stop(t);
  turnStart_ = gameClock_;
}

void LocalSession::changed() {
  ++version_;
  dirty_ = true;
}

void LocalSession::reset(Game game) {
  game_ = std::move(game);
  redo_.clear();
  redoTimes_.clear();
  times_.assign(static_cast<std::size_t>(game_.ply()), 0);
  lastMoveAt_ = now();
  setTimeControl(gameClock_.control());
  ++version_;
  dirty_ = false;
  undoFloor_ = 0;
}

void LocalSession::restart() {
  reset(Game(game_.size(), game_.rule(), game_.foulPolicy()));
}

void LocalSession::setComputer(Stone colour, int level) {
  computer_ = colour;
  level_ = std::clamp(level, ai::kMinLevel, ai::kMaxLevel);
  ++version_;  // a request made before is for another opponent
}

bool LocalSession::computerToMove() const {
  return computer_ != Stone::Empty && !game_.over() && game_.toMove() == computer_;
}

void LocalSession::noteMove(bool fromRedo) {
  const auto t = now();
  int ms = static_cast<int>(std::max<std::int64_t>(
      0, std::chrono::duration_cast<std::chrono::milliseconds>(t - lastMoveAt_).count()));
  lastMoveAt_ = t;
  const Point p = *game_.lastMove();
  if (fromRedo || (!redo_.empty() && redo_.back() == p)) {
    // The move taken back is played again: the rest of the redo list still applies.
    if (!redoTimes_.empty()) {
      if (fromRedo) ms = redoTimes_.back();
      redoTimes_.pop_back();
    }
    redo_.pop_back();
  } else {
    redo_.clear();
    redoTimes_.clear();
  }
  times_.resize(static_cast<std::size_t>(game_.ply() - 1), 0);
  times_.push_back(ms);
  clockMoved(fromRedo, ms);
  changed();
}

MoveError LocalSession::play(Point p) {
  if (computerToMove()) return MoveError::NotYourTurn;
  if (checkTime()) return MoveError::GameOver;
  const MoveError e = game_.play(p);
  if (e == MoveError::None) noteMove(false);
  return e;
}

bool LocalSession::canUndo() const {
  return undoRefusal() == TakebackError::None;
}

TakebackError LocalSession::undoRefusal() const {
  const int ply = game_.ply();
  if (ply <= undoFloor_) return TakebackError::NothingToDo;
  if (endedFromOutside(game_)) return TakebackError::Ended;
  // Against the computer the human's last move must lie above the opening's.
  if (computer_ != Stone::Empty && undoFloor_ > 0 && moverOf(ply - 1) == computer_ &&
      ply - 2 < undoFloor_)
    return TakebackError::NothingToDo;
  if (computer_ == Stone::Empty || openingTakeback_) return TakebackError::None;
  // Against the computer a takeback must take one of the human's moves.
  return moverOf(ply - 1) != computer_ || ply >= 2 ? TakebackError::None
                                                   : TakebackError::NothingToDo;
}

bool LocalSession::undoOne(Takeback& t) {
  const Point last = *game_.lastMove();
  const bool wasOver = game_.over();
  if (!game_.undo()) return false;
  t.moves.push_back(last);
  t.reopened = t.reopened || wasOver;
  redo_.push_back(last);
  redoTimes_.push_back(times_.empty() ? 0 : times_.back());
  if (!times_.empty()) times_.pop_back();
  lastMoveAt_ = now();
  if (!clockBefore_.empty()) {
    gameClock_ = clockBefore_.back();
    clockBefore_.pop_back();
  }
  gameClock_.start(game_.toMove(), nowMs());
  turnStart_ = gameClock_;
  changed();
  return true;
}

Takeback LocalSession::undo() {
  Takeback t;
  if (const TakebackError e = undoRefusal(); e != TakebackError::None) {
    t.error = e;
    return t;
  }
  undoOne(t);
  // Against the computer: back to the human's turn (its reply and the human's move before it).
  if (computer_ != Stone::Empty && game_.toMove() == computer_ && game_.ply() > undoFloor_)
    undoOne(t);
  return t;
}

bool LocalSession::canRedo() const {
  return !redo_.empty() && !game_.over();
}

bool LocalSession::redoOne(Takeback& t) {
  const Point p = redo_.back();
  if (game_.play(p) != MoveError::None) return false;
  t.moves.push_back(p);
  noteMove(true);
  return true;
}

Takeback LocalSession::redo() {
  Takeback t;
  if (!canRedo()) {
    t.error = game_.over() && !redo_.empty() ? TakebackError::Refused : TakebackError::NothingToDo;
    return t;
  }
  if (!redoOne(t)) {
    t.error = TakebackError::Refused;
    return t;
  }
  // Against the computer: its reply too, when it is the next move in the list.
  if (computerToMove() && !redo_.empty()) redoOne(t);
  return t;
}

void LocalSession::end(Outcome outcome, EndReason reason, std::string detail) {
  if (game_.over()) return;
  game_.end(outcome, reason, std::move(detail));
  gameClock_.stop(nowMs());
  changed();
}

std::optional<ComputerRequest> LocalSession::computerRequest() const {
  if (!computerToMove()) return std::nullopt;
  ComputerRequest r{version_, game_.ply(), computer_, level_};
  const EngineTime t = gameClock_.engineTime(computer_, nowMs());
  r.timeLeftMs = t.timeLeftMs;
  r.turnMs = t.turnMs;
  return r;
}

ComputerMove LocalSession::applyComputerMove(std::uint64_t id, const ai::SearchResult& result) {
  if (id != version_ || !computerToMove()) return ComputerMove::Stale;
  if (checkTime()) return ComputerMove::OutOfTime;
  const Outcome humanWins = computer_ == Stone::Black ? Outcome::WhiteWins : Outcome::BlackWins;
  if (!result.move) {
    game_.end(humanWins, EndReason::Resignation, "the computer has no legal move");
    changed();
    return ComputerMove::Resigned;
  }
  if (const MoveError e = game_.check(*result.move); e != MoveError::None) {
    game_.end(humanWins, EndReason::ProtocolError,
              "illegal move by the engine: " + game_.refusalText(*result.move, e));
    changed();
    return ComputerMove::Illegal;
  }
  game_.play(*result.move);
  noteMove(false);
  return ComputerMove::Played;
}

bool LocalSession::computerFailed(std::uint64_t id, const std::string& error) {
  if (id != version_ || !computerToMove()) return false;
  game_.end(Outcome::Interrupted, EndReason::ProtocolError, error);
  changed();
  return true;
}

}  // namespace gomoku::session
