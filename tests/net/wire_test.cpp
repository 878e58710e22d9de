// Tests of the wire format (src/net/wire.h): pure encode / decode, no sockets.
// Cases: C12 (framing: every field survives, bad bytes are refused), C15 (non-ASCII and long
// nicknames).

#include <gtest/gtest.h>
#include <algorithm>

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

std::vector<Message> serverSamples();

// One of every match message type, with edge values.
// Opening decisions as RESUME and SYNC carry them (protocol 1.4): one of each action.
std::vector<OpeningAct> resumedOpening() {
  return {OpeningAct{0, OpeningAction::Place, {{7, 7}}, OpeningChoice::Keep, 0},
          OpeningAct{1, OpeningAction::Choose, {}, OpeningChoice::Swap, 0},
          OpeningAct{2, OpeningAction::Declare, {}, OpeningChoice::Keep, 3},
          OpeningAct{3, OpeningAction::Offer, {{0, 0}, {14, 14}}, OpeningChoice::Keep, 0},
          OpeningAct{4, OpeningAction::Pick, {{14, 14}}, OpeningChoice::Keep, 0}};
}
// Their size on the wire: u8 count, then each act as OPENING's payload.
constexpr std::size_t kResumedOpeningBytes = 1 + 5 + 4 + 4 + 8 + 5;

// A VIEW of a running renju game with a clock and an opening rule: White's move timed.
View watchedView() {
  View v;
  v.state = ViewState::Suspended;
  v.chatAllowed = true;
  v.watchers = 3;
  v.joinerNickname = "Bob";
  v.clockSide = Stone::White;
  v.clockRunning = true;
  v.clockUsedMs = kMaxClockMs;
  v.game = Sync{4,
                SetupMsg{15, Rule::Renju, true, FoulPolicy::Refuse, 0,
                         TimeControl{ClockKind::Fischer, 300000, 5000}, OpeningRule::Soosorv8},
                "Ann",
                Outcome::Ongoing,
                EndReason::None,
                {{7, 7}},
                Outcome::Ongoing,
                EndReason::None,
                123456,
                2 * kMaxClockMs,
                false,
                resumedOpening()};
  return v;
}

std::vector<Message> matchSamples() {
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
      Move{12, 3, 4, 0},         // protocol 1.3: thinking time 0 ms
      Move{13, 4, 4, 86400000},  // the longest: 24 h
      Flag{0},
      Flag{57},
      Flag{4, 3},   // protocol 1.6: during a timed opening, at decision 3
      Flag{0, 32},  // the last decision a list may hold
      OpeningAct{0, OpeningAction::Place, {{7, 7}}, OpeningChoice::Keep, 0},
      OpeningAct{3, OpeningAction::Choose, {}, OpeningChoice::TenFifths, 0},
      OpeningAct{4, OpeningAction::Declare, {}, OpeningChoice::Keep, 8},
      OpeningAct{6,
                 OpeningAction::Offer,
                 {{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}, {6, 6}, {7, 8}, {8, 9}, {9, 10}},
                 OpeningChoice::Keep,
                 0},
      OpeningAct{7, OpeningAction::Pick, {{14, 14}}, OpeningChoice::Keep, 0},
      // Protocol 1.6: a timed opening's decisions with their thinking time.
      OpeningAct{0, OpeningAction::Place, {{7, 7}}, OpeningChoice::Keep, 0, 0},
      OpeningAct{2, OpeningAction::Choose, {}, OpeningChoice::Swap, 0, 86400000},
      SetupMsg{15, Rule::Renju, false, FoulPolicy::Refuse, 7,
               TimeControl{ClockKind::Fischer, 600000, 10000, 0}, OpeningRule::Soosorv8, true},
      SetupMsg{15, Rule::Renju, true, FoulPolicy::Refuse, 9, TimeControl{}, OpeningRule::Soosorv8},
      SetupMsg{15, Rule::Freestyle, true, FoulPolicy::Refuse, 1,
               TimeControl{ClockKind::Fischer, 300000, 5000, 0}},
      SetupMsg{15, Rule::Renju, false, FoulPolicy::Lose, 2,
               TimeControl{ClockKind::PerMove, 0, 0, 30000}},
      SetupMsg{15, Rule::Standard, false, FoulPolicy::Refuse, 3,
               TimeControl{ClockKind::ByoYomi, 600000, 0, 30000}},
      Sync{4,
           SetupMsg{15, Rule::Freestyle, true, FoulPolicy::Refuse, 5,
                    TimeControl{ClockKind::Fischer, 600000, 10000, 0}},
           "Ann",
           Outcome::Ongoing,
           EndReason::None,
           {{7, 7}},
           Outcome::Ongoing,
           EndReason::None,
           123456,
           600000},
      Sync{5,
           SetupMsg{15, Rule::Freestyle, false, FoulPolicy::Refuse, 6,
                    TimeControl{ClockKind::ByoYomi, 0, 0, 100}},
           "Ann",
           Outcome::Ongoing,
           EndReason::None,
           {},
           Outcome::Draw,
           EndReason::Agreement,
           0,
           0,
           true},  // the opening swapped the colours
      Sync{6,
           SetupMsg{15, Rule::Renju, true, FoulPolicy::Refuse, 7, TimeControl{},
                    OpeningRule::Taraguchi10},
           "Ann",
           Outcome::Ongoing,
           EndReason::None,
           {{7, 7}, {7, 8}, {8, 8}, {9, 9}, {6, 6}},
           Outcome::Ongoing,
           EndReason::None,
           0,
           0,
           false},
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
      Resume{8, 1, {{7, 7}}, Outcome::Ongoing, EndReason::None, resumedOpening()},  // 1.4
      Resume{9, 2, {{7, 7}}, Outcome::WhiteWins, EndReason::Resignation, resumedOpening()},
      Sync{7,
           SetupMsg{15, Rule::Renju, true, FoulPolicy::Refuse, 7, TimeControl{},
                    OpeningRule::Soosorv8},
           "Ann",
           Outcome::Ongoing,
           EndReason::None,
           {{7, 7}},
           Outcome::Ongoing,
           EndReason::None,
           0,
           0,
           true,
           resumedOpening()},  // protocol 1.4: the opening decisions
      Sync{8,
           SetupMsg{15, Rule::Renju, true, FoulPolicy::Refuse, 7,
                    TimeControl{ClockKind::Fischer, 600000, 10000, 0}, OpeningRule::Soosorv8, true},
           "Ann",
           Outcome::Ongoing,
           EndReason::None,
           {{7, 7}},
           Outcome::Ongoing,
           EndReason::None,
           598000,
           600000,
           true,
           resumedOpening()},  // protocol 1.6: a timed opening
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
           {{7, 7}, {8, 8}},
           Outcome::Ongoing,
           EndReason::None,
           0,
           0,
           false},  // without a 1.3 tail the host plays the colour of SETUP
      Sync{1,
           SetupMsg{19, Rule::Freestyle, true, FoulPolicy::Refuse, 7},
           "Ann",
           Outcome::WhiteWins,
           EndReason::Resignation,
           {}},
      // Watchers (protocol 1.5).
      Watch{kProtocolMajor, kProtocolMinor, "0.1.0", "看客"},
      View{ViewState::Playing, false, 1, "", Stone::Empty, false, 0,
           Sync{1, SetupMsg{}, "Ann", Outcome::Ongoing, EndReason::None, {}}},
      watchedView(),
      View{ViewState::Finished, false, 65535, "", Stone::Empty, false, 0,
           Sync{2,
                SetupMsg{15, Rule::Renju, false, FoulPolicy::Lose, 0},
                "张伟",
                Outcome::BlackWins,
                EndReason::Resignation,
                {{7, 7}},
                Outcome::Ongoing,
                EndReason::None,
                0,
                0,
                false}},
      WatchChat{"Ann", true, "good luck"},
      WatchChat{"", false, std::string(kMaxChatBytes, 'x')},
      Watchers{0},
      Watchers{65535},
  };
}

