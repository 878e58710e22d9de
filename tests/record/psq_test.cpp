// Piskvork .psq reading and writing on small texts written here.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "record/psq.h"

using namespace gomoku;

namespace {

// The message of the RecordError that reading `text` throws ("" when it reads).
std::string errorOf(const std::string& text, const ReadOptions& options = {}) {
  try {
    readPsq(text, options);
  } catch (const RecordError& e) {
    return e.what();
  }
  return "";
}

int errorLine(const std::string& text) {
  try {
    readPsq(text);
  } catch (const RecordError& e) {
    return e.line();
  }
  return -1;
}

const std::string kGomocup =
    "Piskvorky 15x15, 11:11, 0\n"
    "8,8,0\n"
    "8,6,0\n"
    "10,11,1032\n"
    "EMBRYO22.zip\n"
    "KATAGOMO21.R.zip\n"
    "-1\n"
    "2,Renju\n";

// Replaces every "\n" by "\r\n".
std::string crlf(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '\n') out += '\r';
    out += c;
  }
  return out;
}

}  // namespace

TEST(Psq, ReadsTheGomocupVariant) {
  const Record r = readPsq(kGomocup);
  EXPECT_EQ(r.size, 15);
  EXPECT_TRUE(r.sizeKnown);
  // 1-based x (column), y (row from the top) become 0-based.
  ASSERT_EQ(r.moves.size(), 3u);
  EXPECT_EQ(r.moves[0], (Point{7, 7}));
  EXPECT_EQ(r.moves[1], (Point{7, 5}));
  EXPECT_EQ(r.moves[2], (Point{9, 10}));
  EXPECT_EQ(r.timesMs, (std::vector<int>{0, 0, 1032}));
  EXPECT_EQ(r.engines, (std::vector<std::string>{"EMBRYO22.zip", "KATAGOMO21.R.zip"}));
  ASSERT_TRUE(r.rule);
  EXPECT_EQ(*r.rule, Rule::Renju);
  EXPECT_FALSE(r.result) << "judge code 2 names an engine, not a colour";
  EXPECT_FALSE(r.black);
  EXPECT_FALSE(r.white);
  ASSERT_EQ(r.properties.size(), 2u);
  EXPECT_EQ(r.properties[0], (std::pair<std::string, std::string>{"psq error", "-1"}));
  EXPECT_EQ(r.properties[1], (std::pair<std::string, std::string>{"psq judge", "2,Renju"}));
  EXPECT_TRUE(r.warnings.empty());
}

TEST(Psq, JudgeCodeZeroIsADraw) {
  const Record r = readPsq("Piskvorky 15x15, 11:11, 0\n8,8,0\nA\nB\n-1\n0,Renju\n");
  ASSERT_TRUE(r.result);
  EXPECT_EQ(*r.result, RecordResult::Draw);
  EXPECT_EQ(r.resultText, "0,Renju");
}

TEST(Psq, CrlfAndByteOrderMarkReadTheSame) {
  const Record lf = readPsq(kGomocup);
  for (const std::string& text :
       {crlf(kGomocup), "\xEF\xBB\xBF" + kGomocup, "\xEF\xBB\xBF" + crlf(kGomocup),
        kGomocup + "\n\n", crlf(kGomocup).substr(0, crlf(kGomocup).size() - 2)}) {
    const Record r = readPsq(text);
    EXPECT_EQ(r.moves, lf.moves);
    EXPECT_EQ(r.timesMs, lf.timesMs);
    EXPECT_EQ(r.engines, lf.engines);
    EXPECT_EQ(r.rule, lf.rule);
  }
}

TEST(Psq, ReadsTheTournamentVariant20x20) {
  const Record r = readPsq(
      crlf("Piskvorky 20x20, 11:11, 0\n5,14,8\n8,14,0\n20,20,5\nGORO16.zip\nHEWER15.zip\n-1\n"));
  EXPECT_EQ(r.size, 20);
  EXPECT_EQ(r.moves.back(), (Point{19, 19}));
  EXPECT_FALSE(r.rule);
  EXPECT_EQ(r.engines.size(), 2u);
}

