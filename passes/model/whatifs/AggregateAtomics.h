//===- AggregateAtomics.h - One atomic per warp, not per thread -*- C++ -*-===//
///
/// \file
/// Atomics of a grid's threads on one word all go to one L2 slice, whose
/// atomic unit takes them one after another (model/refinements/
/// AtomicsOnOneWord.h). Combined in the warp first (a shuffle reduction,
/// or __reduce_add_sync, and one lane's atomic), each warp instruction
/// sends one atomic instead of one per thread: the busiest slice's inputs
/// (`lts__d_atomic_input_cycles_active.max`) fall to one per atomic
/// instruction (docs/advice.md, "Warp-aggregated atomics").
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_WHATIFS_AGGREGATEATOMICS_H
#define HEADROOM_MODEL_WHATIFS_AGGREGATEATOMICS_H

#include "model/WhatIf.h"

namespace headroom {

/// Inputs of the busiest L2 slice per atomic instruction from which
/// aggregating is advised.
inline constexpr double AggregatedLanes = 2;

class AggregateAtomics final : public WhatIf {
public:
  static const WhatIfInfo Info;
  constexpr AggregateAtomics() : WhatIf(Info) {}
  std::optional<WhatIfChange> apply(std::span<const LaunchGroup> Groups,
                                    const HopperPrediction &Base,
                                    const UnitRates &R) const override;
};

} // namespace headroom

#endif // HEADROOM_MODEL_WHATIFS_AGGREGATEATOMICS_H
