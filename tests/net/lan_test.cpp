// Tests of the TXT record of a game announced on the local network (net/lan.h): what a host
// announces reads back the same; what a hostile or broken neighbour announces is refused with
// a reason, or read with its unknown parts left out. (Announcing and browsing through a real
// Avahi daemon: tests/cli/lan_test.sh.)

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/utf8.h"
#include "net/lan.h"

using namespace gomoku;
using namespace gomoku::net;

namespace {

LanAnnouncement renju() {
  LanAnnouncement a;
  a.nickname = "小明";
  a.rule = Rule::Renju;
  a.boardSize = 15;
  a.colour = "white";
  a.clock = "10m+10s";
  a.opening = "soosorv8";
  a.port = 6515;
  return a;
}

}  // namespace

TEST(LanTxt, WhatAHostAnnouncesReadsBack) {
  const LanAnnouncement a = renju();
  const std::vector<std::string> txt = lanTxt(a);
  for (const std::string& s : txt) EXPECT_LE(s.size(), 255u) << s;  // RFC 6763 section 6.1
  LanGame g;
  ASSERT_EQ(parseLanTxt(txt, g), std::nullopt);
  LanAnnouncement back = g.game;
  back.port = a.port;  // (the port comes from the SRV record, not TXT)
  EXPECT_EQ(back, a);
  EXPECT_EQ(g.protocolMajor, 1);
  EXPECT_GE(g.protocolMinor, 4);
}

TEST(LanTxt, WithoutClockOrOpeningRuleNoneIsAnnounced) {
  LanAnnouncement a = renju();
  a.clock.clear();
  a.opening = "none";
  for (const std::string& s : lanTxt(a)) {
    EXPECT_NE(s.rfind("clock=", 0), 0u) << s;
    EXPECT_NE(s.rfind("opening=", 0), 0u) << s;
  }
}

TEST(LanTxt, BrokenAnnouncementsAreRefusedWithAReason) {
  const std::vector<std::pair<const char*, std::vector<std::string>>> cases = {
      {"no nickname", {"rule=freestyle", "size=15", "proto=1.4"}},
      {"an empty nickname", {"nick=", "rule=freestyle", "size=15", "proto=1.4"}},
      {"a nickname of 33 characters",
       {"nick=" + std::string(33, 'a'), "rule=freestyle", "size=15", "proto=1.4"}},
      {"a nickname that is not UTF-8", {"nick=\xff\xfe", "rule=freestyle", "size=15", "proto=1.4"}},
      {"an unknown rule", {"nick=bob", "rule=chess", "size=15", "proto=1.4"}},
      {"a board too large", {"nick=bob", "rule=freestyle", "size=99", "proto=1.4"}},
      {"a size that is not a number", {"nick=bob", "rule=freestyle", "size=15x", "proto=1.4"}},
      {"no protocol", {"nick=bob", "rule=freestyle", "size=15"}},
      {"a protocol without a minor", {"nick=bob", "rule=freestyle", "size=15", "proto=1"}},
      {"nothing at all", {}},
  };
  for (const auto& [what, txt] : cases) {
    LanGame g;
    EXPECT_NE(parseLanTxt(txt, g), std::nullopt) << what;
  }
}

TEST(LanTxt, UnknownKeysAreIgnoredAndKeysAreCaseInsensitive) {
  // RFC 6763 section 6.4: the first occurrence of a key counts; unknown keys are skipped.
  LanGame g;
  ASSERT_EQ(
      parseLanTxt({"NICK=bob", "nick=eve", "Rule=standard", "size=19", "proto=1.9",
                   "future=whatever", "novalue", "colour=purple", "clock=forever", "opening=chess"},
                  g),
      std::nullopt);
  EXPECT_EQ(g.game.nickname, "bob");
  EXPECT_EQ(g.game.rule, Rule::Standard);
  EXPECT_EQ(g.game.boardSize, 19);
  EXPECT_EQ(g.protocolMinor, 9);
  EXPECT_EQ(g.game.colour, "random") << "an unknown colour offers no colour";
  EXPECT_EQ(g.game.clock, "") << "a clock this program cannot read is shown as none";
  EXPECT_EQ(g.game.opening, "");
  EXPECT_FALSE(g.game.full);
}

TEST(LanTxt, TheInstanceNameKeepsWithinDnsSdsSixtyThreeBytes) {
  EXPECT_EQ(lanInstanceName("bob"), "bob's game");
  EXPECT_EQ(lanInstanceName("bob", /*inProgress=*/true), "bob's game (in progress)");
  // 32 Chinese characters are 96 bytes: cut at a character boundary.
  std::string nick;
  for (int i = 0; i < 32; ++i) nick += "棋";
  const std::string name = lanInstanceName(nick);
  EXPECT_LE(name.size(), 63u);
  EXPECT_TRUE(validUtf8(name));
  EXPECT_EQ(name.substr(name.size() - 7), "'s game");
  EXPECT_EQ(name.rfind("棋", 0), 0u);
}

TEST(LanTxt, DotsAndBackslashesInTheNicknameDoNotReachTheInstanceName) {
  // A dot would read as a label boundary where a full service name is passed (Windows).
  EXPECT_EQ(lanInstanceName("J.R."), "J_R_'s game");
  EXPECT_EQ(lanInstanceName("a\\b"), "a_b's game");
  // The TXT record keeps the nickname as it is.
  LanAnnouncement a = renju();
  a.nickname = "J.R.";
  LanGame g;
  ASSERT_FALSE(parseLanTxt(lanTxt(a), g));
  EXPECT_EQ(g.game.nickname, "J.R.");
}

TEST(LanTxt, ClockAndOpeningAreKeptInCanonicalFormNeverAsReceived) {
  // The parsers forgive blanks and dashes; what is kept must not carry a newline, a tab or a
  // carriage return into a list or a tab-separated line.
  LanGame g;
  ASSERT_FALSE(parseLanTxt({"nick=eve", "rule=renju", "size=15", "proto=1.4", "clock=5\nm+\t3s\r",
                            "opening=s-o-o-s-o-r-v-8"},
                           g));
  EXPECT_EQ(g.game.clock, "5m+3s");
  EXPECT_EQ(g.game.opening, "soosorv8");
  ASSERT_FALSE(parseLanTxt({"nick=eve", "rule=renju", "size=15", "proto=1.4", "clock=none"}, g));
  EXPECT_EQ(g.game.clock, "") << "a clock of none is no clock";
}
