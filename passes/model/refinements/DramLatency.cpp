//===- DramLatency.cpp - Little's law for a kernel's DRAM reads -----------===//

#include "model/refinements/DramLatency.h"

#include "model/HopperEvidence.h"
#include "model/HopperModel.h"

#include <algorithm>
#include <cmath>

namespace headroom {

double DramLatencyCurve::latencyAt(double Utilization) const {
  if (Points.empty())
    return 0;
  if (Utilization <= Points.front().first)
    return Points.front().second;
  for (std::size_t I = 1; I < Points.size(); ++I) {
    auto [U0, L0] = Points[I - 1];
    auto [U1, L1] = Points[I];
    if (Utilization <= U1)
      return U1 > U0 ? L0 + (L1 - L0) * (Utilization - U0) / (U1 - U0) : L1;
  }
  return Points.back().second;
}

std::optional<DramLatencyCurve> dramLatencyCurve(const Measurement &ReadVsWarps,
                                                 unsigned Sms) {
  const auto &Raw = ReadVsWarps.Points;
  double Best = 0;
  for (auto [Warps, GBs] : Raw)
    Best = std::max(Best, GBs);
  if (Raw.size() < 2 || Best <= 0 || Sms == 0)
    return std::nullopt;
  DramLatencyCurve C;
  C.BestBytesPerSecond = Best * 1e9;
  C.BytesInFlightPerSmFor90Pct =
      ReadVsWarps.Value * WarpSize * DramCurveBytesPerThread;
  // Up to the best point the bandwidth rises with the bytes in flight;
  // past it more warps only queue, and the busiest point's latency stands.
  for (auto [Warps, GBs] : Raw) {
    if (Warps <= 0 || GBs <= 0)
      continue;
    double InFlight = Warps * WarpSize * DramCurveBytesPerThread * Sms;
    C.Points.emplace_back(GBs / Best, InFlight / (GBs * 1e9));
    if (GBs == Best)
      break;
  }
  if (C.Points.size() < 2)
    return std::nullopt;
  return C;
}

double dramTurns(const DramConcurrency &C) {
  return C.ResidentWarps > 0 ? std::max(1.0, C.ReadingWarps / C.ResidentWarps)
                             : 0;
}

double dramLatencySeconds(const DramConcurrency &C, double DramBytes,
                          const DramLatencyCurve &Curve) {
  if (C.ReadingWarps <= 0 || C.ResidentWarps <= 0 || DramBytes <= 0 ||
      Curve.BestBytesPerSecond <= 0)
    return 0;
  double Turns = dramTurns(C);
  auto UtilizationAt = [&](double Seconds) {
    return std::min(1.0, DramBytes / Seconds / Curve.BestBytesPerSecond);
  };
  // T - Turns x latency(UtilizationAt(T)) rises with T: bisect between the
  // bandwidth bound (utilization 1) and the time at the busiest latency.
  double Low = DramBytes / Curve.BestBytesPerSecond;
  double High = Turns * Curve.latencyAt(1);
  if (Low >= High)
    return Low;
  for (int I = 0; I < 60; ++I) {
    double Mid = (Low + High) / 2;
    if (Mid < Turns * Curve.latencyAt(UtilizationAt(Mid)))
      Low = Mid;
    else
      High = Mid;
  }
  return High;
}

namespace {

constexpr Counter Counters[] = {Counter::TranRead, Counter::TranWrite,
                                Counter::AchievedOccupancyPct};
constexpr std::string_view DeviceFields[] = {"dram_read_vs_warps",
                                             "compute_capability"};

constexpr RefinementInfo Info{RefinementId::DramLatency, "dram_latency",
                              "DRAM latency: the bytes in flight", Counters,
                              DeviceFields};

class DramLatency : public Refinement {
public:
  constexpr DramLatency() : Refinement(Info) {}

  bool apply(GroupTimes &T, HopperEvidence &E) const override {
    const LaunchGroup &G = T.Group;
    const UnitRates &R = T.Rates;
    if (!G.Work.amount(Unit::Dram) || !G.OccupancyPct || *G.OccupancyPct <= 0 ||
        !R.DramLatency || G.Launches <= 0)
      return false;
    DramConcurrency C;
    C.ReadingWarps =
        std::min(G.warps(), G.Work.DramReadBytes / G.Launches / SectorBytes);
    C.ResidentWarps = T.ResidentWarps;
    double Bytes = (G.Work.DramReadBytes + G.Work.DramWriteBytes) / G.Launches;
    double Ms = dramLatencySeconds(C, Bytes, *R.DramLatency) * G.Launches * 1e3;
    T.EstimateMs[static_cast<std::size_t>(Estimate::DramLatency)] = Ms;
    // Each turn of resident warps waits one unloaded latency at least.
    T.WaitSeconds =
        C.ReadingWarps > 0 ? dramTurns(C) * R.DramLatency->unloaded() : 0;
    if (!E.InFlight || Ms > E.InFlight->Ms)
      E.InFlight = DramInFlight{G.Work.DramReadBytes / G.Launches / G.warps(),
                                G.residentWarpsPerSm(R.MaxWarpsPerSm),
                                R.DramLatency->BytesInFlightPerSmFor90Pct, Ms};
    return true;
  }
};

} // namespace

const Refinement &dramLatency() {
  static const DramLatency Instance;
  return Instance;
}

} // namespace headroom
