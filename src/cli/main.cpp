// gomoku-cli: the terminal front end. Plays a network game (host / join), on a server (online:
// hall commands, then the same in-game commands; its output lines are listed in its --help), a
// hot-seat game (local; also undo and redo) or a game against the computer (ai; the built-in engine
// or any pbrain engine; also undo, redo and hint). Reads one command per line: a move ("h8" in RIF
// notation or "7,7" as 0-based x,y), or in a network game takeback, draw, resign, again, nick NAME,
// say TEXT, accept, decline (optionally naming takeback, draw or again: two requests can stand at
// once), wait (until the game ends), quit. Also replays a game record ("replay
// FILE": the final position and a RESULT line) and converts records between formats ("convert IN
// OUT"). When standard input is not a terminal (a script), each command waits until it can apply (a
// move waits for our turn, accept for an offer), except one that only a later command could make
// apply (a takeback before any move of ours): that one is refused at once, as at a terminal, and
// the script goes on. At the end of each game it prints "RESULT <black|white|draw|interrupted>
// <reason>", and again when the result changes (a resignation that crossed the five); it exits 0
// after the last game.

#include <algorithm>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <deque>
#include <functional>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <sstream>
#include <thread>
#include <utility>

#include <CLI/CLI.hpp>

#ifdef _WIN32
#include <io.h>
#define GOMOKU_ISATTY(fd) _isatty(fd)
#else
#include <unistd.h>
#define GOMOKU_ISATTY(fd) isatty(fd)
#endif

#include "ai/engine.h"
#include "ai/engine_opening.h"
#include "ai/external_engine.h"
#include "ai/opening_player.h"
#include "cli/console.h"
#include "core/notation.h"
#include "core/utf8.h"
#include "gomoku/version.h"
#include "net/lan.h"
#include "net/matchtracker.h"
#include "net/netgame.h"
#include "net/online.h"
#include "net/watcher.h"
#include "record/recordio.h"
#include "record/replay.h"
#include "session/localsession.h"
#include "session/openingsession.h"
#include "session/storedgame.h"

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
            << pointName(p, g.size()) << " (" << toXY(p) << ")\n";
}

// Why a typed move is refused. An off-board point is named by the board's range, not by the
// internal coordinates it parsed to (z99 would read "25,-84").
std::string refusal(const Game& g, Point p, MoveError e) {
  if (e != MoveError::OffBoard) return g.refusalText(p, e);
  const int n = g.size();
  return "the point is off the " + std::to_string(n) + "x" + std::to_string(n) +
         " board (columns A-" + std::string(1, columnLetter(n - 1)) + ", rows 1-" +
         std::to_string(n) + ", or x,y from 0,0 to " + std::to_string(n - 1) + "," +
         std::to_string(n - 1) + ")";
}

// Plays a move typed at the console (h8 or 7,7) and prints it with the board; a bad or refused
// move gets an error line on stderr naming `usage` and changes nothing.
void playTyped(session::LocalSession& s, const std::string& cmd, const char* usage) {
  const Game& game = s.game();
  const auto p = parsePoint(cmd, game.size());
  if (!p) {
    std::cerr << "error: \"" << cmd << "\" is not a move " << usage << "\n";
    return;
  }
  if (MoveError e = s.play(*p); e != MoveError::None) {
    std::cerr << "error: " << cmd << ": " << refusal(game, *p, e) << "\n";
    return;
  }
  printMove(game, game.ply() - 1);
  std::cout << cli::renderBoard(game) << std::flush;
}

// The line after a takeback: "TAKEBACK to 1 move", "TAKEBACK to 0 moves".
std::string takebackLine(int ply) {
  return "TAKEBACK to " + std::to_string(ply) + (ply == 1 ? " move\n" : " moves\n");
}

// "undo": the TAKEBACK line and the board, or an error line on stderr.
void undoTyped(session::LocalSession& s) {
  const session::Takeback t = s.undo();
  switch (t.error) {
    case session::TakebackError::None:
      std::cout << takebackLine(s.game().ply()) << cli::renderBoard(s.game()) << std::flush;
      return;
    case session::TakebackError::Ended:
      std::cerr << "error: undo: the game has ended; it cannot be taken back\n";
      return;
    default:
      std::cerr << "error: undo: nothing to take back\n";
      return;
  }
}

// "redo": a MOVE line for each move played again and the board, or an error line on stderr.
void redoTyped(session::LocalSession& s) {
  const int before = s.game().ply();
  const session::Takeback t = s.redo();
  if (t.error != session::TakebackError::None) {
    std::cerr << "error: redo: nothing to play again (redo replays moves taken back with undo)\n";
    return;
  }
  for (int i = before; i < s.game().ply(); ++i) printMove(s.game(), i);
  std::cout << cli::renderBoard(s.game()) << std::flush;
}

// The next command typed (comments and blanks stripped, maybe ""); nullopt at the end of input.
// With timeoutMs >= 0, "" when nothing came within that many milliseconds.
std::optional<std::string> nextCommand(Inbox& in, std::int64_t timeoutMs = -1) {
  std::unique_lock<std::mutex> lock(in.mu);
  const auto ready = [&] { return !in.lines.empty() || in.eof; };
  if (timeoutMs < 0)
    in.cv.wait(lock, ready);
  else if (!in.cv.wait_for(lock, std::chrono::milliseconds(timeoutMs), ready))
    return std::string();
  if (in.lines.empty()) return std::nullopt;
  std::string cmd = clean(in.lines.front());
  in.lines.pop_front();
  return cmd;
}

// The clocks' line after a change, when the game has a clock: "CLOCK black 4:52 white 5:00".
void printClock(const session::LocalSession& s) {
  if (s.timeControl().kind == ClockKind::None) return;
  std::cout << cli::clockLine(s.clockReading(Stone::Black), s.clockReading(Stone::White)) << "\n"
            << std::flush;
}

// The clock's words in a game's first line: "" without one, else ", clock 5m+5s".
std::string clockTitle(const TimeControl& tc) {
  return tc.kind == ClockKind::None ? std::string()
                                    : std::string(", clock ") + formatTimeControl(tc);
}

// A line typed during an opening, read against `o`'s step: the decision, or why it is none.
struct OpeningLine {
  std::optional<net::OpeningAct> act;  // the decision; unset: see error
  std::string error;                   // why the line is no decision
  std::string quoted;                  // the line as an error quotes it (at most 60 characters)
};

// Reads an opening command: a point places a stone (or picks a 5th move), "keep", "swap",
// "black", "white", "two", "one", "ten" choose, "declare N" declares, "offer P P ..." offers.
// Words in any case.
OpeningLine parseOpeningLine(const std::string& cmd, const Opening& o) {
  OpeningLine out;
  const int size = o.game().size();
  out.quoted = cmd.size() > 60 ? cmd.substr(0, 60) + "..." : cmd;
  std::string lower = cmd;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::istringstream words(lower);
  std::string word;
  words >> word;
  const auto wire = [](Point p) {
    return net::SyncPoint{static_cast<std::uint8_t>(p.x), static_cast<std::uint8_t>(p.y)};
  };
  net::OpeningAct a;
  if (const std::optional<OpeningChoice> choice = parseOpeningChoice(word)) {
    a.action = net::OpeningAction::Choose;
    a.choice = *choice;
    out.act = a;
    return out;
  }
  if (word == "declare") {
    // One whole number and nothing after it.
    std::string count, extra;
    words >> count >> extra;
    const bool digits = !count.empty() && count.size() <= 2 && extra.empty() &&
                        count.find_first_not_of("0123456789") == std::string::npos;
    a.action = net::OpeningAction::Declare;
    a.count = static_cast<std::uint8_t>(digits ? std::stoi(count) : 0);
    out.act = a;
    return out;
  }
  if (word == "offer") {
    a.action = net::OpeningAction::Offer;
    while (words >> word) {
      const auto p = parsePoint(word, size);
      if (!p) {
        out.error = "offer points like H8 or 7,7";
        return out;
      }
      a.points.push_back(wire(*p));
    }
    out.act = a;
    return out;
  }
  if (const auto p = parsePoint(cmd, size)) {
    a.action = o.step() == OpeningStep::ChooseAlternative ? net::OpeningAction::Pick
                                                          : net::OpeningAction::Place;
    a.points = {wire(*p)};
    out.act = a;
    return out;
  }
  out.error = std::string("\"") + out.quoted + "\" is not a point or a decision (" +
              cli::openingStepText(o) + ")";
  return out;
}

// Why our engine decided an opening step for the external engine (`asked`: the opening at that
// step), or "" when the engine decided itself or the reason was said before.
std::string engineOpeningText(const ai::EngineOpeningTurn& t, const Opening& asked) {
  const std::string reply = std::string("\"") + t.reply + "\"";
  switch (t.source) {
    case ai::EngineOpeningSource::Engine:
    case ai::EngineOpeningSource::AsBefore:
      return "";
    case ai::EngineOpeningSource::NoCommand:
      return std::string("the Gomocup protocol has no command for the engine in the ") +
             openingRuleName(asked.rule()) + " opening";
    case ai::EngineOpeningSource::Refused:
      return std::string("the engine does not play swap2 (it answered ") + reply + ")";
    case ai::EngineOpeningSource::Invalid:
      return std::string("the engine's swap2 answer ") + reply + " does not fit (" +
             (t.refusal == OpeningError::None ? std::string("not an answer this step allows")
                                              : cli::openingErrorText(t.refusal, asked)) +
             ")";
    case ai::EngineOpeningSource::NoAnswer:
      return std::string("the engine did not answer SWAP2BOARD (") + t.reply + ")";
  }
  return "";
}

// Plays the opening `o` at the terminal: an OPENING line says whose decision it is and what it
// may be; a point places a stone (or picks a 5th move), "keep", "swap", "black", "white", "two",
// "one", "ten", "declare N" and "offer P P ..." decide. A refusal gets an error line and
// changes nothing. With `computer`, our engine takes that seat's decisions ("OPENING computer:
// ..." says each); with `engine` too, the external engine takes those it can (SWAP2BOARD) and a
// line says why ours decided for it. With a clock (enabled `clock`, on the milliseconds of
// `now`) the opening is timed: each decision is charged to its player, and a decider out of
// time loses (OpeningEnd::Flagged).
enum class OpeningEnd { Done, Quit, Flagged };
OpeningEnd runOpening(Inbox& in, Opening& o, bool interactive, GameClock& clock,
                      const std::function<std::int64_t()>& now, std::optional<Seat> computer = {},
                      ai::EngineOpening* engine = nullptr) {
  const int size = o.game().size();
  const auto showClock = [&] {
    if (clock.enabled())
      std::cout << cli::clockLine(clock.reading(Stone::Black, now()),
                                  clock.reading(Stone::White, now()))
                << "\n";
  };
  const auto say = [&] {
    if (!o.done()) showClock();  // the decider's clock runs (once done, the game's line follows)
    std::cout << "OPENING " << cli::openingStepText(o) << "\n" << std::flush;
  };
  // Whether the decider of `before` is out of time; one reading of the time (`at`) for the
  // check and the charge, so that a decision in time is charged as such.
  std::int64_t at = 0;
  const auto late = [&](const Opening& before) {
    at = now();
    return clock.flagged(openingClockSide(before), at);
  };
  clock.start(openingClockSide(o), now());
  say();
  while (!o.done()) {
    if (late(o)) return OpeningEnd::Flagged;
    const Opening asked = o;  // before the decision: for the clock and the messages
    if (computer && o.decider() == *computer) {
      const int before = o.game().ply();
      std::vector<ai::OpeningDecision> decisions;
      if (engine) {
        const Stone side = openingClockSide(o);
        const ai::EngineOpeningTurn t = engine->decide(
            o, clock.engineTime(side, now()), session::openingDecisionBudgetMs(clock, side, now()));
        decisions = t.decisions;
        if (const std::string why = engineOpeningText(t, asked); !why.empty())
          std::cout << "OPENING computer: " << why << "; decided for it\n";
      } else {
        decisions.push_back(
            ai::decideOpening(o, ai::kOpeningNodes,
                              session::openingDecisionBudgetMs(clock, openingClockSide(o), now())));
        if (ai::applyOpening(o, decisions[0]) != OpeningError::None)
          return OpeningEnd::Quit;  // cannot be
      }
      if (decisions.empty()) return OpeningEnd::Quit;  // cannot happen: our engine decides
      if (late(asked)) {  // decided too late: the decisions do not stand
        o = asked;
        return OpeningEnd::Flagged;
      }
      timeOpeningDecision(clock, asked, o, at);
      for (const ai::OpeningDecision& d : decisions) {
        static const char* const kWords[] = {"keep", "swap", "black", "white", "two", "one", "ten"};
        if (d.choice)
          std::cout << "OPENING computer: " << kWords[static_cast<int>(*d.choice)] << "\n";
        if (d.count) std::cout << "OPENING computer: declare " << d.count << "\n";
        if (!d.points.empty()) {
          std::cout << "OPENING computer: offer";
          for (Point p : d.points) std::cout << " " << pointName(p, size);
          std::cout << "\n";
        }
        if (d.step == OpeningStep::ChooseAlternative && d.point)
          std::cout << "OPENING computer: pick " << pointName(*d.point, size) << "\n";
      }
      for (int i = before; i < o.game().ply(); ++i) printMove(o.game(), i);
      if (o.game().ply() != before) std::cout << cli::renderBoard(o.game());
      say();
      continue;
    }
    if (interactive) std::cout << "opening> " << std::flush;
    // Wakes when the decider runs out of time ("": the loop's check ends the opening).
    const auto cmd = nextCommand(in, clock.msUntilFlag(now()));
    if (!cmd || *cmd == "quit") return OpeningEnd::Quit;
    if (cmd->empty() || late(asked)) continue;
    if (*cmd == "time") {
      showClock();
      std::cout << std::flush;
      continue;
    }
    const int before = o.game().ply();
    const OpeningLine line = parseOpeningLine(*cmd, o);
    if (!line.act) {
      std::cerr << "error: opening: " << line.error << "\n";
      continue;
    }
    if (const OpeningError e = net::applyOpeningAct(o, o.decider(), *line.act);
        e != OpeningError::None) {
      std::cerr << "error: opening: " << line.quoted << ": " << cli::openingErrorText(e, o) << "\n";
      continue;
    }
    timeOpeningDecision(clock, asked, o, at);
    for (int i = before; i < o.game().ply(); ++i) printMove(o.game(), i);
    if (o.game().ply() != before) std::cout << cli::renderBoard(o.game());
    say();
  }
  return OpeningEnd::Done;
}

