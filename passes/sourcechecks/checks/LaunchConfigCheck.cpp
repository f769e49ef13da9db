//===- LaunchConfigCheck.cpp - headroom-launch-config ---------------------===//
///
/// \file
/// A `kernel<<<grid, block>>>` launch whose block size (a constant, a dim3
/// built from constants, or a variable initialised so and never changed)
/// wastes the GPU: not a multiple of the warp size (the last warp of every
/// block runs with idle lanes), under 64 threads (an SM holds at most 32
/// resident blocks, so such blocks leave warp slots empty), or more than
/// the kernel's `__launch_bounds__` or the 1024 threads a block may have
/// (the launch fails). Block sizes known only at run time, and blocks of one
/// thread (deliberately serial work), are not judged.
///
//===----------------------------------------------------------------------===//

#include "sourcechecks/LaneAnalysis.h"
#include "sourcechecks/SourceCheckRegistry.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace headroom::sourcechecks {

namespace {

using namespace clang;

constexpr std::int64_t WarpSize = 32;
constexpr std::int64_t MaxThreadsPerBlock = 1024;
/// Resident blocks an SM holds on sm_80 and sm_90, and its warp slots.
constexpr std::int64_t MaxBlocksPerSM = 32;
constexpr std::int64_t MaxWarpsPerSM = 64;
/// The smallest block whose 32 resident blocks fill an SM's warp slots.
constexpr std::int64_t FullOccupancyThreads =
    MaxWarpsPerSM / MaxBlocksPerSM * WarpSize;
/// Larger minimums than FullOccupancyThreads would report blocks that cap
/// nothing.
constexpr SourceCheckThreshold MinThreadsPerBlock{
    "MinThreadsPerBlock", 64, 32, 64,
    "the fewest threads per block not reported as capping the occupancy "
    "(32 reports none)"};
constexpr SourceCheckThreshold Thresholds[] = {MinThreadsPerBlock};

constexpr SourceCheckInfo Info{
    names::LaunchConfig,
    "A launch's block size is not a multiple of 32, is under 64 threads, or "
    "exceeds the kernel's __launch_bounds__ (or 1024).",
    "Use a block size that is a multiple of 32 and at least 64 (128 or 256 "
    "are safe defaults), within the kernel's __launch_bounds__.",
    Thresholds};

/// Whether \p V, a local variable of \p Body, is only read after its
/// declaration (copied, its members read), so its initializer is its value.
bool isOnlyRead(const VarDecl *V, const Stmt *Body) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *V;
    ParentMap Parents;
    bool Written = false;
    Finder(const VarDecl *V, Stmt *Body) : V(V), Parents(Body) {}
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      if (Ref->getDecl() != V)
        return true;
      const Stmt *Up = Parents.getParentIgnoreParens(Ref);
      if (const auto *Member = dyn_cast_or_null<MemberExpr>(Up))
        Up = Parents.getParentIgnoreParens(Member);
      while (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Up)) {
        if (Cast->getCastKind() == CK_LValueToRValue)
          return true;
        if (Cast->getCastKind() != CK_NoOp)
          break;
        Up = Parents.getParentIgnoreParens(Cast);
      }
      if (const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(Up))
        if (Construct->getConstructor()->isCopyOrMoveConstructor())
          return true;
      Written = true;
      return false;
    }
  };
  Finder F(V, const_cast<Stmt *>(Body));
  F.TraverseStmt(const_cast<Stmt *>(Body));
  return !F.Written;
}

/// The function whose body holds \p S, or null.
const FunctionDecl *enclosingFunction(const Stmt &S, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(S);
  for (int Depth = 0; Depth < 256 && !Parents.empty(); ++Depth) {
    if (const auto *F = Parents[0].get<FunctionDecl>())
      return F;
    if (const auto *St = Parents[0].get<Stmt>())
      Parents = Ctx.getParents(*St);
    else if (const auto *D = Parents[0].get<Decl>())
      Parents = Ctx.getParents(*D);
    else
      return nullptr;
  }
  return nullptr;
}

/// The threads of a block \p E describes, when they are constants.
std::optional<std::int64_t> blockThreads(const Expr *E, ASTContext &Ctx,
                                         const FunctionDecl *In,
                                         int Depth = 0) {
  if (!E || Depth > 4)
    return std::nullopt;
  E = E->IgnoreImplicit()->IgnoreParens();
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
    return blockThreads(Cleanups->getSubExpr(), Ctx, In, Depth);
  if (const auto *Temp = dyn_cast<MaterializeTemporaryExpr>(E))
    return blockThreads(Temp->getSubExpr(), Ctx, In, Depth);
  if (std::optional<std::int64_t> N = constantValue(E, Ctx))
    return N;
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    if (Construct->getConstructor()->isCopyOrMoveConstructor() &&
        Construct->getNumArgs() >= 1)
      return blockThreads(Construct->getArg(0), Ctx, In, Depth + 1);
    std::int64_t Threads = 1;
    for (const Expr *Arg : Construct->arguments()) {
      std::optional<std::int64_t> N = blockThreads(Arg, Ctx, In, Depth + 1);
      if (!N)
        return std::nullopt;
      Threads *= *N;
    }
    return Construct->getNumArgs() ? std::optional(Threads) : std::nullopt;
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (!V || !V->isLocalVarDecl() || !V->getInit() || !In || !In->getBody() ||
        !isOnlyRead(V, In->getBody()))
      return std::nullopt;
    return blockThreads(V->getInit(), Ctx, In, Depth + 1);
  }
  return std::nullopt;
}

