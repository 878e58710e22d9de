#pragma once
/// @file Read-only support for the move lists of Japanese renju programs (samples: YSRKEN/Shioi),
/// 15x15. Columns a..o are 1..15 from the left; the formats count rows 1..15 from the TOP except
/// .lws, which uses RIF notation (rows from the bottom, as core/notation.h):
///   .ban  one move a line, the number col*100 + row ("808" = h8, "1007" = j9)
///   .dt5  "h8,i7,iA,..." letter and row as one hex digit 1..F, ending "**,"
///   .kif  Shift_JIS text: a 15-line diagram, then one move a line "row*16 + col,<player>"
///   .lws  "H8 I9 I6 ..." RIF points separated by blanks
///   .nrf  a title line, then one move a line as two hex digits col, row ("9a"), ending "0"
///   .rnj  two moves a line, each "y x", 0-based from the top-left ("7 7 6 8")
/// The files state no rule (they come from renju programs), names, result or times.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "record/record.h"

namespace gomoku {

/// The Japanese formats, by extension.
enum class JapaneseFormat : std::uint8_t { Ban, Dt5, Kif, Lws, Nrf, Rnj };

/// The format of ".ban", ".dt5", ".kif", ".lws", ".nrf" or ".rnj" (case-insensitive); nullopt
/// for any other extension.
std::optional<JapaneseFormat> japaneseFormatFromPath(const std::filesystem::path& path);

/// Reads a whole file in `format` as a 15x15 record (moves with moveLines). Throws RecordError
/// naming the line for: an empty file, binary data (NUL or control bytes), an entry that is not
/// a point of the format, a point off the board or on an occupied point (unless
/// options.keepIllegalMoves), and text after the end mark (.dt5 "**", .nrf "0").
Record readJapanese(std::string_view bytes, JapaneseFormat format, const ReadOptions& options = {});

}  // namespace gomoku
