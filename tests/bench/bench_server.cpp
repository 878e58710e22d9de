// bench_server: a load generator for gomoku-server (README.md, Benchmarks).
//
// Starts a real gomoku-server (its data in a temporary folder, an SQLite database there or the
// PostgreSQL database given by --db) or attaches to a running one (--port), then:
//   1. makes the accounts and session tokens directly in the database (argon2id for 10 000
//      registrations would take many minutes): one precomputed password hash for all;
//   2. opens N TLS connections over loopback and logs each in by token (LoginMethod::Token);
//   3. measures the server's resident memory before and after: memory per idle connection;
//   4. pairs 2*M of them into M private-room games (unrated) that play random legal moves
//      (a client-side net::Match as joiner per connection; a move after a random think time
//      around --move-interval; play again after each game) and measures the time from sending
//      a MOVE to the opponent's connection receiving it (one process, one steady clock);
//   5. in the middle of the play, logs K more accounts in by password (argon2id on the server)
//      and reports logins per second, and the move latency during those logins apart.
// With --nodes N (and --redis, PostgreSQL) it starts N nodes of a cluster instead, sharing one
// certificate: the connections are spread over them, two thirds of the games are rooms with
// both players on one node and a third are paired across nodes by Find game; the latency is
// reported for each kind apart, with each node's memory and Redis's load (INFO). --failover
// then kills one node with SIGKILL after the play and times until its games are resumed.
// Prints the figures; exit status 0 when every connection, login and game went through.

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/connect.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>

#include "net/cadence.h"
#include "net/match.h"
#include "net/session.h"
#include "net/tls.h"
#include "net/wire.h"
#include "server/accounts.h"
#include "server/storage.h"

namespace asio = boost::asio;
namespace net = gomoku::net;
namespace srv = gomoku::server;
using asio::ip::tcp;
using boost::system::error_code;
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

extern char** environ;

namespace {

const char* const kPassword = "bench-password-1";

struct Options {
  std::string server;       // the gomoku-server program to start
  int port = 0;             // attach to a running server on 127.0.0.1:port
  int pid = 0;              // attached: its process id (memory figures)
  std::string db;           // database URL; "" = SQLite in the temporary folder
  int connections = 100;    // token logins kept open
  int games = 50;           // games among them (2 connections each)
  int seconds = 20;         // play measured so long
  int moveInterval = 1000;  // mean think time per move, ms
  int passwordLogins = 50;  // password logins measured during the play
  int threads = 2;          // the bench's io threads
  int serverThreads = 0;    // the server's --threads (0: its default)
  int window = 200;         // connections being set up at once
  int heartbeat = 2000;     // a HEARTBEAT from each client this often, ms
  int watchers = 0;         // connections after the players' that watch the first game
  int nodes = 0;            // > 0: start this many nodes of a cluster (--redis)
  std::string redis;        // the cluster's Redis URL
  bool failover = false;    // after the play, kill -9 one node and time its games' resumption
  int nodeLease = 5;        // the nodes' --node-lease, seconds
  bool keep = false;        // keep the temporary folder
  bool timeline = false;    // list every 100 ms window with 10 or more moves over 10 ms
};

void usage() {
  std::fprintf(stderr,
               "usage: bench_server (--server PATH | --port P [--pid PID]) [--db URL]\n"
               "         [--connections N] [--games M] [--seconds S] [--move-interval MS]\n"
               "         [--password-logins K] [--threads T] [--server-threads T]\n"
               "         [--window W] [--heartbeat MS] [--watchers W]\n"
               "         [--nodes N --redis URL [--failover]] [--timeline] [--keep]\n"
               "  --server PATH        start this gomoku-server (data in a temporary folder)\n"
               "  --port P             attach to a server running on 127.0.0.1:P instead\n"
               "  --pid PID            (attached) its process id, for the memory figures\n"
               "  --db URL             database: postgresql://... (default: SQLite in the\n"
               "                       temporary folder); attached: the server's database\n"
               "  --connections N      logged-in connections (default 100)\n"
               "  --games M            games among them, 2 connections each (default 50)\n"
               "  --seconds S          play measured so long (default 20)\n"
               "  --move-interval MS   mean think time before each move (default 1000)\n"
               "  --password-logins K  password logins measured during the play (default 50)\n"
               "  --threads T          the bench's network threads (default 2)\n"
               "  --server-threads T   the started server's --threads (default: its own)\n"
               "  --window W           connections being set up at once (default 200)\n"
               "  --heartbeat MS       each client's HEARTBEAT period (default 2000)\n"
               "  --watchers W         W connections after the players' watch the most watched\n"
               "                       game (LIVE_REQUEST, WATCH_GAME): a move's way to them\n"
               "  --nodes N            start N nodes of a cluster (needs --redis and --db\n"
               "                       postgresql://...); connections spread over them, a third\n"
               "                       of the games across nodes (Find game), the rest in rooms\n"
               "  --redis URL          the cluster's Redis (redis://host:port)\n"
               "  --node-lease S       (cluster) the nodes' lease in seconds (default 5)\n"
               "  --failover           (cluster) after the play, kill -9 the last node; its\n"
               "                       players reconnect to another node and resume: timed\n"
               "  --timeline           list each 100 ms of play with 10 or more moves slower\n"
               "                       than 10 ms (bursts: a stalled thread; spread: queues)\n"
               "  --keep               keep the temporary folder (server log, database)\n");
}

std::optional<Options> parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::optional<std::string> {
      if (i + 1 >= argc) return std::nullopt;
      return std::string(argv[++i]);
    };
    auto number = [&](int& out) {
      auto v = value();
      if (!v) return false;
      try {
        out = std::stoi(*v);
      } catch (...) {
        return false;
      }
      return out >= 0;
    };
    bool ok = true;
    if (a == "--server") {
      auto v = value();
      ok = v.has_value();
      if (ok) o.server = *v;
    } else if (a == "--db") {
      auto v = value();
      ok = v.has_value();
      if (ok) o.db = *v;
    } else if (a == "--port") {
      ok = number(o.port);
    } else if (a == "--pid") {
      ok = number(o.pid);
    } else if (a == "--connections") {
      ok = number(o.connections);
    } else if (a == "--games") {
      ok = number(o.games);
    } else if (a == "--seconds") {
      ok = number(o.seconds);
    } else if (a == "--move-interval") {
      ok = number(o.moveInterval);
    } else if (a == "--password-logins") {
      ok = number(o.passwordLogins);
    } else if (a == "--threads") {
      ok = number(o.threads) && o.threads > 0;
    } else if (a == "--server-threads") {
      ok = number(o.serverThreads);
    } else if (a == "--window") {
      ok = number(o.window) && o.window > 0;
    } else if (a == "--heartbeat") {
      ok = number(o.heartbeat) && o.heartbeat > 0;
    } else if (a == "--watchers") {
      ok = number(o.watchers);
    } else if (a == "--nodes") {
      ok = number(o.nodes);
    } else if (a == "--redis") {
      auto v = value();
      ok = v.has_value();
      if (ok) o.redis = *v;
    } else if (a == "--failover") {
      o.failover = true;
    } else if (a == "--node-lease") {
      ok = number(o.nodeLease) && o.nodeLease > 0;
    } else if (a == "--keep") {
      o.keep = true;
    } else if (a == "--timeline") {
      o.timeline = true;
    } else if (a == "--help" || a == "-h") {
      usage();
      std::exit(0);
    } else {
      std::fprintf(stderr, "bench_server: unknown option %s\n", a.c_str());
      ok = false;
    }
    if (!ok) {
      usage();
      return std::nullopt;
    }
  }
  if (o.server.empty() == (o.port == 0)) {
    std::fprintf(stderr, "bench_server: give either --server PATH or --port P\n");
    usage();
    return std::nullopt;
  }
  if (o.nodes > 0 && (o.server.empty() || o.redis.empty() || o.db.rfind("postgres", 0) != 0)) {
    std::fprintf(stderr,
                 "bench_server: --nodes needs --server, --redis and --db postgresql://...\n");
    return std::nullopt;
  }
  if (o.failover && o.nodes < 2) {
    std::fprintf(stderr, "bench_server: --failover needs --nodes 2 or more\n");
    return std::nullopt;
  }
  if (o.games * 2 + o.watchers > o.connections) {
    std::fprintf(stderr, "bench_server: --games M --watchers W needs --connections >= 2*M+W\n");
    return std::nullopt;
  }
  return o;
}

