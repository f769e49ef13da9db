//===- BankConflictsTest.cpp - Shared-memory accesses without conflicts ---===//

#include "model/whatifs/BankConflicts.h"

#include "../HopperTestSupport.h"

#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::test;

namespace {

TEST(BankConflicts, RemovesTheConflictsWavefronts) {
  // 1e6 shared loads of 8 wavefronts each (7e6 conflicts) and 1e6 stores
  // without conflicts.
  LaunchGroup G = countersGroup({{Counter::Inst, 4e6},
                                 {Counter::L1Wavefronts, 9.5e6},
                                 {Counter::SharedLoadInst, 1e6},
                                 {Counter::SharedLoadWavefronts, 8e6},
                                 {Counter::SharedLoadBankConflicts, 7e6},
                                 {Counter::SharedStoreInst, 1e6},
                                 {Counter::SharedStoreWavefronts, 1e6},
                                 {Counter::SharedStoreBankConflicts, 0}});
  HopperPrediction Base = predictHopper({&G, 1}, roundRates(), std::nullopt);
  std::optional<WhatIfChange> C =
      BankConflicts().apply({&G, 1}, Base, roundRates());
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Measure, WhatIfMeasure::WavefrontsPerSharedInstruction);
  EXPECT_DOUBLE_EQ(C->Before, 4.5);
  EXPECT_DOUBLE_EQ(C->After, 1);
  const LaunchGroup &T = C->Groups.front();
  EXPECT_DOUBLE_EQ(*T.Work.amount(Unit::L1Wavefronts), 2.5e6);
  EXPECT_DOUBLE_EQ(*T.total(Counter::SharedLoadWavefronts), 1e6);
}

TEST(BankConflicts, CountsNoMoreThanTheWavefrontsBeyondOnePerInstruction) {
  // Hopper's conflict counters can exceed the extra wavefronts: at most
  // those beyond one per instruction are removed.
  LaunchGroup G = countersGroup({{Counter::Inst, 4e6},
                                 {Counter::L1Wavefronts, 4e6},
                                 {Counter::SharedLoadInst, 1e6},
                                 {Counter::SharedLoadWavefronts, 2e6},
                                 {Counter::SharedLoadBankConflicts, 3e6}});
  HopperPrediction Base = predictHopper({&G, 1}, roundRates(), std::nullopt);
  std::optional<WhatIfChange> C =
      BankConflicts().apply({&G, 1}, Base, roundRates());
  ASSERT_TRUE(C);
  EXPECT_DOUBLE_EQ(*C->Groups.front().Work.amount(Unit::L1Wavefronts), 3e6);
}

TEST(BankConflicts, NotOfferedForAFewConflicts) {
  // 1e5 extra wavefronts of 1e7: under ConflictShare.
  LaunchGroup G = countersGroup({{Counter::Inst, 4e6},
                                 {Counter::L1Wavefronts, 1e7},
                                 {Counter::SharedLoadInst, 5e6},
                                 {Counter::SharedLoadWavefronts, 5.1e6},
                                 {Counter::SharedLoadBankConflicts, 1e5}});
  HopperPrediction Base = predictHopper({&G, 1}, roundRates(), std::nullopt);
  EXPECT_FALSE(BankConflicts().apply({&G, 1}, Base, roundRates()));
  // Without the conflict counters there is nothing to remove.
  LaunchGroup Bare = countedGroup(Counter::L1Wavefronts, 1e7);
  EXPECT_FALSE(BankConflicts().apply({&Bare, 1}, Base, roundRates()));
}

} // namespace
