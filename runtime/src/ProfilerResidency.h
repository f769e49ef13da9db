//===- ProfilerResidency.h - When the range profiler stays on ---*- C++ -*-===//
///
/// \file
/// Enabling CUPTI's range profiler on a context and starting its first
/// session costs about 150 ms on an H100; a session started on a profiler
/// that stayed enabled costs about 5 ms. An enabled profiler, however, slows
/// every launch of the context a little, sampled or not. So the profiler
/// stays enabled after a sample, and is released once the launches made
/// since the last sample have cost, at an estimated slowdown each, as much
/// as enabling it again would: the ski-rental rule, which never pays more
/// than twice what the best choice in hindsight would have paid.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_PROFILERRESIDENCY_H
#define HEADROOM_RUNTIME_PROFILERRESIDENCY_H

#include <cstdint>

namespace headroom::rt {

class ProfilerResidency {
public:
  /// \p SlowdownNsPerLaunch: what an enabled, idle profiler adds to a
  /// launch; \p EnableCostNs: the cost of enabling assumed until one is
  /// measured.
  ProfilerResidency(std::uint64_t SlowdownNsPerLaunch,
                    std::uint64_t EnableCostNs)
      : SlowdownNs(SlowdownNsPerLaunch), EnableCostNs(EnableCostNs) {}

  /// A sample ended with the profiler enabled; \p MeasuredEnableCostNs is
  /// what enabling it cost when this sample had to (0 when it was enabled
  /// already).
  void sampled(std::uint64_t MeasuredEnableCostNs);
  /// A launch ran without a sample. True once: when the profiler should be
  /// released now.
  bool launchedWithoutSample();
  /// The profiler was released for another reason (warp-stall sampling
  /// could not be enabled beside it).
  void released() {
    if (Enabled)
      ++Releases;
    Enabled = false;
    IdleLaunches = 0;
  }

  bool enabled() const { return Enabled; }
  std::uint64_t releases() const { return Releases; }

private:
  std::uint64_t SlowdownNs;
  std::uint64_t EnableCostNs;
  std::uint64_t IdleLaunches = 0;
  std::uint64_t Releases = 0;
  bool Enabled = false;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_PROFILERRESIDENCY_H
