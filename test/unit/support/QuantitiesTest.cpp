//===- QuantitiesTest.cpp - Readable numbers with units -------------------===//

#include "support/Quantities.h"

#include <gtest/gtest.h>

using namespace headroom;

namespace {

TEST(Quantities, TimesKeepFourSignificantDigitsInTheirUnit) {
  EXPECT_EQ(formatTime(45.551), "45.55 ms");
  EXPECT_EQ(formatTime(6.2789), "6.279 ms");
  EXPECT_EQ(formatTime(0.2963), "296.3 us");
  EXPECT_EQ(formatTime(1234.5), "1.234 s");
  EXPECT_EQ(formatTime(0.000087), "87.00 ns");
  EXPECT_EQ(formatTime(999.99), "1000 ms");
  EXPECT_EQ(formatTime(0), "0 ms");
  EXPECT_EQ(formatDuration(296300), "296.3 us");
}

TEST(Quantities, PercentagesAreWholeBelowOnePercentTwoDigits) {
  EXPECT_EQ(formatPercent(0.9), "90%");
  EXPECT_EQ(formatPercent(1.0), "100%");
  EXPECT_EQ(formatPercent(0.0052), "0.52%");
  EXPECT_EQ(formatPercent(0), "0%");
  EXPECT_EQ(formatPercent(0.016), "2%");
  // Where a whole number would blur a threshold.
  EXPECT_EQ(formatPercent(0.4971, 3), "49.7%");
}

TEST(Quantities, RatiosKeepTheDigitsThatMatterNearOne) {
  EXPECT_EQ(formatTimes(1.0712), "1.07x");
  EXPECT_EQ(formatTimes(5.691), "5.7x");
  EXPECT_EQ(formatTimes(19.57), "19.6x");
  EXPECT_EQ(formatTimes(250.4), "250x");
}

TEST(Quantities, SignificantDigitsWithoutExponents) {
  EXPECT_EQ(formatSignificant(1.5432, 3), "1.54");
  EXPECT_EQ(formatSignificant(0.05234, 2), "0.052");
  EXPECT_EQ(formatSignificant(197.6, 3), "198");
  EXPECT_EQ(formatSignificant(1234, 2), "1234");
  EXPECT_EQ(formatSignificant(9.996, 3), "10.0");
  EXPECT_EQ(formatSignificant(0, 3), "0");
}

TEST(Quantities, BytesWithADecimalPrefix) {
  EXPECT_EQ(formatBytes(256), "256 bytes");
  EXPECT_EQ(formatBytes(12544), "12.5 KB");
  EXPECT_EQ(formatBytes(32768), "32.8 KB");
  EXPECT_EQ(formatBytes(1.2e6), "1.20 MB");
}

} // namespace
