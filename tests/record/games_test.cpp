// Issue 4: replay every real game record of ../shared/data/games (manifest.csv) through our Game
// under the manifest's rule, and check how it ends against the manifest's columns end_kind,
// replay_winner and recorded_result (see ../shared/data/games/README.md).
//
// end_kind, as the data shows it:
//   five                        the last move makes five (renju: Black exactly five) for
//   replay_winner five+overline               freestyle: the last move makes six or more in a row
//   foul                        SGF renju: the last move is Black's forbidden move; White wins
//   illegal                     the last move stands on an occupied point or is not a point; the
//                               other side (replay_winner) wins, as the Gomocup judge rules
//   no_five(resign/agreement)   SGF: no five; the game ended by resignation, time or agreement
//   none                        .psq: no five; renju games ending with White's move and White the
//                               winner are Black fouls, which a .psq record does not write
//   corrupt                     SGF: a move on an occupied point in mid-game, more moves after it
//                               (the record itself is broken)
// Every Black move of a renju record is judged by our checker (core/renju.h): a Black move it
// calls forbidden before the record's end is a DISAGREEMENT with the real game, reported with
// the file, the move and the position.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/notation.h"
#include "core/renju.h"
#include "record/psq.h"
#include "record/replay.h"
#include "record/sgf.h"

using namespace gomoku;
namespace fs = std::filesystem;

namespace {

const fs::path kGames = fs::path(GOMOKU_SHARED_DIR) / "data" / "games";

// One CSV row split into fields (RFC 4180 quotes allowed).
std::vector<std::string> csvFields(const std::string& line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        out.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        out.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      out.emplace_back();
    } else if (c != '\r') {
      out.back() += c;
    }
  }
  return out;
}

struct Entry {
  std::string path, rule, size, endKind, replayWinner, recordedResult;
  int moves = 0;
};

std::vector<Entry> readManifest(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::string line;
  std::getline(in, line);
  const std::vector<std::string> header = csvFields(line);
  std::map<std::string, std::size_t> col;
  for (std::size_t i = 0; i < header.size(); ++i) col[header[i]] = i;
  for (const char* name :
       {"path", "rule", "size", "moves", "end_kind", "replay_winner", "recorded_result"})
    if (!col.count(name)) throw std::runtime_error(std::string("manifest lacks column ") + name);
  std::vector<Entry> out;
  while (std::getline(in, line)) {
    if (line.empty() || line == "\r") continue;
    const std::vector<std::string> f = csvFields(line);
    if (f.size() < header.size()) throw std::runtime_error("short manifest row: " + line);
    Entry e;
    e.path = f[col["path"]];
    e.rule = f[col["rule"]];
    e.size = f[col["size"]];
    e.moves = std::stoi(f[col["moves"]]);
    e.endKind = f[col["end_kind"]];
    e.replayWinner = f[col["replay_winner"]];
    e.recordedResult = f[col["recorded_result"]];
    out.push_back(e);
  }
  return out;
}

bool inScope(const std::string& path) {
  for (const char* prefix : {"psq/renju15/", "psq/freestyle15/", "psq/freestyle20/", "sgf/"})
    if (path.rfind(prefix, 0) == 0) return true;
  return false;
}

const char* winnerWord(Stone s) {
  return s == Stone::Black ? "black" : s == Stone::White ? "white" : "";
}

// The position as rows of 'X' (Black), 'O' (White), '.', top row first, with RIF coordinates;
// `mark` shown as '*'.
std::string diagram(const Board& b, Point mark) {
  std::ostringstream out;
  for (int y = 0; y < b.size(); ++y) {
    out << (b.size() - y < 10 ? " " : "") << b.size() - y << ' ';
    for (int x = 0; x < b.size(); ++x) {
      const Point p{x, y};
      out << (p == mark                 ? '*'
              : b.at(p) == Stone::Black ? 'X'
              : b.at(p) == Stone::White ? 'O'
                                        : '.');
    }
    out << '\n';
  }
  out << "   ";
  for (int x = 0; x < b.size(); ++x) out << static_cast<char>('a' + x);
  out << '\n';
  return out.str();
}

// The board before move `number` (1-based) of the record.
Board before(const Record& rec, int number) {
  Board b(rec.size);
  for (int k = 0; k + 1 < number && k < static_cast<int>(rec.moves.size()); ++k)
    if (b.inside(rec.moves[static_cast<std::size_t>(k)]))
      b.set(rec.moves[static_cast<std::size_t>(k)], k % 2 == 0 ? Stone::Black : Stone::White);
  return b;
}

std::string expectedResultWord(const Record& rec) {
  if (!rec.result) return "";
  if (*rec.result == RecordResult::Unknown) return "other";
  std::string w = recordResultName(*rec.result);
  return rec.foulResult ? w + "(foul)" : w;
}

struct Verdict {
  bool agree = true;
  std::string why;   // for a disagreement: what differs
  std::string note;  // for an agreement worth a word (corrupt data, an odd ending): what it is
  bool corrupt = false;
};

