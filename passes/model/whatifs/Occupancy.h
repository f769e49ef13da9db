//===- Occupancy.h - More warps per scheduler -------------------*- C++ -*-===//
///
/// \file
/// A latency-bound kernel hides its waits with the warps its schedulers
/// hold; where a grid has blocks enough to fill the SMs but each SM holds
/// few of them (registers, shared memory or the block size cap it), the
/// SMs hold fewer warps than they could. With its resources cut to what
/// blocks of the same size allow (fewer registers, less shared memory per
/// block), the same grid runs at the occupancy its block size permits
/// (docs/advice.md, "Occupancy").
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_WHATIFS_OCCUPANCY_H
#define HEADROOM_MODEL_WHATIFS_OCCUPANCY_H

#include "model/WhatIf.h"

namespace headroom {

/// Achieved occupancy (% of the SM's warps) from which more warps are not
/// advised.
inline constexpr double HighOccupancyPct = 50;

class Occupancy final : public WhatIf {
public:
  static const WhatIfInfo Info;
  constexpr Occupancy() : WhatIf(Info) {}
  std::optional<WhatIfChange> apply(std::span<const LaunchGroup> Groups,
                                    const HopperPrediction &Base,
                                    const UnitRates &R) const override;
};

} // namespace headroom

#endif // HEADROOM_MODEL_WHATIFS_OCCUPANCY_H
