//===- LaneAnalysis.h - How device code varies across a warp ----*- C++ -*-===//
///
/// \file
/// The facts several checks need about one device function: how an integer
/// expression changes from one lane of a warp to the next (threadIdx.x to
/// threadIdx.x + 1), or from one iteration of a loop to the next; which
/// local variables are modified where; whether an expression is invariant
/// in a loop; which accesses reach global or shared memory.
///
/// The analysis is symbolic and deliberately small: sums, differences,
/// products with a lane-uniform factor, shifts by constants, and local
/// variables followed to their initializers when every later change keeps
/// the stride (`i += blockDim.x * gridDim.x`). Anything else (a call, a
/// division, a value loaded through a lane-varying address, a variable
/// whose address escapes) is Unknown, and the checks stay silent on it.
///
/// threadIdx.y and threadIdx.z are taken as uniform within a warp, which
/// holds when blockDim.x is a multiple of 32 (the checks' documentation
/// says so).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SOURCECHECKS_LANEANALYSIS_H
#define HEADROOM_SOURCECHECKS_LANEANALYSIS_H

#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class VarDecl;
class ParmVarDecl;
} // namespace clang

namespace headroom::sourcechecks {

/// How much an expression changes per step of what it is measured along.
struct Stride {
  enum KindT {
    /// Not known: the checks say nothing.
    Unknown,
    /// Does not change (uniform across the warp, invariant along the loop).
    Zero,
    /// Changes by Value.
    Constant,
    /// Changes by Value x Factor, a uniform expression that is not a
    /// compile-time constant (a matrix width `n`).
    Symbolic,
  };
  KindT Kind = Unknown;
  std::int64_t Value = 0;
  const clang::Expr *Factor = nullptr;

  static Stride unknown() { return {}; }
  static Stride zero() { return {Zero, 0, nullptr}; }
  static Stride constant(std::int64_t V) {
    return V == 0 ? zero() : Stride{Constant, V, nullptr};
  }
  static Stride symbolic(std::int64_t V, const clang::Expr *F) {
    return V == 0 ? zero() : Stride{Symbolic, V, F};
  }
  bool known() const { return Kind != Unknown; }
  bool isZero() const { return Kind == Zero; }
  bool operator==(const Stride &O) const {
    return Kind == O.Kind && Value == O.Value && Factor == O.Factor;
  }
};

/// The CUDA built-in index variables.
enum class BuiltinVar { ThreadIdx, BlockIdx, BlockDim, GridDim };

/// `threadIdx.x` and its kind: which variable and which component.
struct BuiltinComponent {
  BuiltinVar Var;
  char Dim; ///< 'x', 'y' or 'z'
};

/// The built-in component \p E reads (through parentheses and casts), if
/// it reads one.
std::optional<BuiltinComponent> builtinComponent(const clang::Expr *E);

/// \p E's value when it is an integer constant expression.
std::optional<std::int64_t> constantValue(const clang::Expr *E,
                                          const clang::ASTContext &Ctx);

/// A change of a local variable after its declaration.
struct Modification {
  /// The assignment, increment or decrement.
  const clang::Expr *Where = nullptr;
  /// `=`, `+=`, ... (BO_Assign etc.); for `++`/`--`, BO_Add/BO_Sub.
  clang::BinaryOperatorKind Op = clang::BO_Assign;
  /// The value assigned or added; null for `++`/`--`.
  const clang::Expr *Value = nullptr;
};

/// The facts of one device function, computed once.
class LaneAnalysis {
public:
  LaneAnalysis(const clang::FunctionDecl &F, clang::ASTContext &Ctx);

  const clang::FunctionDecl &function() const { return F; }
  clang::ASTContext &ast() const { return Ctx; }

  /// How \p E changes from lane threadIdx.x to lane threadIdx.x + 1.
  Stride laneStride(const clang::Expr *E);

  /// How \p E changes when \p Var (a loop's induction variable) grows by
  /// one, everything else held.
  Stride strideAlong(const clang::Expr *E, const clang::VarDecl *Var);

