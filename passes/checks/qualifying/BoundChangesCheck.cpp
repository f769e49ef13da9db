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
  bool changes(const KernelReport &K, const Prediction &Target) const override {
    return K.Model && Target.Limit != K.Model->Limit;
  }
  /// The Hopper model's regime (compute, memory or latency) differs.
  bool changes(const KernelReport &K,
               const BoundsProjection &Target) const override {
    return K.Bounds && Target.TargetRegime != K.Bounds->regime();
  }
};

} // namespace

const ProjectionCheck &checkBoundChanges() {
  static const BoundChangesCheck Instance;
  return Instance;
}

} // namespace headroom
