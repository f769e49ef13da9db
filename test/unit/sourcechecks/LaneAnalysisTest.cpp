//===- LaneAnalysisTest.cpp - Tests for the lane analysis -----------------===//

#include "sourcechecks/LaneAnalysis.h"

#include "ast/CompileFlags.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace headroom::sourcechecks;

namespace {

/// Every variable of the translation unit by name, and the first for
/// statement.
class Finder : public clang::RecursiveASTVisitor<Finder> {
public:
  bool VisitVarDecl(clang::VarDecl *V) {
    Vars[V->getName().str()] = V;
    return true;
  }
  bool VisitFunctionDecl(clang::FunctionDecl *F) {
    if (F->hasBody())
      Functions[F->getName().str()] = F;
    return true;
  }
  bool VisitForStmt(clang::ForStmt *S) {
    if (!Loop)
      Loop = S;
    return true;
  }
  std::map<std::string, clang::VarDecl *> Vars;
  std::map<std::string, clang::FunctionDecl *> Functions;
  clang::ForStmt *Loop = nullptr;
};

/// \p Body parsed as the device side of a kernel `k(float *p, int n)`;
/// each `probeN` variable's initializer is what a test asks about.
class LaneAnalysisTest : public ::testing::Test {
protected:
  void parse(const std::string &Body) {
    std::string Code =
        "__global__ void k(float *p, int n, float c) {\n" + Body + "\n}\n";
    headroom::ast::HostParseConfig Config;
    Config.Side = headroom::ast::ParseSide::Device;
    auto Command = headroom::ast::commandFromFlags(
        "/virtual/k.cu",
        {"-nocudainc", "-nocudalib",
         "-I" HEADROOM_SOURCE_DIR "/test/lit/Inputs/fake-cuda",
         "-I" HEADROOM_SOURCE_DIR "/test/lit/check/Inputs", "-include",
         "check_cuda.h"},
        Config);
    ASSERT_TRUE(bool(Command)) << llvm::toString(Command.takeError());
    // The flags between the driver and the file.
    std::vector<std::string> Args(Command->CommandLine.begin() + 1,
                                  Command->CommandLine.end() - 1);
    Unit =
        clang::tooling::buildASTFromCodeWithArgs(Code, Args, "/virtual/k.cu");
    ASSERT_TRUE(Unit);
    ASSERT_FALSE(Unit->getDiagnostics().hasErrorOccurred()) << Code;
    Found.TraverseDecl(Unit->getASTContext().getTranslationUnitDecl());
    ASSERT_TRUE(Found.Functions.count("k"));
    Lanes = std::make_unique<LaneAnalysis>(*Found.Functions["k"],
                                           Unit->getASTContext());
  }
  const clang::Expr *init(const std::string &Var) {
    EXPECT_TRUE(Found.Vars.count(Var)) << Var;
    return Found.Vars[Var]->getInit();
  }
  Stride lane(const std::string &Var) { return Lanes->laneStride(init(Var)); }

