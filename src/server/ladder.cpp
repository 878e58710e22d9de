#include "server/ladder.h"

#include <cmath>

namespace gomoku::server {

double eloExpected(std::int32_t own, std::int32_t other) {
  const double diff = static_cast<double>(other) - static_cast<double>(own);
  return 1.0 / (1.0 + std::pow(10.0, diff / 400.0));
}

int eloK(const LadderConfig& c, std::uint32_t games) {
  return games >= static_cast<std::uint32_t>(c.eloExperiencedAfter) ? c.eloKExperienced : c.eloK;
}

namespace {

std::int32_t eloAfter(const LadderConfig& c, std::int32_t own, std::uint32_t games,
                      std::int32_t other, double actual) {
  const double change = eloK(c, games) * (actual - eloExpected(own, other));
  return static_cast<std::int32_t>(own + std::lround(change));
}

}  // namespace

std::pair<std::int32_t, std::int32_t> ladderAfter(const LadderConfig& c, std::int32_t black,
                                                  std::uint32_t blackGames, std::int32_t white,
                                                  std::uint32_t whiteGames, Outcome outcome) {
  double blackActual = 0;
  switch (outcome) {
    case Outcome::BlackWins:
      blackActual = 1;
      break;
    case Outcome::WhiteWins:
      blackActual = 0;
      break;
    case Outcome::Draw:
      blackActual = 0.5;
      break;
    case Outcome::Ongoing:
    case Outcome::Interrupted:
      return {black, white};
  }
  if (c.elo) {
    return {eloAfter(c, black, blackGames, white, blackActual),
            eloAfter(c, white, whiteGames, black, 1 - blackActual)};
  }
  if (outcome == Outcome::Draw) return {black, white};
  if (outcome == Outcome::BlackWins) return {black + c.win, white - c.loss};
  return {black - c.loss, white + c.win};
}

}  // namespace gomoku::server
