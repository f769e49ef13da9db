//===- GenerationsTest.cpp - GPU generations of the device database -------===//

#include "devices/Generations.h"

#include "../model/ThesisTestSupport.h"

#include <gtest/gtest.h>

using namespace headroom;

namespace {

DeviceEntry device(const std::string &Vendor, const std::string &Architecture,
                   const std::string &CC) {
  DeviceEntry E;
  E.Device.Name = Architecture + "-" + CC;
  E.Device.Vendor = Vendor;
  E.Device.Architecture = Architecture;
  E.Device.ComputeCapability = CC;
  return E;
}

TEST(Generations, ComputeCapabilitiesCompareAsNumbers) {
  EXPECT_EQ(parseComputeCapability("9.0"), (std::pair{9, 0}));
  EXPECT_EQ(parseComputeCapability("12.0"), (std::pair{12, 0}));
  EXPECT_LT(*parseComputeCapability("8.9"), *parseComputeCapability("10.0"));
  for (const char *Bad : {"", "9", "9.", ".5", "sm_90", "9.0a"})
    EXPECT_EQ(parseComputeCapability(Bad), std::nullopt) << Bad;
}

TEST(Generations, ArchitecturesRankByTheirNewestDevice) {
  // Blackwell spans 10.0 and 12.0; Ada (8.9) is newer than Ampere (8.0,
  // 8.6) and older than Hopper; an AMD or unversioned device is no NVIDIA
  // generation.
  std::vector<DeviceEntry> Devices = {device("NVIDIA", "Ampere", "8.0"),
                                      device("NVIDIA", "Hopper", "9.0"),
                                      device("NVIDIA", "Blackwell", "10.0"),
                                      device("NVIDIA", "Ada", "8.9"),
                                      device("NVIDIA", "Ampere", "8.6"),
                                      device("NVIDIA", "Blackwell", "12.0"),
                                      device("AMD", "CDNA3", ""),
                                      device("NVIDIA", "Mystery", ""),
                                      device("NVIDIA", "Kepler", "3.5")};
  EXPECT_EQ(architecturesNewestFirst(Devices, "NVIDIA"),
            (std::vector<std::string>{"Blackwell", "Hopper", "Ada", "Ampere",
                                      "Kepler"}));
  EXPECT_TRUE(architecturesNewestFirst(Devices, "AMD").empty());
}

TEST(Generations, TheShippedDatabaseIsCurrentFromBlackwellToAda) {
  DeviceRegistry Registry("", test::shippedDeviceDir());
  Expected<std::vector<DeviceEntry>> Current =
      Registry.lookupTargets("current");
  ASSERT_TRUE(Current) << Current.error().message();
  std::vector<std::string> Names;
  for (const DeviceEntry &E : *Current) {
    EXPECT_EQ(E.Device.Vendor, "NVIDIA");
    EXPECT_TRUE(E.Device.Architecture == "Blackwell" ||
                E.Device.Architecture == "Hopper" ||
                E.Device.Architecture == "Ada")
        << E.Device.Name << ": " << E.Device.Architecture;
    Names.push_back(E.Device.Name);
  }
  // Calibrated H100-SXM and H200 shadow their spec-derived twins.
  EXPECT_EQ(Names, (std::vector<std::string>{"H100-SXM", "H200", "B200",
                                             "GB200", "H100-PCIe", "L4", "L40S",
                                             "RTX-4090", "RTX-5090"}));
}

} // namespace
