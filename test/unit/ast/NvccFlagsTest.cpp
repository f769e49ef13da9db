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

TEST(NvccFlagsTest, CcbinNamesTheHostCompilerAsNvccFindsIt) {
  llvm::SmallString<256> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("headroom-ccbin", Dir));
  llvm::SmallString<256> Bin(Dir);
  llvm::sys::path::append(Bin, "bin");
  ASSERT_FALSE(llvm::sys::fs::create_directory(Bin));
  EXPECT_EQ(nvccHostCompiler({"-std=c++17", "-c", "a.cu"}, Dir), "");
  // A bare name is looked up in PATH, as nvcc does.
  EXPECT_EQ(nvccHostCompiler({"-ccbin", "g++-13"}, Dir), "g++-13");
  // Paths are the command directory's; a directory stands for its gcc.
  EXPECT_EQ(nvccHostCompiler({"--compiler-bindir=tools/g++"}, Dir),
            (Dir + "/tools/g++").str());
  EXPECT_EQ(nvccHostCompiler({"-ccbin", "bin"}, Dir), (Bin + "/gcc").str());
  EXPECT_EQ(nvccHostCompiler({"-ccbin", Bin.str().str()}, ""),
            (Bin + "/gcc").str());
  // The last one counts.
  EXPECT_EQ(nvccHostCompiler({"-ccbin", "cc1", "-ccbin=/usr/bin/g++"}, Dir),
            "/usr/bin/g++");
  // Nothing for a command nvcc would refuse.
  EXPECT_EQ(nvccHostCompiler({"-ccbin"}, Dir), "");
  // The translation itself leaves it out.
  EXPECT_THAT(translate({"-ccbin", "g++-13", "-DX"}, Dir), ElementsAre("-DX"));
  llvm::sys::fs::remove_directories(Dir);
}

TEST(NvccFlagsTest, FlagsOnlyNvccKnowsMakeAnNvccCommand) {
  EXPECT_TRUE(namesNvccOnlyFlags({"-arch=sm_90"}));
  EXPECT_TRUE(namesNvccOnlyFlags({"-arch", "sm_90"}));
  EXPECT_TRUE(namesNvccOnlyFlags(
      {"-I", "inc", "-gencode", "arch=compute_90,code=sm_90"}));
  EXPECT_TRUE(namesNvccOnlyFlags({"-Xcompiler", "-Wall"}));
  EXPECT_TRUE(namesNvccOnlyFlags({"-DX", "-rdc=true"}));
  EXPECT_TRUE(namesNvccOnlyFlags({"--expt-relaxed-constexpr"}));
  // Clang's own flags, and flags neither knows (clang's error to report).
  EXPECT_FALSE(namesNvccOnlyFlags({}));
  EXPECT_FALSE(namesNvccOnlyFlags(
      {"-I", "inc", "-std=c++17", "-O2", "--cuda-gpu-arch=sm_90", "-DX=1"}));
  EXPECT_FALSE(namesNvccOnlyFlags({"-nocudainc", "-include", "h.h"}));
  EXPECT_FALSE(namesNvccOnlyFlags({"--no-such-flag"}));
}

TEST(NvccFlagsTest, UnknownFlagsAreRemoved) {
  EXPECT_THAT(withoutUnknownFlags(
                  {"-Wall", "-fno-such-flag-at-all", "-O2", "-isystem", "/x"}),
              ElementsAre("-Wall", "-O2", "-isystem", "/x"));
}

} // namespace
