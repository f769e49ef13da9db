//===- Refinement.cpp - The refinements of the Hopper model, in order -----===//

#include "model/Refinement.h"

#include "model/HopperModel.h"
#include "model/refinements/AtomicsOnOneWord.h"
#include "model/refinements/BarrierWaits.h"
#include "model/refinements/ColdLaunchDramFloor.h"
#include "model/refinements/DramLatency.h"
#include "model/refinements/IssueAndLoadLatency.h"
#include "model/refinements/L2FabricSectors.h"
#include "model/refinements/L2WriteRequests.h"
#include "model/refinements/LoadRounds.h"
#include "model/refinements/PartialOverlap.h"

#include <algorithm>
#include <cmath>

namespace headroom {

std::string_view staticFactKey(StaticFact F) {
  switch (F) {
  case StaticFact::GlobalLoadsPerRound:
    return "global_loads_per_round";
  case StaticFact::OneWordFp32AtomicShare:
    return "one_word_fp32_atomic_share";
  case StaticFact::IndirectGlobalLoadShare:
    return "indirect_global_load_share";
  }
  return "global_loads_per_round";
}

namespace {

double shareFor(UnitScope Scope, const BusiestShare &S) {
  switch (Scope) {
  case UnitScope::Scheduler:
    return S.Scheduler;
  case UnitScope::Sm:
    return S.Sm;
  case UnitScope::Gpu:
    return 1;
  }
  return 1;
}

} // namespace

UnitTime unitTimeAt(Unit Id, double Amount, double PerSecond,
                    const UnitRates &R, const BusiestShare &Share) {
  UnitTime T;
  T.Id = Id;
  T.RoofMs = Amount / PerSecond * 1e3;
  std::optional<double> Peak = R.HardwarePeak[static_cast<std::size_t>(Id)];
  T.BusyMs = Peak && *Peak > PerSecond ? Amount / *Peak * 1e3 : T.RoofMs;
  T.FloorMs = T.RoofMs * shareFor(unitInfo(Id).Scope, Share);
  return T;
}

GroupTimes::GroupTimes(const LaunchGroup &G, const UnitRates &R)
    : Group(G), Rates(R), Share(busiestShare(G.Shape, R.Sms, SchedulersPerSm)) {
  ResidentWarps = G.residentWarpsPerSm(R.MaxWarpsPerSm) *
                  std::min<double>(R.Sms, double(G.Shape.Blocks));
  for (const UnitInfo &Info : unitInfos()) {
    auto I = static_cast<std::size_t>(Info.Id);
    std::optional<double> Amount = G.Work.amount(Info.Id);
    std::optional<double> Rate = R.rate(Info.Id);
    if (!Amount || !Rate || *Rate <= 0)
      continue;
    // DRAM's bandwidth depends on the mix of reads and writes.
    double PerSecond =
        Info.Id == Unit::Dram
            ? R.dramBandwidth(G.Work.DramReadBytes, G.Work.DramWriteBytes)
            : *Rate;
    Units[I] = unitTimeAt(Info.Id, *Amount, PerSecond, R, Share);
    ExpectedMs[I] = Units[I]->FloorMs;
  }
}

std::optional<double> GroupTimes::floorMs(Unit U) const {
  const std::optional<UnitTime> &T = Units[static_cast<std::size_t>(U)];
  return T ? std::optional(T->FloorMs) : std::nullopt;
}

std::span<const Refinement *const> refinements() {
  // The order matters where one refinement reads what another set: the
  // estimates' unit times (L2 write requests and bytes, atomics) before the
  // partial overlap adds them, DRAM's wait before the load rounds may lengthen
  // it, both before the issue-and-latency estimate overlaps it with issue; the
  // warps at a barrier before both count the resident warps that wait.
  static const Refinement *const Pipeline[] = {
      &coldLaunchDramFloor(), &l2WriteRequests(),     &l2FabricSectors(),
      &oneWordAtomics(),      &barrierWaits(),        &dramLatency(),
      &loadRounds(),          &issueAndLoadLatency(), &partialOverlap()};
  static_assert(std::size(Pipeline) == NumRefinements);
  return Pipeline;
}

const Refinement &refinement(RefinementId Id) {
  for (const Refinement *R : refinements())
    if (R->info().Id == Id)
      return *R;
  return *refinements().front();
}

} // namespace headroom
