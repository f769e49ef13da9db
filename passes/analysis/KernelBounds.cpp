//===- KernelBounds.cpp - A kernel through the Hopper model ---------------===//

#include "analysis/KernelBounds.h"

#include "analysis/PrecedingLaunches.h"
#include "schema/CounterCatalog.h"

#include <algorithm>

namespace headroom {

std::optional<double> KernelBounds::headroom() const {
  double Predicted = predictedMs();
  if (!Prediction.MeasuredMs || Predicted <= 0)
    return std::nullopt;
  return *Prediction.MeasuredMs / Predicted;
}

Regime KernelBounds::regime() const {
  if (std::optional<Regime> R = Prediction.regime())
    return *R;
  const UnitTime *B = Prediction.busiestUnit();
  return B && unitInfo(B->Id).Kind == UnitKind::Memory ? Regime::Memory
                                                       : Regime::Compute;
}

void applyStaticFacts(LaunchGroup &G, const ProfileKernel &Entry,
                      const StaticFactsIndex *Facts) {
  if (!Facts)
    return;
  std::optional<StaticFacts> Known = Facts->find(Entry.Name, Entry.Demangled);
  if (!Known)
    return;
  G.Facts = *Known;
  // The warps' samples say which loop they wait in.
  if (!Entry.Stalls)
    return;
  auto SamplesIn = [&](std::uint64_t First, std::uint64_t Last) {
    double N = 0;
    for (const StallSamplePc &Pc : Entry.Stalls->Pcs)
      if (Pc.Function == Entry.Name && Pc.Offset >= First && Pc.Offset <= Last)
        N += double(Pc.samples());
    return N;
  };
  if (std::optional<double> PerRound = sampledLoadsPerRound(*Known, SamplesIn))
    G.Facts.GlobalLoadsPerRound = *PerRound;
}

void BoundsInput::add(const ProfileKernel &Entry, const StaticFactsIndex *Facts,
                      const ProfileDocument *Profile) {
  double Launches = double(Entry.Launches);
  LaunchGroup G =
      launchGroup([&](Counter C) { return Entry.counter(C); },
                  {Entry.blocks(), Entry.threadsPerBlock()}, Launches);
  applyStaticFacts(G, Entry, Facts);
  if (Profile)
    G.Preceding = precedingLaunch(*Profile, Entry, Facts);
  G.ColdLaunches =
      std::min(Launches, double(Entry.CounterLaunches.value_or(1)));
  Complete = Complete && G.Work.amount(Unit::Issue) &&
             G.Work.amount(Unit::FmaPipe) && G.Work.amount(Unit::Dram);
  Groups.push_back(std::move(G));

  // The evidence of latency: launch-weighted means.
  auto Mean = [&](std::optional<double> &Into, Counter C) {
    if (std::optional<double> V = Entry.counter(C))
      Into = (Into.value_or(0) * EvidenceLaunches + *V * Launches) /
             (EvidenceLaunches + Launches);
  };
  Mean(Evidence.AchievedOccupancyPct, Counter::AchievedOccupancyPct);
  Mean(Evidence.LongScoreboard, Counter::StallLongScoreboard);
  Mean(Evidence.ShortScoreboard, Counter::StallShortScoreboard);
  Mean(Evidence.Wait, Counter::StallWait);
  Mean(Evidence.Barrier, Counter::StallBarrier);
  Mean(Evidence.ThreadsPerInst, Counter::ThreadsPerInst);
  EvidenceLaunches += Launches;
}

KernelBounds kernelBounds(const BoundsInput &In, const UnitRates &R,
                          std::optional<double> MeasuredMs,
                          std::uint64_t Launches) {
  KernelBounds B;
  B.Prediction = predictHopper(In.groups(), R, MeasuredMs);
  for (const LaunchGroup &G : In.groups())
    for (std::size_t U = 0; U < NumUnits; ++U)
      B.Work[U] += G.Work.Amount[U].value_or(0);
  LatencyEvidence E = In.evidence();
  if (MeasuredMs && Launches)
    E.MeanLaunchMs = *MeasuredMs / double(Launches);
  B.Causes = latencyCauses(B.Prediction, E);
  B.WhatIfs = estimateWhatIfs(In.groups(), R);
  B.Groups = In.groups();
  return B;
}

BoundsProjection projectBounds(const KernelBounds &B, const std::string &Device,
                               const UnitRates &R) {
  BoundsProjection P;
  P.Device = Device;
  P.Prediction = predictHopper(B.Groups, R, std::nullopt);
  std::optional<double> Ratio = projectionRatio(B.Prediction, P.Prediction);
  P.ProjectedMs = B.Prediction.MeasuredMs && Ratio
                      ? *B.Prediction.MeasuredMs * *Ratio
                      : P.Prediction.predictedMs();
  // The regime there is judged as here: busy time against the sampled
  // launches' time where recorded, else the measured time, both carried
  // over by the ratio of the predicted times.
  KernelBounds Target;
  Target.Prediction = P.Prediction;
  if (B.Prediction.MeasuredMs && Ratio) {
    Target.Prediction.MeasuredMs = P.ProjectedMs;
    if (B.Prediction.SampledMs)
      Target.Prediction.SampledMs = *B.Prediction.SampledMs * *Ratio;
  }
  P.TargetRegime = Target.regime();
  return P;
}

} // namespace headroom
