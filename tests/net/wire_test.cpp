// Tests of the wire format (src/net/wire.h): pure encode / decode, no sockets.
// Cases: C12 (framing: every field survives, bad bytes are refused), C15 (non-ASCII and long
// nicknames).

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/utf8.h"
#include "net/wire.h"
#include "print.h"

using namespace gomoku;
using namespace gomoku::net;
// gtest's Test has a member named Setup (a misspelling guard): name the message unambiguously.
using SetupMsg = gomoku::net::Setup;

namespace {

using Bytes = std::vector<std::uint8_t>;

Hello hello(std::string nickname) {
  Hello h;
  h.programVersion = "0.1.0";
  h.nickname = std::move(nickname);
  return h;
}

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

// A header with the given fields, as it would travel.
Bytes rawHeader(std::uint8_t m0, std::uint8_t m1, std::uint8_t version, std::uint8_t type,
                std::uint32_t length) {
  return {m0,
          m1,
          version,
          type,
          static_cast<std::uint8_t>(length >> 24),
          static_cast<std::uint8_t>(length >> 16),
          static_cast<std::uint8_t>(length >> 8),
          static_cast<std::uint8_t>(length)};
}

// A whole message of `type` around a hand-made payload.
Bytes rawMessage(MsgType type, const Bytes& payload) {
  Bytes out = rawHeader(kMagic0, kMagic1, kProtocolMajor, static_cast<std::uint8_t>(type),
                        static_cast<std::uint32_t>(payload.size()));
  out.insert(out.end(), payload.begin(), payload.end());
  return out;
}

void appendString(Bytes& out, const std::string& s) {
  out.push_back(static_cast<std::uint8_t>(s.size() >> 8));
  out.push_back(static_cast<std::uint8_t>(s.size()));
  out.insert(out.end(), s.begin(), s.end());
}

// A HELLO payload written by hand (so that encode() cannot hide a mistake).
Bytes helloPayload(const std::string& version, const std::string& nickname) {
  Bytes p{kProtocolMajor, kProtocolMinor};
  appendString(p, version);
  appendString(p, nickname);
  return p;
}

struct Decoded {
  DecodeError headerError = DecodeError::None;
  DecodeError bodyError = DecodeError::None;
  Header header;
  Message message;
  // The first error met, header first.
  DecodeError error() const { return headerError != DecodeError::None ? headerError : bodyError; }
};

// Decodes one whole message the way a Session does: the header, then exactly `length` payload
// bytes. The payload is copied into a buffer of exactly its size so that AddressSanitizer
// catches any read beyond it.
Decoded decodeAll(const Bytes& bytes) {
  Decoded d;
  if (bytes.size() < kHeaderSize) {
    ADD_FAILURE() << "decodeAll needs at least a header";
    d.headerError = DecodeError::Truncated;
    return d;
  }
  const Bytes header(bytes.begin(), bytes.begin() + kHeaderSize);
  d.header = decodeHeader(header.data(), d.headerError);
  if (d.headerError != DecodeError::None) return d;
  const Bytes payload(bytes.begin() + kHeaderSize, bytes.end());
  EXPECT_EQ(d.header.length, payload.size())
      << "test bug: header length does not match the payload";
  d.message = decodeBody(d.header, payload.data(), payload.size(), d.bodyError);
  return d;
}

// Decodes the payload `payload` as a message of type `type`, with a header whose length is
// the payload's size.
DecodeError decodePayload(MsgType type, const Bytes& payload) {
  return decodeAll(rawMessage(type, payload)).error();
}

DecodeError decodeHeaderOnly(const Bytes& header) {
  DecodeError e = DecodeError::None;
  decodeHeader(header.data(), e);
  return e;
}

// One of every message type, with edge values.
std::vector<Message> samples() {
  Hello versionOnly = hello("Ann");
  versionOnly.protocolMinor = 7;
  return {
      hello("张伟"),
      hello("Zoë😀"),
      hello("欧阳司马诸葛东方慕容"),  // C15: a 10-character Chinese name
      versionOnly,
      SetupMsg{15, Rule::Freestyle, true},
      SetupMsg{5, Rule::Standard, false},
      SetupMsg{25, Rule::Renju, true},  // decodes; the Match refuses renju (BadSetup)
      Move{0, 7, 7},
      Move{224, 14, 14},
      Move{65535, 255, 0},
      Bye{ByeReason::Leaving, ""},
      Bye{ByeReason::Closing, "再见, see you"},
      Error{ErrorCode::Protocol, "unexpected MOVE"},
      Error{ErrorCode::VersionMismatch, ""},
      Error{ErrorCode::Busy, "busy"},
      Error{ErrorCode::IllegalMove, "illegal move h8: that point is occupied"},
      Error{ErrorCode::BadSetup, std::string(200, 'x')},
      Error{ErrorCode::NoSuchGame, "this host has no game to resume"},
      Resume{0xFEDCBA9876543210ull, 3, {{7, 7}, {8, 7}, {0, 14}}},
      Resume{1, 0, {}},
      Resume{5, 2, {{7, 7}}, Outcome::Draw, EndReason::Agreement},  // protocol 1.1 tail
      Sync{3,
           SetupMsg{15, Rule::Freestyle, true, FoulPolicy::Refuse, 5},
           "Ann",
           Outcome::Ongoing,
           EndReason::None,
           {},
           Outcome::BlackWins,
           EndReason::Resignation},
      Sync{2,
           SetupMsg{15, Rule::Renju, false, FoulPolicy::Lose, 99},
           "张伟",
           Outcome::Ongoing,
           EndReason::None,
           {{7, 7}, {8, 8}}},
      Sync{1,
           SetupMsg{19, Rule::Freestyle, true, FoulPolicy::Refuse, 7},
           "Ann",
           Outcome::WhiteWins,
           EndReason::Resignation,
           {}},
  };
}

std::string describe(const Message& m) {
  return typeName(typeOf(m));
}

// RESUME and SYNC may end with protocol 1.1's optional tail (the result of the game before):
// whether `m` has it, and whether it may have it.
bool hasTail(const Message& m) {
  if (const auto* r = std::get_if<Resume>(&m)) return r->previousOutcome != Outcome::Ongoing;
  if (const auto* s = std::get_if<Sync>(&m)) return s->previousOutcome != Outcome::Ongoing;
  return false;
}
bool mayHaveTail(const Message& m) {
  return std::holds_alternative<Resume>(m) || std::holds_alternative<Sync>(m);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Round trips

TEST(Wire, EveryMessageTypeRoundTrips) {
  for (const Message& m : samples()) {
    SCOPED_TRACE(describe(m));
    const Bytes bytes = encode(m);
    ASSERT_GE(bytes.size(), kHeaderSize);
    const Decoded d = decodeAll(bytes);
    ASSERT_EQ(d.error(), DecodeError::None) << decodeErrorText(d.error());
    EXPECT_EQ(d.header.version, kProtocolMajor);
    EXPECT_EQ(d.header.type, static_cast<std::uint8_t>(typeOf(m)));
    EXPECT_EQ(d.header.length, bytes.size() - kHeaderSize);
    EXPECT_EQ(typeOf(d.message), typeOf(m));
    EXPECT_TRUE(d.message == m);
  }
}

TEST(Wire, C15_ChineseAndEmojiNicknamesRoundTripByteForByte) {
  for (const std::string nick : {"张伟", "Zoë😀", "欧阳司马诸葛东方慕容"}) {
    SCOPED_TRACE(nick);
    const Decoded d = decodeAll(encode(hello(nick)));
    ASSERT_EQ(d.error(), DecodeError::None);
    ASSERT_TRUE(std::holds_alternative<Hello>(d.message));
    EXPECT_EQ(std::get<Hello>(d.message).nickname, nick);
    EXPECT_EQ(std::get<Hello>(d.message).programVersion, "0.1.0");
  }
}

TEST(Wire, C12f_NicknameWithNewlinePipeAndCommaRoundTripsIntact) {
  const std::string nick = "a\nb|c,d";
  const Decoded d = decodeAll(encode(hello(nick)));
  ASSERT_EQ(d.error(), DecodeError::None);
  ASSERT_TRUE(std::holds_alternative<Hello>(d.message));
  EXPECT_EQ(std::get<Hello>(d.message).nickname, nick);

  // The same characters in free text fields.
  const Decoded bye = decodeAll(encode(Bye{ByeReason::Leaving, "x\ny|z,w"}));
  ASSERT_EQ(bye.error(), DecodeError::None);
  EXPECT_EQ(std::get<Bye>(bye.message).text, "x\ny|z,w");
}

TEST(Wire, TypeOfAndTypeNames) {
  EXPECT_EQ(typeOf(Message{Hello{}}), MsgType::Hello);
  EXPECT_EQ(typeOf(Message{SetupMsg{}}), MsgType::Setup);
  EXPECT_EQ(typeOf(Message{Move{}}), MsgType::Move);
  EXPECT_EQ(typeOf(Message{Bye{}}), MsgType::Bye);
  EXPECT_EQ(typeOf(Message{Error{}}), MsgType::Error);
  EXPECT_STREQ(typeName(MsgType::Hello), "HELLO");
  EXPECT_STREQ(typeName(MsgType::Setup), "SETUP");
  EXPECT_STREQ(typeName(MsgType::Move), "MOVE");
  EXPECT_STREQ(typeName(MsgType::Bye), "BYE");
  EXPECT_STREQ(typeName(MsgType::Error), "ERROR");
}

// ---------------------------------------------------------------------------------------------
// Exact bytes: these pin the format of src/net/wire.h (another implementation must match them).

TEST(Wire, MoveHasExactBytes) {
  const Bytes expected{
      0x47, 0x4B,              // magic 'G' 'K'
      0x01,                    // protocol major 1
      0x03,                    // type MOVE
      0x00, 0x00, 0x00, 0x04,  // payload length 4, big-endian
      0x01, 0x02,              // ply 258, big-endian
      0x07,                    // x
      0x09,                    // y
  };
  EXPECT_EQ(encode(Move{258, 7, 9}), expected);
  const Decoded d = decodeAll(expected);
  ASSERT_EQ(d.error(), DecodeError::None);
  EXPECT_TRUE((d.message == Message{Move{258, 7, 9}}));
}

TEST(Wire, HelloSetupByeErrorHaveExactBytes) {
  // HELLO "张伟": major 1, minor 1, u16 length + version bytes, u16 length + UTF-8 nickname.
  Bytes hello8 = rawHeader(0x47, 0x4B, 1, 1, 17);
  const Bytes helloBody{0x01, 0x01, 0x00, 0x05, '0',  '.',  '1',  '.', '0',
                        0x00, 0x06, 0xE5, 0xBC, 0xA0, 0xE4, 0xBC, 0x9F};
  hello8.insert(hello8.end(), helloBody.begin(), helloBody.end());
  EXPECT_EQ(encode(hello("张伟")), hello8);

  Bytes setup = rawHeader(0x47, 0x4B, 1, 2, 12);
  setup.insert(setup.end(), {0x0F, 0x01, 0x00, 0x00});  // 15, standard, host is white, refuse fouls
  setup.insert(setup.end(), {0, 0, 0, 0, 0, 0, 0, 0});  // token 0: no resume
  EXPECT_EQ(encode(SetupMsg{15, Rule::Standard, false}), setup);
  Bytes renju = rawHeader(0x47, 0x4B, 1, 2, 12);
  renju.insert(renju.end(), {0x0F, 0x02, 0x01, 0x01});  // 15, renju, host is black, a foul loses
  renju.insert(renju.end(), {0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08});  // token, big-endian
  EXPECT_EQ(encode(SetupMsg{15, Rule::Renju, true, FoulPolicy::Lose, 0x0102030405060708ull}),
            renju);

  // RESUME: token, game, u16 count + x,y bytes.
  Bytes resume = rawHeader(0x47, 0x4B, 1, 25, 16);
  resume.insert(resume.end(), {0, 0, 0, 0, 0, 0, 0, 0x2A, 0x00, 0x01, 0x00, 0x02, 7, 7, 8, 8});
  EXPECT_EQ(encode(Resume{42, 1, {{7, 7}, {8, 8}}}), resume);
  const Decoded r = decodeAll(resume);
  ASSERT_EQ(r.error(), DecodeError::None);
  EXPECT_TRUE((r.message == Message{Resume{42, 1, {{7, 7}, {8, 8}}}}));
  // Protocol 1.1: the result of the game before as two more bytes (outcome, reason); a 1.0
  // RESUME (above) has none.
  Bytes resume11 = rawHeader(0x47, 0x4B, 1, 25, 14);
  resume11.insert(resume11.end(), {0, 0, 0, 0, 0, 0, 0, 0x2A, 0x00, 0x02, 0x00, 0x00, 3, 7});
  EXPECT_EQ(encode(Resume{42, 2, {}, Outcome::Draw, EndReason::Agreement}), resume11);
  EXPECT_EQ(decodeAll(resume11).error(), DecodeError::None);
  Bytes badTail = resume11;
  badTail.back() = 0;  // an outcome without a reason
  EXPECT_EQ(decodeAll(badTail).error(), DecodeError::BadValue);
  Bytes firstGame = resume11;
  firstGame[8 + 9] = 1;  // game 1 has no game before it
  EXPECT_EQ(decodeAll(firstGame).error(), DecodeError::BadValue);
  Bytes oneByte = resume11;
  oneByte.pop_back();
  oneByte[7] = 13;
  EXPECT_EQ(decodeAll(oneByte).error(), DecodeError::Truncated);

  Bytes bye = rawHeader(0x47, 0x4B, 1, 4, 5);
  bye.insert(bye.end(), {0x01, 0x00, 0x02, 'o', 'k'});
  EXPECT_EQ(encode(Bye{ByeReason::Closing, "ok"}), bye);

  Bytes error = rawHeader(0x47, 0x4B, 1, 5, 4);
  error.insert(error.end(), {0x00, 0x03, 0x00, 0x00});  // Busy, no text
  EXPECT_EQ(encode(Error{ErrorCode::Busy, ""}), error);
}

// ---------------------------------------------------------------------------------------------
// Malformed headers: refused from the 8 header bytes alone.

TEST(Wire, HeaderWithBadMagicIsRefused) {
  EXPECT_EQ(decodeHeaderOnly(rawHeader('G', 'X', 1, 3, 4)), DecodeError::BadMagic);
  EXPECT_EQ(decodeHeaderOnly(rawHeader('X', 'K', 1, 3, 4)), DecodeError::BadMagic);
  EXPECT_EQ(decodeHeaderOnly(rawHeader('K', 'G', 1, 3, 4)), DecodeError::BadMagic);
  EXPECT_EQ(decodeHeaderOnly(rawHeader(0, 0, 0, 0, 0)), DecodeError::BadMagic);
  const std::string ssh = "SSH-2.0-";  // what an SSH server says first
  EXPECT_EQ(decodeHeaderOnly(Bytes(ssh.begin(), ssh.end())), DecodeError::BadMagic);
  const std::string http = "GET / HT";
  EXPECT_EQ(decodeHeaderOnly(Bytes(http.begin(), http.end())), DecodeError::BadMagic);
  // Magic is checked first: a bad magic wins over every other fault.
  EXPECT_EQ(decodeHeaderOnly(rawHeader('g', 'k', 9, 99, 0xFFFFFFFFu)), DecodeError::BadMagic);
}

TEST(Wire, HeaderWithAnotherVersionIsRefused) {
  for (int v : {0, 2, 3, 127, 255}) {
    SCOPED_TRACE(v);
    EXPECT_EQ(decodeHeaderOnly(rawHeader(0x47, 0x4B, static_cast<std::uint8_t>(v), 3, 4)),
              DecodeError::BadVersion);
  }
  // The version is checked before the type and the length.
  EXPECT_EQ(decodeHeaderOnly(rawHeader(0x47, 0x4B, 2, 99, 0xFFFFFFFFu)), DecodeError::BadVersion);
}

TEST(Wire, HeaderWithUnknownTypeIsRefused) {
  const std::vector<int> unknown{0, 6, 7, 15, 27, 100, 255};
  for (int t : unknown) {
    SCOPED_TRACE(t);
    EXPECT_EQ(decodeHeaderOnly(rawHeader(0x47, 0x4B, 1, static_cast<std::uint8_t>(t), 0)),
              DecodeError::UnknownType);
  }
  for (int t : {1, 2, 3, 4, 5, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26}) {
    SCOPED_TRACE(t);
    EXPECT_EQ(decodeHeaderOnly(rawHeader(0x47, 0x4B, 1, static_cast<std::uint8_t>(t), 4)),
              DecodeError::None);
  }
}

TEST(Wire, C12e_OversizedLengthIsRefusedByTheHeaderAlone) {
  for (int t = 1; t <= 5; ++t) {
    SCOPED_TRACE(t);
    const auto type = static_cast<std::uint8_t>(t);
    EXPECT_EQ(decodeHeaderOnly(rawHeader(0x47, 0x4B, 1, type, kMaxPayload)), DecodeError::None);
    EXPECT_EQ(decodeHeaderOnly(rawHeader(0x47, 0x4B, 1, type, kMaxPayload + 1)),
              DecodeError::TooLong);
    EXPECT_EQ(decodeHeaderOnly(rawHeader(0x47, 0x4B, 1, type, 0x00010000u)), DecodeError::TooLong);
    EXPECT_EQ(decodeHeaderOnly(rawHeader(0x47, 0x4B, 1, type, 0xFFFFFFFFu)), DecodeError::TooLong);
  }
}

TEST(Wire, HeaderFieldsAreReadBigEndian) {
  DecodeError e = DecodeError::None;
  const Bytes h = rawHeader(0x47, 0x4B, 1, 5, 0x00000F01u);
  const Header header = decodeHeader(h.data(), e);
  EXPECT_EQ(e, DecodeError::None);
  EXPECT_EQ(header.version, 1);
  EXPECT_EQ(header.type, 5);
  EXPECT_EQ(header.length, 0x0F01u);
}

TEST(Wire, DecodeErrorsHaveTexts) {
  for (DecodeError e : {DecodeError::BadMagic, DecodeError::BadVersion, DecodeError::UnknownType,
                        DecodeError::TooLong, DecodeError::Truncated, DecodeError::TrailingBytes,
                        DecodeError::BadValue}) {
    EXPECT_GT(std::string(decodeErrorText(e)).size(), 5u);
  }
}

// ---------------------------------------------------------------------------------------------
// Malformed bodies

TEST(Wire, C12_BodyTruncatedAtEveryByteIsRefused) {
  for (const Message& m : samples()) {
    SCOPED_TRACE(describe(m));
    const Bytes bytes = encode(m);
    DecodeError he = DecodeError::None;
    const Header full = decodeHeader(bytes.data(), he);
    ASSERT_EQ(he, DecodeError::None);
    for (std::size_t cut = 0; cut < full.length; ++cut) {
      if (hasTail(m) && cut == full.length - 2) continue;  // the same message in protocol 1.0
      SCOPED_TRACE("payload cut to " + std::to_string(cut) + " bytes");
      Header h = full;
      h.length = static_cast<std::uint32_t>(cut);
      const Bytes payload(bytes.begin() + kHeaderSize, bytes.begin() + kHeaderSize + cut);
      DecodeError e = DecodeError::None;
      const Message out = decodeBody(h, payload.data(), payload.size(), e);
      EXPECT_EQ(e, DecodeError::Truncated) << decodeErrorText(e);
      EXPECT_TRUE(std::holds_alternative<Error>(out)) << "a refused body gives the placeholder";
    }
  }
}

TEST(Wire, C12_TrailingBytesAreRefused) {
  for (const Message& m : samples()) {
    SCOPED_TRACE(describe(m));
    const Bytes bytes = encode(m);
    for (std::size_t extra : {1u, 2u, 100u}) {
      const Bytes payload = [&] {
        Bytes p(bytes.begin() + kHeaderSize, bytes.end());
        p.insert(p.end(), extra, 0);
        return p;
      }();
      // Bytes after a RESUME or SYNC of protocol 1.0 are read as the 1.1 tail: refused as a
      // cut or bad tail.
      if (mayHaveTail(m) && !hasTail(m))
        EXPECT_NE(decodePayload(typeOf(m), payload), DecodeError::None);
      else
        EXPECT_EQ(decodePayload(typeOf(m), payload), DecodeError::TrailingBytes);
    }
  }
}

TEST(Wire, SetupWithBadRuleValueIsRefused) {
  EXPECT_EQ(decodePayload(MsgType::Setup, {15, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1}),
            DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::Setup, {15, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1}),
            DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::Setup, {15, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1}),
            DecodeError::None);  // renju
  EXPECT_EQ(decodePayload(MsgType::Setup, {15, 3, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1}),
            DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::Setup, {15, 255, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1}),
            DecodeError::BadValue);
}

