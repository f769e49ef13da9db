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
  EXPECT_EQ(C.Scope, SamplingScope::Sites);
  EXPECT_EQ(C.Correlation, CorrelationSource::Callback);
  EXPECT_TRUE(C.CuptiLibrary.empty());
  EXPECT_TRUE(C.Errors.empty());
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

TEST(RuntimeConfig, ExpandsThePidInTheProfilePath) {
  EXPECT_EQ(readWith({{"HEADROOM_PROFILE", "/tmp/p-%p.json"}}, 123).ProfilePath,
            "/tmp/p-123.json");
  EXPECT_EQ(readWith({{"HEADROOM_PROFILE", "/tmp/100%"}}, 5).ProfilePath,
            "/tmp/100%");
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
  RuntimeConfig C = readWith({{"HEADROOM_SAMPLE", "all"},
                              {"HEADROOM_CORRELATION", "external"},
                              {"HEADROOM_CUPTI_LIBRARY", "/opt/libcupti.so"}});
  EXPECT_EQ(C.Scope, SamplingScope::All);
  EXPECT_EQ(C.Correlation, CorrelationSource::External);
  EXPECT_EQ(C.CuptiLibrary, "/opt/libcupti.so");
  RuntimeConfig Bad = readWith(
      {{"HEADROOM_SAMPLE", "some"}, {"HEADROOM_CORRELATION", "magic"}});
  EXPECT_EQ(Bad.Errors.size(), 2u);
  EXPECT_EQ(Bad.Scope, SamplingScope::Sites);
  EXPECT_EQ(Bad.Correlation, CorrelationSource::Callback);
}

} // namespace
