#include "app/enginecontroller.h"

#include <algorithm>

#include <wx/app.h>

namespace gomoku::app {

EngineController::EngineController(std::shared_ptr<bool> alive) : alive_(std::move(alive)) {}

EngineController::~EngineController() {
  Stop();
  EndExternal();
}

std::int64_t EngineController::MoveTimeMs(int level) {
  static constexpr std::int64_t kMs[] = {300, 600, 1200, 2500, 5000};
  return kMs[std::clamp(level, ai::kMinLevel, ai::kMaxLevel) - 1];
}

void EngineController::Think(const Game& game, int level, Done done,
                             const std::string& externalPath) {
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
    if (client_ && (clientPath_ != externalPath || clientSize_ != game.size() ||
                    clientRule_ != game.rule() || !client_->alive()))
      EndExternal();
    cancel_ = false;
    workerDone_ = false;
    worker_ = std::thread([this, deliver, externalPath, moves = game.moves(), size = game.size(),
                           rule = game.rule(), ms] {
      ai::SearchResult r;
      std::string error;
      if (!client_) {
        client_ = std::make_unique<ai::PbrainClient>();
        client_->setCancelFlag(&cancel_);
        clientPath_ = externalPath;
        clientSize_ = size;
        clientRule_ = rule;
        if (client_->launch(externalPath, {}, error) && client_->start(size, 15000, error)) {
          client_->info("timeout_turn", std::to_string(ms));
          client_->info("timeout_match", "0");
          client_->info("max_memory", std::to_string(256u << 20));
          client_->info("rule", rule == Rule::Renju ? "4" : rule == Rule::Standard ? "1" : "0");
        }
      }
      if (error.empty()) {
        if (auto m = client_->board(moves, ms + 5000, error)) r.move = m;
      }
      if (!error.empty()) {
        r.reason = "external engine failed";
        if (!cancel_) client_->end(300);  // a broken engine is not reused
      }
      if (!cancel_) deliver(r, error);
      workerDone_ = true;
    });
    return;
  }
  ai::Limits limits;
  limits.level = level;
  limits.turnTimeMs = ms;
  limits.memoryBytes = 64u << 20;
  limits.seed = static_cast<std::uint64_t>(game.ply()) * 7919 + 1;
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

void EngineController::JoinWorker() {
  if (worker_.joinable()) worker_.join();
}

void EngineController::Stop() {
  ++*token_;  // a result already queued is dropped
  busy_ = false;
  engine_.stop();
  if (worker_.joinable() && workerDone_) JoinWorker();
  if (worker_.joinable()) {
    cancel_ = true;  // the worker's wait returns within 10 ms
    JoinWorker();
    // The engine is still thinking about a position nobody wants: end it.
    if (client_) client_->end(0);
    client_.reset();
    cancel_ = false;
  }
}

void EngineController::EndExternal() {
  JoinWorker();
  if (client_) client_->end(500);
  client_.reset();
}

}  // namespace gomoku::app
