//===- PredictionText.h - The text view of predictions ----------*- C++ -*-===//
///
/// \file
/// The human-readable output of `headroom predict`: the kernels' parameters,
/// a summary of predicted times (kernels x devices, with the bound and the
/// total per device), then per device its parameters, weights and the full
/// breakdown of the model for each kernel. Numbers use the thesis' printed
/// precision (docs/cli.md).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_VIEWS_PREDICTIONTEXT_H
#define HEADROOM_VIEWS_PREDICTIONTEXT_H

#include "analysis/PredictionSet.h"

#include <ostream>
#include <string>
#include <vector>

namespace headroom {

/// Writes \p Set as text to \p OS.
void writePredictionsText(std::ostream &OS, const PredictionSet &Set);

/// The remarks under the predictions: kernels E_util does not correct,
/// measured times not used.
std::vector<std::string> predictionNotes(const PredictionSet &Set);

} // namespace headroom

#endif // HEADROOM_VIEWS_PREDICTIONTEXT_H
