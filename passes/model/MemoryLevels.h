//===- MemoryLevels.h - A kernel's bytes at each memory level ---*- C++ -*-===//
///
/// \file
/// The hierarchical view of the roofline (D'Ambrosio; Yang et al.): a
/// kernel's bytes move through DRAM, L2 and shared memory, each level has its
/// own bandwidth roof, and the kernel has an operational intensity at each
/// level (useful operations per byte there). This is where counters become
/// bytes (32 per DRAM or L2 sector, 128 per shared-memory wavefront) and a
/// device's calibration becomes roofs, so that views draw what the model
/// computed.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_MEMORYLEVELS_H
#define HEADROOM_MODEL_MEMORYLEVELS_H

#include "model/DeviceParameters.h"
#include "model/KernelCounters.h"
#include "model/Prediction.h"

#include <optional>
#include <vector>

namespace headroom {

enum class MemoryLevel { Dram, L2, Shared };

/// Bytes of one DRAM sector: M_tran_r and M_tran_w count sectors.
inline constexpr double BytesPerSector = 32;
/// Bytes of one 32-bit shared-memory access.
inline constexpr double BytesPerSharedAccess = 4;
/// Bytes a conflict-free shared-memory wavefront moves: 32 lanes of 4.
inline constexpr double BytesPerSharedWavefront = 32 * BytesPerSharedAccess;

/// W_traf (4.2): the DRAM bytes of \p C, read and written.
double dramBytes(const KernelCounters &C);

/// The bytes \p C moved through L2, when recorded.
std::optional<double> l2Bytes(const KernelCounters &C);

/// The shared-memory wavefronts of \p C (loads and stores; bank conflicts
/// count as extra wavefronts), when recorded and not zero.
std::optional<double> sharedWavefronts(const KernelCounters &C);

/// Useful operations per byte at each level, for a kernel whose summed
/// counters are \p C and whose prediction is \p P: O_krn at DRAM, W_comp
/// over the L2 and shared-memory bytes where recorded (and W_comp > 0).
struct LevelIntensities {
  double Dram = 0;
  std::optional<double> L2, Shared;
};
LevelIntensities levelIntensities(const KernelCounters &C, const Prediction &P);

/// The calibrated rates of a device beyond thesis table 4.3.
struct MemoryCeilings {
  /// L2 bandwidth, GB/s (measurement "l2_read").
  std::optional<double> L2GBps;
  /// 32-bit shared-memory accesses per second, G/s (measurement
  /// "shared_ldst32"; the T_ldst parameter when absent).
  std::optional<double> SharedGops;
};

/// The calibrated L2 and shared-memory rates of \p D, where present.
MemoryCeilings memoryCeilings(const DeviceParameters &D);

/// One bandwidth roof of the hierarchical roofline.
struct MemoryRoof {
  MemoryLevel Level = MemoryLevel::Dram;
  /// Bytes per second, in GB/s: the roof's slope.
  double GBps = 0;
};

/// The roofs of \p D: DRAM (B_mem), then L2 and shared memory (4 bytes per
/// access at the shared-memory rate) where calibrated.
std::vector<MemoryRoof> memoryRoofs(const DeviceParameters &D);

} // namespace headroom

#endif // HEADROOM_MODEL_MEMORYLEVELS_H
