//===- MergedKernelTest.cpp - Measured and estimated counters merged ------===//

#include "merge/MergedKernel.h"

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

} // namespace
