//===- RecordedProfileTest.cpp - Profiles recorded on an H100 -------------===//
//
// data/h100-counters-profile.json was written by libheadroom_rt for
// test/gpu/runtime/app.cu on an NVIDIA H100 (test/gpu/runtime/run.sh, see
// docs/runtime.md; recorded again on 2026-11-24 with the Hopper model's
// counters); data/h100-under-ncu-profile.json by the same program run
// under Nsight Compute (degraded to sites only); data/h100-launches-profile,
// h100-graph-profile and h100-sigterm-profile.json by launches.cu, graph.cu
// and signals.cu (killed by SIGTERM) of the same script at commit ccf4315.
// These tests pin the shape the
// runtime produced on real hardware, so a CPU-only change that breaks it (or
// a reader that cannot take it) shows up without a GPU.
//
//===----------------------------------------------------------------------===//

#include "DefaultMetrics.h"

#include "TempDir.h"
#include "schema/CounterCatalog.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>

using nlohmann::json;

namespace {

json load(const char *Name) {
  return json::parse(headroom::rt::test::readFile(
      std::string(HEADROOM_TEST_DATA_DIR) + "/" + Name));
}

TEST(RecordedProfile, H100CountersProfileHasTheDocumentedShape) {
  json P = load("h100-counters-profile.json");
  EXPECT_EQ(P["schema"], "headroom.profile/1");
  ASSERT_EQ(P["devices"].size(), 1u);
  EXPECT_EQ(P["devices"][0]["name"], "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(P["devices"][0]["compute_capability"], "9.0");
  EXPECT_EQ(P["devices"][0]["sm_count"], 132);
  EXPECT_EQ(P["devices"][0]["chip"], "GH100");
  EXPECT_EQ(P["devices"][0]["uuid"].get<std::string>().rfind("GPU-", 0), 0u);

  const json &C = P["collection"];
  EXPECT_EQ(C["mode"], "counters");
  // 37 metrics (the Hopper model's pipes and memory levels among them) in 4
  // replay passes, recorded 2026-11-24, before the sampling budget.
  EXPECT_EQ(C["passes"], 4);
  EXPECT_TRUE(C["warnings"].empty());
  EXPECT_EQ(C["dropped_records"], 0);
  ASSERT_EQ(P["sites"].size(), 8u);
  EXPECT_EQ(P["sites"][0]["file"], "test/gpu/runtime/app.cu");

  std::map<int, std::uint64_t> PerSite;
  std::uint64_t Unsited = 0;
  for (const json &K : P["kernels"]) {
    SCOPED_TRACE(K.dump());
    EXPECT_GT(K["launches"].get<std::uint64_t>(), 0u);
    EXPECT_NE(K["timing"], "none");
    EXPECT_GT(K["total_ns"].get<std::uint64_t>(), 0u);
    EXPECT_LE(K["min_ns"], K["max_ns"]);
    if (K["site"].is_null()) {
      Unsited += K["launches"].get<std::uint64_t>();
      EXPECT_FALSE(K.contains("counters"));
      continue;
    }
    PerSite[K["site"].get<int>()] += K["launches"].get<std::uint64_t>();
    ASSERT_TRUE(K.contains("counters"));
    for (const headroom::CounterInfo &Info : headroom::counterCatalog())
      if (headroom::isModelInput(Info.Id))
        EXPECT_TRUE(K["counters"].contains(std::string(Info.HopperName)))
            << Info.HopperName;
  }
  std::map<int, std::uint64_t> Expected = {{0, 10}, {1, 5}, {2, 3}, {3, 4},
                                           {4, 2},  {5, 2}, {6, 1}, {7, 5000}};
  EXPECT_EQ(PerSite, Expected);
  EXPECT_EQ(Unsited, 2u);
}

// data/h100-budgeted-profile.json: the same app.cu, recorded by run.sh on an
// H100 on 2026-11-24 after the constant cache and the busiest L2 slice's
// atomic cycles joined the required metrics, with the default sampling
// budget.
TEST(RecordedProfile, TheRequiredMetricsFitInFourPassesOnAnH100) {
  json P = load("h100-budgeted-profile.json");
  const json &C = P["collection"];
  EXPECT_EQ(C["mode"], "counters");
  EXPECT_EQ(C["passes"], 4);
  for (const std::string &M : headroom::rt::defaultRequiredMetrics())
    EXPECT_NE(std::find(C["metrics"].begin(), C["metrics"].end(), M),
              C["metrics"].end())
        << M;
  // Extras that would take a fifth pass are dropped, each with its reason.
  for (const json &D : C["dropped_metrics"])
    EXPECT_NE(D["reason"].get<std::string>().find("replay passes from 4 to 5"),
              std::string::npos)
        << D.dump();
}

TEST(RecordedProfile, H100CountersMatchWhatTheKernelsDo) {
  json P = load("h100-counters-profile.json");
  for (const json &K : P["kernels"]) {
    if (K["site"].is_null())
      continue;
    SCOPED_TRACE(K["demangled"].get<std::string>());
    const json &C = K["counters"];
    std::uint64_t Threads =
        K["grid"][0].get<std::uint64_t>() * K["block"][0].get<std::uint64_t>();
    if (K["name"] == "_Z5saxpyifPKfPf") {
      // One FFMA per element; n is the thread count except for the tiny
      // 1x32 launches (n = 32) and the Small stream launches.
      EXPECT_EQ(C["smsp__sass_thread_inst_executed_op_ffma_pred_on.sum"],
                static_cast<double>(Threads));
      EXPECT_EQ(C["smsp__sass_thread_inst_executed_op_dfma_pred_on.sum"], 0.0);
    } else {
      EXPECT_EQ(K["name"], "_Z8blockSumiPKdPd");
      EXPECT_GT(C["smsp__sass_thread_inst_executed_op_fp64_pred_on.sum"], 0.0);
      EXPECT_EQ(K["dynamic_shared_bytes"].get<std::uint64_t>(),
                K["block"][0].get<std::uint64_t>() * 8);
    }
    EXPECT_GT(C["smsp__inst_executed.sum"], 0.0);
    EXPECT_GT(C["gpu__time_duration.sum"], 0.0);
  }
}

TEST(RecordedProfile, SampledLaunchesAreUntimedAndOneLaunchEntriesUseCounters) {
  json P = load("h100-counters-profile.json");
  for (const json &K : P["kernels"]) {
    if (K["site"].is_null())
      continue;
    SCOPED_TRACE(K.dump());
    EXPECT_EQ(K.value("untimed_launches", 0), 1);
    if (K["launches"] == 1) {
      EXPECT_EQ(K["timing"], "counters");
      EXPECT_EQ(
          K["min_ns"].get<double>(),
          std::round(K["counters"]["gpu__time_duration.sum"].get<double>()));
    } else {
      EXPECT_EQ(K["timing"], "unprofiled");
      EXPECT_EQ(K["timed_launches"].get<std::uint64_t>(),
                K["launches"].get<std::uint64_t>() - 1);
    }
  }
}

TEST(RecordedProfile, UnderNsightComputeTheRuntimeKeepsSitesOnly) {
  json P = load("h100-under-ncu-profile.json");
  EXPECT_EQ(P["collection"]["mode"], "sites");
  ASSERT_EQ(P["collection"]["warnings"].size(), 1u);
  EXPECT_NE(P["collection"]["warnings"][0].get<std::string>().find(
                "CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED"),
            std::string::npos);
  EXPECT_EQ(P["sites"].size(), 8u);
  EXPECT_TRUE(P["kernels"].empty());
}

TEST(RecordedProfile, H100LaunchesProfileAttributesEveryLaunchPath) {
  json P = load("h100-launches-profile.json");
  EXPECT_EQ(P["collection"]["mode"], "counters");
  EXPECT_EQ(P["collection"]["trigger"], "exit");
  ASSERT_EQ(P["scopes"].size(), 3u);
  EXPECT_EQ(P["scopes"][2]["name"], "cublasSgemm");
  std::map<int, int> PerSite, PerScope;
  bool Axpy = false;
  for (const json &K : P["kernels"]) {
    SCOPED_TRACE(K.dump());
    EXPECT_LE(K["min_ns"].get<std::uint64_t>(),
              K["median_ns"].get<std::uint64_t>());
    EXPECT_LE(K["median_ns"].get<std::uint64_t>(),
              K["max_ns"].get<std::uint64_t>());
    if (!K["site"].is_null())
      PerSite[K["site"].get<int>()] += K["launches"].get<int>();
    else if (!K["scope"].is_null())
      PerScope[K["scope"].get<int>()] += K["launches"].get<int>();
    else
      Axpy |=
          K["demangled"].get<std::string>().find("axpy") != std::string::npos;
    if (K["site"] == 6) {
      EXPECT_FALSE(K.contains("counters"));
      EXPECT_NE(K["counter_note"].get<std::string>().find("host memory"),
                std::string::npos);
    } else if (!K["site"].is_null()) {
      EXPECT_TRUE(K.contains("counters"));
    }
  }
  for (int Site = 0; Site < 7; ++Site)
    EXPECT_EQ(PerSite[Site], 3) << Site;
  for (int Scope = 0; Scope < 3; ++Scope)
    EXPECT_GE(PerScope[Scope], 1) << Scope;
  EXPECT_TRUE(Axpy) << "the unbracketed cuBLAS kernel, by name";
  ASSERT_EQ(P["collection"]["warnings"].size(), 1u);
  EXPECT_NE(P["collection"]["warnings"][0].get<std::string>().find(
                "not collected for a kernel"),
            std::string::npos);
}

TEST(RecordedProfile, H100GraphProfileTimesGraphNodesWithoutCounters) {
  json P = load("h100-graph-profile.json");
  std::map<std::string, int> Where;
  for (const json &K : P["kernels"]) {
    if (!K.contains("graph_launches"))
      continue;
    SCOPED_TRACE(K.dump());
    EXPECT_EQ(K["graph_launches"], K["launches"]);
    EXPECT_EQ(K["timed_launches"], K["launches"]);
    EXPECT_FALSE(K.contains("counters"));
    EXPECT_NE(K["counter_note"].get<std::string>().find("graph"),
              std::string::npos);
    Where[K["site"].dump() + "/" + K["scope"].dump()] +=
        K["launches"].get<int>();
  }
  EXPECT_EQ(Where["0/null"], 100);
  EXPECT_EQ(Where["1/null"], 100);
  EXPECT_EQ(Where["2/null"], 100);
  EXPECT_EQ(Where["null/1"], 10);
  EXPECT_EQ(P["collection"]["notes"].size(), 1u);
}

TEST(RecordedProfile, H100SigtermProfileHoldsTheCompletedWork) {
  json P = load("h100-sigterm-profile.json");
  EXPECT_EQ(P["collection"]["trigger"], "SIGTERM");
  std::uint64_t Site0 = 0;
  for (const json &K : P["kernels"])
    if (K["site"] == 0)
      Site0 += K["launches"].get<std::uint64_t>();
  EXPECT_EQ(Site0, 1000u);
}

} // namespace
