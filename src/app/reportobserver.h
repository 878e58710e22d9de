#pragma once
/// @file The test report (testreport.h) as an observer of the main window: it is fed the typed
/// updates of the game shown (gameupdates.h) and of the network match (net/matchtracker.h), the
/// side panel's turn line, the board's place on the screen and the controls' centres, and
/// writes a line when something it reports changed. All "already reported" bookkeeping of the
/// report is here.

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <wx/gdicmn.h>

#include "app/gameupdates.h"
#include "app/testreport.h"
#include "net/matchtracker.h"

class wxWindow;

namespace gomoku::app {

/// Writes the test report from the main window's updates.
class ReportObserver : public TestReport {
 public:
  /// What the observer asks of the window.
  struct Sources {
    /// The board's intersection (0,0) on the screen and its grid spacing (physical pixels);
    /// false while the window is not on the screen.
    std::function<bool(wxPoint& origin, int& cell)> geometry;
    /// Saves a picture of the board to the given path (before a RESULT line).
    std::function<void(const wxString& path)> picture;
  };

  /// Appends to the report at `path`.
  ReportObserver(const wxString& path, Sources sources);

  /// Another game is shown; `announced`: its LOCAL or STARTED line was written (its FORBIDDEN
  /// lines follow; a game shown without one, e.g. the first before --host, has none).
  void GameShown(bool announced);
  /// TAKEBACK, MOVE and (with the board's picture first) RESULT lines for `updates` of `game`.
  void OnGame(const std::vector<GameUpdate>& updates, const Game& game);
  /// FORBIDDEN: renju, the game running and Black to move, at a ply not reported yet; `marked`
  /// the points the board marks.
  void OnPosition(const Game& game, const std::vector<Point>& marked);
  /// The line of a match update (net's MatchTracker), `snap` the snapshot it came from:
  /// LISTENING, STARTED (and GEOMETRY), SUSPENDED, RESUMED, CHAT or NOTICE; nothing for the
  /// other kinds (moves and results come from OnGame).
  void OnMatch(const net::MatchUpdate& update, const net::NetSnapshot& snap);
  /// TURN: the side panel's turn line, when it changed.
  void OnTurn(const wxString& turn);
  /// GEOMETRY: where the board is, when it changed (or `force`).
  void OnGeometry(bool force);
  /// BUTTON lines for the `controls` whose centre changed; `panel` the window whose place on
  /// the screen is settled (the controls' positions are added up to it); `scale` the content
  /// scale factor.
  void OnControls(const std::vector<std::pair<const char*, wxWindow*>>& controls,
                  const wxWindow* panel, double scale);

 private:
  Sources sources_;
  bool announced_ = false;  // the game shown had its LOCAL or STARTED line
  int forbiddenPly_ = -1;   // ply of the last FORBIDDEN line
  wxPoint origin_{-1, -1};  // last GEOMETRY line
  int cell_ = 0;
  wxString turn_;                               // the turn line as last reported
  std::map<std::string, std::string> buttons_;  // last BUTTON line per control
};

}  // namespace gomoku::app
