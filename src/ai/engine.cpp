#include "ai/engine.h"

#include <algorithm>
#include <memory>
#include <thread>
#include <vector>

#include "ai/search.h"

namespace gomoku::ai {

const char* levelName(int level) {
  static const char* const kNames[] = {"Beginner", "Casual", "Intermediate", "Expert", "Master"};
  return kNames[std::clamp(level, kMinLevel, kMaxLevel) - 1];
}

int defaultThreads() {
  const unsigned cores = std::thread::hardware_concurrency();
  return cores > 1 ? static_cast<int>(cores) - 1 : 1;
}

std::int64_t turnWithMargin(std::int64_t hardLimitMs) {
  return std::max<std::int64_t>(10,
                                hardLimitMs - std::clamp<std::int64_t>(hardLimitMs / 8, 25, 60));
}

void applyEngineTime(const EngineTime& time, Limits& limits) {
  if (time.timeLeftMs >= 0) limits.timeLeftMs = time.timeLeftMs;
  // The clock's limit is hard: the search gets it less a margin for stopping.
  if (time.turnMs > 0) {
    const std::int64_t turn = turnWithMargin(time.turnMs);
    limits.turnTimeMs = limits.turnTimeMs > 0 ? std::min(limits.turnTimeMs, turn) : turn;
  }
}

SearchResult think(const Board& board, Stone toMove, Rule rule, const Limits& limits,
                   const std::atomic<bool>* stop,
                   const std::function<void(const SearchInfo&)>& onInfo) {
  auto searcher = std::make_unique<Searcher>(board, toMove, rule, limits, stop);
  const int threads =
      levelParams(limits.level).noise > 0 ? 1 : std::clamp(limits.threads, 1, kMaxThreads);
  if (threads == 1) return searcher->run(onInfo);
  // Lazy SMP: helpers search the same position at staggered depths and fill the shared tables;
  // the main search's result is the answer. They stop when it ends.
  std::atomic<bool> helpersStop{false};
  std::vector<std::unique_ptr<Searcher>> helpers;
  std::vector<std::thread> pool;
  for (int k = 1; k < threads; ++k) {
    helpers.push_back(
        std::make_unique<Searcher>(board, toMove, rule, limits, &helpersStop, searcher.get()));
    pool.emplace_back([h = helpers.back().get(), k] { h->runHelper(k); });
  }
  SearchResult r = searcher->run(onInfo);
  helpersStop.store(true);
  for (std::thread& t : pool) t.join();
  // A helper that completed a deeper iteration than the main search has the better move.
  const Searcher* deepest = nullptr;
  for (const auto& h : helpers) {
    r.nodes += h->nodes();
    if (r.reason == "search" && h->helperDepth() > r.depth &&
        (!deepest || h->helperDepth() > deepest->helperDepth()))
      deepest = h.get();
  }
  if (deepest) {  // its first move is legal (runHelper keeps only such iterations)
    const int m = deepest->helperPv().front();
    r.move = Point{cellX(m), cellY(m)};
    r.depth = deepest->helperDepth();
    r.score = deepest->helperScore();
    r.forcedWin = r.score >= kWinScore;
    r.pv.clear();
    for (int i : deepest->helperPv()) r.pv.push_back({cellX(i), cellY(i)});
  }
  return r;
}

std::vector<Point> findVcf(const Board& board, Stone attacker, Rule rule, std::uint64_t maxNodes,
                           std::int64_t timeMs) {
  Limits limits;
  limits.maxNodes = maxNodes;
  limits.turnTimeMs = timeMs > 0 ? timeMs + timeMs / 9 + 23 : 0;  // undo the safety margin
  limits.memoryBytes = 16u << 20;
  if (!maxNodes && timeMs <= 0) limits.maxNodes = 1000000;
  auto searcher = std::make_unique<Searcher>(board, attacker, rule, limits, nullptr);
  std::vector<Point> out;
  for (int i : searcher->vcfRoot(attacker == Stone::White ? kWhite : kBlack, 0))
    out.push_back({cellX(i), cellY(i)});
  return out;
}

Engine::~Engine() {
  stop();
}

void Engine::start(const Board& board, Stone toMove, Rule rule, const Limits& limits,
                   Callbacks cb) {
  stop();
  std::lock_guard<std::mutex> lock(mu_);
  stop_.store(false);
  busy_.store(true);
  thread_ = std::thread([this, board, toMove, rule, limits, cb = std::move(cb)] {
    SearchResult r = think(board, toMove, rule, limits, &stop_, cb.onInfo);
    if (cb.onDone) cb.onDone(r);
    busy_.store(false);
  });
}

void Engine::stop() {
  stop_.store(true);
  std::lock_guard<std::mutex> lock(mu_);
  if (thread_.joinable()) {
    if (thread_.get_id() == std::this_thread::get_id()) return;  // from a callback: only ask
    thread_.join();
  }
}

void Engine::wait() {
  std::lock_guard<std::mutex> lock(mu_);
  if (thread_.joinable() && thread_.get_id() != std::this_thread::get_id()) thread_.join();
}

}  // namespace gomoku::ai
