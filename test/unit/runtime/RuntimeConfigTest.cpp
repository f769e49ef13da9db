//===- RuntimeConfigTest.cpp ----------------------------------------------===//

#include "RuntimeConfig.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

using namespace headroom::rt;

namespace {

RuntimeConfig readWith(std::map<std::string, std::string> Env, long Pid = 77) {
  return readRuntimeConfig(
      [&](const char *Name) -> const char * {
        auto It = Env.find(Name);
        return It == Env.end() ? nullptr : It->second.c_str();
      },
      Pid);
}

TEST(RuntimeConfig, DefaultsToCountersIntoTheWorkingDirectory) {
  RuntimeConfig C = readWith({});
  EXPECT_EQ(C.RequestedMode, Mode::Counters);
  EXPECT_EQ(C.ProfilePath, "headroom-profile.json");
  EXPECT_TRUE(C.Metrics.empty());
  EXPECT_EQ(C.Scope, SamplingScope::Scopes);
  EXPECT_EQ(C.Rule.Which, SamplingRule::Kind::First);
  EXPECT_EQ(C.Correlation, CorrelationSource::Callback);
  EXPECT_TRUE(C.CuptiLibrary.empty());
  EXPECT_TRUE(C.Errors.empty());
}

TEST(RuntimeConfig, SamplingIsBoundedByDefault) {
  RuntimeConfig C = readWith({});
  EXPECT_EQ(C.BudgetPct, 20.0);
  EXPECT_EQ(C.Bounds.PerKernel, 16u);
  EXPECT_EQ(C.Bounds.Grouping, SamplingGrouping::Size);
  EXPECT_FALSE(C.releaseProfilerAfterSample())
      << "first takes several samples: the profiler stays initialized";
  EXPECT_TRUE(readWith({{"HEADROOM_SAMPLE", "every:100"}})
                  .releaseProfilerAfterSample());
  EXPECT_FALSE(
      readWith({{"HEADROOM_SAMPLE", "every:99"}}).releaseProfilerAfterSample());
}

TEST(RuntimeConfig, ReadsTheSamplingBounds) {
  RuntimeConfig C = readWith({{"HEADROOM_BUDGET_PCT", "5.5"},
                              {"HEADROOM_SAMPLES_PER_KERNEL", "3"},
                              {"HEADROOM_SAMPLE_GROUPING", "exact"}});
  EXPECT_EQ(C.BudgetPct, 5.5);
  EXPECT_EQ(C.Bounds.PerKernel, 3u);
  EXPECT_EQ(C.Bounds.Grouping, SamplingGrouping::Exact);
  EXPECT_TRUE(C.Errors.empty());
  RuntimeConfig Off = readWith(
      {{"HEADROOM_BUDGET_PCT", "off"}, {"HEADROOM_SAMPLES_PER_KERNEL", "OFF"}});
  EXPECT_FALSE(Off.BudgetPct);
  EXPECT_FALSE(Off.Bounds.PerKernel);
  EXPECT_EQ(readWith({{"HEADROOM_BUDGET_PCT", "0"}}).BudgetPct, 0.0);
}

TEST(RuntimeConfig, BadSamplingBoundsKeepTheDefaultsAndSaySo) {
  for (const char *Budget : {"-1", "20%", "lots", "nan"}) {
    RuntimeConfig C = readWith({{"HEADROOM_BUDGET_PCT", Budget}});
    EXPECT_EQ(C.BudgetPct, 20.0) << Budget;
    ASSERT_EQ(C.Errors.size(), 1u) << Budget;
    EXPECT_NE(C.Errors[0].find("HEADROOM_BUDGET_PCT"), std::string::npos);
  }
  for (const char *Cap : {"0", "-2", "3.5", "many"}) {
    RuntimeConfig C = readWith({{"HEADROOM_SAMPLES_PER_KERNEL", Cap}});
    EXPECT_EQ(C.Bounds.PerKernel, 16u) << Cap;
    ASSERT_EQ(C.Errors.size(), 1u) << Cap;
    EXPECT_NE(C.Errors[0].find("using 16"), std::string::npos);
  }
  RuntimeConfig G = readWith({{"HEADROOM_SAMPLE_GROUPING", "waves"}});
  EXPECT_EQ(G.Bounds.Grouping, SamplingGrouping::Size);
  ASSERT_EQ(G.Errors.size(), 1u);
  EXPECT_NE(G.Errors[0].find("size or exact"), std::string::npos)
      << G.Errors[0];
}

TEST(RuntimeConfig, ReadsTheMode) {
  EXPECT_EQ(readWith({{"HEADROOM_MODE", "off"}}).RequestedMode, Mode::Off);
  EXPECT_EQ(readWith({{"HEADROOM_MODE", " Time "}}).RequestedMode, Mode::Time);
  EXPECT_EQ(readWith({{"HEADROOM_MODE", "COUNTERS"}}).RequestedMode,
            Mode::Counters);
  RuntimeConfig Bad = readWith({{"HEADROOM_MODE", "fast"}});
  EXPECT_EQ(Bad.RequestedMode, Mode::Counters);
  ASSERT_EQ(Bad.Errors.size(), 1u);
  EXPECT_NE(Bad.Errors[0].find("fast"), std::string::npos);
}

// The warnings go to the user program's standard error: a value is quoted
// on one line and cut short (found by fuzz_runtime_env: a 1 KB value was
// echoed whole).
TEST(RuntimeConfig, QuotesValuesShortAndOnOneLine) {
  for (const char *Name : {"HEADROOM_MODE", "HEADROOM_SAMPLE",
                           "HEADROOM_FLUSH_S", "HEADROOM_CORRELATION"}) {
    RuntimeConfig C = readWith({{Name, "x\n" + std::string(5000, 'y')}});
    ASSERT_EQ(C.Errors.size(), 1u) << Name;
    EXPECT_LT(C.Errors[0].size(), 300u) << C.Errors[0];
    EXPECT_EQ(C.Errors[0].find('\n'), std::string::npos) << C.Errors[0];
    EXPECT_NE(C.Errors[0].find("'x\\nyyy"), std::string::npos) << C.Errors[0];
  }
}

TEST(RuntimeConfig, ExpandsThePidInTheProfilePath) {
  EXPECT_EQ(readWith({{"HEADROOM_PROFILE", "/tmp/p-%p.json"}}, 123).ProfilePath,
            "/tmp/p-123.json");
  EXPECT_EQ(readWith({{"HEADROOM_PROFILE", "/tmp/100%"}}, 5).ProfilePath,
            "/tmp/100%");
}

TEST(RuntimeConfig, TheProfileIsTheVariableThenTheDirectoryThenTheBuilds) {
  RuntimeConfig None = readWith({});
  EXPECT_EQ(None.ProfileFrom, ProfileChoice::Default);
  EXPECT_TRUE(chooseBuildProfile(None, "/build/p-%p.json", 9, "h", 2));
  EXPECT_EQ(None.ProfilePath, "/build/p-9.json");
  EXPECT_EQ(None.ProfileFrom, ProfileChoice::Build);
  EXPECT_TRUE(chooseBuildProfile(None, "/other/p.json", 9, "h", 2))
      << "the last call of the build wins";
  EXPECT_EQ(None.ProfilePath, "/other/p.json");

  RuntimeConfig Dir = readWith({{"HEADROOM_PROFILE_DIR", "/out/%h"}}, 5);
  EXPECT_EQ(Dir.ProfilePath, "/out/localhost/headroom-profile.json");
  EXPECT_EQ(Dir.ProfileFrom, ProfileChoice::Directory);
  EXPECT_FALSE(chooseBuildProfile(Dir, "/build/headroom-profile.json", 5,
                                  "localhost", std::nullopt));
  EXPECT_EQ(Dir.ProfilePath, "/out/localhost/headroom-profile.json");
  EXPECT_EQ(readWith({{"HEADROOM_PROFILE_DIR", "out/"}}).ProfilePath,
            "out/headroom-profile.json");

  RuntimeConfig Both = readWith(
      {{"HEADROOM_PROFILE", "p.json"}, {"HEADROOM_PROFILE_DIR", "/out"}});
  EXPECT_EQ(Both.ProfilePath, "p.json");
  EXPECT_EQ(Both.ProfileFrom, ProfileChoice::Variable);
  EXPECT_FALSE(chooseBuildProfile(Both, "/build/headroom-profile.json", 5,
                                  "localhost", std::nullopt));
  EXPECT_EQ(Both.ProfilePath, "p.json");
}

TEST(RuntimeConfig, ResolvesMetricNamesThroughTheCatalog) {
  RuntimeConfig C = readWith(
      {{"HEADROOM_METRICS", "M_fma32, inst_executed;sm__cycles_elapsed.avg "
                            "smsp__inst_executed.sum"}});
  std::vector<std::string> Expected = {
      "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum",
      "smsp__inst_executed.sum", "sm__cycles_elapsed.avg"};
  EXPECT_EQ(C.Metrics, Expected);
}

TEST(RuntimeConfig, ReadsScopeCorrelationAndLibrary) {
  RuntimeConfig C = readWith({{"HEADROOM_SAMPLE_SCOPE", "all"},
                              {"HEADROOM_CORRELATION", "external"},
                              {"HEADROOM_CUPTI_LIBRARY", "/opt/libcupti.so"}});
  EXPECT_EQ(C.Scope, SamplingScope::All);
  EXPECT_EQ(C.Correlation, CorrelationSource::External);
  EXPECT_EQ(C.CuptiLibrary, "/opt/libcupti.so");
  EXPECT_EQ(readWith({{"HEADROOM_SAMPLE_SCOPE", "Sites"}}).Scope,
            SamplingScope::Sites);
  RuntimeConfig Bad = readWith(
      {{"HEADROOM_SAMPLE_SCOPE", "some"}, {"HEADROOM_CORRELATION", "magic"}});
  EXPECT_EQ(Bad.Errors.size(), 2u);
  EXPECT_EQ(Bad.Scope, SamplingScope::Scopes);
  EXPECT_EQ(Bad.Correlation, CorrelationSource::Callback);
}

TEST(RuntimeConfig, ReadsTheSamplingRule) {
  using K = SamplingRule::Kind;
  EXPECT_EQ(readWith({}).Rule.Which, K::First);
  EXPECT_EQ(readWith({{"HEADROOM_SAMPLE", "first"}}).Rule.Which, K::First);
  EXPECT_EQ(readWith({{"HEADROOM_SAMPLE", "ALL"}}).Rule.Which, K::All);
  EXPECT_EQ(readWith({{"HEADROOM_SAMPLE", "off"}}).Rule.Which, K::Off);
  SamplingRule Every = readWith({{"HEADROOM_SAMPLE", "every:25"}}).Rule;
  EXPECT_EQ(Every.Which, K::Every);
  EXPECT_EQ(Every.N, 25u);
  EXPECT_EQ(readWith({{"HEADROOM_SAMPLE", "every:1"}}).Rule.Which, K::All);
  for (const char *Bad : {"every:", "every:0", "every:x", "often"}) {
    RuntimeConfig C = readWith({{"HEADROOM_SAMPLE", Bad}});
    EXPECT_EQ(C.Rule.Which, K::First) << Bad;
    EXPECT_EQ(C.Errors.size(), 1u) << Bad;
  }
  // The old meaning of HEADROOM_SAMPLE (a scope) is pointed to its new name.
  RuntimeConfig Old = readWith({{"HEADROOM_SAMPLE", "sites"}});
  ASSERT_EQ(Old.Errors.size(), 1u);
  EXPECT_NE(Old.Errors[0].find("HEADROOM_SAMPLE_SCOPE"), std::string::npos);
}

TEST(RuntimeConfig, MetricsExtendTheDefaultsUnlessOnly) {
  RuntimeConfig Extend = readWith({{"HEADROOM_METRICS", "l1tex__t_bytes.sum"}});
  EXPECT_FALSE(Extend.MetricsReplaceDefaults);
  EXPECT_EQ(Extend.Metrics, std::vector<std::string>{"l1tex__t_bytes.sum"});
  RuntimeConfig Only =
      readWith({{"HEADROOM_METRICS", "only: M_inst, dram__bytes_read.sum"}});
  EXPECT_TRUE(Only.MetricsReplaceDefaults);
  EXPECT_EQ(Only.Metrics, (std::vector<std::string>{"smsp__inst_executed.sum",
                                                    "dram__bytes_read.sum"}));
  RuntimeConfig Empty = readWith({{"HEADROOM_METRICS", "only:"}});
  EXPECT_FALSE(Empty.MetricsReplaceDefaults);
  EXPECT_EQ(Empty.Errors.size(), 1u);
}

TEST(RuntimeConfig, ExpandsHostRankAndPercentInTheProfilePath) {
  EXPECT_EQ(expandProfilePath("p-%h-%r-%p.json", 42, "node7", 3),
            "p-node7-3-42.json");
  EXPECT_EQ(expandProfilePath("%r/%%p/%x%", 1, "h", std::nullopt), "0/%p/%x%");
  EXPECT_EQ(expandProfilePath("%h", 1, "a/b", 0), "a_b");
  // The rank comes from the launcher's variable, first match wins.
  RuntimeConfig C = readRuntimeConfig(
      [](const char *Name) -> const char * {
        std::string N = Name;
        if (N == "HEADROOM_PROFILE")
          return "/out/prof-%r-%h.json";
        if (N == "PMI_RANK")
          return "12";
        if (N == "SLURM_PROCID")
          return "99";
        return nullptr;
      },
      5, "gpu01");
  EXPECT_EQ(C.ProfilePath, "/out/prof-12-gpu01.json");
  EXPECT_EQ(readWith({{"HEADROOM_PROFILE", "r%r.json"},
                      {"OMPI_COMM_WORLD_RANK", "4"},
                      {"SLURM_PROCID", "9"}})
                .ProfilePath,
            "r4.json");
  EXPECT_EQ(readWith({{"HEADROOM_PROFILE", "r%r.json"}, {"SLURM_PROCID", "9"}})
                .ProfilePath,
            "r9.json");
}

TEST(RuntimeConfig, ReadsFlushIntervalAndSignals) {
  RuntimeConfig D = readWith({});
  EXPECT_EQ(D.FlushIntervalS, 60.0);
  EXPECT_TRUE(D.Signals);
  RuntimeConfig C =
      readWith({{"HEADROOM_FLUSH_S", "0.5"}, {"HEADROOM_SIGNALS", "off"}});
  EXPECT_EQ(C.FlushIntervalS, 0.5);
  EXPECT_FALSE(C.Signals);
  EXPECT_EQ(readWith({{"HEADROOM_FLUSH_S", "0"}}).FlushIntervalS, 0.0);
  RuntimeConfig Bad =
      readWith({{"HEADROOM_FLUSH_S", "-3"}, {"HEADROOM_SIGNALS", "maybe"}});
  EXPECT_EQ(Bad.FlushIntervalS, 60.0);
  EXPECT_TRUE(Bad.Signals);
  EXPECT_EQ(Bad.Errors.size(), 2u);
  EXPECT_EQ(readWith({{"HEADROOM_SAMPLE_SKIP", "foo, bar"}}).SkipPatterns,
            (std::vector<std::string>{"foo", "bar"}));
}

TEST(RuntimeConfig, AChoiceItDoesNotKnowKeepsTheDefaultAndNamesTheChoices) {
  RuntimeConfig Bad = readWith({{"HEADROOM_MODE", "Fast"},
                                {"HEADROOM_SAMPLE_SCOPE", "kernels"},
                                {"HEADROOM_CORRELATION", "magic"},
                                {"HEADROOM_SIGNALS", "maybe"},
                                {"HEADROOM_PROFILER_LIFETIME", "forever"}});
  RuntimeConfig Default = readWith({});
  EXPECT_EQ(Bad.RequestedMode, Default.RequestedMode);
  EXPECT_EQ(Bad.Scope, Default.Scope);
  EXPECT_EQ(Bad.Correlation, Default.Correlation);
  EXPECT_EQ(Bad.Signals, Default.Signals);
  EXPECT_EQ(Bad.Lifetime, Default.Lifetime);
  std::vector<std::string> Expected = {
      "HEADROOM_MODE='fast' is not off, time or counters; using counters",
      "HEADROOM_SAMPLE_SCOPE='kernels' is not sites, scopes or all; using "
      "scopes",
      "HEADROOM_CORRELATION='magic' is not callback, callback-runtime or "
      "external; using callback",
      "HEADROOM_SIGNALS='maybe' is not on or off; using on",
      "HEADROOM_PROFILER_LIFETIME='forever' is not auto, sample or process; "
      "using auto"};
  EXPECT_EQ(Bad.Errors, Expected);
}

TEST(RuntimeConfig, ReadsEverySpellingOfEachChoice) {
  EXPECT_EQ(readWith({{"HEADROOM_MODE", "0"}}).RequestedMode, Mode::Off);
  EXPECT_EQ(readWith({{"HEADROOM_MODE", "none"}}).RequestedMode, Mode::Off);
  EXPECT_EQ(readWith({{"HEADROOM_MODE", "timing"}}).RequestedMode, Mode::Time);
  EXPECT_EQ(readWith({{"HEADROOM_SAMPLE_SCOPE", "Scopes"}}).Scope,
            SamplingScope::Scopes);
  EXPECT_EQ(readWith({{"HEADROOM_SAMPLE_SCOPE", "all"}}).Scope,
            SamplingScope::All);
  EXPECT_EQ(
      readWith({{"HEADROOM_CORRELATION", "callback-runtime"}}).Correlation,
      CorrelationSource::CallbackRuntime);
  EXPECT_EQ(readWith({{"HEADROOM_CORRELATION", "EXTERNAL"}}).Correlation,
            CorrelationSource::External);
  for (const char *Off : {"off", "0", "no"})
    EXPECT_FALSE(readWith({{"HEADROOM_SIGNALS", Off}}).Signals) << Off;
  for (const char *On : {"on", "1", "yes"})
    EXPECT_TRUE(
        readWith({{"HEADROOM_SIGNALS", On}, {"HEADROOM_MODE", "time"}}).Signals)
        << On;
  EXPECT_EQ(readWith({{"HEADROOM_PROFILER_LIFETIME", "sample"}}).Lifetime,
            ProfilerLifetime::Sample);
  EXPECT_EQ(readWith({{"HEADROOM_PROFILER_LIFETIME", "process"}}).Lifetime,
            ProfilerLifetime::Process);
}

} // namespace

namespace {

TEST(RuntimeConfig, TheMetricChoiceIsCachedUnderTheUsersCacheDirectory) {
  EXPECT_EQ(readWith({{"HOME", "/home/u"}}).CacheDir,
            "/home/u/.cache/headroom");
  EXPECT_EQ(readWith({{"HOME", "/home/u"}, {"XDG_CACHE_HOME", "/c"}}).CacheDir,
            "/c/headroom");
  EXPECT_EQ(readWith({{"HOME", "/home/u"}, {"HEADROOM_CACHE_DIR", "/tmp/hc"}})
                .CacheDir,
            "/tmp/hc");
  EXPECT_EQ(
      readWith({{"HOME", "/home/u"}, {"HEADROOM_CACHE_DIR", "OFF"}}).CacheDir,
      "");
  EXPECT_EQ(readWith({}).CacheDir, "");
}

} // namespace
