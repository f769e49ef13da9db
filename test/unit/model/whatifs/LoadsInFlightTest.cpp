//===- LoadsInFlightTest.cpp - More independent loads per warp ------------===//

#include "model/whatifs/LoadsInFlight.h"

#include "../HopperTestSupport.h"

#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::test;

namespace {

TEST(LoadsInFlight, OneLoadPerRoundBecomesFour) {
  LaunchGroup G = rowLoopGroup(1);
  UnitRates R = loadRoundsRates();
  HopperPrediction Base = predictHopper({&G, 1}, R, std::nullopt);
  std::optional<WhatIfChange> C = LoadsInFlight().apply({&G, 1}, Base, R);
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Measure, WhatIfMeasure::LoadsInFlight);
  EXPECT_DOUBLE_EQ(C->Before, 1);
  EXPECT_DOUBLE_EQ(C->After, UnrollLoads);
  EXPECT_DOUBLE_EQ(C->Groups.front().Facts.GlobalLoadsPerRound, 4);
  // A quarter of the rounds to wait.
  HopperPrediction After = predictHopper(C->Groups, R, std::nullopt);
  ASSERT_TRUE(After.Evidence.Rounds);
  EXPECT_LT(After.Evidence.Rounds->WaitMs, Base.Evidence.Rounds->WaitMs / 3);
  EXPECT_LT(After.predictedMs(), Base.predictedMs());
}

TEST(LoadsInFlight, NotWhereLoadsOverlapOrTheSassIsUnknown) {
  UnitRates R = loadRoundsRates();
  for (double InFlight : {0.0, 4.0}) {
    LaunchGroup G = rowLoopGroup(InFlight);
    HopperPrediction Base = predictHopper({&G, 1}, R, std::nullopt);
    EXPECT_FALSE(LoadsInFlight().apply({&G, 1}, Base, R)) << InFlight;
  }
}

} // namespace
