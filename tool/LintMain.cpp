//===- LintMain.cpp - headroom lint ---------------------------------------===//
///
/// \file
/// `headroom lint --profile FILE [--device NAME|PATH] [thresholds] [baseline]`:
/// the gate for pre-commit hooks and CI. Exit status 0 when clean, 1 when
/// there are findings, 2 for usage and input errors (docs/lint.md).
///
//===----------------------------------------------------------------------===//

#include "AnalysisArgs.h"
#include "Subcommands.h"
#include "ToolSupport.h"

#include "checks/LintArgs.h"
#include "views/LintViews.h"

#include <iostream>

namespace headroom {

int lintMain(const Args &A) {
  CommandLine Cmd(
      "headroom lint",
      "--profile FILE [--device NAME|PATH] [--max-headroom X] "
      "[--max-cap-headroom X]\n       [--min-attainable-pct P] [--min-gain X] "
      "[--baseline "
      "FILE [--noise-pct N]] [--write-baseline FILE] [options]",
      "Checks a profile against headroom thresholds and a baseline, for "
      "pre-commit\nhooks and CI. Exit status: 0 clean, 1 findings, 2 usage "
      "or input error.\nSee docs/lint.md.");
  addAnalysisInputs(Cmd);
  addLintOptions(Cmd);
  addAnalysisOutputs(Cmd, "text (default), json or sarif", "findings");
  std::optional<ParsedArgs> Parsed;
  if (std::optional<int> Done = parseArguments(Cmd, A, Parsed))
    return *Done;
  Expected<ReportRequest> Inputs = analysisRequest(*Parsed, "lint");
  if (!Inputs)
    return failWith(Inputs.error());
  Expected<const View<LintReport> *> View = viewOption(*Parsed, lintViews());
  if (!View)
    return failWith(View.error());
  Expected<LintRequest> Request = lintRequest(*Parsed, std::move(*Inputs));
  if (!Request)
    return failWith(Request.error());
  Expected<LintReport> Report =
      lint(*Request, DeviceRegistry::fromEnvironment());
  if (!Report)
    return failWith(Report.error());
  if (Report->Result.Status == LintInputError) {
    // Input errors go to standard error, as every command's do; a JSON or
    // SARIF document still carries them where --output or stdout says.
    const auto *Text = findView(lintViews(), "text");
    Text->write(std::cerr, *Report, viewOptions(*Parsed));
    if ((*View)->format() != "text")
      writeView(**View, *Report, *Parsed, "findings");
    return LintInputError;
  }
  if (!writeView(**View, *Report, *Parsed, "findings"))
    return LintInputError;
  if ((*View)->format() != "text")
    std::cerr << Report->summary() << "\n";
  keepUntilExit(std::move(Report->Judged));
  return Report->Result.Status;
}

} // namespace headroom
