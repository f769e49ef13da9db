//===- CounterCatalogTest.cpp - The metric catalog ------------------------===//

#include "schema/CounterCatalog.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace headroom;

namespace {

TEST(CounterCatalog, ModelInputsMatchTheSpec) {
  // Thesis table 4.1 with its Hopper names (docs/model.md, "Inputs").
  struct Row {
    Counter Id;
    const char *Symbol, *Legacy, *Hopper;
  };
  const Row Rows[] = {
      {Counter::Fma32, "M_fma32", "flop_count_sp_fma",
       "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum"},
      {Counter::Fma64, "M_fma64", "flop_count_dp_fma",
       "smsp__sass_thread_inst_executed_op_dfma_pred_on.sum"},
      {Counter::LdSt, "M_ldst", "inst_compute_ld_st",
       "smsp__sass_thread_inst_executed_op_memory_pred_on.sum"},
      {Counter::Inst, "M_inst", "inst_executed", "smsp__inst_executed.sum"},
      {Counter::Fp32, "M_fp32", "inst_fp_32",
       "smsp__sass_thread_inst_executed_op_fp32_pred_on.sum"},
      {Counter::Fp64, "M_fp64", "inst_fp_64",
       "smsp__sass_thread_inst_executed_op_fp64_pred_on.sum"},
      {Counter::Int, "M_int", "inst_integer",
       "smsp__sass_thread_inst_executed_op_integer_pred_on.sum"},
      {Counter::TranRead, "M_tran_r", "dram_read_transactions",
       "dram__sectors_read.sum"},
      {Counter::TranWrite, "M_tran_w", "dram_write_transactions",
       "dram__sectors_write.sum"},
  };
  for (const Row &R : Rows) {
    SCOPED_TRACE(R.Symbol);
    const CounterInfo &Info = counterInfo(R.Id);
    EXPECT_TRUE(isModelInput(R.Id));
    EXPECT_EQ(Info.Symbol, R.Symbol);
    EXPECT_EQ(Info.LegacyName, R.Legacy);
    EXPECT_EQ(Info.HopperName, R.Hopper);
    EXPECT_FALSE(Info.Unit.empty());
    EXPECT_FALSE(Info.Description.empty());
    EXPECT_EQ(Info.Combine, Aggregation::Sum);
  }
}

TEST(CounterCatalog, CarriesTheExtraHopperCounters) {
  for (const char *Name :
       {"gpu__time_duration.sum", "lts__t_bytes.sum",
        "sm__warps_active.avg.pct_of_peak_sustained_active",
        "smsp__average_thread_inst_executed_per_inst_executed.ratio",
        "dram__bytes_read.sum", "dram__bytes_write.sum"}) {
    SCOPED_TRACE(Name);
    CounterMatch M = findCounter(Name);
    ASSERT_TRUE(M);
    EXPECT_FALSE(isModelInput(M.Info->Id));
    EXPECT_EQ(M.Kind, CounterNameKind::Hopper);
  }
  EXPECT_EQ(findCounter("sm__warps_active.avg.pct_of_peak_sustained_active")
                .Info->Combine,
            Aggregation::Average);
}

TEST(CounterCatalog, FindsEveryNameKind) {
  CounterMatch Legacy = findCounter("inst_executed");
  ASSERT_TRUE(Legacy);
  EXPECT_EQ(Legacy.Info->Id, Counter::Inst);
  EXPECT_EQ(Legacy.Kind, CounterNameKind::Legacy);

  CounterMatch Hopper = findCounter("smsp__inst_executed.sum");
  ASSERT_TRUE(Hopper);
  EXPECT_EQ(Hopper.Info->Id, Counter::Inst);
  EXPECT_EQ(Hopper.Kind, CounterNameKind::Hopper);

  CounterMatch Symbol = findCounter("M_inst");
  ASSERT_TRUE(Symbol);
  EXPECT_EQ(Symbol.Info->Id, Counter::Inst);
  EXPECT_EQ(Symbol.Kind, CounterNameKind::Symbol);

  // The thesis' own spelling of the DRAM symbols.
  EXPECT_EQ(findCounter("M_tran-r").Info->Id, Counter::TranRead);
  EXPECT_EQ(findCounter("M_tran-w").Info->Id, Counter::TranWrite);

  EXPECT_FALSE(findCounter("inst_executd"));
  EXPECT_FALSE(findCounter(""));
  EXPECT_FALSE(findCounter("INST_EXECUTED")); // metric names are exact
}

TEST(CounterCatalog, EveryNameIsUniqueAndRowsAreInEnumOrder) {
  std::set<std::string> Names;
  std::size_t Index = 0;
  for (const CounterInfo &Info : counterCatalog()) {
    EXPECT_EQ(static_cast<std::size_t>(Info.Id), Index++);
    for (std::string_view N : {Info.Symbol, Info.LegacyName, Info.HopperName})
      if (!N.empty())
        EXPECT_TRUE(Names.insert(std::string(N)).second)
            << "duplicate name " << N;
    EXPECT_FALSE(Info.HopperName.empty());
    EXPECT_GT(Info.LegacyScale, 0.0);
    // Every name finds its own row.
    EXPECT_EQ(findCounter(Info.HopperName).Info, &Info);
  }
  EXPECT_EQ(counterCatalog().size(), Index);
}

} // namespace
