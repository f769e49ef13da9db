//===- ProfilerResidencyTest.cpp - When the range profiler is released ----===//

#include "ProfilerResidency.h"

#include <gtest/gtest.h>

using namespace headroom::rt;

namespace {

TEST(ProfilerResidency, NothingToReleaseBeforeTheFirstSample) {
  ProfilerResidency R(/*SlowdownNsPerLaunch=*/7000, /*EnableCostNs=*/70'000);
  for (int I = 0; I < 100; ++I)
    EXPECT_FALSE(R.launchedWithoutSample());
  EXPECT_FALSE(R.enabled());
}

TEST(ProfilerResidency, ReleasedOnceIdleLaunchesCostAsMuchAsEnabling) {
  ProfilerResidency R(7000, 1);
  // Enabling measured at 70 us: ten launches at 7 us each pay for it.
  R.sampled(70'000);
  for (int I = 0; I < 9; ++I)
    EXPECT_FALSE(R.launchedWithoutSample()) << I;
  EXPECT_TRUE(R.launchedWithoutSample());
  EXPECT_FALSE(R.enabled());
  EXPECT_FALSE(R.launchedWithoutSample());
  EXPECT_EQ(R.releases(), 1u);
}

TEST(ProfilerResidency, ASampleStartsTheCountAgain) {
  ProfilerResidency R(7000, 70'000);
  R.sampled(0); // enabled already: the assumed cost stands
  for (int I = 0; I < 9; ++I)
    EXPECT_FALSE(R.launchedWithoutSample());
  R.sampled(0);
  for (int I = 0; I < 9; ++I)
    EXPECT_FALSE(R.launchedWithoutSample());
  EXPECT_TRUE(R.launchedWithoutSample());
}

TEST(ProfilerResidency, TheLatestMeasuredCostDecides) {
  ProfilerResidency R(1000, 1'000'000);
  R.sampled(5000);
  for (int I = 0; I < 4; ++I)
    EXPECT_FALSE(R.launchedWithoutSample());
  EXPECT_TRUE(R.launchedWithoutSample());
  // A sample after the release enables it again, at its own cost.
  R.sampled(2000);
  EXPECT_FALSE(R.launchedWithoutSample());
  EXPECT_TRUE(R.launchedWithoutSample());
  EXPECT_EQ(R.releases(), 2u);
}

} // namespace
