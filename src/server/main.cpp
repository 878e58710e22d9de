// gomoku-server: the online server (accounts, the hall, matchmaking, private rooms, the ladder,
// authoritative games). Runs with no arguments: port 6516 on all addresses for the programs,
// 6517 for browsers (the page and its WebSocket: web.h), an SQLite database
// in $XDG_DATA_HOME/gomoku-server/server.db. Options may also come from a config file (TOML or
// INI, read by CLI11): --config FILE. One log line per event on stderr; SIGINT/SIGTERM stop it
// cleanly (games running are written as interrupted).

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <memory>
#include <string>

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>
#include <CLI/CLI.hpp>

#include "gomoku/version.h"
#include "net/tls.h"
#include "net/wire.h"
#include "server/presence_redis.h"
#include "server/server.h"
#include "server/storage.h"

namespace {

// The browser client's files: installed beside the program (<prefix>/share/gomoku/web), else
// the build tree's copy (a server run from the build folder).
std::string defaultWebRoot() {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path installed = exe.parent_path().parent_path() / "share" / "gomoku" / "web";
    if (fs::is_regular_file(installed / "index.html", ec)) return installed.string();
  }
#ifdef GOMOKU_WEB_BUILD_DIR
  if (fs::is_regular_file(fs::path(GOMOKU_WEB_BUILD_DIR) / "index.html", ec))
    return GOMOKU_WEB_BUILD_DIR;
#endif
  return {};
}

}  // namespace

