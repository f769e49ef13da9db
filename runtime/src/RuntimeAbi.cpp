//===- RuntimeAbi.cpp - The C ABI of libheadroom_rt -----------------------===//
///
/// \file
/// The composition root: one process-wide Runtime over the CUPTI hardware
/// layer, created at the first ABI call (normally the first instrumented
/// unit's static initializer) and never destroyed (CUPTI may call into it
/// until the process ends).
///
/// The profile is written:
///  - at exit, by a handler registered twice (at start-up, and at the first
///    kernel launch, so that it runs before the CUDA runtime's own exit
///    handler tears the contexts down), with a static destructor as a last
///    guard; finalize() runs once;
///  - every HEADROOM_FLUSH_S seconds and on termination signals, by the
///    ProfileFlusher thread (TerminationSignals hands signals to it and then
///    ends the process as it would have ended).
/// Nothing here throws into the program.
///
//===----------------------------------------------------------------------===//

// Only the C ABI is exported from the shared library.
#pragma GCC visibility push(default)
#include "headroom/runtime.h"
#pragma GCC visibility pop

#include "DefaultMetrics.h"
#include "HookBoundary.h"
#include "ProfileFlusher.h"
#include "Runtime.h"
#include "RuntimeConfig.h"
#include "TerminationSignals.h"
#include "cupti/CuptiLibrary.h"
#include "cupti/CuptiLoader.h"
#include "cupti/CuptiTracer.h"
#include "cupti/PcSamplingSampler.h"
#include "cupti/RangeProfilerSampler.h"

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unistd.h>

#ifndef HEADROOM_VERSION
#define HEADROOM_VERSION "0.0.0"
#endif

using namespace headroom::rt;

namespace {

/// How long a signal handler waits for the profile to be written.
constexpr int SignalWriteTimeoutMs = 10000;

std::atomic<Runtime *> Instance{nullptr};
std::once_flag CreateOnce;
std::atomic<long> StartPid{0};
ProfileFlusher *Flusher = nullptr;
bool SignalsWanted = false;

void finalizeAtExit() {
  callNoThrow([] {
    // A forked child must not overwrite its parent's profile.
    if (static_cast<long>(::getpid()) != StartPid.load())
      return;
    if (Runtime *R = Instance.load())
      R->finalize();
  });
}

/// Runs on the flusher thread.
void flushRequested(const ProfileFlusher::Request &Req) {
  Runtime *R = Instance.load();
  if (!R || static_cast<long>(::getpid()) != StartPid.load())
    return;
  if (Req.Signal == 0) {
    R->writeSnapshot("periodic");
    return;
  }
  std::string Name = TerminationSignals::signalName(Req.Signal);
  if (Req.Terminal)
    R->finalize(Name);
  else
    R->writeSnapshot(Name);
}

/// The metrics to configure: the catalog's defaults extended by
/// HEADROOM_METRICS, or exactly HEADROOM_METRICS with "only:".
std::pair<std::vector<std::string>, std::vector<std::string>>
metricSets(const RuntimeConfig &Config) {
  if (Config.MetricsReplaceDefaults)
    return {Config.Metrics, {}};
  std::vector<std::string> Required = defaultRequiredMetrics();
  for (const std::string &M : Config.Metrics)
    if (std::find(Required.begin(), Required.end(), M) == Required.end())
      Required.push_back(M);
  std::vector<std::string> Extras;
  for (const std::string &M : defaultExtraMetrics())
    if (std::find(Required.begin(), Required.end(), M) == Required.end())
      Extras.push_back(M);
  return {Required, Extras};
}

Runtime *createRuntime() {
  long Pid = static_cast<long>(::getpid());
  RuntimeEnvironment Env;
  Env.Version = HEADROOM_VERSION;
  Env.Process = currentProcess();
  RuntimeConfig Config = readRuntimeConfig(
      [](const char *Name) { return std::getenv(Name); }, Pid,
      Env.Process.Host.empty() ? "localhost" : Env.Process.Host);
  std::unique_ptr<Tracer> Trace;
  std::unique_ptr<CounterSampler> Sampler;
  std::unique_ptr<StallSampler> Stalls;
  if (Config.RequestedMode != Mode::Off) {
    // Chain to signal handlers the program installed since start-up (in
    // main(), before its first launch).
    auto Reinstall = [] {
      if (SignalsWanted)
        TerminationSignals::install(Flusher, StartPid.load(),
                                    SignalWriteTimeoutMs);
    };
    Env.FirstLaunch = [Reinstall] {
      std::atexit(finalizeAtExit);
      Reinstall();
    };
    Env.FirstBracket = Reinstall;
    auto Loader = std::make_shared<CuptiLoader>(
        CuptiLibrary::defaultCandidates(Config.CuptiLibrary));
    Trace = std::make_unique<CuptiTracer>(Loader);
    if (Config.RequestedMode == Mode::Counters &&
        Config.Rule.Which != SamplingRule::Kind::Off) {
      auto [Required, Extras] = metricSets(Config);
      Sampler = std::make_unique<RangeProfilerSampler>(
          Loader, std::move(Required), std::move(Extras),
          Config.releaseProfilerAfterSample(), Config.CacheDir);
    }
    if (Config.RequestedMode == Mode::Counters && Config.PcSampling)
      Stalls = std::make_unique<PcSamplingSampler>(Loader);
  }
  StartPid = Pid;
  auto *R = new Runtime(Config, std::move(Trace), std::move(Sampler),
                        std::move(Env), std::move(Stalls));
  if (Config.RequestedMode != Mode::Off) {
    std::atexit(finalizeAtExit);
    if (Config.FlushIntervalS > 0 || Config.Signals)
      Flusher = new ProfileFlusher(Config.FlushIntervalS, &flushRequested);
    SignalsWanted = Config.Signals;
    if (SignalsWanted)
      TerminationSignals::install(Flusher, Pid, SignalWriteTimeoutMs);
  }
  return R;
}

Runtime *instance() {
  std::call_once(CreateOnce, [] {
    Instance = callNoThrow(static_cast<Runtime *>(nullptr), createRuntime);
  });
  return Instance.load();
}

/// Calls \p Forward with the process's Runtime, if there is one; nothing it
/// throws reaches the program.
template <typename Call> void forwardToRuntime(Call &&Forward) {
  callNoThrow([&] {
    if (Runtime *R = instance())
      Forward(*R);
  });
}

/// Writes the profile if no exit handler did (e.g. the library is unloaded).
struct FinalizeGuard {
  ~FinalizeGuard() { finalizeAtExit(); }
} Guard;

} // namespace

