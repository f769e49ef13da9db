//===- Runtime.cpp - The runtime's logic, hardware kept outside -----------===//

#include "Runtime.h"

#include "CounterEstimation.h"
#include "HookBoundary.h"
#include "ProfileExport.h"
#include "TerminationSignals.h"

#include <algorithm>
#include <chrono>
#include <set>
#include <vector>

namespace headroom::rt {

namespace {

std::atomic<std::uint64_t> NextSerial{1};

/// External correlation ids: a site's id as is, a scope's with this bit.
constexpr std::uint64_t ScopeTag = 1ULL << 32;

/// The most graph nodes remembered for attribution.
constexpr std::size_t MaxGraphNodes = 1u << 16;

LaunchKey keyOf(Attribution Where, const LaunchInfo &L) {
  return launchKey(Where, L.KernelName ? L.KernelName : "", L.Device, L.Grid,
                   L.Block, L.DynamicSharedBytes);
}

/// What the counter sampler answers to \p Ask: begin() or end() of a
/// sample, Failed if it throws.
template <typename Answer, typename AskFn> Answer askSampler(AskFn &&Ask) {
  try {
    return Ask();
  } catch (...) {
    Answer Failed;
    Failed.State = Answer::Status::Failed;
    Failed.Why = Failure{FailureKind::Other, "counter sampler threw"};
    return Failed;
  }
}

/// What an enabled, idle range profiler adds to each launch, and what
/// enabling it and starting its first session costs until measured (H100,
/// docs/perf/runtime.md).
constexpr std::uint64_t EnabledProfilerSlowdownNs = 7000;
constexpr std::uint64_t ProfilerEnableCostNs = 150'000'000;

} // namespace

/// One bracket a thread is inside.
struct Runtime::Frame {
  const void *Ptr = nullptr;
  bool IsScope = false;
  /// The site or scope id, looked up at the first launch inside.
  bool Resolved = false;
  Attribution Where;
};

/// Per-thread state of one Runtime: the brackets this thread is inside and
/// the sampled launch in flight on this thread.
struct Runtime::ThreadState {
  std::uint64_t Owner = 0;
  std::vector<Frame> Frames;
  /// A counter sample, or a warp-stall sample (at 2^StallExponent), is in
  /// flight on this thread.
  bool Sampling = false;
  bool StallSampling = false;
  unsigned StallExponent = 0;
  std::uint32_t SampleCorrelation = 0;
  LaunchKey SampleKey;
  /// When the sampler was asked to begin, and when it had begun
  /// (Runtime::now()).
  std::uint64_t SampleStartNs = 0, SampleLaunchNs = 0;
};

Runtime::ThreadState &Runtime::threadState() const {
  thread_local ThreadState State;
  if (State.Owner != Serial) {
    State = ThreadState{};
    State.Owner = Serial;
  }
  return State;
}

Runtime::Runtime(RuntimeConfig Config, std::unique_ptr<Tracer> Trace,
                 std::unique_ptr<CounterSampler> Sampler,
                 RuntimeEnvironment Env, std::unique_ptr<StallSampler> Stalls)
    : Serial(NextSerial++), Config(std::move(Config)), Trace(std::move(Trace)),
      Sampler(std::move(Sampler)), Env(std::move(Env)),
      Stalls(std::move(Stalls)), Warnings(this->Env.Emit),
      Policy(this->Config.Scope, this->Config.Rule, this->Config.SkipPatterns,
             /*MaxAttempts=*/3, this->Config.Bounds),
      Budget(this->Config.BudgetPct),
      Residency(EnabledProfilerSlowdownNs, ProfilerEnableCostNs),
      ProgressEmit(this->Env.Emit ? this->Env.Emit
                                  : Degradation::standardError()),
      Joiner(CorrelationJoiner::Options{},
             [this](JoinedLaunch &&L) { onJoined(std::move(L)); }),
      StallRule(this->Config.PcSamplingExponent) {
  for (const std::string &Error : this->Config.Errors)
    Warnings.configWarning(Error);
}

Runtime::~Runtime() = default;

std::uint64_t Runtime::now() const {
  if (Env.NowNs)
    return Env.NowNs();
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(
          std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

void Runtime::onJoined(JoinedLaunch &&Launch) {
  if (Launch.Record.GraphNodeId != 0 && !GraphNodes.empty()) {
    // A kernel node added inside a bracket (stream capture): its own site
    // is more precise than the bracket around the graph launch.
    auto It = GraphNodes.find(Launch.Record.GraphNodeId);
    if (It != GraphNodes.end()) {
      Launch.Site = It->second.Site;
      Launch.Scope = It->second.Scope;
      ++Diagnostics["graph_nodes_attributed"];
    }
  }
  Aggregator.add(Launch);
  // A replay record is no launch; the first record of a launch takes what
  // pairing found for it, so its entry is the one the record decides.
  if (Launch.Role != LaunchRole::Replay && Examinations.size() > 0)
    if (std::optional<LaunchExamination> E =
            Examinations.take(Launch.Record.CorrelationId))
      Aggregator.addExamination(KernelAggregator::keyOf(Launch), *E);
  if (Launch.Role != LaunchRole::Profiled)
    return;
  LaunchKey Key = KernelAggregator::keyOf(Launch);
  auto It = SamplesAwaitingRecord.find(Launch.LaunchId);
  if (It != SamplesAwaitingRecord.end()) {
    Aggregator.addSample(Key, std::move(It->second.Values));
    SamplesAwaitingRecord.erase(It);
    return;
  }
  RecordsAwaitingSample[Launch.LaunchId] = std::move(Key);
}

void Runtime::sequenceLaunch(const LaunchInfo &Launch, Attribution Where) {
  LaunchExamination E =
      Sequence.launch(Launch.Context, Launch.orderedStream(), Where,
                      Launch.KernelName, Launch.Allocations);
  if (E.Examined)
    Examinations.add(Launch.correlationIds(), std::move(E));
}

void Runtime::onSample(std::uint32_t LaunchId, const LaunchKey &CallbackKey,
                       CounterValues Values) {
  auto It = RecordsAwaitingSample.find(LaunchId);
  if (It != RecordsAwaitingSample.end()) {
    Aggregator.addSample(It->second, std::move(Values));
    RecordsAwaitingSample.erase(It);
    return;
  }
  SamplesAwaitingRecord[LaunchId] =
      PendingSample{CallbackKey, std::move(Values)};
}

void Runtime::ensureStarted() {
  std::call_once(StartOnce, [this] { callNoThrow([this] { start(); }); });
}

void Runtime::start() {
  if (Config.RequestedMode == Mode::Off || !Trace)
    return;
  TracerOptions Options;
  Options.LaunchCallbacks = true;
  Options.ExternalCorrelation =
      Config.Correlation == CorrelationSource::External;
  Options.RuntimeCallbacks =
      Config.Correlation == CorrelationSource::CallbackRuntime;
  bool WantStalls =
      Stalls && Config.PcSampling && Config.RequestedMode == Mode::Counters;
  Options.ModuleLoads = WantStalls;
  Options.InspectArguments = true;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Joiner.setOrdering(Options.ExternalCorrelation
                           ? CorrelationJoiner::Ordering::Any
                           : CorrelationJoiner::Ordering::AssociationFirst);
  }
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Budget.start(now());
  }
  auto StartTime = std::chrono::steady_clock::now();
  TraceStatus Status = Trace->start(*this, Options);
  auto StartUs = std::chrono::duration_cast<std::chrono::microseconds>(
                     std::chrono::steady_clock::now() - StartTime)
                     .count();

  std::optional<std::pair<Lost, Failure>> Report;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    TimingActive = Status.Activity;
    CallbacksActive = Status.Callbacks;
    Diagnostics["startup_us"] = static_cast<std::uint64_t>(StartUs);
    UseExternal = Status.Activity && Status.ExternalCorrelation;
    Joiner.setOrdering(UseExternal
                           ? CorrelationJoiner::Ordering::Any
                           : CorrelationJoiner::Ordering::AssociationFirst);
    if (!Status.Activity) {
      Report = {Lost::Timing, Status.ActivityFailure.value_or(
                                  Failure{FailureKind::Other, ""})};
    } else if (Config.RequestedMode == Mode::Counters &&
               Config.Rule.Which != SamplingRule::Kind::Off) {
      if (!Status.Callbacks)
        Report = {Lost::Counters, Status.CallbackFailure.value_or(
                                      Failure{FailureKind::Other, ""})};
      else if (!Sampler)
        Report = {Lost::Counters,
                  Failure{FailureKind::Other, "no counter sampler"}};
      else
        CountersActive = true;
    }
    if (Status.Activity && !Status.Callbacks && !UseExternal && !Report)
      Report = {Lost::Sites, Status.CallbackFailure.value_or(
                                 Failure{FailureKind::Other, ""})};
    if (WantStalls && Status.Activity && Status.Callbacks)
      StallsActive = true;
    else if (WantStalls)
      StallsUnavailable = "no launch callbacks";
  }
  if (Report)
    Warnings.report(Report->first, Report->second);
  if (Status.Activity && !Status.Callbacks && UseExternal &&
      Status.CallbackFailure)
    Warnings.note("launch callbacks unavailable (" +
                  Status.CallbackFailure->Detail +
                  "): sites joined through external correlation records");
  PushExternal = UseExternal;
  SamplingLive = CountersActive;
  StallsLive = StallsActive;
  SequenceLive = Status.Activity && Status.Callbacks;
  Active = Status.Activity || Status.Callbacks;
}

