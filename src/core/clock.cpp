#include "core/clock.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <utility>

namespace gomoku {

namespace {

constexpr std::int64_t kSecond = 1000;
constexpr std::int64_t kMinute = 60 * kSecond;
constexpr std::int64_t kHour = 60 * kMinute;

// A time: a bare number in `bareUnit`, or number-unit pairs ("1m30s", "0.5s", "200ms").
// nullopt on a syntax error; a value above kMaxClockMs comes back as kMaxClockMs + 1.
std::optional<std::int64_t> parseTime(std::string_view s, std::int64_t bareUnit) {
  if (s.empty()) return std::nullopt;
  double total = 0;
  std::size_t i = 0;
  bool bare = true;
  while (i < s.size()) {
    const std::size_t start = i;
    int dots = 0;
    while (i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '.')) {
      dots += s[i] == '.';
      ++i;
    }
    const std::size_t digits = i - start;
    if (digits == 0 || digits > 12 || dots > 1 || s[start] == '.' || s[i - 1] == '.')
      return std::nullopt;
    const double value = std::stod(std::string(s.substr(start, digits)));
    std::int64_t unit = 0;
    if (i == s.size()) {
      if (!bare) return std::nullopt;  // "1m30": a number without a unit after a unit
      unit = bareUnit;
    } else if (s.substr(i, 2) == "ms") {
      unit = 1, i += 2;
    } else if (s[i] == 'h') {
      unit = kHour, ++i;
    } else if (s[i] == 'm') {
      unit = kMinute, ++i;
    } else if (s[i] == 's') {
      unit = kSecond, ++i;
    } else {
      return std::nullopt;
    }
    bare = false;
    total += value * static_cast<double>(unit);
  }
  if (total > static_cast<double>(kMaxClockMs)) return kMaxClockMs + 1;
  return static_cast<std::int64_t>(std::llround(total));
}

}  // namespace

TimeControlParse parseTimeControl(std::string_view text) {
  std::string s;
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c)))
      s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  TimeControlParse r;
  TimeControl tc;
  auto times = [&](std::string_view a, std::int64_t unitA, std::string_view b, std::int64_t unitB,
                   std::int64_t& outA, std::int64_t& outB) {
    const auto ta = parseTime(a, unitA);
    const auto tb = b.empty() ? std::optional<std::int64_t>(0) : parseTime(b, unitB);
    if (!ta || !tb) return false;
    outA = *ta, outB = *tb;
    return true;
  };
  if (s.empty() || s == "none") {
    r.control = tc;
    r.error = TimeControlError::None;
    return r;
  }
  std::int64_t unused = 0;
  constexpr std::string_view kPerMove = "/move";
  if (s.size() > kPerMove.size() && s.ends_with(kPerMove)) {
    tc.kind = ClockKind::PerMove;
    if (!times(std::string_view(s).substr(0, s.size() - kPerMove.size()), kSecond, {}, 0, tc.moveMs,
               unused))
      return r;
  } else if (const auto comma = s.find(','); comma != std::string::npos) {
    tc.kind = ClockKind::ByoYomi;
    const std::string_view v(s);
    if (comma + 1 >= s.size() ||
        !times(v.substr(0, comma), kMinute, v.substr(comma + 1), kSecond, tc.baseMs, tc.moveMs))
      return r;
  } else {
    tc.kind = ClockKind::Fischer;
    const auto plus = s.find('+');
    const std::string_view v(s);
    if (plus != std::string::npos && plus + 1 >= s.size()) return r;
    if (!times(v.substr(0, plus), kMinute, plus == std::string::npos ? "" : v.substr(plus + 1),
               kSecond, tc.baseMs, tc.incrementMs))
      return r;
  }
  if (tc.baseMs > kMaxClockMs || tc.incrementMs > kMaxClockMs || tc.moveMs > kMaxClockMs) {
    r.error = TimeControlError::TooLong;
    return r;
  }
  const bool zero = (tc.kind == ClockKind::Fischer && tc.baseMs < kMinClockMs) ||
                    (tc.kind != ClockKind::Fischer && tc.moveMs < kMinClockMs);
  if (zero) {
    r.error = TimeControlError::Zero;
    return r;
  }
  r.control = tc;
  r.error = TimeControlError::None;
  return r;
}

std::string formatClockTime(std::int64_t ms) {
  if (ms <= 0) return "0s";
  std::string out;
  if (ms >= kHour) out += std::to_string(ms / kHour) + "h", ms %= kHour;
  if (ms >= kMinute) out += std::to_string(ms / kMinute) + "m", ms %= kMinute;
  if (ms > 0) {
    if (ms % kSecond == 0) {
      out += std::to_string(ms / kSecond) + "s";
    } else if (out.empty() && ms < kSecond && ms % 100 != 0) {
      out += std::to_string(ms) + "ms";
    } else {
      std::string frac = std::to_string(ms % kSecond);
      frac.insert(0, 3 - frac.size(), '0');
      while (frac.back() == '0') frac.pop_back();
      out += std::to_string(ms / kSecond) + "." + frac + "s";
    }
  }
  return out;
}