double seconds(Clock::duration d) {
  return std::chrono::duration<double>(d).count();
}

// A field of /proc/PID/status in kB ("VmRSS", "VmHWM"); -1 when unreadable.
long statusKb(int pid, const char* field) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  std::string key = std::string(field) + ":";
  while (std::getline(in, line))
    if (line.rfind(key, 0) == 0) return std::atol(line.c_str() + key.size());
  return -1;
}

// The CPU time the process used so far (user + system), seconds; -1 when unreadable.
double cpuSeconds(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto close = all.rfind(')');
  if (close == std::string::npos) return -1;
  std::istringstream rest(all.substr(close + 2));
  std::string field;
  long utime = 0, stime = 0;
  for (int i = 3; i <= 15 && rest >> field; ++i) {
    if (i == 14) utime = std::atol(field.c_str());
    if (i == 15) stime = std::atol(field.c_str());
  }
  return static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

// The machine's CPU time from /proc/stat: (busy, total) in ticks.
std::pair<double, double> machineCpu() {
  std::ifstream in("/proc/stat");
  std::string cpu;
  double v[8] = {};
  in >> cpu;
  for (double& x : v) in >> x;
  double total = 0;
  for (double x : v) total += x;
  return {total - v[3] - v[4], total};  // idle and iowait are not busy
}

std::string mb(long kb) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f MB", static_cast<double>(kb) / 1024.0);
  return buf;
}

// Redis's INFO (every section, and INFO commandstats's lines) as field -> value, for the load a
// cluster puts on Redis; empty when it cannot be read. redis://host:port only (no password: the
// test Redis has none).
std::map<std::string, std::string> redisInfo(const std::string& url) {
  std::map<std::string, std::string> out;
  std::string rest = url.rfind("redis://", 0) == 0 ? url.substr(8) : url;
  if (rest.find('@') != std::string::npos) return out;
  rest = rest.substr(0, rest.find('/'));
  auto colon = rest.rfind(':');
  std::string host = colon == std::string::npos ? rest : rest.substr(0, colon);
  std::string port = colon == std::string::npos ? "6379" : rest.substr(colon + 1);
  try {
    asio::io_context io;
    tcp::socket sock(io);
    tcp::resolver resolver(io);
    asio::connect(sock, resolver.resolve(host, port));
    asio::write(sock, asio::buffer(std::string("INFO all\r\n")));
    asio::streambuf buf;
    std::size_t n = asio::read_until(sock, buf, "\r\n");
    std::string header(asio::buffers_begin(buf.data()),
                       asio::buffers_begin(buf.data()) + static_cast<std::ptrdiff_t>(n));
    buf.consume(n);
    if (header.empty() || header[0] != '$') return out;
    const std::size_t size = std::stoul(header.substr(1)) + 2;
    if (buf.size() < size) asio::read(sock, buf, asio::transfer_exactly(size - buf.size()));
    std::istringstream in(
        std::string(asio::buffers_begin(buf.data()),
                    asio::buffers_begin(buf.data()) + static_cast<std::ptrdiff_t>(size)));
    std::string line;
    while (std::getline(in, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      auto at = line.find(':');
      if (at != std::string::npos && line[0] != '#') out[line.substr(0, at)] = line.substr(at + 1);
    }
  } catch (const std::exception&) {
    out.clear();
  }
  return out;
}

double infoNumber(const std::map<std::string, std::string>& info, const std::string& field) {
  auto it = info.find(field);
  return it == info.end() ? 0.0 : std::atof(it->second.c_str());
}

// The calls of each command ("cmdstat_evalsha" -> calls) from INFO commandstats's lines.
std::map<std::string, double> redisCalls(const std::map<std::string, std::string>& info) {
  std::map<std::string, double> out;
  for (const auto& [k, v] : info)
    if (k.rfind("cmdstat_", 0) == 0 && v.rfind("calls=", 0) == 0)
      out[k.substr(8)] = std::atof(v.c_str() + 6);
  return out;
}

// Prints Redis's load between two INFOs `secs` apart: commands per second, its CPU, the
// busiest commands.
void printRedisLoad(const char* what, const std::map<std::string, std::string>& a,
                    const std::map<std::string, std::string>& b, double secs) {
  if (a.empty() || b.empty() || secs <= 0) return;
  const double cmds =
      infoNumber(b, "total_commands_processed") - infoNumber(a, "total_commands_processed");
  const double cpu = infoNumber(b, "used_cpu_user") + infoNumber(b, "used_cpu_sys") -
                     infoNumber(a, "used_cpu_user") - infoNumber(a, "used_cpu_sys");
  std::vector<std::pair<double, std::string>> busiest;
  auto ca = redisCalls(a);
  for (const auto& [k, v] : redisCalls(b)) busiest.emplace_back((v - ca[k]) / secs, k);
  std::sort(busiest.rbegin(), busiest.rend());
  std::string top;
  for (std::size_t i = 0; i < busiest.size() && i < 6 && busiest[i].first > 0; ++i) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%s%s %.0f/s", i ? ", " : "", busiest[i].second.c_str(),
                  busiest[i].first);
    top += buf;
  }
  std::printf("redis %s: %.0f commands per second, %.0f %% of one core (%s); memory %s\n", what,
              cmds / secs, 100.0 * cpu / secs, top.c_str(),
              b.count("used_memory_human") ? b.at("used_memory_human").c_str() : "?");
}

// Raises this process's open-file limit to its hard limit; returns the soft limit now.
rlim_t raiseFileLimit() {
  rlimit r{};
  if (getrlimit(RLIMIT_NOFILE, &r) != 0) return 0;
  if (r.rlim_cur < r.rlim_max) {
    r.rlim_cur = r.rlim_max;
    setrlimit(RLIMIT_NOFILE, &r);
    getrlimit(RLIMIT_NOFILE, &r);
  }
  return r.rlim_cur;
}

// The move being relayed in one game: at most one is in flight, since each player moves only
// after the other's move arrived.
struct GameSlot {
  std::atomic<std::int64_t> sentAt{0};  // steady clock ticks
  std::atomic<int> sentPly{-1};
};

struct Bench;

// One connection of the bench: all its handlers run on its own io_context's thread.
struct Client {
  Client(Bench& bench, int idx, int nodeIndex, asio::io_context& ctx, std::string n,
         net::LoginMethod m, std::string s, std::uint32_t seed)
      : b(bench),
        index(idx),
        node(nodeIndex),
        io(ctx),
        name(std::move(n)),
        method(m),
        secret(std::move(s)),
        heartbeatTimer(ctx),
        moveTimer(ctx),
        retryTimer(ctx),
        rng(seed) {}

