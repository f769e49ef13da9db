//===- DivergentLoopCheck.cpp - headroom-divergent-loop -------------------===//
///
/// \file
/// Control flow that splits the lanes of every warp: a `for` loop whose trip
/// count differs between lanes by two iterations or more (its bound or its
/// start moves with threadIdx.x: `for (i = 0; i < threadIdx.x; ++i)`,
/// `for (i = tid; i < n; ++i)`), and a branch on `threadIdx.x % m` (or
/// `& (m - 1)`) with m under the warp size, which sends alternate lanes
/// down different paths (the classic interleaved reduction,
/// `if (tid % (2 * s) == 0)`, with s starting at 1). Grid- and block-stride
/// loops (`i += blockDim.x * gridDim.x`), bounds checks (`if (i < n)`) and
/// one-lane branches (`if (threadIdx.x == 0)`, `% 32`) are not reported.
///
//===----------------------------------------------------------------------===//

#include "sourcechecks/LaneAnalysis.h"
#include "sourcechecks/SourceCheckRegistry.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"

namespace headroom::sourcechecks {

namespace {

using namespace clang;

constexpr std::int64_t WarpSize = 32;
constexpr SourceCheckThreshold MinExtraIterations{
    "MinExtraIterations", 2, 1, 1 << 20,
    "the smallest difference in trip counts within a warp that is reported"};
constexpr SourceCheckThreshold Thresholds[] = {MinExtraIterations};

constexpr SourceCheckInfo Info{
    names::DivergentLoop,
    "A loop's trip count or a branch's condition varies between the lanes "
    "of a warp: lanes wait for each other.",
    "Give each warp uniform work: stride loops by the warp or block size, "
    "branch on threadIdx.x / 32 rather than threadIdx.x % 2, or sort work "
    "so that neighbouring lanes take the same path.",
    Thresholds};

/// The value of \p E when the induction variables of the loops around it
/// take their first values: `2 * s` in `for (s = 1; ...)` is 2.
std::optional<std::int64_t> firstValue(const Expr *E, LaneAnalysis &Lanes,
                                       int Depth = 0) {
  if (Depth > 8)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (std::optional<std::int64_t> V = constantValue(E, Lanes.ast()))
    return V;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    for (const Stmt *Loop = Lanes.enclosingLoop(E); Loop;
         Loop = Lanes.enclosingLoop(Loop))
      if (const auto *For = dyn_cast<ForStmt>(Loop))
        if (const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit());
            Init && Init->isSingleDecl() &&
            Init->getSingleDecl() == Ref->getDecl())
          if (const Expr *Value =
                  cast<VarDecl>(Init->getSingleDecl())->getInit())
            return constantValue(Value, Lanes.ast());
    return std::nullopt;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    std::optional<std::int64_t> L = firstValue(B->getLHS(), Lanes, Depth + 1);
    std::optional<std::int64_t> R = firstValue(B->getRHS(), Lanes, Depth + 1);
    if (!L || !R)
      return std::nullopt;
    switch (B->getOpcode()) {
    case BO_Add:
      return *L + *R;
    case BO_Mul:
      return *L * *R;
    case BO_Shl:
      return *R >= 0 && *R < 31 ? std::optional(*L << *R) : std::nullopt;
    default:
      return std::nullopt;
    }
  }
  return std::nullopt;
}

/// The period m of a lane test `x % m` or `x & (m - 1)` on a lane-varying
/// x whose value differs between adjacent lanes: lanes alternate when
/// 1 < m < 32 and the lane stride is not a multiple of m.
std::optional<std::int64_t> alternatingPeriod(const BinaryOperator &B,
                                              LaneAnalysis &Lanes) {
  std::optional<std::int64_t> M;
  if (B.getOpcode() == BO_Rem)
    M = firstValue(B.getRHS(), Lanes);
  else if (B.getOpcode() == BO_And)
    if (std::optional<std::int64_t> Mask =
            constantValue(B.getRHS(), Lanes.ast());
        Mask && *Mask > 0 && ((*Mask + 1) & *Mask) == 0)
      M = *Mask + 1;
  if (!M || *M < 2 || *M >= WarpSize)
    return std::nullopt;
  Stride S = Lanes.laneStride(B.getLHS());
  if (S.Kind != Stride::Constant || S.Value % *M == 0)
    return std::nullopt;
  return M;
}

