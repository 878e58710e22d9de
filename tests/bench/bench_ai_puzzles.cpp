// Puzzle runner: VCF positions of ../shared/data/vcf_puzzles.txt (format in its header) solved
// by our VCF search at a time limit per puzzle; prints the share solved per source and the
// median solving time. Usage: bench_ai_puzzles [--time MS] [--filter PREFIX] [--limit N]
// [--file PATH]. Also: bench_ai_puzzles --nps [--time MS] for nodes per second of the
// full search on fixed positions, and --vct --filter "" for the VCT positions (full engine).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "ai/engine.h"
#include "core/game.h"
#include "core/renju.h"
#include "core/rules.h"

using namespace gomoku;

namespace {

struct Puzzle {
  std::string id, kind;
  Board board{15};
  Stone attacker = Stone::Black;
};

bool parse(const std::string& line, Puzzle& p) {
  std::vector<std::string> f;
  std::stringstream ss(line);
  std::string part;
  while (std::getline(ss, part, '|')) f.push_back(part);
  if (f.size() < 8) return false;
  p.id = f[0];
  p.kind = f[6];
  p.attacker = f[3] == "W" ? Stone::White : Stone::Black;
  for (int k : {4, 5}) {
    std::stringstream st(f[static_cast<std::size_t>(k)]);
    std::string xy;
    while (st >> xy) {
      int x = 0, y = 0;
      if (std::sscanf(xy.c_str(), "%d,%d", &x, &y) != 2 || x < 0 || y < 0 || x > 14 || y > 14)
        return false;
      p.board.set({x, y}, k == 4 ? Stone::Black : Stone::White);
    }
  }
  return true;
}

// The empty points where `s` would make five under renju.
std::vector<Point> fivePoints(const Board& b, Stone s) {
  std::vector<Point> out;
  Board t = b;
  for (int y = 0; y < b.size(); ++y)
    for (int x = 0; x < b.size(); ++x) {
      if (b.at({x, y}) != Stone::Empty) continue;
      t.set({x, y}, s);
      if (!winningLine(t, {x, y}, Rule::Renju).empty()) out.push_back({x, y});
      t.set({x, y}, Stone::Empty);
    }
  return out;
}

// Checks a VCF sequence strictly: every attacker move is legal (renju) and makes a four (or
// five); every defender move is the only point that stops that five; the sequence ends with a
// five, or with a four the defender cannot stop (two five points, or the only one forbidden for
// Black).
bool verify(const Puzzle& p, const std::vector<Point>& seq) {
  Board b = p.board;
  const Stone att = p.attacker, def = opponent(att);
  for (std::size_t i = 0; i < seq.size(); ++i) {
    const Point m = seq[i];
    if (!b.inside(m) || b.at(m) != Stone::Empty) return false;
    if (i % 2 == 0) {
      if (att == Stone::Black && renjuForbidden(b, m) != Forbidden::None) return false;
      b.set(m, att);
      if (!winningLine(b, m, Rule::Renju).empty()) return i + 1 == seq.size();
      const auto fives = fivePoints(b, att);
      if (fives.empty()) return false;  // not a four
      if (i + 1 == seq.size())
        return fives.size() >= 2 ||
               (def == Stone::Black && renjuForbidden(b, fives[0]) != Forbidden::None);
      if (fives.size() != 1 || fives[0] != seq[i + 1]) return false;
    } else {
      b.set(m, def);
      if (!winningLine(b, m, Rule::Renju).empty()) return false;  // the defender made five
      // A four made by the block must be answered on its five point (unless we make five).
      const auto dfives = fivePoints(b, def);
      if (!dfives.empty() && i + 1 < seq.size()) {
        Board t = b;
        t.set(seq[i + 1], att);
        const bool five =
            b.at(seq[i + 1]) == Stone::Empty && !winningLine(t, seq[i + 1], Rule::Renju).empty();
        if (!five && (dfives.size() > 1 || dfives[0] != seq[i + 1])) return false;
      }
    }
  }
  return false;
}

// Fixed positions: four openings of the shared file (offset form) continued for 12 plies by the
// engine itself with a node limit (deterministic), under freestyle and renju. Only searched
// positions count (not an immediate block or win).
int runNps(std::int64_t ms, const std::string& openingsFile) {
  std::vector<std::vector<Point>> openings = {{{7, 7}, {8, 7}, {8, 9}},
                                              {{7, 7}, {8, 8}, {7, 10}},
                                              {{7, 7}, {7, 8}, {9, 9}},
                                              {{7, 7}, {8, 6}, {9, 9}}};
  if (std::ifstream in(openingsFile); in) {
    openings.clear();
    std::string line;
    while (std::getline(in, line) && openings.size() < 4) {
      int v[6];
      if (std::sscanf(line.c_str(), "%d,%d, %d,%d, %d,%d", &v[0], &v[1], &v[2], &v[3], &v[4],
                      &v[5]) != 6)
        continue;
      openings.push_back({{7 + v[0], 7 + v[1]}, {7 + v[2], 7 + v[3]}, {7 + v[4], 7 + v[5]}});
    }
  }
  std::uint64_t nodes = 0;
  std::int64_t elapsed = 0;
  for (Rule rule : {Rule::Freestyle, Rule::Renju}) {
    for (const auto& o : openings) {
      Game g(15, rule);
      for (Point p : o) g.play(p);
      while (g.ply() < 10 && !g.over()) {
        ai::Limits l;
        l.maxNodes = 20000;
        auto r = ai::think(g.board(), g.toMove(), rule, l);
        if (!r.move || g.play(*r.move) != MoveError::None) break;
      }
      if (g.over()) continue;
      ai::Limits l;
      l.turnTimeMs = ms;
      l.memoryBytes = 64u << 20;
      auto r = ai::think(g.board(), g.toMove(), rule, l);
      std::printf("%-9s %2d stones: depth %2d, %9llu nodes, %5lld ms, %8.0f nodes/s (%s)\n",
                  ruleName(rule), g.ply(), r.depth, static_cast<unsigned long long>(r.nodes),
                  static_cast<long long>(r.elapsedMs),
                  r.elapsedMs ? r.nodes * 1000.0 / static_cast<double>(r.elapsedMs) : 0.0,
                  r.reason.c_str());
      if (r.reason != "search") continue;
      nodes += r.nodes;
      elapsed += r.elapsedMs;
    }
  }
  std::printf("total: %llu nodes in %lld ms = %.0f nodes/s\n",
              static_cast<unsigned long long>(nodes), static_cast<long long>(elapsed),
              elapsed ? nodes * 1000.0 / static_cast<double>(elapsed) : 0.0);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string file = std::string(GOMOKU_SHARED_DIR) + "/data/vcf_puzzles.txt";
  std::string filter = "lfz_";
  std::int64_t ms = 1000;
  int limit = 1 << 30;
  bool nps = false;
  bool vct = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (a == "--time")
      ms = std::stoll(next());
    else if (a == "--filter")
      filter = next();
    else if (a == "--limit")
      limit = std::stoi(next());
    else if (a == "--file")
      file = next();
    else if (a == "--nps")
      nps = true;
    else if (a == "--vct")
      vct = true;
    else {
      std::fprintf(stderr, "unknown option %s\n", a.c_str());
      return 2;
    }
  }
  if (nps)
    return runNps(ms, std::string(GOMOKU_SHARED_DIR) + "/data/piskvork_openings_offset_15.txt");
  std::ifstream in(file);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", file.c_str());
    return 1;
  }
  std::string line;
  std::map<std::string, std::pair<int, int>> bySource;  // prefix -> solved, total
  std::vector<double> times;
  int total = 0, solved = 0, wrong = 0;
  std::vector<std::string> failed;
  while (std::getline(in, line) && total < limit) {
    if (line.empty() || line[0] == '#' || line.rfind(filter, 0) != 0) continue;
    Puzzle p;
    if (!parse(line, p)) continue;
    if (vct) {
      // VCT positions: the full engine (level 5) at the time limit; solved when it reports a
      // forced win, and whether its first move is the known one.
      if (p.kind != "VCT") continue;
      ++total;
      ai::Limits l;
      l.turnTimeMs = ms;
      const auto t0 = std::chrono::steady_clock::now();
      auto r = ai::think(p.board, p.attacker, Rule::Renju, l);
      const double t =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      const std::string expected = line.substr(line.rfind('|') + 1);
      char got[32] = "-";
      if (r.move) std::snprintf(got, sizeof got, "first=%d,%d", r.move->x, r.move->y);
      std::printf("%-40s %s (%s) in %.0f ms, expected %s%s\n", p.id.c_str(), got, r.reason.c_str(),
                  t, expected.c_str(),
                  r.forcedWin ? (expected == got ? "  solved" : "  forced win, other move")
                              : "  not solved");
      if (r.forcedWin) ++solved;
      continue;
    }
    if (p.kind != "VCF") continue;
    ++total;
    const auto t0 = std::chrono::steady_clock::now();
    auto seq = ai::findVcf(p.board, p.attacker, Rule::Renju, 0, ms);
    const double t =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::string src = p.id.substr(0, p.id.find_last_of('_'));
    auto& entry = bySource[src];
    ++entry.second;
    const bool ok = !seq.empty() && verify(p, seq);
    if (!seq.empty() && !ok) ++wrong;
    if (ok) {
      ++solved;
      ++entry.first;
      times.push_back(t);
    } else {
      failed.push_back(p.id);
    }
  }
  if (vct) {
    std::printf("VCT: forced win found in %d of %d positions at %lld ms\n", solved, total,
                static_cast<long long>(ms));
    return 0;
  }
  std::sort(times.begin(), times.end());
  for (const auto& [src, st] : bySource)
    std::printf("%-24s %4d / %4d  %.1f %%\n", src.c_str(), st.first, st.second,
                100.0 * st.first / std::max(1, st.second));
  std::printf("solved %d of %d VCF puzzles (%.1f %%) at %lld ms each; %d wrong sequences\n", solved,
              total, 100.0 * solved / std::max(1, total), static_cast<long long>(ms), wrong);
  if (!times.empty())
    std::printf("median time of solved: %.2f ms, 90th percentile %.2f ms, max %.2f ms\n",
                times[times.size() / 2], times[times.size() * 9 / 10], times.back());
  std::printf("unsolved:");
  for (std::size_t i = 0; i < failed.size() && i < 30; ++i) std::printf(" %s", failed[i].c_str());
  std::printf("%s\n", failed.size() > 30 ? " ..." : "");
  return 0;
}
