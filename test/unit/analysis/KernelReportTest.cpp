//===- KernelReportTest.cpp - Profiles through the model ------------------===//

#include "analysis/KernelReport.h"
#include "ProfileFixtures.h"

#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::test;

namespace {

ProfileDocument readFixture() {
  auto P =
      readProfileFile(writeTemp("fixture.json", twoKernelProfile().dump()));
  EXPECT_TRUE(P) << P.error().message();
  return *P;
}

TEST(KernelReportTest, GroupsEntriesByKernelAndOrdersByTime) {
  ProfileDocument P = readFixture();
  ProfileReport R = analyzeProfile(P, testDevice());
  ASSERT_EQ(R.Kernels.size(), 2u);
  EXPECT_DOUBLE_EQ(R.TotalNs, 4.5e6);
  const KernelReport &Stream = R.Kernels[0];
  EXPECT_EQ(Stream.Kernel, "stream");
  ASSERT_TRUE(Stream.Definition);
  EXPECT_EQ(Stream.Definition->Line, 10u);
  EXPECT_EQ(Stream.Launches, 40u);
  EXPECT_DOUBLE_EQ(Stream.TotalNs, 4.0e6);
  EXPECT_NEAR(Stream.ShareOfProfile, 4.0 / 4.5, 1e-12);
  ASSERT_EQ(Stream.Sites.size(), 2u);
  EXPECT_EQ(Stream.Sites[0].Site->Launch.Line, 40u);
  EXPECT_EQ(Stream.Sites[0].Launches, 30u);
  EXPECT_EQ(Stream.Sites[1].Site->Launch.Line, 44u);
  EXPECT_EQ(R.Kernels[1].Kernel, "other");
}

TEST(KernelReportTest, ScalesPerLaunchCountersByLaunches) {
  ProfileReport R = analyzeProfile(readFixture(), testDevice());
  const KernelReport &Stream = R.Kernels[0];
  ASSERT_TRUE(Stream.Models.Thesis)
      << (Stream.ModelError ? Stream.ModelError->message()
                            : std::string("no model"));
  const Prediction &M = *Stream.Models.Thesis;
  EXPECT_EQ(Stream.ModeledLaunches, 40u);
  // W_comp = (M_fp32 + M_fma32) x 40 launches; W_traf = 32 B x sectors x 40.
  EXPECT_DOUBLE_EQ(M.WComp, 2.0 * 1048576 * 40);
  EXPECT_DOUBLE_EQ(M.WTraf, 32.0 * (262144 + 131072) * 40);
  // D_ops = 1/12, D_ldst = 1/4, D_other = 2/3: C = 1/12 + 1/2 + 2/3.
  EXPECT_NEAR(M.EInstr, (1.0 / 12) / (1.0 / 12 + 0.5 + 2.0 / 3), 1e-12);
  EXPECT_EQ(M.Limit, Bound::Memory);
  EXPECT_NEAR(M.PredictedMs, M.WTraf / 100e9 * 1e3, 1e-9);
  ASSERT_TRUE(M.MeasuredMs);
  EXPECT_DOUBLE_EQ(*M.MeasuredMs, 4.0);
  ASSERT_TRUE(Stream.L2ToDramRatio);
  EXPECT_DOUBLE_EQ(*Stream.L2ToDramRatio, 1.0);
  EXPECT_EQ(Stream.MinBlocks, 4096u);
  EXPECT_EQ(Stream.MinThreadsPerBlock, 256u);
}

TEST(KernelReportTest, KernelsWithoutCountersHaveNoModel) {
  ProfileReport R = analyzeProfile(readFixture(), testDevice());
  const KernelReport &Other = R.Kernels[1];
  EXPECT_FALSE(Other.Models.Thesis);
  EXPECT_FALSE(Other.ModelError);
  EXPECT_EQ(Other.ModeledLaunches, 0u);
  EXPECT_EQ(Other.Launches, 5u);
}

TEST(KernelReportTest, CountersTheModelCannotUseAreAnError) {
  auto J = twoKernelProfile();
  J["kernels"][0]["counters"]["smsp__inst_executed.sum"] = 0.0;
  J["kernels"][1]["counters"]["smsp__inst_executed.sum"] = 0.0;
  auto P = readProfileFile(writeTemp("zero-inst.json", J.dump()));
  ASSERT_TRUE(P) << P.error().message();
  ProfileReport R = analyzeProfile(*P, testDevice());
  EXPECT_FALSE(R.Kernels[0].Models.Thesis);
  EXPECT_TRUE(R.Kernels[0].ModelError);
}

TEST(KernelReportTest, LaunchesOutsideSitesAreGroupedByName) {
  auto J = twoKernelProfile();
  J["kernels"][2]["site"] = nullptr;
  auto P = readProfileFile(writeTemp("library.json", J.dump()));
  ASSERT_TRUE(P) << P.error().message();
  ProfileReport R = analyzeProfile(*P, testDevice());
  ASSERT_EQ(R.Kernels.size(), 2u);
  EXPECT_EQ(R.Kernels[1].Kernel, "_Z5otherv");
  EXPECT_FALSE(R.Kernels[1].Definition);
  ASSERT_EQ(R.Kernels[1].Sites.size(), 1u);
  EXPECT_EQ(R.Kernels[1].Sites[0].Site, nullptr);
}

} // namespace

