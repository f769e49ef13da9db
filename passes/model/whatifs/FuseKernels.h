//===- FuseKernels.h - One kernel where two re-read the data ----*- C++ -*-===//
///
/// \file
/// A program that launches kernels back to back on the same buffers makes
/// the second one load again what the first one read or wrote: from DRAM
/// once the first launch moved more than the L2 holds, from the L2
/// otherwise, and either way as load instructions a warp waits for. Fused
/// into one kernel that does both steps for each element while its data is
/// in registers, those loads go. The runtime records which launch came just
/// before (`follows`, docs/formats.md); the what-if removes the second
/// kernel's loads of the allocations both launches point into, at most
/// their size and what the first kernel loaded and stored per launch, in
/// the share of its launches that follow the other: their instructions and
/// their traffic through L1, L2 and DRAM. The fused launches do one launch
/// of the other kernel's work as well, and that kernel's own launches go:
/// its predicted time comes off the fused one's (WhatIfChange::Absorbed),
/// so that the estimate is this kernel's share of what the program saves
/// (docs/advice.md, "Fuse kernels").
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
