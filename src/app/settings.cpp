#include "app/settings.h"

#include <algorithm>
#include <cctype>

#include <wx/config.h>
#include <wx/utils.h>

#include "core/utf8.h"
#include "net/wire.h"

namespace gomoku::app {

namespace {

int ValidPort(long v) {
  return v >= 1 && v <= 65535 ? static_cast<int>(v) : net::kDefaultPort;
}

// Reads a GameOptions kept under `group` (e.g. "/Host"): Rule, BoardSize, Foul, Clock (as
// formatTimeControl writes it; a bad value is no clock).
GameOptions ReadGameOptions(wxConfigBase& config, const wxString& group) {
  GameOptions g;
  const auto rule = parseRule(config.Read(group + "/Rule", "freestyle").utf8_string());
  g.rule = rule && ruleSupported(*rule) ? *rule : Rule::Freestyle;
  const long size = config.ReadLong(group + "/BoardSize", Board::kDefaultSize);
  g.boardSize =
      size >= kMinBoardSize && size <= kMaxBoardSize ? static_cast<int>(size) : Board::kDefaultSize;
  g.foul = ParseFoulPolicy(config.Read(group + "/Foul", "refuse").utf8_string())
               .value_or(FoulPolicy::Refuse);
  g.clock = parseTimeControl(config.Read(group + "/Clock", "none").utf8_string())
                .control.value_or(TimeControl{});
  g.opening = parseOpeningRule(config.Read(group + "/Opening", "none").utf8_string())
                  .value_or(OpeningRule::None);
  return g;
}

void WriteGameOptions(wxConfigBase& config, const wxString& group, const GameOptions& g) {
  config.Write(group + "/Rule", wxString(ruleName(g.rule)));
  config.Write(group + "/BoardSize", static_cast<long>(g.boardSize));
  config.Write(group + "/Foul", wxString(FoulPolicyName(g.foul)));
  config.Write(group + "/Clock", wxString(formatTimeControl(g.clock)));
  config.Write(group + "/Opening", wxString(openingRuleName(g.opening)));
}

}  // namespace

std::string DefaultNickname() {
  std::string user = trimNickname(wxGetUserId().utf8_string());
  if (!nicknameError(user)) return user;
  return "Player";
}

const char* ColorChoiceName(net::ColorChoice c) {
  switch (c) {
    case net::ColorChoice::Black:
      return "black";
    case net::ColorChoice::White:
      return "white";
    case net::ColorChoice::Random:
      return "random";
  }
  return "black";
}

std::optional<std::uint32_t> ParseHexColour(std::string_view text) {
  if (text.size() != 7 || text[0] != '#') return std::nullopt;
  std::uint32_t rgb = 0;
  for (char c : text.substr(1)) {
    const int digit = c >= '0' && c <= '9'   ? c - '0'
                      : c >= 'a' && c <= 'f' ? c - 'a' + 10
                      : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                             : -1;
    if (digit < 0) return std::nullopt;
    rgb = rgb << 4 | static_cast<std::uint32_t>(digit);
  }
  return rgb;
}

std::string HexColour(std::uint32_t rgb) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text = "#";
  for (int shift = 20; shift >= 0; shift -= 4) text += kDigits[(rgb >> shift) & 0xF];
  return text;
}

const char* BoardThemeName(BoardTheme theme) {
  return theme == BoardTheme::Plain ? "plain" : "wood";
}

const char* FoulPolicyName(FoulPolicy f) {
  return f == FoulPolicy::Lose ? "lose" : "refuse";
}

std::optional<FoulPolicy> ParseFoulPolicy(std::string_view name) {
  std::string lower(name);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (lower == "refuse") return FoulPolicy::Refuse;
  if (lower == "lose") return FoulPolicy::Lose;
  return std::nullopt;
}

