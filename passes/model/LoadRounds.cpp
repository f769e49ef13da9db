//===- LoadRounds.cpp - What a kernel's dependent global loads wait -------===//

#include "model/LoadRounds.h"

#include <algorithm>

namespace headroom {

double roundLatency(const GlobalLoadWork &W, const LoadLatencies &L) {
  double Asked = W.L1Sectors.value_or(W.L2ReadSectors);
  if (Asked <= 0)
    return L.L1;
  double Dram = std::clamp(W.DramReadSectors / Asked, 0.0, 1.0);
  double L2 = std::clamp((W.L2ReadSectors - W.DramReadSectors) / Asked, 0.0,
                         1.0 - Dram);
  return Dram * L.Dram + L2 * L.L2 + (1 - Dram - L2) * L.L1;
}

double loadRoundTurns(const GlobalLoadWork &W, double Warps, double Resident) {
  if (Resident <= 0 || Warps <= 0 || W.LoadsPerRound <= 0)
    return 0;
  // Every warp that loads waits at least one round.
  double Rounds = std::max(std::min(Warps, W.Instructions),
                           W.Instructions / W.LoadsPerRound);
  return std::max(1.0, Rounds / Resident);
}

double loadRoundSeconds(const GlobalLoadWork &W, double Warps, double Resident,
                        const LoadLatencies &L) {
  if (W.Instructions <= 0)
    return 0;
  return loadRoundTurns(W, Warps, Resident) * roundLatency(W, L);
}

} // namespace headroom
