//===- ProfileSourceTest.cpp - Where the editor finds its profile ---------===//

#include "lsp/ProfileSource.h"

#include "gtest/gtest.h"

#include <filesystem>
#include <fstream>

using namespace headroom::lsp;
namespace fs = std::filesystem;

namespace {

class ProfileSourceTest : public ::testing::Test {
protected:
  void SetUp() override {
    Root =
        fs::temp_directory_path() /
        ("headroom-lsp-profile-source-" +
         std::string(
             ::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(Root);
    fs::create_directories(Root / "build");
  }
  void TearDown() override { fs::remove_all(Root); }
  std::string touch(const fs::path &P) {
    std::ofstream(P) << "{}";
    return P.string();
  }
  fs::path Root;
};

TEST_F(ProfileSourceTest, ACMakeBuildTreeUnderBuildIsWhereItsProgramsWrite) {
  // headroom_instrument()'s programs write build/headroom-profile.json
  // from wherever they run; the editor looks there before the root.
  std::string InRoot = touch(Root / "headroom-profile.json");
  std::string InBuild = touch(Root / "build" / "headroom-profile.json");
  ProfileOptions O;
  EXPECT_EQ(locateProfiles(O, Root.string(), {}),
            std::vector<std::string>{InRoot})
      << "not a CMake build tree";
  touch(Root / "build" / "CMakeCache.txt");
  EXPECT_EQ(locateProfiles(O, Root.string(), {}),
            std::vector<std::string>{InBuild});
  EXPECT_EQ(profileCandidates(O, Root.string(), {}),
            (std::vector<std::string>{InBuild, InRoot}));
  O.EnvProfile = touch(Root / "named.json");
  EXPECT_EQ(locateProfiles(O, Root.string(), {}),
            std::vector<std::string>{O.EnvProfile});
}

TEST_F(ProfileSourceTest, HeadroomProfileDirComesAfterHeadroomProfile) {
  // The runtime's order: $HEADROOM_PROFILE, then $HEADROOM_PROFILE_DIR,
  // then the build's profile.
  fs::create_directories(Root / "runs");
  touch(Root / "build" / "CMakeCache.txt");
  touch(Root / "build" / "headroom-profile.json");
  std::string InDir = touch(Root / "runs" / "headroom-profile.json");
  ProfileOptions O;
  O.EnvProfileDirectory = (Root / "runs").string();
  EXPECT_EQ(locateProfiles(O, Root.string(), {}),
            std::vector<std::string>{InDir});
  O.EnvProfile = touch(Root / "named.json");
  EXPECT_EQ(locateProfiles(O, Root.string(), {}),
            std::vector<std::string>{O.EnvProfile});
}

} // namespace
