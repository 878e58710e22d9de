#pragma once
/// @file Games on the local network: a hosting program announces its waiting game with DNS-SD
/// over multicast DNS (RFC 6762, RFC 6763; service type "_gomoku._tcp"), and a joining program
/// lists the games announced. On Linux through the system's Avahi daemon (its client library:
/// the daemon already answers for the machine, and standard tools such as `avahi-browse -rt
/// _gomoku._tcp` see the games too); on Windows through the system's own DNS-SD service
/// (DnsServiceRegister, DnsServiceBrowse: Windows 10 and later); elsewhere, and where the
/// service is missing, discovery reports LanStatus::Unavailable. Typing a host name always
/// works without it.
///
/// The TXT record (RFC 6763 section 6, "key=value" strings): nick (UTF-8), rule (freestyle,
/// standard, renju), size (5-25), colour (the host's: black, white, random), proto ("1.4"),
/// full (0/1: a game in progress, announced for watchers), and when set, clock (core/clock.h text
/// form) and opening (core/opening.h name).

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/rules.h"

namespace gomoku::net {

/// The DNS-SD service type of a waiting game.
inline constexpr const char* kLanServiceType = "_gomoku._tcp";
/// At most this many games are listed; announcements beyond are ignored (a flood of them
/// cannot grow the list or the work without bound).
inline constexpr std::size_t kMaxLanGames = 64;

/// What a host announces about its waiting game.
struct LanAnnouncement {
  std::string nickname;           ///< the host's nickname (UTF-8, nicknameError-clean)
  Rule rule = Rule::Freestyle;    ///< the game's rule
  int boardSize = 15;             ///< board size, 5-25
  std::string colour = "random";  ///< the host's colour: "black", "white" or "random"
  std::string clock;              ///< time control in text form ("" = none)
  std::string opening;            ///< opening rule name ("" or "none" = none)
  std::uint16_t port = 0;         ///< the TCP port the host listens on
  bool full = false;              ///< a joiner is already playing
  /// Equal fields.
  bool operator==(const LanAnnouncement&) const = default;
};

/// A game found on the local network.
struct LanGame {
  std::string instance;   ///< the DNS-SD service instance name (unique on the network)
  LanAnnouncement game;   ///< what the host announced (port: where it listens)
  int protocolMajor = 0;  ///< the host's protocol version, e.g. 1
  int protocolMinor = 0;  ///< e.g. 4
  std::string hostName;   ///< the host's mDNS name, e.g. "alice-pc.local"
  std::string address;    ///< the host's numeric address, e.g. "192.168.1.20" or "fe80::1%3"
  /// Equal fields.
  bool operator==(const LanGame&) const = default;
};

/// The TXT strings that announce `a` (one "key=value" string each, each at most 255 bytes:
/// a nickname is at most 32 code points, 128 bytes).
std::vector<std::string> lanTxt(const LanAnnouncement& a);
/// Reads a TXT record's strings into `g` (game, protocol fields). Returns an error phrase when
/// a required key (nick, rule, size, proto) is missing or malformed, or the nickname fails
/// nicknameError; unknown keys are ignored (RFC 6763 section 6.4). The port is not in TXT.
std::optional<std::string> parseLanTxt(const std::vector<std::string>& txt, LanGame& g);

/// The DNS-SD instance name a host announces its game under: "NICK's game" while it waits,
/// "NICK's game (in progress)" once it runs and may be watched (a new name, so that browsers
/// see the waiting game go and the running one come: a re-announcement under the same name
/// would only refresh the record they hold). The nickname is cut at a character boundary to
/// keep within DNS-SD's 63 bytes (a conflict adds " #2" and so on).
std::string lanInstanceName(const std::string& nickname, bool inProgress = false);

/// The state of local discovery.
enum class LanStatus {
  Starting,     ///< talking to the system's service
  Running,      ///< announcing or browsing
  Unavailable,  ///< no discovery service (Linux: the Avahi daemon is not running, or no D-Bus)
  Failed,       ///< the service refused (e.g. a name conflict it could not resolve)
};

/// Announces one waiting game while it exists. Thread-safe. The daemon may come and go: the
/// announcement is made again when it comes back.
class LanAnnouncer {
 public:
  /// Starts announcing `a` under the instance name "NICK's game" (a number is added on a
  /// conflict). Never throws; status() says whether it works.
  explicit LanAnnouncer(const LanAnnouncement& a);
  /// Withdraws the announcement.
  ~LanAnnouncer();
  LanAnnouncer(const LanAnnouncer&) = delete;
  LanAnnouncer& operator=(const LanAnnouncer&) = delete;
  /// The announcement's state now.
  LanStatus status() const;
  /// The instance name announced ("" until the daemon accepted it).
  std::string instance() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Lists the games announced on the local network, live. Thread-safe. `changed` is called on
/// the discovery service's own thread after each change of the list or the status (a GUI
/// passes it on to its thread); it must not destroy the browser.
class LanBrowser {
 public:
  /// Starts browsing. Never throws; status() says whether it works. With `instancePrefix`, only
  /// the games whose instance name starts with it are looked at (e.g. lanInstanceName(nick) to
  /// find one player's game among a flood of others).
  explicit LanBrowser(std::function<void()> changed, std::string instancePrefix = {});
  /// Stops browsing; no call of `changed` runs after it returns.
  ~LanBrowser();
  LanBrowser(const LanBrowser&) = delete;
  LanBrowser& operator=(const LanBrowser&) = delete;
  /// The games found so far (at most kMaxLanGames), in the order found.
  std::vector<LanGame> games() const;
  /// The browser's state now.
  LanStatus status() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gomoku::net
