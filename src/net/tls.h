#pragma once
/// @file TLS for the online server and its clients (OpenSSL through Boost.Asio, TLS 1.2 or
/// newer): contexts, a self-signed certificate for the server, certificate fingerprints,
/// handshakes that yield a net::Session, and the client's pinned fingerprints (trust on first
/// use, as SSH does: the server's certificate is checked against the fingerprint seen at the
/// first connection, not against certificate authorities). Built only with GOMOKU_TLS (not in
/// the Windows build). P2P games stay plain TCP.
///
/// Server:  auto paths = tls::ensureSelfSigned(dataFolder);   // or --cert/--key
///          auto ctx = tls::serverContext(paths.cert, paths.key);   // once, outlives sessions
///          on accept: tls::asyncServerHandshake(ctx, std::move(socket), 10s, [](Result r) {
///            if (!r.session) log(r.peer + ": " + describe(r)); else r.session->start(...); });
/// Client:  auto ctx = tls::clientContext();   // once, outlives sessions
///          after connect: tls::asyncClientHandshake(ctx, std::move(socket),
///              tls::hostPortKey(host, port), tls::KnownServers(), 10s, [](Result r) {
///            if (!r.session) show(describe(r));   // Changed: r.fingerprint and r.pinned
///            else { if (r.firstUse) show(r.fingerprint); r.session->start(...); } });

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/stream.hpp>

#include "net/netgame.h"
#include "net/session.h"

namespace gomoku::net::tls {

/// A TLS stream over TCP.
using Stream = boost::asio::ssl::stream<boost::asio::ip::tcp::socket>;

/// A certificate, key or pin file could not be read, made, written or used; what() names the
/// file and the reason (English, for logs and the command line).
struct TlsError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The server's context: TLS 1.2 minimum; the certificate (chain) from `certPath` and the
/// private key from `keyPath`, both PEM; checks that they belong together. Keep it alive as
/// long as any stream made with it. Throws TlsError.
boost::asio::ssl::context serverContext(const std::string& certPath, const std::string& keyPath);

/// The client's context: TLS 1.2 minimum; no certificate-authority check (the server is
/// verified by its pinned fingerprint, see asyncClientHandshake). Keep it alive as long as any
/// stream made with it.
boost::asio::ssl::context clientContext();

/// Paths of a certificate and its private key (PEM files).
struct CertPaths {
  std::string cert;  ///< folder/cert.pem
  std::string key;   ///< folder/key.pem
};

/// The server's own certificate in `folder`: folder/cert.pem and folder/key.pem. At the first
/// call (either file missing) makes them: an EC P-256 key, a self-signed certificate with
/// CN = this host's name, valid 10 years; the folder is created (0700), each file written
/// atomically (temporary file + rename), the key with mode 0600. Later calls reuse them.
/// Throws TlsError.
CertPaths ensureSelfSigned(const std::string& folder);

/// The SHA-256 fingerprint of a certificate's DER form: 32 upper-case hex pairs joined by
/// colons ("AB:CD:...", 95 characters). "" for a null certificate.
std::string fingerprint(const X509* cert);
/// The fingerprint of the first certificate in a PEM file (for the server's log at start, so
/// that its operator can tell users what to expect). Throws TlsError.
std::string fingerprintOfFile(const std::string& certPath);

/// The key of a server in KnownServers (net/netgame.h).
using net::hostPortKey;

/// What KnownServers knows of a server's fingerprint.
enum class PinStatus : std::uint8_t {
  Unknown,  ///< no fingerprint on record for this server: a first connection
  Match,    ///< the fingerprint on record is this one
  Changed,  ///< another fingerprint is on record (PinCheck::pinned): refuse the server
};

/// The answer of KnownServers::check.
struct PinCheck {
  PinStatus status = PinStatus::Unknown;
  std::string pinned;  ///< the fingerprint on record (Match, Changed); "" when Unknown
};

/// The client's pinned server fingerprints (trust on first use), one line per server:
/// `host:port FINGERPRINT`; other lines (comments "#...") are kept as they are. The file is
/// read at every call (other programs may change it) and written atomically.
class KnownServers {
 public:
  /// The pin file at `path` (need not exist yet).
  explicit KnownServers(std::string path = defaultPath());
  /// $XDG_CONFIG_HOME/gomoku/known_servers (else ~/.config/gomoku/known_servers).
  static std::string defaultPath();
  /// The pin file's path.
  const std::string& path() const { return path_; }

