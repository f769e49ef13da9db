//===- LaunchSiteFinder.cpp - Find the kernel launches of a TU ------------===//

#include "ast/LaunchSiteFinder.h"

#include "ast/ExecutionSpace.h"
#include "ast/KernelResolver.h"
#include "ast/PresumedPosition.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/FileManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <optional>

namespace headroom::ast {

using namespace clang::ast_matchers;

namespace {

/// The launch API: the runtime functions that launch a kernel given as a
/// function pointer, with the index of that argument.
struct LaunchApi {
  llvm::StringRef Name;
  unsigned KernelArgument;
};
constexpr LaunchApi LaunchApis[] = {
    {"cudaLaunchKernel", 0},
    {"cudaLaunchKernel_ptsz", 0},
    {"cudaLaunchKernelEx", 1},
    {"cudaLaunchKernelExC", 1},
    {"cudaLaunchKernelExC_ptsz", 1},
    {"cudaLaunchCooperativeKernel", 0},
    {"cudaLaunchCooperativeKernel_ptsz", 0},
};

const LaunchApi *findApi(llvm::StringRef Name) {
  for (const LaunchApi &Api : LaunchApis)
    if (Api.Name == Name)
      return &Api;
  return nullptr;
}

/// The declaration \p E names, seen through parentheses, casts and `&`.
const clang::ValueDecl *referencedDecl(const clang::Expr &E) {
  const clang::Expr *Inner = E.IgnoreParenCasts();
  if (const auto *AddressOf = llvm::dyn_cast<clang::UnaryOperator>(Inner))
    Inner = AddressOf->getSubExpr()->IgnoreParenCasts();
  if (const auto *Ref = llvm::dyn_cast<clang::DeclRefExpr>(Inner))
    return Ref->getDecl();
  return nullptr;
}

/// Whether \p D is invalid only because clang could not instantiate its
/// body: an instantiated function of a valid template whose type and
/// parameters are valid. Its callers are not in error (the body's errors
/// are the body's, reported where they are).
bool invalidOnlyInBody(const clang::ValueDecl &D) {
  const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(&D);
  if (!FD || !FD->isTemplateInstantiation())
    return false;
  const clang::FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
  if (!Pattern || Pattern->isInvalidDecl() || FD->getType()->containsErrors())
    return false;
  return llvm::none_of(FD->parameters(), [](const clang::ParmVarDecl *P) {
    return P->isInvalidDecl();
  });
}

/// Whether clang found \p D invalid, other than in an instantiated body.
bool isInvalid(const clang::ValueDecl &D) {
  return D.isInvalidDecl() && !invalidOnlyInBody(D);
}

/// Whether clang could not build \p S or part of it: a recovery expression,
/// or a name of a declaration clang found invalid. Errors that only flow in
/// through a valid variable whose initializer failed (`int B = max(n, u);`
/// then `k<<<B, 1>>>()`) do not count: what is written here is well-formed.
bool hasOwnErrors(const clang::Stmt *S) {
  if (!S)
    return false;
  if (const auto *E = llvm::dyn_cast<clang::Expr>(S)) {
    if (!E->containsErrors())
      return false;
    if (llvm::isa<clang::RecoveryExpr>(E))
      return true;
    if (const auto *Ref = llvm::dyn_cast<clang::DeclRefExpr>(E))
      return isInvalid(*Ref->getDecl());
    if (const auto *Member = llvm::dyn_cast<clang::MemberExpr>(E))
      if (Member->getMemberDecl()->isInvalidDecl())
        return true;
  }
  for (const clang::Stmt *Child : S->children())
    if (hasOwnErrors(Child))
      return true;
  return false;
}

/// Whether the full expression around \p S has errors of its own, or \p S
/// is inside a declaration that clang found invalid.
bool insideErrors(const clang::Expr &S, clang::ASTContext &Ctx) {
  const clang::Expr *Full = &S;
  bool InFull = true;
  clang::DynTypedNodeList Parents = Ctx.getParents(S);
  while (!Parents.empty()) {
    // The full expression ends at the first statement around it.
    if (const auto *E = Parents[0].get<clang::Expr>(); E && InFull)
      Full = E;
    else if (Parents[0].get<clang::Stmt>())
      InFull = false;
    if (const auto *D = Parents[0].get<clang::Decl>()) {
      for (const clang::DeclContext *DC = D->getLexicalDeclContext(); DC;
           DC = DC->getLexicalParent())
        if (llvm::cast<clang::Decl>(DC)->isInvalidDecl())
          return true;
      if (D->isInvalidDecl())
        return true;
      break;
    }
    Parents = Ctx.getParents(Parents[0]);
  }
  return hasOwnErrors(Full);
}

/// Whether clang understood the launch \p Launch of the kernel \p Kernel:
/// nothing in it, or in the expression around it, that clang could not
/// build, a valid kernel declaration, and no invalid declaration around it.
bool understood(const clang::Expr &Launch, const clang::Expr &Kernel,
                clang::ASTContext &Ctx) {
  if (const clang::ValueDecl *D = referencedDecl(Kernel); D && isInvalid(*D))
    return false;
  return !hasOwnErrors(&Launch) && !insideErrors(Launch, Ctx);
}

/// Whether one of \p Errors is reported in the text of \p Launch (where
/// the launch is expanded, for one written in a macro).
bool holdsAnError(const clang::Expr &Launch,
                  llvm::ArrayRef<clang::SourceLocation> Errors,
                  const clang::SourceManager &SM) {
  clang::CharSourceRange Range = SM.getExpansionRange(Launch.getSourceRange());
  auto [File, Begin] = SM.getDecomposedLoc(Range.getBegin());
  unsigned End = SM.getDecomposedLoc(Range.getEnd()).second;
  return llvm::any_of(Errors, [&](clang::SourceLocation Error) {
    if (Error.isInvalid())
      return false;
    auto [ErrorFile, Offset] = SM.getDecomposedExpansionLoc(Error);
    return ErrorFile == File && Offset >= Begin && Offset <= End;
  });
}

/// Where \p Launch is anchored in the text: the spelling of its `<<<`, or of
/// the launch API function's name.
clang::SourceLocation anchorOf(const clang::Expr &Launch) {
  if (const auto *Chevron = llvm::dyn_cast<clang::CUDAKernelCallExpr>(&Launch))
    return Chevron->getConfig() ? Chevron->getConfig()->getBeginLoc()
                                : Chevron->getBeginLoc();
  const clang::Expr *Callee =
      llvm::cast<clang::CallExpr>(Launch).getCallee()->IgnoreParenImpCasts();
  if (const auto *Ref = llvm::dyn_cast<clang::DeclRefExpr>(Callee))
    return Ref->getLocation();
  if (const auto *Lookup = llvm::dyn_cast<clang::UnresolvedLookupExpr>(Callee))
    return Lookup->getNameLoc();
  return Callee->getExprLoc();
}

/// The name of the function \p Call calls, resolved or not.
llvm::StringRef calleeName(const clang::CallExpr &Call) {
  if (const clang::FunctionDecl *FD = Call.getDirectCallee())
    return FD->getIdentifier() ? FD->getName() : "";
  if (const auto *Lookup = llvm::dyn_cast<clang::UnresolvedLookupExpr>(
          Call.getCallee()->IgnoreParenImpCasts()))
    if (const clang::IdentifierInfo *II =
            Lookup->getName().getAsIdentifierInfo())
      return II->getName();
  return "";
}

/// Where the text that stands for \p E lies in \p File: the offsets of the
/// expression itself, of the macro use that expands to exactly it, or of
/// the macro argument it is; nullopt where it is no range of \p File (a
/// larger macro body), so that no bracket can go around it.
std::optional<std::pair<unsigned, unsigned>>
textRangeIn(const clang::Expr &E, clang::FileID File,
            const clang::ASTContext &Ctx) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  clang::CharSourceRange Range = clang::Lexer::makeFileCharRange(
      clang::CharSourceRange::getTokenRange(E.getSourceRange()), SM,
      Ctx.getLangOpts());
  if (!Range.isValid() || SM.getFileID(Range.getBegin()) != File)
    return std::nullopt;
  return std::pair{SM.getFileOffset(Range.getBegin()),
                   SM.getFileOffset(Range.getEnd())};
}

} // namespace

