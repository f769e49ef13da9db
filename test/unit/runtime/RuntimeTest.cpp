//===- RuntimeTest.cpp - The runtime's logic through fake hardware --------===//

#include "Runtime.h"

#include "FakeHardware.h"
#include "RuntimeHarness.h"
#include "TempDir.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <map>
#include <thread>

using namespace headroom::rt;
using namespace headroom::rt::test;
using nlohmann::json;

namespace {

const headroom_site_info Sites[] = {
    {"/src/app.cu", 40, 5, "saxpy", "/src/app.cu", 10, 17},
    {"/src/app.cu", 55, 5, "scale", "/src/app.cu", 20, 17},
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

TEST(Runtime, TheBuildsProfileIsWrittenWhereTheBuildPutIt) {
  Harness H(Mode::Time, [](RuntimeConfig &C) { C.ProfilePath = ""; });
  H.R->setDefaultProfile(H.Dir.file("build-%p.json").c_str());
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  EXPECT_TRUE(H.R->finalize());
  json J = json::parse(readFile(H.Dir.file("build-1234.json")));
  EXPECT_EQ(J["sites"].size(), 2u);
  EXPECT_TRUE(H.Lines.empty());
}

TEST(Runtime, AVariableBeatsTheBuildsProfile) {
  Harness H(Mode::Time,
            [](RuntimeConfig &C) { C.ProfileFrom = ProfileChoice::Variable; });
  H.R->setDefaultProfile(H.Dir.file("build.json").c_str());
  H.finalizeAndRead();
  EXPECT_FALSE(std::filesystem::exists(H.Dir.file("build.json")));
}

TEST(Runtime, AnUnwritableBuildProfileFallsBackWithOneLine) {
  TempDir Elsewhere;
  std::string Fallback = Elsewhere.file("headroom-profile.json");
  Harness H(Mode::Time,
            [&](RuntimeConfig &C) { C.FallbackProfilePath = Fallback; });
  H.R->setDefaultProfile("/nonexistent-dir/headroom-profile.json");
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  EXPECT_TRUE(H.R->finalize());
  ASSERT_EQ(H.Lines.size(), 1u);
  EXPECT_EQ(H.Lines[0].rfind("headroom: profile not written where the build "
                             "put it (cannot create a temporary file for "
                             "/nonexistent-dir/headroom-profile.json: ",
                             0),
            0u)
      << H.Lines[0];
  EXPECT_NE(H.Lines[0].find("writing " + Fallback + " instead"),
            std::string::npos)
      << H.Lines[0];
  json J = json::parse(readFile(Fallback));
  EXPECT_EQ(J["sites"].size(), 2u);
  EXPECT_EQ(J["collection"]["warnings"].size(), 1u) << "the profile says so";
}

TEST(Runtime, SitesRecordTheDirectoryTheirTableWasRegisteredWith) {
  Harness H;
  // As headroom_register_sites_in registers an instrumented unit's table;
  // a table registered without one (older objects) records none.
  H.R->registerSites(&Sites[0], 1, HEADROOM_RUNTIME_ABI_VERSION,
                     "/home/me/proj/build");
  H.R->registerSites(&Sites[1], 1, HEADROOM_RUNTIME_ABI_VERSION);
  json J = H.finalizeAndRead();
  ASSERT_EQ(J["sites"].size(), 2u);
  EXPECT_EQ(J["sites"][0]["directory"], "/home/me/proj/build");
  EXPECT_FALSE(J["sites"][1].contains("directory"));
}

TEST(Runtime, ScopesRecordTheDirectoryTheirTableWasRegisteredWith) {
  Harness H;
  // headroom_register_scopes_in, as instrumented library calls register
  // their scopes; a table registered with headroom_register_scopes records
  // none.
  static const headroom_scope_info Scopes[] = {
      {"app.cu", 50, 5, "cublasSgemm"}, {"app.cu", 51, 5, "thrust::sort"}};
  H.R->registerScopes(&Scopes[0], 1, HEADROOM_RUNTIME_ABI_VERSION,
                      "/home/me/proj/build");
  H.R->registerScopes(&Scopes[1], 1, HEADROOM_RUNTIME_ABI_VERSION);
  json J = H.finalizeAndRead();
  ASSERT_EQ(J["scopes"].size(), 2u);
  EXPECT_EQ(J["scopes"][0]["directory"], "/home/me/proj/build");
  EXPECT_EQ(J["scopes"][0]["name"], "cublasSgemm");
  EXPECT_FALSE(J["scopes"][1].contains("directory"));
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

const headroom_scope_info Scopes[] = {
    {"/src/app.cu", 70, 3, "thrust::sort"},
    {"/src/app.cu", 80, 3, "cublasSgemm"},
};

/// One launch outside any bracket of the test itself (the caller sets them),
/// with its record queued; returns the driver call's id.
std::uint32_t bare(Harness &H, std::uint32_t Id, const char *Kernel,
                   std::uint64_t Ns = 100, Dim3 Grid = {1, 1, 1}) {
  LaunchInfo L;
  L.addCorrelationId(Id);
  L.KernelName = Kernel;
  L.Grid = Grid;
  L.Block = {32, 1, 1};
  H.Trace->Observer->launchEnter(L);
  H.Trace->Observer->launchExit(L);
  KernelRecord K;
  K.CorrelationId = Id;
  K.Name = Kernel;
  K.StartNs = 1000;
  K.EndNs = 1000 + Ns;
  K.Grid = L.Grid;
  K.Block = L.Block;
  H.Trace->Queued.push_back(K);
  return Id;
}

TEST(Runtime, LibraryLaunchesGoToTheInnermostBracket) {
  Harness H(Mode::Time);
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  H.R->registerScopes(Scopes, 2, HEADROOM_RUNTIME_ABI_VERSION);
  H.R->scopeBegin(&Scopes[0]);
  bare(H, 10, "_Z9radixSortv");
  bare(H, 11, "_Z9radixSortv");
  H.R->scopeBegin(&Scopes[1]); // Nested: the inner scope wins.
  bare(H, 12, "gemm_kernel");
  H.R->launchBegin(&Sites[0]); // A site inside a scope wins too.
  bare(H, 13, "_Z5saxpyv");
  H.R->launchEnd(&Sites[0]);
  H.R->scopeEnd(&Scopes[1]);
  bare(H, 14, "_Z9radixSortv");
  H.R->scopeEnd(&Scopes[0]);
  bare(H, 15, "_Z9radixSortv"); // Outside every bracket.
  json J = H.finalizeAndRead();
  ASSERT_EQ(J["scopes"].size(), 2u);
  EXPECT_EQ(J["scopes"][1]["name"], "cublasSgemm");
  EXPECT_EQ(J["scopes"][1]["line"], 80);
  std::map<std::pair<std::string, std::string>, int> Seen;
  for (const json &K : J["kernels"])
    Seen[{K["site"].dump(), K["scope"].dump()}] += K["launches"].get<int>();
  EXPECT_EQ((Seen[{"null", "0"}]), 3);
  EXPECT_EQ((Seen[{"null", "1"}]), 1);
  EXPECT_EQ((Seen[{"0", "null"}]), 1);
  EXPECT_EQ((Seen[{"null", "null"}]), 1);
  EXPECT_EQ(J["collection"]["diagnostics"]["joined_to_scopes"], 4);
}

TEST(Runtime, UnregisteredScopeIsRegisteredAtFirstUse) {
  Harness H(Mode::Time);
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  H.R->scopeBegin(&Scopes[1]);
  bare(H, 10, "gemm_kernel");
  H.R->scopeEnd(&Scopes[1]);
  json J = H.finalizeAndRead();
  ASSERT_EQ(J["scopes"].size(), 1u);
  EXPECT_EQ(J["scopes"][0]["name"], "cublasSgemm");
  EXPECT_EQ(J["kernels"][0]["scope"], 0);
}

TEST(Runtime, EachHostThreadHasItsOwnBrackets) {
  Harness H(Mode::Counters);
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  H.R->registerScopes(Scopes, 2, HEADROOM_RUNTIME_ABI_VERSION);
  constexpr int Threads = 4, Each = 500;
  std::vector<std::thread> Pool;
  for (int T = 0; T < Threads; ++T)
    Pool.emplace_back([&H, T] {
      for (int I = 0; I < Each; ++I) {
        std::uint32_t Id = 1000 + T * 10000 + I;
        LaunchInfo L;
        L.addCorrelationId(Id);
        L.KernelName = T % 2 ? "_Z5scalev" : "_Z5saxpyv";
        L.Grid = {std::uint32_t(T + 1), 1, 1};
        if (T < 2)
          H.R->launchBegin(&Sites[T]);
        else
          H.R->scopeBegin(&Scopes[T - 2]);
        H.Trace->Observer->launchEnter(L);
        H.Trace->Observer->launchExit(L);
        if (T < 2)
          H.R->launchEnd(&Sites[T]);
        else
          H.R->scopeEnd(&Scopes[T - 2]);
        KernelRecord K;
        K.CorrelationId = Id;
        K.Name = L.KernelName;
        K.StartNs = 1;
        K.EndNs = 11;
        K.Grid = L.Grid;
        std::vector<KernelRecord> One{K};
        H.Trace->Observer->kernelRecords(One); // From this thread, too.
      }
    });
  for (std::thread &T : Pool)
    T.join();
  json J = H.finalizeAndRead();
  int PerThread[Threads] = {};
  for (const json &K : J["kernels"]) {
    int T = K["grid"][0].get<int>() - 1;
    if (T < 2)
      EXPECT_EQ(K["site"], T);
    else
      EXPECT_EQ(K["scope"], T - 2);
    PerThread[T] += K["launches"].get<int>();
  }
  for (int T = 0; T < Threads; ++T)
    EXPECT_EQ(PerThread[T], Each) << T;
  // Each site and each scope was sampled once: scoped (library) launches
  // are sampled by default.
  EXPECT_EQ(H.Sampler->Begun.size(), 4u);
}

TEST(Runtime, GraphKernelNodesAreTimedAttributedAndNotSampled) {
  Harness H(Mode::Counters);
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  H.R->registerScopes(Scopes, 2, HEADROOM_RUNTIME_ABI_VERSION);
  // Stream capture inside site 0 adds node 77; instantiation clones it to
  // 78. A node added inside no bracket: 90.
  H.R->launchBegin(&Sites[0]);
  H.Trace->Observer->graphNodeCreated(77);
  H.R->launchEnd(&Sites[0]);
  H.Trace->Observer->graphNodeCreated(90);
  H.Trace->Observer->graphNodeCloned(77, 78);
  H.Trace->Observer->graphNodeCloned(90, 91);
  // The graph is launched inside scope 1 (id 500) and outside (id 600).
  auto GraphLaunch = [&](std::uint32_t Id) {
    LaunchInfo L;
    L.addCorrelationId(Id);
    H.Trace->Observer->graphLaunch(L);
    for (std::uint64_t Node : {78u, 91u}) {
      KernelRecord K;
      K.CorrelationId = Id;
      K.Name = Node == 78 ? "_Z5saxpyv" : "_Z5scalev";
      K.StartNs = 100;
      K.EndNs = 150;
      K.GraphId = 3;
      K.GraphNodeId = Node;
      H.Trace->Queued.push_back(K);
    }
  };
  H.R->scopeBegin(&Scopes[1]);
  GraphLaunch(500);
  H.R->scopeEnd(&Scopes[1]);
  GraphLaunch(600);
  json J = H.finalizeAndRead();
  EXPECT_TRUE(H.Sampler->Begun.empty()) << "graph launches are never sampled";
  std::map<std::string, json> ByWhere;
  for (const json &K : J["kernels"])
    ByWhere[K["name"].get<std::string>() + "@" + K["site"].dump() + "/" +
            K["scope"].dump()] = K;
  ASSERT_TRUE(ByWhere.count("_Z5saxpyv@0/null")) << J["kernels"].dump();
  const json &Captured = ByWhere["_Z5saxpyv@0/null"];
  EXPECT_EQ(Captured["launches"], 2) << "the capture site, however launched";
  EXPECT_EQ(Captured["graph_launches"], 2);
  EXPECT_EQ(Captured["timed_launches"], 2);
  EXPECT_FALSE(Captured.contains("counters"));
  EXPECT_NE(Captured["counter_note"].get<std::string>().find("graph"),
            std::string::npos);
  ASSERT_TRUE(ByWhere.count("_Z5scalev@null/1"));
  EXPECT_EQ(ByWhere["_Z5scalev@null/1"]["launches"], 1)
      << "the bracket around the graph launch";
  ASSERT_TRUE(ByWhere.count("_Z5scalev@null/null"));
  EXPECT_EQ(ByWhere["_Z5scalev@null/null"]["launches"], 1);
  ASSERT_EQ(J["collection"]["notes"].size(), 1u);
  EXPECT_NE(J["collection"]["notes"][0].get<std::string>().find("graph"),
            std::string::npos);
  EXPECT_EQ(J["collection"]["diagnostics"]["graph_nodes_attributed"], 2);
}

TEST(Runtime, EveryNthSamplingAveragesTheSamples) {
  Harness H(Mode::Counters, [](RuntimeConfig &C) {
    C.Rule = SamplingRule{SamplingRule::Kind::Every, 3};
  });
  H.Sampler->Results = {
      SampleResult{SampleResult::Status::Ok, {{"m", 10.0}}, "", {}},
      SampleResult{SampleResult::Status::Ok, {{"m", 20.0}}, "", {}},
      SampleResult{SampleResult::Status::Ok, {{"m", 60.0}}, "", {}}};
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchPlayer P = H.player();
  for (int I = 0; I < 7; ++I)
    P.launch(&Sites[0], "_Z5saxpyv", {8, 1, 1}, {64, 1, 1}, 100);
  EXPECT_EQ(H.Sampler->Begun.size(), 3u); // launches 1, 4 and 7
  json J = H.finalizeAndRead();
  EXPECT_EQ(J["collection"]["sampling"], "every:3");
  const json &K = J["kernels"][0];
  EXPECT_EQ(K["launches"], 7);
  EXPECT_EQ(K["counter_launches"], 3);
  EXPECT_DOUBLE_EQ(K["counters"]["m"].get<double>(), 30.0);
  EXPECT_EQ(K["timed_launches"], 4) << "sampled launches are timed apart";
}

TEST(Runtime, SampleOffTimesOnly) {
  Harness H(Mode::Counters, [](RuntimeConfig &C) {
    C.Rule = SamplingRule{SamplingRule::Kind::Off, 1};
  });
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchPlayer P = H.player();
  P.launch(&Sites[0], "_Z5saxpyv", {8, 1, 1}, {64, 1, 1}, 100);
  EXPECT_TRUE(H.Sampler->Begun.empty());
  json J = H.finalizeAndRead();
  EXPECT_EQ(J["collection"]["mode"], "time");
  EXPECT_EQ(J["collection"]["sampling"], "off");
  EXPECT_TRUE(H.Lines.empty());
}

TEST(Runtime, AKernelReplayCannotRunIsTimedOnlyWithOneLine) {
  Harness H;
  H.Sampler->Starts = {
      SampleStart{SampleStart::Status::Refused,
                  "argument 1 points to host memory: a kernel that waits "
                  "there for the host would hang under kernel replay",
                  {}},
      SampleStart{SampleStart::Status::Started, "", {}}};
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchPlayer P = H.player();
  P.launch(&Sites[0], "_Z8waitHostPi", {1, 1, 1}, {1, 1, 1}, 100);
  P.launch(&Sites[0], "_Z8waitHostPi", {1, 1, 1}, {1, 1, 1}, 100);
  P.launch(&Sites[1], "_Z5scalev", {1, 1, 1}, {32, 1, 1}, 50);
  EXPECT_EQ(H.Sampler->Begun,
            (std::vector<std::string>{"_Z8waitHostPi", "_Z5scalev"}))
      << "a refused entry is never tried again; others still are";
  json J = H.finalizeAndRead();
  ASSERT_EQ(H.Lines.size(), 1u);
  EXPECT_NE(H.Lines[0].find("hardware counters not collected for a kernel"),
            std::string::npos)
      << H.Lines[0];
  EXPECT_NE(H.Lines[0].find("_Z8waitHostPi"), std::string::npos);
  EXPECT_NE(H.Lines[0].find("ncu --replay-mode application"),
            std::string::npos);
  const json *Wait = H.kernel(J, "_Z8waitHostPi");
  ASSERT_TRUE(Wait);
  EXPECT_EQ((*Wait)["launches"], 2);
  EXPECT_EQ((*Wait)["timed_launches"], 2);
  EXPECT_FALSE(Wait->contains("counters"));
  EXPECT_NE((*Wait)["counter_note"].get<std::string>().find("host memory"),
            std::string::npos);
  EXPECT_TRUE(H.kernel(J, "_Z5scalev")->contains("counters"));
  EXPECT_EQ(J["collection"]["mode"], "counters");
}

TEST(Runtime, ACounterSessionFailingMidRunKeepsWhatWasCollected) {
  Harness H;
  H.Sampler->Starts = {
      SampleStart{SampleStart::Status::Started, "", {}},
      SampleStart{
          SampleStart::Status::Failed, "",
          Failure{FailureKind::HardwareBusy,
                  "cuptiRangeProfilerEnable: CUPTI_ERROR_HARDWARE_BUSY"}}};
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchPlayer P = H.player();
  P.launch(&Sites[0], "_Z5saxpyv", {8, 1, 1}, {64, 1, 1}, 100);  // sampled
  P.launch(&Sites[1], "_Z5scalev", {8, 1, 1}, {64, 1, 1}, 100);  // fails
  P.launch(&Sites[0], "_Z5saxpyv", {16, 1, 1}, {64, 1, 1}, 100); // not tried
  EXPECT_EQ(H.Sampler->Begun.size(), 2u);
  json J = H.finalizeAndRead();
  ASSERT_EQ(H.Lines.size(), 1u);
  EXPECT_NE(H.Lines[0].find("CUPTI_ERROR_HARDWARE_BUSY"), std::string::npos);
  EXPECT_NE(H.Lines[0].find("dcgmi profile --pause"), std::string::npos);
  EXPECT_EQ(J["collection"]["mode"], "counters")
      << "what was sampled before the failure is in the profile";
  EXPECT_TRUE(H.kernel(J, "_Z5saxpyv", 8)->contains("counters"));
  EXPECT_NE(
      (*H.kernel(J, "_Z5scalev"))["counter_error"].get<std::string>().find(
          "HARDWARE_BUSY"),
      std::string::npos);
  // Never sampled: its counters are grid 8's, scaled, and say so.
  const json &Later = *H.kernel(J, "_Z5saxpyv", 16);
  EXPECT_EQ(Later["counters_estimated"]["from"]["grid"][0], 8);
  EXPECT_EQ(Later["counter_launches"], 0);
  EXPECT_EQ(Later["launches"], 1);
}

TEST(Runtime, CollectiveKernelsAreNeverSampledEvenInScopeAll) {
  Harness H(Mode::Counters,
            [](RuntimeConfig &C) { C.Scope = SamplingScope::All; });
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchPlayer P = H.player();
  P.launch(nullptr, "ncclDevKernel_AllReduce_Sum_f32_RING_LL", {4, 1, 1},
           {512, 1, 1}, 100);
  EXPECT_TRUE(H.Sampler->Begun.empty());
  json J = H.finalizeAndRead();
  EXPECT_NE(J["kernels"][0]["counter_note"].get<std::string>().find("hang"),
            std::string::npos);
  EXPECT_TRUE(H.Lines.empty()) << "a design choice, not a degradation";
}

TEST(Runtime, NoDeviceIsReportedAtExitWhenNothingRan) {
  Harness H;
  H.Trace->NoDevice =
      Failure{FailureKind::NoDevice,
              "cuInit: CUDA_ERROR_NO_DEVICE, CUDA_VISIBLE_DEVICES=''"};
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  H.R->launchBegin(&Sites[0]);
  H.R->launchEnd(&Sites[0]);
  json J = H.finalizeAndRead();
  EXPECT_EQ(H.Trace->DeviceProblemQueries, 1);
  ASSERT_EQ(H.Lines.size(), 1u);
  EXPECT_NE(H.Lines[0].find("CUDA_ERROR_NO_DEVICE"), std::string::npos);
  EXPECT_NE(H.Lines[0].find("CUDA_VISIBLE_DEVICES"), std::string::npos);
  EXPECT_EQ(J["collection"]["mode"], "sites");
}

TEST(Runtime, DeviceIsNotProbedWhenKernelsRan) {
  Harness H;
  H.Trace->NoDevice = Failure{FailureKind::NoDevice, "should not be asked"};
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  H.player().launch(&Sites[0], "_Z5saxpyv", {8, 1, 1}, {64, 1, 1}, 100);
  json J = H.finalizeAndRead();
  EXPECT_EQ(H.Trace->DeviceProblemQueries, 0);
  EXPECT_TRUE(H.Lines.empty());
}

TEST(Runtime, SnapshotsWriteWhileTheProgramRunsAndExitWritesLast) {
  Harness H(Mode::Time, [](RuntimeConfig &C) { C.FlushIntervalS = 30; });
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchPlayer P = H.player();
  P.launch(&Sites[0], "_Z5saxpyv", {8, 1, 1}, {64, 1, 1}, 100);
  ASSERT_TRUE(H.R->writeSnapshot("periodic"));
  EXPECT_TRUE(H.Trace->LastFlushForced)
      << "a buffer is delivered only full otherwise";
  json Snap = json::parse(readFile(H.Dir.file("profile.json")));
  EXPECT_EQ(Snap["collection"]["trigger"], "periodic");
  EXPECT_EQ(Snap["collection"]["flush_interval_s"], 30.0);
  EXPECT_EQ(Snap["kernels"][0]["launches"], 1);
  P.launch(&Sites[0], "_Z5saxpyv", {8, 1, 1}, {64, 1, 1}, 100);
  ASSERT_TRUE(H.R->writeSnapshot("SIGINT"));
  EXPECT_EQ(json::parse(
                readFile(H.Dir.file("profile.json")))["kernels"][0]["launches"],
            2);
  json Final = H.finalizeAndRead();
  EXPECT_EQ(Final["collection"]["trigger"], "exit");
  EXPECT_EQ(Final["collection"]["diagnostics"]["profile_writes"], 3);
  EXPECT_FALSE(H.R->writeSnapshot("periodic")) << "nothing after the final";
  EXPECT_EQ(H.Dir.entries().size(), 1u) << "no temporary file is left";
}

TEST(Runtime, FinalWriteNamesTheSignalThatEndsTheProcess) {
  Harness H;
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  H.player().launch(&Sites[0], "_Z5saxpyv", {8, 1, 1}, {64, 1, 1}, 100);
  ASSERT_TRUE(H.R->finalize("SIGTERM"));
  json J = json::parse(readFile(H.Dir.file("profile.json")));
  EXPECT_EQ(J["collection"]["trigger"], "SIGTERM");
  EXPECT_EQ(J["kernels"][0]["launches"], 1);
}

TEST(Runtime, ExternalCorrelationCarriesScopesToo) {
  Harness H(Mode::Time, [](RuntimeConfig &C) {
    C.Correlation = CorrelationSource::External;
  });
  H.Trace->Status.ExternalCorrelation = true;
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  H.R->registerScopes(Scopes, 2, HEADROOM_RUNTIME_ABI_VERSION);
  H.R->scopeBegin(&Scopes[1]);
  std::uint32_t A = bare(H, 40, "gemm_kernel");
  H.R->scopeEnd(&Scopes[1]);
  ASSERT_EQ(H.Trace->Pushed.size(), 1u);
  EXPECT_EQ(H.Trace->Pushed[0], (1ULL << 32) | 1u);
  H.Trace->QueuedExternal.push_back({A, H.Trace->Pushed[0]});
  // A graph launch in external mode: both records of one call join.
  KernelRecord Second = H.Trace->Queued.back();
  Second.GraphNodeId = 5;
  H.Trace->Queued.push_back(Second);
  json J = H.finalizeAndRead();
  ASSERT_EQ(J["kernels"].size(), 1u);
  EXPECT_EQ(J["kernels"][0]["scope"], 1);
  EXPECT_EQ(J["kernels"][0]["launches"], 2);
}

/// Launches of one kernel from site 0 with grids of 1 to \p Grids blocks,
/// each taking \p OwnNs of the program's time on the budget's clock.
void launchGrowingGrids(Harness &H, unsigned Grids, std::uint64_t OwnNs = 0) {
  H.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchPlayer P = H.player();
  for (unsigned G = 1; G <= Grids; ++G) {
    H.ClockNs += OwnNs;
    P.launch(&Sites[0], "_Z5saxpyv", {G, 1, 1}, {256, 1, 1}, 1000 + G);
  }
}

std::size_t estimatedEntries(const json &J) {
  std::size_t N = 0;
  for (const json &K : J["kernels"])
    N += K.contains("counters_estimated");
  return N;
}

TEST(Runtime, VaryingGridsAreSampledPerSizeClassAndEstimatedElsewhere) {
  Harness H;
  launchGrowingGrids(H, 600);
  // Size classes 0..18 of 1..600 blocks, at most 16 samples of the kernel.
  EXPECT_EQ(H.Sampler->Begun.size(), 16u);
  json J = H.finalizeAndRead();
  ASSERT_EQ(J["kernels"].size(), 600u);
  EXPECT_EQ(estimatedEntries(J), 584u);
  const json &C = J["collection"];
  EXPECT_EQ(C["sampling_limits"]["grouping"], "size");
  EXPECT_EQ(C["sampling_limits"]["samples_per_kernel"], 16);
  EXPECT_TRUE(C["sampling_limits"]["budget_pct"].is_null());
  EXPECT_EQ(C["diagnostics"]["entries_estimated"], 584);
  EXPECT_EQ(C["diagnostics"]["samples_skipped_grouped"].get<int>() +
                C["diagnostics"]["samples_skipped_capped"].get<int>(),
            584);
  // Grid 5 shares grid 4's size class (floor(2 log2 5) = 4), but grid 6
  // (sampled for class 5) is nearer in threads; grids 4 and 6 bracket it.
  // The fake sampler measures 1000 instructions at every size: the line
  // through both is flat, all fixed part.
  const json *Five = H.kernel(J, "_Z5saxpyv", 5);
  ASSERT_TRUE(Five);
  ASSERT_TRUE(Five->contains("counters_estimated"));
  const json &E = (*Five)["counters_estimated"];
  EXPECT_EQ(E["from"]["grid"][0], 6);
  EXPECT_EQ(E["through_grid"][0], 4);
  EXPECT_DOUBLE_EQ(E["scale"].get<double>(), 5.0 / 6.0);
  EXPECT_DOUBLE_EQ((*Five)["counters"]["smsp__inst_executed.sum"].get<double>(),
                   1000.0);
  EXPECT_EQ((*Five)["counter_launches"], 0);
  EXPECT_NE((*Five)["counter_note"].get<std::string>().find("size class"),
            std::string::npos);
  const json *Four = H.kernel(J, "_Z5saxpyv", 4);
  ASSERT_TRUE(Four);
  EXPECT_FALSE(Four->contains("counters_estimated"));
  EXPECT_EQ((*Four)["counter_launches"], 1);
}

TEST(Runtime, ExactGroupingWithoutLimitsSamplesEveryConfiguration) {
  Harness H(Mode::Counters, [](RuntimeConfig &C) {
    C.Bounds.Grouping = SamplingGrouping::Exact;
    C.Bounds.PerKernel = std::nullopt;
  });
  launchGrowingGrids(H, 40);
  EXPECT_EQ(H.Sampler->Begun.size(), 40u);
  json J = H.finalizeAndRead();
  EXPECT_EQ(estimatedEntries(J), 0u);
  EXPECT_FALSE(J["collection"]["diagnostics"].contains("entries_estimated"));
}

TEST(Runtime, BudgetBoundsTheTimeSpentSampling) {
  Harness H(Mode::Counters, [](RuntimeConfig &C) {
    C.Bounds.Grouping = SamplingGrouping::Exact;
    C.Bounds.PerKernel = std::nullopt;
    C.BudgetPct = 20.0;
  });
  // Each sample costs 40 ms; each launch 1 ms of the program's own time.
  H.Sampler->DuringSample = [&H] { H.ClockNs += 40'000'000; };
  launchGrowingGrids(H, 1000, /*OwnNs=*/1'000'000);
  // 20% of 1 s is 5 samples of 40 ms, and the kernel's first is free.
  EXPECT_GE(H.Sampler->Begun.size(), 4u);
  EXPECT_LE(H.Sampler->Begun.size(), 6u);
  json J = H.finalizeAndRead();
  const json &D = J["collection"]["diagnostics"];
  EXPECT_EQ(J["collection"]["sampling_limits"]["budget_pct"], 20.0);
  EXPECT_LE(D["sample_us_total"].get<double>(),
            0.2 * D["program_us"].get<double>() + 40'000);
  EXPECT_EQ(D["samples_skipped_over_budget"].get<std::size_t>() +
                H.Sampler->Begun.size(),
            1000u);
  EXPECT_EQ(estimatedEntries(J), 1000u - H.Sampler->Begun.size());
}

TEST(Runtime, TheProfilerStaysEnabledUntilIdleLaunchesCostAsMuch) {
  Harness H(Mode::Counters, [](RuntimeConfig &C) {
    C.Bounds.Grouping = SamplingGrouping::Exact;
    C.Bounds.PerKernel = 1;
  });
  // Enabling cost 70 us: ten launches at the assumed 7 us each.
  H.Sampler->Results.front().EnableNs = 70'000;
  LaunchPlayer P = H.player();
  P.launch(&Sites[0], "saxpy", {4, 1, 1}, {256, 1, 1}, 1000);
  ASSERT_EQ(H.Sampler->Begun.size(), 1u);
  for (int I = 0; I < 9; ++I)
    P.launch(&Sites[0], "saxpy", {4, 1, 1}, {256, 1, 1}, 1000);
  EXPECT_EQ(H.Sampler->Releases, 0);
  P.launch(&Sites[0], "saxpy", {4, 1, 1}, {256, 1, 1}, 1000);
  EXPECT_EQ(H.Sampler->Releases, 1);
  // Released once; a new kernel's sample enables it again.
  for (int I = 0; I < 20; ++I)
    P.launch(&Sites[0], "saxpy", {4, 1, 1}, {256, 1, 1}, 1000);
  EXPECT_EQ(H.Sampler->Releases, 1);
  P.launch(&Sites[1], "scale", {4, 1, 1}, {256, 1, 1}, 1000);
  EXPECT_EQ(H.Sampler->Begun.size(), 2u);
  for (int I = 0; I < 10; ++I)
    P.launch(&Sites[0], "saxpy", {4, 1, 1}, {256, 1, 1}, 1000);
  EXPECT_EQ(H.Sampler->Releases, 2);
  json J = H.finalizeAndRead();
  EXPECT_EQ(J["collection"]["diagnostics"]["profiler_releases"], 2);
}

TEST(Runtime, AProfilerReleasedAfterEachSampleIsNotReleasedAgain) {
  Harness H(Mode::Counters,
            [](RuntimeConfig &C) { C.Lifetime = ProfilerLifetime::Sample; });
  H.Sampler->Results.front().EnableNs = 70'000;
  LaunchPlayer P = H.player();
  for (int I = 0; I < 30; ++I)
    P.launch(&Sites[0], "saxpy", {4, 1, 1}, {256, 1, 1}, 1000);
  EXPECT_EQ(H.Sampler->Begun.size(), 1u);
  EXPECT_EQ(H.Sampler->Releases, 0);
  json J = H.finalizeAndRead();
  EXPECT_FALSE(J["collection"]["diagnostics"].contains("profiler_releases"));
}

TEST(Runtime, LongCounterCollectionSaysWhatItCosts) {
  Harness H(Mode::Counters, [](RuntimeConfig &C) {
    C.Bounds.Grouping = SamplingGrouping::Exact;
    C.Bounds.PerKernel = std::nullopt;
  });
  H.Sampler->DuringSample = [&H] { H.ClockNs += 1'000'000'000; };
  launchGrowingGrids(H, 16);
  // Lines after 5 s of sampling, then 10 s later: at 5 s and 15 s.
  ASSERT_EQ(H.Lines.size(), 2u);
  EXPECT_EQ(H.Lines[0].rfind("headroom: collecting counters: 5 launches "
                             "sampled in 5.0 s",
                             0),
            0u)
      << H.Lines[0];
  EXPECT_NE(H.Lines[1].find("15 launches sampled"), std::string::npos);
}

TEST(Runtime, RuntimeCallbacksAreAskedForOnlyWhenConfigured) {
  Harness A(Mode::Time);
  A.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  EXPECT_FALSE(A.Trace->Options.RuntimeCallbacks);
  Harness B(Mode::Time, [](RuntimeConfig &C) {
    C.Correlation = CorrelationSource::CallbackRuntime;
  });
  B.R->registerSites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION);
  EXPECT_TRUE(B.Trace->Options.RuntimeCallbacks);
  EXPECT_EQ(B.finalizeAndRead()["collection"]["correlation"],
            "callback-runtime");
}

} // namespace