void Runtime::registerTable(const char *Kind, unsigned AbiVersion,
                            const std::function<void()> &Add) {
  runHook([&] {
    if (Config.RequestedMode == Mode::Off)
      return;
    if (AbiVersion != HEADROOM_RUNTIME_ABI_VERSION) {
      Warnings.report(
          Lost::Sites,
          Failure{FailureKind::Other,
                  std::string(Kind) + " table of ABI version " +
                      std::to_string(AbiVersion) +
                      ", this runtime reads version " +
                      std::to_string(HEADROOM_RUNTIME_ABI_VERSION)});
      return;
    }
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Add();
    }
    ensureStarted();
  });
}

void Runtime::registerSites(const headroom_site_info *Sites, unsigned Count,
                            unsigned AbiVersion, const char *Directory) {
  registerTable("site", AbiVersion,
                [&] { Registry.registerTable(Sites, Count, Directory); });
}

void Runtime::setDefaultProfile(const char *Path) {
  runHook([&] {
    if (!Path)
      return;
    // Writes hold WriteMutex while they read the path.
    std::lock_guard<std::mutex> Write(WriteMutex);
    chooseBuildProfile(Config, Path, Env.Process.Pid,
                       Env.Process.Host.empty() ? "localhost"
                                                : Env.Process.Host,
                       Env.Process.Rank);
  });
}

