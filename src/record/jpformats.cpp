#include "record/jpformats.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "core/notation.h"
#include "record/text.h"

namespace gomoku {

namespace {

constexpr int kSize = 15;

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Adds moves, checking them like the other readers.
struct Builder {
  const ReadOptions& options;
  Record rec;
  Board board{kSize};
  std::vector<int> movedAt = std::vector<int>(kSize * kSize, 0);

  void add(Point p, int line, const std::string& written) {
    const int n = static_cast<int>(rec.moves.size()) + 1;
    std::string problem;
    if (!board.inside(p))
      problem = "move " + std::to_string(n) + " \"" + written + "\" is off the 15x15 board";
    else if (board.at(p) != Stone::Empty)
      problem = "move " + std::to_string(n) + " \"" + written + "\" (" + pointName(p, kSize) +
                ") is on the point of move " + std::to_string(movedAt[p.y * kSize + p.x]);
    if (!problem.empty()) {
      if (!options.keepIllegalMoves) throw RecordError(line, problem);
      rec.warnings.push_back("line " + std::to_string(line) + ": " + problem);
    } else {
      board.set(p, n % 2 == 1 ? Stone::Black : Stone::White);
      movedAt[p.y * kSize + p.x] = n;
    }
    rec.moves.push_back(p);
    rec.moveLines.push_back(line);
  }
};

}  // namespace

std::optional<JapaneseFormat> japaneseFormatFromPath(const std::filesystem::path& path) {
  std::string ext = utf8Path(path.extension());
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext == ".ban") return JapaneseFormat::Ban;
  if (ext == ".dt5") return JapaneseFormat::Dt5;
  if (ext == ".kif") return JapaneseFormat::Kif;
  if (ext == ".lws") return JapaneseFormat::Lws;
  if (ext == ".nrf") return JapaneseFormat::Nrf;
  if (ext == ".rnj") return JapaneseFormat::Rnj;
  return std::nullopt;
}

