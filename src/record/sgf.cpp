#include "record/sgf.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#ifdef _WIN32
#ifndef NOMINMAX
#define NOMINMAX
#endif
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#else
#include <iconv.h>
#endif

#include "core/notation.h"
#include "core/utf8.h"
#include "gomoku/version.h"

namespace gomoku {

namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";

bool space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}
bool upper(char c) {
  return c >= 'A' && c <= 'Z';
}
bool idChar(char c) {
  // SGF identifiers are upper-case letters (FF[3] also allowed lower case); some renju sites
  // write digits too (iwzq.com: 5A[] for the fifth-move alternatives).
  return upper(c) || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

[[maybe_unused]] int lineAt(std::string_view text, std::size_t offset) {
  int line = 1;
  for (std::size_t k = 0; k < offset && k < text.size(); ++k)
    if (text[k] == '\n') ++line;
  return line;
}

std::string hexByte(unsigned char c) {
  static const char digits[] = "0123456789ABCDEF";
  return std::string("0x") + digits[c >> 4] + digits[c & 15];
}

std::string upperAscii(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// The canonical spelling of an encoding name for the few we name ourselves.
std::string normalEncoding(std::string_view name) {
  std::string n = upperAscii(trim(name));
  if (n == "UTF8" || n == "UTF-8") return "UTF-8";
  // GB2312 and GBK files often hold characters of their superset GB18030: read them as that.
  if (n == "GB-18030" || n == "GB2312" || n == "GBK" || n == "CP936") return "GB18030";
  return n;
}

// The value of the first CA[] property in the raw bytes, if any (looked up before decoding:
// CA and its value are ASCII in every encoding that matters here).
std::string declaredEncoding(std::string_view raw) {
  for (std::size_t at = raw.find("CA["); at != std::string_view::npos;
       at = raw.find("CA[", at + 1)) {
    if (at > 0 && idChar(raw[at - 1])) continue;
    const std::size_t end = raw.find(']', at + 3);
    if (end == std::string_view::npos || end - at > 40) return {};
    return normalEncoding(raw.substr(at + 3, end - at - 3));
  }
  return {};
}

struct Decoded {
  std::string text;
  std::string encoding;
  bool converted = true;
};

void checkUtf8(std::string_view text, const std::string& encoding) {
  std::size_t start = 0;
  int line = 1;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    if (!validUtf8(text.substr(start, end - start)))
      throw RecordError(line, "the text is not valid " + encoding);
    if (end == text.size()) break;
    start = end + 1;
    ++line;
  }
}

#ifndef _WIN32
class Iconv {
 public:
  explicit Iconv(const std::string& from) : cd_(iconv_open("UTF-8", from.c_str())) {}
  ~Iconv() {
    if (ok()) iconv_close(cd_);
  }
  Iconv(const Iconv&) = delete;
  Iconv& operator=(const Iconv&) = delete;
  bool ok() const { return cd_ != reinterpret_cast<iconv_t>(-1); }
  iconv_t get() const { return cd_; }

 private:
  iconv_t cd_;
};

std::string convertToUtf8(std::string_view raw, const std::string& from) {
  Iconv cd(from);
  if (!cd.ok()) throw RecordError(0, "unknown text encoding \"" + from + "\"");
  std::string out(raw.size() * 2 + 16, '\0');
  char* in = const_cast<char*>(raw.data());
  std::size_t inLeft = raw.size();
  std::size_t used = 0;
  while (true) {
    char* outp = out.data() + used;
    std::size_t outLeft = out.size() - used;
    const std::size_t r = inLeft > 0 ? iconv(cd.get(), &in, &inLeft, &outp, &outLeft)
                                     : iconv(cd.get(), nullptr, nullptr, &outp, &outLeft);
    const int err = errno;
    used = static_cast<std::size_t>(outp - out.data());
    if (r != static_cast<std::size_t>(-1)) {
      if (inLeft == 0) break;
      continue;
    }
    if (err == E2BIG) {
      out.resize(out.size() * 2);
      continue;
    }
    const std::size_t offset = static_cast<std::size_t>(in - raw.data());
    const std::string what = err == EINVAL
                                 ? "an incomplete character at the end of the file"
                                 : "byte " + hexByte(static_cast<unsigned char>(raw[offset])) +
                                       " at offset " + std::to_string(offset);
    throw RecordError(lineAt(raw, offset), "the text is not valid " + from + " (" + what + ")");
  }
  out.resize(used);
  return out;
}
#else
// Windows: the encoding's code page, MultiByteToWideChar (strict), then UTF-8.
std::string convertToUtf8(std::string_view raw, const std::string& from) {
  static const struct {
    const char* name;
    UINT codePage;
  } kCodePages[] = {{"GB18030", 54936},     {"BIG5", 950},         {"BIG-5", 950},
                    {"CP950", 950},         {"SHIFT_JIS", 932},    {"SJIS", 932},
                    {"CP932", 932},         {"EUC-JP", 20932},     {"EUC-KR", 949},
                    {"CP949", 949},         {"ISO-8859-1", 28591}, {"LATIN1", 28591},
                    {"WINDOWS-1252", 1252}, {"CP1252", 1252},      {"KOI8-R", 20866}};
  UINT codePage = 0;
  for (const auto& c : kCodePages)
    if (from == c.name) codePage = c.codePage;
  if (codePage == 0) throw RecordError(0, "unknown text encoding \"" + from + "\"");
  // Wine has no GB18030 code page: GBK (936), its two-byte subset, reads nearly every file there
  // (a four-byte character then gives the error below).
  if (codePage == 54936 && !IsValidCodePage(54936)) codePage = 936;
  if (raw.empty()) return {};
  if (raw.size() > 0x3fffffff) throw RecordError(0, "the file is too large");
  const int size = static_cast<int>(raw.size());
  const int wide =
      MultiByteToWideChar(codePage, MB_ERR_INVALID_CHARS, raw.data(), size, nullptr, 0);
  if (wide <= 0) {
    // Find the first line that does not convert, for the message.
    std::size_t start = 0;
    int line = 1;
    while (start < raw.size()) {
      std::size_t end = raw.find('\n', start);
      if (end == std::string_view::npos) end = raw.size();
      if (end > start && MultiByteToWideChar(codePage, MB_ERR_INVALID_CHARS, raw.data() + start,
                                             static_cast<int>(end - start), nullptr, 0) <= 0)
        break;
      start = end + 1;
      ++line;
    }
    throw RecordError(line, "the text is not valid " + from);
  }
  std::wstring w(static_cast<std::size_t>(wide), L'\0');
  MultiByteToWideChar(codePage, MB_ERR_INVALID_CHARS, raw.data(), size, w.data(), wide);
  const int bytes = WideCharToMultiByte(CP_UTF8, 0, w.data(), wide, nullptr, 0, nullptr, nullptr);
  std::string out(static_cast<std::size_t>(std::max(bytes, 0)), '\0');
  if (bytes > 0)
    WideCharToMultiByte(CP_UTF8, 0, w.data(), wide, out.data(), bytes, nullptr, nullptr);
  return out;
}
#endif

Decoded decode(std::string_view raw, const ReadOptions& options) {
  Decoded d;
  if (raw.substr(0, kBom.size()) == kBom) {
    raw.remove_prefix(kBom.size());
    d.encoding = "UTF-8";
  } else if (!options.encoding.empty()) {
    d.encoding = normalEncoding(options.encoding);
  } else if (std::string ca = declaredEncoding(raw); !ca.empty()) {
    d.encoding = ca;
  } else {
    d.encoding = validUtf8(raw) ? "UTF-8" : "GB18030";
  }
  if (d.encoding == "UTF-8" || d.encoding == "US-ASCII" || d.encoding == "ASCII") {
    checkUtf8(raw, d.encoding);
    d.text = std::string(raw);
    return d;
  }
#ifndef _WIN32
  d.text = convertToUtf8(raw, d.encoding);
#else
  d.text = convertToUtf8(raw, d.encoding);
#endif
  return d;
}

struct Property {
  std::string id;
  std::vector<std::string> values;
  int line = 0;
  std::vector<int> valueLines;  // the line each value starts on
};

struct Node {
  std::vector<Property> props;
  int line = 0;
};

// Whether a ']' just before t[i] ends a property value: what follows (after blanks) is the end
// of the text, '[', ';', '(', ')' or a property name and its '['.
bool closesValue(std::string_view t, std::size_t i) {
  while (i < t.size() && space(t[i])) ++i;
  if (i == t.size()) return true;
  const char c = t[i];
  if (c == '[' || c == ';' || c == '(' || c == ')') return true;
  if (!idChar(c)) return false;
  while (i < t.size() && idChar(t[i])) ++i;
  while (i < t.size() && space(t[i])) ++i;
  return i < t.size() && t[i] == '[';
}

// Parses the first game tree of an SGF collection and returns the nodes of its main line (the
// first variation at every branch). The rest of the tree is checked for syntax and skipped;
// later game trees are ignored. Repairs made on the way are added to `repairs`.
std::vector<Node> parseMainLine(std::string_view t, std::vector<std::string>& repairs) {
  const std::size_t n = t.size();
  std::size_t i = 0;
  int line = 1;
  auto skipSpace = [&] {
    while (i < n && space(t[i])) {
      if (t[i] == '\n') ++line;
      ++i;
    }
  };
  skipSpace();
  if (i == n) throw RecordError(0, "empty file: no SGF game tree");
  if (t[i] != '(')
    throw RecordError(line, "not an SGF file: expected '(' to open the game tree, found " +
                                (static_cast<unsigned char>(t[i]) < 0x20
                                     ? hexByte(static_cast<unsigned char>(t[i]))
                                     : "'" + std::string(1, t[i]) + "'"));
  std::vector<Node> nodes;
  int depth = 0;
  bool collecting = true;   // still on the main line
  bool needNode = false;    // just after '(': a ';' must follow
  bool inNode = false;      // properties may follow
  bool afterChild = false;  // a variation just closed: only '(' or ')' may follow
  while (true) {
    skipSpace();
    if (i == n)
      throw RecordError(line, "the game tree is not closed: " + std::to_string(depth) +
                                  " ')' missing (the file may be truncated)");
    const char c = t[i];
    if (needNode && c != ';') throw RecordError(line, "a game tree must start with a node ';'");
    if (c == '(') {
      ++depth;
      ++i;
      needNode = true;
      inNode = false;
      afterChild = false;
    } else if (c == ')') {
      --depth;
      ++i;
      collecting = false;
      inNode = false;
      afterChild = true;
      if (depth == 0) break;
    } else if (c == ';') {
      if (afterChild) throw RecordError(line, "a node after a variation (';' after ')')");
      ++i;
      needNode = false;
      inNode = true;
      if (collecting) nodes.push_back({{}, line});
    } else if (idChar(c)) {
      if (!inNode) throw RecordError(line, "property outside a node (missing ';')");
      const std::size_t start = i;
      while (i < n && idChar(t[i])) ++i;
      if (i - start > 16) throw RecordError(line, "property name too long");
      Property prop{std::string(t.substr(start, i - start)), {}, line, {}};
      skipSpace();
      if (i == n || t[i] != '[')
        throw RecordError(line, "property " + prop.id + " has no value ('[' expected)");
      while (i < n && t[i] == '[') {
        const int valueLine = line;
        ++i;
        std::string value;
        bool closed = false;
        // The first ']' read as text (see below): where to go back to if the value never closes.
        std::size_t firstRepairAt = 0, firstRepairSize = 0, repairsBefore = repairs.size();
        int firstRepairLine = 0;
        while (i < n) {
          const char v = t[i++];
          if (v == ']') {
            if (closesValue(t, i)) {
              closed = true;
              break;
            }
            // Some writers (iwzq.com) leave a ']' in a value unescaped, as in PW[[A]B]: a ']'
            // that nothing valid follows is read as text.
            if (firstRepairAt == 0) {
              firstRepairAt = i;
              firstRepairSize = value.size();
              firstRepairLine = line;
            }
            repairs.push_back("line " + std::to_string(line) + ": an unescaped ']' in " + prop.id +
                              "[] is read as text");
          }
          if (v == '\n') ++line;
          if (v == '\\') {
            if (i == n) break;
            const char e = t[i++];
            if (e == '\n' || e == '\r') {  // soft line break: removed
              if (e == '\n') ++line;
              if (e == '\r' && i < n && t[i] == '\n') {
                ++i;
                ++line;
              }
              continue;
            }
            if (e == '\0') throw RecordError(line, "binary data (a NUL byte) in a property value");
            value += e;
            continue;
          }
          if (v == '\0') throw RecordError(line, "binary data (a NUL byte) in a property value");
          value += v;
        }
        if (!closed && firstRepairAt != 0) {
          // The value never closes: the first ']' did close it, and what follows is wrong.
          i = firstRepairAt;
          line = firstRepairLine;
          value.resize(firstRepairSize);
          repairs.resize(repairsBefore);
          closed = true;
        }
        if (!closed)
          throw RecordError(valueLine, "the value of " + prop.id +
                                           "[ is not closed (']' missing; the file may be "
                                           "truncated)");
        if (collecting) {
          prop.values.push_back(std::move(value));
          prop.valueLines.push_back(valueLine);
        }
        skipSpace();
      }
      if (collecting) nodes.back().props.push_back(std::move(prop));
    } else {
      const auto u = static_cast<unsigned char>(c);
      throw RecordError(line,
                        "unexpected " +
                            (u < 0x20 || u >= 0x7F ? "byte " + hexByte(u)
                                                   : "character '" + std::string(1, c) + "'") +
                            " outside a property value");
    }
  }
  return nodes;
}

// SimpleText: line breaks become spaces; surrounding blanks removed.
std::string simpleText(std::string_view v) {
  std::string out;
  for (char c : trim(v)) out += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
  return out;
}

// Text: CRLF and lone CR become LF.
std::string text(std::string_view v) {
  std::string out;
  for (std::size_t k = 0; k < v.size(); ++k) {
    if (v[k] == '\r') {
      out += '\n';
      if (k + 1 < v.size() && v[k + 1] == '\n') ++k;
    } else {
      out += v[k];
    }
  }
  return out;
}

std::string shown(std::string_view v, std::size_t most = 12) {
  std::string s(v.substr(0, most));
  return v.size() > most ? s + "..." : s;
}

int parseSize(const Property& p) {
  const std::string v = simpleText(p.values.front());
  auto number = [&](std::string_view s) -> int {
    s = trim(s);
    if (s.empty() || s.size() > 3) return -1;
    int x = 0;
    for (char c : s) {
      if (c < '0' || c > '9') return -1;
      x = x * 10 + (c - '0');
    }
    return x;
  };
  int w, h;
  if (const auto colon = v.find(':'); colon != std::string::npos) {
    w = number(std::string_view(v).substr(0, colon));
    h = number(std::string_view(v).substr(colon + 1));
  } else {
    w = h = number(v);
  }
  if (w < 0 || h < 0) throw RecordError(p.line, "SZ[" + shown(v) + "] is not a board size");
  if (w != h)
    throw RecordError(p.line, "the board is " + std::to_string(w) + "x" + std::to_string(h) +
                                  "; only square boards are supported");
  if (w < Board::kMinSize || w > Board::kMaxSize)
    throw RecordError(p.line, "board size " + std::to_string(w) + " is outside " +
                                  std::to_string(Board::kMinSize) + ".." +
                                  std::to_string(Board::kMaxSize));
  return w;
}

bool startsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// Our opening properties (README "Game records"):
//   XO[rule]   root: the opening rule, openingRuleName's words (swap, swap2, soosorv8, ...).
//   XD[..]...  root: the decisions in the order taken, one value each, "SEAT:WHAT[:ARG]": SEAT 1
//              is the first player (the tentative Black), 2 the second; WHAT is "place:P" (a
//              stone), a choice word of openingChoiceName ("swap", "black", ...), "declare:N",
//              "offer:P,P,..." (5th-move alternatives in the order offered) or "pick:P" (the
//              alternative chosen); P is a point as in B[] (column letter, then row letter from
//              the top).
// The 5th-move alternatives not chosen are also written as variations of move 5 (see
// writeSgf), the form other programs show.

std::string sgfPoint(Point p) {
  return {static_cast<char>('a' + p.x), static_cast<char>('a' + p.y)};
}

std::optional<Point> parseSgfPoint(std::string_view v, int size) {
  if (v.size() != 2 || v[0] < 'a' || v[1] < 'a' || v[0] >= 'a' + size || v[1] >= 'a' + size)
    return std::nullopt;
  return Point{v[0] - 'a', v[1] - 'a'};
}

std::string openingValue(const OpeningEntry& e) {
  std::string v(1, e.seat == Seat::First ? '1' : '2');
  auto points = [&e] {
    std::string out;
    for (const Point& p : e.points) {
      if (!out.empty()) out += ',';
      out += sgfPoint(p);
    }
    return out;
  };
  switch (e.kind) {
    case OpeningEntryKind::Place:
      return v + ":place:" + points();
    case OpeningEntryKind::Choose:
      return v + ":" + openingChoiceName(e.choice);
    case OpeningEntryKind::Declare:
      return v + ":declare:" + std::to_string(e.count);
    case OpeningEntryKind::Offer:
      return v + ":offer:" + points();
    case OpeningEntryKind::Pick:
      return v + ":pick:" + points();
  }
  return v;
}

// An XD[] value read back; nullopt when it is not one (see above).
std::optional<OpeningEntry> parseOpeningValue(std::string_view v, int size) {
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    const std::size_t colon = v.find(':', start);
    parts.push_back(v.substr(start, colon == std::string_view::npos ? colon : colon - start));
    if (colon == std::string_view::npos) break;
    start = colon + 1;
  }
  if (parts.size() < 2 || (parts[0] != "1" && parts[0] != "2")) return std::nullopt;
  OpeningEntry e;
  e.seat = parts[0] == "1" ? Seat::First : Seat::Second;
  if (parts.size() == 2) {
    const std::optional<OpeningChoice> c = parseOpeningChoice(parts[1]);
    if (!c) return std::nullopt;
    e.kind = OpeningEntryKind::Choose;
    e.choice = *c;
    return e;
  }
  if (parts.size() != 3 || parts[2].empty()) return std::nullopt;
  const std::string_view what = parts[1], arg = parts[2];
  if (what == "declare") {
    if (arg.size() > 2 || arg.find_first_not_of("0123456789") != std::string_view::npos)
      return std::nullopt;
    e.kind = OpeningEntryKind::Declare;
    e.count = std::stoi(std::string(arg));
    return e;
  }
  if (what == "place")
    e.kind = OpeningEntryKind::Place;
  else if (what == "pick")
    e.kind = OpeningEntryKind::Pick;
  else if (what == "offer")
    e.kind = OpeningEntryKind::Offer;
  else
    return std::nullopt;
  for (std::size_t start = 0;;) {
    const std::size_t comma = arg.find(',', start);
    const std::optional<Point> p = parseSgfPoint(
        arg.substr(start, comma == std::string_view::npos ? comma : comma - start), size);
    if (!p || e.points.size() >= 16) return std::nullopt;
    e.points.push_back(*p);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  if (e.kind != OpeningEntryKind::Offer && e.points.size() != 1) return std::nullopt;
  return e;
}

// Reads the root's XO[] and XD[] into rec (after its moves) and checks them: the decisions
// replayed through core's Opening must place the record's first moves, and further moves may
// follow only a finished opening. Throws RecordError naming the line.
void readOpening(const Node& root, Record& rec) {
  const Property* xo = nullptr;
  const Property* xd = nullptr;
  for (const Property& p : root.props) {
    if (p.id == "XO" && !xo) xo = &p;
    if (p.id == "XD" && !xd) xd = &p;
  }
  if (!xo && !xd) return;
  if (!xo) throw RecordError(xd->line, "XD[] without XO[]: no opening rule is stated");
  const std::string name = simpleText(xo->values.front());
  const std::optional<OpeningRule> rule = parseOpeningRule(name);
  if (!rule)
    throw RecordError(xo->line, std::string("XO[") + shown(name) + "] is not an opening rule");
  rec.openingRule = rule;
  if (!xd) return;
  std::vector<int> lines;
  for (std::size_t i = 0; i < xd->values.size(); ++i) {
    const int line = i < xd->valueLines.size() ? xd->valueLines[i] : xd->line;
    const std::string v = simpleText(xd->values[i]);
    const std::optional<OpeningEntry> e = parseOpeningValue(v, rec.size);
    if (!e)
      throw RecordError(line, std::string("XD[") + shown(v, 40) + "] is not an opening decision");
    rec.openingLog.push_back(*e);
    lines.push_back(line);
  }
  std::optional<OpeningReplay> r;
  try {
    r = replayOpening(*rule, rec.size, rec.rule.value_or(Rule::Freestyle), rec.openingLog);
  } catch (const std::invalid_argument&) {
    throw RecordError(xo->line, std::string("the opening rule ") + openingRuleName(*rule) +
                                    " cannot be played on a " + std::to_string(rec.size) + "x" +
                                    std::to_string(rec.size) + " board");
  }
  const auto value = [&](std::size_t i) {
    return std::string("XD[") + openingValue(rec.openingLog[i]) + "]";
  };
  if (r->error != OpeningError::None)
    throw RecordError(lines[r->applied], std::string("opening decision ") +
                                             std::to_string(r->applied + 1) + ", " +
                                             value(r->applied) + ", does not follow the " +
                                             openingRuleName(*rule) + " opening rule");
  // The stones placed, in order, against the record's moves.
  std::size_t ply = 0;
  for (std::size_t i = 0; i < rec.openingLog.size(); ++i) {
    const OpeningEntry& e = rec.openingLog[i];
    if (e.kind != OpeningEntryKind::Place && e.kind != OpeningEntryKind::Pick) continue;
    if (ply >= rec.moves.size())
      throw RecordError(lines[i], std::string("the opening places ") +
                                      std::to_string(r->opening.game().ply()) +
                                      " stones but the record has " +
                                      std::to_string(rec.moves.size()) + " moves");
    if (rec.moves[ply] != e.points.front())
      throw RecordError(lines[i], std::string("opening decision ") + std::to_string(i + 1) + ", " +
                                      value(i) + ", is not move " + std::to_string(ply + 1) +
                                      " of the record");
    ++ply;
  }
  if (!r->opening.done() && rec.moves.size() > ply)
    throw RecordError(rec.moveLines.size() > ply ? rec.moveLines[ply] : xd->line,
                      "moves follow an opening that is not finished");
}

}  // namespace

