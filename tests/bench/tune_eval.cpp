// Fits the engine's evaluation weights (src/ai/eval.h) to game results, and writes them as
// src/ai/eval_weights.inc.
//
// Each position of each game (from the fifth stone on) where the side to move cannot win at once
// and need not block a five becomes a sample: the number of empty points near stones in each
// point class, for the side to move and for the other side, and the result of the game for the
// side to move (1 win, 0.5 draw, 0 loss). The model is the engine's own evaluation,
//   eval = tempo + sum of self[class] over the mover's points - sum of opp[class] over the other's,
// read as a win probability sigmoid(eval / scale); the weights minimise the cross-entropy plus a
// pull towards the hand-set weights (eval.h: handWeights), which keeps classes that games rarely
// show where they were. Every fifth game is held out, and the held-out loss of the hand-set and
// the fitted weights is printed: keep the fitted ones only when they do better there.
//
// Usage: tune_eval [MANIFEST.csv ...] [--selfplay GAMES] [--nodes N] [--openings FILE]
//                  [--out FILE] [--iterations N] [--pull X]
//   MANIFEST.csv: ../shared/data/games/manifest.csv (path,rule,size,moves,end_kind,
//   replay_winner,recorded_result,source; paths relative to the manifest's folder).
//   --selfplay: also play GAMES games of the engine against itself (level 5, N nodes a move,
//   default 4000; freestyle 15x15 from the openings of FILE, default
//   ../shared/data/piskvork_openings_offset_15.txt, plus two random moves), on two threads.
//   --out: where to write the weights (default: print the held-out losses only).

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "ai/engine.h"
#include "ai/eval.h"
#include "ai/position.h"
#include "core/game.h"
#include "openings.h"
#include "record/record.h"

using namespace gomoku;
using namespace gomoku::ai;

