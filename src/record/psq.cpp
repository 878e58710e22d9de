#include "record/psq.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/utf8.h"

namespace gomoku {

namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";

bool blank(char c) {
  return c == ' ' || c == '\t';
}
bool digit(char c) {
  return c >= '0' && c <= '9';
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

// A small reader over one line: integers, literal characters, blanks.
class Cursor {
 public:
  explicit Cursor(std::string_view s) : s_(s) {}
  void skipBlanks() {
    while (i_ < s_.size() && blank(s_[i_])) ++i_;
  }
  bool done() const { return i_ == s_.size(); }
  bool eat(char c) {
    skipBlanks();
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  // An optionally signed decimal of at most 9 digits.
  std::optional<int> integer(bool allowSign) {
    skipBlanks();
    std::size_t j = i_;
    bool negative = false;
    if (allowSign && j < s_.size() && (s_[j] == '-' || s_[j] == '+')) negative = s_[j++] == '-';
    const std::size_t first = j;
    long value = 0;
    while (j < s_.size() && digit(s_[j])) {
      if (j - first >= 9) return std::nullopt;
      value = value * 10 + (s_[j++] - '0');
    }
    if (j == first) return std::nullopt;
    i_ = j;
    return static_cast<int>(negative ? -value : value);
  }
  std::string_view rest() const { return s_.substr(i_); }

 private:
  std::string_view s_;
  std::size_t i_ = 0;
};

struct MoveLine {
  int x = 0, y = 0;       // as written (1-based)
  std::optional<int> ms;  // the third field, when present
};

// "x,y" or "x,y,ms" (blanks allowed around the numbers), or nullopt.
std::optional<MoveLine> parseMoveLine(std::string_view line) {
  Cursor c(line);
  MoveLine m;
  auto x = c.integer(false);
  if (!x || !c.eat(',')) return std::nullopt;
  auto y = c.integer(false);
  if (!y) return std::nullopt;
  m.x = *x;
  m.y = *y;
  if (c.eat(',')) {
    m.ms = c.integer(true);
    if (!m.ms) return std::nullopt;
  }
  c.skipBlanks();
  if (!c.done()) return std::nullopt;
  return m;
}

// "Piskvorky WxH, L1:L2, F" (the last two parts optional). Returns {W, H}; throws for a line
// that starts with "Piskvorky" but is malformed.
std::pair<int, int> parseHeader(std::string_view line, int lineNo) {
  const std::string_view tag = "Piskvorky";
  Cursor c(line.substr(tag.size()));
  auto w = c.integer(false);
  std::optional<int> h;
  bool ok = w && (c.eat('x') || c.eat('X')) && (h = c.integer(false));
  if (ok && c.eat(',')) {
    ok = c.integer(true) && c.eat(':') && c.integer(true);
    if (ok && c.eat(',')) ok = c.integer(true).has_value();
  }
  c.skipBlanks();
  if (!ok || !c.done())
    throw RecordError(lineNo, "malformed .psq header \"" + std::string(trim(line)) +
                                  "\" (expected \"Piskvorky WxH, L1:L2, F\")");
  return {*w, *h};
}

// Rejects bytes that do not belong in a text file; `line` is the text of one line.
void checkText(std::string_view line, int lineNo) {
  for (char ch : line) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == 0) throw RecordError(lineNo, "binary data (a NUL byte); not a .psq text file");
    if (c < 0x20 && c != '\t') {
      char hex[8];
      static const char digits[] = "0123456789ABCDEF";
      hex[0] = '0';
      hex[1] = 'x';
      hex[2] = digits[c >> 4];
      hex[3] = digits[c & 15];
      hex[4] = 0;
      throw RecordError(
          lineNo, std::string("binary data (control byte ") + hex + "); not a .psq text file");
    }
  }
  if (!validUtf8(line)) throw RecordError(lineNo, "the text is not UTF-8; not a .psq text file");
}

std::string shown(std::string_view line) {
  std::string s(trim(line).substr(0, 40));
  if (trim(line).size() > 40) s += "...";
  return s;
}

// What a line after the moves may be (the trailer). Sources: Piskvork's savePsq (game.cpp of
// github.com/plastovicka/Piskvork) writes, after the moves, the two players' names in
// tournaments (the brains' file names such as "EMBRYO22.zip", or "homo-1" / "homo-2" for people)
// and always one line with the game's end code (see kMinEndCode); the Gomocup judge (GomocupJudge
// server.py) writes the two names and "-1"; the Gomocup renju records add a judge line
// "<k>,<rule>" (k = 0 a draw, 1 or 2 the first or second engine won).
enum class TrailerKind : std::uint8_t {
  Name,      // an engine's or player's name
  EndCode,   // a bare number kMinEndCode..kMaxEndCode
  Judge,     // "<k>,<rule>"
  BadCode,   // a bare number outside the end codes
  BadJudge,  // "<number>,<text>" that is not a judge line
  Fragment,  // only digits, signs, commas, dots and blanks: a broken move or number
};

// Piskvork's end codes (errCode of finishGame / saveRec, protocol.cpp Tplayer::move): 0 the game
// ended normally, 1..14 a brain's error, 15 a time-out, -1 not known (network tournament server,
// and GomocupJudge always), -2 another error.
constexpr int kMinEndCode = -2;
constexpr int kMaxEndCode = 15;

TrailerKind trailerKind(std::string_view line, std::optional<int>* code = nullptr,
                        std::optional<Rule>* rule = nullptr) {
  const bool numeric = line.find_first_not_of("0123456789+-,. \t") == std::string_view::npos;
  Cursor c(line);
  if (auto k = c.integer(true)) {
    c.skipBlanks();
    if (c.done()) {
      if (code) *code = k;
      return *k >= kMinEndCode && *k <= kMaxEndCode ? TrailerKind::EndCode : TrailerKind::BadCode;
    }
    if (c.eat(',')) {
      if (numeric) return TrailerKind::Fragment;
      const auto r = parseRule(trim(c.rest()));
      if (*k < 0 || *k > 2 || !r || line.front() == '+' || line.front() == '-')
        return TrailerKind::BadJudge;
      if (code) *code = k;
      if (rule) *rule = r;
      return TrailerKind::Judge;
    }
  }
  return numeric ? TrailerKind::Fragment : TrailerKind::Name;
}

// Whether `name`, written as a trailer line, reads back as that engine name.
bool readsAsName(std::string_view name) {
  if (name.empty() || trim(name) != name || !validUtf8(name)) return false;
  for (char ch : name)
    if (static_cast<unsigned char>(ch) < 0x20 && ch != '\t') return false;
  return !parseMoveLine(name) && trailerKind(name) == TrailerKind::Name;
}

}  // namespace

