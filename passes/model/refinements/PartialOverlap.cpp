//===- PartialOverlap.cpp - Stages of a kernel, partly overlapped ---------===//

#include "model/refinements/PartialOverlap.h"

#include "model/HopperEvidence.h"
#include "model/HopperModel.h"

#include <algorithm>
#include <cmath>

namespace headroom {

Stage stageOf(Unit U) {
  switch (U) {
  case Unit::L1Wavefronts:
  case Unit::L1Bytes:
    return Stage::L1;
  case Unit::L2Bytes:
  case Unit::L2Requests:
  case Unit::L2Atomics:
    return Stage::L2;
  case Unit::Dram:
    return Stage::Dram;
  default:
    break;
  }
  return unitInfo(U).Kind == UnitKind::Compute ? Stage::Compute : Stage::None;
}

const char *stageKey(Stage S) {
  switch (S) {
  case Stage::Compute:
    return "compute";
  case Stage::L1:
    return "l1";
  case Stage::L2:
    return "l2";
  case Stage::Dram:
    return "dram";
  case Stage::None:
    break;
  }
  return "none";
}

StageTimes slowestPerStage(const std::array<double, NumUnits> &FloorMs) {
  StageTimes Slowest{};
  for (const UnitInfo &Info : unitInfos()) {
    Stage S = stageOf(Info.Id);
    if (S == Stage::None)
      continue;
    double &Max = Slowest[static_cast<std::size_t>(S)];
    Max = std::max(Max, FloorMs[static_cast<std::size_t>(Info.Id)]);
  }
  return Slowest;
}

double partlyOverlappedStages(const std::array<double, NumUnits> &FloorMs) {
  StageTimes Slowest = slowestPerStage(FloorMs);
  double Sum = 0;
  for (double T : Slowest)
    Sum += std::pow(T, StageOverlapNorm);
  // Exact for one stage alone, whatever the rounding of the power.
  double Alone = *std::max_element(Slowest.begin(), Slowest.end());
  return std::max(Alone, std::pow(Sum, 1 / StageOverlapNorm));
}

namespace {

constexpr RefinementInfo Info{RefinementId::PartialOverlap, "partial_overlap",
                              "Compute, L1, L2 and DRAM, partly overlapped"};

class PartialOverlap : public Refinement {
public:
  constexpr PartialOverlap() : Refinement(Info) {}

  bool apply(GroupTimes &T, HopperEvidence &E) const override {
    StageTimes Stages = slowestPerStage(T.ExpectedMs);
    for (std::size_t S = 0; S < NumStages; ++S)
      E.StageMs[S] += Stages[S];
    double Ms = partlyOverlappedStages(T.ExpectedMs);
    if (Ms <= 0)
      return false;
    T.EstimateMs[static_cast<std::size_t>(Estimate::PartialOverlap)] = Ms;
    return true;
  }

  /// Forgets the estimate where it adds less than MinOverlapGain to the
  /// kernel's floor: the floor's unit names the time then.
  void finish(HopperPrediction &P) const override {
    auto Overlap = std::find_if(
        P.Estimates.begin(), P.Estimates.end(),
        [](const EstimateTime &E) { return E.Id == Estimate::PartialOverlap; });
    if (Overlap != P.Estimates.end() &&
        Overlap->Ms < (1 + MinOverlapGain) * P.floorMs())
      P.Estimates.erase(Overlap);
  }
};

} // namespace

const Refinement &partialOverlap() {
  static const PartialOverlap Instance;
  return Instance;
}

} // namespace headroom
