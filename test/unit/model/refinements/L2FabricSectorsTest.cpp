//===- L2FabricSectorsTest.cpp - L2 sectors counted twice -----------------===//

#include "model/refinements/L2FabricSectors.h"
#include "model/HopperModel.h"
#include "model/UnitWork.h"

#include "../HopperTestSupport.h"

#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::test;

namespace {

/// A copy's counters: \p Sectors sectors read from DRAM and as many stored,
/// each counted 1.5 times by the L2 (\p DramRead: whether DRAM's reads
/// were recorded).
LaunchGroup copyGroup(double Sectors, bool DramRead = true) {
  std::map<Counter, double> Values = {
      {Counter::Inst, 1e3},
      {Counter::L2SectorsRead, 1.5 * Sectors},
      {Counter::L2SectorsWrite, 1.5 * Sectors},
      {Counter::L2Bytes, 3 * Sectors * SectorBytes}};
  if (DramRead)
    Values[Counter::TranRead] = Sectors;
  return countersGroup(Values);
}

TEST(L2FabricSectors, SecondCountOfDramReadsAndOfEveryWrite) {
  // A copy: half of what DRAM read, and a third of the counted writes.
  EXPECT_DOUBLE_EQ(l2SecondCountSectors(1.5e6, 1.5e6, 1e6), 1e6);
  // Reads the near half serves (none from DRAM) are counted once.
  EXPECT_DOUBLE_EQ(l2SecondCountSectors(1e6, 0, 0), 0);
  // Never more of the reads than a count of 1.5 each leaves, whatever DRAM
  // read (the lines the sampled launch's predecessor dirtied, noise).
  EXPECT_DOUBLE_EQ(l2SecondCountSectors(0.9e6, 0, 3e6), 0.3e6);
  // Negative counts (a what-if's arithmetic) count nothing.
  EXPECT_DOUBLE_EQ(l2SecondCountSectors(-1, -1, -1), 0);
}

/// The round device's rates with the L2's hardware peak at \p GBps.
UnitRates ratesWithL2Peak(double GBps) {
  DeviceParameters D = roundDevice();
  addMeasurement(D, "l2_peak", GBps, "GB/s");
  return ratesOf(D);
}

TEST(L2FabricSectors, FloorAtTheBytesTheSmsMoveBusyAsCounted) {
  // 1e6 sectors copied: 96 MB counted, 64 MB moved. At 100 GB/s the L2's
  // floor is 0.64 ms (0.96 ms as counted); against a 150 GB/s peak it was
  // busy 0.64 ms as counted, never more than its roof.
  LaunchGroup G = copyGroup(1e6);
  HopperPrediction P = predictHopper({&G, 1}, ratesWithL2Peak(150), 2.0);
  const UnitTime *L2 = P.timeOf(Unit::L2Bytes);
  ASSERT_NE(L2, nullptr);
  EXPECT_DOUBLE_EQ(L2->RoofMs, 0.64);
  EXPECT_DOUBLE_EQ(L2->FloorMs, 0.64);
  EXPECT_DOUBLE_EQ(L2->BusyMs, 0.64);
  EXPECT_DOUBLE_EQ(P.Evidence.L2Fabric.CountedBytes, 96e6);
  EXPECT_DOUBLE_EQ(P.Evidence.L2Fabric.SecondCountBytes, 32e6);
  EXPECT_TRUE(P.Evidence.applied(RefinementId::L2FabricSectors));

  // A faster peak: busy as counted, below the roof.
  HopperPrediction Fast = predictHopper({&G, 1}, ratesWithL2Peak(300), 2.0);
  ASSERT_NE(Fast.timeOf(Unit::L2Bytes), nullptr);
  EXPECT_DOUBLE_EQ(Fast.timeOf(Unit::L2Bytes)->BusyMs, 0.32);
}

TEST(L2FabricSectors, WithoutDramReadsTheCountStands) {
  LaunchGroup G = copyGroup(1e6, /*DramRead=*/false);
  HopperPrediction P = predictHopper({&G, 1}, roundRates(), 2.0);
  ASSERT_NE(P.timeOf(Unit::L2Bytes), nullptr);
  EXPECT_DOUBLE_EQ(P.timeOf(Unit::L2Bytes)->FloorMs, 0.96);
  EXPECT_FALSE(P.Evidence.applied(RefinementId::L2FabricSectors));
}

} // namespace
