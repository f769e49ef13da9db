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
    return K.Finding && K.Finding->Verdict == Regime::Compute;
  }
  Diagnostic warning(const KernelReport &K, const Analysis &) const override {
    return findingWarning(K, name());
  }
};

} // namespace

const KernelWarningCheck &checkComputeBound() {
  static const ComputeBoundCheck Instance;
  return Instance;
}

} // namespace headroom
