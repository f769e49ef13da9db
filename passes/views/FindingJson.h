//===- FindingJson.h - A kernel's finding as JSON ---------------*- C++ -*-===//
///
/// \file
/// The one JSON form of a kernel's finding (analysis/KernelFinding.h), which
/// the report's JSON gives each kernel and SARIF each kernel's result (its
/// `properties`): the regime, the times and headrooms, the roof, what sets
/// the prediction, and the typed evidence, so that scripts and agents read
/// numbers, not prose. docs/formats.md documents it.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_VIEWS_FINDINGJSON_H
#define HEADROOM_VIEWS_FINDINGJSON_H

#include "analysis/KernelFinding.h"

#include <nlohmann/json.hpp>

namespace headroom {

nlohmann::ordered_json findingToJson(const KernelFinding &F);

/// One what-if's estimate, as `finding.advice` lists it: its key, the
/// measure before and after, the predicted and changed times, the speedup.
nlohmann::ordered_json whatIfEstimateJson(const WhatIfEstimate &E);

} // namespace headroom

#endif // HEADROOM_VIEWS_FINDINGJSON_H
