// Issue 5: Yixin .sav and RenLib .lib readers, position strings, saving by extension (atomic),
// the move check of opened records, and per-move times in SGF.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "core/notation.h"
#include "record/jpformats.h"
#include "record/position.h"
#include "record/psq.h"
#include "record/recordio.h"
#include "record/renlib.h"
#include "record/replay.h"
#include "record/sgf.h"
#include "record/yixin.h"

using namespace gomoku;
namespace fs = std::filesystem;

namespace {

template <class F>
std::string errorOf(F f) {
  try {
    f();
  } catch (const RecordError& e) {
    return e.what();
  }
  return "";
}

// A fresh empty folder under the system's temporary folder, unique to this run (test processes
// of other build trees may run at the same time).
fs::path freshDir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() /
                       ("gomoku-formats-" + name + "-" + std::to_string(std::random_device{}()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// RenLib header, version 3.0.
std::string renlibHeader() {
  std::string h = "\xFFRenLib\xFF";
  h += '\x03';
  h += '\x00';
  h.append(10, '\xFF');
  return h;
}

std::string node(int col, int rowFromTop, unsigned flags) {
  std::string n;
  n += static_cast<char>(col == 0 && rowFromTop == 0 ? 0 : (rowFromTop << 4) | (col + 1));
  n += static_cast<char>(flags);
  return n;
}

}  // namespace

// ---------------------------------------------------------------- Yixin .sav

TEST(Yixin, ReadsMovesColumnThenRowFromTheTop) {
  const Record r = readYixinSav("15\n15\n3\n7 7\n8 6\r\n6 7\n");
  EXPECT_EQ(r.size, 15);
  ASSERT_EQ(r.moves.size(), 3u);
  EXPECT_EQ(r.moves[0], (Point{7, 7}));
  EXPECT_EQ(r.moves[1], (Point{8, 6}));
  EXPECT_EQ(r.moveLines, (std::vector<int>{4, 5, 6}));
  EXPECT_FALSE(r.rule);
}

TEST(Yixin, ErrorsNameTheLine) {
  auto err = [](const std::string& t) { return errorOf([&] { readYixinSav(t); }); };
  EXPECT_EQ(err(""), "empty file: no Yixin .sav record");
  // A truncated file: the line where it ends (its last line), not the line after it.
  EXPECT_EQ(err("15\n15\n3\n7 7\n8 6\n"),
            "line 5: the file ends after 2 of the 3 moves it announces (truncated)");
  EXPECT_EQ(err("15\n15\n3\n7 7\n8 6\n\n\n"),
            "line 5: the file ends after 2 of the 3 moves it announces (truncated)");
  EXPECT_EQ(err("15\n15\n"),
            "line 2: the file ends before the number of moves (truncated Yixin .sav)");
  EXPECT_EQ(err("15\n15\n2\n7 7\n15 3\n"), "line 5: move 2 (15 3) is off the 15x15 board");
  EXPECT_EQ(err("15\n15\n2\n7 7\n7 7\n"), "line 5: move 2 (H8) is on the point of move 1");
  EXPECT_EQ(err("15\n15\n1\n7 7\n8 8\n"), "line 5: \"8 8\" after the 1 moves the file announces");
  EXPECT_EQ(err("15\n14\n0\n"), "line 2: the board is 15x14; only square boards are supported");
  EXPECT_EQ(err(std::string("15\n15\n1\n7\0 7\n", 13)),
            "line 4: binary data (a NUL byte); not a Yixin .sav text file");
  EXPECT_EQ(err("Piskvorky 15x15, 11:11, 0\n"),
            "line 1: expected the board width, found \"Piskvorky 15x15, 11:11, 0\" (not a Yixin "
            ".sav file)");
  EXPECT_EQ(err("15\n15\n1\nh8\n"), "line 4: move 1 \"h8\" is not two numbers \"x y\"");
}

TEST(Yixin, WriteThenReadRoundTrips) {
  Record r;
  r.moves = {{7, 7}, {8, 6}, {0, 14}};
  const Record back = readYixinSav(writeYixinSav(r));
  EXPECT_EQ(back.moves, r.moves);
  EXPECT_EQ(writeYixinSav(r), "15\n15\n3\n7 7\n8 6\n0 14\n");
}

// Every .sav file of ../shared/data/games/other/yixin_sav (not in manifest.csv): the move count
// of line 3 is read, and each ends with a five at its last move under the standard and the
// freestyle rule. (Under renju our checker finds Black's move 31 of 6.sav, j7, a double-three
// with play going on after it, so these are not renju games.)
TEST(Yixin, SharedSavFilesReadAndReplay) {
  const fs::path dir = fs::path(GOMOKU_SHARED_DIR) / "data" / "games" / "other" / "yixin_sav";
  if (!fs::exists(dir)) GTEST_SKIP() << "shared Yixin records not found: " << dir << " is absent";
  int files = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".sav") continue;
    ++files;
    SCOPED_TRACE(entry.path().string());
    const std::string text = readFileBytes(entry.path());
    const Record r = readRecordFile(entry.path());
    // Line 3 is the move count.
    std::size_t a = text.find('\n'), b = text.find('\n', a + 1), c = text.find('\n', b + 1);
    EXPECT_EQ(static_cast<int>(r.moves.size()), std::stoi(text.substr(b + 1, c - b - 1)));
    EXPECT_EQ(r.size, 15);
    for (const Rule rule : {Rule::Standard, Rule::Freestyle}) {
      const ReplayReport rep = replay(r, rule);
      EXPECT_EQ(rep.end, ReplayEnd::Five) << rep.text;
      EXPECT_EQ(rep.move, static_cast<int>(r.moves.size())) << rep.text;
      EXPECT_NO_THROW(openRecordFile(entry.path(), rule));
    }
  }
  EXPECT_EQ(files, 13);
}

