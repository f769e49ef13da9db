//===- NvccFlagsTest.cpp - Tests for the nvcc to clang flag translation ---===//

#include "ast/NvccFlags.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace headroom::ast;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

namespace {

std::vector<std::string> translate(std::vector<std::string> Args,
                                   llvm::StringRef Dir = "") {
  auto Flags = translateNvccFlags(Args, Dir);
  EXPECT_TRUE(static_cast<bool>(Flags));
  if (!Flags) {
    llvm::consumeError(Flags.takeError());
    return {};
  }
  return *Flags;
}

TEST(NvccFlagsTest, ListOptionsSplitAtCommasLikeNvcc) {
  EXPECT_THAT(translate({"-DA=1,B", "-I", "x,y", "--include-path=z", "-Ufoo",
                         "-isystem=s1,s2"}),
              ElementsAre("-DA=1", "-DB", "-Ix", "-Iy", "-Iz", "-Ufoo",
                          "-isystem", "s1", "-isystem", "s2"));
}

TEST(NvccFlagsTest, ValuesFollowOrJoinAsNvccAllows) {
  EXPECT_THAT(translate({"-std", "c++20", "-O", "2", "--pre-include", "pre.h",
                         "-ftemplate-depth", "900"}),
              ElementsAre("-std=c++20", "-O2", "-include", "pre.h",
                          "-ftemplate-depth=900"));
  // -o takes the next argument even when it looks like a source.
  EXPECT_THAT(translate({"-c", "-o", "x.cu", "a.cu"}), IsEmpty());
}

TEST(NvccFlagsTest, ArchitecturesBecomeCudaGpuArch) {
  EXPECT_THAT(translate({"-arch=sm_90a"}),
              ElementsAre("--cuda-gpu-arch=sm_90a"));
  EXPECT_THAT(translate({"--gpu-architecture", "compute_80"}),
              ElementsAre("--cuda-gpu-arch=sm_80"));
  EXPECT_THAT(translate({"-gencode", "arch=compute_90,code=sm_90", "-gencode",
                         "arch=compute_100,code=[compute_100,sm_100]",
                         "--generate-code=arch=compute_90,code=compute_90"}),
              ElementsAre("--cuda-gpu-arch=sm_90", "--cuda-gpu-arch=sm_100"));
  EXPECT_THAT(translate({"-arch=native"}), IsEmpty());
  EXPECT_THAT(translate({"-arch=all-major"}), IsEmpty());
  EXPECT_EQ(clangGpuArch("lto_120"), "sm_120");
  EXPECT_EQ(clangGpuArch("sm_"), "");
}

TEST(NvccFlagsTest, RelocatableDeviceCodeAndStreams) {
  EXPECT_THAT(translate({"-rdc=true"}), ElementsAre("-fgpu-rdc"));
  EXPECT_THAT(translate({"--relocatable-device-code", "false"}), IsEmpty());
  EXPECT_THAT(translate({"-dc"}), ElementsAre("-fgpu-rdc"));
  EXPECT_THAT(translate({"-default-stream", "per-thread"}),
              ElementsAre("-fgpu-default-stream=per-thread"));
  EXPECT_THAT(translate({"-noeh"}), ElementsAre("-fno-exceptions"));
}

TEST(NvccFlagsTest, HostCompilerFlagsAreKeptWhenClangKnowsThem) {
  EXPECT_THAT(
      translate({"-Xcompiler", "-fPIC,-Wall", "-Xcompiler=-fopenmp",
                 "--compiler-options", "-fno-gnu-unique-xyz",
                 "-forward-unknown-to-host-compiler", "-Wextra",
                 "-march=native"}),
      ElementsAre("-fPIC", "-Wall", "-fopenmp", "-Wextra", "-march=native"));
  // A flag and its value given in two -Xcompiler arguments stay together.
  EXPECT_THAT(translate({"-Xcompiler", "-include", "-Xcompiler", "h.h"}),
              ElementsAre("-include", "h.h"));
}

TEST(NvccFlagsTest, DeviceAndDriverOnlyFlagsAreDropped) {
  EXPECT_THAT(translate({"-Xptxas",
                         "-v",
                         "-Xnvlink=--verbose",
                         "-lineinfo",
                         "-G",
                         "-g",
                         "-maxrregcount=32",
                         "--use_fast_math",
                         "-ftz=true",
                         "--expt-relaxed-constexpr",
                         "--extended-lambda",
                         "-ccbin",
                         "g++",
                         "-Xcudafe",
                         "--diag_suppress=177",
                         "-w",
                         "-Werror",
                         "all-warnings",
                         "-MD",
                         "-MF",
                         "a.d",
                         "-MT",
                         "a.o",
                         "-x",
                         "cu",
                         "-c",
                         "a.cu",
                         "-o",
                         "a.o",
                         "-L/lib",
                         "-lfoo",
                         "--threads",
                         "4",
                         "-keep",
                         "-res-usage",
                         "-v"}),
              IsEmpty());
}

TEST(NvccFlagsTest, OptionsFilesAreReadInPlace) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("nvccflags", Dir));
  llvm::SmallString<128> File(Dir);
  llvm::sys::path::append(File, "includes.rsp");
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(File, EC);
    ASSERT_FALSE(EC);
    OS << "-I\"/with space/inc\" -DFROM_FILE=1\n-isystem /sys\n";
  }
  EXPECT_THAT(translate({"-DA", "--options-file", "includes.rsp", "-DB"}, Dir),
              ElementsAre("-DA", "-I/with space/inc", "-DFROM_FILE=1",
                          "-isystem", "/sys", "-DB"));
  auto Missing = translateNvccFlags({"-optf", "missing.rsp"}, Dir);
  EXPECT_FALSE(static_cast<bool>(Missing));
  llvm::consumeError(Missing.takeError());
  llvm::sys::fs::remove_directories(Dir);
}

TEST(NvccFlagsTest, UnknownFlagsAreRemoved) {
  EXPECT_THAT(withoutUnknownFlags(
                  {"-Wall", "-fno-such-flag-at-all", "-O2", "-isystem", "/x"}),
              ElementsAre("-Wall", "-O2", "-isystem", "/x"));
}

} // namespace