Record readPsq(std::string_view text, const ReadOptions& options) {
  if (text.substr(0, kBom.size()) == kBom) text.remove_prefix(kBom.size());
  // Split into lines (LF or CRLF), keeping 1-based numbers.
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (end == text.size()) break;
    start = end + 1;
  }
  std::size_t first = 0;
  while (first < lines.size() && trim(lines[first]).empty()) {
    checkText(lines[first], static_cast<int>(first) + 1);
    ++first;
  }
  if (first == lines.size()) throw RecordError(0, "empty file: no .psq header and no moves");

  Record rec;
  std::size_t i = first;
  const std::string_view head = trim(lines[first]);
  if (head.substr(0, 9) == "Piskvorky") {
    checkText(lines[first], static_cast<int>(first) + 1);
    auto [w, h] = parseHeader(head, static_cast<int>(first) + 1);
    if (w != h)
      throw RecordError(static_cast<int>(first) + 1, "the board is " + std::to_string(w) + "x" +
                                                         std::to_string(h) +
                                                         "; only square boards are supported");
    if (w < Board::kMinSize || w > Board::kMaxSize)
      throw RecordError(static_cast<int>(first) + 1, "board size " + std::to_string(w) + "x" +
                                                         std::to_string(h) + " is outside " +
                                                         std::to_string(Board::kMinSize) + ".." +
                                                         std::to_string(Board::kMaxSize));
    rec.size = w;
    rec.sizeKnown = true;
    ++i;
  } else {
    if (!parseMoveLine(head)) {
      checkText(lines[first], static_cast<int>(first) + 1);
      throw RecordError(static_cast<int>(first) + 1,
                        "not a .psq record: \"" + shown(head) +
                            "\" is neither a header \"Piskvorky WxH, ...\" nor a move \"x,y\"");
    }
    if (options.boardSize < Board::kMinSize || options.boardSize > Board::kMaxSize)
      throw RecordError(0, "board size " + std::to_string(options.boardSize) + " is outside " +
                               std::to_string(Board::kMinSize) + ".." +
                               std::to_string(Board::kMaxSize));
    rec.size = options.boardSize;
    rec.sizeKnown = false;
  }

  const std::string dims = std::to_string(rec.size) + "x" + std::to_string(rec.size);
  Board board(rec.size);
  std::vector<int> movedAt(static_cast<std::size_t>(Board::kMaxSize * Board::kMaxSize), 0);
  bool anyTime = false;
  // The trailer: its first line (0 while the moves go on) and the last kind of item read; the
  // items come in the order names (at most two), end code, judge line.
  int trailerLine = 0;
  std::string_view trailerText;
  int names = 0;
  std::optional<TrailerKind> lastItem;
  for (; i < lines.size(); ++i) {
    const int lineNo = static_cast<int>(i) + 1;
    const std::string_view line = trim(lines[i]);
    checkText(lines[i], lineNo);
    if (line.empty()) continue;
    if (auto m = parseMoveLine(line)) {
      if (trailerLine > 0)
        throw RecordError(trailerLine,
                          "\"" + shown(trailerText) +
                              "\" is not a move \"x,y\", yet a move follows it on line " +
                              std::to_string(lineNo));
      const Point p{m->x - 1, m->y - 1};
      const int n = static_cast<int>(rec.moves.size()) + 1;
      if (!board.inside(p)) {
        std::string msg = "move " + std::to_string(m->x) + "," + std::to_string(m->y) +
                          " is off the " + dims + " board";
        if (!rec.sizeKnown) msg += " (the file does not give the size; assumed " + dims + ")";
        if (!options.keepIllegalMoves) throw RecordError(lineNo, msg);
        rec.warnings.push_back("line " + std::to_string(lineNo) + ": " + msg);
      } else if (board.at(p) != Stone::Empty) {
        const int before = movedAt[static_cast<std::size_t>(p.y * Board::kMaxSize + p.x)];
        std::string msg = "move " + std::to_string(n) + " (" + std::to_string(m->x) + "," +
                          std::to_string(m->y) + ") is on the point of move " +
                          std::to_string(before);
        if (!options.keepIllegalMoves) throw RecordError(lineNo, msg);
        rec.warnings.push_back("line " + std::to_string(lineNo) + ": " + msg);
      } else {
        board.set(p, n % 2 == 1 ? Stone::Black : Stone::White);
        movedAt[static_cast<std::size_t>(p.y * Board::kMaxSize + p.x)] = n;
      }
      rec.moves.push_back(p);
      rec.moveLines.push_back(lineNo);
      rec.timesMs.push_back(m->ms.value_or(0));
      anyTime = anyTime || m->ms.has_value();
      continue;
    }
    std::optional<int> code;
    std::optional<Rule> rule;
    const TrailerKind kind = trailerKind(line, &code, &rule);
    switch (kind) {
      case TrailerKind::Fragment:
        throw RecordError(lineNo, "\"" + shown(line) +
                                      "\" is neither a move \"x,y\" (1-based) nor a trailer line "
                                      "(engine name, end code, judge line \"k,rule\")");
      case TrailerKind::BadCode:
        static_assert(kMinEndCode == -2 && kMaxEndCode == 15);  // the message names the range
        throw RecordError(lineNo, "\"" + shown(line) + "\" is not a .psq end code (-2..15)");
      case TrailerKind::BadJudge:
        throw RecordError(lineNo, "\"" + shown(line) +
                                      "\" is not a judge line \"k,rule\" (k: 0, 1 or 2; rule: "
                                      "freestyle, standard or renju)");
      default:
        break;
    }
    // Out of order: a name after the end code or a third name, a second end code, anything
    // after the judge line.
    if ((kind == TrailerKind::Name && (names == 2 || (lastItem && *lastItem != kind))) ||
        (kind == TrailerKind::EndCode && lastItem && *lastItem != TrailerKind::Name) ||
        (kind == TrailerKind::Judge && lastItem == TrailerKind::Judge))
      throw RecordError(lineNo, "\"" + shown(line) +
                                    "\" is out of place in the trailer (at most two engine names, "
                                    "then an end code, then a judge line)");
    if (trailerLine == 0) {
      trailerLine = lineNo;
      trailerText = line;
    }
    lastItem = kind;
    if (kind == TrailerKind::Name) {
      ++names;
      rec.engines.emplace_back(line);
    } else if (kind == TrailerKind::EndCode) {
      rec.properties.emplace_back("psq error", std::string(line));
    } else {
      rec.properties.emplace_back("psq judge", std::string(line));
      rec.rule = rule;
      if (*code == 0) {
        rec.result = RecordResult::Draw;
        rec.resultText = std::string(line);
      }
    }
  }
  if (!anyTime) rec.timesMs.clear();
  return rec;
}