// Checks one record; returns whether it agrees with the manifest and why not.
Verdict check(const Entry& e, const Record& rec, const ReplayReport& r, Rule rule) {
  Verdict o;
  auto fail = [&](const std::string& why) {
    o.agree = false;
    if (!o.why.empty()) o.why += "; ";
    o.why += why;
  };
  // What the record states.
  if (expectedResultWord(rec) != e.recordedResult)
    fail("recorded result read as \"" + expectedResultWord(rec) + "\" (" + rec.resultText +
         "), manifest says \"" + e.recordedResult + "\"");
  if (std::to_string(rec.size) + "x" + std::to_string(rec.size) != e.size)
    fail("board " + std::to_string(rec.size) + ", manifest says " + e.size);

  const int total = static_cast<int>(rec.moves.size());
  // A renju disagreement: our checker calls a Black move forbidden that the real game let stand.
  auto foulDisagreement = [&](int number, Forbidden kind) {
    const Point p = rec.moves[static_cast<std::size_t>(number - 1)];
    fail("our renju checker calls Black's move " + std::to_string(number) + " (" +
         toRif(p, rec.size) + ") " + forbiddenName(kind) + ", but the game went on to move " +
         std::to_string(total) + "; position before the move ('*'):\n" +
         diagram(before(rec, number), p));
  };
  if (r.end == ReplayEnd::AfterEnd && r.endedBy == ReplayEnd::Foul && e.endKind != "corrupt") {
    foulDisagreement(r.foulMove, r.forbidden);
    return o;
  }

  const std::string winner = winnerWord(r.winner);
  if (e.endKind == "five" || e.endKind == "five+overline") {
    if (r.end != ReplayEnd::Five) {
      if (r.end == ReplayEnd::Foul && r.move < total)
        foulDisagreement(r.move, r.forbidden);
      else
        fail("expected a five at the last move, replay says: " + r.text);
    } else {
      if (r.move != e.moves)
        fail("five at move " + std::to_string(r.move) + ", manifest has " +
             std::to_string(e.moves) + " moves");
      if (winner != e.replayWinner) fail("five by " + winner + ", manifest says " + e.replayWinner);
      const bool overline = r.line.size() > 5;
      if (overline != (e.endKind == "five+overline"))
        fail("winning line of " + std::to_string(r.line.size()) + " stones, manifest says " +
             e.endKind);
    }
  } else if (e.endKind == "foul") {
    if (rule != Rule::Renju) fail("a foul outside renju");
    if (r.end != ReplayEnd::Foul || r.move != total || r.move != e.moves) {
      if (r.end == ReplayEnd::NoFive)
        fail("the record ends with Black's move " + std::to_string(total) + " (" +
             toRif(rec.moves.back(), rec.size) +
             "), a foul per the manifest, but our checker allows it; position before it ('*'):\n" +
             diagram(before(rec, total), rec.moves.back()));
      else
        fail("expected Black's last move to be forbidden, replay says: " + r.text);
    } else if (winner != e.replayWinner) {
      fail("foul gives " + winner + ", manifest says " + e.replayWinner);
    }
  } else if (e.endKind == "illegal") {
    if (r.end != ReplayEnd::Illegal || r.move != e.moves)
      fail("expected an illegal move " + std::to_string(e.moves) + ", replay says: " + r.text);
    else if (winner != e.replayWinner)
      fail("illegal move gives " + winner + ", manifest says " + e.replayWinner);
  } else if (e.endKind == "corrupt") {
    // The data's own fault: a move on an occupied point with more moves after it.
    if (r.end == ReplayEnd::Illegal && r.move < total) {
      o.corrupt = true;
      const Point p = rec.moves[static_cast<std::size_t>(r.move - 1)];
      o.note = "corrupt record (manifest end_kind corrupt): move " + std::to_string(r.move) + " (" +
               (r.move % 2 ? "Black " : "White ") +
               (r.error == MoveError::Occupied ? toRif(p, rec.size) + ") is on an occupied point"
                                               : "off the board)") +
               ", yet " + std::to_string(total - r.move) + " more moves follow";
    } else {
      fail("manifest says corrupt, but replay says: " + r.text);
    }
  } else if (e.endKind == "none" || e.endKind.rfind("no_five", 0) == 0) {
    if (r.end != ReplayEnd::NoFive && r.end != ReplayEnd::FullBoard) {
      if (r.end == ReplayEnd::Foul && r.move < total)
        foulDisagreement(r.move, r.forbidden);
      else if (r.end == ReplayEnd::Foul)
        fail("our checker calls Black's last move " + std::to_string(total) + " (" +
             toRif(rec.moves.back(), rec.size) + ") " + forbiddenName(r.forbidden) +
             ", the manifest sees no foul; position before it ('*'):\n" +
             diagram(before(rec, total), rec.moves.back()));
      else
        fail("expected no five, replay says: " + r.text);
    } else if (!e.replayWinner.empty()) {
      fail("manifest has replay_winner " + e.replayWinner + " for a record without a five");
    }
    if (o.agree && e.moves != total)
      fail(std::to_string(total) + " moves read, manifest says " + std::to_string(e.moves));
  } else {
    fail("unknown end_kind \"" + e.endKind + "\"");
  }
  // Renju records that end with no five: what the rules say about how they can end.
  if (o.agree && rule == Rule::Renju && r.end == ReplayEnd::NoFive) {
    const bool unwrittenFoul =
        rec.result == RecordResult::White && (e.endKind == "none" || rec.foulResult);
    if (unwrittenFoul && total % 2 != 0) {
      fail(
          "White won by a foul that the record does not write, so the record should end with "
          "White's move, but move " +
          std::to_string(total) + " is Black's");
    } else if (unwrittenFoul && r.game.forbiddenPoints().empty()) {
      o.note =
          "White won with no five and no written foul, yet our checker finds no forbidden "
          "point for Black's move " +
          std::to_string(total + 1) + " (manifest end_kind " + e.endKind +
          "): the loss was not a foul, as far as the "
          "record shows (a crash or time loss?); position after move " +
          std::to_string(total) + ":\n" + diagram(r.game.board(), Point{-1, -1});
    } else if (e.endKind == "none" && rec.result == RecordResult::Draw && total != 200) {
      fail("a drawn Gomocup renju game should stop at 200 moves, this one has " +
           std::to_string(total));
    } else if (e.endKind == "none" && rec.result == RecordResult::Black) {
      o.note = "Black won with no five (manifest end_kind none) after Black's move " +
               std::to_string(total) +
               ": White lost without a five or a foul (a crash or time "
               "loss?)";
    }
  }
  if (o.agree && e.endKind != "illegal" && total != e.moves)
    fail(std::to_string(total) + " moves read, manifest says " + std::to_string(e.moves));
  return o;
}

}  // namespace

