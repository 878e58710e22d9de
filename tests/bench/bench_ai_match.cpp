// Match runner: two Gomocup-protocol engines (any pbrain-* executables, e.g. pbrain-gomoku at two
// levels) play each opening of an openings file in offset form (x,y offsets from the centre,
// stones alternate from Black; ../shared/data/piskvork_openings_offset_15.txt) with both colours.
// Prints every game and the score of engine 1 with a 95 % error margin and the Elo difference.
// A move that takes longer than the turn's time plus --tolerance (1000 ms, as c-gomoku-cli
// allows; the first move also allocates the engine's tables), or than the time left
// of the game (--match-time: timeout_match, and time_left before every move), loses on time.
// With --clock FORM (5m+5s, 10s+0.1s, 30s/move, 10m,30s: core/clock.h) both sides play on
// game clocks instead: each engine is told its time_left (and a per-move or byo-yomi limit as
// timeout_turn) before every move, and a move that takes more than its clock has, by the
// runner's watch and with no tolerance, loses on time.
// Also prints each engine's thinking time per move (mean and longest).
// With --save DIR, every game is written there as a .psq record (opening-NN-ENGINE1COLOUR.psq,
// with each move's thinking time) for replay and for finding the positions a loss turned on.
// Usage: bench_ai_match ENGINE1 ENGINE2 [--args1 "A B"] [--args2 "A B"] [--time MS]
//        [--match-time MS] [--clock FORM] [--tolerance MS] [--rule freestyle|standard|renju]
//        [--openings FILE] [--count N] [--size N] [--save DIR]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ai/pbrain_client.h"
#include "core/clock.h"
#include "core/game.h"
#include "openings.h"
#include "record/recordio.h"

using namespace gomoku;

namespace {

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  std::string w;
  while (in >> w) out.push_back(w);
  return out;
}

struct EngineSpec {
  std::string path;
  std::vector<std::string> args;
  // Thinking times of its moves over the whole match, milliseconds.
  std::int64_t totalMs = 0, maxMs = 0, moves = 0;
};

struct Clock {
  std::int64_t turnMs = 1000;  // timeout_turn
  std::int64_t matchMs = 0;    // timeout_match (0: none)
  std::int64_t toleranceMs = 1000;
  TimeControl tc;  // --clock: game clocks instead of the turn and match limits
};

// The moves of a game and their thinking times in milliseconds (0 for the opening's stones).
struct Played {
  std::vector<Point> moves;
  std::vector<int> timesMs;
};

