//===- ReportCsv.h - The report as a spreadsheet table ----------*- C++ -*-===//
///
/// \file
/// The table of the thesis author's toolkit: one row per kernel per GPU,
/// the profiled device first and then each --target, with the bound, the
/// predicted floor and (on the profiled device) the measured time and
/// headroom, (on targets) the E_util-corrected time. Kernels without a
/// model get one row with their measured time and empty model cells. Values
/// have 12 significant digits; an infinite O_krn or margin is "inf".
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_VIEWS_REPORTCSV_H
#define HEADROOM_VIEWS_REPORTCSV_H

#include "analysis/Analysis.h"

#include <ostream>

namespace headroom {

void writeReportCsv(std::ostream &OS, const Analysis &A);

} // namespace headroom

#endif // HEADROOM_VIEWS_REPORTCSV_H
