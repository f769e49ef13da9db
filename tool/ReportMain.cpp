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
#include <iomanip>
#include <iostream>
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

  // Straight to the destination: a report of 10,000 kernels is tens of MB.
  std::ofstream File;
  std::ostream *OS = &std::cout;
  auto Output = Parsed->get("output");
  if (Output) {
    File.open(*Output, std::ios::binary);
    if (!File) {
      std::cerr << "headroom: error: " << *Output << ": cannot write the "
                << "report\n";
      return 1;
    }
    OS = &File;
  }
  if (Format == "text") {
    bool Color = Parsed->has("color") ||
                 (!Output && !Parsed->has("no-color") &&
                  !std::getenv("NO_COLOR") && isatty(STDOUT_FILENO));
    printTextDiagnostics(R.Diagnostics, *OS, Color);
  } else if (Format == "json") {
    writeReportJson(*OS, R);
  } else if (Format == "sarif") {
    SarifOptions Options{HEADROOM_VERSION, R.Source.Path};
    writeSarif(*OS, R.Diagnostics, Options);
  } else if (Format == "csv") {
    writeReportCsv(*OS, R);
  } else {
    writeHtmlReport(*OS, R, HEADROOM_VERSION);
  }
  OS->flush();
  if (!*OS) {
    std::cerr << "headroom: error: " << Output.value_or("<stdout>")
              << ": cannot write the report\n";
    return 1;
  }
  // Like clang's -disable-free: the process ends here, so the analysis (for
  // a large profile, hundreds of thousands of allocations) is not taken
  // apart piece by piece.
  [[maybe_unused]] Analysis *Leaked = Loaded->release();
  return 0;
}

} // namespace headroom
