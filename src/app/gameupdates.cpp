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

void MatchWatcher::Reset() {
  *this = MatchWatcher();
}

MatchUpdate MatchWatcher::Update(const net::NetSnapshot& snap) {
  MatchUpdate u;
  if (snap.phase == net::NetPhase::Listening && !listening_) {
    listening_ = true;
    u.listening = true;
  }
  // The first game, and each one after "Play again" (colours swapped).
  const int number = std::max(snap.gameNumber, 1);
  if (snap.phase == net::NetPhase::InMatch && snap.localColor != Stone::Empty &&
      snap.match != net::MatchPhase::Handshake && number > gameNumber_) {
    started_ = true;
    gameNumber_ = number;
    u.started = true;
    u.gameNumber = number;
  }
  const bool suspended =
      started_ && snap.phase == net::NetPhase::InMatch && snap.match == net::MatchPhase::Suspended;
  for (; started_ && suspensions_ < snap.suspensions; ++suspensions_) {
    ++u.suspended;
    resumed_ = false;
  }
  if (!resumed_ && !suspended && snap.match != net::MatchPhase::Closed) {
    resumed_ = true;
    u.resumed = true;
  }
  if (started_) {
    for (; chat_ < snap.chat.size(); ++chat_) u.chat.push_back(snap.chat[chat_]);
  }
  if (snap.notice != notice_) {
    notice_ = snap.notice;
    u.notice = snap.notice;
  }
  if (started_ && snap.match == net::MatchPhase::Closed) {
    u.closed = !closed_;
    closed_ = true;
  }
  return u;
}

}  // namespace gomoku::app
