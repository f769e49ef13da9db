//===- RegisterTilingTest.cpp - Shared-memory loads reused from registers -===//

#include "model/whatifs/RegisterTiling.h"

#include "../HopperTestSupport.h"

#include <gtest/gtest.h>

#include <map>

using namespace headroom;
using namespace headroom::test;

namespace {

/// A tiled GEMM's counters on the round device (1024 blocks of 256
/// threads): 2 shared loads per FMA, 6e6 L1 wavefronts at 2 G/s (3 ms)
/// against 4e6 issued at 8 G/s; 2e5 global loads and shared stores stage
/// the tiles. \p Extra adds counters.
LaunchGroup sharedFedFmas(std::map<Counter, double> Extra = {}) {
  Extra.insert({{Counter::Inst, 4.4e6},
                {Counter::FmaPipeInst, 2e6},
                {Counter::LsuPipeInst, 4.4e6},
                {Counter::L1Wavefronts, 6e6},
                {Counter::SharedLoadInst, 4e6},
                {Counter::SharedLoadWavefronts, 5e6},
                {Counter::SharedStoreInst, 2e5},
                {Counter::GlobalLoadInst, 2e5},
                {Counter::L2SectorsRead, 8e5}});
  return countersGroup(Extra);
}

TEST(RegisterTiling, CutsWhatTheTilesStageByTheTileSide) {
  LaunchGroup G = sharedFedFmas();
  HopperPrediction Base = predictHopper({&G, 1}, roundRates(), std::nullopt);
  ASSERT_EQ(Base.Times.front().Id, Unit::L1Wavefronts);
  std::optional<WhatIfChange> C =
      RegisterTiling().apply({&G, 1}, Base, roundRates());
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Measure, WhatIfMeasure::WavefrontsPerFma);
  EXPECT_DOUBLE_EQ(C->Before, 3);
  // Every wavefront of the data path is staged by the tile: an eighth left.
  EXPECT_DOUBLE_EQ(C->After, 3 / TileSide);
  const LaunchGroup &T = C->Groups.front();
  EXPECT_DOUBLE_EQ(*T.Work.amount(Unit::L1Wavefronts), 6e6 / TileSide);
  EXPECT_DOUBLE_EQ(*T.total(Counter::SharedLoadInst), 4e6 / TileSide);
  EXPECT_DOUBLE_EQ(*T.total(Counter::SharedStoreInst), 2e5 / TileSide);
  EXPECT_DOUBLE_EQ(*T.total(Counter::GlobalLoadInst), 2e5 / TileSide);
  EXPECT_DOUBLE_EQ(*T.total(Counter::L2SectorsRead), 8e5 / TileSide);
  // The 3.85e6 loads and stores left out are load/store-pipe instructions
  // issued; the FMAs stay.
  double Fewer = 4.4e6 * (1 - 1 / TileSide);
  EXPECT_DOUBLE_EQ(*T.Work.amount(Unit::LsuPipe), 4.4e6 - Fewer);
  EXPECT_DOUBLE_EQ(*T.Work.amount(Unit::Issue), 4.4e6 - Fewer);
  EXPECT_DOUBLE_EQ(*T.Work.amount(Unit::FmaPipe), 2e6);
  // 64 results per thread: 1024 blocks of 256 threads become 16.
  EXPECT_EQ(T.Shape.ThreadsPerBlock, 256u);
  EXPECT_EQ(T.Shape.Blocks, 16u);
}

TEST(RegisterTiling, OnlyWhereSharedLoadsFeedTheBusyDataPath) {
  // The issue, not the data path, bounds this one.
  LaunchGroup G = sharedFedFmas();
  G.Work.Amount[static_cast<std::size_t>(Unit::Issue)] = 1e8;
  HopperPrediction Base = predictHopper({&G, 1}, roundRates(), std::nullopt);
  EXPECT_FALSE(RegisterTiling().apply({&G, 1}, Base, roundRates()));
  // Global, not shared, wavefronts fill this data path.
  LaunchGroup Global = sharedFedFmas();
  Global.Counters[static_cast<std::size_t>(Counter::SharedLoadWavefronts)] =
      1e6;
  Base = predictHopper({&Global, 1}, roundRates(), std::nullopt);
  EXPECT_FALSE(RegisterTiling().apply({&Global, 1}, Base, roundRates()));
  // 32-way conflicting loads (test/gpu/stalls/sampled.cu's bankConflict):
  // their replays fill the data path, not their number.
  LaunchGroup Conflicted = sharedFedFmas();
  Conflicted.Counters[static_cast<std::size_t>(Counter::SharedLoadInst)] = 1e5;
  Base = predictHopper({&Conflicted, 1}, roundRates(), std::nullopt);
  EXPECT_FALSE(RegisterTiling().apply({&Conflicted, 1}, Base, roundRates()));
}

