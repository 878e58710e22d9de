#include "net/tls.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include <boost/asio/read.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>

#include "net/transport.h"
#include "net/wire.h"

namespace gomoku::net::tls {

namespace asio = boost::asio;
namespace ssl = boost::asio::ssl;
namespace fs = std::filesystem;
using asio::ip::tcp;
using boost::system::error_code;

namespace {

// ---------------------------------------------------------------------------------------------
// OpenSSL helpers

// OpenSSL's queued errors as one line (and the queue emptied).
std::string sslReason() {
  std::string out;
  while (const unsigned long e = ERR_get_error()) {
    char buf[256];
    ERR_error_string_n(e, buf, sizeof buf);
    if (!out.empty()) out += "; ";
    out += buf;
  }
  return out.empty() ? std::string("unknown OpenSSL error") : out;
}

template <class T, void (*Free)(T*)>
struct Deleter {
  void operator()(T* p) const { Free(p); }
};
using PkeyPtr = std::unique_ptr<EVP_PKEY, Deleter<EVP_PKEY, EVP_PKEY_free>>;
using X509Ptr = std::unique_ptr<X509, Deleter<X509, X509_free>>;
using BioPtr = std::unique_ptr<BIO, Deleter<BIO, BIO_free_all>>;
using BnPtr = std::unique_ptr<BIGNUM, Deleter<BIGNUM, BN_free>>;
using ExtPtr = std::unique_ptr<X509_EXTENSION, Deleter<X509_EXTENSION, X509_EXTENSION_free>>;

std::string bioText(BIO* bio) {
  char* data = nullptr;
  const long n = BIO_get_mem_data(bio, &data);
  return n > 0 ? std::string(data, static_cast<std::size_t>(n)) : std::string();
}

// Writes `text` to `path` atomically: a temporary file beside it (created with `mode`),
// flushed to disk, renamed over `path`, the folder synced.
void atomicWrite(const std::string& path, const std::string& text, mode_t mode) {
  std::string tmp = path + ".tmp.XXXXXX";
  const int fd = ::mkstemp(tmp.data());
  if (fd < 0) throw TlsError("cannot write " + path + ": " + std::strerror(errno));
  const auto fail = [&](const char* what) {
    const int err = errno;
    ::close(fd);
    ::unlink(tmp.c_str());
    throw TlsError("cannot write " + path + " (" + what + "): " + std::strerror(err));
  };
  if (::fchmod(fd, mode) != 0) fail("chmod");
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail("write");
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) fail("fsync");
  if (::close(fd) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    throw TlsError("cannot write " + path + ": " + std::strerror(err));
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    throw TlsError("cannot write " + path + ": " + std::strerror(err));
  }
  const std::string dir = fs::path(path).parent_path().empty()
                              ? std::string(".")
                              : fs::path(path).parent_path().string();
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
}

std::string hostName() {
  char buf[256] = {};
  if (::gethostname(buf, sizeof buf - 1) != 0 || buf[0] == '\0') return "localhost";
  std::string h(buf);
  if (h.size() > 64) h.resize(64);  // the longest CN allowed
  return h;
}

// Makes a key and a self-signed certificate: PEM texts (key, certificate).
std::pair<std::string, std::string> makeSelfSigned() {
  ERR_clear_error();
  PkeyPtr key(EVP_EC_gen("P-256"));
  if (!key) throw TlsError("cannot make a key: " + sslReason());
  X509Ptr cert(X509_new());
  if (!cert) throw TlsError("cannot make a certificate: " + sslReason());
  BnPtr serial(BN_new());
  const std::string host = hostName();
  bool ok = serial && X509_set_version(cert.get(), 2) == 1 &&
            BN_rand(serial.get(), 127, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY) == 1 &&
            BN_to_ASN1_INTEGER(serial.get(), X509_get_serialNumber(cert.get())) != nullptr &&
            X509_gmtime_adj(X509_getm_notBefore(cert.get()), -3600) != nullptr &&
            X509_gmtime_adj(X509_getm_notAfter(cert.get()), 3653L * 24 * 3600) != nullptr &&
            X509_set_pubkey(cert.get(), key.get()) == 1;
  X509_NAME* name = X509_get_subject_name(cert.get());
  ok = ok &&
       X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8,
                                  reinterpret_cast<const unsigned char*>(host.c_str()), -1, -1,
                                  0) == 1 &&
       X509_set_issuer_name(cert.get(), name) == 1;
  if (ok) {
    X509V3_CTX v3;
    X509V3_set_ctx_nodb(&v3);
    X509V3_set_ctx(&v3, cert.get(), cert.get(), nullptr, nullptr, 0);
    const std::string san = "DNS:" + host;
    ExtPtr ext(X509V3_EXT_conf_nid(nullptr, &v3, NID_subject_alt_name, san.c_str()));
    if (ext)
      X509_add_ext(cert.get(), ext.get(), -1);
    else
      ERR_clear_error();  // an odd host name: the certificate does without the extension
  }
  ok = ok && X509_sign(cert.get(), key.get(), EVP_sha256()) > 0;
  if (!ok) throw TlsError("cannot make a certificate: " + sslReason());

