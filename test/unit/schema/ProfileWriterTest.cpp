//===- ProfileWriterTest.cpp - Writing headroom.profile/1 -----------------===//

#include "schema/ProfileWriter.h"

#include "schema/ProfileReader.h"

#include <gtest/gtest.h>

using namespace headroom;
using nlohmann::json;

namespace {

/// A document with every field the format has, merged-profile ones too.
ProfileDocument everyField() {
  ProfileDocument D;
  D.RuntimeVersion = "0.1.0";
  D.Process = ProfileProcess{4242, "node1", 3, "./app", 1000, 2000};
  ProfileDevice Dev;
  Dev.Index = 0;
  Dev.Name = "NVIDIA H100 80GB HBM3";
  Dev.Uuid = "GPU-a";
  Dev.Uuids = {"GPU-a"};
  Dev.ComputeCapability = "9.0";
  Dev.SmCount = 132;
  Dev.Chip = "GH100";
  D.Devices.push_back(Dev);
  ProfileCollection &C = D.Collection;
  C.Mode = "counters";
  C.RequestedMode = "counters";
  C.Sampling = "first";
  C.SamplingScope = "sites";
  C.Correlation = "callback";
  C.Trigger = "exit";
  C.FlushIntervalS = 30;
  C.Metrics = {"smsp__inst_executed.sum"};
  C.Passes = 2;
  C.DroppedMetrics = {{"x", "not available"}};
  C.Warnings = {"w"};
  C.Notes = {"n"};
  C.DroppedRecords = 5;
  C.Diagnostics["kernel_records"] = 7;
  C.Modes["counters"] = 1;
  C.StallSampling = StallSamplingInfo{"on", 32768, "sampled launches only"};
  D.Sites.push_back(
      {0, {"app.cu", 40, 3}, "saxpy", {"app.cu", 10, 17}, "/home/me/proj"});
  D.Scopes.push_back({0, {"app.cu", 50, 5}, "cublasSgemm", "/home/me/proj"});
  ProfileKernel K;
  K.Site = 0;
  K.Name = "_Z5saxpyv";
  K.Demangled = "saxpy()";
  K.Grid = {4096, 1, 1};
  K.Block = {256, 1, 1};
  K.StaticSharedBytes = 0;
  K.RegistersPerThread = 16;
  K.LocalBytesPerThread = 0;
  K.Launches = 3;
  K.GraphLaunches = 1;
  K.TimedLaunches = 2;
  K.Timing = "unprofiled";
  K.UntimedLaunches = 1;
  K.TotalNs = 2720;
  K.MinNs = 1216;
  K.MaxNs = 1504;
  K.MedianNs = 1360;
  K.DurationSampleNs = {1216, 1504};
  K.ProfiledNs = 2560;
  K.ReplayRecords = 2;
  K.Counters["smsp__inst_executed.sum"] = 30720.0;
  K.CounterLaunches = 1;
  K.CounterNote = "a note";
  StallSamples Stalls;
  Stalls.Launches = 1;
  Stalls.Period = 32768;
  Stalls.Dropped = 2;
  Stalls.Pcs.push_back({"_Z5saxpyv",
                        432,
                        {"app.cu", 12, 0},
                        "/home/me/proj",
                        {{"long_scoreboard", 340}, {"selected", 12}}});
  Stalls.Pcs.push_back({"_Z5saxpyv", 448, {}, "", {{"wait", 3}}});
  K.Stalls = Stalls;
  K.ExaminedLaunches = 3;
  K.Follows.push_back({std::nullopt, 0, "gemm", 2, 536870912});
  D.Kernels.push_back(K);
  ProfileKernel Library = K;
  Library.ExaminedLaunches.reset();
  Library.Follows.clear();
  Library.Site.reset();
  Library.Scope = 0;
  Library.Name = Library.Demangled = "gemm";
  Library.Counters.clear();
  Library.CounterLaunches.reset();
  Library.CounterError = "sampling failed";
  Library.Stalls.reset();
  D.Kernels.push_back(Library);
  ProfileSource S;
  S.Path = "prof-3.json";
  S.Pid = 4242;
  S.Host = "node1";
  S.Rank = 3;
  S.Command = "./app";
  S.StartUnixNs = 1000;
  S.EndUnixNs = 2000;
  S.Trigger = "exit";
  S.Mode = "counters";
  S.Launches = 3;
  D.Sources.push_back(S);
  return D;
}

TEST(ProfileWriter, WhatIsWrittenReadsBackTheSame) {
  for (ProfileKeyOrder Order :
       {ProfileKeyOrder::Documented, ProfileKeyOrder::Merged}) {
    std::string Text = profileText(everyField(), Order);
    Expected<ProfileDocument> Back = parseProfile(json::parse(Text));
    ASSERT_TRUE(Back) << Back.error().message();
    EXPECT_EQ(profileText(*Back, Order), Text);
  }
}

TEST(ProfileWriter, KeysComeInTheDocumentedOrder) {
  nlohmann::ordered_json J = profileToJson(everyField());
  std::vector<std::string> Top;
  for (const auto &[Key, Value] : J.items())
    Top.push_back(Key);
  EXPECT_EQ(Top, (std::vector<std::string>{
                     "schema", "runtime_version", "process", "devices",
                     "collection", "sites", "scopes", "kernels", "sources"}));
  std::vector<std::string> SiteKeys;
  for (const auto &[Key, Value] : J["sites"][0].items())
    SiteKeys.push_back(Key);
  EXPECT_EQ(SiteKeys,
            (std::vector<std::string>{"id", "file", "line", "column", "kernel",
                                      "kernel_file", "kernel_line",
                                      "kernel_column", "directory"}));
  std::vector<std::string> ScopeKeys;
  for (const auto &[Key, Value] : J["scopes"][0].items())
    ScopeKeys.push_back(Key);
  EXPECT_EQ(ScopeKeys, (std::vector<std::string>{"id", "file", "line", "column",
                                                 "name", "directory"}));
  EXPECT_EQ(std::next(J["devices"][0].begin(), 2).key(), "uuid");
  EXPECT_EQ(J["kernels"][1]["site"], nullptr);
  EXPECT_FALSE(J["kernels"][1].contains("counters"));
  EXPECT_EQ(J["kernels"][1]["counter_error"], "sampling failed");
  EXPECT_EQ(J["collection"]["stall_sampling"].dump(),
            R"({"mode":"on","period":32768,"note":"sampled launches only"})");
  EXPECT_EQ(J["kernels"][0]["stall_samples"].dump(),
            R"({"launches":1,"period":32768,"dropped":2,"pcs":[)"
            R"({"function":"_Z5saxpyv","offset":432,"file":"app.cu",)"
            R"("line":12,"directory":"/home/me/proj","stalls":)"
            R"({"long_scoreboard":340,"selected":12}},)"
            R"({"function":"_Z5saxpyv","offset":448,"stalls":{"wait":3}}]})");
  EXPECT_FALSE(J["kernels"][1].contains("stall_samples"));
  // The fields of the fusion what-if close an entry, when present.
  std::vector<std::string> Last;
  for (auto It = std::prev(J["kernels"][0].end(), 2);
       It != J["kernels"][0].end(); ++It)
    Last.push_back(It.key());
  EXPECT_EQ(Last, (std::vector<std::string>{"examined_launches", "follows"}));
  EXPECT_EQ(J["kernels"][0]["examined_launches"], 3);
  EXPECT_EQ(J["kernels"][0]["follows"].dump(),
            R"([{"site":null,"scope":0,"name":"gemm","launches":2,)"
            R"("shared_bytes":536870912}])");
  EXPECT_FALSE(J["kernels"][1].contains("examined_launches"));
  EXPECT_FALSE(J["kernels"][1].contains("follows"));
}

TEST(ProfileWriter, MergedOrderListsLocationKeysAlphabetically) {
  nlohmann::ordered_json J =
      profileToJson(everyField(), ProfileKeyOrder::Merged);
  std::vector<std::string> SiteKeys;
  for (const auto &[Key, Value] : J["sites"][0].items())
    SiteKeys.push_back(Key);
  EXPECT_EQ(SiteKeys,
            (std::vector<std::string>{"column", "directory", "file", "id",
                                      "kernel", "kernel_column", "kernel_file",
                                      "kernel_line", "line"}));
  std::vector<std::string> ScopeKeys;
  for (const auto &[Key, Value] : J["scopes"][0].items())
    ScopeKeys.push_back(Key);
  EXPECT_EQ(ScopeKeys, (std::vector<std::string>{"column", "directory", "file",
                                                 "id", "line", "name"}));
  EXPECT_EQ(std::prev(J["devices"][0].end()).key(), "uuids");
}

} // namespace
