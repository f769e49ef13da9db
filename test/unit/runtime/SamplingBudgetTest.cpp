//===- SamplingBudgetTest.cpp ---------------------------------------------===//

#include "SamplingBudget.h"
#include "SamplingProgress.h"

#include <gtest/gtest.h>

using namespace headroom::rt;

namespace {

constexpr std::uint64_t Ms = 1'000'000;

TEST(SamplingBudget, WithoutAShareEverySampleFits) {
  SamplingBudget B(std::nullopt);
  B.start(0);
  B.charge(1000 * Ms);
  EXPECT_TRUE(B.allows(0));
}

TEST(SamplingBudget, ASampleFitsWhileOneMoreOfTheLastCostStaysWithinTheShare) {
  SamplingBudget B(20.0);
  B.start(100 * Ms);
  EXPECT_TRUE(B.allows(100 * Ms)) << "nothing spent, no cost known";
  B.charge(40 * Ms);
  // Own time: wall time minus sampling. 40 + 40 ms fit in 20% of 400 ms.
  EXPECT_FALSE(B.allows(100 * Ms + 40 * Ms + 399 * Ms));
  EXPECT_TRUE(B.allows(100 * Ms + 40 * Ms + 400 * Ms));
  EXPECT_EQ(B.ownNs(100 * Ms + 40 * Ms + 400 * Ms), 400 * Ms);
  EXPECT_DOUBLE_EQ(B.spentPct(100 * Ms + 40 * Ms + 400 * Ms), 10.0);
  EXPECT_EQ(B.samples(), 1u);
}

TEST(SamplingBudget, AZeroShareAllowsNothingOnceASampleCost) {
  SamplingBudget B(0.0);
  B.start(0);
  B.charge(1);
  EXPECT_FALSE(B.allows(1000 * Ms));
}

TEST(SamplingProgress, SaysNothingBeforeFiveSecondsThenEveryTen) {
  SamplingBudget B(20.0);
  B.start(0);
  SamplingProgress P;
  SkippedLaunches S;
  B.charge(4000 * Ms);
  EXPECT_FALSE(P.update(B, S, 30'000 * Ms));
  B.charge(1000 * Ms);
  S.Grouped = 300;
  S.OverBudget = 12;
  std::optional<std::string> Line = P.update(B, S, 30'000 * Ms);
  ASSERT_TRUE(Line);
  EXPECT_EQ(*Line, "headroom: collecting counters: 2 launches sampled in "
                   "5.0 s, 20% of the program's time so far (budget 20%); "
                   "312 launches of other configurations get estimated "
                   "counters");
  EXPECT_FALSE(P.update(B, S, 39'999 * Ms));
  EXPECT_TRUE(P.update(B, S, 40'000 * Ms));
}

} // namespace
