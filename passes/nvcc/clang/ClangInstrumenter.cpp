//===- ClangInstrumenter.cpp - nvcc instruments through Clang -------------===//

#include "nvcc/clang/ClangInstrumenter.h"

#include "ast/HeldDiagnostics.h"
#include "ast/Instrument.h"
#include "sourcechecks/RunChecks.h"
#include "sourcechecks/SourceCheckRegistry.h"
#include "support/Paths.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/raw_ostream.h"

#include <string_view>

namespace headroom::nvcc {

namespace {

/// Keeps the first error clang reports, as `file:line:col: message`, and
/// forwards everything to \p Next when given.
class FirstErrorConsumer : public clang::DiagnosticConsumer {
public:
  explicit FirstErrorConsumer(clang::DiagnosticConsumer *Next) : Next(Next) {}

  void BeginSourceFile(const clang::LangOptions &LO,
                       const clang::Preprocessor *PP) override {
    if (Next)
      Next->BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override {
    if (Next)
      Next->EndSourceFile();
  }
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    // Counted only when shown: clang prints "N errors generated" from the
    // counts, which must not reach a build log that shows no errors.
    if (Next) {
      DiagnosticConsumer::HandleDiagnostic(Level, Info);
      Next->HandleDiagnostic(Level, Info);
    }
    if (Level >= clang::DiagnosticsEngine::Error && First.empty())
      First = ast::describeDiagnostic(Info);
  }

  std::string First;

private:
  clang::DiagnosticConsumer *Next;
};

/// The warning for a check selection the registry refused (\p Why, worded
/// for `headroom check --checks`).
std::string selectionProblem(std::string Why) {
  if (llvm::StringRef(Why).starts_with("--checks: "))
    Why.erase(0, std::string_view("--checks: ").size());
  return "HEADROOM_CHECKS/--headroom-checks: " + Why + "; no source check runs";
}

/// The source checks of one request, run on a parse: the selection, the
/// printer of their findings and what they found.
class ChecksOnParse {
public:
  ChecksOnParse(const InstrumentRequest &Request,
                const std::vector<std::string> &CommandLine)
      : Stream(Text) {
    std::vector<const char *> Argv;
    for (const std::string &A : CommandLine)
      Argv.push_back(A.c_str());
    // As headroom check prints them, with the command's diagnostic options.
    PrinterOptions = clang::CreateAndPopulateDiagOpts(Argv);
    PrinterOptions->ShowColors = Request.Color;
    Printer =
        std::make_unique<clang::TextDiagnosticPrinter>(Stream, *PrinterOptions);
    Checks.Findings = Printer.get();
    llvm::Expected<std::vector<const sourcechecks::SourceCheck *>> Selected =
        sourcechecks::selectSourceChecks(
            Request.CheckSelection.empty() ? "*" : Request.CheckSelection);
    if (Selected)
      Checks.Checks = std::move(*Selected);
    else
      Problem = selectionProblem(llvm::toString(Selected.takeError()));
    // Only the kernels are listed when the checks are off or misselected.
    Run = Request.Checks && Problem.empty();
    Checks.RunChecks = Run;
  }

  /// The consumer to add to a parse.
  std::unique_ptr<clang::ASTConsumer> consumer(clang::CompilerInstance &CI) {
    return sourcechecks::makeChecksConsumer(CI, Checks, Result);
  }
  sourcechecks::CheckRequest &request() { return Checks; }
  sourcechecks::CheckResult &result() { return Result; }

