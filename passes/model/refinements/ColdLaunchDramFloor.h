//===- ColdLaunchDramFloor.h - DRAM floor of repeated launches --*- C++ -*-===//
///
/// \file
/// The counters of a kernel come from its sampled launches, which read
/// their inputs cold, from DRAM. A launch repeated on the same data may find
/// up to the L2's capacity of what it reads there, and leave as much of
/// what it writes dirty there (a kernel that updates its data in place may
/// keep both in the same lines). So the DRAM floor of a launch group counts
/// its cold launches at the sampled traffic and each repeated launch at its
/// reads and its writes, each less the L2's capacity; so does the DRAM roof,
/// which for the unit the whole GPU shares is its floor. The estimates keep
/// every launch at the sampled one's traffic (docs/model.md, "The
/// cold-launch DRAM floor").
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_REFINEMENTS_COLDLAUNCHDRAMFLOOR_H
#define HEADROOM_MODEL_REFINEMENTS_COLDLAUNCHDRAMFLOOR_H

#include "model/Refinement.h"

namespace headroom {

/// What the refinement did, over the launch groups. A value type.
struct ColdLaunchEvidence {
  /// Launches counted at the sampled traffic, and the others.
  double ColdLaunches = 0, RepeatedLaunches = 0;
  /// The DRAM floor the repeated launches did not need.
  double DiscountedMs = 0;
};

/// The share of \p G's DRAM floor at the sampled traffic that its launches
/// need at least, on a device whose L2 holds \p L2Capacity bytes (1 without
/// repeated launches or without the capacity).
double coldLaunchShare(const LaunchGroup &G, double L2Capacity);

const Refinement &coldLaunchDramFloor();

} // namespace headroom

#endif // HEADROOM_MODEL_REFINEMENTS_COLDLAUNCHDRAMFLOOR_H
