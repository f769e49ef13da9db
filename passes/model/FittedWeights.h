//===- FittedWeights.h - The fitted model's weights of one GPU --*- C++ -*-===//
///
/// \file
/// The weights of the fitted model (model/FittedModel.h) for one GPU, as a
/// device file keeps them (`fitted_model`, docs/formats.md). Apart from the
/// model so that DeviceParameters can hold them without the model's code.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_FITTEDWEIGHTS_H
#define HEADROOM_MODEL_FITTEDWEIGHTS_H

#include "model/Estimates.h"
#include "model/GpuUnits.h"

#include <array>
#include <string>

namespace headroom {

/// The weights of one GPU. A value type.
struct FittedWeights {
  /// Per unit, multiplying its floor time, and per estimate, multiplying
  /// its time; 0 for those that did not help.
  std::array<double, NumUnits> PerUnit{};
  std::array<double, NumEstimates> PerEstimate{};
  /// Milliseconds per launch.
  double PerLaunchMs = 0;
  /// What the weights were fitted on, for the device file and messages.
  std::string TrainedOn;
};

} // namespace headroom

#endif // HEADROOM_MODEL_FITTEDWEIGHTS_H
