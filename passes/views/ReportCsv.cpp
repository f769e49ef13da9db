//===- ReportCsv.cpp - The report as a spreadsheet table ------------------===//

#include "views/ReportCsv.h"

#include "checks/Diagnose.h"
#include "model/ComponentTimes.h"
#include "support/Csv.h"
#include "support/Format.h"

#include <optional>
#include <string>
#include <vector>

namespace headroom {

namespace {

std::string joined(const std::vector<std::string> &Items) {
  std::string Out;
  for (const std::string &S : Items)
    Out += (Out.empty() ? "" : " ") + S;
  return Out;
}

} // namespace

void writeReportCsv(std::ostream &OS, const Analysis &A) {
  writeCsvRow(OS, {"kernel",        "file",
                   "line",          "column",
                   "launches",      "share_of_profile",
                   "device",        "role",
                   "K_type",        "bound",
                   "margin",        "O_krn",
                   "O_dev",         "attainable_gops",
                   "predicted_ms",  "measured_ms",
                   "headroom",      "attainable_pct",
                   "E_util",        "corrected_ms",
                   "bound_changes", "bottleneck",
                   "notes"});
  for (const KernelReport &K : A.Report.Kernels) {
    std::vector<std::string> Head = {
        K.Kernel,
        K.Definition ? K.Definition->File : "",
        K.Definition ? std::to_string(K.Definition->Line) : "",
        K.Definition ? std::to_string(K.Definition->Column) : "",
        std::to_string(K.Launches),
        formatGeneral(K.ShareOfProfile)};
    std::string Notes = joined(qualifyingChecks(K));
    if (!K.Model) {
      std::vector<std::string> Row = Head;
      Row.insert(Row.end(),
                 {A.Device.Device.Name, "profiled", "", "", "", "", "", "", "",
                  A.MeasuredOnDevice ? formatGeneral(K.TotalNs / 1e6) : "", "",
                  "", "", "", "", "", Notes});
      writeCsvRow(OS, Row);
      continue;
    }
    auto Emit = [&](const Prediction &P, const char *Role) {
      std::optional<double> EUtil, Corrected, Pct;
      if (P.Correction) {
        EUtil = P.Correction->EUtil;
        Corrected = P.Correction->CorrectedMs;
      }
      Pct = P.attainablePct();
      bool Profiled = &P == &*K.Model;
      const ComponentTime *B = Profiled ? K.Components.bottleneck() : nullptr;
      std::vector<std::string> Row = Head;
      Row.insert(Row.end(),
                 {P.Device, Role, std::string(kernelTypeName(P.Type)),
                  boundName(P.Limit), formatGeneral(P.Margin),
                  formatGeneral(P.OKrn), formatGeneral(P.ODev),
                  formatGeneral(P.AttainableGops), formatGeneral(P.PredictedMs),
                  csvNumber(P.MeasuredMs), csvNumber(P.headroom()),
                  csvNumber(Pct), csvNumber(EUtil), csvNumber(Corrected),
                  Profiled ? "" : (P.Limit != K.Model->Limit ? "yes" : "no"),
                  B ? componentKey(B->Which) : "", Profiled ? Notes : ""});
      writeCsvRow(OS, Row);
    };
    Emit(*K.Model, "profiled");
    for (const Prediction &P : K.Projections)
      Emit(P, "target");
    // Targets the Hopper model projects: its regime as the bound, its floor
    // as the prediction and the measured time scaled by the ratio of the
    // floors as the corrected time.
    if (K.Bounds)
      for (const BoundsProjection &P : K.Bounds->Projections) {
        std::optional<Limiter> Cap = P.Prediction.limiter();
        std::vector<std::string> Row = Head;
        Row.insert(Row.end(),
                   {P.Device, "target", "", regimeName(P.TargetRegime), "", "",
                    "", "", formatGeneral(P.Prediction.predictedMs()), "", "",
                    "", "", formatGeneral(P.ProjectedMs),
                    P.TargetRegime != K.Bounds->regime() ? "yes" : "no",
                    Cap ? std::string(limiterKey(*Cap)) : "", ""});
        writeCsvRow(OS, Row);
      }
  }
}

} // namespace headroom
