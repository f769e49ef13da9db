//===- CheckCatalogTest.cpp - Every registered check is shown and told ----===//
///
/// Every check of the one registry (checks/catalog/Checks.def), the
/// report's and the source checks alike, has a lit test that shows its
/// `[headroom-<name>]` as a user sees it, and a section of
/// docs/diagnostics.md; this library's objects are the registry's.

#include "checks/CheckRegistry.h"
#include "checks/catalog/CheckNames.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

using namespace headroom;

namespace {

std::string read(const std::filesystem::path &Path) {
  std::ifstream In(Path);
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

/// Every lit test and lit input of the repository, concatenated.
const std::string &litTests() {
  static const std::string All = [] {
    std::string Out;
    for (const char *Dir : {"test/lit", "test/corpus"})
      for (const auto &E : std::filesystem::recursive_directory_iterator(
               std::string(HEADROOM_SOURCE_DIR) + "/" + Dir))
        if (E.is_regular_file() &&
            (E.path().extension() == ".test" || E.path().extension() == ".cu" ||
             E.path().extension() == ".cpp" || E.path().extension() == ".cuh"))
          Out += read(E.path());
    return Out;
  }();
  return All;
}

TEST(CheckCatalog, NamesAreUniqueAndPrefixed) {
  std::set<std::string_view> Seen;
  for (const CheckEntry &C : AllChecks) {
    EXPECT_TRUE(Seen.insert(C.Name).second) << C.Name;
    EXPECT_EQ(C.Name.rfind("headroom-", 0), 0u) << C.Name;
  }
}

TEST(CheckCatalog, EveryCheckHasALitTestShowingIt) {
  ASSERT_FALSE(litTests().empty());
  for (const CheckEntry &C : AllChecks)
    EXPECT_NE(litTests().find("[" + std::string(C.Name) + "]"),
              std::string::npos)
        << C.Name << ": no lit test under test/lit or test/corpus shows '["
        << C.Name << "]'";
}

TEST(CheckCatalog, EveryCheckHasASectionInTheDocs) {
  std::string Doc =
      read(std::string(HEADROOM_SOURCE_DIR) + "/docs/diagnostics.md");
  ASSERT_FALSE(Doc.empty());
  for (const CheckEntry &C : AllChecks)
    EXPECT_NE(Doc.find("\n## `" + std::string(C.Name) + "`\n"),
              std::string::npos)
        << C.Name << " has no '## `" << C.Name
        << "`' section in docs/diagnostics.md";
}

TEST(CheckCatalog, ThisLibraryDefinesEveryCheckButTheSourceChecks) {
  std::vector<std::string_view> Registered, Defined;
  for (const CheckEntry &C : AllChecks)
    if (C.Kind != "SourceCheck")
      Registered.push_back(C.Name);
  for (const CheckInfo &C : checkCatalog())
    Defined.push_back(C.Name);
  EXPECT_EQ(Registered, Defined);
}

} // namespace
