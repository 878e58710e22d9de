#include "net/watcher.h"

#include <algorithm>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <thread>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include "core/utf8.h"
#include "gomoku/version.h"
#include "net/connect.h"
#include "net/session.h"

namespace gomoku::net {

namespace asio = boost::asio;
using asio::ip::tcp;
using boost::system::error_code;

std::int64_t steadyNowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

View viewOfMatch(const Match& m, const std::string& hostName, const std::string& joinerName,
                 std::size_t watchers, bool chatAllowed, bool suspended) {
  View v;
  v.state = suspended || m.phase() == MatchPhase::Suspended ? ViewState::Suspended
            : m.phase() == MatchPhase::Playing              ? ViewState::Playing
                                                            : ViewState::Finished;
  v.chatAllowed = chatAllowed;
  v.watchers = static_cast<std::uint16_t>(std::min<std::size_t>(watchers, 65535));
  v.joinerNickname = joinerName;
  v.game = m.watchedGame();
  v.game.hostNickname = hostName;
  // Watchers learn the running clock from VIEW's own fields; a watcher of 1.5 would refuse
  // SETUP's flag of a timed opening (protocol 1.6).
  v.game.setup.openingTimed = false;
  const GameClock& clock = m.gameClock();
  v.clockSide = clock.timedSide();
  v.clockRunning = clock.running() != Stone::Empty;
  v.clockUsedMs = std::clamp<std::int64_t>(clock.timedMoveMs(m.nowMs()), 0, kMaxClockMs);
  return v;
}

std::vector<std::uint8_t> viewKey(View v) {
  v.clockUsedMs = 0;
  return encode(v);
}

ClockReading WatchSnapshot::clockNow(Stone side) const {
  return clock.reading(side, steadyNowMs());
}

std::optional<std::string> applyView(const View& v, std::int64_t nowMs, WatchSnapshot& s) {
  const Sync& g = v.game;
  std::optional<Game> game;
  try {
    game.emplace(g.setup.boardSize, g.setup.rule, g.setup.foul);
  } catch (const std::invalid_argument&) {
    return "the host sent a game this program cannot show (board size or rule)";
  }
  for (std::size_t i = 0; i < g.moves.size(); ++i) {
    const Point p{g.moves[i].x, g.moves[i].y};
    if (game->over())
      return "the host's move " + std::to_string(i + 1) + " comes after the end of the game";
    const MoveError e = game->play(p);
    if (e != MoveError::None)
      return "the host's move " + std::to_string(i + 1) + " is illegal: " +
             (e == MoveError::Forbidden ? game->refusalText(p, e) : moveErrorText(e));
  }
  if (g.reason != EndReason::None) {
    // A five, a full board or a foul must be on the board; other ends (a resignation, time, an
    // agreed draw) are the host's word.
    const bool byMoves = g.reason == EndReason::Five || g.reason == EndReason::FullBoard ||
                         g.reason == EndReason::Foul;
    const bool same =
        game->over() && game->result().outcome == g.outcome && game->result().reason == g.reason;
    if (byMoves && !same) return "the host's result does not follow from its moves";
    if (game->over() && !same)
      game->setResult(g.outcome, g.reason);
    else if (!game->over())
      game->end(g.outcome, g.reason);
  } else if (game->over()) {
    return "the moves end the game, but the host's game runs";
  }
  s.views += 1;
  s.state = v.state;
  s.gameNumber = g.game;
  s.game = std::move(*game);
  s.hostNickname = g.hostNickname;
  s.joinerNickname = v.joinerNickname;
  s.hostPlaysBlack = g.hostPlaysBlack;
  s.openingRule = g.setup.opening;
  s.watchers = v.watchers;
  s.chatAllowed = v.chatAllowed;
  s.clock = GameClock(g.setup.clock);
  s.clock.restore(g.blackMainMs, g.whiteMainMs);
  if (v.clockSide != Stone::Empty && !s.game.over()) {
    s.clock.start(v.clockSide, nowMs - v.clockUsedMs);
    if (!v.clockRunning) s.clock.pause(nowMs);  // the host waits for its joiner to come back
  }
  return std::nullopt;
}

struct NetWatcher::Impl {
  Impl(Listener l, NetOptions o)
      : listener(std::move(l)),
        options(o),
        work(asio::make_work_guard(io)),
        deadline(io),
        heartbeat(io) {
    thread = std::thread([this] { io.run(); });
  }

  // Runs f under the lock, then tells the listener (without the lock).
  template <class F>
  void mutate(F&& f) {
    {
      std::lock_guard<std::mutex> lock(mu);
      f();
    }
    if (listener) listener();
  }

  // Under the lock: the watch ends; `failed`: it never began (or was refused).
  void finish(bool failed, NetFailure f, std::string why) {
    if (s.phase != WatchPhase::Connecting && s.phase != WatchPhase::Watching) return;
    s.phase = failed ? WatchPhase::Failed : WatchPhase::Ended;
    s.failure = failed ? f : NetFailure::None;
    s.message = std::move(why);
    s.clock.stop(steadyNowMs());
    if (session) session->closeAfterWrites();
    session.reset();
    asio::post(io, [this] {
      deadline.cancel();
      heartbeat.cancel();
    });
  }

