//===- ReportDiagnosticsTest.cpp - Diagnostics from a profile -------------===//

#include "../analysis/ProfileFixtures.h"
#include "checks/Diagnose.h"
#include "views/TextDiagnosticPrinter.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

using namespace headroom;
using namespace headroom::test;
using ::testing::HasSubstr;
using ::testing::StartsWith;

namespace {

std::vector<Diagnostic> diagnose(nlohmann::json J,
                                 std::vector<std::string> Warnings = {}) {
  if (!Warnings.empty())
    J["collection"] = {{"mode", "time"}, {"warnings", Warnings}};
  return analyzeJson(J)->Diagnostics;
}

TEST(ReportDiagnosticsTest, WarnsAtTheKernelWithBoundAndHeadroom) {
  auto Diags = diagnose(twoKernelProfile());
  ASSERT_EQ(Diags.size(), 2u);
  const Diagnostic &D = Diags[0];
  EXPECT_EQ(D.Level, DiagnosticLevel::Warning);
  EXPECT_EQ(D.Check, "headroom-memory-bound");
  ASSERT_TRUE(D.Location);
  EXPECT_EQ(D.Location->Line, 10u);
  // W_traf / B_mem = 503316480 B / 100 GB/s = 5.033 ms; measured 4 ms.
  // The thesis model predicts more than was measured here: faster than
  // its roof.
  EXPECT_EQ(D.Message, "kernel 'stream' is memory-bound on Test GPU: 1.26x "
                       "faster than its DRAM roof");
  ASSERT_FALSE(D.Notes.empty());
  EXPECT_EQ(D.Notes[0].Message,
            "predicted 5.033 ms, measured 4.000 ms (0.79x): its DRAM roof, "
            "O_krn 0.167 <= O_dev 0.667 FLOP/byte (4.0x below the ridge)");
  // The last note says what to try, and links the check's section.
  EXPECT_EQ(
      D.Notes.back().Message,
      "to try: move fewer bytes: fuse kernels, narrower types, reuse "
      "through shared memory (docs/diagnostics.md#headroom-memory-bound)");
}

TEST(ReportDiagnosticsTest, NamesWhatCapsCompute) {
  auto Diags = diagnose(twoKernelProfile());
  ASSERT_FALSE(Diags[0].Notes.empty());
  // C_op : C_ldst : C_other = 1/12 : 1/2 : 2/3 of 5/4.
  EXPECT_THAT(Diags[0].Notes[1].Message,
              HasSubstr("other (integer, control, conversion) instructions "
                        "take 53% of issue slots, load/store 40%, fp32 "
                        "operations 7%"));
}

TEST(ReportDiagnosticsTest, AddsANotePerLaunchSite) {
  auto Diags = diagnose(twoKernelProfile());
  std::vector<std::string> SiteNotes;
  for (const Diagnostic &N : Diags[0].Notes)
    if (N.Message.rfind("launched", 0) == 0)
      SiteNotes.push_back(std::to_string(N.Location->Line) + ": " + N.Message);
  ASSERT_EQ(SiteNotes.size(), 2u);
  EXPECT_EQ(SiteNotes[0], "40: launched 30 times here, 75% of the kernel's "
                          "GPU time (3.000 ms)");
  EXPECT_EQ(SiteNotes[1], "44: launched 10 times here, 25% of the kernel's "
                          "GPU time (1.000 ms)");
}

TEST(ReportDiagnosticsTest, KernelsWithoutCountersSayWhy) {
  auto Diags = diagnose(twoKernelProfile(),
                        {"counters unavailable: insufficient privileges"});
  const Diagnostic &D = Diags[1];
  EXPECT_EQ(D.Check, "headroom-no-counters");
  EXPECT_EQ(D.Message, "kernel 'other' has no counters: 500.0 us in 5 "
                       "launches, 11% of GPU time");
  EXPECT_THAT(D.Notes[0].Message,
              HasSubstr("counters unavailable: insufficient privileges"));
}

TEST(ReportDiagnosticsTest, QualifiesShortAndNarrowLaunches) {
  auto J = twoKernelProfile();
  J["kernels"][0]["grid"] = {16, 1, 1};
  J["kernels"][0]["total_ns"] = 3.0e5;
  J["kernels"][0]["min_ns"] = 1.0e4;
  J["kernels"][0]["max_ns"] = 1.0e4;
  auto Diags = diagnose(J);
  std::string Notes;
  for (const Diagnostic &N : Diags[0].Notes)
    Notes += N.Message + "\n";
  EXPECT_THAT(Notes, HasSubstr("as few as 16 blocks of 256 threads"));
  EXPECT_THAT(Notes, HasSubstr("launch overhead"));
}

TEST(ReportDiagnosticsTest, PrintsInClangFormat) {
  std::ostringstream OS;
  printTextDiagnostics(diagnose(twoKernelProfile()), OS, /*Color=*/false);
  std::string Text = OS.str();
  EXPECT_THAT(Text, StartsWith("app.cu:10:17: warning: kernel 'stream' is "
                               "memory-bound"));
  EXPECT_THAT(Text, HasSubstr("[headroom-memory-bound]\napp.cu:10:17: note: "
                              "predicted 5.033 ms"));
  EXPECT_THAT(Text, HasSubstr("app.cu:40:3: note: launched 30 times here"));
  EXPECT_THAT(Text, HasSubstr("\n2 warnings generated.\n"));
  EXPECT_EQ(Text.find("\033["), std::string::npos);
}

TEST(ReportDiagnosticsTest, ColorsLikeClangWhenAsked) {
  std::ostringstream OS;
  printTextDiagnostics(diagnose(twoKernelProfile()), OS, /*Color=*/true);
  EXPECT_THAT(OS.str(), HasSubstr("\033[1;35mwarning:"));
}

TEST(ReportDiagnosticsTest, WarnsOnceAtEachLibraryCall) {
  auto Diags = diagnose(libraryCallProfile());
  // thrust::sort at line 60 (4 ms), the user's kernel (1 ms), thrust::sort
  // at line 70 (1 ms), then the heading and the kernel outside.
  ASSERT_EQ(Diags.size(), 5u);
  const Diagnostic &Call = Diags[0];
  EXPECT_EQ(Call.Level, DiagnosticLevel::Warning);
  ASSERT_TRUE(Call.Location);
  EXPECT_EQ(Call.Location->Line, 60u);
  EXPECT_EQ(Call.Check, "headroom-memory-bound");
  EXPECT_EQ(Call.Kernel, OnesweepKernel);
  EXPECT_EQ(Call.Message, "'thrust::sort' runs 2 kernels here; the main one "
                          "(88%) is memory-bound on Test GPU: 1.26x faster "
                          "than its DRAM roof");
  ASSERT_GE(Call.Notes.size(), 4u);
  EXPECT_EQ(Call.Notes[0].Message,
            "its kernels take 4.000 ms in 65 launches, 64% of GPU time; the "
            "main one is 'cub::DeviceRadixSortOnesweepKernel<...>'");
  EXPECT_EQ(Call.Notes[1].Message,
            std::string("'cub::DeviceRadixSortOnesweepKernel<...>' is short "
                        "for '") +
                OnesweepKernel + "'");
  // Every note is at the call; the other kernel's claim is a note of its
  // own check, naming it.
  const Diagnostic *Other = nullptr;
  for (const Diagnostic &N : Call.Notes) {
    ASSERT_TRUE(N.Location);
    EXPECT_EQ(N.Location->Line, 60u);
    if (N.Check == "headroom-no-counters")
      Other = &N;
  }
  ASSERT_TRUE(Other);
  EXPECT_EQ(Other->Kernel, HistogramKernel);
  EXPECT_EQ(Other->Message,
            "'cub::DeviceRadixSortHistogramKernel<...>' (12%) has no "
            "counters: 500.0 us in 30 launches, 8% of GPU time");
  EXPECT_THAT(Call.Notes.back().Message, StartsWith("to try: "));
  // A call of one kernel.
  const Diagnostic &Once = Diags[2];
  EXPECT_EQ(Once.Location->Line, 70u);
  EXPECT_THAT(Once.Message, StartsWith("'thrust::sort' runs 1 kernel here; it "
                                       "is memory-bound on Test GPU"));
  EXPECT_THAT(Once.Notes[0].Message,
              StartsWith("its kernel, 'cub::DeviceRadixSortOnesweepKernel<...>"
                         "', takes 1.000 ms in 10 launches"));
  // The user's kernel, as before, without a note of its name.
  EXPECT_EQ(Diags[1].Message, "kernel 'user' is memory-bound on Test GPU: "
                              "1.26x faster than its DRAM roof");
  for (const Diagnostic &N : Diags[1].Notes)
    EXPECT_THAT(N.Message, ::testing::Not(HasSubstr("short for")));
}

TEST(ReportDiagnosticsTest, KernelsOutsideInstrumentedCodeComeLast) {
  auto Diags = diagnose(libraryCallProfile());
  const Diagnostic &Heading = Diags[3];
  EXPECT_EQ(Heading.Level, DiagnosticLevel::Note);
  EXPECT_FALSE(Heading.Location);
  EXPECT_TRUE(Heading.Check.empty());
  EXPECT_TRUE(Heading.Kernel.empty());
  EXPECT_EQ(Heading.Message, "1 kernel launched outside the instrumented code "
                             "(4% of GPU time):");
  const Diagnostic &Gemv = Diags[4];
  EXPECT_EQ(Gemv.Message, "kernel 'gemv2T_kernel_val<...>' has no counters: "
                          "250.0 us in 4 launches, 4% of GPU time");
  EXPECT_EQ(Gemv.Notes[0].Message,
            std::string("'gemv2T_kernel_val<...>' is short for '") +
                GemvKernel + "'");
}

TEST(ReportDiagnosticsTest, GroupingByKernelNotesEachCall) {
  auto Diags =
      analyzeJson(libraryCallProfile(), testEntry(),
                  {.SourceRoot = "", .Grouping = KernelGrouping::Kernel})
          ->Diagnostics;
  ASSERT_EQ(Diags.size(), 5u);
  const Diagnostic &Sort = Diags[0];
  ASSERT_TRUE(Sort.Location);
  EXPECT_EQ(Sort.Location->Line, 60u);
  EXPECT_EQ(Sort.Message, "kernel 'cub::DeviceRadixSortOnesweepKernel<...>' "
                          "is memory-bound on Test GPU: 1.26x faster than "
                          "its DRAM roof");
  std::vector<std::string> Calls;
  for (const Diagnostic &N : Sort.Notes)
    if (N.Message.find(" by 'thrust::sort'") != std::string::npos)
      Calls.push_back(std::to_string(N.Location->Line) + ": " + N.Message);
  EXPECT_THAT(Calls,
              ::testing::ElementsAre(
                  "60: launched 35 times here by 'thrust::sort', 78% of the "
                  "kernel's GPU time (3.500 ms)",
                  "70: launched 10 times here by 'thrust::sort', 22% of the "
                  "kernel's GPU time (1.000 ms)"));
}

TEST(ReportDiagnosticsTest, NotesAtTheLinesThatHoldMostStallSamples) {
  auto J = twoKernelProfile();
  J["kernels"][0]["stall_samples"] = {
      {"launches", 1},
      {"period", 32768},
      {"pcs",
       {{{"function", "_Z6streamPf"},
         {"offset", 16},
         {"file", "app.cu"},
         {"line", 12},
         {"stalls", {{"long_scoreboard", 500}, {"selected", 100}}}},
        {{"function", "_Z6streamPf"},
         {"offset", 32},
         {"file", "app.cu"},
         {"line", 11},
         {"stalls", {{"barrier", 300}}}},
        {{"function", "_Z6streamPf"},
         {"offset", 48},
         {"file", "app.cu"},
         {"line", 13},
         {"stalls", {{"wait", 50}}}},
        {{"function", "_Z6streamPf"},
         {"offset", 64},
         {"stalls", {{"misc", 50}}}}}}};
  auto Diags = diagnose(J);
  std::vector<std::string> Lines;
  for (const Diagnostic &N : Diags[0].Notes)
    if (N.Message.find("stall samples") != std::string::npos)
      Lines.push_back(N.Location->File + ":" +
                      std::to_string(N.Location->Line) + ":" +
                      std::to_string(N.Location->Column) + ": " + N.Message);
  // Lines 13 (5%) and the unresolved samples (5%) are not hot.
  EXPECT_THAT(Lines, ::testing::ElementsAre(
                         "app.cu:12:0: 60% of the kernel's stall samples are "
                         "here: waiting on a global, local or texture load "
                         "(long scoreboard)",
                         "app.cu:11:0: 30% of the kernel's stall samples are "
                         "here: waiting at a barrier for the rest of its "
                         "block (barrier)"));
  // The other kernel has no samples, and no such notes.
  for (const Diagnostic &N : Diags[1].Notes)
    EXPECT_EQ(N.Message.find("stall samples"), std::string::npos);
}

} // namespace

