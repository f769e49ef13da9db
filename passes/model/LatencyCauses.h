//===- LatencyCauses.h - Why a latency-bound kernel waits -------*- C++ -*-===//
///
/// \file
/// A latency-bound kernel keeps no unit of the GPU busy; what holds it back
/// is waiting, and the useful answer is what it waits for. From the launch
/// shape, the achieved occupancy, the issue-stall counters (warps stalled
/// per issued instruction, by reason) and what its warp-stall samples show
/// of the SMs, in order of evidence:
///
/// - one thread does the work: at most OneThreadLanes threads are active
///   per warp instruction, and about one SM holds a warp while it runs (its
///   warp-stall samples) or the grid is one block;
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
/// - idle SMs: fewer than half of the SMs hold a warp while it runs, on
///   average (its warp-stall samples), where the grid has blocks enough
///   (blocks that return at once, a few long blocks, a tail);
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
/// Active threads per warp instruction up to which one thread does the
/// work: the rest of the grid's warps issue a few full-width instructions
/// before they return (test/gpu/stalls/sampled.cu's serialSum: 1.67).
inline constexpr double OneThreadLanes = 2;
/// SMs holding a warp, on average, up to which one block does the work.
inline constexpr double OneSm = 1.5;
/// Share of the SMs holding a warp under which SMs are named idle.
inline constexpr double IdleSmShare = 0.5;

enum class LatencyCauseKind {
  OneThread,
  AtomicContention,
  DependentLoads,
  FewBlocks,
  IdleSms,
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
  /// FewBlocks: the smallest grid and the device's SMs (OneThread and
  /// IdleSms: the SMs too).
  std::uint64_t Blocks = 0;
  unsigned Sms = 0;
  /// OneThread, IdleSms: the SMs that held a warp while it ran, on average,
  /// where its warp-stall samples tell.
  std::optional<double> ResidentSms;
  /// OneThread: active threads per warp instruction.
  double ThreadsPerInst = 0;
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
  /// Active threads per warp instruction
  /// (smsp__average_thread_inst_executed_per_inst_executed).
  std::optional<double> ThreadsPerInst;
  /// The SMs that held a warp while it ran, on average: its warp-stall
  /// samples against those a sample per SM and period would give
  /// (analysis/StallLines.h, residentSms).
  std::optional<double> ResidentSms;
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
