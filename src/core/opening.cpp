#include "core/opening.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace gomoku {

namespace {

constexpr int kMaxSoosorvFifths = 8;  // Soosõrv-8: at most 8 alternatives
constexpr int kTaraguchiFifths = 10;  // Taraguchi-10: ten alternatives

// The 8 symmetries of a square board about its centre c: t = 0..7 (rotations by t % 4 quarter
// turns, mirrored first when t >= 4).
Point transform(Point p, int c, int t) {
  int x = p.x - c, y = p.y - c;
  if (t >= 4) x = -x;
  for (int r = 0; r < t % 4; ++r) {
    const int nx = -y;
    y = x;
    x = nx;
  }
  return {x + c, y + c};
}

OpeningError fromMoveError(MoveError e) {
  switch (e) {
    case MoveError::None:
      return OpeningError::None;
    case MoveError::OffBoard:
      return OpeningError::OffBoard;
    case MoveError::Occupied:
      return OpeningError::Occupied;
    case MoveError::Forbidden:
      return OpeningError::Forbidden;
    case MoveError::NotYourTurn:
    case MoveError::GameOver:
      break;
  }
  return OpeningError::Finished;
}

}  // namespace

const char* openingRuleName(OpeningRule r) {
  switch (r) {
    case OpeningRule::None:
      return "none";
    case OpeningRule::Swap:
      return "swap";
    case OpeningRule::Swap2:
      return "swap2";
    case OpeningRule::Soosorv8:
      return "soosorv8";
    case OpeningRule::Taraguchi10:
      return "taraguchi10";
  }
  return "none";
}

std::optional<OpeningRule> parseOpeningRule(std::string_view name) {
  std::string s;
  for (char c : name)
    if (c != '-') s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (OpeningRule r : {OpeningRule::None, OpeningRule::Swap, OpeningRule::Swap2,
                        OpeningRule::Soosorv8, OpeningRule::Taraguchi10})
    if (s == openingRuleName(r)) return r;
  return std::nullopt;
}

bool openingFitsRule(OpeningRule opening, Rule rule, int size) {
  switch (opening) {
    case OpeningRule::None:
      return true;
    case OpeningRule::Swap:
    case OpeningRule::Swap2:
      return rule != Rule::Renju;
    case OpeningRule::Soosorv8:  // RIF: the first move at the centre
    case OpeningRule::Taraguchi10:
      return rule == Rule::Renju && size % 2 == 1;
  }
  return false;
}

const char* openingChoiceName(OpeningChoice c) {
  switch (c) {
    case OpeningChoice::Keep:
      return "keep";
    case OpeningChoice::Swap:
      return "swap";
    case OpeningChoice::TakeBlack:
      return "black";
    case OpeningChoice::TakeWhite:
      return "white";
    case OpeningChoice::PlaceTwo:
      return "two";
    case OpeningChoice::OneFifth:
      return "one";
    case OpeningChoice::TenFifths:
      return "ten";
  }
  return "keep";
}

std::optional<OpeningChoice> parseOpeningChoice(std::string_view name) {
  for (OpeningChoice c : {OpeningChoice::Keep, OpeningChoice::Swap, OpeningChoice::TakeBlack,
                          OpeningChoice::TakeWhite, OpeningChoice::PlaceTwo,
                          OpeningChoice::OneFifth, OpeningChoice::TenFifths})
    if (name == openingChoiceName(c)) return c;
  return std::nullopt;
}

Opening::Opening(OpeningRule rule, int size, Rule gameRule)
    : rule_(rule), game_(size, gameRule, FoulPolicy::Refuse) {
  const bool central = rule == OpeningRule::Soosorv8 || rule == OpeningRule::Taraguchi10;
  if (central && size % 2 == 0)
    throw std::invalid_argument("this opening rule needs a board with a centre (an odd size)");
  switch (rule) {
    case OpeningRule::None:
      step_ = OpeningStep::Done;
      break;
    case OpeningRule::Swap:
    case OpeningRule::Swap2:
      placeStage(Seat::First, -1);
      placeLeft_ = 3;
      break;
    case OpeningRule::Soosorv8:
      placeStage(Seat::First, 0);
      placeLeft_ = 3;
      break;
    case OpeningRule::Taraguchi10:
      placeStage(Seat::First, 0);
      break;
  }
}

Seat Opening::seatOf(Stone colour) const {
  return colour == Stone::White ? otherSeat(blackSeat_) : blackSeat_;
}

Stone Opening::colourOf(Seat seat) const {
  return seat == blackSeat_ ? Stone::Black : Stone::White;
}

void Opening::placeStage(Seat seat, int area) {
  step_ = OpeningStep::Place;
  decider_ = seat;
  area_ = area;
  placeLeft_ = 1;
}