// ---------------------------------------------------------------- RenLib .lib

TEST(RenLib, ReadsTheMainLineOfATree) {
  // root (no point) -> h8 -> { i9 -> { j10 (leaf) }, g7 (sibling of i9) -> f6 (leaf) }
  // with a comment on h8 and a board-text mark (no move) as the first child of j10's parent.
  std::string lib = renlibHeader();
  lib += node(0, 0, 0x00);                           // root, has a child
  lib += node(7, 7, 0x08) + "centre" + '\0' + '\0';  // h8, comment, has a child
  lib += node(6, 7, 0x80 | 0x40 | 0x02 | 0x01) + std::string("\x00\x01", 2) + "A" + '\0';
  // ^ a board-text mark "A" at g8: no move, leaf, has a sibling
  lib += node(8, 6, 0x80);  // i9: has a sibling (g7) and a child
  lib += node(9, 5, 0x40);  // j10: leaf, no sibling -> back to g7
  lib += node(6, 8, 0x00);  // g7: child
  lib += node(5, 9, 0x40);  // f6: leaf, end
  const Record r = readRenLib(lib);
  EXPECT_EQ(r.size, 15);
  ASSERT_EQ(r.moves.size(), 3u);
  EXPECT_EQ(toRif(r.moves[0], 15), "h8");
  EXPECT_EQ(toRif(r.moves[1], 15), "i9");
  EXPECT_EQ(toRif(r.moves[2], 15), "j10");
  ASSERT_EQ(r.comments.size(), 1u);
  EXPECT_EQ(r.comments[0].afterMove, 1);
  EXPECT_EQ(r.comments[0].text, "centre");
  EXPECT_TRUE(r.warnings.empty());
}

TEST(RenLib, ReadsALibraryWithoutARootNode) {
  std::string lib = renlibHeader() + node(7, 7, 0x00) + node(8, 8, 0x40);
  const Record r = readRenLib(lib);
  ASSERT_EQ(r.moves.size(), 2u);
  EXPECT_EQ(toRif(r.moves[1], 15), "i7");
}

