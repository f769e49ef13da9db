//===- ShellQuoteTest.cpp - Arguments as a shell would read them ----------===//

#include "support/ShellQuote.h"

#include <gtest/gtest.h>

using namespace headroom;

namespace {

TEST(ShellQuote, PlainWordsStayAsTheyAre) {
  EXPECT_EQ(shellQuote("-arch=sm_90"), "-arch=sm_90");
  EXPECT_EQ(shellQuote("/usr/local/cuda/bin/nvcc"), "/usr/local/cuda/bin/nvcc");
}

TEST(ShellQuote, SpecialCharactersAreSingleQuoted) {
  EXPECT_EQ(shellQuote("my gpu"), "'my gpu'");
  EXPECT_EQ(shellQuote(""), "''");
  EXPECT_EQ(shellQuote("$HOME"), "'$HOME'");
  EXPECT_EQ(shellQuote("a*b"), "'a*b'");
  EXPECT_EQ(shellQuote("say \"hi\""), "'say \"hi\"'");
}

TEST(ShellQuote, EmbeddedSingleQuotesSurviveAShell) {
  // The micro-benchmarks' own copy wrote 'it's', which a shell cannot read.
  EXPECT_EQ(shellQuote("it's"), "'it'\\''s'");
}

TEST(ShellQuote, JoinQuotesEachArgument) {
  EXPECT_EQ(shellJoin({"headroom", "calibrate", "--name", "my gpu"}),
            "headroom calibrate --name 'my gpu'");
  EXPECT_EQ(shellJoin({}), "");
}

} // namespace
