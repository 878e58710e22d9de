// SGF (GM[4]) reading and writing on small texts written here, in UTF-8 and in GB18030.
#include <gtest/gtest.h>

#include <string>

#include "record/sgf.h"

using namespace gomoku;

namespace {

std::string errorOf(const std::string& text, const ReadOptions& options = {}) {
  try {
    readSgf(text, options);
  } catch (const RecordError& e) {
    return e.what();
  }
  return "";
}

// GB18030 bytes of a few words (as iwzq.com writes them).
const std::string kHeiSheng = "\xBA\xDA\xCA\xA4";   // 黑胜 Black won
const std::string kBaiSheng = "\xB0\xD7\xCA\xA4";   // 白胜 White won
const std::string kHeQi = "\xBA\xCD\xC6\xE5";       // 和棋 draw
const std::string kZhuaJin = "\xD7\xA5\xBD\xFB";    // 抓禁 White won by Black's foul
const std::string kZhangChen = "\xD5\xC5\xB3\xBF";  // 张晨
// 乚乗: their second bytes are ']' (0x5D) and '\' (0x5C), which SGF would misread before the
// text is converted.
const std::string kTrailBytes = "\x81\x5D\x81\x5C";

}  // namespace

TEST(Sgf, ReadsAUtf8Record) {
  const Record r = readSgf(
      "(;GM[4]FF[4]CA[UTF-8]SZ[15]RU[Renju]PB[Alice]PW[Bob]DT[2024-05-01]RE[B+R]\n"
      "C[A game\\] with a bracket]EV[Club]\n"
      ";B[hh];W[ha]C[top row];B[ao]\n"
      ")\n");
  EXPECT_EQ(r.size, 15);
  ASSERT_TRUE(r.rule);
  EXPECT_EQ(*r.rule, Rule::Renju);
  // Column letter then row letter, row 'a' at the TOP.
  EXPECT_EQ(r.moves, (std::vector<Point>{{7, 7}, {7, 0}, {0, 14}}));
  EXPECT_EQ(r.black, "Alice");
  EXPECT_EQ(r.white, "Bob");
  EXPECT_EQ(r.date, "2024-05-01");
  ASSERT_TRUE(r.result);
  EXPECT_EQ(*r.result, RecordResult::Black);
  EXPECT_EQ(r.resultText, "B+R");
  ASSERT_EQ(r.comments.size(), 2u);
  EXPECT_EQ(r.comments[0].afterMove, 0);
  EXPECT_EQ(r.comments[0].text, "A game] with a bracket");
  EXPECT_EQ(r.comments[1].afterMove, 2);
  EXPECT_EQ(r.comments[1].text, "top row");
  EXPECT_EQ(r.encoding, "UTF-8");
  EXPECT_TRUE(r.textConverted);
  // Root properties without a field are kept.
  bool ev = false, ff = false;
  for (const auto& [name, value] : r.properties) {
    ev = ev || (name == "EV" && value == "Club");
    ff = ff || (name == "FF" && value == "4");
  }
  EXPECT_TRUE(ev);
  EXPECT_TRUE(ff);
}

TEST(Sgf, ReadsTheMainLineOnly) {
  const Record r = readSgf("(;GM[4];B[hh](;W[ii];B[jj](;W[kk])(;W[ll]))(;W[gg];B[ff]))");
  EXPECT_EQ(r.moves, (std::vector<Point>{{7, 7}, {8, 8}, {9, 9}, {10, 10}}));
}

