//===- StaticFactsOfEntryTest.cpp - The SASS's facts of a profile entry ---===//

#include "analysis/KernelBounds.h"

#include "../schema/StallSampleFixtures.h"

#include <gtest/gtest.h>

using namespace headroom;

namespace {

/// Kernel _Z1kv's facts: an unrolled loop of four loads per round at
/// 0x0-0x60, then a remainder loop of one at 0x70-0x90.
StaticFactsIndex unrolledKernel() {
  StaticFacts F;
  F.GlobalLoadsPerRound = 2.5;
  F.LoadLoops = {{0x0, 0x60, 4}, {0x70, 0x90, 1}};
  StaticFactsIndex I;
  I.add("_Z1kv", "k()", F);
  return I;
}

ProfileKernel entry() {
  ProfileKernel K;
  K.Name = "_Z1kv";
  K.Demangled = "k()";
  K.Launches = 1;
  return K;
}

TEST(StaticFactsOfEntry, TheLoopsItsWarpsWaitInSetTheLoadsPerRound) {
  StaticFactsIndex I = unrolledKernel();
  ProfileKernel K = entry();
  LaunchGroup G;
  // Without stall samples, the loops' mean.
  applyStaticFacts(G, K, &I);
  EXPECT_DOUBLE_EQ(G.Facts.GlobalLoadsPerRound, 2.5);
  // 30 samples at the unrolled loop's loads; those of another function at
  // the remainder loop's addresses do not count.
  StallSamplePc Main =
      test::stallPc(0x30, nullptr, 0, {{"long_scoreboard", 30}});
  StallSamplePc Other =
      test::stallPc(0x80, nullptr, 0, {{"long_scoreboard", 500}});
  Other.Function = "_Z5otherv";
  K.Stalls = StallSamples{1, 1, 2, {Main, Other}};
  applyStaticFacts(G, K, &I);
  EXPECT_DOUBLE_EQ(G.Facts.GlobalLoadsPerRound, 4);
  // Fewer samples than MinLoopSamples leave the mean.
  K.Stalls->Pcs = {test::stallPc(0x30, nullptr, 0, {{"long_scoreboard", 5}})};
  applyStaticFacts(G, K, &I);
  EXPECT_DOUBLE_EQ(G.Facts.GlobalLoadsPerRound, 2.5);
}

} // namespace
