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
    : record_(std::move(record)), rule_(rule), shown_(PositionAt(record_, 0, rule_)) {}

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
