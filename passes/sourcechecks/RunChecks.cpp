//===- RunChecks.cpp - Run the source checks on one .cu file --------------===//

#include "sourcechecks/RunChecks.h"

#include "sourcechecks/SourceCheckRegistry.h"

#include "ast/ParseFileSystem.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
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

/// The `#if`/`#ifdef`/`#elif` directives whose condition names
/// `__CUDA_ARCH__`: in a host-side parse, a device function around one
/// shows its host branch.
class CudaArchConditionals : public clang::PPCallbacks {
public:
  CudaArchConditionals(const clang::SourceManager &SM,
                       std::vector<clang::SourceLocation> &Seen)
      : SM(SM), Seen(Seen) {}
  void If(clang::SourceLocation Loc, clang::SourceRange Condition,
          ConditionValueKind) override {
    noteCondition(Loc, Condition);
  }
  void Elif(clang::SourceLocation Loc, clang::SourceRange Condition,
            ConditionValueKind, clang::SourceLocation) override {
    noteCondition(Loc, Condition);
  }
  void Ifdef(clang::SourceLocation Loc, const clang::Token &Name,
             const clang::MacroDefinition &) override {
    noteName(Loc, Name);
  }
  void Ifndef(clang::SourceLocation Loc, const clang::Token &Name,
              const clang::MacroDefinition &) override {
    noteName(Loc, Name);
  }

private:
  void noteCondition(clang::SourceLocation Loc, clang::SourceRange Condition) {
    bool Invalid = false;
    llvm::StringRef Text = clang::Lexer::getSourceText(
        clang::CharSourceRange::getTokenRange(Condition), SM,
        clang::LangOptions(), &Invalid);
    if (!Invalid && Text.contains("__CUDA_ARCH__"))
      Seen.push_back(Loc);
  }
  void noteName(clang::SourceLocation Loc, const clang::Token &Name) {
    if (const clang::IdentifierInfo *I = Name.getIdentifierInfo())
      if (I->getName() == "__CUDA_ARCH__")
        Seen.push_back(Loc);
  }

  const clang::SourceManager &SM;
  std::vector<clang::SourceLocation> &Seen;
};

/// Whether one of \p Conditionals lies in \p F's definition.
bool hasConditionalIn(const clang::FunctionDecl &F,
                      const std::vector<clang::SourceLocation> &Conditionals,
                      const clang::SourceManager &SM) {
  const clang::FunctionDecl *Pattern = F.getTemplateInstantiationPattern();
  clang::SourceRange Range = (Pattern ? Pattern : &F)->getSourceRange();
  clang::SourceLocation Begin = SM.getExpansionLoc(Range.getBegin());
  clang::SourceLocation End = SM.getExpansionLoc(Range.getEnd());
  for (clang::SourceLocation L : Conditionals)
    if (!SM.isBeforeInTranslationUnit(L, Begin) &&
        !SM.isBeforeInTranslationUnit(End, L))
      return true;
  return false;
}

/// \p F as the main file's kernel definitions list it.
KernelDefinition kernelDefinition(const clang::FunctionDecl &F,
                                  clang::MangleContext &Mangler) {
  KernelDefinition K;
  K.Name = F.getQualifiedNameAsString();
  if (Mangler.shouldMangleDeclName(&F)) {
    llvm::raw_string_ostream OS(K.MangledName);
    Mangler.mangleName(
        clang::GlobalDecl(&F, clang::KernelReferenceKind::Kernel), OS);
  } else {
    K.MangledName = F.getName().str();
  }
  const clang::SourceManager &SM = F.getASTContext().getSourceManager();
  clang::PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(F.getLocation()));
  if (P.isValid()) {
    K.File = P.getFilename();
    K.Line = P.getLine();
    K.Column = P.getColumn();
  }
  return K;
}

