//===- StatisticsTest.cpp - Tests of the run statistics -------------------===//

#include "core/Statistics.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace headroom::microbench;

TEST(Statistics, SummarizesOddSample) {
  auto S = summarize({5, 1, 3, 2, 4});
  ASSERT_TRUE(S);
  EXPECT_EQ(S->Count, 5u);
  EXPECT_DOUBLE_EQ(S->Min, 1);
  EXPECT_DOUBLE_EQ(S->Max, 5);
  EXPECT_DOUBLE_EQ(S->Median, 3);
  EXPECT_DOUBLE_EQ(S->Q1, 2);
  EXPECT_DOUBLE_EQ(S->Q3, 4);
  EXPECT_DOUBLE_EQ(S->Mean, 3);
}

TEST(Statistics, InterpolatesQuantilesOfEvenSample) {
  auto S = summarize({10, 20, 30, 40});
  ASSERT_TRUE(S);
  EXPECT_DOUBLE_EQ(S->Median, 25);
  EXPECT_DOUBLE_EQ(S->Q1, 17.5);
  EXPECT_DOUBLE_EQ(S->Q3, 32.5);
}

TEST(Statistics, SpreadIsRangeOverMedian) {
  auto S = summarize({99, 100, 101, 103});
  ASSERT_TRUE(S);
  EXPECT_NEAR(S->spreadPct(), 4.0 / 100.5 * 100, 1e-9);
  EXPECT_TRUE(S->flagged());
  auto Tight = summarize({100, 100.5, 101});
  ASSERT_TRUE(Tight);
  EXPECT_NEAR(Tight->spreadPct(), 1.0 / 100.5 * 100, 1e-9);
  EXPECT_FALSE(Tight->flagged());
  EXPECT_NEAR(Tight->iqrPct(), 0.5 / 100.5 * 100, 1e-9);
}

TEST(Statistics, SingleSampleHasNoSpread) {
  auto S = summarize({7});
  ASSERT_TRUE(S);
  EXPECT_DOUBLE_EQ(S->Median, 7);
  EXPECT_DOUBLE_EQ(S->spreadPct(), 0);
}

TEST(Statistics, RejectsEmptyAndNonFinite) {
  EXPECT_FALSE(summarize({}));
  EXPECT_FALSE(summarize({1, std::numeric_limits<double>::quiet_NaN()}));
  EXPECT_FALSE(summarize({1, std::numeric_limits<double>::infinity()}));
}

TEST(Statistics, RatesFromTimes) {
  // 10 units of work in 2, 4 and 5 ms: rates 5, 2.5 and 2 per ms.
  auto S = summarizeRates({2, 4, 5}, 10);
  ASSERT_TRUE(S);
  EXPECT_DOUBLE_EQ(S->Median, 2.5);
  EXPECT_DOUBLE_EQ(S->Max, 5);
  EXPECT_DOUBLE_EQ(S->Min, 2);
  EXPECT_NEAR(S->spreadPct(), 120.0, 1e-9);
  EXPECT_FALSE(summarizeRates({1, 0}, 10));
  EXPECT_FALSE(summarizeRates({1, -2}, 10));
}