llvm::ArrayRef<llvm::StringRef> launchApiNames() {
  static const std::vector<llvm::StringRef> Names = [] {
    std::vector<llvm::StringRef> All;
    for (const LaunchApi &Api : LaunchApis)
      All.push_back(Api.Name);
    return All;
  }();
  return Names;
}

std::string absoluteFileName(const clang::SourceManager &SM,
                             clang::FileID File) {
  clang::OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
  if (!Entry)
    return "";
  llvm::SmallString<256> Path(Entry->getName());
  SM.getFileManager().makeAbsolutePath(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

void LaunchSiteFinder::registerMatchers(MatchFinder &Finder) {
  if (Libraries) {
    // In patterns and instantiations alike: a dependent call is often
    // known to be a library's only in an instantiation.
    Finder.addMatcher(callExpr(unless(cudaKernelCallExpr())).bind("libcall"),
                      this);
    Finder.addMatcher(cxxConstructExpr().bind("libconstruct"), this);
  }
  Finder.addMatcher(
      cudaKernelCallExpr(unless(isInTemplateInstantiation())).bind("launch"),
      this);
  auto ApiName = hasAnyName(
      "::cudaLaunchKernel", "::cudaLaunchKernel_ptsz", "::cudaLaunchKernelEx",
      "::cudaLaunchKernelExC", "::cudaLaunchKernelExC_ptsz",
      "::cudaLaunchCooperativeKernel", "::cudaLaunchCooperativeKernel_ptsz");
  Finder.addMatcher(callExpr(unless(isInTemplateInstantiation()),
                             callee(functionDecl(ApiName)))
                        .bind("api"),
                    this);
  // In a template, a call with dependent arguments is not resolved yet.
  Finder.addMatcher(callExpr(unless(isInTemplateInstantiation()),
                             callee(unresolvedLookupExpr(
                                 hasAnyDeclaration(namedDecl(ApiName)))))
                        .bind("api"),
                    this);
}

void LaunchSiteFinder::addLibraryCall(const LibraryCallMatch &M,
                                      clang::ASTContext &Ctx) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  const clang::Expr *Node = M.Wrapped;
  clang::SourceLocation Begin = Node ? Node->getBeginLoc() : M.Position;
  clang::SourceLocation Expansion = SM.getExpansionLoc(Begin);
  clang::FileID File = SM.getFileID(Expansion);
  bool InMainFile = File == SM.getMainFileID();
  if (Expansion.isInvalid() || (!InMainFile && SM.isInSystemHeader(Expansion)))
    return;
  // One written call: a pattern's and its instantiations', a macro
  // argument expanded twice, a header included twice.
  clang::SourceLocation Spelling = SM.getSpellingLoc(Begin);
  if (!CallsSeen
           .insert({absoluteFileName(SM, File), SM.getFileOffset(Expansion),
                    absoluteFileName(SM, SM.getFileID(Spelling)),
                    SM.getFileOffset(Spelling), M.InArgument})
           .second)
    return;
  // After a parse with errors: calls clang did not understand stay as
  // they are.
  if (Node && (hasOwnErrors(Node) || insideErrors(*Node, Ctx) ||
               holdsAnError(*Node, ErrorLocations, SM)))
    return;
  ExecutionSpace Space = enclosingExecutionSpace(*M.Expression, Ctx);
  if (Space == ExecutionSpace::Device)
    return;
  std::string HeaderPath;
  if (!InMainFile) {
    std::string Path = absoluteFileName(SM, File);
    // A library's calls of its own functions are the library's code.
    if (Libraries->isListedHeader(Path))
      return;
    if (HeaderFilter && !Path.empty() && HeaderFilter->match(Path))
      HeaderPath = Path;
  }

  LaunchSite Site;
  Site.Kind = LaunchKind::LibraryCall;
  Site.Bracket = M.Bracket;
  Site.KernelName = M.Callee.Name;
  Site.Launch = presumedPosition(M.Position, SM);
  std::tuple<unsigned, unsigned, unsigned> Key{
      InMainFile ? 0 : 1, File.getHashValue(), SM.getFileOffset(Expansion)};
  std::optional<std::pair<unsigned, unsigned>> Text;
  if (Node)
    Text = textRangeIn(*Node, File, Ctx);

  if (!InMainFile && HeaderPath.empty())
    Site.Status = SiteStatus::OutsideMainFile;
  else if (!Node)
    Site.Status = SiteStatus::NoPlaceForBracket;
  else if (!Text)
    Site.Status = SiteStatus::InMacroBody;
  else if (Space == ExecutionSpace::HostDevice &&
           !Regions.contains(File, Text->first))
    return; // Not a call of the host: the device side sees it too.
  else if (Conditionals.anyWithin(File, Text->first, Text->second))
    Site.Status = SiteStatus::SpansConditional;
  else
    Site.Status = SiteStatus::Instrumented;

  if (Site.Status == SiteStatus::Instrumented &&
      !placeBracket(Site, *Text, HeaderPath, M.InArgument ? 2 : 1))
    return;
  Found.emplace_back(Key, std::move(Site));
}

void LaunchSiteFinder::run(const MatchFinder::MatchResult &Result) {
  if (const auto *Call = Result.Nodes.getNodeAs<clang::CallExpr>("libcall")) {
    if (std::optional<LibraryCallMatch> M =
            matchLibraryCall(*Call, *Result.Context, *Libraries))
      addLibraryCall(*M, *Result.Context);
    return;
  }
  if (const auto *Construct =
          Result.Nodes.getNodeAs<clang::CXXConstructExpr>("libconstruct")) {
    if (std::optional<LibraryCallMatch> M =
            matchLibraryConstruction(*Construct, *Result.Context, *Libraries))
      addLibraryCall(*M, *Result.Context);
    return;
  }
  const clang::Expr *Launch = nullptr;
  LaunchKind Kind = LaunchKind::Chevron;
  const clang::Expr *KernelExpr = nullptr;
  if (const auto *Chevron =
          Result.Nodes.getNodeAs<clang::CUDAKernelCallExpr>("launch")) {
    Launch = Chevron;
    KernelExpr = Chevron->getCallee();
  } else if (const auto *Call =
                 Result.Nodes.getNodeAs<clang::CallExpr>("api")) {
    const LaunchApi *Api = findApi(calleeName(*Call));
    if (!Api || Call->getNumArgs() <= Api->KernelArgument)
      return;
    Launch = Call;
    Kind = LaunchKind::ApiCall;
    KernelExpr = Call->getArg(Api->KernelArgument);
  }
  if (!Launch || !Seen.insert(Launch).second)
    return;
  clang::ASTContext &Ctx = *Result.Context;
  const clang::SourceManager &SM = Ctx.getSourceManager();
  std::pair<clang::FileID, unsigned> Anchor =
      SM.getDecomposedSpellingLoc(anchorOf(*Launch));
  Anchors.insert({Anchor.first.getHashValue(), Anchor.second});

  clang::SourceLocation Begin = Launch->getBeginLoc();
  clang::SourceLocation Expansion = SM.getExpansionLoc(Begin);
  clang::FileID LaunchFile = SM.getFileID(Expansion);
  bool InMainFile = LaunchFile == SM.getMainFileID();
  if (!InMainFile && SM.isInSystemHeader(Expansion))
    return;
  std::string HeaderPath;
  if (!InMainFile && HeaderFilter) {
    std::string Path = absoluteFileName(SM, LaunchFile);
    if (!Path.empty() && HeaderFilter->match(Path))
      HeaderPath = Path;
  }

  LaunchSite Site;
  Site.Kind = Kind;
  Site.Launch = presumedPosition(Begin, SM);
  KernelReference Kernel = resolveKernelExpression(*KernelExpr, Ctx);
  Site.KernelName = std::move(Kernel.Name);
  Site.Kernel = std::move(Kernel.Position);
  Site.KernelIsDefinition = Kernel.IsDefinition;
  std::tuple<unsigned, unsigned, unsigned> Key{InMainFile ? 0 : 1,
                                               LaunchFile.getHashValue(),
                                               SM.getFileOffset(Expansion)};

  std::optional<std::pair<unsigned, unsigned>> Text =
      textRangeIn(*Launch, LaunchFile, Ctx);

  if ((InMainFile || !HeaderPath.empty()) &&
      (!understood(*Launch, *KernelExpr, Ctx) ||
       holdsAnError(*Launch, ErrorLocations, SM))) {
    Unclear.push_back(std::move(Site));
    return;
  }

  ExecutionSpace Space = enclosingExecutionSpace(*Launch, Ctx);
  if (!InMainFile && HeaderPath.empty())
    Site.Status = SiteStatus::OutsideMainFile;
  else if (Space == ExecutionSpace::Device)
    Site.Status = SiteStatus::DeviceLaunch;
  else if (!Text)
    Site.Status = SiteStatus::InMacroBody;
  else if (Space == ExecutionSpace::HostDevice &&
           !Regions.contains(LaunchFile, Text->first))
    Site.Status = SiteStatus::HostDeviceFunction;
  else if (Conditionals.anyWithin(LaunchFile, Text->first, Text->second))
    Site.Status = SiteStatus::SpansConditional;
  else
    Site.Status = SiteStatus::Instrumented;

  if (Site.Status == SiteStatus::Instrumented) {
    if (!placeBracket(Site, *Text, HeaderPath, 0))
      return;
  } else if (!InMainFile) {
    // A header included twice is one written launch.
    if (!WrappedRanges
             .insert({std::string(1, '\0') + absoluteFileName(SM, LaunchFile),
                      SM.getFileOffset(Expansion), 0, 0})
             .second)
      return;
  }
  Found.emplace_back(Key, std::move(Site));
}

bool LaunchSiteFinder::placeBracket(LaunchSite &Site,
                                    std::pair<unsigned, unsigned> Text,
                                    const std::string &HeaderPath,
                                    unsigned What) {
  Site.Begin = Text.first;
  Site.End = Text.second;
  Site.HeaderFile = HeaderPath;
  return WrappedRanges.insert({Site.HeaderFile, Site.Begin, Site.End, What})
      .second;
}

std::vector<LaunchSite> LaunchSiteFinder::takeSites() {
  std::stable_sort(
      Found.begin(), Found.end(),
      [](const auto &A, const auto &B) { return A.first < B.first; });
  std::vector<LaunchSite> Sites;
  Sites.reserve(Found.size());
  for (auto &Entry : Found)
    Sites.push_back(std::move(Entry.second));
  Found.clear();
  // Brackets must nest: of two wrapped texts that overlap without one
  // holding the other, the later is left alone.
  for (size_t I = 0; I < Sites.size(); ++I) {
    LaunchSite &Later = Sites[I];
    if (Later.Status != SiteStatus::Instrumented)
      continue;
    for (size_t J = 0; J < I; ++J) {
      const LaunchSite &Earlier = Sites[J];
      if (Earlier.Status != SiteStatus::Instrumented ||
          Earlier.HeaderFile != Later.HeaderFile)
        continue;
      bool Overlap = Earlier.Begin < Later.End && Later.Begin < Earlier.End;
      bool Nested =
          (Earlier.Begin <= Later.Begin && Later.End <= Earlier.End) ||
          (Later.Begin <= Earlier.Begin && Earlier.End <= Later.End);
      if (Overlap && !Nested) {
        Later.Status = SiteStatus::InMacroBody;
        break;
      }
    }
  }
  return Sites;
}

} // namespace headroom::ast