void Runtime::registerScopes(const headroom_scope_info *Table, unsigned Count,
                             unsigned AbiVersion, const char *Directory) {
  registerTable("scope", AbiVersion,
                [&] { Scopes.registerTable(Table, Count, Directory); });
}

Attribution Runtime::attributionOf(ThreadState &T) {
  if (T.Frames.empty())
    return Attribution{};
  Frame &F = T.Frames.back();
  if (!F.Resolved) {
    if (F.IsScope)
      F.Where.Scope =
          Scopes.idOf(static_cast<const headroom_scope_info *>(F.Ptr));
    else
      F.Where.Site =
          Registry.idOf(static_cast<const headroom_site_info *>(F.Ptr));
    F.Resolved = true;
  }
  return F.Where;
}

void Runtime::pushFrame(const void *Ptr, bool IsScope) {
  ensureStarted();
  std::call_once(FirstBracketOnce, [this] {
    if (Env.FirstBracket)
      Env.FirstBracket();
  });
  ThreadState &T = threadState();
  T.Frames.push_back(Frame{Ptr, IsScope, false, {}});
  if (PushExternal.load(std::memory_order_relaxed)) {
    Attribution Where;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Where = attributionOf(T);
    }
    Trace->pushExternalId(IsScope ? ScopeTag | Where.Scope : Where.Site);
  }
}

void Runtime::popFrame(const void *Ptr, bool IsScope) {
  ThreadState &T = threadState();
  // Pop up to and including the frame; a missing begin leaves the stack.
  auto It =
      std::find_if(T.Frames.rbegin(), T.Frames.rend(), [&](const Frame &F) {
        return F.Ptr == Ptr && F.IsScope == IsScope;
      });
  if (It == T.Frames.rend())
    return;
  std::size_t Keep = static_cast<std::size_t>(T.Frames.rend() - It) - 1;
  std::size_t Popped = T.Frames.size() - Keep;
  T.Frames.resize(Keep);
  if (PushExternal.load(std::memory_order_relaxed))
    for (std::size_t I = 0; I < Popped; ++I)
      Trace->popExternalId();
}

void Runtime::bracket(const void *Ptr, bool IsScope, bool Begin) {
  // A hook never throws into the program: a failure loses one bracket.
  runHook([&] {
    if (Config.RequestedMode == Mode::Off || !Ptr)
      return;
    if (Begin)
      pushFrame(Ptr, IsScope);
    else
      popFrame(Ptr, IsScope);
  });
}

void Runtime::launchBegin(const headroom_site_info *Site) {
  bracket(Site, /*IsScope=*/false, /*Begin=*/true);
}

void Runtime::launchEnd(const headroom_site_info *Site) {
  bracket(Site, /*IsScope=*/false, /*Begin=*/false);
}

void Runtime::scopeBegin(const headroom_scope_info *Scope) {
  bracket(Scope, /*IsScope=*/true, /*Begin=*/true);
}

void Runtime::scopeEnd(const headroom_scope_info *Scope) {
  bracket(Scope, /*IsScope=*/true, /*Begin=*/false);
}

unsigned Runtime::smCountOf(std::uint32_t Device) const {
  auto It = Devices.find(Device);
  return It == Devices.end() || It->second.SmCount < 0
             ? 0
             : unsigned(It->second.SmCount);
}

void Runtime::takeSampleSlot() {
  SampleMutex.lock();
  SampleOwner.store(std::this_thread::get_id());
  SampleInFlight.store(true, std::memory_order_release);
}

void Runtime::releaseSampleSlot() {
  SampleInFlight.store(false, std::memory_order_release);
  SampleOwner.store(std::thread::id());
  SampleMutex.unlock();
}

void Runtime::waitForSampleInFlight() const {
  if (!SampleInFlight.load(std::memory_order_acquire))
    return;
  if (SampleOwner.load() == std::this_thread::get_id())
    return;
  // Block until the profiled launch on the other thread has finished, so
  // that this launch does not fall into its range.
  std::lock_guard<std::mutex> Wait(SampleMutex);
}

void Runtime::stopCounters(const Failure &Why, const LaunchKey *Key) {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (!CountersActive)
      return;
    CountersActive = false;
    SamplingLive = false;
    Policy.disable();
    if (Key)
      Aggregator.addSampleError(*Key, Why.Detail);
  }
  Warnings.report(Lost::Counters, Why);
}

template <typename Body> void Runtime::launchHook(Body &&B) {
  runHook([&] {
    if (!Active.load(std::memory_order_acquire) || Finalized.load())
      return;
    std::call_once(FirstLaunchOnce, [this] {
      if (Env.FirstLaunch)
        Env.FirstLaunch();
    });
    B();
  });
}

