//===- RegisterTiling.cpp - Shared-memory loads reused from registers -----===//

#include "model/whatifs/RegisterTiling.h"

#include "model/UnitWork.h"

#include <algorithm>
#include <cmath>

namespace headroom {

const WhatIfInfo RegisterTiling::Info = {WhatIfId::RegisterTiling,
                                         "register-tiling", "Register tiling"};

std::optional<WhatIfChange>
RegisterTiling::apply(std::span<const LaunchGroup> Groups,
                      const HopperPrediction &Base, const UnitRates &) const {
  // The data path sets the floor (an estimate may set the predicted time).
  if (Base.Times.empty() || Base.Times.front().Id != Unit::L1Wavefronts)
    return std::nullopt;
  WhatIfChange C;
  C.Measure = WhatIfMeasure::WavefrontsPerFma;
  constexpr double Kept = 1 / TileSide;
  double Wavefronts = 0, Fmas = 0, SharedWavefronts = 0, SharedLoads = 0,
         ReusedWavefronts = 0;
  for (const LaunchGroup &G : Groups) {
    LaunchGroup Changed = G;
    double W = G.Work.amount(Unit::L1Wavefronts).value_or(0);
    double Loads = recorded(G, Counter::SharedLoadInst);
    double Shared = std::min(W, recorded(G, Counter::SharedLoadWavefronts));
    Wavefronts += W;
    SharedWavefronts += Shared;
    SharedLoads += Loads;
    // L1 serves each sector it misses on TileSide times or more.
    double L1Misses =
        recorded(G, Counter::L2SectorsRead) / L2ReadsCountedPerL1Miss;
    bool Reused = L1Misses > 0 && recorded(G, Counter::L1GlobalLoadSectors) >=
                                      TileSide * L1Misses;
    if (Reused)
      ReusedWavefronts += std::max(
          0.0, W - Shared - recorded(G, Counter::SharedStoreWavefronts));
    Fmas += G.Work.amount(Unit::FmaPipe).value_or(0);
    // A block tile TileSide times larger each way reuses every value it
    // stages TileSide times more: per FMA, the global loads, the shared
    // stores that stage them and the shared loads that feed the FMAs all
    // fall by TileSide, and so do their wavefronts and the L2's reads.
    setUnitWork(Changed, Unit::L1Wavefronts, W * Kept);
    if (std::optional<double> B = G.Work.amount(Unit::L1Bytes))
      setUnitWork(Changed, Unit::L1Bytes, *B * Kept);
    double Fewer = 0;
    for (Counter Staged : {Counter::SharedLoadInst, Counter::SharedStoreInst,
                           Counter::GlobalLoadInst}) {
      Fewer += recorded(G, Staged) * (1 - Kept);
      if (G.total(Staged))
        setCounter(Changed, Staged, recorded(G, Staged) * Kept);
    }
    for (Counter Staged :
         {Counter::SharedLoadWavefronts, Counter::SharedStoreWavefronts,
          Counter::L1GlobalLoadSectors, Counter::L2SectorsRead})
      if (G.total(Staged))
        setCounter(Changed, Staged, recorded(G, Staged) * Kept);
    double FewerSectors = recorded(G, Counter::L2SectorsRead) * (1 - Kept);
    if (std::optional<double> B = G.Work.amount(Unit::L2Bytes))
      setUnitWork(Changed, Unit::L2Bytes,
                  std::max(0.0, *B - FewerSectors * SectorBytes));
    if (std::optional<double> Q = G.Work.amount(Unit::L2Requests))
      setUnitWork(Changed, Unit::L2Requests,
                  std::max(0.0, *Q - FewerSectors / 4));
    // The L2 misses on as large a share of the fewer reads: what does not
    // fit it comes from DRAM TileSide times less often.
    setDramBytes(Changed, G.Work.DramReadBytes * Kept, G.Work.DramWriteBytes);
    // Each of those is a load/store-pipe instruction issued.
    for (Unit U : {Unit::LsuPipe, Unit::Issue})
      if (std::optional<double> A = G.Work.amount(U))
        setUnitWork(Changed, U, std::max(0.0, *A - Fewer));
    // Without a shared tile, each load's address arithmetic goes with it.
    if (Reused && Shared <= 0) {
      double Products = G.Work.amount(Unit::FmaPipe).value_or(0) +
                        G.Work.amount(Unit::Fp64Pipe).value_or(0);
      if (std::optional<double> I = Changed.Work.amount(Unit::Issue))
        setUnitWork(Changed, Unit::Issue,
                    std::min(*I, Products) +
                        std::max(0.0, *I - Products) * Kept);
      if (std::optional<double> A = G.Work.amount(Unit::AluPipe))
        setUnitWork(Changed, Unit::AluPipe, *A * Kept);
    }
    // TileSide^2 results per thread: that many times fewer threads, in
    // blocks of at most TiledBlockThreads.
    double Threads =
        double(G.Shape.Blocks) * double(G.Shape.ThreadsPerBlock) * Kept * Kept;
    Changed.Shape.ThreadsPerBlock =
        std::min<std::uint64_t>(G.Shape.ThreadsPerBlock, TiledBlockThreads);
    Changed.Shape.Blocks = std::max<std::uint64_t>(
        1, std::uint64_t(
               std::ceil(Threads / double(Changed.Shape.ThreadsPerBlock))));
    C.Groups.push_back(std::move(Changed));
  }
  bool FromShared = SharedLoads > 0 &&
                    SharedWavefronts >= SharedLoadShare * Wavefronts &&
                    SharedWavefronts <= MaxWavefrontsPerLoad * SharedLoads;
  bool FromL1 = ReusedWavefronts >= SharedLoadShare * Wavefronts;
  if (Fmas <= 0 || !(FromShared || FromL1))
    return std::nullopt;
  C.Before = Wavefronts / Fmas;
  C.After = Wavefronts * Kept / Fmas;
  return C;
}

} // namespace headroom