  void onMessage(const Message& m) {
    lastHeard = std::chrono::steady_clock::now();
    if (const auto* v = std::get_if<View>(&m)) {
      if (auto fault = applyView(*v, steadyNowMs(), s)) {
        session->send(Error{ErrorCode::Protocol, fault->substr(0, 200)});
        return finish(true, NetFailure::Other, *fault);  // a fault, also once watching
      }
      if (s.phase == WatchPhase::Connecting) {
        s.phase = WatchPhase::Watching;
        s.message.clear();
        asio::post(io, [this] { deadline.cancel(); });
      }
      return;
    }
    if (const auto* line = std::get_if<WatchChat>(&m)) {
      if (s.phase != WatchPhase::Watching) return;
      s.chat.push_back(*line);
      if (s.chat.size() > 2 * kMaxWatcherChatLines) s.chat.erase(s.chat.begin());
      ++s.chatLines;
      return;
    }
    if (std::holds_alternative<Heartbeat>(m)) return;
    // The host greets every caller with HELLO before it reads the caller's first message.
    if (std::holds_alternative<Hello>(m) && s.phase == WatchPhase::Connecting) return;
    if (const auto* e = std::get_if<Error>(&m)) {
      const NetFailure f = e->code == ErrorCode::Busy              ? NetFailure::Busy
                           : e->code == ErrorCode::VersionMismatch ? NetFailure::VersionMismatch
                           : e->code == ErrorCode::ServerOnly || e->code == ErrorCode::NotAServer
                               ? NetFailure::IsServer
                               : NetFailure::Other;
      // A host of protocol 1.4 or older does not know WATCH ("unknown message type").
      std::string why =
          s.phase == WatchPhase::Connecting && e->code == ErrorCode::Protocol
              ? "the host's program cannot be watched (an older version?): " + singleLine(e->text)
              : singleLine(e->text);
      return finish(s.phase == WatchPhase::Connecting, f, std::move(why));
    }
    if (const auto* bye = std::get_if<Bye>(&m)) {
      const std::string why = bye->text.empty() ? "the host ended the game" : singleLine(bye->text);
      return finish(s.phase == WatchPhase::Connecting, NetFailure::Other, why);
    }
    if (std::holds_alternative<Welcome>(m))
      return finish(true, NetFailure::IsServer,
                    "this is a Gomoku server (online play): watch its games from the hall");
    // Anything else is not for a watcher: the host's program misbehaves.
    const std::string why = std::string("the host sent ") + typeName(typeOf(m)) + " to a watcher";
    session->send(Error{ErrorCode::Protocol, why});
    finish(true, NetFailure::Other, why);
  }

  // The host's words on one line, without control characters (no escape sequence of a hostile
  // host reaches a terminal).
  static std::string singleLine(std::string t) {
    std::replace_if(
        t.begin(), t.end(),
        [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }, ' ');
    return t.substr(0, 200);
  }

  // Io thread: a HEARTBEAT every interval while connected; a host silent too long is gone.
  void beat() {
    heartbeat.expires_after(options.heartbeatInterval);
    heartbeat.async_wait([this](error_code ec) {
      if (ec) return;
      bool again = false;
      mutate([&] {
        if (!session) return;
        if (std::chrono::steady_clock::now() - lastHeard > options.silenceTimeout) {
          session->abort();
          return finish(s.phase == WatchPhase::Connecting, NetFailure::TimedOut,
                        "no sign of life from the host for " +
                            std::to_string(options.silenceTimeout.count() / 1000) +
                            " s (heartbeat)");
        }
        session->send(Heartbeat{});
        again = true;
      });
      if (again) beat();
    });
  }

  // Io thread, under the lock: the connection is up; say WATCH and wait for the first VIEW.
  void attach(tcp::socket socket, const std::string& nickname) {
    session = std::make_shared<Session>(std::move(socket));
    s.hostAddress = session->peerAddress();
    Session* current = session.get();
    session->start(
        [this, current](Message m) {
          mutate([&] {
            if (session.get() == current) onMessage(m);
          });
        },
        [this, current](const std::string& reason, DecodeError e) {
          mutate([&] {
            if (session.get() != current) return;
            const bool connecting = s.phase == WatchPhase::Connecting;
            const std::string why = naming(reason, "the host");
            finish(connecting,
                   e == DecodeError::BadMagic ? NetFailure::NotGomokuHost : NetFailure::Other,
                   connecting && e == DecodeError::BadMagic
                       ? "not a Gomoku host: " + why
                       : "the connection to the host ended: " + why);
          });
        });
    session->send(Watch{kProtocolMajor, kProtocolMinor, kProgramVersion, nickname});
    lastHeard = std::chrono::steady_clock::now();
    beat();
  }

  Listener listener;
  NetOptions options;
  asio::io_context io;
  asio::executor_work_guard<asio::io_context::executor_type> work;
  asio::steady_timer deadline;   // connect + first VIEW
  asio::steady_timer heartbeat;  // liveness
  std::thread thread;

