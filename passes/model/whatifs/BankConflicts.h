//===- BankConflicts.h - Shared accesses without conflicts ------*- C++ -*-===//
///
/// \file
/// A shared-memory instruction whose threads hit the same bank at different
/// addresses is replayed, a wavefront per conflicting access: the bank
/// conflicts counters count the extra wavefronts. Padding the array (or
/// swizzling its index) removes them: each instruction's wavefronts fall to
/// what its width needs, the instructions stay (docs/advice.md, "Bank
/// conflicts").
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_WHATIFS_BANKCONFLICTS_H
#define HEADROOM_MODEL_WHATIFS_BANKCONFLICTS_H

#include "model/WhatIf.h"

namespace headroom {

/// Share of the L1 wavefronts that conflicts must add to be worth removing.
inline constexpr double ConflictShare = 0.05;

class BankConflicts final : public WhatIf {
public:
  static const WhatIfInfo Info;
  constexpr BankConflicts() : WhatIf(Info) {}
  std::optional<WhatIfChange> apply(std::span<const LaunchGroup> Groups,
                                    const HopperPrediction &Base,
                                    const UnitRates &R) const override;
};

} // namespace headroom

#endif // HEADROOM_MODEL_WHATIFS_BANKCONFLICTS_H