TEST(RenLib, Errors) {
  auto err = [](const std::string& t) { return errorOf([&] { readRenLib(t); }); };
  EXPECT_EQ(err(""), "empty file: no RenLib library");
  EXPECT_EQ(err("15\n15\n0\n"),
            "not a RenLib library (the header does not start with FF \"RenLib\" FF)");
  EXPECT_EQ(err(renlibHeader().substr(0, 12)),
            "the file ends inside the RenLib header (truncated)");
  std::string v2 = renlibHeader();
  v2[8] = 2;
  EXPECT_EQ(err(v2), "byte 8: RenLib version 2.0 is not supported (3.x expected)");
  EXPECT_EQ(err(renlibHeader() + node(0, 0, 0) + node(7, 7, 0)),
            "byte 24: the file ends inside the move tree (truncated)");
  EXPECT_EQ(err(renlibHeader() + node(0, 0, 0) + node(7, 7, 0x08) + "abc"),
            "byte 24: the file ends inside a comment (truncated)");
  EXPECT_EQ(err(renlibHeader() + node(0, 0, 0) + node(7, 7, 0) + node(7, 7, 0x40)),
            "byte 24: move 2 (H8) is on an occupied point");
  EXPECT_EQ(err(renlibHeader() + node(0, 0, 0) + std::string("\x70\x40", 2)),
            "byte 22: move 1 (point byte 112) is off the 15x15 board");
}

TEST(RenLib, WriteThenReadRoundTrips) {
  Record r;
  r.moves = {{7, 7}, {8, 6}, {0, 0}, {14, 14}};
  EXPECT_EQ(readRenLib(writeRenLib(r)).moves, r.moves);
  Record big;
  big.size = 19;
  EXPECT_NE(errorOf([&] { writeRenLib(big); }).find("15x15 only"), std::string::npos);
}

// ---------------------------------------------------------------- position strings

TEST(PositionString, BothWays) {
  const std::vector<Point> moves = parsePositionString("h8i9j10", 15);
  ASSERT_EQ(moves.size(), 3u);
  EXPECT_EQ(moves[0], (Point{7, 7}));
  EXPECT_EQ(moves[1], (Point{8, 6}));
  EXPECT_EQ(moves[2], (Point{9, 5}));
  EXPECT_EQ(formatPositionString(moves, 15), "h8i9j10");
  EXPECT_EQ(parsePositionString(" H8, i9 - J10\n", 15), moves);
  EXPECT_EQ(formatPositionString(parsePositionString("a1o15a15o1", 15), 15), "a1o15a15o1");
  EXPECT_EQ(parsePositionString("t20", 20).front(), (Point{19, 0}));
}

TEST(PositionString, Errors) {
  auto err = [](const std::string& t) { return errorOf([&] { parsePositionString(t, 15); }); };
  EXPECT_EQ(err(""), "empty position string: no moves");
  EXPECT_EQ(err("h8h8"),
            "position string, character 3: h8 (move 2) repeats a point already played");
  EXPECT_EQ(err("h8p9"), "position string, character 3: p9 is off the 15x15 board");
  EXPECT_EQ(err("h16"), "position string, character 1: h16 is off the 15x15 board");
  EXPECT_EQ(err("h0"), "position string, character 1: h0 is off the 15x15 board");
  EXPECT_EQ(err("h8i"), "position string, character 3: 'i' has no row number after it");
  EXPECT_EQ(err("h8*"), "position string, character 3: '*' is not a column letter");
  EXPECT_EQ(err(std::string("h8\x01", 3)),
            "position string, character 3: byte 0x01 is not a column letter");
}

// ---------------------------------------------------------------- saving and opening

namespace {
Record sampleGame() {
  Record r;
  r.rule = Rule::Standard;
  r.black = "Zoë";
  r.white = "张伟";
  r.date = "2026-11-30";
  r.result = RecordResult::Black;
  r.resultText = "B+";
  r.moves = {{7, 7}, {0, 0}, {8, 7}, {0, 1}, {9, 7}, {0, 2}, {10, 7}, {0, 3}, {11, 7}};
  r.timesMs = {100, 2000, 300, 4000, 500, 6000, 700, 8000, 900};
  return r;
}
}  // namespace

TEST(RecordIo, FormatFromTheExtension) {
  EXPECT_EQ(recordFormatFromPath("a/b.PSQ"), RecordFormat::Psq);
  EXPECT_EQ(recordFormatFromPath("game.sgf"), RecordFormat::Sgf);
  EXPECT_EQ(recordFormatFromPath("1.sav"), RecordFormat::Yixin);
  EXPECT_EQ(recordFormatFromPath("x.Lib"), RecordFormat::RenLib);
  EXPECT_FALSE(recordFormatFromPath("x.txt"));
  EXPECT_FALSE(recordFormatFromPath("psq"));
}