  BioPtr keyBio(BIO_new(BIO_s_mem()));
  BioPtr certBio(BIO_new(BIO_s_mem()));
  if (!keyBio || !certBio ||
      PEM_write_bio_PrivateKey(keyBio.get(), key.get(), nullptr, nullptr, 0, nullptr, nullptr) !=
          1 ||
      PEM_write_bio_X509(certBio.get(), cert.get()) != 1)
    throw TlsError("cannot encode the certificate: " + sslReason());
  return {bioText(keyBio.get()), bioText(certBio.get())};
}

void setMinimumTls12(ssl::context& ctx) {
  ctx.set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 |
                  ssl::context::no_sslv3 | ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1);
  SSL_CTX_set_min_proto_version(ctx.native_handle(), TLS1_2_VERSION);
}

// ---------------------------------------------------------------------------------------------
// The pin file

struct PinLine {
  std::string text;  // the line as read
  std::string key;   // "" when it is no pin (a comment, a blank or malformed line)
  std::string fingerprint;
};

std::vector<PinLine> readPins(const std::string& path) {
  std::vector<PinLine> lines;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    PinLine p{line, {}, {}};
    if (!line.empty() && line[0] != '#') {
      std::istringstream words(line);
      std::string extra;
      if (words >> p.key >> p.fingerprint && !(words >> extra)) {
      } else {
        p.key.clear();
        p.fingerprint.clear();
      }
    }
    lines.push_back(std::move(p));
  }
  return lines;
}

void writePins(const std::string& path, const std::vector<PinLine>& lines) {
  const fs::path parent = fs::path(path).parent_path();
  std::error_code ec;
  if (!parent.empty()) fs::create_directories(parent, ec);
  if (ec) throw TlsError("cannot create " + parent.string() + ": " + ec.message());
  std::string text;
  for (const auto& l : lines) text += l.text + "\n";
  atomicWrite(path, text, 0600);
}

// ---------------------------------------------------------------------------------------------
// Sessions over TLS

bool isSslReason(const error_code& ec, int reason) {
  return ec.category() == asio::error::get_ssl_category() &&
         ERR_GET_REASON(static_cast<unsigned long>(ec.value())) == reason;
}

// A close without close_notify: an end of stream as well (the framing finds a cut message).
bool isTruncation(const error_code& ec) {
  return ec == ssl::error::stream_truncated || isSslReason(ec, SSL_R_UNEXPECTED_EOF_WHILE_READING);
}

