//===- PredictArgs.cpp - headroom predict's options -----------------------===//

#include "analysis/PredictArgs.h"

#include "support/NumberOption.h"

namespace headroom {

CommandLine predictCommandLine() {
  CommandLine CL(
      "headroom predict",
      "--counters <file> --device <name|path> [--device ...] [options]",
      "Predicts whether each kernel is compute-, memory- or latency-bound on\n"
      "each device and the time it takes. A profile (--profile: the\n"
      "runtime's, or what 'headroom import' made of Nsight Compute's export;\n"
      "--ncu: that export itself) runs the model 'report' would: the Hopper\n"
      "model where the device file has its rates and the kernel its\n"
      "counters, else the thesis model (--model picks one); its own GPU\n"
      "compares the measured times. A headroom.counters/1 file (--counters)\n"
      "has no launch configuration, which the Hopper model needs: it runs\n"
      "the quantitative roofline model of Konstantinidis' thesis, the\n"
      "attainable throughput and floor time; with --reference, its measured\n"
      "times (measured_ms, or --measured-ms) are taken as measured on that\n"
      "device: it gets the headroom (measured / predicted) and every device\n"
      "the E_util correction of thesis (5.13).");
  CL.option("counters", "file", "the headroom.counters/1 file to read")
      .option("profile", "file",
              "a headroom.profile/1 to read instead: the runtime's, merged, "
              "or imported from Nsight Compute")
      .option("ncu", "file",
              "Nsight Compute's raw page (CSV) or report (.ncu-rep) to read "
              "instead, as 'headroom import' reads it")
      .option("model", "MODEL",
              "auto (default), hopper, thesis or fitted (docs/model.md); a "
              "counters file runs the thesis model")
      .option("device", "name|path",
              "a device to predict on: a device name (see 'headroom "
              "devices') or a headroom.device/1 file; for a profile, "
              "default: the GPU it was recorded on",
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
  std::optional<std::string> Profile = P.get("profile"), Ncu = P.get("ncu");
  if (!CountersPath && !Profile && !Ncu)
    return Error("--counters, --profile or --ncu <file> is required");
  if (bool(CountersPath) + bool(Profile) + bool(Ncu) > 1)
    return Error("give one of --counters, --profile and --ncu");
  PredictFiles R;
  std::string Model = P.get("model").value_or("auto");
  std::optional<ModelChoice> Choice = parseModelChoice(Model);
  if (!Choice)
    return Error("--model: expected auto, hopper, thesis or fitted, got '" +
                 Model + "'");
  R.Options.Choice = *Choice;
  R.Devices = P.getAll("device");
  R.Reference = P.get("reference");
  if (Profile || Ncu) {
    R.ProfilePath = Profile.value_or("");
    R.NcuPath = Ncu.value_or("");
    if (R.Reference || P.get("measured-ms"))
      return Error(std::string(R.Reference ? "--reference" : "--measured-ms") +
                   " is for counters files: a profile names the GPU it was "
                   "recorded on, and its times there");
    R.Options.OptimisticInt = P.has("optimistic-int");
    return R;
  }
  R.CountersPath = *CountersPath;
  if (*Choice == ModelChoice::Hopper || *Choice == ModelChoice::Fitted)
    return Error("--model " + Model +
                 ": a counters file has no launch configuration, which it "
                 "needs; give a profile (--profile, or Nsight Compute's "
                 "export with --ncu)");
  if (R.Devices.empty() && !R.Reference)
    return Error("give at least one --device (run "
                 "'headroom devices' to list them)");
  R.Options.OptimisticInt = P.has("optimistic-int");
  if (std::optional<std::string> Ms = P.get("measured-ms")) {
    std::optional<double> Value = parseNumber(*Ms);
    if (!Value || *Value <= 0)
      return Error("--measured-ms expects a positive "
                   "number of milliseconds, got '" +
                   *Ms + "'");
    R.MeasuredMsOverride = *Value;
  }
  return R;
}

} // namespace headroom
