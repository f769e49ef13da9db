//===- DeviceRegistryTest.cpp - Finding device files by name --------------===//

#include "devices/DeviceRegistry.h"

#include "devices/DeviceFile.h"

#include "../model/TempDir.h"
#include "../model/ThesisTestSupport.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>

#include <cstdlib>

using namespace headroom;
using ::testing::HasSubstr;

namespace {

/// A device file text named \p Name with T_SP = \p TSP.
std::string deviceText(const std::string &Name, double TSP,
                       const std::string &Aliases = "[]") {
  return R"({"schema": "headroom.device/1", "name": ")" + Name +
         R"(", "aliases": )" + Aliases +
         R"(, "provenance": {"source": "test"}, "parameters": {
           "T_SP": {"value": )" +
         std::to_string(TSP) + R"(, "unit": "GFLOP/s"},
           "T_DP": {"value": 1, "unit": "GFLOP/s"},
           "T_int": {"value": 1, "unit": "GIOP/s"},
           "T_add": {"value": 1, "unit": "GIOP/s"},
           "T_ldst": {"value": 1, "unit": "GOP/s"},
           "B_mem": {"value": 1, "unit": "GB/s"}}})";
}

/// Sets an environment variable for the lifetime of the object.
class ScopedEnv {
public:
  ScopedEnv(const char *Name, const char *Value) : Name(Name) {
    if (const char *Old = std::getenv(Name))
      Saved = Old;
    if (Value)
      ::setenv(Name, Value, 1);
    else
      ::unsetenv(Name);
  }
  ~ScopedEnv() {
    if (Saved)
      ::setenv(Name, Saved->c_str(), 1);
    else
      ::unsetenv(Name);
  }

private:
  const char *Name;
  std::optional<std::string> Saved;
};

TEST(DeviceRegistry, NormalizesNames) {
  EXPECT_EQ(normalizeDeviceName("GTX-660"), "gtx660");
  EXPECT_EQ(normalizeDeviceName("GeForce GTX_660 "), "geforcegtx660");
  DeviceParameters D;
  D.Name = "GTX-1060";
  D.Aliases = {"GTX-1060 6GB"};
  for (const char *Q : {"GTX-1060", "gtx1060", "Gtx 1060", "gtx_1060",
                        "GTX-1060 6GB", "gtx10606gb"})
    EXPECT_TRUE(deviceMatches(D, Q)) << Q;
  EXPECT_FALSE(deviceMatches(D, "GTX-106"));
  EXPECT_FALSE(deviceMatches(D, "--"));
}

TEST(DeviceRegistry, FindsShippedDevicesByNameOrAlias) {
  DeviceRegistry R("", test::shippedDeviceDir());
  for (auto [Query, Name] : {std::pair{"GTX660", "GTX-660"},
                             {"gtx-660", "GTX-660"},
                             {"GeForce GTX 660", "GTX-660"},
                             {"GTX-1060 6GB", "GTX-1060"},
                             {"tesla m2050", "Tesla M2050"},
                             {"K20c", "Tesla K20c"},
                             {"r9 nano", "R9-Nano"},
                             {"Radeon R9 Nano", "R9-Nano"}}) {
    Expected<DeviceEntry> E = R.lookup(Query);
    ASSERT_TRUE(E) << Query << ": " << E.error().message();
    EXPECT_EQ(E->Device.Name, Name);
    EXPECT_EQ(E->Source, DeviceSource::Shipped);
  }
}

TEST(DeviceRegistry, UnknownNamesSuggestCloseMatches) {
  DeviceRegistry R("", test::shippedDeviceDir());
  Expected<DeviceEntry> E = R.lookup("GTX-670");
  ASSERT_FALSE(E);
  EXPECT_THAT(E.error().message(), HasSubstr("unknown device 'GTX-670'; did "
                                             "you mean "));
  EXPECT_THAT(E.error().message(), HasSubstr("'GTX-660'"));
  EXPECT_THAT(E.error().message(), HasSubstr("run 'headroom devices'"));
  // MI300X has a spec table now; a GPU without any is still unknown.
  Expected<DeviceEntry> F = R.lookup("Gaudi3");
  ASSERT_FALSE(F);
  EXPECT_EQ(F.error().message(),
            "unknown device 'Gaudi3' (run 'headroom devices' to list the known "
            "devices, or give a path to a device file)");
  Expected<DeviceEntry> G = R.lookup("k20");
  ASSERT_FALSE(G);
  EXPECT_THAT(G.error().message(), HasSubstr("did you mean 'Tesla K20c'?"));
}

