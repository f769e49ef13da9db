//===- MetricSelectionTest.cpp --------------------------------------------===//

#include "MetricSelection.h"
#include "DefaultMetrics.h"

#include "schema/CounterCatalog.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

using namespace headroom::rt;

namespace {

/// A chip where each metric has a pass "group"; a set needs as many passes
/// as distinct groups; unknown metrics fail the set.
struct FakeChip {
  std::map<std::string, int> Group;
  int Calls = 0;
  std::optional<std::size_t> operator()(std::span<const std::string> Metrics) {
    ++Calls;
    std::set<int> Groups;
    for (const std::string &M : Metrics) {
      auto It = Group.find(M);
      if (It == Group.end())
        return std::nullopt;
      Groups.insert(It->second);
    }
    return Groups.size();
  }
};

std::vector<std::string> names(std::initializer_list<const char *> L) {
  return std::vector<std::string>(L.begin(), L.end());
}

TEST(MetricSelection, TakesEveryExtraThatFitsInOneCheck) {
  FakeChip Chip{{{"a", 1}, {"b", 2}, {"x", 1}, {"y", 2}}};
  auto R = names({"a", "b"}), E = names({"x", "y"});
  std::optional<MetricChoice> C =
      selectMetrics(R, E, [&](auto M) { return Chip(M); });
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Metrics, names({"a", "b", "x", "y"}));
  EXPECT_EQ(C->Passes, 2u);
  EXPECT_TRUE(C->Dropped.empty());
  EXPECT_EQ(Chip.Calls, 2);
}

TEST(MetricSelection, DropsExtrasThatRaiseThePassCount) {
  FakeChip Chip{{{"a", 1}, {"b", 2}, {"x", 1}, {"z", 3}, {"y", 2}}};
  auto R = names({"a", "b"}), E = names({"x", "z", "y"});
  std::optional<MetricChoice> C =
      selectMetrics(R, E, [&](auto M) { return Chip(M); });
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Metrics, names({"a", "b", "x", "y"}));
  EXPECT_EQ(C->Passes, 2u);
  ASSERT_EQ(C->Dropped.size(), 1u);
  EXPECT_EQ(C->Dropped[0].Name, "z");
  EXPECT_EQ(C->Dropped[0].Reason, "would raise the replay passes from 2 to 3");
}

TEST(MetricSelection, DropsMetricsTheChipDoesNotKnow) {
  FakeChip Chip{{{"a", 1}, {"x", 1}}};
  auto R = names({"a", "bogus_required"}), E = names({"bogus_extra", "x"});
  std::optional<MetricChoice> C =
      selectMetrics(R, E, [&](auto M) { return Chip(M); });
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Metrics, names({"a", "x"}));
  ASSERT_EQ(C->Dropped.size(), 2u);
  EXPECT_EQ(C->Dropped[0].Name, "bogus_required");
  EXPECT_EQ(C->Dropped[0].Reason, "not available on this chip");
  EXPECT_EQ(C->Dropped[1].Name, "bogus_extra");
}

TEST(MetricSelection, FailsWhenNoRequiredMetricIsKnown) {
  FakeChip Chip{{{"x", 1}}};
  auto R = names({"nope"}), E = names({"x"});
  EXPECT_FALSE(selectMetrics(R, E, [&](auto M) { return Chip(M); }));
}

TEST(DefaultMetrics, RequiresEveryModelInputFromTheCatalog) {
  std::vector<std::string> Required = defaultRequiredMetrics();
  for (const headroom::CounterInfo &Info : headroom::counterCatalog())
    if (headroom::isModelInput(Info.Id))
      EXPECT_NE(std::find(Required.begin(), Required.end(), Info.HopperName),
                Required.end())
          << Info.HopperName;
  for (const char *Extra :
       {"gpu__time_duration.sum", "lts__t_bytes.sum",
        "sm__warps_active.avg.pct_of_peak_sustained_active",
        "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum",
        "dram__sectors_read.sum", "dram__sectors_write.sum"})
    EXPECT_NE(std::find(Required.begin(), Required.end(), Extra),
              Required.end())
        << Extra;
  for (const std::string &M : hopperModelMetrics())
    EXPECT_NE(std::find(Required.begin(), Required.end(), M), Required.end())
        << M;
  EXPECT_NE(std::find(Required.begin(), Required.end(),
                      "smsp__inst_executed_pipe_fma.sum"),
            Required.end());
  EXPECT_EQ(Required.size(),
            headroom::NumModelCounters + 3 + hopperModelMetrics().size());
}

TEST(DefaultMetrics, ExtrasAreCatalogMetricsNotAlreadyRequired) {
  std::vector<std::string> Required = defaultRequiredMetrics();
  std::vector<std::string> Extras = defaultExtraMetrics();
  EXPECT_FALSE(Extras.empty());
  for (const std::string &E : Extras) {
    EXPECT_TRUE(headroom::findCounter(E)) << E;
    EXPECT_EQ(std::find(Required.begin(), Required.end(), E), Required.end())
        << E;
  }
  EXPECT_NE(std::find(Extras.begin(), Extras.end(),
                      "smsp__average_thread_inst_executed_per_inst_executed."
                      "ratio"),
            Extras.end());
}

TEST(DefaultMetrics, AdviceCountersComeAfterTheBankConflicts) {
  // Extras are taken in order while the passes allow: the shared-memory
  // counters that every bank-conflict finding needs go before the store and
  // atomic counters that only two pieces of advice read.
  std::vector<std::string> Extras = defaultExtraMetrics();
  auto At = [&](std::string_view Name) {
    return std::find(Extras.begin(), Extras.end(), Name) - Extras.begin();
  };
  auto Conflicts =
      At("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum");
  ASSERT_LT(Conflicts, std::ssize(Extras));
  EXPECT_LT(At("smsp__inst_executed_op_shared_ld.sum"), Conflicts);
  for (const char *Advice : {"smsp__inst_executed_op_global_st.sum",
                             "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
                             "smsp__inst_executed_op_global_red.sum",
                             "smsp__inst_executed_op_generic_atom.sum"}) {
    EXPECT_GT(At(Advice), Conflicts) << Advice;
    EXPECT_LT(At(Advice), std::ssize(Extras)) << Advice;
  }
}

TEST(DefaultMetrics, ResolvesSymbolsLegacyAndRawNames) {
  EXPECT_EQ(resolveMetricName("M_fma32"),
            "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum");
  EXPECT_EQ(resolveMetricName("inst_executed"), "smsp__inst_executed.sum");
  EXPECT_EQ(resolveMetricName("dram__sectors_read.sum"),
            "dram__sectors_read.sum");
  EXPECT_EQ(resolveMetricName("sm__cycles_elapsed.avg"),
            "sm__cycles_elapsed.avg");
}

} // namespace