Record readJapanese(std::string_view bytes, JapaneseFormat format, const ReadOptions& options) {
  if (bytes.size() >= 3 && bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);
  // Lines, with their numbers; control bytes refused (Shift_JIS text of .kif is bytes >= 0x80).
  struct Line {
    int number;
    std::string_view text;
  };
  std::vector<Line> lines;
  int lineNo = 0;
  for (std::size_t start = 0; start <= bytes.size();) {
    std::size_t end = bytes.find('\n', start);
    if (end == std::string_view::npos) end = bytes.size();
    ++lineNo;
    const std::string_view raw = bytes.substr(start, end - start);
    for (char ch : raw) {
      const auto c = static_cast<unsigned char>(ch);
      if (c == 0) throw RecordError(lineNo, "binary data (a NUL byte); not a text record");
      if (c < 0x20 && c != '\t' && c != '\r')
        throw RecordError(lineNo,
                          "binary data (byte " + std::to_string(c) + "); not a text record");
    }
    if (!recordtext::trimBlanks(raw).empty())
      lines.push_back({lineNo, recordtext::trimBlanks(raw)});
    if (end == bytes.size()) break;
    start = end + 1;
  }
  if (lines.empty()) throw RecordError(0, "empty file: no moves");

  Builder b{options, {}};
  b.rec.size = kSize;
  auto bad = [](const Line& l, std::string_view entry, const char* expected) {
    return RecordError(
        l.number, "\"" + recordtext::shortened(entry, 30) + "\" is not a move (" + expected + ")");
  };
  // Splits a line into entries at any of `separators`.
  auto entries = [](std::string_view text, std::string_view separators) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < text.size()) {
      const std::size_t j = text.find_first_of(separators, i);
      const std::string_view e = text.substr(i, j == std::string_view::npos ? text.npos : j - i);
      if (!e.empty()) out.push_back(e);
      if (j == std::string_view::npos) break;
      i = j + 1;
    }
    return out;
  };

  switch (format) {
    case JapaneseFormat::Ban:
      for (const Line& l : lines) {
        const auto n = recordtext::smallNumber(l.text);
        if (!n || *n < 100) throw bad(l, l.text, "col*100 + row expected, e.g. 808");
        b.add({*n / 100 - 1, *n % 100 - 1}, l.number, std::string(l.text));
      }
      break;
    case JapaneseFormat::Dt5: {
      bool ended = false;
      for (const Line& l : lines)
        for (std::string_view e : entries(l.text, ", \t")) {
          if (ended)
            throw RecordError(l.number,
                              "\"" + recordtext::shortened(e, 30) + "\" after the end mark \"**\"");
          if (e == "**") {
            ended = true;
            continue;
          }
          const int col = e.size() == 2 ? std::tolower(static_cast<unsigned char>(e[0])) - 'a' : -1;
          const int row = e.size() == 2 ? hexDigit(e[1]) : -1;
          if (col < 0 || col > 25 || row < 1)
            throw bad(l, e, "letter and hex row expected, e.g. hA");
          b.add({col, row - 1}, l.number, std::string(e));
        }
      break;
    }
    case JapaneseFormat::Lws:
      for (const Line& l : lines)
        for (std::string_view e : entries(l.text, " \t,")) {
          const auto p = parsePoint(e, kSize);
          if (!p || e.find(',') != std::string_view::npos)
            throw bad(l, e, "RIF point expected, e.g. H8");
          b.add(*p, l.number, std::string(e));
        }
      break;
    case JapaneseFormat::Nrf: {
      bool ended = false;
      for (std::size_t k = 1; k < lines.size(); ++k) {  // line 1: the title
        const Line& l = lines[k];
        if (ended)
          throw RecordError(
              l.number, "\"" + recordtext::shortened(l.text, 30) + "\" after the end mark \"0\"");
        if (l.text == "0") {
          ended = true;
          continue;
        }
        const int col = l.text.size() == 2 ? hexDigit(l.text[0]) : -1;
        const int row = l.text.size() == 2 ? hexDigit(l.text[1]) : -1;
        if (col < 1 || row < 1) throw bad(l, l.text, "two hex digits col, row expected, e.g. 9a");
        b.add({col - 1, row - 1}, l.number, std::string(l.text));
      }
      break;
    }
    case JapaneseFormat::Rnj:
      for (const Line& l : lines) {
        const std::vector<std::string_view> v = entries(l.text, " \t");
        if (v.size() != 2 && v.size() != 4)
          throw bad(l, l.text, "\"y x\" pairs expected, e.g. 7 7 6 8");
        for (std::size_t k = 0; k < v.size(); k += 2) {
          const auto y = recordtext::smallNumber(v[k]), x = recordtext::smallNumber(v[k + 1]);
          if (!x || !y) throw bad(l, l.text, "\"y x\" pairs expected, e.g. 7 7 6 8");
          b.add({*x, *y}, l.number, std::string(v[k]) + " " + std::string(v[k + 1]));
        }
      }
      break;
    case JapaneseFormat::Kif:
      for (const Line& l : lines) {
        // The header ("* ...") and the diagram (rows of '.', 'o', 'x') come before the moves and
        // are skipped; any other line, and any line after the first move, must be a move.
        const bool header = l.text.front() == '*';
        const bool diagram = std::all_of(l.text.begin(), l.text.end(), [](char c) {
          return c == '.' || c == 'o' || c == 'x' || c == 'O' || c == 'X';
        });
        if ((header || diagram) && b.rec.moves.empty()) continue;
        const std::size_t comma = l.text.find(',');
        const auto n = recordtext::smallNumber(l.text.substr(0, comma));
        if (!n) throw bad(l, l.text, "row*16 + col expected, e.g. 136,...");
        b.add({*n % 16 - 1, *n / 16 - 1}, l.number, std::string(l.text.substr(0, comma)));
      }
      break;
  }
  return b.rec;
}

}  // namespace gomoku
