#include "record/replay.h"

#include <stdexcept>

#include "core/notation.h"

namespace gomoku {

const char* replayEndName(ReplayEnd e) {
  switch (e) {
    case ReplayEnd::Five:
      return "five";
    case ReplayEnd::Foul:
      return "foul";
    case ReplayEnd::AfterEnd:
      return "after-end";
    case ReplayEnd::Illegal:
      return "illegal";
    case ReplayEnd::FullBoard:
      return "full-board";
    case ReplayEnd::NoFive:
      return "no-five";
  }
  return "unknown";
}

namespace {

const char* colour(Stone s) {
  return s == Stone::Black ? "Black" : "White";
}

std::string where(Point p, int size) {
  return Board(size).inside(p) ? pointName(p, size) : toXY(p) + " (0-based)";
}

}  // namespace

ReplayReport replay(const Record& record, Rule rule, FoulPolicy foul) {
  ReplayReport r;
  try {
    r.game = Game(record.size, rule, foul);
  } catch (const std::invalid_argument& e) {
    throw RecordError(0, std::string("cannot replay the record: ") + e.what());
  }
  Game& g = r.game;
  const int total = static_cast<int>(record.moves.size());
  for (int k = 0; k < total; ++k) {
    const Point p = record.moves[static_cast<std::size_t>(k)];
    const int number = k + 1;
    const Stone mover = g.toMove();
    const std::string head =
        "move " + std::to_string(number) + " (" + colour(mover) + " " + where(p, record.size) + ")";
    if (g.over()) {
      r.end = ReplayEnd::AfterEnd;
      r.move = number;
      r.unplayed = total - k;
      const Result& res = g.result();
      r.endedAt = k;
      r.winner = res.outcome == Outcome::BlackWins   ? Stone::Black
                 : res.outcome == Outcome::WhiteWins ? Stone::White
                                                     : Stone::Empty;
      r.endedBy = res.reason == EndReason::Five   ? ReplayEnd::Five
                  : res.reason == EndReason::Foul ? ReplayEnd::Foul
                                                  : ReplayEnd::FullBoard;
      r.line = res.line;
      r.text = head + " comes after the game ended at move " + std::to_string(k) + " (" +
               describeResult(res) + ")";
      return r;
    }
    const Forbidden kind = g.forbiddenAt(p);
    const MoveError e = g.play(p);
    if (e == MoveError::None && g.result().reason == EndReason::Foul) {
      // FoulPolicy::Lose: the stone stands and Black has lost; later moves come after the end.
      r.forbidden = kind;
      r.foulMove = number;
      if (number == total) {
        r.end = ReplayEnd::Foul;
        r.move = number;
        r.winner = Stone::White;
        r.text = head + ": " + forbiddenName(kind) + " is forbidden for Black; White wins";
        return r;
      }
      continue;
    }
    if (e == MoveError::Forbidden) {
      r.end = ReplayEnd::Foul;
      r.move = number;
      r.winner = Stone::White;
      r.forbidden = kind;
      r.foulMove = number;
      r.unplayed = total - k;
      r.text = head + ": " + forbiddenName(kind) + " is forbidden for Black; White wins";
      return r;
    }
    if (e != MoveError::None) {
      r.end = ReplayEnd::Illegal;
      r.move = number;
      r.error = e;
      r.winner = opponent(mover);
      r.unplayed = total - k;
      r.text = head + ": " +
               (e == MoveError::Occupied ? "the point is occupied" : moveErrorText(e)) + "; " +
               colour(opponent(mover)) + " wins";
      return r;
    }
  }
  r.move = total;
  const Result& res = g.result();
  if (res.reason == EndReason::Five) {
    r.end = ReplayEnd::Five;
    r.winner = res.outcome == Outcome::BlackWins ? Stone::Black : Stone::White;
    r.line = res.line;
    r.text = "move " + std::to_string(total) + ": " + colour(r.winner) + " makes " +
             (res.line.size() > 5 ? std::to_string(res.line.size()) + " in a row" : "five") +
             " and wins";
  } else if (res.reason == EndReason::FullBoard) {
    r.end = ReplayEnd::FullBoard;
    r.text = "move " + std::to_string(total) + " fills the board: a draw";
  } else {
    r.end = ReplayEnd::NoFive;
    r.text = total == 0 ? std::string("no moves")
                        : "the record ends after move " + std::to_string(total) +
                              " with no five (" + colour(g.toMove()) + " to move)";
  }
  return r;
}

}  // namespace gomoku
