//===- Charts.cpp - Roofline and quadrant-split geometry ------------------===//

#include "views/Charts.h"

#include <algorithm>
#include <cmath>

namespace headroom {

double RooflineChart::roof(double Intensity, double Ceiling) const {
  if (std::isinf(Intensity))
    return Ceiling;
  return std::min(Ceiling, Intensity * Bandwidth);
}

RooflineChart makeRoofline(const DeviceParameters &D,
                           const std::vector<Prediction> &Predictions) {
  RooflineChart Chart;
  Chart.Device = D.Name;
  Chart.Bandwidth = D.BMem;
  for (auto [Label, Gops] : {std::pair<const char *, double>{"T_SP", D.TSP},
                             {"T_DP", D.TDP},
                             {"T_int", D.TInt},
                             {"T_add", D.TAdd}})
    Chart.Peaks.push_back({Label, Gops, Gops / D.BMem});
  std::stable_sort(Chart.Peaks.begin(), Chart.Peaks.end(),
                   [](const RooflineCeiling &A, const RooflineCeiling &B) {
                     return A.Gops > B.Gops;
                   });
  for (const Prediction &P : Predictions) {
    if (P.Device != D.Name)
      continue;
    RooflineKernel K;
    K.Kernel = P.Kernel;
    K.Ceiling = P.TOpEff;
    K.Ridge = P.ODev;
    K.Intensity = P.OKrn;
    K.Attainable = P.AttainableGops;
    K.Limit = P.Limit;
    K.Achieved = P.achievedGops();
    Chart.Kernels.push_back(K);
  }
  return Chart;
}

QuadrantSplitChart
makeQuadrantSplit(const std::string &Kernel,
                  const std::vector<Prediction> &Predictions) {
  QuadrantSplitChart Chart;
  Chart.Kernel = Kernel;
  for (const Prediction &P : Predictions) {
    if (P.Kernel != Kernel)
      continue;
    Chart.Slope = P.OKrn;
    QuadrantDevice Q;
    Q.Device = P.Device;
    Q.Bandwidth = P.BMem;
    Q.Compute = P.TOpEff;
    Q.OnOrAboveLine = P.Limit == Bound::Memory;
    if (Q.OnOrAboveLine) {
      // Straight down to the line.
      Q.AttainableBandwidth = P.BMem;
      Q.AttainableCompute = P.OKrn * P.BMem;
    } else {
      // Straight left to the line (x = 0 for a vertical line).
      Q.AttainableBandwidth = std::isinf(P.OKrn) ? 0 : P.TOpEff / P.OKrn;
      Q.AttainableCompute = P.TOpEff;
    }
    Chart.Devices.push_back(Q);
  }
  return Chart;
}

} // namespace headroom
