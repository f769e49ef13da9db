//===- OptionsFileTest.cpp - Tests for --options-file tokenizing ----------===//

#include "nvccargs/OptionsFile.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace headroom::nvccargs;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

namespace {

TEST(OptionsFileTest, WordsQuotesAndEscapes) {
  EXPECT_THAT(tokenizeOptionsFile("  -Ia\t-Ib\n\n-Ic  "),
              ElementsAre("-Ia", "-Ib", "-Ic"));
  EXPECT_THAT(tokenizeOptionsFile("-I\"/with space/x\" '-DQ=a b'"),
              ElementsAre("-I/with space/x", "-DQ=a b"));
  EXPECT_THAT(tokenizeOptionsFile("-DS=\\\"s\\\" a\\ b \"x\\\"y\""),
              ElementsAre("-DS=\"s\"", "a b", "x\"y"));
  EXPECT_THAT(tokenizeOptionsFile("\"\""), ElementsAre(""));
  EXPECT_THAT(tokenizeOptionsFile(" \n "), IsEmpty());
}

} // namespace
