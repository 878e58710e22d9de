#pragma once
/// @file Reads a Gomocup openings file in offset form (../shared/data/
/// piskvork_openings_offset_15.txt): one opening a line, "dx,dy" pairs from the centre of the
/// board, stones alternating from Black. For the match runner and the evaluation tuner.

#include <cstddef>
#include <fstream>
#include <string>
#include <vector>

#include "core/types.h"

namespace gomoku::bench {

/// The openings of `path` on a board of `size` (x = column, y = row, 0-based, centre size / 2);
/// lines without an even number (>= 2) of numbers are skipped; empty when the file is unreadable.
inline std::vector<std::vector<Point>> readOpenings(const std::string& path, int size) {
  std::vector<std::vector<Point>> out;
  std::ifstream in(path);
  std::string line;
  const int c = size / 2;
  while (std::getline(in, line)) {
    std::vector<int> nums;
    std::string cur;
    for (char ch : line + ",") {
      if (ch == ',') {
        if (!cur.empty()) nums.push_back(std::stoi(cur));
        cur.clear();
      } else if (ch == '-' || (ch >= '0' && ch <= '9')) {
        cur += ch;
      }
    }
    if (nums.size() < 2 || nums.size() % 2) continue;
    std::vector<Point> moves;
    for (std::size_t i = 0; i < nums.size(); i += 2)
      moves.push_back({c + nums[i], c + nums[i + 1]});
    out.push_back(moves);
  }
  return out;
}

}  // namespace gomoku::bench
