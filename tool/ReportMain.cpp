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

#include "CommandLine.h"
#include "Subcommands.h"
#include "ToolSupport.h"

#include "report/HtmlReport.h"
#include "report/ReportCsv.h"
#include "report/ReportInputs.h"
#include "report/ReportJson.h"
#include "report/Sarif.h"
#include "report/TextDiagnosticPrinter.h"

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>

namespace headroom {

int reportMain(const Args &A) {
  CommandLine Cmd("report",
                  "--profile FILE --device NAME|PATH [--target NAME|PATH...] "
                  "[options]",
                  "Prints, for each kernel of a profile written by an "
                  "instrumented program,\nwhether it is compute- or "
                  "memory-bound on the device it ran on and how far its\n"
                  "measured time is from the model's floor, as compiler "
                  "diagnostics (or JSON,\nSARIF, CSV, or an HTML page with "
                  "the roofline and quadrant-split charts).\nCheck names: "
                  "docs/diagnostics.md.");
  Cmd.option("profile", "FILE",
             "profile written by the runtime "
             "(headroom.profile/1)")
      .option("device", "NAME|PATH",
              "the GPU the profile was recorded on: a name from 'headroom "
              "devices' or a device file")
      .option("target", "NAME|PATH",
              "also project every kernel onto this GPU (thesis ch. 5, with "
              "the E_util correction)",
              /*Repeatable=*/true)
      .option("format", "FORMAT", "text (default), json, sarif, csv or html")
      .option("output", "FILE", "write the report here instead of stdout")
      .option("source-root", "DIR",
              "resolve the profile's relative source paths here to check "
              "that sites still match (default: .)")
      .flag("no-source-check", "do not compare the profile's sites with the "
                               "sources")
      .flag("optimistic-int", "use the optimistic-integer variant of the "
                              "model for integer kernels")
      .flag("color", "color the text diagnostics (default: when stdout is "
                     "a terminal and NO_COLOR is unset)")
      .flag("no-color", "do not color the text diagnostics")
      .alias('o', "output")
      .alias('d', "device")
      .alias('p', "profile")
      .alias('t', "target");
  auto Parsed = Cmd.parse(A);
  if (!Parsed)
    return failWith(Parsed.error());
  if (Parsed->has("help")) {
    Cmd.printHelp(std::cout);
    return 0;
  }
  if (!Parsed->Positionals.empty())
    return failWith(Error("headroom report: unexpected argument '" +
                          Parsed->Positionals.front() + "'"));
  auto ProfilePath = Parsed->get("profile");
  auto DeviceArg = Parsed->get("device");
  if (!ProfilePath || !DeviceArg)
    return failWith(Error("headroom report: --profile and --device are "
                          "required (see 'headroom report --help')"));
  std::string Format = Parsed->get("format").value_or("text");
  if (Format != "text" && Format != "json" && Format != "sarif" &&
      Format != "csv" && Format != "html")
    return failWith(Error("headroom report: --format: expected text, json, "
                          "sarif, csv or html, got '" +
                          Format + "'"));

  ReportRequest Request;
  Request.ProfilePath = *ProfilePath;
  Request.Device = *DeviceArg;
  Request.Targets = Parsed->getAll("target");
  Request.Model.OptimisticInt = Parsed->has("optimistic-int");
  Request.SourceRoot = Parsed->has("no-source-check")
                           ? std::string()
                           : Parsed->get("source-root").value_or(".");
  auto Loaded = loadAnalysis(Request, DeviceRegistry::fromEnvironment());
  if (!Loaded)
    return failWith(Loaded.error());
  const Analysis &R = **Loaded;

  std::ostringstream Out;
  if (Format == "text") {
    auto Output = Parsed->get("output");
    bool Color = Parsed->has("color") ||
                 (!Output && !Parsed->has("no-color") &&
                  !std::getenv("NO_COLOR") && isatty(STDOUT_FILENO));
    printTextDiagnostics(R.Diagnostics, Out, Color);
  } else if (Format == "json") {
    Out << reportToJson(R).dump(2) << "\n";
  } else if (Format == "sarif") {
    SarifOptions Options{HEADROOM_VERSION, R.Source.Path};
    Out << diagnosticsToSarif(R.Diagnostics, Options).dump(2) << "\n";
  } else if (Format == "csv") {
    writeReportCsv(Out, R);
  } else {
    writeHtmlReport(Out, R, HEADROOM_VERSION);
  }

  if (auto Output = Parsed->get("output")) {
    std::ofstream File(*Output, std::ios::binary);
    File << Out.str();
    File.close();
    if (!File) {
      std::cerr << "headroom: error: " << *Output << ": cannot write the "
                << "report\n";
      return 1;
    }
  } else {
    std::cout << Out.str();
    std::cout.flush();
    if (!std::cout)
      return 1;
  }
  return 0;
}

} // namespace headroom
