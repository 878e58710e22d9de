#include "net/wire.h"

#include <stdexcept>
#include <type_traits>

#include "core/utf8.h"

namespace gomoku::net {

namespace {

constexpr std::size_t kMaxText = 200;        // BYE / ERROR text bytes
constexpr std::size_t kMaxVersionText = 32;  // HELLO program version bytes

class Writer {
 public:
  void u8(std::uint8_t v) { out_.push_back(v); }
  void u16(std::uint16_t v) {
    u8(static_cast<std::uint8_t>(v >> 8));
    u8(static_cast<std::uint8_t>(v));
  }
  void u32(std::uint32_t v) {
    u16(static_cast<std::uint16_t>(v >> 16));
    u16(static_cast<std::uint16_t>(v));
  }
  void u64(std::uint64_t v) {
    u32(static_cast<std::uint32_t>(v >> 32));
    u32(static_cast<std::uint32_t>(v));
  }
  void points(const std::vector<SyncPoint>& moves) {
    if (moves.size() > kMaxSyncMoves)
      throw std::length_error("move list longer than the wire allows");
    u16(static_cast<std::uint16_t>(moves.size()));
    for (const SyncPoint& p : moves) {
      u8(p.x);
      u8(p.y);
    }
  }
  void str(const std::string& s, std::size_t max) {
    if (s.size() > max) throw std::length_error("string field longer than the wire allows");
    u16(static_cast<std::uint16_t>(s.size()));
    out_.insert(out_.end(), s.begin(), s.end());
  }
  void i32(std::int32_t v) { u32(static_cast<std::uint32_t>(v)); }
  void i64(std::int64_t v) { u64(static_cast<std::uint64_t>(v)); }
  void boolean(bool v) { u8(v ? 1 : 0); }
  template <class E>
  void e8(E v) {
    u8(static_cast<std::uint8_t>(v));
  }
  // A list: u16 count (at most `max`), then each item by `item`.
  template <class T, class F>
  void list(const std::vector<T>& items, std::size_t max, F item) {
    if (items.size() > max) throw std::length_error("list longer than the wire allows");
    u16(static_cast<std::uint16_t>(items.size()));
    for (const T& v : items) item(*this, v);
  }
  std::vector<std::uint8_t>& bytes() { return out_; }

 private:
  std::vector<std::uint8_t> out_;
};

class Reader {
 public:
  Reader(const std::uint8_t* d, std::size_t n) : d_(d), n_(n) {}
  std::uint8_t u8() {
    if (pos_ + 1 > n_) return fail(DecodeError::Truncated), 0;
    return d_[pos_++];
  }
  std::uint16_t u16() {
    const std::uint16_t hi = u8();
    return static_cast<std::uint16_t>((hi << 8) | u8());
  }
  std::uint32_t u32() {
    const std::uint32_t hi = u16();
    return (hi << 16) | u16();
  }
  std::uint64_t u64() {
    const std::uint64_t hi = u32();
    return (hi << 32) | u32();
  }
  std::vector<SyncPoint> points() {
    const std::size_t n = u16();
    if (n > kMaxSyncMoves) return fail(DecodeError::BadValue), std::vector<SyncPoint>();
    if (error_ != DecodeError::None || pos_ + 2 * n > n_)
      return fail(DecodeError::Truncated), std::vector<SyncPoint>();
    std::vector<SyncPoint> v(n);
    for (SyncPoint& p : v) {
      p.x = d_[pos_++];
      p.y = d_[pos_++];
    }
    return v;
  }
  std::string str(std::size_t max) {
    const std::size_t len = u16();
    if (error_ != DecodeError::None) return {};
    if (len > max) return fail(DecodeError::BadValue), std::string();
    if (pos_ + len > n_) return fail(DecodeError::Truncated), std::string();
    std::string s(reinterpret_cast<const char*>(d_ + pos_), len);
    pos_ += len;
    if (!validUtf8(s)) fail(DecodeError::BadValue);
    return s;
  }
  std::int32_t i32() { return static_cast<std::int32_t>(u32()); }
  std::int64_t i64() { return static_cast<std::int64_t>(u64()); }
  bool boolean() {
    const std::uint8_t v = u8();
    if (v > 1) fail(DecodeError::BadValue);
    return v == 1;
  }
  // A one-byte enum whose values run from `lo` to `hi`.
  template <class E>
  E e8(E lo, E hi) {
    const std::uint8_t v = u8();
    if (v < static_cast<std::uint8_t>(lo) || v > static_cast<std::uint8_t>(hi))
      fail(DecodeError::BadValue);
    return static_cast<E>(v);
  }
  // A list: u16 count (above `max`: BadValue), then each item by `item`.
  template <class T, class F>
  std::vector<T> list(std::size_t max, F item) {
    const std::size_t n = u16();
    std::vector<T> v;
    if (error_ != DecodeError::None) return v;
    if (n > max) return fail(DecodeError::BadValue), v;
    v.reserve(n);
    for (std::size_t i = 0; i < n && error_ == DecodeError::None; ++i) v.push_back(item(*this));
    return v;
  }
  bool atEnd() const { return error_ != DecodeError::None || pos_ == n_; }
  void fail(DecodeError e) {
    if (error_ == DecodeError::None) error_ = e;
  }
  DecodeError finish() {
    if (error_ == DecodeError::None && pos_ != n_) error_ = DecodeError::TrailingBytes;
    return error_;
  }