void Runtime::launchEnter(const LaunchInfo &Launch) {
  launchHook([&] {
    ThreadState &T = threadState();
    bool Sequenced = SequenceLive.load(std::memory_order_relaxed);
    if (!SamplingLive.load(std::memory_order_relaxed) &&
        !StallsLive.load(std::memory_order_relaxed)) {
      // Timing only: pair the launch, associate bracketed launches, nothing
      // else to do.
      bool Associate =
          !T.Frames.empty() && !PushExternal.load(std::memory_order_relaxed);
      if (!Associate && !Sequenced)
        return;
      std::lock_guard<std::mutex> Lock(Mutex);
      Attribution Where = attributionOf(T);
      if (Sequenced)
        sequenceLaunch(Launch, Where);
      if (Associate)
        Joiner.associate(Launch.correlationIds(), Where, LaunchKind::Launch);
      return;
    }
    if (Sequenced) {
      std::lock_guard<std::mutex> Lock(Mutex);
      sequenceLaunch(Launch, attributionOf(T));
    }
    if (T.Frames.empty() && Config.Scope != SamplingScope::All) {
      waitForSampleInFlight();
      launchedWithoutSample(T);
      return;
    }
    LaunchKey Key;
    bool Sample = false;
    std::optional<unsigned> Stall;
    std::string Why;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Attribution Where = attributionOf(T);
      Key = keyOf(Where, Launch);
      // Never nest a sample inside a sampled launch on this thread.
      bool Nested = T.Sampling || T.StallSampling;
      if (CountersActive && !Nested) {
        Sample = Policy.claim(Key, &Why, Budget.allows(now()),
                              smCountOf(Launch.Device));
      }
      if (!Why.empty())
        Aggregator.addSampleNote(Key, Why);
      if (!Sample && !Nested && StallsActive)
        Stall = claimStallSample(Key, Launch);
      LastLaunchCounterSampled = Sample;
      if (!Sample && !Stall && !UseExternal && Where.attributed())
        Joiner.associate(Launch.correlationIds(), Where, LaunchKind::Launch);
    }
    if (Sample) {
      beginSample(Launch, Key);
      return;
    }
    if (Stall) {
      beginStallSample(Launch, Key, *Stall);
      return;
    }
    waitForSampleInFlight();
    launchedWithoutSample(T);
  });
}

std::optional<unsigned> Runtime::claimStallSample(const LaunchKey &Key,
                                                  const LaunchInfo &Launch) {
  if (!Policy.candidate(Key))
    return std::nullopt;
  // Switching from counters to PC sampling costs about 100 ms: not while
  // the counter sampler is busy (its last launch was a sample), and, but
  // for the first few switches, only within the budget.
  bool Switch = CountersSinceStalls;
  if (Switch && LastLaunchCounterSampled)
    return std::nullopt;
  bool Free = !Switch || StallSwitches < FreeStallSwitches;
  std::optional<std::uint64_t> Expected = Aggregator.expectedNs(Key);
  if (auto It = SampledNs.find(Key); !Expected && It != SampledNs.end())
    Expected = It->second;
  return StallRule.claim(Key, Expected, smCountOf(Launch.Device),
                         Budget.allows(now()), Free);
}

void Runtime::beginStallSample(const LaunchInfo &Launch, const LaunchKey &Key,
                               unsigned Exponent) {
  ThreadState &T = threadState();
  takeSampleSlot();
  std::uint64_t BeginNs = now();
  // With the range profiler enabled on the context, PC sampling starts
  // and samples nothing: it is released first.
  if (ProfilerResident.exchange(false)) {
    callNoThrow([&] { Sampler->release(); });
    std::lock_guard<std::mutex> Lock(Mutex);
    Residency.released();
  }
  StallStart Start = callNoThrow(
      StallStart{StallStart::Status::Failed,
                 Failure{FailureKind::Other, "stall sampler threw"}},
      [&] { return Stalls->begin(Launch, Exponent); });

  bool Failed = false;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (Start.State == StallStart::Status::Started) {
      StallsEnabled = true;
      if (CountersSinceStalls)
        Diagnostics["stall_switches"] = ++StallSwitches;
      CountersSinceStalls = false;
      Joiner.associate(Launch.correlationIds(), Key.attribution(),
                       LaunchKind::StallSampled);
      T.StallSampling = true;
      T.StallExponent = Exponent;
      T.SampleCorrelation =
          Launch.NumCorrelationIds ? Launch.CorrelationIds[0] : 0;
      T.SampleKey = Key;
      T.SampleStartNs = BeginNs;
      // SampleMutex stays held until launchExit, as for a counter sample.
      ++SignalDeferralDepth;
      return;
    }
    if (Start.State == StallStart::Status::Refused) {
      StallRule.refuse(Key);
      ++Diagnostics["stall_samples_refused"];
    } else {
      StallRule.release(Key, /*Failed=*/false);
      if (Start.State == StallStart::Status::Skipped)
        ++Diagnostics["stall_samples_skipped"];
      else
        Failed = true;
    }
    if (!UseExternal && Key.attribution().attributed())
      Joiner.associate(Launch.correlationIds(), Key.attribution(),
                       LaunchKind::Launch);
  }
  releaseSampleSlot();
  if (Failed)
    stopStalls(Start.Why);
}

