//===- LintTest.cpp - Thresholds, baselines and the lint status -----------===//

#include "checks/Lint.h"
#include "../analysis/ProfileFixtures.h"
#include "checks/CheckRegistry.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::test;
using ::testing::HasSubstr;

namespace {

/// The fixture's `stream` kernel runs at headroom 4 / 5.033 = 0.795.
std::unique_ptr<Analysis> fixture(double StreamTotalNs = 4.0e6) {
  auto J = twoKernelProfile();
  J["kernels"][0]["total_ns"] = StreamTotalNs * 0.75;
  J["kernels"][1]["total_ns"] = StreamTotalNs * 0.25;
  J["kernels"][0]["max_ns"] = J["kernels"][1]["max_ns"] = 1e9;
  return analyzeJson(J);
}

TEST(LintTest, HeadroomThreshold) {
  auto A = fixture(10.0e6); // Headroom 10 / 5.033 = 1.99.
  LintResult Pass = runLint(*A, {.MaxHeadroom = 2.0});
  EXPECT_EQ(Pass.Status, LintClean);
  LintResult Fail = runLint(*A, {.MaxHeadroom = 1.9});
  EXPECT_EQ(Fail.Status, LintFindings);
  ASSERT_EQ(Fail.Findings, 1u);
  const Diagnostic &D = Fail.Diagnostics[0];
  EXPECT_EQ(D.Level, DiagnosticLevel::Error);
  EXPECT_EQ(D.Check, checks::HighHeadroom);
  // The gate judges the number the warning states: to the roof.
  EXPECT_EQ(D.Message, "kernel 'stream' is 1.99x slower than its DRAM roof, "
                       "above --max-headroom 1.9");
  EXPECT_THAT(D.Notes[0].Message,
              HasSubstr("memory-bound on Test GPU: DRAM roof 5.033 ms"));
  // The kernel without counters is a note, not a finding.
  EXPECT_EQ(Fail.Diagnostics.back().Check, checks::NoCounters);
  EXPECT_EQ(Fail.Diagnostics.back().Level, DiagnosticLevel::Note);
}

TEST(LintTest, TheCapThresholdJudgesMeasuredOverPredicted) {
  // The thesis model's floor is its roof: both headrooms are 1.99 here.
  auto A = fixture(10.0e6);
  EXPECT_EQ(runLint(*A, {.MaxCapHeadroom = 2.0}).Status, LintClean);
  LintResult R = runLint(*A, {.MaxCapHeadroom = 1.5});
  ASSERT_EQ(R.Status, LintFindings);
  EXPECT_EQ(R.Diagnostics[0].Message,
            "kernel 'stream' is 1.99x slower than predicted, above "
            "--max-cap-headroom 1.5");
  // Both thresholds fail: the roof's is the claim, the cap's a note.
  LintResult Both = runLint(*A, {.MaxHeadroom = 1.5, .MaxCapHeadroom = 1.5});
  EXPECT_THAT(Both.Diagnostics[0].Message, HasSubstr("--max-headroom 1.5"));
  EXPECT_THAT(Both.Diagnostics[0].Notes[0].Message,
              HasSubstr("--max-cap-headroom 1.5"));
}

TEST(LintTest, ARatioWrittenOneIsNotSlower) {
  // Headroom 5.043 / 5.033 = 1.002, written 1.00x: the kernel takes the
  // time predicted, it is not "1.00x slower".
  auto A = fixture(5.043e6);
  LintResult R = runLint(*A, {.MaxCapHeadroom = 0.99});
  ASSERT_EQ(R.Status, LintFindings);
  EXPECT_EQ(R.Diagnostics[0].Message,
            "kernel 'stream' takes 1.00x the time predicted, above "
            "--max-cap-headroom 0.99");
}

TEST(LintTest, AttainablePercentIsTheInverseHeadroom) {
  auto A = fixture(10.0e6); // 50.3% of attainable.
  EXPECT_EQ(runLint(*A, {.MinAttainablePct = 50}).Status, LintClean);
  LintResult R = runLint(*A, {.MinAttainablePct = 51});
  EXPECT_EQ(R.Status, LintFindings);
  EXPECT_THAT(R.Diagnostics[0].Message,
              HasSubstr("below --min-attainable-pct 51"));
}

TEST(LintTest, BaselineRoundTripsAndCatchesRegressions) {
  auto Before = fixture(4.0e6);
  Baseline B = makeBaseline(*Before);
  std::string Path = writeTemp("baseline.json", baselineToJson(B).dump());
  auto Read = readBaseline(Path);
  ASSERT_TRUE(Read) << Read.error().message();
  ASSERT_EQ(Read->Kernels.size(), 2u);
  EXPECT_EQ(Read->Kernels[0].Key, "app.cu::stream");
  EXPECT_EQ(Read->Kernels[1].Key, "app.cu::other");
  EXPECT_NEAR(*Read->Kernels[0].MeasuredMsPerLaunch, 0.1, 1e-12);

  // 4% slower: noise. 6% slower: a regression at the default 5%.
  EXPECT_EQ(runLint(*fixture(4.16e6), {.Compare = &*Read}).Status, LintClean);
  LintResult R = runLint(*fixture(4.24e6), {.Compare = &*Read});
  EXPECT_EQ(R.Status, LintFindings);
  EXPECT_EQ(R.Diagnostics[0].Check, checks::Regression);
  EXPECT_EQ(R.Diagnostics[0].Message,
            "kernel 'stream' regressed beyond the 5% noise margin");
  EXPECT_EQ(R.Diagnostics[0].Notes[0].Message,
            "its measured time per launch grew +6.0%, from 100.0 us to "
            "106.0 us");
  EXPECT_EQ(
      runLint(*fixture(4.24e6), {.Compare = &*Read, .NoisePct = 10}).Status,
      LintClean);
}

TEST(LintTest, PredictedTimeRegressions) {
  Baseline B = makeBaseline(*fixture());
  auto J = twoKernelProfile();
  for (int I : {0, 1}) {
    J["kernels"][I]["counters"]["dram__sectors_read.sum"] = 262144.0 * 2;
    J["kernels"][I]["counters"]["dram__sectors_write.sum"] = 131072.0 * 2;
  }
  LintResult R = runLint(*analyzeJson(J), {.Compare = &B});
  ASSERT_EQ(R.Status, LintFindings);
  EXPECT_EQ(R.Diagnostics[0].Notes[0].Message,
            "its predicted time per launch grew +100.0%, from 125.8 us to "
            "251.7 us: it does more work or moves more bytes");
}

TEST(LintTest, KernelsAddedAndRemovedAreNotes) {
  Baseline B = makeBaseline(*fixture());
  B.Kernels[1].Key = "old.cu::gone";
  B.Kernels[1].Kernel = "gone";
  LintResult R = runLint(*fixture(), {.Compare = &B});
  EXPECT_EQ(R.Status, LintClean);
  std::string Notes;
  for (const Diagnostic &D : R.Diagnostics)
    Notes += D.Check + ": " + D.Message + "\n";
  EXPECT_THAT(Notes, HasSubstr("headroom-baseline-mismatch: kernel 'other' "
                               "(app.cu::other) is not in the baseline"));
  EXPECT_THAT(Notes, HasSubstr("baseline kernel 'gone' (old.cu::gone) is not "
                               "in the profile"));
}

TEST(LintTest, SameNamedKernelsOfOneFileAreKeyedByLine) {
  auto J = twoKernelProfile();
  J["sites"][2]["kernel"] = "stream"; // A second `stream`, at line 20.
  auto A = analyzeJson(J);
  std::vector<std::string> Keys = baselineKeys(*A);
  EXPECT_EQ(Keys, (std::vector<std::string>{"app.cu::stream:10",
                                            "app.cu::stream:20"}));
}

TEST(LintTest, InputProblemsAreStatusTwo) {
  auto A = analyzeJson(twoKernelProfile(), testEntry(testDevice("GTX-660")));
  LintResult R = runLint(*A, {.MaxHeadroom = 2});
  EXPECT_EQ(R.Status, LintInputError);
  ASSERT_EQ(R.Diagnostics.size(), 1u);
  EXPECT_EQ(R.Diagnostics[0].Check, checks::DeviceMismatch);
  EXPECT_EQ(R.Diagnostics[0].Level, DiagnosticLevel::Error);
}

TEST(LintTest, BaselineReaderNamesFileAndField) {
  std::string Path =
      writeTemp("bad-baseline.json",
                R"({"schema": "headroom.baseline/1", "kernels": [{"key": "a::k",
          "kernel": "k", "measured_ms_per_launch": -1}]})");
  auto B = readBaseline(Path);
  ASSERT_FALSE(B);
  EXPECT_THAT(B.error().message(),
              HasSubstr("bad-baseline.json: kernels[0].measured_ms_per_launch"
                        ": expected a positive number, got -1"));
}

