#include "record/record.h"

#include <cctype>
#include <fstream>
#include <iterator>

#include "record/jpformats.h"
#include "record/psq.h"
#include "record/renlib.h"
#include "record/sgf.h"
#include "record/yixin.h"

namespace gomoku {

namespace {
std::string prefixed(const std::string& file, int line, const std::string& message) {
  std::string out = file.empty() ? std::string() : file + ": ";
  if (line > 0) out += "line " + std::to_string(line) + ": ";
  return out + message;
}
}  // namespace

RecordError::RecordError(int line, const std::string& message)
    : RecordError(std::string(), line, message) {}

RecordError::RecordError(const std::string& file, int line, const std::string& message)
    : std::runtime_error(prefixed(file, line, message)),
      line_(line),
      file_(file),
      message_(message) {}

const char* recordResultName(RecordResult r) {
  switch (r) {
    case RecordResult::Black:
      return "black";
    case RecordResult::White:
      return "white";
    case RecordResult::Draw:
      return "draw";
    case RecordResult::Unknown:
      return "unknown";
  }
  return "unknown";
}

std::string utf8Path(const std::filesystem::path& path) {
  const std::u8string text = path.u8string();
  return std::string(text.begin(), text.end());
}

std::string readFileBytes(const std::filesystem::path& path) {
  constexpr std::uintmax_t kMaxBytes = 16u << 20;
  std::error_code ec;
  const auto bytes = std::filesystem::file_size(path, ec);
  if (ec) throw RecordError(utf8Path(path), 0, "cannot read the file (" + ec.message() + ")");
  if (bytes > kMaxBytes)
    throw RecordError(
        utf8Path(path), 0,
        "the file is too large for a game record (" + std::to_string(bytes) + " bytes)");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw RecordError(utf8Path(path), 0, "cannot open the file");
  std::string data{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) throw RecordError(utf8Path(path), 0, "cannot read the file");
  return data;
}

Record readRecordFile(const std::filesystem::path& path, const ReadOptions& options) {
  std::string ext = utf8Path(path.extension());
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext == ".psq") return readPsqFile(path, options);
  if (ext == ".sgf") return readSgfFile(path, options);
  if (ext == ".sav" || ext == ".lib") {
    const std::string bytes = readFileBytes(path);
    try {
      return ext == ".sav" ? readYixinSav(bytes, options) : readRenLib(bytes, options);
    } catch (const RecordError& e) {
      throw RecordError(utf8Path(path), e.line(), e.message());
    }
  }
  if (const auto jp = japaneseFormatFromPath(path)) {
    const std::string bytes = readFileBytes(path);
    try {
      return readJapanese(bytes, *jp, options);
    } catch (const RecordError& e) {
      throw RecordError(utf8Path(path), e.line(), e.message());
    }
  }
  throw RecordError(utf8Path(path), 0,
                    "unknown record format (the name should end in .psq, .sgf, .sav or .lib; "
                    ".ban, .dt5, .kif, .lws, .nrf and .rnj are read too)");
}

}  // namespace gomoku