  std::unique_ptr<clang::ASTUnit> Unit;
  Finder Found;
  std::unique_ptr<LaneAnalysis> Lanes;
};

TEST_F(LaneAnalysisTest, IndexesOfTheLane) {
  parse("unsigned probe1 = threadIdx.x;\n"
        "unsigned probe2 = blockIdx.x * blockDim.x + threadIdx.x;\n"
        "unsigned probe3 = threadIdx.x * 4 + 3;\n"
        "unsigned probe4 = (threadIdx.x << 2) - 1;\n"
        "unsigned probe5 = 7 - threadIdx.x;\n");
  EXPECT_EQ(lane("probe1"), Stride::constant(1));
  EXPECT_EQ(lane("probe2"), Stride::constant(1));
  EXPECT_EQ(lane("probe3"), Stride::constant(4));
  EXPECT_EQ(lane("probe4"), Stride::constant(4));
  EXPECT_EQ(lane("probe5"), Stride::constant(-1));
}

TEST_F(LaneAnalysisTest, UniformAndUnknown) {
  parse("unsigned probe1 = threadIdx.y * blockDim.x + blockIdx.x;\n"
        "int probe2 = n * 2;\n"
        "unsigned probe3 = threadIdx.x / 2;\n"
        "unsigned probe4 = threadIdx.x % 32;\n"
        "float probe5 = p[threadIdx.x];\n");
  // threadIdx.y is uniform within a warp (blockDim.x a multiple of 32).
  EXPECT_TRUE(lane("probe1").isZero());
  EXPECT_TRUE(lane("probe2").isZero());
  // Division, remainder and loaded values are not followed: unknown.
  EXPECT_FALSE(lane("probe3").known());
  EXPECT_FALSE(lane("probe4").known());
  EXPECT_FALSE(lane("probe5").known());
}

TEST_F(LaneAnalysisTest, AUniformFactorThatIsNotAConstant) {
  parse("unsigned probe1 = threadIdx.x * n;\n"
        "unsigned probe2 = threadIdx.x * n * 2;\n");
  Stride S = lane("probe1");
  EXPECT_EQ(S.Kind, Stride::Symbolic);
  EXPECT_EQ(S.Value, 1);
  ASSERT_TRUE(S.Factor);
  EXPECT_EQ(Lanes->text(S.Factor), "n");
  S = lane("probe2");
  EXPECT_EQ(S.Kind, Stride::Symbolic);
  EXPECT_EQ(S.Value, 2);
}

TEST_F(LaneAnalysisTest, LocalsFollowedThroughChangesThatKeepTheStride) {
  parse("int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
        "i += blockDim.x * gridDim.x;\n"
        "int probe1 = i * 8;\n"
        "int j = threadIdx.x;\n"
        "j = j * j;\n"
        "int probe2 = j;\n"
        "int e = threadIdx.x;\n"
        "int *q = &e;\n"
        "int probe3 = e;\n");
  EXPECT_EQ(lane("probe1"), Stride::constant(8));
  // Changed in a way that does not keep the stride; its address escapes.
  EXPECT_FALSE(lane("probe2").known());
  EXPECT_TRUE(Lanes->escapes(Found.Vars["e"]));
  EXPECT_FALSE(lane("probe3").known());
}

TEST_F(LaneAnalysisTest, StridesAlongALoopAndInvariance) {
  parse("for (int s = 0; s < n; ++s) {\n"
        "  int probe1 = s * 32 + threadIdx.x;\n"
        "  float probe2 = sinf(c * 2.0f);\n"
        "  float probe3 = sinf(c * s);\n"
        "}\n");
  const clang::VarDecl *S = Found.Vars["s"];
  EXPECT_EQ(Lanes->strideAlong(init("probe1"), S), Stride::constant(32));
  EXPECT_EQ(lane("probe1"), Stride::constant(1));
  ASSERT_TRUE(Found.Loop);
  EXPECT_TRUE(Lanes->isInvariantIn(init("probe2"), Found.Loop));
  EXPECT_FALSE(Lanes->isInvariantIn(init("probe3"), Found.Loop));
  EXPECT_TRUE(Lanes->modifiedIn(S, Found.Loop));
}

TEST_F(LaneAnalysisTest, GlobalPointersStartAtKernelParameters) {
  parse("float *row = p + n * blockIdx.x;\n"
        "float probe1 = row[threadIdx.x];\n"
        "__shared__ float tile[32][33];\n"
        "float probe2 = tile[threadIdx.y][threadIdx.x];\n");
  const auto *Load = llvm::cast<clang::ArraySubscriptExpr>(
      init("probe1")->IgnoreParenImpCasts());
  std::vector<const clang::Expr *> Offsets;
  const clang::ParmVarDecl *P = Lanes->globalPointer(Load->getBase(), Offsets);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->getName(), "p");
  EXPECT_EQ(Offsets.size(), 1u);
  const auto *Shared = llvm::cast<clang::ArraySubscriptExpr>(
      init("probe2")->IgnoreParenImpCasts());
  const auto *Row = llvm::cast<clang::ArraySubscriptExpr>(
      Shared->getBase()->IgnoreParenImpCasts());
  const clang::VarDecl *Tile = LaneAnalysis::sharedArray(Row->getBase());
  ASSERT_TRUE(Tile);
  EXPECT_EQ(Tile->getName(), "tile");
  std::vector<const clang::Expr *> None;
  EXPECT_EQ(Lanes->globalPointer(Row->getBase(), None), nullptr);
}

} // namespace
