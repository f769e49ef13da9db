//===- HopperModel.h - Per-unit bounds of a kernel's time -------*- C++ -*-===//
///
/// \file
/// The Hopper model (docs/model.md): a kernel cannot run faster than the
/// slowest unit of the GPU its work passes through. For every unit, the
/// kernel's work over the unit's calibrated rate is
///
/// - its *roof* time, with the work spread over the whole GPU, and
/// - its *floor* time, with the work of the busiest SM or scheduler of the
///   launch's grid at that SM's or scheduler's rate (model/Parallelism.h).
///
/// The floor is the largest of these (the hardware cannot beat it, up to
/// counter noise). The refinements (model/Refinement.h, one file each under
/// model/refinements/) then adjust the floors where the counters overstate
/// them and add estimates, which are not bounds (model/Estimates.h): DRAM's
/// loaded latency over the bytes the kernel keeps in flight, instruction
/// issue and the wait on loads partly overlapped, and the compute and memory
/// stages partly overlapped. The predicted time is the largest of the floor
/// and the estimates. Unlike the thesis model,
/// instructions of different pipes do not add up: each pipe and the
/// dispatch of one warp instruction per scheduler per clock bound the time
/// separately.
///
/// With a measured time the model also classifies the kernel as Nsight
/// Compute's Speed of Light does: when no unit is busy for half of the time
/// at the scale of the whole GPU (its work at its hardware peak takes under
/// half the measured time), the kernel is latency-bound, whatever its floor;
/// else it is compute- or memory-bound by the kind of its busiest unit.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_HOPPERMODEL_H
#define HEADROOM_MODEL_HOPPERMODEL_H

#include "model/Estimates.h"
#include "model/HopperEvidence.h"
#include "model/Parallelism.h"
#include "model/StaticFacts.h"
#include "model/UnitRates.h"
#include "model/UnitWork.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace headroom {

/// Below this share of the measured time explained by the busiest unit of
/// the whole GPU, a kernel is latency-bound (Nsight Compute's Speed of Light
/// calls a kernel with compute and memory throughput both low latency-bound).
inline constexpr double LatencyBoundBelow = 0.5;

/// When the busiest compute unit and the busiest memory unit are within
/// this ratio of each other, the kernel sits on the ridge: both limit it.
inline constexpr double BalancedWithin = 0.9;

/// What limits a kernel.
enum class Regime { Compute, Memory, Latency };
const char *regimeName(Regime R);

struct LaunchGroup;

/// The launch just before a group's launches on the same stream whose
/// arguments point into the same device allocations (the runtime's
/// `follows`, docs/formats.md): what a kernel fusing the two would keep on
/// chip. A value type.
struct PrecedingLaunch {
  /// Its kernel, as the report names kernels.
  std::string Kernel;
  /// The share of the group's launches that came right after one of it.
  double Share = 0;
  /// The bytes of the allocations both launches point into.
  double SharedBytes = 0;
  /// The bytes one launch of it loaded and stored, from its counters: of
  /// the shared allocations, at most these were in its registers.
  std::optional<double> MovedBytes;
  /// One launch of it, from its counters (its configuration launched most
  /// often), where the profile has them: the work a fused kernel does too.
  std::shared_ptr<const LaunchGroup> OneLaunch;
};

/// One configuration of a kernel: the work of all its launches (totals) and
/// the shape they share.
struct LaunchGroup {
  UnitWork Work;
  LaunchShape Shape;
  /// How many launches Work covers.
  double Launches = 1;
  /// The duration of the launches whose counters gave Work (the sampled
  /// ones, scaled to all launches like Work), when recorded.
  std::optional<double> SampledMs;
  /// Achieved occupancy of the sampled launch (% of the SM's warps), for
  /// the bytes it keeps in flight.
  std::optional<double> OccupancyPct;
  /// How many of the launches are known to move the DRAM traffic the
  /// counters show: the sampled ones, which read their inputs cold
  /// (refinements/ColdLaunchDramFloor.h).
  double ColdLaunches = 1;
  /// What the kernel's SASS says that no counter does (none without it).
  StaticFacts Facts;
  /// The launch most of its launches follow on the same buffers, if any.
  std::optional<PrecedingLaunch> Preceding;
  /// Every recorded counter: counts over all the launches, averages per
  /// launch (the refinements read theirs here).
  std::array<std::optional<double>, NumCounters> Counters{};

