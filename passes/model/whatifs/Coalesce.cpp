//===- Coalesce.cpp - Global accesses a warp coalesces --------------------===//

#include "model/whatifs/Coalesce.h"

#include "model/UnitWork.h"

#include <algorithm>
#include <cmath>

namespace headroom {

const WhatIfInfo Coalesce::Info = {WhatIfId::Coalesce, "coalesce", "Coalesce"};

namespace {

/// One direction's accesses of a group: instructions and sectors, and the
/// sectors they would take coalesced.
struct Accesses {
  double Instructions = 0, Sectors = 0, Coalesced = 0;

  Accesses(const LaunchGroup &G, Counter Inst, Counter Sectors, double Threads)
      : Instructions(recorded(G, Inst)), Sectors(recorded(G, Sectors)) {
    double PerWarp = std::ceil(Threads * ScatteredWordBytes / SectorBytes);
    double Widest = std::ceil(Threads * WidestWordBytes / SectorBytes);
    Coalesced = Instructions > 0 && this->Sectors > Widest * Instructions
                    ? PerWarp * Instructions
                    : this->Sectors;
  }
  double removed() const { return Sectors - Coalesced; }
};

} // namespace

std::optional<WhatIfChange> Coalesce::apply(std::span<const LaunchGroup> Groups,
                                            const HopperPrediction &Base,
                                            const UnitRates &) const {
  // Loads a warp waits for one after another (a pointer chase) gain from
  // fewer rounds, not fewer sectors.
  if (Base.Evidence.Rounds &&
      Base.Evidence.Rounds->WaitMs >= RoundsShare * Base.predictedMs())
    return std::nullopt;
  WhatIfChange C;
  C.Measure = WhatIfMeasure::SectorsPerGlobalAccess;
  double Instructions = 0, Sectors = 0, Removed = 0;
  for (const LaunchGroup &G : Groups) {
    LaunchGroup Changed = G;
    double Threads = threadsPerInstruction(G);
    Accesses Loads(G, Counter::GlobalLoadInst, Counter::L1GlobalLoadSectors,
                   Threads);
    // A kernel that loads through a loaded address (a gather) scatters
    // where its data says; the counters do not tell which of its loads
    // scatters, and the gather is the likely one.
    if (G.Facts.IndirectGlobalLoadShare > 0)
      Loads.Coalesced = Loads.Sectors;
    Accesses Stores(G, Counter::GlobalStoreInst, Counter::L1GlobalStoreSectors,
                    Threads);
    Instructions += Loads.Instructions + Stores.Instructions;
    Sectors += Loads.Sectors + Stores.Sectors;
    double Fewer = Loads.removed() + Stores.removed();
    Removed += Fewer;
    setCounter(Changed, Counter::L1GlobalLoadSectors, Loads.Coalesced);
    setCounter(Changed, Counter::L1GlobalStoreSectors, Stores.Coalesced);
    // A scattered sector takes a wavefront of the data path of its own.
    double L1 = G.Work.amount(Unit::L1Wavefronts).value_or(0);
    double Shared = recorded(G, Counter::SharedLoadWavefronts) +
                    recorded(G, Counter::SharedStoreWavefronts);
    double Global = std::max(0.0, L1 - Shared);
    double Total = Loads.Sectors + Stores.Sectors;
    if (Total > 0)
      setUnitWork(Changed, Unit::L1Wavefronts, L1 - Global * Fewer / Total);
    if (std::optional<double> B = G.Work.amount(Unit::L1Bytes))
      setUnitWork(Changed, Unit::L1Bytes,
                  std::max(0.0, *B - Fewer * SectorBytes));
    // L2 sees at most the sectors L1 asks of it; DRAM at most what L2 does.
    double Read = recorded(G, Counter::L2SectorsRead);
    double Write = recorded(G, Counter::L2SectorsWrite);
    double NewRead =
        Loads.removed() > 0 ? std::min(Read, Loads.Coalesced) : Read;
    double NewWrite =
        Stores.removed() > 0 ? std::min(Write, Stores.Coalesced) : Write;
    double FewerL2 = (Read - NewRead) + (Write - NewWrite);
    setCounter(Changed, Counter::L2SectorsRead, NewRead);
    setCounter(Changed, Counter::L2SectorsWrite, NewWrite);
    if (std::optional<double> B = G.Work.amount(Unit::L2Bytes))
      setUnitWork(Changed, Unit::L2Bytes,
                  std::max(0.0, *B - FewerL2 * SectorBytes));
    // A scattered sector is a request of its own; coalesced, a request
    // carries up to 4.
    if (std::optional<double> Q = G.Work.amount(Unit::L2Requests))
      setUnitWork(Changed, Unit::L2Requests,
                  std::max((NewRead + NewWrite) / 4, *Q - FewerL2));
    setDramBytes(Changed, std::min(G.Work.DramReadBytes, NewRead * SectorBytes),
                 std::min(G.Work.DramWriteBytes, NewWrite * SectorBytes));
    C.Groups.push_back(std::move(Changed));
  }
  if (Instructions <= 0 || Removed < ScatteredSectorShare * Sectors)
    return std::nullopt;
  C.Before = Sectors / Instructions;
  C.After = (Sectors - Removed) / Instructions;
  return C;
}

} // namespace headroom
