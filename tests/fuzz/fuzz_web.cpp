// libFuzzer target: gomoku-server's web front on arbitrary request bytes. The bytes are parsed
// as an HTTP request (Boost.Beast's parser, as the server does), and its target, and the raw
// bytes as a target too, go through resolveWebPath over a small web root that has a symbolic
// link out of it and a hidden file. Checks: a resolved path is a regular file inside the root,
// never the secret beside it, never a hidden file.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "server/web.h"

namespace {

namespace fs = std::filesystem;

// The web root, made once: index.html, js/app.js, .hidden, link -> ../secret.txt, up -> ..
const std::string& root() {
  static const std::string r = [] {
    std::string t = (fs::temp_directory_path() / "gomoku-fuzz-web-XXXXXX").string();
    const fs::path base = mkdtemp(t.data());
    const fs::path web = base / "web";
    fs::create_directories(web / "js");
    std::ofstream(web / "index.html") << "page";
    std::ofstream(web / "js" / "app.js") << "js";
    std::ofstream(web / ".hidden") << "hidden";
    std::ofstream(base / "secret.txt") << "secret";
    fs::create_symlink(base / "secret.txt", web / "link");
    fs::create_symlink(base, web / "up");
    return fs::canonical(web).string();
  }();
  return r;
}

void check(const std::string& target) {
  const std::string path = gomoku::server::resolveWebPath(root(), target);
  if (path.empty()) return;
  struct stat st {};
  if (path.compare(0, root().size() + 1, root() + "/") != 0 || stat(path.c_str(), &st) != 0 ||
      !S_ISREG(st.st_mode) || path.find("/.") != std::string::npos ||
      path.find("secret") != std::string::npos)
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  check(bytes);
  namespace http = boost::beast::http;
  http::request_parser<http::string_body> parser;
  parser.header_limit(8192);
  parser.body_limit(0);
  parser.eager(true);
  boost::beast::error_code ec;
  parser.put(boost::asio::buffer(data, size), ec);
  if (!ec && parser.is_header_done()) check(std::string(parser.get().target()));
  return 0;
}
