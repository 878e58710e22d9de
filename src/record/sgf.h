#pragma once
/// @file SGF (Smart Game Format, FF[4], red-bean.com/sgf) records of gomoku and renju (GM[4]),
/// as written by renju sites such as iwzq.com and by renju programs. Moves are B[hh] / W[hh]:
/// two letters, the column (a = leftmost) then the row (a = TOP row), so "hh" is the centre of
/// 15x15. Only the main line (the first variation at every branch) is read.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "record/record.h"

namespace gomoku {

/// Reads SGF text (the whole file, raw bytes). Text encoding, first match wins: a UTF-8 byte-order
/// mark; options.encoding; the file's CA[] property; UTF-8 when the bytes are valid UTF-8;
/// otherwise GB18030 (the usual encoding of Chinese records; GB2312 and GBK are read as GB18030,
/// their superset). Text is converted to UTF-8 with
/// iconv (on Windows not yet: Record::textConverted is then false and the text is the raw
/// bytes). Understood properties: GM (must be 4 when present), SZ ("15" or "15:15"; default 15;
/// square, 5..25), RU (rule name), PB, PW, RE, DT, C, GC, B, W, and MS (our private property on a
/// move node: the thinking time of that move in milliseconds, read into Record::timesMs), XF
/// (our private root property: under renju, XF[refuse] or XF[lose], what a forbidden move by
/// Black did in the game, read into Record::foul; another value stays in properties), XO and
/// XD (our private root properties: the opening rule, XO[swap] / XO[swap2] / XO[soosorv8] /
/// XO[taraguchi10], read into Record::openingRule, and its decisions in order, one value each,
/// "SEAT:WHAT[:ARG]" with SEAT 1 the first player (the tentative Black) or 2 the second and
/// WHAT "place:P", a choice (keep, swap, black, white, two, one, ten), "declare:N",
/// "offer:P,P,..." or "pick:P", P a point as in B[]: XD[1:place:hh][2:swap], read into
/// Record::openingLog); other root properties go to Record::properties. RE: "B+..." Black, "W+..."
/// White, "0" / "Draw" / "Jigo" draw, and after conversion 黑胜 (Black won), 白胜 (White won), 和棋
/// (draw), 抓禁 (White won by Black's foul, foulResult); anything else Unknown. A ']' inside a
/// value that some writers leave unescaped (iwzq.com: PW[[A]B]) is read as text when nothing valid
/// follows it, and noted in Record::warnings. Throws RecordError naming the line for: an empty
/// file, text that is not valid in its encoding, NUL bytes, broken SGF syntax (unclosed value or
/// game tree, stray characters), GM other than 4, a bad SZ, setup stones (AB/AW/AE), a node with
/// two moves, a move out of turn, and (unless options.keepIllegalMoves) a move value that is not a
/// point on the board or a move on an occupied point; and for an opening: an XO[] that names
/// no rule (or one the board cannot have), XD[] without XO[], an XD[] value that is not a
/// decision, a decision the rule refuses at that point (replayed through core's Opening), a
/// stone placed or picked that is not the record's move of that number, and moves after an
/// opening that is not finished (the line of the value or move at fault).
Record readSgf(std::string_view bytes, const ReadOptions& options = {});

/// Reads an SGF file (see readSgf). Throws RecordError for a file that cannot be read or parsed;
/// the message starts with the file name.
Record readSgfFile(const std::filesystem::path& path, const ReadOptions& options = {});

/// What an SGF RE[] value (UTF-8) states: see readSgf. Sets *foul (when given) for 抓禁.
RecordResult parseSgfResult(std::string_view re, bool* foul = nullptr);

/// Writes SGF text in UTF-8: (;GM[4]FF[4]CA[UTF-8]AP[Gomoku:<version>]SZ[n] then RU, PB, PW, DT,
/// RE, the game comment and those Record::properties whose names are SGF property names
/// (upper-case letters), XO[] and on a line of its own XD[] when the record has an opening,
/// then one node per move, B[..] / W[..], with MS[ms] when timesMs is as long as moves, and
/// its comments; when the opening offered 5th-move alternatives, the ones not chosen follow
/// the game as variations of the move chosen, one stone each). RE is
/// resultText when that reads as the same result, else "B+", "W+", "0" or "?". Throws
/// RecordError (line 0) for a size outside 5..25 or a move off the board.
std::string writeSgf(const Record& record);

}  // namespace gomoku
