#include "ai/pbrain_client.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>

#ifndef _WIN32
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
extern char** environ;
#endif

namespace gomoku::ai {

namespace {

using Clock = std::chrono::steady_clock;

[[maybe_unused]] std::int64_t msSince(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

[[maybe_unused]] std::string trim(const std::string& s) {
  std::size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return s.substr(a, b - a);
}

bool startsWithWord(const std::string& s, const char* w) {
  const std::size_t n = std::strlen(w);
  if (s.size() < n) return false;
  for (std::size_t i = 0; i < n; ++i)
    if (std::toupper(static_cast<unsigned char>(s[i])) != w[i]) return false;
  return s.size() == n || s[n] == ' ';
}

std::optional<Point> parseMove(const std::string& s) {
  int x = 0, y = 0;
  char c = 0;
  if (std::sscanf(s.c_str(), "%d , %d%c", &x, &y, &c) == 2) return Point{x, y};
  return std::nullopt;
}

}  // namespace

PbrainClient::~PbrainClient() {
  end();
}

#ifndef _WIN32

bool PbrainClient::launch(const std::string& path, const std::vector<std::string>& args,
                          std::string& error) {
  end();
  name_ = path;
  std::signal(SIGPIPE, SIG_IGN);  // a dead engine must not kill us on write
  int in[2], out[2];
  if (pipe(in) != 0) {
    error = "cannot start " + path + ": " + std::strerror(errno);
    return false;
  }
  if (pipe(out) != 0) {
    error = "cannot start " + path + ": " + std::strerror(errno);
    close(in[0]);
    close(in[1]);
    return false;
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, in[0], 0);
  posix_spawn_file_actions_adddup2(&fa, out[1], 1);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addclose(&fa, in[1]);
  posix_spawn_file_actions_addclose(&fa, out[0]);
  std::string dir = ".";
  if (auto slash = path.find_last_of('/'); slash != std::string::npos) dir = path.substr(0, slash);
  if (dir.empty()) dir = "/";
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 29))
  posix_spawn_file_actions_addchdir_np(&fa, dir.c_str());
#endif
  std::string absolute = path;
  if (!path.empty() && path[0] != '/' && path.find('/') != std::string::npos) {
    char cwd[4096];
    if (getcwd(cwd, sizeof cwd)) absolute = std::string(cwd) + "/" + path;
  }
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(absolute.c_str()));
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, absolute.c_str(), &fa, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  close(in[0]);
  close(out[1]);
  if (rc != 0) {
    close(in[1]);
    close(out[0]);
    error = "cannot start " + path + ": " + std::strerror(rc);
    return false;
  }
  fcntl(in[1], F_SETFD, FD_CLOEXEC);
  fcntl(out[0], F_SETFD, FD_CLOEXEC);
  pid_ = pid;
  toChild_ = in[1];
  fromChild_ = out[0];
  buffer_.clear();
  reaped_ = false;
  status_ = 0;
  return true;
}

bool PbrainClient::alive() {
  if (pid_ <= 0 || reaped_) return false;
  int st = 0;
  const pid_t r = waitpid(pid_, &st, WNOHANG);
  if (r == pid_) {
    reaped_ = true;
    status_ = st;
    return false;
  }
  return true;
}

std::string PbrainClient::exitText() {
  alive();
  if (!reaped_) return "the engine closed its output";
  if (WIFSIGNALED(status_))
    return "the engine crashed (signal " + std::to_string(WTERMSIG(status_)) + ")";
  return "the engine exited with code " + std::to_string(WEXITSTATUS(status_));
}

bool PbrainClient::send(const std::string& line) {
  if (toChild_ < 0) return false;
  const std::string data = line + "\r\n";
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t w = write(toChild_, data.data() + done, data.size() - done);
    if (w < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    done += static_cast<std::size_t>(w);
  }
  return true;
}

std::optional<std::string> PbrainClient::readReply(std::int64_t timeoutMs, std::string& error) {
  const auto t0 = Clock::now();
  for (;;) {
    // A complete line in the buffer?
    for (;;) {
      const auto nl = buffer_.find_first_of("\r\n");
      if (nl == std::string::npos) break;
      std::string line = trim(buffer_.substr(0, nl));
      buffer_.erase(0, nl + 1);
      if (line.empty()) continue;
      if (startsWithWord(line, "MESSAGE") || startsWithWord(line, "DEBUG") ||
          startsWithWord(line, "SUGGEST")) {
        if (messages_.size() < 1000) messages_.push_back(line);
        continue;
      }
      return line;
    }
    if (buffer_.size() > 65536) buffer_.clear();  // a runaway line: drop it
    const std::int64_t left = timeoutMs - msSince(t0);
    if (left <= 0) {
      error = "the engine did not answer within " + std::to_string(timeoutMs) + " ms";
      return std::nullopt;
    }
    if (cancel_ && cancel_->load()) {
      error = "cancelled";
      return std::nullopt;
    }
    pollfd p{fromChild_, POLLIN, 0};
    const int r =
        poll(&p, 1, static_cast<int>(std::min<std::int64_t>(left, cancel_ ? 10 : 1 << 30)));
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) continue;
    char buf[4096];
    const ssize_t n = read(fromChild_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      // End of output: wait briefly for the exit status to give a precise message.
      for (int i = 0; i < 50 && alive(); ++i) usleep(2000);
      error = exitText();
      return std::nullopt;
    }
    buffer_.append(buf, static_cast<std::size_t>(n));
  }
}

