//===- DeviceFileTest.cpp - Reading and writing headroom.device/1 ---------===//

#include "devices/DeviceFile.h"

#include "support/JsonInput.h"

#include "../model/TempDir.h"
#include "../model/ThesisTestSupport.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace headroom;
using nlohmann::json;
using ::testing::HasSubstr;

namespace {

json minimalDevice() {
  return json::parse(R"({
    "schema": "headroom.device/1",
    "name": "GTX-660",
    "provenance": {"source": "thesis table 5.2"},
    "parameters": {
      "T_SP":   {"value": 1940.80, "unit": "GFLOP/s"},
      "T_DP":   {"value":   89.70, "unit": "GFLOP/s"},
      "T_int":  {"value":  359.04, "unit": "GIOP/s"},
      "T_add":  {"value":  621.36, "unit": "GIOP/s"},
      "T_ldst": {"value":  169.58, "unit": "GOP/s"},
      "B_mem":  {"value":  117.56, "unit": "GB/s"}
    }
  })");
}

std::string errorOf(const json &Doc) {
  Expected<DeviceParameters> D = parseDevice(Doc);
  if (D) {
    ADD_FAILURE() << "expected an error for " << Doc.dump();
    return "";
  }
  return D.error().message();
}

TEST(DeviceFile, ReadsTheMinimalDevice) {
  Expected<DeviceParameters> D = parseDevice(minimalDevice());
  ASSERT_TRUE(D) << D.error().message();
  EXPECT_EQ(D->Name, "GTX-660");
  EXPECT_EQ(D->TSP, 1940.80);
  EXPECT_EQ(D->TDP, 89.70);
  EXPECT_EQ(D->TInt, 359.04);
  EXPECT_EQ(D->TAdd, 621.36);
  EXPECT_EQ(D->TLdSt, 169.58);
  EXPECT_EQ(D->BMem, 117.56);
  EXPECT_EQ(D->Origin.Source, "thesis table 5.2");
  EXPECT_TRUE(D->Aliases.empty());
  EXPECT_FALSE(D->Identity.SmCount);
}

TEST(DeviceFile, ReadsTheDocumentedExample) {
  // The example of docs/formats.md, with every optional part.
  json Doc = minimalDevice();
  Doc["aliases"] = {"GTX660", "GeForce GTX 660"};
  Doc["vendor"] = "NVIDIA";
  Doc["architecture"] = "Kepler";
  Doc["compute_capability"] = "3.0";
  Doc["identity"] = json::parse(R"({"product_name": "NVIDIA H200",
    "sm_count": 132, "sm_clock_mhz": 1980, "memory_clock_mhz": 3201,
    "memory_bus_width_bits": 6144, "l2_bytes": 62914560, "ecc": true,
    "driver_version": "580.159.04", "cuda_version": "13.0"})");
  Doc["provenance"] = json::parse(R"({"source": "thesis table 5.2",
    "date": "2026-11-22", "tool": "headroom calibrate 0.1.0",
    "commit": "abc1234", "command": "headroom calibrate -o h200.json"})");
  Doc["parameters"]["T_SP"]["spread_pct"] = 0.4;
  Doc["parameters"]["T_SP"]["method"] = "fma chains";
  Doc["measurements"] = json::parse(R"([{"name": "fp32_add", "value": 33.1,
    "unit": "TFLOP/s", "spread_pct": 0.4, "method": "...",
    "theoretical": 33.4, "points": [[1, 2.5], [2, 4]]}])");
  Expected<DeviceParameters> D = parseDevice(Doc);
  ASSERT_TRUE(D) << D.error().message();
  EXPECT_EQ(D->Aliases.size(), 2u);
  EXPECT_EQ(D->Identity.SmCount, 132);
  EXPECT_EQ(D->Identity.L2Bytes, 62914560);
  EXPECT_EQ(D->Identity.Ecc, true);
  EXPECT_EQ(D->Origin.Commit, "abc1234");
  EXPECT_EQ(D->Details.at("T_SP").SpreadPct, 0.4);
  ASSERT_EQ(D->Measurements.size(), 1u);
  EXPECT_EQ(D->Measurements[0].Theoretical, 33.4);
  ASSERT_EQ(D->Measurements[0].Points.size(), 2u);
  EXPECT_EQ(D->Measurements[0].Points[0].second, 2.5);

  // Writing and reading back gives the same document and the same device.
  json Written = json::parse(deviceToJson(*D).dump());
  Expected<DeviceParameters> Again = parseDevice(Written);
  ASSERT_TRUE(Again) << Again.error().message();
  EXPECT_EQ(json::parse(deviceToJson(*Again).dump()), Written);
  EXPECT_EQ(Written, Doc);
}

