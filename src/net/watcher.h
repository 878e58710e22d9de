#pragma once
/// @file Watching a P2P game (protocol 1.5, PROTOCOL.md "Watchers"): connect to a game's host,
/// say WATCH, and follow the game the host sends (VIEW) with the chat (WATCH_CHAT). A watcher
/// never takes part in the players' match. Thread-safe: every public member may be called from
/// any thread.

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.h"
#include "core/game.h"
#include "net/match.h"
#include "net/netgame.h"
#include "net/wire.h"

namespace gomoku::net {

/// What a watcher's connection is doing.
enum class WatchPhase {
  Idle,        ///< nothing started
  Connecting,  ///< resolving the name, connecting, waiting for the first VIEW
  Watching,    ///< following the game
  Ended,       ///< the host ended the connection (the players left) or it dropped; see message
  Failed,      ///< no game to watch there, refused, or cancelled; see failure and message
};

/// A consistent copy of what a watcher shows.
struct WatchSnapshot {
  WatchPhase phase = WatchPhase::Idle;          ///< connection phase
  NetFailure failure = NetFailure::None;        ///< Failed: why
  std::string message;                          ///< Failed or Ended: the reason, for the user
  std::string hostAddress;                      ///< the host's "address:port" once connected
  int views = 0;                                ///< VIEWs received so far (a new one counts up)
  ViewState state = ViewState::Playing;         ///< what the game is doing (Watching)
  int gameNumber = 0;                           ///< the match's game number (1 for the first)
  Game game;                                    ///< the game as the host holds it
  std::string hostNickname;                     ///< the host's nickname
  std::string joinerNickname;                   ///< the joiner's nickname
  bool hostPlaysBlack = true;                   ///< the host plays Black in this game
  OpeningRule openingRule = OpeningRule::None;  ///< the game's opening rule
  /// The game's clocks on the steady clock's milliseconds (disabled without a clock), as the
  /// host's were when it sent the last VIEW, running on since.
  GameClock clock;
  int watchers = 0;          ///< programs watching, this one included
  bool chatAllowed = false;  ///< the host lets watchers chat
  /// The chat: the players' lines (player true) and the watchers' (ours too), oldest first; at
  /// most kMaxWatcherChatLines * 2.
  std::vector<WatchChat> chat;
  int chatLines = 0;  ///< chat lines received so far (a new one counts up)
  /// Black's nickname (hostPlaysBlack: the host's).
  const std::string& blackNickname() const {
    return hostPlaysBlack ? hostNickname : joinerNickname;
  }
  /// White's nickname.
  const std::string& whiteNickname() const {
    return hostPlaysBlack ? joinerNickname : hostNickname;
  }
  /// A side's clock at this moment, for the display.
  ClockReading clockNow(Stone side) const;
};

/// The steady clock now, in milliseconds: the time base of a watched game's clocks.
std::int64_t steadyNowMs();

/// The VIEW of the game `m` holds (a P2P host's match, or a server's match facing one player):
/// its game as SYNC carries it (token 0), the nicknames given (`hostName` for m's local side),
/// `watchers` (clamped to 65535), `chatAllowed`, the state (`suspended`, else Playing or
/// Finished by m's phase) and the timed move at m.nowMs(). What both watchers' relays send.
View viewOfMatch(const Match& m, const std::string& hostName, const std::string& joinerName,
                 std::size_t watchers, bool chatAllowed, bool suspended);
/// `v` encoded without its running move's time: equal for two VIEWs of an unchanged game.
std::vector<std::uint8_t> viewKey(View v);

/// Applies a VIEW to `s`: the game replayed from its moves under its rule, the result, the
/// nicknames, clocks (read at nowMs) and counts. Returns an English sentence when the VIEW
/// cannot be a game (e.g. "move 7 is illegal: the point is occupied"), leaving `s` unchanged.
std::optional<std::string> applyView(const View& v, std::int64_t nowMs, WatchSnapshot& s);

/// One watcher connection: watch() a host, follow its game until it ends or cancel().
/// Destroying it says goodbye (BYE) and stops the network thread.
class NetWatcher {
 public:
  /// Called on the network thread, with no lock held, after every change of the snapshot; it
  /// must not block or destroy the NetWatcher (GUIs forward it with CallAfter).
  using Listener = std::function<void()>;

  /// Starts the network thread; `options` gives the heartbeat and silence times.
  explicit NetWatcher(Listener listener, NetOptions options = {});
  /// Says goodbye, closes and joins the network thread.
  ~NetWatcher();
  NetWatcher(const NetWatcher&) = delete;
  NetWatcher& operator=(const NetWatcher&) = delete;

  /// Connects to `hostName`:`port` within `timeout` and asks to watch as `nickname` (UTF-8,
  /// see nicknameError). Returns at once; progress comes through the listener. Throws
  /// std::invalid_argument for a bad nickname. Ignored unless Idle, Ended or Failed.
  void watch(const std::string& hostName, std::uint16_t port, const std::string& nickname,
             std::chrono::milliseconds timeout);
  /// Stops connecting (Failed, Cancelled) or stops watching (Ended, BYE to the host).
  void cancel();
  /// Sends a chat line to the host, for the watchers (and the host) when it allows it: 1..500
  /// bytes of UTF-8. Refusals: NotConnected, WatchersMayNotChat, ChatEmpty, ChatNotUtf8,
  /// ChatTooLong, ChatTooFast.
  RequestError sendChat(const std::string& text);
  /// A copy of the current state.
  WatchSnapshot snapshot() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gomoku::net
