//===- StallSamplingTest.cpp - Warp-stall samples through fake hardware ---===//

#include "Runtime.h"

#include "FakeHardware.h"
#include "RuntimeHarness.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace headroom::rt;
using namespace headroom::rt::test;
using nlohmann::json;

namespace {

const headroom_site_info Sites[] = {
    {"/src/app.cu", 40, 5, "saxpy", "/src/app.cu", 10, 17},
    {"/src/app.cu", 55, 5, "scale", "/src/app.cu", 20, 17},
};

Harness stallHarness(std::function<void(RuntimeConfig &)> Adjust = nullptr) {
  return Harness(Mode::Counters, std::move(Adjust), /*WithSampler=*/true,
                 /*WithStalls=*/true);
}

TEST(StallSampling, ALaunchAfterTheCounterSampleHasItsWarpStalls) {
  Harness H = stallHarness();
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  EXPECT_TRUE(H.Trace->Options.ModuleLoads);
  LaunchPlayer P = H.player();
  P.launch(&Sites[0], "_Z5saxpyv", {64, 1, 1}, {256, 1, 1}, 9000); // counters
  // Not right after a counter sample: the switch to PC sampling waits for
  // a launch the counter sampler left alone.
  P.launch(&Sites[0], "_Z5saxpyv", {64, 1, 1}, {256, 1, 1}, 300);
  EXPECT_TRUE(H.Stalls->Begun.empty());
  P.launch(&Sites[0], "_Z5saxpyv", {64, 1, 1}, {256, 1, 1}, 5000); // stalls
  P.launch(&Sites[0], "_Z5saxpyv", {128, 1, 1}, {256, 1, 1}, 200); // counters

  ASSERT_EQ(H.Stalls->Begun.size(), 1u)
      << "one stall sample per kernel, whatever its configuration";
  // No duration known (no record yet, no gpu__time_duration): the default.
  EXPECT_EQ(H.Stalls->Begun[0], std::make_pair(std::string("_Z5saxpyv"),
                                               StallPolicy::UnknownExponent));
  EXPECT_EQ(H.Stalls->Ends, 1);
  EXPECT_EQ(H.Sampler->Begun.size(), 2u);

  json J = H.finalizeAndRead();
  EXPECT_EQ(J["collection"]["stall_sampling"]["mode"], "on");
  EXPECT_EQ(J["collection"]["stall_sampling"]["period"],
            1u << StallPolicy::UnknownExponent);
  EXPECT_EQ(J["collection"]["diagnostics"]["stall_samples_taken"], 1);
  const json *K = H.kernel(J, "_Z5saxpyv", 64);
  ASSERT_TRUE(K);
  EXPECT_EQ((*K)["launches"], 3);
  EXPECT_EQ((*K)["timed_launches"], 1)
      << "neither the counter sample nor the stall sample is timed";
  EXPECT_EQ((*K)["total_ns"], 300);
  const json &S = (*K)["stall_samples"];
  EXPECT_EQ(S["launches"], 1);
  EXPECT_EQ(S["period"], 1u << StallPolicy::UnknownExponent);
  ASSERT_EQ(S["pcs"].size(), 1u);
  EXPECT_EQ(S["pcs"][0]["line"], 12);
  EXPECT_EQ(S["pcs"][0]["stalls"]["long_scoreboard"], 3000);
  const json *Other = H.kernel(J, "_Z5saxpyv", 128);
  ASSERT_TRUE(Other);
  EXPECT_FALSE(Other->contains("stall_samples"));
}

TEST(StallSampling, TheCounterSamplesDurationChoosesThePeriod) {
  Harness H = stallHarness();
  H.Sampler->Results.front().Values["gpu__time_duration.sum"] = 6'790'000;
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchPlayer P = H.player();
  P.launch(&Sites[0], "_Z5saxpyv", {64, 1, 1}, {256, 1, 1}, 9000);
  DeviceIdentity D;
  D.Index = 0;
  D.SmCount = 132;
  H.Trace->Observer->deviceSeen(D);
  P.launch(&Sites[0], "_Z5saxpyv", {64, 1, 1}, {256, 1, 1}, 5000);
  P.launch(&Sites[0], "_Z5saxpyv", {64, 1, 1}, {256, 1, 1}, 5000);
  ASSERT_EQ(H.Stalls->Begun.size(), 1u);
  EXPECT_EQ(H.Stalls->Begun[0].second,
            StallPolicy::exponentFor(6'790'000, 132));
}

TEST(StallSampling, TooFewSamplesTryOnceMoreAtAShorterPeriod) {
  Harness H = stallHarness();
  StallResult Few = H.Stalls->Results.front();
  Few.Samples.Pcs[0].Stalls = {{"long_scoreboard", 90}, {"selected", 10}};
  H.Stalls->Results = {Few, H.Stalls->Results.front()};
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchPlayer P = H.player();
  for (int I = 0; I < 6; ++I)
    P.launch(&Sites[0], "_Z5saxpyv", {64, 1, 1}, {256, 1, 1}, 1000);
  ASSERT_EQ(H.Stalls->Begun.size(), 2u);
  // 100 of 4,000 samples: a period 2^6 shorter.
  EXPECT_EQ(H.Stalls->Begun[1].second, StallPolicy::UnknownExponent - 6);

  json J = H.finalizeAndRead();
  const json &S = (*H.kernel(J, "_Z5saxpyv"))["stall_samples"];
  EXPECT_EQ(S["launches"], 2);
  EXPECT_EQ(S["period"], 1u << (StallPolicy::UnknownExponent - 6));
  // The first launch's 90 samples stand for 64 times as many at the
  // shorter period.
  EXPECT_EQ(S["pcs"][0]["stalls"]["long_scoreboard"], 90 * 64 + 3000);
  EXPECT_EQ(J["collection"]["stall_sampling"]["period"],
            1u << (StallPolicy::UnknownExponent - 6));
}

TEST(StallSampling, TheRangeProfilerIsReleasedBeforeAStallSample) {
  // With it enabled, PC sampling samples nothing (docs/perf/lines.md).
  Harness H = stallHarness(
      [](RuntimeConfig &C) { C.Lifetime = ProfilerLifetime::Process; });
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchPlayer P = H.player();
  P.launch(&Sites[0], "_Z5saxpyv", {64, 1, 1}, {256, 1, 1}, 9000); // counters
  P.launch(&Sites[0], "_Z5saxpyv", {64, 1, 1}, {256, 1, 1}, 5000);
  EXPECT_EQ(H.Sampler->Releases, 0) << "the range profiler stays enabled";
  P.launch(&Sites[0], "_Z5saxpyv", {64, 1, 1}, {256, 1, 1}, 5000); // stalls
  EXPECT_EQ(H.Sampler->Releases, 1);
  ASSERT_EQ(H.Stalls->Begun.size(), 1u);
  P.launch(&Sites[1], "_Z5scalev", {1, 1, 1}, {32, 1, 1}, 50); // counters
  P.launch(&Sites[1], "_Z5scalev", {1, 1, 1}, {32, 1, 1}, 50);
  P.launch(&Sites[1], "_Z5scalev", {1, 1, 1}, {32, 1, 1}, 50); // stalls
  EXPECT_EQ(H.Sampler->Releases, 2);
  EXPECT_EQ(H.Stalls->Begun.size(), 2u);
  EXPECT_EQ(H.Stalls->Releases, 1)
      << "PC sampling is disabled before the range profiler starts";

  json J = H.finalizeAndRead();
  EXPECT_EQ(J["collection"]["stall_sampling"]["mode"], "on");
  EXPECT_TRUE((*H.kernel(J, "_Z5scalev")).contains("stall_samples"));
  EXPECT_TRUE((*H.kernel(J, "_Z5scalev")).contains("counters"));
}

TEST(StallSampling, SwitchingFromCountersNeedsTheBudgetAfterAFew) {
  Harness H = stallHarness([](RuntimeConfig &C) { C.BudgetPct = 20.0; });
  // A counter sample costs 1 s of the budget's clock.
  H.Sampler->DuringSample = [&H] { H.ClockNs += 1'000'000'000; };
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchPlayer P = H.player();
  const char *Kernels[] = {"_Z1av", "_Z1bv", "_Z1cv", "_Z1dv"};
  for (const char *K : Kernels)
    for (int I = 0; I < 3; ++I)
      P.launch(&Sites[0], K, {64, 1, 1}, {256, 1, 1}, 1000);
  EXPECT_EQ(H.Stalls->Begun.size(), 3u) << "three switches are free";
  H.ClockNs += 40'000'000'000; // the program runs 40 s
  P.launch(&Sites[0], "_Z1dv", {64, 1, 1}, {256, 1, 1}, 1000);
  EXPECT_EQ(H.Stalls->Begun.size(), 4u) << "the fourth within the budget";
  json J = H.finalizeAndRead();
  EXPECT_EQ(J["collection"]["diagnostics"]["stall_switches"], 4);
}

TEST(StallSampling, WithoutCountersTheFirstStallSampleIsFree) {
  Harness H = stallHarness([](RuntimeConfig &C) {
    C.BudgetPct = 20.0;
    C.Rule.Which = SamplingRule::Kind::Off;
  });
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchPlayer P = H.player();
  P.launch(&Sites[0], "_Z5saxpyv", {64, 1, 1}, {256, 1, 1}, 1000);
  EXPECT_EQ(H.Stalls->Begun.size(), 1u);
  EXPECT_TRUE(H.Sampler->Begun.empty());
}

TEST(StallSampling, AFailedStallSamplerStopsQuietlyAndCountersGoOn) {
  Harness H = stallHarness();
  H.Stalls->Starts = {StallStart{
      StallStart::Status::Failed,
      Failure{FailureKind::InsufficientPrivileges,
              "cuptiPCSamplingEnable: CUPTI_ERROR_INSUFFICIENT_PRIVILEGES"}}};
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchPlayer P = H.player();
  for (int I = 0; I < 3; ++I)
    P.launch(&Sites[0], "_Z5saxpyv", {64, 1, 1}, {256, 1, 1}, 5000);
  for (int I = 0; I < 3; ++I)
    P.launch(&Sites[1], "_Z5scalev", {1, 1, 1}, {32, 1, 1}, 50);
  EXPECT_EQ(H.Stalls->Begun.size(), 1u) << "never asked again";
  EXPECT_EQ(H.Sampler->Begun.size(), 2u);
  EXPECT_TRUE(H.Lines.empty()) << "nothing printed into the program's output";

  json J = H.finalizeAndRead();
  const json &I = J["collection"]["stall_sampling"];
  EXPECT_EQ(I["mode"], "unavailable");
  EXPECT_NE(I["note"].get<std::string>().find("INSUFFICIENT_PRIVILEGES"),
            std::string::npos);
  // The launch whose stall sample did not start is timed as any other.
  EXPECT_EQ((*H.kernel(J, "_Z5saxpyv"))["timed_launches"], 2);
}

TEST(StallSampling, ASkippedLaunchLeavesTheSampleToTheNext) {
  Harness H = stallHarness();
  H.Stalls->Starts = {StallStart{StallStart::Status::Skipped, {}},
                      StallStart{StallStart::Status::Started, {}}};
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchPlayer P = H.player();
  for (int I = 0; I < 5; ++I)
    P.launch(&Sites[0], "_Z5saxpyv", {64, 1, 1}, {256, 1, 1}, 1000);
  EXPECT_EQ(H.Stalls->Begun.size(), 2u);
  EXPECT_EQ(H.Stalls->Ends, 1);
}

TEST(StallSampling, AKernelWaitingOnHostMemoryIsNeverStallSampled) {
  Harness H = stallHarness();
  StallStart Refused;
  Refused.State = StallStart::Status::Refused;
  Refused.Reason = "argument 1 points to host memory";
  H.Stalls->Starts = {Refused};
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchPlayer P = H.player();
  for (int I = 0; I < 6; ++I)
    P.launch(&Sites[0], "_Z5saxpyv", {64, 1, 1}, {256, 1, 1}, 1000);
  EXPECT_EQ(H.Stalls->Begun.size(), 1u) << "asked once";
  json J = H.finalizeAndRead();
  EXPECT_EQ(J["collection"]["stall_sampling"]["mode"], "on");
  EXPECT_EQ(J["collection"]["diagnostics"]["stall_samples_refused"], 1);
  EXPECT_EQ((*H.kernel(J, "_Z5saxpyv"))["timed_launches"], 5)
      << "the refused launch is timed";
}

TEST(StallSampling, PcSamplingOffTakesNone) {
  Harness H = stallHarness([](RuntimeConfig &C) { C.PcSampling = false; });
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  EXPECT_FALSE(H.Trace->Options.ModuleLoads);
  LaunchPlayer P = H.player();
  for (int I = 0; I < 3; ++I)
    P.launch(&Sites[0], "_Z5saxpyv", {64, 1, 1}, {256, 1, 1}, 1000);
  EXPECT_TRUE(H.Stalls->Begun.empty());
  json J = H.finalizeAndRead();
  EXPECT_EQ(J["collection"]["stall_sampling"]["mode"], "off");
}

TEST(StallSampling, TimeModeTakesNoneAndSaysNothingOfThem) {
  Harness H(Mode::Time, nullptr, true, true);
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchPlayer P = H.player();
  for (int I = 0; I < 3; ++I)
    P.launch(&Sites[0], "_Z5saxpyv", {64, 1, 1}, {256, 1, 1}, 1000);
  EXPECT_TRUE(H.Stalls->Begun.empty());
  json J = H.finalizeAndRead();
  EXPECT_FALSE(J["collection"].contains("stall_sampling"));
}

TEST(StallSampling, UnsitedLaunchesFollowTheSamplingScope) {
  Harness H =
      stallHarness([](RuntimeConfig &C) { C.Scope = SamplingScope::Sites; });
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchPlayer P = H.player();
  for (int I = 0; I < 3; ++I)
    P.launch(nullptr, "library_kernel", {2, 1, 1}, {64, 1, 1}, 70);
  EXPECT_TRUE(H.Stalls->Begun.empty());
}

TEST(StallSampling, ModuleLoadsReachTheStallSampler) {
  Harness H = stallHarness();
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  char Cubin[123] = {};
  H.Trace->Observer->moduleLoaded(Cubin, sizeof Cubin);
  EXPECT_EQ(H.Stalls->Modules, std::vector<std::size_t>{123});
  H.Trace->Observer->contextDestroying(Cubin);
  EXPECT_EQ(H.Stalls->DestroyedContexts.size(), 1u);
}

} // namespace