TEST(Wire, SetupWithBadHostIsBlackValueIsRefused) {
  EXPECT_EQ(decodePayload(MsgType::Setup, {15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}),
            DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::Setup, {15, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1}),
            DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::Setup, {15, 0, 255, 0, 0, 0, 0, 0, 0, 0, 0, 1}),
            DecodeError::BadValue);
}

TEST(Wire, SetupWithBadFoulPolicyIsRefused) {
  EXPECT_EQ(decodePayload(MsgType::Setup, {15, 2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1}),
            DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::Setup, {15, 2, 0, 2, 0, 0, 0, 0, 0, 0, 0, 1}),
            DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::Setup, {15, 2, 0}),
            DecodeError::Truncated);  // the 3-byte form of a draft
  EXPECT_EQ(decodePayload(MsgType::Setup, {15, 2, 0, 1}),
            DecodeError::Truncated);  // no resume token
}

TEST(Wire, ByeWithBadReasonIsRefused) {
  EXPECT_EQ(decodePayload(MsgType::Bye, {0, 0, 0}), DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::Bye, {1, 0, 0}), DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::Bye, {2, 0, 0}), DecodeError::BadValue);
}

TEST(Wire, C15_InvalidUtf8IsRefused) {
  for (const std::string& bad :
       {std::string("bad\xFF"), std::string("\xC3"), std::string("\xC0\xAF"),
        std::string("\xED\xA0\x80"), std::string("ab\x80")}) {
    EXPECT_EQ(decodePayload(MsgType::Hello, helloPayload("0.1.0", bad)), DecodeError::BadValue);
    EXPECT_EQ(decodePayload(MsgType::Hello, helloPayload(bad, "Ann")), DecodeError::BadValue);
    Bytes bye{0};
    appendString(bye, bad);
    EXPECT_EQ(decodePayload(MsgType::Bye, bye), DecodeError::BadValue);
    Bytes error{0, 1};
    appendString(error, bad);
    EXPECT_EQ(decodePayload(MsgType::Error, error), DecodeError::BadValue);
  }
}

