//===- ImportMain.cpp - headroom import -----------------------------------===//
///
/// \file
/// `headroom import [-o FILE] [--source PAGE.csv]... [--source-root DIR]
/// RAW.csv|REPORT.ncu-rep`: a headroom.profile/1 of a run Nsight Compute
/// profiled (import/ImportFiles.h), for report, lint, the nvcc wrapper and
/// the editor; `--metrics` prints the metrics to profile with.
///
//===----------------------------------------------------------------------===//

#include "Subcommands.h"
#include "ToolSupport.h"

#include "import/ImportFiles.h"
#include "schema/ProfileWriter.h"

#include <fstream>
#include <iostream>

namespace headroom {

int importMain(const Args &A) {
  CommandLine Cmd(
      "headroom import",
      "[-o FILE] [--source PAGE.csv]... [--source-root DIR] "
      "RAW.csv|REPORT.ncu-rep",
      "Turns a run that Nsight Compute profiled into a headroom.profile/1 for\n"
      "'headroom report', 'lint', 'nvcc' and 'lsp': its raw page (ncu "
      "--import R.ncu-rep\n--csv --page raw --print-units base), each "
      "launch's duration and counters, and\nthe kernels' source pages for "
      "their definitions' lines. A report (.ncu-rep)\nis exported through "
      "the ncu on PATH. See docs/cli.md.");
  Cmd.option("output", "FILE", "write the profile here (default: stdout)")
      .option("source", "PAGE.csv",
              "a kernel's source page (ncu --import R --csv --page source "
              "--print-source sass,cuda -k KERNEL -c 1), which locates its "
              "definition",
              /*Repeatable=*/true)
      .option("source-root", "DIR",
              "where the sources are here: a recorded file that is not found "
              "is looked for under DIR by its trailing components")
      .flag("metrics", "print the metrics to profile with, comma-separated "
                       "for ncu --metrics, and exit")
      .argument("RAW.csv|REPORT.ncu-rep",
                "the raw page's CSV export, or the report itself")
      .alias('o', "output");
  std::optional<ParsedArgs> Parsed;
  if (std::optional<int> Done = parseArguments(Cmd, A, Parsed))
    return *Done;
  if (Parsed->has("metrics")) {
    std::cout << ncu::importedMetrics() << "\n";
    return 0;
  }
  if (Parsed->Positionals.size() != 1)
    return failWith(
        Error(Parsed->Positionals.empty()
                  ? "no raw page given (run 'headroom import --help')"
                  : "one raw page or report at a time, got " +
                        std::to_string(Parsed->Positionals.size()) +
                        " (give source pages with --source)"));
  ncu::ImportRequest Request;
  Request.Input = Parsed->Positionals.front();
  Request.SourcePages = Parsed->getAll("source");
  Request.SourceRoot = Parsed->get("source-root").value_or("");
  Expected<ncu::ImportedProfile> Result = ncu::importFiles(Request);
  if (!Result)
    return failWith(Result.error());
  for (const std::string &W : Result->Warnings)
    printWarning(W);
  std::string Text = profileText(Result->Profile);
  std::optional<std::string> Out = Parsed->get("output");
  if (!Out) {
    std::cout << Text;
    return 0;
  }
  std::ofstream OS(*Out, std::ios::binary);
  if (!OS || !(OS << Text) || !OS.flush()) {
    // Exit status 1: output that cannot be written is no input error.
    printError(*Out + ": cannot write the profile");
    return 1;
  }
  std::cerr << commandName() << ": " << Result->Launches << " launch"
            << (Result->Launches == 1 ? "" : "es") << " of "
            << Result->Profile.Sites.size() << " kernel"
            << (Result->Profile.Sites.size() == 1 ? "" : "s") << " into "
            << *Out << "\n";
  return 0;
}

} // namespace headroom