class DivergentLoopCheck : public SourceCheck {
public:
  DivergentLoopCheck() : SourceCheck(Info) {}

  void checkDeviceFunction(const FunctionDecl &F,
                           CheckContext &C) const override {
    LaneAnalysis &Lanes = C.lanes(F);
    walkStatements(F.getBody(), [&](const Stmt &S) {
      if (const auto *For = dyn_cast<ForStmt>(&S))
        judgeLoop(*For, Lanes, C);
      else if (const auto *If = dyn_cast<IfStmt>(&S); If && If->getCond())
        judgeBranch(*If->getCond(), Lanes, C);
      return true;
    });
  }

private:
  void judgeLoop(const ForStmt &For, LaneAnalysis &Lanes,
                 CheckContext &C) const {
    std::optional<Induction> I = inductionOf(For, Lanes.ast());
    // A step that is not a constant (blockDim.x * gridDim.x) strides by a
    // block or a grid: lanes differ by one iteration at most.
    if (!I || !I->Bound || !I->Step || *I->Step == 0)
      return;
    Stride Start = Lanes.laneStride(I->Init);
    Stride Bound = Lanes.laneStride(I->Bound);
    if (!Start.known() || !Bound.known())
      return;
    std::int64_t Step = *I->Step < 0 ? -*I->Step : *I->Step;
    std::string Why;
    if (Start.Kind == Stride::Symbolic || Bound.Kind == Stride::Symbolic) {
      if (Start == Bound)
        return;
      Why = "its " + std::string(Bound.isZero() ? "start" : "bound") +
            " moves with threadIdx.x";
    } else {
      std::int64_t Diff = Bound.Value - Start.Value;
      std::int64_t Extra = (WarpSize - 1) * (Diff < 0 ? -Diff : Diff) / Step;
      if (Extra < C.threshold(*this, MinExtraIterations))
        return;
      Why = "the lanes of a warp run up to " + std::to_string(Extra) +
            " iterations more than each other (the loop's " +
            (Bound.isZero() ? "start" : "bound") + " moves with threadIdx.x)";
    }
    Finding F;
    F.Where = For.getForLoc();
    F.Message = "the trip count of this loop over '" +
                I->Var->getNameAsString() + "' varies within a warp";
    F.because(Why + ": lanes that finish early wait for the last");
    F.ToTry = "give the lanes of a warp the same trip count (a loop over "
              "the warp's work, or work sorted by size)";
    C.report(*this, std::move(F));
  }

  void judgeBranch(const Expr &Cond, LaneAnalysis &Lanes,
                   CheckContext &C) const {
    const BinaryOperator *Test = nullptr;
    std::int64_t Period = 0;
    walkStatements(&Cond, [&](const Stmt &S) {
      const auto *B = dyn_cast<BinaryOperator>(&S);
      std::optional<std::int64_t> M =
          B ? alternatingPeriod(*B, Lanes) : std::nullopt;
      if (M) {
        Test = B;
        Period = *M;
      }
      return !M;
    });
    if (!Test)
      return;
    Finding F;
    F.Where = Test->getOperatorLoc();
    F.Message = "branch on '" + Lanes.text(Test) + "' splits every warp";
    F.because("its lanes alternate between the two paths (period " +
              std::to_string(Period) + "), which run one after the other");
    F.ToTry = "index the work so that neighbouring lanes take the same "
              "path (contiguous active lanes)";
    C.report(*this, std::move(F));
  }
};

} // namespace

HEADROOM_DEFINE_SOURCE_CHECK(DivergentLoop)

} // namespace headroom::sourcechecks
