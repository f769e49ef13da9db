//===- IssueAndLoadLatencyTest.cpp - Issue and waits, partly overlapped ---===//

#include "model/refinements/IssueAndLoadLatency.h"
#include "model/HopperModel.h"
#include "model/UnitRates.h"

#include "../HopperTestSupport.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace headroom;
using namespace headroom::test;

namespace {

TEST(IssueAndLoadLatency, IssueAndTheWaitOverlapInPart) {
  // Between a sum (no overlap) and the larger (full overlap).
  double T = partlyOverlapped(3, 4);
  EXPECT_GT(T, 4);
  EXPECT_LT(T, 7);
  EXPECT_NEAR(T, std::pow(std::pow(3, 1.25) + std::pow(4, 1.25), 0.8), 1e-12);
  EXPECT_DOUBLE_EQ(partlyOverlapped(5, 0), 5);
  EXPECT_DOUBLE_EQ(partlyOverlapped(0, 5), 5);
}

TEST(IssueAndLoadLatency, TheEstimateJoinsIssueAndTheWaits) {
  // 15.6 turns of the unloaded 0.25 us: 3.9 us of waits; the issue floor of
  // 1000 warps x 100 instructions on the busiest of 8 schedulers at 1 GHz
  // (500 blocks of 2 warps on 2 SMs: 125 warps each) is 12.5 us.
  LaunchGroup G = streamingGroup(128);
  G.Work.Amount[static_cast<std::size_t>(Unit::Issue)] = 1000 * 100;
  HopperPrediction P = predictHopper({&G, 1}, latencyRates(), 0.02);
  const UnitTime *Issue = P.timeOf(Unit::Issue);
  const EstimateTime *Both = P.estimate(Estimate::IssueAndLoadLatency);
  ASSERT_NE(Issue, nullptr);
  ASSERT_NE(Both, nullptr);
  double WaitMs = 1000.0 / 64 * 0.25e-3;
  EXPECT_NEAR(Both->Ms, partlyOverlapped(Issue->FloorMs, WaitMs), 1e-12);
  EXPECT_EQ(*P.limiter(), Limiter(Estimate::IssueAndLoadLatency));
  EXPECT_DOUBLE_EQ(P.floorMs(), Issue->FloorMs);
  // The evidence keeps the two parts.
  EXPECT_TRUE(P.Evidence.applied(RefinementId::IssueAndLoadLatency));
  EXPECT_DOUBLE_EQ(P.Evidence.IssueWait.IssueMs, Issue->FloorMs);
  EXPECT_NEAR(P.Evidence.IssueWait.WaitMs, WaitMs, 1e-15);
}

TEST(IssueAndLoadLatency, NoEstimateWithoutTheIssueCountOrTheWait) {
  // Without the issued instructions there is nothing to overlap.
  LaunchGroup G = streamingGroup(128);
  HopperPrediction P = predictHopper({&G, 1}, latencyRates(), 0.02);
  EXPECT_EQ(P.estimate(Estimate::IssueAndLoadLatency), nullptr);
  EXPECT_FALSE(P.Evidence.applied(RefinementId::IssueAndLoadLatency));
  // Without DRAM's latency (no curve) there is no wait.
  G.Work.Amount[static_cast<std::size_t>(Unit::Issue)] = 1000 * 100;
  HopperPrediction Q = predictHopper({&G, 1}, roundRates(), 0.02);
  EXPECT_EQ(Q.estimate(Estimate::IssueAndLoadLatency), nullptr);
}

} // namespace
