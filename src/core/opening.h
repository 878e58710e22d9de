#pragma once
/// @file Opening rules: who decides what in the first moves of a game, until normal play
/// begins. Sources:
///  - swap and swap2: Gomocup rules (gomocup.org, "Rules": "swap2", as the World Championship
///    plays it): the first player places three stones (Black, White, Black); the second
///    chooses a colour (swap), or under swap2 takes Black, takes White, or places two more
///    stones (White, Black) and lets the first player choose.
///  - Soosõrv-8: RIF (renju.net, "Soosõrv-N", certified 2011; the World Championship's rule
///    since 2017): the first player places one of the 26 openings (move 1 at the centre, 2 in the
///    central 3x3, 3 in the central 5x5); the other may swap; White places the 4th move anywhere
///    and declares N, 1..8; the other may swap; Black places N 5th-move alternatives, no two
///    symmetric; White chooses one and plays on.
///  - Taraguchi-10: RIF ("Taraguchi-N"): move 1 at the centre, then each of moves 2, 3 and 4
///    within the central 3x3, 5x5 and 7x7, a swap offer after each of moves 1-4; then Black
///    either places one 5th move within the central 9x9 (and the other may swap) or ten 5th-move
///    alternatives anywhere, no two symmetric, of which White chooses one.
/// "Symmetric" alternatives (RIF): two points that a symmetry of the board which maps the
/// position onto itself (same stones, same colours) maps onto each other; such a pair is refused.
/// The players are seats: First (the tentative Black) and Second. A swap exchanges the colours
/// of the seats. Coordinates: x = column, y = row, 0-based.

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/clock.h"
#include "core/game.h"

