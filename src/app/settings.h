#pragma once
/// @file The application's persistent settings, kept in wxConfig (or the --config file).

#include <string>

#include "core/rules.h"
#include "net/match.h"
#include "net/wire.h"

class wxConfigBase;

namespace gomoku::app {

/// Everything the application remembers between runs.
struct Settings {
  std::string nickname;                ///< our nickname (UTF-8); default: the OS user name
  std::string lastHost = "localhost";  ///< host name or address last joined
  int lastPort = net::kDefaultPort;    ///< port last joined
  int hostPort = net::kDefaultPort;    ///< port we host on
  int connectTimeoutSeconds = 10;      ///< join timeout, seconds
  bool showCoordinates = true;         ///< View > Show coordinates
  net::ColorChoice hostColor = net::ColorChoice::Black;  ///< our colour when hosting
  Rule hostRule = Rule::Freestyle;                       ///< rule when hosting

  /// Reads the settings from `config`; missing or invalid entries get their defaults.
  static Settings Load(wxConfigBase& config);
  /// Writes the settings to `config` and flushes it.
  void Save(wxConfigBase& config) const;
};

/// The default nickname: the OS user name when it is an acceptable nickname, else "Player".
std::string DefaultNickname();

/// "black", "white" or "random".
const char* ColorChoiceName(net::ColorChoice c);

}  // namespace gomoku::app
