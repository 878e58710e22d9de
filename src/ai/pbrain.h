#pragma once
/// @file The Gomocup "pbrain" protocol, brain side: a command interpreter that reads manager
/// lines and writes replies, driven by any istream/ostream (stdin/stdout in pbrain-gomoku, string
/// streams in tests). Source: "Gomoku AI protocol" by Petr Lastovicka and Martin Petricek
/// (plastovicka.github.io/protocl2en.htm) with the SWAP2BOARD extension used by Gomocup
/// (gomocup.org, "Experimental tournament", the swap2 rule): SWAP2BOARD, the stones so far one
/// "x,y" a line (none, 3 or 5, in playing order from Black), DONE; the brain answers three stones
/// "x1,y1 x2,y2 x3,y3" on an empty board, else "SWAP" (it takes Black) or its move as White
/// (the 4th or the 6th; it keeps White), and ERROR for any other count or a bad line.
/// Coordinates on the wire: "x,y", x = column, y = row, 0-based.

#include <algorithm>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "ai/engine.h"
#include "core/board.h"
#include "core/rules.h"

namespace gomoku::ai {

/// Maps the INFO rule bitmask to our rules: bit 4 (value 4) renju, else bit 1 (value 1) exactly
/// five (standard), else freestyle. Bit 2 (continuous game) is ignored; bit 8 (caro) is played
/// as standard.
Rule ruleFromGomocup(int bits);

/// The Gomocup protocol brain.
class PbrainBrain {
 public:
  /// A brain that plays at `level` (1..5) and answers on `out`.
  PbrainBrain(std::ostream& out, int level = kMaxLevel);
  /// Search threads (clamped to 1..kMaxThreads) until INFO thread_num sets them.
  void setThreads(int threads) { threads_ = std::clamp(threads, 1, kMaxThreads); }
  /// Reads lines from `in` until END or end of input; returns the process exit code (0).
  int run(std::istream& in);
  /// Handles one line (without its line end). Returns false after END.
  bool handleLine(const std::string& line);

  /// The board as the brain sees it (for tests).
  const Board& board() const { return board_; }
  /// The rule from INFO rule (freestyle until told).
  Rule rule() const { return rule_; }
  /// Milliseconds per move from INFO timeout_turn (0 = not given).
  std::int64_t turnTimeMs() const { return timeoutTurn_; }
  /// The limits the next search gets from the INFO values: the turn's time less a margin for
  /// the process and the pipes (ms), the match time left, the memory.
  Limits limits() const;

 private:
  void reply(const std::string& s);
  void think();
  void handleInfo(const std::string& key, const std::string& value);
  void swap2();
  bool parseXY(const std::string& s, Point& p) const;
  Stone toMove() const;

  std::ostream& out_;
  int level_;
  Board board_{20};
  bool started_ = false;
  Rule rule_ = Rule::Freestyle;
  std::int64_t timeoutTurn_ = 5000;
  std::int64_t timeoutMatch_ = 0;
  std::int64_t timeLeft_ = -1;
  std::uint64_t maxMemory_ = 0;
  int threads_ = 1;  // INFO thread_num
  enum class Mode { Commands, Board, Swap2 } mode_ = Mode::Commands;
  std::vector<std::pair<Point, int>> boardLines_;  // BOARD: point and field (1 own, 2 opponent)
  std::vector<Point> swapMoves_;
  std::string swapBadLine_;  // SWAP2BOARD: the first unreadable stone line, answered at DONE
  std::uint64_t seed_ = 1;
};

}  // namespace gomoku::ai