std::vector<Message> samples() {
  std::vector<Message> all = matchSamples();
  for (Message& m : serverSamples()) all.push_back(std::move(m));
  return all;
}

// Server messages (types 64..91), with edge values. Part of samples().
std::vector<Message> serverSamples() {
  const RoomSettings renju{15, Rule::Renju, SeatColor::Random, FoulPolicy::Lose, true};
  const GameSummary summary{0x0102030405060708ull,
                            1767225600,
                            "张伟",
                            "Bob_2",
                            Rule::Standard,
                            19,
                            Outcome::WhiteWins,
                            EndReason::Resignation,
                            true,
                            -30,
                            30,
                            42};
  Players full;
  full.total = 4000000000u;
  for (int i = 0; i < static_cast<int>(kMaxPlayersListed); ++i)
    full.players.push_back({"p" + std::to_string(i), 1000 + i, PlayerState::Finding});
  GameList games;
  games.last = false;
  for (int i = 0; i < static_cast<int>(kMaxGamesListed); ++i) {
    GameSummary g = summary;
    g.id = static_cast<std::uint64_t>(i);
    games.games.push_back(g);
  }
  return {
      Welcome{1, 2, "0.1.0", "Gomoku ladder 五子棋"},
      Welcome{1, 9, "", ""},
      Register{"欧阳_Ann-1", "correct horse battery staple"},
      Login{LoginMethod::Password, "Ann", "hunter22hunter22"},
      Login{LoginMethod::Token, "Ann", std::string(64, 'a')},
      LoginResult{LoginStatus::Ok, "", "Ann", std::string(64, 'f'), {1030, 1, 1, 0}, false},
      LoginResult{LoginStatus::BadName, "a name has 2 to 20 characters", "", "", {}, true},
      LoginResult{LoginStatus::ServerBusy, "", "", "", {-5, 0, 0, 0}, false},
      Stats{"Ann", {-2147483647 - 1, 4294967295u, 7, 3}, true},
      Players{},
      Players{3, {{"Ann", 1000, PlayerState::Hall}, {"张伟", 970, PlayerState::Playing}}},
      full,
      Top{},
      Top{{{1, "Ann", 1300, 50, 40}, {2, "Bob", 1290, 60, 35}}},
      HallRequest{},
      Find{},
      Find{Rule::Renju},
      CancelFind{},
      RoomCreate{},
      RoomCreate{renju},
      RoomCreated{"ABC234", RoomSettings{9, Rule::Freestyle, SeatColor::White}},
      RoomJoin{"abc234", true},
      RoomJoin{"", false},
      Invite{"Bob", renju},
      Invited{0xFFFFFFFFu, "Ann", -12, renju},
      InviteReply{7, true, false},
      InviteReply{8, false, true},
      Matched{1, 15, Rule::Freestyle, FoulPolicy::Refuse, true, "Bob", 1010, true, 0},
      Matched{0xFFFFFFFFFFFFFFFFull, 15, Rule::Renju, FoulPolicy::Lose, false, "张伟", -1, false,
              0x8000000000000001ull},
      GameResult{5, Outcome::BlackWins, EndReason::Abandoned, true, 1000, 1030},
      GameResult{6, Outcome::Interrupted, EndReason::Disconnected, false, -7, -7},
      GamesRequest{},
      GameList{},
      games,
      GetGame{0xDEADBEEFull},
      GameRecord{summary, {{7, 7}, {8, 8}, {0, 18}}, {0, 1500, 4294967295u}},
      GameRecord{GameSummary{}, {}, {}},
      Denied{MsgType::Find, DenyCode::Busy, "already finding"},
      Denied{MsgType::RoomJoin, DenyCode::Yourself, ""},
      Denied{MsgType::Invite, DenyCode::InviteDeclined, "Bob declined"},
      OpponentAway{true, 180},
      OpponentAway{false, 0},
      // Watching on a server (protocol 1.5).
      LiveRequest{},
      LiveGames{},
      LiveGames{7,
                {{1, "ann", 1030, "张伟", 970, Rule::Renju, 15, 12, 3},
                 {0xFFFFFFFFFFFFFFFFull, "b", -5, "w", 0, Rule::Freestyle, 25, 625, 65535}}},
      WatchGame{42},
      Unwatch{42},
  };
}

std::string describe(const Message& m) {
  return typeName(typeOf(m));
}