// Plays `opening` at the terminal (runOpening), timed by `tc`, and puts its stones into `s`,
// where they cannot be taken back, with the clocks as the opening left them. With `computer`,
// our engine (or `engine`'s, see runOpening) takes that seat and *computerColour is its colour
// after the opening. False (after the RESULT line) when the opening was not finished: quit, or
// the decider ran out of time (and lost).
bool playOpening(Inbox& in, session::LocalSession& s, OpeningRule opening, bool interactive,
                 const TimeControl& tc, std::optional<Seat> computer = {},
                 Stone* computerColour = nullptr, ai::EngineOpening* engine = nullptr) {
  const Game& start = s.game();
  Opening o(opening, start.size(), start.rule());
  GameClock clock(tc);
  const auto epoch = std::chrono::steady_clock::now();
  const auto now = [epoch] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                 epoch)
        .count();
  };
  const OpeningEnd end = runOpening(in, o, interactive, clock, now, computer, engine);
  Game game(start.size(), start.rule(), start.foulPolicy());
  for (Point p : o.game().moves()) game.play(p);
  s.reset(game);
  s.setUndoFloor(game.ply());  // the opening's stones stay
  if (computer && computerColour) *computerColour = o.colourOf(*computer);
  if (end == OpeningEnd::Flagged) {
    const Stone loser = openingClockSide(o);
    clock.runOut(loser, now());
    s.continueClocks(clock);
    s.end(loser == Stone::Black ? Outcome::WhiteWins : Outcome::BlackWins, EndReason::Time);
  } else if (end == OpeningEnd::Quit) {
    s.end(Outcome::Interrupted, EndReason::Disconnected, "the opening was not finished");
  }
  if (end != OpeningEnd::Done) {
    if (end == OpeningEnd::Flagged) printClock(s);
    std::cout << describeResult(s.game().result()) << "\n"
              << cli::resultLine(s.game().result()) << std::endl;
    return false;
  }
  clock.stop(now());
  s.continueClocks(clock);
  return true;
}

int runLocal(int size, Rule rule, FoulPolicy foul, const TimeControl& tc, OpeningRule opening,
             bool interactive) {
  session::LocalSession s(Game(size, rule, foul));
  Inbox in;
  in.startReader();
  std::cout << "Local game, " << ruleName(rule) << ", " << size << "x" << size << clockTitle(tc)
            << (opening == OpeningRule::None ? "" : ", opening ")
            << (opening == OpeningRule::None ? "" : openingRuleName(opening))
            << ". Black (X) moves first. Enter moves like H8 or 7,7; undo, redo, time, quit.\n"
            << cli::renderBoard(s.game()) << std::flush;
  // The first player (the tentative Black) and the second decide in turn at this terminal, on
  // the clock: tournaments time the opening.
  if (opening == OpeningRule::None)
    s.setTimeControl(tc);
  else if (!playOpening(in, s, opening, interactive, tc))
    return 0;
  printClock(s);
  while (!s.game().over()) {
    if (s.checkTime()) break;
    if (interactive) std::cout << stoneName(s.game().toMove()) << "> " << std::flush;
    // Wakes when the side to move runs out of time (nextCommand gives "": checkTime ends it).
    const auto cmd = nextCommand(in, s.msUntilFlag());
    if (!cmd) {
      s.end(Outcome::Interrupted, EndReason::Disconnected, "input ended");
      break;
    }
    if (cmd->empty()) continue;
    if (*cmd == "quit") {
      s.end(Outcome::Interrupted, EndReason::Disconnected, "quit");
      break;
    }
    if (*cmd == "time") {
      if (s.timeControl().kind == ClockKind::None)
        std::cout << "No clock in this game (start it with --clock).\n" << std::flush;
      printClock(s);
      continue;
    }
    const std::uint64_t before = s.version();
    if (*cmd == "undo")
      undoTyped(s);
    else if (*cmd == "redo")
      redoTyped(s);
    else
      playTyped(s, *cmd, "(use H8 or 7,7; undo, redo, time, quit)");
    if (s.version() != before) printClock(s);
  }
  if (s.game().result().reason == EndReason::Time) printClock(s);  // the flag shown
  std::cout << describeResult(s.game().result()) << "\n"
            << cli::resultLine(s.game().result()) << std::endl;
  return 0;
}

// A game against the computer: the built-in engine, or the pbrain engine `enginePath` (for
// `--time` ms per move). The engine thinks on this thread's behalf (the console has nothing
// else to do meanwhile); "undo" takes back our last move and the engine's reply, "redo" plays
// them again, "hint" asks the built-in engine. Exit 1 when the external engine fails.
int runAi(int size, Rule rule, FoulPolicy foul, const TimeControl& tc, OpeningRule opening,
          Stone human, int level, std::int64_t moveMs, int threads, const std::string& enginePath,
          bool interactive) {
  session::LocalSession s(Game(size, rule, foul));
  s.setComputer(opponent(human), level);
  ai::Limits limits;
  limits.level = level;
  limits.turnTimeMs = moveMs;
  limits.threads = threads;
  std::unique_ptr<ai::ExternalEngine> external;
  std::optional<ai::EngineOpening> engineOpening;  // the external engine's opening decisions
  if (!enginePath.empty()) {
    external = std::make_unique<ai::ExternalEngine>(enginePath);
    ai::Limits opening = limits;
    opening.memoryBytes = 256u << 20;
    std::string error;
    if (!external->open(size, rule, opening, error)) {
      std::cerr << "error: --engine: " << error << "\n";
      return 2;
    }
  }
  Inbox in;
  in.startReader();
  const std::string opponentName =
      external ? "engine " + enginePath.substr(enginePath.find_last_of("/\\") + 1)
               : std::string(ai::levelName(level)) + ", level " + std::to_string(level);
  std::cout << "Game against the computer (" << opponentName << "), " << ruleName(rule) << ", "
            << size << "x" << size << clockTitle(tc)
            << (opening == OpeningRule::None
                    ? std::string(". You play ") + stoneName(human) +
                          (human == Stone::Black ? " (X)" : " (O)")
                    : std::string(", opening ") + openingRuleName(opening) + ". You are the " +
                          (human == Stone::Black ? "first" : "second") + " player")
            << ". Enter moves like H8 or 7,7; undo, redo, hint, time, quit.\n"
            << cli::renderBoard(s.game()) << std::flush;
  if (opening != OpeningRule::None) {
    // --color names the seat: black, the first player (the tentative Black). Our engine takes
    // the computer's decisions; an external engine takes its swap2 decisions itself (the rest
    // and its failures ours) and may give its first move with them.
    const Seat mine = human == Stone::Black ? Seat::First : Seat::Second;
    Stone computerColour = Stone::Empty;
    ai::Limits openingLimits = limits;
    openingLimits.memoryBytes = 256u << 20;
    if (external) engineOpening.emplace(*external, openingLimits);
    if (!playOpening(in, s, opening, interactive, tc, otherSeat(mine), &computerColour,
                     engineOpening ? &*engineOpening : nullptr))
      return 0;
    s.setComputer(computerColour, level);
    std::cout << "You play " << stoneName(opponent(computerColour)) << ".\n" << std::flush;
  } else {
    s.setTimeControl(tc);
  }
  printClock(s);
  bool failed = false;
  while (!s.game().over()) {
    if (s.checkTime()) break;
    if (const auto request = s.computerRequest()) {
      if (interactive) std::cout << "thinking..." << std::endl;
      const Game& game = s.game();
      ai::SearchResult r;
      // An external engine's first move may have come with its colour choice in the opening.
      const std::optional<Point> given =
          engineOpening ? engineOpening->takeMove(game) : std::optional<Point>();
      if (given) {
        r.move = given;
        r.reason = "external";
      } else if (external) {
        ai::Limits l = limits;
        session::applyClock(*request, l);
        l.memoryBytes = 256u << 20;
        ai::Callbacks cb;
        cb.onDone = [&r](const ai::SearchResult& result) { r = result; };
        external->start(game.moves(), game.size(), game.rule(), l, std::move(cb));
        external->wait();
      } else {
        ai::Limits l = limits;
        l.seed = static_cast<std::uint64_t>(game.ply()) + 1;
        session::applyClock(*request, l);
        r = ai::think(game.board(), game.toMove(), rule, l);
      }
      if (!r.error.empty()) {
        s.computerFailed(request->id, r.error);
        std::cerr << "error: the engine " << enginePath << " failed: " << r.error << "\n";
        failed = true;
        break;
      }
      switch (s.applyComputerMove(request->id, r)) {
        case session::ComputerMove::Played:
          printMove(game, game.ply() - 1);
          std::cout << cli::renderBoard(game) << std::flush;
          printClock(s);
          break;
        case session::ComputerMove::Resigned:
          std::cout << "The computer resigns (" << r.reason << ").\n";
          break;
        case session::ComputerMove::Illegal:  // the result sentence after the loop says why
        case session::ComputerMove::OutOfTime:
        case session::ComputerMove::Stale:
          break;
      }
      continue;
    }
    if (interactive) std::cout << stoneName(s.game().toMove()) << "> " << std::flush;
    const auto cmd = nextCommand(in, s.msUntilFlag());
    if (!cmd) {
      s.end(Outcome::Interrupted, EndReason::Disconnected, "input ended");
      break;
    }
    if (cmd->empty()) continue;
    if (*cmd == "quit") {
      s.end(Outcome::Interrupted, EndReason::Disconnected, "quit");
      break;
    }
    if (*cmd == "time") {
      if (s.timeControl().kind == ClockKind::None)
        std::cout << "No clock in this game (start it with --clock).\n" << std::flush;
      printClock(s);
      continue;
    }
    if (*cmd == "undo") {
      undoTyped(s);
      printClock(s);
      continue;
    }
    if (*cmd == "redo") {
      redoTyped(s);
      printClock(s);
      continue;
    }
    if (*cmd == "hint") {
      const Game& game = s.game();
      const ai::SearchResult r = ai::think(game.board(), game.toMove(), rule, limits);
      if (r.move)
        std::cout << "HINT " << pointName(*r.move, game.size()) << " (" << toXY(*r.move) << ")\n";
      else
        std::cout << "HINT none (no legal move)\n";
      std::cout << std::flush;
      continue;
    }
    const std::uint64_t before = s.version();
    playTyped(s, *cmd, "(use H8 or 7,7; undo, redo, hint, time, quit)");
    if (s.version() != before) printClock(s);
  }
  if (s.game().result().reason == EndReason::Time) printClock(s);  // the flag shown
  std::cout << describeResult(s.game().result()) << "\n"
            << cli::resultLine(s.game().result()) << std::endl;
  return failed ? 1 : 0;
}

// The commands of a network game besides moves. Each one waits (in a script) until it can apply
// (canApply), or is refused at once when waiting could not help (hopeless).
enum class Command {
  Move,
  Quit,
  Takeback,
  Draw,
  Resign,
  Again,
  Nick,
  Say,
  Accept,
  Decline,
  Wait,
  Bad
};

Command parseCommand(const std::string& cmd, std::string& argument) {
  const auto space = cmd.find(' ');
  const std::string word = cmd.substr(0, space);
  argument = space == std::string::npos ? "" : trimNickname(cmd.substr(space + 1));
  if (word == "quit") return Command::Quit;
  if (word == "takeback") return Command::Takeback;
  if (word == "draw") return Command::Draw;
  if (word == "resign") return Command::Resign;
  if (word == "again") return Command::Again;
  if (word == "nick") return Command::Nick;
  if (word == "say") return Command::Say;
  if (word == "accept") return Command::Accept;
  if (word == "decline") return Command::Decline;
  if (word == "wait") return Command::Wait;
  return Command::Move;
}

// Which of the opponent's requests "accept" / "decline" answer: the one named by the argument
// ("takeback", "draw", "again"), else the takeback request, the draw offer, then play again (a
// takeback request and a draw offer can stand at once).
enum class Answered { Any, Takeback, Draw, Again };

Answered answeredBy(const std::string& argument) {
  if (argument == "takeback") return Answered::Takeback;
  if (argument == "draw") return Answered::Draw;
  if (argument == "again") return Answered::Again;
  return Answered::Any;
}

// Whether a command can be carried out in state s (otherwise a script waits for it).
bool canApply(Command c, const net::NetSnapshot& s, const std::string& argument = "") {
  const bool running =
      s.phase == net::NetPhase::InMatch && s.match == net::MatchPhase::Playing && !s.game.over();
  const bool finished = s.phase == net::NetPhase::InMatch && s.match == net::MatchPhase::Finished;
  const bool connected = s.phase == net::NetPhase::InMatch &&
                         s.match != net::MatchPhase::Handshake &&
                         s.match != net::MatchPhase::Closed;
  switch (c) {
    case Command::Move:
      return s.myTurn;
    case Command::Takeback: {
      if (!running || s.takebackPending || s.takebackRequested) return false;
      const int own = s.game.toMove() == s.localColor ? s.game.ply() - 2 : s.game.ply() - 1;
      return own >= 0;
    }
    case Command::Draw:
    case Command::Resign:
      return running && !s.takebackPending;  // both wait for the answer to our takeback request
    case Command::Again:
      return finished;
    case Command::Nick:
    case Command::Say:
      return connected;
    case Command::Accept:
    case Command::Decline:
      switch (answeredBy(argument)) {
        case Answered::Takeback:
          return s.takebackRequested;
        case Answered::Draw:  // answered once our own takeback request has its answer
          return s.drawRequested && !s.takebackPending;
        case Answered::Again:
          return finished && s.peerWantsAgain;
        case Answered::Any:
          break;
      }
      return s.takebackRequested || s.drawRequested || (finished && s.peerWantsAgain);
    case Command::Wait:
      return finished || s.match == net::MatchPhase::Closed;
    case Command::Quit:
    case Command::Bad:
      return true;
  }
  return true;
}

