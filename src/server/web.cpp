#include "server/web.h"

#include <sys/stat.h>

#include <climits>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <mutex>
#include <sstream>
#include <unordered_map>

#include <boost/asio/post.hpp>
#include <boost/asio/ssl/stream_base.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/core/detect_ssl.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>

#include "server/server.h"

namespace gomoku::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using asio::ip::tcp;
using boost::system::error_code;

namespace {

constexpr const char* kCsp =
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
constexpr std::size_t kMaxRequestHeader = 8192;
// Connections not yet upgraded to a WebSocket (TLS handshakes, page loads) one address may hold
// at once: a browser opens a handful; more is somebody holding sockets open to starve others.
// Upgraded WebSockets count in the hall's own per-address limit instead.
constexpr int kMaxHttpPerAddress = 32;
constexpr std::size_t kMaxFileBytes = 4 * 1024 * 1024;

bool endsWith(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

bool isImage(const std::string& type) {
  return type.rfind("image/", 0) == 0;
}

std::string lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;

Response makeResponse(const Request& req, http::status status, std::string type, std::string body) {
  Response res{status, req.version()};
  res.set(http::field::server, "gomoku-server");
  res.set(http::field::content_type, std::move(type));
  res.set("Content-Security-Policy", kCsp);
  res.set("X-Content-Type-Options", "nosniff");
  res.set("Referrer-Policy", "no-referrer");
  res.set("X-Frame-Options", "DENY");
  res.keep_alive(req.keep_alive());
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

Response errorResponse(const Request& req, http::status status, const std::string& text) {
  Response res = makeResponse(req, status, "text/plain; charset=utf-8", text + "\n");
  res.set(http::field::cache_control, "no-store");
  return res;
}

// A static file (or 304 / 404 / 405) for `req` under `root`.
Response fileResponse(const Request& req, const std::string& root) {
  if (req.method() != http::verb::get && req.method() != http::verb::head) {
    Response res = errorResponse(req, http::status::method_not_allowed, "method not allowed");
    res.set(http::field::allow, "GET, HEAD");
    return res;
  }
  const std::string target(req.target());
  const std::string path = root.empty() ? std::string() : resolveWebPath(root, target);
  struct stat st {};
  if (path.empty() || stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode) ||
      static_cast<std::size_t>(st.st_size) > kMaxFileBytes)
    return errorResponse(
        req, http::status::not_found,
        root.empty() ? "this server has no web page folder (--web-root)" : "not found");
  const std::string type = contentTypeOf(path);
  const std::string etag = "\"" + std::to_string(static_cast<long long>(st.st_mtime)) + "-" +
                           std::to_string(static_cast<long long>(st.st_size)) + "\"";
  const std::string cache = isImage(type) ? "public, max-age=86400" : "no-cache";
  if (req[http::field::if_none_match] == etag) {
    Response res = makeResponse(req, http::status::not_modified, type, "");
    res.set(http::field::etag, etag);
    res.set(http::field::cache_control, cache);
    return res;
  }
  std::ifstream in(path, std::ios::binary);
  std::ostringstream body;
  body << in.rdbuf();
  if (!in && !in.eof()) return errorResponse(req, http::status::internal_server_error, "read");
  Response res = makeResponse(req, http::status::ok, type, body.str());
  res.set(http::field::etag, etag);
  res.set(http::field::cache_control, cache);
  if (req.method() == http::verb::head) {
    const auto size = res.body().size();
    res.body().clear();
    res.content_length(size);
  }
  return res;
}

// True when the upgrade request comes from a page of this server: Origin is the scheme and
// Host of the request itself.
bool sameOrigin(const Request& req, bool secure) {
  const std::string origin(req[http::field::origin]);
  const std::string host(req[http::field::host]);
  if (origin.empty() || host.empty()) return false;
  return lower(origin) == lower(std::string(secure ? "https://" : "http://") + host);
}

// --- WebSocket channel ---------------------------------------------------------------------

template <class Stream>
class WsChannel final : public Channel, public std::enable_shared_from_this<WsChannel<Stream>> {
 public:
  explicit WsChannel(websocket::stream<Stream> ws) : ws_(std::move(ws)) {}

  void start(MessageFn onMessage, ClosedFn onClosed) override {
    onMessage_ = std::move(onMessage);
    onClosed_ = std::move(onClosed);
    ws_.binary(true);
    ws_.read_message_max(net::kHeaderSize + net::kMaxPayload);
    read();
  }

  void send(const net::Message& m) override {
    auto bytes = std::make_shared<std::vector<std::uint8_t>>(net::encode(m));
    asio::post(ws_.get_executor(), [self = this->shared_from_this(), bytes] {
      if (self->closing_ || self->reported_) return;
      self->queue_.push_back(std::move(*bytes));
      if (self->queue_.size() == 1) self->writeNext();
    });
  }

  void closeAfterWrites() override {
    asio::post(ws_.get_executor(), [self = this->shared_from_this()] {
      if (self->closing_) return;
      self->closing_ = true;
      if (self->queue_.empty()) self->closeNow();
    });
  }

  void abort() override {
    asio::post(ws_.get_executor(), [self = this->shared_from_this()] {
      self->closing_ = true;
      self->queue_.clear();
      error_code ec;
      beast::get_lowest_layer(self->ws_).socket().close(ec);
      self->report("closed by the server");
    });
  }

 private:
  void read() {
    ws_.async_read(buffer_, [self = this->shared_from_this()](error_code ec, std::size_t) {
      if (ec)
        return self->report(ec == websocket::error::closed ? "the client closed the page"
                                                           : ec.message());
      if (!self->ws_.got_binary()) return self->fault(net::DecodeError::BadMagic);
      auto data = self->buffer_.data();
      const auto* p = static_cast<const std::uint8_t*>(data.data());
      const std::size_t n = data.size();
      net::DecodeError e = net::DecodeError::None;
      net::Message m;
      if (n < net::kHeaderSize) {
        e = net::DecodeError::Truncated;
      } else {
        const net::Header h = net::decodeHeader(p, e);
        if (e == net::DecodeError::None && h.length != n - net::kHeaderSize)
          e = h.length > n - net::kHeaderSize ? net::DecodeError::Truncated
                                              : net::DecodeError::TrailingBytes;
        if (e == net::DecodeError::None)
          m = net::decodeBody(h, p + net::kHeaderSize, n - net::kHeaderSize, e);
      }
      self->buffer_.consume(n);
      if (e != net::DecodeError::None) return self->fault(e);
      if (!self->reported_ && self->onMessage_) self->onMessage_(std::move(m));
      self->read();
    });
  }

  // Bad bytes: tell the client (unless it is not speaking the protocol at all) and close.
  void fault(net::DecodeError e) {
    const std::string text = net::decodeErrorText(e);
    report("the client sent bad data: " + text, e);
    if (e != net::DecodeError::BadMagic && !closing_) {
      queue_.clear();
      queue_.push_back(net::encode(net::Error{net::ErrorCode::Protocol, text}));
      closing_ = true;
      writeNext();
    } else {
      closeNow();
    }
  }

  void writeNext() {
    ws_.async_write(asio::buffer(queue_.front()),
                    [self = this->shared_from_this()](error_code ec, std::size_t) {
                      if (ec) {
                        self->queue_.clear();
                        return self->report(ec.message());
                      }
                      self->queue_.pop_front();
                      if (!self->queue_.empty()) return self->writeNext();
                      if (self->closing_) self->closeNow();
                    });
  }

  void closeNow() {
    if (closeSent_) return;
    closeSent_ = true;
    ws_.async_close(websocket::close_code::normal, [self = this->shared_from_this()](error_code) {
      error_code ec;
      beast::get_lowest_layer(self->ws_).socket().close(ec);
      self->report("closed");
    });
  }

  void report(const std::string& reason, net::DecodeError e = net::DecodeError::None) {
    if (reported_) return;
    reported_ = true;
    if (onClosed_) onClosed_(reason, e);
  }

  websocket::stream<Stream> ws_;
  beast::flat_buffer buffer_;
  std::deque<std::vector<std::uint8_t>> queue_;
  MessageFn onMessage_;
  ClosedFn onClosed_;
  bool closing_ = false;
  bool closeSent_ = false;
  bool reported_ = false;
};

}  // namespace

// --- HTTP connection -----------------------------------------------------------------------

struct WebFront::Impl : std::enable_shared_from_this<WebFront::Impl> {
  // One connection's place in the per-address count, held until it ends or is upgraded.
  struct Slot {
    std::shared_ptr<Impl> impl;
    std::string address;
    Slot(std::shared_ptr<Impl> i, std::string a) : impl(std::move(i)), address(std::move(a)) {}
    Slot(const Slot&) = delete;
    Slot& operator=(const Slot&) = delete;
    ~Slot() {
      std::lock_guard<std::mutex> lock(impl->slotsMutex);
      if (--impl->slots[address] == 0) impl->slots.erase(address);
    }
  };
  std::shared_ptr<Slot> takeSlot(const std::string& address) {
    {
      std::lock_guard<std::mutex> lock(slotsMutex);
      int& n = slots[address];
      if (n >= kMaxHttpPerAddress) return nullptr;
      ++n;
    }
    // Made in place, outside the lock: a Slot's destructor gives the place back.
    return std::shared_ptr<Slot>(new Slot(shared_from_this(), address));
  }
  std::mutex slotsMutex;
  std::unordered_map<std::string, int> slots;

