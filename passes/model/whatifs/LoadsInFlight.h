//===- LoadsInFlight.h - More independent loads per warp --------*- C++ -*-===//
///
/// \file
/// A warp that uses each global load before it issues the next waits a
/// load-to-use latency per load: its loads per warp over the loads it keeps
/// in flight (from the SASS) are the rounds it waits, one after another
/// (model/refinements/LoadRounds.h). Unrolled with independent
/// accumulators, or with its loads hoisted, it keeps UnrollLoads of them in
/// flight and waits that many times fewer rounds (docs/advice.md, "Loads
/// in flight").
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_WHATIFS_LOADSINFLIGHT_H
#define HEADROOM_MODEL_WHATIFS_LOADSINFLIGHT_H

#include "model/WhatIf.h"

namespace headroom {

/// Loads a warp keeps in flight after the change (a loop unrolled 4 times).
inline constexpr double UnrollLoads = 4;

class LoadsInFlight final : public WhatIf {
public:
  static const WhatIfInfo Info;
  constexpr LoadsInFlight() : WhatIf(Info) {}
  std::optional<WhatIfChange> apply(std::span<const LaunchGroup> Groups,
                                    const HopperPrediction &Base,
                                    const UnitRates &R) const override;
};

} // namespace headroom

#endif // HEADROOM_MODEL_WHATIFS_LOADSINFLIGHT_H
