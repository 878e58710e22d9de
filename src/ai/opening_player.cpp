#include "ai/opening_player.h"

#include <algorithm>
#include <cstdlib>

#include "ai/engine.h"

namespace gomoku::ai {

namespace {

constexpr std::size_t kMaxCandidates = 32;  // points judged for one stone
constexpr int kSoosorvDeclared = 2;         // 5th moves our White declares under Soosõrv-8

// How much one search may take: nodes, and milliseconds when > 0 (a clock runs).
struct Effort {
  std::uint64_t nodes = 0;
  std::int64_t ms = 0;
};

// The score of `g` for its side to move, by a short search (deterministic without a time
// limit).
int judge(const Game& g, Effort e) {
  Limits l;
  l.maxNodes = e.nodes;
  l.turnTimeMs = e.ms;
  l.level = kMaxLevel;
  l.threads = 1;
  l.memoryBytes = 4u << 20;
  return think(g.board(), g.toMove(), g.rule(), l).score;
}

// The game after `p` is played.
Game after(const Game& g, Point p) {
  Game next = g;
  next.play(p);
  return next;
}

// Legal points for the next stone: within the step's central square, else within two lines of a
// stone (the centre on an empty board); nearest to the centre first, at most kMaxCandidates.
std::vector<Point> candidates(const Opening& o, int area) {
  const Game& g = o.game();
  const Board& b = g.board();
  const int n = g.size(), c = n / 2;
  std::vector<Point> out;
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      const Point p{x, y};
      if (g.check(p) != MoveError::None) continue;
      bool ok = false;
      if (area >= 0) {
        ok = std::abs(x - c) <= area && std::abs(y - c) <= area;
      } else if (g.ply() == 0) {
        ok = x == c && y == c;
      } else {
        for (int dy = -2; dy <= 2 && !ok; ++dy)
          for (int dx = -2; dx <= 2 && !ok; ++dx) {
            const Point q{x + dx, y + dy};
            ok = b.inside(q) && b.at(q) != Stone::Empty;
          }
      }
      if (ok) out.push_back(p);
    }
  auto distance = [c](Point p) {
    return std::max(std::abs(p.x - c), std::abs(p.y - c)) * 100 + std::abs(p.x - c) +
           std::abs(p.y - c);
  };
  std::stable_sort(out.begin(), out.end(),
                   [&](Point a, Point b) { return distance(a) < distance(b); });
  if (out.size() > kMaxCandidates) out.resize(kMaxCandidates);
  return out;
}

// The candidate after which the position is most balanced (the smallest absolute score).
Point balancedStone(const Opening& o, Effort effort) {
  const std::vector<Point> cands = candidates(o, o.area());
  Point best = cands.empty() ? Point{o.game().size() / 2, o.game().size() / 2} : cands.front();
  int bestScore = -1;
  for (Point p : cands) {
    const int s = std::abs(judge(after(o.game(), p), effort));
    if (bestScore < 0 || s < bestScore) {
      bestScore = s;
      best = p;
    }
  }
  return best;
}

// The score of `g` for `colour` (the search's score is for the side to move).
int valueFor(const Game& g, Stone colour, Effort effort) {
  const int s = judge(g, effort);
  return g.toMove() == colour ? s : -s;
}

}  // namespace

OpeningDecision decideOpening(const Opening& o, std::uint64_t nodes, std::int64_t budgetMs) {
  // At most kMaxCandidates searches (and two more) make one decision.
  const Effort each{nodes,
                    budgetMs > 0 ? std::max<std::int64_t>(1, budgetMs / (kMaxCandidates + 2)) : 0};
  OpeningDecision d;
  d.step = o.step();
  const Game& g = o.game();
  const Stone mine = o.colourOf(o.decider());
  switch (o.step()) {
    case OpeningStep::Place:
      d.point = balancedStone(o, each);
      break;
    case OpeningStep::SwapOffer:
      d.choice = valueFor(g, mine, each) < 0 ? OpeningChoice::Swap : OpeningChoice::Keep;
      break;
    case OpeningStep::ColourChoice:
      d.choice = valueFor(g, Stone::Black, each) >= 0 ? OpeningChoice::TakeBlack
                                                      : OpeningChoice::TakeWhite;
      break;
    case OpeningStep::Swap2Choice: {
      const int white = valueFor(g, Stone::White, each);
      d.choice = white > kClearScore    ? OpeningChoice::TakeWhite
                 : white < -kClearScore ? OpeningChoice::TakeBlack
                                        : OpeningChoice::PlaceTwo;
      break;
    }
    case OpeningStep::FifthChoice:
      d.choice = OpeningChoice::OneFifth;
      break;
    case OpeningStep::DeclareCount:
      d.count = kSoosorvDeclared;
      break;
    case OpeningStep::PlaceAlternatives: {
      // Black's best points (White will pick the worst of them), no two symmetric.
      std::vector<std::pair<int, Point>> ranked;
      for (Point p : candidates(o, -1))
        ranked.push_back({valueFor(after(g, p), Stone::Black, each), p});
      std::stable_sort(ranked.begin(), ranked.end(),
                       [](const auto& a, const auto& b) { return a.first > b.first; });
      for (const auto& [score, p] : ranked) {
        if (static_cast<int>(d.points.size()) == o.alternativesWanted()) break;
        const bool twin = std::any_of(d.points.begin(), d.points.end(),
                                      [&](Point q) { return o.symmetric(p, q); });
        if (!twin) d.points.push_back(p);
      }
      break;
    }
    case OpeningStep::ChooseAlternative: {
      int best = 0;
      for (Point p : o.alternatives()) {
        const int v = valueFor(after(g, p), Stone::White, each);
        if (!d.point || v > best) {
          best = v;
          d.point = p;
        }
      }
      break;
    }
    case OpeningStep::Done:
      break;
  }
  return d;
}

OpeningError applyOpening(Opening& o, const OpeningDecision& d) {
  const Seat who = o.decider();
  if (d.step != o.step()) return OpeningError::WrongStep;
  switch (d.step) {
    case OpeningStep::Place:
      return d.point ? o.place(who, *d.point) : OpeningError::WrongStep;
    case OpeningStep::SwapOffer:
    case OpeningStep::ColourChoice:
    case OpeningStep::Swap2Choice:
    case OpeningStep::FifthChoice:
      return d.choice ? o.choose(who, *d.choice) : OpeningError::BadChoice;
    case OpeningStep::DeclareCount:
      return o.declare(who, d.count);
    case OpeningStep::PlaceAlternatives:
      return o.offer(who, d.points);
    case OpeningStep::ChooseAlternative:
      return d.point ? o.pick(who, *d.point) : OpeningError::NotAnAlternative;
    case OpeningStep::Done:
      break;
  }
  return OpeningError::Finished;
}

}  // namespace gomoku::ai
