//===- FuseKernelsTest.cpp - One kernel where two re-read the same data ---===//

#include "model/whatifs/FuseKernels.h"

#include "../HopperTestSupport.h"

#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::test;

namespace {

constexpr double MB = 1 << 20;

/// The round device with an L2 of 50 MB.
UnitRates ratesWithL2() {
  DeviceParameters D = roundDevice();
  D.Identity.L2Bytes = std::int64_t(50 * MB);
  return ratesOf(D);
}

/// Two launches of a kernel that reads 512 MB and writes 256 MB from DRAM
/// each, after \p Before.
LaunchGroup secondKernel(std::optional<PrecedingLaunch> Before) {
  LaunchGroup G = countersGroup({{Counter::Inst, 1e6},
                                 {Counter::TranRead, 2 * 512 * MB / 32},
                                 {Counter::TranWrite, 2 * 256 * MB / 32}});
  G.Launches = 2;
  G.Preceding = std::move(Before);
  return G;
}

PrecedingLaunch scale(double Share, double SharedMB,
                      std::optional<double> DramMB) {
  PrecedingLaunch P;
  P.Kernel = "scale(float const*, float*, unsigned long)";
  P.Share = Share;
  P.SharedBytes = SharedMB * MB;
  if (DramMB)
    P.DramBytes = *DramMB * MB;
  return P;
}

TEST(FuseKernels, SharedDataComesFromTheL2) {
  UnitRates R = ratesWithL2();
  LaunchGroup G = secondKernel(scale(1, 512, 512));
  HopperPrediction Base = predictHopper({&G, 1}, R, std::nullopt);
  std::optional<WhatIfChange> C = FuseKernels().apply({&G, 1}, Base, R);
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Measure, WhatIfMeasure::DramReadBytesPerLaunch);
  EXPECT_EQ(C->OtherKernel, "scale(float const*, float*, unsigned long)");
  EXPECT_DOUBLE_EQ(C->Before, 512 * MB);
  EXPECT_DOUBLE_EQ(C->After, 0);
  const LaunchGroup &T = C->Groups.front();
  EXPECT_DOUBLE_EQ(T.Work.DramReadBytes, 0);
  EXPECT_DOUBLE_EQ(*T.Work.amount(Unit::Dram), 2 * 256 * MB);
  EXPECT_DOUBLE_EQ(*T.total(Counter::TranRead), 0);
  EXPECT_LT(predictHopper(C->Groups, R, std::nullopt).predictedMs(),
            Base.predictedMs());
}

TEST(FuseKernels, OnlyWhatBothShareAndOnlyTheLaunchesThatFollow) {
  UnitRates R = ratesWithL2();
  // 128 MB shared, in three of four launches: 96 MB fewer per launch.
  LaunchGroup G = secondKernel(scale(0.75, 128, 512));
  std::optional<WhatIfChange> C =
      FuseKernels().apply({&G, 1}, HopperPrediction(), R);
  ASSERT_TRUE(C);
  EXPECT_DOUBLE_EQ(C->After, (512 - 96) * MB);
  // Without its counters, the previous launch's footprint is the shared
  // allocations'.
  LaunchGroup Unknown = secondKernel(scale(1, 256, std::nullopt));
  ASSERT_TRUE(FuseKernels().apply({&Unknown, 1}, HopperPrediction(), R));
}

TEST(FuseKernels, NotWhereTheL2StillHoldsTheData) {
  UnitRates R = ratesWithL2();
  // The previous launch moved 40 MB: what this one reads again is in the L2.
  LaunchGroup Small = secondKernel(scale(1, 32, 40));
  EXPECT_FALSE(FuseKernels().apply({&Small, 1}, HopperPrediction(), R));
  // One launch in four: no pair the program repeats.
  LaunchGroup Rare = secondKernel(scale(0.25, 512, 512));
  EXPECT_FALSE(FuseKernels().apply({&Rare, 1}, HopperPrediction(), R));
  LaunchGroup Alone = secondKernel(std::nullopt);
  EXPECT_FALSE(FuseKernels().apply({&Alone, 1}, HopperPrediction(), R));
  // Without the L2's capacity nothing says whether the data is still there.
  LaunchGroup G = secondKernel(scale(1, 512, 512));
  EXPECT_FALSE(FuseKernels().apply({&G, 1}, HopperPrediction(), roundRates()));
}

} // namespace
