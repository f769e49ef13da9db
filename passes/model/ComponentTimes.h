//===- ComponentTimes.h - Per-component times of a kernel -------*- C++ -*-===//
///
/// \file
/// Zhang & Owens' view of a kernel (2011, "A quantitative performance
/// analysis model for GPU architectures"): each component of the GPU needs
/// its own time for the kernel's work, the kernel cannot run faster than the
/// slowest of them (the bottleneck), and removing the bottleneck exposes the
/// next one. Four components, each from the kernel's counters and one
/// calibrated rate of the device:
///
/// - instruction issue: every thread instruction at its thesis cost, in
///   FP32-FMA issue slots, at the FMA instruction rate T_SP / 2. This is the
///   thesis' compute time W_comp / T'_op (4.17);
/// - shared memory: shared-memory wavefronts (one per conflict-free warp
///   access) at the calibrated 32-bit access rate `shared_ldst32` / 32;
/// - L2: L2 bytes at the calibrated L2 bandwidth `l2_read`;
/// - DRAM: W_traf at B_mem, the thesis' memory time.
///
/// The thesis' floor is the larger of the issue and DRAM times; the shared
/// and L2 times exist only where the profile recorded the counters and the
/// device file the rates (docs/formats.md, `measurements`).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_COMPONENTTIMES_H
#define HEADROOM_MODEL_COMPONENTTIMES_H

#include "model/DeviceParameters.h"
#include "model/KernelCounters.h"
#include "model/MemoryLevels.h"
#include "model/Prediction.h"

#include <optional>
#include <vector>

namespace headroom {

enum class Component { Issue, SharedMemory, L2, Dram };

/// "issue", "shared", "l2", "dram": the JSON and CSV spelling.
const char *componentKey(Component C);

/// One component's time for all modeled launches.
struct ComponentTime {
  Component Which = Component::Issue;
  double Ms = 0;
};

/// The components of one kernel on one device, slowest first.
struct ComponentTimes {
  std::vector<ComponentTime> Times;

  /// The slowest component, if any time is known.
  const ComponentTime *bottleneck() const {
    return Times.empty() ? nullptr : &Times[0];
  }
  /// The component that would limit the kernel without the bottleneck.
  const ComponentTime *next() const {
    return Times.size() < 2 ? nullptr : &Times[1];
  }
  std::optional<double> timeOf(Component C) const;
};

/// The component times of the kernel whose summed counters are \p Sum and
/// whose prediction on \p D is \p P.
ComponentTimes computeComponentTimes(const KernelCounters &Sum,
                                     const Prediction &P,
                                     const DeviceParameters &D);

} // namespace headroom

#endif // HEADROOM_MODEL_COMPONENTTIMES_H
