//===- LintMain.cpp - headroom lint ---------------------------------------===//
///
/// \file
/// `headroom lint --profile FILE --device NAME|PATH [thresholds] [baseline]`:
/// the gate for pre-commit hooks and CI. Exit status 0 when clean, 1 when
/// there are findings, 2 for usage and input errors (docs/lint.md).
///
//===----------------------------------------------------------------------===//

#include "AnalysisArgs.h"
#include "Subcommands.h"
#include "ToolSupport.h"

#include "checks/Lint.h"
#include "support/CommandLine.h"
#include "support/NumberOption.h"
#include "views/LintViews.h"

#include <cmath>
#include <iostream>

namespace headroom {

namespace {

CommandLine lintCommandLine() {
  CommandLine Cmd(
      "headroom lint",
      "--profile FILE --device NAME|PATH [--max-headroom X] "
      "[--min-attainable-pct P]\n       [--baseline FILE [--noise-pct N]] "
      "[--write-baseline FILE] [options]",
      "Checks a profile against headroom thresholds and a baseline, for "
      "pre-commit\nhooks and CI. Exit status: 0 clean, 1 findings, 2 usage "
      "or input error.\nSee docs/lint.md.");
  addAnalysisInputs(Cmd);
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
              "write this profile's times as a baseline (headroom.baseline/1)");
  addAnalysisOutputs(Cmd, "text (default), json or sarif", "findings");
  return Cmd;
}

/// The thresholds and the baseline of the gate, or the usage error.
Expected<LintRequest> lintRequest(const ParsedArgs &P, ReportRequest Inputs) {
  LintRequest R;
  R.Inputs = std::move(Inputs);
  R.BaselinePath = P.get("baseline");
  R.WritesBaseline = P.has("write-baseline");
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
  return R;
}

} // namespace

int lintMain(const Args &A) {
  std::optional<ParsedArgs> Parsed;
  if (std::optional<int> Done = parseArguments(lintCommandLine(), A, Parsed))
    return *Done;
  Expected<ReportRequest> Inputs = analysisRequest(*Parsed, "lint");
  if (!Inputs)
    return failWith(Inputs.error());
  Expected<const View<LintReport> *> View =
      viewOption(*Parsed, "lint", lintViews());
  if (!View)
    return failWith(View.error());
  Expected<LintRequest> Request = lintRequest(*Parsed, std::move(*Inputs));
  if (!Request)
    return failWith(Request.error());
  Expected<LintReport> Report = lint(*Request, DeviceRegistry::fromEnvironment());
  if (!Report)
    return failWith(Report.error());
  if (auto Path = Parsed->get("write-baseline");
      Path && Report->Result.Status != LintInputError)
    if (Status S = writeBaselineFile(*Path, makeBaseline(*Report->Judged)); !S)
      return failWith(S.error());
  if (!writeView(**View, *Report, *Parsed, "findings"))
    return LintInputError;
  if ((*View)->format() != "text")
    std::cerr << Report->summary() << "\n";
  keepUntilExit(std::move(Report->Judged));
  return Report->Result.Status;
}

} // namespace headroom
