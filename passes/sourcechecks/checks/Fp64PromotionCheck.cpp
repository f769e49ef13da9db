//===- Fp64PromotionCheck.cpp - headroom-fp64-promotion -------------------===//
///
/// \file
/// One double literal turns float arithmetic into FP64 arithmetic: in
/// `x * 0.5` with a float x, x is converted to double, multiplied in FP64
/// and converted back (the thesis' finding: 64x slower on GeForce GPUs, 2x
/// on Hopper). So does a double math function called with a float
/// (`::sqrt(x)`, `exp(x)` from C's math.h). The check reports such a literal
/// or call only when the other side of the arithmetic is a float that was
/// promoted, and only in a device function that does not use double on
/// purpose (no double variable, parameter or explicit cast to double).
/// Fix-its: `0.5f`, `sqrtf`.
///
//===----------------------------------------------------------------------===//

#include "sourcechecks/LaneAnalysis.h"
#include "sourcechecks/SourceCheckRegistry.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSet.h"

namespace headroom::sourcechecks {

namespace {

using namespace clang;

/// Why FP64 matters, the evidence note of each finding.
constexpr const char *Fp64Cost =
    "FP64 runs 2x slower than FP32 on Hopper, up to 64x on GeForce GPUs";

constexpr SourceCheckInfo Info{
    names::Fp64Promotion,
    "A double literal or double math function makes float arithmetic run "
    "in FP64 (2x slower on Hopper, up to 64x on GeForce GPUs).",
    "Write float literals with an f suffix (0.5f) and call the float math "
    "functions (sqrtf, expf), or the C++ overloads with a float argument."};

bool isDouble(QualType T) {
  return T->isSpecificBuiltinType(BuiltinType::Double);
}
bool isFloat(QualType T) {
  return T->isSpecificBuiltinType(BuiltinType::Float);
}

/// Whether \p T is or holds double (a pointer, reference or array to it).
bool mentionsDouble(QualType T) {
  for (int Depth = 0; Depth < 8 && !T.isNull(); ++Depth) {
    if (isDouble(T.getCanonicalType()))
      return true;
    if (T->isPointerType() || T->isReferenceType())
      T = T->getPointeeType();
    else if (T->isArrayType())
      T = T->getAsArrayTypeUnsafe()->getElementType();
    else
      return false;
  }
  return false;
}

/// The double math functions that have a float twin with an f suffix.
bool hasFloatTwin(StringRef Name) {
  static const llvm::StringSet<> Names = {
      "sqrt", "rsqrt", "cbrt",  "exp",   "exp2",  "exp10", "expm1", "log",
      "log2", "log10", "log1p", "pow",   "sin",   "cos",   "tan",   "asin",
      "acos", "atan",  "atan2", "sinh",  "cosh",  "tanh",  "erf",   "erfc",
      "fabs", "floor", "ceil",  "round", "trunc", "fmin",  "fmax",  "fmod",
      "fma",  "hypot", "sinpi", "cospi"};
  return Names.contains(Name);
}

/// Whether the device function \p F declares or casts to double: then
/// FP64 is meant, and its literals are left alone.
bool usesDoubleOnPurpose(const FunctionDecl &F) {
  if (mentionsDouble(F.getReturnType()))
    return true;
  for (const ParmVarDecl *P : F.parameters())
    if (mentionsDouble(P->getType()))
      return true;
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitVarDecl(VarDecl *V) {
      Found |= mentionsDouble(V->getType());
      return !Found;
    }
    bool VisitExplicitCastExpr(ExplicitCastExpr *E) {
      Found |= mentionsDouble(E->getTypeAsWritten());
      return !Found;
    }
    bool VisitFloatingLiteral(FloatingLiteral *L) {
      // 1.0L and friends are deliberate.
      Found |= !isDouble(L->getType()) && !isFloat(L->getType());
      return !Found;
    }
  };
  Finder Find;
  Find.TraverseStmt(F.getBody());
  return Find.Found;
}

/// Where the value of an FP64 expression comes from.
enum class Origin {
  Neutral, ///< literals and integers only
  Float,   ///< a float that was promoted to double
  Double,  ///< a double value the check cannot attribute to a float
};

Origin combine(Origin A, Origin B) {
  if (A == Origin::Double || B == Origin::Double)
    return Origin::Double;
  if (A == Origin::Float || B == Origin::Float)
    return Origin::Float;
  return Origin::Neutral;
}

const FloatingLiteral *doubleLiteral(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus)
      E = U->getSubExpr()->IgnoreParens();
  const auto *L = dyn_cast<FloatingLiteral>(E);
  return L && isDouble(L->getType()) ? L : nullptr;
}

/// The double math function \p E calls with a promoted float, if it does.
const CallExpr *promotingMathCall(const Expr *E);

Origin originOf(const Expr *E) {
  E = E->IgnoreParens();
  if (doubleLiteral(E))
    return Origin::Neutral;
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E)) {
    if (Cast->getCastKind() == CK_FloatingCast &&
        isFloat(Cast->getSubExpr()->getType()))
      return Origin::Float;
    if (Cast->getCastKind() == CK_IntegralToFloating)
      return Origin::Neutral;
    if (Cast->getCastKind() == CK_LValueToRValue)
      return Origin::Double;
    return originOf(Cast->getSubExpr());
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAdditiveOp() || B->isMultiplicativeOp())
      return combine(originOf(B->getLHS()), originOf(B->getRHS()));
    return Origin::Double;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus)
      return originOf(U->getSubExpr());
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return combine(originOf(C->getTrueExpr()), originOf(C->getFalseExpr()));
  if (promotingMathCall(E))
    return Origin::Float;
  return Origin::Double;
}

