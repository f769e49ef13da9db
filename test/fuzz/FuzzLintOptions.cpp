//===- FuzzLintOptions.cpp - Fuzzing report's and lint's options ----------===//
///
/// \file
/// The input as the arguments of `headroom lint` (one per line or NUL)
/// through the command-line parser with lint's and report's options, then
/// lint's thresholds, --model and --target as the tool reads them.
///
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "checks/LintArgs.h"
#include "model/Prediction.h"
#include "support/CommandLine.h"

using namespace headroom;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  CommandLine Cmd("headroom lint", "[options]", "fuzzed");
  // The options of tool/AnalysisArgs.cpp that report and lint share.
  Cmd.option("profile", "FILE", "p")
      .option("device", "NAME|PATH", "d")
      .option("format", "FORMAT", "f")
      .option("output", "FILE", "o")
      .option("source-root", "DIR", "s")
      .flag("no-source-check", "s")
      .option("model", "MODEL", "m")
      .flag("optimistic-int", "i")
      .flag("color", "c")
      .flag("no-color", "n")
      .option("target", "NAME|PATH", "t", /*Repeatable=*/true)
      .alias('t', "target")
      .alias('o', "output")
      .alias('p', "profile")
      .alias('d', "device");
  addLintOptions(Cmd);
  Expected<ParsedArgs> P = Cmd.parse(fuzz::arguments(fuzz::text(Data, Size)));
  if (!P)
    return fuzz::checkMessage(P.error()), 0;
  if (auto Model = P->get("model"))
    parseModelChoice(*Model);
  P->getAll("target");
  Expected<LintRequest> R = lintRequest(*P, ReportRequest());
  if (!R)
    return fuzz::checkMessage(R.error()), 0;
  if (R->Options.MaxHeadroom)
    fuzz::checkFinite(*R->Options.MaxHeadroom, "--max-headroom");
  if (R->Options.MaxCapHeadroom)
    fuzz::checkFinite(*R->Options.MaxCapHeadroom, "--max-cap-headroom");
  if (R->Options.MinAttainablePct)
    fuzz::checkFinite(*R->Options.MinAttainablePct, "--min-attainable-pct");
  fuzz::checkFinite(R->Options.NoisePct, "--noise-pct");
  return 0;
}
