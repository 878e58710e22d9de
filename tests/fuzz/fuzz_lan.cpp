// libFuzzer target: the TXT record of a game announced on the local network (net/lan.h), as a
// hostile neighbour can send it. The input is split into TXT strings at each 0x00 byte; whatever
// parseLanTxt accepts must be a game this program can show and join: a clean nickname, a rule,
// a size in range, a clock and an opening rule that read back (or none), and its re-announced
// TXT parses to the same game.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/board.h"
#include "core/clock.h"
#include "core/opening.h"
#include "core/utf8.h"
#include "net/lan.h"

using namespace gomoku;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> txt(1);
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] == 0)
      txt.emplace_back();
    else
      txt.back().push_back(static_cast<char>(data[i]));
  }
  net::LanGame g;
  if (net::parseLanTxt(txt, g)) return 0;  // refused with a reason
  if (nicknameError(g.game.nickname)) std::abort();
  if (g.game.boardSize < Board::kMinSize || g.game.boardSize > Board::kMaxSize) std::abort();
  if (!g.game.clock.empty() && !parseTimeControl(g.game.clock).control) std::abort();
  if (!g.game.opening.empty() && !parseOpeningRule(g.game.opening)) std::abort();
  net::LanGame again;
  if (net::parseLanTxt(net::lanTxt(g.game), again)) std::abort();
  if (again.game.nickname != g.game.nickname || again.game.rule != g.game.rule ||
      again.game.boardSize != g.game.boardSize || again.game.full != g.game.full)
    std::abort();
  return 0;
}
