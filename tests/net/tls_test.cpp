// Tests of TLS for online play (src/net/tls.h) over real loopback sockets: the server's
// self-signed certificate, fingerprints, the client's pinned fingerprints (trust on first use),
// Sessions over TLS, a changed certificate refused, plaintext clients refused. Everything runs
// on the test's own io_context, driven until an awaited event happened (each wait has a
// generous deadline that only turns a hang into a failure); no sleeps. Ports are chosen by the
// system. Files go to a fresh temporary folder per test.

#include <gtest/gtest.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>

#include "net/session.h"
#include "net/tls.h"
#include "net/wire.h"

using namespace gomoku;
using namespace gomoku::net;
namespace tls = gomoku::net::tls;
namespace asio = boost::asio;
namespace fs = std::filesystem;
using asio::ip::tcp;
using boost::system::error_code;
using namespace std::chrono_literals;

namespace {

using Clock = std::chrono::steady_clock;
using Bytes = std::vector<std::uint8_t>;

// Upper bound of every wait: only reached when something hangs.
constexpr std::chrono::milliseconds kWait = 10s;

// A fresh folder under the system's temporary folder, removed afterwards.
class TempDir {
 public:
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "gomoku-tls-XXXXXX").string();
    const char* made = ::mkdtemp(tmpl.data());
    EXPECT_NE(made, nullptr);
    path_ = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

const std::regex kFingerprintForm("([0-9A-F]{2}:){31}[0-9A-F]{2}");

// Drives the io_context until pred() holds; false after `timeout`.
template <class Pred>
bool runUntil(asio::io_context& io, Pred pred, std::chrono::milliseconds timeout = kWait) {
  const auto deadline = Clock::now() + timeout;
  while (!pred()) {
    const auto now = Clock::now();
    if (now >= deadline) return false;
    if (io.stopped()) io.restart();
    if (io.run_one_for(deadline - now) == 0 && io.stopped()) {
      io.restart();
      if (io.poll() == 0) return pred();  // nothing left that could make it true
    }
  }
  return true;
}

// One TLS listener on 127.0.0.1 that accepts connections and hands each to
// asyncServerHandshake; the results are kept in order.
class TlsServer {
 public:
  TlsServer(asio::io_context& io, const tls::CertPaths& paths,
            std::chrono::milliseconds timeout = kWait)
      : acceptor_(io, tcp::endpoint(asio::ip::address_v4::loopback(), 0)),
        ctx_(tls::serverContext(paths.cert, paths.key)),
        timeout_(timeout) {}

  std::uint16_t port() const { return acceptor_.local_endpoint().port(); }

  // Accepts one connection.
  void acceptOne() {
    acceptor_.async_accept([this](const error_code& ec, tcp::socket s) {
      ASSERT_FALSE(ec) << ec.message();
      tls::asyncServerHandshake(ctx_, std::move(s), timeout_,
                                [this](tls::Result r) { results.push_back(std::move(r)); });
    });
  }

  std::vector<tls::Result> results;

