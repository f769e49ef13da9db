//===- CheckCommand.cpp - headroom check, step by step --------------------===//

#include "sourcechecks/CheckCommand.h"

#include "ast/CompileFlags.h"
#include "sourcechecks/SourceCheckRegistry.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <iostream>
#include <map>

namespace headroom::sourcechecks {

CommandLine checkCommandLine() {
  CommandLine CL(
      "headroom check", "FILE... [options] [-- <compile flags>]",
      "Checks the CUDA device code of each FILE for what will cost time on\n"
      "the GPU (FP64 promotion, uncoalesced or narrow global loads, shared-\n"
      "memory bank conflicts, divergent loops, loop-invariant transcendental\n"
      "calls, launch configurations), before anything runs. Findings print\n"
      "as clang warnings, [headroom-<check>], with their fix-its. The device\n"
      "side is parsed with clang (--cuda-device-only). Exit status: 0 checked\n"
      "(findings are warnings), 1 findings with --warnings-as-errors, 2 usage\n"
      "errors and files that do not parse.");
  CL.option("build-dir", "dir",
            "take each file's compile command from "
            "<dir>/compile_commands.json (flags after '--' are appended)")
      .alias('p', "build-dir")
      .option("cuda-path", "dir",
              "the CUDA toolkit (default: $CUDA_HOME, else /usr/local/cuda)")
      .option("checks", "list",
              "the checks to run: comma-separated names or globs, '-' before "
              "one to leave it out (default: all)")
      .flag("list-checks", "print the checks --checks selects and exit")
      .flag("fix", "apply the fix-its to the files")
      .flag("warnings-as-errors",
            "report findings as errors and exit 1 when there is any")
      .option("format", "text|json",
              "text (clang's diagnostics, the default) or json "
              "(headroom.check/1)")
      .positionals("FILE... are the translation units to check; the flags "
                   "after '--' are the\nclang flags they compile with (-I, "
                   "-D, -std, --cuda-gpu-arch, ...), or an\nnvcc command "
                   "line: '-- nvcc -arch=sm_90 -I...'.",
                   /*AllowDashDash=*/true);
  return CL;
}

Expected<CheckOptions> checkOptions(const ParsedArgs &P) {
  CheckOptions O;
  O.Files = P.Positionals;
  O.Flags = P.AfterDashDash;
  O.BuildDir = P.get("build-dir");
  O.CudaPath = P.get("cuda-path");
  if (std::optional<std::string> Checks = P.get("checks"))
    O.Checks = *Checks;
  O.ListChecks = P.has("list-checks");
  O.Fix = P.has("fix");
  O.WarningsAsErrors = P.has("warnings-as-errors");
  if (std::optional<std::string> Format = P.get("format"))
    O.Format = *Format;
  if (O.Format != "text" && O.Format != "json")
    return Error("--format: expected 'text' or 'json', got '" + O.Format + "'");
  return O;
}

Expected<std::vector<const SourceCheck *>>
selectedChecks(const CheckOptions &O) {
  llvm::Expected<std::vector<const SourceCheck *>> Checks =
      selectSourceChecks(O.Checks);
  if (!Checks)
    return Error(llvm::toString(Checks.takeError()));
  if (Checks->empty())
    return Error("--checks '" + O.Checks + "' selects no check");
  return std::move(*Checks);
}

Expected<CheckRequest> checkRequest(const CheckOptions &O,
                                    const std::string &File) {
  ast::HostParseConfig Config;
  Config.Side = ast::ParseSide::Device;
  if (O.CudaPath)
    Config.CudaPath = *O.CudaPath;
  llvm::Expected<ast::HostParseCommand> Command =
      O.BuildDir ? ast::commandFromDatabase(*O.BuildDir, File, O.Flags, Config)
                 : ast::commandFromFlags(File, O.Flags, Config);
  if (!Command)
    return Error(llvm::toString(Command.takeError()));
  CheckRequest Request;
  Request.CommandLine = std::move(Command->CommandLine);
  Request.WorkingDirectory = std::move(Command->Directory);
  Request.WarningsAsErrors = O.WarningsAsErrors;
  return Request;
}

std::string checkResultsJson(const std::vector<CheckResult> &Results) {
  using Json = nlohmann::ordered_json;
  Json Findings = Json::array();
  Json Files = Json::array();
  for (const CheckResult &Result : Results) {
    Files.push_back(Result.MainFile);
    for (const FindingRecord &R : Result.Records) {
      Json Fixes = Json::array();
      for (const clang::tooling::Replacement &Fix : R.Fixes)
        Fixes.push_back({{"file", Fix.getFilePath().str()},
                         {"offset", Fix.getOffset()},
                         {"length", Fix.getLength()},
                         {"text", Fix.getReplacementText().str()}});
      Json F = Json::object();
      if (!R.Check.empty())
        F["check"] = R.Check;
      F["severity"] = R.Severity;
      F["file"] = R.File;
      F["line"] = R.Line;
      F["column"] = R.Column;
      F["message"] = R.Message;
      F["fixes"] = std::move(Fixes);
      Findings.push_back(std::move(F));
    }
  }
  Json Doc = {{"schema", "headroom.check/1"},
              {"files", std::move(Files)},
              {"findings", std::move(Findings)}};
  return Doc.dump(2) + "\n";
}

Expected<unsigned> applyFixes(const std::vector<CheckResult> &Results) {
  std::map<std::string, clang::tooling::Replacements> ByFile;
  unsigned Applied = 0;
  for (const CheckResult &Result : Results)
    for (const FindingRecord &R : Result.Records)
      for (const clang::tooling::Replacement &Fix : R.Fixes) {
        clang::tooling::Replacements &Edits = ByFile[Fix.getFilePath().str()];
        // The same edit from two findings counts once; an edit that
        // overlaps another is left for a second run.
        if (llvm::Error E = Edits.add(Fix))
          llvm::consumeError(std::move(E));
        else
          ++Applied;
      }
  for (const auto &[Path, Edits] : ByFile) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Code =
        llvm::MemoryBuffer::getFile(Path);
    if (!Code)
      return Error("--fix: cannot read '" + Path +
                   "': " + Code.getError().message());
    llvm::Expected<std::string> Fixed =
        clang::tooling::applyAllReplacements((*Code)->getBuffer(), Edits);
    if (!Fixed)
      return Error("--fix: cannot edit '" + Path +
                   "': " + llvm::toString(Fixed.takeError()));
    std::error_code EC;
    llvm::raw_fd_ostream Out(Path, EC);
    if (EC)
      return Error("--fix: cannot write '" + Path + "': " + EC.message());
    Out << *Fixed;
  }
  return Applied;
}

