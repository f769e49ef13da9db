//===- LatencyCausesTest.cpp - Why a latency-bound kernel waits -----------===//

#include "model/LatencyCauses.h"
#include "model/HopperModel.h"
#include "model/UnitRates.h"

#include "HopperTestSupport.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace headroom;
using namespace headroom::test;

namespace {

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
  EXPECT_DOUBLE_EQ(C[0].WarpsPerScheduler, 2);
  EXPECT_DOUBLE_EQ(C[0].OccupancyPct, 12.5);
  EXPECT_EQ(C[1].Kind, LatencyCauseKind::MemoryLatency);
  EXPECT_DOUBLE_EQ(C[1].StallCycles, 30);
  EXPECT_EQ(C[2].Kind, LatencyCauseKind::ShortLaunches);
  EXPECT_DOUBLE_EQ(C[2].LaunchUs, 4);
  // A compute-bound kernel has no latency causes.
  HopperPrediction Busy = predictHopper({&G, 1}, roundRates(), 0.2);
  EXPECT_TRUE(latencyCauses(Busy, E).empty());
}

TEST(LatencyCauses, AtomicsOnOneSliceBoundTheKernelButKeepItLatencyBound) {
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
  ASSERT_TRUE(P.limiter());
  EXPECT_EQ(*P.limiter(), Limiter(Unit::L2Atomics));
  EXPECT_DOUBLE_EQ(P.floorMs(), 1.0);
  EXPECT_DOUBLE_EQ(P.timeOf(Unit::L2Atomics)->BusyMs, 0.25);
  EXPECT_EQ(P.regime(), Regime::Latency);
  std::vector<LatencyCause> C = latencyCauses(P, LatencyEvidence{});
  ASSERT_FALSE(C.empty());
  EXPECT_EQ(C[0].Kind, LatencyCauseKind::AtomicContention);
  EXPECT_DOUBLE_EQ(C[0].ShareOfTime, 0.8);
  EXPECT_DOUBLE_EQ(C[0].Fp32OneWordClocks, 0);
  // Without the L2's clock the unit is not bounded.
  EXPECT_FALSE(roundRates().rate(Unit::L2Atomics));
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
  EXPECT_DOUBLE_EQ(P.Evidence.Atomics.AllOneWordFp32Ms, 3.0);
  std::vector<LatencyCause> C = latencyCauses(P, LatencyEvidence{});
  ASSERT_FALSE(C.empty());
  EXPECT_EQ(C[0].Kind, LatencyCauseKind::AtomicContention);
  EXPECT_NEAR(C[0].ShareOfTime, 1.0 / 3, 1e-12);
  EXPECT_NEAR(C[0].Fp32OneWordClocks, 3, 1e-12);
  // A kernel seven times as long: even fp32 adds to one word explain too
  // little of it to be named.
  HopperPrediction Long = predictHopper({&G, 1}, *R, 7.0);
  for (const LatencyCause &Cause : latencyCauses(Long, LatencyEvidence{}))
    EXPECT_NE(Cause.Kind, LatencyCauseKind::AtomicContention);
  // Without the fp32 measurement only the one-per-clock share counts.
  HopperPrediction Bare =
      predictHopper({&G, 1}, ratesOf(roundDeviceWithL2Clock()), 3.0);
  EXPECT_DOUBLE_EQ(Bare.Evidence.Atomics.AllOneWordFp32Ms, 0);
  for (const LatencyCause &Cause : latencyCauses(Bare, LatencyEvidence{}))
    EXPECT_NE(Cause.Kind, LatencyCauseKind::AtomicContention);
}

