//===- NcuRawPageTest.cpp - Nsight Compute's raw page ---------------------===//

#include "import/NcuRawPage.h"

#include "NcuPages.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

using namespace headroom;
using namespace headroom::ncu;
using namespace headroom::ncu::test;
using ::testing::HasSubstr;

namespace {

double counter(const NcuLaunch &L, const std::string &Name) {
  for (const auto &[N, V] : L.Counters)
    if (N == Name)
      return V;
  ADD_FAILURE() << "no counter " << Name;
  return 0;
}

std::string errorOf(const std::string &Text) {
  Expected<NcuRawPage> P = readRawPage(Text);
  EXPECT_FALSE(P);
  return P ? "" : P.error().message();
}

TEST(NcuRawPage, ReadsEachLaunchInBaseUnits) {
  Expected<NcuRawPage> P =
      readRawPage(rawPage({{"k(int)", "(1,024, 1, 1)", "0.5", "12,345"},
                           {"k(int)", "(2, 3, 4)", "1.25", "7"}},
                          "ms"));
  ASSERT_TRUE(P) << P.error().message();
  ASSERT_EQ(P->Launches.size(), 2u);
  const NcuLaunch &L = P->Launches[0];
  EXPECT_EQ(L.Line, 3u);
  EXPECT_EQ(L.Kernel, "k(int)");
  EXPECT_EQ(L.Grid, (std::array<unsigned, 3>{1024, 1, 1}));
  EXPECT_EQ(L.Block, (std::array<unsigned, 3>{256, 1, 1}));
  EXPECT_EQ(L.Device.Name, "NVIDIA H200");
  EXPECT_EQ(L.Device.ComputeCapability, "9.0");
  EXPECT_EQ(L.RegistersPerThread, 32u);
  // 8.192 Kbyte per block, 1.5 Kbyte, 0.5 ms.
  EXPECT_EQ(L.StaticSharedBytes, 8192u);
  EXPECT_DOUBLE_EQ(counter(L, "lts__t_bytes.sum"), 1500.0);
  EXPECT_DOUBLE_EQ(L.DurationNs, 500000.0);
  EXPECT_DOUBLE_EQ(counter(L, "gpu__time_duration.sum"), 500000.0);
  EXPECT_DOUBLE_EQ(counter(L, "smsp__inst_executed.sum"), 12345.0);
  EXPECT_EQ(P->Launches[1].Grid, (std::array<unsigned, 3>{2, 3, 4}));
}

TEST(NcuRawPage, TheQuickStartsExportInBothUnits) {
  auto Read = [](const char *Name) {
    std::ifstream In(std::string(HEADROOM_SOURCE_DIR) +
                     "/test/lit/import/Inputs/ncu-quickstart/" + Name);
    std::stringstream S;
    S << In.rdbuf();
    return readRawPage(S.str());
  };
  Expected<NcuRawPage> Base = Read("quickstart-raw.csv");
  Expected<NcuRawPage> Units = Read("quickstart-raw-units.csv");
  ASSERT_TRUE(Base) << Base.error().message();
  ASSERT_TRUE(Units) << Units.error().message();
  ASSERT_EQ(Base->Launches.size(), 24u);
  ASSERT_EQ(Units->Launches.size(), 24u);
  for (std::size_t I = 0; I < 24; ++I) {
    EXPECT_DOUBLE_EQ(Base->Launches[I].DurationNs,
                     Units->Launches[I].DurationNs);
    EXPECT_EQ(Base->Launches[I].StaticSharedBytes,
              Units->Launches[I].StaticSharedBytes);
    EXPECT_NEAR(counter(Base->Launches[I], "lts__t_bytes.sum"),
                counter(Units->Launches[I], "lts__t_bytes.sum"), 1e3);
  }
  EXPECT_EQ(Base->Launches[21].Kernel,
            "sgemm(int, const float *, const float *, float *)");
  EXPECT_EQ(Base->Launches[21].StaticSharedBytes, 8192u);
  EXPECT_EQ(Base->Launches[0].Device.SmCount, 132u);
  EXPECT_EQ(Base->Launches[0].Pid, 1291);
}

TEST(NcuRawPage, NeedsTheModelsMetrics) {
  std::string Page = rawPage({{"k(int)"}});
  std::string Without = Page;
  Without.replace(Without.find("\"dram__sectors_write.sum\""),
                  std::string("\"dram__sectors_write.sum\"").size(),
                  "\"dram__bytes_write.sum\"");
  // DRAM traffic in bytes stands in for the sectors.
  EXPECT_TRUE(readRawPage(Without));
  Without.replace(Without.find("\"smsp__inst_executed.sum\""),
                  std::string("\"smsp__inst_executed.sum\"").size(),
                  "\"other\"");
  EXPECT_EQ(errorOf(Without),
            "line 1: the raw page lacks 1 column the model needs: "
            "smsp__inst_executed.sum (profile with --metrics $(headroom "
            "import --metrics))");
}

TEST(NcuRawPage, AShapeNeedsAllThreeDimensionColumns) {
  // One dimension column without the others or "Grid Size" gives no grid.
  std::string Page = rawPage({{"k(int)"}});
  Page.replace(Page.find("\"Grid Size\""), std::string("\"Grid Size\"").size(),
               "\"launch__grid_dim_x\"");
  EXPECT_EQ(errorOf(Page),
            "line 1: the raw page lacks 1 column the model needs: Grid Size "
            "(profile with --metrics $(headroom import --metrics))");
}

TEST(NcuRawPage, BadRowsAreNamedByLineAndColumn) {
  EXPECT_THAT(errorOf(rawPage({{"k(int)", "(0, 1, 1)"}})),
              HasSubstr("line 3, column 'Grid Size': expected dimensions "
                        "from 1 to 2147483647, got \"(0, 1, 1)\""));
  EXPECT_THAT(errorOf(rawPage({{"k(int)", "(1, 1, 1)", "-3"}})),
              HasSubstr("line 3, column 'gpu__time_duration.sum': expected "
                        "a non-negative number, got \"-3\""));
  EXPECT_THAT(errorOf(rawPage({{""}})),
              HasSubstr("line 3, column 'Kernel Name': expected a kernel "
                        "name, got \"\""));
  EXPECT_THAT(errorOf(rawPage({{"k(int)", "(1, 1, 1)", "2", "1.5.3"}})),
              HasSubstr("column 'smsp__inst_executed.sum': expected a "
                        "number, got \"1.5.3\""));
  EXPECT_EQ(errorOf(rawPage({})),
            "the raw page has no launch rows: Nsight Compute profiled no "
            "kernel");
}

TEST(NcuRawPage, AMetricNsightCouldNotCollectIsLeftOut) {
  Expected<NcuRawPage> P =
      readRawPage(rawPage({{"k(int)", "(1, 1, 1)", "2", "n/a"}}));
  ASSERT_TRUE(P) << P.error().message();
  for (const auto &[Name, Value] : P->Launches[0].Counters)
    EXPECT_NE(Name, "smsp__inst_executed.sum");
}

} // namespace
