// Robustness: the readers (.psq, SGF, Yixin .sav, RenLib .lib, the Japanese formats), fed every
// prefix and byte-flipped versions of a few real files (and of texts written here, so that the test
// runs without the shared data), and random bytes, with a fixed seed and bounded counts, must
// either read a sound record or throw RecordError: never crash, hang or throw anything else. What
// they read is then written and read back, and replayed.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "core/notation.h"
#include "record/jpformats.h"
#include "record/psq.h"
#include "record/renlib.h"
#include "record/replay.h"
#include "record/sgf.h"
#include "record/yixin.h"

using namespace gomoku;
namespace fs = std::filesystem;

namespace {

const fs::path kGames = fs::path(GOMOKU_SHARED_DIR) / "data" / "games";

struct Sample {
  std::string name;
  std::string bytes;
};

std::vector<Sample> samples() {
  std::vector<Sample> out = {
      {"psq text",
       "\xEF\xBB\xBFPiskvorky 15x15, 11:11, 0\r\n8,8,0\r\n8,6,0\r\n10,11,5\r\n"
       "9,9,0\r\nA.zip\r\nB.zip\r\n-1\r\n1,Renju\r\n"},
      {"stripped psq text", "8,8\n9,9\n7,7\n1,15\n"},
      {"sgf text",
       "(;GM[4]FF[4]CA[UTF-8]SZ[15]PB[黑]PW[[A]B]RE[B+]C[a\\]b]\n;B[hh](;W[ii];B[jj])"
       "(;W[gg]))"},
      {"gb18030 sgf text",
       "(;US[x]5A[I9]PW[\x81\x5D\x81\x5C]PB[\xD5\xC5]RE[\xBA\xDA\xCA\xA4]"
       "SZ[15];B[hh];W[ih];B[hg];)"},
      {"yixin text", "15\r\n15\r\n4\r\n7 7\r\n8 6\r\n6 7\r\n14 0\r\n"},
      // a root with a comment; h8 -> {i10 -> j11, then a board-text mark (no move, with an
      // extension) and i9}
      {"renlib tree", std::string("\xFFRenLib\xFF\x03\x04", 10) + std::string(10, '\xFF') +
                          std::string("\x00\x08root\x00\x78\x00\x87\x80\x96\x40"
                                      "\x86\xC3\x00\x01"
                                      "A\x00\x88\x40",
                                      21)},
  };
  const char* files[] = {
      "psq/renju15/gomocup2022_Renju/0_0_1_1.psq",
      "psq/freestyle20/piskvork_tournament_2017/opening_1_380/0x1-36(3).psq",
      "psq/freestyle15/gomocup2024_stripped/Freestyle15_2/10_23_20_2.psq",
      "sgf/renju_human_iwzq/1 (100).sgf",
      "other/yixin_sav/1.sav",
  };
  for (const char* f : files) {
    const fs::path p = kGames / f;
    if (fs::exists(p)) out.push_back({f, readFileBytes(p)});
  }
  // The SGF with an unescaped ']' in a name, found by its number.
  if (fs::is_directory(kGames / "sgf" / "renju_human_iwzq"))
    for (const auto& entry : fs::directory_iterator(kGames / "sgf" / "renju_human_iwzq"))
      if (entry.path().filename().string().find("【156】") != std::string::npos)
        out.push_back({"sgf/...【156】.sgf", readFileBytes(entry.path())});
  return out;
}

int readOk = 0, refused = 0;

// Reads `bytes` with `read` both strictly and leniently; checks what it gets.
template <typename Reader, typename Writer>
void probe(const std::string& what, const std::string& bytes, Reader read, Writer write) {
  for (bool keep : {false, true}) {
    ReadOptions options;
    options.keepIllegalMoves = keep;
    Record r;
    try {
      r = read(bytes, options);
    } catch (const RecordError& e) {
      ++refused;
      EXPECT_NE(std::string(e.what()), "") << what;
      continue;
    } catch (const std::exception& e) {
      ADD_FAILURE() << what << ": threw something other than RecordError: " << e.what();
      continue;
    }
    ++readOk;
    ASSERT_GE(r.size, Board::kMinSize) << what;
    ASSERT_LE(r.size, Board::kMaxSize) << what;
    if (!keep) {
      // A strict read gives moves on the board, on empty points: it writes and reads back.
      Board b(r.size);
      for (Point p : r.moves) {
        ASSERT_TRUE(b.inside(p)) << what;
        ASSERT_EQ(b.at(p), Stone::Empty) << what;
        b.set(p, Stone::Black);
      }
      try {
        const std::string written = write(r);  // "": a format we do not write
        if (!written.empty()) {
          const Record back = read(written, ReadOptions{});
          EXPECT_EQ(back.moves, r.moves) << what;
        }
      } catch (const RecordError& e) {
        ADD_FAILURE() << what << ": what was read does not write and read back: " << e.what();
      }
    }
    try {
      replay(r, Rule::Freestyle);
      if (r.size == 15) replay(r, Rule::Renju);
    } catch (const RecordError& e) {
      ADD_FAILURE() << what << ": replay refused: " << e.what();
    }
  }
}

void probeBoth(const std::string& what, const std::string& bytes) {
  probe(
      what + " (as .psq)", bytes,
      [](const std::string& b, const ReadOptions& o) { return readPsq(b, o); },
      [](const Record& r) { return writePsq(r); });
  probe(
      what + " (as SGF)", bytes,
      [](const std::string& b, const ReadOptions& o) { return readSgf(b, o); },
      [](const Record& r) { return writeSgf(r); });
  probe(
      what + " (as .sav)", bytes,
      [](const std::string& b, const ReadOptions& o) { return readYixinSav(b, o); },
      [](const Record& r) { return writeYixinSav(r); });
  probe(
      what + " (as .lib)", bytes,
      [](const std::string& b, const ReadOptions& o) { return readRenLib(b, o); },
      [](const Record& r) {
        return r.size == 15 ? writeRenLib(r) : writeYixinSav(r);  // RenLib is 15x15 only
      });
  // The Japanese formats are read only: .lws is written back as RIF points, the others just read.
  for (const JapaneseFormat f : {JapaneseFormat::Ban, JapaneseFormat::Dt5, JapaneseFormat::Kif,
                                 JapaneseFormat::Lws, JapaneseFormat::Nrf, JapaneseFormat::Rnj})
    probe(
        what + " (as Japanese " + std::to_string(static_cast<int>(f)) + ")", bytes,
        [f](const std::string& b, const ReadOptions& o) { return readJapanese(b, f, o); },
        [f](const Record& r) {
          if (f != JapaneseFormat::Lws) return std::string();  // not written: no round trip
          std::string out;
          for (Point p : r.moves) out += toRif(p, r.size) + " ";
          return out;
        });
}

}  // namespace

