// Tests of the account rules of gomoku-server (src/server/accounts.h): names and their keys,
// passwords and argon2id hashes, session tokens, random numbers, the login throttle.

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "server/accounts.h"

using namespace gomoku::server;
using namespace std::chrono_literals;

namespace {

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

bool isLowerHex(const std::string& s) {
  return s.find_first_not_of("0123456789abcdef") == std::string::npos;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Names

TEST(AccountNames, LettersDigitsUnderscoreHyphenAndCjkAreAccepted) {
  for (const std::string& name : std::vector<std::string>{
           "Ann", "ab", "Bob_2", "x-y", "__", "张伟", "欧阳司马诸葛东方慕容", "さくら", "김민준",
           "Zoë", "Zoe\xCC\x88" /* e + combining diaeresis */, "Ａｌｉｃｅ", "Алиса", "١٢٣abc",
           std::string(20, 'a'), repeat("龍", 20)}) {
    SCOPED_TRACE(name);
    EXPECT_EQ(checkName(name), NameProblem::None);
  }
}

TEST(AccountNames, LengthIsCountedInCodePoints) {
  EXPECT_EQ(checkName(""), NameProblem::TooShort);
  EXPECT_EQ(checkName("a"), NameProblem::TooShort);
  EXPECT_EQ(checkName("龍"), NameProblem::TooShort);  // 1 code point, 3 bytes
  EXPECT_EQ(checkName(std::string(2, 'a')), NameProblem::None);
  EXPECT_EQ(checkName(std::string(20, 'a')), NameProblem::None);
  EXPECT_EQ(checkName(std::string(21, 'a')), NameProblem::TooLong);
  EXPECT_EQ(checkName(repeat("龍", 20)), NameProblem::None);  // 60 bytes
  EXPECT_EQ(checkName(repeat("龍", 21)), NameProblem::TooLong);
}

TEST(AccountNames, BlanksControlsAndBidiCharactersAreRefused) {
  for (const std::string& name : std::vector<std::string>{
           "Ann Lee",                // space
           " Ann",                   // leading blank
           "Ann\t",                  // tab
           "An\nn",                  // newline
           std::string("An\0n", 4),  // NUL
           "Ann\x7F",                // DEL
           "Ann\xC2\x85",            // U+0085 NEXT LINE (C1 control)
           "Ann\xC2\xA0",            // U+00A0 no-break space
           "Ann\xE3\x80\x80",        // U+3000 ideographic space
           "Ann\xE2\x80\xAE"
           "cba",              // U+202E RIGHT-TO-LEFT OVERRIDE
           "Ann\xE2\x80\x8F",  // U+200F RIGHT-TO-LEFT MARK
           "An\xE2\x80\x8Bn",  // U+200B zero-width space
           "An\xE2\x81\xA6n",  // U+2066 LEFT-TO-RIGHT ISOLATE
           "\xEF\xBB\xBF"
           "Ann",  // U+FEFF byte order mark
           "\xCC\x88"
           "Ann",  // a combining mark with nothing to combine with
       }) {
    SCOPED_TRACE(name);
    EXPECT_EQ(checkName(name), NameProblem::BadCharacter);
  }
}

TEST(AccountNames, PunctuationAndSqlQuotesAreRefused) {
  for (const std::string& name :
       std::vector<std::string>{"O'Brien", "a'--", "x\"y", "Robert'); DROP TABLE accounts;--",
                                "a;b", "a.b", "a@b", "<b>", "a/b", "a\\b", "a%", "a*b", "😀😀", "a+b",
                                "Ⅻab" /* a Roman numeral is not a decimal digit */}) {
    SCOPED_TRACE(name);
    EXPECT_EQ(checkName(name), NameProblem::BadCharacter);
  }
}

TEST(AccountNames, InvalidUtf8IsRefused) {
  for (const std::string& name :
       std::vector<std::string>{std::string("ab\xFF"), std::string("\xC3"),
                                std::string("\xC0\xAF"
                                            "ab"),
                                std::string("ab\xED\xA0\x80")}) {
    EXPECT_EQ(checkName(name), NameProblem::NotUtf8);
    EXPECT_EQ(nameKey(name), "");
  }
}

TEST(AccountNames, KeysIgnoreCaseAndCompatibilityForms) {
  EXPECT_EQ(nameKey("alice"), "alice");
  EXPECT_EQ(nameKey("Ａｌｉｃｅ"), nameKey("alice"));  // fullwidth letters (NFKC)
  EXPECT_EQ(nameKey("ALICE"), nameKey("alice"));
  EXPECT_EQ(nameKey("Zoë"), nameKey("ZOE\xCC\x88"));  // composed and decomposed ë
  EXPECT_EQ(nameKey("Straße"), nameKey("STRASSE"));   // full case folding
  EXPECT_EQ(nameKey("Алиса"), nameKey("АЛИСА"));
  EXPECT_EQ(nameKey("ﬁre"), nameKey("fire"));    // a ligature
  EXPECT_EQ(nameKey("１２３"), nameKey("123"));  // fullwidth digits
  EXPECT_EQ(nameKey("张伟"), "张伟");
  EXPECT_NE(nameKey("alice"), nameKey("alicf"));
  EXPECT_NE(nameKey("张伟"), nameKey("张伟伟"));
  // The key is stable: the key of a key is itself.
  for (const std::string& n :
       std::vector<std::string>{"Ａｌｉｃｅ", "Straße", "Zoe\xCC\x88", "张伟"})
    EXPECT_EQ(nameKey(nameKey(n)), nameKey(n)) << n;
}

TEST(AccountNames, ProblemsHaveEnglishPhrases) {
  EXPECT_EQ(describe(NameProblem::None), "");
  for (NameProblem p : {NameProblem::TooShort, NameProblem::TooLong, NameProblem::BadCharacter,
                        NameProblem::NotUtf8})
    EXPECT_GT(describe(p).size(), 10u);
  EXPECT_NE(describe(NameProblem::TooShort).find("2 to 20"), std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// Passwords

TEST(AccountPasswords, RulesAreChecked) {
  EXPECT_EQ(checkPassword(""), PasswordProblem::TooShort);
  EXPECT_EQ(checkPassword("1234567"), PasswordProblem::TooShort);
  EXPECT_EQ(checkPassword("12345678"), PasswordProblem::None);
  EXPECT_EQ(checkPassword("密码密码密码密"), PasswordProblem::TooShort);  // 7 code points
  EXPECT_EQ(checkPassword("密码密码密码密码"), PasswordProblem::None);
  EXPECT_EQ(checkPassword("        "), PasswordProblem::None);  // blanks count
  EXPECT_EQ(checkPassword(std::string(1024, 'p')), PasswordProblem::None);
  EXPECT_EQ(checkPassword(std::string(1025, 'p')), PasswordProblem::TooLong);
  EXPECT_EQ(checkPassword("abcdefgh\xFF"), PasswordProblem::NotUtf8);
  EXPECT_EQ(describe(PasswordProblem::None), "");
  for (PasswordProblem p :
       {PasswordProblem::TooShort, PasswordProblem::TooLong, PasswordProblem::NotUtf8})
    EXPECT_GT(describe(p).size(), 10u);
}

TEST(AccountPasswords, HashIsArgon2idAndVerifies) {
  const std::string pw = "correct horse 马 battery";
  const std::string hash = hashPassword(pw);
  EXPECT_EQ(hash.rfind("$argon2id$", 0), 0u) << hash;
  EXPECT_EQ(hash.find(pw), std::string::npos);
  EXPECT_TRUE(verifyPassword(hash, pw));
  EXPECT_FALSE(verifyPassword(hash, "correct horse 马 batterY"));
  EXPECT_FALSE(verifyPassword(hash, ""));
  // The same password hashes differently each time (a random salt), and both verify.
  const std::string again = hashPassword(pw);
  EXPECT_NE(again, hash);
  EXPECT_TRUE(verifyPassword(again, pw));
  // Malformed hashes never verify.
  EXPECT_FALSE(verifyPassword("", pw));
  EXPECT_FALSE(verifyPassword("$argon2id$nonsense", pw));
  EXPECT_FALSE(verifyPassword(hash + std::string(1, '\0') + "x", pw));
  EXPECT_FALSE(verifyPassword(std::string(500, 'a'), pw));
}

TEST(AccountPasswords, TheDummyHashVerifiesNoPassword) {
  const std::string& dummy = dummyPasswordHash();
  EXPECT_EQ(dummy.rfind("$argon2id$", 0), 0u);
  EXPECT_EQ(&dummyPasswordHash(), &dummy);  // made once
  EXPECT_FALSE(verifyPassword(dummy, "12345678"));
  EXPECT_FALSE(verifyPassword(dummy, ""));
}

// ---------------------------------------------------------------------------------------------
// Tokens and random numbers

TEST(AccountTokens, TokensAreRandomHexAndStoredAsDigests) {
  std::set<std::string> seen;
  for (int i = 0; i < 100; ++i) {
    const std::string t = newToken();
    EXPECT_EQ(t.size(), kTokenChars);
    EXPECT_TRUE(isLowerHex(t)) << t;
    EXPECT_TRUE(seen.insert(t).second) << "a token came twice";
  }
  const std::string t = newToken();
  const std::string d = tokenDigest(t);
  EXPECT_EQ(d.size(), 64u);
  EXPECT_TRUE(isLowerHex(d));
  EXPECT_NE(d, t);
  EXPECT_EQ(tokenDigest(t), d);  // deterministic
  EXPECT_NE(tokenDigest(newToken()), d);
  // BLAKE2b-256 of the empty string (RFC 7693 parameters, 32-byte output).
  EXPECT_EQ(tokenDigest(""), "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8");
}

TEST(AccountTokens, SecureRandomNumbersSpreadOverAllBits) {
  std::set<std::uint32_t> seen;
  std::uint32_t ored = 0, anded = ~0u;
  for (int i = 0; i < 1000; ++i) {
    const std::uint32_t r = secureRandom();
    seen.insert(r);
    ored |= r;
    anded &= r;
  }
  EXPECT_GT(seen.size(), 990u);
  EXPECT_EQ(ored, ~0u) << "every bit is set sometimes";
  EXPECT_EQ(anded, 0u) << "and clear sometimes";
}

// ---------------------------------------------------------------------------------------------
// Login throttle

namespace {
using Clock = std::chrono::steady_clock;
const Clock::time_point t0 = Clock::time_point{} + 1000h;
}  // namespace

TEST(LoginThrottle, FiveFailuresAreFreeThenTheDelayDoubles) {
  LoginThrottle t;
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(t.delayFor("ann", "10.0.0.1", t0), 0ms) << i;
    t.failed("ann", "10.0.0.1", t0 + std::chrono::seconds(i));
  }
  const auto now = t0 + 5s;
  EXPECT_EQ(t.delayFor("ann", "10.0.0.1", now), 1000ms);
  t.failed("ann", "10.0.0.1", now);
  EXPECT_EQ(t.delayFor("ann", "10.0.0.1", now), 2000ms);
  t.failed("ann", "10.0.0.1", now);
  EXPECT_EQ(t.delayFor("ann", "10.0.0.1", now), 4000ms);
  t.failed("ann", "10.0.0.1", now);
  EXPECT_EQ(t.delayFor("ann", "10.0.0.1", now), 8000ms);
  t.failed("ann", "10.0.0.1", now);
  EXPECT_EQ(t.delayFor("ann", "10.0.0.1", now), 16000ms);
  for (int i = 0; i < 20; ++i) t.failed("ann", "10.0.0.1", now);
  EXPECT_EQ(t.delayFor("ann", "10.0.0.1", now), LoginThrottle::kMaxDelay);  // capped at 30 s
}

TEST(LoginThrottle, CountsPerNameAndPerAddress) {
  LoginThrottle t;
  // One name guessed from many addresses.
  for (int i = 0; i < 5; ++i) t.failed("ann", "10.0.0." + std::to_string(i), t0);
  EXPECT_EQ(t.delayFor("ann", "10.9.9.9", t0), 1000ms);
  EXPECT_EQ(t.delayFor("bob", "10.0.0.1", t0), 0ms);
  // One address guessing many names.
  for (int i = 0; i < 5; ++i) t.failed("n" + std::to_string(i), "192.168.1.1", t0);
  EXPECT_EQ(t.delayFor("someone", "192.168.1.1", t0), 1000ms);
  EXPECT_EQ(t.delayFor("someone", "192.168.1.2", t0), 0ms);
}

TEST(LoginThrottle, FailuresOlderThanAMinuteAreForgotten) {
  LoginThrottle t;
  for (int i = 0; i < 6; ++i) t.failed("ann", "10.0.0.1", t0);
  EXPECT_EQ(t.delayFor("ann", "10.0.0.1", t0 + 59s), 2000ms);
  EXPECT_EQ(t.delayFor("ann", "10.0.0.1", t0 + 60s), 0ms);
  // Sliding: the old failures drop out one by one.
  LoginThrottle s;
  for (int i = 0; i < 7; ++i) s.failed("ann", "a", t0 + std::chrono::seconds(10 * i));
  // Failures at 0, 10, ... 60 s.
  EXPECT_EQ(s.delayFor("ann", "a", t0 + 60s), 2000ms);  // the one at 0 s is out: 6 left
  EXPECT_EQ(s.delayFor("ann", "a", t0 + 69s), 2000ms);
  EXPECT_EQ(s.delayFor("ann", "a", t0 + 70s), 1000ms);  // 5 left
  EXPECT_EQ(s.delayFor("ann", "a", t0 + 80s), 0ms);     // 4 left
  // Entries are dropped from memory once their last failure is a minute old.
  EXPECT_EQ(s.size(), 2u);
  s.failed("bob", "b", t0 + 200s);
  EXPECT_EQ(s.size(), 2u) << "ann and a forgotten, bob and b remembered";
}

TEST(LoginThrottle, SuccessClearsTheNameButNotTheAddress) {
  LoginThrottle t;
  for (int i = 0; i < 6; ++i) t.failed("ann", "10.0.0.1", t0);
  t.succeeded("ann", t0 + 1s);
  EXPECT_EQ(t.delayFor("ann", "10.0.0.2", t0 + 1s), 0ms);
  EXPECT_EQ(t.delayFor("bob", "10.0.0.1", t0 + 1s), 2000ms);
  t.succeeded("nobody", t0 + 1s);  // nothing to forget: no effect
  EXPECT_EQ(t.delayFor("bob", "10.0.0.1", t0 + 1s), 2000ms);
}

TEST(LoginThrottle, MemoryIsBounded) {
  LoginThrottle t(100);
  for (int i = 0; i < 1000; ++i)
    t.failed("n" + std::to_string(i), "a" + std::to_string(i), t0 + std::chrono::milliseconds(i));
  EXPECT_LE(t.size(), 100u);
  // The most recent survive, the oldest were dropped.
  const auto now = t0 + 1s;
  for (int i = 0; i < 4; ++i) t.failed("n999", "x", now);
  EXPECT_EQ(t.delayFor("n999", "y", now), 1000ms);
  for (int i = 0; i < 4; ++i) t.failed("n0", "x", now);
  EXPECT_EQ(t.delayFor("n0", "y", now), 0ms) << "n0's first failure was dropped";
}
