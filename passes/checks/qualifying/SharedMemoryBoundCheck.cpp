//===- SharedMemoryBoundCheck.cpp - headroom-shared-memory-bound ----------===//
///
/// \file
/// Shared memory that caps the kernel: its wavefronts need more time at the
/// calibrated shared-memory rate than the model's floor.
///
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"
#include "checks/Message.h"

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
    // A finding whose floors bound the shared-memory data path itself
    // says so there.
    const std::optional<KernelFinding> &F = K.Finding;
    if (!F || F->unit(Unit::L1Wavefronts))
      return false;
    std::optional<double> Ms = F->Components.timeOf(Component::SharedMemory);
    return Ms && *Ms > F->FloorMs;
  }
  std::string message(const KernelReport &K) const override {
    const KernelFinding &F = *K.Finding;
    return headroom::message(
        Msg::QualSharedBound,
        {Arg::time(*F.Components.timeOf(Component::SharedMemory)),
         Arg::time(F.FloorMs)});
  }
};

} // namespace

const QualifyingCheck &checkSharedMemoryBound() {
  static const SharedMemoryBoundCheck Instance;
  return Instance;
}

} // namespace headroom
