//===- ComputeBoundCheck.cpp - headroom-compute-bound ---------------------===//
///
/// \file
/// The warning of a kernel that compute limits: under the Hopper model, its
/// busiest unit is an execution pipe or instruction issue; under the thesis
/// model, O_krn exceeds O_dev and its compute ceiling T'_op is the peak
/// reduced by its instruction mix.
///
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"
#include "checks/kernel/KernelWarnings.h"

namespace headroom {

namespace {

constexpr CheckInfo Info{
    checks::ComputeBound, DiagnosticLevel::Warning,
    "The kernel is limited by compute: its busiest unit is an execution "
    "pipe or instruction issue (Hopper model), or O_krn exceeds O_dev and "
    "its compute ceiling T'_op is the peak reduced by its instruction mix "
    "(thesis model).",
    "Issue fewer non-arithmetic instructions (index arithmetic, bounds "
    "checks, conversions: unroll and hoist), load wider, and turn separate "
    "multiplies and adds into FMAs."};

class ComputeBoundCheck : public KernelWarningCheck {
public:
  ComputeBoundCheck() : KernelWarningCheck(Info) {}
  bool applies(const KernelReport &K) const override {
    if (K.Bounds)
      return K.Bounds->regime() == Regime::Compute;
    return K.Model && K.Model->Limit == Bound::Compute;
  }
  Diagnostic warning(const KernelReport &K, const Analysis &A) const override {
    return K.Bounds ? unitBoundWarning(K, A, name())
                    : boundWarning(K, A, name());
  }
};

} // namespace

const KernelWarningCheck &checkComputeBound() {
  static const ComputeBoundCheck Instance;
  return Instance;
}

} // namespace headroom
