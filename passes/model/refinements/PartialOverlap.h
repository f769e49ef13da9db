//===- PartialOverlap.h - Stages of a kernel, partly overlapped -*- C++ -*-===//
///
/// \file
/// A kernel's work passes through the SM's pipes and then, for its memory
/// accesses, through L1, L2 and DRAM. Each stage bounds the time alone (its
/// floor), but they reach their floors together only with unbounded queues
/// between them: with the few requests an SM keeps in flight, a stage that
/// waits on the next one idles, and the stages overlap only partly. The
/// estimate adds the four stages' floors (the busiest compute unit, L1, L2,
/// DRAM; each the slowest of its units) in a norm, (sum t_i^p)^(1/p): two
/// equal stages take 2^(1/p) times one of them, a stage much slower than
/// the others about its own floor. It takes each unit at the time the
/// estimates take it (GroupTimes::ExpectedMs: L2 write requests and atomics
/// at their usual rates). Like the latency estimates, it is an estimate of
/// the predicted time, never a bound, and it counts only where it adds at
/// least MinOverlapGain to the floor (docs/model.md, "Compute, L1, L2 and
/// DRAM, partly overlapped").
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_REFINEMENTS_PARTIALOVERLAP_H
#define HEADROOM_MODEL_REFINEMENTS_PARTIALOVERLAP_H

#include "model/Refinement.h"

#include <array>
#include <cstddef>

namespace headroom {

/// The exponent of the norm over the stages. Chosen as the issue/latency
/// norm was: it minimizes the squared relative error of the validation
/// corpus' instructive families (stream, intensity, special, memlevels) on
/// the H100 and the H200 with both counter sources together (3.875; flat
/// from 3.5 to 5); the other families are held out
/// (docs/perf/accuracy.md).
inline constexpr double StageOverlapNorm = 4;

/// The estimate counts only where it adds at least this share to the
/// kernel's floor (over all its configurations): below, the floor's unit
/// names the time (the two differ by less than the counters' noise).
inline constexpr double MinOverlapGain = 0.01;

/// The stages a unit belongs to.
enum class Stage { Compute, L1, L2, Dram, None };
inline constexpr std::size_t NumStages = static_cast<std::size_t>(Stage::None);

/// The stage of \p U: every compute unit is the SM's compute stage, the
/// memory units their level, the latency estimates none.
Stage stageOf(Unit U);

/// "compute", "l1", "l2", "dram": its key in JSON.
const char *stageKey(Stage S);

/// Each stage's time, as the estimate adds them.
using StageTimes = std::array<double, NumStages>;

/// Each stage's slowest floor among \p FloorMs (by unit).
StageTimes slowestPerStage(const std::array<double, NumUnits> &FloorMs);

/// The partly overlapped time of the floors \p FloorMs (by unit): the norm
/// of each stage's slowest floor (the slowest stage's floor when it is the
/// only one with work; 0 when none has).
double partlyOverlappedStages(const std::array<double, NumUnits> &FloorMs);

const Refinement &partialOverlap();

} // namespace headroom

#endif // HEADROOM_MODEL_REFINEMENTS_PARTIALOVERLAP_H
