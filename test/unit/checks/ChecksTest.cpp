//===- ChecksTest.cpp - Every check is documented -------------------------===//

#include "checks/CheckRegistry.h"

#include <gtest/gtest.h>

#include <algorithm>
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

/// The section of docs/diagnostics.md about check \p Name.
std::string docSection(const std::string &Doc, std::string_view Name) {
  std::size_t Start = Doc.find("\n## `" + std::string(Name) + "`\n");
  if (Start == std::string::npos)
    return "";
  std::size_t End = Doc.find("\n## ", Start + 1);
  return Doc.substr(Start, End == std::string::npos ? End : End - Start);
}

TEST(ChecksTest, TheDocsStateEachThresholdTheCodeApplies) {
  // The numbers in a check's prose are the constants it compares against:
  // a threshold changed in the code must be changed in the docs.
  std::ifstream In(std::string(HEADROOM_SOURCE_DIR) + "/docs/diagnostics.md");
  ASSERT_TRUE(In);
  std::stringstream Doc;
  Doc << In.rdbuf();
  std::size_t Thresholds = 0;
  for (const CheckInfo &C : checkCatalog())
    for (const Threshold &T : C.Thresholds) {
      ++Thresholds;
      std::string Section = docSection(Doc.str(), C.Name);
      EXPECT_NE(Section.find(T.text()), std::string::npos)
          << C.Name << ": docs/diagnostics.md does not say " << T.Name << " = "
          << T.text();
    }
  EXPECT_GE(Thresholds, 6u) << "every qualifying check's threshold is known";
}

TEST(ChecksTest, QualifyingChecksTagKernelsWithoutBuildingMessages) {
  // The qualifying checks are listed in the order of the catalog.
  std::vector<std::string_view> Catalog;
  for (const CheckInfo &C : checkCatalog())
    Catalog.push_back(C.Name);
  std::size_t Last = 0;
  for (const QualifyingCheck *C : qualifyingCheckList()) {
    auto At = std::find(Catalog.begin(), Catalog.end(), C->name());
    ASSERT_NE(At, Catalog.end()) << C->name();
    EXPECT_GE(std::size_t(At - Catalog.begin()), Last) << C->name();
    Last = std::size_t(At - Catalog.begin());
  }
  EXPECT_EQ(qualifyingCheckList().size(), 8u);
}

} // namespace
