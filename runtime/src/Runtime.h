//===- Runtime.h - The runtime's logic, hardware kept outside ----*- C++
//-*-===//
///
/// \file
/// The Runtime ties the site registry, correlation join, aggregation,
/// sampling decision and profile writer to the two hardware interfaces
/// (Tracer, CounterSampler). It implements the C ABI's semantics
/// (RuntimeAbi.cpp forwards to one process-wide instance) and is what the
/// unit tests drive with fake hardware.
///
/// Threading: the ABI entry points, launch callbacks and record deliveries
/// may come from any thread. Shared state sits behind one mutex, which is
/// never held while calling into the hardware layer (CUPTI may deliver
/// records from its own thread while a sampled launch replays). Sampled
/// launches are serialized, and other threads' launches wait while one is
/// being profiled, so that its range holds only its kernel.
///
/// Lifetime: construct, then call the ABI methods; finalize() writes the
/// profile once. Nothing throws out of a public method.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_RUNTIME_H
#define HEADROOM_RUNTIME_RUNTIME_H

#include "CorrelationJoiner.h"
#include "CounterSampler.h"
#include "Degradation.h"
#include "KernelAggregator.h"
#include "ProfileData.h"
#include "RuntimeConfig.h"
#include "SamplingPolicy.h"
#include "SiteRegistry.h"
#include "Tracer.h"

#include "headroom/runtime.h"

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
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
  /// exit handler there, after the CUDA runtime registered its own).
  std::function<void()> FirstLaunch;
};

class Runtime final : public LaunchObserver {
public:
  /// \p Sampler may be null (no counters). Nothing is started until the
  /// first ABI call.
  Runtime(RuntimeConfig Config, std::unique_ptr<Tracer> Trace,
          std::unique_ptr<CounterSampler> Sampler, RuntimeEnvironment Env);
  ~Runtime() override;

  Runtime(const Runtime &) = delete;
  Runtime &operator=(const Runtime &) = delete;

  // The C ABI (headroom/runtime.h).
  void registerSites(const headroom_site_info *Sites, unsigned Count,
                     unsigned AbiVersion);
  void launchBegin(const headroom_site_info *Site);
  void launchEnd(const headroom_site_info *Site);

  // LaunchObserver.
  void launchEnter(const LaunchInfo &Launch) override;
  void launchExit(const LaunchInfo &Launch) override;
  void kernelRecords(std::span<KernelRecord> Records) override;
  void externalCorrelation(std::uint32_t CorrelationId,
                           std::uint64_t ExternalId) override;
  void deviceSeen(const DeviceIdentity &Device) override;
  void contextDestroying(void *Context) override;

  /// Flushes the tracer, builds the profile and writes it to the configured
  /// path (not in mode off). Runs once; later calls return false at once.
  /// Returns whether a profile was written.
  bool finalize();

  /// The profile as it would be written now (flushes nothing).
  ProfileData snapshot();

  const Degradation &degradation() const { return Warnings; }
  const RuntimeConfig &config() const { return Config; }

private:
  void ensureStarted();
  void start();
  /// Mutex held; \p Setup was fetched before taking it.
  ProfileData buildProfile(const std::optional<SamplerSetup> &Setup);
  std::optional<SamplerSetup> samplerSetup() const;
  std::string effectiveMode() const;
  const headroom_site_info *currentSite() const;
  void waitForSampleInFlight() const;
  void beginSample(const LaunchInfo &Launch, const LaunchKey &Key);
  void stopCounters(const Failure &Why, const LaunchKey *Key);
  /// Sink of the joiner (Mutex held).
  void onJoined(JoinedLaunch &&Launch);
  /// A sample of launch \p LaunchId completed (Mutex held).
  void onSample(std::uint32_t LaunchId, const LaunchKey &CallbackKey,
                CounterValues Values);

  /// Distinguishes this instance in thread-local state.
  const std::uint64_t Serial;
  RuntimeConfig Config;
  std::unique_ptr<Tracer> Trace;
  std::unique_ptr<CounterSampler> Sampler;
  RuntimeEnvironment Env;
  Degradation Warnings;

  std::once_flag StartOnce;
  std::once_flag FirstLaunchOnce;
  std::atomic<bool> Finalized{false};
  /// Launch callbacks are processed (started, not finalized, not off).
  std::atomic<bool> Active{false};
  /// Sites are pushed as external correlation ids in launchBegin.
  std::atomic<bool> PushExternal{false};

  mutable std::mutex Mutex;
  SiteRegistry Registry;
  KernelAggregator Aggregator;
  SamplingPolicy Policy;
  CorrelationJoiner Joiner;
  std::map<std::uint32_t, DeviceIdentity> Devices;
  bool TimingActive = false;
  bool CallbacksActive = false;
  bool CountersActive = false;
  bool UseExternal = false;
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

  /// Serializes sampled launches (held from begin() to end()).
  mutable std::mutex SampleMutex;
  std::atomic<bool> SampleInFlight{false};
  std::atomic<std::thread::id> SampleOwner{};
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_RUNTIME_H