TEST(RecordIo, SaveAndOpenEveryFormatKeepsWhatItCan) {
  const fs::path dir = freshDir("save");
  const Record g = sampleGame();
  for (const char* ext : {".psq", ".sgf", ".sav", ".lib"}) {
    SCOPED_TRACE(ext);
    const fs::path file = dir / (std::string("game") + ext);
    saveRecordFile(file, g);
    const Record back = openRecordFile(file, Rule::Freestyle);
    EXPECT_EQ(back.moves, g.moves);
    if (std::string(ext) == ".sgf") {
      EXPECT_EQ(back.rule, Rule::Standard);
      EXPECT_EQ(back.black, g.black);
      EXPECT_EQ(back.white, g.white);
      EXPECT_EQ(back.date, g.date);
      EXPECT_EQ(back.result, RecordResult::Black);
      EXPECT_EQ(back.timesMs, g.timesMs);
    }
    if (std::string(ext) == ".psq") {
      EXPECT_EQ(back.timesMs, g.timesMs);
      ASSERT_EQ(back.engines.size(), 2u);
      EXPECT_EQ(back.engines[0], "Zoë");
    }
  }
  // Only the four records are there: no temporary files left behind.
  int files = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    (void)e;
    ++files;
  }
  EXPECT_EQ(files, 4);
  fs::remove_all(dir);
}

// A record with a header and no moves (what `gomoku-cli convert` makes of a header-only file) is
// an empty game: every format writes it and reads it back as one, at its board size.
TEST(RecordIo, AnEmptyGameSavesAndOpensInEveryFormat) {
  const fs::path dir = freshDir("empty");
  for (int size : {15, 20}) {
    Record g;
    g.size = size;
    g.black = "Alice";
    for (const char* ext : {".psq", ".sgf", ".sav", ".lib"}) {
      if (size != 15 && std::string(ext) == ".lib") continue;  // RenLib is 15x15 only
      SCOPED_TRACE(std::string(ext) + " " + std::to_string(size));
      const fs::path file = dir / ("empty" + std::to_string(size) + ext);
      saveRecordFile(file, g);
      const Record back = openRecordFile(file, Rule::Freestyle);
      EXPECT_TRUE(back.moves.empty());
      EXPECT_EQ(back.size, size);
      EXPECT_EQ(replay(back, Rule::Freestyle, FoulPolicy::Lose).game.ply(), 0);
    }
  }
  fs::remove_all(dir);
}

TEST(RecordIo, AtomicSaveReplacesOrKeepsTheOldFile) {
  const fs::path dir = freshDir("atomic");
  const fs::path file = dir / "game.psq";
  writeFileAtomic(file, "old");
  writeFileAtomic(file, "new");
  EXPECT_EQ(slurp(file), "new");
  // A failed save (the record cannot be written: off-board move) leaves the old file.
  Record bad;
  bad.moves = {{20, 20}};
  EXPECT_NE(errorOf([&] { saveRecordFile(file, bad); }).find("off the board"), std::string::npos);
  EXPECT_EQ(slurp(file), "new");
  // A failed rename (the target is a folder) leaves the folder and no temporary file.
  const fs::path folder = dir / "folder.sgf";
  fs::create_directories(folder / "inside");
  EXPECT_NE(errorOf([&] { writeFileAtomic(folder, "x"); }).find("cannot replace the file"),
            std::string::npos);
  EXPECT_TRUE(fs::is_directory(folder / "inside"));
  // A folder that does not exist.
  EXPECT_NE(errorOf([&] {
              writeFileAtomic(dir / "missing" / "g.psq", "x");
            }).find("cannot create a file in the folder"),
            std::string::npos);
  int files = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    (void)e;
    ++files;
  }
  EXPECT_EQ(files, 2);  // game.psq and folder.sgf
  EXPECT_NE(errorOf([&] {
              saveRecordFile(dir / "game.txt", sampleGame());
            }).find("unknown record format"),
            std::string::npos);
  fs::remove_all(dir);
}

