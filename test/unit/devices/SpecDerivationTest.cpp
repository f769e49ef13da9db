//===- SpecDerivationTest.cpp - Device files from published specs ---------===//

#include "devices/SpecDerivation.h"

#include "devices/DeviceFile.h"
#include "devices/DeviceRegistry.h"
#include "model/UnitRates.h"
#include "support/JsonInput.h"

#include "../model/ThesisTestSupport.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

using namespace headroom;
using ::testing::HasSubstr;

namespace {

std::string specDir() { return test::shippedDeviceDir() + "/specs"; }

SpecDatabase shippedSpecs() {
  std::vector<Error> Problems;
  Expected<SpecDatabase> DB = readSpecDirectory(specDir(), &Problems);
  EXPECT_TRUE(DB) << (DB ? "" : DB.error().message());
  for (const Error &E : Problems)
    ADD_FAILURE() << E.message();
  return DB ? *DB : SpecDatabase{};
}

DeviceParameters calibrated(const std::string &File) {
  Expected<DeviceParameters> D =
      readDeviceFile(test::shippedDeviceDir() + "/" + File);
  EXPECT_TRUE(D) << (D ? "" : D.error().message());
  return *D;
}

/// The shipped spec of \p Name derived with \p Reference's factors.
DeviceParameters derive(const SpecDatabase &DB, const std::string &Name,
                        const DeviceParameters &Reference) {
  const GpuSpec *G = DB.gpu(Name);
  const GpuSpec *R = DB.gpu(Reference.Name);
  EXPECT_TRUE(G && R);
  Expected<DeviceParameters> D = deriveDevice(*G, DB, {&Reference, R});
  EXPECT_TRUE(D) << (D ? "" : D.error().message());
  return *D;
}

Expected<GpuSpec> parseSpecText(const std::string &Text) {
  Expected<nlohmann::json> J = parseJson(Text);
  EXPECT_TRUE(J);
  return parseGpuSpec(*J);
}

} // namespace

TEST(SpecDerivation, EveryShippedSpecReadsAndMatchesItsPublishedFp32Peak) {
  SpecDatabase DB = shippedSpecs();
  for (const char *Name :
       {"A100-SXM-80GB", "A10", "L4", "L40S", "RTX-4090", "RTX-5090",
        "H100-PCIe", "H100-SXM", "H200", "B200", "GB200", "MI250X", "MI300X",
        "R9-Nano", "V100-SXM2", "T4", "RTX-A6000", "RTX-3090"}) {
    const GpuSpec *G = DB.gpu(Name);
    ASSERT_TRUE(G) << Name;
    const ArchitectureSpec *A = DB.architecture(G->Rates);
    ASSERT_TRUE(A) << Name;
    Expected<std::map<std::string, TheoreticalPeak>> P =
        theoreticalPeaks(*G, *A);
    ASSERT_TRUE(P) << Name << ": " << P.error().message();
    ASSERT_TRUE(G->Fp32Tflops) << Name;
    // theoreticalPeaks refuses more than 2%; the tables agree to 1%.
    EXPECT_NEAR(P->at("fp32_fma").Value / 1000, G->Fp32Tflops->Value,
                0.01 * G->Fp32Tflops->Value)
        << Name;
  }
}

TEST(SpecDerivation, HopperTheoreticalPeaksAreTheCalibrationsOwn) {
  // The factor is measured / theoretical on the reference; the spec's
  // theoretical figures must be those headroom calibrate divided by.
  SpecDatabase DB = shippedSpecs();
  DeviceParameters H100 = calibrated("h100-sxm.json");
  auto P = theoreticalPeaks(*DB.gpu("H100-SXM"), *DB.architecture("sm_90"));
  ASSERT_TRUE(P);
  for (const char *Name : {"fp32_fma", "fp64_fma", "int32_mad", "int32_add",
                           "int32_lop3", "sfu_rsqrt", "shared_ldst32"}) {
    const Measurement *M = findMeasurement(H100, Name, P->at(Name).Unit);
    ASSERT_TRUE(M && M->Theoretical) << Name;
    EXPECT_NEAR(P->at(Name).Value, *M->Theoretical, 1e-4 * *M->Theoretical)
        << Name;
  }
  EXPECT_DOUBLE_EQ(P->at("sm_clock").Value, 1980);
  EXPECT_DOUBLE_EQ(P->at("dram").Value, 3350);
}

