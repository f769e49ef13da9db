//===- DependencyFileTest.cpp - Tests for the .d rewrite ------------------===//

#include "nvcc/DependencyFile.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace headroom::nvcc;

namespace {

TEST(DependencyFileTest, TheCopyBecomesTheOriginalOnce) {
  std::string In = "app.o : /tmp/hr-x/0/app.cu \\\n"
                   "    /usr/include/stdio.h \\\n"
                   "    /work/runtime/include/headroom/runtime.h \\\n"
                   "    ../src/app.cu \\\n"
                   "    ../src/my\\ header.h\n";
  std::string Out = rewriteDependencies(
      In, {{"/tmp/hr-x/0/app.cu", "../src/app.cu"}}, "/tmp/hr-x");
  EXPECT_EQ(Out, "app.o : ../src/app.cu \\\n"
                 "    /usr/include/stdio.h \\\n"
                 "    /work/runtime/include/headroom/runtime.h \\\n"
                 "    ../src/my\\ header.h\n");
}

// A colon inside a path, before an escaped '#' or space, is no separator
// (found by fuzz_dependency_file: the rewrite of the rewrite split the
// target "a:#1.o"); one before a line continuation is.
TEST(DependencyFileTest, AColonBeforeAnEscapeIsPartOfThePath) {
  std::string Once =
      rewriteDependencies("a:\\#1.o: x.cu\nb.o:\\\n y.cu\n", {}, "");
  EXPECT_EQ(Once, "a:\\#1.o : x.cu\nb.o : y.cu\n");
  EXPECT_EQ(rewriteDependencies(Once, {}, ""), Once);
}

TEST(DependencyFileTest, HeaderCopiesAndLeftoversInTheTemporaryDirectory) {
  std::string In = "a.o: /tmp/hr-y/0/a.cu /tmp/hr-y/0/headers/p/k.cuh "
                   "/tmp/hr-y/0/stray.h /p/k.cuh\n";
  std::string Out =
      rewriteDependencies(In,
                          {{"/tmp/hr-y/0/a.cu", "a.cu"},
                           {"/tmp/hr-y/0/headers/p/k.cuh", "/p/k.cuh"}},
                          "/tmp/hr-y");
  EXPECT_EQ(Out, "a.o : a.cu \\\n    /p/k.cuh\n");
}

TEST(DependencyFileTest, PhonyTargetsOfDashMP) {
  std::string In = "a.o: /tmp/t/0/a.cu b.h\n\n/tmp/t/0/a.cu:\n\nb.h:\n";
  std::string Out =
      rewriteDependencies(In, {{"/tmp/t/0/a.cu", "src/a$b #1.cu"}}, "/tmp/t");
  EXPECT_EQ(Out, "a.o : src/a$$b\\ \\#1.cu \\\n    b.h\n"
                 "src/a$$b\\ \\#1.cu :\n\n"
                 "b.h :\n\n");
}

TEST(DependencyFileTest, FilesThatDoNotMentionTheCopyAreLeftAlone) {
  std::filesystem::path Dir =
      std::filesystem::temp_directory_path() / "headroom-depfile-test";
  std::filesystem::create_directories(Dir);
  std::string Untouched = "x.o: x.cu\n";
  std::ofstream(Dir / "x.d") << Untouched;
  auto Changed = rewriteDependencyFile((Dir / "x.d").string(),
                                       {{"/tmp/t/0/x.cu", "x.cu"}}, "/tmp/t");
  ASSERT_TRUE(static_cast<bool>(Changed));
  EXPECT_FALSE(*Changed);
  std::ofstream(Dir / "y.d") << "y.o: /tmp/t/0/y.cu\n";
  Changed = rewriteDependencyFile((Dir / "y.d").string(),
                                  {{"/tmp/t/0/y.cu", "y.cu"}}, "/tmp/t");
  ASSERT_TRUE(static_cast<bool>(Changed));
  EXPECT_TRUE(*Changed);
  std::stringstream Text;
  Text << std::ifstream(Dir / "y.d").rdbuf();
  EXPECT_EQ(Text.str(), "y.o : y.cu\n");
  EXPECT_FALSE(static_cast<bool>(
      rewriteDependencyFile((Dir / "none.d").string(), {}, "/tmp/t")));
  std::filesystem::remove_all(Dir);
}

} // namespace
