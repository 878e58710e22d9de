#include "app/enginecontroller.h"

#include <algorithm>

#include <wx/app.h>

namespace gomoku::app {

EngineController::EngineController(std::shared_ptr<bool> alive) : alive_(std::move(alive)) {}

EngineController::~EngineController() {
  Stop();
}

std::int64_t EngineController::MoveTimeMs(int level) {
  static constexpr std::int64_t kMs[] = {300, 600, 1200, 2500, 5000};
  return kMs[std::clamp(level, ai::kMinLevel, ai::kMaxLevel) - 1];
}

void EngineController::Think(const Game& game, int level, Done done) {
  Stop();
  const int token = ++*token_;
  busy_ = true;
  ai::Limits limits;
  limits.level = level;
  limits.turnTimeMs = MoveTimeMs(level);
  limits.memoryBytes = 64u << 20;
  limits.seed = static_cast<std::uint64_t>(game.ply()) * 7919 + 1;
  ai::Callbacks cb;
  // Runs on the engine thread: it only queues a call; the GUI thread checks that the window
  // still exists and that this search was not cancelled before touching anything.
  std::shared_ptr<bool> alive = alive_;
  std::shared_ptr<int> current = token_;
  cb.onDone = [this, alive, current, token, done = std::move(done)](const ai::SearchResult& r) {
    if (!wxTheApp) return;
    wxTheApp->CallAfter([this, alive, current, token, done, r] {
      if (!*alive || *current != token) return;
      busy_ = false;
      done(r);
    });
  };
  engine_.start(game.board(), game.toMove(), game.rule(), limits, std::move(cb));
}

void EngineController::Stop() {
  ++*token_;  // a result already queued is dropped
  busy_ = false;
  engine_.stop();
}

}  // namespace gomoku::app
