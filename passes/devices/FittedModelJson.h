//===- FittedModelJson.h - A device file's fitted_model ---------*- C++ -*-===//
///
/// \file
/// The `fitted_model` object of a device file (docs/formats.md): the fitted
/// model's weights per unit of the Hopper model, milliseconds per launch and
/// what they were fitted on. `headroom validate --fit` prints one; the
/// device file reader and writer use the same two functions.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_DEVICES_FITTEDMODELJSON_H
#define HEADROOM_DEVICES_FITTEDMODELJSON_H

#include "model/FittedWeights.h"
#include "support/Error.h"

#include <nlohmann/json.hpp>

#include <string>

namespace headroom {

/// Reads the object at JSON path \p Path; errors name the field.
Expected<FittedWeights> readFittedModel(const nlohmann::json &Obj,
                                        const std::string &Path);

nlohmann::ordered_json fittedModelToJson(const FittedWeights &W);

} // namespace headroom

#endif // HEADROOM_DEVICES_FITTEDMODELJSON_H
