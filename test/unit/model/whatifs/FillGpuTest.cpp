//===- FillGpuTest.cpp - A grid with blocks for every SM ------------------===//

#include "model/whatifs/FillGpu.h"

#include "../HopperTestSupport.h"

#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::test;

namespace {

TEST(FillGpu, OneBlockBecomesAGridForEverySm) {
  // One warp doing a grid-stride loop on the round device's 2 SMs.
  LaunchGroup G = countedGroup(Counter::FmaPipeInst, 1e6);
  G.Shape = {1, 32};
  G.OccupancyPct = 1.5;
  UnitRates R = latencyRates();
  HopperPrediction Base = predictHopper({&G, 1}, R, std::nullopt);
  std::optional<WhatIfChange> C = FillGpu().apply({&G, 1}, Base, R);
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Measure, WhatIfMeasure::Blocks);
  EXPECT_DOUBLE_EQ(C->Before, 1);
  // 32 one-warp blocks per SM (the most an SM holds), at half occupancy.
  EXPECT_DOUBLE_EQ(C->After, 64);
  const LaunchGroup &T = C->Groups.front();
  EXPECT_EQ(T.Shape.Blocks, 64u);
  EXPECT_DOUBLE_EQ(*T.OccupancyPct, 50);
  // The same work.
  EXPECT_EQ(T.Work.amount(Unit::FmaPipe), G.Work.amount(Unit::FmaPipe));
  EXPECT_LT(predictHopper(C->Groups, R, std::nullopt).predictedMs(),
            Base.predictedMs());
}

TEST(FillGpu, NotWhereEverySmHasABlock) {
  LaunchGroup G = countedGroup(Counter::FmaPipeInst, 1e6);
  G.Shape = {2, 256};
  EXPECT_FALSE(FillGpu().apply({&G, 1}, HopperPrediction(), latencyRates()));
}

} // namespace
