//===- CompileFlagsTest.cpp - Tests for the host-parse command line -------===//

#include "ast/CompileFlags.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include <algorithm>
#include <cstdlib>

using namespace headroom::ast;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

HostParseConfig testConfig() {
  HostParseConfig Config;
  Config.CudaPath = "/opt/cuda";
  Config.ResourceDir = "/opt/clang/22";
  Config.HostCompilerInclude = "";
  return Config;
}

TEST(CompileFlagsTest, TheHostCompilersHeadersAreSearchedLast) {
  HostParseConfig Config = testConfig();
  Config.HostCompilerInclude = "/usr/lib/gcc/x86_64-linux-gnu/12/include";
  auto Command = commandFromFlags("app.cu", {"-Iinclude"}, Config);
  ASSERT_TRUE(static_cast<bool>(Command)) << toString(Command.takeError());
  EXPECT_THAT(
      Command->CommandLine,
      ElementsAre("clang++", "--cuda-path=/opt/cuda", "--cuda-gpu-arch=sm_90",
                  "-isystem", "/opt/cuda/include/cccl",
                  "-Wno-unknown-cuda-version", "-resource-dir=/opt/clang/22",
                  "-Iinclude", "-idirafter",
                  "/usr/lib/gcc/x86_64-linux-gnu/12/include", "-fsyntax-only",
                  "--cuda-host-only", "-w", "-x", "cuda", "app.cu"));
  // The default asks gcc (nvcc's host compiler): an absolute directory, or
  // nothing where there is no gcc.
  std::string Default = HostParseConfig::defaultHostCompilerInclude();
  EXPECT_TRUE(Default.empty() || llvm::sys::path::is_absolute(Default));
}

TEST(CompileFlagsTest, FlagsAfterDashDashGoBetweenDefaultsAndTheFile) {
  auto Command =
      commandFromFlags("src/app.cu", {"-DN=4", "-Iinclude"}, testConfig());
  ASSERT_TRUE(static_cast<bool>(Command)) << toString(Command.takeError());
  EXPECT_THAT(Command->CommandLine,
              ElementsAre("clang++", "--cuda-path=/opt/cuda",
                          "--cuda-gpu-arch=sm_90", "-isystem",
                          "/opt/cuda/include/cccl", "-Wno-unknown-cuda-version",
                          "-resource-dir=/opt/clang/22", "-DN=4", "-Iinclude",
                          "-fsyntax-only", "--cuda-host-only", "-w", "-x",
                          "cuda", "src/app.cu"));
  EXPECT_EQ(Command->Directory, "");
}

TEST(CompileFlagsTest, DropsOutputsPhasesAndTheInputButKeepsTheRest) {
  auto Argv = adjustForHostParse({"/usr/bin/clang++", "-x", "cuda",
                                  "--cuda-gpu-arch=sm_80", "-c", "/src/a.cu",
                                  "-o", "a.o", "-MD", "-MF", "a.d", "-MTa.o",
                                  "-O2", "--cuda-device-only", "-std=c++20"},
                                 "/src/a.cu", testConfig());
  ASSERT_TRUE(static_cast<bool>(Argv)) << toString(Argv.takeError());
  // The user's architecture replaces the default one.
  EXPECT_THAT(
      *Argv, ElementsAre("clang++", "--cuda-path=/opt/cuda", "-isystem",
                         "/opt/cuda/include/cccl", "-Wno-unknown-cuda-version",
                         "-resource-dir=/opt/clang/22", "--cuda-gpu-arch=sm_80",
                         "-O2", "-std=c++20", "-fsyntax-only",
                         "--cuda-host-only", "-w", "-x", "cuda", "/src/a.cu"));
}

TEST(CompileFlagsTest, RecognisesTheInputSpelledWithDots) {
  auto Argv =
      adjustForHostParse({"clang++", "./src/../src/a.cu"}, "src/a.cu", {});
  ASSERT_TRUE(static_cast<bool>(Argv)) << toString(Argv.takeError());
  EXPECT_EQ(std::count(Argv->begin(), Argv->end(), "src/a.cu"), 1);
  EXPECT_EQ(std::count(Argv->begin(), Argv->end(), "./src/../src/a.cu"), 0);
}

TEST(CompileFlagsTest, RecognisesARelativeInputInTheCommandsDirectory) {
  auto Argv = adjustForHostParse({"clang++", "-c", "src/a.cu"},
                                 "/build/../proj/src/a.cu", {}, "/proj");
  ASSERT_TRUE(static_cast<bool>(Argv)) << toString(Argv.takeError());
  EXPECT_EQ(std::count(Argv->begin(), Argv->end(), "src/a.cu"), 0);
  EXPECT_EQ(Argv->back(), "/build/../proj/src/a.cu");
}