RecordResult parseSgfResult(std::string_view re, bool* foul) {
  if (foul) *foul = false;
  const std::string v = simpleText(re);
  const std::string up = upperAscii(v);
  if (startsWith(up, "B+") || up == "B") return RecordResult::Black;
  if (startsWith(up, "W+") || up == "W") return RecordResult::White;
  if (up == "0" || up == "DRAW" || up == "JIGO" || up == "=") return RecordResult::Draw;
  if (startsWith(v, "黑胜")) return RecordResult::Black;
  if (startsWith(v, "白胜")) return RecordResult::White;
  if (startsWith(v, "和棋") || v == "和") return RecordResult::Draw;
  if (startsWith(v, "抓禁")) {
    if (foul) *foul = true;
    return RecordResult::White;
  }
  return RecordResult::Unknown;
}

Record readSgf(std::string_view bytes, const ReadOptions& options) {
  if (trim(bytes).empty()) throw RecordError(0, "empty file: no SGF game tree");
  Decoded decoded = decode(bytes, options);
  std::vector<std::string> repairs;
  const std::vector<Node> nodes = parseMainLine(decoded.text, repairs);

  Record rec;
  rec.encoding = decoded.encoding;
  rec.textConverted = decoded.converted;
  rec.warnings = std::move(repairs);
  rec.size = Board::kDefaultSize;  // SGF: 15x15 unless SZ[] says otherwise (GM[4])

  // Root-only properties first: the board size is needed to judge the moves.
  for (const Property& p : nodes.front().props) {
    if (p.id == "SZ") {
      rec.size = parseSize(p);
    } else if (p.id == "GM") {
      const std::string gm = simpleText(p.values.front());
      if (gm != "4")
        throw RecordError(p.line,
                          "GM[" + shown(gm) + "] is not a gomoku / renju record (GM[4] expected)");
    }
  }

  const std::string dims = std::to_string(rec.size) + "x" + std::to_string(rec.size);
  Board board(rec.size);
  std::vector<int> movedAt(static_cast<std::size_t>(Board::kMaxSize * Board::kMaxSize), 0);
  std::vector<int> times;
  bool anyTime = false;
  for (std::size_t k = 0; k < nodes.size(); ++k) {
    const Node& node = nodes[k];
    const Property* move = nullptr;
    for (const Property& p : node.props) {
      if (p.id == "B" || p.id == "W") {
        if (move)
          throw RecordError(p.line,
                            "a node with two moves (" + move->id + "[] and " + p.id + "[])");
        move = &p;
      } else if (p.id == "AB" || p.id == "AW" || p.id == "AE") {
        throw RecordError(p.line, "setup stones (" + p.id + "[]) are not supported");
      }
    }
    if (move) {
      const int number = static_cast<int>(rec.moves.size()) + 1;
      const bool black = move->id == "B";
      if (black != (number % 2 == 1))
        throw RecordError(move->line, "move " + std::to_string(number) + " is " + move->id + "[" +
                                          shown(move->values.front()) + "] but " +
                                          (black ? "White" : "Black") + " is to move");
      if (move->values.size() != 1)
        throw RecordError(move->line, "move " + std::to_string(number) + " has " +
                                          std::to_string(move->values.size()) + " values");
      const std::string& v = move->values.front();
      const std::string written = move->id + "[" + shown(v) + "]";
      Point p{-1, -1};
      auto letter = [](char c) { return c >= 'a' && c <= 'z'; };
      std::string problem;
      if (v.size() == 2 && letter(v[0]) && letter(v[1])) {
        p = {v[0] - 'a', v[1] - 'a'};
        if (!board.inside(p)) {
          problem =
              "move " + std::to_string(number) + " " + written + " is off the " + dims + " board";
        } else if (board.at(p) != Stone::Empty) {
          problem = "move " + std::to_string(number) + " " + written + " is on the point of move " +
                    std::to_string(movedAt[static_cast<std::size_t>(p.y * Board::kMaxSize + p.x)]);
        }
      } else {
        problem = "move " + std::to_string(number) + " " + written +
                  " is not a point (two letters a.." + std::string(1, char('a' + rec.size - 1)) +
                  ", column then row, expected)";
      }
      if (!problem.empty()) {
        if (!options.keepIllegalMoves) throw RecordError(move->line, problem);
        rec.warnings.push_back("line " + std::to_string(move->line) + ": " + problem);
      } else {
        board.set(p, black ? Stone::Black : Stone::White);
        movedAt[static_cast<std::size_t>(p.y * Board::kMaxSize + p.x)] = number;
      }
      rec.moves.push_back(p);
      rec.moveLines.push_back(move->line);
      int ms = 0;
      for (const Property& q : node.props)
        if (q.id == "MS") {
          const std::string_view t = trim(q.values.front());
          int v = 0;
          bool ok = !t.empty() && t.size() <= 9;
          for (char c : t) {
            ok = ok && c >= '0' && c <= '9';
            if (ok) v = v * 10 + (c - '0');
          }
          if (!ok)
            throw RecordError(q.line, "move " + std::to_string(number) + ": MS[" +
                                          shown(q.values.front()) +
                                          "] is not a time in milliseconds");
          ms = v;
          anyTime = true;
        }
      times.push_back(ms);
    }
    const int played = static_cast<int>(rec.moves.size());
    for (const Property& p : node.props) {
      const std::string& v = p.values.front();
      if (p.id == "B" || p.id == "W" || p.id == "SZ" || p.id == "GM" || p.id == "MS") continue;
      if (k == 0 && (p.id == "XO" || p.id == "XD")) continue;  // readOpening
      if (p.id == "PB") {
        rec.black = simpleText(v);
      } else if (p.id == "PW") {
        rec.white = simpleText(v);
      } else if (p.id == "RE") {
        if (!trim(v).empty()) {
          rec.resultText = simpleText(v);
          rec.result = parseSgfResult(rec.resultText, &rec.foulResult);
        }
      } else if (p.id == "DT") {
        rec.date = simpleText(v);
      } else if (p.id == "RU") {
        rec.rule = parseRule(simpleText(v));
        if (!rec.rule) rec.properties.emplace_back(p.id, simpleText(v));
      } else if (p.id == "XF" && k == 0 && (trim(v) == "refuse" || trim(v) == "lose")) {
        rec.foul = trim(v) == "lose" ? FoulPolicy::Lose : FoulPolicy::Refuse;
      } else if (p.id == "C") {
        rec.comments.push_back({played, text(v)});
      } else if (p.id == "GC") {
        rec.comments.push_back({0, text(v)});
      } else if (k == 0) {
        for (const std::string& value : p.values) rec.properties.emplace_back(p.id, text(value));
      }
    }
  }
  if (anyTime) rec.timesMs = std::move(times);
  readOpening(nodes.front(), rec);
  return rec;
}