// Plays one game; returns 1 when Black wins, -1 when White wins, 0 for a draw. `note` says why,
// `played` holds the moves played (the opening's too).
int playGame(EngineSpec& blackSpec, EngineSpec& whiteSpec, const std::vector<Point>& opening,
             Rule rule, int size, const Clock& clock, std::string& note, Played& played) {
  const std::int64_t ms = clock.turnMs;
  Game game(size, rule);
  for (Point p : opening)
    if (game.play(p) != MoveError::None) {
      note = "bad opening";
      return 0;
    }
  played.timesMs.assign(opening.size(), 0);
  auto end = [&](int result) {
    played.moves = game.moves();
    return result;
  };
  ai::PbrainClient eng[2];
  EngineSpec* spec[2] = {&blackSpec, &whiteSpec};
  std::int64_t left[2] = {clock.matchMs, clock.matchMs};
  GameClock gameClock(clock.tc);
  const bool clocked = gameClock.enabled();
  std::int64_t toldTurn[2] = {ms, ms};
  bool synced[2] = {false, false};
  const int ruleBits = rule == Rule::Renju ? 4 : rule == Rule::Standard ? 1 : 0;
  for (int k = 0; k < 2; ++k) {
    std::string err;
    if (!eng[k].launch(spec[k]->path, spec[k]->args, err) || !eng[k].start(size, 30000, err)) {
      note = std::string(k ? "white" : "black") + " failed to start: " + err;
      return k ? 1 : -1;
    }
    eng[k].info("timeout_turn", std::to_string(ms));
    eng[k].info("timeout_match", std::to_string(clocked ? clock.tc.baseMs : clock.matchMs));
    eng[k].info("max_memory", std::to_string(64 << 20));
    eng[k].info("rule", std::to_string(ruleBits));
    eng[k].info("game_type", "1");
  }
  while (!game.over()) {
    const int k = game.toMove() == Stone::Black ? 0 : 1;
    std::string err;
    std::optional<Point> m;
    std::int64_t allowed = ms;
    const Stone mover = game.toMove();
    if (clocked) {
      // No turn limit but the clock's own (per move, byo-yomi): else the whole main time.
      const EngineTime t = gameClock.engineTime(mover, 0);
      const std::int64_t turn = t.turnMs > 0 ? t.turnMs : clock.tc.baseMs;
      if (turn != toldTurn[k]) eng[k].info("timeout_turn", std::to_string(toldTurn[k] = turn));
      if (t.timeLeftMs >= 0) eng[k].info("time_left", std::to_string(t.timeLeftMs));
      allowed = gameClock.moveAllowanceMs(mover, 0);
    } else if (clock.matchMs > 0) {
      eng[k].info("time_left", std::to_string(left[k]));
      allowed = std::min(allowed, left[k]);
    }
    const std::int64_t deadline = allowed + clock.toleranceMs + 1000;
    const auto t0 = std::chrono::steady_clock::now();
    if (!synced[k])
      m = eng[k].board(game.moves(), deadline, err);
    else
      m = eng[k].turn(game.moves().back(), deadline, err);
    synced[k] = true;
    const std::int64_t took =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0)
            .count();
    spec[k]->totalMs += took;
    spec[k]->maxMs = std::max(spec[k]->maxMs, took);
    ++spec[k]->moves;
    if (clock.matchMs > 0) left[k] -= took;
    if (m && clocked && !gameClock.charge(mover, took)) {
      note = std::string(k ? "white" : "black") + " lost on time: " + std::to_string(took) +
             " ms for a move with " + std::to_string(allowed) + " ms on its clock (" +
             formatTimeControl(clock.tc) + ")";
      return end(k ? 1 : -1);
    }
    if (m && !clocked && took > allowed + clock.toleranceMs) {
      note = std::string(k ? "white" : "black") + " lost on time: " + std::to_string(took) +
             " ms for a move with " + std::to_string(allowed) + " ms";
      return end(k ? 1 : -1);
    }
    if (!m) {
      note = std::string(k ? "white: " : "black: ") + err;
      return end(k ? 1 : -1);
    }
    if (MoveError e = game.play(*m); e != MoveError::None) {
      note = std::string(k ? "white" : "black") +
             " played an illegal move: " + game.refusalText(*m, e);
      return end(k ? 1 : -1);
    }
    played.timesMs.push_back(static_cast<int>(took));
  }
  note = describeResult(game.result());
  switch (game.result().outcome) {
    case Outcome::BlackWins:
      return end(1);
    case Outcome::WhiteWins:
      return end(-1);
    default:
      return end(0);
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> pos;
  EngineSpec e1, e2;
  Clock clock;
  Rule rule = Rule::Freestyle;
  std::string openings = std::string(GOMOKU_SHARED_DIR) + "/data/piskvork_openings_offset_15.txt";
  std::string saveDir;
  int count = 1 << 30, size = 15;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (a == "--args1")
      e1.args = split(next());
    else if (a == "--args2")
      e2.args = split(next());
    else if (a == "--time")
      clock.turnMs = std::stoll(next());
    else if (a == "--match-time")
      clock.matchMs = std::stoll(next());
    else if (a == "--clock") {
      const std::string text = next();
      const TimeControlParse parsed = parseTimeControl(text);
      if (!parsed.control) {
        std::fprintf(stderr, "--clock %s: not a clock (5m+5s, 30s/move, 10m,30s)\n", text.c_str());
        return 2;
      }
      clock.tc = *parsed.control;
    } else if (a == "--tolerance")
      clock.toleranceMs = std::stoll(next());
    else if (a == "--rule") {
      auto r = parseRule(next());
      if (!r) {
        std::fprintf(stderr, "unknown rule\n");
        return 2;
      }
      rule = *r;
    } else if (a == "--openings")
      openings = next();
    else if (a == "--count")
      count = std::stoi(next());
    else if (a == "--size")
      size = std::stoi(next());
    else if (a == "--save")
      saveDir = next();
    else
      pos.push_back(a);
  }
  if (pos.size() != 2) {
    std::fprintf(
        stderr,
        "usage: bench_ai_match ENGINE1 ENGINE2 [--args1 \"..\"] [--args2 \"..\"] [--time MS] "
        "[--match-time MS] [--clock FORM] [--tolerance MS] [--rule R] [--openings FILE] "
        "[--count N] "
        "[--size N] [--save DIR]\n");
    return 2;
  }
  e1.path = pos[0];
  e2.path = pos[1];
  auto ops = bench::readOpenings(openings, size);
  if (ops.empty()) {
    std::fprintf(stderr, "no openings in %s\n", openings.c_str());
    return 1;
  }
  if (static_cast<int>(ops.size()) > count) ops.resize(static_cast<std::size_t>(count));
  std::vector<double> scores;
  int w = 0, d = 0, l = 0;
  for (std::size_t i = 0; i < ops.size(); ++i) {
    for (int colour = 0; colour < 2; ++colour) {
      std::string note;
      const bool e1Black = colour == 0;
      Played played;
      const int r =
          playGame(e1Black ? e1 : e2, e1Black ? e2 : e1, ops[i], rule, size, clock, note, played);
      const int plies = static_cast<int>(played.moves.size());
      if (!saveDir.empty()) {
        Record rec;
        rec.size = size;
        rec.rule = rule;
        rec.moves = played.moves;
        rec.timesMs = played.timesMs;
        auto name = [](const EngineSpec& e) {
          std::string n = std::filesystem::path(e.path).filename().string();
          for (const std::string& a : e.args) n += " " + a;
          return n;
        };
        rec.engines = {name(e1Black ? e1 : e2), name(e1Black ? e2 : e1)};
        char file[64];
        std::snprintf(file, sizeof file, "opening-%02zu-%s.psq", i + 1,
                      e1Black ? "black" : "white");
        try {
          std::filesystem::create_directories(saveDir);
          saveRecordFile(std::filesystem::path(saveDir) / file, rec);
        } catch (const std::exception& ex) {
          std::fprintf(stderr, "cannot save %s: %s\n", file, ex.what());
          return 1;
        }
      }
      const int e1Result = e1Black ? r : -r;
      scores.push_back(e1Result > 0 ? 1.0 : e1Result < 0 ? 0.0 : 0.5);
      (e1Result > 0 ? w : e1Result < 0 ? l : d)++;
      std::printf("opening %2zu, engine 1 %s: %s in %d plies (%s)\n", i + 1,
                  e1Black ? "black" : "white",
                  e1Result > 0   ? "win"
                  : e1Result < 0 ? "loss"
                                 : "draw",
                  plies, note.c_str());
      std::fflush(stdout);
    }
  }
  const double n = static_cast<double>(scores.size());
  double mean = 0;
  for (double s : scores) mean += s;
  mean /= n;
  double var = 0;
  for (double s : scores) var += (s - mean) * (s - mean);
  var /= std::max(1.0, n - 1);
  const double margin = 1.96 * std::sqrt(var / n);
  auto elo = [](double s) {
    s = std::clamp(s, 0.001, 0.999);
    return -400.0 * std::log10(1.0 / s - 1.0);
  };
  std::printf(
      "engine 1: +%d =%d -%d of %d games: score %.1f %% +- %.1f %% (95 %%), Elo %+.0f "
      "[%+.0f, %+.0f]\n",
      w, d, l, static_cast<int>(n), 100 * mean, 100 * margin, elo(mean), elo(mean - margin),
      elo(mean + margin));
  for (const EngineSpec* e : {&e1, &e2})
    std::printf("engine %d thinking time per move: mean %lld ms, longest %lld ms (%lld moves)\n",
                e == &e1 ? 1 : 2, static_cast<long long>(e->moves ? e->totalMs / e->moves : 0),
                static_cast<long long>(e->maxMs), static_cast<long long>(e->moves));
  return 0;
}
