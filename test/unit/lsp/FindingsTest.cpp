//===- FindingsTest.cpp - A kernel's lens and hover text ------------------===//

#include "lsp/Findings.h"

#include <gtest/gtest.h>

using namespace headroom::lsp;

namespace {

EditorKernel finding() {
  EditorKernel K;
  K.Kernel = "saxpy";
  K.ShortName = "saxpy";
  K.Bound = "memory-bound";
  K.Device = "H100-SXM";
  K.TotalNs = 6.258e6;
  K.LaunchCount = 21;
  K.Headroom = 1.13;
  K.RoofName = "DRAM roof";
  K.PredictedMs = 6.279;
  K.CapHeadroom = 0.997;
  return K;
}

TEST(Findings, TheLensSaysWhatTheWarningSays) {
  EditorKernel K = finding();
  EXPECT_EQ(K.lensTitle(), "memory-bound · 1.13x slower than its DRAM roof · "
                           "6.258 ms in 21 launches");
  EXPECT_EQ(K.headroomText("**"), "**1.13x** slower than its DRAM roof");
  // Without a roof, the headroom is to the prediction.
  K.RoofName.clear();
  EXPECT_EQ(K.headroomText(""), "1.13x slower than predicted");
}

TEST(Findings, AHotLineLensGivesTheShareAndTheReason) {
  EditorKernel K = finding();
  K.ShortName = "find";
  EXPECT_EQ(
      K.hotLineLensTitle({{"/src/k.cu", 252, 5}, 0.614, "long_scoreboard"}),
      "61% of find's warp stalls · long scoreboard");
  // A reason this version does not know is named as the profile has it.
  EXPECT_EQ(K.hotLineLensTitle({{"/src/k.cu", 252, 5}, 0.2, "future_reason"}),
            "20% of find's warp stalls · future_reason");
}

TEST(Findings, TheHoverSaysWhetherThePredictionIsAFloor) {
  EditorKernel K = finding();
  EXPECT_NE(K.hoverMarkdown(nullptr, "")
                .find("predicted floor 6.279 ms, measured 1.00x that"),
            std::string::npos);
  K.EstimatePredicted = true;
  EXPECT_NE(K.hoverMarkdown(nullptr, "").find("predicted time 6.279 ms"),
            std::string::npos);
}

TEST(Findings, TheHoverOfACallNamesTheFunctionAndItsMainKernel) {
  EditorKernel K = finding();
  K.Kernel = "void cub::CUB_300001_SM_900::DeviceReduceKernel<float>(float*)";
  K.ShortName = "cub::DeviceReduceKernel<float>";
  K.Call = "cub::DeviceReduce::Sum";
  EXPECT_EQ(
      K.hoverMarkdown(nullptr, "")
          .rfind("**Headroom** · `cub::DeviceReduce::Sum` here: its main "
                 "kernel, `cub::DeviceReduceKernel<float>`, is memory-bound on "
                 "H100-SXM\n",
                 0),
      0u);
}

} // namespace
