//===- ProfileMergerTest.cpp ----------------------------------------------===//

#include "merge/ProfileMerger.h"
#include "schema/ProfileReader.h"
#include "schema/ProfileWriter.h"

#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::merge;
using nlohmann::json;

namespace {

/// Adds the profile \p J as `headroom merge` does: read and validated
/// first, then merged.
Status add(ProfileMerger &M, const json &J, const std::string &Source) {
  Expected<ProfileDocument> Doc = parseProfile(J);
  if (!Doc)
    return Doc.error().context(Source);
  return M.add(std::move(*Doc), Source);
}

/// The merged document as `headroom merge` writes it.
nlohmann::ordered_json result(const ProfileMerger &M) {
  return profileToJson(M.result(), ProfileKeyOrder::Merged);
}

/// A small profile of one rank: two sites (listed in \p SiteOrder), one
/// scope, saxpy from "app.cu:10" on grid 64 and a library kernel.
json rankProfile(int Rank, long Pid, const std::string &Uuid,
                 std::vector<int> SiteOrder = {10, 20}) {
  json P;
  P["schema"] = "headroom.profile/1";
  P["runtime_version"] = "0.1.0";
  P["process"] = {{"pid", Pid},
                  {"host", "node" + std::to_string(Rank / 2)},
                  {"rank", Rank},
                  {"command", "./app"},
                  {"start_unix_ns", 1000 + Rank},
                  {"end_unix_ns", 5000 + Rank}};
  P["devices"] = json::array({{{"index", 0},
                               {"name", "NVIDIA H100 80GB HBM3"},
                               {"uuid", Uuid},
                               {"compute_capability", "9.0"},
                               {"sm_count", 132},
                               {"chip", "GH100"}}});
  P["collection"] = {
      {"mode", "counters"},
      {"requested_mode", "counters"},
      {"sampling", "first"},
      {"sampling_scope", "sites"},
      {"correlation", "callback"},
      {"trigger", "exit"},
      {"metrics", {"smsp__inst_executed.sum", "gpu__time_duration.sum"}},
      {"passes", 2},
      {"dropped_metrics", json::array()},
      {"warnings", json::array()},
      {"notes", json::array()},
      {"dropped_records", 1},
      {"diagnostics", {{"kernel_records", 10}}}};
  P["sites"] = json::array();
  for (int Line : SiteOrder)
    P["sites"].push_back({{"id", P["sites"].size()},
                          {"file", "app.cu"},
                          {"line", Line},
                          {"column", 5},
                          {"kernel", "saxpy"},
                          {"kernel_file", "app.cu"},
                          {"kernel_line", 3},
                          {"kernel_column", 17}});
  P["scopes"] = json::array({{{"id", 0},
                              {"file", "app.cu"},
                              {"line", 30},
                              {"column", 3},
                              {"name", "cublasSgemm"}}});
  int Line10 = SiteOrder[0] == 10 ? 0 : 1;
  P["kernels"] = json::array(
      {{{"site", Line10},
        {"scope", nullptr},
        {"name", "_Z5saxpyv"},
        {"demangled", "saxpy()"},
        {"device", 0},
        {"grid", {64, 1, 1}},
        {"block", {256, 1, 1}},
        {"dynamic_shared_bytes", 0},
        {"static_shared_bytes", 0},
        {"registers_per_thread", 16},
        {"local_bytes_per_thread", 0},
        {"launches", 10},
        {"timed_launches", 9},
        {"timing", "unprofiled"},
        {"untimed_launches", 1},
        {"total_ns", 9 * (1000 + Rank)},
        {"min_ns", 1000 + Rank},
        {"max_ns", 1000 + Rank},
        {"median_ns", 1000 + Rank},
        {"duration_sample_ns", json::array({1000 + Rank})},
        {"profiled_ns", 2000},
        {"counters", {{"smsp__inst_executed.sum", 100.0 * (Rank + 1)}}},
        {"counter_launches", 1}},
       {{"site", nullptr},
        {"scope", 0},
        {"name", "gemm_kernel"},
        {"device", 0},
        {"grid", {8, 1, 1}},
        {"block", {128, 1, 1}},
        {"launches", 2},
        {"timed_launches", 2},
        {"timing", "unprofiled"},
        {"total_ns", 600},
        {"min_ns", 200},
        {"max_ns", 400},
        {"median_ns", 300},
        {"duration_sample_ns", json::array({200, 400})}}});
  return P;
}

const nlohmann::ordered_json *kernelNamed(const nlohmann::ordered_json &P,
                                          const std::string &Name) {
  for (const auto &K : P["kernels"])
    if (K["name"] == Name)
      return &K;
  return nullptr;
}

TEST(ProfileMerger, SumsRanksAndUnitesSitesByLocation) {
  ProfileMerger M;
  ASSERT_TRUE(add(M, rankProfile(0, 100, "GPU-a"), "r0.json"));
  // Rank 1 lists the same two sites in the other order.
  ASSERT_TRUE(add(M, rankProfile(1, 101, "GPU-b", {20, 10}), "r1.json"));
  auto P = result(M);
  EXPECT_EQ(P["schema"], "headroom.profile/1");
  ASSERT_EQ(P["sites"].size(), 2u);
  EXPECT_EQ(P["sites"][0]["line"], 10);
  EXPECT_EQ(P["sites"][1]["id"], 1);
  ASSERT_EQ(P["kernels"].size(), 2u) << P["kernels"].dump();
  const auto &Saxpy = P["kernels"][0];
  EXPECT_EQ(Saxpy["site"], 0) << "both ranks' line-10 launches";
  EXPECT_EQ(Saxpy["launches"], 20);
  EXPECT_EQ(Saxpy["timed_launches"], 18);
  EXPECT_EQ(Saxpy["untimed_launches"], 2);
  EXPECT_EQ(Saxpy["total_ns"], 9 * 1000 + 9 * 1001);
  EXPECT_EQ(Saxpy["min_ns"], 1000);
  EXPECT_EQ(Saxpy["max_ns"], 1001);
  EXPECT_EQ(Saxpy["counter_launches"], 2);
  EXPECT_DOUBLE_EQ(Saxpy["counters"]["smsp__inst_executed.sum"].get<double>(),
                   150.0);
  EXPECT_EQ(Saxpy["profiled_ns"], 2000);
  const auto &Gemm = P["kernels"][1];
  EXPECT_EQ(Gemm["scope"], 0);
  EXPECT_EQ(Gemm["launches"], 4);
  EXPECT_EQ(Gemm["median_ns"], 300);
  EXPECT_EQ(Gemm["duration_sample_ns"],
            nlohmann::ordered_json::array({200, 200, 400, 400}));
  // One H100 model, both UUIDs.
  ASSERT_EQ(P["devices"].size(), 1u);
  EXPECT_EQ(P["devices"][0]["uuids"].size(), 2u);
  EXPECT_FALSE(P["devices"][0].contains("uuid"));
  const auto &C = P["collection"];
  EXPECT_EQ(C["mode"], "counters");
  EXPECT_EQ(C["trigger"], "merge");
  EXPECT_EQ(C["passes"], 2);
  EXPECT_EQ(C["dropped_records"], 2);
  EXPECT_EQ(C["diagnostics"]["kernel_records"], 20);
  ASSERT_EQ(P["sources"].size(), 2u);
  EXPECT_EQ(P["sources"][1]["rank"], 1);
  EXPECT_EQ(P["sources"][1]["path"], "r1.json");
  EXPECT_EQ(P["sources"][0]["launches"], 12);
  EXPECT_TRUE(P["process"]["pid"].is_null());
  EXPECT_EQ(P["process"]["host"], "node0") << "ranks 0 and 1 share a host";
  EXPECT_EQ(P["process"]["start_unix_ns"], 1000);
  EXPECT_EQ(P["process"]["end_unix_ns"], 5001);
}

TEST(ProfileMerger, KeepDevicesKeepsEachGpuApart) {
  ProfileMerger M(MergeOptions{/*KeepDevices=*/true});
  ASSERT_TRUE(add(M, rankProfile(0, 100, "GPU-a"), "r0.json"));
  ASSERT_TRUE(add(M, rankProfile(1, 101, "GPU-b"), "r1.json"));
  auto P = result(M);
  ASSERT_EQ(P["devices"].size(), 2u);
  EXPECT_EQ(P["devices"][1]["uuid"], "GPU-b");
  EXPECT_EQ(P["kernels"].size(), 4u);
}

TEST(ProfileMerger, OnlyTheBestTimingSourceIsMerged) {
  json A = rankProfile(0, 100, "GPU-a");
  json B = rankProfile(1, 101, "GPU-a");
  // In B the kernel ran once, under the profiler: its time is an estimate.
  json &K = B["kernels"][0];
  K["launches"] = 1;
  K["timed_launches"] = 0;
  K["timing"] = "counters";
  K["total_ns"] = K["min_ns"] = K["max_ns"] = K["median_ns"] = 99999;
  K["duration_sample_ns"] = json::array({99999});
  ProfileMerger M;
  ASSERT_TRUE(add(M, A, "a"));
  ASSERT_TRUE(add(M, B, "b"));
  auto P = result(M);
  const auto &S = P["kernels"][0];
  EXPECT_EQ(S["launches"], 11);
  EXPECT_EQ(S["timing"], "unprofiled");
  EXPECT_EQ(S["timed_launches"], 9);
  EXPECT_EQ(S["max_ns"], 1000) << "the estimate is not mixed in";
}

TEST(ProfileMerger, DisagreementsAreMixedAndWarningsNamed) {
  json A = rankProfile(0, 100, "GPU-a");
  json B = rankProfile(3, 101, "GPU-a");
  B["collection"]["mode"] = "time";
  B["collection"]["sampling"] = "every:10";
  B["collection"]["warnings"] = json::array({"hardware counters unavailable"});
  ProfileMerger M;
  ASSERT_TRUE(add(M, A, "a.json"));
  ASSERT_TRUE(add(M, B, "b.json"));
  auto C = result(M)["collection"];
  EXPECT_EQ(C["mode"], "time") << "what every input has";
  EXPECT_EQ(C["modes"]["counters"], 1);
  EXPECT_EQ(C["modes"]["time"], 1);
  EXPECT_EQ(C["sampling"], "mixed");
  EXPECT_EQ(C["sampling_scope"], "sites");
  ASSERT_EQ(C["warnings"].size(), 1u);
  EXPECT_EQ(C["warnings"][0], "rank 3 (b.json): hardware counters unavailable");
}

TEST(ProfileMerger, StallSamplingOfTheInputs) {
  json A = rankProfile(0, 100, "GPU-a");
  json B = rankProfile(1, 101, "GPU-a");
  json Old = rankProfile(2, 102, "GPU-a");
  A["collection"]["stall_sampling"] = {{"mode", "on"}, {"period", 65536}};
  B["collection"]["stall_sampling"] = {
      {"mode", "unavailable"}, {"period", 0}, {"note", "no permission"}};
  A["kernels"][0]["stall_samples"] = {
      {"launches", 1},
      {"period", 65536},
      {"dropped", 0},
      {"pcs",
       {{{"function", "_Z5saxpyv"},
         {"offset", 16},
         {"file", "app.cu"},
         {"line", 4},
         {"stalls", {{"long_scoreboard", 9}}}}}}};
  ProfileMerger M;
  ASSERT_TRUE(add(M, A, "a.json"));
  ASSERT_TRUE(add(M, B, "b.json"));
  ASSERT_TRUE(add(M, Old, "old.json"));
  auto P = result(M);
  EXPECT_EQ(P["collection"]["stall_sampling"].dump(),
            R"({"mode":"mixed","period":65536,"note":"no permission"})");
  EXPECT_EQ(P["kernels"][0]["stall_samples"]["launches"], 1);
  EXPECT_EQ(
      P["kernels"][0]["stall_samples"]["pcs"][0]["stalls"]["long_scoreboard"],
      9);
  EXPECT_FALSE(P["kernels"][1].contains("stall_samples"));

  ProfileMerger OldOnly;
  ASSERT_TRUE(add(OldOnly, Old, "old.json"));
  EXPECT_FALSE(result(OldOnly)["collection"].contains("stall_sampling"));
}

TEST(ProfileMerger, MergingMergedProfilesCarriesTheirSources) {
  ProfileMerger First;
  ASSERT_TRUE(add(First, rankProfile(0, 100, "GPU-a"), "r0"));
  ASSERT_TRUE(add(First, rankProfile(1, 101, "GPU-a"), "r1"));
  json Merged = json::parse(result(First).dump());
  ASSERT_TRUE(parseProfile(Merged));
  ProfileMerger Second;
  ASSERT_TRUE(add(Second, Merged, "ranks01.json"));
  ASSERT_TRUE(add(Second, rankProfile(2, 102, "GPU-a"), "r2"));
  auto P = result(Second);
  ASSERT_EQ(P["sources"].size(), 3u);
  EXPECT_EQ(P["sources"][0]["path"], "r0");
  EXPECT_TRUE(P["process"]["host"].is_null()) << "node0 and node1";
  EXPECT_EQ(P["collection"]["modes"]["counters"], 3) << "processes, not files";
  EXPECT_EQ(P["kernels"][0]["launches"], 30);
  EXPECT_EQ(P["kernels"][0]["counter_launches"], 3);
  EXPECT_DOUBLE_EQ(
      P["kernels"][0]["counters"]["smsp__inst_executed.sum"].get<double>(),
      200.0);
  // A rank that is already inside the merged profile is refused.
  ProfileMerger Third;
  ASSERT_TRUE(add(Third, Merged, "ranks01.json"));
  Status Again = add(Third, rankProfile(1, 101, "GPU-a"), "r1-again.json");
  ASSERT_FALSE(Again);
  EXPECT_NE(Again.error().message().find("the same process"),
            std::string::npos);
  EXPECT_NE(Again.error().message().find("ranks01.json"), std::string::npos);
}

TEST(ProfileMerger, ErrorsNameTheSourceAndTheField) {
  ProfileMerger M;
  json Bad = rankProfile(0, 100, "GPU-a");
  Bad["kernels"][1]["launches"] = "many";
  Status S = add(M, Bad, "bad.json");
  ASSERT_FALSE(S);
  EXPECT_EQ(S.error().message(),
            "bad.json: kernels[1].launches: expected a non-negative integer, "
            "got \"many\"");
  json Dangling = rankProfile(0, 100, "GPU-a");
  Dangling["kernels"][0]["site"] = 7;
  EXPECT_NE(add(M, Dangling, "d.json")
                .error()
                .message()
                .find("kernels[0].site: expected the id of an entry in sites"),
            std::string::npos);
  json Schema = rankProfile(0, 100, "GPU-a");
  Schema["schema"] = "headroom.device/1";
  EXPECT_EQ(add(M, Schema, "s.json").error().message(),
            "s.json: schema: expected \"headroom.profile/1\", got "
            "\"headroom.device/1\"");
  EXPECT_EQ(M.size(), 0u) << "nothing was added";
}

TEST(ProfileMerger, GridAndBlockSizesMustBePositive) {
  // As `headroom report` reads profiles: a size of 0 is refused.
  ProfileMerger M;
  json Zero = rankProfile(0, 100, "GPU-a");
  Zero["kernels"][1]["grid"] = {8, 0, 1};
  EXPECT_EQ(add(M, Zero, "z.json").error().message(),
            "z.json: kernels[1].grid[1]: expected a positive integer, got 0");
  json ZeroBlock = rankProfile(0, 100, "GPU-a");
  ZeroBlock["kernels"][0]["block"] = {0, 1, 1};
  EXPECT_EQ(add(M, ZeroBlock, "b.json").error().message(),
            "b.json: kernels[0].block[0]: expected a positive integer, got 0");
  json Short = rankProfile(0, 100, "GPU-a");
  Short["kernels"][0]["block"] = {256, 1};
  EXPECT_EQ(add(M, Short, "s.json").error().message(),
            "s.json: kernels[0].block: expected an array of 3 positive "
            "integers");
  EXPECT_EQ(M.size(), 0u) << "nothing was added";
}

TEST(ProfileMerger, MissingResourcesAreLeftOut) {
  // Rank 0 knows the resources of saxpy, rank 1 does not; the library kernel
  // (gemm_kernel) has none in either.
  json R0 = rankProfile(0, 100, "GPU-a");
  json R1 = rankProfile(1, 101, "GPU-a");
  for (const char *F : {"static_shared_bytes", "registers_per_thread",
                        "local_bytes_per_thread"})
    R1["kernels"][0].erase(F);
  R0["kernels"][0]["registers_per_thread"] = 32;
  R0["kernels"][0]["static_shared_bytes"] = 1024;
  for (bool R1First : {false, true}) {
    ProfileMerger M;
    ASSERT_TRUE(add(M, R1First ? R1 : R0, "a.json"));
    ASSERT_TRUE(add(M, R1First ? R0 : R1, "b.json"));
    auto P = result(M);
    const auto *Saxpy = kernelNamed(P, "_Z5saxpyv");
    ASSERT_NE(Saxpy, nullptr);
    EXPECT_EQ((*Saxpy)["registers_per_thread"], 32) << R1First;
    EXPECT_EQ((*Saxpy)["static_shared_bytes"], 1024) << R1First;
    EXPECT_EQ((*Saxpy)["local_bytes_per_thread"], 0) << R1First;
    const auto *Gemm = kernelNamed(P, "gemm_kernel");
    ASSERT_NE(Gemm, nullptr);
    for (const char *F : {"static_shared_bytes", "registers_per_thread",
                          "local_bytes_per_thread"})
      EXPECT_FALSE(Gemm->contains(F)) << F;
  }
  // Inputs that disagree: the first entry's value stays.
  json R2 = rankProfile(2, 102, "GPU-a");
  R2["kernels"][0]["registers_per_thread"] = 40;
  ProfileMerger M;
  ASSERT_TRUE(add(M, R0, "a.json"));
  ASSERT_TRUE(add(M, R2, "c.json"));
  auto P = result(M);
  EXPECT_EQ((*kernelNamed(P, "_Z5saxpyv"))["registers_per_thread"], 32);
}

TEST(ProfileMerger, OldProfilesWithoutScopesOrSamplesMerge) {
  json Old = rankProfile(0, 100, "GPU-a");
  Old.erase("scopes");
  Old["kernels"].erase(1);
  Old["kernels"][0].erase("scope");
  Old["kernels"][0].erase("duration_sample_ns");
  Old["kernels"][0].erase("median_ns");
  ProfileMerger M;
  ASSERT_TRUE(add(M, Old, "old.json"));
  ASSERT_TRUE(add(M, rankProfile(1, 101, "GPU-a"), "new.json"));
  auto P = result(M);
  EXPECT_EQ(P["kernels"][0]["launches"], 20);
  EXPECT_GT(P["kernels"][0]["median_ns"].get<std::uint64_t>(), 0u)
      << "the mean stands in for a missing sample";
}

TEST(ProfileMerger, RecordedH100ProfilesMerge) {
  std::string Dir = HEADROOM_RECORDED_PROFILES;
  ProfileMerger M;
  std::uint64_t Launches = 0;
  for (const char *Name :
       {"h100-launches-profile.json", "h100-graph-profile.json",
        "h100-sigterm-profile.json", "h100-counters-profile.json"}) {
    Expected<ProfileDocument> Doc = readProfileFile(Dir + "/" + Name);
    ASSERT_TRUE(Doc) << Doc.error().message();
    for (const ProfileKernel &K : Doc->Kernels)
      Launches += K.Launches;
    ASSERT_TRUE(M.add(std::move(*Doc), Name));
  }
  auto P = result(M);
  std::uint64_t Merged = 0;
  for (const auto &K : P["kernels"])
    Merged += K["launches"].get<std::uint64_t>();
  EXPECT_EQ(Merged, Launches);
  EXPECT_EQ(P["sources"].size(), 4u);
  EXPECT_EQ(P["devices"].size(), 1u) << "one model";
  EXPECT_GE(P["devices"][0]["uuids"].size(), 2u) << "recorded on two H100s";
  EXPECT_EQ(P["scopes"].size(), 5u);
}

TEST(ProfileMerger, SitesAreFoundByIdNotByPosition) {
  // Ids need only be unique (the runtime writes positions): a kernel's site
  // is the site of that id wherever it stands.
  json R0 = rankProfile(0, 100, "GPU-a");
  R0["sites"][0]["id"] = 5;
  R0["sites"][1]["id"] = 9;
  R0["kernels"][0]["site"] = 9;
  ProfileMerger M;
  ASSERT_TRUE(add(M, R0, "r0.json"));
  ASSERT_TRUE(add(M, rankProfile(1, 101, "GPU-a"), "r1.json"));
  auto P = result(M);
  ASSERT_EQ(P["sites"].size(), 2u);
  EXPECT_EQ(P["sites"][1]["id"], 1);
  EXPECT_EQ(P["sites"][1]["line"], 20);
  const auto *Saxpy = kernelNamed(P, "_Z5saxpyv");
  ASSERT_NE(Saxpy, nullptr);
  EXPECT_EQ((*Saxpy)["site"], 1) << "rank 0 launched it from line 20";
}

TEST(ProfileMerger, ScopesOfOneFileInTwoDirectoriesStayApart) {
  // "app.cu" compiled in two directories is two files, as for sites; the
  // same directory unites.
  json R0 = rankProfile(0, 100, "GPU-a");
  json R1 = rankProfile(1, 101, "GPU-a");
  json R2 = rankProfile(2, 102, "GPU-a");
  R0["scopes"][0]["directory"] = "/a";
  R1["scopes"][0]["directory"] = "/b";
  R2["scopes"][0]["directory"] = "/a";
  ProfileMerger M;
  ASSERT_TRUE(add(M, R0, "r0.json"));
  ASSERT_TRUE(add(M, R1, "r1.json"));
  ASSERT_TRUE(add(M, R2, "r2.json"));
  auto P = result(M);
  ASSERT_EQ(P["scopes"].size(), 2u);
  EXPECT_EQ(P["scopes"][0]["directory"], "/a");
  EXPECT_EQ(P["scopes"][1]["directory"], "/b");
}

TEST(ProfileMerger, FollowsAddUpBySiteAsMerged) {
  // gemm_kernel follows saxpy from app.cu:10 in both ranks, which number
  // that site 0 and 1; in rank 1 it also follows the saxpy of app.cu:20.
  json R0 = rankProfile(0, 100, "GPU-a");
  R0["kernels"][1]["examined_launches"] = 2;
  R0["kernels"][1]["follows"] = {{{"site", 0},
                                  {"scope", nullptr},
                                  {"name", "_Z5saxpyv"},
                                  {"launches", 1},
                                  {"shared_bytes", 100}}};
  json R1 = rankProfile(1, 101, "GPU-a", {20, 10});
  R1["kernels"][1]["examined_launches"] = 2;
  R1["kernels"][1]["follows"] = {{{"site", 0},
                                  {"scope", nullptr},
                                  {"name", "_Z5saxpyv"},
                                  {"launches", 1},
                                  {"shared_bytes", 50}},
                                 {{"site", 1},
                                  {"scope", nullptr},
                                  {"name", "_Z5saxpyv"},
                                  {"launches", 1},
                                  {"shared_bytes", 300}}};
  json R2 = rankProfile(2, 102, "GPU-a");
  ProfileMerger M;
  ASSERT_TRUE(add(M, R0, "r0.json"));
  ASSERT_TRUE(add(M, R1, "r1.json"));
  ASSERT_TRUE(add(M, R2, "r2.json"));
  auto P = result(M);
  ASSERT_EQ(P["sites"][0]["line"], 10);
  const auto *Gemm = kernelNamed(P, "gemm_kernel");
  ASSERT_NE(Gemm, nullptr);
  EXPECT_EQ((*Gemm)["examined_launches"], 4) << "rank 2 examined none";
  EXPECT_EQ((*Gemm)["follows"].dump(),
            R"([{"site":0,"scope":null,"name":"_Z5saxpyv","launches":2,)"
            R"("shared_bytes":300},)"
            R"({"site":1,"scope":null,"name":"_Z5saxpyv","launches":1,)"
            R"("shared_bytes":50}])");
  const auto *Saxpy = kernelNamed(P, "_Z5saxpyv");
  ASSERT_NE(Saxpy, nullptr);
  EXPECT_FALSE(Saxpy->contains("examined_launches"));
  EXPECT_FALSE(Saxpy->contains("follows"));
}

} // namespace
