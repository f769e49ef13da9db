//===- FillGpu.cpp - A grid with blocks for every SM ----------------------===//

#include "model/whatifs/FillGpu.h"

#include <algorithm>
#include <cmath>

namespace headroom {

const WhatIfInfo FillGpu::Info = {WhatIfId::FillGpu, "fill-gpu", "Fill GPU"};

std::optional<WhatIfChange> FillGpu::apply(std::span<const LaunchGroup> Groups,
                                           const HopperPrediction &,
                                           const UnitRates &R) const {
  if (R.Sms == 0 || R.MaxWarpsPerSm == 0)
    return std::nullopt;
  WhatIfChange C;
  C.Measure = WhatIfMeasure::Blocks;
  double Before = 0, After = 0;
  bool Small = false;
  for (const LaunchGroup &G : Groups) {
    LaunchGroup Changed = G;
    double WarpsPerBlock =
        std::ceil(double(G.Shape.ThreadsPerBlock) / WarpSize);
    double PerSm = std::clamp(std::floor(R.MaxWarpsPerSm / WarpsPerBlock), 1.0,
                              MaxBlocksPerSm);
    if (G.Shape.Blocks < R.Sms) {
      Small = true;
      Changed.Shape.Blocks = std::uint64_t(R.Sms * PerSm);
      Changed.OccupancyPct =
          std::min(100.0, 100 * PerSm * WarpsPerBlock / R.MaxWarpsPerSm);
    }
    Before += double(G.Shape.Blocks) * G.Launches;
    After += double(Changed.Shape.Blocks) * G.Launches;
    C.Groups.push_back(std::move(Changed));
  }
  if (!Small)
    return std::nullopt;
  double Launches = 0;
  for (const LaunchGroup &G : Groups)
    Launches += G.Launches;
  C.Before = Before / Launches;
  C.After = After / Launches;
  return C;
}

} // namespace headroom