const CallExpr *promotingMathCall(const Expr *E) {
  const auto *Call = dyn_cast<CallExpr>(E->IgnoreParens());
  if (!Call || isa<CXXMemberCallExpr, CXXOperatorCallExpr>(Call))
    return nullptr;
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !Callee->getIdentifier() || !hasFloatTwin(Callee->getName()) ||
      !isDouble(Call->getType()) || Call->getNumArgs() == 0)
    return nullptr;
  Origin Args = Origin::Neutral;
  for (const Expr *Arg : Call->arguments())
    Args = combine(Args, originOf(Arg));
  return Args == Origin::Float ? Call : nullptr;
}

/// The operands of FP64 arithmetic: `+ - * /`, comparisons, compound
/// assignments computed in double.
bool isDoubleArithmetic(const BinaryOperator &B) {
  if (const auto *Compound = dyn_cast<CompoundAssignOperator>(&B))
    return isDouble(Compound->getComputationLHSType()) &&
           (B.getOpcode() != BO_RemAssign);
  if (B.isAdditiveOp() || B.isMultiplicativeOp() || B.isComparisonOp())
    return isDouble(B.getLHS()->getType()) && isDouble(B.getRHS()->getType());
  return false;
}

class Fp64PromotionCheck : public SourceCheck {
public:
  Fp64PromotionCheck() : SourceCheck(Info) {}

  void checkDeviceFunction(const FunctionDecl &F,
                           CheckContext &C) const override {
    if (usesDoubleOnPurpose(F))
      return;
    walkStatements(F.getBody(), [&](const Stmt &S) {
      if (const auto *B = dyn_cast<BinaryOperator>(&S))
        judgeArithmetic(*B, C);
      else if (const auto *Call = dyn_cast<CallExpr>(&S);
               Call && promotingMathCall(Call))
        reportCall(*Call, C);
      return true;
    });
  }

private:
  void judgeArithmetic(const BinaryOperator &B, CheckContext &C) const {
    if (!isDoubleArithmetic(B))
      return;
    const Expr *L = B.getLHS(), *R = B.getRHS();
    // In a compound assignment the float left side is promoted too.
    Origin LeftOrigin = isa<CompoundAssignOperator>(B) && isFloat(L->getType())
                            ? Origin::Float
                            : originOf(L);
    if (const FloatingLiteral *Lit = doubleLiteral(R);
        Lit && LeftOrigin == Origin::Float)
      reportLiteral(*Lit, C);
    if (const FloatingLiteral *Lit = doubleLiteral(L);
        Lit && originOf(R) == Origin::Float)
      reportLiteral(*Lit, C);
  }

  void reportLiteral(const FloatingLiteral &Lit, CheckContext &C) const {
    const ASTContext &Ctx = C.ast();
    const SourceManager &SM = Ctx.getSourceManager();
    // Spelt through a macro, the literal's own text is in its definition.
    StringRef Spelling = Lexer::getSourceText(
        CharSourceRange::getTokenRange(SM.getSpellingLoc(Lit.getLocation())),
        SM, Ctx.getLangOpts());
    Finding F;
    F.Where = Lit.getLocation();
    std::string Shown =
        Spelling.empty() ? "literal" : "'" + Spelling.str() + "'";
    F.Message = "double-precision literal " + Shown +
                " makes this float arithmetic run in FP64";
    F.because(Fp64Cost);
    // Only a literal spelt without a suffix takes an 'f'.
    if (!Spelling.empty() &&
        (isDigit(Spelling.back()) || Spelling.back() == '.')) {
      F.ToTry = "write '" + Spelling.str() + "f'";
      // Through a macro the literal is in its definition: an edit at the
      // use would write `HALFf`.
      if (!Lit.getLocation().isMacroID())
        F.Fixes.push_back(FixItHint::CreateInsertion(
            Lexer::getLocForEndOfToken(Lit.getLocation(), 0, SM,
                                       Ctx.getLangOpts()),
            "f"));
    }
    C.report(*this, std::move(F));
  }

  void reportCall(const CallExpr &Call, CheckContext &C) const {
    const auto *Ref =
        dyn_cast<DeclRefExpr>(Call.getCallee()->IgnoreParenImpCasts());
    std::string Name = Call.getDirectCallee()->getNameAsString();
    Finding F;
    F.Where = Ref ? Ref->getLocation() : Call.getBeginLoc();
    F.Message = "'" + Name +
                "' computes in double: its float argument is promoted to "
                "FP64";
    F.because(Fp64Cost);
    F.ToTry = "call '" + Name + "f'";
    if (Ref)
      F.Fixes.push_back(FixItHint::CreateReplacement(
          CharSourceRange::getTokenRange(Ref->getLocation()), Name + "f"));
    C.report(*this, std::move(F));
  }
};

} // namespace

HEADROOM_DEFINE_SOURCE_CHECK(Fp64Promotion)

} // namespace headroom::sourcechecks
