//===- Runtime.cpp - The runtime's logic, hardware kept outside -----------===//

#include "Runtime.h"

#include "ProfileWriter.h"

#include <algorithm>
#include <chrono>
#include <set>
#include <vector>

namespace headroom::rt {

namespace {

std::atomic<std::uint64_t> NextSerial{1};

/// Per-thread state of one Runtime: the sites of the launches this thread is
/// inside (begin/end brackets nest in principle), and the sampled launch in
/// flight on this thread.
struct ThreadState {
  std::uint64_t Owner = 0;
  std::vector<const headroom_site_info *> Sites;
  bool Sampling = false;
  std::uint32_t SampleCorrelation = 0;
  LaunchKey SampleKey;
  std::chrono::steady_clock::time_point SampleStart;
};

thread_local ThreadState ThisThread;

ThreadState &threadState(std::uint64_t Serial) {
  if (ThisThread.Owner != Serial) {
    ThisThread = ThreadState{};
    ThisThread.Owner = Serial;
  }
  return ThisThread;
}

LaunchKey keyOf(SiteId Site, const LaunchInfo &L) {
  return LaunchKey{Site,     L.KernelName ? L.KernelName : "",
                   L.Device, L.Grid,
                   L.Block,  L.DynamicSharedBytes};
}

} // namespace

Runtime::Runtime(RuntimeConfig Config, std::unique_ptr<Tracer> Trace,
                 std::unique_ptr<CounterSampler> Sampler,
                 RuntimeEnvironment Env)
    : Serial(NextSerial++), Config(std::move(Config)), Trace(std::move(Trace)),
      Sampler(std::move(Sampler)), Env(std::move(Env)),
      Warnings(this->Env.Emit), Policy(this->Config.Scope),
      Joiner(CorrelationJoiner::Options{},
             [this](JoinedLaunch &&L) { onJoined(std::move(L)); }) {
  for (const std::string &Error : this->Config.Errors)
    Warnings.configWarning(Error);
}

Runtime::~Runtime() = default;

void Runtime::onJoined(JoinedLaunch &&Launch) {
  Aggregator.add(Launch);
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
  std::call_once(StartOnce, [this] {
    try {
      start();
    } catch (...) {
    }
  });
}

void Runtime::start() {
  if (Config.RequestedMode == Mode::Off || !Trace)
    return;
  TracerOptions Options;
  Options.LaunchCallbacks = true;
  Options.ExternalCorrelation =
      Config.Correlation == CorrelationSource::External;
  // Records cannot arrive before start() returns (no kernel has run yet in
  // a well-formed program), but be safe: decide the ordering first.
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Joiner.setOrdering(Options.ExternalCorrelation
                           ? CorrelationJoiner::Ordering::Any
                           : CorrelationJoiner::Ordering::AssociationFirst);
  }
  TraceStatus Status = Trace->start(*this, Options);

  std::optional<std::pair<Lost, Failure>> Report;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    TimingActive = Status.Activity;
    CallbacksActive = Status.Callbacks;
    UseExternal = Status.Activity && Status.ExternalCorrelation;
    Joiner.setOrdering(UseExternal
                           ? CorrelationJoiner::Ordering::Any
                           : CorrelationJoiner::Ordering::AssociationFirst);
    if (!Status.Activity) {
      Report = {Lost::Timing, Status.ActivityFailure.value_or(
                                  Failure{FailureKind::Other, ""})};
    } else if (Config.RequestedMode == Mode::Counters) {
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
  }
  if (Report)
    Warnings.report(Report->first, Report->second);
  if (Status.Activity && !Status.Callbacks && UseExternal &&
      Status.CallbackFailure)
    Warnings.note("launch callbacks unavailable (" +
                  Status.CallbackFailure->Detail +
                  "): sites joined through external correlation records");
  PushExternal = UseExternal;
  Active = Status.Activity || Status.Callbacks;
}

void Runtime::registerSites(const headroom_site_info *Sites, unsigned Count,
                            unsigned AbiVersion) {
  try {
    if (Config.RequestedMode == Mode::Off)
      return;
    if (AbiVersion != HEADROOM_RUNTIME_ABI_VERSION) {
      Warnings.report(
          Lost::Sites,
          Failure{FailureKind::Other,
                  "site table of ABI version " + std::to_string(AbiVersion) +
                      ", this runtime reads version " +
                      std::to_string(HEADROOM_RUNTIME_ABI_VERSION)});
      return;
    }
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Registry.registerSites(Sites, Count);
    }
    ensureStarted();
  } catch (...) {
  }
}

const headroom_site_info *Runtime::currentSite() const {
  ThreadState &T = threadState(Serial);
  return T.Sites.empty() ? nullptr : T.Sites.back();
}

