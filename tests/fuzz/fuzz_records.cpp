// libFuzzer target: the game record readers (src/record) on arbitrary bytes.
// The first input byte chooses the options (board size for a stripped .psq, keepIllegalMoves,
// an SGF encoding override); the rest is the file. Every reader gets it (.psq, SGF, Yixin .sav,
// RenLib .lib, the Japanese formats of record/jpformats.h, position strings):
//   - each reader either returns a Record (or moves) or throws RecordError: any other exception, a
//     crash or a sanitizer report is a failure;
//   - a Record read is consistent: size within Board::kMinSize..kMaxSize, timesMs empty or as
//     long as moves, and (without keepIllegalMoves) every move on the board and on an empty point;
//   - replay() of a Record read (every rule) returns a report or throws RecordError;
//   - writing it back (writePsq / writeSgf / writeYixinSav / writeRenLib) either throws
//     RecordError or gives text that reads again to the same board size and moves;
//   - checkRecordMoves() of a Record read returns or throws RecordError;
//   - a position string read formats back to a string that reads to the same moves.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <set>
#include <string>
#include <string_view>
#include <utility>

#include "record/jpformats.h"
#include "record/position.h"
#include "record/psq.h"
#include "record/record.h"
#include "record/recordio.h"
#include "record/renlib.h"
#include "record/replay.h"
#include "record/sgf.h"
#include "record/yixin.h"

using namespace gomoku;

namespace {

[[noreturn]] void failCheck(const char* reader, const std::string& what, std::string_view text) {
  std::fprintf(stderr, "fuzz_records: %s: %s\n  input (%zu bytes):", reader, what.c_str(),
               text.size());
  for (unsigned char c : text) std::fprintf(stderr, " %02x", c);
  std::fprintf(stderr, "\n");
  std::abort();
}

void checkRecord(const char* reader, const Record& r, const ReadOptions& o, std::string_view text) {
  if (r.size < Board::kMinSize || r.size > Board::kMaxSize)
    failCheck(reader, "board size out of range", text);
  if (!r.timesMs.empty() && r.timesMs.size() != r.moves.size())
    failCheck(reader, "timesMs and moves differ in length", text);
  if (!o.keepIllegalMoves) {
    std::set<std::pair<int, int>> seen;
    for (const Point& p : r.moves) {
      if (p.x < 0 || p.y < 0 || p.x >= r.size || p.y >= r.size)
        failCheck(reader, "a move off the board", text);
      if (!seen.insert({p.x, p.y}).second) failCheck(reader, "a move on an occupied point", text);
    }
  }
  for (const Rule rule : {Rule::Freestyle, Rule::Standard, Rule::Renju})
    for (const FoulPolicy foul : {FoulPolicy::Refuse, FoulPolicy::Lose}) {
      try {
        (void)replay(r, rule, foul);
      } catch (const RecordError&) {
      }
    }
  for (const Rule rule : {Rule::Freestyle, Rule::Renju}) {
    try {
      checkRecordMoves(r, rule);
    } catch (const RecordError&) {
    }
  }
  if (!r.moveLines.empty() && r.moveLines.size() != r.moves.size())
    failCheck(reader, "moveLines and moves differ in length", text);
}

template <class Read, class Write>
void roundTrip(const char* reader, const Record& r, const ReadOptions& o, Read read, Write write,
               std::string_view text) {
  std::string written;
  try {
    written = write(r);
  } catch (const RecordError&) {
    return;  // documented: e.g. a move off the board kept by keepIllegalMoves
  }
  ReadOptions again = o;
  again.encoding.clear();
  Record back;
  try {
    back = read(written, again);
  } catch (const RecordError& e) {
    failCheck(reader,
              std::string("the written record does not read back: ") + e.what() +
                  "\n  written: " + written,
              text);
  }
  if (back.size != r.size && (r.sizeKnown || back.sizeKnown))
    failCheck(reader,
              "the written record reads back with another board size\n  written: " + written, text);
  if (back.moves != r.moves)
    failCheck(reader, "the written record reads back with other moves\n  written: " + written,
              text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t flags = data[0];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  ReadOptions o;
  o.boardSize = Board::kMinSize + (flags & 0x1F) % (Board::kMaxSize - Board::kMinSize + 1);
  o.keepIllegalMoves = (flags & 0x20) != 0;
  static const char* const kEncodings[] = {"", "", "GB18030", "UTF-8"};
  o.encoding = kEncodings[flags >> 6];

  try {
    const Record r = readPsq(text, o);
    checkRecord("readPsq", r, o, text);
    roundTrip(
        "readPsq", r, o, [](std::string_view t, const ReadOptions& op) { return readPsq(t, op); },
        [](const Record& rec) { return writePsq(rec); }, text);
  } catch (const RecordError&) {
  }

  try {
    const Record r = readSgf(text, o);
    checkRecord("readSgf", r, o, text);
    roundTrip(
        "readSgf", r, o, [](std::string_view t, const ReadOptions& op) { return readSgf(t, op); },
        [](const Record& rec) { return writeSgf(rec); }, text);
  } catch (const RecordError&) {
  }
  try {
    const Record r = readYixinSav(text, o);
    checkRecord("readYixinSav", r, o, text);
    roundTrip(
        "readYixinSav", r, o,
        [](std::string_view t, const ReadOptions& op) { return readYixinSav(t, op); },
        [](const Record& rec) { return writeYixinSav(rec); }, text);
  } catch (const RecordError&) {
  }

  try {
    const Record r = readRenLib(text, o);
    checkRecord("readRenLib", r, o, text);
    roundTrip(
        "readRenLib", r, o,
        [](std::string_view t, const ReadOptions& op) { return readRenLib(t, op); },
        [](const Record& rec) { return writeRenLib(rec); }, text);
  } catch (const RecordError&) {
  }

  for (const JapaneseFormat f : {JapaneseFormat::Ban, JapaneseFormat::Dt5, JapaneseFormat::Kif,
                                 JapaneseFormat::Lws, JapaneseFormat::Nrf, JapaneseFormat::Rnj}) {
    try {
      checkRecord("readJapanese", readJapanese(text, f, o), o, text);
    } catch (const RecordError&) {
    }
  }

  try {
    const std::vector<Point> moves = parsePositionString(text, o.boardSize);
    const std::string again = formatPositionString(moves, o.boardSize);
    if (parsePositionString(again, o.boardSize) != moves)
      failCheck("parsePositionString", "the formatted string reads back to other moves: " + again,
                text);
  } catch (const RecordError&) {
  }
  return 0;
}