  Bench& b;
  int index;
  int node;  // the node it connects to (Bench::nodes); another one after its node was killed
  asio::io_context& io;
  std::string name;
  net::LoginMethod method;
  std::string secret;
  std::shared_ptr<net::Session> session;
  asio::steady_timer heartbeatTimer;
  asio::steady_timer moveTimer;
  asio::steady_timer retryTimer;  // failover: the next reconnection attempt
  std::mt19937 rng;
  std::optional<net::Match> match;
  GameSlot* slot = nullptr;  // shared with the opponent
  Client* joiner = nullptr;  // a room's creator: who joins it
  bool welcomed = false, loggedIn = false, finished = false, started = false;
  bool cross = false;  // its game is across nodes (paired by Find game)
  int generation = 0;  // of its connection: a dropped one's late callbacks are ignored
  Clock::time_point loginSent;
  // Failover: when its connection dropped first after the kill, and when its game was taken up
  // again (RESUMED); steady clock ticks, 0 = not (yet).
  std::int64_t droppedAt = 0, resumedAt = 0;
  bool awaitingResume = false;
  int attempts = 0;  // failover: reconnection attempts since the last login
  // Filled on this client's thread; read after the threads stopped.
  std::vector<std::uint32_t> latency;        // µs, moves received while measuring
  std::vector<std::uint32_t> latencyCross;   // µs, the same in a game across nodes
  std::vector<std::uint32_t> viewLatency;    // µs, a watcher: a move's way into a VIEW
  bool watcher = false;                      // sends LIVE_REQUEST, then watches
  std::uint64_t views = 0;                   // a watcher: VIEWs received
  std::vector<std::uint32_t> latencyLogins;  // µs, while password logins ran
  // Moves slower than 10 ms while measuring: (ms since play began, µs); shows whether the tail
  // comes in bursts (a stalled thread) or spread out (queues).
  std::vector<std::pair<std::uint32_t, std::uint32_t>> slow;
  std::uint64_t gamesOver = 0;

  void start();
  void onMessage(const net::Message& m);
  void onClosed(const std::string& reason);
  void sendLogin();
  void tickHeartbeat();
  void think(std::function<void()> then);
  void maybeMove();
  void onMatchEvent(net::MatchEvent e);
  void fail(const std::string& why);
  void dropped(const std::string& why);
  void resumed();
};

// One gomoku-server: started by the bench (a single server or a node of a cluster) or attached.
struct Node {
  std::string id;  // --node-id; "" for a single server
  int pid = 0;     // 0: unknown (attached without --pid)
  bool owned = false;
  int port = 0;
  tcp::endpoint endpoint;
  std::string logPath;
  std::thread logReader;
  std::atomic<bool> dead{false};  // killed (failover): its clients go to another node
  long rssStart = -1, rssIdle = -1, rssMax = -1, rssEnd = -1, hwm = -1;  // kB
  double cpu0 = 0, cpu1 = 0;
};

struct Bench {
  Options o;
  std::filesystem::path tmp;
  std::string db;
  std::string pinFile;
  std::vector<std::unique_ptr<Node>> nodes;
  std::string certPath, keyPath;  // a cluster's nodes share one certificate
  std::vector<std::unique_ptr<asio::io_context>> ios;
  std::vector<asio::executor_work_guard<asio::io_context::executor_type>> work;
  std::vector<std::thread> threads;
  asio::ssl::context tls{net::tls::clientContext()};
  std::vector<std::unique_ptr<Client>> clients;
  std::vector<std::unique_ptr<GameSlot>> slots;

  std::atomic<bool> stopping{false};
  std::atomic<bool> measuring{false};
  Clock::time_point playStart;  // set before measuring starts
  std::atomic<bool> passwordWindow{false};
  std::atomic<int> gamesStarted{0};  // first games whose both sides started
  // Failover: set before the kill; a logged-in client whose connection ends then reconnects
  // (to another node when its own was killed) and resumes its game instead of failing.
  std::atomic<bool> failoverArmed{false};
  std::atomic<int> pendingResumes{0};     // clients dropped from a game and not yet resumed
  std::atomic<std::int64_t> lastDrop{0};  // steady clock ticks of the last such drop

  std::mutex mu;  // guards what follows
  std::condition_variable cv;
  int launched = 0, inFlight = 0, launchEnd = 0;
  int ready = 0, loggedIn = 0, failed = 0;  // of the current phase's clients
  int dropped = 0;                          // logged-in clients that failed later
  std::vector<std::string> errors;
  std::vector<double> loginMillis;

  void error(const std::string& what) {
    std::lock_guard<std::mutex> lock(mu);
    if (errors.size() < 20) errors.push_back(what);
  }

  // Starts clients [launched, launchEnd) while fewer than o.window are being set up.
  void launchMore() {
    std::vector<Client*> go;
    {
      std::lock_guard<std::mutex> lock(mu);
      while (inFlight < o.window && launched < launchEnd) {
        go.push_back(clients[launched++].get());
        ++inFlight;
      }
    }
    for (Client* c : go) asio::post(c->io, [c] { c->start(); });
  }

  // A client's setup ended: logged in (token), ready to log in (password), or failed.
  void setupDone(Client& c, bool ok) {
    {
      std::lock_guard<std::mutex> lock(mu);
      --inFlight;
      if (!ok)
        ++failed;
      else if (c.method == net::LoginMethod::Token) {
        ++loggedIn;
        loginMillis.push_back(
            std::chrono::duration<double, std::milli>(Clock::now() - c.loginSent).count());
      } else
        ++ready;
    }
    cv.notify_all();
    launchMore();
  }

  void loginDone(Client& c, bool ok) {
    {
      std::lock_guard<std::mutex> lock(mu);
      if (ok) {
        ++loggedIn;
        loginMillis.push_back(
            std::chrono::duration<double, std::milli>(Clock::now() - c.loginSent).count());
      } else {
        ++failed;
      }
    }
    cv.notify_all();
  }

  void clientFailed() {
    {
      std::lock_guard<std::mutex> lock(mu);
      ++dropped;
    }
    cv.notify_all();
  }

  // Waits until `done` holds (under the lock) or `limit` passed; false on timeout.
  template <class Pred>
  bool waitFor(Pred done, std::chrono::seconds limit) {
    std::unique_lock<std::mutex> lock(mu);
    return cv.wait_for(lock, limit, [&] { return done(); });
  }

  // A live node for client `index` (failover): the live nodes take a killed node's clients in
  // turn, as HAProxy spreads them by their addresses.
  int liveNode(int index) const {
    std::vector<int> live;
    for (std::size_t k = 0; k < nodes.size(); ++k)
      if (!nodes[k]->dead) live.push_back(static_cast<int>(k));
    return live.empty() ? 0 : live[static_cast<std::size_t>(index) % live.size()];
  }

  void prepareAccounts(int count, int tokens, std::vector<std::string>& tokenOut);
  void startNode(Node& node);
  void stopNodes();
};

