//===- FuseKernels.h - One kernel where two re-read the data ----*- C++ -*-===//
///
/// \file
/// A program that launches kernels back to back on the same buffers reads
/// them again from DRAM in the second launch when the first one's traffic
/// outgrew the L2: by then the L2 holds the first launch's last bytes, not
/// its first ones, and the second launch starts from the beginning again.
/// Fused into one kernel, each thread block uses what it just computed or
/// read while it is still on chip: the second kernel's reads of the
/// allocations both launches point into come from the L2 (or registers),
/// not DRAM. The runtime records which launch came just before (`follows`,
/// docs/formats.md); the what-if removes the second kernel's DRAM reads of
/// the shared allocations (docs/advice.md, "Fuse kernels").
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_WHATIFS_FUSEKERNELS_H
#define HEADROOM_MODEL_WHATIFS_FUSEKERNELS_H

#include "model/WhatIf.h"

namespace headroom {

/// The share of a group's launches that must follow the same launch for
/// fusing the two to be advised: a pair the program repeats, not a
/// coincidence of one launch.
inline constexpr double FusedLaunchShare = 0.5;

class FuseKernels final : public WhatIf {
public:
  static const WhatIfInfo Info;
  constexpr FuseKernels() : WhatIf(Info) {}
  std::optional<WhatIfChange> apply(std::span<const LaunchGroup> Groups,
                                    const HopperPrediction &Base,
                                    const UnitRates &R) const override;
};

} // namespace headroom

#endif // HEADROOM_MODEL_WHATIFS_FUSEKERNELS_H
