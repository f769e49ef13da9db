//===- AnalysisTest.cpp - Device match and cross-GPU projection -----------===//

#include "ProfileFixtures.h"
#include "analysis/DeviceMatch.h"
#include "checks/CheckRegistry.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::test;
using ::testing::HasSubstr;

namespace {

/// A GPU with 4x the compute and 2x the bandwidth of the test device.
DeviceEntry bigTarget() {
  DeviceParameters D = testDevice("Big GPU");
  D.TSP = 4000;
  D.TDP = 2000;
  D.TInt = 2000;
  D.TAdd = 2000;
  D.TLdSt = 1000;
  D.BMem = 200;
  return testEntry(D);
}

TEST(DeviceMatchTest, MatchesNameAliasesAndProductName) {
  DeviceParameters D = testDevice("H100-SXM");
  EXPECT_FALSE(deviceIsNamed(D, "NVIDIA H100 80GB HBM3"));
  D.Identity.ProductName = "NVIDIA H100 80GB HBM3";
  EXPECT_TRUE(deviceIsNamed(D, "nvidia h100 80gb hbm3"));
  D.Identity.ProductName.clear();
  D.Aliases = {"NVIDIA-H100-80GB-HBM3"};
  EXPECT_TRUE(deviceIsNamed(D, "NVIDIA H100 80GB HBM3"));
}

TEST(AnalysisTest, ADeviceFileForAnotherGpuLosesTheHeadroom) {
  auto A = analyzeJson(twoKernelProfile(), testEntry(testDevice("GTX-660")));
  ASSERT_EQ(A->ForeignDevices, std::vector<std::string>{"Test GPU"});
  EXPECT_FALSE(A->MeasuredOnDevice);
  EXPECT_EQ(A->Diagnostics[0].Check, checks::DeviceMismatch);
  EXPECT_EQ(A->Diagnostics[0].Message,
            "profile recorded on 'Test GPU', not on 'GTX-660': there is no "
            "headroom");
  EXPECT_THAT(A->Diagnostics[0].Notes[0].Message,
              HasSubstr("modeled on 'GTX-660' (test.json)"));
  ASSERT_TRUE(A->Report.Kernels[0].Models.Thesis);
  EXPECT_FALSE(A->Report.Kernels[0].Models.Thesis->headroom());
}

TEST(AnalysisTest, ProjectsWithTheUtilizationCorrection) {
  AnalysisOptions O{.Targets = {bigTarget(), testEntry()}, .SourceRoot = ""};
  auto A = analyzeJson(twoKernelProfile(), testEntry(), O);
  // The profiled device itself is not a target.
  ASSERT_EQ(A->Targets.size(), 1u);
  const KernelReport &K = A->Report.Kernels[0];
  ASSERT_EQ(K.Models.ThesisTargets.size(), 1u);
  const Prediction &Here = *K.Models.Thesis, &There = K.Models.ThesisTargets[0];
  EXPECT_EQ(There.Device, "Big GPU");
  // Memory-bound on both: twice the bandwidth, half the floor.
  EXPECT_NEAR(There.PredictedMs, Here.PredictedMs / 2, 1e-12);
  // E_util (5.13) = measured / predicted on the profiled GPU.
  ASSERT_TRUE(There.Correction);
  EXPECT_NEAR(There.Correction->EUtil, 4.0 / Here.PredictedMs, 1e-12);
  EXPECT_NEAR(There.Correction->CorrectedMs,
              There.Correction->EUtil * There.PredictedMs, 1e-12);
  EXPECT_EQ(There.Correction->ReferenceDevice, "Test GPU");
}

TEST(AnalysisTest, SaysWhenAKernelChangesBound) {
  // A GPU with a tenth of the compute: the stream kernel turns
  // compute-bound there.
  DeviceParameters D = testDevice("Slow GPU");
  D.TSP = 100;
  D.TDP = D.TInt = D.TAdd = 50;
  D.TLdSt = 25;
  AnalysisOptions O{.Targets = {testEntry(D)}, .SourceRoot = ""};
  auto A = analyzeJson(twoKernelProfile(), testEntry(), O);
  const KernelReport &K = A->Report.Kernels[0];
  EXPECT_EQ(K.Models.Thesis->Limit, Bound::Memory);
  EXPECT_EQ(K.Models.ThesisTargets[0].Limit, Bound::Compute);
  const Diagnostic *Change = nullptr;
  for (const Diagnostic &N : A->Diagnostics[0].Notes)
    if (N.Check == checks::BoundChanges)
      Change = &N;
  ASSERT_TRUE(Change);
  EXPECT_THAT(Change->Message,
              HasSubstr("on Slow GPU: changes bound, compute-bound there "
                        "(memory-bound on Test GPU)"));
  const TargetFinding *Slow = K.Finding->target("Slow GPU");
  ASSERT_TRUE(Slow);
  EXPECT_EQ(Slow->Verdict, Regime::Compute);
  EXPECT_EQ(Slow->Model, ModelKind::Thesis);
  EXPECT_NEAR(*Slow->ODev, 0.067, 5e-4);
}

TEST(AnalysisTest, AnEmptyProfileSaysWhy) {
  auto J = twoKernelProfile();
  J["kernels"] = nlohmann::json::array();
  J["collection"] = {{"mode", "sites"},
                     {"warnings", {"kernel timing unavailable"}}};
  auto A = analyzeJson(J);
  ASSERT_EQ(A->Diagnostics.size(), 1u);
  EXPECT_EQ(A->Diagnostics[0].Check, checks::EmptyProfile);
  EXPECT_THAT(A->Diagnostics[0].Message,
              HasSubstr("holds no kernel launches: nothing to report"));
  EXPECT_EQ(A->Diagnostics[0].Notes[0].Message,
            "its collection mode was 'sites'");
  EXPECT_THAT(A->Diagnostics[0].Notes[1].Message,
              HasSubstr("kernel timing unavailable"));
}

TEST(AnalysisTest, TimingOnlyKernelsStillGetTheirQualifications) {
  auto J = twoKernelProfile();
  for (auto &K : J["kernels"])
    K.erase("counters");
  J["kernels"][0]["grid"] = {8, 1, 1};
  auto A = analyzeJson(J);
  const Diagnostic &D = A->Diagnostics[0];
  EXPECT_EQ(D.Check, checks::NoCounters);
  std::string Checks;
  for (const Diagnostic &N : D.Notes)
    Checks += N.Check + " ";
  EXPECT_THAT(Checks, HasSubstr("headroom-low-parallelism"));
}

} // namespace
