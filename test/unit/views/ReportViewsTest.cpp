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

/// twoKernelProfile with stall samples for 'stream': 70% at app.cu:12,
/// 30% at line 11.
std::unique_ptr<Analysis> withStallSamples() {
  auto J = twoKernelProfile();
  J["kernels"][0]["stall_samples"] = {
      {"launches", 1},
      {"period", 32768},
      {"dropped", 3},
      {"pcs",
       {{{"function", "_Z6streamPf"},
         {"offset", 16},
         {"file", "app.cu"},
         {"line", 12},
         {"stalls", {{"long_scoreboard", 600}, {"selected", 100}}}},
        {{"function", "_Z6streamPf"},
         {"offset", 32},
         {"file", "app.cu"},
         {"line", 11},
         {"stalls", {{"barrier", 300}}}}}}};
  return analyzeJson(J);
}

TEST(ReportJsonTest, StallLinesAreTyped) {
  auto A = withStallSamples();
  auto J = reportToJson(*A);
  const auto &S = J["kernels"][0]["stall_lines"];
  EXPECT_EQ(S["samples"], 1000);
  EXPECT_EQ(S["launches"], 1);
  EXPECT_EQ(S["period"], 32768);
  EXPECT_EQ(S["dropped"], 3);
  EXPECT_EQ(S["dominant"], "long_scoreboard");
  EXPECT_EQ(S["reasons"]["barrier"], 300);
  ASSERT_EQ(S["lines"].size(), 2u);
  EXPECT_EQ(S["lines"][0].dump(),
            R"({"file":"app.cu","line":12,"column":0,"samples":700,)"
            R"("share":0.7,"dominant":"long_scoreboard","reasons":)"
            R"({"long_scoreboard":600,"selected":100},)"
            R"("loop":null,"waits_on":null,"inlined_at":null})");
  EXPECT_EQ(S["hot"].dump(), "[0,1]");
  EXPECT_TRUE(S["unresolved"].is_null());
  EXPECT_TRUE(J["kernels"][1]["stall_lines"].is_null());
}

TEST(SarifTest, HotLinesAreRelatedLocationsAndStallLinesProperties) {
  auto A = withStallSamples();
  SarifOptions O{"0.1.0", "profile.json"};
  O.Source = A.get();
  auto Log = diagnosticsToSarif(A->Diagnostics, O);
  const auto &First = Log["runs"][0]["results"][0];
  std::vector<std::string> Related;
  for (const auto &L : First["relatedLocations"])
    Related.push_back(
        std::to_string(
            L["physicalLocation"]["region"]["startLine"].get<int>()) +
        ": " + L["message"]["text"].get<std::string>());
  EXPECT_THAT(Related,
              ::testing::IsSupersetOf(
                  {"12: 70% of the kernel's stall samples are here: waiting "
                   "on a global, local or texture load (long scoreboard)",
                   "11: 30% of the kernel's stall samples are here: waiting "
                   "at a barrier for the rest of its block (barrier)"}));
  EXPECT_EQ(First["properties"]["stall_lines"]["samples"], 1000);
  bool SawOther = false;
  for (const auto &R : Log["runs"][0]["results"])
    if (R["properties"]["kernel"] == "other") {
      SawOther = true;
      EXPECT_FALSE(R["properties"].contains("stall_lines"));
    }
  EXPECT_TRUE(SawOther);
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

TEST(HtmlReportTest, AnnotatedSourceIdsFollowThePage) {
  auto A = withStallSamples();
  ASSERT_EQ(A->Report.Kernels.size(), 2u);
  EXPECT_EQ(kernelSourceId(*A, A->Report.Kernels[0].Kernel), "source-1");
  // Without samples, no section, no id.
  EXPECT_EQ(kernelSourceId(*A, A->Report.Kernels[1].Kernel), "");
  EXPECT_EQ(kernelSourceId(*A, "not_a_kernel"), "");
  std::ostringstream OS;
  writeHtmlReport(OS, *A, "0.1.0");
  EXPECT_THAT(OS.str(), HasSubstr("<h3 id=\"source-1\""));
  EXPECT_THAT(OS.str(), Not(HasSubstr("id=\"source-2\"")));
  // app.cu is nowhere here: the sampled lines alone, and why.
  EXPECT_THAT(OS.str(),
              HasSubstr("<p class=\"unread\">The source is not shown: cannot "
                        "read <code>app.cu</code>"));
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