 private:
  const std::uint8_t* d_;
  std::size_t n_;
  std::size_t pos_ = 0;
  DecodeError error_ = DecodeError::None;
};

// Protocol 1.1's optional tail of RESUME and SYNC: the result of the game before `game`.
// In SYNC since 1.3 (`tailMayFollow`) the pair may be 0, 0 (nothing to say) when the clock
// follows it, in RESUME since 1.4 when the opening decisions follow it.
void readPrevious(Reader& r, std::uint16_t game, Outcome& outcome, EndReason& reason,
                  bool tailMayFollow = false) {
  if (r.atEnd()) return;
  const std::uint8_t o = r.u8();
  const std::uint8_t why = r.u8();
  if (tailMayFollow && o == 0 && why == 0) {
    if (r.atEnd()) r.fail(DecodeError::BadValue);
    return;
  }
  if (o == 0 || why == 0 || o > static_cast<std::uint8_t>(Outcome::Interrupted) ||
      why > static_cast<std::uint8_t>(kLastEndReason) || game < 2)
    r.fail(DecodeError::BadValue);
  outcome = static_cast<Outcome>(o);
  reason = static_cast<EndReason>(why);
}

bool knownType(std::uint8_t t) {
  return (t >= 1 && t <= 5) || (t >= 16 && t <= 32) ||
         (t >= kFirstServerType && t <= static_cast<std::uint8_t>(MsgType::Unwatch));
}

void writeSetup(Writer& w, const Setup& v) {
  w.u8(v.boardSize);
  w.u8(static_cast<std::uint8_t>(v.rule));
  w.u8((v.hostIsBlack ? 1 : 0) | (v.openingTimed ? 2 : 0));  // bit 1: protocol 1.6
  w.u8(static_cast<std::uint8_t>(v.foul));
  w.u64(v.token);
}

// Protocol 1.3's time control (SETUP's tail, part of SYNC's): u8 kind, u32 base, u32
// increment, u32 move limit or period, milliseconds.
void writeClock(Writer& w, const TimeControl& tc) {
  w.u8(static_cast<std::uint8_t>(tc.kind));
  w.u32(static_cast<std::uint32_t>(tc.baseMs));
  w.u32(static_cast<std::uint32_t>(tc.incrementMs));
  w.u32(static_cast<std::uint32_t>(tc.moveMs));
}

// A time control as parseTimeControl could give it: kind 0..3 (0: all times 0), each time
// within 0..kMaxClockMs, the deciding times at least kMinClockMs, the unused ones 0.
TimeControl readClock(Reader& r) {
  TimeControl tc;
  const std::uint8_t kind = r.u8();
  tc.baseMs = r.u32();
  tc.incrementMs = r.u32();
  tc.moveMs = r.u32();
  const auto in = [](std::int64_t v, std::int64_t lo) { return v >= lo && v <= kMaxClockMs; };
  bool ok = false;
  switch (kind) {
    case static_cast<std::uint8_t>(ClockKind::None):
      ok = tc.baseMs == 0 && tc.incrementMs == 0 && tc.moveMs == 0;
      break;
    case static_cast<std::uint8_t>(ClockKind::Fischer):
      ok = in(tc.baseMs, kMinClockMs) && in(tc.incrementMs, 0) && tc.moveMs == 0;
      break;
    case static_cast<std::uint8_t>(ClockKind::PerMove):
      ok = tc.baseMs == 0 && tc.incrementMs == 0 && in(tc.moveMs, kMinClockMs);
      break;
    case static_cast<std::uint8_t>(ClockKind::ByoYomi):
      ok = in(tc.baseMs, 0) && tc.incrementMs == 0 && in(tc.moveMs, kMinClockMs);
      break;
    default:
      break;
  }
  if (!ok) r.fail(DecodeError::BadValue);
  tc.kind = static_cast<ClockKind>(kind);
  return tc;
}

// Protocol 1.3's tail of SETUP (and part of SYNC's; also of FIND, room settings and MATCHED):
// u8 opening rule, then the time control. Present when either is set.
bool hasTail(OpeningRule opening, const TimeControl& clock) {
  return opening != OpeningRule::None || clock.kind != ClockKind::None;
}
bool hasTail(const Setup& s) {
  return hasTail(s.opening, s.clock);
}
void writeTail(Writer& w, OpeningRule opening, const TimeControl& clock) {
  w.u8(static_cast<std::uint8_t>(opening));
  writeClock(w, clock);
}
void writeTail(Writer& w, const Setup& s) {
  writeTail(w, s.opening, s.clock);
}
void readTail(Reader& r, OpeningRule& opening, TimeControl& clock) {
  const std::uint8_t o = r.u8();
  if (o > static_cast<std::uint8_t>(OpeningRule::Taraguchi10)) r.fail(DecodeError::BadValue);
  opening = static_cast<OpeningRule>(o);
  clock = readClock(r);
  if (!hasTail(opening, clock)) r.fail(DecodeError::BadValue);  // neither: the tail is not sent
}
void readTail(Reader& r, Setup& s) {
  readTail(r, s.opening, s.clock);
}
// Protocol 1.6: a timed opening needs both an opening rule and a clock (the tail read).
void checkOpeningTimed(Reader& r, const Setup& s) {
  if (s.openingTimed && (s.opening == OpeningRule::None || s.clock.kind == ClockKind::None))
    r.fail(DecodeError::BadValue);
}
// The optional tail at the end of a server message: written when set, read when bytes remain.
void writeOptionalTail(Writer& w, OpeningRule opening, const TimeControl& clock) {
  if (hasTail(opening, clock)) writeTail(w, opening, clock);
}
void readOptionalTail(Reader& r, OpeningRule& opening, TimeControl& clock) {
  if (!r.atEnd()) readTail(r, opening, clock);
}

// OPENING's payload (protocol 1.3), also each decision of RESUME's and SYNC's list (1.4).
void writeOpeningAct(Writer& w, const OpeningAct& v) {
  w.u16(v.seq);
  w.u8(static_cast<std::uint8_t>(v.action));
  switch (v.action) {
    case OpeningAction::Place:
    case OpeningAction::Pick:
      w.u8(v.points.empty() ? 0 : v.points[0].x);
      w.u8(v.points.empty() ? 0 : v.points[0].y);
      break;
    case OpeningAction::Choose:
      w.u8(static_cast<std::uint8_t>(v.choice));
      break;
    case OpeningAction::Declare:
      w.u8(v.count);
      break;
    case OpeningAction::Offer:
      w.u8(static_cast<std::uint8_t>(v.points.size()));
      for (const SyncPoint& q : v.points) {
        w.u8(q.x);
        w.u8(q.y);
      }
      break;
  }
}
OpeningAct readOpeningAct(Reader& r) {
  OpeningAct v;
  v.seq = r.u16();
  v.action = r.e8(OpeningAction::Place, OpeningAction::Pick);
  switch (v.action) {
    case OpeningAction::Place:
    case OpeningAction::Pick: {
      const std::uint8_t x = r.u8();
      v.points.push_back({x, r.u8()});
      break;
    }
    case OpeningAction::Choose:
      v.choice = r.e8(OpeningChoice::Keep, OpeningChoice::TenFifths);
      break;
    case OpeningAction::Declare:
      v.count = r.u8();
      if (v.count < 1 || v.count > kMaxOpeningPoints) r.fail(DecodeError::BadValue);
      break;
    case OpeningAction::Offer: {
      const std::uint8_t n = r.u8();
      if (n < 1 || n > kMaxOpeningPoints) r.fail(DecodeError::BadValue);
      for (int i = 0; i < n && !r.atEnd(); ++i) {
        const std::uint8_t x = r.u8();
        v.points.push_back({x, r.u8()});
      }
      if (v.points.size() != n) r.fail(DecodeError::Truncated);
      break;
    }
  }
  return v;
}
// Protocol 1.4's list of opening decisions at the end of RESUME and SYNC: u8 count (1..
// kMaxOpeningActs), then each as OPENING's payload, seq 0, 1, ... in order. Sent only when not
// empty (absent: none).
void writeOpeningActs(Writer& w, const std::vector<OpeningAct>& acts) {
  if (acts.empty()) return;
  if (acts.size() > kMaxOpeningActs)
    throw std::length_error("opening decision list longer than the wire allows");
  w.u8(static_cast<std::uint8_t>(acts.size()));
  for (const OpeningAct& a : acts) writeOpeningAct(w, a);
}
std::vector<OpeningAct> readOpeningActs(Reader& r) {
  std::vector<OpeningAct> acts;
  if (r.atEnd()) return acts;
  const std::size_t n = r.u8();
  if (n < 1 || n > kMaxOpeningActs) return r.fail(DecodeError::BadValue), acts;
  for (std::size_t i = 0; i < n && !r.atEnd(); ++i) {
    acts.push_back(readOpeningAct(r));
    if (acts.back().seq != i) r.fail(DecodeError::BadValue);
  }
  if (acts.size() != n) r.fail(DecodeError::Truncated);
  return acts;
}

Setup readSetup(Reader& r) {
  Setup v;
  v.boardSize = r.u8();
  const std::uint8_t rule = r.u8();
  const std::uint8_t black = r.u8();
  const std::uint8_t foul = r.u8();
  if (rule > static_cast<std::uint8_t>(Rule::Renju) || black > 3 ||
      foul > static_cast<std::uint8_t>(FoulPolicy::Lose))
    r.fail(DecodeError::BadValue);
  v.rule = static_cast<Rule>(rule);
  v.hostIsBlack = (black & 1) != 0;
  v.openingTimed = (black & 2) != 0;  // protocol 1.6; checked against the tail by the caller
  v.foul = static_cast<FoulPolicy>(foul);
  v.token = r.u64();
  return v;
}

// SYNC's payload; also the end of VIEW (protocol 1.5).
void writeSync(Writer& w, const Sync& v) {
  w.u16(v.game);
  writeSetup(w, v.setup);
  w.str(v.hostNickname, kMaxNicknameChars * 4);
  w.u8(static_cast<std::uint8_t>(v.outcome));
  w.u8(static_cast<std::uint8_t>(v.reason));
  w.points(v.moves);
  if (v.previousOutcome != Outcome::Ongoing || hasTail(v.setup)) {  // 1.1 (0, 0: none, 1.3)
    w.u8(static_cast<std::uint8_t>(v.previousOutcome));
    w.u8(static_cast<std::uint8_t>(v.previousReason));
  }
  if (hasTail(v.setup)) {  // protocol 1.3
    writeTail(w, v.setup);
    w.u32(static_cast<std::uint32_t>(v.blackMainMs));
    w.u32(static_cast<std::uint32_t>(v.whiteMainMs));
    w.u8(v.hostPlaysBlack ? 1 : 0);
    writeOpeningActs(w, v.openingActs);  // protocol 1.4
  } else if (!v.openingActs.empty()) {
    throw std::invalid_argument("opening decisions in a SYNC without an opening rule");
  }
}
Sync readSync(Reader& r) {
  Sync v;
  v.game = r.u16();
  v.setup = readSetup(r);
  v.hostNickname = r.str(kMaxNicknameChars * 4);
  const std::uint8_t outcome = r.u8();
  const std::uint8_t reason = r.u8();
  if (v.game < 1 || outcome > static_cast<std::uint8_t>(Outcome::Interrupted) ||
      reason > static_cast<std::uint8_t>(kLastEndReason) || (outcome == 0) != (reason == 0))
    r.fail(DecodeError::BadValue);
  v.outcome = static_cast<Outcome>(outcome);
  v.reason = static_cast<EndReason>(reason);
  v.moves = r.points();
  readPrevious(r, v.game, v.previousOutcome, v.previousReason, true);
  if (!r.atEnd()) {  // protocol 1.3: the opening rule and the clock
    readTail(r, v.setup);
    checkOpeningTimed(r, v.setup);
    v.blackMainMs = r.u32();
    v.whiteMainMs = r.u32();
    v.hostPlaysBlack = r.boolean();
    if (v.blackMainMs > 2 * kMaxClockMs || v.whiteMainMs > 2 * kMaxClockMs)
      r.fail(DecodeError::BadValue);
    v.openingActs = readOpeningActs(r);  // protocol 1.4
    if (!v.openingActs.empty() && v.setup.opening == OpeningRule::None)
      r.fail(DecodeError::BadValue);
  } else {
    if (v.setup.openingTimed) r.fail(DecodeError::BadValue);  // (needs the tail)
    v.hostPlaysBlack = v.setup.hostIsBlack;
  }
  if (r.finish() == DecodeError::None && nicknameError(v.hostNickname))
    r.fail(DecodeError::BadValue);
  return v;
}

// ---- watchers (protocol 1.5; PROTOCOL.md, "Watchers") -------------------------------------

constexpr MsgType numberOf(const Watch&) {
  return MsgType::Watch;
}
constexpr MsgType numberOf(const View&) {
  return MsgType::View;
}
constexpr MsgType numberOf(const WatchChat&) {
  return MsgType::WatchChat;
}
constexpr MsgType numberOf(const Watchers&) {
  return MsgType::Watchers;
}

void write(Writer& w, const Watch& v) {
  w.u8(v.protocolMajor);
  w.u8(v.protocolMinor);
  w.str(v.programVersion, kMaxVersionText);
  w.str(v.nickname, kMaxNicknameChars * 4);
}
void read(Reader& r, Watch& v) {
  v.protocolMajor = r.u8();
  v.protocolMinor = r.u8();
  v.programVersion = r.str(kMaxVersionText);
  v.nickname = r.str(kMaxNicknameChars * 4);
  if (r.finish() == DecodeError::None && nicknameError(v.nickname)) r.fail(DecodeError::BadValue);
}

void write(Writer& w, const View& v) {
  if (v.clockUsedMs < 0 || v.clockUsedMs > kMaxClockMs)
    throw std::invalid_argument("a VIEW's move time out of range");
  w.e8(v.state);
  w.u8((v.chatAllowed ? 1 : 0) | (v.clockRunning ? 2 : 0));
  w.u16(v.watchers);
  w.str(v.joinerNickname, kMaxNicknameChars * 4);
  w.e8(v.clockSide);
  w.u32(static_cast<std::uint32_t>(v.clockUsedMs));
  writeSync(w, v.game);
}
void read(Reader& r, View& v) {
  v.state = r.e8(ViewState::Playing, ViewState::Suspended);
  const std::uint8_t flags = r.u8();
  if (flags > 3) r.fail(DecodeError::BadValue);
  v.chatAllowed = (flags & 1) != 0;
  v.clockRunning = (flags & 2) != 0;
  v.watchers = r.u16();
  v.joinerNickname = r.str(kMaxNicknameChars * 4);
  v.clockSide = r.e8(Stone::Empty, Stone::White);
  v.clockUsedMs = r.u32();
  if (v.clockUsedMs > kMaxClockMs || (v.clockSide == Stone::Empty && v.clockRunning))
    r.fail(DecodeError::BadValue);
  v.game = readSync(r);  // ends the payload (it checks for trailing bytes)
  if (!v.joinerNickname.empty() && nicknameError(v.joinerNickname)) r.fail(DecodeError::BadValue);
  if (v.game.setup.token != 0 || v.game.previousOutcome != Outcome::Ongoing)
    r.fail(DecodeError::BadValue);
}

void write(Writer& w, const WatchChat& v) {
  w.str(v.from, kMaxNicknameChars * 4);
  w.boolean(v.player);
  w.str(v.text, kMaxChatBytes);
}
void read(Reader& r, WatchChat& v) {
  v.from = r.str(kMaxNicknameChars * 4);
  v.player = r.boolean();
  v.text = r.str(kMaxChatBytes);
}

void write(Writer& w, const Watchers& v) {
  w.u16(v.count);
}
void read(Reader& r, Watchers& v) {
  v.count = r.u16();
}

// ---- server messages (PROTOCOL.md, "Server") ------------------------------------------------

// The type number of each server message.
constexpr MsgType numberOf(const Welcome&) {
  return MsgType::Welcome;
}
constexpr MsgType numberOf(const Register&) {
  return MsgType::Register;
}
constexpr MsgType numberOf(const Login&) {
  return MsgType::Login;
}
constexpr MsgType numberOf(const LoginResult&) {
  return MsgType::LoginResult;
}
constexpr MsgType numberOf(const Stats&) {
  return MsgType::Stats;
}
constexpr MsgType numberOf(const Players&) {
  return MsgType::Players;
}
constexpr MsgType numberOf(const Top&) {
  return MsgType::Top;
}
constexpr MsgType numberOf(const HallRequest&) {
  return MsgType::HallRequest;
}
constexpr MsgType numberOf(const Find&) {
  return MsgType::Find;
}
constexpr MsgType numberOf(const CancelFind&) {
  return MsgType::CancelFind;
}
constexpr MsgType numberOf(const RoomCreate&) {
  return MsgType::RoomCreate;
}
constexpr MsgType numberOf(const RoomCreated&) {
  return MsgType::RoomCreated;
}
constexpr MsgType numberOf(const RoomJoin&) {
  return MsgType::RoomJoin;
}
constexpr MsgType numberOf(const Invite&) {
  return MsgType::Invite;
}
constexpr MsgType numberOf(const Invited&) {
  return MsgType::Invited;
}
constexpr MsgType numberOf(const InviteReply&) {
  return MsgType::InviteReply;
}
constexpr MsgType numberOf(const Matched&) {
  return MsgType::Matched;
}
constexpr MsgType numberOf(const GameResult&) {
  return MsgType::GameResult;
}
constexpr MsgType numberOf(const GamesRequest&) {
  return MsgType::GamesRequest;
}
constexpr MsgType numberOf(const GameList&) {
  return MsgType::GameList;
}
constexpr MsgType numberOf(const GetGame&) {
  return MsgType::GetGame;
}
constexpr MsgType numberOf(const GameRecord&) {
  return MsgType::GameRecord;
}
constexpr MsgType numberOf(const Denied&) {
  return MsgType::Denied;
}
constexpr MsgType numberOf(const OpponentAway&) {
  return MsgType::OpponentAway;
}

// Outcome and EndReason of an ended game's report: both in range, both set or both not.
void writeResult(Writer& w, Outcome o, EndReason why) {
  w.e8(o);
  w.e8(why);
}
void readResult(Reader& r, Outcome& o, EndReason& why) {
  o = r.e8(Outcome::Ongoing, Outcome::Interrupted);
  why = r.e8(EndReason::None, kLastEndReason);
  if ((o == Outcome::Ongoing) != (why == EndReason::None)) r.fail(DecodeError::BadValue);
}

void write(Writer& w, const PlayerStats& v) {
  w.i32(v.score);
  w.u32(v.games);
  w.u32(v.wins);
  w.u32(v.draws);
}
void read(Reader& r, PlayerStats& v) {
  v.score = r.i32();
  v.games = r.u32();
  v.wins = r.u32();
  v.draws = r.u32();
}

void write(Writer& w, const RoomSettings& v) {
  w.u8(v.boardSize);
  w.e8(v.rule);
  w.e8(v.color);
  w.e8(v.foul);
  w.boolean(v.rated);
  writeOptionalTail(w, v.opening, v.clock);  // protocol 1.3 (the settings end each message)
}
void read(Reader& r, RoomSettings& v) {
  v.boardSize = r.u8();
  v.rule = r.e8(Rule::Freestyle, Rule::Renju);
  v.color = r.e8(SeatColor::Black, SeatColor::Random);
  v.foul = r.e8(FoulPolicy::Refuse, FoulPolicy::Lose);
  v.rated = r.boolean();
  readOptionalTail(r, v.opening, v.clock);
}

void write(Writer& w, const GameSummary& v) {
  w.u64(v.id);
  w.i64(v.endedAt);
  w.str(v.black, kMaxNameBytes);
  w.str(v.white, kMaxNameBytes);
  w.e8(v.rule);
  w.u8(v.boardSize);
  writeResult(w, v.outcome, v.reason);
  w.boolean(v.rated);
  w.i32(v.blackDelta);
  w.i32(v.whiteDelta);
  w.u16(v.moves);
}
void read(Reader& r, GameSummary& v) {
  v.id = r.u64();
  v.endedAt = r.i64();
  v.black = r.str(kMaxNameBytes);
  v.white = r.str(kMaxNameBytes);
  v.rule = r.e8(Rule::Freestyle, Rule::Renju);
  v.boardSize = r.u8();
  readResult(r, v.outcome, v.reason);
  v.rated = r.boolean();
  v.blackDelta = r.i32();
  v.whiteDelta = r.i32();
  v.moves = r.u16();
}

void write(Writer& w, const Welcome& v) {
  w.u8(v.protocolMajor);
  w.u8(v.protocolMinor);
  w.str(v.programVersion, kMaxVersionText);
  w.str(v.serverName, kMaxServerNameBytes);
}
void read(Reader& r, Welcome& v) {
  v.protocolMajor = r.u8();
  v.protocolMinor = r.u8();
  v.programVersion = r.str(kMaxVersionText);
  v.serverName = r.str(kMaxServerNameBytes);
}

void write(Writer& w, const Register& v) {
  w.str(v.name, kMaxNameBytes);
  w.str(v.password, kMaxSecretBytes);
  if (v.clientMinor != 0) w.u8(v.clientMinor);  // protocol 1.3
}
void read(Reader& r, Register& v) {
  v.name = r.str(kMaxNameBytes);
  v.password = r.str(kMaxSecretBytes);
  if (!r.atEnd() && (v.clientMinor = r.u8()) == 0) r.fail(DecodeError::BadValue);
}

void write(Writer& w, const Login& v) {
  w.e8(v.method);
  w.str(v.name, kMaxNameBytes);
  w.str(v.secret, kMaxSecretBytes);
  if (v.clientMinor != 0) w.u8(v.clientMinor);  // protocol 1.3
}
void read(Reader& r, Login& v) {
  v.method = r.e8(LoginMethod::Password, LoginMethod::Token);
  v.name = r.str(kMaxNameBytes);
  v.secret = r.str(kMaxSecretBytes);
  if (!r.atEnd() && (v.clientMinor = r.u8()) == 0) r.fail(DecodeError::BadValue);
}

void write(Writer& w, const LoginResult& v) {
  w.e8(v.status);
  w.str(v.detail, kMaxDetailBytes);
  w.str(v.name, kMaxNameBytes);
  w.str(v.token, kMaxTokenBytes);
  write(w, v.stats);
  w.boolean(v.elo);
}
void read(Reader& r, LoginResult& v) {
  v.status = r.e8(LoginStatus::Ok, LoginStatus::ServerBusy);
  v.detail = r.str(kMaxDetailBytes);
  v.name = r.str(kMaxNameBytes);
  v.token = r.str(kMaxTokenBytes);
  read(r, v.stats);
  v.elo = r.boolean();
}

void write(Writer& w, const Stats& v) {
  w.str(v.name, kMaxNameBytes);
  write(w, v.stats);
  w.boolean(v.elo);
}
void read(Reader& r, Stats& v) {
  v.name = r.str(kMaxNameBytes);
  read(r, v.stats);
  v.elo = r.boolean();
}

void write(Writer& w, const Players& v) {
  w.u32(v.total);
  w.list(v.players, kMaxPlayersListed, [](Writer& w2, const PlayerEntry& e) {
    w2.str(e.name, kMaxNameBytes);
    w2.i32(e.score);
    w2.e8(e.state);
  });
}
void read(Reader& r, Players& v) {
  v.total = r.u32();
  v.players = r.list<PlayerEntry>(kMaxPlayersListed, [](Reader& r2) {
    PlayerEntry e;
    e.name = r2.str(kMaxNameBytes);
    e.score = r2.i32();
    e.state = r2.e8(PlayerState::Gone, PlayerState::Playing);
    return e;
  });
}

void write(Writer& w, const Top& v) {
  w.list(v.entries, kMaxTopEntries, [](Writer& w2, const TopEntry& e) {
    w2.u16(e.rank);
    w2.str(e.name, kMaxNameBytes);
    w2.i32(e.score);
    w2.u32(e.games);
    w2.u32(e.wins);
  });
}
void read(Reader& r, Top& v) {
  v.entries = r.list<TopEntry>(kMaxTopEntries, [](Reader& r2) {
    TopEntry e;
    e.rank = r2.u16();
    e.name = r2.str(kMaxNameBytes);
    e.score = r2.i32();
    e.games = r2.u32();
    e.wins = r2.u32();
    return e;
  });
}

void write(Writer&, const HallRequest&) {}
void read(Reader&, HallRequest&) {}
void write(Writer&, const CancelFind&) {}
void read(Reader&, CancelFind&) {}
void write(Writer&, const GamesRequest&) {}
void read(Reader&, GamesRequest&) {}

void write(Writer& w, const Find& v) {
  w.e8(v.rule);
  writeOptionalTail(w, v.opening, v.clock);
}
void read(Reader& r, Find& v) {
  v.rule = r.e8(Rule::Freestyle, Rule::Renju);
  readOptionalTail(r, v.opening, v.clock);
}

void write(Writer& w, const RoomCreate& v) {
  write(w, v.settings);
}
void read(Reader& r, RoomCreate& v) {
  read(r, v.settings);
}

void write(Writer& w, const RoomCreated& v) {
  w.str(v.code, kMaxRoomCodeBytes);
  write(w, v.settings);
}
void read(Reader& r, RoomCreated& v) {
  v.code = r.str(kMaxRoomCodeBytes);
  read(r, v.settings);
}

void write(Writer& w, const RoomJoin& v) {
  w.str(v.code, kMaxRoomCodeBytes);
  w.boolean(v.rated);
}
void read(Reader& r, RoomJoin& v) {
  v.code = r.str(kMaxRoomCodeBytes);
  v.rated = r.boolean();
}

void write(Writer& w, const Invite& v) {
  w.str(v.name, kMaxNameBytes);
  write(w, v.settings);
}
void read(Reader& r, Invite& v) {
  v.name = r.str(kMaxNameBytes);
  read(r, v.settings);
}

void write(Writer& w, const Invited& v) {
  w.u32(v.inviteId);
  w.str(v.from, kMaxNameBytes);
  w.i32(v.score);
  write(w, v.settings);
}
void read(Reader& r, Invited& v) {
  v.inviteId = r.u32();
  v.from = r.str(kMaxNameBytes);
  v.score = r.i32();
  read(r, v.settings);
}

void write(Writer& w, const InviteReply& v) {
  w.u32(v.inviteId);
  w.boolean(v.accept);
  w.boolean(v.rated);
}
void read(Reader& r, InviteReply& v) {
  v.inviteId = r.u32();
  v.accept = r.boolean();
  v.rated = r.boolean();
}

void write(Writer& w, const Matched& v) {
  w.u64(v.gameId);
  w.u8(v.boardSize);
  w.e8(v.rule);
  w.e8(v.foul);
  w.boolean(v.youAreBlack);
  w.str(v.opponent, kMaxNameBytes);
  w.i32(v.opponentScore);
  w.boolean(v.rated);
  w.u64(v.resumeToken);
  writeOptionalTail(w, v.opening, v.clock);
}
void read(Reader& r, Matched& v) {
  v.gameId = r.u64();
  v.boardSize = r.u8();
  v.rule = r.e8(Rule::Freestyle, Rule::Renju);
  v.foul = r.e8(FoulPolicy::Refuse, FoulPolicy::Lose);
  v.youAreBlack = r.boolean();
  v.opponent = r.str(kMaxNameBytes);
  v.opponentScore = r.i32();
  v.rated = r.boolean();
  v.resumeToken = r.u64();
  readOptionalTail(r, v.opening, v.clock);
}

void write(Writer& w, const GameResult& v) {
  w.u64(v.gameId);
  writeResult(w, v.outcome, v.reason);
  w.boolean(v.rated);
  w.i32(v.oldScore);
  w.i32(v.newScore);
}
void read(Reader& r, GameResult& v) {
  v.gameId = r.u64();
  readResult(r, v.outcome, v.reason);
  v.rated = r.boolean();
  v.oldScore = r.i32();
  v.newScore = r.i32();
}

void write(Writer& w, const GameList& v) {
  w.boolean(v.last);
  w.list(v.games, kMaxGamesListed, [](Writer& w2, const GameSummary& g) { write(w2, g); });
}
void read(Reader& r, GameList& v) {
  v.last = r.boolean();
  v.games = r.list<GameSummary>(kMaxGamesListed, [](Reader& r2) {
    GameSummary g;
    read(r2, g);
    return g;
  });
}

void write(Writer& w, const GetGame& v) {
  w.u64(v.id);
}
void read(Reader& r, GetGame& v) {
  v.id = r.u64();
}

void write(Writer& w, const GameRecord& v) {
  if (v.moveMillis.size() != v.moves.size())
    throw std::length_error("a game record needs one time per move");
  write(w, v.summary);
  w.points(v.moves);
  for (std::uint32_t ms : v.moveMillis) w.u32(ms);  // as many as moves: no count of their own
}
void read(Reader& r, GameRecord& v) {
  read(r, v.summary);
  v.moves = r.points();
  v.moveMillis.reserve(v.moves.size());
  for (std::size_t i = 0; i < v.moves.size() && !r.atEnd(); ++i) v.moveMillis.push_back(r.u32());
  if (v.moveMillis.size() != v.moves.size()) r.fail(DecodeError::Truncated);
}

void write(Writer& w, const Denied& v) {
  w.e8(v.request);
  w.u16(static_cast<std::uint16_t>(v.code));
  w.str(v.detail, kMaxDetailBytes);
}
void read(Reader& r, Denied& v) {
  const std::uint8_t request = r.u8();
  const std::uint16_t code = r.u16();
  if (!knownType(request) || code < static_cast<std::uint16_t>(DenyCode::NotLoggedIn) ||
      code > static_cast<std::uint16_t>(DenyCode::Yourself))
    r.fail(DecodeError::BadValue);
  v.request = static_cast<MsgType>(request);
  v.code = static_cast<DenyCode>(code);
  v.detail = r.str(kMaxDetailBytes);
}

void write(Writer& w, const OpponentAway& v) {
  w.boolean(v.away);
  w.u32(v.secondsLeft);
}
void read(Reader& r, OpponentAway& v) {
  v.away = r.boolean();
  v.secondsLeft = r.u32();
}

constexpr MsgType numberOf(const LiveRequest&) {
  return MsgType::LiveRequest;
}
constexpr MsgType numberOf(const LiveGames&) {
  return MsgType::LiveGames;
}
constexpr MsgType numberOf(const WatchGame&) {
  return MsgType::WatchGame;
}
constexpr MsgType numberOf(const Unwatch&) {
  return MsgType::Unwatch;
}
void write(Writer&, const LiveRequest&) {}
void read(Reader&, LiveRequest&) {}
void write(Writer& w, const LiveGames& v) {
  w.u32(v.total);
  w.list(v.games, kMaxLiveListed, [](Writer& o, const LiveGame& g) {
    o.u64(g.id);
    o.str(g.black, kMaxNameBytes);
    o.i32(g.blackScore);
    o.str(g.white, kMaxNameBytes);
    o.i32(g.whiteScore);
    o.e8(g.rule);
    o.u8(g.boardSize);
    o.u16(g.moves);
    o.u16(g.watchers);
  });
}
void read(Reader& r, LiveGames& v) {
  v.total = r.u32();
  v.games = r.list<LiveGame>(kMaxLiveListed, [](Reader& in) {
    LiveGame g;
    g.id = in.u64();
    g.black = in.str(kMaxNameBytes);
    g.blackScore = in.i32();
    g.white = in.str(kMaxNameBytes);
    g.whiteScore = in.i32();
    g.rule = in.e8(Rule::Freestyle, Rule::Renju);
    g.boardSize = in.u8();
    g.moves = in.u16();
    g.watchers = in.u16();
    return g;
  });
}
void write(Writer& w, const WatchGame& v) {
  w.u64(v.id);
}
void read(Reader& r, WatchGame& v) {
  v.id = r.u64();
}
void write(Writer& w, const Unwatch& v) {
  w.u64(v.id);
}
void read(Reader& r, Unwatch& v) {
  v.id = r.u64();
}

template <class T>
Message readAs(Reader& r) {
  T v;
  read(r, v);
  return v;
}

}  // namespace

bool isServerType(MsgType t) {
  return static_cast<std::uint8_t>(t) >= kFirstServerType;
}

MsgType typeOf(const Message& m) {
  return std::visit(
      [](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, Hello>)
          return MsgType::Hello;
        else if constexpr (std::is_same_v<T, Setup>)
          return MsgType::Setup;
        else if constexpr (std::is_same_v<T, Move>)
          return MsgType::Move;
        else if constexpr (std::is_same_v<T, Bye>)
          return MsgType::Bye;
        else if constexpr (std::is_same_v<T, Error>)
          return MsgType::Error;
        else if constexpr (std::is_same_v<T, TakebackRequest>)
          return MsgType::TakebackRequest;
        else if constexpr (std::is_same_v<T, TakebackReply>)
          return MsgType::TakebackReply;
        else if constexpr (std::is_same_v<T, DrawOffer>)
          return MsgType::DrawOffer;
        else if constexpr (std::is_same_v<T, DrawReply>)
          return MsgType::DrawReply;
        else if constexpr (std::is_same_v<T, Resign>)
          return MsgType::Resign;
        else if constexpr (std::is_same_v<T, Nickname>)
          return MsgType::Nickname;
        else if constexpr (std::is_same_v<T, PlayAgain>)
          return MsgType::PlayAgain;
        else if constexpr (std::is_same_v<T, Chat>)
          return MsgType::Chat;
        else if constexpr (std::is_same_v<T, Resume>)
          return MsgType::Resume;
        else if constexpr (std::is_same_v<T, Sync>)
          return MsgType::Sync;
        else if constexpr (std::is_same_v<T, Heartbeat>)
          return MsgType::Heartbeat;
        else if constexpr (std::is_same_v<T, Flag>)
          return MsgType::Flag;
        else if constexpr (std::is_same_v<T, OpeningAct>)
          return MsgType::Opening;
        else
          return numberOf(v);  // a server message
      },
      m);
}

