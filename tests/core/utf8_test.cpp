#include <gtest/gtest.h>

#include "core/utf8.h"

using namespace gomoku;

TEST(Utf8, ValidAndInvalidSequences) {
  EXPECT_TRUE(validUtf8(""));
  EXPECT_TRUE(validUtf8("plain"));
  EXPECT_TRUE(validUtf8("张伟"));
  EXPECT_TRUE(validUtf8("Zoë😀"));
  EXPECT_FALSE(validUtf8("\xC3"));              // truncated
  EXPECT_FALSE(validUtf8("\xC0\xAF"));          // overlong
  EXPECT_FALSE(validUtf8("\xED\xA0\x80"));      // surrogate
  EXPECT_FALSE(validUtf8("\xF4\x90\x80\x80"));  // above U+10FFFF
  EXPECT_FALSE(validUtf8("\xFF"));
  EXPECT_FALSE(validUtf8("a\x80z"));
}

TEST(Utf8, C15_NicknamesCountCharactersNotBytes) {
  EXPECT_EQ(utf8Length("张伟"), 2u);
  EXPECT_EQ(utf8Length("Zoë😀"), 4u);
  EXPECT_FALSE(nicknameError("张伟"));
  EXPECT_FALSE(nicknameError("欧阳司马诸葛东方慕容"));  // 10 Chinese characters
  EXPECT_FALSE(nicknameError("Zoë😀"));
  EXPECT_FALSE(nicknameError(std::string(32, 'a')));
  std::string chinese32;
  for (int i = 0; i < 32; ++i) chinese32 += "龍";
  EXPECT_FALSE(nicknameError(chinese32));
  EXPECT_TRUE(nicknameError(chinese32 + "龍"));
  EXPECT_TRUE(nicknameError(std::string(300, 'a')));
  EXPECT_TRUE(nicknameError(""));
  EXPECT_TRUE(nicknameError("   "));
  EXPECT_TRUE(nicknameError("bad\xFF"));
  EXPECT_EQ(trimNickname("  Ann  "), "Ann");
  EXPECT_EQ(singleLine("a\nb|c,d"), "a b|c,d");
}

TEST(Utf8, C15_InvisibleNicknamesAreEmptyAndDisplayIsCleaned) {
  for (const char* blank :
       {"\v", "\x1B", "\u3000", "\u200B", "\u00A0", "\uFEFF", " \u2028 ", "\u202E"})
    EXPECT_TRUE(nicknameError(blank)) << "accepted an invisible nickname";
  EXPECT_FALSE(nicknameError("\u202EBob"));  // visible text: accepted, but shown cleaned
  EXPECT_EQ(singleLine("\u202Eevil\u202C"), "evil");
  EXPECT_EQ(singleLine("a\u0085b\u2028c\u009Bd"), "a b c d");
  EXPECT_EQ(singleLine("张伟"), "张伟");
  EXPECT_EQ(singleLine("bad\xFF"
                       "byte"),
            "bad?byte");
}
