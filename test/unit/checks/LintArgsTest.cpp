//===- LintArgsTest.cpp - headroom lint's options as a request ------------===//

#include "checks/LintArgs.h"

#include <gtest/gtest.h>

using namespace headroom;

namespace {

/// lint's own options parsed from \p Args, which must be valid.
ParsedArgs parse(const std::vector<std::string> &Args) {
  CommandLine Cmd("headroom lint", "", "");
  addLintOptions(Cmd);
  Expected<ParsedArgs> P = Cmd.parse(Args);
  EXPECT_TRUE(P) << P.error().message();
  return P ? *P : ParsedArgs();
}

TEST(LintArgsTest, ThresholdsBaselineAndTheBaselineToWrite) {
  ReportRequest Inputs;
  Inputs.ProfilePath = "p.json";
  Expected<LintRequest> R =
      lintRequest(parse({"--max-headroom", "1.5", "--min-attainable-pct", "50",
                         "--baseline", "old.json", "--noise-pct", "3",
                         "--write-baseline", "new.json"}),
                  Inputs);
  ASSERT_TRUE(R) << R.error().message();
  EXPECT_EQ(R->Inputs.ProfilePath, "p.json");
  EXPECT_EQ(R->Options.MaxHeadroom, 1.5);
  EXPECT_EQ(R->Options.MinAttainablePct, 50);
  EXPECT_EQ(R->BaselinePath, "old.json");
  EXPECT_EQ(R->Options.NoisePct, 3);
  EXPECT_EQ(R->BaselineOutput, "new.json");
}

TEST(LintArgsTest, NothingGivenIsNoThresholdAndTheDefaultNoise) {
  Expected<LintRequest> R = lintRequest(parse({}), {});
  ASSERT_TRUE(R) << R.error().message();
  EXPECT_FALSE(R->Options.MaxHeadroom);
  EXPECT_FALSE(R->Options.MinAttainablePct);
  EXPECT_FALSE(R->BaselinePath);
  EXPECT_FALSE(R->BaselineOutput);
  EXPECT_EQ(R->Options.NoisePct, DefaultNoisePct);
}

TEST(LintArgsTest, UsageErrorsNameTheCommandAndTheOption) {
  Expected<LintRequest> Zero = lintRequest(parse({"--max-headroom", "0"}), {});
  ASSERT_FALSE(Zero);
  EXPECT_EQ(Zero.error().message(),
            "--max-headroom: expected a positive number such "
            "as 1.5, got '0'");
  Expected<LintRequest> Pct =
      lintRequest(parse({"--min-attainable-pct", "101"}), {});
  ASSERT_FALSE(Pct);
  EXPECT_EQ(Pct.error().message(),
            "--min-attainable-pct: expected a percentage in "
            "(0, 100] such as 50, got '101'");
  Expected<LintRequest> Noise = lintRequest(parse({"--noise-pct", "3"}), {});
  ASSERT_FALSE(Noise);
  EXPECT_EQ(Noise.error().message(), "--noise-pct needs --baseline");
}

} // namespace
