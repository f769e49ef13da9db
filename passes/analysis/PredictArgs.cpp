//===- PredictArgs.cpp - headroom predict's options -----------------------===//

#include "analysis/PredictArgs.h"

#include "support/NumberOption.h"

namespace headroom {

CommandLine predictCommandLine() {
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
            "(T_add) with E_mix = 100%");
  CL.alias('c', "counters").alias('d', "device");
  return CL;
}

Expected<PredictFiles> predictRequest(const ParsedArgs &P) {
  std::optional<std::string> CountersPath = P.get("counters");
  if (!CountersPath)
    return Error("headroom predict: --counters <file> is required");
  PredictFiles R;
  R.CountersPath = *CountersPath;
  R.Devices = P.getAll("device");
  R.Reference = P.get("reference");
  if (R.Devices.empty() && !R.Reference)
    return Error("headroom predict: give at least one --device (run "
                 "'headroom devices' to list them)");
  R.Options.OptimisticInt = P.has("optimistic-int");
  if (std::optional<std::string> Ms = P.get("measured-ms")) {
    std::optional<double> Value = parseNumber(*Ms);
    if (!Value || *Value <= 0)
      return Error("headroom predict: --measured-ms expects a positive "
                   "number of milliseconds, got '" +
                   *Ms + "'");
    R.MeasuredMsOverride = *Value;
  }
  return R;
}

} // namespace headroom
