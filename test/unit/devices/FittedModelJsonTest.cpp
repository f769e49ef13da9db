//===- FittedModelJsonTest.cpp - A device file's fitted_model -------------===//

#include "devices/FittedModelJson.h"
#include "devices/DeviceRegistry.h"

#include <gtest/gtest.h>

using namespace headroom;
using nlohmann::json;

namespace {

TEST(FittedModelJson, RoundTrips) {
  FittedWeights W;
  W.TrainedOn = "70 kernels";
  W.PerUnit[static_cast<std::size_t>(Unit::Dram)] = 0.56;
  W.PerUnit[static_cast<std::size_t>(Unit::FmaPipe)] = 0.68;
  W.PerLaunchMs = 0.002;
  Expected<FittedWeights> Back =
      readFittedModel(json::parse(fittedModelToJson(W).dump()), "fitted_model");
  ASSERT_TRUE(Back) << Back.error().message();
  EXPECT_EQ(Back->TrainedOn, "70 kernels");
  EXPECT_EQ(Back->PerUnit, W.PerUnit);
  EXPECT_EQ(Back->PerLaunchMs, 0.002);
}

TEST(FittedModelJson, ErrorsNameTheField) {
  auto errorOf = [](const char *Text) {
    Expected<FittedWeights> W =
        readFittedModel(json::parse(Text), "fitted_model");
    return W ? std::string() : W.error().message();
  };
  EXPECT_NE(
      errorOf(R"({"unit_weights": {}, "per_launch_ms": 0})").find("trained_on"),
      std::string::npos);
  EXPECT_NE(
      errorOf(
          R"({"trained_on": "x", "unit_weights": {"warp": 1}, "per_launch_ms": 0})")
          .find("fitted_model.unit_weights.warp: unknown unit; expected one of "
                "issue, fma"),
      std::string::npos);
  EXPECT_NE(
      errorOf(
          R"({"trained_on": "x", "unit_weights": {"dram": -1}, "per_launch_ms": 0})")
          .find("fitted_model.unit_weights.dram"),
      std::string::npos);
  EXPECT_NE(errorOf(R"({"trained_on": "x", "unit_weights": {"dram": 1}})")
                .find("fitted_model.per_launch_ms"),
            std::string::npos);
}

TEST(FittedModelJson, TheShippedHopperFilesHaveWeights) {
  DeviceRegistry R = DeviceRegistry::fromEnvironment();
  for (const char *Name : {"H100-SXM", "H200"}) {
    Expected<DeviceEntry> E = R.lookup(Name);
    ASSERT_TRUE(E) << E.error().message();
    ASSERT_TRUE(E->Device.Fitted) << Name;
    // DRAM weighs through its bandwidth floor, its latency estimates or the
    // stages' partial overlap.
    const FittedWeights &W = *E->Device.Fitted;
    double Dram = W.PerUnit[static_cast<std::size_t>(Unit::Dram)];
    for (double Estimate : W.PerEstimate)
      Dram += Estimate;
    EXPECT_GT(Dram, 0) << Name;
  }
}

} // namespace