TEST(SpecDerivation, SelfReferenceGivesBackTheCalibratedParameters) {
  // measured / theoretical x the same theoretical: the arithmetic of the
  // factor, exact for every parameter and measurement.
  SpecDatabase DB = shippedSpecs();
  DeviceParameters H100 = calibrated("h100-sxm.json");
  DeviceParameters D = derive(DB, "H100-SXM", H100);
  for (const SpecCheckRow &R : compareParameters(D, H100))
    EXPECT_NEAR(R.Derived, R.Calibrated, 1e-9 * R.Calibrated) << R.Parameter;
  const Measurement *Copy = findMeasurement(D, "dram_copy", "GB/s");
  ASSERT_TRUE(Copy);
  EXPECT_NEAR(Copy->Value, findMeasurement(H100, "dram_copy", "GB/s")->Value,
              1e-6);
}

TEST(SpecDerivation, H100AndH200FromEachOthersFactorsWithin7Percent) {
  SpecDatabase DB = shippedSpecs();
  DeviceParameters H100 = calibrated("h100-sxm.json");
  DeviceParameters H200 = calibrated("h200.json");
  for (auto [Name, Truth, Ref] :
       {std::tuple{"H100-SXM", &H100, &H200}, {"H200", &H200, &H100}}) {
    DeviceParameters D = derive(DB, Name, *Ref);
    for (const SpecCheckRow &R : compareParameters(D, *Truth))
      EXPECT_LT(std::fabs(R.errorPct()), 7.0) << Name << " " << R.Parameter;
    // The derived file runs the Hopper model.
    EXPECT_TRUE(unitRates(D)) << Name;
  }
}

TEST(SpecDerivation, MethodsNameTheSourcesAndTheFactor) {
  SpecDatabase DB = shippedSpecs();
  DeviceParameters H100 = calibrated("h100-sxm.json");
  DeviceParameters A100 = derive(DB, "A100-SXM-80GB", H100);
  EXPECT_EQ(A100.Origin.Source, "spec, factors of H100-SXM");
  EXPECT_TRUE(isSpecDerived(A100));
  EXPECT_FALSE(isSpecDerived(H100));
  const std::string &M = A100.Details.at("T_SP").Method;
  EXPECT_THAT(M, HasSubstr("64 FMA per clock per SM (CUDA C++ Programming "
                           "Guide"));
  EXPECT_THAT(M, HasSubstr("108 SMs (NVIDIA A100 Tensor Core GPU "
                           "Architecture whitepaper"));
  EXPECT_THAT(M, HasSubstr("x 0.9851 = parameter T_SP 65913.6 / theoretical "
                           "66908.16 on H100-SXM (headroom calibrate "
                           "2026-11-22)"));
  // 64 x 2 x 108 x 1410 MHz = 19491.8 GFLOP/s, x 0.9851.
  EXPECT_NEAR(A100.TSP, 19491.84 * 65913.6 / 66908.16, 0.01);
  EXPECT_NEAR(A100.BMem, 2039 * 3162.57 / 3350, 0.01);
  // L2 has no published peak: carried over only within an architecture.
  EXPECT_FALSE(findMeasurement(A100, "l2_read", "GB/s"));
  DeviceParameters Pcie = derive(DB, "H100-PCIe", H100);
  const Measurement *L2 = findMeasurement(Pcie, "l2_read", "GB/s");
  ASSERT_TRUE(L2);
  EXPECT_NEAR(L2->Value, 7179.56 * (114 * 1755.0) / (132 * 1980.0), 0.01);
  EXPECT_FALSE(L2->Theoretical);
}

