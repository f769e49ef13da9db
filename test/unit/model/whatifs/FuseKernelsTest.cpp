//===- FuseKernelsTest.cpp - One kernel where two re-read the same data ---===//

#include "model/whatifs/FuseKernels.h"

#include "../HopperTestSupport.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

using namespace headroom;
using namespace headroom::test;

namespace {

constexpr double MB = 1 << 20;

/// Two launches of a kernel that loads 512 MB per launch (in coalesced warp
/// loads of 4 sectors) and stores 256 MB, after \p Before.
LaunchGroup secondKernel(std::optional<PrecedingLaunch> Before) {
  double Sectors = 2 * 512 * MB / 32, Loads = Sectors / 4;
  LaunchGroup G = countersGroup({{Counter::Inst, 4 * Loads},
                                 {Counter::LsuPipeInst, 1.5 * Loads},
                                 {Counter::GlobalLoadInst, Loads},
                                 {Counter::L1GlobalLoadSectors, Sectors},
                                 {Counter::L1GlobalStoreSectors, Sectors / 2},
                                 {Counter::L2SectorsRead, Sectors},
                                 {Counter::L2SectorsWrite, Sectors / 2},
                                 {Counter::TranRead, Sectors},
                                 {Counter::TranWrite, Sectors / 2}});
  G.Launches = 2;
  G.Preceding = std::move(Before);
  return G;
}

/// A kernel that loaded and stored \p MovedMB per launch (of which
/// \p SharedMB are allocations both point into).
PrecedingLaunch scale(double Share, double SharedMB,
                      std::optional<double> MovedMB = 1024) {
  PrecedingLaunch P;
  P.Kernel = "scale(float const*, float*, unsigned long)";
  P.Share = Share;
  P.SharedBytes = SharedMB * MB;
  if (MovedMB)
    P.MovedBytes = *MovedMB * MB;
  return P;
}

TEST(FuseKernels, TheLoadsOfSharedDataGo) {
  UnitRates R = roundRates();
  LaunchGroup G = secondKernel(scale(1, 512));
  HopperPrediction Base = predictHopper({&G, 1}, R, std::nullopt);
  std::optional<WhatIfChange> C = FuseKernels().apply({&G, 1}, Base, R);
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Measure, WhatIfMeasure::LoadBytesPerLaunch);
  EXPECT_EQ(C->OtherKernel, "scale(float const*, float*, unsigned long)");
  EXPECT_DOUBLE_EQ(C->Before, 512 * MB);
  EXPECT_DOUBLE_EQ(C->After, 0);
  const LaunchGroup &T = C->Groups.front();
  EXPECT_DOUBLE_EQ(T.Work.DramReadBytes, 0);
  EXPECT_DOUBLE_EQ(*T.Work.amount(Unit::Dram), 2 * 256 * MB);
  EXPECT_DOUBLE_EQ(*T.total(Counter::GlobalLoadInst), 0);
  EXPECT_DOUBLE_EQ(*T.total(Counter::L2SectorsRead), 0);
  // The stores stay: their instructions, sectors and L2 traffic.
  EXPECT_DOUBLE_EQ(*T.Work.amount(Unit::LsuPipe),
                   *G.Work.amount(Unit::LsuPipe) -
                       *G.total(Counter::GlobalLoadInst));
  EXPECT_DOUBLE_EQ(*T.Work.amount(Unit::L2Bytes),
                   *G.Work.amount(Unit::L2Bytes) / 3);
  EXPECT_LT(predictHopper(C->Groups, R, std::nullopt).predictedMs(),
            Base.predictedMs());
}

TEST(FuseKernels, OnlyWhatBothShareAndOnlyTheLaunchesThatFollow) {
  UnitRates R = roundRates();
  // 128 MB shared, in three of four launches: 96 MB fewer per launch.
  LaunchGroup G = secondKernel(scale(0.75, 128));
  std::optional<WhatIfChange> C =
      FuseKernels().apply({&G, 1}, HopperPrediction(), R);
  ASSERT_TRUE(C);
  EXPECT_DOUBLE_EQ(C->After, (512 - 96) * MB);
  EXPECT_DOUBLE_EQ(C->Groups.front().Work.DramReadBytes, 2 * (512 - 96) * MB);
  // The other kernel touched 64 MB of a 512 MB allocation (a scan's block
  // sums next to its data): only those were on chip.
  LaunchGroup Sliver = secondKernel(scale(1, 512, 64));
  C = FuseKernels().apply({&Sliver, 1}, HopperPrediction(), R);
  ASSERT_TRUE(C);
  EXPECT_DOUBLE_EQ(C->After, (512 - 64) * MB);
}

