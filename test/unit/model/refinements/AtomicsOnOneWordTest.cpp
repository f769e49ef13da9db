//===- AtomicsOnOneWordTest.cpp - Atomics between many words and one ------===//

#include "model/refinements/AtomicsOnOneWord.h"
#include "model/HopperModel.h"
#include "model/LatencyCauses.h"
#include "model/UnitRates.h"

#include "../HopperTestSupport.h"

#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::test;

namespace {

TEST(OneWordAtomics, BoundAtOnePerClockEstimateBetweenTheWordsAndOneWord) {
  // The slice takes one input per clock (1 G/s) on different words, 0.6 G
  // inputs/s on one word (19.2 G merged u32 adds/s): the estimate is off by
  // the same share either way, 2 / (1e9 + 0.6e9) s per input: 1e6 inputs
  // take 1.25 ms (1 ms on different words, 1.667 ms on one), the floor 1.
  DeviceParameters D = roundDevice();
  addMeasurement(D, "l2_clock_under_load", 1000, "MHz");
  addMeasurement(D, "l2_slices", 4, "slices");
  addMeasurement(D, "atomic_same_address_red_u32", 19200, "M atomics/s");
  Expected<UnitRates> R = unitRates(D);
  ASSERT_TRUE(R) << R.error().message();
  EXPECT_DOUBLE_EQ(*R->AtomicSameAddressInputs, 0.6e9);
  EXPECT_DOUBLE_EQ(l2AtomicSeconds(*R, 1e6), 1.25e-3);
  EXPECT_DOUBLE_EQ(l2AtomicSeconds(*R, 0), 0);
  LaunchGroup G = countedGroup(Counter::L2AtomicCyclesBusiest, 1e6);
  HopperPrediction P = predictHopper({&G, 1}, *R, 1.5);
  EXPECT_DOUBLE_EQ(P.floorMs(), 1.0);
  EXPECT_DOUBLE_EQ(P.Evidence.StageMs[static_cast<std::size_t>(Stage::L2)],
                   1.25);
  // (The group's 1e6 warp instructions add 0.003% in the stages' norm.)
  EXPECT_NEAR(P.predictedMs(), 1.25, 1e-4);
  EXPECT_TRUE(P.Evidence.applied(RefinementId::OneWordAtomics));
  EXPECT_DOUBLE_EQ(P.Evidence.Atomics.Inputs, 1e6);
  EXPECT_DOUBLE_EQ(P.Evidence.Atomics.OneWordFp32Share, 0);
  // Inputs the SASS knows to be fp32 adds to one word take the fp32 rate
  // (0.25 G inputs/s, 4 clocks): half of them, 0.5 x 1.25 + 0.5 x 4 ms.
  R->AtomicSameAddressFloatInputs = 0.25e9;
  EXPECT_DOUBLE_EQ(l2AtomicSeconds(*R, 1e6, 0.5), 2.625e-3);
  LaunchGroup Known = G;
  Known.Facts.OneWordFp32AtomicShare = 1;
  HopperPrediction F = predictHopper({&Known, 1}, *R, 4.5);
  EXPECT_DOUBLE_EQ(F.floorMs(), 1.0);
  EXPECT_DOUBLE_EQ(F.Evidence.StageMs[static_cast<std::size_t>(Stage::L2)],
                   4.0);
  EXPECT_DOUBLE_EQ(F.Evidence.Atomics.OneWordFp32Share, 1);
  EXPECT_DOUBLE_EQ(F.Evidence.Atomics.AllOneWordFp32Ms, 4.0);
  // Without the fp32 rate those inputs count as the others.
  R->AtomicSameAddressFloatInputs.reset();
  EXPECT_DOUBLE_EQ(l2AtomicSeconds(*R, 1e6, 1), 1.25e-3);
  // A one-word rate above one per clock never brings the estimate under it.
  R->AtomicSameAddressInputs = 2e9;
  EXPECT_DOUBLE_EQ(l2AtomicSeconds(*R, 1e6), 1e-3);
  // Without the measurement the estimate is the floor's one per clock.
  R->AtomicSameAddressInputs.reset();
  EXPECT_DOUBLE_EQ(l2AtomicSeconds(*R, 1e6), 1e-3);
  // Without the L2's clock nothing is bounded or estimated.
  EXPECT_DOUBLE_EQ(l2AtomicSeconds(roundRates(), 1e6), 0);
}

} // namespace
