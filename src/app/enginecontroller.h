#pragma once
/// @file The computer player in the GUI: runs ai::Engine on its own thread and delivers the
/// result on the GUI thread with CallAfter, guarded against a closed window and against results
/// of searches that were cancelled meanwhile (new game, takeback, window closed: case C19c).

#include <functional>
#include <memory>

#include "ai/engine.h"
#include "core/game.h"

namespace gomoku::app {

/// Owns one engine. All methods are for the GUI thread.
class EngineController {
 public:
  /// Called on the GUI thread with the engine's answer.
  using Done = std::function<void(const ai::SearchResult&)>;

  /// `alive` is the window's flag: false once it is closing (results are then dropped).
  explicit EngineController(std::shared_ptr<bool> alive);
  /// Stops and joins a running search; its result is dropped.
  ~EngineController();
  EngineController(const EngineController&) = delete;
  EngineController& operator=(const EngineController&) = delete;

  /// Starts thinking for the side to move of `game` at `level` (1..5); `done` runs later on
  /// the GUI thread unless Stop() or another Think() comes first. The game must be running.
  void Think(const Game& game, int level, Done done);
  /// Ends the search (within 50 ms) and drops its result. Safe when idle.
  void Stop();
  /// True from Think() until its result was delivered or Stop() was called.
  bool Busy() const { return busy_; }

  /// Milliseconds per move the GUI gives the engine at `level`.
  static std::int64_t MoveTimeMs(int level);

 private:
  ai::Engine engine_;
  std::shared_ptr<bool> alive_;
  std::shared_ptr<int> token_ = std::make_shared<int>(0);  // bumped by Think and Stop
  bool busy_ = false;
};

}  // namespace gomoku::app
