//===- LaneAnalysis.cpp - How device code varies across a warp ------------===//

#include "sourcechecks/LaneAnalysis.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSet.h"

namespace headroom::sourcechecks {

using namespace clang;

namespace {

std::optional<BuiltinVar> builtinVarNamed(StringRef Name) {
  if (Name == "threadIdx")
    return BuiltinVar::ThreadIdx;
  if (Name == "blockIdx")
    return BuiltinVar::BlockIdx;
  if (Name == "blockDim")
    return BuiltinVar::BlockDim;
  if (Name == "gridDim")
    return BuiltinVar::GridDim;
  return std::nullopt;
}

/// `__fetch_builtin_x` -> 'x'.
std::optional<char> dimOfAccessor(StringRef Name) {
  if (Name.consume_front("__fetch_builtin_") && Name.size() == 1 &&
      (Name[0] == 'x' || Name[0] == 'y' || Name[0] == 'z'))
    return Name[0];
  return std::nullopt;
}

const VarDecl *referencedVar(const Expr *E) {
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(Ref->getDecl());
  return nullptr;
}

bool isKernel(const FunctionDecl &F) { return F.hasAttr<CUDAGlobalAttr>(); }

bool isLoop(const Stmt *S) {
  return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
}

/// Adds two strides.
Stride add(Stride A, Stride B, bool Subtract) {
  if (!A.known() || !B.known())
    return Stride::unknown();
  if (Subtract) {
    B.Value = -B.Value;
  }
  if (B.isZero())
    return A;
  if (A.isZero())
    return B;
  if (A.Kind == Stride::Constant && B.Kind == Stride::Constant)
    return Stride::constant(A.Value + B.Value);
  return Stride::unknown();
}

/// Multiplies stride \p S by a uniform operand \p U.
Stride scale(Stride S, const Expr *U, std::optional<std::int64_t> Value) {
  if (S.isZero())
    return S;
  if (Value) {
    if (S.Kind == Stride::Constant)
      return Stride::constant(S.Value * *Value);
    return Stride::symbolic(S.Value * *Value, S.Factor);
  }
  if (S.Kind == Stride::Constant)
    return Stride::symbolic(S.Value, U);
  return Stride::unknown();
}

} // namespace

std::optional<BuiltinComponent> builtinComponent(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(E)) {
    const auto *Property = dyn_cast<MSPropertyRefExpr>(
        PO->getSyntacticForm()->IgnoreParenImpCasts());
    if (!Property)
      return std::nullopt;
    const Expr *BaseExpr = Property->getBaseExpr()->IgnoreParenImpCasts();
    if (const auto *Opaque = dyn_cast<OpaqueValueExpr>(BaseExpr))
      BaseExpr = Opaque->getSourceExpr();
    const VarDecl *Base = BaseExpr ? referencedVar(BaseExpr) : nullptr;
    if (!Base)
      return std::nullopt;
    std::optional<BuiltinVar> Var = builtinVarNamed(Base->getName());
    StringRef Dim = Property->getPropertyDecl()->getName();
    if (!Var || Dim.size() != 1 || Dim[0] < 'x' || Dim[0] > 'z')
      return std::nullopt;
    return BuiltinComponent{*Var, Dim[0]};
  }
  if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *Method = Call->getMethodDecl();
    const VarDecl *Base = referencedVar(Call->getImplicitObjectArgument());
    if (!Method || !Method->getIdentifier() || !Base)
      return std::nullopt;
    std::optional<BuiltinVar> Var = builtinVarNamed(Base->getName());
    std::optional<char> Dim = dimOfAccessor(Method->getName());
    if (Var && Dim)
      return BuiltinComponent{*Var, *Dim};
  }
  return std::nullopt;
}