TEST(Psq, StrippedVariantTakesTheSizeFromTheCaller) {
  const std::string text = "8,8\n9,9\r\n1,15\n";
  const Record r = readPsq(text);
  EXPECT_EQ(r.size, 15);
  EXPECT_FALSE(r.sizeKnown);
  EXPECT_TRUE(r.timesMs.empty());
  EXPECT_EQ(r.moves, (std::vector<Point>{{7, 7}, {8, 8}, {0, 14}}));

  ReadOptions twenty;
  twenty.boardSize = 20;
  EXPECT_EQ(readPsq("16,20\n", twenty).size, 20);
  EXPECT_EQ(errorOf("8,8\n16,20\n"),
            "line 2: move 16,20 is off the 15x15 board (the file does not give the size; "
            "assumed 15x15)");
}

TEST(Psq, ErrorsNameTheLine) {
  EXPECT_EQ(errorOf(""), "empty file: no .psq header and no moves");
  EXPECT_EQ(errorOf("\xEF\xBB\xBF\r\n  \n"), "empty file: no .psq header and no moves");
  EXPECT_EQ(errorLine(""), 0);

  // A move off the board, the example of the brief.
  EXPECT_EQ(errorOf("Piskvorky 15x15, 11:11, 0\n1,1,0\n2,2,0\n3,3,0\n4,4,0\n5,5,0\n13,16,0\n"),
            "line 7: move 13,16 is off the 15x15 board");
  EXPECT_EQ(errorOf("Piskvorky 15x15, 11:11, 0\n0,3,0\n"),
            "line 2: move 0,3 is off the 15x15 board");
  // A repeated point.
  EXPECT_EQ(errorOf("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\r\n8,8,0\n"),
            "line 4: move 3 (8,8) is on the point of move 1");
  EXPECT_EQ(errorLine("5,5\n6,6\n5,5\n"), 3);
  // Binary garbage.
  EXPECT_EQ(errorOf(std::string("Piskvorky 15x15, 11:11, 0\n8,8,0\n\0\x01\x02", 33)),
            "line 3: binary data (a NUL byte); not a .psq text file");
  EXPECT_EQ(errorOf("\x7F"
                    "ELF\x02\x01\x01"),
            "line 1: binary data (control byte 0x02); not a .psq text file");
  EXPECT_EQ(errorLine("\x89PNG\r\n\x1A\n"), 1);
  EXPECT_EQ(errorOf("Piskvorky 15x15, 11:11, 0\n8,8,0\nname \xC3\x28\n"),
            "line 3: the text is not UTF-8; not a .psq text file");
  // Headers.
  EXPECT_EQ(errorOf("Piskvorky 20x15, 11:11, 0\n"),
            "line 1: the board is 20x15; only square boards are supported");
  EXPECT_EQ(errorOf("Piskvorky 30x30, 11:11, 0\n"), "line 1: board size 30x30 is outside 5..25");
  EXPECT_EQ(errorOf("Piskvorky 15 by 15\n"),
            "line 1: malformed .psq header \"Piskvorky 15 by 15\" (expected \"Piskvorky WxH, "
            "L1:L2, F\")");
  EXPECT_EQ(errorOf("Hello world\n8,8\n"),
            "line 1: not a .psq record: \"Hello world\" is neither a header \"Piskvorky WxH, "
            "...\" nor a move \"x,y\"");
  // A move after the trailer: the error names the trailer's first line, not the move; a number
  // too long to be a coordinate is refused on its own line.
  EXPECT_EQ(errorOf("Piskvorky 15x15, 11:11, 0\n8,8,0\nPELA.zip\n9,9,0\n"),
            "line 3: \"PELA.zip\" is not a move \"x,y\", yet a move follows it on line 4");
  EXPECT_EQ(errorLine("Piskvorky 15x15, 11:11, 0\n8,8,0\n99999999999,1,0\n9,9,0\n"), 3);
}

