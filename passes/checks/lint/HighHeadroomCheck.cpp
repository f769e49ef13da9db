//===- HighHeadroomCheck.cpp - headroom-high-headroom ---------------------===//

#include "checks/lint/HighHeadroomCheck.h"

#include "checks/CheckRegistry.h"
#include "checks/Notes.h"
#include "support/Format.h"
#include "support/Units.h"

namespace headroom {

namespace {

constexpr CheckInfo Info{
    checks::HighHeadroom, DiagnosticLevel::Error,
    "headroom lint: the kernel is further from its attainable throughput "
    "than --max-headroom (or achieves less than --min-attainable-pct of "
    "it).",
    "Optimize the kernel (see its bound's advice), or relax the threshold "
    "in the lint configuration."};

} // namespace

HighHeadroomCheck::HighHeadroomCheck() : Check(Info) {}

std::optional<Diagnostic>
HighHeadroomCheck::finding(const Analysis &A, const KernelReport &K,
                           const LintOptions &O) const {
  const Prediction &P = *K.Model;
  std::optional<double> H = P.headroom();
  if (!H)
    return std::nullopt;
  double Pct = *P.attainablePct();
  bool OverHeadroom = O.MaxHeadroom && *H > *O.MaxHeadroom;
  bool UnderPct = O.MinAttainablePct && Pct < *O.MinAttainablePct;
  if (!OverHeadroom && !UnderPct)
    return std::nullopt;
  std::string Limits;
  if (OverHeadroom)
    Limits = "above --max-headroom " + formatGeneral(*O.MaxHeadroom);
  if (UnderPct)
    Limits += (Limits.empty() ? "" : " and ") +
              std::string("below --min-attainable-pct ") +
              formatGeneral(*O.MinAttainablePct);
  Diagnostic D = headroom::finding(
      DiagnosticLevel::Error, name(), &K,
      "kernel '" + K.Kernel + "' runs at headroom " + formatFixed(*H, 2) +
          "x, achieving " + formatFixed(Pct, 1) + "% of its attainable " +
          formatRate(P.AttainableGops, opUnit(P.Type)) + ": " + Limits + " (" +
          boundName(P.Limit) + "-bound on " + A.Device.Device.Name +
          ", floor " + formatMs(P.PredictedMs) + " ms, measured " +
          formatMs(*P.MeasuredMs) + " ms)");
  addBusiestSiteNote(K, D);
  return D;
}

const HighHeadroomCheck &checkHighHeadroom() {
  static const HighHeadroomCheck Instance;
  return Instance;
}

} // namespace headroom
