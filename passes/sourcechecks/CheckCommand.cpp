//===- CheckCommand.cpp - headroom check, step by step --------------------===//

#include "sourcechecks/CheckCommand.h"

#include "ast/CompileFlags.h"
#include "sourcechecks/SourceCheckRegistry.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <iostream>
#include <map>
#include <set>
#include <sstream>

namespace headroom::sourcechecks {

CommandLine checkCommandLine() {
  CommandLine CL(
      "headroom check", "FILE... [options] [-- <compile flags>]",
      "Checks the CUDA device code of each FILE for what will cost time on\n"
      "the GPU (FP64 promotion, uncoalesced or narrow global loads, shared-\n"
      "memory bank conflicts, divergent loops, loop-invariant transcendental\n"
      "calls, launch configurations), before anything runs. Findings print\n"
      "as clang warnings, [headroom-<check>], with their fix-its; a NOLINT\n"
      "comment silences one, as for clang-tidy. The nearest .headroom file\n"
      "above each FILE configures the checks, as .clang-tidy does (Checks,\n"
      "HeaderFilterRegex, CheckOptions); the options below override it. The\n"
      "device side is parsed with clang (--cuda-device-only). Exit status: 0\n"
      "checked (findings are warnings), 1 findings that are errors\n"
      "(--warnings-as-errors), 2 usage errors, bad .headroom files and files\n"
      "that do not parse.");
  CL.option("build-dir", "dir",
            "take each file's compile command from "
            "<dir>/compile_commands.json (flags after '--' are appended)")
      .alias('p', "build-dir")
      .option("cuda-path", "dir",
              "the CUDA toolkit (default: $CUDA_HOME, else /usr/local/cuda)")
      .option("checks", "list",
              "the checks to run: comma-separated names or globs, '-' before "
              "one to leave it out (default: all), after a .headroom file's "
              "Checks")
      .option("header-filter", "regex",
              "also judge the headers whose names match (default: none; a "
              ".headroom file's HeaderFilterRegex)")
      .option("check-option", "check.threshold=value",
              "set a check's threshold, over a .headroom file's CheckOptions "
              "(repeatable)",
              /*Repeatable=*/true)
      .flag("list-checks", "print the checks --checks selects and exit")
      .flag("fix", "apply the fix-its to the files")
      .flag("warnings-as-errors",
            "report findings as errors and exit 1 when there is any")
      .option("format", "text|json|sarif",
              "text (clang's diagnostics, the default), json "
              "(headroom.check/1) or sarif (SARIF 2.1.0, for code scanning)")
      .option("output", "file", "write the findings here instead of stdout")
      .alias('o', "output")
      .positionals("FILE... are the translation units to check; the flags "
                   "after '--' are the\nclang flags they compile with (-I, "
                   "-D, -std, --cuda-gpu-arch, ...), or nvcc's\n(-arch=sm_90, "
                   "-gencode ..., -Xcompiler ...: read as an nvcc command "
                   "line,\nas '-- nvcc -arch=sm_90 -I...' is).",
                   /*AllowDashDash=*/true);
  return CL;
}

Expected<CheckOptions> checkOptions(const ParsedArgs &P) {
  CheckOptions O;
  O.Files = P.Positionals;
  O.Flags = P.AfterDashDash;
  O.BuildDir = P.get("build-dir");
  O.CudaPath = P.get("cuda-path");
  O.Checks = P.get("checks");
  O.HeaderFilter = P.get("header-filter");
  if (O.HeaderFilter) {
    std::string Why;
    if (!llvm::Regex(*O.HeaderFilter).isValid(Why))
      return Error("--header-filter: expected a regular expression, got '" +
                   *O.HeaderFilter + "' (" + Why + ")");
  }
  for (const std::string &Option : P.getAll("check-option")) {
    size_t Equals = Option.find('=');
    if (Equals == std::string::npos)
      return Error("--check-option: expected <check>.<threshold>=<value>, "
                   "got '" +
                   Option + "'");
    Expected<std::pair<std::string, std::int64_t>> T = parseThreshold(
        Option.substr(0, Equals), Option.substr(Equals + 1), "--check-option");
    if (!T)
      return T.error();
    O.Thresholds[T->first] = T->second;
  }
  O.ListChecks = P.has("list-checks");
  O.Fix = P.has("fix");
  O.WarningsAsErrors = P.has("warnings-as-errors");
  if (std::optional<std::string> Format = P.get("format"))
    O.Format = *Format;
  O.Output = P.get("output");
  return O;
}

Expected<std::vector<const SourceCheck *>>
selectedChecks(const CheckOptions &O, const CheckConfig &Config) {
  if (O.Checks) {
    llvm::Expected<std::vector<const SourceCheck *>> Alone =
        selectSourceChecks(*O.Checks);
    if (!Alone)
      return Error(llvm::toString(Alone.takeError()));
    // A configuration may leave every check out (a vendored directory's
    // `Checks: '-*'`); a command line that does by itself is a mistake.
    if (Alone->empty() && !Config.Checks)
      return Error("--checks '" + *O.Checks + "' selects no check");
  }
  std::string Spec = Config.Checks
                         ? *Config.Checks + (O.Checks ? "," + *O.Checks : "")
                         : O.Checks.value_or("*");
  llvm::Expected<std::vector<const SourceCheck *>> Checks = selectSourceChecks(
      Spec, Config.Checks ? Config.ChecksOrigin : "--checks");
  if (!Checks)
    return Error(llvm::toString(Checks.takeError()));
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
  Request.Settings.AsErrors = O.WarningsAsErrors;
  return Request;
}

CheckDocument checkDocument(const std::vector<CheckResult> &Results) {
  CheckDocument Doc;
  for (const CheckResult &Result : Results) {
    Doc.Files.push_back(Result.MainFile);
    for (const FindingRecord &R : Result.Records) {
      CheckFinding F{R.Check,  R.Severity, R.File, R.Line,
                     R.Column, R.Message,  {}};
      for (const clang::tooling::Replacement &Fix : R.Fixes)
        F.Fixes.push_back({Fix.getFilePath().str(), Fix.getOffset(),
                           Fix.getLength(), Fix.getReplacementText().str()});
      Doc.Findings.push_back(std::move(F));
    }
  }
  for (const SourceCheck *C : sourceCheckCatalog())
    Doc.Rules.push_back({std::string(C->name()), std::string(C->info().Summary),
                         std::string(C->info().Help)});
  return Doc;
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

/// What one file is checked with: its configuration under the command
/// line's.
struct FileRun {
  std::vector<const SourceCheck *> Checks;
  CheckSettings Settings;
};

Expected<FileRun> fileRun(const CheckOptions &O, CheckConfigFinder &Configs,
                          const std::string &File) {
  Expected<CheckConfig> Config = Configs.configFor(File);
  if (!Config)
    return Config.error();
  Expected<std::vector<const SourceCheck *>> Checks =
      selectedChecks(O, *Config);
  if (!Checks)
    return Checks.error();
  FileRun Run;
  Run.Checks = std::move(*Checks);
  Run.Settings.AsErrors = O.WarningsAsErrors;
  Run.Settings.Thresholds = Config->Thresholds;
  for (const auto &[Name, Value] : O.Thresholds)
    Run.Settings.Thresholds[Name] = Value;
  Run.Settings.HeaderFilter =
      O.HeaderFilter ? O.HeaderFilter : Config->HeaderFilter;
  return Run;
}

} // namespace

int runCheckCommand(const CheckOptions &O,
                    const DocumentWriter &WriteDocument) {
  auto Fail = [](const std::string &Message, int Code) {
    std::cerr << "headroom check: error: " << Message << "\n";
    return Code;
  };
  // Every file's configuration first: a bad one stops the run before any
  // file is checked.
  CheckConfigFinder Configs;
  std::vector<FileRun> Runs;
  for (const std::string &File : O.Files) {
    Expected<FileRun> Run = fileRun(O, Configs, File);
    if (!Run)
      return Fail(Run.error().message(), 2);
    Runs.push_back(std::move(*Run));
  }
  std::unique_ptr<llvm::raw_fd_ostream> OutputFile;
  if (O.Output) {
    std::error_code EC;
    OutputFile = std::make_unique<llvm::raw_fd_ostream>(*O.Output, EC);
    if (EC)
      return Fail(*O.Output + ": cannot write the findings: " + EC.message(),
                  2);
  }
  llvm::raw_ostream &Out = OutputFile ? *OutputFile : llvm::outs();
  std::vector<CheckResult> Results;
  std::set<std::string> FindingsSeen;
  bool ParseFailed = false;
  unsigned Findings = 0, Errors = 0;
  for (size_t I = 0; I < O.Files.size(); ++I) {
    const std::string &File = O.Files[I];
    Expected<CheckRequest> Request = checkRequest(O, File);
    if (!Request)
      return Fail(Request.error().message(), 2);
    Request->Checks = Runs[I].Checks;
    Request->RunChecks = !Runs[I].Checks.empty();
    Request->Settings = Runs[I].Settings;
    Request->Settings.FindingsSeen = &FindingsSeen;
    // Printed as clang prints, with the command's diagnostic options
    // (-fno-caret-diagnostics, -fdiagnostics-parseable-fixits, colors).
    std::vector<const char *> Argv;
    for (const std::string &Arg : Request->CommandLine)
      Argv.push_back(Arg.c_str());
    std::unique_ptr<clang::DiagnosticOptions> PrinterOptions =
        clang::CreateAndPopulateDiagOpts(Argv);
    clang::TextDiagnosticPrinter Printer(Out, *PrinterOptions);
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
    for (const FindingRecord &R : Result->Records)
      Errors += R.Severity == "error";
    Results.push_back(std::move(*Result));
  }
  if (O.Format != "text" && WriteDocument) {
    std::ostringstream Document;
    WriteDocument(Document, checkDocument(Results));
    Out << Document.str();
  }
  Out.flush();
  if (OutputFile && OutputFile->has_error())
    return Fail(*O.Output + ": cannot write the findings: " +
                    OutputFile->error().message(),
                2);
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
  return Errors > 0 ? 1 : 0;
}

} // namespace headroom::sourcechecks
