#pragma once
/// @file An opening rule (core/opening.h) played at one computer, without a window: hot seat
/// (both seats decide here) or against the computer (our engine, ai/opening_player.h, takes one
/// seat's decisions). Adds what a front end needs around core::Opening: which rules fit a game,
/// a click that means what the step asks (a stone, one of several 5th moves being picked out,
/// the 5th move chosen), the 5th-move alternatives being picked out before they are offered,
/// the computer's turn as a request that goes stale when anything changes, and the hand-over to
/// a LocalSession once the opening is done (its stones cannot be taken back, the computer gets
/// the colour the opening gave it). No threads, no I/O, no text for the user (refusals are
/// OpeningError values). Coordinates: x = column, y = row, 0-based.

#include <cstdint>
#include <optional>
#include <vector>

#include "ai/opening_player.h"
#include "core/clock.h"
#include "core/opening.h"
#include "session/localsession.h"

namespace gomoku::session {

/// The opening rules offered for a game of `rule` on a board of `size`, OpeningRule::None
/// first: swap and swap2 for freestyle and standard, Soosõrv-8 and Taraguchi-10 for renju (RIF's
/// rules; they need a board with a centre, an odd size).
std::vector<OpeningRule> openingRulesFor(Rule rule, int size);

/// `rule` when openingRulesFor(gameRule, size) offers it, else OpeningRule::None.
OpeningRule fitOpeningRule(OpeningRule rule, Rule gameRule, int size);

/// The computer decides: what to decide on. A copy of the opening, so that another thread can
/// run ai::decideOpening on it.
struct OpeningRequest {
  std::uint64_t id = 0;  ///< pass back to OpeningSession::applyComputer; stale after a change
  Opening opening;       ///< the opening as it stands (its decider() is the computer's seat)
  /// With a clock: the milliseconds the decision may take (decideOpening's budgetMs); 0: none.
  std::int64_t budgetMs = 0;
};

/// The time our engine may take for one opening decision of `side` on `clock` at nowMs (the
/// clock's milliseconds), for ai::decideOpening: half a move limit or of byo-yomi's period, or
/// a tenth of the time left, less a safety margin (ai::turnWithMargin). 0 without a clock.
std::int64_t openingDecisionBudgetMs(const GameClock& clock, Stone side, std::int64_t nowMs);

/// One opening, played at this computer. Copyable; not thread-safe (use it from one thread).
class OpeningSession {
 public:
  /// The opening of a new game of `gameRule` on a `size` board under `rule`; `computer`: the
  /// seat our engine plays (nullopt: hot seat). Throws std::invalid_argument as Opening does.
  OpeningSession(OpeningRule rule, int size, Rule gameRule,
                 std::optional<Seat> computer = std::nullopt);
  /// An opening as it stands (e.g. a network game's, mirrored to pick out 5th moves before they
  /// are offered); `computer`: the seat whose decisions are made elsewhere (the computer, or
  /// the opponent over the network), nullopt: both decide here.
  OpeningSession(Opening opening, std::optional<Seat> computer);

  /// The opening as it stands.
  const Opening& opening() const { return opening_; }
  /// True once normal play begins.
  bool done() const { return opening_.done(); }
  /// The computer's seat; nullopt in a hot-seat game.
  std::optional<Seat> computer() const { return computer_; }
  /// True when the computer decides now (the opening is not done).
  bool computerToDecide() const;
  /// Counts changes (stones, decisions, the alternatives picked out); a front end can compare
  /// it to notice any change.
  std::uint64_t version() const { return version_; }