void Opening::offerSwap(Seat seat) {
  step_ = OpeningStep::SwapOffer;
  decider_ = seat;
}

OpeningError Opening::check(Seat seat, OpeningStep step) const {
  if (step_ == OpeningStep::Done) return OpeningError::Finished;
  if (step_ != step) return OpeningError::WrongStep;
  if (seat != decider_) return OpeningError::NotYourDecision;
  return OpeningError::None;
}

OpeningError Opening::place(Seat seat, Point p) {
  if (const OpeningError e = check(seat, OpeningStep::Place); e != OpeningError::None) return e;
  if (const OpeningError e = fromMoveError(game_.check(p)); e != OpeningError::None) return e;
  const int c = game_.size() / 2;
  if (area_ >= 0 && (std::abs(p.x - c) > area_ || std::abs(p.y - c) > area_))
    return OpeningError::OutsideArea;
  game_.play(p);
  history_.push_back({seat, OpeningEntryKind::Place, {p}, OpeningChoice::Keep, 0});
  if (--placeLeft_ > 0) {
    // Soosõrv-8's first three stones: each in its own square (centre, 3x3, 5x5).
    if (rule_ == OpeningRule::Soosorv8) area_ = game_.ply();
    return OpeningError::None;
  }
  const int ply = game_.ply();
  switch (rule_) {
    case OpeningRule::Swap:
      step_ = OpeningStep::ColourChoice;
      decider_ = Seat::Second;
      break;
    case OpeningRule::Swap2:
      if (ply == 3) {
        step_ = OpeningStep::Swap2Choice;
        decider_ = Seat::Second;
      } else {  // the two more stones of PlaceTwo: the first player chooses
        step_ = OpeningStep::ColourChoice;
        decider_ = Seat::First;
      }
      break;
    case OpeningRule::Soosorv8:
      if (ply == 3) {
        offerSwap(Seat::Second);
      } else {  // White's 4th move: it declares the number of 5th moves
        step_ = OpeningStep::DeclareCount;
        decider_ = seat;
      }
      break;
    case OpeningRule::Taraguchi10:
      // A swap offer after each of moves 1-4 and after a single 5th move.
      offerSwap(otherSeat(seat));
      break;
    case OpeningRule::None:
      step_ = OpeningStep::Done;
      break;
  }
  return OpeningError::None;
}

OpeningError Opening::choose(Seat seat, OpeningChoice choice) {
  const OpeningError e = decide(seat, choice);
  if (e == OpeningError::None) history_.push_back({seat, OpeningEntryKind::Choose, {}, choice, 0});
  return e;
}

OpeningError Opening::decide(Seat seat, OpeningChoice choice) {
  if (step_ == OpeningStep::Done) return OpeningError::Finished;
  const bool choosing = step_ == OpeningStep::SwapOffer || step_ == OpeningStep::ColourChoice ||
                        step_ == OpeningStep::Swap2Choice || step_ == OpeningStep::FifthChoice;
  if (!choosing) return OpeningError::WrongStep;
  if (seat != decider_) return OpeningError::NotYourDecision;
  const int ply = game_.ply();
  switch (step_) {
    case OpeningStep::SwapOffer: {
      if (choice != OpeningChoice::Keep && choice != OpeningChoice::Swap)
        return OpeningError::BadChoice;
      if (choice == OpeningChoice::Swap) blackSeat_ = otherSeat(blackSeat_);
      if (rule_ == OpeningRule::Soosorv8) {
        if (ply == 3)
          placeStage(seatOf(Stone::White), -1);  // the 4th move, anywhere
        else {
          step_ = OpeningStep::PlaceAlternatives;  // Black offers the declared 5th moves
          decider_ = seatOf(Stone::Black);
        }
      } else if (ply <= 3) {  // Taraguchi-10: the next move within the next square
        placeStage(seatOf(ply % 2 == 0 ? Stone::Black : Stone::White), ply);
      } else if (ply == 4) {
        step_ = OpeningStep::FifthChoice;
        decider_ = seatOf(Stone::Black);
      } else {
        step_ = OpeningStep::Done;  // after the single 5th move: White plays the 6th
      }
      return OpeningError::None;
    }
    case OpeningStep::Swap2Choice:
      if (choice == OpeningChoice::PlaceTwo) {
        placeStage(seat, -1);
        placeLeft_ = 2;
        return OpeningError::None;
      }
      [[fallthrough]];  // taking Black or White: as a colour choice
    case OpeningStep::ColourChoice:
      if (choice != OpeningChoice::TakeBlack && choice != OpeningChoice::TakeWhite)
        return OpeningError::BadChoice;
      blackSeat_ = choice == OpeningChoice::TakeBlack ? seat : otherSeat(seat);
      step_ = OpeningStep::Done;
      return OpeningError::None;
    case OpeningStep::FifthChoice:
      if (choice == OpeningChoice::OneFifth) {
        placeStage(seat, 4);  // within the central 9x9
        return OpeningError::None;
      }
      if (choice != OpeningChoice::TenFifths) return OpeningError::BadChoice;
      wanted_ = kTaraguchiFifths;
      step_ = OpeningStep::PlaceAlternatives;
      return OpeningError::None;
    default:
      break;
  }
  return OpeningError::WrongStep;
}