/// Visits the main file's declarations, template instantiations included,
/// hands device functions and launches to the checks and lists the kernels.
class CheckVisitor : public clang::RecursiveASTVisitor<CheckVisitor> {
public:
  CheckVisitor(const std::vector<const SourceCheck *> &Checks,
               CheckContext &Context,
               const std::vector<clang::SourceLocation> &HostBranches,
               std::vector<KernelDefinition> &Kernels)
      : Checks(Checks), Context(Context), HostBranches(HostBranches),
        Kernels(Kernels), Mangler(Context.ast().createMangleContext()) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitFunctionDecl(clang::FunctionDecl *F) {
    if (!isCheckedDeviceFunction(*F))
      return true;
    const clang::SourceManager &SM = Context.ast().getSourceManager();
    if (F->hasAttr<clang::CUDAGlobalAttr>() &&
        SM.isInMainFile(SM.getExpansionLoc(F->getLocation())))
      Kernels.push_back(kernelDefinition(*F, *Mangler));
    if (!hasConditionalIn(*F, HostBranches, Context.ast().getSourceManager()))
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
  const std::vector<clang::SourceLocation> &HostBranches;
  std::vector<KernelDefinition> &Kernels;
  std::unique_ptr<clang::MangleContext> Mangler;
};

/// Runs the checks over a translation unit that parsed cleanly.
class ChecksConsumer : public clang::ASTConsumer {
public:
  ChecksConsumer(const CheckRequest &Request, CheckResult &Result)
      : Request(Request), Result(Result),
        HeaderFilter(compiledHeaderFilter(Request.Settings)) {}

  /// Keeps the bodies the checks judge where the parse skips bodies (the
  /// instrumenter's, which this consumer shares: a multiplexed consumer
  /// skips only what all its consumers skip).
  bool shouldSkipFunctionBody(clang::Decl *D) override {
    return !isJudged(D->getASTContext().getSourceManager(), D->getLocation(),
                     HeaderFilter ? &*HeaderFilter : nullptr);
  }

  /// In a host-side parse, where \p PP's `__CUDA_ARCH__` conditionals are
  /// recorded.
  void watchHostBranches(clang::Preprocessor &PP) {
    PP.addPPCallbacks(std::make_unique<CudaArchConditionals>(
        PP.getSourceManager(), HostBranches));
  }

  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    const clang::SourceManager &SM = Ctx.getSourceManager();
    Result.MainFile =
        SM.getPresumedLoc(SM.getLocForStartOfFile(SM.getMainFileID()))
            .getFilename();
    clang::DiagnosticOptions Options;
    FindingCollector Collector(Result.Records, Request.Findings);
    clang::DiagnosticsEngine Out(clang::DiagnosticIDs::create(), Options,
                                 &Collector, /*ShouldOwnClient=*/false);
    Out.setSourceManager(const_cast<clang::SourceManager *>(&SM));
    Collector.BeginSourceFile(Ctx.getLangOpts(), nullptr);
    std::vector<clang::Decl *> Before = Ctx.getTraversalScope();
    {
      CheckContext Context(Ctx, Out, Request.Settings);
      // Only the main file's declarations are judged, and those of the
      // headers the filter names: the headers (the CUDA and C++ libraries,
      // the project's own) are most of a translation unit.
      std::vector<clang::Decl *> Scope;
      for (clang::Decl *D : Ctx.getTranslationUnitDecl()->decls())
        if (Context.judged(D->getLocation()))
          Scope.push_back(D);
      Ctx.setTraversalScope(Scope);
      const std::vector<const SourceCheck *> None;
      const std::vector<const SourceCheck *> &Checks =
          !Request.RunChecks       ? None
          : Request.Checks.empty() ? sourceCheckCatalog()
                                   : Request.Checks;
      CheckVisitor Visitor(Checks, Context, HostBranches, Result.Kernels);
      for (clang::Decl *D : Scope)
        Visitor.TraverseDecl(D);
      Context.flush();
    }
    Collector.EndSourceFile();
    Collector.finish();
    Ctx.setTraversalScope(Before);
    Result.Checked = true;
  }

private:
  const CheckRequest &Request;
  CheckResult &Result;
  std::optional<llvm::Regex> HeaderFilter;
  std::vector<clang::SourceLocation> HostBranches;
};

/// Runs the checks, unless the command had errors before the parse began
/// (an unknown flag: clang's tooling reports it and parses past it); then
/// sets \p CommandFailed.
class ChecksAction : public clang::ASTFrontendAction {
public:
  ChecksAction(const CheckRequest &Request, CheckResult &Result,
               const unsigned &Errors, bool &CommandFailed)
      : Request(Request), Result(Result), Errors(Errors),
        CommandFailed(CommandFailed) {}
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef) override {
    if (Errors > 0) {
      CommandFailed = true;
      return std::make_unique<clang::ASTConsumer>();
    }
    return makeChecksConsumer(CI, Request, Result);
  }

