//===- PredictionSetTest.cpp - Many kernels on many devices ---------------===//

#include "analysis/PredictionSet.h"

#include "../model/ThesisTestSupport.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::test;
using ::testing::HasSubstr;

namespace {

DeviceEntry entry(const std::string &Stem) {
  return {shippedDevice(Stem), shippedDeviceDir() + "/" + Stem + ".json",
          DeviceSource::Shipped};
}

std::vector<KernelEntry> sorKernels() {
  return exampleCounters("thesis-sor.json").Kernels;
}

TEST(PredictionSet, ReferenceIsAddedFirstAndCorrectsEveryDevice) {
  PredictionRequest Request;
  Request.Devices = {entry("gtx-660"), entry("gtx-960")};
  Request.Reference = entry("gtx-480");
  Expected<PredictionSet> Set = buildPredictionSet(sorKernels(), Request);
  ASSERT_TRUE(Set) << Set.error().message();
  ASSERT_EQ(Set->Devices.size(), 3u);
  EXPECT_EQ(Set->Devices[0].Device.Name, "GTX-480");
  EXPECT_EQ(Set->ReferenceIndex, 0u);
  const Prediction &Ref = Set->at(0, 0);
  ASSERT_TRUE(Ref.MeasuredMs);
  EXPECT_EQ(*Ref.MeasuredMs, 21.456);
  EXPECT_EQ(printed(*Ref.headroom(), 3), "1.051");
  EXPECT_EQ(printed(*Ref.error() * 100, 2), "-4.86"); // table 5.9
  for (std::size_t D = 0; D < 3; ++D) {
    ASSERT_TRUE(Set->at(D, 0).Correction);
    EXPECT_DOUBLE_EQ(Set->at(D, 0).Correction->EUtil, *Ref.headroom());
  }
  // Only the reference has a measured time.
  EXPECT_FALSE(Set->at(1, 0).MeasuredMs);
  EXPECT_EQ(printed(*Set->totalCorrectedMs(1), 3), "36.579");
  EXPECT_TRUE(Set->Uncorrected.empty());
  EXPECT_FALSE(Set->MeasuredTimesUnused);
}

TEST(PredictionSet, ReferenceAmongTheDevicesKeepsItsPlace) {
  PredictionRequest Request;
  Request.Devices = {entry("gtx-660"), entry("gtx-480"), entry("gtx-660")};
  Request.Reference = entry("gtx-480");
  Expected<PredictionSet> Set = buildPredictionSet(sorKernels(), Request);
  ASSERT_TRUE(Set) << Set.error().message();
  ASSERT_EQ(Set->Devices.size(), 2u); // the duplicate GTX-660 once
  EXPECT_EQ(Set->Devices[0].Device.Name, "GTX-660");
  EXPECT_EQ(Set->ReferenceIndex, 1u);
  EXPECT_TRUE(Set->at(1, 0).MeasuredMs);
}

TEST(PredictionSet, MeasuredOverride) {
  PredictionRequest Request;
  Request.Reference = entry("gtx-660");
  Request.MeasuredMsOverride = 34.851; // table 5.9, GTX-660
  Expected<PredictionSet> Set = buildPredictionSet(sorKernels(), Request);
  ASSERT_TRUE(Set) << Set.error().message();
  ASSERT_EQ(Set->Devices.size(), 1u);
  EXPECT_EQ(printed(*Set->at(0, 0).error() * 100, 2), "-0.14");

  PredictionRequest NoReference;
  NoReference.Devices = {entry("gtx-660")};
  NoReference.MeasuredMsOverride = 1.0;
  Expected<PredictionSet> A = buildPredictionSet(sorKernels(), NoReference);
  ASSERT_FALSE(A);
  EXPECT_THAT(A.error().message(), HasSubstr("--measured-ms needs "
                                             "--reference"));

  std::vector<KernelEntry> Two = exampleCounters("thesis-r9nano.json").Kernels;
  ASSERT_EQ(Two.size(), 3u);
  Expected<PredictionSet> B = buildPredictionSet(Two, Request);
  ASSERT_FALSE(B);
  EXPECT_THAT(B.error().message(),
              HasSubstr("--measured-ms applies to a counters file with one "
                        "kernel; this one has 3"));
}

TEST(PredictionSet, ReferenceWithoutMeasuredTimesIsAnError) {
  PredictionRequest Request;
  Request.Reference = entry("r9-nano");
  Expected<PredictionSet> Set = buildPredictionSet(
      exampleCounters("thesis-r9nano.json").Kernels, Request);
  ASSERT_FALSE(Set);
  EXPECT_THAT(Set.error().message(),
              HasSubstr("--reference needs measured times"));
}

TEST(PredictionSet, UnusedMeasuredTimesAreNoted) {
  PredictionRequest Request;
  Request.Devices = {entry("gtx-660")};
  Expected<PredictionSet> Set = buildPredictionSet(sorKernels(), Request);
  ASSERT_TRUE(Set);
  EXPECT_FALSE(Set->ReferenceIndex);
  EXPECT_FALSE(Set->at(0, 0).MeasuredMs);
  EXPECT_FALSE(Set->at(0, 0).Correction);
  EXPECT_TRUE(Set->MeasuredTimesUnused);
}

TEST(PredictionSet, KernelsWithoutMeasuredTimeAreNotCorrected) {
  std::vector<KernelEntry> Kernels =
      exampleCounters("thesis-r9nano.json").Kernels;
  Kernels[0].MeasuredMs = 8.72; // table 6.5, on the R9-Nano
  PredictionRequest Request;
  Request.Reference = entry("r9-nano");
  Request.Devices = {entry("gtx-480")};
  Expected<PredictionSet> Set = buildPredictionSet(Kernels, Request);
  ASSERT_TRUE(Set) << Set.error().message();
  EXPECT_EQ(Set->Devices[0].Device.Name, "R9-Nano");
  EXPECT_TRUE(Set->at(1, 0).Correction);
  EXPECT_FALSE(Set->at(1, 1).Correction);
  EXPECT_FALSE(Set->totalCorrectedMs(1));
  EXPECT_FALSE(Set->totalMeasuredMs(0));
  EXPECT_EQ(Set->Uncorrected.size(), 2u);
  EXPECT_DOUBLE_EQ(Set->totalPredictedMs(0), Set->at(0, 0).PredictedMs +
                                                 Set->at(0, 1).PredictedMs +
                                                 Set->at(0, 2).PredictedMs);
}

TEST(PredictionSet, NeedsADevice) {
  Expected<PredictionSet> Set =
      buildPredictionSet(sorKernels(), PredictionRequest());
  ASSERT_FALSE(Set);
  EXPECT_EQ(Set.error().message(), "no device to predict on (give --device)");
  Expected<PredictionSet> None = buildPredictionSet({}, PredictionRequest());
  ASSERT_FALSE(None);
  EXPECT_EQ(None.error().message(), "no kernels to predict");
}

} // namespace
