// libFuzzer target: the wire format (src/net/wire.h) on an arbitrary byte stream.
// The input is read as the Session reads a connection: a header (kHeaderSize bytes), then as
// many body bytes as the header announces, then the next header, ... until the bytes run out or
// a header or body is refused (the Session closes the connection there). Every message that
// decodes is re-encoded and must
//   - decode again to an equal message (decode(encode(m)) == m), and
//   - encode to exactly the bytes it was decoded from (the encoding is canonical: every field
//     the decoder accepts has one representation).
// A VIEW that decodes is also given to a watcher (applyView, net/watcher.h): it shows the game or
// says why it cannot, and a game it shows holds every move of the VIEW.
// A failed check aborts (a crash for libFuzzer); any exception escaping is a crash too.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "net/watcher.h"
#include "net/wire.h"

using namespace gomoku::net;

namespace {

[[noreturn]] void failCheck(const char* what, const std::uint8_t* data, std::size_t size) {
  std::fprintf(stderr, "fuzz_wire: check failed: %s\n  message bytes:", what);
  for (std::size_t i = 0; i < size; ++i) std::fprintf(stderr, " %02x", data[i]);
  std::fprintf(stderr, "\n");
  std::abort();
}

#define CHECK(cond, data, size)                \
  do {                                         \
    if (!(cond)) failCheck(#cond, data, size); \
  } while (0)

void roundTrip(const Message& m, const std::uint8_t* original, std::size_t originalSize) {
  const std::vector<std::uint8_t> bytes = encode(m);  // throws only for over-long strings
  CHECK(bytes.size() >= kHeaderSize, original, originalSize);
  DecodeError e = DecodeError::None;
  const Header h = decodeHeader(bytes.data(), e);
  CHECK(e == DecodeError::None, original, originalSize);
  CHECK(h.type == static_cast<std::uint8_t>(typeOf(m)), original, originalSize);
  CHECK(h.length == bytes.size() - kHeaderSize, original, originalSize);
  const Message again = decodeBody(h, bytes.data() + kHeaderSize, h.length, e);
  CHECK(e == DecodeError::None, original, originalSize);
  CHECK(again == m, original, originalSize);
  CHECK(bytes.size() == originalSize && std::memcmp(bytes.data(), original, originalSize) == 0,
        original, originalSize);
  CHECK(typeName(typeOf(m)) != nullptr, original, originalSize);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::size_t pos = 0;
  while (size - pos >= kHeaderSize) {
    const std::uint8_t* start = data + pos;
    DecodeError e = DecodeError::None;
    const Header h = decodeHeader(start, e);
    (void)decodeErrorText(e);
    if (e != DecodeError::None) break;  // the Session closes the connection here
    CHECK(h.length <= kMaxPayload, start, kHeaderSize);
    pos += kHeaderSize;
    if (size - pos < h.length) break;  // the stream ends inside the body
    // The body in a buffer of its own, exactly h.length bytes, so that ASan catches a read past
    // its end (the Session's body buffer is sized the same way).
    std::vector<std::uint8_t> body(data + pos, data + pos + h.length);
    const Message m = decodeBody(h, body.data(), body.size(), e);
    pos += h.length;
    (void)decodeErrorText(e);
    if (e != DecodeError::None) {
      CHECK(std::holds_alternative<Error>(m), start, kHeaderSize + h.length);
      break;
    }
    roundTrip(m, start, kHeaderSize + h.length);
    if (const auto* v = std::get_if<View>(&m)) {
      WatchSnapshot shown;
      if (!applyView(*v, 1000, shown)) {
        CHECK(shown.game.ply() == static_cast<int>(v->game.moves.size()), start,
              kHeaderSize + h.length);
        (void)shown.clockNow(gomoku::Stone::Black);
      }
    }
  }
  return 0;
}
