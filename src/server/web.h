#pragma once
/// @file gomoku-server's web front: one port that serves the browser client's files (HTTPS, and
/// plain HTTP to loopback peers only) and carries the game protocol over a WebSocket at `/ws`:
/// binary frames, one protocol message (8-byte header + payload, src/net/PROTOCOL.md) per
/// frame, in both directions. A WebSocket client is a Channel like a TLS client: same hall,
/// same accounts, same games.
///
/// Files: GET/HEAD of a path under the web root (`/` = index.html). A path is served only when
/// it is made of letters, digits, `-`, `_`, `.` and `/`, has no `..` segment, and resolves
/// (symbolic links followed) to a regular file inside the root; anything else is 404. Every
/// answer carries a Content-Security-Policy (scripts, styles, images and connections from the
/// page's own origin only), `X-Content-Type-Options: nosniff` and `Referrer-Policy:
/// no-referrer`; files carry an ETag and `Cache-Control: no-cache` (revalidated, 304 when
/// unchanged), images `max-age=86400`.
///
/// WebSocket: the upgrade must name the page's own origin (`Origin` equal to the scheme and
/// `Host` of the request), else 403 — another site's page cannot act for a logged-in player.

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ssl/context.hpp>

#include "server/channel.h"

namespace gomoku::server {

/// What the web front listens on.
struct WebOptions {
  std::string listen;    ///< address to bind; "" = all
  std::uint16_t port{};  ///< 0 = any free port
  std::string root;      ///< the folder of the page's files; "" or missing: files are 404
  std::chrono::milliseconds handshakeTimeout{10000};  ///< TLS handshake and HTTP request limit
};

/// The listening web port. Lives on the server's hall io_context (the acceptor); connections
/// run on the io_context `pickIo` returns.
class WebFront {
 public:
  /// A WebSocket client is ready: hand it to the hall (on `io`'s thread; `address` is its IP).
  using AdoptFn = std::function<void(boost::asio::io_context& io, std::shared_ptr<Channel>,
                                     const std::string& address)>;
  /// The io_context for the next connection.
  using PickIoFn = std::function<boost::asio::io_context&()>;
  /// One line for the server's log (thread-safe).
  using LogFn = std::function<void(const std::string&)>;

  /// Opens the port (throws ServerError when it cannot). `tls` outlives this object.
  WebFront(boost::asio::io_context& acceptIo, PickIoFn pickIo, boost::asio::ssl::context& tls,
           WebOptions options, AdoptFn adopt, LogFn log);
  ~WebFront();
  WebFront(const WebFront&) = delete;
  WebFront& operator=(const WebFront&) = delete;

  /// The port listened on (the real one when options.port was 0).
  std::uint16_t port() const;
  /// The web root in use ("" when there is none).
  const std::string& root() const;
  /// Starts accepting (on the acceptIo thread).
  void start();
  /// Stops accepting (on the acceptIo thread); open connections end with the io_contexts.
  void stop();

  struct Impl;  ///< internal (web.cpp)

 private:
  std::shared_ptr<Impl> impl_;
};

/// The Content-Type for a file name by its extension ("application/octet-stream" when unknown).
std::string contentTypeOf(const std::string& fileName);

/// The file a request target names under `root` (a canonical folder path), or "" when the
/// target is not allowed (see the file comment) or names no regular file. The query string
/// (`?...`) is ignored; `/` and a target ending in `/` mean its index.html.
std::string resolveWebPath(const std::string& root, const std::string& target);

}  // namespace gomoku::server
