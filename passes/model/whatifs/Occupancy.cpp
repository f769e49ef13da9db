//===- Occupancy.cpp - More warps per scheduler ---------------------------===//

#include "model/whatifs/Occupancy.h"

#include "model/Estimates.h"
#include "model/whatifs/FillGpu.h"

#include <algorithm>
#include <cmath>

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
    double WarpsPerBlock =
        std::ceil(double(G.Shape.ThreadsPerBlock) / WarpSize);
    double PerSm = std::clamp(std::floor(R.MaxWarpsPerSm / WarpsPerBlock), 1.0,
                              MaxBlocksPerSm);
    // The blocks each SM gets, at most what it holds.
    double Blocks = std::min(PerSm, double(G.Shape.Blocks) / R.Sms);
    double Possible =
        std::min(100.0, 100 * Blocks * WarpsPerBlock / R.MaxWarpsPerSm);
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