TEST(CompileFlagsTest, TranslatesACMakeNvccCommand) {
  // As CMake 3.25 writes a CUDA object's command (ninja adds -MD -MT -MF).
  auto Argv = adjustForHostParse(
      {"/usr/local/cuda/bin/nvcc",
       "-forward-unknown-to-host-compiler",
       "-DX=1",
       "-I/p/inc",
       "-isystem",
       "/p/sys",
       "-O3",
       "-DNDEBUG",
       "--generate-code=arch=compute_90,code=[compute_90,sm_90]",
       "-Xcompiler=-fPIC",
       "--expt-relaxed-constexpr",
       "-std=c++17",
       "-MD",
       "-MT",
       "CMakeFiles/l.dir/a.cu.o",
       "-MF",
       "CMakeFiles/l.dir/a.cu.o.d",
       "-x",
       "cu",
       "-rdc=true",
       "-c",
       "/p/a.cu",
       "-o",
       "CMakeFiles/l.dir/a.cu.o"},
      "/p/a.cu", testConfig(), "/p/build");
  ASSERT_TRUE(static_cast<bool>(Argv)) << toString(Argv.takeError());
  EXPECT_THAT(*Argv,
              ElementsAre("clang++", "--cuda-path=/opt/cuda", "-isystem",
                          "/opt/cuda/include/cccl", "-Wno-unknown-cuda-version",
                          "-resource-dir=/opt/clang/22", "-DX=1", "-I/p/inc",
                          "-isystem", "/p/sys", "-O3", "-DNDEBUG",
                          "--cuda-gpu-arch=sm_90", "-fPIC", "-std=c++17",
                          "-fgpu-rdc", "-fsyntax-only", "--cuda-host-only",
                          "-w", "-x", "cuda", "/p/a.cu"));
}

TEST(CompileFlagsTest, FlagsAfterDashDashMayBeAnNvccCommand) {
  auto Command = commandFromFlags("a.cu", {"nvcc", "-I", "x,y", "-rdc=true"},
                                  testConfig());
  ASSERT_TRUE(static_cast<bool>(Command)) << toString(Command.takeError());
  EXPECT_THAT(Command->CommandLine,
              ElementsAre("clang++", "--cuda-path=/opt/cuda",
                          "--cuda-gpu-arch=sm_90", "-isystem",
                          "/opt/cuda/include/cccl", "-Wno-unknown-cuda-version",
                          "-resource-dir=/opt/clang/22", "-Ix", "-Iy",
                          "-fgpu-rdc", "-fsyntax-only", "--cuda-host-only",
                          "-w", "-x", "cuda", "a.cu"));
}

TEST(CompileFlagsTest, FlagsOnlyNvccKnowsAreAnNvccCommand) {
  // `-- -arch=sm_80 -I x`: clang would not know -arch=sm_80 (did you mean
  // -march?); read as nvcc's, it names the architecture.
  auto Command =
      commandFromFlags("a.cu", {"-arch=sm_80", "-I", "x"}, testConfig());
  ASSERT_TRUE(static_cast<bool>(Command)) << toString(Command.takeError());
  EXPECT_THAT(Command->CommandLine,
              ElementsAre("clang++", "--cuda-path=/opt/cuda", "-isystem",
                          "/opt/cuda/include/cccl", "-Wno-unknown-cuda-version",
                          "-resource-dir=/opt/clang/22",
                          "--cuda-gpu-arch=sm_80", "-Ix", "-fsyntax-only",
                          "--cuda-host-only", "-w", "-x", "cuda", "a.cu"));
}

TEST(CompileFlagsTest, AMalformedNvccCommandIsAnError) {
  auto Argv = adjustForHostParse({"nvcc", "-c", "a.cu", "-o"}, "a.cu", {});
  ASSERT_FALSE(static_cast<bool>(Argv));
  EXPECT_THAT(toString(Argv.takeError()),
              HasSubstr("nvcc option '-o' is missing its value"));
}

