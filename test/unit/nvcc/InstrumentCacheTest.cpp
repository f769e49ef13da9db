//===- InstrumentCacheTest.cpp - Instrumented sources kept between builds -===//

#include "nvcc/InstrumentCache.h"

#include "support/Paths.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <unistd.h>

namespace headroom::nvcc {
namespace {

namespace fs = std::filesystem;

class InstrumentCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    Root = fs::temp_directory_path() /
           ("headroom-cache-test-" + std::to_string(::getpid()));
    fs::remove_all(Root);
    fs::create_directories(Root / "src");
    Header = (Root / "src" / "config.h").string();
    ASSERT_TRUE(writeFile(Header, "#define N 4\n"));
  }
  void TearDown() override { fs::remove_all(Root); }

  /// An outcome whose parse read Header, with its copy written where the
  /// wrapper writes it.
  std::string storeEntry(const InstrumentCache &C, const std::string &Key) {
    InstrumentOutcome O;
    O.InstrumentedLaunches = 2;
    O.InstrumentedCalls = 3;
    O.Messages = {"app.cu:3:1: warning: left alone"};
    O.Inputs = {Header};
    O.Analysis.Checked = true;
    O.Analysis.Findings = "app.cu:7:22: warning: double [headroom-fp64]\n";
    O.Analysis.Kernels = {{"_Z5saxpyifPKfPf", "saxpy", "app.cu", 28, 17}};
    std::string Copy = C.entryDirectory(Key) + "/app.cu";
    EXPECT_TRUE(writeFile(Copy, "instrumented\n"));
    EXPECT_TRUE(C.store(Key, O, Copy));
    return Copy;
  }

  fs::path Root;
  std::string Header;
};

TEST_F(InstrumentCacheTest, KeysDependOnEveryPartAndTheText) {
  std::string K = InstrumentCache::key({"a", "b"}, "text");
  EXPECT_EQ(K.size(), 16u);
  EXPECT_EQ(K, InstrumentCache::key({"a", "b"}, "text"));
  EXPECT_NE(K, InstrumentCache::key({"a", "b", "-DX"}, "text"));
  EXPECT_NE(K, InstrumentCache::key({"ab"}, "text"));
  EXPECT_NE(K, InstrumentCache::key({"a", "b"}, "text2"));
}

TEST_F(InstrumentCacheTest, AnUnchangedEntryIsFound) {
  InstrumentCache C((Root / "cache").string());
  std::string Key = InstrumentCache::key({"k"}, "t");
  EXPECT_FALSE(C.lookup(Key));
  std::string Copy = storeEntry(C, Key);
  std::optional<CachedInstrumentation> Hit = C.lookup(Key);
  ASSERT_TRUE(Hit);
  EXPECT_EQ(Hit->Copy, Copy);
  EXPECT_EQ(Hit->Outcome.InstrumentedLaunches, 2u);
  EXPECT_EQ(Hit->Outcome.InstrumentedCalls, 3u);
  EXPECT_EQ(Hit->Outcome.Messages.size(), 1u);
  // The source checks' findings and the kernels come back without a parse.
  const SourceAnalysis &A = Hit->Outcome.Analysis;
  EXPECT_TRUE(A.Checked);
  EXPECT_EQ(A.Findings, "app.cu:7:22: warning: double [headroom-fp64]\n");
  ASSERT_EQ(A.Kernels.size(), 1u);
  EXPECT_EQ(A.Kernels[0].MangledName, "_Z5saxpyifPKfPf");
  EXPECT_EQ(A.Kernels[0].File, "app.cu");
  EXPECT_EQ(A.Kernels[0].Line, 28u);
  EXPECT_EQ(A.Kernels[0].Column, 17u);
}

TEST_F(InstrumentCacheTest, AChangedInputInvalidatesTheEntry) {
  InstrumentCache C((Root / "cache").string());
  std::string Key = InstrumentCache::key({"k"}, "t");
  storeEntry(C, Key);
  ASSERT_TRUE(writeFile(Header, "#define N 8\n#define M 1\n"));
  EXPECT_FALSE(C.lookup(Key));
}

TEST_F(InstrumentCacheTest, AMissingCopyOrADamagedManifestIsAMiss) {
  InstrumentCache C((Root / "cache").string());
  std::string Key = InstrumentCache::key({"k"}, "t");
  std::string Copy = storeEntry(C, Key);
  fs::remove(Copy);
  EXPECT_FALSE(C.lookup(Key));
  storeEntry(C, Key);
  ASSERT_TRUE(writeFile(C.entryDirectory(Key) + "/manifest.json", "{\"copy\""));
  EXPECT_FALSE(C.lookup(Key));
}

TEST_F(InstrumentCacheTest, TheEnvironmentChoosesTheDirectory) {
  std::map<std::string, std::string> Env;
  auto Getenv = [&](const char *Name) -> const char * {
    auto It = Env.find(Name);
    return It == Env.end() ? nullptr : It->second.c_str();
  };
  EXPECT_FALSE(InstrumentCache::fromEnvironment(Getenv));
  Env["HOME"] = "/home/u";
  EXPECT_EQ(InstrumentCache::fromEnvironment(Getenv)->root(),
            "/home/u/.cache/headroom/nvcc");
  Env["XDG_CACHE_HOME"] = "/xdg";
  EXPECT_EQ(InstrumentCache::fromEnvironment(Getenv)->root(),
            "/xdg/headroom/nvcc");
  Env["HEADROOM_CACHE_DIR"] = "/c";
  EXPECT_EQ(InstrumentCache::fromEnvironment(Getenv)->root(), "/c");
  Env["HEADROOM_CACHE"] = "0";
  EXPECT_FALSE(InstrumentCache::fromEnvironment(Getenv));
}

} // namespace
} // namespace headroom::nvcc