namespace {

TEST(KernelReportTest, UntimedSampledLaunchesCountAtTheMeanTime) {
  auto J = twoKernelProfile();
  // 30 launches, of which the sampled one ran under replay without a time.
  J["kernels"][0]["timed_launches"] = 29;
  J["kernels"][0]["total_ns"] = 2.9e6;
  auto P = readProfileFile(writeTemp("untimed.json", J.dump()));
  ASSERT_TRUE(P) << P.error().message();
  ProfileReport R = analyzeProfile(*P, testDevice());
  EXPECT_DOUBLE_EQ(R.Kernels[0].TotalNs, 4.0e6);
  EXPECT_DOUBLE_EQ(R.Kernels[0].Sites[0].TotalNs, 3.0e6);
  EXPECT_DOUBLE_EQ(*R.Kernels[0].Models.Thesis->MeasuredMs, 4.0);
}

TEST(KernelReportTest, RejectsMoreTimedLaunchesThanLaunches) {
  auto J = twoKernelProfile();
  J["kernels"][0]["timed_launches"] = 31;
  auto P = readProfileFile(writeTemp("overtimed.json", J.dump()));
  ASSERT_FALSE(P);
  EXPECT_NE(P.error().message().find("kernels[0].timed_launches: expected at "
                                     "most launches (30), got 31"),
            std::string::npos);
}

} // namespace

