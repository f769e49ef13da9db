//===- ExecutionSpace.cpp - Host or device side of a statement ------------===//

#include "ast/ExecutionSpace.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ASTLambda.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

#include <optional>

namespace headroom::ast {

namespace {

/// The closest declaration around \p S (a function, a variable whose
/// initializer holds S, ...), or the call operator of the closest lambda.
const clang::Decl *enclosingDecl(const clang::Stmt &S, clang::ASTContext &Ctx) {
  clang::DynTypedNodeList Parents = Ctx.getParents(S);
  while (!Parents.empty()) {
    for (const clang::DynTypedNode &P : Parents)
      if (const auto *Lambda = P.get<clang::LambdaExpr>())
        return Lambda->getCallOperator();
    for (const clang::DynTypedNode &P : Parents)
      if (const auto *D = P.get<clang::Decl>())
        return D;
    Parents = Ctx.getParents(Parents[0]);
  }
  return nullptr;
}

/// The space of \p FD from its explicit attributes, or nothing when they are
/// all implicit (or absent) and the function is a lambda's call operator, so
/// that the enclosing code decides.
std::optional<ExecutionSpace> explicitSpace(const clang::FunctionDecl &FD) {
  if (FD.hasAttr<clang::CUDAGlobalAttr>())
    return ExecutionSpace::Device;
  const auto *Device = FD.getAttr<clang::CUDADeviceAttr>();
  const auto *Host = FD.getAttr<clang::CUDAHostAttr>();
  bool ExplicitDevice = Device && !Device->isImplicit();
  bool ExplicitHost = Host && !Host->isImplicit();
  if (ExplicitDevice)
    return ExplicitHost ? ExecutionSpace::HostDevice : ExecutionSpace::Device;
  if (ExplicitHost)
    return ExecutionSpace::Host;
  if (clang::isLambdaCallOperator(&FD))
    return std::nullopt;
  return ExecutionSpace::Host;
}

} // namespace

ExecutionSpace enclosingExecutionSpace(const clang::Stmt &S,
                                       clang::ASTContext &Ctx) {
  const clang::Decl *D = enclosingDecl(S, Ctx);
  if (!D)
    return ExecutionSpace::Host;
  const clang::DeclContext *DC = llvm::dyn_cast<clang::DeclContext>(D);
  if (!DC || !llvm::isa<clang::FunctionDecl>(DC))
    DC = D->getDeclContext();
  for (; DC; DC = DC->getParent()) {
    const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(DC);
    if (!FD)
      continue;
    if (std::optional<ExecutionSpace> Space = explicitSpace(*FD))
      return *Space;
  }
  return ExecutionSpace::Host;
}

} // namespace headroom::ast
