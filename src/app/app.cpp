#include "app/app.h"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <wx/cmdline.h>
#include <wx/config.h>
#include <wx/fileconf.h>
#include <wx/filefn.h>
#include <wx/filename.h>
#include <wx/image.h>
#include <wx/intl.h>
#include <wx/log.h>
#include <wx/msgout.h>
#include <wx/stdpaths.h>
#include <wx/uilocale.h>

#include "app/i18n.h"
#include "app/mainframe.h"
#include "app/newgamedialog.h"
#include "app/resources.h"
#include "core/utf8.h"
#include "net/netgame.h"
#include "net/wire.h"
#include "session/openingsession.h"

#ifdef __WXMSW__
#include <wx/msw/wrapwin.h>
#endif

namespace gomoku::app {
namespace {
void AddCommandLineOptions(wxCmdLineParser& parser);
void SetUpSettingsAndLanguage(int argc, const wxCmdLineArgsArray& argv);
bool ParseLaunchOptions(wxCmdLineParser& parser, LaunchOptions& options);
wxString UsageText();

#ifndef __WXMSW__
// `gomoku --help`, and any start without a display: wxGTK cannot start without one (and says
// so in English), so the usage and the command-line errors come from a console application
// with the same options, in the same language (GomokuApp::OnInit); a valid command line then
// gets a translated "no display" error.
class HelpApp : public wxAppConsole {
 public:
  bool OnInit() override {
    SetAppName("gomoku");
    SetVendorName({});
    wxStandardPaths::Get().SetFileLayout(wxStandardPaths::FileLayout_XDG);
    SetUpSettingsAndLanguage(argc, argv);
    return wxAppConsole::OnInit();
  }
  void OnInitCmdLine(wxCmdLineParser& parser) override {
    wxAppConsole::OnInitCmdLine(parser);
    AddCommandLineOptions(parser);
  }
  bool OnCmdLineHelp(wxCmdLineParser&) override {
    wxMessageOutput::Get()->Printf("%s", UsageText());
    help_ = true;
    return true;  // exit status 0
  }
  bool OnCmdLineError(wxCmdLineParser&) override {
    wxMessageOutput::Get()->Printf("%s", UsageText());  // after the parser's error
    return false;
  }
  bool OnCmdLineParsed(wxCmdLineParser& parser) override {
    if (!wxAppConsole::OnCmdLineParsed(parser)) return false;
    LaunchOptions options;
    return ParseLaunchOptions(parser, options);
  }
  int OnRun() override {
    if (help_) return 0;
    wxMessageOutput::Get()->Printf(
        "gomoku: %s\n",
        _("no display to open the window on (DISPLAY and WAYLAND_DISPLAY are not set); "
          "gomoku-cli plays in a terminal"));
    return 1;
  }

 private:
  bool help_ = false;
};

// Whether there is no display for GTK (neither X11 nor Wayland).
bool NoDisplay() {
  const char* x11 = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  return (!x11 || !*x11) && (!wayland || !*wayland);
}

// Whether the arguments ask for the usage (-h, --help or -?, before a "--").
bool WantsHelp(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--") return false;
    if (arg == "-h" || arg == "--help" || arg == "-?") return true;
  }
  return false;
}
#endif
}  // namespace
}  // namespace gomoku::app

#ifdef __WXMSW__
wxIMPLEMENT_APP(gomoku::app::GomokuApp);
#else
wxIMPLEMENT_APP_NO_MAIN(gomoku::app::GomokuApp);

// Arguments are bytes. wxWidgets would decode them with the locale's encoding, which in the
// "C" locale of a bare test environment turns a UTF-8 nickname into mojibake. They are read as
// UTF-8 here (the protocol's encoding, and every modern system's), falling back to the locale's
// encoding for an argument that is not valid UTF-8.
int main(int argc, char** argv) {
  std::vector<std::wstring> args;
  for (int i = 0; i < argc; ++i) {
    wxString arg = wxString::FromUTF8(argv[i]);
    if (arg.empty() && *argv[i]) arg = wxString(argv[i], wxConvLocal);
    args.push_back(arg.ToStdWstring());
  }
  std::vector<wchar_t*> wargv;
  for (std::wstring& arg : args) wargv.push_back(arg.data());
  wargv.push_back(nullptr);
  if (gomoku::app::WantsHelp(argc, argv) || gomoku::app::NoDisplay())
    wxApp::SetInstance(new gomoku::app::HelpApp);
#ifdef __WXGTK__
  // Scroll bars that take their own room: GTK's overlay scroll bars cover the last characters
  // of the chat log's and the rules' lines. The user's own setting is kept.
  setenv("GTK_OVERLAY_SCROLLING", "0", /*overwrite=*/0);
#endif
  return wxEntry(argc, wargv.data());
}
#endif