namespace gomoku {

/// The opening rule of a game. The numeric values travel on the wire.
enum class OpeningRule : std::uint8_t {
  None = 0,         ///< normal play from the first move
  Swap = 1,         ///< three stones by the first player, the second picks a colour
  Swap2 = 2,        ///< Gomocup's swap2
  Soosorv8 = 3,     ///< RIF's Soosõrv-8 (renju)
  Taraguchi10 = 4,  ///< RIF's Taraguchi-10 (renju)
};

/// "none", "swap", "swap2", "soosorv8", "taraguchi10".
const char* openingRuleName(OpeningRule r);
/// Parses a name of openingRuleName (case-insensitive; "soosorv-8" and "taraguchi-10" too).
std::optional<OpeningRule> parseOpeningRule(std::string_view name);
/// Whether `opening` is played with games of `rule` on a board of `size`: None always; swap and
/// swap2 under freestyle and standard; Soosõrv-8 and Taraguchi-10 under renju on a board of odd
/// size (RIF's rules start at the centre). An unknown value: false.
bool openingFitsRule(OpeningRule opening, Rule rule, int size);

/// A player by seat: First is the tentative Black (moves first), Second the other.
enum class Seat : std::uint8_t { First = 0, Second = 1 };
/// The other seat.
constexpr Seat otherSeat(Seat s) {
  return s == Seat::First ? Seat::Second : Seat::First;
}

/// What the opening waits for.
enum class OpeningStep : std::uint8_t {
  Place,              ///< decider() places the next stone (its colour by the ply) within area()
  SwapOffer,          ///< decider() keeps the colours or swaps them
  ColourChoice,       ///< swap, swap2: decider() picks the colour it plays
  Swap2Choice,        ///< swap2: decider() takes Black, takes White, or places two more stones
  FifthChoice,        ///< Taraguchi-10: decider() places one 5th move or ten alternatives
  DeclareCount,       ///< Soosõrv-8: decider() (White) declares how many 5th moves, 1..8
  PlaceAlternatives,  ///< decider() (Black) places alternativesWanted() 5th moves at once
  ChooseAlternative,  ///< decider() (White) chooses one of alternatives() as the 5th move
  Done,               ///< normal play: the side to move of game() plays
};

/// A decision at SwapOffer, ColourChoice, Swap2Choice or FifthChoice.
enum class OpeningChoice : std::uint8_t {
  Keep,       ///< SwapOffer: keep the colours
  Swap,       ///< SwapOffer: exchange them
  TakeBlack,  ///< ColourChoice, Swap2Choice: the decider plays Black
  TakeWhite,  ///< ColourChoice, Swap2Choice: the decider plays White
  PlaceTwo,   ///< Swap2Choice: the decider places two more stones, the other then chooses
  OneFifth,   ///< FifthChoice: one 5th move within the central 9x9 (then a swap offer)
  TenFifths,  ///< FifthChoice: ten 5th-move alternatives
};

/// Why an opening action was refused. None: it was applied.
enum class OpeningError : std::uint8_t {
  None,
  Finished,          ///< the opening is over (step Done)
  NotYourDecision,   ///< the other seat decides now
  WrongStep,         ///< this action is not what the step asks for (e.g. a stone at a swap offer)
  BadChoice,         ///< a choice the step does not offer (e.g. PlaceTwo at a swap offer)
  OffBoard,          ///< a point off the board
  Occupied,          ///< a point already holds a stone
  OutsideArea,       ///< a stone outside the central square the step allows
  Forbidden,         ///< renju: a forbidden point for Black
  BadCount,          ///< a declared count outside 1..8, or not as many alternatives as declared
  Duplicate,         ///< the same point twice among the alternatives
  Symmetric,         ///< two alternatives symmetric to each other (RIF)
  NotAnAlternative,  ///< ChooseAlternative: the point is none of the alternatives
};

/// What one decision of an opening did (an OpeningEntry).
enum class OpeningEntryKind : std::uint8_t {
  Place,    ///< a stone placed (Opening::place): points holds it
  Choose,   ///< a choice (Opening::choose): choice
  Declare,  ///< Soosõrv-8: the number of 5th moves declared (Opening::declare): count
  Offer,    ///< 5th-move alternatives offered (Opening::offer): points, in the order given
  Pick,     ///< the 5th move chosen among them (Opening::pick): points holds it
};

/// One decision of an opening as it was taken: who took it and what it was. Opening::history()
/// keeps them in order; Opening::apply() takes one again, so that a saved history can be
/// replayed and checked. Points: x = column, y = row, 0-based.
struct OpeningEntry {
  Seat seat = Seat::First;                          ///< who decided
  OpeningEntryKind kind = OpeningEntryKind::Place;  ///< what kind of decision
  std::vector<Point> points;                   ///< Place, Pick: one point; Offer: the alternatives
  OpeningChoice choice = OpeningChoice::Keep;  ///< Choose: the choice
  int count = 0;                               ///< Declare: the number of 5th moves, 1..8
  /// Entries are equal when every field is.
  friend bool operator==(const OpeningEntry&, const OpeningEntry&) = default;
};

/// "keep", "swap", "black", "white", "two", "one", "ten": the words for the choices (as
/// gomoku-cli takes them and SGF records write them).
const char* openingChoiceName(OpeningChoice c);
/// Parses a name of openingChoiceName (lower case, exactly).
std::optional<OpeningChoice> parseOpeningChoice(std::string_view name);

/// The opening of one game: a state machine over the game's first moves. Copyable.
class Opening {
 public:
  /// The opening of a new game on an empty board of `size` under `rule` (Soosõrv-8 and
  /// Taraguchi-10 need an odd size: the centre). With OpeningRule::None it starts Done.
  /// Throws std::invalid_argument for a board without a centre under those two rules.
  Opening(OpeningRule rule, int size = Board::kDefaultSize, Rule gameRule = Rule::Freestyle);