TEST(CompileFlagsTest, ADeviceParseKeepsTheArchSpecificArchitecture) {
  HostParseConfig Config = testConfig();
  Config.Side = ParseSide::Device;
  // Both targets of one command: the sm_90a compilation is the one whose
  // code only it compiles (wgmma), often behind an #error for the other.
  auto Both =
      commandFromFlags("k.cu",
                       {"nvcc", "-gencode", "arch=compute_90,code=sm_90", "-DX",
                        "-gencode=arch=compute_90a,code=sm_90a", "-gencode",
                        "arch=compute_100a,code=sm_100a"},
                       Config);
  ASSERT_TRUE(static_cast<bool>(Both)) << toString(Both.takeError());
  EXPECT_THAT(Both->CommandLine,
              ElementsAre("clang++", "--cuda-path=/opt/cuda", "-isystem",
                          "/opt/cuda/include/cccl", "-Wno-unknown-cuda-version",
                          "-resource-dir=/opt/clang/22",
                          "--cuda-gpu-arch=sm_90a", "-DX", "-fsyntax-only",
                          "--cuda-device-only", "-w", "-x", "cuda", "k.cu"));
  // Without one, the first architecture named.
  auto Plain = commandFromFlags(
      "k.cu", {"--cuda-gpu-arch=sm_80", "--offload-arch=sm_90"}, Config);
  ASSERT_TRUE(static_cast<bool>(Plain)) << toString(Plain.takeError());
  EXPECT_THAT(Plain->CommandLine, Contains("--cuda-gpu-arch=sm_80"));
  EXPECT_THAT(Plain->CommandLine, Not(Contains("--offload-arch=sm_90")));
  // A host parse keeps every architecture.
  auto Host = commandFromFlags(
      "k.cu", {"--cuda-gpu-arch=sm_90", "--cuda-gpu-arch=sm_90a"},
      testConfig());
  ASSERT_TRUE(static_cast<bool>(Host)) << toString(Host.takeError());
  EXPECT_THAT(Host->CommandLine, Contains("--cuda-gpu-arch=sm_90"));
  EXPECT_THAT(Host->CommandLine, Contains("--cuda-gpu-arch=sm_90a"));
}

TEST(CompileFlagsTest, CcbinChoosesTheHostCompilersHeaders) {
  HostParseConfig Config = testConfig();
  Config.HostCompilerInclude = "/gcc/include";
  std::vector<std::string> Asked;
  Config.HostCompilerIncludeOf = [&](llvm::StringRef Compiler) {
    Asked.push_back(Compiler.str());
    return "/headers-of" + Compiler.str();
  };
  auto Named = commandFromFlags(
      "a.cu", {"nvcc", "-ccbin", "/opt/gcc-13/bin/g++", "-std=c++17"}, Config);
  ASSERT_TRUE(static_cast<bool>(Named)) << toString(Named.takeError());
  EXPECT_THAT(Named->CommandLine,
              ElementsAre("clang++", "--cuda-path=/opt/cuda",
                          "--cuda-gpu-arch=sm_90", "-isystem",
                          "/opt/cuda/include/cccl", "-Wno-unknown-cuda-version",
                          "-resource-dir=/opt/clang/22", "-std=c++17",
                          "-idirafter", "/headers-of/opt/gcc-13/bin/g++",
                          "-fsyntax-only", "--cuda-host-only", "-w", "-x",
                          "cuda", "a.cu"));
  EXPECT_THAT(Asked, ElementsAre("/opt/gcc-13/bin/g++"));
  // Without -ccbin, and for clang commands, the default host compiler's.
  for (std::vector<std::string> Flags :
       {std::vector<std::string>{"nvcc", "-std=c++17"},
        std::vector<std::string>{"-std=c++17"}}) {
    auto Default = commandFromFlags("a.cu", Flags, Config);
    ASSERT_TRUE(static_cast<bool>(Default)) << toString(Default.takeError());
    EXPECT_THAT(Default->CommandLine, Contains("/gcc/include"));
  }
  EXPECT_EQ(Asked.size(), 1u);
  // A compiler that names no directory: none.
  Config.HostCompilerIncludeOf = [](llvm::StringRef) { return std::string(); };
  auto Unknown =
      commandFromFlags("a.cu", {"nvcc", "-ccbin=no-such-cc"}, Config);
  ASSERT_TRUE(static_cast<bool>(Unknown)) << toString(Unknown.takeError());
  EXPECT_THAT(Unknown->CommandLine, Not(Contains("-idirafter")));
}

TEST(CompileFlagsTest, AskingAHostCompilerThatCannotRunGivesNothing) {
  EXPECT_EQ(HostParseConfig::askHostCompilerInclude("/no/such/compiler"), "");
  EXPECT_EQ(HostParseConfig::askHostCompilerInclude("no-such-compiler-x"), "");
}

TEST(CompileFlagsTest, CudaHomeChoosesTheDefaultCudaPath) {
  const char *Saved = std::getenv("CUDA_HOME");
  std::string SavedValue = Saved ? Saved : "";
  ::setenv("CUDA_HOME", "/somewhere/cuda-13.0", 1);
  EXPECT_EQ(HostParseConfig::defaultCudaPath(), "/somewhere/cuda-13.0");
  ::unsetenv("CUDA_HOME");
  EXPECT_EQ(HostParseConfig::defaultCudaPath(), "/usr/local/cuda");
  if (Saved)
    ::setenv("CUDA_HOME", SavedValue.c_str(), 1);
}

