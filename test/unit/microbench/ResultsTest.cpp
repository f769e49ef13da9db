//===- ResultsTest.cpp - Tests of results -> thesis parameters -> file ----===//

#include "core/Results.h"

#include "devices/DeviceFile.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <unistd.h>

using namespace headroom;
using namespace headroom::microbench;

namespace {

headroom::Measurement make(const std::string &Name, double Value,
                           const std::string &Unit, double Spread = 0.5,
                           std::optional<double> Theoretical = std::nullopt) {
  headroom::Measurement M;
  M.Name = Name;
  M.Value = Value;
  M.Unit = Unit;
  M.SpreadPct = Spread;
  M.Method = "method of " + Name;
  M.Theoretical = Theoretical;
  return M;
}

/// The measurements of a plausible H100 run.
CalibrationResult h100Run() {
  CalibrationResult R;
  R.Name = "h100-80gb-hbm3";
  R.Aliases = {"NVIDIA H100 80GB HBM3"};
  R.Facts.ProductName = "NVIDIA H100 80GB HBM3";
  R.Facts.CcMajor = 9;
  R.Facts.CcMinor = 0;
  R.Facts.SmCount = 132;
  R.Facts.SmClockMHz = 1979.6;
  R.Facts.SmClockMaxMHz = 1980;
  R.Facts.MemoryClockMHz = 2619;
  R.Facts.MemoryBusWidthBits = 5120;
  R.Facts.L2Bytes = 52428800;
  R.Facts.Ecc = true;
  R.Facts.DriverVersion = "580.159.04";
  R.Facts.CudaVersion = "13.0";
  R.Origin.Source = "headroom calibrate";
  R.Origin.Date = "2026-11-22";
  R.Origin.Tool = "headroom calibrate 0.1.0";
  R.Origin.Commit = "abc1234";
  R.Origin.Command = "headroom calibrate -o h100.json";
  R.Measurements = {
      make("fp32_fma", 66038.4, "GFLOP/s", 0.17, 66832.0),
      make("fp64_fma", 32951.6, "GFLOP/s", 0.65, 33449.8),
      make("int32_mad", 33375.6, "GIOP/s", 0.05, 33455.0),
      make("int32_add", 33012.0, "GIOP/s", 0.2, 33455.0),
      make("shared_ldst32", 8258.0, "GOP/s", 0.10, 8364.1),
      make("dram_write", 3200.0, "GB/s", 1.76, 3352.32),
      make("dram_read", 3110.0, "GB/s", 0.68, 3352.32),
      make("dram_copy", 3020.0, "GB/s", 3.5, 3352.32),
      make("l2_read", 9000.0, "GB/s", 0.3),
  };
  headroom::Measurement Curve = make("fp32_fma_vs_warps", 8, "warps/SM");
  Curve.SpreadPct.reset();
  Curve.Points = {{1, 9000.5}, {8, 60000.25}, {64, 66000}};
  R.Measurements.push_back(Curve);
  return R;
}

std::string tempDir() {
  std::string Templ =
      (std::filesystem::temp_directory_path() / "headroom-mb-XXXXXX").string();
  char *Dir = mkdtemp(Templ.data());
  EXPECT_NE(Dir, nullptr);
  return Dir ? std::string(Dir) : std::string();
}

} // namespace