TEST(SpecDerivation, ClockFollowsThePublishedPeakWhenNotPublished) {
  SpecDatabase DB = shippedSpecs();
  DeviceParameters H100 = calibrated("h100-sxm.json");
  DeviceParameters B200 = derive(DB, "B200", H100);
  // 75 TFLOPS / (148 SMs x 128 x 2).
  ASSERT_TRUE(B200.Identity.SmClockMhz);
  EXPECT_NEAR(*B200.Identity.SmClockMhz, 75e6 / (148 * 256.0), 1e-6);
  EXPECT_THAT(B200.Details.at("T_SP").Method, HasSubstr("no published clock"));
}

TEST(SpecDerivation, ClosestReferenceIsOfTheSameVendorAndNotItself) {
  SpecDatabase DB = shippedSpecs();
  DeviceParameters H100 = calibrated("h100-sxm.json");
  DeviceParameters H200 = calibrated("h200.json");
  DeviceParameters Nano = calibrated("r9-nano.json");
  std::vector<SpecReference> Refs = {{&H100, DB.gpu("H100-SXM")},
                                     {&H200, DB.gpu("H200")},
                                     {&Nano, DB.gpu("R9-Nano")}};
  auto RefOf = [&](const char *Name) -> std::string {
    const SpecReference *R = closestReference(*DB.gpu(Name), Refs);
    return R ? R->Device->Name : "none";
  };
  EXPECT_EQ(RefOf("H100-SXM"), "H200");
  EXPECT_EQ(RefOf("H200"), "H100-SXM");
  EXPECT_EQ(RefOf("A100-SXM-80GB"), "H100-SXM");
  EXPECT_EQ(RefOf("MI300X"), "R9-Nano");
  EXPECT_EQ(RefOf("R9-Nano"), "none");
  // AMD targets get the six thesis parameters only: the thesis model.
  DeviceParameters MI300X = derive(DB, "MI300X", Nano);
  EXPECT_TRUE(MI300X.Measurements.empty());
  EXPECT_FALSE(unitRates(MI300X));
  EXPECT_NEAR(MI300X.TSP, 163430.4 * 8032.08 / 8192, 0.1);
}

TEST(SpecDerivation, BadSpecsNameTheFieldAndWhatWasExpected) {
  const std::string Head = R"({"schema": "headroom.spec/1", "name": "X",
      "vendor": "NVIDIA", "architecture": "Hopper", "rates": "sm_90", )";
  auto Err = [&](const std::string &Specs) {
    Expected<GpuSpec> G = parseSpecText(Head + R"("specs": )" + Specs + "}");
    return G ? std::string("ok") : G.error().message();
  };
  EXPECT_THAT(Err(R"({"memory_bandwidth_gbs": {"value": 1, "source": "s"},
                     "boost_clock_mhz": {"value": 1, "source": "s"}})"),
              HasSubstr("specs.sm_count: missing"));
  EXPECT_THAT(Err(R"({"sm_count": {"value": 1.5, "source": "s"},
                     "memory_bandwidth_gbs": {"value": 1, "source": "s"},
                     "boost_clock_mhz": {"value": 1, "source": "s"}})"),
              HasSubstr("specs.sm_count.value: expected a whole number"));
  EXPECT_THAT(Err(R"({"sm_count": {"value": 2},
                     "memory_bandwidth_gbs": {"value": 1, "source": "s"}})"),
              HasSubstr("specs.sm_count.source: missing"));
  EXPECT_THAT(Err(R"({"sm_count": {"value": 2, "source": "s"},
                     "memory_bandwidth_gbs": {"value": 1, "source": "s"}})"),
              HasSubstr("specs.boost_clock_mhz: missing"));
  EXPECT_THAT(Err(R"({"sm_count": {"value": 2, "source": "s"}, "sm_clock":
                     {"value": 1, "source": "s"}})"),
              HasSubstr("specs.sm_clock: expected one of sm_count"));

  // A published peak that the SMs, rate and clock do not give.
  SpecDatabase DB = shippedSpecs();
  Expected<GpuSpec> G = parseSpecText(
      Head + R"("specs": {"sm_count": {"value": 132, "source": "s"},
      "boost_clock_mhz": {"value": 1980, "source": "s"},
      "fp32_tflops": {"value": 80, "source": "s"},
      "memory_bandwidth_gbs": {"value": 1, "source": "s"}}})");
  ASSERT_TRUE(G);
  auto P = theoreticalPeaks(*G, *DB.architecture("sm_90"));
  ASSERT_FALSE(P);
  EXPECT_THAT(P.error().message(),
              HasSubstr("specs.fp32_tflops: 80 TFLOPS disagrees with 66.90816 "
                        "TFLOPS from 132 SMs x 128 FMA x 2 x 1980 MHz"));
}

