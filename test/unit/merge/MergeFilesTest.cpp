//===- MergeFilesTest.cpp - headroom merge on its arguments ---------------===//

#include "merge/MergeFiles.h"

#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::merge;

namespace {

TEST(MergeFilesTest, MergesTheProfilesItsArgumentsName) {
  std::string Dir = HEADROOM_RECORDED_PROFILES;
  std::vector<std::string> Warnings;
  Expected<MergedProfiles> M = mergeProfiles(
      {Dir + "/h100-launches-profile.json", Dir + "/h100-graph-profile.json"},
      {}, [&](const std::string &W) { Warnings.push_back(W); });
  ASSERT_TRUE(M) << M.error().message();
  EXPECT_EQ(M->Files, 2u);
  EXPECT_EQ(M->Merged.Sources.size(), 2u);
  EXPECT_TRUE(Warnings.empty());
}

TEST(MergeFilesTest, NoProfileIsAnError) {
  Expected<MergedProfiles> M =
      mergeProfiles({}, {}, [](const std::string &) {});
  ASSERT_FALSE(M);
  EXPECT_EQ(M.error().message(), "no profile given (run "
                                 "'headroom merge --help')");
}

TEST(MergeFilesTest, AnUnreadableProfileIsNamed) {
  Expected<MergedProfiles> M = mergeProfiles(
      {std::string(HEADROOM_RECORDED_PROFILES) + "/no-such-profile.json"}, {},
      [](const std::string &) {});
  ASSERT_FALSE(M);
  EXPECT_NE(M.error().message().find("no-such-profile.json"), std::string::npos)
      << M.error().message();
}

} // namespace
