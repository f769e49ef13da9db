//===- ProfileTest.cpp - Reading headroom.profile/1 -----------------------===//

#include "report/Profile.h"
#include "ProfileFixtures.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::test;
using ::testing::HasSubstr;

namespace {

Expected<Profile> readText(const std::string &Name, const std::string &Text) {
  return readProfile(writeTemp(Name, Text));
}

std::string errorOf(const std::string &Name, nlohmann::json J) {
  auto P = readText(Name, J.dump());
  EXPECT_FALSE(P) << "accepted " << Name;
  return P ? std::string() : P.error().message();
}

TEST(ProfileTest, ReadsSitesKernelsAndCounters) {
  auto P = readText("good.json", twoKernelProfile().dump());
  ASSERT_TRUE(P) << P.error().message();
  ASSERT_EQ(P->Sites.size(), 3u);
  EXPECT_EQ(P->Sites[1].Launch.Line, 44u);
  EXPECT_EQ(P->Sites[1].Definition.Column, 17u);
  ASSERT_EQ(P->Kernels.size(), 3u);
  EXPECT_EQ(P->Kernels[0].Site, std::optional<std::size_t>(0));
  EXPECT_EQ(P->Kernels[0].Launches, 30u);
  EXPECT_EQ(P->Kernels[0].CounterLaunches, 1u);
  EXPECT_DOUBLE_EQ(P->Kernels[0].Counters.at("dram__sectors_read.sum"),
                   262144.0);
  EXPECT_TRUE(P->Kernels[2].Counters.empty());
  EXPECT_TRUE(P->hasCounters());
  EXPECT_EQ(P->device(0)->Name, "Test GPU");
}

TEST(ProfileTest, RejectsWrongSchema) {
  auto J = twoKernelProfile();
  J["schema"] = "headroom.device/1";
  EXPECT_THAT(errorOf("schema.json", J),
              HasSubstr("schema: expected \"headroom.profile/1\""));
}

TEST(ProfileTest, NamesTheFileAndFieldOfABadValue) {
  auto J = twoKernelProfile();
  J["kernels"][1]["launches"] = -3;
  std::string E = errorOf("launches.json", J);
  EXPECT_THAT(E, HasSubstr("launches.json: kernels[1].launches: expected a "
                           "non-negative integer, got -3"));
}

TEST(ProfileTest, RejectsAnUnknownSiteId) {
  auto J = twoKernelProfile();
  J["kernels"][0]["site"] = 7;
  EXPECT_THAT(errorOf("site.json", J),
              HasSubstr("kernels[0].site: expected the id of an entry in "
                        "sites, got 7"));
}

TEST(ProfileTest, RejectsABadGrid) {
  auto J = twoKernelProfile();
  J["kernels"][0]["grid"] = {4096, 0, 1};
  EXPECT_THAT(errorOf("grid.json", J),
              HasSubstr("kernels[0].grid[1]: expected a positive integer"));
}

TEST(ProfileTest, RejectsNonNumericCounters) {
  auto J = twoKernelProfile();
  J["kernels"][0]["counters"]["smsp__inst_executed.sum"] = "many";
  EXPECT_THAT(errorOf("counter.json", J),
              HasSubstr("kernels[0].counters.smsp__inst_executed.sum: "
                        "expected a number"));
}

TEST(ProfileTest, ReportsInvalidJsonWithItsPosition) {
  auto P = readText("broken.json", "{\"schema\": \n");
  ASSERT_FALSE(P);
  EXPECT_THAT(P.error().message(), HasSubstr("broken.json: line 2"));
}

TEST(ProfileTest, AcceptsLaunchesOutsideSites) {
  auto J = twoKernelProfile();
  J["kernels"][2]["site"] = nullptr;
  auto P = readText("nosite.json", J.dump());
  ASSERT_TRUE(P) << P.error().message();
  EXPECT_FALSE(P->Kernels[2].Site);
}

} // namespace