  mutable std::mutex mu;  // guards everything below
  WatchSnapshot s;
  std::shared_ptr<Session> session;
  std::shared_ptr<TcpConnector> connector;
  std::uint64_t attempt = 0;  // watch() calls; a late answer of an older attempt is ignored
  std::chrono::steady_clock::time_point lastHeard;
  std::deque<std::chrono::steady_clock::time_point> chatTimes;  // our lines (rate limit)
};

NetWatcher::NetWatcher(Listener listener, NetOptions options)
    : impl_(std::make_unique<Impl>(std::move(listener), options)) {}

NetWatcher::~NetWatcher() {
  Impl& d = *impl_;
  {
    std::lock_guard<std::mutex> lock(d.mu);
    if (d.connector) d.connector->cancel();
    if (d.session) {
      d.session->send(Bye{ByeReason::Leaving, {}});
      d.session->abort();  // the BYE, already on its way, is kept; nothing else is waited for
    }
    d.listener = nullptr;
  }
  asio::post(d.io, [&d] {
    d.deadline.cancel();
    d.heartbeat.cancel();
  });
  d.work.reset();
  d.thread.join();
}

void NetWatcher::watch(const std::string& hostName, std::uint16_t port, const std::string& nickname,
                       std::chrono::milliseconds timeout) {
  if (auto e = nicknameError(nickname)) throw std::invalid_argument(*e);
  Impl& d = *impl_;
  std::uint64_t attempt = 0;
  d.mutate([&] {
    if (d.s.phase == WatchPhase::Connecting || d.s.phase == WatchPhase::Watching) return;
    d.s = WatchSnapshot();
    d.s.phase = WatchPhase::Connecting;
    d.s.message = "connecting to " + hostName + ":" + std::to_string(port);
    attempt = ++d.attempt;
  });
  if (attempt == 0) return;
  asio::post(d.io, [&d, hostName, port, nickname, timeout, attempt] {
    auto c = std::make_shared<TcpConnector>(d.io);
    {
      std::lock_guard<std::mutex> lock(d.mu);
      if (attempt != d.attempt || d.s.phase != WatchPhase::Connecting) return;
      d.connector = c;
    }
    // Connecting and the first VIEW, within `timeout` together.
    d.deadline.expires_after(timeout);
    d.deadline.async_wait([&d, attempt, timeout](error_code ec) {
      if (ec) return;
      d.mutate([&] {
        if (attempt != d.attempt || d.s.phase != WatchPhase::Connecting) return;
        if (d.connector) d.connector->cancel();
        if (d.session) d.session->abort();
        d.finish(true, NetFailure::TimedOut,
                 "no game to watch came from the host within " +
                     std::to_string(timeout.count() / 1000.0).substr(0, 4) + " s (timed out)");
      });
    });
    c->start(hostName, port, timeout,
             [&d, c, attempt, nickname](const ConnectResult& r, tcp::socket socket) {
               d.mutate([&] {
                 if (d.connector == c) d.connector.reset();
                 if (attempt != d.attempt || d.s.phase != WatchPhase::Connecting) return;
                 if (r.failure != NetFailure::None)
                   return d.finish(true, r.failure, describeConnect(r, "no game is hosted at"));
                 d.attach(std::move(socket), nickname);
               });
             });
  });
}

void NetWatcher::cancel() {
  Impl& d = *impl_;
  d.mutate([&] {
    if (d.connector) d.connector->cancel();
    if (d.s.phase == WatchPhase::Watching && d.session)
      d.session->send(Bye{ByeReason::Leaving, {}});
    d.finish(d.s.phase == WatchPhase::Connecting, NetFailure::Cancelled,
             d.s.phase == WatchPhase::Connecting ? "cancelled" : "you stopped watching");
  });
}

RequestError NetWatcher::sendChat(const std::string& text) {
  Impl& d = *impl_;
  RequestError e;
  d.mutate([&] {
    if (d.s.phase != WatchPhase::Watching || !d.session) {
      e = {RequestRefusal::NotConnected, {}};
    } else if (!d.s.chatAllowed) {
      e = {RequestRefusal::WatchersMayNotChat, {}};
    } else if (text.find_first_not_of(" \t") == std::string::npos) {
      e = {RequestRefusal::ChatEmpty, {}};
    } else if (!validUtf8(text)) {
      e = {RequestRefusal::ChatNotUtf8, {}};
    } else if (text.size() > kMaxChatBytes) {
      e = {RequestRefusal::ChatTooLong, {}};
    } else {
      const auto now = std::chrono::steady_clock::now();
      while (!d.chatTimes.empty() && now - d.chatTimes.front() >= Match::kChatWindow)
        d.chatTimes.pop_front();
      if (static_cast<int>(d.chatTimes.size()) >= Match::kChatBurst) {
        e = {RequestRefusal::ChatTooFast, {}};
        return;
      }
      d.chatTimes.push_back(now);
      d.session->send(WatchChat{{}, false, text});
    }
  });
  return e;
}

WatchSnapshot NetWatcher::snapshot() const {
  std::lock_guard<std::mutex> lock(impl_->mu);
  return impl_->s;
}

}  // namespace gomoku::net
