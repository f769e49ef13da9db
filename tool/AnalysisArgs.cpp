//===- AnalysisArgs.cpp - Arguments report and lint share -----------------===//

#include "AnalysisArgs.h"
#include "ToolSupport.h"

#include "sass/SassFacts.h"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <unistd.h>

namespace headroom {

void addAnalysisInputs(CommandLine &Cmd) {
  Cmd.option("profile", "FILE",
             "profile written by the runtime "
             "(headroom.profile/1)")
      .option("device", "NAME|PATH|auto",
              "the GPU to model the profile on: a name from 'headroom "
              "devices' or a device file (default auto: the device file "
              "of the GPU the profile was recorded on)")
      .alias('p', "profile")
      .alias('d', "device");
}

void addAnalysisOutputs(CommandLine &Cmd, const std::string &FormatHelp,
                        const std::string &What) {
  Cmd.option("format", "FORMAT", FormatHelp)
      .option("output", "FILE", "write the " + What + " here instead of stdout")
      .option("source-root", "DIR",
              "resolve the profile's relative source paths here to check "
              "that sites still match (default: .)")
      .flag("no-source-check", "do not compare the profile's sites with the "
                               "sources")
      .option("model", "MODEL",
              "auto (default: the Hopper model where the device and the "
              "counters allow it, else the thesis model), hopper, thesis or "
              "fitted (docs/model.md)")
      .flag("optimistic-int", "use the optimistic-integer variant of the "
                              "thesis model for integer kernels")
      .option("group-by", "call|kernel",
              "call (default): the kernels a library call ran (thrust::sort, "
              "cublasSgemm, ...) as one warning at the line that called it; "
              "kernel: each kernel once, whatever called it (docs/report.md)")
      .option(
          "sass", "FILE",
          "the profiled program's SASS ('cuobjdump -sass' output, or "
          "the program itself), for what the counters cannot show "
          "(docs/model.md, \"Load rounds\" and \"L2 atomics\"), and the loops "
          "and loads the stall samples' hot lines wait on "
          "(docs/report.md)")
      .flag("color", "color the text diagnostics (default: when stdout is "
                     "a terminal and NO_COLOR is unset)")
      .flag("no-color", "do not color the text diagnostics")
      .alias('o', "output");
}

Expected<ReportRequest> analysisRequest(const ParsedArgs &P,
                                        const std::string &Command) {
  if (!P.Positionals.empty())
    return Error("unexpected argument '" + P.Positionals.front() + "'");
  auto ProfilePath = P.get("profile");
  if (!ProfilePath)
    return Error("--profile is required (see 'headroom " + Command +
                 " --help')");
  ReportRequest Request;
  Request.ProfilePath = *ProfilePath;
  Request.Device = P.get("device").value_or("auto");
  Request.Model.OptimisticInt = P.has("optimistic-int");
  std::string Model = P.get("model").value_or("auto");
  std::optional<ModelChoice> Choice = parseModelChoice(Model);
  if (!Choice)
    return Error("--model: expected auto, hopper, thesis or fitted, got '" +
                 Model + "'");
  Request.Model.Choice = *Choice;
  std::string Grouping = P.get("group-by").value_or("call");
  std::optional<KernelGrouping> Group = parseKernelGrouping(Grouping);
  if (!Group)
    return Error("--group-by: expected call or kernel, got '" + Grouping + "'");
  Request.Grouping = *Group;
  if (std::optional<std::string> Sass = P.get("sass")) {
    auto Program = sass::readProgramSass(*Sass);
    if (!Program)
      return Program.error();
    Request.Model.Facts = Program->Facts;
    Request.Code = Program->Code;
  }
  Request.SourceRoot = P.has("no-source-check")
                           ? std::string()
                           : P.get("source-root").value_or(".");
  return Request;
}

ViewOptions viewOptions(const ParsedArgs &P) {
  ViewOptions O;
  O.Color = colorWanted(P);
  O.ToolVersion = HEADROOM_VERSION;
  O.Program = commandName();
  O.DocsUri = docsUri();
  O.SourceRoot = P.get("source-root").value_or(".");
  return O;
}

bool colorWanted(const ParsedArgs &P) {
  return P.has("color") || (!P.has("output") && !P.has("no-color") &&
                            !std::getenv("NO_COLOR") && isatty(STDOUT_FILENO));
}

std::ostream *openAnalysisOutput(const ParsedArgs &P, std::ofstream &File,
                                 const std::string &What) {
  auto Output = P.get("output");
  if (!Output)
    return &std::cout;
  File.open(*Output, std::ios::binary);
  if (!File) {
    printError(*Output + ": cannot write the " + What);
    return nullptr;
  }
  return &File;
}

bool finishAnalysisOutput(std::ostream &OS, const ParsedArgs &P,
                          const std::string &What) {
  OS.flush();
  if (OS)
    return true;
  printError(P.get("output").value_or("<stdout>") + ": cannot write the " +
             What);
  return false;
}

void keepUntilExit(std::unique_ptr<Analysis> A) {
  static Analysis *volatile Kept = nullptr;
  Kept = A.release();
}

} // namespace headroom
