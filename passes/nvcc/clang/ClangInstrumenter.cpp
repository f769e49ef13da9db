//===- ClangInstrumenter.cpp - nvcc instruments through Clang -------------===//

#include "nvcc/clang/ClangInstrumenter.h"

#include "ast/HeldDiagnostics.h"
#include "ast/Instrument.h"
#include "support/Paths.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/raw_ostream.h"

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
  ast::InstrumentRequest Parse;
  Parse.CommandLine = std::move(*CommandLine);
  Parse.WorkingDirectory = Request.WorkingDirectory;
  Parse.Diagnostics = &Errors;
  Parse.HeaderFilter = Request.HeaderFilter;
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
  Outcome.InstrumentedLaunches = Result->instrumentedCount();
  // nvcc judges what clang did not accept away from the launches; should
  // the copy not compile, the wrapper compiles the original.
  if (std::string Note = ast::toleratedErrorsNote(*Result); !Note.empty())
    Outcome.Messages.push_back("headroom nvcc: note: " + Note);
  for (const ast::LaunchSite &Site : Result->Sites)
    if (Site.Status != ast::SiteStatus::Instrumented)
      Outcome.Messages.push_back(ast::formatNotInstrumented(Site));
  for (const ast::RewrittenHeader &H : Result->Headers) {
    if (Status S = writeFile(H.Copy, H.Source); !S)
      return S.error();
    Outcome.Headers.push_back({H.Copy, H.Original});
  }
  for (const std::string &F : Result->Inputs)
    Outcome.Inputs.push_back(absolutePath(F, Request.WorkingDirectory));
  return Outcome;
}

} // namespace headroom::nvcc
