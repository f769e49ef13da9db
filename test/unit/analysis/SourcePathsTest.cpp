//===- SourcePathsTest.cpp - Recorded paths as reports print them ---------===//

#include "analysis/SourcePaths.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace headroom;

namespace {

/// A fresh directory with the files \p Files (relative paths), empty.
std::string tree(const std::string &Name,
                 std::initializer_list<const char *> Files) {
  auto Dir = std::filesystem::temp_directory_path() /
             ("headroom-sourcepaths-" + std::to_string(::getpid())) / Name;
  std::filesystem::remove_all(Dir);
  for (const char *F : Files) {
    std::filesystem::create_directories((Dir / F).parent_path());
    std::ofstream(Dir / F) << "\n";
  }
  return Dir.string();
}

TEST(SourcePaths, ResolvedAgainstTheRecordedDirectory) {
  EXPECT_EQ(resolvedSourcePath("../src/./k.cu", "/p/build"), "/p/src/k.cu");
  EXPECT_EQ(resolvedSourcePath("/q/k.cu", "/p/build"), "/q/k.cu");
  EXPECT_EQ(resolvedSourcePath("/q/../k.cu", ""), "/k.cu");
  // No directory recorded: relative to a directory the profile does not know.
  EXPECT_EQ(resolvedSourcePath("kernel/./k.cu", ""), "kernel/k.cu");
  EXPECT_EQ(resolvedSourcePath("../k.cu", ""), "../k.cu");
}

TEST(SourcePaths, DisplayedRelativeToTheRootWhenUnderIt) {
  EXPECT_EQ(displayedSourcePath("../src/k.cu", "/p/build", "/p"), "src/k.cu");
  EXPECT_EQ(displayedSourcePath("../src/k.cu", "/p/build", "/p/src"), "k.cu");
  EXPECT_EQ(displayedSourcePath("../src/k.cu", "/p/build", "/elsewhere"),
            "/p/src/k.cu");
  EXPECT_EQ(displayedSourcePath("/p/src/k.cu", "", "/p"), "src/k.cu");
  EXPECT_EQ(displayedSourcePath("src/./k.cu", "", "/p"), "src/k.cu");
}

TEST(SourcePaths, LocalizeRewritesSitesAndScopesOnce) {
  ProfileDocument P;
  P.Sites.push_back(
      {0, {"../src/k.cu", 5, 3}, "k", {"../inc/k.cuh", 2, 17}, "/p/build"});
  P.Sites.push_back({1, {"old/./a.cu", 9, 1}, "a", {"old/a.cu", 1, 17}, ""});
  P.Scopes.push_back({0, {"/p/src/lib.cu", 4, 2}, "cublasSgemm"});
  localizeSourcePaths(P, "/p");
  EXPECT_EQ(P.Sites[0].Launch.File, "src/k.cu");
  EXPECT_EQ(P.Sites[0].Definition.File, "inc/k.cuh");
  // Still resolvable: relative to the root now.
  EXPECT_EQ(P.Sites[0].Directory, "/p");
  EXPECT_EQ(P.Sites[1].Launch.File, "old/a.cu");
  EXPECT_EQ(P.Sites[1].Directory, "");
  EXPECT_EQ(P.Scopes[0].Where.File, "src/lib.cu");
}

TEST(SourcePaths, StallSampleLinesAreLocalizedLikeSites) {
  ProfileDocument P;
  ProfileKernel K;
  StallSamples S;
  S.Pcs.push_back({"_Z1kv", 16, {"../src/k.cu", 7, 0}, "/p/build", {}});
  S.Pcs.push_back({"_Z1kv", 32, {}, "", {}});
  K.Stalls = S;
  P.Kernels.push_back(K);
  localizeSourcePaths(P, "/p");
  const std::vector<StallSamplePc> &Pcs = P.Kernels[0].Stalls->Pcs;
  EXPECT_EQ(Pcs[0].Where.File, "src/k.cu");
  EXPECT_EQ(Pcs[0].Directory, "/p");
  // An unresolved instruction stays without a file.
  EXPECT_EQ(Pcs[1].Where.File, "");
  EXPECT_EQ(Pcs[1].Directory, "");
}

TEST(SourcePaths, AFileRecordedElsewhereIsFoundUnderTheRootByItsTail) {
  std::string Root = tree("elsewhere", {"src/k.cu", "k.cu", "a.cu"});
  // The longest run of trailing components that names a file under it.
  EXPECT_EQ(locateUnder("/tmp/x/proj/src/k.cu", Root), Root + "/src/k.cu");
  EXPECT_EQ(locateUnder("/tmp/x/k.cu", Root), Root + "/k.cu");
  EXPECT_EQ(locateUnder("/a.cu", Root), Root + "/a.cu");
  EXPECT_EQ(locateUnder("/tmp/x/b.cu", Root), "");
  EXPECT_EQ(locateUnder("src/k.cu", Root), "");
  // Printed like every path under the root.
  EXPECT_EQ(displayedSourcePath("/tmp/x/proj/src/k.cu", "", Root), "src/k.cu");
  EXPECT_EQ(displayedSourcePath("../src/k.cu", "/tmp/x/proj/build", Root),
            "src/k.cu");
  EXPECT_EQ(displayedSourcePath("/tmp/x/b.cu", "", Root), "/tmp/x/b.cu");
  // A recorded file that exists is that file, wherever the root is...
  std::string Other = tree("other", {"src/k.cu"});
  std::ofstream(Other + "/src/k.cu") << "another k.cu\n";
  EXPECT_EQ(displayedSourcePath(Other + "/src/k.cu", "", Root),
            Other + "/src/k.cu");
  // ...unless the file under the root holds the same text: another
  // checkout of the tree the profile was recorded in.
  std::string Checkout = tree("checkout", {"src/k.cu"});
  EXPECT_EQ(displayedSourcePath(Checkout + "/src/k.cu", "", Root), "src/k.cu");
}

TEST(SourcePaths, PortableTailDropsLeadingParentsAndAbsolutePaths) {
  EXPECT_EQ(portableTail("../../src/k.cu"), "src/k.cu");
  EXPECT_EQ(portableTail("./src/k.cu"), "src/k.cu");
  EXPECT_EQ(portableTail("/p/src/k.cu"), "");
  EXPECT_EQ(portableTail(".."), "");
}

TEST(SourcePaths, ASourceIsNamedByItsResolvedPathFromAnyDirectory) {
  std::string Root = tree("resolved", {"src/k.cu", "build/x"});
  std::string Build = Root + "/build";
  EXPECT_TRUE(sourceNames("../src/k.cu", Build, "src/k.cu", Root));
  EXPECT_TRUE(sourceNames("../src/k.cu", Build, Root + "/src/k.cu", "/"));
  EXPECT_TRUE(
      sourceNames("../src/k.cu", Build, "../../../src/k.cu", Build + "/a/b"));
  EXPECT_FALSE(sourceNames("../src/k.cu", Build, "k.cu", Root));
}

TEST(SourcePaths, TrailingComponentsOnlyWhenTheRecordedFileIsGone) {
  std::string Root = tree("tails", {"src/k.cu", "copy/src/k.cu"});
  // The recorded file exists: a same-named file elsewhere is another file.
  EXPECT_FALSE(sourceNames("src/k.cu", Root, Root + "/copy/src/k.cu", Root));
  // The tree moved: its trailing components name the source.
  EXPECT_TRUE(
      sourceNames("src/k.cu", "/gone/proj", Root + "/copy/src/k.cu", Root));
  EXPECT_TRUE(
      sourceNames("../src/k.cu", "/gone/proj/build", Root + "/src/k.cu", "/"));
  EXPECT_FALSE(
      sourceNames("../src/k.cu", "/gone/proj/build", Root + "/copy/k.cu", "/"));
  // Old profiles (no directory): as before, resolved from the build's
  // directory, else by trailing components.
  EXPECT_TRUE(sourceNames("src/k.cu", "", "src/k.cu", Root));
  EXPECT_TRUE(sourceNames("../src/k.cu", "", Root + "/copy/src/k.cu", "/"));
  // An absolute path has no portable tail.
  EXPECT_FALSE(sourceNames("/gone/src/k.cu", "", Root + "/src/k.cu", "/"));
}

} // namespace