 private:
  tcp::acceptor acceptor_;
  asio::ssl::context ctx_;
  std::chrono::milliseconds timeout_;
};

// A connected plain socket to 127.0.0.1:port (the listener's backlog accepts it at once).
tcp::socket connectTo(asio::io_context& io, std::uint16_t port) {
  tcp::socket s(io);
  s.connect(tcp::endpoint(asio::ip::address_v4::loopback(), port));
  return s;
}

// The client's handshake on a fresh connection; the result lands in `out`.
void connectTls(asio::io_context& io, asio::ssl::context& ctx, std::uint16_t port,
                const tls::KnownServers& pins, std::optional<tls::Result>& out) {
  tls::asyncClientHandshake(ctx, connectTo(io, port), tls::hostPortKey("127.0.0.1", port), pins,
                            kWait, [&out](tls::Result r) { out = std::move(r); });
}

// The messages and the end of one Session.
struct Peer {
  std::vector<Message> got;
  std::optional<std::string> closed;
  void start(const std::shared_ptr<Session>& s) {
    s->start([this](Message m) { got.push_back(std::move(m)); },
             [this](const std::string& reason, DecodeError) { closed = reason; });
  }
};

Hello hello(const std::string& nick) {
  return Hello{kProtocolMajor, kProtocolMinor, "0.1.0", nick};
}

// ---------------------------------------------------------------------------------------------
// Certificates and fingerprints

TEST(Tls, SelfSignedIsMadeAtFirstStartAndReused) {
  TempDir dir;
  const std::string folder = dir / "data/tls";  // not there yet
  const tls::CertPaths paths = tls::ensureSelfSigned(folder);
  EXPECT_EQ(paths.cert, (fs::path(folder) / "cert.pem").string());
  EXPECT_EQ(paths.key, (fs::path(folder) / "key.pem").string());
  ASSERT_TRUE(fs::exists(paths.cert));
  ASSERT_TRUE(fs::exists(paths.key));
  struct stat st {};
  ASSERT_EQ(::stat(paths.key.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u) << "the private key is readable by others";
  // No temporary file is left behind.
  int files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(folder)) ++files;
  EXPECT_EQ(files, 2);

  // The certificate: CN = the host name, valid for 10 years.
  FILE* f = std::fopen(paths.cert.c_str(), "r");
  ASSERT_NE(f, nullptr);
  X509* cert = PEM_read_X509(f, nullptr, nullptr, nullptr);
  std::fclose(f);
  ASSERT_NE(cert, nullptr);
  char cn[256] = {};
  X509_NAME_get_text_by_NID(X509_get_subject_name(cert), NID_commonName, cn, sizeof cn);
  char host[256] = {};
  ::gethostname(host, sizeof host - 1);
  EXPECT_EQ(std::string(cn), std::string(host).substr(0, 64));
  int days = 0, secs = 0;
  ASSERT_EQ(ASN1_TIME_diff(&days, &secs, X509_get0_notBefore(cert), X509_get0_notAfter(cert)), 1);
  EXPECT_GE(days, 3650);
  EXPECT_LE(days, 3660);
  X509_free(cert);

  // The second start reuses the pair: same certificate, same key, nothing rewritten.
  const std::string certText = readText(paths.cert), keyText = readText(paths.key);
  const std::string fp = tls::fingerprintOfFile(paths.cert);
  const tls::CertPaths again = tls::ensureSelfSigned(folder);
  EXPECT_EQ(again.cert, paths.cert);
  EXPECT_EQ(readText(again.cert), certText);
  EXPECT_EQ(readText(again.key), keyText);
  EXPECT_EQ(tls::fingerprintOfFile(again.cert), fp);
  EXPECT_NO_THROW(tls::serverContext(again.cert, again.key));

  // Another folder: another key, another fingerprint.
  const tls::CertPaths other = tls::ensureSelfSigned(dir / "other");
  EXPECT_NE(tls::fingerprintOfFile(other.cert), fp);
}

TEST(Tls, FingerprintIsSha256OfTheDerAsColonHexPairs) {
  TempDir dir;
  const tls::CertPaths paths = tls::ensureSelfSigned(dir / "tls");
  const std::string fp = tls::fingerprintOfFile(paths.cert);
  EXPECT_EQ(fp.size(), 95u);
  EXPECT_TRUE(std::regex_match(fp, kFingerprintForm)) << fp;

  // Computed here by hand: SHA-256 over i2d_X509.
  FILE* f = std::fopen(paths.cert.c_str(), "r");
  ASSERT_NE(f, nullptr);
  X509* cert = PEM_read_X509(f, nullptr, nullptr, nullptr);
  std::fclose(f);
  ASSERT_NE(cert, nullptr);
  unsigned char* der = nullptr;
  const int n = i2d_X509(cert, &der);
  ASSERT_GT(n, 0);
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  ASSERT_EQ(EVP_Digest(der, static_cast<std::size_t>(n), md, &len, EVP_sha256(), nullptr), 1);
  OPENSSL_free(der);
  std::string expected;
  for (unsigned int i = 0; i < len; ++i) {
    char pair[4];
    std::snprintf(pair, sizeof pair, i ? ":%02X" : "%02X", md[i]);
    expected += pair;
  }
  EXPECT_EQ(fp, expected);
  EXPECT_EQ(tls::fingerprint(cert), expected);
  X509_free(cert);
  EXPECT_EQ(tls::fingerprint(nullptr), "");
}

TEST(Tls, ServerContextNamesTheBadFile) {
  TempDir dir;
  const tls::CertPaths a = tls::ensureSelfSigned(dir / "a");
  const tls::CertPaths b = tls::ensureSelfSigned(dir / "b");
  const auto message = [](const std::string& cert, const std::string& key) -> std::string {
    try {
      tls::serverContext(cert, key);
    } catch (const tls::TlsError& e) {
      return e.what();
    }
    return "";
  };
  const std::string missing = dir / "missing.pem";
  EXPECT_NE(message(missing, a.key).find(missing), std::string::npos);
  EXPECT_NE(message(a.cert, missing).find(missing), std::string::npos);
  const std::string mismatch = message(a.cert, b.key);
  EXPECT_NE(mismatch.find("does not belong"), std::string::npos) << mismatch;
  EXPECT_THROW(tls::fingerprintOfFile(missing), tls::TlsError);
}

TEST(Tls, ContextsRequireTls12OrNewer) {
  TempDir dir;
  const tls::CertPaths paths = tls::ensureSelfSigned(dir / "tls");
  asio::ssl::context server = tls::serverContext(paths.cert, paths.key);
  asio::ssl::context client = tls::clientContext();
  EXPECT_EQ(SSL_CTX_get_min_proto_version(server.native_handle()), TLS1_2_VERSION);
  EXPECT_EQ(SSL_CTX_get_min_proto_version(client.native_handle()), TLS1_2_VERSION);
}

// ---------------------------------------------------------------------------------------------
// Pinned fingerprints

TEST(Tls, KnownServersPinsOnFirstUseThenMatchesOrReportsTheChange) {
  TempDir dir;
  const std::string file = dir / "config/gomoku/known_servers";  // folder not there yet
  tls::KnownServers pins(file);
  const std::string fpA(95, 'A'), fpB(95, 'B');

  tls::PinCheck c = pins.check("example.org:7531", fpA);
  EXPECT_EQ(c.status, tls::PinStatus::Unknown);
  EXPECT_EQ(c.pinned, "");
  EXPECT_FALSE(pins.pinned("example.org:7531"));

  pins.pin("example.org:7531", fpA);
  EXPECT_EQ(readText(file), "example.org:7531 " + fpA + "\n");
  struct stat st {};
  ASSERT_EQ(::stat(file.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);

  c = pins.check("example.org:7531", fpA);
  EXPECT_EQ(c.status, tls::PinStatus::Match);
  EXPECT_EQ(c.pinned, fpA);

  c = pins.check("example.org:7531", fpB);
  EXPECT_EQ(c.status, tls::PinStatus::Changed);
  EXPECT_EQ(c.pinned, fpA) << "a change names the fingerprint on record";

  // Other servers (and ports) are separate; a comment line survives rewrites.
  {
    std::ofstream out(file, std::ios::app);
    out << "# my servers\n";
  }
  EXPECT_EQ(pins.check("example.org:7532", fpB).status, tls::PinStatus::Unknown);
  pins.pin("[::1]:7531", fpB);
  EXPECT_EQ(pins.check("[::1]:7531", fpB).status, tls::PinStatus::Match);
  EXPECT_EQ(pins.check("example.org:7531", fpA).status, tls::PinStatus::Match);

  // The user accepts the new certificate: pin replaces the old line.
  pins.pin("example.org:7531", fpB);
  EXPECT_EQ(pins.check("example.org:7531", fpB).status, tls::PinStatus::Match);
  EXPECT_EQ(readText(file), "example.org:7531 " + fpB + "\n# my servers\n[::1]:7531 " + fpB + "\n");

  EXPECT_TRUE(pins.forget("example.org:7531"));
  EXPECT_FALSE(pins.forget("example.org:7531"));
  EXPECT_EQ(pins.check("example.org:7531", fpB).status, tls::PinStatus::Unknown);
  EXPECT_EQ(readText(file), "# my servers\n[::1]:7531 " + fpB + "\n");

  EXPECT_THROW(pins.pin("bad name:1", fpA), tls::TlsError);
  // No temporary file is left behind.
  int files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(fs::path(file).parent_path()))
    ++files;
  EXPECT_EQ(files, 1);
}

TEST(Tls, KnownServersLiveInTheConfigFolder) {
  const char* old = std::getenv("XDG_CONFIG_HOME");
  const std::string saved = old ? old : "";
  ::setenv("XDG_CONFIG_HOME", "/tmp/cfg", 1);
  EXPECT_EQ(tls::KnownServers::defaultPath(), "/tmp/cfg/gomoku/known_servers");
  EXPECT_EQ(tls::KnownServers().path(), "/tmp/cfg/gomoku/known_servers");
  ::unsetenv("XDG_CONFIG_HOME");
  const char* home = std::getenv("HOME");
  if (home) {
    EXPECT_EQ(tls::KnownServers::defaultPath(),
              std::string(home) + "/.config/gomoku/known_servers");
  }
  if (old) ::setenv("XDG_CONFIG_HOME", saved.c_str(), 1);
}

TEST(Tls, HostPortKey) {
  EXPECT_EQ(tls::hostPortKey("Example.ORG", 7531), "example.org:7531");
  EXPECT_EQ(tls::hostPortKey("127.0.0.1", 80), "127.0.0.1:80");
  EXPECT_EQ(tls::hostPortKey("::1", 7531), "[::1]:7531");
  EXPECT_EQ(tls::hostPortKey("[::1]", 7531), "[::1]:7531");
}

// ---------------------------------------------------------------------------------------------
// Connections

TEST(Tls, SessionsExchangeMessagesOverTlsAndCloseInOrder) {
  TempDir dir;
  const tls::CertPaths paths = tls::ensureSelfSigned(dir / "server");
  const std::string serverFp = tls::fingerprintOfFile(paths.cert);
  asio::io_context io;
  TlsServer server(io, paths);
  asio::ssl::context clientCtx = tls::clientContext();
  tls::KnownServers pins(dir / "known_servers");
  const std::string key = tls::hostPortKey("127.0.0.1", server.port());

  // First connection: unknown server, its fingerprint pinned and shown.
  server.acceptOne();
  std::optional<tls::Result> client;
  connectTls(io, clientCtx, server.port(), pins, client);
  ASSERT_TRUE(runUntil(io, [&] { return client && server.results.size() == 1; }));
  ASSERT_TRUE(client->session) << tls::describe(*client);
  ASSERT_TRUE(server.results[0].session) << tls::describe(server.results[0]);
  EXPECT_EQ(client->failure, tls::Failure::None);
  EXPECT_TRUE(client->firstUse);
  EXPECT_EQ(client->fingerprint, serverFp);
  EXPECT_EQ(client->server, key);
  EXPECT_NE(tls::describe(*client).find(serverFp), std::string::npos);
  EXPECT_EQ(pins.check(key, serverFp).status, tls::PinStatus::Match);
  EXPECT_TRUE(client->session->encrypted());
  EXPECT_TRUE(server.results[0].session->encrypted());
  EXPECT_EQ(server.results[0].session->peerAddress().rfind("127.0.0.1:", 0), 0u);

  Peer c, s;
  c.start(client->session);
  s.start(server.results[0].session);
  client->session->send(hello("alice"));
  client->session->send(Chat{"hello over TLS"});
  ASSERT_TRUE(runUntil(io, [&] { return s.got.size() == 2; }));
  EXPECT_EQ(s.got[0], Message(hello("alice")));
  EXPECT_EQ(s.got[1], Message(Chat{"hello over TLS"}));

  // A message larger than one TLS record (16 KiB) arrives whole.
  const std::string big(150, 'x');
  for (int i = 0; i < 200; ++i) server.results[0].session->send(Chat{big + std::to_string(i)});
  // The last message before an orderly close arrives, then the close_notify as end of stream.
  server.results[0].session->send(Bye{ByeReason::Leaving, "bye"});
  server.results[0].session->closeAfterWrites();
  ASSERT_TRUE(runUntil(io, [&] { return c.closed && s.closed; }));
  ASSERT_EQ(c.got.size(), 201u);
  EXPECT_EQ(c.got[199], Message(Chat{big + "199"}));
  EXPECT_EQ(c.got.back(), Message(Bye{ByeReason::Leaving, "bye"}));
  EXPECT_EQ(*c.closed, "the opponent closed the connection");
  EXPECT_EQ(*s.closed, "closed by us");

  // Second connection: the pinned fingerprint matches; nothing new to show.
  server.acceptOne();
  client.reset();
  connectTls(io, clientCtx, server.port(), pins, client);
  ASSERT_TRUE(runUntil(io, [&] { return client && server.results.size() == 2; }));
  ASSERT_TRUE(client->session) << tls::describe(*client);
  EXPECT_FALSE(client->firstUse);
  EXPECT_EQ(client->fingerprint, serverFp);
  Peer c2, s2;
  c2.start(client->session);
  s2.start(server.results[1].session);
  server.results[1].session->send(Chat{"again"});
  ASSERT_TRUE(runUntil(io, [&] { return c2.got.size() == 1; }));
  // The client closes this time.
  client->session->closeAfterWrites();
  ASSERT_TRUE(runUntil(io, [&] { return c2.closed && s2.closed; }));
  EXPECT_EQ(*s2.closed, "the opponent closed the connection");
  EXPECT_TRUE(s2.got.empty());
}

TEST(Tls, BadDataInsideTlsGetsAnErrorThenAnOrderlyClose) {
  TempDir dir;
  asio::io_context io;
  TlsServer server(io, tls::ensureSelfSigned(dir / "server"));
  asio::ssl::context clientCtx = tls::clientContext();
  tls::KnownServers pins(dir / "known_servers");
  server.acceptOne();
  std::optional<tls::Result> client;
  connectTls(io, clientCtx, server.port(), pins, client);
  ASSERT_TRUE(runUntil(io, [&] { return client && server.results.size() == 1; }));
  ASSERT_TRUE(client->session && server.results[0].session);
  Peer c, s;
  c.start(client->session);
  s.start(server.results[0].session);
  // A header of another major version: the server answers ERROR and closes.
  Bytes bad = encode(Chat{"x"});
  bad[2] = kProtocolMajor + 1;
  client->session->sendBytes(bad);
  ASSERT_TRUE(runUntil(io, [&] { return c.closed && s.closed; }));
  EXPECT_NE(s.closed->find("version mismatch"), std::string::npos) << *s.closed;
  ASSERT_EQ(c.got.size(), 1u);
  ASSERT_TRUE(std::holds_alternative<Error>(c.got[0]));
  EXPECT_EQ(std::get<Error>(c.got[0]).code, ErrorCode::VersionMismatch);
  EXPECT_EQ(*c.closed, "the opponent closed the connection");
}

TEST(Tls, BothSidesClosingAtOnce) {
  TempDir dir;
  asio::io_context io;
  TlsServer server(io, tls::ensureSelfSigned(dir / "server"));
  asio::ssl::context clientCtx = tls::clientContext();
  tls::KnownServers pins(dir / "known_servers");
  server.acceptOne();
  std::optional<tls::Result> client;
  connectTls(io, clientCtx, server.port(), pins, client);
  ASSERT_TRUE(runUntil(io, [&] { return client && server.results.size() == 1; }));
  ASSERT_TRUE(client->session && server.results[0].session);
  Peer c, s;
  c.start(client->session);
  s.start(server.results[0].session);
  client->session->send(Chat{"last from the client"});
  server.results[0].session->send(Chat{"last from the server"});
  client->session->closeAfterWrites();
  server.results[0].session->closeAfterWrites();
  ASSERT_TRUE(runUntil(io, [&] { return c.closed && s.closed; }));
  EXPECT_EQ(*c.closed, "closed by us");
  EXPECT_EQ(*s.closed, "closed by us");
  // Both sockets get closed: the io_context runs out of work (no handler left waiting).
  io.restart();
  io.run_for(kWait);
  EXPECT_TRUE(io.stopped());
}

TEST(Tls, ClientRefusesAServerWhoseCertificateChanged) {
  TempDir dir;
  const tls::CertPaths first = tls::ensureSelfSigned(dir / "first");
  const tls::CertPaths second = tls::ensureSelfSigned(dir / "second");
  const std::string fp1 = tls::fingerprintOfFile(first.cert);
  const std::string fp2 = tls::fingerprintOfFile(second.cert);
  ASSERT_NE(fp1, fp2);
  asio::io_context io;
  TlsServer server(io, second);  // the same address now shows another certificate
  asio::ssl::context clientCtx = tls::clientContext();
  tls::KnownServers pins(dir / "known_servers");
  const std::string key = tls::hostPortKey("127.0.0.1", server.port());
  pins.pin(key, fp1);

  server.acceptOne();
  std::optional<tls::Result> client;
  connectTls(io, clientCtx, server.port(), pins, client);
  ASSERT_TRUE(runUntil(io, [&] { return client.has_value(); }));
  EXPECT_FALSE(client->session);
  EXPECT_EQ(client->failure, tls::Failure::CertificateChanged);
  EXPECT_EQ(client->fingerprint, fp2);
  EXPECT_EQ(client->pinned, fp1);
  EXPECT_FALSE(client->firstUse);
  const std::string warning = tls::describe(*client, pins.path());
  EXPECT_NE(warning.find("WARNING"), std::string::npos) << warning;
  EXPECT_NE(warning.find(fp1), std::string::npos) << warning;
  EXPECT_NE(warning.find(fp2), std::string::npos) << warning;
  EXPECT_NE(warning.find(key), std::string::npos) << warning;
  EXPECT_NE(warning.find(pins.path()), std::string::npos) << warning;
  // The pin stays as it was.
  EXPECT_EQ(pins.check(key, fp1).status, tls::PinStatus::Match);

  // The server got no application byte: its handshake failed, or its session ends without a
  // message.
  ASSERT_TRUE(runUntil(io, [&] { return server.results.size() == 1; }));
  if (server.results[0].session) {
    Peer s;
    s.start(server.results[0].session);
    ASSERT_TRUE(runUntil(io, [&] { return s.closed.has_value(); }));
    EXPECT_TRUE(s.got.empty());
  }
}

TEST(Tls, PlaintextGomokuClientIsToldToUpdate) {
  TempDir dir;
  asio::io_context io;
  TlsServer server(io, tls::ensureSelfSigned(dir / "server"));
  server.acceptOne();
  // An old client: plain TCP, HELLO first.
  tcp::socket raw = connectTo(io, server.port());
  asio::write(raw, asio::buffer(encode(hello("old"))));
  ASSERT_TRUE(runUntil(io, [&] { return server.results.size() == 1; }));
  const tls::Result& r = server.results[0];
  EXPECT_FALSE(r.session);
  EXPECT_EQ(r.failure, tls::Failure::PlainGomoku) << tls::describe(r);
  EXPECT_EQ(tls::describe(r).rfind("not TLS", 0), 0u) << tls::describe(r);
  EXPECT_EQ(r.peer.rfind("127.0.0.1:", 0), 0u);

  // The client reads a plaintext ERROR it understands, then the end of the stream.
  Bytes header(kHeaderSize);
  bool done = false;
  error_code rec;
  asio::async_read(raw, asio::buffer(header), [&](const error_code& ec, std::size_t) {
    rec = ec;
    done = true;
  });
  ASSERT_TRUE(runUntil(io, [&] { return done; }));
  ASSERT_FALSE(rec) << rec.message();
  DecodeError e;
  const Header h = decodeHeader(header.data(), e);
  ASSERT_EQ(e, DecodeError::None);
  Bytes body(h.length);
  done = false;
  asio::async_read(raw, asio::buffer(body), [&](const error_code& ec, std::size_t) {
    rec = ec;
    done = true;
  });
  ASSERT_TRUE(runUntil(io, [&] { return done; }));
  ASSERT_FALSE(rec) << rec.message();
  const Message m = decodeBody(h, body.data(), body.size(), e);
  ASSERT_EQ(e, DecodeError::None);
  ASSERT_TRUE(std::holds_alternative<Error>(m));
  EXPECT_EQ(std::get<Error>(m).code, ErrorCode::VersionMismatch);
  EXPECT_EQ(std::get<Error>(m).text,
            "this server needs an encrypted connection; update the program");
  std::uint8_t more[16];
  done = false;
  raw.async_read_some(asio::buffer(more), [&](const error_code& ec, std::size_t) {
    rec = ec;
    done = true;
  });
  ASSERT_TRUE(runUntil(io, [&] { return done; }));
  EXPECT_EQ(rec, asio::error::eof) << rec.message();
}

TEST(Tls, PlaintextOtherClientIsRefused) {
  TempDir dir;
  asio::io_context io;
  TlsServer server(io, tls::ensureSelfSigned(dir / "server"));
  server.acceptOne();
  tcp::socket raw = connectTo(io, server.port());
  const std::string get = "GET / HTTP/1.0\r\n\r\n";
  asio::write(raw, asio::buffer(get));
  ASSERT_TRUE(runUntil(io, [&] { return server.results.size() == 1; }));
  EXPECT_FALSE(server.results[0].session);
  EXPECT_EQ(server.results[0].failure, tls::Failure::NotTls) << tls::describe(server.results[0]);
  EXPECT_EQ(tls::describe(server.results[0]).rfind("not TLS", 0), 0u);
  // The connection is closed (an end of stream or a reset: nothing was read from it).
  std::uint8_t buf[16];
  bool done = false;
  error_code rec;
  raw.async_read_some(asio::buffer(buf), [&](const error_code& ec, std::size_t) {
    rec = ec;
    done = true;
  });
  ASSERT_TRUE(runUntil(io, [&] { return done; }));
  EXPECT_TRUE(rec == asio::error::eof || rec == asio::error::connection_reset) << rec.message();
}

TEST(Tls, ClientFailsCleanlyAgainstAPlainGomokuHost) {
  // A plain TCP Gomoku program (a P2P host) at the address: the client's TLS bytes are refused
  // there as "not a Gomoku program"; the client reports a failure and pins nothing.
  TempDir dir;
  asio::io_context io;
  tcp::acceptor acceptor(io, tcp::endpoint(asio::ip::address_v4::loopback(), 0));
  const std::uint16_t port = acceptor.local_endpoint().port();
  std::shared_ptr<Session> host;
  Peer h;
  acceptor.async_accept([&](const error_code& ec, tcp::socket s) {
    ASSERT_FALSE(ec);
    host = std::make_shared<Session>(std::move(s));
    h.start(host);
  });
  asio::ssl::context clientCtx = tls::clientContext();
  tls::KnownServers pins(dir / "known_servers");
  std::optional<tls::Result> client;
  connectTls(io, clientCtx, port, pins, client);
  ASSERT_TRUE(runUntil(io, [&] { return client && h.closed; }));
  EXPECT_FALSE(client->session);
  EXPECT_TRUE(client->failure == tls::Failure::Closed || client->failure == tls::Failure::NotTls)
      << tls::describe(*client);
  EXPECT_EQ(*h.closed, "the other side is not a Gomoku program");
  EXPECT_FALSE(fs::exists(pins.path()));
}

TEST(Tls, SilentClientTimesOut) {
  TempDir dir;
  asio::io_context io;
  TlsServer server(io, tls::ensureSelfSigned(dir / "server"), 100ms);
  server.acceptOne();
  tcp::socket raw = connectTo(io, server.port());  // says nothing
  ASSERT_TRUE(runUntil(io, [&] { return server.results.size() == 1; }));
  EXPECT_FALSE(server.results[0].session);
  EXPECT_EQ(server.results[0].failure, tls::Failure::Timeout);
}

}  // namespace
