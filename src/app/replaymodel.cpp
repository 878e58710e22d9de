#include "app/replaymodel.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace gomoku::app {

Game PositionAt(const Record& record, int ply, Rule rule) {
  Game g(record.size, rule, record.foul.value_or(FoulPolicy::Lose));
  const int n = std::clamp(ply, 0, static_cast<int>(record.moves.size()));
  for (int k = 0; k < n; ++k) {
    const Point p = record.moves[static_cast<std::size_t>(k)];
    if (g.over()) {
      if (g.recordAfterEnd(p) != MoveError::None) break;
    } else if (g.play(p) != MoveError::None) {
      break;
    }
  }
  return g;
}

ReplayModel::ReplayModel(Record record, Rule rule)
    : record_(std::move(record)), rule_(rule), shown_(PositionAt(record_, 0, rule_)) {
  if (!record_.openingRule || record_.openingLog.empty()) return;
  // The decisions taken again through the rule, for the seats' colours at the end.
  std::optional<OpeningReplay> r;
  try {
    r = replayOpening(*record_.openingRule, record_.size, rule_, record_.openingLog);
  } catch (const std::invalid_argument&) {
    return;
  }
  int stones = 0;
  Seat offerer = Seat::First;
  for (std::size_t i = 0; i < r->applied; ++i) {
    const OpeningEntry& e = record_.openingLog[i];
    // A stone is placed by its seat; the 5th move chosen among alternatives by the seat that
    // offered it (the chooser is told by the Pick's sentence).
    if (e.kind == OpeningEntryKind::Place) placers_.push_back(r->opening.colourOf(e.seat));
    if (e.kind == OpeningEntryKind::Pick) placers_.push_back(r->opening.colourOf(offerer));
    if (e.kind == OpeningEntryKind::Offer) offerer = e.seat;
    if (e.kind == OpeningEntryKind::Place) {
      ++stones;
      continue;
    }
    ReplayDecision d{e, stones, r->opening.colourOf(e.seat), 0, 0};
    if (e.kind == OpeningEntryKind::Offer) {
      alternatives_ = e.points;
      alternativesAt_ = stones;
    } else if (e.kind == OpeningEntryKind::Pick) {
      d.atMove = ++stones;
      const auto it = std::find(alternatives_.begin(), alternatives_.end(), e.points.front());
      d.chosen = static_cast<int>(it - alternatives_.begin()) + 1;
      d.offered = static_cast<int>(alternatives_.size());
    }
    decisions_.push_back(d);
  }
}

std::vector<ReplayDecision> ReplayModel::decisionsAt(int ply) const {
  std::vector<ReplayDecision> out;
  for (const ReplayDecision& d : decisions_)
    if (d.atMove == ply) out.push_back(d);
  return out;
}

Stone ReplayModel::placedBy(int ply) const {
  return ply >= 1 && ply <= static_cast<int>(placers_.size())
             ? placers_[static_cast<std::size_t>(ply - 1)]
             : Stone::Empty;
}

std::vector<Point> ReplayModel::alternativesShown() const {
  const int ply = shown_.ply();
  if (alternativesAt_ < 0 || (ply != alternativesAt_ && ply != alternativesAt_ + 1)) return {};
  return alternatives_;
}

bool ReplayModel::seek(int ply) {
  try {
    shown_ = PositionAt(record_, ply, rule_);
  } catch (const std::invalid_argument&) {
    return false;  // checked by the constructor
  }
  return true;
}

std::optional<StatedResult> ReplayModel::stated() const {
  if (!record_.result) return std::nullopt;
  return StatedResult{*record_.result, record_.resultText, record_.foulResult};
}

bool ReplayModel::showsStatedResult() const {
  return shown_.ply() == total() && !shown_.over() && record_.result.has_value();
}

std::optional<Game> ReplayModel::continueGame(FoulPolicy foul) const {
  Game game;
  try {
    game = Game(record_.size, rule_, record_.foul.value_or(foul));
  } catch (const std::invalid_argument&) {
    return std::nullopt;
  }
  for (int k = 0; k < shown_.ply(); ++k)
    if (game.play(record_.moves[static_cast<std::size_t>(k)]) != MoveError::None) break;
  return game;
}

}  // namespace gomoku::app
