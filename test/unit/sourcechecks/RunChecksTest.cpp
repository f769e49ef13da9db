//===- RunChecksTest.cpp - Tests for running the checks on a unit ---------===//

#include "sourcechecks/RunChecks.h"

#include "ast/CompileFlags.h"

#include "clang/Basic/Diagnostic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace headroom::sourcechecks;
using ::testing::ElementsAre;

namespace {

constexpr const char *FileName = "/virtual/k.cu";

/// Keeps the parse's diagnostics quiet.
class Quiet : public clang::DiagnosticConsumer {};

/// Runs the checks on \p Code, parsed on \p Side.
CheckResult check(const std::string &Code, headroom::ast::ParseSide Side,
                  bool RunChecks = true) {
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile(FileName, 0, llvm::MemoryBuffer::getMemBufferCopy(Code));
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  Overlay->pushOverlay(Memory);
  headroom::ast::HostParseConfig Config;
  Config.Side = Side;
  auto Command = headroom::ast::commandFromFlags(
      FileName,
      {"-nocudainc", "-nocudalib",
       "-I" HEADROOM_SOURCE_DIR "/test/lit/Inputs/fake-cuda",
       "-I" HEADROOM_SOURCE_DIR "/test/lit/check/Inputs", "-include",
       "check_cuda.h"},
      Config);
  EXPECT_TRUE(bool(Command));
  if (!Command) {
    llvm::consumeError(Command.takeError());
    return {};
  }
  Quiet Parse;
  CheckRequest Request;
  Request.CommandLine = Command->CommandLine;
  Request.FileSystem = Overlay;
  Request.ParseDiagnostics = &Parse;
  Request.RunChecks = RunChecks;
  llvm::Expected<CheckResult> Result = runSourceChecks(Request);
  EXPECT_TRUE(bool(Result));
  if (!Result) {
    ADD_FAILURE() << llvm::toString(Result.takeError());
    return {};
  }
  return std::move(*Result);
}

std::vector<std::string> checksOf(const CheckResult &R) {
  std::vector<std::string> Out;
  for (const FindingRecord &F : R.Records)
    if (F.Severity != "note")
      Out.push_back(F.Check + "@" + std::to_string(F.Line));
  return Out;
}

const std::string ArchBranches = R"(
__host__ __device__ float halve(float x) {
#ifndef __CUDA_ARCH__
  return x * 0.5;
#else
  return x * 0.5f;
#endif
}
__device__ float twice(float x) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return x * 2.0;
#else
  return x * 2.0f;
#endif
}
__device__ float third(float x) { return x * 0.33; }
)";

TEST(RunChecksTest, TheHostSideLeavesCudaArchBranchesAlone) {
  // The host parse sees halve's double branch and twice's float one; both
  // functions are left alone, third() is judged.
  CheckResult Host = check(ArchBranches, headroom::ast::ParseSide::Host);
  EXPECT_TRUE(Host.Checked);
  EXPECT_THAT(checksOf(Host), ElementsAre("headroom-fp64-promotion@16"));
  // The device parse sees the code the GPU runs: twice's double branch.
  CheckResult Device = check(ArchBranches, headroom::ast::ParseSide::Device);
  EXPECT_THAT(checksOf(Device), ElementsAre("headroom-fp64-promotion@11",
                                            "headroom-fp64-promotion@16"));
}

TEST(RunChecksTest, KernelsAreListedWithTheirMangledNames) {
  const std::string Code = R"(
__global__ void saxpy(int n, float a, const float *x, float *y) {}
namespace ns {
template <int N> __global__ void tile(float *p) {}
}
extern "C" __global__ void plain(float *p) {}
__device__ void helper() {}
void launch(float *p) {
  ns::tile<1><<<1, 32>>>(p);
  ns::tile<2><<<1, 32>>>(p);
}
)";
  for (auto Side :
       {headroom::ast::ParseSide::Host, headroom::ast::ParseSide::Device}) {
    // Listed without running the checks too.
    CheckResult R = check(Code, Side, /*RunChecks=*/false);
    EXPECT_TRUE(R.Checked);
    EXPECT_TRUE(R.Records.empty());
    std::vector<std::string> Kernels;
    for (const KernelDefinition &K : R.Kernels)
      Kernels.push_back(K.MangledName + " " + K.Name + " " +
                        std::to_string(K.Line) + ":" +
                        std::to_string(K.Column));
    EXPECT_THAT(Kernels,
                ::testing::UnorderedElementsAre(
                    "_Z5saxpyifPKfPf saxpy 2:17",
                    "_ZN2ns4tileILi1EEEvPf ns::tile 4:34",
                    "_ZN2ns4tileILi2EEEvPf ns::tile 4:34", "plain plain 6:28"));
    EXPECT_EQ(R.Kernels.front().File, FileName);
  }
}

} // namespace