std::optional<RecordResult> gomocupResultFromName(const std::filesystem::path& path) {
  const std::string name = utf8Path(path.filename());
  // <round>_<i>_<j>_<X>.psq
  if (name.size() < 4 || name.substr(name.size() - 4) != ".psq") return std::nullopt;
  const std::string stem = name.substr(0, name.size() - 4);
  int fields = 0;
  std::size_t start = 0;
  char last = 0;
  while (true) {
    const std::size_t end = std::min(stem.find('_', start), stem.size());
    if (end == start) return std::nullopt;
    for (std::size_t k = start; k < end; ++k)
      if (!digit(stem[k])) return std::nullopt;
    ++fields;
    if (end == stem.size()) {
      if (end - start != 1) return std::nullopt;
      last = stem[start];
      break;
    }
    start = end + 1;
  }
  if (fields != 4) return std::nullopt;
  switch (last) {
    case '0':
      return RecordResult::Draw;
    case '1':
      return RecordResult::Black;
    case '2':
      return RecordResult::White;
    default:
      return std::nullopt;
  }
}

Record readPsqFile(const std::filesystem::path& path, const ReadOptions& options) {
  Record rec;
  try {
    rec = readPsq(readFileBytes(path), options);
  } catch (const RecordError& e) {
    throw RecordError(utf8Path(path), e.line(), e.message());
  }
  if (auto named = gomocupResultFromName(path)) {
    const std::string x = utf8Path(path.filename()).substr(utf8Path(path.filename()).size() - 5, 1);
    if (!rec.result) {
      rec.result = named;
      rec.resultText = "file name: X = " + x;
    } else if (*rec.result != *named) {
      rec.warnings.push_back("the file name states " + std::string(recordResultName(*named)) +
                             " (X = " + x + ") but the judge line \"" + rec.resultText +
                             "\" states " + recordResultName(*rec.result));
    }
  }
  return rec;
}

