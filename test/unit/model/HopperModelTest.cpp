//===- HopperModelTest.cpp - Per-unit bounds, parallelism, verdicts -------===//

#include "model/HopperModel.h"
#include "model/LatencyCauses.h"
#include "model/Parallelism.h"
#include "model/StaticFacts.h"
#include "model/UnitRates.h"

#include "RoundDevice.h"
#include "ThesisTestSupport.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::test;
using ::testing::HasSubstr;

namespace {

UnitRates roundRates() {
  Expected<UnitRates> R = unitRates(roundDevice());
  EXPECT_TRUE(R) << R.error().message();
  return *R;
}

/// The round device with the L2's clock (1 GHz) and 4 slices: the atomic
/// unit bounded at one input per clock, nothing measured on one word.
UnitRates unitRatesWithL2Clock() {
  DeviceParameters D = roundDevice();
  addMeasurement(D, "l2_clock_under_load", 1000, "MHz");
  addMeasurement(D, "l2_slices", 4, "slices");
  Expected<UnitRates> R = unitRates(D);
  EXPECT_TRUE(R) << R.error().message();
  return *R;
}

LaunchGroup group(std::uint64_t Blocks, std::uint64_t Threads) {
  LaunchGroup G;
  G.Shape = {Blocks, Threads};
  return G;
}

void setWork(LaunchGroup &G, Unit U, double Amount) {
  G.Work.Amount[static_cast<std::size_t>(U)] = Amount;
}

/// One launch of 1024 blocks of 256 threads from its counters: \p Amount of
/// \p C and 1e6 issued warp instructions.
LaunchGroup countedGroup(Counter C, double Amount) {
  return launchGroup(
      [=](Counter Asked) -> std::optional<double> {
        if (Asked == C)
          return Amount;
        if (Asked == Counter::Inst)
          return 1e6;
        return std::nullopt;
      },
      {1024, 256}, 1);
}

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
  ASSERT_NE(P.bottleneck(), nullptr);
  EXPECT_EQ(P.bottleneck()->Id, Unit::Issue);
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
  EXPECT_EQ(P.bottleneck()->Id, Unit::Dram);
  EXPECT_DOUBLE_EQ(P.floorMs(), 2.0); // 40 MB at the 20 GB/s of a copy
  EXPECT_EQ(P.regime(), Regime::Memory);
}

