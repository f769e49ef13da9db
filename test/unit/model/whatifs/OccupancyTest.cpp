//===- OccupancyTest.cpp - More warps per scheduler -----------------------===//

#include "model/whatifs/Occupancy.h"

#include "../HopperTestSupport.h"

#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::test;

namespace {

TEST(Occupancy, ABlockPerSmBecomesWhatTheBlockSizeAllows) {
  // Loads one after another at an eighth of the warps an SM holds.
  LaunchGroup G = rowLoopGroup(1);
  G.OccupancyPct = 12.5;
  UnitRates R = loadRoundsRates();
  HopperPrediction Base = predictHopper({&G, 1}, R, std::nullopt);
  ASSERT_TRUE(Base.estimatePredicted());
  std::optional<WhatIfChange> C = Occupancy().apply({&G, 1}, Base, R);
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Measure, WhatIfMeasure::WarpsPerScheduler);
  // 2 of 16 warps per scheduler; 32 blocks of 2 warps fill an SM.
  EXPECT_DOUBLE_EQ(C->Before, 2);
  EXPECT_DOUBLE_EQ(C->After, 16);
  EXPECT_DOUBLE_EQ(*C->Groups.front().OccupancyPct, 100);
  EXPECT_LT(predictHopper(C->Groups, R, std::nullopt).predictedMs(),
            Base.predictedMs());
}

TEST(Occupancy, NotWhereWarpsAreManyOrAUnitIsBusy) {
  UnitRates R = loadRoundsRates();
  LaunchGroup Many = rowLoopGroup(1);
  Many.OccupancyPct = 60;
  HopperPrediction Base = predictHopper({&Many, 1}, R, std::nullopt);
  EXPECT_FALSE(Occupancy().apply({&Many, 1}, Base, R));
  // A unit's floor sets the time: more warps hide no wait.
  LaunchGroup Busy = countedGroup(Counter::FmaPipeInst, 1e9);
  Busy.OccupancyPct = 12.5;
  HopperPrediction Floor = predictHopper({&Busy, 1}, R, std::nullopt);
  ASSERT_FALSE(Floor.estimatePredicted());
  EXPECT_FALSE(Occupancy().apply({&Busy, 1}, Floor, R));
}

} // namespace
