//===- LoadsInFlight.cpp - More independent loads per warp ----------------===//

#include "model/whatifs/LoadsInFlight.h"

#include <algorithm>

namespace headroom {

const WhatIfInfo LoadsInFlight::Info = {WhatIfId::LoadsInFlight,
                                        "loads-in-flight", "Loads in flight"};

std::optional<WhatIfChange>
LoadsInFlight::apply(std::span<const LaunchGroup> Groups,
                     const HopperPrediction &Base, const UnitRates &) const {
  // The load rounds' wait must be what sets the time.
  const EstimateTime *E = Base.predictingEstimate();
  if (!Base.Evidence.Rounds || !E || E->Id != Estimate::IssueAndLoadLatency)
    return std::nullopt;
  WhatIfChange C;
  C.Measure = WhatIfMeasure::LoadsInFlight;
  double Before = 0, After = 0, Loads = 0;
  for (const LaunchGroup &G : Groups) {
    LaunchGroup Changed = G;
    double InFlight = G.Facts.GlobalLoadsPerRound;
    double Instructions = recorded(G, Counter::GlobalLoadInst);
    double PerWarp = G.warps() > 0 && G.Launches > 0
                         ? Instructions / G.Launches / G.warps()
                         : 0;
    if (InFlight > 0 && InFlight < UnrollLoads && PerWarp > InFlight)
      Changed.Facts.GlobalLoadsPerRound =
          std::min(UnrollLoads, std::max(InFlight, PerWarp));
    Before += InFlight * Instructions;
    After += Changed.Facts.GlobalLoadsPerRound * Instructions;
    Loads += Instructions;
    C.Groups.push_back(std::move(Changed));
  }
  if (Loads <= 0 || After <= Before)
    return std::nullopt;
  C.Before = Before / Loads;
  C.After = After / Loads;
  return C;
}

} // namespace headroom
