//===- UtilizationCorrection.h - The E_util correction (5.13) ---*- C++ -*-===//
///
/// \file
/// Thesis section 5.2.5, "Exploitation of reference GPU execution time": the
/// kernel ran on the reference GPU while it was profiled, so its measured
/// time there says how far it falls short of the model. The utilization
/// factor
///
///   E_util = T_measured(ref GPU) / T_predicted(ref GPU)        (5.13)
///
/// is a ratio of *execution times* (the T of (5.12)/(5.13) are times, not
/// the throughput T_predicted of (4.18)). The corrected prediction on any
/// GPU is T'_predicted = E_util x T_predicted (time); as a throughput, the
/// attainable rate divided by E_util. On the reference GPU itself the
/// corrected time equals the measured one.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_UTILIZATIONCORRECTION_H
#define HEADROOM_MODEL_UTILIZATIONCORRECTION_H

#include "model/Prediction.h"
#include "support/Error.h"

namespace headroom {

/// E_util (5.13) from a prediction on the reference device that carries the
/// measured time there. Fails without a measured time.
Expected<double> utilizationFactor(const Prediction &OnReference);

/// Sets \p P's Correction from \p EUtil (which must be positive), computed
/// on \p ReferenceDevice for the same kernel.
void applyUtilizationFactor(Prediction &P, const std::string &ReferenceDevice,
                            double EUtil);

} // namespace headroom

#endif // HEADROOM_MODEL_UTILIZATIONCORRECTION_H
