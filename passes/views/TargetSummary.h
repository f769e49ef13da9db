//===- TargetSummary.h - Every kernel on every --target ---------*- C++ -*-===//
///
/// \file
/// With several --target devices the text report's per-kernel "on X:" notes
/// run long; this summary, printed after the diagnostics, puts each kernel's
/// projections side by side: one line per target, in the finding's order
/// (fastest first, grouped by generation: orderTargets), with its
/// generation, the model that projects it, the bound there, the projected
/// time and its ratio to the profiled GPU's, then the fastest target and
/// the targets where the bound changes.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_VIEWS_TARGETSUMMARY_H
#define HEADROOM_VIEWS_TARGETSUMMARY_H

#include "analysis/Analysis.h"

#include <ostream>

namespace headroom {

/// Whether the text report prints the summary: two or more targets.
bool wantsTargetSummary(const Analysis &A);

/// Writes the summary of every kernel that has a projection.
void writeTargetSummary(std::ostream &OS, const Analysis &A);

} // namespace headroom

#endif // HEADROOM_VIEWS_TARGETSUMMARY_H
