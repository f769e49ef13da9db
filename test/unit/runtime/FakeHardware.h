//===- FakeHardware.h - Tracer and sampler fakes ----------------*- C++ -*-===//
///
/// \file
/// Fakes of the three hardware interfaces. FakeTracer lets a test play a
/// program: begin a site, enter and exit the launch API call (as CUPTI's
/// callbacks would), and queue the kernel record that the activity API
/// delivers later (on flush). FakeSampler and FakeStallSampler return
/// scripted outcomes.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_TEST_UNIT_RUNTIME_FAKEHARDWARE_H
#define HEADROOM_TEST_UNIT_RUNTIME_FAKEHARDWARE_H

#include "CounterSampler.h"
#include "Runtime.h"
#include "StallSampler.h"
#include "Tracer.h"

#include <deque>
#include <functional>
#include <mutex>
#include <vector>

namespace headroom::rt::test {

class FakeTracer final : public Tracer {
public:
  /// What start() reports; defaults to full success.
  TraceStatus Status = [] {
    TraceStatus S;
    S.Activity = S.Callbacks = true;
    return S;
  }();
  LaunchObserver *Observer = nullptr;
  TracerOptions Options;
  int Starts = 0;
  int Flushes = 0;
  bool LastFlushForced = false;
  std::vector<std::uint64_t> Pushed;
  int Pops = 0;
  std::vector<KernelRecord> Queued;
  std::vector<std::pair<std::uint32_t, std::uint64_t>> QueuedExternal;
  /// Deliver external-correlation records after (true) or before the
  /// kernel records on flush.
  bool ExternalAfterKernels = false;

  TraceStatus start(LaunchObserver &O, const TracerOptions &Opts) override {
    ++Starts;
    Observer = &O;
    Options = Opts;
    return Status;
  }
  void flush(bool Forced = true) override {
    LastFlushForced = Forced;
    ++Flushes;
    if (!ExternalAfterKernels)
      deliverExternal();
    if (!Queued.empty() && Status.Activity)
      Observer->kernelRecords(Queued);
    Queued.clear();
    if (ExternalAfterKernels)
      deliverExternal();
  }
  void pushExternalId(std::uint64_t Id) override { Pushed.push_back(Id); }
  void popExternalId() override { ++Pops; }
  std::uint64_t droppedRecords() const override { return 0; }
  /// What deviceProblem() answers; asked at most once per finalize.
  std::optional<Failure> NoDevice;
  int DeviceProblemQueries = 0;
  std::optional<Failure> deviceProblem() override {
    ++DeviceProblemQueries;
    return NoDevice;
  }
  std::optional<DeviceIdentity> describeDevice(std::uint32_t Index) override {
    DeviceIdentity D;
    D.Index = Index;
    D.Name = "Fake GPU " + std::to_string(Index);
    return D;
  }

private:
  void deliverExternal() {
    for (auto [C, E] : QueuedExternal)
      Observer->externalCorrelation(C, E);
    QueuedExternal.clear();
  }
};

class FakeSampler final : public CounterSampler {
public:
  /// Outcomes of successive begin() calls; the last one repeats.
  std::deque<SampleStart> Starts{
      SampleStart{SampleStart::Status::Started, "", {}}};
  std::deque<SampleResult> Results{SampleResult{
      SampleResult::Status::Ok,
      {{"smsp__inst_executed.sum", 1000.0}, {"dram__sectors_read.sum", 64.0}},
      "",
      {}}};
  std::vector<std::string> Begun; ///< Kernel names begin() saw.
  int Ends = 0;
  /// Runs in each begin() (a test's clock advances by a sample's cost).
  std::function<void()> DuringSample;
  std::vector<void *> DestroyedContexts;

