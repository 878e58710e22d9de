#include "core/game.h"

#include <stdexcept>

#include "core/notation.h"

namespace gomoku {

const char* moveErrorText(MoveError e) {
  switch (e) {
    case MoveError::None:
      return "ok";
    case MoveError::OffBoard:
      return "that point is off the board";
    case MoveError::Occupied:
      return "that point is occupied";
    case MoveError::NotYourTurn:
      return "it is not your turn";
    case MoveError::GameOver:
      return "the game is over";
    case MoveError::Forbidden:
      return "that point is forbidden for Black under renju";
  }
  return "unknown error";
}

const char* outcomeName(Outcome o) {
  switch (o) {
    case Outcome::Ongoing:
      return "ongoing";
    case Outcome::BlackWins:
      return "black";
    case Outcome::WhiteWins:
      return "white";
    case Outcome::Draw:
      return "draw";
    case Outcome::Interrupted:
      return "interrupted";
  }
  return "unknown";
}

std::string describeResult(const Result& r) {
  const char* winner = r.outcome == Outcome::BlackWins ? "Black" : "White";
  switch (r.outcome) {
    case Outcome::Ongoing:
      return "The game goes on.";
    case Outcome::Draw:
      return r.reason == EndReason::Agreement ? "Draw by agreement." : "Draw: the board is full.";
    case Outcome::Interrupted:
      return "Game interrupted" + (r.detail.empty() ? std::string(".") : ": " + r.detail + ".");
    case Outcome::BlackWins:
    case Outcome::WhiteWins:
      if (r.reason == EndReason::Resignation) return std::string(winner) + " wins by resignation.";
      if (r.reason == EndReason::Abandoned)
        return std::string(winner) + " wins: the opponent abandoned the game" +
               (r.detail.empty() ? std::string(".") : " (" + r.detail + ").");
      if (r.reason == EndReason::Five) return std::string(winner) + " wins with five in a row.";
      if (r.reason == EndReason::Time) return std::string(winner) + " wins on time.";
      if (r.reason == EndReason::Foul)
        return std::string(winner) + " wins: Black played a forbidden point (" + r.detail + ").";
      return std::string(winner) + " wins" + (r.detail.empty() ? "." : ": " + r.detail + ".");
  }
  return "";
}

Game::Game(int size, Rule rule, FoulPolicy foul) : board_(size), rule_(rule), foul_(foul) {
  if (!ruleSupported(rule))
    throw std::invalid_argument(std::string("the ") + ruleName(rule) + " rule is not supported");
  if (rule == Rule::Renju && size != 15)
    throw std::invalid_argument("renju is played on a 15x15 board");
}

MoveError Game::check(Point p) const {
  if (over()) return MoveError::GameOver;
  if (!board_.inside(p)) return MoveError::OffBoard;
  if (board_.at(p) != Stone::Empty) return MoveError::Occupied;
  if (forbiddenAt(p) != Forbidden::None) return MoveError::Forbidden;
  return MoveError::None;
}

Forbidden Game::forbiddenAt(Point p) const {
  if (rule_ != Rule::Renju || toMove() != Stone::Black || over() || !board_.inside(p) ||
      board_.at(p) != Stone::Empty)
    return Forbidden::None;
  return renjuForbidden(board_, p);
}

std::vector<Point> Game::forbiddenPoints() const {
  if (rule_ != Rule::Renju || toMove() != Stone::Black || over()) return {};
  return renjuForbiddenPoints(board_);
}

std::string Game::refusalText(Point p, MoveError e) const {
  const std::string where = pointName(p, size());
  switch (e) {
    case MoveError::Forbidden:
      return std::string(forbiddenName(forbiddenAt(p))) + " at " + where +
             " is forbidden for Black";
    case MoveError::Occupied:
      return "the point " + where + " is occupied";
    case MoveError::OffBoard:
      return "the point " + where + " is off the board";
    default:
      return moveErrorText(e);
  }
}

MoveError Game::play(Point p, Stone who) {
  if (!over() && who != toMove()) return MoveError::NotYourTurn;
  return play(p);
}

MoveError Game::play(Point p) {
  MoveError e = check(p);
  if (e == MoveError::Forbidden && foul_ == FoulPolicy::Lose) {
    // Strict RIF: the forbidden stone stands and Black loses.
    std::string detail = refusalText(p, e);
    board_.set(p, Stone::Black);
    moves_.push_back(p);
    result_ = {Outcome::WhiteWins, EndReason::Foul, {}, std::move(detail)};
    return MoveError::None;
  }
  if (e != MoveError::None) return e;
  const Stone s = toMove();
  board_.set(p, s);
  moves_.push_back(p);
  // The win is judged with the new stone on the board (case C02), then the full board.
  if (auto line = winningLine(board_, p, rule_); !line.empty()) {
    result_ = {s == Stone::Black ? Outcome::BlackWins : Outcome::WhiteWins,
               EndReason::Five,
               std::move(line),
               {}};
  } else if (board_.full()) {
    result_ = {Outcome::Draw, EndReason::FullBoard, {}, {}};
  }
  return MoveError::None;
}

bool Game::undo() {
  if (moves_.empty()) return false;
  if (over() && result_.reason != EndReason::Five && result_.reason != EndReason::FullBoard &&
      result_.reason != EndReason::Foul)
    return false;
  board_.set(moves_.back(), Stone::Empty);
  moves_.pop_back();
  result_ = {};
  return true;
}

void Game::setResult(Outcome outcome, EndReason reason, std::string detail) {
  result_ = {outcome, reason, {}, std::move(detail)};
}

MoveError Game::recordAfterEnd(Point p) {
  if (!over()) return MoveError::GameOver;
  if (!board_.inside(p)) return MoveError::OffBoard;
  if (board_.at(p) != Stone::Empty) return MoveError::Occupied;
  board_.set(p, toMove());
  moves_.push_back(p);
  return MoveError::None;
}

void Game::end(Outcome outcome, EndReason reason, std::string detail) {
  if (over() || outcome == Outcome::Ongoing) return;
  result_ = {outcome, reason, {}, std::move(detail)};
}

}  // namespace gomoku
