//===- BaselineMismatchCheck.h - headroom-baseline-mismatch -----*- C++ -*-===//
///
/// \file
/// The lint gate's note about kernels that the profile and the baseline do
/// not share: new or renamed ones, and removed or not run ones.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_CHECKS_LINT_BASELINEMISMATCHCHECK_H
#define HEADROOM_CHECKS_LINT_BASELINEMISMATCHCHECK_H

#include "analysis/Baseline.h"
#include "checks/Check.h"

namespace headroom {

class BaselineMismatchCheck : public Check {
public:
  BaselineMismatchCheck();
  /// Kernel \p K (baseline key \p Key) is not in baseline \p B.
  Diagnostic notInBaseline(const KernelReport &K, const std::string &Key,
                           const Baseline &B) const;
  /// Baseline kernel \p B is not in the profile.
  Diagnostic notInProfile(const BaselineKernel &B) const;
};

} // namespace headroom

#endif // HEADROOM_CHECKS_LINT_BASELINEMISMATCHCHECK_H
