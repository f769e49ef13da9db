//===- ReportCsv.cpp - The report as a spreadsheet table ------------------===//

#include "views/ReportCsv.h"

#include "checks/Diagnose.h"
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
  writeCsvRow(OS, {"kernel",
                   "file",
                   "line",
                   "column",
                   "launches",
                   "share_of_profile",
                   "device",
                   "role",
                   "model",
                   "regime",
                   "balanced",
                   "roof",
                   "roof_ms",
                   "floor_ms",
                   "predicted_ms",
                   "predicted_by",
                   "measured_ms",
                   "headroom",
                   "headroom_to_roof",
                   "headroom_to_cap",
                   "projected_ms",
                   "E_util",
                   "regime_here",
                   "bound_changes",
                   "notes",
                   "call"});
  for (const KernelReport &K : A.Report.Kernels) {
    // The kernel by its short name, at its definition or at the library
    // call that ran it (the JSON has its full name).
    std::optional<SourceLocation> Where = K.where();
    std::vector<std::string> Head = {K.ShortName,
                                     Where ? Where->File : "",
                                     Where ? std::to_string(Where->Line) : "",
                                     Where ? std::to_string(Where->Column) : "",
                                     std::to_string(K.Launches),
                                     formatGeneral(K.ShareOfProfile)};
    std::string Notes = joined(qualifyingChecks(K));
    auto Emit = [&](std::vector<std::string> Tail) {
      std::vector<std::string> Row = Head;
      Row.insert(Row.end(), Tail.begin(), Tail.end());
      Row.push_back(K.Call ? K.Call->Name : "");
      writeCsvRow(OS, Row);
    };
    if (!K.Finding) {
      Emit({A.Device.Device.Name, "profiled", "", "", "", "", "", "", "", "",
            A.MeasuredOnDevice ? formatGeneral(K.TotalNs / 1e6) : "", "", "",
            "", "", "", "", "", Notes});
      continue;
    }
    const KernelFinding &F = *K.Finding;
    Emit({F.Device, "profiled", std::string(modelKindKey(F.Model)),
          regimeName(F.Verdict), F.Balanced ? "yes" : "no",
          F.RoofTime ? std::string(roofKindKey(F.RoofTime->Kind)) : "",
          F.RoofTime ? formatGeneral(F.RoofTime->Ms) : "",
          formatGeneral(F.FloorMs), formatGeneral(F.PredictedMs),
          std::string(F.SetBy.key()), csvNumber(F.MeasuredMs),
          csvNumber(F.headroom()), csvNumber(F.headroomToRoof()),
          csvNumber(F.headroomToCap()), "", "", "", "", Notes});
    for (const TargetFinding &T : F.Targets)
      Emit({T.Device, "target", std::string(modelKindKey(T.Model)),
            regimeName(T.Verdict), "", "", "", formatGeneral(T.FloorMs),
            formatGeneral(T.PredictedMs), std::string(T.SetBy.key()), "", "",
            "", "", formatGeneral(T.ProjectedMs), csvNumber(T.EUtil),
            regimeName(T.HereVerdict), T.verdictChanges() ? "yes" : "no", ""});
  }
}

} // namespace headroom
