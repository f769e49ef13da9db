//===- Instrument.cpp - Instrument the launches of one .cu file -----------===//

#include "ast/Instrument.h"

#include "ast/ConditionalDirectives.h"
#include "ast/HeaderCopies.h"
#include "ast/HeldDiagnostics.h"
#include "ast/HostOnlyRegions.h"
#include "ast/IncludeGraph.h"
#include "ast/LaunchInstrumenter.h"
#include "ast/LaunchSiteFinder.h"
#include "ast/LibraryCalls.h"
#include "ast/ParseFileSystem.h"
#include "ast/SkippedBodies.h"
#include "ast/UnbuiltLaunches.h"
#include "support/Paths.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
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

unsigned InstrumentResult::instrumentedCallCount() const {
  unsigned N = 0;
  for (const LaunchSite &Site : Sites)
    N += Site.Status == SiteStatus::Instrumented && Site.isLibraryCall();
  return N;
}

char UnclearLaunchError::ID;

void UnclearLaunchError::log(llvm::raw_ostream &OS) const {
  OS << "'" << File << "' is not instrumented: " << Launch
     << " is in code that clang cannot compile (clang's errors are above); "
        "nothing was instrumented or written";
}

std::string toleratedErrorsNote(const InstrumentResult &Result) {
  if (Result.ToleratedErrors.empty())
    return "";
  size_t N = Result.ToleratedErrors.size();
  return "clang's host parse of '" + Result.MainFile + "' had " +
         std::to_string(N) + (N == 1 ? " error" : " errors") +
         " that no launch depends on (first: " +
         Result.ToleratedErrors.front() +
         "); its launches are instrumented and nvcc judges that code";
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
  /// clang's errors, when no launch depends on them.
  std::vector<std::string> ToleratedErrors;
  /// After errors: the launches clang did not understand, and those it did
  /// not build at all.
  std::vector<LaunchSite> Unclear;
  std::vector<SourcePosition> Unbuilt;
};

/// What the preprocessor callbacks record during the parse.
struct Directives {
  HostOnlyRegions Regions;
  ConditionalDirectives Conditionals;
  IncludeGraph Includes;
  InactiveText Inactive;
};

/// Runs the launch matchers over a translation unit that parsed, without
/// errors or with semantic errors only; with errors, it goes on only when
/// clang understood every launch of the files to rewrite, and then passes
/// clang's errors on as warnings.
class FindLaunchesConsumer : public clang::ASTConsumer {
public:
  FindLaunchesConsumer(ParseOutcome &Outcome, const Directives &Seen,
                       HeldDiagnostics &Held, const llvm::Regex *HeaderFilter,
                       llvm::StringRef HeaderDirectory,
                       const LibraryCatalog &Libraries,
                       LaunchFreeBodies &Bodies)
      : Outcome(Outcome), Seen(Seen), Held(Held), HeaderFilter(HeaderFilter),
        HeaderDirectory(HeaderDirectory), Bodies(Bodies),
        Finder(Seen.Regions, Seen.Conditionals, HeaderFilter, &Libraries) {}

  /// Which bodies the parse skips: SkippedBodies.h.
  bool shouldSkipFunctionBody(clang::Decl *D) override {
    return Bodies.skips(*D);
  }

  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    // Errors of the preprocessor or the parser (an `#error`, a missing
    // header, a syntax clang does not know) leave text that clang did not
    // read: the translation unit is refused.
    bool HadErrors = Ctx.getDiagnostics().hasErrorOccurred();
    if (HadErrors && !Held.onlySemanticErrors())
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
    Finder.setErrorLocations(Held.errorLocations());
    Finder.registerMatchers(Matcher);
    Matcher.matchAST(Ctx);
    if (HadErrors) {
      if (!launchesUnderstood(SM))
        return;
      Held.release(/*ErrorsAsWarnings=*/true);
      Outcome.ToleratedErrors = Held.parseErrors();
    }
    clang::FileID Main = SM.getMainFileID();
    Outcome.MainFile =
        SM.getPresumedLoc(SM.getLocForStartOfFile(Main)).getFilename();
    Outcome.Code = SM.getBufferData(Main).str();
    Outcome.Sites = Finder.takeSites();
    for (auto I = SM.fileinfo_begin(), E = SM.fileinfo_end(); I != E; ++I) {
      llvm::StringRef Real = I->first.getFileEntry().tryGetRealPathName();
      // The real path of a file opened on disk is the file system's; but a
      // header the precompiled header declares (HeaderPch.h) is not opened,
      // and clang then makes its "real" path from the name it was found by,
      // text only: `/../lib/gcc/x86_64-linux-gnu/12/../../../../include`,
      // the C++ library's as a tooling parse finds it, would become
      // `/include`. An absolute name is asked of the disk.
      llvm::SmallString<256> Physical;
      if (llvm::sys::path::is_absolute(I->first.getName()) &&
          !llvm::sys::fs::real_path(I->first.getName(), Physical))
        Real = Physical;
      Outcome.Inputs.push_back(Real.empty() ? I->first.getName().str()
                                            : Real.str());
    }
    planHeaders(SM);
    Outcome.Parsed = true;
  }

