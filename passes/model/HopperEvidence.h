//===- HopperEvidence.h - What the refinements saw --------------*- C++ -*-===//
///
/// \file
/// The typed evidence of a kernel's Hopper prediction: what each refinement
/// (model/Refinement.h) recorded over the kernel's launch groups, and which
/// of them applied. Checks word it and views write it; nothing here is
/// prose.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_HOPPEREVIDENCE_H
#define HEADROOM_MODEL_HOPPEREVIDENCE_H

#include "model/Refinement.h"
#include "model/refinements/AtomicsOnOneWord.h"
#include "model/refinements/BarrierWaits.h"
#include "model/refinements/ColdLaunchDramFloor.h"
#include "model/refinements/DramLatency.h"
#include "model/refinements/IssueAndLoadLatency.h"
#include "model/refinements/L2FabricSectors.h"
#include "model/refinements/L2WriteRequests.h"
#include "model/refinements/LoadRounds.h"
#include "model/refinements/PartialOverlap.h"

#include <array>
#include <optional>

namespace headroom {

/// A value type.
struct HopperEvidence {
  ColdLaunchEvidence ColdLaunches;
  L2WriteEvidence L2Writes;
  L2FabricEvidence L2Fabric;
  OneWordAtomicsEvidence Atomics;
  /// Of the group with the largest share of warps at a barrier.
  std::optional<BarrierWaitsEvidence> Barrier;
  /// Of the group with the longest DRAM latency time.
  std::optional<DramInFlight> InFlight;
  /// Of the group with the longest wait, where the rounds set it.
  std::optional<LoadRoundsEvidence> Rounds;
  IssueAndWaitEvidence IssueWait;
  /// Each stage's slowest unit as the partial overlap adds them, summed
  /// over the groups.
  StageTimes StageMs{};
  /// Which refinements applied to at least one group.
  std::array<bool, NumRefinements> Applied{};

  bool applied(RefinementId Id) const {
    return Applied[static_cast<std::size_t>(Id)];
  }
};

} // namespace headroom

#endif // HEADROOM_MODEL_HOPPEREVIDENCE_H