const char* typeName(MsgType t) {
  switch (t) {
    case MsgType::Hello:
      return "HELLO";
    case MsgType::Setup:
      return "SETUP";
    case MsgType::Move:
      return "MOVE";
    case MsgType::Bye:
      return "BYE";
    case MsgType::Error:
      return "ERROR";
    case MsgType::TakebackRequest:
      return "TAKEBACK_REQUEST";
    case MsgType::TakebackReply:
      return "TAKEBACK_REPLY";
    case MsgType::DrawOffer:
      return "DRAW_OFFER";
    case MsgType::DrawReply:
      return "DRAW_REPLY";
    case MsgType::Resign:
      return "RESIGN";
    case MsgType::Nickname:
      return "NICKNAME";
    case MsgType::PlayAgain:
      return "PLAY_AGAIN";
    case MsgType::Chat:
      return "CHAT";
    case MsgType::Heartbeat:
      return "HEARTBEAT";
    case MsgType::Resume:
      return "RESUME";
    case MsgType::Sync:
      return "SYNC";
    case MsgType::Flag:
      return "FLAG";
    case MsgType::Opening:
      return "OPENING";
    case MsgType::Watch:
      return "WATCH";
    case MsgType::View:
      return "VIEW";
    case MsgType::WatchChat:
      return "WATCH_CHAT";
    case MsgType::Watchers:
      return "WATCHERS";
    case MsgType::Welcome:
      return "WELCOME";
    case MsgType::Register:
      return "REGISTER";
    case MsgType::Login:
      return "LOGIN";
    case MsgType::LoginResult:
      return "LOGIN_RESULT";
    case MsgType::Stats:
      return "STATS";
    case MsgType::Players:
      return "PLAYERS";
    case MsgType::Top:
      return "TOP";
    case MsgType::HallRequest:
      return "HALL_REQUEST";
    case MsgType::Find:
      return "FIND";
    case MsgType::CancelFind:
      return "CANCEL_FIND";
    case MsgType::RoomCreate:
      return "ROOM_CREATE";
    case MsgType::RoomCreated:
      return "ROOM_CREATED";
    case MsgType::RoomJoin:
      return "ROOM_JOIN";
    case MsgType::Invite:
      return "INVITE";
    case MsgType::Invited:
      return "INVITED";
    case MsgType::InviteReply:
      return "INVITE_REPLY";
    case MsgType::Matched:
      return "MATCHED";
    case MsgType::GameResult:
      return "GAME_RESULT";
    case MsgType::GamesRequest:
      return "GAMES_REQUEST";
    case MsgType::GameList:
      return "GAME_LIST";
    case MsgType::GetGame:
      return "GET_GAME";
    case MsgType::GameRecord:
      return "GAME_RECORD";
    case MsgType::Denied:
      return "DENIED";
    case MsgType::OpponentAway:
      return "OPPONENT_AWAY";
    case MsgType::LiveRequest:
      return "LIVE_REQUEST";
    case MsgType::LiveGames:
      return "LIVE_GAMES";
    case MsgType::WatchGame:
      return "WATCH_GAME";
    case MsgType::Unwatch:
      return "UNWATCH";
  }
  return "UNKNOWN";
}