TEST(RecordIo, OpenRefusesAMoveAfterTheFiveNamingItsLine) {
  const fs::path dir = freshDir("after");
  const fs::path file = dir / "after.psq";
  // Black five h8..l8 at move 9, then a tenth move on line 11.
  writeFileAtomic(file,
                  "Piskvorky 15x15, 11:11, 0\n8,8,0\n1,1,0\n9,8,0\n1,2,0\n10,8,0\n1,3,0\n11,8,0\n"
                  "1,4,0\n12,8,0\n1,5,0\n");
  EXPECT_EQ(
      errorOf([&] { openRecordFile(file, Rule::Freestyle); }),
      file.string() + ": line 11: move 10 continues after the game ended at move 9 (Black's five)");
  // The same moves without the tenth open fine.
  writeFileAtomic(file,
                  "Piskvorky 15x15, 11:11, 0\n8,8,0\n1,1,0\n9,8,0\n1,2,0\n10,8,0\n1,3,0\n11,8,0\n"
                  "1,4,0\n12,8,0\n");
  EXPECT_EQ(openRecordFile(file, Rule::Freestyle).moves.size(), 9u);
  EXPECT_NE(errorOf([&] {
              openRecordFile(dir / "none.sgf", Rule::Freestyle);
            }).find("cannot read the file"),
            std::string::npos);
  fs::remove_all(dir);
}

// One decision for every front end and every format. The app's Open, gomoku-cli replay
// and gomoku-cli convert all call openRecordFile; a game that goes on after a five is refused in
// each format we write (the writers do not judge the moves), and the rule decides what a five is.
TEST(RecordIo, OpenRefusesMovesAfterAFiveInEveryFormat) {
  const fs::path dir = freshDir("everyformat");
  Record after;  // Black h8..l8 at move 9, then a tenth move
  for (const char* m : {"h8", "a15", "i8", "a14", "j8", "a13", "k8", "a12", "l8", "a11"})
    after.moves.push_back(*parsePoint(m, 15));
  for (const RecordFormat f :
       {RecordFormat::Psq, RecordFormat::Sgf, RecordFormat::Yixin, RecordFormat::RenLib}) {
    const fs::path file = dir / (std::string("after") + recordFormatExtension(f));
    writeFileAtomic(file, writeRecord(after, f));
    SCOPED_TRACE(file.string());
    EXPECT_NO_THROW(readRecordFile(file));  // the reader alone lets it through...
    EXPECT_NE(errorOf([&] {
                openRecordFile(file, Rule::Freestyle);
              }).find("move 10 continues after the game ended at move 9 (Black's five)"),
              std::string::npos);  // ...the opening does not
  }
  // Black's overline (six, d8..i8) then a move: a five under freestyle, not under standard.
  Record six;
  for (const char* m :
       {"d8", "a1", "e8", "o1", "f8", "a15", "h8", "c1", "i8", "m1", "g8", "o15", "o14"})
    six.moves.push_back(*parsePoint(m, 15));
  const fs::path file = dir / "six.sgf";
  writeFileAtomic(file, writeSgf(six));
  EXPECT_THROW(openRecordFile(file, Rule::Freestyle), RecordError);
  EXPECT_EQ(openRecordFile(file, Rule::Standard).moves.size(), 13u);
  // The rule given over the file's own (gomoku-cli replay --rule).
  EXPECT_THROW(openRecordFile(file, Rule::Standard, {}, Rule::Freestyle), RecordError);
  EXPECT_EQ(recordRule(six, Rule::Renju), Rule::Renju);
  six.size = 20;
  EXPECT_EQ(recordRule(six, Rule::Renju), Rule::Freestyle);
  six.rule = Rule::Standard;
  EXPECT_EQ(recordRule(six, Rule::Renju), Rule::Standard);
  fs::remove_all(dir);
}

TEST(RecordIo, SgfKeepsMoveTimesAndRefusesABadOne) {
  Record r;
  r.moves = {{7, 7}, {8, 8}};
  r.timesMs = {1500, 0};
  const std::string sgf = writeSgf(r);
  EXPECT_NE(sgf.find(";B[hh]MS[1500];W[ii]MS[0]"), std::string::npos) << sgf;
  EXPECT_EQ(readSgf(sgf).timesMs, r.timesMs);
  EXPECT_EQ(errorOf([] { readSgf("(;GM[4]\n;B[hh]MS[soon])"); }),
            "line 2: move 1: MS[soon] is not a time in milliseconds");
  EXPECT_TRUE(readSgf("(;GM[4];B[hh];W[ii])").timesMs.empty());
}

// ---------------------------------------------------------------- Japanese renju programs

