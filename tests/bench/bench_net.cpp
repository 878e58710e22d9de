// Move round trip over loopback: one Session sends a MOVE, the other answers with a MOVE, and
// the time until the answer is read is one round trip. Goal: p99 < 1 ms.
// Move relay with watchers: a host's move reaches its joiner (two NetGames over loopback) while
// 0 or 50 NetWatchers follow the game (issue 21). Goal: p99 with 50 watchers within noise of
// p99 with none.
// Reports the mean per iteration and p50 / p99 / max as counters (microseconds).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include "net/netgame.h"
#include "net/session.h"
#include "net/watcher.h"

namespace asio = boost::asio;
using asio::ip::tcp;
using namespace gomoku::net;

namespace {

// The p50, p99 and max of `micros` (microseconds) as the benchmark's counters.
void reportPercentiles(benchmark::State& state, std::vector<double> micros) {
  if (micros.empty()) return;
  std::sort(micros.begin(), micros.end());
  auto pct = [&](double q) {
    return micros[static_cast<std::size_t>(q * static_cast<double>(micros.size() - 1))];
  };
  state.counters["p50_us"] = pct(0.50);
  state.counters["p99_us"] = pct(0.99);
  state.counters["max_us"] = micros.back();
}

void BM_MoveRoundTripLoopback(benchmark::State& state) {
  asio::io_context io;
  tcp::acceptor acceptor(io, tcp::endpoint(asio::ip::address_v4::loopback(), 0));
  tcp::socket client(io), server(io);
  client.connect(acceptor.local_endpoint());
  acceptor.accept(server);
  auto a = std::make_shared<Session>(std::move(client));
  auto b = std::make_shared<Session>(std::move(server));

  std::mutex mu;
  std::condition_variable cv;
  bool answered = false;
  a->start(
      [&](Message) {
        std::lock_guard<std::mutex> lock(mu);
        answered = true;
        cv.notify_one();
      },
      [](const std::string&, DecodeError) {});
  b->start([&](Message m) { b->send(m); }, [](const std::string&, DecodeError) {});
  auto guard = asio::make_work_guard(io);
  std::thread t([&] { io.run(); });

  std::vector<double> micros;
  std::uint16_t ply = 0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    a->send(Move{ply++, 7, 7});
    std::unique_lock<std::mutex> lock(mu);
    cv.wait(lock, [&] { return answered; });
    answered = false;
    micros.push_back(
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
            .count());
  }
  a->abort();
  b->abort();
  guard.reset();
  t.join();

  reportPercentiles(state, micros);
}
BENCHMARK(BM_MoveRoundTripLoopback)->Iterations(20000)->UseRealTime();

// Waits (on a listener's condition variable) until pred() holds.
struct Waiter {
  std::mutex mu;
  std::condition_variable cv;
  std::uint64_t version = 0;
  void poke() {
    {
      std::lock_guard<std::mutex> lock(mu);
      ++version;
    }
    cv.notify_all();
  }
  template <class Pred>
  void until(Pred pred) {
    std::unique_lock<std::mutex> lock(mu);
    for (;;) {
      const std::uint64_t seen = version;
      lock.unlock();
      if (pred()) return;
      lock.lock();
      cv.wait(lock, [&] { return version != seen; });
    }
  }
};

// The stones of a 25x25 board that never make five: a point's colour is ((x / 2 + y) % 2), so
// no line holds more than two of a colour in a row. Black's and White's points, interleaved.
std::vector<gomoku::Point> fiveFreeMoves() {
  std::vector<gomoku::Point> black, white, out;
  for (int y = 0; y < 25; ++y)
    for (int x = 0; x < 25; ++x) ((x / 2 + y) % 2 == 0 ? black : white).push_back({x, y});
  for (std::size_t i = 0; i < black.size() && i < white.size(); ++i) {
    out.push_back(black[i]);
    out.push_back(white[i]);
  }
  return out;
}

void BM_MoveRelayWithWatchers(benchmark::State& state) {
  const int watcherCount = static_cast<int>(state.range(0));
  Waiter hostWait, joinWait, watchWait;
  NetGame host([&] { hostWait.poke(); });
  NetGame joiner([&] { joinWait.poke(); });
  MatchSettings hs;
  hs.nickname = "Host";
  hs.boardSize = 25;
  hs.color = ColorChoice::Black;
  if (host.host(0, hs)) return state.SkipWithError("cannot listen");
  const std::uint16_t port = host.snapshot().port;
  MatchSettings js;
  js.nickname = "Joiner";
  joiner.join("127.0.0.1", port, js, std::chrono::seconds(10));
  joinWait.until([&] { return joiner.snapshot().match == MatchPhase::Playing; });
  hostWait.until([&] { return host.snapshot().match == MatchPhase::Playing; });
  // The watchers are programs on other machines: here plain Sessions on one thread of their
  // own, which only count the VIEWs, so that their work does not take the players' CPU.
  asio::io_context watchIo;
  auto watchGuard = asio::make_work_guard(watchIo);
  std::thread watchThread([&] { watchIo.run(); });
  std::vector<std::shared_ptr<Session>> watchers;
  // The moves in each watcher's last VIEW.
  const auto lastPly = std::make_unique<std::atomic<int>[]>(static_cast<std::size_t>(watcherCount));
  for (int i = 0; i < watcherCount; ++i) {
    tcp::socket socket(watchIo);
    socket.connect(tcp::endpoint(asio::ip::address_v4::loopback(), port));
    auto w = std::make_shared<Session>(std::move(socket));
    w->start(
        [&, i](Message m) {
          if (const auto* v = std::get_if<View>(&m)) {
            lastPly[static_cast<std::size_t>(i)] = static_cast<int>(v->game.moves.size());
            watchWait.poke();
          }
        },
        [](const std::string&, DecodeError) {});
    w->send(Watch{kProtocolMajor, kProtocolMinor, "bench", "W" + std::to_string(i)});
    watchers.push_back(std::move(w));
  }
  hostWait.until([&] { return host.snapshot().watchers == watcherCount; });
  const std::vector<gomoku::Point> moves = fiveFreeMoves();
  std::vector<double> micros;
  std::size_t next = 0;
  for (auto _ : state) {
    if (next + 1 >= moves.size()) return state.SkipWithError("the board is full");
    const int ply = static_cast<int>(next) + 1;
    const auto start = std::chrono::steady_clock::now();
    host.play(moves[next++]);
    joinWait.until([&] { return joiner.snapshot().game.ply() == ply; });
    micros.push_back(
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
            .count());
    state.PauseTiming();
    joiner.play(moves[next++]);
    hostWait.until([&] { return host.snapshot().game.ply() == ply + 1; });
    state.ResumeTiming();
  }
  // Every watcher has the whole game (the host sends it what changed at most every 30 ms, in
  // one VIEW).
  const int total = static_cast<int>(next);
  watchWait.until([&] {
    for (int i = 0; i < watcherCount; ++i)
      if (lastPly[static_cast<std::size_t>(i)] != total) return false;
    return true;
  });
  for (auto& w : watchers) w->abort();
  watchGuard.reset();
  watchThread.join();
  reportPercentiles(state, micros);
}
BENCHMARK(BM_MoveRelayWithWatchers)->Arg(0)->Arg(50)->Iterations(300)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