  asio::io_context& acceptIo;
  PickIoFn pickIo;
  asio::ssl::context& tls;
  WebOptions options;
  AdoptFn adopt;
  LogFn log;
  std::unique_ptr<tcp::acceptor> acceptor;
  bool stopped = false;

  Impl(asio::io_context& a, PickIoFn p, asio::ssl::context& t, WebOptions o, AdoptFn ad, LogFn l)
      : acceptIo(a),
        pickIo(std::move(p)),
        tls(t),
        options(std::move(o)),
        adopt(std::move(ad)),
        log(std::move(l)) {}

  void accept();
};

namespace {

// One HTTP connection: requests in turn (keep-alive) until an upgrade to /ws or the end.
template <class Stream>
class HttpConn final : public std::enable_shared_from_this<HttpConn<Stream>> {
 public:
  HttpConn(std::shared_ptr<WebFront::Impl> front, asio::io_context& io, Stream stream,
           beast::flat_buffer buffer, std::string address, bool secure,
           std::shared_ptr<WebFront::Impl::Slot> slot)
      : slot_(std::move(slot)),
        front_(std::move(front)),
        io_(io),
        stream_(std::move(stream)),
        buffer_(std::move(buffer)),
        address_(std::move(address)),
        secure_(secure) {}

  void run() { readRequest(); }