OpeningError Opening::declare(Seat seat, int n) {
  if (const OpeningError e = check(seat, OpeningStep::DeclareCount); e != OpeningError::None)
    return e;
  if (n < 1 || n > kMaxSoosorvFifths) return OpeningError::BadCount;
  wanted_ = n;
  history_.push_back({seat, OpeningEntryKind::Declare, {}, OpeningChoice::Keep, n});
  offerSwap(otherSeat(seat));
  return OpeningError::None;
}

OpeningError Opening::offer(Seat seat, const std::vector<Point>& points) {
  if (const OpeningError e = check(seat, OpeningStep::PlaceAlternatives); e != OpeningError::None)
    return e;
  if (static_cast<int>(points.size()) != wanted_) return OpeningError::BadCount;
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (const OpeningError e = fromMoveError(game_.check(points[i])); e != OpeningError::None)
      return e;
    for (std::size_t j = 0; j < i; ++j) {
      if (points[i] == points[j]) return OpeningError::Duplicate;
      if (symmetric(points[i], points[j])) return OpeningError::Symmetric;
    }
  }
  alternatives_ = points;
  history_.push_back({seat, OpeningEntryKind::Offer, points, OpeningChoice::Keep, 0});
  step_ = OpeningStep::ChooseAlternative;
  decider_ = seatOf(Stone::White);
  return OpeningError::None;
}

OpeningError Opening::pick(Seat seat, Point p) {
  if (const OpeningError e = check(seat, OpeningStep::ChooseAlternative); e != OpeningError::None)
    return e;
  if (std::find(alternatives_.begin(), alternatives_.end(), p) == alternatives_.end())
    return OpeningError::NotAnAlternative;
  game_.play(p);
  history_.push_back({seat, OpeningEntryKind::Pick, {p}, OpeningChoice::Keep, 0});
  step_ = OpeningStep::Done;  // White plays the 6th move
  return OpeningError::None;
}

OpeningError Opening::apply(const OpeningEntry& e) {
  switch (e.kind) {
    case OpeningEntryKind::Place:
      return e.points.size() == 1 ? place(e.seat, e.points.front()) : OpeningError::BadCount;
    case OpeningEntryKind::Choose:
      return choose(e.seat, e.choice);
    case OpeningEntryKind::Declare:
      return declare(e.seat, e.count);
    case OpeningEntryKind::Offer:
      return offer(e.seat, e.points);
    case OpeningEntryKind::Pick:
      return e.points.size() == 1 ? pick(e.seat, e.points.front()) : OpeningError::BadCount;
  }
  return OpeningError::WrongStep;
}

OpeningReplay replayOpening(OpeningRule rule, int size, Rule gameRule,
                            const std::vector<OpeningEntry>& history) {
  OpeningReplay r{Opening(rule, size, gameRule), 0, OpeningError::None};
  for (const OpeningEntry& e : history) {
    r.error = r.opening.apply(e);
    if (r.error != OpeningError::None) break;
    ++r.applied;
  }
  return r;
}

bool Opening::symmetric(Point a, Point b) const {
  if (a == b) return false;
  const Board& board = game_.board();
  const int n = board.size();
  const int c = n / 2;
  for (int t = 1; t < 8; ++t) {
    if (transform(a, c, t) != b) continue;
    bool keeps = true;
    for (int y = 0; y < n && keeps; ++y)
      for (int x = 0; x < n && keeps; ++x) {
        const Stone s = board.at({x, y});
        if (s == Stone::Empty) continue;
        const Point q = transform({x, y}, c, t);
        keeps = board.inside(q) && board.at(q) == s;
      }
    if (keeps) return true;
  }
  return false;
}

Stone openingClockSide(const Opening& o) {
  return o.done() ? o.game().toMove() : o.colourOf(o.decider());
}

std::int64_t timeOpeningDecision(GameClock& clock, const Opening& before, const Opening& after,
                                 std::int64_t nowMs, std::int64_t usedMs) {
  const bool swapped = before.colourOf(Seat::First) != after.colourOf(Seat::First);
  return clock.punchDecision(nowMs, openingClockSide(after), swapped, usedMs);
}

}  // namespace gomoku
