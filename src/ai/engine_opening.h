#pragma once
/// @file An external engine's part in an opening rule (core/opening.h). The Gomocup protocol
/// lets an engine take swap2 decisions itself, with SWAP2BOARD (gomocup.org, the swap2
/// tournaments' extension; PbrainClient::swap2board):
///  - on an empty board it places the three opening stones (Black, White, Black);
///  - after three stones, as the second player, it answers SWAP (it takes Black), one point (it
///    keeps White and that is its 4th move) or two points (the 4th and 5th stones: the first
///    player then chooses);
///  - after five stones, as the first player choosing, it answers SWAP (it takes Black) or one
///    point (it takes White and that is its 6th move).
/// The protocol has nothing for the swap, Soosõrv-8 and Taraguchi-10 rules; those decisions,
/// and every swap2 decision the engine does not answer properly (ERROR, UNKNOWN, unreadable or
/// illegal points, silence, an exit), are taken for it by our engine (ai::decideOpening), and
/// the result says why. After one such failure the engine is not asked again in that opening.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ai/engine.h"
#include "ai/external_engine.h"
#include "ai/opening_player.h"
#include "core/opening.h"

namespace gomoku::ai {

/// Who took an opening decision for the external engine; when ours did, why.
enum class EngineOpeningSource : std::uint8_t {
  Engine,     ///< the engine itself, with SWAP2BOARD
  NoCommand,  ///< the protocol has no command for this rule or step: ours decided
  Refused,    ///< the engine answered ERROR or UNKNOWN to SWAP2BOARD: ours decided
  Invalid,    ///< its answer was unreadable or not allowed at this step: ours decided
  NoAnswer,   ///< it did not answer in time, or it exited: ours decided
  AsBefore,   ///< an earlier turn of this opening fell back already: ours decided again
};

/// The decisions taken at one turn of the engine's seat.
struct EngineOpeningTurn {
  EngineOpeningSource source = EngineOpeningSource::Engine;  ///< who decided, and why
  std::vector<OpeningDecision> decisions;                    ///< applied to the opening, in order
  /// Engine: the first move of normal play given with its choice of White (the 4th or the
  /// 6th); legal in the opening's final position.
  std::optional<Point> move;
  /// Refused, Invalid: the engine's reply line; NoAnswer: why none came (PbrainClient's words).
  std::string reply;
  /// Invalid: what the opening refused in the answer (None: the answer's form does not fit the
  /// step, e.g. two points on an empty board).
  OpeningError refusal = OpeningError::None;
};

/// The external engine's seat in one opening: create one per opening.
class EngineOpening {
 public:
  /// For `engine` (started already or not): its answers may take limits.turnTimeMs (0 = 5000
  /// ms) plus ExternalTimeouts::graceMs; our fallback judges each position with `nodesEach`
  /// nodes (ai::decideOpening).
  EngineOpening(ExternalEngine& engine, const Limits& limits, std::uint64_t nodesEach = 20000);

  /// Takes the decisions at `o`'s step for o.decider() (the engine's seat; `o` not done) and
  /// applies them to `o`: the engine's own when the protocol has a command for the step and
  /// its answer fits it, else ours. A failed engine is ended (ExternalEngine::start launches
  /// it again for normal play). With a clock, `time` is the seat's clock (GameClock::engineTime)
  /// and the engine is told it (INFO time_left, timeout_turn less ai::turnWithMargin's margin)
  /// and waited for that long; our fallback keeps to `budgetMs` (> 0; ai::decideOpening).
  EngineOpeningTurn decide(Opening& o, const EngineTime& time = {}, std::int64_t budgetMs = 0);

  /// The move of the last turn's `move` when `g` is the opening's final position (its ply
  /// and the move still legal), once; nullopt otherwise.
  std::optional<Point> takeMove(const Game& g);

 private:
  // Applies the engine's answer `r` to `o` as decisions of turn `t`; false (o partly changed,
  // t.refusal set when the opening refused a point) when it does not fit the step.
  bool applyReply(Opening& o, const Swap2Reply& r, EngineOpeningTurn& t) const;

  ExternalEngine& engine_;
  Limits limits_;
  std::uint64_t nodes_;
  bool fellBack_ = false;
  std::optional<Point> move_;
  int movePly_ = -1;
};

}  // namespace gomoku::ai
