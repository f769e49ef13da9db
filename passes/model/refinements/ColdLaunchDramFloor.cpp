//===- ColdLaunchDramFloor.cpp - DRAM floor of repeated launches ----------===//

#include "model/refinements/ColdLaunchDramFloor.h"

#include "model/HopperEvidence.h"
#include "model/HopperModel.h"

#include <algorithm>

namespace headroom {

double coldLaunchShare(const LaunchGroup &G, double L2Capacity) {
  double Repeated = G.Launches - std::max(G.ColdLaunches, 0.0);
  double Bytes = G.Work.DramReadBytes + G.Work.DramWriteBytes;
  if (Repeated <= 0 || L2Capacity <= 0 || Bytes <= 0)
    return 1;
  double Launches = std::max(G.Launches, 1.0);
  double Reads = G.Work.DramReadBytes / Launches;
  double Writes = G.Work.DramWriteBytes / Launches;
  double Least =
      std::max(0.0, Reads - L2Capacity) + std::max(0.0, Writes - L2Capacity);
  double Share =
      (std::max(G.ColdLaunches, 0.0) + Repeated * Least / (Reads + Writes)) /
      Launches;
  return std::min(1.0, Share);
}

namespace {

constexpr std::string_view DeviceFields[] = {"identity.l2_bytes"};

constexpr RefinementInfo Info{RefinementId::ColdLaunchDramFloor,
                              "cold_launch_dram_floor",
                              "The cold-launch DRAM floor",
                              {},
                              DeviceFields};

class ColdLaunchDramFloor : public Refinement {
public:
  constexpr ColdLaunchDramFloor() : Refinement(Info) {}

  bool apply(GroupTimes &T, HopperEvidence &E) const override {
    std::optional<UnitTime> &Dram =
        T.Units[static_cast<std::size_t>(Unit::Dram)];
    const LaunchGroup &G = T.Group;
    if (!Dram || G.Launches <= std::max(G.ColdLaunches, 0.0))
      return false;
    double Share = coldLaunchShare(G, T.Rates.L2Capacity);
    double Floor = Dram->FloorMs * Share;
    E.ColdLaunches.ColdLaunches += std::max(G.ColdLaunches, 0.0);
    E.ColdLaunches.RepeatedLaunches +=
        G.Launches - std::max(G.ColdLaunches, 0.0);
    E.ColdLaunches.DiscountedMs += Dram->FloorMs - Floor;
    // DRAM serves the whole GPU: its roof is its floor, the least traffic
    // the launches move.
    Dram->FloorMs = Floor;
    Dram->RoofMs = std::min(Dram->RoofMs, Floor);
    return Share < 1;
  }
};

} // namespace

const Refinement &coldLaunchDramFloor() {
  static const ColdLaunchDramFloor Instance;
  return Instance;
}

} // namespace headroom
