//===- NarrowLoadsCheck.cpp - headroom-narrow-loads -----------------------===//
///
/// \file
/// 8-bit and 16-bit global loads in a loop that reads consecutive elements,
/// one per iteration (`for (i = 0; i < len; ++i) c = text[base + i]`): each
/// byte costs a load instruction, where one 4- or 16-byte load (char4,
/// int4) would bring four or sixteen of them (the thesis' char-load
/// finding: load/store instructions, not bytes, bound such kernels).
/// Reported only for reads through a kernel's pointer parameter inside a
/// `for` loop stepping by one whose index moves by exactly one element per
/// iteration; loads whose neighbouring lanes read neighbouring elements are
/// coalesced already and left alone.
///
//===----------------------------------------------------------------------===//

#include "sourcechecks/MemoryAccess.h"
#include "sourcechecks/SourceCheckRegistry.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/StmtCXX.h"

namespace headroom::sourcechecks {

namespace {

using namespace clang;

constexpr SourceCheckThreshold MaxNarrowBytes{
    "MaxNarrowBytes", 2, 1, 2,
    "the widest element, in bytes, whose loads are reported (1: 8-bit only)"};
constexpr SourceCheckThreshold Thresholds[] = {MaxNarrowBytes};

constexpr SourceCheckInfo Info{
    names::NarrowLoads,
    "A loop loads consecutive 8- or 16-bit elements from global memory one "
    "per iteration: one load instruction per element.",
    "Load 4 or 16 bytes at once (char4, short2, int4, uint4 through a "
    "reinterpret_cast of an aligned pointer) and unpack them in registers.",
    Thresholds};

class NarrowLoadsCheck : public SourceCheck {
public:
  NarrowLoadsCheck() : SourceCheck(Info) {}

  void checkDeviceFunction(const FunctionDecl &F,
                           CheckContext &C) const override {
    if (!F.hasAttr<CUDAGlobalAttr>())
      return;
    LaneAnalysis &Lanes = C.lanes(F);
    forEachNode<ArraySubscriptExpr>(
        F.getBody(), [&](const ArraySubscriptExpr &E) { judge(E, Lanes, C); });
  }

private:
  void judge(const ArraySubscriptExpr &E, LaneAnalysis &Lanes,
             CheckContext &C) const {
    QualType T = E.getType();
    if (!T->isIntegerType() || T->isBooleanType() || !isRead(E, Lanes))
      return;
    std::optional<MemoryAccess> A = memoryAccess(E, Lanes);
    if (!A || !A->Global || A->Rank != 1 ||
        A->ElementBytes > C.threshold(*this, MaxNarrowBytes))
      return;
    // Neighbouring lanes reading neighbouring elements: coalesced already.
    if (A->Lanes.Kind == Stride::Constant &&
        (A->Lanes.Value == 1 || A->Lanes.Value == -1))
      return;
    const auto *Loop = dyn_cast_or_null<ForStmt>(Lanes.enclosingLoop(&E));
    if (!Loop || !Lanes.isWithin(&E, Loop->getBody()))
      return;
    std::optional<Induction> I = inductionOf(*Loop, Lanes.ast());
    if (!I || !I->Step || *I->Step != 1)
      return;
    std::vector<const Expr *> Offsets;
    Lanes.globalPointer(E.getBase(), Offsets);
    Stride Along = Lanes.strideAlong(E.getIdx(), I->Var);
    for (const Expr *Offset : Offsets)
      if (!Lanes.strideAlong(Offset, I->Var).isZero())
        return;
    if (Along.Kind != Stride::Constant || Along.Value != 1)
      return;
    Finding F;
    F.Where = E.getExprLoc();
    F.Message = "'" + A->Global->getNameAsString() + "' is read one " +
                std::to_string(A->ElementBytes * 8) + "-bit '" +
                T.getUnqualifiedType().getAsString() + "' per load instruction";
    F.because("the loop over '" + I->Var->getNameAsString() +
              "' reads one element per iteration");
    F.ToTry = "load 4 or 16 bytes at once (char4, int4) and unpack them";
    C.report(*this, std::move(F));
  }
};

} // namespace

HEADROOM_DEFINE_SOURCE_CHECK(NarrowLoads)

} // namespace headroom::sourcechecks
