//===- DramLatencyTest.cpp - Little's law for a kernel's DRAM reads -------===//

#include "model/DramLatency.h"
#include "model/HopperModel.h"
#include "model/UnitRates.h"

#include "RoundDevice.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace headroom;

namespace {

/// A curve of 2 SMs where one warp per SM (2 x 2048 bytes in flight) reads
/// at 16.384 GB/s (latency 0.25 us), two at 32.768 GB/s (0.25 us) and four
/// at 40.96 GB/s (0.4 us: queueing), the best; eight only queue.
Measurement readVsWarps() {
  Measurement M;
  M.Name = "dram_read_vs_warps";
  M.Unit = "warps/SM";
  M.Value = 4;
  M.Points = {{1, 16.384}, {2, 32.768}, {4, 40.96}, {8, 40.96}};
  return M;
}

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

/// The round device (RoundDevice.h) of compute capability 9.0 with the
/// curve above.
UnitRates latencyRates() {
  DeviceParameters D = test::roundDevice();
  D.ComputeCapability = "9.0";
  D.Measurements.push_back(readVsWarps());
  Expected<UnitRates> R = unitRates(D);
  EXPECT_TRUE(R) << R.error().message();
  return *R;
}

LaunchGroup streamingGroup(double ReadBytesPerWarp) {
  // 500 blocks of 64 threads: 1000 warps; 50% of 64 warps resident per SM
  // on 2 SMs: 64 resident, 15.6 turns.
  LaunchGroup G;
  G.Shape = {500, 64};
  G.OccupancyPct = 50;
  G.Work.DramReadBytes = ReadBytesPerWarp * 1000;
  G.Work.Amount[static_cast<std::size_t>(Unit::Dram)] = G.Work.DramReadBytes;
  G.Work.Amount[static_cast<std::size_t>(Unit::DramLatency)] =
      G.Work.DramReadBytes;
  return G;
}

TEST(DramLatency, FewBytesInFlightPredictTheTimeNotTheFloor) {
  // 128 bytes per warp: 128 KB at 40 GB/s is a 3.2 us floor; 15.6 turns of
  // an unloaded 0.25 us latency take longer. The prediction is the
  // latency's, the floor stays DRAM's bandwidth, and the verdict ignores the
  // latency.
  LaunchGroup G = streamingGroup(128);
  HopperPrediction P = predictHopper({&G, 1}, latencyRates(), 0.02);
  ASSERT_NE(P.bottleneck(), nullptr);
  EXPECT_EQ(P.bottleneck()->Id, Unit::DramLatency);
  EXPECT_TRUE(P.estimatePredicted());
  EXPECT_NEAR(P.floorMs(), 0.0032, 1e-12);
  EXPECT_NEAR(P.predictedMs(), 1000.0 / 64 * 0.25e-3, 1e-9);
  EXPECT_EQ(P.timeOf(Unit::DramLatency)->BusyMs, 0);
  EXPECT_EQ(P.busiestUnit()->Id, Unit::Dram);
  ASSERT_TRUE(P.DramInFlight);
  EXPECT_DOUBLE_EQ(P.DramInFlight->ReadBytesPerWarp, 128);
  EXPECT_DOUBLE_EQ(P.DramInFlight->ResidentWarpsPerSm, 32);
}

TEST(DramLatency, EnoughBytesInFlightLeaveTheFloor) {
  LaunchGroup G = streamingGroup(64 * 1024);
  HopperPrediction P = predictHopper({&G, 1}, latencyRates(), 10.0);
  EXPECT_EQ(P.bottleneck()->Id, Unit::Dram);
  EXPECT_FALSE(P.estimatePredicted());
  EXPECT_DOUBLE_EQ(P.predictedMs(), P.floorMs());
}

TEST(DramLatency, WithoutOccupancyTheUnitIsUnrecorded) {
  LaunchGroup G = streamingGroup(128);
  G.OccupancyPct.reset();
  HopperPrediction P = predictHopper({&G, 1}, latencyRates(), 0.02);
  EXPECT_EQ(P.timeOf(Unit::DramLatency), nullptr);
  EXPECT_NE(
      std::find(P.Unrecorded.begin(), P.Unrecorded.end(), Unit::DramLatency),
      P.Unrecorded.end());
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
  WithoutCurve.PerSecond[static_cast<std::size_t>(Unit::DramLatency)].reset();
  HopperPrediction Here = predictHopper({&G, 1}, WithCurve, 0.02);
  HopperPrediction Spec = predictHopper({&G, 1}, WithoutCurve, std::nullopt);
  ASSERT_TRUE(Here.estimatePredicted());
  EXPECT_DOUBLE_EQ(*projectionRatio(Here, Spec), 1.0); // same floors
  EXPECT_DOUBLE_EQ(*projectionRatio(Here, Here), 1.0);
  HopperPrediction None;
  EXPECT_FALSE(projectionRatio(None, Here));
}

} // namespace

namespace {

TEST(DramLatency, IssueAndLatencyOverlapInPart) {
  // Between a sum (no overlap) and the larger (full overlap).
  double T = partlyOverlapped(3, 4);
  EXPECT_GT(T, 4);
  EXPECT_LT(T, 7);
  EXPECT_NEAR(T, std::pow(std::pow(3, 1.25) + std::pow(4, 1.25), 0.8), 1e-12);
  EXPECT_DOUBLE_EQ(partlyOverlapped(5, 0), 5);
  EXPECT_DOUBLE_EQ(partlyOverlapped(0, 5), 5);
}

TEST(DramLatency, TheOverlapUnitJoinsIssueAndTheWaits) {
  // 15.6 turns of the unloaded 0.25 us: 3.9 us of waits; the issue floor of
  // 1000 warps x 100 instructions on the busiest of 8 schedulers at 1 GHz
  // (500 blocks of 2 warps on 2 SMs: 125 warps each) is 12.5 us.
  LaunchGroup G = streamingGroup(128);
  G.Work.Amount[static_cast<std::size_t>(Unit::Issue)] = 1000 * 100;
  G.Work.Amount[static_cast<std::size_t>(Unit::IssueAndDramLatency)] =
      G.Work.DramReadBytes;
  HopperPrediction P = predictHopper({&G, 1}, latencyRates(), 0.02);
  const UnitTime *Issue = P.timeOf(Unit::Issue);
  const UnitTime *Both = P.timeOf(Unit::IssueAndDramLatency);
  ASSERT_NE(Issue, nullptr);
  ASSERT_NE(Both, nullptr);
  EXPECT_NEAR(Both->FloorMs,
              partlyOverlapped(Issue->FloorMs, 1000.0 / 64 * 0.25e-3), 1e-12);
  EXPECT_EQ(P.bottleneck()->Id, Unit::IssueAndDramLatency);
  EXPECT_DOUBLE_EQ(P.floorMs(), Issue->FloorMs);
  EXPECT_EQ(Both->BusyMs, 0);
}

} // namespace
