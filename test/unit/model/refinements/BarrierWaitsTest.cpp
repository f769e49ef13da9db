//===- BarrierWaitsTest.cpp - Warps at a barrier keep no loads in flight --===//

#include "model/refinements/BarrierWaits.h"
#include "model/HopperModel.h"
#include "model/UnitRates.h"

#include "../HopperTestSupport.h"

#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::test;

namespace {

/// \p G with \p Barrier warps stalled at a barrier and \p Resident warps
/// resident per issued instruction.
LaunchGroup withStalls(LaunchGroup G, double Barrier, double Resident) {
  G.Counters[static_cast<std::size_t>(Counter::StallBarrier)] = Barrier;
  G.Counters[static_cast<std::size_t>(Counter::WarpLatency)] = Resident;
  return G;
}

TEST(BarrierWaits, TheShareOfResidentWarpsAtABarrier) {
  EXPECT_DOUBLE_EQ(barrierShare(16, 48), 1.0 / 3);
  EXPECT_DOUBLE_EQ(barrierShare(0, 48), 0);
  // Counters that put every warp at the barrier, or none resident, say
  // nothing a running kernel can show.
  EXPECT_DOUBLE_EQ(barrierShare(48, 48), 0);
  EXPECT_DOUBLE_EQ(barrierShare(50, 48), 0);
  EXPECT_DOUBLE_EQ(barrierShare(5, 0), 0);
}

TEST(BarrierWaits, TheDramWaitTakesTurnsOfTheWarpsThatAreNotAtTheBarrier) {
  // 1000 warps, 64 resident: 15.6 turns of the unloaded 0.25 us. With half
  // the resident warps' time at a barrier, 32 wait on DRAM at a time: twice
  // the turns.
  LaunchGroup Plain = streamingGroup(128);
  LaunchGroup Tiled = withStalls(streamingGroup(128), 24, 48);
  HopperPrediction Free = predictHopper({&Plain, 1}, latencyRates(), 0.02);
  HopperPrediction Waiting = predictHopper({&Tiled, 1}, latencyRates(), 0.02);
  EXPECT_NEAR(Free.predictedMs(), 1000.0 / 64 * 0.25e-3, 1e-9);
  EXPECT_NEAR(Waiting.predictedMs(), 1000.0 / 32 * 0.25e-3, 1e-9);
  EXPECT_EQ(*Waiting.limiter(), Limiter(Estimate::DramLatency));
  // The floor is a bound and stays.
  EXPECT_DOUBLE_EQ(Waiting.floorMs(), Free.floorMs());
  EXPECT_TRUE(Waiting.Evidence.applied(RefinementId::BarrierWaits));
  ASSERT_TRUE(Waiting.Evidence.Barrier);
  EXPECT_DOUBLE_EQ(Waiting.Evidence.Barrier->Share, 0.5);
  EXPECT_DOUBLE_EQ(Waiting.Evidence.Barrier->ResidentWarps, 64);
  EXPECT_DOUBLE_EQ(Waiting.Evidence.Barrier->WaitingWarps, 32);
  EXPECT_FALSE(Free.Evidence.applied(RefinementId::BarrierWaits));
  EXPECT_FALSE(Free.Evidence.Barrier);
}

TEST(BarrierWaits, TheLoadRoundsTakeTurnsOfThemToo) {
  // One load in flight: 96 rounds per warp at DRAM's 200 ns, 1000 warps of
  // which 64 resident; a quarter of them at a barrier leaves 48.
  LaunchGroup Plain = rowLoopGroup(1);
  LaunchGroup Tiled = withStalls(rowLoopGroup(1), 10, 40);
  HopperPrediction Free = predictHopper({&Plain, 1}, loadRoundsRates(), 1.0);
  HopperPrediction Waiting = predictHopper({&Tiled, 1}, loadRoundsRates(), 1.0);
  ASSERT_TRUE(Free.Evidence.Rounds);
  ASSERT_TRUE(Waiting.Evidence.Rounds);
  EXPECT_NEAR(Free.Evidence.Rounds->WaitMs, 96 * 1000.0 / 64 * 200e-6, 1e-9);
  EXPECT_NEAR(Waiting.Evidence.Rounds->WaitMs, 96 * 1000.0 / 48 * 200e-6, 1e-9);
  EXPECT_GT(Waiting.predictedMs(), Free.predictedMs());
}

TEST(BarrierWaits, NeedsBothStallCountersAndTheOccupancy) {
  LaunchGroup Plain = streamingGroup(128);
  double Free = predictHopper({&Plain, 1}, latencyRates(), 0.02).predictedMs();
  LaunchGroup NoTotal = streamingGroup(128);
  NoTotal.Counters[static_cast<std::size_t>(Counter::StallBarrier)] = 24;
  LaunchGroup NoBarrier = streamingGroup(128);
  NoBarrier.Counters[static_cast<std::size_t>(Counter::WarpLatency)] = 48;
  LaunchGroup NoOccupancy = withStalls(streamingGroup(128), 24, 48);
  NoOccupancy.OccupancyPct.reset();
  for (const LaunchGroup &G : {NoTotal, NoBarrier, NoOccupancy}) {
    HopperPrediction P = predictHopper({&G, 1}, latencyRates(), 0.02);
    EXPECT_FALSE(P.Evidence.applied(RefinementId::BarrierWaits));
    if (G.OccupancyPct)
      EXPECT_DOUBLE_EQ(P.predictedMs(), Free);
  }
}

} // namespace
