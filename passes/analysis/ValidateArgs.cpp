//===- ValidateArgs.cpp - headroom validate's options ---------------------===//

#include "analysis/ValidateArgs.h"

namespace headroom {

CommandLine validateCommandLine() {
  CommandLine Cmd(
      "headroom validate",
      "RECORDED-DIR... --device NAME|PATH [--counters headroom|ncu] "
      "[--from DIR --from-device NAME|PATH]\n       [--sass FILE] [--kernels] "
      "[--format text|markdown|json] [--fit]\n       [--advice PAIRS]",
      "Scores the models on the validation corpus recorded on one GPU\n"
      "(test/validation/recorded/<gpu>): predicted against measured time,\n"
      "floors above the measured time, verdicts against Nsight Compute's\n"
      "Speed of Light, and projections from another GPU's recording.\n"
      "See docs/perf/accuracy.md. With --advice, scores the advice's\n"
      "estimated gains against pairs of cases where the second is the\n"
      "first with the advice applied (docs/perf/advice.md).");
  Cmd.argument("RECORDED-DIR",
               "a recording, e.g. test/validation/recorded/h100-sxm")
      .option("device", "NAME|PATH", "the GPU the recording was made on")
      .option("counters", "headroom|ncu",
              "counters and times from the Headroom runtime (default) or "
              "from Nsight Compute's launches")
      .option("from", "DIR", "another GPU's recording to project from")
      .option("from-device", "NAME|PATH", "the GPU of --from")
      .option("sass", "FILE",
              "the corpus' SASS ('cuobjdump -sass' output), for what the "
              "counters cannot show")
      .option("advice", "PAIRS",
              "score the advice on the pairs of cases PAIRS lists, e.g. "
              "test/validation/advice-pairs.tsv; each case from the first "
              "RECORDED-DIR that has it")
      .flag("kernels", "list every kernel after the summary")
      .flag("fit", "print the fitted model's weights (the device file's "
                   "fitted_model) instead of scores");
  return Cmd;
}

Expected<ValidationRequest> validationRequest(const ParsedArgs &P) {
  ValidationRequest R;
  if (P.has("advice")) {
    for (const char *Other : {"counters", "from", "from-device", "fit"})
      if (P.has(Other))
        return Error(std::string("--advice does not go with --") + Other);
    if (P.Positionals.empty())
      return Error("expected at least one recorded directory");
  } else if (P.Positionals.size() != 1) {
    return Error("expected one recorded directory, got " +
                 std::to_string(P.Positionals.size()));
  }
  R.RecordedDir = P.Positionals.front();
  if (!P.get("device"))
    return Error("--device is required");
  R.Device = *P.get("device");
  std::string Source = P.get("counters").value_or("headroom");
  if (Source != "headroom" && Source != "ncu")
    return Error("--counters: expected headroom or ncu, "
                 "got '" +
                 Source + "'");
  R.Source = Source == "ncu" ? CounterSource::Ncu : CounterSource::Headroom;
  if (P.has("from") != P.has("from-device"))
    return Error("--from and --from-device go together");
  R.FromDir = P.get("from");
  R.FromDevice = P.get("from-device");
  return R;
}

} // namespace headroom
