//===- RuntimeLocationTest.cpp - Tests for finding libheadroom_rt ---------===//

#include "nvcc/RuntimeLocation.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include <filesystem>
#include <fstream>

using namespace headroom::nvcc;
using ::testing::HasSubstr;
namespace fs = std::filesystem;

namespace {

void touch(const fs::path &P) {
  fs::create_directories(P.parent_path());
  std::ofstream(P) << "";
}

TEST(RuntimeLocationTest, InstalledAndBuildTreeLayouts) {
  fs::path Root = fs::temp_directory_path() / "headroom-runtime-location";
  fs::remove_all(Root);
  fs::create_directories(Root / "prefix" / "bin");
  fs::create_directories(Root / "build" / "tool");
  std::string Source = (Root / "src" / "runtime" / "include").string();

  auto None = findRuntime((Root / "prefix" / "bin").string(), Source);
  ASSERT_FALSE(static_cast<bool>(None));
  EXPECT_THAT(None.error().message(), HasSubstr("not next to this headroom"));

  touch(Root / "prefix" / "lib64" / "libheadroom_rt.so");
  touch(Root / "prefix" / "include" / "headroom" / "runtime.h");
  auto Installed = findRuntime((Root / "prefix" / "bin").string(), Source);
  ASSERT_TRUE(static_cast<bool>(Installed));
  EXPECT_EQ(Installed->LibraryDirectory, (Root / "prefix" / "lib64").string());
  EXPECT_EQ(Installed->IncludeDirectory,
            (Root / "prefix" / "include").string());

  // The build tree: the library beside tool/, the header in the sources.
  touch(Root / "build" / "runtime" / "libheadroom_rt.so");
  EXPECT_FALSE(static_cast<bool>(
      findRuntime((Root / "build" / "tool").string(), Source)));
  touch(Root / "src" / "runtime" / "include" / "headroom" / "runtime.h");
  auto Build = findRuntime((Root / "build" / "tool").string(), Source);
  ASSERT_TRUE(static_cast<bool>(Build));
  EXPECT_EQ(Build->LibraryDirectory, (Root / "build" / "runtime").string());
  EXPECT_EQ(Build->IncludeDirectory, Source);
  fs::remove_all(Root);
}

} // namespace
