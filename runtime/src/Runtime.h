//===- Runtime.h - The runtime's logic, hardware kept outside ---*- C++ -*-===//
///
/// \file
/// The Runtime ties the site and scope registries, correlation join,
/// aggregation, sampling decision and profile writer to the two hardware
/// interfaces (Tracer, CounterSampler). It implements the C ABI's semantics
/// (RuntimeAbi.cpp forwards to one process-wide instance) and is what the
/// unit tests drive with fake hardware.
///
/// Attribution: each host thread keeps the stack of site and scope brackets
/// it is inside; a launch (or a graph launch, or a graph kernel node added
/// by stream capture) is attributed to the innermost one.
///
/// Threading: the ABI entry points, launch callbacks and record deliveries
/// may come from any thread. Shared state sits behind one mutex, which is
/// never held while calling into the hardware layer (CUPTI may deliver
/// records from its own thread while a sampled launch replays). Sampled
/// launches are serialized, and other threads' launches wait while one is
/// being profiled, so that its range holds only its kernel. Every public
/// method defers termination signals (TerminationSignals::Deferral) while it
/// runs, so that a signal-time write never waits for a lock its own thread
/// holds.
///
/// Lifetime: construct, then call the ABI methods; writeSnapshot() writes
/// the profile as it stands (periodically, on a signal the program
/// survives); finalize() writes the final profile once. Nothing throws out
/// of a public method.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_RUNTIME_H
#define HEADROOM_RUNTIME_RUNTIME_H

#include "CorrelationJoiner.h"
#include "CounterSampler.h"
#include "Degradation.h"
#include "KernelAggregator.h"
#include "LaunchSequence.h"
#include "PendingExaminations.h"
#include "ProfileData.h"
#include "ProfilerResidency.h"
#include "RuntimeConfig.h"
#include "SamplingBudget.h"
#include "SamplingPolicy.h"
#include "SamplingProgress.h"
#include "ScopeRegistry.h"
#include "SiteRegistry.h"
#include "StallPolicy.h"
#include "StallSampler.h"
#include "Tracer.h"

#include "headroom/runtime.h"

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <thread>
#include <unordered_map>

namespace headroom::rt {

/// What the Runtime needs from its process, replaceable in tests.
struct RuntimeEnvironment {
  ProcessInfo Process;
  /// Where the one warning line goes; null: stderr.
  Degradation::Emitter Emit;
  std::string Version = "0.0.0";
  /// Called once, at the first launch callback (RuntimeAbi registers its
  /// exit handler and re-installs its signal handlers there, after the CUDA
  /// runtime and the program's main() installed their own).
  std::function<void()> FirstLaunch;
  /// Called once, at the first site or scope bracket (normally in main(),
  /// after the program installed its signal handlers).
  std::function<void()> FirstBracket;
  /// The clock of the sampling budget, in nanoseconds; null: steady_clock.
  std::function<std::uint64_t()> NowNs;
};

class Runtime final : public LaunchObserver {
public:
  /// \p Sampler may be null (no counters), \p Stalls too (no warp-stall
  /// samples). Nothing is started until the first ABI call.
  Runtime(RuntimeConfig Config, std::unique_ptr<Tracer> Trace,
          std::unique_ptr<CounterSampler> Sampler, RuntimeEnvironment Env,
          std::unique_ptr<StallSampler> Stalls = nullptr);
  ~Runtime() override;

  Runtime(const Runtime &) = delete;
  Runtime &operator=(const Runtime &) = delete;

  // The C ABI (headroom/runtime.h).
  /// \p Directory: what the sites' relative file names are relative to
  /// (headroom_register_sites_in), null when not known.
  void registerSites(const headroom_site_info *Sites, unsigned Count,
                     unsigned AbiVersion, const char *Directory = nullptr);
  void launchBegin(const headroom_site_info *Site);
  void launchEnd(const headroom_site_info *Site);
  /// \p Directory: as for registerSites (headroom_register_scopes_in).
  void registerScopes(const headroom_scope_info *Scopes, unsigned Count,
                      unsigned AbiVersion, const char *Directory = nullptr);
  void scopeBegin(const headroom_scope_info *Scope);
  void scopeEnd(const headroom_scope_info *Scope);
  /// The build's choice of profile (headroom_set_default_profile): where
  /// the profile goes unless a variable chose (chooseBuildProfile).
  void setDefaultProfile(const char *Path);