TEST(CompileFlagsTest, DefaultResourceDirHasClangsBuiltinHeaders) {
  llvm::SmallString<256> Header(HostParseConfig::defaultResourceDir());
  llvm::sys::path::append(Header, "include", "cuda_wrappers");
  EXPECT_TRUE(llvm::sys::fs::is_directory(Header)) << Header.str().str();
}

/// A build directory with a compile_commands.json, removed afterwards.
class CompileDatabaseTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("headroom-cdb", Dir));
    llvm::sys::fs::make_absolute(Dir);
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  void writeDatabase(llvm::StringRef Json) {
    llvm::SmallString<256> Path(Dir);
    llvm::sys::path::append(Path, "compile_commands.json");
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    ASSERT_FALSE(EC);
    OS << Json;
  }

  std::string path(llvm::StringRef Name) {
    llvm::SmallString<256> Path(Dir);
    llvm::sys::path::append(Path, Name);
    return std::string(Path);
  }

  llvm::SmallString<256> Dir;
};

TEST_F(CompileDatabaseTest, TakesTheFilesCommandAndDirectory) {
  // The database names the file absolutely, the command relatively; the
  // database adds the driver mode it infers from the driver's name.
  std::string File = path("k.cu");
  writeDatabase(
      R"([{"directory": ")" + Dir.str().str() + R"(", "file": ")" + File +
      R"(", "arguments": ["/usr/bin/clang++", "-DFROM_DB", "-c", "k.cu", )"
      R"("-o", "k.o"]}])");
  auto Command = commandFromDatabase(Dir, File, {"-DEXTRA"}, testConfig());
  ASSERT_TRUE(static_cast<bool>(Command)) << toString(Command.takeError());
  EXPECT_EQ(Command->Directory, Dir.str().str());
  EXPECT_THAT(Command->CommandLine,
              ElementsAre("clang++", "--cuda-path=/opt/cuda",
                          "--cuda-gpu-arch=sm_90", "-isystem",
                          "/opt/cuda/include/cccl", "-Wno-unknown-cuda-version",
                          "-resource-dir=/opt/clang/22", "--driver-mode=g++",
                          "-DFROM_DB", "-DEXTRA", "-fsyntax-only",
                          "--cuda-host-only", "-w", "-x", "cuda", File));
}

TEST_F(CompileDatabaseTest, CcbinOfTheDatabasesNvccCommandIsTheHostCompiler) {
  std::string File = path("k.cu");
  writeDatabase(R"([{"directory": ")" + Dir.str().str() + R"(", "file": ")" +
                File +
                R"(", "command": "nvcc -ccbin tools/g++ -c k.cu -o k.o"}])");
  HostParseConfig Config = testConfig();
  Config.HostCompilerIncludeOf = [](llvm::StringRef Compiler) {
    return Compiler.str() + "/../include";
  };
  auto Command = commandFromDatabase(Dir, File, {}, Config);
  ASSERT_TRUE(static_cast<bool>(Command)) << toString(Command.takeError());
  // Relative to the command's directory, as nvcc runs there.
  EXPECT_THAT(Command->CommandLine,
              Contains(path("tools/g++") + "/../include"));
}

TEST_F(CompileDatabaseTest, AFileWithoutACommandIsAnError) {
  writeDatabase(R"([{"directory": ")" + Dir.str().str() +
                R"(", "file": "other.cu", "command": "clang++ -c other.cu"}])");
  auto Command = commandFromDatabase(Dir, path("k.cu"), {}, testConfig());
  ASSERT_FALSE(static_cast<bool>(Command));
  EXPECT_THAT(toString(Command.takeError()),
              HasSubstr("has no command for '" + path("k.cu") + "'"));
}

TEST_F(CompileDatabaseTest, AMissingDatabaseIsAnError) {
  auto Command = commandFromDatabase(Dir, path("k.cu"), {}, testConfig());
  ASSERT_FALSE(static_cast<bool>(Command));
  EXPECT_EQ(toString(Command.takeError()),
            "-p: no compile_commands.json in '" + Dir.str().str() + "'");
}

TEST_F(CompileDatabaseTest, AMissingDirectoryIsOneLine) {
  std::string Missing = path("nonexist");
  auto Command = commandFromDatabase(Missing, path("k.cu"), {}, testConfig());
  ASSERT_FALSE(static_cast<bool>(Command));
  EXPECT_EQ(toString(Command.takeError()),
            "-p: '" + Missing +
                "' does not exist (expected the build directory that holds "
                "compile_commands.json)");
}

} // namespace