private:
  const CheckRequest &Request;
  CheckResult &Result;
  const unsigned &Errors;
  bool &CommandFailed;
};

/// Counts the parse's errors (the driver's too: an unknown flag is an error
/// clang's tooling reports and then parses past) and forwards them. clang
/// prints "N errors generated" from the counts of the invocation's
/// consumer: only when \p CountShown, so that a caller whose consumer
/// keeps the errors quiet (headroom nvcc) gets no such line.
class ErrorCounter : public clang::DiagnosticConsumer {
public:
  ErrorCounter(clang::DiagnosticConsumer &Next, bool CountShown)
      : Next(Next), CountShown(CountShown) {}
  void BeginSourceFile(const clang::LangOptions &LO,
                       const clang::Preprocessor *PP) override {
    Next.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Next.EndSourceFile(); }
  void finish() override { Next.finish(); }
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    if (CountShown)
      clang::DiagnosticConsumer::HandleDiagnostic(Level, Info);
    Errors += Level >= clang::DiagnosticsEngine::Error;
    Next.HandleDiagnostic(Level, Info);
  }
  unsigned Errors = 0;

private:
  clang::DiagnosticConsumer &Next;
  bool CountShown;
};

} // namespace

std::unique_ptr<clang::ASTConsumer>
makeChecksConsumer(clang::CompilerInstance &CI, const CheckRequest &Request,
                   CheckResult &Result) {
  auto Consumer = std::make_unique<ChecksConsumer>(Request, Result);
  if (!CI.getLangOpts().CUDAIsDevice)
    Consumer->watchHostBranches(CI.getPreprocessor());
  return Consumer;
}

llvm::Expected<CheckResult> runSourceChecks(const CheckRequest &Request) {
  if (Request.CommandLine.size() < 2)
    return llvm::createStringError("no clang command line to check");
  const std::string &File = Request.CommandLine.back();
  // The files as the instrumenter reads them (spaced launch chevrons, the
  // toolkit's headers first for clang's CUDA wrapper, nvcc's host min/max):
  // ast/ParseFileSystem.h.
  llvm::Expected<ast::ParseFileSystem> Opened = ast::openParseFileSystem(
      Request.FileSystem, Request.WorkingDirectory, Request.CommandLine);
  if (!Opened)
    return Opened.takeError();
  auto Files = llvm::makeIntrusiveRefCnt<clang::FileManager>(
      clang::FileSystemOptions(), Opened->FileSystem);

  if (Request.Settings.HeaderFilter) {
    std::string Why;
    if (!llvm::Regex(*Request.Settings.HeaderFilter).isValid(Why))
      return llvm::createStringError("the header filter '" +
                                     *Request.Settings.HeaderFilter +
                                     "' is not a regular expression: " + Why);
  }
  std::vector<const char *> Argv;
  for (const std::string &A : Request.CommandLine)
    Argv.push_back(A.c_str());
  std::unique_ptr<clang::DiagnosticOptions> PrinterOptions =
      clang::CreateAndPopulateDiagOpts(Argv);
  clang::TextDiagnosticPrinter Printer(llvm::errs(), *PrinterOptions);
  ErrorCounter Counter(Request.ParseDiagnostics ? *Request.ParseDiagnostics
                                                : Printer,
                       /*CountShown=*/!Request.ParseDiagnostics);
  CheckResult Result;
  bool CommandFailed = false;
  clang::tooling::ToolInvocation Invocation(
      Opened->CommandLine,
      std::make_unique<ChecksAction>(Request, Result, Counter.Errors,
                                     CommandFailed),
      Files.get());
  Invocation.setDiagnosticConsumer(&Counter);
  bool Ran = Invocation.run();
  if (CommandFailed || (Ran && Result.Checked && Counter.Errors > 0))
    return llvm::createStringError("the command to parse '" + File +
                                   "' has errors (clang's errors are above)");
  if (!Ran || !Result.Checked)
    return llvm::createStringError(
        "'" + File +
        "' does not compile as CUDA device code (clang's errors are above)");
  return Result;
}

} // namespace headroom::sourcechecks