Record readSgfFile(const std::filesystem::path& path, const ReadOptions& options) {
  try {
    return readSgf(readFileBytes(path), options);
  } catch (const RecordError& e) {
    throw RecordError(utf8Path(path), e.line(), e.message());
  }
}

namespace {

std::string escaped(std::string_view v) {
  std::string out;
  for (char c : v) {
    if (c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string canonicalResult(RecordResult r) {
  switch (r) {
    case RecordResult::Black:
      return "B+";
    case RecordResult::White:
      return "W+";
    case RecordResult::Draw:
      return "0";
    case RecordResult::Unknown:
      return "?";
  }
  return "?";
}

}  // namespace

std::string writeSgf(const Record& record) {
  if (record.size < Board::kMinSize || record.size > Board::kMaxSize)
    throw RecordError(0, "cannot write an SGF record: board size " + std::to_string(record.size) +
                             " is outside " + std::to_string(Board::kMinSize) + ".." +
                             std::to_string(Board::kMaxSize));
  const Board board(record.size);
  const std::string encoding = record.textConverted ? "UTF-8" : record.encoding;
  std::string out = "(;GM[4]FF[4]CA[" + escaped(encoding) + "]AP[Gomoku:" + kProgramVersion +
                    "]SZ[" + std::to_string(record.size) + "]";
  if (record.rule) out += std::string("RU[") + ruleName(*record.rule) + "]";
  if (record.foul && record.rule == Rule::Renju)
    out += record.foul == FoulPolicy::Lose ? "XF[lose]" : "XF[refuse]";
  if (record.openingRule) out += std::string("XO[") + openingRuleName(*record.openingRule) + "]";
  if (record.black) out += "PB[" + escaped(*record.black) + "]";
  if (record.white) out += "PW[" + escaped(*record.white) + "]";
  if (!record.date.empty()) out += "DT[" + escaped(record.date) + "]";
  if (record.result) {
    bool foul = false;
    const bool keep = !record.resultText.empty() &&
                      parseSgfResult(record.resultText, &foul) == *record.result &&
                      foul == record.foulResult;
    out += "RE[" + escaped(keep ? record.resultText : canonicalResult(*record.result)) + "]";
  }
  static const char* const kWritten[] = {"GM", "FF", "CA", "AP", "SZ", "RU", "PB",
                                         "PW", "DT", "RE", "C",  "GC", "B",  "W",
                                         "AB", "AW", "AE", "MS", "XF", "XO", "XD"};
  for (const auto& [name, value] : record.properties) {
    bool sgfName = !name.empty() && name.size() <= 8;
    for (char c : name) sgfName = sgfName && upper(c);
    for (const char* w : kWritten) sgfName = sgfName && name != w;
    if (sgfName) out += name + "[" + escaped(value) + "]";
  }
  auto commentsAt = [&](int after) {
    std::string joined;
    for (const RecordComment& c : record.comments) {
      if (c.afterMove != after) continue;
      if (!joined.empty()) joined += "\n\n";
      joined += c.text;
    }
    return joined.empty() ? std::string() : "C[" + escaped(joined) + "]";
  };
  if (record.openingRule && !record.openingLog.empty()) {
    out += "\nXD";
    for (const OpeningEntry& e : record.openingLog) {
      out += '[';
      out += openingValue(e);
      out += ']';
    }
  }
  out += commentsAt(0);
  out += "\n";
  // The 5th-move alternatives that were offered and not chosen: variations of the move chosen
  // (the main line, first), each a single stone. Renju players keep alternative moves as
  // branches of a game tree (RenLib's libraries do), and variations are SGF's own form for
  // them: every SGF viewer shows them as the other choices at that move, where a private
  // property (ours, XD[]) or iwzq.com's 5A[] is shown by none. Readers of the main line, ours
  // included, skip them.
  std::size_t branchAt = record.moves.size();
  std::vector<Point> others;
  {
    std::size_t stones = 0;
    const OpeningEntry* offer = nullptr;
    for (const OpeningEntry& e : record.openingLog) {
      if (e.kind == OpeningEntryKind::Place) ++stones;
      if (e.kind == OpeningEntryKind::Offer) offer = &e;
      if (e.kind != OpeningEntryKind::Pick || !offer || e.points.size() != 1) continue;
      if (stones < record.moves.size() && record.moves[stones] == e.points.front()) {
        branchAt = stones;
        for (const Point& q : offer->points)
          if (q != e.points.front() && board.inside(q)) others.push_back(q);
      }
      break;
    }
    if (others.empty()) branchAt = record.moves.size();
  }
  for (std::size_t k = 0; k < record.moves.size(); ++k) {
    if (k == branchAt) out += "\n(";
    const Point p = record.moves[k];
    if (!board.inside(p))
      throw RecordError(0, "cannot write an SGF record: move " + std::to_string(k + 1) + " (" +
                               toXY(p) + ", 0-based) is off the board");
    out += k % 2 == 0 ? ";B[" : ";W[";
    out += static_cast<char>('a' + p.x);
    out += static_cast<char>('a' + p.y);
    out += "]";
    if (record.timesMs.size() == record.moves.size())
      out += "MS[" + std::to_string(std::max(0, record.timesMs[k])) + "]";
    out += commentsAt(static_cast<int>(k) + 1);
    if (k % 10 == 9) out += "\n";
  }
  // Comments placed after the last move (or beyond) go on a final empty node.
  std::string tail;
  for (const RecordComment& c : record.comments)
    if (c.afterMove > static_cast<int>(record.moves.size()) || c.afterMove < 0) {
      if (!tail.empty()) tail += "\n\n";
      tail += c.text;
    }
  if (!tail.empty()) out += ";C[" + escaped(tail) + "]";
  if (branchAt < record.moves.size()) {
    out += ")";
    for (const Point& q : others)
      out += std::string(branchAt % 2 == 0 ? "\n(;B[" : "\n(;W[") + sgfPoint(q) + "])";
  }
  out += ")\n";
  return out;
}

}  // namespace gomoku
