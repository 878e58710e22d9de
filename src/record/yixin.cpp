#include "record/yixin.h"

#include <cctype>
#include <optional>
#include <vector>

#include "core/notation.h"
#include "record/text.h"

namespace gomoku {

namespace {}  // namespace

Record readYixinSav(std::string_view text, const ReadOptions& options) {
  if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  // Split into lines, remembering their numbers; blank lines are skipped.
  struct Line {
    int number;
    std::string_view text;
  };
  std::vector<Line> lines;
  int lineNo = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    ++lineNo;
    const std::string_view raw = text.substr(start, end - start);
    for (char ch : raw) {
      const auto c = static_cast<unsigned char>(ch);
      if (c == 0) throw RecordError(lineNo, "binary data (a NUL byte); not a Yixin .sav text file");
      if ((c < 0x20 && c != '\t' && c != '\r') || c >= 0x80)
        throw RecordError(
            lineNo, "binary data (byte " + std::to_string(c) + "); not a Yixin .sav text file");
    }
    const std::string_view t = recordtext::trimBlanks(raw);
    if (!t.empty()) lines.push_back({lineNo, t});
    if (end == text.size()) break;
    start = end + 1;
  }
  if (lines.empty()) throw RecordError(0, "empty file: no Yixin .sav record");
  // Where a truncated file ends: its last line with text (not the empty piece after the final
  // line break, which an editor does not show as a line).
  lineNo = lines.back().number;

  auto header = [&](std::size_t k, const char* what) -> int {
    if (k >= lines.size())
      throw RecordError(
          lineNo, std::string("the file ends before the ") + what + " (truncated Yixin .sav)");
    const auto v = recordtext::smallNumber(lines[k].text);
    if (!v)
      throw RecordError(lines[k].number, std::string("expected the ") + what + ", found \"" +
                                             recordtext::shortened(lines[k].text, 30) +
                                             "\" (not a Yixin .sav file)");
    return *v;
  };
  const int width = header(0, "board width");
  if (width < Board::kMinSize || width > Board::kMaxSize)
    throw RecordError(lines[0].number, "board size " + std::to_string(width) + " is outside " +
                                           std::to_string(Board::kMinSize) + ".." +
                                           std::to_string(Board::kMaxSize));
  const int height = header(1, "board height");
  if (height != width)
    throw RecordError(lines[1].number, "the board is " + std::to_string(width) + "x" +
                                           std::to_string(height) +
                                           "; only square boards are supported");
  const int count = header(2, "number of moves");
  if (count > width * width)
    throw RecordError(lines[2].number, std::to_string(count) + " moves do not fit on a " +
                                           std::to_string(width) + "x" + std::to_string(width) +
                                           " board");
  Record rec;
  rec.size = width;
  Board board(width);
  std::vector<int> movedAt(static_cast<std::size_t>(width * width), 0);
  for (int n = 1; n <= count; ++n) {
    const std::size_t k = static_cast<std::size_t>(n) + 2;
    if (k >= lines.size())
      throw RecordError(lineNo, "the file ends after " + std::to_string(n - 1) + " of the " +
                                    std::to_string(count) + " moves it announces (truncated)");
    const Line& line = lines[k];
    std::string_view t = line.text;
    std::size_t gap = t.find_first_of(" \t,");
    std::optional<int> x, y;
    if (gap != std::string_view::npos) {
      x = recordtext::smallNumber(t.substr(0, gap));
      y = recordtext::smallNumber(
          recordtext::trimBlanks(t.substr(t.find_first_not_of(" \t,", gap) == std::string_view::npos
                                              ? t.size()
                                              : t.find_first_not_of(" \t,", gap))));
    }
    if (!x || !y)
      throw RecordError(line.number, "move " + std::to_string(n) + " \"" +
                                         recordtext::shortened(t, 30) +
                                         "\" is not two numbers \"x y\"");
    const Point p{*x, *y};
    std::string problem;
    if (!board.inside(p)) {
      problem = "move " + std::to_string(n) + " (" + std::to_string(*x) + " " + std::to_string(*y) +
                ") is off the " + std::to_string(width) + "x" + std::to_string(width) + " board";
    } else if (board.at(p) != Stone::Empty) {
      problem = "move " + std::to_string(n) + " (" + pointName(p, width) +
                ") is on the point of move " +
                std::to_string(movedAt[static_cast<std::size_t>(p.y * width + p.x)]);
    } else {
      board.set(p, n % 2 == 1 ? Stone::Black : Stone::White);
      movedAt[static_cast<std::size_t>(p.y * width + p.x)] = n;
    }
    if (!problem.empty()) {
      if (!options.keepIllegalMoves) throw RecordError(line.number, problem);
      rec.warnings.push_back("line " + std::to_string(line.number) + ": " + problem);
    }
    rec.moves.push_back(p);
    rec.moveLines.push_back(line.number);
  }
  if (lines.size() > static_cast<std::size_t>(count) + 3) {
    const Line& extra = lines[static_cast<std::size_t>(count) + 3];
    throw RecordError(extra.number, "\"" + recordtext::shortened(extra.text, 30) + "\" after the " +
                                        std::to_string(count) + " moves the file announces");
  }
  return rec;
}

std::string writeYixinSav(const Record& record) {
  if (record.size < Board::kMinSize || record.size > Board::kMaxSize)
    throw RecordError(0, "cannot write a Yixin .sav record: board size " +
                             std::to_string(record.size) + " is outside " +
                             std::to_string(Board::kMinSize) + ".." +
                             std::to_string(Board::kMaxSize));
  const Board board(record.size);
  std::string out = std::to_string(record.size) + "\n" + std::to_string(record.size) + "\n" +
                    std::to_string(record.moves.size()) + "\n";
  for (std::size_t k = 0; k < record.moves.size(); ++k) {
    const Point p = record.moves[k];
    if (!board.inside(p))
      throw RecordError(0, "cannot write a Yixin .sav record: move " + std::to_string(k + 1) +
                               " (" + toXY(p) + ", 0-based) is off the board");
    out += std::to_string(p.x) + " " + std::to_string(p.y) + "\n";
  }
  return out;
}

}  // namespace gomoku