std::optional<std::int64_t> constantValue(const Expr *E,
                                          const ASTContext &Ctx) {
  if (E->isValueDependent() || !E->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  Expr::EvalResult Result;
  if (!E->EvaluateAsInt(Result, Ctx))
    return std::nullopt;
  return Result.Val.getInt().getExtValue();
}

bool isPureMathFunction(StringRef Name) {
  static const llvm::StringSet<> Integer = {"min",   "max",     "abs",
                                            "umin",  "umax",    "llmin",
                                            "llmax", "__mul24", "__umul24"};
  if (Integer.contains(Name))
    return true;
  StringRef Base = Name;
  Base.consume_front("__");
  Base.consume_front("std::");
  if (Base.ends_with("f") && !isTranscendental(Base) &&
      isTranscendental(Base.drop_back()))
    return true;
  static const llvm::StringSet<> Other = {
      "fabs",   "fabsf", "fmin",   "fminf", "fmax",   "fmaxf",  "floor",
      "floorf", "ceil",  "ceilf",  "round", "roundf", "trunc",  "truncf",
      "fma",    "fmaf",  "sqrt",   "sqrtf", "rsqrt",  "rsqrtf", "cbrt",
      "cbrtf",  "hypot", "hypotf", "fmod",  "fmodf"};
  return Other.contains(Base) || isTranscendental(Base);
}

bool isTranscendental(StringRef Name) {
  static const llvm::StringSet<> Names = {
      "sin",     "cos",      "tan",    "asin",     "acos",     "atan",
      "atan2",   "sinh",     "cosh",   "tanh",     "exp",      "exp2",
      "exp10",   "expm1",    "log",    "log2",     "log10",    "log1p",
      "pow",     "erf",      "erfc",   "sinpi",    "cospi",    "sincos",
      "sinf",    "cosf",     "tanf",   "asinf",    "acosf",    "atanf",
      "atan2f",  "sinhf",    "coshf",  "tanhf",    "expf",     "exp2f",
      "exp10f",  "expm1f",   "logf",   "log2f",    "log10f",   "log1pf",
      "powf",    "erff",     "erfcf",  "sinpif",   "cospif",   "sincosf",
      "__sinf",  "__cosf",   "__tanf", "__expf",   "__exp10f", "__logf",
      "__log2f", "__log10f", "__powf", "__sincosf"};
  return Names.contains(Name);
}

namespace {

/// The variable and initial value of a for-init statement.
std::pair<const VarDecl *, const Expr *> initializedVariable(const Stmt *Init) {
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(Init)) {
    if (!DS->isSingleDecl())
      return {};
    const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl());
    if (V && V->getInit())
      return {V, V->getInit()};
    return {};
  }
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(Init))
    if (B->getOpcode() == BO_Assign)
      if (const VarDecl *V = referencedVar(B->getLHS()))
        return {V, B->getRHS()};
  return {};
}

} // namespace

std::optional<Induction> inductionOf(const ForStmt &Loop,
                                     const ASTContext &Ctx) {
  auto [Var, Init] = initializedVariable(Loop.getInit());
  const Expr *Inc = Loop.getInc();
  if (!Var || !Inc)
    return std::nullopt;
  Induction I;
  I.Var = Var;
  I.Init = Init;
  Inc = Inc->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Inc)) {
    if (!U->isIncrementDecrementOp() || referencedVar(U->getSubExpr()) != Var)
      return std::nullopt;
    I.Step = U->isIncrementOp() ? 1 : -1;
  } else if (const auto *B = dyn_cast<BinaryOperator>(Inc)) {
    if (referencedVar(B->getLHS()) != Var)
      return std::nullopt;
    const Expr *Step = nullptr;
    bool Negative = false;
    if (B->getOpcode() == BO_AddAssign || B->getOpcode() == BO_SubAssign) {
      Step = B->getRHS();
      Negative = B->getOpcode() == BO_SubAssign;
    } else if (B->getOpcode() == BO_Assign) {
      // i = i + step
      const auto *Sum = dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParens());
      if (!Sum || Sum->getOpcode() != BO_Add ||
          referencedVar(Sum->getLHS()) != Var)
        return std::nullopt;
      Step = Sum->getRHS();
    } else {
      return std::nullopt;
    }
    if (std::optional<std::int64_t> V = constantValue(Step, Ctx))
      I.Step = Negative ? -*V : *V;
    else
      I.StepExpr = Step;
  } else {
    return std::nullopt;
  }
  if (const auto *Cond = dyn_cast_or_null<BinaryOperator>(
          Loop.getCond() ? Loop.getCond()->IgnoreParenImpCasts() : nullptr))
    if (Cond->isRelationalOp() || Cond->getOpcode() == BO_NE) {
      if (referencedVar(Cond->getLHS()) == Var)
        I.Bound = Cond->getRHS();
      else if (referencedVar(Cond->getRHS()) == Var)
        I.Bound = Cond->getLHS();
    }
  return I;
}

LaneAnalysis::LaneAnalysis(const FunctionDecl &F, ASTContext &Ctx)
    : F(F), Ctx(Ctx), Parents(F.getBody()) {
  collectVariableFacts();
}

