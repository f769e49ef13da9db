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
/// counter noise). The predicted time is the largest of the floor and three
/// estimates, which are not bounds: DRAM's loaded latency over the bytes the
/// kernel keeps in flight, instruction issue and DRAM's latency partly
/// overlapped (model/DramLatency.h), and the compute and memory stages
/// partly overlapped (model/PartialOverlap.h). Unlike the thesis model,
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

#include "model/Parallelism.h"
#include "model/PartialOverlap.h"
#include "model/UnitRates.h"
#include "model/UnitWork.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
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
  /// counters show: the sampled ones, which read their inputs cold. The
  /// others may find data that fits in the L2 there, so the DRAM floor
  /// counts only these where it fits.
  double ColdLaunches = 1;
};

/// One configuration from its counters: each counter of one sampled launch
/// (\p PerLaunch) times \p Launches, its work and sampled time.
LaunchGroup launchGroup(const CounterLookup &PerLaunch, LaunchShape Shape,
                        double Launches);

/// One unit's time for all modeled launches.
struct UnitTime {
  Unit Id = Unit::Issue;
  /// The work at the rate of the whole GPU.
  double RoofMs = 0;
  /// The work of the busiest SM or scheduler at its rate (>= RoofMs).
  double FloorMs = 0;
  /// The work at the unit's hardware peak (UnitRates::busyRate; <= RoofMs):
  /// over the measured time, how busy the unit was.
  double BusyMs = 0;
};

/// The Hopper model's result for one kernel on one device. A value type.
struct HopperPrediction {
  /// Every unit with both work and a rate, slowest floor first.
  std::vector<UnitTime> Times;
  /// Units with a rate on the device but no counter in the profile.
  std::vector<Unit> Unrecorded;
  /// What the launches kept in flight against DRAM, when the DRAM latency
  /// unit was modeled: DRAM bytes read per warp and resident warps per SM
  /// (of the configuration with the longest DRAM latency time), and the
  /// bytes in flight per SM DRAM needs for 90% of its bandwidth.
  struct InFlight {
    double ReadBytesPerWarp = 0;
    double ResidentWarpsPerSm = 0;
    double NeededPerSm = 0;
  };
  std::optional<InFlight> DramInFlight;
  /// The load rounds, where they set the wait of the issue and latency
  /// estimate (model/LoadRounds.h), of the configuration with the longest
  /// wait: global loads per warp, loads it keeps in flight per round (from
  /// the SASS), and a round's latency in seconds.
  struct Rounds {
    double LoadsPerWarp = 0;
    double LoadsPerRound = 0;
    double LatencySeconds = 0;
    /// The wait of all launches of the configuration, ms.
    double WaitMs = 0;
  };
  std::optional<Rounds> LoadRounds;
  /// Each stage's slowest time as the partial-overlap estimate adds them
  /// (model/PartialOverlap.h; compute, L1, L2, DRAM), summed over the
  /// configurations: the floors but for L2 write requests, which it takes at
  /// the partial-sector rate.
  std::array<double, NumStages> StageMs{};
  /// The time the busiest L2 slice's atomic inputs take at the slowest rate
  /// of adds to one word (fp32's, 3 L2 clocks each on the H100): what the
  /// atomics can explain when the counters cannot tell their kind or
  /// addresses; 0 without atomics or without the measurement.
  double AtomicsOneWordMs = 0;
  /// SMs of the device and the smallest grid among the launches.
  unsigned Sms = 0;
  std::uint64_t MinBlocks = 0;
  std::optional<double> MeasuredMs;
  /// The duration of the launches the counters come from, scaled to all
  /// launches (when every configuration recorded it). The verdict compares
  /// busy time with it, counters and time of the same launches, as Speed of
  /// Light does; a sampled first launch runs colder than the timed ones.
  std::optional<double> SampledMs;

  /// The bottleneck: the unit of the predicted time.
  const UnitTime *bottleneck() const {
    return Times.empty() ? nullptr : &Times.front();
  }
  /// The predicted time: the largest floor, or an estimate (a latency, the
  /// stages partly overlapped) where that is longer.
  double predictedMs() const {
    return Times.empty() ? 0 : Times.front().FloorMs;
  }
  /// The floor: the largest bound of a unit the kernel keeps busy, which
  /// the hardware cannot beat (latencies are estimates, not bounds).
  double floorMs() const;
  /// Whether the predicted time is an estimate's (a latency, the stages
  /// partly overlapped) rather than a unit's floor (a bound).
  bool estimatePredicted() const {
    return !Times.empty() &&
           unitInfo(Times.front().Id).Kind == UnitKind::Estimate;
  }
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
