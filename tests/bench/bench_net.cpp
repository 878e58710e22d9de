// Move round trip over loopback: one Session sends a MOVE, the other answers with a MOVE, and
// the time until the answer is read is one round trip. Goal: p99 < 1 ms.
// Reports the mean per iteration and p50 / p99 / max as counters (microseconds).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <thread>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include "net/session.h"

namespace asio = boost::asio;
using asio::ip::tcp;
using namespace gomoku::net;

namespace {

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

  std::sort(micros.begin(), micros.end());
  auto pct = [&](double q) {
    return micros[static_cast<std::size_t>(q * static_cast<double>(micros.size() - 1))];
  };
  state.counters["p50_us"] = pct(0.50);
  state.counters["p99_us"] = pct(0.99);
  state.counters["max_us"] = micros.back();
}
BENCHMARK(BM_MoveRoundTripLoopback)->Iterations(20000)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
