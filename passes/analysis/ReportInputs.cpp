//===- ReportInputs.cpp - Loading what report and lint analyze ------------===//

#include "analysis/ReportInputs.h"

#include "schema/ProfileReader.h"

namespace headroom {

Expected<std::unique_ptr<Analysis>>
loadAnalysis(const ReportRequest &R, const DeviceRegistry &Registry) {
  auto Device = Registry.lookup(R.Device);
  if (!Device)
    return Device.error();
  AnalysisOptions Options;
  Options.Model = R.Model;
  Options.SourceRoot = R.SourceRoot;
  for (const std::string &T : R.Targets) {
    auto Target = Registry.lookup(T);
    if (!Target)
      return Target.error().context("--target");
    Options.Targets.push_back(std::move(*Target));
  }
  auto Profile = readProfileFile(R.ProfilePath);
  if (!Profile)
    return Profile.error();
  return analyze(std::move(*Profile), std::move(*Device), Options);
}

} // namespace headroom
