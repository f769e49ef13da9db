//===- PeakTablesTest.cpp - Tests of the theoretical peak tables ----------===//

#include "core/PeakTables.h"

#include <gtest/gtest.h>

using namespace headroom::microbench;

TEST(PeakTables, HopperPerClockRates) {
  const ArchitectureRates *R = findRates(9, 0);
  ASSERT_NE(R, nullptr);
  EXPECT_STREQ(R->Architecture, "Hopper");
  EXPECT_EQ(R->perClock(Op::Fp32Fma), 128);
  EXPECT_EQ(R->perClock(Op::Fp32Add), 128);
  EXPECT_EQ(R->perClock(Op::Fp64Fma), 64);
  EXPECT_EQ(R->perClock(Op::Fp16Fma), 256);
  EXPECT_EQ(R->perClock(Op::Bf16Fma), 256);
  EXPECT_EQ(R->perClock(Op::Int32Mad), 64);
  EXPECT_EQ(R->perClock(Op::Int32Add), 64);
  EXPECT_EQ(R->perClock(Op::Int32AddTwoPipes), 128);
  EXPECT_EQ(R->perClock(Op::Sfu), 16);
  EXPECT_EQ(R->perClock(Op::SharedLdst32), 32);
}

TEST(PeakTables, OlderArchitectures) {
  ASSERT_NE(findRates(7, 0), nullptr);
  EXPECT_EQ(findRates(7, 0)->perClock(Op::Fp32Fma), 64);
  EXPECT_EQ(findRates(7, 0)->perClock(Op::Fp64Fma), 32);
  EXPECT_EQ(findRates(7, 5)->perClock(Op::Fp64Fma), 2);
  EXPECT_EQ(findRates(8, 0)->perClock(Op::Fp16Fma), 256);
  EXPECT_EQ(findRates(8, 6)->perClock(Op::Fp32Fma), 128);
  EXPECT_EQ(findRates(8, 9)->perClock(Op::Fp64Fma), 2);
  EXPECT_EQ(findRates(6, 1), nullptr);
  EXPECT_EQ(findRates(9, 1), nullptr);
}

TEST(PeakTables, ArchitectureNames) {
  EXPECT_EQ(architectureName(9, 0), "Hopper");
  EXPECT_EQ(architectureName(8, 9), "Ada");
  EXPECT_EQ(architectureName(8, 6), "Ampere");
  EXPECT_EQ(architectureName(7, 5), "Turing");
  EXPECT_EQ(architectureName(10, 0), "Blackwell");
  EXPECT_EQ(architectureName(3, 0), "unknown");
}

TEST(PeakTables, H100Peaks) {
  // 132 SMs at 1980 MHz: the datasheet's 66.9 TFLOP/s fp32 and 33.5 fp64,
  // 133.8 TFLOP/s fp16 (non-tensor).
  EXPECT_NEAR(*peakGiga(Op::Fp32Fma, 9, 0, 132, 1980), 66908.16, 1e-6);
  EXPECT_NEAR(*peakGiga(Op::Fp64Fma, 9, 0, 132, 1980), 33454.08, 1e-6);
  EXPECT_NEAR(*peakGiga(Op::Fp16Fma, 9, 0, 132, 1980), 133816.32, 1e-6);
  // Adds count 1 op, FMA/MAD 2.
  EXPECT_NEAR(*peakGiga(Op::Fp32Add, 9, 0, 132, 1980), 33454.08, 1e-6);
  EXPECT_NEAR(*peakGiga(Op::Int32Mad, 9, 0, 132, 1980), 33454.08, 1e-6);
  EXPECT_NEAR(*peakGiga(Op::Int32Add, 9, 0, 132, 1980), 16727.04, 1e-6);
  // 32 shared 32-bit accesses per clock per SM.
  EXPECT_NEAR(*peakGiga(Op::SharedLdst32, 9, 0, 132, 1980), 8363.52, 1e-6);
}

TEST(PeakTables, NoPeakWithoutTableEntryOrClock) {
  EXPECT_FALSE(peakGiga(Op::Fp32Fma, 6, 1, 20, 1700));
  EXPECT_FALSE(peakGiga(Op::Bf16Fma, 7, 0, 80, 1530));
  EXPECT_FALSE(peakGiga(Op::Fp32Fma, 9, 0, 132, 0));
  EXPECT_FALSE(peakGiga(Op::Fp32Fma, 9, 0, 0, 1980));
}

TEST(PeakTables, DramPeakFromCudaMemoryClock) {
  // CUDA reports HBM clocks so that x2 (DDR) gives the datasheet figure.
  EXPECT_NEAR(dramPeakGBs(2619000, 5120), 3352.32, 1e-6);  // H100 SXM
  EXPECT_NEAR(dramPeakGBs(3201000, 6144), 4916.736, 1e-6); // H200
  EXPECT_NEAR(dramPeakGBs(877000, 4096), 898.048, 1e-6);   // V100
  EXPECT_NEAR(dramPeakGBs(7000000, 352), 616.0, 1e-6);     // RTX 2080 Ti
}

TEST(PeakTables, TensorCoreRates) {
  // Dense fp16/bf16 multiply-adds per clock per SM with fp32 accumulation.
  EXPECT_EQ(findRates(9, 0)->perClock(Op::TensorFp16), 2048);
  EXPECT_EQ(findRates(9, 0)->perClock(Op::TensorBf16), 2048);
  EXPECT_EQ(findRates(8, 0)->perClock(Op::TensorFp16), 1024);
  EXPECT_EQ(findRates(8, 6)->perClock(Op::TensorBf16), 512);
  EXPECT_EQ(findRates(8, 9)->perClock(Op::TensorFp16), 512);
  EXPECT_EQ(findRates(7, 0)->perClock(Op::TensorFp16), 512);
  // Volta has no bf16; no claim where the rate depends on the product.
  EXPECT_FALSE(peakGiga(Op::TensorBf16, 7, 0, 80, 1530));
  EXPECT_FALSE(peakGiga(Op::TensorFp16, 8, 7, 16, 1300));
}

TEST(PeakTables, TensorPeaksMatchDatasheets) {
  // An FMA counts 2 FLOP. H100 SXM: 989.4 TFLOP/s dense at 1830 MHz; A100:
  // 312 at 1410 MHz x 108 SMs; V100: 125 at 1530 MHz x 80 SMs.
  EXPECT_NEAR(*peakGiga(Op::TensorFp16, 9, 0, 132, 1830), 989429.76, 1e-6);
  EXPECT_NEAR(*peakGiga(Op::TensorBf16, 9, 0, 132, 1980), 1070530.56, 1e-6);
  EXPECT_NEAR(*peakGiga(Op::TensorBf16, 8, 0, 108, 1410), 311869.44, 1e-6);
  EXPECT_NEAR(*peakGiga(Op::TensorFp16, 7, 0, 80, 1530), 125337.6, 1e-6);
  EXPECT_STREQ(opName(Op::TensorFp16), "tensor fp16 mma");
}