  // LaunchObserver.
  void launchEnter(const LaunchInfo &Launch) override;
  void launchExit(const LaunchInfo &Launch) override;
  void graphLaunch(const LaunchInfo &Launch) override;
  void graphNodeCreated(std::uint64_t NodeId) override;
  void graphNodeCloned(std::uint64_t Original, std::uint64_t Clone) override;
  void kernelRecords(std::span<KernelRecord> Records) override;
  void externalCorrelation(std::uint32_t CorrelationId,
                           std::uint64_t ExternalId) override;
  void deviceSeen(const DeviceIdentity &Device) override;
  void contextDestroying(void *Context) override;
  void moduleLoaded(const void *Cubin, std::size_t Size) override;

  /// Flushes every record (forced), builds the profile and writes it to the
  /// configured path (not in mode off), with collection.trigger set to
  /// \p Trigger ("exit", or the signal that ends the process). Runs once;
  /// later calls return false at once. Returns whether a profile was written.
  bool finalize(std::string_view Trigger = "exit");

  /// Writes the profile as it stands while the program goes on (records
  /// are flushed, the join stays open); \p Trigger is "periodic" or a signal
  /// name.
  /// Does nothing after finalize() or in mode off. Returns whether a profile
  /// was written.
  bool writeSnapshot(std::string_view Trigger);

  /// The profile as it would be written now (flushes nothing).
  ProfileData snapshot();

  const Degradation &degradation() const { return Warnings; }
  const RuntimeConfig &config() const { return Config; }

private:
  struct Frame;
  struct ThreadState;
  ThreadState &threadState() const;

  void ensureStarted();
  void start();
  /// Mutex held; \p Setup was fetched before taking it.
  ProfileData buildProfile(const std::optional<SamplerSetup> &Setup,
                           std::string_view Trigger);
  std::optional<SamplerSetup> samplerSetup() const;
  std::string effectiveMode() const;
  /// The attribution of the innermost frame of \p T (Mutex held).
  Attribution attributionOf(ThreadState &T);
  void pushFrame(const void *Ptr, bool IsScope);
  void popFrame(const void *Ptr, bool IsScope);
  /// Registers a site or scope table (Add, under the lock) unless profiling
  /// is off or the table is of another ABI version (Kind names it then).
  void registerTable(const char *Kind, unsigned AbiVersion,
                     const std::function<void()> &Add);
  /// The four hooks: a frame pushed or popped, unless profiling is off.
  void bracket(const void *Ptr, bool IsScope, bool Begin);
  /// Runs \p Body as a launch callback's hook (runHook), if launch callbacks
  /// are processed (started, not finalized, not off); the first one that is
  /// runs Env.FirstLaunch.
  template <typename Body> void launchHook(Body &&B);
  void waitForSampleInFlight() const;
  /// Sampled launches (counters or warp stalls) take the one sample slot
  /// (SampleMutex, with its owner and in-flight flag) at their API entry
  /// and release it at their exit, or at once when no sample starts.
  void takeSampleSlot();
  void releaseSampleSlot();
  /// The SMs of device \p Device, 0 when not known (Mutex held).
  unsigned smCountOf(std::uint32_t Device) const;
  /// A launch ran without a sample: releases the range profiler once such
  /// launches have cost as much as enabling it again (ProfilerResidency).
  void launchedWithoutSample(const ThreadState &T);
  /// The budget's clock.
  std::uint64_t now() const;
  /// The bounds' settings, skipped launches and the estimated entries, into
  /// the profile (Mutex held).
  void addSamplingBounds(ProfileData &Data);
  void beginSample(const LaunchInfo &Launch, const LaunchKey &Key);
  void stopCounters(const Failure &Why, const LaunchKey *Key);
  /// The period exponent if this launch of \p Key gets a warp-stall sample
  /// (Mutex held).
  std::optional<unsigned> claimStallSample(const LaunchKey &Key,
                                           const LaunchInfo &Launch);
  /// Starts the stall sample claimed for \p Launch; SampleMutex is held
  /// until endStallSample, or released here when it does not start.
  void beginStallSample(const LaunchInfo &Launch, const LaunchKey &Key,
                        unsigned Exponent);
  /// At the launch's API exit: the samples into its entry.
  void endStallSample(const LaunchInfo &Launch);
  void stopStalls(const Failure &Why);
  /// What the profile says of warp-stall sampling (Mutex held).
  std::optional<StallSamplingInfo> stallSamplingInfo() const;
  /// Flush, build and write (WriteMutex held by the caller); \p Final: the
  /// last write (joins what is left, checks for a missing device).
  bool writeProfileNow(std::string_view Trigger, bool Final);
  /// Sink of the joiner (Mutex held).
  void onJoined(JoinedLaunch &&Launch);
  /// Pairs \p Launch, attributed to \p Where, with the launch before it on
  /// its stream, for its record to take (Mutex held).
  void sequenceLaunch(const LaunchInfo &Launch, Attribution Where);
  /// A sample of launch \p LaunchId completed (Mutex held).
  void onSample(std::uint32_t LaunchId, const LaunchKey &CallbackKey,
                CounterValues Values);