// Whether a command that cannot apply in state s could only be made to apply by a later
// command of our own: a script waiting for it would wait forever, blocking the rest of the
// script, so it is refused at once with the message a terminal gets. A command that the
// opponent or the connection can make apply still waits: a move for our turn, accept for the
// opponent's request, draw or again for the game (or the next one), anything for the handshake
// or the end of a suspension.
bool hopeless(Command c, const net::NetSnapshot& s) {
  if (s.phase != net::NetPhase::InMatch) return false;
  const bool playing = s.match == net::MatchPhase::Playing && !s.game.over();
  const bool over = s.match == net::MatchPhase::Finished ||
                    (s.match == net::MatchPhase::Playing && s.game.over());
  switch (c) {
    case Command::Takeback: {
      if (over) return true;  // nor in a next game, which starts without a move of ours
      if (!playing || s.takebackPending) return false;  // the opponent answers ours
      if (s.takebackRequested) return true;             // the opponent's waits for our answer
      const int own = s.game.toMove() == s.localColor ? s.game.ply() - 2 : s.game.ply() - 1;
      return own < 0;  // only a move of ours gives one to take back
    }
    case Command::Move:
      // The opponent asked to take back two moves on its turn and may not move until we answer.
      return playing && s.takebackRequested && !s.myTurn;
    case Command::Draw:
    case Command::Resign:
      return over && !s.wantAgain;  // only our own again starts another game
    case Command::Accept:
    case Command::Decline:
      // After a game the only request is the opponent's again; ours stands already, so the
      // opponent's again starts the next game and leaves nothing to answer.
      return over && s.wantAgain && !s.peerWantsAgain;
    default:
      return false;
  }
}

// Applies an in-game command (a move, a request, an answer, a chat line) to a network game:
// `target` is a NetGame (host, join) or an OnlineClient (online), which offer the same match
// requests; `s` is the match as last seen. Returns why it was refused ("" when done, and for a
// command that is not an in-game one).
template <class Target>
std::string applyMatchCommand(Target& target, Command c, const net::NetSnapshot& s,
                              const std::optional<Point>& p, const std::string& argument) {
  switch (c) {
    case Command::Move:
      if (MoveError e = target.play(*p); e != MoveError::None) {
        if (s.takebackPending) return net::describe({net::RequestRefusal::TakebackPending, {}});
        if (e == MoveError::NotYourTurn && s.takebackRequested)
          return net::describe({net::RequestRefusal::AnswerTakebackFirst, {}});
        return refusal(s.game, *p, e);
      }
      return "";
    case Command::Takeback:
      return net::describe(target.requestTakeback());
    case Command::Draw:
      return net::describe(target.offerDraw());
    case Command::Resign:
      return net::describe(target.resign());
    case Command::Again:
      return net::describe(target.playAgain(true));
    case Command::Nick:
      if constexpr (requires { target.changeNickname(argument); })
        return net::describe(target.changeNickname(argument));
      return "";
    case Command::Say:
      return net::describe(target.sendChat(argument));
    case Command::Accept:
    case Command::Decline: {
      const bool yes = c == Command::Accept;
      const Answered what = answeredBy(argument);
      if (what == Answered::Takeback || (what == Answered::Any && s.takebackRequested))
        return net::describe(target.answerTakeback(yes));
      if (what == Answered::Draw || (what == Answered::Any && s.drawRequested))
        return net::describe(target.answerDraw(yes));
      if (what == Answered::Again || (what == Answered::Any && s.peerWantsAgain))
        return net::describe(target.playAgain(yes));
      return "there is nothing to answer";
    }
    default:
      return "";
  }
}

// The clocks' line of a network game with a clock: "CLOCK black 4:52 white 5:00".
void printNetClock(const net::NetSnapshot& s) {
  if (!s.clock.enabled()) return;
  std::cout << cli::clockLine(s.clockNow(Stone::Black), s.clockNow(Stone::White)) << "\n";
}

// Prints the OPENING lines of a network or online game with an opening rule: its step whenever
// a decision was made (and at its start), then its end ("OPENING over: you play black").
class OpeningLines {
 public:
  // `s`: the match now; `gameNumber`: the game the tracker has printed (0: none yet).
  void show(const net::NetSnapshot& s, int gameNumber) {
    if (s.openingRule == OpeningRule::None || gameNumber == 0 ||
        (s.gameNumber == shown_.first && s.openingActs.size() == shown_.second))
      return;
    shown_ = {s.gameNumber, s.openingActs.size()};
    // The clocks after a decision without a stone (a stone's MOVE line had them), when they
    // run: the decider's in a timed opening (protocol 1.6), the side to move's after it.
    const bool stoneless = !s.openingActs.empty() &&
                           s.openingActs.back().action != net::OpeningAction::Place &&
                           s.openingActs.back().action != net::OpeningAction::Pick;
    if (s.opening) {
      std::cout << "OPENING " << cli::openingStepText(*s.opening)
                << (s.opening->decider() == s.localSeat ? " (you decide)"
                                                        : " (the opponent decides)")
                << "\n";
      if (s.clock.running() != Stone::Empty && stoneless) printNetClock(s);
    } else if (!s.openingActs.empty()) {
      std::cout << "OPENING over: you play " << stoneName(s.localColor) << "\n";
      if (s.clock.running() != Stone::Empty && stoneless) printNetClock(s);
    }
  }

 private:
  std::pair<int, std::size_t> shown_{0, 0};  // game and decisions of the last OPENING line
};

// A line typed while a network or online game's opening runs (s.opening set): our decision,
// sent through `target` (NetGame or OnlineClient); what is wrong with it goes to stderr.
template <class Target>
void applyOpeningCommand(Target& target, const std::string& cmd, const net::NetSnapshot& s) {
  if (s.opening->decider() != s.localSeat) {
    std::cerr << "error: " << cmd << ": wait for the opponent's decision in the opening\n";
    return;
  }
  const OpeningLine line = parseOpeningLine(cmd, *s.opening);
  OpeningError e = OpeningError::None;
  if (!line.act)
    std::cerr << "error: opening: " << line.error << "\n";
  else if ((e = target.openingAct(*line.act)) != OpeningError::None)
    std::cerr << "error: opening: " << line.quoted << ": " << cli::openingErrorText(e, *s.opening)
              << "\n";
}

// "freestyle 15x15, clock 5m+5s, opening swap2": a network game's rule, size, clock and opening.
std::string gameTitle(const Game& g, const TimeControl& clock, OpeningRule opening) {
  return ruleName(g.rule()) + std::string(" ") + std::to_string(g.size()) + "x" +
         std::to_string(g.size()) + clockTitle(clock) +
         (opening == OpeningRule::None ? std::string()
                                       : std::string(", opening ") + openingRuleName(opening));
}

// Prints an update of a match that the network and online commands print alike: the game's
// start, moves, takebacks, requests' notices, chat, suspension and the result.
void printGameUpdate(const net::MatchUpdate& u, const net::NetSnapshot& s, bool& prompted) {
  switch (u.kind) {
    case net::MatchUpdateKind::PreviousGameRevised:
      // The other side's last word about the game before was lost in a drop (PROTOCOL.md).
      std::cout << "game " << u.gameNumber << " ended otherwise: " << describeResult(u.result)
                << "\n";
      break;
    case net::MatchUpdateKind::GameStarted:
      std::cout << "STARTED " << stoneName(u.color) << " vs " << singleLine(s.peerNickname) << " ("
                << stoneName(opponent(u.color)) << ")"
                << (s.peerAddress.empty() ? "" : " at " + s.peerAddress) << ", "
                << gameTitle(s.game, s.clock.control(), s.openingRule)
                << (u.gameNumber > 1 ? ", game " + std::to_string(u.gameNumber) : "") << "\n"
                << cli::renderBoard(s.game) << std::flush;
      printNetClock(s);
      prompted = false;
      break;
    case net::MatchUpdateKind::Suspended: {
      const auto left = std::chrono::duration_cast<std::chrono::seconds>(
          u.resumeDeadline - std::chrono::steady_clock::now());
      std::cout << "SUSPENDED "
                << (u.text.empty() ? std::string("the connection dropped") : singleLine(u.text))
                << (s.game.over() ? " (the match ends in " : " (the game is abandoned in ")
                << std::max<long long>(0, left.count()) << " s without a reconnection)\n";
      prompted = false;
      break;
    }
    case net::MatchUpdateKind::Resumed:
      std::cout << "RESUMED at move " << u.ply << "\n";
      break;
    case net::MatchUpdateKind::PeerRenamed:
      std::cout << "NICK " << singleLine(u.text) << "\n";
      break;
    case net::MatchUpdateKind::TakenBack:
      std::cout << takebackLine(u.ply) << cli::renderBoard(s.game) << std::flush;
      prompted = false;
      break;
    case net::MatchUpdateKind::MovesAdded:
      for (int i = u.from; i < u.ply; ++i) printMove(s.game, i);
      std::cout << cli::renderBoard(s.game) << std::flush;
      printNetClock(s);
      prompted = false;
      break;
    case net::MatchUpdateKind::Chat:
      std::cout << "CHAT " << (u.chat.fromUs ? std::string("you") : singleLine(s.peerNickname))
                << ": " << singleLine(u.chat.text) << "\n";
      break;
    case net::MatchUpdateKind::Notice:
      std::cout << "NOTICE " << net::describe(u.notice) << "\n";
      break;
    case net::MatchUpdateKind::GameEnded:
      if (u.result.reason == EndReason::Time) printNetClock(s);  // the flag shown
      std::cout << describeResult(u.result) << "\n" << cli::resultLine(u.result) << std::endl;
      break;
    default:
      break;
  }
}

// Prints a watched game (a P2P host's, or one on a server) as the players' programs print
// theirs: WATCHING at each game, MOVE, TAKEBACK, the board and clocks, SUSPENDED and RESUMED,
// the result, WATCHERS n, CHAT (players) and WCHAT (watchers) lines.
class WatchLines {
 public:
  // Prints what changed in `s` since the last call.
  void show(const net::WatchSnapshot& s) {
    if (s.views != shownViews_) {
      shownViews_ = s.views;
      if (s.gameNumber != shownGame_) {
        shownGame_ = s.gameNumber;
        shownMoves_.clear();
        shownOver_ = false;
        shownState_ = net::ViewState::Playing;
        std::cout << "WATCHING game " << s.gameNumber << ": " << singleLine(s.blackNickname())
                  << " (black) vs " << singleLine(s.whiteNickname()) << " (white)"
                  << (s.hostAddress.empty() ? "" : " at " + s.hostAddress) << ", "
                  << gameTitle(s.game, s.clock.control(), s.openingRule) << "\n";
      }
      const auto& moves = s.game.moves();
      std::size_t common = 0;
      while (common < shownMoves_.size() && common < moves.size() &&
             shownMoves_[common] == moves[common])
        ++common;
      const bool boardChanged =
          shownViews_ == 1 || common != shownMoves_.size() || common != moves.size();
      if (common < shownMoves_.size()) std::cout << takebackLine(static_cast<int>(common));
      for (std::size_t i = common; i < moves.size(); ++i) printMove(s.game, static_cast<int>(i));
      shownMoves_ = moves;
      if (boardChanged) {
        std::cout << cli::renderBoard(s.game);
        if (s.clock.enabled())
          std::cout << cli::clockLine(s.clockNow(Stone::Black), s.clockNow(Stone::White)) << "\n";
      }
      if (s.state != shownState_) {
        if (s.state == net::ViewState::Suspended)
          std::cout << "SUSPENDED a player's connection dropped; the game waits for it\n";
        else if (shownState_ == net::ViewState::Suspended)
          std::cout << "RESUMED at move " << moves.size() << "\n";
        shownState_ = s.state;
      }
      if (s.game.over() != shownOver_) {
        shownOver_ = s.game.over();
        if (shownOver_)
          std::cout << describeResult(s.game.result()) << "\n"
                    << cli::resultLine(s.game.result()) << "\n";
      }
      if (s.watchers != shownWatchers_) {
        shownWatchers_ = s.watchers;
        std::cout << "WATCHERS " << s.watchers << "\n";
      }
    }
    // The chat keeps at most its last lines: print those not seen yet.
    const int fresh = std::min<int>(s.chatLines - shownChat_, static_cast<int>(s.chat.size()));
    for (auto i = s.chat.size() - static_cast<std::size_t>(fresh); i < s.chat.size(); ++i)
      std::cout << (s.chat[i].player ? "CHAT " : "WCHAT ") << singleLine(s.chat[i].from) << ": "
                << singleLine(s.chat[i].text) << "\n";
    shownChat_ = s.chatLines;
  }

 private:
  int shownViews_ = 0, shownChat_ = 0, shownGame_ = 0, shownWatchers_ = -1;
  std::vector<Point> shownMoves_;
  bool shownOver_ = false;
  net::ViewState shownState_ = net::ViewState::Playing;
};

