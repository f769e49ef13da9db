//===- FillGpu.cpp - A grid with blocks for every SM ----------------------===//

#include "model/whatifs/FillGpu.h"

#include <algorithm>
#include <cmath>

namespace headroom {

const WhatIfInfo FillGpu::Info = {WhatIfId::FillGpu, "fill-gpu", "Fill GPU"};

FullSm fullSm(std::uint64_t ThreadsPerBlock, const UnitRates &R) {
  FullSm F;
  if (R.MaxWarpsPerSm == 0)
    return F;
  double WarpsPerBlock = std::ceil(double(ThreadsPerBlock) / WarpSize);
  F.Blocks = std::clamp(std::floor(R.MaxWarpsPerSm / WarpsPerBlock), 1.0,
                        MaxBlocksPerSm);
  F.OccupancyPct =
      std::min(100.0, 100 * F.Blocks * WarpsPerBlock / R.MaxWarpsPerSm);
  return F;
}

std::optional<WhatIfChange> FillGpu::apply(std::span<const LaunchGroup> Groups,
                                           const HopperPrediction &,
                                           const UnitRates &R) const {
  if (R.Sms == 0 || R.MaxWarpsPerSm == 0)
    return std::nullopt;
  WhatIfChange C;
  C.Measure = WhatIfMeasure::Blocks;
  double Before = 0, After = 0, Launches = 0;
  bool Small = false;
  for (const LaunchGroup &G : Groups) {
    LaunchGroup Changed = G;
    if (G.Shape.Blocks < R.Sms) {
      Small = true;
      FullSm Full = fullSm(G.Shape.ThreadsPerBlock, R);
      Changed.Shape.Blocks = std::uint64_t(R.Sms * Full.Blocks);
      Changed.OccupancyPct = Full.OccupancyPct;
    }
    Before += double(G.Shape.Blocks) * G.Launches;
    After += double(Changed.Shape.Blocks) * G.Launches;
    Launches += G.Launches;
    C.Groups.push_back(std::move(Changed));
  }
  if (!Small || Launches <= 0)
    return std::nullopt;
  C.Before = Before / Launches;
  C.After = After / Launches;
  return C;
}

} // namespace headroom