TEST(Results, DerivesTheSixThesisParameters) {
  auto P = deriveThesisParameters(h100Run().Measurements);
  ASSERT_TRUE(P) << P.error().message();
  ASSERT_EQ(P->size(), 6u);
  EXPECT_EQ((*P)[0].Id, DeviceParameter::TSP);
  EXPECT_DOUBLE_EQ((*P)[0].Value, 66038.4);
  EXPECT_DOUBLE_EQ((*P)[0].SpreadPct, 0.17);
  EXPECT_NE((*P)[0].Method.find("fp32_fma"), std::string::npos);
  EXPECT_EQ((*P)[1].Id, DeviceParameter::TDP);
  EXPECT_EQ((*P)[2].Id, DeviceParameter::TInt);
  EXPECT_DOUBLE_EQ((*P)[2].Value, 33375.6);
  EXPECT_EQ((*P)[3].Id, DeviceParameter::TAdd);
  EXPECT_EQ((*P)[4].Id, DeviceParameter::TLdSt);
  EXPECT_DOUBLE_EQ((*P)[4].Value, 8258.0);
  // B_mem: the thesis' mean of read, write and copy; the widest spread.
  EXPECT_EQ((*P)[5].Id, DeviceParameter::BMem);
  EXPECT_NEAR((*P)[5].Value, (3200.0 + 3110.0 + 3020.0) / 3, 1e-9);
  EXPECT_DOUBLE_EQ((*P)[5].SpreadPct, 3.5);
  EXPECT_NE((*P)[5].Method.find("dram_copy 3020.0"), std::string::npos);
}

TEST(Results, NamesTheMissingOrUnusableMeasurement) {
  auto Ms = h100Run().Measurements;
  Ms.erase(Ms.begin() + 4); // shared_ldst32
  auto P = deriveThesisParameters(Ms);
  ASSERT_FALSE(P);
  EXPECT_EQ(P.error().message(),
            "T_ldst needs the measurement 'shared_ldst32', which is missing");

  Ms = h100Run().Measurements;
  Ms[1].Unit = "TFLOP/s";
  P = deriveThesisParameters(Ms);
  ASSERT_FALSE(P);
  EXPECT_EQ(P.error().message(),
            "T_DP needs 'fp64_fma' in GFLOP/s, got TFLOP/s");

  Ms = h100Run().Measurements;
  Ms[6].Value = 0; // dram_read
  P = deriveThesisParameters(Ms);
  ASSERT_FALSE(P);
  EXPECT_NE(P.error().message().find("B_mem needs a positive 'dram_read'"),
            std::string::npos);
}

