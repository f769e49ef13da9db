//===- ThesisGoldenTest.cpp - The thesis' printed numbers -----------------===//
///
/// \file
/// Golden tests: every number the thesis prints for its worked examples,
/// reproduced from the shipped example counters and shipped devices, and
/// compared at the precision the thesis prints it. Where the thesis prints a
/// value the equations cannot give, the test says why, checks the value the
/// equations give, and docs/model.md lists the finding.
///
//===----------------------------------------------------------------------===//

#include "ThesisTestSupport.h"

#include "model/Prediction.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>

using namespace headroom;
using namespace headroom::test;

namespace {

KernelParameters kernel(const std::string &File, const std::string &Name) {
  CountersFile F = exampleCounters(File);
  for (const KernelEntry &E : F.Kernels)
    if (E.Parameters.Name == Name)
      return E.Parameters;
  ADD_FAILURE() << "no kernel " << Name << " in " << File;
  return KernelParameters();
}

KernelParameters sor() { return kernel("thesis-sor.json", "rb-sor-red"); }
KernelParameters sgemm() { return kernel("thesis-sgemm.json", "sgemm-32x32"); }
KernelParameters lmsor() { return kernel("thesis-lmsor.json", "lmsor-red"); }

Prediction run(const KernelParameters &K, const std::string &Gpu,
               const ModelOptions &Options = {}) {
  Expected<Prediction> P = predict(K, shippedDevice(Gpu), Options);
  if (!P) {
    ADD_FAILURE() << P.error().message();
    return Prediction();
  }
  return *P;
}

/// Checks a value of the thesis' "Error (%)" columns (5.12). The thesis
/// computed them from unrounded measured times and prints those times
/// rounded to \p MeasuredDecimals, so the printed error must lie within
/// the errors that measured times rounding to \p MeasuredMs give (widened
/// by the half unit of the printed error).
void expectErrorColumn(double PredictedMs, double MeasuredMs,
                       int MeasuredDecimals, double PrintedErrorPct) {
  double Half = 0.5 * std::pow(10.0, -MeasuredDecimals);
  double Low = (PredictedMs - (MeasuredMs + Half)) / (MeasuredMs + Half) * 100;
  double High = (PredictedMs - (MeasuredMs - Half)) / (MeasuredMs - Half) * 100;
  EXPECT_GE(PrintedErrorPct + 0.005, Low)
      << "predicted " << PredictedMs << " ms, measured " << MeasuredMs;
  EXPECT_LE(PrintedErrorPct - 0.005, High)
      << "predicted " << PredictedMs << " ms, measured " << MeasuredMs;
}

// --- Chapter 4: red/black SOR (tables 4.4-4.7) ---------------------------

TEST(ThesisTable4_4, CountersArePerLaunchAveragesOfFourLaunches) {
  CountersFile F = exampleCounters("thesis-sor.json");
  ASSERT_EQ(F.Kernels.size(), 1u);
  ASSERT_TRUE(F.Kernels[0].Counters.has_value());
  const KernelCounters &C = *F.Kernels[0].Counters;
  EXPECT_EQ(C.Launches, 4u);
  // The file holds table 4.4's values; the model sees 4x them.
  EXPECT_EQ(C.input(Counter::Fma64), 4.0 * 33554432);
  EXPECT_EQ(C.input(Counter::LdSt), 4.0 * 303079424);
  EXPECT_EQ(C.input(Counter::Inst), 4.0 * 56100732);
  EXPECT_EQ(C.input(Counter::Fp64), 4.0 * 218107904);
  EXPECT_EQ(C.input(Counter::Int), 4.0 * 736891392);
  EXPECT_EQ(C.input(Counter::TranRead), 4.0 * 17660604);
  EXPECT_EQ(C.input(Counter::TranWrite), 4.0 * 8392704);
  EXPECT_EQ(C.input(Counter::Fma32), 0.0);
  EXPECT_EQ(C.input(Counter::Fp32), 0.0);
}

TEST(ThesisTable4_5, SorKernelParameters) {
  KernelParameters K = sor();
  EXPECT_EQ(K.Type, KernelType::Fp64);
  EXPECT_EQ(formatGrouped(K.WComp), "1,006,649,344");
  EXPECT_EQ(formatGrouped(K.WTraf), "3,334,823,424");
  EXPECT_EQ(pct(K.EMix), "57.69");
  EXPECT_EQ(pct(K.DOps), "12.15");
  EXPECT_EQ(pct(K.DLdSt), "16.88");
  EXPECT_EQ(pct(K.DOther), "70.97");
  // "O_krn = W_comp / W_traf ~ 0.3"
  EXPECT_EQ(printed(K.operationalIntensity(), 1), "0.3");
}

TEST(ThesisTable4_6, Gtx660Parameters) {
  DeviceParameters D = shippedDevice("gtx-660");
  EXPECT_EQ(printed(D.TSP, 2), "1940.80");
  EXPECT_EQ(printed(D.TDP, 2), "89.70");
  EXPECT_EQ(printed(D.TInt, 2), "359.04");
  EXPECT_EQ(printed(D.TAdd, 2), "621.36");
  EXPECT_EQ(printed(D.BMem, 2), "117.56");
  EXPECT_EQ(printed(D.TLdSt, 2), "169.58");
}

TEST(ThesisTable4_7, Gtx660Weights) {
  DeviceWeights W = computeWeights(shippedDevice("gtx-660"));
  EXPECT_EQ(printed(W.OpFp32, 2), "1.00");
  EXPECT_EQ(printed(W.OpFp64, 2), "21.64");
  EXPECT_EQ(printed(W.OpInt, 2), "5.41");
  EXPECT_EQ(printed(W.LdSt, 2), "5.72");
  EXPECT_EQ(printed(W.Other, 2), "1.56");
}

TEST(ThesisSection4_3, SorOnGtx660IsComputeBound) {
  Prediction P = run(sor(), "gtx-660");
  EXPECT_EQ(printed(P.COp, 2), "2.63");
  EXPECT_EQ(printed(P.CLdSt, 2), "0.97");
  EXPECT_EQ(printed(P.COther, 2), "1.11");
  EXPECT_EQ(pct(P.EInstr), "55.89");
  EXPECT_EQ(printed(P.TOpEff, 2), "28.92");
  EXPECT_EQ(printed(P.ODev, 2), "0.25");
  EXPECT_EQ(P.Limit, Bound::Compute);
  EXPECT_GT(P.Margin, 1.0);
  EXPECT_EQ(printed(P.AttainableGops, 2), "28.92");
  // Measured: 28.88 GFLOPS, i.e. the 34.851 ms of table 5.9.
  P.MeasuredMs = 34.851;
  EXPECT_EQ(printed(*P.achievedGops(), 2), "28.88");
}

// --- Chapter 4: SGEMM (tables 4.9-4.10) ----------------------------------

TEST(ThesisTable4_10, SgemmKernelParameters) {
  KernelParameters K = sgemm();
  EXPECT_EQ(K.Type, KernelType::Fp32);
  EXPECT_EQ(K.Launches, 1u);
  EXPECT_EQ(formatGrouped(K.WComp), "1,048,576,000");
  EXPECT_EQ(formatGrouped(K.WTraf), "42,258,880");
  EXPECT_EQ(pct(K.EMix), "100.00");
  EXPECT_EQ(pct(K.DOps), "35.46");
  EXPECT_EQ(pct(K.DLdSt), "48.81");
  EXPECT_EQ(pct(K.DOther), "15.73");
  EXPECT_EQ(printed(K.operationalIntensity(), 2), "24.81");
}

TEST(ThesisSection4_4, SgemmOnGtx660) {
  Prediction P = run(sgemm(), "gtx-660");
  EXPECT_EQ(printed(P.WOp, 2), "1.00");
  EXPECT_EQ(printed(P.COp, 2), "0.35");
  EXPECT_EQ(printed(P.CLdSt, 2), "2.79");
  EXPECT_EQ(printed(P.COther, 2), "0.25");
  EXPECT_EQ(pct(P.EInstr), "10.45");
  EXPECT_EQ(printed(P.TOpEff, 2), "202.80");
  EXPECT_EQ(printed(P.ODev, 2), "1.73");
  EXPECT_EQ(P.Limit, Bound::Compute);
  EXPECT_EQ(printed(P.PredictedMs, 2), "5.17");
  // "C_ldst ~ 8 x C_op"
  EXPECT_EQ(printed(P.CLdSt / P.COp, 0), "8");
  // Measured 169.11 GFLOPS for "6.20 msecs" (6.201 in table 5.14): the
  // achieved rate of a time that rounds to 6.201 ms.
  P.MeasuredMs = 6.201;
  double Sensitivity = *P.achievedGops() * 0.0005 / 6.201;
  EXPECT_NEAR(*P.achievedGops(), 169.11, Sensitivity + 0.005);
}

TEST(ThesisSection4_4, LoadStoreAsOtherInstructionsVariant) {
  // "all load/store instructions are handled the same way as other
  // instructions ... an effective peak performance of 505 GFLOPS and 2.08
  // msecs execution time".
  KernelParameters K = sgemm();
  K.DOther += K.DLdSt;
  K.DLdSt = 0;
  Prediction P = run(K, "gtx-660");
  EXPECT_EQ(printed(P.TOpEff, 0), "505");
  EXPECT_EQ(printed(P.PredictedMs, 2), "2.08");
}

// --- Chapter 5: the six GPUs (tables 5.2-5.3) ----------------------------

TEST(ThesisTable5_2, DeviceParameters) {
  const std::map<std::string, std::array<const char *, 6>> Table = {
      // T_SP, T_DP, T_int, T_add, B_mem, T_ldst
      {"gtx-480",
       {"1462.20", "184.09", "742.34", "732.86", "163.36", "369.73"}},
      {"gtx-660", {"1940.80", "89.70", "359.04", "621.36", "117.56", "169.58"}},
      {"gtx-960", {"2842.70", "89.67", "955.37", "1426.15", "86.35", "295.64"}},
      {"gtx-1060",
       {"4609.54", "145.02", "1533.61", "2304.10", "161.64", "524.27"}},
      {"tesla-m2050",
       {"1011.36", "508.91", "513.10", "504.88", "107.44", "255.68"}},
      {"tesla-k20c",
       {"3115.24", "1153.08", "584.26", "969.28", "151.72", "283.59"}},
  };
  for (const auto &[Gpu, Row] : Table) {
    SCOPED_TRACE(Gpu);
    DeviceParameters D = shippedDevice(Gpu);
    EXPECT_EQ(printed(D.TSP, 2), Row[0]);
    EXPECT_EQ(printed(D.TDP, 2), Row[1]);
    EXPECT_EQ(printed(D.TInt, 2), Row[2]);
    EXPECT_EQ(printed(D.TAdd, 2), Row[3]);
    EXPECT_EQ(printed(D.BMem, 2), Row[4]);
    EXPECT_EQ(printed(D.TLdSt, 2), Row[5]);
    EXPECT_EQ(D.Origin.Source, "thesis table 5.2");
    EXPECT_EQ(D.Vendor, "NVIDIA");
  }
}

TEST(ThesisTable5_1, DeviceIdentity) {
  DeviceParameters D = shippedDevice("gtx-1060");
  EXPECT_EQ(D.Name, "GTX-1060");
  ASSERT_EQ(D.Aliases.size(), 2u);
  EXPECT_EQ(D.Aliases[0], "GTX-1060 6GB");
  EXPECT_EQ(D.ComputeCapability, "6.1");
  EXPECT_EQ(D.Architecture, "Pascal");
  EXPECT_EQ(D.Identity.SmCount, 10);
  EXPECT_EQ(D.Identity.SpCount, 1280);
  EXPECT_EQ(D.Identity.SmClockMhz, 1708.0);
  DeviceParameters K20 = shippedDevice("tesla-k20c");
  EXPECT_EQ(K20.ComputeCapability, "3.5");
  EXPECT_EQ(K20.Identity.SmCount, 13);
  EXPECT_EQ(K20.Identity.Ecc, true);
}

TEST(ThesisTable5_3, Weights) {
  const std::map<std::string, std::array<const char *, 5>> Table = {
      // W_op fp32, fp64, int, W_ldst, W_other
      {"gtx-480", {"1.00", "7.94", "1.97", "1.98", "1.00"}},
      {"gtx-660", {"1.00", "21.64", "5.41", "5.72", "1.56"}},
      {"gtx-960", {"1.00", "31.70", "2.98", "4.81", "1.00"}},
      // The thesis prints W_op(int) = 3.00 for the GTX-1060, but
      // 4609.54 / 1533.61 = 3.0057 rounds to 3.01 and no T_SP, T_int that
      // round to table 5.2's give 3.00; the footnote of table 5.18 (42.59 =
      // 128 / 3.0057) shows the author used 3.0057. Checked below.
      {"gtx-1060", {"1.00", "31.79", "3.01", "4.40", "1.00"}},
      {"tesla-m2050", {"1.00", "1.99", "1.97", "1.98", "1.00"}},
      {"tesla-k20c", {"1.00", "2.70", "5.33", "5.49", "1.61"}},
  };
  for (const auto &[Gpu, Row] : Table) {
    SCOPED_TRACE(Gpu);
    DeviceWeights W = computeWeights(shippedDevice(Gpu));
    EXPECT_EQ(printed(W.OpFp32, 2), Row[0]);
    EXPECT_EQ(printed(W.OpFp64, 2), Row[1]);
    EXPECT_EQ(printed(W.OpInt, 2), Row[2]);
    EXPECT_EQ(printed(W.LdSt, 2), Row[3]);
    EXPECT_EQ(printed(W.Other, 2), Row[4]);
  }
  DeviceWeights W1060 = computeWeights(shippedDevice("gtx-1060"));
  EXPECT_NEAR(W1060.OpInt, 3.00, 0.0057 + 1e-4);     // the printed 3.00, nearly
  EXPECT_EQ(printed(128 / W1060.OpInt, 2), "42.59"); // table 5.18, note 1
}

// --- Chapter 5: red/black SOR on all six (tables 5.6, 5.7, 5.9) ----------

TEST(ThesisTable5_6, SorInstructionCosts) {
  struct Row {
    const char *Gpu, *COp, *CLdSt, *COther, *EInstr;
  };
  const Row Table[] = {
      {"gtx-480", "0.97", "0.33", "0.71", "48.09"},
      {"gtx-660", "2.63", "0.97", "1.11", "55.89"},
      {"gtx-960", "3.85", "0.81", "0.71", "71.72"},
      // Misprint: the thesis prints E_instr = 71.72% (the GTX-960's value)
      // for the GTX-1060; its own C columns give 3.86 / (3.86 + 0.74 +
      // 0.71) = 72.67%, and table 5.7's T'_op = 60.80 needs 72.67%.
      {"gtx-1060", "3.86", "0.74", "0.71", "72.67"},
      // Misprint: the thesis prints 10.83% for the Tesla M2050; its C
      // columns give 0.24 / (0.24 + 0.33 + 0.71) = 18.77%, and table 5.7's
      // T'_op = 55.12 needs 18.77%.
      {"tesla-m2050", "0.24", "0.33", "0.71", "18.77"},
      {"tesla-k20c", "0.33", "0.93", "1.14", "13.70"},
  };
  for (const Row &R : Table) {
    SCOPED_TRACE(R.Gpu);
    Prediction P = run(sor(), R.Gpu);
    EXPECT_EQ(printed(P.COp, 2), R.COp);
    EXPECT_EQ(printed(P.CLdSt, 2), R.CLdSt);
    EXPECT_EQ(printed(P.COther, 2), R.COther);
    EXPECT_EQ(pct(P.EInstr), R.EInstr);
  }
}

TEST(ThesisTable5_7, SorPerformanceDerivation) {
  struct Row {
    const char *Gpu, *TOp, *TOpEff, *BMem, *ODev;
    bool ComputeBound;
    const char *Predicted;
  };
  const Row Table[] = {
      {"gtx-480", "184.09", "51.07", "163.36", "0.31", false, "49.31"},
      {"gtx-660", "89.70", "28.92", "117.56", "0.25", true, "28.92"},
      {"gtx-960", "89.67", "37.10", "86.35", "0.43", false, "26.07"},
      {"gtx-1060", "145.02", "60.80", "161.64", "0.38", false, "48.79"},
      {"tesla-m2050", "508.91", "55.12", "107.44", "0.51", false, "32.43"},
      {"tesla-k20c", "1153.08", "91.13", "151.72", "0.60", false, "45.80"},
  };
  for (const Row &R : Table) {
    SCOPED_TRACE(R.Gpu);
    Prediction P = run(sor(), R.Gpu);
    EXPECT_EQ(printed(P.TOp, 2), R.TOp);
    EXPECT_EQ(printed(P.TOpEff, 2), R.TOpEff);
    EXPECT_EQ(printed(P.BMem, 2), R.BMem);
    EXPECT_EQ(printed(P.ODev, 2), R.ODev);
    EXPECT_EQ(P.Limit == Bound::Compute, R.ComputeBound);
    EXPECT_EQ(printed(P.AttainableGops, 2), R.Predicted);
    EXPECT_EQ(printed(P.OKrn, 1), "0.3");
  }
}

TEST(ThesisTable5_9, SorPredictedTimes) {
  struct Row {
    const char *Gpu;
    const char *Predicted; // what the equations give at 3 decimals
    double PrintedPredicted, Measured, PrintedError;
  };
  const Row Table[] = {
      {"gtx-480", "20.414", 20.414, 21.456, -4.86},
      {"gtx-660", "34.803", 34.803, 34.851, -0.14},
      {"gtx-960", "38.620", 38.620, 38.793, -0.45},
      // The thesis prints 20.632, 31.038 and 21.979: one unit off in the
      // last digit, from B_mem values more precise than table 5.2 prints
      // (see UnroundedBandwidthExplainsLastDigit).
      {"gtx-1060", "20.631", 20.632, 20.994, -1.73},
      {"tesla-m2050", "31.039", 31.038, 33.367, -6.98},
      {"tesla-k20c", "21.980", 21.979, 23.482, -6.40},
  };
  for (const Row &R : Table) {
    SCOPED_TRACE(R.Gpu);
    Prediction P = run(sor(), R.Gpu);
    EXPECT_EQ(printed(P.PredictedMs, 3), R.Predicted);
    EXPECT_NEAR(P.PredictedMs, R.PrintedPredicted, 0.0015);
    expectErrorColumn(P.PredictedMs, R.Measured, 3, R.PrintedError);
    P.MeasuredMs = R.Measured;
    EXPECT_NEAR(*P.error() * 100, R.PrintedError, 0.02);
  }
}

TEST(ThesisTable5_9, UnroundedBandwidthExplainsLastDigit) {
  // One B_mem per GPU that rounds to table 5.2's value reproduces every
  // time the thesis prints for the memory-bound SOR (table 5.9) and LMSOR
  // (table 5.12) on it, the three off-by-one digits included.
  struct Row {
    const char *Gpu;
    double BMem;
    const char *Sor, *Lmsor;
  };
  const Row Table[] = {
      {"gtx-1060", 161.6355, "20.632", "9.053"},
      {"tesla-m2050", 107.4440, "31.038", "13.619"},
      {"tesla-k20c", 151.7248, "21.979", "9.644"},
  };
  for (const Row &R : Table) {
    SCOPED_TRACE(R.Gpu);
    DeviceParameters D = shippedDevice(R.Gpu);
    EXPECT_EQ(printed(R.BMem, 2), printed(D.BMem, 2));
    D.BMem = R.BMem;
    Expected<Prediction> S = predict(sor(), D);
    Expected<Prediction> L = predict(lmsor(), D);
    ASSERT_TRUE(S && L);
    EXPECT_EQ(S->Limit, Bound::Memory);
    EXPECT_EQ(L->Limit, Bound::Memory);
    EXPECT_EQ(printed(S->PredictedMs, 3), R.Sor);
    EXPECT_EQ(printed(L->PredictedMs, 3), R.Lmsor);
  }
}

// --- Chapter 5: LMSOR (tables 5.10-5.12) ---------------------------------

TEST(ThesisTable5_10, CountersArePerLaunchAveragesDespiteTheCaption) {
  // The caption says "accumulated values collected in 4 iterations", but
  // table 5.11's W_comp and W_traf are 4x the table's counts: like table
  // 4.4, the table prints nvprof's per-launch averages.
  CountersFile F = exampleCounters("thesis-lmsor.json");
  ASSERT_EQ(F.Kernels.size(), 1u);
  const KernelCounters &C = *F.Kernels[0].Counters;
  EXPECT_EQ(C.Launches, 4u);
  EXPECT_EQ(4 * (132964096.0 + 36864000.0), 679312384.0);
  EXPECT_EQ(F.Kernels[0].Parameters.WComp, 679312384.0);
  EXPECT_EQ(128 * (9577528.0 + 1854478.0), 1463296768.0);
  EXPECT_EQ(F.Kernels[0].Parameters.WTraf, 1463296768.0);
}

TEST(ThesisTable5_11, LmsorKernelParameters) {
  KernelParameters K = lmsor();
  EXPECT_EQ(K.Type, KernelType::Fp64);
  EXPECT_EQ(formatGrouped(K.WComp), "679,312,384");
  EXPECT_EQ(formatGrouped(K.WTraf), "1,463,296,768");
  EXPECT_EQ(pct(K.EMix), "63.86");
  EXPECT_EQ(pct(K.DOps), "22.54");
  EXPECT_EQ(pct(K.DLdSt), "15.78");
  EXPECT_EQ(pct(K.DOther), "61.68");
  EXPECT_EQ(printed(K.operationalIntensity(), 2), "0.46");
}

TEST(ThesisTable5_12, LmsorPredictedTimes) {
  struct Row {
    const char *Gpu, *Predicted;
    double PrintedPredicted, Measured, PrintedError;
    bool ComputeBound;
  };
  const Row Table[] = {
      {"gtx-480", "8.957", 8.957, 8.971, -0.15, false},
      {"gtx-660", "16.397", 16.397, 18.069, -9.26, true},
      {"gtx-960", "16.946", 16.946, 17.458, -2.93, false},
      {"gtx-1060", "9.053", 9.053, 10.132, -10.65, false},
      // The thesis prints 13.619 and 9.644: see
      // UnroundedBandwidthExplainsLastDigit.
      {"tesla-m2050", "13.620", 13.619, 15.162, -10.17, false},
      {"tesla-k20c", "9.645", 9.644, 10.399, -7.26, false},
  };
  for (const Row &R : Table) {
    SCOPED_TRACE(R.Gpu);
    Prediction P = run(lmsor(), R.Gpu);
    EXPECT_EQ(printed(P.PredictedMs, 3), R.Predicted);
    EXPECT_NEAR(P.PredictedMs, R.PrintedPredicted, 0.0015);
    EXPECT_EQ(P.Limit == Bound::Compute, R.ComputeBound);
    expectErrorColumn(P.PredictedMs, R.Measured, 3, R.PrintedError);
  }
}

TEST(ThesisSection5_2_2, LmsorGtx1060RidgePoint) {
  // The text says the model "estimated a device compute to memory ratio
  // (O_dev) equal to 0.479" on the GTX-1060. The equations give 0.484
  // (T'_op = 78.29 GFLOPS, B_mem = 161.64 GB/s); no rounding of the inputs
  // reaches 0.479 and table 5.12's time does not depend on it (memory-
  // bound either way). Not reproduced; see docs/model.md.
  Prediction P = run(lmsor(), "gtx-1060");
  EXPECT_EQ(printed(P.ODev, 3), "0.484");
  EXPECT_EQ(printed(P.TOpEff, 2), "78.29");
  EXPECT_EQ(P.Limit, Bound::Memory);
  EXPECT_GT(P.ODev, P.OKrn); // "very close to the operational intensity"
  EXPECT_LT(P.ODev - P.OKrn, 0.03);
}

// --- Chapter 5: SGEMM on all six (table 5.14) ----------------------------

TEST(ThesisTable5_14, SgemmPredictedTimes) {
  struct Row {
    const char *Gpu, *Predicted;
    double Measured, PrintedError;
  };
  const Row Table[] = {
      {"gtx-480", "2.987", 4.033, -25.95},
      {"gtx-660", "5.171", 6.201, -16.61},
      {"gtx-960", "2.973", 2.938, 1.20},
      {"gtx-1060", "1.705", 1.694, 0.64},
      {"tesla-m2050", "4.320", 5.795, -25.45},
      {"tesla-k20c", "3.122", 3.963, -21.24},
  };
  for (const Row &R : Table) {
    SCOPED_TRACE(R.Gpu);
    Prediction P = run(sgemm(), R.Gpu);
    EXPECT_EQ(printed(P.PredictedMs, 3), R.Predicted);
    EXPECT_EQ(P.Limit, Bound::Compute);
    expectErrorColumn(P.PredictedMs, R.Measured, 3, R.PrintedError);
  }
}

// --- Chapter 5: Rodinia (table 5.16, section 5.2.5) ----------------------

TEST(ThesisTable5_16, RodiniaOperationalIntensities) {
  const std::map<std::string, const char *> Table = {
      {"3d-htsp", "1.347"},   {"btr-fnd", "11.291"},  {"btr-rng", "10.547"},
      {"bp-adj", "0.488"},    {"bp-fwd", "0.212"},    {"bfs-k1", "0.345"},
      {"bfs-k2", "3.114"},    {"dwt-cpy", "1.313"},   {"dwt-krn", "2.367"},
      {"e3d-flux", "7.709"},  {"e3d-sfac", "4.205"},  {"e3d-init", "0.648"},
      {"e3d-step", "0.427"},  {"hspt-tmp", "6.815"},  {"hs-pack", "1.266"},
      {"hs-srtf", "0.312"},   {"km-map", "0.212"},    {"km-pt", "0.733"},
      {"lvmd-krn", "34.696"}, {"lct-dil", "24.674"},  {"lct-gic", "597.885"},
      {"mum-krn", "0.521"},   {"mum-prt", "0.335"},   {"nn-euc", "1.849"},
      {"pfnd-krn", "3.721"},  {"pvl-huff", "27.587"}, {"srad-c1", "4.139"},
      {"srad-c2", "0.354"},
  };
  CountersFile F = exampleCounters("thesis-rodinia.json");
  ASSERT_EQ(F.Kernels.size(), Table.size());
  std::map<KernelType, int> Types;
  for (const KernelEntry &E : F.Kernels) {
    SCOPED_TRACE(E.Parameters.Name);
    ASSERT_TRUE(Table.count(E.Parameters.Name));
    EXPECT_EQ(printed(E.Parameters.operationalIntensity(), 3),
              Table.at(E.Parameters.Name));
    ++Types[E.Parameters.Type];
  }
  // "exactly half of them were characterized as single precision floating
  // point (fp32), 13 as integer (int) and just one as double precision".
  EXPECT_EQ(Types[KernelType::Fp32], 14);
  EXPECT_EQ(Types[KernelType::Int], 13);
  EXPECT_EQ(Types[KernelType::Fp64], 1);
}

TEST(ThesisSection5_2_5, MemoryBoundFp32KernelsOnGtx480) {
  CountersFile F = exampleCounters("thesis-rodinia.json");
  DeviceParameters D = shippedDevice("gtx-480");
  std::set<std::string> ByIntensity, ByModel;
  for (const KernelEntry &E : F.Kernels) {
    if (E.Parameters.Type != KernelType::Fp32)
      continue;
    // Figure 5.9 (GTX-480 theoretical roofline, table 3.1: 1,345 GFLOPS,
    // 177 GB/s): "a total of 11 fp32 kernels being memory bound".
    if (E.Parameters.operationalIntensity() <= 1345.0 / 177.0)
      ByIntensity.insert(E.Parameters.Name);
    Expected<Prediction> P = predict(E.Parameters, D);
    ASSERT_TRUE(P) << P.error().message();
    if (P->Limit == Bound::Memory)
      ByModel.insert(E.Parameters.Name);
  }
  EXPECT_EQ(ByIntensity.size(), 11u);
  // "Our analysis, though, exposed only 4 kernels (bp-adj, e3d-step,
  // hs-srtf, km-pt)".
  EXPECT_EQ(ByModel,
            (std::set<std::string>{"bp-adj", "e3d-step", "hs-srtf", "km-pt"}));
}

// --- Chapter 6: the R9-Nano (tables 6.2-6.5) -----------------------------

TEST(ThesisTable6_2, R9NanoParameters) {
  DeviceParameters D = shippedDevice("r9-nano");
  EXPECT_EQ(D.Vendor, "AMD");
  EXPECT_EQ(D.Origin.Source, "thesis table 6.2");
  EXPECT_EQ(printed(D.TSP, 2), "8032.08");
  EXPECT_EQ(printed(D.TDP, 2), "339.84");
  EXPECT_EQ(printed(D.TInt, 2), "1623.73");
  EXPECT_EQ(printed(D.TAdd, 2), "3985.30");
  EXPECT_EQ(printed(D.BMem, 2), "430.33");
  EXPECT_EQ(printed(D.TLdSt, 2), "1322.12");
}

TEST(ThesisTable6_3, R9NanoWeights) {
  DeviceWeights W = computeWeights(shippedDevice("r9-nano"));
  EXPECT_EQ(printed(W.OpFp32, 2), "1.00");
  EXPECT_EQ(printed(W.OpFp64, 2), "23.63");
  EXPECT_EQ(printed(W.OpInt, 2), "4.95");
  EXPECT_EQ(printed(W.LdSt, 2), "3.04");
  EXPECT_EQ(printed(W.Other, 2), "1.01");
}

TEST(ThesisTable6_4, Sgemm16x16Parameters) {
  KernelParameters K = kernel("thesis-r9nano.json", "sgemm-16x16");
  EXPECT_EQ(K.Type, KernelType::Fp32);
  EXPECT_EQ(formatGrouped(K.WComp), "1,048,576,000");
  EXPECT_EQ(formatGrouped(K.WTraf), "61,806,400");
  EXPECT_EQ(pct(K.EMix), "100.00");
  EXPECT_EQ(pct(K.DOps), "30.19");
  EXPECT_EQ(pct(K.DLdSt), "45.33");
  EXPECT_EQ(pct(K.DOther), "24.48");
  EXPECT_EQ(printed(K.operationalIntensity(), 2), "16.97");
  // Section 6.2: "+46.26%" DRAM traffic against the 32x32 blocks, and the
  // intensity falls from 24.81 to 16.97.
  EXPECT_EQ(pct(K.WTraf / sgemm().WTraf - 1), "46.26");
}

TEST(ThesisTable6_5, R9NanoPredictions) {
  struct Row {
    KernelParameters Kernel;
    const char *Predicted;
    double Measured, PrintedError;
  };
  const Row Table[] = {
      {kernel("thesis-r9nano.json", "rb-sor-red"), "7.75", 8.72, -11.18},
      {kernel("thesis-r9nano.json", "sgemm-16x16"), "0.83", 0.94, -11.45},
      {kernel("thesis-r9nano.json", "lvmd-krn"), "46.27", 54.57, -15.21},
  };
  for (const Row &R : Table) {
    SCOPED_TRACE(R.Kernel.Name);
    Prediction P = run(R.Kernel, "r9-nano");
    EXPECT_EQ(printed(P.PredictedMs, 2), R.Predicted);
    expectErrorColumn(P.PredictedMs, R.Measured, 2, R.PrintedError);
  }
  // The same SOR counters as chapter 4 (the thesis reuses table 4.5).
  EXPECT_EQ(kernel("thesis-r9nano.json", "rb-sor-red").WComp, sor().WComp);
}

} // namespace
