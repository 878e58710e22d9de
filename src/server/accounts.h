#pragma once
/// @file Accounts of gomoku-server: name rules and the name key that makes names unique,
/// password rules and argon2id hashes (libsodium), session tokens, a CSPRNG source, and the
/// login throttle. Pure functions and one small class; no storage, no I/O.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <list>
#include <string>
#include <string_view>
#include <unordered_map>

namespace gomoku::server {

/// Fewest code points in an account name.
inline constexpr std::size_t kMinNameChars = 2;
/// Most code points in an account name.
inline constexpr std::size_t kMaxNameChars = 20;
/// Fewest code points in a password.
inline constexpr std::size_t kMinPasswordChars = 8;
/// Most bytes (UTF-8) in a password (the wire's limit too).
inline constexpr std::size_t kMaxPasswordBytes = 1024;

/// What is wrong with an account name (None: nothing).
enum class NameProblem {
  None,          ///< acceptable
  TooShort,      ///< fewer than kMinNameChars code points
  TooLong,       ///< more than kMaxNameChars code points
  BadCharacter,  ///< a character other than a letter (any script, CJK included), a decimal
                 ///< digit, '_' or '-' (so: no blank, control, format or bidi character, no
                 ///< punctuation such as the quote '), or a combining mark at the start
  NotUtf8,       ///< not well-formed UTF-8
};

/// Checks a name for registration: well-formed UTF-8; kMinNameChars..kMaxNameChars code points
/// (counted as given, before normalisation); each a letter (Unicode categories L*), a combining
/// mark after another character (M*), a decimal digit (Nd), '_' or '-'. The first problem found
/// is returned in the order NotUtf8, BadCharacter, TooShort/TooLong.
NameProblem checkName(std::string_view name);

/// The key that makes names unique: NFKC + case folding (Unicode NFKC_Casefold, by utf8proc),
/// so that "Ａｌｉｃｅ", "ALICE" and "alice" have one key. "" for text that is not UTF-8.
std::string nameKey(std::string_view name);

/// What is wrong with a password (None: nothing).
enum class PasswordProblem {
  None,      ///< acceptable
  TooShort,  ///< fewer than kMinPasswordChars code points
  TooLong,   ///< more than kMaxPasswordBytes bytes
  NotUtf8,   ///< not well-formed UTF-8
};

/// Checks a password for registration. Any characters count (blanks too); order of checks:
/// TooLong, NotUtf8, TooShort.
PasswordProblem checkPassword(std::string_view password);

/// English phrase for a name problem (LOGIN_RESULT detail, logs), e.g. "a name has 2 to 20
/// characters". "" for None.
std::string describe(NameProblem p);
/// English phrase for a password problem. "" for None.
std::string describe(PasswordProblem p);

/// The password's argon2id hash in libsodium's string format (crypto_pwhash_str, interactive
/// limits: about 64 MiB and a fraction of a second). The only form a password is stored in.
/// Throws std::runtime_error when libsodium cannot work (no memory).
std::string hashPassword(std::string_view password);

/// True when `password` matches `hash` (crypto_pwhash_str_verify). False for a malformed hash.
bool verifyPassword(const std::string& hash, std::string_view password);

/// A hash of a random password, made once: verify against it when the name is unknown, so that
/// an unknown name costs as much time as a wrong password and the two cannot be told apart.
const std::string& dummyPasswordHash();

/// Length of a session token in characters (hex digits of 32 random bytes).
inline constexpr std::size_t kTokenChars = 64;

/// A new session token: 32 random bytes (libsodium's CSPRNG) as 64 lowercase hex digits. The
/// client keeps it; the server stores only tokenDigest().
std::string newToken();

/// What the server stores of a token: its BLAKE2b-256 digest (crypto_generichash) as 64
/// lowercase hex digits.
std::string tokenDigest(std::string_view token);

/// A uniformly random 32-bit number from libsodium's CSPRNG (randombytes_random): the random
/// source (lobby.h RandomSource) for what must not be guessable, such as room codes.
std::uint32_t secureRandom();

/// Slows down password guessing: after kFreeFailures failed logins within kWindow for one name
/// key or from one address, each further attempt for it waits: 1 s, 2 s, 4 s ... at most
/// kMaxDelay. The answer itself never says which part was wrong. Failures older than kWindow
/// are forgotten; at most `maxEntries` names and addresses are remembered (the least recently
/// failed are dropped). The clock is passed in (steady_clock). Not thread-safe.
class LoginThrottle {
 public:
  /// A point in time of the server's steady clock.
  using time_point = std::chrono::steady_clock::time_point;
  /// Failures within the window that cost nothing.
  static constexpr int kFreeFailures = 5;
  /// How long a failure counts.
  static constexpr std::chrono::seconds kWindow{60};
  /// The longest delay.
  static constexpr std::chrono::milliseconds kMaxDelay{30000};

  /// A throttle that remembers at most `maxEntries` names and addresses together.
  explicit LoginThrottle(std::size_t maxEntries = 100000);

  /// How long to wait before answering a login attempt for `nameKey` from `address` (an IP
  /// address as text) at `now`: 0 until kFreeFailures failures within kWindow for the name or
  /// the address (whichever has more), then 1 s doubling with each further failure, at most
  /// kMaxDelay.
  std::chrono::milliseconds delayFor(std::string_view nameKey, std::string_view address,
                                     time_point now) const;
  /// A login attempt for `nameKey` from `address` failed at `now` (wrong password or unknown
  /// name alike).
  void failed(std::string_view nameKey, std::string_view address, time_point now);
  /// A login for `nameKey` succeeded: the name's failures are forgotten (the address's are not,
  /// so that one good account does not reset a guesser's address).
  void succeeded(std::string_view nameKey, time_point now);
  /// Names and addresses remembered now (for tests and the log).
  std::size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    std::deque<time_point> failures;  // oldest first, at most a few more than needed
    std::list<std::string>::iterator order;
  };
  void note(const std::string& key, time_point now);
  void forgetOld(time_point now);
  int recent(const std::string& key, time_point now) const;

  std::size_t maxEntries_;
  std::unordered_map<std::string, Entry> entries_;  // "n:" + name key, "a:" + address
  std::list<std::string> order_;                    // keys, least recently failed first
};

}  // namespace gomoku::server
