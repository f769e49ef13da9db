//===- KernelWarnings.cpp - The words of a kernel's warning ---------------===//

#include "checks/kernel/KernelWarnings.h"

#include "support/Format.h"
#include "support/Units.h"

#include <cmath>

namespace headroom {

namespace {

/// The attainable percentage, with a decimal below 10%.
std::string attainablePercent(double Pct) {
  return formatFixed(Pct, Pct < 10 ? 1 : 0) + "%";
}

/// "3.0x below the ridge", "5.3x above the ridge", "on the ridge".
std::string ridgeDistance(const Prediction &P) {
  if (std::isinf(P.Margin))
    return "no DRAM traffic";
  if (P.Margin == 0)
    return "no compute operations";
  if (std::fabs(P.Margin - 1) < 0.005)
    return "on the ridge";
  return P.Margin > 1 ? formatTimes(P.Margin) + " above the ridge"
                      : formatTimes(1 / P.Margin) + " below the ridge";
}

} // namespace

Diagnostic boundWarning(const KernelReport &K, const Analysis &A,
                        std::string_view Check) {
  const Prediction &P = *K.Model;
  const char *Unit = opUnit(P.Type);
  bool Compute = P.Limit == Bound::Compute;
  Diagnostic D;
  D.Location = K.Definition;
  D.Check = std::string(Check);
  D.Message = "kernel '" + K.Kernel + "' is " + boundName(P.Limit) +
              "-bound on " + A.Device.Device.Name + " (O_krn " +
              formatIntensity(P.OKrn) + (Compute ? " > " : " <= ") + "O_dev " +
              formatIntensity(P.ODev) + " " + Unit + "/byte, " +
              ridgeDistance(P) + "): attainable " +
              formatRate(P.AttainableGops, Unit);
  if (!Compute)
    D.Message += " at " + formatBandwidth(P.BMem);
  D.Message += ", predicted floor " + formatMs(P.PredictedMs) + " ms";
  if (std::optional<double> H = P.headroom())
    D.Message += ", measured " + formatMs(*P.MeasuredMs) + " ms, headroom " +
                 formatFixed(*H, 2) + "x (" +
                 attainablePercent(*P.attainablePct()) + " of attainable)";
  return D;
}

Diagnostic unknownBoundWarning(const KernelReport &K, std::string_view Check,
                               const std::string &Why) {
  Diagnostic D;
  D.Location = K.Definition;
  D.Check = std::string(Check);
  D.Message = "kernel '" + K.Kernel + "' took " + formatDuration(K.TotalNs) +
              " in " + std::to_string(K.Launches) +
              (K.Launches == 1 ? " launch (" : " launches (") +
              percent(K.ShareOfProfile) +
              " of GPU time); its bound is unknown: " + Why;
  return D;
}

} // namespace headroom