/// A GEMM without a shared tile: each FMA's two global loads hit L1 (16e6
/// sectors asked of L1, 1e6 of the L2: each served 16 times), their
/// address arithmetic on the ALU and in the issue slots.
LaunchGroup l1FedFmas(double L2Sectors) {
  return countersGroup({{Counter::Inst, 8e6},
                        {Counter::FmaPipeInst, 2e6},
                        {Counter::AluPipeInst, 2e6},
                        {Counter::LsuPipeInst, 4e6},
                        {Counter::L1Wavefronts, 6e6},
                        {Counter::GlobalLoadInst, 4e6},
                        {Counter::L1GlobalLoadSectors, 16e6},
                        {Counter::L2SectorsRead, L2Sectors}});
}

TEST(RegisterTiling, GlobalLoadsThatL1ServesAgainAndAgain) {
  LaunchGroup G = l1FedFmas(1e6);
  HopperPrediction Base = predictHopper({&G, 1}, roundRates(), std::nullopt);
  ASSERT_EQ(Base.Times.front().Id, Unit::L1Wavefronts);
  std::optional<WhatIfChange> C =
      RegisterTiling().apply({&G, 1}, Base, roundRates());
  ASSERT_TRUE(C);
  const LaunchGroup &T = C->Groups.front();
  EXPECT_DOUBLE_EQ(*T.Work.amount(Unit::L1Wavefronts), 6e6 / TileSide);
  EXPECT_DOUBLE_EQ(*T.total(Counter::GlobalLoadInst), 4e6 / TileSide);
  // Each load's address arithmetic goes with it; the FMAs stay.
  EXPECT_DOUBLE_EQ(*T.Work.amount(Unit::AluPipe), 2e6 / TileSide);
  double Issued = 8e6 - 4e6 * (1 - 1 / TileSide);
  EXPECT_DOUBLE_EQ(*T.Work.amount(Unit::Issue),
                   2e6 + (Issued - 2e6) / TileSide);
  EXPECT_LT(predictHopper(C->Groups, roundRates(), std::nullopt).predictedMs(),
            Base.predictedMs() / 4);
}

TEST(RegisterTiling, NotWhereL1ServesEachSectorAFewTimes) {
  // A stencil's neighbours: each sector served 4 times, not a tile's worth.
  LaunchGroup G = l1FedFmas(4e6);
  HopperPrediction Base = predictHopper({&G, 1}, roundRates(), std::nullopt);
  EXPECT_FALSE(RegisterTiling().apply({&G, 1}, Base, roundRates()));
}

TEST(RegisterTiling, TheL2CountsSectorsItForwardsTwice) {
  // 2.4e6 L2 read sectors are 1.6e6 sectors L1 missed on, each served 10
  // times: enough; 3.2e6 are 2.13e6 misses, served 7.5 times: not.
  LaunchGroup Enough = l1FedFmas(1.6e6 * L2ReadsCountedPerL1Miss);
  HopperPrediction Base =
      predictHopper({&Enough, 1}, roundRates(), std::nullopt);
  EXPECT_TRUE(RegisterTiling().apply({&Enough, 1}, Base, roundRates()));
  LaunchGroup Short = l1FedFmas(3.2e6);
  Base = predictHopper({&Short, 1}, roundRates(), std::nullopt);
  EXPECT_FALSE(RegisterTiling().apply({&Short, 1}, Base, roundRates()));
}

TEST(RegisterTiling, DramReadsFallWithTheL2s) {
  LaunchGroup G =
      sharedFedFmas({{Counter::TranRead, 4e5}, {Counter::TranWrite, 1e5}});
  HopperPrediction Base = predictHopper({&G, 1}, roundRates(), std::nullopt);
  std::optional<WhatIfChange> C =
      RegisterTiling().apply({&G, 1}, Base, roundRates());
  ASSERT_TRUE(C);
  const LaunchGroup &T = C->Groups.front();
  // The result is written once whatever the tile.
  EXPECT_DOUBLE_EQ(T.Work.DramReadBytes, 4e5 * SectorBytes / TileSide);
  EXPECT_DOUBLE_EQ(T.Work.DramWriteBytes, 1e5 * SectorBytes);
  EXPECT_DOUBLE_EQ(*T.total(Counter::TranRead), 4e5 / TileSide);
}

} // namespace
