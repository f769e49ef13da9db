//===- MemoryAccess.cpp - Subscripts of global and shared memory ----------===//

#include "sourcechecks/MemoryAccess.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"

namespace headroom::sourcechecks {

using namespace clang;

namespace {

Stride plus(Stride A, Stride B) {
  if (!A.known() || !B.known())
    return Stride::unknown();
  if (A.isZero())
    return B;
  if (B.isZero())
    return A;
  if (A.Kind == Stride::Constant && B.Kind == Stride::Constant)
    return Stride::constant(A.Value + B.Value);
  return Stride::unknown();
}

Stride times(Stride S, std::int64_t N) {
  if (!S.known() || S.isZero())
    return S;
  if (S.Kind == Stride::Constant)
    return Stride::constant(S.Value * N);
  return Stride::symbolic(S.Value * N, S.Factor);
}

const Stmt *parentSkippingParens(const Stmt *S, LaneAnalysis &Lanes) {
  const Stmt *Up = Lanes.parent(S);
  while (Up && isa<ParenExpr>(Up))
    Up = Lanes.parent(Up);
  return Up;
}

} // namespace

bool isAddressTaken(const ArraySubscriptExpr &E, LaneAnalysis &Lanes) {
  const auto *U =
      dyn_cast_or_null<UnaryOperator>(parentSkippingParens(&E, Lanes));
  return U && U->getOpcode() == UO_AddrOf;
}

bool isRead(const ArraySubscriptExpr &E, LaneAnalysis &Lanes) {
  const auto *Cast =
      dyn_cast_or_null<ImplicitCastExpr>(parentSkippingParens(&E, Lanes));
  return Cast && Cast->getCastKind() == CK_LValueToRValue;
}

std::optional<MemoryAccess> memoryAccess(const ArraySubscriptExpr &E,
                                         LaneAnalysis &Lanes) {
  // The inner subscript of a chain is judged with the outer one.
  if (const auto *Cast =
          dyn_cast_or_null<ImplicitCastExpr>(parentSkippingParens(&E, Lanes)))
    if (Cast->getCastKind() == CK_ArrayToPointerDecay)
      return std::nullopt;
  ASTContext &Ctx = Lanes.ast();
  MemoryAccess A;
  A.Element = E.getType();
  if (A.Element->isIncompleteType() || A.Element->isDependentType())
    return std::nullopt;
  A.ElementBytes = Ctx.getTypeSizeInChars(A.Element).getQuantity();
  A.LastIndexLanes = Lanes.laneStride(E.getIdx());
  A.Lanes = A.LastIndexLanes;
  // Walk the chain inwards; each inner index moves by a whole row.
  std::int64_t RowElements = 1;
  const Expr *Base = E.getBase();
  for (;;) {
    const auto *Decay = dyn_cast<ImplicitCastExpr>(Base->IgnoreParens());
    const auto *Inner =
        Decay && Decay->getCastKind() == CK_ArrayToPointerDecay
            ? dyn_cast<ArraySubscriptExpr>(Decay->getSubExpr()->IgnoreParens())
            : nullptr;
    if (!Inner)
      break;
    const auto *Row = Ctx.getAsConstantArrayType(Inner->getType());
    if (!Row)
      return std::nullopt;
    RowElements *= static_cast<std::int64_t>(Row->getSize().getZExtValue());
    A.Lanes =
        plus(A.Lanes, times(Lanes.laneStride(Inner->getIdx()), RowElements));
    ++A.Rank;
    Base = Inner->getBase();
  }
  if (const VarDecl *Shared =
          LaneAnalysis::sharedArray(Base->IgnoreParenImpCasts())) {
    A.Shared = Shared;
    return A;
  }
  std::vector<const Expr *> Offsets;
  A.Global = Lanes.globalPointer(Base, Offsets);
  if (!A.Global)
    return std::nullopt;
  for (const Expr *Offset : Offsets)
    A.Lanes = plus(A.Lanes, times(Lanes.laneStride(Offset), RowElements));
  return A;
}

} // namespace headroom::sourcechecks
