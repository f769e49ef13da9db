//===- PredictMain.cpp - headroom predict ---------------------------------===//
///
/// \file
/// `headroom predict`: the thesis model on a counters file for one or more
/// devices, as text, JSON or CSV (the options: analysis/PredictArgs.h).
///
//===----------------------------------------------------------------------===//

#include "Subcommands.h"
#include "ToolSupport.h"

#include "analysis/PredictArgs.h"
#include "analysis/ProfileDevice.h"
#include "analysis/ProfilePredictions.h"
#include "import/ImportFiles.h"
#include "schema/ProfileReader.h"
#include "views/PredictionViews.h"
#include "views/ProfilePredictionViews.h"

#include <iostream>

using namespace headroom;

namespace {

/// The profile of `--profile`, or what `headroom import` makes of `--ncu`.
Expected<ProfileDocument> profileOf(const PredictFiles &R) {
  if (R.NcuPath.empty())
    return readProfileFile(R.ProfilePath);
  ncu::ImportRequest Import;
  Import.Input = R.NcuPath;
  Import.ExportSourcePages = false;
  Expected<ncu::ImportedProfile> I = ncu::importFiles(Import);
  if (!I)
    return I.error();
  I->Profile.Path = R.NcuPath;
  return std::move(I->Profile);
}

/// `predict --profile` and `--ncu`: each kernel on each device by the
/// model report would choose there (analysis/ProfilePredictions.h).
int predictProfileMain(const PredictFiles &R, const std::string &Format) {
  const View<ProfilePredictions> *View =
      findView(profilePredictionViews(), Format);
  if (!View)
    return failWith(Error("--format must be " +
                          formatList(profilePredictionViews()) + ", got '" +
                          Format + "'"));
  Expected<ProfileDocument> P = profileOf(R);
  if (!P)
    return failWith(P.error());
  DeviceRegistry Registry = DeviceRegistry::fromEnvironment();
  std::vector<DeviceEntry> Devices;
  for (const std::string &Name : R.Devices) {
    Expected<std::vector<DeviceEntry>> E = Registry.lookupTargets(Name);
    if (!E)
      return failWith(E.error());
    for (DeviceEntry &D : *E)
      Devices.push_back(std::move(D));
  }
  if (Devices.empty()) {
    // The GPU the profile was recorded on, as report finds it.
    Expected<DeviceEntry> Own =
        deviceForProfile(*P, {"", "--device"}, P->Path, Registry);
    if (!Own)
      return failWith(Own.error());
    Devices.push_back(std::move(*Own));
  }
  Expected<ProfilePredictions> Set =
      predictProfile(*P, std::move(Devices), R.Options);
  if (!Set)
    return failWith(Set.error());
  View->write(std::cout, *Set, {});
  std::cout.flush();
  if (!std::cout) {
    failWith(Error("cannot write the output"));
    return 1;
  }
  return 0;
}

} // namespace

int headroom::predictMain(const Args &A) {
  CommandLine CL = predictCommandLine();
  CL.option("format", "text|json|csv", "output format (default text)");
  std::optional<ParsedArgs> Parsed;
  if (std::optional<int> Done = parseArguments(CL, A, Parsed))
    return *Done;
  if (!Parsed->Positionals.empty())
    return failWith(Error("unexpected argument '" +
                          Parsed->Positionals.front() +
                          "' (see 'headroom predict --help')"));
  std::string Format = Parsed->get("format").value_or("text");
  const View<PredictionSet> *View = findView(predictionViews(), Format);
  if (!View)
    return failWith(Error("--format must be " + formatList(predictionViews()) +
                          ", got '" + Format + "'"));
  Expected<PredictFiles> Request = predictRequest(*Parsed);
  if (!Request)
    return failWith(Request.error());
  if (!Request->ProfilePath.empty() || !Request->NcuPath.empty())
    return predictProfileMain(*Request, Format);
  Expected<PredictionSet> Set =
      predictFiles(*Request, DeviceRegistry::fromEnvironment());
  if (!Set)
    return failWith(Set.error());
  View->write(std::cout, *Set, {});
  std::cout.flush();
  if (!std::cout) {
    printError("cannot write the output");
    return 1;
  }
  return 0;
}