TEST(Sgf, ConvertsGb18030ToUtf8) {
  // As iwzq.com writes it: no GM, no CA, a property name with a digit, text in GB18030.
  const std::string text = "(;US[save from iwzq.com]5A[I9]PW[" + kTrailBytes + "]PB[" + kZhangChen +
                           "]DT[2008-6-24]RE[" + kHeiSheng +
                           "]SW[True]SZ[15];B[hh];W[ih];B[hg];)\n";
  const Record r = readSgf(text);
  EXPECT_EQ(r.encoding, "GB18030");
  EXPECT_EQ(r.black, "张晨");
  EXPECT_EQ(r.white, "乚乗");
  ASSERT_TRUE(r.result);
  EXPECT_EQ(*r.result, RecordResult::Black);
  EXPECT_EQ(r.resultText, "黑胜");
  EXPECT_EQ(r.moves, (std::vector<Point>{{7, 7}, {8, 7}, {7, 6}}));
  EXPECT_EQ(r.properties.front(),
            (std::pair<std::string, std::string>{"US", "save from iwzq.com"}));

  // CA[] names the encoding; so can the caller.
  EXPECT_EQ(readSgf("(;CA[gb18030]PB[" + kZhangChen + "];B[hh])").black, "张晨");
  ReadOptions gb;
  gb.encoding = "GB18030";
  EXPECT_EQ(readSgf("(;PB[" + kZhangChen + "];B[hh])", gb).black, "张晨");
}

TEST(Sgf, ChineseResults) {
  struct Case {
    std::string re;
    RecordResult result;
    bool foul;
  };
  for (const Case& c :
       {Case{kHeiSheng, RecordResult::Black, false}, Case{kBaiSheng, RecordResult::White, false},
        Case{kHeQi, RecordResult::Draw, false}, Case{kZhuaJin, RecordResult::White, true},
        Case{"\xC6\xE4\xCB\xFB", RecordResult::Unknown, false}}) {  // 其他 other
    const Record r = readSgf("(;SZ[15]RE[" + c.re + "];B[hh])");
    ASSERT_TRUE(r.result) << r.resultText;
    EXPECT_EQ(*r.result, c.result) << r.resultText;
    EXPECT_EQ(r.foulResult, c.foul) << r.resultText;
  }
  bool foul = true;
  EXPECT_EQ(parseSgfResult("W+", &foul), RecordResult::White);
  EXPECT_FALSE(foul);
  EXPECT_EQ(parseSgfResult("B+Resign"), RecordResult::Black);
  EXPECT_EQ(parseSgfResult("w+t"), RecordResult::White);
  EXPECT_EQ(parseSgfResult("0"), RecordResult::Draw);
  EXPECT_EQ(parseSgfResult("Draw"), RecordResult::Draw);
  EXPECT_EQ(parseSgfResult("?"), RecordResult::Unknown);
  EXPECT_EQ(parseSgfResult("Void"), RecordResult::Unknown);
  EXPECT_FALSE(readSgf("(;RE[];B[hh])").result);
}

TEST(Sgf, Utf8WithByteOrderMark) {
  const Record r = readSgf("\xEF\xBB\xBF(;GM[4]PB[黑方]RE[黑胜];B[hh])");
  EXPECT_EQ(r.black, "黑方");
  EXPECT_EQ(r.result, RecordResult::Black);
  EXPECT_EQ(r.encoding, "UTF-8");
}

TEST(Sgf, UnescapedBracketInAValueIsReadAsText) {
  // iwzq.com writes PW[[A]B] for the name "[A]B".
  const Record r = readSgf("(;PW[[A]B]PB[C];B[hh])");
  EXPECT_EQ(r.white, "[A]B");
  EXPECT_EQ(r.black, "C");
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0], "line 1: an unescaped ']' in PW[] is read as text");
}

