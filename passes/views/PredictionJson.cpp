//===- PredictionJson.cpp - headroom.predictions/1 ------------------------===//

#include "views/PredictionJson.h"

#include "support/KernelNames.h"
#include "views/PredictionText.h"

#include <cmath>

namespace headroom {

using nlohmann::ordered_json;

namespace {

constexpr const char *InfiniteIntensityNote =
    "infinite: the kernel has no DRAM traffic (W_traf = 0)";

/// A number, or null for a non-finite one.
ordered_json number(double V) {
  return std::isfinite(V) ? ordered_json(V) : ordered_json(nullptr);
}

ordered_json kernelToJson(const KernelEntry &K) {
  const KernelParameters &P = K.Parameters;
  ordered_json J;
  J["name"] = P.Name;
  J["launches"] = P.Launches;
  J["K_type"] = kernelTypeName(P.Type);
  J["W_comp"] = P.WComp;
  J["W_traf"] = P.WTraf;
  J["O_krn"] = number(P.operationalIntensity());
  if (std::isinf(P.operationalIntensity()))
    J["O_krn_note"] = InfiniteIntensityNote;
  J["E_mix"] = P.EMix;
  if (P.IOps)
    J["I_ops"] = *P.IOps;
  if (P.ITotal)
    J["I_total"] = *P.ITotal;
  J["D_ops"] = P.DOps;
  J["D_ldst"] = P.DLdSt;
  J["D_other"] = P.DOther;
  J["input"] = K.Counters ? "counters" : "parameters";
  if (K.MeasuredMs)
    J["measured_ms"] = *K.MeasuredMs;
  return J;
}

ordered_json deviceToJsonSummary(const DeviceEntry &E) {
  const DeviceParameters &D = E.Device;
  ordered_json J;
  J["name"] = D.Name;
  if (!D.Vendor.empty())
    J["vendor"] = D.Vendor;
  if (!D.Architecture.empty())
    J["architecture"] = D.Architecture;
  J["source"] = deviceSourceName(E.Source);
  J["path"] = E.Path;
  J["provenance"] = D.Origin.Source;
  for (const DeviceParameterInfo &Info : deviceParameterInfos())
    J[std::string(Info.Key)] = D.value(Info.Id);
  DeviceWeights W = computeWeights(D);
  J["W_op_fp32"] = W.OpFp32;
  J["W_op_fp64"] = W.OpFp64;
  J["W_op_int"] = W.OpInt;
  J["W_op_int_optimistic"] = W.OpIntOptimistic;
  J["W_ldst"] = W.LdSt;
  J["W_other"] = W.Other;
  return J;
}

} // namespace

ordered_json predictionToJson(const Prediction &P) {
  ordered_json J;
  J["device"] = P.Device;
  J["kernel"] = P.Kernel;
  J["short_name"] = shortKernelName(P.Kernel);
  J["K_type"] = kernelTypeName(P.Type);
  J["bound"] = boundName(P.Limit);
  J["margin"] = number(P.Margin);
  J["predicted_ms"] = P.PredictedMs;
  J["attainable_gops"] = P.AttainableGops;
  J["O_krn"] = number(P.OKrn);
  if (std::isinf(P.OKrn))
    J["O_krn_note"] = InfiniteIntensityNote;
  J["O_dev"] = P.ODev;
  J["E_mix"] = P.EMix;
  J["E_instr"] = P.EInstr;
  J["W_op"] = P.WOp;
  J["W_ldst"] = P.WLdSt;
  J["W_other"] = P.WOther;
  J["C_op"] = P.COp;
  J["C_ldst"] = P.CLdSt;
  J["C_other"] = P.COther;
  J["T_op"] = P.TOp;
  J["T_op_eff"] = P.TOpEff;
  J["B_mem"] = P.BMem;
  J["W_comp"] = P.WComp;
  J["W_traf"] = P.WTraf;
  J["optimistic_int"] = P.OptimisticInt;
  if (P.MeasuredMs) {
    J["measured_ms"] = *P.MeasuredMs;
    J["headroom"] = *P.headroom();
    J["error"] = *P.error();
    J["achieved_gops"] = *P.achievedGops();
  }
  if (P.Correction) {
    J["reference"] = P.Correction->ReferenceDevice;
    J["E_util"] = P.Correction->EUtil;
    J["corrected_ms"] = P.Correction->CorrectedMs;
    J["corrected_gops"] = P.Correction->CorrectedGops;
  }
  return J;
}

ordered_json predictionsToJson(const PredictionSet &Set) {
  ordered_json Doc;
  Doc["schema"] = PredictionsSchema;
  ordered_json Model;
  Model["name"] = "thesis";
  Model["optimistic_int"] = Set.Options.OptimisticInt;
  Doc["model"] = Model;
  if (!Set.Source.empty())
    Doc["source"] = Set.Source;
  Doc["reference"] =
      Set.ReferenceIndex
          ? ordered_json(Set.Devices[*Set.ReferenceIndex].Device.Name)
          : ordered_json(nullptr);
  ordered_json Kernels = ordered_json::array();
  for (const KernelEntry &K : Set.Kernels)
    Kernels.push_back(kernelToJson(K));
  Doc["kernels"] = Kernels;
  ordered_json Devices = ordered_json::array();
  for (std::size_t D = 0; D < Set.Devices.size(); ++D) {
    ordered_json J = deviceToJsonSummary(Set.Devices[D]);
    J["total_predicted_ms"] = Set.totalPredictedMs(D);
    if (std::optional<double> C = Set.totalCorrectedMs(D))
      J["total_corrected_ms"] = *C;
    Devices.push_back(J);
  }
  Doc["devices"] = Devices;
  ordered_json Predictions = ordered_json::array();
  for (const Prediction &P : Set.Predictions)
    Predictions.push_back(predictionToJson(P));
  Doc["predictions"] = Predictions;
  Doc["notes"] = predictionNotes(Set);
  return Doc;
}

} // namespace headroom
