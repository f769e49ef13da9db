//===- HopperModel.cpp - Per-unit bounds of a kernel's time ---------------===//

#include "model/HopperModel.h"

#include "model/PartialOverlap.h"

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

double launchWarps(const LaunchShape &S) {
  return double(S.Blocks) * std::ceil(double(S.ThreadsPerBlock) / WarpSize);
}

double residentWarpsPerSm(const LaunchGroup &G, const UnitRates &R) {
  return G.OccupancyPct.value_or(0) / 100 * R.MaxWarpsPerSm;
}

/// The latency units' times for the launches of \p G (model/DramLatency.h;
/// 0 without DRAM reads), given their instruction issue floor.
struct LatencyTimes {
  double DramMs = 0;
  double IssueAndDramMs = 0;
  /// The load rounds where their wait is longer than one DRAM latency per
  /// warp (then the estimate's wait).
  std::optional<HopperPrediction::Rounds> Rounds;
};

/// The global loads of one launch of \p G for the load rounds, or nullopt
/// without their counters or the SASS's loads per round.
std::optional<GlobalLoadWork> globalLoadWork(const LaunchGroup &G) {
  const UnitWork &W = G.Work;
  if (W.GlobalLoadsPerRound <= 0 || !W.GlobalLoads || !W.L2ReadSectors ||
      G.Launches <= 0)
    return std::nullopt;
  GlobalLoadWork L;
  L.Instructions = *W.GlobalLoads / G.Launches;
  L.LoadsPerRound = W.GlobalLoadsPerRound;
  if (W.GlobalLoadL1Sectors)
    L.L1Sectors = *W.GlobalLoadL1Sectors / G.Launches;
  L.L2ReadSectors = *W.L2ReadSectors / G.Launches;
  L.DramReadSectors = W.DramReadBytes / G.Launches / SectorBytes;
  return L;
}

/// nullopt without the launches' occupancy or the device's latency curve.
std::optional<LatencyTimes>
latencyTimes(const LaunchGroup &G, const UnitRates &R, double IssueFloorMs) {
  if (!G.OccupancyPct || *G.OccupancyPct <= 0 || !R.DramLatency ||
      G.Launches <= 0)
    return std::nullopt;
  DramConcurrency C;
  C.ReadingWarps = std::min(launchWarps(G.Shape),
                            G.Work.DramReadBytes / G.Launches / SectorBytes);
  C.ResidentWarps = residentWarpsPerSm(G, R) *
                    std::min<double>(R.Sms, double(G.Shape.Blocks));
  double Bytes = (G.Work.DramReadBytes + G.Work.DramWriteBytes) / G.Launches;
  LatencyTimes T;
  T.DramMs = dramLatencySeconds(C, Bytes, *R.DramLatency) * G.Launches * 1e3;
  double Waits =
      C.ReadingWarps > 0 ? dramTurns(C) * R.DramLatency->unloaded() : 0;
  // A warp that keeps few loads in flight waits once per round of them.
  if (std::optional<GlobalLoadWork> Loads = globalLoadWork(G);
      Loads && R.LoadToUse) {
    double Warps = launchWarps(G.Shape);
    double Rounds =
        loadRoundSeconds(*Loads, Warps, C.ResidentWarps, *R.LoadToUse);
    if (Rounds > Waits) {
      Waits = Rounds;
      T.Rounds = {Loads->Instructions / Warps, Loads->LoadsPerRound,
                  roundLatency(*Loads, *R.LoadToUse),
                  Rounds * G.Launches * 1e3};
    }
  }
  T.IssueAndDramMs = partlyOverlapped(IssueFloorMs, Waits * G.Launches * 1e3);
  return T;
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
    if (unitInfo(T.Id).Kind != UnitKind::Estimate)
      return T.FloorMs;
  return 0;
}

