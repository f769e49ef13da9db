//===- KernelResolver.h - The kernel a launch names -------------*- C++ -*-===//
///
/// \file
/// Names the kernel of a `<<<...>>>` launch as the user wrote it, qualified
/// (`app::scale<float>`, or `scale<T>` in a template), and finds the kernel's
/// definition: for a specialization of a kernel template, the template's
/// definition; without a definition in the translation unit, the first
/// declaration. A launch through a function pointer names the pointer and
/// has no known definition.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_KERNELRESOLVER_H
#define HEADROOM_AST_KERNELRESOLVER_H

#include "ast/LaunchSite.h"

#include <string>

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
class Expr;
} // namespace clang

namespace headroom::ast {

/// The kernel of one launch.
struct KernelReference {
  /// Qualified name with the template arguments written at the launch.
  std::string Name;
  /// The kernel's name in its definition (or declaration); may be unknown.
  SourcePosition Position;
  bool IsDefinition = false;
};

/// Resolves the kernel that \p Expression names: a `<<<...>>>` callee, or
/// the function argument of a launch API call (`(void *)k`, `&k<float>`),
/// looking through parentheses, casts and `&`.
KernelReference resolveKernelExpression(const clang::Expr &Expression,
                                        clang::ASTContext &Ctx);

} // namespace headroom::ast

#endif // HEADROOM_AST_KERNELRESOLVER_H
