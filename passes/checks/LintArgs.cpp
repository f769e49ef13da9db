//===- LintArgs.cpp - headroom lint's own options -------------------------===//

#include "checks/LintArgs.h"

#include "support/NumberOption.h"

#include <cmath>

namespace headroom {

void addLintOptions(CommandLine &Cmd) {
  Cmd.option("max-headroom", "X",
             "fail kernels whose measured time exceeds X times the model's "
             "floor")
      .option("min-attainable-pct", "P",
              "fail kernels that achieve less than P% of their attainable "
              "throughput (= 100 / headroom)")
      .option("baseline", "FILE",
              "fail kernels whose measured or predicted time per launch grew "
              "beyond the noise margin since this baseline")
      .option("noise-pct", "N",
              "growth (%) below which a time is noise (default: 5)")
      .option("write-baseline", "FILE",
              "write this profile's times as a baseline (headroom.baseline/1)")
      .flag("strict-sites",
            "fail when the profile's launch sites no longer match the "
            "sources (default: warn)");
}

Expected<LintRequest> lintRequest(const ParsedArgs &P, ReportRequest Inputs) {
  LintRequest R;
  R.Inputs = std::move(Inputs);
  R.BaselinePath = P.get("baseline");
  R.BaselineOutput = P.get("write-baseline");
  auto MaxHeadroom = numberOption(P, "max-headroom", 0, INFINITY,
                                  "a positive number such as 1.5");
  if (!MaxHeadroom)
    return MaxHeadroom.error().context("headroom lint");
  R.Options.MaxHeadroom = *MaxHeadroom;
  auto MinPct = numberOption(P, "min-attainable-pct", 0, 100,
                             "a percentage in (0, 100] such as 50");
  if (!MinPct)
    return MinPct.error().context("headroom lint");
  R.Options.MinAttainablePct = *MinPct;
  auto Noise = numberOption(P, "noise-pct", -1e-300, INFINITY,
                            "a non-negative percentage such as 5");
  if (!Noise)
    return Noise.error().context("headroom lint");
  if (*Noise && !R.BaselinePath)
    return Error("headroom lint: --noise-pct needs --baseline");
  R.Options.NoisePct = Noise->value_or(DefaultNoisePct);
  R.Options.StrictSites = P.has("strict-sites");
  return R;
}

} // namespace headroom
