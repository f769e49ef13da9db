//===- ProfileWriterTest.cpp ----------------------------------------------===//

#include "ProfileExport.h"

#include "TempDir.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>

using namespace headroom::rt;
using headroom::rt::test::readFile;
using headroom::rt::test::TempDir;
using nlohmann::json;

namespace {

ProfileData sampleProfile() {
  ProfileData D;
  D.RuntimeVersion = "0.1.0";
  D.Process.Pid = 4242;
  D.Process.Host = "gpu-node";
  D.Process.Rank = 3;
  D.Process.Command = "./app --size 4096";
  D.Process.StartUnixNs = 1000;
  D.Process.EndUnixNs = 2000;
  DeviceIdentity Dev;
  Dev.Index = 0;
  Dev.Name = "NVIDIA H100 80GB HBM3";
  Dev.Uuid = "GPU-01234567-89ab-cdef-0123-456789abcdef";
  Dev.ComputeMajor = 9;
  Dev.ComputeMinor = 0;
  Dev.SmCount = 132;
  Dev.Chip = "GH100";
  D.Devices.push_back(Dev);
  D.Collection.Mode = "counters";
  D.Collection.RequestedMode = "counters";
  D.Collection.Metrics = {"smsp__inst_executed.sum", "dram__sectors_read.sum"};
  D.Collection.Passes = 2;
  D.Collection.DroppedMetrics = {{"x", "not available on this chip"}};
  D.Collection.Warnings = {"something"};
  D.Collection.DroppedRecords = 5;
  D.Collection.Diagnostics["kernel_records"] = 7;
  SiteEntry S;
  S.Id = 0;
  S.LaunchFile = "/src/app.cu";
  S.LaunchLine = 88;
  S.LaunchColumn = 3;
  S.Kernel = "saxpy";
  S.KernelFile = "/src/app.cu";
  S.KernelLine = 12;
  S.KernelColumn = 17;
  D.Sites.push_back(S);
  D.Scopes.push_back(ScopeEntry{0, "/src/app.cu", 90, 5, "thrust::sort"});
  D.Scopes.push_back(ScopeEntry{1, "/src/app.cu", 95, 5, "cublasSgemm"});
  D.Collection.Trigger = "SIGTERM";
  D.Collection.FlushIntervalS = 30;
  D.Collection.Notes = {"a note"};

  KernelStats K;
  K.Key =
      LaunchKey{0, NoScope, "_Z5saxpyifPKfPf", 0, {4096, 1, 1}, {256, 1, 1}, 0};
  K.StaticSharedBytes = 0;
  K.RegistersPerThread = 16;
  K.Launches = 100;
  for (int I = 0; I < 99; ++I)
    K.Timed.add(15100 + I % 5);
  K.Profiled.add(90000);
  K.Counters = CounterValues{{"smsp__inst_executed.sum", 123456.0},
                             {"dram__sectors_read.sum", 1.0e6},
                             {"bad", std::nan("")}};
  K.CounterLaunches = 1;
  D.Kernels.push_back(K);

  KernelStats L;
  L.Key = LaunchKey{NoSite, 1, "library_kernel", 0, {1, 1, 1}, {32, 1, 1}, 128};
  L.Launches = 2;
  L.GraphLaunches = 2;
  L.Timed.add(500);
  L.Timed.add(700);
  L.CounterNote = "not sampled: graph";
  D.Kernels.push_back(L);
  return D;
}

TEST(ProfileWriter, WritesEveryDocumentedField) {
  json J = json::parse(profileToJson(sampleProfile()).dump());
  EXPECT_EQ(J["schema"], "headroom.profile/1");
  EXPECT_EQ(J["process"]["pid"], 4242);
  EXPECT_EQ(J["process"]["host"], "gpu-node");
  EXPECT_EQ(J["process"]["rank"], 3);
  EXPECT_EQ(J["process"]["command"], "./app --size 4096");
  EXPECT_EQ(J["process"]["end_unix_ns"], 2000);

  ASSERT_EQ(J["devices"].size(), 1u);
  EXPECT_EQ(J["devices"][0]["name"], "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(J["devices"][0]["compute_capability"], "9.0");
  EXPECT_EQ(J["devices"][0]["sm_count"], 132);
  EXPECT_EQ(J["devices"][0]["chip"], "GH100");
  EXPECT_EQ(J["devices"][0]["uuid"],
            "GPU-01234567-89ab-cdef-0123-456789abcdef");

  const json &C = J["collection"];
  EXPECT_EQ(C["mode"], "counters");
  EXPECT_EQ(C["sampling"], "first");
  EXPECT_EQ(C["passes"], 2);
  EXPECT_EQ(C["metrics"].size(), 2u);
  EXPECT_EQ(C["dropped_metrics"][0]["name"], "x");
  EXPECT_EQ(C["warnings"][0], "something");
  EXPECT_EQ(C["dropped_records"], 5);
  EXPECT_EQ(C["diagnostics"]["kernel_records"], 7);
  EXPECT_EQ(C["trigger"], "SIGTERM");
  EXPECT_EQ(C["flush_interval_s"], 30.0);
  EXPECT_EQ(C["notes"], json::array({"a note"}));

  ASSERT_EQ(J["scopes"].size(), 2u);
  EXPECT_EQ(J["scopes"][1]["id"], 1);
  EXPECT_EQ(J["scopes"][1]["file"], "/src/app.cu");
  EXPECT_EQ(J["scopes"][1]["line"], 95);
  EXPECT_EQ(J["scopes"][1]["column"], 5);
  EXPECT_EQ(J["scopes"][1]["name"], "cublasSgemm");

  ASSERT_EQ(J["sites"].size(), 1u);
  const json &S = J["sites"][0];
  EXPECT_EQ(S["id"], 0);
  EXPECT_EQ(S["file"], "/src/app.cu");
  EXPECT_EQ(S["line"], 88);
  EXPECT_EQ(S["column"], 3);
  EXPECT_EQ(S["kernel"], "saxpy");
  EXPECT_EQ(S["kernel_line"], 12);
  EXPECT_EQ(S["kernel_column"], 17);

  ASSERT_EQ(J["kernels"].size(), 2u);
  const json &K = J["kernels"][0];
  EXPECT_EQ(K["site"], 0);
  EXPECT_TRUE(K["scope"].is_null());
  EXPECT_EQ(K["name"], "_Z5saxpyifPKfPf");
  EXPECT_EQ(K["demangled"], "saxpy(int, float, float const*, float*)");
  EXPECT_EQ(K["grid"], json::array({4096, 1, 1}));
  EXPECT_EQ(K["block"], json::array({256, 1, 1}));
  EXPECT_EQ(K["registers_per_thread"], 16);
  EXPECT_EQ(K["launches"], 100);
  EXPECT_EQ(K["timed_launches"], 99);
  EXPECT_EQ(K["timing"], "unprofiled");
  EXPECT_EQ(K["min_ns"], 15100);
  EXPECT_EQ(K["max_ns"], 15104);
  EXPECT_EQ(K["median_ns"], 15102);
  EXPECT_EQ(K["duration_sample_ns"].size(), DurationSample::Capacity);
  EXPECT_FALSE(K.contains("graph_launches"));
  EXPECT_EQ(K["profiled_ns"], 90000);
  EXPECT_EQ(K["counters"]["smsp__inst_executed.sum"], 123456.0);
  EXPECT_FALSE(K["counters"].contains("bad"))
      << "non-finite values are left out";
  EXPECT_EQ(K["counter_launches"], 1);

  const json &L = J["kernels"][1];
  EXPECT_TRUE(L["site"].is_null());
  EXPECT_EQ(L["scope"], 1);
  EXPECT_EQ(L["graph_launches"], 2);
  EXPECT_EQ(L["median_ns"], 600);
  EXPECT_EQ(L["duration_sample_ns"], json::array({500, 700}));
  EXPECT_EQ(L["counter_note"], "not sampled: graph");
  EXPECT_EQ(L["demangled"], "library_kernel");
  EXPECT_EQ(L["dynamic_shared_bytes"], 128);
  EXPECT_EQ(L["total_ns"], 1200);
  EXPECT_FALSE(L.contains("counters"));
}

TEST(ProfileWriter, SchemaComesFirst) {
  std::string Text = profileToJson(sampleProfile()).dump();
  EXPECT_EQ(Text.rfind("{\"schema\":\"headroom.profile/1\"", 0), 0u) << Text;
}

TEST(ProfileWriter, UntimedEntryHasZeroDurationsAndSaysSo) {
  ProfileData D = sampleProfile();
  D.Kernels[1].Timed = DurationStats{};
  json J = json::parse(profileToJson(D).dump());
  EXPECT_EQ(J["kernels"][1]["timed_launches"], 0);
  EXPECT_EQ(J["kernels"][1]["timing"], "none");
  EXPECT_EQ(J["kernels"][1]["total_ns"], 0);
}

TEST(ProfileWriter, SampledDurationStandsInForAnUntimedEntry) {
  ProfileData D = sampleProfile();
  KernelStats &K = D.Kernels[0];
  K.Timed = DurationStats{};
  K.Profiled = DurationStats{};
  K.Launches = 2;
  K.Untimed = 1;
  K.SampledDuration.add(7000);
  json J = json::parse(profileToJson(D).dump());
  EXPECT_EQ(J["kernels"][0]["timing"], "counters");
  EXPECT_EQ(J["kernels"][0]["timed_launches"], 0);
  EXPECT_EQ(J["kernels"][0]["untimed_launches"], 1);
  EXPECT_EQ(J["kernels"][0]["min_ns"], 7000);
  EXPECT_EQ(J["kernels"][0]["median_ns"], 7000);
  EXPECT_EQ(J["kernels"][0]["total_ns"], 14000);
  EXPECT_EQ(J["kernels"][0]["profiled_ns"], 7000);
}

TEST(ProfileWriter, WritesAFileThatParsesBack) {
  TempDir Dir;
  std::string Error;
  ASSERT_TRUE(writeProfile(sampleProfile(), Dir.file("p.json"), Error))
      << Error;
  json J = json::parse(readFile(Dir.file("p.json")));
  EXPECT_EQ(J["kernels"][0]["launches"], 100);
}

TEST(ProfileWriter, InvalidUtf8InNamesDoesNotStopTheWrite) {
  ProfileData D = sampleProfile();
  D.Sites[0].LaunchFile = std::string("bad\xff\xfe.cu");
  TempDir Dir;
  std::string Error;
  ASSERT_TRUE(writeProfile(D, Dir.file("p.json"), Error)) << Error;
  EXPECT_NO_THROW(json::parse(readFile(Dir.file("p.json"))));
}

TEST(ProfileWriter, ReportsAnUnwritablePath) {
  std::string Error;
  EXPECT_FALSE(writeProfile(sampleProfile(), "/nonexistent-dir/p.json", Error));
  EXPECT_NE(Error.find("/nonexistent-dir/p.json"), std::string::npos) << Error;
}

} // namespace