// RESUME and SYNC may end with protocol 1.1's optional tail (the result of the game before),
// SETUP, SYNC and MOVE with protocol 1.3's (the clock): whether `m` has its last optional
// tail, and whether it may have one.
bool hasTail(const Message& m) {
  if (const auto* v = std::get_if<View>(&m)) return hasTail(v->game);  // SYNC ends a VIEW
  if (const auto* r = std::get_if<Resume>(&m))
    return r->previousOutcome != Outcome::Ongoing || !r->openingActs.empty();
  const auto tail = [](const SetupMsg& s) {
    return s.clock.kind != ClockKind::None || s.opening != OpeningRule::None;
  };
  if (const auto* s = std::get_if<Sync>(&m)) return tail(s->setup);
  if (const auto* s = std::get_if<SetupMsg>(&m)) return tail(*s);
  if (const auto* v = std::get_if<Move>(&m)) return v->thinkMs >= 0;
  if (const auto* v = std::get_if<Flag>(&m)) return v->decision >= 0;       // 1.6
  if (const auto* v = std::get_if<OpeningAct>(&m)) return v->thinkMs >= 0;  // 1.6
  // The hall's 1.3 tails: the client's minor, the time control and opening rule.
  const auto game = [](const TimeControl& c, OpeningRule o) {
    return c.kind != ClockKind::None || o != OpeningRule::None;
  };
  if (const auto* v = std::get_if<Login>(&m)) return v->clientMinor != 0;
  if (const auto* v = std::get_if<Register>(&m)) return v->clientMinor != 0;
  if (const auto* v = std::get_if<Find>(&m)) return game(v->clock, v->opening);
  if (const auto* v = std::get_if<Matched>(&m)) return game(v->clock, v->opening);
  if (const auto* v = std::get_if<RoomCreate>(&m))
    return game(v->settings.clock, v->settings.opening);
  if (const auto* v = std::get_if<RoomCreated>(&m))
    return game(v->settings.clock, v->settings.opening);
  if (const auto* v = std::get_if<Invite>(&m)) return game(v->settings.clock, v->settings.opening);
  if (const auto* v = std::get_if<Invited>(&m)) return game(v->settings.clock, v->settings.opening);
  return false;
}
// The payload lengths at which `m` (of payload length `len`) cut short is still a whole message
// of an older protocol: without its 1.3 tail, without its 1.1 tail, or without both.
std::vector<std::size_t> olderForms(const Message& m, std::size_t len) {
  if (const auto* v = std::get_if<View>(&m)) return olderForms(v->game, len);  // SYNC ends it
  if (const auto* r = std::get_if<Resume>(&m)) {
    const bool previous = r->previousOutcome != Outcome::Ongoing;
    if (!r->openingActs.empty()) {  // without the 1.4 tail (and the 0, 0 pair before it)
      const std::size_t acts = kResumedOpeningBytes;
      return previous ? std::vector<std::size_t>{len - acts, len - acts - 2}
                      : std::vector<std::size_t>{len - acts - 2};
    }
    return previous ? std::vector<std::size_t>{len - 2} : std::vector<std::size_t>{};
  }
  if (const auto* s = std::get_if<Sync>(&m); s && !s->openingActs.empty()) {
    Sync older = *s;  // without the 1.4 tail: as 1.3
    older.openingActs.clear();
    std::vector<std::size_t> forms = olderForms(older, len - kResumedOpeningBytes);
    forms.push_back(len - kResumedOpeningBytes);
    return forms;
  }
  if (const auto* s = std::get_if<Sync>(&m)) {
    const bool previous = s->previousOutcome != Outcome::Ongoing;
    if (!hasTail(m))
      return previous ? std::vector<std::size_t>{len - 2} : std::vector<std::size_t>{};
    return previous ? std::vector<std::size_t>{len - 23, len - 25}
                    : std::vector<std::size_t>{len - 25};
  }
  if (const auto* s = std::get_if<SetupMsg>(&m))  // (a timed opening needs its tail)
    return hasTail(m) && !s->openingTimed ? std::vector<std::size_t>{len - 14}
                                          : std::vector<std::size_t>{};
  if (const auto* v = std::get_if<Flag>(&m))
    return v->decision >= 0 ? std::vector<std::size_t>{len - 2} : std::vector<std::size_t>{};
  if (const auto* v = std::get_if<OpeningAct>(&m))
    return v->thinkMs >= 0 ? std::vector<std::size_t>{len - 4} : std::vector<std::size_t>{};
  if (const auto* v = std::get_if<Move>(&m))
    return v->thinkMs >= 0 ? std::vector<std::size_t>{len - 4} : std::vector<std::size_t>{};
  return {};
}
// Whether `m` has the last optional tail its type may end with (bytes after any other end are
// read as the next tail: refused as a bad or cut one, not as trailing bytes).
bool hasLastTail(const Message& m) {
  if (const auto* v = std::get_if<View>(&m)) return hasLastTail(v->game);
  if (const auto* r = std::get_if<Resume>(&m)) return !r->openingActs.empty();
  if (const auto* s = std::get_if<Sync>(&m)) return !s->openingActs.empty();
  return hasTail(m);
}
bool mayHaveTail(const Message& m) {
  return std::holds_alternative<Resume>(m) || std::holds_alternative<Sync>(m) ||
         std::holds_alternative<View>(m) || std::holds_alternative<SetupMsg>(m) ||
         std::holds_alternative<Move>(m) || std::holds_alternative<Flag>(m) ||
         std::holds_alternative<OpeningAct>(m) || std::holds_alternative<Login>(m) ||
         std::holds_alternative<Register>(m) || std::holds_alternative<Find>(m) ||
         std::holds_alternative<Matched>(m) || std::holds_alternative<RoomCreate>(m) ||
         std::holds_alternative<RoomCreated>(m) || std::holds_alternative<Invite>(m) ||
         std::holds_alternative<Invited>(m);
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
  // HELLO "张伟": major 1, minor 6, u16 length + version bytes, u16 length + UTF-8 nickname.
  Bytes hello8 = rawHeader(0x47, 0x4B, 1, 1, 17);
  const Bytes helloBody{0x01, 0x06, 0x00, 0x05, '0',  '.',  '1',  '.', '0',
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
  const std::vector<int> unknown{0, 6, 7, 15, 33, 100, 255};
  for (int t : unknown) {
    SCOPED_TRACE(t);
    EXPECT_EQ(decodeHeaderOnly(rawHeader(0x47, 0x4B, 1, static_cast<std::uint8_t>(t), 0)),
              DecodeError::UnknownType);
  }
  for (int t :
       {1, 2, 3, 4, 5, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32}) {
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
      const auto older = olderForms(m, full.length);
      if (std::find(older.begin(), older.end(), cut) != older.end()) continue;  // still whole
      SCOPED_TRACE("payload cut to " + std::to_string(cut) + " bytes");
      Header h = full;
      h.length = static_cast<std::uint32_t>(cut);
      const Bytes payload(bytes.begin() + kHeaderSize, bytes.begin() + kHeaderSize + cut);
      DecodeError e = DecodeError::None;
      const Message out = decodeBody(h, payload.data(), payload.size(), e);
      if (hasTail(m))  // a cut inside a tail may also leave a value that only a tail may hold
        EXPECT_NE(e, DecodeError::None);
      else
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
      // Two zero bytes after a FLAG of 1.3 are a FLAG of 1.6 (at decision 0).
      const auto* f = std::get_if<Flag>(&m);
      if (f && f->decision < 0 && extra == 2) continue;
      const Bytes payload = [&] {
        Bytes p(bytes.begin() + kHeaderSize, bytes.end());
        p.insert(p.end(), extra, 0);
        return p;
      }();
      // Bytes after a RESUME or SYNC of protocol 1.0 are read as the 1.1 tail: refused as a
      // cut or bad tail.
      if (mayHaveTail(m) && !hasLastTail(m))
        EXPECT_NE(decodePayload(typeOf(m), payload), DecodeError::None);
      else
        EXPECT_EQ(decodePayload(typeOf(m), payload), DecodeError::TrailingBytes);
    }
  }
}

