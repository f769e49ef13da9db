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
#include "views/PredictionViews.h"

#include <iostream>

using namespace headroom;

int headroom::predictMain(const Args &A) {
  CommandLine CL = predictCommandLine();
  CL.option("format", "text|json|csv", "output format (default text)");
  std::optional<ParsedArgs> Parsed;
  if (std::optional<int> Done = parseArguments(CL, A, Parsed))
    return *Done;
  if (!Parsed->Positionals.empty())
    return failWith(Error("headroom predict: unexpected argument '" +
                          Parsed->Positionals.front() +
                          "' (see 'headroom predict --help')"));
  std::string Format = Parsed->get("format").value_or("text");
  const View<PredictionSet> *View = findView(predictionViews(), Format);
  if (!View)
    return failWith(Error("headroom predict: --format must be " +
                          formatList(predictionViews()) + ", got '" + Format +
                          "'"));
  Expected<PredictFiles> Request = predictRequest(*Parsed);
  if (!Request)
    return failWith(Request.error());
  Expected<PredictionSet> Set =
      predictFiles(*Request, DeviceRegistry::fromEnvironment());
  if (!Set)
    return failWith(Set.error());
  View->write(std::cout, *Set, {});
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "headroom: error: cannot write the output\n";
    return 1;
  }
  return 0;
}