void Runtime::endStallSample(const LaunchInfo &Launch) {
  ThreadState &T = threadState();
  StallResult Result = callNoThrow(
      StallResult{StallResult::Status::Failed,
                  {},
                  0,
                  Failure{FailureKind::Other, "stall sampler threw"}},
      [&] { return Stalls->end(Launch); });
  // A launch that failed ran nothing to sample.
  if (!Launch.Succeeded && Result.State == StallResult::Status::Ok)
    Result.State = StallResult::Status::Retry;
  LaunchKey Key = std::move(T.SampleKey);
  std::uint64_t EndNs = now();
  std::uint64_t ElapsedNs =
      EndNs > T.SampleStartNs ? EndNs - T.SampleStartNs : 0;
  T.StallSampling = false;
  T.SampleCorrelation = 0;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Budget.charge(ElapsedNs);
    Diagnostics["stall_sample_us"] += ElapsedNs / 1000;
    if (Result.State == StallResult::Status::Ok) {
      std::uint64_t Samples = 0;
      for (const StallSamplePc &Pc : Result.Samples.Pcs)
        Samples += Pc.samples();
      StallRule.sampled(Key, Samples, T.StallExponent);
      if (Result.OtherLaunchSamples > 0)
        Diagnostics["stall_samples_other_launches"] +=
            Result.OtherLaunchSamples;
      Aggregator.addStallSamples(Key, std::move(Result.Samples));
      ++Diagnostics["stall_samples_taken"];
    } else {
      StallRule.release(Key, /*Failed=*/true);
      if (Result.State == StallResult::Status::Retry)
        ++Diagnostics["stall_samples_retried"];
    }
  }
  releaseSampleSlot();
  --SignalDeferralDepth;
  if (Result.State == StallResult::Status::Failed)
    stopStalls(Result.Why);
}

void Runtime::stopStalls(const Failure &Why) {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (!StallsActive)
      return;
    StallsActive = false;
    StallsLive = false;
    StallRule.disable();
    StallsUnavailable = Why.Detail;
  }
  Warnings.note("warp-stall samples unavailable (" + Why.Detail +
                "): kernels are reported without their hot lines");
}

void Runtime::moduleLoaded(const void *Cubin, std::size_t Size) {
  runHook([&] {
    if (StallsLive.load(std::memory_order_relaxed))
      Stalls->moduleLoaded(Cubin, Size);
  });
}

std::optional<StallSamplingInfo> Runtime::stallSamplingInfo() const {
  if (Config.RequestedMode != Mode::Counters)
    return std::nullopt;
  StallSamplingInfo Info;
  Info.Period = StallRule.shortestPeriod();
  if (!Config.PcSampling) {
    Info.Mode = "off";
    Info.Note = "HEADROOM_PC_SAMPLING=off";
  } else if (!Stalls) {
    Info.Mode = "unavailable";
    Info.Note = "this runtime has no stall sampler";
  } else if (!StallsUnavailable.empty()) {
    Info.Mode = "unavailable";
    Info.Note = StallsUnavailable;
  } else {
    Info.Mode = "on";
  }
  return Info;
}

void Runtime::launchedWithoutSample(const ThreadState &T) {
  if (!ProfilerResident.load(std::memory_order_relaxed) || T.Sampling)
    return;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (!Residency.launchedWithoutSample())
      return;
    ProfilerResident.store(false, std::memory_order_relaxed);
  }
  // No sample may be in flight while the profiler is disabled.
  std::lock_guard<std::mutex> NoSample(SampleMutex);
  callNoThrow([&] { Sampler->release(); });
}

void Runtime::beginSample(const LaunchInfo &Launch, const LaunchKey &Key) {
  ThreadState &T = threadState();
  takeSampleSlot();
  // With PC sampling enabled on the context, the range profiler does not
  // start (CUPTI_ERROR_INVALID_PARAMETER on the H200): it is disabled
  // first, as the range profiler is before a stall sample.
  bool StallsOn;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    StallsOn = StallsEnabled;
    StallsEnabled = false;
  }
  if (StallsOn)
    callNoThrow([&] { Stalls->release(); });

  std::uint64_t BeginNs = now();
  SampleStart Start =
      askSampler<SampleStart>([&] { return Sampler->begin(Launch); });

  bool Failed = false;
  bool Refused = false;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    switch (Start.State) {
    case SampleStart::Status::Started:
      CountersSinceStalls = true;
      Joiner.associate(Launch.correlationIds(), Key.attribution(),
                       LaunchKind::Profiled);
      T.Sampling = true;
      T.SampleCorrelation =
          Launch.NumCorrelationIds ? Launch.CorrelationIds[0] : 0;
      T.SampleKey = Key;
      T.SampleStartNs = BeginNs;
      T.SampleLaunchNs = now();
      // SampleMutex stays held until launchExit; a termination signal waits
      // for the replay to end (the writer needs that mutex).
      ++SignalDeferralDepth;
      return;
    case SampleStart::Status::Skipped:
      Policy.release(Key, /*Failed=*/false);
      ++Diagnostics["samples_skipped"];
      break;
    case SampleStart::Status::Refused:
      Policy.refuse(Key);
      Aggregator.addSampleNote(Key, "not sampled: " + Start.Reason);
      ++Diagnostics["samples_refused"];
      Refused = true;
      break;
    case SampleStart::Status::Failed:
      Failed = true;
      break;
    }
    if (!UseExternal && Key.attribution().attributed())
      Joiner.associate(Launch.correlationIds(), Key.attribution(),
                       LaunchKind::Launch);
  }
  releaseSampleSlot();
  if (Failed)
    stopCounters(Start.Why, &Key);
  if (Refused)
    Warnings.report(
        Lost::KernelCounters,
        Failure{FailureKind::Unreplayable, Key.Kernel + ": " + Start.Reason});
}

