//===- RuntimeTest.cpp - The runtime's logic through fake hardware --------===//

#include "Runtime.h"

#include "FakeHardware.h"
#include "TempDir.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>

using namespace headroom::rt;
using namespace headroom::rt::test;
using nlohmann::json;

namespace {

const headroom_site_info Sites[] = {
    {"/src/app.cu", 40, 5, "saxpy", "/src/app.cu", 10, 17},
    {"/src/app.cu", 55, 5, "scale", "/src/app.cu", 20, 17},
};

/// A Runtime over fakes, writing into a temporary directory, with the
/// warning lines captured.
struct Harness {
  TempDir Dir;
  FakeTracer *Trace;
  FakeSampler *Sampler;
  std::vector<std::string> Lines;
  std::unique_ptr<Runtime> R;

  explicit Harness(Mode M = Mode::Counters,
                   std::function<void(RuntimeConfig &)> Adjust = nullptr,
                   bool WithSampler = true) {
    RuntimeConfig C;
    C.RequestedMode = M;
    C.ProfilePath = Dir.file("profile.json");
    if (Adjust)
      Adjust(C);
    auto T = std::make_unique<FakeTracer>();
    Trace = T.get();
    std::unique_ptr<FakeSampler> S;
    if (WithSampler)
      S = std::make_unique<FakeSampler>();
    Sampler = S.get();
    RuntimeEnvironment Env;
    Env.Process.Pid = 1234;
    Env.Process.Command = "./app";
    Env.Version = "test";
    Env.Emit = [this](std::string_view L) { Lines.emplace_back(L); };
    R = std::make_unique<Runtime>(std::move(C), std::move(T), std::move(S),
                                  std::move(Env));
  }
  LaunchPlayer player() { return LaunchPlayer{*R, *Trace}; }
  json finalizeAndRead() {
    EXPECT_TRUE(R->finalize());
    return json::parse(readFile(Dir.file("profile.json")));
  }
  const json *kernel(const json &P, const std::string &Name,
                     unsigned GridX = 0) {
    for (const json &K : P["kernels"])
      if (K["name"] == Name && (GridX == 0 || K["grid"][0] == GridX))
        return &K;
    return nullptr;
  }
};

TEST(Runtime, RecordsSitesTimesAndFirstLaunchCounters) {
  Harness H;
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  ASSERT_EQ(H.Trace->Starts, 1);
  EXPECT_TRUE(H.Trace->Options.LaunchCallbacks);
  EXPECT_FALSE(H.Trace->Options.ExternalCorrelation);
  LaunchPlayer P = H.player();
  P.launch(&Sites[0], "_Z5saxpyv", {64, 1, 1}, {256, 1, 1}, 9000); // sampled
  P.launch(&Sites[0], "_Z5saxpyv", {64, 1, 1}, {256, 1, 1}, 100);
  P.launch(&Sites[0], "_Z5saxpyv", {64, 1, 1}, {256, 1, 1}, 300);
  P.launch(&Sites[0], "_Z5saxpyv", {128, 1, 1}, {256, 1, 1}, 200); // sampled
  P.launch(&Sites[1], "_Z5scalev", {1, 1, 1}, {32, 1, 1}, 50, 0,
           /*RecordCarriesRuntimeId=*/true); // sampled
  P.launch(nullptr, "library_kernel", {2, 1, 1}, {64, 1, 1}, 70);
  P.launch(nullptr, "library_kernel", {2, 1, 1}, {64, 1, 1}, 80);

  EXPECT_EQ(H.Sampler->Begun,
            (std::vector<std::string>{"_Z5saxpyv", "_Z5saxpyv", "_Z5scalev"}));
  EXPECT_EQ(H.Sampler->Ends, 3);

  json J = H.finalizeAndRead();
  EXPECT_EQ(H.Trace->Flushes, 1);
  EXPECT_TRUE(H.Lines.empty());
  EXPECT_EQ(J["schema"], "headroom.profile/1");
  EXPECT_EQ(J["collection"]["mode"], "counters");
  EXPECT_EQ(J["collection"]["passes"], 2);
  EXPECT_EQ(J["collection"]["metrics"].size(), 2u);
  EXPECT_TRUE(J["collection"]["warnings"].empty());
  ASSERT_EQ(J["sites"].size(), 2u);
  EXPECT_EQ(J["sites"][1]["line"], 55);
  ASSERT_EQ(J["kernels"].size(), 4u);

  const json *Big = H.kernel(J, "_Z5saxpyv", 64);
  ASSERT_TRUE(Big);
  EXPECT_EQ((*Big)["site"], 0);
  EXPECT_EQ((*Big)["launches"], 3);
  EXPECT_EQ((*Big)["timed_launches"], 2) << "the profiled launch is apart";
  EXPECT_EQ((*Big)["min_ns"], 100);
  EXPECT_EQ((*Big)["max_ns"], 300);
  EXPECT_EQ((*Big)["total_ns"], 400);
  EXPECT_EQ((*Big)["profiled_ns"], 9000);
  EXPECT_EQ((*Big)["counters"]["smsp__inst_executed.sum"], 1000.0);

  const json *Small = H.kernel(J, "_Z5saxpyv", 128);
  ASSERT_TRUE(Small);
  EXPECT_EQ((*Small)["launches"], 1);
  EXPECT_EQ((*Small)["timing"], "profiled");
  EXPECT_TRUE((*Small).contains("counters"));

  const json *Scale = H.kernel(J, "_Z5scalev");
  ASSERT_TRUE(Scale);
  EXPECT_EQ((*Scale)["site"], 1) << "joined through the runtime call's id";
  EXPECT_TRUE((*Scale).contains("counters"));

  const json *Lib = H.kernel(J, "library_kernel");
  ASSERT_TRUE(Lib);
  EXPECT_TRUE((*Lib)["site"].is_null());
  EXPECT_EQ((*Lib)["launches"], 2);
  EXPECT_EQ((*Lib)["total_ns"], 150);
  EXPECT_FALSE((*Lib).contains("counters")) << "only sites are sampled";

  EXPECT_EQ(J["collection"]["diagnostics"]["joined_to_sites"], 5);
  EXPECT_EQ(J["collection"]["diagnostics"]["matched_runtime_correlation"], 1);
  ASSERT_EQ(J["devices"].size(), 1u) << "described at exit";
  EXPECT_EQ(J["devices"][0]["name"], "Fake GPU 0");
  EXPECT_EQ(J["devices"][0]["chip"], "GH100");
}

/// One launch by hand: enter, optionally deliver its record, exit.
void enterExit(Harness &H, const headroom_site_info *Site,
               const char *CallbackName, const char *RecordName,
               std::uint32_t Id, bool RecordBeforeExit, bool DeliverRecord) {
  LaunchInfo L;
  L.addCorrelationId(Id);
  L.KernelName = CallbackName;
  L.Grid = {8, 1, 1};
  L.Block = {64, 1, 1};
  KernelRecord K;
  K.CorrelationId = Id;
  K.Name = RecordName;
  K.StartNs = 10;
  K.EndNs = 60;
  K.Grid = L.Grid;
  K.Block = L.Block;
  H.R->launchBegin(Site);
  H.Trace->Observer->launchEnter(L);
  std::vector<KernelRecord> Batch{K};
  if (DeliverRecord && RecordBeforeExit)
    H.Trace->Observer->kernelRecords(Batch);
  H.Trace->Observer->launchExit(L);
  H.R->launchEnd(Site);
  if (DeliverRecord && !RecordBeforeExit)
    H.Trace->Observer->kernelRecords(Batch);
}

TEST(Runtime, CountersJoinTheirLaunchRecordThroughTheCorrelationId) {
  for (bool RecordFirst : {false, true}) {
    Harness H;
    H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
    // The callback's kernel name differs from the record's: the record's
    // entry still gets the counters.
    enterExit(H, &Sites[0], "callback_name", "_Z6recordv", 900, RecordFirst,
              true);
    json J = H.finalizeAndRead();
    ASSERT_EQ(J["kernels"].size(), 1u) << RecordFirst;
    EXPECT_EQ(J["kernels"][0]["name"], "_Z6recordv");
    EXPECT_EQ(J["kernels"][0]["launches"], 1);
    EXPECT_EQ(J["kernels"][0]["counters"]["smsp__inst_executed.sum"], 1000.0);
  }
}

TEST(Runtime, CountersWhoseRecordNeverCameUseTheCallbackKey) {
  Harness H;
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  enterExit(H, &Sites[1], "_Z4lostv", "_Z4lostv", 901, false, false);
  json J = H.finalizeAndRead();
  ASSERT_EQ(J["kernels"].size(), 1u);
  EXPECT_EQ(J["kernels"][0]["site"], 1);
  EXPECT_EQ(J["kernels"][0]["launches"], 0);
  EXPECT_TRUE(J["kernels"][0].contains("counters"));
  EXPECT_EQ(J["collection"]["diagnostics"]["samples_without_record"], 1);
}

TEST(Runtime, SampleAllScopeAlsoSamplesUnsitedLaunches) {
  Harness H(Mode::Counters,
            [](RuntimeConfig &C) { C.Scope = SamplingScope::All; });
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchPlayer P = H.player();
  P.launch(nullptr, "library_kernel", {2, 1, 1}, {64, 1, 1}, 70);
  P.launch(nullptr, "library_kernel", {2, 1, 1}, {64, 1, 1}, 70);
  EXPECT_EQ(H.Sampler->Begun.size(), 1u);
  json J = H.finalizeAndRead();
  EXPECT_EQ(J["collection"]["sampling_scope"], "all");
  EXPECT_TRUE((*H.kernel(J, "library_kernel")).contains("counters"));
}

TEST(Runtime, TimeModeNeverSamples) {
  Harness H(Mode::Time);
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchPlayer P = H.player();
  P.launch(&Sites[0], "_Z5saxpyv", {64, 1, 1}, {256, 1, 1}, 100);
  EXPECT_TRUE(H.Sampler->Begun.empty());
  json J = H.finalizeAndRead();
  EXPECT_EQ(J["collection"]["mode"], "time");
  EXPECT_TRUE(J["collection"]["metrics"].empty());
  EXPECT_EQ(J["kernels"][0]["site"], 0);
  EXPECT_EQ(J["kernels"][0]["timed_launches"], 1);
  EXPECT_TRUE(H.Lines.empty());
}

TEST(Runtime, OffModeStartsNothingAndWritesNothing) {
  Harness H(Mode::Off);
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  H.R->launchBegin(&Sites[0]);
  H.R->launchEnd(&Sites[0]);
  EXPECT_EQ(H.Trace->Starts, 0);
  EXPECT_FALSE(H.R->finalize());
  EXPECT_TRUE(H.Dir.entries().empty());
  EXPECT_TRUE(H.Lines.empty());
}

TEST(Runtime, MissingCuptiGivesASitesOnlyProfileAndOneWarning) {
  Harness H;
  H.Trace->Status = TraceStatus{};
  H.Trace->Status.ActivityFailure =
      Failure{FailureKind::CuptiMissing, "cannot load libcupti"};
  H.Trace->Status.CallbackFailure = H.Trace->Status.ActivityFailure;
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  // Nothing reaches the runtime but the ABI calls.
  for (int I = 0; I < 3; ++I) {
    H.R->launchBegin(&Sites[I % 2]);
    H.R->launchEnd(&Sites[I % 2]);
  }
  json J = H.finalizeAndRead();
  ASSERT_EQ(H.Lines.size(), 1u);
  EXPECT_EQ(H.Lines[0].rfind("headroom: kernel timing unavailable", 0), 0u)
      << H.Lines[0];
  EXPECT_EQ(J["collection"]["mode"], "sites");
  EXPECT_EQ(J["collection"]["requested_mode"], "counters");
  EXPECT_EQ(J["collection"]["warnings"].size(), 1u);
  EXPECT_EQ(J["sites"].size(), 2u);
  EXPECT_TRUE(J["kernels"].empty());
  EXPECT_EQ(H.Trace->Flushes, 0) << "nothing to flush without the activity API";
}

TEST(Runtime, PrivilegeErrorGivesATimingOnlyProfileAndOneWarning) {
  Harness H;
  H.Sampler->Starts = {
      SampleStart{SampleStart::Status::Failed, "",
                  Failure{FailureKind::InsufficientPrivileges,
                          "cuptiProfilerGetCounterAvailability: "
                          "CUPTI_ERROR_INSUFFICIENT_PRIVILEGES"}}};
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchPlayer P = H.player();
  P.launch(&Sites[0], "_Z5saxpyv", {64, 1, 1}, {256, 1, 1}, 100);
  P.launch(&Sites[0], "_Z5saxpyv", {64, 1, 1}, {256, 1, 1}, 110);
  P.launch(&Sites[1], "_Z5scalev", {1, 1, 1}, {32, 1, 1}, 50);
  EXPECT_EQ(H.Sampler->Begun.size(), 1u) << "no second try after a failure";
  EXPECT_EQ(H.Sampler->Ends, 0);
  json J = H.finalizeAndRead();
  ASSERT_EQ(H.Lines.size(), 1u);
  EXPECT_NE(H.Lines[0].find("CUPTI_ERROR_INSUFFICIENT_PRIVILEGES"),
            std::string::npos);
  EXPECT_NE(H.Lines[0].find("recording kernel times only"), std::string::npos);
  EXPECT_EQ(J["collection"]["mode"], "time");
  const json *Saxpy = H.kernel(J, "_Z5saxpyv");
  ASSERT_TRUE(Saxpy);
  EXPECT_EQ((*Saxpy)["site"], 0);
  EXPECT_EQ((*Saxpy)["launches"], 2);
  EXPECT_EQ((*Saxpy)["timed_launches"], 2);
  EXPECT_FALSE((*Saxpy).contains("counters"));
  EXPECT_NE((*Saxpy)["counter_error"].get<std::string>().find("PRIVILEGES"),
            std::string::npos);
  EXPECT_EQ(H.kernel(J, "_Z5scalev")->value("launches", 0), 1);
}

TEST(Runtime, FailureAtEndOfASampleAlsoStopsCounters) {
  Harness H;
  H.Sampler->Results = {SampleResult{
      SampleResult::Status::Failed,
      {},
      "",
      Failure{FailureKind::HardwareBusy,
              "cuptiRangeProfilerStop: CUPTI_ERROR_HARDWARE_BUSY"}}};
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchPlayer P = H.player();
  P.launch(&Sites[0], "_Z5saxpyv", {64, 1, 1}, {256, 1, 1}, 100);
  P.launch(&Sites[1], "_Z5scalev", {1, 1, 1}, {32, 1, 1}, 50);
  EXPECT_EQ(H.Sampler->Begun.size(), 1u);
  json J = H.finalizeAndRead();
  EXPECT_EQ(H.Lines.size(), 1u);
  EXPECT_EQ(J["collection"]["mode"], "time");
}

TEST(Runtime, SkippedAndRetriedSamplesTryTheNextLaunch) {
  Harness H;
  H.Sampler->Starts = {
      SampleStart{SampleStart::Status::Skipped, "stream is capturing", {}},
      SampleStart{SampleStart::Status::Started, "", {}}};
  H.Sampler->Results = {
      SampleResult{
          SampleResult::Status::Retry, {}, "2 ranges instead of 1", {}},
      SampleResult{SampleResult::Status::Ok, {{"m", 5.0}}, "", {}}};
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchPlayer P = H.player();
  for (int I = 0; I < 4; ++I)
    P.launch(&Sites[0], "_Z5saxpyv", {64, 1, 1}, {256, 1, 1}, 100);
  EXPECT_EQ(H.Sampler->Begun.size(), 3u); // skipped, retried, ok
  json J = H.finalizeAndRead();
  EXPECT_EQ(J["kernels"][0]["counters"]["m"], 5.0);
  EXPECT_EQ(J["collection"]["diagnostics"]["samples_skipped"], 1);
  EXPECT_EQ(J["collection"]["diagnostics"]["samples_retried"], 1);
  EXPECT_EQ(J["collection"]["diagnostics"]["samples_taken"], 1);
  EXPECT_TRUE(H.Lines.empty());
}

TEST(Runtime, ExternalCorrelationJoinsRecordsInEitherOrder) {
  for (bool ExternalLast : {false, true}) {
    Harness H(Mode::Time, [](RuntimeConfig &C) {
      C.Correlation = CorrelationSource::External;
    });
    H.Trace->Status.ExternalCorrelation = true;
    H.Trace->ExternalAfterKernels = ExternalLast;
    H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
    EXPECT_TRUE(H.Trace->Options.ExternalCorrelation);
    LaunchPlayer P = H.player();
    std::uint32_t A =
        P.launch(&Sites[1], "_Z5scalev", {1, 1, 1}, {32, 1, 1}, 50);
    P.launch(nullptr, "library_kernel", {2, 1, 1}, {64, 1, 1}, 70);
    // The site's id was pushed around its launch only.
    EXPECT_EQ(H.Trace->Pushed, (std::vector<std::uint64_t>{1}));
    EXPECT_EQ(H.Trace->Pops, 1);
    H.Trace->QueuedExternal.push_back({A, 1});
    json J = H.finalizeAndRead();
    EXPECT_EQ(J["collection"]["correlation"], "external");
    EXPECT_EQ(H.kernel(J, "_Z5scalev")->at("site"), 1) << ExternalLast;
    EXPECT_TRUE(H.kernel(J, "library_kernel")->at("site").is_null());
  }
}

TEST(Runtime, FailedCallbacksFallBackToExternalCorrelation) {
  Harness H;
  H.Trace->Status.Callbacks = false;
  H.Trace->Status.ExternalCorrelation = true;
  H.Trace->Status.CallbackFailure =
      Failure{FailureKind::MultipleSubscribers,
              "cuptiSubscribe: CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED"};
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchPlayer P = H.player();
  std::uint32_t A =
      P.launch(&Sites[0], "_Z5saxpyv", {64, 1, 1}, {256, 1, 1}, 90);
  H.Trace->QueuedExternal.push_back({A, 0});
  json J = H.finalizeAndRead();
  ASSERT_EQ(H.Lines.size(), 1u);
  EXPECT_NE(H.Lines[0].find("hardware counters unavailable"),
            std::string::npos);
  EXPECT_NE(H.Lines[0].find("Nsight"), std::string::npos);
  EXPECT_EQ(J["collection"]["mode"], "time");
  EXPECT_EQ(J["kernels"][0]["site"], 0);
  EXPECT_EQ(J["collection"]["warnings"].size(), 2u) << "the fallback is noted";
}

TEST(Runtime, SeveralFailuresStillPrintOneLine) {
  Harness H(Mode::Counters, [](RuntimeConfig &C) {
    C.ProfilePath = "/nonexistent-dir/profile.json";
  });
  H.Trace->Status.Callbacks = false;
  H.Trace->Status.CallbackFailure =
      Failure{FailureKind::Other, "cuptiSubscribe: CUPTI_ERROR_UNKNOWN"};
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  H.R->registerSites(Sites, 2, /*AbiVersion=*/99);
  EXPECT_FALSE(H.R->finalize());
  EXPECT_EQ(H.Lines.size(), 1u);
  EXPECT_GE(H.R->degradation().warnings().size(), 3u);
}

TEST(Runtime, FinalizeWritesOnce) {
  Harness H;
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  EXPECT_TRUE(H.R->finalize());
  std::filesystem::remove(H.Dir.file("profile.json"));
  EXPECT_FALSE(H.R->finalize());
  EXPECT_TRUE(H.Dir.entries().empty());
  EXPECT_EQ(H.Trace->Flushes, 1);
}

TEST(Runtime, ConfigErrorsAreTheOneLine) {
  Harness H(Mode::Counters, [](RuntimeConfig &C) {
    C.Errors.push_back("HEADROOM_MODE='fast' is not off, time or counters");
  });
  ASSERT_EQ(H.Lines.size(), 1u);
  EXPECT_EQ(H.Lines[0],
            "headroom: HEADROOM_MODE='fast' is not off, time or counters");
}

TEST(Runtime, LaunchOnAnotherThreadWaitsForAProfiledLaunch) {
  Harness H;
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchInfo Sampled;
  Sampled.addCorrelationId(500);
  Sampled.KernelName = "_Z5saxpyv";
  H.R->launchBegin(&Sites[0]);
  H.Trace->Observer->launchEnter(Sampled); // Profiling starts here.
  ASSERT_EQ(H.Sampler->Begun.size(), 1u);

  std::atomic<bool> OtherDone{false};
  std::thread Other([&] {
    LaunchInfo L;
    L.addCorrelationId(600);
    L.KernelName = "library_kernel";
    H.Trace->Observer->launchEnter(L);
    OtherDone = true;
    H.Trace->Observer->launchExit(L);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_FALSE(OtherDone.load()) << "entered while a launch was profiled";
  H.Trace->Observer->launchExit(Sampled);
  H.R->launchEnd(&Sites[0]);
  Other.join();
  EXPECT_TRUE(OtherDone.load());
  EXPECT_EQ(H.Sampler->Ends, 1);
}

TEST(Runtime, ContextDestructionReachesTheSampler) {
  Harness H;
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  int Ctx = 0;
  H.Trace->Observer->contextDestroying(&Ctx);
  ASSERT_EQ(H.Sampler->DestroyedContexts.size(), 1u);
  EXPECT_EQ(H.Sampler->DestroyedContexts[0], &Ctx);
}

TEST(Runtime, UnbalancedBracketsDoNotLeakSites) {
  Harness H(Mode::Time);
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  H.R->launchEnd(&Sites[1]); // End without begin: ignored.
  H.R->launchBegin(&Sites[0]);
  H.R->launchBegin(&Sites[1]);
  H.R->launchEnd(&Sites[0]); // Pops both.
  LaunchPlayer P = H.player();
  P.launch(nullptr, "library_kernel", {1, 1, 1}, {1, 1, 1}, 10);
  json J = H.finalizeAndRead();
  EXPECT_TRUE(J["kernels"][0]["site"].is_null());
}

} // namespace
