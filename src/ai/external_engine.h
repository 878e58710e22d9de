#pragma once
/// @file An external Gomocup engine (any pbrain-* executable) as a computer opponent, with the
/// contract of ai::Engine: start() returns at once, the answer comes through Callbacks on a
/// thread of its own, stop() ends a search. The process is started on first use (START size,
/// INFO timeout_turn / timeout_match / max_memory / rule) and kept running between moves; it is
/// started again when the board size or rule changes or it has died. Each move is asked with
/// BOARD (the whole position), so takebacks need nothing special. Source of the protocol:
/// "Gomoku AI protocol" (plastovicka.github.io/protocl2en.htm). Coordinates: x = column,
/// y = row, 0-based.

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "ai/engine.h"
#include "ai/pbrain_client.h"
#include "core/rules.h"

namespace gomoku::ai {

/// The INFO rule value for our rules: freestyle 0, standard (exactly five) 1, renju 4 (the
/// inverse of ruleFromGomocup).
int gomocupRule(Rule rule);

/// Timing of the conversation with the engine.
struct ExternalTimeouts {
  std::int64_t startMs = 15000;  ///< launch and START until OK, milliseconds
  std::int64_t graceMs = 5000;   ///< a move may take Limits::turnTimeMs plus this, milliseconds
  std::int64_t endMs = 500;      ///< after END, before the process is killed, milliseconds
};

/// A pbrain engine on its own thread. All methods are for one owner thread.
class ExternalEngine {
 public:
  /// An engine for the executable `path` (UTF-8) started with `args`; nothing runs yet.
  explicit ExternalEngine(std::string path, std::vector<std::string> args = {},
                          ExternalTimeouts timeouts = {});
  /// Stops a running search and ends the process (END, then a kill).
  ~ExternalEngine();
  ExternalEngine(const ExternalEngine&) = delete;
  ExternalEngine& operator=(const ExternalEngine&) = delete;

  /// Starts the process now, on this thread, for a `size` board under `rule` (launch, START,
  /// the INFO lines of `limits`), so that a bad path is reported before a game begins. Returns
  /// false with `error` set (e.g. "cannot start PATH: No such file or directory"). start() does
  /// the same by itself when needed.
  bool open(int size, Rule rule, const Limits& limits, std::string& error);
  /// Asks the engine for the move of the side to move after `moves` (playing order, Black
  /// first) on a `size` board under `rule`. Limits used: turnTimeMs (INFO timeout_turn; 0 =
  /// 5000 ms), timeLeftMs (INFO timeout_match; -1 = 0, no limit), memoryBytes (INFO
  /// max_memory). A running search is stopped first (its onDone still runs). onDone runs once on
  /// the engine thread: result.move set on success; otherwise no move, result.reason
  /// "external engine failed" and result.error the reason (PbrainClient's sentences, e.g.
  /// "cannot start PATH: ...", "the engine did not answer within N ms", or "cancelled" after
  /// stop()). The move is not checked against the rule: the caller judges it. onInfo is not
  /// used. A failed engine is ended and started again by the next start().
  void start(const std::vector<Point>& moves, int size, Rule rule, const Limits& limits,
             Callbacks cb);
  /// As ai::Engine::start: the stones of `board` are sent in an order that alternates the
  /// colours (Black first), which is all BOARD needs. `toMove` must be the colour with fewer
  /// stones (Black when equal).
  void start(const Board& board, Stone toMove, Rule rule, const Limits& limits, Callbacks cb);
  /// Asks the engine for its swap2 decision with SWAP2BOARD (PbrainClient::swap2board), on this
  /// thread: `stones` are the opening's so far (playing order) on a `size` board under `rule`;
  /// the answer may take Limits::turnTimeMs (0 = 5000 ms) plus ExternalTimeouts::graceMs. A
  /// running search is stopped first. Any reply but points or SWAP ends the process (its output
  /// may be out of step now); the next start() launches it again.
  Swap2Reply swap2board(const std::vector<Point>& stones, int size, Rule rule,
                        const Limits& limits);
  /// Ends a running search: the engine, thinking about a position nobody wants, is killed (the
  /// next start() launches it again); onDone gets the error "cancelled". Waits for the thread.
  /// Safe when idle.
  void stop();
  /// Waits until the running search ends by itself (no-op when idle).
  void wait();
  /// Ends the process (END, then a kill after ExternalTimeouts::endMs). Safe when none runs.
  void end();
  /// True while a search thread exists (between start and the end of its onDone).
  bool running() const { return busy_.load(); }
  /// The executable.
  const std::string& path() const { return path_; }

 private:
  // Launches and STARTs the process unless one runs for this size and rule; sends the INFO
  // lines. Runs on the engine thread, or on the owner's when none runs.
  bool ensure(int size, Rule rule, const Limits& limits, std::string& error);
  void dropClient(std::int64_t graceMs);

  std::string path_;
  std::vector<std::string> args_;
  ExternalTimeouts timeouts_;
  std::thread thread_;
  std::atomic<bool> cancel_{false};
  std::atomic<bool> busy_{false};
  // Used by the engine thread while it runs, by the owner otherwise.
  std::unique_ptr<PbrainClient> client_;
  int clientSize_ = 0;
  Rule clientRule_ = Rule::Freestyle;
  std::int64_t clientTurnMs_ = -1;  // the INFO timeout_turn last sent
};

}  // namespace gomoku::ai
