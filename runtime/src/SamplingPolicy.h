//===- SamplingPolicy.h - Which launches get counters ------------*- C++
//-*-===//
///
/// \file
/// Decides, at a launch's API entry, whether its counters are collected: the
/// FIRST launch of each LaunchKey (site, kernel, device, grid, block, dynamic
/// shared memory), and by default only launches made from an instrumented
/// site (library kernels such as NCCL's can wait on other GPUs and hang
/// under kernel replay). A claimed launch that could not be sampled for a
/// passing reason (stream capture, failed launch) is released so that a
/// later launch of the key tries again, a bounded number of times.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_SAMPLINGPOLICY_H
#define HEADROOM_RUNTIME_SAMPLINGPOLICY_H

#include "LaunchKey.h"

#include <unordered_map>

namespace headroom::rt {

/// Which launches may be sampled.
enum class SamplingScope {
  /// Launches from instrumented sites only (default).
  Sites,
  /// Every launch, also those outside any site.
  All,
};

/// First-launch-per-key sampling. Not thread-safe: the Runtime serializes
/// access.
class SamplingPolicy {
public:
  explicit SamplingPolicy(SamplingScope Scope, unsigned MaxAttempts = 3)
      : Scope(Scope), MaxAttempts(MaxAttempts) {}

  /// True when this launch of \p Key is to be sampled; the key is then
  /// claimed and no later launch of it is sampled unless released.
  bool claim(const LaunchKey &Key);
  /// The claimed launch of \p Key gave no counters for a passing reason.
  void release(const LaunchKey &Key);
  /// Stops all sampling (counters became unavailable).
  void disable() { Enabled = false; }
  bool enabled() const { return Enabled; }
  SamplingScope scope() const { return Scope; }

private:
  struct State {
    unsigned Attempts = 0;
    bool Claimed = false;
  };

  SamplingScope Scope;
  unsigned MaxAttempts;
  bool Enabled = true;
  std::unordered_map<LaunchKey, State, LaunchKeyHash> Keys;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_SAMPLINGPOLICY_H