class TlsTransport final : public Transport {
 public:
  explicit TlsTransport(Stream stream) : stream_(std::move(stream)) {}
  tcp::socket& socket() override { return stream_.next_layer(); }
  void read(asio::mutable_buffer b, IoFn done) override {
    asio::async_read(stream_, b, eofOnTruncation(std::move(done)));
  }
  void readSome(asio::mutable_buffer b, IoFn done) override {
    stream_.async_read_some(b, eofOnTruncation(std::move(done)));
  }
  void write(asio::const_buffer b, IoFn done) override {
    asio::async_write(stream_, b, std::move(done));
  }
  bool shutdownNeedsQuietReads() const override { return true; }
  void shutdownSend(DoneFn done) override { stream_.async_shutdown(std::move(done)); }
  bool encrypted() const override { return true; }

 private:
  static IoFn eofOnTruncation(IoFn done) {
    return [done = std::move(done)](const error_code& ec, std::size_t n) {
      done(isTruncation(ec) ? error_code(asio::error::eof) : ec, n);
    };
  }
  Stream stream_;
};

std::string addressOf(const tcp::socket& s) {
  error_code ec;
  const auto ep = s.remote_endpoint(ec);
  if (ec) return "";
  auto addr = ep.address();
  if (addr.is_v6() && addr.to_v6().is_v4_mapped())
    addr = asio::ip::make_address_v4(asio::ip::v4_mapped, addr.to_v6());
  return (addr.is_v6() ? "[" + addr.to_string() + "]" : addr.to_string()) + ":" +
         std::to_string(ep.port());
}

// What a failed handshake was.
Failure classify(const error_code& ec) {
  if (ec == asio::error::eof || isTruncation(ec) || ec == asio::error::connection_reset ||
      ec == asio::error::connection_aborted || ec == asio::error::broken_pipe)
    return Failure::Closed;
  if (isSslReason(ec, SSL_R_WRONG_VERSION_NUMBER) || isSslReason(ec, SSL_R_HTTP_REQUEST) ||
      isSslReason(ec, SSL_R_PACKET_LENGTH_TOO_LONG))
    return Failure::NotTls;
  return Failure::Handshake;
}

// The first byte of a TLS handshake record.
constexpr std::uint8_t kTlsHandshakeRecord = 0x16;

// One handshake in progress: the stream, the deadline, the completion.
class HandshakeOp : public std::enable_shared_from_this<HandshakeOp> {
 public:
  HandshakeOp(ssl::context& ctx, tcp::socket socket, HandshakeFn done)
      : stream_(std::move(socket), ctx), timer_(stream_.get_executor()), done_(std::move(done)) {
    result_.peer = addressOf(stream_.next_layer());
  }

  void startTimer(std::chrono::milliseconds timeout) {
    timer_.expires_after(timeout);
    timer_.async_wait([self = shared_from_this()](const error_code& ec) {
      if (!ec) self->fail(Failure::Timeout, "");
    });
  }

  // Server: look at the first bytes without taking them.
  void peekFirstBytes() {
    stream_.next_layer().async_wait(
        tcp::socket::wait_read, [self = shared_from_this()](const error_code& ec) {
          if (self->reported_) return;
          if (ec) return self->fail(classify(ec), ec.message());
          std::uint8_t first[2] = {};
          error_code rec;
          const std::size_t n = self->stream_.next_layer().receive(asio::buffer(first),
                                                                   tcp::socket::message_peek, rec);
          if (rec || n == 0)
            return self->fail(Failure::Closed, rec ? rec.message() : "no byte came");
          if (first[0] == kTlsHandshakeRecord) return self->handshake(ssl::stream_base::server);
          if (first[0] == kMagic0 && (n < 2 || first[1] == kMagic1)) return self->refusePlain();
          char hex[8];
          std::snprintf(hex, sizeof hex, "0x%02X", first[0]);
          self->fail(Failure::NotTls, std::string("first byte ") + hex);
        });
  }

  // Client: the server's certificate is checked against this pin store afterwards.
  void setPins(std::string hostPort, KnownServers pins, bool trustNew) {
    trustNew_ = trustNew;
    hostPort_ = std::move(hostPort);
    pins_.emplace(std::move(pins));
    result_.server = hostPort_;
  }

