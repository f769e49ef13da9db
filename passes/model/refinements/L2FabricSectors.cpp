//===- L2FabricSectors.cpp - L2 sectors counted twice ---------------------===//

#include "model/refinements/L2FabricSectors.h"

#include "model/HopperEvidence.h"
#include "model/HopperModel.h"
#include "model/UnitWork.h"

#include <algorithm>

namespace headroom {

double l2SecondCountSectors(double ReadSectors, double WriteSectors,
                            double DramReadSectors) {
  double Reads =
      std::min(std::max(0.0, DramReadSectors) * (L2ReadsCountedPerL1Miss - 1),
               std::max(0.0, ReadSectors) * (1 - 1 / L2ReadsCountedPerL1Miss));
  double Writes =
      std::max(0.0, WriteSectors) * (1 - 1 / L2WritesCountedPerSector);
  return Reads + Writes;
}

namespace {

constexpr Counter Counters[] = {Counter::L2Bytes, Counter::L2SectorsRead,
                                Counter::L2SectorsWrite, Counter::TranRead};

constexpr RefinementInfo Info{
    RefinementId::L2FabricSectors, "l2_fabric_sectors",
    "L2 sectors counted twice over the fabric", Counters};

class L2FabricSectors : public Refinement {
public:
  constexpr L2FabricSectors() : Refinement(Info) {}

  bool apply(GroupTimes &T, HopperEvidence &E) const override {
    const LaunchGroup &G = T.Group;
    auto I = static_cast<std::size_t>(Unit::L2Bytes);
    std::optional<double> Counted = G.Work.amount(Unit::L2Bytes);
    std::optional<double> Read = G.total(Counter::L2SectorsRead);
    std::optional<double> Write = G.total(Counter::L2SectorsWrite);
    std::optional<double> DramRead = G.total(Counter::TranRead);
    std::optional<double> Rate = T.Rates.rate(Unit::L2Bytes);
    if (!T.Units[I] || !Counted || !Read || !Write || !DramRead || !Rate)
      return false;
    double Second =
        std::min(std::max(0.0, *Counted),
                 l2SecondCountSectors(*Read, *Write, *DramRead) * SectorBytes);
    E.L2Fabric.CountedBytes += *Counted;
    E.L2Fabric.SecondCountBytes += Second;
    if (Second <= 0)
      return false;
    double BusyMs = T.Units[I]->BusyMs;
    T.Units[I] =
        unitTimeAt(Unit::L2Bytes, *Counted - Second, *Rate, T.Rates, T.Share);
    // Busy as counted, never above the roof (the peak is the faster rate).
    T.Units[I]->BusyMs = std::min(BusyMs, T.Units[I]->RoofMs);
    T.ExpectedMs[I] = T.Units[I]->FloorMs;
    return true;
  }
};

} // namespace

const Refinement &l2FabricSectors() {
  static const L2FabricSectors Instance;
  return Instance;
}

} // namespace headroom
