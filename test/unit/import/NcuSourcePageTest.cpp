//===- NcuSourcePageTest.cpp - Nsight Compute's source page ---------------===//

#include "import/NcuSourcePage.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::ncu;
using ::testing::HasSubstr;

namespace {

const char *Header = "\"File Path\",\"/tmp/x/k.cu\"\n"
                     "\"Function Name\",\"void scale<float>(float *, int)\"\n"
                     "\"Line No\",\"Source\",\"Address\",\"Source\"\n";

TEST(NcuSourcePage, TheFirstLineThatNamesTheKernel) {
  // A device function above the kernel has code first; the template line
  // does not name it.
  std::string Page = std::string(Header) +
                     "\"10\",\"return x * x;\",\"-\",\"-\"\n"
                     "\"\",\"\",\"0x7f00\",\"      FMUL R0, R1, R1\"\n"
                     "\"13\",\"template <typename T>\",\"-\",\"-\"\n"
                     "\"14\",\"__global__ void scale(T *p, int n) {\",\"-\","
                     "\"-\"\n"
                     "\"15\",\"p[0] = sq(p[0]);\",\"-\",\"-\"\n";
  Expected<KernelSource> S = readSourcePage(Page);
  ASSERT_TRUE(S) << S.error().message();
  EXPECT_EQ(S->File, "/tmp/x/k.cu");
  EXPECT_EQ(S->Function, "void scale<float>(float *, int)");
  EXPECT_EQ(S->FunctionLine, 2u);
  EXPECT_EQ(S->Line, 14u);
  EXPECT_EQ(S->NameColumn, 17u);
}

TEST(NcuSourcePage, WithoutALineThatNamesItTheFirstLine) {
  Expected<KernelSource> S = readSourcePage(
      std::string(Header) + "\"\",\"\",\"0x7f00\",\"      EXIT\"\n"
                            "\"3\",\"SCALE_KERNEL(float)\",\"-\",\"-\"\n");
  ASSERT_TRUE(S) << S.error().message();
  EXPECT_EQ(S->Line, 3u);
  EXPECT_EQ(S->NameColumn, 0u);
}

TEST(NcuSourcePage, WhatIsNotASourcePage) {
  auto ErrorOf = [](const std::string &Text) {
    Expected<KernelSource> S = readSourcePage(Text);
    EXPECT_FALSE(S);
    return S ? std::string() : S.error().message();
  };
  EXPECT_EQ(ErrorOf(""), "line 1: expected the source page's \"File Path\" "
                         "row, got the end of the file");
  EXPECT_THAT(ErrorOf("\"File Path\",\"/k.cu\"\n\"Kernel\",\"k\"\n"),
              HasSubstr("line 2: expected the source page's \"Function "
                        "Name\" row with a value, got \"Kernel\""));
  EXPECT_THAT(ErrorOf(std::string(Header) + "\"x\",\"k\"\n"),
              HasSubstr("line 4: \"Line No\": expected a line number, got "
                        "\"x\""));
  EXPECT_THAT(ErrorOf(std::string(Header) + "\"0\",\"k\"\n"),
              HasSubstr("expected a line number, got \"0\""));
  EXPECT_THAT(ErrorOf(Header),
              HasSubstr("no source line in the page: build the program with "
                        "-lineinfo"));
}

TEST(NcuSourcePage, TheColumnOfAWholeWord) {
  EXPECT_EQ(columnOfIdentifier("__global__ void saxpy(int n)", "saxpy"), 17u);
  EXPECT_EQ(columnOfIdentifier("void saxpy2(); void saxpy()", "saxpy"), 21u);
  EXPECT_EQ(columnOfIdentifier("my_saxpy()", "saxpy"), 0u);
  EXPECT_EQ(columnOfIdentifier("k()", ""), 0u);
}

} // namespace
