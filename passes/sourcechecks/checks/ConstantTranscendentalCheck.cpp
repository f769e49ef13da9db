//===- ConstantTranscendentalCheck.cpp - headroom-constant-transcendental -===//
///
/// \file
/// A transcendental function (sin, exp, log, pow and their float and
/// intrinsic forms) called inside a loop with arguments that do not change
/// from one iteration to the next (`expf(-alpha)` in a loop over i): the
/// same special-function and polynomial work is redone every iteration.
/// The math library's expansion has branches, so the compiler does not
/// reliably hoist it. Arguments made only of literals are left alone: the
/// compiler folds those. An argument is invariant when it reads only
/// constants, built-in index variables, and variables the loop does not
/// change (no loads through pointers, no calls but to pure math functions).
///
//===----------------------------------------------------------------------===//

#include "sourcechecks/LaneAnalysis.h"
#include "sourcechecks/SourceCheckRegistry.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/StmtCXX.h"

namespace headroom::sourcechecks {

namespace {

using namespace clang;

constexpr SourceCheckInfo Info{
    names::ConstantTranscendental,
    "A transcendental function is called in a loop with arguments that do "
    "not change between iterations: the same work is redone each time.",
    "Compute the value once before the loop and reuse it."};

class ConstantTranscendentalCheck : public SourceCheck {
public:
  ConstantTranscendentalCheck() : SourceCheck(Info) {}

  void checkDeviceFunction(const FunctionDecl &F,
                           CheckContext &C) const override {
    LaneAnalysis &Lanes = C.lanes(F);
    forEachNode<CallExpr>(F.getBody(),
                          [&](const CallExpr &Call) { judge(Call, Lanes, C); });
  }

private:
  void judge(const CallExpr &Call, LaneAnalysis &Lanes, CheckContext &C) const {
    const FunctionDecl *Callee = Call.getDirectCallee();
    if (!Callee || !Callee->getIdentifier() ||
        !isTranscendental(Callee->getName()) || Call.getNumArgs() == 0)
      return;
    const Stmt *Loop = Lanes.enclosingLoop(&Call);
    if (!Loop)
      return;
    const Stmt *Body = nullptr;
    if (const auto *For = dyn_cast<ForStmt>(Loop))
      Body = For->getBody();
    else if (const auto *While = dyn_cast<WhileStmt>(Loop))
      Body = While->getBody();
    else if (const auto *Do = dyn_cast<DoStmt>(Loop))
      Body = Do->getBody();
    else if (const auto *Range = dyn_cast<CXXForRangeStmt>(Loop))
      Body = Range->getBody();
    if (!Body || !Lanes.isWithin(&Call, Body))
      return;
    bool AllLiteral = true;
    for (const Expr *Arg : Call.arguments()) {
      // sincosf(x, &s, &c): the outputs are not inputs.
      if (Arg->getType()->isPointerType())
        continue;
      if (!Lanes.isInvariantIn(Arg, Loop))
        return;
      AllLiteral &= Arg->isEvaluatable(Lanes.ast());
    }
    if (AllLiteral)
      return;
    Finding F;
    F.Where = Call.getBeginLoc();
    F.Message = "'" + Lanes.text(&Call) +
                "' computes the same value on every iteration of its loop";
    F.because("its arguments do not change in the loop");
    F.Notes.push_back({Loop->getBeginLoc(), "the loop is here", {}});
    F.ToTry = "compute it once before the loop";
    C.report(*this, std::move(F));
  }
};

} // namespace

HEADROOM_DEFINE_SOURCE_CHECK(ConstantTranscendental)

} // namespace headroom::sourcechecks
