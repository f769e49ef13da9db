//===- DramLatencyTest.cpp - Little's law for a kernel's DRAM reads -------===//

#include "model/refinements/DramLatency.h"
#include "model/HopperModel.h"
#include "model/UnitRates.h"

#include "../HopperTestSupport.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace headroom;
using namespace headroom::test;

namespace {

DramLatencyCurve curve() {
  std::optional<DramLatencyCurve> C = dramLatencyCurve(readVsWarps(), 2);
  EXPECT_TRUE(C);
  return *C;
}

TEST(DramLatency, CurveGivesLatencyByUtilization) {
  DramLatencyCurve C = curve();
  EXPECT_DOUBLE_EQ(C.BestBytesPerSecond, 40.96e9);
  EXPECT_DOUBLE_EQ(C.BytesInFlightPerSmFor90Pct, 4 * 32 * 64);
  // Past the best point more warps only queue: the curve stops there.
  ASSERT_EQ(C.Points.size(), 3u);
  EXPECT_NEAR(C.latencyAt(0.1), 0.25e-6, 1e-15); // never below the least loaded
  EXPECT_NEAR(C.latencyAt(0.8), 0.25e-6, 1e-15);
  EXPECT_NEAR(C.latencyAt(0.9), 0.325e-6, 1e-15); // halfway from 0.8 to 1
  EXPECT_NEAR(C.latencyAt(2.0), 0.4e-6, 1e-15);   // never above the busiest
}

TEST(DramLatency, CurveNeedsTwoPoints) {
  Measurement M = readVsWarps();
  M.Points = {{1, 16.384}};
  EXPECT_FALSE(dramLatencyCurve(M, 2));
  EXPECT_FALSE(dramLatencyCurve(readVsWarps(), 0));
}

TEST(DramLatency, LittlesLawAtTheLoadedLatency) {
  DramLatencyCurve C = curve();
  // 1000 reading warps, 10 resident: 100 turns. With little traffic DRAM is
  // unloaded: 100 x 0.25 us.
  EXPECT_NEAR(dramLatencySeconds({1000, 10}, 1e3, C), 25e-6, 1e-12);
  // With 1.2 MB the fixed point: T = 100 x latency(1.2 MB / T / 40.96 GB/s):
  // about 32.5 us, where the utilization is 0.9 and the latency 0.325 us.
  double T = dramLatencySeconds({1000, 10}, 1.2e6, C);
  EXPECT_NEAR(T, 100 * C.latencyAt(1.2e6 / T / 40.96e9), 1e-9);
  EXPECT_GT(T, 25e-6);
  EXPECT_LT(T, 40e-6);
}

TEST(DramLatency, NeverFasterThanTheBandwidth) {
  // Plenty in flight: the bytes at the curve's best bandwidth.
  EXPECT_DOUBLE_EQ(dramLatencySeconds({10, 10}, 4.096e6, curve()), 100e-6);
}

TEST(DramLatency, NothingToWaitFor) {
  EXPECT_EQ(dramLatencySeconds({0, 10}, 1e6, curve()), 0);
  EXPECT_EQ(dramLatencySeconds({10, 0}, 1e6, curve()), 0);
}

TEST(DramLatency, MaxWarpsPerSmByComputeCapability) {
  EXPECT_EQ(maxWarpsPerSm("9.0"), 64u);
  EXPECT_EQ(maxWarpsPerSm("8.9"), 48u);
  EXPECT_EQ(maxWarpsPerSm("7.5"), 32u);
  EXPECT_EQ(maxWarpsPerSm("1.0"), 0u);
}

TEST(DramLatency, FewBytesInFlightPredictTheTimeNotTheFloor) {
  // 128 bytes per warp: 128 KB at 40 GB/s is a 3.2 us floor; 15.6 turns of
  // an unloaded 0.25 us latency take longer. The prediction is the
  // latency's, the floor stays DRAM's bandwidth, and the verdict ignores the
  // latency.
  LaunchGroup G = streamingGroup(128);
  HopperPrediction P = predictHopper({&G, 1}, latencyRates(), 0.02);
  ASSERT_TRUE(P.limiter());
  EXPECT_EQ(*P.limiter(), Limiter(Estimate::DramLatency));
  EXPECT_TRUE(P.estimatePredicted());
  EXPECT_NEAR(P.floorMs(), 0.0032, 1e-12);
  EXPECT_NEAR(P.predictedMs(), 1000.0 / 64 * 0.25e-3, 1e-9);
  // An estimate keeps no unit busy.
  EXPECT_EQ(P.busiestUnit()->Id, Unit::Dram);
  EXPECT_TRUE(P.Evidence.applied(RefinementId::DramLatency));
  ASSERT_TRUE(P.Evidence.InFlight);
  EXPECT_DOUBLE_EQ(P.Evidence.InFlight->ReadBytesPerWarp, 128);
  EXPECT_DOUBLE_EQ(P.Evidence.InFlight->ResidentWarpsPerSm, 32);
  EXPECT_DOUBLE_EQ(P.Evidence.InFlight->Ms, P.predictedMs());
}

TEST(DramLatency, EnoughBytesInFlightLeaveTheFloor) {
  LaunchGroup G = streamingGroup(64 * 1024);
  HopperPrediction P = predictHopper({&G, 1}, latencyRates(), 10.0);
  EXPECT_EQ(*P.limiter(), Limiter(Unit::Dram));
  EXPECT_FALSE(P.estimatePredicted());
  EXPECT_DOUBLE_EQ(P.predictedMs(), P.floorMs());
}

TEST(DramLatency, WithoutOccupancyOrCurveThereIsNoEstimate) {
  LaunchGroup G = streamingGroup(128);
  G.OccupancyPct.reset();
  HopperPrediction P = predictHopper({&G, 1}, latencyRates(), 0.02);
  EXPECT_EQ(P.estimate(Estimate::DramLatency), nullptr);
  EXPECT_FALSE(P.Evidence.applied(RefinementId::DramLatency));
  EXPECT_FALSE(P.Evidence.InFlight);
  LaunchGroup Occupied = streamingGroup(128);
  HopperPrediction NoCurve = predictHopper({&Occupied, 1}, roundRates(), 0.02);
  EXPECT_EQ(NoCurve.estimate(Estimate::DramLatency), nullptr);
}

} // namespace

namespace {

TEST(DramLatency, ProjectionsCompareLikeWithLike) {
  // Here the latency sets the predicted time; a target without a latency
  // curve (a device derived from a spec sheet) only has floors: the ratio
  // is of the floors, else the latency on one side would skew it.
  LaunchGroup G = streamingGroup(128);
  UnitRates WithCurve = latencyRates();
  UnitRates WithoutCurve = WithCurve;
  WithoutCurve.DramLatency.reset();
  HopperPrediction Here = predictHopper({&G, 1}, WithCurve, 0.02);
  HopperPrediction Spec = predictHopper({&G, 1}, WithoutCurve, std::nullopt);
  ASSERT_TRUE(Here.estimatePredicted());
  EXPECT_DOUBLE_EQ(*projectionRatio(Here, Spec), 1.0); // same floors
  EXPECT_DOUBLE_EQ(*projectionRatio(Here, Here), 1.0);
  HopperPrediction None;
  EXPECT_FALSE(projectionRatio(None, Here));
}

} // namespace
