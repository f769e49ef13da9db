//===- Fp32MathTest.cpp - Single-precision math instead of double ---------===//

#include "model/whatifs/Fp32Math.h"

#include "../HopperTestSupport.h"

#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::test;

namespace {

/// A float kernel whose math is in double: half its instructions on the
/// FP64 pipe, 60% of them arithmetic and the rest conversions, and 1e5
/// more conversions on the XU pipe; loads of \p LoadBytes per thread.
LaunchGroup promoted(double LoadBytes) {
  return countersGroup({{Counter::Inst, 1e6},
                        {Counter::Fp64PipeInst, 5e5},
                        {Counter::FmaPipeInst, 1e5},
                        {Counter::XuPipeInst, 1e5},
                        {Counter::Fp64, 9.6e6},
                        {Counter::Fp32, 1e6},
                        {Counter::ThreadsPerInst, 32},
                        {Counter::GlobalLoadInst, 1e4},
                        {Counter::L1GlobalLoadSectors, LoadBytes * 1e4}});
}

TEST(Fp32Math, TheFp64PipesWorkMovesToTheFmaPipe) {
  LaunchGroup G = promoted(4);
  UnitRates R = roundRates();
  HopperPrediction Base = predictHopper({&G, 1}, R, std::nullopt);
  std::optional<WhatIfChange> C = Fp32Math().apply({&G, 1}, Base, R);
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Measure, WhatIfMeasure::Fp64IssueShare);
  EXPECT_DOUBLE_EQ(C->Before, 0.5);
  EXPECT_DOUBLE_EQ(C->After, 0);
  const LaunchGroup &T = C->Groups.front();
  EXPECT_DOUBLE_EQ(*T.Work.amount(Unit::Fp64Pipe), 0);
  // The arithmetic moves, the conversions go.
  EXPECT_DOUBLE_EQ(*T.Work.amount(Unit::FmaPipe), 4e5);
  EXPECT_DOUBLE_EQ(*T.Work.amount(Unit::XuPipe), 0);
  EXPECT_DOUBLE_EQ(*T.Work.amount(Unit::Issue), 7e5);
  EXPECT_DOUBLE_EQ(*T.total(Counter::Fp32), 1.06e7);
  EXPECT_DOUBLE_EQ(*T.total(Counter::Fp64), 0);
  EXPECT_LT(predictHopper(C->Groups, R, std::nullopt).predictedMs(),
            Base.predictedMs());
}

TEST(Fp32Math, ScatteredLoadsAreTakenAsFloats) {
  // A sector per thread: one float field of an array of structs.
  LaunchGroup G = promoted(32);
  EXPECT_TRUE(Fp32Math().apply({&G, 1}, HopperPrediction(), roundRates()));
}

TEST(Fp32Math, NotForDoubleDataOrLittleFp64) {
  HopperPrediction Base;
  // 8-byte loads: the data is double.
  LaunchGroup Doubles = promoted(8);
  EXPECT_FALSE(Fp32Math().apply({&Doubles, 1}, Base, roundRates()));
  LaunchGroup Little = promoted(4);
  Little.Work.Amount[static_cast<std::size_t>(Unit::Fp64Pipe)] = 5e4;
  EXPECT_FALSE(Fp32Math().apply({&Little, 1}, Base, roundRates()));
}

} // namespace