TEST(Wire, ATimedOpeningNeedsAClockAndAnOpeningRule) {
  // Protocol 1.6: SETUP's colour byte with bit 1 (the opening on the clock).
  const Bytes base{15, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 1};
  EXPECT_EQ(decodePayload(MsgType::Setup, base), DecodeError::BadValue) << "no tail at all";
  const auto withTail = [&](std::uint8_t opening, std::uint8_t kind) {
    Bytes b = base;
    b.push_back(opening);
    b.push_back(kind);
    const Bytes times = kind == 1 ? Bytes{0, 9, 39, 192, 0, 0, 39, 16, 0, 0, 0, 0}  // 10m+10s
                                  : Bytes(12, 0);
    b.insert(b.end(), times.begin(), times.end());
    return b;
  };
  EXPECT_EQ(decodePayload(MsgType::Setup, withTail(3, 1)), DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::Setup, withTail(3, 0)), DecodeError::BadValue) << "no clock";
  EXPECT_EQ(decodePayload(MsgType::Setup, withTail(0, 1)), DecodeError::BadValue)
      << "no opening rule";
  Bytes four = withTail(3, 1);
  four[2] = 4;
  EXPECT_EQ(decodePayload(MsgType::Setup, four), DecodeError::BadValue) << "an unknown bit";
  // FLAG's decision and OPENING's time keep to their ranges.
  EXPECT_EQ(decodePayload(MsgType::Flag, {0, 4, 0, 32}), DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::Flag, {0, 4, 0, 33}), DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::Opening, {0, 0, 0, 7, 7, 0x05, 0x26, 0x5C, 0x00}),
            DecodeError::None);  // 86 400 000 ms
  EXPECT_EQ(decodePayload(MsgType::Opening, {0, 0, 0, 7, 7, 0x05, 0x26, 0x5C, 0x01}),
            DecodeError::BadValue);
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
  for (std::uint8_t t : {std::uint8_t{0}, std::uint8_t{6}, std::uint8_t{15}, std::uint8_t{33}}) {
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

// ---------------------------------------------------------------------------------------------
// Server messages (types 64..87, protocol 1.2)

TEST(WireServer, EveryServerMessageTypeIsSampled) {
  std::vector<bool> seen(256, false);
  for (const Message& m : serverSamples()) seen[static_cast<std::uint8_t>(typeOf(m))] = true;
  for (int t = kFirstServerType; t <= static_cast<int>(MsgType::Unwatch); ++t) {
    SCOPED_TRACE(typeName(static_cast<MsgType>(t)));
    EXPECT_TRUE(seen[static_cast<std::size_t>(t)]);
  }
}

TEST(WireServer, TypeNumbersNamesAndServerTypes) {
  EXPECT_EQ(kProtocolMinor, 6);
  const std::vector<std::pair<Message, const char*>> all = {
      {Welcome{}, "WELCOME"},
      {Register{}, "REGISTER"},
      {Login{}, "LOGIN"},
      {LoginResult{}, "LOGIN_RESULT"},
      {Stats{}, "STATS"},
      {Players{}, "PLAYERS"},
      {Top{}, "TOP"},
      {HallRequest{}, "HALL_REQUEST"},
      {Find{}, "FIND"},
      {CancelFind{}, "CANCEL_FIND"},
      {RoomCreate{}, "ROOM_CREATE"},
      {RoomCreated{}, "ROOM_CREATED"},
      {RoomJoin{}, "ROOM_JOIN"},
      {Invite{}, "INVITE"},
      {Invited{}, "INVITED"},
      {InviteReply{}, "INVITE_REPLY"},
      {Matched{}, "MATCHED"},
      {GameResult{}, "GAME_RESULT"},
      {GamesRequest{}, "GAMES_REQUEST"},
      {GameList{}, "GAME_LIST"},
      {GetGame{}, "GET_GAME"},
      {GameRecord{}, "GAME_RECORD"},
      {Denied{}, "DENIED"},
      {OpponentAway{}, "OPPONENT_AWAY"},
      {LiveRequest{}, "LIVE_REQUEST"},
      {LiveGames{}, "LIVE_GAMES"},
      {WatchGame{}, "WATCH_GAME"},
      {Unwatch{}, "UNWATCH"},
  };
  int expected = 64;
  for (const auto& [m, name] : all) {
    SCOPED_TRACE(name);
    EXPECT_EQ(static_cast<int>(typeOf(m)), expected++);
    EXPECT_STREQ(typeName(typeOf(m)), name);
    EXPECT_TRUE(isServerType(typeOf(m)));
    // The header of every server type is accepted.
    EXPECT_EQ(decodeHeaderOnly(rawHeader(0x47, 0x4B, 1, static_cast<std::uint8_t>(typeOf(m)), 0)),
              DecodeError::None);
  }
  for (const Message& m : matchSamples()) EXPECT_FALSE(isServerType(typeOf(m)));
  // Around the server range: unknown.
  for (int t : {33, 63, 92, 127}) {
    SCOPED_TRACE(t);
    EXPECT_EQ(decodeHeaderOnly(rawHeader(0x47, 0x4B, 1, static_cast<std::uint8_t>(t), 0)),
              DecodeError::UnknownType);
  }
}

TEST(WireServer, WelcomeLoginAndDeniedHaveExactBytes) {
  // WELCOME: major, minor, version string, server name string.
  Bytes welcome = rawHeader(0x47, 0x4B, 1, 64, 12);
  welcome.insert(welcome.end(), {0x01, 0x02, 0x00, 0x03, '0', '.', '1', 0x00, 0x03, 'g', 'k', 's'});
  EXPECT_EQ(encode(Welcome{1, 2, "0.1", "gks"}), welcome);

  // LOGIN: method (1 = token), name, secret.
  Bytes login = rawHeader(0x47, 0x4B, 1, 66, 10);
  login.insert(login.end(), {0x01, 0x00, 0x03, 'A', 'n', 'n', 0x00, 0x02, 'a', 'b'});
  EXPECT_EQ(encode(Login{LoginMethod::Token, "Ann", "ab"}), login);

  // LOGIN_RESULT: status, detail, name, token, stats (i32 score, u32 games, wins, draws), elo.
  Bytes result = rawHeader(0x47, 0x4B, 1, 67, 28);
  result.insert(result.end(), {0x00, 0x00, 0x00, 0x00, 0x02, 'A', 'n', 0x00, 0x02, 'f', 'f'});
  result.insert(result.end(), {0xFF, 0xFF, 0xFF, 0xE2,  // score -30, two's complement
                               0x00, 0x00, 0x00, 0x01,  // games
                               0x00, 0x00, 0x00, 0x00,  // wins
                               0x00, 0x00, 0x00, 0x01,  // draws
                               0x01});                  // elo
  EXPECT_EQ(encode(LoginResult{LoginStatus::Ok, "", "An", "ff", {-30, 1, 0, 1}, true}), result);

  // DENIED: request type (u8), code (u16), detail.
  Bytes denied = rawHeader(0x47, 0x4B, 1, 86, 7);
  denied.insert(denied.end(), {72, 0x00, 0x03, 0x00, 0x02, 'n', 'o'});
  EXPECT_EQ(encode(Denied{MsgType::Find, DenyCode::Busy, "no"}), denied);
  const Decoded d = decodeAll(denied);
  ASSERT_EQ(d.error(), DecodeError::None);
  EXPECT_TRUE((d.message == Message{Denied{MsgType::Find, DenyCode::Busy, "no"}}));

  // Empty requests have no payload.
  EXPECT_EQ(encode(HallRequest{}), rawHeader(0x47, 0x4B, 1, 71, 0));
  EXPECT_EQ(encode(CancelFind{}), rawHeader(0x47, 0x4B, 1, 73, 0));
  EXPECT_EQ(encode(GamesRequest{}), rawHeader(0x47, 0x4B, 1, 82, 0));
}

TEST(WireServer, MatchedGameResultAndRoomHaveExactBytes) {
  Bytes matched = rawHeader(0x47, 0x4B, 1, 80, 30);
  matched.insert(matched.end(), {0,    0,    0,    0,    0,   0, 0x01, 0x00,  // game id 256
                                 15,   2,    1,    0,          // 15, renju, a foul loses, white
                                 0x00, 0x03, 'B',  'o',  'b',  // opponent
                                 0x00, 0x00, 0x03, 0xF2,       // opponent's score 1010
                                 0x01,                         // rated
                                 0,    0,    0,    0,    0,   0, 0,    0x09});  // resume token 9
  EXPECT_EQ(encode(Matched{256, 15, Rule::Renju, FoulPolicy::Lose, false, "Bob", 1010, true, 9}),
            matched);

  Bytes result = rawHeader(0x47, 0x4B, 1, 81, 19);
  result.insert(result.end(), {0, 0, 0, 0, 0, 0, 0, 0x05,  // game id
                               2, 8, 1,                    // white wins, abandoned, rated
                               0x00, 0x00, 0x03, 0xE8,     // old score 1000
                               0x00, 0x00, 0x03, 0xCA});   // new score 970
  EXPECT_EQ(encode(GameResult{5, Outcome::WhiteWins, EndReason::Abandoned, true, 1000, 970}),
            result);

  Bytes created = rawHeader(0x47, 0x4B, 1, 75, 13);
  created.insert(created.end(), {0x00, 0x06, 'A', 'B', 'C', '2', '3', '4',  // code
                                 19, 0, 2, 0, 1});  // size 19, freestyle, random, refuse, rated
  EXPECT_EQ(encode(RoomCreated{"ABC234",
                               {19, Rule::Freestyle, SeatColor::Random, FoulPolicy::Refuse, true}}),
            created);

  // GAME_RECORD: the summary, the moves as in SYNC, then one u32 per move (no second count).
  GameRecord record{GameSummary{}, {{7, 7}}, {1500}};
  const Bytes bytes = encode(record);
  const Bytes tail(bytes.end() - 8, bytes.end());
  EXPECT_EQ(tail, (Bytes{0x00, 0x01, 7, 7, 0x00, 0x00, 0x05, 0xDC}));
}

TEST(WireServer, BadBooleansAreRefused) {
  // ROOM_JOIN: code, rated.
  for (std::uint8_t b : {std::uint8_t{2}, std::uint8_t{255}}) {
    SCOPED_TRACE(static_cast<int>(b));
    Bytes join;
    appendString(join, "ABC234");
    join.push_back(1);
    EXPECT_EQ(decodePayload(MsgType::RoomJoin, join), DecodeError::None);
    join.back() = b;
    EXPECT_EQ(decodePayload(MsgType::RoomJoin, join), DecodeError::BadValue);
    EXPECT_EQ(decodePayload(MsgType::OpponentAway, {b, 0, 0, 0, 5}), DecodeError::BadValue);
    EXPECT_EQ(decodePayload(MsgType::InviteReply, {0, 0, 0, 1, b, 0}), DecodeError::BadValue);
    EXPECT_EQ(decodePayload(MsgType::InviteReply, {0, 0, 0, 1, 1, b}), DecodeError::BadValue);
    EXPECT_EQ(decodePayload(MsgType::GameList, {b, 0, 0}), DecodeError::BadValue);
    // ROOM_CREATE: size, rule, colour, foul, rated.
    EXPECT_EQ(decodePayload(MsgType::RoomCreate, {15, 0, 0, 0, b}), DecodeError::BadValue);
  }
  EXPECT_EQ(decodePayload(MsgType::OpponentAway, {1, 0, 0, 0, 5}), DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::GameList, {1, 0, 0}), DecodeError::None);
}

