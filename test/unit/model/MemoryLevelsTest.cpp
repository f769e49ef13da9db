//===- MemoryLevelsTest.cpp - A kernel's bytes at each memory level -------===//

#include "model/MemoryLevels.h"

#include <gtest/gtest.h>

using namespace headroom;

namespace {

KernelCounters counters() {
  KernelCounters C;
  C.setInput(Counter::TranRead, 1000);
  C.setInput(Counter::TranWrite, 500);
  C.Carried[Counter::L2Bytes] = 96000;
  C.Carried[Counter::SharedLoadWavefronts] = 100;
  C.Carried[Counter::SharedStoreWavefronts] = 50;
  return C;
}

TEST(MemoryLevels, CountersBecomeBytes) {
  KernelCounters C = counters();
  EXPECT_EQ(dramBytes(C), 32 * 1500);
  EXPECT_EQ(l2Bytes(C), 96000);
  EXPECT_EQ(sharedWavefronts(C), 150);
  C.Carried.clear();
  EXPECT_FALSE(l2Bytes(C));
  EXPECT_FALSE(sharedWavefronts(C));
}

TEST(MemoryLevels, IntensitiesPerLevel) {
  Prediction P;
  P.WComp = 192000;
  P.OKrn = 4;
  LevelIntensities I = levelIntensities(counters(), P);
  EXPECT_EQ(I.Dram, 4);
  EXPECT_EQ(I.L2, 2.0);
  // 150 wavefronts of 32 lanes x 4 bytes.
  EXPECT_EQ(I.Shared, 10.0);
  P.WComp = 0;
  EXPECT_FALSE(levelIntensities(counters(), P).L2);
}

TEST(MemoryLevels, RoofsOfTheCalibratedLevels) {
  DeviceParameters D;
  D.BMem = 3000;
  std::vector<MemoryRoof> Roofs = memoryRoofs(D);
  ASSERT_EQ(Roofs.size(), 1u) << "neither L2 nor shared memory calibrated";
  D.TLdSt = 2000;
  D.Measurements.push_back({"l2_read", 9000, "GB/s"});
  Roofs = memoryRoofs(D);
  ASSERT_EQ(Roofs.size(), 3u);
  EXPECT_EQ(Roofs[1].Level, MemoryLevel::L2);
  EXPECT_EQ(Roofs[1].GBps, 9000);
  EXPECT_EQ(Roofs[2].Level, MemoryLevel::Shared);
  EXPECT_EQ(Roofs[2].GBps, 8000) << "4 bytes per access at T_ldst";
}

TEST(MemoryLevels, AttainablePercentIsTheInverseOfTheHeadroom) {
  Prediction P;
  P.PredictedMs = 2;
  EXPECT_FALSE(P.attainablePct());
  P.MeasuredMs = 8;
  EXPECT_EQ(P.attainablePct(), 25.0);
}

} // namespace
