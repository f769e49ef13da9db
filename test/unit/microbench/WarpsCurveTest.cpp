//===- WarpsCurveTest.cpp - Tests of the *_vs_warps curves ----------------===//

#include "core/WarpsCurve.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

using namespace headroom::microbench;

TEST(WarpsCurve, TheValueIsTheFewestWarpsReachingNinetyPercentOfTheBest) {
  std::vector<int> Asked;
  Measurement M = measureWarpsCurve(
      "x_vs_warps",
      [&](int Warps) {
        Asked.push_back(Warps);
        // Saturates at 100 from 16 warps on; 8 warps give 89.
        return Warps >= 16 ? 100.0 : Warps == 8 ? 89.0 : 10.0 * Warps;
      },
      "how");
  EXPECT_EQ(Asked, (std::vector<int>{1, 2, 4, 8, 16, 32, 48, 64}));
  EXPECT_EQ(M.Name, "x_vs_warps");
  EXPECT_EQ(M.Unit, "warps/SM");
  EXPECT_EQ(M.Method, "how");
  ASSERT_EQ(M.Points.size(), 8u);
  EXPECT_EQ(M.Points[3], (std::pair<double, double>{8, 89}));
  EXPECT_EQ(M.Value, 16);
}

TEST(WarpsCurve, ExactlyNinetyPercentIsEnough) {
  Measurement M = measureWarpsCurve(
      "x", [](int Warps) { return Warps == 4  ? 90.0
                                  : Warps < 4 ? 1
                                              : 100.0; },
      "");
  EXPECT_EQ(M.Value, 4);
}

TEST(WarpsCurve, WhatTheRateThrowsPassesThrough) {
  EXPECT_THROW(measureWarpsCurve(
                   "x",
                   [](int Warps) -> double {
                     if (Warps == 8)
                       throw std::runtime_error("not resident");
                     return 1;
                   },
                   ""),
               std::runtime_error);
}