void LaneAnalysis::collectVariableFacts() {
  struct Collector : RecursiveASTVisitor<Collector> {
    LaneAnalysis &A;
    explicit Collector(LaneAnalysis &A) : A(A) {}
    bool VisitBinaryOperator(BinaryOperator *B) {
      if (!B->isAssignmentOp())
        return true;
      if (const VarDecl *V = referencedVar(B->getLHS())) {
        BinaryOperatorKind Op = B->getOpcode();
        if (B->isCompoundAssignmentOp())
          Op = BinaryOperator::getOpForCompoundAssignment(Op);
        A.Vars[V].Changes.push_back({B, Op, B->getRHS()});
      }
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      const VarDecl *V = referencedVar(U->getSubExpr());
      if (!V)
        return true;
      if (U->isIncrementDecrementOp())
        A.Vars[V].Changes.push_back(
            {U, U->isIncrementOp() ? BO_Add : BO_Sub, nullptr});
      else if (U->getOpcode() == UO_AddrOf)
        A.Vars[V].Escapes = true;
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
      if (!V || !V->getType()->isScalarType())
        return true;
      // A scalar is read (an lvalue-to-rvalue conversion), assigned, or
      // changed by ++/--; anything else binds it to a reference or takes
      // its address.
      const Stmt *Up = A.Parents.getParentIgnoreParens(Ref);
      if (!Up)
        return true;
      if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Up))
        if (Cast->getCastKind() == CK_LValueToRValue)
          return true;
      if (const auto *B = dyn_cast<BinaryOperator>(Up))
        if (B->isAssignmentOp() &&
            B->getLHS()->IgnoreParens() == static_cast<Expr *>(Ref))
          return true;
      if (const auto *U = dyn_cast<UnaryOperator>(Up))
        if (U->isIncrementDecrementOp())
          return true;
      A.Vars[V].Escapes = true;
      return true;
    }
  };
  Collector C(*this);
  C.TraverseStmt(const_cast<Stmt *>(F.getBody()));
}

const std::vector<Modification> &LaneAnalysis::modifications(const VarDecl *V) {
  return Vars[V].Changes;
}

bool LaneAnalysis::escapes(const VarDecl *V) { return Vars[V].Escapes; }

const Stmt *LaneAnalysis::parent(const Stmt *S) const {
  return Parents.getParent(S);
}

bool LaneAnalysis::isWithin(const Stmt *Inner, const Stmt *Outer) const {
  for (const Stmt *S = Inner; S; S = Parents.getParent(S))
    if (S == Outer)
      return true;
  return false;
}

bool LaneAnalysis::modifiedIn(const VarDecl *V, const Stmt *S) {
  if (escapes(V))
    return true;
  for (const Modification &M : modifications(V))
    if (isWithin(M.Where, S))
      return true;
  return false;
}

const Stmt *LaneAnalysis::enclosingLoop(const Stmt *S) const {
  for (const Stmt *P = Parents.getParent(S); P; P = Parents.getParent(P)) {
    if (isa<LambdaExpr>(P))
      return nullptr;
    if (isLoop(P))
      return P;
  }
  return nullptr;
}

std::string LaneAnalysis::text(const Expr *E) const {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = CharSourceRange::getTokenRange(E->getSourceRange());
  StringRef Text = Lexer::getSourceText(Range, SM, Ctx.getLangOpts());
  if (Text.empty())
    return "...";
  std::string Result;
  // One line, single spaces: a message quotes the expression.
  bool Space = false;
  for (char Ch : Text) {
    if (Ch == ' ' || Ch == '\n' || Ch == '\t' || Ch == '\r') {
      Space = !Result.empty();
      continue;
    }
    if (Space)
      Result += ' ';
    Space = false;
    Result += Ch;
  }
  return Result;
}

Stride LaneAnalysis::laneStride(const Expr *E) { return stride(E, nullptr); }

Stride LaneAnalysis::strideAlong(const Expr *E, const VarDecl *Var) {
  return stride(E, Var);
}

bool LaneAnalysis::childrenUniform(const Stmt *S, const VarDecl *Along) {
  for (const Stmt *Child : S->children()) {
    if (!Child)
      continue;
    const auto *E = dyn_cast<Expr>(Child);
    if (!E || !stride(E, Along).isZero())
      return false;
  }
  return true;
}