// `gomoku-cli watch HOST[:PORT]`: follows a game hosted elsewhere (PROTOCOL.md, Watchers) and
// prints it as the players' programs do: the game's start, moves, takebacks, the result, the
// chat; "say TEXT" chats when the host lets watchers chat; "quit" (or the end of a terminal's
// input) stops watching. Exit status 0 when the host ended it, 1 when we quit, 2 on failure.
int runWatch(const std::string& target, std::uint16_t port, const std::string& nick,
             int timeoutSeconds, bool interactive, net::NetOptions options) {
  Inbox in;
  net::NetWatcher watcher([&in] { in.poke(); }, options);
  std::cout << "Connecting to " << target << " port " << port << " to watch..." << std::endl;
  watcher.watch(target, port, nick, std::chrono::seconds(timeoutSeconds));
  in.startReader();
  WatchLines lines;
  bool quitting = false;
  for (;;) {
    const net::WatchSnapshot s = watcher.snapshot();
    lines.show(s);
    std::cout << std::flush;
    if (s.phase == net::WatchPhase::Failed) {
      if (s.failure == net::NetFailure::Cancelled) return 1;
      std::cerr << "error: " << s.message << "\n";
      return 2;
    }
    if (s.phase == net::WatchPhase::Ended) {
      std::cout << "ENDED " << singleLine(s.message) << std::endl;
      return quitting ? 1 : 0;
    }

    std::unique_lock<std::mutex> lock(in.mu);
    if (in.changed) {
      in.changed = false;
      continue;
    }
    if (in.lines.empty()) {
      if (in.eof && interactive && !quitting) {
        lock.unlock();
        quitting = true;
        watcher.cancel();
        continue;
      }
      // A script's input may end at once: the watcher watches on until the game ends.
      in.cv.wait(lock, [&] {
        return in.changed || !in.lines.empty() || (in.eof && interactive && !quitting);
      });
      continue;
    }
    const std::string cmd = clean(in.lines.front());
    in.lines.pop_front();
    lock.unlock();
    if (cmd.empty()) continue;
    if (cmd == "quit" || cmd == "exit") {
      quitting = true;
      watcher.cancel();
      continue;
    }
    if (cmd.rfind("say ", 0) == 0) {
      if (const auto e = watcher.sendChat(cmd.substr(4)))
        std::cerr << "error: say: " << net::describe(e) << "\n";
      continue;
    }
    std::cerr << "error: \"" << cmd << "\": a watcher's commands are say TEXT and quit\n";
  }
}

// One line of `gomoku-cli lan`: tab-separated fields (a nickname may hold spaces).
std::string lanLine(const net::LanGame& g) {
  std::ostringstream o;
  o << singleLine(g.game.nickname) << '\t' << ruleName(g.game.rule) << '\t' << g.game.boardSize
    << '\t' << g.game.colour << '\t' << (g.game.clock.empty() ? "none" : g.game.clock) << '\t'
    << (g.game.opening.empty() ? "none" : g.game.opening) << '\t' << (g.game.full ? "full" : "open")
    << '\t' << singleLine(g.hostName) << '\t' << g.address << '\t' << g.game.port << '\t'
    << g.protocolMajor << '.' << g.protocolMinor;
  return o.str();
}

// Why local discovery may be missing here (lan.h).
#ifdef _WIN32
constexpr const char* kNoDiscoveryService = "no DNS-SD service: it needs Windows 10 or later";
#else
constexpr const char* kNoDiscoveryService = "no Avahi daemon";
#endif
const std::string kLanUnavailable = std::string("local discovery unavailable (") +
                                    kNoDiscoveryService + "); join by host name or address";

// gomoku-cli lan: lists the games announced on the local network for `seconds` (0: until the
// input ends), a line when one appears ("GAME" + lanLine) or goes ("GONE" + nickname).
int runLan(int seconds) {
  std::mutex mu;
  std::condition_variable cv;
  bool changed = false;
  net::LanBrowser browser([&] {
    std::lock_guard<std::mutex> lock(mu);
    changed = true;
    cv.notify_all();
  });
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  std::vector<net::LanGame> shown;
  bool saidUnavailable = false;
  for (;;) {
    const net::LanStatus status = browser.status();
    if ((status == net::LanStatus::Unavailable || status == net::LanStatus::Failed) &&
        !saidUnavailable) {
      std::cerr << "note: " << kLanUnavailable << "\n";
      saidUnavailable = true;
    }
    const std::vector<net::LanGame> now = browser.games();
    for (const net::LanGame& g : shown)
      if (std::none_of(now.begin(), now.end(),
                       [&](const net::LanGame& x) { return x.instance == g.instance; }))
        std::cout << "GONE\t" << singleLine(g.game.nickname) << '\t' << singleLine(g.hostName)
                  << '\t' << g.address << '\t' << g.game.port << "\n";
    for (const net::LanGame& g : now)
      if (std::find(shown.begin(), shown.end(), g) == shown.end())
        std::cout << "GAME\t" << lanLine(g) << "\n";
    std::cout << std::flush;
    shown = now;
    std::unique_lock<std::mutex> lock(mu);
    if (!cv.wait_until(lock, until, [&] { return changed; })) return 0;
    changed = false;
  }
}

// join --lan NICK (`started` false: a game waiting for its opponent) and watch --lan NICK
// (`started` true: a game in progress that may be watched): the address and port of the game
// NICK announces, waited for up to `seconds`.
// How long `join --lan` looks on after finding the game, for another of the same nickname.
constexpr std::chrono::milliseconds kLanSettle{1000};

std::optional<std::pair<std::string, std::uint16_t>> findLanGame(const std::string& nick,
                                                                 int seconds, bool started) {
  std::mutex mu;
  std::condition_variable cv;
  net::LanBrowser browser(
      [&] {
        std::lock_guard<std::mutex> lock(mu);
        cv.notify_all();
      },
      net::lanInstanceName(nick, started));
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  std::vector<net::LanGame> games;  // the open games of that nickname
  const auto look = [&] {
    games.clear();
    for (const net::LanGame& g : browser.games())
      if (g.game.nickname == nick && g.game.full == started) games.push_back(g);
    return !games.empty();
  };
  std::unique_lock<std::mutex> lock(mu);
  cv.wait_until(lock, until, look);
  // Anyone may announce a game under any nickname: a second one answering within a moment
  // makes the choice the user's, not ours.
  if (!games.empty())
    cv.wait_until(lock, std::min(until, std::chrono::steady_clock::now() + kLanSettle),
                  [&] { return look() && games.size() > 1; });
  if (games.size() > 1) {
    std::cerr << "error: " << games.size() << " games of \"" << singleLine(nick)
              << (started ? "\" run on the local network; watch one by its address:\n"
                          : "\" wait on the local network; join one by its address:\n");
    for (const net::LanGame& g : games)
      std::cerr << "  " << singleLine(g.hostName) << "  "
                << net::hostPortKey(g.address, g.game.port) << "\n";
    return std::nullopt;
  }
  const std::optional<net::LanGame> found =
      games.empty() ? std::nullopt : std::optional<net::LanGame>(games.front());
  if (!found) {
    const net::LanStatus status = browser.status();
    if (status == net::LanStatus::Unavailable || status == net::LanStatus::Failed)
      std::cerr << "error: " << kLanUnavailable << "\n";
    else if (started)
      std::cerr << "error: no game of \"" << singleLine(nick)
                << "\" can be watched on the local network (gomoku-cli lan lists them)\n";
    else
      std::cerr << "error: no game of \"" << singleLine(nick)
                << "\" waits on the local network (gomoku-cli lan lists them)\n";
    return std::nullopt;
  }
  std::cout << "Found " << singleLine(found->game.nickname) << "'s game on "
            << singleLine(found->hostName) << std::endl;
  return std::make_pair(found->address, found->game.port);
}

// watch and join: a HOST[:PORT] argument or --lan NICK, one of them required.
void addTargetOptions(CLI::App& sub, std::string& target, std::string& lanNick,
                      const std::string& lanHelp) {
  auto* targetOpt = sub.add_option("target", target, "HOST or HOST:PORT (IPv6: [addr]:port)");
  auto* lanOpt = sub.add_option("--lan", lanNick, lanHelp);
  targetOpt->excludes(lanOpt);
  sub.callback([targetOpt, lanOpt] {
    if (targetOpt->count() == 0 && lanOpt->count() == 0)
      throw CLI::RequiredError("HOST or --lan NICK");
  });
}

// The host and port of watch or join: NICK's game found on the local network (`started`: in
// progress, else waiting), or `target` read; nullopt once the error is printed.
std::optional<std::pair<std::string, std::uint16_t>> resolveTarget(const std::string& target,
                                                                   const std::string& lanNick,
                                                                   int seconds, bool started) {
  if (!lanNick.empty()) return findLanGame(trimNickname(lanNick), seconds, started);
  auto hp = net::parseHostPort(target, net::kDefaultPort);
  if (!hp)
    std::cerr << "error: \"" << target
              << "\" is not HOST or HOST:PORT (port 1..65535; IPv6 as [addr]:port)\n"
              << "Run with --help for more information.\n";
  return hp;
}

int runNetwork(bool hosting, const std::string& target, std::uint16_t port,
               net::MatchSettings settings, int timeoutSeconds, bool interactive,
               net::NetOptions options) {
  Inbox in;
  net::NetGame netGame([&in] { in.poke(); }, options);
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
    if (options.announce && snap.lanStatus == net::LanStatus::Unavailable)
      std::cout << "(local discovery unavailable: " << kNoDiscoveryService
                << "; players join by this machine's name or address)" << std::endl;
  } else {
    std::cout << "Connecting to " << target << " port " << port << "..." << std::endl;
    netGame.join(target, port, settings, std::chrono::seconds(timeoutSeconds));
  }
  in.startReader();

  // The address is a Gomoku server: online play is another command here.
  const auto serverHint = [&](net::NetFailure failure) {
    if (failure != net::NetFailure::IsServer) return;
    const bool v6 = target.find(':') != std::string::npos;
    std::cerr << "(for a Gomoku server: gomoku-cli online " << (v6 ? "[" : "") << target
              << (v6 ? "]" : "") << ":" << port << " --user NAME)\n";
  };
  net::MatchTracker tracker;  // what has been printed of the match
  bool prompted = false;
  int shownWatchers = 0, shownWatcherChat = 0;
  OpeningLines openingLines;
  const auto showOpening = [&](const net::NetSnapshot& s) {
    openingLines.show(s, tracker.gameNumber());
  };
  for (;;) {
    const net::NetSnapshot s = netGame.snapshot();
    for (const net::MatchUpdate& u : tracker.update(s)) {
      switch (u.kind) {
        case net::MatchUpdateKind::Listening:        // printed when host() returned
        case net::MatchUpdateKind::RequestsChanged:  // the notice says what was asked
          break;
        case net::MatchUpdateKind::Failed:
          if (u.failure == net::NetFailure::Cancelled) {
            std::cout << "Cancelled before a game started." << std::endl;
            return 1;
          }
          std::cerr << "error: " << u.text << "\n";
          serverHint(u.failure);
          return 2;
        case net::MatchUpdateKind::TokenChanged:
          if (u.token != 0) {
            // What a restarted joiner needs to rejoin this match: gomoku-cli join --resume TOKEN.
            std::ostringstream hex;
            hex << std::hex << u.token;
            std::cout << "TOKEN " << hex.str() << "\n";
          }
          break;
        default:
          printGameUpdate(u, s, prompted);
          break;
        case net::MatchUpdateKind::Closed:
          if (u.gameNumber == 0) {  // refused during the handshake
            std::cerr << "error: " << u.text << "\n";
            serverHint(s.failure);
            return 2;
          }
          showOpening(s);
          std::cout << std::flush;
          return 0;  // the connection is gone: nothing more can happen
      }
    }
    showOpening(s);
    if (tracker.gameNumber() > 0 && s.watchers != shownWatchers) {
      shownWatchers = s.watchers;
      std::cout << "WATCHERS " << s.watchers << "\n";
    }
    // The watchers' chat (a host that lets them chat), the lines not printed yet.
    const int newLines = std::min<int>(s.watcherChatLines - shownWatcherChat,
                                       static_cast<int>(s.watcherChat.size()));
    for (auto i = s.watcherChat.size() - static_cast<std::size_t>(newLines);
         i < s.watcherChat.size(); ++i)
      std::cout << "WCHAT " << singleLine(s.watcherChat[i].from) << ": "
                << singleLine(s.watcherChat[i].text) << "\n";
    shownWatcherChat = s.watcherChatLines;
    std::cout << std::flush;
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
      // when the game needs a move or an answer from us (the opponent's takeback request: the
      // opponent may not move until we answer), or after the game (or at once at a terminal).
      const bool finished = s.match == net::MatchPhase::Finished;
      const bool ourDecision = s.opening && s.opening->decider() == s.localSeat;
      const bool mustLeave = in.eof && (interactive || s.myTurn || ourDecision ||
                                        s.takebackRequested || (finished && !s.wantAgain));
      if (mustLeave) {
        lock.unlock();
        if (tracker.gameNumber() == 0)
          netGame.cancel();  // no game yet: stop listening or connecting
        else if (finished)
          return 0;
        else
          netGame.leave();
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
    std::string argument;
    const Command c = parseCommand(cmd, argument);
    // During the game's opening rule, a point or a word is a decision of the opening. A script
    // waits for the game (it may have an opening) and for its own turn to decide.
    if (c == Command::Move && (s.opening || (!interactive && tracker.gameNumber() == 0))) {
      const bool ours = s.opening && s.opening->decider() == s.localSeat;
      if (!ours && !interactive) {
        in.cv.wait(lock, [&] { return in.changed; });
        continue;
      }
      in.lines.pop_front();
      lock.unlock();
      applyOpeningCommand(netGame, cmd, s);
      continue;
    }
    std::optional<Point> p;
    if (c == Command::Move) {
      p = parsePoint(cmd, tracker.gameNumber() ? s.game.size() : Board::kDefaultSize);
      if (!p) {
        in.lines.pop_front();
        std::cerr
            << "error: \"" << cmd << "\" is not a move or a command (moves: H8 or 7,7; commands: "
            << "takeback, draw, resign, again, nick NAME, say TEXT, accept [takeback|draw|again], "
               "decline [takeback|draw|again], wait, quit)\n";
        continue;
      }
    }
    if (c == Command::Move && s.match == net::MatchPhase::Finished && !s.wantAgain) {
      in.lines.pop_front();
      std::cerr << "error: " << cmd << ": the game is over (again: play another game)\n";
      continue;
    }
    // A script's command waits until it can apply, unless only a later command could make it.
    if (!interactive && !canApply(c, s, argument) && !hopeless(c, s)) {
      in.cv.wait(lock, [&] { return in.changed; });
      continue;
    }
    in.lines.pop_front();
    lock.unlock();
    std::string error;
    switch (c) {
      case Command::Quit:
        if (tracker.gameNumber() == 0)
          netGame.cancel();
        else if (s.match == net::MatchPhase::Finished)
          return 0;
        else
          netGame.leave();
        break;
      default:
        error = applyMatchCommand(netGame, c, s, p, argument);
        break;
    }
    if (!error.empty()) {
      std::cerr << "error: " << cmd << ": " << error << "\n";
      prompted = false;  // ask again
    }
  }
}