extern "C" {

void headroom_register_sites(const struct headroom_site_info *sites,
                             unsigned count, unsigned abi_version) {
  forwardToRuntime(
      [&](Runtime &R) { R.registerSites(sites, count, abi_version); });
}

void headroom_register_sites_in(const struct headroom_site_info *sites,
                                unsigned count, const char *directory,
                                unsigned abi_version) {
  forwardToRuntime([&](Runtime &R) {
    R.registerSites(sites, count, abi_version, directory);
  });
}

void headroom_set_default_profile(const char *path) {
  forwardToRuntime([&](Runtime &R) { R.setDefaultProfile(path); });
}

void headroom_launch_begin(const struct headroom_site_info *site) {
  forwardToRuntime([&](Runtime &R) { R.launchBegin(site); });
}

void headroom_launch_end(const struct headroom_site_info *site) {
  forwardToRuntime([&](Runtime &R) { R.launchEnd(site); });
}

void headroom_register_scopes(const struct headroom_scope_info *scopes,
                              unsigned count, unsigned abi_version) {
  forwardToRuntime(
      [&](Runtime &R) { R.registerScopes(scopes, count, abi_version); });
}

void headroom_register_scopes_in(const struct headroom_scope_info *scopes,
                                 unsigned count, const char *directory,
                                 unsigned abi_version) {
  forwardToRuntime([&](Runtime &R) {
    R.registerScopes(scopes, count, abi_version, directory);
  });
}

void headroom_scope_begin(const struct headroom_scope_info *scope) {
  forwardToRuntime([&](Runtime &R) { R.scopeBegin(scope); });
}

void headroom_scope_end(const struct headroom_scope_info *scope) {
  forwardToRuntime([&](Runtime &R) { R.scopeEnd(scope); });
}

} // extern "C"