void Runtime::launchExit(const LaunchInfo &Launch) {
  runHook([&] {
    ThreadState &T = threadState();
    if (!T.Sampling && !T.StallSampling)
      return;
    std::uint32_t Id = Launch.NumCorrelationIds ? Launch.CorrelationIds[0] : 0;
    if (Id != T.SampleCorrelation)
      return;
    if (T.StallSampling) {
      endStallSample(Launch);
      return;
    }
    std::uint64_t LaunchNs = now() - T.SampleLaunchNs;
    SampleResult Result =
        askSampler<SampleResult>([&] { return Sampler->end(Launch); });
    LaunchKey Key = std::move(T.SampleKey);
    std::uint64_t EndNs = now();
    std::uint64_t ElapsedNs =
        EndNs > T.SampleStartNs ? EndNs - T.SampleStartNs : 0;
    T.Sampling = false;
    T.SampleCorrelation = 0;
    std::optional<std::string> ProgressLine;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      // The launch call itself, which replays the kernel once per pass.
      Diagnostics["sample_launch_us"] += LaunchNs / 1000;
      Budget.charge(ElapsedNs);
      ProgressLine = Progress.update(Budget, Policy.skipped(), EndNs);
      if (Result.State == SampleResult::Status::Ok) {
        // A sampler that releases the profiler after each sample leaves
        // nothing enabled to keep or release.
        if (!Config.releaseProfilerAfterSample()) {
          Residency.sampled(Result.EnableNs);
          ProfilerResident.store(true, std::memory_order_relaxed);
        }
        if (std::optional<std::uint64_t> Ns =
                KernelAggregator::sampledDurationNs(Result.Values);
            Ns && StallsActive)
          SampledNs[Key] = *Ns;
        onSample(Id, Key, std::move(Result.Values));
        ++Diagnostics["samples_taken"];
      } else if (Result.State == SampleResult::Status::Retry) {
        Policy.release(Key);
        ++Diagnostics["samples_retried"];
      }
    }
    releaseSampleSlot();
    // Taken in beginSample; runHook's deferral (the outermost) delivers a
    // deferred signal.
    --SignalDeferralDepth;
    if (ProgressLine)
      callNoThrow([&] { ProgressEmit(*ProgressLine); });
    if (Result.State == SampleResult::Status::Failed)
      stopCounters(Result.Why, &Key);
  });
}

void Runtime::graphLaunch(const LaunchInfo &Launch) {
  launchHook([&] {
    // A graph's kernels must not fall into another thread's sampled range.
    waitForSampleInFlight();
    if (SequenceLive.load(std::memory_order_relaxed)) {
      // Its kernels run between the launches before and after it.
      std::lock_guard<std::mutex> Lock(Mutex);
      Sequence.interrupt(Launch.Context, Launch.orderedStream());
    }
    ThreadState &T = threadState();
    if (T.Frames.empty() || PushExternal.load(std::memory_order_relaxed))
      return;
    std::lock_guard<std::mutex> Lock(Mutex);
    Joiner.associate(Launch.correlationIds(), attributionOf(T),
                     LaunchKind::Graph);
  });
}

void Runtime::graphNodeCreated(std::uint64_t NodeId) {
  runHook([&] {
    ThreadState &T = threadState();
    if (T.Frames.empty() || NodeId == 0)
      return;
    std::lock_guard<std::mutex> Lock(Mutex);
    if (GraphNodes.size() < MaxGraphNodes)
      GraphNodes[NodeId] = attributionOf(T);
  });
}

void Runtime::graphNodeCloned(std::uint64_t Original, std::uint64_t Clone) {
  runHook([&] {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = GraphNodes.find(Original);
    if (It != GraphNodes.end() && GraphNodes.size() < MaxGraphNodes)
      GraphNodes[Clone] = It->second;
  });
}

void Runtime::kernelRecords(std::span<KernelRecord> Records) {
  runHook([&] {
    std::lock_guard<std::mutex> Lock(Mutex);
    for (KernelRecord &R : Records)
      Joiner.addKernel(std::move(R));
  });
}

void Runtime::externalCorrelation(std::uint32_t CorrelationId,
                                  std::uint64_t ExternalId) {
  runHook([&] {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (!UseExternal)
      return;
    Attribution Where;
    if (ExternalId & ScopeTag) {
      std::uint64_t Id = ExternalId & ~ScopeTag;
      if (Id >= Scopes.size())
        return;
      Where.Scope = static_cast<ScopeId>(Id);
    } else {
      if (ExternalId >= Registry.size())
        return;
      Where.Site = static_cast<SiteId>(ExternalId);
    }
    std::uint32_t Ids[] = {CorrelationId};
    // The call may be a graph launch: claim every record with its id.
    Joiner.associate(Ids, Where, LaunchKind::Graph);
  });
}

void Runtime::deviceSeen(const DeviceIdentity &Device) {
  runHook([&] {
    std::lock_guard<std::mutex> Lock(Mutex);
    Devices[Device.Index] = Device;
  });
}

void Runtime::contextDestroying(void *Context) {
  runHook([&] {
    bool Counters;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Counters = CountersActive;
      Sequence.forgetContext(Context);
    }
    if (Sampler && Counters)
      Sampler->contextDestroying(Context);
    if (Stalls && StallsLive.load(std::memory_order_relaxed))
      Stalls->contextDestroying(Context);
  });
}

std::string Runtime::effectiveMode() const {
  if (Config.RequestedMode == Mode::Off)
    return "off";
  if (!TimingActive || NoDeviceSeen)
    return "sites";
  // Counters collected before sampling stopped are still in the profile.
  auto Taken = Diagnostics.find("samples_taken");
  if (Config.RequestedMode == Mode::Counters &&
      (CountersActive || (Taken != Diagnostics.end() && Taken->second > 0)))
    return "counters";
  return "time";
}

