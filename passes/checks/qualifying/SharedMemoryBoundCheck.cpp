//===- SharedMemoryBoundCheck.cpp - headroom-shared-memory-bound ----------===//
///
/// \file
/// Shared memory that caps the kernel: its wavefronts need more time at the
/// calibrated shared-memory rate than the model's floor.
///
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"

#include "support/Format.h"

namespace headroom {

namespace {

constexpr CheckInfo Info{
    checks::SharedMemoryBound, DiagnosticLevel::Note,
    "Shared-memory wavefronts take longer at the calibrated shared-memory "
    "rate than the model's floor: shared memory caps the kernel.",
    "Load wider from shared memory (64/128-bit), avoid bank conflicts "
    "(padding, swizzling), keep reused values in registers."};

class SharedMemoryBoundCheck : public QualifyingCheck {
public:
  SharedMemoryBoundCheck() : QualifyingCheck(Info) {}
  bool applies(const KernelReport &K) const override {
    // The Hopper model bounds the shared-memory data path itself.
    return K.Model && !K.Bounds && K.exceedsFloor(Component::SharedMemory);
  }
  std::string message(const KernelReport &K) const override {
    return "shared memory caps the kernel: its shared-memory wavefronts "
           "need " +
           formatMs(*K.Components.timeOf(Component::SharedMemory)) +
           " ms at the calibrated shared-memory rate, more than the "
           "model's floor (" +
           formatMs(K.Model->PredictedMs) + " ms)";
  }
};

} // namespace

const QualifyingCheck &checkSharedMemoryBound() {
  static const SharedMemoryBoundCheck Instance;
  return Instance;
}

} // namespace headroom
