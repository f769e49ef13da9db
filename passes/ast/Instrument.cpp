//===- Instrument.cpp - Instrument the launches of one .cu file -----------===//

#include "ast/Instrument.h"

#include "ast/ConditionalDirectives.h"
#include "ast/HeaderCopies.h"
#include "ast/HostOnlyRegions.h"
#include "ast/IncludeGraph.h"
#include "ast/LaunchInstrumenter.h"
#include "ast/LaunchSiteFinder.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

#include <optional>

namespace headroom::ast {

unsigned InstrumentResult::instrumentedCount() const {
  unsigned N = 0;
  for (const LaunchSite &Site : Sites)
    N += Site.Status == SiteStatus::Instrumented;
  return N;
}

namespace {

/// A header copy as planned during the parse, with the text it starts from.
struct PlannedHeader {
  HeaderCopy Copy;
  std::string PresumedName;
  std::string Code;
};

/// What the parse leaves behind for instrument() to rewrite.
struct ParseOutcome {
  bool Parsed = false;
  std::string MainFile;
  std::string Code;
  std::vector<LaunchSite> Sites;
  clang::tooling::Replacements MainEdits;
  std::vector<PlannedHeader> Headers;
  std::vector<std::string> Inputs;
};

/// What the preprocessor callbacks record during the parse.
struct Directives {
  HostOnlyRegions Regions;
  ConditionalDirectives Conditionals;
  IncludeGraph Includes;
};

/// Runs the launch matchers over a translation unit that parsed cleanly.
class FindLaunchesConsumer : public clang::ASTConsumer {
public:
  FindLaunchesConsumer(ParseOutcome &Outcome, const Directives &Seen,
                       const llvm::Regex *HeaderFilter,
                       llvm::StringRef HeaderDirectory)
      : Outcome(Outcome), Seen(Seen), HeaderDirectory(HeaderDirectory),
        Finder(Seen.Regions, Seen.Conditionals, HeaderFilter) {}

  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    const clang::SourceManager &SM = Ctx.getSourceManager();
    // Launches in system headers are neither rewritten nor reported, so
    // their declarations (thrust, cub, the CUDA and C++ libraries) are not
    // traversed at all: most of a large templated translation unit.
    std::vector<clang::Decl *> Scope;
    for (clang::Decl *D : Ctx.getTranslationUnitDecl()->decls())
      if (!SM.isInSystemHeader(D->getLocation()))
        Scope.push_back(D);
    Ctx.setTraversalScope(Scope);
    clang::ast_matchers::MatchFinder Matcher;
    Finder.registerMatchers(Matcher);
    Matcher.matchAST(Ctx);
    clang::FileID Main = SM.getMainFileID();
    Outcome.MainFile =
        SM.getPresumedLoc(SM.getLocForStartOfFile(Main)).getFilename();
    Outcome.Code = SM.getBufferData(Main).str();
    Outcome.Sites = Finder.takeSites();
    for (auto I = SM.fileinfo_begin(), E = SM.fileinfo_end(); I != E; ++I) {
      llvm::StringRef Real = I->first.getFileEntry().tryGetRealPathName();
      Outcome.Inputs.push_back(Real.empty() ? I->first.getName().str()
                                            : Real.str());
    }
    planHeaders(SM);
    Outcome.Parsed = true;
  }

private:
  /// Plans the header copies while the source manager still holds the
  /// headers' text.
  void planHeaders(const clang::SourceManager &SM) {
    HeaderCopyPlan Plan = planHeaderCopies(Seen.Includes, Outcome.Sites,
                                           Outcome.MainFile, HeaderDirectory);
    Outcome.MainEdits = std::move(Plan.MainEdits);
    for (HeaderCopy &Copy : Plan.Copies) {
      clang::FileManager &Files = SM.getFileManager();
      llvm::Expected<clang::FileEntryRef> Entry =
          Files.getFileRef(Copy.Original);
      if (!Entry) {
        llvm::consumeError(Entry.takeError());
        continue;
      }
      clang::FileID ID = SM.translateFile(*Entry);
      if (ID.isInvalid())
        continue;
      PlannedHeader H;
      H.PresumedName =
          SM.getPresumedLoc(SM.getLocForStartOfFile(ID)).getFilename();
      H.Code = SM.getBufferData(ID).str();
      H.Copy = std::move(Copy);
      Outcome.Headers.push_back(std::move(H));
    }
  }

  ParseOutcome &Outcome;
  const Directives &Seen;
  llvm::StringRef HeaderDirectory;
  LaunchSiteFinder Finder;
};

/// Forwards clang's diagnostics and counts the errors, the driver's too: an
/// unknown compile flag is an error that clang's tooling reports and then
/// parses past, and a command with an error must not succeed.
class ErrorCounter : public clang::DiagnosticConsumer {
public:
  explicit ErrorCounter(clang::DiagnosticConsumer &Next) : Next(Next) {}
  void BeginSourceFile(const clang::LangOptions &LO,
                       const clang::Preprocessor *PP) override {
    Next.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Next.EndSourceFile(); }
  void finish() override { Next.finish(); }
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(Level, Info);
    Next.HandleDiagnostic(Level, Info);
  }

private:
  clang::DiagnosticConsumer &Next;
};