TEST(WireServer, EnumsOutOfRangeAreRefused) {
  // FIND: rule 0..2.
  EXPECT_EQ(decodePayload(MsgType::Find, {2}), DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::Find, {3}), DecodeError::BadValue);
  // ROOM_CREATE: rule, seat colour 0..2, foul policy 0..1.
  EXPECT_EQ(decodePayload(MsgType::RoomCreate, {15, 2, 2, 1, 0}), DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::RoomCreate, {15, 3, 0, 0, 0}), DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::RoomCreate, {15, 0, 3, 0, 0}), DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::RoomCreate, {15, 0, 0, 2, 0}), DecodeError::BadValue);
  // LOGIN: method 0..1.
  auto login = [](std::uint8_t method) {
    Bytes b{method};
    appendString(b, "Ann");
    appendString(b, "secret12");
    return b;
  };
  EXPECT_EQ(decodePayload(MsgType::Login, login(1)), DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::Login, login(2)), DecodeError::BadValue);
  // LOGIN_RESULT: status 0..6.
  auto loginResult = [](std::uint8_t status) {
    Bytes b{status, 0, 0, 0, 0, 0, 0};  // status, three empty strings
    b.resize(b.size() + 16, 0);         // stats
    b.push_back(0);                     // elo
    return b;
  };
  EXPECT_EQ(decodePayload(MsgType::LoginResult, loginResult(6)), DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::LoginResult, loginResult(7)), DecodeError::BadValue);
  // PLAYERS: state 0..3.
  auto players = [](std::uint8_t state) {
    Bytes b{0, 0, 0, 1, 0, 1};  // total 1, one entry
    appendString(b, "Ann");
    b.insert(b.end(), {0, 0, 3, 0xE8, state});
    return b;
  };
  EXPECT_EQ(decodePayload(MsgType::Players, players(3)), DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::Players, players(4)), DecodeError::BadValue);
  // DENIED: a known request type; code 1..12.
  auto denied = [](std::uint8_t type, std::uint16_t code) {
    Bytes b{type, static_cast<std::uint8_t>(code >> 8), static_cast<std::uint8_t>(code), 0, 0};
    return b;
  };
  EXPECT_EQ(decodePayload(MsgType::Denied, denied(72, 1)), DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::Denied, denied(72, 12)), DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::Denied, denied(72, 0)), DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::Denied, denied(72, 13)), DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::Denied, denied(72, 0x0101)), DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::Denied, denied(99, 3)), DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::Denied, denied(0, 3)), DecodeError::BadValue);
  // MATCHED: rule, foul.
  auto matched = [](std::uint8_t rule, std::uint8_t foul) {
    Bytes b(8, 0);  // game id
    b.insert(b.end(), {15, rule, foul, 1});
    appendString(b, "Bob");
    b.insert(b.end(), {0, 0, 0, 0, 0});
    b.resize(b.size() + 8, 0);  // resume token
    return b;
  };
  EXPECT_EQ(decodePayload(MsgType::Matched, matched(2, 1)), DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::Matched, matched(3, 1)), DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::Matched, matched(2, 2)), DecodeError::BadValue);
}

TEST(WireServer, ResultsNeedAnOutcomeAndAReasonTogether) {
  auto result = [](std::uint8_t outcome, std::uint8_t reason) {
    Bytes b(8, 0);  // game id
    b.insert(b.end(), {outcome, reason, 0});
    b.resize(b.size() + 8, 0);  // scores
    return b;
  };
  EXPECT_EQ(decodePayload(MsgType::GameResult, result(1, 1)), DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::GameResult, result(4, 8)), DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::GameResult, result(0, 0)), DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::GameResult, result(1, 0)), DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::GameResult, result(0, 3)), DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::GameResult, result(5, 3)), DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::GameResult, result(2, 9)), DecodeError::None);  // on time
  EXPECT_EQ(decodePayload(MsgType::GameResult, result(1, 10)), DecodeError::BadValue);
  // The same in a game summary (GAME_LIST).
  Bytes list = encode(GameList{
      true,
      {GameSummary{1, 2, "A", "B", Rule::Freestyle, 15, Outcome::Draw, EndReason::Agreement}}});
  Bytes payload(list.begin() + kHeaderSize, list.end());
  EXPECT_EQ(decodePayload(MsgType::GameList, payload), DecodeError::None);
  const std::size_t outcomeAt = 1 + 2 + 8 + 8 + 3 + 3 + 1 + 1;  // last, count, id, ended, A, B
  ASSERT_EQ(payload[outcomeAt], 3);
  payload[outcomeAt + 1] = 0;
  EXPECT_EQ(decodePayload(MsgType::GameList, payload), DecodeError::BadValue);
}