TEST(SpecDerivation, RegistryListsSpecDevicesAndSpecPrefixFindsShadowedOnes) {
  DeviceRegistry R("", test::shippedDeviceDir());
  std::vector<Error> Problems;
  std::vector<DeviceEntry> All = R.list(&Problems);
  for (const Error &E : Problems)
    ADD_FAILURE() << E.message();
  std::size_t Spec = 0;
  for (const DeviceEntry &E : All)
    Spec += E.Source == DeviceSource::Spec;
  EXPECT_EQ(Spec, 17u); // Every spec table but R9-Nano's (a reference only).

  Expected<DeviceEntry> Plain = R.lookup("H100-SXM");
  ASSERT_TRUE(Plain);
  EXPECT_EQ(Plain->Source, DeviceSource::Shipped);
  Expected<DeviceEntry> FromSpec = R.lookup("spec:H100-SXM");
  ASSERT_TRUE(FromSpec);
  EXPECT_EQ(FromSpec->Source, DeviceSource::Spec);
  EXPECT_EQ(FromSpec->Device.Origin.Source, "spec, factors of H200");
  Expected<DeviceEntry> A100 = R.lookup("a100");
  ASSERT_TRUE(A100);
  EXPECT_EQ(A100->Device.Name, "A100-SXM-80GB");

  Expected<std::vector<DeviceEntry>> Amd = R.lookupTargets("all-amd");
  ASSERT_TRUE(Amd);
  std::vector<std::string> Names;
  for (const DeviceEntry &E : *Amd)
    Names.push_back(E.Device.Name);
  EXPECT_EQ(Names, (std::vector<std::string>{"R9-Nano", "MI250X", "MI300X"}));
  Expected<std::vector<DeviceEntry>> Nvidia = R.lookupTargets("all-nvidia");
  ASSERT_TRUE(Nvidia);
  std::size_t H100s = 0;
  for (const DeviceEntry &E : *Nvidia)
    H100s += E.Device.Name == "H100-SXM";
  EXPECT_EQ(H100s, 1u); // The calibrated one shadows the spec-derived one.
  EXPECT_FALSE(R.lookup("spec:GTX-480"));

  Expected<DeviceEntry> Explicit = R.fromSpec("A100-SXM-80GB", "H200");
  ASSERT_TRUE(Explicit);
  EXPECT_EQ(Explicit->Device.Origin.Source, "spec, factors of H200");
  Expected<DeviceEntry> NoRef = R.fromSpec("R9-Nano");
  ASSERT_FALSE(NoRef);
  EXPECT_THAT(NoRef.error().message(),
              HasSubstr("no calibrated AMD GPU other than 'R9-Nano'"));
  EXPECT_FALSE(R.fromSpec("A100-SXM-80GB", "GTX-480")); // No spec table.
}
