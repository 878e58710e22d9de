#include "session/openingsession.h"

#include <algorithm>
#include <utility>

namespace gomoku::session {

std::vector<OpeningRule> openingRulesFor(Rule rule, int size) {
  // Whole lists, not inserts into a growing one: MinGW's GCC 12 warns (array-bounds) about an
  // insert of a few one-byte enums.
  if (rule != Rule::Renju) return {OpeningRule::None, OpeningRule::Swap, OpeningRule::Swap2};
  // RIF's rules start at the centre: a board of odd size.
  if (size % 2 == 1) return {OpeningRule::None, OpeningRule::Soosorv8, OpeningRule::Taraguchi10};
  return {OpeningRule::None};
}

OpeningRule fitOpeningRule(OpeningRule rule, Rule gameRule, int size) {
  return openingFitsRule(rule, gameRule, size) ? rule : OpeningRule::None;
}

std::int64_t openingDecisionBudgetMs(const GameClock& clock, Stone side, std::int64_t nowMs) {
  if (!clock.enabled()) return 0;
  const EngineTime t = clock.engineTime(side, nowMs);
  // Half a move's limit: an opening decision is a short search, and it leaves room for a
  // machine under load.
  std::int64_t budget = t.turnMs > 0 ? t.turnMs / 2 : -1;
  if (t.timeLeftMs >= 0)
    budget = budget < 0 ? t.timeLeftMs / 10 : std::min(budget, t.timeLeftMs / 10);
  return budget < 0 ? 0 : std::max<std::int64_t>(1, ai::turnWithMargin(budget));
}

OpeningSession::OpeningSession(OpeningRule rule, int size, Rule gameRule,
                               std::optional<Seat> computer)
    : opening_(rule, size, gameRule), computer_(computer) {}

OpeningSession::OpeningSession(Opening opening, std::optional<Seat> computer)
    : opening_(std::move(opening)),
      computer_(computer),
      firstColour_(opening_.colourOf(Seat::First)) {}

bool OpeningSession::computerToDecide() const {
  return !opening_.done() && !flagged_ && computer_ && opening_.decider() == *computer_;
}

std::int64_t OpeningSession::nowMs() const {
  const auto t = now_ ? now_() : std::chrono::steady_clock::now();
  return std::chrono::duration_cast<std::chrono::milliseconds>(t - epoch_).count();
}

void OpeningSession::setTimeControl(const TimeControl& tc, Clock clock) {
  now_ = std::move(clock);
  epoch_ = now_ ? now_() : std::chrono::steady_clock::now();
  clock_ = GameClock(tc);
  flagged_.reset();
  firstColour_ = opening_.colourOf(Seat::First);
  if (!opening_.done()) clock_.start(openingClockSide(opening_), 0);
}

ClockReading OpeningSession::clockReading(Stone side) const {
  return clock_.reading(side, nowMs());
}

std::int64_t OpeningSession::msUntilFlag() const {
  return flagged_ || opening_.done() ? -1 : clock_.msUntilFlag(nowMs());
}

bool OpeningSession::checkTime() {
  return checkTimeAt(nowMs());
}

bool OpeningSession::checkTimeAt(std::int64_t t) {
  if (flagged_ || opening_.done() || !clock_.enabled()) return false;
  const Stone side = openingClockSide(opening_);
  if (!clock_.flagged(side, t)) return false;
  clock_.runOut(side, t);
  flagged_ = opening_.decider();
  picked_.clear();
  ++version_;
  return true;
}

bool OpeningSession::lateDecision() {
  decisionMs_ = nowMs();  // one reading for the check and the charge: in time means charged so
  checkTimeAt(decisionMs_);
  return flagged_.has_value();
}

Seat OpeningSession::human() const {
  return opening_.decider();
}

OpeningError OpeningSession::decided(OpeningError e) {
  if (e != OpeningError::None) return e;
  if (opening_.step() != OpeningStep::PlaceAlternatives) picked_.clear();
  // The decider's clock ran until now; a swap takes each player's clock to its new colour.
  const Stone first = opening_.colourOf(Seat::First);
  clock_.punchDecision(decisionMs_, openingClockSide(opening_), first != firstColour_);
  firstColour_ = first;
  ++version_;
  return e;
}

OpeningError OpeningSession::click(Point p) {
  if (opening_.done() || lateDecision()) return OpeningError::Finished;
  if (computerToDecide()) return OpeningError::NotYourDecision;
  switch (opening_.step()) {
    case OpeningStep::Place:
      return decided(opening_.place(human(), p));
    case OpeningStep::PlaceAlternatives:
      return pick(p);
    case OpeningStep::ChooseAlternative:
      return decided(opening_.pick(human(), p));
    default:
      return OpeningError::WrongStep;
  }
}

OpeningError OpeningSession::choose(OpeningChoice choice) {
  if (lateDecision()) return OpeningError::Finished;
  if (computerToDecide()) return OpeningError::NotYourDecision;
  return decided(opening_.choose(human(), choice));
}

OpeningError OpeningSession::declare(int n) {
  if (lateDecision()) return OpeningError::Finished;
  if (computerToDecide()) return OpeningError::NotYourDecision;
  return decided(opening_.declare(human(), n));
}

OpeningError OpeningSession::pick(Point p) {
  if (opening_.done() || lateDecision()) return OpeningError::Finished;
  if (opening_.step() != OpeningStep::PlaceAlternatives) return OpeningError::WrongStep;
  if (computerToDecide()) return OpeningError::NotYourDecision;
  if (const auto it = std::find(picked_.begin(), picked_.end(), p); it != picked_.end()) {
    picked_.erase(it);
    ++version_;
    return OpeningError::None;
  }
  // What Opening::offer would refuse for this point, said now.
  switch (opening_.game().check(p)) {
    case MoveError::None:
      break;
    case MoveError::OffBoard:
      return OpeningError::OffBoard;
    case MoveError::Occupied:
      return OpeningError::Occupied;
    case MoveError::Forbidden:
      return OpeningError::Forbidden;
    case MoveError::NotYourTurn:
    case MoveError::GameOver:
      return OpeningError::Finished;
  }
  for (Point q : picked_)
    if (opening_.symmetric(p, q)) return OpeningError::Symmetric;
  if (static_cast<int>(picked_.size()) >= opening_.alternativesWanted())
    return OpeningError::BadCount;
  picked_.push_back(p);
  ++version_;
  return OpeningError::None;
}

OpeningError OpeningSession::offerPicked() {
  if (lateDecision()) return OpeningError::Finished;
  if (computerToDecide()) return OpeningError::NotYourDecision;
  return decided(opening_.offer(human(), picked_));
}

std::optional<OpeningRequest> OpeningSession::computerRequest() const {
  if (!computerToDecide()) return std::nullopt;
  return OpeningRequest{version_, opening_,
                        openingDecisionBudgetMs(clock_, openingClockSide(opening_), nowMs())};
}

OpeningError OpeningSession::applyComputer(std::uint64_t id, const ai::OpeningDecision& d) {
  if (id != version_ || !computerToDecide() || lateDecision()) return OpeningError::Finished;
  return decided(ai::applyOpening(opening_, d));
}

Game OpeningSession::stones(const LocalSession& s) const {
  const Game& start = s.game();
  Game game(start.size(), start.rule(), start.foulPolicy());
  for (Point p : opening_.game().moves()) game.play(p);
  return game;
}

void OpeningSession::handOver(LocalSession& s, const GameClock* clocks) const {
  const Game game = stones(s);
  s.reset(game);
  s.setUndoFloor(game.ply());  // the opening's stones stay
  if (computer_) s.setComputer(opening_.colourOf(*computer_), s.computerLevel());
  if (clocks) s.continueClocks(*clocks);
}

void OpeningSession::finishInto(LocalSession& s) const {
  if (!opening_.done()) return;
  if (!clock_.enabled()) return handOver(s, nullptr);
  GameClock c = clock_;
  c.stop(nowMs());  // the time base is ours: the session restarts the clock on its own
  handOver(s, &c);
}

void OpeningSession::flagInto(LocalSession& s) const {
  if (!flagged_) return;
  handOver(s, &clock_);  // stopped: the loser's clock shows it flagged
  const Stone loser = opening_.colourOf(*flagged_);
  s.end(loser == Stone::Black ? Outcome::WhiteWins : Outcome::BlackWins, EndReason::Time);
}

}  // namespace gomoku::session
