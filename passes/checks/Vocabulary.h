//===- Vocabulary.h - The words for what the model names --------*- C++ -*-===//
///
/// \file
/// The model names what it computes by enums and keys; messages need
/// words. This is the one place where a unit, an estimate or a stage of the
/// Hopper model, or an optimization of its what-ifs, gets its name in
/// English, for the checks' messages and the views' tables.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_CHECKS_VOCABULARY_H
#define HEADROOM_CHECKS_VOCABULARY_H

#include "analysis/KernelFinding.h"
#include "model/ComponentTimes.h"
#include "model/Estimates.h"
#include "model/GpuUnits.h"
#include "model/refinements/PartialOverlap.h"

#include <string>
#include <string_view>

namespace headroom {

/// "FMA pipe", "L1/shared-memory data path", "DRAM bandwidth", ...
std::string_view unitName(Unit U);

/// "DRAM latency over the bytes in flight", ...
std::string_view estimateName(Estimate E);

/// "compute", "L1", "L2", "DRAM".
std::string_view stageName(Stage S);

/// "instruction issue", "shared memory", "L2", "DRAM".
std::string_view componentName(Component C);

/// "DRAM roof", "FP32 roof", "mix-adjusted FP32 roof", ...
std::string roofName(const Roof &R);

/// "the Hopper model", "the thesis model", "the fitted model".
std::string_view modelName(ModelKind M);

/// The unit or estimate that sets a prediction, with its article: "the
/// FMA pipe", "the DRAM latency over the bytes in flight", "the fitted
/// model"; for the thesis' roof, "the roof".
std::string predictedByName(const PredictedBy &B);

/// The optimization a what-if stands for: "register tiling",
/// "conflict-free shared memory", "vector access".
std::string_view whatIfName(WhatIfId Id);

/// What a what-if's measure counts: "L1/shared-memory wavefronts per FMA",
/// ...
std::string_view whatIfMeasureName(WhatIfMeasure M);

} // namespace headroom

#endif // HEADROOM_CHECKS_VOCABULARY_H
