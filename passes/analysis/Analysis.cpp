//===- Analysis.cpp - Everything the report says about a profile ----------===//

#include "analysis/Analysis.h"

#include "analysis/DeviceMatch.h"
#include "analysis/HopperFinding.h"
#include "analysis/HotLineCode.h"
#include "analysis/SourcePaths.h"
#include "analysis/StallLines.h"
#include "analysis/ThesisFinding.h"
#include "model/UtilizationCorrection.h"

#include <algorithm>

namespace headroom {

namespace {

/// Projects every modeled kernel onto every target, each by one model: the
/// Hopper model where the kernel has its bounds and the target its unit
/// rates, else the thesis model, whose projections E_util (5.13) corrects
/// where the time was measured on the profiled device. Adds them to the
/// kernel's finding, with the thesis' chart geometry.
void project(Analysis &A) {
  std::vector<std::pair<std::string, UnitRates>> Rates;
  for (const DeviceEntry &T : A.Targets)
    if (Expected<UnitRates> R = unitRates(T.Device))
      Rates.emplace_back(T.Device.Name, *R);
  for (KernelReport &K : A.Report.Kernels) {
    ModelResults &M = K.Models;
    if (M.Hopper)
      for (const auto &[Name, R] : Rates)
        M.Hopper->Projections.push_back(projectBounds(*M.Hopper, Name, R));
    if (M.Parameters && M.Thesis) {
      std::optional<double> EUtil;
      if (M.Thesis->MeasuredMs)
        if (auto E = utilizationFactor(*M.Thesis))
          EUtil = *E;
      for (const DeviceEntry &T : A.Targets) {
        auto P = predict(*M.Parameters, T.Device, A.Model);
        if (!P)
          continue; // A target with a non-positive throughput: predict says
                    // so when the device is read; nothing to project.
        if (EUtil)
          applyUtilizationFactor(*P, A.Device.Device.Name, *EUtil);
        M.ThesisTargets.push_back(std::move(*P));
      }
    }
    if (!K.Finding)
      continue;
    for (const DeviceEntry &T : A.Targets) {
      const std::string &Name = T.Device.Name;
      auto ByHopper = [&](const BoundsProjection &B) {
        return B.Device == Name;
      };
      auto ByThesis = [&](const Prediction &P) { return P.Device == Name; };
      std::optional<TargetFinding> Found;
      if (M.Hopper) {
        auto It = std::find_if(M.Hopper->Projections.begin(),
                               M.Hopper->Projections.end(), ByHopper);
        if (It != M.Hopper->Projections.end())
          Found = hopperTarget(*It, M.Hopper->regime());
      }
      if (!Found) {
        auto It = std::find_if(M.ThesisTargets.begin(), M.ThesisTargets.end(),
                               ByThesis);
        if (It != M.ThesisTargets.end())
          Found = thesisTarget(*It, *M.Thesis);
      }
      if (!Found)
        continue;
      Found->Generation = describeArchitecture(T.Device);
      K.Finding->Targets.push_back(std::move(*Found));
    }
    orderTargets(K.Finding->Targets);
    if (M.Thesis)
      K.Finding->Chart = ChartGeometry{*M.Thesis, M.ThesisTargets,
                                       levelIntensities(K.Counters, *M.Thesis)};
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
  A->SourceRoot = Options.SourceRoot;
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
                             A->MeasuredOnDevice, Options.Grouping);
  project(*A);
  // Stall-sample notes sit at the first character of their hot lines.
  // With the SASS, they also name their loop and what they wait on.
  for (KernelReport &K : A->Report.Kernels)
    if (K.Stalls) {
      placeHotLines(*K.Stalls, Options.SourceRoot);
      if (Options.Code)
        placeHotLinesInCode(*K.Stalls, *Options.Code);
    }
  if (!Options.SourceRoot.empty())
    A->Sources = checkSites(A->Source, Options.SourceRoot);
  return A;
}

} // namespace headroom
