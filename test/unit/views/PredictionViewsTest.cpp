//===- PredictionViewsTest.cpp - Text, JSON and CSV of predictions --------===//

#include "views/PredictionCsv.h"
#include "views/PredictionJson.h"
#include "views/PredictionText.h"

#include "../model/ThesisTestSupport.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

using namespace headroom;
using namespace headroom::test;
using nlohmann::json;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

DeviceEntry entry(const std::string &Stem) {
  return {shippedDevice(Stem), "devices/" + Stem + ".json",
          DeviceSource::Shipped};
}

PredictionSet sorSet(bool WithReference) {
  PredictionRequest Request;
  Request.Devices = {entry("gtx-660")};
  if (WithReference)
    Request.Reference = entry("gtx-480");
  Expected<PredictionSet> Set =
      buildPredictionSet(exampleCounters("thesis-sor.json").Kernels, Request);
  EXPECT_TRUE(Set) << Set.error().message();
  Set->Source = "thesis-sor.json";
  return *Set;
}

TEST(PredictionJson, HasTheSchemaAndEveryPrediction) {
  json Doc = json::parse(predictionsToJson(sorSet(true)).dump());
  EXPECT_EQ(Doc["schema"], "headroom.predictions/1");
  EXPECT_EQ(Doc["reference"], "GTX-480");
  EXPECT_EQ(Doc["source"], "thesis-sor.json");
  ASSERT_EQ(Doc["kernels"].size(), 1u);
  EXPECT_EQ(Doc["kernels"][0]["W_comp"], 1006649344.0);
  EXPECT_EQ(Doc["kernels"][0]["measured_ms"], 21.456);
  ASSERT_EQ(Doc["devices"].size(), 2u);
  EXPECT_EQ(Doc["devices"][1]["name"], "GTX-660");
  EXPECT_EQ(Doc["devices"][1]["source"], "shipped");
  ASSERT_EQ(Doc["predictions"].size(), 2u);

  const json &Ref = Doc["predictions"][0];
  EXPECT_EQ(Ref["device"], "GTX-480");
  EXPECT_EQ(Ref["bound"], "memory");
  EXPECT_EQ(printed(Ref["predicted_ms"].get<double>(), 3), "20.414");
  EXPECT_EQ(Ref["measured_ms"], 21.456);
  EXPECT_EQ(printed(Ref["headroom"].get<double>(), 3), "1.051");
  EXPECT_EQ(printed(Ref["error"].get<double>() * 100, 2), "-4.86");

  const json &P = Doc["predictions"][1];
  EXPECT_EQ(P["device"], "GTX-660");
  EXPECT_EQ(P["kernel"], "rb-sor-red");
  EXPECT_EQ(P["bound"], "compute");
  EXPECT_EQ(printed(P["attainable_gops"].get<double>(), 2), "28.92");
  EXPECT_EQ(printed(P["E_mix"].get<double>(), 4), "0.5769"); // a fraction
  EXPECT_EQ(printed(P["E_instr"].get<double>(), 4), "0.5589");
  EXPECT_EQ(printed(P["C_op"].get<double>(), 2), "2.63");
  EXPECT_EQ(printed(P["T_op_eff"].get<double>(), 2), "28.92");
  EXPECT_EQ(printed(P["O_dev"].get<double>(), 2), "0.25");
  EXPECT_FALSE(P.contains("measured_ms"));
  EXPECT_FALSE(P.contains("O_krn_note"));
  EXPECT_EQ(P["reference"], "GTX-480");
  EXPECT_EQ(printed(P["E_util"].get<double>(), 3), "1.051");
  EXPECT_EQ(printed(P["corrected_ms"].get<double>(), 3), "36.579");
}

