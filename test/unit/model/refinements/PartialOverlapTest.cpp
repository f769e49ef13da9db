//===- PartialOverlapTest.cpp - Stages of a kernel, partly overlapped -----===//

#include "model/refinements/PartialOverlap.h"
#include "model/HopperModel.h"
#include "model/UnitRates.h"

#include "../HopperTestSupport.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace headroom;
using namespace headroom::test;

namespace {

std::array<double, NumUnits>
floors(std::initializer_list<std::pair<Unit, double>> Of) {
  std::array<double, NumUnits> F{};
  for (auto [U, Ms] : Of)
    F[static_cast<std::size_t>(U)] = Ms;
  return F;
}

TEST(PartialOverlap, EveryUnitHasItsStage) {
  EXPECT_EQ(stageOf(Unit::Issue), Stage::Compute);
  EXPECT_EQ(stageOf(Unit::TensorPipe), Stage::Compute);
  EXPECT_EQ(stageOf(Unit::ConstantCache), Stage::Compute);
  EXPECT_EQ(stageOf(Unit::L1Wavefronts), Stage::L1);
  EXPECT_EQ(stageOf(Unit::L1Bytes), Stage::L1);
  EXPECT_EQ(stageOf(Unit::L2Atomics), Stage::L2);
  EXPECT_EQ(stageOf(Unit::L2Requests), Stage::L2);
  EXPECT_EQ(stageOf(Unit::Dram), Stage::Dram);
  for (const UnitInfo &U : unitInfos())
    EXPECT_NE(stageOf(U.Id), Stage::None) << U.Key;
  EXPECT_STREQ(stageKey(Stage::Dram), "dram");
}

TEST(PartialOverlap, OneStageAloneAddsNothing) {
  // Issue and the FMA pipe are one stage, as are L1's two units.
  EXPECT_EQ(
      partlyOverlappedStages(floors({{Unit::Issue, 2}, {Unit::FmaPipe, 3}})),
      3);
  EXPECT_EQ(partlyOverlappedStages(
                floors({{Unit::L1Wavefronts, 2}, {Unit::L1Bytes, 1}})),
            2);
  EXPECT_EQ(partlyOverlappedStages(floors({})), 0);
}

TEST(PartialOverlap, StagesAddInTheNorm) {
  // Two equal stages: 2^(1/4) times one.
  EXPECT_NEAR(
      partlyOverlappedStages(floors({{Unit::Issue, 1}, {Unit::Dram, 1}})),
      std::pow(2, 1 / StageOverlapNorm), 1e-12);
  // The slowest unit of each stage counts, once.
  std::array<double, NumUnits> F = floors({{Unit::Issue, 1},
                                           {Unit::AluPipe, 2},
                                           {Unit::L2Bytes, 1},
                                           {Unit::L2Requests, 0.5},
                                           {Unit::Dram, 4}});
  EXPECT_NEAR(partlyOverlappedStages(F),
              std::pow(std::pow(2, 4) + 1 + std::pow(4, 4), 0.25), 1e-12);
  std::array<double, NumStages> S = slowestPerStage(F);
  EXPECT_EQ(S[static_cast<std::size_t>(Stage::Compute)], 2);
  EXPECT_EQ(S[static_cast<std::size_t>(Stage::L1)], 0);
  EXPECT_EQ(S[static_cast<std::size_t>(Stage::L2)], 1);
  EXPECT_EQ(S[static_cast<std::size_t>(Stage::Dram)], 4);
  // A stage twice as slow as the other is within 2% of its own floor.
  EXPECT_LT(partlyOverlappedStages(floors({{Unit::Issue, 1}, {Unit::Dram, 2}})),
            1.02 * 2);
}

TEST(PartialOverlap, ItSetsThePredictedTimeNeverTheFloor) {
  Expected<UnitRates> R = unitRates(roundDevice());
  ASSERT_TRUE(R) << R.error().message();
  // 1024 blocks of 256 threads on the round device's 2 SMs: issue and the
  // L1 data path take the same time, 1 ms each.
  LaunchGroup G;
  G.Shape = {1024, 256};
  double IssueRate = *R->rate(Unit::Issue),
         L1Rate = *R->rate(Unit::L1Wavefronts);
  G.Work.Amount[static_cast<std::size_t>(Unit::Issue)] = IssueRate * 1e-3;
  G.Work.Amount[static_cast<std::size_t>(Unit::L1Wavefronts)] = L1Rate * 1e-3;
  HopperPrediction P = predictHopper({&G, 1}, *R, 1.5);
  ASSERT_TRUE(P.limiter());
  EXPECT_EQ(*P.limiter(), Limiter(Estimate::PartialOverlap));
  EXPECT_TRUE(P.estimatePredicted());
  EXPECT_NEAR(P.predictedMs(), std::pow(2, 0.25), 1e-9);
  EXPECT_NEAR(P.floorMs(), 1, 1e-9);
  // The evidence keeps each stage's time.
  EXPECT_TRUE(P.Evidence.applied(RefinementId::PartialOverlap));
  EXPECT_NEAR(P.Evidence.StageMs[static_cast<std::size_t>(Stage::Compute)], 1,
              1e-9);
  EXPECT_NEAR(P.Evidence.StageMs[static_cast<std::size_t>(Stage::L1)], 1, 1e-9);
  // One stage alone: no estimate, the floor is the prediction.
  G.Work.Amount[static_cast<std::size_t>(Unit::L1Wavefronts)] = 0;
  HopperPrediction Alone = predictHopper({&G, 1}, *R, 1.5);
  EXPECT_EQ(Alone.estimate(Estimate::PartialOverlap), nullptr);
  EXPECT_FALSE(Alone.estimatePredicted());
  // L1 a third of issue: the norm adds 0.3%, under MinOverlapGain, and the
  // issue floor names the time.
  G.Work.Amount[static_cast<std::size_t>(Unit::L1Wavefronts)] =
      L1Rate * 1e-3 / 3;
  HopperPrediction Third = predictHopper({&G, 1}, *R, 1.5);
  EXPECT_EQ(Third.estimate(Estimate::PartialOverlap), nullptr);
  EXPECT_EQ(*Third.limiter(), Limiter(Unit::Issue));
}

TEST(PartialOverlap, ConfigurationsAddTheirEstimates) {
  Expected<UnitRates> R = unitRates(roundDevice());
  ASSERT_TRUE(R) << R.error().message();
  auto Set = [](LaunchGroup &G, Unit U, double Ms, double Rate) {
    G.Work.Amount[static_cast<std::size_t>(U)] = Rate * Ms * 1e-3;
  };
  // One configuration with issue and L1 at 1 ms each (2^(1/4) ms together),
  // one with DRAM alone at 10 ms: the kernel takes both, 11.19 ms, though
  // the second configuration alone adds nothing to its floor.
  std::array<LaunchGroup, 2> G;
  G[0].Shape = G[1].Shape = {1024, 256};
  Set(G[0], Unit::Issue, 1, *R->rate(Unit::Issue));
  Set(G[0], Unit::L1Wavefronts, 1, *R->rate(Unit::L1Wavefronts));
  G[1].Work.DramReadBytes = R->DramRead * 10e-3;
  Set(G[1], Unit::Dram, 10, R->DramRead);
  HopperPrediction P = predictHopper(G, *R, 12);
  ASSERT_NE(P.estimate(Estimate::PartialOverlap), nullptr);
  EXPECT_NEAR(P.estimate(Estimate::PartialOverlap)->Ms, 10 + std::pow(2, 0.25),
              1e-6);
  EXPECT_NEAR(P.floorMs(), 10, 1e-6);
}

} // namespace