const char* decodeErrorText(DecodeError e) {
  switch (e) {
    case DecodeError::None:
      return "no error";
    case DecodeError::BadMagic:
      return "not a Gomoku peer (bad magic bytes)";
    case DecodeError::BadVersion:
      return "protocol version mismatch";
    case DecodeError::UnknownType:
      return "unknown message type";
    case DecodeError::TooLong:
      return "message longer than the protocol allows";
    case DecodeError::Truncated:
      return "message ends inside a field";
    case DecodeError::TrailingBytes:
      return "message has bytes after its last field";
    case DecodeError::BadValue:
      return "message field out of range";
  }
  return "unknown decode error";
}

std::vector<std::uint8_t> encode(const Message& m) {
  Writer w;
  w.u8(kMagic0);
  w.u8(kMagic1);
  w.u8(kProtocolMajor);
  w.u8(static_cast<std::uint8_t>(typeOf(m)));
  w.u32(0);  // length, patched below
  std::visit(
      [&w](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, Hello>) {
          w.u8(v.protocolMajor);
          w.u8(v.protocolMinor);
          w.str(v.programVersion, kMaxVersionText);
          w.str(v.nickname, kMaxNicknameChars * 4);
        } else if constexpr (std::is_same_v<T, Setup>) {
          writeSetup(w, v);
          if (hasTail(v)) writeTail(w, v);  // protocol 1.3
        } else if constexpr (std::is_same_v<T, Resume>) {
          w.u64(v.token);
          w.u16(v.game);
          w.points(v.moves);
          if (v.previousOutcome != Outcome::Ongoing ||
              !v.openingActs.empty()) {  // protocol 1.1 (0, 0: none, 1.4)
            w.u8(static_cast<std::uint8_t>(v.previousOutcome));
            w.u8(static_cast<std::uint8_t>(v.previousReason));
          }
          writeOpeningActs(w, v.openingActs);  // protocol 1.4
        } else if constexpr (std::is_same_v<T, Sync>) {
          writeSync(w, v);
        } else if constexpr (std::is_same_v<T, Move>) {
          w.u16(v.ply);
          w.u8(v.x);
          w.u8(v.y);
          if (v.thinkMs >= 0) w.u32(static_cast<std::uint32_t>(v.thinkMs));  // protocol 1.3
        } else if constexpr (std::is_same_v<T, OpeningAct>) {
          writeOpeningAct(w, v);
          if (v.thinkMs >= 0) w.u32(static_cast<std::uint32_t>(v.thinkMs));  // protocol 1.6
        } else if constexpr (std::is_same_v<T, Flag>) {
          w.u16(v.atPly);
          if (v.decision >= 0) w.u16(static_cast<std::uint16_t>(v.decision));  // protocol 1.6
        } else if constexpr (std::is_same_v<T, Bye>) {
          w.u8(static_cast<std::uint8_t>(v.reason));
          w.str(v.text, kMaxText);
        } else if constexpr (std::is_same_v<T, Error>) {
          w.u16(static_cast<std::uint16_t>(v.code));
          w.str(v.text, kMaxText);
        } else if constexpr (std::is_same_v<T, TakebackRequest>) {
          w.u16(v.atPly);
          w.u16(v.returnTo);
        } else if constexpr (std::is_same_v<T, TakebackReply> || std::is_same_v<T, DrawReply>) {
          w.u16(v.atPly);
          w.u8(v.accept ? 1 : 0);
        } else if constexpr (std::is_same_v<T, DrawOffer> || std::is_same_v<T, Resign>) {
          w.u16(v.atPly);
        } else if constexpr (std::is_same_v<T, Nickname>) {
          w.str(v.nickname, kMaxNicknameChars * 4);
        } else if constexpr (std::is_same_v<T, PlayAgain>) {
          w.u16(v.game);
          w.u8(v.want ? 1 : 0);
        } else if constexpr (std::is_same_v<T, Chat>) {
          w.str(v.text, kMaxChatBytes);
        } else if constexpr (!std::is_same_v<T, Heartbeat>) {
          write(w, v);  // a server message
        }
      },
      m);
  auto& out = w.bytes();
  if (out.size() - kHeaderSize > kMaxPayload)
    throw std::length_error("message longer than the protocol allows");
  const auto len = static_cast<std::uint32_t>(out.size() - kHeaderSize);
  out[4] = static_cast<std::uint8_t>(len >> 24);
  out[5] = static_cast<std::uint8_t>(len >> 16);
  out[6] = static_cast<std::uint8_t>(len >> 8);
  out[7] = static_cast<std::uint8_t>(len);
  return std::move(out);
}

