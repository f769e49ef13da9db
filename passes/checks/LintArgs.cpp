//===- LintArgs.cpp - headroom lint's own options -------------------------===//

#include "checks/LintArgs.h"

#include "support/NumberOption.h"

#include <cmath>

namespace headroom {

void addLintOptions(CommandLine &Cmd) {
  Cmd.option("max-headroom", "X",
             "fail kernels that run more than X times slower than their "
             "roof (the headroom each warning states)")
      .option("min-attainable-pct", "P",
              "fail kernels that reach less than P% of their roof (= 100 / "
              "headroom)")
      .option("max-cap-headroom", "X",
              "fail kernels that run more than X times slower than the "
              "model predicts (the headroom to their cap)")
      .option("min-gain", "X",
              "fail kernels whose best advice is estimated to make them X "
              "times faster or more (docs/advice.md)")
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
    return MaxHeadroom.error();
  R.Options.MaxHeadroom = *MaxHeadroom;
  auto MaxCap = numberOption(P, "max-cap-headroom", 0, INFINITY,
                             "a positive number such as 1.2");
  if (!MaxCap)
    return MaxCap.error();
  R.Options.MaxCapHeadroom = *MaxCap;
  auto MinGain =
      numberOption(P, "min-gain", 1, INFINITY, "a number above 1 such as 1.5");
  if (!MinGain)
    return MinGain.error();
  R.Options.MinGain = *MinGain;
  auto MinPct = numberOption(P, "min-attainable-pct", 0, 100,
                             "a percentage in (0, 100] such as 50");
  if (!MinPct)
    return MinPct.error();
  R.Options.MinAttainablePct = *MinPct;
  auto Noise = numberOption(P, "noise-pct", -1e-300, INFINITY,
                            "a non-negative percentage such as 5");
  if (!Noise)
    return Noise.error();
  if (*Noise && !R.BaselinePath)
    return Error("--noise-pct needs --baseline");
  R.Options.NoisePct = Noise->value_or(DefaultNoisePct);
  R.Options.StrictSites = P.has("strict-sites");
  return R;
}

} // namespace headroom
