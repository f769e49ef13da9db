//===- HopperModel.cpp - Per-unit bounds of a kernel's time ---------------===//

#include "model/HopperModel.h"

#include <algorithm>
#include <cmath>

namespace headroom {

const char *regimeName(Regime R) {
  switch (R) {
  case Regime::Compute:
    return "compute";
  case Regime::Memory:
    return "memory";
  case Regime::Latency:
    return "latency";
  }
  return "latency";
}

std::string_view limiterKey(const Limiter &L) {
  if (const Unit *U = std::get_if<Unit>(&L))
    return unitInfo(*U).Key;
  return estimateKey(std::get<Estimate>(L));
}

double LaunchGroup::warps() const {
  return double(Shape.Blocks) *
         std::ceil(double(Shape.ThreadsPerBlock) / WarpSize);
}

double LaunchGroup::residentWarpsPerSm(unsigned MaxWarpsPerSm) const {
  return OccupancyPct.value_or(0) / 100 * MaxWarpsPerSm;
}

const UnitTime *HopperPrediction::timeOf(Unit U) const {
  for (const UnitTime &T : Times)
    if (T.Id == U)
      return &T;
  return nullptr;
}

const EstimateTime *HopperPrediction::estimate(Estimate E) const {
  for (const EstimateTime &T : Estimates)
    if (T.Id == E)
      return &T;
  return nullptr;
}

const EstimateTime *HopperPrediction::predictingEstimate() const {
  const EstimateTime *Longest = nullptr;
  for (const EstimateTime &E : Estimates)
    if (!Longest || E.Ms > Longest->Ms)
      Longest = &E;
  // A unit's floor names the time where an estimate only equals it.
  if (!Longest || (!Times.empty() && Longest->Ms <= floorMs()))
    return nullptr;
  return Longest;
}

std::optional<Limiter> HopperPrediction::limiter() const {
  if (const EstimateTime *E = predictingEstimate())
    return Limiter(E->Id);
  if (Times.empty())
    return std::nullopt;
  return Limiter(Times.front().Id);
}

double HopperPrediction::predictedMs() const {
  const EstimateTime *E = predictingEstimate();
  return E ? E->Ms : floorMs();
}

double
HopperPrediction::predictedMsWithout(std::span<const Estimate> Left) const {
  double Ms = floorMs();
  for (const EstimateTime &E : Estimates)
    if (std::find(Left.begin(), Left.end(), E.Id) == Left.end())
      Ms = std::max(Ms, E.Ms);
  return Ms;
}

const UnitTime *HopperPrediction::busiestUnit() const {
  const UnitTime *Best = nullptr;
  for (const UnitTime &T : Times)
    if (!Best || T.BusyMs > Best->BusyMs)
      Best = &T;
  return Best;
}

const UnitTime *HopperPrediction::busiest(UnitKind K) const {
  const UnitTime *Best = nullptr;
  for (const UnitTime &T : Times)
    if (unitInfo(T.Id).Kind == K && (!Best || T.BusyMs > Best->BusyMs))
      Best = &T;
  return Best;
}

std::optional<double> HopperPrediction::verdictMs() const {
  if (SampledMs && *SampledMs > 0)
    return SampledMs;
  if (MeasuredMs && *MeasuredMs > 0)
    return MeasuredMs;
  return std::nullopt;
}

std::optional<double> HopperPrediction::utilization() const {
  const UnitTime *B = busiestUnit();
  std::optional<double> Ms = verdictMs();
  if (!B || !Ms)
    return std::nullopt;
  return B->BusyMs / *Ms;
}

std::optional<Regime> HopperPrediction::regime() const {
  std::optional<double> U = utilization();
  if (!U)
    return std::nullopt;
  if (*U < LatencyBoundBelow)
    return Regime::Latency;
  return unitInfo(busiestUnit()->Id).Kind == UnitKind::Compute ? Regime::Compute
                                                               : Regime::Memory;
}

bool HopperPrediction::balanced() const {
  const UnitTime *C = busiest(UnitKind::Compute);
  const UnitTime *M = busiest(UnitKind::Memory);
  std::optional<double> Ms = verdictMs();
  if (!C || !M || !Ms || regime() == Regime::Latency)
    return false;
  double Low = std::min(C->BusyMs, M->BusyMs);
  double High = std::max(C->BusyMs, M->BusyMs);
  return Low >= LatencyBoundBelow * *Ms && Low >= BalancedWithin * High;
}

std::optional<double> HopperPrediction::headroom() const {
  if (!MeasuredMs || predictedMs() <= 0)
    return std::nullopt;
  return *MeasuredMs / predictedMs();
}

std::optional<double> projectionRatio(const HopperPrediction &Here,
                                      const HopperPrediction &There) {
  // A device file derived from a spec sheet has no latency curve: compare
  // like with like.
  constexpr Estimate DramWaits[] = {Estimate::DramLatency,
                                    Estimate::IssueAndLoadLatency};
  bool Alike = (Here.estimate(Estimate::DramLatency) != nullptr) ==
               (There.estimate(Estimate::DramLatency) != nullptr);
  double From = Alike ? Here.predictedMs() : Here.predictedMsWithout(DramWaits);
  double To = Alike ? There.predictedMs() : There.predictedMsWithout(DramWaits);
  if (From <= 0)
    return std::nullopt;
  return To / From;
}

LaunchGroup launchGroup(const CounterLookup &PerLaunch, LaunchShape Shape,
                        double Launches) {
  LaunchGroup G;
  for (const CounterInfo &Info : counterCatalog())
    if (std::optional<double> V = PerLaunch(Info.Id))
      G.Counters[static_cast<std::size_t>(Info.Id)] =
          Info.Combine == Aggregation::Sum ? *V * Launches : *V;
  G.Work = unitWork([&](Counter C) -> std::optional<double> {
    std::optional<double> V = PerLaunch(C);
    return V ? std::optional(*V * Launches) : std::nullopt;
  });
  G.Shape = Shape;
  G.Launches = Launches;
  if (std::optional<double> Ns = PerLaunch(Counter::DurationNs))
    G.SampledMs = *Ns * 1e-6 * Launches;
  G.OccupancyPct = PerLaunch(Counter::AchievedOccupancyPct);
  G.ColdLaunches = std::min(1.0, Launches);
  return G;
}

HopperPrediction predictHopper(std::span<const LaunchGroup> Groups,
                               const UnitRates &R,
                               std::optional<double> MeasuredMs) {
  HopperPrediction P;
  P.Sms = R.Sms;
  P.MeasuredMs = MeasuredMs;
  std::array<std::optional<UnitTime>, NumUnits> Units{};
  std::array<std::optional<double>, NumEstimates> Estimates{};
  double SampledMs = 0;
  bool EverySampled = !Groups.empty();
  for (const LaunchGroup &G : Groups) {
    EverySampled = EverySampled && G.SampledMs;
    SampledMs += G.SampledMs.value_or(0);
    P.MinBlocks =
        P.MinBlocks ? std::min(P.MinBlocks, G.Shape.Blocks) : G.Shape.Blocks;
    GroupTimes T(G, R);
    for (const Refinement *X : refinements())
      if (X->apply(T, P.Evidence))
        P.Evidence.Applied[static_cast<std::size_t>(X->info().Id)] = true;
    for (std::size_t I = 0; I < NumUnits; ++I) {
      if (!T.Units[I])
        continue;
      UnitTime &Sum = Units[I] ? *Units[I] : Units[I].emplace();
      Sum.Id = T.Units[I]->Id;
      Sum.RoofMs += T.Units[I]->RoofMs;
      Sum.FloorMs += T.Units[I]->FloorMs;
      Sum.BusyMs += T.Units[I]->BusyMs;
    }
    for (std::size_t I = 0; I < NumEstimates; ++I)
      if (T.EstimateMs[I])
        Estimates[I] = Estimates[I].value_or(0) + *T.EstimateMs[I];
  }
  for (const UnitInfo &Info : unitInfos()) {
    const std::optional<UnitTime> &Sum =
        Units[static_cast<std::size_t>(Info.Id)];
    if (Sum)
      P.Times.push_back(*Sum);
    else if (R.rate(Info.Id))
      P.Unrecorded.push_back(Info.Id);
  }
  for (Estimate E : AllEstimates)
    if (std::optional<double> Ms = Estimates[static_cast<std::size_t>(E)])
      P.Estimates.push_back({E, *Ms});
  if (EverySampled && MeasuredMs)
    P.SampledMs = SampledMs;
  std::stable_sort(P.Times.begin(), P.Times.end(),
                   [](const UnitTime &A, const UnitTime &B) {
                     return A.FloorMs > B.FloorMs;
                   });
  for (const Refinement *X : refinements())
    X->finish(P);
  return P;
}

} // namespace headroom
