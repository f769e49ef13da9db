//===- VectorAccessTest.cpp - 16-byte global loads ------------------------===//

#include "model/whatifs/VectorAccess.h"

#include "../HopperTestSupport.h"

#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::test;

namespace {

/// A copy of one float per thread: 1024 blocks of 256 threads, one
/// coalesced 4-byte load each (4 sectors per warp load).
LaunchGroup floatCopy() {
  return countersGroup({{Counter::Inst, 8 * 8192.0},
                        {Counter::LsuPipeInst, 2 * 8192.0},
                        {Counter::GlobalLoadInst, 8192},
                        {Counter::L1GlobalLoadSectors, 4 * 8192.0},
                        {Counter::ThreadsPerInst, 32},
                        {Counter::TranRead, 4 * 8192.0}});
}

TEST(VectorAccess, FourFloatsPerThreadInOneLoad) {
  LaunchGroup G = floatCopy();
  HopperPrediction Base = predictHopper({&G, 1}, roundRates(), std::nullopt);
  std::optional<WhatIfChange> C =
      VectorAccess().apply({&G, 1}, Base, roundRates());
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Measure, WhatIfMeasure::BytesPerThreadLoad);
  EXPECT_DOUBLE_EQ(C->Before, 4);
  EXPECT_DOUBLE_EQ(C->After, 16);
  const LaunchGroup &T = C->Groups.front();
  EXPECT_EQ(T.Shape.Blocks, 256u);
  EXPECT_DOUBLE_EQ(*T.total(Counter::GlobalLoadInst), 2048);
  EXPECT_DOUBLE_EQ(*T.Work.amount(Unit::LsuPipe), 2 * 8192.0 - 6144);
  EXPECT_DOUBLE_EQ(*T.Work.amount(Unit::Issue), 8 * 8192.0 - 6144);
  // The bytes stay.
  EXPECT_DOUBLE_EQ(*T.Work.amount(Unit::Dram), *G.Work.amount(Unit::Dram));
}

TEST(VectorAccess, NotForWideOrScatteredLoads) {
  HopperPrediction Base;
  // float4 loads already: 16 sectors per warp load.
  LaunchGroup Wide = floatCopy();
  Wide.Counters[static_cast<std::size_t>(Counter::L1GlobalLoadSectors)] =
      16 * 8192.0;
  EXPECT_FALSE(VectorAccess().apply({&Wide, 1}, Base, roundRates()));
  // 12 sectors per warp load: 12-byte loads, or scattered narrower ones
  // (the counters cannot tell them apart); 16 bytes are no whole number of
  // either.
  LaunchGroup Scattered = floatCopy();
  Scattered.Counters[static_cast<std::size_t>(Counter::L1GlobalLoadSectors)] =
      12 * 8192.0;
  EXPECT_FALSE(VectorAccess().apply({&Scattered, 1}, Base, roundRates()));
  // Without the global load counters.
  LaunchGroup Bare = countedGroup(Counter::LsuPipeInst, 1e6);
  EXPECT_FALSE(VectorAccess().apply({&Bare, 1}, Base, roundRates()));
}

} // namespace
