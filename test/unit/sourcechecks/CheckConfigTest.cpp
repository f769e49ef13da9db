//===- CheckConfigTest.cpp - Tests for .headroom files --------------------===//

#include "sourcechecks/CheckConfig.h"

#include "support/Paths.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace headroom;
using namespace headroom::sourcechecks;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Pair;

namespace {

std::string errorOf(const std::string &Text) {
  Expected<CheckConfig> C = parseCheckConfig(Text, "/p/.headroom");
  return C ? "" : C.error().message();
}

TEST(CheckConfigTest, ReadsClangTidysKeys) {
  Expected<CheckConfig> C =
      parseCheckConfig("# comment\n"
                       "Checks: '-*,headroom-launch-config'\n"
                       "HeaderFilterRegex: \"include/.*\"\n"
                       "CheckOptions:\n"
                       "  headroom-divergent-loop.MinExtraIterations: 4\n"
                       "InheritParentConfig: true\n",
                       "/p/.headroom");
  ASSERT_TRUE(bool(C)) << C.error().message();
  EXPECT_EQ(C->Checks, "-*,headroom-launch-config");
  EXPECT_EQ(C->ChecksOrigin, "/p/.headroom:2: Checks");
  EXPECT_EQ(C->HeaderFilter, "include/.*");
  EXPECT_THAT(
      C->Thresholds,
      ElementsAre(Pair("headroom-divergent-loop.MinExtraIterations", 4)));
  EXPECT_TRUE(C->InheritParent);
}

TEST(CheckConfigTest, ReadsTheListFormOfCheckOptionsAndJson) {
  Expected<CheckConfig> C = parseCheckConfig(
      "{\"CheckOptions\": [{\"key\": "
      "\"headroom-shared-bank-conflict.MinConflictWays\", \"value\": 8}]}",
      "/p/.headroom");
  ASSERT_TRUE(bool(C)) << C.error().message();
  EXPECT_FALSE(C->Checks);
  EXPECT_THAT(
      C->Thresholds,
      ElementsAre(Pair("headroom-shared-bank-conflict.MinConflictWays", 8)));
}

TEST(CheckConfigTest, AnEmptyFileSetsNothing) {
  Expected<CheckConfig> C = parseCheckConfig("", "/p/.headroom");
  ASSERT_TRUE(bool(C));
  EXPECT_FALSE(C->Checks);
  EXPECT_TRUE(C->Thresholds.empty());
}

TEST(CheckConfigTest, ErrorsNameTheFileTheLineAndTheKey) {
  EXPECT_EQ(errorOf("Checks: '*'\nWarningsAsErrors: '*'\n"),
            "/p/.headroom:2: unknown key 'WarningsAsErrors' (expected Checks, "
            "HeaderFilterRegex, CheckOptions or InheritParentConfig)");
  EXPECT_THAT(errorOf("Checks: 'headroom-fp64,-*'"),
              HasSubstr("/p/.headroom:1: Checks: 'headroom-fp64' names no "
                        "check"));
  EXPECT_EQ(errorOf("CheckOptions:\n  headroom-narrow-loads.MaxNarrowBytes: 4"),
            "/p/.headroom:2: CheckOptions: "
            "headroom-narrow-loads.MaxNarrowBytes: expected an integer from 1 "
            "to 2, got '4'");
  EXPECT_THAT(errorOf("CheckOptions:\n  narrow.MaxNarrowBytes: 1"),
              HasSubstr("'narrow.MaxNarrowBytes' is not a threshold"));
  EXPECT_EQ(errorOf("HeaderFilterRegex: '[a'"),
            "/p/.headroom:1: HeaderFilterRegex: expected a regular "
            "expression, got '[a' (brackets ([ ]) not balanced)");
  EXPECT_EQ(errorOf("- Checks"),
            "/p/.headroom:1: expected a mapping of Checks, HeaderFilterRegex, "
            "CheckOptions or InheritParentConfig");
  EXPECT_THAT(errorOf("Checks: '*\n"),
              HasSubstr("/p/.headroom:1:11: not valid YAML: Expected quote"));
}

TEST(CheckConfigTest, ExtendingAppendsChecksAndReplacesTheRest) {
  CheckConfig Parent, Child;
  Parent.Checks = "-*,headroom-launch-config";
  Parent.HeaderFilter = "inc";
  Parent.Thresholds["headroom-narrow-loads.MaxNarrowBytes"] = 1;
  Child.Checks = "headroom-fp64-promotion";
  Child.Thresholds["headroom-narrow-loads.MaxNarrowBytes"] = 2;
  CheckConfig Both = Parent.extendedBy(Child);
  EXPECT_EQ(Both.Checks, "-*,headroom-launch-config,headroom-fp64-promotion");
  EXPECT_EQ(Both.HeaderFilter, "inc");
  EXPECT_EQ(Both.Thresholds["headroom-narrow-loads.MaxNarrowBytes"], 2);
}

TEST(CheckConfigTest, TheNearestFileAppliesUnlessItInherits) {
  Expected<std::string> Root = makeTemporaryDirectory("headroom-config-");
  ASSERT_TRUE(bool(Root));
  ASSERT_TRUE(bool(writeFile(*Root + "/.headroom",
                             "Checks: '-*,headroom-launch-config'\n")));
  ASSERT_TRUE(bool(writeFile(*Root + "/own/.headroom",
                             "Checks: 'headroom-fp64-promotion'\n")));
  ASSERT_TRUE(bool(writeFile(*Root + "/inherits/.headroom",
                             "InheritParentConfig: true\n"
                             "Checks: 'headroom-fp64-promotion'\n")));
  CheckConfigFinder Finder;
  Expected<CheckConfig> Deep = Finder.configFor(*Root + "/a/b/k.cu");
  ASSERT_TRUE(bool(Deep));
  EXPECT_EQ(Deep->Checks, "-*,headroom-launch-config");
  Expected<CheckConfig> Own = Finder.configFor(*Root + "/own/k.cu");
  ASSERT_TRUE(bool(Own));
  EXPECT_EQ(Own->Checks, "headroom-fp64-promotion");
  Expected<CheckConfig> Inherits = Finder.configFor(*Root + "/inherits/k.cu");
  ASSERT_TRUE(bool(Inherits));
  EXPECT_EQ(Inherits->Checks,
            "-*,headroom-launch-config,headroom-fp64-promotion");
  EXPECT_EQ(Inherits->Files.size(), 2u);
  removeTree(*Root);
}

} // namespace