const UnitTime *HopperPrediction::busiestUnit() const {
  const UnitTime *Best = nullptr;
  for (const UnitTime &T : Times)
    if (unitInfo(T.Id).Kind != UnitKind::Estimate &&
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

namespace {

/// The predicted time without DRAM's latency estimates: what a device
/// without a latency curve predicts of the same work.
double predictedWithoutDramLatency(const HopperPrediction &P) {
  for (const UnitTime &T : P.Times)
    if (T.Id != Unit::DramLatency && T.Id != Unit::IssueAndDramLatency)
      return T.FloorMs;
  return 0;
}

} // namespace

std::optional<double> projectionRatio(const HopperPrediction &Here,
                                      const HopperPrediction &There) {
  bool Alike = (Here.timeOf(Unit::DramLatency) != nullptr) ==
               (There.timeOf(Unit::DramLatency) != nullptr);
  double From = Alike ? Here.predictedMs() : predictedWithoutDramLatency(Here);
  double To = Alike ? There.predictedMs() : predictedWithoutDramLatency(There);
  if (From <= 0)
    return std::nullopt;
  return To / From;
}

namespace {

/// The rate of unit \p Id (\p Rate > 0 on the device) for the work of \p W:
/// DRAM's bandwidth for its read/write mix, the L2 request rate with the
/// write requests at the full-sector write rate.
double unitRate(Unit Id, double Amount, double Rate, const UnitWork &W,
                const UnitRates &R) {
  if (Id == Unit::Dram)
    return R.dramBandwidth(W.DramReadBytes, W.DramWriteBytes);
  if (Id == Unit::L2Requests && Amount > 0) // the read rate is Rate > 0
    return Amount /
           R.l2RequestSeconds(Amount, W.L2WriteRequests, R.L2WriteRequests);
  return Rate;
}

} // namespace

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
  G.ColdLaunches = std::min(1.0, Launches);
  return G;
}

namespace {

/// Adds the latency units' times of \p G to \p Sum (their busy time stays
/// 0: a latency keeps no unit busy), given the group's instruction issue
/// floor (nullopt when not counted), and records in \p P what the group
/// with the longest DRAM latency keeps in flight and the load rounds of the
/// group with the longest wait.
void addLatencies(const LaunchGroup &G, const UnitRates &R,
                  std::optional<double> IssueFloorMs,
                  std::array<UnitTime, NumUnits> &Sum,
                  std::array<bool, NumUnits> &Recorded, HopperPrediction &P,
                  double &LongestDramMs) {
  if (!G.Work.amount(Unit::DramLatency))
    return;
  std::optional<LatencyTimes> T = latencyTimes(G, R, IssueFloorMs.value_or(0));
  if (!T)
    return;
  if (!P.DramInFlight || T->DramMs > LongestDramMs) {
    LongestDramMs = T->DramMs;
    P.DramInFlight = HopperPrediction::InFlight{
        G.Work.DramReadBytes / G.Launches / launchWarps(G.Shape),
        residentWarpsPerSm(G, R), R.DramLatency->BytesInFlightPerSmFor90Pct};
  }
  if (T->Rounds && IssueFloorMs &&
      (!P.LoadRounds || T->Rounds->WaitMs > P.LoadRounds->WaitMs))
    P.LoadRounds = T->Rounds;
  for (auto [Id, Ms] :
       {std::pair{Unit::DramLatency, T->DramMs},
        std::pair{Unit::IssueAndDramLatency, T->IssueAndDramMs}}) {
    // Issue and latency together only where the issue was counted.
    if (Id == Unit::IssueAndDramLatency && !IssueFloorMs)
      continue;
    auto I = static_cast<std::size_t>(Id);
    Sum[I].Id = Id;
    Sum[I].RoofMs += Ms;
    Sum[I].FloorMs += Ms;
    Recorded[I] = true;
  }
}

/// The DRAM floor of \p G's launches, given \p Ms for all of them at the
/// sampled launch's traffic. A sampled launch reads its inputs cold, from
/// DRAM; a launch repeated on the same data may find up to the L2's capacity
/// of what it reads there, and leave as much of what it writes dirty there
/// (a kernel that updates its data in place may keep both in the same
/// lines). So a repeated launch moves at least its reads and its writes
/// each less the L2's capacity; the estimates keep every launch at the
/// sampled one's traffic.
double dramFloorMs(double Ms, const LaunchGroup &G, const UnitRates &R) {
  double Repeated = G.Launches - std::max(G.ColdLaunches, 0.0);
  double Bytes = G.Work.DramReadBytes + G.Work.DramWriteBytes;
  if (Repeated <= 0 || R.L2Capacity <= 0 || Bytes <= 0)
    return Ms;
  double Launches = std::max(G.Launches, 1.0);
  double Reads = G.Work.DramReadBytes / Launches;
  double Writes = G.Work.DramWriteBytes / Launches;
  double Least = std::max(0.0, Reads - R.L2Capacity) +
                 std::max(0.0, Writes - R.L2Capacity);
  double Share =
      (std::max(G.ColdLaunches, 0.0) + Repeated * Least / (Reads + Writes)) /
      Launches;
  return Ms * std::min(1.0, Share);
}

/// Forgets the stages' partial overlap of \p P where it adds less than
/// MinOverlapGain to the kernel's floor.
void dropSmallOverlap(HopperPrediction &P) {
  auto Overlap =
      std::find_if(P.Times.begin(), P.Times.end(), [](const UnitTime &T) {
        return T.Id == Unit::PartialOverlap;
      });
  if (Overlap != P.Times.end() &&
      Overlap->FloorMs < (1 + MinOverlapGain) * P.floorMs())
    P.Times.erase(Overlap);
}

} // namespace

HopperPrediction predictHopper(std::span<const LaunchGroup> Groups,
                               const UnitRates &R,
                               std::optional<double> MeasuredMs) {
  HopperPrediction P;
  P.Sms = R.Sms;
  P.MeasuredMs = MeasuredMs;
  std::array<UnitTime, NumUnits> Sum{};
  std::array<bool, NumUnits> Recorded{};
  double SampledMs = 0, LongestDramMs = 0;
  bool EverySampled = !Groups.empty();
  for (const LaunchGroup &G : Groups) {
    EverySampled = EverySampled && G.SampledMs;
    SampledMs += G.SampledMs.value_or(0);
    P.MinBlocks =
        P.MinBlocks ? std::min(P.MinBlocks, G.Shape.Blocks) : G.Shape.Blocks;
    BusiestShare Share = busiestShare(G.Shape, R.Sms, SchedulersPerSm);
    std::optional<double> IssueFloorMs;
    std::array<double, NumUnits> GroupFloorMs{};
    for (const UnitInfo &Info : unitInfos()) {
      if (Info.Kind == UnitKind::Estimate)
        continue; // below, from the issue floor
      auto I = static_cast<std::size_t>(Info.Id);
      std::optional<double> Amount = G.Work.amount(Info.Id);
      std::optional<double> Rate = R.rate(Info.Id);
      if (!Amount || !Rate || *Rate <= 0)
        continue;
      double PerSecond = unitRate(Info.Id, *Amount, *Rate, G.Work, R);
      double RoofMs = *Amount / PerSecond * 1e3;
      Sum[I].Id = Info.Id;
      Sum[I].RoofMs += RoofMs;
      std::optional<double> Peak = R.HardwarePeak[I];
      Sum[I].BusyMs +=
          Peak && *Peak > PerSecond ? *Amount / *Peak * 1e3 : RoofMs;
      double FloorMs = RoofMs * shareFor(Info.Scope, Share);
      GroupFloorMs[I] = FloorMs;
      if (Info.Id == Unit::Dram)
        FloorMs = dramFloorMs(FloorMs, G, R);
      Sum[I].FloorMs += FloorMs;
      Recorded[I] = true;
      if (Info.Id == Unit::Issue)
        IssueFloorMs = FloorMs;
    }
    addLatencies(G, R, IssueFloorMs, Sum, Recorded, P, LongestDramMs);
    // The estimate takes writes at the partial-sector rate, the usual case
    // (the floor took the full-sector one, the fastest).
    auto Requests = static_cast<std::size_t>(Unit::L2Requests);
    if (GroupFloorMs[Requests] > 0)
      GroupFloorMs[Requests] =
          R.l2RequestSeconds(*G.Work.amount(Unit::L2Requests),
                             G.Work.L2WriteRequests, R.L2PartialWriteRequests) *
          1e3;
    // And the atomic unit's inputs between the rates of different words and
    // of one word (the floor took one per clock, the fastest).
    auto Atomics = static_cast<std::size_t>(Unit::L2Atomics);
    if (GroupFloorMs[Atomics] > 0) {
      double Inputs = *G.Work.amount(Unit::L2Atomics);
      GroupFloorMs[Atomics] =
          R.l2AtomicSeconds(Inputs, G.Work.OneWordFp32AtomicShare) * 1e3;
      if (R.AtomicSameAddressFloatInputs)
        P.AtomicsOneWordMs += R.l2AtomicSeconds(Inputs, 1) * 1e3;
    }
    std::array<double, NumStages> Stages = slowestPerStage(GroupFloorMs);
    for (std::size_t S = 0; S < NumStages; ++S)
      P.StageMs[S] += Stages[S];
    if (double Ms = partlyOverlappedStages(GroupFloorMs); Ms > 0) {
      auto I = static_cast<std::size_t>(Unit::PartialOverlap);
      Sum[I].Id = Unit::PartialOverlap;
      Sum[I].RoofMs += Ms;
      Sum[I].FloorMs += Ms;
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
  dropSmallOverlap(P);
  return P;
}

} // namespace headroom
