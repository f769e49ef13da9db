//===- ReportDiagnostics.h - Diagnostics from a profile report --*- C++ -*-===//
///
/// \file
/// Turns the model's view of a profile into diagnostics: one warning per
/// kernel at its definition, most GPU time first, with notes for the
/// instruction mix that caps it, the qualifications of the model that apply,
/// and each launch site's share. The check names are documented in
/// docs/diagnostics.md.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_REPORT_REPORTDIAGNOSTICS_H
#define HEADROOM_REPORT_REPORTDIAGNOSTICS_H

#include "report/Diagnostic.h"
#include "report/KernelReport.h"

#include <vector>

namespace headroom {

/// Diagnostics for every kernel of \p R, in the order of R.Kernels.
/// \p CollectionWarnings are the profile's own warnings (why counters are
/// missing), quoted in the notes of kernels without counters.
std::vector<Diagnostic>
buildReportDiagnostics(const ProfileReport &R,
                       const std::vector<std::string> &CollectionWarnings);

} // namespace headroom

#endif // HEADROOM_REPORT_REPORTDIAGNOSTICS_H
