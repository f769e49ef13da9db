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
  EXPECT_EQ(R.Mismatches[0].Of, SiteMismatch::Recorded::Definition);
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

/// Lines 30-34 of app.cu: five library calls, as the scopes of
/// libraryCallProfile() record them; with \p Inserted, a call inserted at
/// line 30 has moved them one line down.
std::string libraryTree(const std::string &Name, bool Inserted) {
  std::vector<std::string> Calls = {
      "  CHECK(cublasSgemm(h, n));", "  thrust::device_vector<int> a(n), b(n),",
      "      c(n);", "  thrust::sort(v.begin(), v.end());",
      "  CHECK(cufftDestroy(p));"};
  if (Inserted)
    Calls.insert(Calls.begin(), "  CHECK(cublasCreate(&h));");
  std::string Dir = sourceTree(Name);
  std::ifstream In(std::filesystem::path(Dir) / "app.cu");
  std::vector<std::string> Lines;
  for (std::string Line; std::getline(In, Line);)
    Lines.push_back(Line);
  In.close();
  std::ofstream Out(std::filesystem::path(Dir) / "app.cu");
  for (unsigned Line = 1; Line <= Lines.size(); ++Line)
    Out << (Line >= 30 && Line - 30 < Calls.size() ? Calls[Line - 30]
                                                   : Lines[Line - 1])
        << "\n";
  return Dir;
}

/// twoKernelProfile() with the scopes of the instrumenter's library calls
/// at lines 30-34 (they record their directory), and one a user wrote by
/// hand, whose name need not be in the source.
nlohmann::json libraryCallProfile() {
  nlohmann::json P = twoKernelProfile();
  auto Scope = [](unsigned Id, unsigned Line, unsigned Column,
                  const char *Name) {
    return nlohmann::json{{"id", Id},     {"file", "app.cu"},
                          {"line", Line}, {"column", Column},
                          {"name", Name}, {"directory", "/src"}};
  };
  P["scopes"] = {Scope(0, 30, 9, "cublasSgemm"),
                 Scope(1, 31, 30, "thrust::device_vector"),
                 Scope(2, 32, 7, "thrust::device_vector"),
                 Scope(3, 33, 3, "thrust::sort"),
                 Scope(4, 34, 9, "cufftDestroy"),
                 {{"id", 5},
                  {"file", "app.cu"},
                  {"line", 1},
                  {"column", 1},
                  {"name", "solver phase"}}};
  return P;
}

TEST(SourceCheckTest, LibraryCallsMatchTheirLines) {
  auto P = readProfileFile(writeTemp("src.json", libraryCallProfile().dump()));
  ASSERT_TRUE(P);
  SourceCheckResult R = checkSites(*P, libraryTree("calls", false));
  // 5 sites and definitions, 5 calls; the hand-written scope is not judged.
  EXPECT_EQ(R.Checked, 10u);
  EXPECT_TRUE(R.Mismatches.empty());
}

TEST(SourceCheckTest, MovedLibraryCallsAreReported) {
  auto P = readProfileFile(writeTemp("src.json", libraryCallProfile().dump()));
  ASSERT_TRUE(P);
  SourceCheckResult R = checkSites(*P, libraryTree("moved-calls", true));
  std::vector<unsigned> Lines;
  for (const SiteMismatch &M : R.Mismatches) {
    EXPECT_EQ(M.Of, SiteMismatch::Recorded::LibraryCall);
    Lines.push_back(M.Where.Line);
  }
  // Line 32 now holds the declaration of a and b, which names the class
  // the scope recorded there: that move is not seen.
  EXPECT_THAT(Lines, ::testing::ElementsAre(30u, 31u, 33u, 34u));
  ASSERT_FALSE(R.Mismatches.empty());
  EXPECT_EQ(R.Mismatches[0].Identifier, "cublasSgemm");
}

TEST(SourceCheckTest, ADeclarationsScopeNeedNotNameItsClass) {
  std::string Declaration = "  thrust::device_vector<int> a(n), b(n),";
  EXPECT_TRUE(mayBeDeclarator("", Declaration, 30));
  EXPECT_TRUE(mayBeDeclarator("", Declaration, 36));
  EXPECT_TRUE(mayBeDeclarator(Declaration, "      c(n);", 7));
  EXPECT_TRUE(mayBeDeclarator("", "  Solver() : v(n, 0.0f) {}", 14));
  EXPECT_TRUE(mayBeDeclarator("", "  thrust::device_vector<int> e = d;", 30));
  // Calls, not declarators.
  EXPECT_FALSE(mayBeDeclarator("  x = 1;", "  CHECK(cufftDestroy(p));", 9));
  EXPECT_FALSE(mayBeDeclarator("  x = 1;", "  cufftDestroy(p);", 3));
  EXPECT_FALSE(mayBeDeclarator("", "  thrust::sort(v.begin());", 3));
  // Not a name, or past the line's end.
  EXPECT_FALSE(mayBeDeclarator("", "  }", 3));
  EXPECT_FALSE(mayBeDeclarator("", "  a(n);", 40));
}

TEST(SourceCheckTest, AMovedLibraryCallIsAWarningNamingTheFunction) {
  auto A = analyzeJson(libraryCallProfile(), testEntry(),
                       {.SourceRoot = libraryTree("moved-calls2", true)});
  ASSERT_FALSE(A->Diagnostics.empty());
  const Diagnostic &D = A->Diagnostics[0];
  EXPECT_EQ(D.Check, checks::SitesChanged);
  EXPECT_EQ(D.Location->Line, 30u);
  EXPECT_EQ(D.Message,
            "the library call 'cublasSgemm' no longer matches the profile");
  EXPECT_TRUE(D.Kernel.empty());
  ASSERT_EQ(D.Notes.size(), 2u);
  EXPECT_EQ(D.Notes[0].Message, "line 30 no longer mentions 'cublasSgemm'");
}

} // namespace
