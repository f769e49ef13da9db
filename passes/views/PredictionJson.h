//===- PredictionJson.h - headroom.predictions/1 ----------------*- C++ -*-===//
///
/// \file
/// The machine-readable output of `headroom predict --format json`, schema
/// `headroom.predictions/1` (docs/formats.md). Fractions (E_mix, E_instr,
/// densities, error) are written as fractions, not percentages. JSON has no
/// infinity: an infinite O_krn (no DRAM traffic) is written as null with an
/// "O_krn_note" saying why, and so is the margin.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_VIEWS_PREDICTIONJSON_H
#define HEADROOM_VIEWS_PREDICTIONJSON_H

#include "analysis/PredictionSet.h"
#include "schema/SchemaTags.h"

#include <nlohmann/json.hpp>

namespace headroom {

/// One prediction as a JSON object (the elements of "predictions").
nlohmann::ordered_json predictionToJson(const Prediction &P);

/// The whole set as a `headroom.predictions/1` document.
nlohmann::ordered_json predictionsToJson(const PredictionSet &Set);

} // namespace headroom

#endif // HEADROOM_VIEWS_PREDICTIONJSON_H