namespace {

struct Sample {
  std::vector<std::pair<std::int16_t, std::int16_t>> self, opp;  // (class, count)
  float result;                                                  // for the side to move
};

std::vector<std::string> splitCsv(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  for (char ch : line) {
    if (ch == ',') {
      out.push_back(cur);
      cur.clear();
    } else if (ch != '\r') {
      cur += ch;
    }
  }
  out.push_back(cur);
  return out;
}

// Samples of one game; `winner` 1 black, 2 white, 0 draw.
void samplesOfGame(const Record& rec, Rule rule, int winner, std::vector<Sample>& out) {
  Position pos(rec.size, rule);
  const int n = rec.size;
  for (std::size_t k = 0; k < rec.moves.size(); ++k) {
    const int stm = k % 2 == 0 ? kBlack : kWhite, opp = 3 - stm;
    if (k >= 4) {
      int selfCount[kPointClasses] = {}, oppCount[kPointClasses] = {};
      bool decided = false;
      for (int y = 0; y < n && !decided; ++y)
        for (int x = 0; x < n && !decided; ++x) {
          const int i = cellIndex(x, y);
          if (!pos.empty(i) || !pos.nearby(i)) continue;
          const int sc = pos.pointClassAt(i, stm), oc = pos.pointClassAt(i, opp);
          const unsigned sf = classInfo(sc).flags, of = classInfo(oc).flags;
          if ((sf & (kFlagFive | kFlagWin4)) && !(stm == kBlack && pos.forbidden(i)))
            decided = true;                    // the side to move wins at once
          if (of & kFlagFive) decided = true;  // a forced block
          ++selfCount[sc];
          ++oppCount[oc];
        }
      if (!decided) {
        Sample s;
        for (int c = 0; c < kPointClasses; ++c) {
          if (selfCount[c]) s.self.emplace_back(c, selfCount[c]);
          if (oppCount[c]) s.opp.emplace_back(c, oppCount[c]);
        }
        s.result = winner == 0 ? 0.5f : winner == stm ? 1.0f : 0.0f;
        out.push_back(std::move(s));
      }
    }
    const Point p = rec.moves[k];
    if (!pos.board().inside(p)) return;
    const int i = cellIndex(p.x, p.y);
    if (!pos.empty(i)) return;
    pos.play(i, stm);
  }
}

// One game of the engine against itself from `opening` plus two random nearby moves; the
// moves and the winner (1 black, 2 white, 0 draw).
std::pair<Record, int> selfPlayGame(const std::vector<Point>& opening, std::uint64_t seed,
                                    std::uint64_t nodes) {
  std::mt19937_64 rng(seed);
  Game g(15, Rule::Freestyle);
  for (Point p : opening)
    if (!g.over() && g.check(p) == MoveError::None) g.play(p);
  for (int k = 0; k < 2 && !g.over(); ++k)
    for (int tries = 0; tries < 50; ++tries) {
      const Point p{7 + static_cast<int>(rng() % 7) - 3, 7 + static_cast<int>(rng() % 7) - 3};
      if (g.check(p) == MoveError::None) {
        g.play(p);
        break;
      }
    }
  while (!g.over()) {
    Limits l;
    l.level = kMaxLevel;
    l.maxNodes = nodes;
    l.memoryBytes = 8u << 20;
    l.seed = rng();
    const SearchResult r = think(g.board(), g.toMove(), Rule::Freestyle, l);
    if (!r.move || g.check(*r.move) != MoveError::None) break;
    g.play(*r.move);
  }
  Record rec;
  rec.size = 15;
  rec.moves = g.moves();
  const Outcome o = g.result().outcome;
  const int winner = o == Outcome::BlackWins ? kBlack : o == Outcome::WhiteWins ? kWhite : 0;
  return {rec, winner};
}

struct Model {
  std::vector<double> self, opp;
  double tempo;
};

double evalOf(const Model& m, const Sample& s) {
  double v = m.tempo;
  for (auto [c, k] : s.self) v += m.self[c] * k;
  for (auto [c, k] : s.opp) v -= m.opp[c] * k;
  return v;
}

double loss(const Model& m, const std::vector<const Sample*>& set, double scale) {
  double l = 0;
  for (const Sample* s : set) {
    const double p = 1.0 / (1.0 + std::exp(-evalOf(m, *s) / scale));
    const double q = std::clamp(p, 1e-9, 1 - 1e-9);
    l -= s->result * std::log(q) + (1 - s->result) * std::log(1 - q);
  }
  return l / static_cast<double>(set.size());
}

Model fromWeights(const EvalWeights& w) {
  Model m;
  m.self.assign(w.self.begin(), w.self.end());
  m.opp.assign(w.opp.begin(), w.opp.end());
  m.tempo = w.tempo;
  return m;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> manifests;
  std::string outPath;
  int selfPlay = 0;
  std::uint64_t nodes = 4000;
  std::string openingsPath =
      std::string(GOMOKU_SHARED_DIR) + "/data/piskvork_openings_offset_15.txt";
  int iterations = 2000;
  double pull = 1e-6;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--out" && i + 1 < argc)
      outPath = argv[++i];
    else if (a == "--iterations" && i + 1 < argc)
      iterations = std::atoi(argv[++i]);
    else if (a == "--pull" && i + 1 < argc)
      pull = std::atof(argv[++i]);
    else if (a == "--selfplay" && i + 1 < argc)
      selfPlay = std::atoi(argv[++i]);
    else if (a == "--nodes" && i + 1 < argc)
      nodes = std::strtoull(argv[++i], nullptr, 10);
    else if (a == "--openings" && i + 1 < argc)
      openingsPath = argv[++i];
    else if (!a.empty() && a[0] != '-')
      manifests.push_back(a);
    else {
      std::fprintf(stderr,
                   "usage: tune_eval MANIFEST.csv [...] [--out FILE] [--iterations N] "
                   "[--pull X]\n");
      return 2;
    }
  }
  if (manifests.empty() && selfPlay <= 0) {
    std::fprintf(stderr,
                 "tune_eval: no games: give a manifest (../shared/data/games/manifest.csv) or "
                 "--selfplay N\n");
    return 2;
  }
  std::vector<Sample> train, held;
  int games = 0, skipped = 0;
  for (const std::string& mf : manifests) {
    std::ifstream in(mf);
    if (!in) {
      std::fprintf(stderr, "tune_eval: cannot read %s\n", mf.c_str());
      return 1;
    }
    const std::filesystem::path dir = std::filesystem::path(mf).parent_path();
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
      const auto f = splitCsv(line);
      if (f.size() < 7) continue;
      const std::string& winnerText = !f[5].empty() ? f[5] : f[6];
      int winner = -1;
      if (winnerText == "black") winner = kBlack;
      if (winnerText == "white" || winnerText == "white(foul)") winner = kWhite;
      if (winnerText == "draw") winner = 0;
      const Rule rule = f[1] == "renju" ? Rule::Renju : Rule::Freestyle;
      if (winner < 0 || f[4] == "corrupt") {
        ++skipped;
        continue;
      }
      try {
        ReadOptions opt;
        opt.boardSize = std::atoi(f[2].c_str());
        const Record rec = readRecordFile(dir / f[0], opt);
        samplesOfGame(rec, rule, winner, games % 5 == 4 ? held : train);
        ++games;
      } catch (const std::exception& e) {
        ++skipped;
      }
    }
  }
  if (selfPlay > 0) {
    const auto openings = bench::readOpenings(openingsPath, 15);
    if (openings.empty()) {
      std::fprintf(stderr, "tune_eval: no openings in %s\n", openingsPath.c_str());
      return 1;
    }
    std::vector<std::pair<Record, int>> played(static_cast<std::size_t>(selfPlay));
    auto worker = [&](int first) {
      for (int g = first; g < selfPlay; g += 2)
        played[static_cast<std::size_t>(g)] =
            selfPlayGame(openings[static_cast<std::size_t>(g) % openings.size()],
                         static_cast<std::uint64_t>(g) * 7919 + 17, nodes);
    };
    std::thread other(worker, 1);
    worker(0);
    other.join();
    int wins[3] = {};
    for (const auto& [rec, winner] : played) {
      ++wins[winner];
      samplesOfGame(rec, Rule::Freestyle, winner, games % 5 == 4 ? held : train);
      ++games;
    }
    std::printf("self-play: %d games, Black %d, White %d, draws %d\n", selfPlay, wins[1], wins[2],
                wins[0]);
  }
  std::printf("%d games (%d skipped), %zu training positions, %zu held out\n", games, skipped,
              train.size(), held.size());
  if (train.empty() || held.empty()) return 1;
  std::vector<const Sample*> tr, he;
  for (const Sample& s : train) tr.push_back(&s);
  for (const Sample& s : held) he.push_back(&s);

  const Model hand = fromWeights(handWeights());
  // The scale that fits the hand-set weights best: the fitted weights keep the same units.
  double scale = 100, bestLoss = 1e9;
  for (double sc = 50; sc <= 3000; sc *= 1.1) {
    const double l = loss(hand, tr, sc);
    if (l < bestLoss) bestLoss = l, scale = sc;
  }
  std::printf("scale %.0f; hand-set weights: training loss %.5f, held-out loss %.5f\n", scale,
              loss(hand, tr, scale), loss(hand, he, scale));

  // Adam on the full training set.
  Model m = hand;
  const std::size_t np = 2 * kPointClasses + 1;
  std::vector<double> g(np), mo(np, 0), ve(np, 0);
  const double lr = 2.0, b1 = 0.9, b2 = 0.999;
  for (int it = 1; it <= iterations; ++it) {
    std::fill(g.begin(), g.end(), 0);
    for (const Sample* s : tr) {
      const double p = 1.0 / (1.0 + std::exp(-evalOf(m, *s) / scale));
      const double d = (p - s->result) / scale;  // d loss / d eval
      for (auto [c, k] : s->self) g[c] += d * k;
      for (auto [c, k] : s->opp) g[kPointClasses + c] -= d * k;
      g[np - 1] += d;
    }
    for (std::size_t j = 0; j < np; ++j) {
      g[j] /= static_cast<double>(tr.size());
      const double w = j < kPointClasses       ? m.self[j]
                       : j < 2 * kPointClasses ? m.opp[j - kPointClasses]
                                               : m.tempo;
      const double w0 = j < kPointClasses       ? hand.self[j]
                        : j < 2 * kPointClasses ? hand.opp[j - kPointClasses]
                                                : hand.tempo;
      g[j] += 2 * pull * (w - w0);
      mo[j] = b1 * mo[j] + (1 - b1) * g[j];
      ve[j] = b2 * ve[j] + (1 - b2) * g[j] * g[j];
      const double step = lr * (mo[j] / (1 - std::pow(b1, it))) /
                          (std::sqrt(ve[j] / (1 - std::pow(b2, it))) + 1e-12);
      if (j < kPointClasses)
        m.self[j] -= step;
      else if (j < 2 * kPointClasses)
        m.opp[j - kPointClasses] -= step;
      else
        m.tempo -= step;
    }
    if (it % 200 == 0 || it == iterations)
      std::printf("iteration %d: training loss %.5f, held-out loss %.5f\n", it, loss(m, tr, scale),
                  loss(m, he, scale));
  }
  if (outPath.empty()) return 0;
  std::ofstream out(outPath);
  auto put = [&](const char* name, const std::vector<double>& w) {
    out << "constexpr std::int16_t " << name << "[" << kPointClasses << "] = {";
    for (int c = 0; c < kPointClasses; ++c) {
      if (c % 12 == 0) out << "\n   ";
      out << " " << std::lround(std::clamp(w[c], -30000.0, 30000.0)) << ",";
    }
    out << "\n};\n";
  };
  std::string command = "tune_eval";
  for (int i = 1; i < argc; ++i) command += std::string(" ") + argv[i];
  out << "// Evaluation weights per point class (eval.h), written by tests/bench/tune_eval.cpp:\n"
      << "//   " << command << "\n"
      << "// " << games << " games, " << train.size() << " training and " << held.size()
      << " held-out positions; held-out loss " << loss(m, he, scale) << " (hand-set weights "
      << loss(hand, he, scale) << ").\n";
  put("kFittedSelf", m.self);
  put("kFittedOpp", m.opp);
  out << "constexpr std::int16_t kFittedTempo = " << std::lround(m.tempo) << ";\n";
  std::printf("weights written to %s\n", outPath.c_str());
  return 0;
}
