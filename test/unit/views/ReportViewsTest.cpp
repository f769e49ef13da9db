//===- ReportViewsTest.cpp - JSON, SARIF, CSV, HTML and SVG views ---------===//

#include "../analysis/ProfileFixtures.h"
#include "checks/CheckRegistry.h"
#include "support/Svg.h"
#include "views/HtmlReport.h"
#include "views/ReportCsv.h"
#include "views/ReportJson.h"
#include "views/Sarif.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>

using namespace headroom;
using namespace headroom::test;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

std::unique_ptr<Analysis> withTarget() {
  DeviceParameters T = testDevice("Other GPU");
  T.BMem = 400;
  AnalysisOptions O{.Targets = {testEntry(T)}, .SourceRoot = ""};
  return analyzeJson(twoKernelProfile(), testEntry(), O);
}

TEST(ReportJsonTest, DocumentHasKernelsPredictionsAndDiagnostics) {
  auto J = reportToJson(*withTarget());
  EXPECT_EQ(J["schema"], "headroom.report/1");
  ASSERT_EQ(J["kernels"].size(), 2u);
  const auto &K = J["kernels"][0];
  EXPECT_EQ(K["kernel"], "stream");
  EXPECT_EQ(K["definition"]["line"], 10);
  const auto &F = K["finding"];
  EXPECT_EQ(F["model"], "thesis");
  EXPECT_EQ(F["regime"], "memory");
  EXPECT_EQ(F["roof"]["kind"], "dram");
  // One headroom the warning states and lint gates, to the roof.
  EXPECT_DOUBLE_EQ(F["headroom"].get<double>(),
                   F["headroom_to_roof"].get<double>());
  EXPECT_DOUBLE_EQ(F["headroom"].get<double>(),
                   F["measured_ms"].get<double>() /
                       F["roof"]["ms"].get<double>());
  EXPECT_TRUE(F["components"].contains("dram_ms"));
  ASSERT_EQ(F["targets"].size(), 1u);
  EXPECT_EQ(F["targets"][0]["device"], "Other GPU");
  EXPECT_EQ(F["targets"][0]["model"], "thesis");
  EXPECT_EQ(K["sites"].size(), 2u);
  EXPECT_TRUE(J["kernels"][1]["finding"].is_null());
  EXPECT_EQ(J["diagnostics"][0]["check"], "headroom-memory-bound");
}

TEST(SarifTest, RulesAreTheCatalogAndResultsReferToThem) {
  auto A = withTarget();
  auto Log = diagnosticsToSarif(A->Diagnostics, {"0.1.0", "profile.json"});
  EXPECT_EQ(Log["version"], "2.1.0");
  const auto &Run = Log["runs"][0];
  const auto &Rules = Run["tool"]["driver"]["rules"];
  ASSERT_EQ(Rules.size(), checkCatalog().size());
  std::set<std::string> Ids;
  for (const auto &R : Rules)
    Ids.insert(R["id"].get<std::string>());
  ASSERT_GE(Run["results"].size(), 2u);
  for (const auto &R : Run["results"]) {
    std::string Id = R["ruleId"];
    EXPECT_TRUE(Ids.count(Id)) << Id;
    EXPECT_EQ(Rules[R["ruleIndex"].get<int>()]["id"], Id);
    ASSERT_EQ(R["locations"].size(), 1u) << "code scanning needs one";
  }
  const auto &First = Run["results"][0];
  EXPECT_EQ(First["level"], "warning");
  const auto &Loc = First["locations"][0]["physicalLocation"];
  EXPECT_EQ(Loc["artifactLocation"]["uri"], "app.cu");
  EXPECT_EQ(Loc["region"]["startLine"], 10);
  EXPECT_EQ(Loc["region"]["startColumn"], 17);
  // The two launch sites are related locations.
  ASSERT_EQ(First["relatedLocations"].size(), 2u);
  EXPECT_EQ(
      First["relatedLocations"][1]["physicalLocation"]["region"]["startLine"],
      44);
}

TEST(SarifTest, FingerprintsIgnoreTheLine) {
  auto A = withTarget();
  auto Before = diagnosticsToSarif(A->Diagnostics, {"0.1.0", "p.json"});
  A->Diagnostics[0].Location->Line += 5;
  auto After = diagnosticsToSarif(A->Diagnostics, {"0.1.0", "p.json"});
  EXPECT_EQ(Before["runs"][0]["results"][0]["partialFingerprints"],
            After["runs"][0]["results"][0]["partialFingerprints"]);
}

TEST(SarifTest, ArtifactUrisAreEncoded) {
  EXPECT_EQ(artifactUri("src/app.cu"), "src/app.cu");
  EXPECT_EQ(artifactUri("/home/me/my app.cu"), "file:///home/me/my%20app.cu");
}

