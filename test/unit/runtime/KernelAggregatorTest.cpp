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
  EXPECT_EQ(S.reportedTiming().Count, 2u);
  EXPECT_EQ(S.reportedTiming().MaxNs, 120u);
  EXPECT_EQ(S.Profiled.TotalNs, 5000u);
}

TEST(KernelAggregator, ProfiledTimingIsReportedWhenNothingElseWasTimed) {
  KernelAggregator A;
  A.add(launch(0, 5000, LaunchRole::Profiled));
  KernelStats S = A.entries()[0];
  EXPECT_EQ(S.Launches, 1u);
  EXPECT_STREQ(S.reportedTiming().Source, "profiled");
  EXPECT_EQ(S.reportedTiming().Count, 1u);
  EXPECT_EQ(S.reportedTiming().TotalNs, 5000u);
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
  EXPECT_EQ(T.Count, 0u);
  EXPECT_EQ(T.MinNs, 5248u);
  EXPECT_EQ(T.MaxNs, 5248u);
  EXPECT_EQ(T.TotalNs, 5248u);
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

TEST(KernelAggregator, SamplesAttachToTheirKeyAsTheirMean) {
  KernelAggregator A;
  A.add(launch(0, 10));
  LaunchKey Key{0, NoScope, "_Z1kv", 0, {4, 1, 1}, {256, 1, 1}, 0};
  A.addSample(Key, {{"smsp__inst_executed.sum", 42.0}});
  EXPECT_EQ(A.entries()[0].Counters->at("smsp__inst_executed.sum"), 42.0);
  A.addSample(Key, {{"smsp__inst_executed.sum", 7.0}, {"new", 3.0}});
  A.addSample(Key, {{"smsp__inst_executed.sum", 11.0}});
  KernelStats S = A.entries()[0];
  ASSERT_TRUE(S.Counters.has_value());
  EXPECT_DOUBLE_EQ(S.Counters->at("smsp__inst_executed.sum"), 20.0);
  EXPECT_EQ(S.Counters->at("new"), 3.0) << "a metric seen once keeps its value";
  EXPECT_EQ(S.CounterLaunches, 3u);
  EXPECT_EQ(A.size(), 1u);
}

TEST(KernelAggregator, SampledDurationsAreTheProfiledTimeWithoutTimestamps) {
  KernelAggregator A;
  JoinedLaunch L = launch(0, 10, LaunchRole::Profiled);
  L.Record.StartNs = L.Record.EndNs = 0;
  A.add(L);
  A.add(launch(0, 100));
  A.addSample(KernelAggregator::keyOf(L), {{"gpu__time_duration.sum", 900}});
  A.addSample(KernelAggregator::keyOf(L), {{"gpu__time_duration.sum", 1100}});
  KernelStats S = A.entries()[0];
  EXPECT_STREQ(S.reportedTiming().Source, "unprofiled");
  EXPECT_EQ(S.reportedTiming().Count, 1u);
  ASSERT_TRUE(S.profiledNs().has_value());
  EXPECT_EQ(*S.profiledNs(), 1000u);
}

TEST(KernelAggregator, MedianIsExactUpToTheSampleCapacity) {
  KernelAggregator A;
  for (std::uint64_t Ns : {500u, 100u, 300u, 200u, 10000u})
    A.add(launch(0, Ns));
  KernelStats::Timing T = A.entries()[0].reportedTiming();
  EXPECT_EQ(T.MedianNs, 300u);
  EXPECT_EQ(T.SampleNs,
            (std::vector<std::uint64_t>{100, 200, 300, 500, 10000}));
  A.add(launch(0, 400));
  EXPECT_EQ(A.entries()[0].reportedTiming().MedianNs, 350u) << "even count";
}

TEST(KernelAggregator, MemoryStaysBoundedOverManyLaunches) {
  KernelAggregator A;
  // 200,000 launches: durations 1..1000 ns uniformly, one outlier per 1000.
  for (std::uint64_t I = 0; I < 200000; ++I)
    A.add(launch(0, I % 1000 == 999 ? 1000000 : 1 + I % 1000));
  KernelStats S = A.entries()[0];
  EXPECT_EQ(S.Launches, 200000u);
  EXPECT_EQ(S.Timed.MaxNs, 1000000u);
  EXPECT_EQ(S.Timed.MinNs, 1u);
  KernelStats::Timing T = S.reportedTiming();
  EXPECT_EQ(T.SampleNs.size(), DurationSample::Capacity);
  // The true median is ~500; a 64-value uniform sample lands well within
  // 200 of it (fixed seed: deterministic).
  EXPECT_GT(T.MedianNs, 300u);
  EXPECT_LT(T.MedianNs, 700u);
}

TEST(KernelAggregator, ScopesAndGraphLaunchesAreKeptApart) {
  KernelAggregator A;
  JoinedLaunch Scoped = launch(NoSite, 10);
  Scoped.Scope = 2;
  A.add(Scoped);
  JoinedLaunch Graph = launch(NoSite, 20);
  Graph.Record.GraphId = 7;
  Graph.Record.GraphNodeId = 70;
  A.add(Graph);
  A.add(Graph);
  JoinedLaunch SiteAndScope = launch(0, 30);
  SiteAndScope.Scope = 2; // A site wins: the scope is not part of the key.
  A.add(SiteAndScope);
  std::vector<KernelStats> E = A.entries();
  ASSERT_EQ(E.size(), 3u);
  EXPECT_EQ(E[0].Key.Site, 0u);
  EXPECT_EQ(E[0].Key.Scope, NoScope);
  EXPECT_EQ(E[1].Key.Scope, 2u);
  EXPECT_EQ(E[1].GraphLaunches, 0u);
  EXPECT_EQ(E[2].Key.Scope, NoScope);
  EXPECT_EQ(E[2].Launches, 2u);
  EXPECT_EQ(E[2].GraphLaunches, 2u);
}

TEST(KernelAggregator, EntriesBeyondTheLimitAreOnlyCounted) {
  KernelAggregator A;
  for (std::uint32_t G = 1; G <= KernelAggregator::MaxEntries + 10; ++G)
    A.add(launch(0, 10, LaunchRole::Normal, {G, 1, 1}));
  A.add(launch(0, 10, LaunchRole::Normal, {1, 1, 1})); // an existing key
  EXPECT_EQ(A.size(), KernelAggregator::MaxEntries);
  EXPECT_EQ(A.overflowLaunches(), 10u);
  EXPECT_EQ(A.entries()[0].Launches, 2u);
}

TEST(KernelAggregator, SampleNoteGoesAwayWithCounters) {
  KernelAggregator A;
  LaunchKey Key{0, NoScope, "_Z1kv", 0, {4, 1, 1}, {256, 1, 1}, 0};
  A.addSampleNote(Key, "not sampled: argument 1 points to host memory");
  EXPECT_EQ(A.entries()[0].CounterNote,
            "not sampled: argument 1 points to host memory");
  A.addSample(Key, {{"m", 1.0}});
  EXPECT_EQ(A.entries()[0].CounterNote, "");
}

TEST(KernelAggregator, SampleErrorIsKeptOnlyWithoutCounters) {
  KernelAggregator A;
  LaunchKey Key{0, NoScope, "_Z1kv", 0, {4, 1, 1}, {256, 1, 1}, 0};
  A.addSampleError(Key, "cuptiRangeProfilerEnable: CUPTI_ERROR_HARDWARE_BUSY");
  EXPECT_EQ(A.entries()[0].CounterError,
            "cuptiRangeProfilerEnable: CUPTI_ERROR_HARDWARE_BUSY");
  A.addSample(Key, {{"m", 1.0}});
  EXPECT_EQ(A.entries()[0].CounterError, "");
}

} // namespace