TEST(DeviceRegistry, UserDevicesComeFirstAndShadowShippedOnes) {
  test::TempDir User;
  User.write("my660.json", deviceText("gtx 660", 2000));
  User.write("h200.json", deviceText("H200", 60000, R"(["NVIDIA H200"])"));
  User.write("broken.json", "{");
  User.write("notes.txt", "not a device");
  DeviceRegistry R(User.str(), test::shippedDeviceDir());

  Expected<DeviceEntry> E = R.lookup("GTX-660");
  ASSERT_TRUE(E) << E.error().message();
  EXPECT_EQ(E->Source, DeviceSource::User);
  EXPECT_EQ(E->Device.TSP, 2000.0);
  EXPECT_EQ(E->Path, User.file("my660.json"));

  Expected<DeviceEntry> H = R.lookup("nvidia h200");
  ASSERT_TRUE(H) << H.error().message();
  EXPECT_EQ(H->Device.Name, "H200");

  std::vector<Error> Problems;
  std::vector<DeviceEntry> All = R.list(&Problems);
  // The user's two readable devices, then every shipped one, then the 17
  // derived from the spec tables (specs/, R9-Nano's a reference only).
  std::size_t Shipped = 0;
  for (const auto &F :
       std::filesystem::directory_iterator(test::shippedDeviceDir()))
    Shipped += F.path().extension() == ".json";
  ASSERT_GE(Shipped, 7u);
  ASSERT_EQ(All.size(), 2u + Shipped + 17u);
  EXPECT_EQ(All[0].Device.Name, "gtx 660"); // user ones first, by name
  EXPECT_EQ(All[1].Device.Name, "H200");
  EXPECT_EQ(All[2].Device.Name, "GTX-480");  // then shipped, by name
  EXPECT_EQ(All[5].Device.Name, "GTX-1060"); // numbers compare as numbers
  EXPECT_EQ(All[2].Source, DeviceSource::Shipped);
  ASSERT_EQ(Problems.size(), 1u);
  EXPECT_THAT(Problems[0].message(),
              HasSubstr(User.file("broken.json") + ": line 1, column 2"));

  Expected<DeviceEntry> Missing = R.lookup("Titan");
  ASSERT_FALSE(Missing);
  EXPECT_THAT(Missing.error().message(),
              HasSubstr("1 device file(s) could not be read"));
}

TEST(DeviceRegistry, PathsAreReadDirectly) {
  test::TempDir Dir;
  std::string Path = Dir.write("custom.json", deviceText("Custom", 123));
  DeviceRegistry R("", "");
  Expected<DeviceEntry> E = R.lookup(Path);
  ASSERT_TRUE(E) << E.error().message();
  EXPECT_EQ(E->Device.Name, "Custom");
  EXPECT_EQ(E->Source, DeviceSource::File);

  Expected<DeviceEntry> Missing = R.lookup(Dir.file("nope.json"));
  ASSERT_FALSE(Missing);
  EXPECT_EQ(Missing.error().message(),
            "device file '" + Dir.file("nope.json") + "' does not exist");
  Expected<DeviceEntry> Relative = R.lookup("nope.json");
  ASSERT_FALSE(Relative);
  EXPECT_THAT(Relative.error().message(), HasSubstr("does not exist"));

  std::string Bad = Dir.write("bad.json", R"({"schema": "x"})");
  Expected<DeviceEntry> B = R.lookup(Bad);
  ASSERT_FALSE(B);
  EXPECT_EQ(B.error().message(),
            Bad + ": schema: expected \"headroom.device/1\", got string "
                  "\"x\"");
}

TEST(DeviceRegistry, EnvironmentDecidesTheDirectories) {
  test::TempDir Dir;
  {
    ScopedEnv Xdg("XDG_DATA_HOME", Dir.file("xdg").c_str());
    ScopedEnv Home("HOME", Dir.file("home").c_str());
    ScopedEnv Shipped("HEADROOM_DEVICE_DIR", Dir.file("shipped").c_str());
    DeviceRegistry R = DeviceRegistry::fromEnvironment("/nonexistent/bin");
    EXPECT_EQ(R.userDir(), Dir.file("xdg") + "/headroom/devices");
    EXPECT_EQ(R.shippedDir(), Dir.file("shipped"));
  }
  {
    ScopedEnv Xdg("XDG_DATA_HOME", "");
    ScopedEnv Home("HOME", Dir.file("home").c_str());
    ScopedEnv Shipped("HEADROOM_DEVICE_DIR", nullptr);
    // An installed layout: <prefix>/bin and <prefix>/share/headroom/devices.
    Dir.write("prefix/share/headroom/devices/x.json", deviceText("X", 1));
    std::filesystem::create_directories(Dir.file("prefix/bin"));
    DeviceRegistry R = DeviceRegistry::fromEnvironment(Dir.file("prefix/bin"));
    EXPECT_EQ(R.userDir(), Dir.file("home") + "/.local/share/headroom/devices");
    EXPECT_EQ(R.shippedDir(), Dir.file("prefix/share/headroom/devices"));
    // Without an installed copy: the source tree's database.
    DeviceRegistry S = DeviceRegistry::fromEnvironment(Dir.file("elsewhere"));
    EXPECT_EQ(S.shippedDir(), test::shippedDeviceDir());
    EXPECT_TRUE(S.lookup("GTX-480"));
  }
}

} // namespace
