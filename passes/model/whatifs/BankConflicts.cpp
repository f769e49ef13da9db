//===- BankConflicts.cpp - Shared-memory accesses without conflicts -------===//

#include "model/whatifs/BankConflicts.h"

namespace headroom {

const WhatIfInfo BankConflicts::Info = {WhatIfId::BankConflicts,
                                        "bank-conflicts", "Bank conflicts"};

namespace {

/// The extra wavefronts of one direction: the conflicts counted, at most
/// the wavefronts beyond one per instruction.
double extraWavefronts(const LaunchGroup &G, Counter Conflicts,
                       Counter Wavefronts, Counter Instructions) {
  double Beyond = recorded(G, Wavefronts) - recorded(G, Instructions);
  return std::max(0.0, std::min(recorded(G, Conflicts), Beyond));
}

} // namespace

std::optional<WhatIfChange>
BankConflicts::apply(std::span<const LaunchGroup> Groups,
                     const HopperPrediction &, const UnitRates &) const {
  WhatIfChange C;
  C.Measure = WhatIfMeasure::WavefrontsPerSharedInstruction;
  double L1 = 0, Extra = 0, Shared = 0, Instructions = 0;
  for (const LaunchGroup &G : Groups) {
    LaunchGroup Changed = G;
    double Loads =
        extraWavefronts(G, Counter::SharedLoadBankConflicts,
                        Counter::SharedLoadWavefronts, Counter::SharedLoadInst);
    double Stores = extraWavefronts(G, Counter::SharedStoreBankConflicts,
                                    Counter::SharedStoreWavefronts,
                                    Counter::SharedStoreInst);
    double W = G.Work.amount(Unit::L1Wavefronts).value_or(0);
    L1 += W;
    Extra += Loads + Stores;
    Shared += recorded(G, Counter::SharedLoadWavefronts) +
              recorded(G, Counter::SharedStoreWavefronts);
    Instructions += recorded(G, Counter::SharedLoadInst) +
                    recorded(G, Counter::SharedStoreInst);
    setUnitWork(Changed, Unit::L1Wavefronts, std::max(0.0, W - Loads - Stores));
    setCounter(Changed, Counter::SharedLoadWavefronts,
               recorded(G, Counter::SharedLoadWavefronts) - Loads);
    setCounter(Changed, Counter::SharedStoreWavefronts,
               recorded(G, Counter::SharedStoreWavefronts) - Stores);
    C.Groups.push_back(std::move(Changed));
  }
  if (Instructions <= 0 || L1 <= 0 || Extra < ConflictShare * L1)
    return std::nullopt;
  C.Before = Shared / Instructions;
  C.After = (Shared - Extra) / Instructions;
  return C;
}

} // namespace headroom
