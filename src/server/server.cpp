#include "server/server.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ip/v6_only.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>

#include "net/cadence.h"
#include "net/session.h"
#include "net/tls.h"
#include "server/channel.h"
#include "server/web.h"

namespace gomoku::server {

namespace asio = boost::asio;
using asio::ip::tcp;
using boost::system::error_code;
using Clock = std::chrono::steady_clock;
using Work = asio::executor_work_guard<asio::io_context::executor_type>;

namespace {

// Lowers the calling thread's scheduling priority (nice 10; Linux keeps a nice value per
// thread): password hashing (argon2id, a fraction of a second of one core each) then gets
// about a tenth of the share of a connection or hall thread when the cores are busy, so that
// logins queue up under load instead of delaying moves, yet still go on (at nice 19 they
// starved on a saturated machine). Failure changes nothing but the priority.
void lowerThreadPriority() {
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 10);
}

}  // namespace

// One client connection, living on one of the connection io_contexts.
struct Link {
  std::shared_ptr<Channel> session;           // TLS or WebSocket
  std::unique_ptr<asio::steady_timer> timer;  // heartbeat and silence check
  std::atomic<std::int64_t> lastHeard{0};     // steady ticks of the last message
  bool closed = false;                        // on its io_context: the session ended
};

struct Server::Impl final : HallEnv {
  ServerOptions options;
  std::unique_ptr<Storage> storage;
  std::function<void(const std::string&)> logFn;

  asio::io_context hallIo;     // the Hall and every game: one thread
  asio::io_context storageIo;  // Lane::Storage: one thread, jobs in order
  asio::io_context hashIo;     // Lane::Hash
  asio::io_context clusterIo;  // Lane::Cluster: one thread, jobs in order (none without one)
  asio::io_context journalIo;  // Lane::Journal: likewise
  asio::io_context leaseIo;    // Lane::Lease: likewise
  std::unique_ptr<Presence> presence;  // the cluster's sign-in register; null: a single node
  std::vector<std::unique_ptr<asio::io_context>> ios;  // connections
  std::vector<Work> work;
  std::unique_ptr<asio::ssl::context> tls;  // the server's certificate and key
  std::unique_ptr<tcp::acceptor> acceptor;
  std::unique_ptr<WebFront> web;  // the browser client's port (none when options.webPort < 0)
  asio::signal_set signals{hallIo, SIGINT, SIGTERM};

  std::unordered_map<ConnId, std::shared_ptr<Link>> links;
  std::atomic<ConnId> nextConn{1};
  std::size_t nextIo = 0;
  std::unordered_map<std::uint64_t, std::unique_ptr<asio::steady_timer>> timers;
  std::uint64_t nextTimer = 1;
  bool stopping = false;
  // The reader of this node's inbox (presence.h receive): one thread of its own, as it blocks.
  std::atomic<bool> inboxDone{false};
  std::mutex inboxMutex;
  std::condition_variable inboxWake;  // ends the wait after a failed read at once at shutdown
  // The storage lane's wait before trying a job again while the database is away; ended at
  // shutdown, which gives such jobs up.
  std::atomic<bool> storageGiveUp{false};
  std::mutex storageMutex;
  std::condition_variable storageWake;
  std::unique_ptr<Hall> hall;  // last: destroyed first, while the timers still exist

  // HallEnv (all on the hall thread)
  void send(ConnId c, const net::Message& m) override {
    auto it = links.find(c);
    if (it != links.end()) it->second->session->send(m);
  }
  void close(ConnId c) override {
    auto it = links.find(c);
    if (it != links.end()) it->second->session->closeAfterWrites();
  }
  Clock::time_point now() override { return Clock::now(); }
  std::int64_t unixTime() override {
    return std::chrono::duration_cast<std::chrono::seconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
  }
  std::uint64_t after(std::chrono::milliseconds delay, std::function<void()> fn) override {
    std::uint64_t id = nextTimer++;
    auto t = std::make_unique<asio::steady_timer>(hallIo, delay);
    t->async_wait([this, id, fn = std::move(fn)](error_code ec) {
      if (ec) return;
      timers.erase(id);
      fn();
    });
    timers[id] = std::move(t);
    return id;
  }
  void cancel(std::uint64_t timer) override { timers.erase(timer); }
  void aside(Lane lane, std::function<std::function<void()>()> job) override {
    asio::io_context& io = lane == Lane::Storage   ? storageIo
                           : lane == Lane::Hash    ? hashIo
                           : lane == Lane::Journal ? journalIo
                           : lane == Lane::Lease   ? leaseIo
                                                   : clusterIo;
    asio::post(io, [this, lane, job = std::move(job)] {
      std::function<void()> then;
      auto fatal = [this](const std::exception& e) {
        log(std::string("fatal: ") + e.what());
        asio::post(hallIo, [this] { shutdown(); });
      };
      for (bool failed = false;;) {
        try {
          then = job();
          if (failed) storageTrouble(false, {});
          break;
        } catch (const StorageUnavailable& e) {
          // The database is away: this job is tried again in place, so the lane's later jobs
          // (a game's row before its result) keep their order; at shutdown it is given up.
          if (lane != Lane::Storage) return fatal(e);
          if (!failed) storageTrouble(true, e.what());
          failed = true;
          std::unique_lock lock(storageMutex);
          if (storageWake.wait_for(lock, std::chrono::seconds(1),
                                   [this] { return storageGiveUp.load(); })) {
            log(std::string("stopping with the database away: a job is given up (") + e.what() +
                ")");
            return;
          }
        } catch (const std::exception& e) {
          return fatal(e);
        }
      }
      if (then) asio::post(hallIo, std::move(then));
    });
  }
  // From the storage lane: the database stopped (or started again) answering; the hall hears
  // it before anything the lane answers next.
  void storageTrouble(bool away, const std::string& why) {
    asio::post(hallIo, [this, away, why] {
      if (hall) hall->storageAway(away, why);
    });
  }
  void log(const std::string& line) override { logFn(line); }

