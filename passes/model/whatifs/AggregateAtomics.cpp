//===- AggregateAtomics.cpp - One atomic per warp, not per thread ---------===//

#include "model/whatifs/AggregateAtomics.h"

namespace headroom {

const WhatIfInfo AggregateAtomics::Info = {WhatIfId::AggregateAtomics,
                                           "warp-aggregated-atomics",
                                           "Warp-aggregated atomics"};

std::optional<WhatIfChange>
AggregateAtomics::apply(std::span<const LaunchGroup> Groups,
                        const HopperPrediction &, const UnitRates &) const {
  WhatIfChange C;
  C.Measure = WhatIfMeasure::AtomicsPerWarpInstruction;
  double Inputs = 0, Instructions = 0;
  for (const LaunchGroup &G : Groups) {
    LaunchGroup Changed = G;
    // The busiest slice's inputs per atomic instruction: the threads of a
    // warp that send it an atomic each.
    double Work = G.Work.amount(Unit::L2Atomics).value_or(0);
    double Sent = recorded(G, Counter::GlobalReductionInst) +
                  recorded(G, Counter::AtomicInst);
    if (Work > 0 && Sent > 0 && Work >= AggregatedLanes * Sent) {
      setUnitWork(Changed, Unit::L2Atomics, Sent);
      Inputs += Work;
      Instructions += Sent;
    }
    C.Groups.push_back(std::move(Changed));
  }
  if (Instructions <= 0)
    return std::nullopt;
  C.Before = Inputs / Instructions;
  C.After = 1;
  return C;
}

} // namespace headroom
