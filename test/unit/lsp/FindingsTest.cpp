//===- FindingsTest.cpp - A kernel's lens and hover text ------------------===//

#include "lsp/Findings.h"

#include <gtest/gtest.h>

using namespace headroom::lsp;

namespace {

KernelFinding finding() {
  KernelFinding K;
  K.Kernel = "saxpy";
  K.Bound = "memory-bound";
  K.Device = "H100-SXM";
  K.TotalNs = 6.258e6;
  K.LaunchCount = 21;
  K.Headroom = 1.0;
  K.PredictedMs = 6.279;
  return K;
}

TEST(Findings, TheLensGivesTheRoofWhenFartherThanTheCap) {
  KernelFinding K = finding();
  K.HeadroomToRoof = 1.13;
  EXPECT_EQ(K.lensTitle(), "memory-bound · headroom 1.13x to the roof, 1.00x "
                           "to the cap · 6.258 ms in 21 launches");
  // Within 10% of each other, one number says it.
  K.HeadroomToRoof = 1.05;
  EXPECT_EQ(K.lensTitle(), "memory-bound · headroom 1.00x · 6.258 ms in 21 "
                           "launches");
  K.HeadroomToRoof.reset();
  EXPECT_EQ(K.headroomText("**"), "headroom **1.00x**");
}

TEST(Findings, TheHoverSaysWhetherThePredictionIsAFloor) {
  KernelFinding K = finding();
  EXPECT_NE(K.hoverMarkdown(nullptr, "").find("predicted floor 6.279 ms"),
            std::string::npos);
  K.EstimatePredicted = true;
  EXPECT_NE(K.hoverMarkdown(nullptr, "").find("predicted time 6.279 ms"),
            std::string::npos);
}

} // namespace