namespace {

std::string plural(unsigned N, const char *What) {
  return std::to_string(N) + " " + What + (N == 1 ? "" : "s");
}

} // namespace

int runCheckCommand(const CheckOptions &O) {
  auto Fail = [](const std::string &Message, int Code) {
    std::cerr << "headroom check: error: " << Message << "\n";
    return Code;
  };
  Expected<std::vector<const SourceCheck *>> Checks = selectedChecks(O);
  if (!Checks)
    return Fail(Checks.error().message(), 2);
  std::vector<CheckResult> Results;
  bool ParseFailed = false;
  unsigned Findings = 0;
  for (const std::string &File : O.Files) {
    Expected<CheckRequest> Request = checkRequest(O, File);
    if (!Request)
      return Fail(Request.error().message(), 2);
    Request->Checks = *Checks;
    // Printed as clang prints, with the command's diagnostic options
    // (-fno-caret-diagnostics, -fdiagnostics-parseable-fixits, colors).
    std::vector<const char *> Argv;
    for (const std::string &Arg : Request->CommandLine)
      Argv.push_back(Arg.c_str());
    std::unique_ptr<clang::DiagnosticOptions> PrinterOptions =
        clang::CreateAndPopulateDiagOpts(Argv);
    clang::TextDiagnosticPrinter Printer(llvm::outs(), *PrinterOptions);
    if (O.Format == "text")
      Request->Findings = &Printer;
    llvm::Expected<CheckResult> Result = runSourceChecks(*Request);
    if (!Result) {
      std::cerr << "headroom check: error: "
                << llvm::toString(Result.takeError()) << "\n";
      ParseFailed = true;
      continue;
    }
    Findings += Result->findingCount();
    Results.push_back(std::move(*Result));
  }
  llvm::outs().flush();
  if (O.Format == "json")
    std::cout << checkResultsJson(Results);
  if (O.Fix) {
    Expected<unsigned> Applied = applyFixes(Results);
    if (!Applied)
      return Fail(Applied.error().message(), 2);
    std::cerr << "headroom check: applied " << plural(*Applied, "fix-it")
              << "\n";
  }
  std::cerr << "headroom check: " << plural(Findings, "finding") << " in "
            << plural(static_cast<unsigned>(Results.size()), "file")
            << " checked";
  if (ParseFailed)
    std::cerr << "; " << (O.Files.size() - Results.size())
              << " could not be parsed (errors above)";
  std::cerr << "\n";
  if (ParseFailed)
    return 2;
  return O.WarningsAsErrors && Findings > 0 ? 1 : 0;
}

} // namespace headroom::sourcechecks
