//===- ReportMain.cpp - headroom report -----------------------------------===//
///
/// \file
/// `headroom report --profile FILE [--device NAME|PATH]`: the kernels of a
/// profile, most GPU time first, as compiler-style diagnostics at their
/// definitions and launch sites, or as JSON, SARIF, CSV or one HTML page
/// with the roofline and quadrant-split charts; --target projects every
/// kernel onto other GPUs.
///
//===----------------------------------------------------------------------===//

#include "AnalysisArgs.h"
#include "Subcommands.h"
#include "ToolSupport.h"

#include "checks/Report.h"
#include "support/CommandLine.h"
#include "views/ReportViews.h"

namespace headroom {

namespace {

CommandLine reportCommandLine() {
  CommandLine Cmd("headroom report",
                  "--profile FILE [--device NAME|PATH] [--target NAME|PATH...] "
                  "[options]",
                  "Prints, for each kernel of a profile written by an "
                  "instrumented program,\nwhether it is compute- or "
                  "memory-bound on the device it ran on and how far its\n"
                  "measured time is from the model's floor, as compiler "
                  "diagnostics (or JSON,\nSARIF, CSV, or an HTML page with "
                  "the roofline and quadrant-split charts).\nCheck names: "
                  "docs/diagnostics.md.");
  addAnalysisInputs(Cmd);
  Cmd.option("target", "NAME|PATH",
             "also project every kernel onto this GPU (thesis ch. 5, with "
             "the E_util correction)",
             /*Repeatable=*/true)
      .alias('t', "target");
  addAnalysisOutputs(Cmd, "text (default), json, sarif, csv or html", "report");
  return Cmd;
}

} // namespace

int reportMain(const Args &A) {
  std::optional<ParsedArgs> Parsed;
  if (std::optional<int> Done = parseArguments(reportCommandLine(), A, Parsed))
    return *Done;
  Expected<ReportRequest> Request = analysisRequest(*Parsed, "report");
  if (!Request)
    return failWith(Request.error());
  Expected<const View<Analysis> *> View = viewOption(*Parsed, reportViews());
  if (!View)
    return failWith(View.error());
  Request->Targets = Parsed->getAll("target");
  Expected<std::unique_ptr<Analysis>> Loaded =
      loadReport(*Request, DeviceRegistry::fromEnvironment());
  if (!Loaded)
    return failWith(Loaded.error());
  // Straight to the destination: a report of 10,000 kernels is tens of MB.
  if (!writeView(**View, **Loaded, *Parsed, "report"))
    return 1;
  keepUntilExit(std::move(*Loaded));
  return 0;
}

} // namespace headroom
