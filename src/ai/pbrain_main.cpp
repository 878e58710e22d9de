// pbrain-gomoku: our engine as a Gomocup protocol brain on standard input/output.
// Usage: pbrain-gomoku [--level 1..5] [--threads N]
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

#include "ai/pbrain.h"

int main(int argc, char** argv) {
  int level = gomoku::ai::kMaxLevel;
  int threads = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if ((a == "--level" || a == "-l") && i + 1 < argc) {
      level = std::atoi(argv[++i]);
      if (level < gomoku::ai::kMinLevel || level > gomoku::ai::kMaxLevel) {
        std::fprintf(stderr, "pbrain-gomoku: --level must be 1..5\n");
        return 2;
      }
    } else if (a == "--threads" && i + 1 < argc) {
      threads = std::atoi(argv[++i]);
      if (threads < 1 || threads > gomoku::ai::kMaxThreads) {
        std::fprintf(stderr, "pbrain-gomoku: --threads must be 1..%d\n", gomoku::ai::kMaxThreads);
        return 2;
      }
    } else if (a == "--help" || a == "-h") {
      std::printf(
          "usage: pbrain-gomoku [--level 1..5] [--threads N]\nSpeaks the Gomocup protocol on "
          "stdin/stdout. --threads: search threads until INFO thread_num says otherwise.\n");
      return 0;
    } else {
      std::fprintf(stderr, "pbrain-gomoku: unknown option %s\n", a.c_str());
      return 2;
    }
  }
  std::ios::sync_with_stdio(false);
  gomoku::ai::PbrainBrain brain(std::cout, level);
  brain.setThreads(threads);
  return brain.run(std::cin);
}
