//===- PredictionCsv.h - Predictions for spreadsheets -----------*- C++ -*-===//
///
/// \file
/// `headroom predict --format csv`: a header row, then one row per kernel
/// per device (device-major), RFC 4180 quoting. Numbers are written with 12
/// significant digits; fractions as fractions; an infinite O_krn or margin
/// as "inf"; unknown values (no measured time) as empty cells.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_VIEWS_PREDICTIONCSV_H
#define HEADROOM_VIEWS_PREDICTIONCSV_H

#include "analysis/PredictionSet.h"

#include <ostream>

namespace headroom {

/// Writes \p Set as CSV to \p OS.
void writePredictionsCsv(std::ostream &OS, const PredictionSet &Set);

} // namespace headroom

#endif // HEADROOM_VIEWS_PREDICTIONCSV_H