TEST(Games, ReplayEveryRecordOfTheManifest) {
  const fs::path manifest = kGames / "manifest.csv";
  if (!fs::exists(manifest))
    GTEST_SKIP() << "shared game records not found: " << manifest
                 << " is absent (set GOMOKU_SHARED_DIR to the shared data folder)";
  const std::vector<Entry> entries = readManifest(manifest);
  int replayed = 0, agree = 0, explained = 0;
  std::map<std::string, std::pair<int, int>> byKind;  // end_kind -> (records, agreeing)
  std::vector<std::string> disagreements, notes;
  for (const Entry& e : entries) {
    if (!inScope(e.path)) continue;
    const auto rule = parseRule(e.rule);
    ASSERT_TRUE(rule) << e.path << ": unknown rule " << e.rule;
    ReadOptions lenient;
    lenient.keepIllegalMoves = true;
    const fs::path file = kGames / fs::path(std::u8string(e.path.begin(), e.path.end()));
    Record rec;
    try {
      rec = e.path.rfind("sgf/", 0) == 0 ? readSgfFile(file, lenient) : readPsqFile(file, lenient);
    } catch (const RecordError& err) {
      ++replayed;
      ++byKind[e.endKind].first;
      disagreements.push_back(e.path + ": cannot read: " + err.what());
      continue;
    }
    // The strict reader must refuse exactly the records with an illegal move, naming the line.
    bool strictRefused = false;
    std::string strictMessage;
    try {
      e.path.rfind("sgf/", 0) == 0 ? readSgfFile(file) : readPsqFile(file);
    } catch (const RecordError& err) {
      strictRefused = true;
      strictMessage = err.what();
    }
    const ReplayReport r = replay(rec, *rule, FoulPolicy::Lose);
    ++replayed;
    ++byKind[e.endKind].first;
    Verdict o = check(e, rec, r, *rule);
    const bool illegalKind = e.endKind == "illegal" || e.endKind == "corrupt";
    if (strictRefused != illegalKind) {
      o.agree = false;
      o.why += (o.why.empty() ? "" : "; ") + (strictRefused
                                                  ? "the strict reader refuses it: " + strictMessage
                                                  : std::string("the strict reader accepts it"));
    } else if (strictRefused && strictMessage.find("line ") == std::string::npos) {
      o.agree = false;
      o.why += "the strict reader's error names no line: " + strictMessage;
    }
    if (o.agree) {
      ++agree;
      ++byKind[e.endKind].second;
      if (o.corrupt) ++explained;
      if (!o.note.empty()) notes.push_back(e.path + ": " + o.note);
    } else {
      disagreements.push_back(e.path + " (" + e.endKind + "): " + o.why);
    }
  }
  for (const std::string& n : notes) std::cout << "[data] " << n << '\n';
  for (const auto& [kind, counts] : byKind)
    std::cout << "  " << kind << ": " << counts.second << "/" << counts.first << " agree\n";
  std::cout << replayed << " records replayed, " << agree << " agree (" << explained
            << " of them corrupt in the data, as the manifest says), " << disagreements.size()
            << " disagree\n";
  for (const std::string& d : disagreements) ADD_FAILURE() << "DISAGREEMENT " << d;
  EXPECT_GT(replayed, 800) << "fewer records than the manifest lists";
}
