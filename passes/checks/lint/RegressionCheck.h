//===- RegressionCheck.h - headroom-regression ------------------*- C++ -*-===//
///
/// \file
/// The lint gate's baseline check: a kernel whose measured time per launch,
/// or predicted floor per launch, grew by more than the noise margin since
/// the baseline is a finding (level error).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_CHECKS_LINT_REGRESSIONCHECK_H
#define HEADROOM_CHECKS_LINT_REGRESSIONCHECK_H

#include "analysis/Baseline.h"
#include "checks/Check.h"

#include <optional>

namespace headroom {

class RegressionCheck : public Check {
public:
  RegressionCheck();
  /// The finding for kernel \p K, whose times are \p Now and were
  /// \p Before, when one grew beyond \p NoisePct percent.
  std::optional<Diagnostic> finding(const KernelReport &K,
                                    const BaselineKernel &Before,
                                    const BaselineKernel &Now,
                                    double NoisePct) const;
};

} // namespace headroom

#endif // HEADROOM_CHECKS_LINT_REGRESSIONCHECK_H
