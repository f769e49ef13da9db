//===- KernelResolver.cpp - The kernel a launch names ---------------------===//

#include "ast/KernelResolver.h"

#include "ast/PresumedPosition.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/TemplateBase.h"
#include "clang/AST/Type.h"

namespace headroom::ast {

namespace {

/// The function that declares the kernel's body: the template pattern of an
/// implicit instantiation (an explicit specialization is its own body), the
/// definition if the TU has one, else the first declaration.
const clang::FunctionDecl *bodyDeclaration(const clang::FunctionDecl *FD,
                                           bool &IsDefinition) {
  if (const clang::FunctionDecl *Pattern =
          FD->getTemplateInstantiationPattern())
    FD = Pattern;
  if (const clang::FunctionDecl *Definition = FD->getDefinition()) {
    IsDefinition = true;
    return Definition;
  }
  IsDefinition = false;
  return FD->getFirstDecl();
}

/// The function a name found by lookup refers to; for a template, its
/// templated function.
const clang::FunctionDecl *asFunction(const clang::NamedDecl *D) {
  D = D->getUnderlyingDecl();
  if (const auto *Template = llvm::dyn_cast<clang::FunctionTemplateDecl>(D))
    return Template->getTemplatedDecl();
  return llvm::dyn_cast<clang::FunctionDecl>(D);
}

} // namespace

KernelReference resolveKernelExpression(const clang::Expr &Expression,
                                        clang::ASTContext &Ctx) {
  clang::PrintingPolicy Policy = Ctx.getPrintingPolicy();
  Policy.SuppressUnwrittenScope = false;
  // Casts are looked through: the API calls take `(void *)kernel`.
  const clang::Expr *Callee = Expression.IgnoreParenCasts();
  if (const auto *AddrOf = llvm::dyn_cast<clang::UnaryOperator>(Callee);
      AddrOf && AddrOf->getOpcode() == clang::UO_AddrOf)
    Callee = AddrOf->getSubExpr()->IgnoreParenCasts();

  const clang::FunctionDecl *Kernel = nullptr;
  llvm::ArrayRef<clang::TemplateArgumentLoc> WrittenArgs;
  if (const auto *Ref = llvm::dyn_cast<clang::DeclRefExpr>(Callee)) {
    Kernel = llvm::dyn_cast<clang::FunctionDecl>(Ref->getDecl());
    WrittenArgs = Ref->template_arguments();
  } else if (const auto *Lookup =
                 llvm::dyn_cast<clang::UnresolvedLookupExpr>(Callee)) {
    // A dependent launch in a template: the candidates share one name; the
    // first one that has a definition is the best guess for its location.
    for (const clang::NamedDecl *Candidate : Lookup->decls()) {
      const clang::FunctionDecl *FD = asFunction(Candidate);
      if (FD && (!Kernel || (!Kernel->getDefinition() && FD->getDefinition())))
        Kernel = FD;
    }
    WrittenArgs = Lookup->template_arguments();
  }

  KernelReference Result;
  llvm::raw_string_ostream OS(Result.Name);
  if (!Kernel) {
    Callee->printPretty(OS, nullptr, Policy);
    return Result;
  }
  Kernel->printQualifiedName(OS, Policy);
  if (!WrittenArgs.empty())
    clang::printTemplateArgumentList(OS, WrittenArgs, Policy);
  const clang::FunctionDecl *Body =
      bodyDeclaration(Kernel, Result.IsDefinition);
  Result.Position =
      presumedPosition(Body->getLocation(), Ctx.getSourceManager());
  return Result;
}

} // namespace headroom::ast
