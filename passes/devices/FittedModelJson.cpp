//===- FittedModelJson.cpp - A device file's fitted_model -----------------===//

#include "devices/FittedModelJson.h"

#include "support/JsonInput.h"

namespace headroom {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

/// The weight of the unit or estimate keyed \p Key, or null.
double *weightOf(FittedWeights &W, const std::string &Key) {
  for (const UnitInfo &U : unitInfos())
    if (U.Key == Key)
      return &W.PerUnit[static_cast<std::size_t>(U.Id)];
  for (Estimate E : AllEstimates)
    if (estimateKey(E) == Key)
      return &W.PerEstimate[static_cast<std::size_t>(E)];
  // Device files written before the load rounds joined the estimate.
  if (Key == "issue_dram_latency")
    return &W.PerEstimate[static_cast<std::size_t>(
        Estimate::IssueAndLoadLatency)];
  return nullptr;
}

} // namespace

Expected<FittedWeights> readFittedModel(const json &Obj,
                                        const std::string &Path) {
  if (Status S = requireObject(Obj, Path); !S)
    return S.error();
  FittedWeights W;
  Expected<std::string> TrainedOn = getString(Obj, "trained_on", Path);
  if (!TrainedOn)
    return TrainedOn.error();
  W.TrainedOn = *TrainedOn;

  std::string WeightsPath = jsonPath(Path, "unit_weights");
  const json *Weights = findMember(Obj, "unit_weights");
  if (!Weights)
    return missingError(WeightsPath, "an object of non-negative weights "
                                     "by unit (\"fma\", \"dram\", ...)");
  if (Status S = requireObject(*Weights, WeightsPath); !S)
    return S.error();
  for (const auto &[Key, Value] : Weights->items()) {
    double *Weight = weightOf(W, Key);
    std::string Where = jsonPath(WeightsPath, Key);
    if (!Weight) {
      std::string Known;
      for (const UnitInfo &U : unitInfos())
        Known += (Known.empty() ? "" : ", ") + std::string(U.Key);
      for (Estimate E : AllEstimates)
        Known += ", " + std::string(estimateKey(E));
      return Error(Where + ": unknown unit; expected one of " + Known);
    }
    Expected<double> V = getNonNegativeNumber(Value, Where);
    if (!V)
      return V.error();
    *Weight = *V;
  }

  const json *PerLaunch = findMember(Obj, "per_launch_ms");
  if (!PerLaunch)
    return missingError(jsonPath(Path, "per_launch_ms"),
                        "a non-negative number");
  Expected<double> Ms =
      getNonNegativeNumber(*PerLaunch, jsonPath(Path, "per_launch_ms"));
  if (!Ms)
    return Ms.error();
  W.PerLaunchMs = *Ms;
  return W;
}

ordered_json fittedModelToJson(const FittedWeights &W) {
  ordered_json J;
  J["trained_on"] = W.TrainedOn;
  ordered_json Weights = ordered_json::object();
  for (const UnitInfo &U : unitInfos())
    Weights[std::string(U.Key)] = W.PerUnit[static_cast<std::size_t>(U.Id)];
  for (Estimate E : AllEstimates)
    Weights[std::string(estimateKey(E))] =
        W.PerEstimate[static_cast<std::size_t>(E)];
  J["unit_weights"] = Weights;
  J["per_launch_ms"] = W.PerLaunchMs;
  return J;
}

} // namespace headroom