private:
  /// Whether clang understood every launch of the main file and of the
  /// selected headers: none has errors in or around it, and none written in
  /// their active code is missing from the AST. Records those that are not.
  bool launchesUnderstood(const clang::SourceManager &SM) {
    Outcome.Unclear = Finder.unclearSites();
    for (clang::FileID File : Seen.Inactive.files()) {
      if (File != SM.getMainFileID()) {
        std::string Path = absoluteFileName(SM, File);
        if (!HeaderFilter || Path.empty() || !HeaderFilter->match(Path) ||
            SM.isInSystemHeader(SM.getLocForStartOfFile(File)))
          continue;
      }
      std::vector<SourcePosition> Missing =
          unbuiltLaunches(SM, File, Seen.Inactive, Finder);
      Outcome.Unbuilt.insert(Outcome.Unbuilt.end(), Missing.begin(),
                             Missing.end());
    }
    return Outcome.Unclear.empty() && Outcome.Unbuilt.empty();
  }

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
  HeldDiagnostics &Held;
  const llvm::Regex *HeaderFilter;
  llvm::StringRef HeaderDirectory;
  LaunchFreeBodies &Bodies;
  LaunchSiteFinder Finder;
};

class FindLaunchesAction : public clang::ASTFrontendAction {
public:
  FindLaunchesAction(ParseOutcome &Outcome, HeldDiagnostics &Held,
                     const llvm::Regex *HeaderFilter,
                     llvm::StringRef HeaderDirectory,
                     const InstrumentRequest &Request,
                     const LibraryCatalog &Libraries,
                     std::function<void()> Parsing)
      : Outcome(Outcome), Held(Held), HeaderFilter(HeaderFilter),
        HeaderDirectory(HeaderDirectory), AlsoConsume(Request.AlsoConsume),
        Libraries(Libraries), Parsing(std::move(Parsing)),
        Bodies(Request.CommandLine, HeaderFilter,
               !Request.LibraryHeaders.empty()) {}

  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef) override {
    clang::Preprocessor &PP = CI.getPreprocessor();
    const clang::SourceManager &SM = CI.getSourceManager();
    // Which bodies: FindLaunchesConsumer::shouldSkipFunctionBody (a
    // multiplexed consumer skips what all its consumers skip).
    CI.getFrontendOpts().SkipFunctionBodies = true;
    PP.addPPCallbacks(Seen.Regions.makeCallbacks(SM));
    PP.addPPCallbacks(Seen.Conditionals.makeCallbacks(SM));
    PP.addPPCallbacks(Seen.Inactive.makeCallbacks(SM));
    PP.addPPCallbacks(Bodies.makeCallbacks(SM));
    if (HeaderFilter)
      PP.addPPCallbacks(Seen.Includes.makeCallbacks(SM));
    auto Launches = std::make_unique<FindLaunchesConsumer>(
        Outcome, Seen, Held, HeaderFilter, HeaderDirectory, Libraries, Bodies);
    if (!AlsoConsume)
      return Launches;
    std::vector<std::unique_ptr<clang::ASTConsumer>> Both;
    Both.push_back(std::move(Launches));
    Both.push_back(AlsoConsume(CI));
    return std::make_unique<clang::MultiplexConsumer>(std::move(Both));
  }

protected:
  /// Called once the precompiled header, if any, has loaded (HeaderPch.h).
  void ExecuteAction() override {
    Parsing();
    ASTFrontendAction::ExecuteAction();
  }

private:
  ParseOutcome &Outcome;
  HeldDiagnostics &Held;
  const llvm::Regex *HeaderFilter;
  llvm::StringRef HeaderDirectory;
  const std::function<std::unique_ptr<clang::ASTConsumer>(
      clang::CompilerInstance &)> &AlsoConsume;
  const LibraryCatalog &Libraries;
  std::function<void()> Parsing;
  Directives Seen;
  LaunchFreeBodies Bodies;
};

/// Runs the parse of the invocation the driver made, through the
/// precompiled header of its CUDA wrapper headers where there is one
/// (HeaderPch.h).
class ParseRunner : public clang::tooling::ToolAction {
public:
  ParseRunner(const HeaderPchOptions &Options, ParseActionMaker Make)
      : Options(Options), Make(std::move(Make)) {}

  bool runInvocation(std::shared_ptr<clang::CompilerInvocation> Invocation,
                     clang::FileManager *Files,
                     std::shared_ptr<clang::PCHContainerOperations> Operations,
                     clang::DiagnosticConsumer *Diagnostics) override {
    return runParse(std::move(Invocation), *Files, std::move(Operations),
                    *Diagnostics, Options, Make, Report);
  }

  HeaderPchReport Report;

private:
  const HeaderPchOptions &Options;
  ParseActionMaker Make;
};

