//===- ThesisFinding.cpp - The thesis model's findings --------------------===//

#include "analysis/ThesisFinding.h"

#include <cmath>

namespace headroom {

namespace {

/// Within this of 1, O_krn / O_dev puts the kernel on the ridge.
constexpr double OnTheRidge = 0.005;

Regime regimeOf(Bound B) {
  return B == Bound::Compute ? Regime::Compute : Regime::Memory;
}

MixEvidence mixOf(const Prediction &P) {
  MixEvidence M;
  M.Type = P.Type;
  M.OKrn = P.OKrn;
  M.ODev = P.ODev;
  M.Margin = P.Margin;
  M.TOp = P.TOp;
  M.TOpEff = P.TOpEff;
  M.BMem = P.BMem;
  M.AttainableGops = P.AttainableGops;
  double Cost = P.COp + P.CLdSt + P.COther;
  M.OpShare = P.EInstr;
  M.LdStShare = Cost > 0 ? P.CLdSt / Cost : 0;
  M.OtherShare = Cost > 0 ? P.COther / Cost : 0;
  M.EMix = P.EMix;
  return M;
}

} // namespace

KernelFinding thesisFinding(const Prediction &P, const ComponentTimes &C) {
  KernelFinding F;
  F.Model = ModelKind::Thesis;
  F.Device = P.Device;
  F.Verdict = regimeOf(P.Limit);
  F.Balanced = std::isfinite(P.Margin) && std::fabs(P.Margin - 1) < OnTheRidge;
  F.MeasuredMs = P.MeasuredMs;
  F.FloorMs = P.PredictedMs;
  F.PredictedMs = P.PredictedMs;
  F.SetBy.What = PredictedBy::Kind::Roof;
  bool Compute = P.Limit == Bound::Compute;
  F.RoofTime = Roof{Compute ? operationRoof(P.Type) : RoofKind::Dram, Compute,
                    P.PredictedMs};
  F.Mix = mixOf(P);
  F.Components = C;
  return F;
}

TargetFinding thesisTarget(const Prediction &P, const Prediction &Here) {
  TargetFinding T;
  T.Device = P.Device;
  T.Model = ModelKind::Thesis;
  T.Verdict = regimeOf(P.Limit);
  T.HereVerdict = regimeOf(Here.Limit);
  T.FloorMs = P.PredictedMs;
  T.PredictedMs = P.PredictedMs;
  T.ProjectedMs = P.Correction ? P.Correction->CorrectedMs : P.PredictedMs;
  T.SetBy.What = PredictedBy::Kind::Roof;
  if (P.Correction)
    T.EUtil = P.Correction->EUtil;
  T.ODev = P.ODev;
  return T;
}

} // namespace headroom