  // Reads the messages other nodes post to this one and hands them to the hall, in order.
  void readInbox() {
    bool failing = false;
    while (!inboxDone) {
      auto got = presence->receive(std::chrono::milliseconds(500));
      if (!got) {
        if (!failing) log("this node's inbox cannot be read (" + presence->receiveError() + ")");
        failing = true;
        std::unique_lock lock(inboxMutex);  // again in a moment, not in a busy loop
        inboxWake.wait_for(lock, std::chrono::milliseconds(500),
                           [this] { return inboxDone.load(); });
        continue;
      }
      if (failing) log("this node's inbox is read again");
      failing = false;
      if (!got->empty())
        asio::post(hallIo, [this, m = std::move(*got)] {
          if (hall) hall->fromNodes(m);
        });
    }
  }
  void stopInbox() {
    {
      std::lock_guard lock(inboxMutex);
      inboxDone = true;
    }
    inboxWake.notify_all();
  }

  asio::io_context& nextIoContext() { return *ios[nextIo++ % ios.size()]; }

  void accept() {
    asio::io_context& io = nextIoContext();
    acceptor->async_accept(io, [this, &io](error_code ec, tcp::socket socket) {
      if (ec == asio::error::operation_aborted || !acceptor || stopping) return;
      if (!ec) {
        // The TLS handshake runs on the connection's own thread, never on the hall's.
        auto sock = std::make_shared<tcp::socket>(std::move(socket));
        asio::post(io, [this, &io, sock] {
          std::string address = addressOf(*sock);
          net::tls::asyncServerHandshake(*tls, std::move(*sock), options.handshakeTimeout,
                                         [this, &io, address](net::tls::Result r) {
                                           if (!r.session) {
                                             log(address + ": " + net::tls::describe(r));
                                             return;
                                           }
                                           adopt(io, channelOf(std::move(r.session)), address);
                                         });
        });
      }
      accept();
    });
  }

  // On the connection's io_context: a new connection, encrypted.
  void adopt(asio::io_context& io, std::shared_ptr<Channel> session, const std::string& address) {
    ConnId id = nextConn++;
    auto link = std::make_shared<Link>();
    link->session = std::move(session);
    link->timer = std::make_unique<asio::steady_timer>(io);
    link->lastHeard = Clock::now().time_since_epoch().count();
    // Registered on the hall thread before anything the session reads can reach it (both
    // posts come from this thread, in order).
    asio::post(hallIo, [this, id, link, address] {
      if (stopping) return link->session->abort();
      links[id] = link;
      hall->connected(id, address);
    });
    std::weak_ptr<Link> weak = link;
    link->session->start(
        [this, id, weak](net::Message m) {
          if (auto l = weak.lock()) l->lastHeard = Clock::now().time_since_epoch().count();
          asio::post(hallIo, [this, id, m = std::move(m)] { hall->received(id, m); });
        },
        [this, id, weak](const std::string& reason, net::DecodeError) {
          if (auto l = weak.lock()) {  // on the link's io_context, as its timer
            l->closed = true;
            l->timer->cancel();
          }
          asio::post(hallIo, [this, id, reason] {
            if (!links.erase(id)) return;
            hall->closed(id, reason);
          });
        });
    // The first beat at a phase of its own: connections that came in a burst (a restart, a
    // failover) would otherwise beat together, thousands of TLS writes at one instant.
    link->timer->expires_after(net::beatPhase(id, options.heartbeat));
    tick(id, link);
  }

  // Heartbeat and silence check of one connection (on its io_context). The beats keep their
  // cadence: a thread that was busy does not move the next beat of every timer that waited on
  // it to one instant (beats missed meanwhile are skipped).
  void tick(ConnId id, std::shared_ptr<Link> link) {
    link->timer->async_wait([this, id, l = link](error_code ec) {
      if (ec || l->closed) return;
      auto heard = Clock::time_point(Clock::duration(l->lastHeard.load()));
      if (Clock::now() - heard > options.silence) {
        l->session->abort();  // reported through the closed handler
        return;
      }
      l->session->send(net::Heartbeat{});
      l->timer->expires_at(net::nextBeat(l->timer->expiry(), options.heartbeat, Clock::now()));
      tick(id, l);
    });
  }

