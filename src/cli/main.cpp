// gomoku-cli: the terminal front end. Plays a network game (host / join) or a hot-seat game
// (local). Reads one command per line: a move ("h8" in RIF notation or "7,7" as 0-based x,y)
// or "quit". When standard input is not a terminal (a script), each move waits until it is our
// turn. At the end prints "RESULT <black|white|draw|interrupted> <reason>" and exits 0.

#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <iostream>
#include <mutex>
#include <thread>

#include <CLI/CLI.hpp>

#ifdef _WIN32
#include <io.h>
#define GOMOKU_ISATTY(fd) _isatty(fd)
#else
#include <unistd.h>
#define GOMOKU_ISATTY(fd) isatty(fd)
#endif

#include "cli/console.h"
#include "core/notation.h"
#include "core/utf8.h"
#include "gomoku/version.h"
#include "net/netgame.h"

namespace {

using namespace gomoku;

// Lines from standard input, read on a thread of their own; plus a "something changed" flag
// raised by the network. The main thread waits on one condition variable for either.
struct Inbox {
  std::mutex mu;
  std::condition_variable cv;
  std::deque<std::string> lines;
  bool eof = false;
  bool changed = false;

  void startReader() {
    std::thread([this] {
      std::string line;
      while (std::getline(std::cin, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        std::lock_guard<std::mutex> lock(mu);
        lines.push_back(line);
        cv.notify_all();
      }
      std::lock_guard<std::mutex> lock(mu);
      eof = true;
      cv.notify_all();
    }).detach();
  }
  void poke() {
    std::lock_guard<std::mutex> lock(mu);
    changed = true;
    cv.notify_all();
  }
};

// Strips comments and blanks; "" means nothing to do.
std::string clean(std::string s) {
  if (auto hash = s.find('#'); hash != std::string::npos) s.resize(hash);
  return trimNickname(s);
}

std::string defaultNick() {
  for (const char* var : {"GOMOKU_NICK", "USER", "USERNAME"})
    if (const char* v = std::getenv(var); v && !nicknameError(v)) return v;
  return "Player";
}

void printMove(const Game& g, int index) {
  const Point p = g.moves()[static_cast<std::size_t>(index)];
  std::cout << "MOVE " << index + 1 << " " << (index % 2 == 0 ? "black" : "white") << " "
            << toRif(p, g.size()) << " (" << toXY(p) << ")\n";
}

int runLocal(int size, Rule rule, FoulPolicy foul, bool interactive) {
  Game game(size, rule, foul);
  Inbox in;
  in.startReader();
  std::cout << "Local game, " << ruleName(rule) << ", " << size << "x" << size
            << ". Black (X) moves first. Enter moves like h8 or 7,7; quit to stop.\n"
            << cli::renderBoard(game) << std::flush;
  while (!game.over()) {
    if (interactive) std::cout << stoneName(game.toMove()) << "> " << std::flush;
    std::unique_lock<std::mutex> lock(in.mu);
    in.cv.wait(lock, [&] { return !in.lines.empty() || in.eof; });
    if (in.lines.empty()) {
      lock.unlock();
      game.end(Outcome::Interrupted, EndReason::Disconnected, "input ended");
      break;
    }
    const std::string cmd = clean(in.lines.front());
    in.lines.pop_front();
    lock.unlock();
    if (cmd.empty()) continue;
    if (cmd == "quit") {
      game.end(Outcome::Interrupted, EndReason::Disconnected, "quit");
      break;
    }
    auto p = parsePoint(cmd, game.size());
    if (!p) {
      std::cerr << "error: \"" << cmd << "\" is not a move (use h8 or 7,7)\n";
      continue;
    }
    if (MoveError e = game.play(*p); e != MoveError::None) {
      std::cerr << "error: " << cmd << ": " << game.refusalText(*p, e) << "\n";
      continue;
    }
    printMove(game, game.ply() - 1);
    std::cout << cli::renderBoard(game) << std::flush;
  }
  std::cout << describeResult(game.result()) << "\n" << cli::resultLine(game.result()) << std::endl;
  return 0;
}

int runNetwork(bool hosting, const std::string& target, std::uint16_t port, net::MatchSettings settings,
               int timeoutSeconds, bool interactive) {
  Inbox in;
  net::NetGame netGame([&in] { in.poke(); });
  if (hosting) {
    if (auto err = netGame.host(port, settings)) {
      std::cerr << "error: " << *err << "\n";
      return 2;
    }
    const auto snap = netGame.snapshot();
    const auto local = net::localAddresses();
    std::cout << "LISTENING " << snap.port << "\n"
              << "Waiting for an opponent on " << local.hostName << " port " << snap.port;
    if (!local.addresses.empty()) {
      std::cout << " (addresses:";
      for (const auto& a : local.addresses) std::cout << " " << a;
      std::cout << ")";
    }
    std::cout << std::endl;
  } else {
    std::cout << "Connecting to " << target << " port " << port << "..." << std::endl;
    netGame.join(target, port, settings, std::chrono::seconds(timeoutSeconds));
  }
  in.startReader();

  bool started = false;
  int printed = 0;  // moves already printed
  bool prompted = false;
  for (;;) {
    const net::NetSnapshot s = netGame.snapshot();
    if (s.phase == net::NetPhase::Failed) {
      if (s.failure == net::NetFailure::Cancelled) {
        std::cout << "Cancelled before a game started." << std::endl;
        return 1;
      }
      std::cerr << "error: " << s.message << "\n";
      return 2;
    }
    const bool inGame = s.phase == net::NetPhase::InMatch && s.match != net::MatchPhase::Handshake;
    if (s.phase == net::NetPhase::InMatch && s.match == net::MatchPhase::Closed && !started) {
      std::cerr << "error: " << s.message << "\n";
      return 2;
    }
    if (inGame && !started) {
      started = true;
      std::cout << "STARTED " << stoneName(s.localColor) << " vs " << singleLine(s.peerNickname)
                << " (" << stoneName(opponent(s.localColor)) << ")"
                << (s.peerAddress.empty() ? "" : " at " + s.peerAddress) << ", "
                << ruleName(s.game.rule()) << " " << s.game.size() << "x" << s.game.size() << "\n"
                << cli::renderBoard(s.game) << std::flush;
    }
    if (started && s.game.ply() > printed) {
      for (; printed < s.game.ply(); ++printed) printMove(s.game, printed);
      std::cout << cli::renderBoard(s.game) << std::flush;
      prompted = false;
    }
    if (started && s.game.over()) {
      std::cout << describeResult(s.game.result()) << "\n" << cli::resultLine(s.game.result()) << std::endl;
      return 0;
    }
    if (interactive && s.myTurn && !prompted) {
      std::cout << "your move (" << stoneName(s.localColor) << ")> " << std::flush;
      prompted = true;
    }

    // Take the next command that can apply now; otherwise wait for input or the network.
    std::unique_lock<std::mutex> lock(in.mu);
    if (in.changed) {
      in.changed = false;
      continue;
    }
    if (in.lines.empty()) {
      // At the end of the input we stay while the opponent may still end the game, and leave
      // when the game needs a move from us (or at once at a terminal: Ctrl-D).
      const bool mustLeave = in.eof && (interactive || s.myTurn);
      if (mustLeave) {
        lock.unlock();
        if (started) netGame.leave();
        else netGame.cancel();  // no game yet: stop listening or connecting
        continue;
      }
      in.cv.wait(lock, [&] { return in.changed || !in.lines.empty() || (in.eof && interactive); });
      continue;
    }
    const std::string cmd = clean(in.lines.front());
    if (cmd.empty()) {
      in.lines.pop_front();
      continue;
    }
    if (cmd == "quit") {
      in.lines.pop_front();
      lock.unlock();
      if (started) netGame.leave();
      else netGame.cancel();
      continue;
    }
    auto p = parsePoint(cmd, started ? s.game.size() : Board::kDefaultSize);
    if (!p) {
      in.lines.pop_front();
      std::cerr << "error: \"" << cmd << "\" is not a move (use h8 or 7,7, or quit)\n";
      continue;
    }
    if (!s.myTurn && !interactive) {  // a script's move waits for its turn
      in.cv.wait(lock, [&] { return in.changed; });
      continue;
    }
    in.lines.pop_front();
    lock.unlock();
    if (MoveError e = netGame.play(*p); e != MoveError::None) {
      std::cerr << "error: " << cmd << ": " << s.game.refusalText(*p, e) << "\n";
      prompted = false;  // ask again
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Gomoku (five in a row) in the terminal: play over the network or hot-seat.\n"
               "Moves: h8 (RIF: column letter, row from the bottom) or 7,7 (0-based x,y from the top-left).",
               "gomoku-cli"};
  app.set_version_flag("--version", std::string("gomoku-cli ") + kProgramVersion);
  app.require_subcommand(1);

  std::string nick = defaultNick();
  std::uint16_t port = net::kDefaultPort;
  std::string color = "black";
  std::string ruleText = "freestyle";
  std::string foulText = "refuse";
  int size = Board::kDefaultSize;
  int timeout = 10;
  std::string target;

  auto ruleCheck = CLI::IsMember({"freestyle", "standard", "renju"}, CLI::ignore_case);
  auto foulCheck = CLI::IsMember({"refuse", "lose"}, CLI::ignore_case);
  const char* foulHelp = "Renju: a forbidden move by Black is refused, or loses the game (strict RIF)";
  auto* host = app.add_subcommand("host", "Create a game and wait for an opponent to join.");
  host->add_option("--port", port, "TCP port to listen on (0 = any free port)")->capture_default_str();
  host->add_option("--nick", nick, "Your nickname (UTF-8, at most 32 characters)");
  host->add_option("--color", color, "Your colour")->check(CLI::IsMember({"black", "white", "random"}, CLI::ignore_case))->capture_default_str();
  host->add_option("--rule", ruleText, "Rule set")->check(ruleCheck)->capture_default_str();
  host->add_option("--size", size, "Board size")->check(CLI::Range(Board::kMinSize, Board::kMaxSize))->capture_default_str();
  host->add_option("--foul", foulText, foulHelp)->check(foulCheck)->capture_default_str();

  auto* join = app.add_subcommand("join", "Join a game hosted on HOST.");
  join->add_option("target", target, "HOST or HOST:PORT (IPv6: [addr]:port)")->required();
  join->add_option("--nick", nick, "Your nickname (UTF-8, at most 32 characters)");
  join->add_option("--timeout", timeout, "Seconds for name lookup and connection together")->check(CLI::Range(1, 600))->capture_default_str();

  auto* local = app.add_subcommand("local", "Hot-seat game on this terminal.");
  local->add_option("--rule", ruleText, "Rule set")->check(ruleCheck)->capture_default_str();
  local->add_option("--size", size, "Board size")->check(CLI::Range(Board::kMinSize, Board::kMaxSize))->capture_default_str();
  local->add_option("--foul", foulText, foulHelp)->check(foulCheck)->capture_default_str();

  app.add_subcommand("forbidden",
                     "Read positions \"<black x,y list>|<white x,y list>\" (Black to move, 15x15), one per "
                     "line, and print each one's renju forbidden points as sorted x,y pairs.");

  CLI11_PARSE(app, argc, argv);

  if (app.got_subcommand("forbidden")) return cli::forbiddenTool(std::cin, std::cout);

  const bool interactive = GOMOKU_ISATTY(0) != 0;
  const Rule rule = *parseRule(ruleText);
  const FoulPolicy foul = foulText == "lose" ? FoulPolicy::Lose : FoulPolicy::Refuse;
  if (rule == Rule::Renju && size != 15) {
    std::cerr << "error: --size: renju is played on a 15x15 board\n";
    return 2;
  }
  if (*local) return runLocal(size, rule, foul, interactive);

  nick = trimNickname(nick);
  if (auto e = nicknameError(nick)) {
    std::cerr << "error: --nick: " << *e << "\n";
    return 2;
  }
  net::MatchSettings settings;
  settings.nickname = nick;
  settings.boardSize = size;
  settings.rule = rule;
  settings.foul = foul;
  settings.color = color == "white" ? net::ColorChoice::White
                   : color == "random" ? net::ColorChoice::Random
                                       : net::ColorChoice::Black;
  if (*host) return runNetwork(true, {}, port, settings, timeout, interactive);

  auto hp = net::parseHostPort(target, net::kDefaultPort);
  if (!hp) {
    std::cerr << "error: \"" << target
              << "\" is not HOST or HOST:PORT (port 1..65535; IPv6 as [addr]:port)\n"
              << "Run with --help for more information.\n";
    return 2;
  }
  return runNetwork(false, hp->first, hp->second, settings, timeout, interactive);
}