  /// The changes of \p V after its declaration.
  const std::vector<Modification> &modifications(const clang::VarDecl *V);
  /// Whether \p V's address is taken or it is bound to a reference: then
  /// its changes cannot all be seen.
  bool escapes(const clang::VarDecl *V);
  /// Whether \p V is changed inside \p S (or escapes).
  bool modifiedIn(const clang::VarDecl *V, const clang::Stmt *S);
  /// Whether \p Inner is \p Outer or inside it.
  bool isWithin(const clang::Stmt *Inner, const clang::Stmt *Outer) const;
  /// The innermost loop (for, while, do, range-for) around \p S inside the
  /// function, or null.
  const clang::Stmt *enclosingLoop(const clang::Stmt *S) const;
  /// Whether \p E has the same value on every iteration of \p Loop: it
  /// reads only constants, built-in index variables, and variables not
  /// changed in the loop whose initializers are invariant in turn; no
  /// loads through pointers, no calls but to pure math functions.
  bool isInvariantIn(const clang::Expr *E, const clang::Stmt *Loop);

  /// The kernel parameter a pointer expression starts from (`p`,
  /// `p + off`, a local `T *q = p + off` never changed), with the offset
  /// in elements along the way (null when none); null when it is not a
  /// kernel's pointer parameter, i.e. not known to be global memory.
  const clang::ParmVarDecl *
  globalPointer(const clang::Expr *Base,
                std::vector<const clang::Expr *> &Offsets);

  /// The `__shared__` array variable \p Base names, or null.
  static const clang::VarDecl *sharedArray(const clang::Expr *Base);

  /// The source text of \p E, for messages.
  std::string text(const clang::Expr *E) const;

  /// The parent of \p S in the function's body (ParentMap), or null.
  const clang::Stmt *parent(const clang::Stmt *S) const;

private:
  struct VarFacts {
    std::vector<Modification> Changes;
    bool Escapes = false;
  };
  void collectVariableFacts();
  Stride stride(const clang::Expr *E, const clang::VarDecl *Along);
  Stride strideOfVariable(const clang::VarDecl *V, const clang::VarDecl *Along);
  Stride strideOfBinary(const clang::BinaryOperator *B,
                        const clang::VarDecl *Along);
  Stride strideOfCall(const clang::CallExpr *C, const clang::VarDecl *Along);
  bool childrenUniform(const clang::Stmt *S, const clang::VarDecl *Along);

  const clang::FunctionDecl &F;
  clang::ASTContext &Ctx;
  clang::ParentMap Parents;
  llvm::DenseMap<const clang::VarDecl *, VarFacts> Vars;
  /// Strides of variables, per what they are measured along (null:
  /// threadIdx.x).
  llvm::DenseMap<std::pair<const clang::VarDecl *, const clang::VarDecl *>,
                 Stride>
      VarStrides;
};

/// A `for` loop's induction variable: `for (int i = Init; i < N; i += Step)`.
struct Induction {
  const clang::VarDecl *Var = nullptr;
  const clang::Expr *Init = nullptr;
  /// The step when it is a constant (`++i`: 1, `i -= 2`: -2).
  std::optional<std::int64_t> Step;
  /// The step's expression otherwise (`i += blockDim.x * gridDim.x`).
  const clang::Expr *StepExpr = nullptr;
  /// The side of the condition the variable is compared with (`N`), null
  /// when the condition is not a comparison of the variable.
  const clang::Expr *Bound = nullptr;
};

/// The induction variable of \p Loop, when its increment is a constant or
/// an expression added to (or subtracted from) one variable that its
/// initialization declares or assigns.
std::optional<Induction> inductionOf(const clang::ForStmt &Loop,
                                     const clang::ASTContext &Ctx);

/// Whether \p Name is a math function of the C library or CUDA's whose
/// result depends only on its arguments (`sqrtf`, `expf`, `min`, `__sinf`).
bool isPureMathFunction(llvm::StringRef Name);

/// Whether \p Name is a transcendental function (sin, exp, log, pow and
/// their float and intrinsic forms): one whose evaluation costs many
/// instructions or special-function-unit work.
bool isTranscendental(llvm::StringRef Name);

} // namespace headroom::sourcechecks

#endif // HEADROOM_SOURCECHECKS_LANEANALYSIS_H