  /// Times the opening with `tc` (tournaments do; ClockKind::None, the default: untimed): the
  /// decider's clock runs from now, each decision is charged to its player like a move
  /// (core/opening.h, timeOpeningDecision), and a swap exchanges the clocks with the colours, so
  /// each player keeps their own. `clock`: the time source (default: the steady clock).
  void setTimeControl(const TimeControl& tc, Clock clock = {});
  /// The clocks, in milliseconds of the time source since setTimeControl (see nowMs()).
  const GameClock& gameClock() const { return clock_; }
  /// A colour's clock now (by the colours the opening gives the seats now).
  ClockReading clockReading(Stone side) const;
  /// Milliseconds until the decider runs out of time (then call checkTime()); -1 when no clock
  /// runs (untimed, over, or someone ran out).
  std::int64_t msUntilFlag() const;
  /// Stops the opening when the decider has run out of time (flagged() then names the seat);
  /// true when it did so now. Every decision calls it first, so one that comes too late is
  /// refused (OpeningError::Finished).
  bool checkTime();
  /// The seat that ran out of time during the opening; nullopt while none has.
  std::optional<Seat> flagged() const { return flagged_; }

  /// A click on `p` for the player who decides now: at Place a stone there; at
  /// PlaceAlternatives p is picked out as one more 5th move, or dropped when it was picked out
  /// already (see pick()); at ChooseAlternative p is chosen as the 5th move (it must be one of
  /// the alternatives). NotYourDecision while the computer decides; WrongStep at a step that
  /// asks for no point. Changes nothing when refused.
  OpeningError click(Point p);
  /// A choice (keep, swap, black, white, two, one, ten) for the player who decides now.
  OpeningError choose(OpeningChoice choice);
  /// Soosõrv-8: the number of 5th moves Black is to offer (1..8), for the player who decides.
  OpeningError declare(int n);

  /// PlaceAlternatives: the 5th moves picked out so far, in the order picked (empty at other
  /// steps).
  const std::vector<Point>& picked() const { return picked_; }
  /// PlaceAlternatives: picks out `p` as a 5th move, or drops it when it was picked out. A point
  /// that Opening::offer would refuse is refused at once (off the board, occupied, forbidden
  /// for Black, symmetric to one picked out); one more than alternativesWanted() is BadCount.
  OpeningError pick(Point p);
  /// PlaceAlternatives: offers the points picked out (exactly alternativesWanted() of them,
  /// else BadCount); White chooses next.
  OpeningError offerPicked();

  /// The computer decides now: what to give ai::decideOpening. nullopt otherwise.
  std::optional<OpeningRequest> computerRequest() const;
  /// The engine's decision for request `id`: applied for the computer's seat. Returns None when
  /// applied; Finished for a stale request (nothing changed); otherwise the refusal (nothing
  /// changed; cannot happen for what decideOpening made for that request).
  OpeningError applyComputer(std::uint64_t id, const ai::OpeningDecision& d);

  /// Once done(): puts the opening into `s` for normal play: its moves (under the foul policy
  /// of s's game), which cannot be taken back (LocalSession::setUndoFloor); against the
  /// computer s's computer plays the colour the opening gave its seat, at s's level. Nothing
  /// when the opening is not done.
  /// With a clock, `s` goes on with the opening's clocks (LocalSession::continueClocks).
  void finishInto(LocalSession& s) const;
  /// Once flagged(): puts the opening's stones into `s` and ends its game on time, won by the
  /// other seat's colour. Nothing otherwise.
  void flagInto(LocalSession& s) const;

 private:
  OpeningError decided(OpeningError e);  // after an action: count a change when applied
  Seat human() const;                    // the seat of the player who decides now
  bool lateDecision();  // checkTime() before a decision, at decisionMs_: true when too late
  bool checkTimeAt(std::int64_t t);
  std::int64_t nowMs() const;
  Game stones(const LocalSession& s) const;  // the opening's stones in a game like s's
  // Puts the stones into `s` for what follows (finishInto, flagInto): undo floor, the
  // computer's colour, and `clocks` when set.
  void handOver(LocalSession& s, const GameClock* clocks) const;

  Opening opening_;
  std::optional<Seat> computer_;
  std::vector<Point> picked_;
  std::uint64_t version_ = 1;
  GameClock clock_;
  Clock now_;
  std::chrono::steady_clock::time_point epoch_{};
  Stone firstColour_ = Stone::Black;  // the first seat's colour before the last decision
  std::int64_t decisionMs_ = 0;       // when the decision being taken came (lateDecision)
  std::optional<Seat> flagged_;
};

}  // namespace gomoku::session
