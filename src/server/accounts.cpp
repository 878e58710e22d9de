#include "server/accounts.h"

#include <sodium.h>
#include <utf8proc.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <stdexcept>

#include "core/utf8.h"

namespace gomoku::server {

namespace {

void initSodium() {
  // Thread-safe and idempotent: 0 the first time, 1 after; -1 when it cannot work.
  static const int ok = sodium_init();
  if (ok < 0) throw std::runtime_error("libsodium cannot be initialised");
}

// The code points of well-formed UTF-8 `s` (validUtf8 checked first).
std::u32string codePoints(std::string_view s) {
  std::u32string out;
  const auto* p = reinterpret_cast<const utf8proc_uint8_t*>(s.data());
  utf8proc_ssize_t left = static_cast<utf8proc_ssize_t>(s.size());
  while (left > 0) {
    utf8proc_int32_t c = 0;
    const utf8proc_ssize_t n = utf8proc_iterate(p, left, &c);
    if (n <= 0) break;  // cannot happen for valid UTF-8
    out.push_back(static_cast<char32_t>(c));
    p += n;
    left -= n;
  }
  return out;
}

bool allowedInName(char32_t c, bool first) {
  if (c == U'_' || c == U'-') return true;
  switch (utf8proc_category(static_cast<utf8proc_int32_t>(c))) {
    case UTF8PROC_CATEGORY_LU:
    case UTF8PROC_CATEGORY_LL:
    case UTF8PROC_CATEGORY_LT:
    case UTF8PROC_CATEGORY_LM:
    case UTF8PROC_CATEGORY_LO:  // CJK ideographs, kana, hangul ...
    case UTF8PROC_CATEGORY_ND:
      return true;
    case UTF8PROC_CATEGORY_MN:  // combining marks (accents, Indic vowel signs) after a base
    case UTF8PROC_CATEGORY_MC:
    case UTF8PROC_CATEGORY_ME:
      return !first;
    default:  // blanks, controls, format and bidi characters, punctuation, symbols ...
      return false;
  }
}

std::string hex(const unsigned char* data, std::size_t n) {
  std::string out(2 * n + 1, '\0');
  sodium_bin2hex(out.data(), out.size(), data, n);
  out.pop_back();  // the terminating NUL
  return out;
}

}  // namespace

NameProblem checkName(std::string_view name) {
  if (!validUtf8(name)) return NameProblem::NotUtf8;
  const std::u32string cps = codePoints(name);
  for (std::size_t i = 0; i < cps.size(); ++i)
    if (!allowedInName(cps[i], i == 0)) return NameProblem::BadCharacter;
  if (cps.size() < kMinNameChars) return NameProblem::TooShort;
  if (cps.size() > kMaxNameChars) return NameProblem::TooLong;
  return NameProblem::None;
}

std::string nameKey(std::string_view name) {
  if (!validUtf8(name)) return {};
  utf8proc_uint8_t* out = nullptr;
  // NFKC_Casefold (as utf8proc_NFKC_Casefold, with an explicit length instead of NUL-ended).
  const utf8proc_ssize_t n = utf8proc_map(
      reinterpret_cast<const utf8proc_uint8_t*>(name.data()),
      static_cast<utf8proc_ssize_t>(name.size()), &out,
      static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT |
                                     UTF8PROC_CASEFOLD | UTF8PROC_IGNORE));
  const std::unique_ptr<utf8proc_uint8_t, decltype(&std::free)> owned(out, &std::free);
  if (n < 0 || out == nullptr) return {};
  return std::string(reinterpret_cast<const char*>(out), static_cast<std::size_t>(n));
}

PasswordProblem checkPassword(std::string_view password) {
  if (password.size() > kMaxPasswordBytes) return PasswordProblem::TooLong;
  if (!validUtf8(password)) return PasswordProblem::NotUtf8;
  if (utf8Length(password) < kMinPasswordChars) return PasswordProblem::TooShort;
  return PasswordProblem::None;
}

std::string describe(NameProblem p) {
  switch (p) {
    case NameProblem::None:
      return "";
    case NameProblem::TooShort:
    case NameProblem::TooLong:
      return "a name has 2 to 20 characters";
    case NameProblem::BadCharacter:
      return "a name may contain only letters, digits, '_' and '-'";
    case NameProblem::NotUtf8:
      return "the name is not valid UTF-8 text";
  }
  return "";
}

std::string describe(PasswordProblem p) {
  switch (p) {
    case PasswordProblem::None:
      return "";
    case PasswordProblem::TooShort:
      return "a password has at least 8 characters";
    case PasswordProblem::TooLong:
      return "a password has at most 1024 bytes";
    case PasswordProblem::NotUtf8:
      return "the password is not valid UTF-8 text";
  }
  return "";
}