  void handshake(ssl::stream_base::handshake_type type) {
    stream_.async_handshake(type, [self = shared_from_this(), type](const error_code& ec) {
      if (self->reported_) return;
      if (ec) return self->fail(classify(ec), ec.message());
      if (type == ssl::stream_base::client) return self->checkPin();
      self->succeed();
    });
  }

 private:
  void checkPin() {
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
    X509Ptr cert(SSL_get1_peer_certificate(stream_.native_handle()));
#else
    X509Ptr cert(SSL_get_peer_certificate(stream_.native_handle()));
#endif
    result_.fingerprint = fingerprint(cert.get());
    if (result_.fingerprint.empty())
      return fail(Failure::Handshake, "the server sent no certificate");
    const PinCheck c = pins_->check(hostPort_, result_.fingerprint);
    if (c.status == PinStatus::Changed) {
      result_.pinned = c.pinned;
      return fail(Failure::CertificateChanged, "");
    }
    if (c.status == PinStatus::Unknown && !trustNew_) return fail(Failure::UnknownServer, "");
    if (c.status == PinStatus::Unknown) {
      try {
        pins_->pin(hostPort_, result_.fingerprint);
      } catch (const TlsError& e) {
        return fail(Failure::PinStore, e.what());
      }
      result_.firstUse = true;
    }
    succeed();
  }

  // A plaintext Gomoku program: tell it in its own protocol, then close gently (our FIN, then
  // its bytes discarded until its end of stream, so that no reset destroys the ERROR).
  void refusePlain() {
    bytes_ = encode(Error{ErrorCode::VersionMismatch,
                          "this server needs an encrypted connection; update the program"});
    asio::async_write(stream_.next_layer(), asio::buffer(bytes_),
                      [self = shared_from_this()](const error_code& ec, std::size_t) {
                        if (self->reported_) return;
                        error_code ignored;
                        self->stream_.next_layer().shutdown(tcp::socket::shutdown_send, ignored);
                        self->report(Failure::PlainGomoku, ec ? ec.message() : "");
                        if (ec) return self->close();
                        // The rest is bounded by a fresh deadline.
                        self->timer_.expires_after(std::chrono::seconds(2));
                        self->timer_.async_wait([self](const error_code& e) {
                          if (!e) self->close();
                        });
                        self->discard();
                      });
  }

  void discard() {
    bytes_.resize(512);
    stream_.next_layer().async_read_some(
        asio::buffer(bytes_), [self = shared_from_this()](const error_code& ec, std::size_t) {
          if (ec) return self->close();
          self->discard();
        });
  }

  void succeed() {
    timer_.cancel();
    reported_ = true;
    result_.failure = Failure::None;
    result_.session = makeSession(std::move(stream_));
    auto done = std::move(done_);
    done(std::move(result_));
  }

  void fail(Failure f, std::string detail) {
    if (reported_) return;
    close();
    report(f, std::move(detail));
  }

  void report(Failure f, std::string detail) {
    if (reported_) return;
    reported_ = true;
    result_.failure = f;
    result_.detail = std::move(detail);
    auto done = std::move(done_);
    done(std::move(result_));
  }

  void close() {
    timer_.cancel();
    error_code ignored;
    stream_.next_layer().close(ignored);
  }

  Stream stream_;
  asio::steady_timer timer_;
  HandshakeFn done_;
  Result result_;
  bool reported_ = false;
  std::vector<std::uint8_t> bytes_;
  std::string hostPort_;
  std::optional<KnownServers> pins_;
  bool trustNew_ = true;  // client: pin an unknown server (else Failure::UnknownServer)
};

}  // namespace

// -------------------------------------------------------------------------------------------------