  SampleStart begin(const LaunchInfo &L) override {
    Begun.push_back(L.KernelName);
    if (DuringSample)
      DuringSample();
    return next(Starts);
  }
  SampleResult end(const LaunchInfo &) override {
    ++Ends;
    return next(Results);
  }
  void contextDestroying(void *C) override { DestroyedContexts.push_back(C); }
  int Releases = 0;
  void release() override { ++Releases; }
  SamplerSetup setup() const override {
    SamplerSetup S;
    S.Metrics = {"smsp__inst_executed.sum", "dram__sectors_read.sum"};
    S.Passes = 2;
    S.Chips[0] = "GH100";
    return S;
  }

private:
  template <typename T> static T next(std::deque<T> &Q) {
    T V = Q.front();
    if (Q.size() > 1)
      Q.pop_front();
    return V;
  }
};

class FakeStallSampler final : public StallSampler {
public:
  /// Outcomes of successive begin() and end() calls; the last one repeats.
  std::deque<StallStart> Starts{StallStart{StallStart::Status::Started, {}}};
  std::deque<StallResult> Results{[] {
    StallResult R;
    R.State = StallResult::Status::Ok;
    R.Samples.Launches = 1;
    StallSamplePc Pc;
    Pc.Function = "_Z5saxpyv";
    Pc.Offset = 0x90;
    Pc.Where.File = "/src/app.cu";
    Pc.Where.Line = 12;
    Pc.Stalls = {{"long_scoreboard", 3000}, {"selected", 200}};
    R.Samples.Pcs.push_back(Pc);
    return R;
  }()};
  /// Kernel and period exponent of each begin().
  std::vector<std::pair<std::string, unsigned>> Begun;
  int Ends = 0;
  int Releases = 0;
  std::vector<std::size_t> Modules;
  std::vector<void *> DestroyedContexts;
  /// Runs in each begin().
  std::function<void()> DuringSample;

  StallStart begin(const LaunchInfo &L, unsigned Exponent) override {
    Begun.emplace_back(L.KernelName, Exponent);
    if (DuringSample)
      DuringSample();
    StallStart S = Starts.front();
    if (Starts.size() > 1)
      Starts.pop_front();
    return S;
  }
  StallResult end(const LaunchInfo &) override {
    ++Ends;
    StallResult R = Results.front();
    if (Results.size() > 1)
      Results.pop_front();
    // The sampler reports the period it was asked for.
    R.Samples.Period = std::uint64_t(1) << Begun.back().second;
    return R;
  }
  void moduleLoaded(const void *, std::size_t Size) override {
    Modules.push_back(Size);
  }
  void contextDestroying(void *C) override { DestroyedContexts.push_back(C); }
  void release() override { ++Releases; }
};

/// Plays one launch through the Runtime the way CUPTI would: the site
/// bracket, the driver launch callbacks, and a queued kernel record.
struct LaunchPlayer {
  Runtime &R;
  FakeTracer &T;
  std::uint32_t NextCorrelation = 100;
  std::uint64_t Clock = 1000;
  /// The stream of the next launches, and the allocations the tracer found
  /// their arguments point into (null: not inspected).
  void *Stream = nullptr;
  const LaunchAllocations *Allocations = nullptr;
  /// The launching thread, for launches on its own default stream.
  const void *StreamThread = nullptr;

  /// Returns the driver call's correlation id.
  std::uint32_t launch(const headroom_site_info *Site, const char *Kernel,
                       Dim3 Grid, Dim3 Block, std::uint64_t DurationNs,
                       std::uint32_t SharedBytes = 0,
                       bool RecordCarriesRuntimeId = false) {
    std::uint32_t RuntimeId = NextCorrelation++;
    std::uint32_t DriverId = NextCorrelation++;
    if (Site)
      R.launchBegin(Site);
    LaunchInfo L;
    L.addCorrelationId(DriverId);
    L.addCorrelationId(RuntimeId);
    L.KernelName = Kernel;
    L.Grid = Grid;
    L.Block = Block;
    L.DynamicSharedBytes = SharedBytes;
    L.Stream = Stream;
    L.StreamThread = StreamThread;
    L.Allocations = Allocations;
    if (T.Status.Callbacks) {
      T.Observer->launchEnter(L);
      T.Observer->launchExit(L);
    }
    if (Site)
      R.launchEnd(Site);
    KernelRecord K;
    K.CorrelationId = RecordCarriesRuntimeId ? RuntimeId : DriverId;
    K.Name = Kernel;
    K.StartNs = Clock;
    K.EndNs = Clock + DurationNs;
    Clock += DurationNs + 10;
    K.Grid = Grid;
    K.Block = Block;
    K.DynamicSharedBytes = SharedBytes;
    K.RegistersPerThread = 24;
    T.Queued.push_back(K);
    return DriverId;
  }
};

} // namespace headroom::rt::test

#endif // HEADROOM_TEST_UNIT_RUNTIME_FAKEHARDWARE_H
