//===- ResourceUsage.h - Registers, shared memory, occupancy ----*- C++ -*-===//
///
/// \file
/// What `cuobjdump -res-usage` says of each kernel (registers per thread,
/// shared memory per block, local memory and stack per thread), and the
/// occupancy those limits allow on sm_90: warps per SM by registers, blocks
/// per SM by shared memory (the CUDA occupancy rules: registers allocated
/// per warp in units of 256, 64 warps and 32 blocks per SM, 228 KB of shared
/// memory per SM with 1 KB reserved per block).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SASS_RESOURCEUSAGE_H
#define HEADROOM_SASS_RESOURCEUSAGE_H

#include "support/Error.h"

#include <map>
#include <optional>
#include <string>

namespace headroom::sass {

struct KernelResources {
  unsigned Registers = 0;
  unsigned SharedBytes = 0;
  unsigned LocalBytes = 0;
  unsigned StackBytes = 0;
};

/// Each function's resources in \p Text (the output of `cuobjdump
/// -res-usage`), by (mangled) name; \p Source names the text in errors.
Expected<std::map<std::string, KernelResources>>
parseResourceUsage(const std::string &Text, const std::string &Source);

/// The occupancy limits of sm_90.
struct OccupancyLimit {
  /// Warps per SM the registers allow (at most 64).
  unsigned WarpsByRegisters = 64;
  /// Blocks per SM the shared memory allows (at most 32); nothing without
  /// static shared memory.
  std::optional<unsigned> BlocksBySharedMemory;
  static constexpr unsigned MaxWarps = 64;
};

/// The limits \p R puts on occupancy on \p Arch; nothing for an
/// architecture whose limits are not known here.
std::optional<OccupancyLimit> occupancyLimit(const KernelResources &R,
                                             const std::string &Arch);

} // namespace headroom::sass

#endif // HEADROOM_SASS_RESOURCEUSAGE_H
