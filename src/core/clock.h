#pragma once
/// @file Game clocks: time controls and a chess clock for two sides. Kinds as tournaments and
/// the Gomocup use them: Fischer (base time plus an increment after each move), a limit per move
/// (Gomocup's timeout_turn) and base time followed by byo-yomi (one period a move, renewed by
/// each move made within it). No reading of the system time here: callers pass a monotonic time
/// in milliseconds (any origin), so tests are exact.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/types.h"

namespace gomoku {

/// Which kind of clock a game is played with. The numeric values travel on the wire.
enum class ClockKind : std::uint8_t {
  None = 0,     ///< no clock
  Fischer = 1,  ///< baseMs for the game, incrementMs added after each of one's own moves
  PerMove = 2,  ///< moveMs for each move, nothing carried over
  ByoYomi = 3,  ///< baseMs for the game, then moveMs for each move (renewed by each move)
};

/// A time control. Times in milliseconds; unused fields are 0.
struct TimeControl {
  ClockKind kind = ClockKind::None;  ///< the kind; None ignores the times
  std::int64_t baseMs = 0;           ///< Fischer, ByoYomi: the main time of each side
  std::int64_t incrementMs = 0;      ///< Fischer: added after each move (may be 0)
  std::int64_t moveMs = 0;           ///< PerMove: the limit a move; ByoYomi: the period
  /// Equal when every field is equal.
  friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

/// The shortest deciding time (a base time, a move limit, a byo-yomi period): 0.1 s, the
/// shortest turn Gomocup engines are run at.
inline constexpr std::int64_t kMinClockMs = 100;

/// The longest time any field of a TimeControl may hold: 24 hours.
inline constexpr std::int64_t kMaxClockMs = 24LL * 3600 * 1000;

/// Why parseTimeControl refused a text.
enum class TimeControlError : std::uint8_t {
  None,     ///< parsed
  Syntax,   ///< not one of the accepted forms (see parseTimeControl)
  Zero,     ///< a deciding time under kMinClockMs (e.g. "0m+5s", "0s/move", "5ms")
  TooLong,  ///< a time above kMaxClockMs
};

/// A parsed time control or why not.
struct TimeControlParse {
  std::optional<TimeControl> control;                 ///< set when parsed
  TimeControlError error = TimeControlError::Syntax;  ///< None when parsed
};

/// Parses a time control. Accepted forms (case-insensitive, spaces ignored), where a time is a
/// number with a unit h, m, s or ms, or compound such as "1m30s"; a bare number is minutes for a
/// base time and seconds for an increment, a period or a move limit:
///   "none" or "" -> ClockKind::None;
///   "5m+5s", "5+5", "5m" (no increment) -> Fischer;
///   "30s/move", "30/move" -> PerMove;
///   "10m,30s", "10,30" -> ByoYomi.
/// A decimal point is allowed ("0.1s"); the result is rounded to whole milliseconds.
TimeControlParse parseTimeControl(std::string_view text);

/// The canonical text of a control, which parseTimeControl reads back to the same value:
/// "none", "5m+5s", "30s/move", "10m,30s" (times as "1h", "1m30s", "0.1s"...).
std::string formatTimeControl(const TimeControl& tc);

/// A time in milliseconds as the accepted forms write it: "5m", "1m30s", "0.5s", "0s".
std::string formatClockTime(std::int64_t ms);

/// A clock's face: "4:52", "1:02:03", and tenths under 10 seconds ("0:09.4"), rounded up (a
/// clock shows 0 only when no time is left); never negative.
/// Digits only, the same in every language.
std::string clockFace(std::int64_t ms);

/// What a side's clock shows.
struct ClockReading {
  std::int64_t mainMs = 0;    ///< main time left (Fischer, ByoYomi); PerMove: the move's time left
  std::int64_t periodMs = 0;  ///< ByoYomi: the period left (the whole period while main time
                              ///< lasts); 0 for the other kinds
  bool inByoYomi = false;     ///< ByoYomi: the main time is gone and the period is running
  bool running = false;       ///< this side's clock is counting now
  bool flagged = false;       ///< this side has run out of time
  /// The time that decides: until this reaches 0 the side has not lost on time (main time, or
  /// main time plus the period under byo-yomi; the move's time left under a per-move limit).
  std::int64_t decidingMs = 0;
};

/// What an engine is told of a side's clock before a move (Gomocup protocol).
struct EngineTime {
  /// INFO time_left: the time left in the game, milliseconds; -1 when the clock sets no such
  /// limit (none, a per-move limit, byo-yomi's period running). Under byo-yomi with main time
  /// left: main time and one period.
  std::int64_t timeLeftMs = -1;
  /// This move's own limit (INFO timeout_turn), milliseconds: a per-move limit, or byo-yomi's
  /// period once the main time is gone; 0 when none.
  std::int64_t turnMs = 0;
};

/// Two clocks, one for each colour, of which at most one runs. Times are a caller's monotonic
/// milliseconds. Copyable (a snapshot is a copy).
class GameClock {
 public:
  /// Clocks set to the control's start (both stopped).
  explicit GameClock(TimeControl tc = {});

  /// The control.
  const TimeControl& control() const { return tc_; }
  /// False for ClockKind::None: then nothing runs and nobody flags.
  bool enabled() const { return tc_.kind != ClockKind::None; }

