// Settings (src/app/settings.cpp): "#rrggbb" colours, defaults, refused stored values.

#include <gtest/gtest.h>

#include <wx/fileconf.h>
#include <wx/init.h>
#include <wx/sstream.h>

#include "app/settings.h"

namespace gomoku::app {
namespace {

// A config read from `text` (INI form), kept in memory.
wxFileConfig ConfigFrom(const char* text) {
  wxStringInputStream in(wxString::FromUTF8(text));
  return wxFileConfig(in);
}

TEST(Settings, ParsesHexColours) {
  EXPECT_EQ(ParseHexColour("#deb26a"), 0xDEB26Au);
  EXPECT_EQ(ParseHexColour("#DEB26A"), 0xDEB26Au);
  EXPECT_EQ(ParseHexColour("#000000"), 0u);
  for (const char* bad : {"", "#", "deb26a", "#deb26", "#deb26a0", "#ggb26a", " #deb26a",
                          "#deb26a ", "red", "rgb(1,2,3)"})
    EXPECT_FALSE(ParseHexColour(bad)) << bad;
}

TEST(Settings, WritesHexColours) {
  EXPECT_EQ(HexColour(0xDEB26A), "#deb26a");
  EXPECT_EQ(HexColour(0x00000F), "#00000f");
  EXPECT_EQ(ParseHexColour(HexColour(0x123456)), 0x123456u);
  EXPECT_TRUE(ParseHexColour(kDefaultBoardColour));
  EXPECT_TRUE(ParseHexColour(kDefaultGridColour));
}

TEST(Settings, EmptyConfigGivesDefaults) {
  wxInitializer init;
  wxFileConfig config = ConfigFrom("");
  const Settings s = Settings::Load(config);
  EXPECT_EQ(s.hostPort, net::kDefaultPort);
  EXPECT_EQ(s.connectTimeoutSeconds, kDefaultConnectTimeout);
  EXPECT_TRUE(s.showCoordinates);
  EXPECT_TRUE(s.showForbidden);
  EXPECT_TRUE(s.showGhost);
  EXPECT_EQ(s.moveNumbers, 0);
  EXPECT_EQ(s.boardTheme, BoardTheme::Wood);
  EXPECT_EQ(s.boardColour, kDefaultBoardColour);
  EXPECT_EQ(s.gridColour, kDefaultGridColour);
  EXPECT_FALSE(s.nickname.empty());
}

TEST(Settings, BadStoredValuesFallBackToDefaults) {
  wxInitializer init;
  wxFileConfig config = ConfigFrom(
      "[Host]\nPort=70000\n[Join]\nTimeoutSeconds=500\n"
      "[View]\nBoardTheme=marble\nBoardColour=red\nGridColour=#12345\nMoveNumbers=7\n");
  const Settings s = Settings::Load(config);
  EXPECT_EQ(s.hostPort, net::kDefaultPort);
  EXPECT_EQ(s.connectTimeoutSeconds, kDefaultConnectTimeout);
  EXPECT_EQ(s.boardTheme, BoardTheme::Wood);
  EXPECT_EQ(s.boardColour, kDefaultBoardColour);
  EXPECT_EQ(s.gridColour, kDefaultGridColour);
  EXPECT_EQ(s.moveNumbers, 2);
}

TEST(Settings, SavedValuesLoadAgain) {
  wxInitializer init;
  wxFileConfig config = ConfigFrom("");
  Settings s;
  s.nickname = "Alice";
  s.hostPort = 7000;
  s.connectTimeoutSeconds = kMaxConnectTimeout;
  s.showGhost = false;
  s.boardTheme = BoardTheme::Plain;
  s.boardColour = "#336699";
  s.gridColour = "#ffffff";
  s.Save(config);
  const Settings t = Settings::Load(config);
  EXPECT_EQ(t.nickname, "Alice");
  EXPECT_EQ(t.hostPort, 7000);
  EXPECT_EQ(t.connectTimeoutSeconds, kMaxConnectTimeout);
  EXPECT_FALSE(t.showGhost);
  EXPECT_EQ(t.boardTheme, BoardTheme::Plain);
  EXPECT_EQ(t.boardColour, "#336699");
  EXPECT_EQ(t.gridColour, "#ffffff");
  wxString text;
  ASSERT_TRUE(config.Read("/View/BoardTheme", &text));
  EXPECT_EQ(text, "plain");
}

TEST(Settings, OpeningRulesLoadAgainAndBadOnesAreNone) {
  wxInitializer init;
  wxFileConfig config = ConfigFrom("");
  EXPECT_EQ(Settings::Load(config).localGame.opening, OpeningRule::None);
  Settings s;
  s.localGame.rule = Rule::Renju;
  s.localGame.opening = OpeningRule::Soosorv8;
  s.Save(config);
  wxString text;
  ASSERT_TRUE(config.Read("/Local/Opening", &text));
  EXPECT_EQ(text, "soosorv8");
  EXPECT_EQ(Settings::Load(config).localGame.opening, OpeningRule::Soosorv8);
  wxFileConfig bad = ConfigFrom("[Local]\nOpening=yamaguchi\n");
  EXPECT_EQ(Settings::Load(bad).localGame.opening, OpeningRule::None);
  // The host's own, kept apart from the local games'.
  s.hostGame.opening = OpeningRule::Swap2;
  s.Save(config);
  ASSERT_TRUE(config.Read("/Host/Opening", &text));
  EXPECT_EQ(text, "swap2");
  const Settings loaded = Settings::Load(config);
  EXPECT_EQ(loaded.hostGame.opening, OpeningRule::Swap2);
  EXPECT_EQ(loaded.localGame.opening, OpeningRule::Soosorv8);
}

TEST(Settings, OnlineClocksAndOpeningRulesLoadAgain) {
  wxInitializer init;
  wxFileConfig config = ConfigFrom("");
  const Settings defaults = Settings::Load(config);
  EXPECT_EQ(defaults.onlineClock.kind, ClockKind::None);
  EXPECT_EQ(defaults.onlineOpening, OpeningRule::None);
  Settings s;
  s.onlineRule = Rule::Renju;
  s.onlineClock = parseTimeControl("10m,30s").control.value();
  s.onlineOpening = OpeningRule::Taraguchi10;
  s.roomGame.clock = parseTimeControl("5m+5s").control.value();
  s.roomGame.opening = OpeningRule::Swap2;
  s.Save(config);
  wxString text;
  ASSERT_TRUE(config.Read("/Online/Clock", &text));
  EXPECT_EQ(text, "10m,30s");
  ASSERT_TRUE(config.Read("/Online/Opening", &text));
  EXPECT_EQ(text, "taraguchi10");
  const Settings t = Settings::Load(config);
  EXPECT_EQ(t.onlineClock, s.onlineClock);
  EXPECT_EQ(t.onlineOpening, OpeningRule::Taraguchi10);
  EXPECT_EQ(t.roomGame.clock, s.roomGame.clock);
  EXPECT_EQ(t.roomGame.opening, OpeningRule::Swap2);
  // A hand-edited value that is no clock or no opening rule is none.
  wxFileConfig bad = ConfigFrom("[Online]\nClock=soon\nOpening=yamaguchi\n");
  EXPECT_EQ(Settings::Load(bad).onlineClock.kind, ClockKind::None);
  EXPECT_EQ(Settings::Load(bad).onlineOpening, OpeningRule::None);
}

TEST(Settings, UpperCaseColourIsNormalised) {
  wxInitializer init;
  wxFileConfig config = ConfigFrom("[View]\nBoardColour=#ABCDEF\n");
  EXPECT_EQ(Settings::Load(config).boardColour, "#abcdef");
}

TEST(Settings, RememberedOnlineLoginsLoadAgainAndBadTokensAreDropped) {
  wxInitializer init;
  wxFileConfig config = ConfigFrom("");
  Settings s;
  s.onlineServer = "[::1]:7000";
  s.onlineName = "\xE7\x8E\x8B";  // a Chinese name
  s.onlineRule = Rule::Renju;
  s.roomColor = net::ColorChoice::Random;
  s.onlineLogins["[::1]:7000"] = {"\xE7\x8E\x8B", std::string(64, 'a')};
  s.onlineLogins["example.org:6516"] = {"bob", std::string(64, '0')};
  s.Save(config);
  Settings t = Settings::Load(config);
  EXPECT_EQ(t.onlineServer, "[::1]:7000");
  EXPECT_EQ(t.onlineName, "\xE7\x8E\x8B");
  EXPECT_EQ(t.onlineRule, Rule::Renju);
  EXPECT_EQ(t.roomColor, net::ColorChoice::Random);
  EXPECT_EQ(t.onlineLogins, s.onlineLogins);
  // A forgotten login is gone from the file, not only from memory.
  t.onlineLogins.erase("example.org:6516");
  t.Save(config);
  EXPECT_EQ(Settings::Load(config).onlineLogins.size(), 1u);
  // A hand-edited entry that is not server<TAB>name<TAB>64 hex digits is ignored.
  wxFileConfig bad = ConfigFrom("[Online/Logins]\n1=host:1\tbob\tnot-a-token\n2=garbage\n");
  EXPECT_TRUE(Settings::Load(bad).onlineLogins.empty());
}

}  // namespace
}  // namespace gomoku::app
