//===- NumberOptionTest.cpp - Numbers given on a command line -------------===//

#include "support/NumberOption.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace headroom;

namespace {

TEST(NumberOption, ParsesWholeFiniteNumbers) {
  EXPECT_EQ(parseNumber("1.5"), 1.5);
  EXPECT_EQ(parseNumber("-2e3"), -2000.0);
  EXPECT_FALSE(parseNumber(""));
  EXPECT_FALSE(parseNumber("1.5x"));
  EXPECT_FALSE(parseNumber("nan"));
  EXPECT_FALSE(parseNumber("inf"));
  EXPECT_FALSE(parseNumber("1e999"));
}

TEST(NumberOption, ParsesWholeIntegers) {
  EXPECT_EQ(parseInteger("42"), 42);
  EXPECT_FALSE(parseInteger("4.2"));
  EXPECT_FALSE(parseInteger(""));
  EXPECT_FALSE(parseInteger("99999999999999999999999"));
}

TEST(NumberOption, ChecksTheRangeAndNamesTheOption) {
  CommandLine CL("headroom test", "", "");
  CL.option("limit", "X", "");
  Expected<ParsedArgs> P = CL.parse({"--limit", "150"});
  ASSERT_TRUE(P);
  Expected<std::optional<double>> V =
      numberOption(*P, "limit", 0, 100, "a percentage in (0, 100]");
  ASSERT_FALSE(V);
  EXPECT_EQ(V.error().message(),
            "--limit: expected a percentage in (0, 100], got '150'");
  Expected<std::optional<double>> Absent =
      numberOption(*P, "other", 0, 100, "anything");
  ASSERT_TRUE(Absent);
  EXPECT_FALSE(*Absent);
  Expected<ParsedArgs> Q = CL.parse({"--limit=100"});
  ASSERT_TRUE(Q);
  EXPECT_EQ(**numberOption(*Q, "limit", 0, 100, "x"), 100.0);
}

} // namespace