  /// The rule.
  OpeningRule rule() const { return rule_; }
  /// What the opening waits for.
  OpeningStep step() const { return step_; }
  /// Who decides now (meaningless once Done).
  Seat decider() const { return decider_; }
  /// True once normal play begins.
  bool done() const { return step_ == OpeningStep::Done; }
  /// The seat that plays `colour` now (Black or White; swaps change it).
  Seat seatOf(Stone colour) const;
  /// The colour `seat` plays now.
  Stone colourOf(Seat seat) const;
  /// The stones so far: a game whose moves are the opening's (and, once Done, where normal play
  /// goes on; its side to move plays next).
  const Game& game() const { return game_; }
  /// Step Place: half the side of the central square the next stone must lie in (0: the centre
  /// itself, 1: the 3x3, ...), or -1 for anywhere.
  int area() const { return area_; }
  /// Soosõrv-8 after DeclareCount, Taraguchi-10 after TenFifths: how many 5th moves.
  int alternativesWanted() const { return wanted_; }
  /// The 5th-move alternatives offered (ChooseAlternative), in the order given.
  const std::vector<Point>& alternatives() const { return alternatives_; }

  /// Step Place: `seat` places a stone at p.
  OpeningError place(Seat seat, Point p);
  /// Steps SwapOffer, ColourChoice, Swap2Choice, FifthChoice: `seat` decides.
  OpeningError choose(Seat seat, OpeningChoice choice);
  /// Step DeclareCount: `seat` declares n 5th moves (1..8).
  OpeningError declare(Seat seat, int n);
  /// Step PlaceAlternatives: `seat` offers exactly alternativesWanted() points: empty, on the
  /// board, distinct, legal for Black and no two symmetric.
  OpeningError offer(Seat seat, const std::vector<Point>& points);
  /// Step ChooseAlternative: `seat` picks one of alternatives() as the 5th move.
  OpeningError pick(Seat seat, Point p);
  /// Takes the decision `e` again, for e.seat (place, choose, declare, offer or pick as its
  /// kind says); a Place or Pick entry without exactly one point is BadCount.
  OpeningError apply(const OpeningEntry& e);

  /// The decisions taken so far, in order (each one that was applied; refusals leave no trace).
  const std::vector<OpeningEntry>& history() const { return history_; }

  /// True when a and b are symmetric in game()'s position: a symmetry of the board (about its
  /// centre) that maps the stones onto themselves maps a onto b.
  bool symmetric(Point a, Point b) const;

 private:
  OpeningError check(Seat seat, OpeningStep step) const;
  OpeningError decide(Seat seat, OpeningChoice choice);  // choose() without the history
  void placeStage(Seat seat, int area);
  void offerSwap(Seat seat);

  OpeningRule rule_;
  Game game_;
  OpeningStep step_ = OpeningStep::Done;
  Seat decider_ = Seat::First;
  Seat blackSeat_ = Seat::First;
  int area_ = -1;
  int wanted_ = 0;
  int placeLeft_ = 0;  // stones the decider still places in this stage
  std::vector<Point> alternatives_;
  std::vector<OpeningEntry> history_;
};

/// The colour whose clock runs in `o` (tournaments time the opening): the decider's colour
/// while the opening runs, the side to move once it is done.
Stone openingClockSide(const Opening& o);

/// Times on `clock` (core/clock.h) the decision that turned `before` into `after`: charges the
/// decider its time (GameClock::punchDecision: its clock ran until nowMs, or `usedMs` when
/// >= 0), exchanges the clocks when the colours were swapped, and starts openingClockSide(after).
/// Returns the time charged, -1 when no clock ran.
std::int64_t timeOpeningDecision(GameClock& clock, const Opening& before, const Opening& after,
                                 std::int64_t nowMs, std::int64_t usedMs = -1);

/// An opening taken again from a history (replayOpening).
struct OpeningReplay {
  Opening opening{OpeningRule::None};       ///< after the entries that were applied
  std::size_t applied = 0;                  ///< entries applied: all of them unless error is set
  OpeningError error = OpeningError::None;  ///< why entry `applied` was refused; None: none was
};

/// The opening `rule` of a game of `gameRule` on a `size` board with the entries of `history`
/// applied in order (Opening::apply), up to the first one refused. Throws std::invalid_argument
/// as Opening's constructor does.
OpeningReplay replayOpening(OpeningRule rule, int size, Rule gameRule,
                            const std::vector<OpeningEntry>& history);

}  // namespace gomoku