  void shutdown() {
    if (stopping) return;
    stopping = true;
    log("stopping");
    error_code ec;
    if (acceptor) acceptor->close(ec);
    if (web) web->stop();
    signals.cancel(ec);
    {
      std::lock_guard lock(storageMutex);
      storageGiveUp = true;
    }
    storageWake.notify_all();
    hall->stop([this] {
      // Every game is written; give the goodbyes a moment to leave, then end the threads.
      auto t = std::make_shared<asio::steady_timer>(hallIo, std::chrono::milliseconds(200));
      t->async_wait([this, t](error_code) {
        for (auto& [id, l] : links) l->session->abort();
        links.clear();
        timers.clear();
        work.clear();
        for (auto& io : ios) io->stop();
        storageIo.stop();
        hashIo.stop();
        clusterIo.stop();
        journalIo.stop();
        leaseIo.stop();
        stopInbox();
        hallIo.stop();
      });
    });
  }
};

Server::Server(ServerOptions options, std::unique_ptr<Storage> storage,
               std::function<void(const std::string&)> log, std::unique_ptr<Presence> presence)
    : impl_(std::make_unique<Impl>()) {
  Impl& d = *impl_;
  d.options = std::move(options);
  d.storage = std::move(storage);
  d.presence = std::move(presence);
  d.logFn = std::move(log);
  int n = d.options.ioThreads > 0 ? d.options.ioThreads
                                  : std::max(1u, std::thread::hardware_concurrency());
  for (int i = 0; i < n; ++i) d.ios.push_back(std::make_unique<asio::io_context>(1));
  for (auto& io : d.ios) d.work.emplace_back(io->get_executor());
  d.work.emplace_back(d.storageIo.get_executor());
  d.work.emplace_back(d.hashIo.get_executor());
  d.work.emplace_back(d.clusterIo.get_executor());
  d.work.emplace_back(d.journalIo.get_executor());
  d.work.emplace_back(d.leaseIo.get_executor());
  d.work.emplace_back(d.hallIo.get_executor());

  d.acceptor = openAcceptor(d.hallIo, d.options.listen, d.options.port, "port");
  try {
    d.tls = std::make_unique<asio::ssl::context>(
        net::tls::serverContext(d.options.certPath, d.options.keyPath));
  } catch (const std::exception& e) {
    throw ServerError(e.what());
  }
  if (d.options.webPort >= 0) {
    WebOptions w;
    w.listen = d.options.listen;
    w.port = static_cast<std::uint16_t>(d.options.webPort);
    w.root = d.options.webRoot;
    w.handshakeTimeout = d.options.handshakeTimeout;
    d.web = std::make_unique<WebFront>(
        d.hallIo, [&d]() -> asio::io_context& { return d.nextIoContext(); }, *d.tls, w,
        [&d](asio::io_context& io, std::shared_ptr<Channel> c, const std::string& address) {
          d.adopt(io, std::move(c), address);
        },
        [&d](const std::string& line) { d.log(line); });
  }
  d.hall = std::make_unique<Hall>(d, *d.storage, d.options.hall, 0, d.presence.get());
}

Server::~Server() = default;

std::uint16_t Server::port() const {
  error_code ec;
  return impl_->acceptor ? impl_->acceptor->local_endpoint(ec).port() : 0;
}

std::uint16_t Server::webPort() const {
  return impl_->web ? impl_->web->port() : 0;
}

void Server::run() {
  Impl& d = *impl_;
  d.signals.async_wait([&d](error_code ec, int) {
    if (!ec) d.shutdown();
  });
  asio::post(d.hallIo, [&d] {
    d.log("listening on port " + std::to_string(d.acceptor->local_endpoint().port()));
    d.accept();
    if (d.web) {
      d.log("web listening on port " + std::to_string(d.web->port()) +
            (d.web->root().empty() ? " (no page folder: only the WebSocket at /ws)"
                                   : " (page: " + d.web->root() + ")"));
      d.web->start();
    }
  });
  std::vector<std::thread> threads;
  for (auto& io : d.ios) threads.emplace_back([&io] { io->run(); });
  threads.emplace_back([&d] { d.storageIo.run(); });
  threads.emplace_back([&d] { d.clusterIo.run(); });
  if (d.presence) {
    threads.emplace_back([&d] { d.journalIo.run(); });
    threads.emplace_back([&d] { d.leaseIo.run(); });
    threads.emplace_back([&d] { d.readInbox(); });
  }
  threads.emplace_back([&d] {
    lowerThreadPriority();
    d.hashIo.run();
  });
  d.hallIo.run();
  for (auto& t : threads) t.join();
  d.log("stopped");
}

void Server::stop() {
  asio::post(impl_->hallIo, [d = impl_.get()] { d->shutdown(); });
}

}  // namespace gomoku::server
