//===- ChartsTest.cpp - Roofline and quadrant-split geometry --------------===//

#include "views/Charts.h"

#include "../model/ThesisTestSupport.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace headroom;
using namespace headroom::test;

namespace {

std::vector<Prediction> sorOnAllGpus() {
  KernelParameters K = exampleCounters("thesis-sor.json").Kernels[0].Parameters;
  std::vector<Prediction> All;
  for (const char *Gpu : ThesisGpus) {
    Expected<Prediction> P = predict(K, shippedDevice(Gpu));
    EXPECT_TRUE(P);
    if (P)
      All.push_back(*P);
  }
  return All;
}

TEST(Charts, QuadrantSplitOfSorMatchesFigure5_4) {
  // Figure 5.4: "the only GPU point residing below the kernel's half-line
  // is the one representing the GTX-660".
  QuadrantSplitChart C = makeQuadrantSplit("rb-sor-red", sorOnAllGpus());
  EXPECT_EQ(printed(C.Slope, 1), "0.3");
  ASSERT_EQ(C.Devices.size(), 6u);
  for (const QuadrantDevice &D : C.Devices) {
    SCOPED_TRACE(D.Device);
    EXPECT_EQ(D.OnOrAboveLine, D.Device != "GTX-660");
    // The attainable point lies on the half-line...
    EXPECT_NEAR(D.AttainableCompute, C.Slope * D.AttainableBandwidth, 1e-9);
    if (D.OnOrAboveLine) {
      // ...straight below the device point,
      EXPECT_EQ(D.AttainableBandwidth, D.Bandwidth);
      EXPECT_LE(D.AttainableCompute, D.Compute);
    } else {
      // ...or straight left of it.
      EXPECT_EQ(D.AttainableCompute, D.Compute);
      EXPECT_LT(D.AttainableBandwidth, D.Bandwidth);
    }
  }
  // GTX-660: (117.56 GB/s, 28.92 GFLOPS), using 95.82 GB/s of bandwidth.
  const QuadrantDevice &G = C.Devices[1];
  EXPECT_EQ(printed(G.Bandwidth, 2), "117.56");
  EXPECT_EQ(printed(G.Compute, 2), "28.92");
  EXPECT_EQ(printed(G.AttainableBandwidth, 2), "95.82");
  // GTX-480: memory-bound at 49.31 GFLOPS (table 5.7).
  EXPECT_EQ(printed(C.Devices[0].AttainableCompute, 2), "49.31");
}

TEST(Charts, QuadrantSplitOfAKernelWithoutTraffic) {
  KernelParameters K =
      exampleCounters("thesis-sgemm.json").Kernels[0].Parameters;
  K.WTraf = 0;
  Expected<Prediction> P = predict(K, shippedDevice("gtx-660"));
  ASSERT_TRUE(P);
  QuadrantSplitChart C = makeQuadrantSplit(K.Name, {*P});
  EXPECT_TRUE(std::isinf(C.Slope));
  ASSERT_EQ(C.Devices.size(), 1u);
  EXPECT_FALSE(C.Devices[0].OnOrAboveLine);
  EXPECT_EQ(C.Devices[0].AttainableBandwidth, 0.0);
  EXPECT_EQ(C.Devices[0].AttainableCompute, P->TOpEff);
}

TEST(Charts, RooflineOfGtx660) {
  std::vector<Prediction> All = sorOnAllGpus();
  KernelParameters S =
      exampleCounters("thesis-sgemm.json").Kernels[0].Parameters;
  Expected<Prediction> Sgemm = predict(S, shippedDevice("gtx-660"));
  ASSERT_TRUE(Sgemm);
  Sgemm->MeasuredMs = 6.201;
  All.push_back(*Sgemm);
  RooflineChart R = makeRoofline(shippedDevice("gtx-660"), All);
  EXPECT_EQ(R.Device, "GTX-660");
  EXPECT_EQ(R.Bandwidth, 117.56);
  ASSERT_EQ(R.Peaks.size(), 4u);
  EXPECT_EQ(R.Peaks[0].Label, "T_SP"); // highest first
  EXPECT_EQ(printed(R.Peaks[0].Ridge, 2), "16.51");
  ASSERT_EQ(R.Kernels.size(), 2u); // only the GTX-660's predictions
  const RooflineKernel &Sor = R.Kernels[0];
  EXPECT_EQ(printed(Sor.Ceiling, 2), "28.92");
  EXPECT_EQ(printed(Sor.Ridge, 2), "0.25");
  EXPECT_EQ(Sor.Limit, Bound::Compute);
  EXPECT_EQ(Sor.Attainable, R.roof(Sor.Intensity, Sor.Ceiling));
  EXPECT_FALSE(Sor.Achieved);
  const RooflineKernel &Gemm = R.Kernels[1];
  EXPECT_EQ(printed(Gemm.Ceiling, 2), "202.80");
  EXPECT_EQ(printed(Gemm.Intensity, 2), "24.81");
  ASSERT_TRUE(Gemm.Achieved);
  EXPECT_EQ(printed(*Gemm.Achieved, 1), "169.1"); // figure 4.6's "X"
  EXPECT_EQ(R.roof(0.1, 202.80), 0.1 * 117.56);
  EXPECT_EQ(R.roof(INFINITY, 202.80), 202.80);
}

} // namespace
