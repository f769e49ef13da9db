//===- Instrument.cpp - Instrument the launches of one .cu file -----------===//

#include "ast/Instrument.h"

#include "ast/HostOnlyRegions.h"
#include "ast/LaunchInstrumenter.h"
#include "ast/LaunchSiteFinder.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"

namespace headroom::ast {

namespace {

/// What the parse leaves behind for instrument() to rewrite.
struct ParseOutcome {
  bool Parsed = false;
  std::string MainFile;
  std::string Code;
  std::vector<LaunchSite> Sites;
};

/// Runs the launch matcher over a translation unit that parsed cleanly.
class FindLaunchesConsumer : public clang::ASTConsumer {
public:
  FindLaunchesConsumer(ParseOutcome &Outcome, const HostOnlyRegions &Regions)
      : Outcome(Outcome), Finder(Regions) {}

  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    clang::ast_matchers::MatchFinder Matcher;
    Finder.registerMatchers(Matcher);
    Matcher.matchAST(Ctx);
    const clang::SourceManager &SM = Ctx.getSourceManager();
    clang::FileID Main = SM.getMainFileID();
    Outcome.MainFile =
        SM.getPresumedLoc(SM.getLocForStartOfFile(Main)).getFilename();
    Outcome.Code = SM.getBufferData(Main).str();
    Outcome.Sites = Finder.takeSites();
    Outcome.Parsed = true;
  }

private:
  ParseOutcome &Outcome;
  LaunchSiteFinder Finder;
};

class FindLaunchesAction : public clang::ASTFrontendAction {
public:
  explicit FindLaunchesAction(ParseOutcome &Outcome) : Outcome(Outcome) {}

  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef) override {
    CI.getPreprocessor().addPPCallbacks(
        Regions.makeCallbacks(CI.getSourceManager()));
    return std::make_unique<FindLaunchesConsumer>(Outcome, Regions);
  }

private:
  ParseOutcome &Outcome;
  HostOnlyRegions Regions;
};

} // namespace

llvm::Expected<InstrumentResult> instrument(const InstrumentRequest &Request) {
  if (Request.CommandLine.size() < 2)
    return llvm::createStringError("no clang command line to instrument");
  const std::string &File = Request.CommandLine.back();

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
      Request.CommandLine, std::make_unique<FindLaunchesAction>(Outcome),
      Files.get());
  if (Request.Diagnostics)
    Invocation.setDiagnosticConsumer(Request.Diagnostics);
  if (!Invocation.run() || !Outcome.Parsed)
    return llvm::createStringError(
        "'" + File +
        "' does not compile as CUDA host code (clang's errors are above); "
        "nothing was instrumented or written");

  LaunchInstrumenter Instrumenter(Outcome.MainFile, Outcome.Code,
                                  Outcome.Sites);
  llvm::Expected<std::string> Source = Instrumenter.rewrite();
  if (!Source)
    return Source.takeError();
  InstrumentResult Result;
  Result.MainFile = std::move(Outcome.MainFile);
  Result.Source = std::move(*Source);
  Result.Sites = std::move(Outcome.Sites);
  return Result;
}

} // namespace headroom::ast
