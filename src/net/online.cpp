#include "net/online.h"

#include <algorithm>
#include <mutex>
#include <thread>
#include <type_traits>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include "core/utf8.h"
#include "net/connect.h"
#include "net/session.h"
#ifdef GOMOKU_TLS
#include "net/tls.h"
#endif

namespace gomoku::net {

namespace asio = boost::asio;
using asio::ip::tcp;
using boost::system::error_code;
using Clock = std::chrono::steady_clock;

const char* onlinePhaseName(OnlinePhase p) {
  switch (p) {
    case OnlinePhase::Idle:
      return "Idle";
    case OnlinePhase::Connecting:
      return "Connecting";
    case OnlinePhase::Connected:
      return "Connected";
    case OnlinePhase::LoggingIn:
      return "LoggingIn";
    case OnlinePhase::Hall:
      return "Hall";
    case OnlinePhase::InGame:
      return "InGame";
    case OnlinePhase::Reconnecting:
      return "Reconnecting";
    case OnlinePhase::Closed:
      return "Closed";
  }
  return "?";
}

const char* onlineFailureName(OnlineFailure f) {
  switch (f) {
    case OnlineFailure::None:
      return "None";
    case OnlineFailure::UnknownHost:
      return "UnknownHost";
    case OnlineFailure::Refused:
      return "Refused";
    case OnlineFailure::TimedOut:
      return "TimedOut";
    case OnlineFailure::NotAServer:
      return "NotAServer";
    case OnlineFailure::GameHost:
      return "GameHost";
    case OnlineFailure::VersionMismatch:
      return "VersionMismatch";
    case OnlineFailure::ServerRefused:
      return "ServerRefused";
    case OnlineFailure::Replaced:
      return "Replaced";
    case OnlineFailure::LoginLost:
      return "LoginLost";
    case OnlineFailure::ConnectionLost:
      return "ConnectionLost";
    case OnlineFailure::Cancelled:
      return "Cancelled";
    case OnlineFailure::UnknownServer:
      return "UnknownServer";
    case OnlineFailure::CertificateChanged:
      return "CertificateChanged";
    case OnlineFailure::NotEncrypted:
      return "NotEncrypted";
    case OnlineFailure::Other:
      return "Other";
  }
  return "?";
}

std::string describe(OnlineRefusal r) {
  switch (r) {
    case OnlineRefusal::None:
      return "";
    case OnlineRefusal::NotConnected:
      return "not connected to a server";
    case OnlineRefusal::NotLoggedIn:
      return "log in first";
    case OnlineRefusal::LoggedIn:
      return "already logged in";
    case OnlineRefusal::LoginPending:
      return "the server has not answered the login yet";
    case OnlineRefusal::InGame:
      return "a game is running: leave it first";
    case OnlineRefusal::Reconnecting:
      return "the connection to the server is lost; reconnecting";
    case OnlineRefusal::TooLong:
      return "the text is too long";
    case OnlineRefusal::NotUtf8:
      return "the text is not valid UTF-8";
    case OnlineRefusal::NoInvitation:
      return "there is no such invitation";
    case OnlineRefusal::BadSettings:
      return "bad game settings";
  }
  return "";
}

std::string describe(DenyCode c) {
  switch (c) {
    case DenyCode::NotLoggedIn:
      return "not logged in";
    case DenyCode::AlreadyLoggedIn:
      return "already logged in";
    case DenyCode::Busy:
      return "busy (in a game, already finding or in a room)";
    case DenyCode::NoSuchRoom:
      return "no such room";
    case DenyCode::NoSuchPlayer:
      return "no such player online";
    case DenyCode::PlayerBusy:
      return "the player is busy";
    case DenyCode::TooMany:
      return "too many requests";
    case DenyCode::BadRequest:
      return "bad request";
    case DenyCode::NoSuchGame:
      return "no such game";
    case DenyCode::InviteDeclined:
      return "the invitation was declined";
    case DenyCode::InviteGone:
      return "the invitation is no longer open";
    case DenyCode::Yourself:
      return "that is yourself";
  }
  return "refused";
}

std::string describe(LoginStatus s) {
  switch (s) {
    case LoginStatus::Ok:
      return "";
    case LoginStatus::BadCredentials:
      return "wrong name or password";
    case LoginStatus::NameTaken:
      return "the name is taken";
    case LoginStatus::BadName:
      return "the name is not allowed";
    case LoginStatus::BadPassword:
      return "the password is not allowed";
    case LoginStatus::AlreadySignedIn:
      return "this account is already signed in on another computer";
    case LoginStatus::ServerBusy:
      return "the server is having trouble; try again in a minute";
  }
  return "refused";
}

namespace {
// Session's reasons name the other end "the opponent"; here it is the server.
std::string serverWords(const std::string& reason) {
  return naming(reason, "the server");
}

std::string seconds(std::chrono::milliseconds ms) {
  return std::to_string((ms.count() + 999) / 1000) + " s";
}
}  // namespace

struct OnlineClient::Impl {
  // What the current connection waits for.
  enum class Stage { None, Welcome, Login, Ready };

