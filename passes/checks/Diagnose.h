//===- Diagnose.h - The diagnostics of an analysis --------------*- C++ -*-===//
///
/// \file
/// Turns an Analysis into diagnostics: first the problems of the inputs (the
/// profile checks: an empty profile, a device file for another GPU, sites
/// that no longer match the sources), then one warning per kernel at its
/// definition, most GPU time first: the kernel-warning check that applies
/// (its regime and how far it runs from its roof, or why its bound is
/// unknown) with the evidence of its finding, then notes of the qualifying
/// checks that apply, the projections onto --target devices, each launch
/// site's share, and last what to try, with the link to its check's
/// section. Grouping by call, the kernels a library call ran make one
/// warning at the call's line instead, in the same order: what the call
/// ran and its main kernel's claim, that kernel's notes, and each other
/// kernel's claim as a note of its own check. The kernels launched outside
/// instrumented code come last, after a note that heads them. The check
/// names are those of Checks.def, documented in docs/diagnostics.md.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_CHECKS_DIAGNOSE_H
#define HEADROOM_CHECKS_DIAGNOSE_H

#include "analysis/Analysis.h"
#include "analysis/Diagnostic.h"

#include <string>
#include <vector>

namespace headroom {

/// Every diagnostic of \p A, in report order.
std::vector<Diagnostic> buildReportDiagnostics(const Analysis &A);

/// Sets \p A's diagnostics.
void diagnose(Analysis &A);

/// The check names of the qualifying notes that apply to \p K (in the order
/// the diagnostics list them): what the JSON, CSV and HTML views tag a
/// kernel with.
std::vector<std::string> qualifyingChecks(const KernelReport &K);

} // namespace headroom

#endif // HEADROOM_CHECKS_DIAGNOSE_H
