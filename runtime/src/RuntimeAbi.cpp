//===- RuntimeAbi.cpp - The C ABI of libheadroom_rt -----------------------===//
///
/// \file
/// The composition root: one process-wide Runtime over the CUPTI hardware
/// layer, created at the first ABI call (normally the first instrumented
/// unit's static initializer) and never destroyed (CUPTI may call into it
/// until the process ends). The profile is written by an exit handler that is
/// registered twice (once at start-up, once at the first kernel launch, so
/// that it runs before the CUDA runtime's own exit handler tears the contexts
/// down) and by a static destructor as a last guard; finalize() runs once.
/// Nothing here throws into the program.
///
//===----------------------------------------------------------------------===//

// Only the C ABI is exported from the shared library.
#pragma GCC visibility push(default)
#include "headroom/runtime.h"
#pragma GCC visibility pop

#include "DefaultMetrics.h"
#include "Runtime.h"
#include "RuntimeConfig.h"
#include "cupti/CuptiLibrary.h"
#include "cupti/CuptiLoader.h"
#include "cupti/CuptiTracer.h"
#include "cupti/RangeProfilerSampler.h"

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <unistd.h>

#ifndef HEADROOM_VERSION
#define HEADROOM_VERSION "0.0.0"
#endif

using namespace headroom::rt;

namespace {

std::atomic<Runtime *> Instance{nullptr};
std::once_flag CreateOnce;
std::atomic<long> StartPid{0};

void finalizeAtExit() {
  try {
    // A forked child must not overwrite its parent's profile.
    if (static_cast<long>(::getpid()) != StartPid.load())
      return;
    if (Runtime *R = Instance.load())
      R->finalize();
  } catch (...) {
  }
}

Runtime *createRuntime() {
  long Pid = static_cast<long>(::getpid());
  RuntimeConfig Config = readRuntimeConfig(
      [](const char *Name) { return std::getenv(Name); }, Pid);
  RuntimeEnvironment Env;
  Env.Version = HEADROOM_VERSION;
  std::unique_ptr<Tracer> Trace;
  std::unique_ptr<CounterSampler> Sampler;
  if (Config.RequestedMode != Mode::Off) {
    Env.Process = currentProcess();
    Env.FirstLaunch = [] { std::atexit(finalizeAtExit); };
    auto Loader = std::make_shared<CuptiLoader>(
        CuptiLibrary::defaultCandidates(Config.CuptiLibrary));
    Trace = std::make_unique<CuptiTracer>(Loader);
    if (Config.RequestedMode == Mode::Counters) {
      bool Defaults = Config.Metrics.empty();
      Sampler = std::make_unique<RangeProfilerSampler>(
          Loader, Defaults ? defaultRequiredMetrics() : Config.Metrics,
          Defaults ? defaultExtraMetrics() : std::vector<std::string>());
    }
  }
  StartPid = Pid;
  auto *R = new Runtime(std::move(Config), std::move(Trace), std::move(Sampler),
                        std::move(Env));
  if (R->config().RequestedMode != Mode::Off)
    std::atexit(finalizeAtExit);
  return R;
}

Runtime *instance() {
  std::call_once(CreateOnce, [] {
    try {
      Instance = createRuntime();
    } catch (...) {
      Instance = nullptr;
    }
  });
  return Instance.load();
}

/// Writes the profile if no exit handler did (e.g. the library is unloaded).
struct FinalizeGuard {
  ~FinalizeGuard() { finalizeAtExit(); }
} Guard;

} // namespace

extern "C" {

void headroom_register_sites(const struct headroom_site_info *sites,
                             unsigned count, unsigned abi_version) {
  try {
    if (Runtime *R = instance())
      R->registerSites(sites, count, abi_version);
  } catch (...) {
  }
}

void headroom_launch_begin(const struct headroom_site_info *site) {
  try {
    if (Runtime *R = instance())
      R->launchBegin(site);
  } catch (...) {
  }
}

void headroom_launch_end(const struct headroom_site_info *site) {
  try {
    if (Runtime *R = instance())
      R->launchEnd(site);
  } catch (...) {
  }
}

} // extern "C"
