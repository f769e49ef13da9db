//===- SamplingPolicyTest.cpp ---------------------------------------------===//

#include "SamplingPolicy.h"

#include <gtest/gtest.h>

using namespace headroom::rt;

namespace {

LaunchKey key(SiteId Site, std::uint32_t GridX = 1, std::uint32_t Shared = 0) {
  return LaunchKey{Site,          NoScope,     "_Z1kv", 0,
                   {GridX, 1, 1}, {128, 1, 1}, Shared};
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
  SamplingPolicy P(SamplingScope::Sites, {}, {}, /*MaxAttempts=*/2);
  EXPECT_TRUE(P.claim(key(0)));
  P.release(key(0));
  EXPECT_TRUE(P.claim(key(0)));
  P.release(key(0));
  EXPECT_FALSE(P.claim(key(0)));
}

LaunchKey scoped(ScopeId Scope, const char *Kernel = "_Z1kv") {
  return LaunchKey{NoSite, Scope, Kernel, 0, {1, 1, 1}, {128, 1, 1}, 0};
}

TEST(SamplingPolicy, ScopesScopeAddsScopedLaunchesOnly) {
  SamplingPolicy P(SamplingScope::Scopes);
  EXPECT_TRUE(P.claim(scoped(3)));
  EXPECT_TRUE(P.claim(key(0)));
  EXPECT_FALSE(P.claim(key(NoSite)));
  SamplingPolicy Sites(SamplingScope::Sites);
  EXPECT_FALSE(Sites.claim(scoped(3)));
}

TEST(SamplingPolicy, EveryNthLaunchOfEachKey) {
  SamplingRule Rule{SamplingRule::Kind::Every, 3};
  EXPECT_EQ(Rule.name(), "every:3");
  SamplingPolicy P(SamplingScope::Sites, Rule);
  std::vector<int> Taken;
  for (int I = 1; I <= 10; ++I)
    if (P.claim(key(0)))
      Taken.push_back(I);
  EXPECT_EQ(Taken, (std::vector<int>{1, 4, 7, 10}));
  EXPECT_TRUE(P.claim(key(0, 2))) << "each key counts its own launches";
}

TEST(SamplingPolicy, AllAndOff) {
  SamplingPolicy All(SamplingScope::Sites, {SamplingRule::Kind::All, 1});
  for (int I = 0; I < 5; ++I)
    EXPECT_TRUE(All.claim(key(0)));
  SamplingPolicy Off(SamplingScope::All, {SamplingRule::Kind::Off, 1});
  EXPECT_FALSE(Off.claim(key(0)));
  EXPECT_EQ(SamplingRule{}.name(), "first");
}

TEST(SamplingPolicy, RetryTakesTheNextLaunchEvenBetweenPeriods) {
  SamplingPolicy P(SamplingScope::Sites, {SamplingRule::Kind::Every, 100});
  EXPECT_TRUE(P.claim(key(0)));
  P.release(key(0));
  EXPECT_TRUE(P.claim(key(0))) << "the failed sample is retried at once";
  EXPECT_FALSE(P.claim(key(0)));
}

TEST(SamplingPolicy, SkippedLaunchesDoNotUseUpTheAttempts) {
  SamplingPolicy P(SamplingScope::Sites, {}, {}, /*MaxAttempts=*/1);
  for (int I = 0; I < 5; ++I) {
    EXPECT_TRUE(P.claim(key(0)));
    P.release(key(0), /*Failed=*/false);
  }
  EXPECT_TRUE(P.claim(key(0)));
}

TEST(SamplingPolicy, RefusedKeyIsNeverTriedAgain) {
  SamplingPolicy P(SamplingScope::Sites, {SamplingRule::Kind::All, 1});
  EXPECT_TRUE(P.claim(key(0)));
  P.refuse(key(0));
  EXPECT_FALSE(P.claim(key(0)));
  EXPECT_TRUE(P.claim(key(1)));
}

TEST(SamplingPolicy, CollectiveAndUserPatternsAreNeverSampled) {
  SamplingPolicy P(SamplingScope::All, {}, {"myReduce"});
  std::string Why;
  EXPECT_FALSE(P.claim(scoped(0, "ncclDevKernel_AllReduce_Sum_f32"), &Why));
  EXPECT_NE(Why.find("would hang under kernel replay"), std::string::npos)
      << Why;
  Why.clear();
  EXPECT_FALSE(P.claim(scoped(0, "_Z8myReduceIfEvPT_"), &Why));
  EXPECT_NE(Why.find("HEADROOM_SAMPLE_SKIP"), std::string::npos) << Why;
  Why.clear();
  EXPECT_FALSE(P.claim(scoped(0, "_Z8myReduceIfEvPT_"), &Why));
  EXPECT_TRUE(Why.empty()) << "said once per key";
  EXPECT_TRUE(P.claim(scoped(0, "_Z6myScanv")));
}

TEST(SamplingPolicy, DisabledPolicySamplesNothing) {
  SamplingPolicy P(SamplingScope::All);
  P.disable();
  EXPECT_FALSE(P.enabled());
  EXPECT_FALSE(P.claim(key(0)));
}

} // namespace
