#include "net/netgame.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <deque>
#include <future>
#include <mutex>
#include <thread>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/host_name.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ip/v6_only.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include "net/connect.h"
#include "net/lan.h"
#include "net/session.h"
#include "net/watcher.h"

#ifndef _WIN32
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#endif

namespace gomoku::net {

namespace asio = boost::asio;
using asio::ip::tcp;
using boost::system::error_code;

LocalAddresses localAddresses() {
  LocalAddresses out;
  error_code ec;
  out.hostName = asio::ip::host_name(ec);
  std::vector<std::string> v4, v6;
#ifndef _WIN32
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) == 0) {
    for (ifaddrs* i = list; i; i = i->ifa_next) {
      if (!i->ifa_addr || (i->ifa_flags & IFF_LOOPBACK) || !(i->ifa_flags & IFF_UP)) continue;
      if (i->ifa_addr->sa_family == AF_INET) {
        auto* sin = reinterpret_cast<const sockaddr_in*>(i->ifa_addr);
        asio::ip::address_v4::bytes_type b;
        std::memcpy(b.data(), &sin->sin_addr, 4);
        v4.push_back(asio::ip::address_v4(b).to_string());
      } else if (i->ifa_addr->sa_family == AF_INET6) {
        auto* sin6 = reinterpret_cast<const sockaddr_in6*>(i->ifa_addr);
        asio::ip::address_v6::bytes_type b;
        std::memcpy(b.data(), &sin6->sin6_addr, 16);
        asio::ip::address_v6 a(b, sin6->sin6_scope_id);
        v6.push_back(a.to_string());
      }
    }
    freeifaddrs(list);
  }
#else
  asio::io_context io;
  tcp::resolver r(io);
  for (const auto& e : r.resolve(out.hostName, "", ec)) {
    auto a = e.endpoint().address();
    if (a.is_loopback()) continue;
    (a.is_v4() ? v4 : v6).push_back(a.to_string());
  }
#endif
  out.addresses = std::move(v4);
  out.addresses.insert(out.addresses.end(), v6.begin(), v6.end());
  return out;
}