Header decodeHeader(const std::uint8_t* d, DecodeError& error) {
  Header h;
  h.version = d[2];
  h.type = d[3];
  h.length = (std::uint32_t{d[4]} << 24) | (std::uint32_t{d[5]} << 16) |
             (std::uint32_t{d[6]} << 8) | std::uint32_t{d[7]};
  error = DecodeError::None;
  if (d[0] != kMagic0 || d[1] != kMagic1)
    error = DecodeError::BadMagic;
  else if (h.version != kProtocolMajor)
    error = DecodeError::BadVersion;
  else if (!knownType(h.type))
    error = DecodeError::UnknownType;
  else if (h.length > kMaxPayload)
    error = DecodeError::TooLong;
  return h;
}

Message decodeBody(const Header& h, const std::uint8_t* data, std::size_t size,
                   DecodeError& error) {
  Reader r(data, size);
  Message m = Error{};
  switch (static_cast<MsgType>(h.type)) {
    case MsgType::Hello: {
      Hello v;
      v.protocolMajor = r.u8();
      v.protocolMinor = r.u8();
      v.programVersion = r.str(kMaxVersionText);
      v.nickname = r.str(kMaxNicknameChars * 4);
      if (r.finish() == DecodeError::None && nicknameError(v.nickname))
        r.fail(DecodeError::BadValue);
      m = std::move(v);
      break;
    }
    case MsgType::Setup: {
      Setup v = readSetup(r);
      if (!r.atEnd()) readTail(r, v);  // protocol 1.3
      checkOpeningTimed(r, v);         // protocol 1.6
      m = v;
      break;
    }
    case MsgType::Resume: {
      Resume v;
      v.token = r.u64();
      v.game = r.u16();
      v.moves = r.points();
      readPrevious(r, v.game, v.previousOutcome, v.previousReason, true);
      v.openingActs = readOpeningActs(r);  // protocol 1.4
      m = std::move(v);
      break;
    }
    case MsgType::Sync:
      m = readSync(r);
      break;
    case MsgType::Move: {
      Move v;
      v.ply = r.u16();
      v.x = r.u8();
      v.y = r.u8();
      if (!r.atEnd()) {  // protocol 1.3: the thinking time
        v.thinkMs = r.u32();
        if (v.thinkMs > kMaxClockMs) r.fail(DecodeError::BadValue);
      }
      m = v;
      break;
    }
    case MsgType::Flag: {
      Flag v{r.u16()};
      if (!r.atEnd()) {  // protocol 1.6: the opening decision
        v.decision = r.u16();
        if (v.decision > static_cast<int>(kMaxOpeningActs)) r.fail(DecodeError::BadValue);
      }
      m = v;
      break;
    }
    case MsgType::Opening: {
      OpeningAct v = readOpeningAct(r);
      if (!r.atEnd()) {  // protocol 1.6: the thinking time
        v.thinkMs = r.u32();
        if (v.thinkMs > kMaxClockMs) r.fail(DecodeError::BadValue);
      }
      m = std::move(v);
      break;
    }
    case MsgType::Bye: {
      Bye v;
      const std::uint8_t reason = r.u8();
      if (reason > static_cast<std::uint8_t>(ByeReason::Closing)) r.fail(DecodeError::BadValue);
      v.reason = static_cast<ByeReason>(reason);
      v.text = r.str(kMaxText);
      m = std::move(v);
      break;
    }
    case MsgType::Error: {
      Error v;
      v.code = static_cast<ErrorCode>(r.u16());
      v.text = r.str(kMaxText);
      m = std::move(v);
      break;
    }
    case MsgType::TakebackRequest: {
      TakebackRequest v;
      v.atPly = r.u16();
      v.returnTo = r.u16();
      if (v.returnTo >= v.atPly || v.atPly - v.returnTo > 2) r.fail(DecodeError::BadValue);
      m = v;
      break;
    }
    case MsgType::TakebackReply:
    case MsgType::DrawReply: {
      const std::uint16_t atPly = r.u16();
      const std::uint8_t accept = r.u8();
      if (accept > 1) r.fail(DecodeError::BadValue);
      if (static_cast<MsgType>(h.type) == MsgType::TakebackReply)
        m = TakebackReply{atPly, accept == 1};
      else
        m = DrawReply{atPly, accept == 1};
      break;
    }
    case MsgType::DrawOffer:
      m = DrawOffer{r.u16()};
      break;
    case MsgType::Resign:
      m = Resign{r.u16()};
      break;
    case MsgType::Nickname: {
      Nickname v{r.str(kMaxNicknameChars * 4)};
      if (r.finish() == DecodeError::None && nicknameError(v.nickname))
        r.fail(DecodeError::BadValue);
      m = std::move(v);
      break;
    }
    case MsgType::PlayAgain: {
      PlayAgain v;
      v.game = r.u16();
      const std::uint8_t want = r.u8();
      if (want > 1 || v.game < 2) r.fail(DecodeError::BadValue);
      v.want = want == 1;
      m = v;
      break;
    }
    case MsgType::Chat:
      m = Chat{r.str(kMaxChatBytes)};
      break;
    case MsgType::Heartbeat:
      m = Heartbeat{};
      break;
    case MsgType::Watch:
      m = readAs<Watch>(r);
      break;
    case MsgType::View:
      m = readAs<View>(r);
      break;
    case MsgType::WatchChat:
      m = readAs<WatchChat>(r);
      break;
    case MsgType::Watchers:
      m = readAs<Watchers>(r);
      break;
    case MsgType::Welcome:
      m = readAs<Welcome>(r);
      break;
    case MsgType::Register:
      m = readAs<Register>(r);
      break;
    case MsgType::Login:
      m = readAs<Login>(r);
      break;
    case MsgType::LoginResult:
      m = readAs<LoginResult>(r);
      break;
    case MsgType::Stats:
      m = readAs<Stats>(r);
      break;
    case MsgType::Players:
      m = readAs<Players>(r);
      break;
    case MsgType::Top:
      m = readAs<Top>(r);
      break;
    case MsgType::HallRequest:
      m = readAs<HallRequest>(r);
      break;
    case MsgType::Find:
      m = readAs<Find>(r);
      break;
    case MsgType::CancelFind:
      m = readAs<CancelFind>(r);
      break;
    case MsgType::RoomCreate:
      m = readAs<RoomCreate>(r);
      break;
    case MsgType::RoomCreated:
      m = readAs<RoomCreated>(r);
      break;
    case MsgType::RoomJoin:
      m = readAs<RoomJoin>(r);
      break;
    case MsgType::Invite:
      m = readAs<Invite>(r);
      break;
    case MsgType::Invited:
      m = readAs<Invited>(r);
      break;
    case MsgType::InviteReply:
      m = readAs<InviteReply>(r);
      break;
    case MsgType::Matched:
      m = readAs<Matched>(r);
      break;
    case MsgType::GameResult:
      m = readAs<GameResult>(r);
      break;
    case MsgType::GamesRequest:
      m = readAs<GamesRequest>(r);
      break;
    case MsgType::GameList:
      m = readAs<GameList>(r);
      break;
    case MsgType::GetGame:
      m = readAs<GetGame>(r);
      break;
    case MsgType::GameRecord:
      m = readAs<GameRecord>(r);
      break;
    case MsgType::Denied:
      m = readAs<Denied>(r);
      break;
    case MsgType::OpponentAway:
      m = readAs<OpponentAway>(r);
      break;
    case MsgType::LiveRequest:
      m = readAs<LiveRequest>(r);
      break;
    case MsgType::LiveGames:
      m = readAs<LiveGames>(r);
      break;
    case MsgType::WatchGame:
      m = readAs<WatchGame>(r);
      break;
    case MsgType::Unwatch:
      m = readAs<Unwatch>(r);
      break;
    default:
      r.fail(DecodeError::UnknownType);
      break;
  }
  error = r.finish();
  if (error != DecodeError::None) return Error{};
  return m;
}

}  // namespace gomoku::net
