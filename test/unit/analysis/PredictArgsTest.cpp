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

TEST(PredictArgsTest, UsageErrorsNameTheCommand) {
  Expected<PredictFiles> NoCounters = predictRequest(parse({"-d", "k20c"}));
  ASSERT_FALSE(NoCounters);
  EXPECT_EQ(NoCounters.error().message(),
            "headroom predict: --counters <file> is required");
  Expected<PredictFiles> NoDevice = predictRequest(parse({"-c", "k.json"}));
  ASSERT_FALSE(NoDevice);
  EXPECT_EQ(NoDevice.error().message(),
            "headroom predict: give at least one --device (run 'headroom "
            "devices' to list them)");
  Expected<PredictFiles> Ms = predictRequest(
      parse({"-c", "k.json", "-d", "k20c", "--measured-ms", "-1"}));
  ASSERT_FALSE(Ms);
  EXPECT_EQ(Ms.error().message(),
            "headroom predict: --measured-ms expects a positive number of "
            "milliseconds, got '-1'");
}

} // namespace