void Client::start() {
  auto sock = std::make_shared<tcp::socket>(io);
  const Node& n = *b.nodes[static_cast<std::size_t>(node)];
  const int gen = generation;
  sock->async_connect(n.endpoint, [this, sock, gen, port = n.port](error_code ec) {
    if (gen != generation) return;
    if (ec) return fail("connect: " + ec.message());
    net::tls::asyncClientHandshake(
        b.tls, std::move(*sock),
        net::tls::hostPortKey("127.0.0.1", static_cast<std::uint16_t>(port)),
        net::tls::KnownServers(b.pinFile), 20s, [this, gen](net::tls::Result r) {
          if (gen != generation) return;
          if (!r.session) return fail("TLS: " + net::tls::describe(r, b.pinFile));
          session = std::move(r.session);
          session->start(
              [this, gen](net::Message m) {
                if (gen == generation) onMessage(m);
              },
              [this, gen](const std::string& reason, net::DecodeError) {
                if (gen == generation) onClosed(reason);
              });
          // As a program's would, its beats come at a phase of their own (net/cadence.h).
          heartbeatTimer.expires_after(net::beatPhase(static_cast<std::uint64_t>(index) + 1,
                                                      std::chrono::milliseconds(b.o.heartbeat)));
          tickHeartbeat();
        });
  });
}

void Client::tickHeartbeat() {
  heartbeatTimer.async_wait([this](error_code ec) {
    if (ec || finished || !session) return;
    session->send(net::Heartbeat{});
    heartbeatTimer.expires_at(net::nextBeat(
        heartbeatTimer.expiry(), std::chrono::milliseconds(b.o.heartbeat), Clock::now()));
    tickHeartbeat();
  });
}

void Client::sendLogin() {
  loginSent = Clock::now();
  // The protocol minor of today's client: a game found with a clock needs 3 or more.
  session->send(net::Login{method, name, secret, net::kProtocolMinor});
}

void Client::fail(const std::string& why) {
  if (finished) return;
  if (b.failoverArmed && loggedIn && !b.stopping) return dropped(why);
  finished = true;
  heartbeatTimer.cancel();
  moveTimer.cancel();
  if (session) session->abort();
  if (b.stopping) return;
  b.error(name + ": " + why);
  if (!welcomed || (method == net::LoginMethod::Token && !loggedIn))
    b.setupDone(*this, false);
  else if (!loggedIn)
    b.loginDone(*this, false);
  else
    b.clientFailed();
}

void Client::onClosed(const std::string& reason) {
  fail("connection closed: " + reason);
}

// Failover: the connection ended (its node was killed, or its node closed it because the game's
// node was gone) or a reconnection attempt failed (the account is still held by the dead node
// until its lease runs out): try again in a moment, on another node when its own is dead, as
// the real client does (src/net/online.cpp: log in again by token, then RESUME the game).
void Client::dropped(const std::string& why) {
  ++generation;
  heartbeatTimer.cancel();
  moveTimer.cancel();
  if (session) session->abort();
  welcomed = false;
  if (match && match->phase() != net::MatchPhase::Closed &&
      match->phase() != net::MatchPhase::Suspended)
    match->connectionLost(why, true);
  if (match && droppedAt == 0) {
    droppedAt = Clock::now().time_since_epoch().count();
    awaitingResume = true;
    b.pendingResumes.fetch_add(1);
    b.lastDrop.store(droppedAt);
  }
  if (b.nodes[static_cast<std::size_t>(node)]->dead) node = b.liveNode(index);
  // As the real client: at once, then every 2 s (OnlineOptions::reconnectInterval).
  retryTimer.expires_after(attempts++ == 0 ? 0ms : 2000ms);
  retryTimer.async_wait([this](error_code ec) {
    if (!ec && !finished && !b.stopping) start();
  });
}

void Client::resumed() {
  if (!awaitingResume) return;
  awaitingResume = false;
  resumedAt = Clock::now().time_since_epoch().count();
  b.pendingResumes.fetch_sub(1);
  b.cv.notify_all();
}

void Client::onMessage(const net::Message& m) {
  if (finished) return;
  if (std::holds_alternative<net::Heartbeat>(m)) return;
  if (std::holds_alternative<net::Welcome>(m)) {
    if (welcomed) return;
    welcomed = true;
    if (method == net::LoginMethod::Token)
      sendLogin();
    else
      b.setupDone(*this, true);  // password logins are sent all at once later
    return;
  }
  if (auto* r = std::get_if<net::LoginResult>(&m)) {
    if (r->status != net::LoginStatus::Ok)
      return fail("login refused: status " + std::to_string(static_cast<int>(r->status)) + " " +
                  r->detail);
    if (!r->token.empty() && method == net::LoginMethod::Token) secret = r->token;
    attempts = 0;
    if (loggedIn) {  // a reconnection (failover): MATCHED with the resume token follows
      if (!match || match->phase() != net::MatchPhase::Suspended) resumed();
      return;
    }
    loggedIn = true;
    if (method == net::LoginMethod::Token)
      b.setupDone(*this, true);
    else
      b.loginDone(*this, true);
    return;
  }
  if (auto* rc = std::get_if<net::RoomCreated>(&m)) {
    if (Client* j = joiner)
      asio::post(j->io, [j, code = rc->code] { j->session->send(net::RoomJoin{code, false}); });
    return;
  }
  if (auto* live = std::get_if<net::LiveGames>(&m)) {
    if (!watcher || live->games.empty()) return fail("no game in progress to watch");
    // The most watched game (all watchers pick the same); its players' slot times its moves.
    const net::LiveGame& g = live->games.front();
    for (auto& c : b.clients)
      if (c->name == g.black || c->name == g.white) slot = c->slot;
    session->send(net::WatchGame{g.id});
    return;
  }
  if (auto* v = std::get_if<net::View>(&m)) {
    ++views;
    const int n = static_cast<int>(v->game.moves.size());
    if (slot && n > 0 && slot->sentPly.load(std::memory_order_acquire) == n - 1 && b.measuring) {
      auto sent = Clock::time_point(Clock::duration(slot->sentAt.load(std::memory_order_relaxed)));
      auto us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - sent);
      viewLatency.push_back(static_cast<std::uint32_t>(std::max<std::int64_t>(0, us.count())));
    }
    return;
  }
  if (watcher && static_cast<int>(net::typeOf(m)) < 64) return;  // WATCH_CHAT, WATCHERS
  if (auto* d = std::get_if<net::Denied>(&m))
    return fail("denied: request " + std::to_string(static_cast<int>(d->request)) + ": " +
                d->detail);
  if (auto* mt = std::get_if<net::Matched>(&m)) {
    // After a reconnection the server offers the suspended game back (as src/net/online.cpp).
    if (mt->resumeToken != 0 && match && match->phase() == net::MatchPhase::Suspended &&
        match->token() == mt->resumeToken) {
      match->reconnected();  // RESUME; SYNC takes the match up again
      return;
    }
    net::MatchSettings s;
    s.role = net::Role::Joiner;
    s.nickname = name;
    s.resumable = true;
    s.resumeToken = mt->resumeToken;
    s.serverKeepsTime = true;
    match.emplace(
        s,
        [this](const net::Message& out) {
          if (auto* mv = std::get_if<net::Move>(&out); mv && slot) {
            slot->sentAt.store(Clock::now().time_since_epoch().count(), std::memory_order_relaxed);
            slot->sentPly.store(mv->ply, std::memory_order_release);
          }
          if (session) session->send(out);
        },
        [] {}, [this](net::MatchEvent e) { onMatchEvent(e); });
    match->connected();
    return;
  }
  if (auto* mv = std::get_if<net::Move>(&m)) {
    if (slot && slot->sentPly.load(std::memory_order_acquire) == mv->ply && b.measuring) {
      auto sent = Clock::time_point(Clock::duration(slot->sentAt.load(std::memory_order_relaxed)));
      auto us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - sent);
      const auto v = static_cast<std::uint32_t>(std::max<std::int64_t>(0, us.count()));
      (b.passwordWindow ? latencyLogins : cross ? latencyCross : latency).push_back(v);
      if (v > 10000)
        slow.emplace_back(
            static_cast<std::uint32_t>(
                std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - b.playStart)
                    .count()),
            v);
    }
  }
  if (static_cast<int>(net::typeOf(m)) < 64 && match) {
    match->receive(m);
    return;
  }
  if (std::holds_alternative<net::Error>(m) || std::holds_alternative<net::Bye>(m))
    return fail("the server ended the connection");
  // Stats, Players, Top, GameResult...: nothing to do.
}

