//===- RunChecks.cpp - Run the source checks on one .cu file --------------===//

#include "sourcechecks/RunChecks.h"

#include "sourcechecks/SourceCheckRegistry.h"

#include "ast/ParseFileSystem.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Tooling.h"

namespace headroom::sourcechecks {

unsigned CheckResult::findingCount() const {
  unsigned N = 0;
  for (const FindingRecord &R : Records)
    N += R.Severity != "note";
  return N;
}

namespace {

/// Records each finding as data and passes it on to the printer.
class FindingCollector : public clang::DiagnosticConsumer {
public:
  FindingCollector(std::vector<FindingRecord> &Records,
                   clang::DiagnosticConsumer *Next)
      : Records(Records), Next(Next) {}
  void BeginSourceFile(const clang::LangOptions &LO,
                       const clang::Preprocessor *PP) override {
    if (Next)
      Next->BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override {
    if (Next)
      Next->EndSourceFile();
  }
  void finish() override {
    if (Next)
      Next->finish();
  }
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(Level, Info);
    Records.push_back(record(Level, Info));
    if (Next)
      Next->HandleDiagnostic(Level, Info);
  }

private:
  static FindingRecord record(clang::DiagnosticsEngine::Level Level,
                              const clang::Diagnostic &Info) {
    FindingRecord R;
    R.Severity = Level == clang::DiagnosticsEngine::Note      ? "note"
                 : Level == clang::DiagnosticsEngine::Warning ? "warning"
                                                              : "error";
    llvm::SmallString<256> Text;
    Info.FormatDiagnostic(Text);
    llvm::StringRef Message = Text;
    // "... [headroom-name]": the name goes into a field of its own.
    if (R.Severity != "note" && Message.ends_with("]")) {
      size_t Open = Message.rfind(" [");
      if (Open != llvm::StringRef::npos) {
        R.Check = Message.substr(Open + 2).drop_back().str();
        Message = Message.take_front(Open);
      }
    }
    R.Message = Message.str();
    const clang::SourceManager &SM = Info.getSourceManager();
    clang::PresumedLoc P = SM.getPresumedLoc(Info.getLocation());
    if (P.isValid()) {
      R.File = P.getFilename();
      R.Line = P.getLine();
      R.Column = P.getColumn();
    }
    for (const clang::FixItHint &Fix : Info.getFixItHints())
      R.Fixes.emplace_back(SM, Fix.RemoveRange, Fix.CodeToInsert);
    return R;
  }

