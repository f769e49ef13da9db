//===- WhatIf.cpp - A kernel's work as an optimization would change it ----===//

#include "model/WhatIf.h"

#include "model/UnitWork.h"

#include "model/whatifs/AggregateAtomics.h"
#include "model/whatifs/BankConflicts.h"
#include "model/whatifs/Coalesce.h"
#include "model/whatifs/FillGpu.h"
#include "model/whatifs/Fp32Math.h"
#include "model/whatifs/FuseKernels.h"
#include "model/whatifs/LoadsInFlight.h"
#include "model/whatifs/Occupancy.h"
#include "model/whatifs/RegisterTiling.h"
#include "model/whatifs/VectorAccess.h"

#include <algorithm>

namespace headroom {

std::span<const WhatIf *const> whatIfs() {
  static const RegisterTiling Tiling;
  static const BankConflicts Conflicts;
  static const VectorAccess Vectors;
  static const Coalesce Coalescing;
  static const FillGpu Fill;
  static const Occupancy MoreWarps;
  static const LoadsInFlight InFlight;
  static const AggregateAtomics Aggregated;
  static const Fp32Math Fp32;
  static const FuseKernels Fused;
  static const WhatIf *const All[] = {
      &Tiling,    &Conflicts, &Vectors,    &Coalescing, &Fill,
      &MoreWarps, &InFlight,  &Aggregated, &Fp32,       &Fused};
  return All;
}

const WhatIfInfo &whatIfInfo(WhatIfId Id) {
  for (const WhatIf *W : whatIfs())
    if (W->info().Id == Id)
      return W->info();
  return RegisterTiling::Info;
}

std::optional<WhatIfId> whatIfByKey(std::string_view Key) {
  for (const WhatIf *W : whatIfs())
    if (W->info().Key == Key)
      return W->info().Id;
  return std::nullopt;
}

std::string_view whatIfMeasureKey(WhatIfMeasure M) {
  switch (M) {
  case WhatIfMeasure::WavefrontsPerFma:
    return "wavefronts_per_fma";
  case WhatIfMeasure::WavefrontsPerSharedInstruction:
    return "wavefronts_per_shared_instruction";
  case WhatIfMeasure::BytesPerThreadLoad:
    return "bytes_per_thread_load";
  case WhatIfMeasure::SectorsPerGlobalAccess:
    return "sectors_per_global_access";
  case WhatIfMeasure::Blocks:
    return "blocks";
  case WhatIfMeasure::WarpsPerScheduler:
    return "warps_per_scheduler";
  case WhatIfMeasure::LoadsInFlight:
    return "loads_in_flight";
  case WhatIfMeasure::AtomicsPerWarpInstruction:
    return "atomics_per_warp_instruction";
  case WhatIfMeasure::Fp64IssueShare:
    return "fp64_issue_share";
  case WhatIfMeasure::LoadBytesPerLaunch:
    return "load_bytes_per_launch";
  }
  return "wavefronts_per_fma";
}

std::vector<WhatIfEstimate> estimateWhatIfs(std::span<const LaunchGroup> Groups,
                                            const UnitRates &R) {
  std::vector<WhatIfEstimate> Out;
  if (Groups.empty())
    return Out;
  // Both predictions without a measured time: the changed kernel has none.
  // Neither is shorter than its launches take back to back: a change that
  // leaves a launch microseconds of work gains no more than that.
  double Launches = 0;
  for (const LaunchGroup &G : Groups)
    Launches += G.Launches;
  double LeastMs =
      R.LaunchIntervalSeconds ? Launches * *R.LaunchIntervalSeconds * 1e3 : 0;
  HopperPrediction Base = predictHopper(Groups, R, std::nullopt);
  double BaseMs = std::max(Base.predictedMs(), LeastMs);
  if (BaseMs <= 0)
    return Out;
  for (const WhatIf *W : whatIfs()) {
    std::optional<WhatIfChange> Change = W->apply(Groups, Base, R);
    if (!Change)
      continue;
    WhatIfEstimate E;
    E.Id = W->info().Id;
    E.Measure = Change->Measure;
    E.Before = Change->Before;
    E.After = Change->After;
    E.OtherKernel = Change->OtherKernel;
    E.PredictedMs = BaseMs;
    double ChangedMs =
        predictHopper(Change->Groups, R, std::nullopt).predictedMs();
    if (!Change->Absorbed.empty())
      ChangedMs -=
          predictHopper(Change->Absorbed, R, std::nullopt).predictedMs();
    E.ChangedMs = std::max(ChangedMs, LeastMs);
    if (E.ChangedMs > 0 && E.speedup() >= MinWhatIfSpeedup)
      Out.push_back(E);
  }
  std::stable_sort(Out.begin(), Out.end(),
                   [](const WhatIfEstimate &A, const WhatIfEstimate &B) {
                     return A.speedup() > B.speedup();
                   });
  return Out;
}

double recorded(const LaunchGroup &G, Counter C) {
  return G.total(C).value_or(0);
}

double threadsPerInstruction(const LaunchGroup &G) {
  return G.total(Counter::ThreadsPerInst).value_or(WarpSize);
}

std::optional<double> loadBytesPerThread(const LaunchGroup &G) {
  double Inst = recorded(G, Counter::GlobalLoadInst);
  double Sectors = recorded(G, Counter::L1GlobalLoadSectors);
  double Threads = threadsPerInstruction(G);
  if (Inst <= 0 || Sectors <= 0 || Threads <= 0)
    return std::nullopt;
  return Sectors * SectorBytes / (Inst * Threads);
}

void setCounter(LaunchGroup &G, Counter C, double Value) {
  G.Counters[static_cast<std::size_t>(C)] = Value;
}

void setDramBytes(LaunchGroup &G, double Read, double Write) {
  UnitWork &W = G.Work;
  W.DramReadBytes = Read;
  W.DramWriteBytes = Write;
  if (!W.amount(Unit::Dram))
    return;
  W.Amount[static_cast<std::size_t>(Unit::Dram)] = Read + Write;
  setCounter(G, Counter::TranRead, Read / SectorBytes);
  setCounter(G, Counter::TranWrite, Write / SectorBytes);
}

void setUnitWork(LaunchGroup &G, Unit U, double Amount) {
  G.Work.Amount[static_cast<std::size_t>(U)] = Amount;
  setCounter(G, UnitWork::sourceOf(U), Amount);
}

} // namespace headroom
