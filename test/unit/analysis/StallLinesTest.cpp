//===- StallLinesTest.cpp - A kernel's stall samples per line -------------===//

#include "analysis/StallLines.h"
#include "schema/StallSamplesSum.h"

#include "../schema/StallSampleFixtures.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

using namespace headroom;

namespace {

StallSamplePc pc(std::uint64_t Offset, const char *File, unsigned Line,
                 StallCounts Stalls) {
  return test::stallPc(Offset, File, Line, std::move(Stalls));
}

ProfileKernel sampled(std::uint64_t Period, std::vector<StallSamplePc> Pcs) {
  ProfileKernel K;
  K.Name = "_Z1kv";
  K.Launches = 1;
  K.Stalls = StallSamples{1, Period, 2, std::move(Pcs)};
  return K;
}

std::optional<StallLines> linesOf(const std::vector<ProfileKernel> &Ks) {
  std::vector<const ProfileKernel *> Entries;
  for (const ProfileKernel &K : Ks)
    Entries.push_back(&K);
  return stallLines(Entries);
}

TEST(StallLines, SumsSamplesPerLineWithSharesAndReasons) {
  std::vector<ProfileKernel> Ks = {
      sampled(32768,
              {pc(16, "k.cu", 12, {{"long_scoreboard", 400}, {"selected", 90}}),
               pc(32, "k.cu", 12, {{"lg_throttle", 110}}),
               pc(48, "k.cu", 10, {{"wait", 150}, {"selected", 160}}),
               pc(64, "k.cu", 11, {{"barrier", 50}}),
               pc(80, nullptr, 0, {{"misc", 40}})}),
      // An entry without samples, and one with another site's samples of
      // the same lines.
      ProfileKernel{},
      sampled(32768, {pc(16, "k.cu", 12, {{"long_scoreboard", 0}}),
                      pc(48, "k.cu", 10, {{"wait", 0}})})};
  std::optional<StallLines> S = linesOf(Ks);
  ASSERT_TRUE(S);
  EXPECT_EQ(S->Samples, 1000u);
  EXPECT_EQ(S->Launches, 2u);
  EXPECT_EQ(S->Dropped, 4u);
  EXPECT_EQ(S->Period, 32768u);
  EXPECT_EQ(S->Dominant, "long_scoreboard");
  EXPECT_EQ(S->Reasons.at("selected"), 250u);
  ASSERT_EQ(S->Lines.size(), 3u);
  EXPECT_EQ(S->Lines[0].Where.Line, 12u);
  EXPECT_EQ(S->Lines[0].Samples, 600u);
  EXPECT_DOUBLE_EQ(S->Lines[0].Share, 0.6);
  EXPECT_EQ(S->Lines[0].Dominant, "long_scoreboard");
  EXPECT_EQ(S->Lines[1].Where.Line, 10u);
  // Issuing is not stalling: the line's dominant reason is its stall.
  EXPECT_EQ(S->Lines[1].Dominant, "wait");
  EXPECT_EQ(S->Lines[2].Where.Line, 11u);
  ASSERT_TRUE(S->Unresolved);
  EXPECT_EQ(S->Unresolved->Samples, 40u);
  EXPECT_FALSE(S->Unresolved->resolved());
  // Line 11 holds 5%, under HotLineShare.
  EXPECT_EQ(S->Hot, (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(S->lineOf("barrier"), &S->Lines[2]);
  EXPECT_EQ(S->lineOf("tex_throttle"), nullptr);
}

TEST(StallLines, AtMostThreeHotLines) {
  std::vector<StallSamplePc> Pcs;
  for (unsigned Line = 1; Line <= 5; ++Line)
    Pcs.push_back(pc(Line * 16, "k.cu", Line, {{"wait", 100 + Line}}));
  std::vector<ProfileKernel> Ks = {sampled(32768, Pcs)};
  std::optional<StallLines> S = linesOf(Ks);
  ASSERT_TRUE(S);
  ASSERT_EQ(S->Hot.size(), MaxHotLines);
  EXPECT_EQ(S->Lines[S->Hot[0]].Where.Line, 5u);
  EXPECT_EQ(S->Lines[S->Hot[2]].Where.Line, 3u);
}

TEST(StallLines, NoSamplesNoLines) {
  std::vector<ProfileKernel> Ks = {ProfileKernel{},
                                   sampled(32768, {pc(16, "k.cu", 3, {})})};
  EXPECT_FALSE(linesOf(Ks));
}

TEST(StallLines, PeriodsAreScaledToTheShortest) {
  std::vector<ProfileKernel> Ks = {
      sampled(65536, {pc(16, "k.cu", 3, {{"wait", 10}})}),
      sampled(32768, {pc(16, "k.cu", 4, {{"wait", 30}})})};
  std::optional<StallLines> S = linesOf(Ks);
  ASSERT_TRUE(S);
  EXPECT_EQ(S->Period, 32768u);
  EXPECT_EQ(S->Samples, 50u);
  EXPECT_EQ(S->Lines[1].Where.Line, 3u);
  EXPECT_EQ(S->Lines[1].Samples, 20u);
}

TEST(StallLines, TheHottestLineIsTheOneWithMostStallCycles) {
  // Two entries of one kernel (two configurations, or two processes):
  // line 3 has more samples, taken every 1024 cycles; line 4's, every 8192
  // cycles, stand for more cycles: 100 x 8192 against 300 x 1024.
  std::vector<ProfileKernel> Ks = {
      sampled(1024, {pc(16, "k.cu", 3, {{"wait", 300}})}),
      sampled(8192, {pc(32, "k.cu", 4, {{"long_scoreboard", 100}})})};
  std::optional<StallLines> S = linesOf(Ks);
  ASSERT_TRUE(S);
  EXPECT_EQ(S->Period, 1024u);
  ASSERT_EQ(S->Lines.size(), 2u);
  EXPECT_EQ(S->Lines[0].Where.Line, 4u);
  EXPECT_EQ(S->Lines[0].Samples, 800u);
  EXPECT_DOUBLE_EQ(S->Lines[0].Share, 800.0 / 1100.0);
  EXPECT_EQ(S->Dominant, "long_scoreboard");
  ASSERT_FALSE(S->Hot.empty());
  EXPECT_EQ(S->Hot[0], 0u);
  // The same samples at one period: line 3 holds most.
  Ks[1].Stalls->Period = 1024;
  S = linesOf(Ks);
  ASSERT_TRUE(S);
  EXPECT_EQ(S->Lines[0].Where.Line, 3u);
  EXPECT_EQ(S->Dominant, "wait");
}

TEST(StallLines, SamplesAtPeriodWeighsByCycles) {
  EXPECT_EQ(samplesAtPeriod(3, 4096, 1024), 12u);
  EXPECT_EQ(samplesAtPeriod(3, 1024, 1024), 3u);
  // Unknown periods leave the count alone.
  EXPECT_EQ(samplesAtPeriod(3, 0, 1024), 3u);
  EXPECT_EQ(samplesAtPeriod(3, 4096, 0), 3u);
  // Rounded; held at the largest count.
  EXPECT_EQ(samplesAtPeriod(1, 3, 2), 2u);
  EXPECT_EQ(samplesAtPeriod(UINT64_MAX / 2, 1u << 20, 1), UINT64_MAX);
}

TEST(StallLines, ResidentSmsFromSamplesAgainstOnePerSmAndPeriod) {
  // 1 ms at 1 GHz is 1e6 cycles: 1000 samples per SM at a period of 1000
  // cycles (not a power of two, to keep the arithmetic plain).
  ProfileKernel Full = sampled(1000, {pc(16, "k.cu", 3, {{"wait", 66000}})});
  Full.Launches = 3;
  Full.TimedLaunches = 2;
  Full.TotalNs = 2'000'000;
  Full.MedianNs = 1'000'000;
  std::vector<const ProfileKernel *> Entries = {&Full};
  std::optional<double> Sms = residentSms(Entries, 1e9);
  ASSERT_TRUE(Sms);
  EXPECT_DOUBLE_EQ(*Sms, 66);
  // Two sampled launches of one thread's kernel: 2000 samples, one SM.
  ProfileKernel One = sampled(1000, {pc(16, "k.cu", 3, {{"wait", 1500}}),
                                     pc(32, "k.cu", 4, {{"selected", 500}})});
  One.Stalls->Launches = 2;
  One.Launches = 4;
  One.TimedLaunches = 2;
  One.TotalNs = 2'000'000; // no median: the mean of the timed launches
  Entries = {&One};
  Sms = residentSms(Entries, 1e9);
  ASSERT_TRUE(Sms);
  EXPECT_DOUBLE_EQ(*Sms, 1);
  // Entries summed: 68000 samples against 3000 per SM.
  Entries = {&Full, &One};
  EXPECT_DOUBLE_EQ(*residentSms(Entries, 1e9), 68000.0 / 3000);
  // No timed launch, no period: nothing to compare with.
  ProfileKernel Untimed = sampled(1000, {pc(16, "k.cu", 3, {{"wait", 10}})});
  ProfileKernel NoPeriod = sampled(0, {pc(16, "k.cu", 3, {{"wait", 10}})});
  NoPeriod.TotalNs = 1000;
  Entries = {&Untimed, &NoPeriod, &Untimed};
  EXPECT_FALSE(residentSms(Entries, 1e9));
}

TEST(StallLines, DominantReasonLeavesIssuingOut) {
  EXPECT_EQ(dominantReason({{"selected", 9}, {"wait", 1}}), "wait");
  EXPECT_EQ(dominantReason({{"selected", 9}, {"wait", 0}}), "selected");
  EXPECT_EQ(dominantReason({{"barrier", 3}, {"wait", 3}}), "barrier");
  EXPECT_EQ(dominantReason({}), "");
}

TEST(StallLines, HotLinesGetTheColumnOfTheirFirstCharacter) {
  std::filesystem::path Dir =
      std::filesystem::temp_directory_path() / "headroom-stall-lines";
  std::filesystem::create_directories(Dir);
  std::ofstream(Dir / "k.cu") << "__global__ void k() {\n"
                              << "  int I = 0;\n"
                              << "\t\tI += 1;\n"
                              << "   \n";
  std::vector<ProfileKernel> Ks = {sampled(
      32768,
      {pc(16, "k.cu", 2, {{"wait", 10}}), pc(32, "k.cu", 3, {{"wait", 9}}),
       pc(48, "k.cu", 4, {{"wait", 8}}), pc(64, "gone.cu", 4, {{"wait", 7}})})};
  std::optional<StallLines> S = linesOf(Ks);
  ASSERT_TRUE(S);
  ASSERT_EQ(S->Lines.size(), 4u);
  // All four lines, as if each were hot: only hot lines get a column.
  S->Hot = {0, 1, 2};
  placeHotLines(*S, Dir.string());
  EXPECT_EQ(S->Lines[3].Where.Column, 0u);
  S->Hot = {0, 1, 2, 3};
  placeHotLines(*S, Dir.string());
  EXPECT_EQ(S->Lines[0].Where.Column, 3u);
  EXPECT_EQ(S->Lines[1].Where.Column, 3u);
  // A blank line, and a file that is not there, keep column 0.
  EXPECT_EQ(S->Lines[2].Where.Column, 0u);
  EXPECT_EQ(S->Lines[3].Where.Column, 0u);
  std::filesystem::remove_all(Dir);
}

} // namespace
