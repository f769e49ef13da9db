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
#include "support/CommandLine.h"

#include "checks/Lint.h"
#include "checks/Report.h"
#include "report/ReportJson.h"
#include "report/Sarif.h"
#include "report/TextDiagnosticPrinter.h"
#include "schema/SchemaTags.h"
#include "support/Format.h"
#include "support/NumberOption.h"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iostream>

namespace headroom {

namespace {

bool writeFile(const std::string &Path, const std::string &Text) {
  std::ofstream File(Path, std::ios::binary);
  File << Text;
  File.close();
  return static_cast<bool>(File);
}

} // namespace

int lintMain(const Args &A) {
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
  std::optional<ParsedArgs> Parsed;
  if (std::optional<int> Done = parseArguments(Cmd, A, Parsed))
    return *Done;
  auto Request = analysisRequest(*Parsed, "lint");
  if (!Request)
    return failWith(Request.error());
  auto Format = analysisFormat(*Parsed, "lint", {"text", "json", "sarif"});
  if (!Format)
    return failWith(Format.error());

  LintOptions Options;
  auto MaxHeadroom = numberOption(*Parsed, "max-headroom", 0, INFINITY,
                                  "a positive number such as 1.5");
  if (!MaxHeadroom)
    return failWith(MaxHeadroom.error().context("headroom lint"));
  Options.MaxHeadroom = *MaxHeadroom;
  auto MinPct = numberOption(*Parsed, "min-attainable-pct", 0, 100,
                             "a percentage in (0, 100] such as 50");
  if (!MinPct)
    return failWith(MinPct.error().context("headroom lint"));
  Options.MinAttainablePct = *MinPct;
  auto Noise = numberOption(*Parsed, "noise-pct", -1e-300, INFINITY,
                            "a non-negative percentage such as 5");
  if (!Noise)
    return failWith(Noise.error().context("headroom lint"));
  if (*Noise && !Parsed->has("baseline"))
    return failWith(Error("headroom lint: --noise-pct needs --baseline"));
  if (*Noise)
    Options.NoisePct = **Noise;
  std::optional<Baseline> Base;
  if (auto Path = Parsed->get("baseline")) {
    auto B = readBaseline(*Path);
    if (!B)
      return failWith(B.error());
    Base = std::move(*B);
    Options.Compare = &*Base;
  }
  if (!Options.MaxHeadroom && !Options.MinAttainablePct && !Base &&
      !Parsed->has("write-baseline"))
    return failWith(Error("headroom lint: nothing to check: give "
                          "--max-headroom, --min-attainable-pct, --baseline "
                          "or --write-baseline"));

  auto Loaded = loadReport(*Request, DeviceRegistry::fromEnvironment());
  if (!Loaded)
    return failWith(Loaded.error());
  const Analysis &R = **Loaded;
  if (Base && !Base->Device.empty() && Base->Device != R.Device.Device.Name)
    return failWith(Error(Base->Path +
                          ": device: the baseline was "
                          "recorded for '" +
                          Base->Device + "', not '" + R.Device.Device.Name +
                          "'"));

  LintResult Result = runLint(R, Options);

  if (auto Path = Parsed->get("write-baseline");
      Path && Result.Status != LintInputError) {
    if (!writeFile(*Path, baselineToJson(makeBaseline(R)).dump(2) + "\n")) {
      std::cerr << "headroom: error: " << *Path
                << ": cannot write the baseline\n";
      return LintInputError;
    }
  }

  std::ofstream File;
  std::ostream *OS = openAnalysisOutput(*Parsed, File, "findings");
  if (!OS)
    return LintInputError;
  std::string Summary =
      "headroom lint: " +
      (Result.Status == LintInputError
           ? std::string("input error: nothing was checked")
           : (Result.Findings
                  ? std::to_string(Result.Findings) +
                        (Result.Findings == 1 ? " finding" : " findings")
                  : std::string("clean")) +
                 " (" + std::to_string(Result.KernelsChecked) +
                 (Result.KernelsChecked == 1 ? " kernel" : " kernels") +
                 " checked)");
  if (*Format == "text") {
    printTextDiagnostics(Result.Diagnostics, *OS, colorWanted(*Parsed));
    *OS << Summary << "\n";
  } else if (*Format == "json") {
    nlohmann::ordered_json J;
    J["schema"] = LintSchema;
    J["status"] = Result.Status;
    J["findings"] = Result.Findings;
    J["kernels_checked"] = Result.KernelsChecked;
    nlohmann::ordered_json Diags = nlohmann::ordered_json::array();
    for (const Diagnostic &D : Result.Diagnostics)
      Diags.push_back(diagnosticToJson(D));
    J["diagnostics"] = std::move(Diags);
    *OS << std::setw(2) << J << "\n";
  } else {
    SarifOptions SOptions{HEADROOM_VERSION, R.Source.Path};
    writeSarif(*OS, Result.Diagnostics, SOptions);
  }
  if (!finishAnalysisOutput(*OS, *Parsed, "findings"))
    return LintInputError;
  if (*Format != "text")
    std::cerr << Summary << "\n";
  keepUntilExit(std::move(*Loaded));
  return Result.Status;
}

} // namespace headroom