TEST(Fuzz, EveryPrefix) {
  readOk = refused = 0;
  for (const Sample& s : samples())
    for (std::size_t n = 0; n <= s.bytes.size(); ++n)
      probeBoth(s.name + " cut at " + std::to_string(n), s.bytes.substr(0, n));
  std::cout << "prefixes: " << readOk << " reads, " << refused << " refusals\n";
  EXPECT_GT(refused, 0);
  EXPECT_GT(readOk, 0);
}

TEST(Fuzz, ByteFlips) {
  std::mt19937 rng(20240501);
  readOk = refused = 0;
  for (const Sample& s : samples()) {
    if (s.bytes.empty()) continue;
    for (int round = 0; round < 400; ++round) {
      std::string b = s.bytes;
      const int edits = 1 + static_cast<int>(rng() % 4);
      for (int k = 0; k < edits && !b.empty(); ++k) {
        const std::size_t at = rng() % b.size();
        switch (rng() % 4) {
          case 0:
            b[at] = static_cast<char>(b[at] ^ (1 << (rng() % 8)));
            break;  // flip a bit
          case 1:
            b[at] = static_cast<char>(rng() % 256);
            break;  // replace
          case 2:
            b.erase(at, 1);
            break;  // delete
          default:
            b.insert(at, 1, "[];(),\\\n\r\x00\xFF:-"[rng() % 13]);
            break;  // insert
        }
      }
      probeBoth(s.name + " flip round " + std::to_string(round), b);
    }
  }
  std::cout << "byte flips: " << readOk << " reads, " << refused << " refusals\n";
  EXPECT_GT(refused, 0);
}

TEST(Fuzz, RandomBytes) {
  std::mt19937 rng(7);
  for (int round = 0; round < 1000; ++round) {
    std::string b(rng() % 600, '\0');
    // Half the rounds draw from the characters the formats use, the rest from all bytes.
    static const std::string kAlphabet = "0123456789,\n\r ()[];BWhabcxyzPiskvorky\\:";
    for (char& c : b)
      c = round % 2 ? static_cast<char>(rng() % 256) : kAlphabet[rng() % kAlphabet.size()];
    probeBoth("random round " + std::to_string(round), b);
  }
}
