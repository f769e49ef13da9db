//===- ConsecutiveLaunchesTest.cpp - follows in the Runtime's profile -----===//
//
// The Runtime pairs each inspected launch with the one before it on its
// stream and puts what it found in the entry its kernel record decides:
// `examined_launches` and `follows` (docs/formats.md).
//
//===----------------------------------------------------------------------===//

#include "FakeHardware.h"
#include "RuntimeHarness.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace headroom::rt;
using namespace headroom::rt::test;
using nlohmann::json;

namespace {

const headroom_site_info Sites[] = {
    {"/src/app.cu", 40, 5, "stepA", "/src/app.cu", 10, 17},
    {"/src/app.cu", 55, 5, "stepB", "/src/app.cu", 20, 17},
};

int StreamX, StreamY;

LaunchAllocations allocations(std::initializer_list<AllocationRange> Ranges) {
  LaunchAllocations A;
  for (AllocationRange R : Ranges)
    A.add(R);
  return A;
}

/// stepA reads In and writes Mid, stepB reads Mid and writes Out, four
/// times on one stream.
json playSteps(Harness &H) {
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  EXPECT_TRUE(H.Trace->Options.InspectArguments);
  LaunchAllocations A = allocations({{0x10000, 1 << 20}, {0x200000, 1 << 22}});
  LaunchAllocations B = allocations({{0x200000, 1 << 22}, {0x900000, 64}});
  LaunchPlayer P = H.player();
  P.Stream = &StreamX;
  for (int I = 0; I < 4; ++I) {
    P.Allocations = &A;
    P.launch(&Sites[0], "_Z5stepAv", {64, 1, 1}, {256, 1, 1}, 100);
    P.Allocations = &B;
    P.launch(&Sites[1], "_Z5stepBv", {64, 1, 1}, {256, 1, 1}, 100);
  }
  return H.finalizeAndRead();
}

TEST(ConsecutiveLaunches, EachEntryNamesTheKernelBeforeIt) {
  Harness H(Mode::Time);
  json J = playSteps(H);
  const json *StepA = H.kernel(J, "_Z5stepAv");
  const json *StepB = H.kernel(J, "_Z5stepBv");
  ASSERT_TRUE(StepA && StepB);
  EXPECT_EQ((*StepB)["examined_launches"], 4);
  EXPECT_EQ(
      (*StepB)["follows"],
      json::parse(R"([{"site":0,"scope":null,"name":"_Z5stepAv","launches":4,)"
                  R"("shared_bytes":4194304}])"));
  // The first stepA had nothing before it, the others the stepB of the
  // iteration before, a kernel first launched after stepA: no pairing.
  EXPECT_EQ((*StepA)["examined_launches"], 4);
  EXPECT_FALSE(StepA->contains("follows"));
}

TEST(ConsecutiveLaunches, CountersModeCountsASampledLaunchOnce) {
  Harness H(Mode::Counters);
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchAllocations A = allocations({{0x10000, 256}});
  LaunchPlayer P = H.player();
  P.Stream = &StreamX;
  P.Allocations = &A;
  P.launch(&Sites[0], "_Z5stepAv", {64, 1, 1}, {256, 1, 1}, 100);
  P.launch(&Sites[1], "_Z5stepBv", {64, 1, 1}, {256, 1, 1}, 100);
  ASSERT_EQ(H.Sampler->Begun.size(), 2u);
  // A replay pass of the sampled stepB: no launch, nothing examined.
  H.Trace->Queued.push_back(H.Trace->Queued.back());
  json J = H.finalizeAndRead();
  const json *StepB = H.kernel(J, "_Z5stepBv");
  ASSERT_TRUE(StepB);
  EXPECT_EQ((*StepB)["launches"], 1);
  EXPECT_EQ((*StepB)["examined_launches"], 1);
  ASSERT_EQ((*StepB)["follows"].size(), 1u);
  EXPECT_EQ((*StepB)["follows"][0]["launches"], 1);
  EXPECT_EQ((*StepB)["follows"][0]["shared_bytes"], 256);
}

TEST(ConsecutiveLaunches, OnlyInspectedLaunchesOnOneStreamPair) {
  Harness H(Mode::Time);
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchAllocations A = allocations({{0x10000, 256}});
  LaunchPlayer P = H.player();
  P.Allocations = &A;
  P.Stream = &StreamX;
  P.launch(&Sites[0], "_Z5stepAv", {64, 1, 1}, {256, 1, 1}, 100);
  // On another stream: follows nothing.
  P.Stream = &StreamY;
  P.launch(&Sites[1], "_Z5stepBv", {64, 1, 1}, {256, 1, 1}, 100);
  // An uninspected library launch on X (past its function's cap) ends the
  // pairing there, and has no examined_launches.
  P.Stream = &StreamX;
  P.Allocations = nullptr;
  P.launch(nullptr, "library", {8, 1, 1}, {256, 1, 1}, 100);
  P.Allocations = &A;
  P.launch(&Sites[1], "_Z5stepBv", {64, 1, 1}, {256, 1, 1}, 100);
  // A graph launch on X: its kernels ran in between.
  LaunchInfo Graph;
  Graph.addCorrelationId(9000);
  Graph.Stream = &StreamX;
  H.Trace->Observer->graphLaunch(Graph);
  P.launch(&Sites[0], "_Z5stepAv", {64, 1, 1}, {256, 1, 1}, 100);
  // With nothing in between, it pairs.
  P.launch(&Sites[1], "_Z5stepBv", {64, 1, 1}, {256, 1, 1}, 100);
  json J = H.finalizeAndRead();
  const json *StepA = H.kernel(J, "_Z5stepAv");
  const json *StepB = H.kernel(J, "_Z5stepBv");
  const json *Library = H.kernel(J, "library");
  ASSERT_TRUE(StepA && StepB && Library);
  EXPECT_EQ((*StepB)["examined_launches"], 3);
  EXPECT_EQ(
      (*StepB)["follows"],
      json::parse(R"([{"site":0,"scope":null,"name":"_Z5stepAv","launches":1,)"
                  R"("shared_bytes":256}])"));
  EXPECT_FALSE(Library->contains("examined_launches"));
  EXPECT_FALSE(Library->contains("follows"));
  EXPECT_EQ((*StepA)["examined_launches"], 2);
  EXPECT_FALSE(StepA->contains("follows"));
}

TEST(ConsecutiveLaunches, EachThreadsDefaultStreamIsItsOwn) {
  // Two threads launch on their per-thread default streams, which share
  // one handle: a launch follows the one before it on its own thread.
  Harness H(Mode::Time);
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchAllocations A = allocations({{0x10000, 1 << 20}, {0x200000, 1 << 22}});
  LaunchAllocations B = allocations({{0x200000, 1 << 22}});
  LaunchAllocations Elsewhere = allocations({{0x4000000, 4096}});
  static const char ThreadOne = 0, ThreadTwo = 0;
  LaunchPlayer P = H.player();
  P.StreamThread = &ThreadOne;
  P.Allocations = &A;
  P.launch(&Sites[0], "_Z5stepAv", {64, 1, 1}, {256, 1, 1}, 100);
  P.StreamThread = &ThreadTwo;
  P.Allocations = &Elsewhere;
  P.launch(nullptr, "other", {8, 1, 1}, {256, 1, 1}, 100);
  P.StreamThread = &ThreadOne;
  P.Allocations = &B;
  P.launch(&Sites[1], "_Z5stepBv", {64, 1, 1}, {256, 1, 1}, 100);
  json J = H.finalizeAndRead();
  const json *StepB = H.kernel(J, "_Z5stepBv");
  ASSERT_TRUE(StepB);
  EXPECT_EQ(
      (*StepB)["follows"],
      json::parse(R"([{"site":0,"scope":null,"name":"_Z5stepAv","launches":1,)"
                  R"("shared_bytes":4194304}])"));
}

TEST(ConsecutiveLaunches, NoKernelRecordsNoPairing) {
  // Without the activity API there are no records to put pairings in (the
  // profile has only sites): nothing is kept for them.
  Harness H(Mode::Time);
  H.Trace->Status.Activity = false;
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchAllocations A = allocations({{0x10000, 256}});
  LaunchPlayer P = H.player();
  P.Allocations = &A;
  P.launch(&Sites[0], "_Z5stepAv", {64, 1, 1}, {256, 1, 1}, 100);
  P.launch(&Sites[0], "_Z5stepAv", {64, 1, 1}, {256, 1, 1}, 100);
  json J = H.finalizeAndRead();
  EXPECT_EQ(J["collection"]["mode"], "sites");
  EXPECT_TRUE(J["kernels"].empty());
}

} // namespace
