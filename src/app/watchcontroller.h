#pragma once
/// @file Watching a game played elsewhere: a ReplayController whose record is the live game. The
/// game comes from a WatchSource: a P2P host (Game > Watch game…, --watch; net::NetWatcher) or a
/// server's hall (Games in progress; net::OnlineClient). The board follows the game; the replay
/// bar and its keys step back through the moves, and End returns to the live position, which
/// then follows again. The side panel shows the clocks and the chat (and takes the watcher's
/// lines when the host allows them); the status bar says what happens (connecting, the result,
/// the end); the test report gets WATCH lines.

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <wx/string.h>

#include "app/replaycontroller.h"
#include "net/watcher.h"

namespace gomoku::app {

/// Where a watched game comes from. Its calls are made on the GUI thread.
class WatchSource {
 public:
  virtual ~WatchSource() = default;
  /// Starts watching; `changed` is then called on the GUI thread after each change of
  /// Snapshot() (never after the source is destroyed).
  virtual void Begin(std::function<void()> changed) = 0;
  /// The watch now.
  virtual net::WatchSnapshot Snapshot() const = 0;
  /// Stops watching (the host or the server is told); Snapshot() then reads Ended.
  virtual void Stop() = 0;
  /// Sends the watcher's chat line (refusals as net::NetWatcher::sendChat).
  virtual net::RequestError SendChat(const std::string& text) = 0;
  /// Where the game is watched, for the side panel: "host:port", or the server's name.
  virtual std::string Where() const = 0;
  /// The game is watched in a server's hall (leaving goes back to the hall).
  virtual bool Online() const = 0;
};

/// The source of a game hosted at `host`:`port` (a P2P host), watched as `nickname`: a
/// net::NetWatcher that connects within `timeout` when Begin() is called.
std::unique_ptr<WatchSource> hostWatchSource(std::string host, std::uint16_t port,
                                             std::string nickname,
                                             std::chrono::milliseconds timeout);

/// A live game, watched.
class WatchController : public ReplayController {
 public:
  /// The watch of `source`'s game; nothing starts before Begin.
  WatchController(FrameServices& frame, std::unique_ptr<WatchSource> source);
  ~WatchController() override;

  /// Starts watching; the status bar says so.
  void Begin();
  /// "Watching Alice vs Bob - Gomoku" once the game came, else "Watching host:port - Gomoku".
  wxString Title() const override;
  /// The situation of the game shown, or what the connection does before the first view.
  wxString SituationStatus() const override;
  /// "black-white.sgf".
  wxString SaveName() const override;
  /// The replay's side panel, with where the game is watched, the watchers, the clocks and the
  /// chat while the game is followed.
  void FillSideInput(SideInput& in) const override;
  /// A clock of the game runs (the side panel shows it counting down).
  bool ClockRunning() const override;
  /// Stops watching (the host or the server is told).
  void Leave() override;
  /// The game is still followed (Stop watching can be chosen).
  bool Following() const;
  /// The game is watched in a server's hall.
  bool Online() const { return source_->Online(); }
  /// Sends the side panel's chat line (the host allows watchers' chat); a refusal is shown
  /// under the input.
  void SendChat();
  /// The watch now.
  net::WatchSnapshot Snapshot() const { return source_->Snapshot(); }
  /// Shows what changed in the watch (the source's news; GUI thread).
  void OnUpdate();

 private:
  std::unique_ptr<WatchSource> source_;
  int shownViews_ = 0;  // the VIEWs shown so far
  int shownChat_ = 0;   // the chat lines shown so far
  net::WatchPhase shownPhase_ = net::WatchPhase::Idle;
  bool shownOver_ = false;
};

}  // namespace gomoku::app
