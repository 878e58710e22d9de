#include "ai/external_engine.h"

#include <chrono>

namespace gomoku::ai {

namespace {

std::int64_t turnMs(const Limits& limits) {
  return limits.turnTimeMs > 0 ? limits.turnTimeMs : 5000;
}

}  // namespace

int gomocupRule(Rule rule) {
  switch (rule) {
    case Rule::Renju:
      return 4;
    case Rule::Standard:
      return 1;
    default:
      return 0;
  }
}

ExternalEngine::ExternalEngine(std::string path, std::vector<std::string> args,
                               ExternalTimeouts timeouts)
    : path_(std::move(path)), args_(std::move(args)), timeouts_(timeouts) {}

ExternalEngine::~ExternalEngine() {
  stop();
  end();
}

void ExternalEngine::dropClient(std::int64_t graceMs) {
  if (client_) client_->end(graceMs);
  client_.reset();
}

bool ExternalEngine::ensure(int size, Rule rule, const Limits& limits, std::string& error) {
  if (client_ && (clientSize_ != size || clientRule_ != rule || !client_->alive()))
    dropClient(timeouts_.endMs);
  if (!client_) {
    client_ = std::make_unique<PbrainClient>();
    client_->setCancelFlag(&cancel_);
    clientSize_ = size;
    clientRule_ = rule;
    clientTurnMs_ = -1;
    if (!client_->launch(path_, args_, error) || !client_->start(size, timeouts_.startMs, error)) {
      dropClient(0);  // a broken engine is not reused
      return false;
    }
    client_->info("timeout_match",
                  std::to_string(limits.timeLeftMs > 0 ? limits.timeLeftMs : std::int64_t{0}));
    client_->info("max_memory", std::to_string(limits.memoryBytes));
    client_->info("rule", std::to_string(gomocupRule(rule)));
    client_->info("thread_num", std::to_string(std::max(1, limits.threads)));
  }
  if (clientTurnMs_ != turnMs(limits)) {
    clientTurnMs_ = turnMs(limits);
    client_->info("timeout_turn", std::to_string(clientTurnMs_));
  }
  // A game clock: what is left of it before each move, as Gomocup managers send it.
  if (limits.timeLeftMs >= 0) client_->info("time_left", std::to_string(limits.timeLeftMs));
  return true;
}

bool ExternalEngine::open(int size, Rule rule, const Limits& limits, std::string& error) {
  stop();
  return ensure(size, rule, limits, error);
}

Swap2Reply ExternalEngine::swap2board(const std::vector<Point>& stones, int size, Rule rule,
                                      const Limits& limits) {
  stop();
  Swap2Reply r;
  if (!ensure(size, rule, limits, r.text)) return r;
  r = client_->swap2board(stones, turnMs(limits) + timeouts_.graceMs);
  if (r.kind != Swap2Reply::Kind::Stones && r.kind != Swap2Reply::Kind::Swap)
    dropClient(r.kind == Swap2Reply::Kind::NoAnswer ? 0 : timeouts_.endMs);
  return r;
}

void ExternalEngine::start(const std::vector<Point>& moves, int size, Rule rule,
                           const Limits& limits, Callbacks cb) {
  stop();
  cancel_ = false;
  busy_ = true;
  thread_ = std::thread([this, moves, size, rule, limits, cb = std::move(cb)] {
    const auto t0 = std::chrono::steady_clock::now();
    SearchResult r;
    std::string error;
    if (ensure(size, rule, limits, error)) {
      if (auto m = client_->board(moves, turnMs(limits) + timeouts_.graceMs, error)) r.move = m;
    }
    if (r.move) {
      r.reason = "external";
    } else {
      if (error.empty()) error = "cancelled";
      r.reason = "external engine failed";
      r.error = error;
      // A broken engine is not reused; one cancelled while it thinks about a position nobody
      // wants is killed at once.
      dropClient(cancel_ ? 0 : 300);
    }
    r.elapsedMs =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0)
            .count();
    if (cb.onDone) cb.onDone(r);
    busy_ = false;
  });
}

void ExternalEngine::start(const Board& board, Stone toMove, Rule rule, const Limits& limits,
                           Callbacks cb) {
  std::vector<Point> black, white;
  for (int y = 0; y < board.size(); ++y)
    for (int x = 0; x < board.size(); ++x) {
      const Stone s = board.at({x, y});
      if (s == Stone::Black) black.push_back({x, y});
      if (s == Stone::White) white.push_back({x, y});
    }
  (void)toMove;  // the colours alternate from Black: the side to move follows from the count
  std::vector<Point> moves;
  for (std::size_t i = 0; i < black.size() || i < white.size(); ++i) {
    if (i < black.size()) moves.push_back(black[i]);
    if (i < white.size()) moves.push_back(white[i]);
  }
  start(moves, board.size(), rule, limits, std::move(cb));
}

void ExternalEngine::stop() {
  if (!thread_.joinable()) return;
  cancel_ = true;  // a waiting call returns within 10 ms
  if (std::this_thread::get_id() == thread_.get_id()) return;  // inside onDone: only ask
  thread_.join();
  cancel_ = false;
  busy_ = false;
}

void ExternalEngine::wait() {
  if (thread_.joinable() && std::this_thread::get_id() != thread_.get_id()) thread_.join();
}

void ExternalEngine::end() {
  stop();
  if (thread_.joinable()) return;  // called from onDone: the thread still uses the client
  dropClient(timeouts_.endMs);
}

}  // namespace gomoku::ai
