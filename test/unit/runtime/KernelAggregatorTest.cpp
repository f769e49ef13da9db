//===- KernelAggregatorTest.cpp -------------------------------------------===//

#include "KernelAggregator.h"

#include <gtest/gtest.h>

using namespace headroom::rt;

namespace {

JoinedLaunch launch(SiteId Site, std::uint64_t Ns,
                    LaunchRole Role = LaunchRole::Normal, Dim3 Grid = {4, 1, 1},
                    Dim3 Block = {256, 1, 1}, std::uint32_t Shared = 0,
                    std::uint32_t Device = 0, const char *Name = "_Z1kv") {
  JoinedLaunch L;
  L.Site = Site;
  L.Role = Role;
  L.Record.Name = Name;
  L.Record.StartNs = 1000;
  L.Record.EndNs = 1000 + Ns;
  L.Record.Grid = Grid;
  L.Record.Block = Block;
  L.Record.DynamicSharedBytes = Shared;
  L.Record.StaticSharedBytes = 1024;
  L.Record.RegistersPerThread = 32;
  L.Record.Device = Device;
  return L;
}

TEST(KernelAggregator, CountsTotalMinAndMax) {
  KernelAggregator A;
  for (std::uint64_t Ns : {300u, 100u, 200u})
    A.add(launch(0, Ns));
  std::vector<KernelStats> E = A.entries();
  ASSERT_EQ(E.size(), 1u);
  EXPECT_EQ(E[0].Launches, 3u);
  EXPECT_EQ(E[0].Timed.Count, 3u);
  EXPECT_EQ(E[0].Timed.TotalNs, 600u);
  EXPECT_EQ(E[0].Timed.MinNs, 100u);
  EXPECT_EQ(E[0].Timed.MaxNs, 300u);
  EXPECT_EQ(E[0].StaticSharedBytes, 1024u);
  EXPECT_EQ(E[0].RegistersPerThread, 32u);
}

TEST(KernelAggregator, KeysBySiteKernelDeviceAndConfiguration) {
  KernelAggregator A;
  A.add(launch(0, 10));
  A.add(launch(1, 10));                                                 // site
  A.add(launch(0, 10, LaunchRole::Normal, {8, 1, 1}));                  // grid
  A.add(launch(0, 10, LaunchRole::Normal, {4, 1, 1}, {128, 1, 1}));     // block
  A.add(launch(0, 10, LaunchRole::Normal, {4, 1, 1}, {256, 1, 1}, 64)); // shmem
  A.add(launch(0, 10, LaunchRole::Normal, {4, 1, 1}, {256, 1, 1}, 0,
               1)); // device
  A.add(launch(0, 10, LaunchRole::Normal, {4, 1, 1}, {256, 1, 1}, 0, 0,
               "_Z5otherv")); // kernel
  A.add(launch(NoSite, 10));
  A.add(launch(0, 10)); // same as the first
  std::vector<KernelStats> E = A.entries();
  ASSERT_EQ(E.size(), 8u);
  // Ordered by site first; NoSite sorts last.
  EXPECT_EQ(E.back().Key.Site, NoSite);
  std::uint64_t Total = 0;
  for (const KernelStats &S : E)
    Total += S.Launches;
  EXPECT_EQ(Total, 9u);
}

TEST(KernelAggregator, ProfiledLaunchIsCountedButNotTimedWithTheOthers) {
  KernelAggregator A;
  A.add(launch(0, 5000, LaunchRole::Profiled));
  A.add(launch(0, 100));
  A.add(launch(0, 120));
  A.add(launch(0, 7000, LaunchRole::Replay));
  KernelStats S = A.entries()[0];
  EXPECT_EQ(S.Launches, 3u);
  EXPECT_EQ(S.ReplayRecords, 1u);
  EXPECT_STREQ(S.reportedTiming().Source, "unprofiled");
  EXPECT_EQ(S.reportedTiming().Stats.Count, 2u);
  EXPECT_EQ(S.reportedTiming().Stats.MaxNs, 120u);
  EXPECT_EQ(S.Profiled.TotalNs, 5000u);
}

TEST(KernelAggregator, ProfiledTimingIsReportedWhenNothingElseWasTimed) {
  KernelAggregator A;
  A.add(launch(0, 5000, LaunchRole::Profiled));
  KernelStats S = A.entries()[0];
  EXPECT_EQ(S.Launches, 1u);
  EXPECT_STREQ(S.reportedTiming().Source, "profiled");
  EXPECT_EQ(S.reportedTiming().Stats.Count, 1u);
  EXPECT_EQ(S.reportedTiming().Stats.TotalNs, 5000u);
}

TEST(KernelAggregator, SampledDurationStandsInWhenNoRecordWasTimed) {
  // Under kernel replay the sampled launch's record has no timestamps.
  KernelAggregator A;
  JoinedLaunch L = launch(0, 10, LaunchRole::Profiled);
  L.Record.StartNs = L.Record.EndNs = 0;
  A.add(L);
  KernelStats S = A.entries()[0];
  EXPECT_STREQ(S.reportedTiming().Source, "none");
  A.addSample(KernelAggregator::keyOf(L),
              {{"gpu__time_duration.sum", 5248.4}, {"m", 1.0}});
  S = A.entries()[0];
  KernelStats::Timing T = S.reportedTiming();
  EXPECT_STREQ(T.Source, "counters");
  EXPECT_EQ(T.Stats.Count, 0u);
  EXPECT_EQ(T.Stats.MinNs, 5248u);
  EXPECT_EQ(T.Stats.MaxNs, 5248u);
  EXPECT_EQ(T.Stats.TotalNs, 5248u);
}

TEST(KernelAggregator, RecordsWithoutTimestampsCountAsUntimedLaunches) {
  KernelAggregator A;
  JoinedLaunch L = launch(0, 10);
  L.Record.StartNs = L.Record.EndNs = 0;
  A.add(L);
  A.add(launch(0, 10));
  KernelStats S = A.entries()[0];
  EXPECT_EQ(S.Launches, 2u);
  EXPECT_EQ(S.Untimed, 1u);
  EXPECT_EQ(S.Timed.Count, 1u);
}

TEST(KernelAggregator, SampleAttachesToItsKeyAndTheFirstOneWins) {
  KernelAggregator A;
  A.add(launch(0, 10));
  LaunchKey Key{0, "_Z1kv", 0, {4, 1, 1}, {256, 1, 1}, 0};
  A.addSample(Key, {{"smsp__inst_executed.sum", 42.0}});
  A.addSample(Key, {{"smsp__inst_executed.sum", 7.0}});
  KernelStats S = A.entries()[0];
  ASSERT_TRUE(S.Counters.has_value());
  EXPECT_EQ(S.Counters->at("smsp__inst_executed.sum"), 42.0);
  EXPECT_EQ(S.CounterLaunches, 2u);
  EXPECT_EQ(A.size(), 1u);
}

TEST(KernelAggregator, SampleErrorIsKeptOnlyWithoutCounters) {
  KernelAggregator A;
  LaunchKey Key{0, "_Z1kv", 0, {4, 1, 1}, {256, 1, 1}, 0};
  A.addSampleError(Key, "cuptiRangeProfilerEnable: CUPTI_ERROR_HARDWARE_BUSY");
  EXPECT_EQ(A.entries()[0].CounterError,
            "cuptiRangeProfilerEnable: CUPTI_ERROR_HARDWARE_BUSY");
  A.addSample(Key, {{"m", 1.0}});
  EXPECT_EQ(A.entries()[0].CounterError, "");
}

} // namespace
