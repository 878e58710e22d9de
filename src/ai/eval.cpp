#include "ai/eval.h"

#include <algorithm>

#include "ai/position.h"

namespace gomoku::ai {

namespace {

// Worth of one direction's pattern for move ordering, by Pat.
constexpr int kPatValue[9] = {0, 2, 8, 10, 40, 50, 400, 2000, 0};

struct ClassTables {
  std::array<std::int16_t, 9 * 9 * 9 * 9> index{};  // by p0*729 + p1*81 + p2*9 + p3
  std::array<ClassInfo, kPointClasses> info{};
};

ClassInfo describe(const std::uint8_t (&n)[9]) {
  ClassInfo ci{};
  std::copy(std::begin(n), std::end(n), std::begin(ci.count));
  int v = 0;
  for (int p = 1; p < 9; ++p) v += n[p] * kPatValue[p];
  unsigned flags = 0;
  const int fours = n[kB4] + n[kF4];
  if (n[kFive]) {
    flags |= kFlagFive;
    v += 100000;
  } else {
    if (fours) flags |= kFlagFour;
    if (n[kF3]) flags |= kFlagThree;
    if (n[kF4] || n[kB4] >= 2) {
      flags |= kFlagWin4;
      v += 1000;
    } else if (n[kB4] && n[kF3]) {
      flags |= kFlagFourThree;
      v += 300;
    } else if (n[kF3] >= 2) {
      v += 150;
    }
  }
  if (n[kOverline] || n[kF4] || fours >= 2 || n[kF3] >= 2) flags |= kFlagMaybeForbidden;
  ci.value = v;
  ci.flags = static_cast<std::uint8_t>(flags);
  return ci;
}

const ClassTables& classTables() {
  static const ClassTables t = [] {
    ClassTables tb;
    int next = 0;
    for (int a = 0; a < 9; ++a)
      for (int b = a; b < 9; ++b)
        for (int c = b; c < 9; ++c)
          for (int d = c; d < 9; ++d) {
            std::uint8_t n[9] = {};
            ++n[a], ++n[b], ++n[c], ++n[d];
            tb.info[next] = describe(n);
            const int p[4] = {a, b, c, d};
            // Every ordering of the four patterns gets the same class.
            int perm[4] = {0, 1, 2, 3};
            do {
              tb.index[p[perm[0]] * 729 + p[perm[1]] * 81 + p[perm[2]] * 9 + p[perm[3]]] =
                  static_cast<std::int16_t>(next);
            } while (std::next_permutation(perm, perm + 4));
            ++next;
          }
    return tb;
  }();
  return t;
}

#include "ai/eval_weights.inc"

}  // namespace

int pointClass(int p0, int p1, int p2, int p3) {
  return classTables().index[p0 * 729 + p1 * 81 + p2 * 9 + p3];
}

const ClassInfo& classInfo(int cls) {
  return classTables().info[cls];
}

EvalWeights handWeights() {
  EvalWeights w;
  for (int c = 0; c < kPointClasses; ++c) {
    const int v = std::min(classInfo(c).value, 300);
    w.self[c] = static_cast<std::int16_t>(v * 6 / 8);
    w.opp[c] = static_cast<std::int16_t>(v * 5 / 8);
  }
  w.tempo = 10;
  return w;
}

const EvalWeights& evalWeights() {
  static const EvalWeights w = [] {
    EvalWeights f;
    if (sizeof(kFittedSelf) / sizeof(kFittedSelf[0]) != kPointClasses) return handWeights();
    std::copy(std::begin(kFittedSelf), std::end(kFittedSelf), f.self.begin());
    std::copy(std::begin(kFittedOpp), std::end(kFittedOpp), f.opp.begin());
    f.tempo = kFittedTempo;
    return f;
  }();
  return w;
}

const ClassEval* classEvalTable() {
  static const std::array<ClassEval, kPointClasses> t = [] {
    std::array<ClassEval, kPointClasses> out{};
    const EvalWeights& w = evalWeights();
    for (int c = 0; c < kPointClasses; ++c) out[c] = {w.self[c], w.opp[c], classInfo(c).flags};
    return out;
  }();
  return t.data();
}

}  // namespace gomoku::ai
