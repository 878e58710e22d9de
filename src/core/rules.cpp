#include "core/rules.h"

#include <cctype>
#include <string>

namespace gomoku {

const char* ruleName(Rule r) {
  switch (r) {
    case Rule::Freestyle:
      return "freestyle";
    case Rule::Standard:
      return "standard";
    case Rule::Renju:
      return "renju";
  }
  return "unknown";
}

std::optional<Rule> parseRule(std::string_view name) {
  std::string lower;
  for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (Rule r : {Rule::Freestyle, Rule::Standard, Rule::Renju})
    if (lower == ruleName(r)) return r;
  return std::nullopt;
}

bool ruleSupported(Rule r) {
  return r == Rule::Freestyle || r == Rule::Standard || r == Rule::Renju;
}

namespace {
int countFrom(const Board& b, Point p, Point d, Stone s) {
  int n = 0;
  for (Point q{p.x + d.x, p.y + d.y}; b.inside(q) && b.at(q) == s; q = {q.x + d.x, q.y + d.y}) ++n;
  return n;
}
}  // namespace

int runLength(const Board& b, Point p, Point d) {
  if (!b.inside(p) || b.at(p) == Stone::Empty) return 0;
  Stone s = b.at(p);
  return 1 + countFrom(b, p, d, s) + countFrom(b, p, {-d.x, -d.y}, s);
}

std::vector<Point> winningLine(const Board& b, Point last, Rule rule) {
  if (!b.inside(last) || b.at(last) == Stone::Empty) return {};
  const Stone s = b.at(last);
  const bool exact = rule == Rule::Standard || (rule == Rule::Renju && s == Stone::Black);
  for (Point d : kDirections) {
    const int back = countFrom(b, last, {-d.x, -d.y}, s);
    const int len = 1 + back + countFrom(b, last, d, s);
    if (len < 5 || (exact && len != 5)) continue;
    std::vector<Point> line;
    line.reserve(static_cast<std::size_t>(len));
    for (int i = -back; i < len - back; ++i) line.push_back({last.x + i * d.x, last.y + i * d.y});
    return line;
  }
  return {};
}

}  // namespace gomoku