TEST(Wire, C15_EmptyOrBlankNicknameIsRefused) {
  for (const std::string bad : {"", " ", "   ", "\t", " \n "}) {
    SCOPED_TRACE("[" + bad + "]");
    EXPECT_EQ(decodePayload(MsgType::Hello, helloPayload("0.1.0", bad)), DecodeError::BadValue);
  }
  EXPECT_EQ(decodePayload(MsgType::Hello, helloPayload("0.1.0", std::string("a\0b", 3))),
            DecodeError::BadValue);
}

TEST(Wire, C15_NicknameLengthIsCountedInCharacters) {
  const std::string chinese32 = repeat("龍", 32);  // 96 bytes
  const std::string emoji32 = repeat("😀", 32);     // 128 bytes, the most the wire carries
  EXPECT_EQ(decodePayload(MsgType::Hello, helloPayload("0.1.0", chinese32)), DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::Hello, helloPayload("0.1.0", emoji32)), DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::Hello, helloPayload("0.1.0", std::string(32, 'a'))),
            DecodeError::None);

  EXPECT_EQ(decodePayload(MsgType::Hello, helloPayload("0.1.0", std::string(33, 'a'))),
            DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::Hello, helloPayload("0.1.0", chinese32 + "龍")),
            DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::Hello, helloPayload("0.1.0", emoji32 + "😀")),
            DecodeError::BadValue);
  EXPECT_NE(decodePayload(MsgType::Hello, helloPayload("0.1.0", std::string(300, 'a'))),
            DecodeError::None);

  // Through encode() as well: the 32-character Chinese name round-trips.
  const Decoded d = decodeAll(encode(hello(chinese32)));
  ASSERT_EQ(d.error(), DecodeError::None);
  EXPECT_EQ(std::get<Hello>(d.message).nickname, chinese32);
  EXPECT_EQ(decodeAll(encode(hello(std::string(33, 'a')))).error(), DecodeError::BadValue);
}