std::string clockFace(std::int64_t ms) {
  ms = std::max<std::int64_t>(0, ms);
  char buf[40];
  if (ms < 10 * kSecond) {
    const long long tenths = (ms + 99) / 100;  // rounded up: 0:00.0 only when none is left
    if (tenths < 100) {
      std::snprintf(buf, sizeof buf, "0:%02lld.%lld", tenths / 10, tenths % 10);
      return buf;
    }
  }
  const long long s = (ms + kSecond - 1) / kSecond;
  if (s >= 3600)
    std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
  else
    std::snprintf(buf, sizeof buf, "%lld:%02lld", s / 60, s % 60);
  return buf;
}

std::string formatTimeControl(const TimeControl& tc) {
  switch (tc.kind) {
    case ClockKind::None:
      return "none";
    case ClockKind::Fischer:
      return formatClockTime(tc.baseMs) + "+" + formatClockTime(tc.incrementMs);
    case ClockKind::PerMove:
      return formatClockTime(tc.moveMs) + "/move";
    case ClockKind::ByoYomi:
      return formatClockTime(tc.baseMs) + "," + formatClockTime(tc.moveMs);
  }
  return "none";
}

GameClock::GameClock(TimeControl tc) : tc_(tc) {
  black_.mainMs = white_.mainMs = tc.kind == ClockKind::PerMove ? tc.moveMs : tc.baseMs;
}

std::int64_t GameClock::elapsed(std::int64_t nowMs) const {
  return std::max<std::int64_t>(0, nowMs - startedAt_);
}

std::int64_t GameClock::timedMoveMs(std::int64_t nowMs) const {
  const Stone s = timedSide();
  return s == Stone::Empty ? 0 : used(s, nowMs);
}

std::int64_t GameClock::used(Stone s, std::int64_t nowMs) const {
  if (s == running_) return elapsed(nowMs);
  if (s == frozen_) return frozenUsed_;
  return 0;
}

std::int64_t GameClock::allowed(const Side& s) const {
  switch (tc_.kind) {
    case ClockKind::Fischer:
      return s.mainMs;
    case ClockKind::PerMove:
      return tc_.moveMs;
    case ClockKind::ByoYomi:
      return s.mainMs + tc_.moveMs;
    case ClockKind::None:
      break;
  }
  return 0;
}

bool GameClock::apply(Side& s, std::int64_t usedMs) const {
  usedMs = std::max<std::int64_t>(0, usedMs);
  if (usedMs > allowed(s)) {
    s.flagged = true;
    if (tc_.kind != ClockKind::PerMove) s.mainMs = 0;
    return false;
  }
  switch (tc_.kind) {
    case ClockKind::Fischer:
      s.mainMs = std::min(s.mainMs - usedMs + tc_.incrementMs, 2 * kMaxClockMs);
      break;
    case ClockKind::ByoYomi:
      s.mainMs = std::max<std::int64_t>(0, s.mainMs - usedMs);
      break;
    case ClockKind::PerMove:
    case ClockKind::None:
      break;
  }
  return true;
}

void GameClock::start(Stone side, std::int64_t nowMs) {
  frozen_ = Stone::Empty;
  paused_ = false;
  if (!enabled() || side == Stone::Empty || black_.flagged || white_.flagged) {
    running_ = Stone::Empty;
    return;
  }
  running_ = side;
  startedAt_ = nowMs;
}

std::int64_t GameClock::punch(std::int64_t nowMs) {
  if (running_ == Stone::Empty) return -1;
  const Stone s = running_;
  const std::int64_t usedMs = elapsed(nowMs);
  running_ = Stone::Empty;
  if (apply(side(s), usedMs)) start(opponent(s), nowMs);
  return usedMs;
}

std::int64_t GameClock::punchDecision(std::int64_t nowMs, Stone next, bool swapped,
                                      std::int64_t usedMs) {
  if (running_ == Stone::Empty) {
    if (swapped) swapSides();
    return -1;
  }
  const Stone s = running_;
  const std::int64_t charged = usedMs >= 0 ? usedMs : elapsed(nowMs);
  running_ = Stone::Empty;
  const bool inTime = apply(side(s), charged);
  if (swapped) swapSides();
  if (inTime) start(next, nowMs);
  return charged;
}

