#pragma once
/// @file gomoku-server's network side: the listening socket, one io_context per core for the
/// connections, one strand (a thread of its own) for the Hall and its games, and two lanes for
/// work that must not stall play: the database (one thread, jobs in order) and password
/// hashing. Every connection is TLS (1.2 or newer; a plaintext client is refused), or a
/// WebSocket of the browser client on the web port (web.h). Connections
/// send a HEARTBEAT every 2 s and are dropped after 10 s of silence, as a
/// P2P peer.

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "server/hall.h"
#include "server/presence.h"
#include "server/storage.h"

namespace gomoku::server {

/// What the server listens on and how it runs.
struct ServerOptions {
  std::string listen;         ///< address to bind; "" = all (IPv6 dual stack, else IPv4)
  std::uint16_t port = 6516;  ///< 0 = any free port (tests)
  int ioThreads = 0;          ///< connection threads; 0 = one per core
  std::chrono::milliseconds heartbeat{2000};          ///< a HEARTBEAT this often
  std::chrono::milliseconds silence{10000};           ///< a client silent so long is gone
  std::chrono::milliseconds handshakeTimeout{10000};  ///< TLS handshake limit
  std::string certPath;  ///< the TLS certificate (PEM); see net::tls::ensureSelfSigned
  std::string keyPath;   ///< its private key (PEM)
  int webPort = -1;      ///< the browser client's port (web.h); 0 = any free port, -1 = none
  std::string webRoot;   ///< the folder of the browser client's files; "" = none (404)
  HallConfig hall;       ///< the hall's settings
};

/// Why the server could not start.
struct ServerError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The running server. Construct, then run() on the main thread until stop() or a signal.
class Server {
 public:
  /// Opens the listening socket (throws ServerError, e.g. the port is in use) over `storage`.
  /// `log` receives one line per event (from several threads; it must be thread-safe). With
  /// `presence` the server is one node of a cluster (presence.h).
  Server(ServerOptions options, std::unique_ptr<Storage> storage,
         std::function<void(const std::string&)> log, std::unique_ptr<Presence> presence = nullptr);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  /// The port listened on (the real one when options.port was 0).
  std::uint16_t port() const;
  /// The web port listened on (the real one when options.webPort was 0); 0 when none.
  std::uint16_t webPort() const;
  /// Runs until stop() or SIGINT/SIGTERM: then games running are written as interrupted,
  /// clients are told, and run() returns once the database is written.
  void run();
  /// Asks run() to stop (thread-safe).
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gomoku::server
