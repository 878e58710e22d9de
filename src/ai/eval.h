#pragma once
/// @file Internal: point classes and the evaluation weights. A point's class, for one colour, is
/// the multiset of the four line patterns (position.h: Pat) that a stone of that colour would
/// make there, one per direction; the evaluation of a position is a sum of per-class weights
/// over the empty points near stones, for the side to move and for the other side. The weights
/// are fitted to game results (tests/bench/tune_eval.cpp) and live in eval_weights.inc.

#include <array>
#include <cstdint>

namespace gomoku::ai {

/// Number of point classes: multisets of 4 patterns out of 9 (kNone..kOverline), C(12, 4).
inline constexpr int kPointClasses = 495;

/// Flags of a point class for one colour (ClassInfo::flags).
enum ClassFlag : unsigned {
  kFlagFive = 1,            ///< makes five
  kFlagWin4 = 2,            ///< makes an open four or a double four
  kFlagFour = 4,            ///< makes a four (any)
  kFlagThree = 8,           ///< makes an open three
  kFlagFourThree = 16,      ///< makes a four and an open three (not a win4)
  kFlagMaybeForbidden = 32  ///< renju Black must check the point (double three, four, overline)
};

/// What a point class means to the search, for move ordering and threat detection.
struct ClassInfo {
  std::int32_t value;     ///< hand-set worth for move ordering (patterns summed, threats on top)
  std::uint8_t flags;     ///< ClassFlag bits
  std::uint8_t count[9];  ///< how many of the four directions make each pattern
};

/// Class of the four patterns p0..p3 (each 0..8; their order does not matter).
int pointClass(int p0, int p1, int p2, int p3);

/// The meaning of class `cls` (0..kPointClasses - 1).
const ClassInfo& classInfo(int cls);

/// Evaluation weights per class: [0] for the side to move, [1] for the other side (subtracted).
struct EvalWeights {
  std::array<std::int16_t, kPointClasses> self{};  ///< per point of the side to move
  std::array<std::int16_t, kPointClasses> opp{};   ///< per point of the other side
  std::int16_t tempo = 0;                          ///< added for the side to move
};

/// The weights the engine plays with (fitted; see eval_weights.inc).
const EvalWeights& evalWeights();

/// A class's weights and flags side by side, for the position's running sums.
struct ClassEval {
  std::int16_t self;   ///< EvalWeights::self
  std::int16_t opp;    ///< EvalWeights::opp
  std::uint8_t flags;  ///< ClassInfo::flags
};

/// evalWeights() and the class flags per class, as one table of kPointClasses entries.
const ClassEval* classEvalTable();

/// The hand-set weights the fitted ones started from: each point's worth for move ordering,
/// capped at 300, times 6/8 for the side to move and 5/8 for the other side, tempo 10.
EvalWeights handWeights();

}  // namespace gomoku::ai
