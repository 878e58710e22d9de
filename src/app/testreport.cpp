#include "app/testreport.h"

#include <wx/intl.h>
#include <wx/log.h>

#include "app/settings.h"
#include "core/notation.h"
#include "core/utf8.h"

namespace gomoku::app {

TestReport::TestReport(const wxString& path) : path_(path) {
  if (!file_.Open(path, "a")) wxLogError(_("Cannot open the test report file \"%s\"."), path);
}

void TestReport::Line(const std::string& line) {
  if (!file_.IsOpened()) return;
  const std::string text = line + "\n";
  file_.Write(text.data(), text.size());
  file_.Flush();
}

void TestReport::Listening(int port) {
  Line("LISTENING " + std::to_string(port));
}

void TestReport::Started(Stone local, const std::string& peerNickname, int gameNumber) {
  std::string line = std::string("STARTED ") + stoneName(local) + " " + singleLine(peerNickname);
  if (gameNumber >= 2) line += " game " + std::to_string(gameNumber);
  Line(line);
}

void TestReport::LocalGame(const Game& game) {
  std::string line = "LOCAL " + std::to_string(game.size()) + " " + ruleName(game.rule());
  if (game.rule() == Rule::Renju) line += std::string(" ") + FoulPolicyName(game.foulPolicy());
  Line(line);
}

void TestReport::Geometry(wxPoint origin, int cell) {
  Line("GEOMETRY " + std::to_string(origin.x) + " " + std::to_string(origin.y) + " " +
       std::to_string(cell));
}

void TestReport::Move(const Game& game, int ply) {
  Line("MOVE " + std::to_string(ply) + " " + toXY(game.moves()[ply - 1]));
}

void TestReport::Forbidden(const std::vector<Point>& points) {
  std::string line = "FORBIDDEN";
  for (Point p : points) {
    // Appended in two steps: `" " + toXY(p)` trips GCC 12's false -Wrestrict at -O2 (MinGW).
    line += ' ';
    line += toXY(p);
  }
  if (points.empty()) line += " -";
  Line(line);
}

void TestReport::Refused(Point p, const std::string& reason) {
  Line("REFUSED " + toXY(p) + " " + singleLine(reason));
}

void TestReport::Result(const Game& game) {
  const gomoku::Result& r = game.result();
  Line(std::string("RESULT ") + outcomeName(r.outcome) + " " + singleLine(describeResult(r)));
  Line("BOARD " + std::to_string(game.size()) + " " + BoardRows(game.board()));
}

void TestReport::Failed(net::NetFailure failure, const std::string& message) {
  Line(std::string("FAILED ") + FailureName(failure) + " " + singleLine(message));
}

void TestReport::Takeback(int ply) {
  Line("TAKEBACK " + std::to_string(ply));
}

void TestReport::Notice(const std::string& sentence) {
  Line("NOTICE " + singleLine(sentence));
}

void TestReport::Chat(bool fromUs, const std::string& text) {
  Line(std::string("CHAT ") + (fromUs ? "you " : "peer ") + singleLine(text));
}

void TestReport::Button(const std::string& name, std::optional<wxPoint> centre) {
  if (centre)
    Line("BUTTON " + name + " " + std::to_string(centre->x) + " " + std::to_string(centre->y));
  else
    Line("BUTTON " + name + " -");
}

std::string TestReport::BoardRows(const Board& board) {
  std::string rows;
  for (int y = 0; y < board.size(); ++y) {
    if (y > 0) rows += '/';
    for (int x = 0; x < board.size(); ++x) {
      const Stone s = board.at({x, y});
      rows += s == Stone::Black ? 'X' : s == Stone::White ? 'O' : '.';
    }
  }
  return rows;
}

const char* TestReport::FailureName(net::NetFailure failure) {
  using net::NetFailure;
  switch (failure) {
    case NetFailure::None:
      return "none";
    case NetFailure::UnknownHost:
      return "unknown-host";
    case NetFailure::Refused:
      return "refused";
    case NetFailure::TimedOut:
      return "timed-out";
    case NetFailure::NotGomokuHost:
      return "not-gomoku-host";
    case NetFailure::VersionMismatch:
      return "version-mismatch";
    case NetFailure::Busy:
      return "busy";
    case NetFailure::NoGameToResume:
      return "no-game-to-resume";
    case NetFailure::IsServer:
      return "is-server";
    case NetFailure::AddressInUse:
      return "address-in-use";
    case NetFailure::Cancelled:
      return "cancelled";
    case NetFailure::Other:
      return "other";
  }
  return "other";
}

void TestReport::Opened(int size, Rule rule, int moves) {
  Line("OPENED " + std::to_string(size) + " " + ruleName(rule) + " " + std::to_string(moves));
}

void TestReport::Replay(int ply, int moves, const Game& shown) {
  Line("REPLAY " + std::to_string(ply) + " " + std::to_string(moves));
  Line("BOARD " + std::to_string(shown.size()) + " " + BoardRows(shown.board()));
}

void TestReport::Saved(bool automatic, const std::string& path) {
  Line(std::string("SAVED ") + (automatic ? "auto " : "user ") + path);
}

void TestReport::Error(const std::string& sentence) {
  Line("ERROR " + sentence);
}

void TestReport::Cursor(const std::string& point, const std::string& what) {
  Line("CURSOR " + point + " " + what);
}

void TestReport::Clipboard(const std::string& text) {
  Line("CLIPBOARD " + text);
}

}  // namespace gomoku::app