TEST(ReportCsvTest, OneRowPerKernelPerDevice) {
  std::ostringstream OS;
  writeReportCsv(OS, *withTarget());
  std::string Csv = OS.str();
  std::vector<std::string> Lines;
  std::istringstream In(Csv);
  for (std::string L; std::getline(In, L);)
    Lines.push_back(L);
  // Header, stream on 2 GPUs, other (no counters) once.
  ASSERT_EQ(Lines.size(), 4u) << Csv;
  EXPECT_THAT(Lines[0], HasSubstr("kernel,file,line,column,launches"));
  EXPECT_THAT(Lines[1], HasSubstr("stream,app.cu,10,17,40,"));
  EXPECT_THAT(Lines[0], HasSubstr(",model,regime,balanced,roof,roof_ms,"));
  EXPECT_THAT(Lines[1], HasSubstr(",Test GPU,profiled,thesis,memory,no,dram,"));
  EXPECT_THAT(Lines[2], HasSubstr(",Other GPU,target,thesis,memory,"));
  EXPECT_THAT(Lines[3], HasSubstr("other,app.cu,20,17,5,"));
}

TEST(HtmlReportTest, SelfContainedWithBothCharts) {
  std::ostringstream OS;
  writeHtmlReport(OS, *withTarget(), "0.1.0");
  std::string Html = OS.str();
  EXPECT_THAT(Html, HasSubstr("<!DOCTYPE html>"));
  EXPECT_THAT(Html, HasSubstr("class=\"chart roofline\""));
  EXPECT_THAT(Html, HasSubstr("class=\"chart quadrant-split\""));
  EXPECT_THAT(Html, HasSubstr("data-device=\"Other GPU\""));
  EXPECT_THAT(Html, HasSubstr("<table class=\"kernels\">"));
  EXPECT_THAT(Html, HasSubstr("<table class=\"projection\">"));
  // Nothing to fetch, nothing to run.
  EXPECT_THAT(Html, Not(HasSubstr("<script")));
  EXPECT_THAT(Html, Not(HasSubstr("<link")));
  EXPECT_THAT(Html, Not(HasSubstr("src=")));
  std::regex Url("(href|src)=\"https?:");
  EXPECT_FALSE(std::regex_search(Html, Url));
}

TEST(HtmlReportTest, EscapesNames) {
  auto J = twoKernelProfile();
  J["sites"][0]["kernel"] = J["sites"][1]["kernel"] = "gemm<float, 4>";
  auto A = analyzeJson(J);
  std::ostringstream OS;
  writeHtmlReport(OS, *A, "0.1.0");
  EXPECT_THAT(OS.str(), HasSubstr("gemm&lt;float, 4&gt;"));
  EXPECT_THAT(OS.str(), Not(HasSubstr("gemm<float")));
}

TEST(SvgTest, LogAxisMapsDecades) {
  svg::LogAxis X(0.3, 70, 0, 300);
  EXPECT_DOUBLE_EQ(X.lo(), 0.1);
  EXPECT_DOUBLE_EQ(X.hi(), 100);
  EXPECT_DOUBLE_EQ(X.map(1), 100);
  EXPECT_DOUBLE_EQ(X.map(10), 200);
  EXPECT_DOUBLE_EQ(X.map(1e9), 300); // Clamped.
  svg::LogAxis Y(1, 1000, 400, 0);   // Upwards.
  EXPECT_DOUBLE_EQ(Y.map(10), 400 - 400.0 / 3);
  EXPECT_EQ(svg::decadeLabel(0.01), "0.01");
  EXPECT_EQ(svg::decadeLabel(10000), "10k");
  EXPECT_EQ(svg::escape("a<b & 'c'"), "a&lt;b &amp; &#39;c&#39;");
}

} // namespace

namespace {

TEST(StreamingTest, StreamedJsonIsTheDocument) {
  auto A = withTarget();
  std::ostringstream OS;
  writeReportJson(OS, *A);
  EXPECT_EQ(nlohmann::ordered_json::parse(OS.str()), reportToJson(*A));
  // Indented like dump(2).
  EXPECT_EQ(OS.str(), reportToJson(*A).dump(2) + "\n");
}

TEST(StreamingTest, StreamedSarifIsTheLog) {
  auto A = withTarget();
  SarifOptions O{"0.1.0", "p.json"};
  std::ostringstream OS;
  writeSarif(OS, A->Diagnostics, O);
  EXPECT_EQ(OS.str(), diagnosticsToSarif(A->Diagnostics, O).dump(2) + "\n");
}

} // namespace