TEST(DeviceFile, RoundTripsEveryShippedDeviceThroughAFile) {
  test::TempDir Dir;
  for (const char *Stem : {"gtx-480", "gtx-660", "gtx-960", "gtx-1060",
                           "tesla-m2050", "tesla-k20c", "r9-nano"}) {
    SCOPED_TRACE(Stem);
    std::string Shipped = test::shippedDeviceDir() + "/" + Stem + ".json";
    Expected<DeviceParameters> D = readDeviceFile(Shipped);
    ASSERT_TRUE(D) << D.error().message();
    std::string Copy = Dir.file(std::string(Stem) + ".json");
    ASSERT_TRUE(writeDeviceFile(Copy, *D));
    Expected<DeviceParameters> Back = readDeviceFile(Copy);
    ASSERT_TRUE(Back) << Back.error().message();
    EXPECT_EQ(deviceToJson(*Back), deviceToJson(*D));
    // Nothing the shipped file says is lost.
    Expected<json> Original = readJsonFile(Shipped);
    ASSERT_TRUE(Original);
    EXPECT_EQ(json::parse(deviceToJson(*Back).dump()), *Original);
  }
}

TEST(DeviceFile, RejectsBadDevices) {
  json D = minimalDevice();
  D["schema"] = "headroom.device/2";
  EXPECT_EQ(errorOf(D), "schema: expected \"headroom.device/1\", got string "
                        "\"headroom.device/2\"");
  D = minimalDevice();
  D.erase("name");
  EXPECT_EQ(errorOf(D), "name: missing (expected a non-empty string)");
  D = minimalDevice();
  D["parameters"]["B_mem"]["unit"] = "GiB/s";
  EXPECT_EQ(errorOf(D), "parameters.B_mem.unit: expected \"GB/s\", got "
                        "string \"GiB/s\"");
  D = minimalDevice();
  D["parameters"]["T_DP"]["value"] = 0;
  EXPECT_EQ(errorOf(D), "parameters.T_DP.value: expected a positive number, "
                        "got 0");
  D = minimalDevice();
  D["parameters"]["T_ldst"] = 169.58;
  EXPECT_THAT(errorOf(D), HasSubstr("parameters.T_ldst: expected an object "
                                    "{\"value\": <positive number>, "
                                    "\"unit\": \"GOP/s\"}, got 169.58"));
  D = minimalDevice();
  D["parameters"].erase("T_add");
  EXPECT_THAT(errorOf(D), HasSubstr("parameters.T_add: missing"));
  D = minimalDevice();
  D.erase("provenance");
  EXPECT_THAT(errorOf(D), HasSubstr("provenance: missing"));
  D = minimalDevice();
  D["provenance"] = {{"date", "2026-11-22"}};
  EXPECT_EQ(errorOf(D),
            "provenance.source: missing (expected a non-empty string)");
  D = minimalDevice();
  D["aliases"] = {"GTX660", 660};
  EXPECT_EQ(errorOf(D), "aliases[1]: expected a non-empty string, got 660");
  D = minimalDevice();
  D["identity"] = {{"sm_count", -5}};
  EXPECT_EQ(errorOf(D),
            "identity.sm_count: expected a positive integer, got -5");
  D = minimalDevice();
  D["identity"] = {{"ecc", "yes"}};
  EXPECT_EQ(errorOf(D), "identity.ecc: expected true or false, got string "
                        "\"yes\"");
  D = minimalDevice();
  D["measurements"] = json::parse(
      R"([{"name": "x", "value": 1, "unit": "s", "points": [[1, 2, 3]]}])");
  EXPECT_EQ(errorOf(D), "measurements[0].points[0]: expected a pair [x, y] "
                        "of numbers, got an array");
  D = minimalDevice();
  D["measurements"] = json::parse(R"([{"name": "x", "unit": "s"}])");
  EXPECT_EQ(errorOf(D), "measurements[0].value: missing (expected a number)");
}

TEST(DeviceFile, FileErrorsNameTheFile) {
  test::TempDir Dir;
  std::string Path = Dir.write("d.json", "{\"schema\": \"headroom.device/1\"}");
  Expected<DeviceParameters> D = readDeviceFile(Path);
  ASSERT_FALSE(D);
  EXPECT_EQ(D.error().message(),
            Path + ": name: missing (expected a non-empty string)");
  Status S =
      writeDeviceFile(Dir.file("no/such/dir/d.json"), DeviceParameters());
  ASSERT_FALSE(S);
  EXPECT_THAT(S.error().message(), HasSubstr("cannot write file"));
}

} // namespace
