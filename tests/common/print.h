#pragma once
// GoogleTest printers for the core types, shared by the tests of every layer: a failing
// assertion on a Board prints it as a diagram (the form tests/common/diagram.h reads, so it can be
// pasted back into a test), a Point as (x,y), the enums by name (not as raw bytes). They live in
// namespace gomoku, beside Board and Point, so that GoogleTest finds them by argument-dependent
// lookup. Test-only.

#include <ostream>

#include "core/board.h"
#include "core/game.h"
#include "core/renju.h"
#include "core/types.h"

namespace gomoku {

/// Prints p as "(x,y)": x = column, y = row, 0-based.
inline void PrintTo(Point p, std::ostream* os) {
  *os << "(" << p.x << "," << p.y << ")";
}

/// Prints s as "black", "white" or "empty".
inline void PrintTo(Stone s, std::ostream* os) {
  *os << stoneName(s);
}

/// Prints b as a diagram, one row per line, top row first: X Black, O White, . empty.
inline void PrintTo(const Board& b, std::ostream* os) {
  *os << b.size() << "x" << b.size() << " board:\n";
  for (int y = 0; y < b.size(); ++y) {
    *os << "   ";
    for (int x = 0; x < b.size(); ++x) {
      const Stone s = b.at({x, y});
      *os << ' ' << (s == Stone::Black ? 'X' : s == Stone::White ? 'O' : '.');
    }
    *os << '\n';
  }
}

/// Prints f as "overline", "double-four", "double-three" or "none".
inline void PrintTo(Forbidden f, std::ostream* os) {
  *os << forbiddenName(f);
}

/// Prints o by name.
inline void PrintTo(Outcome o, std::ostream* os) {
  *os << outcomeName(o);
}

/// Prints e with its text.
inline void PrintTo(MoveError e, std::ostream* os) {
  *os << "MoveError(" << moveErrorText(e) << ")";
}

/// Prints r by number.
inline void PrintTo(EndReason r, std::ostream* os) {
  *os << "EndReason(" << static_cast<int>(r) << ")";
}

}  // namespace gomoku