TEST(Wire, StringLengthFieldBeyondThePayloadIsRefused) {
  // Nickname length says 50, but only 3 bytes follow.
  Bytes p{kProtocolMajor, kProtocolMinor};
  appendString(p, "0.1.0");
  p.insert(p.end(), {0x00, 50, 'A', 'n', 'n'});
  EXPECT_EQ(decodePayload(MsgType::Hello, p), DecodeError::Truncated);

  // Program version length 0xFFFF: far beyond the payload and the field's limit.
  Bytes q{kProtocolMajor, kProtocolMinor, 0xFF, 0xFF, 'x'};
  EXPECT_NE(decodePayload(MsgType::Hello, q), DecodeError::None);

  // BYE and ERROR text lengths beyond the payload.
  EXPECT_EQ(decodePayload(MsgType::Bye, {0, 0x00, 0x10, 'h', 'i'}), DecodeError::Truncated);
  EXPECT_EQ(decodePayload(MsgType::Error, {0, 1, 0x00, 0x05, 'a'}), DecodeError::Truncated);
  EXPECT_NE(decodePayload(MsgType::Error, {0, 1, 0xFF, 0xFF, 'a'}), DecodeError::None);
}

TEST(Wire, StringFieldsAboveTheirByteLimitsAreRefused) {
  // Program version: at most 32 bytes.
  EXPECT_EQ(decodePayload(MsgType::Hello, helloPayload(std::string(32, 'v'), "Ann")),
            DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::Hello, helloPayload(std::string(33, 'v'), "Ann")),
            DecodeError::BadValue);
  // BYE / ERROR text: at most 200 bytes.
  Bytes bye200{0};
  appendString(bye200, std::string(200, 't'));
  EXPECT_EQ(decodePayload(MsgType::Bye, bye200), DecodeError::None);
  Bytes bye201{0};
  appendString(bye201, std::string(201, 't'));
  EXPECT_EQ(decodePayload(MsgType::Bye, bye201), DecodeError::BadValue);
}