TEST(WireServer, ListsOverTheirLimitsAreRefused) {
  // PLAYERS: at most 30 entries.
  auto players = [](int n) {
    Bytes b{0, 0, 0, 99, 0, static_cast<std::uint8_t>(n)};
    for (int i = 0; i < n; ++i) {
      appendString(b, "p");
      b.insert(b.end(), {0, 0, 0, 0, 1});
    }
    return b;
  };
  EXPECT_EQ(decodePayload(MsgType::Players, players(30)), DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::Players, players(31)), DecodeError::BadValue);
  // TOP: at most 20.
  auto top = [](int n) {
    Bytes b{0, static_cast<std::uint8_t>(n)};
    for (int i = 0; i < n; ++i) {
      b.insert(b.end(), {0, 1});
      appendString(b, "t");
      b.resize(b.size() + 12, 0);
    }
    return b;
  };
  EXPECT_EQ(decodePayload(MsgType::Top, top(20)), DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::Top, top(21)), DecodeError::BadValue);
  // GAME_LIST: at most 20; a count of 0xFFFF is refused before any item is read.
  EXPECT_EQ(decodePayload(MsgType::GameList, {1, 0, 21}), DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::GameList, {1, 0xFF, 0xFF}), DecodeError::BadValue);
  // GAME_RECORD: at most 625 moves.
  Bytes record = encode(GameRecord{});
  Bytes body(record.begin() + kHeaderSize, record.end());
  body[body.size() - 2] = 0x02;
  body[body.size() - 1] = 0x72;  // 626 moves announced
  body.resize(body.size() + 6 * 626, 0);
  EXPECT_EQ(decodePayload(MsgType::GameRecord, body), DecodeError::BadValue);

  // encode() refuses what the wire cannot carry.
  Players many;
  many.players.resize(kMaxPlayersListed + 1, PlayerEntry{"p", 0, PlayerState::Hall});
  EXPECT_THROW(encode(many), std::length_error);
  Top tooHigh;
  tooHigh.entries.resize(kMaxTopEntries + 1);
  EXPECT_THROW(encode(tooHigh), std::length_error);
  GameList tooLong;
  tooLong.games.resize(kMaxGamesListed + 1);
  EXPECT_THROW(encode(tooLong), std::length_error);
  GameRecord huge;
  huge.moves.resize(kMaxSyncMoves + 1);
  huge.moveMillis.resize(kMaxSyncMoves + 1);
  EXPECT_THROW(encode(huge), std::length_error);
  GameRecord uneven;
  uneven.moves.resize(3);
  uneven.moveMillis.resize(2);
  EXPECT_THROW(encode(uneven), std::length_error);
}

TEST(WireServer, StringsOverTheirLimitsOrBadUtf8AreRefused) {
  auto reg = [](const std::string& name, const std::string& password) {
    Bytes b;
    appendString(b, name);
    appendString(b, password);
    return b;
  };
  EXPECT_EQ(decodePayload(MsgType::Register, reg(std::string(80, 'n'), std::string(1024, 'p'))),
            DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::Register, reg(std::string(81, 'n'), "password")),
            DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::Register, reg("Ann", std::string(1025, 'p'))),
            DecodeError::BadValue);
  for (const std::string& bad : {std::string("bad\xFF"), std::string("\xC3"),
                                 std::string("\xED\xA0\x80"), std::string("\xC0\xAF")}) {
    EXPECT_EQ(decodePayload(MsgType::Register, reg(bad, "password")), DecodeError::BadValue);
    EXPECT_EQ(decodePayload(MsgType::Register, reg("Ann", bad)), DecodeError::BadValue);
    Bytes denied{72, 0, 3};
    appendString(denied, bad);
    EXPECT_EQ(decodePayload(MsgType::Denied, denied), DecodeError::BadValue);
    Bytes welcome{1, 2};
    appendString(welcome, "0.1");
    appendString(welcome, bad);
    EXPECT_EQ(decodePayload(MsgType::Welcome, welcome), DecodeError::BadValue);
    Bytes join;
    appendString(join, bad);
    join.push_back(0);
    EXPECT_EQ(decodePayload(MsgType::RoomJoin, join), DecodeError::BadValue);
  }
  // WELCOME: server name at most 64 bytes; ROOM_JOIN: code at most 16; DENIED detail 200.
  Bytes welcome{1, 2};
  appendString(welcome, "0.1");
  appendString(welcome, std::string(65, 's'));
  EXPECT_EQ(decodePayload(MsgType::Welcome, welcome), DecodeError::BadValue);
  Bytes join;
  appendString(join, std::string(17, 'A'));
  join.push_back(0);
  EXPECT_EQ(decodePayload(MsgType::RoomJoin, join), DecodeError::BadValue);
  Bytes denied{72, 0, 3};
  appendString(denied, std::string(201, 'd'));
  EXPECT_EQ(decodePayload(MsgType::Denied, denied), DecodeError::BadValue);

  EXPECT_THROW(encode(Register{std::string(81, 'n'), "password"}), std::length_error);
  EXPECT_THROW(encode(Login{LoginMethod::Password, "Ann", std::string(1025, 'p')}),
               std::length_error);
  EXPECT_THROW(encode(Welcome{1, 2, "0.1", std::string(65, 's')}), std::length_error);
  EXPECT_THROW(encode(LoginResult{LoginStatus::Ok, "", "Ann", std::string(129, 'f'), {}, false}),
               std::length_error);
  EXPECT_THROW(encode(Denied{MsgType::Find, DenyCode::Busy, std::string(201, 'd')}),
               std::length_error);
}

TEST(WireServer, TheLargestMessagesFitThePayloadLimit) {
  const std::string longName = repeat("😀", 20);  // 80 bytes: the longest name
  GameSummary big{
      ~0ull,           -1,   longName,        longName,   Rule::Renju, 25, Outcome::BlackWins,
      EndReason::Five, true, -2147483647 - 1, 2147483647, 65535};
  GameRecord record{big, {}, {}};
  record.moves.resize(kMaxSyncMoves, SyncPoint{24, 24});
  record.moveMillis.resize(kMaxSyncMoves, 0xFFFFFFFFu);
  GameList list{true, std::vector<GameSummary>(kMaxGamesListed, big)};
  Players players{1, std::vector<PlayerEntry>(kMaxPlayersListed, {longName, 1, PlayerState::Hall})};
  Top top{std::vector<TopEntry>(kMaxTopEntries, TopEntry{20, longName, 1, 2, 3})};
  for (const Message& m : std::vector<Message>{record, list, players, top}) {
    SCOPED_TRACE(describe(m));
    const Bytes bytes = encode(m);
    EXPECT_LE(bytes.size() - kHeaderSize, kMaxPayload);
    const Decoded d = decodeAll(bytes);
    ASSERT_EQ(d.error(), DecodeError::None);
    EXPECT_TRUE(d.message == m);
  }
}

TEST(WireServer, GameRecordWithTooFewMoveTimesIsRefused) {
  const Bytes bytes = encode(GameRecord{GameSummary{}, {{7, 7}, {8, 8}}, {10, 20}});
  Bytes body(bytes.begin() + kHeaderSize, bytes.end());
  EXPECT_EQ(decodePayload(MsgType::GameRecord, body), DecodeError::None);
  body.resize(body.size() - 4);  // one move time missing
  EXPECT_EQ(decodePayload(MsgType::GameRecord, body), DecodeError::Truncated);
}

