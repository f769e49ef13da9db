//===- WhatIf.cpp - A kernel's work as an optimization would change it ----===//

#include "model/WhatIf.h"

#include "model/whatifs/BankConflicts.h"
#include "model/whatifs/RegisterTiling.h"
#include "model/whatifs/VectorAccess.h"

#include <algorithm>

namespace headroom {

std::span<const WhatIf *const> whatIfs() {
  static const RegisterTiling Tiling;
  static const BankConflicts Conflicts;
  static const VectorAccess Vectors;
  static const WhatIf *const All[] = {&Tiling, &Conflicts, &Vectors};
  return All;
}

const WhatIfInfo &whatIfInfo(WhatIfId Id) {
  for (const WhatIf *W : whatIfs())
    if (W->info().Id == Id)
      return W->info();
  return RegisterTiling::Info;
}

std::string_view whatIfMeasureKey(WhatIfMeasure M) {
  switch (M) {
  case WhatIfMeasure::WavefrontsPerFma:
    return "wavefronts_per_fma";
  case WhatIfMeasure::WavefrontsPerSharedInstruction:
    return "wavefronts_per_shared_instruction";
  case WhatIfMeasure::BytesPerThreadLoad:
    return "bytes_per_thread_load";
  }
  return "wavefronts_per_fma";
}

std::vector<WhatIfEstimate> estimateWhatIfs(std::span<const LaunchGroup> Groups,
                                            const UnitRates &R) {
  std::vector<WhatIfEstimate> Out;
  if (Groups.empty())
    return Out;
  // Both predictions without a measured time: the changed kernel has none.
  HopperPrediction Base = predictHopper(Groups, R, std::nullopt);
  double BaseMs = Base.predictedMs();
  if (BaseMs <= 0)
    return Out;
  for (const WhatIf *W : whatIfs()) {
    std::optional<WhatIfChange> Change = W->apply(Groups, Base);
    if (!Change)
      continue;
    WhatIfEstimate E;
    E.Id = W->info().Id;
    E.Measure = Change->Measure;
    E.Before = Change->Before;
    E.After = Change->After;
    E.PredictedMs = BaseMs;
    E.ChangedMs = predictHopper(Change->Groups, R, std::nullopt).predictedMs();
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

void setCounter(LaunchGroup &G, Counter C, double Value) {
  G.Counters[static_cast<std::size_t>(C)] = Value;
}

void setUnitWork(LaunchGroup &G, Unit U, double Amount) {
  G.Work.Amount[static_cast<std::size_t>(U)] = Amount;
  setCounter(G, UnitWork::sourceOf(U), Amount);
}

} // namespace headroom