  /// Compares `fingerprint` with the one on record for `hostPort` (see hostPortKey).
  /// An unreadable file counts as empty.
  PinCheck check(const std::string& hostPort, const std::string& fingerprint) const;
  /// The fingerprint on record for `hostPort`, if any.
  std::optional<std::string> pinned(const std::string& hostPort) const;
  /// Records `fingerprint` for `hostPort`, replacing an older one (the user accepted a new
  /// certificate). Creates the folder. Throws TlsError.
  void pin(const std::string& hostPort, const std::string& fingerprint);
  /// Removes the record of `hostPort`; false when there was none. Throws TlsError.
  bool forget(const std::string& hostPort);

 private:
  std::string path_;
};

/// Why a handshake gave no session.
enum class Failure : std::uint8_t {
  None,                ///< success
  Timeout,             ///< no complete handshake within the time allowed
  Closed,              ///< the peer closed the connection (or it broke) before the handshake ended
  NotTls,              ///< the peer does not speak TLS (server: plaintext bytes; client: a plain
                       ///< TCP program, e.g. a P2P game host or a server without TLS)
  PlainGomoku,         ///< server: a plaintext Gomoku program (its first bytes 'G' 'K'); it was
                       ///< sent an ERROR saying it needs an update
  Handshake,           ///< TLS failed (no common version or cipher, bad certificate...): detail
  CertificateChanged,  ///< client: the server's fingerprint is not the one pinned: refused
  PinStore,            ///< client: a new fingerprint could not be recorded (detail)
  UnknownServer,       ///< client, not trusting new servers: no fingerprint on record for this
                       ///< server (Result::fingerprint holds its own); ask the user, pin(), retry
};

/// The end of a handshake.
struct Result {
  std::shared_ptr<Session> session;  ///< the encrypted connection, not started; null on failure
  Failure failure = Failure::None;
  std::string peer;         ///< the peer's address ("127.0.0.1:1234"), "" when unknown
  std::string server;       ///< client: the server's hostPort key (as passed in)
  std::string fingerprint;  ///< client: the server certificate's fingerprint (when one came)
  std::string pinned;       ///< client, CertificateChanged: the fingerprint on record
  bool firstUse = false;    ///< client: an unknown server whose fingerprint is now pinned:
                            ///< show it to the user
  std::string detail;       ///< OpenSSL's or the socket's reason (English, for logs); may be ""
};

/// An English sentence for logs and the command line (CertificateChanged names both
/// fingerprints and the pin file).
std::string describe(const Result& r, const std::string& pinFile = KnownServers::defaultPath());
/// The English name of a failure ("not-tls"...), for logs and tests.
const char* failureName(Failure f);

/// Completion of a handshake; called once, on the socket's executor.
using HandshakeFn = std::function<void(Result)>;

/// Server side, on an accepted socket: waits for the client's first bytes; a plaintext client
/// is refused (a Gomoku one, whose bytes start 'G' 'K', gets a plaintext ERROR first:
/// VERSION_MISMATCH "this server needs an encrypted connection; update the program"); else the
/// TLS handshake. All within `timeout`. The socket is closed on failure. `ctx` must outlive
/// the session.
void asyncServerHandshake(boost::asio::ssl::context& ctx, boost::asio::ip::tcp::socket socket,
                          std::chrono::milliseconds timeout, HandshakeFn done);

/// Client side, on a connected socket: the TLS handshake within `timeout`, then, before any
/// application byte is sent, the server's certificate fingerprint against `pins` under
/// `hostPort` (see hostPortKey): Unknown -> pinned, Result::firstUse; Match -> the session;
/// Changed -> Failure::CertificateChanged with both fingerprints, the connection closed.
/// With `trustNew` false an Unknown server is refused instead (Failure::UnknownServer, its
/// fingerprint in the result) so that the front end can ask the user first.
/// `ctx` must outlive the session.
void asyncClientHandshake(boost::asio::ssl::context& ctx, boost::asio::ip::tcp::socket socket,
                          std::string hostPort, KnownServers pins,
                          std::chrono::milliseconds timeout, HandshakeFn done,
                          bool trustNew = true);

/// A Session over an established TLS stream (the handshake done).
std::shared_ptr<Session> makeSession(Stream stream);

}  // namespace gomoku::net::tls