TEST(ReportDiagnosticsTest, HotLinesNameTheirWaitAndLoopInWords) {
  // 'stream' with stall samples at app.cu:12 (long scoreboard, offset 16)
  // and app.cu:11 (barrier, offset 32), and its code: the load at offset 0
  // (sampled at util.h:3) feeds offset 16, the barrier at 48 (no samples,
  // first of its block) is the one offset 32 waits at, and offset 16 is in
  // a loop of its own.
  auto J = twoKernelProfile();
  auto Pc = [](int Offset, const char *File, int Line, nlohmann::json S) {
    return nlohmann::json{{"function", "_Z6streamPf"},
                          {"offset", Offset},
                          {"file", File},
                          {"line", Line},
                          {"stalls", S}};
  };
  J["kernels"][0]["stall_samples"] = {
      {"launches", 1},
      {"period", 32768},
      {"pcs",
       {Pc(0, "util.h", 3, {{"selected", 1}}),
        Pc(16, "app.cu", 12, {{"long_scoreboard", 600}}),
        Pc(32, "app.cu", 11, {{"barrier", 300}})}}};
  FunctionCode F;
  F.Name = "_Z6streamPf";
  for (std::uint64_t O : {0, 16, 32, 48}) {
    CodeInstruction I;
    I.Offset = O;
    I.Block = O == 48 ? 3 : 0;
    F.Instructions.push_back(I);
  }
  F.Instructions[0].Role = CodeRole::GlobalLoad;
  F.Instructions[3].Role = CodeRole::Barrier;
  F.Instructions[1].Blame["long_scoreboard"] = 0;
  F.Instructions[1].Loop = 0;
  F.Instructions[2].Blame["barrier"] = 3;
  F.Loops.push_back(CodeLoop{16, 16, std::nullopt});
  auto Code = std::make_shared<KernelCodeIndex>();
  Code->add(F);
  auto A = analyzeJson(J, testEntry(), {.SourceRoot = "", .Code = Code});
  std::vector<std::string> Hot;
  for (const Diagnostic &N : A->Diagnostics[0].Notes)
    if (N.Message.find("stall samples are here") != std::string::npos)
      Hot.push_back(N.Message);
  EXPECT_EQ(Hot, (std::vector<std::string>{
                     "67% of the kernel's stall samples are here: waiting on "
                     "the global load at util.h:3 (long scoreboard), in the "
                     "loop at line 12",
                     "33% of the kernel's stall samples are here: waiting on "
                     "the barrier at SASS offset 0x30 (barrier)"}));
}
