// Puzzle runner: VCF positions of ../shared/data/vcf_puzzles.txt (format in its header) solved
// by our VCF search at a time limit per puzzle; prints the share solved per source and the
// median solving time. Usage: bench_ai_puzzles [--time MS] [--filter PREFIX] [--limit N]
// [--file PATH]. Also: bench_ai_puzzles --nps [--time MS] for nodes per second of the
// full search on fixed positions.
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

// Checks a VCF sequence: attacker moves are legal (renju), each is a four or five, and it ends
// with a five. Returns true when it holds.
bool verify(const Puzzle& p, const std::vector<Point>& seq) {
  Board b = p.board;
  Stone s = p.attacker;
  for (std::size_t i = 0; i < seq.size(); ++i) {
    const Point m = seq[i];
    if (!b.inside(m) || b.at(m) != Stone::Empty) return false;
    if (s == Stone::Black && renjuForbidden(b, m) != Forbidden::None) return false;
    b.set(m, s);
    if (!winningLine(b, m, Rule::Renju).empty()) return i + 1 == seq.size() && s == p.attacker;
    s = opponent(s);
  }
  // The last attacker move may be an open four / double four or a four whose only defence is
  // forbidden: accept when the sequence ends with an attacker move.
  return !seq.empty() && seq.size() % 2 == 1;
}

int runNps(std::int64_t ms) {
  const std::vector<std::vector<Point>> games = {
      {{7, 7}, {7, 8}, {8, 8}, {6, 6}, {8, 6}, {9, 7}},
      {{7, 7}, {8, 6}, {8, 8}, {6, 8}, {9, 9}, {10, 10}, {6, 6}, {7, 6}},
      {{7, 7}, {8, 7}, {7, 8}, {7, 6}, {6, 7}, {8, 9}, {6, 6}, {5, 5}, {8, 8}, {9, 9}},
  };
  std::uint64_t nodes = 0;
  std::int64_t elapsed = 0;
  for (Rule rule : {Rule::Freestyle, Rule::Renju}) {
    for (const auto& g : games) {
      Board b(15);
      Stone s = Stone::Black;
      for (Point p : g) {
        b.set(p, s);
        s = opponent(s);
      }
      ai::Limits l;
      l.turnTimeMs = ms;
      l.memoryBytes = 64u << 20;
      auto r = ai::think(b, s, rule, l);
      std::printf(
          "%-9s %2zu stones: depth %2d, %9llu nodes, %5lld ms, %7.0f nodes/s, move %d,%d (%s)\n",
          ruleName(rule), g.size(), r.depth, static_cast<unsigned long long>(r.nodes),
          static_cast<long long>(r.elapsedMs),
          r.elapsedMs ? r.nodes * 1000.0 / static_cast<double>(r.elapsedMs) : 0.0,
          r.move ? r.move->x : -1, r.move ? r.move->y : -1, r.reason.c_str());
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
    else {
      std::fprintf(stderr, "unknown option %s\n", a.c_str());
      return 2;
    }
  }
  if (nps) return runNps(ms);
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
    if (!parse(line, p) || p.kind != "VCF") continue;
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