  /// Counter \p C as above, when recorded.
  std::optional<double> total(Counter C) const {
    return Counters[static_cast<std::size_t>(C)];
  }
  /// Warps of one launch.
  double warps() const;
  /// Warps resident per SM at the achieved occupancy, of an SM that holds
  /// \p MaxWarpsPerSm (0 without the occupancy).
  double residentWarpsPerSm(unsigned MaxWarpsPerSm) const;
};

/// One configuration from its counters: each counter of one sampled launch
/// (\p PerLaunch) times \p Launches, its work and sampled time.
LaunchGroup launchGroup(const CounterLookup &PerLaunch, LaunchShape Shape,
                        double Launches);

/// What sets a predicted time: a unit's floor, or an estimate.
using Limiter = std::variant<Unit, Estimate>;

/// The unit's or the estimate's key.
std::string_view limiterKey(const Limiter &L);

/// The Hopper model's result for one kernel on one device. A value type.
struct HopperPrediction {
  /// Every unit with both work and a rate, slowest floor first.
  std::vector<UnitTime> Times;
  /// Units with a rate on the device but no counter in the profile.
  std::vector<Unit> Unrecorded;
  /// The estimates the refinements made, in the order of enum Estimate.
  std::vector<EstimateTime> Estimates;
  /// What the refinements saw (model/HopperEvidence.h).
  HopperEvidence Evidence;
  /// SMs of the device and the smallest grid among the launches.
  unsigned Sms = 0;
  std::uint64_t MinBlocks = 0;
  std::optional<double> MeasuredMs;
  /// The duration of the launches the counters come from, scaled to all
  /// launches (when every configuration recorded it). The verdict compares
  /// busy time with it, counters and time of the same launches, as Speed of
  /// Light does; a sampled first launch runs colder than the timed ones.
  std::optional<double> SampledMs;

  /// The floor: the largest bound of a unit the kernel keeps busy, which
  /// the hardware cannot beat (estimates are not bounds).
  double floorMs() const { return Times.empty() ? 0 : Times.front().FloorMs; }
  /// The estimate that sets the predicted time, where one is longer than
  /// the floor (the first of the longest), else null.
  const EstimateTime *predictingEstimate() const;
  /// Whether the predicted time is an estimate's rather than a unit's floor.
  bool estimatePredicted() const { return predictingEstimate() != nullptr; }
  /// What sets the predicted time; nullopt with neither units nor
  /// estimates.
  std::optional<Limiter> limiter() const;
  /// The predicted time: the floor, or an estimate where that is longer.
  double predictedMs() const;
  /// The predicted time without the estimates \p Left (those a device
  /// without their measurements cannot make).
  double predictedMsWithout(std::span<const Estimate> Left) const;
  const EstimateTime *estimate(Estimate E) const;
  /// The unit with the largest busy time (its work at its hardware peak).
  const UnitTime *busiestUnit() const;
  /// The busiest unit of a kind (for the ridge test), or null.
  const UnitTime *busiest(UnitKind K) const;
  const UnitTime *timeOf(Unit U) const;

  /// Largest busy time over the sampled (else measured) time: how busy the
  /// busiest unit of the whole GPU was, 0..1 (and slightly more with
  /// counter noise).
  std::optional<double> utilization() const;
  /// Compute, memory or latency; nullopt without a measured time.
  std::optional<Regime> regime() const;
  /// True when the busiest compute and memory units are both above the
  /// latency threshold and within BalancedWithin of each other.
  bool balanced() const;
  /// Measured time over the predicted time (>= 1 means room to improve).
  std::optional<double> headroom() const;

private:
  /// The time the verdict counts busy time against.
  std::optional<double> verdictMs() const;
};

/// How much longer the same launches take on the device of \p There than on
/// that of \p Here (the ratio of the projections, thesis 5.13): of the
/// predicted times where both devices model the same latencies, else of the
/// predicted times without DRAM's latency estimates (a device file derived
/// from a spec sheet has no latency curve, and a latency on one side only
/// would skew the ratio); nullopt when Here's is 0.
std::optional<double> projectionRatio(const HopperPrediction &Here,
                                      const HopperPrediction &There);

/// Bounds the kernel whose configurations are \p Groups on a device with
/// rates \p R. \p MeasuredMs is the measured time of all the launches.
HopperPrediction predictHopper(std::span<const LaunchGroup> Groups,
                               const UnitRates &R,
                               std::optional<double> MeasuredMs);

} // namespace headroom

#endif // HEADROOM_MODEL_HOPPERMODEL_H