std::string hostPortKey(std::string_view host, std::uint16_t port) {
  std::string h(host);
  std::transform(h.begin(), h.end(), h.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (h.find(':') != std::string::npos && h.front() != '[') h = "[" + h + "]";
  return h + ":" + std::to_string(port);
}

std::optional<std::pair<std::string, std::uint16_t>> parseHostPort(const std::string& text,
                                                                   std::uint16_t defaultPort) {
  std::string host = text;
  std::string port;
  while (!host.empty() && host.front() == ' ') host.erase(0, 1);
  while (!host.empty() && host.back() == ' ') host.pop_back();
  if (!host.empty() && host.front() == '[') {
    const auto close = host.find(']');
    if (close == std::string::npos) return std::nullopt;
    std::string rest = host.substr(close + 1);
    host = host.substr(1, close - 1);
    if (!rest.empty()) {
      if (rest.front() != ':') return std::nullopt;
      port = rest.substr(1);
    }
  } else if (std::count(host.begin(), host.end(), ':') == 1) {
    const auto colon = host.find(':');
    port = host.substr(colon + 1);
    host = host.substr(0, colon);
  }
  if (host.empty()) return std::nullopt;
  if (port.empty()) return std::make_pair(host, defaultPort);
  if (port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  const int p = std::stoi(port);
  if (p < 1 || p > 65535) return std::nullopt;
  return std::make_pair(host, static_cast<std::uint16_t>(p));
}

std::optional<std::vector<std::pair<std::string, std::uint16_t>>> parseServerList(
    const std::string& text, std::uint16_t defaultPort) {
  std::vector<std::pair<std::string, std::uint16_t>> servers;
  std::size_t from = 0;
  for (;;) {
    const std::size_t comma = text.find(',', from);
    auto one = parseHostPort(text.substr(from, comma - from), defaultPort);
    if (!one || servers.size() == kMaxServers) return std::nullopt;
    servers.push_back(std::move(*one));
    if (comma == std::string::npos) return servers;
    from = comma + 1;
  }
}

void copyMatchState(const Match& m, NetSnapshot& s) {
  s.match = m.phase();
  s.game = m.game();
  s.localColor = m.localColor();
  s.localNickname = m.localNickname();
  s.peerNickname = m.peerNickname();
  s.myTurn = m.myTurn();
  s.gameNumber = m.gameNumber();
  s.takebackPending = m.takebackPending();
  s.takebackRequested = m.takebackRequested();
  s.drawOffered = m.drawOffered();
  s.drawRequested = m.drawRequested();
  s.wantAgain = m.wantAgain();
  s.peerWantsAgain = m.peerWantsAgain();
  s.chat = m.chat();
  s.notice = m.notice();
  s.notices = m.notices();
  s.recentNotices = m.recentNotices();
  s.suspendReason = m.suspendReason();
  s.suspensions = m.suspensions();
  s.previousGame = m.previousGame();
  s.previousRevisions = m.previousRevisions();
  s.takebacks = m.takebacks();
  s.takenBackTo = m.takenBackTo();
  s.resumeToken = m.role() == Role::Joiner ? m.token() : 0;
  s.clock = m.gameClock();
  s.openingRule = m.openingRule();
  s.opening.reset();
  if (m.opening()) s.opening = *m.opening();
  s.localSeat = m.localSeat();
  s.openingActs = m.openingActs();
  s.openingStones = m.openingStones();
  s.watchers = m.watchers();
}

ClockReading NetSnapshot::clockNow(Stone side) const {
  return clock.reading(side, steadyNowMs());
}

// A watcher's connection is closed when more messages than this wait to be written to it.
constexpr std::size_t kWatcherQueueLimit = 256;
// How long after a change the watchers are sent it (relayToWatchers): far below what a person
// notices, far above a move's way to the opponent.
constexpr std::chrono::milliseconds kWatcherRelayDelay{30};

struct NetGame::Impl {
  Impl(Listener l, NetOptions o)
      : listener(std::move(l)),
        options(o),
        work(asio::make_work_guard(io)),
        deadline(io),
        acceptRetry(io),
        heartbeat(io),
        resumeTimer(io),
        reconnectTimer(io),
        clockTimer(io),
        watchBeat(io),
        watchRelay(io) {
    thread = std::thread([this] { io.run(); });
  }

  // Every heartbeat interval while connected: say we are alive, and give up on a peer that has
  // been silent for too long (cable pulled, traffic dropped: no end of stream ever comes).
  void beat() {
    heartbeat.expires_after(options.heartbeatInterval);
    heartbeat.async_wait([this](error_code ec) {
      if (ec) return;
      bool again = false;
      mutate([&] {
        if (!session || !match || match->phase() == MatchPhase::Closed ||
            match->phase() == MatchPhase::Suspended)
          return;  // a resume starts the beat again
        again = true;
        if (std::chrono::steady_clock::now() - lastHeard > options.silenceTimeout) {
          match->connectionLost(
              "no sign of life from the opponent for " +
              std::to_string(options.silenceTimeout.count() / 1000.0).substr(0, 4) +
              " s (heartbeat)");
          if (session) session->abort();
          again = false;
          return;
        }
        session->send(Heartbeat{});
      });
      if (again) beat();
    });
  }

  // Runs f under the lock, then tells the listener (without the lock). Whatever f did, the
  // game clock's next check is set again.
  template <class F>
  void mutate(F&& f) {
    std::unique_ptr<LanAnnouncer> gone;
    std::int64_t clockCheck = -1;
    {
      std::lock_guard<std::mutex> lock(mu);
      f();
      if (match) clockCheck = match->msUntilClockCheck();
      gone = announce();
      relayToWatchers();
    }
    gone.reset();  // withdrawn outside the lock: the system's service may take a moment
    asio::post(io, [this, clockCheck] { setClockTimer(clockCheck); });
    if (listener) listener();
  }

  // The waiting game is announced on the local network while it listens (NetOptions::announce),
  // also while a caller's handshake runs (a port scanner does not hide it), and withdrawn when
  // a game starts, the host stops or the listening fails. A started game that watchers may
  // watch (maxWatchers > 0) is then announced again with full=1 until the match closes, for
  // Watch game to list (under its own instance name: both may exist for a moment). Under mu;
  // returns an announcement to withdraw, for the caller to destroy once it has let go of the
  // lock.
  std::unique_ptr<LanAnnouncer> announce() {
    const bool host = phase == NetPhase::InMatch && settings.role == Role::Host && match;
    const bool waiting =
        phase == NetPhase::Listening || (host && match->phase() == MatchPhase::Handshake);
    const bool watchable = host && options.maxWatchers > 0 &&
                           match->phase() != MatchPhase::Handshake &&
                           match->phase() != MatchPhase::Closed;
    if (!options.announce || !(waiting || watchable) || shuttingDown) return std::move(lan);
    if (lan && lanFull == watchable) return nullptr;
    std::unique_ptr<LanAnnouncer> gone = std::move(lan);  // the waiting game's, if any
    LanAnnouncement a;
    a.full = lanFull = watchable;
    a.nickname = settings.nickname;
    a.rule = settings.rule;
    a.boardSize = settings.boardSize;
    a.colour = settings.color == ColorChoice::White    ? "white"
               : settings.color == ColorChoice::Random ? "random"
                                                       : "black";
    if (settings.clock.kind != ClockKind::None) a.clock = formatTimeControl(settings.clock);
    if (settings.opening != OpeningRule::None) a.opening = openingRuleName(settings.opening);
    a.port = port;
    lan = std::make_unique<LanAnnouncer>(a);
    return gone;
  }

  // ---- watchers (PROTOCOL.md, Watchers) ------------------------------------------------------

  struct WatcherConn {
    std::shared_ptr<Session> session;
    std::string nickname;
    std::chrono::steady_clock::time_point lastHeard;
    bool fresh = true;                                            // has not had its first VIEW yet
    std::deque<std::chrono::steady_clock::time_point> chatTimes;  // its lines (rate limit)
  };

  std::vector<WatcherConn>::iterator findWatcher(const Session* s) {
    return std::find_if(watchers.begin(), watchers.end(),
                        [s](const WatcherConn& w) { return w.session.get() == s; });
  }

  // Under the lock: a caller's first message was WATCH.
  void addWatcher(const std::shared_ptr<Session>& c, const Watch& w) {
    if (w.protocolMajor != kProtocolMajor) {
      c->send(
          Error{ErrorCode::VersionMismatch, "version mismatch: the other program speaks protocol " +
                                                std::to_string(w.protocolMajor) + ".x, this one " +
                                                std::to_string(kProtocolMajor) + ".x"});
      c->closeAfterWrites();
      return;
    }
    const char* refusal = nullptr;
    if (options.maxWatchers <= 0)
      refusal = "this host allows no watchers";
    else if (watchers.size() >= static_cast<std::size_t>(options.maxWatchers))
      refusal = "this game has as many watchers as the host allows";
    if (refusal) {
      c->send(Error{ErrorCode::Busy, refusal});
      c->closeAfterWrites();
      return;
    }
    watchers.push_back({c, w.nickname, std::chrono::steady_clock::now(), true, {}});
    if (watchers.size() == 1) asio::post(io, [this] { beatWatchers(); });
  }

  // Under the lock: a watcher's connection ended (or we end it).
  void dropWatcher(std::vector<WatcherConn>::iterator it) {
    it->session->abort();
    watchers.erase(it);
  }

  // Under the lock: a message from a watcher already watching. It may only stay alive, chat (when
  // the host allows) and leave: anything else ends its connection, never the game.
  void watcherMessage(std::vector<WatcherConn>::iterator it, const Message& m) {
    it->lastHeard = std::chrono::steady_clock::now();
    if (std::holds_alternative<Heartbeat>(m)) return;
    if (std::holds_alternative<Bye>(m)) return dropWatcher(it);
    if (const auto* line = std::get_if<WatchChat>(&m)) {
      auto& times = it->chatTimes;
      const auto now = std::chrono::steady_clock::now();
      while (!times.empty() && now - times.front() >= Match::kChatWindow) times.pop_front();
      if (static_cast<int>(times.size()) >= 2 * Match::kChatBurst)
        return refuseWatcher(it, "chat flood");
      times.push_back(now);
      if (!options.watcherChat || line->text.find_first_not_of(" \t") == std::string::npos) return;
      WatchChat relayed{it->nickname, false, line->text};
      watcherChat.push_back(relayed);
      ++watcherChatLines;
      if (watcherChat.size() > kMaxWatcherChatLines) watcherChat.erase(watcherChat.begin());
      const auto bytes = encode(relayed);
      for (const WatcherConn& w : watchers) w.session->sendBytes(bytes);
      if (match) match->relayWatcherChat(relayed);  // and to the joiner (protocol 1.5)
      return;
    }
    refuseWatcher(it, std::string("a watcher may not send ") + typeName(typeOf(m)));
  }

  // Under the lock: a watcher that misbehaved is told why and let go; the game goes on.
  void refuseWatcher(std::vector<WatcherConn>::iterator it, const std::string& why) {
    it->session->send(Error{ErrorCode::Protocol, why});
    it->session->closeAfterWrites();
    watchers.erase(it);
  }

  // Under the lock: the VIEW of the game now.
  View viewOfGame() const {
    return viewOfMatch(*match, match->localNickname(), match->peerNickname(), watchers.size(),
                       options.watcherChat, false);
  }

  // Under the lock, after every change. The players come first: what changed reaches the
  // watchers kWatcherRelayDelay later, in one VIEW however many changes came meanwhile, so that
  // serving them never competes with a move on its way to the opponent. A new watcher is served
  // at once, and so is the end of the match.
  void relayToWatchers() {
    // Only a host has watchers (a joiner's count comes from the host's WATCHERS).
    if (settings.role != Role::Host || !match || match->phase() == MatchPhase::Handshake) return;
    // The players hear the count too (WATCHERS), gathered as the VIEWs are.
    const bool countChanged = match->watchers() != static_cast<int>(watchers.size());
    if (watchers.empty() && !countChanged) return;
    const bool fresh =
        std::any_of(watchers.begin(), watchers.end(), [](const WatcherConn& w) { return w.fresh; });
    if (fresh || match->phase() == MatchPhase::Closed) return flushWatchers();
    if (relayPending) return;
    if (!countChanged && viewKey(viewOfGame()) == lastView && match->chat().size() == chatRelayed)
      return;
    relayPending = true;
    asio::post(io, [this] {
      watchRelay.expires_after(kWatcherRelayDelay);
      watchRelay.async_wait([this](error_code ec) {
        if (ec) return;
        mutate([&] {
          relayPending = false;
          if (match && match->phase() != MatchPhase::Handshake) flushWatchers();
        });
      });
    });
  }

  // Under the lock: what the watchers have not seen yet. A VIEW goes out when the game differs
  // from the last one sent (the running clock aside), the players' new chat lines follow; once
  // the match has closed, the watchers are told goodbye.
  void flushWatchers() {
    if (match->watchers() != static_cast<int>(watchers.size()))
      match->setWatchers(static_cast<int>(watchers.size()));
    if (watchers.empty()) return;
    const MatchPhase mp = match->phase();
    const View v = viewOfGame();
    const std::vector<std::uint8_t> key = viewKey(v);
    const bool changed = key != lastView;
    lastView = key;
    const auto view = encode(v);
    const auto& chat = match->chat();
    if (chat.size() < chatRelayed) chatRelayed = 0;  // a new match's chat
    std::vector<std::vector<std::uint8_t>> lines;
    for (; chatRelayed < chat.size(); ++chatRelayed) {
      const ChatLine& l = chat[chatRelayed];
      lines.push_back(encode(
          WatchChat{l.fromUs ? match->localNickname() : match->peerNickname(), true, l.text}));
    }
    for (WatcherConn& w : watchers) {
      if (changed || w.fresh) w.session->sendBytes(view);
      if (w.fresh) {
        // The chat so far: the players' lines, then the watchers' (their order is not kept).
        const std::size_t first =
            chat.size() > kMaxWatcherChatLines ? chat.size() - kMaxWatcherChatLines : 0;
        for (std::size_t i = first; i < chat.size(); ++i)
          w.session->send(WatchChat{chat[i].fromUs ? match->localNickname() : match->peerNickname(),
                                    true, chat[i].text});
        for (const WatchChat& line : watcherChat) w.session->send(line);
        w.fresh = false;
        continue;
      }
      for (const auto& line : lines) w.session->sendBytes(line);
    }
    if (mp == MatchPhase::Closed) {
      for (WatcherConn& w : watchers) {
        w.session->send(Bye{ByeReason::Closing, "the players have left the game"});
        w.session->closeAfterWrites();  // within 3 s, even for one that stopped reading
        std::erase_if(callers, [&w](const Caller& c) { return c.session.lock() == w.session; });
      }
      watchers.clear();
    }
  }

  // Io thread, every heartbeat interval while anyone watches: a HEARTBEAT for each watcher, and
  // a watcher silent for too long is let go.
  void beatWatchers() {
    watchBeat.expires_after(options.heartbeatInterval);
    watchBeat.async_wait([this](error_code ec) {
      if (ec) return;
      bool again = false;
      mutate([&] {
        const auto now = std::chrono::steady_clock::now();
        std::vector<const Session*> silent;
        for (const WatcherConn& w : watchers) {
          if (now - w.lastHeard > options.silenceTimeout)
            silent.push_back(w.session.get());
          else
            w.session->send(Heartbeat{});
        }
        for (const Session* gone : silent) dropWatcher(findWatcher(gone));
        again = !watchers.empty() && !stopping;
      });
      if (again) beatWatchers();
    });
  }

  // On the io thread: judges the clocks (Match::checkClock) in `ms` milliseconds; -1: never.
  void setClockTimer(std::int64_t ms) {
    if (stopping) return;
    if (ms < 0) {
      clockTimer.cancel();
      return;
    }
    clockTimer.expires_after(std::chrono::milliseconds(ms));
    clockTimer.async_wait([this](error_code ec) {
      if (ec) return;
      mutate([&] {
        if (match) match->checkClock();
      });
    });
  }

  void fail(NetFailure f, std::string text) {
    phase = NetPhase::Failed;
    failure = f;
    message = std::move(text);
  }

  void makeMatch(MatchSettings s) {
    match.emplace(
        std::move(s),
        [this](const Message& m) {
          if (session) session->send(m);
        },
        [this] {
          if (session) session->closeAfterWrites();
        },
        [this](MatchEvent e) {
          if (e == MatchEvent::Started) asio::post(io, [this] { deadline.cancel(); });
          if (e == MatchEvent::Closed) onMatchClosed();
          if (e == MatchEvent::Suspended) onSuspended();
          if (e == MatchEvent::Resumed) onResumed();
        });
  }

  // Under the lock: the connection dropped mid-match. Wait for the resume (host) or go and
  // get it (joiner), until the resume window ends.
  void onSuspended() {
    resumeDeadline = std::chrono::steady_clock::now() + options.resumeWindow;
    // Forget the dead connection: what it still delivers (a message read before the drop was
    // noticed) must not reach the suspended match. Its handlers keep the Session alive.
    if (session) session->abort();
    session.reset();
    resumeAttempt = nullptr;
    asio::post(io, [this] {
      heartbeat.cancel();
      resumeTimer.expires_after(options.resumeWindow);
      resumeTimer.async_wait([this](error_code ec) {
        if (ec) return;
        mutate([&] {
          if (match && match->phase() == MatchPhase::Suspended) match->abandon();
        });
      });
      if (settings.role == Role::Joiner) reconnectSoon(std::chrono::milliseconds(0));
    });
  }

  // Under the lock: a new connection took the match up again.
  void onResumed() {
    lastHeard = std::chrono::steady_clock::now();
    resumeAttempt = nullptr;
    asio::post(io, [this] {
      resumeTimer.cancel();
      reconnectTimer.cancel();
      deadline.cancel();
      beat();
    });
  }

  // Joiner, io thread: the next attempt to reach the host again, after `delay`.
  void reconnectSoon(std::chrono::milliseconds delay) {
    reconnectTimer.expires_after(delay);
    reconnectTimer.async_wait([this](error_code ec) {
      if (!ec) tryReconnect();
    });
  }

  // Joiner, io thread: looks the host up again and connects; the new connection resumes the
  // match with RESUME. Every failure leads to another attempt, until the match leaves Suspended.
  void tryReconnect() {
    auto c = std::make_shared<TcpConnector>(io);
    {
      std::lock_guard<std::mutex> lock(mu);
      if (!match || match->phase() != MatchPhase::Suspended) return;
      connector = c;
    }
    c->start(
        joinHost, joinPort, handshakeTimeout, [this, c](const ConnectResult& r, tcp::socket sock) {
          bool attached = false;
          mutate([&] {
            if (connector == c) connector.reset();
            if (r.failure != NetFailure::None || !match || match->phase() != MatchPhase::Suspended)
              return;
            attach(std::move(sock));
            resumeAttempt = session.get();
            match->reconnected();
            attached = true;
          });
          if (!attached) {
            if (r.failure != NetFailure::None && r.failure != NetFailure::Cancelled)
              reconnectSoon(options.reconnectInterval);
            return;
          }
          // The host answers with SYNC within the handshake time, or we try again.
          deadline.expires_after(handshakeTimeout);
          deadline.async_wait([this](error_code e) {
            if (e) return;
            std::lock_guard<std::mutex> lock(mu);
            if (match && match->phase() == MatchPhase::Suspended && session) session->abort();
          });
        });
  }

  // Called under the lock when the match closes: classify a close during the handshake.
  void onMatchClosed() {
    message = match->closeReason();
    asio::post(io, [this] {
      resumeTimer.cancel();
      reconnectTimer.cancel();
    });
    if (match->localColor() != Stone::Empty) {
      // The hosted game is over: stop listening, so the port is free and later callers are
      // refused by the system rather than told BUSY by a game that no longer runs.
      if (settings.role == Role::Host) {
        auto stop = [this] {
          error_code ignored;
          if (acceptor) acceptor->close(ignored);
        };
        if (io.get_executor().running_in_this_thread())
          stop();
        else
          asio::post(io, stop);
      }
      return;
    }
    if (cancelling) return;  // cancel() says what happened
    if (auto r = match->refusal())
      failure = *r == ErrorCode::Busy         ? NetFailure::Busy
                : *r == ErrorCode::NoSuchGame ? NetFailure::NoGameToResume
                : *r == ErrorCode::ServerOnly ? NetFailure::IsServer
                                              : NetFailure::VersionMismatch;
    else if (lastDecodeError == DecodeError::BadVersion)
      failure = NetFailure::VersionMismatch;
    else if (peerSpoke || match->sentError())
      failure = NetFailure::Other;  // a Gomoku peer that ended the handshake, or that we refused
    else
      failure = NetFailure::NotGomokuHost;  // bad bytes, silence, or a close without a word
    if (failure == NetFailure::NotGomokuHost && settings.role == Role::Joiner)
      message = "not a Gomoku host: " + message;
    if (settings.role == Role::Host) {
      // A caller that never became a game (a port scanner, a browser, another version) does
      // not use up the hosted game: drop it and listen again, in this same step. The Match is
      // destroyed later, outside its own call.
      phase = NetPhase::Listening;
      failure = NetFailure::None;
      peerAddress.clear();
      handshakeTimedOut = false;
      lastDecodeError = DecodeError::None;
      peerSpoke = false;
      if (session) session->abort();
      const std::uint64_t stale = generation;
      asio::post(io, [this, stale] {
        std::lock_guard<std::mutex> lock(mu);
        if (generation != stale || !match || match->phase() != MatchPhase::Closed) return;
        match.reset();
        session.reset();
      });
    }
  }

  // Forgets a previous attempt (under the lock) so that host() or join() can start afresh.
  void reset() {
    if (session) session->abort();
    if (connector) connector->cancel();  // a finished attempt's late answer is ignored
    connector.reset();
    match.reset();
    session.reset();
    cancelling = false;
    peerSpoke = false;
    peerAddress.clear();
    failure = NetFailure::None;
    message.clear();
    connectDone = false;
    handshakeTimedOut = false;
    lastDecodeError = DecodeError::None;
  }

  // Runs f on the network thread and waits for it (at once when already there). Must be called
  // without the lock held: the network thread may be waiting for it.
  template <class F>
  void runOnIo(F f) {
    if (io.get_executor().running_in_this_thread()) return f();
    std::promise<void> done;
    auto finished = done.get_future();
    asio::post(io, [&] {
      f();
      done.set_value();
    });
    finished.wait();
  }

  // Under the lock, io thread: makes `socket` the match's connection.
  void attach(tcp::socket socket) {
    if (session) session->abort();  // a stray caller's or a dropped connection, already closing
    ++generation;
    peerSpoke = false;
    session = std::make_shared<Session>(std::move(socket));
    peerAddress = session->peerAddress();
    // The callbacks ignore a session that is no longer ours (a host back to listening, a
    // connection replaced by a resumed one).
    Session* current = session.get();
    session->start(
        [this, current](Message m) {
          mutate([&] {
            if (session.get() != current || !match) return;
            peerSpoke = true;
            lastHeard = std::chrono::steady_clock::now();
            match->receive(m);
          });
        },
        [this, current](const std::string& reason, DecodeError e) {
          mutate([&] {
            if (session.get() != current || !match) return;
            lastDecodeError = e;
            match->connectionLost(reason, e == DecodeError::None);  // bad bytes: no resume
            // A resume attempt that ended before SYNC: try again.
            if (current == resumeAttempt && match->phase() == MatchPhase::Suspended) {
              resumeAttempt = nullptr;
              asio::post(io, [this] { reconnectSoon(options.reconnectInterval); });
            }
          });
        });
  }

  // Host, under the lock: a caller while our match runs or is suspended. If its first message
  // resumes our match (RESUME with our token), it becomes the match's connection; otherwise it
  // is told BUSY (or that there is no such game) and closed.
  void candidate(tcp::socket socket) {
    auto cand = std::make_shared<Session>(std::move(socket));
    cand->setQueueLimit(kWatcherQueueLimit);  // a watcher that stops reading is let go
    std::weak_ptr<Session> weak = cand;
    auto timer = std::make_shared<asio::steady_timer>(io);
    // Remembered until the program ends, which closes them at once (callers, watchers).
    std::erase_if(callers, [](const Caller& c) { return c.session.expired(); });
    callers.push_back({weak, timer});
    timer->expires_after(handshakeTimeout);
    timer->async_wait([weak](error_code ec) {
      if (ec) return;
      if (auto c = weak.lock()) c->abort();  // said nothing in time
    });
    cand->start(
        [this, weak, timer](Message m) {
          mutate([&] {
            auto c = weak.lock();
            if (!c || !match) return;
            if (session == c) {  // adopted: an ordinary message of the match
              lastHeard = std::chrono::steady_clock::now();
              match->receive(m);
              return;
            }
            if (auto w = findWatcher(c.get()); w != watchers.end()) return watcherMessage(w, m);
            timer->cancel();
            if (const auto* watch = std::get_if<Watch>(&m)) {
              if (match->phase() != MatchPhase::Handshake) return addWatcher(c, *watch);
              c->send(
                  Error{ErrorCode::Busy, "the game has not started yet: watch it once it runs"});
              c->closeAfterWrites();
              return;
            }
            if (!match->acceptsResume(m)) {
              const bool resume = std::holds_alternative<Resume>(m);
              c->send(Error{resume ? ErrorCode::NoSuchGame : ErrorCode::Busy,
                            resume ? "this host has no such game to resume"
                                   : "this host is busy with another game"});
              c->closeAfterWrites();
              return;
            }
            // The joiner is back, perhaps before we noticed that the old connection died. But
            // while the old one is plainly alive (heard from lately), this is a second copy of
            // the joiner: it is refused, else two copies would take the game from each other
            // in turn for ever.
            if (match->phase() != MatchPhase::Suspended) {
              if (std::chrono::steady_clock::now() - lastHeard < 2 * options.heartbeatInterval) {
                c->send(Error{ErrorCode::Busy, "this game goes on over another connection"});
                c->closeAfterWrites();
                return;
              }
              match->connectionLost("the opponent came back on a new connection");
            }
            if (session) session->abort();
            ++generation;
            session = c;
            c->setQueueLimit(0);  // the joiner's connection: no bound, as for the first one
            peerAddress = c->peerAddress();
            lastHeard = std::chrono::steady_clock::now();
            match->receive(m);  // answers with SYNC, or refuses this connection (still Suspended)
            if (match->phase() == MatchPhase::Suspended)
              session.reset();  // it closes after the ERROR
          });
        },
        [this, weak](const std::string& reason, DecodeError e) {
          mutate([&] {
            auto c = weak.lock();
            if (!c) return;
            if (auto w = findWatcher(c.get()); w != watchers.end()) return dropWatcher(w);
            if (session != c || !match) return;
            lastDecodeError = e;
            match->connectionLost(reason, e == DecodeError::None);  // bad bytes: no resume
          });
        });
  }

  // Called on the io thread with a connected socket.
  void startSession(tcp::socket socket, std::chrono::milliseconds handshakeTimeout) {
    attach(std::move(socket));
    phase = NetPhase::InMatch;
    makeMatch(settings);
    match->connected();
    lastHeard = std::chrono::steady_clock::now();
    beat();
    deadline.expires_after(handshakeTimeout);
    deadline.async_wait([this](error_code ec) {
      if (ec) return;
      mutate([&] {
        if (!match || match->phase() != MatchPhase::Handshake) return;
        handshakeTimedOut = true;
        match->connectionLost("no Gomoku handshake within the time limit");
        if (session) session->abort();
      });
    });
  }

  void accept() {
    acceptor->async_accept([this](error_code ec, tcp::socket socket) {
      if (ec == asio::error::operation_aborted || !acceptor || !acceptor->is_open()) return;
      if (ec) {
        // E.g. out of file descriptors: the port stays ours; try again a little later.
        acceptRetry.expires_after(std::chrono::milliseconds(100));
        acceptRetry.async_wait([this](error_code e) {
          if (!e && acceptor && acceptor->is_open()) accept();
        });
        return;
      }
      mutate([&] {
        const MatchPhase mp = match ? match->phase() : MatchPhase::Closed;
        if (phase == NetPhase::InMatch && match &&
            mp != MatchPhase::Closed) {  // a watcher, or the joiner resuming (or BUSY)
          candidate(std::move(socket));
        } else if (phase != NetPhase::Listening) {
          auto busy = std::make_shared<Session>(std::move(socket));
          busy->start([](Message) {}, [](const std::string&, DecodeError) {});
          busy->send(Error{ErrorCode::Busy, "this host is busy with another game"});
          busy->closeAfterWrites();
        } else {
          startSession(std::move(socket), handshakeTimeout);
        }
      });
      accept();
    });
  }

  void shutdown() {
    std::unique_ptr<LanAnnouncer> gone;
    {
      std::lock_guard<std::mutex> lock(mu);
      if (match) match->leave();
      if (session) session->closeAfterWrites();
      relayToWatchers();  // the match is closed: the watchers are told (BYE)...
      // ... and every other connection ends now: a caller that says nothing, a watcher that
      // stopped reading must not keep the program from ending.
      for (const Caller& c : callers) {
        if (auto s = c.session.lock(); s && s != session) s->abort();
        c.timer->cancel();
      }
      callers.clear();
      shuttingDown = true;
      gone = std::move(lan);
    }
    gone.reset();
    closeListeners();
    asio::post(io, [this] {
      stopping = true;
      deadline.cancel();
      heartbeat.cancel();
      resumeTimer.cancel();
      reconnectTimer.cancel();
      clockTimer.cancel();
      watchBeat.cancel();
      watchRelay.cancel();
    });
  }

  // Stops listening and connecting; returns once the port is free. Call without the lock.
  void closeListeners() {
    runOnIo([this] {
      error_code ignored;
      if (acceptor) acceptor->close(ignored);
      acceptRetry.cancel();
      std::lock_guard<std::mutex> lock(mu);
      if (connector) connector->cancel();
      if (!session) deadline.cancel();
    });
  }

  Listener listener;
  NetOptions options;
  std::unique_ptr<LanAnnouncer> lan;  // the waiting game's announcement (announce())
  bool lanFull = false;               // under mu: `lan` announces a started game (full=1)
  bool shuttingDown = false;          // under mu: the NetGame is being destroyed
  asio::io_context io;
  asio::executor_work_guard<asio::io_context::executor_type> work;
  asio::steady_timer deadline;        // handshake deadline
  asio::steady_timer acceptRetry;     // after a failed accept
  asio::steady_timer heartbeat;       // liveness: send HEARTBEAT, watch the peer's silence
  asio::steady_timer resumeTimer;     // a suspended match is abandoned when it expires
  asio::steady_timer reconnectTimer;  // joiner: the next attempt to reach the host again
  asio::steady_timer clockTimer;      // the game clock's next check (a flag)
  asio::steady_timer watchBeat;       // the watchers' heartbeat (beatWatchers)
  asio::steady_timer watchRelay;      // the watchers' next VIEW (relayToWatchers)
  bool stopping = false;              // io thread: shutting down, no new clock checks
  std::unique_ptr<tcp::acceptor> acceptor;
  std::thread thread;

  mutable std::mutex mu;  // guards everything below
  NetPhase phase = NetPhase::Idle;
  NetFailure failure = NetFailure::None;
  std::string message;
  std::uint16_t port = 0;
  MatchSettings settings;
  std::optional<Match> match;
  std::shared_ptr<Session> session;
  std::shared_ptr<TcpConnector> connector;  // joiner: the connection attempt under way
  std::string peerAddress;
  std::chrono::milliseconds handshakeTimeout{10000};
  bool connectDone = false;  // the join deadline or the connect finished first
  bool handshakeTimedOut = false;
  bool peerSpoke = false;        // a well-formed message came from the peer
  bool cancelling = false;       // cancel() is ending the attempt
  std::uint64_t generation = 0;  // sessions started; tells a stale clean-up from a current one
  DecodeError lastDecodeError = DecodeError::None;
  std::chrono::steady_clock::time_point lastHeard;       // last message from the peer
  std::chrono::steady_clock::time_point resumeDeadline;  // a suspended match is abandoned then
  std::string joinHost;                                  // joiner: where to reconnect
  std::uint16_t joinPort = 0;
  Session* resumeAttempt = nullptr;   // joiner: the connection that sent RESUME, until SYNC
  std::vector<WatcherConn> watchers;  // host: the programs watching the game
  struct Caller {
    std::weak_ptr<Session> session;
    std::shared_ptr<asio::steady_timer> timer;  // its first message's deadline
  };
  std::vector<Caller> callers;         // connections that came during the match (candidate())
  std::vector<std::uint8_t> lastView;  // the last VIEW sent, its move time left out
  bool relayPending = false;           // watchRelay runs: the watchers' VIEW is on its way
  std::size_t chatRelayed = 0;         // the players' chat lines the watchers have had
  std::vector<WatchChat> watcherChat;  // the watchers' lines (NetSnapshot::watcherChat)
  int watcherChatLines = 0;            // NetSnapshot::watcherChatLines
};

NetGame::NetGame(Listener listener, NetOptions options)
    : impl_(std::make_unique<Impl>(std::move(listener), options)) {}

NetGame::~NetGame() {
  impl_->shutdown();
  impl_->work.reset();
  impl_->thread.join();
}

std::optional<std::string> NetGame::host(std::uint16_t port, MatchSettings settings) {
  settings.role = Role::Host;
  Match check(
      settings, [](const Message&) {}, [] {}, [](MatchEvent) {});  // throws on bad settings
  Impl& d = *impl_;
  std::optional<std::string> error;
  d.mutate([&] {
    if (d.phase != NetPhase::Idle && d.phase != NetPhase::Failed) {
      error = "this connection is already in use";
      return;
    }
    d.reset();
    d.settings = settings;
    auto acc = std::make_unique<tcp::acceptor>(d.io);
    error_code ec;
    // The family is remembered here: Windows cannot tell an unbound socket's local endpoint.
    bool v6 = true;
    acc->open(tcp::v6(), ec);
    if (!ec) {
      acc->set_option(asio::ip::v6_only(false), ec);  // dual stack where the system allows it
      ec = {};
    } else {
      v6 = false;
      ec = {};
      acc->open(tcp::v4(), ec);  // no IPv6 on this machine
    }
#ifndef _WIN32
    acc->set_option(tcp::acceptor::reuse_address(true), ec);  // restart right after a game
#endif
    if (!ec) acc->bind(tcp::endpoint(v6 ? tcp::v6() : tcp::v4(), port), ec);
    if (!ec) acc->listen(asio::socket_base::max_listen_connections, ec);
    if (ec) {
      const std::string why =
          ec == asio::error::address_in_use
              ? "port " + std::to_string(port) +
                    " is already in use by another program (address in use)"
              : "cannot listen on port " + std::to_string(port) + ": " + ec.message();
      d.fail(ec == asio::error::address_in_use ? NetFailure::AddressInUse : NetFailure::Other, why);
      d.phase = NetPhase::Idle;  // nothing changed: the user may try another port
      error = why;
      return;
    }
    d.port = acc->local_endpoint(ec).port();
    d.acceptor = std::move(acc);
    d.phase = NetPhase::Listening;
    d.failure = NetFailure::None;
    d.message.clear();
    asio::post(d.io, [&d] { d.accept(); });
  });
  return error;
}

void NetGame::join(const std::string& hostName, std::uint16_t port, MatchSettings settings,
                   std::chrono::milliseconds timeout) {
  settings.role = Role::Joiner;
  Match check(
      settings, [](const Message&) {}, [] {}, [](MatchEvent) {});  // throws on bad settings
  Impl& d = *impl_;
  bool accepted = false;
  d.mutate([&] {
    if (d.phase != NetPhase::Idle && d.phase != NetPhase::Failed) return;
    accepted = true;
    d.reset();
    d.settings = settings;
    d.joinHost = hostName;
    d.joinPort = port;
    d.phase = NetPhase::Connecting;
    d.handshakeTimeout = timeout;
    d.message = "connecting to " + hostName + ":" + std::to_string(port);
  });
  if (!accepted) return;  // already listening, connecting or playing
  asio::post(d.io, [&d, hostName, port, timeout] {
    auto c = std::make_shared<TcpConnector>(d.io);
    {
      std::lock_guard<std::mutex> lock(d.mu);
      if (d.connectDone) return;  // cancelled before the attempt began
      d.connector = c;
    }
    c->start(hostName, port, timeout, [&d, c](const ConnectResult& r, tcp::socket socket) {
      d.mutate([&] {
        if (d.connector != c) return;
        d.connector.reset();
        if (d.connectDone) return;
        d.connectDone = true;
        if (r.failure != NetFailure::None)
          return d.fail(r.failure, describeConnect(r, "no game is hosted at"));
        d.startSession(std::move(socket), d.handshakeTimeout);
      });
    });
  });
}

void NetGame::cancel() {
  Impl& d = *impl_;
  bool stop = false;
  d.mutate([&] {
    if (d.phase == NetPhase::InMatch && d.match && d.match->phase() != MatchPhase::Handshake) {
      d.match->leave();  // a game runs: leave it
      return;
    }
    if (d.phase == NetPhase::Listening || d.phase == NetPhase::Connecting ||
        d.phase == NetPhase::InMatch) {
      d.cancelling = true;
      if (d.match) d.match->leave();  // a handshake in progress
      d.connectDone = true;
      d.fail(NetFailure::Cancelled, "cancelled");
      stop = true;
    }
  });
  if (stop) d.closeListeners();  // the port is free when cancel() returns
}

MoveError NetGame::play(Point p) {
  Impl& d = *impl_;
  MoveError e = MoveError::NotYourTurn;
  d.mutate([&] {
    if (d.match) e = d.match->playLocal(p);
  });
  return e;
}

void NetGame::dropConnectionForTest() {
  Impl& d = *impl_;
  d.mutate([&] {
    if (!d.match || !d.session) return;
    d.session->abort();
    d.match->connectionLost("the connection dropped");
  });
}

void NetGame::vanishForTest() {
  Impl& d = *impl_;
  d.closeListeners();  // first: a joiner reconnecting finds nothing, not a closed game
  d.mutate([&] {
    if (d.session) d.session->abort();
    if (!d.match) return;
    d.match->connectionLost("the connection dropped");
    d.match->leave();  // suspended: no word, and no reconnecting after it
  });
}

void NetGame::leave() {
  Impl& d = *impl_;
  d.mutate([&] {
    if (d.match) d.match->leave();
  });
}

RequestError NetGame::withMatch(const std::function<RequestError(Match&)>& request) {
  Impl& d = *impl_;
  RequestError error{RequestRefusal::NotConnected, {}};
  d.mutate([&] {
    if (d.match) error = request(*d.match);
  });
  return error;
}

RequestError NetGame::requestTakeback() {
  return withMatch([](Match& m) { return m.requestTakeback(); });
}
RequestError NetGame::answerTakeback(bool accept) {
  return withMatch([=](Match& m) { return m.answerTakeback(accept); });
}
RequestError NetGame::offerDraw() {
  return withMatch([](Match& m) { return m.offerDraw(); });
}
RequestError NetGame::answerDraw(bool accept) {
  return withMatch([=](Match& m) { return m.answerDraw(accept); });
}
RequestError NetGame::resign() {
  return withMatch([](Match& m) { return m.resign(); });
}
RequestError NetGame::playAgain(bool want) {
  return withMatch([=](Match& m) { return m.playAgain(want); });
}
RequestError NetGame::changeNickname(const std::string& nick) {
  return withMatch([&](Match& m) { return m.changeNickname(nick); });
}
RequestError NetGame::sendChat(const std::string& text) {
  return withMatch([&](Match& m) { return m.sendChat(text); });
}

OpeningError NetGame::openingAct(const OpeningAct& act) {
  Impl& d = *impl_;
  OpeningError e = OpeningError::Finished;
  d.mutate([&] {
    if (d.match) e = d.match->openingAct(act);
  });
  return e;
}

NetSnapshot NetGame::snapshot() const {
  const Impl& d = *impl_;
  std::lock_guard<std::mutex> lock(d.mu);
  NetSnapshot s;
  s.phase = d.phase;
  s.role = d.settings.role;
  s.port = d.port;
  s.lanStatus = d.lan ? d.lan->status() : LanStatus::Unavailable;
  s.failure = d.failure;
  s.message = d.message;
  s.localNickname = d.settings.nickname;
  s.peerAddress = d.peerAddress;
  s.watcherChat = d.watcherChat;
  s.watcherChatLines = d.watcherChatLines;
  if (d.match) {
    copyMatchState(*d.match, s);
    s.resumeDeadline = d.resumeDeadline;
    if (d.settings.role == Role::Joiner) {  // the lines the host relayed
      s.watcherChat = d.match->watcherChat();
      s.watcherChatLines = d.match->watcherChatLines();
    }
  }
  return s;
}

}  // namespace gomoku::net
