//===- WhatIfTest.cpp - Estimating what the what-ifs buy ------------------===//

#include "model/WhatIf.h"

#include "HopperTestSupport.h"

#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <sstream>

using namespace headroom;
using namespace headroom::test;

namespace {

TEST(WhatIf, EstimatesTheSpeedupByRunningTheModelAgain) {
  // Shared-fed FMAs (whatifs/RegisterTilingTest.cpp) whose shared loads
  // take 2 wavefronts each, one of them a conflict's: register tiling and
  // conflict-free loads both apply.
  LaunchGroup G = countersGroup({{Counter::Inst, 4e6},
                                 {Counter::FmaPipeInst, 2e6},
                                 {Counter::LsuPipeInst, 4e6},
                                 {Counter::L1Wavefronts, 1e7},
                                 {Counter::SharedLoadInst, 4e6},
                                 {Counter::SharedLoadWavefronts, 8e6},
                                 {Counter::SharedLoadBankConflicts, 4e6}});
  std::vector<WhatIfEstimate> E = estimateWhatIfs({&G, 1}, roundRates());
  ASSERT_EQ(E.size(), 2u);
  // The larger gain first: tiling cuts 6e6 wavefronts, the conflicts 4e6.
  EXPECT_EQ(E[0].Id, WhatIfId::RegisterTiling);
  EXPECT_EQ(E[1].Id, WhatIfId::BankConflicts);
  EXPECT_GT(E[0].speedup(), E[1].speedup());
  HopperPrediction Base = predictHopper({&G, 1}, roundRates(), std::nullopt);
  for (const WhatIfEstimate &W : E) {
    EXPECT_DOUBLE_EQ(W.PredictedMs, Base.predictedMs());
    EXPECT_GE(W.speedup(), MinWhatIfSpeedup);
  }
  // The data path's 5 ms floor becomes 3 ms with the conflicts gone (2 ms
  // tiled).
  EXPECT_NEAR(E[1].ChangedMs, 3.0, 0.5);
  EXPECT_EQ(whatIfInfo(E[0].Id).Key, "register-tiling");
  EXPECT_EQ(whatIfMeasureKey(E[1].Measure),
            "wavefronts_per_shared_instruction");
}

TEST(WhatIf, NothingBelowTheLeastGain) {
  // Conflicts that add 6% of the wavefronts of a kernel the issue bounds:
  // removing them buys nothing.
  LaunchGroup G = countersGroup({{Counter::Inst, 1e8},
                                 {Counter::L1Wavefronts, 1e6},
                                 {Counter::SharedLoadInst, 5e5},
                                 {Counter::SharedLoadWavefronts, 5.6e5},
                                 {Counter::SharedLoadBankConflicts, 6e4}});
  EXPECT_TRUE(estimateWhatIfs({&G, 1}, roundRates()).empty());
  EXPECT_TRUE(estimateWhatIfs({}, roundRates()).empty());
}

TEST(WhatIf, EachHasItsSectionInTheAdviceDocUnderItsKey) {
  std::ifstream In(std::string(HEADROOM_SOURCE_DIR) + "/docs/advice.md");
  std::stringstream Doc;
  Doc << In.rdbuf();
  ASSERT_FALSE(Doc.str().empty());
  for (const WhatIf *W : whatIfs()) {
    const WhatIfInfo &Info = W->info();
    EXPECT_NE(Doc.str().find("\n## " + std::string(Info.DocSection) + "\n"),
              std::string::npos)
        << Info.Key << ": no section '" << Info.DocSection << "'";
    // The notes link docs/advice.md#<key>: GitHub's anchor of the section.
    std::string Anchor(Info.DocSection);
    for (char &C : Anchor)
      C = C == ' ' ? '-' : char(std::tolower(static_cast<unsigned char>(C)));
    EXPECT_EQ(Anchor, Info.Key);
    EXPECT_EQ(&whatIfInfo(Info.Id), &Info);
  }
}

} // namespace
