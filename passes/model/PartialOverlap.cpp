//===- PartialOverlap.cpp - Stages of a kernel, partly overlapped ---------===//

#include "model/PartialOverlap.h"

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

const char *stageName(Stage S) {
  switch (S) {
  case Stage::Compute:
    return "compute";
  case Stage::L1:
    return "L1";
  case Stage::L2:
    return "L2";
  case Stage::Dram:
    return "DRAM";
  case Stage::None:
    break;
  }
  return "none";
}

std::array<double, NumStages>
slowestPerStage(const std::array<double, NumUnits> &FloorMs) {
  std::array<double, NumStages> Slowest{};
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
  std::array<double, NumStages> Slowest = slowestPerStage(FloorMs);
  double Sum = 0;
  for (double T : Slowest)
    Sum += std::pow(T, StageOverlapNorm);
  // Exact for one stage alone, whatever the rounding of the power.
  double Alone = *std::max_element(Slowest.begin(), Slowest.end());
  return std::max(Alone, std::pow(Sum, 1 / StageOverlapNorm));
}

} // namespace headroom