 private:
  void readRequest() {
    parser_.emplace();
    parser_->header_limit(kMaxRequestHeader);
    parser_->body_limit(0);  // GET and HEAD only: no request bodies
    beast::get_lowest_layer(stream_).expires_after(std::chrono::seconds(30));
    http::async_read(stream_, buffer_, *parser_,
                     [self = this->shared_from_this()](error_code ec, std::size_t) {
                       if (ec) return self->end();
                       self->handle(self->parser_->release());
                     });
  }

  void handle(Request req) {
    const std::string target(req.target());
    const std::string path = target.substr(0, target.find('?'));
    if (path == "/ws") {
      if (!websocket::is_upgrade(req))
        return write(errorResponse(req, http::status::upgrade_required, "WebSocket only"));
      if (!sameOrigin(req, secure_)) {
        front_->log(address_ + ": WebSocket refused: origin '" +
                    std::string(req[http::field::origin]).substr(0, 100) + "' is not this site");
        Response res = errorResponse(req, http::status::forbidden, "foreign origin");
        res.keep_alive(false);
        return write(std::move(res));
      }
      return upgrade(std::move(req));
    }
    write(fileResponse(req, front_->options.root));
  }

  void write(Response res) {
    auto r = std::make_shared<Response>(std::move(res));
    const bool again = r->keep_alive();
    http::async_write(stream_, *r,
                      [self = this->shared_from_this(), r, again](error_code ec, std::size_t) {
                        if (ec || !again) return self->end();
                        self->readRequest();
                      });
  }

