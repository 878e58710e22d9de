#pragma once
/// @file The computer opponent: a gomoku/renju search engine with a chess-engine style facade.
/// Search: pattern evaluation on lines (4 cells either side of a point), VCF (victory by
/// continuous fours) threat-space search, alpha-beta (PVS) with iterative deepening, a Zobrist
/// transposition table and threat-based move ordering. Rules: freestyle, standard, renju (RIF;
/// Black never plays a forbidden point, White uses Black's forbidden points in its threats).
/// No I/O, no printing. Coordinates: x = column, y = row, 0-based.

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/board.h"
#include "core/clock.h"
#include "core/rules.h"

namespace gomoku::ai {

/// Weakest level (Beginner).
inline constexpr int kMinLevel = 1;
/// Strongest level (Master).
inline constexpr int kMaxLevel = 5;

/// "Beginner", "Casual", "Intermediate", "Expert", "Master" for levels 1..5.
const char* levelName(int level);

/// Most search threads a search uses (Limits::threads is clamped to 1..kMaxThreads).
inline constexpr int kMaxThreads = 64;
/// The default number of search threads for a player's computer: its cores less one, at least 1.
int defaultThreads();

/// Limits of one search. Zero means "no limit" for each field except where noted.
struct Limits {
  std::int64_t turnTimeMs = 0;   ///< time for this move in milliseconds (0 = none)
  std::int64_t timeLeftMs = -1;  ///< time left in the whole game, milliseconds (-1 = unknown)
  int maxDepth = 0;              ///< deepest full-width iteration in plies (0 = level default)
  std::uint64_t maxNodes = 0;    ///< node limit; with no time limit the search is deterministic
  std::size_t memoryBytes = 16u << 20;  ///< bytes for the transposition table (and VCF table)
  int level = kMaxLevel;   ///< kMinLevel..kMaxLevel; lower levels search less and add noise
  std::uint64_t seed = 1;  ///< seed for the level noise (same seed, same choices)
  /// Search threads (lazy SMP: helpers share the tables with the main search); 1 = a single
  /// thread, deterministic with a node limit. Levels with noise (1..3) always use one thread.
  int threads = 1;
};

/// Progress of a running search (after each completed iteration).
struct SearchInfo {
  int depth = 0;               ///< iteration depth in plies
  int score = 0;               ///< score for the side to move (kWinScore-ish for a forced win)
  std::uint64_t nodes = 0;     ///< nodes searched so far (alpha-beta and VCF)
  std::int64_t elapsedMs = 0;  ///< time since the start, milliseconds
  std::vector<Point> pv;       ///< principal variation, first move first
};

/// Scores at or above this (in absolute value) mean a forced win or loss.
inline constexpr int kWinScore = 20000;

/// The outcome of a search.
struct SearchResult {
  std::optional<Point> move;   ///< the move to play; empty = no legal move: resign / pass
  int score = 0;               ///< score for the side to move
  int depth = 0;               ///< deepest completed iteration
  std::uint64_t nodes = 0;     ///< nodes searched
  std::int64_t elapsedMs = 0;  ///< time used, milliseconds
  bool forcedWin = false;      ///< a forced win was found (five, open four or VCF)
  std::string reason;          ///< short text: "five", "block", "vcf", "search", "no legal move"...
  std::vector<Point> pv;       ///< principal variation (for a VCF: the whole sequence)
  std::string error;  ///< why an external engine gave no move (ExternalEngine); empty otherwise
};

/// A hard limit for one move less a safety margin for the search's stopping and the caller's
/// latency (an eighth of it, 25 to 60 ms; at least 10 ms left): the Limits::turnTimeMs to
/// give a search that must answer within `hardLimitMs` milliseconds.
std::int64_t turnWithMargin(std::int64_t hardLimitMs);

/// Puts a side's clock (core/clock.h's EngineTime, as GameClock::engineTime gives it) into an
/// engine's limits: time_left when the clock sets one, and the move's own limit less the
/// safety margin (turnWithMargin) when shorter than the turn time `limits` already has.
void applyEngineTime(const EngineTime& time, Limits& limits);

/// Searches the position synchronously and returns the move for `toMove`. The board must hold
/// no five already. `stop` (optional) ends the search early when set; `onInfo` is called on
/// this thread after each iteration. Never returns an occupied point or (renju, Black) a
/// forbidden point; returns no move only when no legal move exists.
SearchResult think(const Board& board, Stone toMove, Rule rule, const Limits& limits,
                   const std::atomic<bool>* stop = nullptr,
                   const std::function<void(const SearchInfo&)>& onInfo = {});

/// VCF (continuous fours) for `attacker` in the position, within `maxNodes` nodes. Returns the
/// whole sequence (attacker and defender moves alternating, attacker first), empty when none
/// was found. `toMove` is not needed: the attacker is assumed to move.
std::vector<Point> findVcf(const Board& board, Stone attacker, Rule rule, std::uint64_t maxNodes,
                           std::int64_t timeMs = 0);

/// Callbacks of Engine::start. Both run on the engine's own thread: do not touch GUI objects
/// from them (post to the GUI thread instead).
struct Callbacks {
  std::function<void(const SearchInfo&)> onInfo;  ///< after each iteration (optional)
  std::function<void(const SearchResult&)>
      onDone;  ///< once, with the final result (also when stopped)
};

/// A search on its own thread. start() returns at once; stop() ends it within 50 ms.
class Engine {
 public:
  /// An idle engine.
  Engine() = default;
  /// Stops and joins a running search.
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  /// Starts searching `board` for `toMove` under `rule` within `limits`. A running search is
  /// stopped first (its onDone still runs). Callbacks run on the engine thread.
  void start(const Board& board, Stone toMove, Rule rule, const Limits& limits, Callbacks cb);
  /// Asks the search to end and waits for its thread (the result still goes to onDone). Safe to
  /// call when idle and from any thread except from inside a callback (there it only asks).
  void stop();
  /// Waits until the running search ends by itself (no-op when idle).
  void wait();
  /// True while a search thread exists (between start and the end of its onDone).
  bool running() const { return busy_.load(); }

 private:
  std::thread thread_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> busy_{false};
  std::mutex mu_;
};

}  // namespace gomoku::ai
