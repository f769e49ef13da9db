//===- ProfileSearchTest.cpp - Tests for the build's profile search -------===//

#include "nvcc/ProfileSearch.h"

#include "gtest/gtest.h"

#include <chrono>
#include <filesystem>
#include <fstream>

using namespace headroom::nvcc;
namespace fs = std::filesystem;

namespace {

class ProfileSearchTest : public ::testing::Test {
protected:
  void SetUp() override {
    Root =
        fs::temp_directory_path() /
        ("headroom-profile-search-" +
         std::string(
             ::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(Root);
    fs::create_directories(Root / "build");
    fs::create_directories(Root / "src");
  }
  void TearDown() override { fs::remove_all(Root); }
  std::string touch(const fs::path &P, int AgeSeconds = 0) {
    std::ofstream(P) << "{}";
    fs::last_write_time(P, fs::file_time_type::clock::now() -
                               std::chrono::seconds(AgeSeconds));
    return P.string();
  }
  fs::path Root;
};

TEST_F(ProfileSearchTest, EnvironmentThenBuildThenSourceDirectory) {
  std::string Build = (Root / "build").string();
  std::string Source = (Root / "src" / "a.cu").string();
  EXPECT_FALSE(findProfile("", Build, Source));
  std::string BesideSource = touch(Root / "src" / "headroom-profile.json");
  EXPECT_EQ(findProfile("", Build, Source), BesideSource);
  // A relative source is taken from the build directory.
  EXPECT_EQ(findProfile("", Build, "../src/a.cu"), BesideSource);
  std::string InBuild = touch(Root / "build" / "headroom-profile.json");
  EXPECT_EQ(findProfile("", Build, Source), InBuild);
  std::string Named = touch(Root / "named.json");
  EXPECT_EQ(findProfile(Named, Build, Source), Named);
  EXPECT_EQ(findProfile("../named.json", Build, Source), Named);
  // A named profile that does not exist falls through.
  EXPECT_EQ(findProfile((Root / "gone.json").string(), Build, Source), InBuild);
}

TEST_F(ProfileSearchTest, TheRuntimesOrderComesBeforeTheBuildDirectory) {
  // The runtime writes to HEADROOM_PROFILE, else HEADROOM_PROFILE_DIR, else
  // where the build told it: the search looks there in that order.
  std::string Build = (Root / "build").string();
  std::string Source = (Root / "src" / "a.cu").string();
  std::string InBuild = touch(Root / "build" / "headroom-profile.json");
  fs::create_directories(Root / "tree");
  ProfileLocations Told{"", "", (Root / "tree" / "p-%p.json").string()};
  EXPECT_EQ(findProfile(Told, Build, Source), InBuild);
  std::string Built = touch(Root / "tree" / "p-42.json");
  EXPECT_EQ(findProfile(Told, Build, Source), Built);
  fs::create_directories(Root / "runs");
  Told.Directory = "../runs";
  EXPECT_EQ(findProfile(Told, Build, Source), Built);
  std::string InDirectory = touch(Root / "runs" / "headroom-profile.json");
  EXPECT_EQ(findProfile(Told, Build, Source), InDirectory);
  Told.Profile = touch(Root / "named.json");
  EXPECT_EQ(findProfile(Told, Build, Source), Told.Profile);
  EXPECT_EQ(
      profileCandidates(Told, Build, Source),
      (std::vector<std::string>{
          Told.Profile, InDirectory, (Root / "tree" / "p-%p.json").string(),
          InBuild, (Root / "src" / "headroom-profile.json").string()}));
  // Without a source (the build's diagnostics step), no source directory.
  EXPECT_EQ(profileCandidates({}, Build, "").size(), 1u);
}

TEST_F(ProfileSearchTest, PercentPMatchesProcessIdsNewestFirst) {
  touch(Root / "run.11.json", 100);
  std::string Newest = touch(Root / "run.2222.json", 10);
  touch(Root / "run.json", 0);
  touch(Root / "run.x1.json", 0);
  touch(Root / "run.33.json.tmp", 0);
  EXPECT_EQ(newestMatch((Root / "run.%p.json").string()), Newest);
  EXPECT_FALSE(newestMatch((Root / "other.%p.json").string()));
  EXPECT_FALSE(newestMatch((Root / "%p" / "x.json").string()));
}

} // namespace
