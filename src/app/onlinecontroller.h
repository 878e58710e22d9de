#pragma once
/// @file OnlineController: online play on a gomoku-server as the main window shows it. It owns
/// the net::OnlineClient (the connection, login, hall and games, on the network thread), logs in
/// as the login dialog asked (password, new account, or a remembered session token), keeps the
/// hall panel up to date, tells the test report and the status bar what happened, and hands
/// each game the server sets up to the window's NetworkController through a MatchLink: an
/// online game looks and works exactly like a P2P one. Leaving the game goes back to the hall.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <wx/string.h>
#include <wx/timer.h>

#include "net/online.h"

namespace gomoku::app {

class FrameServices;
class HallPanel;
class NetworkController;
class WatchSource;

/// How to log in on the server.
struct OnlineLogin {
  std::string host;                              ///< server host name or address
  std::uint16_t port = net::kDefaultServerPort;  ///< server port
  /// The server's nodes as the user gave them (host and port first), tried in order; empty:
  /// just host and port.
  std::vector<std::pair<std::string, std::uint16_t>> servers;
  std::string name;          ///< account name (UTF-8)
  std::string password;      ///< "" when logging in with `token`
  std::string token;         ///< a remembered session token, or ""
  bool registering = false;  ///< create the account first
  bool remember = false;     ///< keep the session token afterwards
};

/// The connection to a server, its hall and its games.
class OnlineController {
 public:
  /// What the controller asks of the window besides FrameServices.
  struct Hooks {
    /// Show the hall panel (true) or the board (false).
    std::function<void(bool)> showHall;
    /// The login failed or the connection ended before a login: show the login dialog again
    /// with `error` (a sentence; "" = none).
    std::function<void(const wxString& error)> loginFailed;
    /// Logged in: remember (token non-empty) or forget (token empty) the session token of
    /// `name` on "host:port".
    std::function<void(const std::string& server, const std::string& name,
                       const std::string& token)>
        rememberLogin;
    /// A stored game arrived (the user asked to replay or save it).
    std::function<void(const net::GameRecord& record, bool save)> gameRecord;
    /// The hall panel showed a new state (its buttons may have been enabled, shown or hidden).
    std::function<void()> hallUpdated;
  };

  /// Nothing connected yet. `hall` is the window's hall panel, `network` its network
  /// controller (online games are shown there).
  OnlineController(FrameServices& frame, NetworkController& network, HallPanel& hall, Hooks hooks);
  /// Leaves a game shown (BYE: a running game is lost) and signs out.
  ~OnlineController();
  OnlineController(const OnlineController&) = delete;
  OnlineController& operator=(const OnlineController&) = delete;

  /// Connects and logs in as `login` says (a new connection; a previous one is closed).
  /// `trustNew`: pin an unknown server's certificate without asking (the user agreed).
  void Start(const OnlineLogin& login, bool trustNew = false);
  /// Signs out (BYE) and hides the hall; the game shown stays on show as a kept game.
  void SignOut();
  /// Stops connecting or logging in (not after a login); the login dialog comes back.
  void CancelConnect();
  /// Logged in (also while reconnecting).
  bool LoggedIn() const;
  /// Connecting or logged in.
  bool Active() const;
  /// A game of ours is shown in the window's network controller.
  bool GameShown() const;
  /// Shows the hall again (after the board showed something else), when logged in and no game
  /// runs.
  void ShowHall();
  /// The client's state now.
  net::OnlineSnapshot Snapshot() const;
  /// The client, for the hall panel's requests (nullptr when none).
  net::OnlineClient* Client() { return client_.get(); }
  /// Tells a refused request of the hall in the status bar; true when it was sent.
  bool Check(net::OnlineRefusal r);
  /// Asks for stored game `id`; `save`: to save it, else to replay it.
  void RequestGame(std::uint64_t id, bool save);

  /// Watches game `id` of the hall's Games in progress: the source a WatchController shows;
  /// nullptr (and the status bar says why) when the client refuses (not in the hall).
  std::unique_ptr<WatchSource> Watch(std::uint64_t id);

  /// The listener's call on the GUI thread: acts on what changed.
  void OnChanged();

 private:
  friend class OnlineLink;
  friend class OnlineWatchSource;
  void OnClosed(const net::OnlineSnapshot& s);
  void Report(const std::string& line);
  void BackToHall();    // the game was left: the hall again
  void RefreshLists();  // asks for the hall's lists and the games in progress again
  // The network controller shows a game of client_ (not replaced by another kind of game).
  bool Linked() const;

  FrameServices& frame_;
  NetworkController& network_;
  HallPanel& hall_;
  Hooks hooks_;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
  std::unique_ptr<net::OnlineClient> client_;
  OnlineLogin login_;
  bool loginSent_ = false;
  bool linked_ = false;                 // the network controller shows a game of client_
  std::function<void()> watchChanged_;  // the watch source's news (OnlineWatchSource)
  // What of the snapshot was acted on.
  int loginAnswers_ = 0;
  int matches_ = 0;
  std::size_t results_ = 0;
  std::size_t denials_ = 0;
  std::size_t records_ = 0;
  int invitations_ = 0;
  int statsUpdates_ = 0;
  int roomsCreated_ = 0;
  bool finding_ = false;
  bool inHall_ = false;
  net::OnlinePhase phase_ = net::OnlinePhase::Idle;
  std::uint64_t wantedGame_ = 0;  // RequestGame: the id asked for
  bool saveWanted_ = false;
  wxTimer tick_;  // the finding time and the opponent's countdown, once a second
  int ticks_ = 0;
  static constexpr int kRefreshTicks = 15;  // the hall's lists asked for again, in ticks
};

}  // namespace gomoku::app
