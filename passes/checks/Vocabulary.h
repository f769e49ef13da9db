//===- Vocabulary.h - The words for what the model names --------*- C++ -*-===//
///
/// \file
/// The model names what it computes by enums and keys; messages need
/// words. This is the one place where a unit, an estimate or a stage of the
/// Hopper model gets its name in English, for the checks' messages and the
/// views' tables.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_CHECKS_VOCABULARY_H
#define HEADROOM_CHECKS_VOCABULARY_H

#include "model/Estimates.h"
#include "model/GpuUnits.h"
#include "model/refinements/PartialOverlap.h"

#include <string_view>

namespace headroom {

/// "FMA pipe", "L1/shared-memory data path", "DRAM bandwidth", ...
std::string_view unitName(Unit U);

/// "DRAM latency over the bytes in flight", ...
std::string_view estimateName(Estimate E);

/// "compute", "L1", "L2", "DRAM".
std::string_view stageName(Stage S);

} // namespace headroom

#endif // HEADROOM_CHECKS_VOCABULARY_H
