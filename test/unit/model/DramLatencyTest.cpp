//===- DramLatencyTest.cpp - Little's law for a kernel's DRAM reads -------===//

#include "model/DramLatency.h"
#include "model/HopperModel.h"
#include "model/UnitRates.h"

#include <gtest/gtest.h>

using namespace headroom;

namespace {

/// A curve of 2 SMs where one warp per SM (2 x 2048 bytes in flight) reads
/// at 4.096 GB/s (latency 1 us), two at 8.192 GB/s (1 us) and four at
/// 10.24 GB/s (1.6 us: queueing), the best; eight only queue (3.2 us).
Measurement readVsWarps() {
  Measurement M;
  M.Name = "dram_read_vs_warps";
  M.Unit = "warps/SM";
  M.Value = 4;
  M.Points = {{1, 4.096}, {2, 8.192}, {4, 10.24}, {8, 10.24}};
  return M;
}

DramLatencyCurve curve() {
  std::optional<DramLatencyCurve> C = dramLatencyCurve(readVsWarps(), 2);
  EXPECT_TRUE(C);
  return *C;
}

TEST(DramLatency, CurveGivesLatencyByUtilization) {
  DramLatencyCurve C = curve();
  EXPECT_DOUBLE_EQ(C.BestBytesPerSecond, 10.24e9);
  EXPECT_DOUBLE_EQ(C.BytesInFlightPerSmFor90Pct, 4 * 32 * 64);
  // Past the best point more warps only queue: the curve stops there.
  ASSERT_EQ(C.Points.size(), 3u);
  EXPECT_NEAR(C.latencyAt(0.1), 1e-6, 1e-15); // never below the least loaded
  EXPECT_NEAR(C.latencyAt(0.8), 1e-6, 1e-15);
  EXPECT_NEAR(C.latencyAt(0.9), 1.3e-6, 1e-15); // halfway from 0.8 to 1
  EXPECT_NEAR(C.latencyAt(2.0), 1.6e-6, 1e-15); // never above the busiest
}

TEST(DramLatency, CurveNeedsTwoPoints) {
  Measurement M = readVsWarps();
  M.Points = {{1, 4.096}};
  EXPECT_FALSE(dramLatencyCurve(M, 2));
  EXPECT_FALSE(dramLatencyCurve(readVsWarps(), 0));
}

TEST(DramLatency, LittlesLawAtTheLoadedLatency) {
  DramLatencyCurve C = curve();
  // 1000 reading warps, 10 resident: 100 turns. With little traffic DRAM is
  // unloaded: 100 x 1 us.
  EXPECT_NEAR(dramLatencySeconds({1000, 10}, 1e3, C), 100e-6, 1e-12);
  // With 1.2 MB the fixed point: T = 100 x latency(1.2 MB / T / 10.24 GB/s).
  // At 130 us the utilization is 0.901 and the latency 1.30 us.
  double T = dramLatencySeconds({1000, 10}, 1.2e6, C);
  EXPECT_NEAR(T, 100 * C.latencyAt(1.2e6 / T / 10.24e9), 1e-9);
  EXPECT_GT(T, 100e-6);
  EXPECT_LT(T, 160e-6);
}

TEST(DramLatency, NeverFasterThanTheBandwidth) {
  // Plenty in flight: the bytes at the curve's best bandwidth.
  EXPECT_DOUBLE_EQ(dramLatencySeconds({10, 10}, 1.024e6, curve()), 100e-6);
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

/// A device with the curve above and the rates the Hopper model needs.
UnitRates latencyRates() {
  DeviceParameters D;
  D.Name = "latency";
  D.ComputeCapability = "9.0";
  D.Identity.SmCount = 2;
  auto add = [&](const char *Name, double Value, const char *Unit) {
    Measurement M;
    M.Name = Name;
    M.Value = Value;
    M.Unit = Unit;
    D.Measurements.push_back(M);
  };
  add("sm_clock_under_load", 1000, "MHz");
  for (const char *Name : {"fp32_fma", "int32_mad", "fp64_fma"})
    add(Name, 256, Name[0] == 'i' ? "GIOP/s" : "GFLOP/s");
  add("int32_lop3", 256, "GIOP/s");
  add("sfu_rsqrt", 32, "GOP/s");
  add("shared_ldst32", 64, "GOP/s");
  add("dram_read", 10, "GB/s");
  add("dram_write", 10, "GB/s");
  add("dram_copy", 10, "GB/s");
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
  // 128 bytes per warp: 128 KB at 10 GB/s is a 12.8 us floor; 15.6 turns of
  // an unloaded 1 us latency take longer. The prediction is the latency's,
  // the floor stays DRAM's bandwidth, and the verdict ignores the latency.
  LaunchGroup G = streamingGroup(128);
  HopperPrediction P = predictHopper({&G, 1}, latencyRates(), 0.02);
  ASSERT_NE(P.bottleneck(), nullptr);
  EXPECT_EQ(P.bottleneck()->Id, Unit::DramLatency);
  EXPECT_TRUE(P.latencyPredicted());
  EXPECT_NEAR(P.floorMs(), 0.0128, 1e-12);
  EXPECT_NEAR(P.predictedMs(), 1000.0 / 64 * 1e-3, 1e-9);
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
  EXPECT_FALSE(P.latencyPredicted());
  EXPECT_DOUBLE_EQ(P.predictedMs(), P.floorMs());
}

TEST(DramLatency, WithoutOccupancyTheUnitIsUnrecorded) {
  LaunchGroup G = streamingGroup(128);
  G.OccupancyPct.reset();
  HopperPrediction P = predictHopper({&G, 1}, latencyRates(), 0.02);
  EXPECT_EQ(P.timeOf(Unit::DramLatency), nullptr);
  EXPECT_NE(std::find(P.Unrecorded.begin(), P.Unrecorded.end(),
                      Unit::DramLatency),
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
  ASSERT_TRUE(Here.latencyPredicted());
  EXPECT_DOUBLE_EQ(*projectionRatio(Here, Spec), 1.0); // same floors
  EXPECT_DOUBLE_EQ(*projectionRatio(Here, Here), 1.0);
  HopperPrediction None;
  EXPECT_FALSE(projectionRatio(None, Here));
}

} // namespace