TEST(Results, DeviceFileRoundTripsThroughTheModelsReader) {
  std::string Dir = tempDir();
  std::string Path = Dir + "/devices/sub/h100.json"; // directories created
  ASSERT_TRUE(writeCalibrationFile(Path, h100Run()));
  auto D = readDeviceFile(Path);
  ASSERT_TRUE(D) << D.error().message();
  EXPECT_EQ(D->Name, "h100-80gb-hbm3");
  ASSERT_EQ(D->Aliases.size(), 1u);
  EXPECT_EQ(D->Aliases[0], "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(D->Vendor, "NVIDIA");
  EXPECT_EQ(D->Architecture, "Hopper");
  EXPECT_EQ(D->ComputeCapability, "9.0");
  EXPECT_EQ(D->Identity.ProductName, "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(D->Identity.SmCount, 132);
  EXPECT_EQ(D->Identity.SpCount, 132 * 128);
  EXPECT_EQ(D->Identity.SmClockMhz, 1980.0); // rounded
  EXPECT_EQ(D->Identity.MemoryClockMhz, 2619.0);
  EXPECT_EQ(D->Identity.MemoryBusWidthBits, 5120);
  EXPECT_EQ(D->Identity.L2Bytes, 52428800);
  EXPECT_EQ(D->Identity.Ecc, true);
  EXPECT_EQ(D->Identity.DriverVersion, "580.159.04");
  EXPECT_EQ(D->Identity.CudaVersion, "13.0");
  EXPECT_EQ(D->Origin.Source, "headroom calibrate");
  EXPECT_EQ(D->Origin.Date, "2026-11-22");
  EXPECT_EQ(D->Origin.Commit, "abc1234");
  EXPECT_EQ(D->Origin.Command, "headroom calibrate -o h100.json");
  EXPECT_DOUBLE_EQ(D->TSP, 66038.4);
  EXPECT_DOUBLE_EQ(D->TDP, 32951.6);
  EXPECT_DOUBLE_EQ(D->TInt, 33375.6);
  EXPECT_DOUBLE_EQ(D->TAdd, 33012.0);
  EXPECT_DOUBLE_EQ(D->TLdSt, 8258.0);
  EXPECT_DOUBLE_EQ(D->BMem, 3110.0); // mean of 3200, 3110, 3020
  ASSERT_TRUE(D->Details.count("B_mem"));
  EXPECT_EQ(D->Details["B_mem"].SpreadPct, 3.5);
  EXPECT_NE(D->Details["T_SP"].Method.find("method of fp32_fma"),
            std::string::npos);
  ASSERT_EQ(D->Measurements.size(), h100Run().Measurements.size());
  const headroom::Measurement &L2 = D->Measurements[8];
  EXPECT_EQ(L2.Name, "l2_read");
  EXPECT_FALSE(L2.Theoretical);
  const headroom::Measurement &Curve = D->Measurements[9];
  EXPECT_EQ(Curve.Unit, "warps/SM");
  ASSERT_EQ(Curve.Points.size(), 3u);
  EXPECT_DOUBLE_EQ(Curve.Points[1].second, 60000.3); // 6 significant digits
  EXPECT_FALSE(Curve.SpreadPct);
  EXPECT_DOUBLE_EQ(*D->Measurements[0].Theoretical, 66832.0);
  std::filesystem::remove_all(Dir);
}

TEST(Results, WritingRefusesIncompleteRuns) {
  CalibrationResult R = h100Run();
  R.Measurements.erase(R.Measurements.begin()); // fp32_fma
  std::string Dir = tempDir();
  Status S = writeCalibrationFile(Dir + "/x.json", R);
  ASSERT_FALSE(S);
  EXPECT_NE(S.error().message().find("T_SP needs the measurement 'fp32_fma'"),
            std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(Dir + "/x.json"));
  std::filesystem::remove_all(Dir);
}

TEST(Results, DefaultDeviceNames) {
  EXPECT_EQ(defaultDeviceName("NVIDIA H100 80GB HBM3"), "h100-80gb-hbm3");
  EXPECT_EQ(defaultDeviceName("NVIDIA H200"), "h200");
  EXPECT_EQ(defaultDeviceName("Tesla V100-SXM2-16GB"), "tesla-v100-sxm2-16gb");
  EXPECT_EQ(defaultDeviceName("  NVIDIA  GeForce RTX 4090 "),
            "geforce-rtx-4090");
  EXPECT_EQ(defaultDeviceName("NVIDIA"), "gpu");
  EXPECT_EQ(defaultDeviceName(""), "gpu");
}

TEST(Results, PercentOfTheoretical) {
  EXPECT_NEAR(*percentOfTheoretical(make("x", 50, "GB/s", 0, 200)), 25, 1e-12);
  EXPECT_FALSE(percentOfTheoretical(make("x", 50, "GB/s")));
  EXPECT_FALSE(percentOfTheoretical(make("x", 50, "GB/s", 0, 0.0)));
}

TEST(Results, TableShowsPeaksPercentagesAndFlags) {
  std::string T = formatResultTable(h100Run());
  EXPECT_NE(T.find("fp32_fma"), std::string::npos);
  EXPECT_NE(T.find("66038.4      66832.0 GFLOP/s     98.8%    0.17%"),
            std::string::npos)
      << T;
  // dram_copy's 3.5% spread is flagged; l2_read has no theoretical peak.
  EXPECT_NE(T.find("3.50%!"), std::string::npos) << T;
  EXPECT_NE(T.find("l2_read                      9000.0            - GB/s"),
            std::string::npos)
      << T;
  EXPECT_NE(T.find("B_mem         3110.0 GB/s     spread 3.50%"),
            std::string::npos)
      << T;

  CalibrationResult Partial = h100Run();
  Partial.Measurements.resize(2);
  EXPECT_NE(formatResultTable(Partial).find("thesis parameters incomplete: "
                                            "T_int needs the measurement"),
            std::string::npos);
}
