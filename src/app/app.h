#pragma once
/// @file The wxApp of the Gomoku application: command line, settings, the main window.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include <wx/app.h>
#include <wx/string.h>

#include "core/clock.h"
#include "core/opening.h"
#include "core/rules.h"
#include "net/match.h"

namespace gomoku::app {

/// When the process started (a static initialised at load time), for startup tracing.
std::chrono::steady_clock::time_point ProcessStartTime();

/// What the command line asked for.
struct LaunchOptions {
  std::optional<std::uint16_t> hostPort;  ///< --host PORT: listen at once (0 = any free port)
  std::optional<std::pair<std::string, std::uint16_t>> join;   ///< --join HOST:PORT
  std::optional<std::pair<std::string, std::uint16_t>> watch;  ///< --watch HOST:PORT
  std::optional<std::string> nickname;                         ///< --nick NAME (this run only)
  std::optional<net::ColorChoice> color;  ///< --color black|white|random (this run only)
  std::optional<Rule> rule;               ///< --rule freestyle|standard|renju (this run only)
  std::optional<int> boardSize;           ///< --size 15..20 (this run only)
  std::optional<FoulPolicy> foul;         ///< --foul refuse|lose (this run only)
  std::optional<TimeControl> clock;       ///< --clock 5m+5s|30s/move|10m,30s (this run only)
  std::optional<OpeningRule> opening;     ///< --opening none|swap|swap2|soosorv8|taraguchi10
  bool local = false;                     ///< --local: start a hot-seat game at once
  std::optional<int> computerLevel;       ///< --computer LEVEL: a game against the computer
  std::string engine;                     ///< --engine PATH: with --computer, a pbrain engine
  /// --online HOST[:PORT]: log in on that gomoku-server at once (--user NAME; the password from
  /// GOMOKU_PASSWORD, or the login remembered for that name; --register creates the account)
  std::optional<std::pair<std::string, std::uint16_t>> online;
  std::string user;           ///< --user NAME: the account for --online
  bool registering = false;   ///< --register: create the --user account on the server first
  wxString configFile;        ///< --config FILE ("" = the user's config)
  wxString testReport;        ///< --test-report FILE ("" = none)
  bool exitWhenDone = false;  ///< --exit-when-done
  wxString openFile;          ///< a record file to open in the replay ("" = none)
};

/// The application object.
class GomokuApp : public wxApp {
 public:
  /// Parses the command line, loads the settings and opens the main window.
  bool OnInit() override;
  /// Frees the images before wxWidgets shuts down.
  int OnExit() override;
  /// Declares the options: --host, --join, --online, --user, --register, --local, --computer,
  /// --engine, --nick, --color, --rule, --size, --opening, --foul, --clock, --config,
  /// --test-report,
  /// --exit-when-done, and an optional record file to open.
  void OnInitCmdLine(wxCmdLineParser& parser) override;
  /// Checks the options and fills LaunchOptions; false (quit) on a bad value.
  bool OnCmdLineParsed(wxCmdLineParser& parser) override;
  /// --help: prints the usage and quits with status 0.
  bool OnCmdLineHelp(wxCmdLineParser& parser) override;
  /// A bad command line: after the parser's message, the usage as --help shows it.
  bool OnCmdLineError(wxCmdLineParser& parser) override;

 private:
  LaunchOptions options_;
  bool helpShown_ = false;
};

}  // namespace gomoku::app

wxDECLARE_APP(gomoku::app::GomokuApp);