/// The error for a translation unit whose launches clang did not all
/// understand: the first such launch, and how many more there are.
llvm::Error unclearLaunches(llvm::StringRef File, const ParseOutcome &Outcome) {
  std::string First;
  llvm::raw_string_ostream OS(First);
  if (!Outcome.Unclear.empty()) {
    const LaunchSite &Site = Outcome.Unclear.front();
    OS << "the launch of '" << Site.KernelName << "' at " << Site.Launch.File
       << ':' << Site.Launch.Line << ':' << Site.Launch.Column;
  } else {
    const SourcePosition &At = Outcome.Unbuilt.front();
    OS << "the launch at " << At.File << ':' << At.Line << ':' << At.Column;
  }
  size_t More = Outcome.Unclear.size() + Outcome.Unbuilt.size() - 1;
  if (More)
    OS << " (and " << More << " more)";
  return llvm::make_error<UnclearLaunchError>(File.str(), First);
}

} // namespace

/// The absolute directory the compile runs in, which relative file names in
/// the site table are relative to; empty where the file system has none.
static std::string compileDirectory(llvm::vfs::FileSystem &FS) {
  llvm::ErrorOr<std::string> Dir = FS.getCurrentWorkingDirectory();
  if (!Dir || !llvm::sys::path::is_absolute(*Dir))
    return "";
  return normalizedPath(*Dir);
}

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

  // Spaced launch chevrons read as `<<<`/`>>>`, the toolkit's headers first
  // for clang's CUDA wrapper, nvcc's host min/max (ParseFileSystem.h).
  llvm::Expected<ParseFileSystem> Opened = openParseFileSystem(
      Request.FileSystem, Request.WorkingDirectory, Request.CommandLine);
  if (!Opened)
    return Opened.takeError();
  ParseFileSystem Parse = std::move(*Opened);
  // Reference-counted: the compiler instance holds on to it too.
  auto Files = llvm::makeIntrusiveRefCnt<clang::FileManager>(
      clang::FileSystemOptions(), Parse.FileSystem);

  // Printed as clang would, with the command's diagnostic options (presumed
  // locations, colors).
  std::vector<const char *> Argv;
  for (const std::string &A : Request.CommandLine)
    Argv.push_back(A.c_str());
  std::unique_ptr<clang::DiagnosticOptions> PrinterOptions =
      clang::CreateAndPopulateDiagOpts(Argv);
  clang::TextDiagnosticPrinter Printer(llvm::errs(), *PrinterOptions);
  HeldDiagnostics Held(Request.Diagnostics ? *Request.Diagnostics : Printer);
  ParseOutcome Outcome;
  // --library-header directories, absolute as the parse sees files.
  std::vector<std::string> LibraryHeaders;
  for (const std::string &Dir : Request.LibraryHeaders) {
    llvm::SmallString<256> Path(Dir);
    if (!llvm::sys::path::is_absolute(Path)) {
      llvm::ErrorOr<std::string> Cwd =
          Parse.FileSystem->getCurrentWorkingDirectory();
      if (Cwd)
        llvm::sys::path::make_absolute(*Cwd, Path);
    }
    LibraryHeaders.push_back(normalizedPath(std::string(Path)));
  }
  LibraryCatalog Libraries(std::move(LibraryHeaders));
  // A fresh action for each attempt: one through the precompiled header,
  // and the plain one should clang refuse the header. An attempt refused
  // never reaches the parse, so the outcome is the plain parse's.
  ParseRunner Runner(Request.Pch, [&](std::function<void()> Parsing) {
    return std::make_unique<FindLaunchesAction>(
        Outcome, Held, HeaderFilter ? &*HeaderFilter : nullptr,
        Request.HeaderDirectory, Request, Libraries, std::move(Parsing));
  });
  clang::tooling::ToolInvocation Invocation(
      Parse.CommandLine, &Runner, Files.get(),
      std::make_shared<clang::PCHContainerOperations>());
  Invocation.setDiagnosticConsumer(&Held);
  // With tolerated errors clang's run reports failure: what the parse left
  // behind decides.
  (void)Invocation.run();
  if (Outcome.Parsed && Held.commandErrors() > 0)
    return llvm::createStringError(
        "the command to parse '" + File +
        "' has errors (clang's errors are above); nothing was instrumented "
        "or written");
  if (!Outcome.Unclear.empty() || !Outcome.Unbuilt.empty())
    return unclearLaunches(File, Outcome);
  if (!Outcome.Parsed)
    return llvm::createStringError(
        "'" + File +
        "' does not compile as CUDA host code (clang's errors are above); "
        "nothing was instrumented or written");

  LaunchInstrumenter Instrumenter(Outcome.MainFile, Outcome.Code, Outcome.Sites,
                                  compileDirectory(*Parse.FileSystem));
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
  for (std::string &Input : Outcome.Inputs)
    if (!llvm::is_contained(Parse.VirtualFiles, Input))
      Result.Inputs.push_back(std::move(Input));
  // The headers the precompiled header stands for are inputs too, though
  // the parse's source manager may not list them.
  for (std::string &Input : Runner.Report.Inputs)
    if (!llvm::is_contained(Parse.VirtualFiles, Input) &&
        !llvm::is_contained(Result.Inputs, Input))
      Result.Inputs.push_back(std::move(Input));
  Result.ToleratedErrors = std::move(Outcome.ToleratedErrors);
  Result.PchNote = std::move(Runner.Report.Note);
  return Result;
}

} // namespace headroom::ast