void Runtime::launchBegin(const headroom_site_info *Site) {
  try {
    if (Config.RequestedMode == Mode::Off)
      return;
    ensureStarted();
    threadState(Serial).Sites.push_back(Site);
    if (PushExternal.load(std::memory_order_relaxed)) {
      SiteId Id;
      {
        std::lock_guard<std::mutex> Lock(Mutex);
        Id = Registry.idOf(Site);
      }
      Trace->pushExternalId(Id);
    }
  } catch (...) {
  }
}

void Runtime::launchEnd(const headroom_site_info *Site) {
  try {
    if (Config.RequestedMode == Mode::Off)
      return;
    ThreadState &T = threadState(Serial);
    // Pop up to and including Site; a missing begin leaves the stack alone.
    auto It = std::find(T.Sites.rbegin(), T.Sites.rend(), Site);
    if (It == T.Sites.rend())
      return;
    std::size_t Keep = static_cast<std::size_t>(T.Sites.rend() - It) - 1;
    std::size_t Popped = T.Sites.size() - Keep;
    T.Sites.resize(Keep);
    if (PushExternal.load(std::memory_order_relaxed))
      for (std::size_t I = 0; I < Popped; ++I)
        Trace->popExternalId();
  } catch (...) {
  }
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
    Policy.disable();
    if (Key)
      Aggregator.addSampleError(*Key, Why.Detail);
  }
  Warnings.report(Lost::Counters, Why);
}

void Runtime::launchEnter(const LaunchInfo &Launch) {
  try {
    if (!Active.load(std::memory_order_acquire) || Finalized.load())
      return;
    std::call_once(FirstLaunchOnce, [this] {
      if (Env.FirstLaunch)
        Env.FirstLaunch();
    });
    ThreadState &T = threadState(Serial);
    const headroom_site_info *SitePtr =
        T.Sites.empty() ? nullptr : T.Sites.back();
    LaunchKey Key;
    bool Sample = false;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Key = keyOf(Registry.idOf(SitePtr), Launch);
      // Never nest a sample inside a sampled launch on this thread.
      if (CountersActive && !T.Sampling)
        Sample = Policy.claim(Key);
      if (!Sample && !UseExternal && Key.Site != NoSite)
        Joiner.associate(Launch.correlationIds(), Key.Site, false);
    }
    if (!Sample) {
      waitForSampleInFlight();
      return;
    }
    beginSample(Launch, Key);
  } catch (...) {
  }
}

void Runtime::beginSample(const LaunchInfo &Launch, const LaunchKey &Key) {
  ThreadState &T = threadState(Serial);
  SampleMutex.lock();
  SampleOwner.store(std::this_thread::get_id());
  SampleInFlight.store(true, std::memory_order_release);
  auto Release = [this] {
    SampleInFlight.store(false, std::memory_order_release);
    SampleOwner.store(std::thread::id());
    SampleMutex.unlock();
  };

  SampleStart Start;
  try {
    Start = Sampler->begin(Launch);
  } catch (...) {
    Start.State = SampleStart::Status::Failed;
    Start.Why = Failure{FailureKind::Other, "counter sampler threw"};
  }

  bool Failed = false;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    switch (Start.State) {
    case SampleStart::Status::Started:
      Joiner.associate(Launch.correlationIds(), Key.Site, true);
      T.Sampling = true;
      T.SampleCorrelation =
          Launch.NumCorrelationIds ? Launch.CorrelationIds[0] : 0;
      T.SampleKey = Key;
      T.SampleStart = std::chrono::steady_clock::now();
      // SampleMutex stays held until launchExit.
      return;
    case SampleStart::Status::Skipped:
      Policy.release(Key);
      ++Diagnostics["samples_skipped"];
      break;
    case SampleStart::Status::Failed:
      Failed = true;
      break;
    }
    if (!UseExternal && Key.Site != NoSite)
      Joiner.associate(Launch.correlationIds(), Key.Site, false);
  }
  Release();
  if (Failed)
    stopCounters(Start.Why, &Key);
}

void Runtime::launchExit(const LaunchInfo &Launch) {
  try {
    ThreadState &T = threadState(Serial);
    if (!T.Sampling)
      return;
    std::uint32_t Id = Launch.NumCorrelationIds ? Launch.CorrelationIds[0] : 0;
    if (Id != T.SampleCorrelation)
      return;
    SampleResult Result;
    try {
      Result = Sampler->end(Launch);
    } catch (...) {
      Result.State = SampleResult::Status::Failed;
      Result.Why = Failure{FailureKind::Other, "counter sampler threw"};
    }
    LaunchKey Key = std::move(T.SampleKey);
    auto Elapsed = std::chrono::steady_clock::now() - T.SampleStart;
    T.Sampling = false;
    T.SampleCorrelation = 0;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Diagnostics["sample_us_total"] += static_cast<std::uint64_t>(
          std::chrono::duration_cast<std::chrono::microseconds>(Elapsed)
              .count());
      if (Result.State == SampleResult::Status::Ok) {
        onSample(Id, Key, std::move(Result.Values));
        ++Diagnostics["samples_taken"];
      } else if (Result.State == SampleResult::Status::Retry) {
        Policy.release(Key);
        ++Diagnostics["samples_retried"];
      }
    }
    SampleInFlight.store(false, std::memory_order_release);
    SampleOwner.store(std::thread::id());
    SampleMutex.unlock();
    if (Result.State == SampleResult::Status::Failed)
      stopCounters(Result.Why, &Key);
  } catch (...) {
  }
}

