//===- Analysis.cpp - Everything the report says about a profile ----------===//

#include "analysis/Analysis.h"

#include "analysis/DeviceMatch.h"
#include "analysis/SourcePaths.h"
#include "model/UtilizationCorrection.h"

namespace headroom {

namespace {

/// Predicts every modeled kernel on every target; with measured times on the
/// profiled device, E_util (5.13) from there corrects each projection.
void project(Analysis &A) {
  // The Hopper model projects onto the targets that have unit rates.
  std::vector<std::pair<std::string, UnitRates>> Rates;
  for (const DeviceEntry &T : A.Targets)
    if (Expected<UnitRates> R = unitRates(T.Device))
      Rates.emplace_back(T.Device.Name, *R);
  for (KernelReport &K : A.Report.Kernels) {
    if (K.Bounds)
      for (const auto &[Name, R] : Rates)
        K.Bounds->Projections.push_back(projectBounds(*K.Bounds, Name, R));
    if (!K.Parameters || !K.Model)
      continue;
    std::optional<double> EUtil;
    if (K.Model->MeasuredMs)
      if (auto E = utilizationFactor(*K.Model))
        EUtil = *E;
    for (const DeviceEntry &T : A.Targets) {
      auto P = predict(*K.Parameters, T.Device, A.Model);
      if (!P)
        continue; // A target with a non-positive throughput: predict says so
                  // when the device is read; nothing to project.
      if (EUtil)
        applyUtilizationFactor(*P, A.Device.Device.Name, *EUtil);
      K.ChartProjections.push_back(*P);
      // A target the Hopper model projects gets no second, thesis
      // projection: the text, JSON, CSV, HTML and the checks all see one.
      bool ByBounds = false;
      if (K.Bounds)
        for (const BoundsProjection &B : K.Bounds->Projections)
          ByBounds |= B.Device == T.Device.Name;
      if (!ByBounds)
        K.Projections.push_back(std::move(*P));
    }
  }
}

} // namespace

std::unique_ptr<Analysis> analyze(ProfileDocument P, DeviceEntry Device,
                                  const AnalysisOptions &Options) {
  auto A = std::make_unique<Analysis>();
  A->Source = std::move(P);
  // Every view, check and match below sees the files as printed: resolved,
  // and relative to the source root where they lie under it.
  localizeSourcePaths(A->Source, Options.SourceRoot);
  A->Device = std::move(Device);
  A->Model = Options.Model;
  for (const DeviceEntry &T : Options.Targets) {
    bool Repeat = deviceMatches(A->Device.Device, T.Device.Name);
    for (const DeviceEntry &Seen : A->Targets)
      Repeat |= deviceMatches(Seen.Device, T.Device.Name);
    if (!Repeat)
      A->Targets.push_back(T);
  }
  A->ForeignDevices = foreignDevices(A->Source, A->Device.Device);
  A->MeasuredOnDevice = A->ForeignDevices.empty();
  A->Report = analyzeProfile(A->Source, A->Device.Device, A->Model,
                             A->MeasuredOnDevice);
  project(*A);
  if (!Options.SourceRoot.empty())
    A->Sources = checkSites(A->Source, Options.SourceRoot);
  return A;
}

} // namespace headroom
