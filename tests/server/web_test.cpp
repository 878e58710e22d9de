// The web front of gomoku-server (src/server/web.h): which files it serves, the headers, the
// Origin check, and the game protocol over a WebSocket against the real Server (in-process,
// SQLite in a temp folder, loopback, ports chosen by the system).

#include "server/web.h"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include <gtest/gtest.h>
#include <boost/asio/connect.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>

#include "net/tls.h"
#include "net/wire.h"
#include "server/server.h"
#include "server/storage.h"

namespace {

namespace fs = std::filesystem;
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using asio::ip::tcp;
using namespace gomoku;
using namespace gomoku::server;

// A temp folder, removed at the end.
struct TempDir {
  fs::path path;
  TempDir() {
    std::string t = (fs::temp_directory_path() / "gomoku-web-XXXXXX").string();
    path = mkdtemp(t.data());
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

void writeFile(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

// A web root with a page, a script, an image, a hidden file, and a secret beside the root
// that a symbolic link inside points to.
struct WebRoot {
  TempDir dir;
  fs::path root;
  WebRoot() {
    root = dir.path / "web";
    writeFile(root / "index.html", "<!doctype html><title>Gomoku</title>");
    writeFile(root / "js" / "app.js", "export const x = 1;\n");
    writeFile(root / "img" / "stone.png", "\x89PNG\r\n");
    writeFile(root / "i18n" / "zh_CN.json", "{}");
    writeFile(root / ".secret", "hidden");
    writeFile(dir.path / "secret.txt", "outside");
    fs::create_symlink(dir.path / "secret.txt", root / "link.txt");
    fs::create_symlink(dir.path, root / "up");
    root = fs::canonical(root);
  }
};

TEST(WebFiles, ServesFilesUnderTheRootOnly) {
  WebRoot w;
  const std::string r = w.root.string();
  EXPECT_EQ(resolveWebPath(r, "/"), r + "/index.html");
  EXPECT_EQ(resolveWebPath(r, "/index.html?lang=zh"), r + "/index.html");
  EXPECT_EQ(resolveWebPath(r, "/js/app.js"), r + "/js/app.js");
  EXPECT_EQ(resolveWebPath(r, "/img/stone.png"), r + "/img/stone.png");
  for (const char* bad :
       {"", "index.html", "/../secret.txt", "/js/../../secret.txt", "/js/..", "/%2e%2e/secret.txt",
        "/js%2fapp.js", "/js\\app.js", "/.secret", "/./index.html", "//etc/passwd", "/etc/passwd",
        "/link.txt", "/up/secret.txt", "/js/", "/js", "/missing.html", "/index.html/"})
    EXPECT_EQ(resolveWebPath(r, bad), "") << "target " << bad;
  EXPECT_EQ(resolveWebPath(r, std::string("/index.html\0.png", 16)), "");
  EXPECT_EQ(resolveWebPath(r, "/" + std::string(300, 'a')), "");
}

TEST(WebFiles, ContentTypes) {
  EXPECT_EQ(contentTypeOf("index.html"), "text/html; charset=utf-8");
  EXPECT_EQ(contentTypeOf("/a/app.js"), "text/javascript; charset=utf-8");
  EXPECT_EQ(contentTypeOf("style.CSS"), "text/css; charset=utf-8");
  EXPECT_EQ(contentTypeOf("zh_CN.json"), "application/json");
  EXPECT_EQ(contentTypeOf("stone-black-64.png"), "image/png");
  EXPECT_EQ(contentTypeOf("README"), "application/octet-stream");
}

// The real server on loopback, run on a thread of its own.
struct LiveServer {
  TempDir data;
  WebRoot web;
  std::unique_ptr<Server> server;
  std::thread thread;

  LiveServer() {
    ServerOptions o;
    o.listen = "127.0.0.1";
    o.port = 0;
    o.webPort = 0;
    o.webRoot = web.root.string();
    o.ioThreads = 1;
    o.hall.waveInterval = std::chrono::milliseconds(20);
    auto paths = net::tls::ensureSelfSigned(data.path.string());
    o.certPath = paths.cert;
    o.keyPath = paths.key;
    server = std::make_unique<Server>(o, openStorage((data.path / "server.db").string()),
                                      [](const std::string&) {});
    thread = std::thread([this] { server->run(); });
  }
  ~LiveServer() {
    server->stop();
    thread.join();
  }
  std::uint16_t port() const { return server->webPort(); }
  std::string host() const { return "127.0.0.1:" + std::to_string(port()); }
};

// A connected socket with a receive limit, so that a server that stays silent fails the test
// instead of hanging it.
tcp::socket connectTo(asio::io_context& io, std::uint16_t port) {
  tcp::socket s(io);
  s.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  timeval tv{20, 0};
  setsockopt(s.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  return s;
}

http::response<http::string_body> request(LiveServer& srv, http::verb verb,
                                          const std::string& target,
                                          const std::string& ifNoneMatch = "") {
  asio::io_context io;
  auto s = connectTo(io, srv.port());
  http::request<http::string_body> req{verb, target, 11};
  req.set(http::field::host, srv.host());
  if (!ifNoneMatch.empty()) req.set(http::field::if_none_match, ifNoneMatch);
  http::write(s, req);
  beast::flat_buffer b;
  http::response_parser<http::string_body> parser;
  parser.skip(verb == http::verb::head);
  http::read(s, b, parser);
  return parser.release();
}

TEST(WebServer, ServesThePageWithItsHeaders) {
  LiveServer srv;
  auto page = request(srv, http::verb::get, "/");
  EXPECT_EQ(page.result(), http::status::ok);
  EXPECT_EQ(page.body(), "<!doctype html><title>Gomoku</title>");
  EXPECT_EQ(page[http::field::content_type], "text/html; charset=utf-8");
  EXPECT_NE(page["Content-Security-Policy"].find("script-src 'self'"), beast::string_view::npos);
  EXPECT_EQ(page["X-Content-Type-Options"], "nosniff");
  EXPECT_EQ(page[http::field::cache_control], "no-cache");
  const std::string etag(page[http::field::etag]);
  ASSERT_FALSE(etag.empty());
  EXPECT_EQ(request(srv, http::verb::get, "/", etag).result(), http::status::not_modified);

  auto img = request(srv, http::verb::get, "/img/stone.png");
  EXPECT_EQ(img[http::field::content_type], "image/png");
  EXPECT_NE(img[http::field::cache_control].find("max-age"), beast::string_view::npos);
  auto head = request(srv, http::verb::head, "/js/app.js");
  EXPECT_EQ(head.result(), http::status::ok);
  EXPECT_EQ(head[http::field::content_type], "text/javascript; charset=utf-8");

  EXPECT_EQ(request(srv, http::verb::post, "/").result(), http::status::method_not_allowed);
  for (const char* bad : {"/../secret.txt", "/%2e%2e/secret.txt", "/link.txt", "/.secret",
                          "/up/secret.txt", "/js/../../secret.txt"}) {
    auto r = request(srv, http::verb::get, bad);
    EXPECT_EQ(r.result(), http::status::not_found) << bad;
    EXPECT_EQ(r.body().find("outside"), std::string::npos) << bad;
    EXPECT_EQ(r.body().find("hidden"), std::string::npos) << bad;
  }
}

// The same port speaks HTTPS (the server's certificate) to anyone: the page and its WebSocket
// (wss://) as a browser on another machine reaches them.
TEST(WebServer, ServesThePageAndTheWebSocketOverTls) {
  LiveServer srv;
  asio::io_context io;
  asio::ssl::context ctx(asio::ssl::context::tls_client);
  ctx.set_verify_mode(asio::ssl::verify_none);  // self-signed: the browser asks its user once
  beast::ssl_stream<tcp::socket> tls(connectTo(io, srv.port()), ctx);
  tls.handshake(asio::ssl::stream_base::client);
  http::request<http::empty_body> req{http::verb::get, "/", 11};
  req.set(http::field::host, srv.host());
  http::write(tls, req);
  beast::flat_buffer b;
  http::response<http::string_body> res;
  http::read(tls, b, res);
  EXPECT_EQ(res.result(), http::status::ok);
  EXPECT_EQ(res.body(), "<!doctype html><title>Gomoku</title>");

  beast::ssl_stream<tcp::socket> tls2(connectTo(io, srv.port()), ctx);
  tls2.handshake(asio::ssl::stream_base::client);
  websocket::stream<beast::ssl_stream<tcp::socket>&> ws(tls2);
  ws.set_option(websocket::stream_base::decorator(
      [&srv](websocket::request_type& r) { r.set(http::field::origin, "https://" + srv.host()); }));
  ws.handshake(srv.host(), "/ws");
  ws.binary(true);
  beast::flat_buffer frame;
  ws.read(frame);
  auto d = frame.data();
  const auto* p = static_cast<const std::uint8_t*>(d.data());
  net::DecodeError e = net::DecodeError::None;
  net::Header h = net::decodeHeader(p, e);
  ASSERT_EQ(e, net::DecodeError::None);
  EXPECT_EQ(static_cast<net::MsgType>(h.type), net::MsgType::Welcome);
}

// The status of GET / on a new connection, or 0 when the server closed it unanswered.
int tryGet(LiveServer& srv) {
  asio::io_context io;
  auto s = connectTo(io, srv.port());
  http::request<http::empty_body> req{http::verb::get, "/", 11};
  req.set(http::field::host, srv.host());
  beast::error_code ec;
  http::write(s, req, ec);
  beast::flat_buffer b;
  http::response<http::string_body> res;
  if (!ec) http::read(s, b, res, ec);
  return ec ? 0 : static_cast<int>(res.result_int());
}

// One address cannot hold the web port's sockets open without end: past 32 connections that
// are not WebSockets yet, more are closed at once; a place frees when one of them ends.
TEST(WebServer, LimitsOpenConnectionsPerAddress) {
  LiveServer srv;
  asio::io_context io;
  std::vector<tcp::socket> held;
  for (int i = 0; i < 32; ++i) held.push_back(connectTo(io, srv.port()));
  // The server accepts in order: the held sockets have their places before this one comes.
  EXPECT_EQ(tryGet(srv), 0);
  held.back().close();
  held.pop_back();
  // The server frees the place when it reads the end of that stream; until then a request
  // is refused as above. Each try is answered at once, either way.
  int status = 0;
  for (int i = 0; i < 1000 && status == 0; ++i) status = tryGet(srv);
  EXPECT_EQ(status, 200);
}

// A WebSocket client of the game protocol: one message per binary frame.
struct WsClient {
  asio::io_context io;
  websocket::stream<tcp::socket> ws{io};
  beast::flat_buffer buffer;

  // Upgrades with `origin` ("" = none); returns the HTTP status of the answer.
  int open(LiveServer& srv, const std::string& origin) {
    ws.next_layer() = connectTo(io, srv.port());
    ws.set_option(websocket::stream_base::decorator([origin](websocket::request_type& req) {
      if (!origin.empty()) req.set(http::field::origin, origin);
    }));
    websocket::response_type res;
    beast::error_code ec;
    ws.handshake(res, srv.host(), "/ws", ec);
    ws.binary(true);
    return static_cast<int>(res.result_int());
  }
  void send(const net::Message& m) { ws.write(asio::buffer(net::encode(m))); }
  void sendBytes(const std::vector<std::uint8_t>& b) { ws.write(asio::buffer(b)); }
  // The next message other than HEARTBEAT; nullopt when the connection ended.
  std::optional<net::Message> next() {
    for (;;) {
      buffer.clear();
      beast::error_code ec;
      ws.read(buffer, ec);
      if (ec) return std::nullopt;
      auto d = buffer.data();
      const auto* p = static_cast<const std::uint8_t*>(d.data());
      net::DecodeError e = net::DecodeError::None;
      EXPECT_GE(d.size(), net::kHeaderSize);
      net::Header h = net::decodeHeader(p, e);
      EXPECT_EQ(e, net::DecodeError::None);
      EXPECT_EQ(h.length, d.size() - net::kHeaderSize);  // one whole message per frame
      net::Message m = net::decodeBody(h, p + net::kHeaderSize, d.size() - net::kHeaderSize, e);
      EXPECT_EQ(e, net::DecodeError::None);
      if (!std::holds_alternative<net::Heartbeat>(m)) return m;
    }
  }
  template <class T>
  std::optional<T> until() {
    while (auto m = next())
      if (auto* t = std::get_if<T>(&*m)) return *t;
    return std::nullopt;
  }
};

// The HTTP status of a WebSocket upgrade request with `origin` ("" = none).
int upgradeStatus(LiveServer& srv, const std::string& origin) {
  asio::io_context io;
  auto s = connectTo(io, srv.port());
  http::request<http::empty_body> req{http::verb::get, "/ws", 11};
  req.set(http::field::host, srv.host());
  req.set(http::field::upgrade, "websocket");
  req.set(http::field::connection, "Upgrade");
  req.set(http::field::sec_websocket_key, "dGhlIHNhbXBsZSBub25jZQ==");
  req.set(http::field::sec_websocket_version, "13");
  if (!origin.empty()) req.set(http::field::origin, origin);
  http::write(s, req);
  beast::flat_buffer b;
  http::response<http::string_body> res;
  http::read(s, b, res);
  return static_cast<int>(res.result_int());
}

TEST(WebServer, RefusesAWebSocketFromAnotherOrigin) {
  LiveServer srv;
  EXPECT_EQ(upgradeStatus(srv, "http://evil.example"), 403);
  EXPECT_EQ(upgradeStatus(srv, "http://127.0.0.1:1"), 403);     // another port: another origin
  EXPECT_EQ(upgradeStatus(srv, "https://" + srv.host()), 403);  // another scheme
  EXPECT_EQ(upgradeStatus(srv, ""), 403);
  EXPECT_EQ(upgradeStatus(srv, "http://" + srv.host()), 101);
  WsClient ok;
  EXPECT_EQ(ok.open(srv, "http://" + srv.host()), 101);
  EXPECT_TRUE(ok.until<net::Welcome>());
}

TEST(WebServer, BrowserPlayersRegisterFindEachOtherAndPlay) {
  LiveServer srv;
  WsClient a, b;
  ASSERT_EQ(a.open(srv, "http://" + srv.host()), 101);
  ASSERT_EQ(b.open(srv, "http://" + srv.host()), 101);
  a.send(net::Register{"网页甲", "password-a"});
  b.send(net::Register{"WebB", "password-b"});
  auto ra = a.until<net::LoginResult>();
  auto rb = b.until<net::LoginResult>();
  ASSERT_TRUE(ra && rb);
  EXPECT_EQ(ra->status, net::LoginStatus::Ok);
  EXPECT_EQ(rb->status, net::LoginStatus::Ok);
  EXPECT_EQ(ra->token.size(), 64u);
  a.send(net::Find{Rule::Freestyle});
  b.send(net::Find{Rule::Freestyle});
  auto ma = a.until<net::Matched>();
  auto mb = b.until<net::Matched>();
  ASSERT_TRUE(ma && mb);
  EXPECT_NE(ma->youAreBlack, mb->youAreBlack);
  EXPECT_EQ(ma->opponent, "WebB");
  // Each runs the match as the joiner, as the desktop clients do.
  a.send(net::Hello{net::kProtocolMajor, net::kProtocolMinor, "web", "网页甲"});
  b.send(net::Hello{net::kProtocolMajor, net::kProtocolMinor, "web", "WebB"});
  ASSERT_TRUE(a.until<net::Setup>());
  ASSERT_TRUE(b.until<net::Setup>());
  WsClient& black = ma->youAreBlack ? a : b;
  WsClient& white = ma->youAreBlack ? b : a;
  black.send(net::Move{0, 7, 7});
  auto m = white.until<net::Move>();
  ASSERT_TRUE(m);
  EXPECT_EQ(*m, (net::Move{0, 7, 7}));
}

TEST(WebServer, BadBytesEndTheWebSocketWithAnError) {
  LiveServer srv;
  WsClient c;
  ASSERT_EQ(c.open(srv, "http://" + srv.host()), 101);
  ASSERT_TRUE(c.until<net::Welcome>());
  auto bytes = net::encode(net::Find{Rule::Renju});
  bytes.push_back(0);  // the header's length no longer matches the frame
  c.sendBytes(bytes);
  auto e = c.until<net::Error>();
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, net::ErrorCode::Protocol);
  EXPECT_FALSE(c.next());  // then closed
}

}  // namespace
