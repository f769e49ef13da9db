//===- PredictionTest.cpp - The model's edge cases and variants -----------===//

#include "model/Prediction.h"

#include "ThesisTestSupport.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

using namespace headroom;
using namespace headroom::test;
using ::testing::HasSubstr;

namespace {

KernelParameters intKernel() {
  KernelParameters K;
  K.Name = "hash";
  K.Type = KernelType::Int;
  K.WComp = 1e9;
  K.WTraf = 1e8; // O_krn = 10
  K.EMix = 0.5;
  K.DOps = 0.5;
  K.DLdSt = 0.2;
  K.DOther = 0.3;
  return K;
}

TEST(Prediction, IntegerKernelsAtMadCost) {
  Expected<Prediction> P = predict(intKernel(), shippedDevice("gtx-660"));
  ASSERT_TRUE(P) << P.error().message();
  EXPECT_FALSE(P->OptimisticInt);
  EXPECT_EQ(P->TOp, 359.04); // T_int
  EXPECT_EQ(printed(P->WOp, 4), "5.4055");
  EXPECT_EQ(P->EMix, 0.5);
  EXPECT_EQ(printed(P->COp, 4), "2.7028");
  EXPECT_EQ(printed(P->EInstr, 4), "0.6263");
  EXPECT_EQ(printed(P->TOpEff, 2), "112.43");
  EXPECT_EQ(P->Limit, Bound::Compute); // O_dev = 0.9563 < 10
  EXPECT_EQ(printed(P->PredictedMs, 4), "8.8948");
}

TEST(Prediction, OptimisticIntegerVariant) {
  // Thesis 6.2.1: T_add instead of T_int for T_op and the int weight, and
  // E_mix = 100%.
  ModelOptions Options;
  Options.OptimisticInt = true;
  Expected<Prediction> P =
      predict(intKernel(), shippedDevice("gtx-660"), Options);
  ASSERT_TRUE(P) << P.error().message();
  EXPECT_TRUE(P->OptimisticInt);
  EXPECT_EQ(P->TOp, 621.36);               // T_add
  EXPECT_EQ(printed(P->WOp, 4), "3.1235"); // T_SP / T_add
  EXPECT_EQ(P->EMix, 1.0);
  EXPECT_EQ(printed(P->COp, 4), "1.5617");
  EXPECT_EQ(printed(P->EInstr, 4), "0.4919");
  EXPECT_EQ(printed(P->TOpEff, 2), "305.66");
  EXPECT_EQ(printed(P->PredictedMs, 4), "3.2716");

  // The variant changes nothing for floating-point kernels.
  KernelParameters Fp = intKernel();
  Fp.Type = KernelType::Fp32;
  Fp.EMix = 0.75;
  Expected<Prediction> A = predict(Fp, shippedDevice("gtx-660"));
  Expected<Prediction> B = predict(Fp, shippedDevice("gtx-660"), Options);
  ASSERT_TRUE(A && B);
  EXPECT_FALSE(B->OptimisticInt);
  EXPECT_EQ(A->TOpEff, B->TOpEff);
  EXPECT_EQ(A->EMix, 0.75);
}

TEST(Prediction, NoDramTrafficIsComputeBoundWithInfiniteIntensity) {
  KernelParameters K = intKernel();
  K.WTraf = 0;
  Expected<Prediction> P = predict(K, shippedDevice("gtx-660"));
  ASSERT_TRUE(P) << P.error().message();
  EXPECT_TRUE(std::isinf(P->OKrn));
  EXPECT_TRUE(std::isinf(P->Margin));
  EXPECT_EQ(P->Limit, Bound::Compute);
  EXPECT_EQ(P->AttainableGops, P->TOpEff);
  EXPECT_DOUBLE_EQ(P->PredictedMs, K.WComp / (P->TOpEff * 1e6));
}

TEST(Prediction, NoComputeIsMemoryBoundAtBandwidth) {
  KernelParameters K = intKernel();
  K.WComp = 0;
  K.DOps = 0;
  K.DOther = 0.8;
  Expected<Prediction> P = predict(K, shippedDevice("gtx-660"));
  ASSERT_TRUE(P) << P.error().message();
  EXPECT_EQ(P->OKrn, 0.0);
  EXPECT_EQ(P->Margin, 0.0);
  EXPECT_EQ(P->Limit, Bound::Memory);
  EXPECT_EQ(P->AttainableGops, 0.0);
  EXPECT_DOUBLE_EQ(P->PredictedMs, 1e8 / (117.56 * 1e6));
  EXPECT_FALSE(P->headroom());
}

TEST(Prediction, BothZeroIsAnErrorNamingTheKernel) {
  KernelParameters K = intKernel();
  K.WComp = 0;
  K.WTraf = 0;
  K.DOps = 0;
  K.DOther = 0.8;
  Expected<Prediction> P = predict(K, shippedDevice("gtx-660"));
  ASSERT_FALSE(P);
  EXPECT_EQ(P.error().message(),
            "kernel 'hash': no compute operations and no DRAM traffic "
            "(W_comp = W_traf = 0): nothing to model");
}

TEST(Prediction, RejectsUnusableDevices) {
  DeviceParameters D = shippedDevice("gtx-660");
  D.TLdSt = 0;
  Expected<Prediction> P = predict(intKernel(), D);
  ASSERT_FALSE(P);
  EXPECT_EQ(P.error().message(),
            "device 'GTX-660': T_ldst must be a positive number, got 0");
}

TEST(Prediction, MeasuredTimeGivesHeadroomErrorAndAchievedRate) {
  Expected<Prediction> P = predict(intKernel(), shippedDevice("gtx-660"));
  ASSERT_TRUE(P);
  EXPECT_FALSE(P->headroom());
  EXPECT_FALSE(P->error());
  EXPECT_FALSE(P->achievedGops());
  P->MeasuredMs = 2 * P->PredictedMs;
  EXPECT_DOUBLE_EQ(*P->headroom(), 2.0);
  EXPECT_DOUBLE_EQ(*P->error(), -0.5);
  EXPECT_DOUBLE_EQ(*P->achievedGops(), P->AttainableGops / 2);
}

TEST(Prediction, PredictAllIsDeviceMajor) {
  KernelParameters A = intKernel(), B = intKernel();
  B.Name = "other";
  Expected<std::vector<Prediction>> All =
      predictAll({A, B}, {shippedDevice("gtx-480"), shippedDevice("gtx-660")});
  ASSERT_TRUE(All) << All.error().message();
  ASSERT_EQ(All->size(), 4u);
  EXPECT_EQ((*All)[0].Device, "GTX-480");
  EXPECT_EQ((*All)[0].Kernel, "hash");
  EXPECT_EQ((*All)[1].Kernel, "other");
  EXPECT_EQ((*All)[2].Device, "GTX-660");
  KernelParameters Bad = intKernel();
  Bad.EMix = 2;
  Expected<std::vector<Prediction>> Fails =
      predictAll({A, Bad}, {shippedDevice("gtx-480")});
  ASSERT_FALSE(Fails);
  EXPECT_THAT(Fails.error().message(),
              HasSubstr("E_mix of an int kernel is 0.5"));
}

} // namespace
