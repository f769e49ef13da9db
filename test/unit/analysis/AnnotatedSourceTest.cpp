//===- AnnotatedSourceTest.cpp - A kernel's sampled lines in its source ---===//

#include "analysis/AnnotatedSource.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

using namespace headroom;

namespace {

/// The rows as "L" for a line, "L+N" for a gap of N lines from L.
std::string rowsText(const std::vector<SourceRow> &Rows) {
  std::string Out;
  for (const SourceRow &R : Rows)
    Out += (Out.empty() ? "" : " ") + std::to_string(R.Line) +
           (R.gap() ? "+" + std::to_string(R.Elided) : "");
  return Out;
}

TEST(SourceWindow, ContextAroundTheSampledLinesAndGapsBetween) {
  // Lines 10 and 30 of 100: three lines each side, 14-26 elided.
  EXPECT_EQ(rowsText(sourceWindow({10, 30}, 0, 100)),
            "7 8 9 10 11 12 13 14+13 27 28 29 30 31 32 33");
  // A run shorter than MinElidedLines is shown: 14-16 between 10 and 20.
  EXPECT_EQ(rowsText(sourceWindow({10, 20}, 0, 100)),
            "7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23");
  // The first run long enough is elided: 14-17 between 10 and 21.
  EXPECT_EQ(rowsText(sourceWindow({10, 21}, 0, 100)),
            "7 8 9 10 11 12 13 14+4 18 19 20 21 22 23 24");
  // The file's ends bound the context.
  EXPECT_EQ(rowsText(sourceWindow({1, 5}, 0, 5)), "1 2 3 4 5");
  // The anchor (a definition) opens the window, with the lines after it.
  EXPECT_EQ(rowsText(sourceWindow({9}, 2, 10)), "2 3 4 5 6 7 8 9 10");
  EXPECT_EQ(rowsText(sourceWindow({40}, 2, 50)),
            "2 3 4 5 6+31 37 38 39 40 41 42 43");
  // Right above the body, it cuts the context there.
  EXPECT_EQ(rowsText(sourceWindow({6, 7}, 5, 20)), "5 6 7 8 9 10");
  EXPECT_EQ(rowsText(sourceWindow({}, 0, 50)), "");
}

StallLine line(const char *File, unsigned Line, std::uint64_t Samples,
               double Share) {
  StallLine L;
  L.Where = {File, Line, 0};
  L.Samples = Samples;
  L.Share = Share;
  L.Reasons = {{"long_scoreboard", Samples}};
  L.Dominant = "long_scoreboard";
  return L;
}

class AnnotateSource : public testing::Test {
protected:
  void SetUp() override {
    Dir = std::filesystem::temp_directory_path() / "headroom-annotated-source";
    std::filesystem::remove_all(Dir);
    std::filesystem::create_directories(Dir);
    std::ofstream K(Dir / "k.cu");
    for (int I = 1; I <= 60; ++I)
      K << "line " << I << (I == 20 ? " a<b\r" : "") << "\n";
    std::ofstream(Dir / "short.cuh") << "one\ntwo\n";
    S.Samples = 1000;
    S.Lines = {line("k.cu", 20, 600, 0.6), line("k.cu", 50, 200, 0.2),
               line("short.cuh", 7, 150, 0.15), line("gone.cu", 3, 50, 0.05)};
    S.Hot = {0, 1, 2};
  }
  void TearDown() override { std::filesystem::remove_all(Dir); }

  std::filesystem::path Dir;
  StallLines S;
};

TEST_F(AnnotateSource, FilesWithTheirTextOrWhyNot) {
  std::vector<AnnotatedFile> Files =
      annotateSource(S, Dir.string(), SourceLocation{"k.cu", 15, 17});
  ASSERT_EQ(Files.size(), 3u);
  // Most samples first.
  const AnnotatedFile &K = Files[0];
  EXPECT_EQ(K.File, "k.cu");
  EXPECT_EQ(K.Path, (Dir / "k.cu").string());
  EXPECT_EQ(K.Samples, 800u);
  EXPECT_DOUBLE_EQ(K.Share, 0.8);
  EXPECT_EQ(K.Problem, SourceProblem::None);
  EXPECT_EQ(K.FileLines, 60u);
  // From the definition (15), to 50 with context.
  EXPECT_EQ(rowsText(K.Rows),
            "15 16 17 18 19 20 21 22 23 24+23 47 48 49 50 51 52 53");
  const SourceRow &Hot = K.Rows[5];
  EXPECT_EQ(Hot.Line, 20u);
  EXPECT_EQ(Hot.Text, "line 20 a<b");
  ASSERT_TRUE(Hot.Sampled);
  EXPECT_EQ(*Hot.Sampled, 0u);
  EXPECT_TRUE(Hot.Hot);
  EXPECT_FALSE(K.Rows[6].Sampled);
  EXPECT_EQ(K.Rows[6].Text, "line 21");
  EXPECT_TRUE(K.Rows[9].gap());
  EXPECT_EQ(K.Rows[9].Text, "");

  // Shorter than the line the samples name: the sampled lines alone.
  const AnnotatedFile &Short = Files[1];
  EXPECT_EQ(Short.File, "short.cuh");
  EXPECT_EQ(Short.Problem, SourceProblem::TooShort);
  EXPECT_EQ(Short.FileLines, 2u);
  EXPECT_EQ(Short.LastLine, 7u);
  EXPECT_EQ(rowsText(Short.Rows), "7");
  EXPECT_TRUE(Short.Rows[0].Hot);
  EXPECT_EQ(Short.Rows[0].Text, "");

  const AnnotatedFile &Gone = Files[2];
  EXPECT_EQ(Gone.Problem, SourceProblem::Unreadable);
  EXPECT_NE(Gone.Error.find("No such file"), std::string::npos) << Gone.Error;
  EXPECT_EQ(rowsText(Gone.Rows), "3");
  EXPECT_FALSE(Gone.Rows[0].Hot);
}

TEST_F(AnnotateSource, ADefinitionElsewhereOrAfterTheBodyDoesNotWiden) {
  for (const SourceLocation &Def :
       {SourceLocation{"other.cu", 15, 1}, SourceLocation{"k.cu", 55, 1}})
    EXPECT_EQ(rowsText(annotateSource(S, Dir.string(), Def)[0].Rows),
              "17 18 19 20 21 22 23 24+23 47 48 49 50 51 52 53");
}

} // namespace
