//===- SkippedBodies.cpp - Function bodies the host parse skips -----------===//

#include "ast/SkippedBodies.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"

namespace headroom::ast {

bool skipsFunctionBody(const clang::Decl &D) {
  const clang::SourceManager &SM = D.getASTContext().getSourceManager();
  if (!SM.isInSystemHeader(D.getLocation()))
    return false;
  const clang::FunctionDecl *F = D.getAsFunction();
  return !F || !F->hasAttr<clang::CUDAGlobalAttr>();
}

} // namespace headroom::ast
