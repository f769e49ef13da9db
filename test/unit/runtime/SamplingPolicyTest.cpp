//===- SamplingPolicyTest.cpp ---------------------------------------------===//

#include "SamplingPolicy.h"

#include <gtest/gtest.h>

using namespace headroom::rt;

namespace {

LaunchKey key(SiteId Site, std::uint32_t GridX = 1, std::uint32_t Shared = 0) {
  return LaunchKey{Site, "_Z1kv", 0, {GridX, 1, 1}, {128, 1, 1}, Shared};
}

TEST(SamplingPolicy, SamplesTheFirstLaunchOfEachConfigurationOnly) {
  SamplingPolicy P(SamplingScope::Sites);
  EXPECT_TRUE(P.claim(key(0)));
  EXPECT_FALSE(P.claim(key(0)));
  EXPECT_FALSE(P.claim(key(0)));
  EXPECT_TRUE(P.claim(key(0, 2)));
  EXPECT_TRUE(P.claim(key(0, 1, 256)));
  EXPECT_TRUE(P.claim(key(1)));
  EXPECT_FALSE(P.claim(key(0, 2)));
}

TEST(SamplingPolicy, SitesScopeLeavesUnsitedLaunchesAlone) {
  SamplingPolicy Sites(SamplingScope::Sites);
  EXPECT_FALSE(Sites.claim(key(NoSite)));
  SamplingPolicy All(SamplingScope::All);
  EXPECT_TRUE(All.claim(key(NoSite)));
  EXPECT_FALSE(All.claim(key(NoSite)));
}

TEST(SamplingPolicy, ReleasedKeyIsRetriedABoundedNumberOfTimes) {
  SamplingPolicy P(SamplingScope::Sites, /*MaxAttempts=*/2);
  EXPECT_TRUE(P.claim(key(0)));
  P.release(key(0));
  EXPECT_TRUE(P.claim(key(0)));
  P.release(key(0));
  EXPECT_FALSE(P.claim(key(0)));
}

TEST(SamplingPolicy, DisabledPolicySamplesNothing) {
  SamplingPolicy P(SamplingScope::All);
  P.disable();
  EXPECT_FALSE(P.enabled());
  EXPECT_FALSE(P.claim(key(0)));
}

} // namespace