// The last line is not taken as the trailer whatever it holds. Only engine names, an end
// code -2..15 and a judge line "k,rule", in that order, may follow the moves.
TEST(Psq, TrailerIsRecognisedNotAssumed) {
  const std::string head = "Piskvorky 15x15, 11:11, 0\n1,1,0\n2,2,0\n3,3,0\n";  // lines 1-4
  // A move fragment, a negative point, a point with a time, a number that is not an end code.
  EXPECT_EQ(errorOf(head + "10,\n"),
            "line 5: \"10,\" is neither a move \"x,y\" (1-based) nor a trailer line (engine "
            "name, end code, judge line \"k,rule\")");
  EXPECT_EQ(errorLine(head + "-1,2\n"), 5);
  EXPECT_EQ(errorLine(head + "-1,2,0\n"), 5);
  EXPECT_EQ(errorLine(head + "8 8\n"), 5);
  EXPECT_EQ(errorOf(head + "99\n"), "line 5: \"99\" is not a .psq end code (-2..15)");
  EXPECT_EQ(errorLine(head + "-3\n"), 5);
  // The bad line is named, not the good line after it.
  EXPECT_EQ(errorLine(head + "-1,2,0\n4,4,0\n"), 5);
  EXPECT_EQ(errorOf(head + "abc\n4,4,0\n"),
            "line 5: \"abc\" is not a move \"x,y\", yet a move follows it on line 6");
  EXPECT_EQ(errorOf(head + "A.zip\nB.zip\n-1\n\n4,4,0\n"),
            "line 5: \"A.zip\" is not a move \"x,y\", yet a move follows it on line 9");
  // Judge lines: k 0..2 and a rule.
  EXPECT_EQ(errorOf(head + "A\nB\n-1\n5,Renju\n"),
            "line 8: \"5,Renju\" is not a judge line \"k,rule\" (k: 0, 1 or 2; rule: freestyle, "
            "standard or renju)");
  EXPECT_EQ(errorLine(head + "A\nB\n-1\n1,Caro\n"), 8);
  EXPECT_EQ(readPsq(head + "A\nB\n-1\n1,freestyle\n").rule, Rule::Freestyle);
  // Order: at most two names, then one end code, then one judge line.
  EXPECT_EQ(errorOf(head + "A\nB\nC\n"),
            "line 7: \"C\" is out of place in the trailer (at most two engine names, then an end "
            "code, then a judge line)");
  EXPECT_EQ(errorLine(head + "-1\nA\n"), 6);
  EXPECT_EQ(errorLine(head + "-1\n0\n"), 6);
  EXPECT_EQ(errorLine(head + "A\nB\n2,Renju\n-1\n"), 8);
  EXPECT_EQ(errorLine(head + "A\nB\n-1\n2,Renju\n1,Renju\n"), 9);
  // What Piskvork writes: every end code, with or without the names (a game saved outside a
  // tournament has the end code alone); "homo-1" and "homo-2" are people.
  for (int code = -2; code <= 15; ++code) {
    const Record r = readPsq(head + std::to_string(code) + "\n");
    EXPECT_EQ(r.moves.size(), 3u);
    EXPECT_EQ(r.properties.at(0).second, std::to_string(code));
  }
  EXPECT_EQ(readPsq(head + "homo-1\nhomo-2\n0\n").engines,
            (std::vector<std::string>{"homo-1", "homo-2"}));
  // A header alone, with or without a trailer, is an empty record.
  EXPECT_TRUE(readPsq("Piskvorky 15x15, 11:11, 0\n").moves.empty());
  EXPECT_TRUE(readPsq("Piskvorky 15x15, 11:11, 0\nA.zip\nB.zip\n-1\n").moves.empty());
}

TEST(Psq, KeepIllegalMovesLeavesThemToReplay) {
  ReadOptions keep;
  keep.keepIllegalMoves = true;
  const Record r = readPsq("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n8,8,0\n16,1,0\n", keep);
  EXPECT_EQ(r.moves, (std::vector<Point>{{7, 7}, {8, 8}, {7, 7}, {15, 0}}));
  ASSERT_EQ(r.warnings.size(), 2u);
  EXPECT_EQ(r.warnings[0], "line 4: move 3 (8,8) is on the point of move 1");
  EXPECT_EQ(r.warnings[1], "line 5: move 16,1 is off the 15x15 board");
}

