//===- FindingsTest.cpp - A kernel's lens and hover text ------------------===//

#include "lsp/Findings.h"

#include <gtest/gtest.h>

using namespace headroom::lsp;

namespace {

EditorKernel finding() {
  EditorKernel K;
  K.Kernel = "saxpy";
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

TEST(Findings, TheHoverSaysWhetherThePredictionIsAFloor) {
  EditorKernel K = finding();
  EXPECT_NE(K.hoverMarkdown(nullptr, "")
                .find("predicted floor 6.279 ms, measured 1.00x that"),
            std::string::npos);
  K.EstimatePredicted = true;
  EXPECT_NE(K.hoverMarkdown(nullptr, "").find("predicted time 6.279 ms"),
            std::string::npos);
}

} // namespace
