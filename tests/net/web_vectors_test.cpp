// The protocol vectors shared with the browser client (tests/web/vectors.json): the bytes the
// C++ encoder writes for a set of messages covering every type, and invalid byte strings with
// the decode error each must give. tests/web/protocol.test.mjs checks the page's encoder
// (res/web/js/protocol.js) against the same bytes and decodes them; this test checks that
// net::encode still writes exactly them and that net::decode reads them back (and refuses the
// invalid ones with the same error). GOMOKU_WRITE_VECTORS=1 rewrites the file.
#include <cstdlib>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "net/wire.h"

using namespace gomoku;
using namespace gomoku::net;

namespace {

struct Vector {
  std::string name;
  Message message;
};

RoomSettings settings(std::uint8_t size, Rule rule, SeatColor c, FoulPolicy f, bool rated) {
  RoomSettings s;
  s.boardSize = size;
  s.rule = rule;
  s.color = c;
  s.foul = f;
  s.rated = rated;
  return s;
}

GameSummary summary() {
  GameSummary g;
  g.id = 9007199254740993ULL;  // above 2^53: a JS Number would lose it
  g.endedAt = -1;
  g.black = "小明";
  g.white = "Bob";
  g.rule = Rule::Renju;
  g.boardSize = 15;
  g.outcome = Outcome::WhiteWins;
  g.reason = EndReason::Foul;
  g.rated = true;
  g.blackDelta = -30;
  g.whiteDelta = 30;
  g.moves = 23;
  return g;
}

// The messages, by name (the JS test holds the same messages as objects under these names).
std::vector<Vector> vectors() {
  std::vector<Vector> v;
  v.push_back({"hello", Hello{1, 2, "0.9.0", "小明"}});
  v.push_back({"setup", Setup{15, Rule::Renju, false, FoulPolicy::Lose, 0xFFFFFFFFFFFFFFFFULL}});
  v.push_back({"move", Move{65535, 14, 0}});
  v.push_back({"bye", Bye{ByeReason::Closing, "bye 再见"}});
  v.push_back({"error", Error{ErrorCode::Limit, "too many messages"}});
  v.push_back({"takeback_request", TakebackRequest{5, 3}});
  v.push_back({"takeback_reply", TakebackReply{5, true}});
  v.push_back({"draw_offer", DrawOffer{12}});
  v.push_back({"draw_reply", DrawReply{12, false}});
  v.push_back({"resign", Resign{7}});
  v.push_back({"nickname", Nickname{"Ａｌｉｃｅ"}});
  v.push_back({"play_again", PlayAgain{2, false}});
  v.push_back({"chat", Chat{"<img src=x onerror=alert(1)> 你好"}});
  v.push_back({"heartbeat", Heartbeat{}});
  v.push_back({"resume_empty", Resume{1, 0, {}, Outcome::Ongoing, EndReason::None}});
  v.push_back(
      {"resume_previous",
       Resume{123456789012345ULL, 3, {{7, 7}, {8, 8}}, Outcome::Draw, EndReason::Agreement}});
  Sync s;
  s.game = 2;
  s.setup = Setup{15, Rule::Freestyle, true, FoulPolicy::Refuse, 42};
  s.hostNickname = "host";
  s.outcome = Outcome::BlackWins;
  s.reason = EndReason::Resignation;
  s.moves = {{0, 0}, {14, 14}, {7, 7}};
  v.push_back({"sync", s});
  s.previousOutcome = Outcome::WhiteWins;
  s.previousReason = EndReason::Five;
  v.push_back({"sync_previous", s});
  v.push_back({"welcome", Welcome{1, 2, "0.9.0", "Gomoku 五子棋 server"}});
  v.push_back({"register", Register{"小明", "password with spaces"}});
  v.push_back({"login_password", Login{LoginMethod::Password, "bob", "secret123"}});
  v.push_back({"login_token", Login{LoginMethod::Token, "bob", std::string(64, 'a')}});
  LoginResult ok;
  ok.status = LoginStatus::Ok;
  ok.name = "Bob";
  ok.token = std::string(64, 'f');
  ok.stats = PlayerStats{-5, 4000000000U, 3, 1};
  ok.elo = true;
  v.push_back({"login_result_ok", ok});
  LoginResult refused;
  refused.status = LoginStatus::BadName;
  refused.detail = "a name has 2 to 20 letters or digits";
  v.push_back({"login_result_bad_name", refused});
  v.push_back({"stats", Stats{"小明", PlayerStats{1030, 1, 1, 0}, false}});
  Players players;
  players.total = 123456;
  players.players = {{"a1", 1000, PlayerState::Hall},
                     {"小明", -20, PlayerState::Playing},
                     {"zz", 2147483647, PlayerState::Finding}};
  v.push_back({"players", players});
  v.push_back({"players_empty", Players{}});
  Top top;
  top.entries = {{1, "best", 1500, 20, 19}, {2, "第二", 1400, 10, 7}};
  v.push_back({"top", top});
  v.push_back({"hall_request", HallRequest{}});
  v.push_back({"find", Find{Rule::Standard}});
  v.push_back({"cancel_find", CancelFind{}});
  v.push_back({"room_create", RoomCreate{settings(19, Rule::Freestyle, SeatColor::Random,
                                                  FoulPolicy::Refuse, true)}});
  v.push_back({"room_created", RoomCreated{"AB12CD", settings(15, Rule::Renju, SeatColor::White,
                                                              FoulPolicy::Lose, false)}});
  v.push_back({"room_join", RoomJoin{"ab12cd", true}});
  v.push_back({"invite", Invite{"小明", settings(15, Rule::Standard, SeatColor::Black,
                                                 FoulPolicy::Refuse, true)}});
  v.push_back({"invited", Invited{4294967295U, "Bob", -100,
                                  settings(15, Rule::Freestyle, SeatColor::Black,
                                           FoulPolicy::Refuse, false)}});
  v.push_back({"invite_reply", InviteReply{17, true, false}});
  Matched m;
  m.gameId = 18446744073709551615ULL;
  m.boardSize = 15;
  m.rule = Rule::Renju;
  m.foul = FoulPolicy::Refuse;
  m.youAreBlack = false;
  m.opponent = "小明";
  m.opponentScore = 970;
  m.rated = true;
  m.resumeToken = 77;
  v.push_back({"matched", m});
  v.push_back(
      {"game_result", GameResult{5, Outcome::Draw, EndReason::Agreement, true, 1000, 1000}});
  v.push_back({"game_result_interrupted",
               GameResult{6, Outcome::Interrupted, EndReason::Disconnected, false, -3, -3}});
  v.push_back({"games_request", GamesRequest{}});
  v.push_back({"game_list", GameList{false, {summary(), summary()}}});
  v.push_back({"game_list_empty", GameList{true, {}}});
  v.push_back({"get_game", GetGame{9007199254740993ULL}});
  v.push_back({"game_record", GameRecord{summary(), {{7, 7}, {8, 7}}, {0, 4294967295U}}});
  v.push_back({"denied", Denied{MsgType::Invite, DenyCode::InviteDeclined, "declined"}});
  v.push_back({"opponent_away", OpponentAway{true, 180}});
  v.push_back({"opponent_back", OpponentAway{false, 0}});
  // Protocol 1.3: clocks and opening rules.
  const TimeControl fischer{ClockKind::Fischer, 300000, 5000, 0};
  const TimeControl perMove{ClockKind::PerMove, 0, 0, 30000};
  v.push_back({"setup_clock", Setup{15, Rule::Freestyle, true, FoulPolicy::Refuse, 9, fischer,
                                    OpeningRule::Swap2}});
  v.push_back({"move_think", Move{4, 7, 8, 86400000}});
  v.push_back({"flag", Flag{258}});
  OpeningAct place;
  place.seq = 2;
  place.action = OpeningAction::Place;
  place.points = {{7, 7}};
  v.push_back({"opening_place", place});
  OpeningAct choose;
  choose.seq = 3;
  choose.action = OpeningAction::Choose;
  choose.choice = OpeningChoice::PlaceTwo;
  v.push_back({"opening_choose", choose});
  OpeningAct offer;
  offer.seq = 7;
  offer.action = OpeningAction::Offer;
  offer.points = {{1, 2}, {3, 4}};
  v.push_back({"opening_offer", offer});
  Sync sc = s;
  sc.setup.clock = perMove;
  sc.previousOutcome = Outcome::Ongoing;
  sc.previousReason = EndReason::None;
  sc.blackMainMs = 30000;
  sc.whiteMainMs = 29000;
  sc.hostPlaysBlack = false;
  v.push_back({"sync_clock", sc});
  v.push_back({"find_clock", Find{Rule::Freestyle, perMove}});
  RoomSettings rs = settings(15, Rule::Standard, SeatColor::White, FoulPolicy::Refuse, true);
  rs.clock = fischer;
  v.push_back({"room_create_clock", RoomCreate{rs}});
  Matched mc = m;
  mc.resumeToken = 0;
  mc.clock = fischer;
  v.push_back({"matched_clock", mc});
  v.push_back({"login_minor", Login{LoginMethod::Password, "bob", "secret123", 3}});
  v.push_back(
      {"game_result_time", GameResult{8, Outcome::WhiteWins, EndReason::Time, true, 1000, 970}});
  // Protocol 1.4 (the page's minor): the rest of OPENING, the tails of the messages the page
  // sends and receives with a clock and an opening rule, and RESUME and SYNC with the opening's
  // decisions.
  v.push_back({"hello_minor4", Hello{1, 4, "web", "小明"}});
  v.push_back({"register_minor", Register{"小明", "password with spaces", 4}});
  v.push_back({"login_token_minor", Login{LoginMethod::Token, "bob", std::string(64, 'a'), 4}});
  OpeningAct declare;
  declare.seq = 5;
  declare.action = OpeningAction::Declare;
  declare.count = 8;
  v.push_back({"opening_declare", declare});
  OpeningAct pick;
  pick.seq = 8;
  pick.action = OpeningAction::Pick;
  pick.points = {{9, 4}};
  v.push_back({"opening_pick", pick});
  const TimeControl byoYomi{ClockKind::ByoYomi, 600000, 0, 30000};
  v.push_back({"find_opening", Find{Rule::Freestyle, fischer, OpeningRule::Swap2}});
  v.push_back({"find_opening_only", Find{Rule::Renju, {}, OpeningRule::Soosorv8}});
  RoomSettings ro = settings(15, Rule::Renju, SeatColor::Random, FoulPolicy::Refuse, false);
  ro.clock = byoYomi;
  ro.opening = OpeningRule::Taraguchi10;
  v.push_back({"invite_opening", Invite{"Bob", ro}});
  v.push_back({"invited_opening", Invited{7, "Bob", 1000, ro}});
  v.push_back({"room_created_opening", RoomCreated{"AB12CD", ro}});
  Matched mo = m;
  mo.resumeToken = 0;
  mo.clock = fischer;
  mo.opening = OpeningRule::Swap2;
  v.push_back({"matched_opening", mo});
  v.push_back({"setup_byoyomi", Setup{15, Rule::Renju, false, FoulPolicy::Refuse, 10, byoYomi,
                                      OpeningRule::Soosorv8}});
  // The swap2 opening of tests/server's opening_swap2 so far: three stones, "two", one more.
  OpeningAct s0 = place, s1 = place, s2 = place, s3 = choose, s4 = place;
  s0.seq = 0;
  s0.points = {{7, 7}};
  s1.seq = 1;
  s1.points = {{8, 8}};
  s2.seq = 2;
  s2.points = {{7, 8}};
  s3.seq = 3;
  s4.seq = 4;
  s4.points = {{0, 0}};
  const std::vector<OpeningAct> acts = {s0, s1, s2, s3, s4};
  Resume ro1{99, 1, {{7, 7}, {8, 8}, {7, 8}, {0, 0}}, Outcome::Ongoing, EndReason::None};
  ro1.openingActs = acts;
  v.push_back({"resume_openings", ro1});
  Sync so;
  so.game = 1;
  so.setup = Setup{15, Rule::Freestyle, false, FoulPolicy::Refuse, 99, fischer, OpeningRule::Swap2};
  so.hostNickname = "Bob";
  so.moves = {{7, 7}, {8, 8}, {7, 8}, {0, 0}};
  so.blackMainMs = 300000;
  so.whiteMainMs = 300000;
  so.hostPlaysBlack = false;
  so.openingActs = acts;
  v.push_back({"sync_openings", so});
  Sync sn = so;  // the opening over: normal play, no decisions sent (a 1.3 host)
  sn.openingActs.clear();
  sn.blackMainMs = 1500;
  sn.whiteMainMs = 86400000 * 2LL;
  sn.hostPlaysBlack = true;
  v.push_back({"sync_opening_over", sn});
  // Protocol 1.5 (what a player is sent about watchers) and 1.6 (the page's minor): the
  // opening on the clock.
  v.push_back({"hello_minor6", Hello{1, 6, "web", "小明"}});
  v.push_back({"watchers", Watchers{65535}});
  v.push_back({"watch_chat", WatchChat{"carol", false, "好棋"}});
  Setup timed{15, Rule::Freestyle, false, FoulPolicy::Refuse, 11, fischer, OpeningRule::Swap2};
  timed.openingTimed = true;
  v.push_back({"setup_timed", timed});
  OpeningAct timedAct = choose;
  timedAct.thinkMs = 86400000;
  v.push_back({"opening_timed", timedAct});
  Flag decisionFlag{3};
  decisionFlag.decision = 32;
  v.push_back({"flag_decision", decisionFlag});
  return v;
}

std::vector<std::uint8_t> fromHex(const std::string& hex) {
  std::vector<std::uint8_t> out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
    out.push_back(static_cast<std::uint8_t>(std::stoi(hex.substr(i, 2), nullptr, 16)));
  return out;
}

std::string toHex(const std::vector<std::uint8_t>& b) {
  static const char* d = "0123456789abcdef";
  std::string s;
  for (std::uint8_t x : b) {
    s += d[x >> 4];
    s += d[x & 15];
  }
  return s;
}

// Invalid frames (header + payload, as one WebSocket frame) and the error each must give.
std::vector<std::pair<std::string, std::pair<std::string, DecodeError>>> invalids() {
  return {
      {"bad_magic", {"474c0103 00000004 0000 0707", DecodeError::BadMagic}},
      {"bad_version", {"474b0203 00000004 0000 0707", DecodeError::BadVersion}},
      {"unknown_type", {"474b0106 00000000", DecodeError::UnknownType}},
      {"too_long", {"474b011700001001", DecodeError::TooLong}},
      {"truncated_move", {"474b0103 00000003 0000 07", DecodeError::Truncated}},
      {"trailing_move", {"474b0103 00000009 0000 0707 00000000 00", DecodeError::TrailingBytes}},
      {"chat_bad_utf8", {"474b0117 00000004 0002 c328", DecodeError::BadValue}},
      {"bool_two", {"474b0111 00000003 0005 02", DecodeError::BadValue}},
      {"rule_out_of_range", {"474b01480000000103", DecodeError::BadValue}},
      {"players_over_limit", {"474b014500000006 00000001 001f", DecodeError::BadValue}},
      {"takeback_three", {"474b01100000000400050002", DecodeError::BadValue}},
      {"hello_blank_nickname", {"474b010100000007 0102 0000 0001 20", DecodeError::BadValue}},
      {"find_tail_neither",
       {"474b01480000000f 00 00 00 00000000 00000000 00000000", DecodeError::BadValue}},
      {"find_tail_fischer_move",
       {"474b01480000000f 00 00 01 00002710 00000000 00000001", DecodeError::BadValue}},
      {"move_think_too_long", {"474b010300000008 0000 0707 05265c01", DecodeError::BadValue}},
      {"opening_declare_zero", {"474b011c00000004 0001 02 00", DecodeError::BadValue}},
      {"opening_offer_cut", {"474b011c00000007 0001 03 02 0101 02", DecodeError::Truncated}},
      {"login_minor_zero", {"474b014200000008 00 0001 62 0001 73 00", DecodeError::BadValue}},
      // Protocol 1.4's opening decisions: a count of 0, a seq out of order, a list cut short,
      // and decisions in a SYNC without an opening rule.
      {"resume_acts_zero",
       {"474b01190000000f 0000000000000001 0001 0000 0000 00", DecodeError::BadValue}},
      {"resume_acts_out_of_order",
       {"474b011900000014 0000000000000001 0001 0000 0000 01 0001 00 0707", DecodeError::BadValue}},
      {"resume_acts_cut",
       {"474b011900000014 0000000000000001 0001 0000 0000 02 0000 00 0707",
        DecodeError::Truncated}},
      {"sync_acts_without_rule",
       {"474b011a00000033 0001 0f 00 00 00 0000000000000001 0001 68 00 00 0000 0000 "
        "00 01 00002710 00000000 00000000 00002710 00002710 01 01 0000 01 00",
        DecodeError::BadValue}},
      // Protocol 1.6: a timed opening without a clock and an opening rule, a FLAG's decision
      // beyond the longest opening.
      {"setup_timed_without_tail",
       {"474b01020000000c 0f 00 02 00 0000000000000001", DecodeError::BadValue}},
      {"flag_decision_over", {"474b011b00000004 0003 0021", DecodeError::BadValue}},
  };
}

std::string stripSpaces(std::string s) {
  std::string out;
  for (char c : s)
    if (c != ' ') out += c;
  return out;
}

// The decode error of one whole frame, as the server's WebSocket channel judges it.
DecodeError decodeFrame(const std::vector<std::uint8_t>& f, Message* out = nullptr) {
  if (f.size() < kHeaderSize) return DecodeError::Truncated;
  DecodeError e = DecodeError::None;
  Header h = decodeHeader(f.data(), e);
  if (e != DecodeError::None) return e;
  if (h.length > f.size() - kHeaderSize) return DecodeError::Truncated;
  if (h.length < f.size() - kHeaderSize) return DecodeError::TrailingBytes;
  Message m = decodeBody(h, f.data() + kHeaderSize, h.length, e);
  if (out) *out = std::move(m);
  return e;
}

const char* errorName(DecodeError e) {
  switch (e) {
    case DecodeError::None:
      return "None";
    case DecodeError::BadMagic:
      return "BadMagic";
    case DecodeError::BadVersion:
      return "BadVersion";
    case DecodeError::UnknownType:
      return "UnknownType";
    case DecodeError::TooLong:
      return "TooLong";
    case DecodeError::Truncated:
      return "Truncated";
    case DecodeError::TrailingBytes:
      return "TrailingBytes";
    case DecodeError::BadValue:
      return "BadValue";
  }
  return "?";
}

// The vectors file's text: one entry per line, so that a change reads well in a diff.
std::string vectorsJson() {
  std::ostringstream o;
  o << "{\n  \"about\": \"Written by tests/net/web_vectors_test.cpp (GOMOKU_WRITE_VECTORS=1) from "
       "net::encode; read by tests/web/protocol.test.mjs. hex: one whole message (header and "
       "payload) per entry.\",\n  \"valid\": [\n";
  auto vs = vectors();
  for (std::size_t i = 0; i < vs.size(); ++i)
    o << "    {\"name\": \"" << vs[i].name << "\", \"hex\": \"" << toHex(encode(vs[i].message))
      << "\"}" << (i + 1 < vs.size() ? "," : "") << "\n";
  o << "  ],\n  \"invalid\": [\n";
  auto inv = invalids();
  for (std::size_t i = 0; i < inv.size(); ++i)
    o << "    {\"name\": \"" << inv[i].first << "\", \"hex\": \""
      << stripSpaces(inv[i].second.first) << "\", \"code\": \"" << errorName(inv[i].second.second)
      << "\"}" << (i + 1 < inv.size() ? "," : "") << "\n";
  o << "  ]\n}\n";
  return o.str();
}

const std::string kVectorsPath = std::string(GOMOKU_SOURCE_DIR) + "/tests/web/vectors.json";

TEST(WebVectors, CoverEveryMessageType) {
  std::set<MsgType> types;
  for (const auto& v : vectors()) types.insert(typeOf(v.message));
  EXPECT_EQ(types.size(), 20u + 24u);  // P2P types 1-5, 16-28, 31-32; server types 64-87
}

TEST(WebVectors, TheFileHoldsWhatTheEncoderWrites) {
  const std::string want = vectorsJson();
  if (const char* w = std::getenv("GOMOKU_WRITE_VECTORS"); w && std::string(w) == "1") {
    std::ofstream(kVectorsPath, std::ios::binary) << want;
    GTEST_SKIP() << "rewrote " << kVectorsPath;
  }
  std::ifstream in(kVectorsPath, std::ios::binary);
  ASSERT_TRUE(in) << kVectorsPath;
  std::stringstream have;
  have << in.rdbuf();
  EXPECT_EQ(have.str(), want) << "the encoder changed: if on purpose, rerun with "
                                 "GOMOKU_WRITE_VECTORS=1 and update protocol.js and its test";
}

TEST(WebVectors, TheDecoderReadsEachVectorBack) {
  for (const auto& v : vectors()) {
    SCOPED_TRACE(v.name);
    const auto bytes = encode(v.message);
    Message m;
    ASSERT_EQ(decodeFrame(bytes, &m), DecodeError::None);
    EXPECT_EQ(m, v.message);
  }
}

TEST(WebVectors, InvalidFramesGiveTheirError) {
  for (const auto& [name, frame] : invalids()) {
    SCOPED_TRACE(name);
    EXPECT_STREQ(errorName(decodeFrame(fromHex(stripSpaces(frame.first)))),
                 errorName(frame.second));
  }
}

}  // namespace