std::optional<SamplerSetup> Runtime::samplerSetup() const {
  if (!Sampler || Config.RequestedMode != Mode::Counters)
    return std::nullopt;
  return callNoThrow(std::optional<SamplerSetup>(),
                     [this] { return Sampler->setup(); });
}

ProfileData Runtime::buildProfile(const std::optional<SamplerSetup> &Setup,
                                  std::string_view Trigger) {
  ProfileData Data;
  Data.RuntimeVersion = Env.Version;
  Data.Process = Env.Process;
  Data.Process.EndUnixNs = unixTimeNs();
  for (const auto &[Index, Device] : Devices) {
    Data.Devices.push_back(Device);
    if (Setup && Data.Devices.back().Chip.empty())
      if (auto It = Setup->Chips.find(Index); It != Setup->Chips.end())
        Data.Devices.back().Chip = It->second;
  }

  CollectionInfo &C = Data.Collection;
  C.Mode = effectiveMode();
  C.RequestedMode = std::string(modeName(Config.RequestedMode));
  C.Sampling = Policy.rule().name();
  C.SamplingScope = std::string(samplingScopeName(Config.Scope));
  C.Correlation = UseExternal ? "external"
                  : Config.Correlation == CorrelationSource::CallbackRuntime
                      ? "callback-runtime"
                      : "callback";
  C.Trigger = std::string(Trigger);
  C.FlushIntervalS = Config.FlushIntervalS;
  if (Setup && CallbacksActive) {
    C.Metrics = Setup->Metrics;
    C.Passes = Setup->Passes;
    C.DroppedMetrics = Setup->Dropped;
    for (const auto &[Name, Value] : Setup->Diagnostics)
      C.Diagnostics[Name] = Value;
  }
  C.Warnings = Warnings.warnings();
  C.DroppedRecords = Trace && TimingActive ? Trace->droppedRecords() : 0;
  const CorrelationJoiner::Stats &S = Joiner.stats();
  C.Diagnostics["kernel_records"] = S.KernelRecords;
  C.Diagnostics["joined_to_sites"] = S.JoinedToSites;
  C.Diagnostics["joined_to_scopes"] = S.JoinedToScopes;
  C.Diagnostics["unsited_records"] = S.Unsited;
  C.Diagnostics["replay_records"] = S.ReplayRecords;
  C.Diagnostics["pending_evicted"] = S.PendingEvicted;
  C.Diagnostics["associations_evicted"] = S.AssociationsEvicted;
  C.Diagnostics["associations_unmatched"] = S.AssociationsUnmatched;
  C.Diagnostics["matched_driver_correlation"] = S.MatchedByPosition[0];
  C.Diagnostics["matched_runtime_correlation"] =
      S.MatchedByPosition[1] + S.MatchedByPosition[2] + S.MatchedByPosition[3];
  if (Aggregator.overflowLaunches() > 0)
    C.Diagnostics["entries_overflow_launches"] = Aggregator.overflowLaunches();
  if (Examinations.dropped() > 0)
    C.Diagnostics["examinations_dropped"] = Examinations.dropped();
  for (const auto &[Name, Value] : Diagnostics)
    C.Diagnostics[Name] = Value;
  // Every sample's time is charged to the budget, whatever the rule.
  if (Budget.samples() > 0)
    C.Diagnostics["sample_us_total"] = Budget.spentNs() / 1000;
  if (Residency.releases() > 0)
    C.Diagnostics["profiler_releases"] = Residency.releases();

  C.StallSampling = stallSamplingInfo();

  Data.Sites = Registry.entries();
  Data.Scopes = Scopes.entries();
  Data.Kernels = Aggregator.entries();

  // Graph kernel nodes are timed but never sampled: say so where it is the
  // reason an entry has no counters.
  bool WantCounters = Config.RequestedMode == Mode::Counters &&
                      Config.Rule.Which != SamplingRule::Kind::Off;
  std::size_t GraphOnly = 0;
  for (KernelStats &K : Data.Kernels)
    if (WantCounters && K.GraphLaunches > 0 && K.GraphLaunches == K.Launches &&
        !K.Counters && K.CounterNote.empty() && K.CounterError.empty()) {
      K.CounterNote = "not sampled: launched only as a CUDA graph kernel "
                      "node (the range profiler does not profile graph "
                      "kernel nodes); its times are recorded";
      ++GraphOnly;
    }
  if (GraphOnly > 0)
    C.Notes.push_back(std::to_string(GraphOnly) +
                      " kernel entries ran only as CUDA graph kernel nodes: "
                      "timed, but without counters (graph kernel nodes are "
                      "not sampled)");
  addSamplingBounds(Data);
  return Data;
}

