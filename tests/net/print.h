#pragma once
// Readable names for the enums and points of the network tests in GoogleTest failure messages
// (otherwise printed as raw bytes). Found by argument-dependent lookup. Points, stones, boards
// and the core enums: common/print.h.

#include <ostream>

#include "common/print.h"
#include "core/game.h"
#include "net/match.h"
#include "net/matchtracker.h"
#include "net/netgame.h"
#include "net/wire.h"

namespace gomoku::net {

inline const char* netPhaseName(NetPhase p) {
  switch (p) {
    case NetPhase::Idle:
      return "Idle";
    case NetPhase::Listening:
      return "Listening";
    case NetPhase::Connecting:
      return "Connecting";
    case NetPhase::InMatch:
      return "InMatch";
    case NetPhase::Failed:
      return "Failed";
  }
  return "?";
}

inline const char* netFailureName(NetFailure f) {
  switch (f) {
    case NetFailure::None:
      return "None";
    case NetFailure::UnknownHost:
      return "UnknownHost";
    case NetFailure::Refused:
      return "Refused";
    case NetFailure::TimedOut:
      return "TimedOut";
    case NetFailure::NotGomokuHost:
      return "NotGomokuHost";
    case NetFailure::VersionMismatch:
      return "VersionMismatch";
    case NetFailure::Busy:
      return "Busy";
    case NetFailure::NoGameToResume:
      return "NoGameToResume";
    case NetFailure::IsServer:
      return "IsServer";
    case NetFailure::AddressInUse:
      return "AddressInUse";
    case NetFailure::Cancelled:
      return "Cancelled";
    case NetFailure::Other:
      return "Other";
  }
  return "?";
}

inline void PrintTo(NetPhase p, std::ostream* os) {
  *os << netPhaseName(p);
}
inline void PrintTo(MatchPhase p, std::ostream* os) {
  *os << matchPhaseName(p);
}
inline void PrintTo(NetFailure f, std::ostream* os) {
  *os << netFailureName(f);
}
inline void PrintTo(MatchEvent e, std::ostream* os) {
  *os << "MatchEvent(" << static_cast<int>(e) << ")";
}
inline void PrintTo(ErrorCode c, std::ostream* os) {
  *os << "ErrorCode(" << static_cast<int>(c) << ")";
}
inline void PrintTo(DecodeError e, std::ostream* os) {
  *os << "DecodeError(" << decodeErrorText(e) << ")";
}
inline void PrintTo(MsgType t, std::ostream* os) {
  *os << typeName(t);
}
inline void PrintTo(const RequestError& e, std::ostream* os) {
  *os << "RequestError(" << (e ? describe(e) : std::string("none")) << ")";
}
inline void PrintTo(RequestRefusal r, std::ostream* os) {
  PrintTo(RequestError{r, {}}, os);
}
inline void PrintTo(const Notice& n, std::ostream* os) {
  *os << "Notice(" << describe(n) << ")";
}
inline void PrintTo(MatchUpdateKind k, std::ostream* os) {
  *os << matchUpdateName(k);
}

}  // namespace gomoku::net