int main(int argc, char** argv) {
  using namespace gomoku::server;
  CLI::App app{"gomoku-server " + std::string(gomoku::kProgramVersion) +
               ": the online server for Gomoku (accounts, hall, matchmaking, ladder)"};
  app.set_version_flag("--version", std::string(gomoku::kProgramVersion));
  app.set_config("--config", "",
                 "Read options from FILE (TOML or INI: the long option names as keys, e.g. "
                 "port = 6516; an unknown key is an error)");
  app.allow_config_extras(false);

  ServerOptions o;
  std::string db;
  int resumeSeconds = 180;
  std::string ladder = "points";
  int waveMillis = 1000;
  int watchDelaySeconds = 0;
  app.add_option("--listen", o.listen, "Address to listen on (default: all, IPv6 and IPv4)");
  app.add_option("--port", o.port, "TCP port (0: any free port)")
      ->default_val(gomoku::net::kDefaultServerPort)
      ->check(CLI::Range(0, 65535));
  app.add_option("--db", db,
                 "Database: a file path for SQLite, or postgresql://user@host/db "
                 "(default: $XDG_DATA_HOME/gomoku-server/server.db)");
  app.add_option("--name", o.hall.serverName, "The server's name shown to players")
      ->default_val("Gomoku server");
  app.add_option("--resume-window", resumeSeconds,
                 "Seconds a dropped player may take to come back before losing the game")
      ->default_val(180)
      ->check(CLI::Range(1, 24 * 3600));
  app.add_option("--ladder", ladder, "Ladder: points (win +N, loss -M) or elo")
      ->default_val("points")
      ->check(CLI::IsMember({"points", "elo"}));
  app.add_option("--ladder-win", o.hall.ladder.win, "Points for a rated win")
      ->default_val(30)
      ->check(CLI::Range(0, 1000));
  app.add_option("--ladder-loss", o.hall.ladder.loss, "Points taken for a rated loss")
      ->default_val(30)
      ->check(CLI::Range(0, 1000));
  app.add_option("--initial-score", o.hall.initialScore, "A new account's score")
      ->default_val(1000);
  app.add_option("--max-connections-per-address", o.hall.maxConnectionsPerAddress,
                 "Connections one IP address may hold")
      ->default_val(20)
      ->check(CLI::Range(1, 100000));
  app.add_option("--max-messages-per-second", o.hall.maxMessagesPerSecond,
                 "Messages a connection may send per second (averaged over 5 s)")
      ->default_val(40)
      ->check(CLI::Range(1, 100000));
  app.add_option("--threads", o.ioThreads, "Connection threads (0: one per core)")
      ->default_val(0)
      ->check(CLI::Range(0, 256));
  app.add_option("--wave-interval", waveMillis, "Milliseconds between matchmaking waves")
      ->default_val(1000)
      ->check(CLI::Range(10, 60000));
  app.add_option("--watch-delay", watchDelaySeconds,
                 "Seconds watchers see a game later than its players (against help by relay)")
      ->default_val(0)
      ->check(CLI::Range(0, 3600));
  app.add_option("--max-watchers", o.hall.maxWatchersPerGame, "Watchers one game may have")
      ->default_val(5000)
      ->check(CLI::Range(0, 1000000));
  app.add_option("--cert", o.certPath,
                 "TLS certificate (PEM); default: a self-signed one made at first start in the "
                 "data folder")
      ->check(CLI::ExistingFile);
  app.add_option("--key", o.keyPath, "The certificate's private key (PEM)")
      ->check(CLI::ExistingFile);
  int webPort = -1;
  bool noWeb = false;
  app.add_option("--web-port", webPort,
                 "Port of the browser client: HTTPS, and plain HTTP from this machine "
                 "(default: --port + 1, i.e. 6517; 0: any free port)")
      ->check(CLI::Range(0, 65535));
  app.add_flag("--no-web", noWeb, "Serve no browser client");
  app.add_option("--web-root", o.webRoot,
                 "Folder of the browser client's files (default: the installed one)")
      ->check(CLI::ExistingDirectory);
  std::string redis;
  std::string nodeId;
  int nodeLeaseSeconds = 10;
  app.add_option("--redis", redis,
                 "Run as one node of a cluster: redis://[[user]:password@]host[:port][/db] (Redis "
                 "6.2+) keeps who is "
                 "signed in on which node (needs --db postgresql://..., shared by the nodes)");
  app.add_option("--node-id", nodeId,
                 "This node's name in the cluster (letters, digits, - _ .; default: the host "
                 "name and port)");
  app.add_option("--node-lease", nodeLeaseSeconds,
                 "Seconds after a node's last sign of life until its players may log in on "
                 "another node")
      ->default_val(10)
      ->check(CLI::Range(1, 3600));
  CLI11_PARSE(app, argc, argv);
  std::unique_ptr<Presence> presence;
  std::string redisShown;  // where Redis is, without its password
  if (!redis.empty()) {
    if (db.rfind("postgres", 0) != 0) {
      std::fprintf(stderr,
                   "gomoku-server: a cluster's nodes share one database: --redis needs "
                   "--db postgresql://...\n");
      return 2;
    }
    try {
      if (nodeId.empty()) {
        char host[256] = {};
        gethostname(host, sizeof host - 1);
        nodeId = std::string(host) + "-" + std::to_string(o.port);
      }
      RedisAddress where = parseRedisUrl(redis);
      redisShown = where.host + ":" + std::to_string(where.port) + "/" + std::to_string(where.db);
      // A store slower than a third of the lease (at most 2 s) counts as away.
      std::chrono::milliseconds lease = std::chrono::seconds(nodeLeaseSeconds);
      presence =
          redisPresence(where, nodeId, lease,
                        std::min<std::chrono::milliseconds>(std::chrono::seconds(2), lease / 3));
    } catch (const std::invalid_argument& e) {
      std::fprintf(stderr, "gomoku-server: --redis/--node-id: %s\n", e.what());
      return 2;
    }
    o.hall.nodeLease = std::chrono::seconds(nodeLeaseSeconds);
  } else if (!nodeId.empty()) {
    std::fprintf(stderr, "gomoku-server: --node-id goes with --redis\n");
    return 2;
  }
  if (noWeb)
    o.webPort = -1;
  else if (webPort >= 0)
    o.webPort = webPort;
  else
    o.webPort = o.port == 0 || o.port == 65535 ? 0 : o.port + 1;
  if (o.webPort >= 0 && o.webRoot.empty()) o.webRoot = defaultWebRoot();
  if (o.certPath.empty() != o.keyPath.empty()) {
    std::fprintf(stderr, "gomoku-server: --cert and --key go together\n");
    return 2;
  }
  o.hall.resumeWindow = std::chrono::seconds(resumeSeconds);
  o.hall.ladder.elo = ladder == "elo";
  o.hall.waveInterval = std::chrono::milliseconds(waveMillis);
  o.hall.watchDelay = std::chrono::seconds(watchDelaySeconds);

  auto logger = spdlog::stderr_logger_mt("gomoku-server");
  logger->set_pattern("%Y-%m-%dT%H:%M:%S.%e %v");
  logger->flush_on(spdlog::level::info);
  auto log = [logger](const std::string& line) { logger->info(line); };

  // Each connection is a file descriptor: the usual soft limit (1024) would refuse clients long
  // before the server is busy. Raise it to the hard limit, which only the administrator sets
  // (`ulimit -n`, or LimitNOFILE= in the systemd unit).
  if (rlimit files{}; getrlimit(RLIMIT_NOFILE, &files) == 0) {
    rlim_t before = files.rlim_cur;
    if (files.rlim_cur < files.rlim_max) {
      files.rlim_cur = files.rlim_max;
      if (setrlimit(RLIMIT_NOFILE, &files) != 0) files.rlim_cur = before;
    }
    log("open files limit " + std::to_string(files.rlim_cur) +
        (files.rlim_cur != before ? " (raised from " + std::to_string(before) + ")" : "") +
        ": about as many connections");
  }

  try {
    if (db.empty()) db = defaultDatabasePath();
    auto storage = openStorage(db);
    log("database " + (db.rfind("postgres", 0) == 0 ? std::string("PostgreSQL") : db) +
        ", schema version " + std::to_string(storage->schemaVersion()));
    if (o.certPath.empty()) {
      auto paths = gomoku::net::tls::ensureSelfSigned(
          std::filesystem::path(defaultDatabasePath()).parent_path().string());
      o.certPath = paths.cert;
      o.keyPath = paths.key;
    }
    log("TLS certificate " + o.certPath + ", SHA-256 fingerprint " +
        gomoku::net::tls::fingerprintOfFile(o.certPath));
    log("server \"" + o.hall.serverName + "\", ladder " +
        (o.hall.ladder.elo ? std::string("Elo (K 32, 16 after 30 games)")
                           : "+" + std::to_string(o.hall.ladder.win) + "/-" +
                                 std::to_string(o.hall.ladder.loss)) +
        ", resume window " + std::to_string(resumeSeconds) + " s");
    if (presence)
      log("cluster node " + presence->self() + ", presence in Redis at " + redisShown + ", lease " +
          std::to_string(nodeLeaseSeconds) + " s");
    Server server(o, std::move(storage), log, std::move(presence));
    server.run();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gomoku-server: %s\n", e.what());
    return 1;
  }
  return 0;
}
