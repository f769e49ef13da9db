//===- LoadRoundsTest.cpp - What dependent global loads wait --------------===//

#include "model/refinements/LoadRounds.h"
#include "model/HopperModel.h"
#include "model/LatencyCauses.h"
#include "model/UnitRates.h"
#include "model/refinements/IssueAndLoadLatency.h"

#include "../HopperTestSupport.h"

#include <gtest/gtest.h>

using namespace headroom;

namespace {

const LoadLatencies Latencies{20e-9, 150e-9, 400e-9, {}};

TEST(LoadRounds, ARoundWaitsForTheLevelsItsSectorsCameFrom) {
  GlobalLoadWork W;
  W.L1Sectors = 1000;
  W.L2ReadSectors = 600;   // 400 L1 hits
  W.DramReadSectors = 200; // 400 L2 hits, 200 DRAM reads
  EXPECT_NEAR(roundLatency(W, Latencies),
              0.4 * 20e-9 + 0.4 * 150e-9 + 0.2 * 400e-9, 1e-18);
  // Without the L1 counter every load is taken as an L1 miss.
  W.L1Sectors.reset();
  EXPECT_NEAR(roundLatency(W, Latencies), 2.0 / 3 * 150e-9 + 1.0 / 3 * 400e-9,
              1e-18);
  // Counters of different launches that disagree stay within the levels.
  W.L1Sectors = 100;
  EXPECT_NEAR(roundLatency(W, Latencies), 400e-9, 1e-18);
}

TEST(LoadRounds, ARoundOfMoreDramLoadsTakesLonger) {
  // Measured rounds of 1, 2 and 4 loads: 360, 400 and 440 ns.
  LoadLatencies L = Latencies;
  L.DramRounds = {{1, 360e-9}, {2, 400e-9}, {4, 440e-9}};
  EXPECT_DOUBLE_EQ(L.dramRound(1), 360e-9);
  EXPECT_DOUBLE_EQ(L.dramRound(3), 420e-9);
  // Below the first point, its latency; above the last, its slope on.
  EXPECT_DOUBLE_EQ(L.dramRound(0.5), 360e-9);
  EXPECT_NEAR(L.dramRound(8), 520e-9, 1e-18);
  // Without the measurement, the chase's one load.
  EXPECT_DOUBLE_EQ(Latencies.dramRound(4), 400e-9);
  GlobalLoadWork W;
  W.L1Sectors = W.L2ReadSectors = W.DramReadSectors = 1000;
  W.LoadsPerRound = 2;
  EXPECT_DOUBLE_EQ(roundLatency(W, L), 400e-9);
  W.LoadsPerRound = 4;
  EXPECT_DOUBLE_EQ(roundLatency(W, L), 440e-9);
  // L2 hits keep their latency.
  W.DramReadSectors = 0;
  EXPECT_DOUBLE_EQ(roundLatency(W, L), 150e-9);
}

TEST(LoadRounds, RoundsAreTheLoadsOverWhatAWarpKeepsInFlight) {
  GlobalLoadWork W;
  W.Instructions = 96 * 1000; // 96 loads per warp
  W.LoadsPerRound = 1;
  // 1000 warps, 100 resident: 10 turns of 96 rounds.
  EXPECT_DOUBLE_EQ(loadRoundTurns(W, 1000, 100), 960);
  W.LoadsPerRound = 4; // unrolled: a quarter of the rounds
  EXPECT_DOUBLE_EQ(loadRoundTurns(W, 1000, 100), 240);
  // A warp with fewer loads than a round holds still waits one round, and
  // warps without loads wait none.
  W.Instructions = 500;
  EXPECT_DOUBLE_EQ(loadRoundTurns(W, 1000, 100), 5);
  // Never less than one turn; nothing without resident warps.
  EXPECT_DOUBLE_EQ(loadRoundTurns(W, 1000, 1e6), 1);
  EXPECT_DOUBLE_EQ(loadRoundTurns(W, 1000, 0), 0);
}

TEST(LoadRounds, TheWaitIsTurnsTimesARoundsLatency) {
  GlobalLoadWork W;
  W.Instructions = 96 * 1000;
  W.LoadsPerRound = 1;
  W.L1Sectors = W.L2ReadSectors = W.DramReadSectors = 4 * 96 * 1000;
  EXPECT_NEAR(loadRoundSeconds(W, 1000, 100, Latencies), 960 * 400e-9, 1e-15);
  W.Instructions = 0;
  EXPECT_EQ(loadRoundSeconds(W, 1000, 100, Latencies), 0);
}

TEST(LoadRounds, OneLoadPerRoundSetsTheIssueAndLatencyEstimate) {
  UnitRates R = test::loadRoundsRates();
  ASSERT_TRUE(R.LoadToUse);
  LaunchGroup G = test::rowLoopGroup(1);
  HopperPrediction P = predictHopper({&G, 1}, R, 1.0);
  const UnitTime *Issue = P.timeOf(Unit::Issue);
  const EstimateTime *Both = P.estimate(Estimate::IssueAndLoadLatency);
  ASSERT_NE(Issue, nullptr);
  ASSERT_NE(Both, nullptr);
  // 1000 x 96 rounds over 64 resident warps, 200 ns each.
  double WaitMs = 1000.0 * 96 / 64 * 200e-6;
  EXPECT_NEAR(Both->Ms, partlyOverlapped(Issue->FloorMs, WaitMs), 1e-9);
  EXPECT_TRUE(P.Evidence.applied(RefinementId::LoadRounds));
  ASSERT_TRUE(P.Evidence.Rounds);
  EXPECT_DOUBLE_EQ(P.Evidence.Rounds->LoadsPerWarp, 96);
  EXPECT_DOUBLE_EQ(P.Evidence.Rounds->LoadsPerRound, 1);
  EXPECT_NEAR(P.Evidence.Rounds->LatencySeconds, 200e-9, 1e-18);
  EXPECT_NEAR(P.Evidence.Rounds->WaitMs, WaitMs, 1e-12);
  EXPECT_EQ(*P.limiter(), Limiter(Estimate::IssueAndLoadLatency));
}

TEST(LoadRounds, WithoutTheSassTheWaitIsOneRoundPerWarp) {
  UnitRates R = test::loadRoundsRates();
  LaunchGroup Known = test::rowLoopGroup(1);
  LaunchGroup Unknown = test::rowLoopGroup(0);
  LaunchGroup Unrolled =
      test::rowLoopGroup(96); // all of them in flight at once
  HopperPrediction WithRounds = predictHopper({&Known, 1}, R, 1.0);
  HopperPrediction Without = predictHopper({&Unknown, 1}, R, 1.0);
  HopperPrediction AllInFlight = predictHopper({&Unrolled, 1}, R, 1.0);
  EXPECT_FALSE(Without.Evidence.Rounds);
  EXPECT_FALSE(Without.Evidence.applied(RefinementId::LoadRounds));
  // All 96 loads in flight at once: one round per warp, which the DRAM
  // wait of the curve (0.25 us) already counts at more than 0.2 us.
  EXPECT_FALSE(AllInFlight.Evidence.Rounds);
  auto EstimateMs = [](const HopperPrediction &P) {
    return P.estimate(Estimate::IssueAndLoadLatency)->Ms;
  };
  EXPECT_DOUBLE_EQ(EstimateMs(AllInFlight), EstimateMs(Without));
  // 96 rounds per warp (0.3 ms of waits) against one (3.9 us): the
  // estimate rises from about the issue floor (0.12 ms) to 0.37 ms.
  EXPECT_GT(EstimateMs(WithRounds), 3 * EstimateMs(Without));
  // The floor, a bound, does not move.
  EXPECT_DOUBLE_EQ(WithRounds.floorMs(), Without.floorMs());
}

TEST(LoadRounds, UnitRatesNeedAllThreeLatencies) {
  DeviceParameters D = test::roundDevice();
  test::addMeasurement(D, "load_latency_l1", 20, "ns");
  test::addMeasurement(D, "load_latency_l2", 150, "ns");
  Expected<UnitRates> R = unitRates(D);
  ASSERT_TRUE(R) << R.error().message();
  EXPECT_FALSE(R->LoadToUse);
  test::addMeasurement(D, "load_latency_dram", 400, "ns");
  R = unitRates(D);
  ASSERT_TRUE(R) << R.error().message();
  ASSERT_TRUE(R->LoadToUse);
  EXPECT_DOUBLE_EQ(R->LoadToUse->L2, 150e-9);
  EXPECT_TRUE(R->LoadToUse->DramRounds.empty());
  // The rounds' points, in seconds, in order of their loads; points out of
  // order or not positive are left out.
  test::addMeasurement(D, "load_latency_dram_rounds", 360, "ns");
  D.Measurements.back().Points = {
      {1, 360}, {2, 400}, {2, 390}, {0, 1}, {4, 440}};
  R = unitRates(D);
  ASSERT_TRUE(R) << R.error().message();
  ASSERT_EQ(R->LoadToUse->DramRounds.size(), 3u);
  EXPECT_DOUBLE_EQ(R->LoadToUse->DramRounds[2].first, 4);
  EXPECT_DOUBLE_EQ(R->LoadToUse->DramRounds[2].second, 440e-9);
}

} // namespace
