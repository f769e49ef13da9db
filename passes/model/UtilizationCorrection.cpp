//===- UtilizationCorrection.cpp - The E_util correction (5.13) -----------===//

#include "model/UtilizationCorrection.h"

#include <cassert>

namespace headroom {

Expected<double> utilizationFactor(const Prediction &OnReference) {
  if (!OnReference.MeasuredMs)
    return Error("kernel '" + OnReference.Kernel +
                 "': no measured time on the reference device '" +
                 OnReference.Device + "' to compute E_util from");
  if (!(OnReference.PredictedMs > 0))
    return Error("kernel '" + OnReference.Kernel +
                 "': the predicted time on '" + OnReference.Device +
                 "' is zero; E_util is undefined");
  return *OnReference.MeasuredMs / OnReference.PredictedMs;
}

void applyUtilizationFactor(Prediction &P, const std::string &ReferenceDevice,
                            double EUtil) {
  assert(EUtil > 0 && "E_util is a ratio of positive times");
  UtilizationCorrection C;
  C.ReferenceDevice = ReferenceDevice;
  C.EUtil = EUtil;
  C.CorrectedMs = EUtil * P.PredictedMs;
  C.CorrectedGops = P.AttainableGops / EUtil;
  P.Correction = C;
}

} // namespace headroom
