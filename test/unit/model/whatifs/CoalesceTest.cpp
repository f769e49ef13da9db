//===- CoalesceTest.cpp - Global accesses a warp coalesces ----------------===//

#include "model/whatifs/Coalesce.h"

#include "../HopperTestSupport.h"

#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::test;

namespace {

constexpr double Warps = 8192;

/// A transpose's warps: each reads one float per thread and writes one;
/// \p LoadSectors and \p StoreSectors per warp instruction.
LaunchGroup transpose(double LoadSectors, double StoreSectors) {
  double Sectors = (LoadSectors + StoreSectors) * Warps;
  return countersGroup({{Counter::Inst, 10 * Warps},
                        {Counter::ThreadsPerInst, 32},
                        {Counter::GlobalLoadInst, Warps},
                        {Counter::L1GlobalLoadSectors, LoadSectors * Warps},
                        {Counter::GlobalStoreInst, Warps},
                        {Counter::L1GlobalStoreSectors, StoreSectors * Warps},
                        {Counter::L1Wavefronts, Sectors},
                        {Counter::L2SectorsRead, LoadSectors * Warps},
                        {Counter::L2SectorsWrite, StoreSectors * Warps},
                        {Counter::L2Requests, Sectors},
                        {Counter::L2Bytes, Sectors * 32},
                        {Counter::TranRead, LoadSectors * Warps},
                        {Counter::TranWrite, StoreSectors * Warps}});
}

TEST(Coalesce, ScatteredLoadsTakeTheSectorsTheirWordsNeed) {
  LaunchGroup G = transpose(32, 4);
  HopperPrediction Base = predictHopper({&G, 1}, roundRates(), std::nullopt);
  std::optional<WhatIfChange> C = Coalesce().apply({&G, 1}, Base, roundRates());
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Measure, WhatIfMeasure::SectorsPerGlobalAccess);
  EXPECT_DOUBLE_EQ(C->Before, 18);
  EXPECT_DOUBLE_EQ(C->After, 4);
  const LaunchGroup &T = C->Groups.front();
  EXPECT_DOUBLE_EQ(*T.total(Counter::L1GlobalLoadSectors), 4 * Warps);
  EXPECT_DOUBLE_EQ(*T.total(Counter::L1GlobalStoreSectors), 4 * Warps);
  // 28 sectors fewer per warp on the data path, in L2 and from DRAM.
  EXPECT_DOUBLE_EQ(*T.Work.amount(Unit::L1Wavefronts), 8 * Warps);
  EXPECT_DOUBLE_EQ(*T.total(Counter::L2SectorsRead), 4 * Warps);
  EXPECT_DOUBLE_EQ(*T.Work.amount(Unit::L2Bytes), 8 * Warps * 32);
  EXPECT_DOUBLE_EQ(*T.Work.amount(Unit::L2Requests), 8 * Warps);
  EXPECT_DOUBLE_EQ(T.Work.DramReadBytes, 4 * Warps * 32);
  EXPECT_DOUBLE_EQ(*T.Work.amount(Unit::Dram), 8 * Warps * 32);
  // The model finds it faster.
  EXPECT_LT(predictHopper(C->Groups, roundRates(), std::nullopt).predictedMs(),
            Base.predictedMs());
}

TEST(Coalesce, ScatteredStoresToo) {
  LaunchGroup G = transpose(4, 32);
  std::optional<WhatIfChange> C =
      Coalesce().apply({&G, 1}, HopperPrediction(), roundRates());
  ASSERT_TRUE(C);
  const LaunchGroup &T = C->Groups.front();
  EXPECT_DOUBLE_EQ(*T.total(Counter::L1GlobalStoreSectors), 4 * Warps);
  EXPECT_DOUBLE_EQ(*T.total(Counter::L2SectorsWrite), 4 * Warps);
  EXPECT_DOUBLE_EQ(T.Work.DramWriteBytes, 4 * Warps * 32);
  // The loads were coalesced already.
  EXPECT_DOUBLE_EQ(*T.total(Counter::L1GlobalLoadSectors), 4 * Warps);
}

TEST(Coalesce, NotForCoalescedOrWideAccesses) {
  HopperPrediction Base;
  LaunchGroup Floats = transpose(4, 4);
  EXPECT_FALSE(Coalesce().apply({&Floats, 1}, Base, roundRates()));
  // 16 bytes per thread, coalesced: 16 sectors per warp access.
  LaunchGroup Wide = transpose(16, 16);
  EXPECT_FALSE(Coalesce().apply({&Wide, 1}, Base, roundRates()));
  LaunchGroup Bare = countedGroup(Counter::LsuPipeInst, 1e6);
  EXPECT_FALSE(Coalesce().apply({&Bare, 1}, Base, roundRates()));
}

TEST(Coalesce, NotTheLoadsOfAKernelThatLoadsThroughALoadedAddress) {
  // A gather's SASS: one load in two takes its address from the other.
  // Its scattered loads stay as they are; its stores are still judged.
  LaunchGroup Gather = transpose(32, 4);
  Gather.Facts.IndirectGlobalLoadShare = 0.5;
  EXPECT_FALSE(
      Coalesce().apply({&Gather, 1}, HopperPrediction(), roundRates()));
  LaunchGroup Scatter = transpose(32, 32);
  Scatter.Facts.IndirectGlobalLoadShare = 0.5;
  std::optional<WhatIfChange> C =
      Coalesce().apply({&Scatter, 1}, HopperPrediction(), roundRates());
  ASSERT_TRUE(C);
  const LaunchGroup &T = C->Groups.front();
  EXPECT_DOUBLE_EQ(*T.total(Counter::L1GlobalLoadSectors), 32 * Warps);
  EXPECT_DOUBLE_EQ(*T.total(Counter::L2SectorsRead), 32 * Warps);
  EXPECT_DOUBLE_EQ(*T.total(Counter::L1GlobalStoreSectors), 4 * Warps);
  EXPECT_DOUBLE_EQ(C->After, 18);
  // Without SASS (or without indirect loads) the loads count.
  LaunchGroup Unknown = transpose(32, 4);
  EXPECT_TRUE(
      Coalesce().apply({&Unknown, 1}, HopperPrediction(), roundRates()));
}

TEST(Coalesce, NotWhereTheLoadRoundsWaitMostOfTheTime) {
  // Scattered loads that a warp waits for one after another (a pointer
  // chase): the load rounds' wait is 0.9 of the predicted 1 ms.
  LaunchGroup G = transpose(32, 4);
  HopperPrediction Base;
  Base.Estimates = {{Estimate::IssueAndLoadLatency, 1.0}};
  Base.Evidence.Rounds = LoadRoundsEvidence{96, 1, 200e-9, 0.9};
  EXPECT_FALSE(Coalesce().apply({&G, 1}, Base, roundRates()));
  Base.Evidence.Rounds->WaitMs = 0.3;
  EXPECT_TRUE(Coalesce().apply({&G, 1}, Base, roundRates()));
}

} // namespace