TEST(Wire, ClockFieldsHaveExactBytesAndRanges) {
  // MOVE with protocol 1.3's thinking time: ply, x, y, u32 milliseconds.
  Bytes move = rawHeader(0x47, 0x4B, 1, 3, 8);
  for (std::uint8_t b : {0x00, 0x02, 0x07, 0x09, 0x00, 0x01, 0x00, 0x02}) move.push_back(b);
  EXPECT_EQ(encode(Move{2, 7, 9, 65538}), move);
  // FLAG: type 27, u16 atPly.
  Bytes flag = rawHeader(0x47, 0x4B, 1, 27, 2);
  flag.push_back(0x01);
  flag.push_back(0x02);
  EXPECT_EQ(encode(Flag{258}), flag);
  // SETUP with a clock: the five fields of 1.0, then u8 opening rule, u8 kind, u32 base,
  // increment, move.
  const Bytes setup =
      encode(SetupMsg{15, Rule::Freestyle, true, FoulPolicy::Refuse, 0,
                      TimeControl{ClockKind::Fischer, 300000, 5000, 0}, OpeningRule::Swap2});
  ASSERT_EQ(setup.size(), kHeaderSize + 12 + 14);
  const Bytes tail(setup.begin() + kHeaderSize + 12, setup.end());
  EXPECT_EQ(tail, (Bytes{2, 1, 0x00, 0x04, 0x93, 0xE0, 0x00, 0x00, 0x13, 0x88, 0, 0, 0, 0}));

  // Each kind with the fields it uses; anything else is refused.
  const auto setupWith = [](std::uint8_t kind, std::uint32_t base, std::uint32_t inc,
                            std::uint32_t mv) {
    Bytes p = encode(SetupMsg{});
    p.erase(p.begin(), p.begin() + kHeaderSize);
    p.push_back(1);  // swap
    p.push_back(kind);
    for (std::uint32_t v : {base, inc, mv})
      for (int shift = 24; shift >= 0; shift -= 8)
        p.push_back(static_cast<std::uint8_t>(v >> shift));
    return p;
  };
  EXPECT_EQ(decodePayload(MsgType::Setup, setupWith(1, 300000, 5000, 0)), DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::Setup, setupWith(2, 0, 0, 30000)), DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::Setup, setupWith(3, 0, 0, 100)), DecodeError::None);
  EXPECT_EQ(decodePayload(MsgType::Setup, setupWith(0, 0, 0, 0)), DecodeError::None);  // swap
  EXPECT_EQ(decodePayload(MsgType::Setup, setupWith(0, 0, 0, 5)), DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::Setup, setupWith(4, 1000, 0, 0)), DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::Setup, setupWith(1, 99, 0, 0)), DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::Setup, setupWith(1, 1000, 0, 5)), DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::Setup, setupWith(2, 1000, 0, 30000)), DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::Setup, setupWith(3, 1000, 5, 30000)), DecodeError::BadValue);
  EXPECT_EQ(decodePayload(MsgType::Setup, setupWith(1, 86400001, 0, 0)), DecodeError::BadValue);

  // A tail that says neither an opening nor a clock, or an unknown opening rule, is refused.
  Bytes neither = setupWith(0, 0, 0, 0);
  neither[12] = 0;
  EXPECT_EQ(decodePayload(MsgType::Setup, neither), DecodeError::BadValue);
  neither[12] = 5;
  EXPECT_EQ(decodePayload(MsgType::Setup, neither), DecodeError::BadValue);

  // OPENING: an offer of more than ten points, a declaration of 0, an unknown action or choice.
  const auto opening = [](Bytes body) { return decodePayload(MsgType::Opening, body); };
  EXPECT_EQ(opening({0, 1, 2, 0}), DecodeError::BadValue);            // declare 0
  EXPECT_EQ(opening({0, 1, 3, 11}), DecodeError::BadValue);           // offer 11
  EXPECT_EQ(opening({0, 1, 5, 0, 0}), DecodeError::BadValue);         // action 5
  EXPECT_EQ(opening({0, 1, 1, 7}), DecodeError::BadValue);            // choice 7
  EXPECT_EQ(opening({0, 1, 3, 2, 1, 1, 2}), DecodeError::Truncated);  // two points promised
  EXPECT_EQ(opening({0, 1, 0, 7, 7}), DecodeError::None);

  // A thinking time beyond 24 h is refused.
  Bytes late = encode(Move{0, 7, 7, 86400000});
  late.erase(late.begin(), late.begin() + kHeaderSize);
  EXPECT_EQ(decodePayload(MsgType::Move, late), DecodeError::None);
  late.back() = 0x01;  // 86400000 = 0x05265C00 -> 0x05265C01
  EXPECT_EQ(decodePayload(MsgType::Move, late), DecodeError::BadValue);
}

TEST(Wire, SyncSaysNothingAboutThePreviousGameOnlyBeforeAClock) {
  // Since 1.3 a SYNC with a clock always carries the pair before it, 0, 0 when there is
  // nothing to say; a 0, 0 pair without a clock after it is refused.
  Sync s{1, SetupMsg{}, "Ann", Outcome::Ongoing, EndReason::None, {}};
  Bytes plain = encode(s);
  plain.erase(plain.begin(), plain.begin() + kHeaderSize);
  Bytes zeros = plain;
  zeros.push_back(0);
  zeros.push_back(0);
  EXPECT_EQ(decodePayload(MsgType::Sync, zeros), DecodeError::BadValue);
  s.setup.clock = TimeControl{ClockKind::PerMove, 0, 0, 30000};
  s.blackMainMs = s.whiteMainMs = 30000;
  const Bytes withClock = encode(s);
  const Decoded d = decodeAll(withClock);
  ASSERT_EQ(d.error(), DecodeError::None);
  EXPECT_TRUE((d.message == Message{s}));
}

TEST(WireServer, TimeControlsOfTheHallAreOptionalTails) {
  const TimeControl fischer{ClockKind::Fischer, 300000, 5000, 0};
  // FIND: u8 rule, then (1.3, when set) u8 opening rule and the time control.
  Bytes find = rawHeader(0x47, 0x4B, 1, 72, 15);
  find.insert(find.end(), {1, 0, 1, 0x00, 0x04, 0x93, 0xE0, 0x00, 0x00, 0x13, 0x88, 0, 0, 0, 0});
  EXPECT_EQ(encode(Find{Rule::Standard, fischer}), find);
  EXPECT_EQ(encode(Find{Rule::Standard}).size(), kHeaderSize + 1) << "no clock: as in 1.2";
  // Room settings, INVITE, INVITED, ROOM_CREATED and MATCHED end with the same tail.
  RoomSettings rs;
  rs.clock = TimeControl{ClockKind::PerMove, 0, 0, 2000};
  for (const Message& m : std::vector<Message>{
           Find{Rule::Renju, fischer}, RoomCreate{rs}, RoomCreated{"ABCDEF", rs}, Invite{"Bob", rs},
           Invited{7, "Ann", 1000, rs},
           Matched{1, 15, Rule::Freestyle, FoulPolicy::Refuse, true, "Bob", 990, true, 0, fischer},
           Login{LoginMethod::Password, "Ann", "secret", kProtocolMinor},
           Register{"Ann", "password1", kProtocolMinor}}) {
    SCOPED_TRACE(typeName(typeOf(m)));
    const Decoded d = decodeAll(encode(m));
    ASSERT_EQ(d.error(), DecodeError::None);
    EXPECT_TRUE(d.message == m);
  }
  // The tail's rules are SETUP's: neither a clock nor an opening rule, a bad control or an
  // unknown opening rule is refused.
  const auto findWith = [](Bytes tail) {
    Bytes p{0};
    p.insert(p.end(), tail.begin(), tail.end());
    return decodePayload(MsgType::Find, p);
  };
  EXPECT_EQ(findWith({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}), DecodeError::BadValue);
  EXPECT_EQ(findWith({0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 50}), DecodeError::BadValue);
  EXPECT_EQ(findWith({5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}), DecodeError::BadValue);
  EXPECT_EQ(findWith({1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}), DecodeError::None);  // swap
  EXPECT_EQ(findWith({0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x07}), DecodeError::Truncated);
  // LOGIN's minor: present only when not 0.
  Bytes login = encode(Login{LoginMethod::Password, "Ann", "pw", 3});
  login.erase(login.begin(), login.begin() + kHeaderSize);
  EXPECT_EQ(login.back(), 3);
  EXPECT_EQ(decodePayload(MsgType::Login, login), DecodeError::None);
  login.back() = 0;
  EXPECT_EQ(decodePayload(MsgType::Login, login), DecodeError::BadValue);
  login.pop_back();
  EXPECT_EQ(decodePayload(MsgType::Login, login), DecodeError::None) << "a 1.2 client";
}