  Impl(Listener l, OnlineOptions o)
      : listener(std::move(l)),
        options(o),
        work(asio::make_work_guard(io)),
        heartbeat(io),
        welcomeTimer(io),
        reconnectTimer(io),
        giveUpTimer(io),
        resumeWaitTimer(io) {
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

  // Runs f on the io thread: now when already there, else later. Timers live there.
  template <class F>
  void onIo(F f) {
    if (io.get_executor().running_in_this_thread())
      f();
    else
      asio::post(io, std::move(f));
  }

  // ----- connecting -----

  // Io thread: one attempt to reach the server (the first, or a reconnection).
  void attempt() {
    auto c = std::make_shared<TcpConnector>(io);
    {
      std::lock_guard<std::mutex> lock(mu);
      if (st.phase != OnlinePhase::Connecting && st.phase != OnlinePhase::Reconnecting) return;
      connector = c;
      host = servers[current].first;
      port = servers[current].second;
      st.serverHost = host;
      st.serverPort = port;
    }
    c->start(host, port, options.connectTimeout,
             [this, c](const ConnectResult& r, tcp::socket socket) {
               mutate([&] { connectDone(c.get(), r, std::move(socket)); });
             });
  }

  // Under the lock, io thread: an attempt ended.
  void connectDone(TcpConnector* c, const ConnectResult& r, tcp::socket socket) {
    if (connector.get() != c) return;  // cancelled and replaced
    connector.reset();
    const bool first = st.phase == OnlinePhase::Connecting;
    if (!first && st.phase != OnlinePhase::Reconnecting) return;  // closed meanwhile
    if (r.failure != NetFailure::None) {
      if (!first || nextServer()) {
        if (!first) nextServer();
        return retry();
      }
      const OnlineFailure f = r.failure == NetFailure::UnknownHost ? OnlineFailure::UnknownHost
                              : r.failure == NetFailure::Refused   ? OnlineFailure::Refused
                              : r.failure == NetFailure::TimedOut  ? OnlineFailure::TimedOut
                              : r.failure == NetFailure::Cancelled ? OnlineFailure::Cancelled
                                                                   : OnlineFailure::Other;
      return terminate(f, describeConnect(r, "no Gomoku server at"));
    }
#ifdef GOMOKU_TLS
    // Everything to the server is encrypted; its certificate is checked against the pin first.
    const std::uint64_t attemptNo = ++attempts;
    const std::string pinFile = options.knownServersPath.empty() ? tls::KnownServers::defaultPath()
                                                                 : options.knownServersPath;
    tls::asyncClientHandshake(
        *tlsContext, std::move(socket), tls::hostPortKey(host, port), tls::KnownServers(pinFile),
        options.connectTimeout,
        [this, attemptNo, pinFile](tls::Result r) {
          mutate([&] { handshakeDone(attemptNo, std::move(r), pinFile); });
        },
        options.trustNewServer);
#else
    (void)socket;
    terminate(OnlineFailure::NotEncrypted,
              "this build of the program has no TLS: it cannot connect to a server safely");
#endif
  }

#ifdef GOMOKU_TLS
  // Under the lock, io thread: the TLS handshake of attempt `attemptNo` ended.
  void handshakeDone(std::uint64_t attemptNo, tls::Result r, const std::string& pinFile) {
    if (attemptNo != attempts) return;  // cancelled and replaced
    const bool first = st.phase == OnlinePhase::Connecting;
    if (!first && st.phase != OnlinePhase::Reconnecting) return;  // closed meanwhile
    st.fingerprint = r.fingerprint;
    st.pinnedFingerprint = r.pinned;
    if (!r.session) {
      const std::string why = tls::describe(r, pinFile);
      switch (r.failure) {
        case tls::Failure::CertificateChanged:  // never accepted, not even on a reconnection
          return terminate(OnlineFailure::CertificateChanged, why);
        case tls::Failure::UnknownServer:
          // Another node of the list with the certificate pinned for this one: the same
          // cluster's.
          if (pinnedForAnother(pinFile, r.fingerprint))
            return reconnectSoon(std::chrono::milliseconds(0));
          return terminate(OnlineFailure::UnknownServer, why);
        case tls::Failure::NotTls:
          if (first && !nextServer())
            return terminate(OnlineFailure::NotEncrypted,
                             host + ":" + std::to_string(port) +
                                 " does not speak an encrypted connection: not a Gomoku server "
                                 "(a game host? use join) or a server too old");
          break;
        case tls::Failure::Closed:
          // A gomoku-server always finishes the handshake (its refusals come encrypted); a
          // plaintext program hangs up on it: a P2P game host closes on the first bytes that
          // are not a Gomoku header, without a word.
          if (first && !nextServer())
            return terminate(OnlineFailure::NotEncrypted,
                             host + ":" + std::to_string(port) +
                                 " closed the connection during the encryption handshake: not a "
                                 "Gomoku server (a game host? use join) or a server too old");
          break;
        default:
          if (first && !nextServer()) return terminate(OnlineFailure::Other, why);
          break;
      }
      if (!first) nextServer();
      return retry();
    }
    st.firstUse = r.firstUse;
    attach(std::move(r.session));
    stage = Stage::Welcome;
    Session* current = session.get();
    welcomeTimer.expires_after(options.connectTimeout);
    welcomeTimer.async_wait([this, current](error_code ec) {
      if (ec) return;
      mutate([&] {
        if (session.get() != current || stage != Stage::Welcome) return;
        if (st.phase == OnlinePhase::Reconnecting) {
          detach();
          nextServer();
          return retry();
        }
        terminate(OnlineFailure::NotAServer, "no WELCOME from " + st.serverAddress + " within " +
                                                 seconds(options.connectTimeout) +
                                                 ": not a Gomoku server");
      });
    });
  }

#endif

  // Under the lock, io thread: makes `s` the connection to the server.
  void attach(std::shared_ptr<Session> s) {
    detach();
    session = std::move(s);
    st.serverAddress = session->peerAddress();
    lastHeard = Clock::now();
    Session* current = session.get();
    session->start(
        [this, current](Message m) {
          mutate([&] {
            if (session.get() != current) return;
            lastHeard = Clock::now();
            receive(m);
          });
        },
        [this, current](const std::string& reason, DecodeError e) {
          mutate([&] {
            if (session.get() != current) return;
            session.reset();
            lost(serverWords(reason), e);
          });
        });
    beat();
  }

  // Under the lock: forgets the connection (closing it at once).
  void detach() {
    if (session) session->abort();
    session.reset();
    stage = Stage::None;
  }

  // Io thread: HEARTBEAT every interval while connected; a silent server is gone.
  void beat() {
    heartbeat.expires_after(options.heartbeatInterval);
    heartbeat.async_wait([this](error_code ec) {
      if (ec) return;
      bool again = false;
      mutate([&] {
        if (!session) return;
        if (Clock::now() - lastHeard > options.silenceTimeout) {
          detach();
          return lost("no sign of life from the server for " + seconds(options.silenceTimeout) +
                          " (heartbeat)",
                      DecodeError::None);
        }
        session->send(Heartbeat{});
        again = true;
      });
      if (again) beat();
    });
  }

  // Io thread: the next reconnection attempt after `delay`.
  void reconnectSoon(std::chrono::milliseconds delay) {
    onIo([this, delay] {
      reconnectTimer.expires_after(delay);
      reconnectTimer.async_wait([this](error_code ec) {
        if (!ec) attempt();
      });
    });
  }

  // Under the lock: the attempt on servers[current] failed; the next entry is tried next.
  // False once the whole list failed in a row (its count starts again).
  bool nextServer() {
    current = (current + 1) % servers.size();
    if (++failed < servers.size()) return true;
    failed = 0;
    return false;
  }
  // Under the lock: after a failed attempt, the next one: at once while the list has entries
  // not tried in this round, else after the reconnect interval.
  void retry() {
    reconnectSoon(failed > 0 ? std::chrono::milliseconds(0) : options.reconnectInterval);
  }

#ifdef GOMOKU_TLS
  // Under the lock: `fingerprint` is pinned for another entry of the list; then it is pinned
  // for this one too (false when it is not, or the file cannot be written).
  bool pinnedForAnother(const std::string& pinFile, const std::string& fingerprint) {
    if (fingerprint.empty() || servers.size() < 2) return false;
    tls::KnownServers pins(pinFile);
    for (const auto& [h, p] : servers) {
      if (h == host && p == port) continue;
      auto pinned = pins.pinned(tls::hostPortKey(h, p));
      if (!pinned || *pinned != fingerprint) continue;
      try {
        pins.pin(tls::hostPortKey(host, port), fingerprint);
        return true;
      } catch (const std::exception&) {
        return false;
      }
    }
    return false;
  }
#endif

  // Under the lock: the connection ended (the session is already forgotten).
  void lost(const std::string& reason, DecodeError e) {
    const Stage was = stage;
    stage = Stage::None;
    switch (st.phase) {
      case OnlinePhase::Idle:
      case OnlinePhase::Closed:
        return;
      case OnlinePhase::Reconnecting:  // an attempt failed before the login
        nextServer();
        return retry();
      case OnlinePhase::Connecting:
      case OnlinePhase::Connected:
      case OnlinePhase::LoggingIn:
        if (e == DecodeError::BadVersion)
          return terminate(OnlineFailure::VersionMismatch,
                           "the server speaks another version of the protocol");
        if (e != DecodeError::None || was == Stage::Welcome)
          return terminate(OnlineFailure::NotAServer,
                           std::string("not a Gomoku server: ") +
                               (e != DecodeError::None ? decodeErrorText(e) : reason.c_str()));
        return terminate(OnlineFailure::ConnectionLost,
                         "the server closed the connection (" + reason + ")");
      case OnlinePhase::Hall:
      case OnlinePhase::InGame:
        break;
    }
    // Logged in: get the connection back and log in again with the session token.
    if (match && matchLive) match->connectionLost(reason, e == DecodeError::None);
    st.finding = false;
    st.room.reset();
    st.invitations.clear();
    st.opponentAway = false;
    st.phase = OnlinePhase::Reconnecting;
    st.message = reason;
    st.reconnectDeadline = Clock::now() + options.resumeWindow;
    failed = 0;  // a new round of the list: a node that takes TLS but not the login counts
    onIo([this] {
      resumeWaitTimer.cancel();
      giveUpTimer.expires_after(options.resumeWindow);
      giveUpTimer.async_wait([this](error_code ec) {
        if (ec) return;
        mutate([&] {
          if (st.phase != OnlinePhase::Reconnecting) return;
          terminate(OnlineFailure::ConnectionLost,
                    "the connection to the server was lost (" + st.message +
                        ") and could not be made again within " + seconds(options.resumeWindow));
        });
      });
    });
    reconnectSoon(std::chrono::milliseconds(0));
  }

  // Under the lock: the end. Leaves a game still held (locally: it is interrupted).
  void terminate(OnlineFailure f, std::string why) {
    endMatchLocally(why);
    if (session) {
      if (f == OnlineFailure::None)
        session->closeAfterWrites();
      else
        session->abort();
    }
    session.reset();
    stage = Stage::None;
    if (connector) connector->cancel();
    connector.reset();
    st.phase = OnlinePhase::Closed;
    st.failure = f;
    st.message = std::move(why);
    st.finding = false;
    st.room.reset();
    if (st.watchingId != 0) {  // the game watched ends with the connection
      st.watchingId = 0;
      st.watch.phase = WatchPhase::Ended;
      st.watch.message = st.message.empty() ? "you stopped watching" : st.message;
      st.watch.clock.stop(steadyNowMs());
    }
    onIo([this] {
      heartbeat.cancel();
      welcomeTimer.cancel();
      reconnectTimer.cancel();
      giveUpTimer.cancel();
      resumeWaitTimer.cancel();
    });
  }

  // ----- messages -----

  // Under the lock: a message from the server.
  void receive(const Message& m) {
    if (stage == Stage::Welcome) return first(m);
    std::visit([this](const auto& v) { on(v); }, m);
  }

  // Under the lock: the first message on a connection must be WELCOME.
  void first(const Message& m) {
    const bool again = st.phase == OnlinePhase::Reconnecting;
    if (const auto* w = std::get_if<Welcome>(&m)) {
      onIo([this] { welcomeTimer.cancel(); });
      st.serverName = w->serverName;
      st.serverVersion = w->programVersion;
      if (!again) {
        stage = Stage::Ready;
        st.phase = OnlinePhase::Connected;
        return;
      }
      stage = Stage::Login;
      session->send(Login{LoginMethod::Token, st.name, token, kProtocolMinor});
      return;
    }
    if (std::holds_alternative<Hello>(m))
      return terminate(OnlineFailure::GameHost,
                       "that address is a game host, not a Gomoku server (join it instead)");
    if (const auto* e = std::get_if<Error>(&m)) {
      if (again) {  // e.g. a connection limit: try again later
        detach();
        return reconnectSoon(options.reconnectInterval);
      }
      return terminate(OnlineFailure::ServerRefused,
                       "the server refused the connection: " + singleLine(e->text));
    }
    terminate(OnlineFailure::NotAServer,
              std::string("not a Gomoku server (") + typeName(typeOf(m)) + " instead of WELCOME)");
  }

  void on(const LoginResult& r) {
    ++st.loginAnswers;
    st.lastLogin = r;
    st.lastLogin.token.clear();
    if (stage == Stage::Login) {  // reconnecting with the token
      if (r.status == LoginStatus::AlreadySignedIn || r.status == LoginStatus::ServerBusy) {
        detach();  // the server has not noticed the drop yet, or is busy: later
        return reconnectSoon(options.reconnectInterval);
      }
      if (r.status != LoginStatus::Ok)
        return terminate(OnlineFailure::LoginLost, "the server did not take the session back (" +
                                                       describe(r.status) + "): log in again");
      stage = Stage::Ready;
      ++st.reconnects;
      if (!r.token.empty()) token = r.token;
      if (st.watchingId != 0) session->send(WatchGame{st.watchingId});  // the server forgot it
      st.stats = r.stats;
      st.elo = r.elo;
      const bool waiting = match && matchLive && match->phase() == MatchPhase::Suspended;
      st.phase = waiting ? OnlinePhase::InGame : OnlinePhase::Hall;
      st.message.clear();
      onIo([this, waiting] {
        giveUpTimer.cancel();
        if (!waiting) return;
        // The server sends MATCHED with the token when the game still waits for us.
        resumeWaitTimer.expires_after(options.connectTimeout);
        resumeWaitTimer.async_wait([this](error_code ec) {
          if (ec) return;
          mutate([&] {
            if (match && matchLive && match->phase() == MatchPhase::Suspended) {
              // No MATCHED to resume it: the server no longer holds the game.
              matchLive = false;
              match->giveUp("the server could not resume the game (it may have restarted)");
              if (st.phase == OnlinePhase::InGame) st.phase = OnlinePhase::Hall;
            }
          });
        });
      });
      return;
    }
    if (st.phase != OnlinePhase::LoggingIn) return;
    if (r.status != LoginStatus::Ok) {
      st.phase = OnlinePhase::Connected;  // may try again
      return;
    }
    st.loggedIn = true;
    st.name = r.name;
    st.stats = r.stats;
    st.elo = r.elo;
    token = r.token;
    st.phase = OnlinePhase::Hall;
  }
  void on(const Stats& s) {
    st.stats = s.stats;
    st.elo = s.elo;
    if (!s.name.empty()) st.name = s.name;
    ++st.statsUpdates;
  }
  void on(const Players& p) {
    st.players = p;
    ++st.playersUpdates;
  }
  void on(const Top& t) {
    st.top = t;
    ++st.topUpdates;
  }
  void on(const RoomCreated& r) {
    st.room = r;
    ++st.roomsCreated;
  }
  void on(const Invited& i) {
    st.invitations.push_back(i);
    ++st.invitationsReceived;
  }
  void on(const Matched& m) {
    onIo([this] { resumeWaitTimer.cancel(); });
    st.matched = m;
    st.finding = false;
    st.room.reset();
    st.opponentAway = false;
    st.phase = OnlinePhase::InGame;
    if (m.resumeToken != 0 && match && matchLive && match->phase() == MatchPhase::Suspended &&
        match->token() == m.resumeToken) {
      match->reconnected();  // RESUME; SYNC takes the match up again
      return;
    }
    endMatchLocally();  // a stale one
    MatchSettings s;
    s.role = Role::Joiner;
    s.nickname = nicknameError(st.name) ? std::string("Player") : st.name;
    s.resumeToken = m.resumeToken;
    s.resumable = true;
    s.serverKeepsTime = true;
    const std::uint64_t g = ++matchGeneration;
    match.emplace(
        s,
        [this, g](const Message& out) {
          if (matchLive && g == matchGeneration && session && stage == Stage::Ready)
            session->send(out);
        },
        [this, g] {
          if (g == matchGeneration) matchDone();
        },
        [this, g](MatchEvent e) {
          if (e == MatchEvent::Closed && g == matchGeneration) matchDone();
        });
    matchLive = true;
    ++st.matches;
    match->connected();  // HELLO, or RESUME with the token
  }
  void on(const GameResult& r) {
    st.results.push_back(r);
    // The game ended while we were away (abandoned): nothing left to resume.
    if (match && matchLive && match->phase() == MatchPhase::Suspended && st.matched &&
        st.matched->gameId == r.gameId && st.phase != OnlinePhase::Reconnecting) {
      matchLive = false;
      match->giveUp("the game ended while you were away", r.outcome, r.reason);
      st.phase = OnlinePhase::Hall;
    }
  }
  void on(const GameList& l) {
    if (freshGames) st.games.clear();
    freshGames = false;
    st.games.insert(st.games.end(), l.games.begin(), l.games.end());
    if (l.last) {
      ++st.gameLists;
      freshGames = true;
    }
  }
  void on(const GameRecord& r) {
    st.records.push_back(r);
  }
  void on(const LiveGames& l) {
    st.live = l;
    ++st.liveUpdates;
  }
  void on(const View& v) {
    if (st.watchingId == 0) return;  // late, after unwatch()
    if (auto fault = applyView(v, steadyNowMs(), st.watch)) {
      st.watch.message = *fault;  // the next VIEW may do better; this one is shown as it was
      return;
    }
    st.watch.phase = WatchPhase::Watching;
    st.watch.message.clear();
  }
  void on(const WatchChat& line) {
    if (st.watchingId == 0) return;
    st.watch.chat.push_back(line);
    if (st.watch.chat.size() > 2 * kMaxWatcherChatLines) st.watch.chat.erase(st.watch.chat.begin());
    ++st.watch.chatLines;
  }
  void on(const Unwatch& u) {
    if (u.id != st.watchingId) return;
    st.watchingId = 0;
    st.watch.phase = WatchPhase::Ended;
    st.watch.message = "the players have left the game";
    st.watch.clock.stop(steadyNowMs());
  }
  void on(const Denied& d) {
    st.denials.push_back(d);
    if (d.request == MsgType::WatchGame && st.watchingId != 0) {
      st.watchingId = 0;
      st.watch.phase = WatchPhase::Failed;
      st.watch.failure = NetFailure::Other;
      st.watch.message = describe(d.code);
    }
    if (d.request == MsgType::Find) st.finding = false;
    if (d.request == MsgType::RoomCreate) st.room.reset();
  }
  void on(const OpponentAway& a) {
    st.opponentAway = a.away;
    st.opponentDeadline = Clock::now() + std::chrono::seconds(a.secondsLeft);
    ++st.awayChanges;
  }
  void on(const Error& e) {
    if (e.code == ErrorCode::Replaced)
      return terminate(OnlineFailure::Replaced,
                       "this account signed in on another computer; this connection was replaced");
    if (match && matchLive) return match->receive(e);  // the game ends; the hall goes on
    terminate(OnlineFailure::ServerRefused,
              "the server ended the connection: " + singleLine(e.text));
  }
  void on(const Bye& b) {
    if (match && matchLive) return match->receive(b);
    terminate(OnlineFailure::ServerRefused,
              "the server closed the connection" +
                  (b.text.empty() ? std::string() : " (" + singleLine(b.text) + ")"));
  }
  void on(const Heartbeat&) {}
  void on(const Welcome&) {}  // once per connection; a second one changes nothing
  // Match messages go to the current match; after it ended they are late and dropped.
  template <class T>
  void on(const T& m) {
    if constexpr (std::is_same_v<T, Hello> || std::is_same_v<T, Setup> || std::is_same_v<T, Move> ||
                  std::is_same_v<T, TakebackRequest> || std::is_same_v<T, TakebackReply> ||
                  std::is_same_v<T, DrawOffer> || std::is_same_v<T, DrawReply> ||
                  std::is_same_v<T, Resign> || std::is_same_v<T, Nickname> ||
                  std::is_same_v<T, PlayAgain> || std::is_same_v<T, Chat> ||
                  std::is_same_v<T, Resume> || std::is_same_v<T, Sync> || std::is_same_v<T, Flag> ||
                  std::is_same_v<T, OpeningAct> || std::is_same_v<T, Watchers>) {
      if (match && matchLive) match->receive(m);
    }
    // Client-to-server messages from the server: ignored.
  }

  // Under the lock: the current match ended (its BYE or ERROR is sent, or it closed).
  void matchDone() {
    if (!matchLive) return;
    matchLive = false;
    st.opponentAway = false;
    if (st.phase == OnlinePhase::InGame) st.phase = OnlinePhase::Hall;
  }

  // Under the lock: ends a match we still hold without a word to the server (it is gone there,
  // or the connection is): the match closes and a running game is interrupted.
  void endMatchLocally(const std::string& why = "you left the game") {
    if (!match || !matchLive) return;
    matchLive = false;  // before leave(): its BYE must not reach the server (BYE = sign out)
    if (match->phase() == MatchPhase::Suspended)
      match->giveUp(why);  // a game waiting for a resume that will not come
    else
      match->leave();
  }

  // Under the lock: why a hall request cannot be sent now (None: it can).
  OnlineRefusal hallRefusal(bool hallOnly) const {
    switch (st.phase) {
      case OnlinePhase::Idle:
      case OnlinePhase::Connecting:
      case OnlinePhase::Closed:
        return OnlineRefusal::NotConnected;
      case OnlinePhase::Connected:
        return OnlineRefusal::NotLoggedIn;
      case OnlinePhase::LoggingIn:
        return OnlineRefusal::LoginPending;
      case OnlinePhase::Reconnecting:
        return OnlineRefusal::Reconnecting;
      case OnlinePhase::InGame:
        return hallOnly ? OnlineRefusal::InGame : OnlineRefusal::None;
      case OnlinePhase::Hall:
        break;
    }
    return session ? OnlineRefusal::None : OnlineRefusal::NotConnected;
  }

  // Sends `m` when `check` allows; returns the refusal.
  template <class Check>
  OnlineRefusal request(Check check, const Message& m) {
    OnlineRefusal r = OnlineRefusal::None;
    mutate([&] {
      r = check();
      if (r == OnlineRefusal::None) session->send(m);
    });
    return r;
  }

  Listener listener;
  OnlineOptions options;
  asio::io_context io;
  asio::executor_work_guard<asio::io_context::executor_type> work;
  asio::steady_timer heartbeat;        // liveness while connected
  asio::steady_timer welcomeTimer;     // WELCOME must come within the connect timeout
  asio::steady_timer reconnectTimer;   // the next reconnection attempt
  asio::steady_timer giveUpTimer;      // reconnecting ends after the resume window
  asio::steady_timer resumeWaitTimer;  // after a re-login: MATCHED for our suspended game
  std::thread thread;
  std::string host;  // where to (re)connect: servers[current]
  std::uint16_t port = 0;
  std::vector<std::pair<std::string, std::uint16_t>> servers;  // connect()'s list
  std::size_t current = 0;                                     // the entry tried now
  std::size_t failed = 0;  // attempts in a row that failed (the whole list: a pause)

  mutable std::mutex mu;  // guards everything below
  OnlineSnapshot st;      // the state, except `game` (made from `match` by snapshot())
  std::shared_ptr<Session> session;
  std::shared_ptr<TcpConnector> connector;
  std::uint64_t attempts = 0;  // numbers the connection attempts (a stale handshake is ignored)
#ifdef GOMOKU_TLS
  std::unique_ptr<boost::asio::ssl::context> tlsContext =
      std::make_unique<boost::asio::ssl::context>(tls::clientContext());
#endif
  Stage stage = Stage::None;
  std::string token;  // the session token from LOGIN_RESULT

  // LOGIN by password or token (OnlineClient::login, loginWithToken), or REGISTER (nullopt).
  OnlineRefusal login(std::optional<LoginMethod> method, const std::string& name,
                      const std::string& secret);
  std::optional<Match> match;
  bool matchLive = false;  // the match still talks to the server (not ended)
  std::uint64_t matchGeneration = 0;
  bool freshGames = true;  // the next GAME_LIST starts a new answer
  Clock::time_point lastHeard;
};

OnlineClient::OnlineClient(Listener listener, OnlineOptions options)
    : impl_(std::make_unique<Impl>(std::move(listener), options)) {}

OnlineClient::~OnlineClient() {
  close();
  Impl& d = *impl_;
  asio::post(d.io, [&d] {
    d.heartbeat.cancel();
    d.welcomeTimer.cancel();
    d.reconnectTimer.cancel();
    d.giveUpTimer.cancel();
    d.resumeWaitTimer.cancel();
    std::lock_guard<std::mutex> lock(d.mu);
    if (d.connector) d.connector->cancel();
  });
  d.work.reset();
  d.thread.join();
}

void OnlineClient::connect(const std::string& host, std::uint16_t port) {
  connect({{host, port}});
}

void OnlineClient::connect(const std::vector<std::pair<std::string, std::uint16_t>>& servers) {
  Impl& d = *impl_;
  bool start = false;
  if (servers.empty()) return;
  d.mutate([&] {
    if (d.st.phase != OnlinePhase::Idle && d.st.phase != OnlinePhase::Closed) return;
    start = true;
    d.servers = servers;
    d.current = 0;
    d.failed = 0;
    d.host = servers[0].first;
    d.port = servers[0].second;
    d.st.phase = OnlinePhase::Connecting;
    d.st.failure = OnlineFailure::None;
    d.st.message = "connecting to " + d.host + ":" + std::to_string(d.port);
    d.st.loggedIn = false;
    d.token.clear();
  });
  if (start) asio::post(d.io, [&d] { d.attempt(); });
}

void OnlineClient::close() {
  Impl& d = *impl_;
  d.mutate([&] {
    switch (d.st.phase) {
      case OnlinePhase::Idle:
      case OnlinePhase::Closed:
        return;
      case OnlinePhase::Connecting:
        return d.terminate(OnlineFailure::Cancelled, "cancelled");
      default:
        break;
    }
    if (d.match && d.matchLive && d.session && d.stage == Impl::Stage::Ready)
      d.match->leave();  // BYE for the game
    if (d.session && d.stage != Impl::Stage::None) d.session->send(Bye{ByeReason::Leaving, {}});
    d.terminate(OnlineFailure::None, "signed out");
  });
}

OnlineRefusal OnlineClient::registerAccount(const std::string& name, const std::string& password) {
  return impl_->login(std::nullopt, name, password);
}

OnlineRefusal OnlineClient::login(const std::string& name, const std::string& password) {
  return impl_->login(LoginMethod::Password, name, password);
}

OnlineRefusal OnlineClient::loginWithToken(const std::string& name, const std::string& token) {
  return impl_->login(LoginMethod::Token, name, token);
}

std::string OnlineClient::sessionToken() const {
  Impl& d = *impl_;
  std::lock_guard<std::mutex> lock(d.mu);
  return d.st.loggedIn && d.st.phase != OnlinePhase::Closed ? d.token : std::string();
}

OnlineRefusal OnlineClient::Impl::login(std::optional<LoginMethod> method, const std::string& name,
                                        const std::string& secret) {
  Impl& d = *this;
  OnlineRefusal r = OnlineRefusal::None;
  d.mutate([&] {
    if (d.st.phase == OnlinePhase::LoggingIn) return void(r = OnlineRefusal::LoginPending);
    if (d.st.phase != OnlinePhase::Connected)
      return void(r = d.st.loggedIn && d.st.phase != OnlinePhase::Closed
                          ? OnlineRefusal::LoggedIn
                          : OnlineRefusal::NotConnected);
    if (name.size() > kMaxNameBytes || secret.size() > kMaxSecretBytes)
      return void(r = OnlineRefusal::TooLong);
    if (!validUtf8(name) || !validUtf8(secret)) return void(r = OnlineRefusal::NotUtf8);
    d.st.name = name;
    d.st.phase = OnlinePhase::LoggingIn;
    if (method)
      d.session->send(Login{*method, name, secret, kProtocolMinor});
    else
      d.session->send(Register{name, secret, kProtocolMinor});
  });
  return r;
}

OnlineRefusal OnlineClient::refreshHall() {
  Impl& d = *impl_;
  return d.request([&] { return d.hallRefusal(false); }, HallRequest{});
}

OnlineRefusal OnlineClient::find(Rule rule, const TimeControl& clock, OpeningRule opening) {
  Impl& d = *impl_;
  if (!openingFitsRule(opening, rule, Board::kDefaultSize)) return OnlineRefusal::BadSettings;
  return d.request(
      [&] {
        const OnlineRefusal r = d.hallRefusal(true);
        if (r == OnlineRefusal::None) {
          d.st.finding = true;
          d.st.findRule = rule;
          d.st.findClock = clock;
          d.st.findOpening = opening;
          d.st.findingSince = Clock::now();
        }
        return r;
      },
      Find{rule, clock, opening});
}

OnlineRefusal OnlineClient::cancelFind() {
  Impl& d = *impl_;
  return d.request(
      [&] {
        const OnlineRefusal r = d.hallRefusal(true);
        if (r == OnlineRefusal::None) {
          d.st.finding = false;
          d.st.room.reset();  // CANCEL_FIND also closes our open room
        }
        return r;
      },
      CancelFind{});
}

namespace {
bool settingsOk(const RoomSettings& s) {
  if (s.boardSize < Board::kMinSize || s.boardSize > Board::kMaxSize) return false;
  if (s.rule == Rule::Renju && s.boardSize != 15) return false;
  return openingFitsRule(s.opening, s.rule, s.boardSize);
}
}  // namespace

OnlineRefusal OnlineClient::createRoom(const RoomSettings& settings) {
  Impl& d = *impl_;
  if (!settingsOk(settings)) return OnlineRefusal::BadSettings;
  return d.request([&] { return d.hallRefusal(true); }, RoomCreate{settings});
}

OnlineRefusal OnlineClient::joinRoom(const std::string& code, bool rated) {
  Impl& d = *impl_;
  if (code.size() > kMaxRoomCodeBytes) return OnlineRefusal::TooLong;
  if (!validUtf8(code)) return OnlineRefusal::NotUtf8;
  return d.request([&] { return d.hallRefusal(true); }, RoomJoin{code, rated});
}

OnlineRefusal OnlineClient::invite(const std::string& name, const RoomSettings& settings) {
  Impl& d = *impl_;
  if (name.size() > kMaxNameBytes) return OnlineRefusal::TooLong;
  if (!validUtf8(name)) return OnlineRefusal::NotUtf8;
  if (!settingsOk(settings)) return OnlineRefusal::BadSettings;
  return d.request([&] { return d.hallRefusal(true); }, Invite{name, settings});
}

OnlineRefusal OnlineClient::answerInvitation(std::uint32_t inviteId, bool accept, bool rated) {
  Impl& d = *impl_;
  return d.request(
      [&] {
        const OnlineRefusal r = d.hallRefusal(accept);
        if (r != OnlineRefusal::None) return r;
        auto& list = d.st.invitations;
        const auto it = std::find_if(list.begin(), list.end(),
                                     [&](const Invited& i) { return i.inviteId == inviteId; });
        if (it == list.end()) return OnlineRefusal::NoInvitation;
        list.erase(it);
        return OnlineRefusal::None;
      },
      InviteReply{inviteId, accept, rated});
}

OnlineRefusal OnlineClient::requestGames() {
  Impl& d = *impl_;
  return d.request(
      [&] {
        const OnlineRefusal r = d.hallRefusal(false);
        if (r == OnlineRefusal::None) d.freshGames = true;
        return r;
      },
      GamesRequest{});
}

OnlineRefusal OnlineClient::requestGame(std::uint64_t id) {
  Impl& d = *impl_;
  return d.request([&] { return d.hallRefusal(false); }, GetGame{id});
}

OnlineRefusal OnlineClient::requestLive() {
  Impl& d = *impl_;
  return d.request([&] { return d.hallRefusal(false); }, LiveRequest{});
}

OnlineRefusal OnlineClient::watchGame(std::uint64_t id) {
  Impl& d = *impl_;
  OnlineRefusal r = OnlineRefusal::None;
  d.mutate([&] {
    r = d.hallRefusal(true);
    if (r != OnlineRefusal::None) return;
    d.st.watchingId = id;
    d.st.watch = WatchSnapshot();
    d.st.watch.phase = WatchPhase::Connecting;
    d.st.watch.hostAddress = d.st.serverAddress;  // where it is watched
    ++d.st.watches;
    d.session->send(WatchGame{id});
  });
  return r;
}

OnlineRefusal OnlineClient::unwatch() {
  Impl& d = *impl_;
  OnlineRefusal r = OnlineRefusal::None;
  d.mutate([&] {
    r = d.hallRefusal(false);
    if (d.st.watchingId == 0) return;
    // Not connected (reconnecting): nothing to send, but the watch ends here all the same, so
    // that the reconnection does not ask for it again.
    const std::uint64_t id = std::exchange(d.st.watchingId, 0);
    if (r == OnlineRefusal::None) d.session->send(Unwatch{id});
    r = OnlineRefusal::None;
    d.st.watch.phase = WatchPhase::Ended;
    d.st.watch.message = "you stopped watching";
    d.st.watch.clock.stop(steadyNowMs());
  });
  return r;
}

MoveError OnlineClient::play(Point p) {
  Impl& d = *impl_;
  MoveError e = MoveError::NotYourTurn;
  d.mutate([&] {
    if (d.match) e = d.match->playLocal(p);
  });
  return e;
}

OpeningError OnlineClient::openingAct(const OpeningAct& act) {
  Impl& d = *impl_;
  OpeningError e = OpeningError::Finished;
  d.mutate([&] {
    if (d.match) e = d.match->openingAct(act);
  });
  return e;
}

#define GOMOKU_WITH_MATCH(call)                         \
  Impl& d = *impl_;                                     \
  RequestError error{RequestRefusal::NotConnected, {}}; \
  d.mutate([&] {                                        \
    if (d.match) error = d.match->call;                 \
  });                                                   \
  return error

RequestError OnlineClient::leaveGame() {
  Impl& d = *impl_;
  RequestError error{RequestRefusal::NoGameRunning, {}};
  d.mutate([&] {
    if (!d.match || !d.matchLive) return;
    if (d.match->phase() == MatchPhase::Suspended) {
      error = {RequestRefusal::Suspended, {}};
      return;
    }
    d.match->leave();
    error = {};
  });
  return error;
}
RequestError OnlineClient::requestTakeback() {
  GOMOKU_WITH_MATCH(requestTakeback());
}
RequestError OnlineClient::answerTakeback(bool accept) {
  GOMOKU_WITH_MATCH(answerTakeback(accept));
}
RequestError OnlineClient::offerDraw() {
  GOMOKU_WITH_MATCH(offerDraw());
}
RequestError OnlineClient::answerDraw(bool accept) {
  GOMOKU_WITH_MATCH(answerDraw(accept));
}
RequestError OnlineClient::resign() {
  GOMOKU_WITH_MATCH(resign());
}
RequestError OnlineClient::playAgain(bool want) {
  GOMOKU_WITH_MATCH(playAgain(want));
}
RequestError OnlineClient::sendChat(const std::string& text) {
  GOMOKU_WITH_MATCH(sendChat(text));
}
#undef GOMOKU_WITH_MATCH

void OnlineClient::dropConnectionForTest() {
  Impl& d = *impl_;
  d.mutate([&] {
    if (!d.session) return;
    d.detach();
    d.lost("the connection dropped", DecodeError::None);
  });
}

OnlineSnapshot OnlineClient::snapshot() const {
  const Impl& d = *impl_;
  std::lock_guard<std::mutex> lock(d.mu);
  OnlineSnapshot s = d.st;
  if (d.match) {
    NetSnapshot& g = s.game;
    g.phase = NetPhase::InMatch;
    g.role = Role::Joiner;
    g.peerAddress = d.st.serverAddress;
    copyMatchState(*d.match, g);
    g.message = d.match->closeReason();
    g.resumeDeadline = d.st.reconnectDeadline;
  }
  return s;
}

void OnlineClient::trustServer(const std::string& host, std::uint16_t port,
                               const std::string& fingerprint,
                               const std::string& knownServersPath) {
#ifdef GOMOKU_TLS
  tls::KnownServers pins(knownServersPath.empty() ? tls::KnownServers::defaultPath()
                                                  : knownServersPath);
  pins.pin(tls::hostPortKey(host, port), fingerprint);
#else
  (void)host, (void)port, (void)fingerprint, (void)knownServersPath;
  throw std::runtime_error("this build of the program has no TLS");
#endif
}

}  // namespace gomoku::net
