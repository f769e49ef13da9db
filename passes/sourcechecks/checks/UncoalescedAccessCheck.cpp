//===- UncoalescedAccessCheck.cpp - headroom-uncoalesced-access -----------===//
///
/// \file
/// A global memory access whose index moves by more than one element from
/// one lane of a warp to the next (`a[threadIdx.x * n + i]`, `a[2 * tid]`,
/// `a[tid][k]` on a pointer to rows): the warp's 32 accesses spread over
/// many memory sectors instead of one or a few, so most of each sector
/// fetched is wasted. Reported only for accesses through a kernel's pointer
/// parameters (global memory) whose lane stride the analysis knows; an
/// address that is taken (`&a[2 * i]`, often a cast to a vector type) and
/// sibling accesses that together read every element (`a[2*i]` and
/// `a[2*i+1]`) are left alone.
///
//===----------------------------------------------------------------------===//

#include "sourcechecks/MemoryAccess.h"
#include "sourcechecks/SourceCheckRegistry.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/StmtCXX.h"

#include <map>
#include <set>

namespace headroom::sourcechecks {

namespace {

using namespace clang;

constexpr SourceCheckInfo Info{
    names::UncoalescedAccess,
    "A global access's index moves by more than one element between adjacent "
    "threads of a warp: the warp touches many more memory sectors than it "
    "uses.",
    "Make threadIdx.x the fastest-varying index (a[row][threadIdx.x], "
    "a[k * n + tid]); transpose through shared memory; use a structure of "
    "arrays."};

/// Largest constant stride whose sibling accesses are looked for.
constexpr std::int64_t MaxSiblingStride = 16;

struct Candidate {
  const ArraySubscriptExpr *Access;
  MemoryAccess Facts;
};

std::string describe(const Stride &S, LaneAnalysis &Lanes) {
  if (S.Kind == Stride::Constant)
    return std::to_string(S.Value) + " elements";
  std::string Factor = "'" + Lanes.text(S.Factor) + "'";
  if (S.Value == 1)
    return Factor + " elements";
  return std::to_string(S.Value) + " x " + Factor + " elements";
}

/// The index written as `Rest + k` with a constant k: (text of Rest, k).
std::pair<std::string, std::int64_t> splitConstant(const Expr *Index,
                                                   LaneAnalysis &Lanes) {
  const Expr *E = Index->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    if (B->getOpcode() == BO_Add)
      if (std::optional<std::int64_t> K =
              constantValue(B->getRHS(), Lanes.ast()))
        return {Lanes.text(B->getLHS()), *K};
  return {Lanes.text(E), 0};
}

class UncoalescedAccessCheck : public SourceCheck {
public:
  UncoalescedAccessCheck() : SourceCheck(Info) {}

  void checkDeviceFunction(const FunctionDecl &F,
                           CheckContext &C) const override {
    if (!F.hasAttr<CUDAGlobalAttr>())
      return;
    LaneAnalysis &Lanes = C.lanes(F);
    std::vector<Candidate> Found;
    forEachNode<ArraySubscriptExpr>(
        F.getBody(), [&](const ArraySubscriptExpr &E) {
          std::optional<MemoryAccess> A = memoryAccess(E, Lanes);
          if (!A || !A->Global || isAddressTaken(E, Lanes))
            return;
          const Stride &S = A->Lanes;
          bool Strided =
              (S.Kind == Stride::Constant && (S.Value >= 2 || S.Value <= -2)) ||
              S.Kind == Stride::Symbolic;
          if (Strided)
            Found.push_back({&E, *A});
        });
    std::set<const ArraySubscriptExpr *> Covered =
        coveredBySiblings(Found, Lanes);
    for (const Candidate &Cand : Found)
      if (!Covered.count(Cand.Access))
        report(Cand, Lanes, C);
  }

private:
  /// The accesses `a[s*i + r]` with a constant stride s whose siblings read
  /// every r in [0, s): together they read a contiguous range.
  static std::set<const ArraySubscriptExpr *>
  coveredBySiblings(const std::vector<Candidate> &Found, LaneAnalysis &Lanes) {
    std::map<std::tuple<const ParmVarDecl *, std::int64_t, std::string>,
             std::pair<std::set<std::int64_t>,
                       std::vector<const ArraySubscriptExpr *>>>
        Groups;
    for (const Candidate &Cand : Found) {
      const Stride &S = Cand.Facts.Lanes;
      if (S.Kind != Stride::Constant || Cand.Facts.Rank != 1 ||
          S.Value > MaxSiblingStride)
        continue;
      auto [Rest, K] = splitConstant(Cand.Access->getIdx(), Lanes);
      auto &Group = Groups[{Cand.Facts.Global, S.Value, Rest}];
      Group.first.insert(((K % S.Value) + S.Value) % S.Value);
      Group.second.push_back(Cand.Access);
    }
    std::set<const ArraySubscriptExpr *> Covered;
    for (const auto &[Key, Group] : Groups)
      if (static_cast<std::int64_t>(Group.first.size()) == std::get<1>(Key))
        Covered.insert(Group.second.begin(), Group.second.end());
    return Covered;
  }

  void report(const Candidate &Cand, LaneAnalysis &Lanes,
              CheckContext &C) const {
    const MemoryAccess &A = Cand.Facts;
    Finding F;
    F.Where = Cand.Access->getExprLoc();
    std::string Name = A.Global->getNameAsString();
    F.Message = "global access to '" + Name +
                "' is uncoalesced: a warp's accesses spread over many "
                "sectors";
    std::string Why = "adjacent threads (threadIdx.x) are " +
                      describe(A.Lanes, Lanes) + " apart";
    bool Rows = A.Rank > 1 && A.LastIndexLanes.isZero();
    if (Rows)
      Why += ": threadIdx.x indexes the rows, not the fastest-varying last "
             "index";
    F.because(Why);
    F.ToTry = Rows ? "index the last dimension with threadIdx.x"
                   : "map consecutive threads to consecutive elements, or "
                     "stage the data through shared memory";
    C.report(*this, std::move(F));
  }
};

} // namespace

HEADROOM_DEFINE_SOURCE_CHECK(UncoalescedAccess)

} // namespace headroom::sourcechecks