void Client::think(std::function<void()> then) {
  int mean = b.o.moveInterval;
  if (mean <= 0) {
    asio::post(io, std::move(then));
    return;
  }
  std::uniform_int_distribution<int> d(mean / 2, mean + mean / 2);
  moveTimer.expires_after(std::chrono::milliseconds(d(rng)));
  moveTimer.async_wait([then = std::move(then)](error_code ec) {
    if (!ec) then();
  });
}

void Client::maybeMove() {
  if (!match || finished) return;
  const auto& g = match->game();
  if (match->phase() != net::MatchPhase::Playing || g.over() || g.toMove() != match->localColor())
    return;
  think([this] {
    if (!match || finished || match->phase() != net::MatchPhase::Playing) return;
    const auto& game = match->game();
    if (game.over() || game.toMove() != match->localColor()) return;
    const auto& board = game.board();
    int n = board.size();
    std::vector<gomoku::Point> empty;
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x)
        if (board.at({x, y}) == gomoku::Stone::Empty) empty.push_back({x, y});
    std::shuffle(empty.begin(), empty.end(), rng);
    for (gomoku::Point p : empty)
      if (match->playLocal(p) == gomoku::MoveError::None) return;
    fail("no legal move found");
  });
}

void Client::onMatchEvent(net::MatchEvent e) {
  switch (e) {
    case net::MatchEvent::Resumed:
      resumed();
      maybeMove();
      break;
    case net::MatchEvent::Started:
      resumed();  // a game resumed by a new Match (the old one had closed)
      if (!started) {
        started = true;
        b.gamesStarted.fetch_add(1);
        b.cv.notify_all();
      }
      maybeMove();
      break;
    case net::MatchEvent::Moved:
      maybeMove();
      break;
    case net::MatchEvent::GameOver:
      ++gamesOver;
      think([this] {
        if (match && !finished && match->phase() == net::MatchPhase::Finished)
          (void)match->playAgain(true);
      });
      break;
    case net::MatchEvent::Closed:
      if (!b.stopping) fail("the match closed: " + match->closeReason());
      break;
    default:
      break;
  }
}

void Bench::prepareAccounts(int count, int tokens, std::vector<std::string>& tokenOut) {
  auto t0 = Clock::now();
  auto storage = srv::openStorage(db);
  std::string hash = srv::hashPassword(kPassword);
  std::int64_t expires = std::chrono::duration_cast<std::chrono::seconds>(
                             std::chrono::system_clock::now().time_since_epoch())
                             .count() +
                         7 * 24 * 3600;
  for (int i = 0; i < count; ++i) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "bench%05d", i);
    std::string name = buf, key = srv::nameKey(name);
    auto account = storage->createAccount(name, key, hash, 1000);
    std::int64_t id = account ? account->id : 0;
    if (!account) {
      auto found = storage->accountByKey(key);  // a database used before
      if (!found) throw std::runtime_error("cannot create or find account " + name);
      id = found->first.id;
    }
    if (i < tokens) {
      std::string token = srv::newToken();
      storage->addToken(id, srv::tokenDigest(token), expires);
      tokenOut.push_back(token);
    }
  }
  std::printf("accounts: %d made in the database (%d with a session token) in %.1f s\n", count,
              tokens, seconds(Clock::now() - t0));
}

void Bench::startNode(Node& node) {
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
  std::filesystem::path data = tmp / (node.id.empty() ? "data" : "data-" + node.id);
  std::filesystem::create_directories(data);
  std::vector<std::string> args = {o.server,
                                   "--listen",
                                   "127.0.0.1",
                                   "--port",
                                   "0",
                                   "--db",
                                   db,
                                   "--max-connections-per-address",
                                   std::to_string(o.connections + o.passwordLogins + 10),
                                   "--max-messages-per-second",
                                   "1000"};
  if (o.serverThreads > 0) {
    args.push_back("--threads");
    args.push_back(std::to_string(o.serverThreads));
  }
  if (!node.id.empty()) {
    // By default a lease of 5 s as the end-to-end tests use: long enough for a loaded machine,
    // short enough that a killed node's players wait little. No web port: three would collide.
    const std::string lease = std::to_string(o.nodeLease);
    for (const char* a :
         {"--redis", o.redis.c_str(), "--node-id", node.id.c_str(), "--node-lease", lease.c_str(),
          "--no-web", "--cert", certPath.c_str(), "--key", keyPath.c_str()})
      args.emplace_back(a);
  }
  std::string xdg = "XDG_DATA_HOME=" + data.string();
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e)
    if (std::strncmp(*e, "XDG_DATA_HOME=", 14) != 0) env.emplace_back(*e);
  env.push_back(xdg);
  std::vector<char*> argv, envp;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  for (auto& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);
  pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    dup2(fds[1], 2);
    close(fds[0]);
    close(fds[1]);
    execve(argv[0], argv.data(), envp.data());
    std::fprintf(stderr, "cannot run %s: %s\n", argv[0], std::strerror(errno));
    _exit(127);
  }
  close(fds[1]);
  node.pid = pid;
  node.owned = true;
  auto portPromise = std::make_shared<std::promise<int>>();
  auto portFuture = portPromise->get_future();
  node.logPath = (tmp / (node.id.empty() ? "server.log" : node.id + ".log")).string();
  node.logReader = std::thread([fd = fds[0], portPromise, logPath = node.logPath] {
    std::FILE* in = fdopen(fd, "r");
    std::ofstream log(logPath);
    bool told = false;
    char* line = nullptr;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, in)) > 0) {
      std::string s(line, static_cast<std::size_t>(len));
      log << s;
      if (!told) {
        auto at = s.find("listening on port ");
        if (at != std::string::npos) {
          told = true;
          portPromise->set_value(std::atoi(s.c_str() + at + 18));
        }
        if (s.find("open files") != std::string::npos || s.find("gomoku-server:") == 0)
          std::printf("server: %s", s.c_str());
      }
    }
    std::free(line);
    std::fclose(in);
    if (!told) portPromise->set_value(0);
  });
  if (portFuture.wait_for(60s) != std::future_status::ready || (node.port = portFuture.get()) == 0)
    throw std::runtime_error("the server did not start; its log: " + node.logPath);
}

void Bench::stopNodes() {
  for (auto& n : nodes)
    if (n->owned && !n->dead) kill(n->pid, SIGTERM);
  auto until = Clock::now() + 30s;
  for (auto& n : nodes) {
    if (!n->owned) continue;
    int status = 0;
    while (!n->dead && waitpid(n->pid, &status, WNOHANG) == 0) {
      if (Clock::now() > until) {
        std::printf("%s did not stop within 30 s: killed\n",
                    n->id.empty() ? "the server" : n->id.c_str());
        kill(n->pid, SIGKILL);
        waitpid(n->pid, &status, 0);
        break;
      }
      std::this_thread::sleep_for(50ms);
    }
    if (n->logReader.joinable()) n->logReader.join();
    n->owned = false;
  }
}

