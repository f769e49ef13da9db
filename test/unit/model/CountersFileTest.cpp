//===- CountersFileTest.cpp - Reading headroom.counters/1 -----------------===//

#include "model/CountersFile.h"

#include "support/JsonInput.h"

#include "TempDir.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

using namespace headroom;
using nlohmann::json;
using ::testing::HasSubstr;

namespace {

/// Table 4.4's SOR counters under their nvprof names.
json sorCounters() {
  return {{"flop_count_sp_fma", 0},
          {"flop_count_dp_fma", 33554432},
          {"inst_compute_ld_st", 303079424},
          {"inst_executed", 56100732},
          {"inst_fp_32", 0},
          {"inst_fp_64", 218107904},
          {"inst_integer", 736891392},
          {"dram_read_transactions", 17660604},
          {"dram_write_transactions", 8392704}};
}

json kernel(json Counters, std::string Name = "sor") {
  return {{"name", Name},
          {"launches", 4},
          {"per_launch", true},
          {"counters", std::move(Counters)}};
}

json document(json Kernels) {
  return {{"schema", "headroom.counters/1"}, {"kernels", std::move(Kernels)}};
}

Expected<CountersFile> parse(const json &Doc) { return parseCounters(Doc); }

std::string errorOf(const json &Doc) {
  Expected<CountersFile> F = parseCounters(Doc);
  if (F) {
    ADD_FAILURE() << "expected an error for " << Doc.dump();
    return "";
  }
  return F.error().message();
}

TEST(CountersFile, ReadsNvprofNamesAndScalesPerLaunchValues) {
  Expected<CountersFile> F = parse(document({kernel(sorCounters())}));
  ASSERT_TRUE(F) << F.error().message();
  ASSERT_EQ(F->Kernels.size(), 1u);
  const KernelEntry &E = F->Kernels[0];
  ASSERT_TRUE(E.Counters);
  EXPECT_EQ(E.Counters->Name, "sor");
  EXPECT_EQ(E.Counters->Launches, 4u);
  EXPECT_EQ(E.Counters->input(Counter::Fp64), 4.0 * 218107904);
  EXPECT_EQ(E.Parameters.WComp, 1006649344.0);
  EXPECT_EQ(E.Parameters.WTraf, 3334823424.0);
  EXPECT_FALSE(E.MeasuredMs);
}

TEST(CountersFile, TotalsAreNotScaled) {
  json K = kernel(sorCounters());
  K["per_launch"] = false;
  Expected<CountersFile> F = parse(document({K}));
  ASSERT_TRUE(F) << F.error().message();
  EXPECT_EQ(F->Kernels[0].Parameters.WComp, 251662336.0);
  EXPECT_EQ(F->Kernels[0].Parameters.Launches, 4u);
}

TEST(CountersFile, AcceptsHopperNamesSymbolsAndDramBytes) {
  json C = {
      {"smsp__sass_thread_inst_executed_op_ffma_pred_on.sum", 0},
      {"M_fma64", 33554432},
      {"smsp__sass_thread_inst_executed_op_memory_pred_on.sum", 303079424},
      {"smsp__inst_executed.sum", 56100732},
      {"smsp__sass_thread_inst_executed_op_fp32_pred_on.sum", 0},
      {"smsp__sass_thread_inst_executed_op_fp64_pred_on.sum", 218107904},
      {"smsp__sass_thread_inst_executed_op_integer_pred_on.sum", 736891392},
      {"dram__bytes_read.sum", 32.0 * 17660604},
      {"M_tran-w", 8392704},
      {"gpu__time_duration.sum", 5000000},
      {"sm__warps_active.avg.pct_of_peak_sustained_active", 80.5},
      {"lts__t_bytes.sum", 1000},
      {"my_own_counter", 7}};
  Expected<CountersFile> F = parse(document({kernel(C)}));
  ASSERT_TRUE(F) << F.error().message();
  const KernelCounters &K = *F->Kernels[0].Counters;
  EXPECT_EQ(K.input(Counter::TranRead), 4.0 * 17660604);
  EXPECT_EQ(F->Kernels[0].Parameters.WTraf, 3334823424.0);
  // Sums scale with launches, averages do not, unknown ones are as given.
  EXPECT_EQ(K.Carried.at(Counter::DurationNs), 4 * 5000000.0);
  EXPECT_EQ(K.Carried.at(Counter::L2Bytes), 4000.0);
  EXPECT_EQ(K.Carried.at(Counter::AchievedOccupancyPct), 80.5);
  EXPECT_EQ(K.Carried.at(Counter::DramBytesRead), 4 * 32.0 * 17660604);
  EXPECT_EQ(K.Unrecognized.at("my_own_counter"), 7.0);
}

TEST(CountersFile, ConvertsLegacyUnits) {
  json C = sorCounters();
  C["achieved_occupancy"] = 0.5;
  C["warp_execution_efficiency"] = 50.0;
  Expected<CountersFile> F = parse(document({kernel(C)}));
  ASSERT_TRUE(F) << F.error().message();
  const KernelCounters &K = *F->Kernels[0].Counters;
  EXPECT_DOUBLE_EQ(K.Carried.at(Counter::AchievedOccupancyPct), 50.0);
  EXPECT_DOUBLE_EQ(K.Carried.at(Counter::ThreadsPerInst), 16.0);
}

TEST(CountersFile, RejectsTheSameQuantityTwice) {
  json C = sorCounters();
  C["smsp__inst_executed.sum"] = 56100732;
  EXPECT_EQ(errorOf(document({kernel(C)})),
            "kernels[0].counters: M_inst given twice, as 'inst_executed' and "
            "as 'smsp__inst_executed.sum'; give one");
}

TEST(CountersFile, DramBytesMustAgreeWithSectors) {
  json C = sorCounters();
  C["dram__bytes_read.sum"] = 32.0 * 17660604;
  EXPECT_TRUE(parse(document({kernel(C)})));
  C["dram__bytes_read.sum"] = 1000;
  EXPECT_THAT(errorOf(document({kernel(C)})),
              HasSubstr("kernels[0].counters: conflicting values: "
                        "'dram_read_transactions' = 17660604 sectors but "
                        "'dram__bytes_read.sum' = 1000 bytes"));
}

TEST(CountersFile, MissingCounterNamesItsAlternatives) {
  json C = sorCounters();
  C.erase("inst_executed");
  EXPECT_EQ(errorOf(document({kernel(C)})),
            "kernels[0].counters: missing M_inst (give inst_executed, "
            "smsp__inst_executed.sum or M_inst)");
  json D = sorCounters();
  D.erase("dram_write_transactions");
  EXPECT_THAT(errorOf(document({kernel(D)})),
              HasSubstr("missing M_tran_w (give dram_write_transactions, "
                        "dram__sectors_write.sum, dram__bytes_write.sum "
                        "(bytes) or M_tran_w)"));
}

TEST(CountersFile, RejectsBadCounterValues) {
  json C = sorCounters();
  C["inst_executed"] = -3;
  EXPECT_EQ(errorOf(document({kernel(C)})),
            "kernels[0].counters.inst_executed: expected a non-negative "
            "number, got -3");
  C["inst_executed"] = "56100732";
  EXPECT_EQ(errorOf(document({kernel(C)})),
            "kernels[0].counters.inst_executed: expected a non-negative "
            "number, got string \"56100732\"");
  C["inst_executed"] = nullptr;
  EXPECT_THAT(errorOf(document({kernel(C)})), HasSubstr("got null"));
  json U = sorCounters();
  U["something_else"] = true;
  EXPECT_EQ(errorOf(document({kernel(U)})),
            "kernels[0].counters.something_else: expected a non-negative "
            "number, got true");
}

TEST(CountersFile, RejectsBadKernelFields) {
  json K = kernel(sorCounters());
  K["launches"] = -3;
  EXPECT_EQ(errorOf(document({K})),
            "kernels[0].launches: expected a positive integer, got -3");
  K["launches"] = 0;
  EXPECT_THAT(errorOf(document({K})), HasSubstr("got 0"));
  K["launches"] = 2.5;
  EXPECT_THAT(errorOf(document({K})), HasSubstr("got 2.5"));
  K.erase("launches");
  EXPECT_EQ(errorOf(document({K})),
            "kernels[0].launches: missing (expected a positive integer)");

  json P = kernel(sorCounters());
  P["per_launch"] = "yes";
  EXPECT_EQ(errorOf(document({P})),
            "kernels[0].per_launch: expected true or false, got string "
            "\"yes\"");
  P.erase("per_launch");
  EXPECT_THAT(errorOf(document({P})),
              HasSubstr("kernels[0].per_launch: missing"));

  json N = kernel(sorCounters());
  N["name"] = "";
  EXPECT_EQ(errorOf(document({N})),
            "kernels[0].name: expected a non-empty string, got string \"\"");
  N.erase("name");
  EXPECT_EQ(errorOf(document({N})),
            "kernels[0].name: missing (expected a non-empty string)");

  json M = kernel(sorCounters());
  M["measured_ms"] = -1;
  EXPECT_EQ(errorOf(document({M})),
            "kernels[0].measured_ms: expected a positive number, got -1");
  M["measured_ms"] = 21.456;
  Expected<CountersFile> F = parse(document({M}));
  ASSERT_TRUE(F);
  EXPECT_EQ(F->Kernels[0].MeasuredMs, 21.456);
  EXPECT_EQ(F->Kernels[0].Counters->MeasuredMs, 21.456);

  json NoCounters = kernel(sorCounters());
  NoCounters.erase("counters");
  EXPECT_EQ(errorOf(document({NoCounters})),
            "kernels[0].counters: missing (expected an object of counter "
            "values, or 'parameters')");
  json Array = kernel(json::array());
  EXPECT_EQ(errorOf(document({Array})),
            "kernels[0].counters: expected an object, got an array");
  EXPECT_EQ(errorOf(document({42})), "kernels[0]: expected an object, got 42");
}

TEST(CountersFile, RejectsBadDocuments) {
  EXPECT_EQ(errorOf(json::array()),
            "top level: expected an object with \"schema\": "
            "\"headroom.counters/1\", got an array");
  EXPECT_EQ(errorOf(json{{"kernels", json::array()}}),
            "schema: missing (expected \"headroom.counters/1\")");
  EXPECT_EQ(errorOf(json{{"schema", "headroom.counters/2"},
                         {"kernels", {kernel(sorCounters())}}}),
            "schema: expected \"headroom.counters/1\", got string "
            "\"headroom.counters/2\"");
  EXPECT_EQ(errorOf(json{{"schema", "headroom.counters/1"}}),
            "kernels: missing (expected a non-empty array of kernels)");
  EXPECT_EQ(errorOf(document(json::array())),
            "kernels: expected a non-empty array of kernels, got an empty "
            "array");
  EXPECT_EQ(
      errorOf(json{{"schema", "headroom.counters/1"}, {"kernels", {{"a", 1}}}}),
      "kernels: expected a non-empty array of kernels, got an object");
}

TEST(CountersFile, RejectsDuplicateKernelNames) {
  EXPECT_EQ(errorOf(document(
                {kernel(sorCounters(), "a"), kernel(sorCounters(), "a")})),
            "kernels[1].name: duplicate kernel name 'a' (also kernels[0])");
}

TEST(CountersFile, ZeroTrafficAndZeroComputeAreValid) {
  json NoTraffic = sorCounters();
  NoTraffic["dram_read_transactions"] = 0;
  NoTraffic["dram_write_transactions"] = 0;
  Expected<CountersFile> F = parse(document({kernel(NoTraffic)}));
  ASSERT_TRUE(F) << F.error().message();
  EXPECT_TRUE(std::isinf(F->Kernels[0].Parameters.operationalIntensity()));

  // A copy kernel: no fp and no integer instructions, only traffic.
  json Copy = sorCounters();
  Copy["flop_count_dp_fma"] = 0;
  Copy["inst_fp_64"] = 0;
  Copy["inst_integer"] = 0;
  Expected<CountersFile> G = parse(document({kernel(Copy)}));
  ASSERT_TRUE(G) << G.error().message();
  EXPECT_EQ(G->Kernels[0].Parameters.Type, KernelType::Int);
  EXPECT_EQ(G->Kernels[0].Parameters.WComp, 0.0);
}

TEST(CountersFile, NoWorkAtAllIsAnErrorNamingTheKernel) {
  json C = sorCounters();
  for (const char *Key : {"flop_count_dp_fma", "inst_fp_64", "inst_integer",
                          "dram_read_transactions", "dram_write_transactions"})
    C[Key] = 0;
  EXPECT_EQ(errorOf(document({kernel(C, "idle")})),
            "kernels[0]: kernel 'idle': no compute operations and no DRAM "
            "traffic (W_comp = W_traf = 0): nothing to model");
}

TEST(CountersFile, RejectsContradictoryCounters) {
  json NoInst = sorCounters();
  NoInst["inst_executed"] = 0;
  EXPECT_THAT(errorOf(document({kernel(NoInst)})),
              HasSubstr("kernels[0]: kernel 'sor': no instructions executed "
                        "(M_inst = 0)"));
  json TooManyFma = sorCounters();
  TooManyFma["flop_count_dp_fma"] = 300000000;
  EXPECT_THAT(
      errorOf(document({kernel(TooManyFma)})),
      HasSubstr("M_fma64 (1200000000) exceeds M_fp64 (872431616) (totals "
                "over the 4 launches), but FMA instructions"));
  json ThreadLevelInst = sorCounters();
  ThreadLevelInst["inst_executed"] = 1000;
  EXPECT_THAT(errorOf(document({kernel(ThreadLevelInst)})),
              HasSubstr("I_ops + M_ldst (2084749312) exceed I_total = 32 "
                        "M_inst (128000) (totals over the 4 launches)"));
}

TEST(CountersFile, ReadsKernelParametersInstead) {
  json K = {{"name", "sgemm-16x16"},
            {"launches", 1},
            {"per_launch", false},
            {"parameters",
             {{"K_type", "fp32"},
              {"W_comp", 1048576000},
              {"W_traf", 61806400},
              {"E_mix", 1.0},
              {"D_ops", 0.3019},
              {"D_ldst", 0.4533}}}};
  Expected<CountersFile> F = parse(document({K}));
  ASSERT_TRUE(F) << F.error().message();
  const KernelEntry &E = F->Kernels[0];
  EXPECT_FALSE(E.Counters);
  EXPECT_EQ(E.Parameters.Type, KernelType::Fp32);
  EXPECT_DOUBLE_EQ(E.Parameters.DOther, 1 - 0.3019 - 0.4533);
  EXPECT_FALSE(E.Parameters.IOps);

  json Int = K;
  Int["parameters"]["K_type"] = "int";
  Int["parameters"].erase("E_mix");
  Expected<CountersFile> G = parse(document({Int}));
  ASSERT_TRUE(G) << G.error().message();
  EXPECT_EQ(G->Kernels[0].Parameters.EMix, 0.5);

  json Bad = K;
  Bad["parameters"]["K_type"] = "fp16";
  EXPECT_EQ(errorOf(document({Bad})),
            "kernels[0].parameters.K_type: expected \"fp32\", \"fp64\" or "
            "\"int\", got string \"fp16\"");
  Bad = K;
  Bad["parameters"]["D_other"] = 0.5;
  EXPECT_THAT(errorOf(document({Bad})),
              HasSubstr("kernels[0].parameters: kernel 'sgemm-16x16': D_ops "
                        "+ D_ldst + D_other must be 1"));
  Bad = K;
  Bad["parameters"]["E_mix"] = 57.69; // a percentage, not a fraction
  EXPECT_THAT(errorOf(document({Bad})),
              HasSubstr("E_mix must lie in [0.5, 1], got 57.69"));
  Bad = K;
  Bad["parameters"].erase("W_traf");
  EXPECT_EQ(errorOf(document({Bad})),
            "kernels[0].parameters.W_traf: missing (expected a non-negative "
            "number)");
  Bad = K;
  Bad["counters"] = sorCounters();
  EXPECT_EQ(errorOf(document({Bad})),
            "kernels[0]: give either 'counters' or 'parameters', not both");
}

TEST(CountersFile, InvalidJsonReportsLineAndColumn) {
  Expected<json> J = parseJson("{\n  \"schema\": \"headroom.counters/1\",\n"
                               "  \"kernels\": [,]\n}");
  ASSERT_FALSE(J);
  EXPECT_THAT(J.error().message(), HasSubstr("line 3, column 15: invalid "
                                             "JSON: syntax error"));
  Expected<json> Empty = parseJson("");
  ASSERT_FALSE(Empty);
  EXPECT_THAT(Empty.error().message(), HasSubstr("line 1, column 1"));
}

TEST(CountersFile, DuplicateJsonKeysAreErrors) {
  Expected<json> J = parseJson(R"({"schema": "headroom.counters/1",
    "kernels": [{"name": "a", "counters": {}},
                {"name": "b", "launches": 1,
                 "counters": {"inst_executed": 1, "inst_executed": 2}}]})");
  ASSERT_FALSE(J);
  EXPECT_EQ(J.error().message(),
            "kernels[1].counters.inst_executed: duplicate key (each key may "
            "appear once per object)");
  Expected<json> Top = parseJson(R"({"schema": "a", "schema": "b"})");
  ASSERT_FALSE(Top);
  EXPECT_EQ(Top.error().message(),
            "schema: duplicate key (each key may appear once per object)");
  Expected<json> Nested =
      parseJson(R"([[1, {"x": 1}], {"y": [{"z": 1, "z": 2}]}])");
  ASSERT_FALSE(Nested);
  EXPECT_EQ(Nested.error().message(),
            "[1].y[0].z: duplicate key (each key may appear once per object)");
  // The same key in different objects is fine.
  EXPECT_TRUE(parseJson(R"([{"x": 1}, {"x": 2}, {"a": {"x": 3}}])"));
}

TEST(CountersFile, FileErrorsNameTheFile) {
  test::TempDir Dir;
  std::string Missing = Dir.file("missing.json");
  Expected<CountersFile> F = readCountersFile(Missing);
  ASSERT_FALSE(F);
  EXPECT_EQ(F.error().message(),
            Missing + ": cannot open file: No such file or directory");

  std::string Broken =
      Dir.write("broken.json",
                "{\"schema\": \"headroom.counters/1\",\n\"kernels\": [}\n");
  Expected<CountersFile> G = readCountersFile(Broken);
  ASSERT_FALSE(G);
  EXPECT_THAT(G.error().message(),
              HasSubstr(Broken + ": line 2, column 13: invalid JSON"));

  std::string Bad = Dir.write("bad.json", document(json::array()).dump());
  Expected<CountersFile> H = readCountersFile(Bad);
  ASSERT_FALSE(H);
  EXPECT_EQ(H.error().message(), Bad + ": kernels: expected a non-empty "
                                       "array of kernels, got an empty array");

  std::string Good =
      Dir.write("good.json", document({kernel(sorCounters())}).dump());
  EXPECT_TRUE(readCountersFile(Good));
}

} // namespace
