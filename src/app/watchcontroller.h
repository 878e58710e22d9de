#pragma once
/// @file Watching a game hosted elsewhere (Game > Watch game…, --watch): a ReplayController
/// whose record is the live game a net::NetWatcher follows. The board follows the game; the
/// replay bar and its keys step back through the moves, and End returns to the live position,
/// which then follows again. The status bar says what happens (connecting, the players'
/// moves, the result, the end); the test report gets WATCH lines.

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include <wx/string.h>

#include "app/replaycontroller.h"
#include "net/watcher.h"

namespace gomoku::app {

/// A live game, watched.
class WatchController : public ReplayController {
 public:
  /// The watch of the game hosted at `host`:`port` as `nickname`; nothing starts before Begin.
  WatchController(FrameServices& frame, std::string host, std::uint16_t port, std::string nickname,
                  std::chrono::milliseconds timeout);
  ~WatchController() override;

  /// Connects and asks to watch; the status bar says so.
  void Begin();
  /// "Watching Alice vs Bob - Gomoku" once the game came, else "Watching host:port - Gomoku".
  wxString Title() const override;
  /// The situation of the game shown, or what the connection does before the first view.
  wxString SituationStatus() const override;
  /// "black-white.sgf".
  wxString SaveName() const override;
  /// The replay's side panel, with the host and the watchers while the game is followed.
  void FillSideInput(SideInput& in) const override;
  /// Stops watching (the host is told goodbye).
  void Leave() override;
  /// The watcher's state now.
  net::WatchSnapshot Snapshot() const { return watcher_->snapshot(); }

 private:
  void OnUpdate();  // GUI thread, after the NetWatcher's news

  std::string host_;
  std::uint16_t port_;
  std::string nickname_;
  std::chrono::milliseconds timeout_;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
  std::unique_ptr<net::NetWatcher> watcher_;
  int shownViews_ = 0;  // the VIEWs shown so far
  int shownChat_ = 0;   // the chat lines reported so far
  net::WatchPhase shownPhase_ = net::WatchPhase::Idle;
  bool shownOver_ = false;
};

}  // namespace gomoku::app
