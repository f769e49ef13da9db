//===- FillGpu.h - A grid with blocks for every SM --------------*- C++ -*-===//
///
/// \file
/// A grid of fewer blocks than the GPU has SMs leaves SMs idle however
/// long it runs: each block runs on one SM, and a grid-stride loop gives
/// each thread more of the work instead of more threads. The same work
/// spread over a grid that fills every SM with as many blocks of the same
/// size as it holds runs on all of them, at the occupancy those blocks
/// give (docs/advice.md, "Fill GPU").
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_WHATIFS_FILLGPU_H
#define HEADROOM_MODEL_WHATIFS_FILLGPU_H

#include "model/WhatIf.h"

namespace headroom {

/// Blocks an SM holds at most (Volta to Blackwell).
inline constexpr double MaxBlocksPerSm = 32;

/// Blocks of \p ThreadsPerBlock threads an SM of a device with rates \p R
/// holds at most, by its warps and MaxBlocksPerSm (registers and shared
/// memory aside: the counters do not tell them), and the occupancy (% of the
/// SM's warps) that many of them give.
struct FullSm {
  double Blocks = 1, OccupancyPct = 0;
};
FullSm fullSm(std::uint64_t ThreadsPerBlock, const UnitRates &R);

class FillGpu final : public WhatIf {
public:
  static const WhatIfInfo Info;
  constexpr FillGpu() : WhatIf(Info) {}
  std::optional<WhatIfChange> apply(std::span<const LaunchGroup> Groups,
                                    const HopperPrediction &Base,
                                    const UnitRates &R) const override;
};

} // namespace headroom

#endif // HEADROOM_MODEL_WHATIFS_FILLGPU_H