Settings Settings::Load(wxConfigBase& config) {
  Settings s;
  wxString text;
  s.nickname = config.Read("/Player/Nickname", &text) ? trimNickname(text.utf8_string()) : "";
  if (nicknameError(s.nickname)) s.nickname = DefaultNickname();

  if (config.Read("/Join/LastHost", &text) && !text.Trim().Trim(false).empty())
    s.lastHost = text.utf8_string();
  s.lastPort = ValidPort(config.ReadLong("/Join/LastPort", net::kDefaultPort));
  const long timeout = config.ReadLong("/Join/TimeoutSeconds", kDefaultConnectTimeout);
  s.connectTimeoutSeconds = timeout >= kMinConnectTimeout && timeout <= kMaxConnectTimeout
                                ? static_cast<int>(timeout)
                                : kDefaultConnectTimeout;

  s.hostPort = ValidPort(config.ReadLong("/Host/Port", net::kDefaultPort));
  const wxString color = config.Read("/Host/Color", "black").Lower();
  s.hostColor = color == "white"    ? net::ColorChoice::White
                : color == "random" ? net::ColorChoice::Random
                                    : net::ColorChoice::Black;
  s.hostWatchers = config.ReadBool("/Host/Watchers", true);
  s.hostWatcherChat = config.ReadBool("/Host/WatcherChat", false);
  s.hostGame = ReadGameOptions(config, "/Host");
  s.localGame = ReadGameOptions(config, "/Local");

  s.showCoordinates = config.ReadBool("/View/ShowCoordinates", true);
  s.showForbidden = config.ReadBool("/View/ShowForbidden", true);
  s.showAnalysis = config.ReadBool("/View/ShowAnalysis", false);
  s.showGhost = config.ReadBool("/View/ShowGhost", true);
  s.boardTheme = config.Read("/View/BoardTheme", "wood").Lower() == "plain" ? BoardTheme::Plain
                                                                            : BoardTheme::Wood;
  // A colour that is not "#rrggbb" keeps the default (written back normalised on the next save).
  const auto readColour = [&config](const char* key, const char* fallback) {
    const auto rgb = ParseHexColour(config.Read(key, fallback).utf8_string());
    return rgb ? HexColour(*rgb) : std::string(fallback);
  };
  s.boardColour = readColour("/View/BoardColour", kDefaultBoardColour);
  s.gridColour = readColour("/View/GridColour", kDefaultGridColour);
  s.resumeTarget = config.Read("/Join/ResumeTarget", "").utf8_string();
  s.resumeToken = config.Read("/Join/ResumeToken", "").utf8_string();
  if (s.resumeToken.size() > 16 ||
      s.resumeToken.find_first_not_of("0123456789abcdef") != std::string::npos)
    s.resumeToken.clear();
  s.moveNumbers = static_cast<int>(std::clamp(config.ReadLong("/View/MoveNumbers", 0), 0L, 2L));
  s.replaySpeedMs =
      static_cast<int>(std::clamp(config.ReadLong("/Replay/SpeedMs", 1000), 100L, 5000L));
  if (config.Read("/Records/LastFolder", &text)) s.lastRecordFolder = text.utf8_string();

  if (config.Read("/Online/Server", &text) && !text.Trim().Trim(false).empty())
    s.onlineServer = text.utf8_string();
  s.onlineName = config.Read("/Online/Name", "").utf8_string();
  const wxString rule = config.Read("/Online/Rule", "freestyle").Lower();
  s.onlineRule = rule == "renju"      ? Rule::Renju
                 : rule == "standard" ? Rule::Standard
                                      : Rule::Freestyle;
  s.onlineClock = parseTimeControl(config.Read("/Online/Clock", "none").utf8_string())
                      .control.value_or(TimeControl{});
  s.onlineOpening = parseOpeningRule(config.Read("/Online/Opening", "none").utf8_string())
                        .value_or(OpeningRule::None);
  s.roomGame = ReadGameOptions(config, "/Online/Room");
  const wxString roomColor = config.Read("/Online/RoomColor", "black").Lower();
  s.roomColor = roomColor == "white"    ? net::ColorChoice::White
                : roomColor == "random" ? net::ColorChoice::Random
                                        : net::ColorChoice::Black;
  // Remembered logins: "/Online/Logins/N" = "server<TAB>name<TAB>token"; anything else is
  // dropped (a token is 64 hexadecimal digits).
  for (long i = 1;; ++i) {
    if (!config.Read(wxString::Format("/Online/Logins/%ld", i), &text)) break;
    const std::string line = text.utf8_string();
    const auto a = line.find('\t');
    const auto b = a == std::string::npos ? a : line.find('\t', a + 1);
    if (b == std::string::npos) continue;
    const std::string token = line.substr(b + 1);
    if (token.size() != 64 || token.find_first_not_of("0123456789abcdef") != std::string::npos)
      continue;
    s.onlineLogins[line.substr(0, a)] = {line.substr(a + 1, b - a - 1), token};
  }
  return s;
}

void Settings::Save(wxConfigBase& config) const {
  config.Write("/Player/Nickname", wxString::FromUTF8(nickname));
  config.Write("/Join/LastHost", wxString::FromUTF8(lastHost));
  config.Write("/Join/LastPort", static_cast<long>(lastPort));
  config.Write("/Join/TimeoutSeconds", static_cast<long>(connectTimeoutSeconds));
  config.Write("/Host/Port", static_cast<long>(hostPort));
  config.Write("/Host/Color", wxString(ColorChoiceName(hostColor)));
  config.Write("/Host/Watchers", hostWatchers);
  config.Write("/Host/WatcherChat", hostWatcherChat);
  WriteGameOptions(config, "/Host", hostGame);
  WriteGameOptions(config, "/Local", localGame);
  config.Write("/View/ShowCoordinates", showCoordinates);
  config.Write("/View/ShowForbidden", showForbidden);
  config.Write("/View/ShowAnalysis", showAnalysis);
  config.Write("/View/ShowGhost", showGhost);
  config.Write("/View/BoardTheme", wxString(BoardThemeName(boardTheme)));
  config.Write("/View/BoardColour", wxString(boardColour));
  config.Write("/View/GridColour", wxString(gridColour));
  config.Write("/Join/ResumeTarget", wxString::FromUTF8(resumeTarget));
  config.Write("/Join/ResumeToken", wxString::FromUTF8(resumeToken));
  config.Write("/View/MoveNumbers", static_cast<long>(moveNumbers));
  config.Write("/Replay/SpeedMs", static_cast<long>(replaySpeedMs));
  config.Write("/Records/LastFolder", wxString::FromUTF8(lastRecordFolder));
  config.Write("/Online/Server", wxString::FromUTF8(onlineServer));
  config.Write("/Online/Name", wxString::FromUTF8(onlineName));
  config.Write("/Online/Rule", wxString(onlineRule == Rule::Renju      ? "renju"
                                        : onlineRule == Rule::Standard ? "standard"
                                                                       : "freestyle"));
  config.Write("/Online/Clock", wxString(formatTimeControl(onlineClock)));
  config.Write("/Online/Opening", wxString(openingRuleName(onlineOpening)));
  WriteGameOptions(config, "/Online/Room", roomGame);
  config.Write("/Online/RoomColor", wxString(ColorChoiceName(roomColor)));
  config.DeleteGroup("/Online/Logins");
  long i = 0;
  for (const auto& [server, login] : onlineLogins)
    config.Write(wxString::Format("/Online/Logins/%ld", ++i),
                 wxString::FromUTF8(server + "\t" + login.first + "\t" + login.second));
  config.Flush();
}

}  // namespace gomoku::app
