//===- StallPolicyTest.cpp - Which launches get warp-stall samples --------===//

#include "StallPolicy.h"

#include <gtest/gtest.h>

using namespace headroom::rt;

namespace {

LaunchKey key(const char *Kernel, unsigned GridX = 64) {
  return launchKey(Attribution{0, NoScope}, Kernel, 0, Dim3{GridX, 1, 1},
                   Dim3{256, 1, 1}, 0);
}

TEST(StallPolicy, PeriodYieldsAboutTheTargetSamples) {
  // 6.79 ms on 132 SMs (probe.cu's findIndex on an H200): 2^18 cycles
  // gives about 6,000 samples, 2^19 fewer than the target.
  EXPECT_EQ(StallPolicy::exponentFor(6'790'000, 132), 18u);
  // A 10 us kernel would want 2^9: held at the minimum.
  EXPECT_EQ(StallPolicy::exponentFor(10'000, 132), StallPolicy::MinExponent);
  // A 100 s kernel: held at the maximum.
  EXPECT_EQ(StallPolicy::exponentFor(100'000'000'000ULL, 132),
            StallPolicy::MaxExponent);
  EXPECT_EQ(StallPolicy::exponentFor(std::nullopt, 132),
            StallPolicy::UnknownExponent);
  EXPECT_EQ(StallPolicy::exponentFor(1'000'000, 0),
            StallPolicy::UnknownExponent);
}

TEST(StallPolicy, OneSampleAKernelWhateverItsConfiguration) {
  StallPolicy P;
  std::optional<unsigned> E = P.claim(key("k"), std::nullopt, 0, false);
  ASSERT_TRUE(E) << "the first is taken without budget";
  EXPECT_EQ(*E, StallPolicy::UnknownExponent);
  EXPECT_FALSE(P.claim(key("k"), std::nullopt, 0, true)) << "in flight";
  P.sampled(key("k"), 5000, *E);
  EXPECT_FALSE(P.claim(key("k", 128), std::nullopt, 0, true))
      << "another configuration of the same kernel has its samples";
  EXPECT_TRUE(P.claim(key("other"), std::nullopt, 0, true));
  EXPECT_EQ(P.shortestPeriod(), std::uint64_t(1) << *E);
}

TEST(StallPolicy, TooFewSamplesTryOnceMoreAtAShorterPeriod) {
  StallPolicy P;
  ASSERT_EQ(P.claim(key("k"), std::nullopt, 0, true),
            StallPolicy::UnknownExponent);
  P.sampled(key("k"), 100, StallPolicy::UnknownExponent);
  EXPECT_FALSE(P.claim(key("k"), std::nullopt, 0, /*BudgetLeft=*/false))
      << "the second sample needs budget";
  // 100 of 4,000: 40 times short, 2^6 shorter.
  EXPECT_EQ(P.claim(key("k"), std::nullopt, 0, true),
            StallPolicy::UnknownExponent - 6);
  P.sampled(key("k"), 300, StallPolicy::UnknownExponent - 6);
  EXPECT_FALSE(P.claim(key("k"), std::nullopt, 0, true)) << "two at most";
  EXPECT_EQ(P.shortestPeriod(), std::uint64_t(1)
                                    << (StallPolicy::UnknownExponent - 6));
}

TEST(StallPolicy, NoSamplesAtAllGoToTheShortestPeriod) {
  StallPolicy P;
  ASSERT_TRUE(P.claim(key("k"), std::nullopt, 0, true));
  P.sampled(key("k"), 0, 12);
  EXPECT_EQ(P.claim(key("k"), std::nullopt, 0, true), StallPolicy::MinExponent);
}

TEST(StallPolicy, AFixedPeriodIsNeverShortened) {
  StallPolicy P(20);
  ASSERT_EQ(P.claim(key("k"), 1'000'000, 132, true), 20u);
  P.sampled(key("k"), 10, 20);
  EXPECT_FALSE(P.claim(key("k"), 1'000'000, 132, true));
}

TEST(StallPolicy, FailedAttemptsAreBounded) {
  StallPolicy P;
  for (unsigned I = 0; I < StallPolicy::MaxAttempts; ++I) {
    ASSERT_TRUE(P.claim(key("k"), std::nullopt, 0, true)) << I;
    P.release(key("k"), /*Failed=*/true);
  }
  EXPECT_FALSE(P.claim(key("k"), std::nullopt, 0, true));
  // A launch skipped before sampling costs no attempt.
  ASSERT_TRUE(P.claim(key("j"), std::nullopt, 0, true));
  P.release(key("j"), /*Failed=*/false);
  EXPECT_TRUE(P.claim(key("j"), std::nullopt, 0, true));
}

TEST(StallPolicy, AFirstSampleThatIsNotFreeNeedsTheBudget) {
  StallPolicy P;
  EXPECT_FALSE(P.claim(key("k"), std::nullopt, 0, /*BudgetLeft=*/false,
                       /*Free=*/false));
  EXPECT_TRUE(P.claim(key("k"), std::nullopt, 0, /*BudgetLeft=*/true,
                      /*Free=*/false));
}

TEST(StallPolicy, ThePeriodChangesOnlyWithinTheBudget) {
  StallPolicy P;
  ASSERT_EQ(P.claim(key("a"), 6'790'000, 132, false), 18u);
  P.sampled(key("a"), 6000, 18);
  EXPECT_EQ(P.current(), 18u);
  // b wants 2^10, but a new period costs a set-up: kept at 2^18.
  EXPECT_EQ(P.claim(key("b"), 10'000, 132, /*BudgetLeft=*/false), 18u);
  P.release(key("b"), false);
  EXPECT_EQ(P.claim(key("b"), 10'000, 132, /*BudgetLeft=*/true), 10u);
}

TEST(StallPolicy, DisabledClaimsNothing) {
  StallPolicy P;
  P.disable();
  EXPECT_FALSE(P.claim(key("k"), std::nullopt, 0, true));
}

} // namespace
