//===- ViewLookupTest.cpp - Views found by their format name --------------===//

#include "views/CheckViews.h"
#include "views/DeviceViews.h"
#include "views/LintViews.h"
#include "views/PredictionViews.h"
#include "views/ReportViews.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace headroom;

namespace {

TEST(ViewLookup, EachCommandHasItsFormatsInHelpOrder) {
  EXPECT_EQ(formatList(reportViews()), "text, json, sarif, csv or html");
  EXPECT_EQ(formatList(lintViews()), "text, json or sarif");
  EXPECT_EQ(formatList(predictionViews()), "text, json or csv");
  EXPECT_EQ(formatList(deviceViews()), "text or json");
  // check's text is clang's printer, not a view.
  EXPECT_EQ(formatList(checkViews()), "json or sarif");
}

TEST(ViewLookup, FindsAViewByItsName) {
  ASSERT_NE(findView(reportViews(), "html"), nullptr);
  EXPECT_EQ(findView(reportViews(), "html")->format(), "html");
  EXPECT_EQ(findView(reportViews(), "pdf"), nullptr);
  EXPECT_EQ(findView(lintViews(), "csv"), nullptr);
}

TEST(ViewLookup, TheLintDocumentCountsWhatTheGateDid) {
  LintReport R;
  R.Result.Status = LintFindings;
  R.Result.Findings = 1;
  R.Result.KernelsChecked = 3;
  R.Result.Diagnostics.push_back({});
  nlohmann::ordered_json J = lintToJson(R);
  EXPECT_EQ(J["schema"], "headroom.lint/1");
  EXPECT_EQ(J["status"], 1);
  EXPECT_EQ(J["kernels_checked"], 3);
  EXPECT_EQ(J["diagnostics"].size(), 1u);
  EXPECT_EQ(R.summary(), "headroom lint: 1 finding (3 kernels checked)");
  std::ostringstream Text;
  findView(lintViews(), "text")->write(Text, R, {});
  EXPECT_NE(Text.str().find("headroom lint: 1 finding"), std::string::npos);
}

TEST(ViewLookup, TheDeviceListNamesItsDirectories) {
  DeviceListing L{"/home/u/devices", "/opt/share/devices", {}};
  nlohmann::ordered_json J = devicesToJson(L);
  EXPECT_EQ(J["schema"], "headroom.devices/1");
  EXPECT_EQ(J["shipped_dir"], "/opt/share/devices");
  std::ostringstream Text;
  findView(deviceViews(), "text")->write(Text, L, {});
  EXPECT_EQ(Text.str(), "Devices for --device (user: /home/u/devices; "
                        "shipped: /opt/share/devices)\n  none found\n");
}

TEST(ViewLookup, ACheckFindingKeepsTheNotesAfterIt) {
  CheckDocument Doc;
  Doc.Files = {"k.cu"};
  Doc.Findings = {{"headroom-fp64-promotion",
                   "warning",
                   "/src/k.cu",
                   7,
                   40,
                   "double-precision literal",
                   {{"/src/k.cu", 99, 0, "f"}}},
                  {"", "note", "/src/k.cu", 7, 40, "FP64 runs 2x slower", {}},
                  {"", "error", "/src/k.cu", 9, 6, "unmatched", {}}};
  std::vector<Diagnostic> Diags = checkDiagnostics(Doc, "/src");
  ASSERT_EQ(Diags.size(), 2u);
  EXPECT_EQ(Diags[0].Check, "headroom-fp64-promotion");
  EXPECT_EQ(Diags[0].Location->File, "k.cu");
  ASSERT_EQ(Diags[0].Notes.size(), 1u);
  EXPECT_EQ(Diags[0].Notes[0].Message, "FP64 runs 2x slower");
  EXPECT_EQ(Diags[1].Level, DiagnosticLevel::Error);
  nlohmann::ordered_json J = checkToJson(Doc);
  EXPECT_EQ(J["schema"], "headroom.check/1");
  EXPECT_EQ(J["findings"][0]["fixes"][0]["offset"], 99);
  EXPECT_FALSE(J["findings"][1].contains("check"));
}

} // namespace
