//===- NoLintCommentsTest.cpp - Tests for the NOLINT comments -------------===//

#include "sourcechecks/NoLintComments.h"

#include "gtest/gtest.h"

#include <string>

using namespace headroom::sourcechecks;

namespace {

constexpr const char *Launch = "headroom-launch-config";
constexpr const char *Fp64 = "headroom-fp64-promotion";

/// The offset of the start of 0-based line \p Line of \p Text.
std::size_t lineStart(const std::string &Text, unsigned Line) {
  std::size_t Offset = 0;
  for (unsigned I = 0; I < Line; ++I)
    Offset = Text.find('\n', Offset) + 1;
  return Offset;
}

bool silenced(const std::string &Text, unsigned Line, const char *Check) {
  return NoLintComments(Text).silences(lineStart(Text, Line) + 1, Check);
}

TEST(NoLintCommentsTest, NoLintSilencesItsOwnLine) {
  std::string Text = "a;\nb; // NOLINT\nc;\n";
  EXPECT_FALSE(silenced(Text, 0, Launch));
  EXPECT_TRUE(silenced(Text, 1, Launch));
  EXPECT_TRUE(silenced(Text, 1, Fp64));
  EXPECT_FALSE(silenced(Text, 2, Launch));
}

TEST(NoLintCommentsTest, NextLineSilencesTheLineAfter) {
  std::string Text = "// NOLINTNEXTLINE(headroom-launch-config)\nb;\nc;\n";
  EXPECT_FALSE(silenced(Text, 0, Launch));
  EXPECT_TRUE(silenced(Text, 1, Launch));
  EXPECT_FALSE(silenced(Text, 1, Fp64));
  EXPECT_FALSE(silenced(Text, 2, Launch));
}

TEST(NoLintCommentsTest, ListsHoldNamesAndGlobs) {
  EXPECT_TRUE(NoLintComments::listNames(std::nullopt, Launch));
  EXPECT_TRUE(NoLintComments::listNames("headroom-*", Launch));
  EXPECT_TRUE(NoLintComments::listNames("*-config", Launch));
  EXPECT_TRUE(NoLintComments::listNames("a, headroom-launch-config ", Launch));
  EXPECT_TRUE(NoLintComments::listNames("*", Launch));
  EXPECT_FALSE(NoLintComments::listNames("", Launch));
  EXPECT_FALSE(NoLintComments::listNames("headroom-launch", Launch));
  EXPECT_FALSE(NoLintComments::listNames("-headroom-launch-config", Launch));
  EXPECT_FALSE(NoLintComments::listNames("clang-*", Launch));
}

TEST(NoLintCommentsTest, AnUnclosedListNamesEveryCheck) {
  // As clang-tidy reads it: no ')' before the end of the line.
  EXPECT_TRUE(silenced("a; // NOLINT(headroom-fp64\n", 0, Launch));
}

TEST(NoLintCommentsTest, OtherWordsAreNotComments) {
  EXPECT_FALSE(silenced("a; // NOLINTLATER\n", 0, Launch));
  EXPECT_FALSE(silenced("a; // nolint\n", 0, Launch));
}

TEST(NoLintCommentsTest, BlocksSilenceTheLinesBetweenAndNest) {
  std::string Text = "// NOLINTBEGIN(headroom-launch-config)\n" // 0
                     "a;\n"                                     // 1
                     "// NOLINTBEGIN\n"                         // 2
                     "b;\n"                                     // 3
                     "// NOLINTEND\n"                           // 4
                     "c;\n"                                     // 5
                     "// NOLINTEND(headroom-launch-config)\n"   // 6
                     "d;\n";                                    // 7
  NoLintComments Comments(Text);
  EXPECT_TRUE(Comments.unmatched().empty());
  EXPECT_TRUE(silenced(Text, 1, Launch));
  EXPECT_FALSE(silenced(Text, 1, Fp64));
  EXPECT_TRUE(silenced(Text, 3, Fp64));
  EXPECT_TRUE(silenced(Text, 5, Launch));
  EXPECT_FALSE(silenced(Text, 5, Fp64));
  EXPECT_FALSE(silenced(Text, 7, Launch));
}

TEST(NoLintCommentsTest, UnmatchedBlocksSilenceNothingAndAreListed) {
  std::string Text = "// NOLINTEND\n"                           // 0
                     "// NOLINTBEGIN(headroom-launch-config)\n" // 1
                     "a;\n"                                     // 2
                     "// NOLINTEND(headroom-*)\n"               // 3
                     "b;\n";
  NoLintComments Comments(Text);
  ASSERT_EQ(Comments.unmatched().size(), 3u);
  EXPECT_EQ(Comments.unmatched()[0].Type, NoLintComments::Kind::End);
  EXPECT_EQ(Comments.unmatched()[0].Line, 0u);
  EXPECT_EQ(Comments.unmatched()[1].Type, NoLintComments::Kind::Begin);
  EXPECT_EQ(Comments.unmatched()[1].Line, 1u);
  EXPECT_EQ(Comments.unmatched()[2].Type, NoLintComments::Kind::End);
  EXPECT_EQ(Comments.unmatched()[2].Line, 3u);
  EXPECT_FALSE(silenced(Text, 2, Launch));
  EXPECT_FALSE(silenced(Text, 4, Launch));
}

} // namespace
