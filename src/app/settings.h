#pragma once
/// @file The application's persistent settings, kept in wxConfig (or the --config file).

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "core/clock.h"
#include "core/opening.h"
#include "core/rules.h"
#include "net/match.h"
#include "net/wire.h"

class wxConfigBase;

namespace gomoku::app {

/// Smallest board the application offers (freestyle and standard).
inline constexpr int kMinBoardSize = 15;
/// Largest board the application offers (freestyle and standard).
inline constexpr int kMaxBoardSize = 20;
/// The one board size of renju.
inline constexpr int kRenjuBoardSize = 15;

/// The rule, board size and foul policy of a game to start.
struct GameOptions {
  Rule rule = Rule::Freestyle;           ///< rule set
  int boardSize = Board::kDefaultSize;   ///< wanted size (freestyle, standard); kept for renju
  FoulPolicy foul = FoulPolicy::Refuse;  ///< renju: what a forbidden move by Black does
  TimeControl clock;                     ///< the clocks (kind None: no clock)

  /// The size the game is played on: kRenjuBoardSize under renju, else boardSize.
  int EffectiveSize() const { return rule == Rule::Renju ? kRenjuBoardSize : boardSize; }

  /// The opening rule (core/opening.h; None: normal play from the first move). A rule that
  /// does not fit the game (session::openingRulesFor) is played as None.
  OpeningRule opening = OpeningRule::None;
};

/// How the board is painted (Settings > Preferences > Board).
enum class BoardTheme {
  Wood,   ///< the wood texture (res/board.png; a warm gradient when it is missing)
  Plain,  ///< one plain colour (Settings::boardColour)
};

/// Default plain board colour, "#rrggbb": the wood's main tone.
inline constexpr const char* kDefaultBoardColour = "#deb26a";
/// Default colour of the grid lines and star points, "#rrggbb" (dark brown).
inline constexpr const char* kDefaultGridColour = "#2d1e10";
/// Smallest join timeout offered, seconds.
inline constexpr int kMinConnectTimeout = 1;
/// Largest join timeout offered, seconds.
inline constexpr int kMaxConnectTimeout = 120;
/// Default join timeout, seconds.
inline constexpr int kDefaultConnectTimeout = 10;

/// Everything the application remembers between runs.
struct Settings {
  std::string nickname;                ///< our nickname (UTF-8); default: the OS user name
  std::string lastHost = "localhost";  ///< host name or address last joined
  int lastPort = net::kDefaultPort;    ///< port last joined
  int hostPort = net::kDefaultPort;    ///< port we host on
  int connectTimeoutSeconds = kDefaultConnectTimeout;  ///< join timeout, seconds (1..120)
  bool showCoordinates = true;                         ///< View > Show coordinates
  bool showForbidden = true;                           ///< View > Show forbidden points (renju)
  bool showAnalysis = false;  ///< View > Show the computer's analysis (depth, evaluation)
  int moveNumbers = 0;        ///< View > Move numbers: 0 off, 1 the last 10, 2 all
  bool showGhost = true;      ///< a translucent stone of the colour to move under the mouse
  BoardTheme boardTheme = BoardTheme::Wood;       ///< wood texture or plain colour
  std::string boardColour = kDefaultBoardColour;  ///< plain theme's board colour, "#rrggbb"
  std::string gridColour = kDefaultGridColour;    ///< grid lines and star points, "#rrggbb"
  int replaySpeedMs = 1000;      ///< replay autoplay: milliseconds per move (100..5000)
  std::string lastRecordFolder;  ///< folder of the last record opened or saved (UTF-8)
  net::ColorChoice hostColor = net::ColorChoice::Black;  ///< our colour when hosting
  bool hostWatchers = true;                ///< hosting: others may watch the game ([Host] Watchers)
  bool hostWatcherChat = false;            ///< hosting: watchers may chat ([Host] WatcherChat)
  GameOptions hostGame;                    ///< rule, size and foul policy when hosting
  GameOptions localGame;                   ///< rule, size and foul policy of local games
  std::string resumeTarget;                ///< "host:port" of the network game we may rejoin
  std::string resumeToken;                 ///< its resume token (hexadecimal); "" when none
  std::string onlineServer = "localhost";  ///< the server last logged in on ("host[:port]")
  std::string onlineName;                  ///< the account name last logged in with
  Rule onlineRule = Rule::Freestyle;       ///< the rule last chosen for Find a match
  TimeControl onlineClock;                 ///< the clock last chosen for Find a match
  /// The opening rule last chosen for Find a match (offered only when it fits the rule).
  OpeningRule onlineOpening = OpeningRule::None;
  GameOptions roomGame;  ///< rule, size, foul policy, clock and opening rule of private rooms
  net::ColorChoice roomColor = net::ColorChoice::Black;  ///< our colour in private rooms
  /// Remembered logins: "host:port" -> account name and session token (64 hexadecimal digits;
  /// never a password).
  std::map<std::string, std::pair<std::string, std::string>> onlineLogins;

  /// Reads the settings from `config`; missing or invalid entries get their defaults.
  static Settings Load(wxConfigBase& config);
  /// Writes the settings to `config` and flushes it.
  void Save(wxConfigBase& config) const;
};

/// The default nickname: the OS user name when it is an acceptable nickname, else "Player".
std::string DefaultNickname();

/// Parses a colour written "#rrggbb" (hexadecimal, either case) into 0xRRGGBB; nullopt for
/// anything else (no other forms, no spaces).
std::optional<std::uint32_t> ParseHexColour(std::string_view text);
/// 0xRRGGBB written as "#rrggbb" (lower case).
std::string HexColour(std::uint32_t rgb);

/// "wood" or "plain" (the words of the settings file).
const char* BoardThemeName(BoardTheme theme);

/// "black", "white" or "random".
const char* ColorChoiceName(net::ColorChoice c);

/// "refuse" or "lose" (the words of the settings file and of --foul).
const char* FoulPolicyName(FoulPolicy f);
/// Parses "refuse" or "lose" (case-insensitive); nullopt when unknown.
std::optional<FoulPolicy> ParseFoulPolicy(std::string_view name);

}  // namespace gomoku::app