void GameClock::swapSides() {
  std::swap(black_, white_);
  if (running_ != Stone::Empty) running_ = opponent(running_);
  if (frozen_ != Stone::Empty) frozen_ = opponent(frozen_);
}

bool GameClock::charge(Stone s, std::int64_t usedMs) {
  if (!enabled() || s == Stone::Empty) return true;
  if (running_ == s) running_ = Stone::Empty;
  if (frozen_ == s) frozen_ = Stone::Empty, paused_ = false;
  return apply(side(s), usedMs);
}

void GameClock::pause(std::int64_t nowMs) {
  if (running_ == Stone::Empty) return;
  frozenUsed_ = elapsed(nowMs);
  frozen_ = running_;
  running_ = Stone::Empty;
  paused_ = true;
}

void GameClock::resume(std::int64_t nowMs) {
  if (!paused_ || frozen_ == Stone::Empty) return;
  running_ = frozen_;
  startedAt_ = nowMs - frozenUsed_;
  frozen_ = Stone::Empty;
  paused_ = false;
}

void GameClock::stop(std::int64_t nowMs) {
  if (running_ == Stone::Empty) return;
  pause(nowMs);
  paused_ = false;  // a stopped clock does not resume
}

void GameClock::runOut(Stone s, std::int64_t nowMs) {
  if (!enabled() || s == Stone::Empty) return;
  stop(nowMs);
  side(s).flagged = true;
}

void GameClock::restore(std::int64_t blackMainMs, std::int64_t whiteMainMs) {
  if (!enabled()) return;
  running_ = frozen_ = Stone::Empty;
  paused_ = false;
  const auto set = [this](Side& s, std::int64_t ms) {
    s.mainMs = std::clamp<std::int64_t>(ms, 0, 2 * kMaxClockMs);
    if (tc_.kind == ClockKind::PerMove) s.mainMs = tc_.moveMs;
    s.flagged = tc_.kind == ClockKind::Fischer && s.mainMs == 0;
  };
  set(black_, blackMainMs);
  set(white_, whiteMainMs);
}

ClockReading GameClock::reading(Stone s, std::int64_t nowMs) const {
  ClockReading r;
  if (!enabled() || s == Stone::Empty) return r;
  const Side& sd = side(s);
  const std::int64_t u = used(s, nowMs);
  r.running = running_ == s;
  r.flagged = flagged(s, nowMs);
  switch (tc_.kind) {
    case ClockKind::Fischer:
      r.mainMs = std::max<std::int64_t>(0, sd.mainMs - u);
      r.decidingMs = r.mainMs;
      break;
    case ClockKind::PerMove:
      r.mainMs = std::max<std::int64_t>(0, tc_.moveMs - u);
      r.decidingMs = r.mainMs;
      break;
    case ClockKind::ByoYomi:
      if (u < sd.mainMs) {
        r.mainMs = sd.mainMs - u;
        r.periodMs = tc_.moveMs;
      } else {
        r.inByoYomi = true;
        r.periodMs = std::max<std::int64_t>(0, tc_.moveMs - (u - sd.mainMs));
      }
      r.decidingMs = r.mainMs + r.periodMs;
      break;
    case ClockKind::None:
      break;
  }
  if (r.flagged) r.mainMs = r.periodMs = r.decidingMs = 0;  // however it came to flag
  return r;
}

bool GameClock::flagged(Stone s, std::int64_t nowMs) const {
  if (!enabled() || s == Stone::Empty) return false;
  const Side& sd = side(s);
  return sd.flagged || used(s, nowMs) > allowed(sd);
}

std::int64_t GameClock::msUntilFlag(std::int64_t nowMs) const {
  if (running_ == Stone::Empty) return -1;
  return std::max<std::int64_t>(0, allowed(side(running_)) - elapsed(nowMs) + 1);
}

EngineTime GameClock::engineTime(Stone s, std::int64_t nowMs) const {
  EngineTime t;
  const ClockReading c = reading(s, nowMs);
  switch (tc_.kind) {
    case ClockKind::Fischer:
      t.timeLeftMs = c.mainMs;
      break;
    case ClockKind::PerMove:
      t.turnMs = c.mainMs;
      break;
    case ClockKind::ByoYomi:
      if (c.inByoYomi)
        t.turnMs = c.periodMs;
      else
        t.timeLeftMs = c.mainMs + c.periodMs;
      break;
    case ClockKind::None:
      break;
  }
  return t;
}

std::int64_t GameClock::moveAllowanceMs(Stone s, std::int64_t nowMs) const {
  if (!enabled() || s == Stone::Empty) return -1;
  if (side(s).flagged) return 0;
  return std::max<std::int64_t>(0, allowed(side(s)) - used(s, nowMs));
}

}  // namespace gomoku
