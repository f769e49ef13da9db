//===- RegisterTiling.h - Shared loads reused from registers ----*- C++ -*-===//
///
/// \file
/// A kernel whose floor is the L1/shared-memory data path and whose
/// wavefronts are mostly shared-memory loads without many conflicts feeds
/// its FMAs from shared memory: a tiled GEMM that loads both operands of
/// every FMA. (Loads replayed by bank conflicts are another matter:
/// whatifs/BankConflicts.h.) Holding a
/// TileSide x TileSide block of results per thread in registers loads each
/// operand once for TileSide FMAs: shared-memory loads, their wavefronts
/// and their load/store-pipe instructions fall by TileSide; the FMAs stay
/// (docs/advice.md, "Register tiling").
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_WHATIFS_REGISTERTILING_H
#define HEADROOM_MODEL_WHATIFS_REGISTERTILING_H

#include "model/WhatIf.h"

namespace headroom {

/// The register tile's side: 4 x 4 results per thread.
inline constexpr double TileSide = 4;
/// Share of the L1 wavefronts that shared-memory loads must hold.
inline constexpr double SharedLoadShare = 0.5;
/// Wavefronts per shared-memory load instruction above which the loads'
/// replays, not their number, fill the data path (a 64-bit load takes 2).
inline constexpr double MaxWavefrontsPerLoad = 2;

class RegisterTiling final : public WhatIf {
public:
  static const WhatIfInfo Info;
  constexpr RegisterTiling() : WhatIf(Info) {}
  std::optional<WhatIfChange>
  apply(std::span<const LaunchGroup> Groups,
        const HopperPrediction &Base) const override;
};

} // namespace headroom

#endif // HEADROOM_MODEL_WHATIFS_REGISTERTILING_H
