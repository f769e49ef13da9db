//===- StallPolicy.cpp - Which launches get warp-stall samples ------------===//

#include "StallPolicy.h"

#include <algorithm>
#include <cmath>

namespace headroom::rt {

unsigned StallPolicy::exponentFor(std::optional<std::uint64_t> ExpectedNs,
                                  unsigned SmCount) {
  if (!ExpectedNs || *ExpectedNs == 0 || SmCount == 0)
    return UnknownExponent;
  double Cycles = static_cast<double>(*ExpectedNs) * AssumedClockGHz * SmCount /
                  static_cast<double>(TargetSamples);
  if (Cycles < 2)
    return MinExponent;
  auto N = static_cast<long>(std::floor(std::log2(Cycles)));
  return static_cast<unsigned>(
      std::clamp<long>(N, long(MinExponent), long(MaxExponent)));
}

std::optional<unsigned>
StallPolicy::claim(const LaunchKey &Key,
                   std::optional<std::uint64_t> ExpectedNs, unsigned SmCount,
                   bool BudgetLeft, bool Free) {
  if (!Enabled)
    return std::nullopt;
  KernelId Id{Key.Kernel, Key.Device};
  if (Kernels.size() >= MaxKernels && !Kernels.count(Id))
    return std::nullopt;
  KernelState &K = Kernels[Id];
  if (K.InFlight || K.Failures >= MaxAttempts)
    return std::nullopt;
  std::optional<unsigned> Exponent;
  if (K.Taken == 0 && (Free || BudgetLeft)) {
    Exponent = Fixed ? *Fixed : exponentFor(ExpectedNs, SmCount);
    if (Current && *Exponent != *Current && !BudgetLeft)
      Exponent = Current;
  } else if (K.Taken == 1 && !Fixed && BudgetLeft &&
             K.Samples < EnoughSamples && K.LastExponent > MinExponent) {
    // Short by a factor Target / Samples: shorten the period by as much.
    double Short = static_cast<double>(TargetSamples) /
                   static_cast<double>(std::max<std::uint64_t>(K.Samples, 1));
    auto Less = static_cast<unsigned>(std::ceil(std::log2(Short)));
    Exponent = K.LastExponent - std::min(Less, K.LastExponent - MinExponent);
  }
  if (Exponent)
    K.InFlight = true;
  return Exponent;
}

void StallPolicy::sampled(const LaunchKey &Key, std::uint64_t Samples,
                          unsigned Exponent) {
  KernelState &K = Kernels[{Key.Kernel, Key.Device}];
  K.InFlight = false;
  ++K.Taken;
  K.Samples += Samples;
  K.LastExponent = Exponent;
  Current = Exponent;
  std::uint64_t Period = std::uint64_t(1) << Exponent;
  if (Shortest == 0 || Period < Shortest)
    Shortest = Period;
}

void StallPolicy::refuse(const LaunchKey &Key) {
  KernelState &K = Kernels[{Key.Kernel, Key.Device}];
  K.InFlight = false;
  K.Failures = MaxAttempts;
}

void StallPolicy::release(const LaunchKey &Key, bool Failed) {
  KernelState &K = Kernels[{Key.Kernel, Key.Device}];
  K.InFlight = false;
  if (Failed)
    ++K.Failures;
}

} // namespace headroom::rt
