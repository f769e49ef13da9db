//===- FormatTest.cpp - Number formatting ---------------------------------===//

#include "support/Format.h"

#include <gtest/gtest.h>

#include <limits>

using namespace headroom;

namespace {

TEST(Format, Fixed) {
  EXPECT_EQ(formatFixed(57.6922, 2), "57.69");
  EXPECT_EQ(formatFixed(28.9249, 2), "28.92");
  EXPECT_EQ(formatFixed(1.0, 2), "1.00");
  EXPECT_EQ(formatFixed(-0.001, 2), "0.00"); // never "-0.00"
  EXPECT_EQ(formatFixed(-4.857, 2), "-4.86");
  EXPECT_EQ(formatFixed(std::numeric_limits<double>::infinity(), 3), "inf");
  EXPECT_EQ(formatFixed(-std::numeric_limits<double>::infinity(), 3), "-inf");
}

TEST(Format, Percent) {
  EXPECT_EQ(formatPercentFixed(0.576922), "57.69%");
  EXPECT_EQ(formatPercentFixed(1.0), "100.00%");
  EXPECT_EQ(formatPercentFixed(0.5, 0), "50%");
}

TEST(Format, Grouped) {
  EXPECT_EQ(formatGrouped(1006649344), "1,006,649,344");
  EXPECT_EQ(formatGrouped(42258880), "42,258,880");
  EXPECT_EQ(formatGrouped(999), "999");
  EXPECT_EQ(formatGrouped(1000), "1,000");
  EXPECT_EQ(formatGrouped(0), "0");
  EXPECT_EQ(formatGrouped(-1234567), "-1,234,567");
  EXPECT_EQ(formatGrouped(1234.567, 2), "1,234.57");
}

TEST(Format, Milliseconds) {
  EXPECT_EQ(formatMs(34.80271), "34.803");
  EXPECT_EQ(formatMs(1.0), "1.000");
  EXPECT_EQ(formatMs(0.7349), "0.735");
  EXPECT_EQ(formatMs(0.012345), "0.0123");
  EXPECT_EQ(formatMs(0.00045678), "0.000457");
  EXPECT_EQ(formatMs(0), "0.000");
}

TEST(Format, General) {
  EXPECT_EQ(formatGeneral(0.5), "0.5");
  EXPECT_EQ(formatGeneral(1006649344), "1006649344");
  EXPECT_EQ(formatGeneral(std::numeric_limits<double>::infinity()), "inf");
}

} // namespace
