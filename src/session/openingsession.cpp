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

OpeningSession::OpeningSession(OpeningRule rule, int size, Rule gameRule,
                               std::optional<Seat> computer)
    : opening_(rule, size, gameRule), computer_(computer) {}

OpeningSession::OpeningSession(Opening opening, std::optional<Seat> computer)
    : opening_(std::move(opening)), computer_(computer) {}

bool OpeningSession::computerToDecide() const {
  return !opening_.done() && computer_ && opening_.decider() == *computer_;
}

Seat OpeningSession::human() const {
  return opening_.decider();
}

OpeningError OpeningSession::decided(OpeningError e) {
  if (e != OpeningError::None) return e;
  if (opening_.step() != OpeningStep::PlaceAlternatives) picked_.clear();
  ++version_;
  return e;
}

OpeningError OpeningSession::click(Point p) {
  if (opening_.done()) return OpeningError::Finished;
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
  if (computerToDecide()) return OpeningError::NotYourDecision;
  return decided(opening_.choose(human(), choice));
}

OpeningError OpeningSession::declare(int n) {
  if (computerToDecide()) return OpeningError::NotYourDecision;
  return decided(opening_.declare(human(), n));
}

OpeningError OpeningSession::pick(Point p) {
  if (opening_.done()) return OpeningError::Finished;
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
  if (computerToDecide()) return OpeningError::NotYourDecision;
  return decided(opening_.offer(human(), picked_));
}

std::optional<OpeningRequest> OpeningSession::computerRequest() const {
  if (!computerToDecide()) return std::nullopt;
  return OpeningRequest{version_, opening_};
}

OpeningError OpeningSession::applyComputer(std::uint64_t id, const ai::OpeningDecision& d) {
  if (id != version_ || !computerToDecide()) return OpeningError::Finished;
  return decided(ai::applyOpening(opening_, d));
}

void OpeningSession::finishInto(LocalSession& s) const {
  if (!opening_.done()) return;
  const Game& start = s.game();
  Game game(start.size(), start.rule(), start.foulPolicy());
  for (Point p : opening_.game().moves()) game.play(p);
  s.reset(game);
  s.setUndoFloor(game.ply());  // the opening's stones stay
  if (computer_) s.setComputer(opening_.colourOf(*computer_), s.computerLevel());
}

}  // namespace gomoku::session
