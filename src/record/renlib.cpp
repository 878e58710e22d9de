#include "record/renlib.h"

#include <vector>

#include "core/notation.h"
#include "core/utf8.h"

namespace gomoku {

namespace {

constexpr std::size_t kHeaderSize = 20;
constexpr int kSize = 15;
constexpr unsigned kSibling = 0x80;  // "down" in RenLib
constexpr unsigned kLeaf = 0x40;     // "right" in RenLib
constexpr unsigned kOldComment = 0x20;
constexpr unsigned kComment = 0x08;
constexpr unsigned kNoMove = 0x02;
constexpr unsigned kExtension = 0x01;

struct Node {
  unsigned char pos = 0;
  unsigned flags = 0;
  std::size_t offset = 0;  // byte offset of the node in the file
  int child = -1;          // first child
  int sibling = -1;        // next sibling
  std::string comment;
};

std::string at(std::size_t offset) {
  return "byte " + std::to_string(offset) + ": ";
}

std::string cleanText(std::string_view raw) {
  std::string s(raw);
  if (validUtf8(s)) return s;
  for (char& c : s)
    if (static_cast<unsigned char>(c) >= 0x80) c = '?';
  return s;
}

}  // namespace

Record readRenLib(std::string_view bytes, const ReadOptions& options) {
  if (bytes.empty()) throw RecordError(0, "empty file: no RenLib library");
  static const unsigned char kMagic[8] = {0xFF, 'R', 'e', 'n', 'L', 'i', 'b', 0xFF};
  for (std::size_t i = 0; i < 8; ++i)
    if (i >= bytes.size() || static_cast<unsigned char>(bytes[i]) != kMagic[i])
      throw RecordError(0, i >= bytes.size()
                               ? "the file ends inside the RenLib header (truncated)"
                               : "not a RenLib library (the header does not start with "
                                 "FF \"RenLib\" FF)");
  if (bytes.size() < kHeaderSize)
    throw RecordError(0, "the file ends inside the RenLib header (truncated)");
  const int major = static_cast<unsigned char>(bytes[8]);
  if (major != 3)
    throw RecordError(0, at(8) + "RenLib version " + std::to_string(major) + "." +
                             std::to_string(static_cast<unsigned char>(bytes[9])) +
                             " is not supported (3.x expected)");

  // Rebuild the tree from the preorder node list.
  std::vector<Node> nodes;
  std::vector<int> open;  // nodes whose next sibling comes after their subtree
  std::size_t i = kHeaderSize;
  auto text = [&](const char* what) {
    const std::size_t start = i;
    while (i < bytes.size() && bytes[i] != '\0') ++i;
    if (i >= bytes.size())
      throw RecordError(0,
                        at(start) + std::string("the file ends inside a ") + what + " (truncated)");
    std::string_view t = bytes.substr(start, i - start);
    ++i;
    return t;
  };
  bool done = bytes.size() == kHeaderSize;  // a library without nodes
  while (!done) {
    if (i + 2 > bytes.size())
      throw RecordError(0, at(i) + "the file ends inside the move tree (truncated)");
    Node n;
    n.offset = i;
    n.pos = static_cast<unsigned char>(bytes[i]);
    n.flags = static_cast<unsigned char>(bytes[i + 1]);
    i += 2;
    bool boardText = false;
    if (n.flags & kExtension) {
      if (i + 2 > bytes.size())
        throw RecordError(0, at(i) + "the file ends inside a node extension (truncated)");
      boardText = (static_cast<unsigned char>(bytes[i + 1]) & 0x01) != 0;
      i += 2;
    }
    if (n.flags & (kComment | kOldComment)) {
      n.comment = cleanText(text("comment"));
      while (i < bytes.size() && bytes[i] == '\0') ++i;
    }
    if (boardText) text("board text");
    if (n.pos == 0 && !nodes.empty())
      throw RecordError(0, at(n.offset) + "a node without a point below the root");
    const int index = static_cast<int>(nodes.size());
    nodes.push_back(std::move(n));
    const Node& cur = nodes.back();
    const bool last = i >= bytes.size();
    if (!(cur.flags & kLeaf)) {
      if (cur.flags & kSibling) open.push_back(index);
      nodes.back().child = index + 1;
    } else if (cur.flags & kSibling) {
      nodes.back().sibling = index + 1;
    } else if (!open.empty()) {
      nodes[static_cast<std::size_t>(open.back())].sibling = index + 1;
      open.pop_back();
    } else {
      done = true;
    }
    if (!done && last)
      throw RecordError(0, at(i) + "the file ends inside the move tree (truncated)");
  }

  Record rec;
  rec.size = kSize;
  rec.properties.emplace_back("format", "RenLib " + std::to_string(major) + "." +
                                            std::to_string(static_cast<unsigned char>(bytes[9])));
  if (i < bytes.size())
    rec.warnings.push_back(at(i) + std::to_string(bytes.size() - i) +
                           " bytes after the end of the move tree ignored");
  if (nodes.empty()) return rec;
  Board board(kSize);
  // The first level: the first node and its siblings (the first node is the root when it has
  // no point; then the first level is its children).
  int level = 0;
  if (nodes[0].pos == 0) {
    if (!nodes[0].comment.empty()) rec.comments.push_back({0, nodes[0].comment});
    level = nodes[0].child;
  }
  while (level >= 0 && level < static_cast<int>(nodes.size())) {
    int pick = level;
    while (pick >= 0 && (nodes[static_cast<std::size_t>(pick)].flags & kNoMove))
      pick = nodes[static_cast<std::size_t>(pick)].sibling;
    if (pick < 0 || pick >= static_cast<int>(nodes.size())) break;
    const Node& n = nodes[static_cast<std::size_t>(pick)];
    const Point p{(n.pos & 0x0F) - 1, n.pos >> 4};
    const int number = static_cast<int>(rec.moves.size()) + 1;
    std::string problem;
    if (!board.inside(p))
      problem = at(n.offset) + "move " + std::to_string(number) + " (point byte " +
                std::to_string(n.pos) + ") is off the 15x15 board";
    else if (board.at(p) != Stone::Empty)
      problem = at(n.offset) + "move " + std::to_string(number) + " (" + pointName(p, kSize) +
                ") is on an occupied point";
    if (!problem.empty()) {
      if (!options.keepIllegalMoves) throw RecordError(0, problem);
      rec.warnings.push_back(problem);
    } else {
      board.set(p, number % 2 == 1 ? Stone::Black : Stone::White);
    }
    rec.moves.push_back(p);
    if (!n.comment.empty()) rec.comments.push_back({number, n.comment});
    level = n.child;
  }
  return rec;
}

std::string writeRenLib(const Record& record) {
  if (record.size != kSize)
    throw RecordError(0, "cannot write a RenLib library: the board is " +
                             std::to_string(record.size) + "x" + std::to_string(record.size) +
                             " (RenLib has 15x15 only)");
  std::string out = "\xFFRenLib\xFF";
  out += '\x03';
  out += '\x00';
  out.append(10, '\xFF');
  const Board board(kSize);
  out += '\x00';  // the root: no point
  out += static_cast<char>(record.moves.empty() ? kLeaf : 0u);
  for (std::size_t k = 0; k < record.moves.size(); ++k) {
    const Point p = record.moves[k];
    if (!board.inside(p))
      throw RecordError(0, "cannot write a RenLib library: move " + std::to_string(k + 1) + " (" +
                               toXY(p) + ", 0-based) is off the board");
    out += static_cast<char>((p.y << 4) | (p.x + 1));
    out += static_cast<char>(k + 1 == record.moves.size() ? kLeaf : 0u);
  }
  return out;
}

}  // namespace gomoku