  /// Distinguishes this instance in thread-local state.
  const std::uint64_t Serial;
  RuntimeConfig Config;
  std::unique_ptr<Tracer> Trace;
  std::unique_ptr<CounterSampler> Sampler;
  RuntimeEnvironment Env;
  std::unique_ptr<StallSampler> Stalls;
  Degradation Warnings;

  std::once_flag StartOnce;
  std::once_flag FirstLaunchOnce;
  std::once_flag FirstBracketOnce;
  std::atomic<bool> Finalized{false};
  /// Launch callbacks are processed (started, not finalized, not off).
  std::atomic<bool> Active{false};
  /// Attributions are pushed as external correlation ids.
  std::atomic<bool> PushExternal{false};
  /// Counters may be sampled (read without the mutex on the launch path).
  std::atomic<bool> SamplingLive{false};
  /// Warp stalls may be sampled (read without the mutex).
  std::atomic<bool> StallsLive{false};
  /// Launches are paired with the previous launch on their stream (read
  /// without the mutex): launch callbacks and kernel records both arrive.
  std::atomic<bool> SequenceLive{false};

  mutable std::mutex Mutex;
  SiteRegistry Registry;
  ScopeRegistry Scopes;
  KernelAggregator Aggregator;
  SamplingPolicy Policy;
  SamplingBudget Budget;
  ProfilerResidency Residency;
  /// The range profiler is enabled between samples (read without the mutex
  /// on the launch path).
  std::atomic<bool> ProfilerResident{false};
  SamplingProgress Progress;
  Degradation::Emitter ProgressEmit;
  CorrelationJoiner Joiner;
  /// Consecutive launches per stream, and what pairing found for launches
  /// whose records have not been joined yet.
  LaunchSequence Sequence;
  PendingExaminations Examinations;
  std::map<std::uint32_t, DeviceIdentity> Devices;
  /// Graph kernel nodes created inside a bracket, by CUPTI node id (clones
  /// made at instantiation included); bounded.
  std::unordered_map<std::uint64_t, Attribution> GraphNodes;
  bool TimingActive = false;
  bool CallbacksActive = false;
  bool CountersActive = false;
  bool StallsActive = false;
  StallPolicy StallRule;
  /// Why stall sampling is unavailable, once it is.
  std::string StallsUnavailable;
  /// A counter sample was taken since the last stall sample: the next stall
  /// sample switches the hardware from the range profiler to PC sampling,
  /// which costs about 100 ms (docs/perf/lines.md).
  bool CountersSinceStalls = false;
  /// PC sampling is enabled (it stays enabled, stopped, between samples).
  bool StallsEnabled = false;
  /// Such switches so far; the first FreeStallSwitches are free of the
  /// budget (as enabling the range profiler for a kernel's first counter
  /// sample is): a program that launches its kernels in a few phases has
  /// the hot lines of each.
  std::uint64_t StallSwitches = 0;
  static constexpr std::uint64_t FreeStallSwitches = 3;
  /// The last launch that could be sampled was a counter sample.
  bool LastLaunchCounterSampled = false;
  bool UseExternal = false;
  /// No kernel ran and the driver says no device could have run one.
  bool NoDeviceSeen = false;
  std::map<std::string, std::uint64_t> Diagnostics;
  /// Counters join their launch's kernel record through the launch's
  /// correlation id, whichever comes first; the key seen at the callback is
  /// the fallback for a record that never comes.
  struct PendingSample {
    LaunchKey CallbackKey;
    CounterValues Values;
  };
  std::unordered_map<std::uint32_t, PendingSample> SamplesAwaitingRecord;
  std::unordered_map<std::uint32_t, LaunchKey> RecordsAwaitingSample;
  /// The sampled launches' gpu__time_duration.sum per key, known before
  /// their records are: the period of the key's stall sample comes from it.
  std::unordered_map<LaunchKey, std::uint64_t, LaunchKeyHash> SampledNs;

  /// Serializes sampled launches (held from begin() to end()).
  mutable std::mutex SampleMutex;
  std::atomic<bool> SampleInFlight{false};
  std::atomic<std::thread::id> SampleOwner{};

  /// Serializes profile writes (periodic, signal, exit).
  std::mutex WriteMutex;
  std::uint64_t Writes = 0;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_RUNTIME_H
