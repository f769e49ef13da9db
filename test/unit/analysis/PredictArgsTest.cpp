//===- PredictArgsTest.cpp - headroom predict's options as a request ------===//

#include "analysis/PredictArgs.h"

#include <gtest/gtest.h>

using namespace headroom;

namespace {

/// predict's options parsed from \p Args, which must be valid.
ParsedArgs parse(const std::vector<std::string> &Args) {
  Expected<ParsedArgs> P = predictCommandLine().parse(Args);
  EXPECT_TRUE(P) << P.error().message();
  return P ? *P : ParsedArgs();
}

TEST(PredictArgsTest, CountersDevicesReferenceAndMeasuredTime) {
  Expected<PredictFiles> R = predictRequest(
      parse({"-c", "k.json", "-d", "GTX-660", "--device", "k20c", "--reference",
             "GTX-480", "--measured-ms", "21.4", "--optimistic-int"}));
  ASSERT_TRUE(R) << R.error().message();
  EXPECT_EQ(R->CountersPath, "k.json");
  EXPECT_EQ(R->Devices, (std::vector<std::string>{"GTX-660", "k20c"}));
  EXPECT_EQ(R->Reference, "GTX-480");
  EXPECT_EQ(R->MeasuredMsOverride, 21.4);
  EXPECT_TRUE(R->Options.OptimisticInt);
}

TEST(PredictArgsTest, AReferenceAloneIsADevice) {
  Expected<PredictFiles> R =
      predictRequest(parse({"-c", "k.json", "--reference", "GTX-480"}));
  ASSERT_TRUE(R) << R.error().message();
  EXPECT_TRUE(R->Devices.empty());
  EXPECT_FALSE(R->MeasuredMsOverride);
}

TEST(PredictArgsTest, AProfileOrNsightsExportAndTheModel) {
  Expected<PredictFiles> R =
      predictRequest(parse({"--profile", "p.json", "--model", "thesis"}));
  ASSERT_TRUE(R) << R.error().message();
  EXPECT_EQ(R->ProfilePath, "p.json");
  EXPECT_TRUE(R->CountersPath.empty());
  // Without --device: the GPU the profile was recorded on.
  EXPECT_TRUE(R->Devices.empty());
  EXPECT_EQ(R->Options.Choice, ModelChoice::Thesis);
  Expected<PredictFiles> N =
      predictRequest(parse({"--ncu", "raw.csv", "-d", "B200"}));
  ASSERT_TRUE(N) << N.error().message();
  EXPECT_EQ(N->NcuPath, "raw.csv");
  EXPECT_EQ(N->Options.Choice, ModelChoice::Auto);
  // A counters file runs the thesis model; the Hopper model needs a launch
  // configuration.
  Expected<PredictFiles> C = predictRequest(
      parse({"-c", "k.json", "-d", "H100", "--model", "hopper"}));
  ASSERT_FALSE(C);
  EXPECT_EQ(C.error().message(),
            "--model hopper: a counters file has no launch configuration, "
            "which it needs; give a profile (--profile, or Nsight Compute's "
            "export with --ncu)");
  Expected<PredictFiles> Two =
      predictRequest(parse({"-c", "k.json", "--profile", "p.json"}));
  ASSERT_FALSE(Two);
  EXPECT_EQ(Two.error().message(),
            "give one of --counters, --profile and --ncu");
  Expected<PredictFiles> Ref =
      predictRequest(parse({"--profile", "p.json", "--reference", "H100"}));
  ASSERT_FALSE(Ref);
  EXPECT_EQ(Ref.error().message(),
            "--reference is for counters files: a profile names the GPU it "
            "was recorded on, and its times there");
  Expected<PredictFiles> Model =
      predictRequest(parse({"--profile", "p.json", "--model", "roofline"}));
  ASSERT_FALSE(Model);
  EXPECT_EQ(Model.error().message(),
            "--model: expected auto, hopper, thesis or fitted, got "
            "'roofline'");
}

TEST(PredictArgsTest, UsageErrorsNameTheCommand) {
  Expected<PredictFiles> NoCounters = predictRequest(parse({"-d", "k20c"}));
  ASSERT_FALSE(NoCounters);
  EXPECT_EQ(NoCounters.error().message(),
            "--counters, --profile or --ncu <file> is required");
  Expected<PredictFiles> NoDevice = predictRequest(parse({"-c", "k.json"}));
  ASSERT_FALSE(NoDevice);
  EXPECT_EQ(NoDevice.error().message(),
            "give at least one --device (run 'headroom "
            "devices' to list them)");
  Expected<PredictFiles> Ms = predictRequest(
      parse({"-c", "k.json", "-d", "k20c", "--measured-ms", "-1"}));
  ASSERT_FALSE(Ms);
  EXPECT_EQ(Ms.error().message(), "--measured-ms expects a positive number of "
                                  "milliseconds, got '-1'");
}

} // namespace
