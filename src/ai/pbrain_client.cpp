#include "ai/pbrain_client.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>

#include <iterator>
#include <sstream>
#include <thread>

#ifdef _WIN32
#ifndef NOMINMAX
#define NOMINMAX
#endif
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#else
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

std::int64_t msSince(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

std::string trim(const std::string& s) {
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

Swap2Reply parseSwap2Reply(const std::string& raw) {
  Swap2Reply r;
  const std::string line = trim(raw);
  r.text = line.substr(0, 200);
  if (startsWithWord(line, "ERROR") || startsWithWord(line, "UNKNOWN")) {
    r.kind = Swap2Reply::Kind::Refused;
    return r;
  }
  std::string upper = line;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (upper == "SWAP") {
    r.kind = Swap2Reply::Kind::Swap;
    return r;
  }
  // "7,7 8,7 9,9" (also "7, 7"): the spaces around commas go, then each word is a point.
  std::string packed;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (!std::isspace(static_cast<unsigned char>(line[i]))) {
      packed += line[i];
      continue;
    }
    const std::size_t next = line.find_first_not_of(" \t", i);
    const bool nearComma = (!packed.empty() && packed.back() == ',') ||
                           (next != std::string::npos && line[next] == ',');
    if (!nearComma && !packed.empty() && packed.back() != ' ') packed += ' ';
  }
  std::istringstream words(packed);
  std::string word;
  while (words >> word) {
    const auto p = parseMove(word);
    if (!p || word.find_first_not_of("0123456789,-") != std::string::npos) {
      r.kind = Swap2Reply::Kind::Unreadable;
      r.stones.clear();
      return r;
    }
    r.stones.push_back(*p);
  }
  r.kind = r.stones.empty() ? Swap2Reply::Kind::Unreadable : Swap2Reply::Kind::Stones;
  return r;
}

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
  awaitExit();
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

int PbrainClient::readSome(std::int64_t waitMs) {
  pollfd p{fromChild_, POLLIN, 0};
  const int r = poll(&p, 1, static_cast<int>(waitMs));
  if (r <= 0) return 0;  // nothing yet (or EINTR)
  char buf[4096];
  const ssize_t n = read(fromChild_, buf, sizeof buf);
  if (n < 0 && errno == EINTR) return 0;
  if (n <= 0) return -1;
  buffer_.append(buf, static_cast<std::size_t>(n));
  return 1;
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

#else  // _WIN32: CreateProcessW with anonymous pipes; the output pipe is polled (PeekNamedPipe).

namespace {

std::wstring widen(const std::string& utf8) {
  if (utf8.empty()) return {};
  const int n =
      MultiByteToWideChar(CP_UTF8, 0, utf8.data(), static_cast<int>(utf8.size()), nullptr, 0);
  std::wstring w(static_cast<std::size_t>(std::max(n, 0)), L'\0');
  if (n > 0)
    MultiByteToWideChar(CP_UTF8, 0, utf8.data(), static_cast<int>(utf8.size()), w.data(), n);
  return w;
}

// One argument quoted for CommandLineToArgvW (the rules of the Microsoft C runtime).
std::wstring quoteArg(const std::wstring& a) {
  if (!a.empty() && a.find_first_of(L" \t\"") == std::wstring::npos) return a;
  std::wstring q = L"\"";
  std::size_t slashes = 0;
  for (wchar_t c : a) {
    if (c == L'\\') {
      ++slashes;
      continue;
    }
    q.append(c == L'"' ? 2 * slashes + 1 : slashes, L'\\');
    slashes = 0;
    q.push_back(c);
  }
  q.append(2 * slashes, L'\\');
  q.push_back(L'"');
  return q;
}

std::string lastErrorText() {
  const DWORD code = GetLastError();
  wchar_t* text = nullptr;
  FormatMessageW(
      FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS,
      nullptr, code, 0, reinterpret_cast<wchar_t*>(&text), 0, nullptr);
  std::string out;
  if (text) {
    const int n = WideCharToMultiByte(CP_UTF8, 0, text, -1, nullptr, 0, nullptr, nullptr);
    if (n > 1) {
      out.resize(static_cast<std::size_t>(n - 1));
      WideCharToMultiByte(CP_UTF8, 0, text, -1, out.data(), n, nullptr, nullptr);
    }
    LocalFree(text);
  }
  out = trim(out);
  if (!out.empty() && out.back() == '.') out.pop_back();
  return out.empty() ? "error " + std::to_string(code) : out;
}

HANDLE handleOf(std::intptr_t h) {
  return reinterpret_cast<HANDLE>(h);
}

}  // namespace

bool PbrainClient::launch(const std::string& path, const std::vector<std::string>& args,
                          std::string& error) {
  end();
  name_ = path;
  const std::wstring wpath = widen(path);
  wchar_t full[MAX_PATH * 4];
  const DWORD len =
      GetFullPathNameW(wpath.c_str(), static_cast<DWORD>(std::size(full)), full, nullptr);
  const std::wstring absolute = len > 0 && len < std::size(full) ? std::wstring(full, len) : wpath;
  std::wstring dir = absolute;
  if (const auto slash = dir.find_last_of(L"\\/"); slash != std::wstring::npos)
    dir.resize(slash);
  else
    dir = L".";
  std::wstring commandLine = quoteArg(absolute);
  for (const auto& a : args) commandLine += L" " + quoteArg(widen(a));

  SECURITY_ATTRIBUTES inherit{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
  HANDLE childIn = nullptr, toChild = nullptr, fromChild = nullptr, childOut = nullptr;
  if (!CreatePipe(&childIn, &toChild, &inherit, 0)) {
    error = "cannot start " + path + ": " + lastErrorText();
    return false;
  }
  if (!CreatePipe(&fromChild, &childOut, &inherit, 0)) {
    error = "cannot start " + path + ": " + lastErrorText();
    CloseHandle(childIn);
    CloseHandle(toChild);
    return false;
  }
  // Our ends stay ours: only the child's ends are inherited.
  SetHandleInformation(toChild, HANDLE_FLAG_INHERIT, 0);
  SetHandleInformation(fromChild, HANDLE_FLAG_INHERIT, 0);
  HANDLE nul = CreateFileW(L"NUL", GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE, &inherit,
                           OPEN_EXISTING, 0, nullptr);
  STARTUPINFOW si{};
  si.cb = sizeof si;
  si.dwFlags = STARTF_USESTDHANDLES;
  si.hStdInput = childIn;
  si.hStdOutput = childOut;
  si.hStdError = nul != INVALID_HANDLE_VALUE ? nul : childOut;
  PROCESS_INFORMATION pi{};
  const BOOL ok = CreateProcessW(absolute.c_str(), commandLine.data(), nullptr, nullptr, TRUE,
                                 CREATE_NO_WINDOW, nullptr, dir.c_str(), &si, &pi);
  const std::string why = ok ? std::string() : lastErrorText();
  CloseHandle(childIn);
  CloseHandle(childOut);
  if (nul != INVALID_HANDLE_VALUE) CloseHandle(nul);
  if (!ok) {
    CloseHandle(toChild);
    CloseHandle(fromChild);
    error = "cannot start " + path + ": " + why;
    return false;
  }
  CloseHandle(pi.hThread);
  process_ = reinterpret_cast<std::intptr_t>(pi.hProcess);
  pid_ = static_cast<int>(pi.dwProcessId);
  toChildHandle_ = reinterpret_cast<std::intptr_t>(toChild);
  fromChildHandle_ = reinterpret_cast<std::intptr_t>(fromChild);
  buffer_.clear();
  reaped_ = false;
  status_ = 0;
  return true;
}

bool PbrainClient::alive() {
  if (pid_ <= 0 || reaped_) return false;
  if (WaitForSingleObject(handleOf(process_), 0) == WAIT_OBJECT_0) {
    DWORD code = 0;
    GetExitCodeProcess(handleOf(process_), &code);
    status_ = static_cast<int>(code);
    reaped_ = true;
    return false;
  }
  return true;
}

std::string PbrainClient::exitText() {
  awaitExit();
  if (!reaped_) return "the engine closed its output";
  const auto code = static_cast<unsigned>(status_);
  if (code >= 0xC0000000u) {  // an NTSTATUS exception code: access violation, stack overflow ...
    char hex[16];
    std::snprintf(hex, sizeof hex, "0x%08X", code);
    return std::string("the engine crashed (exception ") + hex + ")";
  }
  return "the engine exited with code " + std::to_string(code);
}

bool PbrainClient::send(const std::string& line) {
  if (!toChildHandle_) return false;
  const std::string data = line + "\r\n";
  std::size_t done = 0;
  while (done < data.size()) {
    DWORD written = 0;
    if (!WriteFile(handleOf(toChildHandle_), data.data() + done,
                   static_cast<DWORD>(data.size() - done), &written, nullptr))
      return false;
    done += written;
  }
  return true;
}

int PbrainClient::readSome(std::int64_t waitMs) {
  DWORD available = 0;
  // Fails when the write end is closed: the engine exited or closed its output.
  if (!PeekNamedPipe(handleOf(fromChildHandle_), nullptr, 0, nullptr, &available, nullptr))
    return -1;
  if (available == 0) {
    Sleep(static_cast<DWORD>(std::min<std::int64_t>(waitMs, 5)));
    return 0;
  }
  char buf[4096];
  DWORD n = 0;
  if (!ReadFile(handleOf(fromChildHandle_), buf, std::min<DWORD>(available, sizeof buf), &n,
                nullptr) ||
      n == 0)
    return -1;
  buffer_.append(buf, n);
  return 1;
}

void PbrainClient::end(std::int64_t graceMs) {
  if (pid_ <= 0) return;
  if (!reaped_) {
    send("END");
    if (toChildHandle_) CloseHandle(handleOf(toChildHandle_));
    toChildHandle_ = 0;
    if (WaitForSingleObject(handleOf(process_), static_cast<DWORD>(std::max<std::int64_t>(
                                                    graceMs, 0))) != WAIT_OBJECT_0) {
      TerminateProcess(handleOf(process_), 1);
      WaitForSingleObject(handleOf(process_), 5000);
    }
    alive();
  }
  if (toChildHandle_) CloseHandle(handleOf(toChildHandle_));
  if (fromChildHandle_) CloseHandle(handleOf(fromChildHandle_));
  if (process_) CloseHandle(handleOf(process_));
  toChildHandle_ = fromChildHandle_ = process_ = 0;
  pid_ = 0;
}

#endif

void PbrainClient::awaitExit() {
  // An engine whose output ended or whose input broke is almost always exiting: the exit status
  // makes the precise message, but it is reaped a moment after the pipe closes (on a busy
  // machine, many milliseconds later). An engine that closed its output and lives on is waited
  // for no longer than this.
  const auto t0 = Clock::now();
  while (alive() && msSince(t0) < kExitWaitMs)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

std::optional<std::string> PbrainClient::readReply(std::int64_t timeoutMs, std::string& error) {
  const auto t0 = Clock::now();
  for (;;) {
    if (auto line = bufferedReply()) return line;
    const std::int64_t left = timeoutMs - msSince(t0);
    if (left <= 0) {
      error = "the engine did not answer within " + std::to_string(timeoutMs) + " ms";
      return std::nullopt;
    }
    if (cancel_ && cancel_->load()) {
      error = "cancelled";
      return std::nullopt;
    }
    if (readSome(std::min<std::int64_t>(left, cancel_ ? 10 : 1 << 30)) < 0) {
      error = exitText();
      return std::nullopt;
    }
  }
}

std::optional<std::string> PbrainClient::bufferedReply() {
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
  return std::nullopt;
}

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

Swap2Reply PbrainClient::swap2board(const std::vector<Point>& stones, std::int64_t timeoutMs) {
  std::string text = "SWAP2BOARD";
  for (Point p : stones) text += "\r\n" + std::to_string(p.x) + "," + std::to_string(p.y);
  text += "\r\nDONE";
  Swap2Reply r;
  if (!send(text)) {
    r.text = exitText();
    return r;
  }
  std::string error;
  const auto line = readReply(timeoutMs, error);
  if (!line) {
    r.text = error;
    return r;
  }
  return parseSwap2Reply(*line);
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
