//===- LaunchScanTest.cpp - Does a source launch kernels? -----------------===//

#include "nvcc/LaunchScan.h"

#include "support/Paths.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <unistd.h>

namespace headroom::nvcc {
namespace {

namespace fs = std::filesystem;

class LaunchScanTest : public ::testing::Test {
protected:
  void SetUp() override {
    Root = fs::temp_directory_path() /
           ("headroom-scan-test-" + std::to_string(::getpid()));
    fs::remove_all(Root);
    fs::create_directories(Root);
    In.WorkingDirectory = Root.string();
    In.Source = "src/app.cu";
  }
  void TearDown() override { fs::remove_all(Root); }

  void write(const std::string &Path, const std::string &Text) {
    ASSERT_TRUE(writeFile((Root / Path).string(), Text));
  }

  fs::path Root;
  LaunchScanInputs In;
};

TEST_F(LaunchScanTest, ASourceWithoutLaunchesNeedsNoParse) {
  write("src/app.cu", "#include <cuda_runtime.h>\n#include \"util.h\"\n"
                      "__global__ void k(float *x) { x[0] = 1; }\n");
  write("src/util.h", "#include <vector>\ninline int twice(int x) "
                      "{ return x << 1; }\n");
  LaunchScanResult R = scanForLaunches(In);
  EXPECT_FALSE(R.MayLaunch) << R.Evidence;
  // The source and util.h; <cuda_runtime.h> and <vector> are not found in
  // the command's directories: the toolkit's and the compiler's own.
  EXPECT_EQ(R.FilesRead, 2u);
}

TEST_F(LaunchScanTest, ALaunchInTheSourceIsFound) {
  write("src/app.cu",
        "__global__ void k() {}\n\nvoid run() { k<<<1, 1>>>(); }\n");
  LaunchScanResult R = scanForLaunches(In);
  EXPECT_TRUE(R.MayLaunch);
  EXPECT_EQ(R.Evidence, (Root / "src/app.cu").string() + ":3");
}

TEST_F(LaunchScanTest, ALaunchMacroInAnIncludedHeaderIsFound) {
  // Through -I, from the source's directory, and from a header's own
  // directory, whatever #if says.
  write("src/app.cu", "#include \"local.h\"\nvoid run() { LAUNCH(k); }\n");
  write("src/local.h", "#if 0\n#include <proj/launch.h>\n#endif\n");
  write("inc/proj/launch.h", "#include \"detail/macro.h\"\n");
  write("inc/proj/detail/macro.h", "#define LAUNCH(k) k<<<1, 1>>>()\n");
  EXPECT_FALSE(scanForLaunches(In).MayLaunch);
  In.IncludeDirectories = {"inc"};
  LaunchScanResult R = scanForLaunches(In);
  EXPECT_TRUE(R.MayLaunch);
  EXPECT_EQ(R.Evidence, (Root / "inc/proj/detail/macro.h").string() + ":1");
  EXPECT_EQ(R.FilesRead, 4u);
}

TEST_F(LaunchScanTest, EveryCandidateOfANameIsRead) {
  // The preprocessor takes the first; the scan reads both.
  write("src/app.cu", "#include <config.h>\n");
  write("a/config.h", "#pragma once\n");
  write("b/config.h", "#define LAUNCH(k) cudaLaunchKernel(k)\n");
  In.IncludeDirectories = {"a", Root.string() + "/b"};
  EXPECT_TRUE(scanForLaunches(In).MayLaunch);
}

TEST_F(LaunchScanTest, QuoteDirectoriesServeQuotedIncludesOnly) {
  write("src/app.cu", "#include <q.h>\n");
  write("quote/q.h", "#define L(k) k<<<1, 1>>>()\n");
  In.QuoteDirectories = {"quote"};
  EXPECT_FALSE(scanForLaunches(In).MayLaunch);
  write("src/app.cu", "#include \"q.h\"\n");
  EXPECT_TRUE(scanForLaunches(In).MayLaunch);
}

TEST_F(LaunchScanTest, TheToolkitIsNotRead) {
  write("src/app.cu", "#include <cuda_runtime_api.h>\n");
  write("cuda/include/cuda_runtime_api.h",
        "cudaError_t cudaLaunchKernel(const void *);\n");
  In.IncludeDirectories = {"cuda/include"};
  EXPECT_TRUE(scanForLaunches(In).MayLaunch);
  In.SkippedDirectories = {"cuda/include"};
  EXPECT_FALSE(scanForLaunches(In).MayLaunch);
}

TEST_F(LaunchScanTest, AHeaderOfALibraryDirectoryMayLaunch) {
  // Through -I, or found by name under the directory or its parent (the
  // compiler's own directories are not the scan's).
  write("src/app.cu", "#include <mylib/solver.h>\nvoid run() { solve(); }\n");
  write("opt/include/mylib/solver.h", "void solve();\n");
  EXPECT_FALSE(scanForLaunches(In).MayLaunch);
  In.LibraryDirectories = {"opt/include/mylib"};
  LaunchScanResult R = scanForLaunches(In);
  EXPECT_TRUE(R.MayLaunch);
  EXPECT_EQ(R.Evidence, "'" + (Root / "opt/include/mylib/solver.h").string() +
                            "', a header of the library directory '" +
                            (Root / "opt/include/mylib").string() + "'");
  In.LibraryDirectories = {(Root / "opt/include").string()};
  In.IncludeDirectories = {"opt/include"};
  EXPECT_TRUE(scanForLaunches(In).MayLaunch);
}

TEST_F(LaunchScanTest, ForcedIncludesAndArgumentsCount) {
  write("src/app.cu", "void run() { L(k); }\n");
  write("force.h", "#define L(k) k<<<1, 1>>>()\n");
  EXPECT_FALSE(scanForLaunches(In).MayLaunch);
  In.ForcedIncludes = {"force.h"};
  EXPECT_TRUE(scanForLaunches(In).MayLaunch);
  In.ForcedIncludes.clear();
  In.CommandText = {"-c", "-DL(k)=k<<<1,1>>>()"};
  LaunchScanResult R = scanForLaunches(In);
  EXPECT_TRUE(R.MayLaunch);
  EXPECT_EQ(R.Evidence, "the argument '-DL(k)=k<<<1,1>>>()'");
}

TEST_F(LaunchScanTest, AComputedIncludeMayLaunch) {
  write("src/app.cu", "#define H \"k.h\"\n#include H\n");
  LaunchScanResult R = scanForLaunches(In);
  EXPECT_TRUE(R.MayLaunch);
  EXPECT_EQ(R.Evidence,
            "a computed #include at " + (Root / "src/app.cu").string() + ":2");
}

TEST_F(LaunchScanTest, IncludeCyclesEnd) {
  write("src/app.cu", "#include \"a.h\"\n");
  write("src/a.h", "#include \"b.h\"\n");
  write("src/b.h", "#include \"a.h\"\n#include \"../src/a.h\"\n");
  LaunchScanResult R = scanForLaunches(In);
  EXPECT_FALSE(R.MayLaunch);
  EXPECT_EQ(R.FilesRead, 3u);
}

TEST_F(LaunchScanTest, AnUnreadableSourceMayLaunch) {
  EXPECT_TRUE(scanForLaunches(In).MayLaunch);
}

TEST(ScanInputsTest, TakesNvccAndHostCompilerDirectories) {
  Expected<nvccargs::NvccCommand> Cmd = nvccargs::NvccCommand::parse(
      {"-Iinc", "-I", "inc2", "-isystem", "sys", "--pre-include", "pre.h",
       "-Xcompiler=-iquote,quote,-idirafter,after", "-Xcompiler", "-Ihost",
       "-DN=4", "-c", "app.cu"},
      "/w");
  ASSERT_TRUE(Cmd);
  LaunchScanInputs In = scanInputsFor(*Cmd, "app.cu", "/w", {"/cuda"});
  EXPECT_EQ(In.Source, "app.cu");
  EXPECT_EQ(In.WorkingDirectory, "/w");
  EXPECT_EQ(In.IncludeDirectories,
            (std::vector<std::string>{"inc", "inc2", "sys", "after", "host"}));
  EXPECT_EQ(In.QuoteDirectories, std::vector<std::string>{"quote"});
  EXPECT_EQ(In.ForcedIncludes, std::vector<std::string>{"pre.h"});
  EXPECT_EQ(In.SkippedDirectories, std::vector<std::string>{"/cuda"});
  EXPECT_NE(std::find(In.CommandText.begin(), In.CommandText.end(), "-DN=4"),
            In.CommandText.end());
}

TEST(ToolkitDirectoriesTest, NamesTheIncludeDirectoryOfAToolkit) {
  fs::path Root = fs::temp_directory_path() /
                  ("headroom-toolkit-test-" + std::to_string(::getpid()));
  fs::remove_all(Root);
  ASSERT_TRUE(writeFile((Root / "cuda/bin/nvcc").string(), "#!/bin/sh\n"));
  ASSERT_TRUE(
      writeFile((Root / "cuda/include/cuda_runtime_api.h").string(), "\n"));
  ASSERT_TRUE(writeFile((Root / "other/bin/nvcc").string(), "#!/bin/sh\n"));
  auto NoEnv = [](const char *) -> const char * { return nullptr; };
  std::vector<std::string> Dirs =
      toolkitDirectories((Root / "cuda/bin/nvcc").string(), NoEnv);
  std::string Expected = fs::canonical(Root / "cuda/include").string();
  EXPECT_NE(std::find(Dirs.begin(), Dirs.end(), Expected), Dirs.end());
  // A compiler outside a toolkit (a stand-in script) adds nothing.
  for (const std::string &D :
       toolkitDirectories((Root / "other/bin/nvcc").string(), NoEnv))
    EXPECT_EQ(D.find(Root.string()), std::string::npos) << D;
  // $CUDA_HOME names one too.
  std::string Home = (Root / "cuda").string();
  auto WithHome = [&](const char *Name) -> const char * {
    return std::string(Name) == "CUDA_HOME" ? Home.c_str() : nullptr;
  };
  Dirs = toolkitDirectories("", WithHome);
  EXPECT_NE(std::find(Dirs.begin(), Dirs.end(), Expected), Dirs.end());
  fs::remove_all(Root);
}

} // namespace
} // namespace headroom::nvcc
