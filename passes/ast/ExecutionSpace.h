//===- ExecutionSpace.h - Host or device side of code -----------*- C++ -*-===//
///
/// \file
/// Decides whether a statement runs on the host, on the device, or on both,
/// from the CUDA attributes of the function it is written in. Clang marks
/// lambdas and constexpr functions implicitly `__host__ __device__`; those
/// implicit attributes do not count: a lambda runs where the code around it
/// runs, and nvcc treats a constexpr function as host code.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_EXECUTIONSPACE_H
#define HEADROOM_AST_EXECUTIONSPACE_H

namespace clang {
class ASTContext;
class Stmt;
} // namespace clang

namespace headroom::ast {

enum class ExecutionSpace {
  /// Host code: a host function, or no function at all (an initializer).
  Host,
  /// A `__global__` or explicitly `__device__`-only function.
  Device,
  /// An explicitly `__host__ __device__` function.
  HostDevice,
};

/// The execution space of the innermost function that \p S is written in,
/// looking through lambdas whose attributes are implicit.
ExecutionSpace enclosingExecutionSpace(const clang::Stmt &S,
                                       clang::ASTContext &Ctx);

} // namespace headroom::ast

#endif // HEADROOM_AST_EXECUTIONSPACE_H
