//===- DurationMergeTest.cpp ----------------------------------------------===//

#include "merge/DurationMerge.h"

#include <gtest/gtest.h>

using namespace headroom::merge;

namespace {

TEST(DurationMerge, CompleteSamplesGiveTheExactMedian) {
  MergedDurations M = mergeDurations({{{100, 300}, 2}, {{200, 400, 900}, 3}});
  EXPECT_EQ(M.MedianNs, 300u);
  EXPECT_EQ(M.SampleNs, (std::vector<std::uint64_t>{100, 200, 300, 400, 900}));
  M = mergeDurations({{{100, 300}, 2}, {{200, 400}, 2}});
  EXPECT_EQ(M.MedianNs, 250u) << "even count: mean of the middle two";
}

TEST(DurationMerge, SamplesAreWeightedByTheLaunchesTheyStandFor) {
  // Process A: 1,000,000 launches around 10 us (a 4-value sample); process
  // B: 4 launches of 50 us. The median is A's, not the middle of 8 values.
  MergedDurations M = mergeDurations({{{9000, 10000, 10000, 11000}, 1000000},
                                      {{50000, 50000, 50000, 50000}, 4}});
  EXPECT_EQ(M.MedianNs, 10000u);
  ASSERT_EQ(M.SampleNs.size(), 8u);
  EXPECT_EQ(M.SampleNs.back(), 11000u) << "B's weight is too small to show";
}

TEST(DurationMerge, TheMergedSampleIsBounded) {
  std::vector<std::uint64_t> Many;
  for (std::uint64_t I = 1; I <= 64; ++I)
    Many.push_back(I * 10);
  MergedDurations M = mergeDurations({{Many, 640}, {Many, 640}}, 64);
  EXPECT_EQ(M.SampleNs.size(), 64u);
  EXPECT_GE(M.MedianNs, 310u);
  EXPECT_LE(M.MedianNs, 330u);
  EXPECT_TRUE(std::is_sorted(M.SampleNs.begin(), M.SampleNs.end()));
}

TEST(DurationMerge, NothingToMerge) {
  MergedDurations M = mergeDurations({{{}, 0}, {{5}, 0}});
  EXPECT_EQ(M.MedianNs, 0u);
  EXPECT_TRUE(M.SampleNs.empty());
}

} // namespace
