//===- StallPolicy.h - Which launches get warp-stall samples ----*- C++ -*-===//
///
/// \file
/// Decides, at a launch's API entry, whether its warps are stall-sampled
/// (StallSampler), and at which period. A kernel's stall samples stand for
/// its code, whatever its configuration, so each kernel (name and device)
/// gets one sampled launch: the first launch that is not a counter sample
/// (the Runtime asks only for those), taken whatever the time budget, as a
/// kernel's first counter sample is, unless the Runtime says it is not free
/// (it would switch the hardware from the range profiler to PC sampling).
/// Where that launch gave fewer than EnoughSamples, one more launch is
/// sampled at a shorter period, if the budget allows.
///
/// The period (2^N cycles between two samples of an SM) is chosen so that a
/// launch of the expected duration yields about TargetSamples: a sample per
/// SM and period, at about AssumedClockGHz (docs/perf/lines.md measured
/// duration x clock x SMs / 2^N on an H200). N stays within
/// [MinExponent, MaxExponent]: shorter periods overflow CUPTI's buffers
/// (2^8 did) and slow a busy kernel down (3.2x at 2^12); an unknown
/// duration gets UnknownExponent. HEADROOM_PC_SAMPLING=N fixes N instead.
/// Changing the period costs about 100 ms (the first launch after CUPTI is
/// configured again sets up its buffers, docs/perf/lines.md), so a kernel
/// whose period differs from the last one sampled gets the last one unless
/// the budget allows the change.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_STALLPOLICY_H
#define HEADROOM_RUNTIME_STALLPOLICY_H

#include "LaunchKey.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>

namespace headroom::rt {

class StallPolicy {
public:
  static constexpr unsigned MinExponent = 10;
  static constexpr unsigned MaxExponent = 24;
  static constexpr unsigned UnknownExponent = 16;
  static constexpr std::uint64_t TargetSamples = 4000;
  static constexpr std::uint64_t EnoughSamples = 1000;
  static constexpr double AssumedClockGHz = 1.8;
  /// Sampled launches of one kernel that gave no samples before it is
  /// given up.
  static constexpr unsigned MaxAttempts = 3;
  /// The most kernels tracked; further kernels are not sampled.
  static constexpr std::size_t MaxKernels = 1u << 16;

  /// \p FixedExponent: HEADROOM_PC_SAMPLING=N, every launch at 2^N.
  explicit StallPolicy(std::optional<unsigned> FixedExponent = std::nullopt)
      : Fixed(FixedExponent) {}

  /// The period exponent for this launch of \p Key, or nullopt when it is
  /// not stall-sampled. \p ExpectedNs: what a launch of the key takes, if
  /// known; \p SmCount: the SMs of its device (0: unknown); \p BudgetLeft:
  /// the time budget allows another sample; \p Free: a kernel's first
  /// sample may be taken without budget.
  std::optional<unsigned> claim(const LaunchKey &Key,
                                std::optional<std::uint64_t> ExpectedNs,
                                unsigned SmCount, bool BudgetLeft,
                                bool Free = true);
  /// The claimed launch of \p Key gave \p Samples at 2^\p Exponent.
  void sampled(const LaunchKey &Key, std::uint64_t Samples, unsigned Exponent);
  /// The claimed launch of \p Key was not sampled: \p Failed counts the
  /// attempt (a launch skipped before sampling does not).
  void release(const LaunchKey &Key, bool Failed);
  /// Launches of \p Key's kernel are never stall-sampled.
  void refuse(const LaunchKey &Key);
  /// Stops all stall sampling.
  void disable() { Enabled = false; }
  bool enabled() const { return Enabled; }
  /// The shortest period sampled so far, in cycles (0: none).
  std::uint64_t shortestPeriod() const { return Shortest; }
  /// The exponent of the last sample taken, if any.
  std::optional<unsigned> current() const { return Current; }

  /// The exponent for a launch of \p ExpectedNs on \p SmCount SMs.
  static unsigned exponentFor(std::optional<std::uint64_t> ExpectedNs,
                              unsigned SmCount);

private:
  struct KernelState {
    unsigned Taken = 0;
    unsigned Failures = 0;
    bool InFlight = false;
    std::uint64_t Samples = 0;
    unsigned LastExponent = 0;
  };
  using KernelId = std::pair<std::string, std::uint32_t>;

  std::optional<unsigned> Fixed;
  bool Enabled = true;
  std::uint64_t Shortest = 0;
  std::optional<unsigned> Current;
  std::map<KernelId, KernelState> Kernels;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_STALLPOLICY_H
