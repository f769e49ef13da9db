//===- ReportMain.cpp - headroom report -----------------------------------===//
///
/// \file
/// `headroom report --profile FILE --device NAME|PATH`: the kernels of a
/// profile, most GPU time first, as compiler-style diagnostics at their
/// definitions and launch sites, or as JSON, SARIF, CSV or one HTML page
/// with the roofline and quadrant-split charts; --target projects every
/// kernel onto other GPUs.
///
//===----------------------------------------------------------------------===//

#include "AnalysisArgs.h"
#include "Subcommands.h"
#include "ToolSupport.h"
#include "support/CommandLine.h"

#include "checks/Report.h"
#include "report/HtmlReport.h"
#include "report/ReportCsv.h"
#include "report/ReportJson.h"
#include "report/Sarif.h"
#include "report/TextDiagnosticPrinter.h"

#include <fstream>
#include <iostream>

namespace headroom {

int reportMain(const Args &A) {
  CommandLine Cmd("headroom report",
                  "--profile FILE --device NAME|PATH [--target NAME|PATH...] "
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
  std::optional<ParsedArgs> Parsed;
  if (std::optional<int> Done = parseArguments(Cmd, A, Parsed))
    return *Done;
  auto Request = analysisRequest(*Parsed, "report");
  if (!Request)
    return failWith(Request.error());
  auto Format = analysisFormat(*Parsed, "report",
                               {"text", "json", "sarif", "csv", "html"});
  if (!Format)
    return failWith(Format.error());
  Request->Targets = Parsed->getAll("target");
  auto Loaded = loadReport(*Request, DeviceRegistry::fromEnvironment());
  if (!Loaded)
    return failWith(Loaded.error());
  const Analysis &R = **Loaded;

  // Straight to the destination: a report of 10,000 kernels is tens of MB.
  std::ofstream File;
  std::ostream *OS = openAnalysisOutput(*Parsed, File, "report");
  if (!OS)
    return 1;
  if (*Format == "text") {
    printTextDiagnostics(R.Diagnostics, *OS, colorWanted(*Parsed));
  } else if (*Format == "json") {
    writeReportJson(*OS, R);
  } else if (*Format == "sarif") {
    SarifOptions Options{HEADROOM_VERSION, R.Source.Path};
    writeSarif(*OS, R.Diagnostics, Options);
  } else if (*Format == "csv") {
    writeReportCsv(*OS, R);
  } else {
    writeHtmlReport(*OS, R, HEADROOM_VERSION);
  }
  if (!finishAnalysisOutput(*OS, *Parsed, "report"))
    return 1;
  keepUntilExit(std::move(*Loaded));
  return 0;
}

} // namespace headroom
