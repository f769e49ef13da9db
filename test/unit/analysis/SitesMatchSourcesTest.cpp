//===- SourceCheckTest.cpp - Sites against the sources --------------------===//

#include "analysis/SitesMatchSources.h"
#include "ProfileFixtures.h"
#include "checks/CheckRegistry.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::test;
using ::testing::HasSubstr;

namespace {

/// A directory holding app.cu as the fixture profile describes it: `stream`
/// defined at line 10, launched at 40 and 44; `other` at 20 and 50.
std::string sourceTree(const std::string &Name, bool Moved = false) {
  auto Dir = std::filesystem::temp_directory_path() /
             ("headroom-report-tests-" + std::to_string(::getpid())) / Name;
  std::filesystem::create_directories(Dir);
  std::ofstream Out(Dir / "app.cu");
  for (unsigned Line = 1; Line <= 60; ++Line) {
    unsigned Shift = Moved ? 1 : 0;
    if (Line == 10 + Shift)
      Out << "__global__ void stream(float *p) {}\n";
    else if (Line == 20)
      Out << "__global__ void other() {}\n";
    else if (Line == 40 || Line == 44)
      Out << "  stream<<<4096, 256>>>(p);\n";
    else if (Line == 50)
      Out << "  other<<<1, 1>>>();\n";
    else
      Out << "// line " << Line << "\n";
  }
  return Dir.string();
}

TEST(SourceCheckTest, KernelIdentifierDropsScopesAndTemplateArguments) {
  EXPECT_EQ(kernelIdentifier("saxpy"), "saxpy");
  EXPECT_EQ(kernelIdentifier("ns::gemm<float, 4>"), "gemm");
  EXPECT_EQ(kernelIdentifier("saxpy(int, float)"), "saxpy");
}

TEST(SourceCheckTest, MatchingSourcesHaveNoMismatch) {
  auto P = readProfileFile(writeTemp("src.json", twoKernelProfile().dump()));
  ASSERT_TRUE(P);
  SourceCheckResult R = checkSites(*P, sourceTree("same"));
  EXPECT_TRUE(R.SourcesFound);
  EXPECT_EQ(R.Checked, 5u); // 2 definitions + 3 launch sites.
  EXPECT_TRUE(R.Mismatches.empty());
}

TEST(SourceCheckTest, AMovedDefinitionIsReported) {
  auto P = readProfileFile(writeTemp("src.json", twoKernelProfile().dump()));
  ASSERT_TRUE(P);
  SourceCheckResult R = checkSites(*P, sourceTree("moved", /*Moved=*/true));
  ASSERT_EQ(R.Mismatches.size(), 1u);
  EXPECT_TRUE(R.Mismatches[0].IsDefinition);
  EXPECT_EQ(R.Mismatches[0].What, SiteMismatch::Problem::NameMissing);
  EXPECT_EQ(R.Mismatches[0].Where.Line, 10u);
  EXPECT_EQ(R.Mismatches[0].Identifier, "stream");
}

TEST(SourceCheckTest, LinesPastTheEndAndMissingFiles) {
  auto J = twoKernelProfile();
  J["sites"][1]["line"] = 400;
  J["sites"][2]["file"] = "gone.cu";
  auto P = readProfileFile(writeTemp("src.json", J.dump()));
  ASSERT_TRUE(P);
  SourceCheckResult R = checkSites(*P, sourceTree("same"));
  ASSERT_EQ(R.Mismatches.size(), 2u);
  EXPECT_EQ(R.Mismatches[0].What, SiteMismatch::Problem::PastTheEnd);
  EXPECT_EQ(R.Mismatches[0].FileLines, 60u);
  EXPECT_EQ(R.Mismatches[1].What, SiteMismatch::Problem::Gone);
}

TEST(SourceCheckTest, NothingIsJudgedAwayFromTheSources) {
  auto P = readProfileFile(writeTemp("src.json", twoKernelProfile().dump()));
  ASSERT_TRUE(P);
  SourceCheckResult R = checkSites(*P, "/nonexistent-headroom-dir");
  EXPECT_FALSE(R.SourcesFound);
  EXPECT_EQ(R.Checked, 0u);
}

TEST(SourceCheckTest, MismatchesBecomeWarnings) {
  auto A = analyzeJson(twoKernelProfile(), testEntry(),
                       {.SourceRoot = sourceTree("moved2", true)});
  ASSERT_FALSE(A->Diagnostics.empty());
  const Diagnostic &D = A->Diagnostics[0];
  EXPECT_EQ(D.Check, checks::SitesChanged);
  EXPECT_EQ(D.Location->Line, 10u);
  EXPECT_EQ(D.Message,
            "the definition of kernel 'stream' no longer matches the profile");
  ASSERT_EQ(D.Notes.size(), 2u);
  EXPECT_EQ(D.Notes[0].Message, "line 10 no longer mentions 'stream'");
}

} // namespace