  /// Starts `side`'s clock at nowMs (a move's thinking time begins); stops the other without
  /// charging it. Nothing happens when disabled or when a side has flagged.
  void start(Stone side, std::int64_t nowMs);
  /// The running side has moved at nowMs: charges its thinking time (see charge) and starts the
  /// other side's clock. Returns the thinking time charged in milliseconds, or -1 when no
  /// clock was running (disabled, stopped, flagged).
  std::int64_t punch(std::int64_t nowMs);
  /// An opening rule's decision (core/opening.h) taken by the running side at nowMs: charges
  /// it its time like a move (Fischer's increment, a fresh period or move limit), or `usedMs`
  /// when >= 0 (a time reported by another program); exchanges the two sides' clocks when
  /// `swapped` (the decision exchanged the colours: each player keeps their own clock); then
  /// starts `next`, the colour that decides or moves next (perhaps the same player again).
  /// Returns the time charged; -1 when no clock ran (then only the exchange happens). A side
  /// charged more than it had flags, and nothing starts.
  std::int64_t punchDecision(std::int64_t nowMs, Stone next, bool swapped,
                             std::int64_t usedMs = -1);
  /// Exchanges the two sides' clocks (times, flags, the running or frozen one): the colours
  /// were swapped by an opening rule and each player keeps their own clock.
  void swapSides();
  /// Charges `side` a move's thinking time reported from elsewhere (a peer's MOVE) with no
  /// clock running for it: main time, then the period, then the increment. Returns false and
  /// flags the side when the time was more than it had. No effect when disabled.
  bool charge(Stone side, std::int64_t usedMs);
  /// Stops the running clock at nowMs and keeps the time it ran (a connection dropped); resume
  /// goes on from there. No effect when nothing runs.
  void pause(std::int64_t nowMs);
  /// Restarts a clock stopped by pause() at nowMs. No effect when none was paused.
  void resume(std::int64_t nowMs);
  /// Stops both clocks (the game is over); readings stay as they are at nowMs.
  void stop(std::int64_t nowMs);
  /// The game ended on time for `side` at nowMs (its own program's claim, or one judged within
  /// the network's grace): stops both clocks and marks `side` flagged, so its reading says so
  /// even when this copy of the clocks still had a few milliseconds left. No effect when
  /// disabled.
  void runOut(Stone side, std::int64_t nowMs);
  /// A side's main time left after its last move, in milliseconds (Fischer, ByoYomi; PerMove:
  /// the limit a move), not counting a move running now. For a copy sent to another program.
  std::int64_t mainMs(Stone s) const { return side(s).mainMs; }
  /// Sets both sides' main time (as mainMs() gives them, e.g. from the other program of a
  /// network match after a reconnection) and stops both clocks. Times are clamped to
  /// 0..2 * kMaxClockMs; a side with 0 under Fischer has flagged. No effect when disabled.
  void restore(std::int64_t blackMainMs, std::int64_t whiteMainMs);

  /// The side whose clock runs; Stone::Empty when none (also while paused).
  Stone running() const { return running_; }
  /// The side whose current move is timed: running(), else the side whose move pause() or
  /// stop() froze; Stone::Empty when none.
  Stone timedSide() const { return running_ != Stone::Empty ? running_ : frozen_; }
  /// Milliseconds the current move of timedSide() has taken at nowMs (0 when none), e.g. for a
  /// copy of the clocks sent to a watcher (with mainMs()).
  std::int64_t timedMoveMs(std::int64_t nowMs) const;
  /// A side's clock at nowMs.
  ClockReading reading(Stone side, std::int64_t nowMs) const;
  /// True when `side` has run out of time at nowMs (a running clock that reached 0 counts).
  bool flagged(Stone side, std::int64_t nowMs) const;
  /// Milliseconds from nowMs until the running side has run out (flagged() is then true; 0 when
  /// it already has); -1 when nothing runs. A front end sets a timer for this and then calls
  /// flagged().
  std::int64_t msUntilFlag(std::int64_t nowMs) const;
  /// What an engine playing `side` is told before its move at nowMs (nothing when disabled).
  EngineTime engineTime(Stone side, std::int64_t nowMs) const;
  /// The time the side may still use for its current (or next) move before it flags, in
  /// milliseconds, at nowMs; -1 when disabled. For an engine's time_left / timeout_turn.
  std::int64_t moveAllowanceMs(Stone side, std::int64_t nowMs) const;

 private:
  struct Side {
    std::int64_t mainMs = 0;
    bool flagged = false;
  };
  Side& side(Stone s) { return s == Stone::White ? white_ : black_; }
  const Side& side(Stone s) const { return s == Stone::White ? white_ : black_; }
  // Charges a move of usedMs to `s`: false (and flagged) when that is more than it had.
  bool apply(Side& s, std::int64_t usedMs) const;
  // Longest a move of `s` may take from the start of its turn.
  std::int64_t allowed(const Side& s) const;
  // Time the current move of `s` has taken at nowMs (0 unless running or frozen).
  std::int64_t used(Stone s, std::int64_t nowMs) const;
  std::int64_t elapsed(std::int64_t nowMs) const;

  TimeControl tc_;
  Side black_, white_;
  Stone running_ = Stone::Empty;
  Stone frozen_ = Stone::Empty;  // the clock stopped by pause() or stop(), with its move's time
  std::int64_t frozenUsed_ = 0;
  bool paused_ = false;         // frozen by pause(): resume() goes on
  std::int64_t startedAt_ = 0;  // when the running clock's move began (shifted on resume)
};

}  // namespace gomoku
