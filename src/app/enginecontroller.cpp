#include "app/enginecontroller.h"

#include <algorithm>

#include <wx/app.h>

namespace gomoku::app {

EngineController::EngineController(std::shared_ptr<bool> alive) : alive_(std::move(alive)) {}

EngineController::~EngineController() {
  Stop();
  EndExternal();
  for (Worker& w : workers_) w.thread.join();
}

std::int64_t EngineController::MoveTimeMs(int level) {
  static constexpr std::int64_t kMs[] = {300, 600, 1200, 2500, 5000};
  return kMs[std::clamp(level, ai::kMinLevel, ai::kMaxLevel) - 1];
}

void EngineController::Think(const Game& game, int level, Done done,
                             const std::string& externalPath,
                             const session::ComputerRequest* clock) {
  Stop();
  const int token = ++*token_;
  busy_ = true;
  // Runs on the engine (or worker) thread: it only queues a call; the GUI thread checks that
  // the window still exists and that this search was not cancelled before touching anything.
  std::shared_ptr<bool> alive = alive_;
  std::shared_ptr<int> current = token_;
  auto deliver = [this, alive, current, token, done](const ai::SearchResult& r,
                                                     const std::string& error) {
    if (!wxTheApp) return;
    wxTheApp->CallAfter([this, alive, current, token, done, r, error] {
      if (!*alive || *current != token) return;
      busy_ = false;
      done(r, error);
    });
  };
  const std::int64_t ms = MoveTimeMs(level);
  if (!externalPath.empty()) {
    if (external_ && external_->path() != externalPath) EndExternal();
    if (!external_) external_ = std::make_unique<ai::ExternalEngine>(externalPath);
    ai::Limits limits;
    limits.level = level;
    limits.turnTimeMs = ms;
    limits.memoryBytes = 256u << 20;
    limits.threads = threads_;
    if (clock) session::applyClock(*clock, limits);
    ai::Callbacks cb;
    // A failed engine answers with result.error set; the engine is started again next time.
    cb.onDone = [deliver](const ai::SearchResult& r) { deliver(r, r.error); };
    external_->start(game.moves(), game.size(), game.rule(), limits, std::move(cb));
    return;
  }
  ai::Limits limits;
  limits.level = level;
  limits.turnTimeMs = ms;
  limits.memoryBytes = 64u << 20;
  limits.threads = threads_;
  limits.seed = static_cast<std::uint64_t>(game.ply()) * 7919 + 1;
  if (clock) session::applyClock(*clock, limits);
  ai::Callbacks cb;
  cb.onDone = [deliver](const ai::SearchResult& r) { deliver(r, {}); };
  if (progress_) {
    cb.onInfo = [this, alive, current, token, progress = progress_](const ai::SearchInfo& info) {
      if (!wxTheApp) return;
      wxTheApp->CallAfter([this, alive, current, token, progress, info] {
        if (!*alive || *current != token || !busy_) return;
        progress(info);
      });
    };
  }
  engine_.start(game.board(), game.toMove(), game.rule(), limits, std::move(cb));
}

void EngineController::DecideOpening(const Opening& opening, std::int64_t budgetMs,
                                     OpeningDone done) {
  Stop();
  const int token = ++*token_;
  busy_ = true;
  // Threads that have finished are joined now (at once); the others run on.
  std::erase_if(workers_, [](Worker& w) {
    if (!w.finished->load()) return false;
    w.thread.join();
    return true;
  });
  std::shared_ptr<bool> alive = alive_;
  std::shared_ptr<int> current = token_;
  auto finished = std::make_shared<std::atomic<bool>>(false);
  // The worker only reads its own copy of the opening and queues a call; the GUI thread checks
  // that the window still exists and that this decision is still wanted before using it.
  std::thread thread([this, alive, current, token, done, finished, opening, budgetMs] {
    const ai::OpeningDecision d = ai::decideOpening(opening, ai::kOpeningNodes, budgetMs);
    if (wxTheApp)
      wxTheApp->CallAfter([this, alive, current, token, done, d] {
        if (!*alive || *current != token) return;
        busy_ = false;
        done(d);
      });
    finished->store(true);
  });
  workers_.push_back({std::move(thread), std::move(finished)});
}

void EngineController::Stop() {
  ++*token_;  // a result already queued is dropped
  busy_ = false;
  engine_.stop();
  // An external engine thinking now is killed (it is started again by the next Think).
  if (external_) external_->stop();
}

void EngineController::EndExternal() {
  if (external_) external_->end();
  external_.reset();
}

}  // namespace gomoku::app
