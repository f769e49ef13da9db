//===- Occupancy.cpp - More warps per scheduler ---------------------------===//

#include "model/whatifs/Occupancy.h"

#include "model/Estimates.h"
#include "model/whatifs/FillGpu.h"

#include <algorithm>

namespace headroom {

const WhatIfInfo Occupancy::Info = {WhatIfId::Occupancy, "occupancy",
                                    "Occupancy"};

std::optional<WhatIfChange>
Occupancy::apply(std::span<const LaunchGroup> Groups,
                 const HopperPrediction &Base, const UnitRates &R) const {
  // Only waiting is hidden by more warps: an estimate sets the time.
  if (R.Sms == 0 || R.MaxWarpsPerSm == 0 || !Base.estimatePredicted())
    return std::nullopt;
  WhatIfChange C;
  C.Measure = WhatIfMeasure::WarpsPerScheduler;
  double Before = 0, After = 0, Launches = 0;
  bool Raised = false;
  for (const LaunchGroup &G : Groups) {
    LaunchGroup Changed = G;
    // The blocks each SM gets, at most what it holds.
    FullSm Full = fullSm(G.Shape.ThreadsPerBlock, R);
    double Possible =
        Full.OccupancyPct *
        std::min(1.0, double(G.Shape.Blocks) / R.Sms / Full.Blocks);
    if (G.OccupancyPct && *G.OccupancyPct < HighOccupancyPct &&
        Possible >= 2 * *G.OccupancyPct) {
      Raised = true;
      Changed.OccupancyPct = Possible;
    }
    double PerScheduler = R.MaxWarpsPerSm / 100.0 / SchedulersPerSm;
    Before += G.OccupancyPct.value_or(0) * PerScheduler * G.Launches;
    After += Changed.OccupancyPct.value_or(0) * PerScheduler * G.Launches;
    Launches += G.Launches;
    C.Groups.push_back(std::move(Changed));
  }
  if (!Raised || Launches <= 0)
    return std::nullopt;
  C.Before = Before / Launches;
  C.After = After / Launches;
  return C;
}

} // namespace headroom