namespace gomoku::app {

namespace {

// Taken while the program is loaded, before wxWidgets starts.
const std::chrono::steady_clock::time_point gProcessStart = std::chrono::steady_clock::now();

#if defined(__UNIX__) && !defined(__WXMAC__)
// $XDG_CONFIG_HOME/gomoku/gomoku.conf (by default ~/.config/gomoku/gomoku.conf), its folder
// created. The settings of older versions (~/.gomoku) are copied there once.
wxString XdgConfigFile() {
  const wxFileName file(wxStandardPaths::Get().GetUserConfigDir() + "/gomoku", "gomoku.conf");
  if (!file.DirExists()) file.Mkdir(0700, wxPATH_MKDIR_FULL);
  const wxString old = wxFileName::GetHomeDir() + "/.gomoku";
  if (!file.FileExists() && wxFileName::FileExists(old)) {
    wxLogNull quiet;  // without the old settings the defaults do
    wxCopyFile(old, file.GetFullPath());
  }
  return file.GetFullPath();
}
#endif

// The FILE of "--config FILE" or "--config=FILE" in the arguments (the last one), "" when none.
wxString ConfigFileArgument(int argc, const wxCmdLineArgsArray& argv) {
  wxString file;
  for (int i = 1; i < argc; ++i) {
    const wxString arg = argv[i];
    if (arg == "--") break;
    if (arg == "--config" && i + 1 < argc)
      file = argv[++i];
    else if (arg.StartsWith("--config=", &file))
      continue;
  }
  return file;
}

// The settings file (--config FILE, else the user's) and the language (Settings > Language,
// else the system's), both before the command line is parsed, so that --help and the
// command-line errors are in the user's language.
void SetUpSettingsAndLanguage(int argc, const wxCmdLineArgsArray& argv) {
  wxUILocale::UseDefault();
  const wxString configFile = ConfigFileArgument(argc, argv);
  wxFileConfig* file = nullptr;
  if (!configFile.empty()) {
    file = new wxFileConfig(wxEmptyString, wxEmptyString, configFile, wxEmptyString,
                            wxCONFIG_USE_LOCAL_FILE);
  }
#if defined(__UNIX__) && !defined(__WXMAC__)
  else {
    file = new wxFileConfig(wxEmptyString, wxEmptyString, XdgConfigFile(), wxEmptyString,
                            wxCONFIG_USE_LOCAL_FILE);
  }
#endif
  if (file) {
    file->SetUmask(077);  // only the user reads it: it keeps the session tokens of online logins
    delete wxConfigBase::Set(file);
  }
  SetUpTranslations(ConfiguredLanguage(*wxConfigBase::Get()));  // Settings > Language
}

// One option of the command line as --help lists it: the value's placeholder as the
// description names it (not translated, so that both always match), none for a switch.
struct CommandLineOption {
  const char* name;
  const char* placeholder;  // nullptr: a switch
  bool number;              // the value is a number
  bool hidden;              // for tests: works, but --help does not list it
  wxString description;
};

std::vector<CommandLineOption> CommandLineOptions() {
  return {
      {"host", "PORT", true, false, _("host a game at once, listening on PORT (0: any free port)")},
      {"join", "HOST:PORT", false, false, _("join the game at HOST:PORT at once")},
      {"watch", "HOST:PORT", false, false, _("watch the game hosted at HOST:PORT at once")},
      {"online", "HOST[:PORT]", false, false,
       _("log in on the Gomoku server at HOST[:PORT] at once (with --user; the password from "
         "GOMOKU_PASSWORD)")},
      {"user", "NAME", false, false, _("with --online: the account name")},
      {"register", nullptr, false, false, _("with --online: create the account first")},
      {"local", nullptr, false, false, _("start a game for two players at this computer at once")},
      {"computer", "LEVEL", true, false,
       _("play against the computer at LEVEL (1 Beginner to 5 Master) at once; --color is "
         "yours")},
      {"engine", "ENGINE", false, false,
       _("with --computer: play against this Gomocup engine (pbrain-*)")},
      {"nick", "NAME", false, false, _("nickname for this run")},
      {"color", "black|white|random", false, false,
       _("colour when hosting: black, white or random")},
      {"rule", "freestyle|standard|renju", false, false,
       _("rule for --host and --local: freestyle, standard or renju")},
      {"size", "15..20", true, false, _("board size for --host and --local: 15 to 20 (renju: 15)")},
      {"opening", "OPENING", false, false,
       _("opening rule for --host, --local and --computer: none, swap, swap2 (freestyle, "
         "standard), "
         "soosorv8 or taraguchi10 (renju)")},
      {"foul", "refuse|lose", false, false,
       _("renju: a forbidden move by Black is refused or loses (refuse or lose)")},
      {"clock", "CLOCK", false, false,
       _("clock for --host, --local and --computer: none, 5m+5s (base + increment), 30s/move "
         "or 10m,30s (base, then byo-yomi)")},
      {"config", "FILE", false, false, _("read and write the settings in FILE")},
      {"test-report", "FILE", false, true, _("append a line to FILE for each game event (tests)")},
      {"exit-when-done", nullptr, false, true, _("quit 1 s after the game ends or fails (tests)")},
  };
}

// The record to replay, the one parameter.
wxString RecordParameterText() {
  return _("a game record to replay (.psq, .sgf, .sav, .lib)");
}

void AddCommandLineOptions(wxCmdLineParser& parser) {
  for (const CommandLineOption& o : CommandLineOptions()) {
    const int flags = o.hidden ? wxCMD_LINE_HIDDEN : 0;
    if (o.placeholder)
      parser.AddLongOption(o.name, o.description,
                           o.number ? wxCMD_LINE_VAL_NUMBER : wxCMD_LINE_VAL_STRING, flags);
    else
      parser.AddLongSwitch(o.name, o.description, flags);
  }
  parser.AddParam(RecordParameterText(), wxCMD_LINE_VAL_STRING, wxCMD_LINE_PARAM_OPTIONAL);
}

// --help: wxCmdLineParser::Usage pads by characters after a translated placeholder (the
// descriptions' column goes astray in Chinese) and names values by type ("<数字>", not the PORT
// the text speaks of). This lists the options, but those for tests, with the placeholders
// their descriptions use (ASCII), the descriptions in one column.
wxString UsageText() {
  std::vector<std::pair<wxString, wxString>> rows;
  rows.emplace_back("-h, --help", _("show this help message"));
  rows.emplace_back("--verbose", _("generate verbose log messages"));
  for (const CommandLineOption& o : CommandLineOptions()) {
    if (o.hidden) continue;
    wxString left = wxString("--") + o.name;
    if (o.placeholder) left << "=" << o.placeholder;
    rows.emplace_back(left, o.description);
  }
  rows.emplace_back("RECORD", RecordParameterText());
  std::size_t column = 0;  // the left column is ASCII: one character, one column
  for (const auto& row : rows) column = std::max(column, row.first.length());
  wxString text = wxString::Format(_("Usage: %s"), "gomoku [OPTION]... [RECORD]") + "\n";
  for (const auto& row : rows)
    text << "  " << row.first << wxString(' ', column - row.first.length() + 2) << row.second
         << "\n";
  return text;
}

// wxCmdLineParser's own texts. wxWidgets translates them with its catalog (wxstd), which is
// often not installed; ours has them too, so that --help and its errors are all in the user's
// language. Not used otherwise.
[[maybe_unused]] const char* const kCmdLineParserTexts[] = {
    wxTRANSLATE("Usage: %s"),
    wxTRANSLATE("show this help message"),
    wxTRANSLATE("generate verbose log messages"),
    wxTRANSLATE("Unknown long option '%s'"),
    wxTRANSLATE("Unknown option '%s'"),
    wxTRANSLATE("Option '%s' requires a value."),
    wxTRANSLATE("Option '%s' can't be negated"),
    wxTRANSLATE("Unexpected parameter '%s'"),
    wxTRANSLATE("Unexpected characters following option '%s'."),
    wxTRANSLATE("Separator expected after the option '%s'."),
    wxTRANSLATE("'%s' is not a correct numeric value for option '%s'."),
    wxTRANSLATE("The value for the option '%s' must be specified."),
    wxTRANSLATE("The required parameter '%s' was not specified."),
};

bool CommandLineError(const wxString& text) {
  wxMessageOutput::Get()->Printf("gomoku: %s\n", text);
  return false;
}

}  // namespace

std::chrono::steady_clock::time_point ProcessStartTime() {
  return gProcessStart;
}

void GomokuApp::OnInitCmdLine(wxCmdLineParser& parser) {
  wxApp::OnInitCmdLine(parser);
  AddCommandLineOptions(parser);
}

bool GomokuApp::OnCmdLineParsed(wxCmdLineParser& parser) {
  return wxApp::OnCmdLineParsed(parser) && ParseLaunchOptions(parser, options_);
}

namespace {

// The options of the command line, checked: false after a message for the first bad one.
bool ParseLaunchOptions(wxCmdLineParser& parser, LaunchOptions& options) {
  long port = 0;
  wxString text;
  if (parser.Found("host", &port)) {
    if (port < 0 || port > 65535) return CommandLineError(_("--host needs a port from 0 to 65535"));
    options.hostPort = static_cast<std::uint16_t>(port);
  }
  if (parser.Found("join", &text)) {
    options.join = net::parseHostPort(text.utf8_string(), net::kDefaultPort);
    if (!options.join) return CommandLineError(_("--join needs HOST or HOST:PORT"));
  }
  if (parser.Found("online", &text)) {
    options.online = net::parseHostPort(text.utf8_string(), net::kDefaultServerPort);
    if (!options.online) return CommandLineError(_("--online needs HOST or HOST:PORT"));
  }
  if (parser.Found("user", &text)) {
    if (!options.online) return CommandLineError(_("--user needs --online HOST"));
    options.user = text.Trim().Trim(false).utf8_string();
  }
  options.registering = parser.FoundSwitch("register") == wxCMD_SWITCH_ON;
  if (options.registering && options.user.empty())
    return CommandLineError(_("--register needs --online HOST and --user NAME"));
  options.local = parser.FoundSwitch("local") == wxCMD_SWITCH_ON;
  if (long level = 0; parser.Found("computer", &level)) {
    if (level < 1 || level > 5) return CommandLineError(_("--computer needs a level from 1 to 5"));
    options.computerLevel = static_cast<int>(level);
  }
  if (parser.Found("engine", &text)) {
    if (!options.computerLevel) return CommandLineError(_("--engine needs --computer LEVEL"));
    options.engine = text.utf8_string();
  }
  if ((options.hostPort ? 1 : 0) + (options.join ? 1 : 0) + (options.local ? 1 : 0) +
          (options.computerLevel ? 1 : 0) + (options.online ? 1 : 0) >
      1)
    return CommandLineError(_("use only one of --host, --join, --online, --local and --computer"));
  if (parser.Found("watch", &text)) {
    options.watch = net::parseHostPort(text.utf8_string(), net::kDefaultPort);
    if (!options.watch) return CommandLineError(_("--watch needs HOST or HOST:PORT"));
    if (options.hostPort || options.join || options.local || options.computerLevel ||
        options.online)
      return CommandLineError(
          _("--watch cannot go with --host, --join, --online, --local or --computer"));
  }
  if (parser.Found("nick", &text)) {
    const std::string nick = trimNickname(text.utf8_string());
    if (const auto error = nicknameError(nick))
      return CommandLineError(wxString::Format(_("--nick: %s"), wxString::FromUTF8(*error)));
    options.nickname = nick;
  }
  if (parser.Found("color", &text)) {
    text.MakeLower();
    if (text == "black")
      options.color = net::ColorChoice::Black;
    else if (text == "white")
      options.color = net::ColorChoice::White;
    else if (text == "random")
      options.color = net::ColorChoice::Random;
    else
      return CommandLineError(_("--color must be black, white or random"));
  }
  if (parser.Found("rule", &text)) {
    const auto rule = parseRule(text.utf8_string());
    if (!rule || !ruleSupported(*rule))
      return CommandLineError(_("--rule must be freestyle, standard or renju"));
    options.rule = rule;
  }
  long size = 0;
  if (parser.Found("size", &size)) {
    if (size < kMinBoardSize || size > kMaxBoardSize)
      return CommandLineError(
          wxString::Format(_("--size must be from %d to %d"), kMinBoardSize, kMaxBoardSize));
    if (options.rule == Rule::Renju && size != kRenjuBoardSize)
      return CommandLineError(
          wxString::Format(_(L"renju is played on %d \u00D7 %d: --size must be %d"),
                           kRenjuBoardSize, kRenjuBoardSize, kRenjuBoardSize));
    options.boardSize = static_cast<int>(size);
  }
  if (parser.Found("opening", &text)) {
    options.opening = parseOpeningRule(text.utf8_string());
    if (!options.opening)
      return CommandLineError(_("--opening must be none, swap, swap2, soosorv8 or taraguchi10"));
    if (options.rule && session::fitOpeningRule(*options.opening, *options.rule, kRenjuBoardSize) !=
                            *options.opening)
      return CommandLineError(
          _("--opening: swap and swap2 go with freestyle and standard, soosorv8 and "
            "taraguchi10 with renju"));
  }
  if (parser.Found("foul", &text)) {
    options.foul = ParseFoulPolicy(text.utf8_string());
    if (!options.foul) return CommandLineError(_("--foul must be refuse or lose"));
  }
  if (parser.Found("clock", &text)) {
    wxString why;
    options.clock = ParseClockField(text, why);
    if (!options.clock) return CommandLineError("--clock: " + why);
  }
  parser.Found("config", &options.configFile);
  parser.Found("test-report", &options.testReport);
  options.exitWhenDone = parser.FoundSwitch("exit-when-done") == wxCMD_SWITCH_ON;
  if (parser.GetParamCount() > 0) {
    if (options.hostPort || options.join || options.online)
      return CommandLineError(_("a record file cannot be opened with --host, --join or --online"));
    options.openFile = parser.GetParam(0);
  }
  return true;
}

}  // namespace

bool GomokuApp::OnCmdLineError(wxCmdLineParser&) {
  wxMessageOutput::Get()->Printf("%s", UsageText());  // after the parser's error
  return false;
}

bool GomokuApp::OnCmdLineHelp(wxCmdLineParser&) {
  wxMessageOutput::Get()->Printf("%s", UsageText());
  helpShown_ = true;
  return true;  // OnInit then quits normally, so the exit status is 0
}

bool GomokuApp::OnInit() {
#ifdef __WXMSW__
  // Held until the process ends: the installer looks for it to close a running copy before it
  // replaces the files (APP_MUTEX in installer/gomoku.nsi.in).
  ::CreateMutexW(nullptr, FALSE, L"Gomoku.Application.Running");
#endif
  SetAppName("gomoku");
  SetAppDisplayName("Gomoku");
  SetVendorName({});
  // Linux and other Unix: settings in ~/.config/gomoku/ (XDG), not a dot-file in the home.
  wxStandardPaths::Get().SetFileLayout(wxStandardPaths::FileLayout_XDG);
  SetUpSettingsAndLanguage(argc, argv);
  if (!wxApp::OnInit()) return false;  // parses the command line
  if (helpShown_) {
    CallAfter([this] { ExitMainLoop(); });
    return true;
  }

  // res/ holds PNG only; the other handlers cost start-up time.
  wxImage::AddHandler(new wxPNGHandler);
  const Settings settings = Settings::Load(*wxConfigBase::Get());

  auto* frame = new MainFrame(settings, options_);
  frame->Show();
  if (options_.hostPort || options_.join || options_.watch || !options_.openFile.empty() ||
      options_.computerLevel || options_.online)
    frame->CallAfter(&MainFrame::StartFromCommandLine);
  return true;
}

int GomokuApp::OnExit() {
  Resources::Unload();
  return wxApp::OnExit();
}

}  // namespace gomoku::app
