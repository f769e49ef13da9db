//===- ChecksTest.cpp - Every check is documented -------------------------===//

#include "report/Checks.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

using namespace headroom;

namespace {

TEST(ChecksTest, NamesAreUniqueAndPrefixed) {
  std::set<std::string_view> Seen;
  for (const CheckInfo &C : checkCatalog()) {
    EXPECT_TRUE(Seen.insert(C.Name).second) << C.Name;
    EXPECT_EQ(C.Name.rfind("headroom-", 0), 0u) << C.Name;
    EXPECT_FALSE(C.Summary.empty());
    EXPECT_FALSE(C.Help.empty());
    EXPECT_EQ(findCheck(C.Name), &C);
  }
}

TEST(ChecksTest, EveryCheckHasASectionInTheDocs) {
  std::ifstream In(std::string(HEADROOM_SOURCE_DIR) + "/docs/diagnostics.md");
  ASSERT_TRUE(In);
  std::stringstream Doc;
  Doc << In.rdbuf();
  for (const CheckInfo &C : checkCatalog())
    EXPECT_NE(Doc.str().find("\n## `" + std::string(C.Name) + "`\n"),
              std::string::npos)
        << C.Name << " has no '## `" << C.Name
        << "`' section in docs/diagnostics.md";
}

} // namespace
