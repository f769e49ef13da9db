//===- UnitWork.h - A kernel's work on each unit of the GPU -----*- C++ -*-===//
///
/// \file
/// What a kernel asks of each unit of the Hopper model, read from its
/// hardware counters (docs/model.md lists the counter of each unit): warp
/// instructions issued and executed by each pipe, busy cycles of the tensor
/// pipe, L1/shared wavefronts and bytes, L2 bytes and requests, DRAM bytes
/// read and written. A unit whose counter was not recorded has no amount and
/// bounds nothing (the prediction says which units were left out).
///
/// DRAM writes are capped by the bytes the kernel wrote to L2: the sampled
/// launch also pays the write-back of lines dirtied before it (the upload of
/// its inputs, the profiler's memory restore), which a kernel launched again
/// does not.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_UNITWORK_H
#define HEADROOM_MODEL_UNITWORK_H

#include "model/GpuUnits.h"
#include "schema/CounterCatalog.h"

#include <array>
#include <functional>
#include <optional>

namespace headroom {

/// Bytes of a sector, the unit DRAM and L2 counters count in.
inline constexpr double SectorBytes = 32;

/// L2 read sectors (`lts__t_sectors_op_read`) counted per sector an SM's
/// L1 misses on Hopper: a line homed in the other half of the L2 is counted
/// again when the fabric forwards it, and half the lines are. Every
/// streaming kernel of the recorded corpus shows 1.50 on the H100 and the
/// H200 (stream.copy.f32.n64M: 1.498 and 1.502).
inline constexpr double L2ReadsCountedPerL1Miss = 1.5;

/// L2 write sectors (`lts__t_sectors_op_write`) counted per sector an SM
/// stores on Hopper, for the same reason: the median of the recorded
/// corpus' 129 kernels that store more than 1M sectors is 1.500 on the H100
/// and the H200.
inline constexpr double L2WritesCountedPerSector = 1.5;

/// Work per unit, in the unit's own measure (warp instructions, scheduler
/// cycles of the tensor pipe, wavefronts, bytes, requests). A value type.
struct UnitWork {
  std::array<std::optional<double>, NumUnits> Amount{};
  /// The two parts of the DRAM amount (bytes), for the read/write mix.
  double DramReadBytes = 0, DramWriteBytes = 0;

  std::optional<double> amount(Unit U) const {
    return Amount[static_cast<std::size_t>(U)];
  }
  /// The counter each unit's amount comes from (DRAM: the read sectors).
  static Counter sourceOf(Unit U);
};

/// The total of a catalog counter over the modeled launches, or nullopt when
/// it was not recorded.
using CounterLookup = std::function<std::optional<double>(Counter)>;

/// The work of a kernel from the totals of its counters.
UnitWork unitWork(const CounterLookup &Total);

} // namespace headroom

#endif // HEADROOM_MODEL_UNITWORK_H
