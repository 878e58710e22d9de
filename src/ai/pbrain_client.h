#pragma once
/// @file The Gomocup "pbrain" protocol, manager side: starts any pbrain-* executable as a child
/// process connected by pipes, sends commands, waits for replies with a deadline, and ends the
/// process cleanly (END, then a kill after a grace period). Source: "Gomoku AI protocol"
/// (plastovicka.github.io/protocl2en.htm). POSIX: posix_spawn and poll; Windows: CreateProcessW
/// (no console window) and anonymous pipes polled every 5 ms. Paths and arguments are UTF-8.

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/board.h"
#include "core/types.h"

namespace gomoku::ai {

/// An engine's answer to SWAP2BOARD (Gomocup's swap2 extension of the protocol).
struct Swap2Reply {
  /// What the reply line was.
  enum class Kind : std::uint8_t {
    Stones,      ///< one or more points "x,y" separated by spaces
    Swap,        ///< "SWAP"
    Refused,     ///< ERROR or UNKNOWN: the engine does not play swap2 (or not this position)
    Unreadable,  ///< anything else
    NoAnswer,    ///< silence until the deadline, an exit, or a cancel
  };
  Kind kind = Kind::NoAnswer;  ///< what came
  std::vector<Point> stones;   ///< Stones: the points in the order given
  std::string text;  ///< the reply line (at most 200 characters), or why none came (NoAnswer)
};

/// Reads a SWAP2BOARD reply line: "SWAP", points "x,y" separated by spaces (spaces around the
/// commas allowed), ERROR/UNKNOWN, or else Unreadable.
Swap2Reply parseSwap2Reply(const std::string& line);

/// A running external engine.
class PbrainClient {
 public:
  /// No process yet.
  PbrainClient() = default;
  /// Ends the process (see end()).
  ~PbrainClient();
  PbrainClient(const PbrainClient&) = delete;
  PbrainClient& operator=(const PbrainClient&) = delete;

  /// Starts `path` with `args`, working directory = the executable's folder, stderr discarded.
  /// Returns false with `error` set ("cannot start ...: <reason>").
  bool launch(const std::string& path, const std::vector<std::string>& args, std::string& error);
  /// START size; waits up to timeoutMs for OK. False with error on ERROR, silence or exit.
  bool start(int size, std::int64_t timeoutMs, std::string& error);
  /// Sends "INFO key value" (no reply expected).
  bool info(const std::string& key, const std::string& value);
  /// TURN x,y (the opponent's move); returns the engine's move, or nullopt with error.
  std::optional<Point> turn(Point opponentMove, std::int64_t timeoutMs, std::string& error);
  /// BEGIN; the engine's first move.
  std::optional<Point> begin(std::int64_t timeoutMs, std::string& error);
  /// BOARD with the stones in playing order (Black first) then DONE; the engine plays the side
  /// to move. Returns its move.
  std::optional<Point> board(const std::vector<Point>& moves, std::int64_t timeoutMs,
                             std::string& error);
  /// SWAP2BOARD, the opening's stones so far one "x,y" a line in playing order (Black first;
  /// Gomocup sends none, 3 or 5), then DONE; waits up to timeoutMs for the answer.
  Swap2Reply swap2board(const std::vector<Point>& stones, std::int64_t timeoutMs);
  /// ABOUT; the engine's line, or empty on silence.
  std::string about(std::int64_t timeoutMs);
  /// Sends END, waits up to graceMs for the process to exit, then kills it. Idempotent.
  void end(std::int64_t graceMs = 1000);
  /// True while the child runs.
  bool alive();
  /// Messages (MESSAGE/DEBUG lines) received since the last call.
  std::vector<std::string> takeMessages();
  /// A flag that, when set (by another thread), makes a waiting call return at once with the
  /// error "cancelled" (checked every 10 ms). nullptr: none.
  void setCancelFlag(const std::atomic<bool>* flag) { cancel_ = flag; }
  /// Process id (0 when none).
  long pid() const { return static_cast<long>(pid_); }

 private:
  bool send(const std::string& line);
  // Reads the next line that is not MESSAGE/DEBUG/SUGGEST; nullopt on timeout or exit.
  std::optional<std::string> readReply(std::int64_t timeoutMs, std::string& error);
  // Waits up to waitMs for output and appends it to buffer_: 1 read, 0 nothing yet, -1 the
  // output is closed (the engine exited).
  int readSome(std::int64_t waitMs);
  // The next complete reply line already read (MESSAGE/DEBUG/SUGGEST lines are kept aside).
  std::optional<std::string> bufferedReply();
  std::optional<Point> readMove(std::int64_t timeoutMs, std::string& error);
  // Why the engine is gone (exit code, signal, or a closed output); waits for its exit first.
  std::string exitText();
  // Waits up to kExitWaitMs for the child to exit (its status then known).
  void awaitExit();
  static constexpr std::int64_t kExitWaitMs = 3000;

  int pid_ = 0;
  // Windows: the process and our pipe ends (HANDLEs as integers: no <windows.h> here).
  std::intptr_t process_ = 0;
  std::intptr_t toChildHandle_ = 0;
  std::intptr_t fromChildHandle_ = 0;
  int toChild_ = -1;
  int fromChild_ = -1;
  std::string buffer_;
  std::vector<std::string> messages_;
  std::string name_;
  int status_ = 0;
  bool reaped_ = false;
  const std::atomic<bool>* cancel_ = nullptr;
};

}  // namespace gomoku::ai
