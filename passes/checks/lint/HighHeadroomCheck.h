//===- HighHeadroomCheck.h - headroom-high-headroom -------------*- C++ -*-===//
///
/// \file
/// The lint gate's threshold check: a kernel whose headroom exceeds
/// --max-headroom, or whose attainable percentage is below
/// --min-attainable-pct, is a finding (level error).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_CHECKS_LINT_HIGHHEADROOMCHECK_H
#define HEADROOM_CHECKS_LINT_HIGHHEADROOMCHECK_H

#include "checks/Check.h"
#include "checks/LintOptions.h"

#include <optional>

namespace headroom {

class HighHeadroomCheck : public Check {
public:
  HighHeadroomCheck();
  /// The finding for modeled kernel \p K of \p A, when it fails a
  /// threshold of \p O.
  std::optional<Diagnostic> finding(const Analysis &A, const KernelReport &K,
                                    const LintOptions &O) const;
};

} // namespace headroom

#endif // HEADROOM_CHECKS_LINT_HIGHHEADROOMCHECK_H
