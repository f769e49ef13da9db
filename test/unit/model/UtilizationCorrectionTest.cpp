//===- UtilizationCorrectionTest.cpp - The E_util correction --------------===//

#include "model/UtilizationCorrection.h"

#include "ThesisTestSupport.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::test;
using ::testing::HasSubstr;

namespace {

std::vector<KernelEntry> sorKernels() {
  return exampleCounters("thesis-sor.json").Kernels;
}

TEST(UtilizationCorrection, IsARatioOfTimes) {
  // Red/black SOR: predicted 20.414 ms on the GTX-480, measured 21.456 ms
  // (table 5.9), so E_util = 1.051; on the GTX-660 the corrected time is
  // 1.051 x 34.803 ms and the attainable rate 28.92 / 1.051 GFLOPS.
  Expected<Prediction> Ref =
      predict(sorKernels()[0].Parameters, shippedDevice("gtx-480"));
  ASSERT_TRUE(Ref);
  EXPECT_FALSE(utilizationFactor(*Ref));
  Ref->MeasuredMs = 21.456;
  Expected<double> EUtil = utilizationFactor(*Ref);
  ASSERT_TRUE(EUtil) << EUtil.error().message();
  EXPECT_EQ(printed(*EUtil, 4), "1.0510");

  Expected<Prediction> Other =
      predict(sorKernels()[0].Parameters, shippedDevice("gtx-660"));
  ASSERT_TRUE(Other);
  applyUtilizationFactor(*Other, "GTX-480", *EUtil);
  ASSERT_TRUE(Other->Correction);
  EXPECT_EQ(Other->Correction->ReferenceDevice, "GTX-480");
  EXPECT_EQ(printed(Other->Correction->CorrectedMs, 3), "36.579");
  EXPECT_EQ(printed(Other->Correction->CorrectedGops, 2), "27.52");
  // The prediction itself is untouched.
  EXPECT_EQ(printed(Other->PredictedMs, 3), "34.803");

  applyUtilizationFactor(*Ref, "GTX-480", *EUtil);
  EXPECT_DOUBLE_EQ(Ref->Correction->CorrectedMs, 21.456);
}

} // namespace
