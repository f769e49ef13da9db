//===- CounterEstimationTest.cpp ------------------------------------------===//

#include "CounterEstimation.h"

#include <gtest/gtest.h>

using namespace headroom::rt;

namespace {

KernelStats entry(std::uint32_t Blocks, std::uint32_t Threads = 256,
                  SiteId Site = 0, const char *Kernel = "_Z1kv") {
  KernelStats K;
  K.Key =
      LaunchKey{Site, NoScope, Kernel, 0, {Blocks, 1, 1}, {Threads, 1, 1}, 0};
  K.Launches = 1;
  K.Timed.add(1000 * Blocks);
  return K;
}

KernelStats sampled(std::uint32_t Blocks, std::uint32_t Threads = 256,
                    SiteId Site = 0) {
  KernelStats K = entry(Blocks, Threads, Site);
  K.Counters = CounterValues{{"smsp__inst_executed.sum", 100.0 * Blocks},
                             {"gpu__time_duration.sum", 2000.0 * Blocks},
                             {"sm__warps_active.avg.pct_of_peak_sustained_"
                              "active",
                              60.0}};
  K.CounterLaunches = 1;
  return K;
}

TEST(CounterEstimation, MetricsScaleByWhatTheyCount) {
  EXPECT_EQ(metricScaling("dram__bytes_read.sum"), MetricScaling::Work);
  EXPECT_EQ(metricScaling("lts__t_bytes.avg"), MetricScaling::Work);
  EXPECT_EQ(metricScaling("sm__pipe_tensor_cycles_active.sum"),
            MetricScaling::Work);
  EXPECT_EQ(metricScaling("gpu__time_duration.sum"), MetricScaling::Time);
  EXPECT_EQ(metricScaling("sm__cycles_elapsed.max"), MetricScaling::Time);
  EXPECT_EQ(metricScaling("sm__warps_active.avg.pct_of_peak_sustained_active"),
            MetricScaling::Kept);
  EXPECT_EQ(metricScaling("smsp__average_thread_inst_executed_per_inst_"
                          "executed.ratio"),
            MetricScaling::Kept);
  EXPECT_EQ(metricScaling("dram__bytes.sum.per_second"), MetricScaling::Kept);
  EXPECT_EQ(metricScaling("no_rollup"), MetricScaling::Kept);
}

TEST(CounterEstimation, ScalesWorkAndTimeLeavesRatios) {
  CounterValues From{
      {"a.sum", 10}, {"gpu__time_duration.sum", 100}, {"b.ratio", 3}};
  CounterValues Out = scaleCounters(From, 2.5, 1.5);
  EXPECT_DOUBLE_EQ(Out["a.sum"], 25);
  EXPECT_DOUBLE_EQ(Out["gpu__time_duration.sum"], 150);
  EXPECT_DOUBLE_EQ(Out["b.ratio"], 3);
  EXPECT_FALSE(
      scaleCounters(From, 2.5, std::nullopt).count("gpu__time_duration.sum"));
}

TEST(CounterEstimation, TakesTheNearestSampledConfigurationOfTheKernel) {
  std::vector<KernelStats> E{sampled(8), sampled(64), entry(48), entry(10)};
  EXPECT_EQ(estimateUnsampledCounters(E), 2u);
  ASSERT_TRUE(E[2].Estimated);
  EXPECT_EQ(E[2].Estimated->From.Grid.X, 64u);
  EXPECT_DOUBLE_EQ(E[2].Estimated->Scale, 0.75);
  EXPECT_DOUBLE_EQ((*E[2].Counters)["smsp__inst_executed.sum"], 4800);
  // Measured medians 48 us and 64 us: the sampled 128 us scaled by 3/4.
  EXPECT_DOUBLE_EQ((*E[2].Counters)["gpu__time_duration.sum"], 96000);
  EXPECT_DOUBLE_EQ(
      (*E[2].Counters)["sm__warps_active.avg.pct_of_peak_sustained_active"],
      60);
  EXPECT_EQ(E[2].CounterLaunches, 0u);
  EXPECT_EQ(E[3].Estimated->From.Grid.X, 8u);
  EXPECT_FALSE(E[0].Estimated);
}

TEST(CounterEstimation, TwoSampledSizesSeparateAFixedPartFromAPerThreadOne) {
  // 1 block: 1400 (1000 fixed + 400 for its threads); 4 blocks: 2600.
  KernelStats One = sampled(1), Four = sampled(4);
  (*One.Counters)["lts__t_bytes.sum"] = 1400;
  (*Four.Counters)["lts__t_bytes.sum"] = 2600;
  std::vector<KernelStats> E{One, Four, entry(64), entry(2)};
  estimateUnsampledCounters(E);
  ASSERT_TRUE(E[2].Estimated && E[2].Estimated->Through);
  EXPECT_EQ(E[2].Estimated->From.Grid.X, 4u);
  EXPECT_EQ(E[2].Estimated->Through->X, 1u);
  EXPECT_DOUBLE_EQ((*E[2].Counters)["lts__t_bytes.sum"], 1000 + 400 * 64)
      << "extrapolated on the line, not 16 x 2600";
  EXPECT_DOUBLE_EQ((*E[3].Counters)["lts__t_bytes.sum"], 1800)
      << "interpolated between 1 and 4 blocks";
  EXPECT_DOUBLE_EQ(
      (*E[3].Counters)["sm__warps_active.avg.pct_of_peak_sustained_active"],
      60);
}

TEST(CounterEstimation, TheLineNeverGoesBelowZero) {
  CounterValues A{{"x.sum", 100}}, B{{"x.sum", 400}};
  EXPECT_DOUBLE_EQ(
      interpolateCounters(A, 100, B, 200, 10, std::nullopt)["x.sum"], 0);
}

TEST(CounterEstimation, PrefersTheSameBlockThenTheSameSite) {
  std::vector<KernelStats> E{sampled(50, 128), sampled(10, 256, 1),
                             sampled(100, 256), entry(50)};
  estimateUnsampledCounters(E);
  ASSERT_TRUE(E[3].Estimated);
  EXPECT_EQ(E[3].Estimated->From.Grid.X, 100u)
      << "same block and site beat the nearest threads";
}

TEST(CounterEstimation, LeavesFailuresOtherKernelsAndEstimatesAlone) {
  KernelStats Failed = entry(4);
  Failed.CounterError = "replay failed";
  KernelStats Other = entry(4, 256, 0, "_Z5otherv");
  std::vector<KernelStats> E{sampled(4), Failed, Other};
  EXPECT_EQ(estimateUnsampledCounters(E), 0u);
  EXPECT_FALSE(E[1].Counters);
  EXPECT_FALSE(E[2].Counters);
}

} // namespace
