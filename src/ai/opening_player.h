#pragma once
/// @file Our engine's part in an opening rule (core/opening.h): what it places and chooses
/// when the decision is its own. Each candidate position is judged by a short search (a node
/// limit, one thread: the same answer every run) from the point of view of the side to move:
///  - a stone the other player may answer with a swap (or a colour choice) is placed where the
///    position stays most balanced (the smallest absolute score), among the points the step
///    allows near the stones;
///  - a swap offer or a colour choice takes the colour the search prefers;
///  - swap2's second player takes White or Black when one side is clearly better (an advantage
///    of kClearScore), else places two more balancing stones;
///  - 5th-move alternatives are Black's best points, no two symmetric; White picks the one
///    worst for Black; Taraguchi-10's Black places one 5th move; Soosõrv-8's White declares
///    two alternatives.

#include <cstdint>
#include <optional>
#include <vector>

#include "core/opening.h"

namespace gomoku::ai {

/// A score (ai::SearchResult::score) from which one side counts as clearly better.
inline constexpr int kClearScore = 300;

/// What our engine does at one opening step.
struct OpeningDecision {
  OpeningStep step = OpeningStep::Done;  ///< the step it answers
  std::optional<Point> point;            ///< Place, ChooseAlternative
  std::optional<OpeningChoice> choice;   ///< SwapOffer, ColourChoice, Swap2Choice, FifthChoice
  int count = 0;                         ///< DeclareCount
  std::vector<Point> points;             ///< PlaceAlternatives
};

/// The nodes of each search of decideOpening by default.
inline constexpr std::uint64_t kOpeningNodes = 20000;

/// Our engine's decision at `o`'s step for o.decider() (`o` not done). Each position judged
/// takes a search of `nodesEach` nodes; with `budgetMs` > 0 (a clock runs) the whole decision
/// also takes at most about that many milliseconds (each search a share of it).
OpeningDecision decideOpening(const Opening& o, std::uint64_t nodesEach = kOpeningNodes,
                              std::int64_t budgetMs = 0);

/// Applies `d` to `o` for o.decider(); OpeningError::None when it was accepted (always, for a
/// decision decideOpening made for that step).
OpeningError applyOpening(Opening& o, const OpeningDecision& d);

}  // namespace gomoku::ai
