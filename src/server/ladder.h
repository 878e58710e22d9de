#pragma once
/// @file Ladder arithmetic for rated games: the fixed-step ladder (start 1000, a win +30, a
/// loss -30, a draw 0) or Elo (Arpad Elo, "The Rating of Chessplayers, Past and Present",
/// 1978: expected score 1 / (1 + 10^((Rb - Ra) / 400)), new = old + K (S - E)). Pure functions.

#include <cstdint>
#include <utility>

#include "core/game.h"

namespace gomoku::server {

/// How rated games change the ladder scores.
struct LadderConfig {
  bool elo = false;              ///< false: the fixed-step ladder; true: Elo
  int win = 30;                  ///< fixed-step ladder: points the winner gains
  int loss = 30;                 ///< fixed-step ladder: points the loser loses (a positive number)
  int eloK = 32;                 ///< Elo: K factor of a player with few games
  int eloKExperienced = 16;      ///< Elo: K factor once a player has eloExperiencedAfter games
  int eloExperiencedAfter = 30;  ///< Elo: games played (before this one) from which K is smaller
};

/// The score every new account starts with.
inline constexpr std::int32_t kInitialScore = 1000;

/// Elo expected score (0..1) of a player rated `own` against a player rated `other`:
/// 1 / (1 + 10^((other - own) / 400)).
double eloExpected(std::int32_t own, std::int32_t other);

/// The K factor for a player who has played `games` rated games before this one.
int eloK(const LadderConfig& c, std::uint32_t games);

/// New scores (black, white) after a rated game between `black` (with `blackGames` rated games
/// played before it) and `white`. Fixed-step ladder: the winner gains c.win, the loser loses
/// c.loss, a draw changes nothing. Elo: each side old + K * (S - E) rounded to the nearest
/// integer (halves away from zero), S = 1 win, 0.5 draw, 0 loss, K by eloK() per side.
/// Outcome Ongoing or Interrupted changes nothing. Scores are not bounded below (a long losing
/// run may go under 0).
std::pair<std::int32_t, std::int32_t> ladderAfter(const LadderConfig& c, std::int32_t black,
                                                  std::uint32_t blackGames, std::int32_t white,
                                                  std::uint32_t whiteGames, Outcome outcome);

}  // namespace gomoku::server