std::string writePsq(const Record& record) {
  if (record.size < Board::kMinSize || record.size > Board::kMaxSize)
    throw RecordError(0, "cannot write a .psq record: board size " + std::to_string(record.size) +
                             " is outside " + std::to_string(Board::kMinSize) + ".." +
                             std::to_string(Board::kMaxSize));
  const Board board(record.size);
  std::string out = "Piskvorky " + std::to_string(record.size) + "x" + std::to_string(record.size) +
                    ", 11:11, 0\n";
  for (std::size_t k = 0; k < record.moves.size(); ++k) {
    const Point p = record.moves[k];
    if (!board.inside(p))
      throw RecordError(0, "cannot write a .psq record: move " + std::to_string(k + 1) + " (" +
                               std::to_string(p.x) + "," + std::to_string(p.y) +
                               ", 0-based) is off the board");
    const int ms = k < record.timesMs.size() ? record.timesMs[k] : 0;
    out +=
        std::to_string(p.x + 1) + "," + std::to_string(p.y + 1) + "," + std::to_string(ms) + "\n";
  }
  std::vector<std::string> names = record.engines;
  if (names.empty() && record.black && record.white) names = {*record.black, *record.white};
  if (names.size() > 2)
    throw RecordError(0, "cannot write a .psq record: " + std::to_string(names.size()) +
                             " engine names (the format holds two)");
  for (const std::string& name : names) {
    if (name.find_first_of("\r\n") != std::string::npos)
      throw RecordError(0, "cannot write a .psq record: a name holds a line break");
    if (!readsAsName(name))
      throw RecordError(
          0, "cannot write a .psq record: the name \"" + name + "\" would not read back as a name");
    out += name + "\n";
  }
  return out;
}

}  // namespace gomoku
