//===- LoadRounds.cpp - What a kernel's dependent global loads wait -------===//

#include "model/refinements/LoadRounds.h"

#include "model/HopperEvidence.h"
#include "model/HopperModel.h"

#include <algorithm>

namespace headroom {

double LoadLatencies::dramRound(double Loads) const {
  if (DramRounds.empty())
    return Dram;
  if (DramRounds.size() == 1 || Loads <= DramRounds.front().first)
    return DramRounds.front().second;
  std::size_t I = 1;
  while (I + 1 < DramRounds.size() && Loads > DramRounds[I].first)
    ++I;
  auto [K0, T0] = DramRounds[I - 1];
  auto [K1, T1] = DramRounds[I];
  return K1 > K0 ? T0 + (T1 - T0) * (Loads - K0) / (K1 - K0) : T1;
}

double roundLatency(const GlobalLoadWork &W, const LoadLatencies &L) {
  double Asked = W.L1Sectors.value_or(W.L2ReadSectors);
  if (Asked <= 0)
    return L.L1;
  double Dram = std::clamp(W.DramReadSectors / Asked, 0.0, 1.0);
  double L2 = std::clamp((W.L2ReadSectors - W.DramReadSectors) / Asked, 0.0,
                         1.0 - Dram);
  return Dram * L.dramRound(W.LoadsPerRound) + L2 * L.L2 +
         (1 - Dram - L2) * L.L1;
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

namespace {

constexpr Counter Counters[] = {Counter::GlobalLoadInst,
                                Counter::L1GlobalLoadSectors,
                                Counter::L2SectorsRead, Counter::TranRead};
constexpr std::string_view DeviceFields[] = {
    "load_latency_l1", "load_latency_l2", "load_latency_dram"};
constexpr StaticFact Facts[] = {StaticFact::GlobalLoadsPerRound};

constexpr RefinementInfo Info{RefinementId::LoadRounds,
                              "load_rounds",
                              "Load rounds: the loads a warp keeps in flight",
                              Counters,
                              DeviceFields,
                              Facts};

/// The global loads of one launch of \p G, or nullopt without their
/// counters or the SASS's loads per round.
std::optional<GlobalLoadWork> globalLoadWork(const LaunchGroup &G) {
  std::optional<double> Loads = G.total(Counter::GlobalLoadInst);
  std::optional<double> L2Reads = G.total(Counter::L2SectorsRead);
  if (G.Facts.GlobalLoadsPerRound <= 0 || !Loads || !L2Reads || G.Launches <= 0)
    return std::nullopt;
  GlobalLoadWork L;
  L.Instructions = *Loads / G.Launches;
  L.LoadsPerRound = G.Facts.GlobalLoadsPerRound;
  if (std::optional<double> L1 = G.total(Counter::L1GlobalLoadSectors))
    L.L1Sectors = *L1 / G.Launches;
  L.L2ReadSectors = *L2Reads / G.Launches;
  L.DramReadSectors = G.Work.DramReadBytes / G.Launches / SectorBytes;
  return L;
}

class LoadRounds : public Refinement {
public:
  constexpr LoadRounds() : Refinement(Info) {}

  bool apply(GroupTimes &T, HopperEvidence &E) const override {
    const LaunchGroup &G = T.Group;
    std::optional<GlobalLoadWork> Loads = globalLoadWork(G);
    if (!T.WaitSeconds || !Loads || !T.Rates.LoadToUse)
      return false;
    double Warps = G.warps();
    double Seconds =
        loadRoundSeconds(*Loads, Warps, T.ResidentWarps, *T.Rates.LoadToUse);
    if (Seconds <= *T.WaitSeconds)
      return false;
    T.WaitSeconds = Seconds;
    double WaitMs = Seconds * G.Launches * 1e3;
    // Evidence where the wait meets the issue (the estimate's other part).
    if (T.floorMs(Unit::Issue) && (!E.Rounds || WaitMs > E.Rounds->WaitMs))
      E.Rounds =
          LoadRoundsEvidence{Loads->Instructions / Warps, Loads->LoadsPerRound,
                             roundLatency(*Loads, *T.Rates.LoadToUse), WaitMs};
    return true;
  }
};

} // namespace

const Refinement &loadRounds() {
  static const LoadRounds Instance;
  return Instance;
}

} // namespace headroom
