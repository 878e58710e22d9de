#pragma once
/// @file The computer player in the GUI: runs ai::Engine (or an external Gomocup engine, an
/// ai::ExternalEngine) on its own thread and delivers the result on the GUI thread with CallAfter,
/// guarded against a closed window and against results of searches that were cancelled
/// meanwhile (new game, window closed: case C19c).

#include <algorithm>
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "ai/engine.h"
#include "ai/external_engine.h"
#include "ai/opening_player.h"
#include "core/game.h"
#include "core/opening.h"
#include "session/localsession.h"

namespace gomoku::app {

/// Owns one engine. All methods are for the GUI thread.
class EngineController {
 public:
  /// Called on the GUI thread with the engine's answer. `error` is empty on success; otherwise
  /// it says why an external engine gave no move (the result then has no move).
  using Done = std::function<void(const ai::SearchResult&, const std::string& error)>;

  /// `alive` is the window's flag: false once it is closing (results are then dropped).
  explicit EngineController(std::shared_ptr<bool> alive);
  /// Stops and joins a running search (its result is dropped) and ends an external engine.
  ~EngineController();
  EngineController(const EngineController&) = delete;
  EngineController& operator=(const EngineController&) = delete;

  /// Starts thinking for the side to move of `game` at `level` (1..5); `done` runs later on
  /// the GUI thread unless Stop() or another Think() comes first. The game must be running.
  /// `externalPath` non-empty: ask that pbrain executable instead of the built-in engine (it is
  /// started on first use and kept running between moves). `clock`: a game clock's limits for
  /// this move (session::applyClock), or nullptr for the level's time alone.
  void Think(const Game& game, int level, Done done, const std::string& externalPath = {},
             const session::ComputerRequest* clock = nullptr);
  /// Called on the GUI thread with our engine's decision at an opening's step.
  using OpeningDone = std::function<void(const ai::OpeningDecision&)>;
  /// Starts ai::decideOpening for `opening`'s decider on a worker thread (the built-in engine
  /// always; a short search, about a second); `done` runs later on the GUI thread unless Stop(),
  /// Think() or another DecideOpening() comes first. The opening must not be done.
  /// `budgetMs` > 0: the decision's time on the clock (ai::decideOpening).
  void DecideOpening(const Opening& opening, std::int64_t budgetMs, OpeningDone done);
  /// Called on the GUI thread after each completed iteration of the built-in engine (while
  /// the search it belongs to is still wanted). Set before Think().
  void SetProgress(std::function<void(const ai::SearchInfo&)> progress) {
    progress_ = std::move(progress);
  }
  /// Ends the search (the built-in engine within 50 ms; an external engine thinking now is
  /// killed) and drops its result. Safe when idle.
  void Stop();
  /// Ends an external engine (END, then a kill after a grace period). Safe when none runs.
  void EndExternal();
  /// True from Think() until its result was delivered or Stop() was called.
  bool Busy() const { return busy_; }

  /// Search threads for the following Think() calls (1 or more; ai::Limits::threads), also
  /// told to an external engine (INFO thread_num) when it starts.
  void SetThreads(int threads) { threads_ = std::max(1, threads); }

  /// Milliseconds per move the GUI gives the engine at `level`.
  static std::int64_t MoveTimeMs(int level);

 private:
  ai::Engine engine_;
  std::unique_ptr<ai::ExternalEngine> external_;  // kept running between moves
  std::shared_ptr<bool> alive_;
  std::shared_ptr<int> token_ = std::make_shared<int>(0);  // bumped by Think and Stop
  bool busy_ = false;
  int threads_ = 1;
  std::function<void(const ai::SearchInfo&)> progress_;
  // DecideOpening's threads: each sets its flag when it has finished; the finished ones are
  // joined when the next starts, the others on destruction (a decision cannot be interrupted).
  struct Worker {
    std::thread thread;
    std::shared_ptr<std::atomic<bool>> finished;
  };
  std::vector<Worker> workers_;
};

}  // namespace gomoku::app