void Runtime::kernelRecords(std::span<KernelRecord> Records) {
  try {
    if (Finalized.load() && !Active.load())
      return;
    std::lock_guard<std::mutex> Lock(Mutex);
    for (KernelRecord &R : Records)
      Joiner.addKernel(std::move(R));
  } catch (...) {
  }
}

void Runtime::externalCorrelation(std::uint32_t CorrelationId,
                                  std::uint64_t ExternalId) {
  try {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (!UseExternal || ExternalId >= Registry.size())
      return;
    std::uint32_t Ids[] = {CorrelationId};
    Joiner.associate(Ids, static_cast<SiteId>(ExternalId), false);
  } catch (...) {
  }
}

void Runtime::deviceSeen(const DeviceIdentity &Device) {
  try {
    std::lock_guard<std::mutex> Lock(Mutex);
    Devices[Device.Index] = Device;
  } catch (...) {
  }
}

void Runtime::contextDestroying(void *Context) {
  try {
    bool Counters;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Counters = CountersActive;
    }
    if (Sampler && Counters)
      Sampler->contextDestroying(Context);
  } catch (...) {
  }
}

std::string Runtime::effectiveMode() const {
  if (Config.RequestedMode == Mode::Off)
    return "off";
  if (!TimingActive)
    return "sites";
  if (Config.RequestedMode == Mode::Counters && CountersActive)
    return "counters";
  return "time";
}

std::optional<SamplerSetup> Runtime::samplerSetup() const {
  if (!Sampler || Config.RequestedMode != Mode::Counters)
    return std::nullopt;
  try {
    return Sampler->setup();
  } catch (...) {
    return std::nullopt;
  }
}

ProfileData Runtime::buildProfile(const std::optional<SamplerSetup> &Setup) {
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
  C.SamplingScope = Config.Scope == SamplingScope::All ? "all" : "sites";
  C.Correlation = UseExternal ? "external" : "callback";
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
  C.Diagnostics["unsited_records"] = S.Unsited;
  C.Diagnostics["replay_records"] = S.ReplayRecords;
  C.Diagnostics["pending_evicted"] = S.PendingEvicted;
  C.Diagnostics["associations_evicted"] = S.AssociationsEvicted;
  C.Diagnostics["associations_unmatched"] = S.AssociationsUnmatched;
  C.Diagnostics["matched_driver_correlation"] = S.MatchedByPosition[0];
  C.Diagnostics["matched_runtime_correlation"] =
      S.MatchedByPosition[1] + S.MatchedByPosition[2] + S.MatchedByPosition[3];
  for (const auto &[Name, Value] : Diagnostics)
    C.Diagnostics[Name] = Value;

  Data.Sites = Registry.sites();
  Data.Kernels = Aggregator.entries();
  return Data;
}

ProfileData Runtime::snapshot() {
  try {
    std::optional<SamplerSetup> Setup = samplerSetup();
    std::lock_guard<std::mutex> Lock(Mutex);
    return buildProfile(Setup);
  } catch (...) {
    return ProfileData{};
  }
}

bool Runtime::finalize() {
  if (Finalized.exchange(true))
    return false;
  try {
    if (Config.RequestedMode == Mode::Off)
      return false;
    // Wait for a sampled launch in flight on another thread.
    waitForSampleInFlight();
    bool Flush;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Flush = TimingActive;
    }
    if (Flush && Trace)
      Trace->flush();
    Active = false;

    std::set<std::uint32_t> Unknown;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Joiner.finish();
      // Samples whose record never came go to the key seen at the launch.
      for (auto &[Id, Sample] : SamplesAwaitingRecord) {
        Aggregator.addSample(Sample.CallbackKey, std::move(Sample.Values));
        ++Diagnostics["samples_without_record"];
      }
      SamplesAwaitingRecord.clear();
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
      Data = buildProfile(Setup);
    }
    std::string Error;
    if (!writeProfile(Data, Config.ProfilePath, Error)) {
      Warnings.report(Lost::Profile, Failure{FailureKind::Other, Error});
      return false;
    }
    return true;
  } catch (...) {
    return false;
  }
}

} // namespace headroom::rt
