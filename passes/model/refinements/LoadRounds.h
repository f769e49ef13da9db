//===- LoadRounds.h - What dependent global loads wait ----------*- C++ -*-===//
///
/// \file
/// A warp that uses each loaded value before it issues the next load (a
/// loop of `m = fmaxf(m, x[i])`) waits one load-to-use latency per load: it
/// keeps one load in flight, however fast the memory behind it. Such a
/// warp's time is its rounds of loads times their latency, and only the
/// resident warps wait at the same time: a launch of N warps, R resident,
/// each waiting r rounds, takes N x r / R latencies at least.
///
/// r is the warp's global load instructions
/// (`smsp__inst_executed_op_global_ld`) over the loads it keeps in flight per
/// round, which only the SASS shows (sass/LoadsInFlight.h; `--sass`). The
/// latency of a round is that of the level its loads are served from, weighted
/// by the sectors each level served: L1 hits (global-load sectors asked of L1
/// less the L2's read sectors), L2 hits (the L2's read sectors less DRAM's) and
/// DRAM reads, at the load-to-use latencies `headroom calibrate` measures with
/// one dependent load at a time (`load_latency_l1`, `_l2`, `_dram`); where
/// the device file has it, a DRAM round's latency is that of warps' rounds
/// of as many loads (`load_latency_dram_rounds`: 364 ns for one load, 442 ns
/// for four on the H200).
///
/// It is a wait, not a bound: the refinement makes it the wait that the
/// issue-and-latency estimate overlaps with issue, where it exceeds the DRAM
/// wait of one latency per turn of resident warps (docs/model.md, "Load
/// rounds: the loads a warp keeps in flight").
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_REFINEMENTS_LOADROUNDS_H
#define HEADROOM_MODEL_REFINEMENTS_LOADROUNDS_H

#include "model/Refinement.h"

#include <optional>
#include <utility>
#include <vector>

namespace headroom {

/// The load-to-use latency of one global load served from each level, in
/// seconds. A value type.
struct LoadLatencies {
  double L1 = 0, L2 = 0, Dram = 0;
  /// A warp's round of DRAM loads against the loads in it (loads, seconds;
  /// by increasing loads), where measured (`load_latency_dram_rounds`): a
  /// round ends with its last load, so the more loads, the longer.
  std::vector<std::pair<double, double>> DramRounds;

  /// A round of \p Loads DRAM loads: DramRounds at \p Loads (linear
  /// between its points, the first below them, the last segment's slope
  /// above them), else Dram.
  double dramRound(double Loads) const;
};

/// What a launch's global loads ask for, per launch.
struct GlobalLoadWork {
  /// Warp-level global load instructions.
  double Instructions = 0;
  /// Loads a warp keeps in flight per round (from the SASS; > 0).
  double LoadsPerRound = 0;
  /// Sectors the global loads asked of L1; nullopt when not recorded (the
  /// loads are then taken as all missing L1).
  std::optional<double> L1Sectors;
  /// Sectors read from the L2 and from DRAM.
  double L2ReadSectors = 0, DramReadSectors = 0;
};

/// A round's latency: the levels' latencies weighted by the sectors each
/// served.
double roundLatency(const GlobalLoadWork &W, const LoadLatencies &L);

/// The rounds of resident warps a launch of \p Warps warps, \p Resident of
/// them resident at a time, takes to run \p W's loads (at least 1).
double loadRoundTurns(const GlobalLoadWork &W, double Warps, double Resident);

/// The least time the loads of \p W keep such a launch waiting, seconds:
/// loadRoundTurns x roundLatency; 0 without loads or resident warps.
double loadRoundSeconds(const GlobalLoadWork &W, double Warps, double Resident,
                        const LoadLatencies &L);

/// The load rounds where they set the wait, of the launch group with the
/// longest wait. A value type.
struct LoadRoundsEvidence {
  /// Global loads per warp, and loads a warp keeps in flight per round
  /// (from the SASS).
  double LoadsPerWarp = 0, LoadsPerRound = 0;
  /// A round's latency, in seconds.
  double LatencySeconds = 0;
  /// The wait of all the group's launches.
  double WaitMs = 0;
};

const Refinement &loadRounds();

} // namespace headroom

#endif // HEADROOM_MODEL_REFINEMENTS_LOADROUNDS_H
