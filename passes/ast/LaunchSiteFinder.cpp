//===- LaunchSiteFinder.cpp - Find the kernel launches of a TU ------------===//

#include "ast/LaunchSiteFinder.h"

#include "ast/ExecutionSpace.h"
#include "ast/KernelResolver.h"
#include "ast/PresumedPosition.h"

#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

namespace headroom::ast {

using namespace clang::ast_matchers;

void LaunchSiteFinder::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(
      cudaKernelCallExpr(unless(isInTemplateInstantiation())).bind("launch"),
      this);
}

void LaunchSiteFinder::run(const MatchFinder::MatchResult &Result) {
  const auto *Launch =
      Result.Nodes.getNodeAs<clang::CUDAKernelCallExpr>("launch");
  if (!Launch || !Seen.insert(Launch).second)
    return;
  clang::ASTContext &Ctx = *Result.Context;
  const clang::SourceManager &SM = Ctx.getSourceManager();

  clang::SourceLocation Begin = Launch->getBeginLoc();
  clang::SourceLocation Expansion = SM.getExpansionLoc(Begin);
  bool InMainFile = SM.getFileID(Expansion) == SM.getMainFileID();
  if (!InMainFile && SM.isInSystemHeader(Expansion))
    return;

  LaunchSite Site;
  Site.Launch = presumedPosition(Begin, SM);
  KernelReference Kernel = resolveKernel(*Launch, Ctx);
  Site.KernelName = std::move(Kernel.Name);
  Site.Kernel = std::move(Kernel.Position);
  Site.KernelIsDefinition = Kernel.IsDefinition;
  std::tuple<unsigned, unsigned, unsigned> Key{
      InMainFile ? 0 : 1, SM.getFileID(Expansion).getHashValue(),
      SM.getFileOffset(Expansion)};

  // The main-file text that stands for the launch: the launch itself, the
  // macro use that expands to exactly it, or the macro argument it is.
  clang::CharSourceRange Range = clang::Lexer::makeFileCharRange(
      clang::CharSourceRange::getTokenRange(Launch->getSourceRange()), SM,
      Ctx.getLangOpts());
  bool Wrappable =
      Range.isValid() && SM.getFileID(Range.getBegin()) == SM.getMainFileID();

  ExecutionSpace Space = enclosingExecutionSpace(*Launch, Ctx);
  if (!InMainFile)
    Site.Status = SiteStatus::OutsideMainFile;
  else if (Space == ExecutionSpace::Device)
    Site.Status = SiteStatus::DeviceLaunch;
  else if (!Wrappable)
    Site.Status = SiteStatus::InMacroBody;
  else if (Space == ExecutionSpace::HostDevice &&
           !Regions.contains(SM.getFileOffset(Range.getBegin())))
    Site.Status = SiteStatus::HostDeviceFunction;
  else
    Site.Status = SiteStatus::Instrumented;

  if (Site.Status == SiteStatus::Instrumented) {
    Site.Begin = SM.getFileOffset(Range.getBegin());
    Site.End = SM.getFileOffset(Range.getEnd());
    if (!WrappedRanges.insert({Site.Begin, Site.End}).second)
      return;
  }
  Found.emplace_back(Key, std::move(Site));
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
  return Sites;
}

} // namespace headroom::ast