TEST(Sgf, ErrorsNameTheLine) {
  EXPECT_EQ(errorOf(""), "empty file: no SGF game tree");
  EXPECT_EQ(errorOf(" \r\n"), "empty file: no SGF game tree");
  EXPECT_EQ(errorOf("Piskvorky 15x15, 11:11, 0\n"),
            "line 1: not an SGF file: expected '(' to open the game tree, found 'P'");
  EXPECT_EQ(errorOf("(;GM[4]SZ[15]\n;B[hh]\n;W[hp]\n)"),
            "line 3: move 2 W[hp] is off the 15x15 board");
  EXPECT_EQ(errorOf("(;GM[4]\n;B[hh]\n;W[ii]\n;B[hh]\n)"),
            "line 4: move 3 B[hh] is on the point of move 1");
  EXPECT_EQ(errorOf("(;GM[4]\n;B[hh];W[b0];B[k])"),
            "line 2: move 2 W[b0] is not a point (two letters a..o, column then row, expected)");
  EXPECT_EQ(errorOf("(;GM[1]SZ[19];B[dd])"),
            "line 1: GM[1] is not a gomoku / renju record (GM[4] expected)");
  EXPECT_EQ(errorOf("(;GM[4]\nSZ[19:15];B[dd])"),
            "line 2: the board is 19x15; only square boards are supported");
  EXPECT_EQ(errorOf("(;SZ[99];B[dd])"), "line 1: board size 99 is outside 5..25");
  EXPECT_EQ(errorOf("(;SZ[big];B[dd])"), "line 1: SZ[big] is not a board size");
  EXPECT_EQ(errorOf("(;GM[4]\n\n;B[hh];W[ii]C[unclosed"),
            "line 3: the value of C[ is not closed (']' missing; the file may be truncated)");
  EXPECT_EQ(errorOf("(;GM[4]\n;B[hh];W[ii]\n"),
            "line 3: the game tree is not closed: 1 ')' missing (the file may be truncated)");
  EXPECT_EQ(errorOf("(;GM[4]AB[hh][ii];W[jj])"), "line 1: setup stones (AB[]) are not supported");
  EXPECT_EQ(errorOf("(;GM[4];B[hh]W[ii])"), "line 1: a node with two moves (B[] and W[])");
  EXPECT_EQ(errorOf("(;GM[4];B[hh];B[ii])"), "line 1: move 2 is B[ii] but White is to move");
  EXPECT_EQ(errorOf("(;GM[4];W[hh])"), "line 1: move 1 is W[hh] but Black is to move");
  EXPECT_EQ(errorOf("(;GM[4]\n;B[hh] junk)"), "line 2: property junk has no value ('[' expected)");
  EXPECT_EQ(errorOf("(;GM[4];B[hh]*)"),
            "line 1: unexpected character '*' outside a property value");
  EXPECT_EQ(errorOf("(B[hh])"), "line 1: a game tree must start with a node ';'");
  EXPECT_EQ(errorOf("(;B[hh]();W[ii])"), "line 1: a game tree must start with a node ';'");
  EXPECT_EQ(errorOf("(;B[hh](;W[ii]);B[jj])"), "line 1: a node after a variation (';' after ')')");
  EXPECT_EQ(errorOf(std::string("(;GM[4]\n;B[hh]C[a\0b])", 21)),
            "line 2: binary data (a NUL byte) in a property value");
  // Not valid GB18030 (0xFF is no GB18030 byte), on line 2.
  EXPECT_EQ(errorOf("(;GM[4]\n;B[hh]C[\xFF\xFF])"),
            "line 2: the text is not valid GB18030 (byte 0xFF at offset 16)");
  // Declared UTF-8 that is not.
  EXPECT_EQ(errorOf("(;CA[UTF-8]\nPB[\xBA\xDA];B[hh])"), "line 2: the text is not valid UTF-8");
  EXPECT_EQ(errorOf("(;CA[NO-SUCH-CHARSET];B[hh])"), "unknown text encoding \"NO-SUCH-CHARSET\"");
}

TEST(Sgf, KeepIllegalMovesLeavesThemToReplay) {
  ReadOptions keep;
  keep.keepIllegalMoves = true;
  const Record r = readSgf("(;GM[4];B[hh];W[hh];B[b0];W[])", keep);
  ASSERT_EQ(r.moves.size(), 4u);
  EXPECT_EQ(r.moves[1], (Point{7, 7}));
  EXPECT_EQ(r.moves[2], (Point{-1, -1}));
  EXPECT_EQ(r.moves[3], (Point{-1, -1}));
  EXPECT_EQ(r.warnings.size(), 3u);
}

