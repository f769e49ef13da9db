//===- Prediction.cpp - The thesis model: one kernel on one GPU -----------===//

#include "model/Prediction.h"

#include "support/Format.h"

#include <cmath>
#include <limits>
#include <utility>

namespace headroom {

const char *boundName(Bound B) {
  return B == Bound::Compute ? "compute" : "memory";
}

namespace {
constexpr std::pair<ModelChoice, const char *> ModelChoiceNames[] = {
    {ModelChoice::Auto, "auto"},
    {ModelChoice::Hopper, "hopper"},
    {ModelChoice::Thesis, "thesis"},
    {ModelChoice::Fitted, "fitted"},
};
} // namespace

const char *modelChoiceName(ModelChoice C) {
  for (auto [Choice, Name] : ModelChoiceNames)
    if (Choice == C)
      return Name;
  return "auto";
}

std::optional<ModelChoice> parseModelChoice(std::string_view Name) {
  for (auto [Choice, Text] : ModelChoiceNames)
    if (Name == Text)
      return Choice;
  return std::nullopt;
}

std::optional<double> Prediction::headroom() const {
  if (!MeasuredMs || PredictedMs <= 0)
    return std::nullopt;
  return *MeasuredMs / PredictedMs;
}

std::optional<double> Prediction::attainablePct() const {
  std::optional<double> H = headroom();
  if (!H)
    return std::nullopt;
  return 100 / *H;
}

std::optional<double> Prediction::achievedGops() const {
  if (!MeasuredMs || *MeasuredMs <= 0)
    return std::nullopt;
  return WComp / (*MeasuredMs * 1e6);
}

std::optional<double> Prediction::error() const {
  if (!MeasuredMs || *MeasuredMs <= 0)
    return std::nullopt;
  return (PredictedMs - *MeasuredMs) / *MeasuredMs;
}

Expected<Prediction> predict(const KernelParameters &K,
                             const DeviceParameters &D,
                             const ModelOptions &Options) {
  if (Status S = validateKernelParameters(K); !S)
    return S.error();
  for (const DeviceParameterInfo &Info : deviceParameterInfos()) {
    double V = D.value(Info.Id);
    if (!(V > 0) || !std::isfinite(V))
      return Error("device '" + D.Name + "': " + std::string(Info.Key) +
                   " must be a positive number, got " + formatGeneral(V));
  }

  Prediction P;
  P.Kernel = K.Name;
  P.Device = D.Name;
  P.Type = K.Type;
  P.OptimisticInt = Options.OptimisticInt && K.Type == KernelType::Int;
  P.WComp = K.WComp;
  P.WTraf = K.WTraf;
  P.OKrn = K.operationalIntensity();
  P.EMix = P.OptimisticInt ? 1.0 : K.EMix;

  // (4.9)-(4.12)
  DeviceWeights W = computeWeights(D);
  P.TOp = peakThroughput(D, K.Type, P.OptimisticInt);
  P.WOp = W.op(K.Type, P.OptimisticInt);
  P.WLdSt = W.LdSt;
  P.WOther = W.Other;
  P.BMem = D.BMem;

  // (4.13)-(4.17)
  P.COp = K.DOps * P.WOp;
  P.CLdSt = K.DLdSt * P.WLdSt;
  P.COther = K.DOther * P.WOther;
  double Cost = P.COp + P.CLdSt + P.COther;
  P.EInstr = Cost > 0 ? P.COp / Cost : 0;
  P.TOpEff = P.EMix * P.EInstr * P.TOp;
  P.ODev = P.TOpEff / P.BMem;

  // (4.18) and the floor time. O_krn is +inf when W_traf = 0, which
  // compares greater than any O_dev: compute-bound, as it should.
  P.Limit = P.OKrn > P.ODev ? Bound::Compute : Bound::Memory;
  if (P.WComp == 0)
    P.Margin = 0;
  else if (std::isinf(P.OKrn))
    P.Margin = std::numeric_limits<double>::infinity();
  else
    P.Margin = P.OKrn / P.ODev;
  P.AttainableGops = P.Limit == Bound::Compute ? P.TOpEff : P.OKrn * P.BMem;
  if (P.WComp == 0) {
    // Nothing to compute: the time is the traffic's.
    P.PredictedMs = P.WTraf / (P.BMem * 1e6);
  } else {
    P.PredictedMs = P.WComp / (P.AttainableGops * 1e6);
  }
  return P;
}

Expected<std::vector<Prediction>>
predictAll(const std::vector<KernelParameters> &Kernels,
           const std::vector<DeviceParameters> &Devices,
           const ModelOptions &Options) {
  std::vector<Prediction> All;
  All.reserve(Kernels.size() * Devices.size());
  for (const DeviceParameters &D : Devices)
    for (const KernelParameters &K : Kernels) {
      Expected<Prediction> P = predict(K, D, Options);
      if (!P)
        return P.error();
      All.push_back(std::move(*P));
    }
  return All;
}

} // namespace headroom
