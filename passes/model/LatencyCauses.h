//===- LatencyCauses.h - Why a latency-bound kernel waits -------*- C++ -*-===//
///
/// \file
/// A latency-bound kernel keeps no unit of the GPU busy; what holds it back
/// is waiting, and the useful answer is what it waits for. From the launch
/// shape, the achieved occupancy and the issue-stall counters (warps stalled
/// per issued instruction, by reason), in order of evidence:
///
/// - atomics on few addresses: the busiest L2 slice's atomic unit takes
///   input for at least half the measured time while the GPU as a whole
///   is idle (the unit is the kernel's floor, not its busiest at GPU scale),
///   or would if they were fp32 adds to one word, which take 3 clocks each
///   (the counters tell neither the kind nor the addresses);
/// - dependent loads: the rounds of global loads a warp waits one after
///   another (its loads per warp over the loads it keeps in flight, from
///   its SASS) take at least half the measured time at the calibrated
///   load-to-use latencies (model/refinements/LoadRounds.h);
/// - too few blocks: fewer blocks than SMs leaves SMs idle;
/// - too few warps: under 4 warps per scheduler cannot hide the 4-cycle
///   latency of dependent arithmetic, let alone memory's hundreds;
/// - the busiest stall reason: memory latency (long scoreboard), dependent
///   instructions (wait and short scoreboard), barriers;
/// - short launches: start-up and tail of the grid weigh on launches of a
///   few microseconds.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_LATENCYCAUSES_H
#define HEADROOM_MODEL_LATENCYCAUSES_H

#include "model/HopperModel.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace headroom {

/// Warps per scheduler below which dependent instructions cannot be
/// overlapped (Hopper's fixed arithmetic latency is about 4 cycles).
inline constexpr double FewWarpsPerScheduler = 4;
/// Stall cycles per issued instruction from which a reason is named.
inline constexpr double NamedStallCycles = 1;
/// Share of the measured time from which the busiest L2 slice's atomic
/// unit, or the load rounds' wait, is named.
inline constexpr double NamedAtomicShare = 0.5;
/// Mean launch time under which start-up and tail are named.
inline constexpr double ShortLaunchMs = 0.01;

enum class LatencyCauseKind {
  AtomicContention,
  DependentLoads,
  FewBlocks,
  FewWarps,
  MemoryLatency,
  DependentInstructions,
  Barriers,
  ShortLaunches,
};

/// "few-blocks", "few-warps", "memory-latency", ...
const char *latencyCauseKey(LatencyCauseKind K);

/// One cause with the numbers that name it; each kind sets its own and
/// leaves the others 0. A value type.
struct LatencyCause {
  LatencyCauseKind Kind = LatencyCauseKind::FewWarps;
  /// AtomicContention: the busiest L2 slice's input share of the measured
  /// time; DependentLoads: the load rounds' share.
  double ShareOfTime = 0;
  /// AtomicContention, where only fp32 adds to one word would explain the
  /// time: the L2 clocks each such add takes.
  double Fp32OneWordClocks = 0;
  /// FewBlocks: the smallest grid and the device's SMs.
  std::uint64_t Blocks = 0;
  unsigned Sms = 0;
  /// FewWarps: resident warps per scheduler, and the achieved occupancy.
  double WarpsPerScheduler = 0, OccupancyPct = 0;
  /// MemoryLatency, DependentInstructions, Barriers: warps stalled per
  /// issued instruction for that reason.
  double StallCycles = 0;
  /// ShortLaunches: the mean launch, in microseconds.
  double LaunchUs = 0;
};

/// What the profile recorded beside the model's inputs.
struct LatencyEvidence {
  /// sm__warps_active.avg.pct_of_peak_sustained_active.
  std::optional<double> AchievedOccupancyPct;
  /// Warps stalled per issued instruction, by reason.
  std::optional<double> LongScoreboard, ShortScoreboard, Wait, Barrier;
  /// Resident warps per SM at 100% occupancy (64 on Hopper).
  unsigned MaxWarpsPerSm = 64;
  double MeanLaunchMs = 0;
};

/// The causes of a latency-bound kernel, strongest evidence first; empty
/// when \p P is not latency-bound.
std::vector<LatencyCause> latencyCauses(const HopperPrediction &P,
                                        const LatencyEvidence &E);

} // namespace headroom

#endif // HEADROOM_MODEL_LATENCYCAUSES_H