namespace {
// The first four moves of the shared sample2 (h8 i9 i6 j9 in RIF) in each format.
std::string rif(const Record& r) {
  return formatPositionString(r.moves, r.size);
}
}  // namespace

TEST(JapaneseFormats, EachReadsTheSameMoves) {
  const std::pair<JapaneseFormat, std::string> texts[] = {
      {JapaneseFormat::Ban, "808\n907\n910\n1007\n"},
      {JapaneseFormat::Dt5, "h8,i7,iA,j7,**,"},
      {JapaneseFormat::Kif, "* /t=1\n...............\n136,\x90\x6c\t\n121,x\n169,x\n122,x\n"},
      {JapaneseFormat::Lws, "H8 I9 I6 J9"},
      {JapaneseFormat::Nrf, "title\n88\n97\n9a\na7\n0\n"},
      {JapaneseFormat::Rnj, "7 7 6 8\n9 8 6 9\n"},
  };
  for (const auto& [format, text] : texts) {
    SCOPED_TRACE(text);
    const Record r = readJapanese(text, format);
    EXPECT_EQ(r.size, 15);
    EXPECT_EQ(rif(r), "h8i9i6j9");
  }
}

TEST(JapaneseFormats, ErrorsNameTheLine) {
  auto err = [](JapaneseFormat f, const std::string& t) {
    return errorOf([&] { readJapanese(t, f); });
  };
  EXPECT_EQ(err(JapaneseFormat::Ban, ""), "empty file: no moves");
  EXPECT_EQ(err(JapaneseFormat::Ban, "808\n808\n"),
            "line 2: move 2 \"808\" (H8) is on the point of move 1");
  EXPECT_EQ(err(JapaneseFormat::Ban, "808\n1616\n"),
            "line 2: move 2 \"1616\" is off the 15x15 board");
  EXPECT_EQ(err(JapaneseFormat::Dt5, "h8,i7,**,\nj7,"), "line 2: \"j7\" after the end mark \"**\"");
  EXPECT_EQ(err(JapaneseFormat::Dt5, "h8,zz,"),
            "line 1: \"zz\" is not a move (letter and hex row expected, e.g. hA)");
  EXPECT_EQ(err(JapaneseFormat::Nrf, "t\n88\n0\n97\n"), "line 4: \"97\" after the end mark \"0\"");
  EXPECT_EQ(err(JapaneseFormat::Rnj, "7 7 6\n"),
            "line 1: \"7 7 6\" is not a move (\"y x\" pairs expected, e.g. 7 7 6 8)");
  EXPECT_EQ(err(JapaneseFormat::Lws, std::string("H8\0", 3)),
            "line 1: binary data (a NUL byte); not a text record");
  // .kif: the header and the diagram come before the moves; nothing else is skipped.
  EXPECT_EQ(err(JapaneseFormat::Kif, "* /t=1\n136,x\nabc\n121,x\n"),
            "line 3: \"abc\" is not a move (row*16 + col expected, e.g. 136,...)");
  EXPECT_EQ(err(JapaneseFormat::Kif, "* /t=1\n136,x\n.....\n"),
            "line 3: \".....\" is not a move (row*16 + col expected, e.g. 136,...)");
  EXPECT_EQ(err(JapaneseFormat::Kif, "hello\n136,x\n"),
            "line 1: \"hello\" is not a move (row*16 + col expected, e.g. 136,...)");
}

// The shared samples: the six formats of each sample hold the same game.
TEST(JapaneseFormats, SharedSamplesAgreeAcrossFormats) {
  const fs::path dir =
      fs::path(GOMOKU_SHARED_DIR) / "data" / "games" / "other" / "jp_renju_formats_shioi";
  if (!fs::exists(dir))
    GTEST_SKIP() << "shared Japanese samples not found: " << dir << " is absent";
  for (const char* sample : {"sample1", "sample2"}) {
    std::string first;
    for (const char* ext : {".lws", ".ban", ".dt5", ".kif", ".nrf", ".rnj"}) {
      SCOPED_TRACE(std::string(sample) + ext);
      const Record r = readRecordFile(dir / (std::string(sample) + ext));
      EXPECT_GT(r.moves.size(), 20u);
      if (first.empty()) first = rif(r);
      EXPECT_EQ(rif(r), first);
      EXPECT_NE(replay(r, Rule::Renju).end, ReplayEnd::Illegal);
    }
  }
}