ssl::context serverContext(const std::string& certPath, const std::string& keyPath) {
  ssl::context ctx(ssl::context::tls_server);
  setMinimumTls12(ctx);
  SSL_CTX* h = ctx.native_handle();
  ERR_clear_error();
  if (SSL_CTX_use_certificate_chain_file(h, certPath.c_str()) != 1)
    throw TlsError("cannot use the certificate " + certPath + ": " + sslReason());
  if (SSL_CTX_use_PrivateKey_file(h, keyPath.c_str(), SSL_FILETYPE_PEM) != 1) {
    if (ERR_GET_REASON(ERR_peek_error()) == X509_R_KEY_VALUES_MISMATCH)
      throw TlsError("the private key " + keyPath + " does not belong to the certificate " +
                     certPath + ": " + sslReason());
    throw TlsError("cannot use the private key " + keyPath + ": " + sslReason());
  }
  if (SSL_CTX_check_private_key(h) != 1)
    throw TlsError("the private key " + keyPath + " does not belong to the certificate " +
                   certPath + ": " + sslReason());
  return ctx;
}

ssl::context clientContext() {
  ssl::context ctx(ssl::context::tls_client);
  setMinimumTls12(ctx);
  // Self-signed server certificates are the norm: the handshake takes any certificate, and
  // asyncClientHandshake compares its fingerprint with the pinned one before any byte of ours.
  ctx.set_verify_mode(ssl::verify_none);
  return ctx;
}

CertPaths ensureSelfSigned(const std::string& folder) {
  const fs::path dir(folder);
  CertPaths paths{(dir / "cert.pem").string(), (dir / "key.pem").string()};
  std::error_code ec;
  if (fs::exists(paths.cert, ec) && fs::exists(paths.key, ec)) return paths;
  if (!fs::exists(dir, ec)) {
    fs::create_directories(dir, ec);
    if (ec) throw TlsError("cannot create " + folder + ": " + ec.message());
    fs::permissions(dir, fs::perms::owner_all, ec);
  }
  const auto [keyPem, certPem] = makeSelfSigned();
  atomicWrite(paths.key, keyPem, 0600);  // the key first: a certificate never lacks its key
  atomicWrite(paths.cert, certPem, 0644);
  return paths;
}

std::string fingerprint(const X509* cert) {
  if (!cert) return "";
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  if (X509_digest(cert, EVP_sha256(), md, &n) != 1) {
    ERR_clear_error();
    return "";
  }
  static const char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(n * 3);
  for (unsigned int i = 0; i < n; ++i) {
    if (i) out += ':';
    out += kHex[md[i] >> 4];
    out += kHex[md[i] & 15];
  }
  return out;
}

std::string fingerprintOfFile(const std::string& certPath) {
  ERR_clear_error();
  BioPtr bio(BIO_new_file(certPath.c_str(), "r"));
  if (!bio) throw TlsError("cannot read the certificate " + certPath + ": " + sslReason());
  X509Ptr cert(PEM_read_bio_X509(bio.get(), nullptr, nullptr, nullptr));
  if (!cert) throw TlsError("cannot read the certificate " + certPath + ": " + sslReason());
  return fingerprint(cert.get());
}

KnownServers::KnownServers(std::string path) : path_(std::move(path)) {}

std::string KnownServers::defaultPath() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  fs::path base;
  if (xdg && xdg[0] == '/') {
    base = xdg;
  } else {
    const char* home = std::getenv("HOME");
    base = fs::path(home && home[0] ? home : ".") / ".config";
  }
  return (base / "gomoku" / "known_servers").string();
}

std::optional<std::string> KnownServers::pinned(const std::string& hostPort) const {
  for (const auto& l : readPins(path_))
    if (!l.key.empty() && l.key == hostPort) return l.fingerprint;
  return std::nullopt;
}

PinCheck KnownServers::check(const std::string& hostPort, const std::string& fp) const {
  const auto on = pinned(hostPort);
  if (!on) return {PinStatus::Unknown, ""};
  return {*on == fp ? PinStatus::Match : PinStatus::Changed, *on};
}

