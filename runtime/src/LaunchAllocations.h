//===- LaunchAllocations.h - Device allocations a launch reads --*- C++ -*-===//
///
/// \file
/// The device allocations a kernel launch's arguments point into, each as
/// the (start, size) of its whole allocation, as the driver reports it
/// (cuPointerGetAttributes in runtime/src/cupti/CudaDriver.cpp). Two
/// consecutive launches that share allocations are what a fused kernel
/// would keep on chip (docs/runtime.md, "Consecutive launches").
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_LAUNCHALLOCATIONS_H
#define HEADROOM_RUNTIME_LAUNCHALLOCATIONS_H

#include <cstdint>
#include <vector>

namespace headroom::rt {

/// One device (or managed) allocation.
struct AllocationRange {
  std::uint64_t Start = 0;
  std::uint64_t Size = 0;
  friend bool operator==(const AllocationRange &,
                         const AllocationRange &) = default;
};

/// The allocations of one launch, each once. A value type.
class LaunchAllocations {
public:
  /// Adds the allocation an argument points into; one already added (an
  /// allocation several arguments point into) is kept once. Empty ranges
  /// are ignored.
  void add(AllocationRange Range);

  /// The bytes of the allocations both \p A and \p B hold, each counted
  /// once.
  static std::uint64_t sharedBytes(const LaunchAllocations &A,
                                   const LaunchAllocations &B);

  /// Ascending by start.
  const std::vector<AllocationRange> &ranges() const { return Ranges; }
  bool empty() const { return Ranges.empty(); }

private:
  std::vector<AllocationRange> Ranges;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_LAUNCHALLOCATIONS_H
