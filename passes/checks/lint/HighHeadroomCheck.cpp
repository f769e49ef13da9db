//===- HighHeadroomCheck.cpp - headroom-high-headroom ---------------------===//

#include "checks/lint/HighHeadroomCheck.h"

#include "checks/CheckRegistry.h"
#include "checks/Notes.h"
#include "support/Format.h"
#include "support/Quantities.h"

namespace headroom {

namespace {

constexpr CheckInfo Info{
    checks::HighHeadroom, DiagnosticLevel::Error,
    "headroom lint: the kernel is further from its attainable throughput "
    "than --max-headroom (or achieves less than --min-attainable-pct of "
    "it).",
    "Optimize the kernel (see its bound's advice), or relax the threshold "
    "in the lint configuration."};

/// What the headroom is measured against ("attainable 9.71 TFLOP/s"), and
/// the kernel's bound, floor (or predicted time) and measured time.
std::pair<std::string, std::string> judged(const Analysis &A,
                                           const KernelReport &K) {
  if (K.Bounds) {
    const KernelBounds &B = *K.Bounds;
    return {B.FittedMs          ? "fitted prediction"
            : B.predictsFloor() ? "floor"
                                : "predicted time",
            std::string(regimeName(B.regime())) + "-bound on " +
                A.Device.Device.Name + ", " +
                (B.predictsFloor() ? "floor " : "predicted ") +
                formatMs(B.predictedMs()) + " ms, measured " +
                formatMs(*B.Prediction.MeasuredMs) + " ms"};
  }
  const Prediction &P = *K.Model;
  return {"attainable " + formatRate(P.AttainableGops, opUnit(P.Type)),
          std::string(boundName(P.Limit)) + "-bound on " +
              A.Device.Device.Name + ", floor " + formatMs(P.PredictedMs) +
              " ms, measured " + formatMs(*P.MeasuredMs) + " ms"};
}

} // namespace

HighHeadroomCheck::HighHeadroomCheck() : Check(Info) {}

std::optional<Diagnostic>
HighHeadroomCheck::finding(const Analysis &A, const KernelReport &K,
                           const LintOptions &O) const {
  std::optional<double> H = K.headroom();
  if (!H)
    return std::nullopt;
  double Pct = 100 / *H;
  bool OverHeadroom = O.MaxHeadroom && *H > *O.MaxHeadroom;
  bool UnderPct = O.MinAttainablePct && Pct < *O.MinAttainablePct;
  if (!OverHeadroom && !UnderPct)
    return std::nullopt;
  std::string Limits;
  if (OverHeadroom)
    Limits =
        "above " + O.MaxHeadroomOrigin + " " + formatGeneral(*O.MaxHeadroom);
  if (UnderPct)
    Limits += (Limits.empty() ? "" : " and ") +
              std::string("below --min-attainable-pct ") +
              formatGeneral(*O.MinAttainablePct);
  auto [Against, Bound] = judged(A, K);
  Diagnostic D = headroom::finding(
      DiagnosticLevel::Error, name(), &K,
      "kernel '" + K.Kernel + "' runs at headroom " + formatFixed(*H, 2) +
          "x, achieving " + formatFixed(Pct, 1) + "% of its " + Against + ": " +
          Limits + " (" + Bound + ")");
  addBusiestSiteNote(K, D);
  return D;
}

const HighHeadroomCheck &checkHighHeadroom() {
  static const HighHeadroomCheck Instance;
  return Instance;
}

} // namespace headroom
