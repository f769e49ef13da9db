//===- ReportDiagnostics.h - Diagnostics from a profile report --*- C++ -*-===//
///
/// \file
/// Turns an Analysis into diagnostics: first the problems of the inputs (an
/// empty profile, a device file for another GPU, sites that no longer match
/// the sources), then one warning per kernel at its definition, most GPU
/// time first: its bound and margin, attainable throughput, floor, measured
/// time and headroom; notes for the instruction mix that caps compute, the
/// per-component times and the next bottleneck, the qualifications of the
/// model that apply (each with its own check name), the projections onto
/// --target devices, and each launch site's share. The check names are
/// those of report/Checks.h, documented in docs/diagnostics.md.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_REPORT_REPORTDIAGNOSTICS_H
#define HEADROOM_REPORT_REPORTDIAGNOSTICS_H

#include "report/Diagnostic.h"

#include <vector>

namespace headroom {

struct Analysis;
struct KernelReport;

/// The thresholds of the model's qualifications (MODEL.md section 3).
namespace qualification {
inline constexpr std::uint64_t MinThreadsPerBlock = 64;
inline constexpr std::uint64_t MinBlocks = 90;
inline constexpr double ShortLaunchNs = 100e3;
inline constexpr double L2ToDramLimit = 2.0;
inline constexpr double DivergentThreadsPerInst = 28.0;
} // namespace qualification

/// Every diagnostic of \p A, in report order.
std::vector<Diagnostic> buildReportDiagnostics(const Analysis &A);

/// The check names of the qualifying notes that apply to \p K (in the order
/// the diagnostics list them): what the JSON, CSV and HTML views tag a
/// kernel with.
std::vector<std::string> qualifyingChecks(const KernelReport &K);

} // namespace headroom

#endif // HEADROOM_REPORT_REPORTDIAGNOSTICS_H
