//===- KernelBounds.h - A kernel through the Hopper model -------*- C++ -*-===//
///
/// \file
/// The Hopper model's view of one kernel of a profile (docs/model.md): the
/// per-unit floors of its modeled launches, its regime (compute, memory or
/// latency) and, when latency-bound, what it waits for; the fitted model's
/// prediction when it was chosen; and its projections onto --target devices
/// (measured time scaled by the ratio of the floors). analyzeProfile fills it
/// in where the device has unit rates and the profile the per-pipe counters.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_KERNELBOUNDS_H
#define HEADROOM_ANALYSIS_KERNELBOUNDS_H

#include "model/FittedWeights.h"
#include "model/HopperModel.h"
#include "model/LatencyCauses.h"
#include "model/Prediction.h"
#include "model/UnitRates.h"
#include "model/WhatIf.h"
#include "schema/ProfileDocument.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace headroom {

/// A --target device's bound for the kernel.
struct BoundsProjection {
  std::string Device;
  HopperPrediction Prediction;
  /// The measured time scaled by the ratio of the floors; the floor itself
  /// without a measured time on the profiled device.
  double ProjectedMs = 0;
  /// The regime on the target: with a measured time, judged at ProjectedMs
  /// as KernelBounds::regime() judges the measured one; else by the
  /// busiest unit's kind.
  Regime TargetRegime = Regime::Compute;
};

struct KernelBounds {
  HopperPrediction Prediction;
  /// The work of all modeled launches per unit, for the warning's shares.
  std::array<double, NumUnits> Work{};
  std::vector<LatencyCause> Causes;
  /// What the optimizations that apply would buy (model/WhatIf.h).
  std::vector<WhatIfEstimate> WhatIfs;
  /// The fitted model's time, when --model fitted chose it.
  std::optional<double> FittedMs;
  std::vector<BoundsProjection> Projections;
  /// The model's input, kept for the projections.
  std::vector<LaunchGroup> Groups;

  /// What the warning compares the measured time with: the fitted time, or
  /// the Hopper model's predicted time.
  double predictedMs() const {
    return FittedMs ? *FittedMs : Prediction.predictedMs();
  }
  /// Whether predictedMs() is the Hopper floor (a bound), not the fitted
  /// time or a latency estimate.
  bool predictsFloor() const {
    return !FittedMs && !Prediction.estimatePredicted();
  }
  /// Measured over predicted time.
  std::optional<double> headroom() const;
  /// The regime; by the busiest unit's kind without a measured time.
  Regime regime() const;
};

/// Gives \p G what \p Facts (the program's SASS, when given) says of the
/// kernel of \p Entry.
void applyStaticFacts(LaunchGroup &G, const ProfileKernel &Entry,
                      const StaticFactsIndex *Facts);

/// Collects the Hopper model's input from a profile's entries: one launch
/// group per entry with counters (their per-launch values times launches).
class BoundsInput {
public:
  /// Adds \p Entry, with what \p Facts (the SASS) says of its kernel and,
  /// where \p Profile (its profile) recorded one, the launch before it on
  /// the same buffers.
  void add(const ProfileKernel &Entry, const StaticFactsIndex *Facts = nullptr,
           const ProfileDocument *Profile = nullptr);
  /// Whether every entry had the counters of the per-pipe model (the
  /// instruction count, the pipes and DRAM).
  bool complete() const { return !Groups.empty() && Complete; }
  const std::vector<LaunchGroup> &groups() const { return Groups; }
  const LatencyEvidence &evidence() const { return Evidence; }
  /// The SMs that held a warp while the kernel ran (residentSms).
  void setResidentSms(std::optional<double> Sms) { Evidence.ResidentSms = Sms; }

private:
  std::vector<LaunchGroup> Groups;
  LatencyEvidence Evidence;
  double EvidenceLaunches = 0;
  bool Complete = true;
};

/// Projects \p B onto the device named \p Device with rates \p R: the same
/// work on its units, the measured time scaled by the ratio of the floors.
BoundsProjection projectBounds(const KernelBounds &B, const std::string &Device,
                               const UnitRates &R);

/// The bounds of the kernel whose input is \p In on a device with rates
/// \p R; \p MeasuredMs is the modeled launches' time, when measured there.
KernelBounds kernelBounds(const BoundsInput &In, const UnitRates &R,
                          std::optional<double> MeasuredMs,
                          std::uint64_t Launches);

} // namespace headroom

#endif // HEADROOM_ANALYSIS_KERNELBOUNDS_H