// ----- gomoku-cli online -----

// The commands of `gomoku-cli online` besides those of a network game.
enum class HallCommand {
  None,
  Find,
  Cancel,
  Room,
  Join,
  Invite,
  Who,
  Top,
  Games,
  Get,
  Leave,
  Live,
  Watch,
  Unwatch
};

HallCommand parseHallCommand(const std::string& word) {
  if (word == "find") return HallCommand::Find;
  if (word == "cancel") return HallCommand::Cancel;
  if (word == "room") return HallCommand::Room;
  if (word == "join") return HallCommand::Join;
  if (word == "invite") return HallCommand::Invite;
  if (word == "who") return HallCommand::Who;
  if (word == "top") return HallCommand::Top;
  if (word == "games") return HallCommand::Games;
  if (word == "get") return HallCommand::Get;
  if (word == "leave") return HallCommand::Leave;
  if (word == "live") return HallCommand::Live;
  if (word == "watch") return HallCommand::Watch;
  if (word == "unwatch") return HallCommand::Unwatch;
  return HallCommand::None;
}

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Reads a --clock value of an online command into `tc`; returns an error phrase, or "".
std::string parseClockOption(const std::string& text, TimeControl& tc) {
  const TimeControlParse p = parseTimeControl(text);
  if (!p.control) return cli::timeControlError(text, p.error);
  tc = *p.control;
  return "";
}

// " clock 5m+5s" for a line about a game with a clock, then " opening swap2" for one with an
// opening rule; "" without either.
std::string clockSuffix(const TimeControl& tc, OpeningRule opening = OpeningRule::None) {
  std::string s;
  if (tc.kind != ClockKind::None) {
    s = " clock ";
    s += formatTimeControl(tc);
  }
  if (opening != OpeningRule::None) {
    s += " opening ";
    s += openingRuleName(opening);
  }
  return s;
}

// Reads an --opening value into `o`; returns an error phrase, or "".
std::string parseOpeningOption(const std::string& text, OpeningRule& o) {
  const std::optional<OpeningRule> r = parseOpeningRule(text);
  if (!r) return "--opening must be none, swap, swap2, soosorv8 or taraguchi10";
  o = *r;
  return "";
}

// Reads the room options "--rule R --size N --color C --foul F --clock FORM --opening O --rated"
// from `args` (starting at `from`) into `s`; returns an error phrase, or "" when all were good.
std::string parseRoomOptions(const std::vector<std::string>& args, std::size_t from,
                             net::RoomSettings& s) {
  for (std::size_t i = from; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--rated") {
      s.rated = true;
      continue;
    }
    if (a != "--rule" && a != "--size" && a != "--color" && a != "--foul" && a != "--clock" &&
        a != "--opening")
      return "unknown option \"" + a +
             "\" (--rule R, --size N, --color C, --foul F, --clock FORM, --opening O, --rated)";
    if (i + 1 >= args.size()) return a + " needs a value";
    const std::string v = lower(args[++i]);
    if (a == "--clock") {
      if (std::string e = parseClockOption(v, s.clock); !e.empty()) return e;
    } else if (a == "--opening") {
      if (std::string e = parseOpeningOption(v, s.opening); !e.empty()) return e;
    } else if (a == "--rule") {
      const auto r = parseRule(v);
      if (!r) return "--rule must be freestyle, standard or renju";
      s.rule = *r;
    } else if (a == "--size") {
      if (v.empty() || v.size() > 2 || v.find_first_not_of("0123456789") != std::string::npos ||
          std::stoi(v) < Board::kMinSize || std::stoi(v) > Board::kMaxSize)
        return "--size must be " + std::to_string(Board::kMinSize) + ".." +
               std::to_string(Board::kMaxSize);
      s.boardSize = static_cast<std::uint8_t>(std::stoi(v));
    } else if (a == "--color") {
      if (v == "black")
        s.color = net::SeatColor::Black;
      else if (v == "white")
        s.color = net::SeatColor::White;
      else if (v == "random")
        s.color = net::SeatColor::Random;
      else
        return "--color must be black, white or random";
    } else {
      if (v != "refuse" && v != "lose") return "--foul must be refuse or lose";
      s.foul = v == "lose" ? FoulPolicy::Lose : FoulPolicy::Refuse;
    }
  }
  if (s.rule == Rule::Renju && s.boardSize != 15) return "renju is played on a 15x15 board";
  if (!openingFitsRule(s.opening, s.rule, s.boardSize))
    return std::string("the ") + openingRuleName(s.opening) + " opening is not played under " +
           ruleName(s.rule) + (s.rule == Rule::Renju ? "" : " (renju openings need renju)");
  return "";
}

const char* seatName(net::SeatColor c) {
  return c == net::SeatColor::Black ? "black" : c == net::SeatColor::White ? "white" : "random";
}

const char* playerStateName(net::PlayerState s) {
  switch (s) {
    case net::PlayerState::Gone:
      return "gone";
    case net::PlayerState::Hall:
      return "hall";
    case net::PlayerState::Finding:
      return "finding";
    case net::PlayerState::Playing:
      return "playing";
  }
  return "?";
}

std::string settingsText(const net::RoomSettings& s) {
  return std::string(ruleName(s.rule)) + " " + std::to_string(s.boardSize) + "x" +
         std::to_string(s.boardSize);
}

// A name from the server on one line with no blank in it (the lines are split on blanks).
std::string nameField(const std::string& name) {
  std::string out = singleLine(name);
  for (char& c : out)
    if (c == ' ') c = '_';
  return out.empty() ? "?" : out;
}

std::string dateText(std::int64_t unixSeconds) {
  return session::utcDateTime(unixSeconds);
}

const char* endReasonName(EndReason r) {
  switch (r) {
    case EndReason::None:
      return "none";
    case EndReason::Five:
      return "five";
    case EndReason::FullBoard:
      return "board-full";
    case EndReason::Resignation:
      return "resignation";
    case EndReason::Disconnected:
      return "disconnected";
    case EndReason::ProtocolError:
      return "protocol-error";
    case EndReason::Foul:
      return "foul";
    case EndReason::Agreement:
      return "agreement";
    case EndReason::Abandoned:
      return "abandoned";
    case EndReason::Time:
      return "time";
  }
  return "?";
}

// Reads the password: GOMOKU_PASSWORD, else a prompt without echo at a terminal (twice for a
// new account). nullopt (with an error line printed) when there is none.
std::optional<std::string> readPassword(bool registering, bool interactive) {
  if (const char* p = std::getenv("GOMOKU_PASSWORD"); p && *p) return std::string(p);
  if (!interactive) {
    std::cerr << "error: no password: set GOMOKU_PASSWORD or run at a terminal (a password is "
                 "never taken on the command line)\n";
    return std::nullopt;
  }
  auto first = cli::readSecret("Password: ");
  if (!first || first->empty()) {
    std::cerr << "error: no password given\n";
    return std::nullopt;
  }
  if (registering) {
    auto again = cli::readSecret("Password again: ");
    if (!again || *again != *first) {
      std::cerr << "error: the passwords differ\n";
      return std::nullopt;
    }
  }
  return first;
}

// What a command waits for from the server before the next command runs.
enum class Awaiting { Nothing, Players, Top, Games, Record, Room, Live };

