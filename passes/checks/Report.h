//===- Report.h - An analysis with its diagnostics --------------*- C++ -*-===//
///
/// \file
/// What `headroom report`, `headroom lint` and the nvcc wrapper's build
/// diagnostics start from: a profile analyzed on a device
/// (analysis/Analysis.h) and judged by every check (Diagnose.h).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_CHECKS_REPORT_H
#define HEADROOM_CHECKS_REPORT_H

#include "analysis/Analysis.h"
#include "analysis/ReportInputs.h"

#include <memory>

namespace headroom {

/// \p P analyzed on \p Device, with its diagnostics.
std::unique_ptr<Analysis> report(ProfileDocument P, DeviceEntry Device,
                                 const AnalysisOptions &Options);

/// The inputs of \p R read (loadAnalysis), analyzed and diagnosed.
Expected<std::unique_ptr<Analysis>> loadReport(const ReportRequest &R,
                                               const DeviceRegistry &Registry);

} // namespace headroom

#endif // HEADROOM_CHECKS_REPORT_H