  std::vector<FindingRecord> &Records;
  clang::DiagnosticConsumer *Next;
};

/// Whether \p F is device code the checks judge: a kernel or an explicitly
/// `__device__` function (implicit attributes, on lambdas and constexpr
/// functions, do not count; see ast/ExecutionSpace.h).
bool isCheckedDeviceFunction(const clang::FunctionDecl &F) {
  if (!F.doesThisDeclarationHaveABody() || F.isDependentContext() ||
      F.isInvalidDecl())
    return false;
  if (const auto *G = F.getAttr<clang::CUDAGlobalAttr>())
    return true;
  const auto *D = F.getAttr<clang::CUDADeviceAttr>();
  return D && !D->isImplicit();
}

/// Visits the main file's declarations, template instantiations included,
/// and hands device functions and launches to the checks.
class CheckVisitor : public clang::RecursiveASTVisitor<CheckVisitor> {
public:
  CheckVisitor(const std::vector<const SourceCheck *> &Checks,
               CheckContext &Context)
      : Checks(Checks), Context(Context) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitFunctionDecl(clang::FunctionDecl *F) {
    if (isCheckedDeviceFunction(*F))
      for (const SourceCheck *C : Checks)
        C->checkDeviceFunction(*F, Context);
    return true;
  }
  bool VisitCUDAKernelCallExpr(clang::CUDAKernelCallExpr *Launch) {
    if (Launch->isValueDependent() || Launch->isTypeDependent())
      return true;
    for (const SourceCheck *C : Checks)
      C->checkLaunch(*Launch, Context);
    return true;
  }

private:
  const std::vector<const SourceCheck *> &Checks;
  CheckContext &Context;
};

/// Runs the checks over a translation unit that parsed cleanly.
class ChecksConsumer : public clang::ASTConsumer {
public:
  ChecksConsumer(const CheckRequest &Request, CheckResult &Result,
                 bool &Parsed)
      : Request(Request), Result(Result), Parsed(Parsed) {}

  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    const clang::SourceManager &SM = Ctx.getSourceManager();
    Result.MainFile =
        SM.getPresumedLoc(SM.getLocForStartOfFile(SM.getMainFileID()))
            .getFilename();
    // Only the main file's declarations are judged: the headers (the CUDA
    // and C++ libraries, the project's own) are most of a translation unit.
    std::vector<clang::Decl *> Scope;
    for (clang::Decl *D : Ctx.getTranslationUnitDecl()->decls())
      if (SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
        Scope.push_back(D);
    Ctx.setTraversalScope(Scope);

    clang::DiagnosticOptions Options;
    FindingCollector Collector(Result.Records, Request.Findings);
    clang::DiagnosticsEngine Out(clang::DiagnosticIDs::create(), Options,
                                 &Collector, /*ShouldOwnClient=*/false);
    Out.setSourceManager(const_cast<clang::SourceManager *>(&SM));
    Collector.BeginSourceFile(Ctx.getLangOpts(), nullptr);
    {
      CheckContext Context(Ctx, Out, Request.WarningsAsErrors);
      const std::vector<const SourceCheck *> &Checks =
          Request.Checks.empty() ? sourceCheckCatalog() : Request.Checks;
      CheckVisitor Visitor(Checks, Context);
      for (clang::Decl *D : Scope)
        Visitor.TraverseDecl(D);
      Context.flush();
    }
    Collector.EndSourceFile();
    Collector.finish();
    Parsed = true;
  }

private:
  const CheckRequest &Request;
  CheckResult &Result;
  bool &Parsed;
};

class ChecksAction : public clang::ASTFrontendAction {
public:
  ChecksAction(const CheckRequest &Request, CheckResult &Result, bool &Parsed)
      : Request(Request), Result(Result), Parsed(Parsed) {}
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &, llvm::StringRef) override {
    return std::make_unique<ChecksConsumer>(Request, Result, Parsed);
  }

private:
  const CheckRequest &Request;
  CheckResult &Result;
  bool &Parsed;
};

/// Counts the parse's errors (the driver's too: an unknown flag is an error
/// clang's tooling reports and then parses past) and forwards them.
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

} // namespace

llvm::Expected<CheckResult> runSourceChecks(const CheckRequest &Request) {
  if (Request.CommandLine.size() < 2)
    return llvm::createStringError("no clang command line to check");
  const std::string &File = Request.CommandLine.back();
  // The files as the instrumenter reads them (spaced launch chevrons, the
  // toolkit's headers first for clang's CUDA wrapper): ast/ParseFileSystem.h.
  llvm::Expected<ast::ParseFileSystem> Opened = ast::openParseFileSystem(
      Request.FileSystem, Request.WorkingDirectory, Request.CommandLine);
  if (!Opened)
    return Opened.takeError();
  auto Files = llvm::makeIntrusiveRefCnt<clang::FileManager>(
      clang::FileSystemOptions(), Opened->FileSystem);

  CheckResult Result;
  bool Parsed = false;
  clang::tooling::ToolInvocation Invocation(
      Request.CommandLine,
      std::make_unique<ChecksAction>(Request, Result, Parsed), Files.get());
  std::vector<const char *> Argv;
  for (const std::string &A : Request.CommandLine)
    Argv.push_back(A.c_str());
  std::unique_ptr<clang::DiagnosticOptions> PrinterOptions =
      clang::CreateAndPopulateDiagOpts(Argv);
  clang::TextDiagnosticPrinter Printer(llvm::errs(), *PrinterOptions);
  ErrorCounter Counter(Request.ParseDiagnostics ? *Request.ParseDiagnostics
                                                : Printer);
  Invocation.setDiagnosticConsumer(&Counter);
  bool Ran = Invocation.run();
  if (Ran && Parsed && Counter.getNumErrors() > 0)
    return llvm::createStringError("the command to parse '" + File +
                                   "' has errors (clang's errors are above)");
  if (!Ran || !Parsed)
    return llvm::createStringError(
        "'" + File +
        "' does not compile as CUDA device code (clang's errors are above)");
  return Result;
}

} // namespace headroom::sourcechecks