TEST(PredictionJson, InfiniteIntensityIsNullWithAReason) {
  PredictionSet Set = sorSet(false);
  Set.Kernels[0].Parameters.WTraf = 0;
  Expected<Prediction> P =
      predict(Set.Kernels[0].Parameters, Set.Devices[0].Device);
  ASSERT_TRUE(P);
  Set.Predictions = {*P};
  json Doc = json::parse(predictionsToJson(Set).dump());
  const json &J = Doc["predictions"][0];
  EXPECT_TRUE(J["O_krn"].is_null());
  EXPECT_TRUE(J["margin"].is_null());
  EXPECT_THAT(J["O_krn_note"].get<std::string>(), HasSubstr("W_traf = 0"));
  EXPECT_EQ(J["bound"], "compute");
  EXPECT_TRUE(Doc["kernels"][0]["O_krn"].is_null());
  EXPECT_TRUE(Doc["kernels"][0].contains("O_krn_note"));
  EXPECT_EQ(Doc["reference"], nullptr);
  ASSERT_EQ(Doc["notes"].size(), 1u);
}

TEST(PredictionCsv, OneRowPerKernelPerDevice) {
  std::ostringstream OS;
  writePredictionsCsv(OS, sorSet(true));
  std::istringstream In(OS.str());
  std::vector<std::string> Lines;
  for (std::string L; std::getline(In, L);)
    Lines.push_back(L);
  ASSERT_EQ(Lines.size(), 3u);
  EXPECT_EQ(Lines[0].substr(0, 59),
            "device,kernel,K_type,bound,margin,predicted_ms,attainable_g");
  EXPECT_THAT(Lines[1], HasSubstr("GTX-480,rb-sor-red,fp64,memory,"));
  EXPECT_THAT(Lines[1], HasSubstr(",21.456,")); // measured
  EXPECT_THAT(Lines[2], HasSubstr("GTX-660,rb-sor-red,fp64,compute,"));
  // No measured time on the GTX-660: empty measured, headroom and error.
  EXPECT_THAT(Lines[2], HasSubstr(",,,,1.05"));
  std::size_t Columns = std::count(Lines[0].begin(), Lines[0].end(), ',');
  EXPECT_EQ(std::count(Lines[1].begin(), Lines[1].end(), ','), Columns);
  EXPECT_EQ(std::count(Lines[2].begin(), Lines[2].end(), ','), Columns);
}

TEST(PredictionCsv, QuotesNamesWithCommas) {
  PredictionSet Set = sorSet(false);
  Set.Kernels[0].Parameters.Name = "fdwt53Kernel<192, 8>";
  Set.Predictions[0].Kernel = "fdwt53Kernel<192, 8>";
  std::ostringstream OS;
  writePredictionsCsv(OS, Set);
  EXPECT_THAT(OS.str(), HasSubstr("\nGTX-660,\"fdwt53Kernel<192, 8>\",fp64,"));
}

TEST(PredictionText, ShowsTheThesisDigits) {
  std::ostringstream OS;
  writePredictionsText(OS, sorSet(true));
  std::string Text = OS.str();
  EXPECT_THAT(Text, HasSubstr("1,006,649,344"));
  EXPECT_THAT(Text, HasSubstr("57.69%"));
  EXPECT_THAT(Text, HasSubstr("20.414 memory"));
  EXPECT_THAT(Text, HasSubstr("34.803 compute"));
  EXPECT_THAT(Text, HasSubstr("W_op fp32 1.00  fp64 21.64  int 5.41  W_ldst "
                              "5.72  W_other 1.56"));
  EXPECT_THAT(Text, HasSubstr("55.89%"));
  EXPECT_THAT(Text, HasSubstr("[reference]"));
  EXPECT_THAT(Text, HasSubstr("with E_util from GTX-480"));
  EXPECT_THAT(Text, HasSubstr("-4.86%"));
  EXPECT_THAT(Text, Not(HasSubstr("note:")));
  std::ostringstream Plain;
  writePredictionsText(Plain, sorSet(false));
  EXPECT_THAT(Plain.str(), Not(HasSubstr("Corrected time")));
  EXPECT_THAT(Plain.str(), HasSubstr("note: measured times"));
}

} // namespace
