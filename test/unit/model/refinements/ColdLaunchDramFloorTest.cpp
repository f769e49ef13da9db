//===- ColdLaunchDramFloorTest.cpp - DRAM floor of repeated launches ------===//

#include "model/refinements/ColdLaunchDramFloor.h"
#include "model/HopperModel.h"
#include "model/LatencyCauses.h"
#include "model/UnitRates.h"

#include "../HopperTestSupport.h"

#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::test;

namespace {

TEST(ColdLaunchDramFloor,
     RepeatedLaunchesBoundByTheColdOnesAndWhatTheL2CannotKeep) {
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
  // DRAM serves the whole GPU: its roof is the same least traffic, so that
  // no roof is above its floor.
  EXPECT_DOUBLE_EQ(Warm.timeOf(Unit::Dram)->RoofMs, 2.0);
  EXPECT_TRUE(Warm.Evidence.applied(RefinementId::ColdLaunchDramFloor));
  EXPECT_DOUBLE_EQ(Warm.Evidence.ColdLaunches.ColdLaunches, 1);
  EXPECT_DOUBLE_EQ(Warm.Evidence.ColdLaunches.RepeatedLaunches, 3);
  EXPECT_DOUBLE_EQ(Warm.Evidence.ColdLaunches.DiscountedMs, 6.0);
  // The estimates keep every launch at the sampled traffic: the stages'
  // DRAM time is the roof's 8 ms.
  EXPECT_DOUBLE_EQ(Warm.Evidence.StageMs[static_cast<std::size_t>(Stage::Dram)],
                   8.0);
  // Every launch cold: all of it bounds.
  G.ColdLaunches = 4;
  HopperPrediction Cold = predictHopper({&G, 1}, *R, 9.0);
  EXPECT_DOUBLE_EQ(Cold.timeOf(Unit::Dram)->FloorMs, 8.0);
  EXPECT_FALSE(Cold.Evidence.applied(RefinementId::ColdLaunchDramFloor));
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

TEST(ColdLaunchDramFloor, TheShareOfTheSampledTrafficThatBounds) {
  LaunchGroup G = group(1024, 256);
  G.Launches = 4;
  G.ColdLaunches = 1;
  G.Work.DramReadBytes = 4 * 20e6;
  G.Work.DramWriteBytes = 4 * 20e6;
  // Reads and writes of 20 MB each fit a 50 MB L2: one launch in four.
  EXPECT_DOUBLE_EQ(coldLaunchShare(G, 50e6), 0.25);
  // In a 10 MB L2 each later launch moves half its traffic.
  EXPECT_DOUBLE_EQ(coldLaunchShare(G, 10e6), (1 + 3 * 0.5) / 4);
  // Without the L2's capacity, repeated launches or traffic: all of it.
  EXPECT_DOUBLE_EQ(coldLaunchShare(G, 0), 1);
  G.ColdLaunches = 4;
  EXPECT_DOUBLE_EQ(coldLaunchShare(G, 50e6), 1);
  G.ColdLaunches = 1;
  G.Work.DramReadBytes = G.Work.DramWriteBytes = 0;
  EXPECT_DOUBLE_EQ(coldLaunchShare(G, 50e6), 1);
}

} // namespace
