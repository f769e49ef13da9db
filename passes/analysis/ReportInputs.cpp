//===- ReportInputs.cpp - Loading what report and lint analyze ------------===//

#include "analysis/ReportInputs.h"

#include "analysis/ProfileDevice.h"
#include "model/UnitRates.h"
#include "schema/ProfileReader.h"

namespace headroom {

Expected<std::unique_ptr<Analysis>>
loadAnalysis(const ReportRequest &R, const DeviceRegistry &Registry) {
  auto Profile = readProfileFile(R.ProfilePath);
  if (!Profile)
    return Profile.error();
  auto Device = deviceForProfile(*Profile, {R.Device, "--device"},
                                 R.ProfilePath, Registry);
  if (!Device)
    return Device.error();
  // An explicit choice of the Hopper or the fitted model needs what they
  // run on; auto falls back to the thesis model instead.
  ModelChoice Choice = R.Model.Choice;
  if (Choice == ModelChoice::Hopper || Choice == ModelChoice::Fitted)
    if (Expected<UnitRates> Rates = unitRates(Device->Device); !Rates)
      return Rates.error().context(std::string("--model ") +
                                   modelChoiceName(Choice));
  if (Choice == ModelChoice::Fitted && !Device->Device.Fitted)
    return Error(std::string("--model fitted: device '") + Device->Device.Name +
                 "' has no fitted_model (fit one with `headroom validate "
                 "--fit`, docs/perf/accuracy.md)");
  AnalysisOptions Options;
  Options.Model = R.Model;
  Options.SourceRoot = R.SourceRoot;
  Options.Grouping = R.Grouping;
  Options.Code = R.Code;
  for (const std::string &T : R.Targets) {
    auto Targets = Registry.lookupTargets(T);
    if (!Targets)
      return Targets.error().context("--target");
    for (DeviceEntry &E : *Targets)
      Options.Targets.push_back(std::move(E));
  }
  return analyze(std::move(*Profile), std::move(*Device), Options);
}

} // namespace headroom
