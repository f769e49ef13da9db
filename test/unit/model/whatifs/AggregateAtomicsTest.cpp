//===- AggregateAtomicsTest.cpp - One atomic per warp, not per thread -----===//

#include "model/whatifs/AggregateAtomics.h"

#include "../HopperTestSupport.h"

#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::test;

namespace {

TEST(AggregateAtomics, OneAtomicPerWarpInstruction) {
  // Every thread's fp32 add to one word: 32 inputs per reduction.
  LaunchGroup G = countersGroup({{Counter::Inst, 1e6},
                                 {Counter::GlobalReductionInst, 1e6},
                                 {Counter::L2AtomicCyclesBusiest, 3.2e7}});
  UnitRates R = ratesOf(roundDeviceWithL2Clock());
  HopperPrediction Base = predictHopper({&G, 1}, R, std::nullopt);
  std::optional<WhatIfChange> C = AggregateAtomics().apply({&G, 1}, Base, R);
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Measure, WhatIfMeasure::AtomicsPerWarpInstruction);
  EXPECT_DOUBLE_EQ(C->Before, 32);
  EXPECT_DOUBLE_EQ(C->After, 1);
  EXPECT_DOUBLE_EQ(*C->Groups.front().Work.amount(Unit::L2Atomics), 1e6);
  EXPECT_LT(predictHopper(C->Groups, R, std::nullopt).predictedMs(),
            Base.predictedMs());
}

TEST(AggregateAtomics, NotWhereEachInstructionSendsOne) {
  UnitRates R = ratesOf(roundDeviceWithL2Clock());
  // Aggregated already (or spread over words): one input per atomic.
  LaunchGroup Aggregated =
      countersGroup({{Counter::Inst, 1e6},
                     {Counter::AtomicInst, 1e6},
                     {Counter::L2AtomicCyclesBusiest, 1e6}});
  EXPECT_FALSE(
      AggregateAtomics().apply({&Aggregated, 1}, HopperPrediction(), R));
  // Without the atomic instructions, the threads per atomic are unknown.
  LaunchGroup Uncounted = countersGroup(
      {{Counter::Inst, 1e6}, {Counter::L2AtomicCyclesBusiest, 3.2e7}});
  EXPECT_FALSE(
      AggregateAtomics().apply({&Uncounted, 1}, HopperPrediction(), R));
  LaunchGroup None = countedGroup(Counter::FmaPipeInst, 1e6);
  EXPECT_FALSE(AggregateAtomics().apply({&None, 1}, HopperPrediction(), R));
}

} // namespace