  void upgrade(Request req) {
    beast::get_lowest_layer(stream_).expires_never();
    auto ws = std::make_shared<websocket::stream<Stream>>(std::move(stream_));
    ws->set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws->set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(http::field::server, "gomoku-server"); }));
    auto r = std::make_shared<Request>(std::move(req));
    slot_.reset();  // a WebSocket counts in the hall's limit, not here
    ws->async_accept(*r, [self = this->shared_from_this(), ws, r](error_code ec) {
      if (ec) return;
      auto channel = std::make_shared<WsChannel<Stream>>(std::move(*ws));
      self->front_->adopt(self->io_, std::move(channel), self->address_);
    });
  }

  void end() {
    error_code ec;
    beast::get_lowest_layer(stream_).socket().shutdown(tcp::socket::shutdown_send, ec);
    beast::get_lowest_layer(stream_).close();
  }

  std::shared_ptr<WebFront::Impl::Slot> slot_;  // released when this connection ends
  std::shared_ptr<WebFront::Impl> front_;
  asio::io_context& io_;
  Stream stream_;
  beast::flat_buffer buffer_;
  std::string address_;
  bool secure_;
  std::optional<http::request_parser<http::string_body>> parser_;
};

// Plain HTTP from a peer that is not on this machine: point it at the https:// address.
void redirectToHttps(std::shared_ptr<beast::tcp_stream> stream, beast::flat_buffer buffer,
                     std::shared_ptr<void> slot) {
  auto buf = std::make_shared<beast::flat_buffer>(std::move(buffer));
  auto req = std::make_shared<Request>();
  stream->expires_after(std::chrono::seconds(10));
  http::async_read(*stream, *buf, *req, [stream, buf, req, slot](error_code ec, std::size_t) {
    if (ec) return;
    const std::string host(req->at(http::field::host));
    auto res = std::make_shared<Response>(
        errorResponse(*req, http::status::moved_permanently, "use https"));
    if (!host.empty() && host.find_first_of("\r\n") == std::string::npos)
      res->set(http::field::location, "https://" + host + "/");
    res->keep_alive(false);
    http::async_write(*stream, *res, [stream, res, slot](error_code, std::size_t) {
      error_code ignored;
      stream->socket().shutdown(tcp::socket::shutdown_send, ignored);
    });
  });
}

}  // namespace

void WebFront::Impl::accept() {
  asio::io_context& io = pickIo();
  acceptor->async_accept(io, [self = shared_from_this(), &io](error_code ec, tcp::socket socket) {
    if (ec == asio::error::operation_aborted || self->stopped) return;
    if (!ec) {
      const std::string address = addressOf(socket);
      auto slot = self->takeSlot(address);
      if (!slot) {
        error_code ignored;
        socket.close(ignored);  // too many at once from there
        return self->accept();
      }
      auto stream = std::make_shared<beast::tcp_stream>(std::move(socket));
      auto buffer = std::make_shared<beast::flat_buffer>();
      stream->expires_after(self->options.handshakeTimeout);
      // TLS or plain HTTP: the first bytes tell (a TLS ClientHello starts with 0x16).
      beast::async_detect_ssl(
          *stream, *buffer, [self, &io, stream, buffer, address, slot](error_code ec, bool tls) {
            if (ec) return;
            if (!tls) {
              if (!isLoopbackAddress(address))
                return redirectToHttps(stream, std::move(*buffer), slot);
              std::make_shared<HttpConn<beast::tcp_stream>>(
                  self, io, std::move(*stream), std::move(*buffer), address, false, slot)
                  ->run();
              return;
            }
            auto ssl = std::make_shared<beast::ssl_stream<beast::tcp_stream>>(std::move(*stream),
                                                                              self->tls);
            ssl->async_handshake(
                asio::ssl::stream_base::server, buffer->data(),
                [self, &io, ssl, buffer, address, slot](error_code ec, std::size_t used) {
                  if (ec) {
                    self->log(address + ": web TLS handshake failed: " + ec.message());
                    return;
                  }
                  buffer->consume(used);
                  std::make_shared<HttpConn<beast::ssl_stream<beast::tcp_stream>>>(
                      self, io, std::move(*ssl), std::move(*buffer), address, true, slot)
                      ->run();
                });
          });
    }
    self->accept();
  });
}

