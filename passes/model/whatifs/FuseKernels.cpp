//===- FuseKernels.cpp - One kernel where two re-read the same data -------===//

#include "model/whatifs/FuseKernels.h"

#include "model/UnitWork.h"

#include <algorithm>

namespace headroom {

const WhatIfInfo FuseKernels::Info = {WhatIfId::FuseKernels, "fuse-kernels",
                                      "Fuse kernels"};

std::optional<WhatIfChange>
FuseKernels::apply(std::span<const LaunchGroup> Groups,
                   const HopperPrediction &, const UnitRates &R) const {
  if (R.L2Capacity <= 0)
    return std::nullopt;
  WhatIfChange C;
  C.Measure = WhatIfMeasure::DramReadBytesPerLaunch;
  double Launches = 0, Read = 0, Removed = 0, MostLaunches = 0;
  for (const LaunchGroup &G : Groups) {
    LaunchGroup Changed = G;
    const std::optional<PrecedingLaunch> &P = G.Preceding;
    // What the previous launch moved decides whether the shared data is
    // still in the L2 when this launch starts; its allocations' size
    // where its counters are unknown.
    double Footprint = P ? P->DramBytes.value_or(P->SharedBytes) : 0;
    UnitWork &W = Changed.Work;
    if (P && P->Share >= FusedLaunchShare && Footprint > R.L2Capacity &&
        G.Launches > 0 && G.Work.amount(Unit::Dram)) {
      double Reread =
          std::min(P->SharedBytes, W.DramReadBytes / G.Launches) * P->Share;
      double Fewer = Reread * G.Launches;
      Launches += G.Launches;
      Read += W.DramReadBytes;
      Removed += Fewer;
      W.DramReadBytes -= Fewer;
      W.Amount[static_cast<std::size_t>(Unit::Dram)] =
          W.DramReadBytes + W.DramWriteBytes;
      setCounter(Changed, Counter::TranRead, W.DramReadBytes / SectorBytes);
      if (G.Launches > MostLaunches) {
        MostLaunches = G.Launches;
        C.OtherKernel = P->Kernel;
      }
    }
    C.Groups.push_back(std::move(Changed));
  }
  if (Launches <= 0 || Removed <= 0)
    return std::nullopt;
  C.Before = Read / Launches;
  C.After = (Read - Removed) / Launches;
  return C;
}

} // namespace headroom