int runOnline(const std::vector<std::pair<std::string, std::uint16_t>>& servers,
              const std::string& user, bool registering, std::string password,
              net::OnlineOptions options, bool interactive) {
  Inbox in;
  net::OnlineClient client([&in] { in.poke(); }, options);
  std::cout << "Connecting to " << servers[0].first << " port " << servers[0].second;
  if (servers.size() > 1) std::cout << " (or " << servers.size() - 1 << " other server(s))";
  std::cout << "..." << std::endl;
  client.connect(servers);
  in.startReader();

  net::MatchTracker tracker;  // what has been printed of the current match
  OpeningLines openingLines;
  bool loginSent = false;
  bool loggedIn = false;
  bool prompted = false;
  bool reconnecting = false;
  int loginAnswers = 0, stats = 0, matches = 0, invitations = 0, rooms = 0, away = 0,
      reconnects = 0;
  std::size_t denials = 0, results = 0;
  Awaiting awaiting = Awaiting::Nothing;
  std::size_t awaitBase = 0;  // the counter the answer raises, when the command was sent
  net::MsgType awaitType = net::MsgType::HallRequest;  // a DENIED of this type answers too
  std::string getFile;                                 // get: where to save
  int watches = 0;                                     // watch commands seen answered
  WatchLines watchLines;                               // what of the watched game is printed
  bool watchEnded = false;                             // its UNWATCHED line is printed
  int gameWatchers = 0;                                // watchers of our game, as printed
  for (;;) {
    const net::OnlineSnapshot s = client.snapshot();

    if (s.phase == net::OnlinePhase::Connected && !loginSent) {
      std::cout << "WELCOME " << singleLine(s.serverName) << " (" << singleLine(s.serverVersion)
                << ") at " << s.serverAddress << std::endl;
      std::cout << "FINGERPRINT " << s.fingerprint << (s.firstUse ? " new" : " known") << std::endl;
      loginSent = true;
      const net::OnlineRefusal r =
          registering ? client.registerAccount(user, password) : client.login(user, password);
      std::fill(password.begin(), password.end(), '\0');  // only the session token is kept
      password.clear();
      if (r != net::OnlineRefusal::None) {
        std::cerr << "error: " << (registering ? "register: " : "login: ") << net::describe(r)
                  << "\n";
        return 2;
      }
      continue;
    }
    if (s.loginAnswers > loginAnswers) {
      loginAnswers = s.loginAnswers;
      if (!loggedIn) {
        if (s.lastLogin.status != net::LoginStatus::Ok) {
          // The server's detail, unless it only says the status's own words again.
          std::string what = net::describe(s.lastLogin.status);
          std::string detail = singleLine(s.lastLogin.detail);
          auto plain = [](std::string t) {
            while (!t.empty() && (t.back() == '.' || t.back() == ' ')) t.pop_back();
            for (char& ch : t) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
            return t;
          };
          if (!detail.empty() && plain(detail) != plain(what)) what += ": " + detail;
          std::cerr << "error: " << (registering ? "register: " : "login: ") << what << "\n";
          client.close();
          return 2;
        }
        loggedIn = true;
        std::cout << "LOGGED IN " << nameField(s.name) << " " << s.stats.score << "\n";
      }
    }
    if (s.statsUpdates > stats) {
      stats = s.statsUpdates;
      std::cout << "STATS " << nameField(s.name) << " " << s.stats.score << " " << s.stats.games
                << " " << s.stats.wins << " " << s.stats.draws << (s.elo ? " elo" : "") << "\n";
    }
    if (s.phase == net::OnlinePhase::Reconnecting && !reconnecting) {
      reconnecting = true;
      std::cout << "RECONNECTING " << singleLine(s.message) << "\n";
    }
    if (s.reconnects > reconnects) {
      reconnects = s.reconnects;
      reconnecting = false;
      std::cout << "RECONNECTED\n";
    }
    if (s.roomsCreated > rooms && s.room) {
      rooms = s.roomsCreated;
      std::cout << "ROOM " << singleLine(s.room->code) << " " << settingsText(s.room->settings)
                << " " << seatName(s.room->settings.color)
                << (s.room->settings.rated ? " rated" : " unrated")
                << clockSuffix(s.room->settings.clock, s.room->settings.opening) << "\n";
    }
    if (s.invitationsReceived > invitations) {
      const std::size_t fresh = std::min<std::size_t>(
          static_cast<std::size_t>(s.invitationsReceived - invitations), s.invitations.size());
      invitations = s.invitationsReceived;
      for (std::size_t i = s.invitations.size() - fresh; i < s.invitations.size(); ++i) {
        const net::Invited& v = s.invitations[i];
        std::cout << "INVITED " << v.inviteId << " " << nameField(v.from) << " " << v.score << " "
                  << settingsText(v.settings) << " " << seatName(v.settings.color)
                  << (v.settings.rated ? " rated" : " unrated")
                  << clockSuffix(v.settings.clock, v.settings.opening) << "\n";
      }
    }
    for (; denials < s.denials.size(); ++denials) {
      const net::Denied& d = s.denials[denials];
      std::cout << "DENIED " << net::typeName(d.request) << " " << net::describe(d.code)
                << (d.detail.empty() ? "" : ": " + singleLine(d.detail)) << "\n";
      if (awaiting != Awaiting::Nothing && d.request == awaitType) awaiting = Awaiting::Nothing;
    }
    if (s.matches > matches && s.matched) {
      matches = s.matches;
      tracker.reset();
      const net::Matched& m = *s.matched;
      std::cout << "MATCHED " << m.gameId << " " << (m.youAreBlack ? "black" : "white") << " vs "
                << nameField(m.opponent) << " " << m.opponentScore << " " << ruleName(m.rule) << " "
                << int(m.boardSize) << "x" << int(m.boardSize) << (m.rated ? " rated" : " unrated")
                << clockSuffix(m.clock, m.opening) << "\n";
    }
    if (s.game.phase == net::NetPhase::InMatch) {
      for (const net::MatchUpdate& u : tracker.update(s.game)) {
        if (u.kind == net::MatchUpdateKind::Closed) {
          if (u.gameNumber == 0) std::cerr << "error: the game did not start: " << u.text << "\n";
          std::cout << "HALL " << singleLine(u.text) << "\n";
        } else {
          printGameUpdate(u, s.game, prompted);
        }
      }
      openingLines.show(s.game, tracker.gameNumber());
      if (tracker.gameNumber() > 0 && s.game.watchers != gameWatchers) {
        gameWatchers = s.game.watchers;
        std::cout << "WATCHERS " << gameWatchers << "\n";
      }
    }
    if (s.awayChanges > away) {
      away = s.awayChanges;
      if (s.opponentAway) {
        const auto left = std::chrono::duration_cast<std::chrono::seconds>(
            s.opponentDeadline - std::chrono::steady_clock::now());
        std::cout << "AWAY " << std::max<long long>(0, left.count()) << "\n";
      } else {
        std::cout << "BACK\n";
      }
    }
    for (; results < s.results.size(); ++results) {
      const net::GameResult& r = s.results[results];
      if (r.rated) std::cout << "LADDER " << r.oldScore << " " << r.newScore << "\n";
    }
    // The game we watch (watch ID): printed as `gomoku-cli watch` prints one.
    if (s.watches > watches) {
      watches = s.watches;
      watchLines = WatchLines();
      watchEnded = false;
    }
    if (s.watches > 0) {
      watchLines.show(s.watch);
      const bool over =
          s.watch.phase == net::WatchPhase::Ended || s.watch.phase == net::WatchPhase::Failed;
      if (over && !watchEnded) {
        watchEnded = true;
        std::cout << "UNWATCHED " << singleLine(s.watch.message) << "\n";
      }
    }
    switch (awaiting) {
      case Awaiting::Players:
        if (static_cast<std::size_t>(s.playersUpdates) > awaitBase) {
          std::cout << "PLAYERS " << s.players.total << "\n";
          for (const net::PlayerEntry& p : s.players.players)
            std::cout << "PLAYER " << nameField(p.name) << " " << p.score << " "
                      << playerStateName(p.state) << "\n";
          awaiting = Awaiting::Nothing;
        }
        break;
      case Awaiting::Top:
        if (static_cast<std::size_t>(s.topUpdates) > awaitBase) {
          std::cout << "TOP " << s.top.entries.size() << "\n";
          for (const net::TopEntry& t : s.top.entries)
            std::cout << "RANK " << t.rank << " " << nameField(t.name) << " " << t.score << " "
                      << t.games << " " << t.wins << "\n";
          awaiting = Awaiting::Nothing;
        }
        break;
      case Awaiting::Games:
        if (static_cast<std::size_t>(s.gameLists) > awaitBase) {
          for (const net::GameSummary& g : s.games)
            std::cout << "GAME " << g.id << " " << dateText(g.endedAt) << " " << nameField(g.black)
                      << " " << nameField(g.white) << " " << ruleName(g.rule) << " "
                      << int(g.boardSize) << "x" << int(g.boardSize) << " "
                      << outcomeName(g.outcome) << " " << endReasonName(g.reason) << " "
                      << (g.rated ? "rated" : "unrated") << " " << g.blackDelta << " "
                      << g.whiteDelta << " " << g.moves << "\n";
          std::cout << "GAMES " << s.games.size() << "\n";
          awaiting = Awaiting::Nothing;
        }
        break;
      case Awaiting::Record:
        if (s.records.size() > awaitBase) {
          const net::GameRecord& g = s.records.back();
          try {
            saveRecordFile(getFile, session::recordOfStoredGame(g));
            std::cout << "SAVED " << g.summary.id << " " << getFile << " " << g.moves.size()
                      << " moves\n";
          } catch (const std::exception& e) {
            std::cerr << "error: get: " << e.what() << "\n";
          }
          awaiting = Awaiting::Nothing;
        }
        break;
      case Awaiting::Room:
        if (static_cast<std::size_t>(s.roomsCreated) > awaitBase) awaiting = Awaiting::Nothing;
        break;
      case Awaiting::Live:
        if (static_cast<std::size_t>(s.liveUpdates) > awaitBase) {
          for (const net::LiveGame& g : s.live.games)
            std::cout << "LIVEGAME " << g.id << " " << nameField(g.black) << " " << g.blackScore
                      << " " << nameField(g.white) << " " << g.whiteScore << " " << ruleName(g.rule)
                      << " " << int(g.boardSize) << "x" << int(g.boardSize) << " " << g.moves << " "
                      << g.watchers << "\n";
          std::cout << "LIVE " << s.live.games.size() << " of " << s.live.total << "\n";
          awaiting = Awaiting::Nothing;
        }
        break;
      case Awaiting::Nothing:
        break;
    }
    // A script reading our output line by line (a test's scripted player) sees each event at
    // once, not when the buffer fills: a chat line may be what it waits for before it answers.
    std::cout.flush();
    if (s.phase == net::OnlinePhase::Closed && s.failure == net::OnlineFailure::UnknownServer &&
        interactive && !loginSent) {
      // Trust on first use: the user compares the fingerprint with what the server's owner said.
      std::cout << "The server " << s.serverHost << ":" << s.serverPort
                << " is new to this computer. Its certificate fingerprint (SHA-256) is\n  "
                << s.fingerprint
                << "\nCompare it with the one the server's owner gives. Trust this server? [y/N] "
                << std::flush;
      std::string answer;
      {
        std::unique_lock<std::mutex> lock(in.mu);
        in.cv.wait(lock, [&in] { return !in.lines.empty() || in.eof; });
        if (!in.lines.empty()) {
          answer = in.lines.front();
          in.lines.pop_front();
        }
      }
      if (answer != "y" && answer != "Y" && answer != "yes") {
        std::cerr << "error: the server was not trusted; nothing was sent to it\n";
        return 2;
      }
      try {
        net::OnlineClient::trustServer(s.serverHost, s.serverPort, s.fingerprint,
                                       options.knownServersPath);
      } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 2;
      }
      client.connect(servers);
      continue;
    }
    if (s.phase == net::OnlinePhase::Closed) {
      if (s.failure == net::OnlineFailure::None) {
        std::cout << "SIGNED OUT" << std::endl;
        return 0;
      }
      if (s.failure == net::OnlineFailure::UnknownServer) {
        std::cerr << "error: " << s.message
                  << "; to trust it, compare the fingerprint with the server's owner and run "
                     "again with --trust-new-server\n";
        return 2;
      }
      std::cout << std::flush;
      std::cerr << "error: " << s.message << "\n";
      return loggedIn ? 1 : 2;
    }
    std::cout << std::flush;
    const bool inGame = s.phase == net::OnlinePhase::InGame;
    if (interactive && inGame && s.game.myTurn && !prompted) {
      std::cout << "your move (" << stoneName(s.game.localColor) << ")> " << std::flush;
      prompted = true;
    }

    // Take the next command that can apply now; otherwise wait for input or the network.
    std::unique_lock<std::mutex> lock(in.mu);
    if (in.changed) {
      in.changed = false;
      continue;
    }
    const bool settled =
        loggedIn && awaiting == Awaiting::Nothing && s.phase != net::OnlinePhase::Reconnecting;
    if (in.lines.empty()) {
      // At the end of the input: sign out once nothing more can happen without us (as
      // `join`: a game waits while the opponent may still end it).
      const bool finished = s.game.match == net::MatchPhase::Finished;
      const bool mustLeave =
          in.eof &&
          (interactive ||
           (settled && (!inGame || s.game.myTurn || s.game.takebackRequested ||
                        (s.game.opening && s.game.opening->decider() == s.game.localSeat) ||
                        (finished && !s.game.wantAgain))));
      if (mustLeave) {
        lock.unlock();
        client.close();
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
    std::string argument;
    const Command c = parseCommand(cmd, argument);
    const std::vector<std::string> args = words(cmd);
    const HallCommand h = c == Command::Move ? parseHallCommand(args[0]) : HallCommand::None;
    // Everything waits for the login, the answer to the last request and a reconnection; in a
    // script quit too waits for the answer (a `get` must be saved before the program ends).
    const bool answerDue = !interactive && awaiting != Awaiting::Nothing;
    if (c == Command::Quit ? answerDue : !settled) {
      in.cv.wait(lock, [&] { return in.changed; });
      continue;
    }
    // During the game's opening rule, a point or a word is a decision of the opening. A script
    // waits for its turn to decide, and its opening words wait for the game.
    if (c == Command::Move && h == HallCommand::None) {
      const bool opening = inGame && s.game.opening && tracker.gameNumber() > 0;
      const bool ours = opening && s.game.opening->decider() == s.game.localSeat;
      const std::string first = lower(args[0]);
      const bool openingWord = parseOpeningChoice(first) || first == "declare" || first == "offer";
      if (!interactive && (opening ? !ours : openingWord && !(inGame && tracker.gameNumber()))) {
        in.cv.wait(lock, [&] { return in.changed; });
        continue;
      }
      if (opening) {
        in.lines.pop_front();
        lock.unlock();
        applyOpeningCommand(client, cmd, s.game);
        continue;
      }
    }
    std::optional<Point> p;
    if (c == Command::Move && h == HallCommand::None) {
      p = parsePoint(cmd, s.matched ? s.matched->boardSize : Board::kDefaultSize);
      if (!p) {
        in.lines.pop_front();
        std::cerr << "error: \"" << cmd
                  << "\" is not a move or a command (hall: find, cancel, room, join, invite, "
                     "accept, decline, who, top, games, get, quit; game: moves H8 or 7,7, "
                     "takeback, draw, resign, again, say TEXT, leave, wait)\n";
        continue;
      }
    }
    const bool invitation = (c == Command::Accept || c == Command::Decline) &&
                            !s.invitations.empty() &&
                            (s.phase == net::OnlinePhase::Hall || c == Command::Decline);
    // Whether the command can apply now, and whether waiting could not help (refused at once).
    bool can = true;
    bool lost = false;
    std::string hopelessWhy;
    if (h != HallCommand::None) {
      switch (h) {
        case HallCommand::Cancel:
          can = s.finding;
          if (!can) hopelessWhy = "not looking for an opponent";
          break;
        case HallCommand::Leave:
          can = inGame && s.game.match != net::MatchPhase::Suspended;
          if (!inGame) hopelessWhy = "not in a game";
          break;
        case HallCommand::Who:
        case HallCommand::Top:
        case HallCommand::Games:
        case HallCommand::Get:
        case HallCommand::Live:
          break;
        case HallCommand::Unwatch:
          can = s.watchingId != 0;
          if (!can) hopelessWhy = "not watching a game";
          break;
        default:  // find, room, join, invite, watch: from the hall
          can = s.phase == net::OnlinePhase::Hall;
          break;
      }
      lost = !can && !hopelessWhy.empty();
    } else if (c == Command::Nick) {
      lost = true;
      hopelessWhy = "on a server your name is your account name";
    } else if (!invitation && c != Command::Quit) {
      if (c == Command::Wait)  // until the current (or next) game is over
        can = s.game.phase == net::NetPhase::InMatch && canApply(c, s.game);
      else
        can = inGame && canApply(c, s.game, argument);
      if (!can && inGame && hopeless(c, s.game)) lost = true;
      if (!inGame && interactive && c != Command::Wait) hopelessWhy = "not in a game";
    }
    if (!interactive && !can && !lost) {
      in.cv.wait(lock, [&] { return in.changed; });
      continue;
    }
    in.lines.pop_front();
    lock.unlock();
    if (!hopelessWhy.empty() && !can) {
      std::cerr << "error: " << cmd << ": " << hopelessWhy << "\n";
      continue;
    }
    std::string error;
    auto hallError = [&](net::OnlineRefusal r) {
      if (r != net::OnlineRefusal::None) error = net::describe(r);
      return r == net::OnlineRefusal::None;
    };
    switch (h) {
      case HallCommand::Find: {
        // find [RULE] [--clock FORM] [--opening O]
        std::size_t next = 1;
        std::string ruleText = "freestyle";
        if (args.size() > next && args[next].rfind("--", 0) != 0) ruleText = lower(args[next++]);
        const auto rule = parseRule(ruleText);
        TimeControl clock;
        OpeningRule opening = OpeningRule::None;
        while (rule && error.empty() && args.size() >= next + 2 &&
               (args[next] == "--clock" || args[next] == "--opening")) {
          error = args[next] == "--clock" ? parseClockOption(lower(args[next + 1]), clock)
                                          : parseOpeningOption(lower(args[next + 1]), opening);
          next += 2;
        }
        if (!error.empty()) break;
        if (!rule || args.size() != next) {
          error = "use find [freestyle|standard|renju] [--clock FORM] [--opening O]";
          break;
        }
        if (!openingFitsRule(opening, *rule, Board::kDefaultSize)) {
          error = std::string("the ") + openingRuleName(opening) + " opening is not played under " +
                  ruleName(*rule);
          break;
        }
        if (hallError(client.find(*rule, clock, opening)))
          std::cout << "FINDING " << ruleName(*rule) << clockSuffix(clock, opening) << "\n";
        break;
      }
      case HallCommand::Cancel:
        if (hallError(client.cancelFind())) std::cout << "FIND CANCELLED\n";
        break;
      case HallCommand::Room: {
        net::RoomSettings rs;
        error = parseRoomOptions(args, 1, rs);
        if (error.empty() && hallError(client.createRoom(rs))) {
          awaiting = Awaiting::Room;
          awaitBase = static_cast<std::size_t>(s.roomsCreated);
          awaitType = net::MsgType::RoomCreate;
        }
        break;
      }
      case HallCommand::Join: {
        const bool rated = args.size() == 3 && args[2] == "--rated";
        if (args.size() < 2 || args.size() > 3 || (args.size() == 3 && !rated)) {
          error = "use join CODE [--rated]";
          break;
        }
        if (hallError(client.joinRoom(args[1], rated)))
          std::cout << "JOINING " << singleLine(args[1]) << "\n";
        break;
      }
      case HallCommand::Invite: {
        net::RoomSettings rs;
        if (args.size() < 2) {
          error =
              "use invite NAME [--rule R --size N --color C --foul F --clock FORM --opening O "
              "--rated]";
          break;
        }
        error = parseRoomOptions(args, 2, rs);
        if (error.empty() && hallError(client.invite(args[1], rs)))
          std::cout << "INVITING " << nameField(args[1]) << "\n";
        break;
      }
      case HallCommand::Who:
      case HallCommand::Top:
        if (hallError(client.refreshHall())) {
          awaiting = h == HallCommand::Who ? Awaiting::Players : Awaiting::Top;
          awaitBase =
              static_cast<std::size_t>(h == HallCommand::Who ? s.playersUpdates : s.topUpdates);
          awaitType = net::MsgType::HallRequest;
        }
        break;
      case HallCommand::Games:
        if (hallError(client.requestGames())) {
          awaiting = Awaiting::Games;
          awaitBase = static_cast<std::size_t>(s.gameLists);
          awaitType = net::MsgType::GamesRequest;
        }
        break;
      case HallCommand::Get: {
        if (args.size() != 3 || args[1].empty() || args[1].size() > 19 ||
            args[1].find_first_not_of("0123456789") != std::string::npos) {
          error = "use get ID FILE (ID from the games list; FILE .sgf, .psq, ...)";
          break;
        }
        if (!recordFormatFromPath(args[2])) {
          error = "\"" + args[2] + "\": unknown record format (use .sgf or .psq)";
          break;
        }
        if (hallError(client.requestGame(std::stoull(args[1])))) {
          awaiting = Awaiting::Record;
          awaitBase = s.records.size();
          awaitType = net::MsgType::GetGame;
          getFile = args[2];
        }
        break;
      }
      case HallCommand::Leave:
        error = net::describe(client.leaveGame());
        break;
      case HallCommand::Live:
        if (hallError(client.requestLive())) {
          awaiting = Awaiting::Live;
          awaitBase = static_cast<std::size_t>(s.liveUpdates);
          awaitType = net::MsgType::LiveRequest;
        }
        break;
      case HallCommand::Watch:
        if (args.size() != 2 || args[1].empty() || args[1].size() > 19 ||
            args[1].find_first_not_of("0123456789") != std::string::npos) {
          error = "use watch ID (ID from the live list)";
          break;
        }
        hallError(client.watchGame(std::stoull(args[1])));
        break;
      case HallCommand::Unwatch:
        hallError(client.unwatch());
        break;
      case HallCommand::None:
        break;
    }
    if (h == HallCommand::None) {
      switch (c) {
        case Command::Quit:
          client.close();
          break;
        case Command::Accept:
        case Command::Decline:
          if (invitation) {
            const bool yes = c == Command::Accept;
            const net::Invited& v = s.invitations.front();
            const bool rated = args.size() > 1 && args[1] == "--rated";
            if (hallError(client.answerInvitation(v.inviteId, yes, rated)))
              std::cout << (yes ? "ACCEPTED " : "DECLINED ") << v.inviteId << "\n";
            break;
          }
          error = applyMatchCommand(client, c, s.game, p, argument);
          break;
        default:
          error = applyMatchCommand(client, c, s.game, p, argument);
          break;
      }
    }
    if (!error.empty()) {
      std::cerr << "error: " << cmd << ": " << error << "\n";
      prompted = false;
    }
  }
}

// `gomoku-cli replay`: opens FILE as the app does (openRecordFile: a file the app refuses is
// refused here too, e.g. a move after a five), replays it under `rule` (the file's own rule when
// ruleText is empty, else freestyle) and prints the final position and
// "RESULT <black|white|draw|none> <how>". Exit 1 when the file cannot be opened.
int runReplay(const std::string& file, const std::string& ruleText, int size) {
  ReadOptions options;
  options.boardSize = size;
  const std::optional<Rule> ruleOverride =
      ruleText.empty() ? std::nullopt : std::optional<Rule>(parseRule(ruleText));
  Record rec;
  try {
    rec = openRecordFile(file, Rule::Freestyle, options, ruleOverride);
  } catch (const RecordError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  const Rule rule = ruleOverride.value_or(recordRule(rec, Rule::Freestyle));
  ReplayReport r;
  try {
    r = replay(rec, rule, FoulPolicy::Lose);
  } catch (const RecordError& e) {
    std::cerr << "error: " << file << ": " << e.message() << "\n";
    return 1;
  }
  std::cout << file << ": " << rec.size << "x" << rec.size << ", " << rec.moves.size()
            << " moves, rule " << ruleName(rule)
            << (ruleText.empty() ? (rec.rule ? " (stated by the file)" : " (not stated; default)")
                                 : " (--rule)")
            << "\n";
  if (rec.black || rec.white)
    std::cout << "Black: " << rec.black.value_or("?") << ", White: " << rec.white.value_or("?")
              << "\n";
  for (const std::string& w : rec.warnings) std::cout << "warning: " << w << "\n";
  std::cout << cli::renderBoard(r.game) << r.text << "\n";
  if (rec.result)
    std::cout << "RECORDED " << recordResultName(*rec.result)
              << (rec.resultText.empty() ? "" : " (" + rec.resultText + ")") << "\n";
  const char* winner = r.winner == Stone::Black   ? "black"
                       : r.winner == Stone::White ? "white"
                       : r.end == ReplayEnd::FullBoard ||
                               (r.end == ReplayEnd::AfterEnd && r.endedBy == ReplayEnd::FullBoard)
                           ? "draw"
                           : "none";
  std::string how;
  const ReplayEnd end = r.end == ReplayEnd::AfterEnd ? r.endedBy : r.end;
  switch (end) {
    case ReplayEnd::Five:
      how = "five in a row";
      break;
    case ReplayEnd::Foul:
      how = std::string("foul: ") + forbiddenName(r.forbidden);
      break;
    case ReplayEnd::FullBoard:
      how = "board full";
      break;
    case ReplayEnd::Illegal:
      how = "illegal move " + std::to_string(r.move);
      break;
    default:
      how = "no five";
      break;
  }
  if (r.end == ReplayEnd::AfterEnd)
    how += " at move " + std::to_string(r.endedAt) + ", moves after it";
  std::cout << "RESULT " << winner << " " << how << std::endl;
  return 0;
}

// `gomoku-cli convert IN OUT`: opens IN as the app does (openRecordFile under the rule the file
// states, else freestyle: a file the app or `replay` refuses is refused here) and writes OUT in
// the format of OUT's extension (atomically). A record without moves (a header alone) is an
// empty game: converted, with a note. Exit 1 with an error naming the file and line when
// either fails.
int runConvert(const std::string& in, const std::string& out, int size) {
  ReadOptions options;
  options.boardSize = size;
  try {
    const Record rec = openRecordFile(in, Rule::Freestyle, options);
    saveRecordFile(out, rec);
    std::cout << "converted " << rec.moves.size() << " moves: " << in << " -> " << out << "\n";
    if (rec.moves.empty())  // valid (a header alone), but say so: it may not be what was meant
      std::cout << "note: " << in << " has no moves; " << out << " is an empty " << rec.size << "x"
                << rec.size << " game\n";
    const auto format = recordFormatFromPath(out);
    if (format == RecordFormat::Yixin || format == RecordFormat::RenLib)
      std::cout << "note: " << recordFormatExtension(*format)
                << " keeps the moves only (no names, rule, result or times)\n";
  } catch (const RecordError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "Gomoku (five in a row) in the terminal: play over the network, hot-seat or against the "
      "computer.\n"
      "Moves: H8 (RIF: column letter, row from the bottom) or 7,7 (0-based x,y from the top-left).",
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
  std::string resumeHex;
  int resumeWindow = 180;
  int heartbeatMs = 2000;
  int silenceMs = 10000;

  auto ruleCheck = CLI::IsMember({"freestyle", "standard", "renju"}, CLI::ignore_case);
  auto foulCheck = CLI::IsMember({"refuse", "lose"}, CLI::ignore_case);
  const char* foulHelp =
      "Renju: a forbidden move by Black is refused, or loses the game (strict RIF)";
  std::string clockText = "none";
  const char* clockHelp =
      "Game clock: none, 5m+5s (Fischer: base + increment), 30s/move (a limit per move) or "
      "10m,30s (base, then byo-yomi of 30 s a move); a side whose time runs out loses";
  const auto clockCheck = CLI::Validator(
      [](std::string& text) -> std::string {
        if (text.find_first_not_of(" \t") == std::string::npos)
          return "--clock needs a value: none, 5m+5s, 30s/move or 10m,30s";
        const TimeControlParse p = parseTimeControl(text);
        return p.control ? std::string() : cli::timeControlError(text, p.error);
      },
      "CLOCK");
  std::string openingText = "none";
  const char* openingHelp =
      "Opening rule: none, swap, swap2 (freestyle, standard), soosorv8 or taraguchi10 (RIF's "
      "renju rules); the players decide in turn (against the computer --color names your seat: "
      "black is the first player)";
  const auto openingCheck = CLI::Validator(
      [](std::string& text) -> std::string {
        return parseOpeningRule(text) ? std::string()
                                      : std::string("\"") + text.substr(0, 40) +
                                            "\" is not an opening rule: none, swap, swap2, "
                                            "soosorv8 or taraguchi10";
      },
      "RULE");
  auto* host = app.add_subcommand("host", "Create a game and wait for an opponent to join.");
  host->add_option("--port", port, "TCP port to listen on (0 = any free port)")
      ->capture_default_str();
  host->add_option("--nick", nick, "Your nickname (UTF-8, at most 32 characters)");
  host->add_option("--color", color, "Your colour")
      ->check(CLI::IsMember({"black", "white", "random"}, CLI::ignore_case))
      ->capture_default_str();
  host->add_option("--rule", ruleText, "Rule set")->check(ruleCheck)->capture_default_str();
  host->add_option("--size", size, "Board size")
      ->check(CLI::Range(Board::kMinSize, Board::kMaxSize))
      ->capture_default_str();
  host->add_option("--foul", foulText, foulHelp)->check(foulCheck)->capture_default_str();
  host->add_option("--clock", clockText, clockHelp)->check(clockCheck)->capture_default_str();
  host->add_option("--opening", openingText, openingHelp)
      ->check(openingCheck)
      ->capture_default_str();
  const char* windowHelp = "Seconds a dropped game waits for a reconnection before it is abandoned";
  host->add_option("--resume-window", resumeWindow, windowHelp)
      ->check(CLI::Range(1, 3600))
      ->capture_default_str();
  bool noAnnounce = false;
  host->add_flag("--no-announce", noAnnounce,
                 "Do not announce the game on the local network (DNS-SD)");
  int maxWatchers = 50;
  host->add_option("--watchers", maxWatchers,
                   "Most programs that may watch the game at once (0: nobody may watch)")
      ->check(CLI::Range(0, 1000))
      ->capture_default_str();
  bool watcherChat = false;
  host->add_flag("--watcher-chat", watcherChat,
                 "Let watchers chat (their lines reach the other watchers and you)");

  auto* watchCmd = app.add_subcommand(
      "watch",
      "Watch a game hosted on HOST: its moves, takebacks, result and chat as they happen ("
      "commands: say TEXT when the host lets watchers chat, quit).");
  std::string lanNick;  // watch --lan, join --lan
  addTargetOptions(*watchCmd, target, lanNick,
                   "Watch the game in progress NICK hosts on the local network (within "
                   "--timeout seconds; gomoku-cli lan lists it as full)");
  watchCmd->add_option("--nick", nick, "Your nickname (UTF-8, at most 32 characters)");
  watchCmd->add_option("--timeout", timeout, "Seconds for name lookup and connection together")
      ->check(CLI::Range(1, 600))
      ->capture_default_str();

  auto* join = app.add_subcommand("join", "Join a game hosted on HOST.");
  addTargetOptions(*join, target, lanNick,
                   "Join the game NICK announces on the local network (within --timeout "
                   "seconds; gomoku-cli lan lists them)");
  join->add_option("--nick", nick, "Your nickname (UTF-8, at most 32 characters)");
  join->add_option("--timeout", timeout, "Seconds for name lookup and connection together")
      ->check(CLI::Range(1, 600))
      ->capture_default_str();
  join->add_option("--resume", resumeHex,
                   "Rejoin a dropped game with the TOKEN this program printed for it")
      ->check([](const std::string& t) -> std::string {
        if (t.empty() || t.size() > 16 ||
            t.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos ||
            t.find_first_not_of('0') == std::string::npos)
          return "TOKEN must be the hexadecimal number from the TOKEN line";
        return {};
      });
  join->add_option("--resume-window", resumeWindow, windowHelp)
      ->check(CLI::Range(1, 3600))
      ->capture_default_str();
  // Liveness timing, for tests of dropped connections (not shown in --help).
  for (CLI::App* sub : {host, join, watchCmd}) {
    sub->add_option("--heartbeat-ms", heartbeatMs)->check(CLI::Range(50, 60000))->group("");
    sub->add_option("--silence-ms", silenceMs)->check(CLI::Range(100, 600000))->group("");
  }

  int lanSeconds = 3;
  auto* lanCmd = app.add_subcommand(
      "lan",
      "List the games on the local network (DNS-SD), waiting (open) or watchable (full): a "
      "tab-separated line each, GAME "
      "nick rule size colour clock opening open/full host-name address port protocol; GONE nick "
      "host-name address port when one goes.");
  lanCmd->add_option("--wait", lanSeconds, "Seconds to keep listening")
      ->check(CLI::Range(1, 3600))
      ->capture_default_str();

  std::string user;
  bool registering = false;
  bool trustNewServer = false;
  std::string passwordArg;
  int reconnectMs = 2000;
  auto* online = app.add_subcommand(
      "online",
      "Play on a Gomoku server: log in (or --register), then commands from standard input, one "
      "per line.");
  online
      ->add_option("target", target,
                   "HOST or HOST:PORT (IPv6: [addr]:port); the nodes of one server as a list, "
                   "e.g. a:6516,b:6516 (tried in order, also when reconnecting)")
      ->required();
  online->add_option("--user", user, "Your account name")->required();
  online->add_flag("--register", registering, "Create the account --user first");
  online->add_flag("--trust-new-server", trustNewServer,
                   "Pin an unknown server's certificate without asking (its fingerprint is "
                   "printed); a changed certificate is always refused");
  online->add_option("--timeout", timeout, "Seconds for name lookup, connection and WELCOME")
      ->check(CLI::Range(1, 600))
      ->capture_default_str();
  // Never accepted: a password on the command line shows in the process list and the history.
  online->add_option("--password", passwordArg)->group("");
  online->add_option("--heartbeat-ms", heartbeatMs)->check(CLI::Range(50, 60000))->group("");
  online->add_option("--silence-ms", silenceMs)->check(CLI::Range(100, 600000))->group("");
  online->add_option("--reconnect-ms", reconnectMs)->check(CLI::Range(10, 60000))->group("");
  online->add_option("--resume-window", resumeWindow, windowHelp)
      ->check(CLI::Range(1, 3600))
      ->group("");
  online->footer(
      "The password comes from the environment variable GOMOKU_PASSWORD, else from a prompt "
      "without echo at a terminal; never from the command line.\n"
      "Commands (each waits until it can apply; in a script the next one waits for the "
      "answer):\n"
      "  find [freestyle|standard|renju] [--clock FORM] [--opening O]\n"
      "                                    look for an opponent (15x15, the same clock and\n"
      "                                    opening rule)\n"
      "  cancel                            stop looking\n"
      "  room [--rule R --size N --color black|white|random --foul refuse|lose --clock FORM\n"
      "       --opening O --rated]         open a private room (prints its code)\n"
      "  (FORM as --clock of `host`: none, 5m+5s, 30s/move, 10m,30s; O: none, swap, swap2\n"
      "  under freestyle and standard, soosorv8, taraguchi10 under renju; with one, --color\n"
      "  names the first player, who begins the opening)\n"
      "  join CODE [--rated]               enter a friend's room\n"
      "  invite NAME [room options]        invite a player online\n"
      "  accept [--rated] / decline        answer the oldest invitation (in a game: the "
      "opponent's request)\n"
      "  who, top, games                   players online, the ladder's top, your last games\n"
      "  get ID FILE                       save a game of the list (.sgf, .psq, ...)\n"
      "  live                              the games in progress\n"
      "  watch ID / unwatch                watch a game of the live list / stop watching\n"
      "  leave                             leave the game (a resignation if it runs)\n"
      "  quit                              sign out\n"
      "  in a game as in `join`: H8 or 7,7, takeback, draw, resign, again, say TEXT, wait;\n"
      "  during an opening its decisions as in `join` (keep, swap, black, white, two, ...)\n"
      "Output lines (stable, one per event; names have blanks replaced by _):\n"
      "  WELCOME <server> (<version>) at <address>\n"
      "  FINGERPRINT <SHA-256 of the server's certificate> new|known\n"
      "  LOGGED IN <name> <score>\n"
      "  STATS <name> <score> <games> <wins> <draws> [elo]\n"
      "  FINDING <rule> [clock <form>] | FIND CANCELLED | JOINING <code> | INVITING <name>\n"
      "  ROOM <code> <rule> <N>x<N> <your colour> rated|unrated [clock <form>]\n"
      "  INVITED <id> <from> <score> <rule> <N>x<N> <their colour> rated|unrated [clock <form>]\n"
      "  ACCEPTED <id> | DECLINED <id>\n"
      "  DENIED <REQUEST> <why>[: detail]\n"
      "  PLAYERS <total>, then PLAYER <name> <score> hall|finding|playing\n"
      "  TOP <count>, then RANK <rank> <name> <score> <games> <wins>\n"
      "  GAME <id> <ended, UTC> <black> <white> <rule> <N>x<N> <outcome> <reason> "
      "rated|unrated <black delta> <white delta> <moves>, then GAMES <count>\n"
      "  SAVED <id> <file> <n> moves\n"
      "  LIVEGAME <id> <black> <score> <white> <score> <rule> <N>x<N> <moves> <watchers>, then "
      "LIVE <listed> of <total>\n"
      "  watching: the lines of `watch` (WATCHING, MOVE, ..., WATCHERS, CHAT), then UNWATCHED "
      "<why>\n"
      "  MATCHED <game id> black|white vs <opponent> <score> <rule> <N>x<N> rated|unrated "
      "[clock <form>]\n"
      "  then the lines of `join`: STARTED, MOVE, TAKEBACK, NOTICE, CHAT, SUSPENDED, RESUMED, "
      "RESULT\n"
      "  AWAY <seconds> | BACK          the opponent's connection dropped / came back\n"
      "  LADDER <old> <new>             after a rated game's result\n"
      "  HALL <why>                     the game is over and left; back in the hall\n"
      "  RECONNECTING <why> | RECONNECTED\n"
      "  SIGNED OUT                     at the end (exit 0); errors: \"error: ...\" on "
      "standard error, exit 2 before the login, 1 after");

  auto* local = app.add_subcommand(
      "local", "Hot-seat game on this terminal (commands: undo, redo, time, quit).");
  local->add_option("--rule", ruleText, "Rule set")->check(ruleCheck)->capture_default_str();
  local->add_option("--size", size, "Board size")
      ->check(CLI::Range(Board::kMinSize, Board::kMaxSize))
      ->capture_default_str();
  local->add_option("--foul", foulText, foulHelp)->check(foulCheck)->capture_default_str();
  local->add_option("--clock", clockText, clockHelp)->check(clockCheck)->capture_default_str();
  local->add_option("--opening", openingText, openingHelp)
      ->check(openingCheck)
      ->capture_default_str();

  int level = 3;
  std::int64_t moveMs = 1000;
  auto* aiGame = app.add_subcommand(
      "ai", "Play against the computer on this terminal (commands: undo, redo, hint, time, quit).");
  aiGame->add_option("--level", level, "1 Beginner .. 5 Master")
      ->check(CLI::Range(1, 5))
      ->capture_default_str();
  aiGame->add_option("--color", color, "Your colour")
      ->check(CLI::IsMember({"black", "white", "random"}, CLI::ignore_case))
      ->capture_default_str();
  aiGame->add_option("--rule", ruleText, "Rule set")->check(ruleCheck)->capture_default_str();
  aiGame->add_option("--size", size, "Board size")
      ->check(CLI::Range(Board::kMinSize, Board::kMaxSize))
      ->capture_default_str();
  aiGame->add_option("--foul", foulText, foulHelp)->check(foulCheck)->capture_default_str();
  aiGame->add_option("--clock", clockText, clockHelp)->check(clockCheck)->capture_default_str();
  aiGame->add_option("--opening", openingText, openingHelp)
      ->check(openingCheck)
      ->capture_default_str();
  aiGame
      ->add_option("--time", moveMs,
                   "The computer's time per move, milliseconds (levels 1-4 use less)")
      ->check(CLI::Range(10, 600000))
      ->capture_default_str();
  int threads = ai::defaultThreads();
  aiGame
      ->add_option("--threads", threads,
                   "Search threads of the computer (levels 4-5; an external engine is told it)")
      ->check(CLI::Range(1, ai::kMaxThreads))
      ->capture_default_str();
  std::string enginePath;
  aiGame->add_option("--engine", enginePath,
                     "Play against this Gomocup engine (a pbrain-* program) instead of the "
                     "built-in one; it gets --time per move (hints still come from the built-in "
                     "engine at --level)");

  app.add_subcommand(
      "forbidden",
      "Read positions \"<black x,y list>|<white x,y list>\" (Black to move, 15x15), one per "
      "line, and print each one's renju forbidden points as sorted x,y pairs.");

  std::string recordFile;
  std::string replayRule;
  int recordSize = Board::kDefaultSize;
  auto* replayCmd = app.add_subcommand(
      "replay",
      "Replay a game record (.psq, .sgf, .sav, .lib) and print the final position and "
      "\"RESULT <black|white|draw|none> <how>\".");
  replayCmd->add_option("file", recordFile, "The record")->required();
  replayCmd
      ->add_option("--rule", replayRule,
                   "Rule to judge the moves by (default: the rule the file states, else freestyle)")
      ->check(ruleCheck);
  replayCmd->add_option("--size", recordSize, "Board size for a .psq without a header")
      ->check(CLI::Range(Board::kMinSize, Board::kMaxSize))
      ->capture_default_str();
  std::string convertOut;
  auto* convert = app.add_subcommand(
      "convert",
      "Convert a game record; the formats follow the extensions (.psq, .sgf, .sav, .lib).");
  convert->add_option("in", recordFile, "The record to read")->required();
  convert->add_option("out", convertOut, "The file to write (replaced atomically)")->required();
  convert->add_option("--size", recordSize, "Board size for a .psq without a header")
      ->check(CLI::Range(Board::kMinSize, Board::kMaxSize))
      ->capture_default_str();

  CLI11_PARSE(app, argc, argv);

  if (app.got_subcommand("forbidden")) return cli::forbiddenTool(std::cin, std::cout);
  if (*replayCmd) return runReplay(recordFile, replayRule, recordSize);
  if (*convert) return runConvert(recordFile, convertOut, recordSize);
  if (*lanCmd) return runLan(lanSeconds);

  const bool interactive = GOMOKU_ISATTY(0) != 0;
  const Rule rule = *parseRule(ruleText);
  const FoulPolicy foul = foulText == "lose" ? FoulPolicy::Lose : FoulPolicy::Refuse;
  if (rule == Rule::Renju && size != 15) {
    std::cerr << "error: --size: renju is played on a 15x15 board\n";
    return 2;
  }
  const TimeControl tc = parseTimeControl(clockText).control.value_or(TimeControl{});
  const OpeningRule opening = parseOpeningRule(openingText).value_or(OpeningRule::None);
  if ((*local || *aiGame) &&
      (opening == OpeningRule::Soosorv8 || opening == OpeningRule::Taraguchi10) && size % 2 == 0) {
    std::cerr << "error: --opening " << openingRuleName(opening)
              << " needs a board with a centre (an odd --size)\n";
    return 2;
  }
  if ((*local || *aiGame || *host) && opening != OpeningRule::None &&
      !((opening == OpeningRule::Soosorv8 || opening == OpeningRule::Taraguchi10) &&
        size % 2 == 0) &&
      session::fitOpeningRule(opening, rule, size) != opening) {
    // As the app: RIF's rules are renju's, swap and swap2 freestyle's and standard's.
    std::cerr << "error: --opening " << openingRuleName(opening)
              << ": swap and swap2 go with freestyle and standard, soosorv8 and taraguchi10 "
                 "with renju\n";
    return 2;
  }
  if (*local) return runLocal(size, rule, foul, tc, opening, interactive);
  if (*aiGame) {
    Stone human = color == "white" ? Stone::White : Stone::Black;
    if (color == "random") human = (std::random_device{}() & 1) ? Stone::White : Stone::Black;
    return runAi(size, rule, foul, tc, opening, human, level, moveMs, threads, enginePath,
                 interactive);
  }

  if (*online) {
    if (!passwordArg.empty() || online->count("--password") > 0) {
      std::cerr << "error: --password: a password is never taken on the command line (others "
                   "can read it there); set GOMOKU_PASSWORD or type it at the prompt\n";
      return 2;
    }
    auto servers = net::parseServerList(target, net::kDefaultServerPort);
    if (!servers) {
      std::cerr << "error: \"" << target
                << "\" is not HOST or HOST:PORT (port 1..65535; IPv6 as [addr]:port), or a "
                   "list of at most "
                << net::kMaxServers << " of them separated by commas\n"
                << "Run with --help for more information.\n";
      return 2;
    }
    if (user.empty()) {
      std::cerr << "error: --user: the account name is empty\n";
      return 2;
    }
    auto password = readPassword(registering, interactive);
    if (!password) return 2;
    net::OnlineOptions o;
    o.connectTimeout = std::chrono::seconds(timeout);
    o.heartbeatInterval = std::chrono::milliseconds(heartbeatMs);
    o.silenceTimeout = std::chrono::milliseconds(silenceMs);
    o.reconnectInterval = std::chrono::milliseconds(reconnectMs);
    o.resumeWindow = std::chrono::seconds(resumeWindow);
    o.trustNewServer = trustNewServer;
    return runOnline(*servers, user, registering, std::move(*password), o, interactive);
  }

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
  settings.clock = parseTimeControl(clockText).control.value_or(TimeControl{});
  settings.opening = parseOpeningRule(openingText).value_or(OpeningRule::None);
  if ((settings.opening == OpeningRule::Soosorv8 || settings.opening == OpeningRule::Taraguchi10) &&
      size % 2 == 0) {
    std::cerr << "error: --opening " << openingRuleName(settings.opening)
              << " needs a board with a centre (an odd --size)\n";
    return 2;
  }
  settings.color = color == "white"    ? net::ColorChoice::White
                   : color == "random" ? net::ColorChoice::Random
                                       : net::ColorChoice::Black;
  net::NetOptions options;
  options.heartbeatInterval = std::chrono::milliseconds(heartbeatMs);
  options.silenceTimeout = std::chrono::milliseconds(silenceMs);
  options.resumeWindow = std::chrono::seconds(resumeWindow);
  if (!resumeHex.empty()) settings.resumeToken = std::stoull(resumeHex, nullptr, 16);
  if (*watchCmd) {
    const auto hp = resolveTarget(target, lanNick, timeout, /*started=*/true);
    if (!hp) return 2;
    return runWatch(hp->first, hp->second, nick, timeout, interactive, options);
  }
  if (*host) {
    options.announce = !noAnnounce;
    options.maxWatchers = maxWatchers;
    options.watcherChat = watcherChat;
    return runNetwork(true, {}, port, settings, timeout, interactive, options);
  }

  const auto hp = resolveTarget(target, lanNick, timeout, /*started=*/false);
  if (!hp) return 2;
  return runNetwork(false, hp->first, hp->second, settings, timeout, interactive, options);
}
