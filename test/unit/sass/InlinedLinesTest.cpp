//===- InlinedLinesTest.cpp - nvdisasm -gi line info per SASS offset ------===//
//
// data/inlined-cuda13.gi.txt is REAL nvdisasm -gi output (data/README.md);
// the short listings of the error cases are written by hand.
//
//===----------------------------------------------------------------------===//

#include "sass/InlinedLines.h"
#include "sass/StallBlame.h"

#include "support/Paths.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::sass;
using ::testing::HasSubstr;

namespace {

std::string listing() {
  auto Text = readFile(std::string(HEADROOM_SOURCE_DIR) +
                       "/test/unit/sass/data/inlined-cuda13.gi.txt");
  EXPECT_TRUE(Text);
  return Text ? *Text : std::string();
}

std::vector<CodeFrame> frames(std::initializer_list<unsigned> Lines) {
  std::vector<CodeFrame> Out;
  for (unsigned L : Lines)
    Out.push_back(CodeFrame{"/tmp/t/tiny.cu", L});
  return Out;
}

TEST(InlinedLinesTest, FramesInnermostFirstPerOffset) {
  std::string Text = listing();
  ASSERT_TRUE(hasInlinedLines(Text));
  auto Fs = parseInlinedLines(Text, "inlined.gi.txt");
  ASSERT_TRUE(Fs) << Fs.error().message();
  ASSERT_EQ(Fs->size(), 1u);
  const FunctionFrames &K = Fs->front();
  EXPECT_EQ(K.Name, "_Z1kPfPKf");
  EXPECT_EQ(K.Arch, "sm_90");
  // inner's line 3, inlined in mid at line 7, inlined in the kernel at 16.
  EXPECT_EQ(K.At.at(0x80), frames({3, 7, 16}));
  EXPECT_EQ(K.At.at(0x90), frames({7, 16}));
  EXPECT_EQ(K.At.at(0x0), frames({13}));
  // Frames hold until the next comment, across labels.
  EXPECT_EQ(K.At.at(0x50), frames({16}));
  EXPECT_EQ(K.At.at(0xc0), frames({17}));
  // The __noinline__ callee is in the kernel's section, with its own line.
  EXPECT_EQ(K.At.at(0x110), frames({11}));
}

TEST(InlinedLinesTest, TheCodeOfTheListingGetsItsFrames) {
  std::string Text = listing();
  auto Functions = parseSassListing(Text, "inlined.gi.txt");
  ASSERT_TRUE(Functions) << Functions.error().message();
  ASSERT_EQ(Functions->size(), 1u);
  EXPECT_EQ(Functions->front().Name, "_Z1kPfPKf");
  EXPECT_EQ(Functions->front().Arch, "sm_90");
  // 0x0000..0x03f0, the NOPs after the last branch included.
  EXPECT_EQ(Functions->front().Instructions.size(), 64u);
  EXPECT_EQ(Functions->front().Instructions[0x14].Target, ".L_x_1");
  auto Frames = parseInlinedLines(Text, "inlined.gi.txt");
  ASSERT_TRUE(Frames);
  KernelCodeIndex Index = kernelCodeOf(*Functions, *Frames);
  const FunctionCode *K = Index.find("_Z1kPfPKf");
  ASSERT_NE(K, nullptr);
  EXPECT_EQ(K->Instructions[0x8].Frames, frames({3, 7, 16}));
  // Frames of another architecture are not this code's.
  (*Frames)[0].Arch = "sm_80";
  Index = kernelCodeOf(*Functions, *Frames);
  EXPECT_TRUE(Index.find("_Z1kPfPKf")->Instructions[0x8].Frames.empty());
}

TEST(InlinedLinesTest, BadListingsAreErrorsThatSayWhere) {
  auto Other = parseInlinedLines(R"(	.target	sm_90
	.section	.text._Z1kv,"ax",@progbits
	//## File "k.cu", line 3
        /*0000*/                   EXIT ;
	//## File "k.cu", line three
)",
                                 "bad.txt");
  ASSERT_FALSE(Other);
  EXPECT_THAT(Other.error().message(), HasSubstr("bad.txt:5: expected"));
  auto NoSection = parseInlinedLines("//## File \"k.cu\", line 3\n", "x.txt");
  ASSERT_FALSE(NoSection);
  EXPECT_THAT(NoSection.error().message(),
              HasSubstr("expected the output of 'nvdisasm -gi'"));
  auto Before = parseInlinedLines(R"(        /*0000*/      EXIT ;
	.section	.text._Z1kv,"ax",@progbits
)",
                                  "before.txt");
  ASSERT_FALSE(Before);
  EXPECT_THAT(Before.error().message(), HasSubstr("before.txt:1:"));
  EXPECT_FALSE(parseInlinedLines(std::string(5000, 'x'), "long.txt"));
}

} // namespace
