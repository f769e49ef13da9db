//===- BarrierWaits.cpp - Warps at a barrier keep no loads in flight ------===//

#include "model/refinements/BarrierWaits.h"

#include "model/HopperEvidence.h"
#include "model/HopperModel.h"

namespace headroom {

double barrierShare(double BarrierWarps, double ResidentWarps) {
  if (!(BarrierWarps > 0) || !(ResidentWarps > BarrierWarps))
    return 0;
  return BarrierWarps / ResidentWarps;
}

namespace {

constexpr Counter Counters[] = {Counter::StallBarrier, Counter::WarpLatency,
                                Counter::AchievedOccupancyPct};

constexpr RefinementInfo Info{RefinementId::BarrierWaits, "barrier_waits",
                              "Warps at a barrier", Counters};

class BarrierWaits : public Refinement {
public:
  constexpr BarrierWaits() : Refinement(Info) {}

  bool apply(GroupTimes &T, HopperEvidence &E) const override {
    const LaunchGroup &G = T.Group;
    std::optional<double> Barrier = G.total(Counter::StallBarrier);
    std::optional<double> Resident = G.total(Counter::WarpLatency);
    if (!Barrier || !Resident || T.ResidentWarps <= 0)
      return false;
    double Share = barrierShare(*Barrier, *Resident);
    if (Share <= 0)
      return false;
    double Before = T.ResidentWarps;
    T.ResidentWarps *= 1 - Share;
    if (!E.Barrier || Share > E.Barrier->Share)
      E.Barrier = BarrierWaitsEvidence{Share, Before, T.ResidentWarps};
    return true;
  }
};

} // namespace

const Refinement &barrierWaits() {
  static const BarrierWaits Instance;
  return Instance;
}

} // namespace headroom
