#include "app/gameupdates.h"

#include <algorithm>

namespace gomoku::app {

void GameWatcher::Reset() {
  ply_ = 0;
  ended_ = false;
}

std::vector<GameUpdate> GameWatcher::Update(const Game& game) {
  std::vector<GameUpdate> updates;
  const std::vector<Point>& moves = game.moves();
  int common = 0;
  const int shared = std::min({ply_, game.ply(), static_cast<int>(moves_.size())});
  while (common < shared &&
         moves[static_cast<std::size_t>(common)] == moves_[static_cast<std::size_t>(common)])
    ++common;
  if (common < ply_) {
    ply_ = common;
    updates.push_back({GameUpdate::Kind::TakenBack, common});
  }
  for (; ply_ < game.ply(); ++ply_) updates.push_back({GameUpdate::Kind::Moved, ply_ + 1});
  ply_ = game.ply();
  moves_ = moves;
  if (!game.over()) ended_ = false;  // undo reopened a finished game (C09)
  if (game.over()) {
    const Outcome outcome = game.result().outcome;
    const EndReason reason = game.result().reason;
    if (!ended_ || outcome != endOutcome_ || reason != endReason_) {
      updates.push_back(
          {ended_ ? GameUpdate::Kind::ResultChanged : GameUpdate::Kind::Ended, game.ply()});
      ++results_;
    }
    ended_ = true;
    endOutcome_ = outcome;
    endReason_ = reason;
  }
  return updates;
}

}  // namespace gomoku::app