WebFront::WebFront(asio::io_context& acceptIo, PickIoFn pickIo, asio::ssl::context& tls,
                   WebOptions options, AdoptFn adopt, LogFn log)
    : impl_(std::make_shared<Impl>(acceptIo, std::move(pickIo), tls, std::move(options),
                                   std::move(adopt), std::move(log))) {
  if (!impl_->options.root.empty()) {
    char real[PATH_MAX];
    struct stat st {};
    if (realpath(impl_->options.root.c_str(), real) && stat(real, &st) == 0 && S_ISDIR(st.st_mode))
      impl_->options.root = real;
    else
      impl_->options.root.clear();
  }
  impl_->acceptor = openAcceptor(acceptIo, impl_->options.listen, impl_->options.port, "web port");
}

WebFront::~WebFront() {
  impl_->stopped = true;
}

std::uint16_t WebFront::port() const {
  error_code ec;
  return impl_->acceptor->local_endpoint(ec).port();
}

const std::string& WebFront::root() const {
  return impl_->options.root;
}

void WebFront::start() {
  impl_->accept();
}

void WebFront::stop() {
  impl_->stopped = true;
  error_code ec;
  impl_->acceptor->close(ec);
}

std::string contentTypeOf(const std::string& fileName) {
  static const std::pair<const char*, const char*> types[] = {
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".json", "application/json"},
      {".png", "image/png"},
      {".svg", "image/svg+xml"},
      {".ico", "image/x-icon"},
      {".wav", "audio/wav"},
      {".webmanifest", "application/manifest+json"},
      {".txt", "text/plain; charset=utf-8"},
  };
  const std::string name = lower(fileName);
  for (const auto& [ext, type] : types)
    if (endsWith(name, ext)) return type;
  return "application/octet-stream";
}

std::string resolveWebPath(const std::string& root, const std::string& target) {
  std::string path = target.substr(0, target.find('?'));
  if (path.empty() || path[0] != '/' || path.size() > 256) return {};
  for (char c : path) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '-' || c == '_' || c == '.' || c == '/';
    if (!ok) return {};  // also %-escapes, backslashes, NUL: no file name of ours needs them
  }
  // No "." or ".." segment, no empty segment but a trailing one, no hidden files.
  for (std::size_t i = 1; i <= path.size();) {
    const std::size_t j = std::min(path.find('/', i), path.size());
    const std::string seg = path.substr(i, j - i);
    if (seg.empty() ? j != path.size() : seg[0] == '.') return {};
    i = j + 1;
  }
  if (path.back() == '/') path += "index.html";
  char real[PATH_MAX];
  if (!realpath((root + path).c_str(), real)) return {};
  const std::string resolved(real);
  if (resolved.compare(0, root.size(), root) != 0 || resolved.size() <= root.size() ||
      resolved[root.size()] != '/')
    return {};
  struct stat st {};
  if (stat(real, &st) != 0 || !S_ISREG(st.st_mode)) return {};
  return resolved;
}

}  // namespace gomoku::server
