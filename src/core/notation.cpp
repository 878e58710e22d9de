#include "core/notation.h"

#include <cctype>

namespace gomoku {

std::string toRif(Point p, int size) {
  std::string text = pointName(p, size);
  text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  return text;
}

std::string pointName(Point p, int size) {
  if (p.x < 0 || p.y < 0 || p.x >= size || p.y >= size) return toXY(p);
  return columnLetter(p.x) + std::to_string(size - p.y);
}

char columnLetter(int x) {
  return static_cast<char>('A' + x);
}

std::string toXY(Point p) {
  return std::to_string(p.x) + "," + std::to_string(p.y);
}

namespace {
std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// Parses a non-negative decimal of at most 3 digits; nullopt otherwise.
std::optional<int> parseSmall(std::string_view s) {
  s = trim(s);
  if (s.empty() || s.size() > 3) return std::nullopt;
  int v = 0;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}
}  // namespace

std::optional<Point> parsePoint(std::string_view text, int size) {
  text = trim(text);
  if (text.empty()) return std::nullopt;
  if (auto comma = text.find(','); comma != std::string_view::npos) {
    auto x = parseSmall(text.substr(0, comma));
    auto y = parseSmall(text.substr(comma + 1));
    if (!x || !y) return std::nullopt;
    return Point{*x, *y};
  }
  const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(text.front())));
  if (c < 'a' || c > 'z') return std::nullopt;
  auto row = parseSmall(text.substr(1));
  if (!row || *row == 0) return std::nullopt;
  return Point{c - 'a', size - *row};
}

}  // namespace gomoku
