//===- ValidateMain.cpp - headroom validate -------------------------------===//
///
/// \file
/// `headroom validate`: the models against the validation corpus' recorded
/// ground truth (analysis/Validation.h), as the accuracy table of
/// docs/perf/accuracy.md; `--fit` prints the fitted model's weights for the
/// device file instead; `--advice PAIRS` scores the advice's estimated
/// gains against the pairs' measured ones (analysis/AdviceValidation.h).
///
//===----------------------------------------------------------------------===//

#include "Subcommands.h"
#include "ToolSupport.h"

#include "analysis/AdviceValidation.h"
#include "analysis/ValidateArgs.h"
#include "devices/FittedModelJson.h"
#include "sass/SassFacts.h"
#include "views/AdviceValidationViews.h"
#include "views/ValidationViews.h"

#include <iostream>

namespace headroom {

int validateMain(const Args &A) {
  CommandLine CL = validateCommandLine();
  CL.option("format", "FORMAT", "text (default), markdown or json");
  std::optional<ParsedArgs> P;
  if (std::optional<int> Done = parseArguments(CL, A, P))
    return *Done;
  Expected<ValidationRequest> Request = validationRequest(*P);
  if (!Request)
    return failWith(Request.error());
  if (std::optional<std::string> Sass = P->get("sass")) {
    auto Facts = sass::readStaticFacts(*Sass);
    if (!Facts)
      return failWith(Facts.error());
    Request->Facts = *Facts;
  }
  DeviceRegistry Registry = DeviceRegistry::fromEnvironment();
  if (P->has("fit")) {
    Expected<FittedWeights> W = fitRecording(*Request, Registry);
    if (!W)
      return failWith(W.error());
    std::cout << fittedModelToJson(*W).dump(2) << "\n";
    return 0;
  }
  std::string Format = P->get("format").value_or("text");
  if (std::optional<std::string> Pairs = P->get("advice")) {
    const View<AdviceValidation> *V = findView(adviceValidationViews(), Format);
    if (!V)
      return failWith(Error("--format: expected " +
                            formatList(adviceValidationViews()) + ", got '" +
                            Format + "'"));
    std::vector<std::string> Dirs = P->Positionals;
    Expected<AdviceValidation> R = validateAdviceRecordings(
        Dirs, Request->Device, *Pairs, Request->Facts.get(), Registry);
    if (!R)
      return failWith(R.error());
    V->write(std::cout, *R, ViewOptions());
    return 0;
  }
  const View<ValidationResult> *V = findView(validationViews(), Format);
  if (!V)
    return failWith(Error("--format: expected " +
                          formatList(validationViews()) + ", got '" + Format +
                          "'"));
  Expected<ValidationResult> R = validateRecording(*Request, Registry);
  if (!R)
    return failWith(R.error());
  ViewOptions Options;
  Options.Detailed = P->has("kernels");
  V->write(std::cout, *R, Options);
  return 0;
}

} // namespace headroom