TEST(Wire, ResumeAndSyncCarryTheOpeningDecisionsAsAnOptionalTail) {
  // RESUME (protocol 1.4): after the move list the pair of 1.1, 0, 0 when there is nothing to
  // say, then u8 count and each decision as OPENING's payload.
  const std::vector<OpeningAct> two = {
      OpeningAct{0, OpeningAction::Place, {{7, 7}}, OpeningChoice::Keep, 0},
      OpeningAct{1, OpeningAction::Choose, {}, OpeningChoice::TakeWhite, 0}};
  Bytes resume = rawHeader(0x47, 0x4B, 1, 25, 26);
  resume.insert(resume.end(), {0, 0, 0, 0, 0, 0, 0, 0x2A, 0x00, 0x01, 0x00, 0x01, 7, 7});
  resume.insert(resume.end(), {0, 0, 2, 0, 0, 0, 7, 7, 0, 1, 1, 3});
  const Resume withActs{42, 1, {{7, 7}}, Outcome::Ongoing, EndReason::None, two};
  EXPECT_EQ(encode(withActs), resume);
  Decoded d = decodeAll(resume);
  ASSERT_EQ(d.error(), DecodeError::None);
  EXPECT_TRUE((d.message == Message{withActs}));
  // Absent (an older joiner, or no decision yet): as before, and read as none.
  const Resume without{42, 1, {{7, 7}}};
  EXPECT_EQ(encode(without).size(), kHeaderSize + 14);
  d = decodeAll(encode(without));
  ASSERT_EQ(d.error(), DecodeError::None);
  EXPECT_TRUE(std::get<Resume>(d.message).openingActs.empty());

  const auto payload = [](const Message& m) {
    Bytes p = encode(m);
    p.erase(p.begin(), p.begin() + kHeaderSize);
    return p;
  };
  // A count of 0, more than kMaxOpeningActs, or a decision numbered out of order is refused.
  Bytes p = payload(withActs);
  p[16] = 0;
  EXPECT_EQ(decodePayload(MsgType::Resume, p), DecodeError::BadValue);
  p[16] = static_cast<std::uint8_t>(kMaxOpeningActs + 1);
  EXPECT_EQ(decodePayload(MsgType::Resume, p), DecodeError::BadValue);
  p = payload(withActs);
  p[23] = 2;  // the second decision's seq (low byte)
  EXPECT_EQ(decodePayload(MsgType::Resume, p), DecodeError::BadValue);
  p = payload(withActs);
  p[16] = 3;  // says three, holds two
  EXPECT_EQ(decodePayload(MsgType::Resume, p), DecodeError::Truncated);
  Resume tooMany = withActs;
  tooMany.openingActs.resize(kMaxOpeningActs + 1, two[1]);
  EXPECT_THROW(encode(tooMany), std::length_error);

  // SYNC: after the 1.3 tail (host plays Black); never without an opening rule.
  Sync s{
      1,
      SetupMsg{15, Rule::Freestyle, true, FoulPolicy::Refuse, 5, TimeControl{}, OpeningRule::Swap},
      "Ann",
      Outcome::Ongoing,
      EndReason::None,
      {{7, 7}}};
  const std::size_t before = payload(s).size();
  s.openingActs = two;
  const Bytes sync = payload(s);
  ASSERT_EQ(sync.size(), before + 1 + 5 + 4);
  EXPECT_EQ(sync[before], 2);
  d = decodeAll(encode(s));
  ASSERT_EQ(d.error(), DecodeError::None);
  EXPECT_TRUE((d.message == Message{s}));
  Sync noRule = s;
  noRule.setup.opening = OpeningRule::None;
  noRule.setup.clock = TimeControl{ClockKind::PerMove, 0, 0, 30000};
  Bytes forged = payload(noRule);  // the same decisions after a clock's tail
  EXPECT_EQ(decodePayload(MsgType::Sync, forged), DecodeError::BadValue);
  noRule.setup.clock = TimeControl{};
  EXPECT_THROW(encode(noRule), std::invalid_argument);
}

// ---------------------------------------------------------------------------------------------
// Watchers (protocol 1.5)

TEST(WireWatchers, TypeNumbersAndNames) {
  EXPECT_EQ(typeOf(Watch{}), MsgType::Watch);
  EXPECT_EQ(static_cast<int>(MsgType::Watch), 29);
  EXPECT_EQ(static_cast<int>(MsgType::View), 30);
  EXPECT_EQ(static_cast<int>(MsgType::WatchChat), 31);
  EXPECT_EQ(static_cast<int>(MsgType::Watchers), 32);
  EXPECT_STREQ(typeName(MsgType::Watch), "WATCH");
  EXPECT_STREQ(typeName(MsgType::View), "VIEW");
  EXPECT_STREQ(typeName(MsgType::WatchChat), "WATCH_CHAT");
  EXPECT_STREQ(typeName(MsgType::Watchers), "WATCHERS");
  EXPECT_FALSE(isServerType(MsgType::Watchers));
}

TEST(WireWatchers, ViewFieldsOutOfRangeAreRefused) {
  const Bytes good = encode(watchedView());
  const Bytes payload(good.begin() + kHeaderSize, good.end());
  ASSERT_EQ(decodePayload(MsgType::View, payload), DecodeError::None);
  auto changed = [&](std::size_t at, std::uint8_t value) {
    Bytes p = payload;
    p[at] = value;
    return decodePayload(MsgType::View, p);
  };
  EXPECT_EQ(changed(0, 3), DecodeError::BadValue);  // no fourth state
  EXPECT_EQ(changed(1, 4), DecodeError::BadValue);  // an unknown flag
  const std::size_t side = 4 + 2 + 3;               // state, flags, watchers, "Bob"
  EXPECT_EQ(changed(side, 3), DecodeError::BadValue);
  EXPECT_EQ(changed(side, 0), DecodeError::BadValue);         // a running clock needs its side
  EXPECT_EQ(changed(side + 1, 0xFF), DecodeError::BadValue);  // a move time above a day
  // A VIEW carries no resume token (a watcher must never learn it).
  View withToken = watchedView();
  withToken.game.setup.token = 9;
  const Bytes t = encode(withToken);
  EXPECT_EQ(decodePayload(MsgType::View, Bytes(t.begin() + kHeaderSize, t.end())),
            DecodeError::BadValue);
  // Nor a previous game's result.
  View previous = watchedView();
  previous.game.game = 5;
  previous.game.previousOutcome = Outcome::Draw;
  previous.game.previousReason = EndReason::Agreement;
  const Bytes q = encode(previous);
  EXPECT_EQ(decodePayload(MsgType::View, Bytes(q.begin() + kHeaderSize, q.end())),
            DecodeError::BadValue);
  // The encoder refuses a negative move time.
  View negative = watchedView();
  negative.clockUsedMs = -1;
  EXPECT_THROW(encode(negative), std::invalid_argument);
}

TEST(WireWatchers, WatchAndChatAreCheckedAsHelloAndChat) {
  Bytes p{kProtocolMajor, kProtocolMinor};
  appendString(p, "0.1.0");
  appendString(p, "   ");  // a blank nickname
  EXPECT_EQ(decodePayload(MsgType::Watch, p), DecodeError::BadValue);
  Bytes chat;
  appendString(chat, "Ann");
  chat.push_back(2);  // player is 0 or 1
  appendString(chat, "hi");
  EXPECT_EQ(decodePayload(MsgType::WatchChat, chat), DecodeError::BadValue);
  Bytes longLine;
  appendString(longLine, "");
  longLine.push_back(0);
  appendString(longLine, std::string(kMaxChatBytes + 1, 'x'));
  EXPECT_EQ(decodePayload(MsgType::WatchChat, longLine), DecodeError::BadValue);
}