void Runtime::addSamplingBounds(ProfileData &Data) {
  if (Config.RequestedMode != Mode::Counters ||
      Config.Rule.Which == SamplingRule::Kind::Off)
    return;
  CollectionInfo &C = Data.Collection;
  if (Config.Rule.Which == SamplingRule::Kind::First) {
    SamplingLimits L;
    L.BudgetPct = Budget.pct();
    if (Config.Bounds.PerKernel)
      L.SamplesPerKernel = *Config.Bounds.PerKernel;
    L.Grouping = std::string(samplingGroupingName(Config.Bounds.Grouping));
    C.Limits = L;
    const SkippedLaunches &S = Policy.skipped();
    C.Diagnostics["samples_skipped_grouped"] = S.Grouped;
    C.Diagnostics["samples_skipped_capped"] = S.Capped;
    C.Diagnostics["samples_skipped_over_budget"] = S.OverBudget;
    C.Diagnostics["program_us"] = Budget.ownNs(now()) / 1000;
  }
  std::size_t Estimated = estimateUnsampledCounters(Data.Kernels);
  if (Estimated == 0)
    return;
  std::uint64_t Launches = 0;
  for (const KernelStats &K : Data.Kernels)
    if (K.Estimated)
      Launches += K.Launches;
  C.Diagnostics["entries_estimated"] = Estimated;
  C.Notes.push_back(std::to_string(Estimated) + " kernel entries (" +
                    std::to_string(Launches) +
                    " launches) were not sampled: their counters are "
                    "estimated from sampled configurations of the same "
                    "kernel (counters_estimated)");
}

ProfileData Runtime::snapshot() {
  return callNoThrow(ProfileData{}, [this] {
    std::optional<SamplerSetup> Setup = samplerSetup();
    std::lock_guard<std::mutex> Lock(Mutex);
    return buildProfile(Setup, "snapshot");
  });
}

bool Runtime::writeProfileNow(std::string_view Trigger, bool Final) {
  bool Flush;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Flush = TimingActive;
  }
  // Forced even while the program runs: a buffer is otherwise delivered
  // only once full, so a crash would lose up to a whole buffer. A kernel
  // still running at that moment is counted without its duration.
  auto FlushStart = std::chrono::steady_clock::now();
  if (Flush && Trace)
    Trace->flush(/*Forced=*/true);
  auto FlushUs = std::chrono::duration_cast<std::chrono::microseconds>(
                     std::chrono::steady_clock::now() - FlushStart)
                     .count();

  bool Silent = false;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Diagnostics["last_flush_us"] = static_cast<std::uint64_t>(FlushUs);
    Silent = Final && TimingActive && Devices.empty() &&
             Joiner.stats().KernelRecords == 0;
  }
  if (Silent && Trace) {
    // No kernel ran at all: say whether a device could have run one.
    if (std::optional<Failure> Why = Trace->deviceProblem()) {
      Warnings.report(Lost::Timing, *Why);
      std::lock_guard<std::mutex> Lock(Mutex);
      NoDeviceSeen = true;
    }
  }

  std::set<std::uint32_t> Unknown;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (Final) {
      Joiner.finish();
      // Samples whose record never came go to the key seen at the launch.
      for (auto &[Id, Sample] : SamplesAwaitingRecord) {
        Aggregator.addSample(Sample.CallbackKey, std::move(Sample.Values));
        ++Diagnostics["samples_without_record"];
      }
      SamplesAwaitingRecord.clear();
    }
    for (const KernelStats &K : Aggregator.entries())
      if (!Devices.count(K.Key.Device))
        Unknown.insert(K.Key.Device);
  }
  for (std::uint32_t Index : Unknown)
    if (std::optional<DeviceIdentity> D =
            Trace ? Trace->describeDevice(Index) : std::nullopt)
      deviceSeen(*D);

  std::optional<SamplerSetup> Setup = samplerSetup();
  ProfileData Data;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Diagnostics["profile_writes"] = ++Writes;
    Data = buildProfile(Setup, Trigger);
  }
  std::string Error;
  auto WriteStart = std::chrono::steady_clock::now();
  bool Ok = writeProfile(Data, Config.ProfilePath, Error);
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Diagnostics["last_write_us"] = static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::microseconds>(
            std::chrono::steady_clock::now() - WriteStart)
            .count());
  }
  if (!Ok && Config.ProfileFrom == ProfileChoice::Build) {
    // The build's directory may be gone or read-only where the program
    // runs: the runtime's own default instead, said once, and kept.
    Warnings.warn("profile not written where the build put it (" + Error +
                  "): writing " + Config.FallbackProfilePath +
                  " instead; HEADROOM_PROFILE or HEADROOM_PROFILE_DIR "
                  "chooses where it goes");
    Config.ProfilePath = Config.FallbackProfilePath;
    Config.ProfileFrom = ProfileChoice::Default;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Data = buildProfile(Setup, Trigger);
    }
    Ok = writeProfile(Data, Config.ProfilePath, Error);
  }
  if (!Ok) {
    Warnings.report(Lost::Profile, Failure{FailureKind::Other, Error});
    return false;
  }
  return true;
}

bool Runtime::writeSnapshot(std::string_view Trigger) {
  return runHook(false, [&] {
    if (Config.RequestedMode == Mode::Off || Finalized.load())
      return false;
    // Not in the middle of another thread's kernel replay.
    waitForSampleInFlight();
    std::lock_guard<std::mutex> Write(WriteMutex);
    if (Finalized.load())
      return false;
    return writeProfileNow(Trigger, /*Final=*/false);
  });
}

bool Runtime::finalize(std::string_view Trigger) {
  return runHook(false, [&] {
    if (Finalized.exchange(true))
      return false;
    if (Config.RequestedMode == Mode::Off)
      return false;
    // Wait for a sampled launch in flight on another thread.
    waitForSampleInFlight();
    std::lock_guard<std::mutex> Write(WriteMutex);
    bool Written = writeProfileNow(Trigger, /*Final=*/true);
    Active = false;
    return Written;
  });
}

} // namespace headroom::rt
