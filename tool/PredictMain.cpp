//===- PredictMain.cpp - headroom predict ---------------------------------===//
///
/// \file
/// `headroom predict`: the thesis model on a counters file for one or more
/// devices, as text, JSON or CSV. A thin layer over headroom_model.
///
//===----------------------------------------------------------------------===//

#include "Subcommands.h"
#include "ToolSupport.h"
#include "support/CommandLine.h"

#include "analysis/PredictionSet.h"
#include "devices/DeviceRegistry.h"
#include "model/CountersFile.h"
#include "support/NumberOption.h"
#include "views/PredictionCsv.h"
#include "views/PredictionJson.h"
#include "views/PredictionText.h"

#include <iostream>

using namespace headroom;

namespace {

CommandLine makeCommandLine() {
  CommandLine CL(
      "headroom predict",
      "--counters <file> --device <name|path> [--device ...] [options]",
      "Predicts, with the quantitative roofline model of Konstantinidis'\n"
      "thesis, whether each kernel of a headroom.counters/1 file is compute-\n"
      "or memory-bound on each device, its attainable throughput and its\n"
      "floor time. With --reference, the measured times (measured_ms in the\n"
      "file, or --measured-ms) are taken as measured on that device: it gets\n"
      "the headroom (measured / predicted) and every device the E_util\n"
      "correction of thesis (5.13).");
  CL.option("counters", "file", "the headroom.counters/1 file to read")
      .option("device", "name|path",
              "a device to predict on: a device name (see 'headroom "
              "devices') or a headroom.device/1 file",
              /*Repeatable=*/true)
      .option("reference", "name|path",
              "the device the counters and measured times come from; "
              "enables headroom and the E_util correction")
      .option("measured-ms", "ms",
              "measured total time of the kernel's launches on the "
              "reference device (single-kernel files; overrides measured_ms)")
      .flag("optimistic-int",
            "optimistic integer variant: int kernels at integer-add cost "
            "(T_add) with E_mix = 100%")
      .option("format", "text|json|csv", "output format (default text)");
  CL.alias('c', "counters").alias('d', "device");
  return CL;
}

} // namespace

int headroom::predictMain(const Args &A) {
  CommandLine CL = makeCommandLine();
  std::optional<ParsedArgs> Parsed;
  if (std::optional<int> Done = parseArguments(CL, A, Parsed))
    return *Done;
  if (!Parsed->Positionals.empty())
    return failWith(Error("headroom predict: unexpected argument '" +
                          Parsed->Positionals.front() +
                          "' (see 'headroom predict --help')"));

  std::string Format = Parsed->get("format").value_or("text");
  if (Format != "text" && Format != "json" && Format != "csv")
    return failWith(Error("headroom predict: --format must be text, json or "
                          "csv, got '" +
                          Format + "'"));
  std::optional<std::string> CountersPath = Parsed->get("counters");
  if (!CountersPath)
    return failWith(Error("headroom predict: --counters <file> is required"));
  std::vector<std::string> DeviceArgs = Parsed->getAll("device");
  std::optional<std::string> ReferenceArg = Parsed->get("reference");
  if (DeviceArgs.empty() && !ReferenceArg)
    return failWith(Error("headroom predict: give at least one --device (run "
                          "'headroom devices' to list them)"));

  PredictionRequest Request;
  Request.Options.OptimisticInt = Parsed->has("optimistic-int");
  if (std::optional<std::string> Ms = Parsed->get("measured-ms")) {
    std::optional<double> Value = parseNumber(*Ms);
    if (!Value || *Value <= 0)
      return failWith(
          Error("headroom predict: --measured-ms expects a positive "
                "number of milliseconds, got '" +
                *Ms + "'"));
    Request.MeasuredMsOverride = *Value;
  }

  Expected<CountersFile> Counters = readCountersFile(*CountersPath);
  if (!Counters)
    return failWith(Counters.error());

  DeviceRegistry Registry = DeviceRegistry::fromEnvironment();
  for (const std::string &Arg : DeviceArgs) {
    Expected<DeviceEntry> E = Registry.lookup(Arg);
    if (!E)
      return failWith(E.error());
    Request.Devices.push_back(std::move(*E));
  }
  if (ReferenceArg) {
    Expected<DeviceEntry> E = Registry.lookup(*ReferenceArg);
    if (!E)
      return failWith(E.error());
    Request.Reference = std::move(*E);
  }

  Expected<PredictionSet> Set =
      buildPredictionSet(std::move(Counters->Kernels), std::move(Request));
  if (!Set)
    return failWith(Set.error());
  Set->Source = *CountersPath;

  if (Format == "json")
    std::cout << predictionsToJson(*Set).dump(2) << "\n";
  else if (Format == "csv")
    writePredictionsCsv(std::cout, *Set);
  else
    writePredictionsText(std::cout, *Set);
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "headroom: error: cannot write the output\n";
    return 1;
  }
  return 0;
}