struct Percentiles {
  std::size_t count = 0;
  double p50 = 0, p90 = 0, p99 = 0, p999 = 0, max = 0;  // ms
};

Percentiles percentiles(std::vector<std::uint32_t> v) {
  Percentiles p;
  p.count = v.size();
  if (v.empty()) return p;
  std::sort(v.begin(), v.end());
  auto at = [&](double q) {
    std::size_t i = static_cast<std::size_t>(q * static_cast<double>(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)] / 1000.0;
  };
  p.p50 = at(0.50);
  p.p90 = at(0.90);
  p.p99 = at(0.99);
  p.p999 = at(0.999);
  p.max = v.back() / 1000.0;
  return p;
}

void printLatency(const char* what, const Percentiles& p) {
  std::printf("%s: %zu moves, p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, p99.9 %.2f ms, max %.2f ms\n",
              what, p.count, p.p50, p.p90, p.p99, p.p999, p.max);
}

int run(Options o) {
  Bench b;
  b.o = o;
  rlim_t files = raiseFileLimit();
  std::printf(
      "bench_server: %d connections, %d games, %d s of play, moves every ~%d ms per "
      "player, %d password logins; open files limit %llu\n",
      o.connections, o.games, o.seconds, o.moveInterval, o.passwordLogins,
      static_cast<unsigned long long>(files));
  if (files < static_cast<rlim_t>(o.connections + o.passwordLogins + 100))
    std::printf(
        "warning: the open files limit is too low for this many connections "
        "(raise it: ulimit -n)\n");

  char tmpl[] = "/tmp/bench_server.XXXXXX";
  if (!mkdtemp(tmpl)) throw std::runtime_error("cannot make a temporary folder");
  b.tmp = tmpl;
  b.pinFile = (b.tmp / "known_servers").string();
  b.db = o.db.empty() ? (b.tmp / "data" / "gomoku-server" / "server.db").string() : o.db;
  if (o.db.empty() && o.port) {
    std::fprintf(stderr, "bench_server: attached (--port) it needs the server's --db\n");
    return 2;
  }
  std::printf("database: %s\n", b.db.rfind("postgres", 0) == 0 ? "PostgreSQL" : "SQLite");

  const int total = o.connections + o.passwordLogins;
  std::vector<std::string> tokens;
  b.prepareAccounts(total, o.connections, tokens);

  const int nodeCount = std::max(o.nodes, 1);
  if (o.nodes > 0) {
    // One certificate for all nodes, as behind HAProxy (README.md, Several nodes).
    auto paths = net::tls::ensureSelfSigned((b.tmp / "cert").string());
    b.certPath = paths.cert;
    b.keyPath = paths.key;
  }
  for (int k = 0; k < nodeCount; ++k) {
    b.nodes.push_back(std::make_unique<Node>());
    Node& n = *b.nodes.back();
    if (o.nodes > 0) n.id = "n" + std::to_string(k + 1);
    if (!o.server.empty()) {
      b.startNode(n);
      std::printf("%s: pid %d, port %d, log %s\n", n.id.empty() ? "server" : n.id.c_str(), n.pid,
                  n.port, n.logPath.c_str());
    } else {
      n.port = o.port;
      n.pid = o.pid;
    }
    n.endpoint =
        tcp::endpoint(asio::ip::make_address("127.0.0.1"), static_cast<std::uint16_t>(n.port));
  }
  auto eachNode = [&](const std::function<void(Node&)>& f) {
    for (auto& n : b.nodes)
      if (n->pid && !n->dead) f(*n);
  };
  std::this_thread::sleep_for(500ms);
  eachNode([](Node& n) { n.rssStart = statusKb(n.pid, "VmRSS"); });

  // Which node each connection uses, and which games are across nodes: with several nodes
  // every third game is (Find game pairs its two players, on two nodes); the others are rooms
  // with both players on one node. The nodes take games and connections in turn.
  std::vector<int> nodeOf(static_cast<std::size_t>(total));
  std::vector<bool> crossOf(static_cast<std::size_t>(total), false);
  for (int i = 0; i < total; ++i) nodeOf[static_cast<std::size_t>(i)] = i % nodeCount;
  int withinGames = 0, crossGames = 0;
  for (int g = 0; g < o.games; ++g) {
    auto creator = static_cast<std::size_t>(2 * g), joiner = creator + 1;
    if (nodeCount > 1 && g % 3 == 2) {
      nodeOf[creator] = crossGames % nodeCount;
      nodeOf[joiner] = (crossGames + 1) % nodeCount;
      crossOf[creator] = crossOf[joiner] = true;
      ++crossGames;
    } else {
      nodeOf[creator] = nodeOf[joiner] = withinGames % nodeCount;
      ++withinGames;
    }
  }

  for (int i = 0; i < o.threads; ++i) b.ios.push_back(std::make_unique<asio::io_context>(1));
  for (auto& io : b.ios) b.work.emplace_back(io->get_executor());
  for (auto& io : b.ios) b.threads.emplace_back([&io] { io->run(); });
  std::mt19937 seeds(12345);
  for (int i = 0; i < total; ++i) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "bench%05d", i);
    bool token = i < o.connections;
    b.clients.push_back(std::make_unique<Client>(
        b, i, nodeOf[static_cast<std::size_t>(i)],
        *b.ios[static_cast<std::size_t>(i) % b.ios.size()], buf,
        token ? net::LoginMethod::Token : net::LoginMethod::Password,
        token ? tokens[static_cast<std::size_t>(i)] : std::string(kPassword), seeds()));
    b.clients.back()->cross = crossOf[static_cast<std::size_t>(i)];
  }

  int exitCode = 0;
  auto problem = [&](const std::string& what) {
    std::printf("PROBLEM: %s\n", what.c_str());
    exitCode = 1;
  };

  // --- 1. N connections logged in by token ---
  auto t0 = Clock::now();
  {
    std::lock_guard<std::mutex> lock(b.mu);
    b.launchEnd = o.connections;
  }
  b.launchMore();
  bool allIn = b.waitFor([&] { return b.loggedIn + b.failed >= o.connections; },
                         std::chrono::seconds(120 + o.connections / 20));
  double connectSecs = seconds(Clock::now() - t0);
  int tokenLogins, tokenFailed;
  std::vector<double> tokenMillis;
  {
    std::lock_guard<std::mutex> lock(b.mu);
    tokenLogins = b.loggedIn;
    tokenFailed = b.failed;
    tokenMillis = b.loginMillis;
    b.loginMillis.clear();
  }
  std::sort(tokenMillis.begin(), tokenMillis.end());
  std::printf(
      "connect + TLS + token login: %d of %d in %.1f s (%.0f per second, %d at once); "
      "login answer p50 %.1f ms, max %.1f ms\n",
      tokenLogins, o.connections, connectSecs, tokenLogins / connectSecs, o.window,
      tokenMillis.empty() ? 0.0 : tokenMillis[tokenMillis.size() / 2],
      tokenMillis.empty() ? 0.0 : tokenMillis.back());
  if (!allIn || tokenFailed)
    problem(std::to_string(tokenFailed) + " connections failed" + (allIn ? "" : " (timed out)"));

  // --- 2. memory idle ---
  auto redisIdle0 = o.nodes > 0 ? redisInfo(o.redis) : std::map<std::string, std::string>{};
  auto idle0 = Clock::now();
  std::this_thread::sleep_for(3s);
  if (o.nodes > 0)
    printRedisLoad("with the connections idle", redisIdle0, redisInfo(o.redis),
                   seconds(Clock::now() - idle0));
  eachNode([&](Node& n) {
    n.rssIdle = n.rssMax = statusKb(n.pid, "VmRSS");
    const int here = tokenLogins / nodeCount;  // about: the connections are spread evenly
    std::printf(
        "%s memory: %s at start, %s with %d idle connections: %.1f kB per idle "
        "connection\n",
        n.id.empty() ? "server" : n.id.c_str(), mb(n.rssStart).c_str(), mb(n.rssIdle).c_str(), here,
        here ? static_cast<double>(n.rssIdle - n.rssStart) / here : 0.0);
  });

  // --- 3. M games: private rooms within a node, Find game across nodes ---
  for (int g = 0; g < o.games; ++g) {
    b.slots.push_back(std::make_unique<GameSlot>());
    Client* creator = b.clients[static_cast<std::size_t>(2 * g)].get();
    Client* joiner = b.clients[static_cast<std::size_t>(2 * g + 1)].get();
    creator->slot = joiner->slot = b.slots.back().get();
    creator->joiner = joiner;
  }
  t0 = Clock::now();
  for (int g = 0; g < o.games; ++g) {
    Client* creator = b.clients[static_cast<std::size_t>(2 * g)].get();
    if (creator->cross) {
      // Rooms do not reach across nodes; Find game does. The matchmaker pairs only seekers
      // of equal settings, so a time control of its own per game (60 minutes, nobody flags,
      // plus a distinct increment) makes these two each other's only match. Rated.
      net::Find f;
      f.clock = gomoku::TimeControl{gomoku::ClockKind::Fischer, 3600 * 1000, 1000 + g, 0};
      for (Client* c : {creator, b.clients[static_cast<std::size_t>(2 * g + 1)].get()})
        asio::post(c->io, [c, f] {
          if (!c->finished) c->session->send(f);
        });
      continue;
    }
    asio::post(creator->io, [creator] {
      if (creator->finished) return;
      net::RoomSettings s;  // freestyle 15x15, the creator Black, unrated
      creator->session->send(net::RoomCreate{s});
    });
  }
  bool allStarted = b.waitFor([&] { return b.gamesStarted >= 2 * o.games || b.dropped > 0; },
                              std::chrono::seconds(60 + o.games / 20));
  std::printf("games: %d of %d started in %.1f s", b.gamesStarted.load() / 2, o.games,
              seconds(Clock::now() - t0));
  if (nodeCount > 1) std::printf(" (%d within a node, %d across nodes)", withinGames, crossGames);
  std::printf("\n");
  if (!allStarted) problem("not every game started");
  // --- 3b. watchers of one game ---
  for (int w = 0; w < o.watchers; ++w) {
    Client* c = b.clients[static_cast<std::size_t>(2 * o.games + w)].get();
    c->watcher = true;
    asio::post(c->io, [c] {
      if (!c->finished) c->session->send(net::LiveRequest{});
    });
  }

  // --- 4. play, with password logins in the middle ---
  eachNode([](Node& n) { n.cpu0 = cpuSeconds(n.pid); });
  double self0 = cpuSeconds(static_cast<int>(getpid()));
  auto machine0 = machineCpu();
  auto redis0 = o.nodes > 0 ? redisInfo(o.redis) : std::map<std::string, std::string>{};
  auto sample = [&] {
    eachNode([](Node& n) { n.rssMax = std::max(n.rssMax, statusKb(n.pid, "VmRSS")); });
  };
  b.playStart = Clock::now();
  b.measuring = true;
  auto playStart = b.playStart;
  auto playEnd = playStart + std::chrono::seconds(o.seconds);
  auto sleepUntil = [&](Clock::time_point t) {
    while (Clock::now() < t) {
      std::this_thread::sleep_for(std::min<Clock::duration>(1s, t - Clock::now()));
      sample();
    }
  };
  sleepUntil(playStart + std::chrono::seconds(o.seconds / 3));

  double loginsPerSecond = 0;
  double passwordSecs = 0;
  std::vector<double> passwordMillis;
  if (o.passwordLogins > 0) {
    {
      std::lock_guard<std::mutex> lock(b.mu);
      b.ready = b.loggedIn = b.failed = 0;
      b.launchEnd = total;
    }
    b.launchMore();
    bool allReady = b.waitFor([&] { return b.ready + b.failed >= o.passwordLogins; }, 120s);
    int ready;
    {
      std::lock_guard<std::mutex> lock(b.mu);
      ready = b.ready;
    }
    if (!allReady || ready < o.passwordLogins) problem("password-login connections failed");
    b.passwordWindow = true;
    auto p0 = Clock::now();
    for (int i = o.connections; i < total; ++i) {
      Client* c = b.clients[static_cast<std::size_t>(i)].get();
      asio::post(c->io, [c] {
        if (!c->finished) c->sendLogin();
      });
    }
    bool allIn2 = b.waitFor([&] { return b.loggedIn + b.failed >= ready; },
                            std::chrono::seconds(60 + 5 * o.passwordLogins));
    passwordSecs = seconds(Clock::now() - p0);
    b.passwordWindow = false;
    int ok;
    {
      std::lock_guard<std::mutex> lock(b.mu);
      ok = b.loggedIn;
      passwordMillis = b.loginMillis;
    }
    std::sort(passwordMillis.begin(), passwordMillis.end());
    loginsPerSecond = ok / passwordSecs;
    std::printf(
        "password logins (argon2id): %d of %d in %.1f s: %.1f per second; answer p50 "
        "%.0f ms, max %.0f ms\n",
        ok, o.passwordLogins, passwordSecs, loginsPerSecond,
        passwordMillis.empty() ? 0.0 : passwordMillis[passwordMillis.size() / 2],
        passwordMillis.empty() ? 0.0 : passwordMillis.back());
    if (!allIn2 || ok < o.passwordLogins) problem("not every password login went through");
    sample();
  }
  sleepUntil(std::max(playEnd, Clock::now()));
  b.measuring = false;
  double playSecs = seconds(Clock::now() - playStart);
  eachNode([](Node& n) {
    n.cpu1 = cpuSeconds(n.pid);
    n.hwm = statusKb(n.pid, "VmHWM");
    n.rssEnd = statusKb(n.pid, "VmRSS");
  });
  double self1 = cpuSeconds(static_cast<int>(getpid()));
  auto machine1 = machineCpu();
  auto redis1 = o.nodes > 0 ? redisInfo(o.redis) : std::map<std::string, std::string>{};
  int failedDuringPlay;
  {
    std::lock_guard<std::mutex> lock(b.mu);
    failedDuringPlay = b.dropped;
  }

  // --- 4b. failover: kill -9 the last node mid-play; every game with a player there must go
  // on. Its own players reconnect to the next node (refused until its lease of 5 s has run
  // out); the players elsewhere whose game it ran are closed by their node once the lease is
  // gone, reconnect and resume too. Timed: from the kill until both players of every such game
  // are back in it.
  Clock::time_point killAt;
  bool failoverDone = false;
  if (o.failover) {
    Node& victim = *b.nodes.back();
    b.failoverArmed = true;
    victim.dead = true;  // its clients go straight to the next node
    killAt = Clock::now();
    kill(victim.pid, SIGKILL);
    int status = 0;
    waitpid(victim.pid, &status, 0);
    std::printf("failover: %s (pid %d) killed with SIGKILL\n", victim.id.c_str(), victim.pid);
    // Done when nobody waits for a resume and no new drop came for a while: the other nodes'
    // players of the dead node's games are dropped only after the lease (5 s) has run out.
    while (!failoverDone && Clock::now() - killAt < 120s) {
      std::this_thread::sleep_for(500ms);
      auto last = Clock::time_point(Clock::duration(b.lastDrop.load()));
      failoverDone =
          b.pendingResumes.load() == 0 && Clock::now() - killAt > 15s && Clock::now() - last > 8s;
    }
  }

  // --- 5. stop ---
  b.stopping = true;
  for (auto& c : b.clients) {
    Client* p = c.get();
    asio::post(p->io, [p] {
      p->finished = true;
      p->heartbeatTimer.cancel();
      p->moveTimer.cancel();
      p->retryTimer.cancel();
      if (p->session) p->session->abort();
    });
  }
  std::this_thread::sleep_for(300ms);
  b.stopNodes();
  b.work.clear();
  for (auto& io : b.ios) io->stop();
  for (auto& t : b.threads) t.join();

  std::vector<std::uint32_t> all, during, crossed;
  std::uint64_t gamesOver = 0;
  for (auto& c : b.clients) {
    all.insert(all.end(), c->latency.begin(), c->latency.end());
    crossed.insert(crossed.end(), c->latencyCross.begin(), c->latencyCross.end());
    during.insert(during.end(), c->latencyLogins.begin(), c->latencyLogins.end());
    gamesOver += c->gamesOver;
  }
  std::size_t moves = all.size() + crossed.size() + during.size();
  std::printf(
      "play: %.1f s, %zu moves relayed (%.0f per second), %llu games finished "
      "(played again after each)\n",
      playSecs, moves, static_cast<double>(moves) / playSecs,
      static_cast<unsigned long long>(gamesOver / 2));
  std::vector<std::uint32_t> both = all;
  both.insert(both.end(), crossed.begin(), crossed.end());
  both.insert(both.end(), during.begin(), during.end());
  printLatency("move relayed, whole play", percentiles(both));
  if (nodeCount > 1) {
    printLatency("  within a node (rooms)", percentiles(all));
    printLatency("  across nodes (Find game)", percentiles(crossed));
  }
  {
    // The slow moves by 100 ms window: a few crowded windows mean stalls, many thin ones queues.
    std::map<std::uint32_t, std::pair<int, std::uint32_t>> windows;  // window -> count, max µs
    std::size_t slowMoves = 0;
    for (auto& c : b.clients)
      for (auto [at, us] : c->slow) {
        auto& w = windows[at / 100];
        ++w.first;
        w.second = std::max(w.second, us);
        ++slowMoves;
      }
    std::vector<std::pair<std::uint32_t, std::pair<int, std::uint32_t>>> worst(windows.begin(),
                                                                               windows.end());
    std::sort(worst.begin(), worst.end(),
              [](const auto& x, const auto& y) { return x.second.first > y.second.first; });
    if (worst.size() > 12) worst.resize(12);
    std::printf("moves over 10 ms: %zu, in %zu windows of 100 ms; the most crowded:", slowMoves,
                windows.size());
    for (auto& [w, cm] : worst)
      std::printf(" %.1fs:%d(max %.0fms)", w / 10.0, cm.first, cm.second / 1000.0);
    std::printf("\n");
    if (o.timeline) {
      std::printf("slow moves by window:");
      for (auto& [w, cm] : windows)
        if (cm.first >= 10) std::printf(" %.1f:%d", w / 10.0, cm.first);
      std::printf("\n");
    }
  }
  if (o.watchers > 0) {
    std::vector<std::uint32_t> viewed;
    std::uint64_t views = 0;
    for (auto& c : b.clients) {
      viewed.insert(viewed.end(), c->viewLatency.begin(), c->viewLatency.end());
      views += c->views;
    }
    std::printf("watchers: %d watched one game, %llu VIEWs received\n", o.watchers,
                static_cast<unsigned long long>(views));
    printLatency("  a move's way into a watcher's VIEW (30 ms of gathering included)",
                 percentiles(viewed));
  }
  if (o.passwordLogins > 0) {
    std::vector<std::uint32_t> without = all;
    without.insert(without.end(), crossed.begin(), crossed.end());
    printLatency("  without password logins", percentiles(without));
  }
  if (o.passwordLogins > 0) printLatency("  during password logins", percentiles(during));
  for (auto& np : b.nodes) {
    Node& n = *np;
    if (!n.pid) continue;
    const char* who = n.id.empty() ? "server" : n.id.c_str();
    std::printf(
        "%s memory: %s before play, up to %s during play (sampled each second), "
        "%s at the end; peak (VmHWM) %s\n",
        who, mb(n.rssIdle).c_str(), mb(n.rssMax).c_str(), mb(n.rssEnd).c_str(), mb(n.hwm).c_str());
    std::printf("%s CPU during play: %.0f %% of one core\n", who,
                100.0 * (n.cpu1 - n.cpu0) / playSecs);
  }
  if (o.nodes > 0) printRedisLoad("during play", redis0, redis1, playSecs);
  if (o.failover) {
    // A game counts when a player of it dropped after the kill; it is back when every player
    // of it that dropped has resumed it.
    std::vector<std::uint32_t> back;  // ms from the kill
    int affected = 0, stuck = 0, clientsDropped = 0;
    for (int g = 0; g < o.games; ++g) {
      Client* p = b.clients[static_cast<std::size_t>(2 * g)].get();
      Client* q = b.clients[static_cast<std::size_t>(2 * g + 1)].get();
      clientsDropped += (p->droppedAt != 0) + (q->droppedAt != 0);
      if (!p->droppedAt && !q->droppedAt) continue;
      ++affected;
      std::int64_t at = 0;
      bool ok = true;
      for (Client* c : {p, q}) {
        if (!c->droppedAt) continue;
        if (!c->resumedAt) ok = false;
        at = std::max(at, c->resumedAt);
      }
      if (!ok) {
        ++stuck;
        continue;
      }
      auto ms = std::chrono::duration_cast<std::chrono::microseconds>(
          Clock::time_point(Clock::duration(at)) - killAt);
      back.push_back(static_cast<std::uint32_t>(std::max<std::int64_t>(0, ms.count())));
    }
    Percentiles r = percentiles(back);
    std::printf(
        "failover: %d games had a player dropped (%d connections), %zu resumed, %d not%s; "
        "from the kill to the game resumed: p50 %.0f ms, p99 %.0f ms, all %.0f ms\n",
        affected, clientsDropped, back.size(), stuck, failoverDone ? "" : " (timed out)", r.p50,
        r.p99, r.max);
    if (stuck || !failoverDone) problem("not every game of the killed node resumed");
  }
  double busy = machine1.first - machine0.first, all2 = machine1.second - machine0.second;
  std::printf(
      "bench CPU during play: %.0f %% of one core; the machine (%u cores) was %.0f %% "
      "busy\n",
      100.0 * (self1 - self0) / playSecs, std::thread::hardware_concurrency(),
      all2 > 0 ? 100.0 * busy / all2 : 0.0);
  if (failedDuringPlay) problem(std::to_string(failedDuringPlay) + " logged-in connections failed");
  for (auto& e : b.errors) std::printf("  error: %s\n", e.c_str());

  b.clients.clear();  // their sessions before the io_contexts
  if (!o.keep)
    std::filesystem::remove_all(b.tmp);
  else
    std::printf("kept %s\n", b.tmp.string().c_str());
  return exitCode;
}

}  // namespace

int main(int argc, char** argv) {
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // progress shows when the output is a file
  auto o = parse(argc, argv);
  if (!o) return 2;
  try {
    return run(*o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_server: %s\n", e.what());
    return 1;
  }
}
