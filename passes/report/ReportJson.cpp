//===- ReportJson.cpp - headroom.report/1 ---------------------------------===//

#include "report/ReportJson.h"

#include "model/PredictionJson.h"
#include "report/ComponentTimes.h"
#include "report/ReportDiagnostics.h"

#include <cmath>

namespace headroom {

using nlohmann::ordered_json;

namespace {

ordered_json deviceToJson(const DeviceEntry &E) {
  const DeviceParameters &D = E.Device;
  ordered_json J;
  J["name"] = D.Name;
  if (!D.Identity.ProductName.empty())
    J["product_name"] = D.Identity.ProductName;
  J["source"] = deviceSourceName(E.Source);
  J["path"] = E.Path;
  for (const DeviceParameterInfo &Info : deviceParameterInfos())
    J[std::string(Info.Key)] = D.value(Info.Id);
  MemoryCeilings M = memoryCeilings(D);
  J["l2_GBps"] = M.L2GBps ? ordered_json(*M.L2GBps) : ordered_json(nullptr);
  J["shared_ldst32_GOPs"] =
      M.SharedGops ? ordered_json(*M.SharedGops) : ordered_json(nullptr);
  return J;
}

ordered_json kernelToJson(const KernelReport &K) {
  ordered_json J;
  J["kernel"] = K.Kernel;
  J["definition"] = locationToJson(K.Definition);
  J["launches"] = K.Launches;
  J["total_ms"] = K.TotalNs / 1e6;
  J["mean_launch_ms"] = K.meanLaunchNs() / 1e6;
  J["share_of_profile"] = K.ShareOfProfile;
  J["modeled_launches"] = K.ModeledLaunches;
  J["modeled_ms"] = K.ModeledNs / 1e6;
  if (K.Model) {
    ordered_json P = predictionToJson(*K.Model);
    if (auto H = K.Model->headroom())
      P["attainable_pct"] = 100 / *H;
    J["prediction"] = P;
  } else {
    J["prediction"] = nullptr;
    if (K.ModelError)
      J["model_error"] = K.ModelError->message();
  }
  ordered_json Components = ordered_json::object();
  for (const ComponentTime &C : K.Components.Times)
    Components[std::string(componentKey(C.Which)) + "_ms"] = C.Ms;
  if (const ComponentTime *B = K.Components.bottleneck())
    Components["bottleneck"] = componentKey(B->Which);
  if (const ComponentTime *N = K.Components.next())
    Components["next"] = componentKey(N->Which);
  J["components"] = Components;
  ordered_json Projections = ordered_json::array();
  for (const Prediction &P : K.Projections) {
    ordered_json X = predictionToJson(P);
    X["bound_changes"] = K.Model && P.Limit != K.Model->Limit;
    Projections.push_back(X);
  }
  J["projections"] = Projections;
  ordered_json Sites = ordered_json::array();
  for (const SiteUsage &U : K.Sites) {
    ordered_json S;
    S["location"] = U.Site ? locationToJson(U.Site->Launch) : ordered_json();
    S["launches"] = U.Launches;
    S["total_ms"] = U.TotalNs / 1e6;
    S["share_of_kernel"] = K.TotalNs > 0 ? U.TotalNs / K.TotalNs : 0.0;
    Sites.push_back(S);
  }
  J["sites"] = Sites;
  J["notes"] = qualifyingChecks(K);
  return J;
}

} // namespace

ordered_json locationToJson(const std::optional<SourceLocation> &L) {
  if (!L)
    return nullptr;
  ordered_json J;
  J["file"] = L->File;
  J["line"] = L->Line;
  J["column"] = L->Column;
  return J;
}

ordered_json diagnosticToJson(const Diagnostic &D) {
  ordered_json J;
  J["level"] = diagnosticLevelName(D.Level);
  J["check"] = D.Check.empty() ? ordered_json(nullptr) : ordered_json(D.Check);
  J["location"] = locationToJson(D.Location);
  J["message"] = D.Message;
  if (!D.Notes.empty()) {
    ordered_json Notes = ordered_json::array();
    for (const Diagnostic &N : D.Notes)
      Notes.push_back(diagnosticToJson(N));
    J["notes"] = Notes;
  }
  return J;
}

ordered_json reportToJson(const Analysis &A) {
  ordered_json Doc;
  Doc["schema"] = ReportSchema;
  ordered_json Model;
  Model["name"] = "thesis";
  Model["optimistic_int"] = A.Model.OptimisticInt;
  Doc["model"] = Model;
  ordered_json Profile;
  Profile["path"] = A.Source.Path;
  Profile["mode"] = A.Source.Mode;
  ordered_json Devices = ordered_json::array();
  for (const ProfileDevice &D : A.Source.Devices)
    Devices.push_back(D.Name);
  Profile["devices"] = Devices;
  Profile["warnings"] = A.Source.Warnings;
  Profile["total_ms"] = A.Report.TotalNs / 1e6;
  Doc["profile"] = Profile;
  Doc["device"] = deviceToJson(A.Device);
  Doc["measured_on_device"] = A.MeasuredOnDevice;
  ordered_json Targets = ordered_json::array();
  for (const DeviceEntry &T : A.Targets)
    Targets.push_back(deviceToJson(T));
  Doc["targets"] = Targets;
  ordered_json Sources;
  Sources["root"] = A.Sources.Root;
  Sources["checked"] = A.Sources.SourcesFound;
  Sources["locations_checked"] = A.Sources.Checked;
  Sources["mismatches"] = A.Sources.Mismatches.size();
  Doc["sources"] = Sources;
  ordered_json Kernels = ordered_json::array();
  for (const KernelReport &K : A.Report.Kernels)
    Kernels.push_back(kernelToJson(K));
  Doc["kernels"] = Kernels;
  ordered_json Diags = ordered_json::array();
  for (const Diagnostic &D : A.Diagnostics)
    Diags.push_back(diagnosticToJson(D));
  Doc["diagnostics"] = Diags;
  return Doc;
}

} // namespace headroom
