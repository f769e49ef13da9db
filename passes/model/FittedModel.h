//===- FittedModel.h - A linear model fitted per GPU ------------*- C++ -*-===//
///
/// \file
/// The fitted alternative to the Hopper model, after Stevens & Klöckner
/// ("Black-box kernel-level performance modeling for GPUs"): a kernel's time
/// is a linear combination of properties with per-GPU weights fitted on
/// performance-instructive kernels, T = sum_i alpha_i p_i. Here the
/// properties are the Hopper model's floor times of each unit (the work of
/// the unit at its calibrated rate, so a weight of 1 means "the unit runs at
/// its calibrated peak and nothing overlaps it") and the launch count. The
/// weights are fitted by non-negative least squares on relative error; where
/// units overlap, their weights fall below 1.
///
/// `headroom validate --fit` fits them on the instructive families of the
/// validation corpus (streaming, arithmetic-intensity sweeps, special
/// functions, memory levels), and the device file keeps them (`fitted_model`
/// in docs/formats.md); docs/perf/accuracy.md scores them on the rest.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_FITTEDMODEL_H
#define HEADROOM_MODEL_FITTEDMODEL_H

#include "model/FittedWeights.h"
#include "model/HopperModel.h"

#include <span>

namespace headroom {

/// The fitted prediction, in ms, for a kernel whose Hopper-model prediction
/// is \p P over \p Launches launches.
double predictFitted(const FittedWeights &W, const HopperPrediction &P,
                     std::uint64_t Launches);

/// One kernel to fit on: its unit floors, launches and measured time.
struct FitSample {
  HopperPrediction Prediction;
  std::uint64_t Launches = 1;
  double MeasuredMs = 0;
};

/// Fits the weights by non-negative least squares of the relative error
/// (coordinate descent; the problem has 15 unknowns).
FittedWeights fitWeights(std::span<const FitSample> Samples);

} // namespace headroom

#endif // HEADROOM_MODEL_FITTEDMODEL_H