TEST(Psq, WriteThenReadRoundTrips) {
  Record r;
  r.size = 20;
  r.moves = {{0, 0}, {19, 19}, {10, 3}, {3, 10}};
  r.timesMs = {0, 12, 345, 6789};
  r.engines = {"PELA17.zip", "YIXIN18.zip"};
  const std::string text = writePsq(r);
  EXPECT_EQ(text,
            "Piskvorky 20x20, 11:11, 0\n1,1,0\n20,20,12\n11,4,345\n4,11,6789\nPELA17.zip\n"
            "YIXIN18.zip\n");
  const Record back = readPsq(text);
  EXPECT_EQ(back.size, r.size);
  EXPECT_EQ(back.moves, r.moves);
  EXPECT_EQ(back.timesMs, r.timesMs);
  EXPECT_EQ(back.engines, r.engines);

  // Player names go out as the two name lines (Black first) and come back as engines.
  Record named;
  named.moves = {{7, 7}};
  named.black = "Alice";
  named.white = "Bob";
  const Record namedBack = readPsq(writePsq(named));
  EXPECT_EQ(namedBack.engines, (std::vector<std::string>{"Alice", "Bob"}));
  EXPECT_EQ(namedBack.moves, named.moves);
  EXPECT_EQ(namedBack.timesMs, std::vector<int>{0});

  // An empty game is a header alone.
  EXPECT_EQ(writePsq(Record{}), "Piskvorky 15x15, 11:11, 0\n");
  EXPECT_TRUE(readPsq(writePsq(Record{})).moves.empty());
}

TEST(Psq, WriteRefusesWhatWouldNotReadBack) {
  Record off;
  off.moves = {{15, 0}};
  EXPECT_THROW(writePsq(off), RecordError);
  Record badName;
  badName.engines = {"two\nlines"};
  EXPECT_THROW(writePsq(badName), RecordError);
  badName.engines = {"-1"};
  EXPECT_THROW(writePsq(badName), RecordError);
  badName.engines = {"10,"};
  EXPECT_THROW(writePsq(badName), RecordError);
  badName.engines = {"1,Renju"};
  EXPECT_THROW(writePsq(badName), RecordError);
  badName.engines = {"A", "B", "C"};
  EXPECT_THROW(writePsq(badName), RecordError);
  Record badSize;
  badSize.size = 4;
  EXPECT_THROW(writePsq(badSize), RecordError);
}

TEST(Psq, GomocupFileNameGivesTheResult) {
  EXPECT_EQ(gomocupResultFromName("a/b/0_0_1_1.psq"), RecordResult::Black);
  EXPECT_EQ(gomocupResultFromName("12_3_8_2.psq"), RecordResult::White);
  EXPECT_EQ(gomocupResultFromName("0_9_5_0.psq"), RecordResult::Draw);
  EXPECT_FALSE(gomocupResultFromName("0x1-36(3).psq"));
  EXPECT_FALSE(gomocupResultFromName("0_0_1_3.psq"));
  EXPECT_FALSE(gomocupResultFromName("0_0_1.psq"));
  EXPECT_FALSE(gomocupResultFromName("0_0_1_1.sgf"));
  EXPECT_FALSE(gomocupResultFromName("0__1_1.psq"));

  const auto dir = std::filesystem::path(::testing::TempDir()) /
                   ("gomoku_record_psq_test_" + std::to_string(std::random_device{}()));
  std::filesystem::create_directories(dir);
  const auto file = dir / "3_1_4_2.psq";
  std::ofstream(file, std::ios::binary) << kGomocup;
  const Record r = readPsqFile(file);
  ASSERT_TRUE(r.result);
  EXPECT_EQ(*r.result, RecordResult::White);
  EXPECT_EQ(r.resultText, "file name: X = 2");

  const auto bad = dir / "bad.psq";
  std::ofstream(bad, std::ios::binary) << "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n";
  try {
    readPsqFile(bad);
    ADD_FAILURE() << "read a repeated point";
  } catch (const RecordError& e) {
    EXPECT_EQ(std::string(e.what()),
              bad.string() + ": line 3: move 2 (8,8) is on the point of move 1");
    EXPECT_EQ(e.line(), 3);
  }
  EXPECT_THROW(readPsqFile(dir / "missing.psq"), RecordError);
  std::filesystem::remove_all(dir);
}