TEST(HopperModel, RepeatedLaunchesBoundByTheColdOnesAndWhatTheL2CannotKeep) {
  // 4 launches of 40 MB of DRAM traffic each, as the sampled one moved.
  DeviceParameters D = roundDevice();
  D.Identity.L2Bytes = 50'000'000;
  Expected<UnitRates> R = unitRates(D);
  ASSERT_TRUE(R) << R.error().message();
  LaunchGroup G = group(1024, 256);
  G.Launches = 4;
  G.Work.DramReadBytes = 4 * 20e6;
  G.Work.DramWriteBytes = 4 * 20e6;
  setWork(G, Unit::Dram, 4 * 40e6);
  G.ColdLaunches = 1;
  // 40 MB fits in the 50 MB L2: the three later launches may find it there,
  // so only the cold one bounds (2 ms of the 8 at the copy's 20 GB/s).
  HopperPrediction Warm = predictHopper({&G, 1}, *R, 9.0);
  EXPECT_DOUBLE_EQ(Warm.timeOf(Unit::Dram)->FloorMs, 2.0);
  EXPECT_DOUBLE_EQ(Warm.timeOf(Unit::Dram)->RoofMs, 8.0);
  // Every launch cold: all of it bounds.
  G.ColdLaunches = 4;
  EXPECT_DOUBLE_EQ(predictHopper({&G, 1}, *R, 9.0).timeOf(Unit::Dram)->FloorMs,
                   8.0);
  // 40 MB of traffic in a 30 MB L2: the reads (20 MB) and the writes (20 MB)
  // each fit, as in a kernel that updates its data in place, so the later
  // launches may still move none of it.
  G.ColdLaunches = 1;
  D.Identity.L2Bytes = 30'000'000;
  R = unitRates(D);
  ASSERT_TRUE(R) << R.error().message();
  EXPECT_DOUBLE_EQ(predictHopper({&G, 1}, *R, 9.0).timeOf(Unit::Dram)->FloorMs,
                   2.0);
  // In a 10 MB L2 a later launch moves at least 10 MB of its reads and 10 MB
  // of its writes: half its traffic, 1 ms each, after the cold 2 ms.
  D.Identity.L2Bytes = 10'000'000;
  R = unitRates(D);
  ASSERT_TRUE(R) << R.error().message();
  EXPECT_DOUBLE_EQ(predictHopper({&G, 1}, *R, 9.0).timeOf(Unit::Dram)->FloorMs,
                   5.0);
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
  EXPECT_EQ(C[0].Detail, "1 block for 2 SMs");
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
  ASSERT_NE(P.bottleneck(), nullptr);
  EXPECT_EQ(P.bottleneck()->Id, Unit::ConstantCache);
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

TEST(LatencyCauses, NameTheBusiestStallAndFewWarps) {
  LaunchGroup G = group(1024, 256);
  setWork(G, Unit::Issue, 1e6); // 0.125 ms of 1 ms: latency-bound
  HopperPrediction P = predictHopper({&G, 1}, roundRates(), 1.0);
  LatencyEvidence E;
  E.AchievedOccupancyPct = 12.5; // 8 of 64 warps: 2 per scheduler
  E.LongScoreboard = 30;
  E.Wait = 2;
  E.MeanLaunchMs = 0.004;
  std::vector<LatencyCause> C = latencyCauses(P, E);
  ASSERT_EQ(C.size(), 3u);
  EXPECT_EQ(C[0].Kind, LatencyCauseKind::FewWarps);
  EXPECT_EQ(C[0].Detail, "2 warps per scheduler (12% achieved occupancy)");
  EXPECT_EQ(C[1].Kind, LatencyCauseKind::MemoryLatency);
  EXPECT_THAT(C[1].Detail, HasSubstr("30 cycles per issued instruction"));
  EXPECT_EQ(C[2].Kind, LatencyCauseKind::ShortLaunches);
  EXPECT_EQ(C[2].Detail,
            "launches of 4 us: start-up and tail of the grid weigh");
  // A compute-bound kernel has no latency causes.
  HopperPrediction Busy = predictHopper({&G, 1}, roundRates(), 0.2);
  EXPECT_TRUE(latencyCauses(Busy, E).empty());
}

TEST(HopperModel, AtomicsOnOneSliceBoundTheKernelButKeepItLatencyBound) {
  // One L2 slice of 4 at 1 GHz takes atomic input 1e6 cycles: a 1 ms floor
  // for a 1.25 ms kernel, while the L2's atomic units as a whole are busy
  // a quarter of that: latency-bound, as Speed of Light calls such kernels,
  // with the slice named as the cause.
  DeviceParameters D = roundDevice();
  addMeasurement(D, "l2_clock_under_load", 1000, "MHz");
  addMeasurement(D, "l2_slices", 4, "slices");
  Expected<UnitRates> R = unitRates(D);
  ASSERT_TRUE(R) << R.error().message();
  EXPECT_DOUBLE_EQ(*R->rate(Unit::L2Atomics), 1e9);
  EXPECT_DOUBLE_EQ(*R->busyRate(Unit::L2Atomics), 4e9);
  LaunchGroup G = countedGroup(Counter::L2AtomicCyclesBusiest, 1e6);
  HopperPrediction P = predictHopper({&G, 1}, *R, 1.25);
  ASSERT_NE(P.bottleneck(), nullptr);
  EXPECT_EQ(P.bottleneck()->Id, Unit::L2Atomics);
  EXPECT_DOUBLE_EQ(P.floorMs(), 1.0);
  EXPECT_DOUBLE_EQ(P.timeOf(Unit::L2Atomics)->BusyMs, 0.25);
  EXPECT_EQ(P.regime(), Regime::Latency);
  std::vector<LatencyCause> C = latencyCauses(P, LatencyEvidence{});
  ASSERT_FALSE(C.empty());
  EXPECT_EQ(C[0].Kind, LatencyCauseKind::AtomicContention);
  EXPECT_EQ(C[0].Detail, "atomics on few addresses: the busiest L2 slice's "
                         "atomic unit takes input 80% of the time");
  // Without the L2's clock the unit is not bounded.
  EXPECT_FALSE(roundRates().rate(Unit::L2Atomics));
}

TEST(HopperModel, AtomicsBoundAtOnePerClockEstimateBetweenTheWordsAndOneWord) {
  // The slice takes one input per clock (1 G/s) on different words, 0.6 G
  // inputs/s on one word (19.2 G merged u32 adds/s): the estimate is off by
  // the same share either way, 2 / (1e9 + 0.6e9) s per input: 1e6 inputs
  // take 1.25 ms (1 ms on different words, 1.667 ms on one), the floor 1.
  DeviceParameters D = roundDevice();
  addMeasurement(D, "l2_clock_under_load", 1000, "MHz");
  addMeasurement(D, "l2_slices", 4, "slices");
  addMeasurement(D, "atomic_same_address_red_u32", 19200, "M atomics/s");
  Expected<UnitRates> R = unitRates(D);
  ASSERT_TRUE(R) << R.error().message();
  EXPECT_DOUBLE_EQ(*R->AtomicSameAddressInputs, 0.6e9);
  EXPECT_DOUBLE_EQ(R->l2AtomicSeconds(1e6), 1.25e-3);
  EXPECT_DOUBLE_EQ(R->l2AtomicSeconds(0), 0);
  LaunchGroup G = countedGroup(Counter::L2AtomicCyclesBusiest, 1e6);
  HopperPrediction P = predictHopper({&G, 1}, *R, 1.5);
  EXPECT_DOUBLE_EQ(P.floorMs(), 1.0);
  EXPECT_DOUBLE_EQ(P.StageMs[static_cast<std::size_t>(Stage::L2)], 1.25);
  // (The group's 1e6 warp instructions add 0.003% in the stages' norm.)
  EXPECT_NEAR(P.predictedMs(), 1.25, 1e-4);
  // Inputs the SASS knows to be fp32 adds to one word take the fp32 rate
  // (0.25 G inputs/s, 4 clocks): half of them, 0.5 x 1.25 + 0.5 x 4 ms.
  R->AtomicSameAddressFloatInputs = 0.25e9;
  EXPECT_DOUBLE_EQ(R->l2AtomicSeconds(1e6, 0.5), 2.625e-3);
  LaunchGroup Known = G;
  Known.Work.OneWordFp32AtomicShare = 1;
  HopperPrediction F = predictHopper({&Known, 1}, *R, 4.5);
  EXPECT_DOUBLE_EQ(F.floorMs(), 1.0);
  EXPECT_DOUBLE_EQ(F.StageMs[static_cast<std::size_t>(Stage::L2)], 4.0);
  // Without the fp32 rate those inputs count as the others.
  R->AtomicSameAddressFloatInputs.reset();
  EXPECT_DOUBLE_EQ(R->l2AtomicSeconds(1e6, 1), 1.25e-3);
  // A one-word rate above one per clock never brings the estimate under it.
  R->AtomicSameAddressInputs = 2e9;
  EXPECT_DOUBLE_EQ(R->l2AtomicSeconds(1e6), 1e-3);
  // Without the measurement the estimate is the floor's one per clock.
  R->AtomicSameAddressInputs.reset();
  EXPECT_DOUBLE_EQ(R->l2AtomicSeconds(1e6), 1e-3);
  // Without the L2's clock nothing is bounded or estimated.
  EXPECT_DOUBLE_EQ(roundRates().l2AtomicSeconds(1e6), 0);
}

TEST(LatencyCauses, AtomicsThatFp32AddsToOneWordWouldExplainAreNamed) {
  // 1e6 inputs take the slice 1 ms at one per clock, a third of a 3 ms
  // kernel: not enough alone; as fp32 adds to one word (0.333 G inputs/s,
  // 3 clocks each) they would take all of it, so they are named, and why.
  DeviceParameters D = roundDevice();
  addMeasurement(D, "l2_clock_under_load", 1000, "MHz");
  addMeasurement(D, "l2_slices", 4, "slices");
  addMeasurement(D, "atomic_same_address_red_f32", 1000.0 / 3, "M atomics/s");
  Expected<UnitRates> R = unitRates(D);
  ASSERT_TRUE(R) << R.error().message();
  LaunchGroup G = countedGroup(Counter::L2AtomicCyclesBusiest, 1e6);
  HopperPrediction P = predictHopper({&G, 1}, *R, 3.0);
  EXPECT_DOUBLE_EQ(P.AtomicsOneWordMs, 3.0);
  std::vector<LatencyCause> C = latencyCauses(P, LatencyEvidence{});
  ASSERT_FALSE(C.empty());
  EXPECT_EQ(C[0].Kind, LatencyCauseKind::AtomicContention);
  EXPECT_EQ(C[0].Detail, "atomics on few addresses: the busiest L2 slice's "
                         "atomic unit takes input 33% of the time, and fp32 "
                         "adds to one word take 3 L2 clocks each");
  // A kernel seven times as long: even fp32 adds to one word explain too
  // little of it to be named.
  HopperPrediction Long = predictHopper({&G, 1}, *R, 7.0);
  for (const LatencyCause &Cause : latencyCauses(Long, LatencyEvidence{}))
    EXPECT_NE(Cause.Kind, LatencyCauseKind::AtomicContention);
  // Without the fp32 measurement only the one-per-clock share counts.
  HopperPrediction Bare = predictHopper({&G, 1}, unitRatesWithL2Clock(), 3.0);
  EXPECT_DOUBLE_EQ(Bare.AtomicsOneWordMs, 0);
  for (const LatencyCause &Cause : latencyCauses(Bare, LatencyEvidence{}))
    EXPECT_NE(Cause.Kind, LatencyCauseKind::AtomicContention);
}

/// One launch of 1024 blocks of 256 threads with \p Requests L2 requests,
/// \p Sectors sectors of which \p WriteSectors written.
LaunchGroup l2Group(double Requests, double Sectors, double WriteSectors) {
  return launchGroup(
      [=](Counter Asked) -> std::optional<double> {
        switch (Asked) {
        case Counter::L2Requests:
          return Requests;
        case Counter::L2Bytes:
          return Sectors * SectorBytes;
        case Counter::L2SectorsWrite:
          return WriteSectors;
        case Counter::Inst:
          return 1e3;
        default:
          return std::nullopt;
        }
      },
      {1024, 256}, 1);
}

TEST(UnitWork, AtLeastTheRequestsBeyondTheOtherSectorsAreWrites) {
  // A naive transpose: coalesced reads (4 sectors a request) and one-sector
  // writes. 1e6 writes and 0.25e6 read requests of 1e6 sectors: at most
  // 1e6 requests carry the reads' sectors, so at least 0.25e6 are writes.
  EXPECT_DOUBLE_EQ(l2Group(1.25e6, 2e6, 1e6).Work.L2WriteRequests, 0.25e6);
  // Reads of one sector a request: the bound is every write.
  EXPECT_DOUBLE_EQ(l2Group(2e6, 2e6, 1e6).Work.L2WriteRequests, 1e6);
  // A stream copy (4 sectors a request both ways): no write request proven.
  EXPECT_DOUBLE_EQ(l2Group(0.5e6, 2e6, 1e6).Work.L2WriteRequests, 0);
  // Counter noise (more requests than sectors) never makes more write
  // requests than write sectors or requests.
  EXPECT_DOUBLE_EQ(l2Group(3e6, 2e6, 1e6).Work.L2WriteRequests, 1e6);
  // Without the write sectors nothing is known.
  LaunchGroup G = countedGroup(Counter::L2Requests, 1e6);
  EXPECT_DOUBLE_EQ(G.Work.L2WriteRequests, 0);
}

TEST(HopperModel, L2WriteRequestsBoundAtTheFullSectorRateEstimateAtThePartial) {
  // Reads at 2 G requests/s; writes counted at 1 G/s for full sectors and
  // 0.5 G/s for partial ones. 2e6 requests of which at least 1e6 are
  // writes: 1e6 / 2e9 + 1e6 / 1e9 = 1.5 ms bound, and for the estimate's L2
  // stage 1e6 / 2e9 + 1e6 / 0.5e9 = 2.5 ms.
  DeviceParameters D = roundDevice();
  addMeasurement(D, "l2_write_requests_full_counted", 1, "G requests/s");
  addMeasurement(D, "l2_write_requests_counted", 0.5, "G requests/s");
  Expected<UnitRates> R = unitRates(D);
  ASSERT_TRUE(R) << R.error().message();
  EXPECT_DOUBLE_EQ(*R->L2WriteRequests, 1e9);
  EXPECT_DOUBLE_EQ(*R->L2PartialWriteRequests, 0.5e9);
  LaunchGroup G = l2Group(2e6, 2e6, 1e6);
  HopperPrediction P = predictHopper({&G, 1}, *R, 3.0);
  ASSERT_NE(P.timeOf(Unit::L2Requests), nullptr);
  EXPECT_DOUBLE_EQ(P.timeOf(Unit::L2Requests)->FloorMs, 1.5);
  EXPECT_DOUBLE_EQ(P.floorMs(), 1.5);
  EXPECT_DOUBLE_EQ(P.StageMs[static_cast<std::size_t>(Stage::L2)], 2.5);
  EXPECT_DOUBLE_EQ(P.predictedMs(), 2.5); // the L2 stage alone has work
  EXPECT_TRUE(P.estimatePredicted());
  // Without the write rates every request counts at the read rate.
  HopperPrediction Q = predictHopper({&G, 1}, roundRates(), 3.0);
  EXPECT_DOUBLE_EQ(Q.floorMs(), 1.0);
  EXPECT_DOUBLE_EQ(Q.StageMs[static_cast<std::size_t>(Stage::L2)], 1.0);
  EXPECT_FALSE(Q.estimatePredicted());
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