TEST(Wire, EncodeRefusesStringsTheWireCannotCarry) {
  EXPECT_THROW(encode(hello(repeat("😀", 33))), std::length_error);  // 132 bytes > 128
  Hello longVersion = hello("Ann");
  longVersion.programVersion = std::string(33, 'v');
  EXPECT_THROW(encode(longVersion), std::length_error);
  EXPECT_THROW(encode(Bye{ByeReason::Leaving, std::string(201, 'x')}), std::length_error);
  EXPECT_THROW(encode(Error{ErrorCode::Protocol, std::string(201, 'x')}), std::length_error);
  EXPECT_NO_THROW(encode(Error{ErrorCode::Protocol, std::string(200, 'x')}));
}

TEST(Wire, DecodeBodyRefusesAnUnknownType) {
  for (std::uint8_t t : {std::uint8_t{0}, std::uint8_t{6}, std::uint8_t{15}, std::uint8_t{27}}) {
    Header h;
    h.version = kProtocolMajor;
    h.type = t;
    h.length = 0;
    DecodeError e = DecodeError::None;
    decodeBody(h, nullptr, 0, e);
    EXPECT_EQ(e, DecodeError::UnknownType);
  }
}

// Issue 3: every match message round-trips field by field, and bad values are refused.
TEST(Wire, MatchMessagesRoundTrip) {
  const std::vector<Message> all = {TakebackRequest{9, 8},
                                    TakebackRequest{10, 8},
                                    TakebackReply{9, true},
                                    TakebackReply{9, false},
                                    DrawOffer{12},
                                    DrawReply{12, true},
                                    Resign{40},
                                    Nickname{"张伟"},
                                    PlayAgain{2, true},
                                    PlayAgain{3, false},
                                    Chat{"你好, hello | \n"},
                                    Heartbeat{}};
  for (const Message& m : all) {
    SCOPED_TRACE(typeName(typeOf(m)));
    const Bytes bytes = encode(m);
    DecodeError e;
    const Header h = decodeHeader(bytes.data(), e);
    ASSERT_EQ(e, DecodeError::None);
    const Message back = decodeBody(h, bytes.data() + kHeaderSize, h.length, e);
    ASSERT_EQ(e, DecodeError::None);
    EXPECT_TRUE(back == m);
  }
  EXPECT_EQ(decodePayload(MsgType::TakebackRequest, {0, 9, 0, 9}),
            DecodeError::BadValue);  // returns to itself
  EXPECT_EQ(decodePayload(MsgType::TakebackRequest, {0, 9, 0, 6}),
            DecodeError::BadValue);  // three plies
  EXPECT_EQ(decodePayload(MsgType::TakebackReply, {0, 9, 2}), DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::PlayAgain, {0, 1, 1}),
            DecodeError::BadValue);  // game 1 is never "again"
  EXPECT_EQ(decodePayload(MsgType::Heartbeat, {0}), DecodeError::TrailingBytes);
  // RESUME / SYNC: at most 625 moves; SYNC game >= 1, outcome and reason both set or both not.
  Bytes tooMany{0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0x02, 0x72};  // 626 moves announced
  tooMany.resize(tooMany.size() + 2 * 626, 0);
  EXPECT_EQ(decodePayload(MsgType::Resume, tooMany), DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::Resume, {0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 2, 7, 7}),
            DecodeError::Truncated);
  auto syncBody = [](std::uint16_t game, std::uint8_t outcome, std::uint8_t reason) {
    Bytes b{static_cast<std::uint8_t>(game >> 8),
            static_cast<std::uint8_t>(game),
            15,
            0,
            1,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            1};
    appendString(b, "Ann");
    b.insert(b.end(), {outcome, reason, 0, 0});
    return b;
  };
  EXPECT_EQ(decodePayload(MsgType::Sync, syncBody(1, 0, 0)), DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::Sync, syncBody(0, 0, 0)), DecodeError::BadValue);  // game 0
  EXPECT_EQ(decodePayload(MsgType::Sync, syncBody(1, 1, 0)),
            DecodeError::BadValue);  // winner, no reason
  EXPECT_EQ(decodePayload(MsgType::Sync, syncBody(1, 0, 3)),
            DecodeError::BadValue);  // reason, no result
  EXPECT_EQ(decodePayload(MsgType::Sync, syncBody(1, 9, 3)),
            DecodeError::BadValue);  // no such outcome
  EXPECT_EQ(decodePayload(MsgType::Sync, syncBody(1, 1, 99)),
            DecodeError::BadValue);  // no such reason
  Bytes longChat;
  appendString(longChat, std::string(501, 'x'));
  EXPECT_EQ(decodePayload(MsgType::Chat, longChat), DecodeError::BadValue);
  Bytes blankNick;
  appendString(blankNick, "   ");
  EXPECT_EQ(decodePayload(MsgType::Nickname, blankNick), DecodeError::BadValue);
}