/// The kernel's `__launch_bounds__` maximum, with the attribute.
std::optional<std::pair<std::int64_t, const CUDALaunchBoundsAttr *>>
launchBounds(const FunctionDecl *Kernel, const ASTContext &Ctx) {
  if (!Kernel)
    return std::nullopt;
  for (const FunctionDecl *D : Kernel->redecls())
    if (const auto *Bounds = D->getAttr<CUDALaunchBoundsAttr>())
      if (std::optional<std::int64_t> Max =
              constantValue(Bounds->getMaxThreads(), Ctx))
        return std::make_pair(*Max, Bounds);
  return std::nullopt;
}

std::string plural(std::int64_t N, const char *What) {
  return std::to_string(N) + " " + What + (N == 1 ? "" : "s");
}

/// Whether the launch's grid is the constant one block.
bool singleBlock(const Expr *Grid, ASTContext &Ctx,
                 const CUDAKernelCallExpr &Launch) {
  std::optional<std::int64_t> Blocks =
      blockThreads(Grid, Ctx, enclosingFunction(Launch, Ctx));
  return Blocks && *Blocks == 1;
}

class LaunchConfigCheck : public SourceCheck {
public:
  LaunchConfigCheck() : SourceCheck(Info) {}

  void checkLaunch(const CUDAKernelCallExpr &Launch,
                   CheckContext &C) const override {
    const CallExpr *Config = Launch.getConfig();
    if (!Config || Config->getNumArgs() < 2)
      return;
    ASTContext &Ctx = C.ast();
    const Expr *Block = Config->getArg(1);
    std::optional<std::int64_t> Threads =
        blockThreads(Block, Ctx, enclosingFunction(Launch, Ctx));
    // One thread is deliberate serial work (a latency chain, a setup
    // kernel), not a block size chosen badly.
    if (!Threads || *Threads <= 1)
      return;
    Finding F;
    F.Where = Block->getBeginLoc();
    const FunctionDecl *Kernel = Launch.getDirectCallee();
    std::string Name =
        Kernel ? "'" + Kernel->getNameAsString() + "'" : "the kernel";
    std::string Size = "block of " + plural(*Threads, "thread");
    auto Bounds = launchBounds(Kernel, Ctx);
    if (*Threads > MaxThreadsPerBlock) {
      F.Message = Size + " exceeds the " + std::to_string(MaxThreadsPerBlock) +
                  " threads a block can have: the launch of " + Name + " fails";
      F.ToTry = "at most " + std::to_string(MaxThreadsPerBlock) +
                " threads per block";
    } else if (Bounds && *Threads > Bounds->first) {
      F.Message = Size + " exceeds __launch_bounds__(" +
                  std::to_string(Bounds->first) + ") of " + Name +
                  ": the launch fails";
      F.Notes.push_back({Bounds->second->getLocation(),
                         "the launch bounds are declared here",
                         {}});
      F.ToTry = "at most " + std::to_string(Bounds->first) +
                " threads per block, or larger launch bounds";
    } else if (*Threads % WarpSize != 0) {
      std::int64_t Idle = WarpSize - *Threads % WarpSize;
      F.Message = Size + " is not a multiple of the warp size (" +
                  std::to_string(WarpSize) + ")";
      F.because("the last warp of every block of " + Name + " runs with " +
                std::to_string(Idle) + " of its " + std::to_string(WarpSize) +
                " lanes idle");
      F.ToTry =
          "a multiple of " + std::to_string(WarpSize) + " threads per block";
    } else if (*Threads < C.threshold(*this, MinThreadsPerBlock) &&
               !singleBlock(Config->getArg(0), Ctx, Launch)) {
      // One block (`<<<1, 32>>>`) occupies one SM whatever its size: the
      // cap on resident blocks does not apply.
      std::int64_t Warps = MaxBlocksPerSM * (*Threads / WarpSize);
      F.Message = Size + " (under " + std::to_string(FullOccupancyThreads) +
                  ") caps the occupancy of " + Name;
      F.because("an SM holds at most " + std::to_string(MaxBlocksPerSM) +
                " resident blocks (sm_80, sm_90), so at most " +
                std::to_string(Warps) + " of its " +
                std::to_string(MaxWarpsPerSM) + " warp slots are used");
      F.ToTry = "at least " + std::to_string(FullOccupancyThreads) +
                " threads per block";
    } else {
      return;
    }
    C.report(*this, std::move(F));
  }
};

} // namespace

HEADROOM_DEFINE_SOURCE_CHECK(LaunchConfig)

} // namespace headroom::sourcechecks
