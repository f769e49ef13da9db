//===- SkippedBodies.cpp - Function bodies the host parse skips -----------===//

#include "ast/SkippedBodies.h"

#include "ast/LaunchSiteFinder.h"
#include "support/CudaText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/Support/Regex.h"

namespace headroom::ast {

namespace {

bool isKernel(const clang::Decl &D) {
  const clang::FunctionDecl *F = D.getAsFunction();
  return F && F->hasAttr<clang::CUDAGlobalAttr>();
}

/// Turns \p Enabled off at the first macro, defined outside the system
/// headers, whose definition holds launch text.
class LaunchMacroWatch : public clang::PPCallbacks {
public:
  LaunchMacroWatch(const clang::SourceManager &SM, bool &Enabled)
      : SM(SM), Enabled(Enabled) {}

  void MacroDefined(const clang::Token &,
                    const clang::MacroDirective *MD) override {
    if (!Enabled || !MD)
      return;
    const clang::MacroInfo *MI = MD->getMacroInfo();
    if (!MI || MI->getNumTokens() == 0 ||
        SM.isInSystemHeader(MI->getDefinitionLoc()))
      return;
    clang::CharSourceRange Range = clang::CharSourceRange::getTokenRange(
        MI->getDefinitionLoc(), MI->getDefinitionEndLoc());
    bool Invalid = false;
    llvm::StringRef Text =
        clang::Lexer::getSourceText(Range, SM, clang::LangOptions(), &Invalid);
    if (Invalid || findLaunchText(std::string_view(Text.data(), Text.size())))
      Enabled = false;
  }

private:
  const clang::SourceManager &SM;
  bool &Enabled;
};

} // namespace

bool skipsFunctionBody(const clang::Decl &D) {
  const clang::SourceManager &SM = D.getASTContext().getSourceManager();
  return SM.isInSystemHeader(D.getLocation()) && !isKernel(D);
}

LaunchFreeBodies::LaunchFreeBodies(const std::vector<std::string> &CommandLine,
                                   const llvm::Regex *HeaderFilter,
                                   bool LibraryHeaders)
    : HeaderFilter(HeaderFilter), Enabled(!LibraryHeaders) {
  // A -D that defines a launch macro (its definition may not reach the
  // watch when a precompiled header holds the predefines).
  for (const std::string &Arg : CommandLine)
    if (findLaunchText(Arg))
      Enabled = false;
}

LaunchFreeBodies::~LaunchFreeBodies() = default;

bool LaunchFreeBodies::skips(const clang::Decl &D) {
  if (skipsFunctionBody(D))
    return true;
  if (!Enabled || isKernel(D))
    return false;
  const clang::SourceManager &SM = D.getASTContext().getSourceManager();
  clang::SourceLocation At = SM.getExpansionLoc(D.getLocation());
  if (At.isInvalid() || SM.isInMainFile(At))
    return false;
  return launchFreeFile(SM, SM.getFileID(At));
}

std::unique_ptr<clang::PPCallbacks>
LaunchFreeBodies::makeCallbacks(const clang::SourceManager &SM) {
  return std::make_unique<LaunchMacroWatch>(SM, Enabled);
}

bool LaunchFreeBodies::launchFreeFile(const clang::SourceManager &SM,
                                      clang::FileID File) {
  auto [It, New] = Files.try_emplace(File, false);
  if (!New)
    return It->second;
  std::string Path = absoluteFileName(SM, File);
  if (Path.empty() || (HeaderFilter && HeaderFilter->match(Path)))
    return false;
  bool Invalid = false;
  llvm::StringRef Text = SM.getBufferData(File, &Invalid);
  It->second =
      !Invalid && !findLaunchText(std::string_view(Text.data(), Text.size()));
  return It->second;
}

} // namespace headroom::ast
