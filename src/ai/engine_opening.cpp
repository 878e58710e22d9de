#include "ai/engine_opening.h"

#include <algorithm>

namespace gomoku::ai {

namespace {

// True when SWAP2BOARD asks for the decision at `o`'s step: the three stones on an empty
// board, the second player's choice after three, the first player's choice after five.
bool swap2Asks(const Opening& o) {
  if (o.rule() != OpeningRule::Swap2) return false;
  const int ply = o.game().ply();
  return (o.step() == OpeningStep::Place && ply == 0) ||
         (o.step() == OpeningStep::Swap2Choice && ply == 3) ||
         (o.step() == OpeningStep::ColourChoice && ply == 5);
}

OpeningDecision placing(Point p) {
  OpeningDecision d;
  d.step = OpeningStep::Place;
  d.point = p;
  return d;
}

OpeningDecision choosing(OpeningStep step, OpeningChoice c) {
  OpeningDecision d;
  d.step = step;
  d.choice = c;
  return d;
}

}  // namespace

EngineOpening::EngineOpening(ExternalEngine& engine, const Limits& limits, std::uint64_t nodesEach)
    : engine_(engine), limits_(limits), nodes_(nodesEach) {}

bool EngineOpening::applyReply(Opening& o, const Swap2Reply& r, EngineOpeningTurn& t) const {
  const auto apply = [&](const OpeningDecision& d) {
    t.refusal = applyOpening(o, d);
    if (t.refusal != OpeningError::None) return false;
    t.decisions.push_back(d);
    return true;
  };
  const OpeningStep step = o.step();
  const bool swap = r.kind == Swap2Reply::Kind::Swap;
  const std::size_t n = r.kind == Swap2Reply::Kind::Stones ? r.stones.size() : 0;
  if (step == OpeningStep::Place) {  // the three opening stones
    if (n != 3) return false;
    for (Point p : r.stones)
      if (!apply(placing(p))) return false;
    return true;
  }
  // After three or five stones: SWAP takes Black; one point keeps (or takes) White and is its
  // move; after three, two points are the 4th and 5th stones.
  if (swap) return apply(choosing(step, OpeningChoice::TakeBlack));
  if (n == 2 && step == OpeningStep::Swap2Choice) {
    if (!apply(choosing(step, OpeningChoice::PlaceTwo))) return false;
    return apply(placing(r.stones[0])) && apply(placing(r.stones[1]));
  }
  if (n != 1) return false;
  if (!apply(choosing(step, OpeningChoice::TakeWhite))) return false;
  switch (o.game().check(r.stones[0])) {
    case MoveError::None:
      t.move = r.stones[0];
      return true;
    case MoveError::OffBoard:
      t.refusal = OpeningError::OffBoard;
      return false;
    case MoveError::Forbidden:
      t.refusal = OpeningError::Forbidden;
      return false;
    default:
      t.refusal = OpeningError::Occupied;
      return false;
  }
}

EngineOpeningTurn EngineOpening::decide(Opening& o, const EngineTime& time, std::int64_t budgetMs) {
  EngineOpeningTurn t;
  // The seat's clock, as for a move: time_left, and a turn no longer than the clock allows.
  Limits limits = limits_;
  applyEngineTime(time, limits);
  move_.reset();
  if (fellBack_) {
    t.source = EngineOpeningSource::AsBefore;
  } else if (!swap2Asks(o)) {
    t.source = EngineOpeningSource::NoCommand;
  } else {
    const Game& g = o.game();
    const Swap2Reply r = engine_.swap2board(g.moves(), g.size(), g.rule(), limits);
    switch (r.kind) {
      case Swap2Reply::Kind::Stones:
      case Swap2Reply::Kind::Swap: {
        Opening trial = o;
        if (applyReply(trial, r, t)) {
          o = trial;
          if (t.move) {
            move_ = t.move;
            movePly_ = o.game().ply();
          }
          return t;
        }
        t.source = EngineOpeningSource::Invalid;
        t.decisions.clear();
        t.move.reset();
        engine_.end();  // it plays some other game: a fresh start for normal play
        break;
      }
      case Swap2Reply::Kind::Refused:
        t.source = EngineOpeningSource::Refused;
        break;
      case Swap2Reply::Kind::Unreadable:
        t.source = EngineOpeningSource::Invalid;
        break;
      case Swap2Reply::Kind::NoAnswer:
        t.source = EngineOpeningSource::NoAnswer;
        break;
    }
    t.reply = r.text;
  }
  // Ours decides, for this turn and the rest of the opening.
  fellBack_ = true;
  const OpeningDecision d = decideOpening(o, nodes_, budgetMs);
  if (applyOpening(o, d) == OpeningError::None) t.decisions.push_back(d);
  return t;
}

std::optional<Point> EngineOpening::takeMove(const Game& g) {
  std::optional<Point> m;
  if (move_ && g.ply() == movePly_ && g.check(*move_) == MoveError::None) m = move_;
  move_.reset();
  return m;
}

}  // namespace gomoku::ai
