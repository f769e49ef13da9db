//===- InstrumentCommandTest.cpp - headroom instrument, step by step ------===//

#include "ast/InstrumentCommand.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include <filesystem>

using namespace headroom;
using namespace headroom::ast;
using ::testing::HasSubstr;

namespace {

/// instrument's options parsed from \p Args, which must be valid.
InstrumentOptions options(const std::vector<std::string> &Args) {
  Expected<ParsedArgs> P = instrumentCommandLine().parse(Args);
  EXPECT_TRUE(P) << P.error().message();
  return instrumentOptions(P ? *P : ParsedArgs());
}

TEST(InstrumentCommandTest, OptionsNameTheFileAndItsFlags) {
  InstrumentOptions O = options({"app.cu", "-o", "out.cu", "--list-sites",
                                 "--cuda-path", "/opt/cuda", "--", "-DN=4"});
  EXPECT_EQ(O.File, "app.cu");
  EXPECT_EQ(O.Flags, std::vector<std::string>{"-DN=4"});
  EXPECT_EQ(O.Output, "out.cu");
  EXPECT_EQ(O.CudaPath, "/opt/cuda");
  EXPECT_TRUE(O.ListSites);
  EXPECT_FALSE(O.BuildDir);
  EXPECT_FALSE(O.HeaderFilter);
}

TEST(InstrumentCommandTest, HeaderCopiesGoBesideTheOutput) {
  Expected<InstrumentRequest> R = instrumentRequest(
      options({"app.cu", "-o", "out/app.cu", "--header-filter", "proj/"}));
  ASSERT_TRUE(R) << R.error().message();
  EXPECT_EQ(R->HeaderFilter, "proj/");
  EXPECT_EQ(R->HeaderDirectory,
            (std::filesystem::current_path() / "out/app.cu.headers").string());
  EXPECT_EQ(R->CommandLine.back(), "app.cu");
}

TEST(InstrumentCommandTest, AFilterWithoutAnOutputHasNoHeaderDirectory) {
  Expected<InstrumentRequest> R =
      instrumentRequest(options({"app.cu", "--header-filter", "proj/"}));
  ASSERT_TRUE(R) << R.error().message();
  EXPECT_EQ(R->HeaderFilter, "proj/");
  EXPECT_EQ(R->HeaderDirectory, "");
}

TEST(InstrumentCommandTest, ClangErrorsBecomeHeadroomErrors) {
  Expected<InstrumentRequest> R =
      instrumentRequest(options({"app.cu", "-p", "/nonexistent/build-dir"}));
  ASSERT_FALSE(R);
  EXPECT_THAT(R.error().message(), HasSubstr("/nonexistent/build-dir"));
  Expected<InstrumentRequest> Nvcc = instrumentRequest(
      options({"app.cu", "--", "nvcc", "--options-file", "/nonexistent/opts"}));
  ASSERT_FALSE(Nvcc);
  EXPECT_THAT(Nvcc.error().message(), HasSubstr("/nonexistent/opts"));
}

} // namespace
