#include "record/recordio.h"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <random>

#ifndef _WIN32
#include <unistd.h>
#endif

#include "core/notation.h"
#include "record/psq.h"
#include "record/renlib.h"
#include "record/replay.h"
#include "record/sgf.h"
#include "record/yixin.h"

namespace gomoku {

std::optional<RecordFormat> recordFormatFromPath(const std::filesystem::path& path) {
  std::string ext = utf8Path(path.extension());
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext == ".psq") return RecordFormat::Psq;
  if (ext == ".sgf") return RecordFormat::Sgf;
  if (ext == ".sav") return RecordFormat::Yixin;
  if (ext == ".lib") return RecordFormat::RenLib;
  return std::nullopt;
}

const char* recordFormatExtension(RecordFormat format) {
  switch (format) {
    case RecordFormat::Psq:
      return ".psq";
    case RecordFormat::Sgf:
      return ".sgf";
    case RecordFormat::Yixin:
      return ".sav";
    case RecordFormat::RenLib:
      return ".lib";
  }
  return ".psq";
}

Record readRecord(std::string_view bytes, RecordFormat format, const ReadOptions& options) {
  switch (format) {
    case RecordFormat::Psq:
      return readPsq(bytes, options);
    case RecordFormat::Sgf:
      return readSgf(bytes, options);
    case RecordFormat::Yixin:
      return readYixinSav(bytes, options);
    case RecordFormat::RenLib:
      return readRenLib(bytes, options);
  }
  throw RecordError(0, "unknown record format");
}

std::string writeRecord(const Record& record, RecordFormat format) {
  switch (format) {
    case RecordFormat::Psq:
      return writePsq(record);
    case RecordFormat::Sgf:
      return writeSgf(record);
    case RecordFormat::Yixin:
      return writeYixinSav(record);
    case RecordFormat::RenLib:
      return writeRenLib(record);
  }
  throw RecordError(0, "unknown record format");
}

void writeFileAtomic(const std::filesystem::path& path, std::string_view data) {
  namespace fs = std::filesystem;
  const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
  std::random_device rd;
  std::FILE* f = nullptr;
  fs::path temp;
  for (int attempt = 0; attempt < 20 && !f; ++attempt) {
    // ".<name>.tmp<n>", built as paths: the name stays in the system's own encoding.
    fs::path name(".");
    name += path.filename();
    name += ".tmp" + std::to_string(rd() % 1000000);
    temp = dir / name;
#ifdef _WIN32
    f = _wfopen(temp.c_str(), L"wbx");  // "x": fail when it exists
#else
    f = std::fopen(temp.c_str(), "wbx");  // "x": fail when it exists
#endif
    if (!f && errno != EEXIST) break;
  }
  if (!f)
    throw RecordError(
        utf8Path(path), 0,
        std::string("cannot create a file in the folder (") + std::strerror(errno) + ")");
  bool ok = std::fwrite(data.data(), 1, data.size(), f) == data.size();
  int err = ok ? 0 : errno;
  ok = std::fflush(f) == 0 && ok;
  if (!ok && err == 0) err = errno;
#ifndef _WIN32
  if (ok && ::fsync(fileno(f)) != 0) {
    ok = false;
    err = errno;
  }
#endif
  if (std::fclose(f) != 0 && ok) {
    ok = false;
    err = errno;
  }
  std::error_code ec;
  if (ok) {
    fs::rename(temp, path, ec);
    if (ec) {
      fs::remove(temp, ec);
      throw RecordError(utf8Path(path), 0, "cannot replace the file (" + ec.message() + ")");
    }
    return;
  }
  fs::remove(temp, ec);
  throw RecordError(utf8Path(path), 0,
                    std::string("cannot write the file (") + std::strerror(err) + ")");
}

void saveRecordFile(const std::filesystem::path& path, const Record& record) {
  const auto format = recordFormatFromPath(path);
  if (!format)
    throw RecordError(utf8Path(path), 0,
                      "unknown record format (the name should end in .psq, .sgf, .sav or .lib)");
  std::string data;
  try {
    data = writeRecord(record, *format);
  } catch (const RecordError& e) {
    throw RecordError(utf8Path(path), 0, e.message());
  }
  writeFileAtomic(path, data);
}

void checkRecordMoves(const Record& record, Rule rule) {
  const ReplayReport r = replay(record, rule, FoulPolicy::Lose);
  const bool afterFive = r.end == ReplayEnd::AfterEnd && r.endedBy != ReplayEnd::Foul;
  if (!afterFive && r.end != ReplayEnd::Illegal) return;
  const std::size_t k = static_cast<std::size_t>(r.move - 1);
  const int line = k < record.moveLines.size() ? record.moveLines[k] : 0;
  if (afterFive)
    throw RecordError(
        line, "move " + std::to_string(r.move) + " continues after the game ended at move " +
                  std::to_string(r.endedAt) + " (" +
                  (r.endedBy == ReplayEnd::Five
                       ? std::string(r.winner == Stone::Black ? "Black" : "White") + "'s five"
                       : std::string("full board")) +
                  ")");
  throw RecordError(line, r.text);
}

Rule recordRule(const Record& record, Rule preferred) {
  if (record.rule) return *record.rule;
  if (preferred == Rule::Renju && record.size != 15) return Rule::Freestyle;
  return preferred;
}

Record openRecordFile(const std::filesystem::path& path, Rule ruleIfUnstated,
                      const ReadOptions& options, std::optional<Rule> ruleOverride) {
  Record rec = readRecordFile(path, options);
  try {
    checkRecordMoves(rec, ruleOverride.value_or(recordRule(rec, ruleIfUnstated)));
  } catch (const RecordError& e) {
    throw RecordError(utf8Path(path), e.line(), e.message());
  }
  return rec;
}

}  // namespace gomoku