class FindLaunchesAction : public clang::ASTFrontendAction {
public:
  FindLaunchesAction(ParseOutcome &Outcome, const llvm::Regex *HeaderFilter,
                     llvm::StringRef HeaderDirectory)
      : Outcome(Outcome), HeaderFilter(HeaderFilter),
        HeaderDirectory(HeaderDirectory) {}

  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef) override {
    clang::Preprocessor &PP = CI.getPreprocessor();
    const clang::SourceManager &SM = CI.getSourceManager();
    PP.addPPCallbacks(Seen.Regions.makeCallbacks(SM));
    PP.addPPCallbacks(Seen.Conditionals.makeCallbacks(SM));
    if (HeaderFilter)
      PP.addPPCallbacks(Seen.Includes.makeCallbacks(SM));
    return std::make_unique<FindLaunchesConsumer>(Outcome, Seen, HeaderFilter,
                                                  HeaderDirectory);
  }

private:
  ParseOutcome &Outcome;
  const llvm::Regex *HeaderFilter;
  llvm::StringRef HeaderDirectory;
  Directives Seen;
};

} // namespace

llvm::Expected<InstrumentResult> instrument(const InstrumentRequest &Request) {
  if (Request.CommandLine.size() < 2)
    return llvm::createStringError("no clang command line to instrument");
  const std::string &File = Request.CommandLine.back();

  std::optional<llvm::Regex> HeaderFilter;
  if (!Request.HeaderFilter.empty()) {
    HeaderFilter.emplace(Request.HeaderFilter);
    std::string Problem;
    if (!HeaderFilter->isValid(Problem))
      return llvm::createStringError("invalid header filter '" +
                                     Request.HeaderFilter + "': " + Problem);
    if (Request.HeaderDirectory.empty() ||
        !llvm::sys::path::is_absolute(Request.HeaderDirectory))
      return llvm::createStringError(
          "a header filter needs an absolute directory for the header copies");
  }

  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS = Request.FileSystem;
  if (!FS)
    FS = llvm::vfs::createPhysicalFileSystem();
  if (!Request.WorkingDirectory.empty())
    if (std::error_code EC =
            FS->setCurrentWorkingDirectory(Request.WorkingDirectory))
      return llvm::createStringError(EC, "cannot enter directory '" +
                                             Request.WorkingDirectory +
                                             "': " + EC.message());
  if (llvm::ErrorOr<llvm::vfs::Status> Status = FS->status(File); !Status)
    return llvm::createStringError(Status.getError(),
                                   "cannot read '" + File +
                                       "': " + Status.getError().message());
  // Reference-counted: the compiler instance holds on to it too.
  auto Files = llvm::makeIntrusiveRefCnt<clang::FileManager>(
      clang::FileSystemOptions(), FS);

  ParseOutcome Outcome;
  clang::tooling::ToolInvocation Invocation(
      Request.CommandLine,
      std::make_unique<FindLaunchesAction>(
          Outcome, HeaderFilter ? &*HeaderFilter : nullptr,
          Request.HeaderDirectory),
      Files.get());
  // Printed as clang would, with the command's diagnostic options (presumed
  // locations, colors).
  std::vector<const char *> Argv;
  for (const std::string &A : Request.CommandLine)
    Argv.push_back(A.c_str());
  std::unique_ptr<clang::DiagnosticOptions> PrinterOptions =
      clang::CreateAndPopulateDiagOpts(Argv);
  clang::TextDiagnosticPrinter Printer(llvm::errs(), *PrinterOptions);
  ErrorCounter Counter(Request.Diagnostics ? *Request.Diagnostics : Printer);
  Invocation.setDiagnosticConsumer(&Counter);
  bool Ran = Invocation.run();
  if (Ran && Outcome.Parsed && Counter.getNumErrors() > 0)
    return llvm::createStringError(
        "the command to parse '" + File +
        "' has errors (clang's errors are above); nothing was instrumented "
        "or written");
  if (!Ran || !Outcome.Parsed)
    return llvm::createStringError(
        "'" + File +
        "' does not compile as CUDA host code (clang's errors are above); "
        "nothing was instrumented or written");

  LaunchInstrumenter Instrumenter(Outcome.MainFile, Outcome.Code,
                                  Outcome.Sites);
  llvm::Expected<std::string> Source = Instrumenter.rewrite(Outcome.MainEdits);
  if (!Source)
    return Source.takeError();
  InstrumentResult Result;
  for (const PlannedHeader &H : Outcome.Headers) {
    llvm::Expected<std::string> Text = Instrumenter.rewriteHeader(
        H.Copy.Original, H.PresumedName, H.Code, H.Copy.IncludeEdits);
    if (!Text)
      return Text.takeError();
    Result.Headers.push_back({H.Copy.Original, H.Copy.Copy, std::move(*Text)});
  }
  Result.MainFile = std::move(Outcome.MainFile);
  Result.Source = std::move(*Source);
  Result.Sites = std::move(Outcome.Sites);
  Result.Inputs = std::move(Outcome.Inputs);
  return Result;
}

} // namespace headroom::ast
