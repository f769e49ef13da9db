//===- MergedKernelTest.cpp - Measured and estimated counters merged ------===//

#include "merge/MergedKernel.h"

#include "../schema/StallSampleFixtures.h"

#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::merge;

namespace {

ProfileKernel entry(double Instructions, bool Estimated) {
  ProfileKernel K;
  K.Name = "_Z1kv";
  K.Launches = 10;
  K.Counters["smsp__inst_executed.sum"] = Instructions;
  K.CounterLaunches = Estimated ? 0 : 1;
  if (Estimated) {
    CounterEstimate E;
    E.Grid = {4, 1, 1};
    E.Scale = 2;
    K.CountersEstimated = E;
  }
  return K;
}

TEST(MergedKernel, MeasuredCountersReplaceEstimatedOnes) {
  for (bool EstimatedFirst : {true, false}) {
    ProfileKernel Est = entry(500, true), Measured = entry(100, false);
    MergedKernel M(EstimatedFirst ? Est : Measured, 0, std::nullopt, 0);
    M.add(EstimatedFirst ? Est : Measured);
    M.add(EstimatedFirst ? Measured : Est);
    ProfileKernel R = M.result();
    EXPECT_EQ(R.Counters.at("smsp__inst_executed.sum"), 100) << EstimatedFirst;
    EXPECT_FALSE(R.CountersEstimated) << EstimatedFirst;
    EXPECT_EQ(R.CounterLaunches, std::optional<std::uint64_t>(1));
    EXPECT_EQ(R.Launches, 20u);
  }
}

TEST(MergedKernel, EstimatesAloneStayEstimated) {
  ProfileKernel A = entry(500, true), B = entry(700, true);
  MergedKernel M(A, 0, std::nullopt, 0);
  M.add(A);
  M.add(B);
  ProfileKernel R = M.result();
  EXPECT_EQ(R.Counters.at("smsp__inst_executed.sum"), 600);
  ASSERT_TRUE(R.CountersEstimated);
  EXPECT_EQ(R.CountersEstimated->Grid[0], 4u);
  EXPECT_EQ(R.CounterLaunches, std::optional<std::uint64_t>(0));
}

StallSamplePc pc(std::uint64_t Offset, unsigned Line,
                 std::map<std::string, std::uint64_t> Stalls) {
  return test::stallPc(Offset, Line ? "k.cu" : nullptr, Line,
                       std::move(Stalls));
}

ProfileKernel sampled(std::uint64_t Period, std::vector<StallSamplePc> Pcs) {
  ProfileKernel K = entry(100, false);
  K.Stalls = StallSamples{1, Period, 4, std::move(Pcs)};
  return K;
}

TEST(MergedKernel, StallSamplesAddUpPerInstructionAndReason) {
  ProfileKernel A = sampled(
      32768, {pc(16, 0, {{"wait", 2}}), pc(32, 7, {{"long_scoreboard", 10}})});
  ProfileKernel B =
      sampled(32768, {pc(32, 7, {{"long_scoreboard", 5}, {"selected", 1}}),
                      pc(16, 3, {{"wait", 1}})});
  ProfileKernel Plain = entry(100, false);
  MergedKernel M(A, 0, std::nullopt, 0);
  M.add(A);
  M.add(Plain);
  M.add(B);
  ProfileKernel R = M.result();
  ASSERT_TRUE(R.Stalls);
  EXPECT_EQ(R.Stalls->Launches, 2u);
  EXPECT_EQ(R.Stalls->Period, 32768u);
  EXPECT_EQ(R.Stalls->Dropped, 8u);
  ASSERT_EQ(R.Stalls->Pcs.size(), 2u);
  EXPECT_EQ(R.Stalls->Pcs[0].Offset, 16u);
  // The line of the first entry that resolved it.
  EXPECT_EQ(R.Stalls->Pcs[0].Where.Line, 3u);
  EXPECT_EQ(R.Stalls->Pcs[0].Stalls.at("wait"), 3u);
  EXPECT_EQ(R.Stalls->Pcs[1].Stalls.at("long_scoreboard"), 15u);
  EXPECT_EQ(R.Stalls->Pcs[1].Stalls.at("selected"), 1u);
}

TEST(MergedKernel, StallSamplesOfDifferentPeriodsAreScaledToTheShortest) {
  ProfileKernel Fine = sampled(32768, {pc(16, 5, {{"wait", 3}})});
  ProfileKernel Coarse = sampled(131072, {pc(16, 5, {{"wait", 2}})});
  MergedKernel M(Coarse, 0, std::nullopt, 0);
  M.add(Coarse);
  M.add(Fine);
  ProfileKernel R = M.result();
  ASSERT_TRUE(R.Stalls);
  EXPECT_EQ(R.Stalls->Period, 32768u);
  // 2 samples every 131072 cycles are 8 every 32768.
  EXPECT_EQ(R.Stalls->Pcs[0].Stalls.at("wait"), 11u);
  EXPECT_EQ(R.Stalls->Dropped, 4u * 4 + 4);
}

TEST(MergedKernel, NoStallSamplesWithoutSampledEntries) {
  ProfileKernel A = entry(100, false);
  MergedKernel M(A, 0, std::nullopt, 0);
  M.add(A);
  EXPECT_FALSE(M.result().Stalls);
}

} // namespace
