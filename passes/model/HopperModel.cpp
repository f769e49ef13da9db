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

/// The DRAM latency unit's time for the launches of \p G
/// (model/DramLatency.h; 0 without DRAM reads), or nullopt without their
/// occupancy.
double launchWarps(const LaunchShape &S) {
  return double(S.Blocks) * std::ceil(double(S.ThreadsPerBlock) / 32);
}

double residentWarpsPerSm(const LaunchGroup &G, const UnitRates &R) {
  return G.OccupancyPct.value_or(0) / 100 * R.MaxWarpsPerSm;
}

std::optional<double> dramLatencyMs(const LaunchGroup &G, const UnitRates &R) {
  if (!G.OccupancyPct || *G.OccupancyPct <= 0 || !R.DramLatency ||
      G.Launches <= 0)
    return std::nullopt;
  constexpr double SectorBytes = 32;
  double Warps = launchWarps(G.Shape);
  DramConcurrency C;
  C.ReadingWarps =
      std::min(Warps, G.Work.DramReadBytes / G.Launches / SectorBytes);
  C.ResidentWarps = residentWarpsPerSm(G, R) *
                    std::min<double>(R.Sms, double(G.Shape.Blocks));
  double Bytes = (G.Work.DramReadBytes + G.Work.DramWriteBytes) / G.Launches;
  return dramLatencySeconds(C, Bytes, *R.DramLatency) * G.Launches * 1e3;
}

} // namespace

const UnitTime *HopperPrediction::timeOf(Unit U) const {
  for (const UnitTime &T : Times)
    if (T.Id == U)
      return &T;
  return nullptr;
}

double HopperPrediction::floorMs() const {
  for (const UnitTime &T : Times)
    if (unitInfo(T.Id).Kind != UnitKind::Latency)
      return T.FloorMs;
  return 0;
}

const UnitTime *HopperPrediction::busiestUnit() const {
  const UnitTime *Best = nullptr;
  for (const UnitTime &T : Times)
    if (unitInfo(T.Id).Kind != UnitKind::Latency &&
        (!Best || T.BusyMs > Best->BusyMs))
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
  return unitInfo(busiestUnit()->Id).Kind == UnitKind::Compute
             ? Regime::Compute
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
  bool Alike = (Here.timeOf(Unit::DramLatency) != nullptr) ==
               (There.timeOf(Unit::DramLatency) != nullptr);
  double From = Alike ? Here.predictedMs() : Here.floorMs();
  double To = Alike ? There.predictedMs() : There.floorMs();
  if (From <= 0)
    return std::nullopt;
  return To / From;
}

LaunchGroup launchGroup(const CounterLookup &PerLaunch, LaunchShape Shape,
                        double Launches) {
  LaunchGroup G;
  G.Work = unitWork([&](Counter C) -> std::optional<double> {
    std::optional<double> V = PerLaunch(C);
    return V ? std::optional(*V * Launches) : std::nullopt;
  });
  G.Shape = Shape;
  G.Launches = Launches;
  if (std::optional<double> Ns = PerLaunch(Counter::DurationNs))
    G.SampledMs = *Ns * 1e-6 * Launches;
  G.OccupancyPct = PerLaunch(Counter::AchievedOccupancyPct);
  return G;
}

HopperPrediction predictHopper(std::span<const LaunchGroup> Groups,
                               const UnitRates &R,
                               std::optional<double> MeasuredMs) {
  HopperPrediction P;
  P.Sms = R.Sms;
  P.MeasuredMs = MeasuredMs;
  std::array<UnitTime, NumUnits> Sum{};
  std::array<bool, NumUnits> Recorded{};
  double SampledMs = 0;
  double LongestLatencyMs = 0;
  bool EverySampled = !Groups.empty();
  for (const LaunchGroup &G : Groups) {
    EverySampled = EverySampled && G.SampledMs;
    SampledMs += G.SampledMs.value_or(0);
    P.MinBlocks = P.MinBlocks ? std::min(P.MinBlocks, G.Shape.Blocks)
                              : G.Shape.Blocks;
    BusiestShare Share = busiestShare(G.Shape, R.Sms, SchedulersPerSm);
    for (const UnitInfo &Info : unitInfos()) {
      auto I = static_cast<std::size_t>(Info.Id);
      std::optional<double> Amount = G.Work.amount(Info.Id);
      std::optional<double> Rate = R.rate(Info.Id);
      if (!Amount || !Rate || *Rate <= 0)
        continue;
      if (Info.Id == Unit::DramLatency) {
        // A latency keeps no unit busy: its busy time stays 0.
        std::optional<double> Ms = dramLatencyMs(G, R);
        if (!Ms)
          continue;
        if (*Ms > LongestLatencyMs) {
          LongestLatencyMs = *Ms;
          P.DramInFlight = HopperPrediction::InFlight{
              G.Work.DramReadBytes / G.Launches / launchWarps(G.Shape),
              residentWarpsPerSm(G, R),
              R.DramLatency->BytesInFlightPerSmFor90Pct};
        }
        Sum[I].Id = Info.Id;
        Sum[I].RoofMs += *Ms;
        Sum[I].FloorMs += *Ms;
        Recorded[I] = true;
        continue;
      }
      double PerSecond = Info.Id == Unit::Dram
                             ? R.dramBandwidth(G.Work.DramReadBytes,
                                               G.Work.DramWriteBytes)
                             : *Rate;
      double RoofMs = *Amount / PerSecond * 1e3;
      Sum[I].Id = Info.Id;
      Sum[I].RoofMs += RoofMs;
      std::optional<double> Peak = R.HardwarePeak[I];
      Sum[I].BusyMs +=
          Peak && *Peak > PerSecond ? *Amount / *Peak * 1e3 : RoofMs;
      Sum[I].FloorMs += RoofMs * shareFor(Info.Scope, Share);
      Recorded[I] = true;
    }
  }
  for (const UnitInfo &Info : unitInfos()) {
    auto I = static_cast<std::size_t>(Info.Id);
    if (Recorded[I])
      P.Times.push_back(Sum[I]);
    else if (R.rate(Info.Id))
      P.Unrecorded.push_back(Info.Id);
  }
  if (EverySampled && MeasuredMs)
    P.SampledMs = SampledMs;
  std::stable_sort(P.Times.begin(), P.Times.end(),
                   [](const UnitTime &A, const UnitTime &B) {
                     return A.FloorMs > B.FloorMs;
                   });
  return P;
}

} // namespace headroom
