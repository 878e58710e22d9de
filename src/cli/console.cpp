#include "cli/console.h"

#include <algorithm>
#include <iostream>
#include <istream>
#include <ostream>
#include <sstream>

#ifdef _WIN32
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#else
#include <termios.h>
#include <unistd.h>
#endif

#include "core/notation.h"
#include "core/renju.h"

namespace gomoku::cli {

std::string renderBoard(const Game& game) {
  const Board& b = game.board();
  const int n = b.size();
  const Point* last = game.lastMove();
  const std::vector<Point> forbidden = game.forbiddenPoints();
  auto isForbidden = [&](Point p) {
    return std::find(forbidden.begin(), forbidden.end(), p) != forbidden.end();
  };
  std::string letters = "   ";
  for (int x = 0; x < n; ++x) letters += std::string(" ") + columnLetter(x);
  letters += "\n";
  std::string out = letters;
  for (int y = 0; y < n; ++y) {
    const std::string row = std::to_string(n - y);
    std::string line = std::string(3 - row.size(), ' ') + row;
    for (int x = 0; x < n; ++x) {
      const Point p{x, y};
      const bool isLast = last && *last == p;
      const bool afterLast = last && x > 0 && *last == Point{x - 1, y};
      line += isLast ? '(' : afterLast ? ')' : ' ';
      const Stone s = b.at(p);
      line += s == Stone::Black ? 'X' : s == Stone::White ? 'O' : isForbidden(p) ? '*' : '.';
    }
    line += (last && *last == Point{n - 1, y}) ? ')' : ' ';
    out += line + row + "\n";
  }
  out += letters;
  if (!forbidden.empty()) out += "    * = forbidden for Black (renju)\n";
  return out;
}

std::string clockLine(const ClockReading& black, const ClockReading& white) {
  auto side = [](const char* name, const ClockReading& r) {
    std::string out = std::string(" ") + name + " ";
    if (r.flagged) return out + "flag";
    if (r.inByoYomi) out += "byo-yomi ";
    out += clockFace(r.inByoYomi ? r.periodMs : r.mainMs);
    return r.running ? out + "*" : out;
  };
  std::string line = "CLOCK";
  line += side("black", black);
  line += side("white", white);
  return line;
}

std::string openingErrorText(OpeningError e, const Opening& o) {
  const int side = 2 * o.area() + 1;
  switch (e) {
    case OpeningError::None:
      return "done";
    case OpeningError::Finished:
      return "the opening is over";
    case OpeningError::NotYourDecision:
      return "it is not that player's decision";
    case OpeningError::WrongStep:
      return std::string("that is not what the opening asks now (") + openingStepText(o) + ")";
    case OpeningError::BadChoice:
      return std::string("that choice is not offered now (") + openingStepText(o) + ")";
    case OpeningError::OffBoard:
      return "the point is off the board";
    case OpeningError::Occupied:
      return "the point is occupied";
    case OpeningError::OutsideArea:
      return o.area() == 0 ? std::string("the first stone goes on the centre")
                           : std::string("the stone must lie within the central ") +
                                 std::to_string(side) + "x" + std::to_string(side);
    case OpeningError::Forbidden:
      return "the point is forbidden for Black";
    case OpeningError::BadCount:
      return o.step() == OpeningStep::DeclareCount
                 ? std::string("declare from 1 to 8 fifth moves")
                 : std::string("offer exactly ") + std::to_string(o.alternativesWanted()) +
                       " points";
    case OpeningError::Duplicate:
      return "the same point is offered twice";
    case OpeningError::Symmetric:
      return "two of the points are symmetric (the same move for the position)";
    case OpeningError::NotAnAlternative:
      return "the point is not one of the 5th moves offered";
  }
  return "refused";
}

std::string openingStepText(const Opening& o) {
  const auto seat = [](Seat s) { return s == Seat::First ? "first" : "second"; };
  const std::string who = seat(o.decider());
  switch (o.step()) {
    case OpeningStep::Place: {
      const int ply = o.game().ply();
      std::string where = "anywhere";
      if (o.area() == 0) where = "on the centre";
      if (o.area() > 0) {
        const std::string n = std::to_string(2 * o.area() + 1);
        where = "within the central " + n + "x" + n;
      }
      return who + " places move " + std::to_string(ply + 1) + " (" +
             (ply % 2 == 0 ? "black" : "white") + ") " + where;
    }
    case OpeningStep::SwapOffer:
      return who + ": keep or swap (first plays " + stoneName(o.colourOf(Seat::First)) + ")";
    case OpeningStep::ColourChoice:
      return who + ": black or white";
    case OpeningStep::Swap2Choice:
      return who + ": black, white, or two (place two more stones and let first choose)";
    case OpeningStep::FifthChoice:
      return who + ": one (a 5th move within the central 9x9) or ten (ten 5th moves)";
    case OpeningStep::DeclareCount:
      return who + ": declare N (how many 5th moves black offers, 1-8)";
    case OpeningStep::PlaceAlternatives:
      return who + ": offer " + std::to_string(o.alternativesWanted()) +
             (o.alternativesWanted() == 1 ? " point (the 5th move)"
                                          : " points (the 5th moves, no two symmetric)");
    case OpeningStep::ChooseAlternative: {
      std::string list;
      for (Point p : o.alternatives()) {
        list += ' ';
        list += pointName(p, o.game().size());
      }
      return who + ": pick one of" + list;
    }
    case OpeningStep::Done:
      break;
  }
  return std::string("done: first plays ") + stoneName(o.colourOf(Seat::First)) +
         ", second plays " + stoneName(o.colourOf(Seat::Second));
}

std::string timeControlError(const std::string& input, TimeControlError e) {
  // Quoted as typed, but not at any length.
  const std::string text = input.size() > 40 ? input.substr(0, 40) + "..." : input;
  const std::string forms =
      "use none, 5m+5s (Fischer: base + increment), 30s/move (a limit per move) or 10m,30s "
      "(base, then byo-yomi); a time is a number with h, m, s or ms (1m30s, 0.5s), a bare "
      "number is minutes for a base and seconds otherwise";
  switch (e) {
    case TimeControlError::Zero:
      return "\"" + text + "\" gives too little time to move: the base, a move limit and a " +
             "byo-yomi period must be at least 0.1s";
    case TimeControlError::TooLong:
      return "\"" + text + "\": a time may be at most 24h";
    default:
      return "\"" + text + "\" is not a clock: " + forms;
  }
}

std::string resultLine(const Result& r) {
  std::string reason;
  switch (r.reason) {
    case EndReason::Five:
      reason = "five in a row";
      break;
    case EndReason::FullBoard:
      reason = "board full";
      break;
    case EndReason::Resignation:
      reason = "resignation";
      break;
    case EndReason::Foul:
      reason = "foul: " + r.detail;
      break;
    case EndReason::Agreement:
      reason = "agreement";
      break;
    case EndReason::Abandoned:
      reason = "abandoned";
      break;
    case EndReason::Time:
      reason = "time";
      break;
    default:
      reason = r.detail.empty() ? "unknown" : r.detail;
      break;
  }
  return std::string("RESULT ") + outcomeName(r.outcome) + " " + reason;
}

int forbiddenTool(std::istream& in, std::ostream& out) {
  int status = 0;
  int lineNo = 0;
  std::string line;
  while (std::getline(in, line)) {
    ++lineNo;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto bar = line.find('|');
    if (bar == std::string::npos) {
      out << "error: line " << lineNo << ": expected \"<black x,y list>|<white x,y list>\"\n";
      status = 1;
      continue;
    }
    Board board(15);
    std::string problem;
    for (int part = 0; part < 2 && problem.empty(); ++part) {
      std::istringstream is(part == 0 ? line.substr(0, bar) : line.substr(bar + 1));
      for (std::string t; is >> t;) {
        const auto p = parsePoint(t, 15);
        if (!p || t.find(',') == std::string::npos || !board.inside(*p)) {
          problem = "\"" + t + "\" is not a point x,y on the 15x15 board";
          break;
        }
        if (board.at(*p) != Stone::Empty) {
          problem = "point " + t + " is given twice";
          break;
        }
        board.set(*p, part == 0 ? Stone::Black : Stone::White);
      }
    }
    if (!problem.empty()) {
      out << "error: line " << lineNo << ": " << problem << "\n";
      status = 1;
      continue;
    }
    std::vector<Point> points = renjuForbiddenPoints(board);
    std::sort(points.begin(), points.end(),
              [](Point a, Point b) { return a.x != b.x ? a.x < b.x : a.y < b.y; });
    for (std::size_t i = 0; i < points.size(); ++i) out << (i ? " " : "") << toXY(points[i]);
    out << "\n";
  }
  out.flush();
  return status;
}

std::optional<std::string> readSecret(const std::string& prompt) {
  std::cerr << prompt << std::flush;
#ifdef _WIN32
  HANDLE in = GetStdHandle(STD_INPUT_HANDLE);
  DWORD mode = 0;
  const bool console = GetConsoleMode(in, &mode) != 0;
  if (console) SetConsoleMode(in, mode & ~static_cast<DWORD>(ENABLE_ECHO_INPUT));
#else
  termios old{};
  const bool terminal = tcgetattr(STDIN_FILENO, &old) == 0;
  if (terminal) {
    termios quiet = old;
    quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
  }
#endif
  std::string line;
  const bool got = static_cast<bool>(std::getline(std::cin, line));
#ifdef _WIN32
  if (console) SetConsoleMode(in, mode);
#else
  if (terminal) tcsetattr(STDIN_FILENO, TCSAFLUSH, &old);
#endif
  std::cerr << "\n" << std::flush;
  if (!got) return std::nullopt;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

}  // namespace gomoku::cli