TEST(LatencyCauses, OneThreadDoingTheWorkComesFirst) {
  // 132 blocks of 256 threads of which one runs a serial loop
  // (test/gpu/stalls/sampled.cu's serialSum): its stall samples show about
  // one SM holding a warp, and under 2 of 32 threads active per warp
  // instruction.
  LaunchGroup G = group(132, 256);
  setWork(G, Unit::Issue, 1e6);
  HopperPrediction P = predictHopper({&G, 1}, roundRates(), 1.0);
  ASSERT_EQ(P.regime(), Regime::Latency);
  unsigned Sms = P.Sms;
  LatencyEvidence E;
  E.ThreadsPerInst = 1.67;
  E.ResidentSms = 1.02;
  E.AchievedOccupancyPct = 1.76;
  std::vector<LatencyCause> C = latencyCauses(P, E);
  ASSERT_FALSE(C.empty());
  EXPECT_EQ(C[0].Kind, LatencyCauseKind::OneThread);
  EXPECT_EQ(C[0].ResidentSms, 1.02);
  EXPECT_DOUBLE_EQ(C[0].ThreadsPerInst, 1.67);
  EXPECT_EQ(C[0].Sms, Sms);
  // Idle SMs are then no second cause: the one thread says why.
  for (const LatencyCause &Cause : C)
    EXPECT_NE(Cause.Kind, LatencyCauseKind::IdleSms);
  // Full warps are not one thread: the SMs they leave idle are named (the
  // round device has 2 SMs).
  E.ThreadsPerInst = 32;
  E.ResidentSms = 0.4;
  C = latencyCauses(P, E);
  ASSERT_FALSE(C.empty());
  EXPECT_NE(C[0].Kind, LatencyCauseKind::OneThread);
  EXPECT_TRUE(std::any_of(C.begin(), C.end(), [](const LatencyCause &Cause) {
    return Cause.Kind == LatencyCauseKind::IdleSms;
  }));
  // Without samples, one thread per warp on many SMs says nothing of them.
  E.ThreadsPerInst = 1.0;
  E.ResidentSms.reset();
  for (const LatencyCause &Cause : latencyCauses(P, E))
    EXPECT_NE(Cause.Kind, LatencyCauseKind::OneThread);
}

TEST(LatencyCauses, OneBlockOfOneThreadNeedsNoSamples) {
  LaunchGroup G = group(1, 1);
  setWork(G, Unit::Issue, 1e6);
  HopperPrediction P = predictHopper({&G, 1}, roundRates(), 1.0);
  LatencyEvidence E;
  E.ThreadsPerInst = 1.0;
  std::vector<LatencyCause> C = latencyCauses(P, E);
  ASSERT_GE(C.size(), 2u);
  EXPECT_EQ(C[0].Kind, LatencyCauseKind::OneThread);
  EXPECT_FALSE(C[0].ResidentSms);
  EXPECT_EQ(C[0].Blocks, 1u);
  EXPECT_EQ(C[1].Kind, LatencyCauseKind::FewBlocks);
}

TEST(LatencyCauses, IdleSmsOnlyWhereTheGridFillsThem) {
  // Half the SMs hold a warp, on average: named only under the half, and
  // not where the grid has fewer blocks than SMs (few-blocks says it).
  LaunchGroup G = group(1024, 256);
  setWork(G, Unit::Issue, 1e6);
  HopperPrediction P = predictHopper({&G, 1}, roundRates(), 1.0);
  ASSERT_GT(P.Sms, 1u);
  LatencyEvidence E;
  E.ThreadsPerInst = 32;
  E.ResidentSms = 0.25 * P.Sms;
  std::vector<LatencyCause> C = latencyCauses(P, E);
  ASSERT_EQ(C.size(), 1u);
  EXPECT_EQ(C[0].Kind, LatencyCauseKind::IdleSms);
  EXPECT_EQ(C[0].ResidentSms, 0.25 * P.Sms);
  E.ResidentSms = 0.95 * P.Sms;
  EXPECT_TRUE(latencyCauses(P, E).empty());
  LaunchGroup Few = group(P.Sms / 2, 256);
  setWork(Few, Unit::Issue, 1e6);
  HopperPrediction FewP = predictHopper({&Few, 1}, roundRates(), 1.0);
  E.ResidentSms = 0.25 * P.Sms;
  for (const LatencyCause &Cause : latencyCauses(FewP, E))
    EXPECT_NE(Cause.Kind, LatencyCauseKind::IdleSms);
}

} // namespace
