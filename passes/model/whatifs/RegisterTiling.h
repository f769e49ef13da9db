//===- RegisterTiling.h - Shared loads reused from registers ----*- C++ -*-===//
///
/// \file
/// A kernel whose floor is the L1/shared-memory data path and whose
/// wavefronts are mostly shared-memory loads without many conflicts feeds
/// its FMAs from shared memory: a tiled GEMM that loads both operands of
/// every FMA. (Loads replayed by bank conflicts are another matter:
/// whatifs/BankConflicts.h.) Holding a
/// TileSide x TileSide block of results per thread in registers loads each
/// operand once for TileSide FMAs, and the block's tile, TileSide times
/// larger each way, reuses what it stages as many times more: per FMA, the
/// shared loads, the shared stores and global loads that stage the tile,
/// their wavefronts, load/store-pipe instructions and L2 reads all fall by
/// TileSide; the FMAs stay, done by TileSide^2 times fewer threads, which a
/// small problem feels as fewer blocks (docs/advice.md, "Register tiling").
/// A GEMM without a shared tile feeds its FMAs with global loads that L1
/// serves TileSide times or more for each sector it misses on (the L2's
/// read sectors, less the fabric's second count: L2ReadsCountedPerL1Miss): the
/// same change cuts them, their data-path bytes, and the address
/// arithmetic that goes with each load.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_WHATIFS_REGISTERTILING_H
#define HEADROOM_MODEL_WHATIFS_REGISTERTILING_H

#include "model/WhatIf.h"

namespace headroom {

/// The register tile's side: 8 x 8 results per thread, as tuned SGEMMs hold
/// (a 128 x 128 tile per block of 256 threads).
inline constexpr double TileSide = 8;
/// Threads per block of the tiled kernel, at most.
inline constexpr std::uint64_t TiledBlockThreads = 256;
/// Share of the L1 wavefronts that shared-memory loads must hold.
inline constexpr double SharedLoadShare = 0.5;
/// Wavefronts per shared-memory load instruction above which the loads'
/// replays, not their number, fill the data path (a 64-bit load takes 2).
inline constexpr double MaxWavefrontsPerLoad = 2;

class RegisterTiling final : public WhatIf {
public:
  static const WhatIfInfo Info;
  constexpr RegisterTiling() : WhatIf(Info) {}
  std::optional<WhatIfChange> apply(std::span<const LaunchGroup> Groups,
                                    const HopperPrediction &Base,
                                    const UnitRates &R) const override;
};

} // namespace headroom

#endif // HEADROOM_MODEL_WHATIFS_REGISTERTILING_H
