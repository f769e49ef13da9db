//===- BoundChangesCheck.cpp - headroom-bound-changes ---------------------===//
///
/// \file
/// Projected onto a --target GPU, the kernel is limited by the other
/// resource than on the profiled GPU (its O_krn falls on the other side of
/// that GPU's O_dev).
///
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"

namespace headroom {

namespace {

constexpr CheckInfo Info{
    checks::BoundChanges, DiagnosticLevel::Note,
    "Projected onto a --target GPU, the kernel is limited by the other "
    "resource than on the profiled GPU.",
    "Optimize for the target's limit: memory traffic on a memory-bound "
    "target, instruction mix on a compute-bound one."};

class BoundChangesCheck : public ProjectionCheck {
public:
  BoundChangesCheck() : ProjectionCheck(Info) {}
  /// The regime (compute, memory or latency) differs from the one the same
  /// model gives on the profiled device.
  bool changes(const KernelFinding &,
               const TargetFinding &Target) const override {
    return Target.verdictChanges();
  }
};

} // namespace

const ProjectionCheck &checkBoundChanges() {
  static const BoundChangesCheck Instance;
  return Instance;
}

} // namespace headroom
