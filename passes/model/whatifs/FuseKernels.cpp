//===- FuseKernels.cpp - One kernel where two re-read the same data -------===//

#include "model/whatifs/FuseKernels.h"

#include "model/UnitWork.h"
#include "schema/CounterCatalog.h"

#include <algorithm>

namespace headroom {

const WhatIfInfo FuseKernels::Info = {WhatIfId::FuseKernels, "fuse-kernels",
                                      "Fuse kernels"};

namespace {

/// \p G without the share \p Fewer of its global loads: their instructions,
/// their sectors in L1 and L2 and what they take of each unit.
void dropLoads(LaunchGroup &G, double Fewer) {
  double Inst = recorded(G, Counter::GlobalLoadInst) * Fewer;
  double L1Load = recorded(G, Counter::L1GlobalLoadSectors);
  double L1Store = recorded(G, Counter::L1GlobalStoreSectors);
  double L2Read = recorded(G, Counter::L2SectorsRead);
  double L2Write = recorded(G, Counter::L2SectorsWrite);
  setCounter(G, Counter::GlobalLoadInst,
             recorded(G, Counter::GlobalLoadInst) - Inst);
  setCounter(G, Counter::L1GlobalLoadSectors, L1Load * (1 - Fewer));
  setCounter(G, Counter::L2SectorsRead, L2Read * (1 - Fewer));
  for (Unit U : {Unit::LsuPipe, Unit::Issue})
    if (std::optional<double> A = G.Work.amount(U))
      setUnitWork(G, U, std::max(0.0, *A - Inst));
  // The data path's global wavefronts and the L2's traffic, in the share
  // the dropped sectors have of each.
  auto Scale = [&](Unit U, double Share) {
    if (std::optional<double> A = G.Work.amount(U))
      setUnitWork(G, U, *A * (1 - Share));
  };
  if (L1Load + L1Store > 0) {
    double Share = L1Load * Fewer / (L1Load + L1Store);
    double Shared = recorded(G, Counter::SharedLoadWavefronts) +
                    recorded(G, Counter::SharedStoreWavefronts);
    if (std::optional<double> W = G.Work.amount(Unit::L1Wavefronts))
      setUnitWork(G, Unit::L1Wavefronts,
                  *W - std::max(0.0, *W - Shared) * Share);
    Scale(Unit::L1Bytes, Share);
  }
  if (L2Read + L2Write > 0) {
    double Share = L2Read * Fewer / (L2Read + L2Write);
    Scale(Unit::L2Bytes, Share);
    Scale(Unit::L2Requests, Share);
  }
}

/// \p One (one launch) repeated \p Launches times, \p ColdLaunches of them
/// cold: its counters as one launch's, through launchGroup.
LaunchGroup repeated(const LaunchGroup &One, double Launches,
                     double ColdLaunches) {
  LaunchGroup G =
      launchGroup([&](Counter C) { return One.total(C); }, One.Shape, Launches);
  G.Facts = One.Facts;
  G.ColdLaunches = ColdLaunches;
  return G;
}

/// \p Into doing \p Other's work as well, in its own launches: the units'
/// work and the counted events add up, the averages stay its own (the
/// other's where it has none), and so do the shape and the SASS's facts,
/// unless the other kernel's loads are now the most.
LaunchGroup merged(LaunchGroup Into, const LaunchGroup &Other) {
  for (std::size_t U = 0; U < NumUnits; ++U)
    if (const std::optional<double> &A = Other.Work.Amount[U])
      Into.Work.Amount[U] = Into.Work.Amount[U].value_or(0) + *A;
  Into.Work.DramReadBytes += Other.Work.DramReadBytes;
  Into.Work.DramWriteBytes += Other.Work.DramWriteBytes;
  if (recorded(Other, Counter::GlobalLoadInst) >
      recorded(Into, Counter::GlobalLoadInst))
    Into.Facts = Other.Facts;
  for (const CounterInfo &Info : counterCatalog()) {
    std::size_t I = static_cast<std::size_t>(Info.Id);
    if (!Other.Counters[I])
      continue;
    if (Info.Combine == Aggregation::Sum)
      Into.Counters[I] = Into.Counters[I].value_or(0) + *Other.Counters[I];
    else if (!Into.Counters[I])
      Into.Counters[I] = Other.Counters[I];
  }
  if (!Into.OccupancyPct)
    Into.OccupancyPct = Other.OccupancyPct;
  Into.SampledMs.reset();
  return Into;
}

} // namespace

std::optional<WhatIfChange>
FuseKernels::apply(std::span<const LaunchGroup> Groups,
                   const HopperPrediction &, const UnitRates &) const {
  WhatIfChange C;
  C.Measure = WhatIfMeasure::LoadBytesPerLaunch;
  double Launches = 0, Loaded = 0, Removed = 0, MostLaunches = 0;
  for (const LaunchGroup &G : Groups) {
    LaunchGroup Changed = G;
    const std::optional<PrecedingLaunch> &P = G.Preceding;
    // What a launch loads, whatever the caches held: the sectors it asked
    // of L1 (its DRAM reads where those are not recorded).
    double Bytes = G.total(Counter::L1GlobalLoadSectors)
                       ? recorded(G, Counter::L1GlobalLoadSectors) * SectorBytes
                       : G.Work.DramReadBytes;
    if (P && P->MovedBytes && P->Share >= FusedLaunchShare && G.Launches > 0 &&
        Bytes > 0) {
      double PerLaunch = Bytes / G.Launches;
      // The share of its loads that read again what the other kernel had
      // on chip: of the shared allocations, what that kernel loaded or
      // stored.
      double Reread = std::min({P->SharedBytes, *P->MovedBytes, PerLaunch});
      double Fewer = Reread / PerLaunch * P->Share;
      Launches += G.Launches;
      Loaded += Bytes;
      Removed += Bytes * Fewer;
      dropLoads(Changed, Fewer);
      setDramBytes(Changed, Changed.Work.DramReadBytes * (1 - Fewer),
                   Changed.Work.DramWriteBytes);
      if (G.Launches > MostLaunches) {
        MostLaunches = G.Launches;
        C.OtherKernel = P->Kernel;
      }
      // The fused kernel does the other's work in the same launches, and
      // that kernel's own launches go.
      if (P->OneLaunch) {
        LaunchGroup Other =
            repeated(*P->OneLaunch, G.Launches * P->Share, G.ColdLaunches);
        Changed = merged(std::move(Changed), Other);
        C.Absorbed.push_back(std::move(Other));
      }
    }
    C.Groups.push_back(std::move(Changed));
  }
  if (Launches <= 0 || Removed <= 0)
    return std::nullopt;
  C.Before = Loaded / Launches;
  C.After = (Loaded - Removed) / Launches;
  return C;
}

} // namespace headroom
