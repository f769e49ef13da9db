//===- OrderTargetsTest.cpp - The order every view lists targets in -------===//

#include "analysis/KernelFinding.h"

#include <gtest/gtest.h>

using namespace headroom;

namespace {

TargetFinding target(const std::string &Device, const std::string &Generation,
                     double ProjectedMs) {
  TargetFinding T;
  T.Device = Device;
  T.Generation = Generation;
  T.ProjectedMs = ProjectedMs;
  return T;
}

std::vector<std::string> names(const std::vector<TargetFinding> &Targets) {
  std::vector<std::string> Out;
  for (const TargetFinding &T : Targets)
    Out.push_back(T.Device);
  return Out;
}

TEST(OrderTargets, GroupsByGenerationFastestGroupAndTargetFirst) {
  std::vector<TargetFinding> Targets = {
      target("GTX-480", "NVIDIA Fermi", 1212),
      target("L4", "NVIDIA Ada", 113),
      target("B200", "NVIDIA Blackwell", 40),
      target("H200", "NVIDIA Hopper", 45),
      target("RTX-5090", "NVIDIA Blackwell", 30),
      target("L40S", "NVIDIA Ada", 38),
      target("M2050", "NVIDIA Fermi", 1754),
      target("K20c", "NVIDIA Kepler", 1281)};
  orderTargets(Targets);
  // Blackwell (30 ms) before Ada (38 ms) before Hopper (45 ms), although L4
  // is slower than H200; each group fastest first.
  EXPECT_EQ(names(Targets),
            (std::vector<std::string>{"RTX-5090", "B200", "L40S", "L4", "H200",
                                      "GTX-480", "M2050", "K20c"}));
}

TEST(OrderTargets, TiesKeepTheTargetsOrder) {
  std::vector<TargetFinding> Targets = {target("B", "", 2), target("A", "", 2),
                                        target("C", "", 1)};
  orderTargets(Targets);
  EXPECT_EQ(names(Targets), (std::vector<std::string>{"C", "B", "A"}));
}

} // namespace