  /// What the parse showed; \p Why when the checks could not run.
  SourceAnalysis analysis(const std::string &Why) {
    SourceAnalysis A;
    A.Problem = Problem;
    for (const sourcechecks::KernelDefinition &K : Result.Kernels)
      A.Kernels.push_back({K.MangledName, K.Name, K.File, K.Line, K.Column});
    A.Checked = Run && Result.Checked;
    if (A.Checked)
      A.Findings = Stream.str();
    else if (Run)
      A.Skipped = Why.empty() ? "the source did not parse without errors" : Why;
    return A;
  }

private:
  std::string Text;
  llvm::raw_string_ostream Stream;
  std::unique_ptr<clang::DiagnosticOptions> PrinterOptions;
  std::unique_ptr<clang::TextDiagnosticPrinter> Printer;
  sourcechecks::CheckRequest Checks;
  sourcechecks::CheckResult Result;
  std::string Problem;
  bool Run = false;
};

} // namespace

Expected<InstrumentOutcome>
ClangInstrumenter::instrument(const InstrumentRequest &Request) {
  llvm::Expected<std::vector<std::string>> CommandLine =
      ast::adjustForHostParse(Request.NvccCommand, Request.Source, Config,
                              Request.WorkingDirectory);
  if (!CommandLine)
    return Error(llvm::toString(CommandLine.takeError()));

  clang::DiagnosticOptions Options;
  clang::TextDiagnosticPrinter Printer(llvm::errs(), Options);
  FirstErrorConsumer Errors(Request.Verbose ? &Printer : nullptr);
  ChecksOnParse Checks(Request, *CommandLine);
  ast::InstrumentRequest Parse;
  Parse.AlsoConsume = [&Checks](clang::CompilerInstance &CI) {
    return Checks.consumer(CI);
  };
  Parse.CommandLine = std::move(*CommandLine);
  Parse.WorkingDirectory = Request.WorkingDirectory;
  Parse.Diagnostics = &Errors;
  Parse.Pch.Directory = Request.PchDirectory;
  Parse.Pch.Identity = Request.Identity;
  Parse.HeaderFilter = Request.HeaderFilter;
  for (const std::string &Dir : Request.LibraryHeaders)
    Parse.LibraryHeaders.push_back(absolutePath(Dir, Request.WorkingDirectory));
  if (!Request.HeaderFilter.empty())
    Parse.HeaderDirectory =
        absolutePath(Request.HeaderDirectory, Request.WorkingDirectory);
  llvm::Expected<ast::InstrumentResult> Result = ast::instrument(Parse);
  if (!Result) {
    std::string Launch;
    std::string Why = llvm::toString(llvm::handleErrors(
        Result.takeError(),
        [&](const ast::UnclearLaunchError &E) { Launch = E.launch(); }));
    // The first error may be elsewhere (tolerated there): only the launch
    // is named.
    if (!Launch.empty())
      return Error("clang cannot compile the code of " + Launch);
    if (!Errors.First.empty())
      return Error("clang cannot parse it as CUDA host code (" + Errors.First +
                   ")");
    return Error(Why);
  }

  InstrumentOutcome Outcome;
  Outcome.Text = std::move(Result->Source);
  Outcome.InstrumentedCalls = Result->instrumentedCallCount();
  Outcome.InstrumentedLaunches =
      Result->instrumentedCount() - Outcome.InstrumentedCalls;
  // nvcc judges what clang did not accept away from the launches; should
  // the copy not compile, the wrapper compiles the original.
  if (std::string Note = ast::toleratedErrorsNote(*Result); !Note.empty())
    Outcome.Messages.push_back("headroom nvcc: note: " + Note);
  Outcome.PchNote = std::move(Result->PchNote);
  for (const ast::LaunchSite &Site : Result->Sites)
    if (Site.Status != ast::SiteStatus::Instrumented && !Site.isLibraryCall())
      Outcome.Messages.push_back(ast::formatNotInstrumented(Site));
  for (const ast::RewrittenHeader &H : Result->Headers) {
    if (Status S = writeFile(H.Copy, H.Source); !S)
      return S.error();
    Outcome.Headers.push_back({H.Copy, H.Original});
  }
  for (const std::string &F : Result->Inputs)
    Outcome.Inputs.push_back(absolutePath(F, Request.WorkingDirectory));
  Outcome.Analysis =
      Checks.analysis(Result->ToleratedErrors.empty()
                          ? ""
                          : "clang's host parse had errors (" +
                                Result->ToleratedErrors.front() + ")");
  return Outcome;
}

SourceAnalysis ClangInstrumenter::analyze(const InstrumentRequest &Request) {
  llvm::Expected<std::vector<std::string>> CommandLine =
      ast::adjustForHostParse(Request.NvccCommand, Request.Source, Config,
                              Request.WorkingDirectory);
  if (!CommandLine) {
    SourceAnalysis A;
    A.Skipped = llvm::toString(CommandLine.takeError());
    return A;
  }
  ChecksOnParse Checks(Request, *CommandLine);
  sourcechecks::CheckRequest &Check = Checks.request();
  Check.CommandLine = std::move(*CommandLine);
  Check.WorkingDirectory = Request.WorkingDirectory;
  // The same host-side parse as the instrumenter's, so that a build says
  // the same whether it instruments or not; clang's own errors stay quiet.
  clang::DiagnosticOptions Options;
  clang::TextDiagnosticPrinter Printer(llvm::errs(), Options);
  FirstErrorConsumer Errors(Request.Verbose ? &Printer : nullptr);
  Check.ParseDiagnostics = &Errors;
  llvm::Expected<sourcechecks::CheckResult> Result =
      sourcechecks::runSourceChecks(Check);
  if (!Result) {
    std::string Why = llvm::toString(Result.takeError());
    return Checks.analysis(Errors.First.empty() ? Why
                                                : "clang cannot parse it (" +
                                                      Errors.First + ")");
  }
  Checks.result() = std::move(*Result);
  return Checks.analysis("");
}

} // namespace headroom::nvcc