namespace {

ProfileDocument libraryCalls() {
  auto P = readProfileFile(
      writeTemp("library-calls.json", libraryCallProfile().dump()));
  EXPECT_TRUE(P) << P.error().message();
  return *P;
}

TEST(KernelReportTest, GroupingByCallReportsEachCallsKernelsAtTheCall) {
  ProfileDocument P = libraryCalls();
  ProfileReport R =
      analyzeProfile(P, testDevice(), {}, true, KernelGrouping::Call);
  EXPECT_EQ(R.Grouping, KernelGrouping::Call);
  // Scopes 0 and 3 are one call (one location and name): its onesweep
  // launches are one report of 35 launches.
  ASSERT_EQ(R.Calls.size(), 2u);
  const CallReport &Sort60 = R.Calls[0];
  EXPECT_EQ(Sort60.Scope->Name, "thrust::sort");
  EXPECT_EQ(Sort60.Scope->Where.Line, 60u);
  EXPECT_EQ(Sort60.Launches, 65u);
  EXPECT_DOUBLE_EQ(Sort60.TotalNs, 4.0e6);
  EXPECT_NEAR(Sort60.ShareOfProfile, 4.0 / 6.25, 1e-12);
  ASSERT_EQ(Sort60.Kernels.size(), 2u);
  const KernelReport &Main = R.Kernels[Sort60.Kernels[0]];
  EXPECT_EQ(Main.Kernel, OnesweepKernel);
  EXPECT_EQ(Main.ShortName, "cub::DeviceRadixSortOnesweepKernel<...>");
  EXPECT_EQ(Main.Call, Sort60.Scope);
  EXPECT_EQ(Main.Launches, 35u);
  EXPECT_FALSE(Main.Definition);
  ASSERT_TRUE(Main.where());
  EXPECT_EQ(Main.where()->Line, 60u);
  EXPECT_FALSE(Main.outside());
  ASSERT_EQ(Main.Sites.size(), 1u);
  EXPECT_EQ(Main.Sites[0].Scope, Sort60.Scope);
  EXPECT_EQ(R.Kernels[Sort60.Kernels[1]].ShortName,
            "cub::DeviceRadixSortHistogramKernel<...>");
  // The other call of the same function is a call of its own.
  const CallReport &Sort70 = R.Calls[1];
  EXPECT_EQ(Sort70.Scope->Where.Line, 70u);
  ASSERT_EQ(Sort70.Kernels.size(), 1u);
  EXPECT_EQ(R.Kernels[Sort70.Kernels[0]].Launches, 10u);
  // The user's kernel and the one outside instrumented code: no call.
  for (const KernelReport &K : R.Kernels) {
    if (K.Kernel == "user") {
      EXPECT_FALSE(K.Call);
      EXPECT_EQ(K.where(), K.Definition);
      EXPECT_FALSE(K.outside());
    }
    if (K.Kernel == GemvKernel) {
      EXPECT_FALSE(K.Call);
      EXPECT_FALSE(K.where());
      EXPECT_TRUE(K.outside());
      EXPECT_EQ(K.ShortName, "gemv2T_kernel_val<...>");
    }
  }
  EXPECT_EQ(R.Kernels.size(), 5u);
}

TEST(KernelReportTest, GroupingByKernelKeepsEachKernelOnceWithItsCalls) {
  ProfileDocument P = libraryCalls();
  ProfileReport R = analyzeProfile(P, testDevice());
  EXPECT_EQ(R.Grouping, KernelGrouping::Kernel);
  EXPECT_TRUE(R.Calls.empty());
  ASSERT_EQ(R.Kernels.size(), 4u);
  const KernelReport &Sort = R.Kernels[0];
  EXPECT_EQ(Sort.Kernel, OnesweepKernel);
  EXPECT_EQ(Sort.Launches, 45u);
  EXPECT_FALSE(Sort.Call);
  // A library kernel is reported at the call that ran most of it.
  ASSERT_TRUE(Sort.where());
  EXPECT_EQ(Sort.where()->Line, 60u);
  EXPECT_FALSE(Sort.outside());
  // One usage per call, most time first.
  ASSERT_EQ(Sort.Sites.size(), 2u);
  EXPECT_EQ(Sort.Sites[0].Scope->Where.Line, 60u);
  EXPECT_EQ(Sort.Sites[0].Launches, 35u);
  EXPECT_EQ(Sort.Sites[1].Scope->Where.Line, 70u);
  EXPECT_FALSE(Sort.Sites[0].outside());
}

TEST(KernelReportTest, ParsesTheGroupingsByName) {
  EXPECT_EQ(parseKernelGrouping("call"), KernelGrouping::Call);
  EXPECT_EQ(parseKernelGrouping("kernel"), KernelGrouping::Kernel);
  EXPECT_FALSE(parseKernelGrouping("kernels"));
  EXPECT_STREQ(kernelGroupingName(KernelGrouping::Call), "call");
  EXPECT_STREQ(kernelGroupingName(KernelGrouping::Kernel), "kernel");
}

} // namespace
