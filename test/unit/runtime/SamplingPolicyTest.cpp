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

namespace {

LaunchKey grid(std::uint32_t Blocks, const char *Kernel = "_Z1kv") {
  return LaunchKey{0, NoScope, Kernel, 0, {Blocks, 1, 1}, {128, 1, 1}, 0};
}

TEST(SamplingPolicy, SizeClassesAreHalfOctavesOfBlocks) {
  EXPECT_EQ(gridSizeClass(0), 0u);
  EXPECT_EQ(gridSizeClass(1), 0u);
  EXPECT_EQ(gridSizeClass(2), 2u);
  EXPECT_EQ(gridSizeClass(3), 3u);
  EXPECT_EQ(gridSizeClass(4), 4u);
  EXPECT_EQ(gridSizeClass(5), 4u);
  EXPECT_EQ(gridSizeClass(6), 5u);
  EXPECT_EQ(gridSizeClass(1448), 20u); // below 1024 sqrt 2
  EXPECT_EQ(gridSizeClass(1449), 21u);
  EXPECT_EQ(gridSizeClass(std::uint64_t(1) << 40), 80u);
}

TEST(SamplingPolicy, GridsOfOneSizeClassShareASample) {
  SamplingPolicy P(SamplingScope::Sites);
  std::string Why;
  EXPECT_TRUE(P.claim(grid(100), &Why));
  EXPECT_FALSE(P.claim(grid(110), &Why));
  EXPECT_NE(Why.find("size class"), std::string::npos) << Why;
  Why.clear();
  EXPECT_FALSE(P.claim(grid(110), &Why));
  EXPECT_TRUE(Why.empty()) << "said once per configuration";
  EXPECT_TRUE(P.claim(grid(200)));
  EXPECT_TRUE(P.claim(grid(110, "_Z5otherv"))) << "per kernel";
  EXPECT_EQ(P.skipped().Grouped, 2u);
  // 2D grids count their blocks.
  EXPECT_FALSE(
      P.claim(LaunchKey{0, NoScope, "_Z1kv", 0, {10, 10, 1}, {128, 1, 1}, 0}));
}

TEST(SamplingPolicy, ExactGroupingSamplesEachConfiguration) {
  SamplingPolicy P(SamplingScope::Sites, {}, {}, 3,
                   SamplingBounds{SamplingGrouping::Exact, std::nullopt});
  EXPECT_TRUE(P.claim(grid(100)));
  EXPECT_TRUE(P.claim(grid(110)));
  EXPECT_FALSE(P.claim(grid(110)));
}

TEST(SamplingPolicy, CapBoundsTheSamplesOfAKernel) {
  SamplingPolicy P(SamplingScope::Sites, {}, {}, 3,
                   SamplingBounds{SamplingGrouping::Size, 2u});
  std::string Why;
  EXPECT_TRUE(P.claim(grid(1)));
  EXPECT_TRUE(P.claim(grid(4)));
  EXPECT_FALSE(P.claim(grid(16), &Why));
  EXPECT_NE(Why.find("HEADROOM_SAMPLES_PER_KERNEL"), std::string::npos);
  EXPECT_TRUE(P.claim(grid(16, "_Z5otherv")));
  EXPECT_EQ(P.skipped().Capped, 1u);
}

TEST(SamplingPolicy, BudgetHoldsBackAllButAKernelsFirstSample) {
  SamplingPolicy P(SamplingScope::Sites);
  std::string Why;
  EXPECT_TRUE(P.claim(grid(1), &Why, /*BudgetLeft=*/false));
  EXPECT_FALSE(P.claim(grid(64), &Why, /*BudgetLeft=*/false));
  EXPECT_NE(Why.find("HEADROOM_BUDGET_PCT"), std::string::npos);
  EXPECT_TRUE(P.claim(grid(64), nullptr, /*BudgetLeft=*/true))
      << "taken once the budget allows";
  EXPECT_EQ(P.skipped().OverBudget, 1u);
}

TEST(SamplingPolicy, AKernelsFirstGridThatFillsTheGpuIsAlsoSampled) {
  SamplingPolicy P(SamplingScope::Sites);
  const unsigned Sms = 132;
  EXPECT_TRUE(P.claim(grid(1), nullptr, /*BudgetLeft=*/false, Sms));
  EXPECT_FALSE(P.claim(grid(64), nullptr, false, Sms));
  EXPECT_TRUE(P.claim(grid(200), nullptr, false, Sms))
      << "its larger launches are estimated from a full wave";
  EXPECT_FALSE(P.claim(grid(400), nullptr, false, Sms));
  P.release(grid(200));
  EXPECT_TRUE(P.claim(grid(400), nullptr, false, Sms))
      << "a released full-wave sample frees its place";
  // Unknown SM count: every grid counts as full, the first sample is it.
  SamplingPolicy Q(SamplingScope::Sites);
  EXPECT_TRUE(Q.claim(grid(1), nullptr, false, 0));
  EXPECT_FALSE(Q.claim(grid(200), nullptr, false, 0));
}

TEST(SamplingPolicy, AKernelWhoseGridsShrinkGetsASecondSmallerSize) {
  SamplingPolicy P(SamplingScope::Sites);
  const unsigned Sms = 132;
  EXPECT_TRUE(P.claim(grid(16), nullptr, false, Sms));
  EXPECT_FALSE(P.claim(grid(8), nullptr, false, Sms)) << "not 4x smaller";
  EXPECT_TRUE(P.claim(grid(4), nullptr, false, Sms));
  EXPECT_FALSE(P.claim(grid(1), nullptr, false, Sms)) << "one smaller size";
  EXPECT_TRUE(P.claim(grid(200), nullptr, false, Sms));
  // A first grid that fills the GPU gets no smaller size for free.
  SamplingPolicy Q(SamplingScope::Sites);
  EXPECT_TRUE(Q.claim(grid(1024), nullptr, false, Sms));
  EXPECT_FALSE(Q.claim(grid(16), nullptr, false, Sms));
}

TEST(SamplingPolicy, AReleasedSampleLetsItsSizeClassTryAgain) {
  SamplingPolicy P(SamplingScope::Sites, {}, {}, 3,
                   SamplingBounds{SamplingGrouping::Size, 1u});
  EXPECT_TRUE(P.claim(grid(100)));
  P.release(grid(100));
  EXPECT_TRUE(P.claim(grid(110))) << "neither the class nor the cap is used";
  P.refuse(grid(110));
  EXPECT_TRUE(P.claim(grid(120)));
}

TEST(SamplingPolicy, EveryAndAllAreNotBounded) {
  SamplingPolicy P(SamplingScope::Sites, SamplingRule{SamplingRule::Kind::All},
                   {}, 3, SamplingBounds{SamplingGrouping::Size, 1u});
  EXPECT_TRUE(P.claim(grid(100), nullptr, false));
  EXPECT_TRUE(P.claim(grid(110), nullptr, false));
  EXPECT_TRUE(P.claim(grid(110), nullptr, false));
}

} // namespace