TEST(FuseKernels, NotWithoutAPairTheProgramRepeats) {
  UnitRates R = roundRates();
  // One launch in four: no pair the program repeats.
  LaunchGroup Rare = secondKernel(scale(0.25, 512));
  EXPECT_FALSE(FuseKernels().apply({&Rare, 1}, HopperPrediction(), R));
  LaunchGroup Alone = secondKernel(std::nullopt);
  EXPECT_FALSE(FuseKernels().apply({&Alone, 1}, HopperPrediction(), R));
  // Without the other kernel's counters, nothing says what it had on chip.
  LaunchGroup Unknown = secondKernel(scale(1, 512, std::nullopt));
  EXPECT_FALSE(FuseKernels().apply({&Unknown, 1}, HopperPrediction(), R));
  // A kernel that loads nothing has nothing to keep on chip.
  LaunchGroup Writer = countersGroup({{Counter::Inst, 1e6}});
  Writer.Preceding = scale(1, 512);
  EXPECT_FALSE(FuseKernels().apply({&Writer, 1}, HopperPrediction(), R));
}

TEST(FuseKernels, TheFusedKernelDoesTheOthersWorkToo) {
  UnitRates R = roundRates();
  // The other kernel: one launch loads 512 MB and stores 512 MB.
  double Sectors = 512 * MB / 32;
  LaunchGroup One = countersGroup({{Counter::Inst, Sectors},
                                   {Counter::GlobalLoadInst, Sectors / 4},
                                   {Counter::L1GlobalLoadSectors, Sectors},
                                   {Counter::L1GlobalStoreSectors, Sectors},
                                   {Counter::L2SectorsRead, Sectors},
                                   {Counter::L2SectorsWrite, Sectors},
                                   {Counter::TranRead, Sectors},
                                   {Counter::TranWrite, Sectors}});
  PrecedingLaunch P = scale(0.5, 512);
  P.OneLaunch = std::make_shared<const LaunchGroup>(One);
  LaunchGroup G = secondKernel(P);
  HopperPrediction Base = predictHopper({&G, 1}, R, std::nullopt);
  std::optional<WhatIfChange> C = FuseKernels().apply({&G, 1}, Base, R);
  ASSERT_TRUE(C);
  // Its launches that come before this kernel's are absorbed: one of two.
  ASSERT_EQ(C->Absorbed.size(), 1u);
  const LaunchGroup &Other = C->Absorbed.front();
  EXPECT_DOUBLE_EQ(Other.Launches, 1);
  EXPECT_DOUBLE_EQ(*Other.total(Counter::L1GlobalLoadSectors), Sectors);
  EXPECT_DOUBLE_EQ(*Other.Work.amount(Unit::Dram), 1024 * MB);
  // The fused launches move this kernel's remaining bytes and the other's:
  // half the 1024 MB of loads stay, the 512 MB of stores, and the other's
  // 1024 MB.
  const LaunchGroup &Fused = C->Groups.front();
  EXPECT_DOUBLE_EQ(Fused.Launches, 2);
  EXPECT_DOUBLE_EQ(*Fused.Work.amount(Unit::Dram), (512 + 512 + 1024) * MB);
  EXPECT_DOUBLE_EQ(*Fused.total(Counter::L1GlobalStoreSectors),
                   2 * 512 * MB / 32 / 2 + Sectors);
  // What the estimate counts as this kernel's: the fused time less the
  // other's own, below what it takes now.
  double Own = predictHopper(C->Groups, R, std::nullopt).predictedMs() -
               predictHopper(C->Absorbed, R, std::nullopt).predictedMs();
  EXPECT_GT(Own, 0);
  EXPECT_LT(Own, Base.predictedMs());
  std::vector<WhatIfEstimate> E = estimateWhatIfs({&G, 1}, R);
  auto Fuse = std::find_if(E.begin(), E.end(), [](const WhatIfEstimate &X) {
    return X.Id == WhatIfId::FuseKernels;
  });
  ASSERT_NE(Fuse, E.end());
  EXPECT_NEAR(Fuse->ChangedMs, Own, 1e-12);
}

} // namespace