Stride LaneAnalysis::stride(const Expr *E, const VarDecl *Along) {
  E = E->IgnoreParens();
  if (constantValue(E, Ctx))
    return Stride::zero();
  if (std::optional<BuiltinComponent> B = builtinComponent(E)) {
    if (!Along && B->Var == BuiltinVar::ThreadIdx && B->Dim == 'x')
      return Stride::constant(1);
    return Stride::zero();
  }
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    CastKind K = Cast->getCastKind();
    if (K == CK_IntegralCast || K == CK_NoOp || K == CK_LValueToRValue ||
        K == CK_IntegralToFloating || K == CK_FloatingCast ||
        K == CK_FloatingToIntegral)
      return stride(Cast->getSubExpr(), Along);
    return childrenUniform(E, Along) ? Stride::zero() : Stride::unknown();
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      return strideOfVariable(V, Along);
    if (isa<EnumConstantDecl>(Ref->getDecl()))
      return Stride::zero();
    return Stride::unknown();
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return strideOfBinary(B, Along);
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Minus) {
      Stride S = stride(U->getSubExpr(), Along);
      S.Value = -S.Value;
      return S;
    }
    if (U->getOpcode() == UO_Plus)
      return stride(U->getSubExpr(), Along);
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      return Stride::unknown();
    return childrenUniform(U, Along) ? Stride::zero() : Stride::unknown();
  }
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return strideOfCall(Call, Along);
  if (isa<ArraySubscriptExpr, ConditionalOperator, MemberExpr,
          UnaryExprOrTypeTraitExpr, SubstNonTypeTemplateParmExpr,
          ExprWithCleanups, MaterializeTemporaryExpr>(E))
    return childrenUniform(E, Along) ? Stride::zero() : Stride::unknown();
  return Stride::unknown();
}

Stride LaneAnalysis::strideOfCall(const CallExpr *C, const VarDecl *Along) {
  const FunctionDecl *Callee = C->getDirectCallee();
  if (!Callee || !Callee->getIdentifier() ||
      !isPureMathFunction(Callee->getName()))
    return Stride::unknown();
  for (const Expr *Arg : C->arguments())
    if (!stride(Arg, Along).isZero())
      return Stride::unknown();
  return Stride::zero();
}

Stride LaneAnalysis::strideOfBinary(const BinaryOperator *B,
                                    const VarDecl *Along) {
  if (B->isAssignmentOp() || B->getOpcode() == BO_Comma)
    return Stride::unknown();
  Stride L = stride(B->getLHS(), Along);
  Stride R = stride(B->getRHS(), Along);
  if (!L.known() || !R.known())
    return Stride::unknown();
  if (L.isZero() && R.isZero())
    return Stride::zero();
  switch (B->getOpcode()) {
  case BO_Add:
    return add(L, R, /*Subtract=*/false);
  case BO_Sub:
    return add(L, R, /*Subtract=*/true);
  case BO_Mul:
    if (R.isZero())
      return scale(L, B->getRHS(), constantValue(B->getRHS(), Ctx));
    if (L.isZero())
      return scale(R, B->getLHS(), constantValue(B->getLHS(), Ctx));
    return Stride::unknown();
  case BO_Shl:
    if (std::optional<std::int64_t> Shift = constantValue(B->getRHS(), Ctx);
        Shift && *Shift >= 0 && *Shift < 31 && R.isZero())
      return scale(L, nullptr, std::int64_t(1) << *Shift);
    return Stride::unknown();
  default:
    return Stride::unknown();
  }
}