std::string hashPassword(std::string_view password) {
  initSodium();
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str(out, password.data(), password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                        crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
    throw std::runtime_error("password hashing failed (out of memory)");
  return out;
}

bool verifyPassword(const std::string& hash, std::string_view password) {
  initSodium();
  // libsodium reads the hash as a NUL-ended string of fewer than crypto_pwhash_STRBYTES bytes.
  if (hash.empty() || hash.size() >= crypto_pwhash_STRBYTES || hash.find('\0') != std::string::npos)
    return false;
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

const std::string& dummyPasswordHash() {
  static const std::string hash = [] {
    initSodium();
    return hashPassword(newToken());
  }();
  return hash;
}

std::string newToken() {
  initSodium();
  unsigned char bytes[kTokenChars / 2];
  randombytes_buf(bytes, sizeof bytes);
  return hex(bytes, sizeof bytes);
}

std::string tokenDigest(std::string_view token) {
  initSodium();
  unsigned char digest[crypto_generichash_BYTES];  // 32
  crypto_generichash(digest, sizeof digest, reinterpret_cast<const unsigned char*>(token.data()),
                     token.size(), nullptr, 0);
  return hex(digest, sizeof digest);
}

std::uint32_t secureRandom() {
  initSodium();
  return randombytes_random();
}

// ---- LoginThrottle ------------------------------------------------------------------------

namespace {
// Failures kept per key: beyond this many the delay is at its cap anyway.
constexpr std::size_t kKeptFailures = LoginThrottle::kFreeFailures + 8;

std::string nameEntry(std::string_view key) {
  return "n:" + std::string(key);
}
std::string addressEntry(std::string_view address) {
  return "a:" + std::string(address);
}
}  // namespace

LoginThrottle::LoginThrottle(std::size_t maxEntries)
    : maxEntries_(std::max<std::size_t>(1, maxEntries)) {}

int LoginThrottle::recent(const std::string& key, time_point now) const {
  const auto it = entries_.find(key);
  if (it == entries_.end()) return 0;
  return static_cast<int>(std::count_if(it->second.failures.begin(), it->second.failures.end(),
                                        [&](time_point t) { return now - t < kWindow; }));
}

std::chrono::milliseconds LoginThrottle::delayFor(std::string_view nameKey,
                                                  std::string_view address, time_point now) const {
  const int n = std::max(recent(nameEntry(nameKey), now), recent(addressEntry(address), now));
  if (n < kFreeFailures) return std::chrono::milliseconds(0);
  const int doublings = n - kFreeFailures;  // 0 -> 1 s, 1 -> 2 s, 2 -> 4 s ...
  if (doublings >= 5) return kMaxDelay;     // 32 s and more: the cap
  return std::min(std::chrono::milliseconds(1000LL << doublings), kMaxDelay);
}

void LoginThrottle::forgetOld(time_point now) {
  // order_ runs from the least recently failed: drop entries whose last failure left the window.
  while (!order_.empty()) {
    const auto it = entries_.find(order_.front());
    if (it != entries_.end() && !it->second.failures.empty() &&
        now - it->second.failures.back() < kWindow)
      break;
    if (it != entries_.end()) entries_.erase(it);
    order_.pop_front();
  }
}

void LoginThrottle::note(const std::string& key, time_point now) {
  auto it = entries_.find(key);
  if (it == entries_.end()) {
    while (entries_.size() >= maxEntries_ && !order_.empty()) {  // full: drop the oldest
      entries_.erase(order_.front());
      order_.pop_front();
    }
    order_.push_back(key);
    it = entries_.emplace(key, Entry{{}, std::prev(order_.end())}).first;
  } else {
    order_.splice(order_.end(), order_, it->second.order);  // now the most recent
  }
  auto& failures = it->second.failures;
  while (!failures.empty() && now - failures.front() >= kWindow) failures.pop_front();
  failures.push_back(now);
  while (failures.size() > kKeptFailures) failures.pop_front();
}

void LoginThrottle::failed(std::string_view nameKey, std::string_view address, time_point now) {
  forgetOld(now);
  note(nameEntry(nameKey), now);
  note(addressEntry(address), now);
}

void LoginThrottle::succeeded(std::string_view nameKey, time_point now) {
  forgetOld(now);
  const auto it = entries_.find(nameEntry(nameKey));
  if (it == entries_.end()) return;
  order_.erase(it->second.order);
  entries_.erase(it);
}

}  // namespace gomoku::server
