//===- AdviceLinesTest.cpp - Where an advice's change goes ----------------===//

#include "analysis/AdviceLines.h"

#include <gtest/gtest.h>

using namespace headroom;

namespace {

StallLine line(unsigned Number, double Share, const std::string &Dominant) {
  StallLine L;
  L.Where = SourceLocation{"k.cu", Number, 5};
  L.Share = Share;
  L.Dominant = Dominant;
  return L;
}

/// A kernel whose hot lines wait on shared memory (line 40, most samples),
/// on a global load (line 30) and at a barrier (line 35).
KernelReport sampledKernel() {
  KernelReport K;
  StallLines S;
  S.Lines = {line(40, 0.5, "mio_throttle"), line(30, 0.2, "long_scoreboard"),
             line(35, 0.15, "barrier"), line(50, 0.05, "lg_throttle")};
  S.Hot = {0, 1, 2};
  K.Stalls = std::move(S);
  return K;
}

TEST(AdviceLines, TheHottestLineThatWaitsOnWhatTheAdviceChanges) {
  KernelReport K = sampledKernel();
  ASSERT_NE(adviceLine(K, WhatIfId::BankConflicts), nullptr);
  EXPECT_EQ(adviceLine(K, WhatIfId::BankConflicts)->Where.Line, 40u);
  EXPECT_EQ(adviceLine(K, WhatIfId::LoadsInFlight)->Where.Line, 30u);
  EXPECT_EQ(adviceLine(K, WhatIfId::Coalesce)->Where.Line, 30u);
  // A tile's loads: the shared-memory ones hold most samples.
  EXPECT_EQ(adviceLine(K, WhatIfId::RegisterTiling)->Where.Line, 40u);
  // Line 50 waits on the global queue, but is not a hot line.
  K.Stalls->Hot = {0, 2};
  EXPECT_EQ(adviceLine(K, WhatIfId::VectorAccess), nullptr);
  EXPECT_EQ(adviceLine(K, WhatIfId::Fp32Math), nullptr);
}

TEST(AdviceLines, AdviceAboutTheLaunchHasNoLine) {
  KernelReport K = sampledKernel();
  for (WhatIfId Id :
       {WhatIfId::FillGpu, WhatIfId::Occupancy, WhatIfId::FuseKernels}) {
    EXPECT_TRUE(adviceReasons(Id).empty());
    EXPECT_EQ(adviceLine(K, Id), nullptr);
  }
}

TEST(AdviceLines, NoneWithoutSamplesOrALine) {
  KernelReport K;
  EXPECT_EQ(adviceLine(K, WhatIfId::LoadsInFlight), nullptr);
  // Samples the runtime could not give a line to.
  K = sampledKernel();
  K.Stalls->Lines[1].Where.File.clear();
  EXPECT_EQ(adviceLine(K, WhatIfId::LoadsInFlight), nullptr);
}

} // namespace