void KnownServers::pin(const std::string& hostPort, const std::string& fp) {
  if (hostPort.empty() || fp.empty() || hostPort.find_first_of(" \t\r\n") != std::string::npos ||
      fp.find_first_of(" \t\r\n") != std::string::npos || hostPort[0] == '#')
    throw TlsError("cannot record the fingerprint of \"" + hostPort + "\": bad name");
  auto lines = readPins(path_);
  const std::string text = hostPort + " " + fp;
  bool replaced = false;
  for (auto& l : lines)
    if (l.key == hostPort) {
      l = {text, hostPort, fp};
      replaced = true;
    }
  if (!replaced) lines.push_back({text, hostPort, fp});
  writePins(path_, lines);
}

bool KnownServers::forget(const std::string& hostPort) {
  auto lines = readPins(path_);
  const auto end = std::remove_if(lines.begin(), lines.end(),
                                  [&](const PinLine& l) { return l.key == hostPort; });
  if (end == lines.end()) return false;
  lines.erase(end, lines.end());
  writePins(path_, lines);
  return true;
}

const char* failureName(Failure f) {
  switch (f) {
    case Failure::None:
      return "none";
    case Failure::Timeout:
      return "timeout";
    case Failure::Closed:
      return "closed";
    case Failure::NotTls:
      return "not-tls";
    case Failure::PlainGomoku:
      return "plain-gomoku";
    case Failure::Handshake:
      return "handshake";
    case Failure::CertificateChanged:
      return "certificate-changed";
    case Failure::PinStore:
      return "pin-store";
    case Failure::UnknownServer:
      return "unknown-server";
  }
  return "?";
}

std::string describe(const Result& r, const std::string& pinFile) {
  const std::string detail = r.detail.empty() ? "" : " (" + r.detail + ")";
  switch (r.failure) {
    case Failure::None:
      return r.firstUse ? "first connection to " + r.server + ": its certificate fingerprint is " +
                              r.fingerprint + " (remembered; a different one later will be refused)"
                        : "encrypted connection";
    case Failure::Timeout:
      return "the server did not set up the encrypted connection in time";
    case Failure::Closed:
      return "the connection closed during the encryption handshake" + detail;
    case Failure::NotTls:
      return "not TLS: the other side does not use an encrypted connection" + detail;
    case Failure::PlainGomoku:
      return "not TLS: a Gomoku program without encryption; it was told that this server "
             "needs an encrypted connection and to update the program";
    case Failure::Handshake:
      return "the encryption handshake failed" + detail;
    case Failure::CertificateChanged:
      return "WARNING: the certificate of the server " + r.server +
             " has changed! Fingerprint on record: " + r.pinned +
             "; fingerprint now: " + r.fingerprint +
             ". Someone may be intercepting the connection, or the server's owner replaced its "
             "certificate. The connection was refused. If the change is expected, remove the "
             "line of " +
             r.server + " from " + pinFile + ".";
    case Failure::PinStore:
      return "cannot remember the server's fingerprint" + detail;
    case Failure::UnknownServer:
      return "the server " + r.server + " is not known yet; its certificate fingerprint is " +
             r.fingerprint;
  }
  return "?";
}

void asyncServerHandshake(ssl::context& ctx, tcp::socket socket, std::chrono::milliseconds timeout,
                          HandshakeFn done) {
  auto op = std::make_shared<HandshakeOp>(ctx, std::move(socket), std::move(done));
  op->startTimer(timeout);
  op->peekFirstBytes();
}

void asyncClientHandshake(ssl::context& ctx, tcp::socket socket, std::string hostPort,
                          KnownServers pins, std::chrono::milliseconds timeout, HandshakeFn done,
                          bool trustNew) {
  auto op = std::make_shared<HandshakeOp>(ctx, std::move(socket), std::move(done));
  op->setPins(std::move(hostPort), std::move(pins), trustNew);
  op->startTimer(timeout);
  op->handshake(ssl::stream_base::client);
}

std::shared_ptr<Session> makeSession(Stream stream) {
  return std::make_shared<Session>(std::make_unique<TlsTransport>(std::move(stream)));
}

}  // namespace gomoku::net::tls
