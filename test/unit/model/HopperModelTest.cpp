//===- HopperModelTest.cpp - Per-unit bounds, parallelism, verdicts -------===//

#include "model/HopperModel.h"
#include "model/LatencyCauses.h"
#include "model/Parallelism.h"
#include "model/StaticFacts.h"
#include "model/UnitRates.h"

#include "HopperTestSupport.h"
#include "ThesisTestSupport.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::test;
using ::testing::HasSubstr;

namespace {

TEST(Parallelism, EvenGridsUseEveryScheduler) {
  BusiestShare S = busiestShare({264, 256}, 132, 4);
  EXPECT_EQ(S.Sm, 1);
  EXPECT_EQ(S.Scheduler, 1);
  EXPECT_EQ(S.SmsUsed, 132u);
}

TEST(Parallelism, OneWarpUsesOneSchedulerOfTheGpu) {
  BusiestShare S = busiestShare({1, 32}, 132, 4);
  EXPECT_EQ(S.SmsUsed, 1u);
  EXPECT_EQ(S.Sm, 132);
  EXPECT_EQ(S.Scheduler, 528);
}

TEST(Parallelism, ALastPartialWaveCountsForTheBusiestSm) {
  // 133 blocks on 132 SMs: one SM runs two blocks.
  BusiestShare S = busiestShare({133, 128}, 132, 4);
  EXPECT_DOUBLE_EQ(S.Sm, 2.0 * 132 / 133);
  EXPECT_DOUBLE_EQ(S.Scheduler, S.Sm); // 8 warps spread evenly over 4
  // Three warps per block on one SM: the busiest scheduler has one of them,
  // a quarter of the SM's four-scheduler rate for a third of its work.
  BusiestShare T = busiestShare({132, 96}, 132, 4);
  EXPECT_DOUBLE_EQ(T.Scheduler, 4.0 / 3);
}

TEST(UnitRates, FromCalibratedMeasurements) {
  UnitRates R = roundRates();
  EXPECT_EQ(R.Sms, 2u);
  EXPECT_DOUBLE_EQ(*R.rate(Unit::Issue), 8e9);
  EXPECT_DOUBLE_EQ(*R.rate(Unit::FmaPipe), 8e9);
  EXPECT_DOUBLE_EQ(*R.rate(Unit::FmaHeavyPipe), 4e9);
  EXPECT_DOUBLE_EQ(*R.rate(Unit::AluPipe), 8e9);
  EXPECT_DOUBLE_EQ(*R.rate(Unit::Fp64Pipe), 4e9);
  EXPECT_DOUBLE_EQ(*R.rate(Unit::XuPipe), 1e9);
  EXPECT_DOUBLE_EQ(*R.rate(Unit::L1Wavefronts), 2e9);
  EXPECT_DOUBLE_EQ(*R.rate(Unit::AduPipe), 1e9);
  // One request cycle per SM per clock.
  EXPECT_DOUBLE_EQ(*R.rate(Unit::ConstantCache), 2e9);
  EXPECT_DOUBLE_EQ(*R.rate(Unit::L2Requests), 2e9);
  // The read/write mix: write only, copy, read only, and between.
  EXPECT_DOUBLE_EQ(R.dramBandwidth(0, 1), 40e9);
  EXPECT_DOUBLE_EQ(R.dramBandwidth(1, 1), 20e9);
  EXPECT_DOUBLE_EQ(R.dramBandwidth(1, 0), 40e9);
  EXPECT_DOUBLE_EQ(R.dramBandwidth(3, 1), 30e9);
}

TEST(UnitRates, AMissingMeasurementIsNamed) {
  DeviceParameters D = roundDevice();
  std::erase_if(D.Measurements,
                [](const Measurement &M) { return M.Name == "int32_lop3"; });
  Expected<UnitRates> R = unitRates(D);
  ASSERT_FALSE(R);
  EXPECT_THAT(R.error().message(), HasSubstr("'int32_lop3' (GIOP/s)"));
  EXPECT_THAT(R.error().message(), HasSubstr("device 'round'"));
  // The thesis' GPUs have no calibrated pipes.
  EXPECT_FALSE(unitRates(shippedDevice("gtx-660")));
}

TEST(HopperModel, PipesBoundSeparatelyNotAsASum) {
  // 8e6 FMAs and 8e6 ALU instructions: 1 ms each on their own pipes, and
  // 16e6 instructions issue in 2 ms: issue is the bottleneck, not the sum
  // of pipe costs the thesis would charge.
  LaunchGroup G = group(1024, 256);
  setWork(G, Unit::FmaPipe, 8e6);
  setWork(G, Unit::AluPipe, 8e6);
  setWork(G, Unit::Issue, 16e6);
  HopperPrediction P = predictHopper({&G, 1}, roundRates(), 2.5);
  ASSERT_TRUE(P.limiter());
  EXPECT_EQ(*P.limiter(), Limiter(Unit::Issue));
  EXPECT_DOUBLE_EQ(P.floorMs(), 2.0);
  EXPECT_DOUBLE_EQ(P.timeOf(Unit::FmaPipe)->FloorMs, 1.0);
  EXPECT_DOUBLE_EQ(P.timeOf(Unit::AluPipe)->FloorMs, 1.0);
  EXPECT_DOUBLE_EQ(*P.headroom(), 1.25);
  EXPECT_EQ(P.regime(), Regime::Compute);
  EXPECT_FALSE(P.balanced());
}

TEST(HopperModel, DramAtTheBandwidthOfItsMix) {
  LaunchGroup G = group(1024, 256);
  G.Work.DramReadBytes = 20e6;
  G.Work.DramWriteBytes = 20e6;
  setWork(G, Unit::Dram, 40e6);
  HopperPrediction P = predictHopper({&G, 1}, roundRates(), 2.2);
  EXPECT_EQ(*P.limiter(), Limiter(Unit::Dram));
  EXPECT_DOUBLE_EQ(P.floorMs(), 2.0); // 40 MB at the 20 GB/s of a copy
  EXPECT_EQ(P.regime(), Regime::Memory);
}

TEST(HopperModel, BusyCountsAgainstTheHardwarePeakBoundsAgainstTheRate) {
  // L2 traffic of 60 MB: 0.6 ms at the calibrated 100 GB/s, the floor. With
  // a hardware peak of 200 GB/s the L2 was busy 0.3 ms of the measured 1 ms:
  // under half, latency-bound, as Speed of Light would say. Without the peak
  // the same kernel reads 60% busy, memory-bound.
  LaunchGroup G = group(1024, 256);
  setWork(G, Unit::L2Bytes, 60e6);
  DeviceParameters D = roundDevice();
  HopperPrediction Calibrated = predictHopper({&G, 1}, roundRates(), 1.0);
  EXPECT_DOUBLE_EQ(Calibrated.floorMs(), 0.6);
  EXPECT_DOUBLE_EQ(*Calibrated.utilization(), 0.6);
  EXPECT_EQ(Calibrated.regime(), Regime::Memory);

  Measurement Peak;
  Peak.Name = "l2_peak";
  Peak.Value = 200;
  Peak.Unit = "GB/s";
  D.Measurements.push_back(Peak);
  Expected<UnitRates> R = unitRates(D);
  ASSERT_TRUE(R);
  EXPECT_DOUBLE_EQ(*R->busyRate(Unit::L2Bytes), 200e9);
  EXPECT_DOUBLE_EQ(*R->busyRate(Unit::Dram), *R->rate(Unit::Dram));
  HopperPrediction P = predictHopper({&G, 1}, *R, 1.0);
  EXPECT_DOUBLE_EQ(P.floorMs(), 0.6);
  EXPECT_DOUBLE_EQ(P.timeOf(Unit::L2Bytes)->RoofMs, 0.6);
  EXPECT_DOUBLE_EQ(P.timeOf(Unit::L2Bytes)->BusyMs, 0.3);
  EXPECT_DOUBLE_EQ(*P.utilization(), 0.3);
  EXPECT_EQ(P.regime(), Regime::Latency);
}

TEST(HopperModel, TheVerdictCountsBusyTimeAgainstTheSampledLaunches) {
  // The counters come from a sampled launch that ran 2 ms (cold); the timed
  // launches took 1.5 ms. 1.2 ms of DRAM work: 60% busy in the launch the
  // counters describe, memory-bound; against the timed 1.5 ms it would be
  // 80%. The floor and the headroom still answer for the measured time.
  LaunchGroup G = group(1024, 256);
  G.Work.DramReadBytes = 48e6;
  setWork(G, Unit::Dram, 48e6);
  G.SampledMs = 2.0;
  HopperPrediction P = predictHopper({&G, 1}, roundRates(), 1.5);
  ASSERT_TRUE(P.SampledMs);
  EXPECT_DOUBLE_EQ(*P.utilization(), 0.6);
  EXPECT_DOUBLE_EQ(*P.headroom(), 1.25);
  // A group without its sampled time leaves the measured time to count.
  LaunchGroup Unsampled = group(1024, 256);
  LaunchGroup Both[] = {G, Unsampled};
  HopperPrediction Q = predictHopper(Both, roundRates(), 1.5);
  EXPECT_FALSE(Q.SampledMs);
  EXPECT_DOUBLE_EQ(*Q.utilization(), 0.8);
}

TEST(HopperModel, APeakBelowTheCalibratedRateIsIgnored) {
  // A peak is an upper limit: one under what a benchmark reached is wrong
  // and does not make a unit look busier than its rate says.
  LaunchGroup G = group(1024, 256);
  G.Work.DramReadBytes = 40e6;
  setWork(G, Unit::Dram, 40e6);
  DeviceParameters D = roundDevice();
  Measurement Peak;
  Peak.Name = "dram_peak";
  Peak.Value = 10;
  Peak.Unit = "GB/s";
  D.Measurements.push_back(Peak);
  HopperPrediction P = predictHopper({&G, 1}, *unitRates(D), 2.0);
  EXPECT_DOUBLE_EQ(P.timeOf(Unit::Dram)->BusyMs, 1.0); // 40 MB at 40 GB/s read
  EXPECT_EQ(P.regime(), Regime::Memory);
}

TEST(HopperModel, ASmallGridRaisesTheFloorButIsLatencyBound) {
  // One block of one warp: the issue bound is that of one scheduler of
  // eight, 8x the whole-GPU time; no unit of the GPU is busy half the time.
  LaunchGroup G = group(1, 32);
  setWork(G, Unit::Issue, 1e6);
  HopperPrediction P = predictHopper({&G, 1}, roundRates(), 1.6);
  EXPECT_DOUBLE_EQ(P.timeOf(Unit::Issue)->RoofMs, 0.125);
  EXPECT_DOUBLE_EQ(P.floorMs(), 1.0);
  EXPECT_EQ(P.regime(), Regime::Latency);
  std::vector<LatencyCause> C = latencyCauses(P, {});
  ASSERT_FALSE(C.empty());
  EXPECT_EQ(C[0].Kind, LatencyCauseKind::FewBlocks);
  EXPECT_EQ(C[0].Blocks, 1u);
  EXPECT_EQ(C[0].Sms, 2u);
}

TEST(HopperModel, RidgeKernelsAreBalanced) {
  LaunchGroup G = group(1024, 256);
  setWork(G, Unit::FmaPipe, 8e6); // 1 ms
  G.Work.DramReadBytes = 38e6;    // 0.95 ms
  setWork(G, Unit::Dram, 38e6);
  HopperPrediction P = predictHopper({&G, 1}, roundRates(), 1.2);
  EXPECT_EQ(P.regime(), Regime::Compute);
  EXPECT_TRUE(P.balanced());
}

TEST(HopperModel, SerializedConstantReadsBoundByTheConstantCache) {
  // Lanes reading different __constant__ addresses: the constant cache
  // serves one address per cycle. 4e6 request cycles over 2 SMs at 1 GHz
  // take 2 ms, against 0.125 ms of issue: a compute unit (as Speed of
  // Light counts it) busy 95% of the time.
  LaunchGroup G = countedGroup(Counter::ConstantCacheCycles, 4e6);
  EXPECT_EQ(G.Work.amount(Unit::ConstantCache), 4e6);
  HopperPrediction P = predictHopper({&G, 1}, roundRates(), 2.1);
  ASSERT_TRUE(P.limiter());
  EXPECT_EQ(*P.limiter(), Limiter(Unit::ConstantCache));
  EXPECT_DOUBLE_EQ(P.floorMs(), 2.0);
  EXPECT_EQ(P.regime(), Regime::Compute);
}

TEST(HopperModel, UnitsWithoutCountersAreListed) {
  LaunchGroup G = group(1024, 256);
  setWork(G, Unit::Issue, 8e6);
  HopperPrediction P = predictHopper({&G, 1}, roundRates(), 1.0);
  EXPECT_EQ(P.Times.size(), 1u);
  EXPECT_THAT(P.Unrecorded, ::testing::Contains(Unit::L2Requests));
  EXPECT_THAT(P.Unrecorded, ::testing::Contains(Unit::Dram));
}

TEST(HopperModel, ConfigurationsAddUp) {
  // The same kernel at two grid sizes: times add, each with its own share.
  LaunchGroup Big = group(1024, 256), Small = group(1, 256);
  setWork(Big, Unit::Issue, 8e6);   // 1 ms
  setWork(Small, Unit::Issue, 1e6); // 0.125 ms at GPU scale, x2 for 1 of 2 SMs
  LaunchGroup Both[] = {Big, Small};
  HopperPrediction P = predictHopper(Both, roundRates(), std::nullopt);
  EXPECT_DOUBLE_EQ(P.timeOf(Unit::Issue)->RoofMs, 1.125);
  EXPECT_DOUBLE_EQ(P.floorMs(), 1.25);
  EXPECT_EQ(P.MinBlocks, 1u);
  EXPECT_FALSE(P.regime());
}

TEST(StaticFacts, StallSamplesWeighTheLoops) {
  StaticFacts F;
  F.GlobalLoadsPerRound = 2.5;
  F.LoadLoops = {{0x0, 0x60, 4}, {0x70, 0x90, 1}};
  // 90 samples in the unrolled loop, 10 in the remainder.
  auto Samples = [](std::uint64_t First, std::uint64_t) {
    return First == 0 ? 90.0 : 10.0;
  };
  EXPECT_DOUBLE_EQ(*sampledLoadsPerRound(F, Samples), 0.9 * 4 + 0.1 * 1);
  // Too few samples say nothing.
  auto Few = [](std::uint64_t, std::uint64_t) { return 5.0; };
  EXPECT_FALSE(sampledLoadsPerRound(F, Few));
  F.LoadLoops.clear();
  EXPECT_FALSE(sampledLoadsPerRound(F, Samples));
}

TEST(StaticFacts, FoundByMangledNameElseByAUniqueSignature) {
  StaticFactsIndex I;
  I.add("_Z1aPf", "a(float*)", {0.5});
  I.add("_ZN12_GLOBAL__N_11bEPf", "(anonymous namespace)::b(float*)", {1});
  I.add("_ZN12_GLOBAL__N_21bEPf", "(anonymous namespace)::b(float*)", {0});
  // The same kernel again (another architecture's code) stays unique.
  I.add("_Z1aPf", "a(float*)", {0.5});
  EXPECT_EQ(I.size(), 3u);
  EXPECT_DOUBLE_EQ(I.find("_Z1aPf", "")->OneWordFp32AtomicShare, 0.5);
  // An instrumented build names the anonymous namespace differently.
  EXPECT_DOUBLE_EQ(I.find("_Z9otherPf", "a(float*)")->OneWordFp32AtomicShare,
                   0.5);
  EXPECT_DOUBLE_EQ(I.find("_ZN12_GLOBAL__N_11bEPf", "")->OneWordFp32AtomicShare,
                   1);
  // Two kernels have that signature: which one is not known.
  EXPECT_FALSE(
      I.find("_ZN12_GLOBAL__N_91bEPf", "(anonymous namespace)::b(float*)"));
  EXPECT_FALSE(I.find("_Z1cv", "c()"));
}

} // namespace