TEST(LintTest, OlderBaselinesReadTheirHeadroomAsTheCapHeadroom) {
  // Before the roof gate, "headroom" was measured / predicted.
  std::string Path =
      writeTemp("old-baseline.json",
                R"({"schema": "headroom.baseline/1", "kernels": [{"key": "a::k",
          "kernel": "k", "measured_ms_per_launch": 1, "headroom": 1.25}]})");
  auto B = readBaseline(Path);
  ASSERT_TRUE(B) << B.error().message();
  EXPECT_EQ(B->Kernels[0].CapHeadroom, 1.25);
  EXPECT_FALSE(B->Kernels[0].Headroom);
}

TEST(LintTest, BaselineErrorsQuoteValuesOnOneLine) {
  // A schema or key with a newline (found by the fuzzer) is escaped.
  std::string Path = writeTemp("newline-baseline.json",
                               R"({"schema": "headroom.base\nline/1"})");
  auto B = readBaseline(Path);
  ASSERT_FALSE(B);
  EXPECT_THAT(B.error().message(), HasSubstr(R"(got "headroom.base\nline/1")"));
  EXPECT_EQ(B.error().message().find('\n'), std::string::npos);
  Path = writeTemp("key-baseline.json",
                   R"({"schema": "headroom.baseline/1", "kernels": [
          {"key": "a\nb", "kernel": "k"}, {"key": "a\nb", "kernel": "k"}]})");
  B = readBaseline(Path);
  ASSERT_FALSE(B);
  EXPECT_THAT(B.error().message(), HasSubstr(R"(got "a\nb" a second time)"));
}

} // namespace