void PbrainClient::end(std::int64_t graceMs) {
  if (pid_ <= 0) return;
  if (!reaped_) {
    send("END");
    if (toChild_ >= 0) close(toChild_);
    toChild_ = -1;
    const auto t0 = Clock::now();
    while (alive() && msSince(t0) < graceMs) usleep(2000);
    if (alive()) {
      kill(pid_, SIGKILL);
      int st = 0;
      waitpid(pid_, &st, 0);
      reaped_ = true;
      status_ = st;
    }
  }
  if (toChild_ >= 0) close(toChild_);
  if (fromChild_ >= 0) close(fromChild_);
  toChild_ = fromChild_ = -1;
  pid_ = 0;
}

#else  // _WIN32: CreateProcess with pipes is not written yet.

bool PbrainClient::launch(const std::string& path, const std::vector<std::string>&,
                          std::string& error) {
  error = "cannot start " + path + ": external engines are not supported on this system yet";
  return false;
}
bool PbrainClient::alive() {
  return false;
}
std::string PbrainClient::exitText() {
  return "no engine";
}
bool PbrainClient::send(const std::string&) {
  return false;
}
std::optional<std::string> PbrainClient::readReply(std::int64_t, std::string& error) {
  error = "no engine";
  return std::nullopt;
}
void PbrainClient::end(std::int64_t) {}

#endif

std::optional<Point> PbrainClient::readMove(std::int64_t timeoutMs, std::string& error) {
  auto line = readReply(timeoutMs, error);
  if (!line) return std::nullopt;
  if (auto p = parseMove(*line)) return p;
  error = "the engine sent an invalid reply: \"" + line->substr(0, 200) + "\"";
  return std::nullopt;
}

bool PbrainClient::start(int size, std::int64_t timeoutMs, std::string& error) {
  if (!send("START " + std::to_string(size))) {
    error = exitText();
    return false;
  }
  auto line = readReply(timeoutMs, error);
  if (!line) return false;
  if (startsWithWord(*line, "OK")) return true;
  error = "the engine refused START " + std::to_string(size) + ": " + line->substr(0, 200);
  return false;
}

bool PbrainClient::info(const std::string& key, const std::string& value) {
  return send("INFO " + key + " " + value);
}

std::optional<Point> PbrainClient::turn(Point m, std::int64_t timeoutMs, std::string& error) {
  if (!send("TURN " + std::to_string(m.x) + "," + std::to_string(m.y))) {
    error = exitText();
    return std::nullopt;
  }
  return readMove(timeoutMs, error);
}

std::optional<Point> PbrainClient::begin(std::int64_t timeoutMs, std::string& error) {
  if (!send("BEGIN")) {
    error = exitText();
    return std::nullopt;
  }
  return readMove(timeoutMs, error);
}

std::optional<Point> PbrainClient::board(const std::vector<Point>& moves, std::int64_t timeoutMs,
                                         std::string& error) {
  // Field 1 = the engine's own stones: the side to move owns the stones of matching parity.
  std::string text = "BOARD";
  const std::size_t n = moves.size();
  for (std::size_t i = 0; i < n; ++i) {
    const bool own = (n - i) % 2 == 0;
    text += "\r\n" + std::to_string(moves[i].x) + "," + std::to_string(moves[i].y) + "," +
            (own ? "1" : "2");
  }
  text += "\r\nDONE";
  if (!send(text)) {
    error = exitText();
    return std::nullopt;
  }
  return readMove(timeoutMs, error);
}

std::string PbrainClient::about(std::int64_t timeoutMs) {
  std::string error;
  if (!send("ABOUT")) return {};
  auto line = readReply(timeoutMs, error);
  return line ? *line : std::string();
}

std::vector<std::string> PbrainClient::takeMessages() {
  std::vector<std::string> out;
  out.swap(messages_);
  return out;
}

}  // namespace gomoku::ai