TEST(Sgf, WriteThenReadRoundTrips) {
  Record r;
  r.size = 15;
  r.rule = Rule::Renju;
  r.moves = {{7, 7}, {8, 7}, {7, 6}, {0, 0}, {14, 14}};
  r.black = "张晨";
  r.white = "Bob [the] \\ builder";
  r.date = "2008-6-24";
  r.result = RecordResult::White;
  r.resultText = "抓禁";
  r.foulResult = true;
  r.comments = {{0, "game comment"}, {2, "after W i8]"}, {5, "the end"}};
  r.properties = {{"EV", "Club"}, {"5A", "not an SGF name"}};
  const std::string text = writeSgf(r);
  EXPECT_EQ(text.rfind("(;GM[4]FF[4]CA[UTF-8]AP[Gomoku:", 0), 0u) << text;
  EXPECT_NE(text.find(";B[hh];W[ih]C[after W i8\\]];B[hg];W[aa];B[oo]C[the end])"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("5A["), std::string::npos) << text;

  const Record back = readSgf(text);
  EXPECT_EQ(back.size, r.size);
  EXPECT_EQ(back.rule, r.rule);
  EXPECT_EQ(back.moves, r.moves);
  EXPECT_EQ(back.black, r.black);
  EXPECT_EQ(back.white, r.white);
  EXPECT_EQ(back.date, r.date);
  EXPECT_EQ(back.result, r.result);
  EXPECT_EQ(back.resultText, r.resultText);
  EXPECT_TRUE(back.foulResult);
  ASSERT_EQ(back.comments.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(back.comments[i].afterMove, r.comments[i].afterMove);
    EXPECT_EQ(back.comments[i].text, r.comments[i].text);
  }
  EXPECT_TRUE(back.warnings.empty());

  // A result text that does not say the result is replaced by the SGF form.
  Record draw;
  draw.result = RecordResult::Draw;
  draw.resultText = "who knows";
  EXPECT_NE(writeSgf(draw).find("RE[0]"), std::string::npos);
  Record off;
  off.moves = {{15, 3}};
  EXPECT_THROW(writeSgf(off), RecordError);
}

// Issue 18: a renju record keeps the foul policy it was played with (XF[], our property).
TEST(Sgf, RenjuFoulPolicyRoundTrips) {
  Record r;
  r.rule = Rule::Renju;
  r.moves = {{7, 7}};
  for (const FoulPolicy foul : {FoulPolicy::Refuse, FoulPolicy::Lose}) {
    r.foul = foul;
    const std::string text = writeSgf(r);
    EXPECT_NE(text.find(foul == FoulPolicy::Lose ? "XF[lose]" : "XF[refuse]"), std::string::npos)
        << text;
    EXPECT_EQ(readSgf(text).foul, foul);
  }
  r.rule = Rule::Freestyle;  // no forbidden moves: nothing to say
  EXPECT_EQ(writeSgf(r).find("XF["), std::string::npos);
  EXPECT_EQ(readSgf("(;GM[4]RU[renju];B[hh])").foul, std::nullopt);
  // Another value is kept as an unknown property, not guessed.
  const Record odd = readSgf("(;GM[4]RU[renju]XF[maybe];B[hh])");
  EXPECT_EQ(odd.foul, std::nullopt);
  ASSERT_EQ(odd.properties.size(), 1u);
  EXPECT_EQ(odd.properties[0].first, "XF");
}

// Found by fuzz_records (tests/fuzz): a NUL byte after a backslash escape was let through.
TEST(Sgf, FuzzEscapedNulByteIsRefused) {
  const std::string text = std::string("(;GM[4]PW[\\") + '\0' + "x];B[hh])";
  EXPECT_NE(errorOf(text).find("NUL"), std::string::npos) << errorOf(text);
}
