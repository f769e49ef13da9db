//===- SharedBankConflictCheck.cpp - headroom-shared-bank-conflict --------===//
///
/// \file
/// Shared memory has 32 banks of 4 bytes; the lanes of a warp whose
/// addresses fall in the same bank (and differ) are served one after the
/// other. An access to a `__shared__` array whose index moves by a constant
/// s elements between adjacent lanes conflicts gcd(s, 32)-way for 4-byte
/// elements, gcd(s, 16)-way for 8-byte ones (served per half-warp) and
/// gcd(s, 8)-way for 16-byte ones: `tile[threadIdx.x][k]` on a
/// `float tile[32][32]` is 32-way. For a 2-D array indexed along its rows
/// the fix-it pads the row by one element (`[32][33]`), once per array.
/// Smaller elements and strides the analysis does not know are left alone.
///
//===----------------------------------------------------------------------===//

#include "sourcechecks/MemoryAccess.h"
#include "sourcechecks/SourceCheckRegistry.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <numeric>

namespace headroom::sourcechecks {

namespace {

using namespace clang;

constexpr std::int64_t Banks = 32;
constexpr std::int64_t BankBytes = 4;
constexpr SourceCheckThreshold MinConflictWays{
    "MinConflictWays", 2, 2, 32,
    "the fewest lanes served one after another that is reported"};
constexpr SourceCheckThreshold Thresholds[] = {MinConflictWays};

constexpr SourceCheckInfo Info{
    names::SharedBankConflict,
    "A shared-memory access's index moves by a multiple of the bank count "
    "between adjacent threads: the warp's accesses are served one bank "
    "conflict at a time.",
    "Pad the rows of 2-D shared arrays by one element ([32][33]), or index "
    "so that threadIdx.x moves along the row.",
    Thresholds};

/// How many lanes of a warp share a bank for an access of \p Bytes-byte
/// elements at a stride of \p Stride elements; 0 when not judged.
std::int64_t conflictWays(std::int64_t Stride, std::int64_t Bytes) {
  if (Bytes != 4 && Bytes != 8 && Bytes != 16)
    return 0;
  // A warp's access is served in phases of Banks * BankBytes bytes: 32
  // lanes of 4 bytes, 16 of 8, 8 of 16.
  std::int64_t Lanes = Banks * BankBytes / Bytes;
  return std::gcd(Stride < 0 ? -Stride : Stride, Lanes);
}

/// The size expression of the last dimension of \p V's declared type.
const Expr *lastDimension(const VarDecl &V) {
  TypeSourceInfo *TSI = V.getTypeSourceInfo();
  if (!TSI)
    return nullptr;
  const Expr *Size = nullptr;
  TypeLoc Loc = TSI->getTypeLoc();
  while (auto Array = Loc.getAsAdjusted<ArrayTypeLoc>()) {
    Size = Array.getSizeExpr();
    Loc = Array.getElementLoc();
  }
  return Size;
}

class SharedBankConflictCheck : public SourceCheck {
public:
  SharedBankConflictCheck() : SourceCheck(Info) {}

  void checkDeviceFunction(const FunctionDecl &F,
                           CheckContext &C) const override {
    LaneAnalysis &Lanes = C.lanes(F);
    forEachNode<ArraySubscriptExpr>(
        F.getBody(), [&](const ArraySubscriptExpr &E) {
          std::optional<MemoryAccess> A = memoryAccess(E, Lanes);
          if (A && A->Shared && A->Lanes.Kind == Stride::Constant &&
              !isAddressTaken(E, Lanes))
            judge(E, *A, C);
        });
  }

private:
  void judge(const ArraySubscriptExpr &E, const MemoryAccess &A,
             CheckContext &C) const {
    std::int64_t Ways = conflictWays(A.Lanes.Value, A.ElementBytes);
    if (Ways < C.threshold(*this, MinConflictWays))
      return;
    Finding F;
    F.Where = E.getExprLoc();
    std::string Name = A.Shared->getNameAsString();
    F.Message = "shared access to '" + Name + "' has up to a " +
                std::to_string(Ways) + "-way bank conflict";
    F.because("adjacent threads (threadIdx.x) access elements " +
              std::to_string(A.Lanes.Value) + " apart, of " +
              std::to_string(A.ElementBytes) + " bytes each");
    F.ToTry = "index so that adjacent threads access adjacent elements";
    if (A.Rank > 1 && A.LastIndexLanes.isZero())
      addPadding(*A.Shared, F, C);
    C.report(*this, std::move(F));
  }

  /// Pads the row of \p Shared by one element: `[32]` -> `[33]`, `[TILE]`
  /// -> `[TILE + 1]`; given once per array.
  void addPadding(const VarDecl &Shared, Finding &F, CheckContext &C) const {
    const Expr *Size = lastDimension(Shared);
    if (!Size)
      return;
    const ASTContext &Ctx = C.ast();
    std::optional<std::int64_t> Elements = constantValue(Size, Ctx);
    if (!Elements)
      return;
    F.ToTry = "pad the row to " + std::to_string(*Elements + 1) + " elements";
    if (!C.firstTime(&Shared))
      return;
    // The size as written: `32`, or `TILE` (a macro), whose end the fix-it
    // follows; a size that a larger macro writes is left alone.
    const SourceManager &SM = Ctx.getSourceManager();
    CharSourceRange Written = SM.getExpansionRange(Size->getSourceRange());
    StringRef Text = Lexer::getSourceText(Written, SM, Ctx.getLangOpts());
    FindingNote Note{Written.getBegin(),
                     "pad the row of '" + Shared.getNameAsString() + "' here",
                     {}};
    // In a template instantiation the size may depend on the template's
    // arguments (`[32 + Pad]`): an edit would change every instantiation.
    const auto *Owner = dyn_cast<FunctionDecl>(Shared.getDeclContext());
    bool Instantiated = Owner && Owner->isTemplateInstantiation();
    if (Text.empty() || Text.find_first_of("[];") != StringRef::npos ||
        Instantiated) {
      F.Notes.push_back(std::move(Note));
      return;
    }
    if (isa<IntegerLiteral>(Size->IgnoreParens()) &&
        Size->getBeginLoc().isFileID())
      Note.Fixes.push_back(
          FixItHint::CreateReplacement(Written, std::to_string(*Elements + 1)));
    else
      Note.Fixes.push_back(FixItHint::CreateInsertion(
          Lexer::getLocForEndOfToken(Written.getEnd(), 0, SM,
                                     Ctx.getLangOpts()),
          " + 1"));
    F.Notes.push_back(std::move(Note));
  }
};

} // namespace

HEADROOM_DEFINE_SOURCE_CHECK(SharedBankConflict)

} // namespace headroom::sourcechecks
