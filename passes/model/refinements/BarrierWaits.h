//===- BarrierWaits.h - Warps at a barrier wait on no loads -----*- C++ -*-===//
//-*-===//
///
/// \file
/// The DRAM latency and the load rounds count the resident warps as the
/// ones that wait on memory side by side (Little's law: what is in flight
/// is what the waiting warps asked for). A warp waiting at a block barrier
/// is resident, and the achieved occupancy counts it, but it asks for
/// nothing: in a kernel that loads, then meets its block at a barrier
/// (a tile through shared memory), the block's early warps idle there until
/// its last load arrives. The stall counters say what share of the resident
/// warps' time is spent so: the warps stalled at a barrier per issued
/// instruction over the warps resident per issued instruction
/// (`smsp__average_warp_latency_per_inst_issued`, every stall reason's
/// total). The refinement takes that share off the resident warps that the
/// DRAM latency and the load rounds divide the reading warps by, so their
/// waits take as many more turns. It assumes that a warp at a barrier has
/// used its loads (true where the barrier guards shared memory the loads
/// filled; a kernel that loads the next tile into registers before the
/// barrier keeps them in flight there, and is then estimated too slow)
/// (docs/model.md, "Warps at a barrier").
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_REFINEMENTS_BARRIERWAITS_H
#define HEADROOM_MODEL_REFINEMENTS_BARRIERWAITS_H

#include "model/Refinement.h"

namespace headroom {

/// What the refinement saw, of the group with the largest share. A value
/// type.
struct BarrierWaitsEvidence {
  /// Share of the resident warps' time spent waiting at a barrier.
  double Share = 0;
  /// Warps resident on the GPU, and of them those that may wait on memory.
  double ResidentWarps = 0, WaitingWarps = 0;
};

/// The share of resident warps that wait at a barrier: \p BarrierWarps
/// (stalled at a barrier per issued instruction) over \p ResidentWarps
/// (resident per issued instruction); 0 without either, or where they
/// say that every warp waits at a barrier (which no sampling of a running
/// kernel can show: the last warp reaches it).
double barrierShare(double BarrierWarps, double ResidentWarps);

const Refinement &barrierWaits();

} // namespace headroom

#endif // HEADROOM_MODEL_REFINEMENTS_BARRIERWAITS_H
