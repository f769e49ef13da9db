//===- RegisterTiling.cpp - Shared-memory loads reused from registers -----===//

#include "model/whatifs/RegisterTiling.h"

namespace headroom {

const WhatIfInfo RegisterTiling::Info = {WhatIfId::RegisterTiling,
                                         "register-tiling", "Register tiling"};

std::optional<WhatIfChange>
RegisterTiling::apply(std::span<const LaunchGroup> Groups,
                      const HopperPrediction &Base) const {
  // The data path sets the floor (an estimate may set the predicted time).
  if (Base.Times.empty() || Base.Times.front().Id != Unit::L1Wavefronts)
    return std::nullopt;
  WhatIfChange C;
  C.Measure = WhatIfMeasure::WavefrontsPerFma;
  double Wavefronts = 0, Fmas = 0, SharedWavefronts = 0, SharedLoads = 0;
  for (const LaunchGroup &G : Groups) {
    LaunchGroup Changed = G;
    double W = G.Work.amount(Unit::L1Wavefronts).value_or(0);
    double Loads = recorded(G, Counter::SharedLoadInst);
    double LoadWavefronts =
        std::min(W, recorded(G, Counter::SharedLoadWavefronts));
    Wavefronts += W;
    SharedWavefronts += LoadWavefronts;
    SharedLoads += Loads;
    Fmas += G.Work.amount(Unit::FmaPipe).value_or(0);
    double Kept = 1 / TileSide;
    setUnitWork(Changed, Unit::L1Wavefronts, W - LoadWavefronts * (1 - Kept));
    setCounter(Changed, Counter::SharedLoadWavefronts, LoadWavefronts * Kept);
    setCounter(Changed, Counter::SharedLoadInst, Loads * Kept);
    // Each shared load is a load/store-pipe instruction issued.
    double Fewer = Loads * (1 - Kept);
    for (Unit U : {Unit::LsuPipe, Unit::Issue})
      if (std::optional<double> A = G.Work.amount(U))
        setUnitWork(Changed, U, std::max(0.0, *A - Fewer));
    C.Groups.push_back(std::move(Changed));
  }
  if (Fmas <= 0 || SharedLoads <= 0 ||
      SharedWavefronts < SharedLoadShare * Wavefronts ||
      SharedWavefronts > MaxWavefrontsPerLoad * SharedLoads)
    return std::nullopt;
  C.Before = Wavefronts / Fmas;
  C.After = (Wavefronts - SharedWavefronts * (1 - 1 / TileSide)) / Fmas;
  return C;
}

} // namespace headroom
