//===- ReportMain.cpp - headroom report -----------------------------------===//
///
/// \file
/// `headroom report --profile FILE --device NAME|PATH`: the kernels of a
/// profile, most GPU time first, as compiler-style diagnostics at their
/// definitions and launch sites.
///
//===----------------------------------------------------------------------===//

#include "CommandLine.h"
#include "Subcommands.h"
#include "ToolSupport.h"

#include "report/KernelReport.h"
#include "report/ReportDiagnostics.h"
#include "report/TextDiagnosticPrinter.h"

#include <cstdlib>
#include <iostream>
#include <unistd.h>

namespace headroom {

int reportMain(const Args &A) {
  CommandLine Cmd("report", "--profile FILE --device NAME|PATH [options]",
                  "Prints, for each kernel of a profile written by an "
                  "instrumented program,\nwhether it is compute- or "
                  "memory-bound on the device and how far its measured\ntime "
                  "is from the model's floor, as compiler diagnostics.");
  Cmd.option("profile", "FILE", "profile written by the runtime "
                                "(headroom.profile/1)")
      .option("device", "NAME|PATH",
              "device to model on: a name from 'headroom devices' or a "
              "device file")
      .flag("optimistic-int", "use the optimistic-integer variant of the "
                              "model for integer kernels")
      .flag("color", "color the diagnostics (default: when stdout is a "
                     "terminal and NO_COLOR is unset)")
      .flag("no-color", "do not color the diagnostics");
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

  auto Device = DeviceRegistry::fromEnvironment().lookup(*DeviceArg);
  if (!Device)
    return failWith(Device.error());
  auto Profile = readProfile(*ProfilePath);
  if (!Profile)
    return failWith(Profile.error());

  ModelOptions Options;
  Options.OptimisticInt = Parsed->has("optimistic-int");
  ProfileReport Report = analyzeProfile(*Profile, Device->Device, Options);
  if (Report.Kernels.empty()) {
    std::cerr << "headroom: note: " << *ProfilePath
              << " holds no kernel launches: nothing to report\n";
    return 0;
  }
  bool Color = Parsed->has("color") ||
               (!Parsed->has("no-color") && !std::getenv("NO_COLOR") &&
                isatty(STDOUT_FILENO));
  printTextDiagnostics(buildReportDiagnostics(Report, Profile->Warnings),
                       std::cout, Color);
  return 0;
}

} // namespace headroom