Stride LaneAnalysis::strideOfVariable(const VarDecl *V, const VarDecl *Along) {
  if (V == Along)
    return Stride::constant(1);
  // Shared, constant and global variables hold the same value for every
  // lane; a load from them at a uniform place is uniform.
  if (!V->isLocalVarDeclOrParm() || V->hasAttr<CUDASharedAttr>())
    return Stride::zero();
  if (V->isConstexpr() || V->getType().isConstQualified()) {
    if (const Expr *Init = V->getInit())
      if (constantValue(Init, Ctx))
        return Stride::zero();
  }
  if (!V->getType()->isScalarType())
    return Stride::unknown();
  auto Key = std::make_pair(V, Along);
  if (auto It = VarStrides.find(Key); It != VarStrides.end())
    return It->second;
  const std::vector<Modification> &Changes = modifications(V);
  // Along a loop variable, a variable changed anywhere may follow it in ways
  // the analysis does not track.
  if (escapes(V) || (Along && !Changes.empty()))
    return VarStrides[Key] = Stride::unknown();
  Stride Initial = Stride::unknown();
  if (isa<ParmVarDecl>(V))
    Initial = isKernel(F) || Along ? Stride::zero() : Stride::unknown();
  else if (const Expr *Init = V->getInit())
    Initial =
        Init->isValueDependent() ? Stride::unknown() : stride(Init, Along);
  // The initial stride is the hypothesis while the changes are checked: a
  // change that refers to the variable itself sees it.
  VarStrides[Key] = Initial;
  if (!Initial.known())
    return Initial;
  for (const Modification &M : Changes) {
    Stride Value = M.Value ? stride(M.Value, Along) : Stride::zero();
    bool Keeps = false;
    if (M.Op == BO_Assign)
      Keeps = Value == Initial;
    else if (M.Op == BO_Add || M.Op == BO_Sub)
      Keeps = Value.isZero();
    else
      Keeps = Value.isZero() && Initial.isZero();
    if (!Keeps)
      return VarStrides[Key] = Stride::unknown();
  }
  return Initial;
}

bool LaneAnalysis::isInvariantIn(const Expr *E, const Stmt *Loop) {
  E = E->IgnoreParenImpCasts();
  if (constantValue(E, Ctx) || isa<FloatingLiteral>(E) || builtinComponent(E))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (!V)
      return isa<EnumConstantDecl>(Ref->getDecl());
    if (!V->isLocalVarDeclOrParm() || !V->getType()->isScalarType() ||
        V->hasAttr<CUDASharedAttr>())
      return false;
    if (modifiedIn(V, Loop))
      return false;
    // Declared inside the loop: invariant when its initializer is.
    if (isWithin(V->getInit() ? static_cast<const Stmt *>(V->getInit())
                              : nullptr,
                 Loop))
      return isInvariantIn(V->getInit(), Loop);
    if (!isa<ParmVarDecl>(V) && !V->getInit())
      return false;
    return true;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && B->getOpcode() != BO_Comma &&
           isInvariantIn(B->getLHS(), Loop) && isInvariantIn(B->getRHS(), Loop);
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus ||
            U->getOpcode() == UO_Not || U->getOpcode() == UO_LNot) &&
           isInvariantIn(U->getSubExpr(), Loop);
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return isInvariantIn(Cast->getSubExpr(), Loop);
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Callee->getIdentifier() ||
        !isPureMathFunction(Callee->getName()))
      return false;
    for (const Expr *Arg : Call->arguments())
      if (!isInvariantIn(Arg, Loop))
        return false;
    return true;
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return isInvariantIn(C->getCond(), Loop) &&
           isInvariantIn(C->getTrueExpr(), Loop) &&
           isInvariantIn(C->getFalseExpr(), Loop);
  return false;
}

const ParmVarDecl *
LaneAnalysis::globalPointer(const Expr *Base,
                            std::vector<const Expr *> &Offsets) {
  if (!isKernel(F))
    return nullptr;
  for (int Depth = 0; Depth < 8; ++Depth) {
    Base = Base->IgnoreParens();
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Base)) {
      Base = Cast->getSubExpr();
      continue;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(Base)) {
      if (B->getOpcode() != BO_Add && B->getOpcode() != BO_Sub)
        return nullptr;
      bool PointerLeft = B->getLHS()->getType()->isPointerType();
      if (B->getOpcode() == BO_Sub || !PointerLeft) {
        if (!PointerLeft)
          return nullptr;
      }
      // p - k is an offset of -k: leave it to the caller as unknown.
      if (B->getOpcode() == BO_Sub)
        return nullptr;
      Offsets.push_back(B->getRHS());
      Base = B->getLHS();
      continue;
    }
    const VarDecl *V = referencedVar(Base);
    if (!V || !V->getType()->isPointerType() || escapes(V))
      return nullptr;
    if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
      // A parameter moved inside the kernel (p += n) still points at global
      // memory, but the offset is not seen: only unchanged ones count.
      return modifications(P).empty() ? P : nullptr;
    }
    if (!modifications(V).empty() || !V->getInit())
      return nullptr;
    Base = V->getInit();
  }
  return nullptr;
}

const VarDecl *LaneAnalysis::sharedArray(const Expr *Base) {
  const VarDecl *V = referencedVar(Base);
  if (V && V->hasAttr<CUDASharedAttr>() && V->getType()->isArrayType())
    return V;
  return nullptr;
}

} // namespace headroom::sourcechecks
